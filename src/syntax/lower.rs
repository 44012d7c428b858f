//! Lowers pest pairs into the syntax tree, one function a grammar rule.
//! `unreachable!` appears only where the grammar makes the branch impossible.

use pest::{Parser, error::InputLocation, iterators::Pair};

use super::{Rule, VariantParser, ast::*, rule_names::describe};
use crate::diagnostic::{Diagnostic, Span, Spanned, nearest};

/// The longest variant file the language accepts, in bytes.
pub const MAX_SOURCE_BYTES: usize = 1 << 20;

/// Parses a variant file's text into its syntax tree.
pub fn parse(text: &str) -> Result<VariantFile, Diagnostic> {
    if text.len() > MAX_SOURCE_BYTES {
        return Err(Diagnostic::new(
            "syntax::too_long",
            Span::new(0, 0),
            format!(
                "the file is {} bytes long, over the limit of {MAX_SOURCE_BYTES} bytes",
                text.len()
            ),
        ));
    }
    let mut pairs =
        VariantParser::parse(Rule::file, text).map_err(|err| syntax_error(text, err))?;
    let file = pairs.next().expect("the grammar yields one file");
    let mut file = lower_file(file)?;
    file.end = Span::new(text.len(), text.len());
    Ok(file)
}

/// The words that start items; none of them can be a name.
const KEYWORDS: &[&str] = &[
    "game", "board", "dice", "seat", "players", "turn", "entry", "home", "capture", "stacks",
    "end", "line", "kinds", "fight", "region", "extends",
];

/// How many of [`KEYWORDS`] start blocks: all but `region` and `extends`.
const BLOCK_KEYWORDS: usize = KEYWORDS.len() - 2;

fn syntax_error(text: &str, err: pest::error::Error<Rule>) -> Diagnostic {
    let (span, pos) = match err.location {
        InputLocation::Pos(p) => (Span::new(p, p + 1), p),
        InputLocation::Span((s, e)) => (Span::new(s, e), s),
    };
    let positives: &[Rule] = match &err.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives,
        pest::error::ErrorVariant::CustomError { .. } => &[],
    };
    if let Some(d) = unclosed_string(text, pos) {
        return d;
    }
    if let Some(d) = unclosed_block(text, pos) {
        return d;
    }
    if let Some(d) = unexpected_word(text, pos, positives) {
        return d;
    }
    let message = match &err.variant {
        pest::error::ErrorVariant::ParsingError {
            positives,
            negatives,
        } => {
            let mut wanted: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            wanted.dedup();
            if wanted.is_empty() {
                let unwanted: Vec<&str> = negatives.iter().map(|r| describe(*r)).collect();
                format!("unexpected {}", unwanted.join(" or "))
            } else {
                format!("expected {}", join_or(&wanted))
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::new("syntax::unexpected", span, message)
}

/// A string opened at `pos` that is not closed on its line, or that holds
/// an escape the language does not know.
fn unclosed_string(text: &str, pos: usize) -> Option<Diagnostic> {
    let rest = text.get(pos..)?;
    if !rest.starts_with('"') {
        return None;
    }
    let mut chars = rest.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return None,
            '\\' => {
                match chars.next() {
                    Some((_, '"' | '\\')) => {}
                    Some((j, other)) if other != '\n' && other != '\r' => {
                        let at = pos + i;
                        return Some(
                        Diagnostic::new(
                            "syntax::unknown_escape",
                            Span::new(at, pos + j + other.len_utf8()),
                            format!("a string cannot hold the escape `\\{other}`"),
                        )
                        .with_help("the only escapes are `\\\"` for a quote and `\\\\` for a backslash"),
                    );
                    }
                    _ => break,
                }
            }
            '\n' | '\r' => break,
            _ => {}
        }
    }
    Some(
        Diagnostic::new(
            "syntax::unclosed_string",
            Span::new(pos, pos + 1),
            "this string is not closed",
        )
        .with_label("the string opened here has no closing `\"` on its line")
        .with_help("a string ends with `\"` on the line where it begins"),
    )
}

/// The identifier that starts at `pos`, if any.
fn word_at(text: &str, pos: usize) -> Option<&str> {
    let rest = text.get(pos..)?;
    if !rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return None;
    }
    let len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    Some(&rest[..len])
}

/// Whether only spaces and comments follow `pos`.
fn only_blank_after(text: &str, pos: usize) -> bool {
    text.get(pos..).is_some_and(|rest| {
        rest.lines()
            .all(|line| line.trim().is_empty() || line.trim_start().starts_with("//"))
    })
}

