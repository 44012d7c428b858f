//! The state of a game in progress: small, cheap to clone, comparable and
//! hashable. It holds no rule set; a [`crate::Game`] reads and changes it.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::rules::{MAX_PIECES, MAX_POOL, MAX_SEATS};

/// The most pieces one seat may have.
pub const MAX_SEAT_PIECES: usize = 16;

/// The steps of every playing seat's pieces in one block of plain bytes:
/// seat `s` holds `per_seat` steps from `s * per_seat`, ascending. Copying
/// it is one copy of a small array, and reading a seat's pieces is one
/// slice. In JSON it is a list of lists, one for each seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pieces {
    /// The steps, seat after seat; the bytes past the last seat are 0.
    pub(in crate::engine) steps: [u8; MAX_PIECES],
    seats: u8,
    per_seat: u8,
}

impl Pieces {
    /// No seats: the pieces of a fight or a field game are kept elsewhere.
    pub const fn none() -> Pieces {
        Pieces {
            steps: [0; MAX_PIECES],
            seats: 0,
            per_seat: 0,
        }
    }

    /// `seats` seats of `per_seat` pieces, all at step 0; `None` when they
    /// do not fit.
    pub fn new(seats: usize, per_seat: usize) -> Option<Pieces> {
        (seats <= MAX_SEATS && per_seat <= MAX_SEAT_PIECES && seats * per_seat <= MAX_PIECES)
            .then_some(Pieces {
                steps: [0; MAX_PIECES],
                seats: seats as u8,
                per_seat: per_seat as u8,
            })
    }

    /// The pieces of lists of steps, one list a seat, each as long as the
    /// others.
    pub fn from_lists<L: AsRef<[u8]>>(lists: &[L]) -> Result<Pieces, String> {
        let per_seat = lists.first().map_or(0, |l| l.as_ref().len());
        if lists.iter().any(|l| l.as_ref().len() != per_seat) {
            return Err("every seat must have the same number of pieces".into());
        }
        let mut pieces = Pieces::new(lists.len(), per_seat).ok_or_else(|| {
            format!(
                "{} seats of {per_seat} pieces are more than a state holds \
                 ({MAX_SEATS} seats, {MAX_SEAT_PIECES} pieces a seat, {MAX_PIECES} in all)",
                lists.len()
            )
        })?;
        for (seat, list) in lists.iter().enumerate() {
            pieces[seat].copy_from_slice(list.as_ref());
        }
        Ok(pieces)
    }

    /// How many seats have pieces.
    #[inline]
    pub fn len(&self) -> usize {
        self.seats as usize
    }

    /// Whether no seat has pieces.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.seats == 0
    }

    /// How many pieces each seat has.
    #[inline]
    pub fn per_seat(&self) -> usize {
        self.per_seat as usize
    }

    /// Each seat's steps, in turn order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        (0..self.len()).map(move |s| &self[s])
    }

    /// Every piece's step, seat after seat.
    #[inline]
    pub fn all(&self) -> &[u8] {
        &self.steps[..self.len() * self.per_seat()]
    }
}

impl std::ops::Index<usize> for Pieces {
    type Output = [u8];
    #[inline]
    fn index(&self, seat: usize) -> &[u8] {
        assert!(seat < self.len(), "no seat {seat} among {}", self.len());
        let n = self.per_seat();
        &self.steps[seat * n..seat * n + n]
    }
}

impl std::ops::IndexMut<usize> for Pieces {
    #[inline]
    fn index_mut(&mut self, seat: usize) -> &mut [u8] {
        assert!(seat < self.len(), "no seat {seat} among {}", self.len());
        let n = self.per_seat();
        &mut self.steps[seat * n..seat * n + n]
    }
}

impl std::fmt::Debug for Pieces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Pieces {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Pieces {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Pieces, D::Error> {
        let lists = Vec::<Vec<u8>>::deserialize(deserializer)?;
        Pieces::from_lists(&lists).map_err(serde::de::Error::custom)
    }
}

/// What the state waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the first turn: chance decides which seat begins.
    Opening,
    /// The seat to move must throw: chance acts.
    Throw,
    /// The seat to move uses its waiting values.
    Move,
    /// The game is over.
    Over,
}

