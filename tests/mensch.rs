//! Rule tests for Mensch ärgere Dich nicht (variants/mensch.variant), one
//! test per rule of docs/games/mensch.md.
//!
//! Positions are written as the track steps of each playing seat's four
//! pieces (0 = on the B squares, 1 = on the seat's A square, 40 = the
//! square before A, 41..43 = goal squares a..c, 44 = goal square d, home)
//! and the die values waiting to be used. Yellow's A square is a5; its
//! goal squares are b6, c6, d6 and e6.

use pachisi::{Action, Actor, EndReason, Game, Phase, Refusal, State};

mod common;
use common::{assert_no_table, cell_of, load_position, one_die, play, refused, step_at, throw_of};

const HOME: u8 = 44;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game(players: usize) -> Game {
    Game::bundled("mensch", Some(players)).unwrap()
}

/// A position in a game under way (every seat has brought a piece out
/// before): for each playing seat in turn order the steps of its four
/// pieces (any order), the seat to move, and the die values waiting to be
/// used (none: the seat is about to throw).
fn position(game: &Game, pieces: &[&[u8]], mover: usize, pool: &[u8]) -> State {
    state(game, pieces, mover, pool, true)
}

/// The same, at the very start: no seat has brought a piece out yet.
fn at_the_start(game: &Game, pieces: &[&[u8]], mover: usize, pool: &[u8]) -> State {
    state(game, pieces, mover, pool, false)
}

fn state(game: &Game, pieces: &[&[u8]], mover: usize, pool: &[u8], under_way: bool) -> State {
    load_position(game, pieces, mover, &one_die(pool, 6), under_way)
}

// ---------------------------------------------------------------------------
// Players and seats
// ---------------------------------------------------------------------------

#[test]
fn two_players_sit_opposite_three_and_four_go_clockwise_each_alone() {
    let two = game(2);
    assert_eq!((two.seat_name(0), two.seat_name(1)), ("yellow", "red"));
    let three = game(3);
    let names: Vec<&str> = (0..3).map(|i| three.seat_name(i)).collect();
    assert_eq!(names, ["yellow", "green", "red"]);
    let four = game(4);
    let names: Vec<&str> = (0..4).map(|i| four.seat_name(i)).collect();
    assert_eq!(names, ["yellow", "green", "red", "black"]);
    for g in [&two, &three, &four] {
        assert_eq!(g.side_count(), g.players(), "no teams");
        let s = g.new_initial_state();
        for seat in 0..g.players() {
            assert_eq!(s.seat_pieces(seat), &[0, 0, 0, 1], "three on B, one on A");
        }
    }
    assert_no_table("mensch", 1, "2, 3 or 4");
    assert_no_table("mensch", 5, "2, 3 or 4");
}

// ---------------------------------------------------------------------------
// The board and the track
// ---------------------------------------------------------------------------

#[test]
fn pieces_go_clockwise_round_the_40_squares_from_a_into_their_four_goal_squares() {
    let g = game(4);
    let yellow: Vec<String> = (0..=HOME).map(|s| cell_of(&g, 0, s)).collect();
    assert_eq!(yellow[0], "yellow_b");
    assert_eq!(yellow[1], "a5", "the A square");
    assert_eq!(&yellow[1..=5], ["a5", "b5", "c5", "d5", "e5"]);
    assert_eq!(&yellow[6..=10], ["e4", "e3", "e2", "e1", "f1"]);
    assert_eq!(yellow[40], "a6", "the square before A");
    assert_eq!(
        &yellow[41..=44],
        ["b6", "c6", "d6", "e6"],
        "goal squares a to d"
    );
    // The circuit: 40 squares, each passed once.
    let mut circuit = yellow[1..=40].to_vec();
    circuit.sort();
    circuit.dedup();
    assert_eq!(circuit.len(), 40);
    // Nobody else's track enters yellow's goal squares.
    for seat in 1..4 {
        for goal in &yellow[41..=44] {
            assert!((0..=HOME).all(|s| &cell_of(&g, seat, s) != goal));
        }
    }
    // The middle of the board is no square.
    assert!(g.rules().board.cell_named("f6").is_none());
}

