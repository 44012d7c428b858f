//! The two engines of the bench `benches/maedn.rs` play the same game,
//! Mensch ärgere Dich nicht with OpenSpiel's `maedn` rules: the plain
//! hand-written engine and the variant file `benches/maedn.variant`.
//!
//! The hand-written engine's own rules are checked on set positions; then
//! both engines are held together at every throw of random games (the same
//! legal moves, the same position after each), and their random games have
//! the same mean number of die throws within sampling error.

use pachisi::{Action, Actor, Game, Phase, State, sim};
use rand::RngExt as _;

#[path = "../benches/maedn/hand_written.rs"]
mod hand_written;

use hand_written::{LAST, Move, PIECES, PLAYERS, Place, Position};

fn game() -> Game {
    Game::from_source(
        "maedn.variant",
        include_str!("../benches/maedn.variant"),
        Some(PLAYERS),
    )
    .expect("the file compiles")
}

/// A position with `player` on turn and each player's pieces at the given
/// places: `None` in the yard, `Some(f)` on its field `f`.
fn position(player: usize, pieces: [[Option<u8>; PIECES]; PLAYERS]) -> Position {
    Position {
        pieces: pieces.map(|list| list.map(|p| p.map_or(Place::Yard, Place::Field))),
        player,
    }
}

fn moves(position: &Position, die: u8) -> Vec<Move> {
    let mut moves = Vec::new();
    position.legal_moves(die, &mut moves);
    moves
}

const YARD: [Option<u8>; PIECES] = [None; PIECES];

// ---------------------------------------------------------------------------
// The hand-written engine's rules
// ---------------------------------------------------------------------------

#[test]
fn a_six_brings_a_piece_out_and_nothing_else_moves_at_the_start() {
    let start = Position::new();
    assert_eq!(moves(&start, 6), [Move::BringOut]);
    for die in 1..=5 {
        assert_eq!(moves(&start, die), [Move::Pass], "die {die}");
    }
    let mut after = start.clone();
    after.play(6, Move::BringOut);
    assert_eq!(
        after.pieces[0]
            .iter()
            .filter(|&&p| p == Place::Field(0))
            .count(),
        1
    );
    assert_eq!(after.player, 0, "a 6 throws again");
    after.play(3, Move::Advance(0));
    assert_eq!(after.pieces[0][0], Place::Field(3));
    assert_eq!(after.player, 1, "any other throw passes the turn on");
}

#[test]
fn a_six_must_bring_a_piece_out_while_one_waits() {
    let p = position(0, [[Some(12), Some(20), None, None], YARD, YARD, YARD]);
    assert_eq!(moves(&p, 6), [Move::BringOut]);
    assert_eq!(moves(&p, 5), [Move::Advance(0), Move::Advance(1)]);
}

#[test]
fn a_piece_on_the_start_moves_on_first_while_pieces_wait() {
    let p = position(0, [[Some(0), Some(12), None, None], YARD, YARD, YARD]);
    assert_eq!(moves(&p, 6), [Move::Advance(0)], "not another piece out");
    assert_eq!(moves(&p, 4), [Move::Advance(0)]);
    // Blocked by its own piece, it stays, and any other piece may move.
    let p = position(0, [[Some(0), Some(4), Some(9), None], YARD, YARD, YARD]);
    assert_eq!(moves(&p, 4), [Move::Advance(1), Move::Advance(2)]);
    // With no piece waiting, the start is a field like any other.
    let p = position(0, [[Some(0), Some(7), Some(9), Some(11)], YARD, YARD, YARD]);
    assert_eq!(moves(&p, 1).len(), 4);
}

#[test]
fn no_piece_lands_on_its_own_piece_but_may_jump_it() {
    let p = position(0, [[Some(3), Some(5), Some(6), Some(40)], YARD, YARD, YARD]);
    // 3+2 and 3+3 land on its own pieces; 40+4 is past the last goal field.
    assert_eq!(
        moves(&p, 2),
        [Move::Advance(1), Move::Advance(2), Move::Advance(3)]
    );
    assert_eq!(
        moves(&p, 3),
        [Move::Advance(1), Move::Advance(2), Move::Advance(3)]
    );
    assert_eq!(
        moves(&p, 4),
        [Move::Advance(0), Move::Advance(1), Move::Advance(2)]
    );
}

