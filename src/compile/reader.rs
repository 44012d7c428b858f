//! Typed reading of a block's settings, with errors that name the setting.

use crate::{
    diagnostic::{Diagnostic, Span, nearest},
    syntax::ast::{Atom, AtomKind, Block, Setting, Value},
};

/// Reads the settings of one block, remembers which were read, and reports
/// the rest as unknown.
pub struct BlockReader<'a> {
    block: &'a Block,
    known: &'static [&'static str],
    what: String,
}

impl<'a> BlockReader<'a> {
    /// A reader for `block`, whose settings may only be those in `known`.
    /// `what` names the block in messages, such as "the board".
    pub fn new(
        block: &'a Block,
        known: &'static [&'static str],
        what: impl Into<String>,
        errors: &mut Vec<Diagnostic>,
    ) -> BlockReader<'a> {
        let what = what.into();
        let mut seen: Vec<&Setting> = Vec::new();
        for setting in &block.settings {
            let key = setting.key.node.as_str();
            if !known.contains(&key) {
                let mut d = Diagnostic::new(
                    "compile::unknown_setting",
                    setting.key.span,
                    format!("{what} has no setting `{key}`"),
                );
                d = match nearest(key, known.iter().copied()) {
                    Some(near) => d.with_help(format!("did you mean `{near}`?")),
                    None => {
                        d.with_help(format!("the settings of {what} are: {}", known.join(", ")))
                    }
                };
                errors.push(d);
            } else if let Some(first) = seen.iter().find(|s| s.key.node == key) {
                errors.push(
                    Diagnostic::new(
                        "compile::duplicate_setting",
                        setting.key.span,
                        format!("`{key}` is set twice in {what}"),
                    )
                    .with_note(first.key.span, "first set here"),
                );
            } else {
                seen.push(setting);
            }
        }
        BlockReader { block, known, what }
    }

    /// The setting `key`, if written.
    pub fn get(&self, key: &str) -> Option<&'a Setting> {
        debug_assert!(self.known.contains(&key), "{key} is not a known setting");
        self.block.settings.iter().find(|s| s.key.node == key)
    }

    /// The setting `key`, or an error that it is missing.
    pub fn require(&self, key: &str, errors: &mut Vec<Diagnostic>) -> Option<&'a Setting> {
        let found = self.get(key);
        if found.is_none() {
            errors.push(Diagnostic::new(
                "compile::missing_setting",
                self.block.kind.span,
                format!("{} needs the setting `{key}`", self.what),
            ));
        }
        found
    }

    /// The span of the block's keyword.
    pub fn span(&self) -> Span {
        self.block.kind.span
    }
}

/// The single word of a value, or an error that names the setting.
pub fn single<'v>(key: &str, value: &'v Value) -> Result<&'v Atom, Diagnostic> {
    match value.elements.as_slice() {
        [element] if element.atoms.len() == 1 => Ok(&element.atoms[0]),
        _ => Err(Diagnostic::new(
            "compile::expected_one_value",
            value.span,
            format!("`{key}` takes a single value"),
        )),
    }
}

/// A whole number within `min..=max`.
pub fn number(key: &str, value: &Value, min: i64, max: i64) -> Result<i64, Diagnostic> {
    let atom = single(key, value)?;
    number_atom(key, atom, min, max)
}

/// A whole number within `min..=max`, from one word.
pub fn number_atom(key: &str, atom: &Atom, min: i64, max: i64) -> Result<i64, Diagnostic> {
    match atom.kind {
        AtomKind::Number(n) if (min..=max).contains(&n) => Ok(n),
        AtomKind::Number(n) => Err(Diagnostic::new(
            "compile::out_of_range",
            atom.span,
            format!("`{key}` must be from {min} to {max}, not {n}"),
        )),
        _ => Err(Diagnostic::new(
            "compile::expected_number",
            atom.span,
            format!("`{key}` takes a number, not {}", atom.describe()),
        )),
    }
}

/// One of the words in `choices`, as its index.
pub fn word(key: &str, value: &Value, choices: &[&str]) -> Result<usize, Diagnostic> {
    let atom = single(key, value)?;
    word_atom(key, atom, choices)
}

/// One of the words in `choices`, as its index, from one word.
pub fn word_atom(key: &str, atom: &Atom, choices: &[&str]) -> Result<usize, Diagnostic> {
    let wrong = |found: String| {
        let mut d = Diagnostic::new(
            "compile::unknown_word",
            atom.span,
            format!("`{key}` cannot be {found}"),
        )
        .with_help(format!("`{key}` is one of: {}", choices.join(", ")));
        if let AtomKind::Name(n) = &atom.kind
            && let Some(near) = nearest(n, choices.iter().copied())
        {
            d = d.with_help(format!("did you mean `{near}`?"));
        }
        d
    };
    match &atom.kind {
        AtomKind::Name(n) => choices
            .iter()
            .position(|c| c == n)
            .ok_or_else(|| wrong(format!("`{n}`"))),
        _ => Err(wrong(atom.describe().to_string())),
    }
}

/// `yes` or `no`.
pub fn yes_no(key: &str, value: &Value) -> Result<bool, Diagnostic> {
    Ok(word(key, value, &["no", "yes"])? == 1)
}

/// A name, as text.
pub fn name_atom<'v>(key: &str, atom: &'v Atom) -> Result<&'v str, Diagnostic> {
    match &atom.kind {
        AtomKind::Name(n) => Ok(n),
        _ => Err(Diagnostic::new(
            "compile::expected_name",
            atom.span,
            format!("`{key}` takes a name here, not {}", atom.describe()),
        )),
    }
}
