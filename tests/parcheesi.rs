//! Rule tests for Parcheesi (variants/parcheesi.variant), one test per rule
//! of the game text (shared rules/parcheesi-hu.txt) and of the board the
//! public sources give (FACTS.md, section 004).
//!
//! Positions are written as the track steps of each playing seat's four
//! pawns (0 = in the nest, 1 = on the seat's entry square, 64 = its own
//! arm's tip, 133..139 = its home row, 140 = Home) and the values waiting to
//! be used. Red (south) is the seat to move unless said otherwise; red's
//! step `s` is square `s + 4` of the circuit for `s` = 1..64. Other seats'
//! pawns are placed by the cell they stand on, found from the variant.

use pachisi::{Action, Actor, EndReason, Game, Phase, PoolValue, Refusal, State};

mod common;
use common::{Waiting, assert_no_table, cell_of, die, load_position, play, refused, step_at};

const HOME: u8 = 140;
const NEST: u8 = 0;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game(players: usize) -> Game {
    Game::bundled("parcheesi", Some(players)).unwrap()
}

/// A position: for each playing seat in turn order the steps of its four
/// pawns (any order), the seat to move, the die values waiting (from a
/// double when `doubles`, which has earned one more throw) and the bonuses
/// waiting. With no values at all, the seat is about to throw.
fn build(
    game: &Game,
    pieces: &[&[u8]],
    mover: usize,
    dice: &[u8],
    doubles: bool,
    bonus: &[u8],
) -> State {
    let mut pool: Vec<PoolValue> = dice.iter().map(|&v| die(v, doubles)).collect();
    pool.extend(bonus.iter().map(|&value| PoolValue {
        value,
        again: false,
        bonus: true,
    }));
    let waiting = Waiting {
        extra: usize::from(doubles && !pool.is_empty()),
        pool,
        streak: 0,
        doubles,
    };
    load_position(game, pieces, mover, &waiting, false)
}

/// Red to move with the values of a throw that is not a double.
fn position(game: &Game, pieces: &[&[u8]], dice: &[u8]) -> State {
    build(game, pieces, 0, dice, false, &[])
}

/// Red to move with the values of a double (two, or four with the bottom faces).
fn double(game: &Game, pieces: &[&[u8]], dice: &[u8]) -> State {
    build(game, pieces, 0, dice, true, &[])
}

/// The step of `seat`'s track on the cell of red's step `red_step`.
fn same_cell(game: &Game, seat: usize, red_step: u8) -> u8 {
    step_at(game, seat, &cell_of(game, 0, red_step))
}

/// The cell named in a refusal, if it names one.
fn refused_cell(game: &Game, refusal: Refusal) -> Option<String> {
    let name = |c| Some(game.rules().board.cell_name(c).to_string());
    match refusal {
        Refusal::Blockade(c, _)
        | Refusal::LandOnBlockade(c, _)
        | Refusal::SafeTaken(c)
        | Refusal::PairApart(c)
        | Refusal::CellFull(c) => name(c),
        _ => None,
    }
}

/// The waiting values, as (value, bonus).
fn pool(state: &State) -> Vec<(u8, bool)> {
    state.pool.iter().map(|v| (v.value, v.bonus)).collect()
}

/// The throw of the dice labelled `label`, such as `2-2`.
fn throw(game: &Game, label: &str) -> Action {
    game.parse_action(&format!("throw {label}"))
        .unwrap_or_else(|| panic!("no throw {label}"))
}

fn step(from: u8, by: u8) -> Action {
    Action::step(from, by)
}

// ---------------------------------------------------------------------------
// The board: 68 squares, 12 safe, entries, home rows, nests
// ---------------------------------------------------------------------------

#[test]
fn the_circuit_has_68_squares_numbered_counter_clockwise_from_the_south_tip() {
    let g = game(4);
    // Red's steps 1..64 are squares 5..68: from its entry k15 up its arm,
    // east along row 11, round the tips of the east (s10), north (j1) and
    // west (a10) arms, to its own tip j19.
    let red: Vec<String> = (0..=64).map(|s| cell_of(&g, 0, s)).collect();
    assert_eq!(red[0], "red_nest");
    assert_eq!(&red[1..=5], ["k15", "k14", "k13", "k12", "l11"]);
    assert_eq!(red[13], "s10", "square 17, the east tip");
    assert_eq!(red[30], "j1", "square 34, the north tip");
    assert_eq!(red[47], "a10", "square 51, the west tip");
    assert_eq!(red[64], "j19", "square 68, red's own tip");
    // The four seats together cover the 68 squares of the circuit; each
    // seat's race before its home row is 64 of them.
    let mut circuit: Vec<String> = (0..4)
        .flat_map(|seat| (1..=64).map(move |s| (seat, s)))
        .map(|(seat, s)| cell_of(&g, seat, s))
        .collect();
    circuit.sort();
    circuit.dedup();
    assert_eq!(circuit.len(), 68);
    // Squares 1..4 (k19..k16) lie between red's tip and its entry: red's
    // first lap never passes them, the others do.
    for cell in ["k19", "k18", "k17", "k16"] {
        assert!(!red.contains(&cell.to_string()));
        assert!(circuit.contains(&cell.to_string()));
    }
}

#[test]
fn twelve_safe_squares_the_tips_and_the_squares_four_from_the_centre_on_the_outer_columns() {
    let g = game(4);
    let safe: Vec<u8> = (1..=64).filter(|&s| g.track(0).safe[s as usize]).collect();
    // Squares 5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68 on red's steps.
    assert_eq!(safe, [1, 8, 13, 18, 25, 30, 35, 42, 47, 52, 59, 64]);
    let mut names: Vec<String> = safe.iter().map(|&s| cell_of(&g, 0, s)).collect();
    names.sort();
    let mut expected = [
        "k15", "o11", "s10", "o9", "k5", "j1", "i5", "e9", "a10", "e11", "i15", "j19",
    ];
    expected.sort();
    assert_eq!(names, expected);
    // Every seat meets the same twelve, all before its home row.
    for seat in 1..4 {
        let mut theirs: Vec<String> = (1..=64)
            .filter(|&s| g.track(seat).safe[s as usize])
            .map(|s| cell_of(&g, seat, s))
            .collect();
        theirs.sort();
        assert_eq!(theirs, expected, "{}", g.seat_name(seat));
        assert!((133..HOME).all(|s| !g.track(seat).safe[s as usize]));
    }
}

