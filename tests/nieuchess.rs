//! Rule tests for Nieuchess (variants/nieuchess.variant), one test per rule
//! of the game's text and of docs/games/nieuchess.md.
//!
//! Positions are written as the cells of each side's pawns by name: a
//! column letter a..y and a row 1..36, such as `k10`. Blue sets up on rows
//! 1-18, red on rows 19-36; blue moves first in each complete turn unless a
//! test says otherwise. In the hex grid the columns b, d, f, .. (odd from
//! a = 0) sit half a cell lower: `k10` touches k9, k11, j9, j10, l9 and l10;
//! `j10` touches j9, j11, i10, i11, k10 and k11.

use pachisi::engine::field::{FieldRefusal, FieldState, Pawn, Stage};
use pachisi::rules::field::{CellKind, Column, FieldRules};
use pachisi::{Action, Actor, EndReason, Game, Phase, Refusal, State};

mod common;
use common::{play, refused};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game() -> Game {
    Game::bundled("nieuchess", Some(2)).unwrap()
}

fn field(game: &Game) -> &FieldRules {
    game.rules().field.as_deref().unwrap()
}

fn cell(game: &Game, name: &str) -> u16 {
    field(game)
        .cell_named(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

const BLUE: u8 = 0;
const RED: u8 = 1;

/// A position in the move phase of `mover`'s turn: blue's and red's pawns
/// by cell, blue moving first in each complete turn.
fn position(game: &Game, blue: &[&str], red: &[&str], mover: u8) -> State {
    let mut state = game.new_initial_state();
    let mut f = FieldState::new(Stage::Move);
    for (seat, cells) in [(BLUE, blue), (RED, red)] {
        for name in cells {
            assert!(f.add(seat, Pawn::at(cell(game, name))));
        }
    }
    state.phase = Phase::Move;
    state.mover = mover;
    state.field = Some(Box::new(f));
    game.validate(&state).expect("a possible position");
    state
}

fn f(state: &State) -> &FieldState {
    state.field.as_deref().unwrap()
}

fn cells_of(game: &Game, state: &State, seat: u8) -> Vec<String> {
    f(state).armies[seat as usize]
        .iter()
        .map(|p| game.field_cell_name(p.cell))
        .collect()
}

fn walk(game: &Game, from: &str, to: &str) -> Action {
    Action::Walk {
        from: cell(game, from),
        to: cell(game, to),
    }
}

fn join(game: &Game, cells: &[&str]) -> Vec<Action> {
    cells.iter().map(|c| Action::Join(cell(game, c))).collect()
}

/// Ends the move phase and forms one battle of the pawns on `cells`.
fn battle(game: &Game, state: &mut State, cells: &[&str]) {
    if f(state).stage == Stage::Move {
        play(game, state, Action::EndMoves);
    }
    for a in join(game, cells) {
        play(game, state, a);
    }
}

/// The die showing `value`.
fn die(game: &Game, value: u8) -> Action {
    game.parse_action(&format!("throw {value}")).unwrap()
}

fn field_refusal(r: Refusal) -> FieldRefusal {
    match r {
        Refusal::Field(x) => x,
        other => panic!("expected a field refusal, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------

#[test]
fn the_board_is_25_by_36_hexes_of_plain_gray_red_purple_cells_and_the_hot_line() {
    let game = game();
    let r = field(&game);
    assert_eq!((r.columns, r.rows), (25, 36));
    assert_eq!(r.kinds.len(), 900);
    // Hexes: an inner cell has six neighbours, a corner fewer.
    assert_eq!(r.neighbours(cell(&game, "k10")).count(), 6);
    assert!(r.neighbours(cell(&game, "a1")).count() < 6);
    for n in ["k9", "k11", "j9", "j10", "l9", "l10"] {
        assert!(
            r.adjacent(cell(&game, "k10"), cell(&game, n)),
            "k10 touches {n}"
        );
    }
    for n in ["j9", "j11", "i10", "i11", "k10", "k11"] {
        assert!(
            r.adjacent(cell(&game, "j10"), cell(&game, n)),
            "j10 touches {n}"
        );
    }
    // Gray wedges narrow the middle, with passes on rows 16 and 21.
    assert_eq!(r.kind(cell(&game, "a14")), CellKind::Impassable);
    assert_eq!(r.kind(cell(&game, "y23")), CellKind::Impassable);
    assert_eq!(r.kind(cell(&game, "a16")), CellKind::Plain);
    assert_eq!(r.kind(cell(&game, "i14")), CellKind::Plain);
    // Red invasion cells: four banks of five, one near each corner.
    let red: Vec<u16> = (0..900u16)
        .filter(|&c| r.kind(c) == CellKind::Invasion)
        .collect();
    assert_eq!(red.len(), 20);
    for c in ["a2", "a6", "y2", "y6", "a31", "a35", "y31", "y35"] {
        assert_eq!(r.kind(cell(&game, c)), CellKind::Invasion, "{c}");
    }
    // Purple replacement centres, two a side, each a star and six cells.
    assert_eq!(r.centres.len(), 4);
    for c in &r.centres {
        assert_eq!(c.cells.len(), 7);
        assert_eq!(r.kind(c.star), CellKind::Star);
    }
    // The red hot line runs down the middle column.
    for row in 1..=36 {
        assert_eq!(r.kind(cell(&game, &format!("m{row}"))), CellKind::FastLine);
    }
    // The centre line: rows 1-18 are the upper half, 19-36 the lower.
    assert_eq!(r.half[cell(&game, "k18") as usize], 0);
    assert_eq!(r.half[cell(&game, "k19") as usize], 1);
}

#[test]
fn both_halves_of_the_board_are_identical() {
    let game = game();
    let r = field(&game);
    let count = |half: u8, kind: CellKind| {
        (0..900u16)
            .filter(|&c| r.half[c as usize] == half && r.kind(c) == kind)
            .count()
    };
    for kind in [
        CellKind::Plain,
        CellKind::Impassable,
        CellKind::Invasion,
        CellKind::Centre,
        CellKind::Star,
        CellKind::FastLine,
    ] {
        assert_eq!(count(0, kind), count(1, kind), "{kind:?}");
    }
    // Gray, red and the hot line mirror about the centre line row for row.
    for col in 0..25 {
        for row in 0..36 {
            let a = r.cell(col, row).unwrap();
            let b = r.cell(col, 35 - row).unwrap();
            let plain_or_centre = |k: CellKind| !k.in_centre();
            if plain_or_centre(r.kind(a)) && plain_or_centre(r.kind(b)) {
                assert_eq!(r.kind(a), r.kind(b), "{col},{row}");
            }
        }
    }
    assert_eq!(r.centres.iter().filter(|c| c.half == 0).count(), 2);
    assert_eq!(r.centres.iter().filter(|c| c.half == 1).count(), 2);
}

// ---------------------------------------------------------------------------
// Set-up
// ---------------------------------------------------------------------------

#[test]
fn the_die_decides_who_chooses_to_move_first_in_each_complete_turn() {
    let game = game();
    let mut state = game.new_initial_state();
    assert_eq!(game.actor(&state), Actor::Chance);
    assert_eq!(
        game.chance_actions(&state),
        vec![(Action::Begin(0), 1), (Action::Begin(1), 1)]
    );
    // Red wins the die and chooses; blue is to move first.
    play(&game, &mut state, Action::Begin(RED));
    assert_eq!(game.actor(&state), Actor::Seat(game.seats()[1]));
    assert_eq!(
        game.legal_actions(&state),
        vec![Action::Lead(0), Action::Lead(1)]
    );
    play(&game, &mut state, Action::Lead(BLUE));
    assert_eq!(f(&state).first, BLUE);
    assert_eq!(f(&state).stage, Stage::Place);
    assert_eq!(game.mover(&state), 0);
}

#[test]
fn the_first_player_places_all_20_pawns_on_non_gray_cells_of_his_half_then_the_other() {
    let game = game();
    let mut state = game.new_initial_state();
    play(&game, &mut state, Action::Begin(BLUE));
    play(&game, &mut state, Action::Lead(RED));
    // Red, moving first, places first: only on its own (lower) half.
    let (r, _) = refused(&game, &mut state, Action::Place(cell(&game, "k10")));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::NotOwnHalf(cell(&game, "k10"))
    );
    let (r, why) = refused(&game, &mut state, Action::Place(cell(&game, "a20")));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::Impassable(cell(&game, "a20"))
    );
    assert!(why.contains("gray"), "{why}");
    let red_cells: Vec<String> = (1..=20)
        .map(|i| format!("{}30", (b'a' + i as u8) as char))
        .collect();
    play(&game, &mut state, Action::Place(cell(&game, &red_cells[0])));
    let (r, _) = refused(&game, &mut state, Action::Place(cell(&game, &red_cells[0])));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::Occupied(cell(&game, &red_cells[0]))
    );
    for c in &red_cells[1..] {
        assert_eq!(game.mover(&state), 1);
        play(&game, &mut state, Action::Place(cell(&game, c)));
    }
    // Then blue places all of its pawns on the upper half.
    assert_eq!(game.mover(&state), 0);
    assert_eq!(f(&state).stage, Stage::Place);
    assert!(
        game.legal_actions(&state)
            .iter()
            .all(|a| matches!(a, Action::Place(c) if field(&game).half[*c as usize] == 0))
    );
    for i in 0..20 {
        let c = format!("{}5", (b'a' + 2 + i as u8) as char);
        play(&game, &mut state, Action::Place(cell(&game, &c)));
    }
    // Play begins with red, who chose to move first.
    assert_eq!(f(&state).stage, Stage::Move);
    assert_eq!(game.mover(&state), 1);
    assert_eq!(f(&state).armies[0].len(), 20);
    assert_eq!(f(&state).armies[1].len(), 20);
}

// ---------------------------------------------------------------------------
// Movement
// ---------------------------------------------------------------------------

#[test]
fn a_pawn_moves_up_to_5_cells_in_any_directions() {
    let game = game();
    let mut state = position(&game, &["e9"], &["y36"], BLUE);
    let legal = game.legal_actions(&state);
    // Five straight, five bending, never six.
    assert!(legal.contains(&walk(&game, "e9", "e4")));
    assert!(legal.contains(&walk(&game, "e9", "i9")));
    assert!(legal.contains(&walk(&game, "e9", "a7")));
    let (r, why) = refused(&game, &mut state, walk(&game, "e9", "e3"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::OutOfReach(cell(&game, "e9"), cell(&game, "e3"))
    );
    assert!(why.contains("up to 5 cells"), "{why}");
    play(&game, &mut state, walk(&game, "e9", "e4"));
    assert_eq!(cells_of(&game, &state, BLUE), vec!["e4"]);
}

#[test]
fn no_pawn_moves_onto_or_through_a_gray_cell() {
    let game = game();
    let mut state = position(&game, &["a16"], &["y36"], BLUE);
    // a12 is 4 cells up, all through the gray wedge; the way round is longer.
    let (r, _) = refused(&game, &mut state, walk(&game, "a16", "a12"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::OutOfReach(cell(&game, "a16"), cell(&game, "a12"))
    );
    let (r, _) = refused(&game, &mut state, walk(&game, "a16", "a15"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::Impassable(cell(&game, "a15"))
    );
    // Along the pass it goes.
    play(&game, &mut state, walk(&game, "a16", "e16"));
}

#[test]
fn every_pawn_may_move_once_in_a_turn_and_need_not_move() {
    let game = game();
    let mut state = position(&game, &["c9", "g9"], &["y36"], BLUE);
    play(&game, &mut state, walk(&game, "c9", "c8"));
    let (r, _) = refused(&game, &mut state, walk(&game, "c8", "c7"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::AlreadyMoved(cell(&game, "c8"))
    );
    play(&game, &mut state, walk(&game, "g9", "g8"));
    // The move phase ends by choice: one action among the others.
    assert_eq!(game.legal_actions(&state), vec![Action::EndMoves]);
    let mut other = position(&game, &["c9", "g9"], &["y36"], BLUE);
    assert!(game.legal_actions(&other).contains(&Action::EndMoves));
    play(&game, &mut other, Action::EndMoves);
    assert_eq!(game.mover(&other), 1, "no battle: red's turn");
}

#[test]
fn the_defender_does_not_move_in_the_attackers_turn() {
    let game = game();
    let mut state = position(&game, &["c9"], &["g9"], BLUE);
    let (r, _) = refused(&game, &mut state, walk(&game, "g9", "g8"));
    assert_eq!(field_refusal(r), FieldRefusal::NoPiece(cell(&game, "g9")));
}

#[test]
fn a_pawn_stops_on_the_first_cell_of_an_enemy_zone_of_control() {
    let game = game();
    // Red at e9 controls e8, e10, d8, d9, f8 and f9.
    let mut state = position(&game, &["c9"], &["e9"], BLUE);
    let legal = game.legal_actions(&state);
    assert!(
        legal.contains(&walk(&game, "c9", "d9")),
        "it may enter the zone"
    );
    // g9 lies 4 cells away straight through the zone; round it is 6.
    let (r, why) = refused(&game, &mut state, walk(&game, "c9", "g9"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::OutOfReach(cell(&game, "c9"), cell(&game, "g9"))
    );
    assert!(why.contains("zone of control"), "{why}");
    // Without the red pawn there, g9 is within reach.
    let free = position(&game, &["c9"], &["y36"], BLUE);
    assert!(game.legal_actions(&free).contains(&walk(&game, "c9", "g9")));
    // A pawn that starts in a zone may withdraw.
    let mut held = position(&game, &["d9"], &["e9"], BLUE);
    play(&game, &mut held, walk(&game, "d9", "a9"));
}

// ---------------------------------------------------------------------------
// The hot line
// ---------------------------------------------------------------------------

#[test]
fn a_pawn_on_the_hot_line_rides_any_distance_unobstructed() {
    let game = game();
    let mut state = position(&game, &["m5"], &["y36"], BLUE);
    assert!(
        game.legal_actions(&state)
            .contains(&walk(&game, "m5", "m30"))
    );
    // Not past a pawn on the line, friendly or enemy.
    let mut blocked = position(&game, &["m5", "m20"], &["y36"], BLUE);
    let (r, _) = refused(&game, &mut blocked, walk(&game, "m5", "m25"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::OutOfReach(cell(&game, "m5"), cell(&game, "m25"))
    );
    play(&game, &mut state, walk(&game, "m5", "m30"));
}

#[test]
fn a_pawn_may_not_move_through_a_hot_line_square_occupied_by_a_friendly_pawn() {
    // Blue walks the line from m5 with a friendly pawn on m6, the next cell
    // of the line. Red's pawns on k7 and o7 hold l6, l7, n6 and n7 in their
    // zones, so the only way on to m7 and beyond is through m6.
    let game = game();
    let line = |from: u32| (from..=30).map(|row| format!("m{row}")).collect::<Vec<_>>();
    let state = position(&game, &["m5", "m6"], &["k7", "o7"], BLUE);
    let legal = game.legal_actions(&state);
    for beyond in line(7) {
        assert!(
            !legal.contains(&walk(&game, "m5", &beyond)),
            "m5 goes through the friendly pawn on m6 to {beyond}"
        );
    }
    let mut past = state.clone();
    let (r, _) = refused(&game, &mut past, walk(&game, "m5", "m30"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::OutOfReach(cell(&game, "m5"), cell(&game, "m30"))
    );
    // The other way along the line is open.
    assert!(legal.contains(&walk(&game, "m5", "m1")));
    // Without the pawn on m6 the same walk rides on to m30.
    let open = position(&game, &["m5"], &["k7", "o7"], BLUE);
    assert!(game.legal_actions(&open).contains(&walk(&game, "m5", "m7")));
    assert!(
        game.legal_actions(&open)
            .contains(&walk(&game, "m5", "m30"))
    );
}

#[test]
fn a_pawn_may_move_onto_the_hot_line_and_ride_but_not_leave_it_that_turn() {
    let game = game();
    let mut state = position(&game, &["k10"], &["y36"], BLUE);
    assert!(
        game.legal_actions(&state)
            .contains(&walk(&game, "k10", "m30"))
    );
    let (r, _) = refused(&game, &mut state, walk(&game, "k10", "l30"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::OutOfReach(cell(&game, "k10"), cell(&game, "l30"))
    );
}

// ---------------------------------------------------------------------------
// Combat
// ---------------------------------------------------------------------------

#[test]
fn all_combat_is_resolved_after_the_move_phase_one_battle_a_roll() {
    let game = game();
    let mut state = position(&game, &["j10"], &["j11"], BLUE);
    play(&game, &mut state, Action::EndMoves);
    assert_eq!(f(&state).stage, Stage::Combat);
    let legal = game.legal_actions(&state);
    assert!(!legal.contains(&Action::EndMoves));
    assert_eq!(legal, join(&game, &["j10", "j11"]));
    battle(&game, &mut state, &["j10", "j11"]);
    play(&game, &mut state, Action::Fight);
    assert_eq!(game.actor(&state), Actor::Chance);
    assert_eq!(game.chance_actions(&state).len(), 6);
}

#[test]
fn only_adjacent_pawns_fight() {
    let game = game();
    // k11 touches k10 and k12; k13 touches k12 only; e5 touches no one.
    let mut state = position(&game, &["k11", "k13", "e5"], &["k10", "k12"], BLUE);
    play(&game, &mut state, Action::EndMoves);
    let (r, _) = refused(&game, &mut state, Action::Join(cell(&game, "e5")));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::NotEngaged(cell(&game, "e5"))
    );
    play(&game, &mut state, Action::Join(cell(&game, "k10")));
    let (r, why) = refused(&game, &mut state, Action::Join(cell(&game, "k13")));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::NotNextToBattle(cell(&game, "k13"))
    );
    assert!(why.contains("adjacent"), "{why}");
}

#[test]
fn every_defender_in_whose_zone_the_attacker_stands_must_be_fought() {
    let game = game();
    let start = position(&game, &["k11", "k13"], &["k10", "k12"], BLUE);
    // k11 against k12 leaves k10 (and k13) engaged with no one: refused.
    let mut state = start.clone();
    battle(&game, &mut state, &["k11", "k12"]);
    let (r, why) = refused(&game, &mut state, Action::Fight);
    let alone = [cell(&game, "k10"), cell(&game, "k13")];
    assert!(matches!(field_refusal(r), FieldRefusal::LeftAlone(c) if alone.contains(&c)));
    assert!(why.contains("no one to fight"), "{why}");
    // k11 against k10 may be fought: k13 and k12 are left engaged with
    // each other, for a battle of their own.
    let mut state = start.clone();
    battle(&game, &mut state, &["k11", "k10"]);
    play(&game, &mut state, Action::Fight);
    // All four together is one battle too.
    let mut state = start;
    battle(&game, &mut state, &["k11", "k10", "k12", "k13"]);
    play(&game, &mut state, Action::Fight);
}

#[test]
fn no_pawn_fights_more_than_one_battle_a_turn() {
    let game = game();
    let mut state = position(&game, &["k11", "k13"], &["k10", "k12"], BLUE);
    battle(&game, &mut state, &["k11", "k10"]);
    play(&game, &mut state, Action::Fight);
    // 1-1, a 3: the defender goes back 2; blue retreats it to k7.
    play(&game, &mut state, die(&game, 3));
    play(
        &game,
        &mut state,
        Action::Retreat {
            from: cell(&game, "k10"),
            to: cell(&game, "k8"),
        },
    );
    let (r, _) = refused(&game, &mut state, Action::Join(cell(&game, "k11")));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::NotEngaged(cell(&game, "k11"))
    );
    assert_eq!(game.legal_actions(&state), join(&game, &["k12", "k13"]));
}

#[test]
fn odds_are_the_pawn_counts_rounded_in_the_defenders_favour() {
    let game = game();
    let t = &field(&game).table;
    // Columns: 1-3, 1-2, 1-1, 2-1, 3-1, 4-1.
    assert_eq!(t.column(1, 1), Column::At(2));
    assert_eq!(t.column(2, 1), Column::At(3));
    assert_eq!(t.column(1, 3), Column::At(0));
    assert_eq!(t.column(3, 2), Column::At(2), "3 against 2 is 1-1");
    assert_eq!(t.column(2, 3), Column::At(1), "2 against 3 is 1-2");
    assert_eq!(t.column(9, 2), Column::At(5), "9 against 2 is 4-1");
    assert_eq!(t.column(1, 4), Column::Below);
    assert_eq!(t.column(5, 1), Column::Above);
    // The house rule `round = attacker` reads 3 against 2 as 2-1.
    let rules = house("combat { round = attacker }");
    let t = &rules.field.as_deref().unwrap().table;
    assert_eq!(t.column(3, 2), Column::At(3));
    assert_eq!(t.column(1, 4), Column::Below);
    assert_eq!(t.column(9, 2), Column::Above);
}

fn house(text: &str) -> pachisi::RuleSet {
    let source = format!("extends \"nieuchess\"\n{text}\n");
    let file = pachisi::SourceFile::new("house.variant", &source);
    pachisi::compile(&file).unwrap_or_else(|e| panic!("{e:?}"))
}

fn house_game(text: &str) -> Game {
    Game::new(std::sync::Arc::new(house(text)), 2).unwrap()
}

#[test]
fn house_rules_change_who_must_fight_passing_own_pawns_and_the_hot_line() {
    // k9 and k11 both touch k10 only: with `attackers = all`, k11 may not
    // be left out of the battle; with `attackers = any`, it may.
    let game = game();
    let mut state = position(&game, &["k9", "k11"], &["k10", "y36"], BLUE);
    battle(&game, &mut state, &["k9", "k10"]);
    let (r, _) = refused(&game, &mut state, Action::Fight);
    assert_eq!(
        field_refusal(r),
        FieldRefusal::LeftAlone(cell(&game, "k11"))
    );
    let any = house_game("combat { attackers = any }");
    let mut state = position(&any, &["k9", "k11"], &["k10", "y36"], BLUE);
    battle(&any, &mut state, &["k9", "k10"]);
    play(&any, &mut state, Action::Fight);
    // `through_own = no`: a pawn walled in by its own pawns stays put.
    let wall = ["j9", "j10", "k9", "k11", "l9", "l10"];
    let mut pawns = vec!["k10"];
    pawns.extend(wall);
    let state = position(&game, &pawns, &["y36"], BLUE);
    assert!(
        game.legal_actions(&state)
            .contains(&walk(&game, "k10", "k13"))
    );
    let closed = house_game("movement { through_own = no }");
    let mut state = position(&closed, &pawns, &["y36"], BLUE);
    let (r, _) = refused(&closed, &mut state, walk(&closed, "k10", "k13"));
    assert!(matches!(field_refusal(r), FieldRefusal::OutOfReach(..)));
    // `fast_line = plain`: the hot line is a column like any other.
    let plain = house_game("movement { fast_line = plain }");
    let mut state = position(&plain, &["m5"], &["y36"], BLUE);
    let (r, _) = refused(&plain, &mut state, walk(&plain, "m5", "m30"));
    assert!(matches!(field_refusal(r), FieldRefusal::OutOfReach(..)));
}

#[test]
fn odds_worse_than_1_to_3_eliminate_the_attacker_without_a_roll() {
    let game = game();
    let mut state = position(&game, &["k10", "a1"], &["k9", "k11", "j10", "l10"], BLUE);
    battle(&game, &mut state, &["k10", "k9", "k11", "j10", "l10"]);
    play(&game, &mut state, Action::Fight);
    assert_ne!(game.actor(&state), Actor::Chance, "no roll");
    assert_eq!(cells_of(&game, &state, BLUE), vec!["a1"]);
    assert_eq!(cells_of(&game, &state, RED).len(), 4);
}

#[test]
fn odds_better_than_4_to_1_eliminate_the_defender_without_a_roll() {
    let game = game();
    let mut state = position(
        &game,
        &["k9", "k11", "j9", "j10", "l9"],
        &["k10", "y36"],
        BLUE,
    );
    battle(&game, &mut state, &["k10", "k9", "k11", "j9", "j10", "l9"]);
    play(&game, &mut state, Action::Fight);
    assert_eq!(cells_of(&game, &state, RED), vec!["y36"]);
    assert_eq!(cells_of(&game, &state, BLUE).len(), 5);
}

#[test]
fn the_combat_results_table_is_read_by_odds_column_and_die() {
    let game = game();
    let t = &field(&game).table;
    use pachisi::rules::field::BattleResult::*;
    // The text's examples at 3-1: 6 eliminates, 4 retreats, 5 exchanges.
    assert_eq!(t.result(Column::At(4), 6), DefenderEliminated);
    assert_eq!(t.result(Column::At(4), 4), DefenderBack(2));
    assert_eq!(t.result(Column::At(4), 5), Exchange);
    // The printed rows 1-3.
    assert_eq!(t.result(Column::At(0), 1), AttackerEliminated);
    assert_eq!(t.result(Column::At(1), 1), DefenderBack(2));
    assert_eq!(t.result(Column::At(5), 3), DefenderEliminated);
    // 3 against 1, a 6: the defender is eliminated.
    let mut state = position(&game, &["k9", "k11", "j9"], &["k10", "y36"], BLUE);
    battle(&game, &mut state, &["k10", "k9", "k11", "j9"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 6));
    assert_eq!(cells_of(&game, &state, RED), vec!["y36"]);
}

#[test]
fn combat_on_red_squares_is_treated_as_on_plain_squares() {
    let game = game();
    assert_eq!(
        field(&game).kinds[cell(&game, "a3") as usize],
        CellKind::Invasion
    );
    // Red stands on the red cell a3; three blue pawns attack it at 3-1 and
    // throw a 6: the defender is eliminated, as on a plain cell.
    let mut state = position(&game, &["b2", "b3", "a4"], &["a3", "y36"], BLUE);
    battle(&game, &mut state, &["a3", "b2", "b3", "a4"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 6));
    assert_eq!(cells_of(&game, &state, RED), vec!["y36"]);
}

#[test]
fn a_pawn_may_attack_an_enemy_while_one_or_both_are_on_the_hot_line() {
    let game = game();
    // Blue on the hot line at m10, red beside it at l10: they are engaged.
    // At 1-1 a 1 eliminates the defender.
    let mut state = position(&game, &["m10"], &["l10", "y36"], BLUE);
    battle(&game, &mut state, &["l10", "m10"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 1));
    assert_eq!(cells_of(&game, &state, RED), vec!["y36"]);
    // Both on the line: red at m11 is engaged with blue at m10.
    let mut state = position(&game, &["m10"], &["m11", "y36"], BLUE);
    battle(&game, &mut state, &["m11", "m10"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 1));
    assert_eq!(cells_of(&game, &state, RED), vec!["y36"]);
}

#[test]
fn exchange_each_side_loses_one_pawn_chosen_by_the_attacker() {
    let game = game();
    // 2 against 1, a 2: exchange.
    let mut state = position(&game, &["k9", "k11"], &["k10", "y36"], BLUE);
    battle(&game, &mut state, &["k10", "k9", "k11"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 2));
    assert_eq!(
        cells_of(&game, &state, RED),
        vec!["y36"],
        "red's one pawn is lost"
    );
    assert_eq!(f(&state).stage, Stage::Lose);
    assert_eq!(game.actor(&state), Actor::Seat(game.seats()[0]));
    assert_eq!(
        game.legal_actions(&state),
        vec![
            Action::Lose(cell(&game, "k9")),
            Action::Lose(cell(&game, "k11"))
        ]
    );
    play(&game, &mut state, Action::Lose(cell(&game, "k11")));
    assert_eq!(cells_of(&game, &state, BLUE), vec!["k9"]);
}

#[test]
fn back_2_the_winner_chooses_the_retreat_of_the_defender() {
    let game = game();
    // 1-1, a 3: the defender goes back 2; blue, the winner, chooses.
    let mut state = position(&game, &["j10"], &["j11", "y36"], BLUE);
    battle(&game, &mut state, &["j10", "j11"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 3));
    assert_eq!(f(&state).stage, Stage::Retreat);
    assert_eq!(game.actor(&state), Actor::Seat(game.seats()[0]));
    let legal = game.legal_actions(&state);
    let to = |c: &str| Action::Retreat {
        from: cell(&game, "j11"),
        to: cell(&game, c),
    };
    assert!(legal.contains(&to("j13")));
    // Two cells away, never into blue's zone (k11 touches j10).
    let (r, _) = refused(&game, &mut state, to("j12"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::NoRoute(cell(&game, "j11"), cell(&game, "j12"))
    );
    assert!(legal.iter().all(|a| match a {
        Action::Retreat { to, .. } => field(&game).distance(cell(&game, "j11"), *to) == 2,
        _ => false,
    }));
    play(&game, &mut state, to("j13"));
    assert_eq!(cells_of(&game, &state, RED), vec!["j13", "y36"]);
    assert_eq!(game.mover(&state), 1, "no battle left: red's turn");
}

#[test]
fn back_2_the_defender_on_winning_chooses_the_attackers_retreat() {
    let game = game();
    // 1-1, a 4: the attacker goes back 2; red, not on turn, chooses.
    let mut state = position(&game, &["j10", "a1"], &["j11"], BLUE);
    battle(&game, &mut state, &["j10", "j11"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 4));
    assert_eq!(game.actor(&state), Actor::Seat(game.seats()[1]));
    assert_eq!(game.mover(&state), 0, "still blue's turn");
    let legal = game.legal_actions(&state);
    assert!(!legal.is_empty());
    play(&game, &mut state, legal[0]);
    assert_eq!(f(&state).armies[0].len(), 2);
}

#[test]
fn a_pawn_that_cannot_retreat_is_eliminated() {
    let game = game();
    // a16 lies in the pass: gray above and below, blue on its only way out.
    let mut state = position(&game, &["b16"], &["a16", "y36"], BLUE);
    battle(&game, &mut state, &["b16", "a16"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 3));
    assert_eq!(cells_of(&game, &state, RED), vec!["y36"]);
    // The board's edge: a pawn in the corner with blue before it.
    let mut state = position(&game, &["a2", "b1"], &["a1", "y36"], BLUE);
    battle(&game, &mut state, &["a1", "a2", "b1"]);
    play(&game, &mut state, Action::Fight);
    // 2-1, a 3: back 2, but every way out is blue's zone or the edge.
    play(&game, &mut state, die(&game, 3));
    assert_eq!(cells_of(&game, &state, RED), vec!["y36"]);
}

#[test]
fn the_winner_may_not_retreat_a_pawn_into_a_route_that_eliminates_another_if_one_exists() {
    let game = game();
    // Blue a7 against red b7 and a8 (1-2), a 1: both go back 2.
    let mut state = position(&game, &["a7", "d8"], &["b7", "a8", "e8", "a10"], BLUE);
    battle(&game, &mut state, &["a7", "b7", "a8"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 1));
    assert_eq!(f(&state).stage, Stage::Retreat);
    // b7 to b9 would shut a8's only way out; another retreat does not.
    let shut = Action::Retreat {
        from: cell(&game, "b7"),
        to: cell(&game, "b9"),
    };
    let (r, why) = refused(&game, &mut state, shut);
    assert_eq!(
        field_refusal(r),
        FieldRefusal::RouteEliminates(cell(&game, "b9"))
    );
    assert!(why.contains("no way out"), "{why}");
    // Retreating as the rules allow, both red pawns survive.
    while f(&state).stage == Stage::Retreat {
        let legal = game.legal_actions(&state);
        play(&game, &mut state, legal[0]);
    }
    assert_eq!(f(&state).armies[1].len(), 4);
}

// ---------------------------------------------------------------------------
// Invasions
// ---------------------------------------------------------------------------

#[test]
fn an_invasion_goes_from_a_cell_next_to_red_cells_to_any_vacant_red_cell() {
    let game = game();
    let mut state = position(&game, &["b3", "c9"], &["y33", "y36"], BLUE);
    let legal = game.legal_actions(&state);
    let invade = |a: &str, b: &str| Action::Invade {
        from: cell(&game, a),
        to: cell(&game, b),
    };
    // Friendly or enemy red cells, any corner.
    assert!(legal.contains(&invade("b3", "y2")));
    assert!(legal.contains(&invade("b3", "a35")));
    let (r, _) = refused(&game, &mut state, invade("b3", "y33"));
    assert_eq!(field_refusal(r), FieldRefusal::Occupied(cell(&game, "y33")));
    let (r, _) = refused(&game, &mut state, invade("c9", "a35"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::NotEmbarkation(cell(&game, "c9"))
    );
    let (r, _) = refused(&game, &mut state, invade("b3", "b30"));
    assert_eq!(
        field_refusal(r),
        FieldRefusal::NotInvasionCell(cell(&game, "b30"))
    );
    play(&game, &mut state, invade("b3", "a35"));
    assert_eq!(cells_of(&game, &state, BLUE), vec!["c9", "a35"]);
    assert_eq!(f(&state).invasions[0], 1);
}

#[test]
fn two_invasions_a_game_of_up_to_five_pawns_each_both_in_one_turn() {
    let game = game();
    let embark = [
        "b2", "b3", "b4", "b5", "b6", "x2", "x3", "x4", "x5", "x6", "a7",
    ];
    let mut state = position(&game, &embark, &["y36"], BLUE);
    let targets = [
        "a31", "a32", "a33", "a34", "a35", "y31", "y32", "y33", "y34", "y35", "a2",
    ];
    for (from, to) in embark.iter().zip(targets).take(10) {
        play(
            &game,
            &mut state,
            Action::Invade {
                from: cell(&game, from),
                to: cell(&game, to),
            },
        );
    }
    assert_eq!(f(&state).invasions[0], 2);
    let (r, why) = refused(
        &game,
        &mut state,
        Action::Invade {
            from: cell(&game, "a7"),
            to: cell(&game, "a2"),
        },
    );
    assert_eq!(field_refusal(r), FieldRefusal::NoInvasionLeft);
    assert!(why.contains("2 invasions of up to 5"), "{why}");
}

// ---------------------------------------------------------------------------
// Replacements
// ---------------------------------------------------------------------------

/// Ends red's turn (the second of the complete turn) with no battle.
fn end_complete_turn(game: &Game, state: &mut State) {
    assert_eq!(game.mover(state), 1);
    play(game, state, Action::EndMoves);
}

#[test]
fn replacements_one_a_controlled_centre_if_as_many_pawns_in_enemy_territory() {
    let game = game();
    // Blue: 3 pawns, 2 of them on red's half; both blue centres free of red.
    let mut state = position(&game, &["k20", "k22", "a1"], &["y36"], RED);
    end_complete_turn(&game, &mut state);
    assert_eq!(
        cells_of(&game, &state, BLUE),
        vec!["a1", "g4", "s4", "k20", "k22"]
    );
    // One pawn forward: one replacement.
    let mut state = position(&game, &["k20", "a1"], &["y36"], RED);
    end_complete_turn(&game, &mut state);
    assert_eq!(cells_of(&game, &state, BLUE), vec!["a1", "g4", "k20"]);
    // None forward: none.
    let mut state = position(&game, &["a1"], &["y36"], RED);
    end_complete_turn(&game, &mut state);
    assert_eq!(cells_of(&game, &state, BLUE), vec!["a1"]);
}

#[test]
fn a_centre_with_an_enemy_pawn_on_its_purple_cells_gives_no_replacement() {
    let game = game();
    let mut state = position(&game, &["k20", "k22", "a1"], &["h3", "y36"], RED);
    end_complete_turn(&game, &mut state);
    assert_eq!(
        cells_of(&game, &state, BLUE),
        vec!["a1", "s4", "k20", "k22"]
    );
}

#[test]
fn replacements_do_not_accumulate_and_may_move_the_next_turn() {
    let game = game();
    // 17 eliminated, 2 forward: 2 back, not 17, however long none came.
    let mut state = position(&game, &["k20", "k22", "a1"], &["y36"], RED);
    end_complete_turn(&game, &mut state);
    assert_eq!(f(&state).armies[0].len(), 5);
    // Blue's next turn: the replaced pawn on g4 may move.
    assert_eq!(game.mover(&state), 0);
    assert!(
        game.legal_actions(&state)
            .contains(&walk(&game, "g4", "g6"))
    );
    play(&game, &mut state, walk(&game, "g4", "g6"));
    play(&game, &mut state, Action::EndMoves);
    // The next complete turn: g4 is free again, s4 is still held by blue's own pawn.
    end_complete_turn(&game, &mut state);
    assert_eq!(
        cells_of(&game, &state, BLUE),
        vec!["a1", "g4", "s4", "g6", "k20", "k22"]
    );
}

#[test]
fn a_replacement_comes_only_at_the_end_of_a_complete_turn() {
    let game = game();
    let mut state = position(&game, &["k20", "k22", "a1"], &["y36"], BLUE);
    play(&game, &mut state, Action::EndMoves);
    assert_eq!(cells_of(&game, &state, BLUE), vec!["a1", "k20", "k22"]);
}

// ---------------------------------------------------------------------------
// The end
// ---------------------------------------------------------------------------

#[test]
fn the_game_ends_when_one_army_is_eliminated() {
    let game = game();
    let mut state = position(&game, &["k9", "k11", "j9", "j10", "l9"], &["k10"], BLUE);
    battle(&game, &mut state, &["k10", "k9", "k11", "j9", "j10", "l9"]);
    play(&game, &mut state, Action::Fight);
    assert!(game.is_terminal(&state));
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(outcome.reason, EndReason::Eliminated);
}

#[test]
fn an_exchange_that_takes_the_last_pawn_of_an_army_ends_the_game() {
    let game = game();
    // 2 against red's last pawn, a 2: exchange; red has none left.
    let mut state = position(&game, &["k9", "k11"], &["k10"], BLUE);
    battle(&game, &mut state, &["k10", "k9", "k11"]);
    play(&game, &mut state, Action::Fight);
    play(&game, &mut state, die(&game, 2));
    assert!(game.is_terminal(&state));
    assert_eq!(game.outcome(&state).unwrap().winners, vec![0]);
    assert!(game.validate(&state).is_ok());
}

#[test]
fn at_the_turn_limit_the_side_with_more_pawns_wins() {
    let game = game();
    let mut state = position(&game, &["a1", "b1"], &["y36"], RED);
    state.turns = game.rules().turn.limit - 1;
    play(&game, &mut state, Action::EndMoves);
    assert!(game.is_terminal(&state));
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.reason, EndReason::TurnLimit);
    assert_eq!(outcome.winners, vec![0]);
}

// ---------------------------------------------------------------------------
// Notation and bad input
// ---------------------------------------------------------------------------

#[test]
fn every_action_has_a_written_notation_read_back() {
    let game = game();
    let c = |n: &str| cell(&game, n);
    for (a, text) in [
        (Action::Lead(1), "first red"),
        (Action::Place(c("k10")), "place k10"),
        (walk(&game, "k10", "k12"), "k10-k12"),
        (
            Action::Invade {
                from: c("b3"),
                to: c("a35"),
            },
            "invade b3-a35",
        ),
        (Action::EndMoves, "end moves"),
        (Action::Join(c("k10")), "join k10"),
        (Action::Fight, "fight"),
        (
            Action::Retreat {
                from: c("j11"),
                to: c("j13"),
            },
            "retreat j11-j13",
        ),
        (Action::Lose(c("k9")), "lose k9"),
        (Action::Begin(0), "begin blue"),
    ] {
        assert_eq!(game.action_text(a), text);
        assert_eq!(game.parse_action(text), Some(a), "{text}");
    }
    assert_eq!(game.parse_action("k10-z99"), None);
    assert_eq!(game.parse_action("place"), None);
}

#[test]
fn a_saved_state_with_two_pawns_on_one_cell_or_on_gray_is_refused() {
    let game = game();
    let state = position(&game, &["k10"], &["y36"], BLUE);
    let json = serde_json::to_string(&state).unwrap();
    let on_gray = json.replace(
        &format!("\"cell\":{}", cell(&game, "k10")),
        &format!("\"cell\":{}", cell(&game, "a14")),
    );
    let err = game.load_state(&on_gray).unwrap_err().to_string();
    assert!(err.contains("gray"), "{err}");
    let twice = json.replace(
        &format!("\"cell\":{}", cell(&game, "y36")),
        &format!("\"cell\":{}", cell(&game, "k10")),
    );
    let err = game.load_state(&twice).unwrap_err().to_string();
    assert!(err.contains("two pieces"), "{err}");
    assert!(game.load_state(&json).is_ok());
}

/// A battle is formed of pawns: a saved state whose battle holds a cell
/// with no pawn, or one pawn twice, is refused; so is a combat stage with
/// no pawn next to an enemy, where the mover would have nothing to do.
#[test]
fn a_saved_state_whose_battle_holds_no_pawn_or_leaves_nothing_to_do_is_refused() {
    let game = game();
    let mut state = position(&game, &["j10", "e5"], &["j11"], BLUE);
    play(&game, &mut state, Action::EndMoves);
    play(&game, &mut state, Action::Join(cell(&game, "j10")));
    let json = serde_json::to_string(&state).unwrap();
    assert!(game.load_state(&json).is_ok());
    let battle = format!("\"battle\":[{}]", cell(&game, "j10"));
    assert!(json.contains(&battle), "{json}");
    let empty = json.replace(&battle, &format!("\"battle\":[{}]", cell(&game, "k20")));
    let err = game.load_state(&empty).unwrap_err().to_string();
    assert!(
        err.contains("the battle holds k20, where no piece stands"),
        "{err}"
    );
    let j10 = cell(&game, "j10");
    let twice = json.replace(&battle, &format!("\"battle\":[{j10},{j10}]"));
    let err = game.load_state(&twice).unwrap_err().to_string();
    assert!(
        err.contains("the battle holds the piece on j10 twice"),
        "{err}"
    );

    // Combat with no pawn next to an enemy: nothing to join, nothing to fight.
    let mut apart = position(&game, &["e5"], &["y36"], BLUE);
    apart.field.as_mut().unwrap().stage = Stage::Combat;
    assert!(game.legal_actions(&apart).is_empty());
    let err = game
        .load_state(&serde_json::to_string(&apart).unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("the rules leave nothing to choose"), "{err}");
}

#[test]
fn a_saved_state_waiting_for_a_retreat_the_table_never_gives_is_refused() {
    // The table's only retreats are of 2 cells: a retreat's action ids
    // number the cells those reach.
    let game = game();
    let mut state = position(&game, &["j10", "e5"], &["j11", "y36"], BLUE);
    let (j10, j11) = (cell(&game, "j10"), cell(&game, "j11"));
    let f = state.field.as_mut().unwrap();
    f.stage = Stage::Retreat;
    f.battle.extend([j10, j11]);
    f.pending.push(j11);
    f.back = 2;
    let json = serde_json::to_string(&state).unwrap();
    assert!(game.load_state(&json).is_ok());
    state.field.as_mut().unwrap().back = 3;
    let err = game
        .load_state(&serde_json::to_string(&state).unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("a retreat of 3 cells, which no result of the combat table gives"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// Properties of random games
// ---------------------------------------------------------------------------

mod random_games {
    use super::*;
    use pachisi::sim;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 6, failure_persistence: None, ..ProptestConfig::default() })]

        /// In random games: each side places exactly 20 pawns, one a
        /// placement; once both have placed, each side's pawns on the board
        /// plus those eliminated (less those brought back) make 20, and only
        /// a battle or the end of a complete turn changes them; no cell holds
        /// two pawns, no pawn stands on gray, and the winner of a battle
        /// chooses the retreat. Each game gets past placement (where the count
        /// of 20 is checked) and meets a retreat.
        #[test]
        fn pawns_are_conserved_and_never_share_or_stand_on_gray(seed in any::<u64>()) {
            let game = game();
            let rules = field(&game);
            let mut rng = sim::rng(seed);
            let mut state = game.new_initial_state();
            let mut buf = Vec::new();
            let mut eliminated = [0usize; 2];
            let mut placed = [0usize; 2];
            let mut back = [0usize; 2];
            let (mut retreats, mut steps_after) = (0usize, 0usize);
            for _ in 0..3000 {
                let mover = game.mover(&state);
                let before = f(&state).armies.clone();
                let Some(action) = sim::random_step(&game, &mut state, &mut rng, &mut buf) else {
                    break;
                };
                let fs = f(&state);
                for seat in 0..2 {
                    let (was, now) = (before[seat].len(), fs.armies[seat].len());
                    match action {
                        Action::Place(_) => {
                            // One pawn, of the side that places it.
                            let mine = usize::from(seat == mover);
                            prop_assert_eq!(now, was + mine, "a placement changed the pawns by {}", now as i64 - was as i64);
                            placed[seat] += mine;
                        }
                        Action::EndMoves | Action::Retreat { .. } | Action::Lose(_)
                        | Action::Fight | Action::Throw(_) => {
                            // Battles take pawns off; the end of a complete turn brings some back.
                            if now < was { eliminated[seat] += was - now } else { back[seat] += now - was }
                        }
                        _ => prop_assert_eq!(was, now, "{} changed the pawns on the board", game.action_text(action)),
                    }
                    prop_assert!(placed[seat] <= 20, "{} pawns placed", placed[seat]);
                    if !matches!(fs.stage, Stage::ChooseFirst | Stage::Place) {
                        // Placement is over: all 20 were placed, and each is
                        // on the board or eliminated.
                        prop_assert_eq!(placed[seat], 20, "placement ended with {} pawns placed", placed[seat]);
                        prop_assert_eq!(now + eliminated[seat], 20 + back[seat]);
                    }
                }
                let mut cells: Vec<u16> = fs.armies.iter().flatten().map(|p| p.cell).collect();
                prop_assert!(cells.iter().all(|&c| rules.kind(c) != CellKind::Impassable));
                let n = cells.len();
                cells.sort_unstable();
                cells.dedup();
                prop_assert_eq!(cells.len(), n, "two pawns on one cell");
                if fs.stage == Stage::Retreat {
                    let loser = fs.owner(fs.pending[0]).unwrap();
                    prop_assert_eq!(game.actor(&state), Actor::Seat(game.seats()[1 - loser as usize]));
                    retreats += 1;
                }
                steps_after += usize::from(!matches!(fs.stage, Stage::ChooseFirst | Stage::Place));
                prop_assert!(game.validate(&state).is_ok());
            }
            // Each game got past placement and met a retreat (26 to 56 in
            // each of a run of six games; one is asked, the seeds being new
            // each run).
            prop_assert!(steps_after > 0, "placement never ended");
            prop_assert!(retreats >= 1, "no retreat");
        }
    }
}

// ---------------------------------------------------------------------------
// Records and the command line
// ---------------------------------------------------------------------------

#[test]
fn a_game_record_replays_to_the_same_position() {
    let game = game();
    let mut rng = pachisi::sim::rng(11);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    let mut history = Vec::new();
    for _ in 0..400 {
        match pachisi::sim::random_step(&game, &mut state, &mut rng, &mut buf) {
            Some(a) => history.push(a),
            None => break,
        }
    }
    let text = pachisi::record::write(&game, &history);
    let (replayed, actions) = pachisi::record::replay(&game, &text).unwrap();
    assert_eq!(actions, history);
    assert_eq!(replayed, state);
}

fn pachisi(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn simulate_plays_complete_games() {
    let out = pachisi(
        &["simulate", "nieuchess", "--games", "2", "--seed", "1"],
        "",
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Nieuchess with 2 players: 2 games"), "{text}");
    assert!(text.contains("game length"), "{text}");
}

#[test]
fn play_shows_the_hex_board_in_the_terminal() {
    let out = pachisi(&["play", "nieuchess", "--seed", "1"], "1\nq\n");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("a b c d e f g h i j k l m n o p q r s t u v w x y"),
        "{text}"
    );
    assert!(
        text.contains(" 13 # # # # # # # # . . . . | . . . ."),
        "{text}"
    );
    assert!(text.contains("place"), "{text}");
    assert!(!text.contains('\x1b'), "no colour when piped");
}

/// The small field game of docs/language.md, where armies are often wiped
/// out: random games of it pass every check of `verify`.
#[test]
fn a_small_field_game_where_armies_fall_passes_verify() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/language.md"))
        .expect("the language reference");
    let start = text
        .find("// The smallest field game")
        .expect("the example");
    let end = start + text[start..].find("```").expect("its end");
    let file = pachisi::SourceFile::new("skirmish.variant", &text[start..end]);
    let rules = std::sync::Arc::new(pachisi::compile(&file).expect("the example compiles"));
    let report = pachisi::verify::check(
        &rules,
        &pachisi::verify::Options {
            games: 60,
            ..Default::default()
        },
    );
    assert!(report.passed(), "{report}");
    assert!(
        report.checks.iter().any(|c| c.name == "games end"),
        "{report}"
    );
}