#[test]
fn the_a_squares_are_ten_squares_apart() {
    let g = game(4);
    let a: Vec<String> = (0..4).map(|seat| cell_of(&g, seat, 1)).collect();
    assert_eq!(a, ["a5", "g1", "k7", "e11"]);
    for (seat, square) in a.iter().enumerate() {
        assert_eq!(step_at(&g, 0, square), 1 + 10 * seat as u8);
    }
}

#[test]
fn one_die_of_six_faces_and_only_a_6_throws_again() {
    let g = game(2);
    let labels: Vec<&str> = g
        .chance_outcomes()
        .iter()
        .map(|o| o.label.as_str())
        .collect();
    assert_eq!(labels, ["1", "2", "3", "4", "5", "6"]);
    let again: Vec<bool> = g.chance_outcomes().iter().map(|o| o.again).collect();
    assert_eq!(again, [false, false, false, false, false, true]);
}

// ---------------------------------------------------------------------------
// Coming out
// ---------------------------------------------------------------------------

#[test]
fn each_colour_begins_with_one_piece_on_its_a_square() {
    let g = game(2);
    let s = g.new_initial_state();
    for seat in 0..2 {
        assert_eq!(s.seat_pieces(seat), &[0, 0, 0, 1], "three on B, one on A");
    }
    assert_eq!(cell_of(&g, 0, 1), "a5", "yellow's A square");
    // Yellow's first throw, a 4: the piece on A moves on (it must leave A
    // while pieces wait on B).
    let mut s = at_the_start(&g, &[&[0, 0, 0, 1], &[0, 0, 0, 1]], 0, &[4]);
    assert_eq!(g.legal_actions(&s), [Action::step(1, 4)]);
    play(&g, &mut s, Action::step(1, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 5]);
}

#[test]
fn later_pieces_come_out_only_on_a_6() {
    let g = game(2);
    // Yellow's pieces were all taken back to B; yellow threw 5: nothing moves.
    let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 20]], 0, &[5]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let (refusal, _) = refused(&g, &mut s, Action::step(0, 5));
    assert!(matches!(refusal, Refusal::EntryValue { .. }), "{refusal:?}");
    // A 6 brings one out onto a5.
    let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 20]], 0, &[6]);
    play(&g, &mut s, Action::step(0, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 1]);
    assert_eq!(
        (g.mover(&s), s.phase),
        (0, Phase::Throw),
        "and throws again"
    );
}

#[test]
fn a_6_must_bring_a_piece_out_while_one_waits_and_a_is_free() {
    let g = game(2);
    // Yellow: a piece at step 10, three on B; yellow threw 6.
    let mut s = position(&g, &[&[0, 0, 0, 10], &[0, 0, 0, 20]], 0, &[6]);
    assert_eq!(g.legal_actions(&s), [Action::step(0, 6)]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(10, 6));
    assert_eq!(refusal, Refusal::MustEnter);
    assert!(reason.contains("entry: forced"), "{reason}");
}

#[test]
fn the_a_square_must_be_vacated_while_pieces_wait_on_b() {
    let g = game(2);
    // Yellow: pieces on a5 (step 1) and step 10, two on B; yellow threw 6.
    // The 6 cannot bring a piece out (A is taken), and the piece on A must
    // move on first (entry: clear_start).
    let mut s = position(&g, &[&[0, 0, 1, 10], &[0, 0, 0, 20]], 0, &[6]);
    let (refusal, _) = refused(&g, &mut s, Action::step(0, 6));
    assert!(matches!(refusal, Refusal::CellFull(_)));
    assert_eq!(g.legal_actions(&s), [Action::step(1, 6)]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(10, 6));
    assert_eq!(refusal, Refusal::MustClearStart);
    assert!(reason.contains("moves on first"), "{reason}");
    // Any other throw too: with a 3, the piece on A moves.
    let s = position(&g, &[&[0, 0, 1, 10], &[0, 0, 0, 20]], 0, &[3]);
    assert_eq!(g.legal_actions(&s), [Action::step(1, 3)]);
    // With nobody waiting on B, any piece may move.
    let s = position(&g, &[&[1, 10, 20, 30], &[0, 0, 0, 25]], 0, &[3]);
    assert_eq!(
        g.legal_actions(&s),
        [
            Action::step(1, 3),
            Action::step(10, 3),
            Action::step(20, 3),
            Action::step(30, 3)
        ]
    );
}

