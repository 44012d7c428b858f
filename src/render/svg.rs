//! An SVG picture of a board, drawn from the compiled topology alone: every
//! cell is a rectangle at its place on the grid, so the same code draws any
//! board. On it: the safe cells, each playing seat's start, first step and
//! home, optionally one seat's track as a numbered path, and optionally the
//! pieces of a position. A legend beside the board explains the marks.
//!
//! The output is deterministic: no randomness, and every number is written
//! with at most one decimal.

use std::fmt::Write;

use super::colour::{SeatColour, seat_colours};
use super::text::status_line;
use crate::rules::board::square_name;
use crate::rules::{Cell, CellId};
use crate::{Game, State};

/// Pixels a grid square.
const SQ: f64 = 40.0;
/// Space round the board, room for the column and row labels.
const MARGIN: f64 = 28.0;
/// Space between the board and the legend.
const GAP: f64 = 28.0;
/// Width of the legend.
const LEGEND_W: f64 = 360.0;
/// Radius of a step number's circle on a track.
const STEP_R: f64 = 8.0;

const CELL_FILL: &str = "#f6e7c8";
const SAFE_FILL: &str = "#e8cf9f";
const LINE_COLOUR: &str = "#6b4f2e";
const MUTED: &str = "#555555";
const SAMPLE: &str = "#8a8a8a";

/// A number as SVG wants it: at most one decimal, no `-0`, no trailing `.0`.
fn num(v: f64) -> String {
    let tenths = (v * 10.0).round() as i64;
    if tenths % 10 == 0 {
        format!("{}", tenths / 10)
    } else {
        let sign = if tenths < 0 { "-" } else { "" };
        let t = tenths.abs();
        format!("{sign}{}.{}", t / 10, t % 10)
    }
}

/// Text escaped for XML.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// A point in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pt {
    x: f64,
    y: f64,
}

impl Pt {
    fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }
    fn add(self, o: Pt) -> Pt {
        Pt::new(self.x + o.x, self.y + o.y)
    }
    fn sub(self, o: Pt) -> Pt {
        Pt::new(self.x - o.x, self.y - o.y)
    }
    fn scale(self, k: f64) -> Pt {
        Pt::new(self.x * k, self.y * k)
    }
    fn len(self) -> f64 {
        self.x.hypot(self.y)
    }
    /// The unit vector, or straight up for a zero vector.
    fn unit(self) -> Pt {
        let l = self.len();
        if l < 1e-9 {
            Pt::new(0.0, -1.0)
        } else {
            self.scale(1.0 / l)
        }
    }
}