/// A value waiting to be used in this turn. Four bytes, aligned, so that
/// a value is copied whole: in three, it was written as two parts and read
/// back as one, which the processor makes wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(C, align(4))]
pub struct PoolValue {
    /// How far it moves a piece.
    pub value: u8,
    /// Whether it came from a throw that gives another throw.
    pub again: bool,
    /// Whether it is a bonus (for a capture or a piece home) rather than a die.
    #[serde(default)]
    pub bonus: bool,
}

impl PoolValue {
    /// A sum of two dice that brings a piece out of its start (`entry:
    /// sum`): no bonus, and a throw that gives no other throw.
    pub const fn sum_of_dice(value: u8) -> PoolValue {
        PoolValue {
            value,
            again: false,
            bonus: false,
        }
    }
}

/// The most blockades [`Splits`] follows through one throw: a seat's
/// pieces split from blockades, two of them to a pair.
pub const MAX_SPLITS: usize = MAX_SEAT_PIECES / 2;

/// For each blockade of the mover split since the throw began, the steps
/// of two of its pieces, the one that left and one it left (or where each
/// has gone since): they may not come together again on a new cell in
/// this throw (stacks: pairs = apart). Kept in the order the blockades
/// were split; at most [`MAX_SPLITS`], more are not followed. In JSON a
/// list of pairs, `[[139, 138], [93, 87]]`; a single pair `[139, 138]` or
/// `null`, as states once held, reads too.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Splits {
    /// The pairs, the first `len` of them; the rest are `(0, 0)`, so that
    /// two equal lists compare equal whole.
    pairs: [(u8, u8); MAX_SPLITS],
    len: u8,
}

impl Splits {
    /// Whether no blockade has been split in this throw.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The pairs followed, in the order their blockades were split.
    #[inline]
    pub fn pairs(&self) -> &[(u8, u8)] {
        &self.pairs[..self.len as usize]
    }

    /// The pairs followed, to move one of a pair's steps on.
    #[inline]
    pub fn pairs_mut(&mut self) -> &mut [(u8, u8)] {
        &mut self.pairs[..self.len as usize]
    }

    /// Follows one more pair; `false`, changing nothing, when the list is full.
    pub fn push(&mut self, pair: (u8, u8)) -> bool {
        let Some(slot) = self.pairs.get_mut(self.len as usize) else {
            return false;
        };
        *slot = pair;
        self.len += 1;
        true
    }

    /// Forgets every pair: a new throw begins. Asked first, as mostly no
    /// blockade was split: a store of the whole list at every throw cost
    /// more than the question.
    #[inline(always)]
    pub fn clear(&mut self) {
        if self.len != 0 {
            *self = Splits::default();
        }
    }

    /// Whether the pieces of a split pair would meet again if one moved
    /// from step `from` to step `to`.
    #[inline]
    pub fn rejoins(&self, from: u8, to: u8) -> bool {
        self.pairs()
            .iter()
            .any(|&(a, b)| (from == a && to == b) || (from == b && to == a))
    }
}

impl std::fmt::Debug for Splits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.pairs()).finish()
    }
}

impl Serialize for Splits {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.pairs())
    }
}

impl<'de> Deserialize<'de> for Splits {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Splits, D::Error> {
        /// A list of pairs, or the one pair (or none) of older states.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Pairs(Vec<(u8, u8)>),
            One((u8, u8)),
        }
        let mut splits = Splits::default();
        let pairs = match Option::<Written>::deserialize(deserializer)? {
            None => Vec::new(),
            Some(Written::One(pair)) => vec![pair],
            Some(Written::Pairs(pairs)) => pairs,
        };
        for pair in pairs {
            if !splits.push(pair) {
                return Err(serde::de::Error::custom(format!(
                    "`split` holds more than {MAX_SPLITS} pairs"
                )));
            }
        }
        Ok(splits)
    }
}

