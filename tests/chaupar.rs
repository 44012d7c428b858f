//! Rule tests for Chaupar (variants/chaupar.variant), the dice game of the
//! Pachisi board, one test per rule as the public sources give it (shared
//! rules/FACTS.md, "Chaupar / Chausar differences", on the Pachisi board
//! and tracks of the same file), and for its house rule
//! (variants/house/chaupar-other-start.variant).
//!
//! Positions are written as the track steps of each playing seat's four
//! pieces (0 = in the charkoni, where a piece taken starts again; 84 =
//! home, the charkoni again) and the die values waiting to be used. The
//! seats in turn order are black (south, 0), red (west, 1), yellow (north,
//! 2) and green (east, 3); black and yellow are partners against red and
//! green. Black's track, step by step:
//!
//! | steps | squares |
//! |---|---|
//! | 1–7 | j12 .. j18, down its own middle row (6 j17 and 7 j18: starting squares) |
//! | 8 | j19, the tip of its arm |
//! | 9–16 | i19 .. i12 |
//! | 17–24 | h11 .. a11 (23 b11 and 24 a11: starting squares) |
//! | 25 | a10, the west tip |
//! | 26–75 | on with the sun round the north and east arms, down k12 .. k19 |
//! | 76 | j19 again |
//! | 77–83 | j18 .. j12, up its middle row |
//! | 84 | the charkoni, home |
//!
//! Other seats' pieces are placed by the cell they stand on, found from
//! the variant with `on_cell`.

use pachisi::{Action, Actor, EndReason, Game, Phase, Refusal, State};

mod common;
use common::{
    Lcg, Waiting, assert_no_table, cell_of, die, legal, load_position, play, refused, step_at,
};

const CHARKONI: u8 = 0;
const HOME: u8 = 84;
const BLACK: usize = 0;
const RED: usize = 1;
const YELLOW: usize = 2;
const GREEN: usize = 3;
/// A seat's four pieces on their starting squares, 6, 7, 23 and 24.
const START: &[u8] = &[6, 7, 23, 24];
/// A seat's four pieces all taken, in the charkoni.
const TAKEN: &[u8] = &[CHARKONI; 4];
/// A seat's four pieces all home.
const DONE: &[u8] = &[HOME; 4];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game(players: usize) -> Game {
    Game::bundled("chaupar", Some(players)).unwrap()
}

fn other_start(players: usize) -> Game {
    Game::bundled("house/chaupar-other-start", Some(players)).unwrap()
}

/// A position: for each seat in turn order the steps of its four pieces
/// (any order), the seat to move and the die values waiting to be used
/// (none: the seat is about to throw). No throw gives another throw, so
/// nothing else waits.
fn position(game: &Game, pieces: &[&[u8]], mover: usize, values: &[u8]) -> State {
    let waiting = Waiting {
        pool: values.iter().map(|&v| die(v, false)).collect(),
        ..Waiting::default()
    };
    load_position(game, pieces, mover, &waiting, true)
}

/// The step of `seat`'s track on the cell of black's step `black_step`.
fn on_cell(game: &Game, seat: usize, black_step: u8) -> u8 {
    step_at(game, seat, &cell_of(game, BLACK, black_step))
}

/// The cell of black's step `black_step`, as a refusal names it.
fn cell(game: &Game, black_step: u8) -> pachisi::rules::CellId {
    game.track(BLACK).cell(black_step)
}

/// The waiting values.
fn pool(state: &State) -> Vec<u8> {
    state.pool.iter().map(|v| v.value).collect()
}

/// The seat to move, by name, and the phase.
fn turn(game: &Game, state: &State) -> (String, Phase) {
    (game.seat_name(game.mover(state)).to_string(), state.phase)
}

fn step(from: u8, by: u8) -> Action {
    Action::step(from, by)
}

/// A move of the `count` pieces merged on step `from` by `by`.
fn merged(from: u8, count: u8, by: u8) -> Action {
    Action::Move { from, count, by }
}

/// The throw of the dice labelled `label`, such as `1-2-6`.
fn throw(game: &Game, label: &str) -> Action {
    let i = game
        .chance_outcomes()
        .iter()
        .position(|o| o.label == label)
        .unwrap_or_else(|| panic!("no throw {label}"));
    Action::Throw(i as u8)
}

// ---------------------------------------------------------------------------
// The board, the tracks and the tables
// ---------------------------------------------------------------------------

