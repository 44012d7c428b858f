//! A [proptest](https://docs.rs/proptest) strategy of generated race variant
//! files: boards, tracks, dice, seatings and every rule setting of a race,
//! each file small enough to play many random games of it fast. Compiled
//! with the cargo feature `proptest`.
//!
//! A generated variant is read off a list of numbers, one a choice: each
//! number picks one of the choices of a setting, 0 its first (mostly the
//! default). A failing case shrinks towards zeros, that is towards the
//! defaults and the smallest board, so the file left is a short one.
//!
//! Every choice the generator makes is kept in [`GeneratedVariant::choices`]
//! by the setting's name, such as `("stacks.pass", "with_doubles")`;
//! [`SETTINGS`] lists every setting and every choice it can make, so that
//! a test can count that each appears.

use std::fmt::Write as _;
use std::sync::Arc;

use proptest::prelude::*;

use crate::compile;
use crate::{Diagnostics, Game, RuleSet, SourceFile};

/// The name a generated overlay gives its generated base in `extends`.
pub const BASE_NAME: &str = "generated-base";

/// How many numbers [`race_variants`] draws for one variant: more than any
/// variant reads, so that every choice is drawn.
pub const CHOICES_DRAWN: usize = 256;

/// Every setting the generator chooses and its every choice, by the name
/// it is recorded under in [`GeneratedVariant::choices`]. Settings of the
/// language are named `block.setting`; the rest (`board`, `track.*`,
/// `players.*`, `overlay`) are the shapes the generator draws.
pub const SETTINGS: &[(&str, &[&str])] = &[
    ("board", &["line", "loop", "square", "cross", "custom"]),
    ("board.cells", &["none", "wide"]),
    ("board.links", &["none", "links"]),
    ("track.written", &["cells", "ranges"]),
    ("track.rotate", &["none", "half", "quarter", "of_rotated"]),
    ("track.lengths", &["equal", "different"]),
    ("track.start", &["own", "shared_with_home"]),
    (
        "track.home",
        &[
            "end_of_line",
            "shared_cell",
            "own_cell",
            "own_stretch",
            "shared_stretch",
        ],
    ),
    ("region", &["none", "safe_cells", "with_entry_cells"]),
    ("seat.detour", &["none", "once", "again"]),
    ("dice.kind", &["faces", "shells"]),
    ("dice.shells", &["1", "2", "3", "4"]),
    ("dice.up", &["up", "chance"]),
    ("dice.score", &["plain", "again"]),
    ("dice.faces", &["from_1", "from_2", "listed"]),
    ("dice.count", &["1", "2", "3"]),
    (
        "dice.again",
        &["none", "doubles", "faces", "doubles_and_faces"],
    ),
    ("dice.doubles_bottoms", &["never", "when_all_out"]),
    ("dice.all_out", &["none", "larger", "smaller"]),
    ("dice.doubles", &["once", "twice"]),
    ("game.pieces", &["1", "2", "3", "4", "9"]),
    ("game.about", &["none", "about"]),
    ("players.tables", &["1", "2", "3", "4"]),
    ("players.teams", &["none", "teams"]),
    ("players.hands", &["none", "hands"]),
    ("players.dummy", &["none", "dummy"]),
    ("turn.begins", &["first_seat", "throw", "one_die_each"]),
    ("turn.throws", &["one_at_a_time", "all_first"]),
    ("turn.must_move", &["yes", "no"]),
    ("turn.use", &["each", "most", "one"]),
    ("turn.bonus", &["any_order", "after_dice"]),
    ("turn.bonus_optional", &["no", "yes"]),
    ("turn.finished", &["skip", "play"]),
    ("turn.again_limit", &["none", "1", "number"]),
    (
        "turn.over_limit",
        &["lose_throw", "send_back_leader", "send_back_last"],
    ),
    ("turn.tries", &["1", "number"]),
    ("turn.limit", &["number"]),
    ("turn.at_limit", &["draw", "progress", "score"]),
    ("entry.on", &["any", "again", "values"]),
    ("entry.first_on", &["same", "any", "again", "values"]),
    ("entry.first", &["none_on_board", "first_of_game"]),
    ("entry.moves", &["score", "to_track"]),
    ("entry.forced", &["no", "yes", "always"]),
    ("entry.sum", &["no", "yes"]),
    ("entry.clear_start", &["no", "yes"]),
    ("entry.already_out", &["0", "number"]),
    ("entry.begin_on", &["none", "steps"]),
    ("home.exact", &["yes", "no", "furthest"]),
    ("home.gather", &["none", "number"]),
    ("home.near", &["wait", "smallest_throw"]),
    ("home.bonus", &["none", "number"]),
    ("home.goal", &["1", "number"]),
    ("home.order", &["none", "pair"]),
    ("capture.by", &["landing", "none"]),
    ("capture.safe", &["none", "region"]),
    ("capture.again", &["no", "yes", "number"]),
    ("capture.partners", &["no", "yes"]),
    ("capture.bonus", &["none", "number"]),
    ("capture.safe_shared", &["yes", "no"]),
    ("capture.own_entry", &["no", "entering", "always"]),
    ("stacks.blockade", &["none", "2", "3"]),
    (
        "stacks.pass",
        &["never", "group_as_large", "with_doubles", "always"],
    ),
    ("stacks.blocks", &["others", "everyone"]),
    ("stacks.pairs", &["free", "apart"]),
    ("stacks.take", &["never", "as_many"]),
    ("stacks.groups", &["apart", "together", "merged"]),
    ("stacks.max", &["none", "number"]),
    ("stacks.own_max", &["none", "1", "number"]),
    ("stacks.blockade_turns", &["none", "number"]),
    ("stacks.mixed", &["like_any", "open_to_side"]),
    ("stacks.break_on", &["none", "again", "values"]),
    ("stacks.jump", &["any", "not_own", "none"]),
    ("stacks.jump_in", &["all", "race_cells", "track_ends"]),
    ("end.stop", &["first_side", "last_side"]),
    ("end.forfeit_piece", &["0", "number"]),
    ("end.forfeit_seat", &["0", "number"]),
    ("end.forfeit_game", &["0", "number"]),
    ("end.forfeit_none_home", &["0", "number"]),
    ("end.forfeit_behind", &["0", "number"]),
    ("end.doubling", &["no", "yes"]),
    ("end.team", &["all", "first"]),
    ("settings", &["written", "left_out"]),
    ("overlay", &["none", "generated", "bundled"]),
];

/// A generated variant file, with what it is made of. Its `Debug` is the
/// text of the file (and of its base), as a failing case shows it.
#[derive(Clone)]
pub struct GeneratedVariant {
    /// The text of the variant file.
    pub source: String,
    /// For an overlay of a generated base: the base's text, which
    /// [`GeneratedVariant::source`] extends as [`BASE_NAME`]. An overlay of
    /// a bundled variant extends it by its name and has no base here.
    pub base: Option<String>,
    /// The numbers of players of the file's `players` blocks, ascending.
    pub players: Vec<usize>,
    /// Every choice made, as (setting, choice) of [`SETTINGS`].
    pub choices: Vec<(&'static str, &'static str)>,
}

impl GeneratedVariant {
    /// Compiles the file, its generated base (if any) found by
    /// [`GeneratedVariant::resolver`].
    pub fn compile(&self) -> Result<RuleSet, Diagnostics> {
        compile::compile_with(
            &SourceFile::new("generated.variant", self.source.as_str()),
            &self.resolver(),
        )
    }

