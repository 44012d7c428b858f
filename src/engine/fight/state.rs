//! The part of a state that a fight adds: what stands on each cell, what
//! waits to come on, the points each side has taken, and who moves a dummy.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::rules::{MAX_SEATS, fight::MAX_KINDS};

/// One piece of one seat: its seat (index in turn order) and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// The playing seat it belongs to, in turn order.
    pub seat: u8,
    /// Its kind, by index among the kinds.
    pub kind: u8,
}

/// What stands on one cell: nothing, one or two pieces of one seat (the
/// larger below), or one fused piece of two seats (`fused`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stack {
    /// The piece below, or the only one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower: Option<Piece>,
    /// The piece on top.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upper: Option<Piece>,
    /// Whether the two are fused into one piece of two owners.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fused: bool,
}

impl Stack {
    /// Whether nothing stands here.
    pub fn is_empty(&self) -> bool {
        self.lower.is_none()
    }

    /// The pieces here, lower first.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> {
        self.lower.into_iter().chain(self.upper)
    }

    /// How many pieces stand here.
    pub fn count(&self) -> u8 {
        u8::from(self.lower.is_some()) + u8::from(self.upper.is_some())
    }

    /// Whether a piece of `seat` is here.
    pub fn has_seat(&self, seat: u8) -> bool {
        self.pieces().any(|p| p.seat == seat)
    }
}

/// The fight's part of a [`crate::State`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FightState {
    /// What stands on each cell of the board, by cell index.
    pub cells: Vec<Stack>,
    /// For each playing seat, how many pieces of each kind wait to come on.
    pub waiting: ArrayVec<ArrayVec<u8, MAX_KINDS>, MAX_SEATS>,
    /// For each side, the value of the pieces it has taken.
    pub points: ArrayVec<u32, MAX_SEATS>,
    /// The first of two pieces attacking together, with the cell it
    /// attacks; the second must come with the other die.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<(u16, Piece)>,
    /// The player who won the throw for who begins.
    #[serde(default)]
    pub leader: u8,
    /// Whether that player still chooses which of their seats moves first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub choosing: bool,
    /// Turns a dummy has had: the players move it in turn.
    #[serde(default)]
    pub dummy_turns: u32,
    /// The player who moved the dummy last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dummy_last: Option<u8>,
}