/// A game in progress. Pieces are kept as the step each stands on along its
/// seat's track (0 = start, the last step = home), each seat's sorted, so
/// two positions that differ only in which identical piece is where are equal.
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// For each playing seat in turn order, the steps of its pieces, ascending.
    pub pieces: Pieces,
    /// The playing seat (index in turn order) whose turn it is.
    pub mover: u8,
    /// What the state waits for.
    pub phase: Phase,
    /// Values thrown this turn and not yet used.
    pub pool: ArrayVec<PoolValue, MAX_POOL>,
    /// Throws earned this turn and not yet thrown.
    pub extra: u8,
    /// Throws this turn that gave another throw, in a row.
    #[serde(default)]
    pub streak: u8,
    /// The blockades of each seat with the number of its own turns they
    /// have stood: (seat, step, turns) (stacks: blockade_turns).
    #[serde(default)]
    pub blockade_ages: ArrayVec<(u8, u8, u8), 16>,
    /// Throws this turn that could move nothing while the mover had no
    /// piece on its way (turn: tries).
    #[serde(default)]
    pub tried: u8,
    /// The step where the mover's last move of this turn ended, 0 before
    /// its first; kept only where the rules send that piece back past the
    /// limit of throws again (turn: over_limit = send_back_last).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub last_moved: u8,
    /// The stake of the game and who may double it (end: doubling);
    /// left out of a saved state while nothing has been doubled or offered.
    #[serde(default, skip_serializing_if = "Stake::is_untouched")]
    pub stake: Stake,
    /// Whether the last throw was a double.
    #[serde(default)]
    pub doubles: bool,
    /// Values used since the last throw.
    #[serde(default)]
    pub used: u8,
    /// Within this throw, for each blockade split since the throw began,
    /// the steps of two of its pieces; they may not meet again on a new
    /// cell (stacks: pairs = apart).
    #[serde(default)]
    pub split: Splits,
    /// For each playing seat, whether it has brought a piece out this game.
    pub entered: ArrayVec<bool, MAX_SEATS>,
    /// Turns completed.
    pub turns: u32,
    /// Playing seats whose pieces are all home, in the order they finished.
    pub finished: ArrayVec<u8, MAX_SEATS>,
    /// Whether the game ended at the turn limit.
    pub at_limit: bool,
    /// The position of a fight (pieces of several kinds on lines of
    /// cells); `None` in a race.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fight: Option<Box<super::fight::FightState>>,
    /// The field of a game on a hex board (pieces by cell, stage of the
    /// turn, battle in hand); `None` in a race game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<Box<super::field::FieldState>>,
}

/// The stake of a game whose rules let a seat double it (end: doubling):
/// how often it has been doubled, which seat may double it next, and
/// where the offer of this turn stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stake {
    /// How often the stake has been doubled: the game is worth 2 to this
    /// power times what the end block counts.
    #[serde(default)]
    pub doublings: u8,
    /// The playing seat (index in turn order) plus one that took the last
    /// double and alone may offer the next; 0 while either may.
    #[serde(default)]
    pub holder: u8,
    /// This turn's offer: none yet, offered (the other seat answers), or
    /// decided (doubled and taken, or the dice thrown without).
    #[serde(default)]
    pub offer: Offer,
}

impl Stake {
    /// The most doublings: 64 times the stake.
    pub const MOST_DOUBLINGS: u8 = 6;

    /// Whether nothing has been doubled, offered or decided.
    pub fn is_untouched(&self) -> bool {
        *self == Stake::default()
    }

    /// What the stake multiplies: 2 to the power of its doublings.
    pub fn multiple(&self) -> i32 {
        1 << self.doublings.min(Stake::MOST_DOUBLINGS)
    }
}

/// Where the offer to double the stake stands in a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Offer {
    /// The mover has not chosen yet.
    #[default]
    None,
    /// The mover has offered; the other seat takes or drops.
    Offered,
    /// Chosen for this turn: the dice are thrown next.
    Decided,
    /// The other seat dropped the offer and lost the game.
    Dropped,
}

