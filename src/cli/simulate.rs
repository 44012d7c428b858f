//! `pachisi simulate`: many random games, and what came of them.

use std::io::IsTerminal;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pachisi::{EndReason, sim};
use serde::Serialize;

use super::outln;

#[derive(Serialize)]
struct Report {
    variant: String,
    players: usize,
    games: u64,
    seed: u64,
    wins: Vec<(String, u64)>,
    draws: u64,
    turn_limit_reached: u64,
    mean_turns: f64,
    median_turns: u64,
    mean_actions: f64,
    median_actions: u64,
    seconds: f64,
    games_per_second: f64,
}

pub fn run(
    variant: &str,
    games: u64,
    seed: u64,
    players: Option<usize>,
    json: bool,
) -> Result<(), String> {
    let game = super::load(variant, players)?;
    let mut rng = sim::rng(seed);
    let sides = game.side_count();
    let mut wins = vec![0u64; sides];
    let mut draws = 0;
    let mut limit = 0;
    let mut turns = Vec::with_capacity(games as usize);
    let mut actions = Vec::with_capacity(games as usize);
    let progress = progress_bar(games, json);
    let started = Instant::now();
    for i in 0..games {
        if let (Some(bar), 0) = (&progress, i % 64) {
            bar.set_position(i);
        }
        let played = sim::play_random(&game, &mut rng, false);
        match played.outcome.winner {
            Some(side) => wins[side as usize] += 1,
            None => draws += 1,
        }
        if played.outcome.reason == EndReason::TurnLimit {
            limit += 1;
        }
        turns.push(played.state.turns as u64);
        actions.push(played.actions);
    }
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let side_names: Vec<String> = (0..sides as u8).map(|side| game.side_name(side)).collect();
    let mean = |v: &[u64]| v.iter().sum::<u64>() as f64 / v.len().max(1) as f64;
    let median = |v: &mut Vec<u64>| {
        v.sort_unstable();
        v.get(v.len() / 2).copied().unwrap_or(0)
    };
    let report = Report {
        variant: game.rules().name.clone(),
        players: game.players(),
        games,
        seed,
        wins: side_names
            .iter()
            .cloned()
            .zip(wins.iter().copied())
            .collect(),
        draws,
        turn_limit_reached: limit,
        mean_turns: mean(&turns),
        median_turns: median(&mut turns),
        mean_actions: mean(&actions),
        median_actions: median(&mut actions),
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
