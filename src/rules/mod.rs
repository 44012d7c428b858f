//! The vocabulary of rule concepts a compiled rule set is made of, one module
//! a concept. These types hold no syntax and no spans: they are what the
//! compiler produced after it checked the file, and the engine trusts them.

pub mod board;
pub mod capture;
pub mod dice;
pub mod end;
pub mod entry;
pub mod field;
pub mod fight;
pub mod home;
pub mod seats;
pub mod stacks;
pub mod track;
pub mod turn;

use serde::Serialize;

pub use board::{Board, Cell, CellId};
pub use capture::{CaptureRules, OwnEntry};
pub use dice::{Dice, Outcome};
pub use end::EndRules;
pub use entry::{EntryRules, FirstPiece};
pub use fight::FightRules;
pub use home::{HomeRules, NearHome};
pub use seats::{DUMMY, SeatId, SeatRules, Table};
pub use stacks::{Jump, StackRules};
pub use track::Track;
pub use turn::{AtLimit, ThrowOrder, TurnRules, UseValues};

/// The most pieces a game may have in all, over every seat.
pub const MAX_PIECES: usize = 64;
/// The most seats a game may have.
pub const MAX_SEATS: usize = 8;
/// The most move values that may wait to be used in one turn.
pub const MAX_POOL: usize = 16;
/// The most steps a track may have, start and home included.
pub const MAX_TRACK: usize = 250;
/// The most cells a board may have.
pub const MAX_CELLS: usize = 4096;

/// A compiled variant: everything the engine needs, checked and precomputed.
/// Built only by [`crate::compile()`].
#[derive(Clone, Debug, Serialize)]
pub struct RuleSet {
    /// The game's name, from `game "Name"`.
    pub name: String,
    /// A sentence about the game.
    pub about: String,
    /// The cells.
    pub board: Board,
    /// Named cell sets, such as the castles.
    pub regions: Vec<(String, Vec<CellId>)>,
    /// What is thrown.
    pub dice: Dice,
    /// Every seat the file defines, with its track.
    pub seats: Vec<SeatRules>,
    /// Which seats play, for each number of players.
    pub tables: Vec<Table>,
    /// Pieces each seat has.
    pub pieces_per_seat: u8,
    /// How a turn runs.
    pub turn: TurnRules,
    /// How pieces leave their start.
    pub entry: EntryRules,
    /// How pieces reach home.
    pub home: HomeRules,
    /// How pieces take each other.
    pub capture: CaptureRules,
    /// Several pieces on one cell.
    pub stacks: StackRules,
    /// How the game ends.
    pub end: EndRules,
    /// Pieces of several kinds that fight along lines (`line`, `kinds`,
    /// `fight` blocks); `None` for a race.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fight: Option<FightRules>,
    /// The hex field, its movement, battles, invasions and reinforcements,
    /// for a game on `board hex`; `None` for a race game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<Box<field::FieldRules>>,
}

impl RuleSet {
    /// The seating for `players` players, if the file defines one.
    pub fn table(&self, players: usize) -> Option<&Table> {
        self.tables.iter().find(|t| t.players == players)
    }

    /// The seat called `name`.
    pub fn seat_named(&self, name: &str) -> Option<SeatId> {
        self.seats
            .iter()
            .position(|s| s.name == name)
            .map(|i| SeatId(i as u8))
    }

    /// A short, stable summary of what was compiled, for people and snapshots.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!("game: {}\n", self.name));
        out.push_str(&format!("board: {}\n", self.board.describe()));
        for (name, cells) in &self.regions {
            let names: Vec<&str> = cells.iter().map(|c| self.board.cell_name(*c)).collect();
            out.push_str(&format!(
                "region {name}: {} cells ({})\n",
                cells.len(),
                names.join(" ")
            ));
        }
        out.push_str(&format!("dice: {}\n", self.dice.describe()));
        for (i, seat) in self.seats.iter().enumerate() {
            let about = match (&self.fight, &self.field) {
                (Some(fight), _) => {
                    let cells: Vec<&str> = fight
                        .entries
                        .get(i)
                        .map(|e| e.iter().map(|c| self.board.cell_name(*c)).collect())
                        .unwrap_or_default();
                    format!("enters on {}", cells.join(" "))
                }
                (None, Some(field)) => match field.seat_half.get(i) {
                    Some(0) => "sets up on the upper half".to_string(),
                    _ => "sets up on the lower half".to_string(),
                },
                (None, None) => seat.track.describe(&self.board),
            };
            out.push_str(&format!("seat {}: {about}\n", seat.name));
        }
        for table in &self.tables {
            out.push_str(&format!("{}\n", table.describe(&self.seats)));
        }
        out.push_str(&format!("pieces: {} a seat\n", self.pieces_per_seat));
        if let Some(fight) = &self.fight {
            out.push_str(&format!(
                "turn: {}; both dice used where possible; limit {} turns, then {}\n",
                if self.turn.begins_by_throw {
                    "a throw decides who begins"
                } else {
                    "the first seat listed begins"
                },
                self.turn.limit,
                match self.turn.at_limit {
                    turn::AtLimit::Draw => "a draw",
                    _ => "the side with the most points wins, equal points a draw",
                }
            ));
            // A fight has no race: entry, home, capture and end are its own.
            out.push_str(&format!("fight: {}\n", fight.describe()));
            return out;
        }
        if let Some(field) = &self.field {
            out.push_str(&format!(
                "turn: limit {} turns, then {}\n",
                self.turn.limit,
                match self.turn.at_limit {
                    turn::AtLimit::Draw => "a draw",
                    _ => "the side with more pieces on the board wins",
                }
            ));
            out.push_str(&format!("field: {}\n", field.describe()));
            return out;
        }
        out.push_str(&format!("turn: {}\n", self.turn.describe()));
        out.push_str(&format!("entry: {}\n", self.entry.describe()));
        out.push_str(&format!("home: {}\n", self.home.describe()));
        out.push_str(&format!("capture: {}\n", self.capture.describe(self)));
        out.push_str(&format!("stacks: {}\n", self.stacks.describe()));
        out.push_str(&format!("end: {}\n", self.end.describe()));
        out
    }
}
