//! Battles: which pieces are engaged, which may join the battle being
//! formed, when it may be fought, and what its result does.

use super::state::FieldState;
use crate::rules::field::FieldRules;

/// Whether `seat`'s piece on `cell` has not fought and stands next to an
/// enemy piece that has not fought either, leaving out the cells in `skip`.
pub fn engaged(rules: &FieldRules, field: &FieldState, seat: u8, cell: u16, skip: &[u16]) -> bool {
    let enemy = 1 - seat;
    match field.pawn(seat, cell) {
        Some(p) if !p.fought => rules
            .neighbours(cell)
            .any(|n| !skip.contains(&n) && field.pawn(enemy, n).is_some_and(|e| !e.fought)),
        _ => false,
    }
}

/// Whether any battle remains to be fought: a piece of the mover next to an
/// enemy piece, neither having fought.
pub fn any_left(rules: &FieldRules, field: &FieldState, mover: u8) -> bool {
    field.armies.get(mover as usize).is_some_and(|army| {
        army.iter()
            .any(|p| engaged(rules, field, mover, p.cell, &[]))
    })
}

/// Whether the piece on `cell` may join the battle being formed: it is
/// engaged, not in it yet, and (unless the battle is empty) next to a piece
/// of the other side in it.
pub fn may_join(rules: &FieldRules, field: &FieldState, cell: u16) -> bool {
    let Some(seat) = field.owner(cell) else {
        return false;
    };
    if field.battle.contains(&cell) || !engaged(rules, field, seat, cell, &[]) {
        return false;
    }
    field.battle.is_empty()
        || field
            .battle
            .iter()
            .any(|&b| field.owner(b) == Some(1 - seat) && rules.adjacent(b, cell))
}

/// The pieces of each side in the battle: (attackers, defenders).
pub fn sides(field: &FieldState, mover: u8) -> (u8, u8) {
    let attackers = field
        .battle
        .iter()
        .filter(|&&c| field.owner(c) == Some(mover))
        .count() as u8;
    (attackers, field.battle.len() as u8 - attackers)
}

/// The first piece that would be left engaged with no opponent to fight if
/// the battle were fought now: every defender must be fought and, with
/// `combat { attackers = all }`, every attacker must fight.
pub fn left_alone(rules: &FieldRules, field: &FieldState, mover: u8) -> Option<u16> {
    let defender = 1 - mover;
    let must: &[u8] = if rules.all_attackers_fight {
        &[0, 1]
    } else {
        &[defender, defender]
    };
    for &seat in must {
        for p in &field.armies[seat as usize] {
            if p.fought || field.battle.contains(&p.cell) {
                continue;
            }
            let engaged_now = engaged(rules, field, seat, p.cell, &[]);
            if engaged_now && !engaged(rules, field, seat, p.cell, &field.battle) {
                return Some(p.cell);
            }
        }
    }
    None
}
