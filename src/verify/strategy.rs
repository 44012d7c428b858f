//! A [proptest](https://docs.rs/proptest) strategy of reachable states, for
//! property tests of your own bots, renderers or rule changes. Compiled with
//! the cargo feature `proptest`:
//!
//! ```toml
//! [dev-dependencies]
//! pachisi = { version = "0.1", features = ["proptest"] }
//! ```

use proptest::prelude::*;

use crate::{Game, State, sim};

/// The range of the number of steps of a reachable state; it is taken
/// modulo the length of the seed's game plus one, so every position of a
/// game, from the first to the last, is about equally likely.
pub const MAX_STEPS: usize = 4096;

/// The most actions played to find a game's length: a game that has not
/// ended by then is cut there.
const MAX_ACTIONS: usize = 1 << 20;

/// The state the random game `seed` reaches after `steps` actions, modulo
/// the length of that game plus one (so the final state is included).
///
/// The game is played by [`sim::random_step`] from the initial state, so the
/// same seed and steps give the same state on every machine.
pub fn reach(game: &Game, seed: u64, steps: usize) -> State {
    let mut buf = Vec::with_capacity(64);
    let mut length = 0;
    {
        let mut rng = sim::rng(seed);
        let mut state = game.new_initial_state();
        while length < MAX_ACTIONS
            && sim::random_step(game, &mut state, &mut rng, &mut buf).is_some()
        {
            length += 1;
        }
    }
    let steps = steps % (length + 1);
    let mut rng = sim::rng(seed);
    let mut state = game.new_initial_state();
    for _ in 0..steps {
        if sim::random_step(game, &mut state, &mut rng, &mut buf).is_none() {
            break;
        }
    }
    state
}

/// States reachable in `game` by random play: a seed and a number of steps,
/// replayed through [`sim::random_step`] from the initial state. A failing
/// case shrinks towards seed 0 and few steps, that is a short game that is
/// easy to replay.
///
/// ```
/// use pachisi::Game;
/// use pachisi::verify::strategy::reachable_states;
/// use proptest::prelude::*;
///
/// let game = Game::bundled("pachisi", Some(2)).unwrap();
/// let checked = game.clone();
/// proptest!(ProptestConfig::with_cases(8), |(state in reachable_states(game.clone()))| {
///     // Every reachable state validates, and a seat to move has an action.
///     prop_assert!(checked.validate(&state).is_ok());
///     prop_assert_eq!(checked.is_terminal(&state), checked.legal_actions(&state).is_empty());
/// });
/// ```
pub fn reachable_states(game: Game) -> impl Strategy<Value = State> {
    (any::<u64>(), 0..MAX_STEPS).prop_map(move |(seed, steps)| reach(&game, seed, steps))
}