#[test]
fn a_piece_coming_out_onto_a_takes_a_foreign_piece_there() {
    let g = game(2);
    // Red has a piece on yellow's A square a5; yellow comes out with a 6.
    let a5 = step_at(&g, 1, "a5");
    let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, a5]], 0, &[6]);
    play(&g, &mut s, Action::step(0, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 1]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, 0]);
}

// ---------------------------------------------------------------------------
// Throwing again
// ---------------------------------------------------------------------------

#[test]
fn a_6_gives_another_throw_however_many_come_in_a_row() {
    let g = game(2);
    // Yellow has every piece out; the leader moves on each 6.
    let mut s = position(&g, &[&[2, 3, 4, 5], &[0, 0, 0, 20]], 0, &[]);
    for lead in [5, 11, 17, 23, 29] {
        play(&g, &mut s, throw_of(&g, 6));
        play(&g, &mut s, Action::step(lead, 6));
        assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw), "from {lead}");
    }
    assert_eq!(s.seat_pieces(0), &[2, 3, 4, 35]);
    // The sixth throw in a row is thrown too; a 2 ends the turn once used.
    play(&g, &mut s, throw_of(&g, 2));
    play(&g, &mut s, Action::step(35, 2));
    assert_eq!(g.seat_name(g.mover(&s)), "red");
}

// ---------------------------------------------------------------------------
// One piece a square, capture, jumping
// ---------------------------------------------------------------------------

#[test]
fn own_pieces_cannot_share_a_square() {
    let g = game(2);
    // Yellow: pieces at steps 10 and 13; yellow threw 3.
    let mut s = position(&g, &[&[0, 0, 10, 13], &[0, 0, 0, 25]], 0, &[3]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(10, 3));
    assert!(matches!(refusal, Refusal::CellFull(_)));
    assert!(reason.contains("own_max"), "{reason}");
    assert_eq!(g.legal_actions(&s), [Action::step(13, 3)]);
}

#[test]
fn landing_on_a_foreign_piece_sends_it_back_to_its_b_squares() {
    let g = game(2);
    // Red: a piece on e3 (yellow's step 7). Yellow at step 4 throws 3.
    let e3 = step_at(&g, 1, "e3");
    assert_eq!(cell_of(&g, 0, 7), "e3");
    let mut s = position(&g, &[&[0, 0, 0, 4], &[0, 0, 0, e3]], 0, &[3]);
    play(&g, &mut s, Action::step(4, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 7]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, 0]);
    assert_eq!(g.seat_name(g.mover(&s)), "red", "no extra throw");
}

#[test]
fn no_square_is_safe() {
    let g = game(4);
    assert!(g.rules().capture.safe.is_empty());
    // Not even a foreign A square: yellow lands on green's A square g1 and takes.
    let g1 = step_at(&g, 1, "g1");
    assert_eq!(g1, 1);
    let mut s = position(
        &g,
        &[&[0, 0, 0, 8], &[0, 0, 0, 1], &[0; 4], &[0; 4]],
        0,
        &[3],
    );
    play(&g, &mut s, Action::step(8, 3));
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, 0]);
}

#[test]
fn pieces_may_be_jumped_own_and_foreign() {
    let g = game(2);
    // Yellow: pieces at 10 and 12. Red: a piece on yellow's step 13 (g2 is 12).
    let at_13 = step_at(&g, 1, &cell_of(&g, 0, 13));
    let mut s = position(&g, &[&[0, 0, 10, 12], &[0, 0, 0, at_13]], 0, &[5]);
    play(&g, &mut s, Action::step(10, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 12, 15]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, at_13], "jumped, not taken");
}

