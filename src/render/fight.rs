//! Pictures of a fight: each cell shows its pieces by seat and kind, a
//! stack as its two pieces, a fused piece with both owners.

use std::fmt::Write;

use super::colour::{SeatColour, seat_colours};
use crate::{
    Action, Game, Phase, State,
    engine::{Piece, Stack},
    rules::fight::{FightRules, NONE},
};

/// A piece in text: the seat's initial (lower case) and the kind's (upper
/// case), such as `bL` for a large blue piece.
fn piece(game: &Game, f: &FightRules, p: Piece) -> String {
    let seat = game.seats().get(p.seat as usize).map_or('?', |_| {
        game.seat_name(p.seat as usize)
            .chars()
            .next()
            .unwrap_or('?')
    });
    let kind = f
        .kinds
        .get(p.kind as usize)
        .and_then(|k| k.name.chars().next())
        .unwrap_or('?');
    format!("{}{}", seat.to_ascii_lowercase(), kind.to_ascii_uppercase())
}

/// A cell's pieces in text: `bL`, a stack `bL+bS`, a fused piece `bL*gS`.
pub fn stack_text(game: &Game, f: &FightRules, s: &Stack) -> String {
    match (s.lower, s.upper) {
        (None, _) => String::new(),
        (Some(a), None) => piece(game, f, a),
        (Some(a), Some(b)) => format!(
            "{}{}{}",
            piece(game, f, a),
            if s.fused { '*' } else { '+' },
            piece(game, f, b)
        ),
    }
}

