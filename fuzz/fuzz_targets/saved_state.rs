//! Reads arbitrary UTF-8 text as a saved state of each bundled variant, at
//! its largest table. Whatever loads has its legal actions listed and
//! applied, and is played on at random for a few hundred actions: nothing
//! may panic, a legal action may not be refused, a race plays as its
//! reference path says at every state, and the random draw plays a
//! listed action.

#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use pachisi::{Game, sim, variants};

/// Each bundled variant, seated for the most players it allows.
static GAMES: LazyLock<Vec<Game>> = LazyLock::new(|| {
    variants::names()
        .into_iter()
        .filter_map(|name| Game::bundled(name, None).ok())
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let Ok(json) = std::str::from_utf8(data) else {
        return;
    };
    for game in GAMES.iter() {
        let Ok(state) = game.load_state(json) else {
            continue;
        };
        for a in game.legal_actions(&state) {
            assert!(game.child(&state, a).is_ok(), "legal action {a} refused");
        }
        let (mut s, mut rng, mut buf) = (state, sim::rng(data.len() as u64), Vec::new());
        for _ in 0..300 {
            if let Some(difference) = game.reference_difference(&s) {
                panic!("the engine parts from its reference path: {difference}");
            }
            // The random draw plays a listed action, leaving the state its
            // apply leaves.
            let (before, listed) = (s.clone(), game.legal_actions(&s));
            let Some(drawn) = sim::random_step(game, &mut s, &mut rng, &mut buf) else {
                break;
            };
            assert!(
                listed.contains(&drawn),
                "the draw plays {drawn}, not listed"
            );
            assert!(
                game.child(&before, drawn).ok() == Some(s.clone()),
                "the draw of {drawn} leaves another state"
            );
        }
    }
});
