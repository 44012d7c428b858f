//! Stacks: several pieces on one cell. Blockades, and groups that move together.

use serde::Serialize;

use super::{board::CellId, entry::EntryThrows};

/// Which single pieces a piece may not pass (`jump`), on the cells of `jump_in`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Jump {
    /// Any piece that is no blockade may be passed (`jump = any`).
    Any,
    /// No piece passes one of its own seat's pieces (`jump = not_own`).
    NotOwn,
    /// No piece passes any piece (`jump = none`).
    None,
}

/// The `stacks { .. }` block.
#[derive(Clone, Debug, Serialize)]
pub struct StackRules {
    /// Pieces of one side on one cell that make a blockade (`blockade = 2`); 0 for none.
    pub blockade: u8,
    /// Whether a group no smaller than a blockade may pass it (`pass = group_as_large`);
    /// otherwise nothing of another side passes (`pass = never`).
    pub group_passes: bool,
    /// Whether landing with as many pieces or more takes a blockade (`take = as_many`);
    /// otherwise a blockade cannot be landed on (`take = never`).
    pub take_as_many: bool,
    /// Whether pieces of one seat on one cell and at one step may move together
    /// on one value, each the whole value (`groups = together`).
    pub groups: bool,
    /// Whether pieces of one seat on one step always move together, as
    /// one larger piece (`groups = merged`; `groups` is then set too).
    pub merged: bool,
    /// Whether a blockade stops no piece that passes it (`pass = always`):
    /// it only keeps pieces from landing on it, as `take` says.
    pub always_passes: bool,
    /// Whether a blockade of exactly `blockade` pieces may be passed with a
    /// value of a double (`pass = with_doubles`); larger ones never.
    pub doubles_pass: bool,
    /// Whether a blockade also stops its own side's pieces (`blocks = everyone`);
    /// otherwise only other sides' (`blocks = others`).
    pub blocks_own: bool,
    /// Whether, within one throw, two pieces that left one blockade may not
    /// both go to the same new cell (`pairs = apart`); `pairs = free` allows it.
    pub pairs_apart: bool,
    /// A blockade of one seat may stand this many of its owner's turns; in
    /// the next, a move that breaks it must be made if one can
    /// (`blockade_turns = 3`); 0 for no limit.
    pub blockade_turns: u8,
    /// The throws on which the mover's blockade must be broken, if a move
    /// can break one (`break_on = again`, or values such as `6`); `None`
    /// for never (`break_on = none`).
    pub break_on: Option<EntryThrows>,
    /// Whether blockades differ by who made them (`mixed = open_to_side`): one
    /// of pieces of two or more seats of one side is passed by that side
    /// with any value and by no other side; one of a single seat's pieces
    /// by no one. Larger blockades than `blockade` follow `pass`.
    pub mixed_open: bool,
    /// The most pieces, of any seats, that may stand on one cell (`max = 2`); 0 for no limit.
    pub max: u8,
    /// The most pieces of one seat that may stand on one cell (`own_max = 1`); 0 for no limit.
    pub own_max: u8,
    /// Which pieces standing on the race a move may not pass (`jump`).
    pub jump: Jump,
    /// The cells where `jump` holds (`jump_in = region`); `None`: every cell.
    pub jump_in: Option<Vec<CellId>>,
    /// The region `jump_in` came from, for descriptions.
    pub jump_region: Option<String>,
}

impl StackRules {
    /// One line about stacks.
    pub fn describe(&self) -> String {
        let mut limits = String::new();
        if self.max > 0 {
            limits.push_str(&format!("; at most {} pieces on a cell", self.max));
        }
        if self.own_max > 0 {
            limits.push_str(&format!("; at most {} of one seat on a cell", self.own_max));
        }
        if self.mixed_open && self.blockade > 0 {
            limits.push_str(&format!(
                "; a blockade of {} partners' pieces is passed by their side alone, one of a single seat's by no one",
                self.blockade
            ));
        }
        if self.jump != Jump::Any {
            let within = match &self.jump_region {
                Some(region) => format!(" on the cells of {region}"),
                None => String::new(),
            };
            limits.push_str(&match self.jump {
                Jump::NotOwn => format!("; no piece passes one of its own seat's pieces{within}"),
                _ => format!("; no piece passes another piece{within}"),
            });
        }
        if self.blockade_turns > 0 {
            limits.push_str(&format!(
                "; a blockade stands at most {} of its owner's turns, then must be broken",
                self.blockade_turns
            ));
        }
        if let Some(throws) = self.break_on.as_ref().filter(|_| self.blockade > 0) {
            limits.push_str(&format!(
                "; on {}, a blockade must be broken if a move can break one",
                throws.describe()
            ));
        }
        format!("{}{limits}", self.describe_blockades())
    }

    fn describe_blockades(&self) -> String {
        if self.blockade == 0 {
            return format!(
                "no blockades; {}",
                if self.merged {
                    "pieces of a seat on one cell always move together, as one"
                } else if self.groups {
                    "pieces on one cell may move together"
                } else {
                    "pieces move one at a time"
                }
            );
        }
        format!(
            "{} pieces of one side make a blockade; {}; {}; {}",
            self.blockade,
            match (self.group_passes, self.doubles_pass, self.blocks_own) {
                _ if self.always_passes => "any piece passes a blockade",
                (true, _, _) => "a group no smaller than a blockade may pass it",
                (_, true, true) =>
                    "a blockade of that size is passed only with a double, a larger one never, by anyone",
                (_, true, false) =>
                    "a blockade of that size is passed only with a double, a larger one never",
                (_, false, true) => "no piece passes a blockade, its own side's neither",
                (_, false, false) => "no opponent passes a blockade",
            },
            if self.take_as_many {
                "landing with as many or more takes it, except on a safe cell"
            } else {
                "it cannot be landed on"
            },
            if self.merged {
                "pieces of a seat on one cell always move together, as one"
            } else if self.groups {
                "pieces on one cell may move together"
            } else if self.pairs_apart {
                "pieces move one at a time, and two from one blockade never to the same cell in one throw"
            } else {
                "pieces move one at a time"
            }
        )
    }
}
