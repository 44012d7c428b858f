//! Dynamic checks: random games with a seed, every state and every legal
//! action on the way checked against the engine's own rules.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use super::{Check, Options, Status};
use crate::engine::race::reference::{MOST_VALUES_COUNTED, values_counted};
use crate::rules::UseValues;
use crate::{Action, EndReason, Game, Phase, PlayError, RuleSet, State, sim};

/// Findings kept for each check; the rest are only counted.
const KEPT: usize = super::SHOWN_FINDINGS - 1;

/// What random play found, check by check.
struct Tally {
    games: u64,
    states: u64,
    tried: u64,
    saved: u64,
    replayed: u64,
    compared: u64,
    ended: u64,
    at_limit: u64,
    /// (actions, turns, players, seed) of the longest game.
    longest: Option<(u64, u32, usize, u64)>,
    /// Decisions under `use = most` with more values waiting than it
    /// counts ahead, and the most values seen waiting at one.
    long_throws: u64,
    longest_throw: usize,
    valid: Check,
    legal: Check,
    round_trip: Check,
    replay: Check,
    end: Check,
    reference: Check,
}

impl Tally {
    fn new() -> Tally {
        let check = |name| Check::new(name, String::new());
        Tally {
            games: 0,
            states: 0,
            tried: 0,
            saved: 0,
            replayed: 0,
            compared: 0,
            ended: 0,
            at_limit: 0,
            longest: None,
            long_throws: 0,
            longest_throw: 0,
            valid: check("valid states"),
            legal: check("legal actions apply"),
            round_trip: check("state round-trip"),
            replay: check("replay"),
            end: check("games end"),
            reference: check("reference path"),
        }
    }
}

/// Adds a failure to a check, keeping the first few; the count goes on.
fn fail(check: &mut Check, overflow: &mut u64, finding: String) {
    if check.findings.len() < KEPT {
        check.found(Status::Failed, finding);
    } else {
        check.status = Status::Failed;
        *overflow += 1;
    }
}

/// Where in which game: "players 4, seed 17, after 12 actions".
fn place(game: &Game, seed: u64, index: u64) -> String {
    format!(
        "players {}, seed {seed}, after {index} action{}",
        game.players(),
        if index == 1 { "" } else { "s" }
    )
}

/// Plays `options.games` games at each table and checks them.
pub(super) fn all(rules: &Arc<RuleSet>, tables: &[usize], options: &Options) -> Vec<Check> {
    let mut tally = Tally::new();
    // Findings past the kept ones, per check, in the order of the report.
    let mut more = [0u64; 6];
    for &players in tables {
        let game = match Game::new(rules.clone(), players) {
            Ok(game) => game,
            Err(e) => {
                fail(&mut tally.valid, &mut more[0], e.to_string());
                continue;
            }
        };
        for i in 0..options.games {
            let seed = options.seed.wrapping_add(i);
            let at = std::cell::Cell::new(0u64);
            let played = catch_unwind(AssertUnwindSafe(|| {
                play_one(&game, seed, options, &mut tally, &mut more, &at)
            }));
            if let Err(panic) = played {
                let message = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("a panic");
                fail(
                    &mut tally.valid,
                    &mut more[0],
                    format!(
                        "{}: the engine panicked: {message}",
                        place(&game, seed, at.get())
                    ),
                );
            }
        }
    }
    finish(tally, more, rules, options)
}

/// The state after `action`, one of the legal actions of `state`, or
/// why it is refused. A race refuses exactly the actions it does not list
/// (`Game::refusal`), so its listed ones are applied without listing the
/// decision again for each: under `use = most` a listing is a search.
fn listed_child(game: &Game, state: &State, action: Action) -> Result<State, PlayError> {
    if !game.is_race() {
        return game.child(state, action);
    }
    let mut child = state.clone();
    game.apply_unchecked(&mut child, action);
    Ok(child)
}

