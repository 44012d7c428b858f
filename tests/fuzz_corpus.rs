//! The fuzzing seed corpus, run as plain tests (no nightly, no cargo-fuzz):
//! every file of `fuzz/corpus/compile/` and of `tests/broken/`, every bundled
//! variant, and every bundled variant cut off at about 50 evenly spaced
//! byte offsets compile or are refused without a panic, each in under a
//! second. What compiles is linted by `verify` too.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use pachisi::{SourceFile, compile, variants, verify};

/// The most one input may take, in a debug build.
const LIMIT: Duration = Duration::from_secs(1);

/// Cuts of each bundled variant.
const CUTS: usize = 50;

/// Compiles `text` (and lints it when it compiles); the error says what
/// went wrong: a panic or too long.
fn try_input(name: &str, text: &str) -> Result<(), String> {
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| {
        if let Ok(rules) = compile(&SourceFile::new(name, text)) {
            let options = verify::Options {
                games: 0,
                ..verify::Options::default()
            };
            let _ = verify::check(&Arc::new(rules), &options);
        }
    }));
    let took = started.elapsed();
    if result.is_err() {
        return Err(format!("{name}: panicked"));
    }
    if took > LIMIT {
        return Err(format!("{name}: took {took:?}, more than {LIMIT:?}"));
    }
    Ok(())
}

/// The files of a directory of the crate, sorted.
fn files_in(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn check_files(dir: &str) -> usize {
    let mut failures = Vec::new();
    let files = files_in(dir);
    for path in &files {
        let bytes = std::fs::read(path).expect("a corpus file can be read");
        // The fuzz target reads only UTF-8; other bytes are skipped there too.
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        let name = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
        if let Err(e) = try_input(&name, &text) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    files.len()
}

#[test]
fn the_seed_corpus_compiles_without_panics() {
    let checked = check_files("fuzz/corpus/compile");
    assert!(
        checked >= variants::names().len(),
        "the seed corpus has only {checked} files"
    );
}

#[test]
fn the_broken_files_compile_without_panics() {
    assert!(check_files("tests/broken") > 0);
}

#[test]
fn every_cut_of_a_bundled_variant_compiles_without_panics() {
    let mut failures = Vec::new();
    for name in variants::names() {
        let text = variants::source(name).expect("a bundled variant has a source");
        for i in 0..=CUTS {
            let mut at = text.len() * i / CUTS;
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            if let Err(e) = try_input(&format!("{name}.variant[..{at}]"), &text[..at]) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
