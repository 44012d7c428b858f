//! Rule tests for Backgammon (variants/backgammon.variant), one test per
//! rule of the standard game as shared rules/backgammon.md states it.
//!
//! Positions are written as the track steps of each seat's fifteen pieces,
//! as `(step, how many)`, and the dice waiting to be used. White (seat 0)
//! moves from its 24-point to its 1-point, black (seat 1) the other way
//! round. Each seat counts its own steps:
//!
//! | step | white | black |
//! |---|---|---|
//! | 0 | its bar (`white_bar`) | its bar (`black_bar`) |
//! | s = 1..24 | its own point 25 − s, the cell `p{25-s}` | its own point 25 − s, the cell `p{s}` |
//! | 19..24 | its home board, `p6`..`p1` | its home board, `p19`..`p24` |
//! | 25 | borne off (`white_off`) | borne off (`black_off`) |
//!
//! The cells are named by white's numbering of the points. White's step s
//! and black's step 25 − s are the same point: a player's point p is the
//! opponent's point 25 − p. White is the seat to move unless said
//! otherwise.

use pachisi::{Action, Actor, EndReason, Game, Phase, PoolValue, Refusal, State};

mod common;
use common::{Lcg, Waiting, cell_of, legal, load_position, play, refused, step_at};

const WHITE: usize = 0;
const BLACK: usize = 1;
/// The bar: a seat's start, where its hit pieces wait.
const BAR: u8 = 0;
/// Borne off: a seat's home.
const OFF: u8 = 25;
/// The starting position of each seat, in its own steps: 2 on its
/// 24-point, 5 on its 13-point, 3 on its 8-point and 5 on its 6-point.
const START: &[(u8, u8)] = &[(1, 2), (12, 5), (17, 3), (19, 5)];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game() -> Game {
    Game::bundled("backgammon", Some(2)).unwrap()
}

/// A seat's fifteen pieces from `(step, how many)`.
fn side(spots: &[(u8, u8)]) -> Vec<u8> {
    let mut steps: Vec<u8> = spots
        .iter()
        .flat_map(|&(step, n)| std::iter::repeat_n(step, n as usize))
        .collect();
    steps.sort_unstable();
    assert_eq!(steps.len(), 15, "a seat has fifteen pieces: {spots:?}");
    steps
}

/// The step of the other seat on the point of this seat's step `step`.
fn facing(step: u8) -> u8 {
    25 - step
}

/// The values a throw of `a` and `b` gives: a double four times.
fn values_of(a: u8, b: u8) -> Vec<u8> {
    let (a, b) = (a.min(b), a.max(b));
    if a == b { vec![a; 4] } else { vec![a, b] }
}

/// A position after the game's first turn: the pieces of white and black,
/// the seat to move and the dice it threw (none: it is about to throw).
fn build(game: &Game, white: &[(u8, u8)], black: &[(u8, u8)], mover: usize, dice: &[u8]) -> State {
    let pool: Vec<PoolValue> = match dice {
        [] => Vec::new(),
        [a, b] => values_of(*a, *b),
        _ => panic!("two dice or none"),
    }
    .into_iter()
    .map(|value| PoolValue {
        value,
        again: false,
        bonus: false,
    })
    .collect();
    let waiting = Waiting {
        doubles: pool.len() == 4,
        pool,
        ..Waiting::default()
    };
    let (w, b) = (side(white), side(black));
    let mut state = load_position(game, &[&w, &b], mover, &waiting, true);
    // Not the game's first throw, which is never a double.
    state.turns = 1;
    state
}

/// White to move with the dice `a` and `b`.
fn position(game: &Game, white: &[(u8, u8)], black: &[(u8, u8)], a: u8, b: u8) -> State {
    build(game, white, black, WHITE, &[a, b])
}

/// The throw of the dice `a` and `b`, in either order.
fn throw(game: &Game, a: u8, b: u8) -> Action {
    let label = format!("{}-{}", a.min(b), a.max(b));
    game.parse_action(&format!("throw {label}"))
        .unwrap_or_else(|| panic!("no throw {label}"))
}

/// The values waiting to be used.
fn pool(state: &State) -> Vec<u8> {
    state.pool.iter().map(|v| v.value).collect()
}

/// The seat to move, by name, and the phase.
fn turn(game: &Game, state: &State) -> (String, Phase) {
    (game.seat_name(game.mover(state)).to_string(), state.phase)
}

fn thrower(name: &str) -> (String, Phase) {
    (name.to_string(), Phase::Throw)
}

fn step(from: u8, by: u8) -> Action {
    Action::step(from, by)
}

/// How many of `seat`'s pieces stand on `step`.
fn count(state: &State, seat: usize, at: u8) -> usize {
    state.seat_pieces(seat).iter().filter(|&&s| s == at).count()
}

/// The cell of white's step `white_step`, as a refusal names it.
fn cell(game: &Game, white_step: u8) -> pachisi::rules::CellId {
    game.track(WHITE).cell(white_step)
}

// ---------------------------------------------------------------------------
// The board and the pieces
// ---------------------------------------------------------------------------

/// 24 points; the two players move in opposite directions round them. Each
/// counts the points 1..24 from its own side and moves from 24 towards 1;
/// points 1..6 are its home board, and its point p is the opponent's point
/// 25 − p. White's step s is its point 25 − s, the cell `p{25-s}`; black's
/// step s is its point 25 − s, the cell `p{s}`. Step 0 is the seat's bar,
/// step 25 its tray of pieces borne off.
#[test]
fn twenty_four_points_each_seat_going_its_own_way_from_its_24_point_to_its_1_point() {
    let g = game();
    assert_eq!((g.seat_name(WHITE), g.seat_name(BLACK)), ("white", "black"));
    for seat in [WHITE, BLACK] {
        assert_eq!(g.track(seat).home(), OFF);
    }
    let white: Vec<String> = (0..=OFF).map(|s| cell_of(&g, WHITE, s)).collect();
    let black: Vec<String> = (0..=OFF).map(|s| cell_of(&g, BLACK, s)).collect();
    assert_eq!(
        (white[0].as_str(), white[25].as_str()),
        ("white_bar", "white_off")
    );
    assert_eq!(
        (black[0].as_str(), black[25].as_str()),
        ("black_bar", "black_off")
    );
    for s in 1..=24u8 {
        assert_eq!(
            white[s as usize],
            format!("p{}", 25 - s),
            "white's step {s}"
        );
        assert_eq!(black[s as usize], format!("p{s}"), "black's step {s}");
        // A player's point p is the opponent's point 25 - p.
        assert_eq!(white[s as usize], black[facing(s) as usize]);
        assert_eq!(step_at(&g, BLACK, &white[s as usize]), facing(s));
    }
    // The home boards: white's p6..p1, black's p19..p24.
    assert_eq!(&white[19..=24], ["p6", "p5", "p4", "p3", "p2", "p1"]);
    assert_eq!(&black[19..=24], ["p19", "p20", "p21", "p22", "p23", "p24"]);
    // Fifteen pieces each.
    assert_eq!(g.new_initial_state().seat_pieces(WHITE).len(), 15);
}

/// Each player begins with 2 pieces on its 24-point, 5 on its 13-point, 3
/// on its 8-point and 5 on its 6-point: white on p24, p13, p8 and p6,
/// black on p1, p12, p17 and p19. None is on the bar or borne off.
#[test]
fn each_begins_with_two_on_its_24_point_five_on_13_three_on_8_and_five_on_6() {
    let g = game();
    let s = g.new_initial_state();
    let start = side(START);
    for seat in [WHITE, BLACK] {
        assert_eq!(s.seat_pieces(seat), start, "{}", g.seat_name(seat));
    }
    let cells = |seat: usize| -> Vec<(String, usize)> {
        START
            .iter()
            .map(|&(st, n)| (cell_of(&g, seat, st), count(&s, seat, st).min(n as usize)))
            .collect()
    };
    let named = |list: [(&str, usize); 4]| -> Vec<(String, usize)> {
        list.iter().map(|&(c, n)| (c.to_string(), n)).collect()
    };
    assert_eq!(
        cells(WHITE),
        named([("p24", 2), ("p13", 5), ("p8", 3), ("p6", 5)])
    );
    assert_eq!(
        cells(BLACK),
        named([("p1", 2), ("p12", 5), ("p17", 3), ("p19", 5)])
    );
    // In its own numbering each is on the same points: step = 25 - point.
    let points: Vec<u8> = START.iter().map(|&(st, _)| 25 - st).collect();
    assert_eq!(points, [24, 13, 8, 6]);
    assert_eq!((s.phase, g.actor(&s)), (Phase::Opening, Actor::Chance));
}