/// The board and tracks of Pachisi: black goes from the charkoni down its
/// own middle row (j12..j18) to the tip j19, with the sun round the outer
/// rows through the tips of the west (a10), north (j1) and east (s10) arms,
/// back to j19 and up its middle row into the charkoni: 84 steps. The other
/// seats' tracks are black's turned about the centre: red west, yellow
/// north, green east. The outer loop of 68 squares is shared; each middle
/// row is its seat's own.
#[test]
fn black_goes_from_the_charkoni_down_its_middle_row_round_with_the_sun_and_back_in_84_steps() {
    let g = game(4);
    let names: Vec<&str> = (0..4).map(|i| g.seat_name(i)).collect();
    assert_eq!(names, ["black", "red", "yellow", "green"]);
    let black: Vec<String> = (0..=HOME).map(|s| cell_of(&g, BLACK, s)).collect();
    assert_eq!(g.track(BLACK).home(), HOME);
    assert_eq!(black[0], "charkoni");
    assert_eq!(
        &black[1..=8],
        ["j12", "j13", "j14", "j15", "j16", "j17", "j18", "j19"]
    );
    assert_eq!((black[9].as_str(), black[16].as_str()), ("i19", "i12"));
    assert_eq!((black[17].as_str(), black[24].as_str()), ("h11", "a11"));
    assert_eq!(black[25], "a10", "the west tip");
    assert_eq!(black[42], "j1", "the north tip");
    assert_eq!(black[59], "s10", "the east tip");
    assert_eq!((black[68].as_str(), black[75].as_str()), ("k12", "k19"));
    assert_eq!(black[76], "j19", "its own tip a second time");
    assert_eq!(
        &black[77..=84],
        ["j18", "j17", "j16", "j15", "j14", "j13", "j12", "charkoni"]
    );
    // Each seat: first step, own tip, last step before home.
    let ends: Vec<[String; 4]> = (0..4)
        .map(|i| {
            [
                cell_of(&g, i, 1),
                cell_of(&g, i, 8),
                cell_of(&g, i, 83),
                cell_of(&g, i, HOME),
            ]
        })
        .collect();
    assert_eq!(
        ends,
        [
            ["j12", "j19", "j12", "charkoni"],
            ["h10", "a10", "h10", "charkoni"],
            ["j8", "j1", "j8", "charkoni"],
            ["l10", "s10", "l10", "charkoni"],
        ]
    );
    // Steps 8..75 of every seat are the same 68 squares of the outer loop.
    let lap = |seat: usize| {
        let mut cells: Vec<String> = (8..=75).map(|s| cell_of(&g, seat, s)).collect();
        cells.sort();
        cells.dedup();
        cells
    };
    assert_eq!(lap(BLACK).len(), 68);
    for seat in 1..4 {
        assert_eq!(lap(seat), lap(BLACK), "{}", g.seat_name(seat));
        // Nobody else passes black's middle row.
        let theirs: Vec<String> = (1..HOME).map(|s| cell_of(&g, seat, s)).collect();
        assert!(black[1..=7].iter().all(|c| !theirs.contains(c)));
    }
}

/// Four players play two against two, partners opposite: black (south)
/// and yellow (north) against red (west) and green (east). Each seat
/// chooses its own moves.
#[test]
fn four_players_play_black_and_yellow_against_red_and_green() {
    let g = game(4);
    assert_eq!((g.players(), g.side_count()), (4, 2));
    let side = g.sides();
    assert_eq!(side[BLACK], side[YELLOW], "black and yellow are partners");
    assert_eq!(side[RED], side[GREEN], "red and green are partners");
    assert_ne!(side[BLACK], side[RED]);
    assert_eq!(g.side_name(side[BLACK]), "black+yellow");
    assert_eq!(g.side_name(side[RED]), "red+green");
    let s = position(&g, &[START, START, START, START], YELLOW, &[5]);
    assert_eq!(g.actor(&s), Actor::Seat(g.seats()[YELLOW]));
    assert_eq!(g.player_to_act(&s), Some(YELLOW));
}

/// The game is of four players; there is no table of one, two, three or
/// five.
#[test]
fn no_table_but_of_four_players() {
    for players in [1, 2, 3, 5] {
        assert_no_table("chaupar", players, "4");
    }
}

// ---------------------------------------------------------------------------
// Turns
// ---------------------------------------------------------------------------

/// Everyone first throws for who begins, each seat alike; then turns go
/// with the sun: black, red, yellow, green. A seat with all four pieces
/// home throws no more: its turn is skipped.
#[test]
fn turns_go_with_the_sun_black_red_yellow_green_after_a_throw_for_who_begins() {
    let g = game(4);
    let start = g.new_initial_state();
    assert_eq!(
        (g.actor(&start), start.phase),
        (Actor::Chance, Phase::Opening)
    );
    assert_eq!(
        g.chance_actions(&start),
        [
            (Action::Begin(0), 1),
            (Action::Begin(1), 1),
            (Action::Begin(2), 1),
            (Action::Begin(3), 1)
        ]
    );
    let begins: Vec<Action> = g.chance_actions(&start).iter().map(|c| c.0).collect();
    assert_eq!(legal(&g, &start), begins);
    let mut s = start.clone();
    let (refusal, _) = refused(&g, &mut s, throw(&g, "1-2-6"));
    assert_eq!(refusal, Refusal::WhoBegins);
    play(&g, &mut s, Action::Begin(YELLOW as u8));
    assert_eq!(turn(&g, &s), ("yellow".to_string(), Phase::Throw));
    // Each seat in turn uses a 5 with its piece on step 6; then the next
    // seat throws.
    let mut order = Vec::new();
    for mover in [BLACK, RED, YELLOW, GREEN] {
        let mut s = position(&g, &[START, START, START, START], mover, &[5]);
        play(&g, &mut s, step(6, 5));
        order.push(turn(&g, &s));
    }
    let thrower = |name: &str| (name.to_string(), Phase::Throw);
    assert_eq!(
        order,
        [
            thrower("red"),
            thrower("yellow"),
            thrower("green"),
            thrower("black")
        ]
    );
    // Black has all four pieces home: after green comes red.
    let mut s = position(&g, &[DONE, START, START, START], GREEN, &[5]);
    play(&g, &mut s, step(6, 5));
    assert_eq!(turn(&g, &s), thrower("red"));
}

