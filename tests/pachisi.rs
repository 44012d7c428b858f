//! Rule tests for Pachisi (variants/pachisi.variant), one test per rule of
//! the game text (shared rules/pachisi.txt, "How to play pachisi").
//!
//! Positions are written as the track steps of each playing seat's four
//! pieces (0 = in the centre waiting, 84 = home) and the throw values
//! waiting to be used. Red's steps 17..24 are h11..a11 on the outer row
//! of the west arm; castles are found from the variant, not assumed.

use pachisi::{Action, Actor, EndReason, Game, Phase, PoolValue, Refusal, State};

mod common;
use common::{
    Waiting, assert_no_table, cell_of, die, load_position, play, refused, step_at, throw_of,
};

const HOME: u8 = 84;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game(players: usize) -> Game {
    Game::bundled("pachisi", Some(players)).unwrap()
}

/// Whether a throw value comes from a throw that gives another throw.
fn again(value: u8) -> bool {
    matches!(value, 25 | 10 | 6)
}

/// A position: for each playing seat in turn order the steps of its four
/// pieces (any order), the seat to move, and the values waiting to be used
/// (none: the seat is about to throw). As in play, each waiting value from a
/// throw that gives another throw has earned one throw still to come.
fn position(game: &Game, pieces: &[&[u8]], mover: usize, pool: &[u8]) -> State {
    let pool: Vec<PoolValue> = pool.iter().map(|&v| die(v, again(v))).collect();
    let extra = pool.iter().filter(|v| v.again).count();
    let waiting = Waiting {
        pool,
        extra,
        streak: 0,
        doubles: false,
    };
    load_position(game, pieces, mover, &waiting, false)
}

/// Whether `seat`'s step `step` is a castle square.
fn is_castle(game: &Game, seat: usize, step: u8) -> bool {
    game.track(seat).safe[step as usize]
}

/// The name of the cell in a blockade refusal.
fn refused_at(game: &Game, refusal: Option<Refusal>) -> Option<(String, u8, bool)> {
    match refusal? {
        Refusal::Blockade(c, n) => Some((game.rules().board.cell_name(c).to_string(), n, false)),
        Refusal::LandOnBlockade(c, n) => {
            Some((game.rules().board.cell_name(c).to_string(), n, true))
        }
        _ => None,
    }
}

fn group(from: u8, count: u8, by: u8) -> Action {
    Action::Move { from, count, by }
}

// ---------------------------------------------------------------------------
// Players, seats and teams
// ---------------------------------------------------------------------------

#[test]
fn two_or_three_players_play_alone_each_with_an_arm() {
    let two = game(2);
    assert_eq!(two.players(), 2);
    assert_eq!(two.seat_name(0), "red");
    assert_eq!(two.seat_name(1), "black");
    assert_eq!(two.side_count(), 2);
    assert_eq!(two.sides(), &[0, 1]);

    let three = game(3);
    let names: Vec<&str> = (0..3).map(|i| three.seat_name(i)).collect();
    assert_eq!(names, ["red", "yellow", "black"]);
    assert_eq!(three.side_count(), 3);
    assert_eq!(three.sides(), &[0, 1, 2]);

    // Each player has four pieces, all in the centre at the start.
    for g in [&two, &three] {
        let s = g.new_initial_state();
        for seat in 0..g.players() {
            assert_eq!(s.seat_pieces(seat), &[0, 0, 0, 0]);
        }
    }
}

#[test]
fn four_players_play_two_against_two_red_and_black_against_yellow_and_green() {
    let four = game(4);
    let names: Vec<&str> = (0..4).map(|i| four.seat_name(i)).collect();
    assert_eq!(names, ["red", "yellow", "black", "green"]);
    assert_eq!(four.side_count(), 2);
    let side = four.sides();
    assert_eq!(side[0], side[2], "red and black are partners");
    assert_eq!(side[1], side[3], "yellow and green are partners");
    assert_ne!(side[0], side[1], "red and yellow are opponents");
}

#[test]
fn no_game_for_one_or_five_players() {
    assert_no_table("pachisi", 1, "2, 3 or 4");
    assert_no_table("pachisi", 5, "2, 3 or 4");
}

// ---------------------------------------------------------------------------
// The track and the castles
// ---------------------------------------------------------------------------

#[test]
fn pieces_go_down_their_own_middle_row_round_with_the_sun_and_up_into_the_centre() {
    let g = game(2);
    let red: Vec<String> = (0..=HOME).map(|s| cell_of(&g, 0, s)).collect();
    assert_eq!(red.len(), 85);
    assert_eq!(red[0], "charkoni");
    // Down the middle row of the south arm...
    assert_eq!(
        &red[1..=8],
        ["j12", "j13", "j14", "j15", "j16", "j17", "j18", "j19"]
    );
    // ...then with the sun: up the left outer row of the south arm, west along row 11,
    assert_eq!(red[9], "i19");
    assert_eq!(red[16], "i12");
    assert_eq!(red[17], "h11");
    assert_eq!(red[24], "a11");
    assert_eq!(red[25], "a10");
    // ...round the north arm (j1 at its end) and the east arm (s10),
    assert_eq!(red[42], "j1");
    assert_eq!(red[59], "s10");
    // ...down the right outer row of the south arm to its end,
    assert_eq!(red[75], "k19");
    assert_eq!(red[76], "j19");
    // ...and up the middle row again into the centre.
    assert_eq!(
        &red[77..=83],
        ["j18", "j17", "j16", "j15", "j14", "j13", "j12"]
    );
    assert_eq!(red[84], "charkoni");

    // Black's arm is opposite red's (north): it starts down the j column upwards.
    assert_eq!(cell_of(&g, 1, 1), "j8");
    assert_eq!(cell_of(&g, 1, 8), "j1");
    assert_eq!(cell_of(&g, 1, 83), "j8");
    assert_eq!(cell_of(&g, 1, HOME), "charkoni");
}

