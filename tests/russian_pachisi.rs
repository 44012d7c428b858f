//! Rule tests for the Russian Pachisi (variants/russian-pachisi.variant),
//! one test per rule of the game text (shared rules/pachisi-ru.txt), and
//! for its house rules (variants/house/russian-pachisi-*.variant).
//!
//! Positions are written as the track steps of each playing seat's four
//! pieces (0 = in the yard, 72 = home) and then thrown with the engine.
//! At four players the seats are red (south), purple (west), green (north)
//! and blue (east), in turn order. Red's track, step by step:
//!
//! | steps | squares | Parchís numbers |
//! |---|---|---|
//! | 1–4 | k15 (red's start square, safe) .. k12 | 5–8 |
//! | 5–12 | l11 .. s11 (o11, step 8, black) | 9–16 |
//! | 13 | s10, the east tip (black) | 17 |
//! | 14–21 | s9 .. l9 (o9, step 18, blue's start) | 18–25 |
//! | 22–29 | k8 .. k1 (k5, step 25, black) | 26–33 |
//! | 30 | j1, the north tip (black) | 34 |
//! | 31–38 | i1 .. i8 (i5, step 35, green's start) | 35–42 |
//! | 39–46 | h9 .. a9 (e9, step 42, black) | 43–50 |
//! | 47 | a10, the west tip (black) | 51 |
//! | 48–55 | a11 .. h11 (e11, step 52, purple's start) | 52–59 |
//! | 56–63 | i12 .. i19 (i15, step 59, black) | 60–67 |
//! | 64 | j19, red's own tip (black) | 68 |
//! | 65–71 | j18 .. j12, red's corridor | |
//! | 72 | the finish, home | |

use pachisi::{Action, EndReason, Game, Phase, PoolValue, Refusal, State};

mod common;
use common::{Waiting, assert_no_table, cell_of, load_position, play, refused, step_at};

const HOME: u8 = 72;
const RED: usize = 0;
const PURPLE: usize = 1;
const GREEN: usize = 2;
const BLUE: usize = 3;
const YARD: [u8; 4] = [0, 0, 0, 0];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn game(players: usize) -> Game {
    Game::bundled("russian-pachisi", Some(players)).unwrap()
}

/// A bundled house-rule variant of the Russian Pachisi, four players.
fn house(name: &str) -> Game {
    Game::bundled(&format!("house/{name}"), Some(4)).unwrap_or_else(|e| panic!("{e}"))
}

fn pairs() -> Game {
    house("russian-pachisi-pairs")
}

fn forfeit() -> Game {
    house("russian-pachisi-forfeit")
}

fn classic() -> Game {
    house("russian-pachisi-classic")
}

/// A saved state: the pieces of each playing seat (any order), the seat to
/// move, the values waiting (`(value, bonus)`; none: the seat is about to
/// throw), the earned throws still to come, the doubles thrown in a row and
/// whether the last throw was a double.
fn load(
    game: &Game,
    pieces: &[[u8; 4]],
    mover: usize,
    pool: &[(u8, bool)],
    extra: u8,
    streak: u8,
    doubles: bool,
) -> State {
    let pieces: Vec<&[u8]> = pieces.iter().map(|p| p.as_slice()).collect();
    let pool = pool
        .iter()
        .map(|&(value, bonus)| PoolValue {
            value,
            again: doubles && !bonus,
            bonus,
        })
        .collect();
    let waiting = Waiting {
        pool,
        extra: extra as usize,
        streak: streak as usize,
        doubles,
    };
    load_position(game, &pieces, mover, &waiting, false)
}

/// A position where the seat `mover` is about to throw.
fn position(game: &Game, pieces: &[[u8; 4]], mover: usize) -> State {
    load(game, pieces, mover, &[], 0, 0, false)
}

/// The throw of the two dice `a`-`b`.
fn throw(game: &Game, state: &mut State, a: u8, b: u8) {
    let label = format!("{}-{}", a.min(b), a.max(b));
    let i = game
        .rules()
        .dice
        .outcome_labelled(&label)
        .unwrap_or_else(|| panic!("no throw {label}"));
    play(game, state, Action::Throw(i as u8));
}

/// A position, then the throw `a`-`b`.
fn thrown(game: &Game, pieces: &[[u8; 4]], mover: usize, a: u8, b: u8) -> State {
    let mut s = position(game, pieces, mover);
    throw(game, &mut s, a, b);
    assert_eq!(s.phase, Phase::Move);
    s
}

fn step(from: u8, by: u8) -> Action {
    Action::step(from, by)
}

fn die(value: u8) -> PoolValue {
    PoolValue {
        value,
        again: false,
        bonus: false,
    }
}

fn double_die(value: u8) -> PoolValue {
    PoolValue {
        value,
        again: true,
        bonus: false,
    }
}

fn bonus(value: u8) -> PoolValue {
    PoolValue {
        value,
        again: false,
        bonus: true,
    }
}