#[test]
fn the_goal_takes_exact_throws_and_pieces_jump_within_it() {
    let p = position(0, [[Some(38), Some(41), Some(42), None], YARD, YARD, YARD]);
    assert_eq!(
        moves(&p, 5),
        [Move::Advance(0)],
        "38+5 is the last goal field, 43"
    );
    assert_eq!(
        moves(&p, 3),
        [Move::Pass],
        "38+3 lands on its own, 41+3 and 42+3 are past"
    );
    let p = position(
        0,
        [[Some(38), Some(41), Some(42), Some(43)], YARD, YARD, YARD],
    );
    assert_eq!(moves(&p, 6), [Move::Pass]);
    assert_eq!(
        moves(&p, 2),
        [Move::Advance(0)],
        "41+2 lands on its own, 42+2 is past"
    );
    // 40+2 jumps the piece on 41.
    let p = position(0, [[Some(40), Some(41), Some(30), None], YARD, YARD, YARD]);
    assert_eq!(
        moves(&p, 2),
        [Move::Advance(0), Move::Advance(1), Move::Advance(2)]
    );
    assert_eq!(LAST, 43);
}

#[test]
fn landing_on_another_player_sends_it_to_its_yard() {
    // Blue's field 5 is ring field 15, red's field 15.
    let mut p = position(
        0,
        [
            [Some(12), None, None, None],
            [Some(5), None, None, None],
            YARD,
            YARD,
        ],
    );
    p.play(3, Move::Advance(0));
    assert_eq!(p.pieces[0][0], Place::Field(15));
    assert_eq!(p.pieces[1][0], Place::Yard);
    // Coming out takes a piece on the start field too: red's field 30 is
    // yellow's start.
    let mut p = position(3, [[Some(30), None, None, None], YARD, YARD, YARD]);
    p.play(6, Move::BringOut);
    assert_eq!(p.pieces[0][0], Place::Yard);
    assert_eq!(
        p.pieces[3]
            .iter()
            .filter(|&&p| p == Place::Field(0))
            .count(),
        1
    );
    assert_eq!(p.player, 3);
}

#[test]
fn the_first_to_fill_its_goal_wins() {
    let mut p = position(
        2,
        [YARD, YARD, [Some(40), Some(41), Some(42), Some(37)], YARD],
    );
    assert!(!p.has_filled_goal(2));
    p.play(6, Move::Advance(3));
    assert!(p.has_filled_goal(2));
}

// ---------------------------------------------------------------------------
// Both engines together
// ---------------------------------------------------------------------------

/// The hand-written position of a state of the variant file: a piece on
/// track step 0 waits in the yard, step `k` is field `k - 1`.
fn position_of(game: &Game, state: &State) -> Position {
    let mut pieces = [[Place::Yard; PIECES]; PLAYERS];
    for (player, list) in pieces.iter_mut().enumerate() {
        for (place, &step) in list.iter_mut().zip(state.seat_pieces(player)) {
            if step > 0 {
                *place = Place::Field(step - 1);
            }
        }
    }
    Position {
        pieces,
        player: game.mover(state),
    }
}

/// Each player's places, sorted, as track steps: positions that differ only
/// in the order of a player's pieces are the same.
fn steps(position: &Position) -> Vec<Vec<u8>> {
    position
        .pieces
        .iter()
        .map(|list| {
            let mut steps: Vec<u8> = list
                .iter()
                .map(|place| match place {
                    Place::Yard => 0,
                    Place::Field(field) => field + 1,
                })
                .collect();
            steps.sort_unstable();
            steps
        })
        .collect()
}

/// The track step a hand-written move starts from; `None` for a pass.
fn from_step(position: &Position, chosen: Move) -> Option<u8> {
    match chosen {
        Move::Pass => None,
        Move::BringOut => Some(0),
        Move::Advance(piece) => match position.pieces[position.player][piece] {
            Place::Field(field) => Some(field + 1),
            Place::Yard => panic!("a piece in the yard advances"),
        },
    }
}