// ---------------------------------------------------------------------------
// The opening
// ---------------------------------------------------------------------------

/// Each player throws one die to begin; the higher begins. Either seat
/// may begin, each alike: the game starts with chance's `begin white` or
/// `begin black`, one chance in two each, before any throw of the dice.
#[test]
fn either_seat_may_begin_each_alike() {
    let g = game();
    let start = g.new_initial_state();
    assert_eq!(
        g.chance_actions(&start),
        [(Action::Begin(0), 1), (Action::Begin(1), 1)]
    );
    assert_eq!(legal(&g, &start), [Action::Begin(0), Action::Begin(1)]);
    let mut s = start.clone();
    let (refusal, _) = refused(&g, &mut s, throw(&g, 3, 1));
    assert_eq!(refusal, Refusal::WhoBegins);
    for (seat, name) in [(WHITE, "white"), (BLACK, "black")] {
        let begin = g.parse_action(&format!("begin {name}")).unwrap();
        assert_eq!(begin, Action::Begin(seat as u8));
        assert_eq!(g.action_text(begin), format!("begin {name}"));
        let mut s = start.clone();
        play(&g, &mut s, begin);
        assert_eq!(turn(&g, &s), thrower(name));
        assert_eq!(s.seat_pieces(WHITE), start.seat_pieces(WHITE));
        let (refusal, _) = refused(&g, &mut s, Action::Begin(0));
        assert_eq!(refusal, Refusal::AlreadyBegun);
    }
}

/// The higher die begins and uses those two numbers as the first throw; a
/// tie throws again. So the first throw of the game is never a double:
/// after `begin`, only the 15 throws of unlike faces can come, each with
/// weight 2 (2 in 30), and a double is refused. A uniform choice of who
/// begins and a uniform unlike throw are exactly the chances of each
/// throwing one die and throwing ties again: each of the 30 unlike pairs
/// of (white's die, black's die) is one begin and one throw.
#[test]
fn the_first_throw_is_the_two_dice_thrown_to_begin_never_a_double() {
    let g = game();
    let mut s = g.new_initial_state();
    play(&g, &mut s, Action::Begin(WHITE as u8));
    let chances = g.chance_actions(&s);
    assert_eq!(chances.len(), 15);
    assert!(chances.iter().all(|&(_, w)| w == 2));
    let labels: Vec<String> = chances.iter().map(|&(a, _)| g.action_text(a)).collect();
    let mut unlike = Vec::new();
    for a in 1..=6u8 {
        for b in a + 1..=6 {
            unlike.push(format!("throw {a}-{b}"));
        }
    }
    assert_eq!(labels, unlike);
    let throws: Vec<Action> = chances.iter().map(|c| c.0).collect();
    assert_eq!(legal(&g, &s), throws);
    for d in 1..=6 {
        let (refusal, reason) = refused(&g, &mut s, throw(&g, d, d));
        assert_eq!(refusal, Refusal::FirstThrowUnlike);
        assert!(reason.contains("begins = one_die_each"), "{reason}");
    }
    // Each throwing one die, ties again: (white, black) = (5, 3) is white
    // beginning with 5-3, (3, 5) black beginning with it; each of the 30
    // pairs 1 in 30. The engine: 1/2 for who begins times 2/30 for the throw.
    let total: u64 = chances.iter().map(|c| c.1).sum();
    assert_eq!(total, 30);
    let mut ways = std::collections::BTreeMap::new();
    for w in 1..=6u8 {
        for b in 1..=6u8 {
            if w != b {
                let begins = if w > b { WHITE } else { BLACK };
                *ways.entry((begins, w.min(b), w.max(b))).or_insert(0u64) += 1;
            }
        }
    }
    assert_eq!(ways.len(), 30);
    for (&(_, a, b), &n) in &ways {
        let weight = chances
            .iter()
            .find(|c| c.0 == throw(&g, a, b))
            .expect("an unlike throw")
            .1;
        // n in 30 = (1 in 2) × (weight in 30).
        assert_eq!(n * 2 * total, 30 * weight);
    }
}

/// After the first throw each turn is a throw of two dice, doubles
/// included: white begins with 3-1 and makes its 5-point (8/5, 6/5), then
/// black may throw any of the 21 throws, a double 1 in 36, the others 2 in
/// 36, and throws 6-6. Read as a record, line by line.
#[test]
fn after_the_first_throw_each_turn_throws_two_dice_doubles_included() {
    let g = game();
    let mut s = g.new_initial_state();
    for line in ["begin white", "throw 1-3", "17+3", "19+1"] {
        let action = g.parse_action(line).unwrap_or_else(|| panic!("{line}"));
        assert_eq!(g.action_text(action), line);
        play(&g, &mut s, action);
    }
    assert_eq!(count(&s, WHITE, 20), 2, "two on white's 5-point");
    assert_eq!(cell_of(&g, WHITE, 20), "p5");
    assert_eq!(turn(&g, &s), thrower("black"));
    let chances = g.chance_actions(&s);
    assert_eq!(chances.len(), 21);
    assert_eq!(chances.iter().map(|c| c.1).sum::<u64>(), 36);
    for (action, weight) in &chances {
        let o = match action {
            Action::Throw(i) => &g.chance_outcomes()[*i as usize],
            _ => panic!("a throw"),
        };
        assert_eq!(*weight, if o.doubles { 1 } else { 2 }, "{}", o.label);
    }
    play(&g, &mut s, throw(&g, 6, 6));
    assert_eq!(pool(&s), [6, 6, 6, 6]);
    assert_eq!(turn(&g, &s), ("black".to_string(), Phase::Move));
}

// ---------------------------------------------------------------------------
// Dice and turns
// ---------------------------------------------------------------------------

/// The two numbers are two separate moves, written `from+by`: one piece
/// may take both, one after the other, or two pieces one each. White's
/// opening 6-5 from the starting position: a back piece runs 24/18/13
/// (`1+6`, `7+5`), or two pieces from the 13-point go to the 7 and the
/// 8-point. A single move of 11 is no move: no die shows 11.
#[test]
fn the_two_numbers_are_two_moves_of_one_piece_or_of_two() {
    let g = game();
    let s = build(&g, START, START, WHITE, &[6, 5]);
    assert_eq!(pool(&s), [5, 6]);
    assert_eq!(
        legal(&g, &s),
        [
            step(1, 6),
            step(12, 5),
            step(12, 6),
            step(17, 5),
            step(17, 6)
        ]
    );
    let mut one = s.clone();
    let (refusal, _) = refused(&g, &mut one, step(1, 11));
    assert_eq!(refusal, Refusal::NoSuchValue);
    play(&g, &mut one, g.parse_action("1+6").unwrap());
    assert_eq!(pool(&one), [5]);
    assert_eq!(cell_of(&g, WHITE, 7), "p18");
    assert!(legal(&g, &one).contains(&step(7, 5)));
    play(&g, &mut one, step(7, 5));
    assert_eq!(
        one.seat_pieces(WHITE),
        side(&[(1, 1), (12, 6), (17, 3), (19, 5)])
    );
    assert_eq!(turn(&g, &one), thrower("black"));
    let mut two = s.clone();
    play(&g, &mut two, step(12, 6));
    play(&g, &mut two, step(12, 5));
    assert_eq!(
        two.seat_pieces(WHITE),
        side(&[(1, 2), (12, 3), (17, 4), (18, 1), (19, 5)])
    );
    assert_eq!(turn(&g, &two), thrower("black"));
}

