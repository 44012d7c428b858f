//! Rule tests for Ludo (variants/ludo.variant), one test per rule of
//! docs/games/ludo.md.
//!
//! Positions are written as the track steps of each playing seat's four
//! pieces (0 = in the yard, 1 = on the seat's start square, 57 = home in the
//! centre) and the die values waiting to be used. Red's start square is b7;
//! its steps 1..51 go clockwise round the circuit to a8, the tip of its own
//! arm, 52..56 are its home column b8..f8, and 57 is the centre.

use pachisi::{Action, Actor, EndReason, Game, Phase, Refusal, State};

mod common;
use common::{assert_no_table, cell_of, load_position, one_die, play, refused, step_at, throw_of};

const HOME: u8 = 57;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game(players: usize) -> Game {
    Game::bundled("ludo", Some(players)).unwrap()
}

/// A position: for each playing seat in turn order the steps of its four
/// pieces (any order), the seat to move, and the die values waiting to be
/// used (none: the seat is about to throw). Each waiting 6 has earned one
/// throw still to come and counts as one 6 in a row this turn.
fn position(game: &Game, pieces: &[&[u8]], mover: usize, pool: &[u8]) -> State {
    load_position(game, pieces, mover, &one_die(pool, 6), false)
}

// ---------------------------------------------------------------------------
// Players and seats
// ---------------------------------------------------------------------------

#[test]
fn two_players_sit_opposite_three_and_four_go_clockwise_each_alone() {
    let two = game(2);
    assert_eq!((two.seat_name(0), two.seat_name(1)), ("red", "yellow"));
    let three = game(3);
    let names: Vec<&str> = (0..3).map(|i| three.seat_name(i)).collect();
    assert_eq!(names, ["red", "green", "yellow"]);
    let four = game(4);
    let names: Vec<&str> = (0..4).map(|i| four.seat_name(i)).collect();
    assert_eq!(names, ["red", "green", "yellow", "blue"]);
    for g in [&two, &three, &four] {
        assert_eq!(g.side_count(), g.players(), "no teams");
        // Four pieces each, all in the yard at the start.
        let s = g.new_initial_state();
        for seat in 0..g.players() {
            assert_eq!(s.seat_pieces(seat), &[0, 0, 0, 0]);
        }
    }
    assert_no_table("ludo", 1, "2, 3 or 4");
    assert_no_table("ludo", 5, "2, 3 or 4");
    let refusal = Game::bundled("ludo", Some(1)).err().map(|e| e.to_string());
    assert_eq!(
        refusal.as_deref(),
        Some("Ludo is not played by 1 player; it is played by 2, 3 or 4")
    );
}

// ---------------------------------------------------------------------------
// The board and the track
// ---------------------------------------------------------------------------

#[test]
fn pieces_go_clockwise_round_the_52_square_circuit_then_up_five_home_squares_to_the_centre() {
    let g = game(4);
    let red: Vec<String> = (0..=HOME).map(|s| cell_of(&g, 0, s)).collect();
    assert_eq!(red[0], "red_yard");
    assert_eq!(red[1], "b7", "the start square");
    // Right along the top row of the west arm, then up the north arm.
    assert_eq!(&red[1..=5], ["b7", "c7", "d7", "e7", "f7"]);
    assert_eq!(&red[6..=11], ["g6", "g5", "g4", "g3", "g2", "g1"]);
    assert_eq!(red[12], "h1", "the tip of the north arm");
    // Round to the tip of its own arm, 50 squares after the start square...
    assert_eq!(red[51], "a8");
    // ...then its home column and the centre.
    assert_eq!(&red[52..=56], ["b8", "c8", "d8", "e8", "f8"]);
    assert_eq!(red[57], "finish");

    // The four seats share one circuit of 52 squares.
    let mut circuit: Vec<String> = (0..4)
        .flat_map(|seat| (1..=51).map(move |s| (seat, s)))
        .map(|(seat, s)| cell_of(&g, seat, s))
        .collect();
    circuit.sort();
    circuit.dedup();
    assert_eq!(circuit.len(), 52);
    // Red never passes a7, the square before its start: it turns home at a8.
    assert!((1..HOME).all(|s| cell_of(&g, 0, s) != "a7"));
}

