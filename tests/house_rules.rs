//! House-rule files: `extends "base"` and only what differs.

use std::{
    collections::BTreeMap,
    process::{Command, Output},
};

use pachisi::{
    Diagnostics, Game, SourceFile, compile,
    compile::{Change, MAX_DEPTH, compile_with, compile_with_changes},
    sim, variants,
};

mod common;
use common::TempDir;

/// The summary lines of two compiled files that differ, as (base, house).
fn differing_lines(base: &str, house: &str) -> Vec<(String, String)> {
    let base = compile(&SourceFile::new("base", variants::source(base).unwrap()))
        .unwrap_or_else(|e| panic!("{e}"))
        .summary();
    let house = compile(&SourceFile::new("house", house))
        .unwrap_or_else(|e| panic!("{e}"))
        .summary();
    let base: Vec<&str> = base.lines().collect();
    let house: Vec<&str> = house.lines().collect();
    assert_eq!(base.len(), house.len(), "the summaries have other lines");
    base.iter()
        .zip(&house)
        .filter(|(b, h)| b != h)
        .map(|(b, h)| (b.to_string(), h.to_string()))
        .collect()
}

/// The heads (text before the first `:`) of the differing lines.
fn heads(lines: &[(String, String)]) -> Vec<&str> {
    lines
        .iter()
        .map(|(b, _)| b.split(':').next().unwrap())
        .collect()
}

/// A resolver over a fixed set of files, by name.
fn resolver(files: &[(&str, &str)]) -> impl Fn(&str) -> Option<SourceFile> + use<> {
    let files: BTreeMap<String, String> = files
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    move |name| files.get(name).map(|t| SourceFile::new(name, t.clone()))
}

const RACE: &str = "\
game \"Race\" { pieces = 2 }
board grid { width = 8 height = 1 }
dice d { faces = 1..3 }
seat red { track = a1..h1 }
seat black { track = h1..a1 }
players 2 { seats = red, black }
";

fn errors_of(result: Result<impl std::fmt::Debug, Diagnostics>) -> Diagnostics {
    result.expect_err("the file should not compile")
}

#[test]
fn a_house_file_changes_exactly_what_it_says() {
    let lines = differing_lines(
        "pachisi",
        variants::source("house/pachisi-no-grace-entry").unwrap(),
    );
    assert_eq!(heads(&lines), ["game", "entry"]);
    assert!(
        lines[1]
            .1
            .starts_with("entry: a piece leaves its start on any throw"),
        "{lines:?}"
    );

    let lines = differing_lines(
        "pachisi",
        variants::source("house/pachisi-all-throws-first").unwrap(),
    );
    assert_eq!(heads(&lines), ["game", "turn"]);

    // One setting of one block: that line only, the block's other settings stay.
    let lines = differing_lines("pachisi", "extends \"pachisi\"\nstacks { blockade = 3 }\n");
    assert_eq!(heads(&lines), ["stacks"]);
    assert!(
        lines[0]
            .1
            .starts_with("stacks: 3 pieces of one side make a blockade")
    );
    assert!(lines[0].1.contains("pieces on one cell may move together"));

    // A labelled block changes only the block of that label.
    let lines = differing_lines(
        "pachisi",
        "extends \"pachisi\"\nplayers 4 { teams = (red, yellow), (black, green) }\n",
    );
    assert_eq!(heads(&lines), ["players 4"]);

    // A file that changes nothing is its base.
    assert!(differing_lines("pachisi", "extends \"pachisi\"\n").is_empty());
}

