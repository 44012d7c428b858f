//! Many games across threads, each game with a seed of its own, so that a
//! run gives the same games whatever the number of threads.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use crate::sim::{self, Rng};

/// The generator of game `index` of a run seeded with `seed`: the same on
/// every machine and for every number of threads. Seeds and indices are
/// spread apart (splitmix64) before the generator mixes them again.
pub fn game_rng(seed: u64, index: u64) -> Rng {
    sim::rng(splitmix(seed) ^ splitmix(index.wrapping_add(0x9e37_79b9_7f4a_7c15)))
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The number of threads to use when none is asked for: the cores the
/// system offers.
pub fn default_threads() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

/// Games a thread takes at a time: few enough that threads finish
/// together, many enough that taking them costs nothing.
const CHUNK: u64 = 16;

/// Plays each game index in `0..games` on `threads` threads (at least
/// one), each thread adding its games into an accumulator of its own, and
/// gives the accumulators merged into one. `setup` makes a thread's worker
/// state (bots, buffers) and its empty accumulator; `play` plays game `i`
/// into them; `merge` adds one accumulator into another. Threads take the
/// games in whatever order they come to them, so the result is the same
/// for any number of threads where adding and merging give the same in
/// any order: counts and sums. `progress` is told now and then how many
/// games are done.
pub fn fold<W, A>(
    games: u64,
    threads: usize,
    setup: impl Fn() -> (W, A) + Sync,
    play: impl Fn(&mut W, &mut A, u64) + Sync,
    merge: impl Fn(&mut A, A),
    progress: impl Fn(u64),
) -> A
where
    A: Send,
{
    let threads = threads.clamp(1, games.clamp(1, 1 << 16) as usize);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let (send, receive) = mpsc::channel::<A>();
    let mut total: Option<A> = None;
    thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next, done, setup, play) = (&next, &done, &setup, &play);
            scope.spawn(move || {
                let (mut worker, mut sum) = setup();
                loop {
                    let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if start >= games {
                        break;
                    }
                    let end = (start + CHUNK).min(games);
                    for i in start..end {
                        play(&mut worker, &mut sum, i);
                    }
                    done.fetch_add(end - start, Ordering::Relaxed);
                }
                // The receiver outlives the threads: a send cannot fail.
                let _ = send.send(sum);
            });
        }
        drop(send);
        loop {
            match receive.recv_timeout(Duration::from_millis(100)) {
                Ok(sum) => match &mut total {
                    Some(t) => merge(t, sum),
                    None => total = Some(sum),
                },
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            progress(done.load(Ordering::Relaxed));
        }
    });
    // At least one thread ran, and each sent its accumulator.
    total.unwrap_or_else(|| setup().1)
}

/// Runs `play` for each game index in `0..games` on `threads` threads
/// (at least one) and gives the results in the order of the indices, so
/// that what is made of them does not depend on the threads. `progress`
/// is told now and then how many games are done. Each thread makes its
/// own worker state with `setup` (bots, buffers), handed to each of its
/// games.
pub fn run<T, W>(
    games: u64,
    threads: usize,
    setup: impl Fn() -> W + Sync,
    play: impl Fn(&mut W, u64) -> T + Sync,
    progress: impl Fn(u64),
) -> Vec<T>
where
    T: Send,
{
    let mut results = fold(
        games,
        threads,
        || (setup(), Vec::new()),
        |worker, out: &mut Vec<(u64, T)>, i| out.push((i, play(worker, i))),
        |all, more| all.extend(more),
        progress,
    );
    results.sort_unstable_by_key(|r| r.0);
    results.into_iter().map(|r| r.1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The results come in the order of the games, and are the same for
    /// one thread and for several.
    #[test]
    fn results_come_in_the_order_of_the_games_for_any_threads() {
        let one = run(100, 1, || (), |_, i| i * i, |_| {});
        let four = run(100, 4, || (), |_, i| i * i, |_| {});
        assert_eq!(one, (0..100).map(|i| i * i).collect::<Vec<_>>());
        assert_eq!(one, four);
        assert!(run(0, 3, || (), |_, i| i, |_| {}).is_empty());
    }

    /// A fold gives the same sum and count for one thread and for several,
    /// and for no games the empty accumulator.
    #[test]
    fn a_fold_gives_the_same_for_any_threads() {
        let sum = |threads| {
            fold(
                1000,
                threads,
                || ((), (0u64, 0u64)),
                |(), acc, i| {
                    acc.0 += i;
                    acc.1 += 1;
                },
                |acc, more| {
                    acc.0 += more.0;
                    acc.1 += more.1;
                },
                |_| {},
            )
        };
        assert_eq!(sum(1), (499_500, 1000));
        assert_eq!(sum(3), sum(1));
        let none = fold(0, 2, || ((), 7u64), |(), _, _| {}, |a, b| *a += b, |_| {});
        assert_eq!(none, 7);
    }

    /// Games of one seed have generators of their own, and another seed
    /// gives others.
    #[test]
    fn each_game_of_a_seed_has_its_own_generator() {
        use rand::Rng as _;
        let first: Vec<u64> = (0..50).map(|i| game_rng(1, i).next_u64()).collect();
        let mut sorted = first.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 50);
        assert_ne!(game_rng(2, 0).next_u64(), first[0]);
        assert_eq!(game_rng(1, 7).next_u64(), first[7]);
    }
}
