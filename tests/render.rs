//! The SVG picture of every bundled variant: well-formed XML, one shape a
//! cell, and stable (insta snapshots); the pictures in docs/ are current;
//! and the `render` and `show` commands.

use std::path::Path;
use std::process::{Command, Output};

use pachisi::{Game, State, render, sim, variants};

mod common;
use common::TempDir;

/// A position from the middle of a seeded random game (seed 6, turn 100 of
/// Pachisi has a stack, two seats on one castle and homeward pieces): the state after
/// `turns` turns, or the end if the game is over first.
fn random_position(game: &Game, seed: u64, turns: u32) -> State {
    let mut rng = sim::rng(seed);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    while state.turns < turns && sim::random_step(game, &mut state, &mut rng, &mut buf).is_some() {}
    state
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("the SVG is not XML: {e}\n{svg}"))
}

/// The elements whose class list has `class`.
fn count_class(doc: &roxmltree::Document<'_>, class: &str) -> usize {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|w| w == class))
        })
        .count()
}

#[test]
fn every_bundled_board_is_drawn_as_xml_with_one_shape_a_cell() {
    for name in variants::names() {
        let game = Game::bundled(name, None).expect("a bundled variant loads");
        let cells = game.rules().board.cells.len();
        let safe = game.rules().capture.safe.len();
        let state = random_position(&game, 6, 100);
        if let Some(f) = &game.rules().fight {
            // A fight has lines and entry cells, not tracks; a piece a stack.
            let svg = render::svg(&game, Some(&state), None);
            let doc = parse(&svg);
            assert_eq!(count_class(&doc, "cell"), cells, "{name}: cells");
            let entries: usize = f.entries.iter().map(|e| e.len()).sum();
            assert_eq!(count_class(&doc, "entry"), entries, "{name}: entry cells");
            let fs = state.fight.as_deref().expect("a fight's state");
            let stacks = fs.cells.iter().filter(|c| !c.is_empty()).count();
            assert!(stacks > 0, "{name}: the position has pieces");
            assert_eq!(
                count_class(&doc, "piece"),
                stacks,
                "{name}: one group a stack"
            );
            let fused = fs.cells.iter().filter(|c| c.fused).count();
            assert_eq!(count_class(&doc, "fused"), fused, "{name}: fused pieces");
            assert_eq!(count_class(&doc, "owner"), 2 * fused, "{name}: both owners");
            continue;
        }
        let mut pictures = vec![
            ("board", render::svg(&game, None, None)),
            ("position", render::svg(&game, Some(&state), None)),
        ];
        for seat in 0..game.players() {
            pictures.push(("track", render::svg(&game, None, Some(seat))));
        }
        if let Some(f) = state.field.as_deref() {
            // A field game: one hexagon a cell, one disc a piece, no tracks.
            for (what, svg) in &pictures {
                let doc = parse(svg);
                assert_eq!(count_class(&doc, "cell"), cells, "{name} {what}: cells");
            }
            let doc = parse(&pictures[1].1);
            let on_board = f.armies.iter().map(|a| a.len()).sum::<usize>();
            assert_eq!(
                count_class(&doc, "piece"),
                on_board,
                "{name}: one disc a piece"
            );
            continue;
        }
        for (what, svg) in &pictures {
            let doc = parse(svg);
            assert_eq!(doc.root_element().tag_name().name(), "svg");
            assert_eq!(count_class(&doc, "cell"), cells, "{name} {what}: cells");
            assert_eq!(count_class(&doc, "safe"), safe, "{name} {what}: safe cells");
            let players = game.players();
            assert_eq!(count_class(&doc, "start"), players, "{name} {what}");
            assert_eq!(count_class(&doc, "home"), players, "{name} {what}");
        }
        for seat in 0..game.players() {
            let doc = parse(&pictures[2 + seat].1);
            let steps = game.track(seat).cells.len();
            assert_eq!(
                count_class(&doc, "step"),
                steps,
                "{name}: one number a step"
            );
        }
        let doc = parse(&pictures[1].1);
        let on_board: usize = (0..game.players())
            .map(|seat| {
                let home = game.track(seat).home();
                let mut steps: Vec<u8> = state.pieces[seat]
                    .iter()
                    .copied()
                    .filter(|&s| s > 0 && s < home)
                    .collect();
                steps.dedup();
                steps.len()
            })
            .sum();
        assert_eq!(
            count_class(&doc, "piece"),
            on_board,
            "{name}: one disc a stack"
        );
    }
}