// ---------------------------------------------------------------------------
// The dice
// ---------------------------------------------------------------------------

/// Three long four-sided dice, each marked 1, 2, 5 and 6, each face alike:
/// 20 different throws out of 64 equally likely falls; a throw of three
/// alike falls 1 way, two alike 3 ways, all different 6 ways.
#[test]
fn three_long_dice_marked_1_2_5_6_give_20_throws_out_of_64() {
    let g = game(4);
    let outcomes = g.chance_outcomes();
    let labels: Vec<&str> = outcomes.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "1-1-1", "1-1-2", "1-1-5", "1-1-6", "1-2-2", "1-2-5", "1-2-6", "1-5-5", "1-5-6",
            "1-6-6", "2-2-2", "2-2-5", "2-2-6", "2-5-5", "2-5-6", "2-6-6", "5-5-5", "5-5-6",
            "5-6-6", "6-6-6"
        ]
    );
    let total = g.rules().dice.total;
    for o in outcomes {
        let values: Vec<String> = o.values.iter().map(|v| v.to_string()).collect();
        assert_eq!(values.join("-"), o.label, "each die gives its own value");
        assert!(o.values.iter().all(|v| [1, 2, 5, 6].contains(v)));
        let mut alike = o.values.clone();
        alike.dedup();
        let ways = match alike.len() {
            1 => 1,
            2 => 3,
            _ => 6,
        };
        assert_eq!(o.weight * 64, ways * total, "{}", o.label);
    }
    assert_eq!(outcomes.iter().map(|o| o.weight).sum::<u64>(), total);
}

/// No throw gives another throw, not even three alike: after all three
/// values are used, the turn passes to the next seat. Black, with its
/// pieces on their starting squares, throws each of the 20 throws.
#[test]
fn no_throw_gives_another_throw() {
    let g = game(4);
    assert!(g.chance_outcomes().iter().all(|o| !o.again));
    for o in g.chance_outcomes() {
        let mut s = position(&g, &[START, START, START, START], BLACK, &[]);
        play(&g, &mut s, throw(&g, &o.label));
        assert_eq!(pool(&s), o.values, "{}", o.label);
        assert_eq!(s.extra, 0, "{}", o.label);
        let mut moves = 0;
        while s.phase == Phase::Move {
            let actions = legal(&g, &s);
            assert!(!actions.contains(&Action::Pass), "{}", o.label);
            play(&g, &mut s, actions[0]);
            moves += 1;
        }
        assert_eq!(moves, 3, "{}: one move for each die", o.label);
        assert_eq!(
            turn(&g, &s),
            ("red".to_string(), Phase::Throw),
            "{}",
            o.label
        );
    }
}

/// Each die's value moves a piece of its own, or several move one piece in
/// turn: a throw of 1-2-6 waits as three values, 1, 2 and 6, any of which
/// may move any piece; black moves its piece on a11 (step 24) 1, then 2,
/// then 6, to step 33 (h9), nine in all. A value that can be used must be.
#[test]
fn each_die_moves_a_piece_of_its_own_or_several_move_one_piece() {
    let g = game(4);
    let mut s = position(&g, &[START, START, START, START], BLACK, &[]);
    play(&g, &mut s, throw(&g, "1-2-6"));
    assert_eq!(pool(&s), [1, 2, 6]);
    let every: Vec<Action> = [6, 7, 23, 24]
        .into_iter()
        .flat_map(|from| [1, 2, 6].map(|by| step(from, by)))
        .collect();
    assert_eq!(legal(&g, &s), every);
    let (refusal, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
    let (refusal, _) = refused(&g, &mut s, step(24, 9));
    assert_eq!(refusal, Refusal::NoSuchValue, "no die shows 9");
    play(&g, &mut s, step(24, 1));
    assert_eq!(pool(&s), [2, 6]);
    play(&g, &mut s, step(25, 2));
    assert_eq!(
        legal(&g, &s),
        [step(6, 6), step(7, 6), step(23, 6), step(27, 6)]
    );
    play(&g, &mut s, step(27, 6));
    assert_eq!(s.seat_pieces(BLACK), &[6, 7, 23, 33]);
    assert_eq!(cell_of(&g, BLACK, 33), "h9");
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
    // Or three pieces, one value each.
    let mut s = position(&g, &[START, START, START, START], BLACK, &[1, 2, 6]);
    play(&g, &mut s, step(23, 6));
    play(&g, &mut s, step(24, 2));
    play(&g, &mut s, step(7, 1));
    assert_eq!(s.seat_pieces(BLACK), &[6, 8, 26, 29]);
}

// ---------------------------------------------------------------------------
// The start on the board, and the charkoni
// ---------------------------------------------------------------------------

/// The pieces begin on the board, none in the charkoni: on steps 6 and 7
/// of the seat's middle row and 23 and 24, the last two squares of the
/// outer row of the arm to its left. Black's are j17, j18, b11 and a11;
/// no two seats share a square.
#[test]
fn the_pieces_begin_on_steps_6_7_23_and_24_of_their_track() {
    let g = game(4);
    let s = g.new_initial_state();
    for seat in 0..4 {
        assert_eq!(s.seat_pieces(seat), START, "{}", g.seat_name(seat));
    }
    let cells: Vec<Vec<String>> = (0..4)
        .map(|seat| START.iter().map(|&st| cell_of(&g, seat, st)).collect())
        .collect();
    assert_eq!(
        cells,
        [
            ["j17", "j18", "b11", "a11"],
            ["c10", "b10", "i2", "i1"],
            ["j3", "j2", "r9", "s9"],
            ["q10", "r10", "k18", "k19"],
        ]
    );
    assert_eq!(step_at(&g, BLACK, "j17"), 6);
    assert_eq!(step_at(&g, BLACK, "a11"), 24);
    let mut all: Vec<&String> = cells.iter().flatten().collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 16);
    // Black, about to throw first, may move any of them.
    let mut s = s.clone();
    play(&g, &mut s, Action::Begin(0));
    play(&g, &mut s, throw(&g, "5-5-5"));
    assert_eq!(
        legal(&g, &s),
        [step(6, 5), step(7, 5), step(23, 5), step(24, 5)]
    );
}

