//! From source text to a typed syntax tree. Every node keeps its span; no
//! meaning is given to anything yet.

pub mod ast;
mod lower;
mod rule_names;

pub use lower::parse;

/// The pest parser generated from `grammar/variant.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "grammar/variant.pest"]
pub struct VariantParser;