/// One game: every state validated, every legal action applied, states at
/// powers of two saved and loaded, then the game replayed from its seed.
fn play_one(
    game: &Game,
    seed: u64,
    options: &Options,
    t: &mut Tally,
    more: &mut [u64; 6],
    at: &std::cell::Cell<u64>,
) {
    t.games += 1;
    let mut rng = sim::rng(seed);
    let mut state = game.new_initial_state();
    let mut buf = Vec::with_capacity(64);
    let mut history: Vec<Action> = Vec::new();
    let mut index: u64 = 0;
    if let Err(e) = game.validate(&state) {
        fail(
            &mut t.valid,
            &mut more[0],
            format!(
                "{}: the initial state is refused: {e}",
                place(game, seed, 0)
            ),
        );
        return;
    }
    t.states += 1;
    loop {
        at.set(index);
        if index == 0 || index.is_power_of_two() {
            round_trip(game, &state, seed, index, t, &mut more[2]);
        }
        // A race's engine path is held to its reference path.
        let every = options.reference_every;
        let compared = game.is_race() && every > 0 && index % every == 0;
        if compared {
            t.compared += 1;
            if let Some(difference) = game.reference_difference(&state) {
                fail(
                    &mut t.reference,
                    &mut more[5],
                    format!("{}: {difference}", place(game, seed, index)),
                );
            }
        }
        if game.is_race()
            && game.rules().turn.use_values == UseValues::Most
            && state.phase == Phase::Move
            && usize::from(values_counted(&state)) < state.pool.len()
        {
            t.long_throws += 1;
            t.longest_throw = t.longest_throw.max(state.pool.len());
        }
        let legal = game.legal_actions(&state);
        // A field game offers hundreds of moves a step: an even sample is applied.
        let every = if game.rules().field.is_some() {
            legal.len() / 8 + 1
        } else {
            1
        };
        for &action in legal.iter().step_by(every) {
            t.tried += 1;
            match listed_child(game, &state, action) {
                Ok(child) => {
                    if let Err(e) = game.validate(&child) {
                        fail(
                            &mut t.legal,
                            &mut more[1],
                            format!(
                                "{}: the legal action {} leads to an impossible state: {e}",
                                place(game, seed, index),
                                game.action_text(action)
                            ),
                        );
                    }
                }
                Err(e) => fail(
                    &mut t.legal,
                    &mut more[1],
                    format!(
                        "{}: the legal action {} is refused: {}",
                        place(game, seed, index),
                        e.action_text,
                        e.reason
                    ),
                ),
            }
        }
        if index >= options.max_actions {
            fail(
                &mut t.end,
                &mut more[4],
                format!(
                    "players {}, seed {seed}: no end after {index} actions ({} turns)",
                    game.players(),
                    state.turns
                ),
            );
            return;
        }
        // The random draw, which picks without a list where it can, plays
        // an action listed here and leaves the state applying it leaves.
        let before = compared.then(|| state.clone());
        let Some(action) = sim::random_step(game, &mut state, &mut rng, &mut buf) else {
            break;
        };
        if let Some(before) = before {
            if !legal.contains(&action)
                || listed_child(game, &before, action).ok().as_ref() != Some(&state)
            {
                fail(
                    &mut t.reference,
                    &mut more[5],
                    format!(
                        "{}: the random draw plays {}, which is not a listed action applied",
                        place(game, seed, index),
                        game.action_text(action)
                    ),
                );
            }
        }
        history.push(action);
        index += 1;
        t.states += 1;
        if let Err(e) = game.validate(&state) {
            fail(
                &mut t.valid,
                &mut more[0],
                format!(
                    "{} (the last {}): {e}",
                    place(game, seed, index),
                    game.action_text(action)
                ),
            );
            return;
        }
    }
    t.ended += 1;
    let turns = state.turns;
    if t.longest.is_none_or(|(a, ..)| index > a) {
        t.longest = Some((index, turns, game.players(), seed));
    }
    match game.outcome(&state) {
        Some(outcome) => {
            if outcome.reason == EndReason::TurnLimit {
                t.at_limit += 1;
            }
        }
        None => fail(
            &mut t.end,
            &mut more[4],
            format!(
                "{}: the game stopped but has no outcome",
                place(game, seed, index)
            ),
        ),
    }
    replay(game, seed, &history, &state, t, &mut more[3]);
}

