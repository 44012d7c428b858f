//! Pictures of a field game on a hex board: a compact text drawing, one line
//! a row and two characters a cell, and an SVG of hexagons with the cell
//! kinds, the fast line and the pieces.

use std::fmt::Write;

use super::colour::seat_colours;
use crate::engine::field::{FieldState, Stage};
use crate::rules::field::{CellKind, FieldRules};
use crate::{Game, Phase, State};

/// The text mark of a cell kind.
fn mark(kind: CellKind) -> char {
    match kind {
        CellKind::Plain => '.',
        CellKind::Impassable => '#',
        CellKind::Invasion => 'i',
        CellKind::Centre => 'p',
        CellKind::Star => '*',
        CellKind::FastLine => '|',
    }
}

/// The board as text: a header of column letters, then each row with its
/// number, each cell as its piece (the seat's initial in capitals) or its
/// kind; the centre line between the halves is drawn as a rule. Odd
/// columns sit half a cell lower on the board than the text shows.
pub fn text(game: &Game, rules: &FieldRules, state: &State, colour: bool) -> String {
    let Some(f) = state.field.as_deref() else {
        return String::new();
    };
    let colours = seat_colours(game.rules());
    let paint = |seat: usize, text: &str| -> String {
        if colour {
            let c = colours[game.seats()[seat].0 as usize];
            format!("\x1b[{}m{text}\x1b[0m", c.ansi)
        } else {
            text.to_string()
        }
    };
    let dim = |text: String| -> String {
        if colour {
            format!("\x1b[2m{text}\x1b[0m")
        } else {
            text
        }
    };
    let w = rules.columns as usize;
    let mut out = String::from("    ");
    for c in 0..w {
        out.push((b'a' + c as u8) as char);
        out.push(' ');
    }
    out = out.trim_end().to_string();
    out.push('\n');
    for row in 0..rules.rows as usize {
        if row == rules.centre_line as usize {
            out.push_str(&format!("    {}\n", "-".repeat(2 * w - 1)));
        }
        let mut line = format!("{:>3} ", row + 1);
        for c in 0..w {
            let cell = (row * w + c) as u16;
            match f.owner(cell) {
                Some(seat) => {
                    let initial = game
                        .seat_name(seat as usize)
                        .chars()
                        .next()
                        .unwrap_or('?')
                        .to_ascii_uppercase();
                    let shown = if f.battle.contains(&cell) || f.pending.contains(&cell) {
                        initial.to_ascii_lowercase()
                    } else {
                        initial
                    };
                    line.push_str(&paint(seat as usize, &shown.to_string()));
                }
                None => line.push_str(&dim(mark(rules.kind(cell)).to_string())),
            }
            line.push(' ');
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("    . plain  # gray  i invasion  p centre  * star  | hot line  (lower case: in the battle in hand)\n");
    let pieces = game.rules().pieces_per_seat as usize;
    for seat in 0..2 {
        let army = &f.armies[seat];
        let name = game.seat_name(seat);
        let pad = " ".repeat(8usize.saturating_sub(name.chars().count()));
        let off = pieces.saturating_sub(army.len());
        let setting_up = matches!(f.stage, Stage::ChooseFirst | Stage::Place);
        out.push_str(&format!(
            "{}{pad} on the board {}  {} {off}  invasions used {}\n",
            paint(seat, name),
            army.len(),
            if setting_up { "to place" } else { "eliminated" },
            f.invasions[seat]
        ));
    }
    out.push_str(&status_line(game, state, f));
    out.push('\n');
    out
}

/// What a field game waits for, in words.
pub fn status_line(game: &Game, state: &State, f: &FieldState) -> String {
    let turn = state.turns.saturating_add(1);
    let seat = game.seat_name(game.field_acting_seat(state) as usize);
    match (state.phase, f.stage) {
        (Phase::Over, _) => "the game is over".into(),
        (Phase::Opening, _) => "the die decides who chooses to move first".into(),
        (Phase::Throw, _) => format!("the die is rolled for the battle (turn {turn})"),
        (_, Stage::ChooseFirst) => format!("{seat} chooses who moves first"),
        (_, Stage::Place) => format!(
            "{seat} places pieces on its half ({} of {})",
            f.armies[state.mover as usize].len(),
            game.rules().pieces_per_seat
        ),
        (_, Stage::Move) => format!("{seat} moves pieces, then ends the move phase (turn {turn})"),
        (_, Stage::Combat) if f.battle.is_empty() => {
            format!("{seat} forms the next battle (turn {turn})")
        }
        (_, Stage::Combat) => format!(
            "{seat} adds pieces to the battle of {} pieces or fights it (turn {turn})",
            f.battle.len()
        ),
        (_, Stage::Roll) => format!("the die is rolled for the battle (turn {turn})"),
        (_, Stage::Lose) => format!("{seat} chooses a piece lost in the exchange (turn {turn})"),
        (_, Stage::Retreat) => format!(
            "{seat}, the winner, retreats the losing pieces {} cells (turn {turn})",
            f.back
        ),
    }
}

const R: f64 = 12.0;
const MARGIN: f64 = 24.0;

/// The centre of a cell in the SVG, flat-topped hexes of radius [`R`].
fn centre(rules: &FieldRules, cell: u16) -> (f64, f64) {
    let (c, r) = rules.place(cell);
    let h = R * 3f64.sqrt();
    let x = MARGIN + R + c as f64 * 1.5 * R;
    let y = MARGIN + h / 2.0 + r as f64 * h + if rules.low(c) { h / 2.0 } else { 0.0 };
    (x, y)
}

fn fill(kind: CellKind) -> &'static str {
    match kind {
        CellKind::Plain => "#f6e7c8",
        CellKind::Impassable => "#9e9e9e",
        CellKind::Invasion => "#e57373",
        CellKind::Centre => "#ce93d8",
        CellKind::Star => "#ab47bc",
        CellKind::FastLine => "#f6e7c8",
    }
}

/// How a legend entry is drawn.
enum Mark {
    /// A cell of this fill.
    Cell(&'static str),
    /// A line of this colour and dash pattern ("none" for solid).
    Line(&'static str, &'static str),
    /// A piece of this colour.
    Piece(&'static str),
}

/// The legend: the cell kinds, the lines and each seat's pieces.
fn legend_items(game: &Game) -> Vec<(String, Mark)> {
    let mut items: Vec<(String, Mark)> = vec![
        ("plain".into(), Mark::Cell(fill(CellKind::Plain))),
        (
            "gray: impassable".into(),
            Mark::Cell(fill(CellKind::Impassable)),
        ),
        ("red: invasion".into(), Mark::Cell(fill(CellKind::Invasion))),
        (
            "purple: replacement centre".into(),
            Mark::Cell(fill(CellKind::Centre)),
        ),
        (
            "star: where a replacement comes".into(),
            Mark::Cell(fill(CellKind::Star)),
        ),
        ("hot line".into(), Mark::Line("#c62828", "none")),
        ("centre line".into(), Mark::Line("#212121", "6 4")),
    ];
    let colours = seat_colours(game.rules());
    for (i, id) in game.seats().iter().enumerate() {
        items.push((
            game.seat_name(i).to_string(),
            Mark::Piece(colours[id.0 as usize].fill),
        ));
    }
    items
}

/// The width a legend entry takes.
fn legend_width(label: &str) -> f64 {
    26.0 + 6.5 * label.chars().count() as f64
}

/// How many rows the legend needs in a picture `width` wide.
fn legend_rows(items: &[(String, Mark)], width: f64) -> usize {
    let mut rows = 1;
    let mut lx = MARGIN;
    for (label, _) in items {
        let w = legend_width(label);
        if lx > MARGIN && lx + w > width - MARGIN {
            rows += 1;
            lx = MARGIN;
        }
        lx += w;
    }
    rows
}

/// The SVG picture of a field board; with `state`, its pieces.
pub fn svg(game: &Game, rules: &FieldRules, state: Option<&State>) -> String {
    let h = R * 3f64.sqrt();
    let width = 2.0 * MARGIN + R * (1.5 * rules.columns as f64 + 0.5);
    let legend = legend_items(game);
    let rows = legend_rows(&legend, width);
    let height = 2.0 * MARGIN + h * (rules.rows as f64 + 0.5) + 22.0 * rows as f64 + 18.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{hh:.0}\" viewBox=\"0 0 {w:.0} {hh:.0}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">",
        w = width,
        hh = height
    );
    let _ = writeln!(
        out,
        "<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fffdf7\"/>",
        game.rules().name
    );
    out.push_str("<g id=\"cells\" stroke=\"#6b4f2e\" stroke-width=\"0.8\">\n");
    for cell in 0..rules.kinds.len() as u16 {
        let (x, y) = centre(rules, cell);
        let mut points = String::new();
        for k in 0..6 {
            let a = std::f64::consts::PI / 3.0 * k as f64;
            let _ = write!(points, "{:.1},{:.1} ", x + R * a.cos(), y + R * a.sin());
        }
        let kind = rules.kind(cell);
        let _ = writeln!(
            out,
            "<polygon class=\"cell {kind:?}\" points=\"{}\" fill=\"{}\"><title>{}</title></polygon>",
            points.trim_end(),
            fill(kind),
            FieldRules::cell_name(rules.columns, cell)
        );
        if kind == CellKind::Star {
            let _ = writeln!(
                out,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#ffffff\" stroke=\"none\">★</text>",
                y + 4.0
            );
        }
    }
    out.push_str("</g>\n");
    // The fast line: a red line through the centres of its cells.
    out.push_str("<g id=\"fast-line\" stroke=\"#c62828\" stroke-width=\"3\">\n");
    for cell in 0..rules.kinds.len() as u16 {
        if rules.kind(cell) != CellKind::FastLine {
            continue;
        }
        for n in rules.neighbours(cell).filter(|&n| n > cell) {
            if rules.kind(n) == CellKind::FastLine {
                let (x1, y1) = centre(rules, cell);
                let (x2, y2) = centre(rules, n);
                let _ = writeln!(
                    out,
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>"
                );
            }
        }
    }
    out.push_str("</g>\n");
    // The centre line between the halves.
    let y = MARGIN + rules.centre_line as f64 * h + h / 4.0;
    let _ = writeln!(
        out,
        "<line id=\"centre-line\" x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#212121\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>",
        MARGIN - 8.0,
        width - MARGIN + 8.0
    );
    if let Some(f) = state.and_then(|s| s.field.as_deref()) {
        let colours = seat_colours(game.rules());
        out.push_str("<g id=\"pieces\" stroke=\"#212121\" stroke-width=\"1\">\n");
        for (seat, army) in f.armies.iter().enumerate() {
            let c = colours[game.seats()[seat].0 as usize];
            for p in army {
                let (x, y) = centre(rules, p.cell);
                let _ = writeln!(
                    out,
                    "<circle class=\"piece\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{}\"><title>{} on {}</title></circle>",
                    R * 0.62,
                    c.fill,
                    game.seat_name(seat),
                    FieldRules::cell_name(rules.columns, p.cell)
                );
            }
        }
        out.push_str("</g>\n");
    }
    let mut ly = height - 22.0 * rows as f64 - 8.0;
    let mut lx = MARGIN;
    for (label, mark) in &legend {
        let w = legend_width(label);
        if lx > MARGIN && lx + w > width - MARGIN {
            lx = MARGIN;
            ly += 22.0;
        }
        let _ = match mark {
            Mark::Cell(colour) => writeln!(
                out,
                "<rect x=\"{lx:.1}\" y=\"{ly:.1}\" width=\"12\" height=\"12\" fill=\"{colour}\" stroke=\"#6b4f2e\"/>"
            ),
            Mark::Line(colour, dash) => writeln!(
                out,
                "<line x1=\"{lx:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" stroke-width=\"3\" stroke-dasharray=\"{dash}\"/>",
                lx + 12.0,
                y = ly + 6.0
            ),
            Mark::Piece(colour) => writeln!(
                out,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"6\" fill=\"{colour}\" stroke=\"#212121\"/>",
                lx + 6.0,
                ly + 6.0
            ),
        };
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{label}</text>",
            lx + 16.0,
            ly + 10.0
        );
        lx += w;
    }
    out.push_str("</svg>\n");
    out
}
