//! The race engine: games where each seat's pieces go a track from start
//! to home (no fight, no field game).
//!
//! [`reference`] lists the legal actions and applies them the plain way,
//! as `docs/language.md` says; the engine's own path, in the modules
//! beside this folder, is held to it.

mod reference;
