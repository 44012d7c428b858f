//! Generated race variant files (`pachisi::verify::generate`): each one
//! compiles, random games at each of its tables run to their end without a
//! panic, every state on the way validates, every legal action applies,
//! the engine's path lists and applies as the reference path does, and
//! every move of a game drawn as `simulate` draws it is one the reference
//! path lists;
//! and over a fixed set of seeds the generator makes every choice of every
//! setting, and every field of the compiled race rules takes more than one
//! value.

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{AssertUnwindSafe, catch_unwind};

use pachisi::verify::generate::{self, GeneratedVariant, SETTINGS, race_variants};
use pachisi::{Actor, Game, SourceFile, sim};
use proptest::prelude::*;
use rand::RngExt;

/// Actions after which a random game that has not ended is left.
const MAX_ACTIONS: usize = 4000;

/// Seeds of the coverage test: every choice must come up among them.
const COVERAGE_SEEDS: u64 = 600;

/// One random game: every state validates, every legal action applies to a
/// copy of the state and leaves a valid one, and the game ends or reaches
/// [`MAX_ACTIONS`].
fn play(game: &Game, seed: u64) -> Result<(), String> {
    let mut rng = sim::rng(seed);
    let mut state = game.new_initial_state();
    for at in 0..MAX_ACTIONS {
        game.validate(&state)
            .map_err(|e| format!("after {at} actions, validate refused: {e}\n{state:?}"))?;
        // The engine's path lists and applies as the reference path does.
        if let Some(difference) = game.reference_difference(&state) {
            let json = serde_json::to_string(&state).unwrap_or_default();
            return Err(format!(
                "after {at} actions, the engine parts from the reference path: {difference}\nstate: {json}"
            ));
        }
        let action = match game.actor(&state) {
            Actor::Terminal => return Ok(()),
            Actor::Chance => sim::throw(game, &state, &mut rng),
            Actor::Seat(_) | Actor::Player(_) => {
                let actions = game.legal_actions(&state);
                if actions.is_empty() {
                    return Err(format!("after {at} actions, no legal action\n{state:?}"));
                }
                for &a in &actions {
                    let child = game.child(&state, a).map_err(|e| {
                        format!(
                            "after {at} actions, the legal {} does not apply: {e}",
                            game.action_text(a)
                        )
                    })?;
                    game.validate(&child).map_err(|e| {
                        format!(
                            "after {at} actions and {}, validate refused: {e}",
                            game.action_text(a)
                        )
                    })?;
                }
                actions[rng.random_range(0..actions.len())]
            }
        };
        game.apply(&mut state, action).map_err(|e| {
            format!(
                "after {at} actions, {} does not apply: {e}",
                game.action_text(action)
            )
        })?;
    }
    Ok(())
}

/// One random game as `simulate` plays it, where decisions are drawn
/// without a list: replayed on the reference path, every move drawn is one
/// the reference lists, and the game ends in the same state.
fn drawn_game(game: &Game, seed: u64) -> Result<(), String> {
    let played = sim::play_random(game, &mut sim::rng(seed), true);
    let mut state = game.new_initial_state();
    for (at, &a) in played.history.iter().enumerate() {
        let decides = matches!(game.actor(&state), Actor::Seat(_) | Actor::Player(_));
        if decides && !game.legal_actions_reference(&state).contains(&a) {
            let json = serde_json::to_string(&state).unwrap_or_default();
            return Err(format!(
                "after {at} actions of a drawn game, {} is drawn, which the reference path does not list\nstate: {json}",
                game.action_text(a)
            ));
        }
        game.apply_reference(&mut state, a).map_err(|e| {
            format!(
                "after {at} actions of a drawn game, {} does not apply on the reference path: {e}",
                game.action_text(a)
            )
        })?;
    }
    if state != played.state {
        return Err("a drawn game ends in another state on the reference path".into());
    }
    Ok(())
}

/// Compiles a variant and plays a random game at each of its tables; a
/// panic is caught and reported with the file.
fn check_variant(variant: &GeneratedVariant, seed: u64) -> Result<(), TestCaseError> {
    let rules = variant.compile().map_err(|e| {
        TestCaseError::fail(format!(
            "a generated variant does not compile:\n{e}\n{variant}"
        ))
    })?;
    let mut tables: Vec<usize> = rules.tables.iter().map(|t| t.players).collect();
    tables.sort_unstable();
    prop_assert_eq!(&tables, &variant.players, "the tables of\n{}", variant);
    let result = catch_unwind(AssertUnwindSafe(|| {
        for game in variant.games() {
            play(&game, seed).map_err(|e| format!("{} players: {e}", game.players()))?;
            drawn_game(&game, seed).map_err(|e| format!("{} players: {e}", game.players()))?;
        }
        Ok::<(), String>(())
    }));
    match result {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(TestCaseError::fail(format!("{e}\n{variant}"))),
        Err(panic) => {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(TestCaseError::fail(format!(
                "the engine panicked: {message}\n{variant}"
            )))
        }
    }
}