/// A cell's rectangle in pixels: left, top, width, height.
struct Px {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl Px {
    fn of(cell: &Cell) -> Px {
        Px {
            x: MARGIN + cell.x as f64 * SQ,
            y: MARGIN + cell.y as f64 * SQ,
            w: cell.w as f64 * SQ,
            h: cell.h as f64 * SQ,
        }
    }
    fn centre(&self) -> Pt {
        Pt::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
    /// The point of the rectangle, shrunk by `inset` on each side, nearest `p`.
    fn nearest(&self, p: Pt, inset: f64) -> Pt {
        let clamp = |v: f64, lo: f64, hi: f64| {
            if lo > hi {
                (lo + hi) / 2.0
            } else {
                v.clamp(lo, hi)
            }
        };
        Pt::new(
            clamp(p.x, self.x + inset, self.x + self.w - inset),
            clamp(p.y, self.y + inset, self.y + self.h - inset),
        )
    }
}

/// What a seat's badge on a cell stands for.
#[derive(Clone, Copy, PartialEq)]
enum Badge {
    Start,
    Home,
}

/// The SVG picture of `game`'s board; with `state`, its pieces; with
/// `track_of` (a playing seat, by its place in turn order), that seat's
/// track as a numbered path with arrows.
pub fn svg(game: &Game, state: Option<&State>, track_of: Option<usize>) -> String {
    if game.rules().fight.is_some() {
        // A fight has lines, not tracks: its own picture.
        return super::fight::svg(game, state);
    }
    // A state that does not fit the game is left out; so is a seat that does not play.
    let state = state.filter(|s| game.fits(s));
    if let Some(field) = &game.rules().field {
        return super::hex::svg(game, field, state);
    }
    let track_of = track_of.filter(|&t| t < game.players());
    let rules = game.rules();
    let board = &rules.board;
    let all_colours = seat_colours(rules);
    let colours: Vec<SeatColour> = game
        .seats()
        .iter()
        .map(|s| all_colours[s.0 as usize])
        .collect();
    let cell = |id: CellId| &board.cells[id.0 as usize];
    let px = |id: CellId| Px::of(cell(id));
    let is_safe = |id: CellId| rules.capture.safe.contains(&id);

    let board_w = board.width as f64 * SQ;
    let board_h = board.height as f64 * SQ;

    let mut body = String::new();

    // The cells.
    body.push_str("<g id=\"cells\" stroke=\"");
    body.push_str(LINE_COLOUR);
    body.push_str("\" stroke-width=\"1\">\n");
    for (i, c) in board.cells.iter().enumerate() {
        let r = Px::of(c);
        let safe = is_safe(CellId(i as u16));
        let _ = writeln!(
            body,
            "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{}{}</title></rect>",
            num(r.x),
            num(r.y),
            num(r.w),
            num(r.h),
            if safe { SAFE_FILL } else { CELL_FILL },
            esc(&c.name),
            if safe { " (safe)" } else { "" }
        );
    }
    body.push_str("</g>\n");

    // Safe cells: a cross corner to corner.
    if !rules.capture.safe.is_empty() {
        body.push_str("<g id=\"safe\" stroke=\"");
        body.push_str(LINE_COLOUR);
        body.push_str("\" stroke-width=\"1.5\" stroke-opacity=\"0.7\" fill=\"none\">\n");
        for &id in &rules.capture.safe {
            let r = px(id);
            let inset = SQ * 0.12;
            let _ = writeln!(body, "{}", cross(&r, inset));
        }
        body.push_str("</g>\n");
    }

    // Names: big cells always, at their centre; small cells only when their
    // names are not the grid's own square names (then the axes name them).
    let grid_named = board.cells.iter().any(|c| c.w == 1 && c.h == 1)
        && board
            .cells
            .iter()
            .all(|c| c.w != 1 || c.h != 1 || c.name == square_name(c.x, c.y));
    body.push_str("<g id=\"names\" fill=\"#3e2f1c\" text-anchor=\"middle\">\n");
    // Big cells' names go on top of the track, later.
    let mut big_names = String::new();
    for c in &board.cells {
        let r = Px::of(c);
        if c.w > 1 || c.h > 1 {
            let p = r.centre();
            let _ = writeln!(
                big_names,
                "<text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" stroke=\"{CELL_FILL}\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
                num(p.x),
                num(p.y + 4.5),
                esc(&c.name)
            );
        } else if !grid_named {
            let _ = writeln!(
                body,
                "<text x=\"{}\" y=\"{}\" font-size=\"7\" text-anchor=\"start\" fill=\"{MUTED}\">{}</text>",
                num(r.x + 2.0),
                num(r.y + 8.0),
                esc(&c.name)
            );
        }
    }
    if grid_named {
        for x in 0..board.width {
            let name = square_name(x, 0);
            let letters = name.trim_end_matches(|c: char| c.is_ascii_digit());
            let cx = MARGIN + (x as f64 + 0.5) * SQ;
            let _ = writeln!(
                body,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{MUTED}\">{}</text>",
                num(cx),
                num(MARGIN - 9.0),
                esc(letters)
            );
        }
        for y in 0..board.height {
            let cy = MARGIN + (y as f64 + 0.5) * SQ;
            let _ = writeln!(
                body,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{MUTED}\">{}</text>",
                num(MARGIN / 2.0),
                num(cy + 4.0),
                y + 1
            );
        }
    }
    body.push_str("</g>\n");

    // Each playing seat's first step (a border in its colour), start and
    // home (badges in its colour, at the side of the cell the track leaves
    // or comes in by).
    body.push_str("<g id=\"seats\">\n");
    let mut entries: Vec<(CellId, usize)> = Vec::new();
    for (seat, colour) in colours.iter().enumerate() {
        let track = game.track(seat);
        if track.home() < 2 {
            continue;
        }
        let first = track.cell(1);
        let inside = entries.iter().filter(|(c, _)| *c == first).count();
        entries.push((first, seat));
        let r = px(first);
        let inset = 2.5 + 4.0 * inside as f64;
        let _ = writeln!(
            body,
            "<rect class=\"entry\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"3\"><title>{}: first step</title></rect>",
            num(r.x + inset),
            num(r.y + inset),
            num((r.w - 2.0 * inset).max(1.0)),
            num((r.h - 2.0 * inset).max(1.0)),
            colour.fill,
            esc(game.seat_name(seat))
        );
    }
    // Badges grouped by where they sit, so that badges at one place spread out.
    struct Placed {
        at: Pt,
        toward: Pt,
        badges: Vec<(usize, Badge)>,
    }
    let mut placed: Vec<Placed> = Vec::new();
    for seat in 0..game.players() {
        let track = game.track(seat);
        let home = track.home();
        for (badge, step, next) in [
            (Badge::Start, 0, 1.min(home)),
            (Badge::Home, home, home.saturating_sub(1)),
        ] {
            let here = px(track.cell(step));
            let there = px(track.cell(next)).centre();
            let at = here.nearest(there, SQ * 0.2);
            let toward = there.sub(at).unit();
            let key = Pt::new(at.x.round(), at.y.round());
            match placed.iter_mut().find(|p| p.at == key) {
                Some(p) => p.badges.push((seat, badge)),
                None => placed.push(Placed {
                    at: key,
                    toward,
                    badges: vec![(seat, badge)],
                }),
            }
        }
    }
    for p in &placed {
        let along = if p.toward.x.abs() > p.toward.y.abs() {
            Pt::new(0.0, 1.0)
        } else {
            Pt::new(1.0, 0.0)
        };
        let k = p.badges.len() as f64;
        for (j, &(seat, badge)) in p.badges.iter().enumerate() {
            let at = p.at.add(along.scale((j as f64 - (k - 1.0) / 2.0) * 12.0));
            let what = match badge {
                Badge::Start => "start",
                Badge::Home => "home",
            };
            let shape = match badge {
                Badge::Start => triangle(at, p.toward, 5.5),
                Badge::Home => square(at, 4.5),
            };
            let _ = writeln!(
                body,
                "<path class=\"{what}\" d=\"{shape}\" fill=\"{}\" stroke=\"#222222\" stroke-width=\"0.8\"><title>{}: {what}</title></path>",
                colours[seat].fill,
                esc(game.seat_name(seat))
            );
        }
    }
    body.push_str("</g>\n");

    // One seat's track: a path through its steps, each step numbered; a
    // cell the track visits more than once gets one number a visit, set
    // apart along the diagonal.
    let mut defs = String::new();
    if let Some(seat) = track_of {
        let track = game.track(seat);
        let colour = colours[seat].fill;
        let _ = writeln!(
            defs,
            "<marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{colour}\"/></marker>"
        );
        let points = track_points(game, seat);
        let _ = writeln!(
            body,
            "<g id=\"track\" data-seat=\"{}\">",
            esc(game.seat_name(seat))
        );
        let _ = writeln!(
            body,
            "<g stroke=\"{colour}\" stroke-width=\"2\" stroke-opacity=\"0.85\" marker-end=\"url(#arrow)\">"
        );
        for w in points.windows(2) {
            let (a, b) = (w[0], w[1]);
            let d = b.sub(a);
            if d.len() <= 2.0 * STEP_R + 4.0 {
                continue;
            }
            let u = d.unit();
            let from = a.add(u.scale(STEP_R + 1.0));
            let to = b.sub(u.scale(STEP_R + 1.0));
            let _ = writeln!(
                body,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                num(from.x),
                num(from.y),
                num(to.x),
                num(to.y)
            );
        }
        body.push_str("</g>\n");
        let _ = writeln!(
            body,
            "<g fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"1.5\">"
        );
        for (step, p) in points.iter().enumerate() {
            let label = step.to_string();
            let size = if label.len() > 2 { "7.5" } else { "9" };
            let _ = writeln!(
                body,
                "<g class=\"step\"><title>step {step}: {}</title><circle cx=\"{}\" cy=\"{}\" r=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"#222222\" stroke=\"none\">{label}</text></g>",
                esc(board.cell_name(track.cell(step as u8))),
                num(p.x),
                num(p.y),
                num(STEP_R),
                num(p.x),
                num(p.y + 3.0)
            );
        }
        body.push_str("</g>\n</g>\n");
    }

    if !big_names.is_empty() {
        body.push_str("<g id=\"big-names\" fill=\"#3e2f1c\" text-anchor=\"middle\">\n");
        body.push_str(&big_names);
        body.push_str("</g>\n");
    }

    // The pieces on the race, as discs: one disc for each seat and step on
    // a cell, with the count of a stack; a ring marks the homeward half.
    if let Some(state) = state {
        body.push_str("<g id=\"pieces\" stroke=\"#111111\">\n");
        // For each cell with pieces: (seat, step, count) of each stack.
        type Stacks = Vec<(usize, u8, usize)>;
        let mut on_cell: Vec<(CellId, Stacks)> = Vec::new();
        for seat in 0..game.players().min(state.pieces.len()) {
            let track = game.track(seat);
            let home = track.home();
            let steps = &state.pieces[seat];
            let mut last = None;
            for &step in steps.iter() {
                if step == 0 || step >= home || last == Some(step) {
                    continue;
                }
                last = Some(step);
                let count = steps.iter().filter(|&&s| s == step).count();
                let id = track.cell(step);
                match on_cell.iter_mut().find(|(c, _)| *c == id) {
                    Some((_, list)) => list.push((seat, step, count)),
                    None => on_cell.push((id, vec![(seat, step, count)])),
                }
            }
        }
        on_cell.sort_by_key(|(c, _)| *c);
        for (id, list) in &on_cell {
            let r = px(*id);
            let spots = disc_spots(&r, list.len());
            for (j, &(seat, step, count)) in list.iter().enumerate() {
                let (c, radius) = spots[j];
                let home = game.track(seat).home();
                let homeward = step > home / 2;
                let colour = colours[seat];
                let _ = write!(
                    body,
                    "<g class=\"piece\"><title>{}: {} at step {step} ({}){}</title><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke-width=\"1\"/>",
                    esc(game.seat_name(seat)),
                    if count == 1 {
                        "1 piece".to_string()
                    } else {
                        format!("{count} pieces")
                    },
                    esc(board.cell_name(*id)),
                    if homeward { ", homeward" } else { "" },
                    num(c.x),
                    num(c.y),
                    num(radius),
                    colour.fill
                );
                if homeward {
                    let _ = write!(
                        body,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>",
                        num(c.x),
                        num(c.y),
                        num(radius * 0.68),
                        colour.ink
                    );
                }
                if count > 1 {
                    let _ = write!(
                        body,
                        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\" stroke=\"none\">{count}</text>",
                        num(c.x),
                        num(c.y + radius * 0.36),
                        num((radius * 0.95).max(6.0)),
                        colour.ink
                    );
                }
                body.push_str("</g>\n");
            }
        }
        body.push_str("</g>\n");
    }

    // The legend.
    let lx = MARGIN + board_w + GAP;
    let mut y = MARGIN + 6.0;
    let mut legend = String::new();
    let _ = writeln!(
        legend,
        "<g id=\"legend\" font-size=\"12\" fill=\"#222222\">"
    );
    let _ = writeln!(
        legend,
        "<text x=\"{}\" y=\"{}\" font-size=\"18\" font-weight=\"bold\">{}</text>",
        num(lx),
        num(y + 6.0),
        esc(&rules.name)
    );
    y += 28.0;
    let mut seating = format!(
        "{} player{}",
        game.players(),
        if game.players() == 1 { "" } else { "s" }
    );
    if game.side_count() < game.players() {
        let teams: Vec<String> = (0..game.side_count() as u8)
            .map(|side| game.side_name(side))
            .collect();
        seating.push_str(&format!("; teams {}", teams.join(", ")));
    }
    let _ = writeln!(
        legend,
        "<text x=\"{}\" y=\"{}\">{}</text>",
        num(lx),
        num(y),
        esc(&seating)
    );
    y += 26.0;
    for (seat, &colour) in colours.iter().enumerate() {
        let track = game.track(seat);
        let home = track.home();
        let _ = writeln!(
            legend,
            "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\" stroke=\"#222222\" stroke-width=\"0.8\"/>",
            num(lx),
            num(y - 10.0),
            colour.fill
        );
        let mut head = format!(
            "<tspan font-weight=\"bold\">{}</tspan>",
            esc(game.seat_name(seat))
        );
        if let Some(state) = state {
            let steps = &state.pieces[seat];
            let at_start = steps.iter().filter(|&&s| s == 0).count();
            let at_home = steps.iter().filter(|&&s| s == home).count();
            let _ = write!(
                head,
                "  pieces: {at_start} at start, {} out, {at_home} home",
                steps.len() - at_start - at_home
            );
        }
        let _ = writeln!(
            legend,
            "<text x=\"{}\" y=\"{}\">{head}</text>",
            num(lx + 18.0),
            num(y)
        );
        y += 16.0;
        let way = if home >= 2 {
            format!(
                "{} steps: start {}, first step {}, home {}",
                home,
                board.cell_name(track.cell(0)),
                board.cell_name(track.cell(1)),
                board.cell_name(track.cell(home))
            )
        } else {
            format!(
                "start {}, home {}",
                board.cell_name(track.cell(0)),
                board.cell_name(track.cell(home))
            )
        };
        let _ = writeln!(
            legend,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{MUTED}\">{}</text>",
            num(lx + 18.0),
            num(y),
            esc(&way)
        );
        y += 22.0;
    }
    y += 4.0;
    let _ = writeln!(
        legend,
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Key</text>",
        num(lx),
        num(y)
    );
    y += 22.0;
    let sample = |y: f64| Pt::new(lx + 8.0, y - 4.0);
    let key = |legend: &mut String, y: &mut f64, mark: String, words: &str| {
        let _ = writeln!(
            legend,
            "{mark}<text x=\"{}\" y=\"{}\">{}</text>",
            num(lx + 24.0),
            num(*y),
            esc(words)
        );
        *y += 22.0;
    };
    let p = sample(y);
    key(
        &mut legend,
        &mut y,
        format!(
            "<path d=\"{}\" fill=\"{SAMPLE}\" stroke=\"#222222\" stroke-width=\"0.8\"/>",
            triangle(p, Pt::new(1.0, 0.0), 5.5)
        ),
        "start: a seat's pieces wait here",
    );
    let p = sample(y);
    key(
        &mut legend,
        &mut y,
        format!(
            "<path d=\"{}\" fill=\"{SAMPLE}\" stroke=\"#222222\" stroke-width=\"0.8\"/>",
            square(p, 4.5)
        ),
        "home: where they finish",
    );
    let p = sample(y);
    key(
        &mut legend,
        &mut y,
        format!(
            "<rect x=\"{}\" y=\"{}\" width=\"16\" height=\"16\" fill=\"{CELL_FILL}\" stroke=\"{SAMPLE}\" stroke-width=\"3\"/>",
            num(p.x - 8.0),
            num(p.y - 8.0)
        ),
        "a seat's first step",
    );
    if !rules.capture.safe.is_empty() {
        let p = sample(y);
        let r = Px {
            x: p.x - 9.0,
            y: p.y - 9.0,
            w: 18.0,
            h: 18.0,
        };
        let words = match &rules.capture.safe_region {
            Some(region) => format!("safe ({region}): no one is taken here"),
            None => "safe: no one is taken here".to_string(),
        };
        key(
            &mut legend,
            &mut y,
            format!(
                "<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"18\" fill=\"{SAFE_FILL}\" stroke=\"{LINE_COLOUR}\"/><path d=\"{}\" stroke=\"{LINE_COLOUR}\" stroke-width=\"1.5\" fill=\"none\"/>",
                num(r.x),
                num(r.y),
                cross_d(&r, 2.0)
            ),
            &words,
        );
    }
    if let Some(seat) = track_of {
        let p = sample(y);
        let home = game.track(seat).home();
        key(
            &mut legend,
            &mut y,
            format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{}\" stroke-width=\"1.5\"/><text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"middle\">1</text>",
                num(p.x),
                num(p.y),
                num(STEP_R),
                colours[seat].fill,
                num(p.x),
                num(p.y + 3.0)
            ),
            &format!(
                "{}'s track: steps 0 (start) to {home} (home)",
                game.seat_name(seat)
            ),
        );
    }
    if let Some(state) = state {
        let p = sample(y);
        key(
            &mut legend,
            &mut y,
            format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"8\" fill=\"{SAMPLE}\" stroke=\"#111111\"/><text x=\"{}\" y=\"{}\" font-size=\"8\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">2</text>",
                num(p.x),
                num(p.y),
                num(p.x),
                num(p.y + 3.0)
            ),
            "pieces; a number counts a stack",
        );
        let p = sample(y);
        key(
            &mut legend,
            &mut y,
            format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"8\" fill=\"{SAMPLE}\" stroke=\"#111111\"/><circle cx=\"{}\" cy=\"{}\" r=\"5.4\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
                num(p.x),
                num(p.y),
                num(p.x),
                num(p.y)
            ),
            "ringed: homeward, past half its track",
        );
        y += 6.0;
        let _ = writeln!(
            legend,
            "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>",
            num(lx),
            num(y),
            esc(&status_line(game, state))
        );
        y += 22.0;
    }
    legend.push_str("</g>\n");

    let width = lx + LEGEND_W;
    let height = (MARGIN + board_h + MARGIN).max(y + MARGIN);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">",
        w = num(width),
        h = num(height)
    );
    let what = match (state.is_some(), track_of) {
        (false, None) => "the board".to_string(),
        (true, None) => "a position".to_string(),
        (false, Some(s)) => format!("the track of {}", game.seat_name(s)),
        (true, Some(s)) => format!("a position and the track of {}", game.seat_name(s)),
    };
    let _ = writeln!(
        out,
        "<title>{}: {}, {}</title>",
        esc(&rules.name),
        esc(&what),
        esc(&board.describe())
    );
    if !defs.is_empty() {
        let _ = write!(out, "<defs>\n{defs}</defs>\n");
    }
    let _ = writeln!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
        num(width),
        num(height)
    );
    out.push_str(&body);
    out.push_str(&legend);
    out.push_str("</svg>\n");
    out
}