/// One piece taking both numbers makes each part a legal move on its own:
/// it may not reach the far point through a closed intermediate point.
/// White's piece on its 20-point (step 5) throws 6-5; black holds white's
/// 14-point and 15-point (steps 11 and 10), the 6-away and the 5-away
/// points. The 9-point (step 16), 11 away, is open, but the piece cannot
/// get there: neither part can be moved, and the throw is lost. With the
/// 15-point open, 5 then 6 reaches the 9-point.
#[test]
fn one_piece_taking_both_numbers_must_land_legally_on_the_point_between() {
    let g = game();
    // White's other pieces, on its 1-point, cannot move until all fifteen
    // are home.
    let white = &[(5, 1), (24, 14)];
    let black = &[(facing(11), 2), (facing(10), 2), (22, 11)];
    let mut s = position(&g, white, black, 6, 5);
    assert_eq!(cell_of(&g, WHITE, 16), "p9");
    assert_eq!(count(&s, BLACK, facing(16)), 0, "the 9-point is open");
    for (by, at) in [(6, 11), (5, 10)] {
        let (refusal, reason) = refused(&g, &mut s, step(5, by));
        assert_eq!(refusal, Refusal::LandOnBlockade(cell(&g, at), 2));
        assert!(reason.contains(&cell_of(&g, WHITE, at)), "{reason}");
    }
    let (refusal, _) = refused(&g, &mut s, step(5, 11));
    assert_eq!(refusal, Refusal::NoSuchValue);
    assert_eq!(legal(&g, &s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(WHITE), side(white));
    assert_eq!(turn(&g, &s), thrower("black"));
    // The 15-point open: 5 first, then 6, over the closed 14-point.
    let black = &[(facing(11), 2), (22, 13)];
    let mut s = position(&g, white, black, 6, 5);
    assert_eq!(legal(&g, &s), [step(5, 5)]);
    play(&g, &mut s, step(5, 5));
    assert_eq!(legal(&g, &s), [step(10, 6)]);
    play(&g, &mut s, step(10, 6));
    assert_eq!(s.seat_pieces(WHITE), side(&[(16, 1), (24, 14)]));
}

/// A double is played four times: white throws 3-3 and has four 3s, which
/// move one, two, three or four pieces; after the fourth, black throws.
#[test]
fn a_double_is_played_four_times() {
    let g = game();
    let mut s = build(&g, START, START, WHITE, &[]);
    play(&g, &mut s, throw(&g, 3, 3));
    assert_eq!(pool(&s), [3, 3, 3, 3]);
    assert!(s.doubles);
    // Makes its 5-point and its 3-point: 8/5(2), 6/3(2).
    for (from, left) in [(17, 3), (17, 2), (19, 1), (19, 0)] {
        play(&g, &mut s, step(from, 3));
        assert_eq!(s.pool.len(), left);
    }
    assert_eq!(
        s.seat_pieces(WHITE),
        side(&[(1, 2), (12, 5), (17, 1), (19, 3), (20, 2), (22, 2)])
    );
    assert_eq!(turn(&g, &s), thrower("black"));
    // One piece may take all four: 24/16 with 2-2 from the start.
    let mut s = build(&g, START, START, WHITE, &[2, 2]);
    for from in [1, 3, 5, 7] {
        play(&g, &mut s, step(from, 2));
    }
    assert_eq!(count(&s, WHITE, 9), 1);
    assert_eq!(cell_of(&g, WHITE, 9), "p16");
}

/// A player must use both numbers if any sequence allows it. White's two
/// back pieces on its 24 and 22-points (steps 1 and 3) throw 6-5; black
/// holds white's 18, 16 and 13-points (steps 7, 9 and 12). Moving the
/// piece on the 24-point 5 would leave no 6 to play (both 6s, from the 19
/// and the 22-point, land on closed points); only the 22-point piece's 5,
/// then its 6, uses both: the other first move is refused.
#[test]
fn both_numbers_must_be_used_if_any_sequence_allows_it() {
    let g = game();
    let white = &[(1, 1), (3, 1), (24, 13)];
    let black = &[(facing(7), 2), (facing(9), 2), (facing(12), 2), (23, 9)];
    let mut s = position(&g, white, black, 6, 5);
    assert_eq!(legal(&g, &s), [step(3, 5)]);
    let (refusal, reason) = refused(&g, &mut s, step(1, 5));
    assert_eq!(refusal, Refusal::MustUseMost);
    assert!(reason.contains("use = most"), "{reason}");
    for from in [1, 3] {
        let (refusal, _) = refused(&g, &mut s, step(from, 6));
        assert!(
            matches!(refusal, Refusal::LandOnBlockade(_, 2)),
            "{refusal:?}"
        );
    }
    let (refusal, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
    play(&g, &mut s, step(3, 5));
    assert_eq!(legal(&g, &s), [step(8, 6)]);
    play(&g, &mut s, step(8, 6));
    assert_eq!(s.seat_pieces(WHITE), side(&[(1, 1), (14, 1), (24, 13)]));
    assert_eq!(turn(&g, &s), thrower("black"));
}

/// If only one number can be used, that one must be used, even the
/// smaller. White's back piece on its 24-point (step 1) throws 6-2; black
/// holds white's 18-point (6 away) and 16-point (8 away): only the 2 can
/// be moved, and then the 6 is lost.
#[test]
fn if_only_one_number_can_be_used_that_one_must_be() {
    let g = game();
    let white = &[(1, 1), (24, 14)];
    let black = &[(facing(7), 2), (facing(9), 2), (23, 11)];
    let mut s = position(&g, white, black, 6, 2);
    assert_eq!(legal(&g, &s), [step(1, 2)]);
    let (refusal, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
    let (refusal, _) = refused(&g, &mut s, step(1, 6));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell(&g, 7), 2));
    play(&g, &mut s, step(1, 2));
    assert_eq!(pool(&s), [6]);
    assert_eq!(legal(&g, &s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(WHITE), side(&[(3, 1), (24, 14)]));
    assert_eq!(turn(&g, &s), thrower("black"));
}

/// If either number can be used but not both, the larger must be used.
/// White's back piece on its 24-point throws 6-2; the 18-point (6 away)
/// and the 22-point (2 away) are open, the 16-point (8 away) is closed.
/// Only the 6 may be moved; the 2 is refused, and after the 6 it is lost.
#[test]
fn if_either_number_can_be_used_but_not_both_the_larger_must_be() {
    let g = game();
    let white = &[(1, 1), (24, 14)];
    let black = &[(facing(9), 2), (23, 13)];
    let mut s = position(&g, white, black, 6, 2);
    assert_eq!(legal(&g, &s), [step(1, 6)]);
    let (refusal, _) = refused(&g, &mut s, step(1, 2));
    assert_eq!(refusal, Refusal::MustUseMost);
    play(&g, &mut s, step(1, 6));
    assert_eq!(legal(&g, &s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(WHITE), side(&[(7, 1), (24, 14)]));
    assert_eq!(turn(&g, &s), thrower("black"));
}

/// If neither number can be used, the turn is lost: white's back piece on
/// its 24-point throws 6-2 with the 22 and the 18-point closed; the only
/// action is `pass`, and black throws next.
#[test]
fn if_neither_number_can_be_used_the_turn_is_lost() {
    let g = game();
    let white = &[(1, 1), (24, 14)];
    let black = &[(facing(3), 2), (facing(7), 2), (23, 11)];
    let mut s = position(&g, white, black, 6, 2);
    assert_eq!(legal(&g, &s), [Action::Pass]);
    assert_eq!(g.action_text(Action::Pass), "pass");
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(WHITE), side(white));
    assert!(s.pool.is_empty());
    assert_eq!(turn(&g, &s), thrower("black"));
}

/// With a double, as many of the four as possible must be used. White's
/// pieces on its 24 and 22-points (steps 1 and 3) throw 4-4; black holds
/// the 12 and the 14-point (steps 13 and 11): the 24-point piece can move
/// twice (to the 20 and the 16), the 22-point piece once (to the 18).
/// Three 4s are used, in any order, and the fourth is lost.
#[test]
fn with_a_double_as_many_of_the_four_as_possible_must_be_used() {
    let g = game();
    let white = &[(1, 1), (3, 1), (24, 13)];
    let black = &[(facing(13), 2), (facing(11), 2), (23, 11)];
    let mut s = position(&g, white, black, 4, 4);
    assert_eq!(pool(&s), [4, 4, 4, 4]);
    assert_eq!(legal(&g, &s), [step(1, 4), step(3, 4)]);
    play(&g, &mut s, step(3, 4));
    assert_eq!(legal(&g, &s), [step(1, 4)]);
    let (refusal, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
    play(&g, &mut s, step(1, 4));
    assert_eq!(legal(&g, &s), [step(5, 4)]);
    play(&g, &mut s, step(5, 4));
    assert_eq!(pool(&s), [4]);
    assert_eq!(legal(&g, &s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(WHITE), side(&[(7, 1), (9, 1), (24, 13)]));
    assert_eq!(turn(&g, &s), thrower("black"));
}

// ---------------------------------------------------------------------------
// Points, hits and the bar
// ---------------------------------------------------------------------------

/// A point held by two or more of the opponent's pieces is closed: no
/// piece lands there, but pieces pass over it. In the starting position
/// white's back pieces may not move 5 to its 19-point (`p19`), where black
/// has five: the move is refused, naming the point and the count. A 6
/// takes one over it to its 18-point. Two are enough to close a point:
/// black's two back pieces on white's 1-point keep white's piece on its
/// 3-point from moving 2.
#[test]
fn a_closed_point_may_be_passed_over_but_not_landed_on() {
    let g = game();
    let mut s = build(&g, START, START, WHITE, &[5, 1]);
    let (refusal, reason) = refused(&g, &mut s, step(1, 5));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell(&g, 6), 5));
    assert!(
        reason.contains("p19") && reason.contains("stacks: take"),
        "{reason}"
    );
    assert!(!legal(&g, &s).contains(&step(1, 5)));
    // Over it with a 6 (the 1 then moves it on).
    let mut s = build(&g, START, START, WHITE, &[6, 1]);
    play(&g, &mut s, step(1, 6));
    assert_eq!(count(&s, WHITE, 7), 1);
    assert_eq!(cell_of(&g, WHITE, 7), "p18");
    assert_eq!(s.seat_pieces(BLACK), side(START), "passing takes nothing");
    // Two are enough.
    let white = &[(22, 1), (19, 14)];
    let black = &[(1, 2), (19, 13)];
    let mut s = position(&g, white, black, 2, 1);
    let (refusal, _) = refused(&g, &mut s, step(22, 2));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell(&g, 24), 2));
    assert_eq!(cell_of(&g, WHITE, 24), "p1");
}

