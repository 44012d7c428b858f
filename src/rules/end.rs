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
}

impl EndRules {
    /// One line about the end.
    pub fn describe(&self) -> String {
        format!(
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
        )
    }
}
