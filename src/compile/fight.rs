//! The `line`, `kinds` and `fight` blocks and the seats' `entry` cells:
//! pieces of several kinds that fight along closed lines of cells.

use arrayvec::ArrayVec;

use super::{
    cells::cell_list,
    reader::{BlockReader, name_atom, number, number_atom, word, yes_no},
};
use crate::{
    diagnostic::Diagnostic,
    rules::{
        board::{Board, Cell, CellId},
        dice::Dice,
        fight::{Along, FightRules, Kind, Line, MAX_KINDS, MAX_REACH, NONE},
        seats::SeatRules,
    },
    syntax::ast::{AtomKind, Block, BlockKind, VariantFile},
};

const KINDS_SETTINGS: &[&str] = &["values", "each", "enter"];
const FIGHT_SETTINGS: &[&str] = &[
    "along",
    "change",
    "enter",
    "cell_max",
    "combined",
    "entry_capture",
    "fuse",
    "guard_dummy",
    "priority_take",
    "priority_enter",
];
/// The highest die value a fight's settings may name.
const MAX_DIE: u8 = 250;

/// The fight rules, if the file has a `fight` block; errors where the
/// blocks that go with it are missing or wrong.
pub fn build(
    file: &VariantFile,
    board: &Board,
    seats: &[SeatRules],
    dice: Option<&Dice>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Option<FightRules>> {
    let fight = file.blocks.iter().find(|b| b.kind.node == BlockKind::Fight);
    let lines_blocks: Vec<&Block> = file
        .blocks
        .iter()
        .filter(|b| b.kind.node == BlockKind::Line)
        .collect();
    let kinds_block = file.blocks.iter().find(|b| b.kind.node == BlockKind::Kinds);
    let seat_blocks: Vec<&Block> = file
        .blocks
        .iter()
        .filter(|b| b.kind.node == BlockKind::Seat)
        .collect();
    let Some(fight) = fight else {
        // Lines, kinds and entry cells mean nothing without a fight.
        let stray = lines_blocks
            .first()
            .map(|b| b.kind.span)
            .or(kinds_block.map(|b| b.kind.span))
            .or(seat_blocks
                .iter()
                .flat_map(|b| b.settings.iter())
                .find(|s| s.key.node == "entry_cells")
                .map(|s| s.key.span));
        if let Some(span) = stray {
            errors.push(
                Diagnostic::new(
                    "compile::fight_missing",
                    span,
                    "lines, kinds of piece and entry cells belong to a fight, and the file has no `fight` block",
                )
                .with_help("add `fight { .. }`, or give each seat a `track` for a race"),
            );
            return None;
        }
        return Some(None);
    };
    let r = BlockReader::new(fight, FIGHT_SETTINGS, "the fight block", errors);
    let read_num = |key: &str, min: i64, max: i64, default: i64, errors: &mut Vec<Diagnostic>| {
        match r.get(key) {
            Some(s) => number(key, &s.value, min, max)
                .map_err(|d| errors.push(d))
                .ok(),
            None => Some(default),
        }
    };
    let read_yes = |key: &str, default: bool, errors: &mut Vec<Diagnostic>| match r.get(key) {
        Some(s) => yes_no(key, &s.value).map_err(|d| errors.push(d)).ok(),
        None => Some(default),
    };
    let along = match r.get("along") {
        Some(s) => word("along", &s.value, &["either", "forward"])
            .map_err(|d| errors.push(d))
            .ok()
            .map(|i| {
                if i == 0 {
                    Along::Either
                } else {
                    Along::Forward
                }
            }),
        None => Some(Along::Either),
    };
    let change_on = read_num("change", 0, MAX_DIE as i64, 1, errors);
    let enter_on = read_num("enter", 1, MAX_DIE as i64, 1, errors);
    let cell_max = read_num("cell_max", 1, 2, 2, errors);
    let combined = read_yes("combined", true, errors);
    let fuse = read_yes("fuse", true, errors);
    let guard_dummy = read_yes("guard_dummy", false, errors);
    let priority_take = read_num("priority_take", 0, 1000, 10, errors);
    let priority_enter = read_num("priority_enter", 0, 1000, 1, errors);
    let own_entry = match r.get("entry_capture") {
        Some(s) => word("entry_capture", &s.value, &["owner_only", "anyone"])
            .map_err(|d| errors.push(d))
            .ok()
            .map(|i| i == 0),
        None => Some(true),
    };
    let kinds = kinds(kinds_block, fight, errors);
    let lines = lines(&lines_blocks, board, fight, errors);
    let entries = entries(&seat_blocks, board, seats, errors);
    let (kinds, in_order) = kinds?;
    let lines = lines?;
    let entries = entries?;
    let mut line_of = vec![NONE; board.cells.len()];
    let mut place = vec![0usize; board.cells.len()];
    for (i, line) in lines.iter().enumerate() {
        for (k, c) in line.cells.iter().enumerate() {
            line_of[c.0 as usize] = i as u8;
            place[c.0 as usize] = k;
        }
    }
    let mut entry_of = vec![NONE; board.cells.len()];
    for (seat, cells) in entries.iter().enumerate() {
        for (c, span) in cells {
            if line_of[c.0 as usize] == NONE {
                errors.push(Diagnostic::new(
                    "compile::entry_off_lines",
                    *span,
                    format!(
                        "the entry cell {} of seat {} is on no line, so a piece there could never move",
                        board.cell_name(*c),
                        seats[seat].name
                    ),
                ));
                return None;
            }
            if entry_of[c.0 as usize] != NONE {
                errors.push(Diagnostic::new(
                    "compile::entry_shared",
                    *span,
                    format!(
                        "{} is the entry cell of two seats; an entry cell has one owner",
                        board.cell_name(*c)
                    ),
                ));
                return None;
            }
            entry_of[c.0 as usize] = seat as u8;
        }
    }
    let along = along?;
    let change_on = change_on? as u8;
    // For each die value, each cell: along its line, and across to a
    // touching cell of another line with the value that changes line.
    // The reach tables cover every value a die of the game shows.
    let top = dice
        .and_then(|d| {
            d.outcomes
                .iter()
                .flat_map(|o| o.values.iter().copied())
                .max()
        })
        .unwrap_or(1)
        .max(1);
    let mut reach = Vec::with_capacity(top as usize);
    for v in 1..=top {
        let mut per_cell: Vec<ArrayVec<CellId, MAX_REACH>> =
            vec![ArrayVec::new(); board.cells.len()];
        for (c, to) in per_cell.iter_mut().enumerate() {
            let li = line_of[c];
            if li == NONE {
                continue;
            }
            let line = &lines[li as usize].cells;
            let n = line.len();
            let push = |d: CellId, to: &mut ArrayVec<CellId, MAX_REACH>| {
                if !to.contains(&d) && !to.is_full() {
                    to.push(d);
                }
            };
            if n > 1 {
                let k = place[c];
                push(line[(k + v as usize) % n], to);
                if along == Along::Either {
                    push(line[(k + n - (v as usize % n)) % n], to);
                }
            }
            if v == change_on {
                for (d, other) in line_of.iter().enumerate() {
                    if *other != NONE
                        && *other != li
                        && share_side(&board.cells[c], &board.cells[d])
                    {
                        push(CellId(d as u16), to);
                    }
                }
            }
        }
        reach.push(per_cell);
    }
    let entries: Vec<Vec<CellId>> = entries
        .into_iter()
        .map(|e| e.into_iter().map(|(c, _)| c).collect())
        .collect();
    Some(Some(FightRules {
        kinds,
        in_order,
        lines,
        along,
        change_on,
        enter_on: enter_on? as u8,
        entries,
        cell_max: cell_max? as u8,
        combined: combined?,
        own_entry: own_entry?,
        fuse: fuse?,
        guard_dummy: guard_dummy?,
        priority_take: priority_take? as u32,
        priority_enter: priority_enter? as u32,
        reach,
        entry_of,
        line_of,
    }))
}

/// Whether two cells share part of a side (not just a corner).
fn share_side(a: &Cell, b: &Cell) -> bool {
    let overlap_x = a.x < b.x + b.w && b.x < a.x + a.w;
    let overlap_y = a.y < b.y + b.h && b.y < a.y + a.h;
    let touch_x = a.x + a.w == b.x || b.x + b.w == a.x;
    let touch_y = a.y + a.h == b.y || b.y + b.h == a.y;
    (overlap_x && touch_y) || (overlap_y && touch_x)
}

/// `kinds { values = { small: 1, medium: 2, large: 3 }; each = 3; enter = in_order }`.
fn kinds(
    block: Option<&Block>,
    fight: &Block,
    errors: &mut Vec<Diagnostic>,
) -> Option<(Vec<Kind>, bool)> {
    let Some(block) = block else {
        errors.push(Diagnostic::new(
            "compile::kinds_missing",
            fight.kind.span,
            "a fight needs its kinds of piece: `kinds { values = { small: 1 }, each = 3 }`",
        ));
        return None;
    };
    let r = BlockReader::new(block, KINDS_SETTINGS, "the kinds block", errors);
    let values = r.require("values", errors)?;
    let entries = match values.value.elements.as_slice() {
        [e] => match e.atoms.as_slice() {
            [a] => match &a.kind {
                AtomKind::Table(entries) => Some(entries),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    };
    let Some(entries) = entries else {
        errors.push(Diagnostic::new(
            "compile::bad_kinds",
            values.value.span,
            "`values` is a table of kinds and their values, such as `{ small: 1, medium: 2 }`",
        ));
        return None;
    };
    if entries.is_empty() || entries.len() > MAX_KINDS {
        errors.push(Diagnostic::new(
            "compile::bad_kinds",
            values.value.span,
            format!("a fight has from 1 to {MAX_KINDS} kinds of piece"),
        ));
        return None;
    }
    let each = match r.get("each") {
        Some(s) => number("each", &s.value, 1, 16)
            .map_err(|d| errors.push(d))
            .ok()?,
        None => 1,
    } as u8;
    let in_order = match r.get("enter") {
        Some(s) => {
            word("enter", &s.value, &["in_order", "any_order"])
                .map_err(|d| errors.push(d))
                .ok()?
                == 0
        }
        None => true,
    };
    let mut kinds: Vec<Kind> = Vec::new();
    for (key, element) in entries {
        let name = name_atom("values", key).map_err(|d| errors.push(d)).ok()?;
        if kinds.iter().any(|k| k.name == name) {
            errors.push(Diagnostic::new(
                "compile::duplicate_kind",
                key.span,
                format!("the kind `{name}` is given twice"),
            ));
            return None;
        }
        let [atom] = element.atoms.as_slice() else {
            errors.push(Diagnostic::new(
                "compile::expected_number",
                element.span,
                format!("the value of kind {name} is one number"),
            ));
            return None;
        };
        let value = number_atom(name, atom, 1, 50)
            .map_err(|d| errors.push(d))
            .ok()?;
        kinds.push(Kind {
            name: name.to_string(),
            value: value as u8,
            count: each,
        });
    }
    if kinds.iter().map(|k| k.count as usize).sum::<usize>() > crate::engine::MAX_SEAT_PIECES {
        errors.push(Diagnostic::new(
            "compile::too_many_pieces",
            block.kind.span,
            format!(
                "a seat has at most {} pieces",
                crate::engine::MAX_SEAT_PIECES
            ),
        ));
        return None;
    }
    Some((kinds, in_order))
}

/// The `line` blocks: closed lines, each cell next to the one before and the last next to the first.
fn lines(
    blocks: &[&Block],
    board: &Board,
    fight: &Block,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<Line>> {
    if blocks.is_empty() {
        errors.push(Diagnostic::new(
            "compile::lines_missing",
            fight.kind.span,
            "a fight needs lines of cells to move along: `line outer { cells = a1..g1, .. }`",
        ));
        return None;
    }
    if blocks.len() >= NONE as usize {
        errors.push(Diagnostic::new(
            "compile::too_many_lines",
            blocks[0].kind.span,
            "too many lines",
        ));
        return None;
    }
    let mut out: Vec<Line> = Vec::new();
    let mut used = vec![false; board.cells.len()];
    for block in blocks {
        let name = match &block.label {
            Some(a) => name_atom("line", a)
                .map_err(|d| errors.push(d))
                .ok()?
                .to_string(),
            None => {
                errors.push(Diagnostic::new(
                    "compile::line_name",
                    block.kind.span,
                    "a line needs a name, such as `line outer { .. }`",
                ));
                return None;
            }
        };
        if out.iter().any(|l| l.name == name) {
            errors.push(Diagnostic::new(
                "compile::duplicate_line",
                block.kind.span,
                format!("the line `{name}` is given twice"),
            ));
            return None;
        }
        let what = format!("line {name}");
        let r = BlockReader::new(block, &["cells"], what.clone(), errors);
        let setting = r.require("cells", errors)?;
        let cells = cell_list(board, &setting.value, &format!("the line {name}"), errors)?;
        for (i, (c, span)) in cells.iter().enumerate() {
            if used[c.0 as usize] {
                errors.push(Diagnostic::new(
                    "compile::line_overlap",
                    *span,
                    format!(
                        "{} is on two lines, or twice on line {name}; a cell is on one line",
                        board.cell_name(*c)
                    ),
                ));
                return None;
            }
            used[c.0 as usize] = true;
            let (next, next_span) = cells[(i + 1) % cells.len()];
            if cells.len() > 1
                && !share_side(&board.cells[c.0 as usize], &board.cells[next.0 as usize])
            {
                // Point at the cell that does not follow; at the last cell
                // when it is the way back to the first that fails.
                let at = if i + 1 == cells.len() {
                    *span
                } else {
                    next_span
                };
                errors.push(Diagnostic::new(
                    "compile::line_jumps",
                    at,
                    format!(
                        "line {name} goes from {} to {}, which do not share a side; a line is closed, its last cell next to its first",
                        board.cell_name(*c),
                        board.cell_name(next)
                    ),
                ));
                return None;
            }
        }
        out.push(Line {
            name,
            cells: cells.into_iter().map(|(c, _)| c).collect(),
        });
    }
    Some(out)
}

/// Each seat's `entry` cells, by seat of the file.
fn entries(
    blocks: &[&Block],
    board: &Board,
    seats: &[SeatRules],
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<Vec<(CellId, crate::diagnostic::Span)>>> {
    let mut out = Vec::with_capacity(seats.len());
    for (block, seat) in blocks.iter().zip(seats) {
        match block.settings.iter().find(|s| s.key.node == "entry_cells") {
            Some(s) if !seat.track.cells.is_empty() => {
                errors.push(Diagnostic::new(
                    "compile::entry_and_track",
                    s.key.span,
                    format!("seat {} has a track and entry cells; a seat of a fight has entry cells only", seat.name),
                ));
                return None;
            }
            Some(s) => out.push(cell_list(
                board,
                &s.value,
                &format!("the entry of seat {}", seat.name),
                errors,
            )?),
            None => {
                errors.push(Diagnostic::new(
                    "compile::entry_missing",
                    block.kind.span,
                    format!(
                        "seat {} needs its entry cells in a fight: `entry_cells = d1, d3`",
                        seat.name
                    ),
                ));
                return None;
            }
        }
    }
    Some(out)
}
