//! Rule tests for Parchís (variants/parchis.variant), one test per rule of
//! the Spanish game as the public sources give it (shared rules/FACTS.md,
//! "Parchís (Spanish) differences", on the Parcheesi board of section 004).
//!
//! Positions are written as the track steps of each playing seat's four
//! pieces (0 = in the nest, 1 = on the seat's salida, 64 = its own arm's
//! tip, 65..71 = its home column, 72 = the meta) and the values waiting to
//! be used. Red (south) is the seat to move unless said otherwise; red's
//! step `s` is square `s + 4` of the circuit for `s` = 1..64. Other seats'
//! pieces are placed by the cell they stand on, found from the variant.

use pachisi::{Action, Actor, EndReason, Game, Phase, PoolValue, Refusal, State};

mod common;
use common::{
    Waiting, assert_no_table, cell_of, legal, load_position, play, refused, step_at, throw_of,
};

const NEST: u8 = 0;
const META: u8 = 72;
const NONE: &[u8] = &[NEST; 4];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game(players: usize) -> Game {
    Game::bundled("parchis", Some(players)).unwrap()
}

/// A die value waiting: a 6, or the 7 a 6 counts once all four pieces are
/// out, came from a throw that gives another throw.
fn die(value: u8) -> PoolValue {
    PoolValue {
        value,
        again: value == 6 || value == 7,
        bonus: false,
    }
}

/// A bonus waiting: 20 for a capture, 10 for a piece in the meta.
fn bonus(value: u8) -> PoolValue {
    PoolValue {
        value,
        again: false,
        bonus: true,
    }
}

/// A position: for each playing seat in turn order the steps of its four
/// pieces (any order), the seat to move and the values waiting, the die's
/// value (if any) first. A 6 (or 7) waiting is the first throw again of the
/// turn: one more throw is to come. With nothing waiting, the seat is about
/// to throw.
fn build(game: &Game, pieces: &[&[u8]], mover: usize, pool: &[PoolValue]) -> State {
    let again = usize::from(pool.iter().any(|v| v.again));
    let waiting = Waiting {
        pool: pool.to_vec(),
        extra: again,
        streak: again,
        doubles: false,
    };
    load_position(game, pieces, mover, &waiting, true)
}

/// Red to move with the die showing `value` (7 for a 6 with all out).
fn position(game: &Game, pieces: &[&[u8]], value: u8) -> State {
    build(game, pieces, 0, &[die(value)])
}

/// Red about to throw.
fn to_throw(game: &Game, pieces: &[&[u8]]) -> State {
    build(game, pieces, 0, &[])
}

/// The step of `seat`'s track on the cell of red's step `red_step`.
fn same_cell(game: &Game, seat: usize, red_step: u8) -> u8 {
    step_at(game, seat, &cell_of(game, 0, red_step))
}

/// The waiting values, as (value, bonus).
fn pool(state: &State) -> Vec<(u8, bool)> {
    state.pool.iter().map(|v| (v.value, v.bonus)).collect()
}

/// The seat to move, by name, and the phase.
fn turn(game: &Game, state: &State) -> (String, Phase) {
    (game.seat_name(game.mover(state)).to_string(), state.phase)
}

fn step(from: u8, by: u8) -> Action {
    Action::step(from, by)
}

// ---------------------------------------------------------------------------
// The board: 68 squares, 12 seguros, salidas, home columns, the meta
// ---------------------------------------------------------------------------

/// Red's track: out of its nest (bottom right) onto its salida k15 (step
/// 1, square 5), counter-clockwise round the 68-square circuit through the
/// tips of the east, north and west arms to its own tip j19 (step 64,
/// square 68), up its home column j18..j12 (steps 65..71) into the meta
/// (step 72).
#[test]
fn red_goes_from_its_salida_k15_round_to_its_tip_j19_and_up_its_home_column_to_the_meta() {
    let g = game(4);
    assert_eq!(g.track(0).home(), META);
    let red: Vec<String> = (0..=META).map(|s| cell_of(&g, 0, s)).collect();
    assert_eq!(red[0], "red_nest");
    assert_eq!(&red[1..=5], ["k15", "k14", "k13", "k12", "l11"]);
    assert_eq!(red[13], "s10", "square 17, the east tip");
    assert_eq!(red[30], "j1", "square 34, the north tip");
    assert_eq!(red[47], "a10", "square 51, the west tip");
    assert_eq!(red[64], "j19", "square 68, red's own tip");
    assert_eq!(
        &red[65..=72],
        ["j18", "j17", "j16", "j15", "j14", "j13", "j12", "meta"]
    );
    // The four seats together cover the 68 squares of the circuit.
    let mut circuit: Vec<String> = (0..4)
        .flat_map(|seat| (1..=64).map(move |s| (seat, s)))
        .map(|(seat, s)| cell_of(&g, seat, s))
        .collect();
    circuit.sort();
    circuit.dedup();
    assert_eq!(circuit.len(), 68);
    // The home column is red's alone: no other seat's track passes it.
    for seat in 1..4 {
        let track: Vec<String> = (1..g.track(seat).home())
            .map(|s| cell_of(&g, seat, s))
            .collect();
        assert!(red[65..=71].iter().all(|c| !track.contains(c)));
        assert!(track.contains(&"j19".to_string()), "j19 is on the circuit");
    }
    // Each seat: its nest, its salida (squares 5, 56, 39, 22), its tip.
    let seats: Vec<[String; 3]> = (0..4)
        .map(|i| [cell_of(&g, i, NEST), cell_of(&g, i, 1), cell_of(&g, i, 64)])
        .collect();
    assert_eq!(
        seats,
        [
            ["red_nest", "k15", "j19"],
            ["blue_nest", "e11", "a10"],
            ["yellow_nest", "i5", "j1"],
            ["green_nest", "o9", "s10"],
        ]
    );
}

