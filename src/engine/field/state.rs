//! The part of a state that a field game keeps: each side's pieces by cell,
//! the stage of the turn, the battle in hand and the invasions used.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::rules::field::MAX_ARMY;

/// The most pieces one battle may hold.
pub const MAX_BATTLE: usize = 2 * MAX_ARMY;

/// One piece on a field board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pawn {
    /// The cell it stands on.
    pub cell: u16,
    /// Whether it moved (or invaded) in this turn.
    #[serde(default)]
    pub moved: bool,
    /// Whether it fought a battle in this turn.
    #[serde(default)]
    pub fought: bool,
}

impl Pawn {
    /// A piece at rest on `cell`.
    pub fn at(cell: u16) -> Pawn {
        Pawn {
            cell,
            moved: false,
            fought: false,
        }
    }
}

/// Where a field turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The winner of the die chooses who moves first.
    ChooseFirst,
    /// The mover places its pieces on its own half.
    Place,
    /// The mover moves pieces, one at a time, until it ends the move phase.
    Move,
    /// The mover forms battles and fights them.
    Combat,
    /// The die is rolled for the battle in hand.
    Roll,
    /// The attacker chooses which piece each side loses in an exchange.
    Lose,
    /// The winner of the battle retreats the losing pieces.
    Retreat,
}

impl Stage {
    /// The stage in words.
    pub fn words(self) -> &'static str {
        match self {
            Stage::ChooseFirst => "the choice of who moves first",
            Stage::Place => "the set-up",
            Stage::Move => "the move phase",
            Stage::Combat => "the combat phase",
            Stage::Roll => "the roll for a battle",
            Stage::Lose => "the choice of the pieces lost in an exchange",
            Stage::Retreat => "the retreat after a battle",
        }
    }
}

/// A field game's part of a [`crate::State`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldState {
    /// Where the turn stands.
    pub stage: Stage,
    /// The playing seat that moves first in every complete turn.
    pub first: u8,
    /// Each playing seat's pieces on the board, sorted by cell.
    pub armies: [ArrayVec<Pawn, MAX_ARMY>; 2],
    /// Invasions each playing seat has begun this game.
    #[serde(default)]
    pub invasions: [u8; 2],
    /// Pieces in the mover's invasion of this turn so far (0: none begun).
    #[serde(default)]
    pub invading: u8,
    /// The cells of the pieces in the battle being formed or resolved.
    #[serde(default)]
    pub battle: ArrayVec<u16, MAX_BATTLE>,
    /// The cells of the losing pieces still to retreat.
    #[serde(default)]
    pub pending: ArrayVec<u16, MAX_BATTLE>,
    /// Cells each losing piece retreats.
    #[serde(default)]
    pub back: u8,
    /// In an exchange, the sides still to lose a piece: bit 0 the attacker, bit 1 the defender.
    #[serde(default)]
    pub losing: u8,
}

impl FieldState {
    /// A field before set-up: no pieces on it.
    pub fn new(stage: Stage) -> FieldState {
        FieldState {
            stage,
            first: 0,
            armies: [ArrayVec::new(), ArrayVec::new()],
            invasions: [0, 0],
            invading: 0,
            battle: ArrayVec::new(),
            pending: ArrayVec::new(),
            back: 0,
            losing: 0,
        }
    }

    /// The playing seat with a piece on `cell`, if any.
    pub fn owner(&self, cell: u16) -> Option<u8> {
        (0..2u8).find(|&s| self.index(s, cell).is_some())
    }

    /// The index of `seat`'s piece on `cell` in its army.
    pub fn index(&self, seat: u8, cell: u16) -> Option<usize> {
        self.armies
            .get(seat as usize)?
            .binary_search_by_key(&cell, |p| p.cell)
            .ok()
    }

    /// `seat`'s piece on `cell`.
    pub fn pawn(&self, seat: u8, cell: u16) -> Option<Pawn> {
        let i = self.index(seat, cell)?;
        Some(self.armies[seat as usize][i])
    }

    /// Adds a piece, keeping the army sorted; false when the army is full.
    pub fn add(&mut self, seat: u8, pawn: Pawn) -> bool {
        let Some(army) = self.armies.get_mut(seat as usize) else {
            return false;
        };
        if army.is_full() {
            return false;
        }
        let at = army.partition_point(|p| p.cell < pawn.cell);
        army.insert(at, pawn);
        true
    }

    /// Takes `seat`'s piece off `cell`.
    pub fn remove(&mut self, seat: u8, cell: u16) -> Option<Pawn> {
        let i = self.index(seat, cell)?;
        Some(self.armies[seat as usize].remove(i))
    }

    /// Moves `seat`'s piece from one cell to another, marking it moved.
    pub fn relocate(&mut self, seat: u8, from: u16, to: u16, moved: bool) {
        if let Some(mut p) = self.remove(seat, from) {
            p.cell = to;
            p.moved |= moved;
            self.add(seat, p);
        }
    }
}
