//! `pachisi` is a rules engine for the Pachisi family of race games and its
//! wargame relatives (fights on lines of cells, battles on a hex board). Each
//! game is a text file in a small variant language; one interpreter compiles
//! any such file into a [`RuleSet`] and drives game states with it.
//!
//! The pipeline runs one way: source text, a syntax tree with spans
//! ([`syntax`]), a compile step that checks meaning and precomputes tables
//! ([`compile()`]), and the engine ([`Game`], [`State`]).
//!
//! # Playing a bundled variant
//!
//! ```
//! use pachisi::{Actor, Game, sim};
//! use rand::RngExt;
//!
//! let game = Game::bundled("pachisi", Some(4)).unwrap();
//! let mut state = game.new_initial_state();
//! let mut rng = sim::rng(7);
//! let mut actions = Vec::new();
//! while game.actor(&state) != Actor::Terminal {
//!     match game.actor(&state) {
//!         // Chance: who begins, then the shells, with exact weights.
//!         Actor::Chance => {
//!             let throw = sim::throw(&game, &state, &mut rng);
//!             game.apply(&mut state, throw).unwrap();
//!         }
//!         // A seat: pick any legal action.
//!         _ => {
//!             game.legal_actions_into(&state, &mut actions);
//!             let pick = actions[rng.random_range(0..actions.len())];
//!             game.apply(&mut state, pick).unwrap();
//!         }
//!     }
//! }
//! let outcome = game.outcome(&state).unwrap();
//! println!("won by side {:?} after {} turns", outcome.winner, state.turns);
//! ```
//!
//! # Refused actions change nothing
//!
//! ```
//! use pachisi::{Action, Game};
//!
//! let game = Game::bundled("pachisi", Some(2)).unwrap();
//! let mut state = game.new_initial_state();
//! let before = state.clone();
//! // Nothing moves before the throw for who begins.
//! let err = game.apply(&mut state, Action::step(0, 10)).unwrap_err();
//! assert!(err.reason.contains("who begins"));
//! assert_eq!(state, before);
//! ```
//!
//! # Feature flags
//!
//! - `miette` (off by default): `Diagnostics::to_miette()` (and
//!   `Diagnostic::to_miette`) turn the errors of a variant file into a
//!   [`miette::Diagnostic`](https://docs.rs/miette), with the file's text and
//!   name as its source code, a label at each span and note, the help and the
//!   error code, for `miette`'s report handlers. The [`Display`](std::fmt::Display)
//!   of [`Diagnostics`] stays the compiler-style text either way.

#![forbid(unsafe_code)]

pub mod batch;
pub mod bots;
pub mod compile;
pub mod diagnostic;
pub mod engine;
pub mod record;
pub mod render;
pub mod rules;
pub mod sim;
pub mod stats;
pub mod syntax;
pub mod variants;
pub mod verify;

use std::sync::Arc;

pub use compile::compile;
pub use diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
pub use engine::{
    Action, ActionIds, Actor, EndReason, FightRefusal, FightState, Game, Offer, Outcome, Phase,
    Piece, Pieces, PlayError, PoolValue, Refusal, SetupError, Splits, Stack, Stake, State,
    StateError,
};
pub use rules::RuleSet;

/// Anything that can go wrong when loading a game.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// No bundled variant has that name.
    #[error("there is no bundled variant `{0}`; the bundled variants are: {1}")]
    UnknownVariant(String, String),
    /// The file could not be read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The path.
        path: String,
        /// What went wrong.
        error: String,
    },
    /// The variant file has errors.
    #[error("{0}")]
    Compile(#[from] Diagnostics),
    /// The seating asked for does not exist.
    #[error("{0}")]
    Setup(#[from] SetupError),
}

impl Game {
    /// A bundled variant by name, seated for `players` (or the most it allows).
    pub fn bundled(name: &str, players: Option<usize>) -> Result<Game, LoadError> {
        let rules = variants::compile_bundled(name)?;
        Game::seat(rules, players)
    }

    /// A variant from its source text, seated for `players` (or the most it
    /// allows). A house-rule file may extend bundled variants only; use
    /// [`compile::compile_with`] for other bases.
    pub fn from_source(
        file_name: &str,
        text: &str,
        players: Option<usize>,
    ) -> Result<Game, LoadError> {
        let rules = compile(&SourceFile::new(file_name, text))?;
        Game::seat(Arc::new(rules), players)
    }

    /// A variant given as a bundled name or a path to a file. A house-rule
    /// file may extend a bundled variant or a file, by a path from its own
    /// folder.
    pub fn load(name_or_path: &str, players: Option<usize>) -> Result<Game, LoadError> {
        if variants::source(name_or_path).is_some() {
            return Game::bundled(name_or_path, players);
        }
        let text = std::fs::read_to_string(name_or_path).map_err(|e| {
            if std::path::Path::new(name_or_path).extension().is_none()
                && !name_or_path.contains('/')
            {
                LoadError::UnknownVariant(name_or_path.to_string(), variants::names().join(", "))
            } else {
                LoadError::Io {
                    path: name_or_path.to_string(),
                    error: e.to_string(),
                }
            }
        })?;
        let source = SourceFile::new(name_or_path, text);
        let rules = compile::compile_with(&source, &compile::resolve_bundled_or_file)?;
        Game::seat(Arc::new(rules), players)
    }

    fn seat(rules: Arc<RuleSet>, players: Option<usize>) -> Result<Game, LoadError> {
        Ok(match players {
            Some(n) => Game::new(rules, n)?,
            None => Game::with_most_players(rules),
        })
    }
}