#[test]
fn each_seat_leaves_its_nest_in_the_corner_onto_its_entry_square_5_22_39_56() {
    let g = game(4);
    let seats: Vec<(String, String, String)> = (0..4)
        .map(|i| {
            (
                g.seat_name(i).to_string(),
                cell_of(&g, i, NEST),
                cell_of(&g, i, 1),
            )
        })
        .collect();
    let expected = [
        ("red", "red_nest", "k15"),      // square 5, south arm
        ("blue", "blue_nest", "e11"),    // square 56, west arm
        ("yellow", "yellow_nest", "i5"), // square 39, north arm
        ("green", "green_nest", "o9"),   // square 22, east arm
    ];
    for ((name, nest, entry), (n, ne, e)) in seats.iter().zip(expected) {
        assert_eq!((name.as_str(), nest.as_str(), entry.as_str()), (n, ne, e));
    }
    // The nests are the corners: red's is the bottom right, next to k15.
    let board = &g.rules().board;
    let red_nest = &board.cells[g.track(0).cell(NEST).0 as usize];
    assert_eq!(
        (red_nest.x, red_nest.y, red_nest.w, red_nest.h),
        (11, 11, 8, 8)
    );
    // The entry squares are safe, 17 squares apart: on red's way, green's
    // o9 (square 22), yellow's i5 (39) and blue's e11 (56).
    let entries: Vec<u8> = (1..4)
        .map(|seat| step_at(&g, 0, &cell_of(&g, seat, 1)))
        .collect();
    assert_eq!(entries, [52, 35, 18]);
    assert!((0..4).all(|seat| g.track(seat).safe[1]));
}

#[test]
fn the_home_row_is_seven_squares_up_the_middle_column_into_home() {
    let g = game(4);
    let red: Vec<String> = std::iter::once(64)
        .chain(133..=HOME)
        .map(|s| cell_of(&g, 0, s))
        .collect();
    assert_eq!(
        red,
        [
            "j19",
            "j18",
            "j17",
            "j16",
            "j15",
            "j14",
            "j13",
            "j12",
            "home_square"
        ]
    );
    let yellow: Vec<String> = (133..HOME).map(|s| cell_of(&g, 2, s)).collect();
    assert_eq!(yellow, ["j2", "j3", "j4", "j5", "j6", "j7", "j8"]);
    // A home row is its seat's only: no other seat passes red's.
    for seat in 1..4 {
        let track: Vec<String> = (1..HOME).map(|s| cell_of(&g, seat, s)).collect();
        assert!(red[1..8].iter().all(|c| !track.contains(c)));
    }
}

#[test]
fn pawns_go_counter_clockwise_and_the_turn_passes_to_the_left() {
    let g = game(4);
    // From k15 red goes up its arm and then east (right): counter-clockwise.
    assert_eq!(cell_of(&g, 0, 5), "l11");
    assert_eq!(cell_of(&g, 0, 14), "s9");
    // The turn goes red (south), blue (west), yellow (north), green (east).
    let names: Vec<&str> = (0..4).map(|i| g.seat_name(i)).collect();
    assert_eq!(names, ["red", "blue", "yellow", "green"]);
    // Red throws 2-3 and moves both dice; blue, on red's left, throws next.
    let mut s = position(&g, &[&[10, 0, 0, 0], &[0; 4], &[0; 4], &[0; 4]], &[2, 3]);
    play(&g, &mut s, step(10, 2));
    play(&g, &mut s, step(12, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 15]);
    assert_eq!((g.seat_name(g.mover(&s)), s.phase), ("blue", Phase::Throw));
}

#[test]
fn two_players_sit_opposite_three_and_four_each_for_himself() {
    let two = game(2);
    assert_eq!((two.seat_name(0), two.seat_name(1)), ("red", "yellow"));
    let three = game(3);
    let names: Vec<&str> = (0..3).map(|i| three.seat_name(i)).collect();
    assert_eq!(names, ["red", "blue", "yellow"]);
    for g in [&two, &three, &game(4)] {
        assert_eq!(g.side_count(), g.players());
        let s = g.new_initial_state();
        for seat in 0..g.players() {
            assert_eq!(s.seat_pieces(seat), &[0, 0, 0, 0]);
        }
    }
    assert_no_table("parcheesi", 1, "2, 3 or 4");
    assert_no_table("parcheesi", 5, "2, 3 or 4");
}

// ---------------------------------------------------------------------------
// The dice
// ---------------------------------------------------------------------------

#[test]
fn two_dice_of_six_faces_and_doubles_throw_again() {
    let g = game(4);
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 21);
    let total = g.rules().dice.total;
    for o in outcomes {
        let double = o.values[0] == o.values[1];
        assert_eq!(o.again, double, "{}", o.label);
        assert_eq!(o.weight * 36, if double { 1 } else { 2 } * total);
    }
}

