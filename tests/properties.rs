//! Properties of the engine over every bundled variant and every number of
//! players it allows, checked on random games driven by a seed.
//!
//! Reachable states are written as "seed + number of steps": the seed drives
//! `sim::random_step` from the initial state, so a failing case shrinks to a
//! short, replayable game.

use std::sync::LazyLock;

use pachisi::{Action, Actor, Game, State, sim};
use proptest::prelude::*;

/// Every bundled variant seated for every number of players it allows.
static GAMES: LazyLock<Vec<Game>> = LazyLock::new(|| {
    let mut games = Vec::new();
    for name in pachisi::variants::names() {
        let rules = pachisi::variants::compile_bundled(name)
            .unwrap_or_else(|e| panic!("the bundled variant {name} does not compile:\n{e}"));
        for table in &rules.tables {
            let players = table.players;
            let game = Game::new(rules.clone(), players)
                .unwrap_or_else(|e| panic!("{name} cannot seat {players} players: {e}"));
            games.push(game);
        }
    }
    assert!(!games.is_empty(), "no bundled games");
    games
});

/// The range of the "number of steps" of a reachable state. It is taken
/// modulo the length of the seed's game plus one, so every position of a game,
/// from the first to the last, is about equally likely; a 4-player game of
/// Pachisi lasts about 800 actions.
const MAX_STEPS: usize = 4096;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Failing seeds are printed; no regression files are written into tests/.
        failure_persistence: None,
        max_shrink_iters: 256,
        ..ProptestConfig::default()
    }
}

/// A game by its index in [`GAMES`].
fn game_index() -> impl Strategy<Value = usize> {
    0..GAMES.len()
}

/// A reachable state: the random game `seed` drives, stopped after `steps`
/// actions modulo the game's length plus one (so the final state is included).
fn reach(game: &Game, seed: u64, steps: usize) -> State {
    let length = sim::play_random(game, &mut sim::rng(seed), false).actions as usize;
    let steps = steps % (length + 1);
    let mut rng = sim::rng(seed);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    for _ in 0..steps {
        if sim::random_step(game, &mut state, &mut rng, &mut buf).is_none() {
            break;
        }
    }
    state
}

/// Describes a game for failure messages.
fn describe(game: &Game) -> String {
    format!("{} with {} players", game.rules().name, game.players())
}

/// Pieces are neither created nor lost, and stay on their track; in a
/// fight, the value taken and the value in play add up to all there is, and
/// no cell holds what the rules forbid.
fn check_pieces(game: &Game, state: &State) -> Result<(), TestCaseError> {
    if game.rules().fight.is_some() {
        check_fight(game, state)?;
        if let Err(e) = game.validate(state) {
            return Err(TestCaseError::fail(format!("validate refused: {e}")));
        }
        return Ok(());
    }
    if game.rules().field.is_some() {
        return check_field(game, state);
    }
    let n = game.rules().pieces_per_seat as usize;
    prop_assert_eq!(state.pieces.len(), game.players());
    for seat in 0..game.players() {
        let pieces = state.seat_pieces(seat);
        prop_assert_eq!(
            pieces.len(),
            n,
            "seat {} has {} pieces, not {}",
            game.seat_name(seat),
            pieces.len(),
            n
        );
        let home = game.track(seat).home();
        for &step in pieces {
            prop_assert!(
                step <= home,
                "seat {} has a piece at step {}, past home at {}",
                game.seat_name(seat),
                step,
                home
            );
        }
    }
    if let Err(e) = game.validate(state) {
        return Err(TestCaseError::fail(format!("validate refused: {e}")));
    }
    Ok(())
}

/// In a fight: the points taken plus the value of the pieces still in play
/// (on the board, waiting, inside fused pieces, attacking) is the value of
/// all pieces; no cell holds more than two pieces, nor pieces of two seats
/// outside a fused piece, nor a fused piece of one seat or of partners.
fn check_fight(game: &Game, state: &State) -> Result<(), TestCaseError> {
    let Some(f) = game.rules().fight.as_ref() else {
        return Ok(());
    };
    let Some(fs) = state.fight.as_deref() else {
        return Err(TestCaseError::fail("a fight's state has no fight"));
    };
    let value = |p: &pachisi::Piece| f.value(p.kind) as u32;
    let on_board: u32 = fs
        .cells
        .iter()
        .flat_map(|c| c.pieces())
        .map(|p| value(&p))
        .sum();
    let waiting: u32 = fs
        .waiting
        .iter()
        .map(|w| {
            w.iter()
                .zip(&f.kinds)
                .map(|(&n, k)| n as u32 * k.value as u32)
                .sum::<u32>()
        })
        .sum();
    let attacking = fs.pending.map_or(0, |(_, p)| value(&p));
    let taken: u32 = fs.points.iter().sum();
    let all = f.value_per_seat() * game.seats().len() as u32;
    prop_assert_eq!(
        taken + on_board + waiting + attacking,
        all,
        "taken {} + board {} + waiting {} + attacking {} is not {}",
        taken,
        on_board,
        waiting,
        attacking,
        all
    );
    for (i, c) in fs.cells.iter().enumerate() {
        let name = &game.rules().board.cells[i].name;
        prop_assert!(
            c.count() <= f.cell_max,
            "{} holds {} pieces",
            name,
            c.count()
        );
        prop_assert!(
            c.upper.is_none() || c.lower.is_some(),
            "{}: a piece on nothing",
            name
        );
        if let (Some(a), Some(b)) = (c.lower, c.upper) {
            if c.fused {
                prop_assert!(a.seat != b.seat, "{}: a fused piece of one seat", name);
                let sides = game.sides();
                prop_assert!(
                    sides[a.seat as usize] != sides[b.seat as usize],
                    "{}: a fused piece of partners",
                    name
                );
            } else {
                prop_assert_eq!(a.seat, b.seat, "{}: two seats share a cell", name);
            }
        } else {
            prop_assert!(!c.fused, "{}: a fused piece of one part", name);
        }
    }
    Ok(())
}