/// A state saved as JSON loads back, equal.
fn round_trip(game: &Game, state: &State, seed: u64, index: u64, t: &mut Tally, more: &mut u64) {
    t.saved += 1;
    let json = match serde_json::to_string(state) {
        Ok(json) => json,
        Err(e) => {
            fail(
                &mut t.round_trip,
                more,
                format!("{}: the state does not save: {e}", place(game, seed, index)),
            );
            return;
        }
    };
    match game.load_state(&json) {
        Ok(loaded) if loaded == *state => {}
        Ok(_) => fail(
            &mut t.round_trip,
            more,
            format!(
                "{}: the state loads back different: {json}",
                place(game, seed, index)
            ),
        ),
        Err(e) => fail(
            &mut t.round_trip,
            more,
            format!(
                "{}: the saved state does not load: {e}: {json}",
                place(game, seed, index)
            ),
        ),
    }
}

/// The same seed plays the same actions to the same end.
fn replay(game: &Game, seed: u64, history: &[Action], end: &State, t: &mut Tally, more: &mut u64) {
    t.replayed += 1;
    let mut rng = sim::rng(seed);
    let mut state = game.new_initial_state();
    let mut buf = Vec::with_capacity(64);
    for (i, &expected) in history.iter().enumerate() {
        match sim::random_step(game, &mut state, &mut rng, &mut buf) {
            Some(action) if action == expected => {}
            got => {
                let got = got.map_or("the end".into(), |a| game.action_text(a));
                fail(
                    &mut t.replay,
                    more,
                    format!(
                        "{}: the replay plays {got}, the game played {}",
                        place(game, seed, i as u64),
                        game.action_text(expected)
                    ),
                );
                return;
            }
        }
    }
    if state != *end || !game.is_terminal(&state) {
        fail(
            &mut t.replay,
            more,
            format!(
                "{}: the replay ends in another state",
                place(game, seed, history.len() as u64)
            ),
        );
    }
}

fn finish(mut t: Tally, more: [u64; 6], rules: &RuleSet, options: &Options) -> Vec<Check> {
    let _ = options;
    t.valid.figures = format!("{} states of {} games validated", t.states, t.games);
    t.legal.figures = format!(
        "{} legal actions applied and their states validated",
        t.tried
    );
    t.round_trip.figures = format!("{} states saved as JSON and loaded back", t.saved);
    t.replay.figures = format!("{} games replayed from their seeds", t.replayed);
    t.reference.figures = if rules.fight.is_none() && rules.field.is_none() {
        format!(
            "{} states: the same legal actions, and the same state after each, as the reference path, and the random draw plays one of them",
            t.compared
        )
    } else {
        "not a race: a fight or a field game has one path".to_string()
    };
    let limit = rules.turn.limit;
    let mut end = format!("{} of {} games ended", t.ended, t.games);
    if let Some((actions, turns, players, seed)) = t.longest {
        end.push_str(&format!(
            "; longest {actions} actions, {turns} turns (players {players}, seed {seed})"
        ));
    }
    end.push_str(&format!(
        "; {} at the turn limit of {limit} ({:.1}%)",
        t.at_limit,
        100.0 * t.at_limit as f64 / t.games.max(1) as f64
    ));
    t.end.figures = end;
    if t.at_limit > 0 {
        t.end.found(
            Status::Warning,
            format!(
                "{} of {} games stopped at the turn limit of {limit} turns",
                t.at_limit, t.games
            ),
        );
    }
    if t.long_throws > 0 {
        t.legal.found(
            Status::Warning,
            format!(
                "{} decisions had more than {MOST_VALUES_COUNTED} values of a throw waiting (as many as {}): turn: use = most counts {MOST_VALUES_COUNTED} of them ahead, keeping the moves after which {MOST_VALUES_COUNTED} can still be used",
                t.long_throws, t.longest_throw
            ),
        );
    }
    let mut checks = [t.valid, t.legal, t.round_trip, t.replay, t.end, t.reference];
    for (check, more) in checks.iter_mut().zip(more) {
        if more > 0 {
            check.findings.push(format!("{more} more like these"));
        }
    }
    checks.into()
}