#[test]
fn a_throw_that_cannot_be_used_loses_the_turn() {
    let g = game(4);
    // All red pawns in the nest; 3-4 brings none out (no 5, the sum is 7).
    let mut s = position(&g, &[&[0; 4], &[0; 4], &[0; 4], &[0; 4]], &[3, 4]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!((g.seat_name(g.mover(&s)), s.phase), ("blue", Phase::Throw));
}

// ---------------------------------------------------------------------------
// Leaving the nest
// ---------------------------------------------------------------------------

#[test]
fn only_pawns_out_of_the_nest_move_and_a_pawn_leaves_it_only_on_a_five() {
    let g = game(4);
    // Red: one pawn at step 10 (q11), three in the nest; red threw 5-3.
    let mut s = position(&g, &[&[0, 0, 0, 10], &[0; 4], &[0; 4], &[0; 4]], &[5, 3]);
    // The 5 may bring a pawn out onto k15; the 3 may not.
    let (refusal, reason) = refused(&g, &mut s, step(NEST, 3));
    assert_eq!(refusal, Refusal::EntryValue { first: false });
    assert!(reason.contains("entry: on"), "{reason}");
    play(&g, &mut s, step(NEST, 5));
    // The pawn stands on its entry square, step 1; the 5 is used up.
    assert_eq!(s.seat_pieces(0), &[0, 0, 1, 10]);
    assert_eq!(cell_of(&g, 0, 1), "k15");
    assert_eq!(pool(&s), [(3, false)]);
}

#[test]
fn a_pawn_leaves_the_nest_on_two_dice_adding_up_to_five_which_uses_both() {
    let g = game(4);
    for dice in [[1, 4], [2, 3]] {
        // All red pawns in the nest: the sum brings one out.
        let mut s = position(&g, &[&[0; 4], &[0; 4], &[0; 4], &[0; 4]], &dice);
        assert_eq!(g.legal_actions(&s), [step(NEST, 5)], "{dice:?}");
        play(&g, &mut s, step(NEST, 5));
        assert_eq!(s.seat_pieces(0), &[0, 0, 0, 1]);
        // Both dice are used: the turn has passed to blue.
        assert!(s.pool.is_empty());
        assert_eq!((g.mover(&s), s.phase), (1, Phase::Throw));
    }
}

#[test]
fn entering_by_the_sum_is_allowed_while_another_pawn_could_use_the_dice() {
    let g = game(4);
    // Red: one pawn at step 10, three in the nest; red threw 1-4. Bringing
    // a pawn out by the sum uses both dice, as many as moving 1 and 4.
    let s = position(&g, &[&[0, 0, 0, 10], &[0; 4], &[0; 4], &[0; 4]], &[1, 4]);
    let legal = g.legal_actions(&s);
    assert!(legal.contains(&step(NEST, 5)), "{legal:?}");
    assert!(legal.contains(&step(10, 1)) && legal.contains(&step(10, 4)));
}

#[test]
fn a_pawn_out_of_the_nest_by_the_sum_cannot_go_round_the_second_lap() {
    let g = game(4);
    // All red pawns in the nest; red threw 2-3. The sum brings a pawn out
    // onto its entry square, far short of the second lap: asked to go
    // round it, the move is refused for that, not for another rule.
    let mut s = position(&g, &[&[0; 4], &[0; 4], &[0; 4], &[0; 4]], &[2, 3]);
    let round = Action::Round {
        from: NEST,
        count: 1,
        by: 5,
    };
    let (refusal, reason) = refused(&g, &mut s, round);
    assert_eq!(refusal, Refusal::NoDetour);
    assert!(reason.contains("does not reach the detour"), "{reason}");
}

#[test]
fn double_five_brings_out_two_pawns() {
    let g = game(4);
    let mut s = build(
        &g,
        &[&[0; 4], &[0; 4], &[0; 4], &[0; 4]],
        0,
        &[],
        false,
        &[],
    );
    play(&g, &mut s, throw(&g, "5-5"));
    // Pawns are in the nest: the double is two fives, no bottom faces.
    assert_eq!(pool(&s), [(5, false), (5, false)]);
    play(&g, &mut s, step(NEST, 5));
    play(&g, &mut s, step(NEST, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 1, 1]);
    // And red throws again.
    assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw));
}

#[test]
fn a_five_need_not_bring_a_pawn_out() {
    let g = game(4);
    // Red: one pawn at step 10, three in the nest; red threw 5-6. The 5 may
    // move the pawn already out instead (entry: forced = no).
    let s = position(&g, &[&[0, 0, 0, 10], &[0; 4], &[0; 4], &[0; 4]], &[5, 6]);
    assert_eq!(
        g.legal_actions(&s),
        [step(NEST, 5), step(10, 5), step(10, 6)]
    );
}

// ---------------------------------------------------------------------------
// Using the dice
// ---------------------------------------------------------------------------

#[test]
fn without_doubles_one_die_a_pawn_or_both_dice_on_one_pawn() {
    let g = game(4);
    let start: &[&[u8]] = &[&[0, 0, 10, 20], &[0; 4], &[0; 4], &[0; 4]];
    // Red threw 2-6: each die may move either pawn.
    let s = position(&g, start, &[2, 6]);
    assert_eq!(
        g.legal_actions(&s),
        [step(10, 2), step(10, 6), step(20, 2), step(20, 6)]
    );
    // One die a pawn: 10 -> 12 and 20 -> 26.
    let mut one_each = s.clone();
    play(&g, &mut one_each, step(10, 2));
    play(&g, &mut one_each, step(20, 6));
    assert_eq!(one_each.seat_pieces(0), &[0, 0, 12, 26]);
    // Both dice on one pawn, die by die: 10 -> 12 -> 18.
    let mut both = s;
    play(&g, &mut both, step(10, 2));
    play(&g, &mut both, step(12, 6));
    assert_eq!(both.seat_pieces(0), &[0, 0, 18, 20]);
    // The sum is not one move of 8.
    let s = position(&g, start, &[2, 6]);
    assert_eq!(g.refusal(&s, step(10, 8)), Some(Refusal::NoSuchValue));
}

#[test]
fn the_sum_on_one_pawn_is_moved_die_by_die_and_takes_on_the_way() {
    let g = game(4);
    // The text's example: red threw 2-2 (a pawn is in the nest, so no
    // bottom faces); a blue pawn stands two squares ahead of red's pawn at
    // step 10, on s11 (not safe).
    let blue = same_cell(&g, 1, 12);
    assert_eq!(cell_of(&g, 0, 12), "s11");
    let mut s = double(
        &g,
        &[&[0, 0, 0, 10], &[0, 0, 0, blue], &[0; 4], &[0; 4]],
        &[2, 2],
    );
    play(&g, &mut s, step(10, 2));
    // The first 2 lands on the blue pawn: it goes back to its nest.
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, 0]);
    // The capture's 20 waits after the other 2.
    assert_eq!(pool(&s), [(2, false), (20, true)]);
    play(&g, &mut s, step(12, 2));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 14]);
}

