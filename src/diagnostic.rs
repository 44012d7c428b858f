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
    /// Which file [`span`](Self::span) is in: 0 for the file compiled, 1 and
    /// on for the bases a house-rule file extends, in the order of
    /// [`Diagnostics::bases`].
    pub file: usize,
    /// What the caret line says, when more than the message is useful.
    pub label: Option<Box<str>>,
    /// Other places that explain the problem, such as "first defined here".
    pub notes: Vec<Note>,
    /// A hint on how to mend it.
    pub help: Option<Box<str>>,
}

/// A secondary place of a [`Diagnostic`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// Where it is.
    pub span: Span,
    /// Which file the span is in, as [`Diagnostic::file`].
    pub file: usize,
    /// What it says.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic with a code, a message and a place.
    pub fn new(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            span,
            file: 0,
            label: None,
            notes: Vec::new(),
            help: None,
        }
    }

    /// Adds a hint.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into().into_boxed_str());
        self
    }

    /// Adds a caret label.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into().into_boxed_str());
        self
    }

    /// Adds a secondary place, in the same file as the diagnostic.
    pub fn with_note(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        let file = self.file;
        self.notes.push(Note {
            span,
            file,
            message: note.into(),
        });
        self
    }

    /// Renders the diagnostic against its source, compiler style. Every
    /// place is shown in `source`; [`Diagnostics`] renders each place in its
    /// own file.
    pub fn render(&self, source: &SourceFile) -> String {
        self.render_in(&|_| source)
    }

    /// Renders the diagnostic, each place in the file `files` gives for its index.
    fn render_in<'a>(&self, files: &dyn Fn(usize) -> &'a SourceFile) -> String {
        let mut out = String::new();
        out.push_str(&format!("error[{}]: {}\n", self.code, self.message));
        render_place(
            &mut out,
            files(self.file),
            self.span,
            self.label.as_deref(),
            true,
        );
        for note in &self.notes {
            render_place(
                &mut out,
                files(note.file),
                note.span,
                Some(&note.message),
                false,
            );
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
    /// The bases the file extends, when it is a house-rule file: its base
    /// first, then the base's base, and so on. A [`Diagnostic::file`] of
    /// `i > 0` points into `bases[i - 1]`.
    pub bases: Vec<SourceFile>,
    /// The problems: those in the file first, in its order, then those in
    /// its bases.
    pub items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Problems in one file that extends nothing.
    pub fn new(source: SourceFile, items: Vec<Diagnostic>) -> Diagnostics {
        Diagnostics {
            source,
            bases: Vec::new(),
            items,
        }
    }

    /// The file of a [`Diagnostic::file`] index: the file itself or one of its bases.
    pub fn file(&self, index: usize) -> &SourceFile {
        match index {
            0 => &self.source,
            i => self.bases.get(i - 1).unwrap_or(&self.source),
        }
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.items.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", d.render_in(&|file| self.file(file)))?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(feature = "miette")]
pub use self::miette_support::{MietteDiagnostic, MietteDiagnostics};

/// [`miette`] support, behind the `miette` feature: [`Diagnostics::to_miette`]
/// gives a value that `miette` renders with its own report handlers. The
/// [`Display`](fmt::Display) of [`Diagnostics`] stays the compiler-style text.
#[cfg(feature = "miette")]
mod miette_support {
    use std::{fmt, sync::Arc};

    use miette::{LabeledSpan, NamedSource, SourceCode, SourceSpan};

    use super::{Diagnostic, Diagnostics, SourceFile, Span};

    /// One [`Diagnostic`] with the source it points into, as a [`miette::Diagnostic`]:
    /// its code, its message, a label at its span and one at each note in the
    /// same file, and its help. (miette shows one source a diagnostic; a note
    /// in another file, such as the `extends` of a house-rule file, is left out.)
    #[derive(Clone, Debug)]
    pub struct MietteDiagnostic {
        diagnostic: Diagnostic,
        source: Arc<NamedSource<String>>,
    }

    /// All the problems of one file as a [`miette::Diagnostic`]: the first
    /// problem, with the others as its related diagnostics.
    #[derive(Clone, Debug)]
    pub struct MietteDiagnostics {
        first: Option<MietteDiagnostic>,
        rest: Vec<MietteDiagnostic>,
    }

    impl MietteDiagnostic {
        /// The diagnostic this wraps.
        pub fn diagnostic(&self) -> &Diagnostic {
            &self.diagnostic
        }

        fn span(&self, span: Span) -> SourceSpan {
            let len = self.source.inner().len();
            let start = (span.start as usize).min(len);
            let end = (span.end as usize).clamp(start, len);
            SourceSpan::new(start.into(), end - start)
        }
    }

    impl Diagnostic {
        /// This diagnostic as a [`miette::Diagnostic`] pointing into `source`.
        pub fn to_miette(&self, source: &SourceFile) -> MietteDiagnostic {
            MietteDiagnostic {
                diagnostic: self.clone(),
                source: Arc::new(named(source)),
            }
        }
    }

    fn named(source: &SourceFile) -> NamedSource<String> {
        NamedSource::new(source.name(), source.text().to_string()).with_language("variant")
    }

    impl Diagnostics {
        /// These diagnostics as a [`miette::Diagnostic`], for `miette`'s report handlers.
        pub fn to_miette(&self) -> MietteDiagnostics {
            let sources: Vec<Arc<NamedSource<String>>> = std::iter::once(&self.source)
                .chain(&self.bases)
                .map(|s| Arc::new(named(s)))
                .collect();
            let mut items = self.items.iter().map(|d| MietteDiagnostic {
                diagnostic: d.clone(),
                source: Arc::clone(sources.get(d.file).unwrap_or(&sources[0])),
            });
            MietteDiagnostics {
                first: items.next(),
                rest: items.collect(),
            }
        }
    }

    impl From<Diagnostics> for MietteDiagnostics {
        fn from(d: Diagnostics) -> MietteDiagnostics {
            d.to_miette()
        }
    }

    impl fmt::Display for MietteDiagnostic {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.diagnostic.message)
        }
    }

    impl std::error::Error for MietteDiagnostic {}

    impl miette::Diagnostic for MietteDiagnostic {
        fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
            Some(Box::new(self.diagnostic.code))
        }

        fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
            self.diagnostic
                .help
                .as_ref()
                .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
        }

        fn source_code(&self) -> Option<&dyn SourceCode> {
            Some(&*self.source)
        }

        fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
            let d = &self.diagnostic;
            let primary = LabeledSpan::new_primary_with_span(
                d.label.as_deref().map(str::to_string),
                self.span(d.span),
            );
            let notes =
                d.notes.iter().filter(|n| n.file == d.file).map(|n| {
                    LabeledSpan::new_with_span(Some(n.message.clone()), self.span(n.span))
                });
            Some(Box::new(std::iter::once(primary).chain(notes)))
        }
    }

    impl fmt::Display for MietteDiagnostics {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match &self.first {
                Some(first) => fmt::Display::fmt(first, f),
                None => f.write_str("the file has errors"),
            }
        }
    }

    impl std::error::Error for MietteDiagnostics {}

    impl miette::Diagnostic for MietteDiagnostics {
        fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
            self.first.as_ref()?.code()
        }

        fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
            self.first.as_ref()?.help()
        }

        fn source_code(&self) -> Option<&dyn SourceCode> {
            self.first.as_ref()?.source_code()
        }

        fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
            self.first.as_ref()?.labels()
        }

        fn related<'a>(
            &'a self,
        ) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
            if self.rest.is_empty() {
                return None;
            }
            Some(Box::new(
                self.rest.iter().map(|d| d as &dyn miette::Diagnostic),
            ))
        }
    }

    #[cfg(test)]
    mod tests {
        use miette::{Diagnostic as _, NarratableReportHandler};

        use crate::{SourceFile, compile};

        const TWO_SLIPS: &str = "game \"Slips\" { pieces = 1 }\n\
            board grid { width = 3 height = 1 }\n\
            dice d { faces = 1..2 }\n\
            seat red { track = a1..c1 }\n\
            seat blue { track = c1..a1 trak = a1 }\n\
            players 2 { seats = red, bleu }\n";

        #[test]
        fn diagnostics_become_miette_diagnostics() {
            let source = SourceFile::new("slips.variant", TWO_SLIPS);
            let errors = compile(&source).unwrap_err();
            assert_eq!(errors.items.len(), 2);
            let report = errors.to_miette();
            assert_eq!(report.to_string(), "seat blue has no setting `trak`");
            assert_eq!(
                report.code().unwrap().to_string(),
                "compile::unknown_setting"
            );
            assert_eq!(report.help().unwrap().to_string(), "did you mean `track`?");
            let labels: Vec<_> = report.labels().unwrap().collect();
            assert_eq!(labels.len(), 1);
            assert!(labels[0].primary());
            let at = labels[0].offset();
            assert_eq!(&TWO_SLIPS[at..at + labels[0].len()], "trak");
            let contents = report
                .source_code()
                .unwrap()
                .read_span(labels[0].inner(), 0, 0)
                .unwrap();
            assert_eq!(contents.name(), Some("slips.variant"));
            let related: Vec<_> = report.related().unwrap().collect();
            assert_eq!(related.len(), 1);
            assert_eq!(related[0].to_string(), "there is no seat `bleu`");

            let mut text = String::new();
            NarratableReportHandler::new()
                .render_report(&mut text, &report)
                .unwrap();
            assert!(text.contains("seat blue has no setting `trak`"), "{text}");
            assert!(text.contains("slips.variant"), "{text}");
            assert!(text.contains("did you mean `track`?"), "{text}");
            assert!(text.contains("there is no seat `bleu`"), "{text}");
            // The plain rendering is unchanged.
            assert!(
                errors
                    .to_string()
                    .starts_with("error[compile::unknown_setting]")
            );
        }

        #[test]
        fn notes_become_secondary_labels() {
            let text = "game \"Twice\" { pieces = 1 pieces = 2 }\n";
            let source = SourceFile::new("twice.variant", text);
            let errors = compile(&source).unwrap_err();
            let first = errors.items[0].to_miette(&source);
            assert_eq!(first.diagnostic().code, "compile::duplicate_setting");
            let labels: Vec<_> = first.labels().unwrap().collect();
            assert_eq!(labels.len(), 2);
            assert!(!labels[1].primary());
            assert_eq!(labels[1].label(), Some("first set here"));
        }
    }
}

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

/// The optimal string alignment distance: insertions, deletions,
/// substitutions and swaps of two neighbouring characters each count one.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two rows back, the previous one and this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut row: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(row[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut row);
    }
    prev[b.len()]
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

    #[test]
    fn a_swap_of_neighbouring_letters_is_one_edit() {
        assert_eq!(edit_distance("rde", "red"), 1);
        assert_eq!(edit_distance("captrue", "capture"), 1);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(nearest("rde", ["red", "black"]), Some("red"));
    }
}
