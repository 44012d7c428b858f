//! From the syntax tree to a [`RuleSet`]: names resolved, meaning checked,
//! boards expanded and per-seat tables precomputed. Every problem found is
//! collected with its span, so a file shows all its errors at once.

mod blocks;
mod board;
mod cells;
mod dice;
mod field;
mod fight;
pub mod merge;
mod reader;
mod seating;
mod seats;

pub use merge::{Change, MAX_DEPTH, Resolver, resolve_bundled, resolve_bundled_or_file};

use crate::{
    diagnostic::{Diagnostic, Diagnostics, SourceFile, Span},
    rules::RuleSet,
    syntax::ast::{Block, BlockKind, VariantFile},
};

/// Compiles a variant file into a rule set, or returns every problem found.
///
/// A house-rule file (`extends "pachisi"`) may extend bundled variants only,
/// by name: this reads no files. [`compile_with`] takes a resolver for
/// other bases, such as [`resolve_bundled_or_file`].
pub fn compile(source: &SourceFile) -> Result<RuleSet, Diagnostics> {
    compile_with(source, &resolve_bundled)
}

/// Compiles a variant file whose bases, if it is a house-rule file, are
/// found by `resolve` (see [`Resolver`]).
pub fn compile_with(source: &SourceFile, resolve: Resolver<'_>) -> Result<RuleSet, Diagnostics> {
    compile_with_changes(source, resolve).map(|c| c.rules)
}

/// A compiled variant file, with what it changes when it is a house-rule file.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The rules.
    pub rules: RuleSet,
    /// The base as written after `extends`, for a house-rule file.
    pub base: Option<String>,
    /// What a house-rule file changes against its base, in the order of the
    /// file; empty for a file that extends nothing.
    pub changes: Vec<Change>,
}

/// Compiles a variant file as [`compile_with`] does, and tells what a
/// house-rule file changes against its base.
pub fn compile_with_changes(
    source: &SourceFile,
    resolve: Resolver<'_>,
) -> Result<Compiled, Diagnostics> {
    let loaded = merge::load(source, resolve)?;
    let file = &loaded.file;
    let mut errors = Vec::new();
    let rules = build(file, &mut errors);
    let end = file.end;
    match rules {
        Some(rules) if errors.is_empty() => Ok(Compiled {
            rules,
            base: loaded.base,
            changes: loaded.changes,
        }),
        _ => {
            errors.sort_by_key(|d| (d.span.start, d.span.end));
            errors.dedup();
            if errors.is_empty() {
                errors.push(missing(
                    "compile::incomplete",
                    end,
                    "the file does not describe a whole game",
                ));
            }
            Err(loaded.map.diagnostics(errors))
        }
    }
}

/// Something the whole file lacks, reported where the file ends.
pub(crate) fn missing(code: &'static str, end: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(code, end, message).with_label("the file ends here")
}

/// Blocks of one kind that may appear at most once.
fn single_block<'a>(
    file: &'a VariantFile,
    kind: BlockKind,
    errors: &mut Vec<Diagnostic>,
) -> Option<&'a Block> {
    let mut found: Option<&Block> = None;
    for block in file.blocks.iter().filter(|b| b.kind.node == kind) {
        match found {
            Some(first) => errors.push(
                Diagnostic::new(
                    "compile::duplicate_block",
                    block.kind.span,
                    format!("a variant has only one `{}` block", kind.keyword()),
                )
                .with_note(first.kind.span, "the first is here"),
            ),
            None => found = Some(block),
        }
    }
    found
}

