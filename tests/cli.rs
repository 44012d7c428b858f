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
    let mut child = Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(["play", "pachisi", "--players", "2", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the pachisi binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(b"q\n")
        .expect("q is written");
    let out = child.wait_with_output().expect("play ends");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("You play red."), "{text}");
    assert!(text.contains("your choice>"), "{text}");
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
