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
    threads: Option<usize>,
) -> Result<(), String> {
    let game = super::load(variant, players)?;
    let threads = super::threads(threads)?;
    let progress = progress_bar(games, json, 1000);
    let report = sim::simulate(&game, games, seed, threads, |done| {
        if let Some(bar) = &progress {
            bar.set_position(done);
        }
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
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
    for (side, (_, w)) in report.win_rates.iter().zip(&report.wins) {
        outln!("  {:<16} {w:>8} wins  {}", side.side, side.rate.percent());
    }
    outln!("  {:<16} {:>8}", "draws", report.draws);
    outln!(
        "  turn limit reached in {} games",
        report.turn_limit_reached
    );
    if !report.points_won.is_empty() {
        let won: u64 = report.points_won.iter().map(|p| p.1).sum();
        let each: Vec<String> = (report.points_won.iter())
            .take(8)
            .map(|&(points, games)| {
                format!(
                    "{points} in {:.1}%",
                    100.0 * games as f64 / won.max(1) as f64
                )
            })
            .collect();
        let more = if report.points_won.len() > 8 {
            ", .."
        } else {
            ""
        };
        outln!(
            "  points won: mean {:.2} a game won; {}{more}",
            report.mean_points_won,
            each.join(", ")
        );
    }
    outln!(
        "  game length: mean {:.1} turns, {:.1} throws ({:.1} actions); median {} turns, {} throws ({} actions)",
        report.mean_turns,
        report.mean_throws,
        report.mean_actions,
        report.median_turns,
        report.median_throws,
        report.median_actions
    );
    outln!(
        "  {:.0} games a second ({:.2} s, {} thread{})",
        report.games_per_second,
        report.seconds,
        threads,
        if threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// A progress bar on standard error, for long runs a person watches: more
/// than `least` games, standard error a terminal, and no JSON asked for.
pub(super) fn progress_bar(games: u64, json: bool, least: u64) -> Option<ProgressBar> {
    if json || games <= least || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({eta} left)")
            .expect("the template is valid"),
    );
    Some(bar)
}
