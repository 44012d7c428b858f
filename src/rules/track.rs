//! Tracks: the cells a seat's pieces walk, step by step, from start to home.

use serde::Serialize;

use super::board::{Board, CellId};

/// The most times one track may pass the same cell.
pub const MAX_VISITS: usize = 2;

/// A seat's way round the board. Step 0 is the start, where pieces wait; the
/// last step is home, where they finish. Pieces at either end are off the
/// race: they neither block nor can be taken.
#[derive(Clone, Debug, Serialize)]
pub struct Track {
    /// The cell of each step.
    pub cells: Vec<CellId>,
    /// For each cell of the board, the race steps (not start or home) at which
    /// this track passes it; `u8::MAX` where there is none.
    pub visits: Vec<[u8; MAX_VISITS]>,
    /// For each step, whether its cell is safe.
    pub safe: Vec<bool>,
    /// Steps a piece may leave out (`detour = 65..132`): a move from before
    /// the first that would reach it skips them all, unless the mover
    /// chooses to go the detour ([`crate::Action::Round`]), such as another
    /// lap of the circuit before the home row.
    #[serde(default)]
    pub detour: Option<(u8, u8)>,
    /// Whether the detour may be gone round again and again (`detour =
    /// 65..132 again`): a piece in it whose move passes its end may go on
    /// from its start instead of leaving it. Its last step's cell is then
    /// the cell of the step before it.
    #[serde(default)]
    pub detour_again: bool,
}

impl Track {
    /// The step number of home.
    pub fn home(&self) -> u8 {
        self.cells.len().saturating_sub(1) as u8
    }

    /// The cell of a step.
    pub fn cell(&self, step: u8) -> CellId {
        self.cells[step as usize]
    }

    /// One line about the track.
    pub fn describe(&self, board: &Board) -> String {
        let names: Vec<&str> = self.cells.iter().map(|c| board.cell_name(*c)).collect();
        let detour = match self.detour {
            Some((a, b)) if self.detour_again => format!(
                " (steps {a} to {b} only for a piece that goes round again, as often as it likes)"
            ),
            Some((a, b)) => format!(" (steps {a} to {b} only for a piece that goes round again)"),
            None => String::new(),
        };
        format!(
            "track of {} steps from {} to {}{detour}: {}",
            self.cells.len() - 1,
            names[0],
            names[names.len() - 1],
            names.join(" ")
        )
    }
}
