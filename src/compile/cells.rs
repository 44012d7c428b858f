//! Cell lists: names and straight runs such as `j12..j18`, and regions.

use crate::{
    diagnostic::{Diagnostic, Span, nearest},
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

/// The cells of a list such as `charkoni, j12..j18, j19`, in order, each with
/// the span of the element it comes from. `whose` names the owner of the
/// list in messages, such as "the track of seat red".
pub fn cell_list(
    board: &Board,
    value: &Value,
    whose: &str,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<(CellId, Span)>> {
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
            AtomKind::Range(from, to) => match range(board, atom.span, from, to, whose, errors) {
                Some(cells) => out.extend(cells.into_iter().map(|c| (c, atom.span))),
                None => ok = false,
            },
            _ => match cell(board, atom, errors) {
                Some(c) => out.push((c, atom.span)),
                None => ok = false,
            },
        }
    }
    ok.then_some(out)
}

/// One end of a range: a cell, or the name of a grid square that is no cell.
enum End {
    Cell(CellId),
    Square(i32, i32),
}

/// The cells of the run `from..to`, or an error.
fn range(
    board: &Board,
    span: Span,
    from: &Atom,
    to: &Atom,
    whose: &str,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<CellId>> {
    let end = |atom: &Atom| match &atom.kind {
        AtomKind::Name(n) if board.cell_named(n).is_none() && board.shape != "custom" => {
            square_of(n).map(|(x, y)| End::Square(x, y))
        }
        _ => None,
    };
    let ends = match (end(from), end(to)) {
        (None, None) => {
            let (a, b) = (cell(board, from, errors), cell(board, to, errors));
            (End::Cell(a?), End::Cell(b?))
        }
        (Some(a), None) => (a, End::Cell(cell(board, to, errors)?)),
        (None, Some(b)) => (End::Cell(cell(board, from, errors)?), b),
        (Some(a), Some(b)) => (a, b),
    };
    let place = |e: &End| match *e {
        End::Cell(c) => (board.cells[c.0 as usize].x, board.cells[c.0 as usize].y),
        End::Square(x, y) => (x, y),
    };
    let name = |e: &End| match *e {
        End::Cell(c) => board.cell_name(c).to_string(),
        End::Square(x, y) => square_name(x, y),
    };
    match run(board, place(&ends.0), place(&ends.1)) {
        Ok(cells) => Some(cells),
        Err(Off::NotStraight) => {
            // A square that is no cell is more likely a slip in its name.
            for (e, atom) in [(&ends.0, from), (&ends.1, to)] {
                if let End::Square(..) = e {
                    cell(board, atom, errors);
                }
            }
            if matches!(ends, (End::Cell(_), End::Cell(_))) {
                errors.push(Diagnostic::new(
                    "compile::off_board",
                    span,
                    format!(
                        "{whose} runs from {} to {}, which are not on one straight line",
                        name(&ends.0),
                        name(&ends.1)
                    ),
                ));
            }
            None
        }
        Err(Off::At(x, y)) => {
            let msg = if (x, y) == place(&ends.0) {
                format!(
                    "{whose} starts off the board, at {}: no cell lies there",
                    square_name(x, y)
                )
            } else {
                format!(
                    "{whose} leaves the board at {}: no cell lies there",
                    square_name(x, y)
                )
            };
            errors.push(Diagnostic::new("compile::off_board", span, msg));
            None
        }
    }
}

/// Why a run is not a run of cells.
enum Off {
    /// The two ends are not on one row, column or diagonal.
    NotStraight,
    /// The first square on the way that is not a cell.
    At(i32, i32),
}

/// The cells from square `a` to square `b` along a row, a column or a
/// diagonal, both ends included.
fn run(board: &Board, a: (i32, i32), b: (i32, i32)) -> Result<Vec<CellId>, Off> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return Err(Off::NotStraight);
    }
    let steps = dx.abs().max(dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut out = Vec::with_capacity(steps as usize + 1);
    for i in 0..=steps {
        let (x, y) = (a.0 + sx * i, a.1 + sy * i);
        match board.cell_at(x, y) {
            Some(c) if out.last() != Some(&c) => out.push(c),
            Some(_) => {}
            None => return Err(Off::At(x, y)),
        }
    }
    Ok(out)
}

/// The column and row of a grid square's name such as `j20` (the inverse
/// of [`square_name`]), whether or not the board has that square.
fn square_of(name: &str) -> Option<(i32, i32)> {
    let digits = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, number) = name.split_at(digits);
    if letters.is_empty()
        || letters.len() > 3
        || !letters.bytes().all(|b| b.is_ascii_lowercase())
        || number.len() > 4
        || number.starts_with('0')
        || !number.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let column = letters
        .bytes()
        .fold(0i32, |n, b| n * 26 + i32::from(b - b'a') + 1);
    let row: i32 = number.parse().ok()?;
    Some((column - 1, row - 1))
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
        let mut cells: Vec<CellId> = cell_list(board, &region.value, &whose, errors)
            .unwrap_or_default()
            .into_iter()
            .map(|(c, _)| c)
            .collect();
        cells.sort();
        cells.dedup();
        out.push((name.clone(), cells));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_read_back() {
        for (x, y) in [(0, 0), (9, 19), (25, 3), (26, 0), (27, 63), (701, 5)] {
            assert_eq!(square_of(&square_name(x, y)), Some((x, y)));
        }
        assert_eq!(square_of("charkoni"), None);
        assert_eq!(square_of("a01"), None);
        assert_eq!(square_of("a0"), None);
        assert_eq!(square_of("A1"), None);
        assert_eq!(square_of("a1b"), None);
    }
}
