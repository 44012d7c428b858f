//! `pachisi show`: the text picture of a saved state.

use pachisi::{Game, State, render};

use super::out;

/// The game and a saved state read against it; the number of players is
/// `players`, else that of the one table (of as many seats as the state's
/// `pieces`) whose game accepts the state.
pub fn game_and_state(
    variant: &str,
    state_path: &str,
    players: Option<usize>,
) -> Result<(Game, State), String> {
    let json = super::read(state_path)?;
    let players = match players {
        Some(p) => p,
        None => guess_players(variant, &json)?,
    };
    let game = super::load(variant, Some(players))?;
    let state = game
        .load_state(&json)
        .map_err(|e| format!("error: {state_path}: {e}"))?;
    Ok((game, state))
}

/// The players of the table whose game accepts the saved state: among the
/// tables with as many seats as the state's `pieces` (every table when it
/// has none), the one that reads it; when none does, the first, so that the
/// error is the game's; when several do, the largest, with a note.
fn guess_players(variant: &str, json: &str) -> Result<usize, String> {
    let rules = super::load(variant, None)?.rules_arc().clone();
    let seats = serde_json::from_str::<serde_json::Value>(json)
        .ok()
        .and_then(|v| v.get("pieces").and_then(|p| p.as_array()).map(|a| a.len()))
        // A field game keeps no race pieces: its seats are the variant's.
        .filter(|&n| n > 0);
    let tables: Vec<usize> = rules
        .tables
        .iter()
        .filter(|t| seats.is_none_or(|n| t.seats.len() == n))
        .map(|t| t.players)
        .collect();
    let fitting: Vec<usize> = tables
        .iter()
        .copied()
        .filter(|&p| Game::new(rules.clone(), p).is_ok_and(|g| g.load_state(json).is_ok()))
        .collect();
    match fitting.as_slice() {
        [one] => Ok(*one),
        [] => tables
            .first()
            .copied()
            .or_else(|| rules.tables.first().map(|t| t.players))
            .ok_or_else(|| format!("error: {} has no table of players", rules.name)),
        several => {
            // The largest table, as the other commands default to; say so.
            let most = several.iter().copied().max().unwrap_or(several[0]);
            let list: Vec<String> = several.iter().map(|p| p.to_string()).collect();
            eprintln!(
                "note: the saved state fits {} with {} players; read with {most} (--players chooses)",
                rules.name,
                list.join(" or ")
            );
            Ok(most)
        }
    }
}

pub fn run(variant: &str, state_path: &str, players: Option<usize>) -> Result<(), String> {
    let (game, state) = game_and_state(variant, state_path, players)?;
    out!(
        "{}",
        render::text_styled(&game, &state, render::colour_wanted())
    );
    Ok(())
}
