//! Static lints: what the compiled rule set says, read without playing.

use std::collections::BTreeSet;

use super::{Check, Status};
use crate::rules::entry::EntryThrows;
use crate::rules::{CellId, FirstPiece, NearHome, RuleSet, SeatId, Track};

/// Every static lint, in the order of the report.
pub(super) fn all(rules: &RuleSet) -> Vec<Check> {
    if let Some(f) = &rules.fight {
        return super::fight_lints::all(rules, f);
    }
    if let Some(field) = &rules.field {
        return super::field_lints::all(rules, field);
    }
    vec![
        symmetry(rules),
        reached_cells(rules),
        track_ends(rules),
        safe_cells(rules),
        pieces(rules),
        dice_values(rules),
        stalls(rules),
    ]
}

/// The seats that play at some table, in the order the file defines them.
fn seats_in_play(rules: &RuleSet) -> Vec<SeatId> {
    let mut seats: Vec<SeatId> = rules
        .tables
        .iter()
        .flat_map(|t| t.seats.iter().copied())
        .collect();
    seats.sort_unstable();
    seats.dedup();
    seats
}

fn track(rules: &RuleSet, seat: SeatId) -> &Track {
    &rules.seats[seat.0 as usize].track
}

fn seat_name(rules: &RuleSet, seat: SeatId) -> &str {
    &rules.seats[seat.0 as usize].name
}

fn cell_name(rules: &RuleSet, cell: CellId) -> &str {
    rules.board.cell_name(cell)
}

/// Names, the first `most` of them, and how many more.
fn some_names(names: &[&str], most: usize) -> String {
    let mut out = names
        .iter()
        .take(most)
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > most {
        out.push_str(&format!(" and {} more", names.len() - most));
    }
    out
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What marks a race step: whether it is safe, and whether its cell is the
/// start or the home of a seat of the table.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Marks {
    safe: bool,
    start: bool,
    home: bool,
}

impl Marks {
    fn describe(self) -> String {
        let mut words = Vec::new();
        if self.safe {
            words.push("safe");
        }
        if self.start {
            words.push("a seat's start");
        }
        if self.home {
            words.push("a seat's home");
        }
        if words.is_empty() {
            "plain".into()
        } else {
            words.join(" and ")
        }
    }
}