/// A field game: every piece of a side is on the board or eliminated (no
/// side has more than its pieces), no cell holds two pieces, no piece
/// stands on an impassable cell, and the state validates.
fn check_field(game: &Game, state: &State) -> Result<(), TestCaseError> {
    use pachisi::rules::field::CellKind;
    let rules = game.rules().field.as_deref().expect("a field game");
    let n = game.rules().pieces_per_seat as usize;
    let f = state.field.as_deref().expect("a field state");
    let mut seen = vec![false; rules.kinds.len()];
    for (seat, army) in f.armies.iter().enumerate() {
        let eliminated = n.checked_sub(army.len());
        prop_assert!(
            eliminated.is_some(),
            "seat {} has {} pieces, more than {n}",
            game.seat_name(seat),
            army.len()
        );
        for p in army {
            prop_assert!(
                rules.kind(p.cell) != CellKind::Impassable,
                "a piece stands on an impassable cell"
            );
            prop_assert!(!seen[p.cell as usize], "two pieces share a cell");
            seen[p.cell as usize] = true;
        }
    }
    if let Err(e) = game.validate(state) {
        return Err(TestCaseError::fail(format!("validate refused: {e}")));
    }
    Ok(())
}

/// How many pieces each side of a field game has on the board.
fn field_counts(state: &State) -> Option<[usize; 2]> {
    let f = state.field.as_deref()?;
    Some([f.armies[0].len(), f.armies[1].len()])
}

/// Any action, mostly nonsense: throws, moves and passes with any numbers,
/// and moves with small numbers that are often close to legal.
fn garbage_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        any::<u8>().prop_map(Action::Throw),
        (0u8..8).prop_map(Action::Throw),
        (any::<u8>(), any::<u8>(), any::<u8>()).prop_map(|(from, count, by)| Action::Move {
            from,
            count,
            by
        }),
        (0u8..100, 0u8..5, 0u8..30).prop_map(|(from, count, by)| Action::Move { from, count, by }),
        Just(Action::Pass),
        (0u16..60, 0u8..3, 0u16..60, 0u8..6, any::<bool>()).prop_map(
            |(from, piece, to, by, join)| {
                Action::Shift {
                    from,
                    piece,
                    to,
                    by,
                    join,
                }
            }
        ),
        (0u16..60, 0u8..4, 0u8..6, any::<bool>()).prop_map(|(to, kind, by, join)| Action::Enter {
            to,
            kind,
            by,
            join
        }),
        (0u8..6).prop_map(Action::Lead),
        // Actions of a field game, on cells near and off the board.
        (0u16..1000).prop_map(Action::Place),
        (0u16..1000, 0u16..1000).prop_map(|(from, to)| Action::Walk { from, to }),
        (0u16..1000, 0u16..1000).prop_map(|(from, to)| Action::Invade { from, to }),
        Just(Action::EndMoves),
        (0u16..1000).prop_map(Action::Join),
        Just(Action::Fight),
        (0u16..1000, 0u16..1000).prop_map(|(from, to)| Action::Retreat { from, to }),
        (0u16..1000).prop_map(Action::Lose),
    ]
}

