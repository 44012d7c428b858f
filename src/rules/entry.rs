//! Entry: how pieces leave their start.

use serde::Serialize;

/// Which piece counts as a seat's "first" for `first_on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FirstPiece {
    /// None of the seat's pieces is on the board (`first = none_on_board`).
    NoneOnBoard,
    /// The seat has never brought a piece out this game (`first = first_of_game`).
    FirstOfGame,
}

/// Which throws let a piece leave its start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum EntryThrows {
    /// Any throw (`any`).
    Any,
    /// A throw that gives another throw (`again`).
    Again,
    /// A throw whose value is one of these (`5`, or `5, 6`).
    Values(Vec<u8>),
}

impl EntryThrows {
    /// The throws in words, such as "a throw that gives another throw".
    pub fn describe(&self) -> String {
        match self {
            EntryThrows::Any => "any throw".into(),
            EntryThrows::Again => "a throw that gives another throw".into(),
            EntryThrows::Values(v) => {
                let v: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                format!("a throw of {}", v.join(" or "))
            }
        }
    }

    /// Whether a value from an outcome with `again` set lets a piece out.
    pub fn allows(&self, value: u8, again: bool) -> bool {
        match self {
            EntryThrows::Any => true,
            EntryThrows::Again => again,
            EntryThrows::Values(v) => v.contains(&value),
        }
    }
}

/// The `entry { .. }` block.
#[derive(Clone, Debug, Serialize)]
pub struct EntryRules {
    /// Throws that let a piece out (`on = ..`).
    pub on: EntryThrows,
    /// Throws that let a seat's first piece out (`first_on = ..`).
    pub first_on: EntryThrows,
    /// What "first" means (`first = ..`).
    pub first: FirstPiece,
    /// Whether a piece leaving moves the whole value from its start
    /// (`moves = score`) or is set on step 1 (`moves = to_track`).
    pub moves_score: bool,
    /// Whether a value that can bring a piece out must do so (`forced = yes`).
    pub forced: bool,
    /// Whether, while a piece of the seat waits at its start, no other
    /// piece moves, and a value that cannot bring one out is lost
    /// (`forced = always`).
    pub start_first: bool,
    /// Whether two waiting die values whose sum is an entry value may bring a
    /// piece out together (`sum = yes`).
    pub sum: bool,
    /// Whether, while pieces wait at the start, a piece on the seat's first
    /// step must move on first when it can (`clear_start = yes`).
    pub clear_start: bool,
    /// How many of each seat's pieces begin the game already out, on the
    /// first step of its track (`already_out = 1`).
    pub already_out: u8,
    /// Race steps on which pieces of each seat begin the game, with how
    /// many on each (`begin_on = { 6: 1, 7: 1 }`), ascending by step; empty
    /// for none. The rest begin at the start, or on step 1 (`already_out`).
    pub begin_on: Vec<(u8, u8)>,
}

impl EntryRules {
    /// One line about entry.
    pub fn describe(&self) -> String {
        format!(
            "a piece leaves its start on {}; the first ({}) on {}; {}",
            self.on.describe(),
            match self.first {
                FirstPiece::NoneOnBoard => "none of the seat's pieces on the board",
                FirstPiece::FirstOfGame => "the seat's first of the game",
            },
            self.first_on.describe(),
            if self.moves_score {
                "it moves the whole value from the start"
            } else {
                "it is set on the first cell of its track"
            }
        ) + if self.start_first {
            "; while a piece waits at the start, no other piece moves"
        } else if self.forced {
            "; a value that can bring a piece out must"
        } else {
            ""
        } + if self.sum {
            "; two die values whose sum lets a piece out may bring it out together"
        } else {
            ""
        } + if self.clear_start {
            "; while pieces wait, a piece on the first step must move on first"
        } else {
            ""
        } + &if self.begin_on.is_empty() {
            String::new()
        } else {
            let each: Vec<String> = (self.begin_on.iter())
                .map(|&(step, n)| format!("{n} on step {step}"))
                .collect();
            format!("; each seat's pieces begin {}", each.join(", "))
        } + &if self.already_out > 0 {
            format!(
                "; {} of each seat's pieces begin on the first step",
                self.already_out
            )
        } else {
            String::new()
        }
    }
}
