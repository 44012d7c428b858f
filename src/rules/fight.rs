//! A running fight: pieces of several kinds, each worth a value, move along
//! closed lines of cells and take each other by strength. Nobody races home;
//! a side scores the value of what it takes.

use arrayvec::ArrayVec;
use serde::Serialize;

use super::board::CellId;

/// The most kinds of piece a game may have.
pub const MAX_KINDS: usize = 4;
/// The most cells one die value may reach from a cell.
pub const MAX_REACH: usize = 6;
/// No line, no seat: the marker in the per-cell tables.
pub const NONE: u8 = u8::MAX;

/// A kind of piece, such as a small piece worth 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Kind {
    /// Its name, such as `small`.
    pub name: String,
    /// What it is worth: its strength, and the points for taking it.
    pub value: u8,
    /// How many of it each seat has.
    pub count: u8,
}

/// How pieces go along a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Along {
    /// Either way round, chosen for each die (`along = either`).
    Either,
    /// Only the way the cells are listed (`along = forward`).
    Forward,
}

/// A closed line of cells: the last is next to the first.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// Its name, such as `outer`.
    pub name: String,
    /// Its cells, in order round it.
    pub cells: Vec<CellId>,
}

/// The `lines`, `kinds` and `fight` blocks, checked and with their tables.
#[derive(Clone, Debug, Serialize)]
pub struct FightRules {
    /// The kinds of piece, in the order they come out (`kinds: order`).
    pub kinds: Vec<Kind>,
    /// Whether all pieces of one kind come out before any of the next.
    pub in_order: bool,
    /// The lines of the board.
    pub lines: Vec<Line>,
    /// How pieces go along a line.
    pub along: Along,
    /// The die value that may instead move a piece across to the next
    /// line (`change = 1`); 0 when pieces never change line.
    pub change_on: u8,
    /// The die value that brings a piece onto the board (`enter = 1`).
    pub enter_on: u8,
    /// For each seat of the file (by [`super::SeatId`]), its entry cells.
    pub entries: Vec<Vec<CellId>>,
    /// The most pieces one cell may hold (`cell_max = 2`).
    pub cell_max: u8,
    /// Whether two pieces arriving with the two dice add their strength (`combined = yes`).
    pub combined: bool,
    /// Whether only the owner of an entry cell may take there (`own_entry = only_owner`).
    pub own_entry: bool,
    /// Whether a piece landing on a larger lone enemy fuses with it into a
    /// piece of two owners (`fuse = yes`).
    pub fuse: bool,
    /// Whether a player may not take pieces of a seat nobody sits at (a
    /// dummy) if they were the last to move it (`guard_dummy = yes`).
    pub guard_dummy: bool,
    /// Priority points of a dummy's move, for each point taken (`priority_take`).
    pub priority_take: u32,
    /// Priority points of a dummy's move, for each piece brought on (`priority_enter`).
    pub priority_enter: u32,
    /// For each die value `v` (index `v - 1`) and each cell, the cells a
    /// piece there may move to with `v`.
    pub reach: Vec<Vec<ArrayVec<CellId, MAX_REACH>>>,
    /// For each cell, the seat (by [`super::SeatId`]) whose entry cell it is, or [`NONE`].
    pub entry_of: Vec<u8>,
    /// For each cell, its line, or [`NONE`] for a cell on no line.
    pub line_of: Vec<u8>,
}

impl FightRules {
    /// The value of kind `k`.
    pub fn value(&self, kind: u8) -> u8 {
        self.kinds.get(kind as usize).map_or(0, |k| k.value)
    }

    /// The pieces one seat has.
    pub fn pieces_per_seat(&self) -> u32 {
        self.kinds.iter().map(|k| k.count as u32).sum()
    }

    /// The value of all pieces of one seat.
    pub fn value_per_seat(&self) -> u32 {
        self.kinds
            .iter()
            .map(|k| k.count as u32 * k.value as u32)
            .sum()
    }

    /// The cells a piece on `cell` may move to with die value `value`.
    pub fn reach(&self, cell: CellId, value: u8) -> &[CellId] {
        value
            .checked_sub(1)
            .and_then(|v| self.reach.get(v as usize))
            .and_then(|r| r.get(cell.0 as usize))
            .map_or(&[], |r| r.as_slice())
    }

    /// One line about the fight rules.
    pub fn describe(&self) -> String {
        let kinds: Vec<String> = self
            .kinds
            .iter()
            .map(|k| format!("{} {} worth {}", k.count, k.name, k.value))
            .collect();
        let lines: Vec<String> = self
            .lines
            .iter()
            .map(|l| {
                format!(
                    "{} of {} cell{}",
                    l.name,
                    l.cells.len(),
                    if l.cells.len() == 1 { "" } else { "s" }
                )
            })
            .collect();
        let yes = |b: bool, s: &str| if b { s.to_string() } else { String::new() };
        let mut parts = vec![
            format!(
                "kinds {}{}",
                kinds.join(", "),
                if self.in_order {
                    ", brought on in that order"
                } else {
                    ""
                }
            ),
            format!(
                "lines {} ({})",
                lines.join(", "),
                match self.along {
                    Along::Either => "either way",
                    Along::Forward => "forward only",
                }
            ),
            if self.change_on > 0 {
                format!("a {} may change line", self.change_on)
            } else {
                "no change of line".into()
            },
            format!("a {} brings a piece on", self.enter_on),
            format!("at most {} pieces a cell", self.cell_max),
            "take by landing with as much strength".into(),
            yes(self.combined, "two pieces may attack together"),
            yes(self.own_entry, "only the owner takes on an entry cell"),
            yes(
                self.fuse,
                "a lone piece on a larger lone enemy fuses with it",
            ),
            yes(
                self.guard_dummy,
                "nobody takes the dummy's pieces after moving it last",
            ),
            format!(
                "a dummy's move must score most: {} a point taken, {} a piece brought on",
                self.priority_take, self.priority_enter
            ),
        ];
        parts.retain(|p| !p.is_empty());
        parts.join("; ")
    }
}
