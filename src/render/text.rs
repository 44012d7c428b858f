//! Text pictures of a position, for the terminal and for records.

use std::io::IsTerminal;

use super::colour::seat_colours;
use crate::{Action, Game, Phase, State};

/// Whether pictures printed on standard output should be coloured: it is a
/// terminal and `NO_COLOR` is not set (or empty).
pub fn colour_wanted() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// The board as text: each grid square three characters wide, and only the
/// cells the playing seats' tracks reach drawn. A cell shows the pieces on
/// it (the seat's initial, in capitals when homeward past the middle of the
/// track, and the count), `x` for a safe cell and `.` for an empty one. A
/// seat's start shows its initial and the pieces waiting there (`r:4`), its
/// home the initial in capitals and the pieces home (`R=1`); a cell that is
/// the start or home of several seats shows `S`, `H` or `S/H`. Below it, a
/// key, and each seat's pieces by step.
pub fn text(game: &Game, state: &State) -> String {
    text_styled(game, state, false)
}

/// [`text`], with each seat's pieces and name in its colour (ANSI escapes)
/// when `colour` is set; see [`colour_wanted`].
pub fn text_styled(game: &Game, state: &State, colour: bool) -> String {
    if !game.fits(state) {
        return format!("this state does not fit {}\n", game.rules().name);
    }
    if game.rules().fight.is_some() {
        return super::fight::text(game, state, colour);
    }
    if let Some(field) = &game.rules().field {
        return super::hex::text(game, field, state, colour);
    }
    let rules = game.rules();
    let colours = seat_colours(rules);
    let paint = |seat: usize, text: &str| -> String {
        if colour {
            let c = colours[game.seats()[seat].0 as usize];
            format!("\x1b[{}m{text}\x1b[0m", c.ansi)
        } else {
            text.to_string()
        }
    };
    let board = &rules.board;
    let (w, h) = (board.width as usize, board.height as usize);
    let mut grid = vec![vec!["   ".to_string(); w]; h];
    // What each cell is to the seats that play: on a track, and whose start
    // and home it is.
    let cells = board.cells.len();
    let mut reached = vec![false; cells];
    let mut starts: Vec<Vec<usize>> = vec![Vec::new(); cells];
    let mut homes: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for seat in 0..game.players() {
        let track = game.track(seat);
        for c in &track.cells {
            reached[c.0 as usize] = true;
        }
        starts[track.cell(0).0 as usize].push(seat);
        homes[track.cell(track.home()).0 as usize].push(seat);
    }
    let initial = |seat: usize| game.seat_name(seat).chars().next().unwrap_or('?');
    let count = |seat: usize, step: u8| state.pieces[seat].iter().filter(|&&s| s == step).count();
    let with_count = |letter: char, sign: char, n: usize, seat: usize| {
        let text = if n < 10 {
            format!("{letter}{sign}{n}")
        } else {
            format!("{letter}{n}")
        };
        paint(seat, &text)
    };
    for (i, cell) in board.cells.iter().enumerate() {
        if !reached[i] {
            continue;
        }
        let mark = match (starts[i].as_slice(), homes[i].as_slice()) {
            ([seat], []) => with_count(
                initial(*seat).to_ascii_lowercase(),
                ':',
                count(*seat, 0),
                *seat,
            ),
            ([], [seat]) => {
                let home = game.track(*seat).home();
                with_count(
                    initial(*seat).to_ascii_uppercase(),
                    '=',
                    count(*seat, home),
                    *seat,
                )
            }
            ([], []) if rules.capture.safe.iter().any(|c| c.0 as usize == i) => " x ".to_string(),
            ([], []) => " . ".to_string(),
            (_, []) => " S ".to_string(),
            ([], _) => " H ".to_string(),
            _ => "S/H".to_string(),
        };
        let special = !starts[i].is_empty() || !homes[i].is_empty();
        for y in cell.y..cell.y + cell.h {
            for x in cell.x..cell.x + cell.w {
                // A start or home spanning several squares is named once,
                // in its first.
                let first = x == cell.x && y == cell.y;
                grid[y as usize][x as usize] = if special && !first {
                    "   ".to_string()
                } else {
                    mark.clone()
                };
            }
        }
    }
    for (seat, steps) in state.pieces.iter().enumerate() {
        let track = game.track(seat);
        let home = track.home();
        let initial = game.seat_name(seat).chars().next().unwrap_or('?');
        let mut last = None;
        for &step in steps {
            if step == 0 || step >= home || last == Some(step) {
                continue;
            }
            last = Some(step);
            let count = steps.iter().filter(|&&s| s == step).count();
            let cell = &board.cells[track.cell(step).0 as usize];
            let letter = if step > home / 2 {
                initial.to_ascii_uppercase()
            } else {
                initial.to_ascii_lowercase()
            };
            let shown = if count > 1 {
                format!("{}{count} ", paint(seat, &letter.to_string()))
            } else {
                format!(" {} ", paint(seat, &letter.to_string()))
            };
            grid[cell.y as usize][cell.x as usize] = shown;
        }
    }
    let mut out = String::new();
    for row in grid {
        out.push_str(row.concat().trim_end());
        out.push('\n');
    }
    out.push_str(&key(game, &starts, &homes, !rules.capture.safe.is_empty()));
    for seat in 0..game.players() {
        let steps = &state.pieces[seat];
        let home = game.track(seat).home();
        let at_start = steps.iter().filter(|&&s| s == 0).count();
        let at_home = steps.iter().filter(|&&s| s == home).count();
        let out_steps: Vec<String> = steps
            .iter()
            .filter(|&&s| s > 0 && s < home)
            .map(|&s| format!("{s} ({})", board.cell_name(game.track(seat).cell(s))))
            .collect();
        let name = game.seat_name(seat);
        let pad = " ".repeat(8usize.saturating_sub(name.chars().count()));
        out.push_str(&format!(
            "{}{pad} start {at_start}  home {at_home}  out: {}\n",
            paint(seat, name),
            if out_steps.is_empty() {
                "-".to_string()
            } else {
                out_steps.join(", ")
            }
        ));
    }
    let mover = game.mover(state);
    let status = status_line(game, state);
    match status.strip_prefix(game.seat_name(mover)) {
        Some(rest) if colour && matches!(state.phase, Phase::Throw | Phase::Move) => {
            out.push_str(&paint(mover, game.seat_name(mover)));
            out.push_str(rest);
        }
        _ => out.push_str(&status),
    }
    out.push('\n');
    out
}