    /// A resolver of the file's bases: the generated base by
    /// [`BASE_NAME`], and the bundled variants.
    pub fn resolver(&self) -> impl Fn(&str) -> Option<SourceFile> + '_ {
        move |name: &str| match (&self.base, name) {
            (Some(base), BASE_NAME) => Some(SourceFile::new(
                format!("{BASE_NAME}.variant"),
                base.as_str(),
            )),
            _ => compile::resolve_bundled(name),
        }
    }

    /// The game seated for each number of players of the file, in
    /// [`GeneratedVariant::players`]' order.
    ///
    /// # Panics
    ///
    /// When the file does not compile or a table cannot be seated, with the
    /// errors and the file: a generated file always compiles.
    pub fn games(&self) -> Vec<Game> {
        let rules = Arc::new(
            self.compile()
                .unwrap_or_else(|e| panic!("a generated variant does not compile:\n{e}\n{self}")),
        );
        self.players
            .iter()
            .map(|&n| {
                Game::new(rules.clone(), n)
                    .unwrap_or_else(|e| panic!("cannot seat {n} players: {e}\n{self}"))
            })
            .collect()
    }

    /// Whether the generator chose `choice` for `setting`.
    pub fn has(&self, setting: &str, choice: &str) -> bool {
        self.choices
            .iter()
            .any(|&(s, c)| s == setting && c == choice)
    }
}

impl std::fmt::Debug for GeneratedVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "players {:?}\n{self}", self.players)
    }
}

impl std::fmt::Display for GeneratedVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(base) = &self.base {
            writeln!(f, "// {BASE_NAME}.variant\n{base}// generated.variant")?;
        }
        write!(f, "{}", self.source)
    }
}

/// Generated race variant files: every board shape, dice of every kind,
/// every rule setting of a race with each of its choices, seatings with
/// teams, hands and dummies, and house-rule files over a generated or a
/// bundled base. Each file compiles ([`GeneratedVariant::compile`]).
///
/// ```
/// use pachisi::verify::generate::race_variants;
/// use pachisi::{Actor, sim};
/// use proptest::prelude::*;
///
/// proptest!(ProptestConfig::with_cases(4), |(variant in race_variants())| {
///     // Every table of the file plays a random game to its end.
///     for game in variant.games() {
///         let played = sim::play_random(&game, &mut sim::rng(1), false);
///         prop_assert_eq!(game.actor(&played.state), Actor::Terminal);
///     }
/// });
/// ```
pub fn race_variants() -> impl Strategy<Value = GeneratedVariant> {
    proptest::collection::vec(any::<u32>(), CHOICES_DRAWN).prop_map(|numbers| generate(&numbers))
}

/// The variant that `seed` draws: the same on every machine, for seed
/// corpora and for tests that count choices over many variants.
pub fn from_seed(seed: u64) -> GeneratedVariant {
    use rand::Rng as _;
    let mut rng = crate::sim::rng(seed);
    let numbers: Vec<u32> = (0..CHOICES_DRAWN).map(|_| rng.next_u32()).collect();
    generate(&numbers)
}

/// The variant a list of numbers draws, one number a choice; numbers past
/// the end of the list read as 0.
pub fn generate(numbers: &[u32]) -> GeneratedVariant {
    let mut c = Chooser {
        numbers,
        at: 0,
        choices: Vec::new(),
    };
    match c.pick("overlay", &[(4, "none"), (2, "generated"), (1, "bundled")]) {
        "bundled" => bundled_overlay(&mut c),
        overlay => {
            let frame = Frame::choose(&mut c);
            let rules = Rules::choose(&mut c, &frame, true);
            let mut text = String::new();
            if overlay == "none" {
                frame.write(&mut text, &rules, &mut c);
                rules.write(&mut text, &mut c, false);
                return c.finish(text, None, frame.players());
            }
            // The base has rule blocks of its own; the overlay writes in
            // full each block that differs, which so replaces the base's.
            let mut base = String::new();
            let mut quiet = c.quiet();
            let base_rules = Rules::choose(&mut quiet, &frame, false);
            frame.write(&mut base, &base_rules, &mut quiet);
            base_rules.write(&mut base, &mut quiet, false);
            c.at = quiet.at;
            writeln!(text, "extends \"{BASE_NAME}\"\n").unwrap();
            if c.chance(1, 2) {
                writeln!(text, "game \"Generated house rules\" {{ }}").unwrap();
            }
            if let Some(region) = frame.region(&rules) {
                writeln!(text, "{region}").unwrap();
            }
            let mut changed = false;
            for (block, base_block) in rules.blocks.iter().zip(&base_rules.blocks) {
                if block.text(true) != base_block.text(true) {
                    text.push_str(&block.text(true));
                    changed = true;
                }
            }
            if !changed && let Some(turn) = rules.blocks.first() {
                text.push_str(&turn.text(true));
            }
            c.finish(text, Some(base), frame.players())
        }
    }
}

/// Reads choices off the numbers and keeps what it chose.
struct Chooser<'a> {
    numbers: &'a [u32],
    at: usize,
    choices: Vec<(&'static str, &'static str)>,
}

impl<'a> Chooser<'a> {
    fn next(&mut self) -> u32 {
        let n = self.numbers.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        n
    }

    /// A number in `lo..=hi`, `lo` for 0.
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.next() % (hi - lo + 1)
    }

    /// True `num` times in `den`; false for 0.
    fn chance(&mut self, num: u32, den: u32) -> bool {
        self.next() % den >= den - num
    }

    /// One of `options` by weight, recorded under `setting`; the first for 0.
    fn pick(&mut self, setting: &'static str, options: &[(u32, &'static str)]) -> &'static str {
        let choice = self.pick_quiet(options);
        self.record(setting, choice);
        choice
    }

    fn pick_quiet<T: Copy>(&mut self, options: &[(u32, T)]) -> T {
        let total: u32 = options.iter().map(|o| o.0).sum();
        let mut n = self.next() % total;
        for &(weight, option) in options {
            if n < weight {
                return option;
            }
            n -= weight;
        }
        unreachable!("a pick below the total weight")
    }

    fn record(&mut self, setting: &'static str, choice: &'static str) {
        debug_assert!(
            SETTINGS
                .iter()
                .any(|(s, cs)| *s == setting && cs.contains(&choice)),
            "{setting} = {choice} is not in SETTINGS"
        );
        self.choices.push((setting, choice));
    }

    /// A chooser that goes on reading the same numbers and records nothing
    /// that counts: for a base that an overlay replaces.
    fn quiet(&self) -> Chooser<'a> {
        Chooser {
            numbers: self.numbers,
            at: self.at,
            choices: Vec::new(),
        }
    }

    fn finish(
        &mut self,
        source: String,
        base: Option<String>,
        players: Vec<usize>,
    ) -> GeneratedVariant {
        GeneratedVariant {
            source,
            base,
            players,
            choices: std::mem::take(&mut self.choices),
        }
    }
}

/// The names of the seats, in the order their tracks turn.
const SEATS: [&str; 4] = ["red", "blue", "green", "gold"];

/// The column letter of column `i` (0 is `a`).
fn col(i: usize) -> char {
    (b'a' + i as u8) as char
}

/// One table: its number of players and its `players` block.
struct Table {
    players: usize,
    text: String,
}

/// What does not change between a base and its overlay: the board, the
/// seats and their tracks, the dice, the pieces and the tables.
struct Frame {
    board: String,
    seats: Vec<String>,
    dice: String,
    game: String,
    tables: Vec<Table>,
    /// The seats' tracks, as cell names, to pick cells from.
    tracks: Vec<Vec<String>>,
    /// The cells the generator may make safe, besides the entry cells.
    safe_cells: Vec<String>,
    pieces: u32,
    /// Values the dice give.
    values: Vec<u32>,
    /// Dice with faces: how many thrown together (0 for shells).
    count: u32,
    /// Whether some throw gives another throw.
    any_again: bool,
    /// Whether partners exist at some table (teams or hands).
    partners: bool,
    /// The way from start to home of the shortest track, in steps.
    shortest: usize,
    /// The most steps at the end of every track, home included, whose
    /// cells are on no other track: how long a goal may be.
    private_end: usize,
}