/// The 12 seguros: each arm's tip and the square 4 from the centre on both
/// outer columns of each arm (squares 5, 12, 17, 22, 29, 34, 39, 46, 51,
/// 56, 63, 68), the four salidas among them; none in a home column.
#[test]
fn twelve_seguros_the_tips_and_the_squares_four_from_the_centre_the_salidas_among_them() {
    let g = game(4);
    let safe: Vec<u8> = (1..META).filter(|&s| g.track(0).safe[s as usize]).collect();
    assert_eq!(safe, [1, 8, 13, 18, 25, 30, 35, 42, 47, 52, 59, 64]);
    let mut expected = [
        "k15", "o11", "s10", "o9", "k5", "j1", "i5", "e9", "a10", "e11", "i15", "j19",
    ];
    expected.sort();
    for seat in 0..4 {
        let mut names: Vec<String> = (1..META)
            .filter(|&s| g.track(seat).safe[s as usize])
            .map(|s| cell_of(&g, seat, s))
            .collect();
        names.sort();
        assert_eq!(names, expected, "{}", g.seat_name(seat));
        assert!(g.track(seat).safe[1], "the salida is a seguro");
    }
}

/// Two players sit opposite (red, yellow); three leave green out; four
/// play red, blue, yellow, green, the turn passing in that order. No
/// table of 1 or 5.
#[test]
fn tables_of_two_three_and_four_and_none_of_five() {
    let two = game(2);
    assert_eq!((two.seat_name(0), two.seat_name(1)), ("red", "yellow"));
    let three = game(3);
    let names: Vec<&str> = (0..3).map(|i| three.seat_name(i)).collect();
    assert_eq!(names, ["red", "blue", "yellow"]);
    let four = game(4);
    let names: Vec<&str> = (0..4).map(|i| four.seat_name(i)).collect();
    assert_eq!(names, ["red", "blue", "yellow", "green"]);
    for g in [&two, &three, &four] {
        assert_eq!(g.side_count(), g.players(), "everyone for himself");
        let s = g.new_initial_state();
        for seat in 0..g.players() {
            assert_eq!(s.seat_pieces(seat), NONE);
        }
    }
    assert_no_table("parchis", 1, "2, 3 or 4");
    assert_no_table("parchis", 5, "2, 3 or 4");
}

/// One die of six faces; a throw that is not a 6 passes the turn to the
/// next seat: red, blue, yellow, green; with two players red, yellow.
#[test]
fn one_die_and_the_turn_passes_red_blue_yellow_green() {
    let g = game(4);
    let faces: Vec<Vec<u8>> = g
        .chance_outcomes()
        .iter()
        .map(|o| o.values.to_vec())
        .collect();
    assert_eq!(faces, [[1], [2], [3], [4], [5], [6]]);
    // Red at step 10 threw a 3: after the move, blue throws.
    let mut s = position(&g, &[&[0, 0, 0, 10], NONE, NONE, NONE], 3);
    assert_eq!(legal(&g, &s), [step(10, 3)]);
    play(&g, &mut s, step(10, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 13]);
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
    // Blue at its step 4 threw a 2: yellow next; then green; then red.
    for (seat, next) in [(1, "yellow"), (2, "green"), (3, "red")] {
        let mut pieces: Vec<&[u8]> = vec![NONE; 4];
        pieces[seat] = &[0, 0, 0, 4];
        let mut s = build(&g, &pieces, seat, &[die(2)]);
        play(&g, &mut s, step(4, 2));
        assert_eq!(turn(&g, &s), (next.to_string(), Phase::Throw));
    }
    let two = game(2);
    let mut s = position(&two, &[&[0, 0, 0, 10], NONE], 3);
    play(&two, &mut s, step(10, 3));
    assert_eq!(turn(&two, &s), ("yellow".to_string(), Phase::Throw));
}

