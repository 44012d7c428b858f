//! Rule-consistency checking: static lints of a compiled [`RuleSet`] and
//! checks of the engine by random play with a seed.
//!
//! [`check`] runs both and gives a [`Report`], one line a check:
//!
//! ```
//! use pachisi::verify::{self, Options};
//!
//! let rules = pachisi::variants::compile_bundled("pachisi").unwrap();
//! let options = Options { games: 2, ..Options::default() };
//! let report = verify::check(&rules, &options);
//! assert!(report.passed(), "{report}");
//! println!("{report}");
//! ```
//!
//! The static lints read the rule set alone: tracks that are not alike from
//! seat to seat, cells and safe cells no track reaches, dice values no move
//! can use, and *stalls*, steps from which a piece can never move even on an
//! empty board. The dynamic checks play `games` random games at each table
//! and check every state and every legal action on the way. See
//! `docs/verify.md`.
//!
//! With the cargo feature `proptest`, `strategy::reachable_states` gives a
//! proptest strategy of states reachable by random play, and
//! `generate::race_variants` one of generated race variant files that
//! cover every setting of a race.

mod field_lints;
mod fight_lints;
#[cfg(feature = "proptest")]
pub mod generate;
mod lints;
mod play;
#[cfg(feature = "proptest")]
pub mod strategy;

use std::fmt;
use std::sync::Arc;

use crate::RuleSet;

/// What to check, and how much random play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Random games played at each table (0 runs the static lints only).
    pub games: u64,
    /// The seed of the first game; game `i` of a table plays with seed `seed + i`.
    pub seed: u64,
    /// The number of players to check; `None` checks every table of the file.
    pub players: Option<usize>,
    /// Actions after which a game that has not ended counts as never ending.
    pub max_actions: u64,
    /// In a race, the engine's path is compared with the reference path at
    /// every state whose index in its game is a multiple of this (1: every
    /// state; 0: none).
    pub reference_every: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            games: 100,
            seed: 1,
            players: None,
            max_actions: 200_000,
            reference_every: 1,
        }
    }
}

/// How a check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Nothing wrong was found.
    Passed,
    /// Something is probably not what the writer meant, but the game works.
    Warning,
    /// The rules or the engine are inconsistent.
    Failed,
}

impl Status {
    /// The word shown in a report.
    pub fn word(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Warning => "warning",
            Status::Failed => "FAILED",
        }
    }
}

/// One check: its name, how it came out, its figures and what it found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// A short name, such as `stalls`.
    pub name: &'static str,
    /// How it came out.
    pub status: Status,
    /// What was checked, in figures.
    pub figures: String,
    /// What was found, one sentence each; empty when it passed.
    pub findings: Vec<String>,
}

impl Check {
    fn new(name: &'static str, figures: String) -> Check {
        Check {
            name,
            status: Status::Passed,
            figures,
            findings: Vec::new(),
        }
    }

    /// Adds a finding at `status`; the check takes the worst status found.
    fn found(&mut self, status: Status, finding: String) {
        if !self.findings.contains(&finding) {
            self.findings.push(finding);
        }
        self.status = worst(self.status, status);
    }
}

fn worst(a: Status, b: Status) -> Status {
    match (a, b) {
        (Status::Failed, _) | (_, Status::Failed) => Status::Failed,
        (Status::Warning, _) | (_, Status::Warning) => Status::Warning,
        _ => Status::Passed,
    }
}

/// The findings of one check shown in a report; the rest are counted.
const SHOWN_FINDINGS: usize = 12;

/// What [`check`] found: one [`Check`] a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The game's name.
    pub variant: String,
    /// The options it was checked with.
    pub options: Options,
    /// The numbers of players checked by random play.
    pub tables: Vec<usize>,
    /// The checks, static lints first.
    pub checks: Vec<Check>,
}

impl Report {
    /// Whether no check failed; warnings do not fail.
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.status != Status::Failed)
    }

    /// The checks that failed.
    pub fn failures(&self) -> impl Iterator<Item = &Check> {
        self.checks.iter().filter(|c| c.status == Status::Failed)
    }

    /// The check called `name`.
    pub fn check(&self, name: &str) -> Option<&Check> {
        self.checks.iter().find(|c| c.name == name)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tables: Vec<String> = self.tables.iter().map(|n| n.to_string()).collect();
        writeln!(
            f,
            "verify {}: {} random game{} at each table of {} players, seed {}",
            self.variant,
            self.options.games,
            if self.options.games == 1 { "" } else { "s" },
            tables.join(", "),
            self.options.seed
        )?;
        let width = self.checks.iter().map(|c| c.name.len()).max().unwrap_or(0);
        for check in &self.checks {
            writeln!(
                f,
                "{:<7}  {:<width$}  {}",
                check.status.word(),
                check.name,
                check.figures
            )?;
            for finding in check.findings.iter().take(SHOWN_FINDINGS) {
                writeln!(f, "         - {finding}")?;
            }
            if check.findings.len() > SHOWN_FINDINGS {
                writeln!(
                    f,
                    "         - and {} more",
                    check.findings.len() - SHOWN_FINDINGS
                )?;
            }
        }
        let count = |s| self.checks.iter().filter(|c| c.status == s).count();
        let (failed, warnings) = (count(Status::Failed), count(Status::Warning));
        write!(
            f,
            "{}: {} check{}, {} failed, {} warning{}",
            if failed == 0 { "passed" } else { "FAILED" },
            self.checks.len(),
            if self.checks.len() == 1 { "" } else { "s" },
            failed,
            warnings,
            if warnings == 1 { "" } else { "s" }
        )
    }
}

/// Checks a rule set: the static lints, then `options.games` random games at
/// each table (or at the table of `options.players`).
///
/// A number of players the file has no table for is reported as a failed
/// check, not a panic.
pub fn check(rules: &Arc<RuleSet>, options: &Options) -> Report {
    let mut checks = lints::all(rules);
    let tables: Vec<usize> = match options.players {
        Some(n) => vec![n],
        None => {
            let mut all: Vec<usize> = rules.tables.iter().map(|t| t.players).collect();
            all.sort_unstable();
            all.dedup();
            all
        }
    };
    if options.games > 0 {
        checks.extend(play::all(rules, &tables, options));
    }
    Report {
        variant: rules.name.clone(),
        options: options.clone(),
        tables,
        checks,
    }
}
