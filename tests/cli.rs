//! The `pachisi` command, run as a program.

use std::{
    io::Write,
    path::PathBuf,
    process::{Command, Output, Stdio},
};

mod common;
use common::TempDir;

fn pachisi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(args)
        .output()
        .expect("the pachisi binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A file with `text` in a directory of the test's own; keep the directory
/// alive while the file is used.
fn temp_file(name: &str, text: &str) -> (TempDir, PathBuf) {
    let dir = TempDir::new("pachisi-cli-tests");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("the temporary file can be written");
    (dir, path)
}

fn path_str(path: &std::path::Path) -> &str {
    path.to_str().expect("the temporary path is UTF-8")
}

/// A short game of two players: entries, another throw, a group move.
const RECORD: &str = "\
variant pachisi
players 2
begin red          # red wins the throw for who begins
red: throw 1up     # 10, and another throw once it is used
red: 0+10          # the first piece leaves on any throw
red: throw 1up
red: 0+10          # the second leaves on a throw that gives another throw
red: throw 3up
red: 2x10+3        # the pair moves together
black: throw 2up
black: 0+2
red: throw 4up
red: 13+4
";

#[test]
fn check_pachisi_prints_the_summary() {
    let out = pachisi(&["check", "pachisi"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for line in [
        "game: Pachisi",
        "board: cross of 97 cells on a 19x19 grid",
        "region castle: 12 cells",
        "seat red: track of 84 steps from charkoni to charkoni",
        "players 4: red, yellow, black, green; teams (red, black) (yellow, green)",
        "pieces: 4 a seat",
    ] {
        assert!(text.contains(line), "no `{line}` in:\n{text}");
    }
}

#[test]
fn check_of_a_broken_file_fails_and_names_file_line_and_column() {
    let text = "game \"Broken\" { pieces = 4 }\nboard grid { width = 8 height = 1 }\ndice d { faces = 1..6 }\nseat red { track = a1..h1 }\nplayers 1 { seats = red }\nturn { must_move = perhaps }\n";
    let (_dir, path) = temp_file("broken.variant", text);
    let out = pachisi(&["check", path_str(&path)]);
    assert!(!out.status.success(), "a broken file was accepted");
    let err = stderr(&out);
    let place = format!("{}:6:20", path.display());
    assert!(err.contains(&place), "no `{place}` in:\n{err}");
    assert!(
        err.contains("must_move"),
        "the setting is not named in:\n{err}"
    );
}

#[test]
fn check_of_a_syntax_error_names_the_place() {
    let (_dir, path) = temp_file("syntax.variant", "game \"X\" { pieces = 4\n");
    let out = pachisi(&["check", path_str(&path)]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("syntax.variant:2:1"), "{err}");
}

fn simulate_json(seed: &str) -> serde_json::Value {
    let out = pachisi(&[
        "simulate", "pachisi", "--games", "20", "--seed", seed, "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).expect("simulate --json prints JSON")
}

#[test]
fn simulate_prints_the_wins_as_json() {
    let report = simulate_json("1");
    assert_eq!(report["games"], 20);
    assert_eq!(report["players"], 4);
    let wins = report["wins"].as_array().expect("wins is a list");
    assert_eq!(wins.len(), 2, "two teams play: {wins:?}");
    assert_eq!(wins[0][0], "red+black");
    assert_eq!(wins[1][0], "yellow+green");
    let total: u64 = wins.iter().map(|w| w[1].as_u64().unwrap()).sum();
    let draws = report["draws"].as_u64().unwrap();
    assert_eq!(total + draws, 20);
}

#[test]
fn the_same_seed_plays_the_same_games() {
    let a = simulate_json("7");
    let b = simulate_json("7");
    assert_eq!(a["wins"], b["wins"]);
    assert_eq!(a["mean_turns"], b["mean_turns"]);
    assert_eq!(a["median_actions"], b["median_actions"]);
}

#[test]
fn moves_lists_the_legal_actions_of_a_saved_state() {
    let state = r#"{
        "pieces": [[0, 0, 10, 10], [0, 0, 0, 2]],
        "mover": 0,
        "phase": "move",
        "pool": [{ "value": 3, "again": false }],
        "extra": 0,
        "entered": [true, true],
        "turns": 1,
        "finished": [],
        "at_limit": false
    }"#;
    let (_dir, path) = temp_file("state.json", state);
    let out = pachisi(&["moves", "pachisi", "--state", path_str(&path)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "red to move:\n10+3\n2x10+3\n");
}

#[test]
fn moves_lists_the_throws_when_the_dice_are_due() {
    let state = r#"{"pieces": [[0,0,0,0],[0,0,0,0]], "mover": 1, "phase": "throw", "pool": [],
        "extra": 0, "entered": [false, false], "turns": 1, "finished": [], "at_limit": false}"#;
    let (_dir, path) = temp_file("throw.json", state);
    let out = pachisi(&["moves", "pachisi", "--state", path_str(&path)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("black throws:\nthrow 0up\n"), "{text}");
    assert_eq!(text.lines().count(), 8, "{text}");
}

#[test]
fn moves_refuses_an_impossible_state() {
    // Red at step 10 (i18) and black at step 44 (also i18), on a cell that is not safe.
    let state = r#"{"pieces": [[0,0,10,10],[0,0,0,44]], "mover": 0, "phase": "move",
        "pool": [{"value": 3, "again": false}], "extra": 0, "entered": [true, true],
        "turns": 1, "finished": [], "at_limit": false}"#;
    let (_dir, path) = temp_file("clash.json", state);
    let out = pachisi(&["moves", "pachisi", "--state", path_str(&path)]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("two sides share i18"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn replay_of_a_good_record_succeeds() {
    let (_dir, path) = temp_file("good.record", RECORD);
    let out = pachisi(&["replay", "pachisi", path_str(&path)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("11 actions replayed\n"), "{text}");
    assert!(text.contains("out: 13 (i15), 17 (h11)"), "{text}");
    assert!(text.contains("black to throw"), "{text}");
}

#[test]
fn replay_of_an_illegal_action_names_the_line_and_the_rule() {
    // Black already has a piece out, so a 3 cannot bring out another.
    let record = format!("{RECORD}black: throw 3up\nblack: 0+3\n");
    let (_dir, path) = temp_file("illegal.record", &record);
    let out = pachisi(&["replay", "pachisi", path_str(&path)]);
    assert!(!out.status.success(), "an illegal record was accepted");
    let err = stderr(&out);
    assert!(err.contains("line 15"), "{err}");
    assert!(err.contains("0+3 is not allowed"), "{err}");
    assert!(err.contains("(entry: on)"), "{err}");
}

#[test]
fn replay_of_a_wrong_seat_names_the_line() {
    let record = format!("{RECORD}red: throw 3up\n");
    let (_dir, path) = temp_file("seat.record", &record);
    let out = pachisi(&["replay", "pachisi", path_str(&path)]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("line 14: it is black's turn, not red's"),
        "{err}"
    );
}

#[test]
fn replay_of_an_unreadable_line_answers_in_the_games_own_notation() {
    // Parcheesi's dice are two six-sided dice, not Pachisi's shells: the
    // answer shows its throws as its records write them.
    let (_dir, path) = temp_file("unreadable.record", "begin red\nthrow 2up\n");
    let out = pachisi(&["replay", "parcheesi", path_str(&path)]);
    assert!(!out.status.success(), "an unreadable record was accepted");
    let err = stderr(&out);
    assert!(
        err.contains(
            "line 2: `throw 2up` is not an action; here the rules allow \
             `throw 1-1`, `throw 1-2`, `throw 1-3`, `throw 1-4` and 17 more"
        ),
        "{err}"
    );
}

#[test]
fn play_quits_cleanly_on_q() {
    let out = play_with(&["play", "pachisi", "--players", "2", "--seed", "1"], "q\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("You play red."), "{text}");
    // Red's first throw leaves it one action, which waits for a key.
    assert!(
        text.ends_with("press Enter to play it (q quits)> "),
        "{text}"
    );
}

#[test]
fn moves_reads_a_saved_state_with_the_one_table_that_accepts_it() {
    // A two-player fight state has four seats like the three- and
    // four-player ones; only the two-player table reads its two sides.
    let game = pachisi::Game::bundled("nightmare-pachisi", Some(2)).unwrap();
    let mut state = game.new_initial_state();
    let mut rng = pachisi::sim::rng(5);
    let mut buf = Vec::new();
    for _ in 0..40 {
        pachisi::sim::random_step(&game, &mut state, &mut rng, &mut buf);
    }
    let (_dir, path) = temp_file("fight2.json", &serde_json::to_string(&state).unwrap());
    let out = pachisi(&["moves", "nightmare-pachisi", "--state", path_str(&path)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let listed: Vec<String> = stdout(&out).lines().skip(1).map(String::from).collect();
    let legal: Vec<String> = game
        .legal_actions(&state)
        .into_iter()
        .map(|a| game.action_text_in(&state, a))
        .collect();
    assert_eq!(listed, legal);
}

/// Runs `pachisi` with its standard output a pipe whose reader has gone, as
/// after `| head -1`.
fn pachisi_into_a_closed_pipe(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the pachisi binary runs");
    drop(child.stdout.take());
    child.wait_with_output().expect("pachisi ends")
}

#[test]
fn every_command_ends_quietly_when_its_reader_has_gone() {
    let state = r#"{"pieces": [[0,0,10,10],[0,0,0,2]], "mover": 0, "phase": "move",
        "pool": [{"value": 3, "again": false}], "extra": 0, "entered": [true, true],
        "turns": 1, "finished": [], "at_limit": false}"#;
    let (_dir, state_path) = temp_file("state.json", state);
    let (_dir2, record_path) = temp_file("game.record", RECORD);
    let state = path_str(&state_path);
    let record = path_str(&record_path);
    let commands: &[&[&str]] = &[
        &["check", "pachisi"],
        &["simulate", "ludo", "--games", "2"],
        &["simulate", "ludo", "--games", "2", "--json"],
        &["moves", "pachisi", "--state", state],
        &["show", "pachisi", "--state", state],
        &["replay", "pachisi", record],
        &["render", "pachisi", "--seat", "red"],
        &["verify", "ludo", "--games", "1"],
        &["play", "ludo", "--players", "2"],
    ];
    for args in commands {
        let out = pachisi_into_a_closed_pipe(args);
        let err = stderr(&out);
        assert!(
            out.status.success(),
            "pachisi {} failed when its reader had gone:\n{err}",
            args.join(" ")
        );
        assert!(
            err.is_empty(),
            "pachisi {} said something when its reader had gone:\n{err}",
            args.join(" ")
        );
    }
}

/// Red to move a 3 with pieces at steps 10 and 10; black has one at step 2.
const RED_TO_MOVE_3: &str = r#"{"pieces": [[0,0,10,10],[0,0,0,2]], "mover": 0, "phase": "move",
    "pool": [{"value": 3, "again": false}], "extra": 0, "entered": [true, true],
    "turns": 1, "finished": [], "at_limit": false}"#;

/// `pachisi apply pachisi --state PATH ACTIONS..`.
fn apply_to(path: &std::path::Path, actions: &[&str]) -> Output {
    let mut args = vec!["apply", "pachisi", "--state", path_str(path)];
    args.extend_from_slice(actions);
    pachisi(&args)
}

#[test]
fn apply_plays_actions_on_a_saved_state_throws_included_and_prints_the_new_state() {
    let (_dir, path) = temp_file("state.json", RED_TO_MOVE_3);
    let out = apply_to(&path, &["red: 10+3", "throw 2up", "black: 2+2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let printed = stdout(&out);
    // The state printed is the game's own, as the engine plays it.
    let game = pachisi::Game::bundled("pachisi", Some(2)).unwrap();
    let mut expected = game.load_state(RED_TO_MOVE_3).unwrap();
    for text in ["10+3", "throw 2up", "2+2"] {
        let action = game.parse_action_in(&expected, text).unwrap();
        game.apply(&mut expected, action).unwrap();
    }
    let state = game
        .load_state(&printed)
        .expect("apply prints a saved state");
    assert_eq!(state, expected);
    assert_eq!(state.seat_pieces(0), &[0, 0, 10, 13]);
    assert_eq!(state.seat_pieces(1), &[0, 0, 0, 4]);
}

#[test]
fn apply_refuses_an_illegal_action_with_its_reason_and_prints_no_state() {
    let (_dir, path) = temp_file("state.json", RED_TO_MOVE_3);
    // Black has a piece out, so a 2 brings no other out (entry: on).
    let out = apply_to(&path, &["10+3", "throw 2up", "0+2"]);
    assert!(!out.status.success(), "an illegal action was applied");
    assert_eq!(stdout(&out), "", "a refused apply printed a state");
    assert_eq!(
        stderr(&out).trim_end(),
        "error: action 3 of 3: 0+2 is not allowed: this throw does not let a piece leave the start (entry: on)"
    );
    // The saved state is as it was.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), RED_TO_MOVE_3);
    let wrong_seat = apply_to(&path, &["black: 10+3"]);
    assert!(!wrong_seat.status.success());
    assert_eq!(
        stderr(&wrong_seat).trim_end(),
        "error: action 1 of 1: it is red's turn, not black's"
    );
}

#[test]
fn apply_without_a_saved_state_starts_from_the_start_of_a_game() {
    let game = pachisi::Game::bundled("ludo", Some(2)).unwrap();
    // No actions: the start itself, to save and go on from.
    let start = pachisi(&["apply", "ludo", "--players", "2"]);
    assert!(start.status.success(), "{}", stderr(&start));
    let printed = game.load_state(&stdout(&start)).expect("a saved state");
    assert_eq!(printed, game.new_initial_state());
    // Ludo opens with the throw for who begins; red then throws a 6 and
    // brings a piece out to its first step.
    let out = pachisi(&[
        "apply",
        "ludo",
        "--players",
        "2",
        "begin red",
        "throw 6",
        "0+6",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let state = game.load_state(&stdout(&out)).expect("a saved state");
    assert_eq!(state.seat_pieces(0), &[0, 0, 0, 1]);
    assert_eq!(state.seat_pieces(1), &[0, 0, 0, 0]);
    // A first action the start does not allow is refused with its reason.
    let refused = pachisi(&["apply", "ludo", "--players", "2", "throw 6"]);
    assert!(
        !refused.status.success(),
        "a throw before the opening was applied"
    );
    assert_eq!(stdout(&refused), "");
    assert_eq!(
        stderr(&refused).trim_end(),
        "error: action 1 of 1: throw 6 is not allowed: the throw for who begins comes first (turn: begins)"
    );
}

#[test]
fn replay_goes_on_from_a_saved_state() {
    let (_dir, state) = temp_file("state.json", RED_TO_MOVE_3);
    let (_dir2, record) = temp_file("more.record", "red: 10+3\nblack: throw 2up\nblack: 2+2\n");
    let out = pachisi(&[
        "replay",
        "pachisi",
        path_str(&record),
        "--state",
        path_str(&state),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("3 actions replayed\n"), "{text}");
    assert!(text.contains("out: 10 (i18), 13 (i15)"), "{text}");
    assert!(
        text.contains("black    start 3  home 0  out: 4 (j5)"),
        "{text}"
    );
    assert!(text.contains("red to throw (turn 4)"), "{text}");
}

/// Runs `pachisi play` with `input` typed in.
fn play_with(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the pachisi binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("the input is written");
    child.wait_with_output().expect("play ends")
}

#[test]
fn play_draws_the_track_starts_and_homes_and_plays_a_lone_action_on_a_key() {
    // Mensch, seed 3: yellow begins and throws a 4 with one piece out on
    // a5, so 1+4 is the only action; Enter plays it, and red moves next.
    let out = play_with(
        &["play", "mensch", "--players", "2", "--seed", "3"],
        "\nq\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lone = "only one action is legal: 1+4  move a piece from step 1 (a5) by 4 to step 5 (e5)\n\
                press Enter to play it (q quits)> ";
    let at = text
        .find(lone)
        .unwrap_or_else(|| panic!("no lone action in:\n{text}"));
    assert!(
        text[at..].contains("red throws"),
        "the lone action was not played:\n{text}"
    );
    // The board: the yards with the pieces waiting in them, the homes, and
    // no square that is not a cell.
    let board: Vec<&str> = text.lines().skip(3).take(11).collect();
    assert_eq!(board[0], "y:3          .  .  .", "{text}");
    assert_eq!(board[5], " .  .  .  . Y=0   R=0 .  .  .  .", "{text}");
    assert_eq!(board[9], "             .     .       r:3", "{text}");
    assert!(
        text.contains("key: . a cell  y:N yellow's start, N waiting  Y=N yellow's home, N home\n"),
        "{text}"
    );
}

/// The report of `args` (a command with `--json`), without the fields of
/// the time taken and the threads.
fn json_without_time(args: &[&str]) -> serde_json::Value {
    let out = pachisi(args);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut report: serde_json::Value =
        serde_json::from_str(&stdout(&out)).expect("the command prints JSON");
    if let Some(map) = report.as_object_mut() {
        for key in ["seconds", "games_per_second", "threads"] {
            map.remove(key);
        }
    }
    report
}

/// `simulate` gives the same report on one thread and on two, and counts
/// throws and each side's win rate with its interval.
#[test]
fn simulate_gives_the_same_games_on_one_thread_and_on_two() {
    let args = |threads| {
        [
            "simulate",
            "ludo",
            "--games",
            "300",
            "--seed",
            "5",
            "--json",
            "--threads",
            threads,
        ]
    };
    let one = json_without_time(&args("1"));
    let two = json_without_time(&args("2"));
    assert_eq!(one, two);
    let rates = one["win_rates"].as_array().expect("win_rates is a list");
    assert_eq!(rates.len(), 4);
    for r in rates {
        let (low, rate, high) = (
            r["low"].as_f64().unwrap(),
            r["rate"].as_f64().unwrap(),
            r["high"].as_f64().unwrap(),
        );
        assert!(low <= rate && rate <= high, "{r}");
    }
    assert!(one["mean_throws"].as_f64().unwrap() > one["mean_turns"].as_f64().unwrap());
    assert!(one["median_throws"].as_u64().unwrap() > 0);
}

/// A tournament reports each kind of bot with its win rate, its interval
/// and, with three kinds, a rating; the same on one thread and on two.
#[test]
fn a_tournament_reports_win_rates_and_ratings() {
    let args = |threads| {
        [
            "tournament",
            "ludo",
            "--bots",
            "greedy,random,expectimax:depth=0,random",
            "--games",
            "8",
            "--json",
            "--threads",
            threads,
        ]
    };
    let mut one = json_without_time(&args("1"));
    let mut two = json_without_time(&args("2"));
    for r in [&mut one, &mut two] {
        for bot in r["results"].as_array_mut().unwrap() {
            bot.as_object_mut().unwrap().remove("ms_per_decision");
        }
    }
    assert_eq!(one, two);
    let results = one["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    assert_eq!(results[1]["bot"], "random");
    assert_eq!(results[1]["places"], 2);
    assert_eq!(results[1]["trials"], 16);
    assert_eq!(results[1]["elo"], 0.0, "ratings are anchored at random");
    let total: u64 = results
        .iter()
        .map(|r| r["successes"].as_u64().unwrap())
        .sum();
    assert_eq!(total + one["draws"].as_u64().unwrap(), 8);
}

/// Partners win or lose together: two bots of one kind on one side are
/// one trial a game, and the two kinds' wins add up to the games.
#[test]
fn a_tournament_counts_partners_as_one_trial_a_game() {
    let report = json_without_time(&[
        "tournament",
        "pachisi",
        "--bots",
        "greedy,random,greedy,random",
        "--games",
        "4",
        "--json",
    ]);
    let results = report["results"].as_array().expect("results is a list");
    assert_eq!(results.len(), 2);
    let mut won = 0;
    for r in results {
        assert_eq!(r["places"], 2, "{r}");
        assert_eq!(r["trials"], 4, "{r}");
        won += r["successes"].as_u64().unwrap();
    }
    assert_eq!(won + report["draws"].as_u64().unwrap(), 4);
}

/// A list of bots of the wrong length, or an unknown bot, is refused in words.
#[test]
fn a_tournament_refuses_a_wrong_list_of_bots() {
    let out = pachisi(&[
        "tournament",
        "ludo",
        "--players",
        "4",
        "--bots",
        "greedy,random",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("names 2 bots"), "{}", stderr(&out));
    let out = pachisi(&["tournament", "ludo", "--bots", "clever,random"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("there is no bot `clever`"),
        "{}",
        stderr(&out)
    );
}

/// `compare` puts a house rule beside its base: win rates with p-values,
/// lengths, the rules' firings, and a picture of both.
#[test]
fn compare_reports_a_house_rule_beside_its_base() {
    let dir = TempDir::new("pachisi-cli-compare");
    let svg = dir.path().join("compare.svg");
    let report = json_without_time(&[
        "compare",
        "pachisi",
        "house/pachisi-no-grace-entry",
        "--players",
        "2",
        "--games",
        "30",
        "--json",
        "--svg",
        path_str(&svg),
    ]);
    assert_eq!(report["games"], 30);
    assert_eq!(report["win_rate_p"].as_array().unwrap().len(), 2);
    for side in ["base", "house"] {
        let s = &report[side];
        assert_eq!(s["win_rates"].as_array().unwrap().len(), 2, "{side}");
        assert!(s["turns"]["mean"].as_f64().unwrap() > 0.0, "{side}");
        assert!(s["per_game"]["captures"].as_f64().unwrap() > 0.0, "{side}");
        assert!(s["per_game"]["blockades_formed"].is_number(), "{side}");
    }
    let picture = std::fs::read_to_string(&svg).expect("the SVG is written");
    roxmltree::Document::parse(&picture).expect("the SVG is well-formed XML");
    assert!(picture.contains("win rate"));
}
