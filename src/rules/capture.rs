//! Capture: landing on opponents, safe cells, and what a capture earns.

use serde::Serialize;

use super::{RuleSet, board::CellId};

/// Who may take on a seat's own entry cell when it is safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum OwnEntry {
    /// Nobody: it is safe like any other.
    No,
    /// The seat, with a piece leaving its start.
    Entering,
    /// The seat, with any move.
    Always,
}

/// The `capture { .. }` block.
#[derive(Clone, Debug, Serialize)]
pub struct CaptureRules {
    /// Whether landing on an opponent takes it (`by = landing`; `by = none` turns captures off).
    pub by_landing: bool,
    /// Cells where nobody is taken and any number of pieces of any seat may stand (`safe = region`).
    pub safe: Vec<CellId>,
    /// The region the safe cells came from, for descriptions.
    pub safe_region: Option<String>,
    /// Throws earned by a capture (`again = yes` is one).
    pub extra_throws: u8,
    /// Whether partners may take each other (`partners = yes`).
    pub partners: bool,
    /// A bonus value each capture adds to the waiting values (`bonus = 20`); 0 for none.
    pub bonus: u8,
    /// Whether a piece may land on a safe cell where another side stands
    /// (`safe_shared = yes`); otherwise not (`safe_shared = no`).
    pub safe_shared: bool,
    /// Where a seat may take on its own entry cell (step 1 of its track) even
    /// though the cell is safe: `own_entry = no`, `entering` (only a piece
    /// leaving its start takes there) or `always` (any move of that seat).
    pub own_entry: OwnEntry,
}

impl CaptureRules {
    /// One line about capture.
    pub fn describe(&self, rules: &RuleSet) -> String {
        let _ = rules;
        format!(
            "{}; safe cells: {}; a capture gives {} extra throw{}; partners {}",
            if self.by_landing {
                "landing on an opponent sends it back to its start"
            } else {
                "no captures"
            },
            self.safe_region.as_deref().unwrap_or("none"),
            self.extra_throws,
            if self.extra_throws == 1 { "" } else { "s" },
            if self.partners {
                "take each other"
            } else {
                "never take each other"
            }
        ) + &self.describe_more()
    }

    fn describe_more(&self) -> String {
        let mut out = String::new();
        if self.bonus > 0 {
            out.push_str(&format!("; a capture gives a bonus of {}", self.bonus));
        }
        if !self.safe_shared {
            out.push_str("; no landing on a safe cell another side holds");
        }
        match self.own_entry {
            OwnEntry::No => {}
            OwnEntry::Entering => out.push_str(
                "; a piece leaving its start takes on its own entry cell though it is safe",
            ),
            OwnEntry::Always => {
                out.push_str("; a seat takes on its own entry cell though it is safe")
            }
        }
        out
    }
}
