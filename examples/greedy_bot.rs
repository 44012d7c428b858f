//! A greedy bot for Pachisi, playing red in the four-player team game while
//! the other three seats pick their moves at random.
//!
//! The bot looks one action ahead. It prefers a move that takes an opponent,
//! then a move that brings pieces home, then moving the piece furthest
//! behind; it passes only when nothing else is legal.
//!
//! Run with `cargo run --release --example greedy_bot`.

use pachisi::{Action, Actor, Game, State, sim};

const GAMES: u32 = 500;
const SEED: u64 = 1;

/// Pieces of other sides standing at their start.
fn opponents_at_start(game: &Game, state: &State, me: usize) -> usize {
    let my_side = game.sides()[me];
    (0..game.players())
        .filter(|&seat| game.sides()[seat] != my_side)
        .map(|seat| state.seat_pieces(seat).iter().filter(|&&s| s == 0).count())
        .sum()
}

/// Pieces of a seat at home.
fn at_home(game: &Game, state: &State, seat: usize) -> usize {
    let home = game.track(seat).home();
    state
        .seat_pieces(seat)
        .iter()
        .filter(|&&s| s == home)
        .count()
}

/// The greedy choice among the legal actions of the seat to move.
fn greedy(game: &Game, state: &State) -> Action {
    let me = game.mover(state);
    let taken_before = opponents_at_start(game, state, me);
    let home_before = at_home(game, state, me);
    game.legal_actions(state)
        .into_iter()
        .max_by_key(|&action| {
            let Action::Move { from, .. } = action else {
                // A pass comes last.
                return (0, 0, 0);
            };
            let next = game.child(state, action).expect("a legal action applies");
            let takes = opponents_at_start(game, &next, me) > taken_before;
            let homes = at_home(game, &next, me) > home_before;
            // The further behind the piece, the better: step 0 is furthest.
            let behind = u8::MAX - from;
            (1 + usize::from(takes), usize::from(homes), behind)
        })
        .expect("a seat to move always has a legal action")
}

/// Plays one game; whether the greedy seat's side won.
fn play(game: &Game, greedy_seat: usize, rng: &mut sim::Rng, buf: &mut Vec<Action>) -> bool {
    let mut state = game.new_initial_state();
    loop {
        match game.actor(&state) {
            Actor::Terminal => break,
            Actor::Seat(_) if game.mover(&state) == greedy_seat => {
                let action = greedy(game, &state);
                game.apply(&mut state, action)
                    .expect("the bot picks a legal action");
            }
            _ => {
                sim::random_step(game, &mut state, rng, buf);
            }
        }
    }
    let outcome = game.outcome(&state).expect("the game is over");
    outcome.winner == Some(game.sides()[greedy_seat])
}

fn main() {
    let game = Game::bundled("pachisi", Some(4)).expect("the bundled Pachisi loads");
    let red = game.seat_index("red").expect("red plays");
    let mut rng = sim::rng(SEED);
    let mut buf = Vec::new();
    let wins = (0..GAMES)
        .filter(|_| play(&game, red, &mut rng, &mut buf))
        .count();
    let rate = 100.0 * wins as f64 / GAMES as f64;
    println!(
        "Pachisi, 4 players in teams: greedy red with a random partner (black) \
         against random yellow and green"
    );
    println!("{GAMES} games, seed {SEED}: red and black won {wins} ({rate:.1}%)");
    println!("with all four seats random, each team wins about 50%");
}