#[test]
fn castles_are_the_outer_ends_of_the_middle_rows_and_the_fourth_squares_of_the_outer_rows() {
    let g = game(4);
    let castles: Vec<u8> = (1..HOME).filter(|&s| is_castle(&g, 0, s)).collect();
    // j19 (twice: going out and coming back), i16, d11, a10, d9, i4, j1, k4, p9, s10, p11, k16.
    assert_eq!(castles, [8, 12, 21, 25, 29, 38, 42, 46, 55, 59, 63, 72, 76]);
    let mut names: Vec<String> = castles.iter().map(|&s| cell_of(&g, 0, s)).collect();
    names.sort();
    names.dedup();
    let mut expected = [
        "j19", "i16", "k16", "a10", "d9", "d11", "j1", "i4", "k4", "s10", "p9", "p11",
    ];
    expected.sort();
    assert_eq!(names, expected);
    // Every seat meets the same twelve castles on its lap.
    for seat in 1..4 {
        let mut theirs: Vec<String> = (1..HOME)
            .filter(|&s| is_castle(&g, seat, s))
            .map(|s| cell_of(&g, seat, s))
            .collect();
        theirs.sort();
        theirs.dedup();
        assert_eq!(theirs, expected, "{}", g.seat_name(seat));
    }
}

// ---------------------------------------------------------------------------
// The shells
// ---------------------------------------------------------------------------

#[test]
fn six_cowries_score_25_10_2_3_4_5_6_by_how_many_land_opening_up() {
    let g = game(2);
    let outcomes = g.chance_outcomes();
    let labels: Vec<&str> = outcomes.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["0up", "1up", "2up", "3up", "4up", "5up", "6up"]);
    let values: Vec<Vec<u8>> = outcomes.iter().map(|o| o.values.clone()).collect();
    assert_eq!(
        values,
        [
            vec![25],
            vec![10],
            vec![2],
            vec![3],
            vec![4],
            vec![5],
            vec![6]
        ]
    );
    // No throw gives 1.
    assert!(outcomes.iter().all(|o| !o.values.contains(&1)));
}

#[test]
fn the_shells_land_opening_up_half_of_the_time() {
    let g = game(2);
    let total = g.rules().dice.total;
    // Six fair shells: 1, 6, 15, 20, 15, 6, 1 ways out of 64.
    let ways = [1u64, 6, 15, 20, 15, 6, 1];
    for (o, w) in g.chance_outcomes().iter().zip(ways) {
        assert_eq!(o.weight * 64, w * total, "{}", o.label);
    }
}

#[test]
fn throws_of_25_10_and_6_give_another_throw_and_2_to_5_do_not() {
    let g = game(2);
    let again_flags: Vec<bool> = g.chance_outcomes().iter().map(|o| o.again).collect();
    assert_eq!(again_flags, [true, true, false, false, false, false, true]);

    // Red has all four pieces in the centre and throws; the first piece
    // leaves on the throw. Red throws again exactly after 25, 10 and 6.
    for (i, o) in g.chance_outcomes().iter().enumerate() {
        let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 0]], 0, &[]);
        play(&g, &mut s, Action::Throw(i as u8));
        let v = o.values[0];
        assert_eq!(s.phase, Phase::Move);
        assert_eq!(g.legal_actions(&s), [Action::step(0, v)], "{}", o.label);
        play(&g, &mut s, Action::step(0, v));
        assert_eq!(s.seat_pieces(0), &[0, 0, 0, v]);
        if o.again {
            assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw), "{}", o.label);
        } else {
            assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw), "{}", o.label);
            assert_eq!(g.seat_name(g.mover(&s)), "black");
        }
    }
}

// ---------------------------------------------------------------------------
// Moving: the whole score, one throw at a time
// ---------------------------------------------------------------------------

#[test]
fn each_throw_moves_one_piece_the_whole_score() {
    let g = game(2);
    // Red: one piece at step 5 (j16), three in the centre; red has thrown 10.
    let mut s = position(&g, &[&[0, 0, 0, 5], &[0, 0, 0, 0]], 0, &[10]);
    // Only whole moves of 10 are offered: leave the centre to step 10, or 5 -> 15.
    assert_eq!(
        g.legal_actions(&s),
        [Action::step(0, 10), Action::step(5, 10)]
    );
    // No part of the score may be used.
    assert_eq!(
        g.refusal(&s, Action::step(5, 4)),
        Some(Refusal::NoSuchValue)
    );
    play(&g, &mut s, Action::step(5, 10));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 15]);
    assert!(s.pool.is_empty(), "the whole throw is used up");
}

#[test]
fn a_piece_leaving_the_centre_moves_the_whole_score() {
    let g = game(2);
    // Red: all in the centre; red has thrown 10 and brings out the first piece.
    let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 0]], 0, &[10]);
    play(&g, &mut s, Action::step(0, 10));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 10]);
    assert_eq!(cell_of(&g, 0, 10), "i18");
}

#[test]
fn with_more_throws_each_throw_may_move_a_different_piece() {
    let g = game(2);
    // Red: pieces at steps 5 and 9, two in the centre; red has thrown 10
    // (which gives another throw).
    let mut s = position(&g, &[&[0, 0, 5, 9], &[0, 0, 0, 0]], 0, &[10]);
    play(&g, &mut s, Action::step(5, 10));
    assert_eq!(s.seat_pieces(0), &[0, 0, 9, 15]);
    // The throw is moved before the next one is thrown.
    assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw));
    play(&g, &mut s, throw_of(&g, 3));
    // The 3 may move the other piece (9 -> 12) as well as the one just moved.
    assert_eq!(
        g.legal_actions(&s),
        [Action::step(9, 3), Action::step(15, 3)]
    );
    play(&g, &mut s, Action::step(9, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 12, 15]);
    assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw));
}

