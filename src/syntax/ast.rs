//! The syntax tree of a variant file.

use crate::diagnostic::{Span, Spanned};

/// A parsed variant file.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantFile {
    /// `extends "base"`: the variant this house-rule file changes, if any.
    pub extends: Option<Extends>,
    /// Named cell sets, in file order.
    pub regions: Vec<Region>,
    /// Blocks of settings, in file order.
    pub blocks: Vec<Block>,
    /// The end of the file (an empty span after its last byte), where
    /// something missing from the whole file is reported.
    pub end: Span,
}

/// `extends "base"` at the top of a house-rule file.
#[derive(Clone, Debug, PartialEq)]
pub struct Extends {
    /// The base as written, unquoted, spanned at the string (quotes included).
    pub name: Spanned<String>,
    /// The whole item, keyword and string.
    pub span: Span,
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
    /// `line name { .. }`: a closed line of cells that pieces move along.
    Line,
    /// `kinds { .. }`: pieces of several kinds, each with a value.
    Kinds,
    /// `fight { .. }`: pieces that move along lines and take by strength.
    Fight,
    /// `setup { .. }`: how pieces are placed before play on a field board.
    Setup,
    /// `movement { .. }`: free movement within a distance on a field board.
    Movement,
    /// `combat { .. }`: battles between adjacent pieces and their results table.
    Combat,
    /// `invasion { .. }`: jumps from cells next to invasion cells onto them.
    Invasion,
    /// `reinforcement { .. }`: pieces coming back from the pool of the eliminated.
    Reinforcement,
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
            BlockKind::Line => "line",
            BlockKind::Kinds => "kinds",
            BlockKind::Fight => "fight",
            BlockKind::Setup => "setup",
            BlockKind::Movement => "movement",
            BlockKind::Combat => "combat",
            BlockKind::Invasion => "invasion",
            BlockKind::Reinforcement => "reinforcement",
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

/// Moves every span of a tree by a number of bytes: a house-rule file and
/// its bases are compiled together, each file at its own offset, so that a
/// span tells which file it points into.
pub trait Shift {
    /// Adds `by` to every span.
    fn shift(&mut self, by: u32);
}

impl Shift for Span {
    fn shift(&mut self, by: u32) {
        self.start += by;
        self.end += by;
    }
}

impl<T> Shift for Spanned<T> {
    fn shift(&mut self, by: u32) {
        self.span.shift(by);
    }
}

impl Shift for VariantFile {
    fn shift(&mut self, by: u32) {
        if let Some(extends) = &mut self.extends {
            extends.name.shift(by);
            extends.span.shift(by);
        }
        for region in &mut self.regions {
            region.shift(by);
        }
        for block in &mut self.blocks {
            block.shift(by);
        }
        self.end.shift(by);
    }
}

impl Shift for Region {
    fn shift(&mut self, by: u32) {
        self.name.shift(by);
        self.value.shift(by);
    }
}

impl Shift for Block {
    fn shift(&mut self, by: u32) {
        self.kind.shift(by);
        if let Some(label) = &mut self.label {
            label.shift(by);
        }
        for setting in &mut self.settings {
            setting.shift(by);
        }
        self.span.shift(by);
    }
}

impl Shift for Setting {
    fn shift(&mut self, by: u32) {
        self.key.shift(by);
        self.value.shift(by);
    }
}

impl Shift for Value {
    fn shift(&mut self, by: u32) {
        for element in &mut self.elements {
            element.shift(by);
        }
        self.span.shift(by);
    }
}

impl Shift for Element {
    fn shift(&mut self, by: u32) {
        for atom in &mut self.atoms {
            atom.shift(by);
        }
        self.span.shift(by);
    }
}

impl Shift for Atom {
    fn shift(&mut self, by: u32) {
        self.span.shift(by);
        match &mut self.kind {
            AtomKind::Name(_) | AtomKind::Number(_) | AtomKind::Fraction(..) | AtomKind::Str(_) => {
            }
            AtomKind::Range(from, to) => {
                from.shift(by);
                to.shift(by);
            }
            AtomKind::Call(name, value) => {
                name.shift(by);
                if let Some(value) = value {
                    value.shift(by);
                }
            }
            AtomKind::Group(value) => value.shift(by),
            AtomKind::Table(entries) => {
                for (key, element) in entries {
                    key.shift(by);
                    element.shift(by);
                }
            }
        }
    }
}
