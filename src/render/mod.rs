//! Pictures of a board and a position: text for the terminal and records
//! ([`text()`]), and SVG for documents and the web ([`svg()`]). Both are drawn
//! from the compiled board alone (cells, safe cells, tracks), so any variant's
//! board is drawn by the same code.

mod colour;
mod fight;
pub mod hex;
pub mod svg;
mod text;

pub use colour::{SeatColour, seat_colours};
pub use fight::stack_text;
pub use svg::svg;
pub use text::{colour_wanted, describe_action, status_line, text, text_styled};