/// A throw no piece can use is passed: all red's pieces in the nest and a
/// 3 thrown, the turn goes to blue; a 6 that nothing can move is passed
/// too, and red throws again.
#[test]
fn a_throw_that_cannot_be_used_is_passed() {
    let g = game(4);
    let mut s = position(&g, &[NONE, NONE, NONE, NONE], 3);
    assert_eq!(legal(&g, &s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
    let mut s = position(&g, &[NONE, NONE, NONE, NONE], 6);
    assert_eq!(legal(&g, &s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
}

// ---------------------------------------------------------------------------
// Leaving the nest
// ---------------------------------------------------------------------------

/// A piece leaves the nest only on a 5, onto its salida k15 (step 1), and
/// the 5 is used up. Red: a piece at step 10, three in the nest.
#[test]
fn a_piece_leaves_the_nest_only_on_a_five_onto_its_salida() {
    let g = game(4);
    for value in [1, 2, 3, 4, 6] {
        let mut s = position(&g, &[&[0, 0, 0, 10], NONE, NONE, NONE], value);
        let (refusal, reason) = refused(&g, &mut s, step(NEST, value));
        assert_eq!(refusal, Refusal::EntryValue { first: false }, "{value}");
        assert!(reason.contains("entry: on"), "{reason}");
        assert_eq!(legal(&g, &s), [step(10, value)]);
    }
    let mut s = position(&g, &[&[0, 0, 0, 10], NONE, NONE, NONE], 5);
    play(&g, &mut s, step(NEST, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 1, 10]);
    assert_eq!(cell_of(&g, 0, 1), "k15");
    assert!(s.pool.is_empty(), "the 5 is used up");
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
}

/// A 5 must bring a piece out when one can come out (`entry { forced =
/// yes }`). Red: a piece at step 10, three in the nest, a 5 thrown: only
/// the exit is legal, the move of the piece out is refused.
#[test]
fn a_five_must_bring_a_piece_out_if_one_can() {
    let g = game(4);
    let mut s = position(&g, &[&[0, 0, 0, 10], NONE, NONE, NONE], 5);
    assert_eq!(legal(&g, &s), [step(NEST, 5)]);
    let (refusal, reason) = refused(&g, &mut s, step(10, 5));
    assert_eq!(refusal, Refusal::MustEnter);
    assert!(reason.contains("entry: forced"), "{reason}");
    // A piece of red's own already on the salida: the one coming out
    // joins it there, and must.
    let mut s = position(&g, &[&[0, 0, 1, 10], NONE, NONE, NONE], 5);
    assert_eq!(legal(&g, &s), [step(NEST, 5)]);
    play(&g, &mut s, step(NEST, 5));
    assert_eq!(s.seat_pieces(0), &[0, 1, 1, 10]);
}

/// At most two pieces on a square, the salida included: with two of red's
/// pieces on k15 (a barrier) and two in the nest, a 5 cannot bring a
/// third out, and the pieces already out move instead.
#[test]
fn a_five_moves_other_pieces_when_the_salida_holds_two_of_the_seats_own() {
    let g = game(4);
    let mut s = position(&g, &[&[0, 1, 1, 10], NONE, NONE, NONE], 5);
    let (refusal, reason) = refused(&g, &mut s, step(NEST, 5));
    assert_eq!(refusal, Refusal::CellFull(g.track(0).cell(1)));
    assert!(reason.contains("k15"), "{reason}");
    assert_eq!(legal(&g, &s), [step(1, 5), step(10, 5)]);
    play(&g, &mut s, step(1, 5));
    assert_eq!(s.seat_pieces(0), &[0, 1, 6, 10]);
}

// ---------------------------------------------------------------------------
// Sixes
// ---------------------------------------------------------------------------

/// A 6 gives another throw: red, a piece at 10 and three in the nest,
/// moves its 6 and throws again; the next throw that is no 6 passes the
/// turn.
#[test]
fn a_six_gives_another_throw() {
    let g = game(4);
    let mut s = to_throw(&g, &[&[0, 0, 0, 10], NONE, NONE, NONE]);
    play(&g, &mut s, throw_of(&g, 6));
    assert_eq!(s.pool.as_slice(), [die(6)]);
    play(&g, &mut s, step(10, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 16]);
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
    play(&g, &mut s, throw_of(&g, 4));
    play(&g, &mut s, step(16, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 20]);
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
}

/// With all four pieces out of the nest a 6 counts 7, and still throws
/// again; with a piece in the nest it counts 6. Pieces in the meta count
/// as out.
#[test]
fn with_all_four_pieces_out_a_six_counts_seven() {
    let g = game(4);
    // All four out: the 6 waits as a 7 that gives another throw.
    let mut s = to_throw(&g, &[&[3, 10, 20, 30], NONE, NONE, NONE]);
    play(&g, &mut s, throw_of(&g, 6));
    assert_eq!(s.pool.as_slice(), [die(7)]);
    assert_eq!(
        legal(&g, &s),
        [step(3, 7), step(10, 7), step(20, 7), step(30, 7)]
    );
    play(&g, &mut s, step(30, 7));
    assert_eq!(s.seat_pieces(0), &[3, 10, 20, 37]);
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
    // One in the nest: a 6 is a 6.
    let mut s = to_throw(&g, &[&[0, 10, 20, 30], NONE, NONE, NONE]);
    play(&g, &mut s, throw_of(&g, 6));
    assert_eq!(s.pool.as_slice(), [die(6)]);
    // Two in the meta, two on the track: all out, a 7.
    let mut s = to_throw(&g, &[&[10, 20, META, META], NONE, NONE, NONE]);
    play(&g, &mut s, throw_of(&g, 6));
    assert_eq!(s.pool.as_slice(), [die(7)]);
    // Other faces count as they are.
    let mut s = to_throw(&g, &[&[3, 10, 20, 30], NONE, NONE, NONE]);
    play(&g, &mut s, throw_of(&g, 5));
    assert_eq!(s.pool.as_slice(), [die(5)]);
}

/// The third 6 in a row moves nothing: the piece red moved last goes back
/// to its nest and the turn passes on. Red: pieces at 10 and 20, two in
/// the nest; it throws 6 (10 to 16), 6 (20 to 26), 6. The same in the
/// other order, on red's own tip j19 (not yet its home column), with all
/// four out (the 6s counting 7), and after a bonus move (the piece that
/// counted the 20 is the one moved last).
#[test]
fn the_third_six_in_a_row_sends_the_piece_moved_last_back_to_the_nest() {
    let g = game(4);
    let six = throw_of(&g, 6);
    let mut s = to_throw(&g, &[&[0, 0, 10, 20], NONE, NONE, NONE]);
    play(&g, &mut s, six);
    play(&g, &mut s, step(10, 6));
    play(&g, &mut s, six);
    play(&g, &mut s, step(20, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 16, 26]);
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
    play(&g, &mut s, six);
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 16], "26 went back, not 16");
    assert!(s.pool.is_empty(), "the third 6 is not moved");
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
    // The streak counts throws again in a row: from a position where two
    // have been thrown already this turn and the piece at 16 moved last,
    // the same.
    let mut s = to_throw(&g, &[&[0, 0, 10, 20], NONE, NONE, NONE]);
    play(&g, &mut s, six);
    play(&g, &mut s, step(20, 6));
    play(&g, &mut s, six);
    play(&g, &mut s, step(10, 6));
    assert_eq!(s.streak, 2);
    play(&g, &mut s, six);
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 26], "16 went back, not 26");
    // On its own tip j19 (step 64), which is on the circuit, the piece is
    // not spared.
    let mut s = to_throw(&g, &[&[0, 0, 10, 58], NONE, NONE, NONE]);
    play(&g, &mut s, six);
    play(&g, &mut s, step(10, 6));
    play(&g, &mut s, six);
    play(&g, &mut s, step(58, 6));
    assert_eq!(cell_of(&g, 0, 64), "j19");
    play(&g, &mut s, six);
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 16]);
    // With all four out the 6s count 7, and the third still sends back.
    let mut s = to_throw(&g, &[&[3, 10, 20, 30], NONE, NONE, NONE]);
    play(&g, &mut s, six);
    play(&g, &mut s, step(30, 7));
    play(&g, &mut s, six);
    play(&g, &mut s, step(20, 7));
    play(&g, &mut s, six);
    assert_eq!(s.seat_pieces(0), &[0, 3, 10, 37]);
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
    // A bonus move is a move: red's second 6 takes a blue piece on k8
    // (16 to 22) and the piece at 10 counts the 20; the third 6 sends that
    // piece, moved last, back, not the one that took.
    let blue = same_cell(&g, 1, 22);
    let mut s = to_throw(&g, &[&[0, 10, 16, 30], &[0, 0, 0, blue], NONE, NONE]);
    play(&g, &mut s, six);
    play(&g, &mut s, step(30, 6));
    play(&g, &mut s, six);
    play(&g, &mut s, step(16, 6));
    assert_eq!(s.pool.as_slice(), [bonus(20)]);
    play(&g, &mut s, step(10, 20));
    assert_eq!(s.seat_pieces(0), &[0, 22, 30, 36]);
    play(&g, &mut s, six);
    assert_eq!(s.seat_pieces(0), &[0, 0, 22, 36]);
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
}