#[test]
fn a_throw_that_can_be_used_must_be_used() {
    let g = game(2);
    // Red: one piece at step 5; red has thrown 3. Passing is refused.
    let mut s = position(&g, &[&[0, 0, 0, 5], &[0, 0, 0, 0]], 0, &[3]);
    let (refusal, reason) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
    assert!(reason.contains("must"), "{reason}");
}

// ---------------------------------------------------------------------------
// Leaving the centre
// ---------------------------------------------------------------------------

#[test]
fn first_piece_leaves_the_centre_on_any_throw() {
    let g = game(2);
    // Red: all four pieces in the centre; red has thrown 2 (no throw again).
    let mut s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 0]], 0, &[2]);
    assert_eq!(g.legal_actions(&s), [Action::step(0, 2)]);
    play(&g, &mut s, Action::step(0, 2));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 2]);
    assert_eq!(cell_of(&g, 0, 2), "j13");
    // Every other score lets the first piece out too.
    for v in [3, 4, 5, 6, 10, 25] {
        let s = position(&g, &[&[0, 0, 0, 0], &[0, 0, 0, 0]], 0, &[v]);
        assert_eq!(g.legal_actions(&s), [Action::step(0, v)], "throw {v}");
    }
}

#[test]
fn first_piece_means_none_out_on_the_board_so_after_a_piece_is_home_any_throw_lets_one_out() {
    let g = game(2);
    // Red: one piece home (84), three in the centre, none on the board; red threw 3.
    let s = position(&g, &[&[0, 0, 0, HOME], &[0, 0, 0, 0]], 0, &[3]);
    assert_eq!(g.legal_actions(&s), [Action::step(0, 3)]);
}

#[test]
fn next_pieces_do_not_leave_on_a_throw_without_another_throw() {
    let g = game(2);
    // Red: one piece out at step 5 (j16); red has thrown 3.
    let mut s = position(&g, &[&[0, 0, 0, 5], &[0, 0, 0, 0]], 0, &[3]);
    assert_eq!(g.legal_actions(&s), [Action::step(5, 3)]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(0, 3));
    assert_eq!(refusal, Refusal::EntryValue { first: false });
    assert!(reason.contains("leave the start"), "{reason}");
    // Nor on 2, 4 or 5.
    for v in [2, 4, 5] {
        let s = position(&g, &[&[0, 0, 0, 5], &[0, 0, 0, 0]], 0, &[v]);
        assert_eq!(g.legal_actions(&s), [Action::step(5, v)], "throw {v}");
    }
}

#[test]
fn next_pieces_leave_on_a_throw_that_gives_another_throw() {
    let g = game(2);
    // Red: one piece out at step 5 (j16); red has thrown 10, then 6, then 25.
    let mut s = position(&g, &[&[0, 0, 0, 5], &[0, 0, 0, 0]], 0, &[10]);
    assert_eq!(
        g.legal_actions(&s),
        [Action::step(0, 10), Action::step(5, 10)]
    );
    play(&g, &mut s, Action::step(0, 10));
    assert_eq!(s.seat_pieces(0), &[0, 0, 5, 10]);
    for v in [6, 25] {
        let s = position(&g, &[&[0, 0, 0, 5], &[0, 0, 0, 0]], 0, &[v]);
        assert!(
            g.legal_actions(&s).contains(&Action::step(0, v)),
            "throw {v}"
        );
    }
}

// ---------------------------------------------------------------------------
// Coming home
// ---------------------------------------------------------------------------

#[test]
fn a_piece_that_has_gone_round_turns_up_its_middle_row_towards_the_centre() {
    let g = game(2);
    // Red: a piece at step 72 (k16, castle) on the right outer row of its own arm; red threw 6.
    let mut s = position(&g, &[&[0, 0, 0, 72], &[0, 0, 0, 0]], 0, &[6]);
    assert_eq!(cell_of(&g, 0, 72), "k16");
    play(&g, &mut s, Action::step(72, 6));
    // 73 k17, 74 k18, 75 k19, 76 j19, 77 j18, 78 j17: it does not go round again.
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 78]);
    assert_eq!(cell_of(&g, 0, 78), "j17");
}

#[test]
fn a_piece_enters_the_centre_only_on_an_exact_throw() {
    let g = game(2);
    // Red: a piece at step 80 (j15), four from home; red threw 5: it cannot move.
    let mut s = position(&g, &[&[0, 0, 0, 80], &[0, 0, 0, 0]], 0, &[5]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(80, 5));
    assert_eq!(refusal, Refusal::Overshoot);
    assert!(reason.contains("exact"), "{reason}");
    // Nor with a 6, 10 or 25.
    for v in [6, 10, 25] {
        let s = position(&g, &[&[0, 0, 0, 80], &[0, 0, 0, 0]], 0, &[v]);
        assert_eq!(
            g.refusal(&s, Action::step(80, v)),
            Some(Refusal::Overshoot),
            "throw {v}"
        );
    }
    // With a 4 it reaches the centre.
    let mut s = position(&g, &[&[0, 0, 0, 80], &[0, 0, 0, 0]], 0, &[4]);
    assert_eq!(g.legal_actions(&s), [Action::step(80, 4)]);
    play(&g, &mut s, Action::step(80, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, HOME]);
}