impl Frame {
    /// Whether every table seats two players, each with one seat.
    fn two_seats(&self) -> bool {
        (self.tables.iter())
            .all(|t| t.players == 2 && !t.text.contains("hands") && !t.text.contains("dummy"))
    }

    fn choose(c: &mut Chooser) -> Frame {
        let shape = c.pick(
            "board",
            &[
                (2, "line"),
                (2, "loop"),
                (3, "square"),
                (2, "cross"),
                (3, "custom"),
            ],
        );
        let (board, seats, tracks, safe_cells) = match shape {
            "line" => line_board(c),
            "loop" => loop_board(c),
            "square" => square_board(c),
            "cross" => cross_board(c),
            _ => custom_board(c),
        };
        if shape != "custom" {
            c.record("board.links", "none");
        }
        if shape != "custom" && shape != "cross" {
            c.record("board.cells", "none");
        }
        let shortest = tracks.iter().map(|t| t.len() - 1).min().unwrap_or(1);
        let private_end = tracks
            .iter()
            .enumerate()
            .map(|(a, track)| {
                let elsewhere = |cell: &String| {
                    tracks
                        .iter()
                        .enumerate()
                        .any(|(b, t)| b != a && t.contains(cell))
                };
                track
                    .iter()
                    .rev()
                    .take_while(|cell| !elsewhere(cell))
                    .count()
            })
            .min()
            .unwrap_or(0);
        let (dice, values, count, any_again) = choose_dice(c);
        let pieces = c
            .pick(
                "game.pieces",
                // Nine: more than a word of one seat's pieces, and with
                // two seats more than the 16-byte tables hold.
                &[(2, "1"), (4, "2"), (3, "3"), (1, "4"), (1, "9")],
            )
            .parse()
            .unwrap();
        let mut game = format!("game \"Generated\" {{\n    pieces = {pieces}\n");
        if c.pick("game.about", &[(2, "none"), (1, "about")]) == "about" {
            game.push_str("    about = \"A race drawn by the generator.\"\n");
        }
        game.push_str("}\n");
        let (tables, partners) = choose_tables(c, tracks.len());
        Frame {
            board,
            seats,
            dice,
            game,
            tables,
            tracks,
            safe_cells,
            pieces,
            values,
            count,
            any_again,
            partners,
            shortest,
            private_end,
        }
    }

    fn players(&self) -> Vec<usize> {
        let mut players: Vec<usize> = self.tables.iter().map(|t| t.players).collect();
        players.sort_unstable();
        players
    }

    /// The regions the rules name, if they name any: the safe cells
    /// (`rest`) and the cells where pieces may not be passed (`guard`).
    fn region(&self, rules: &Rules) -> Option<String> {
        let regions: Vec<String> = [("rest", &rules.safe), ("guard", &rules.guarded)]
            .into_iter()
            .filter_map(|(name, cells)| {
                (cells.as_ref()).map(|cells| format!("region {name} = {}", cells.join(", ")))
            })
            .collect();
        (!regions.is_empty()).then(|| regions.join("\n"))
    }

    /// Writes the whole file but the rule blocks, in a drawn order.
    fn write(&self, out: &mut String, rules: &Rules, c: &mut Chooser) {
        let mut items: Vec<String> = vec![self.game.clone(), self.board.clone(), self.dice.clone()];
        items.extend(self.seats.iter().cloned());
        items.extend(self.tables.iter().map(|t| t.text.clone()));
        if let Some(region) = self.region(rules) {
            items.push(region + "\n");
        }
        // The order of items does not matter: sometimes the seats come last.
        if c.chance(1, 4) {
            items.rotate_left(3);
        }
        for item in items {
            out.push_str(&item);
        }
    }
}

/// Board, seat blocks, tracks as cell names, and safe cell candidates.
type Drawn = (String, Vec<String>, Vec<Vec<String>>, Vec<String>);

/// A seat block with a track.
fn seat_block(name: &str, track: &str, detour: Option<&str>) -> String {
    match detour {
        Some(d) => format!("seat {name} {{\n    track = {track}\n    detour = {d}\n}}\n"),
        None => format!("seat {name} {{ track = {track} }}\n"),
    }
}

/// One row of squares, two seats going opposite ways.
fn line_board(c: &mut Chooser) -> Drawn {
    let width = c.range(5, 10) as usize;
    let last = col(width - 1);
    let short = c.pick("track.lengths", &[(1, "equal"), (1, "different")]) == "different";
    c.record("track.home", "end_of_line");
    c.record("track.start", "own");
    let blue_start = if short { width - 2 } else { width - 1 };
    let red: Vec<String> = (0..width).map(|i| format!("{}1", col(i))).collect();
    let blue: Vec<String> = (0..=blue_start)
        .rev()
        .map(|i| format!("{}1", col(i)))
        .collect();
    let written = c.pick("track.written", &[(2, "ranges"), (1, "cells")]);
    let text = |cells: &[String]| match written {
        "ranges" => format!("{}..{}", cells[0], cells[cells.len() - 1]),
        _ => cells.join(", "),
    };
    c.record("track.rotate", "none");
    let seats = vec![
        seat_block("red", &text(&red), None),
        seat_block("blue", &text(&blue), None),
    ];
    let safe = red[2..width - 2].to_vec();
    let _ = last;
    (
        format!("board grid {{ width = {width} height = 1 }}\n"),
        seats,
        vec![red, blue],
        safe,
    )
}

/// Two rows of squares: out along the top, back along the bottom; the
/// second seat's track turned half round.
fn loop_board(c: &mut Chooser) -> Drawn {
    let width = c.range(3, 7) as usize;
    let last = col(width - 1);
    c.record("track.home", "end_of_line");
    c.record("track.start", "own");
    c.record("track.lengths", "equal");
    c.record("track.written", "ranges");
    let red: Vec<String> = (0..width)
        .map(|i| format!("{}1", col(i)))
        .chain((0..width).rev().map(|i| format!("{}2", col(i))))
        .collect();
    let blue: Vec<String> = (0..width)
        .rev()
        .map(|i| format!("{}2", col(i)))
        .chain((0..width).map(|i| format!("{}1", col(i))))
        .collect();
    let red_text = format!("a1..{last}1, {last}2..a2");
    let blue_text = if c.pick("track.rotate", &[(1, "none"), (2, "half")]) == "half" {
        "rotate(red, 2)".to_string()
    } else {
        format!("{last}2..a2, a1..{last}1")
    };
    let seats = vec![
        seat_block("red", &red_text, None),
        seat_block("blue", &blue_text, None),
    ];
    let safe = red[1..red.len() - 1].to_vec();
    (
        format!("board grid {{ width = {width} height = 2 }}\n"),
        seats,
        vec![red, blue],
        safe,
    )
}

/// The cells of the edge of an n by n grid, clockwise from `a1`.
fn edge(n: usize) -> Vec<String> {
    let mut cells: Vec<String> = (0..n).map(|i| format!("{}1", col(i))).collect();
    cells.extend((2..=n).map(|r| format!("{}{r}", col(n - 1))));
    cells.extend((0..n - 1).rev().map(|i| format!("{}{n}", col(i))));
    cells.extend((2..n).rev().map(|r| format!("a{r}")));
    cells
}