fn build(file: &VariantFile, errors: &mut Vec<Diagnostic>) -> Option<RuleSet> {
    if field::is_field(file) {
        return field::build(file, errors);
    }
    let game = single_block(file, BlockKind::Game, errors);
    let board_block = single_block(file, BlockKind::Board, errors);
    let dice_block = single_block(file, BlockKind::Dice, errors);
    if game.is_none() {
        errors.push(missing(
            "compile::missing_game",
            file.end,
            "the file has no `game \"Name\" { .. }` block",
        ));
    }
    if board_block.is_none() {
        errors.push(missing(
            "compile::missing_board",
            file.end,
            "the file has no `board` block, so the game has no cells",
        ));
    }
    if dice_block.is_none() {
        errors.push(missing(
            "compile::missing_dice",
            file.end,
            "the file has no `dice` block, so nothing is thrown",
        ));
    }
    // Each block is read even where another is wrong, so that one `check`
    // shows every error that does not follow from another: the seats, the
    // regions and the blocks that name cells wait only for the board.
    let game_settings = game.and_then(|g| blocks::game(g, 16, errors));
    let board = board_block.and_then(|b| board::build(b, errors));
    let dice = dice_block.and_then(|b| dice::build(b, errors));
    let tables = seats::tables(file, seats::names(file).as_deref(), errors);
    let turn_block = single_block(file, BlockKind::Turn, errors);
    let turn = blocks::turn(turn_block, errors);
    let home_block = single_block(file, BlockKind::Home, errors);
    let home = blocks::home(home_block, errors);
    let stacks_block = single_block(file, BlockKind::Stacks, errors);
    // Its `jump_in` names a region: read below, once the regions are known.
    let mut stacks = blocks::stacks(stacks_block, errors);
    let end_block = single_block(file, BlockKind::End, errors);
    let end = blocks::end(end_block, errors);
    let board = board?;
    let regions = cells::regions(&file.regions, &board, errors);
    let seats = seats::seats(file, &board, errors);
    let ctx = blocks::Context {
        board: &board,
        regions: &regions,
        dice: dice.as_ref(),
    };
    let entry_block = single_block(file, BlockKind::Entry, errors);
    let entry = blocks::entry(entry_block, &ctx, errors);
    let capture = blocks::capture(single_block(file, BlockKind::Capture, errors), &ctx, errors);
    let jump_in = blocks::jump_in(stacks_block, &ctx, errors);
    if let (Some(stacks), Some(Some((region, cells)))) = (&mut stacks, &jump_in) {
        stacks.jump_region = Some(region.clone());
        stacks.jump_in = Some(cells.clone());
    }
    let fight = match &seats {
        Some(seats) => fight::build(file, &board, seats, dice.as_ref(), errors),
        None => None,
    };
    let (name, about, pieces) = game_settings?;
    let dice = dice?;
    let mut seats = seats?;
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let mut home = home;
    if let (Some(home), Some(order)) = (&mut home, seats::home_order(home_block, &names, errors)) {
        home.order = order;
    }
    if let (Some(home), Some(block)) = (&home, home_block)
        && let Some(goal) = block.settings.iter().find(|s| s.key.node == "goal")
    {
        // The seat with the shortest way, if the goal is too long for it.
        let shortest = seats.iter().min_by_key(|s| s.track.home());
        if let Some(seat) = shortest.filter(|s| home.goal >= s.track.home()) {
            errors.push(Diagnostic::new(
                "compile::goal_too_long",
                goal.key.span,
                format!(
                    "a goal of {} steps is longer than the way of seat {}, which has {} steps after its start",
                    home.goal,
                    seat.name,
                    seat.track.home()
                ),
            ));
        } else if home.goal > 1
            && let Some(problem) = goal_not_its_own(&seats, home.goal, &board)
        {
            errors.push(Diagnostic::new(
                "compile::goal_not_its_own",
                goal.key.span,
                problem,
            ));
        }
    }
    let fight = fight?;
    let capture = capture?;
    jump_in?;
    for seat in &mut seats {
        seat.track.safe = seat
            .track
            .cells
            .iter()
            .map(|c| capture.safe.contains(c))
            .collect();
    }
    if let (Some(entry), Some(block)) = (&entry, entry_block)
        && let Some(out) = block.settings.iter().find(|s| s.key.node == "already_out")
    {
        let own_max = stacks.as_ref().map_or(0, |s| s.own_max);
        let max = stacks.as_ref().map_or(0, |s| s.max);
        let problem = if entry.already_out > pieces {
            Some(format!(
                "{} pieces cannot begin out when a seat has {pieces}",
                entry.already_out
            ))
        } else if own_max > 0 && entry.already_out > own_max {
            Some(format!(
                "{} pieces cannot begin on one cell when at most {own_max} of a seat may stand on one (stacks: own_max)",
                entry.already_out
            ))
        } else if max > 0 && entry.already_out > max {
            Some(format!(
                "{} pieces cannot begin on one cell when at most {max} pieces may stand on one (stacks: max)",
                entry.already_out
            ))
        } else {
            None
        };
        if let Some(problem) = problem {
            errors.push(Diagnostic::new(
                "compile::too_many_out",
                out.key.span,
                problem,
            ));
        }
    }
    // entry: begin_on: every step on every seat's race, and the pieces
    // there as many as a seat has and a cell holds.
    if let (Some(entry), Some(block)) = (&entry, entry_block)
        && let Some(found) = block.settings.iter().find(|s| s.key.node == "begin_on")
        && !entry.begin_on.is_empty()
    {
        let own_max = stacks.as_ref().map_or(0, |s| s.own_max);
        let max = stacks.as_ref().map_or(0, |s| s.max);
        let shortest = seats.iter().map(|s| s.track.home()).min().unwrap_or(0);
        let total: u32 = entry
            .begin_on
            .iter()
            .map(|&(_, n)| u32::from(n))
            .sum::<u32>()
            + u32::from(entry.already_out);
        let most = entry.begin_on.iter().map(|&(_, n)| n).max().unwrap_or(0);
        let last = entry.begin_on.last().map_or(0, |&(step, _)| step);
        // The goal's first step on the shortest track (home { goal }).
        let goal = home.as_ref().map_or(1, |h| h.goal.max(1));
        let goal_from = (shortest + 1).saturating_sub(goal);
        let problem = if last >= shortest {
            Some(format!(
                "pieces cannot begin on step {last}: the shortest track reaches home at step {shortest}"
            ))
        } else if last >= goal_from {
            Some(format!(
                "pieces cannot begin on step {last}, in the goal, which begins at step {goal_from} of the shortest track (home: goal)"
            ))
        } else if total > u32::from(pieces) {
            Some(format!(
                "{total} pieces cannot begin out when a seat has {pieces}"
            ))
        } else if own_max > 0 && most > own_max {
            Some(format!(
                "{most} pieces cannot begin on one cell when at most {own_max} of a seat may stand on one (stacks: own_max)"
            ))
        } else if max > 0 && most > max {
            Some(format!(
                "{most} pieces cannot begin on one cell when at most {max} pieces may stand on one (stacks: max)"
            ))
        } else {
            None
        };
        // Two sides' pieces begin on one cell only where they may stand
        // together: without captures, or on a safe cell they may share.
        let mut begin: Vec<u8> = entry.begin_on.iter().map(|&(step, _)| step).collect();
        if entry.already_out > 0 {
            begin.push(1);
        }
        let shared_cell =
            |cell| !capture.by_landing || (capture.safe_shared && capture.safe.contains(&cell));
        let problem = problem.or_else(|| {
            tables.iter().find_map(|table| {
                let n = table.seats.len();
                (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).find_map(|(i, j)| {
                    let (a, b) = (table.seats[i].0 as usize, table.seats[j].0 as usize);
                    let (track_a, track_b) = (&seats.get(a)?.track, &seats.get(b)?.track);
                    let cell = begin.iter().map(|&s| track_a.cell(s)).find(|&cell| {
                        table.side[i] != table.side[j]
                            && begin.iter().any(|&s| track_b.cell(s) == cell)
                            && !shared_cell(cell)
                    })?;
                    Some(format!(
                        "pieces of {} and {} would begin on {}, where two sides may not stand together",
                        seats[a].name,
                        seats[b].name,
                        board.cell_name(cell)
                    ))
                })
            })
        });
        if let Some(problem) = problem {
            errors.push(Diagnostic::new(
                "compile::bad_begin_on",
                found.value.span,
                problem,
            ));
        }
    }
    // A goal of several steps is cells like the others: where a cell holds
    // only so many pieces, the goal must have room for a seat's pieces, or
    // no seat can ever finish.
    if let (Some(home), Some(block), Some(stacks)) = (&home, home_block, &stacks)
        && home.goal > 1
        && let Some(goal) = block.settings.iter().find(|s| s.key.node == "goal")
    {
        let room = [(stacks.own_max, "own_max"), (stacks.max, "max")]
            .into_iter()
            .filter(|&(most, _)| most > 0)
            .min_by_key(|&(most, _)| most);
        if let Some((most, setting)) = room {
            let holds = u16::from(home.goal) * u16::from(most);
            if holds < u16::from(pieces) {
                errors.push(Diagnostic::new(
                    "compile::goal_too_small",
                    goal.key.span,
                    format!(
                        "a goal of {} steps holds at most {holds} of a seat's pieces ({most} a step: stacks {{ {setting} = {most} }}), but a seat has {pieces}: no seat could finish",
                        home.goal
                    ),
                ));
            }
        }
    }
    // turn: begins = one_die_each: two seats, each throwing one of two dice.
    if let (Some(turn), Some(block)) = (&turn, turn_block)
        && turn.first_throw_unlike
        && let Some(found) = block.settings.iter().find(|s| s.key.node == "begins")
    {
        let two_dice = dice.outcomes.iter().any(|o| o.doubles)
            && (dice.outcomes.iter())
                .filter(|o| !o.doubles)
                .all(|o| o.values.len() == 2);
        let problem = if !two_dice {
            Some(format!(
                "each of two seats throws one of two dice, and {} are not two dice with faces",
                dice.name
            ))
        } else {
            not_two_players(&tables, "each of two seats throws one die")
        };
        if let Some(problem) = problem {
            errors.push(
                Diagnostic::new("compile::one_die_each", found.value.span, problem).with_help(
                    "`begins = one_die_each` needs `dice { count = 2 }` and two players",
                ),
            );
        }
    }
    // end: doubling: two seats, and a stake to double.
    if let (Some(end), Some(block)) = (&end, end_block)
        && end.doubling
        && let Some(found) = block.settings.iter().find(|s| s.key.node == "doubling")
    {
        let problem = if end.forfeit_game == 0 {
            Some("the stake that doubling doubles is what a loser pays for the game, and `forfeit_game` is 0".to_string())
        } else {
            not_two_players(&tables, "one seat offers to double and the other answers")
        };
        if let Some(problem) = problem {
            errors.push(
                Diagnostic::new("compile::doubling", found.value.span, problem).with_help(
                    "`doubling = yes` needs `forfeit_game` of 1 or more and two players, each with one seat",
                ),
            );
        }
    }
    let total_pieces = tables.iter().map(|t| t.seats.len()).max().unwrap_or(0) * pieces as usize;
    // A fight counts its pieces by kind; `pieces` must agree with them.
    if let Some(f) = &fight
        && f.pieces_per_seat() != pieces as u32
    {
        errors.push(Diagnostic::new(
            "compile::pieces_and_kinds",
            game?.kind.span,
            format!(
                "the game says {pieces} pieces a seat, but the kinds give {}",
                f.pieces_per_seat()
            ),
        ));
    }
    if total_pieces > crate::rules::MAX_PIECES {
        errors.push(Diagnostic::new(
            "compile::too_many_pieces",
            game?.kind.span,
            format!(
                "{total_pieces} pieces in play is over the limit of {} pieces",
                crate::rules::MAX_PIECES
            ),
        ));
    }
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
        capture,
        stacks: stacks?,
        end: end?,
        fight,
        field: None,
    })
}

