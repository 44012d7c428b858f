//! A field game: `board hex` with its map, seats on halves, and the blocks
//! `setup`, `movement`, `combat`, `invasion` and `reinforcement`. It builds
//! a [`RuleSet`] whose race parts are left at rest and whose `field` holds
//! the tables the engine reads.

use super::blocks::{reader, setting};
use super::reader::{BlockReader, number, single, word, yes_no};
use crate::{
    diagnostic::Diagnostic,
    rules::{
        Board, Cell, CellId, MAX_CELLS, RuleSet, SeatRules, Track,
        field::{
            BattleResult, CellKind, Centre, CombatTable, FieldRules, MAX_ARMY, NO_CELL, Odds,
            Rounding,
        },
        track::MAX_VISITS,
    },
    syntax::ast::{AtomKind, Block, BlockKind, VariantFile},
};

const BOARD_SETTINGS: &[&str] = &["columns", "rows", "centre_line", "offset", "map"];

/// Whether the file describes a field game: its board is `board hex`.
pub fn is_field(file: &VariantFile) -> bool {
    file.blocks.iter().any(|b| {
        b.kind.node == BlockKind::Board
            && matches!(&b.label, Some(a) if matches!(&a.kind, AtomKind::Name(n) if n == "hex"))
    })
}

/// Builds the rule set of a field game.
pub fn build(file: &VariantFile, errors: &mut Vec<Diagnostic>) -> Option<RuleSet> {
    let one = |kind| super::single_block(file, kind, &mut Vec::new());
    for kind in [
        BlockKind::Entry,
        BlockKind::Home,
        BlockKind::Capture,
        BlockKind::Stacks,
    ] {
        if let Some(block) = one(kind) {
            errors.push(
                Diagnostic::new(
                    "compile::race_block_on_field",
                    block.kind.span,
                    format!(
                        "a game on a hex board has no `{}` block: its pieces do not race along tracks",
                        kind.keyword()
                    ),
                )
                .with_help("battles are set in `combat`, movement in `movement`"),
            );
        }
    }
    let game = super::single_block(file, BlockKind::Game, errors);
    let board_block = super::single_block(file, BlockKind::Board, errors)?;
    let dice_block = super::single_block(file, BlockKind::Dice, errors);
    if game.is_none() {
        errors.push(super::missing(
            "compile::missing_game",
            file.end,
            "the file has no `game \"Name\" { .. }` block",
        ));
    }
    if dice_block.is_none() {
        errors.push(super::missing(
            "compile::missing_dice",
            file.end,
            "the file has no `dice` block, so battles have no die",
        ));
    }
    let (name, about, pieces) = super::blocks::game(game?, MAX_ARMY as i64, errors)?;
    let mut field = hex_board(board_block, errors)?;
    let dice = super::dice::build(dice_block?, errors)?;
    let board = board_of(&field);
    let (seats, halves) = seats(file, &board, errors);
    field.seat_half = halves;
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let tables = super::seats::tables(file, Some(&names), errors);
    let turn = super::blocks::turn(super::single_block(file, BlockKind::Turn, errors), errors);
    let ctx = super::blocks::Context {
        board: &board,
        regions: &[],
        dice: Some(&dice),
    };
    let entry = super::blocks::entry(None, &ctx, errors);
    let home = super::blocks::home(None, errors);
    let capture = super::blocks::capture(None, &ctx, errors);
    let stacks = super::blocks::stacks(None, errors);
    let end = super::blocks::end(super::single_block(file, BlockKind::End, errors), errors);
    setup(
        super::single_block(file, BlockKind::Setup, errors),
        &mut field,
        errors,
    );
    movement(
        super::single_block(file, BlockKind::Movement, errors),
        &mut field,
        errors,
    );
    combat(
        super::single_block(file, BlockKind::Combat, errors),
        &mut field,
        &dice,
        file.end,
        errors,
    );
    invasion(
        super::single_block(file, BlockKind::Invasion, errors),
        &mut field,
        errors,
    );
    reinforcement(
        super::single_block(file, BlockKind::Reinforcement, errors),
        &mut field,
        errors,
    );
    for table in &tables {
        if table.seats.len() != 2 {
            errors.push(super::missing(
                "compile::field_players",
                file.end,
                "a game on a hex board is played by two players, one on each half",
            ));
        }
    }
    let regions = regions_of(&field, &board);
    Some(RuleSet {
        name,
        about,
        board,
        regions,
        dice,
        seats,
        tables,
        pieces_per_seat: pieces,
        turn: turn?,
        entry: entry?,
        home: home?,
        capture: capture?,
        stacks: stacks?,
        end: end?,
        fight: None,
        field: Some(Box::new(field)),
    })
}

