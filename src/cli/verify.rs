//! `pachisi verify`: static lints of a variant and checks of the engine by
//! random play; exits non-zero when a check fails.

use pachisi::verify::{self, Options};

use super::outln;

pub fn run(file: &str, games: u64, seed: u64, players: Option<usize>) -> Result<(), String> {
    let game = super::load(file, players)?;
    let options = Options {
        games,
        seed,
        players,
        ..Options::default()
    };
    let report = verify::check(game.rules_arc(), &options);
    outln!("{report}");
    if report.passed() {
        Ok(())
    } else {
        let failed: Vec<&str> = report.failures().map(|c| c.name).collect();
        Err(format!("error: verify failed: {}", failed.join(", ")))
    }
}
