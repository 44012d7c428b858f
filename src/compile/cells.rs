//! Cell lists: names and straight runs such as `j12..j18`, and regions.

use crate::{
    diagnostic::{Diagnostic, nearest},
    rules::board::{Board, CellId, square_name},
    syntax::ast::{Atom, AtomKind, Region, Value},
};

/// The cell a name stands for, or an error with the nearest name.
pub fn cell(board: &Board, atom: &Atom, errors: &mut Vec<Diagnostic>) -> Option<CellId> {
    match &atom.kind {
        AtomKind::Name(n) => match board.cell_named(n) {
            Some(id) => Some(id),
            None => {
                let mut d = Diagnostic::new(
                    "compile::unknown_cell",
                    atom.span,
                    format!("there is no cell `{n}` on the board"),
                );
                if let Some(near) = nearest(n, board.cells.iter().map(|c| c.name.as_str())) {
                    d = d.with_help(format!("did you mean `{near}`?"));
                }
                errors.push(d);
                None
            }
        },
        _ => {
            errors.push(Diagnostic::new(
                "compile::expected_cell",
                atom.span,
                format!("expected a cell, found {}", atom.describe()),
            ));
            None
        }
    }
}

/// The cells of a list such as `charkoni, j12..j18, j19`, in order.
/// `whose` names the owner of the list in messages, such as "the track of seat red".
pub fn cell_list(
    board: &Board,
    value: &Value,
    whose: &str,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<CellId>> {
    let mut out = Vec::new();
    let mut ok = true;
    for element in &value.elements {
        let [atom] = element.atoms.as_slice() else {
            errors.push(Diagnostic::new(
                "compile::expected_cell",
                element.span,
                format!("{whose} is a list of cells separated by commas"),
            ));
            ok = false;
            continue;
        };
        match &atom.kind {
            AtomKind::Range(from, to) => {
                let (Some(a), Some(b)) = (cell(board, from, errors), cell(board, to, errors))
                else {
                    ok = false;
                    continue;
                };
                match run(board, a, b) {
                    Ok(cells) => out.extend(cells),
                    Err((x, y)) => {
                        ok = false;
                        let msg = if (x, y) == (i32::MIN, i32::MIN) {
                            format!(
                                "{whose} runs from {} to {}, which are not on one straight line",
                                board.cell_name(a),
                                board.cell_name(b)
                            )
                        } else {
                            format!(
                                "{whose} leaves the board at {}: no cell lies there",
                                square_name(x, y)
                            )
                        };
                        errors.push(Diagnostic::new("compile::off_board", atom.span, msg));
                    }
                }
            }
            _ => match cell(board, atom, errors) {
                Some(c) => out.push(c),
                None => ok = false,
            },
        }
    }
    ok.then_some(out)
}

/// The cells from `a` to `b` along a row, a column or a diagonal, both ends
/// included; on failure, the first square that is not a cell
/// (`(i32::MIN, i32::MIN)` when the two are not on one line).
fn run(board: &Board, a: CellId, b: CellId) -> Result<Vec<CellId>, (i32, i32)> {
    let ca = &board.cells[a.0 as usize];
    let cb = &board.cells[b.0 as usize];
    let (dx, dy) = (cb.x - ca.x, cb.y - ca.y);
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return Err((i32::MIN, i32::MIN));
    }
    let steps = dx.abs().max(dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut out = Vec::with_capacity(steps as usize + 1);
    for i in 0..=steps {
        let (x, y) = (ca.x + sx * i, ca.y + sy * i);
        match board.cell_at(x, y) {
            Some(c) if out.last() != Some(&c) => out.push(c),
            Some(_) => {}
            None => return Err((x, y)),
        }
    }
    Ok(out)
}

/// The regions of the file, each with its cells.
pub fn regions(
    regions: &[Region],
    board: &Board,
    errors: &mut Vec<Diagnostic>,
) -> Vec<(String, Vec<CellId>)> {
    let mut out: Vec<(String, Vec<CellId>)> = Vec::new();
    for (i, region) in regions.iter().enumerate() {
        let name = &region.name.node;
        if let Some(first) = regions[..i].iter().find(|r| &r.name.node == name) {
            errors.push(
                Diagnostic::new(
                    "compile::duplicate_region",
                    region.name.span,
                    format!("the region `{name}` is defined twice"),
                )
                .with_note(first.name.span, "first defined here"),
            );
            continue;
        }
        if board.cell_named(name).is_some() {
            errors.push(Diagnostic::new(
                "compile::region_is_a_cell",
                region.name.span,
                format!("`{name}` is already the name of a cell"),
            ));
            continue;
        }
        let whose = format!("the region {name}");
        // A region with a bad cell still exists, so rules that name it are
        // not reported a second time.
        let mut cells = cell_list(board, &region.value, &whose, errors).unwrap_or_default();
        cells.sort();
        cells.dedup();
        out.push((name.clone(), cells));
    }
    out
}