/// Whether the word at `pos` starts a block: a keyword, an optional label, then `{`.
fn starts_block(text: &str, pos: usize) -> bool {
    let Some(word) = word_at(text, pos).filter(|w| KEYWORDS.contains(w)) else {
        return false;
    };
    let rest = text[pos + word.len()..].trim_start();
    if rest.starts_with('{') {
        return true;
    }
    // A label: a name, a number or a string on the same line.
    let label_len = if let Some(inner) = rest.strip_prefix('"') {
        inner.find('"').map(|i| i + 2)
    } else {
        let n = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len());
        (n > 0).then_some(n)
    };
    label_len.is_some_and(|n| rest[n..].trim_start().starts_with('{'))
}

/// The block (its keyword and opening brace) still open at `pos`, skipping
/// strings and comments.
fn open_block(text: &str, pos: usize) -> Option<(Option<(usize, usize)>, usize)> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut keyword: Option<(usize, usize)> = None;
    let mut open: Option<(Option<(usize, usize)>, usize)> = None;
    let mut i = 0;
    while i < pos.min(bytes.len()) {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'"' | b'\n') {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'{' => {
                if depth == 0 {
                    open = Some((keyword.take(), i));
                }
                depth += 1;
                i += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let word = word_at(text, i).expect("a word starts here");
                if depth == 0 && KEYWORDS.contains(&word) {
                    keyword = Some((i, i + word.len()));
                }
                i += word.len();
            }
            _ => i += 1,
        }
    }
    if depth == 0 { None } else { open }
}

/// A block left open: the next block starts inside it, or the file ends.
fn unclosed_block(text: &str, pos: usize) -> Option<Diagnostic> {
    let at_end = only_blank_after(text, pos);
    if !at_end && !starts_block(text, pos) {
        return None;
    }
    let (keyword, brace) = open_block(text, pos)?;
    let (what, opened) = match keyword {
        Some((s, e)) => (
            format!("the `{}` block", &text[s..e]),
            Span::new(s, brace + 1),
        ),
        None => ("a block".to_string(), Span::new(brace, brace + 1)),
    };
    let d = if at_end {
        let end = text.len();
        Diagnostic::new(
            "syntax::unclosed_block",
            Span::new(end, end),
            format!("{what} is not closed"),
        )
        .with_label("the file ends here, expected `}`")
    } else {
        let next = word_at(text, pos).unwrap_or_default();
        Diagnostic::new(
            "syntax::unclosed_block",
            Span::new(pos, pos + next.len()),
            format!("{what} is not closed"),
        )
        .with_label(format!("expected `}}` before this `{next}` block"))
    };
    Some(
        d.with_note(opened, format!("{what} opened here is not closed"))
            .with_help("close the block with `}` after its last setting"),
    )
}

