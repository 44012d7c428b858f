//! Complete random games a second, for every bundled variant.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pachisi::{Game, sim, variants};

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_games");
    group.throughput(Throughput::Elements(1));
    for name in variants::names() {
        let rules = variants::compile_bundled(name).expect("bundled variants compile");
        for table in &rules.tables {
            let players = table.players;
            let game = Game::new(rules.clone(), players).expect("the table exists");
            let mut rng = sim::rng(1);
            group.bench_function(format!("{name}/{players}p"), |b| {
                b.iter(|| sim::play_random(&game, &mut rng, false).actions)
            });
        }
    }
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