/// The edge of an n by n grid from `from` (an index into [`edge`]) to its
/// end, written as ranges along its sides.
fn edge_text(n: usize, from: usize) -> String {
    let l = col(n - 1);
    let sides = [
        (0, format!("a1..{l}1")),
        (n, format!("{l}2..{l}{n}")),
        (2 * n - 1, format!("{}{n}..a{n}", col(n - 2))),
        (3 * n - 2, format!("a{}..a2", n - 1)),
    ];
    let cells = edge(n);
    let mut parts = Vec::new();
    for (i, (start, side)) in sides.iter().enumerate() {
        let end = sides.get(i + 1).map_or(cells.len(), |s| s.0);
        if from >= end {
            continue;
        }
        if from <= *start {
            parts.push(side.clone());
        } else if end - from == 1 {
            parts.push(cells[from].clone());
        } else {
            parts.push(format!("{}..{}", cells[from], cells[end - 1]));
        }
    }
    parts.join(", ")
}

/// An n by n grid: round its edge, maybe twice, into the middle; up to
/// four seats, each track the first one's turned.
fn square_board(c: &mut Chooser) -> Drawn {
    let n = if c.chance(1, 2) { 5 } else { 3 };
    let cells = edge(n);
    let perimeter = cells.len();
    let centre = if n == 3 { "b2" } else { "c3" };
    let from_centre =
        c.pick("track.start", &[(3, "own"), (1, "shared_with_home")]) == "shared_with_home";
    let (lead, stretch): (Vec<&str>, Vec<&str>) = match (n, from_centre) {
        (3, true) => (vec!["b2"], vec!["b2"]),
        (3, false) => (vec![], vec!["b2"]),
        (_, true) => (vec!["c3", "b2"], vec!["b2", "c3"]),
        _ => match c.range(0, 3) {
            0 => (vec![], vec!["b2", "c3"]),
            1 => (vec![], vec!["b2"]),
            2 => (vec![], vec!["b2", "b3"]),
            _ => (vec![], vec!["b2", "b3", "c3"]),
        },
    };
    let home = stretch[stretch.len() - 1];
    c.record(
        "track.home",
        match (home == centre, stretch.len()) {
            (true, 1) => "shared_cell",
            (true, _) => "own_stretch",
            (false, 1) => "own_cell",
            (false, _) => "own_stretch",
        },
    );
    let detour = c.pick("seat.detour", &[(3, "none"), (1, "once"), (1, "again")]);
    let mut track: Vec<String> = lead.iter().map(|s| s.to_string()).collect();
    let mut text: Vec<String> = track.clone();
    track.extend(cells.iter().cloned());
    text.push(edge_text(n, 0));
    let mut detour_text = None;
    if detour != "none" {
        let first = track.len();
        track.extend(cells[1..].iter().cloned());
        text.push(edge_text(n, 1));
        let last = track.len() - 1;
        let again = if detour == "again" { " again" } else { "" };
        detour_text = Some(format!("{first}..{last}{again}"));
    }
    track.extend(stretch.iter().map(|s| s.to_string()));
    text.extend(stretch.iter().map(|s| s.to_string()));
    c.record("track.written", "ranges");
    c.record("track.lengths", "equal");
    let count = c.range(2, 4) as usize;
    let mut seats = vec![seat_block("red", &text.join(", "), detour_text.as_deref())];
    let mut tracks = vec![track.clone()];
    let turned = c.pick("track.rotate", &[(2, "quarter"), (1, "of_rotated")]);
    for (i, name) in SEATS.iter().enumerate().take(count).skip(1) {
        let rotate = if turned == "of_rotated" && i >= 2 {
            format!("rotate({}, 1)", SEATS[i - 1])
        } else {
            format!("rotate(red, {i})")
        };
        seats.push(seat_block(name, &rotate, None));
        tracks.push(track.iter().map(|cell| turn_cell(cell, n, i)).collect());
    }
    let safe: Vec<String> = cells[1..perimeter - 1].to_vec();
    (
        format!("board grid {{ width = {n} height = {n} }}\n"),
        seats,
        tracks,
        safe,
    )
}

/// A cell of an n by n grid turned `quarters` quarter turns clockwise.
fn turn_cell(cell: &str, n: usize, quarters: usize) -> String {
    let x = (cell.as_bytes()[0] - b'a') as usize;
    let y: usize = cell[1..].parse::<usize>().unwrap() - 1;
    let (mut x, mut y) = (x, y);
    for _ in 0..quarters {
        (x, y) = (n - 1 - y, x);
    }
    format!("{}{}", col(x), y + 1)
}

/// A small cross with a centre cell, four seats turned from the first.
fn cross_board(c: &mut Chooser) -> Drawn {
    const LONG: &str = "middle, d6, d7, c7, c6, b5, a5, a4, a3, b3, c2, c1, \
                        d1, e1, e2, f3, g3, g4, g5, f5, e6, e7, d7, d6, middle";
    const SHORT: &str = "middle, d6, d7, c7, c6, b5, a5, a4, a3, b3, c2, c1, d1, d2, middle";
    let long = c.chance(1, 2);
    let track_text = if long { LONG } else { SHORT };
    c.record("track.start", "shared_with_home");
    c.record("track.home", "shared_cell");
    c.record("track.written", "cells");
    c.record("track.lengths", "equal");
    c.record("board.cells", "wide");
    let track: Vec<String> = track_text.split(", ").map(str::to_string).collect();
    let count = c.range(2, 4) as usize;
    let mut seats = vec![seat_block("red", track_text, None)];
    // The centre is one cell over the middle 3 by 3 squares; the rest of a
    // track is turned by its squares.
    let turn = |cell: &String, i: usize| {
        if cell == "middle" {
            cell.clone()
        } else {
            turn_cell(cell, 7, i)
        }
    };
    let mut tracks = vec![track.clone()];
    c.record("track.rotate", "quarter");
    for (i, name) in SEATS.iter().enumerate().take(count).skip(1) {
        seats.push(seat_block(name, &format!("rotate(red, {i})"), None));
        tracks.push(track.iter().map(|cell| turn(cell, i)).collect());
    }
    let safe: Vec<String> = ["d7", "a4", "d1", "g4", "b3", "f5"]
        .iter()
        .map(|s| s.to_string())
        .filter(|s| track.contains(s))
        .collect();
    (
        "board cross { arm_width = 3 arm_length = 2 centre = middle }\n".to_string(),
        seats,
        tracks,
        safe,
    )
}

