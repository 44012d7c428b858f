//! The state of a game in progress: small, cheap to clone, comparable and
//! hashable. It holds no rule set; a [`crate::Game`] reads and changes it.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::rules::{MAX_POOL, MAX_SEATS};

/// The most pieces one seat may have.
pub const MAX_SEAT_PIECES: usize = 16;

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

/// A value waiting to be used in this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    pub pieces: ArrayVec<ArrayVec<u8, MAX_SEAT_PIECES>, MAX_SEATS>,
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

/// A copy of an array vector of `Copy` items as one block, where the
/// derived clone goes item by item; the look-ahead of `use = most` clones a lot.
fn copy_of<T: Copy, const N: usize>(v: &ArrayVec<T, N>) -> ArrayVec<T, N> {
    let mut out = ArrayVec::new();
    out.try_extend_from_slice(v)
        .expect("a copy has the capacity of its original");
    out
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            pieces: self.pieces.iter().map(copy_of).collect(),
            mover: self.mover,
            phase: self.phase,
            pool: copy_of(&self.pool),
            extra: self.extra,
            streak: self.streak,
            tried: self.tried,
            blockade_ages: copy_of(&self.blockade_ages),
            doubles: self.doubles,
            used: self.used,
            split: self.split,
            entered: copy_of(&self.entered),
            turns: self.turns,
            finished: copy_of(&self.finished),
            at_limit: self.at_limit,
            fight: self.fight.clone(),
            field: self.field.clone(),
        }
    }
}

impl State {
    /// The steps of one playing seat's pieces.
    pub fn seat_pieces(&self, seat: usize) -> &[u8] {
        &self.pieces[seat]
    }

    /// Whether a playing seat has finished.
    pub fn has_finished(&self, seat: usize) -> bool {
        self.finished.contains(&(seat as u8))
    }
}
