//! The processor's clock while the benches run, read off a chain of
//! multiplies, each waiting for the one before it: on the x86-64
//! processors of the last decade a 64-bit multiply takes 3 cycles, so a
//! chain of 1,000 takes 3,000 cycles whatever else the processor can do at
//! once. A shared machine's speed can swing by a third from one spell to
//! the next; `.ci/bench-targets` prints this beside the games a second,
//! to tell a lower clock from another program sharing the core.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

/// Multiplies in one chain.
const CHAIN: usize = 1000;

/// `CHAIN` multiplies, each squaring the last one's product (an odd
/// start stays odd, so the chain never settles at 0).
fn multiply_chain(start: u64) -> u64 {
    let mut x = start;
    for _ in 0..CHAIN {
        x = x.wrapping_mul(x);
    }
    x
}

fn clock(c: &mut Criterion) {
    c.bench_function("clock/1000_multiplies", |b| {
        b.iter(|| multiply_chain(black_box(3)))
    });
}

criterion_group!(benches, clock);
criterion_main!(benches);