/// House rule: the pieces begin on steps 6, 7, 9 and 10: black's on j17,
/// j18 and the first two squares of the outer row, i19 and i18. The rest
/// of the game is Chaupar's.
#[test]
fn house_rule_the_pieces_begin_on_steps_6_7_9_and_10() {
    let g = other_start(4);
    let s = g.new_initial_state();
    for seat in 0..4 {
        assert_eq!(s.seat_pieces(seat), &[6, 7, 9, 10], "{}", g.seat_name(seat));
    }
    let black: Vec<String> = [6, 7, 9, 10]
        .iter()
        .map(|&st| cell_of(&g, BLACK, st))
        .collect();
    assert_eq!(black, ["j17", "j18", "i19", "i18"]);
    let red: Vec<String> = [6, 7, 9, 10]
        .iter()
        .map(|&st| cell_of(&g, RED, st))
        .collect();
    assert_eq!(red, ["c10", "b10", "a9", "b9"]);
    let chaupar = game(4);
    assert_eq!(g.chance_outcomes(), chaupar.chance_outcomes());
    assert_eq!(g.sides(), chaupar.sides());
    for seat in 0..4 {
        let a: Vec<String> = (0..=HOME).map(|st| cell_of(&g, seat, st)).collect();
        let b: Vec<String> = (0..=HOME).map(|st| cell_of(&chaupar, seat, st)).collect();
        assert_eq!(a, b);
    }
    assert_eq!(g.new_initial_state().seat_pieces(GREEN), &[6, 7, 9, 10]);
}

/// A piece taken goes back to the charkoni (step 0) and comes out again on
/// any value, moving it whole: black, with two pieces in the charkoni and
/// two on the board (e9, step 30, and i6, step 37), brings one out onto
/// j12 on a 1, j13 on a 2, j16 on a 5 and j17 on a 6. Pieces come out one
/// at a time. A piece coming out onto one of its own merges with it.
#[test]
fn a_piece_taken_comes_out_of_the_charkoni_on_any_value_moving_it_whole() {
    let g = game(4);
    for (value, cell) in [(1, "j12"), (2, "j13"), (5, "j16"), (6, "j17")] {
        let mut s = position(&g, &[&[0, 0, 30, 37], TAKEN, TAKEN, TAKEN], BLACK, &[value]);
        assert_eq!(
            legal(&g, &s),
            [step(CHARKONI, value), step(30, value), step(37, value)]
        );
        let (refusal, _) = refused(&g, &mut s, merged(CHARKONI, 2, value));
        assert_eq!(refusal, Refusal::GroupFromStart);
        play(&g, &mut s, step(CHARKONI, value));
        assert_eq!(s.seat_pieces(BLACK), &[0, value, 30, 37]);
        assert_eq!(cell_of(&g, BLACK, value), cell);
    }
    // Out onto its own piece on j17 (step 6): the two are one piece.
    let mut s = position(&g, &[&[0, 6, 30, 37], TAKEN, TAKEN, TAKEN], BLACK, &[6, 1]);
    play(&g, &mut s, step(CHARKONI, 6));
    assert_eq!(s.seat_pieces(BLACK), &[6, 6, 30, 37]);
    assert_eq!(legal(&g, &s), [merged(6, 2, 1), step(30, 1), step(37, 1)]);
}

// ---------------------------------------------------------------------------
// Captures
// ---------------------------------------------------------------------------

/// Landing on an enemy piece takes it: it goes back to the charkoni. A
/// black piece on e9 (black's step 30, red's 13); red's piece on c9 (its
/// step 11) moves 2 onto it.
#[test]
fn landing_on_an_enemy_piece_sends_it_back_to_the_charkoni() {
    let g = game(4);
    let e9 = on_cell(&g, RED, 30);
    assert_eq!((cell_of(&g, BLACK, 30).as_str(), e9), ("e9", 13));
    let mut s = position(
        &g,
        &[&[6, 7, 23, 30], &[6, 7, 11, 23], START, START],
        RED,
        &[2],
    );
    assert_eq!(
        legal(&g, &s),
        [step(6, 2), step(7, 2), step(11, 2), step(23, 2)]
    );
    play(&g, &mut s, step(11, 2));
    assert_eq!(s.seat_pieces(RED), &[6, 7, 13, 23]);
    assert_eq!(s.seat_pieces(BLACK), &[CHARKONI, 6, 7, 23]);
    assert_eq!(cell_of(&g, BLACK, CHARKONI), "charkoni");
}