/// Cells listed one by one: a ring with a yard for each seat, and homes
/// of the seats' own or shared by all, joined by links.
fn custom_board(c: &mut Chooser) -> Drawn {
    let ring = c.range(6, 12) as usize;
    let count = c.range(2, 4) as usize;
    let home = c.pick(
        "track.home",
        &[
            (1, "shared_cell"),
            (1, "own_cell"),
            (1, "own_stretch"),
            (1, "shared_stretch"),
        ],
    );
    let stretch_len = match home {
        "own_stretch" | "shared_stretch" => c.range(1, 2) as usize,
        _ => 0,
    };
    let wide = c.pick("board.cells", &[(1, "none"), (1, "wide")]) == "wide";
    let detour = c.pick("seat.detour", &[(3, "none"), (1, "once"), (1, "again")]);
    let different = c.pick("track.lengths", &[(1, "equal"), (1, "different")]) == "different";
    c.record("track.start", "own");
    c.record("track.written", "cells");
    c.record("track.rotate", "none");
    c.record("board.links", "links");
    // Places: the ring along row 0, yards on row 3, own homes below them
    // from row 5, the shared stretch along row 9 and the shared home on 11.
    let mut places: Vec<(String, (usize, usize, usize, usize))> = Vec::new();
    for i in 0..ring {
        places.push((format!("r{i}"), (i, 0, 1, 1)));
    }
    let shared_home = matches!(home, "shared_cell" | "shared_stretch");
    for j in 0..stretch_len {
        if home == "shared_stretch" {
            places.push((format!("lane{j}"), (20 + j, 9, 1, 1)));
        }
    }
    if shared_home {
        let size = if wide { (3, 2) } else { (1, 1) };
        places.push(("goal".to_string(), (20, 12, size.0, size.1)));
    }
    let mut seats = Vec::new();
    let mut tracks = Vec::new();
    let mut links: Vec<(String, String)> = Vec::new();
    for (k, name) in SEATS.iter().enumerate().take(count) {
        let yard = format!("yard_{name}");
        places.push((yard.clone(), (3 * k, 3, 1, 1)));
        let entry = k * ring / count;
        let laps = if detour == "none" { 1 } else { 2 };
        let short = if different { k % 2 } else { 0 };
        let walk = ring * laps - short;
        let mut track = vec![yard];
        track.extend((0..walk).map(|s| format!("r{}", (entry + s) % ring)));
        let own = match home {
            "own_cell" => 1,
            "own_stretch" => stretch_len + 1,
            _ => 0,
        };
        for j in 0..own {
            let cell = format!("home_{name}_{j}");
            places.push((cell.clone(), (3 * k, 5 + j, 1, 1)));
            track.push(cell);
        }
        if home == "shared_stretch" {
            track.extend((0..stretch_len).map(|j| format!("lane{j}")));
        }
        if shared_home {
            track.push("goal".to_string());
        }
        let detour_text = (detour != "none").then(|| {
            let again = if detour == "again" { " again" } else { "" };
            format!("{}..{}{again}", ring + 1, 2 * ring - short)
        });
        // An `again` detour must end on the cell before it: with a short
        // second lap it does not, so the short seat goes twice in full.
        let (track, detour_text) = if detour == "again" && short == 1 {
            let mut full = vec![track[0].clone()];
            full.extend((0..2 * ring).map(|s| format!("r{}", (entry + s) % ring)));
            full.extend(track[1 + walk..].iter().cloned());
            (full, Some(format!("{}..{} again", ring + 1, 2 * ring)))
        } else {
            (track, detour_text)
        };
        seats.push(seat_block(name, &track.join(", "), detour_text.as_deref()));
        tracks.push(track);
    }
    let place = |name: &str| places.iter().find(|p| p.0 == name).map(|p| p.1).unwrap();
    let touching = |a: &str, b: &str| {
        let (pa, pb) = (place(a), place(b));
        pa.2 == 1
            && pa.3 == 1
            && pb.2 == 1
            && pb.3 == 1
            && pa.0.abs_diff(pb.0) <= 1
            && pa.1.abs_diff(pb.1) <= 1
    };
    for track in &tracks {
        for pair in track.windows(2) {
            let (a, b) = (pair[0].clone(), pair[1].clone());
            if !touching(&a, &b)
                && !links.contains(&(a.clone(), b.clone()))
                && !links.contains(&(b.clone(), a.clone()))
            {
                links.push((a, b));
            }
        }
    }
    let mut board = String::from("board custom {\n    cells = {\n");
    for (name, (x, y, w, h)) in &places {
        if *w == 1 && *h == 1 {
            writeln!(board, "        {name}: ({x}, {y})").unwrap();
        } else {
            writeln!(board, "        {name}: ({x}, {y}, {w}, {h})").unwrap();
        }
    }
    board.push_str("    }\n    links = ");
    let links: Vec<String> = links.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    board.push_str(&links.join(", "));
    board.push_str("\n}\n");
    let safe: Vec<String> = (0..ring).map(|i| format!("r{i}")).collect();
    (board, seats, tracks, safe)
}

/// The dice block, the values they give, how many dice (0 for shells) and
/// whether some throw gives another.
fn choose_dice(c: &mut Chooser) -> (String, Vec<u32>, u32, bool) {
    if c.pick("dice.kind", &[(3, "faces"), (2, "shells")]) == "shells" {
        let shells: u32 = c
            .pick("dice.shells", &[(2, "1"), (3, "2"), (2, "3"), (2, "4")])
            .parse()
            .unwrap();
        let by_chance = c.pick("dice.up", &[(2, "up"), (1, "chance")]) == "chance";
        let mut weights: Vec<u32> = (0..=shells).map(|_| 1).collect();
        let chance = if by_chance {
            for w in weights.iter_mut() {
                *w = c.range(0, 3);
            }
            if weights.iter().all(|&w| w == 0) {
                weights[0] = 1;
            }
            let total: u32 = weights.iter().sum();
            let entries: Vec<String> = weights
                .iter()
                .enumerate()
                .map(|(k, &w)| match w {
                    0 => format!("{k}: 0"),
                    _ => format!("{k}: {w}/{total}"),
                })
                .collect();
            format!("chance = {{ {} }}", entries.join(", "))
        } else {
            let up = c.pick_quiet(&[(3, "1/2"), (1, "1/3"), (1, "2/5"), (1, "3/4")]);
            format!("up = {up}")
        };
        let again_score = c.pick("dice.score", &[(1, "plain"), (2, "again")]) == "again";
        let mut scores = Vec::new();
        let mut again = Vec::new();
        for _ in 0..=shells {
            scores.push(c.range(1, 6));
            again.push(again_score && c.chance(1, 3));
        }
        // Some throw that can come gives no other throw.
        if let Some(k) = (0..=shells as usize).find(|&k| weights[k] > 0) {
            again[k] = false;
        }
        let entries: Vec<String> = (0..=shells as usize)
            .map(|k| {
                let a = if again[k] { " again" } else { "" };
                format!("{k}: {}{a}", scores[k])
            })
            .collect();
        let mut values: Vec<u32> = (0..=shells as usize)
            .filter(|&k| weights[k] > 0)
            .map(|k| scores[k])
            .collect();
        values.sort_unstable();
        values.dedup();
        let any_again = (0..=shells as usize).any(|k| weights[k] > 0 && again[k]);
        let text = format!(
            "dice sticks {{\n    shells = {shells}\n    {chance}\n    score = {{ {} }}\n}}\n",
            entries.join(", ")
        );
        return (text, values, 0, any_again);
    }
    let kind = c.pick("dice.faces", &[(3, "from_1"), (1, "from_2"), (1, "listed")]);
    let lo: u32 = if kind == "from_2" { 2 } else { 1 };
    let hi = lo
        + if kind == "listed" {
            c.range(3, 5)
        } else {
            c.range(1, 5)
        };
    // Listed: the lowest and highest with a pair between that leaves a gap
    // (1, 2, 5, 6 for 1..6), so bottom faces are faces too.
    let faces: Vec<u32> = if kind == "listed" {
        vec![lo, lo + 1, hi - 1, hi]
    } else {
        (lo..=hi).collect()
    };
    let written = if faces.len() as u32 == hi - lo + 1 {
        format!("{lo}..{hi}")
    } else {
        let each: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
        each.join(", ")
    };
    let count: u32 = c
        .pick("dice.count", &[(2, "1"), (3, "2"), (1, "3")])
        .parse()
        .unwrap();
    let again = if count == 1 {
        c.pick("dice.again", &[(1, "none"), (1, "faces")])
    } else {
        c.pick(
            "dice.again",
            &[
                (2, "none"),
                (2, "doubles"),
                (1, "faces"),
                (1, "doubles_and_faces"),
            ],
        )
    };
    let mut text = format!("dice d {{\n    faces = {written}\n");
    if count > 1 || c.chance(1, 2) {
        writeln!(text, "    count = {count}").unwrap();
    }
    match again {
        "doubles" => text.push_str("    again = doubles\n"),
        "faces" => writeln!(text, "    again = {hi}").unwrap(),
        "doubles_and_faces" => writeln!(text, "    again = doubles, {hi}").unwrap(),
        _ => {
            if c.chance(1, 3) {
                text.push_str("    again = none\n");
            }
        }
    }
    if count > 1 {
        let bottoms = c.pick("dice.doubles_bottoms", &[(1, "never"), (1, "when_all_out")]);
        if bottoms == "when_all_out" || c.chance(1, 2) {
            writeln!(text, "    doubles_bottoms = {bottoms}").unwrap();
        }
        let doubles = c.pick("dice.doubles", &[(2, "once"), (1, "twice")]);
        if doubles == "twice" || c.chance(1, 2) {
            writeln!(text, "    doubles = {doubles}").unwrap();
        }
    }
    // A face that moves another value once every piece is out.
    match c.pick(
        "dice.all_out",
        &[(2, "none"), (1, "larger"), (1, "smaller")],
    ) {
        "larger" => writeln!(text, "    all_out = {{ {hi}: {} }}", hi + 1).unwrap(),
        "smaller" => writeln!(text, "    all_out = {{ {hi}: {lo}, {lo}: {} }}", lo + 2).unwrap(),
        _ => {}
    }
    text.push_str("}\n");
    (text, faces, count, again != "none")
}