fn cell_id(game: &Game, name: &str) -> pachisi::rules::CellId {
    game.rules()
        .board
        .cell_named(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

/// Red's pieces at `red`, one more seat's at `other` (by seat), the rest in the yard.
fn board_with(red: [u8; 4], others: &[(usize, [u8; 4])]) -> Vec<[u8; 4]> {
    let mut pieces = vec![red, YARD, YARD, YARD];
    for &(seat, p) in others {
        pieces[seat] = p;
    }
    pieces
}

// ---------------------------------------------------------------------------
// Players, the board, the way round
// ---------------------------------------------------------------------------

#[test]
fn two_to_four_players_each_for_himself_with_four_pieces() {
    for (players, names) in [
        (2, vec!["red", "green"]),
        (3, vec!["red", "purple", "green"]),
        (4, vec!["red", "purple", "green", "blue"]),
    ] {
        let g = game(players);
        let seated: Vec<&str> = (0..players).map(|i| g.seat_name(i)).collect();
        assert_eq!(seated, names);
        assert_eq!(g.side_count(), players, "each plays for himself");
        let s = g.new_initial_state();
        for seat in 0..players {
            assert_eq!(s.seat_pieces(seat), &YARD, "all four in the yard");
        }
    }
    assert_no_table("russian-pachisi", 1, "2, 3 or 4");
    assert_no_table("russian-pachisi", 5, "2, 3 or 4");
    // The lot decides who begins.
    let g = game(4);
    assert_eq!(g.new_initial_state().phase, Phase::Opening);
}

#[test]
fn the_board_is_the_parchis_board_of_68_squares_with_a_corridor_of_7() {
    let g = game(4);
    for seat in 0..4 {
        let track = g.track(seat);
        assert_eq!(track.home(), HOME, "71 steps from the start square home");
        let name = g.seat_name(seat);
        assert_eq!(cell_of(&g, seat, 0), format!("{name}_yard"));
        assert_eq!(cell_of(&g, seat, HOME), "finish");
    }
    // Steps 1..64 of the four seats cover the 68 squares of the circuit.
    let mut circuit: Vec<String> = (0..4)
        .flat_map(|seat| (1..=64).map(move |s| (seat, s)))
        .map(|(seat, s)| cell_of(&g, seat, s))
        .collect();
    circuit.sort();
    circuit.dedup();
    assert_eq!(circuit.len(), 68);
    // Red's start square is k15 (5 in the Parchís numbering), its last
    // square of the circuit its own tip j19 (68), then its corridor.
    assert_eq!(cell_of(&g, RED, 1), "k15");
    assert_eq!(cell_of(&g, RED, 64), "j19");
    let corridor: Vec<String> = (65..HOME).map(|s| cell_of(&g, RED, s)).collect();
    assert_eq!(corridor, ["j18", "j17", "j16", "j15", "j14", "j13", "j12"]);
}

#[test]
fn pieces_move_counter_clockwise() {
    let g = game(4);
    // From the south arm to the east, north and west arms: counter-clockwise
    // with north at the top, through the tip of each arm.
    let tips: Vec<(u8, String)> = [13, 30, 47, 64]
        .iter()
        .map(|&s| (s, cell_of(&g, RED, s)))
        .collect();
    assert_eq!(
        tips,
        [
            (13, "s10".to_string()),
            (30, "j1".to_string()),
            (47, "a10".to_string()),
            (64, "j19".to_string())
        ]
    );
    assert_eq!(cell_of(&g, RED, 5), "l11", "from k12 east, not west");
    // Every seat's start square, in turn order: south, west, north, east.
    let starts: Vec<String> = (0..4).map(|seat| cell_of(&g, seat, 1)).collect();
    assert_eq!(starts, ["k15", "e11", "i5", "o9"]);
}

#[test]
fn turns_pass_clockwise() {
    let g = game(4);
    // Red (south) cannot move with 3-4 and passes; the turn goes to purple
    // (west), then green (north), then blue (east), then red again:
    // clockwise, against the pieces.
    let mut s = position(&g, &[YARD; 4], RED);
    for next in [PURPLE, GREEN, BLUE, RED] {
        throw(&g, &mut s, 3, 4);
        assert_eq!(g.legal_actions(&s), [Action::Pass]);
        play(&g, &mut s, Action::Pass);
        assert_eq!((g.mover(&s), s.phase), (next, Phase::Throw));
    }
    assert_eq!(s.turns, 4);
}

#[test]
fn the_safe_squares_are_the_8_black_squares_and_the_4_start_squares() {
    let g = game(4);
    let safe: Vec<u8> = (1..HOME)
        .filter(|&s| g.track(RED).safe[s as usize])
        .collect();
    assert_eq!(safe, [1, 8, 13, 18, 25, 30, 35, 42, 47, 52, 59, 64]);
    // In the Parchís numbering (red's step + 4): 5, 12, 17, 22, 29, 34, 39,
    // 46, 51, 56, 63, 68.
    let numbers: Vec<u8> = safe.iter().map(|s| s + 4).collect();
    assert_eq!(numbers, [5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68]);
    let names: Vec<String> = safe.iter().map(|&s| cell_of(&g, RED, s)).collect();
    assert_eq!(
        names,
        [
            "k15", "o11", "s10", "o9", "k5", "j1", "i5", "e9", "a10", "e11", "i15", "j19"
        ]
    );
    // The start squares among them: red's, blue's, green's, purple's.
    for (seat, cell) in [(RED, "k15"), (BLUE, "o9"), (GREEN, "i5"), (PURPLE, "e11")] {
        assert_eq!(cell_of(&g, seat, 1), cell);
    }
    // Every seat meets the same twelve on its way; none in a corridor.
    for seat in 1..4 {
        let theirs: Vec<u8> = (1..HOME)
            .filter(|&s| g.track(seat).safe[s as usize])
            .collect();
        assert_eq!(theirs, safe, "{}", g.seat_name(seat));
    }
}

#[test]
fn the_corridor_of_seven_squares_is_closed_to_the_others() {
    let g = game(4);
    for seat in 0..4 {
        for step in 65..HOME {
            let cell = g.track(seat).cell(step);
            for other in (0..4).filter(|&o| o != seat) {
                assert!(
                    !g.track(other).cells.contains(&cell),
                    "{}'s corridor square {} is on {}'s track",
                    g.seat_name(seat),
                    cell_of(&g, seat, step),
                    g.seat_name(other)
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Entering on a 5
// ---------------------------------------------------------------------------

#[test]
fn a_five_on_one_die_brings_a_piece_out_and_the_other_die_may_move_it() {
    let g = game(4);
    // The text's example: 5-3, bring a piece out and go on 3 with it.
    let mut s = thrown(&g, &[YARD; 4], RED, 5, 3);
    assert_eq!(g.legal_actions(&s), [step(0, 5)]);
    play(&g, &mut s, step(0, 5));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 1], "on its start square k15");
    assert_eq!(s.pool.as_slice(), [die(3)]);
    assert_eq!(g.legal_actions(&s), [step(1, 3), Action::Pass]);
    play(&g, &mut s, step(1, 3));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 4]);
    assert_eq!(cell_of(&g, RED, 4), "k12");
    assert_eq!((g.mover(&s), s.phase), (PURPLE, Phase::Throw));
}

#[test]
fn the_other_die_may_move_another_piece_after_entering() {
    let g = game(4);
    let mut s = thrown(&g, &board_with([0, 0, 0, 10], &[]), RED, 5, 3);
    assert_eq!(g.legal_actions(&s), [step(0, 5), step(10, 3), step(10, 5)]);
    play(&g, &mut s, step(0, 5));
    assert_eq!(g.legal_actions(&s), [step(1, 3), step(10, 3), Action::Pass]);
    play(&g, &mut s, step(10, 3));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 1, 13]);
}

#[test]
fn a_sum_of_five_brings_a_piece_out_and_uses_both_dice() {
    let g = game(4);
    for (a, b) in [(1, 4), (2, 3)] {
        // With nothing on the board: the sum brings a piece out, and the
        // turn is over; nothing else moves.
        let mut s = thrown(&g, &[YARD; 4], RED, a, b);
        assert_eq!(g.legal_actions(&s), [step(0, 5)], "{a}-{b}");
        play(&g, &mut s, step(0, 5));
        assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 1]);
        assert!(s.pool.is_empty(), "the sum used both dice");
        assert_eq!((g.mover(&s), s.phase), (PURPLE, Phase::Throw));

        // With a piece out, the dice may move it instead; entering by the
        // sum still leaves nothing to move it with.
        let mut s = thrown(&g, &board_with([0, 0, 0, 10], &[]), RED, a, b);
        assert_eq!(
            g.legal_actions(&s),
            [step(0, 5), step(10, a), step(10, b)],
            "{a}-{b}"
        );
        play(&g, &mut s, step(0, 5));
        assert_eq!(s.seat_pieces(RED), &[0, 0, 1, 10]);
        assert_eq!(g.mover(&s), PURPLE);
    }
}

