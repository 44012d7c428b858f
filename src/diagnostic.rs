//! Source files and diagnostics that point into them.
//!
//! Errors about a variant file carry byte spans; this module turns them into
//! `file:line:column` and a snippet with carets, the way compilers show them.

use std::fmt;

use serde::Serialize;

/// A byte range in a source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end.max(start) as u32,
        }
    }
}

/// A value together with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `node` written at `span`.
    pub fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

/// A named source text, with its line starts for line and column look-ups.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: String,
    text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// A source file called `name` holding `text`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// The file's name as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// One-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line];
        let col = self.text[start..floor_char_boundary(&self.text, offset)]
            .chars()
            .count();
        (line + 1, col + 1)
    }

    fn line_text(&self, line: usize) -> &str {
        let start = self.line_starts[line - 1];
        let end = self
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// One problem found in a source file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// A stable code such as `compile::unknown_cell`.
    pub code: &'static str,
    /// What is wrong, in the game's words; lowercase, no final period.
    pub message: String,
    /// Where it is.
    pub span: Span,
    /// What the caret line says, when more than the message is useful.
    pub label: Option<String>,
    /// Other places that explain the problem, such as "first defined here".
    pub notes: Vec<(Span, String)>,
    /// A hint on how to mend it.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with a code, a message and a place.
    pub fn new(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            span,
            label: None,
            notes: Vec::new(),
            help: None,
        }
    }

    /// Adds a hint.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds a caret label.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    /// Adds a secondary place.
    pub fn with_note(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.notes.push((span, note.into()));
        self
    }

    /// Renders the diagnostic against its source, compiler style.
    pub fn render(&self, source: &SourceFile) -> String {
        let mut out = String::new();
        out.push_str(&format!("error[{}]: {}\n", self.code, self.message));
        render_place(&mut out, source, self.span, self.label.as_deref(), true);
        for (span, note) in &self.notes {
            render_place(&mut out, source, *span, Some(note), false);
        }
        if let Some(help) = &self.help {
            out.push_str(&format!("  = help: {help}\n"));
        }
        out
    }
}

fn render_place(
    out: &mut String,
    source: &SourceFile,
    span: Span,
    label: Option<&str>,
    head: bool,
) {
    let (line, col) = source.line_col(span.start as usize);
    let (end_line, end_col) = source.line_col(span.end as usize);
    let gutter = line.to_string().len();
    let pad = " ".repeat(gutter);
    let arrow = if head { "-->" } else { ":::" };
    out.push_str(&format!("{pad}{arrow} {}:{line}:{col}\n", source.name()));
    out.push_str(&format!("{pad} |\n"));
    let text = source.line_text(line);
    out.push_str(&format!("{line} | {text}\n"));
    let width = if end_line == line {
        end_col.saturating_sub(col).max(1)
    } else {
        text.chars().count().saturating_sub(col - 1).max(1)
    };
    let marker = if head { '^' } else { '-' };
    let carets: String = std::iter::repeat_n(marker, width).collect();
    let label = label.map(|l| format!(" {l}")).unwrap_or_default();
    out.push_str(&format!("{pad} | {}{carets}{label}\n", " ".repeat(col - 1)));
}

/// All the problems found in one source file, rendered together.
#[derive(Clone, Debug)]
pub struct Diagnostics {
    /// The file they are about.
    pub source: SourceFile,
    /// The problems, in the order of the file.
    pub items: Vec<Diagnostic>,
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.items.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", d.render(&self.source))?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// The nearest of `candidates` to `name`, if it is near enough to be a likely slip.
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, c)| *d <= limit || c.eq_ignore_ascii_case(name))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            let next = (row[j + 1] + 1).min(row[j] + 1).min(prev + cost);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based() {
        let src = SourceFile::new("f", "ab\ncd\n");
        assert_eq!(src.line_col(0), (1, 1));
        assert_eq!(src.line_col(4), (2, 2));
    }

    #[test]
    fn nearest_name_is_suggested() {
        assert_eq!(nearest("castel", ["castle", "home"]), Some("castle"));
        assert_eq!(nearest("castle", ["Castle"]), Some("Castle"));
        assert_eq!(nearest("zzz", ["castle"]), None);
    }
}
