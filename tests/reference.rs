//! The engine's path plays every bundled race and house rule as the
//! reference path does: the same legal actions at every decision of
//! random games, and the same state after each of them; and the random
//! games `simulate` plays, whose decisions are drawn without a list, are
//! games the reference path plays too.

use pachisi::{Actor, Game, sim};

/// Plays `games` random games of `game`, comparing the two paths at every
/// state reached; returns how many states were compared.
fn compare_in_random_games(name: &str, game: &Game, games: u64) -> usize {
    let mut compared = 0;
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut rng = sim::rng(seed);
        let mut state = game.new_initial_state();
        loop {
            if let Some(difference) = game.reference_difference(&state) {
                panic!(
                    "{name}, game {seed}: {difference}\nin {}",
                    serde_json::to_string(&state).unwrap_or_default()
                );
            }
            compared += 1;
            if sim::random_step(game, &mut state, &mut rng, &mut buf).is_none() {
                break;
            }
        }
    }
    compared
}

/// Every bundled race and house rule, at its largest table.
fn bundled_races() -> Vec<(&'static str, Game)> {
    let races: Vec<_> = pachisi::variants::names()
        .into_iter()
        .map(|name| (name, Game::load(name, None).expect("loads")))
        .filter(|(_, game)| game.rules().fight.is_none() && game.rules().field.is_none())
        .collect();
    assert!(races.len() >= 11, "{} races", races.len());
    races
}

#[test]
fn every_bundled_race_plays_as_the_reference_path_says() {
    for (name, game) in bundled_races() {
        let compared = compare_in_random_games(name, &game, 2);
        assert!(compared > 100, "{name}: only {compared} states");
    }
}

/// Plays `games` random games of `game` as `simulate` plays them (each
/// decision drawn without a list where the engine can) and replays each on
/// the reference path: every action drawn at a decision is one the
/// reference path lists, it applies there, and the game ends in the same
/// state. Returns how many drawn decisions were replayed.
fn replay_drawn_games(name: &str, game: &Game, games: u64) -> usize {
    let mut decisions = 0;
    for seed in 0..games {
        let played = sim::play_random(game, &mut sim::rng(seed), true);
        let mut state = game.new_initial_state();
        for (at, &action) in played.history.iter().enumerate() {
            let where_ = || {
                format!(
                    "{name}, game {seed}, action {at} ({}), in {}",
                    game.action_text(action),
                    serde_json::to_string(&state).unwrap_or_default()
                )
            };
            if matches!(game.actor(&state), Actor::Seat(_) | Actor::Player(_)) {
                let listed = game.legal_actions_reference(&state);
                assert!(listed.contains(&action), "not listed: {}", where_());
                decisions += 1;
            }
            let before = where_();
            game.apply_reference(&mut state, action)
                .unwrap_or_else(|e| panic!("refused: {e}: {before}"));
        }
        assert_eq!(state, played.state, "{name}, game {seed}: another end");
    }
    decisions
}

#[test]
fn every_bundled_race_draws_only_what_the_reference_path_lists() {
    for (name, game) in bundled_races() {
        // Ten games, or more where games are short (a dropped double ends
        // one at once).
        let mut decisions = replay_drawn_games(name, &game, 10);
        if decisions <= 1_000 {
            decisions = replay_drawn_games(name, &game, 60);
        }
        assert!(
            decisions > 1_000,
            "{name}: only {decisions} decisions drawn"
        );
    }
}