/// The key to the marks of the picture, with the first seat's name: those
/// of starts and homes, and of safe and shared cells where there are any.
fn key(game: &Game, starts: &[Vec<usize>], homes: &[Vec<usize>], safe: bool) -> String {
    let name = game.seat_name(0);
    let letter = name.chars().next().unwrap_or('?');
    let mut key = String::from("key: . a cell");
    if safe {
        key.push_str("  x safe");
    }
    if starts.iter().any(|s| s.len() == 1) {
        key.push_str(&format!(
            "  {}:N {name}'s start, N waiting",
            letter.to_ascii_lowercase()
        ));
    }
    if homes.iter().any(|h| h.len() == 1) {
        key.push_str(&format!(
            "  {}=N {name}'s home, N home",
            letter.to_ascii_uppercase()
        ));
    }
    let shared = |of: &[Vec<usize>]| of.iter().any(|s| s.len() > 1);
    if shared(starts) || shared(homes) {
        key.push_str("  S, H, S/H start, home, both of several seats");
    }
    key.push('\n');
    key
}

/// What the state waits for, in words, such as `red to throw (turn 3)`.
pub fn status_line(game: &Game, state: &State) -> String {
    if !game.fits(state) {
        return format!("this state does not fit {}", game.rules().name);
    }
    if game.rules().fight.is_some() {
        return super::fight::status(game, state);
    }
    if let Some(f) = state.field.as_deref() {
        return super::hex::status_line(game, state, f);
    }
    let seat = game.seat_name(game.mover(state));
    let turn = state.turns.saturating_add(1);
    // end: doubling: the stake, and an offer to make or answer.
    let stake = if game.rules().end.doubling {
        format!(", stake {}", state.stake.multiple())
    } else {
        String::new()
    };
    match state.phase {
        Phase::Opening => "a throw decides who begins".to_string(),
        Phase::Throw if state.stake.offer == crate::engine::Offer::Offered => {
            format!("{seat} offers to double: the other takes or drops (turn {turn}{stake})")
        }
        Phase::Throw if game.actor(state) != crate::Actor::Chance => {
            format!("{seat} to double or roll (turn {turn}{stake})")
        }
        Phase::Throw => format!("{seat} to throw (turn {turn}{stake})"),
        Phase::Move => {
            let values: Vec<String> = state.pool.iter().map(|v| v.value.to_string()).collect();
            format!(
                "{seat} to move with {} (turn {})",
                values.join(", "),
                state.turns.saturating_add(1)
            )
        }
        Phase::Over if state.stake.offer == crate::engine::Offer::Dropped => {
            format!("the game is over: the offer to double was dropped{stake}")
        }
        Phase::Over => "the game is over".to_string(),
    }
}

/// An action with the cells it concerns, for people choosing a move.
pub fn describe_action(game: &Game, state: &State, action: Action) -> String {
    if !game.fits(state) {
        return game.action_text(action);
    }
    if game.rules().fight.is_some() {
        return super::fight::describe(game, state, action);
    }
    match action {
        Action::Move { from, count, by } => {
            let seat = game.mover(state);
            let track = game.track(seat);
            let board = &game.rules().board;
            let pieces = if count == 1 {
                "a piece".to_string()
            } else {
                format!("{count} pieces")
            };
            let to = match game.child(state, action) {
                Ok(next) => {
                    let moved = next.pieces[seat]
                        .iter()
                        .copied()
                        .find(|s| !state.pieces[seat].contains(s));
                    moved.map_or(String::new(), |s| {
                        format!(" to step {s} ({})", board.cell_name(track.cell(s)))
                    })
                }
                Err(_) => String::new(),
            };
            let from_text = if from == 0 {
                "from the start".to_string()
            } else {
                format!("from step {from} ({})", board.cell_name(track.cell(from)))
            };
            format!(
                "{}  move {pieces} {from_text} by {by}{to}",
                game.action_text(action)
            )
        }
        _ => game.action_text(action),
    }
}