#[test]
fn capturing_is_not_compulsory() {
    let g = game(2);
    // Yellow at 4 could take red on step 7 with a 3, or move its piece at 20.
    let e3 = step_at(&g, 1, "e3");
    let mut s = position(&g, &[&[0, 0, 4, 20], &[0, 0, 0, e3]], 0, &[3]);
    assert_eq!(
        g.legal_actions(&s),
        [Action::step(4, 3), Action::step(20, 3)]
    );
    play(&g, &mut s, Action::step(20, 3));
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, e3]);
}

#[test]
fn a_throw_that_can_be_used_must_be_used() {
    let g = game(2);
    let mut s = position(&g, &[&[0, 0, 0, 10], &[0, 0, 0, 20]], 0, &[2]);
    let (refusal, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
}

// ---------------------------------------------------------------------------
// The goal
// ---------------------------------------------------------------------------

#[test]
fn a_piece_goes_from_the_square_before_a_into_its_goal_not_round_again() {
    let g = game(2);
    // Yellow at step 38 (b7) throws 4: past a6 into goal square b (c6).
    let mut s = position(&g, &[&[0, 0, 0, 38], &[0, 0, 0, 20]], 0, &[4]);
    play(&g, &mut s, Action::step(38, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 42]);
    assert_eq!(cell_of(&g, 0, 42), "c6");
}

#[test]
fn the_goal_squares_take_exact_throws_only() {
    let g = game(2);
    // Yellow at step 42 (c6), two from d; a 3 is too many.
    let mut s = position(&g, &[&[0, 0, 0, 42], &[0, 0, 0, 20]], 0, &[3]);
    let (refusal, _) = refused(&g, &mut s, Action::step(42, 3));
    assert_eq!(refusal, Refusal::Overshoot);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let mut s = position(&g, &[&[0, 0, 0, 42], &[0, 0, 0, 20]], 0, &[2]);
    play(&g, &mut s, Action::step(42, 2));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, HOME]);
}

#[test]
fn pieces_may_jump_inside_the_goal_but_not_share_a_goal_square() {
    let g = game(2);
    // Yellow: goal squares a (41) and b (42) held; a 3 takes the piece on a to d.
    let mut s = position(&g, &[&[0, 0, 41, 42], &[0, 0, 0, 20]], 0, &[3]);
    play(&g, &mut s, Action::step(41, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 42, HOME]);
    // A 1 from a to the held b is refused.
    let mut s = position(&g, &[&[0, 0, 41, 42], &[0, 0, 0, 20]], 0, &[1]);
    let (refusal, _) = refused(&g, &mut s, Action::step(41, 1));
    assert!(matches!(refusal, Refusal::CellFull(_)));
}

#[test]
fn each_goal_square_holds_one_piece_d_too() {
    let g = game(2);
    // Yellow holds goal square d (44); the piece on b (42) may not go there
    // with a 2, but a 1 takes it to c.
    let mut s = position(&g, &[&[0, 0, 42, HOME], &[0, 0, 0, 20]], 0, &[2]);
    let (refusal, _) = refused(&g, &mut s, Action::step(42, 2));
    assert_eq!(
        refusal,
        Refusal::CellFull(g.rules().board.cell_named("e6").unwrap())
    );
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let mut s = position(&g, &[&[0, 0, 42, HOME], &[0, 0, 0, 20]], 0, &[1]);
    play(&g, &mut s, Action::step(42, 1));
    assert_eq!(s.seat_pieces(0), &[0, 0, 43, HOME]);
    // Two pieces on d is no position of this game.
    let json = serde_json::to_string(&position(&g, &[&[0, 0, 42, HOME], &[0, 0, 0, 20]], 0, &[1]))
        .unwrap()
        .replace("[0,0,42,44]", "[0,0,44,44]");
    let err = g.load_state(&json).expect_err("refused").to_string();
    assert_eq!(
        err,
        "the saved state is impossible in Mensch ärgere Dich nicht: \
         yellow has 2 pieces on e6, more than the 1 one seat may have on a cell"
    );
}