#[test]
fn regions_and_blocks_are_replaced_or_added() {
    let house = "extends \"race\"
game \"Race of three\" { pieces = 1 }
region rest = c1
seat blue { track = a1..h1 }
players 3 { seats = red, black, blue }
capture { safe = rest }
";
    let base = format!("{RACE}region rest = d1, e1\n");
    let resolve = resolver(&[("race", &base)]);
    let compiled = compile_with_changes(&SourceFile::new("three.variant", house), &resolve)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(compiled.base.as_deref(), Some("race"));
    let changes: Vec<String> = compiled.changes.iter().map(Change::to_string).collect();
    assert_eq!(
        changes,
        [
            "changed: region rest: d1, e1 -> c1",
            "changed: game name: \"Race\" -> \"Race of three\"",
            "changed: game.pieces: 2 -> 1",
            "added: seat blue",
            "added: players 3",
            "added: capture",
        ]
    );
    let rules = compiled.rules;
    assert_eq!(rules.name, "Race of three");
    assert_eq!(rules.pieces_per_seat, 1);
    assert_eq!(rules.seats.len(), 3);
    assert_eq!(rules.tables.len(), 2);
    let summary = rules.summary();
    assert!(summary.contains("region rest: 1 cells (c1)"), "{summary}");

    // The game's name stays when the house file's `game` has no label.
    let rules = compile_with(
        &SourceFile::new("h", "extends \"race\"\ngame { pieces = 1 }\n"),
        &resolve,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules.name, "Race");
}

/// A house file may add several regions its base does not have: each is
/// added, the second found among the regions already added.
#[test]
fn a_house_file_adds_two_regions_of_its_own() {
    let house = "extends \"race\"
region rest = c1
region guard = d1, e1
capture { safe = rest }
stacks { jump = not_own  jump_in = guard }
";
    let resolve = resolver(&[("race", RACE)]);
    let compiled = compile_with_changes(&SourceFile::new("two.variant", house), &resolve)
        .unwrap_or_else(|e| panic!("{e}"));
    let changes: Vec<String> = compiled.changes.iter().map(Change::to_string).collect();
    assert_eq!(
        &changes[..2],
        ["added: region rest", "added: region guard"],
        "{changes:?}"
    );
    let regions: Vec<&str> = (compiled.rules.regions.iter())
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(regions, ["rest", "guard"]);
    assert_eq!(compiled.rules.stacks.jump_region.as_deref(), Some("guard"));
}

