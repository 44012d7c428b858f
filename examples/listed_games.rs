//! Complete random games a second played as a bot or a Python loop plays
//! them: every decision listed in full (`Game::legal_actions_fitting`),
//! one action picked uniformly from the list, and applied; the dice
//! thrown by their weights. `simulate` draws a decision without listing
//! it; this measures the listing.
//!
//! Run with `cargo run --release --example listed_games -- VARIANT [GAMES [PLAYERS [reference]]]`
//! (VARIANT: a bundled name or a file; default 10,000 games, 4 players;
//! `reference`: list by the reference path, `Game::legal_actions_reference`).

use std::time::Instant;

use pachisi::{Actor, Game, sim};
use rand::RngExt;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(variant) = args.first() else {
        eprintln!("usage: listed_games VARIANT [GAMES [PLAYERS [reference]]]");
        std::process::exit(2);
    };
    let games: u64 = args
        .get(1)
        .map_or(10_000, |g| g.parse().expect("a number of games"));
    let players: usize = args
        .get(2)
        .map_or(4, |p| p.parse().expect("a number of players"));
    let reference = args.get(3).is_some_and(|r| r == "reference");
    let game = Game::load(variant, Some(players)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let mut rng = sim::rng(1);
    let mut list = Vec::new();
    let mut actions = 0u64;
    let started = Instant::now();
    for _ in 0..games {
        let mut state = game.new_initial_state();
        loop {
            let action = match game.actor(&state) {
                Actor::Terminal => break,
                Actor::Chance => sim::throw(&game, &state, &mut rng),
                Actor::Seat(_) | Actor::Player(_) => {
                    if reference {
                        list = game.legal_actions_reference(&state);
                    } else {
                        game.legal_actions_fitting(&state, &mut list);
                    }
                    list[rng.random_range(0..list.len())]
                }
            };
            game.apply_fitting(&mut state, action);
            actions += 1;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{:.0} games a second ({:.1} actions a game, {games} games, {seconds:.2} s)",
        games as f64 / seconds,
        actions as f64 / games as f64
    );
}