#[test]
fn every_throw_must_be_used_and_a_move_that_wastes_a_die_is_refused() {
    let g = game(4);
    // Red: a pawn at step 138 (two from Home) and one at 20; blue has a
    // blockade at red's step 22 (k8). Red threw 1-2.
    let blue = same_cell(&g, 1, 22);
    let start: &[&[u8]] = &[&[0, 0, 20, 138], &[0, 0, blue, blue], &[0; 4], &[0; 4]];
    let mut s = position(&g, start, &[1, 2]);
    // 138 by 1 would leave the 2 unusable (past Home; onto the blockade);
    // 138 by 2 or 20 by 1 lets both dice be used.
    assert_eq!(g.legal_actions(&s), [step(20, 1), step(138, 2)]);
    let (refusal, reason) = refused(&g, &mut s, step(138, 1));
    assert_eq!(refusal, Refusal::MustUseMost);
    assert!(reason.contains("turn: use = most"), "{reason}");
    // Nor may a usable throw be given up.
    let (refusal, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
}

#[test]
fn when_only_one_die_can_be_used_the_smaller_is_given_up() {
    let g = game(2);
    // Red: one pawn at step 59 (i15), three in the nest; yellow has a
    // blockade on j19, red's step 64. Red threw 3-4: either die alone can
    // be moved, both cannot (66 is past the blockade).
    let yellow = same_cell(&g, 1, 64);
    let mut s = position(&g, &[&[0, 0, 0, 59], &[0, 0, yellow, yellow]], &[3, 4]);
    assert_eq!(g.legal_actions(&s), [step(59, 4)]);
    let (refusal, _) = refused(&g, &mut s, step(59, 3));
    assert_eq!(refusal, Refusal::MustUseMost);
    play(&g, &mut s, step(59, 4));
    // The 3 cannot be used now: it is given up.
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
}

// ---------------------------------------------------------------------------
// Doubles
// ---------------------------------------------------------------------------

#[test]
fn doubles_with_all_pawns_out_move_the_top_and_bottom_faces_fourteen_squares() {
    let g = game(4);
    // All red pawns out of the nest; red throws 2-2: 2, 2 and the bottom
    // faces 5, 5.
    let out: &[&[u8]] = &[&[3, 10, 20, 30], &[0; 4], &[0; 4], &[0; 4]];
    let mut s = build(&g, out, 0, &[], false, &[]);
    play(&g, &mut s, throw(&g, "2-2"));
    let mut values: Vec<u8> = s.pool.iter().map(|v| v.value).collect();
    values.sort_unstable();
    assert_eq!(values, [2, 2, 5, 5]);
    assert_eq!(values.iter().map(|&v| v as u32).sum::<u32>(), 14);
    // The four moves may go to one pawn: 30 -> 32 -> 34 -> 39 -> 44.
    for by in [2, 2, 5, 5] {
        let from = s.seat_pieces(0)[3];
        play(&g, &mut s, step(from, by));
    }
    assert_eq!(s.seat_pieces(0), &[3, 10, 20, 44]);
    // Every double: top t and bottom 7 - t, twice each.
    for t in 1..=6u8 {
        let mut s = build(&g, out, 0, &[], false, &[]);
        play(&g, &mut s, throw(&g, &format!("{t}-{t}")));
        let mut values: Vec<u8> = s.pool.iter().map(|v| v.value).collect();
        values.sort_unstable();
        let mut expected = vec![t, t, 7 - t, 7 - t];
        expected.sort_unstable();
        assert_eq!(values, expected);
    }
    // With a pawn still in the nest, a double is just its two top faces.
    let mut s = build(
        &g,
        &[&[0, 10, 20, 30], &[0; 4], &[0; 4], &[0; 4]],
        0,
        &[],
        false,
        &[],
    );
    play(&g, &mut s, throw(&g, "2-2"));
    assert_eq!(pool(&s), [(2, false), (2, false)]);
}

#[test]
fn after_doubles_the_player_throws_again() {
    let g = game(4);
    let mut s = double(
        &g,
        &[&[3, 10, 20, 30], &[0; 4], &[0; 4], &[0; 4]],
        &[1, 1, 6, 6],
    );
    for (from, by) in [(3, 1), (4, 1), (10, 6), (20, 6)] {
        play(&g, &mut s, step(from, by));
    }
    assert_eq!(s.seat_pieces(0), &[5, 16, 26, 30]);
    assert_eq!((g.mover(&s), s.phase), (0, Phase::Throw));
    // A throw that is not a double passes the turn after it is moved.
    play(&g, &mut s, throw(&g, "1-2"));
    play(&g, &mut s, step(5, 1));
    play(&g, &mut s, step(6, 2));
    assert_eq!((g.seat_name(g.mover(&s)), s.phase), ("blue", Phase::Throw));
}

#[test]
fn three_doubles_in_a_row_are_no_penalty_in_the_text_but_a_house_rule_sends_the_leader_back() {
    // The text: a third double is moved like any other.
    let g = game(4);
    let pieces: &[&[u8]] = &[&[10, 20, 30, 134], &[0; 4], &[0; 4], &[0; 4]];
    let mut third = build(&g, pieces, 0, &[], false, &[]);
    third.streak = 2;
    play(&g, &mut third, throw(&g, "3-3"));
    assert_eq!(third.phase, Phase::Move);
    assert_eq!(third.seat_pieces(0), &[10, 20, 30, 134]);

    // The common house rule (docs/games/parcheesi.md).
    let house = "extends \"parcheesi\"\n\
                 game \"Parcheesi, three doubles\" { }\n\
                 turn { again_limit = 3 over_limit = send_back_leader }\n";
    let h = Game::from_source("three-doubles.variant", house, Some(4)).unwrap();
    let mut second = build(&h, pieces, 0, &[], false, &[]);
    second.streak = 1;
    play(&h, &mut second, throw(&h, "3-3"));
    assert_eq!(second.phase, Phase::Move, "a second double is moved");
    let mut third = build(&h, pieces, 0, &[], false, &[]);
    third.streak = 2;
    play(&h, &mut third, throw(&h, "3-3"));
    // The pawn nearest Home (134, on the home row) goes back to the nest and
    // the turn passes without a move.
    assert_eq!(third.seat_pieces(0), &[0, 10, 20, 30]);
    assert_eq!(
        (h.seat_name(h.mover(&third)), third.phase),
        ("blue", Phase::Throw)
    );
}

// ---------------------------------------------------------------------------
// Captures and safe squares
// ---------------------------------------------------------------------------

#[test]
fn landing_on_an_opponent_sends_it_to_its_nest() {
    let g = game(4);
    // A blue pawn on red's step 14 (s9, not safe); red at 10 threw 4-1.
    let blue = same_cell(&g, 1, 14);
    let mut s = position(
        &g,
        &[&[0, 0, 0, 10], &[0, 0, 5, blue], &[0; 4], &[0; 4]],
        &[4, 1],
    );
    play(&g, &mut s, step(10, 4));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 14]);
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, 5]);
}

