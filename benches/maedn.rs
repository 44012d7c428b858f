//! Complete random 4-player games a second of Mensch ärgere Dich nicht with
//! OpenSpiel's `maedn` rules, side by side: a plain hand-written engine
//! (`maedn/hand_written.rs`) and the variant file of the same rules
//! (`maedn.variant`) played by the generic engine through
//! `pachisi::sim::play_random`.
//!
//! # The rules
//!
//! Taken from OpenSpiel, `open_spiel/games/maedn/maedn.h` and `maedn.cc` at
//! commit 112b77704631fc2ce7ad8e4581f6ca09798ce15a; the lines named are of
//! those files.
//!
//! - Four players (`players` 4; with four, `PlayerToPosition` is the player
//!   itself, maedn.h:234-243), each with four pieces (maedn.h:61), all of
//!   them in the yard at the start (`out_` is 4 for each player,
//!   maedn.cc:259-262).
//! - A ring of 40 fields shared by all, and 4 goal fields for each player
//!   (maedn.h:53-58). Player `p` comes out on ring field `10 p`
//!   (maedn.cc:394-397), goes once round to the field before it, and on
//!   into its goal fields: fields 0 to 43 counted from its start
//!   (maedn.h:254-264, maedn.cc:375-382).
//! - Player 0 throws first: the first throw goes to the player after
//!   `prev_player_`, which starts as the last player (maedn.cc:252,
//!   maedn.cc:279-287).
//! - One die; each throw is played before the next. A 6 gives the same
//!   player another throw, however many come in a row and also when the 6
//!   moved nothing (maedn.cc:280-287, maedn.h:33-34). A player with no
//!   piece out throws once, like any other (maedn.h:33-34).
//! - While pieces wait in the yard and one of the player's own pieces
//!   stands on its start field, that piece must move on, if its own piece
//!   does not stand where it would land (maedn.cc:423-432).
//! - Otherwise, while pieces wait, a 6 must bring one out onto the start
//!   field, unless the player's own piece stands there (maedn.cc:434-443);
//!   the 6 is used up in it (maedn.cc:295-301).
//! - Otherwise any piece on a field may move on by the die
//!   (maedn.cc:446-465): not past the last goal field, so the goal takes
//!   exact throws (maedn.cc:449-450); not onto one of the player's own
//!   pieces (maedn.cc:460); over any pieces between, on the ring and in the
//!   goal (no field between is looked at; maedn.h:35). Pieces in the goal
//!   move on within it by throws that fit.
//! - With no such move the player passes (maedn.cc:467-470); there is no
//!   other pass.
//! - A piece that lands on another player's piece, also by coming out onto
//!   its start field, sends that piece back to its yard (maedn.cc:297-314).
//!   No field is safe.
//! - The first player to fill its four goal fields wins, and the game stops
//!   there (maedn.cc:514-528).
//! - OpenSpiel declares a longest game of 1000 actions (maedn.h:283-284)
//!   but the state never stops a game for it. The hand-written engine has
//!   no limit; the variant file has the language's largest, 1,000,000
//!   turns, which no game comes near.
//!
//! # The variant file
//!
//! Every rule above has its setting in the language: `entry { on = 6
//! moves = to_track forced = yes clear_start = yes }` with `stacks
//! { own_max = 1 }` give the three rules of coming out in OpenSpiel's order,
//! `home { exact = yes goal = 4 }` the goal, `dice { again = 6 }` with no
//! `again_limit` the throws again, `turn { tries = 1 }` the single throw.
//! The board is the 11x11 cross with each yard one cell beside its start.
//!
//! The test `tests/maedn.rs` checks that both engines give the same legal
//! moves and play games of the same mean length.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pachisi::{Game, sim};

#[path = "maedn/hand_written.rs"]
mod hand_written;

/// The variant file of the same rules.
const VARIANT: &str = include_str!("maedn.variant");

fn maedn(c: &mut Criterion) {
    let game = Game::from_source("maedn.variant", VARIANT, Some(4)).expect("the file compiles");
    let mut group = c.benchmark_group("maedn");
    group.throughput(Throughput::Elements(1));
    let mut rng = sim::rng(1);
    group.bench_function("hand_written/4p", |b| {
        b.iter(|| hand_written::play_random(&mut rng).throws)
    });
    let mut rng = sim::rng(1);
    group.bench_function("variant_file/4p", |b| {
        b.iter(|| sim::play_random(&game, &mut rng, false).actions)
    });
    group.finish();
}

criterion_group!(benches, maedn);
criterion_main!(benches);
