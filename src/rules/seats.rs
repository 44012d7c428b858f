//! Seats, and the tables that say which seats play together.

use serde::Serialize;

use super::track::Track;

/// The index of a seat among all the seats a file defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct SeatId(pub u8);

/// One seat: its name and track.
#[derive(Clone, Debug, Serialize)]
pub struct SeatRules {
    /// Its name, such as `red`.
    pub name: String,
    /// Its track.
    pub track: Track,
}

/// The seating for one number of players.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    /// The seats that play, in turn order.
    pub seats: Vec<SeatId>,
    /// For each playing seat (in turn order), the index of its side: seats of
    /// one side are partners.
    pub side: Vec<u8>,
    /// How many sides there are.
    pub sides: u8,
    /// How many players sit at the table: the number of seats, unless one
    /// player plays several seats (`hands`) or a seat has no player (`dummy`).
    pub players: usize,
    /// For each playing seat (in turn order), the player who moves it, or
    /// [`DUMMY`] for a seat the players move in turn.
    pub player_of: Vec<u8>,
}

/// In [`Table::player_of`]: a seat nobody sits at, which the players move in turn.
pub const DUMMY: u8 = u8::MAX;

impl Table {
    /// Whether the table has partners.
    pub fn has_teams(&self) -> bool {
        (self.sides as usize) < self.seats.len()
    }

    /// The seat nobody sits at, if any (index in turn order).
    pub fn dummy(&self) -> Option<usize> {
        self.player_of.iter().position(|&p| p == DUMMY)
    }

    /// One line about the table.
    pub fn describe(&self, seats: &[SeatRules]) -> String {
        let names: Vec<&str> = self
            .seats
            .iter()
            .map(|s| seats[s.0 as usize].name.as_str())
            .collect();
        let mut out = format!("players {}: {}", self.players, names.join(", "));
        if let Some(d) = self.dummy() {
            out.push_str(&format!(
                "; {} is a dummy the players move in turn",
                names[d]
            ));
        }
        if self.players < self.seats.len() - usize::from(self.dummy().is_some()) {
            let hands: Vec<String> = (0..self.players as u8)
                .map(|p| {
                    let mine: Vec<&str> = names
                        .iter()
                        .zip(&self.player_of)
                        .filter(|(_, o)| **o == p)
                        .map(|(n, _)| *n)
                        .collect();
                    format!("({})", mine.join(", "))
                })
                .collect();
            out.push_str(&format!("; hands {}", hands.join(" ")));
        }
        if self.has_teams() {
            let teams: Vec<String> = (0..self.sides)
                .map(|side| {
                    let members: Vec<&str> = names
                        .iter()
                        .zip(&self.side)
                        .filter(|(_, s)| **s == side)
                        .map(|(n, _)| *n)
                        .collect();
                    format!("({})", members.join(", "))
                })
                .collect();
            out.push_str(&format!("; teams {}", teams.join(" ")));
        }
        out
    }
}