/// Six closed points in a row block all passage: black holds white's 21 to
/// 16-points (steps 4 to 9), a prime in front of white's back piece on its
/// 22-point (step 3). No throw of the 21 lets it move: each part would
/// land inside the prime, and a die moves at most 6. With the 16-point
/// open (five in a row), a 6 escapes.
#[test]
fn six_closed_points_in_a_row_block_all_passage() {
    let g = game();
    let white = &[(3, 1), (24, 14)];
    let prime: Vec<(u8, u8)> = (4..=9).map(|st| (facing(st), 2)).collect();
    let mut black = prime.clone();
    black.push((24, 3));
    for o in g.chance_outcomes() {
        let (a, b) = (o.values[0], o.values[1]);
        let s = position(&g, white, &black, a, b);
        assert_eq!(legal(&g, &s), [Action::Pass], "{}", o.label);
    }
    // Five in a row: the 6 jumps it, to the 16-point.
    let mut black: Vec<(u8, u8)> = prime[..5].to_vec();
    black.push((24, 5));
    let s = position(&g, white, &black, 6, 1);
    assert_eq!(legal(&g, &s), [step(3, 6)]);
}

/// A point with a single opponent (a blot) may be landed on: the blot is
/// hit and placed on the bar. White's piece on its 15-point (step 10)
/// throws 4-2 and lands on black's blot on white's 11-point; black's piece
/// goes to its bar (black's step 0), from where it must come in first in
/// black's next turn.
#[test]
fn a_blot_is_hit_and_placed_on_the_bar() {
    let g = game();
    let white = &[(10, 1), (19, 14)];
    let black = &[(facing(14), 1), (19, 14)];
    let mut s = position(&g, white, black, 4, 2);
    assert_eq!(cell_of(&g, WHITE, 14), "p11");
    play(&g, &mut s, step(10, 4));
    assert_eq!(s.seat_pieces(BLACK), side(&[(BAR, 1), (19, 14)]));
    assert_eq!(cell_of(&g, BLACK, BAR), "black_bar");
    assert_eq!(count(&s, WHITE, 14), 1);
    play(&g, &mut s, step(14, 2));
    assert_eq!(turn(&g, &s), thrower("black"));
    // Black, with 3-1, must bring it in first.
    let mut s = s.clone();
    play(&g, &mut s, throw(&g, 3, 1));
    assert!(legal(&g, &s).iter().all(|a| a.from() == Some(BAR)));
}

/// Any number of one's own pieces may stand on a point: white brings its
/// fifteenth piece onto its 6-point, beside the fourteen already there.
#[test]
fn any_number_of_own_pieces_may_stand_on_a_point() {
    let g = game();
    let white = &[(13, 1), (19, 14)];
    let black = &[(1, 2), (13, 13)];
    let mut s = position(&g, white, black, 6, 5);
    play(&g, &mut s, step(13, 6));
    assert_eq!(count(&s, WHITE, 19), 15);
    assert_eq!(cell_of(&g, WHITE, 19), "p6");
}

/// A player with a piece on the bar must bring it in before any other
/// move: white, hit, throws 3-1; only the moves from the bar (`0+1`,
/// `0+3`) are offered, and any other is refused. Once it is in, the other
/// number moves any piece.
#[test]
fn a_piece_on_the_bar_comes_in_before_any_other_move() {
    let g = game();
    let white = &[(BAR, 1), (1, 1), (12, 5), (17, 3), (19, 5)];
    let mut s = position(&g, white, START, 3, 1);
    assert_eq!(legal(&g, &s), [step(BAR, 1), step(BAR, 3)]);
    let (refusal, reason) = refused(&g, &mut s, step(12, 3));
    assert_eq!(refusal, Refusal::StartFirst);
    assert!(reason.contains("entry: forced = always"), "{reason}");
    play(&g, &mut s, step(BAR, 3));
    // The 1 moves any piece; none from the 13-point, as white's 12-point
    // holds five of black's.
    assert_eq!(
        legal(&g, &s),
        [step(1, 1), step(3, 1), step(17, 1), step(19, 1)]
    );
}

/// A piece comes in on the opponent's home board, on point 25 − n in its
/// own numbering for a die of n: its step n. White's piece enters with a 3
/// on its 22-point (`p22`), black's on its 22-point (`p3`). Coming in on a
/// blot hits it.
#[test]
fn a_piece_comes_in_on_point_25_less_the_number_in_the_opponents_home_board() {
    let g = game();
    for (n, white_cell, black_cell) in [(1, "p24", "p1"), (3, "p22", "p3"), (6, "p19", "p6")] {
        assert_eq!(cell_of(&g, WHITE, n), white_cell);
        assert_eq!(cell_of(&g, BLACK, n), black_cell);
    }
    // White in black's home board (black's steps 19..24: p19..p24).
    let white = &[(BAR, 1), (19, 14)];
    let black = &[(24, 15)];
    let mut s = position(&g, white, black, 3, 1);
    play(&g, &mut s, step(BAR, 3));
    assert_eq!(count(&s, WHITE, 3), 1);
    // Black the same in white's, onto white's blot on black's 22-point:
    // the blot is hit.
    let white = &[(facing(3), 1), (19, 14)];
    let black = &[(BAR, 1), (19, 14)];
    let mut s = build(&g, white, black, BLACK, &[3, 1]);
    assert_eq!(cell_of(&g, BLACK, 3), cell_of(&g, WHITE, facing(3)));
    play(&g, &mut s, step(BAR, 3));
    assert_eq!(count(&s, BLACK, 3), 1);
    assert_eq!(s.seat_pieces(WHITE), side(&[(BAR, 1), (19, 14)]));
}