#[test]
fn the_start_squares_are_13_squares_apart() {
    let g = game(4);
    let starts: Vec<String> = (0..4).map(|seat| cell_of(&g, seat, 1)).collect();
    assert_eq!(starts, ["b7", "i2", "n9", "g14"]);
    for (seat, start) in starts.iter().enumerate() {
        assert_eq!(step_at(&g, 0, start), 1 + 13 * seat as u8);
    }
    // Each yard touches its start square.
    let yards: Vec<String> = (0..4).map(|seat| cell_of(&g, seat, 0)).collect();
    assert_eq!(
        yards,
        ["red_yard", "green_yard", "yellow_yard", "blue_yard"]
    );
}

#[test]
fn safe_squares_are_the_four_start_squares_and_the_four_stars_8_ahead_of_each_start() {
    let g = game(4);
    let safe: Vec<u8> = (1..HOME).filter(|&s| g.track(0).safe[s as usize]).collect();
    assert_eq!(safe, [1, 9, 14, 22, 27, 35, 40, 48]);
    let names: Vec<String> = safe.iter().map(|&s| cell_of(&g, 0, s)).collect();
    assert_eq!(names, ["b7", "g3", "i2", "m7", "n9", "i13", "g14", "c9"]);
    // Every seat meets the same eight, at the same steps of its own track.
    for seat in 1..4 {
        let theirs: Vec<u8> = (1..HOME)
            .filter(|&s| g.track(seat).safe[s as usize])
            .collect();
        assert_eq!(theirs, safe, "{}", g.seat_name(seat));
    }
}

// ---------------------------------------------------------------------------
// The die
// ---------------------------------------------------------------------------

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
    let w = g.chance_outcomes()[0].weight;
    assert!(g.chance_outcomes().iter().all(|o| o.weight == w));
}

// ---------------------------------------------------------------------------
// Coming out of the yard
// ---------------------------------------------------------------------------

#[test]
fn a_piece_leaves_the_yard_only_on_a_6() {
    let g = game(2);
    for v in 1..=5 {
        // Red has every piece in the yard and threw v: nothing can move.
        let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 0]], 0, &[v]);
        assert_eq!(g.legal_actions(&s), [Action::Pass], "throw {v}");
        let (refusal, _) = refused(&g, &mut s, Action::step(0, v));
        assert_eq!(refusal, Refusal::EntryValue { first: true });
    }
    let s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 0]], 0, &[6]);
    assert_eq!(g.legal_actions(&s), [Action::step(0, 6)]);
}

#[test]
fn a_piece_leaving_the_yard_is_set_on_its_start_square_and_the_6_is_used_up() {
    let g = game(2);
    let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 0]], 0, &[6]);
    play(&g, &mut s, Action::step(0, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 1]);
    assert_eq!(cell_of(&g, 0, 1), "b7");
    assert!(s.pool.is_empty());
}

#[test]
fn a_6_may_move_a_piece_on_the_track_instead_of_bringing_one_out() {
    let g = game(2);
    // Red: a piece at step 10 (g2), three in the yard; red threw 6.
    let mut s = position(&g, &[&[0, 0, 0, 10], &[0, 0, 0, 0]], 0, &[6]);
    assert_eq!(
        g.legal_actions(&s),
        [Action::step(0, 6), Action::step(10, 6)]
    );
    play(&g, &mut s, Action::step(10, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 16]);
}

// ---------------------------------------------------------------------------
// Throwing again
// ---------------------------------------------------------------------------

#[test]
fn a_6_gives_another_throw() {
    let g = game(2);
    // Red: a piece at step 10. After a 6 red throws again; after a 5 yellow throws.
    let mut s = position(&g, &[&[0, 0, 0, 10], &[0, 0, 0, 0]], 0, &[]);
    play(&g, &mut s, throw_of(&g, 6));
    play(&g, &mut s, Action::step(10, 6));
    assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw));
    play(&g, &mut s, throw_of(&g, 5));
    play(&g, &mut s, Action::step(16, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 21]);
    assert_eq!(
        (g.seat_name(g.mover(&s)), s.phase),
        ("yellow", Phase::Throw)
    );
}