/// The third 6 spares the piece moved last when it stands in its home
/// column (steps 65..71). Red: pieces at 10 and 60; 6 (10 to 16), 6 (60
/// to 66, j17), 6: nothing goes back, and the turn passes.
#[test]
fn the_third_six_spares_a_piece_in_its_home_column() {
    let g = game(4);
    let six = throw_of(&g, 6);
    let mut s = to_throw(&g, &[&[0, 0, 10, 60], NONE, NONE, NONE]);
    play(&g, &mut s, six);
    play(&g, &mut s, step(10, 6));
    play(&g, &mut s, six);
    play(&g, &mut s, step(60, 6));
    assert_eq!(cell_of(&g, 0, 66), "j17");
    play(&g, &mut s, six);
    assert_eq!(s.seat_pieces(0), &[0, 0, 16, 66]);
    assert!(s.pool.is_empty(), "the third 6 is not moved");
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
}

// ---------------------------------------------------------------------------
// Captures, bonuses and seguros
// ---------------------------------------------------------------------------

/// Landing on an opponent off the seguros sends it to its nest and earns a
/// bonus of 20, counted by one piece, which must be counted. Red: pieces
/// at 10 and 20; a blue piece on s9 (red's step 14); red threw a 4.
#[test]
fn a_capture_sends_the_piece_to_its_nest_and_gives_twenty_for_one_piece() {
    let g = game(4);
    let blue = same_cell(&g, 1, 14);
    assert_eq!(cell_of(&g, 0, 14), "s9");
    let mut s = position(&g, &[&[0, 0, 10, 20], &[0, 0, 5, blue], NONE, NONE], 4);
    play(&g, &mut s, step(10, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 14, 20]);
    assert_eq!(
        s.seat_pieces(1),
        &[0, 0, 0, 5],
        "blue's piece is in its nest"
    );
    assert_eq!(s.pool.as_slice(), [bonus(20)]);
    assert_eq!(g.mover(&s), 0);
    // One piece counts the whole 20; it may not be left.
    assert_eq!(legal(&g, &s), [step(14, 20), step(20, 20)]);
    let (refusal, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
    assert_eq!(g.refusal(&s, step(14, 10)), Some(Refusal::NoSuchValue));
    play(&g, &mut s, step(20, 20));
    assert_eq!(s.seat_pieces(0), &[0, 0, 14, 40]);
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
}

/// A capture with a 6: the 20 is counted, then the seat throws again.
#[test]
fn a_capture_on_a_six_counts_the_twenty_then_throws_again() {
    let g = game(4);
    let blue = same_cell(&g, 1, 14);
    let mut s = position(&g, &[&[0, 0, 8, 30], &[0, 0, 0, blue], NONE, NONE], 6);
    play(&g, &mut s, step(8, 6));
    assert_eq!(s.seat_pieces(1), NONE);
    assert_eq!(pool(&s), [(20, true)]);
    play(&g, &mut s, step(14, 20));
    assert_eq!(s.seat_pieces(0), &[0, 0, 30, 34]);
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
}

/// A bonus that no piece can count is lost: red's only piece out is at
/// step 60, 20 from it is past the meta.
#[test]
fn a_bonus_no_piece_can_count_is_lost() {
    let g = game(4);
    let mut s = build(&g, &[&[0, 0, 0, 60], NONE, NONE, NONE], 0, &[bonus(20)]);
    assert_eq!(legal(&g, &s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 60]);
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
}

/// A piece reaching the meta earns 10, counted by one other piece. Red:
/// pieces at 70 (j13) and 30, a 2 thrown.
#[test]
fn reaching_the_meta_gives_ten_for_one_piece() {
    let g = game(4);
    let mut s = position(&g, &[&[0, 0, 30, 70], NONE, NONE, NONE], 2);
    play(&g, &mut s, step(70, 2));
    assert_eq!(s.seat_pieces(0), &[0, 0, 30, META]);
    assert_eq!(s.pool.as_slice(), [bonus(10)]);
    assert_eq!(legal(&g, &s), [step(30, 10)]);
    let (refusal, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
    play(&g, &mut s, step(30, 10));
    assert_eq!(s.seat_pieces(0), &[0, 0, 40, META]);
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
}

/// Nobody is taken on a seguro: a piece landing there shares it with the
/// opponent (two colours on one square), and a third piece may not land
/// there. A blue piece on o11 (square 12, red's step 8); red at 5 threw a
/// 3.
#[test]
fn no_capture_on_a_seguro_where_two_colours_share_the_square() {
    let g = game(4);
    let blue = same_cell(&g, 1, 8);
    assert_eq!(cell_of(&g, 0, 8), "o11");
    let mut s = position(&g, &[&[0, 0, 2, 5], &[0, 0, 0, blue], NONE, NONE], 3);
    assert_eq!(legal(&g, &s), [step(2, 3), step(5, 3)]);
    play(&g, &mut s, step(5, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 2, 8]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, blue], "nobody is taken");
    assert!(s.pool.is_empty(), "no bonus");
    // A third piece, red's or another colour's, finds o11 full.
    let mut s = position(&g, &[&[0, 0, 4, 8], &[0, 0, 0, blue], NONE, NONE], 4);
    let (refusal, _) = refused(&g, &mut s, step(4, 4));
    assert_eq!(refusal, Refusal::CellFull(g.track(0).cell(8)));
    let yellow = same_cell(&g, 2, 6);
    let mut s = build(
        &g,
        &[&[0, 0, 0, 8], &[0, 0, 0, blue], &[0, 0, 0, yellow], NONE],
        2,
        &[die(2)],
    );
    let (refusal, _) = refused(&g, &mut s, step(yellow, 2));
    assert_eq!(refusal, Refusal::CellFull(g.track(0).cell(8)));
    // Two colours on a seguro are no barrier: red at 5 passes them.
    let mut s = position(&g, &[&[0, 0, 5, 8], &[0, 0, 0, blue], NONE, NONE], 6);
    play(&g, &mut s, step(5, 6));
    assert_eq!(s.seat_pieces(0), &[0, 0, 8, 11]);
}

/// A piece coming out onto its own salida takes the opponents standing
/// there, though it is a seguro, and earns 20. A blue piece on k15, red's
/// salida; red threw a 5.
#[test]
fn a_piece_coming_out_onto_its_salida_takes_an_opponent_there() {
    let g = game(4);
    let blue = same_cell(&g, 1, 1);
    let mut s = position(&g, &[&[0, 0, 0, 20], &[0, 0, 9, blue], NONE, NONE], 5);
    assert_eq!(legal(&g, &s), [step(NEST, 5)]);
    play(&g, &mut s, step(NEST, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 1, 20]);
    assert_eq!(
        s.seat_pieces(1),
        &[0, 0, 0, 9],
        "blue's piece is in its nest"
    );
    assert_eq!(s.pool.as_slice(), [bonus(20)]);
    assert_eq!(legal(&g, &s), [step(1, 20), step(20, 20)]);
    // Two colours on the salida, blue and yellow: both are taken, for one
    // bonus of 20.
    let yellow = same_cell(&g, 2, 1);
    let mut s = position(
        &g,
        &[&[0, 0, 0, 20], &[0, 0, 0, blue], &[0, 0, 0, yellow], NONE],
        5,
    );
    play(&g, &mut s, step(NEST, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 1, 20]);
    assert_eq!(s.seat_pieces(1), NONE);
    assert_eq!(s.seat_pieces(2), NONE);
    assert_eq!(s.pool.as_slice(), [bonus(20)]);
    // Red's own piece and a blue one on the salida: blue is taken, red's
    // two make a barrier there.
    let mut s = position(&g, &[&[0, 0, 1, 20], &[0, 0, 0, blue], NONE, NONE], 5);
    assert_eq!(legal(&g, &s), [step(NEST, 5)]);
    play(&g, &mut s, step(NEST, 5));
    assert_eq!(s.seat_pieces(0), &[0, 1, 1, 20]);
    assert_eq!(s.seat_pieces(1), NONE);
    // A piece that is not coming out does not take there: green, passing
    // k15 on its way, lands beside blue.
    let green = same_cell(&g, 3, 1);
    let mut s = build(
        &g,
        &[NONE, &[0, 0, 0, blue], NONE, &[0, 0, 0, green - 3]],
        3,
        &[die(3)],
    );
    play(&g, &mut s, step(green - 3, 3));
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, blue]);
    assert_eq!(s.seat_pieces(3), &[0, 0, 0, green]);
    assert!(s.pool.is_empty(), "no bonus");
}