/// `board hex { columns rows centre_line offset map }`.
fn hex_board(block: &Block, errors: &mut Vec<Diagnostic>) -> Option<FieldRules> {
    let r = Some(BlockReader::new(
        block,
        BOARD_SETTINGS,
        "the hex board",
        errors,
    ));
    let mut read = |key: &str, min: i64, max: i64| -> Option<i64> {
        let s = r.as_ref()?.require(key, errors)?;
        number(key, &s.value, min, max)
            .map_err(|d| errors.push(d))
            .ok()
    };
    let columns = read("columns", 2, 26)? as u8;
    let rows = read("rows", 2, 99)? as u8;
    if columns as usize * rows as usize > MAX_CELLS {
        errors.push(Diagnostic::new(
            "compile::board_too_large",
            block.kind.span,
            format!("a board has at most {MAX_CELLS} cells"),
        ));
        return None;
    }
    let centre_line = read("centre_line", 1, rows as i64 - 1)? as u8;
    let odd_columns_low = setting(&r, "offset", true, errors, |v| {
        Ok(word("offset", v, &["even_columns_low", "odd_columns_low"])? == 1)
    })?;
    let map = r.as_ref()?.require("map", errors)?;
    let lines: Vec<(&str, crate::diagnostic::Span)> = map
        .value
        .elements
        .iter()
        .filter_map(|e| match e.atoms.as_slice() {
            [a] => match &a.kind {
                AtomKind::Str(s) => Some((s.as_str(), a.span)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    if lines.len() != map.value.elements.len() || lines.len() != rows as usize {
        errors.push(
            Diagnostic::new(
                "compile::hex_map",
                map.value.span,
                format!(
                    "the map is {rows} quoted rows of {columns} characters, one a cell; it has {} rows",
                    lines.len()
                ),
            )
            .with_help("each character is `.` plain, `#` impassable, `i` invasion, `p` centre, `*` star or `=` fast line"),
        );
        return None;
    }
    let mut kinds = Vec::with_capacity(columns as usize * rows as usize);
    let mut ok = true;
    for (row, (line, span)) in lines.iter().enumerate() {
        let chars: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != columns as usize {
            errors.push(Diagnostic::new(
                "compile::hex_map",
                *span,
                format!(
                    "row {} of the map has {} cells, not {columns}",
                    row + 1,
                    chars.len()
                ),
            ));
            ok = false;
            continue;
        }
        for c in chars {
            match CellKind::from_map(c) {
                Some(k) => kinds.push(k),
                None => {
                    errors.push(
                        Diagnostic::new(
                            "compile::hex_map",
                            *span,
                            format!("row {} of the map has `{c}`, which is no kind of cell", row + 1),
                        )
                        .with_help("each character is `.` plain, `#` impassable, `i` invasion, `p` centre, `*` star or `=` fast line"),
                    );
                    ok = false;
                    kinds.push(CellKind::Plain);
                }
            }
        }
    }
    if !ok {
        return None;
    }
    let neighbours = FieldRules::build_neighbours(columns, rows, odd_columns_low);
    let half: Vec<u8> = (0..kinds.len())
        .map(|i| u8::from(i / columns as usize >= centre_line as usize))
        .collect();
    let embark: Vec<bool> = (0..kinds.len())
        .map(|i| {
            kinds[i] != CellKind::Impassable
                && kinds[i] != CellKind::Invasion
                && neighbours[i]
                    .iter()
                    .any(|&n| n != NO_CELL && kinds[n as usize] == CellKind::Invasion)
        })
        .collect();
    // Each centre is a star with the centre cells next to it.
    let mut centres = Vec::new();
    for (i, k) in kinds.iter().enumerate() {
        if *k != CellKind::Star {
            continue;
        }
        let mut cells = vec![i as u16];
        cells.extend(
            neighbours[i]
                .iter()
                .copied()
                .filter(|&n| n != NO_CELL && kinds[n as usize] == CellKind::Centre),
        );
        centres.push(Centre {
            star: i as u16,
            cells,
            half: half[i],
        });
    }
    for (i, k) in kinds.iter().enumerate() {
        if *k == CellKind::Centre {
            let stars = centres
                .iter()
                .filter(|c| c.cells.contains(&(i as u16)))
                .count();
            if stars != 1 {
                errors.push(Diagnostic::new(
                    "compile::hex_centre",
                    map.value.span,
                    format!(
                        "centre cell {} lies next to {stars} stars; each centre cell belongs to exactly one star",
                        FieldRules::cell_name(columns, i as u16)
                    ),
                ));
            }
        }
    }
    let invasion_cells = (0..kinds.len() as u16)
        .filter(|&i| kinds[i as usize] == CellKind::Invasion)
        .collect();
    Some(FieldRules {
        invasion_cells,
        columns,
        rows,
        odd_columns_low,
        kinds,
        neighbours,
        half,
        centre_line,
        embark,
        centres,
        seat_half: Vec::new(),
        chooser_by_die: true,
        reach: 5,
        through_own: true,
        ride: true,
        all_attackers_fight: true,
        table: CombatTable {
            columns: Vec::new(),
            rows: Vec::new(),
            below: BattleResult::AttackerEliminated,
            above: BattleResult::DefenderEliminated,
            round: Rounding::Defender,
        },
        retreat_away: true,
        invasions: 0,
        invasion_size: 0,
        per_centre: 0,
        needs_enemy_half: true,
    })
}

/// The cells of a field as a board, for names, regions and pictures.
fn board_of(field: &FieldRules) -> Board {
    let cells = (0..field.kinds.len() as u16)
        .map(|i| {
            let (x, y) = field.place(i);
            Cell {
                name: FieldRules::cell_name(field.columns, i),
                x,
                y,
                w: 1,
                h: 1,
            }
        })
        .collect();
    Board {
        shape: "hex".into(),
        cells,
        width: field.columns as i32,
        height: field.rows as i32,
        links: Vec::new(),
    }
}

/// Regions named after the kinds of cell, for the summary and for house rules.
fn regions_of(field: &FieldRules, _board: &Board) -> Vec<(String, Vec<CellId>)> {
    let of = |kinds: &[CellKind]| -> Vec<CellId> {
        (0..field.kinds.len())
            .filter(|&i| kinds.contains(&field.kinds[i]))
            .map(|i| CellId(i as u16))
            .collect()
    };
    vec![
        ("invasion".into(), of(&[CellKind::Invasion])),
        ("centre".into(), of(&[CellKind::Centre, CellKind::Star])),
        ("star".into(), of(&[CellKind::Star])),
        ("fast_line".into(), of(&[CellKind::FastLine])),
    ]
}

/// `seat name { half = upper | lower }`: the seats, each with an empty
/// track (field pieces do not race), and the half each sets up on.
fn seats(
    file: &VariantFile,
    board: &Board,
    errors: &mut Vec<Diagnostic>,
) -> (Vec<SeatRules>, Vec<u8>) {
    let mut out = Vec::new();
    let mut halves = Vec::new();
    for block in file
        .blocks
        .iter()
        .filter(|b| b.kind.node == BlockKind::Seat)
    {
        let name = match block.label.as_ref().map(|a| &a.kind) {
            Some(AtomKind::Name(n)) => n.clone(),
            _ => {
                errors.push(Diagnostic::new(
                    "compile::seat_name",
                    block.kind.span,
                    "a seat needs a name, such as `seat blue { half = upper }`",
                ));
                continue;
            }
        };
        if out.iter().any(|s: &SeatRules| s.name == name) {
            errors.push(Diagnostic::new(
                "compile::duplicate_seat",
                block.kind.span,
                format!("seat {name} is defined twice"),
            ));
            continue;
        }
        let r = BlockReader::new(block, &["half"], format!("seat {name}"), errors);
        let half = match r.require("half", errors) {
            Some(s) => word("half", &s.value, &["upper", "lower"])
                .map_err(|d| errors.push(d))
                .unwrap_or(0) as u8,
            None => 0,
        };
        let first = CellId(0);
        out.push(SeatRules {
            name,
            track: Track {
                cells: vec![first, first],
                visits: vec![[u8::MAX; MAX_VISITS]; board.cells.len()],
                safe: vec![false, false],
                detour: None,
                detour_again: false,
            },
        });
        halves.push(half);
    }
    (out, halves)
}

/// `setup { place = own_half, first = die_winner_chooses | first_seat }`.
fn setup(block: Option<&Block>, field: &mut FieldRules, errors: &mut Vec<Diagnostic>) {
    let r = reader(block, &["place", "first"], "the setup block", errors);
    setting(&r, "place", 0, errors, |v| word("place", v, &["own_half"]));
    if let Some(by_die) = setting(&r, "first", true, errors, |v| {
        Ok(word("first", v, &["first_seat", "die_winner_chooses"])? == 1)
    }) {
        field.chooser_by_die = by_die;
    }
}

/// `movement { reach, through_own, fast_line }`.
fn movement(block: Option<&Block>, field: &mut FieldRules, errors: &mut Vec<Diagnostic>) {
    let r = reader(
        block,
        &["reach", "through_own", "fast_line", "zones"],
        "the movement block",
        errors,
    );
    if let Some(n) = setting(&r, "reach", 5, errors, |v| number("reach", v, 1, 20)) {
        field.reach = n as u8;
    }
    if let Some(b) = setting(&r, "through_own", true, errors, |v| {
        yes_no("through_own", v)
    }) {
        field.through_own = b;
    }
    if let Some(b) = setting(&r, "fast_line", true, errors, |v| {
        Ok(word("fast_line", v, &["plain", "ride"])? == 1)
    }) {
        field.ride = b;
    }
    setting(&r, "zones", 0, errors, |v| word("zones", v, &["stop"]));
}

/// `combat { odds, results, below, above, round, attackers, retreat }`.
fn combat(
    block: Option<&Block>,
    field: &mut FieldRules,
    dice: &crate::rules::Dice,
    end: crate::diagnostic::Span,
    errors: &mut Vec<Diagnostic>,
) {
    let Some(block) = block else {
        errors.push(super::missing(
            "compile::missing_combat",
            end,
            "a game on a hex board needs a `combat` block with its results table",
        ));
        return;
    };
    let r = reader(
        Some(block),
        &[
            "odds",
            "results",
            "below",
            "above",
            "round",
            "attackers",
            "retreat",
        ],
        "the combat block",
        errors,
    );
    let result = |key: &str, v: &crate::syntax::ast::Value| -> Result<BattleResult, Diagnostic> {
        let atom = single(key, v)?;
        match &atom.kind {
            AtomKind::Name(n) => BattleResult::from_word(n),
            _ => None,
        }
        .ok_or_else(|| {
            Diagnostic::new(
                "compile::battle_result",
                atom.span,
                format!("`{key}` is a battle result"),
            )
            .with_help("a result is a_elim, d_elim, exchange, a_back2 or d_back2")
        })
    };
    if let Some(x) = setting(&r, "below", BattleResult::AttackerEliminated, errors, |v| {
        result("below", v)
    }) {
        field.table.below = x;
    }
    if let Some(x) = setting(&r, "above", BattleResult::DefenderEliminated, errors, |v| {
        result("above", v)
    }) {
        field.table.above = x;
    }
    if let Some(x) = setting(&r, "round", Rounding::Defender, errors, |v| {
        Ok([Rounding::Defender, Rounding::Attacker][word("round", v, &["defender", "attacker"])?])
    }) {
        field.table.round = x;
    }
    if let Some(x) = setting(&r, "attackers", true, errors, |v| {
        Ok(word("attackers", v, &["any", "all"])? == 1)
    }) {
        field.all_attackers_fight = x;
    }
    if let Some(x) = setting(&r, "retreat", true, errors, |v| {
        Ok(word("retreat", v, &["any_path", "away"])? == 1)
    }) {
        field.retreat_away = x;
    }
    let Some(r) = r else { return };
    if let Some(s) = r.require("odds", errors) {
        for e in &s.value.elements {
            match e.atoms.as_slice() {
                [a] => match a.kind {
                    AtomKind::Fraction(n, d) if (1..=20).contains(&n) && (1..=20).contains(&d) => {
                        field.table.columns.push(Odds {
                            attack: n as u8,
                            defend: d as u8,
                        })
                    }
                    _ => errors.push(Diagnostic::new(
                        "compile::odds",
                        a.span,
                        "odds are written attacker/defender, such as 1/3 or 4/1, each from 1 to 20",
                    )),
                },
                _ => errors.push(Diagnostic::new(
                    "compile::odds",
                    e.span,
                    "odds are written attacker/defender, such as 1/3 or 4/1",
                )),
            }
        }
        let increasing = field.table.columns.windows(2).all(|w| {
            (w[0].attack as u32 * w[1].defend as u32) < (w[1].attack as u32 * w[0].defend as u32)
        });
        if !increasing {
            errors.push(Diagnostic::new(
                "compile::odds",
                s.value.span,
                "the odds columns go from the worst for the attacker to the best, each better than the last",
            ));
        }
    }
    let faces: Vec<u8> = {
        let mut f: Vec<u8> = dice
            .outcomes
            .iter()
            .filter_map(|o| o.values.first().copied())
            .collect();
        f.sort_unstable();
        f.dedup();
        f
    };
    if faces.first() != Some(&1) || faces.windows(2).any(|w| w[1] != w[0] + 1) {
        errors.push(Diagnostic::new(
            "compile::combat_die",
            block.kind.span,
            "the combat results table reads a die whose faces run 1, 2, 3 .. without gaps",
        ));
        return;
    }
    let Some(s) = r.require("results", errors) else {
        return;
    };
    let entries = match single("results", &s.value).map(|a| &a.kind) {
        Ok(AtomKind::Table(entries)) => entries,
        _ => {
            errors.push(
                Diagnostic::new(
                    "compile::results",
                    s.value.span,
                    "`results` is a table from each die value to one result a column",
                )
                .with_help("write `results = { 1: a_elim d_back2 .. 2: .. }`"),
            );
            return;
        }
    };
    let mut rows: Vec<Option<Vec<BattleResult>>> = vec![None; faces.len()];
    for (key, element) in entries {
        let face = match key.kind {
            AtomKind::Number(n) if n >= 1 && n as usize <= faces.len() => n as usize,
            _ => {
                errors.push(Diagnostic::new(
                    "compile::results",
                    key.span,
                    format!(
                        "the rows of `results` are the die values 1 to {}",
                        faces.len()
                    ),
                ));
                continue;
            }
        };
        let mut row = Vec::new();
        for atom in &element.atoms {
            match &atom.kind {
                AtomKind::Name(n) if BattleResult::from_word(n).is_some() => {
                    row.extend(BattleResult::from_word(n))
                }
                _ => errors.push(
                    Diagnostic::new(
                        "compile::battle_result",
                        atom.span,
                        "each cell of the table is a battle result",
                    )
                    .with_help("a result is a_elim, d_elim, exchange, a_back2 or d_back2"),
                ),
            }
        }
        if row.len() != field.table.columns.len() {
            errors.push(Diagnostic::new(
                "compile::results",
                element.span,
                format!(
                    "row {face} has {} results, but there are {} odds columns",
                    row.len(),
                    field.table.columns.len()
                ),
            ));
        }
        if rows[face - 1].is_some() {
            errors.push(Diagnostic::new(
                "compile::results",
                key.span,
                format!("row {face} is given twice"),
            ));
        }
        rows[face - 1] = Some(row);
    }
    if let Some(missing) = rows.iter().position(|r| r.is_none()) {
        errors.push(Diagnostic::new(
            "compile::results",
            s.value.span,
            format!("the table has no row for the die value {}", missing + 1),
        ));
        return;
    }
    field.table.rows = rows.into_iter().flatten().collect();
}

/// `invasion { per_game, size }`.
fn invasion(block: Option<&Block>, field: &mut FieldRules, errors: &mut Vec<Diagnostic>) {
    let r = reader(block, &["per_game", "size"], "the invasion block", errors);
    if let Some(n) = setting(&r, "per_game", 0, errors, |v| number("per_game", v, 0, 20)) {
        field.invasions = n as u8;
    }
    if let Some(n) = setting(&r, "size", 1, errors, |v| {
        number("size", v, 1, MAX_ARMY as i64)
    }) {
        field.invasion_size = n as u8;
    }
}

/// `reinforcement { per_centre, needs }`.
fn reinforcement(block: Option<&Block>, field: &mut FieldRules, errors: &mut Vec<Diagnostic>) {
    let r = reader(
        block,
        &["per_centre", "needs"],
        "the reinforcement block",
        errors,
    );
    if let Some(n) = setting(&r, "per_centre", 0, errors, |v| {
        number("per_centre", v, 0, 1)
    }) {
        field.per_centre = n as u8;
    }
    if let Some(b) = setting(&r, "needs", true, errors, |v| {
        Ok(word("needs", v, &["nothing", "enemy_half"])? == 1)
    }) {
        field.needs_enemy_half = b;
    }
}