#[test]
fn a_piece_one_square_from_the_centre_enters_on_the_smallest_throw_2() {
    let g = game(2);
    // Red: a piece at step 83 (j12), one from home; red threw 2.
    let mut s = position(&g, &[&[0, 0, 0, 83], &[0, 0, 0, 0]], 0, &[2]);
    assert_eq!(g.legal_actions(&s), [Action::step(83, 2)]);
    play(&g, &mut s, Action::step(83, 2));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, HOME]);
    // Only the smallest throw: a 3 from step 83 still goes past home.
    let s = position(&g, &[&[0, 0, 0, 83], &[0, 0, 0, 0]], 0, &[3]);
    assert_eq!(g.refusal(&s, Action::step(83, 3)), Some(Refusal::Overshoot));
    // And only one square away: from step 81 (three from home) a 4 is refused.
    let s = position(&g, &[&[0, 0, 0, 81], &[0, 0, 0, 0]], 0, &[4]);
    assert_eq!(g.refusal(&s, Action::step(81, 4)), Some(Refusal::Overshoot));
}

#[test]
fn a_piece_at_home_does_not_move_again() {
    let g = game(2);
    // Red: one piece home, one at step 5; red threw 3.
    let s = position(&g, &[&[0, 0, 5, HOME], &[0, 0, 0, 0]], 0, &[3]);
    assert_eq!(g.legal_actions(&s), [Action::step(5, 3)]);
    assert_eq!(
        g.refusal(&s, Action::step(HOME, 3)),
        Some(Refusal::AlreadyHome)
    );
}

// ---------------------------------------------------------------------------
// Taking
// ---------------------------------------------------------------------------

#[test]
fn landing_on_an_opponent_sends_it_back_to_the_centre_and_gives_an_extra_throw() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");
    assert!(!is_castle(&g, 0, 20));
    // Red: a piece at step 17 (h11). Black: a piece on e11 (red's step 20).
    // Red threw 3 (no throw again) and lands on black.
    let mut s = position(&g, &[&[0, 0, 0, 17], &[0, 0, 0, e11]], 0, &[3]);
    play(&g, &mut s, Action::step(17, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 20]);
    assert_eq!(
        s.seat_pieces(1),
        &[0, 0, 0, 0],
        "black's piece starts again"
    );
    // The extra throw: red throws again.
    assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw));

    // The same move onto an empty e11 ends red's turn.
    let mut s = position(&g, &[&[0, 0, 0, 17], &[0, 0, 0, 0]], 0, &[3]);
    play(&g, &mut s, Action::step(17, 3));
    assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw));
}

#[test]
fn a_capture_throw_comes_on_top_of_the_throw_a_10_already_gives() {
    let g = game(2);
    let b9 = step_at(&g, 1, "b9");
    assert_eq!(cell_of(&g, 0, 27), "b9");
    // Red: a piece at step 17 (h11). Black: a piece on b9 (red's step 27).
    // Red threw 10 (one more throw owed) and lands on black: two throws owed.
    let mut s = position(&g, &[&[0, 0, 0, 17], &[0, 0, 0, b9]], 0, &[10]);
    assert_eq!(s.extra, 1);
    play(&g, &mut s, Action::step(17, 10));
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, 0]);
    assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw));
    assert_eq!(s.extra, 1, "one throw now, one more after it");
    // Without a capture only the 10's own throw is owed.
    let mut s = position(&g, &[&[0, 0, 0, 17], &[0, 0, 0, 0]], 0, &[10]);
    play(&g, &mut s, Action::step(17, 10));
    assert_eq!((g.mover(&s), s.phase, s.extra), (0, Phase::Throw, 0));
}

#[test]
fn no_one_is_taken_on_a_castle() {
    let g = game(2);
    let d11 = step_at(&g, 1, "d11");
    assert!(is_castle(&g, 0, 21) && is_castle(&g, 1, d11));
    // Red: a piece at step 17 (h11). Black: a piece on the castle d11 (red's step 21).
    // Red threw 4 and lands on d11.
    let mut s = position(&g, &[&[0, 0, 0, 17], &[0, 0, 0, d11]], 0, &[4]);
    assert_eq!(g.legal_actions(&s), [Action::step(17, 4)]);
    play(&g, &mut s, Action::step(17, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 21]);
    assert_eq!(
        s.seat_pieces(1),
        &[0, 0, 0, d11],
        "black stays on the castle"
    );
    // No capture, no extra throw: black's turn.
    assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw));
}

#[test]
fn any_number_of_pieces_of_any_players_may_stand_on_a_castle() {
    let g = game(3);
    let (y, b) = (step_at(&g, 1, "d11"), step_at(&g, 2, "d11"));
    let y_h11 = step_at(&g, 1, "h11");
    // Red: two pieces on the castle d11 (step 21). Black: one piece on d11.
    // Yellow: a piece on h11, four before d11 on its track; yellow threw 4.
    let mut s = position(
        &g,
        &[&[0, 0, 21, 21], &[0, 0, 0, y_h11], &[0, 0, 0, b]],
        1,
        &[4],
    );
    assert_eq!(y, y_h11 + 4);
    // Red's two on a castle may be landed on by a single piece: nothing is taken.
    assert_eq!(g.legal_actions(&s), [Action::step(y_h11, 4)]);
    play(&g, &mut s, Action::step(y_h11, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 21, 21]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, y]);
    assert_eq!(s.seat_pieces(2), &[0, 0, 0, b]);
    // Four pieces of three players now share d11 and the position is sound.
    assert!(g.validate(&s).is_ok());
}