/// A capture gives no extra throw: red throws 2-5-6 and takes black's
/// piece on e9 with the 2; the 5 and 6 still wait, nothing more, and once
/// they are moved yellow throws.
#[test]
fn a_capture_gives_no_extra_throw() {
    let g = game(4);
    let mut s = position(
        &g,
        &[&[6, 7, 23, 30], &[6, 7, 11, 23], START, START],
        RED,
        &[],
    );
    play(&g, &mut s, throw(&g, "2-5-6"));
    play(&g, &mut s, step(11, 2));
    assert_eq!(s.seat_pieces(BLACK), &[CHARKONI, 6, 7, 23]);
    assert_eq!(pool(&s), [5, 6]);
    assert!(s.pool.iter().all(|v| !v.bonus && !v.again));
    assert_eq!(s.extra, 0);
    play(&g, &mut s, step(6, 5));
    play(&g, &mut s, step(7, 6));
    assert_eq!(s.seat_pieces(RED), &[11, 13, 13, 23]);
    assert_eq!(turn(&g, &s), ("yellow".to_string(), Phase::Throw));
}

/// No square is safe: there are no castles, and a piece is taken on every
/// square that is a castle in Pachisi. Black's piece stands on each of
/// them in turn; red's piece, one square behind on its own track, moves 1
/// onto it.
#[test]
fn no_square_is_safe_not_even_the_castles_of_pachisi() {
    let g = game(4);
    for seat in 0..4 {
        assert!(g.track(seat).safe.iter().all(|&safe| !safe));
    }
    for castle in [
        "j19", "i16", "k16", "a10", "d9", "d11", "j1", "i4", "k4", "s10", "p9", "p11",
    ] {
        let black = step_at(&g, BLACK, castle);
        let red = step_at(&g, RED, castle);
        let mut s = position(
            &g,
            &[&[0, 0, 0, black], &[0, 0, 0, red - 1], TAKEN, TAKEN],
            RED,
            &[1],
        );
        assert!(legal(&g, &s).contains(&step(red - 1, 1)), "{castle}");
        play(&g, &mut s, step(red - 1, 1));
        assert_eq!(s.seat_pieces(BLACK), TAKEN, "black is taken on {castle}");
        assert_eq!(s.seat_pieces(RED), &[0, 0, 0, red]);
    }
}

/// Partners never take each other: black lands on yellow's piece on e9
/// (black's step 30) and both stand there; black may land on a merged
/// piece of yellow's too.
#[test]
fn partners_never_take_each_other() {
    let g = game(4);
    let y = on_cell(&g, YELLOW, 30);
    let mut s = position(
        &g,
        &[&[6, 7, 23, 28], TAKEN, &[0, 0, 0, y], TAKEN],
        BLACK,
        &[2],
    );
    play(&g, &mut s, step(28, 2));
    assert_eq!(s.seat_pieces(BLACK), &[6, 7, 23, 30]);
    assert_eq!(s.seat_pieces(YELLOW), &[0, 0, 0, y], "yellow is not taken");
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
    // Yellow's merged piece of two on e9 does not keep black off.
    let mut s = position(
        &g,
        &[&[6, 7, 23, 28], TAKEN, &[0, 0, y, y], TAKEN],
        BLACK,
        &[2],
    );
    assert_eq!(
        legal(&g, &s),
        [step(6, 2), step(7, 2), step(23, 2), step(28, 2)]
    );
    play(&g, &mut s, step(28, 2));
    assert_eq!(s.seat_pieces(YELLOW), &[0, 0, y, y]);
    // And red, the enemy, does take yellow there.
    let r = on_cell(&g, RED, 30);
    let mut s = position(
        &g,
        &[START, &[6, 7, 23, r - 1], &[0, 0, 0, y], TAKEN],
        RED,
        &[1],
    );
    play(&g, &mut s, step(r - 1, 1));
    assert_eq!(s.seat_pieces(YELLOW), TAKEN);
}

// ---------------------------------------------------------------------------
// Merged pieces
// ---------------------------------------------------------------------------

/// Pieces of one colour on one square merge into one piece, which moves
/// whole: black's 1 takes its piece on j17 (step 6) onto j18 (step 7),
/// where they merge; the 5 then moves both, never one alone
/// (`Refusal::MustMoveMerged`). A third piece joining makes a piece of
/// three, which moves all three.
#[test]
fn pieces_of_one_colour_on_one_square_merge_and_move_all_together() {
    let g = game(4);
    let mut s = position(&g, &[START, START, START, START], BLACK, &[1, 5]);
    play(&g, &mut s, step(6, 1));
    assert_eq!(s.seat_pieces(BLACK), &[7, 7, 23, 24]);
    assert_eq!(legal(&g, &s), [merged(7, 2, 5), step(23, 5), step(24, 5)]);
    let (refusal, reason) = refused(&g, &mut s, step(7, 5));
    assert_eq!(refusal, Refusal::MustMoveMerged);
    assert!(reason.contains("stacks: groups = merged"), "{reason}");
    play(&g, &mut s, merged(7, 2, 5));
    assert_eq!(s.seat_pieces(BLACK), &[12, 12, 23, 24]);
    // Three on i16 (step 12): all three move, not two.
    let mut s = position(&g, &[&[12, 12, 12, 24], START, START, START], BLACK, &[2]);
    assert_eq!(legal(&g, &s), [merged(12, 3, 2), step(24, 2)]);
    let (refusal, _) = refused(&g, &mut s, merged(12, 2, 2));
    assert_eq!(refusal, Refusal::MustMoveMerged);
    play(&g, &mut s, merged(12, 3, 2));
    assert_eq!(s.seat_pieces(BLACK), &[14, 14, 14, 24]);
}