#[test]
fn two_fives_bring_out_two_pieces_or_one_and_a_move() {
    let g = game(4);
    // 5-5: two pieces out (then the double's throw again)...
    let mut s = thrown(&g, &[YARD; 4], RED, 5, 5);
    assert_eq!(g.legal_actions(&s), [step(0, 5)]);
    play(&g, &mut s, step(0, 5));
    assert_eq!(g.legal_actions(&s), [step(0, 5), step(1, 5), Action::Pass]);
    let mut both = s.clone();
    play(&g, &mut both, step(0, 5));
    assert_eq!(both.seat_pieces(RED), &[0, 0, 1, 1]);
    assert_eq!((g.mover(&both), both.phase), (RED, Phase::Throw));
    // ...or one out and the other 5 moves it on...
    play(&g, &mut s, step(1, 5));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 6]);
    // ...or another piece already on the board.
    let mut s = thrown(&g, &board_with([0, 0, 0, 20], &[]), RED, 5, 5);
    play(&g, &mut s, step(0, 5));
    play(&g, &mut s, step(20, 5));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 1, 25]);
}

#[test]
fn entering_is_never_forced() {
    let g = game(4);
    let mut s = thrown(&g, &board_with([0, 0, 0, 10], &[]), RED, 5, 3);
    assert_eq!(g.legal_actions(&s), [step(0, 5), step(10, 3), step(10, 5)]);
    // The 5 moves the piece on the board instead.
    play(&g, &mut s, step(10, 5));
    assert_eq!(g.legal_actions(&s), [step(15, 3), Action::Pass]);
    play(&g, &mut s, step(15, 3));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 18]);
}

// ---------------------------------------------------------------------------
// Using the dice
// ---------------------------------------------------------------------------

#[test]
fn one_piece_may_move_the_sum_of_both_dice() {
    let g = game(4);
    // 5-3 moves one piece 8: one die after the other.
    let mut s = thrown(&g, &board_with([0, 0, 0, 10], &[]), RED, 5, 3);
    play(&g, &mut s, step(10, 3));
    play(&g, &mut s, step(13, 5));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 18]);
    assert_eq!(g.mover(&s), PURPLE);
}

#[test]
fn a_player_may_leave_one_die_unused_but_must_use_one() {
    let g = game(4);
    // The text's example: 5-1, bring a piece out and pass the 1.
    let mut s = thrown(&g, &[YARD; 4], RED, 5, 1);
    assert_eq!(g.legal_actions(&s), [step(0, 5)]);
    let (refusal, reason) = refused(&g, &mut s, Action::Pass);
    assert_eq!(refusal, Refusal::MustMove);
    assert_eq!(
        reason,
        "a value that can be used must be used (turn: must_move)"
    );
    play(&g, &mut s, step(0, 5));
    assert_eq!(g.legal_actions(&s), [step(1, 1), Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 1]);
    assert_eq!((g.mover(&s), s.phase), (PURPLE, Phase::Throw));
}

#[test]
fn a_player_who_cannot_move_passes() {
    let g = game(4);
    // The text's example: all four in the yard and 4-3.
    let mut s = thrown(&g, &[YARD; 4], RED, 4, 3);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(RED), &YARD);
    assert_eq!((g.mover(&s), s.phase), (PURPLE, Phase::Throw));
}

#[test]
fn a_double_gives_another_throw_whether_pieces_moved_or_not() {
    let g = game(4);
    // Nothing can move on 4-4: the pass still earns the throw.
    let mut s = thrown(&g, &[YARD; 4], RED, 4, 4);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    play(&g, &mut s, Action::Pass);
    assert_eq!((g.mover(&s), s.phase), (RED, Phase::Throw));
    // One die used, the other left: the throw again too.
    let mut s = thrown(&g, &board_with([0, 0, 0, 10], &[]), RED, 4, 4);
    play(&g, &mut s, step(10, 4));
    play(&g, &mut s, Action::Pass);
    assert_eq!((g.mover(&s), s.phase), (RED, Phase::Throw));
    // And a second double in a row: again.
    throw(&g, &mut s, 2, 2);
    assert_eq!(s.streak, 2);
    play(&g, &mut s, step(14, 2));
    play(&g, &mut s, step(16, 2));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 18]);
    assert_eq!((g.mover(&s), s.phase), (RED, Phase::Throw));
    // A throw that is not a double ends the turn.
    throw(&g, &mut s, 1, 2);
    play(&g, &mut s, step(18, 1));
    play(&g, &mut s, step(19, 2));
    assert_eq!((g.mover(&s), s.phase), (PURPLE, Phase::Throw));
}