#[test]
fn the_first_with_all_four_pieces_in_the_goal_wins() {
    let g = game(4);
    // Red: goal squares b, c and d filled, one piece on the square before
    // its A square (step 40); red threw 1, which fills goal square a.
    let mut s = position(
        &g,
        &[&[0, 0, 0, 30], &[0, 0, 0, 5], &[40, 42, 43, HOME], &[0; 4]],
        2,
        &[1],
    );
    assert!(g.outcome(&s).is_none());
    play(&g, &mut s, Action::step(40, 1));
    assert_eq!(s.seat_pieces(2), &[41, 42, 43, HOME]);
    assert_eq!(g.actor(&s), Actor::Terminal);
    let outcome = g.outcome(&s).unwrap();
    assert_eq!(outcome.winners, [2]);
    assert_eq!(outcome.reason, EndReason::Finished);
}

#[test]
fn everyone_first_throws_for_who_begins() {
    let g = game(3);
    let start = g.new_initial_state();
    assert_eq!(start.phase, Phase::Opening);
    assert_eq!(
        g.chance_actions(&start),
        (0..3).map(|i| (Action::Begin(i), 1)).collect::<Vec<_>>()
    );
    let mut s = start.clone();
    play(&g, &mut s, Action::Begin(1));
    assert_eq!(g.seat_name(g.mover(&s)), "green");
    // Green's first throw moves its piece on the A square g1.
    play(&g, &mut s, throw_of(&g, 4));
    assert_eq!(g.legal_actions(&s), [Action::step(1, 4)]);
}

#[test]
fn three_tries_house_rule_a_colour_with_no_piece_on_its_way_throws_three_times() {
    let g = Game::bundled("house/mensch-three-tries", Some(2)).unwrap();
    // Every piece begins on B.
    assert_eq!(g.new_initial_state().seat_pieces(0), &[0, 0, 0, 0]);
    // Yellow, all on B, throws 3: nothing moves; it throws again, twice more.
    let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 20]], 0, &[3]);
    for tried in 1..=2 {
        play(&g, &mut s, Action::Pass);
        assert_eq!(
            (g.mover(&s), s.phase),
            (0, Phase::Throw),
            "try {}",
            tried + 1
        );
        play(&g, &mut s, throw_of(&g, 2));
        assert_eq!(g.legal_actions(&s), [Action::Pass]);
    }
    // The third throw moved nothing either: the turn passes to red.
    play(&g, &mut s, Action::Pass);
    assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw));
    // A colour with a piece on its way throws once.
    let mut s = position(&g, &[&[0, 0, 0, 38], &[0, 0, 0, 20]], 0, &[3]);
    play(&g, &mut s, Action::step(38, 3));
    assert_eq!(g.mover(&s), 1);
    let mut s = position(&g, &[&[0, 0, 0, 42], &[0, 0, 0, 20]], 0, &[5]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(
        (g.mover(&s), s.phase),
        (0, Phase::Throw),
        "goal pieces are not on the way"
    );
}

#[test]
fn three_tries_house_rule_a_saved_state_with_more_tries_than_three_is_refused() {
    // A colour with no piece on its way throws at most three times
    // (turn: tries = 3): a saved state that counts three tries already
    // made, or any count up to the largest it can write, is impossible.
    let g = Game::bundled("house/mensch-three-tries", Some(2)).unwrap();
    let state = |tried: u8| {
        format!(
            r#"{{"pieces":[[0,0,0,0],[0,0,0,20]],"mover":0,"phase":"throw","pool":[],"extra":0,"tried":{tried},"entered":[false,true],"turns":3,"finished":[],"at_limit":false}}"#
        )
    };
    for tried in [3u8, 255] {
        let err = g.load_state(&state(tried)).unwrap_err().to_string();
        assert!(
            err.contains(&format!(
                "it counts {} throws tried this turn, but the rules allow 3 (turn: tries)",
                u16::from(tried) + 1
            )),
            "{err}"
        );
    }
    assert!(g.load_state(&state(2)).is_ok(), "the third try");
}

// ---------------------------------------------------------------------------
// The pictures in docs/games/mensch.md
// ---------------------------------------------------------------------------