#[test]
fn two_opponents_never_share_a_square_that_is_not_a_castle() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");
    let json = serde_json::json!({
        "pieces": [[0, 0, 0, 20], [0, 0, 0, e11]], "mover": 0, "phase": "throw",
        "pool": [], "extra": 0, "entered": [true, true], "turns": 0,
        "finished": [], "at_limit": false,
    });
    let err = g
        .load_state(&json.to_string())
        .expect_err("refused")
        .to_string();
    assert_eq!(
        err,
        "the saved state is impossible in Pachisi: two sides share e11, which is not safe"
    );
}

// ---------------------------------------------------------------------------
// Blockades
// ---------------------------------------------------------------------------

#[test]
fn a_single_piece_cannot_pass_an_opponents_blockade() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");
    // Red: a piece at step 17 (h11). Black: two pieces on e11 (red's step 20).
    // Red threw 5, which would carry it past e11 to c11 (step 22).
    let mut s = position(&g, &[&[0, 0, 0, 17], &[0, 0, e11, e11]], 0, &[5]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(17, 5));
    assert_eq!(
        refused_at(&g, Some(refusal)),
        Some(("e11".to_string(), 2, false))
    );
    assert!(
        reason.contains("blockade") && reason.contains("e11"),
        "{reason}"
    );
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 17]);
    assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw));
}

#[test]
fn a_single_opponent_piece_is_no_blockade() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");
    // Red: a piece at step 17 (h11). Black: one piece on e11; red threw 5.
    let mut s = position(&g, &[&[0, 0, 0, 17], &[0, 0, 0, e11]], 0, &[5]);
    assert_eq!(g.legal_actions(&s), [Action::step(17, 5)]);
    play(&g, &mut s, Action::step(17, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 22]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, e11], "passing takes nothing");
}

#[test]
fn a_blockade_on_a_castle_also_stops_a_single_piece() {
    let g = game(2);
    let d11 = step_at(&g, 1, "d11");
    // Red: a piece at step 17 (h11). Black: two pieces on the castle d11 (step 21).
    // Red threw 5 (to c11, step 22, past d11).
    let s = position(&g, &[&[0, 0, 0, 17], &[0, 0, d11, d11]], 0, &[5]);
    assert_eq!(
        refused_at(&g, g.refusal(&s, Action::step(17, 5))),
        Some(("d11".to_string(), 2, false))
    );
}

#[test]
fn a_blockade_also_stops_a_piece_leaving_the_centre() {
    let g = game(2);
    let i18 = step_at(&g, 1, "i18");
    // Red: all in the centre. Black: two pieces on i18 (red's step 10); red threw 25,
    // which would carry its first piece past i18.
    let s = position(&g, &[&[0, 0, 0, 0], &[0, 0, i18, i18]], 0, &[25]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    assert_eq!(
        refused_at(&g, g.refusal(&s, Action::step(0, 25))),
        Some(("i18".to_string(), 2, false))
    );
}

#[test]
fn a_single_piece_may_not_land_on_a_blockade() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");
    // Red: a piece at step 17 (h11). Black: two pieces on e11 (step 20); red threw 3.
    let mut s = position(&g, &[&[0, 0, 0, 17], &[0, 0, e11, e11]], 0, &[3]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(17, 3));
    assert_eq!(
        refused_at(&g, Some(refusal)),
        Some(("e11".to_string(), 2, true))
    );
    assert!(reason.contains("as many or more"), "{reason}");
}

#[test]
fn a_blockade_is_taken_by_landing_with_as_many_pieces() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");
    // Red: two pieces at step 17 (h11). Black: two pieces on e11 (step 20); red threw 3.
    let mut s = position(&g, &[&[0, 0, 17, 17], &[0, 0, e11, e11]], 0, &[3]);
    assert_eq!(g.legal_actions(&s), [group(17, 2, 3)]);
    play(&g, &mut s, group(17, 2, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 20, 20]);
    assert_eq!(
        s.seat_pieces(1),
        &[0, 0, 0, 0],
        "both black pieces start again"
    );
    assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw), "extra throw");
}

#[test]
fn a_blockade_is_taken_by_landing_with_more_pieces() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");
    // Red: three pieces at step 17 (h11). Black: two on e11; red threw 3.
    let mut s = position(&g, &[&[0, 17, 17, 17], &[0, 0, e11, e11]], 0, &[3]);
    assert_eq!(g.legal_actions(&s), [group(17, 2, 3), group(17, 3, 3)]);
    play(&g, &mut s, group(17, 3, 3));
    assert_eq!(s.seat_pieces(0), &[0, 20, 20, 20]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, 0]);
}

#[test]
fn a_blockade_on_a_castle_cannot_be_taken() {
    let g = game(2);
    let d11 = step_at(&g, 1, "d11");
    // Red: two pieces at step 17 (h11). Black: two pieces on the castle d11 (step 21).
    // Red threw 4: the pair lands beside black's pair and takes nothing.
    let mut s = position(&g, &[&[0, 0, 17, 17], &[0, 0, d11, d11]], 0, &[4]);
    assert_eq!(g.legal_actions(&s), [Action::step(17, 4), group(17, 2, 4)]);
    play(&g, &mut s, group(17, 2, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 21, 21]);
    assert_eq!(s.seat_pieces(1), &[0, 0, d11, d11]);
    assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw), "no extra throw");
    // A single red piece may stand beside it too (any number may stand on a castle).
    let mut s = position(&g, &[&[0, 0, 0, 17], &[0, 0, d11, d11]], 0, &[4]);
    play(&g, &mut s, Action::step(17, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 21]);
    assert_eq!(s.seat_pieces(1), &[0, 0, d11, d11]);
}