proptest! {
    // Failing cases are printed; no regression files are written into tests/.
    // The same cases at every run, so that a run fails only where the
    // engine changed; `hunt` below looks through new seeds.
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(1),
        failure_persistence: None,
        max_shrink_iters: 512,
        ..ProptestConfig::default()
    })]

    /// Every generated variant compiles, and random games at each of its
    /// tables keep valid states with legal actions that apply.
    #[test]
    fn generated_variants_compile_and_play(variant in race_variants(), seed in any::<u64>()) {
        check_variant(&variant, seed)?;
    }
}

/// Over a fixed set of seeds, every setting's every choice is made: a change to the generator cannot drop a choice
/// unseen.
#[test]
fn the_generator_makes_every_choice() {
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    for seed in 0..COVERAGE_SEEDS {
        let variant = generate::from_seed(seed);
        seen.extend(variant.choices.iter().copied());
    }
    let missing: Vec<String> = SETTINGS
        .iter()
        .flat_map(|(s, choices)| choices.iter().map(move |c| (*s, *c)))
        .filter(|pair| !seen.contains(pair))
        .map(|(s, c)| format!("{s} = {c}"))
        .collect();
    assert!(
        missing.is_empty(),
        "not made in {COVERAGE_SEEDS} variants: {}",
        missing.join(", ")
    );
}

/// Looks for failures over many seeds, one line each, and fails where
/// any seed fails: run with `GENERATED_SEEDS=1000 cargo test --test
/// generated -- --ignored --nocapture` (`GENERATED_FROM` the first seed).
/// The seeds are shared among the machine's cores.
#[test]
#[ignore]
fn hunt() {
    let seeds: u64 = std::env::var("GENERATED_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let from: u64 = std::env::var("GENERATED_FROM")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The threads take the next seed as they finish one: a few variants
    // play far longer than the rest.
    let next = std::sync::atomic::AtomicU64::new(from);
    let mut failures: Vec<(u64, String)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut failed = Vec::new();
                    loop {
                        let seed = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if seed >= from + seeds {
                            return failed;
                        }
                        let variant = generate::from_seed(seed);
                        if let Err(e) = check_variant(&variant, seed) {
                            failed.push((seed, e.to_string()));
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a hunting thread panicked"))
            .collect()
    });
    failures.sort_unstable_by_key(|&(seed, _)| seed);
    for (i, (seed, text)) in failures.iter().enumerate() {
        println!("seed {seed}: {}", text.lines().next().unwrap_or(""));
        if i < 3 {
            println!("{text}");
        }
    }
    let failed = failures.len();
    println!("{failed} of {seeds} failed");
    assert_eq!(failed, 0, "{failed} of {seeds} generated variants failed");
}

/// Writes generated variants that compile with the bundled bases alone
/// into the fuzzing seed corpus, `fuzz/corpus/compile/generated_*.variant`:
/// run with `GENERATED_CORPUS=20 cargo test --test generated -- --ignored write_corpus`.
#[test]
#[ignore]
fn write_corpus() {
    let wanted: usize = std::env::var("GENERATED_CORPUS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/compile");
    let mut boards: Vec<&str> = Vec::new();
    let mut written = 0;
    for seed in 0.. {
        if written == wanted {
            break;
        }
        let variant = generate::from_seed(seed);
        if variant.base.is_some()
            || pachisi::compile(&SourceFile::new("g", &variant.source)).is_err()
        {
            continue;
        }
        // Boards in turn, so the corpus holds every shape.
        let board = variant
            .choices
            .iter()
            .find(|(s, _)| *s == "board")
            .map_or("bundled", |(_, c)| *c);
        if boards.iter().filter(|b| **b == board).count() * 6 > wanted {
            continue;
        }
        boards.push(board);
        let path = dir.join(format!("generated_{seed}.variant"));
        std::fs::write(&path, &variant.source).expect("the corpus can be written");
        written += 1;
    }
}

/// Every field of a race's compiled rules takes two values or more among
/// the variants of the coverage seeds: read off the compiled rule set, so
/// that a setting added to the rules and never written by the generator
/// shows here, though the generator's own list of choices
/// ([`SETTINGS`]) does not name it.
#[test]
fn the_generator_varies_every_compiled_setting() {
    let mut values: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for seed in 0..COVERAGE_SEEDS {
        let variant = generate::from_seed(seed);
        let rules = variant.compile().expect("a generated variant compiles");
        let json = serde_json::to_value(&rules).expect("rules serialize");
        let mut note = |field: String, value: &serde_json::Value| {
            values.entry(field).or_default().insert(value.to_string());
        };
        for block in ["turn", "entry", "home", "capture", "stacks", "end"] {
            for (key, value) in json[block].as_object().expect("a block of settings") {
                note(format!("{block}.{key}"), value);
            }
        }
        note("pieces_per_seat".into(), &json["pieces_per_seat"]);
        for seat in json["seats"].as_array().expect("seats") {
            for key in ["detour", "detour_again"] {
                note(format!("track.{key}"), &seat["track"][key]);
            }
        }
    }
    // Every field of the six blocks, the pieces and the two of a track.
    assert!(values.len() >= 50, "only {} fields read", values.len());
    let fixed: Vec<String> = (values.iter())
        .filter(|(_, seen)| seen.len() < 2)
        .map(|(field, seen)| format!("{field} (always {})", seen.iter().next().unwrap()))
        .collect();
    assert!(
        fixed.is_empty(),
        "the same in all {COVERAGE_SEEDS} variants: {}",
        fixed.join(", ")
    );
}