proptest! {
    #![proptest_config(config(24))]

    /// After every action of a whole game, each playing seat has exactly its
    /// pieces, each between its start and its home, and the state validates.
    #[test]
    fn pieces_are_never_created_or_lost(g in game_index(), seed in any::<u64>()) {
        let game = &GAMES[g];
        let mut rng = sim::rng(seed);
        let mut state = game.new_initial_state();
        let mut buf = Vec::new();
        check_pieces(game, &state)?;
        let mut step = 0usize;
        let mut counts = field_counts(&state);
        while let Some(action) = sim::random_step(game, &mut state, &mut rng, &mut buf) {
            step += 1;
            // In a field game, pieces leave the board only in battles and
            // come back only by set-up or reinforcement at a turn's end.
            let now = field_counts(&state);
            if let (Some(before), Some(after)) = (counts, now) {
                let moved_only = matches!(action, Action::Walk { .. } | Action::Invade { .. } | Action::Join(_) | Action::Lead(_));
                if moved_only {
                    prop_assert_eq!(before, after, "{} changed the pieces on the board", action);
                }
                if matches!(action, Action::Place(_)) {
                    prop_assert_eq!(before[0] + before[1] + 1, after[0] + after[1]);
                }
            }
            counts = now;
            check_pieces(game, &state).map_err(|e| {
                TestCaseError::fail(format!(
                    "{}, seed {seed}, after step {step} ({action}): {e}",
                    describe(game)
                ))
            })?;
        }
        prop_assert!(game.is_terminal(&state));
    }

    /// For every state of a whole game, every legal action applies, and a
    /// seat to move always has something to do.
    #[test]
    fn every_legal_action_applies(g in game_index(), seed in any::<u64>()) {
        let game = &GAMES[g];
        let mut rng = sim::rng(seed);
        let mut state = game.new_initial_state();
        let mut buf = Vec::new();
        let mut step = 0usize;
        loop {
            let legal = game.legal_actions(&state);
            match game.actor(&state) {
                Actor::Terminal => {
                    prop_assert!(legal.is_empty(), "a finished game offers {:?}", legal);
                    break;
                }
                Actor::Seat(_) | Actor::Player(_) => prop_assert!(
                    !legal.is_empty(),
                    "{}, seed {seed}, step {step}: seat {} has no legal action",
                    describe(game),
                    game.seat_name(game.mover(&state))
                ),
                Actor::Chance => prop_assert_eq!(legal.len(), game.chance_actions(&state).len()),
            }
            let mut sorted = legal.clone();
            sorted.sort_unstable();
            sorted.dedup();
            prop_assert_eq!(&sorted, &legal, "legal actions are not sorted and unique");
            if legal.contains(&Action::Pass) && legal.len() > 1 {
                prop_assert!(
                    game.may_pass(&state),
                    "pass is offered beside moves where the rules say values must be used: {:?}",
                    legal
                );
            }
            // A field game offers hundreds of moves a step: check an even sample.
            let every = if game.rules().field.is_some() { legal.len() / 24 + 1 } else { 1 };
            for &a in legal.iter().step_by(every) {
                match game.child(&state, a) {
                    Ok(child) => {
                        if let Err(e) = game.validate(&child) {
                            return Err(TestCaseError::fail(format!(
                                "{}, seed {seed}, step {step}: {a} leads to an invalid state: {e}",
                                describe(game)
                            )));
                        }
                    }
                    Err(e) => {
                        return Err(TestCaseError::fail(format!(
                            "{}, seed {seed}, step {step}: legal action {a} refused: {e}",
                            describe(game)
                        )));
                    }
                }
            }
            if sim::random_step(game, &mut state, &mut rng, &mut buf).is_none() {
                break;
            }
            step += 1;
            if game.rules().field.is_some() && step > 1500 {
                break;
            }
        }
    }
}

/// The races (no fight, no field), by their index in [`GAMES`].
fn race_index() -> impl Strategy<Value = usize> {
    let races: Vec<usize> = (0..GAMES.len())
        .filter(|&i| GAMES[i].rules().fight.is_none() && GAMES[i].rules().field.is_none())
        .collect();
    assert!(!races.is_empty(), "no bundled race");
    proptest::sample::select(races)
}

/// A position of a race that play need not reach: each piece at its start
/// (for a byte below 128) or on any step to its home, any seat to move, the
/// values of one throw waiting; `None` when the position is impossible
/// ([`Game::load_state`] refuses it, such as two sides on a cell that is
/// not safe).
fn loaded_position(game: &Game, mover: usize, bytes: &[u8], throw: usize) -> Option<State> {
    let mut state = game.new_initial_state();
    let seats = state.pieces.len();
    let per_seat = state.pieces.per_seat();
    let lists: Vec<Vec<u8>> = (0..seats)
        .map(|seat| {
            let home = game.track(seat).home() as u16;
            let mut steps: Vec<u8> = bytes[seat * per_seat..(seat + 1) * per_seat]
                .iter()
                .map(|&b| {
                    if b < 128 {
                        0
                    } else {
                        (b as u16 % (home + 1)) as u8
                    }
                })
                .collect();
            steps.sort_unstable();
            steps
        })
        .collect();
    state.pieces = pachisi::Pieces::from_lists(&lists).ok()?;
    state.mover = (mover % seats) as u8;
    state.phase = pachisi::Phase::Move;
    let outcomes = game.chance_outcomes();
    let outcome = &outcomes[throw % outcomes.len()];
    for &value in &outcome.values {
        state.pool.push(pachisi::PoolValue {
            value,
            again: outcome.again,
            bonus: false,
        });
    }
    state.doubles = outcome.doubles;
    let json = serde_json::to_string(&state).ok()?;
    game.load_state(&json).ok()
}

