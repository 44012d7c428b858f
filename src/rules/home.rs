//! Home: how pieces finish.

use serde::Serialize;

/// What a piece nearer home than the smallest value may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum NearHome {
    /// It finishes on the smallest value any throw gives (`near = smallest_throw`).
    SmallestThrow,
    /// It waits for an exact value (`near = wait`).
    Wait,
}

/// The `home { .. }` block.
#[derive(Clone, Debug, Serialize)]
pub struct HomeRules {
    /// Whether home needs an exact value (`exact = yes`); otherwise a larger
    /// value also finishes.
    pub exact: bool,
    /// The exception for pieces nearer than the smallest value.
    pub near: NearHome,
    /// A bonus value each piece reaching home adds to the waiting values (`bonus = 10`); 0 for none.
    pub bonus: u8,
    /// How many steps at the end of each track, home included, make the
    /// goal (`goal = 4`): a seat has finished when all its pieces stand in
    /// it, and with more than one, home holds pieces like any cell. 1: home alone.
    pub goal: u8,
    /// Groups of seats that go home in order (`order = (red, black)`): a
    /// seat's pieces may reach home only once every seat before it in its
    /// group that plays has finished. Empty for no order.
    pub order: Vec<Vec<super::SeatId>>,
    /// Whether the seat's piece furthest from home, with none of its
    /// pieces behind it, finishes on a larger value than it needs
    /// (`exact = furthest`; `exact` is then set too).
    pub furthest_over: bool,
    /// A piece goes home only while all of its seat's pieces stand within
    /// this many steps of home, home included (`gather = 6`); 0 for no such rule.
    pub gather: u8,
}

impl HomeRules {
    /// One line about home.
    pub fn describe(&self) -> String {
        format!(
            "{}{}",
            if self.furthest_over {
                "home needs an exact value, but the piece furthest from home finishes on a larger one"
            } else if self.exact {
                "home needs an exact value"
            } else {
                "any value that reaches home finishes"
            },
            match self.near {
                NearHome::SmallestThrow if self.exact =>
                    "; a piece nearer than the smallest value finishes on the smallest value",
                _ => "",
            }
        ) + &if self.bonus > 0 {
            format!("; a piece home gives a bonus of {}", self.bonus)
        } else {
            String::new()
        } + &if self.goal > 1 {
            format!(
                "; the last {} steps are the goal: a seat finishes when all its pieces stand in it, home holding pieces like any cell",
                self.goal
            )
        } else {
            String::new()
        } + &if self.gather > 0 {
            format!(
                "; a piece goes home only while all its seat's pieces are within {} steps of home",
                self.gather
            )
        } else {
            String::new()
        } + if self.order.is_empty() {
            ""
        } else {
            "; in each group of `order`, a seat goes home only once those before it have finished"
        }
    }
}