#[test]
fn the_bundled_house_variants_compile_and_play() {
    let house: Vec<&str> = variants::names()
        .into_iter()
        .filter(|n| n.starts_with("house/"))
        .collect();
    assert!(house.contains(&"house/pachisi-no-grace-entry"));
    assert!(house.contains(&"house/pachisi-all-throws-first"));
    for name in house {
        let most = Game::load(name, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        for players in most.rules().tables.iter().map(|t| t.players) {
            let game = Game::load(name, Some(players)).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut rng = sim::rng(3);
            for _ in 0..5 {
                let played = sim::play_random(&game, &mut rng, false);
                assert!(played.actions > 0, "{name}");
            }
        }
    }
}

#[test]
fn an_error_in_the_house_file_points_into_the_house_file() {
    let house = "// my rules\nextends \"pachisi\"\nentry { on = sometimes }\n";
    let errors = errors_of(compile(&SourceFile::new("my-house.variant", house)));
    assert_eq!(errors.items.len(), 1);
    let d = &errors.items[0];
    assert_eq!(d.file, 0);
    assert_eq!(d.code, "compile::unknown_word");
    assert_eq!(
        &house[d.span.start as usize..d.span.end as usize],
        "sometimes"
    );
    let rendered = errors.to_string();
    assert!(rendered.contains("--> my-house.variant:3:14"), "{rendered}");
    assert!(
        rendered.contains("3 | entry { on = sometimes }"),
        "{rendered}"
    );
    assert!(!rendered.contains("pachisi.variant"), "{rendered}");

    // A setting the block does not know, and one written twice.
    let house = "extends \"pachisi\"\nentry { onn = any }\nturn { limit = 9 limit = 10 }\n";
    let errors = errors_of(compile(&SourceFile::new("h.variant", house)));
    let codes: Vec<_> = errors.items.iter().map(|d| (d.code, d.file)).collect();
    assert_eq!(
        codes,
        [
            ("compile::unknown_setting", 0),
            ("compile::duplicate_setting", 0)
        ]
    );
    assert_eq!(errors.items[0].help.as_deref(), Some("did you mean `on`?"));
    assert_eq!(errors.items[1].notes[0].file, 0);
}

#[test]
fn an_error_that_comes_from_the_base_points_into_the_base() {
    // The house narrows the board; the base's tracks then leave it.
    let house = "extends \"race\"\nboard grid { width = 6 }\n";
    let resolve = resolver(&[("race", RACE)]);
    let errors = errors_of(compile_with(
        &SourceFile::new("narrow.variant", house),
        &resolve,
    ));
    assert!(!errors.items.is_empty());
    assert_eq!(errors.bases.len(), 1);
    assert_eq!(errors.bases[0].name(), "race");
    for d in &errors.items {
        assert_eq!(d.file, 1, "{}", errors);
        let text = &RACE[d.span.start as usize..d.span.end as usize];
        assert!(text.contains("h1") || text.contains("g1"), "{text}");
        // A note leads back to the house file's `extends`.
        let back = d.notes.last().unwrap();
        assert_eq!(back.file, 0);
        assert_eq!(
            &house[back.span.start as usize..back.span.end as usize],
            "\"race\""
        );
    }
    let rendered = errors.to_string();
    assert!(rendered.contains("--> race:4:"), "{rendered}");
    assert!(
        rendered.contains("4 | seat red { track = a1..h1 }"),
        "{rendered}"
    );
    assert!(rendered.contains("::: narrow.variant:1:9"), "{rendered}");

    // A syntax error in the base, two bases down.
    let resolve = resolver(&[
        ("mid", "extends \"broken\"\nturn { limit = 10 }\n"),
        ("broken", "game \"B\" { pieces = }\n"),
    ]);
    let errors = errors_of(compile_with(
        &SourceFile::new("top.variant", "extends \"mid\"\n"),
        &resolve,
    ));
    assert_eq!(errors.items.len(), 1);
    assert_eq!(errors.items[0].file, 2);
    let rendered = errors.to_string();
    assert!(rendered.contains("--> broken:1:"), "{rendered}");
    assert!(rendered.contains("::: mid:1:9"), "{rendered}");
    assert!(rendered.contains("::: top.variant:1:9"), "{rendered}");
}

#[test]
fn an_unknown_base_suggests_the_nearest_name() {
    let house = "extends \"pachisy\"\nentry { on = any }\n";
    let errors = errors_of(compile(&SourceFile::new("h.variant", house)));
    let d = &errors.items[0];
    assert_eq!(d.code, "compile::unknown_base");
    assert_eq!(
        &house[d.span.start as usize..d.span.end as usize],
        "\"pachisy\""
    );
    assert_eq!(d.help.as_deref(), Some("did you mean `pachisi`?"));
    let errors = errors_of(compile(&SourceFile::new(
        "h.variant",
        "extends \"nothing-like-it\"\n",
    )));
    let help = errors.items[0].help.clone().unwrap();
    assert!(help.contains("pachisi"), "{help}");

    // A path that does not exist names where it was looked for.
    let errors = errors_of(compile_with(
        &SourceFile::new("dir/h.variant", "extends \"../nowhere.variant\"\n"),
        &pachisi::compile::resolve_bundled_or_file,
    ));
    assert_eq!(
        errors.items[0].label.as_deref(),
        Some("looked for `nowhere.variant`")
    );
}

#[test]
fn extends_comes_first_and_once() {
    let errors = errors_of(compile(&SourceFile::new(
        "h.variant",
        "entry { on = any }\nextends \"pachisi\"\n",
    )));
    assert_eq!(errors.items[0].code, "syntax::extends_not_first");
    let errors = errors_of(compile(&SourceFile::new(
        "h.variant",
        "extends \"pachisi\"\nextends \"pachisi\"\n",
    )));
    assert_eq!(errors.items[0].code, "syntax::extends_twice");
}

#[test]
fn cycles_are_reported_by_name() {
    let resolve = resolver(&[
        ("pachisi-a", "extends \"pachisi-b\"\n"),
        ("pachisi-b", "extends \"pachisi-a\"\n"),
    ]);
    let errors = errors_of(compile_with(
        &SourceFile::new("pachisi-a", "extends \"pachisi-b\"\n"),
        &resolve,
    ));
    let d = &errors.items[0];
    assert_eq!(d.code, "compile::extends_cycle");
    assert_eq!(
        d.message,
        "pachisi-a extends pachisi-b which extends pachisi-a"
    );
    // It points at the `extends` that closes the circle, in pachisi-b.
    assert_eq!(d.file, 1);

    // A file that extends itself.
    let resolve = resolver(&[("me", "extends \"me\"\n")]);
    let errors = errors_of(compile_with(
        &SourceFile::new("me", "extends \"me\"\n"),
        &resolve,
    ));
    assert_eq!(errors.items[0].message, "me extends me");
}

#[test]
fn the_depth_of_bases_is_limited() {
    // b1 extends b2 ... extends bN, which is a whole game.
    let chain = |n: usize| -> Vec<(String, String)> {
        (1..=n)
            .map(|i| {
                let text = if i == n {
                    RACE.to_string()
                } else {
                    format!("extends \"b{}\"\nturn {{ limit = {} }}\n", i + 1, 100 + i)
                };
                (format!("b{i}"), text)
            })
            .collect()
    };
    let at_limit = chain(MAX_DEPTH);
    let files: Vec<(&str, &str)> = at_limit
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let rules = compile_with(
        &SourceFile::new("top", "extends \"b1\"\n"),
        &resolver(&files),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // The nearest file's setting wins.
    assert!(
        rules.summary().contains("limit 101 turns"),
        "{}",
        rules.summary()
    );

    let too_deep = chain(MAX_DEPTH + 1);
    let files: Vec<(&str, &str)> = too_deep
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let errors = errors_of(compile_with(
        &SourceFile::new("top", "extends \"b1\"\n"),
        &resolver(&files),
    ));
    let d = &errors.items[0];
    assert_eq!(d.code, "compile::extends_too_deep");
    assert_eq!(d.file, MAX_DEPTH);
    assert!(d.message.contains(&MAX_DEPTH.to_string()), "{}", d.message);
}

/// A directory of the test's own, with a `house` directory in it.
fn temp_dir() -> TempDir {
    let dir = TempDir::new("pachisi-house-tests");
    std::fs::create_dir_all(dir.path().join("house")).expect("the temporary directory can be made");
    dir
}

fn pachisi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(args)
        .output()
        .expect("the pachisi binary runs")
}

#[test]
fn a_base_is_found_by_a_path_from_the_house_file() {
    let dir = temp_dir();
    std::fs::write(dir.path().join("race.variant"), RACE).unwrap();
    let house = dir.path().join("house/short.variant");
    std::fs::write(
        &house,
        "extends \"../race.variant\"\nboard grid { width = 8 }\nturn { limit = 40 }\n",
    )
    .unwrap();
    let game = Game::load(house.to_str().unwrap(), None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.rules().name, "Race");
    let out = pachisi(&["simulate", house.to_str().unwrap(), "--games", "5"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn check_lists_the_changes_against_the_base() {
    let out = pachisi(&["check", "house/pachisi-no-grace-entry"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("house rules on pachisi:"));
    assert!(
        text.contains("  changed: entry.on: again -> any\n"),
        "{text}"
    );
    assert!(
        text.contains("  changed: game name: \"Pachisi\" -> \"Pachisi, no grace entry\"\n"),
        "{text}"
    );
    assert!(text.contains("\ngame: Pachisi, no grace entry\n"), "{text}");

    let dir = temp_dir();
    let house = dir.path().join("mine.variant");
    std::fs::write(
        &house,
        "extends \"pachisi\"\nregion rest = a10\nturn { limit = 300 at_limit = progress }\ncapture { safe = rest }\n",
    )
    .unwrap();
    let out = pachisi(&["check", house.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let changes: Vec<&str> = text.lines().skip(1).take_while(|l| !l.is_empty()).collect();
    assert_eq!(
        changes,
        [
            "  added: region rest",
            "  changed: turn.limit: 5000 -> 300",
            "  changed: turn.at_limit: draw -> progress",
            "  changed: capture.safe: castle -> rest",
        ]
    );

    // A plain variant has no list of changes; a broken house file names its place.
    let out = pachisi(&["check", "pachisi"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("game: Pachisi\n"));
    std::fs::write(&house, "extends \"pachisi\"\nentry { on = sometimes }\n").unwrap();
    let out = pachisi(&["check", house.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mine.variant:2:14"), "{err}");
}
