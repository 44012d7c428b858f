//! The variant files bundled into the crate, by name.

use std::sync::Arc;

use crate::{LoadError, RuleSet, SourceFile, compile};

/// The bundled variants: (name, source text).
pub const BUNDLED: &[(&str, &str)] = &[
    ("pachisi", include_str!("../variants/pachisi.variant")),
    ("ludo", include_str!("../variants/ludo.variant")),
    ("mensch", include_str!("../variants/mensch.variant")),
    ("parcheesi", include_str!("../variants/parcheesi.variant")),
    ("parchis", include_str!("../variants/parchis.variant")),
    ("chaupar", include_str!("../variants/chaupar.variant")),
    ("backgammon", include_str!("../variants/backgammon.variant")),
    (
        "russian-pachisi",
        include_str!("../variants/russian-pachisi.variant"),
    ),
    ("nieuchess", include_str!("../variants/nieuchess.variant")),
    (
        "nightmare-pachisi",
        include_str!("../variants/nightmare-pachisi.variant"),
    ),
    (
        "house/pachisi-no-grace-entry",
        include_str!("../variants/house/pachisi-no-grace-entry.variant"),
    ),
    (
        "house/pachisi-all-throws-first",
        include_str!("../variants/house/pachisi-all-throws-first.variant"),
    ),
    (
        "house/chaupar-other-start",
        include_str!("../variants/house/chaupar-other-start.variant"),
    ),
    (
        "house/backgammon-cube",
        include_str!("../variants/house/backgammon-cube.variant"),
    ),
    (
        "house/parchis-two-dice",
        include_str!("../variants/house/parchis-two-dice.variant"),
    ),
    (
        "house/parcheesi-blockade-limit",
        include_str!("../variants/house/parcheesi-blockade-limit.variant"),
    ),
    (
        "house/russian-pachisi-pairs",
        include_str!("../variants/house/russian-pachisi-pairs.variant"),
    ),
    (
        "house/russian-pachisi-extravagant",
        include_str!("../variants/house/russian-pachisi-extravagant.variant"),
    ),
    (
        "house/mensch-three-tries",
        include_str!("../variants/house/mensch-three-tries.variant"),
    ),
    (
        "house/mensch-no-jumping-in-goal",
        include_str!("../variants/house/mensch-no-jumping-in-goal.variant"),
    ),
    (
        "house/russian-pachisi-classic",
        include_str!("../variants/house/russian-pachisi-classic.variant"),
    ),
    (
        "house/russian-pachisi-forfeit",
        include_str!("../variants/house/russian-pachisi-forfeit.variant"),
    ),
    (
        "house/nightmare-pachisi-guard-dummy",
        include_str!("../variants/house/nightmare-pachisi-guard-dummy.variant"),
    ),
    (
        "house/nightmare-pachisi-teams",
        include_str!("../variants/house/nightmare-pachisi-teams.variant"),
    ),
];

/// The names of the bundled variants.
pub fn names() -> Vec<&'static str> {
    BUNDLED.iter().map(|(n, _)| *n).collect()
}

/// The source text of a bundled variant.
pub fn source(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// Compiles a bundled variant.
pub fn compile_bundled(name: &str) -> Result<Arc<RuleSet>, LoadError> {
    let text = source(name)
        .ok_or_else(|| LoadError::UnknownVariant(name.to_string(), names().join(", ")))?;
    let file = SourceFile::new(format!("variants/{name}.variant"), text);
    Ok(Arc::new(compile(&file)?))
}