#[test]
fn the_third_6_in_a_row_ends_the_turn_without_moving() {
    let g = game(2);
    let mut s = position(&g, &[&[0, 0, 0, 10], &[0, 0, 0, 0]], 0, &[]);
    // First 6: the piece goes on to 16; second 6: a piece comes out.
    play(&g, &mut s, throw_of(&g, 6));
    play(&g, &mut s, Action::step(10, 6));
    play(&g, &mut s, throw_of(&g, 6));
    play(&g, &mut s, Action::step(0, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 1, 16]);
    assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw));
    // Third 6: nothing moves, the moves of the first two stand, yellow throws.
    play(&g, &mut s, throw_of(&g, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 1, 16]);
    assert!(s.pool.is_empty());
    assert_eq!(
        (g.seat_name(g.mover(&s)), s.phase),
        ("yellow", Phase::Throw)
    );
    // The count starts again with the next turn: yellow's first 6 is used.
    play(&g, &mut s, throw_of(&g, 6));
    assert_eq!(g.legal_actions(&s), [Action::step(0, 6)]);
}

// ---------------------------------------------------------------------------
// Home
// ---------------------------------------------------------------------------

#[test]
fn a_piece_turns_into_its_own_home_column_at_the_tip_of_its_arm() {
    let g = game(2);
    // Red at step 49 (a9) throws 4: past a8 into its home column, c8.
    let mut s = position(&g, &[&[0, 0, 0, 49], &[0, 0, 0, 0]], 0, &[4]);
    play(&g, &mut s, Action::step(49, 4));
    assert_eq!(cell_of(&g, 0, 53), "c8");
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 53]);
}

#[test]
fn a_piece_reaches_the_centre_only_on_an_exact_throw() {
    let g = game(2);
    // Red: a piece at step 54 (d8), three steps from the centre; red threw 4.
    let mut s = position(&g, &[&[0, 0, 0, 54], &[0, 0, 0, 5]], 0, &[4]);
    let (refusal, _) = refused(&g, &mut s, Action::step(54, 4));
    assert_eq!(refusal, Refusal::Overshoot);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    // A 3 takes it home.
    let mut s = position(&g, &[&[0, 0, 0, 54], &[0, 0, 0, 5]], 0, &[3]);
    play(&g, &mut s, Action::step(54, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, HOME]);
}

// ---------------------------------------------------------------------------
// Capture and safe squares
// ---------------------------------------------------------------------------

#[test]
fn landing_on_an_opponent_sends_it_back_to_its_yard() {
    let g = game(2);
    // Red: a piece at step 16 (i4). Yellow: a piece on l7 (red's step 21).
    let l7 = step_at(&g, 1, "l7");
    assert_eq!(cell_of(&g, 0, 21), "l7");
    let mut s = position(&g, &[&[0, 0, 0, 16], &[0, 0, 0, l7]], 0, &[5]);
    play(&g, &mut s, Action::step(16, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 21]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, 0], "back in the yard");
    // A capture gives no extra throw: yellow throws next.
    assert_eq!(
        (g.seat_name(g.mover(&s)), s.phase),
        ("yellow", Phase::Throw)
    );
}

#[test]
fn nobody_is_taken_on_a_start_square_or_a_star() {
    let g = game(2);
    // Yellow: a piece on the star g3 (red's step 9). Red lands there with a 4.
    let g3 = step_at(&g, 1, "g3");
    let mut s = position(&g, &[&[0, 0, 0, 5], &[0, 0, 0, g3]], 0, &[4]);
    play(&g, &mut s, Action::step(5, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 9]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, g3], "both stand on the star");
    // Yellow: a piece on green's start square i2 (red's step 14); red lands there.
    let i2 = step_at(&g, 1, "i2");
    let mut s = position(&g, &[&[0, 0, 0, 11], &[0, 0, 0, i2]], 0, &[3]);
    play(&g, &mut s, Action::step(11, 3));
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, i2]);
}