/// The hand-written move that starts from track step `from`.
fn move_from(position: &Position, from: u8) -> Move {
    if from == 0 {
        return Move::BringOut;
    }
    let piece = position
        .own_piece_on(position.player, from - 1)
        .expect("a piece stands there");
    Move::Advance(piece)
}

#[test]
fn both_engines_give_the_same_moves_and_positions_at_every_throw() {
    let game = game();
    let mut throws = 0;
    for seed in 0..40 {
        let mut rng = sim::rng(seed);
        let mut state = game.new_initial_state();
        while !game.is_terminal(&state) {
            assert_eq!(game.actor(&state), Actor::Chance);
            let mut hand = position_of(&game, &state);
            let throw = sim::throw(&game, &state, &mut rng);
            let Action::Throw(i) = throw else {
                panic!("{throw:?} is no throw");
            };
            let die = game.chance_outcomes()[i as usize].values[0];
            game.apply(&mut state, throw).expect("a throw applies");
            throws += 1;
            let hand_moves = moves(&hand, die);
            let mut expected: Vec<Option<u8>> =
                hand_moves.iter().map(|&m| from_step(&hand, m)).collect();
            expected.sort_unstable();
            let chosen = if state.phase == Phase::Move {
                let legal = game.legal_actions(&state);
                let found: Vec<Option<u8>> = legal
                    .iter()
                    .map(|action| match *action {
                        Action::Move { from, count: 1, by } if by == die => Some(from),
                        Action::Pass => None,
                        other => panic!("game {seed}: unexpected action {other:?}"),
                    })
                    .collect();
                assert_eq!(found, expected, "game {seed}, die {die}, in {hand:?}");
                let action = legal[rng.random_range(0..legal.len())];
                game.apply(&mut state, action)
                    .expect("a legal action applies");
                match action {
                    Action::Move { from, .. } => move_from(&hand, from),
                    _ => Move::Pass,
                }
            } else {
                // The engine passes by itself when nothing can move.
                assert_eq!(
                    hand_moves,
                    [Move::Pass],
                    "game {seed}, die {die}, in {hand:?}"
                );
                Move::Pass
            };
            let player = hand.player;
            hand.play(die, chosen);
            let after = position_of(&game, &state);
            assert_eq!(steps(&after), steps(&hand), "game {seed}: after {chosen:?}");
            if hand.has_filled_goal(player) {
                assert!(game.is_terminal(&state), "game {seed}: the goal is filled");
            } else {
                assert!(!game.is_terminal(&state), "game {seed}: over too soon");
                assert_eq!(after.player, hand.player, "game {seed}: the player on turn");
            }
        }
    }
    assert!(throws > 10_000, "{throws} throws compared");
}

/// The mean of `values` and its standard error.
fn mean_and_error(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (variance / n).sqrt())
}

#[test]
fn both_engines_play_games_of_the_same_mean_length() {
    const GAMES: usize = 4000;
    let game = game();
    let mut rng = sim::rng(1);
    let hand: Vec<f64> = (0..GAMES)
        .map(|_| f64::from(hand_written::play_random(&mut rng).throws))
        .collect();
    let mut rng = sim::rng(2);
    let file: Vec<f64> = (0..GAMES)
        .map(|_| {
            let played = sim::play_random(&game, &mut rng, true);
            let throws = played
                .history
                .iter()
                .filter(|action| matches!(action, Action::Throw(_)))
                .count();
            throws as f64
        })
        .collect();
    let (hand_mean, hand_error) = mean_and_error(&hand);
    let (file_mean, file_error) = mean_and_error(&file);
    let error = hand_error.hypot(file_error);
    println!(
        "die throws a game over {GAMES} games: hand-written {hand_mean:.1} ± {hand_error:.1}, \
         variant file {file_mean:.1} ± {file_error:.1}, difference {:.1} ± {error:.1}",
        file_mean - hand_mean
    );
    assert!(
        (file_mean - hand_mean).abs() < 4.0 * error,
        "the means differ by more than 4 standard errors: {hand_mean:.1} and {file_mean:.1} \
         (standard error of the difference {error:.1})"
    );
}
