//! Who moves which seat: `hands` (one player plays several seats) and
//! `dummy` (a seat nobody sits at, which the players move in turn).

use super::{reader::BlockReader, seats::seat_ref};
use crate::{
    diagnostic::Diagnostic,
    rules::{DUMMY, seats::SeatId},
    syntax::ast::{Atom, AtomKind},
};

/// The players of a table whose seats are not one a player.
pub struct Seating {
    /// For each playing seat (in turn order), its player or [`DUMMY`].
    pub player_of: Vec<u8>,
    /// Whether the players were given as hands of seats (each hand one side).
    pub hands: bool,
}

/// Reads `hands` and `dummy` of a players block. `None` when the block is
/// wrong (reported); `Some(None)` when each seat is one player.
pub fn players_of(
    r: &BlockReader,
    seats: &[String],
    table: &[SeatId],
    count: usize,
    errors: &mut Vec<Diagnostic>,
) -> Option<Option<Seating>> {
    let hands = r.get("hands");
    let dummy = r.get("dummy");
    if let (Some(_), Some(d)) = (hands, dummy) {
        errors.push(Diagnostic::new(
            "compile::hands_and_dummy",
            d.key.span,
            "a table has either `hands` or a `dummy`, not both",
        ));
        return None;
    }
    let name = |id: SeatId| seats[id.0 as usize].clone();
    if let Some(setting) = dummy {
        let [element] = setting.value.elements.as_slice() else {
            errors.push(Diagnostic::new(
                "compile::expected_one_value",
                setting.value.span,
                "`dummy` names one seat",
            ));
            return None;
        };
        let atom = element.atoms.first()?;
        let id = seat_ref(seats, atom, errors)?;
        let Some(at) = table.iter().position(|s| *s == id) else {
            errors.push(Diagnostic::new(
                "compile::dummy_not_playing",
                atom.span,
                format!(
                    "the dummy {} is not one of the seats of this table",
                    name(id)
                ),
            ));
            return None;
        };
        if table.len() != count + 1 {
            errors.push(Diagnostic::new(
                "compile::players_count",
                setting.value.span,
                format!(
                    "a game of {count} players and a dummy needs {} seats, not {}",
                    count + 1,
                    table.len()
                ),
            ));
            return None;
        }
        let mut player_of = Vec::with_capacity(table.len());
        let mut next = 0u8;
        for i in 0..table.len() {
            if i == at {
                player_of.push(DUMMY);
            } else {
                player_of.push(next);
                next += 1;
            }
        }
        return Some(Some(Seating {
            player_of,
            hands: false,
        }));
    }
    let Some(setting) = hands else {
        return Some(None);
    };
    let mut player_of = vec![DUMMY; table.len()];
    for (p, element) in setting.value.elements.iter().enumerate() {
        let members: Vec<&Atom> = match element.atoms.as_slice() {
            [
                Atom {
                    kind: AtomKind::Group(v),
                    ..
                },
            ] => v.elements.iter().filter_map(|e| e.atoms.first()).collect(),
            [single] => vec![single],
            _ => Vec::new(),
        };
        for atom in members {
            let id = seat_ref(seats, atom, errors)?;
            match table.iter().position(|s| *s == id) {
                Some(i) if player_of[i] == DUMMY => player_of[i] = p as u8,
                Some(_) => {
                    errors.push(Diagnostic::new(
                        "compile::seat_twice",
                        atom.span,
                        format!("seat {} is in two hands", name(id)),
                    ));
                    return None;
                }
                None => {
                    errors.push(Diagnostic::new(
                        "compile::hand_seat_not_playing",
                        atom.span,
                        format!(
                            "seat {} is in a hand but is not one of the seats of this table",
                            name(id)
                        ),
                    ));
                    return None;
                }
            }
        }
    }
    if let Some(i) = player_of.iter().position(|&p| p == DUMMY) {
        errors.push(Diagnostic::new(
            "compile::seat_without_hand",
            setting.value.span,
            format!("seat {} plays but is in nobody's hand", name(table[i])),
        ));
        return None;
    }
    if setting.value.elements.len() != count {
        errors.push(Diagnostic::new(
            "compile::players_count",
            setting.value.span,
            format!(
                "a game of {count} players needs {count} hands, not {}",
                setting.value.elements.len()
            ),
        ));
        return None;
    }
    Some(Some(Seating {
        player_of,
        hands: true,
    }))
}
