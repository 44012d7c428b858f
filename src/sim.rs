//! Random play: a bot that picks uniformly among legal actions, and
//! simulations of many games with a seed.

use rand::{Rng as _, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::fast::Fast;
use crate::engine::race::legal::AtOnce;
use crate::{Action, Actor, Game, Outcome, Phase, State};

mod report;

pub use report::{Report, SideRate, simulate};

/// A seeded random number generator, the same on every machine:
/// xoshiro256++, whose output its crate keeps from version to version. A
/// random game draws a number at every throw and decision, so the draw is
/// a few instructions; a generator made for secrets (ChaCha) took some 7%
/// of a random game of one die, and random play needs no secret.
pub type Rng = Xoshiro256PlusPlus;

/// A generator from a seed.
pub fn rng(seed: u64) -> Rng {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// A number in `0..n` (`n` above 0), drawn exactly as `rng.random_range(0..n)`
/// draws a `u64` (Canon's method): one word, and a second only where the
/// first could be biased. Inline, where the generic draw is a call.
#[inline]
fn below(rng: &mut Rng, n: u64) -> u64 {
    let m = u128::from(rng.next_u64()) * u128::from(n);
    let (mut result, low) = ((m >> 64) as u64, m as u64);
    if low > n.wrapping_neg() {
        let high = ((u128::from(rng.next_u64()) * u128::from(n)) >> 64) as u64;
        result += u64::from(low.checked_add(high).is_none());
    }
    result
}

/// An index in `0..n` (`n` above 0, below 2^32: a list of legal actions),
/// drawn exactly as `rng.random_range(0..n)` draws a `usize` of that size:
/// as [`below`], from 32-bit words.
#[inline]
fn index_below(rng: &mut Rng, n: usize) -> usize {
    debug_assert!(u32::try_from(n).is_ok(), "{n} actions to choose from");
    let n = n as u32;
    let m = u64::from(rng.next_u32()) * u64::from(n);
    let (mut result, low) = ((m >> 32) as u32, m as u32);
    if low > n.wrapping_neg() {
        let high = ((u64::from(rng.next_u32()) * u64::from(n)) >> 32) as u32;
        result += u32::from(low.checked_add(high).is_none());
    }
    result as usize
}

/// A seat's draw of a number below `n`, as [`index_below`]. One type for
/// every caller, so that the engine's drawn decisions, generic over the
/// draw, are compiled once: two copies of them would not both fit the
/// processor's cache of code.
#[inline(always)]
fn drawer(rng: &mut Rng) -> impl FnMut(usize) -> usize + '_ {
    move |n| index_below(rng, n)
}

/// A chance action with its exact weights: a throw of the dice, or, before
/// the first turn, the seat that begins.
pub fn throw(game: &Game, state: &State, rng: &mut Rng) -> Action {
    match state.phase {
        Phase::Opening => Action::Begin(rng.random_range(0..game.players().max(1)) as u8),
        // The game's first throw where each seat threw one die to begin.
        _ if game.first_throw_unlike(state) => {
            let throws = game.chance_actions(state);
            let total: u64 = throws.iter().map(|t| t.1).sum();
            let mut u = below(rng, total);
            for (action, weight) in throws {
                if u < weight {
                    return action;
                }
                u -= weight;
            }
            game.throw_for(u)
        }
        _ => game.throw_for(below(rng, game.throw_total())),
    }
}

/// Plays one action for whoever acts: chance throws, a seat picks at random.
/// Returns the action, or `None` when the game is over.
pub fn random_step(
    game: &Game,
    state: &mut State,
    rng: &mut Rng,
    buf: &mut Vec<Action>,
) -> Option<Action> {
    if !game.fits(state) {
        return None;
    }
    step_fitting(game.fast(), state, rng, buf)
}

/// [`random_step`] for a state known to fit the game; applying an action
/// keeps it fitting, so a game checks its state's shape once.
#[inline(always)]
fn step_fitting(
    game: Fast<'_>,
    state: &mut State,
    rng: &mut Rng,
    buf: &mut Vec<Action>,
) -> Option<Action> {
    // A race goes straight by its phase (see `Game::actor`): a throw is
    // applied by its outcome. One the reference path alone answers is
    // played by the general loop, each action applied as listed.
    let action = if game.is_fast_race() {
        match state.phase {
            // end: doubling: a decision about the stake, before the throw.
            Phase::Throw if game.decides_stake(state) => {
                return Some(game.play_from_list(state, buf, drawer(rng)));
            }
            // turn: begins = one_die_each: the game's first throw, never a double.
            Phase::Throw if game.first_throw_unlike(state) => throw(&game, state, rng),
            Phase::Throw => return Some(throw_in_race(game, state, rng)),
            Phase::Move => return Some(pick(game, state, rng, buf)),
            Phase::Opening => throw(&game, state, rng),
            Phase::Over => return None,
        }
    } else {
        match game.actor_fitting(state) {
            Actor::Terminal => return None,
            Actor::Chance => throw(&game, state, rng),
            // Listed in full: a fight, a field game, or a race on the
            // reference path alone.
            Actor::Seat(_) | Actor::Player(_) => {
                return Some(game.play_from_list(state, buf, drawer(rng)));
            }
        }
    };
    game.apply_fitting(state, action);
    Some(action)
}

/// The outcome of a throw of a race's dice, drawn by its weight.
#[inline(always)]
fn outcome(game: &Game, rng: &mut Rng) -> u8 {
    game.outcome_for(below(rng, game.throw_total()))
}

/// Throws the dice of a race waiting for a throw, applied by its outcome.
#[inline(always)]
fn throw_in_race(game: Fast<'_>, state: &mut State, rng: &mut Rng) -> Action {
    let i = outcome(&game, rng);
    game.apply_throw(state, i as usize);
    Action::Throw(i)
}

/// Plays a seat's decision by a legal action picked at random.
#[inline(always)]
fn pick(game: Fast<'_>, state: &mut State, rng: &mut Rng, buf: &mut Vec<Action>) -> Action {
    game.play_drawn(state, buf, drawer(rng))
}

/// One complete random game.
#[derive(Clone, Debug)]
pub struct Played {
    /// The final state.
    pub state: State,
    /// How it came out.
    pub outcome: Outcome,
    /// Actions taken, throws included.
    pub actions: u64,
    /// Throws of the dice (the throw for who begins not counted).
    pub throws: u64,
    /// Every action, if asked for.
    pub history: Vec<Action>,
}

/// Plays one random game from the start.
pub fn play_random(game: &Game, rng: &mut Rng, keep_history: bool) -> Played {
    let mut state = game.new_initial_state();
    let mut history = Vec::new();
    let (actions, throws) = if keep_history {
        play_counting::<true>(game, &mut state, rng, &mut history)
    } else {
        play_counting::<false>(game, &mut state, rng, &mut history)
    };
    let outcome = game.outcome(&state).expect("a game that stopped is over");
    Played {
        state,
        outcome,
        actions,
        throws,
        history,
    }
}

/// [`play_random`]'s game from `state` to its end, its actions kept in
/// `history` where `KEEP`: the actions and the throws counted.
fn play_counting<const KEEP: bool>(
    game: &Game,
    state: &mut State,
    rng: &mut Rng,
    history: &mut Vec<Action>,
) -> (u64, u64) {
    // Filled only where a decision is listed in full: mostly never.
    let mut buf = Vec::new();
    let mut tally = Tally::<KEEP>::new(history);
    if game.is_fast_race() {
        tally = play_race(game.fast(), state, rng, &mut buf, tally);
    } else {
        let game = game.fast();
        while let Some(a) = step_fitting(game, state, rng, &mut buf) {
            tally.record(a);
        }
    }
    (tally.actions, tally.throws)
}

/// What a random game counts as it is played, held by the game's loop and
/// given back at its end; its actions kept where `KEEP`. A seat's decision
/// is recorded without asking whether it is a throw (it never is): asked
/// of the action a decision returns, that test cost a one-die game 2 to 3%
/// of its instructions. Whether to keep the history is settled when the
/// loop is compiled: asked at every action, the question held a register
/// and a branch in the loop, and Ludo ran 13% slower, Mensch 2%.
struct Tally<'h, const KEEP: bool> {
    actions: u64,
    throws: u64,
    /// Every action, where `KEEP`.
    history: &'h mut Vec<Action>,
}

