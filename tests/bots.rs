//! The bots: legal choices in every bundled variant, no panic on a state
//! read from JSON, and strength against random play.

use pachisi::bots::{Bot, BotSpec, play_game};
use pachisi::{Actor, Game, State, batch, sim, variants};

/// Bots cheap enough to ask many times in a debug build.
fn cheap_bots() -> Vec<Box<dyn Bot>> {
    [
        "random",
        "greedy",
        "expectimax:depth=0",
        "mcts:iterations=16/turns=1",
        "mcts:iterations=6/playout=greedy/turns=1",
    ]
    .iter()
    .map(|s| s.parse::<BotSpec>().expect("the bots read").build())
    .collect()
}

/// Every table of every bundled variant and house file.
fn every_table() -> Vec<(String, Game)> {
    let mut games = Vec::new();
    for name in variants::names() {
        let rules = variants::compile_bundled(name).expect("bundled variants compile");
        for table in &rules.tables {
            let game = Game::new(rules.clone(), table.players).expect("the table exists");
            games.push((format!("{name}/{}p", table.players), game));
        }
    }
    games
}

/// States where a seat chooses, taken every few decisions from a random
/// game.
fn decision_states(game: &Game, seed: u64, every: usize, most: usize) -> Vec<State> {
    let mut rng = sim::rng(seed);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    let (mut out, mut seen) = (Vec::new(), 0usize);
    while out.len() < most {
        match game.actor(&state) {
            Actor::Terminal => break,
            Actor::Chance => {}
            _ => {
                if seen % every == 0 {
                    out.push(state.clone());
                }
                seen += 1;
            }
        }
        if sim::random_step(game, &mut state, &mut rng, &mut buf).is_none() {
            break;
        }
    }
    out
}

/// Each bot, asked at positions of random games of every table of every
/// bundled variant, chooses one of the legal actions.
#[test]
fn bots_choose_only_legal_actions_in_every_bundled_variant() {
    let mut asked = 0;
    for (name, game) in every_table() {
        let mut bots = cheap_bots();
        let mut rng = sim::rng(3);
        // A wargame's decisions cost far more: fewer of them.
        let most = if game.rules().fight.is_none() && game.rules().field.is_none() {
            8
        } else {
            3
        };
        for state in decision_states(&game, 11, 7, most) {
            let legal = game.legal_actions(&state);
            for bot in bots.iter_mut() {
                let chosen = bot.choose(&game, &state, &mut rng);
                let Some(a) = chosen else {
                    panic!("{name}: {} chose nothing in {state:?}", bot.name());
                };
                assert!(
                    legal.contains(&a),
                    "{name}: {} chose {a:?}, not among {legal:?}",
                    bot.name()
                );
                asked += 1;
            }
        }
    }
    assert!(asked > 300, "only {asked} choices asked");
}

/// Whole games of races played by a mix of bots end with an outcome;
/// every choice went through `Game::apply`, which refuses an illegal one.
#[test]
fn games_of_mixed_bots_end_with_an_outcome() {
    for (name, players) in [("ludo", 4), ("parcheesi", 2)] {
        let game = Game::bundled(name, Some(players)).expect("the variant loads");
        let mut bots: Vec<Box<dyn Bot>> = ["greedy", "mcts:iterations=4/turns=1", "random"]
            .iter()
            .cycle()
            .take(game.players())
            .map(|s| s.parse::<BotSpec>().unwrap().build())
            .collect();
        let result = play_game(&game, &mut bots, &mut sim::rng(5), true)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(result.turns > 0, "{name}");
        assert!(result.throws > 0, "{name}");
    }
}

/// A state written as JSON and read back is one every bot chooses a legal
/// action in, and a state where nobody chooses gets no choice.
#[test]
fn bots_choose_in_states_read_from_json() {
    for (name, game) in every_table() {
        let mut bots = cheap_bots();
        let mut rng = sim::rng(9);
        for state in decision_states(&game, 21, 13, 2) {
            let json = serde_json::to_string(&state).expect("a state writes as JSON");
            let read = game.load_state(&json).expect("the state reads back");
            let legal = game.legal_actions(&read);
            for bot in bots.iter_mut() {
                let a = bot.choose(&game, &read, &mut rng);
                assert!(
                    a.is_some_and(|a| legal.contains(&a)),
                    "{name}: {} chose {a:?}, not one of {legal:?}",
                    bot.name()
                );
            }
        }
        let start = game.new_initial_state();
        if game.actor(&start) == Actor::Chance {
            for bot in bots.iter_mut() {
                assert_eq!(bot.choose(&game, &start, &mut rng), None, "{name}");
            }
        }
    }
}

/// The share of games won by bot `spec` against random bots at the
/// other seats of 4-player Ludo, seats rotated, `games` games of seed 1.
fn ludo_win_rate(spec: &str, games: u64) -> f64 {
    let game = Game::bundled("ludo", Some(4)).expect("Ludo loads");
    let specs: Vec<BotSpec> = [spec, "random", "random", "random"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let wins = batch::run(
        games,
        2,
        || specs.iter().map(BotSpec::build).collect::<Vec<_>>(),
        |bots, i| {
            let turn = (i % 4) as usize;
            bots.rotate_left(turn);
            let r = play_game(&game, bots, &mut batch::game_rng(1, i), false).expect("plays");
            bots.rotate_right(turn);
            // The bot of place 0 played player (4 - turn) % 4.
            let player = (4 - turn) % 4;
            r.outcome.winner == Some(game.sides()[player])
        },
        |_| {},
    );
    wins.iter().filter(|&&w| w).count() as f64 / games as f64
}

/// The greedy bot wins far more than its fair quarter of 4-player Ludo
/// against three random bots (it wins some 70% of them; the bar is low
/// enough for 200 games to clear it by chance almost never short).
#[test]
fn greedy_beats_random_bots_at_ludo() {
    let rate = ludo_win_rate("greedy", 200);
    assert!(rate > 0.45, "greedy won {rate}");
}

/// The tree search on a tenth of its budget, with playouts of two turns,
/// beats random bots at Ludo too (some 73% of 400 games in a release run;
/// 80 games here, cheap enough for a debug build).
#[test]
fn a_small_tree_search_beats_random_bots_at_ludo() {
    let rate = ludo_win_rate("mcts:iterations=100/turns=2", 80);
    assert!(rate > 0.45, "mcts won {rate}");
}

/// The tree search, on a larger budget, also beats random bots at Ludo.
/// Slow in a debug build: run with `cargo test --release`.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in a debug build")]
fn mcts_beats_random_bots_at_ludo() {
    let rate = ludo_win_rate("mcts:iterations=300", 200);
    assert!(rate > 0.5, "mcts won {rate}");
}