/// A piece may not come in on a closed point: black holds white's 21-point
/// (step 4); white on the bar throws 4-2, comes in with the 2 and plays
/// the 4 with any piece.
#[test]
fn a_piece_may_not_come_in_on_a_closed_point() {
    let g = game();
    let white = &[(BAR, 1), (19, 14)];
    let black = &[(facing(4), 2), (1, 13)];
    let mut s = position(&g, white, black, 4, 2);
    let (refusal, _) = refused(&g, &mut s, step(BAR, 4));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell(&g, 4), 2));
    assert_eq!(legal(&g, &s), [step(BAR, 2)]);
    play(&g, &mut s, step(BAR, 2));
    assert_eq!(legal(&g, &s), [step(2, 4), step(19, 4)]);
}

/// A number that cannot bring the piece in is lost, and while it still
/// waits on the bar the rest of the throw is lost with it. White on the
/// bar throws 6-5 with black holding its 19 and 20-points: nothing moves,
/// though the pieces on its 6-point could. 6-6 with the 19-point closed:
/// all four 6s are lost.
#[test]
fn a_number_that_cannot_come_in_is_lost_with_the_rest_while_a_piece_waits() {
    let g = game();
    let white = &[(BAR, 1), (12, 4), (19, 10)];
    let black = &[(facing(6), 2), (facing(5), 2), (1, 11)];
    for (a, b) in [(6, 5), (6, 6)] {
        let mut s = position(&g, white, black, a, b);
        assert_eq!(legal(&g, &s), [Action::Pass], "{a}-{b}");
        let (refusal, _) = refused(&g, &mut s, step(12, b));
        assert_eq!(refusal, Refusal::StartFirst);
        play(&g, &mut s, Action::Pass);
        assert_eq!(s.seat_pieces(WHITE), side(white));
        assert_eq!(turn(&g, &s), thrower("black"));
    }
    // The 20-point open: the 5 brings it in, then the 6 moves any piece.
    let black = &[(facing(6), 2), (1, 13)];
    let mut s = position(&g, white, black, 6, 5);
    assert_eq!(legal(&g, &s), [step(BAR, 5)]);
    play(&g, &mut s, step(BAR, 5));
    assert_eq!(legal(&g, &s), [step(5, 6), step(12, 6)]);
}

/// Bringing a piece in counts like any other move for the rule of using
/// both numbers. White on the bar throws 6-5; black holds white's
/// 14-point (step 11) and 9-point (step 16). In with the 5, the 6 has no
/// move (5+6 and the 15-point piece's 10+6 land on closed points); in
/// with the 6, the 15-point piece moves the 5. Only `0+6` is offered.
/// Without that piece, either number brings it in and the other is then
/// blocked: it comes in with the larger.
#[test]
fn on_the_bar_the_number_that_lets_both_be_used_brings_the_piece_in() {
    let g = game();
    let white = &[(BAR, 1), (10, 1), (24, 13)];
    let black = &[(facing(11), 2), (facing(16), 2), (23, 11)];
    let mut s = position(&g, white, black, 6, 5);
    assert_eq!(legal(&g, &s), [step(BAR, 6)]);
    let (refusal, _) = refused(&g, &mut s, step(BAR, 5));
    assert_eq!(refusal, Refusal::MustUseMost);
    play(&g, &mut s, step(BAR, 6));
    assert_eq!(legal(&g, &s), [step(10, 5)]);
    // No other piece to move: 6 then 5 and 5 then 6 both reach the
    // closed 14-point.
    let white = &[(BAR, 1), (24, 14)];
    let black = &[(facing(11), 2), (23, 13)];
    let mut s = position(&g, white, black, 6, 5);
    assert_eq!(legal(&g, &s), [step(BAR, 6)]);
    let (refusal, _) = refused(&g, &mut s, step(BAR, 5));
    assert_eq!(refusal, Refusal::MustUseMost);
}

/// Two on the bar: both come in before anything else moves. White with two
/// on the bar throws 4-2: one comes in with each number. With the 21-point
/// closed, one comes in with the 2 and the 4 is lost, the other still
/// waiting. With 3-3, two 3s bring both in and the other two move freely.
#[test]
fn with_two_on_the_bar_both_come_in_first() {
    let g = game();
    let white = &[(BAR, 2), (12, 13)];
    let black = &[(1, 15)];
    let mut s = position(&g, white, black, 4, 2);
    assert_eq!(legal(&g, &s), [step(BAR, 2), step(BAR, 4)]);
    play(&g, &mut s, step(BAR, 4));
    assert_eq!(legal(&g, &s), [step(BAR, 2)], "the other comes in next");
    play(&g, &mut s, step(BAR, 2));
    assert_eq!(s.seat_pieces(WHITE), side(&[(2, 1), (4, 1), (12, 13)]));
    // The 21-point closed.
    let black = &[(facing(4), 2), (1, 13)];
    let mut s = position(&g, white, black, 4, 2);
    assert_eq!(legal(&g, &s), [step(BAR, 2)]);
    play(&g, &mut s, step(BAR, 2));
    assert_eq!(legal(&g, &s), [Action::Pass]);
    let (refusal, _) = refused(&g, &mut s, step(12, 4));
    assert_eq!(refusal, Refusal::StartFirst);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(WHITE), side(&[(BAR, 1), (2, 1), (12, 13)]));
    // 3-3: two in, then two free 3s.
    let black = &[(1, 15)];
    let mut s = position(&g, white, black, 3, 3);
    assert_eq!(legal(&g, &s), [step(BAR, 3)]);
    play(&g, &mut s, step(BAR, 3));
    assert_eq!(legal(&g, &s), [step(BAR, 3)]);
    play(&g, &mut s, step(BAR, 3));
    assert_eq!(legal(&g, &s), [step(3, 3), step(12, 3)]);
}

// ---------------------------------------------------------------------------
// Bearing off
// ---------------------------------------------------------------------------

/// Bearing off begins only when all fifteen pieces are in the home board
/// (steps 19..24; pieces borne off count as in). With one piece on its
/// 7-point (step 18), white's 6 may not bear off from the 6-point; after
/// the 1 brings that piece in, it may.
#[test]
fn bearing_off_only_with_all_fifteen_in_the_home_board() {
    let g = game();
    let white = &[(18, 1), (19, 4), (21, 5), (23, 5)];
    let black = &[(19, 15)];
    let mut s = position(&g, white, black, 6, 1);
    let (refusal, reason) = refused(&g, &mut s, step(19, 6));
    assert_eq!(refusal, Refusal::NotGathered);
    assert!(reason.contains("home: gather"), "{reason}");
    play(&g, &mut s, step(18, 1));
    assert!(legal(&g, &s).contains(&step(19, 6)));
    play(&g, &mut s, step(19, 6));
    assert_eq!(count(&s, WHITE, OFF), 1);
    // Ten already off and five in the home board: still all fifteen in.
    let white = &[(19, 5), (OFF, 10)];
    let mut s = position(&g, white, black, 6, 1);
    play(&g, &mut s, step(19, 6));
    assert_eq!(count(&s, WHITE, OFF), 11);
}

