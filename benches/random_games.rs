//! Complete random games a second, for every bundled variant at every
//! table size, and for every house rule in `variants/house/` at its most
//! players.

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
    let house = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/house");
    let mut files: Vec<_> = std::fs::read_dir(house)
        .expect("variants/house")
        .map(|entry| entry.expect("a file").path())
        .collect();
    files.sort();
    for path in files {
        let game = Game::load(path.to_str().expect("a path"), None).expect("house rules load");
        let name = path.file_stem().expect("a name").to_string_lossy();
        let mut rng = sim::rng(1);
        group.bench_function(format!("house/{name}/{}p", game.players()), |b| {
            b.iter(|| sim::play_random(&game, &mut rng, false).actions)
        });
    }
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