#[test]
fn no_landing_on_a_safe_square_held_by_an_opponent() {
    let g = game(4);
    // A blue pawn on o11 (square 12, red's step 8, safe); red at 5 threw 3-6.
    let blue = same_cell(&g, 1, 8);
    let mut s = position(
        &g,
        &[&[0, 0, 0, 5], &[0, 0, 0, blue], &[0; 4], &[0; 4]],
        &[3, 6],
    );
    let (refusal, reason) = refused(&g, &mut s, step(5, 3));
    assert_eq!(refused_cell(&g, refusal).as_deref(), Some("o11"));
    assert!(matches!(refusal, Refusal::SafeTaken(_)));
    assert!(reason.contains("capture: safe_shared = no"), "{reason}");
    // Passing it is allowed: 5 -> 11.
    play(&g, &mut s, step(5, 6));
    assert_eq!(s.seat_pieces(1), &[0, 0, 0, blue], "nobody is taken");
    // Nor on another seat's entry square: green's o9 (red's step 18).
    let green = same_cell(&g, 3, 18);
    let mut s = position(
        &g,
        &[&[0, 0, 0, 16], &[0; 4], &[0; 4], &[0, 0, 0, green]],
        &[2, 1],
    );
    let (refusal, _) = refused(&g, &mut s, step(16, 2));
    assert!(matches!(refusal, Refusal::SafeTaken(_)));
}

#[test]
fn a_pawn_leaving_the_nest_takes_a_single_opponent_on_its_entry_square() {
    let g = game(4);
    // A yellow pawn stands on k15, red's entry square (safe); red threw 5-2.
    let yellow = same_cell(&g, 2, 1);
    let mut s = position(
        &g,
        &[&[0; 4], &[0; 4], &[0, 0, 20, yellow], &[0; 4]],
        &[5, 2],
    );
    play(&g, &mut s, step(NEST, 5));
    assert_eq!(s.seat_pieces(0), &[0, 0, 0, 1]);
    assert_eq!(
        s.seat_pieces(2),
        &[0, 0, 0, 20],
        "yellow's pawn is back in its nest"
    );
    // The capture earns 20, waiting after the die.
    assert_eq!(pool(&s), [(2, false), (20, true)]);
    // The yellow pawn may not be taken there by a pawn that is not leaving
    // the nest: blue passes k15 on its way, and it is safe for blue.
    let blue_from = same_cell(&g, 1, 1) - 3;
    let mut s = build(
        &g,
        &[&[0; 4], &[0, 0, 0, blue_from], &[0, 0, 20, yellow], &[0; 4]],
        1,
        &[3, 1],
        false,
        &[],
    );
    let (refusal, _) = refused(&g, &mut s, step(blue_from, 3));
    assert!(matches!(refusal, Refusal::SafeTaken(_)));
}

#[test]
fn a_capture_gives_twenty_squares_for_one_pawn_after_the_dice() {
    let g = game(4);
    // Red at 10 threw 4-3; a blue pawn on s9 (red's step 14).
    let blue = same_cell(&g, 1, 14);
    let mut s = position(
        &g,
        &[&[0, 0, 20, 10], &[0, 0, 0, blue], &[0; 4], &[0; 4]],
        &[4, 3],
    );
    play(&g, &mut s, step(10, 4));
    assert_eq!(pool(&s), [(3, false), (20, true)]);
    // The bonus waits until the dice are used.
    let (refusal, reason) = refused(&g, &mut s, step(20, 20));
    assert_eq!(refusal, Refusal::BonusAfterDice);
    assert!(reason.contains("turn: bonus = after_dice"), "{reason}");
    play(&g, &mut s, step(14, 3));
    // It is not split between pawns: it moves one pawn 20.
    assert_eq!(
        g.legal_actions(&s),
        [step(17, 20), step(20, 20), Action::Pass]
    );
    assert_eq!(g.refusal(&s, step(17, 10)), Some(Refusal::NoSuchValue));
    play(&g, &mut s, step(20, 20));
    assert_eq!(s.seat_pieces(0), &[0, 0, 17, 40]);
    assert_eq!(g.seat_name(g.mover(&s)), "blue");
}

#[test]
fn a_pawn_reaching_home_gives_ten_squares_for_one_pawn() {
    let g = game(4);
    // Red: pawns at 137 and 30; red threw 3-2.
    let mut s = position(&g, &[&[0, 0, 30, 137], &[0; 4], &[0; 4], &[0; 4]], &[3, 2]);
    play(&g, &mut s, step(137, 3));
    assert_eq!(s.seat_pieces(0), &[0, 0, 30, HOME]);
    assert_eq!(pool(&s), [(2, false), (10, true)]);
    play(&g, &mut s, step(30, 2));
    play(&g, &mut s, step(32, 10));
    assert_eq!(s.seat_pieces(0), &[0, 0, 42, HOME]);
}

