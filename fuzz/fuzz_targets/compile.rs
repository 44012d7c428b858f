//! Parses and compiles arbitrary UTF-8 text as a variant file. Whatever
//! compiles is also linted by `verify` and played for a few hundred actions:
//! nothing may panic, and a race plays as its reference path says.

#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use pachisi::{SourceFile, compile, verify};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rules) = compile(&SourceFile::new("fuzz.variant", text)) else {
        return;
    };
    let options = verify::Options {
        games: 1,
        seed: data.len() as u64,
        players: None,
        max_actions: 300,
        reference_every: 1,
    };
    let report = verify::check(&Arc::new(rules), &options);
    if let Some(check) = report.check("reference path") {
        assert!(
            check.status != verify::Status::Failed,
            "the engine parts from its reference path: {:?}",
            check.findings
        );
    }
});