/// The `players` blocks for `seats` seats, and whether some table has
/// partners.
fn choose_tables(c: &mut Chooser, seats: usize) -> (Vec<Table>, bool) {
    let names = &SEATS[..seats];
    let all = names.join(", ");
    let mut tables = Vec::new();
    let mut partners = false;
    let plain = |n: usize, list: &str| Table {
        players: n,
        text: format!("players {n} {{ seats = {list} }}\n"),
    };
    // The table of every seat.
    if seats == 4 && c.pick("players.teams", &[(1, "none"), (2, "teams")]) == "teams" {
        partners = true;
        tables.push(Table {
            players: 4,
            text: "players 4 {\n    seats = red, blue, green, gold\n    teams = (red, green), (blue, gold)\n}\n"
                .to_string(),
        });
    } else {
        tables.push(plain(seats, &all));
    }
    // A smaller table: fewer seats, or hands, or a dummy.
    if seats >= 2 && c.chance(2, 3) {
        let kind = match seats {
            4 => c.pick_quiet(&[(1, "fewer"), (1, "hands"), (1, "dummy")]),
            _ => c.pick_quiet(&[(1, "fewer"), (1, "dummy")]),
        };
        match kind {
            "hands" => {
                partners = true;
                c.record("players.hands", "hands");
                tables.push(Table {
                    players: 2,
                    text: "players 2 {\n    seats = red, blue, green, gold\n    hands = (red, green), (blue, gold)\n}\n"
                        .to_string(),
                });
            }
            "dummy" => {
                c.record("players.dummy", "dummy");
                let dummy = names[seats - 1];
                tables.push(Table {
                    players: seats - 1,
                    text: format!(
                        "players {} {{\n    seats = {all}\n    dummy = {dummy}\n}}\n",
                        seats - 1
                    ),
                });
            }
            _ => {
                let fewer = if seats == 4 {
                    "red, green".to_string()
                } else {
                    names[..seats - 1].join(", ")
                };
                let n = fewer.split(", ").count();
                tables.push(plain(n, &fewer));
            }
        }
    }
    for t in &tables {
        let n = ["1", "2", "3", "4"][t.players - 1];
        c.record("players.tables", n);
    }
    for (setting, choice) in [("players.hands", "hands"), ("players.dummy", "dummy")] {
        if !c.choices.contains(&(setting, choice)) {
            c.record(setting, "none");
        }
    }
    if !c.choices.contains(&("players.teams", "teams")) {
        c.record("players.teams", "none");
    }
    (tables, partners)
}

/// One setting of a rule block: its key, its value as written, and
/// whether that is the default (which a block may leave out).
struct Setting {
    key: &'static str,
    value: String,
    default: bool,
}

/// A rule block: its keyword and settings.
struct RuleBlock {
    keyword: &'static str,
    settings: Vec<Setting>,
}

impl RuleBlock {
    /// The block's text: every setting, or (not `full`) its settings away
    /// from their defaults.
    fn text(&self, full: bool) -> String {
        let written: Vec<&Setting> = self
            .settings
            .iter()
            .filter(|s| full || !s.default)
            .collect();
        if written.is_empty() {
            return format!("{} {{ }}\n", self.keyword);
        }
        let mut text = format!("{} {{\n", self.keyword);
        for s in written {
            writeln!(text, "    {} = {}", s.key, s.value).unwrap();
        }
        text.push_str("}\n");
        text
    }
}

/// The rule blocks of a race, each setting chosen.
struct Rules {
    /// turn, entry, home, capture, stacks, end.
    blocks: Vec<RuleBlock>,
    /// The cells of the safe region, if `capture { safe }` names one.
    safe: Option<Vec<String>>,
    /// The cells where `stacks { jump }` holds, if `jump_in` names them.
    guarded: Option<Vec<String>>,
}

/// Builds a block's settings, recording each choice.
struct BlockBuilder<'c, 'a> {
    c: &'c mut Chooser<'a>,
    keyword: &'static str,
    settings: Vec<Setting>,
    record: bool,
}

impl<'c, 'a> BlockBuilder<'c, 'a> {
    fn new(c: &'c mut Chooser<'a>, keyword: &'static str, record: bool) -> BlockBuilder<'c, 'a> {
        BlockBuilder {
            c,
            keyword,
            settings: Vec::new(),
            record,
        }
    }

    /// Picks a word setting; the first option is the default.
    fn word(&mut self, key: &'static str, options: &[(u32, &'static str)]) -> &'static str {
        let choice = self.c.pick_quiet(options);
        self.set(key, choice, choice.to_string(), choice == options[0].1);
        choice
    }

    /// A setting whose choice and text the caller drew.
    fn set(&mut self, key: &'static str, choice: &'static str, value: String, default: bool) {
        if self.record {
            let name = SETTINGS
                .iter()
                .map(|(s, _)| *s)
                .find(|s| {
                    s.strip_prefix(self.keyword)
                        .and_then(|r| r.strip_prefix('.'))
                        == Some(key)
                })
                .unwrap_or_else(|| panic!("{}.{key} is not in SETTINGS", self.keyword));
            self.c.record(name, choice);
        }
        self.settings.push(Setting {
            key,
            value,
            default,
        });
    }

    fn done(self) -> RuleBlock {
        RuleBlock {
            keyword: self.keyword,
            settings: self.settings,
        }
    }
}

/// The `turn` block; `two_dice` leans towards `use = most`.
/// `one_die_each`: two dice with faces and two players at every table.
fn turn_block(c: &mut Chooser, two_dice: bool, one_die_each: bool, record: bool) -> RuleBlock {
    let mut b = BlockBuilder::new(c, "turn", record);
    b.word(
        "begins",
        &[
            (1, "first_seat"),
            (1, "throw"),
            (if one_die_each { 3 } else { 0 }, "one_die_each"),
        ],
    );
    b.word("throws", &[(2, "one_at_a_time"), (1, "all_first")]);
    b.word("must_move", &[(3, "yes"), (1, "no")]);
    b.word(
        "use",
        &[
            (2, "each"),
            (if two_dice { 3 } else { 1 }, "most"),
            (1, "one"),
        ],
    );
    b.word("bonus", &[(1, "any_order"), (1, "after_dice")]);
    b.word("bonus_optional", &[(1, "no"), (1, "yes")]);
    b.word("finished", &[(2, "skip"), (1, "play")]);
    match b.c.pick_quiet(&[(2, 0), (1, 1), (2, 2)]) {
        0 => b.set("again_limit", "none", "none".into(), true),
        1 => b.set("again_limit", "1", "1".into(), false),
        _ => {
            let n = b.c.range(2, 4);
            b.set("again_limit", "number", n.to_string(), false);
        }
    }
    b.word(
        "over_limit",
        &[
            (1, "lose_throw"),
            (1, "send_back_leader"),
            (1, "send_back_last"),
        ],
    );
    if b.c.chance(1, 3) {
        let n = b.c.range(2, 3);
        b.set("tries", "number", n.to_string(), false);
    } else {
        b.set("tries", "1", "1".into(), true);
    }
    // Short games: a few hundred turns at most.
    let limit = 40 * b.c.range(2, 8);
    b.set("limit", "number", limit.to_string(), false);
    b.word("at_limit", &[(2, "draw"), (2, "progress"), (1, "score")]);
    b.done()
}

