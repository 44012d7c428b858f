//! The race engine: games where each seat's pieces go a track from start
//! to home (no fight, no field game).
//!
//! [`reference`] lists the legal actions and applies them the plain way,
//! as `docs/language.md` says; the engine's own path (the other modules
//! here) is held to it.

pub(crate) mod apply;
pub(crate) mod drawn;
pub(crate) mod hot;
pub(crate) mod legal;
pub(crate) mod moves;
pub(crate) mod pair;
pub(crate) mod quick;
mod reference;
pub(crate) mod seating;
pub(crate) mod shape;
mod validate;
pub(crate) mod word;
