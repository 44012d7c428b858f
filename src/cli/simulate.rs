//! `pachisi simulate`: many random games, and what came of them.

use std::io::IsTerminal;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pachisi::stats::{self, Rate};
use pachisi::{EndReason, batch, sim};
use serde::Serialize;

use super::outln;

#[derive(Serialize)]
struct Report {
    variant: String,
    players: usize,
    games: u64,
    seed: u64,
    threads: usize,
    wins: Vec<(String, u64)>,
    win_rates: Vec<SideRate>,
    draws: u64,
    turn_limit_reached: u64,
    mean_turns: f64,
    median_turns: u64,
    mean_throws: f64,
    median_throws: u64,
    mean_actions: f64,
    median_actions: u64,
    seconds: f64,
    games_per_second: f64,
}

/// A side's wins as a rate of the games, with its 95% interval.
#[derive(Serialize)]
pub(super) struct SideRate {
    side: String,
    #[serde(flatten)]
    rate: Rate,
}

/// What a random game leaves for the report.
struct Game1 {
    winner: Option<u8>,
    at_limit: bool,
    turns: u32,
    throws: u32,
    actions: u32,
}

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
    let sides = game.side_count();
    let progress = progress_bar(games, json, 1000);
    let started = Instant::now();
    let played = batch::run(
        games,
        threads,
        || (),
        |(), i| {
            let played = sim::play_random(&game, &mut batch::game_rng(seed, i), false);
            Game1 {
                winner: played.outcome.winner,
                at_limit: played.outcome.reason == EndReason::TurnLimit,
                turns: played.state.turns,
                throws: played.throws.min(u32::MAX as u64) as u32,
                actions: played.actions.min(u32::MAX as u64) as u32,
            }
        },
        |done| {
            if let Some(bar) = &progress {
                bar.set_position(done);
            }
        },
    );
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let mut wins = vec![0u64; sides];
    let (mut draws, mut limit) = (0, 0);
    for g in &played {
        match g.winner {
            Some(side) => wins[side as usize] += 1,
            None => draws += 1,
        }
        limit += u64::from(g.at_limit);
    }
    let mut turns: Vec<u64> = played.iter().map(|g| u64::from(g.turns)).collect();
    let mut throws: Vec<u64> = played.iter().map(|g| u64::from(g.throws)).collect();
    let mut actions: Vec<u64> = played.iter().map(|g| u64::from(g.actions)).collect();
    let side_names: Vec<String> = (0..sides as u8).map(|side| game.side_name(side)).collect();
    let report = Report {
        variant: game.rules().name.clone(),
        players: game.players(),
        games,
        seed,
        threads,
        wins: side_names
            .iter()
            .cloned()
            .zip(wins.iter().copied())
            .collect(),
        win_rates: side_names
            .iter()
            .zip(&wins)
            .map(|(side, &w)| SideRate {
                side: side.clone(),
                rate: Rate::new(w, games),
            })
            .collect(),
        draws,
        turn_limit_reached: limit,
        mean_turns: stats::mean(&turns),
        median_turns: stats::median(&mut turns),
        mean_throws: stats::mean(&throws),
        median_throws: stats::median(&mut throws),
        mean_actions: stats::mean(&actions),
        median_actions: stats::median(&mut actions),
        seconds,
        games_per_second: games as f64 / seconds.max(1e-9),
    };
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
    outln!("  {:<16} {draws:>8}", "draws");
    outln!("  turn limit reached in {limit} games");
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
        seconds,
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