#[test]
fn every_bundled_board_is_snapshotted() {
    for name in variants::names() {
        let game = Game::bundled(name, None).expect("a bundled variant loads");
        let state = random_position(&game, 6, 100);
        insta::assert_snapshot!(format!("{name}-board"), render::svg(&game, None, None));
        insta::assert_snapshot!(
            format!("{name}-track-{}", game.seat_name(0)),
            render::svg(&game, None, Some(0))
        );
        insta::assert_snapshot!(
            format!("{name}-position"),
            render::svg(&game, Some(&state), Some(0))
        );
    }
}

#[test]
fn the_picture_is_the_same_every_time() {
    let game = Game::bundled("pachisi", Some(2)).expect("pachisi loads");
    let state = random_position(&game, 3, 40);
    assert_eq!(
        render::svg(&game, Some(&state), Some(1)),
        render::svg(&game, Some(&state), Some(1))
    );
}

#[test]
fn any_board_is_drawn_not_only_the_cross() {
    let text = "\
game \"Race\" { pieces = 2 }
board grid { width = 8 height = 1 }
dice d { faces = 1..3 }
seat Ann { track = a1..h1 }
seat Bob { track = h1..a1 }
players 2 { seats = Ann, Bob }
";
    let game = Game::from_source("race.variant", text, None).expect("the race compiles");
    let svg = render::svg(&game, None, Some(0));
    let doc = parse(&svg);
    assert_eq!(count_class(&doc, "cell"), 8);
    assert_eq!(count_class(&doc, "step"), 8);
    // Seats not named by a colour get the palette's first colours.
    assert!(svg.contains("#c62828") && svg.contains("#1565c0"), "{svg}");
}

/// The pictures embedded in docs/games/<game>.md: each game's board and
/// one seat's track, as (page, file name, picture).
fn doc_pictures() -> Vec<(String, String, String)> {
    [
        ("pachisi", "red"),
        ("parcheesi", "red"),
        ("russian-pachisi", "red"),
        ("ludo", "red"),
        ("mensch", "yellow"),
    ]
    .into_iter()
    .flat_map(|(name, seat)| {
        let game = Game::bundled(name, None).unwrap_or_else(|e| panic!("{e}"));
        let index = game.seat_index(seat).expect("the seat plays");
        let page = format!("{name}.md");
        [
            (
                page.clone(),
                format!("{name}-board.svg"),
                render::svg(&game, None, None),
            ),
            (
                page,
                format!("{name}-{seat}-track.svg"),
                render::svg(&game, None, Some(index)),
            ),
        ]
    })
    .chain(fight_pictures())
    .chain(["nieuchess"].into_iter().map(|name| {
        // A field game has no tracks: its board alone.
        let game = Game::bundled(name, None).unwrap_or_else(|e| panic!("{e}"));
        (
            format!("{name}.md"),
            format!("{name}-board.svg"),
            render::svg(&game, None, None),
        )
    }))
    .collect()
}

/// A fight's pictures: its board, and a position with stacks and a fused
/// piece from a seeded random game.
fn fight_pictures() -> Vec<(String, String, String)> {
    let game = Game::bundled("nightmare-pachisi", Some(4)).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = sim::rng(11);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    // Play on until a fused piece and a stack stand on the board.
    let shown = |s: &State| {
        s.fight.as_deref().is_some_and(|f| {
            f.cells.iter().any(|c| c.fused) && f.cells.iter().any(|c| c.upper.is_some() && !c.fused)
        })
    };
    while !shown(&state) && sim::random_step(&game, &mut state, &mut rng, &mut buf).is_some() {}
    let page = "nightmare-pachisi.md".to_string();
    vec![
        (
            page.clone(),
            "nightmare-pachisi-board.svg".into(),
            render::svg(&game, None, None),
        ),
        (
            page,
            "nightmare-pachisi-position.svg".into(),
            render::svg(&game, Some(&state), None),
        ),
    ]
}