proptest! {
    #![proptest_config(config(96))]

    /// In any position of a race that loads, not only those reached by
    /// play, every legal action applies and leads to a valid state, and
    /// an action the list leaves out is refused with the state unchanged.
    #[test]
    fn every_legal_action_of_any_loaded_position_applies(
        g in race_index(),
        mover in 0usize..8,
        bytes in proptest::collection::vec(any::<u8>(), 64),
        throw in any::<usize>(),
        from in 0u8..80,
        by in 1u8..13,
    ) {
        let game = &GAMES[g];
        let loaded = loaded_position(game, mover, &bytes, throw);
        prop_assume!(loaded.is_some(), "the position is impossible and does not load");
        let state = loaded.expect("the position loads");
        let legal = game.legal_actions(&state);
        prop_assert!(!legal.is_empty(), "{}: a seat to move has no legal action", describe(game));
        for &a in &legal {
            match game.child(&state, a) {
                Ok(child) => {
                    if let Err(e) = game.validate(&child) {
                        return Err(TestCaseError::fail(format!(
                            "{}: {a} leads to an invalid state: {e}", describe(game)
                        )));
                    }
                }
                Err(e) => {
                    return Err(TestCaseError::fail(format!(
                        "{}: legal action {a} refused: {e}", describe(game)
                    )));
                }
            }
        }
        let other = Action::step(from, by);
        if !legal.contains(&other) {
            let mut s = state.clone();
            prop_assert!(game.apply(&mut s, other).is_err(), "{}: {other} is not listed but applies", describe(game));
            prop_assert_eq!(s, state);
        }
    }
}

/// The games that are fights, by their index in [`GAMES`].
fn fight_index() -> impl Strategy<Value = usize> {
    let fights: Vec<usize> = (0..GAMES.len())
        .filter(|&i| GAMES[i].rules().fight.is_some())
        .collect();
    assert!(!fights.is_empty(), "no bundled fight");
    proptest::sample::select(fights)
}

proptest! {
    #![proptest_config(config(24))]

    /// In a fight, after every action of a whole game: the points taken
    /// plus the value of the pieces still in play (on the board, waiting,
    /// inside fused pieces) stay the value of all pieces, and no cell holds
    /// more than two pieces or two owners outside a fused piece.
    #[test]
    fn a_fight_conserves_value_and_no_cell_holds_what_the_rules_forbid(
        g in fight_index(),
        seed in any::<u64>(),
    ) {
        let game = &GAMES[g];
        let mut rng = sim::rng(seed);
        let mut state = game.new_initial_state();
        let mut buf = Vec::new();
        check_fight(game, &state)?;
        let mut step = 0usize;
        while let Some(action) = sim::random_step(game, &mut state, &mut rng, &mut buf) {
            step += 1;
            check_fight(game, &state).map_err(|e| {
                TestCaseError::fail(format!(
                    "{}, seed {seed}, after step {step} ({action}): {e}",
                    describe(game)
                ))
            })?;
        }
        prop_assert!(game.is_terminal(&state));
    }
}

