//! `pachisi show`: the text picture of a saved state.

use pachisi::{Game, State, render};

/// The game and a saved state read against it; the number of players is
/// `players`, else the number of seats in the state's `pieces`.
pub fn game_and_state(
    variant: &str,
    state_path: &str,
    players: Option<usize>,
) -> Result<(Game, State), String> {
    let json = super::read(state_path)?;
    let players = players.or_else(|| {
        serde_json::from_str::<serde_json::Value>(&json)
            .ok()
            .and_then(|v| v.get("pieces").and_then(|p| p.as_array()).map(|a| a.len()))
            // A field game keeps no race pieces: its seats are the variant's.
            .filter(|&n| n > 0)
    });
    let game = super::load(variant, players)?;
    let state = game
        .load_state(&json)
        .map_err(|e| format!("error: {state_path}: {e}"))?;
    Ok((game, state))
}

pub fn run(variant: &str, state_path: &str, players: Option<usize>) -> Result<(), String> {
    let (game, state) = game_and_state(variant, state_path, players)?;
    print!(
        "{}",
        render::text_styled(&game, &state, render::colour_wanted())
    );
    Ok(())
}