#[test]
fn a_saved_state_with_two_own_pieces_on_one_square_is_refused() {
    // One piece of a colour per square (stacks: own_max = 1).
    let g = pachisi::Game::bundled("mensch", Some(2)).unwrap();
    let n = g.rules().pieces_per_seat as usize;
    let mut red = vec![0u8; n];
    red[n - 1] = 5;
    red[n - 2] = 5;
    red.sort_unstable();
    let json = serde_json::json!({
        "pieces": [red, vec![0u8; n]],
        "mover": 0, "phase": "throw", "pool": [], "extra": 0,
        "entered": [true, false], "turns": 3, "finished": [], "at_limit": false,
    });
    let err = g.load_state(&json.to_string()).unwrap_err().to_string();
    assert!(err.contains("more than the 1 one seat may have"), "{err}");
}

// ---------------------------------------------------------------------------
// House rule: no jumping in the goal
// ---------------------------------------------------------------------------

fn no_jumping_in_goal(players: usize) -> Game {
    Game::bundled("house/mensch-no-jumping-in-goal", Some(players)).unwrap()
}

/// The house rule `stacks { jump = not_own  jump_in = goal_squares }`: a
/// piece may not pass one of its own on a goal square. Yellow: goal
/// square b (step 42, c6) held, and a piece on a6 (step 40) throws 3: it
/// would pass a and b on its way to c, and is refused, the reason naming
/// c6; a 1 into goal square a, short of the piece, is allowed. In the
/// printed rules (`variants/mensch.variant`) the same 3 is allowed.
#[test]
fn no_jumping_house_rule_a_piece_may_not_pass_its_own_in_the_goal() {
    let g = no_jumping_in_goal(2);
    let mut s = position(&g, &[&[0, 0, 40, 42], &[0, 0, 0, 10]], 0, &[3]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(40, 3));
    assert_eq!(refusal, Refusal::PiecePassed(g.track(0).cell(42)));
    assert!(
        reason.contains("c6") && reason.contains("jump = not_own"),
        "{reason}"
    );
    // 42+3 goes past d: nothing can move.
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let mut s = position(&g, &[&[0, 0, 40, 42], &[0, 0, 0, 10]], 0, &[1]);
    play(&g, &mut s, Action::step(40, 1));
    assert_eq!(s.seat_pieces(0), &[0, 0, 41, 42]);

    let printed = game(2);
    let mut s = position(&printed, &[&[0, 0, 40, 42], &[0, 0, 0, 10]], 0, &[3]);
    play(&printed, &mut s, Action::step(40, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 42, 43]);
}

/// Inside the goal too: a piece on goal square a (41) with its own on c
/// (43) may move up to b with a 1, not to d with a 3, which passes c.
#[test]
fn no_jumping_house_rule_pieces_in_the_goal_close_up_behind_their_own() {
    let g = no_jumping_in_goal(2);
    let mut s = position(&g, &[&[0, 0, 41, 43], &[0, 0, 0, 10]], 0, &[3]);
    let (refusal, _) = refused(&g, &mut s, Action::step(41, 3));
    assert_eq!(refusal, Refusal::PiecePassed(g.track(0).cell(43)));
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let mut s = position(&g, &[&[0, 0, 41, 43], &[0, 0, 0, 10]], 0, &[1]);
    assert_eq!(
        g.legal_actions(&s),
        [Action::step(41, 1), Action::step(43, 1)]
    );
    play(&g, &mut s, Action::step(41, 1));
    assert_eq!(s.seat_pieces(0), &[0, 0, 42, 43]);
}

/// Off the goal squares the printed rule stands: own and foreign pieces on
/// the circuit are jumped.
#[test]
fn no_jumping_house_rule_pieces_on_the_circuit_are_still_jumped() {
    let g = no_jumping_in_goal(2);
    let at_13 = step_at(&g, 1, &cell_of(&g, 0, 13));
    let mut s = position(&g, &[&[0, 0, 10, 12], &[0, 0, 0, at_13]], 0, &[5]);
    play(&g, &mut s, Action::step(10, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 12, 15]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, at_13], "jumped, not taken");
}