/// Seats of one table whose tracks differ in length, or whose safe steps,
/// or the steps where they pass a seat's start or home, are not the same
/// as the first seat's.
fn symmetry(rules: &RuleSet) -> Check {
    let mut lengths = BTreeSet::new();
    let mut safe_counts = BTreeSet::new();
    let mut findings = Vec::new();
    for table in &rules.tables {
        let starts: Vec<CellId> = table
            .seats
            .iter()
            .map(|&s| track(rules, s).cells[0])
            .collect();
        let homes: Vec<CellId> = table
            .seats
            .iter()
            .map(|&s| {
                let t = track(rules, s);
                t.cell(t.home())
            })
            .collect();
        let marks = |t: &Track, step: u8| {
            let cell = t.cell(step);
            Marks {
                safe: t.safe[step as usize],
                start: starts.contains(&cell),
                home: homes.contains(&cell),
            }
        };
        let first = table.seats[0];
        let reference = track(rules, first);
        for &seat in &table.seats {
            let t = track(rules, seat);
            lengths.insert(t.home());
            safe_counts.insert((1..t.home()).filter(|&s| t.safe[s as usize]).count());
            if seat == first {
                continue;
            }
            if t.home() != reference.home() {
                findings.push(format!(
                    "the track of {} has {} steps, but the track of {} has {}",
                    seat_name(rules, seat),
                    t.home(),
                    seat_name(rules, first),
                    reference.home()
                ));
                continue;
            }
            if let Some(step) = (1..t.home()).find(|&s| marks(t, s) != marks(reference, s)) {
                findings.push(format!(
                    "step {step} of {} ({}) is {}, but step {step} of {} ({}) is {}",
                    seat_name(rules, seat),
                    cell_name(rules, t.cell(step)),
                    marks(t, step).describe(),
                    seat_name(rules, first),
                    cell_name(rules, reference.cell(step)),
                    marks(reference, step).describe(),
                ));
            }
        }
    }
    let list = |set: &BTreeSet<_>| {
        set.iter()
            .map(|n: &_| format!("{n}"))
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let lengths: BTreeSet<usize> = lengths.into_iter().map(usize::from).collect();
    let mut check = Check::new(
        "symmetry",
        format!(
            "{} in {}: tracks of {} steps, {} safe steps each",
            plural(seats_in_play(rules).len(), "seat", "seats"),
            plural(rules.tables.len(), "table", "tables"),
            list(&lengths),
            list(&safe_counts),
        ),
    );
    for f in findings {
        check.found(Status::Failed, f);
    }
    check
}

/// Cells of the board that no track of a playing seat reaches, at any step.
fn reached_cells(rules: &RuleSet) -> Check {
    let mut reached = vec![false; rules.board.cells.len()];
    for seat in seats_in_play(rules) {
        for &c in &track(rules, seat).cells {
            reached[c.0 as usize] = true;
        }
    }
    let unreached: Vec<&str> = rules
        .board
        .cells
        .iter()
        .zip(&reached)
        .filter(|(_, r)| !**r)
        .map(|(c, _)| c.name.as_str())
        .collect();
    let mut check = Check::new(
        "cells reached",
        format!(
            "{} of {} reached by a track",
            reached.iter().filter(|r| **r).count(),
            plural(rules.board.cells.len(), "cell", "cells"),
        ),
    );
    if !unreached.is_empty() {
        check.found(
            Status::Warning,
            format!(
                "{} no track reaches: {}",
                plural(unreached.len(), "cell", "cells"),
                some_names(&unreached, 24)
            ),
        );
    }
    check
}

/// Where tracks start and end: a table where some seats share a home and
/// others do not. Homes all on one cell (Pachisi's centre) and homes each of
/// its own (Mensch's goals) are both games as declared; a mix is a track
/// that ends where its file meant another to.
fn track_ends(rules: &RuleSet) -> Check {
    let seats = seats_in_play(rules);
    let cells = |pick: &dyn Fn(&Track) -> CellId| {
        let mut names: Vec<&str> = seats
            .iter()
            .map(|&s| cell_name(rules, pick(track(rules, s))))
            .collect();
        names.sort_unstable();
        names.dedup();
        names.join(", ")
    };
    let mut check = Check::new(
        "track ends",
        format!(
            "starts: {}; homes: {}",
            cells(&|t| t.cells[0]),
            cells(&|t| t.cell(t.home()))
        ),
    );
    for table in &rules.tables {
        let home = |s: SeatId| {
            let t = track(rules, s);
            t.cell(t.home())
        };
        let homes: Vec<CellId> = table.seats.iter().map(|&s| home(s)).collect();
        let shared = |cell: &CellId| homes.iter().filter(|&h| h == cell).count() > 1;
        let some_shared = homes.iter().any(shared);
        let all_one = homes.iter().all(|h| *h == homes[0]);
        if some_shared && !all_one {
            let each: Vec<String> = table
                .seats
                .iter()
                .map(|&s| format!("{} at {}", seat_name(rules, s), cell_name(rules, home(s))))
                .collect();
            check.found(
                Status::Warning,
                format!(
                    "at the table of {} players some seats share a home and others do not: {}",
                    table.seats.len(),
                    each.join(", ")
                ),
            );
        }
    }
    check
}

/// Safe cells that no track passes on its race (start and home are off the
/// race, so a safe cell there makes no difference).
fn safe_cells(rules: &RuleSet) -> Check {
    let seats = seats_in_play(rules);
    let on_a_race = |cell: CellId| {
        seats.iter().any(|&s| {
            let t = track(rules, s);
            t.visits[cell.0 as usize].iter().any(|&v| v != u8::MAX)
        })
    };
    let unused: Vec<&str> = rules
        .capture
        .safe
        .iter()
        .filter(|&&c| !on_a_race(c))
        .map(|&c| cell_name(rules, c))
        .collect();
    let mut check = Check::new(
        "safe cells",
        format!(
            "{} of {} on a race",
            rules.capture.safe.len() - unused.len(),
            plural(rules.capture.safe.len(), "safe cell", "safe cells"),
        ),
    );
    if !unused.is_empty() {
        check.found(
            Status::Warning,
            format!(
                "{} no track passes on its race: {}",
                plural(unused.len(), "safe cell", "safe cells"),
                some_names(&unused, 24)
            ),
        );
    }
    check
}

/// Every seat at a table has pieces; seats no table seats are noted.
fn pieces(rules: &RuleSet) -> Check {
    let in_play = seats_in_play(rules);
    let mut check = Check::new(
        "pieces",
        format!(
            "{} a seat, {} at the largest table",
            rules.pieces_per_seat,
            rules
                .tables
                .iter()
                .map(|t| t.seats.len() * rules.pieces_per_seat as usize)
                .max()
                .unwrap_or(0)
        ),
    );
    if rules.tables.is_empty() {
        check.found(Status::Failed, "the file has no table of players".into());
    }
    if rules.pieces_per_seat == 0 {
        check.found(
            Status::Failed,
            "the seats have no pieces (game: pieces)".into(),
        );
    }
    let idle: Vec<&str> = (0..rules.seats.len())
        .map(|i| SeatId(i as u8))
        .filter(|s| !in_play.contains(s))
        .map(|s| seat_name(rules, s))
        .collect();
    if !idle.is_empty() {
        check.found(
            Status::Warning,
            format!(
                "{} at no table: {}",
                plural(idle.len(), "seat plays", "seats play"),
                idle.join(", ")
            ),
        );
    }
    check
}

/// The step a piece at `from` reaches with `value` on an empty board under
/// the rules of home, as the engine moves it; `None` when the value is refused.
fn reach(rules: &RuleSet, from: u8, value: u8, home: u8) -> Option<u8> {
    let target = from as u16 + value as u16;
    if target <= home as u16 {
        return Some(target as u8);
    }
    if !rules.home.exact {
        return Some(home);
    }
    let smallest = rules.dice.smallest;
    (rules.home.near == NearHome::SmallestThrow && home - from < smallest && value == smallest)
        .then_some(home)
}

/// Whether a piece at the start leaves on `value` (from a throw with
/// `again` or not) under `throws`.
fn leaves(rules: &RuleSet, throws: &EntryThrows, value: u8, again: bool, home: u8) -> bool {
    throws.allows(value, again)
        && (!rules.entry.moves_score || reach(rules, 0, value, home).is_some())
}

/// Whether a piece of a seat with `track` at `step` can move with `value`
/// on an empty board (at the start, as the first piece or another).
fn usable(rules: &RuleSet, t: &Track, step: u8, value: u8, again: bool) -> bool {
    let home = t.home();
    if step == 0 {
        leaves(rules, &rules.entry.first_on, value, again, home)
            || leaves(rules, &rules.entry.on, value, again, home)
    } else {
        reach(rules, step, value, home).is_some()
    }
}

/// Outcomes of the dice with a value that no move can ever use.
fn dice_values(rules: &RuleSet) -> Check {
    let seats = seats_in_play(rules);
    let values: BTreeSet<u8> = rules
        .dice
        .outcomes
        .iter()
        .flat_map(|o| o.values.iter().copied())
        .collect();
    let mut check = Check::new(
        "dice values",
        format!(
            "{}, values {}",
            plural(rules.dice.outcomes.len(), "outcome", "outcomes"),
            values
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    for o in &rules.dice.outcomes {
        let mut never: Vec<u8> = o
            .values
            .iter()
            .copied()
            .filter(|&v| {
                !seats.iter().any(|&s| {
                    let t = track(rules, s);
                    (0..t.home()).any(|step| usable(rules, t, step, v, o.again))
                })
            })
            .collect();
        never.dedup();
        for v in never {
            check.found(
                Status::Warning,
                format!(
                    "the value {v} of the outcome {} ({}/{}) can never be used: no piece at any step of any track can move {v}",
                    o.label, o.weight, rules.dice.total
                ),
            );
        }
    }
    check
}

/// "a throw of 1", "a throw of 1 or 2", "a throw of 1 to 4".
fn throws_up_to(most: u8) -> String {
    match most {
        1 => "a throw of 1".into(),
        2 => "a throw of 1 or 2".into(),
        _ => format!("a throw of 1 to {most}"),
    }
}

/// Steps where a piece can never move, even on an empty board, and starts
/// no piece can ever leave.
fn stalls(rules: &RuleSet) -> Check {
    let seats = seats_in_play(rules);
    let given: BTreeSet<u8> = rules
        .dice
        .outcomes
        .iter()
        .flat_map(|o| o.values.iter().copied())
        .collect();
    let mut steps = 0;
    let mut check = Check::new("stalls", String::new());
    for &seat in &seats {
        let t = track(rules, seat);
        let home = t.home();
        let name = seat_name(rules, seat);
        let start = cell_name(rules, t.cells[0]);
        let any_leaves = |throws: &EntryThrows| {
            rules.dice.outcomes.iter().any(|o| {
                o.values
                    .iter()
                    .any(|&v| leaves(rules, throws, v, o.again, home))
            })
        };
        steps += 1;
        if !any_leaves(&rules.entry.first_on) {
            check.found(
                Status::Failed,
                format!(
                    "a piece of {name} at its start ({start}) can never leave: no throw the dice give lets the first piece out (entry: first_on) and reach a step of the track"
                ),
            );
        } else if rules.pieces_per_seat > 1 && !any_leaves(&rules.entry.on) {
            match rules.entry.first {
                FirstPiece::FirstOfGame => check.found(
                    Status::Failed,
                    format!(
                        "after the first piece of {name}, no piece at its start ({start}) can ever leave: no throw the dice give lets it out (entry: on)"
                    ),
                ),
                FirstPiece::NoneOnBoard => check.found(
                    Status::Warning,
                    format!(
                        "a piece of {name} at its start ({start}) leaves only while none of its pieces is on the board: no throw the dice give lets another out (entry: on)"
                    ),
                ),
            }
        }
        for step in 1..home {
            steps += 1;
            let moves = rules.dice.outcomes.iter().any(|o| {
                o.values
                    .iter()
                    .any(|&v| reach(rules, step, v, home).is_some())
            });
            if moves {
                continue;
            }
            let short = home - step;
            let never = if short == 1 {
                "the dice never give 1".to_string()
            } else {
                format!(
                    "the smallest value the dice give is {}",
                    given.first().copied().unwrap_or(0)
                )
            };
            check.found(
                Status::Failed,
                format!(
                    "a piece of {name} at step {step} ({}) can never move: it needs {}, and {never}",
                    cell_name(rules, t.cell(step)),
                    throws_up_to(short)
                ),
            );
        }
    }
    check.figures = format!(
        "{} of {} checked on an empty board",
        plural(steps, "step", "steps"),
        plural(seats.len(), "seat", "seats")
    );
    check
}
