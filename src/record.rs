//! Game records: a variant, a number of players, and the actions from the
//! start, one a line, in the notation of docs/notation.md.

use thiserror::Error;

use crate::{Action, Game, State};

/// A problem with a game record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A line that is not an action.
    #[error("line {line}: `{text}` is not an action; {allowed}")]
    Unreadable {
        /// The line number, from 1.
        line: usize,
        /// What it says.
        text: String,
        /// What the rules allow at that point, in the game's notation
        /// ([`allowed_here`]).
        allowed: String,
    },
    /// A line that names a seat which is not the one to act.
    #[error("line {line}: it is {expected}'s turn, not {found}'s")]
    WrongSeat {
        /// The line number.
        line: usize,
        /// The seat to act.
        expected: String,
        /// The seat named.
        found: String,
    },
    /// An action the rules refuse.
    #[error("line {line}: {error}")]
    Illegal {
        /// The line number.
        line: usize,
        /// Why.
        error: crate::PlayError,
    },
    /// A header line that is wrong.
    #[error("line {line}: {message}")]
    Header {
        /// The line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// The header of a record: `variant NAME` and `players N` lines before the actions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The variant named.
    pub variant: Option<String>,
    /// The players named.
    pub players: Option<usize>,
}

/// Reads the header lines of a record.
pub fn header(text: &str) -> Result<Header, RecordError> {
    let mut header = Header::default();
    for (i, line) in text.lines().enumerate() {
        let line = strip_comment(line);
        if line.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix("variant ") {
            header.variant = Some(name.trim().to_string());
        } else if let Some(n) = line.strip_prefix("players ") {
            header.players = Some(n.trim().parse().map_err(|_| RecordError::Header {
                line: i + 1,
                message: format!("`{}` is not a number of players", n.trim()),
            })?);
        } else {
            break;
        }
    }
    Ok(header)
}

fn strip_comment(line: &str) -> &str {
    line.split('#').next().unwrap_or("").trim()
}

/// Replays a record from the start; the state after its last action, or
/// the first line the rules refuse.
pub fn replay(game: &Game, text: &str) -> Result<(State, Vec<Action>), RecordError> {
    replay_from(game, game.new_initial_state(), text)
}

/// Replays a record from `state`, such as a saved state: the state after
/// its last action, or the first line the rules refuse.
pub fn replay_from(
    game: &Game,
    mut state: State,
    text: &str,
) -> Result<(State, Vec<Action>), RecordError> {
    let mut actions = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = strip_comment(raw);
        if line.is_empty() || line.starts_with("variant ") || line.starts_with("players ") {
            continue;
        }
        actions.push(play_line(game, &mut state, i + 1, line)?);
    }
    Ok((state, actions))
}

/// Plays one action written as a record writes it (`red: 0+10`, or
/// without the seat), numbered `line` in what it comes from. A refused
/// action leaves the state as it was.
pub fn play_line(
    game: &Game,
    state: &mut State,
    line: usize,
    text: &str,
) -> Result<Action, RecordError> {
    let text = text.trim();
    let (seat, body) = match text.split_once(':') {
        Some((seat, body)) => (Some(seat.trim()), body.trim()),
        None => (None, text),
    };
    let action = game
        .parse_action_in(state, body)
        .ok_or_else(|| RecordError::Unreadable {
            line,
            text: text.to_string(),
            allowed: allowed_here(game, state),
        })?;
    if let Some(seat) = seat {
        let expected = game.record_name(state);
        if seat != expected {
            return Err(RecordError::WrongSeat {
                line,
                expected: expected.to_string(),
                found: seat.to_string(),
            });
        }
    }
    game.apply(state, action)
        .map_err(|error| RecordError::Illegal { line, error })?;
    Ok(action)
}

/// How many of the legal actions a record's error shows.
const SHOWN: usize = 4;

/// What the rules allow in `state`, written as a record writes it: the
/// first few legal actions, so that a line that could not be read is
/// answered in its own game's notation.
pub fn allowed_here(game: &Game, state: &State) -> String {
    let legal = game.legal_actions(state);
    if legal.is_empty() {
        return "the game is over: nothing more can be played".to_string();
    }
    let shown = legal
        .iter()
        .take(SHOWN)
        .map(|&a| format!("`{}`", game.action_text_in(state, a)))
        .collect::<Vec<_>>()
        .join(", ");
    match legal.len() {
        1 => format!("here the rules allow only {shown}"),
        n if n <= SHOWN => format!("here the rules allow {shown}"),
        n => format!("here the rules allow {shown} and {} more", n - SHOWN),
    }
}

/// Writes actions as a record that [`replay`] reads back.
pub fn write(game: &Game, actions: &[Action]) -> String {
    let mut out = format!(
        "variant {}\nplayers {}\n",
        game.rules().name.to_lowercase(),
        game.players()
    );
    let mut state = game.new_initial_state();
    for &a in actions {
        let seat = game.record_name(&state);
        out.push_str(&format!("{seat}: {}\n", game.action_text_in(&state, a)));
        game.apply_unchecked(&mut state, a);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After a 5 and a 3, with every pawn in the nest, Parcheesi's red can
    /// only bring a pawn out by the 5: the answer to a line it cannot read
    /// names that one action.
    #[test]
    fn an_unreadable_line_is_answered_with_the_one_action_allowed() {
        let game = Game::bundled("parcheesi", Some(4)).expect("bundled");
        let err = replay(&game, "begin red\nthrow 3-5\nforward\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3: `forward` is not an action; here the rules allow only `0+5`"
        );
    }

    /// Once the game is over nothing can be played, and the answer says so.
    #[test]
    fn nothing_is_allowed_once_the_game_is_over() {
        let game = Game::bundled("ludo", Some(2)).expect("bundled");
        let played = crate::sim::play_random(&game, &mut crate::sim::rng(1), false);
        assert!(game.is_terminal(&played.state), "a random game ends");
        assert_eq!(
            allowed_here(&game, &played.state),
            "the game is over: nothing more can be played"
        );
    }
}
