//! Text pictures of a position, for the terminal and for records.

use crate::{Action, Game, Phase, State};

/// The board as text: each grid square three characters wide. A cell shows
/// the pieces on it (the seat's initial, in capitals when homeward past the
/// middle of the track, and the count), `x` for a safe cell and `.` for an
/// empty one. Below it, each seat's pieces by step.
pub fn text(game: &Game, state: &State) -> String {
    let rules = game.rules();
    let board = &rules.board;
    let (w, h) = (board.width as usize, board.height as usize);
    let mut grid = vec![vec!["   ".to_string(); w]; h];
    for cell in &board.cells {
        let mark = if rules
            .capture
            .safe
            .iter()
            .any(|c| board.cell_name(*c) == cell.name)
        {
            " x "
        } else {
            " . "
        };
        for y in cell.y..cell.y + cell.h {
            for x in cell.x..cell.x + cell.w {
                grid[y as usize][x as usize] = mark.to_string();
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
                format!("{letter}{count} ")
            } else {
                format!(" {letter} ")
            };
            grid[cell.y as usize][cell.x as usize] = shown;
        }
    }
    let mut out = String::new();
    for row in grid {
        out.push_str(row.concat().trim_end());
        out.push('\n');
    }
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
        out.push_str(&format!(
            "{:<8} start {at_start}  home {at_home}  out: {}\n",
            game.seat_name(seat),
            if out_steps.is_empty() {
                "-".to_string()
            } else {
                out_steps.join(", ")
            }
        ));
    }
    let seat = game.seat_name(game.mover(state));
    match state.phase {
        Phase::Opening => out.push_str("a throw decides who begins\n"),
        Phase::Throw => out.push_str(&format!("{seat} to throw (turn {})\n", state.turns + 1)),
        Phase::Move => {
            let values: Vec<String> = state.pool.iter().map(|v| v.value.to_string()).collect();
            out.push_str(&format!(
                "{seat} to move with {} (turn {})\n",
                values.join(", "),
                state.turns + 1
            ));
        }
        Phase::Over => out.push_str("the game is over\n"),
    }
    out
}

/// An action with the cells it concerns, for people choosing a move.
pub fn describe_action(game: &Game, state: &State, action: Action) -> String {
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