// ---------------------------------------------------------------------------
// Barriers
// ---------------------------------------------------------------------------

/// Two pieces of one colour on a square are a barrier: no piece passes
/// it, its owner's included, nor lands on it; at most two pieces on a
/// square. Red's barrier on m9 (step 20) and a piece at 17.
#[test]
fn a_barrier_is_passed_by_no_piece_and_landed_on_by_none() {
    let g = game(4);
    let m9 = g.track(0).cell(20);
    assert_eq!(cell_of(&g, 0, 20), "m9");
    // Red's own piece behind it may not pass it (a 4 to step 21)...
    let mut s = position(&g, &[&[0, 17, 20, 20], NONE, NONE, NONE], 4);
    let (refusal, reason) = refused(&g, &mut s, step(17, 4));
    assert_eq!(refusal, Refusal::Blockade(m9, 2));
    assert!(
        reason.contains("m9") && reason.contains("stacks: pass"),
        "{reason}"
    );
    assert_eq!(legal(&g, &s), [step(20, 4)]);
    // ...nor join it (a 3), a third piece on the square.
    let mut s = position(&g, &[&[0, 17, 20, 20], NONE, NONE, NONE], 3);
    let (refusal, _) = refused(&g, &mut s, step(17, 3));
    assert_eq!(refusal, Refusal::CellFull(m9));
    // A blue piece behind it neither passes it nor lands on it.
    let blue = same_cell(&g, 1, 17);
    for (value, expected) in [
        (4, Refusal::Blockade(m9, 2)),
        (3, Refusal::LandOnBlockade(m9, 2)),
    ] {
        let mut s = build(
            &g,
            &[&[0, 0, 20, 20], &[0, 0, 0, blue], NONE, NONE],
            1,
            &[die(value)],
        );
        let (refusal, _) = refused(&g, &mut s, step(blue, value));
        assert_eq!(refusal, expected);
        assert_eq!(legal(&g, &s), [Action::Pass]);
    }
}

