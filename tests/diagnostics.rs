//! Diagnostics corpus: every file in `tests/broken/` must fail to compile,
//! and its rendered errors (`file:line:column`, snippet, help) are snapshot
//! tested. Broken house-rule files (`house_*.variant`) extend bundled
//! variants, which plain `compile` resolves by name. The compiled summaries of the bundled variants are snapshotted too.

use std::path::Path;

use pachisi::SourceFile;

/// The name a broken file is compiled under: independent of the machine's
/// absolute path, so snapshots are the same everywhere.
fn display_name(path: &Path) -> String {
    let file = path
        .file_name()
        .and_then(|f| f.to_str())
        .expect("a broken file has a UTF-8 name");
    format!("broken/{file}")
}

#[test]
fn broken_variants_are_refused_with_clear_diagnostics() {
    insta::glob!("broken/*.variant", |path| {
        let text = std::fs::read_to_string(path).expect("the broken file can be read");
        let first = text.lines().next().unwrap_or_default().to_string();
        assert!(
            first.starts_with("//"),
            "{}: the first line must be a comment saying what is wrong",
            path.display()
        );
        let name = display_name(path);
        let err = match pachisi::compile(&SourceFile::new(name.clone(), text.as_str())) {
            Ok(_) => panic!("{name} compiled, but it is broken: {first}"),
            Err(err) => err,
        };
        assert!(
            !err.items.is_empty(),
            "{name}: an error with no diagnostics"
        );
        let rendered = err.to_string();
        // An error in the base of a house-rule file points into the base,
        // with a note at the file's `extends`.
        assert!(
            rendered.contains(&format!("--> {name}:"))
                || rendered.contains(&format!("::: {name}:")),
            "{name}: the diagnostic does not point into the file:\n{rendered}"
        );
        assert!(
            rendered.contains(" | "),
            "{name}: the diagnostic has no snippet:\n{rendered}"
        );
        insta::assert_snapshot!(rendered);
    });
}

#[test]
fn bundled_variant_summaries() {
    for name in pachisi::variants::names() {
        let rules = pachisi::variants::compile_bundled(name)
            .unwrap_or_else(|e| panic!("the bundled variant {name} does not compile:\n{e}"));
        insta::assert_snapshot!(format!("summary_{name}"), rules.summary());
    }
}

/// A rule set changed by hand past what a state holds is refused when it is
/// seated, with the limits in words, instead of failing later.
#[test]
fn a_rule_set_with_more_pieces_than_a_state_holds_is_refused_when_seated() {
    let mut rules = pachisi::variants::compile_bundled("pachisi").expect("bundled");
    std::sync::Arc::make_mut(&mut rules).pieces_per_seat = 17;
    let err = pachisi::Game::new(rules, 4).expect_err("17 pieces a seat do not fit");
    assert_eq!(
        err.to_string(),
        "Pachisi with 4 seats of 17 pieces is more than a state holds \
         (8 seats, 16 pieces a seat, 64 in all)"
    );
}