/// A word where it cannot stand: a misspelt block keyword, a setting
/// outside any block, or a keyword written as a name.
fn unexpected_word(text: &str, pos: usize, positives: &[Rule]) -> Option<Diagnostic> {
    let word = word_at(text, pos)?;
    let span = Span::new(pos, pos + word.len());
    // At the very start the parser only says it wanted a file.
    let wants_item = positives
        .iter()
        .any(|r| matches!(r, Rule::block_kind | Rule::kw_region | Rule::file));
    if wants_item && !KEYWORDS.contains(&word) {
        let after = text[pos + word.len()..].trim_start();
        if after.starts_with('=') && !after.starts_with("==") {
            return Some(
                Diagnostic::new(
                    "syntax::setting_outside_block",
                    span,
                    format!("the setting `{word}` is outside any block"),
                )
                .with_help(
                    "settings go between a block's braces; is there a `}` too many before it?",
                ),
            );
        }
        let d = Diagnostic::new(
            "syntax::unknown_keyword",
            span,
            format!("`{word}` is not a block keyword"),
        )
        .with_label("expected a block or a region here");
        return Some(match nearest(word, KEYWORDS.iter().copied()) {
            Some(near) => d.with_help(format!("did you mean `{near}`?")),
            None => d.with_help(format!(
                "a file is made of blocks ({}) and regions (`region name = cells`)",
                KEYWORDS[..BLOCK_KEYWORDS].join(", ")
            )),
        });
    }
    let wants_word = positives
        .iter()
        .any(|r| matches!(r, Rule::name | Rule::value | Rule::element | Rule::range));
    if wants_word && KEYWORDS.contains(&word) {
        return Some(
            Diagnostic::new(
                "syntax::keyword_as_name",
                span,
                format!("`{word}` is a keyword and cannot be used as a name"),
            )
            .with_help(format!(
                "the keywords {} are reserved for the start of blocks, regions and `extends`",
                KEYWORDS.join(", ")
            )),
        );
    }
    None
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{}, or {last}", init.join(", ")),
    }
}

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn lower_file(pair: Pair<'_, Rule>) -> Result<VariantFile, Diagnostic> {
    let mut file = VariantFile {
        extends: None,
        regions: Vec::new(),
        blocks: Vec::new(),
        end: Span::default(),
    };
    // The first item that is not `extends`, for an `extends` written after it.
    let mut first_item: Option<Span> = None;
    for item in pair.into_inner() {
        if item.as_rule() != Rule::extends_item && item.as_rule() != Rule::EOI {
            first_item.get_or_insert_with(|| span_of(&item));
        }
        match item.as_rule() {
            Rule::extends_item => {
                let extends = lower_extends(item);
                if let Some(first) = &file.extends {
                    return Err(Diagnostic::new(
                        "syntax::extends_twice",
                        extends.span,
                        "a file extends at most one base",
                    )
                    .with_note(first.span, "the base is named here")
                    .with_help("a house-rule file changes one variant; to change a house-rule file, extend it in a file of its own"));
                }
                if let Some(first) = first_item {
                    return Err(Diagnostic::new(
                        "syntax::extends_not_first",
                        extends.span,
                        "`extends` must come first in the file",
                    )
                    .with_note(first, "the file's first item is here")
                    .with_help(format!(
                        "move `extends \"{}\"` to the top of the file, before every block and region",
                        extends.name.node
                    )));
                }
                file.extends = Some(extends);
            }
            Rule::region_item => file.regions.push(lower_region_item(item)?),
            Rule::block => file.blocks.push(lower_block(item)?),
            Rule::EOI => {}
            other => unreachable!("{other:?}"),
        }
    }
    Ok(file)
}

fn lower_extends(pair: Pair<'_, Rule>) -> Extends {
    let span = span_of(&pair);
    let string = pair
        .into_inner()
        .find(|p| p.as_rule() == Rule::string)
        .expect("extends has a string");
    Extends {
        name: Spanned::new(unquote(string.as_str()), span_of(&string)),
        span,
    }
}

fn lower_region_item(pair: Pair<'_, Rule>) -> Result<Region, Diagnostic> {
    let mut inner = pair.into_inner();
    inner.next(); // the keyword
    let name = inner.next().expect("region has a name");
    inner.next(); // `=`
    let value = lower_value(inner.next().expect("region has a value"))?;
    Ok(Region {
        name: Spanned::new(name.as_str().to_string(), span_of(&name)),
        value,
    })
}

fn lower_block(pair: Pair<'_, Rule>) -> Result<Block, Diagnostic> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let kind_pair = inner.next().expect("block has a kind");
    let kind = lower_block_kind(&kind_pair);
    let mut label = None;
    let mut settings = Vec::new();
    for part in inner {
        match part.as_rule() {
            Rule::settings => {
                for setting in part.into_inner() {
                    if setting.as_rule() == Rule::setting {
                        settings.push(lower_setting(setting)?);
                    }
                }
            }
            _ => label = Some(lower_atom(part)?),
        }
    }
    Ok(Block {
        kind,
        label,
        settings,
        span,
    })
}

fn lower_block_kind(pair: &Pair<'_, Rule>) -> Spanned<BlockKind> {
    let keyword = pair.clone().into_inner().next().expect("a keyword");
    let kind = match keyword.as_rule() {
        Rule::kw_game => BlockKind::Game,
        Rule::kw_board => BlockKind::Board,
        Rule::kw_dice => BlockKind::Dice,
        Rule::kw_seat => BlockKind::Seat,
        Rule::kw_players => BlockKind::Players,
        Rule::kw_turn => BlockKind::Turn,
        Rule::kw_entry => BlockKind::Entry,
        Rule::kw_home => BlockKind::Home,
        Rule::kw_capture => BlockKind::Capture,
        Rule::kw_stacks => BlockKind::Stacks,
        Rule::kw_end => BlockKind::End,
        Rule::kw_line => BlockKind::Line,
        Rule::kw_kinds => BlockKind::Kinds,
        Rule::kw_fight => BlockKind::Fight,
        Rule::kw_setup => BlockKind::Setup,
        Rule::kw_movement => BlockKind::Movement,
        Rule::kw_combat => BlockKind::Combat,
        Rule::kw_invasion => BlockKind::Invasion,
        Rule::kw_reinforcement => BlockKind::Reinforcement,
        other => unreachable!("{other:?}"),
    };
    Spanned::new(kind, span_of(pair))
}

