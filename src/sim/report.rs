//! The report of many random games: who won how often, how long the games
//! ran, and how fast they were played. The command line's `simulate
//! --json` prints it; other front ends read it as JSON too.

use std::time::Instant;

use serde::Serialize;

use crate::{EndReason, Game};

/// What came of many random games from one seed.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game's name.
    pub variant: String,
    /// The players at the table.
    pub players: usize,
    /// The games played.
    pub games: u64,
    /// The seed of the first game; the same seed plays the same games.
    pub seed: u64,
    /// Each side's name and the games it won.
    pub wins: Vec<(String, u64)>,
    /// The games no side won.
    pub draws: u64,
    /// The games that ended at the turn limit.
    pub turn_limit_reached: u64,
    /// The turns of a game, on average.
    pub mean_turns: f64,
    /// The turns of the middle game.
    pub median_turns: u64,
    /// The actions of a game (throws included), on average.
    pub mean_actions: f64,
    /// The actions of the middle game.
    pub median_actions: u64,
    /// How long the games took.
    pub seconds: f64,
    /// Games a second.
    pub games_per_second: f64,
}

/// Plays `games` random games from `seed` and reports what came of them;
/// `progress` is told how many games were played, every 64 games.
pub fn simulate(game: &Game, games: u64, seed: u64, mut progress: impl FnMut(u64)) -> Report {
    let mut rng = super::rng(seed);
    let sides = game.side_count();
    let mut wins = vec![0u64; sides];
    let mut draws = 0;
    let mut limit = 0;
    let mut turns = Vec::with_capacity(games as usize);
    let mut actions = Vec::with_capacity(games as usize);
    let started = Instant::now();
    for i in 0..games {
        if i % 64 == 0 {
            progress(i);
        }
        let played = super::play_random(game, &mut rng, false);
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
    let mean = |v: &[u64]| v.iter().sum::<u64>() as f64 / v.len().max(1) as f64;
    let median = |v: &mut Vec<u64>| {
        v.sort_unstable();
        v.get(v.len() / 2).copied().unwrap_or(0)
    };
    Report {
        variant: game.rules().name.clone(),
        players: game.players(),
        games,
        seed,
        wins: (0..sides as u8)
            .map(|side| game.side_name(side))
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
    }
}