#[test]
fn the_third_double_in_a_row_moves_nothing_and_sends_the_piece_nearest_home_to_the_yard() {
    let g = game(4);
    // Red has thrown two doubles in a row this turn and throws a third:
    // its piece in the corridor (step 66) goes back to the yard, nothing
    // moves, and the turn passes on.
    let mut s = load(&g, &board_with([0, 10, 40, 66], &[]), RED, &[], 0, 2, true);
    throw(&g, &mut s, 3, 3);
    assert_eq!(s.seat_pieces(RED), &[0, 0, 10, 40]);
    assert!(s.pool.is_empty());
    assert_eq!((g.mover(&s), s.phase), (PURPLE, Phase::Throw));
    assert_eq!(s.streak, 0);

    // Only one piece of a barrier nearest home goes back; pieces already
    // home stay there.
    let mut s = load(
        &g,
        &board_with([10, 40, 40, HOME], &[]),
        RED,
        &[],
        0,
        2,
        true,
    );
    throw(&g, &mut s, 6, 6);
    assert_eq!(s.seat_pieces(RED), &[0, 10, 40, HOME]);
    assert_eq!(g.mover(&s), PURPLE);

    // The second double in a row is still a throw like any other.
    let mut s = load(&g, &board_with([0, 10, 40, 66], &[]), RED, &[], 0, 1, true);
    throw(&g, &mut s, 3, 3);
    assert_eq!(s.phase, Phase::Move);
    assert_eq!(s.seat_pieces(RED), &[0, 10, 40, 66]);
}

// ---------------------------------------------------------------------------
// Jumping and barriers
// ---------------------------------------------------------------------------

#[test]
fn single_pieces_may_be_jumped_own_and_opponents() {
    let g = game(4);
    // Red at 10 (q11) and 12 (s11), a single purple piece on red's step 14 (s9).
    let p = step_at(&g, PURPLE, "s9");
    let mut s = thrown(
        &g,
        &board_with([0, 0, 10, 12], &[(PURPLE, [0, 0, 0, p])]),
        RED,
        6,
        2,
    );
    assert_eq!(
        g.legal_actions(&s),
        [step(10, 2), step(10, 6), step(12, 2), step(12, 6)]
    );
    // 10 -> 16 jumps red's own piece on 12 and purple's on 14.
    play(&g, &mut s, step(10, 6));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 12, 16]);
    assert_eq!(s.seat_pieces(PURPLE), &[0, 0, 0, p]);
}

#[test]
fn a_barrier_of_two_cannot_be_passed_by_an_ordinary_move() {
    let g = game(4);
    // Two purple pieces on s9 (red's step 14) are a barrier; red is at 10.
    let p = step_at(&g, PURPLE, "s9");
    let pieces = board_with([0, 0, 0, 10], &[(PURPLE, [0, 0, p, p])]);
    let mut s = thrown(&g, &pieces, RED, 3, 6);
    assert_eq!(g.legal_actions(&s), [step(10, 3)]);
    let (refusal, reason) = refused(&g, &mut s, step(10, 6));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 2));
    assert_eq!(
        reason,
        "a blockade of 2 stands at s9 and the move may not pass it (stacks: pass)"
    );
    // Nor by the sum of the dice, one die after the other.
    play(&g, &mut s, step(10, 3));
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    // Nor by landing on it.
    let mut s = thrown(&g, &pieces, RED, 4, 1);
    let (refusal, reason) = refused(&g, &mut s, step(10, 4));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell_id(&g, "s9"), 2));
    assert_eq!(
        reason,
        "a blockade of 2 stands at s9 and no piece may land on it (stacks: take = never)"
    );
}

#[test]
fn a_barrier_of_two_may_be_jumped_only_with_a_double() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "s9");
    // With 6-6 red's piece at 10 jumps purple's barrier on 14 to an empty
    // square, and the second 6 goes on.
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 10], &[(PURPLE, [0, 0, p, p])]),
        RED,
        6,
        6,
    );
    assert_eq!(g.legal_actions(&s), [step(10, 6)]);
    play(&g, &mut s, step(10, 6));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 16]);
    // Landing on a single opponent takes it: green's piece on q9 (step 16).
    let q = step_at(&g, GREEN, "q9");
    let mut s = thrown(
        &g,
        &board_with(
            [0, 0, 0, 10],
            &[(PURPLE, [0, 0, p, p]), (GREEN, [0, 0, 0, q])],
        ),
        RED,
        6,
        6,
    );
    play(&g, &mut s, step(10, 6));
    assert_eq!(s.seat_pieces(GREEN), &YARD);
    assert_eq!(s.pool.as_slice(), [double_die(6), bonus(20)]);
    // Landing on two opponents is not allowed: green's barrier on q9.
    let mut s = thrown(
        &g,
        &board_with(
            [0, 0, 0, 10],
            &[(PURPLE, [0, 0, p, p]), (GREEN, [0, 0, q, q])],
        ),
        RED,
        6,
        6,
    );
    let (refusal, _) = refused(&g, &mut s, step(10, 6));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell_id(&g, "q9"), 2));
    // 1-1 cannot jump it: the first 1 would land on it.
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 13], &[(PURPLE, [0, 0, p, p])]),
        RED,
        1,
        1,
    );
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let (refusal, _) = refused(&g, &mut s, step(13, 1));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell_id(&g, "s9"), 2));
    // A bonus is no double: 20 squares do not jump it, even in a double's turn.
    let mut s = load(
        &g,
        &board_with([0, 0, 0, 10], &[(PURPLE, [0, 0, p, p])]),
        RED,
        &[(20, true)],
        1,
        1,
        true,
    );
    let (refusal, _) = refused(&g, &mut s, step(10, 20));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 2));
}

#[test]
fn a_barrier_of_three_or_four_is_never_jumped() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "s9");
    for (barrier, n) in [([0, p, p, p], 3), ([p, p, p, p], 4)] {
        let mut s = thrown(
            &g,
            &board_with([0, 0, 0, 10], &[(PURPLE, barrier)]),
            RED,
            6,
            6,
        );
        assert_eq!(g.legal_actions(&s), [Action::Pass]);
        let (refusal, reason) = refused(&g, &mut s, step(10, 6));
        assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), n));
        assert_eq!(
            reason,
            format!("a blockade of {n} stands at s9 and the move may not pass it (stacks: pass)")
        );
    }
}

