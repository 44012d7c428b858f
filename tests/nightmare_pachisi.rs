//! Nightmare Pachisi: one test a rule of the text
//! (../shared/rules/nightmare-pachisi.txt), each on a position a person can
//! read. A cell's pieces are written as the seat's initial and the kind's:
//! `bL` a large blue pyramid, `bL+bS` a stack, `gL*bS` a fused piece (a
//! Nightmare) of a large green and a small blue pyramid.

mod common;

use common::{play, refused};
use pachisi::{
    Action, Actor, EndReason, FightRefusal, Game, Phase, Piece, PoolValue, Refusal, Stack, State,
    render,
};

fn game(players: usize) -> Game {
    Game::bundled("nightmare-pachisi", Some(players)).unwrap_or_else(|e| panic!("{e}"))
}

fn house(name: &str, players: usize) -> Game {
    Game::bundled(&format!("house/{name}"), Some(players)).unwrap_or_else(|e| panic!("{e}"))
}

fn cell(game: &Game, name: &str) -> u16 {
    game.rules()
        .board
        .cell_named(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
        .0
}

fn seat(game: &Game, name: &str) -> u8 {
    game.seat_index(name)
        .unwrap_or_else(|| panic!("{name} does not play")) as u8
}

fn kind(letter: char) -> u8 {
    match letter {
        'S' => 0,
        'M' => 1,
        'L' => 2,
        _ => panic!("no kind {letter}"),
    }
}

/// `bL` as a piece.
fn pyramid(game: &Game, text: &str) -> Piece {
    let mut chars = text.chars();
    let initial = chars.next().expect("a seat initial");
    let seat = (0..game.seats().len())
        .find(|&i| game.seat_name(i).starts_with(initial))
        .unwrap_or_else(|| panic!("no seat {initial}")) as u8;
    Piece {
        seat,
        kind: kind(chars.next().expect("a kind")),
    }
}

/// `bL`, `bL+bS` or `gL*bS` as a stack.
fn stack(game: &Game, text: &str) -> Stack {
    let (parts, fused) = match text.split_once('*') {
        Some((a, b)) => (vec![a, b], true),
        None => (text.split('+').collect(), false),
    };
    Stack {
        lower: parts.first().map(|p| pyramid(game, p)),
        upper: parts.get(1).map(|p| pyramid(game, p)),
        fused,
    }
}

/// A position: the pieces on the board by cell; every other piece waits
/// to come on, nothing has been taken. `mover` is about to use `dice`.
fn position(game: &Game, mover: &str, dice: &[u8], cells: &[(&str, &str)]) -> State {
    let mut state = game.new_initial_state();
    state.phase = Phase::Move;
    state.mover = seat(game, mover);
    state.pool = dice
        .iter()
        .map(|&value| PoolValue {
            value,
            again: false,
            bonus: false,
        })
        .collect();
    let fs = state.fight.as_mut().expect("a fight");
    for &(name, text) in cells {
        let st = stack(game, text);
        for p in st.pieces() {
            fs.waiting[p.seat as usize][p.kind as usize] -= 1;
        }
        fs.cells[cell(game, name) as usize] = st;
    }
    if let Err(e) = game.validate(&state) {
        panic!("the test's position is impossible: {e}");
    }
    state
}

/// What stands on a cell, written as in the position.
fn at(game: &Game, state: &State, name: &str) -> String {
    let fs = state.fight.as_deref().expect("a fight");
    let f = game.rules().fight.as_ref().expect("a fight");
    render::stack_text(game, f, &fs.cells[cell(game, name) as usize])
}

fn points(game: &Game, state: &State, seat_name: &str) -> u32 {
    let side = game.sides()[seat(game, seat_name) as usize] as usize;
    state.fight.as_deref().expect("a fight").points[side]
}

/// The piece of kind `piece` (`S`, `M`, `L`, or `*` for a fused piece) on
/// `from` moved to `to` with `by`.
fn mv(game: &Game, state: &State, from: &str, piece: char, to: &str, by: u8) -> Action {
    let fs = state.fight.as_deref().expect("a fight");
    let st = fs.cells[cell(game, from) as usize];
    let index = match piece {
        '*' => 0,
        k if st.lower.is_some_and(|p| p.kind == kind(k)) => 0,
        _ => 1,
    };
    Action::Shift {
        from: cell(game, from),
        piece: index,
        to: cell(game, to),
        by,
        join: false,
    }
}

/// Plays the move of the piece of kind `piece` on `from` to `to` with `by`.
fn go(game: &Game, state: &mut State, from: &str, piece: char, to: &str, by: u8) {
    let a = mv(game, state, from, piece, to, by);
    play(game, state, a);
}

/// That move must be refused; the refusal and its words.
fn refused_mv(
    game: &Game,
    state: &mut State,
    from: &str,
    piece: char,
    to: &str,
    by: u8,
) -> (Refusal, String) {
    let a = mv(game, state, from, piece, to, by);
    refused(game, state, a)
}

/// The first half of an attack together must be refused.
fn refused_join(
    game: &Game,
    state: &mut State,
    from: &str,
    piece: char,
    to: &str,
    by: u8,
) -> (Refusal, String) {
    let a = join(game, state, from, piece, to, by);
    refused(game, state, a)
}

/// The first of two pieces attacking `to` together.
fn join(game: &Game, state: &State, from: &str, piece: char, to: &str, by: u8) -> Action {
    match mv(game, state, from, piece, to, by) {
        Action::Shift {
            from,
            piece,
            to,
            by,
            ..
        } => Action::Shift {
            from,
            piece,
            to,
            by,
            join: true,
        },
        other => other,
    }
}

fn enter(game: &Game, to: &str, piece: char) -> Action {
    Action::Enter {
        to: cell(game, to),
        kind: kind(piece),
        by: 1,
        join: false,
    }
}

/// The cells the legal actions take the piece on `from` to, sorted.
fn targets(game: &Game, state: &State, from: &str) -> Vec<String> {
    let from = cell(game, from);
    let mut out: Vec<String> = game
        .legal_actions(state)
        .into_iter()
        .filter_map(|a| match a {
            Action::Shift { from: f, to, .. } if f == from => {
                Some(game.rules().board.cell_name(pachisi_cell(to)).to_string())
            }
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn pachisi_cell(c: u16) -> pachisi::rules::CellId {
    pachisi::rules::CellId(c)
}

fn fight_refusal(r: Refusal) -> FightRefusal {
    match r {
        Refusal::Fight(f) => f,
        other => panic!("refused by {other:?}, not by a rule of the fight"),
    }
}

// ---------------------------------------------------------------- equipment

#[test]
fn the_board_is_three_nested_rings_of_the_seven_by_seven_board_and_a_centre() {
    let g = game(4);
    let f = g.rules().fight.as_ref().expect("a fight");
    assert_eq!(g.rules().board.cells.len(), 49);
    let sizes: Vec<(&str, usize)> = f
        .lines
        .iter()
        .map(|l| (l.name.as_str(), l.cells.len()))
        .collect();
    assert_eq!(
        sizes,
        [("outer", 24), ("middle", 16), ("inner", 8), ("centre", 1)]
    );
    assert_eq!(g.rules().board.cell_name(f.lines[3].cells[0]), "d4");
}

#[test]
fn two_four_sided_dice_are_thrown() {
    let g = game(4);
    let dice = &g.rules().dice;
    assert_eq!(dice.total, 16);
    let mut faces: Vec<u8> = dice
        .outcomes
        .iter()
        .flat_map(|o| o.values.clone())
        .collect();
    faces.sort_unstable();
    faces.dedup();
    assert_eq!(faces, [1, 2, 3, 4]);
    assert!(dice.outcomes.iter().all(|o| o.values.len() == 2));
}

#[test]
fn four_colours_of_nine_pyramids_three_small_medium_and_large_worth_1_2_3() {
    let g = game(4);
    let f = g.rules().fight.as_ref().expect("a fight");
    let kinds: Vec<(&str, u8, u8)> = f
        .kinds
        .iter()
        .map(|k| (k.name.as_str(), k.value, k.count))
        .collect();
    assert_eq!(kinds, [("small", 1, 3), ("medium", 2, 3), ("large", 3, 3)]);
    let names: Vec<&str> = (0..4).map(|i| g.seat_name(i)).collect();
    assert_eq!(names, ["blue", "green", "red", "yellow"]);
    let s = g.new_initial_state();
    let fs = s.fight.as_deref().expect("a fight");
    assert!(fs.waiting.iter().all(|w| w.as_slice() == [3, 3, 3]));
    // The four colours are used whatever the number of players.
    for players in [2, 3] {
        assert_eq!(game(players).seats().len(), 4);
    }
}

#[test]
fn eight_entry_squares_two_of_each_colour() {
    let g = game(4);
    let f = g.rules().fight.as_ref().expect("a fight");
    let board = &g.rules().board;
    let entries: Vec<Vec<&str>> = f
        .entries
        .iter()
        .map(|e| e.iter().map(|c| board.cell_name(*c)).collect())
        .collect();
    assert_eq!(
        entries,
        [
            vec!["d1", "d3"],
            vec!["g4", "e4"],
            vec!["d7", "d5"],
            vec!["a4", "c4"]
        ]
    );
}

// ---------------------------------------------------------------- movement

#[test]
fn each_die_moves_one_piece_its_full_value_along_its_ring_either_way() {
    let g = game(4);
    let s = position(&g, "blue", &[3, 3], &[("a1", "bS")]);
    // Three squares either way round the outer ring, never fewer.
    assert_eq!(targets(&g, &s, "a1"), ["a4", "d1"]);
}

#[test]
fn rings_one_way_only_with_the_setting_along_forward() {
    let base = pachisi::variants::source("nightmare-pachisi").expect("bundled");
    let text = base.replace("along = either", "along = forward");
    let g = Game::from_source("one-way.variant", &text, Some(4)).expect("compiles");
    let s = position(&g, "blue", &[3, 3], &[("a1", "bS")]);
    assert_eq!(targets(&g, &s, "a1"), ["d1"]);
}

#[test]
fn both_dice_may_move_the_same_piece() {
    let g = game(4);
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bS")]);
    go(&g, &mut s, "a1", 'S', "c1", 2);
    assert_eq!(targets(&g, &s, "c1"), ["a2", "f1"]);
    go(&g, &mut s, "c1", 'S', "f1", 3);
    assert_eq!(at(&g, &s, "f1"), "bS");
}

#[test]
fn a_piece_may_be_moved_back_to_the_square_on_which_it_started() {
    let g = game(4);
    let mut s = position(&g, "blue", &[2, 2], &[("a1", "bS")]);
    go(&g, &mut s, "a1", 'S', "c1", 2);
    go(&g, &mut s, "c1", 'S', "a1", 2);
    assert_eq!(at(&g, &s, "a1"), "bS");
    assert_eq!(s.phase, Phase::Throw, "the turn is over");
}

#[test]
fn a_die_of_1_may_move_a_piece_to_the_next_ring() {
    let g = game(4);
    let s = position(&g, "blue", &[1, 1], &[("d2", "bS")]);
    // Along the middle ring, out to the outer ring, in to the inner ring.
    assert_eq!(targets(&g, &s, "d2"), ["c2", "d1", "d3", "e2"]);
    // A corner of the outer ring has no square of another ring beside it.
    let s = position(&g, "blue", &[1, 1], &[("a1", "bS")]);
    assert_eq!(targets(&g, &s, "a1"), ["a2", "b1"]);
}

#[test]
fn the_centre_is_reached_and_left_only_with_a_1() {
    let g = game(4);
    let s = position(&g, "blue", &[1, 2], &[("c3", "bS"), ("d4", "bM")]);
    assert_eq!(targets(&g, &s, "d4"), ["c4", "d3", "d5", "e4"]);
    let s = position(&g, "blue", &[2, 3], &[("d4", "bM"), ("a1", "bS")]);
    assert!(
        targets(&g, &s, "d4").is_empty(),
        "the centre is left by a 1 only"
    );
    // Into the centre with a 1, while another piece uses the 2.
    let s = position(&g, "blue", &[1, 2], &[("d3", "bS"), ("a1", "bS")]);
    assert!(targets(&g, &s, "d3").contains(&"d4".to_string()));
}

#[test]
fn all_of_a_roll_must_be_used_and_both_dice_where_at_all_possible() {
    let g = game(4);
    // Blue's small on a1 throws 3 and 4. Stacks it cannot take stand on
    // e1 and a5 (4 away), a4 (3 away the other way), and g2 and a2 (4 on
    // from d1): only a1-d1 with the 3 can be played, and then nothing.
    let mut s = position(
        &g,
        "blue",
        &[3, 4],
        &[
            ("a1", "bS"),
            ("e1", "gL+gM"),
            ("a5", "yL+yM"),
            ("a4", "rL+rM"),
            ("g2", "gL+gS"),
            ("a2", "yL+yS"),
        ],
    );
    let only = mv(&g, &s, "a1", 'S', "d1", 3);
    assert_eq!(
        g.legal_actions(&s),
        [only],
        "the die that can be used must be"
    );
    let (r, _) = refused(&g, &mut s, Action::Pass);
    assert_eq!(r, Refusal::MustMove);
    play(&g, &mut s, only);
    assert_eq!(g.legal_actions(&s), [Action::Pass], "the 4 cannot be used");
    play(&g, &mut s, Action::Pass);
    assert_eq!((s.phase, g.seat_name(g.mover(&s))), (Phase::Throw, "green"));
}

#[test]
fn a_move_that_wastes_the_second_die_is_refused_when_both_can_be_used() {
    let g = game(4);
    // Blue small on d2, dice 1 and 4. Stepping in to d3 leaves the inner
    // ring where every 4 lands on green's stack of 4 at... the inner ring
    // has 8 squares, so 4 either way from d3 is d5, held by a green stack.
    let mut s = position(
        &g,
        "blue",
        &[1, 4],
        &[("d2", "bS"), ("d5", "gL+gM"), ("f6", "gS")],
    );
    let waste = mv(&g, &s, "d2", 'S', "d3", 1);
    let (r, why) = refused(&g, &mut s, waste);
    assert_eq!(fight_refusal(r), FightRefusal::MustUseBoth);
    assert!(why.contains("both dice"), "{why}");
}

#[test]
fn with_no_possible_move_the_turn_passes() {
    let g = game(4);
    // Nothing on the board and no 1 to enter with.
    let mut s = position(&g, "blue", &[2, 3], &[("g7", "gS")]);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!((s.phase, g.seat_name(g.mover(&s))), (Phase::Throw, "green"));
}

// ---------------------------------------------------------------- stacks

#[test]
fn no_more_than_two_pieces_may_occupy_a_square() {
    let g = game(4);
    let mut s = position(&g, "blue", &[2, 2], &[("a1", "bS"), ("c1", "bM+bS")]);
    let (r, why) = refused_mv(&g, &mut s, "a1", 'S', "c1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::CellFull(cell(&g, "c1")));
    assert!(why.contains("more than 2 pieces"), "{why}");
    // Two of one colour may stack, the smaller on the larger.
    let mut s = position(&g, "blue", &[2, 2], &[("a1", "bL"), ("c1", "bS")]);
    go(&g, &mut s, "a1", 'L', "c1", 2);
    assert_eq!(at(&g, &s, "c1"), "bL+bS");
}

#[test]
fn two_colours_never_share_a_square_except_in_a_capture_or_a_nightmare() {
    let g = game(4);
    // A medium cannot take a green stack of 4, and may not stand beside it.
    let mut s = position(&g, "blue", &[2, 2], &[("a1", "bM"), ("c1", "gL+gS")]);
    let (r, _) = refused_mv(&g, &mut s, "a1", 'M', "c1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::TooWeak(cell(&g, "c1")));
    // A fused piece never stacks with another piece of its owner.
    let mut s = position(&g, "blue", &[2, 2], &[("a1", "gL*bS"), ("c1", "bM")]);
    let (r, _) = refused_mv(&g, &mut s, "a1", '*', "c1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::Shared(cell(&g, "c1")));
}

#[test]
fn pieces_pass_over_other_pieces_whoever_owns_them() {
    let g = game(4);
    let s = position(
        &g,
        "blue",
        &[3, 3],
        &[("a1", "bS"), ("b1", "gL+gM"), ("c1", "rL+rM")],
    );
    assert!(targets(&g, &s, "a1").contains(&"d1".to_string()));
}

#[test]
fn a_stacks_strength_is_the_sum_of_its_values() {
    let g = game(4);
    // A large (3) does not take a small and a large (4) ...
    let mut s = position(&g, "blue", &[2, 2], &[("a1", "bL"), ("c1", "gL+gS")]);
    let (r, _) = refused_mv(&g, &mut s, "a1", 'L', "c1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::TooWeak(cell(&g, "c1")));
    // ... and a stack of medium and small (3) is taken by a large.
    let mut s = position(&g, "blue", &[2, 2], &[("a1", "bL"), ("c1", "gM+gS")]);
    go(&g, &mut s, "a1", 'L', "c1", 2);
    assert_eq!((at(&g, &s, "c1"), points(&g, &s, "blue")), ("bL".into(), 3));
}

// ---------------------------------------------------------------- entering

#[test]
fn a_1_enters_a_piece_on_either_of_the_players_two_entry_squares() {
    let g = game(4);
    let mut s = position(&g, "blue", &[1, 2], &[("g7", "gS")]);
    let legal = g.legal_actions(&s);
    assert!(legal.contains(&enter(&g, "d1", 'S')));
    assert!(legal.contains(&enter(&g, "d3", 'S')));
    let (r, _) = refused(&g, &mut s, enter(&g, "g4", 'S'));
    assert_eq!(fight_refusal(r), FightRefusal::NotEntryCell(cell(&g, "g4")));
    let mut two = Action::Enter {
        to: cell(&g, "d1"),
        kind: 0,
        by: 2,
        join: false,
    };
    let (r, _) = refused(&g, &mut s, two);
    assert_eq!(fight_refusal(r), FightRefusal::EntryValue);
    two = enter(&g, "d1", 'S');
    play(&g, &mut s, two);
    assert_eq!(at(&g, &s, "d1"), "bS");
}

#[test]
fn pieces_enter_in_order_of_size_small_then_medium_then_large() {
    let g = game(4);
    let mut s = position(&g, "blue", &[1, 3], &[("a1", "bS")]);
    let (r, why) = refused(&g, &mut s, enter(&g, "d1", 'M'));
    assert_eq!(fight_refusal(r), FightRefusal::KindOrder);
    assert!(why.contains("in_order"), "{why}");
    let mut s = position(
        &g,
        "blue",
        &[1, 3],
        &[("a1", "bS"), ("b1", "bS"), ("c1", "bS")],
    );
    play(&g, &mut s, enter(&g, "d1", 'M'));
    let (r, _) = refused(&g, &mut s, enter(&g, "d3", 'L'));
    assert!(matches!(r, Refusal::NoSuchValue | Refusal::Fight(_)));
}

#[test]
fn no_entry_onto_an_entry_square_holding_two_friendly_pieces() {
    let g = game(4);
    let mut s = position(&g, "blue", &[1, 3], &[("d1", "bS+bS")]);
    let (r, _) = refused(&g, &mut s, enter(&g, "d1", 'S'));
    assert_eq!(fight_refusal(r), FightRefusal::CellFull(cell(&g, "d1")));
    assert!(g.legal_actions(&s).contains(&enter(&g, "d3", 'S')));
}

#[test]
fn entry_onto_an_entry_square_held_by_another_player_only_as_a_capture() {
    let g = game(4);
    let mut s = position(&g, "blue", &[1, 3], &[("d1", "gS")]);
    // A small takes a small there.
    assert!(g.legal_actions(&s).contains(&enter(&g, "d1", 'S')));
    let mut strong = position(&g, "blue", &[1, 3], &[("d1", "gL")]);
    let (r, _) = refused(&g, &mut strong, enter(&g, "d1", 'S'));
    assert_eq!(fight_refusal(r), FightRefusal::ByEntering(cell(&g, "d1")));
    play(&g, &mut s, enter(&g, "d1", 'S'));
    assert_eq!((at(&g, &s, "d1"), points(&g, &s, "blue")), ("bS".into(), 1));
}

// ---------------------------------------------------------------- capturing

#[test]
fn a_piece_captures_by_landing_with_equal_or_greater_strength() {
    let g = game(4);
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bM"), ("c1", "gM")]);
    go(&g, &mut s, "a1", 'M', "c1", 2);
    assert_eq!((at(&g, &s, "c1"), points(&g, &s, "blue")), ("bM".into(), 2));
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bM"), ("c1", "gS")]);
    go(&g, &mut s, "a1", 'M', "c1", 2);
    assert_eq!(points(&g, &s, "blue"), 1);
}

#[test]
fn two_pieces_arriving_with_the_two_dice_add_their_attack_strength() {
    // The text's example: a stack of a small and a large (4), one medium
    // three squares away and another four away, a throw of 3 and 4.
    // Here: green's stack on e1, blue mediums on b1 (3 away) and a1 (4 away).
    let g = game(4);
    let mut s = position(
        &g,
        "blue",
        &[3, 4],
        &[("a1", "bM"), ("e1", "gL+gS"), ("b1", "bM")],
    );
    let first = join(&g, &s, "b1", 'M', "e1", 3);
    assert!(g.legal_actions(&s).contains(&first));
    play(&g, &mut s, first);
    // The attack waits for its second piece: nothing else may move now.
    assert_eq!(
        g.legal_actions(&s),
        [mv(&g, &s, "a1", 'M', "e1", 4)],
        "only the second attacker may come"
    );
    go(&g, &mut s, "a1", 'M', "e1", 4);
    assert_eq!(at(&g, &s, "e1"), "bM+bM");
    assert_eq!(points(&g, &s, "blue"), 4);
}

#[test]
fn an_attack_together_needs_a_second_piece_that_can_come() {
    let g = game(4);
    let mut s = position(&g, "blue", &[3, 4], &[("b1", "bM"), ("e1", "gL+gS")]);
    let (r, _) = refused_join(&g, &mut s, "b1", 'M', "e1", 3);
    assert_eq!(fight_refusal(r), FightRefusal::NoPartner(cell(&g, "e1")));
}

#[test]
fn an_entry_square_is_attacked_by_entering_and_moving_together() {
    let g = game(4);
    // Green's medium on blue's entry square d1; blue small on a1, three away.
    let mut s = position(&g, "blue", &[1, 3], &[("d1", "gM"), ("a1", "bS")]);
    let first = Action::Enter {
        to: cell(&g, "d1"),
        kind: 0,
        by: 1,
        join: true,
    };
    play(&g, &mut s, first);
    go(&g, &mut s, "a1", 'S', "d1", 3);
    assert_eq!(
        (at(&g, &s, "d1"), points(&g, &s, "blue")),
        ("bS+bS".into(), 2)
    );
}

#[test]
fn only_the_owner_of_an_entry_square_captures_on_it() {
    let g = game(4);
    let mut s = position(&g, "green", &[2, 3], &[("b1", "gL"), ("d1", "bS")]);
    let (r, why) = refused_mv(&g, &mut s, "b1", 'L', "d1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::OwnerOnly(cell(&g, "d1")));
    assert!(why.contains("entry_capture"), "{why}");
    // Blue, the owner, takes green there.
    let mut s = position(&g, "blue", &[2, 3], &[("b1", "bL"), ("d1", "gS")]);
    go(&g, &mut s, "b1", 'L', "d1", 2);
    assert_eq!(points(&g, &s, "blue"), 1);
}

#[test]
fn a_nightmare_with_the_owners_component_captures_on_the_owners_entry_square() {
    let g = game(4);
    // Green moves a fused green large and blue small (4) onto blue's d1.
    let mut s = position(&g, "green", &[2, 3], &[("b1", "gL*bS"), ("d1", "yM")]);
    go(&g, &mut s, "b1", '*', "d1", 2);
    assert_eq!(
        (at(&g, &s, "d1"), points(&g, &s, "green")),
        ("gL*bS".into(), 2)
    );
    // Without a component of blue's, green may not take there.
    let mut s = position(&g, "green", &[2, 3], &[("b1", "gL*rS"), ("d1", "yM")]);
    let (r, _) = refused_mv(&g, &mut s, "b1", '*', "d1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::OwnerOnly(cell(&g, "d1")));
}

// ---------------------------------------------------------------- nightmares

#[test]
fn a_single_pyramid_moved_onto_a_single_larger_opponent_forms_a_nightmare() {
    let g = game(4);
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bS"), ("c1", "gL")]);
    go(&g, &mut s, "a1", 'S', "c1", 2);
    assert_eq!(at(&g, &s, "c1"), "gL*bS");
    assert_eq!(
        points(&g, &s, "blue"),
        0,
        "forming a Nightmare takes nothing"
    );
    // Not onto a stack of two.
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bS"), ("c1", "gL+gM")]);
    let (r, _) = refused_mv(&g, &mut s, "a1", 'S', "c1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::TooWeak(cell(&g, "c1")));
}

#[test]
fn a_nightmare_is_not_formed_by_entering() {
    let g = game(4);
    let mut s = position(&g, "blue", &[1, 3], &[("d1", "gL")]);
    let (r, why) = refused(&g, &mut s, enter(&g, "d1", 'S'));
    assert_eq!(fight_refusal(r), FightRefusal::ByEntering(cell(&g, "d1")));
    assert!(why.contains("coming on"), "{why}");
}

#[test]
fn a_nightmare_is_moved_by_either_owner_as_one_piece_with_the_sum_strength() {
    let g = game(4);
    for mover in ["green", "blue"] {
        let mut s = position(&g, mover, &[2, 3], &[("a1", "gL*bS"), ("c1", "yL+yS")]);
        // Strength 4 takes the yellow stack of 4.
        go(&g, &mut s, "a1", '*', "c1", 2);
        assert_eq!(at(&g, &s, "c1"), "gL*bS");
        assert_eq!(points(&g, &s, mover), 4, "the capture scores for {mover}");
    }
    // Red owns no part of it and cannot move it.
    let s = position(&g, "red", &[2, 3], &[("a1", "gL*bS"), ("g7", "rS")]);
    assert!(targets(&g, &s, "a1").is_empty());
}

#[test]
fn a_nightmare_may_not_join_another_piece_in_a_combined_attack() {
    let g = game(4);
    // Blue's half of a fused piece (4) and a blue medium against a yellow
    // stack of large and medium (5): together they would be 6.
    let mut s = position(
        &g,
        "blue",
        &[2, 4],
        &[("a1", "gL*bS"), ("c1", "yL+yM"), ("g1", "bM")],
    );
    // The medium may not start an attack the fused piece would finish ...
    let (r, _) = refused_join(&g, &mut s, "g1", 'M', "c1", 4);
    assert_eq!(fight_refusal(r), FightRefusal::NoPartner(cell(&g, "c1")));
    // ... nor may the fused piece start one.
    let first = Action::Shift {
        from: cell(&g, "a1"),
        piece: 0,
        to: cell(&g, "c1"),
        by: 2,
        join: true,
    };
    let (r, _) = refused(&g, &mut s, first);
    assert_eq!(fight_refusal(r), FightRefusal::NoPartner(cell(&g, "c1")));
}

#[test]
fn a_nightmare_may_be_formed_and_moved_in_the_same_turn() {
    let g = game(4);
    let mut s = position(
        &g,
        "blue",
        &[2, 3],
        &[("a1", "bS"), ("c1", "gL"), ("f1", "yM")],
    );
    go(&g, &mut s, "a1", 'S', "c1", 2);
    go(&g, &mut s, "c1", '*', "f1", 3);
    assert_eq!(at(&g, &s, "f1"), "gL*bS");
    assert_eq!(points(&g, &s, "blue"), 2);
}

#[test]
fn a_nightmare_is_captured_like_a_stack_by_players_without_a_component() {
    let g = game(4);
    let mut s = position(&g, "red", &[2, 3], &[("a1", "rL"), ("c1", "gM*bS")]);
    go(&g, &mut s, "a1", 'L', "c1", 2);
    assert_eq!((at(&g, &s, "c1"), points(&g, &s, "red")), ("rL".into(), 3));
}

#[test]
fn an_owner_may_not_capture_its_own_nightmare_but_may_rescue_it() {
    let g = game(4);
    // Blue's small is fused with a green large. Blue's large on a1: blue's
    // small (1) and its large (3) make 4, enough to rescue from a large (3).
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bL"), ("c1", "gL*bS")]);
    go(&g, &mut s, "a1", 'L', "c1", 2);
    // The green component is taken; the two blue pieces stand as a stack.
    assert_eq!(
        (at(&g, &s, "c1"), points(&g, &s, "blue")),
        ("bL+bS".into(), 3)
    );
}

#[test]
fn a_rescue_needs_the_owners_component_and_the_mover_to_match_the_other_component() {
    let g = game(4);
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bS"), ("c1", "gL*bS")]);
    // 1 + 1 is less than the green large's 3.
    let (r, _) = refused_mv(&g, &mut s, "a1", 'S', "c1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::TooWeak(cell(&g, "c1")));
    // Green rescues with a small: green's large (3) and small (1) beat blue's small.
    let mut s = position(&g, "green", &[2, 3], &[("a1", "gS"), ("c1", "gL*bS")]);
    go(&g, &mut s, "a1", 'S', "c1", 2);
    assert_eq!(
        (at(&g, &s, "c1"), points(&g, &s, "green")),
        ("gL+gS".into(), 1)
    );
}

#[test]
fn a_nightmare_on_an_entry_square_is_not_rescued_by_entering() {
    let g = game(4);
    let mut s = position(&g, "blue", &[1, 3], &[("d1", "gL*bS"), ("g7", "yS")]);
    let (r, _) = refused(&g, &mut s, enter(&g, "d1", 'S'));
    assert_eq!(fight_refusal(r), FightRefusal::ByEntering(cell(&g, "d1")));
}

#[test]
fn a_non_owner_hijacks_a_nightmare_with_a_pyramid_smaller_than_its_larger_component() {
    let g = game(4);
    let mut s = position(&g, "red", &[2, 3], &[("a1", "rM"), ("c1", "gL*bS")]);
    go(&g, &mut s, "a1", 'M', "c1", 2);
    // Blue's small is taken; red's medium fuses with green's large.
    assert_eq!(
        (at(&g, &s, "c1"), points(&g, &s, "red")),
        ("gL*rM".into(), 1)
    );
    // A large is not smaller than the larger component: no hijack, and 3
    // is weaker than the 4 of the whole, so no capture either.
    let mut s = position(&g, "red", &[2, 3], &[("a1", "rL"), ("c1", "gL*bS")]);
    let (r, _) = refused_mv(&g, &mut s, "a1", 'L', "c1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::TooWeak(cell(&g, "c1")));
}

// ---------------------------------------------------------------- the end

#[test]
fn the_game_ends_the_instant_the_last_piece_of_any_colour_is_captured_even_after_the_first_die() {
    let g = game(4);
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bL"), ("c1", "gS")]);
    // Green's other eight pieces are all taken already.
    {
        let fs = s.fight.as_mut().expect("a fight");
        fs.waiting[1] = [0, 0, 0].into_iter().collect();
        fs.points[2] = 17;
    }
    g.validate(&s).expect("possible");
    go(&g, &mut s, "a1", 'L', "c1", 2);
    assert_eq!(s.phase, Phase::Over, "the second die is not used");
    assert!(g.legal_actions(&s).is_empty());
    let outcome = g.outcome(&s).expect("over");
    assert_eq!(outcome.reason, EndReason::LastPieceTaken);
}

#[test]
fn pieces_waiting_to_enter_and_inside_nightmares_count_as_still_in_play() {
    let g = game(4);
    // Green's last pyramid on the board is taken, but green has a piece
    // inside a Nightmare: the game goes on.
    let mut s = position(
        &g,
        "blue",
        &[2, 3],
        &[("a1", "bL"), ("c1", "gS"), ("f6", "gL*rS")],
    );
    {
        let fs = s.fight.as_mut().expect("a fight");
        fs.waiting[1] = [0, 0, 0].into_iter().collect();
        fs.points[2] = 14;
    }
    g.validate(&s).expect("possible");
    go(&g, &mut s, "a1", 'L', "c1", 2);
    assert_eq!(s.phase, Phase::Move);
    // And a piece waiting to enter keeps a colour in the game too.
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bL"), ("c1", "gS")]);
    go(&g, &mut s, "a1", 'L', "c1", 2);
    assert_eq!(s.phase, Phase::Move);
}

#[test]
fn the_players_score_captured_pyramids_1_2_3_and_the_highest_wins() {
    let g = game(4);
    let mut s = position(&g, "blue", &[2, 3], &[("a1", "bL"), ("c1", "gL")]);
    {
        let fs = s.fight.as_mut().expect("a fight");
        fs.waiting[1] = [0, 0, 0].into_iter().collect();
        // Red took 10, yellow 5 of green's other pieces; blue took nothing.
        fs.points[2] = 10;
        fs.points[3] = 5;
    }
    g.validate(&s).expect("possible");
    go(&g, &mut s, "a1", 'L', "c1", 2);
    let outcome = g.outcome(&s).expect("over");
    assert_eq!(outcome.scores, [3, 0, 10, 5]);
    assert_eq!(outcome.winner, Some(g.sides()[seat(&g, "red") as usize]));
    assert_eq!(outcome.ranks, [3, 4, 1, 2]);
}

#[test]
fn at_the_turn_limit_the_most_points_win_and_equal_points_draw() {
    let g = game(4);
    let limit = g.rules().turn.limit;
    for (blue, red, winner) in [(3, 1, Some("blue")), (2, 2, None)] {
        let mut s = position(&g, "blue", &[2, 3], &[]);
        s.turns = limit - 1;
        {
            let fs = s.fight.as_mut().expect("a fight");
            fs.waiting[1][2] -= 1;
            fs.waiting[3][1] -= 1;
            fs.waiting[3][0] -= 1;
            fs.points[0] = blue;
            fs.points[2] = red;
            // 3 + 2 + 1 taken in all, however it is split.
            fs.points[1] = 6 - blue - red;
        }
        g.validate(&s).expect("possible");
        play(&g, &mut s, Action::Pass);
        let outcome = g.outcome(&s).expect("over at the limit");
        assert_eq!(outcome.reason, EndReason::TurnLimit);
        assert_eq!(
            outcome.winner,
            winner.map(|w| g.sides()[seat(&g, w) as usize])
        );
    }
}

// ---------------------------------------------------------------- players

#[test]
fn four_players_each_play_for_themselves_clockwise() {
    let g = game(4);
    assert_eq!((g.players(), g.side_count()), (4, 4));
    // Nothing on the board and no 1: every turn passes.
    let mut s = position(&g, "blue", &[2, 3], &[]);
    let mut order = Vec::new();
    for _ in 0..4 {
        order.push(g.seat_name(g.mover(&s)).to_string());
        assert_eq!(g.actor(&s), Actor::Player(g.mover(&s) as u8));
        play(&g, &mut s, Action::Pass);
        play(&g, &mut s, Action::Throw(5)); // 2-3
    }
    assert_eq!(order, ["blue", "green", "red", "yellow"]);
}

#[test]
fn team_game_red_and_blue_against_green_and_yellow_with_a_shared_score_pool() {
    let g = house("nightmare-pachisi-teams", 4);
    assert_eq!(g.side_count(), 2);
    assert_eq!(
        g.sides()[seat(&g, "red") as usize],
        g.sides()[seat(&g, "blue") as usize]
    );
    let mut s = position(&g, "red", &[2, 3], &[("a1", "rM"), ("c1", "gM")]);
    s.fight.as_mut().expect("a fight").points[0] = 0;
    go(&g, &mut s, "a1", 'M', "c1", 2);
    // Blue's pool is red's pool.
    assert_eq!(points(&g, &s, "blue"), 2);
}

#[test]
fn team_game_partners_never_capture_fuse_or_share_squares() {
    let g = house("nightmare-pachisi-teams", 4);
    for target in ["bS", "bL", "bS+bS"] {
        let mut s = position(&g, "red", &[2, 3], &[("a1", "rM"), ("c1", target)]);
        let (r, why) = refused_mv(&g, &mut s, "a1", 'M', "c1", 2);
        assert_eq!(
            fight_refusal(r),
            FightRefusal::Partners(cell(&g, "c1")),
            "{target}"
        );
        assert!(why.contains("partners"), "{why}");
    }
    // A partner's piece on red's entry square keeps red from entering there.
    let mut s = position(&g, "red", &[1, 3], &[("d7", "bS")]);
    let (r, _) = refused(&g, &mut s, enter(&g, "d7", 'S'));
    assert_eq!(fight_refusal(r), FightRefusal::Partners(cell(&g, "d7")));
    // A Nightmare with a partner's component is only rescued, never taken.
    let mut s = position(&g, "red", &[2, 3], &[("a1", "rL"), ("c1", "gM*bS")]);
    let (r, _) = refused_mv(&g, &mut s, "a1", 'L', "c1", 2);
    assert_eq!(fight_refusal(r), FightRefusal::Partners(cell(&g, "c1")));
}

#[test]
fn two_player_game_each_player_plays_two_colours_of_a_team_in_outer_ring_order() {
    let g = game(2);
    assert_eq!((g.players(), g.side_count()), (2, 2));
    assert_eq!(g.player_name(0), "blue+red");
    assert_eq!(g.player_name(1), "green+yellow");
    let mut s = position(&g, "blue", &[2, 3], &[]);
    let mut turns = Vec::new();
    for _ in 0..4 {
        let Actor::Player(p) = g.actor(&s) else {
            panic!("a player acts")
        };
        turns.push(format!(
            "{}:{}",
            g.player_name(p as usize),
            g.seat_name(g.mover(&s))
        ));
        play(&g, &mut s, Action::Pass);
        play(&g, &mut s, Action::Throw(5));
    }
    assert_eq!(
        turns,
        [
            "blue+red:blue",
            "green+yellow:green",
            "blue+red:red",
            "green+yellow:yellow"
        ]
    );
}

#[test]
fn two_player_game_the_winner_of_the_first_roll_chooses_which_colour_moves_first() {
    let g = game(2);
    let mut s = g.new_initial_state();
    assert_eq!(
        g.chance_actions(&s).len(),
        2,
        "either player may win the throw"
    );
    play(&g, &mut s, Action::Begin(1));
    assert_eq!(g.actor(&s), Actor::Player(1));
    let mut choices: Vec<String> = g
        .legal_actions(&s)
        .into_iter()
        .map(|a| g.action_text(a))
        .collect();
    choices.sort();
    assert_eq!(choices, ["first green", "first yellow"]);
    let (r, _) = refused(&g, &mut s, Action::Lead(seat(&g, "red")));
    assert_eq!(fight_refusal(r), FightRefusal::NotLead);
    play(&g, &mut s, Action::Lead(seat(&g, "yellow")));
    assert_eq!(
        (s.phase, g.seat_name(g.mover(&s))),
        (Phase::Throw, "yellow")
    );
}

#[test]
fn three_player_game_the_dummy_is_moved_by_each_player_in_turn_in_the_order_of_the_table() {
    // The text's table: Blue (player 1) begins; the dummy Green is moved by
    // player 1, then player 2 (Red), then player 3 (Yellow).
    let g = game(3);
    assert_eq!(g.players(), 3);
    assert_eq!(g.dummy(), Some(seat(&g, "green") as usize));
    let mut s = g.new_initial_state();
    play(&g, &mut s, Action::Begin(0));
    let mut rows = Vec::new();
    for _ in 0..12 {
        play(&g, &mut s, Action::Throw(5)); // 2-3: no 1, so every turn passes
        let Actor::Player(p) = g.actor(&s) else {
            panic!("a player acts")
        };
        let colour = g.seat_name(g.mover(&s)).to_string();
        let dummy = if g.dummy() == Some(g.mover(&s)) {
            " (dummy)"
        } else {
            ""
        };
        rows.push(format!("player {}{dummy} {colour}", p + 1));
        play(&g, &mut s, Action::Pass);
    }
    assert_eq!(
        rows,
        [
            "player 1 blue",
            "player 1 (dummy) green",
            "player 2 red",
            "player 3 yellow",
            "player 1 blue",
            "player 2 (dummy) green",
            "player 2 red",
            "player 3 yellow",
            "player 1 blue",
            "player 3 (dummy) green",
            "player 2 red",
            "player 3 yellow",
        ]
    );
}

#[test]
fn the_dummys_move_must_have_the_highest_priority_score() {
    let g = game(3);
    // Green (the dummy) throws 1 and 2. Taking red's medium on c1 from a1
    // scores 20; entering a small scores 1; taking red's small on b1 scores 10.
    let mut s = position(
        &g,
        "green",
        &[1, 2],
        &[("a1", "gM"), ("c1", "rM"), ("b1", "rS")],
    );
    let Actor::Player(mover) = g.actor(&s) else {
        panic!("a player moves the dummy")
    };
    assert_eq!(mover, 0, "the player who began moves the dummy first");
    let legal = g.legal_actions(&s);
    // The best turn: take the medium with the 2, then the small with the 1
    // (b1 is next to c1): 30 points. Or the small first, then the medium.
    for a in &legal {
        assert!(
            [
                mv(&g, &s, "a1", 'M', "c1", 2),
                mv(&g, &s, "a1", 'M', "b1", 1)
            ]
            .contains(a),
            "{} is not of the highest priority",
            g.action_text(*a)
        );
    }
    let (r, why) = refused(&g, &mut s, enter(&g, "g4", 'S'));
    assert_eq!(fight_refusal(r), FightRefusal::Priority);
    assert!(why.contains("highest priority"), "{why}");
    go(&g, &mut s, "a1", 'M', "c1", 2);
    go(&g, &mut s, "c1", 'M', "b1", 1);
    assert_eq!(points(&g, &s, "green"), 3);
}

#[test]
fn the_dummys_priority_is_10_a_point_taken_and_1_a_piece_entered() {
    let g = game(3);
    // Green, the dummy, throws 1 and 3. Its medium on b1 may take red's
    // medium on c1 with the 1 (20), its medium on g5 yellow's medium on f7
    // with the 3 (20), its large on b7 yellow's large on a5 with the 3 (30).
    // The best turn takes the large and the medium on c1: 50, before the
    // two mediums (40).
    let mut s = position(
        &g,
        "green",
        &[1, 3],
        &[
            ("b1", "gM"),
            ("c1", "rM"),
            ("g5", "gM"),
            ("f7", "yM"),
            ("b7", "gL"),
            ("a5", "yL"),
        ],
    );
    let mut legal = g.legal_actions(&s);
    legal.sort();
    let mut best = vec![
        mv(&g, &s, "b1", 'M', "c1", 1),
        mv(&g, &s, "b7", 'L', "a5", 3),
    ];
    best.sort();
    assert_eq!(legal, best);
    let (r, _) = refused_mv(&g, &mut s, "g5", 'M', "f7", 3);
    assert_eq!(fight_refusal(r), FightRefusal::Priority);
    // With nothing to take, a turn that brings a piece on (1) beats one
    // that does not (0): the 1 may not be spent on a move.
    let s = position(&g, "green", &[1, 2], &[("a1", "gS")]);
    let legal = g.legal_actions(&s);
    assert!(legal.contains(&enter(&g, "g4", 'S')));
    assert!(
        legal
            .iter()
            .all(|a| !matches!(a, Action::Shift { by: 1, .. })),
        "{legal:?}"
    );
}

#[test]
fn the_player_moving_the_dummy_chooses_freely_among_moves_of_equal_priority() {
    let g = game(3);
    // Nothing to take or enter: every move scores 0, so all are allowed.
    let s = position(&g, "green", &[2, 3], &[("a1", "gS")]);
    assert_eq!(targets(&g, &s, "a1").len(), 4);
}

#[test]
fn optional_rule_a_player_may_not_capture_the_dummy_if_they_moved_it_last() {
    let base = game(3);
    let guarded = house("nightmare-pachisi-guard-dummy", 3);
    for (g, allowed) in [(&base, true), (&guarded, false)] {
        // Player 1 (blue) moved the dummy last.
        let mut s = position(g, "blue", &[2, 3], &[("a1", "bM"), ("c1", "gS")]);
        s.fight.as_mut().expect("a fight").dummy_last = Some(0);
        let take = mv(g, &s, "a1", 'M', "c1", 2);
        if allowed {
            assert!(g.legal_actions(&s).contains(&take));
        } else {
            let (r, why) = refused(g, &mut s, take);
            assert_eq!(fight_refusal(r), FightRefusal::Guarded(cell(g, "c1")));
            assert!(why.contains("guard_dummy"), "{why}");
            // Red did not move it last and may take.
            let mut t = position(g, "red", &[2, 3], &[("a1", "rM"), ("c1", "gS")]);
            t.fight.as_mut().expect("a fight").dummy_last = Some(0);
            go(g, &mut t, "a1", 'M', "c1", 2);
        }
    }
}

#[test]
fn whoever_moves_the_dummy_is_the_actor_while_its_pieces_move() {
    let g = game(3);
    let mut s = position(&g, "green", &[2, 3], &[("a1", "gS")]);
    s.fight.as_mut().expect("a fight").dummy_turns = 2;
    // The third dummy turn from the start is player 3's (yellow).
    assert_eq!(g.actor(&s), Actor::Player(2));
    assert_eq!(g.player_name(2), "yellow");
    assert_eq!(g.player_to_act(&s), Some(2));
    assert_eq!(g.seat_name(g.mover(&s)), "green");
}

// ---------------------------------------------------------------- notation

#[test]
fn actions_are_written_in_words_and_read_back() {
    let g = game(4);
    let s = position(
        &g,
        "blue",
        &[1, 3],
        &[("a1", "bM+bS"), ("c1", "gL*bS"), ("d1", "gM")],
    );
    for a in g.legal_actions(&s) {
        let text = g.action_text_in(&s, a);
        assert_eq!(g.parse_action_in(&s, &text), Some(a), "{text}");
    }
    assert_eq!(
        g.action_text_in(&s, mv(&g, &s, "a1", 'S', "b1", 1)),
        "small a1-b1/1"
    );
    assert_eq!(
        g.action_text_in(&s, mv(&g, &s, "c1", '*', "f1", 3)),
        "fused c1-f1/3"
    );
    assert_eq!(g.action_text(enter(&g, "d3", 'S')), "enter small d3/1");
    assert_eq!(
        g.parse_action("first red"),
        Some(Action::Lead(seat(&g, "red")))
    );
    assert_eq!(g.parse_action("small z9-a1/1"), None);
}

#[test]
fn the_text_picture_shows_stacks_and_nightmares_with_kinds_and_owners() {
    let g = game(4);
    let s = position(&g, "blue", &[1, 3], &[("a1", "bM+bS"), ("c1", "gL*bS")]);
    let text = render::text(&g, &s);
    assert!(text.contains("bM+bS"), "{text}");
    assert!(text.contains("gL*bS"), "{text}");
    assert!(
        text.contains("[b]"),
        "blue's entry squares are marked: {text}"
    );
    assert!(text.contains("blue moves with 1, 3"), "{text}");
}

#[test]
fn a_saved_state_that_breaks_the_rules_is_refused() {
    let g = game(4);
    let good = position(&g, "blue", &[1, 3], &[("a1", "bM")]);
    let json = serde_json::to_string(&good).expect("serialises");
    assert_eq!(g.load_state(&json).expect("loads"), good);
    // Three pieces on a square; two colours on one outside a fused piece;
    // value out of nowhere.
    let mut three = good.clone();
    three.fight.as_mut().expect("a fight").cells[0] = stack(&g, "bM+bS");
    three.fight.as_mut().expect("a fight").cells[0].fused = true;
    let mut shared = good.clone();
    shared.fight.as_mut().expect("a fight").cells[1] = stack(&g, "bS+gS");
    let mut created = good.clone();
    created.fight.as_mut().expect("a fight").points[0] = 5;
    for (bad, words) in [
        (three, "fused piece"),
        (shared, "share"),
        (created, "add up"),
    ] {
        let json = serde_json::to_string(&bad).expect("serialises");
        let err = g.load_state(&json).expect_err("refused").to_string();
        assert!(err.contains(words), "{err}");
    }
    let err = g
        .load_state("{\"fight\": 3}")
        .expect_err("refused")
        .to_string();
    assert!(
        err.starts_with(
            "the saved state is not valid: invalid type: integer `3`, expected struct FightState"
        ),
        "{err}"
    );
}

// ---------------------------------------------------------------- front ends

#[test]
fn random_games_for_two_three_and_four_players_end_with_an_outcome() {
    for players in [2, 3, 4] {
        let g = game(players);
        for seed in 0..3 {
            let played = pachisi::sim::play_random(&g, &mut pachisi::sim::rng(seed), false);
            assert!(g.is_terminal(&played.state));
            let outcome = played.outcome;
            assert_eq!(outcome.scores.len(), 4, "a score for each colour's side");
            let fs = played.state.fight.as_deref().expect("a fight");
            match outcome.reason {
                EndReason::LastPieceTaken => assert!(
                    (0..4).any(|s| g.fight_pieces_left(&played.state, s) == 0),
                    "a colour has lost its last piece"
                ),
                EndReason::TurnLimit => assert_eq!(played.state.turns, g.rules().turn.limit),
                EndReason::Finished | EndReason::Eliminated | EndReason::Dropped => {
                    panic!("a fight ends by a last piece taken or the limit")
                }
            }
            let top = fs.points.iter().max().copied().unwrap_or(0);
            if let Some(w) = outcome.winner {
                assert_eq!(fs.points[w as usize], top);
            }
        }
    }
}

fn pachisi_cli(args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the command runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input is written");
    let out = child.wait_with_output().expect("the command ends");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn simulate_plays_complete_games_and_play_shows_the_board() {
    for players in ["2", "3", "4"] {
        let out = pachisi_cli(
            &[
                "simulate",
                "nightmare-pachisi",
                "--games",
                "5",
                "--seed",
                "1",
                "--players",
                players,
            ],
            "",
        );
        assert!(
            out.contains(&format!("with {players} players: 5 games")),
            "{out}"
        );
    }
    let out = pachisi_cli(
        &[
            "play",
            "nightmare-pachisi",
            "--players",
            "3",
            "--seat",
            "red",
            "--seed",
            "2",
        ],
        &"1\n".repeat(30),
    );
    assert!(out.contains("You play red"), "{out}");
    assert!(out.contains("(dummy)"), "{out}");
    assert!(out.contains("points: blue 0"), "{out}");
}

#[test]
fn a_game_record_is_written_and_replayed_to_the_same_position() {
    for players in [2, 3, 4] {
        let g = game(players);
        let played = pachisi::sim::play_random(&g, &mut pachisi::sim::rng(5), true);
        let text = pachisi::record::write(&g, &played.history);
        let (end, actions) = pachisi::record::replay(&g, &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(actions, played.history);
        assert_eq!(end, played.state);
        if players == 2 {
            // The winner of the first throw chooses the colour that begins.
            let chooser = text.lines().nth(3).expect("a fourth line");
            assert!(
                chooser.starts_with("blue+red: first")
                    || chooser.starts_with("green+yellow: first"),
                "{chooser}"
            );
        }
    }
}