/// A barrier stands on a seguro too: blue's two pieces on o11 (red's step
/// 8) stop red's piece at 5, which may neither pass them nor land there
/// (the square is full).
#[test]
fn a_barrier_on_a_seguro_is_passed_by_no_piece() {
    let g = game(4);
    let o11 = g.track(0).cell(8);
    let blue = same_cell(&g, 1, 8);
    let mut s = position(&g, &[&[0, 0, 0, 5], &[0, 0, blue, blue], NONE, NONE], 4);
    let (refusal, _) = refused(&g, &mut s, step(5, 4));
    assert_eq!(refusal, Refusal::Blockade(o11, 2));
    assert_eq!(legal(&g, &s), [Action::Pass]);
    let mut s = position(&g, &[&[0, 0, 0, 5], &[0, 0, blue, blue], NONE, NONE], 3);
    let (refusal, _) = refused(&g, &mut s, step(5, 3));
    assert_eq!(
        refusal,
        Refusal::CellFull(o11),
        "two pieces fill the square"
    );
    assert_eq!(legal(&g, &s), [Action::Pass]);
}

/// Another colour's barrier on red's salida keeps red's pieces in the
/// nest: a barrier is never landed on, and the 5 moves another piece.
#[test]
fn a_barrier_of_another_colour_on_the_salida_keeps_the_pieces_in_the_nest() {
    let g = game(4);
    let blue = same_cell(&g, 1, 1);
    let mut s = position(&g, &[&[0, 0, 0, 20], &[0, 0, blue, blue], NONE, NONE], 5);
    let (refusal, _) = refused(&g, &mut s, step(NEST, 5));
    assert_eq!(refusal, Refusal::LandOnBlockade(g.track(0).cell(1), 2));
    assert_eq!(legal(&g, &s), [step(20, 5)]);
}