#[test]
fn own_barriers_stop_their_owner_too() {
    let g = game(4);
    // Red's own two pieces on 14 (s9): red's piece at 10 passes them only with a double.
    let mut s = thrown(&g, &board_with([0, 10, 14, 14], &[]), RED, 3, 6);
    assert_eq!(g.legal_actions(&s), [step(10, 3), step(14, 3), step(14, 6)]);
    let (refusal, _) = refused(&g, &mut s, step(10, 6));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 2));
    let s = thrown(&g, &board_with([0, 10, 14, 14], &[]), RED, 6, 6);
    assert_eq!(g.legal_actions(&s), [step(10, 6), step(14, 6)]);
    // Its own three on one square: not even with a double.
    let mut s = thrown(&g, &board_with([10, 14, 14, 14], &[]), RED, 6, 6);
    assert_eq!(g.legal_actions(&s), [step(14, 6)]);
    let (refusal, _) = refused(&g, &mut s, step(10, 6));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 3));
    // More than two pieces of one player may share a square.
    let mut s = thrown(&g, &board_with([0, 10, 14, 14], &[]), RED, 4, 1);
    play(&g, &mut s, step(10, 4));
    assert_eq!(s.seat_pieces(RED), &[0, 14, 14, 14]);
}

#[test]
fn on_a_double_the_two_pieces_of_a_barrier_may_not_both_go_to_one_new_square() {
    let g = game(4);
    // Red's barrier on 20 (m9) and 4-4: one piece goes to 24 (k6); the
    // other may not follow it there with the other 4.
    let mut s = thrown(&g, &board_with([0, 0, 20, 20], &[]), RED, 4, 4);
    assert_eq!(g.legal_actions(&s), [step(20, 4)]);
    play(&g, &mut s, step(20, 4));
    assert_eq!(g.legal_actions(&s), [step(24, 4), Action::Pass]);
    let (refusal, reason) = refused(&g, &mut s, step(20, 4));
    assert_eq!(refusal, Refusal::PairApart(cell_id(&g, "k6")));
    assert_eq!(
        reason,
        "the other piece of that blockade already went to k6 with this throw (stacks: pairs = apart)"
    );
    // The other die moves on another piece, here the one that left.
    play(&g, &mut s, step(24, 4));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 20, 28]);
    // With the double's next throw, the rest of the barrier may go anywhere.
    assert_eq!((g.mover(&s), s.phase), (RED, Phase::Throw));
}

// ---------------------------------------------------------------------------
// Capture and safe squares
// ---------------------------------------------------------------------------

#[test]
fn landing_on_a_single_opponent_sends_it_to_its_yard() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "s11");
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 10], &[(PURPLE, [0, 0, 0, p])]),
        RED,
        1,
        2,
    );
    assert_eq!(g.legal_actions(&s), [step(10, 1), step(10, 2)]);
    play(&g, &mut s, step(10, 2));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 12]);
    assert_eq!(s.seat_pieces(PURPLE), &YARD);
    assert_eq!(s.pool.as_slice(), [die(1), bonus(20)]);
}

#[test]
fn no_capture_on_the_black_safe_squares() {
    let g = game(4);
    // A single purple piece on o11 (red's step 8, black).
    let p = step_at(&g, PURPLE, "o11");
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 5], &[(PURPLE, [0, 0, 0, p])]),
        RED,
        3,
        1,
    );
    play(&g, &mut s, step(5, 3));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 8]);
    assert_eq!(s.seat_pieces(PURPLE), &[0, 0, 0, p], "both stand there");
    assert_eq!(s.pool.as_slice(), [die(1)], "no bonus");
}

#[test]
fn no_capture_of_a_piece_in_a_barrier() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "s11");
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 10], &[(PURPLE, [0, 0, p, p])]),
        RED,
        1,
        2,
    );
    assert_eq!(g.legal_actions(&s), [step(10, 1)]);
    let (refusal, _) = refused(&g, &mut s, step(10, 2));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell_id(&g, "s11"), 2));
}

#[test]
fn on_another_players_start_square_only_that_player_captures() {
    let g = game(4);
    // A single purple piece on red's start square k15.
    let p = step_at(&g, PURPLE, "k15");
    // Green lands there from k17: no capture, both stand.
    let g17 = step_at(&g, GREEN, "k17");
    let mut s = thrown(&g, &[YARD, [0, 0, 0, p], [0, 0, 0, g17], YARD], GREEN, 2, 1);
    play(&g, &mut s, step(g17, 2));
    assert_eq!(s.seat_pieces(PURPLE), &[0, 0, 0, p]);
    assert_eq!(s.pool.as_slice(), [die(1)]);
    // Red, whose start square it is, takes it by coming out on a 5...
    let mut s = thrown(&g, &board_with(YARD, &[(PURPLE, [0, 0, 0, p])]), RED, 5, 2);
    play(&g, &mut s, step(0, 5));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 1]);
    assert_eq!(s.seat_pieces(PURPLE), &YARD);
    assert_eq!(s.pool.as_slice(), [die(2), bonus(20)]);
    // ...or by the sum of 1-4.
    let mut s = thrown(&g, &board_with(YARD, &[(PURPLE, [0, 0, 0, p])]), RED, 1, 4);
    play(&g, &mut s, step(0, 5));
    assert_eq!(s.seat_pieces(PURPLE), &YARD);
    assert_eq!(s.pool.as_slice(), [bonus(20)]);
    // Nobody takes on blue's start square o9 but blue: red lands beside purple.
    let o9 = step_at(&g, PURPLE, "o9");
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 15], &[(PURPLE, [0, 0, 0, o9])]),
        RED,
        3,
        1,
    );
    play(&g, &mut s, step(15, 3));
    assert_eq!(cell_of(&g, RED, 18), "o9");
    assert_eq!(s.seat_pieces(PURPLE), &[0, 0, 0, o9]);
}

#[test]
fn a_barrier_on_a_start_square_keeps_its_owner_from_entering() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "k15");
    let mut s = thrown(&g, &board_with(YARD, &[(PURPLE, [0, 0, p, p])]), RED, 5, 2);
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let (refusal, reason) = refused(&g, &mut s, step(0, 5));
    assert_eq!(refusal, Refusal::LandOnBlockade(cell_id(&g, "k15"), 2));
    assert_eq!(
        reason,
        "a blockade of 2 stands at k15 and no piece may land on it (stacks: take = never)"
    );
    // Nobody can take that barrier: not red, not green landing there.
    let g17 = step_at(&g, GREEN, "k17");
    let s = thrown(&g, &[YARD, [0, 0, p, p], [0, 0, 0, g17], YARD], GREEN, 2, 1);
    let mut after = s.clone();
    play(&g, &mut after, step(g17, 2));
    assert_eq!(after.seat_pieces(PURPLE), &[0, 0, p, p]);
}