/// A die of n bears off a piece from point n: white throws 4-2 and bears
/// off from its 4-point (step 21) and its 2-point (step 23).
#[test]
fn a_die_of_n_bears_off_a_piece_from_point_n() {
    let g = game();
    let white = &[(19, 3), (21, 3), (23, 3), (OFF, 6)];
    let black = &[(19, 15)];
    let mut s = position(&g, white, black, 4, 2);
    assert!(legal(&g, &s).contains(&step(21, 4)));
    assert!(legal(&g, &s).contains(&step(23, 2)));
    play(&g, &mut s, step(21, 4));
    play(&g, &mut s, step(23, 2));
    assert_eq!(
        s.seat_pieces(WHITE),
        side(&[(19, 3), (21, 2), (23, 2), (OFF, 8)])
    );
}

/// A die larger than the highest occupied point bears off a piece from
/// the highest point, and from no other: white's highest pieces are on
/// its 3-point (step 22); a 6 or a 5 bears one off from there, not from
/// its 2-point.
#[test]
fn a_larger_die_bears_off_from_the_highest_point_and_only_there() {
    let g = game();
    let white = &[(22, 3), (23, 2), (OFF, 10)];
    let black = &[(19, 15)];
    let mut s = position(&g, white, black, 6, 5);
    assert_eq!(legal(&g, &s), [step(22, 5), step(22, 6)]);
    for by in [5, 6] {
        let (refusal, reason) = refused(&g, &mut s, step(23, by));
        assert_eq!(refusal, Refusal::Overshoot);
        assert!(reason.contains("home: exact"), "{reason}");
    }
    play(&g, &mut s, step(22, 6));
    play(&g, &mut s, step(22, 5));
    assert_eq!(s.seat_pieces(WHITE), side(&[(22, 1), (23, 2), (OFF, 12)]));
    // Once the 3-point is empty, the 2-point is the highest.
    let white = &[(23, 2), (OFF, 13)];
    let s = position(&g, white, black, 6, 5);
    assert_eq!(legal(&g, &s), [step(23, 5), step(23, 6)]);
}

/// A die of n with no piece on point n, and pieces on higher points, must
/// be played by a move inside the home board: white has pieces on its 6
/// and 4-points and none on its 5 or 3; the 5 moves 6/1, and cannot bear
/// off from the 4-point; the 3 moves a piece down.
#[test]
fn a_die_with_no_piece_on_its_point_and_pieces_higher_moves_inside() {
    let g = game();
    let white = &[(19, 3), (21, 2), (OFF, 10)];
    let black = &[(19, 15)];
    let mut s = position(&g, white, black, 5, 3);
    assert_eq!(legal(&g, &s), [step(19, 3), step(19, 5), step(21, 3)]);
    let (refusal, _) = refused(&g, &mut s, step(21, 5));
    assert_eq!(refusal, Refusal::Overshoot);
    play(&g, &mut s, step(19, 5));
    assert_eq!(count(&s, WHITE, 24), 1, "6/1");
    assert_eq!(count(&s, WHITE, OFF), 10, "nothing borne off");
}

/// A piece hit while its player is bearing off goes to the bar and must
/// come back round into the home board before bearing off resumes. White,
/// bearing off with three off, leaves a blot on its 5-point; black's back
/// piece hits it with a 1. White then throws 6-5: the piece comes in with
/// the 5, and the 6 cannot bear off from the 6-point while it is out.
#[test]
fn a_piece_hit_while_bearing_off_must_come_round_before_bearing_off_resumes() {
    let g = game();
    let white = &[(19, 6), (20, 1), (22, 5), (OFF, 3)];
    let black = &[(facing(21), 1), (19, 14)];
    let mut s = build(&g, white, black, BLACK, &[1, 2]);
    assert_eq!(facing(21) + 1, facing(20));
    play(&g, &mut s, step(facing(21), 1));
    assert_eq!(count(&s, WHITE, BAR), 1, "hit");
    play(&g, &mut s, step(19, 2));
    assert_eq!(turn(&g, &s), thrower("white"));
    play(&g, &mut s, throw(&g, 6, 5));
    assert_eq!(legal(&g, &s), [step(BAR, 5)], "the 19-point is closed");
    play(&g, &mut s, step(BAR, 5));
    let (refusal, _) = refused(&g, &mut s, step(19, 6));
    assert_eq!(refusal, Refusal::NotGathered);
    assert!(legal(&g, &s).contains(&step(5, 6)));
    play(&g, &mut s, step(5, 6));
    assert_eq!(count(&s, WHITE, OFF), 3);
}

// ---------------------------------------------------------------------------
// The end and the score
// ---------------------------------------------------------------------------

/// The first to bear off all fifteen wins; the game stops at once, with a
/// number still waiting. Black has borne off some: a single game, 1.
/// White's last piece, on its 1-point, could go off with the 2 or the 1 of
/// its 2-1; only one can be used, so it is the larger.
#[test]
fn the_first_to_bear_off_all_fifteen_wins_a_single_game_scoring_1() {
    let g = game();
    let white = &[(24, 1), (OFF, 14)];
    let black = &[(20, 5), (22, 5), (OFF, 5)];
    let mut s = position(&g, white, black, 2, 1);
    assert!(g.outcome(&s).is_none());
    assert_eq!(g.returns(&s), [0.0, 0.0]);
    assert_eq!(legal(&g, &s), [step(24, 2)]);
    let (refusal, _) = refused(&g, &mut s, step(24, 1));
    assert_eq!(refusal, Refusal::MustUseMost);
    play(&g, &mut s, step(24, 2));
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(g.actor(&s), Actor::Terminal);
    assert!(legal(&g, &s).is_empty());
    let outcome = g.outcome(&s).expect("the game is over");
    assert_eq!(outcome.winner, Some(WHITE as u8));
    assert_eq!(outcome.winners, [WHITE as u8]);
    assert_eq!(outcome.reason, EndReason::Finished);
    assert_eq!(outcome.scores, [1, -1]);
    assert_eq!(g.returns(&s), [1.0, -1.0]);
    assert_eq!(pool(&s), [1], "the 1 is left");
    let (refusal, _) = refused(&g, &mut s, step(OFF, 1));
    assert_eq!(refusal, Refusal::GameOver);
}

/// The score of a game won by white's last piece on its 2-point, as black
/// stands: 1 if black has borne off a piece, wherever the rest are (even
/// on the bar); a gammon, 2, if it has borne off none; a backgammon, 3, if
/// besides it has a piece on the bar or in white's home board (white's
/// 1..6-points, black's steps 1..6). A piece on white's 7-point (black's
/// step 7) is no backgammon.
fn score_when_white_wins(black: &[(u8, u8)]) -> (Vec<i32>, Vec<f64>) {
    let g = game();
    let white = &[(23, 1), (OFF, 14)];
    let mut s = position(&g, white, black, 6, 5);
    play(&g, &mut s, step(23, 6));
    let outcome = g.outcome(&s).expect("the game is over");
    assert_eq!(outcome.winner, Some(WHITE as u8));
    (outcome.scores, g.returns(&s))
}

/// A gammon: the loser has borne off none. Black, all fifteen in its home
/// board, pays 2.
#[test]
fn a_gammon_the_loser_having_borne_off_none_scores_2() {
    let (scores, returns) = score_when_white_wins(&[(19, 5), (22, 5), (24, 5)]);
    assert_eq!(scores, [2, -2]);
    assert_eq!(returns, [2.0, -2.0]);
    // A piece on white's 7-point, just outside its home board: still 2.
    let (scores, _) = score_when_white_wins(&[(7, 1), (19, 14)]);
    assert_eq!(scores, [2, -2]);
    // One borne off: a single game, though a piece is on the bar.
    let (scores, _) = score_when_white_wins(&[(BAR, 1), (19, 13), (OFF, 1)]);
    assert_eq!(scores, [1, -1]);
}

/// A backgammon: the loser has borne off none and still has a piece on
/// the bar. Black pays 3.
#[test]
fn a_backgammon_with_a_piece_on_the_bar_scores_3() {
    let (scores, returns) = score_when_white_wins(&[(BAR, 1), (19, 14)]);
    assert_eq!(scores, [3, -3]);
    assert_eq!(returns, [3.0, -3.0]);
}

