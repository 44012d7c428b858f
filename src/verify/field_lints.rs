//! Static lints of a field game: whether the hex board lets both sides set
//! up and meet, and whether the combat results table is whole.

use super::{Check, Status};
use crate::rules::RuleSet;
use crate::rules::field::{CellKind, FieldRules};

/// Every static lint of a field game, in the order of the report.
pub(super) fn all(rules: &RuleSet, field: &FieldRules) -> Vec<Check> {
    vec![
        set_up_room(rules, field),
        connected(field),
        centres(field),
        table(field),
    ]
}

/// Each seat's half holds at least its pieces on passable cells.
fn set_up_room(rules: &RuleSet, field: &FieldRules) -> Check {
    let pieces = rules.pieces_per_seat as usize;
    let room = |half: u8| {
        (0..field.kinds.len())
            .filter(|&c| field.half[c] == half && field.kinds[c] != CellKind::Impassable)
            .count()
    };
    let mut check = Check::new(
        "set-up room",
        format!(
            "{} and {} passable cells on the two halves for {pieces} pieces a side",
            room(0),
            room(1)
        ),
    );
    for (seat, &half) in rules.seats.iter().zip(&field.seat_half) {
        if room(half) < pieces {
            check.found(
                Status::Failed,
                format!(
                    "seat {} has {} cells on its half for {pieces} pieces",
                    seat.name,
                    room(half)
                ),
            );
        }
    }
    check
}

/// Every passable cell can be reached from every other, so the armies can meet.
fn connected(field: &FieldRules) -> Check {
    let passable: Vec<u16> = (0..field.kinds.len() as u16)
        .filter(|&c| field.kind(c) != CellKind::Impassable)
        .collect();
    let mut seen = vec![false; field.kinds.len()];
    let mut stack: Vec<u16> = passable.first().copied().into_iter().collect();
    let mut count = 0;
    while let Some(c) = stack.pop() {
        if std::mem::replace(&mut seen[c as usize], true) {
            continue;
        }
        count += 1;
        stack.extend(
            field
                .neighbours(c)
                .filter(|&n| field.kind(n) != CellKind::Impassable && !seen[n as usize]),
        );
    }
    let mut check = Check::new(
        "cells connected",
        format!(
            "{count} of {} passable cells reached from the first",
            passable.len()
        ),
    );
    if count < passable.len() {
        check.found(
            Status::Warning,
            format!(
                "{} passable cells cannot be reached from the rest",
                passable.len() - count
            ),
        );
    }
    check
}

/// Each half has a replacement centre, or reinforcement never happens.
fn centres(field: &FieldRules) -> Check {
    let on = |half: u8| field.centres.iter().filter(|c| c.half == half).count();
    let mut check = Check::new(
        "centres",
        format!(
            "{} and {} replacement centres on the two halves",
            on(0),
            on(1)
        ),
    );
    if field.per_centre > 0 && (on(0) == 0 || on(1) == 0) {
        check.found(
            Status::Warning,
            "a half without a replacement centre never gets pieces back".into(),
        );
    }
    check
}

/// The results table has a row for each die value and a result in each column.
fn table(field: &FieldRules) -> Check {
    let t = &field.table;
    let mut check = Check::new(
        "combat table",
        format!("{} rows of {} columns", t.rows.len(), t.columns.len()),
    );
    if t.columns.is_empty() || t.rows.iter().any(|r| r.len() != t.columns.len()) {
        check.found(Status::Failed, "the table has missing results".into());
    }
    check
}
