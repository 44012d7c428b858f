//! Every ```variant block in the documentation is a whole variant file that
//! compiles: docs/language.md, docs/house-rules.md, docs/games/*.md and
//! README.md. A house-rule block (`extends "pachisi"`) compiles against the
//! bundled variants.

use std::path::{Path, PathBuf};

use pachisi::{
    SourceFile,
    compile::{compile_with, resolve_bundled},
};

/// The ```variant blocks of a Markdown text, each with the line it starts on.
fn variant_blocks(text: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        match current.as_mut() {
            None => {
                if fence.starts_with("```") && fence[3..].trim() == "variant" {
                    current = Some((i + 2, String::new()));
                }
            }
            Some((_, body)) => {
                if fence.starts_with("```") {
                    blocks.push(current.take().expect("a block is open"));
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
            }
        }
    }
    assert!(
        current.is_none(),
        "a ```variant block is not closed before the end of the file"
    );
    blocks
}

fn doc_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![
        root.join("README.md"),
        root.join("docs/language.md"),
        root.join("docs/house-rules.md"),
    ];
    let games = root.join("docs/games");
    if let Ok(entries) = std::fs::read_dir(&games) {
        let mut more: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        more.sort();
        files.extend(more);
    }
    files
}

#[test]
fn every_variant_block_in_the_docs_compiles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    let mut house_rules = 0;
    let mut failures = Vec::new();
    for path in doc_files() {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let shown = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (line, body) in variant_blocks(&text) {
            let name = format!("{shown}, block at line {line}");
            let extends = body.lines().any(|l| l.starts_with("extends "));
            match compile_with(&SourceFile::new(name.clone(), body), &resolve_bundled) {
                Ok(_) => {
                    checked += 1;
                    house_rules += usize::from(extends);
                }
                Err(diagnostics) => failures.push(format!("{name}:\n{diagnostics}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} ```variant block(s) do not compile:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        checked >= 10,
        "only {checked} ```variant blocks were found in the docs"
    );
    assert!(
        house_rules >= 3,
        "only {house_rules} house-rule ```variant blocks were found in the docs"
    );
}

#[test]
fn the_block_finder_finds_only_variant_blocks() {
    let text =
        "text\n```variant\ngame \"A\" {}\n```\n```rust\nfn main() {}\n```\n```variant\nb\n```\n";
    let blocks = variant_blocks(text);
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0], (3, "game \"A\" {}\n".to_string()));
    assert_eq!(blocks[1].1, "b\n");
}
