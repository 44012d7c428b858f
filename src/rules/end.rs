//! The end of the game.

use serde::Serialize;

/// The `end { .. }` block.
#[derive(Clone, Debug, Serialize)]
pub struct EndRules {
    /// Whether the game stops as soon as one side has won (`stop = first_side`);
    /// otherwise play goes on until one side is left, to rank everyone (`stop = last_side`).
    pub stop_at_first: bool,
    /// Whether a side is done when its first seat has all pieces home
    /// (`team = first`); otherwise when all its seats have (`team = all`).
    pub first_member: bool,
    /// What each loser pays the winners at the end, per piece not home (`forfeit_piece = 5`).
    pub forfeit_piece: u16,
    /// What each loser pays per seat it sits after the first winner in turn
    /// order: the next seat pays once, the one after it twice (`forfeit_seat = 10`).
    pub forfeit_seat: u16,
    /// What each loser pays the winners for the game lost (`forfeit_game = 1`).
    pub forfeit_game: u16,
    /// What a loser with none of its pieces home pays besides (`forfeit_none_home = 1`).
    pub forfeit_none_home: u16,
    /// What a loser with none of its pieces home pays besides again where
    /// one of them is at its start or on one of the winners' last
    /// `home { gather }` steps (`forfeit_behind = 1`).
    pub forfeit_behind: u16,
    /// Whether, before a turn's first throw, the mover may offer to
    /// double the stake, which the other seat takes or drops (`doubling = yes`).
    pub doubling: bool,
}

impl EndRules {
    /// One line about the end.
    pub fn describe(&self) -> String {
        let text = format!(
            "a side wins when all pieces of {} are home; {}",
            if self.first_member {
                "one of its seats"
            } else {
                "all its seats"
            },
            if self.stop_at_first {
                "the game stops at the first winner"
            } else {
                "play goes on to rank every side"
            }
        );
        let mut text = text;
        if self.forfeit_piece > 0 || self.forfeit_seat > 0 {
            text += &format!(
                "; each loser pays the winners {} a piece not home and {} a seat it sits after the winner",
                self.forfeit_piece, self.forfeit_seat
            );
        }
        if self.forfeit_game > 0 || self.forfeit_none_home > 0 || self.forfeit_behind > 0 {
            text += &format!(
                "; each loser pays {} for the game, {} more with no piece home, and {} more again with one left behind",
                self.forfeit_game, self.forfeit_none_home, self.forfeit_behind
            );
        }
        if self.doubling {
            text += "; before its throw a seat may offer to double the stake, which the other takes, or drops and loses";
        }
        text
    }
}