/// Whether a number is 0: such a field is left out of a saved state.
fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            pieces: self.pieces,
            mover: self.mover,
            phase: self.phase,
            pool: self.pool.clone(),
            extra: self.extra,
            streak: self.streak,
            tried: self.tried,
            blockade_ages: self.blockade_ages.clone(),
            last_moved: self.last_moved,
            stake: self.stake,
            doubles: self.doubles,
            used: self.used,
            split: self.split,
            entered: self.entered.clone(),
            turns: self.turns,
            finished: self.finished.clone(),
            at_limit: self.at_limit,
            fight: self.fight.clone(),
            field: self.field.clone(),
        }
    }
}

impl State {
    /// A state before anything has happened: `pieces` placed, `seats`
    /// playing seats none of which has brought a piece out, waiting in `phase`.
    pub(crate) fn at_start(pieces: Pieces, seats: usize, phase: Phase) -> State {
        State {
            pieces,
            mover: 0,
            phase,
            pool: ArrayVec::new(),
            extra: 0,
            streak: 0,
            tried: 0,
            last_moved: 0,
            stake: Stake::default(),
            used: 0,
            split: Splits::default(),
            doubles: false,
            blockade_ages: ArrayVec::new(),
            entered: (0..seats.min(MAX_SEATS)).map(|_| false).collect(),
            turns: 0,
            finished: ArrayVec::new(),
            at_limit: false,
            fight: None,
            field: None,
        }
    }

    /// The steps of one playing seat's pieces.
    pub fn seat_pieces(&self, seat: usize) -> &[u8] {
        &self.pieces[seat]
    }

    /// Whether a playing seat has finished.
    pub fn has_finished(&self, seat: usize) -> bool {
        // Not `contains`: on bytes it calls out to `memchr`, slow for a few.
        self.finished.iter().any(|&s| s as usize == seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_read_and_write_as_one_list_a_seat() {
        let pieces = Pieces::from_lists(&[vec![0, 3, 5], vec![1, 1, 9]]).unwrap();
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces.per_seat(), 3);
        assert_eq!(&pieces[1], &[1, 1, 9]);
        let json = serde_json::to_string(&pieces).unwrap();
        assert_eq!(json, "[[0,3,5],[1,1,9]]");
        let back: Pieces = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pieces);
    }

    /// `split` lists a pair for each blockade split in the throw; states
    /// saved when it held one pair, or `null`, read as before.
    #[test]
    fn the_split_pairs_read_as_a_list_or_as_the_one_pair_of_older_states() {
        let mut two = Splits::default();
        assert!(two.push((139, 138)) && two.push((93, 87)));
        let json = serde_json::to_string(&two).unwrap();
        assert_eq!(json, "[[139,138],[93,87]]");
        assert_eq!(serde_json::from_str::<Splits>(&json).unwrap(), two);
        let one: Splits = serde_json::from_str("[13, 10]").unwrap();
        assert_eq!(one.pairs(), [(13, 10)]);
        let none: Splits = serde_json::from_str("null").unwrap();
        assert!(none.is_empty());
        assert_eq!(serde_json::from_str::<Splits>("[]").unwrap(), none);
        let nine = format!("[{}]", ["[1,2]"; MAX_SPLITS + 1].join(","));
        let err = serde_json::from_str::<Splits>(&nine).unwrap_err();
        assert!(err.to_string().contains("more than 8 pairs"), "{err}");
    }

    #[test]
    fn pieces_of_seats_of_unequal_size_are_refused() {
        let err = serde_json::from_str::<Pieces>("[[0,0],[0]]").unwrap_err();
        assert!(err.to_string().contains("same number of pieces"), "{err}");
        let err =
            serde_json::from_str::<Pieces>("[[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]]").unwrap_err();
        assert!(err.to_string().contains("more than a state holds"), "{err}");
    }
}