// ---------------------------------------------------------------------------
// Bonuses
// ---------------------------------------------------------------------------

#[test]
fn a_capture_earns_exactly_20_for_any_piece_in_any_order() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "s11");
    let mut s = thrown(
        &g,
        &board_with([0, 0, 5, 10], &[(PURPLE, [0, 0, 0, p])]),
        RED,
        1,
        2,
    );
    play(&g, &mut s, step(10, 2));
    assert_eq!(s.pool.as_slice(), [die(1), bonus(20)]);
    // Any piece out of the yard moves exactly 20, before or after the die;
    // the bonus brings no piece out of the yard.
    assert_eq!(
        g.legal_actions(&s),
        [
            step(5, 1),
            step(5, 20),
            step(12, 1),
            step(12, 20),
            Action::Pass
        ]
    );
    assert_eq!(
        g.refusal(&s, step(0, 20)),
        Some(Refusal::EntryValue { first: false })
    );
    let mut bonus_first = s.clone();
    play(&g, &mut bonus_first, step(5, 20));
    play(&g, &mut bonus_first, step(12, 1));
    assert_eq!(bonus_first.seat_pieces(RED), &[0, 0, 13, 25]);
    let mut die_first = s.clone();
    play(&g, &mut die_first, step(12, 1));
    play(&g, &mut die_first, step(5, 20));
    assert_eq!(die_first.seat_pieces(RED), &[0, 0, 13, 25]);
    assert_eq!(g.mover(&die_first), PURPLE);
}

/// Two opponents' singles on red's start square k15 (a safe square, which
/// they may share): red comes out on a 5 and takes both, in one move, which
/// earns one bonus of 20 (capture: bonus, "a move that takes earns one
/// bonus, however many pieces it takes"). The text's two bonuses come from
/// two moves that each take a piece.
#[test]
fn a_move_that_takes_two_pieces_earns_one_bonus() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "k15");
    let q = step_at(&g, GREEN, "k15");
    let mut s = thrown(
        &g,
        &board_with(YARD, &[(PURPLE, [0, 0, 0, p]), (GREEN, [0, 0, 0, q])]),
        RED,
        5,
        2,
    );
    let mut by_reference = s.clone();
    g.apply_reference(&mut by_reference, step(0, 5)).unwrap();
    play(&g, &mut s, step(0, 5));
    assert_eq!(s.seat_pieces(PURPLE), &YARD);
    assert_eq!(s.seat_pieces(GREEN), &YARD);
    assert_eq!(s.pool.as_slice(), [die(2), bonus(20)]);
    assert_eq!(s, by_reference);
}

#[test]
fn a_piece_home_earns_exactly_10_for_any_piece() {
    let g = game(4);
    let mut s = thrown(&g, &board_with([0, 0, 10, 70], &[]), RED, 2, 3);
    play(&g, &mut s, step(70, 2));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 10, HOME]);
    assert_eq!(s.pool.as_slice(), [die(3), bonus(10)]);
    assert_eq!(
        g.legal_actions(&s),
        [step(10, 3), step(10, 10), Action::Pass]
    );
    play(&g, &mut s, step(10, 10));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 20, HOME]);
}

#[test]
fn a_bonus_may_be_declined() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "s11");
    let mut s = thrown(
        &g,
        &board_with([0, 0, 5, 10], &[(PURPLE, [0, 0, 0, p])]),
        RED,
        1,
        2,
    );
    play(&g, &mut s, step(10, 2));
    play(&g, &mut s, step(12, 1));
    assert_eq!(s.pool.as_slice(), [bonus(20)]);
    assert_eq!(
        g.legal_actions(&s),
        [step(5, 20), step(13, 20), Action::Pass]
    );
    play(&g, &mut s, Action::Pass);
    assert_eq!(s.seat_pieces(RED), &[0, 0, 5, 13]);
    assert_eq!((g.mover(&s), s.phase), (PURPLE, Phase::Throw));
}

#[test]
fn an_unused_bonus_is_lost_at_the_end_of_the_turn_even_before_a_doubles_throw() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "s11");
    // 2-2: red takes purple with the first 2 and moves the second.
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 10], &[(PURPLE, [0, 0, 0, p])]),
        RED,
        2,
        2,
    );
    play(&g, &mut s, step(10, 2));
    assert_eq!(s.pool.as_slice(), [double_die(2), bonus(20)]);
    play(&g, &mut s, step(12, 2));
    play(&g, &mut s, Action::Pass);
    // The double's throw comes with nothing left of the bonus.
    assert_eq!((g.mover(&s), s.phase), (RED, Phase::Throw));
    assert!(s.pool.is_empty());
    throw(&g, &mut s, 1, 3);
    assert_eq!(s.pool.as_slice(), [die(1), die(3)]);
}

#[test]
fn bonuses_chain_a_bonus_that_captures_earns_another() {
    let g = game(4);
    // Purple single on s11 (red's 12), blue single on i1 (red's 31).
    let p = step_at(&g, PURPLE, "s11");
    let q = step_at(&g, BLUE, "i1");
    let mut s = thrown(
        &g,
        &board_with(
            [0, 0, 10, 11],
            &[(PURPLE, [0, 0, 0, p]), (BLUE, [0, 0, 0, q])],
        ),
        RED,
        2,
        4,
    );
    // The first die takes purple: 20.
    play(&g, &mut s, step(10, 2));
    assert_eq!(s.pool.as_slice(), [die(4), bonus(20)]);
    // The 20 takes blue: another 20.
    play(&g, &mut s, step(11, 20));
    assert_eq!(s.seat_pieces(BLUE), &YARD);
    assert_eq!(s.pool.as_slice(), [die(4), bonus(20)]);
    play(&g, &mut s, step(12, 20));
    play(&g, &mut s, step(31, 4));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 32, 35]);
    assert_eq!(g.mover(&s), PURPLE);
    // A 10 that brings a piece home earns another 10.
    let mut s = thrown(&g, &board_with([0, 20, 62, 70], &[]), RED, 2, 3);
    play(&g, &mut s, step(70, 2));
    play(&g, &mut s, step(62, 10));
    assert_eq!(s.seat_pieces(RED), &[0, 20, HOME, HOME]);
    assert_eq!(s.pool.as_slice(), [die(3), bonus(10)]);
}

// ---------------------------------------------------------------------------
// Home and the end
// ---------------------------------------------------------------------------