#[test]
fn a_piece_coming_out_onto_its_start_square_takes_nobody_there() {
    let g = game(2);
    // Yellow has a piece on red's start square b7; red comes out with a 6.
    let b7 = step_at(&g, 1, "b7");
    let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, b7]], 0, &[6]);
    play(&g, &mut s, Action::step(0, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 1]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, b7]);
}

// ---------------------------------------------------------------------------
// Two pieces of one colour
// ---------------------------------------------------------------------------

#[test]
fn two_pieces_of_one_colour_make_no_block_and_may_be_passed() {
    let g = game(2);
    // Yellow: two pieces on l7 (red's step 21). Red at step 18 throws 5:
    // it passes them to step 23.
    let l7 = step_at(&g, 1, "l7");
    let mut s = position(&g, &[&[0, 0, 0, 18], &[0, 0, l7, l7]], 0, &[5]);
    play(&g, &mut s, Action::step(18, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 23]);
}

#[test]
fn a_piece_landing_on_two_opponents_takes_both() {
    let g = game(2);
    let l7 = step_at(&g, 1, "l7");
    let mut s = position(&g, &[&[0, 0, 0, 18], &[0, 0, l7, l7]], 0, &[3]);
    play(&g, &mut s, Action::step(18, 3));
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, 0]);
}

#[test]
fn own_pieces_may_share_a_square_and_move_one_at_a_time() {
    let g = game(2);
    // Red: pieces at 18 and 21; a 3 brings the first onto the second.
    let mut s = position(&g, &[&[0, 0, 18, 21], &[0, 0, 0, 0]], 0, &[3]);
    play(&g, &mut s, Action::step(18, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 21, 21]);
    // Only one of them moves on a throw.
    let s = position(&g, &[&[0, 0, 21, 21], &[0, 0, 0, 0]], 0, &[2]);
    assert_eq!(g.legal_actions(&s), [Action::step(21, 2)]);
    assert_eq!(
        g.refusal(
            &s,
            Action::Move {
                from: 21,
                count: 2,
                by: 2
            }
        ),
        Some(Refusal::NoGroups)
    );
}

// ---------------------------------------------------------------------------
// Moving, winning, beginning
// ---------------------------------------------------------------------------

#[test]
fn a_throw_that_can_be_used_must_be_used() {
    let g = game(2);
    let mut s = position(&g, &[&[0, 0, 0, 10], &[0, 0, 0, 0]], 0, &[2]);
    let (refusal, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
}

#[test]
fn the_first_to_bring_all_four_pieces_home_wins() {
    let g = game(4);
    // Green: three home, one at step 55 (f8 is 56); green threw 2.
    let mut s = position(
        &g,
        &[
            &[0, 0, 0, 30],
            &[55, HOME, HOME, HOME],
            &[0; 4],
            &[0, 0, 0, 2],
        ],
        1,
        &[2],
    );
    assert!(g.outcome(&s).is_none());
    play(&g, &mut s, Action::step(55, 2));
    assert_eq!(g.actor(&s), Actor::Terminal);
    let outcome = g.outcome(&s).unwrap();
    assert_eq!(outcome.winners, [1]);
    assert_eq!(outcome.reason, EndReason::Finished);
    assert_eq!(outcome.ranks[1], 1);
}

#[test]
fn everyone_first_throws_for_who_begins() {
    let g = game(4);
    let start = g.new_initial_state();
    assert_eq!(start.phase, Phase::Opening);
    assert_eq!(g.actor(&start), Actor::Chance);
    assert_eq!(
        g.chance_actions(&start),
        (0..4).map(|i| (Action::Begin(i), 1)).collect::<Vec<_>>()
    );
    let mut s = start.clone();
    play(&g, &mut s, Action::Begin(2));
    assert_eq!(g.seat_name(g.mover(&s)), "yellow");
    assert_eq!(s.phase, Phase::Throw);
}

// ---------------------------------------------------------------------------
// The pictures in docs/games/ludo.md
// ---------------------------------------------------------------------------