fn lower_setting(pair: Pair<'_, Rule>) -> Result<Setting, Diagnostic> {
    let mut inner = pair.into_inner();
    let key = inner.next().expect("setting has a name");
    inner.next(); // `=`
    let value = lower_value(inner.next().expect("setting has a value"))?;
    Ok(Setting {
        key: Spanned::new(key.as_str().to_string(), span_of(&key)),
        value,
    })
}

/// A value's or an element's span ends with its last part: pest counts the
/// spaces and comments after a repetition into the rule that repeats.
fn trimmed(span: Span, last_end: Option<u32>) -> Span {
    Span {
        start: span.start,
        end: last_end.unwrap_or(span.end),
    }
}

fn lower_value(pair: Pair<'_, Rule>) -> Result<Value, Diagnostic> {
    let span = span_of(&pair);
    let mut elements = Vec::new();
    for part in pair.into_inner() {
        if part.as_rule() == Rule::element {
            elements.push(lower_element(part)?);
        }
    }
    let span = trimmed(span, elements.last().map(|e: &Element| e.span.end));
    Ok(Value { elements, span })
}

fn lower_element(pair: Pair<'_, Rule>) -> Result<Element, Diagnostic> {
    let span = span_of(&pair);
    let atoms = pair
        .into_inner()
        .map(lower_atom)
        .collect::<Result<Vec<_>, _>>()?;
    let span = trimmed(span, atoms.last().map(|a: &Atom| a.span.end));
    Ok(Element { atoms, span })
}

fn lower_atom(pair: Pair<'_, Rule>) -> Result<Atom, Diagnostic> {
    let span = span_of(&pair);
    let kind = match pair.as_rule() {
        Rule::name => AtomKind::Name(pair.as_str().to_string()),
        Rule::number => AtomKind::Number(pair.as_str().parse().map_err(|_| {
            Diagnostic::new(
                "syntax::number_too_large",
                span,
                format!("the number {} is too large", pair.as_str()),
            )
        })?),
        Rule::fraction => {
            let (n, d) = pair.as_str().split_once('/').expect("a fraction has `/`");
            let too_large = || {
                Diagnostic::new(
                    "syntax::number_too_large",
                    span,
                    format!("the fraction {} has too large a number", pair.as_str()),
                )
            };
            AtomKind::Fraction(
                n.parse().map_err(|_| too_large())?,
                d.parse().map_err(|_| too_large())?,
            )
        }
        Rule::string => AtomKind::Str(unquote(pair.as_str())),
        Rule::range => {
            let mut inner = pair.into_inner();
            let from = lower_atom(inner.next().expect("range start"))?;
            inner.next(); // `..`
            let to = lower_atom(inner.next().expect("range end"))?;
            AtomKind::Range(Box::new(from), Box::new(to))
        }
        Rule::call => {
            let mut inner = pair.into_inner();
            let name = inner.next().expect("call has a name");
            inner.next(); // `(`
            let arg = match inner.next() {
                Some(p) if p.as_rule() == Rule::value => Some(lower_value(p)?),
                _ => None,
            };
            AtomKind::Call(Spanned::new(name.as_str().to_string(), span_of(&name)), arg)
        }
        Rule::group => {
            let value = pair
                .into_inner()
                .find(|p| p.as_rule() == Rule::value)
                .expect("group has a value");
            AtomKind::Group(lower_value(value)?)
        }
        Rule::table => {
            let mut entries = Vec::new();
            for entry in pair.into_inner() {
                if entry.as_rule() == Rule::table_entry {
                    let mut inner = entry.into_inner();
                    let key = lower_atom(inner.next().expect("entry key"))?;
                    inner.next(); // `:`
                    let element = lower_element(inner.next().expect("entry value"))?;
                    entries.push((key, element));
                }
            }
            AtomKind::Table(entries)
        }
        other => unreachable!("{other:?}"),
    };
    Ok(Atom { kind, span })
}