#[test]
fn home_needs_the_exact_count() {
    let g = game(4);
    // The text's example: 2 to go and 4-5.
    let mut s = thrown(&g, &board_with([0, 0, 0, 70], &[]), RED, 4, 5);
    assert_eq!(g.legal_actions(&s), [step(0, 5)]);
    let (refusal, reason) = refused(&g, &mut s, step(70, 4));
    assert_eq!(refusal, Refusal::Overshoot);
    assert_eq!(
        reason,
        "the value goes past home, which needs an exact value (home: exact)"
    );
    // A bonus too: 20 from 60 is too many.
    let mut s = load(
        &g,
        &board_with([0, 0, 0, 60], &[]),
        RED,
        &[(20, true)],
        0,
        0,
        false,
    );
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let (refusal, _) = refused(&g, &mut s, step(60, 20));
    assert_eq!(refusal, Refusal::Overshoot);
}

#[test]
fn the_first_player_with_all_four_pieces_home_wins() {
    let g = game(4);
    let mut s = thrown(
        &g,
        &board_with([HOME, HOME, HOME, 70], &[(PURPLE, [0, 0, 30, 40])]),
        RED,
        2,
        1,
    );
    play(&g, &mut s, step(70, 2));
    assert_eq!(s.phase, Phase::Over);
    let outcome = g.outcome(&s).expect("the game is over");
    assert_eq!(outcome.winners, [RED as u8]);
    assert_eq!(outcome.reason, EndReason::Finished);
    assert_eq!(outcome.ranks[RED], 1);
}

// ---------------------------------------------------------------------------
// House rules
// ---------------------------------------------------------------------------

#[test]
fn pairs_game_partners_sit_opposite_and_never_take_each_other() {
    let g = pairs();
    let sides = g.sides();
    assert_eq!(g.side_count(), 2);
    assert_eq!(sides[RED], sides[GREEN], "red and green are partners");
    assert_eq!(sides[PURPLE], sides[BLUE], "purple and blue are partners");
    assert_ne!(sides[RED], sides[PURPLE]);
    // Red lands on green's single piece: both stand, no bonus.
    let q = step_at(&g, GREEN, "s11");
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 10], &[(GREEN, [0, 0, 0, q])]),
        RED,
        1,
        2,
    );
    play(&g, &mut s, step(10, 2));
    assert_eq!(s.seat_pieces(GREEN), &[0, 0, 0, q]);
    assert_eq!(s.pool.as_slice(), [die(1)]);
}

#[test]
fn pairs_game_a_mixed_barrier_stops_the_opponents() {
    let g = pairs();
    // A red and a green piece on s9 (red's step 14) make a barrier:
    // purple, coming from s11, is stopped without a double, passes with one.
    let q = step_at(&g, GREEN, "s9");
    let from = step_at(&g, PURPLE, "s11");
    assert_eq!(step_at(&g, PURPLE, "s9"), from + 2);
    let pieces = [[0, 0, 0, 14], [0, 0, 0, from], [0, 0, 0, q], YARD];
    let mut s = thrown(&g, &pieces, PURPLE, 1, 6);
    assert_eq!(g.legal_actions(&s), [step(from, 1)]);
    let (refusal, _) = refused(&g, &mut s, step(from, 6));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 2));
    let s = thrown(&g, &pieces, PURPLE, 6, 6);
    assert_eq!(g.legal_actions(&s), [step(from, 6)]);
}

#[test]
fn extravagant_pairs_no_one_jumps_a_one_player_barrier_even_with_a_double() {
    let g = house("russian-pachisi-extravagant");
    // Two green pieces on s9 (red's step 14): a one-player barrier. Purple,
    // coming from s11, may not jump it with a double of sixes; red, green's
    // partner, coming from r11 (step 11), may not either.
    let q = step_at(&g, GREEN, "s9");
    let from = step_at(&g, PURPLE, "s11");
    let pieces = [[0, 0, 0, 11], [0, 0, 0, from], [0, 0, q, q], YARD];
    let mut s = thrown(&g, &pieces, PURPLE, 6, 6);
    let (refusal, reason) = refused(&g, &mut s, step(from, 6));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 2));
    assert!(reason.contains("stacks: mixed"), "{reason}");
    let mut s = thrown(&g, &pieces, RED, 6, 6);
    let (refusal, _) = refused(&g, &mut s, step(11, 6));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 2));
    // Without the extra, the pairs game lets the double jump it.
    let s = thrown(&pairs(), &pieces, PURPLE, 6, 6);
    assert!(pairs().legal_actions(&s).contains(&step(from, 6)));
}

#[test]
fn extravagant_pairs_the_pair_passes_its_mixed_barrier_without_a_double() {
    let g = house("russian-pachisi-extravagant");
    // A red and a green piece on s9 (red's step 14): a mixed barrier. Red's
    // piece on r11 (step 11) passes it with a 6 of a plain throw; purple,
    // an opponent, may not, not even with a double.
    let q = step_at(&g, GREEN, "s9");
    let from = step_at(&g, PURPLE, "s11");
    let pieces = [[0, 0, 11, 14], [0, 0, 0, from], [0, 0, 0, q], YARD];
    let mut s = thrown(&g, &pieces, RED, 1, 6);
    play(&g, &mut s, step(11, 6));
    assert!(s.seat_pieces(RED).contains(&17));
    let mut s = thrown(&g, &pieces, PURPLE, 6, 6);
    let (refusal, _) = refused(&g, &mut s, step(from, 6));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 2));
    // In the plain pairs game the pair needs a double like anyone.
    let mut s = thrown(&pairs(), &pieces, RED, 1, 6);
    let (refusal, _) = refused(&pairs(), &mut s, step(11, 6));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 2));
}

#[test]
fn pairs_game_the_first_partner_home_wins_for_the_pair() {
    let g = pairs();
    // Red brings its last piece home while green, its partner, still has
    // pieces out: the pair has won (end: team = first).
    let mut s = thrown(
        &g,
        &board_with([HOME, HOME, HOME, 70], &[(GREEN, [0, 0, 10, 20])]),
        RED,
        2,
        1,
    );
    play(&g, &mut s, step(70, 2));
    assert_eq!(s.phase, Phase::Over);
    let outcome = g.outcome(&s).expect("the game is over");
    assert_eq!(outcome.winners, [RED as u8, GREEN as u8]);
}