/// Any piece passes a merged piece: black's piece of three on e9 (its
/// step 30) does not stop red's single piece on c9 (its step 11) moving 5
/// past it to g9, nor red's piece of two; nor does it stop black's own.
#[test]
fn any_piece_passes_a_merged_piece() {
    let g = game(4);
    let e9 = on_cell(&g, RED, 30);
    let mut s = position(
        &g,
        &[&[6, 30, 30, 30], &[6, 7, 11, 23], START, START],
        RED,
        &[5],
    );
    assert!(legal(&g, &s).contains(&step(11, 5)));
    play(&g, &mut s, step(11, 5));
    assert_eq!(s.seat_pieces(RED), &[6, 7, 16, 23]);
    assert!(e9 > 11 && e9 < 16);
    assert_eq!(
        s.seat_pieces(BLACK),
        &[6, 30, 30, 30],
        "passing takes nothing"
    );
    // A piece of two passes it as well.
    let mut s = position(
        &g,
        &[&[6, 30, 30, 30], &[6, 7, 11, 11], START, START],
        RED,
        &[5],
    );
    play(&g, &mut s, merged(11, 2, 5));
    assert_eq!(s.seat_pieces(RED), &[6, 7, 16, 16]);
    // Black's own piece behind it passes it.
    let mut s = position(&g, &[&[6, 28, 30, 30], START, START, START], BLACK, &[5]);
    play(&g, &mut s, step(28, 5));
    assert_eq!(s.seat_pieces(BLACK), &[6, 30, 30, 33]);
}

/// A smaller piece may not land on a merged piece of another side: red's
/// single piece may not land on black's piece of two on e9, nor red's
/// piece of two on black's piece of three (`Refusal::LandOnBlockade`, the
/// square and the size named). The move is not among the legal ones.
#[test]
fn a_smaller_piece_may_not_land_on_a_merged_piece() {
    let g = game(4);
    let e9 = on_cell(&g, RED, 30);
    let mut s = position(
        &g,
        &[&[6, 7, 30, 30], &[6, 7, e9 - 2, 23], START, START],
        RED,
        &[2],
    );
    let (refusal, reason) = refused(&g, &mut s, step(e9 - 2, 2));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell(&g, 30), 2));
    assert!(
        reason.contains("e9") && reason.contains("stacks: take"),
        "{reason}"
    );
    assert_eq!(legal(&g, &s), [step(6, 2), step(7, 2), step(23, 2)]);
    let mut s = position(
        &g,
        &[&[6, 30, 30, 30], &[6, 7, e9 - 2, e9 - 2], START, START],
        RED,
        &[2],
    );
    let (refusal, _) = refused(&g, &mut s, merged(e9 - 2, 2, 2));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell(&g, 30), 3));
    assert_eq!(legal(&g, &s), [step(6, 2), step(7, 2)]);
}

/// A piece as large or larger that lands on a merged piece takes all of
/// it: red's piece of two takes black's piece of two on e9, red's piece of
/// three takes it too, and red's piece of two takes a single piece. No
/// extra throw follows.
#[test]
fn a_piece_as_large_or_larger_takes_a_merged_piece_whole() {
    let g = game(4);
    let e9 = on_cell(&g, RED, 30);
    for (black, red, count) in [
        (&[6, 7, 30, 30], &[6, 7, e9 - 2, e9 - 2], 2),
        (&[6, 7, 30, 30], &[6, e9 - 2, e9 - 2, e9 - 2], 3),
        (&[6, 7, 23, 30], &[6, 7, e9 - 2, e9 - 2], 2),
    ] {
        let mut s = position(&g, &[black, red, START, START], RED, &[2]);
        play(&g, &mut s, merged(e9 - 2, count, 2));
        let taken = black.iter().filter(|&&st| st == 30).count();
        let mut expected: Vec<u8> = black
            .iter()
            .map(|&st| if st == 30 { 0 } else { st })
            .collect();
        expected.sort_unstable();
        assert_eq!(s.seat_pieces(BLACK), expected, "{taken} taken by {count}");
        assert_eq!(
            s.seat_pieces(RED).iter().filter(|&&st| st == e9).count(),
            count as usize
        );
        assert_eq!(turn(&g, &s), ("yellow".to_string(), Phase::Throw));
    }
}