impl<'h, const KEEP: bool> Tally<'h, KEEP> {
    /// Nothing counted yet; the actions to be kept in `history` where `KEEP`.
    fn new(history: &'h mut Vec<Action>) -> Self {
        Tally {
            actions: 0,
            throws: 0,
            history,
        }
    }

    #[inline(always)]
    fn record(&mut self, a: Action) {
        self.throws += u64::from(matches!(a, Action::Throw(_)));
        self.record_decision(a);
    }

    /// [`Tally::record`] for a seat's decision, which is never a throw.
    #[inline(always)]
    fn record_decision(&mut self, a: Action) {
        self.actions += 1;
        if KEEP {
            self.history.push(a);
        }
    }
}

/// [`play_random`]'s loop for a race: the actions [`step_fitting`] gives
/// one by one, but a throw that leaves a decision is followed by that
/// decision at once, without going round by the phase. One loop for each
/// way of playing a throw at once, so that each game's loop holds only
/// the code its rules run. Out of line, apart from the loop of the games
/// that are not races.
#[inline(never)]
fn play_race<'h, const KEEP: bool>(
    game: Fast<'_>,
    state: &mut State,
    rng: &mut Rng,
    buf: &mut Vec<Action>,
    tally: Tally<'h, KEEP>,
) -> Tally<'h, KEEP> {
    match game.throws_at_once() {
        _ if game.has_stakes() => race_loop::<KEEP, STAKES>(game, state, rng, buf, tally),
        Some(AtOnce::Quick) => race_loop::<KEEP, QUICK>(game, state, rng, buf, tally),
        Some(AtOnce::Seen) => race_loop::<KEEP, SEEN>(game, state, rng, buf, tally),
        None => race_loop::<KEEP, APART>(game, state, rng, buf, tally),
    }
}

