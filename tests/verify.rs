//! `pachisi::verify`: the bundled variants pass, the lints fire on broken
//! copies of Pachisi, and the reports of the bundled variants are snapshots.

use std::process::Command;
use std::sync::Arc;

use pachisi::verify::{self, Options, Status};
use pachisi::{RuleSet, SourceFile, compile, variants};

mod common;
use common::TempDir;

/// The text of bundled Pachisi.
fn pachisi_text() -> &'static str {
    variants::source("pachisi").expect("pachisi is bundled")
}

/// Pachisi with every line containing `needle` replaced by `line`.
fn pachisi_with(needle: &str, line: &str) -> String {
    let text = pachisi_text();
    assert!(text.contains(needle), "pachisi.variant has no `{needle}`");
    text.lines()
        .map(|l| if l.contains(needle) { line } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

fn compiled(name: &str, text: &str) -> Arc<RuleSet> {
    Arc::new(
        compile(&SourceFile::new(name, text))
            .unwrap_or_else(|e| panic!("{name} does not compile:\n{e}")),
    )
}

/// The static lints only.
fn lints() -> Options {
    Options {
        games: 0,
        ..Options::default()
    }
}

/// Pachisi as a house rule: a piece one short of home waits for a 1.
fn near_wait() -> String {
    pachisi_with("near = smallest_throw", "    near = wait")
}

#[test]
fn every_bundled_variant_passes() {
    for name in variants::names() {
        let rules = variants::compile_bundled(name).expect("a bundled variant compiles");
        let options = Options {
            games: 4,
            seed: 7,
            // The reference path at every 64th state: a debug build pays
            // for it.
            reference_every: 64,
            ..Options::default()
        };
        let report = verify::check(&rules, &options);
        assert!(report.passed(), "{name} fails verify:\n{report}");
        // The dynamic checks ran at every table.
        assert_eq!(report.tables.len(), rules.tables.len());
        assert!(report.check("replay").is_some());
    }
}

#[test]
fn bundled_variant_reports() {
    for name in variants::names() {
        let rules = variants::compile_bundled(name).expect("a bundled variant compiles");
        let options = Options {
            games: 2,
            seed: 1,
            reference_every: 64,
            ..Options::default()
        };
        let report = verify::check(&rules, &options);
        // The counts the snapshot pins are of checks that held: every game
        // played ended (at the turn limit, at worst), was replayed to the
        // same end, and every legal action tried applied to a valid state.
        assert!(report.passed(), "{name} fails verify:\n{report}");
        let games = 2 * rules.tables.len();
        for (check, figure) in [
            ("valid states", format!("of {games} games validated")),
            (
                "legal actions apply",
                "legal actions applied and their states validated".to_string(),
            ),
            (
                "state round-trip",
                "states saved as JSON and loaded back".to_string(),
            ),
            ("replay", format!("{games} games replayed from their seeds")),
            ("games end", format!("{games} of {games} games ended")),
        ] {
            let found = report
                .check(check)
                .unwrap_or_else(|| panic!("{name}: no `{check}` check"));
            // Games stopped at the turn limit are a warning, not a failure.
            assert_ne!(found.status, Status::Failed, "{name}: {check}:\n{report}");
            assert!(
                found.figures.contains(&figure),
                "{name}: {check}: {}",
                found.figures
            );
            let count: u64 = found
                .figures
                .split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            assert!(
                count > 0,
                "{name}: {check} counts nothing: {}",
                found.figures
            );
        }
        insta::assert_snapshot!(format!("report_{name}"), report.to_string());
    }
}

#[test]
fn a_piece_that_can_never_reach_home_is_a_stall() {
    let rules = compiled("pachisi-near-wait.variant", &near_wait());
    let report = verify::check(&rules, &lints());
    assert!(!report.passed(), "{report}");
    let stalls = report.check("stalls").expect("a stalls check");
    assert_eq!(stalls.status, Status::Failed, "{report}");
    assert!(
        stalls.findings.iter().any(|f| f
            == "a piece of red at step 83 (j12) can never move: it needs a throw of 1, and the dice never give 1"),
        "{report}"
    );
    // Every seat stalls one short of home, and nowhere else.
    assert_eq!(stalls.findings.len(), 4, "{report}");
    let text = report.to_string();
    assert!(text.contains("FAILED   stalls"), "{text}");
    assert!(
        text.ends_with("FAILED: 7 checks, 1 failed, 0 warnings"),
        "{text}"
    );
}

#[test]
fn a_seat_whose_castles_sit_at_other_steps_breaks_symmetry() {
    // Green's track written out, with the castle at the end of its arm cut
    // off on the way out and a step added before home: as long as the
    // others, but its safe steps are not theirs.
    let rules = variants::compile_bundled("pachisi").expect("pachisi compiles");
    let board = &rules.board;
    let green = &rules.seats[rules.seat_named("green").expect("green").0 as usize].track;
    let mut cells: Vec<&str> = green.cells.iter().map(|&c| board.cell_name(c)).collect();
    cells.remove(8);
    let i12 = board.cell_named("i12").expect("i12");
    let turned = board.rotate(i12, 3).expect("i12 turns onto a cell");
    cells.insert(cells.len() - 2, board.cell_name(turned));
    let text = pachisi_with(
        "seat green",
        &format!("seat green {{ track = {} }}", cells.join(", ")),
    );
    let changed = compiled("pachisi-green.variant", &text);
    assert_eq!(
        changed.seats[3].track.home(),
        rules.seats[3].track.home(),
        "the changed track keeps its length"
    );
    let report = verify::check(&changed, &lints());
    let symmetry = report.check("symmetry").expect("a symmetry check");
    assert_eq!(symmetry.status, Status::Failed, "{report}");
    let expected = format!(
        "step 8 of green ({}) is plain, but step 8 of red (j19) is safe",
        cells[8]
    );
    assert_eq!(symmetry.findings, vec![expected], "{report}");
    assert!(!report.passed());
}

#[test]
fn the_command_exits_non_zero_when_a_check_fails() {
    let dir = TempDir::new("pachisi-verify-tests");
    let path = dir.path().join("near-wait.variant");
    std::fs::write(&path, near_wait()).expect("the copy is written");
    let bin = env!("CARGO_BIN_EXE_pachisi");
    let out = Command::new(bin)
        .args(["verify", path.to_str().expect("UTF-8"), "--games", "0"])
        .output()
        .expect("pachisi runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.contains("at step 83 (j12) can never move"),
        "{stdout}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("verify failed: stalls"));

    let out = Command::new(bin)
        .args(["verify", "pachisi", "--games", "1", "--players", "2"])
        .output()
        .expect("pachisi runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("table of 2 players"), "{stdout}");
    assert!(stdout.contains("passed   replay"), "{stdout}");
}

#[test]
fn a_home_shared_by_some_seats_of_a_table_and_not_others_is_a_warning() {
    // North and south end on the centre; west ends beside it, though the
    // file gives the others one shared home.
    let text = "game \"Homes\" { pieces = 1 }
board grid { width = 5 height = 5 }
dice d { faces = 1..2 }
seat n { track = c1, c2, c3 }
seat s { track = c5, c4, c3 }
seat w { track = a3, b3, b2 }
players 3 { seats = n, s, w }
players 2 { seats = n, s }
";
    let rules = compiled("homes.variant", text);
    let report = verify::check(&rules, &lints());
    let ends = report.check("track ends").expect("a track ends check");
    assert_eq!(ends.status, Status::Warning, "{report}");
    assert_eq!(
        ends.findings,
        vec![
            "at the table of 3 players some seats share a home and others do not: \
             n at c3, s at c3, w at b2"
                .to_string()
        ],
        "{report}"
    );
}

#[test]
fn seats_with_homes_of_their_own_are_no_warning() {
    // Mensch: each colour's goal ends on a cell of its own.
    let rules = variants::compile_bundled("mensch").expect("mensch compiles");
    let report = verify::check(&rules, &lints());
    let ends = report.check("track ends").expect("a track ends check");
    assert_eq!(ends.status, Status::Passed, "{report}");
    assert!(ends.findings.is_empty(), "{report}");
}

/// A throw that piles up (every face but 6 throws again, all throws
/// first) waits with more values than `turn { use = most }` counts ahead:
/// `verify` says so as a warning on the legal actions, with how many
/// decisions and the most values seen waiting. The same rules with one
/// value a throw have no such warning.
#[test]
fn throws_past_the_values_use_most_counts_are_a_warning() {
    let piled = "game \"Piled up\" { pieces = 4 }
board grid { width = 30 height = 1 }
dice d { faces = 1..6  again = 1, 2, 3, 4, 5 }
seat red { track = a1..ad1 }
seat blue { track = ad1..a1 }
players 2 { seats = red, blue }
turn { use = most  throws = all_first }
home { exact = yes }
";
    let options = Options {
        games: 10,
        ..Options::default()
    };
    let report = verify::check(&compiled("piled.variant", piled), &options);
    assert!(report.passed(), "{report}");
    let legal = report.check("legal actions apply").expect("the check");
    assert_eq!(legal.status, Status::Warning, "{report}");
    let [finding] = legal.findings.as_slice() else {
        panic!("one finding: {report}");
    };
    assert!(
        finding.contains("more than 8 values of a throw waiting (as many as ")
            && finding.contains("turn: use = most counts 8 of them ahead"),
        "{finding}"
    );
    let single = piled.replace("again = 1, 2, 3, 4, 5", "again = none");
    let report = verify::check(&compiled("single.variant", &single), &options);
    let legal = report.check("legal actions apply").expect("the check");
    assert_eq!(legal.status, Status::Passed, "{report}");
}
