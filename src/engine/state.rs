//! The state of a game in progress: small, cheap to clone, comparable and
//! hashable. It holds no rule set; a [`crate::Game`] reads and changes it.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::word::{equal_bytes_mask, low_bits, small_quotient};
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
    steps: [u8; MAX_PIECES],
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

impl Pieces {
    /// `seat`'s pieces as one word, byte `i` its piece `i`, with a mask of
    /// the bytes that hold its pieces; `None` when they do not fit in one.
    #[inline(always)]
    pub(crate) fn seat_word(&self, seat: usize) -> Option<(u64, u64)> {
        let n = self.per_seat();
        let start = seat * n;
        if n > 8 || start + 8 > MAX_PIECES {
            return None;
        }
        // The mask of the first `n` bytes, read from a table: worked out,
        // its shift and the case of eight bytes were asked at every throw.
        const LIVE: [u64; 9] = {
            let mut live = [0u64; 9];
            let mut n = 1;
            while n < 9 {
                live[n] = u64::MAX >> (64 - 8 * n);
                n += 1;
            }
            live
        };
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&self.steps[start..start + 8]);
        Some((u64::from_le_bytes(bytes), LIVE[n]))
    }

    /// Writes back the word [`Pieces::seat_word`] gave for `seat`, its
    /// bytes past the seat's pieces as they were.
    #[inline(always)]
    pub(crate) fn set_seat_word(&mut self, seat: usize, word: u64) {
        let start = seat * self.per_seat();
        if let Some(bytes) = self.steps.get_mut(start..start + 8) {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
    }

    /// Whether any of `seat`'s pieces stands on step `a` or step `b`:
    /// asked of all a seat's pieces at once when they fit in a word.
    #[inline(always)]
    pub(crate) fn any_on(&self, seat: usize, [a, b]: [u8; 2]) -> bool {
        match self.seat_word(seat) {
            Some((word, live)) => (equal_bytes(word, a) | equal_bytes(word, b)) & live != 0,
            None => self[seat].iter().any(|&s| s == a || s == b),
        }
    }

    /// How many of `seat`'s pieces stand on step `step`: counted for all a
    /// seat's pieces at once when they fit in a word.
    #[inline(always)]
    pub(crate) fn count_on(&self, seat: usize, step: u8) -> u8 {
        match self.seat_word(seat) {
            // Mostly none: no count needed.
            Some((word, live)) => match equal_bytes(word, step) & live {
                0 => 0,
                on => on.count_ones() as u8,
            },
            None => self[seat].iter().filter(|&&s| s == step).count() as u8,
        }
    }
}

impl Pieces {
    /// The first 16 bytes of the steps.
    #[inline(always)]
    pub(crate) fn first_bytes(&self) -> [u8; 16] {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&self.steps[..16]);
        bytes
    }

    /// The first 16 bytes of the steps as one word, the first byte lowest.
    #[inline(always)]
    pub(crate) fn first_word(&self) -> u128 {
        u128::from_le_bytes(self.first_bytes())
    }

    /// Whether any of the first 16 bytes of the steps equals the byte at
    /// the same place in either word of `steps`: a whole small position
    /// asked at once.
    #[inline(always)]
    pub(crate) fn any_byte_matches(&self, steps: [u128; 2]) -> bool {
        self.bytes_matching(steps) != 0
    }

    /// Whether any of the first 16 bytes of the steps equals the byte at
    /// the same place in `steps`.
    #[inline(always)]
    pub(crate) fn any_byte_matches_one(&self, steps: u128) -> bool {
        equal_bytes_mask(self.first_word(), steps) != 0
    }

    /// Bit `i` set where byte `i` of the steps (among the first 16)
    /// equals the byte at the same place in `a` or in `b`.
    #[inline(always)]
    pub(crate) fn bytes_matching(&self, [a, b]: [u128; 2]) -> u32 {
        let word = self.first_word();
        equal_bytes_mask(word, a) | equal_bytes_mask(word, b)
    }

    /// Sends back to their start the pieces among the first 16 bytes that
    /// stand on the step at their place in either word of `steps`, keeping
    /// each seat's steps sorted; returns how many.
    #[inline(always)]
    pub(crate) fn send_back_matching(&mut self, steps: [u128; 2]) -> u8 {
        let mut hits = self.bytes_matching(steps);
        if hits == 0 {
            return 0;
        }
        let per_seat = self.per_seat().max(1);
        if hits & (hits - 1) == 0 && per_seat <= 8 {
            // Mostly one piece is taken: it goes to the front of its seat's
            // steps and those before it move up one place, in one word.
            let at = hits.trailing_zeros() as usize;
            let start = small_quotient(at, per_seat) * per_seat;
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&self.steps[start..start + 8]);
            let word = u64::from_le_bytes(bytes);
            let place = 8 * (at - start) as u32;
            let before = word & low_bits(place);
            let after = word & !low_bits(place + 8);
            let word = (before << 8) | after;
            self.steps[start..start + 8].copy_from_slice(&word.to_le_bytes());
            return 1;
        }
        let taken = hits.count_ones() as u8;
        let mut seats = 0u32;
        while hits != 0 {
            let at = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            self.steps[at] = 0;
            seats |= 1 << (at / per_seat);
        }
        // A seat's pieces sent back go first, the rest keep their order.
        while seats != 0 {
            let seat = seats.trailing_zeros() as usize;
            seats &= seats - 1;
            if seat < self.len() {
                super::seating::sort_small(&mut self[seat]);
            }
        }
        taken
    }
}

