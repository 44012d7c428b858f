//! The syntax tree of a variant file.

use crate::diagnostic::{Span, Spanned};

/// A parsed variant file.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantFile {
    /// Named cell sets, in file order.
    pub regions: Vec<Region>,
    /// Blocks of settings, in file order.
    pub blocks: Vec<Block>,
    /// The end of the file (an empty span after its last byte), where
    /// something missing from the whole file is reported.
    pub end: Span,
}

/// `region name = cells`.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// The region's name.
    pub name: Spanned<String>,
    /// Its cells.
    pub value: Value,
}

/// The kinds of block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// `game "Name" { .. }`: names and describes the game.
    Game,
    /// `board shape { .. }`: the cells and their layout.
    Board,
    /// `dice name { .. }`: what is thrown and what it scores.
    Dice,
    /// `seat name { .. }`: one place at the table, with its track.
    Seat,
    /// `players N { .. }`: which seats play, and in which teams, for N players.
    Players,
    /// `turn { .. }`: how a turn runs.
    Turn,
    /// `entry { .. }`: how pieces leave their start.
    Entry,
    /// `home { .. }`: how pieces reach home.
    Home,
    /// `capture { .. }`: how pieces take each other.
    Capture,
    /// `stacks { .. }`: several pieces on one cell: blockades and groups.
    Stacks,
    /// `end { .. }`: how the game ends.
    End,
}

impl BlockKind {
    /// The keyword of the block.
    pub fn keyword(self) -> &'static str {
        match self {
            BlockKind::Game => "game",
            BlockKind::Board => "board",
            BlockKind::Dice => "dice",
            BlockKind::Seat => "seat",
            BlockKind::Players => "players",
            BlockKind::Turn => "turn",
            BlockKind::Entry => "entry",
            BlockKind::Home => "home",
            BlockKind::Capture => "capture",
            BlockKind::Stacks => "stacks",
            BlockKind::End => "end",
        }
    }
}

/// A block: `kind label? { settings }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Its kind, spanned at the keyword.
    pub kind: Spanned<BlockKind>,
    /// Its label, if any.
    pub label: Option<Atom>,
    /// Its settings, in file order.
    pub settings: Vec<Setting>,
    /// The whole block.
    pub span: Span,
}

/// `key = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Setting {
    /// The setting's name.
    pub key: Spanned<String>,
    /// Its value.
    pub value: Value,
}

/// A comma-separated list of elements.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// The elements.
    pub elements: Vec<Element>,
    /// The whole value.
    pub span: Span,
}

/// One element of a value: a sequence of words such as `25 again`.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    /// The words.
    pub atoms: Vec<Atom>,
    /// The whole element.
    pub span: Span,
}

/// One word of a value.
#[derive(Clone, Debug, PartialEq)]
pub struct Atom {
    /// What it is.
    pub kind: AtomKind,
    /// Where it is.
    pub span: Span,
}

/// The kinds of word.
#[derive(Clone, Debug, PartialEq)]
pub enum AtomKind {
    /// A name.
    Name(String),
    /// A whole number.
    Number(i64),
    /// `numerator/denominator`.
    Fraction(u64, u64),
    /// A quoted string, unescaped.
    Str(String),
    /// `from..to`.
    Range(Box<Atom>, Box<Atom>),
    /// `name(value)`.
    Call(Spanned<String>, Option<Value>),
    /// `(value)`.
    Group(Value),
    /// `{ key: element, .. }`.
    Table(Vec<(Atom, Element)>),
}

impl Atom {
    /// What kind of word this is, for error messages.
    pub fn describe(&self) -> &'static str {
        match self.kind {
            AtomKind::Name(_) => "a name",
            AtomKind::Number(_) => "a number",
            AtomKind::Fraction(..) => "a fraction",
            AtomKind::Str(_) => "a string",
            AtomKind::Range(..) => "a range",
            AtomKind::Call(..) => "a computed value",
            AtomKind::Group(_) => "a group in parentheses",
            AtomKind::Table(_) => "a table",
        }
    }
}
