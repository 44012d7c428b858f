//! `pachisi simulate`: many random games, and what came of them.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pachisi::sim;

use super::outln;

pub fn run(
    variant: &str,
    games: u64,
    seed: u64,
    players: Option<usize>,
    json: bool,
) -> Result<(), String> {
    let game = super::load(variant, players)?;
    let progress = progress_bar(games, json);
    let report = sim::simulate(&game, games, seed, |i| {
        if let Some(bar) = &progress {
            bar.set_position(i);
        }
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let (draws, limit, seconds) = (report.draws, report.turn_limit_reached, report.seconds);
    if json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    outln!(
        "{} with {} players: {} games, seed {}",
        report.variant,
        report.players,
        games,
        seed
    );
    for (name, w) in &report.wins {
        outln!(
            "  {name:<16} {w:>8} wins  {:>5.1}%",
            100.0 * *w as f64 / games.max(1) as f64
        );
    }
    outln!("  {:<16} {draws:>8}", "draws");
    outln!("  turn limit reached in {limit} games");
    outln!(
        "  game length: mean {:.1} turns ({:.1} actions), median {} turns ({} actions)",
        report.mean_turns,
        report.mean_actions,
        report.median_turns,
        report.median_actions
    );
    outln!(
        "  {:.0} games a second ({:.2} s)",
        report.games_per_second,
        seconds
    );
    Ok(())
}

/// A progress bar on standard error, for long runs a person watches: more
/// than 1000 games, standard error a terminal, and no JSON asked for.
fn progress_bar(games: u64, json: bool) -> Option<ProgressBar> {
    if json || games <= 1000 || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({eta} left)")
            .expect("the template is valid"),
    );
    Some(bar)
}
