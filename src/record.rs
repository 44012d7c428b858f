//! Game records: a variant, a number of players, and the actions from the
//! start, one a line, in the notation of docs/notation.md.

use thiserror::Error;

use crate::{Action, Game, State};

/// A problem with a game record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A line that is not an action.
    #[error(
        "line {line}: `{text}` is not an action; write `throw 2up`, `15+10`, `2x15+10` or `pass`"
    )]
    Unreadable {
        /// The line number, from 1.
        line: usize,
        /// What it says.
        text: String,
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
    let mut state = game.new_initial_state();
    let mut actions = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = strip_comment(raw);
        if line.is_empty() || line.starts_with("variant ") || line.starts_with("players ") {
            continue;
        }
        let (seat, body) = match line.split_once(':') {
            Some((seat, body)) => (Some(seat.trim()), body.trim()),
            None => (None, line),
        };
        let action = game
            .parse_action(body)
            .ok_or_else(|| RecordError::Unreadable {
                line: i + 1,
                text: line.to_string(),
            })?;
        if let Some(seat) = seat {
            let expected = acting_seat(game, &state);
            if seat != expected {
                return Err(RecordError::WrongSeat {
                    line: i + 1,
                    expected: expected.to_string(),
                    found: seat.to_string(),
                });
            }
        }
        game.apply(&mut state, action)
            .map_err(|error| RecordError::Illegal { line: i + 1, error })?;
        actions.push(action);
    }
    Ok((state, actions))
}

/// The seat a record line names: the seat that chooses (the winner of a
/// battle choosing a retreat is not the seat on turn), or for a throw the
/// seat on turn.
fn acting_seat<'g>(game: &'g Game, state: &State) -> &'g str {
    match game.actor(state) {
        crate::Actor::Seat(id) => game
            .rules()
            .seats
            .get(id.0 as usize)
            .map_or_else(|| game.seat_name(game.mover(state)), |s| s.name.as_str()),
        _ => game.seat_name(game.mover(state)),
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
        let seat = acting_seat(game, &state).to_string();
        out.push_str(&format!("{seat}: {}\n", game.action_text(a)));
        game.apply_unchecked(&mut state, a);
    }
    out
}