#[test]
fn pieces_of_two_opponents_on_one_square_are_no_blockade() {
    // Three players: a blockade is two pieces of one player (or of partners).
    let g = game(3);
    let (y, b) = (step_at(&g, 1, "d11"), step_at(&g, 2, "h11"));
    // Red: one piece on the castle d11 (step 21). Yellow: one piece on d11.
    // Black: a piece on h11, four before d11; black threw 5 and passes d11 to c11.
    let mut s = position(&g, &[&[0, 0, 0, 21], &[0, 0, 0, y], &[0, 0, 0, b]], 2, &[5]);
    assert_eq!(g.legal_actions(&s), [Action::step(b, 5)]);
    play(&g, &mut s, Action::step(b, 5));
    assert_eq!(cell_of(&g, 2, b + 5), "c11");
}

// ---------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------

#[test]
fn pieces_on_one_square_may_move_together_each_the_whole_throw() {
    let g = game(2);
    // Red: two pieces at step 17 (h11), two in the centre; red threw 10.
    let mut s = position(&g, &[&[0, 0, 17, 17], &[0, 0, 0, 0]], 0, &[10]);
    assert_eq!(
        g.legal_actions(&s),
        [Action::step(0, 10), Action::step(17, 10), group(17, 2, 10)]
    );
    play(&g, &mut s, group(17, 2, 10));
    assert_eq!(s.seat_pieces(0), &[0, 0, 27, 27]);
    // One throw moved both: the next action is the 10's extra throw.
    assert!(s.pool.is_empty());
    assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw));
}

#[test]
fn a_group_may_also_move_one_piece_alone() {
    let g = game(2);
    // Red: two pieces at step 17; red threw 3.
    let mut s = position(&g, &[&[0, 0, 17, 17], &[0, 0, 0, 0]], 0, &[3]);
    assert_eq!(g.legal_actions(&s), [Action::step(17, 3), group(17, 2, 3)]);
    play(&g, &mut s, Action::step(17, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 17, 20]);
}

#[test]
fn a_group_passes_a_blockade_no_bigger_than_itself() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");
    // Red: two pieces at step 17 (h11). Black: two on e11 (step 20); red threw 5.
    let mut s = position(&g, &[&[0, 0, 17, 17], &[0, 0, e11, e11]], 0, &[5]);
    assert_eq!(g.legal_actions(&s), [group(17, 2, 5)]);
    assert_eq!(
        refused_at(&g, g.refusal(&s, Action::step(17, 5))),
        Some(("e11".to_string(), 2, false))
    );
    play(&g, &mut s, group(17, 2, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 22, 22]);
    assert_eq!(s.seat_pieces(1), &[0, 0, e11, e11], "passing takes nothing");
}

#[test]
fn a_group_cannot_pass_a_bigger_blockade() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");
    // Red: two pieces at step 17 (h11). Black: three on e11 (step 20); red threw 5.
    let s = position(&g, &[&[0, 0, 17, 17], &[0, e11, e11, e11]], 0, &[5]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    assert_eq!(
        refused_at(&g, g.refusal(&s, group(17, 2, 5))),
        Some(("e11".to_string(), 3, false))
    );
    // Nor land on it with fewer.
    let s = position(&g, &[&[0, 0, 17, 17], &[0, e11, e11, e11]], 0, &[3]);
    assert_eq!(
        refused_at(&g, g.refusal(&s, group(17, 2, 3))),
        Some(("e11".to_string(), 3, true))
    );
}

// ---------------------------------------------------------------------------
// Partners
// ---------------------------------------------------------------------------

#[test]
fn partners_never_take_each_other() {
    let g = game(4);
    let b_e11 = step_at(&g, 2, "e11");
    // Red: a piece at step 17 (h11). Black (red's partner): a piece on e11 (red's step 20).
    // Red threw 3 and lands on black's piece.
    let mut s = position(
        &g,
        &[&[0, 0, 0, 17], &[0; 4], &[0, 0, 0, b_e11], &[0; 4]],
        0,
        &[3],
    );
    assert!(g.legal_actions(&s).contains(&Action::step(17, 3)));
    play(&g, &mut s, Action::step(17, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 20]);
    assert_eq!(
        s.seat_pieces(2),
        &[0, 0, 0, b_e11],
        "black is not sent back"
    );
    // No capture, no extra throw: yellow's turn.
    assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw));
}

#[test]
fn partners_pieces_count_together_in_a_blockade() {
    let g = game(4);
    let b_e11 = step_at(&g, 2, "e11");
    let y_h11 = step_at(&g, 1, "h11");
    assert_eq!(step_at(&g, 1, "e11"), y_h11 + 3);
    let pieces: [&[u8]; 4] = [
        &[0, 0, 0, 20],
        &[0, 0, 0, y_h11],
        &[0, 0, 0, b_e11],
        &[0; 4],
    ];
    // Red: one piece on e11 (step 20). Black: one piece on e11. Yellow: a piece on h11,
    // three before e11 on its track.
    // Yellow threw 5: it may not pass the red-and-black pair.
    let s = position(&g, &pieces, 1, &[5]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    assert_eq!(
        refused_at(&g, g.refusal(&s, Action::step(y_h11, 5))),
        Some(("e11".to_string(), 2, false))
    );
    // Yellow threw 3: a single piece may not land on the pair either.
    let s = position(&g, &pieces, 1, &[3]);
    assert_eq!(
        refused_at(&g, g.refusal(&s, Action::step(y_h11, 3))),
        Some(("e11".to_string(), 2, true))
    );
}

#[test]
fn a_pair_takes_a_blockade_made_of_two_partners() {
    let g = game(4);
    let b_e11 = step_at(&g, 2, "e11");
    let y_h11 = step_at(&g, 1, "h11");
    // Red and black: one piece each on e11. Yellow: two pieces on h11; yellow threw 3.
    let mut s = position(
        &g,
        &[
            &[0, 0, 0, 20],
            &[0, 0, y_h11, y_h11],
            &[0, 0, 0, b_e11],
            &[0; 4],
        ],
        1,
        &[3],
    );
    assert_eq!(g.legal_actions(&s), [group(y_h11, 2, 3)]);
    play(&g, &mut s, group(y_h11, 2, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 0], "red's piece starts again");
    assert_eq!(
        s.seat_pieces(2),
        &[0, 0, 0, 0],
        "black's piece starts again"
    );
    assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw), "extra throw");
}