/// The pictures in docs/ are what the renderer draws now. Regenerate them with
/// `PACHISI_WRITE_DOCS=1 cargo test --test render`.
#[test]
fn the_pictures_in_the_docs_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/games");
    let write = std::env::var_os("PACHISI_WRITE_DOCS").is_some_and(|v| !v.is_empty());
    for (page, file, svg) in doc_pictures() {
        let path = dir.join(&file);
        if write {
            std::fs::write(&path, &svg).expect("the picture can be written");
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            on_disk == svg,
            "docs/games/{file} is not what the renderer draws now; \
             regenerate it with `PACHISI_WRITE_DOCS=1 cargo test --test render`"
        );
        let text = std::fs::read_to_string(dir.join(&page)).expect("the game's page");
        assert!(
            text.contains(&format!("]({file})")),
            "docs/games/{page} does not embed {file}"
        );
    }
}

fn pachisi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("the pachisi binary runs")
}

const STATE: &str = r#"{
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

#[test]
fn render_writes_the_svg_to_stdout_or_a_file() {
    let game = Game::bundled("pachisi", Some(2)).expect("pachisi loads");
    let state = game.load_state(STATE).expect("the state fits");
    let dir = TempDir::new("pachisi-render-tests");
    let state_path = dir.path().join("state.json");
    std::fs::write(&state_path, STATE).expect("the state can be written");
    let state_arg = state_path.to_str().expect("UTF-8 path");

    let out = pachisi(&["render", "pachisi", "--state", state_arg, "--seat", "black"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let black = game.seat_index("black").expect("black plays");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        render::svg(&game, Some(&state), Some(black))
    );

    let file = dir.path().join("board.svg");
    let out = pachisi(&[
        "render",
        "pachisi",
        "-o",
        file.to_str().expect("UTF-8 path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let game4 = Game::bundled("pachisi", None).expect("pachisi loads");
    assert_eq!(
        std::fs::read_to_string(&file).expect("the file was written"),
        render::svg(&game4, None, None)
    );
}

#[test]
fn render_refuses_a_seat_that_does_not_play() {
    let out = pachisi(&["render", "pachisi", "--players", "2", "--seat", "green"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("seat green does not play"), "{err}");
    assert!(err.contains("red, black"), "{err}");
}

#[test]
fn show_prints_the_text_picture_without_colour_when_piped() {
    let game = Game::bundled("pachisi", Some(2)).expect("pachisi loads");
    let state = game.load_state(STATE).expect("the state fits");
    let dir = TempDir::new("pachisi-render-tests");
    let path = dir.path().join("show.json");
    std::fs::write(&path, STATE).expect("the state can be written");
    let out = pachisi(&[
        "show",
        "pachisi",
        "--state",
        path.to_str().expect("UTF-8 path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text, render::text(&game, &state));
    assert!(!text.contains('\x1b'));
    assert!(
        text.contains("red      start 2  home 0  out: 10 (i18), 10 (i18)"),
        "{text}"
    );
}

#[test]
fn coloured_text_differs_from_plain_only_by_escapes() {
    let game = Game::bundled("pachisi", None).expect("pachisi loads");
    let state = random_position(&game, 11, 50);
    let plain = render::text(&game, &state);
    let coloured = render::text_styled(&game, &state, true);
    assert!(coloured.contains("\x1b[1;31mred\x1b[0m"), "{coloured}");
    let mut stripped = String::new();
    let mut rest = coloured.as_str();
    while let Some(at) = rest.find('\x1b') {
        stripped.push_str(&rest[..at]);
        let end = rest[at..].find('m').expect("an escape ends with m");
        rest = &rest[at + end + 1..];
    }
    stripped.push_str(rest);
    assert_eq!(stripped, plain);
}