/// Where each step of a playing seat's track is drawn: the cell's centre,
/// or for a cell visited more than once, one point a visit along the
/// cell's diagonal.
fn track_points(game: &Game, seat: usize) -> Vec<Pt> {
    let board = &game.rules().board;
    let track = game.track(seat);
    let mut seen: Vec<usize> = vec![0; board.cells.len()];
    let mut out = Vec::with_capacity(track.cells.len());
    for &id in &track.cells {
        let c = &board.cells[id.0 as usize];
        let visits = track.cells.iter().filter(|&&d| d == id).count();
        let i = seen[id.0 as usize];
        seen[id.0 as usize] += 1;
        let r = Px::of(c);
        let mut p = r.centre();
        if visits > 1 {
            let small = c.w.min(c.h);
            let spread = if small == 1 {
                SQ * 0.18
            } else {
                SQ * 0.3 * small as f64
            };
            let t = 2.0 * i as f64 / (visits - 1) as f64 - 1.0;
            p = p.add(Pt::new(t * spread, t * spread));
        }
        out.push(p);
    }
    out
}

/// Where `n` discs go in a cell, and how big: one in the middle; two on
/// the diagonal; three or four in the quarters; more in a grid.
fn disc_spots(r: &Px, n: usize) -> Vec<(Pt, f64)> {
    let small = r.w.min(r.h);
    let centre = r.centre();
    let quarter = |dx: f64, dy: f64| centre.add(Pt::new(dx * r.w / 4.0, dy * r.h / 4.0));
    let quarter_r = (small * 0.22).min(14.0);
    match n {
        0 => Vec::new(),
        1 => vec![(centre, (small * 0.36).min(14.0))],
        2 => vec![
            (quarter(-0.8, -0.8), quarter_r),
            (quarter(0.8, 0.8), quarter_r),
        ],
        3 | 4 => [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)][..n]
            .iter()
            .map(|&(dx, dy)| (quarter(dx, dy), quarter_r))
            .collect(),
        _ => {
            let cols = (1..=n).find(|c| c * c >= n).unwrap_or(1);
            let rows = n.div_ceil(cols);
            let (sw, sh) = (r.w / cols as f64, r.h / rows as f64);
            let radius = (sw.min(sh) * 0.4).min(14.0);
            (0..n)
                .map(|j| {
                    let p = Pt::new(
                        r.x + ((j % cols) as f64 + 0.5) * sw,
                        r.y + ((j / cols) as f64 + 0.5) * sh,
                    );
                    (p, radius)
                })
                .collect()
        }
    }
}