#[test]
fn a_partners_blockade_does_not_stop_a_piece() {
    let g = game(4);
    let b_e11 = step_at(&g, 2, "e11");
    // Red: a piece at step 17 (h11). Black (partner): two pieces on e11; red threw 5.
    // The blockade is against the opponents; red passes it.
    let s = position(
        &g,
        &[&[0, 0, 0, 17], &[0; 4], &[0, 0, b_e11, b_e11], &[0; 4]],
        0,
        &[5],
    );
    assert_eq!(g.legal_actions(&s), [Action::step(17, 5)]);
}

// ---------------------------------------------------------------------------
// Winning and turns
// ---------------------------------------------------------------------------

#[test]
fn the_first_to_get_all_four_pieces_into_the_centre_wins() {
    let g = game(2);
    // Red: three pieces home, one at step 80; red threw 4. Black: one piece out.
    let mut s = position(&g, &[&[80, HOME, HOME, HOME], &[0, 0, 0, 30]], 0, &[4]);
    assert!(g.outcome(&s).is_none());
    play(&g, &mut s, Action::step(80, 4));
    assert_eq!(g.actor(&s), Actor::Terminal);
    let outcome = g.outcome(&s).unwrap();
    assert_eq!(outcome.winner, Some(g.sides()[0]));
    assert_eq!(outcome.winners, [0]);
    assert_eq!(outcome.ranks, [1, 2]);
    assert_eq!(outcome.reason, EndReason::Finished);
    assert!(g.legal_actions(&s).is_empty());
}

#[test]
fn the_first_to_finish_wins_among_three() {
    let g = game(3);
    // Yellow: three home, one at step 83; yellow threw 2.
    let mut s = position(
        &g,
        &[&[0, 0, 0, 40], &[83, HOME, HOME, HOME], &[0, 0, 0, 20]],
        1,
        &[2],
    );
    play(&g, &mut s, Action::step(83, 2));
    assert_eq!(g.actor(&s), Actor::Terminal);
    let outcome = g.outcome(&s).unwrap();
    assert_eq!(outcome.winners, [1]);
    assert_eq!(outcome.ranks[1], 1);
}

#[test]
fn partners_win_together_when_both_have_all_pieces_home() {
    let g = game(4);
    // Red: all home (finished). Black: three home, one at step 80; black threw 4.
    let mut s = position(
        &g,
        &[
            &[HOME; 4],
            &[0, 0, 0, 50],
            &[80, HOME, HOME, HOME],
            &[0, 0, 0, 60],
        ],
        2,
        &[4],
    );
    assert!(g.outcome(&s).is_none());
    play(&g, &mut s, Action::step(80, 4));
    assert_eq!(g.actor(&s), Actor::Terminal);
    let outcome = g.outcome(&s).unwrap();
    assert_eq!(outcome.winner, Some(g.sides()[0]));
    assert_eq!(outcome.winners, [0, 2], "red and black win together");
    assert_eq!(outcome.ranks, [1, 2, 1, 2], "partners share a rank");
    assert_eq!(outcome.reason, EndReason::Finished);
}

#[test]
fn one_partner_finishing_alone_does_not_end_the_game() {
    let g = game(4);
    // Red: three home, one at step 80; red threw 4. Black: one piece out at 5.
    let mut s = position(
        &g,
        &[&[80, HOME, HOME, HOME], &[0; 4], &[0, 0, 0, 5], &[0; 4]],
        0,
        &[4],
    );
    play(&g, &mut s, Action::step(80, 4));
    assert_eq!(s.seat_pieces(0), &[HOME; 4]);
    assert!(s.has_finished(0));
    assert_ne!(g.actor(&s), Actor::Terminal);
    assert!(g.outcome(&s).is_none());
    assert_eq!(
        (g.seat_name(g.mover(&s)), s.phase),
        ("yellow", Phase::Throw)
    );
}

#[test]
fn a_finished_players_turns_are_skipped() {
    let g = game(4);
    // Red has all pieces home; yellow, black and green have all theirs in the centre.
    // Yellow is to throw. Each plays a turn with a throw of 3 (first piece out).
    let mut s = position(&g, &[&[HOME; 4], &[0; 4], &[0; 4], &[0; 4]], 1, &[]);
    let mut order = vec![g.seat_name(g.mover(&s)).to_string()];
    for _ in 0..4 {
        play(&g, &mut s, throw_of(&g, 3));
        let legal = g.legal_actions(&s);
        play(&g, &mut s, legal[0]);
        assert_eq!(s.phase, Phase::Throw);
        order.push(g.seat_name(g.mover(&s)).to_string());
    }
    // Red is skipped after green: the other team throws twice a round against black's once.
    assert_eq!(order, ["yellow", "black", "green", "yellow", "black"]);
}

#[test]
fn a_player_still_playing_follows_green_in_turn() {
    let g = game(4);
    // Contrast: nobody finished. Green: all in the centre, threw 3.
    let mut s = position(&g, &[&[0, 0, 0, 5], &[0; 4], &[0; 4], &[0; 4]], 3, &[3]);
    play(&g, &mut s, Action::step(0, 3));
    assert_eq!((g.seat_name(g.mover(&s)), s.phase), ("red", Phase::Throw));
}