#[test]
fn classic_rules_no_barrier_is_jumped_and_no_three_on_a_square() {
    let g = classic();
    let p = step_at(&g, PURPLE, "s9");
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 10], &[(PURPLE, [0, 0, p, p])]),
        RED,
        6,
        6,
    );
    assert_eq!(g.legal_actions(&s), [Action::Pass]);
    let (refusal, _) = refused(&g, &mut s, step(10, 6));
    assert_eq!(refusal, Refusal::Blockade(cell_id(&g, "s9"), 2));
    // A third red piece may not join red's two on s9.
    let mut s = thrown(&g, &board_with([0, 10, 14, 14], &[]), RED, 4, 1);
    let (refusal, reason) = refused(&g, &mut s, step(10, 4));
    assert_eq!(refusal, Refusal::CellFull(cell_id(&g, "s9")));
    assert_eq!(
        reason,
        "s9 would hold more pieces than the rules allow (stacks: max, own_max)"
    );
}

// ---------------------------------------------------------------------------
// The pictures in the doc
// ---------------------------------------------------------------------------

#[test]
fn forfeit_count_five_a_piece_not_home_and_ten_a_seat_after_the_winner() {
    let g = forfeit();
    // Red brings its last piece home and wins. Purple, next in turn, has
    // all four out (4 x 5 + 1 x 10 = 30); green, opposite, has two home
    // (2 x 5 + 2 x 10 = 30); blue, who moves just before red, has one home:
    // the text's own example, 3 x 5 + 3 x 10 = 45.
    let mut s = load(
        &g,
        &[
            [HOME, HOME, HOME, 70],
            [0, 0, 10, 20],
            [5, 30, HOME, HOME],
            [0, 4, 40, HOME],
        ],
        RED,
        &[(2, false), (1, false)],
        0,
        0,
        false,
    );
    g.apply(&mut s, Action::step(70, 2)).unwrap();
    let outcome = g.outcome(&s).expect("red has won");
    assert_eq!(outcome.winners, [RED as u8]);
    assert_eq!(outcome.scores, [105, -30, -30, -45]);
    assert_eq!(g.returns(&s), [105.0, -30.0, -30.0, -45.0]);
}

#[test]
fn without_the_forfeit_count_there_are_no_scores() {
    let g = game(4);
    let mut s = load(
        &g,
        &[[HOME, HOME, HOME, 70], YARD, YARD, YARD],
        RED,
        &[(2, false), (1, false)],
        0,
        0,
        false,
    );
    g.apply(&mut s, Action::step(70, 2)).unwrap();
    assert!(g.outcome(&s).expect("red has won").scores.is_empty());
}

#[test]
fn a_jump_over_a_barrier_lands_only_on_an_empty_square_or_a_single_opponent() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "s9");
    let o9 = step_at(&g, GREEN, "o9");
    // Red at s11 (step 12) throws 6-6 over purple's barrier on s9; o9, six
    // squares on, is blue's start square, safe, and green stands there:
    // the jump may not end beside it, as green is not taken there (the
    // text: "free, or one opponent, which is eaten").
    let mut s = thrown(
        &g,
        &board_with(
            [0, 0, 0, 12],
            &[(PURPLE, [0, 0, p, p]), (GREEN, [0, 0, 0, o9])],
        ),
        RED,
        6,
        6,
    );
    let (refusal, reason) = refused(&g, &mut s, step(12, 6));
    assert_eq!(refusal, Refusal::JumpLanding(cell_id(&g, "o9")));
    assert!(
        reason.contains("lands on an empty cell or takes"),
        "{reason}"
    );
    // Without the barrier in the way, red may stand beside green on the safe square.
    let mut s = thrown(
        &g,
        &board_with([0, 0, 0, 12], &[(GREEN, [0, 0, 0, o9])]),
        RED,
        6,
        6,
    );
    play(&g, &mut s, step(12, 6));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 0, 18]);
}

/// The text lets a jumping piece land only on a square that "is free or
/// holds just one opponent's piece (which is eaten)": never on its own
/// piece, nor on its own barrier, making three.
#[test]
fn a_jump_over_a_barrier_never_lands_on_own_pieces() {
    let g = game(4);
    let p = step_at(&g, PURPLE, "s9");
    // Red at 10 throws 6-6 over purple's barrier on s9 (step 14); red's
    // own single stands on q9 (step 16), six squares on.
    let mut s = thrown(
        &g,
        &board_with([0, 0, 10, 16], &[(PURPLE, [0, 0, p, p])]),
        RED,
        6,
        6,
    );
    let mut reference = s.clone();
    let (refusal, reason) = refused(&g, &mut s, step(10, 6));
    assert_eq!(refusal, Refusal::JumpLanding(cell_id(&g, "q9")));
    assert!(
        reason.contains("lands on an empty cell or takes"),
        "{reason}"
    );
    assert!(g.apply_reference(&mut reference, step(10, 6)).is_err());
    assert_eq!(g.legal_actions(&s), [step(16, 6)]);
    // Nor on its own barrier there, which would make three.
    let mut s = thrown(
        &g,
        &board_with([0, 10, 16, 16], &[(PURPLE, [0, 0, p, p])]),
        RED,
        6,
        6,
    );
    let (refusal, _) = refused(&g, &mut s, step(10, 6));
    assert_eq!(refusal, Refusal::JumpLanding(cell_id(&g, "q9")));
    assert_eq!(g.legal_actions_reference(&s), g.legal_actions(&s));
    // Without a barrier in the way, an ordinary move joins its own piece.
    let mut s = thrown(&g, &board_with([0, 0, 10, 16], &[]), RED, 6, 2);
    play(&g, &mut s, step(10, 6));
    assert_eq!(s.seat_pieces(RED), &[0, 0, 16, 16]);
    // In the pairs game, nor beside a partner's piece: green's single on q9.
    let g = pairs();
    let q = step_at(&g, GREEN, "q9");
    let mut s = thrown(
        &g,
        &board_with(
            [0, 0, 0, 10],
            &[(PURPLE, [0, 0, p, p]), (GREEN, [0, 0, 0, q])],
        ),
        RED,
        6,
        6,
    );
    let (refusal, _) = refused(&g, &mut s, step(10, 6));
    assert_eq!(refusal, Refusal::JumpLanding(cell_id(&g, "q9")));
    assert_eq!(g.legal_actions_reference(&s), g.legal_actions(&s));
}