/// How [`race_loop`] plays a throw: with its decision at once by
/// [`Fast::throw_and_play_quick`] or [`Fast::throw_and_draw_seen`], or
/// apart from it, or apart and after a decision about the stake where
/// one may come first (end: doubling).
const QUICK: u8 = 0;
const SEEN: u8 = 1;
const APART: u8 = 2;
const STAKES: u8 = 3;

/// [`play_race`]'s loop, a throw played as `AT_ONCE` says. Each loop is
/// a function of its own, so that a game's loop is compiled and laid out
/// apart from the others': inlined together into `play_race`, the four
/// ran 3 to 5% more instructions a game in Ludo, Mensch and Pachisi.
#[inline(never)]
fn race_loop<'h, const KEEP: bool, const AT_ONCE: u8>(
    game: Fast<'_>,
    state: &mut State,
    rng: &mut Rng,
    buf: &mut Vec<Action>,
    mut tally: Tally<'h, KEEP>,
) -> Tally<'h, KEEP> {
    loop {
        match state.phase {
            // end: doubling: a decision about the stake, before the throw.
            Phase::Throw if AT_ONCE == STAKES && game.decides_stake(state) => {
                tally.record_decision(game.play_from_list(state, buf, drawer(rng)));
            }
            Phase::Throw if AT_ONCE == QUICK || AT_ONCE == SEEN => {
                let i = outcome(&game, rng);
                tally.record(Action::Throw(i));
                let draw = drawer(rng);
                let played = if AT_ONCE == QUICK {
                    game.throw_and_play_quick(state, i as usize, draw)
                } else {
                    game.throw_and_draw_seen(state, i as usize, draw)
                };
                if let Some(a) = played {
                    tally.record_decision(a);
                } else if state.phase == Phase::Move {
                    tally.record_decision(pick(game, state, rng, buf));
                }
            }
            Phase::Throw => {
                tally.record(throw_in_race(game, state, rng));
                if state.phase == Phase::Move {
                    tally.record_decision(pick(game, state, rng, buf));
                }
            }
            Phase::Move => tally.record_decision(pick(game, state, rng, buf)),
            Phase::Opening => {
                let action = throw(&game, state, rng);
                game.apply_fitting(state, action);
                tally.record(action);
                // turn: begins = one_die_each: the game's first throw, never a double.
                if game.first_throw_unlike(state) {
                    let action = throw(&game, state, rng);
                    game.apply_fitting(state, action);
                    tally.record(action);
                }
            }
            Phase::Over => return tally,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A whole random race, played by its own loop, is the game that
    /// [`random_step`] plays one action at a time from the same seed:
    /// the same actions and the same final state, for every table of every
    /// bundled race (117 games: 39 tables, 3 seeds). A fight or a field
    /// game is played by the very loop of [`random_step`] (`step_fitting`),
    /// so it is not compared with itself.
    #[test]
    fn a_random_game_is_the_one_random_steps_play() {
        let mut compared = 0;
        for name in crate::variants::names() {
            let rules = crate::variants::compile_bundled(name).expect("bundled variants compile");
            for table in &rules.tables {
                let game = Game::new(rules.clone(), table.players).expect("the table exists");
                if !game.is_race() {
                    continue;
                }
                for seed in 0..3 {
                    let played = play_random(&game, &mut rng(seed), true);
                    let (mut state, mut stepped) = (game.new_initial_state(), Vec::new());
                    let (mut r, mut buf) = (rng(seed), Vec::new());
                    while let Some(a) = random_step(&game, &mut state, &mut r, &mut buf) {
                        stepped.push(a);
                    }
                    assert_eq!(
                        played.history, stepped,
                        "{name}/{}p, seed {seed}",
                        table.players
                    );
                    assert_eq!(
                        played.state, state,
                        "{name}/{}p, seed {seed}",
                        table.players
                    );
                    assert_eq!(played.actions as usize, stepped.len());
                    // The loop that keeps no history plays the same game.
                    let unkept = play_random(&game, &mut rng(seed), false);
                    assert_eq!(
                        (unkept.state, unkept.actions, unkept.throws),
                        (played.state, played.actions, played.throws),
                        "{name}/{}p, seed {seed}",
                        table.players
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared >= 100, "only {compared} races compared");
    }

    /// The inline draws give what the generator's own `random_range` gives,
    /// number for number, so a seed plays the same game either way; ranges
    /// near a power of two make the second word matter.
    #[test]
    fn inline_draws_are_the_generators_own() {
        let sizes = [
            1u64,
            2,
            3,
            6,
            7,
            36,
            64,
            100,
            1 << 31,
            (1 << 32) - 1,
            u64::MAX / 3 * 2,
        ];
        for seed in 0..20 {
            let (mut a, mut b) = (rng(seed), rng(seed));
            for _ in 0..500 {
                for &n in &sizes {
                    assert_eq!(below(&mut a, n), b.random_range(0..n), "below {n}");
                    if n <= u32::MAX as u64 {
                        let n = n as usize;
                        assert_eq!(
                            index_below(&mut a, n),
                            b.random_range(0..n),
                            "index below {n}"
                        );
                    }
                }
            }
        }
    }
}
