//! The time each bot takes to decide, for every bundled variant at its
//! largest table: positions where a seat has at least two legal actions,
//! taken from random games, each bot asked once at each, on one core.
//!
//! Run with `cargo run --release --example bot_speed [BOT...]` (default:
//! greedy, expectimax, mcts).

use std::time::Instant;

use pachisi::bots::BotSpec;
use pachisi::{Actor, Game, State, sim, variants};

/// Positions where a seat has two legal actions or more, every few
/// decisions of random games.
fn positions(game: &Game, most: usize) -> Vec<State> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..50 {
        let mut rng = sim::rng(seed);
        let mut state = game.new_initial_state();
        let mut seen = 0;
        while out.len() < most {
            if !matches!(game.actor(&state), Actor::Chance | Actor::Terminal)
                && game.legal_actions(&state).len() >= 2
            {
                if seen % 5 == 0 {
                    out.push(state.clone());
                }
                seen += 1;
            }
            if sim::random_step(game, &mut state, &mut rng, &mut buf).is_none() {
                break;
            }
        }
        if out.len() >= most {
            break;
        }
    }
    out
}

fn main() {
    let asked: Vec<String> = std::env::args().skip(1).collect();
    let bots: Vec<String> = if asked.is_empty() {
        vec!["greedy".into(), "expectimax".into(), "mcts".into()]
    } else {
        asked
    };
    println!(
        "{:<34} {:<52} {:>9} {:>9}",
        "variant", "bot", "mean ms", "max ms"
    );
    for name in variants::names() {
        let game = Game::bundled(name, None).expect("bundled variants load");
        let states = positions(&game, 40);
        for spec in &bots {
            let spec: BotSpec = spec.parse().expect("a bot");
            let mut bot = spec.build();
            let mut rng = sim::rng(1);
            let (mut total, mut most) = (0.0f64, 0.0f64);
            for state in &states {
                let started = Instant::now();
                let _ = bot.choose(&game, state, &mut rng);
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                total += ms;
                most = most.max(ms);
            }
            println!(
                "{:<34} {:<52} {:>9.2} {:>9.2}",
                format!("{name}/{}p", game.players()),
                spec.to_string(),
                total / states.len().max(1) as f64,
                most
            );
        }
    }
}
