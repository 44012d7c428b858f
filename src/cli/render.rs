//! `pachisi render`: an SVG picture of a board, a track and a position.

use pachisi::render;

use super::out;

pub fn run(
    variant: &str,
    state_path: Option<&str>,
    seat: Option<&str>,
    players: Option<usize>,
    output: Option<&str>,
) -> Result<(), String> {
    let (game, state) = match state_path {
        Some(path) => {
            let (game, state) = super::show::game_and_state(variant, path, players)?;
            (game, Some(state))
        }
        None => (super::load(variant, players)?, None),
    };
    let track_of = match seat {
        Some(name) => Some(game.seat_index(name).ok_or_else(|| {
            let playing: Vec<&str> = (0..game.players()).map(|i| game.seat_name(i)).collect();
            format!(
                "error: seat {name} does not play in this game of {} players; the seats are: {}",
                game.players(),
                playing.join(", ")
            )
        })?),
        None => None,
    };
    let picture = render::svg(&game, state.as_ref(), track_of);
    match output {
        Some(path) => {
            std::fs::write(path, picture).map_err(|e| format!("error: cannot write {path}: {e}"))
        }
        None => {
            out!("{picture}");
            Ok(())
        }
    }
}