/// A limit of the file: a merged piece is made by one seat's pieces, but
/// a piece of each partner on one square counts as a piece of two for
/// being taken (the engine counts a blockade by side). Black's and
/// yellow's pieces on e9: red's single piece may not land there; red's
/// piece of two takes both. Black's and yellow's pieces still move alone.
#[test]
fn a_piece_of_each_partner_on_one_square_counts_as_a_piece_of_two() {
    let g = game(4);
    let e9 = on_cell(&g, RED, 30);
    let y = on_cell(&g, YELLOW, 30);
    let mut s = position(
        &g,
        &[&[6, 7, 23, 30], &[6, 7, 23, e9 - 1], &[0, 0, 0, y], TAKEN],
        RED,
        &[1],
    );
    let (refusal, _) = refused(&g, &mut s, step(e9 - 1, 1));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell(&g, 30), 2));
    let mut s = position(
        &g,
        &[
            &[6, 7, 23, 30],
            &[6, 7, e9 - 1, e9 - 1],
            &[0, 0, 0, y],
            TAKEN,
        ],
        RED,
        &[1],
    );
    play(&g, &mut s, merged(e9 - 1, 2, 1));
    assert_eq!(s.seat_pieces(BLACK), &[CHARKONI, 6, 7, 23]);
    assert_eq!(s.seat_pieces(YELLOW), TAKEN);
    // They are not one piece: black's moves alone.
    let s = position(
        &g,
        &[&[6, 7, 23, 30], TAKEN, &[0, 0, 0, y], TAKEN],
        BLACK,
        &[1],
    );
    assert!(legal(&g, &s).contains(&step(30, 1)));
}

// ---------------------------------------------------------------------------
// Going home
// ---------------------------------------------------------------------------

/// All of black's pieces must be home before any of yellow's may go home:
/// yellow's piece on j4 (step 79) could reach the charkoni with a 5, but is
/// refused (`Refusal::HomeOrder`) while black has a piece out, on the board
/// or taken into the charkoni; yellow's other piece still moves on the
/// race. Once black has finished, the 5 takes yellow's piece home. Black
/// itself is never held back. The same with two players.
#[test]
fn yellow_goes_home_only_once_all_of_blacks_pieces_are_home() {
    {
        let players = 4;
        let g = game(players);
        for black in [&[30, HOME, HOME, HOME], &[CHARKONI, HOME, HOME, HOME]] {
            let mut s = position(&g, &[black, START, &[50, 79, 84, 84], START], YELLOW, &[5]);
            assert_eq!(legal(&g, &s), [step(50, 5)]);
            let (refusal, reason) = refused(&g, &mut s, step(79, 5));
            assert_eq!(refusal, Refusal::HomeOrder(BLACK as u8));
            assert!(
                reason.contains("yellow's pieces go home only once all of black's are home"),
                "{reason}"
            );
            // With only that piece left, yellow passes.
            let mut s = position(&g, &[black, START, &[79, 84, 84, 84], START], YELLOW, &[5]);
            assert_eq!(legal(&g, &s), [Action::Pass]);
            play(&g, &mut s, Action::Pass);
            assert_eq!(s.seat_pieces(YELLOW), &[79, 84, 84, 84]);
        }
        let mut s = position(&g, &[DONE, START, &[50, 79, 84, 84], START], YELLOW, &[5]);
        assert_eq!(legal(&g, &s), [step(50, 5), step(79, 5)]);
        play(&g, &mut s, step(79, 5));
        assert_eq!(s.seat_pieces(YELLOW), &[50, 84, 84, 84]);
        // Black goes home while yellow has pieces out.
        let mut s = position(&g, &[&[30, 79, 84, 84], START, START, START], BLACK, &[5]);
        play(&g, &mut s, step(79, 5));
        assert_eq!(s.seat_pieces(BLACK), &[30, 84, 84, 84]);
    }
}

/// All of red's pieces must be home before any of green's may go home:
/// green's piece on r10 (step 79) is refused a 5 while red has a piece
/// out, and goes home once red has finished.
#[test]
fn green_goes_home_only_once_all_of_reds_pieces_are_home() {
    let g = game(4);
    let mut s = position(
        &g,
        &[START, &[50, 84, 84, 84], START, &[79, 84, 84, 84]],
        GREEN,
        &[5],
    );
    assert_eq!(legal(&g, &s), [Action::Pass]);
    let (refusal, reason) = refused(&g, &mut s, step(79, 5));
    assert_eq!(refusal, Refusal::HomeOrder(RED as u8));
    assert!(reason.contains("all of red's"), "{reason}");
    let mut s = position(&g, &[START, DONE, START, &[79, 84, 84, 84]], GREEN, &[5]);
    assert_eq!(legal(&g, &s), [step(79, 5)]);
    play(&g, &mut s, step(79, 5));
    assert_eq!(s.phase, Phase::Over, "red and green are all home");
}