/// A backgammon: the loser has borne off none and still has a piece in the
/// winner's home board. Black's piece on white's 6-point (black's step 6)
/// or 1-point (black's step 1): 3. Black winning the same way takes 3.
#[test]
fn a_backgammon_with_a_piece_in_the_winners_home_board_scores_3() {
    for at in [1, 6] {
        assert_eq!(cell_of(&game(), BLACK, at), format!("p{at}"));
        let (scores, returns) = score_when_white_wins(&[(at, 1), (19, 14)]);
        assert_eq!(scores, [3, -3], "black's step {at}");
        assert_eq!(returns, [3.0, -3.0]);
    }
    // Black wins; white has a piece on black's 2-point (white's step 2).
    let g = game();
    let white = &[(2, 1), (19, 14)];
    let black = &[(24, 1), (OFF, 14)];
    let mut s = build(&g, white, black, BLACK, &[3, 1]);
    play(&g, &mut s, step(24, 3));
    let outcome = g.outcome(&s).expect("the game is over");
    assert_eq!(outcome.winner, Some(BLACK as u8));
    assert_eq!(outcome.scores, [-3, 3]);
    assert_eq!(g.returns(&s), [-3.0, 3.0]);
}

/// So that every game ends, play stops after 5000 turns as a draw, with no
/// score: white ends turn 5000 with a pass.
#[test]
fn the_game_stops_after_5000_turns_as_a_draw() {
    let g = game();
    let white = &[(1, 1), (24, 14)];
    let black = &[(facing(3), 2), (facing(7), 2), (23, 11)];
    let mut s = position(&g, white, black, 6, 2);
    s.turns = 4999;
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.phase, Phase::Over);
    assert!(s.at_limit);
    let outcome = g.outcome(&s).expect("over at the limit");
    assert_eq!(outcome.reason, EndReason::TurnLimit);
    assert_eq!(outcome.winner, None);
    assert!(outcome.scores.is_empty());
    assert_eq!(g.returns(&s), [0.0, 0.0]);
}

// ---------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------

/// An action the rules do not allow is refused with the rule that refuses
/// it, and changes nothing (`refused` checks that the state is as it was,
/// that `Game::refusal` agrees and that the action is not listed).
#[test]
fn illegal_actions_are_refused_with_the_rule_and_change_nothing() {
    let g = game();
    let mut s = build(&g, START, START, WHITE, &[6, 5]);
    let cases = [
        (step(1, 4), Refusal::NoSuchValue),
        (step(2, 6), Refusal::NoPieces),
        (step(BAR, 6), Refusal::NoPieces),
        (Action::Pass, Refusal::MustMove),
        (throw(&g, 2, 1), Refusal::NotThrowing),
        (step(19, 6), Refusal::NotGathered),
        (step(1, 5), Refusal::LandOnBlockade(cell(&g, 6), 5)),
    ];
    for (action, expected) in cases {
        let (refusal, _) = refused(&g, &mut s, action);
        assert_eq!(refusal, expected, "{}", g.action_text(action));
    }
    let mut s = build(&g, START, START, WHITE, &[]);
    let (refusal, _) = refused(&g, &mut s, step(12, 6));
    assert_eq!(refusal, Refusal::MustThrow);
    // A piece borne off moves no more.
    let white = &[(19, 14), (OFF, 1)];
    let mut s = position(&g, white, &[(1, 15)], 2, 1);
    let (refusal, _) = refused(&g, &mut s, step(OFF, 1));
    assert_eq!(refusal, Refusal::AlreadyHome);
}

// ---------------------------------------------------------------------------
// Whole games
// ---------------------------------------------------------------------------

/// The moves of the standard rules, worked out here on their own from the
/// text, not by the engine: the mover's pieces and the opponent's counted
/// by step (each in its own numbering), and the values waiting.
struct Standard {
    me: [u8; 26],
    them: [u8; 26],
}

impl Standard {
    fn of(state: &State, mover: usize) -> Standard {
        let mut me = [0u8; 26];
        let mut them = [0u8; 26];
        for &s in state.seat_pieces(mover) {
            me[s as usize] += 1;
        }
        for &s in state.seat_pieces(1 - mover) {
            them[s as usize] += 1;
        }
        Standard { me, them }
    }

    /// Whether the piece on `from` may move `by` on its own: from the bar
    /// first; not onto a closed point; bearing off only with all fifteen
    /// in the home board, by the exact number or, from the highest point,
    /// a larger one.
    fn may(&self, from: usize, by: usize) -> bool {
        if self.me[from] == 0 || from == 25 || (self.me[0] > 0 && from != 0) {
            return false;
        }
        let to = from + by;
        if to < 25 {
            return self.them[25 - to] < 2;
        }
        let gathered = (0..19).all(|s| self.me[s] == 0);
        gathered && (to == 25 || (19..from).all(|s| self.me[s] == 0))
    }

    fn moved(&self, from: usize, by: usize) -> Standard {
        let mut next = Standard {
            me: self.me,
            them: self.them,
        };
        let to = (from + by).min(25);
        next.me[from] -= 1;
        next.me[to] += 1;
        if to < 25 && next.them[25 - to] == 1 {
            next.them[25 - to] = 0;
            next.them[0] += 1;
        }
        next
    }