#[test]
fn an_unclaimed_bonus_is_lost_at_the_end_of_the_turn() {
    let g = game(4);
    // Only a bonus of 20 waits: red may leave it, and it is gone.
    let mut s = build(
        &g,
        &[&[0, 0, 10, 30], &[0; 4], &[0; 4], &[0; 4]],
        0,
        &[],
        false,
        &[20],
    );
    assert_eq!(
        g.legal_actions(&s),
        [step(10, 20), step(30, 20), Action::Pass]
    );
    play(&g, &mut s, Action::Pass);
    assert!(s.pool.is_empty());
    assert_eq!((g.seat_name(g.mover(&s)), s.phase), ("blue", Phase::Throw));
}

// ---------------------------------------------------------------------------
// Blockades
// ---------------------------------------------------------------------------

#[test]
fn a_blockade_is_passed_by_no_one_its_owner_included() {
    let g = game(4);
    // Red has a blockade on m9 (step 20) and a pawn at 17; red threw 4-1.
    let mut s = position(&g, &[&[0, 17, 20, 20], &[0; 4], &[0; 4], &[0; 4]], &[4, 1]);
    let (refusal, reason) = refused(&g, &mut s, step(17, 4));
    assert_eq!(refusal, Refusal::Blockade(g.track(0).cell(20), 2));
    assert!(
        reason.contains("m9") && reason.contains("stacks: pass"),
        "{reason}"
    );
    // Nor may a blue pawn behind it pass it.
    let blue = same_cell(&g, 1, 17);
    let mut s = build(
        &g,
        &[&[0, 0, 20, 20], &[0, 0, 0, blue], &[0; 4], &[0; 4]],
        1,
        &[4, 6],
        false,
        &[],
    );
    let (refusal, _) = refused(&g, &mut s, step(blue, 4));
    assert_eq!(refused_cell(&g, refusal).as_deref(), Some("m9"));
}

#[test]
fn no_one_lands_on_a_blockade_not_even_to_leave_the_nest() {
    let g = game(4);
    // Blue has a blockade on k15, red's entry square; red threw 5-1.
    let blue = same_cell(&g, 1, 1);
    let mut s = position(
        &g,
        &[&[0, 0, 0, 10], &[0, 0, blue, blue], &[0; 4], &[0; 4]],
        &[5, 1],
    );
    let (refusal, reason) = refused(&g, &mut s, step(NEST, 5));
    assert_eq!(refusal, Refusal::LandOnBlockade(g.track(0).cell(1), 2));
    assert!(reason.contains("k15"), "{reason}");
    // Nor on a blockade elsewhere: blue's two pawns on q11 (red's step 10).
    let blue = same_cell(&g, 1, 10);
    let mut s = position(
        &g,
        &[&[0, 0, 0, 7], &[0, 0, blue, blue], &[0; 4], &[0; 4]],
        &[3, 1],
    );
    let (refusal, _) = refused(&g, &mut s, step(7, 3));
    assert!(matches!(refusal, Refusal::LandOnBlockade(_, 2)));
}

#[test]
fn blockade_pawns_do_not_move_on_together_with_doubles() {
    let g = game(4);
    // Red's blockade on m9 (step 20); all pawns out; red threw 3-3: 3, 3, 4, 4.
    let mut s = double(
        &g,
        &[&[5, 20, 20, 40], &[0; 4], &[0; 4], &[0; 4]],
        &[3, 3, 4, 4],
    );
    play(&g, &mut s, step(20, 3));
    let (refusal, reason) = refused(&g, &mut s, step(20, 3));
    assert_eq!(refusal, Refusal::PairApart(g.track(0).cell(23)));
    assert!(reason.contains("stacks: pairs = apart"), "{reason}");
    // The other pawn may go on by another value, or stay.
    play(&g, &mut s, step(20, 4));
    assert_eq!(s.seat_pieces(0), &[5, 23, 24, 40]);
}

#[test]
fn blockade_pawns_do_not_meet_again_further_on_in_the_same_throw() {
    let g = game(4);
    // As above: 20 -> 23 and 20 -> 24; then 23 by 4 reaches 27, and 24 by 3
    // would bring the second pawn there too, the blockade moved on by 7.
    let mut s = double(
        &g,
        &[&[5, 20, 20, 40], &[0; 4], &[0; 4], &[0; 4]],
        &[3, 3, 4, 4],
    );
    play(&g, &mut s, step(20, 3));
    play(&g, &mut s, step(20, 4));
    play(&g, &mut s, step(23, 4));
    let (refusal, _) = refused(&g, &mut s, step(24, 3));
    assert_eq!(refusal, Refusal::PairApart(g.track(0).cell(27)));
}

/// A throw may break two blockades: each pair is kept apart, not only the
/// first one broken.
#[test]
fn the_pawns_of_every_blockade_broken_in_a_throw_stay_apart() {
    let g = game(4);
    // Red's blockades on step 87 (the second lap, m9) and 138 (j13, its
    // home row); all pawns out, red threw 6-6: 6, 6, 1, 1.
    let mut s = double(
        &g,
        &[&[87, 87, 138, 138], &[0; 4], &[0; 4], &[0; 4]],
        &[6, 6, 1, 1],
    );
    play(&g, &mut s, step(138, 1));
    play(&g, &mut s, step(87, 6));
    // The second pawn of the 87 blockade may not follow the first to 93,
    // nor the second of the 138 blockade its partner to 139.
    let (refusal, reason) = refused(&g, &mut s, step(87, 6));
    assert_eq!(refusal, Refusal::PairApart(g.track(0).cell(93)));
    assert!(reason.contains("stacks: pairs = apart"), "{reason}");
    let (refusal, _) = refused(&g, &mut s, step(138, 1));
    assert_eq!(refusal, Refusal::PairApart(g.track(0).cell(139)));
    assert_eq!(s.split.pairs(), [(139, 138), (93, 87)]);
    assert_eq!(
        g.legal_actions(&s),
        [step(87, 1), step(93, 1), step(93, 6), step(139, 1)]
    );
    assert_eq!(g.reference_difference(&s), None);
}