/// The text picture of a fight.
pub fn text(game: &Game, state: &State, colour: bool) -> String {
    let rules = game.rules();
    let (Some(f), Some(fs)) = (rules.fight.as_ref(), state.fight.as_deref()) else {
        return format!("this state does not fit {}\n", rules.name);
    };
    let colours: Vec<SeatColour> = {
        let all = seat_colours(rules);
        game.seats().iter().map(|s| all[s.0 as usize]).collect()
    };
    let paint = |seat: u8, text: &str| -> String {
        match colours.get(seat as usize) {
            Some(c) if colour => format!("\x1b[{}m{text}\x1b[0m", c.ansi),
            _ => text.to_string(),
        }
    };
    let board = &rules.board;
    const W: usize = 7;
    let (w, h) = (board.width.max(0) as usize, board.height.max(0) as usize);
    let mut grid = vec![vec![" ".repeat(W); w]; h];
    for (i, cell) in board.cells.iter().enumerate() {
        let (x, y) = (cell.x as usize, cell.y as usize);
        if y >= h || x >= w {
            continue;
        }
        let st = fs.cells.get(i).copied().unwrap_or_default();
        let shown = if st.is_empty() {
            match f.entry_of.get(i).copied() {
                Some(NONE) | None => format!("{:^W$}", "."),
                Some(owner) => {
                    let initial = rules
                        .seats
                        .get(owner as usize)
                        .and_then(|s| s.name.chars().next())
                        .unwrap_or('?');
                    format!("{:^W$}", format!("[{initial}]"))
                }
            }
        } else {
            let plain = stack_text(game, f, &st);
            let padded = format!("{plain:^W$}");
            if colour {
                // Each piece in its seat's colour; the padding stays plain.
                let lead = padded.len() - padded.trim_start().len();
                let trail = padded.len() - padded.trim_end().len();
                let mut painted = String::new();
                for (k, p) in st.pieces().enumerate() {
                    if k == 1 {
                        painted.push(if st.fused { '*' } else { '+' });
                    }
                    painted.push_str(&paint(p.seat, &piece(game, f, p)));
                }
                format!("{}{painted}{}", " ".repeat(lead), " ".repeat(trail))
            } else {
                padded
            }
        };
        grid[y][x] = shown;
    }
    let mut out = String::new();
    for row in grid {
        out.push_str(row.concat().trim_end());
        out.push('\n');
    }
    let kinds: Vec<String> = f
        .kinds
        .iter()
        .map(|k| {
            format!(
                "{} {} (worth {})",
                k.name.chars().next().unwrap_or('?').to_ascii_uppercase(),
                k.name,
                k.value
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "pieces: seat initial and kind: {}; `+` a stack, `*` a fused piece of two owners; [x] x's entry cell",
        kinds.join(", ")
    );
    for seat in 0..game.seats().len() {
        let name = game.seat_name(seat);
        let waiting: Vec<String> = fs
            .waiting
            .get(seat)
            .map(|w| {
                w.iter()
                    .zip(&f.kinds)
                    .filter(|(n, _)| **n > 0)
                    .map(|(n, k)| format!("{n} {}", k.name))
                    .collect()
            })
            .unwrap_or_default();
        let left = game.fight_pieces_left(state, seat);
        let who = match game.player_of_seat(seat) {
            Some(p) if game.players() < game.seats().len() => {
                format!(" (player {})", game.player_name(p))
            }
            Some(_) => String::new(),
            None => " (dummy)".to_string(),
        };
        let pad = " ".repeat(8usize.saturating_sub(name.chars().count()));
        let _ = writeln!(
            out,
            "{}{pad} waiting {}  in play {left}{who}",
            paint(seat as u8, name),
            if waiting.is_empty() {
                "-".to_string()
            } else {
                waiting.join(", ")
            },
        );
    }
    let points: Vec<String> = (0..game.side_count() as u8)
        .map(|s| {
            format!(
                "{} {}",
                game.side_name(s),
                fs.points.get(s as usize).copied().unwrap_or(0)
            )
        })
        .collect();
    let _ = writeln!(out, "points: {}", points.join(", "));
    if let Some((x, p)) = fs.pending {
        let _ = writeln!(
            out,
            "{} attacks {} and waits for a second piece",
            piece(game, f, p),
            board.cells.get(x as usize).map_or("?", |c| c.name.as_str())
        );
    }
    out.push_str(&status(game, state));
    out.push('\n');
    out
}

/// What a fight waits for, in words: who moves which seat with what.
pub fn status(game: &Game, state: &State) -> String {
    let seat = game.seat_name(game.mover(state));
    let by = match game.player_to_act(state) {
        Some(p) if game.player_of_seat(game.mover(state)).is_none() => {
            format!("{} moves the dummy {seat}", game.player_name(p))
        }
        Some(p) if game.players() < game.seats().len() => {
            format!("{} moves {seat}", game.player_name(p))
        }
        _ => format!("{seat} moves"),
    };
    match state.phase {
        Phase::Opening if state.fight.as_ref().is_some_and(|f| f.choosing) => {
            let p = game.player_to_act(state).unwrap_or(0);
            format!(
                "{} chooses which of their seats moves first",
                game.player_name(p)
            )
        }
        Phase::Opening => "a throw decides who begins".to_string(),
        Phase::Throw => format!("{seat} to throw (turn {})", state.turns.saturating_add(1)),
        Phase::Move => {
            let values: Vec<String> = state.pool.iter().map(|v| v.value.to_string()).collect();
            format!(
                "{by} with {} (turn {})",
                values.join(", "),
                state.turns.saturating_add(1)
            )
        }
        Phase::Over => {
            let reason = if state.at_limit {
                "the turn limit is reached"
            } else {
                "a seat has lost its last piece"
            };
            format!("the game is over: {reason}")
        }
    }
}

/// An action of a fight with what it does.
pub fn describe(game: &Game, state: &State, action: Action) -> String {
    let text = game.action_text_in(state, action);
    let Some(fs) = state.fight.as_deref() else {
        return text;
    };
    let Some(f) = game.rules().fight.as_ref() else {
        return text;
    };
    let to = match action {
        Action::Shift { to, .. } | Action::Enter { to, .. } => to,
        _ => return text,
    };
    let join = matches!(
        action,
        Action::Shift { join: true, .. } | Action::Enter { join: true, .. }
    );
    let there = fs.cells.get(to as usize).copied().unwrap_or_default();
    if there.is_empty() || there.has_seat(state.mover) && !there.fused {
        return text;
    }
    let what = stack_text(game, f, &there);
    let words = if join {
        format!("attacks {what}, a second piece to follow")
    } else if fs.pending.is_some() {
        format!("takes {what} together")
    } else {
        match game.child(state, action) {
            Ok(next) => {
                let after = next
                    .fight
                    .as_deref()
                    .and_then(|n| n.cells.get(to as usize).copied())
                    .unwrap_or_default();
                if after.fused && !there.fused {
                    format!("fuses with {what}")
                } else if after.fused {
                    format!("hijacks {what}")
                } else if there.fused && there.has_seat(state.mover) {
                    format!("rescues {what}")
                } else {
                    format!("takes {what}")
                }
            }
            Err(_) => String::new(),
        }
    };
    format!("{text} ({words})")
}

const SQ: f64 = 48.0;
const MARGIN: f64 = 28.0;

fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A piece seen from the side: a triangle standing on its base, its
/// size by its value.
fn triangle(cx: f64, base: f64, size: f64, fill: &str, edge: &str) -> String {
    let half = size * 0.55;
    format!(
        "<polygon points=\"{},{} {},{} {},{}\" fill=\"{fill}\" stroke=\"{edge}\" stroke-width=\"1.2\"/>",
        num(cx - half),
        num(base),
        num(cx + half),
        num(base),
        num(cx),
        num(base - size)
    )
}

/// The SVG picture of a fight's board, and with `state` its pieces: each
/// line of cells shaded apart, each entry cell framed in its owner's colour,
/// each piece a triangle in its seat's colour and of its kind's size; a
/// stack's smaller piece stands in front of the larger, and a fused piece
/// has a dashed ring in the colours of both its owners.
pub fn svg(game: &Game, state: Option<&State>) -> String {
    let rules = game.rules();
    let Some(f) = rules.fight.as_ref() else {
        return String::new();
    };
    let board = &rules.board;
    let all = seat_colours(rules);
    let colours: Vec<SeatColour> = game.seats().iter().map(|s| all[s.0 as usize]).collect();
    let width = board.width as f64 * SQ + 2.0 * MARGIN;
    let height = board.height as f64 * SQ + 2.0 * MARGIN + 24.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\">",
        num(width),
        num(height),
        num(width),
        num(height)
    );
    let _ = writeln!(out, "<title>{}</title>", esc(&rules.name));
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" fill=\"#fbf6ea\"/>"
    );
    const SHADES: [&str; 4] = ["#efe2c4", "#e4d0a4", "#d8bd86", "#c9a86a"];
    out.push_str("<g id=\"cells\" stroke=\"#7a5c2e\" stroke-width=\"1\">\n");
    for (i, c) in board.cells.iter().enumerate() {
        let line = f.line_of.get(i).copied().unwrap_or(NONE);
        let fill = if line == NONE {
            "#ffffff"
        } else {
            SHADES[line as usize % SHADES.len()]
        };
        let line_name = f
            .lines
            .get(line as usize)
            .map_or(String::new(), |l| format!(" (line {})", l.name));
        let _ = writeln!(
            out,
            "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"><title>{}{}</title></rect>",
            num(MARGIN + c.x as f64 * SQ),
            num(MARGIN + c.y as f64 * SQ),
            num(c.w as f64 * SQ),
            num(c.h as f64 * SQ),
            esc(&c.name),
            esc(&line_name)
        );
    }
    out.push_str(
        "</g>\n<g id=\"names\" fill=\"#8a7a5c\" font-size=\"11\" text-anchor=\"middle\">\n",
    );
    for x in 0..board.width {
        let name = crate::rules::board::square_name(x, 0);
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            num(MARGIN + (x as f64 + 0.5) * SQ),
            num(MARGIN - 9.0),
            esc(name.trim_end_matches(|c: char| c.is_ascii_digit()))
        );
    }
    for y in 0..board.height {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            num(MARGIN / 2.0),
            num(MARGIN + (y as f64 + 0.5) * SQ + 4.0),
            y + 1
        );
    }
    out.push_str("</g>\n<g id=\"entries\" fill=\"none\" stroke-width=\"3\">\n");
    for (seat, id) in game.seats().iter().enumerate() {
        for cell in f.entries.get(id.0 as usize).into_iter().flatten() {
            let c = &board.cells[cell.0 as usize];
            let _ = writeln!(
                out,
                "<rect class=\"entry\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke=\"{}\"><title>{}: entry cell {}</title></rect>",
                num(MARGIN + c.x as f64 * SQ + 3.0),
                num(MARGIN + c.y as f64 * SQ + 3.0),
                num(c.w as f64 * SQ - 6.0),
                num(c.h as f64 * SQ - 6.0),
                colours.get(seat).map_or("#000000", |c| c.fill),
                esc(game.seat_name(seat)),
                esc(&c.name)
            );
        }
    }
    out.push_str("</g>\n");
    let fs = state
        .filter(|s| game.fits(s))
        .and_then(|s| s.fight.as_deref());
    if let Some(fs) = fs {
        out.push_str("<g id=\"pieces\">\n");
        let describe = |p: Piece| {
            format!(
                "{} {}",
                game.seat_name(p.seat as usize),
                f.kinds
                    .get(p.kind as usize)
                    .map_or("?", |k| k.name.as_str())
            )
        };
        let top = f.kinds.iter().map(|k| k.value).max().unwrap_or(1).max(1) as f64;
        let size = |p: Piece| 12.0 + 22.0 * f.value(p.kind) as f64 / top;
        let fill = |p: Piece| colours.get(p.seat as usize).map_or("#000000", |c| c.fill);
        for (i, st) in fs.cells.iter().enumerate() {
            let Some(low) = st.lower else { continue };
            let c = &board.cells[i];
            let cx = MARGIN + (c.x as f64 + 0.5) * SQ;
            let base = MARGIN + (c.y as f64 + 1.0) * SQ - 6.0;
            let title = match st.upper {
                None => describe(low),
                Some(high) if st.fused => {
                    format!(
                        "fused piece of two owners: {} and {}",
                        describe(low),
                        describe(high)
                    )
                }
                Some(high) => format!("stack: {} and {}", describe(low), describe(high)),
            };
            let class = if st.fused { "piece fused" } else { "piece" };
            let _ = write!(out, "<g class=\"{class}\"><title>{}</title>", esc(&title));
            if st.fused
                && let Some(high) = st.upper
            {
                // A ring half in each owner's colour.
                let r = SQ * 0.44;
                let cy = MARGIN + (c.y as f64 + 0.5) * SQ;
                for (p, dash) in [(low, "0"), (high, "6 6")] {
                    let _ = write!(
                        out,
                        "<circle class=\"owner\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"3\" stroke-dasharray=\"{dash}\"/>",
                        num(cx),
                        num(cy),
                        num(r),
                        fill(p)
                    );
                }
            }
            let _ = write!(
                out,
                "{}",
                triangle(cx, base, size(low), fill(low), "#3e2f1c")
            );
            if let Some(high) = st.upper {
                let _ = write!(
                    out,
                    "{}",
                    triangle(cx, base, size(high), fill(high), "#ffffff")
                );
            }
            out.push_str("</g>\n");
        }
        out.push_str("</g>\n");
    }
    let kinds: Vec<String> = f
        .kinds
        .iter()
        .map(|k| format!("{} {}", k.name, k.value))
        .collect();
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#3e2f1c\">{}</text>",
        num(MARGIN),
        num(height - 10.0),
        esc(&format!("pieces: {}", kinds.join(", ")))
    );
    out.push_str("</svg>\n");
    out
}