    /// The most of `values` that can be used one after another.
    fn most(&self, values: &[u8]) -> usize {
        if self.me[25] == 15 {
            return 0;
        }
        let mut best = 0;
        for (i, &v) in values.iter().enumerate() {
            if values[..i].contains(&v) {
                continue;
            }
            let mut rest = values.to_vec();
            rest.remove(i);
            for from in 0..25 {
                if self.may(from, v as usize) {
                    best = best.max(1 + self.moved(from, v as usize).most(&rest));
                    if best == values.len() {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// The legal actions: the moves after which the most values can be
    /// used; where only one can be, the larger; `pass` where none can.
    fn legal(&self, values: &[u8]) -> Vec<Action> {
        let most = self.most(values);
        if most == 0 {
            return vec![Action::Pass];
        }
        let mut moves = Vec::new();
        for (i, &v) in values.iter().enumerate() {
            let mut rest = values.to_vec();
            rest.remove(i);
            for from in 0..25 {
                if self.may(from, v as usize)
                    && 1 + self.moved(from, v as usize).most(&rest) == most
                {
                    moves.push(step(from as u8, v));
                }
            }
        }
        if most == 1 {
            let larger = moves.iter().filter_map(|a| match a {
                Action::Move { by, .. } => Some(*by),
                _ => None,
            });
            let top = larger.max().unwrap_or(0);
            moves.retain(|a| matches!(a, Action::Move { by, .. } if *by == top));
        }
        moves.sort();
        moves.dedup();
        moves
    }
}

/// Random games, with the moves worked out on their own from the rules:
/// in every position where a seat moves, the legal actions (which the
/// engine's two paths list alike) are the moves the standard rules allow;
/// the first throw is never a double and a double gives four values;
/// every game ends with one seat's fifteen pieces off and the score its
/// rule gives (1, 2 or 3 as the loser has borne off a piece, none, or
/// none with a piece on the bar or in the winner's home board).
#[test]
fn random_games_offer_the_moves_of_the_rules_and_end_with_the_right_score() {
    let g = game();
    let mut rng = Lcg(5);
    let mut checked = 0;
    let mut points_seen = [0; 4];
    for _ in 0..200 {
        let mut s = g.new_initial_state();
        let mut first_throw = true;
        while g.actor(&s) != Actor::Terminal {
            let action = if s.phase == Phase::Move {
                let values = pool(&s);
                let expected = Standard::of(&s, g.mover(&s)).legal(&values);
                let actions = legal(&g, &s);
                assert_eq!(actions, expected, "{s:?}");
                checked += 1;
                actions[rng.below(actions.len() as u64) as usize]
            } else {
                // Each chance alike, so that doubles come often.
                let chances = g.chance_actions(&s);
                chances[rng.below(chances.len() as u64) as usize].0
            };
            play(&g, &mut s, action);
            if let Action::Throw(i) = action {
                let o = &g.chance_outcomes()[i as usize];
                assert!(!(first_throw && o.doubles), "a double first");
                first_throw = false;
                if s.phase == Phase::Move {
                    assert_eq!(s.pool.len(), if o.doubles { 4 } else { 2 });
                }
            }
        }
        let outcome = g.outcome(&s).expect("over");
        assert_eq!(outcome.reason, EndReason::Finished);
        let winner = outcome.winners[0] as usize;
        let loser = 1 - winner;
        assert!(s.seat_pieces(winner).iter().all(|&st| st == OFF));
        let theirs = s.seat_pieces(loser);
        // On the bar or in the winner's home board: the loser's own steps
        // 0 and 1..6.
        let points = match (theirs.contains(&OFF), theirs.iter().any(|&st| st <= 6)) {
            (true, _) => 1,
            (false, false) => 2,
            (false, true) => 3,
        };
        let mut expected = vec![0; 2];
        expected[winner] = points;
        expected[loser] = -points;
        assert_eq!(outcome.scores, expected);
        assert_eq!(g.returns(&s), [expected[0] as f64, expected[1] as f64]);
        points_seen[points as usize] += 1;
    }
    assert!(checked > 20_000, "{checked}");
    assert!(points_seen[1..].iter().all(|&n| n > 0), "{points_seen:?}");
}

// ---------------------------------------------------------------------------
// House rule: the doubling cube (variants/house/backgammon-cube.variant)
// ---------------------------------------------------------------------------

fn cube_game() -> Game {
    Game::bundled("house/backgammon-cube", Some(2)).unwrap()
}

/// The starting position, turn 2 of the game, with the stake as given:
/// doubled `doublings` times, held by `holder` (a seat index plus one, 0
/// for nobody), `mover` about to throw.
fn cube_position(game: &Game, mover: usize, doublings: u8, holder: u8) -> State {
    let mut state = build(game, START, START, mover, &[]);
    state.stake.doublings = doublings;
    state.stake.holder = holder;
    assert_eq!(game.validate(&state), Ok(()));
    state
}

/// The cube: before its throw, the player to move may offer to double the
/// stake ("a player may offer to double the stakes before throwing"), or
/// throw without: `double` or `roll`. The throw waits for the choice.
#[test]
fn cube_before_its_throw_a_player_may_offer_to_double() {
    let g = cube_game();
    let s = cube_position(&g, WHITE, 0, 0);
    assert_eq!(g.actor(&s), Actor::Seat(g.seats()[WHITE]));
    assert_eq!(legal(&g, &s), [Action::Double, Action::Roll]);
    assert!(g.chance_actions(&s).is_empty());
    let refusal = g.refusal(&s, throw(&g, 3, 1)).unwrap();
    assert_eq!(refusal, Refusal::StakeFirst);
    // Rolling: the dice are thrown, and no offer comes again this turn.
    let mut rolled = s.clone();
    play(&g, &mut rolled, Action::Roll);
    assert_eq!(g.actor(&rolled), Actor::Chance);
    assert_eq!(legal(&g, &rolled).len(), 21);
    assert_eq!(
        g.refusal(&rolled, Action::Double),
        Some(Refusal::NoOffer),
        "one offer a turn, before the throw"
    );
}

/// "the other accepts": black takes, the stake is doubled, black alone may
/// offer the next double, and white throws. In black's next turn it may
/// double; white may not in its own.
#[test]
fn cube_a_taken_double_doubles_the_stake_and_passes_the_cube() {
    let g = cube_game();
    let mut s = cube_position(&g, WHITE, 0, 0);
    play(&g, &mut s, Action::Double);
    assert_eq!(g.actor(&s), Actor::Seat(g.seats()[BLACK]));
    assert_eq!(legal(&g, &s), [Action::Take, Action::Drop]);
    play(&g, &mut s, Action::Take);
    assert_eq!(s.stake.multiple(), 2);
    assert_eq!(s.stake.holder as usize, BLACK + 1);
    assert_eq!(g.actor(&s), Actor::Chance, "white throws");
    // Black holds the cube: it may double in its turn, white not in its.
    let black_turn = cube_position(&g, BLACK, 1, BLACK as u8 + 1);
    assert_eq!(legal(&g, &black_turn), [Action::Double, Action::Roll]);
    let white_turn = cube_position(&g, WHITE, 1, BLACK as u8 + 1);
    assert_eq!(g.actor(&white_turn), Actor::Chance);
    assert_eq!(
        g.refusal(&white_turn, Action::Double),
        Some(Refusal::NoOffer)
    );
}

/// "or resigns": black drops the offer and loses at the stake as it
/// stood before the offer: 2 where the stake had been doubled once.
#[test]
fn cube_a_dropped_double_loses_the_game_at_the_stake_as_it_stood() {
    let g = cube_game();
    let mut s = cube_position(&g, WHITE, 1, WHITE as u8 + 1);
    play(&g, &mut s, Action::Double);
    play(&g, &mut s, Action::Drop);
    assert!(g.is_terminal(&s));
    let outcome = g.outcome(&s).unwrap();
    assert_eq!(outcome.reason, EndReason::Dropped);
    assert_eq!(outcome.winners, [WHITE as u8]);
    assert_eq!(outcome.scores, [2, -2]);
    assert_eq!(g.returns(&s), [2.0, -2.0]);
}

/// A game played out counts its single game, gammon or backgammon times
/// the stake: white bears off its last piece with the stake at 4; black,
/// with none borne off and one on the bar, pays 3 × 4.
#[test]
fn cube_a_backgammon_counts_three_times_the_stake() {
    let g = cube_game();
    let black = &[(BAR, 1), (12, 14)];
    let mut s = build(&g, &[(24, 1), (OFF, 14)], black, WHITE, &[2, 1]);
    s.stake.doublings = 2;
    s.stake.holder = BLACK as u8 + 1;
    s.stake.offer = pachisi::Offer::Decided;
    assert_eq!(g.validate(&s), Ok(()));
    play(&g, &mut s, step(24, 2));
    let outcome = g.outcome(&s).unwrap();
    assert_eq!(outcome.scores, [12, -12]);
}

/// The cube goes up to 64: at 64 no more offers are made.
#[test]
fn cube_no_offer_past_sixty_four() {
    let g = cube_game();
    let s = cube_position(&g, WHITE, 6, WHITE as u8 + 1);
    assert_eq!(s.stake.multiple(), 64);
    assert_eq!(g.actor(&s), Actor::Chance);
}

/// The game's first throw is the two dice thrown to begin: no offer
/// comes before it; the first offer comes in the second turn.
#[test]
fn cube_no_offer_before_the_opening_throw() {
    let g = cube_game();
    let mut s = g.new_initial_state();
    play(&g, &mut s, Action::Begin(BLACK as u8));
    assert_eq!(g.actor(&s), Actor::Chance);
    assert_eq!(legal(&g, &s).len(), 15);
    play(&g, &mut s, throw(&g, 1, 3));
    while s.phase == Phase::Move {
        let a = legal(&g, &s)[0];
        play(&g, &mut s, a);
    }
    assert_eq!(g.mover(&s), WHITE);
    assert_eq!(legal(&g, &s), [Action::Double, Action::Roll]);
}

/// The stake is kept in a saved state and read back; a stake that the
/// rules cannot give is refused with the reason.
#[test]
fn cube_the_stake_is_saved_and_read_back() {
    let g = cube_game();
    let mut s = cube_position(&g, WHITE, 0, 0);
    play(&g, &mut s, Action::Double);
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.contains("\"offer\":\"offered\""), "{json}");
    assert_eq!(g.load_state(&json).unwrap(), s);
    let bad = json.replace("\"doublings\":0", "\"doublings\":9");
    assert!(g.load_state(&bad).is_err());
    // The base game has no stake to double.
    let base = game();
    let err = base.load_state(&json).unwrap_err().to_string();
    assert!(err.contains("doubling"), "{err}");
    assert_eq!(
        base.refusal(&build(&base, START, START, WHITE, &[]), Action::Double),
        Some(Refusal::NoOffer)
    );
}