fn unquote(s: &str) -> String {
    let inner = &s[1..s.len() - 1];
    inner.replace("\\\"", "\"").replace("\\\\", "\\")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_with_settings_parses() {
        let file = parse("board cross { arm_width = 3 centre = charkoni }").unwrap();
        assert_eq!(file.blocks.len(), 1);
        assert_eq!(file.blocks[0].settings.len(), 2);
        assert_eq!(file.blocks[0].settings[1].key.node, "centre");
    }

    #[test]
    fn elements_stop_before_the_next_setting() {
        let file = parse("dice d { score = { 0: 25 again, 2: 2 } shells = 6 }").unwrap();
        let settings = &file.blocks[0].settings;
        assert_eq!(settings.len(), 2);
        match &settings[0].value.elements[0].atoms[0].kind {
            AtomKind::Table(entries) => {
                assert_eq!(entries.len(), 2);
                assert_eq!(entries[0].1.atoms.len(), 2);
            }
            other => panic!("not a table: {other:?}"),
        }
    }

    #[test]
    fn a_region_before_a_block_stops_at_the_keyword() {
        let file = parse("region castle = a1, b2\nseat red { track = a1..a3 }").unwrap();
        assert_eq!(file.regions[0].value.elements.len(), 2);
        assert_eq!(file.blocks.len(), 1);
    }

    #[test]
    fn a_missing_brace_is_reported_by_name() {
        let err = parse("board cross { arm_width = 3").unwrap_err();
        assert_eq!(err.message, "the `board` block is not closed");
        assert!(err.label.unwrap().contains("`}`"));
        assert_eq!(err.notes[0].span, Span::new(0, 13));
        let err = parse("turn { limit = 3\nend { stop = last_side }").unwrap_err();
        assert_eq!(err.message, "the `turn` block is not closed");
        assert_eq!(err.span, Span::new(17, 20));
    }

    #[test]
    fn commas_between_table_entries_are_optional() {
        let file = parse("dice d { score = { 0: 8 again 1: 1 2: 2, 3..4: x } }").unwrap();
        match &file.blocks[0].settings[0].value.elements[0].atoms[0].kind {
            AtomKind::Table(entries) => {
                assert_eq!(entries.len(), 4);
                assert_eq!(entries[0].1.atoms.len(), 2);
                assert_eq!(entries[1].1.atoms.len(), 1);
            }
            other => panic!("not a table: {other:?}"),
        }
    }

    #[test]
    fn spans_end_at_the_last_word() {
        let text = "game g { pieces = 4   // four\n about = \"x\"  }";
        let file = parse(text).unwrap();
        let value = &file.blocks[0].settings[0].value;
        assert_eq!(
            &text[value.span.start as usize..value.span.end as usize],
            "4"
        );
        let element = &value.elements[0];
        assert_eq!(
            &text[element.span.start as usize..element.span.end as usize],
            "4"
        );
        assert_eq!(file.end, Span::new(text.len(), text.len()));
    }

    #[test]
    fn an_unclosed_string_points_at_its_quote() {
        let err = parse("game g { about = \"open\n pieces = 4 }").unwrap_err();
        assert_eq!(err.code, "syntax::unclosed_string");
        assert_eq!(err.span, Span::new(17, 18));
        let err = parse("game g { about = \"a \\n b\" }").unwrap_err();
        assert_eq!(err.code, "syntax::unknown_escape");
    }

    #[test]
    fn a_misspelt_keyword_is_named() {
        let err = parse("game g { }\ncaptrue { }").unwrap_err();
        assert_eq!(err.message, "`captrue` is not a block keyword");
        assert_eq!(err.help.as_deref(), Some("did you mean `capture`?"));
        assert_eq!(err.span, Span::new(11, 18));
        let err = parse("game g { }\npieces = 4").unwrap_err();
        assert_eq!(err.code, "syntax::setting_outside_block");
        let err = parse("capture { safe = home }").unwrap_err();
        assert_eq!(err.code, "syntax::keyword_as_name");
    }

    #[test]
    fn extends_comes_first_and_once() {
        let file = parse("// house\nextends \"pachisi\"\nentry { on = any }").unwrap();
        let extends = file.extends.unwrap();
        assert_eq!(extends.name.node, "pachisi");
        assert_eq!(extends.name.span, Span::new(17, 26));
        let err = parse("entry { on = any }\nextends \"pachisi\"").unwrap_err();
        assert_eq!(err.code, "syntax::extends_not_first");
        assert_eq!(err.span, Span::new(19, 36));
        assert_eq!(err.notes[0].span, Span::new(0, 18));
        let err = parse("extends \"a\"\nextends \"b\"").unwrap_err();
        assert_eq!(err.code, "syntax::extends_twice");
        let err = parse("extend \"pachisi\"").unwrap_err();
        assert_eq!(err.help.as_deref(), Some("did you mean `extends`?"));
        let err = parse("region r = a1, extends").unwrap_err();
        assert_eq!(err.code, "syntax::keyword_as_name");
    }
}
