//! The report of many random games: who won how often, with the interval
//! of each side's rate, how long the games ran, and how fast they were
//! played. The command line's `simulate` prints it (`--json` as it is),
//! and the Python package returns it as a dict. Games are played on
//! several threads, each from a generator of its own
//! ([`batch::game_rng`]), so the report is the same for any number of
//! threads but for the time taken.

use std::time::Instant;

use serde::Serialize;

use crate::stats::{Histogram, Rate};
use crate::{EndReason, Game, batch};

/// What came of many random games from one seed.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game's name.
    pub variant: String,
    /// The players at the table.
    pub players: usize,
    /// The games played.
    pub games: u64,
    /// The seed; the same seed plays the same games.
    pub seed: u64,
    /// The threads the games were played on.
    pub threads: usize,
    /// Each side's name and the games it won.
    pub wins: Vec<(String, u64)>,
    /// Each side's wins as a rate of the games, with its 95% interval.
    pub win_rates: Vec<SideRate>,
    /// The games no side won.
    pub draws: u64,
    /// The games that ended at the turn limit.
    pub turn_limit_reached: u64,
    /// Where the game counts points at the end (the `end` block's
    /// forfeits): the points the winning side won in a game, each with
    /// the games that gave it, fewest points first; empty otherwise.
    pub points_won: Vec<(u64, u64)>,
    /// The points the winning side won in a game, on average over the
    /// games won; 0 where the game counts no points.
    pub mean_points_won: f64,
    /// The turns of a game, on average.
    pub mean_turns: f64,
    /// The turns of the middle game.
    pub median_turns: u64,
    /// The throws of the dice in a game (the throw for who begins not
    /// counted), on average.
    pub mean_throws: f64,
    /// The throws of the middle game.
    pub median_throws: u64,
    /// The actions of a game (throws included), on average.
    pub mean_actions: f64,
    /// The actions of the middle game.
    pub median_actions: u64,
    /// How long the games took, on the clock.
    pub seconds: f64,
    /// Games a second.
    pub games_per_second: f64,
}

/// A side's wins as a rate of the games, with its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideRate {
    /// The side's name: its seats' names joined by `+`.
    pub side: String,
    /// Its wins among the games.
    #[serde(flatten)]
    pub rate: Rate,
}

impl SideRate {
    /// Each side of `game` with its wins (`wins[side]`) among `games`.
    pub fn of_sides(game: &Game, wins: &[u64], games: u64) -> Vec<SideRate> {
        (0..game.side_count())
            .map(|side| SideRate {
                side: game.side_name(side as u8),
                rate: Rate::new(wins.get(side).copied().unwrap_or(0), games),
            })
            .collect()
    }
}

/// The sums of some games, the same whatever order they were added in.
#[derive(Clone, Debug, Default)]
struct Tally {
    wins: Vec<u64>,
    draws: u64,
    at_limit: u64,
    turns: Histogram,
    throws: Histogram,
    actions: Histogram,
    points: Histogram,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (w, o) in self.wins.iter_mut().zip(&other.wins) {
            *w += o;
        }
        self.draws += other.draws;
        self.at_limit += other.at_limit;
        self.turns.merge(&other.turns);
        self.throws.merge(&other.throws);
        self.actions.merge(&other.actions);
        self.points.merge(&other.points);
    }
}

/// Plays `games` random games from `seed` on `threads` threads (at least
/// one) and reports what came of them: game `i` is played from
/// [`batch::game_rng`]`(seed, i)`, so the report is the same for any
/// number of threads but for `threads`, `seconds` and `games_per_second`.
/// `progress` is told now and then how many games were played.
pub fn simulate(
    game: &Game,
    games: u64,
    seed: u64,
    threads: usize,
    progress: impl Fn(u64),
) -> Report {
    let threads = threads.max(1);
    let sides = game.side_count();
    let started = Instant::now();
    let tally = batch::fold(
        games,
        threads,
        || {
            let tally = Tally {
                wins: vec![0; sides],
                ..Tally::default()
            };
            ((), tally)
        },
        |(), tally, i| {
            let played = super::play_random(game, &mut batch::game_rng(seed, i), false);
            match played.outcome.winner {
                Some(side) if (side as usize) < sides => tally.wins[side as usize] += 1,
                _ => tally.draws += 1,
            }
            tally.at_limit += u64::from(played.outcome.reason == EndReason::TurnLimit);
            tally.turns.add(u64::from(played.state.turns));
            tally.throws.add(played.throws);
            tally.actions.add(played.actions);
            let outcome = &played.outcome;
            if outcome.winner.is_some() && !outcome.scores.is_empty() {
                let won: i64 = (outcome.winners.iter())
                    .map(|&w| i64::from(outcome.scores.get(w as usize).copied().unwrap_or(0)))
                    .sum();
                tally.points.add(won.max(0) as u64);
            }
        },
        Tally::merge,
        progress,
    );
    let seconds = started.elapsed().as_secs_f64();
    Report {
        variant: game.rules().name.clone(),
        players: game.players(),
        games,
        seed,
        threads,
        wins: (0..sides)
            .map(|side| (game.side_name(side as u8), tally.wins[side]))
            .collect(),
        win_rates: SideRate::of_sides(game, &tally.wins, games),
        draws: tally.draws,
        turn_limit_reached: tally.at_limit,
        points_won: tally.points.counts().collect(),
        mean_points_won: tally.points.mean(),
        mean_turns: tally.turns.mean(),
        median_turns: tally.turns.median(),
        mean_throws: tally.throws.mean(),
        median_throws: tally.throws.median(),
        mean_actions: tally.actions.mean(),
        median_actions: tally.actions.median(),
        seconds,
        games_per_second: games as f64 / seconds.max(1e-9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The report of one thread is the report of three, but for the
    /// time; each side's rate holds its wins.
    #[test]
    fn the_report_is_the_same_on_any_number_of_threads() {
        let game = Game::bundled("ludo", Some(4)).expect("Ludo loads");
        let strip = |r: Report| {
            let mut v = serde_json::to_value(&r).expect("a report writes as JSON");
            for key in ["threads", "seconds", "games_per_second"] {
                v.as_object_mut().expect("an object").remove(key);
            }
            v
        };
        let one = simulate(&game, 150, 4, 1, |_| {});
        assert_eq!(one.wins.iter().map(|w| w.1).sum::<u64>() + one.draws, 150);
        for (rate, (_, wins)) in one.win_rates.iter().zip(&one.wins) {
            assert_eq!(rate.rate.successes, *wins);
            assert_eq!(rate.rate.trials, 150);
        }
        assert!(one.mean_throws > one.mean_turns);
        let three = simulate(&game, 150, 4, 3, |_| {});
        assert_eq!(strip(one), strip(three));
    }
}