/// A barrier must be opened on a 6: with a 6 waiting and a barrier of red's
/// on m9 (step 20), only a move of one of its pieces is legal. With all
/// four pieces out the 6 counts 7 and the same holds.
#[test]
fn a_barrier_must_be_opened_on_a_six() {
    let g = game(4);
    let mut s = position(&g, &[&[0, 20, 20, 40], NONE, NONE, NONE], 6);
    assert_eq!(legal(&g, &s), [step(20, 6)]);
    let (refusal, reason) = refused(&g, &mut s, step(40, 6));
    assert_eq!(refusal, Refusal::BlockadeMustOpen);
    assert!(reason.contains("stacks: break_on"), "{reason}");
    play(&g, &mut s, step(20, 6));
    assert_eq!(s.seat_pieces(0), &[0, 20, 26, 40]);
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
    // All four out: the 7.
    let mut s = position(&g, &[&[5, 20, 20, 40], NONE, NONE, NONE], 7);
    assert_eq!(legal(&g, &s), [step(20, 7)]);
    let (refusal, _) = refused(&g, &mut s, step(5, 7));
    assert_eq!(refusal, Refusal::BlockadeMustOpen);
    // A barrier on the salida opens on a 6 as well.
    let mut s = position(&g, &[&[0, 1, 1, 40], NONE, NONE, NONE], 6);
    assert_eq!(legal(&g, &s), [step(1, 6)]);
    let (refusal, _) = refused(&g, &mut s, step(40, 6));
    assert_eq!(refusal, Refusal::BlockadeMustOpen);
    // Other values do not oblige.
    let s = position(&g, &[&[0, 20, 20, 40], NONE, NONE, NONE], 4);
    assert_eq!(legal(&g, &s), [step(20, 4), step(40, 4)]);
    // Nor does a bonus.
    let s = build(&g, &[&[0, 20, 20, 40], NONE, NONE, NONE], 0, &[bonus(20)]);
    assert_eq!(legal(&g, &s), [step(20, 20), step(40, 20)]);
}

/// With two barriers either will do: red's barriers on m9 (step 20) and
/// step 40, all four out, a 7 waiting.
#[test]
fn with_two_barriers_on_a_six_either_may_be_opened() {
    let g = game(4);
    let s = position(&g, &[&[20, 20, 40, 40], NONE, NONE, NONE], 7);
    assert_eq!(legal(&g, &s), [step(20, 7), step(40, 7)]);
}

/// When no piece of the barrier can move, the seat moves as it otherwise
/// may: red's barrier on m9 (step 20) with a 6, blue's barrier on red's
/// step 24 in its way; red's piece at 40 moves.
#[test]
fn a_barrier_that_cannot_move_on_a_six_lets_other_pieces_move() {
    let g = game(4);
    let blue = same_cell(&g, 1, 24);
    let mut s = position(&g, &[&[0, 20, 20, 40], &[0, 0, blue, blue], NONE, NONE], 6);
    let (refusal, _) = refused(&g, &mut s, step(20, 6));
    assert_eq!(refusal, Refusal::Blockade(g.track(0).cell(24), 2));
    assert_eq!(legal(&g, &s), [step(40, 6)]);
    play(&g, &mut s, step(40, 6));
    assert_eq!(s.seat_pieces(0), &[0, 20, 20, 46]);
    // A barrier in the home column that cannot go on (a 6 from 68 would
    // pass the meta) obliges nothing either.
    let s = position(&g, &[&[0, 10, 68, 68], NONE, NONE, NONE], 6);
    assert_eq!(legal(&g, &s), [step(10, 6)]);
}

// ---------------------------------------------------------------------------
// The meta and the end
// ---------------------------------------------------------------------------