/// The charkoni needs the exact count: black's piece on j14 (step 81),
/// three from home, may not move a 5 or a 6; a 2 and a 1 take it home. A
/// merged piece the same. A value no piece can use is passed.
#[test]
fn the_charkoni_needs_the_exact_count() {
    let g = game(4);
    assert_eq!(cell_of(&g, BLACK, 81), "j14");
    for value in [5, 6] {
        let mut s = position(
            &g,
            &[&[30, 81, 84, 84], START, START, START],
            BLACK,
            &[value],
        );
        let (refusal, reason) = refused(&g, &mut s, step(81, value));
        assert_eq!(refusal, Refusal::Overshoot);
        assert!(reason.contains("home: exact"), "{reason}");
        assert_eq!(legal(&g, &s), [step(30, value)]);
    }
    let mut s = position(
        &g,
        &[&[30, 81, 84, 84], START, START, START],
        BLACK,
        &[1, 2],
    );
    play(&g, &mut s, step(81, 2));
    play(&g, &mut s, step(83, 1));
    assert_eq!(s.seat_pieces(BLACK), &[30, 84, 84, 84]);
    // A merged piece on j14: only a 1 and a 2 in turn, never the 5.
    let mut s = position(&g, &[&[81, 81, 84, 84], START, START, START], BLACK, &[5]);
    let (refusal, _) = refused(&g, &mut s, merged(81, 2, 5));
    assert_eq!(refusal, Refusal::Overshoot);
    assert_eq!(legal(&g, &s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(BLACK), &[81, 81, 84, 84]);
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
}

/// A side wins when all eight of its pieces are home. Black has finished;
/// yellow's last piece, on j4 (step 79), goes home with a 5: the game is
/// over and black and yellow have won. One seat home is not enough: when
/// black's last piece goes home the game goes on. With two players the
/// player of black and yellow wins the same way.
#[test]
fn a_side_wins_when_all_eight_of_its_pieces_are_home() {
    {
        let players = 4;
        let g = game(players);
        let mut s = position(&g, &[DONE, START, &[79, 84, 84, 84], START], YELLOW, &[5]);
        assert!(g.outcome(&s).is_none());
        play(&g, &mut s, step(79, 5));
        assert_eq!(s.phase, Phase::Over);
        assert_eq!(g.actor(&s), Actor::Terminal);
        let outcome = g.outcome(&s).expect("the game is over");
        assert_eq!(outcome.winner, Some(g.sides()[BLACK]));
        assert_eq!(outcome.winners, [BLACK as u8, YELLOW as u8]);
        assert_eq!(outcome.ranks, [1, 2, 1, 2]);
        assert_eq!(outcome.reason, EndReason::Finished);
        assert!(legal(&g, &s).is_empty());
        // Black alone home: red throws next.
        let mut s = position(&g, &[&[79, 84, 84, 84], START, START, START], BLACK, &[5]);
        play(&g, &mut s, step(79, 5));
        assert!(s.has_finished(BLACK));
        assert!(g.outcome(&s).is_none());
        assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
    }
}

/// So that every game ends, it stops after 5000 turns as a draw: black
/// moves the last value of turn 5000.
#[test]
fn the_game_stops_after_5000_turns_as_a_draw() {
    let g = game(4);
    let json = r#"{"pieces":[[6,7,23,24],[6,7,23,24],[6,7,23,24],[6,7,23,24]],"mover":0,"phase":"move","pool":[{"value":5,"again":false}],"extra":0,"entered":[true,true,true,true],"turns":4999,"finished":[],"at_limit":false}"#;
    let mut s = g.load_state(json).unwrap();
    play(&g, &mut s, step(6, 5));
    assert_eq!(s.phase, Phase::Over);
    assert!(s.at_limit);
    let outcome = g.outcome(&s).expect("over at the limit");
    assert_eq!(outcome.reason, EndReason::TurnLimit);
    assert_eq!(outcome.winner, None);
}

/// Random games, four players and two: every list of legal actions agrees
/// with the reference path; no yellow piece is ever home before all of
/// black's, nor green's before all of red's; each game ends with a side
/// whose eight pieces are all home.
#[test]
fn random_games_end_with_a_side_home_and_partners_going_home_in_order() {
    let mut rng = Lcg(7);
    {
        let players = 4;
        let g = game(players);
        for _ in 0..12 {
            let mut s = g.new_initial_state();
            loop {
                let action = match g.actor(&s) {
                    Actor::Terminal => break,
                    Actor::Chance => {
                        let chances = g.chance_actions(&s);
                        let total: u64 = chances.iter().map(|c| c.1).sum();
                        let mut u = rng.below(total);
                        let mut pick = chances[0].0;
                        for (a, w) in chances {
                            if u < w {
                                pick = a;
                                break;
                            }
                            u -= w;
                        }
                        pick
                    }
                    _ => {
                        let actions = legal(&g, &s);
                        actions[rng.below(actions.len() as u64) as usize]
                    }
                };
                play(&g, &mut s, action);
                for (first, second) in [(BLACK, YELLOW), (RED, GREEN)] {
                    if s.seat_pieces(second).contains(&HOME) {
                        assert_eq!(
                            s.seat_pieces(first),
                            DONE,
                            "{} home too early",
                            g.seat_name(second)
                        );
                    }
                }
            }
            let outcome = g.outcome(&s).expect("over");
            assert_eq!(outcome.reason, EndReason::Finished);
            let winner = outcome.winner.expect("a winner");
            let home = |side: u8| {
                (0..4)
                    .filter(|&seat| g.sides()[seat] == side)
                    .all(|seat| s.seat_pieces(seat) == DONE)
            };
            assert!(home(winner), "all eight of the winners' pieces are home");
            assert!(!home(1 - winner), "the losers are not all home");
        }
    }
}