/// Entry throws: `any`, `again` (where some throw gives another) or values.
fn entry_throws(c: &mut Chooser, frame: &Frame, same: bool) -> (&'static str, String) {
    let mut options = vec![(3, "any"), (4, "values")];
    if frame.any_again {
        options.push((2, "again"));
    }
    if same {
        options.insert(0, (4, "same"));
    }
    let choice = c.pick_quiet(&options);
    let text = match choice {
        "values" => {
            let a = frame.values[c.next() as usize % frame.values.len()];
            let b = frame.values[c.next() as usize % frame.values.len()];
            if a == b || c.chance(1, 2) {
                a.to_string()
            } else {
                format!("{}, {}", a.min(b), a.max(b))
            }
        }
        other => other.to_string(),
    };
    (choice, text)
}

impl Rules {
    fn choose(c: &mut Chooser, frame: &Frame, record: bool) -> Rules {
        let two_dice = frame.count >= 2;
        // Stacks first: the goal and the pieces already out must fit them.
        let mut b = BlockBuilder::new(c, "stacks", record);
        let blockade = b.word("blockade", &[(2, "none"), (3, "2"), (1, "3")]);
        let blocking = blockade != "none";
        b.word(
            "groups",
            &[
                (2, "apart"),
                (if blocking { 3 } else { 1 }, "together"),
                (1, "merged"),
            ],
        );
        b.word(
            "pass",
            &[
                (2, "never"),
                (2, "group_as_large"),
                (if two_dice { 3 } else { 1 }, "with_doubles"),
                (1, "always"),
            ],
        );
        b.word("blocks", &[(1, "others"), (1, "everyone")]);
        b.word(
            "pairs",
            &[(1, "free"), (if two_dice { 2 } else { 1 }, "apart")],
        );
        b.word("take", &[(1, "never"), (1, "as_many")]);
        let max = match b.c.pick_quiet(&[(3, 0), (1, 1)]) {
            0 => {
                b.set("max", "none", "none".into(), true);
                0
            }
            _ => {
                let n = b.c.range(2, 4);
                b.set("max", "number", n.to_string(), false);
                n
            }
        };
        let own_max = match b.c.pick_quiet(&[(3, 0), (2, 1), (1, 2)]) {
            0 => {
                b.set("own_max", "none", "none".into(), true);
                0
            }
            1 => {
                b.set("own_max", "1", "1".into(), false);
                1
            }
            _ => {
                let n = b.c.range(2, 3);
                b.set("own_max", "number", n.to_string(), false);
                n
            }
        };
        if b.c.chance(1, 3) {
            let n = b.c.range(1, 3);
            b.set("blockade_turns", "number", n.to_string(), false);
        } else {
            b.set("blockade_turns", "none", "none".into(), true);
        }
        match b.c.pick_quiet(&[(3, "none"), (1, "again"), (1, "values")]) {
            "again" => b.set("break_on", "again", "again".into(), false),
            "values" => {
                let value = frame.values[b.c.next() as usize % frame.values.len()];
                b.set("break_on", "values", value.to_string(), false);
            }
            _ => b.set("break_on", "none", "none".into(), true),
        }
        b.word(
            "mixed",
            &[
                (2, "like_any"),
                (if frame.partners { 3 } else { 1 }, "open_to_side"),
            ],
        );
        b.word("jump", &[(3, "any"), (1, "not_own"), (1, "none")]);
        let guarded = match b
            .c
            .pick_quiet(&[(1, "all"), (1, "race_cells"), (1, "track_ends")])
        {
            "all" => {
                b.set("jump_in", "all", "all".into(), true);
                None
            }
            choice => {
                // A few cells of the race, or the last cells of each
                // track, where a goal would be.
                let mut cells: Vec<String> = Vec::new();
                if choice == "race_cells" {
                    for _ in 0..b.c.range(1, 4) {
                        let cell = &frame.safe_cells[b.c.next() as usize % frame.safe_cells.len()];
                        if !cells.contains(cell) {
                            cells.push(cell.clone());
                        }
                    }
                } else {
                    for track in &frame.tracks {
                        for cell in track.iter().rev().take(4) {
                            if !cells.contains(cell) {
                                cells.push(cell.clone());
                            }
                        }
                    }
                }
                b.set("jump_in", choice, "guard".into(), false);
                Some(cells)
            }
        };
        let stacks = b.done();

        let one_die_each = frame.count == 2 && frame.two_seats();
        let turn = turn_block(c, two_dice, one_die_each, record);

        let mut b = BlockBuilder::new(c, "entry", record);
        let (choice, on) = entry_throws(b.c, frame, false);
        b.set("on", choice, on.clone(), choice == "any");
        let (choice, first_on) = entry_throws(b.c, frame, true);
        let first_on = if choice == "same" { on } else { first_on };
        b.set("first_on", choice, first_on, choice == "same");
        b.word("first", &[(1, "none_on_board"), (1, "first_of_game")]);
        b.word("moves", &[(1, "score"), (1, "to_track")]);
        b.word("forced", &[(3, "no"), (2, "yes"), (1, "always")]);
        b.word("sum", &[(2, "no"), (if two_dice { 2 } else { 1 }, "yes")]);
        b.word("clear_start", &[(2, "no"), (1, "yes")]);
        // No more out than a cell holds (the compiler refuses more).
        let most_out = [own_max, max]
            .into_iter()
            .filter(|&m| m > 0)
            .fold(frame.pieces, |most, m| most.min(m));
        let out = if b.c.chance(1, 3) {
            let n = b.c.range(1, most_out);
            b.set("already_out", "number", n.to_string(), false);
            n
        } else {
            b.set("already_out", "0", "0".into(), true);
            0
        };
        // A piece or two that begin further along the race, where no two
        // seats' pieces would begin on one cell.
        // Short of any goal (at most 4 steps, chosen below).
        let begin = if out < frame.pieces && frame.shortest > 6 && b.c.chance(1, 3) {
            let first = b.c.range(2, frame.shortest as u32 - 5) as usize;
            let mut steps = vec![first];
            if out + 1 < frame.pieces && first > 2 && b.c.chance(1, 2) {
                steps.push(first - 1);
            }
            let mut cells: Vec<&String> = steps
                .iter()
                .chain(if out > 0 { &[1usize][..] } else { &[] })
                .flat_map(|&s| frame.tracks.iter().map(move |t| &t[s]))
                .collect();
            let all = cells.len();
            cells.sort_unstable();
            cells.dedup();
            (cells.len() == all).then_some(steps)
        } else {
            None
        };
        match begin {
            Some(steps) => {
                let each: Vec<String> = steps.iter().map(|s| format!("{s}: 1")).collect();
                b.set(
                    "begin_on",
                    "steps",
                    format!("{{ {} }}", each.join(", ")),
                    false,
                );
            }
            None => b.set("begin_on", "none", "{ }".into(), true),
        }
        let entry = b.done();

        let mut b = BlockBuilder::new(c, "home", record);
        let exact = b.word("exact", &[(3, "yes"), (1, "no"), (1, "furthest")]) != "no";
        if b.c.chance(1, 3) {
            let n = b.c.range(1, 8);
            b.set("gather", "number", n.to_string(), false);
        } else {
            b.set("gather", "none", "none".into(), true);
        }
        if exact {
            b.word("near", &[(2, "wait"), (1, "smallest_throw")]);
        } else {
            b.set("near", "wait", "wait".into(), true);
        }
        if b.c.chance(1, 3) {
            let n = b.c.range(1, 10);
            b.set("bonus", "number", n.to_string(), false);
        } else {
            b.set("bonus", "none", "none".into(), true);
        }
        // A goal shorter than every way home, on cells of its seat's own,
        // with room for a seat's pieces.
        let room = [max, own_max].into_iter().filter(|&m| m > 0).min();
        let least = room.map_or(2, |r| frame.pieces.div_ceil(r).max(2));
        let most = (frame.shortest as u32 - 1)
            .min(frame.private_end as u32)
            .min(4);
        if least <= most && b.c.chance(1, 3) {
            let n = b.c.range(least, most);
            b.set("goal", "number", n.to_string(), false);
        } else {
            b.set("goal", "1", "1".into(), true);
        }
        // The second seat goes home only after the first.
        if frame.seats.len() >= 2 && b.c.chance(1, 4) {
            let pair = format!("({}, {})", SEATS[0], SEATS[1]);
            b.set("order", "pair", pair, false);
        } else {
            b.set("order", "none", "none".into(), true);
        }
        let home = b.done();

        let mut b = BlockBuilder::new(c, "capture", record);
        b.word("by", &[(4, "landing"), (1, "none")]);
        let safe = match b.c.pick_quiet(&[(1, 0), (1, 1), (1, 2)]) {
            0 => {
                b.set("safe", "none", "none".into(), true);
                None
            }
            with_entry => {
                let cells = &frame.safe_cells;
                let mut safe: Vec<String> = Vec::new();
                for _ in 0..b.c.range(1, 3) {
                    let cell = &cells[b.c.next() as usize % cells.len()];
                    if !safe.contains(cell) {
                        safe.push(cell.clone());
                    }
                }
                if with_entry == 2 {
                    for track in &frame.tracks {
                        if !safe.contains(&track[1]) {
                            safe.push(track[1].clone());
                        }
                    }
                }
                if b.record {
                    b.c.record(
                        "region",
                        if with_entry == 2 {
                            "with_entry_cells"
                        } else {
                            "safe_cells"
                        },
                    );
                }
                b.set("safe", "region", "rest".into(), false);
                Some(safe)
            }
        };
        if safe.is_none() && b.record {
            b.c.record("region", "none");
        }
        match b.c.pick_quiet(&[(2, 0), (1, 1), (1, 2)]) {
            0 => b.set("again", "no", "no".into(), true),
            1 => b.set("again", "yes", "yes".into(), false),
            _ => {
                let n = b.c.range(0, 3);
                b.set("again", "number", n.to_string(), false);
            }
        }
        b.word(
            "partners",
            &[(1, "no"), (if frame.partners { 2 } else { 1 }, "yes")],
        );
        if b.c.chance(1, 3) {
            let n = b.c.range(1, 12);
            b.set("bonus", "number", n.to_string(), false);
        } else {
            b.set("bonus", "none", "none".into(), true);
        }
        b.word("safe_shared", &[(1, "yes"), (1, "no")]);
        b.word("own_entry", &[(2, "no"), (1, "entering"), (1, "always")]);
        let capture = b.done();

        let mut b = BlockBuilder::new(c, "end", record);
        b.word("stop", &[(2, "first_side"), (1, "last_side")]);
        if b.c.chance(1, 3) {
            let n = b.c.range(1, 9);
            b.set("forfeit_piece", "number", n.to_string(), false);
        } else {
            b.set("forfeit_piece", "0", "0".into(), true);
        }
        if b.c.chance(1, 3) {
            let n = b.c.range(1, 9);
            b.set("forfeit_seat", "number", n.to_string(), false);
        } else {
            b.set("forfeit_seat", "0", "0".into(), true);
        }
        let mut stake = false;
        for key in ["forfeit_game", "forfeit_none_home", "forfeit_behind"] {
            if b.c.chance(1, 4) {
                let n = b.c.range(1, 3);
                b.set(key, "number", n.to_string(), false);
                stake |= key == "forfeit_game";
            } else {
                b.set(key, "0", "0".into(), true);
            }
        }
        // The stake doubled: two players, each with one seat.
        if stake && frame.two_seats() {
            b.word("doubling", &[(1, "no"), (2, "yes")]);
        } else {
            b.set("doubling", "no", "no".into(), true);
        }
        b.word(
            "team",
            &[(1, "all"), (if frame.partners { 2 } else { 1 }, "first")],
        );
        let end = b.done();

        Rules {
            blocks: vec![turn, entry, home, capture, stacks, end],
            safe,
            guarded,
        }
    }

