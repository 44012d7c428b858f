//! Static lints of a fight: cells no piece can reach, lines a piece cannot
//! get to from its entry cells, die values that move nothing.

use super::{Check, Status};
use crate::rules::{CellId, RuleSet, fight::FightRules};

/// Every static lint of a fight, in the order of the report.
pub(super) fn all(rules: &RuleSet, f: &FightRules) -> Vec<Check> {
    vec![reached_cells(rules, f), dice_values(rules, f)]
}

/// Cells on no line, or that a seat's pieces can never get to.
fn reached_cells(rules: &RuleSet, f: &FightRules) -> Check {
    let faces: Vec<u8> = dice_faces(rules);
    let mut findings = Vec::new();
    let mut reached_all = vec![true; rules.board.cells.len()];
    for (seat, entries) in f.entries.iter().enumerate() {
        let mut seen = vec![false; rules.board.cells.len()];
        let mut todo: Vec<CellId> = entries.clone();
        while let Some(c) = todo.pop() {
            if std::mem::replace(&mut seen[c.0 as usize], true) {
                continue;
            }
            for &v in &faces {
                todo.extend(f.reach(c, v).iter().filter(|d| !seen[d.0 as usize]));
            }
        }
        let missed: Vec<&str> = rules
            .board
            .cells
            .iter()
            .enumerate()
            .filter(|(i, _)| !seen[*i] && f.line_of[*i] != crate::rules::fight::NONE)
            .map(|(_, c)| c.name.as_str())
            .collect();
        if !missed.is_empty() {
            findings.push(format!(
                "the pieces of {} never get to {}",
                rules.seats.get(seat).map_or("?", |s| s.name.as_str()),
                missed.join(" ")
            ));
        }
        for (r, s) in reached_all.iter_mut().zip(&seen) {
            *r &= *s;
        }
    }
    let off: Vec<&str> = rules
        .board
        .cells
        .iter()
        .enumerate()
        .filter(|(i, _)| f.line_of[*i] == crate::rules::fight::NONE)
        .map(|(_, c)| c.name.as_str())
        .collect();
    let mut check = Check::new(
        "cells reached",
        format!(
            "{} of {} cells on a line, every one reached from every seat's entry cells: {}",
            rules.board.cells.len() - off.len(),
            rules.board.cells.len(),
            if findings.is_empty() { "yes" } else { "no" }
        ),
    );
    if !off.is_empty() {
        check.found(
            Status::Warning,
            format!("cells on no line: {}", off.join(" ")),
        );
    }
    for finding in findings {
        check.found(Status::Warning, finding);
    }
    check
}

fn dice_faces(rules: &RuleSet) -> Vec<u8> {
    let mut faces: Vec<u8> = rules
        .dice
        .outcomes
        .iter()
        .flat_map(|o| o.values.iter().copied())
        .collect();
    faces.sort_unstable();
    faces.dedup();
    faces
}

/// Die values that neither move a piece along any line nor bring one on.
fn dice_values(rules: &RuleSet, f: &FightRules) -> Check {
    let faces = dice_faces(rules);
    let idle: Vec<String> = faces
        .iter()
        .filter(|&&v| {
            v != f.enter_on
                && (0..rules.board.cells.len()).all(|c| f.reach(CellId(c as u16), v).is_empty())
        })
        .map(|v| v.to_string())
        .collect();
    let mut check = Check::new(
        "dice values",
        format!(
            "{} values, each moves a piece or brings one on",
            faces.len()
        ),
    );
    if !idle.is_empty() {
        check.found(
            Status::Warning,
            format!("values that move nothing: {}", idle.join(", ")),
        );
    }
    if !faces.contains(&f.enter_on) {
        check.found(
            Status::Failed,
            format!(
                "no throw gives the {} that brings a piece on, so no piece ever comes on",
                f.enter_on
            ),
        );
    }
    check
}