#[test]
fn no_more_than_two_pawns_on_a_square() {
    let g = game(4);
    // Red's blockade on m9 (step 20) and a pawn at 17; red threw 3-5.
    let mut s = position(&g, &[&[0, 17, 20, 20], &[0; 4], &[0; 4], &[0; 4]], &[3, 5]);
    let (refusal, _) = refused(&g, &mut s, step(17, 3));
    assert_eq!(refusal, Refusal::CellFull(g.track(0).cell(20)));
    // Nor a third pawn out of the nest onto its own blockade on k15.
    let mut s = position(&g, &[&[0, 1, 1, 30], &[0; 4], &[0; 4], &[0; 4]], &[5, 3]);
    let (refusal, _) = refused(&g, &mut s, step(NEST, 5));
    assert_eq!(refusal, Refusal::CellFull(g.track(0).cell(1)));
}

// ---------------------------------------------------------------------------
// Home and the end
// ---------------------------------------------------------------------------

#[test]
fn home_only_with_an_exact_die_sum_or_whole_bonus() {
    let g = game(4);
    // A pawn at 137 (j14), three from Home; red threw 5-6: both go past.
    let mut s = position(
        &g,
        &[&[30, 137, HOME, HOME], &[0; 4], &[0; 4], &[0; 4]],
        &[5, 6],
    );
    let (refusal, reason) = refused(&g, &mut s, step(137, 5));
    assert_eq!(refusal, Refusal::Overshoot);
    assert!(reason.contains("home: exact"), "{reason}");
    assert_eq!(g.legal_actions(&s), [step(30, 5), step(30, 6)]);
    // The sum, die by die: 134 -> 136 -> 140 on 2-4.
    let mut s = position(
        &g,
        &[&[30, 134, HOME, HOME], &[0; 4], &[0; 4], &[0; 4]],
        &[2, 4],
    );
    play(&g, &mut s, step(134, 2));
    play(&g, &mut s, step(136, 4));
    assert_eq!(s.seat_pieces(0), &[30, HOME, HOME, HOME]);
    // A whole bonus: 62 + 10 is Home; 133 + 10 is past it.
    let s = build(
        &g,
        &[&[30, 62, 133, HOME], &[0; 4], &[0; 4], &[0; 4]],
        0,
        &[],
        false,
        &[10],
    );
    assert_eq!(g.refusal(&s, step(62, 10)), None);
    assert_eq!(g.refusal(&s, step(133, 10)), Some(Refusal::Overshoot));
}

#[test]
fn all_four_pawns_home_wins() {
    let g = game(4);
    let mut s = position(
        &g,
        &[&[138, HOME, HOME, HOME], &[0, 0, 5, 9], &[0; 4], &[0; 4]],
        &[2, 3],
    );
    play(&g, &mut s, step(138, 2));
    assert_eq!(g.actor(&s), Actor::Terminal);
    let outcome = g.outcome(&s).expect("the game is over");
    assert_eq!(outcome.winners, [0]);
    assert_eq!(outcome.reason, EndReason::Finished);
}

#[test]
fn a_pawn_at_the_end_of_the_circuit_turns_into_its_home_row() {
    // Open item (docs/games/parcheesi.md): the text lets a pawn pass its
    // home row and go round again; a track is one path, so here it always
    // turns in: from its tip j19 (step 64) the next square is j18.
    let g = game(4);
    let mut s = position(&g, &[&[0, 0, 10, 63], &[0; 4], &[0; 4], &[0; 4]], &[1, 3]);
    play(&g, &mut s, step(63, 1));
    play(&g, &mut s, step(64, 3));
    assert_eq!(cell_of(&g, 0, 135), "j16");
    assert_eq!(s.seat_pieces(0), &[0, 0, 10, 135]);
}

// ---------------------------------------------------------------------------
// The pictures in docs/games/parcheesi.md
// ---------------------------------------------------------------------------