    fn write(&self, out: &mut String, c: &mut Chooser, full: bool) {
        let left_out = !full && c.chance(2, 3);
        c.record("settings", if left_out { "left_out" } else { "written" });
        for b in &self.blocks {
            let text = b.text(!left_out);
            // A block of defaults only is sometimes left out whole.
            if left_out && text.ends_with("{ }\n") && c.chance(1, 2) {
                continue;
            }
            out.push_str(&text);
        }
    }
}

/// The bundled races a generated house-rule file may extend, with their
/// numbers of players.
const BUNDLED_RACES: &[(&str, &[usize])] = &[
    ("ludo", &[2, 3, 4]),
    ("mensch", &[2, 3, 4]),
    ("parcheesi", &[2, 3, 4]),
    ("russian-pachisi", &[2, 3, 4]),
    ("pachisi", &[2, 3, 4]),
    ("house/pachisi-no-grace-entry", &[2, 3, 4]),
    ("house/russian-pachisi-pairs", &[2, 3, 4]),
];

/// A house-rule file over a bundled race: a turn block of its own (with a
/// low limit of turns, so that its games are short), and sometimes the
/// end, the captures or the passing of pieces changed (the last a rule of
/// simple races too, which their fastest passes answer).
fn bundled_overlay(c: &mut Chooser) -> GeneratedVariant {
    let (base, players) = c.pick_quiet(&BUNDLED_RACES.iter().map(|&b| (1, b)).collect::<Vec<_>>());
    let mut text = format!("// House rules drawn by the generator.\nextends \"{base}\"\n\n");
    if c.chance(1, 2) {
        text.push_str(
            "game \"Generated house rules\" { about = \"Drawn over a bundled race.\" }\n",
        );
    }
    let turn = turn_block(c, true, false, true);
    text.push_str(&turn.text(c.chance(1, 2)));
    if c.chance(1, 2) {
        let mut b = BlockBuilder::new(c, "end", true);
        b.word("stop", &[(1, "first_side"), (1, "last_side")]);
        text.push_str(&b.done().text(false));
    }
    if c.chance(1, 2) {
        let mut b = BlockBuilder::new(c, "capture", true);
        b.word("partners", &[(1, "no"), (1, "yes")]);
        text.push_str(&b.done().text(true));
    }
    if c.chance(1, 3) {
        let mut b = BlockBuilder::new(c, "stacks", true);
        b.word("jump", &[(1, "any"), (2, "not_own"), (1, "none")]);
        text.push_str(&b.done().text(true));
    }
    c.finish(text, None, players.to_vec())
}
