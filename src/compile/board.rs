//! The `board` block: expands a shape into cells.

use super::reader::{BlockReader, name_atom, number, number_atom};
use crate::{
    diagnostic::Diagnostic,
    rules::{
        MAX_CELLS,
        board::{Board, Cell, square_name},
    },
    syntax::ast::{AtomKind, Block},
};

// `hex` is compiled by the field compiler (src/compile/field.rs); it is listed for the help.
const SHAPES: &[&str] = &["cross", "grid", "custom", "hex"];
const SETTINGS: &[&str] = &[
    "arm_width",
    "arm_length",
    "centre",
    "width",
    "height",
    "cells",
    "links",
];

/// Builds the board a `board` block describes.
pub fn build(block: &Block, errors: &mut Vec<Diagnostic>) -> Option<Board> {
    let r = BlockReader::new(block, SETTINGS, "the board", errors);
    let shape = match &block.label {
        Some(atom) => match super::reader::word_atom("board", atom, SHAPES) {
            Ok(i) => SHAPES[i],
            Err(mut d) => {
                d.message = "the board's shape must be cross, grid, custom or hex".into();
                errors.push(d);
                return None;
            }
        },
        None => {
            errors.push(Diagnostic::new(
                "compile::board_shape",
                block.kind.span,
                "the board needs a shape: `board cross`, `board grid`, `board custom` or `board hex`",
            ));
            return None;
        }
    };
    let mut read = |key: &str, min, max, default: Option<i64>| -> Option<i64> {
        match r.get(key) {
            Some(s) => number(key, &s.value, min, max)
                .map_err(|d| errors.push(d))
                .ok(),
            None => {
                if default.is_none() {
                    errors.push(Diagnostic::new(
                        "compile::missing_setting",
                        r.span(),
                        format!("a {shape} board needs the setting `{key}`"),
                    ));
                }
                default
            }
        }
    };
    let mut board = Board {
        shape: shape.to_string(),
        cells: Vec::new(),
        width: 0,
        height: 0,
        links: Vec::new(),
    };
    match shape {
        "cross" => {
            let w = read("arm_width", 1, 15, None)? as i32;
            let l = read("arm_length", 1, 60, None)? as i32;
            let size = 2 * l + w;
            board.width = size;
            board.height = size;
            let centre_name = match r.get("centre") {
                Some(s) => Some(
                    super::reader::single("centre", &s.value)
                        .and_then(|a| name_atom("centre", a))
                        .map_err(|d| errors.push(d))
                        .ok()?
                        .to_string(),
                ),
                None => None,
            };
            let in_middle = |v: i32| v >= l && v < l + w;
            for y in 0..size {
                for x in 0..size {
                    let on_arm = in_middle(x) != in_middle(y);
                    let centre_square = in_middle(x) && in_middle(y);
                    if on_arm || (centre_square && centre_name.is_none()) {
                        board.cells.push(square(x, y));
                    }
                }
            }
            if let Some(name) = centre_name {
                board.cells.push(Cell {
                    name,
                    x: l,
                    y: l,
                    w,
                    h: w,
                });
            }
        }
        "grid" => {
            let w = read("width", 1, 64, None)? as i32;
            let h = read("height", 1, 64, None)? as i32;
            board.width = w;
            board.height = h;
            for y in 0..h {
                for x in 0..w {
                    board.cells.push(square(x, y));
                }
            }
        }
        _ => {}
    }
    if let Some(setting) = r.get("cells") {
        add_cells(&mut board, setting, errors);
    } else if shape == "custom" {
        errors.push(Diagnostic::new(
            "compile::missing_setting",
            r.span(),
            "a custom board needs the setting `cells`",
        ));
    }
    if let Some(setting) = r.get("links") {
        for element in &setting.value.elements {
            match element.atoms.as_slice() {
                [atom] => match &atom.kind {
                    AtomKind::Group(v)
                        if v.elements.len() == 2
                            && v.elements.iter().all(|e| e.atoms.len() == 1) =>
                    {
                        let a = super::cells::cell(&board, &v.elements[0].atoms[0], errors);
                        let b = super::cells::cell(&board, &v.elements[1].atoms[0], errors);
                        if let (Some(a), Some(b)) = (a, b) {
                            board.links.push((a, b));
                        }
                    }
                    _ => errors.push(Diagnostic::new(
                        "compile::bad_link",
                        atom.span,
                        "a link is two cells in parentheses, such as `(a1, b2)`",
                    )),
                },
                _ => errors.push(Diagnostic::new(
                    "compile::bad_link",
                    element.span,
                    "a link is two cells in parentheses, such as `(a1, b2)`",
                )),
            }
        }
    }
    if board.cells.len() > MAX_CELLS {
        errors.push(Diagnostic::new(
            "compile::too_many_cells",
            r.span(),
            format!(
                "the board has {} cells, over the limit of {MAX_CELLS}",
                board.cells.len()
            ),
        ));
        return None;
    }
    Some(board)
}

fn square(x: i32, y: i32) -> Cell {
    Cell {
        name: square_name(x, y),
        x,
        y,
        w: 1,
        h: 1,
    }
}

/// `cells = { name: (x, y), name: (x, y, w, h) }` adds named cells.
fn add_cells(
    board: &mut Board,
    setting: &crate::syntax::ast::Setting,
    errors: &mut Vec<Diagnostic>,
) {
    let table = match super::reader::single("cells", &setting.value).map(|a| &a.kind) {
        Ok(AtomKind::Table(entries)) => entries,
        _ => {
            errors.push(Diagnostic::new(
                "compile::bad_cells",
                setting.value.span,
                "`cells` is a table of names and places, such as `{ home: (3, 3) }`",
            ));
            return;
        }
    };
    for (key, element) in table {
        let name = match name_atom("cells", key) {
            Ok(n) => n.to_string(),
            Err(d) => {
                errors.push(d);
                continue;
            }
        };
        if board.cell_named(&name).is_some() {
            errors.push(Diagnostic::new(
                "compile::duplicate_cell",
                key.span,
                format!("the board already has a cell `{name}`"),
            ));
            continue;
        }
        let numbers: Option<Vec<i64>> = match element.atoms.as_slice() {
            [atom] => match &atom.kind {
                AtomKind::Group(v) => v
                    .elements
                    .iter()
                    .map(|e| match e.atoms.as_slice() {
                        [a] => number_atom("cells", a, 0, 999)
                            .map_err(|d| errors.push(d))
                            .ok(),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            },
            _ => None,
        };
        match numbers.as_deref() {
            Some(&[x, y]) => board.cells.push(Cell { name, x: x as i32, y: y as i32, w: 1, h: 1 }),
            Some(&[x, y, w, h]) if w > 0 && h > 0 => board.cells.push(Cell {
                name,
                x: x as i32,
                y: y as i32,
                w: w as i32,
                h: h as i32,
            }),
            _ => errors.push(Diagnostic::new(
                "compile::bad_cells",
                element.span,
                format!("the place of cell `{name}` is `(column, row)` or `(column, row, width, height)`"),
            )),
        }
    }
    for c in &board.cells {
        board.width = board.width.max(c.x + c.w);
        board.height = board.height.max(c.y + c.h);
    }
}