/// Where a rule needs two players of one seat each (`rule` says why): the
/// first table that is not so, in words.
fn not_two_players(tables: &[crate::rules::Table], rule: &str) -> Option<String> {
    let t = tables
        .iter()
        .find(|t| t.seats.len() != 2 || t.players != 2)?;
    Some(format!(
        "{rule}, and a table of {} players has {} seats",
        t.players,
        t.seats.len()
    ))
}

/// Why a goal of `goal` steps (more than 1) is not each seat's own, if it
/// is not: a goal is a row a seat fills with its own pieces, so its cells,
/// home included, may be on no other seat's track, and a detour may not
/// reach into it (a finished piece would go round out of its goal).
fn goal_not_its_own(
    seats: &[crate::rules::SeatRules],
    goal: u8,
    board: &crate::rules::Board,
) -> Option<String> {
    for (a, seat) in seats.iter().enumerate() {
        let home = seat.track.home();
        let first = (home + 1).saturating_sub(goal);
        if let Some((from, to)) = seat.track.detour
            && to >= first
        {
            return Some(format!(
                "the detour of seat {} (steps {from} to {to}) reaches into its goal of {goal} steps (steps {first} to {home})",
                seat.name
            ));
        }
        for step in first..=home {
            let cell = seat.track.cell(step);
            if let Some(other) = seats
                .iter()
                .enumerate()
                .find(|&(b, o)| b != a && o.track.cells.contains(&cell))
            {
                return Some(format!(
                    "a goal of {goal} steps is its seat's own, but cell {} of the goal of seat {} is on the track of seat {} too",
                    board.cell_name(cell),
                    seat.name,
                    other.1.name
                ));
            }
        }
    }
    None
}