/// The meta needs the exact count: a piece at 68 (j15), four from the
/// meta, may not move a 6; a 4 takes it in. A piece that can only
/// overshoot stays, and the throw is passed.
#[test]
fn the_meta_needs_the_exact_count() {
    let g = game(4);
    let mut s = position(&g, &[&[0, 10, 68, META], NONE, NONE, NONE], 6);
    let (refusal, reason) = refused(&g, &mut s, step(68, 6));
    assert_eq!(refusal, Refusal::Overshoot);
    assert!(reason.contains("home: exact"), "{reason}");
    assert_eq!(legal(&g, &s), [step(10, 6)]);
    let mut s = position(&g, &[&[0, 10, 68, META], NONE, NONE, NONE], 4);
    assert_eq!(legal(&g, &s), [step(10, 4), step(68, 4)]);
    play(&g, &mut s, step(68, 4));
    assert_eq!(s.seat_pieces(0), &[0, 10, META, META]);
    assert_eq!(pool(&s), [(10, true)]);
    // Only an overshoot left: the 3 is passed.
    let mut s = position(&g, &[&[70, META, META, META], NONE, NONE, NONE], 3);
    assert_eq!(legal(&g, &s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(0), &[70, META, META, META]);
    assert_eq!(turn(&g, &s), ("blue".to_string(), Phase::Throw));
}

/// The first player with all four pieces in the meta wins, and the game
/// stops there. Red: three in the meta, one at 71 (j12), a 1 thrown; with
/// a 6 (counting 7) from 65 the same, though a 6 gives another throw.
#[test]
fn the_first_with_all_four_pieces_in_the_meta_wins() {
    let g = game(4);
    for (from, value) in [(71, 1), (65, 7)] {
        let mut s = position(
            &g,
            &[&[from, META, META, META], &[0, 0, 5, 9], NONE, NONE],
            value,
        );
        play(&g, &mut s, step(from, value));
        assert_eq!(s.seat_pieces(0), &[META; 4]);
        assert_eq!(s.phase, Phase::Over);
        assert_eq!(g.actor(&s), Actor::Terminal);
        let outcome = g.outcome(&s).expect("the game is over");
        assert_eq!(outcome.winners, [0]);
        assert_eq!(outcome.winner, Some(0));
        assert_eq!(outcome.reason, EndReason::Finished);
        assert!(g.legal_actions(&s).is_empty());
    }
}

// ---------------------------------------------------------------------------
// House rule: two dice (variants/house/parchis-two-dice.variant)
// ---------------------------------------------------------------------------

fn two_dice(players: usize) -> Game {
    Game::bundled("house/parchis-two-dice", Some(players)).unwrap()
}

/// Red to move with the two dice `a` and `b` (a double gives another throw).
fn thrown(game: &Game, pieces: &[&[u8]], a: u8, b: u8) -> State {
    let again = a == b;
    let pool = [a, b].map(|value| PoolValue {
        value,
        again,
        bonus: false,
    });
    let waiting = Waiting {
        pool: pool.to_vec(),
        extra: usize::from(again),
        streak: usize::from(again),
        doubles: again,
    };
    load_position(game, pieces, 0, &waiting, true)
}

/// With two dice a piece leaves the nest on a 5 on either die, or on two
/// dice that add up to 5, using both; and a 5 must still bring one out.
/// Red with a piece on m9 (step 20) throws 2-3: the only legal move is out
/// of the nest by the 5 of both dice.
#[test]
fn two_dice_house_rule_a_total_of_five_brings_a_piece_out() {
    let g = two_dice(4);
    let mut s = thrown(&g, &[&[0, 0, 0, 20], NONE, NONE, NONE], 2, 3);
    assert_eq!(legal(&g, &s), [step(NEST, 5)]);
    play(&g, &mut s, step(NEST, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 1, 20]);
    assert!(s.pool.is_empty());
    // 5-1: the 5 brings a piece out first, then the 1 moves any piece.
    let mut s = thrown(&g, &[&[0, 0, 0, 20], NONE, NONE, NONE], 1, 5);
    assert_eq!(legal(&g, &s), [step(NEST, 5)]);
    play(&g, &mut s, step(NEST, 5));
    assert_eq!(legal(&g, &s), [step(1, 1), step(20, 1)]);
}

/// With two dice a double gives another throw and opens a barrier: red's
/// barrier on m9 (step 20) with 3-3 must move a piece of it first; 3-4, no
/// double, obliges nothing. The two pieces of the barrier do not move on
/// together to one square.
#[test]
fn two_dice_house_rule_a_double_opens_a_barrier_and_throws_again() {
    let g = two_dice(4);
    let mut s = thrown(&g, &[&[1, 20, 20, 40], NONE, NONE, NONE], 3, 3);
    assert_eq!(legal(&g, &s), [step(20, 3)]);
    let (refusal, _) = refused(&g, &mut s, step(40, 3));
    assert_eq!(refusal, Refusal::BlockadeMustOpen);
    play(&g, &mut s, step(20, 3));
    // The barrier is open: the second 3 moves any piece but the one left
    // on m9, which would follow its partner to 23 (stacks: pairs = apart).
    assert_eq!(legal(&g, &s), [step(1, 3), step(23, 3), step(40, 3)]);
    play(&g, &mut s, step(40, 3));
    assert_eq!(turn(&g, &s), ("red".to_string(), Phase::Throw));
    let s = thrown(&g, &[&[1, 20, 20, 40], NONE, NONE, NONE], 3, 4);
    assert!(legal(&g, &s).contains(&step(40, 3)));
}