/// Path data of a triangle centred near `at`, pointing along `dir`.
fn triangle(at: Pt, dir: Pt, size: f64) -> String {
    let d = dir.unit();
    let perp = Pt::new(-d.y, d.x);
    let tip = at.add(d.scale(size));
    let back = at.sub(d.scale(size * 0.75));
    let a = back.add(perp.scale(size * 0.9));
    let b = back.sub(perp.scale(size * 0.9));
    format!(
        "M{},{} L{},{} L{},{} Z",
        num(tip.x),
        num(tip.y),
        num(a.x),
        num(a.y),
        num(b.x),
        num(b.y)
    )
}

/// Path data of a square of half-side `half` centred on `at`.
fn square(at: Pt, half: f64) -> String {
    format!(
        "M{},{} H{} V{} H{} Z",
        num(at.x - half),
        num(at.y - half),
        num(at.x + half),
        num(at.y + half),
        num(at.x - half)
    )
}

/// Path data of a cross from corner to corner of `r`, `inset` in from its sides.
fn cross_d(r: &Px, inset: f64) -> String {
    let (x0, y0) = (r.x + inset, r.y + inset);
    let (x1, y1) = (r.x + r.w - inset, r.y + r.h - inset);
    format!(
        "M{},{} L{},{} M{},{} L{},{}",
        num(x0),
        num(y0),
        num(x1),
        num(y1),
        num(x0),
        num(y1),
        num(x1),
        num(y0)
    )
}

/// The element of a safe cell's cross.
fn cross(r: &Px, inset: f64) -> String {
    format!("<path class=\"safe\" d=\"{}\"/>", cross_d(r, inset))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_one_decimal() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(7.25), "7.3");
        assert_eq!(num(-7.2), "-7.2");
        assert_eq!(num(0.04), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
