//! The engine's path plays every bundled race and house rule as the
//! reference path does: the same legal actions at every decision of
//! random games, and the same state after each of them.

use pachisi::{Game, sim};

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

#[test]
fn every_bundled_race_plays_as_the_reference_path_says() {
    let mut races = 0;
    for name in pachisi::variants::names() {
        let game = Game::load(name, None).expect("loads");
        if game.rules().fight.is_some() || game.rules().field.is_some() {
            continue;
        }
        races += 1;
        let compared = compare_in_random_games(name, &game, 2);
        assert!(compared > 100, "{name}: only {compared} states");
    }
    assert!(races >= 11, "{races} races");
}