proptest! {
    #![proptest_config(config(32))]

    /// The same seed plays the same game.
    #[test]
    fn the_same_seed_gives_the_same_game(g in game_index(), seed in any::<u64>()) {
        let game = &GAMES[g];
        let a = sim::play_random(game, &mut sim::rng(seed), true);
        let b = sim::play_random(game, &mut sim::rng(seed), true);
        prop_assert_eq!(a.actions, a.history.len() as u64);
        prop_assert_eq!(&a.history, &b.history);
        prop_assert_eq!(&a.state, &b.state);
        prop_assert_eq!(a.actions, b.actions);
        prop_assert_eq!(format!("{:?}", a.outcome), format!("{:?}", b.outcome));
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// A reachable state survives JSON and loads back equal.
    #[test]
    fn state_json_round_trips(g in game_index(), seed in any::<u64>(), steps in 0..MAX_STEPS) {
        let game = &GAMES[g];
        let state = reach(game, seed, steps);
        let json = serde_json::to_string(&state).expect("a state serialises");
        let loaded = game.load_state(&json).map_err(|e| {
            TestCaseError::fail(format!("{}: reloading {json} failed: {e}", describe(game)))
        })?;
        prop_assert_eq!(loaded, state);
    }

    /// Any action either is legal and applies, or is refused and changes nothing.
    #[test]
    fn refused_actions_change_nothing(
        g in game_index(),
        seed in any::<u64>(),
        steps in 0..MAX_STEPS,
        garbage in proptest::collection::vec(garbage_action(), 1..24),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let game = &GAMES[g];
        let state = reach(game, seed, steps);
        let legal = game.legal_actions(&state);
        // Some legal actions too, so that both sides of "exactly when" are seen.
        let mut actions = garbage;
        if !legal.is_empty() {
            actions.extend(picks.iter().map(|i| legal[i.index(legal.len())]));
        }
        for a in actions {
            let before = state.clone();
            let mut after = state.clone();
            let result = game.apply(&mut after, a);
            prop_assert_eq!(
                result.is_ok(),
                legal.contains(&a),
                "{}, seed {}, {} steps: {} gives {:?} but the legal actions are {:?}",
                describe(game), seed, steps, a, result, legal
            );
            prop_assert_eq!(game.refusal(&state, a).is_none(), legal.contains(&a));
            match result {
                Ok(()) => {
                    let child = game.child(&state, a).expect("a legal action applies");
                    prop_assert_eq!(&after, &child);
                    prop_assert!(game.validate(&after).is_ok());
                }
                Err(e) => {
                    prop_assert_eq!(&after, &before, "refused {} changed the state", a);
                    prop_assert_eq!(e.action, a);
                    prop_assert!(!e.reason.is_empty());
                }
            }
        }
    }

    /// A uniform number picks a throw of the dice, never out of range.
    #[test]
    fn throw_for_picks_an_outcome(g in game_index(), u in any::<u64>()) {
        let game = &GAMES[g];
        match game.throw_for(u) {
            Action::Throw(i) => prop_assert!((i as usize) < game.chance_outcomes().len()),
            other => prop_assert!(false, "throw_for gave {other}"),
        }
    }
}

/// A saved state's text with one field changed: of its number and
/// truth-value fields, counted in order, the `nth` (modulo their count) is
/// set to `number` (a truth value is turned over); where `cut`, the list
/// that holds it also loses its last entry.
fn changed_field(json: &str, nth: usize, number: i64, cut: bool) -> String {
    use serde_json::Value;
    fn count(v: &Value) -> usize {
        match v {
            Value::Number(_) | Value::Bool(_) => 1,
            Value::Array(a) => a.iter().map(count).sum(),
            Value::Object(o) => o.values().map(count).sum(),
            _ => 0,
        }
    }
    /// Changes leaf `k` below `v`; `true` once it is changed.
    fn change(v: &mut Value, k: &mut usize, number: i64, cut: bool) -> bool {
        match v {
            Value::Number(_) | Value::Bool(_) => {
                if *k > 0 {
                    *k -= 1;
                    return false;
                }
                *v = match v {
                    Value::Bool(b) => Value::Bool(!*b),
                    _ => Value::from(number),
                };
                true
            }
            Value::Array(a) => {
                for i in 0..a.len() {
                    if change(&mut a[i], k, number, cut) {
                        // The entry's own list is cut, not the one above it.
                        if cut && matches!(a[i], Value::Number(_) | Value::Bool(_)) {
                            a.pop();
                        }
                        return true;
                    }
                }
                false
            }
            Value::Object(o) => o.values_mut().any(|x| change(x, k, number, cut)),
            _ => false,
        }
    }
    let mut v: Value = serde_json::from_str(json).expect("a saved state is JSON");
    let leaves = count(&v).max(1);
    change(&mut v, &mut (nth % leaves), number, cut);
    v.to_string()
}

proptest! {
    #![proptest_config(config(256))]

    /// A saved state with any of its fields changed, to a number play
    /// could give or to one past what its field holds, is loaded or
    /// refused with an error, and never panics; from one that loads, every
    /// legal action applies, and random play goes on without a panic.
    #[test]
    fn a_saved_state_with_any_field_changed_is_loaded_or_refused(
        g in game_index(),
        seed in any::<u64>(),
        steps in 0..MAX_STEPS,
        changes in proptest::collection::vec(
            (
                any::<usize>(),
                prop_oneof![0i64..300, Just(255), Just(256), Just(65_535), Just(-1), any::<u32>().prop_map(i64::from)],
                proptest::bool::weighted(0.1),
            ),
            1..4,
        ),
    ) {
        let game = &GAMES[g];
        let mut json = serde_json::to_string(&reach(game, seed, steps)).expect("a state serialises");
        for &(nth, number, cut) in &changes {
            json = changed_field(&json, nth, number, cut);
        }
        // A refusal is an outcome this property checks (no panic), not a
        // case that tests nothing.
        let Ok(state) = game.load_state(&json) else {
            return Ok(());
        };
        plays_on(game, state, &json, &mut sim::rng(seed), 500);
    }
}

/// From a state loaded from `json`, every legal action applies, and
/// random play goes on for up to `steps` actions without a panic; returns
/// how many legal actions were applied.
fn plays_on(game: &Game, state: State, json: &str, rng: &mut sim::Rng, steps: usize) -> usize {
    let legal = game.legal_actions(&state);
    for &a in &legal {
        assert!(
            game.child(&state, a).is_ok(),
            "{}: legal action {a} of {json} refused",
            describe(game)
        );
    }
    let (mut s, mut buf) = (state, Vec::new());
    for _ in 0..steps {
        if sim::random_step(game, &mut s, rng, &mut buf).is_none() {
            break;
        }
    }
    legal.len()
}

/// A saved state with one field changed to a small number (mostly one play
/// could give) loads often, and from each that loads every legal action
/// applies and random play goes on without a panic: the part of the
/// property above that asks a state to load, over enough loaded states
/// (there most changes are refused, which it checks for no panic).
#[test]
fn a_state_with_one_field_changed_that_loads_plays_on() {
    use rand::RngExt;
    let (mut tried, mut loaded, mut actions) = (0usize, 0usize, 0usize);
    let mut rng = sim::rng(7);
    for game in GAMES.iter() {
        for seed in 0..6u64 {
            let steps = rng.random_range(0..400);
            let json =
                serde_json::to_string(&reach(game, seed, steps)).expect("a state serialises");
            let nth = rng.random_range(0..1000usize);
            let number = rng.random_range(0..8i64);
            let json = changed_field(&json, nth, number, false);
            tried += 1;
            let Ok(state) = game.load_state(&json) else {
                continue;
            };
            loaded += 1;
            actions += plays_on(game, state, &json, &mut rng, 200);
        }
    }
    assert!(
        loaded * 3 > tried && actions > 2_000,
        "{loaded} of {tried} changed states loaded, {actions} legal actions applied"
    );
}

/// The outcomes of the dice have positive weights summing to the total, and
/// `throw_for` over `0..total` picks each outcome exactly `weight` times.
#[test]
fn chance_outcomes_have_positive_weights_summing_to_the_total() {
    for game in GAMES.iter() {
        let dice = &game.rules().dice;
        let outcomes = game.chance_outcomes();
        assert!(!outcomes.is_empty(), "{}: no outcomes", describe(game));
        for o in outcomes {
            assert!(
                o.weight > 0,
                "{}: outcome {} has weight 0",
                describe(game),
                o.label
            );
            assert!(
                !o.values.is_empty(),
                "{}: outcome {} moves nothing",
                describe(game),
                o.label
            );
        }
        let sum: u64 = outcomes.iter().map(|o| o.weight).sum();
        assert_eq!(
            sum,
            dice.total,
            "{}: weights do not sum to the total",
            describe(game)
        );
        if dice.total <= 1 << 16 {
            let mut hits = vec![0u64; outcomes.len()];
            for u in 0..dice.total {
                match game.throw_for(u) {
                    Action::Throw(i) => hits[i as usize] += 1,
                    other => panic!("throw_for gave {other}"),
                }
            }
            let weights: Vec<u64> = outcomes.iter().map(|o| o.weight).collect();
            assert_eq!(
                hits,
                weights,
                "{}: throw_for is not weighted",
                describe(game)
            );
        }
    }
}

/// States that do not have the shape of the game (built by hand, not read
/// with `load_state`) are refused by every function that takes a state,
/// and nothing panics.
#[test]
fn states_of_the_wrong_shape_are_refused_without_panicking() {
    use pachisi::render;
    for game in GAMES.iter() {
        let good = game.new_initial_state();
        let mut shapes = Vec::new();
        if good.field.is_some() {
            // A field game: no field, a seat that does not play, race pieces.
            let mut s = good.clone();
            s.field = None;
            shapes.push(s);
            let mut s = good.clone();
            s.mover = 40;
            shapes.push(s);
            let mut s = good.clone();
            s.pieces = pachisi::Pieces::new(1, 1).expect("one piece fits");
            shapes.push(s);
        }
        let race = good.field.is_none();
        // Counts past the rules' limits, which counting on would overflow.
        let mut s = good.clone();
        s.turns = u32::MAX;
        shapes.push(s);
        let mut s = good.clone();
        s.tried = u8::MAX;
        shapes.push(s);
        let mut s = good.clone();
        s.pieces = pachisi::Pieces::none();
        if race {
            shapes.push(s);
            let mut s = good.clone();
            s.mover = 40;
            shapes.push(s);
            let mut s = good.clone();
            // One piece fewer for every seat.
            let shorter: Vec<Vec<u8>> = s
                .pieces
                .iter()
                .map(|p| p[..p.len().saturating_sub(1)].to_vec())
                .collect();
            s.pieces = pachisi::Pieces::from_lists(&shorter).expect("fewer pieces fit");
            if game.rules().fight.is_some() {
                // A fight keeps its position apart from the race's pieces.
                s.fight = None;
            }
            shapes.push(s);
            if game.rules().fight.is_some() {
                let mut s = good.clone();
                if let Some(f) = s.fight.as_mut() {
                    f.cells.pop();
                }
                shapes.push(s);
                let mut s = good.clone();
                if let Some(f) = s.fight.as_mut() {
                    f.cells[0].lower = Some(pachisi::Piece { seat: 9, kind: 0 });
                }
                shapes.push(s);
            }
            let mut s = good.clone();
            s.entered.clear();
            shapes.push(s);
            if game.rules().fight.is_none() {
                // A piece past its home, in a position that could be played.
                let mut s = good.clone();
                s.phase = pachisi::Phase::Move;
                s.pool.push(pachisi::PoolValue {
                    value: 3,
                    again: false,
                    bonus: false,
                });
                s.pieces[0][0] = 200;
                shapes.push(s);
            }
            if game.rules().fight.is_none() && game.rules().stacks.own_max == 1 {
                // Two of a seat's pieces on one step, where one a cell is the most.
                let mut s = good.clone();
                let per_seat = s.pieces.per_seat();
                if per_seat >= 2 {
                    s.pieces[0][per_seat - 2] = 3;
                    s.pieces[0][per_seat - 1] = 3;
                    shapes.push(s);
                }
            }
            let mut s = good.clone();
            s.finished.push(7);
            s.phase = pachisi::Phase::Over;
            shapes.push(s);
        }
        for bad in shapes {
            assert!(!game.fits(&bad));
            assert!(game.legal_actions(&bad).is_empty());
            assert_eq!(game.actor(&bad), Actor::Terminal);
            assert!(game.outcome(&bad).is_none());
            assert_eq!(game.returns(&bad).len(), game.seats().len());
            assert!(
                matches!(
                    game.validate(&bad),
                    Err(pachisi::StateError::Impossible { .. })
                ),
                "{}: a state of the wrong shape is not refused as impossible",
                describe(game)
            );
            for action in [
                Action::Begin(0),
                Action::Throw(0),
                Action::step(0, 5),
                Action::Round {
                    from: 1,
                    count: 1,
                    by: 2,
                },
                Action::Pass,
            ] {
                let mut s = bad.clone();
                let err = game.apply(&mut s, action).unwrap_err();
                assert_eq!(err.refusal, pachisi::Refusal::BadState);
                assert_eq!(s, bad);
                game.apply_unchecked(&mut s, action);
                assert_eq!(s, bad);
            }
            let _ = render::text(game, &bad);
            let _ = render::svg::svg(game, Some(&bad), Some(9));
            let _ = render::describe_action(game, &bad, Action::step(1, 1));
        }
    }
}

/// A whole game around one dice block.
fn game_with_dice(settings: &str) -> String {
    format!(
        "game g {{ pieces = 1 }}\nboard grid {{ width = 5 height = 3 }}\ndice d {{ {settings} }}\n\
         seat red {{ track = a1..e1, e2, e3..a3 }}\nseat blue {{ track = rotate(red, 2) }}\n\
         players 2 {{ seats = red, blue }}\n"
    )
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// A dice block as written, and the exact chance of each outcome it must
/// give if the language's limits accept it (`None` if they refuse it):
/// each outcome's label with its weight over a total.
#[derive(Debug, Clone)]
struct DiceCase {
    settings: String,
    expected: Option<(Vec<(String, u128)>, u128)>,
}

/// Shells with `up = a/b`, from within the limits to past them (9 shells,
/// a denominator past 1000, weights past 2^64).
fn shells_case() -> impl Strategy<Value = DiceCase> {
    (1u32..=9, 0u128..=1100, 1u128..=1100).prop_map(|(n, a, b)| {
        let score: Vec<String> = (0..=n).map(|k| format!("{k}: {}", k + 1)).collect();
        let settings = format!(
            "shells = {n} up = {a}/{b} score = {{ {} }}",
            score.join(" ")
        );
        let g = gcd(a, b);
        let (ra, rb) = (a / g, b / g);
        let fits = rb.checked_pow(n).is_some_and(|t| t <= u64::MAX as u128);
        let expected = (n <= 8 && a <= b && b <= 1000 && fits).then(|| {
            let weights = (0..=n as u128)
                .map(|k| {
                    let w = binomial(n as u128, k) * ra.pow(k as u32) * (rb - ra).pow(n - k as u32);
                    (format!("{k}up"), w)
                })
                .filter(|(_, w)| *w > 0)
                .collect();
            (weights, rb.pow(n))
        });
        DiceCase { settings, expected }
    })
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Dice with faces, from within the limits to past them (faces past 250,
/// more than 64 faces, 5 dice, more than 256 outcomes, bottom faces past
/// 255): the expected weights come from walking every ordered throw.
fn faces_case() -> impl Strategy<Value = DiceCase> {
    // Most widths lie about the largest that 4, 3 and 2 dice may have (7,
    // 10 and 22 faces).
    let lo = prop_oneof![1u32..=6, 100u32..=260];
    let width = prop_oneof![0u32..=11, 18u32..=26, 0u32..=70];
    (lo, width, 1usize..=5, any::<bool>(), any::<bool>()).prop_map(
        |(lo, width, count, again, bottoms)| {
            let hi = lo + width;
            let mut settings = format!("faces = {lo}..{hi} count = {count}");
            if again {
                settings.push_str(&format!(" again = doubles, {lo}"));
            }
            if bottoms {
                settings.push_str(" doubles_bottoms = when_all_out");
            }
            let faces = (hi - lo + 1) as u128;
            let outcomes = binomial(faces + count as u128 - 1, count as u128);
            let accepted = hi <= 250
                && faces <= 64
                && count <= 4
                && outcomes <= 256
                && !(bottoms && lo + hi > 255);
            let expected = accepted.then(|| {
                // Every ordered throw, counted under its sorted label.
                let mut weights: Vec<(String, u128)> = Vec::new();
                for n in 0..faces.pow(count as u32) {
                    let mut values: Vec<u128> = (0..count)
                        .map(|i| lo as u128 + n / faces.pow(i as u32) % faces)
                        .collect();
                    values.sort_unstable();
                    let label = values
                        .iter()
                        .map(u128::to_string)
                        .collect::<Vec<_>>()
                        .join("-");
                    match weights.iter_mut().find(|(l, _)| *l == label) {
                        Some((_, w)) => *w += 1,
                        None => weights.push((label, 1)),
                    }
                }
                (weights, faces.pow(count as u32))
            });
            DiceCase { settings, expected }
        },
    )
}

proptest! {
    #![proptest_config(config(256))]

    /// Every dice block, within the language's limits or past them, is
    /// compiled to exact chances that are all thrown, or refused with a
    /// diagnostic in the file's words; never a panic, and never more than
    /// 100 ms.
    #[test]
    fn every_dice_block_compiles_to_exact_chances_or_is_refused(
        case in prop_oneof![shells_case(), faces_case()],
    ) {
        let text = game_with_dice(&case.settings);
        let source = pachisi::SourceFile::new("dice.variant", text.as_str());
        // The best of a few compiles, so that a machine busy with other
        // work does not count against the compiler: a hang takes long
        // every time.
        let mut took = std::time::Duration::MAX;
        let mut compiled = None;
        for _ in 0..5 {
            let started = std::time::Instant::now();
            compiled = Some(pachisi::compile(&source));
            took = took.min(started.elapsed());
            if took.as_millis() < 100 {
                break;
            }
        }
        prop_assert!(took.as_millis() < 100, "`{}` took {took:?} to compile", case.settings);
        let compiled = compiled.expect("compiled at least once");
        match (compiled, case.expected) {
            (Ok(rules), Some((expected, total))) => {
                let dice = &rules.dice;
                prop_assert!(dice.outcomes.len() <= 256);
                let sum: u128 = dice.outcomes.iter().map(|o| o.weight as u128).sum();
                prop_assert_eq!(sum, dice.total as u128, "`{}`: the weights do not add up", case.settings);
                // The same chance as expected, outcome by outcome, in the
                // order of their labels: weight / dice.total = w / total.
                let got: Vec<&str> = dice.outcomes.iter().map(|o| o.label.as_str()).collect();
                let want: Vec<&str> = expected.iter().map(|(l, _)| l.as_str()).collect();
                prop_assert_eq!(got, want, "`{}`: not the outcomes expected", case.settings);
                for (o, (_, w)) in dice.outcomes.iter().zip(&expected) {
                    prop_assert_eq!(
                        o.weight as u128 * total, w * dice.total as u128,
                        "`{}`: {} has the wrong chance", case.settings, o.label
                    );
                }
                // Each outcome is thrown: the first number of its share of
                // the total picks it.
                let dice = dice.clone();
                let game = Game::new(rules.into(), 2).expect("two seats");
                let mut first = 0u64;
                for (i, o) in dice.outcomes.iter().enumerate() {
                    prop_assert_eq!(game.throw_for(first), Action::Throw(i as u8));
                    prop_assert_eq!(game.throw_for(first + o.weight - 1), Action::Throw(i as u8));
                    first += o.weight;
                }
            }
            (Err(err), None) => {
                prop_assert!(!err.items.is_empty());
                let rendered = err.to_string();
                prop_assert!(
                    rendered.contains("--> dice.variant:3:"),
                    "`{}`: the refusal does not point at the dice:\n{rendered}", case.settings
                );
            }
            (Ok(rules), None) => {
                return Err(TestCaseError::fail(format!(
                    "`{}` is past the limits but compiled to {} outcomes", case.settings, rules.dice.outcomes.len()
                )));
            }
            (Err(err), Some(_)) => {
                return Err(TestCaseError::fail(format!(
                    "`{}` is within the limits but was refused:\n{err}", case.settings
                )));
            }
        }
    }
}
