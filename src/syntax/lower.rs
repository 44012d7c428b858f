//! Lowers pest pairs into the syntax tree, one function a grammar rule.
//! `unreachable!` appears only where the grammar makes the branch impossible.

use pest::{Parser, error::InputLocation, iterators::Pair};

use super::{Rule, VariantParser, ast::*, rule_names::describe};
use crate::diagnostic::{Diagnostic, Span, Spanned};

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
    let mut pairs = VariantParser::parse(Rule::file, text).map_err(syntax_error)?;
    let file = pairs.next().expect("the grammar yields one file");
    lower_file(file)
}

fn syntax_error(err: pest::error::Error<Rule>) -> Diagnostic {
    let span = match err.location {
        InputLocation::Pos(p) => Span::new(p, p + 1),
        InputLocation::Span((s, e)) => Span::new(s, e),
    };
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
        regions: Vec::new(),
        blocks: Vec::new(),
    };
    for item in pair.into_inner() {
        match item.as_rule() {
            Rule::region_item => file.regions.push(lower_region_item(item)?),
            Rule::block => file.blocks.push(lower_block(item)?),
            Rule::EOI => {}
            other => unreachable!("{other:?}"),
        }
    }
    Ok(file)
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

fn lower_value(pair: Pair<'_, Rule>) -> Result<Value, Diagnostic> {
    let span = span_of(&pair);
    let mut elements = Vec::new();
    for part in pair.into_inner() {
        if part.as_rule() == Rule::element {
            elements.push(lower_element(part)?);
        }
    }
    Ok(Value { elements, span })
}

fn lower_element(pair: Pair<'_, Rule>) -> Result<Element, Diagnostic> {
    let span = span_of(&pair);
    let atoms = pair
        .into_inner()
        .map(lower_atom)
        .collect::<Result<Vec<_>, _>>()?;
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
        assert!(err.message.contains("`}`"), "{}", err.message);
    }
}