// ---------------------------------------------------------------------------
// Refusals change nothing
// ---------------------------------------------------------------------------

#[test]
fn refused_actions_leave_the_state_as_it_was_and_name_the_rule() {
    let g = game(2);
    let e11 = step_at(&g, 1, "e11");

    // Red: pieces at 17 (h11) and 80; black: a pair on e11; red threw 5.
    let mut s = position(&g, &[&[0, 0, 17, 80], &[0, 0, e11, e11]], 0, &[5]);
    let cases: [(Action, &str); 5] = [
        (Action::step(80, 5), "exact"),          // past home
        (Action::step(17, 5), "blockade"),       // past black's pair
        (Action::step(0, 5), "leave the start"), // 5 gives no other throw
        (Action::step(17, 4), "no such value"),  // only a 5 waits
        (Action::Throw(2), "not a throw"),       // red must move, not throw
    ];
    for (action, words) in cases {
        let (_, reason) = refused(&g, &mut s, action);
        assert!(reason.contains(words), "{action}: {reason}");
    }
    // Landing on the pair with a single piece.
    let mut s = position(&g, &[&[0, 0, 17, 80], &[0, 0, e11, e11]], 0, &[3]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(17, 3));
    assert!(matches!(refusal, Refusal::LandOnBlockade(_, 2)));
    assert!(reason.contains("blockade"), "{reason}");
    // Moving before throwing.
    let mut s = position(&g, &[&[0, 0, 17, 80], &[0, 0, e11, e11]], 0, &[]);
    let (refusal, reason) = refused(&g, &mut s, Action::step(17, 3));
    assert_eq!(refusal, Refusal::MustThrow);
    assert!(reason.contains("must throw"), "{reason}");
    // Anything once the game is over.
    let mut s = position(&g, &[&[80, HOME, HOME, HOME], &[0, 0, 0, 5]], 0, &[4]);
    play(&g, &mut s, Action::step(80, 4));
    let (refusal, reason) = refused(&g, &mut s, Action::Throw(2));
    assert_eq!(refusal, Refusal::GameOver);
    assert!(reason.contains("over"), "{reason}");
}

// ---------------------------------------------------------------------------
// Who begins
// ---------------------------------------------------------------------------

#[test]
fn everyone_first_throws_for_who_begins() {
    // A new two-player game: before any shell is thrown, chance decides who
    // begins, each seat alike; whoever wins that throw makes the first move.
    let g = game(2);
    let start = g.new_initial_state();
    assert_eq!(g.actor(&start), Actor::Chance);
    assert_eq!(start.phase, Phase::Opening);
    assert_eq!(
        g.chance_actions(&start),
        vec![(Action::Begin(0), 1), (Action::Begin(1), 1)]
    );
    // Nothing is thrown for a move before who begins is known.
    let mut s = start.clone();
    let (refusal, reason) = refused(&g, &mut s, Action::Throw(2));
    assert_eq!(refusal, Refusal::WhoBegins);
    assert!(reason.contains("who begins"), "{reason}");
    // Black wins the throw: black throws the shells first and moves first.
    let mut s = start.clone();
    play(&g, &mut s, Action::Begin(1));
    assert_eq!(g.mover(&s), 1);
    assert_eq!(g.actor(&s), Actor::Chance);
    play(&g, &mut s, Action::Throw(2));
    assert_eq!(g.seat_name(g.mover(&s)), "black");
    assert_eq!(g.legal_actions(&s), vec![Action::step(0, 2)]);
    // Who begins is thrown once only.
    let (refusal, _) = refused(&g, &mut s, Action::Begin(0));
    assert_eq!(refusal, Refusal::AlreadyBegun);
}

#[test]
fn a_saved_state_that_claims_the_game_is_over_too_early_is_refused() {
    // Nobody has finished and the turn limit is far off, yet the state says
    // the game is over: reading it must fail and name the problem.
    let g = game(2);
    let json = r#"{"pieces":[[0,0,0,3],[0,0,0,0]],"mover":0,"phase":"over","pool":[],"extra":0,"entered":[true,false],"turns":0,"finished":[],"at_limit":false}"#;
    let err = g.load_state(json).unwrap_err().to_string();
    assert!(err.contains("no side has finished"), "{err}");
    let json = r#"{"pieces":[[0,0,0,3],[0,0,0,0]],"mover":0,"phase":"over","pool":[],"extra":0,"entered":[true,false],"turns":3,"finished":[],"at_limit":true}"#;
    let err = g.load_state(json).unwrap_err().to_string();
    assert!(err.contains("turn limit"), "{err}");
}

#[test]
fn a_saved_state_past_the_turn_limit_is_refused() {
    // Play stops when the turn limit is reached (turn: limit = 5000): a
    // state that counts more turns, or as many with play going on, is
    // impossible, up to the largest count a saved state can write.
    let g = game(2);
    let state = |turns: u64, phase: &str, at_limit: bool| {
        format!(
            r#"{{"pieces":[[0,0,0,3],[0,0,0,0]],"mover":0,"phase":"{phase}","pool":[],"extra":0,"entered":[true,false],"turns":{turns},"finished":[],"at_limit":{at_limit}}}"#
        )
    };
    for (turns, phase, at_limit) in [
        (5000, "throw", false),
        (5001, "over", true),
        (u64::from(u32::MAX), "throw", false),
    ] {
        let err = g
            .load_state(&state(turns, phase, at_limit))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!(
                "it counts {turns} turns played, but play stops at the turn limit of 5000"
            )),
            "{err}"
        );
    }
    // One turn short of it play goes on; at it, the game is over.
    assert!(g.load_state(&state(4999, "throw", false)).is_ok());
    assert!(g.load_state(&state(5000, "over", true)).is_ok());
}
