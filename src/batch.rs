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
    let threads = threads.clamp(1, games.clamp(1, 1 << 16) as usize);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let (send, receive) = mpsc::channel::<Vec<(u64, T)>>();
    let mut results: Vec<Option<T>> = (0..games).map(|_| None).collect();
    thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next, done, setup, play) = (&next, &done, &setup, &play);
            scope.spawn(move || {
                let mut worker = setup();
                loop {
                    let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if start >= games {
                        break;
                    }
                    let end = (start + CHUNK).min(games);
                    let chunk: Vec<(u64, T)> =
                        (start..end).map(|i| (i, play(&mut worker, i))).collect();
                    done.fetch_add(end - start, Ordering::Relaxed);
                    if send.send(chunk).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        loop {
            match receive.recv_timeout(Duration::from_millis(100)) {
                Ok(chunk) => {
                    for (i, r) in chunk {
                        results[i as usize] = Some(r);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            progress(done.load(Ordering::Relaxed));
        }
    });
    results.into_iter().flatten().collect()
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