/// Parcheesi with the local blockade rule (variants/house/parcheesi-blockade-limit.variant).
fn blockade_limit() -> Game {
    Game::from_source(
        "variants/house/parcheesi-blockade-limit.variant",
        include_str!("../variants/house/parcheesi-blockade-limit.variant"),
        Some(4),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn house_rule_a_blockade_counts_the_turns_it_stands() {
    // Red holds a blockade at step 20 and moves two other pawns with 1-2:
    // at the end of the turn the blockade has stood one turn.
    let g = blockade_limit();
    let nest: &[u8] = &[NEST; 4];
    let mut s = position(&g, &[&[20, 20, 30, 40], nest, nest, nest], &[1, 2]);
    play(&g, &mut s, step(30, 1));
    play(&g, &mut s, step(40, 2));
    assert_eq!(s.phase, Phase::Throw);
    assert_eq!(s.blockade_ages.as_slice(), &[(0, 20, 1)]);
}

#[test]
fn house_rule_a_blockade_that_stood_three_turns_must_be_broken() {
    // The same blockade has stood three of red's turns: with 3-4 red must
    // move a pawn off it, though other pawns could use the dice.
    let g = blockade_limit();
    let nest: &[u8] = &[NEST; 4];
    let mut s = position(&g, &[&[20, 20, 30, 40], nest, nest, nest], &[3, 4]);
    s.blockade_ages.push((0, 20, 3));
    assert_eq!(g.legal_actions(&s), [step(20, 3), step(20, 4)]);
    let (refusal, reason) = refused(&g, &mut s, step(30, 3));
    assert_eq!(refusal, Refusal::BlockadeOverdue);
    assert!(reason.contains("must be broken"), "{reason}");
    // Two turns old, it may stand.
    let mut s = position(&g, &[&[20, 20, 30, 40], nest, nest, nest], &[3, 4]);
    s.blockade_ages.push((0, 20, 2));
    assert!(g.legal_actions(&s).contains(&step(30, 3)));
}

#[test]
fn without_the_house_rule_a_blockade_stands_as_long_as_its_owner_likes() {
    let g = game(4);
    let nest: &[u8] = &[NEST; 4];
    let mut s = position(&g, &[&[20, 20, 30, 40], nest, nest, nest], &[3, 4]);
    s.blockade_ages.push((0, 20, 30));
    assert!(g.legal_actions(&s).contains(&step(30, 3)));
}

#[test]
fn a_pawn_turning_into_its_home_row_passes_no_square_beyond_its_tip() {
    // Red's pawn at step 62, two short of its tip j19 (step 64); blue holds
    // a blockade on k18, two squares past red's tip, which is red's step
    // 66 of its second lap. Red threw 5-1. Played plainly, the 5 turns into
    // the home row at the tip (step 135, j16) and passes no square of the
    // circuit beyond it, so blue's blockade is not in its way; played
    // `round`, the pawn would go on round the board over k18, and may not.
    let g = game(4);
    let blue = same_cell(&g, 1, 66);
    let mut s = position(
        &g,
        &[&[0, 0, 10, 62], &[0, 0, blue, blue], &[0; 4], &[0; 4]],
        &[5, 1],
    );
    assert_eq!(cell_of(&g, 0, 66), "k18");
    let round = Action::Round {
        from: 62,
        count: 1,
        by: 5,
    };
    let (refusal, _) = refused(&g, &mut s, round);
    assert!(matches!(refusal, Refusal::Blockade(..)), "{refusal:?}");
    assert_eq!(refused_cell(&g, refusal).as_deref(), Some("k18"));
    play(&g, &mut s, step(62, 5));
    assert_eq!(cell_of(&g, 0, 135), "j16");
    assert_eq!(s.seat_pieces(0), &[0, 0, 10, 135]);
}

#[test]
fn a_pawn_may_pass_its_home_row_and_go_round_again() {
    // Red's pawn at step 63, one short of its tip j19; red threw 4-2. Played
    // plainly, 4 turns into the home row (step 135, j16); played `round`, the
    // pawn goes on round the board to k17 (step 67 of its second lap).
    let g = game(4);
    let s = position(&g, &[&[0, 0, 10, 63], &[0; 4], &[0; 4], &[0; 4]], &[4, 2]);
    let legal = g.legal_actions(&s);
    let round = Action::Round {
        from: 63,
        count: 1,
        by: 4,
    };
    assert!(
        legal.contains(&step(63, 4)) && legal.contains(&round),
        "{legal:?}"
    );
    let mut plain = s.clone();
    play(&g, &mut plain, step(63, 4));
    assert_eq!(cell_of(&g, 0, 135), "j16");
    assert_eq!(plain.seat_pieces(0), &[0, 0, 10, 135]);
    let mut again = s.clone();
    play(&g, &mut again, round);
    assert_eq!(cell_of(&g, 0, 67), "k17");
    assert_eq!(again.seat_pieces(0), &[0, 0, 10, 67]);
    // A pawn that does not reach its tip has no choice to make.
    let mut s = s.clone();
    let (refusal, reason) = refused(
        &g,
        &mut s,
        Action::Round {
            from: 10,
            count: 1,
            by: 4,
        },
    );
    assert_eq!(refusal, Refusal::NoDetour);
    assert!(reason.contains("cannot go round"), "{reason}");
}

#[test]
fn a_pawn_may_go_round_again_as_often_as_it_likes() {
    // Red's pawn at step 130 (i18), two short of the end of its second lap
    // (its tip j19 again); red threw 4-2. Played plainly, 4 turns into the
    // home row (step 134, j17); played `round`, it starts a third lap,
    // counted on the same steps as the second: over j19 and k19 to k18
    // (step 66).
    let g = game(4);
    let s = position(&g, &[&[0, 0, 10, 130], &[0; 4], &[0; 4], &[0; 4]], &[4, 2]);
    assert_eq!(cell_of(&g, 0, 132), "j19", "the lap ends on the tip");
    let round = Action::Round {
        from: 130,
        count: 1,
        by: 4,
    };
    let legal = g.legal_actions(&s);
    assert!(
        legal.contains(&step(130, 4)) && legal.contains(&round),
        "{legal:?}"
    );
    let mut plain = s.clone();
    play(&g, &mut plain, step(130, 4));
    assert_eq!(plain.seat_pieces(0), &[0, 0, 10, 134]);
    let mut again = s.clone();
    play(&g, &mut again, round);
    assert_eq!(again.seat_pieces(0), &[0, 0, 10, 66]);
    assert_eq!(cell_of(&g, 0, 66), "k18");
    // The way round passes k19 (red's step 65), so blue's blockade there
    // stops it.
    let blue_k19 = step_at(&g, 1, "k19");
    let s = position(
        &g,
        &[
            &[0, 0, 10, 130],
            &[0, 0, blue_k19, blue_k19],
            &[0; 4],
            &[0; 4],
        ],
        &[4, 2],
    );
    let mut s2 = s.clone();
    let (refusal, _) = refused(&g, &mut s2, round);
    assert!(matches!(refusal, Refusal::Blockade(_, 2)), "{refusal:?}");
}

#[test]
fn going_round_again_may_be_the_only_way_to_use_a_whole_bonus() {
    // Red's pawn on its tip j19 (step 64) has a bonus of 10 to move: the
    // home row and Home are only 8 squares on, so the bonus cannot go in
    // there; going round again (to step 74 of the second lap) uses it whole.
    let g = game(4);
    let s = build(
        &g,
        &[&[0, 0, 0, 64], &[0; 4], &[0; 4], &[0; 4]],
        0,
        &[],
        false,
        &[10],
    );
    assert_eq!(
        g.legal_actions(&s),
        [
            Action::Round {
                from: 64,
                count: 1,
                by: 10
            },
            Action::Pass
        ]
    );
    assert_eq!(g.refusal(&s, step(64, 10)), Some(Refusal::Overshoot));
}

#[test]
fn a_saved_state_with_three_pawns_on_one_square_is_refused() {
    // No square holds more than two pawns (stacks: max = 2): a saved state
    // with three of red's pawns on step 20 is impossible.
    let g = game(2);
    let json = r#"{"pieces":[[0,20,20,20],[0,0,0,0]],"mover":0,"phase":"throw","pool":[],"extra":0,"entered":[true,false],"turns":3,"finished":[],"at_limit":false}"#;
    let err = g.load_state(json).unwrap_err().to_string();
    assert!(err.contains("holds 3 pieces, more than 2"), "{err}");
}