/// The high bit of each zero byte of an eight-byte `word`, and no other bit.
#[inline(always)]
pub(crate) fn zero_bytes_of_word(word: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((word & LOW7) + LOW7) | word | LOW7)
}

/// The high bit of each byte of `word` that equals `x`, and no other bit.
#[inline(always)]
pub(crate) fn equal_bytes(word: u64, x: u8) -> u64 {
    zero_bytes_of_word(word ^ (x as u64).wrapping_mul(0x0101_0101_0101_0101))
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
    /// Whether the last throw was a double.
    #[serde(default)]
    pub doubles: bool,
    /// Values used since the last throw.
    #[serde(default)]
    pub used: u8,
    /// Within this throw, the steps of two pieces that stood in one
    /// blockade when the throw began and have split since; they may not
    /// meet again on a new cell (stacks: pairs = apart).
    #[serde(default)]
    pub split: Option<(u8, u8)>,
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
            used: 0,
            split: None,
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

    /// A step for each of the first 16 pieces: what
    /// [`Pieces::send_back_matching`] compares them with (255 for none).
    fn at_each(steps: [u8; 16]) -> [u128; 2] {
        [u128::from_le_bytes(steps), u128::MAX]
    }

    /// Three seats of four: the second seat's piece on step 9 is taken and
    /// goes to the front of its seat, the two before it move up one place,
    /// the one after it and the other seats stay; then two pieces of two
    /// seats at once.
    #[test]
    fn a_piece_sent_back_goes_to_the_front_of_its_seat() {
        let lists = [vec![2, 4, 6, 8], vec![3, 7, 9, 12], vec![1, 5, 9, 20]];
        let mut pieces = Pieces::from_lists(&lists).unwrap();
        let mut steps = [255; 16];
        steps[6] = 9;
        assert_eq!(pieces.send_back_matching(at_each(steps)), 1);
        assert_eq!(&pieces[0], &[2, 4, 6, 8]);
        assert_eq!(&pieces[1], &[0, 3, 7, 12]);
        assert_eq!(&pieces[2], &[1, 5, 9, 20]);
        let mut steps = [255; 16];
        (steps[3], steps[11]) = (8, 20);
        assert_eq!(pieces.send_back_matching(at_each(steps)), 2);
        assert_eq!(&pieces[0], &[0, 2, 4, 6]);
        assert_eq!(&pieces[2], &[0, 1, 5, 9]);
        // Nothing there: nothing changes.
        assert_eq!(pieces.send_back_matching(at_each([99; 16])), 0);
        assert_eq!(&pieces[1], &[0, 3, 7, 12]);
    }

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

    #[test]
    fn pieces_on_two_steps_are_found_for_every_size_of_seat() {
        for per_seat in [1, 3, 4, 7, 8, 9, 16] {
            let lists: Vec<Vec<u8>> = (0..4u8)
                .map(|seat| (0..per_seat as u8).map(|i| (i * 3 + seat) % 7).collect())
                .collect();
            let pieces = Pieces::from_lists(&lists).unwrap();
            for (seat, list) in lists.iter().enumerate() {
                for a in 0..8u8 {
                    for b in [a, a + 1, 255] {
                        let expected = list.iter().any(|&s| s == a || s == b);
                        assert_eq!(pieces.any_on(seat, [a, b]), expected, "{list:?} {a} {b}");
                    }
                }
            }
        }
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
