//! `seat` blocks with their tracks, and `players` blocks with their tables.

use super::{
    cells::cell_list,
    reader::{BlockReader, name_atom, number_atom},
};
use crate::{
    diagnostic::{Diagnostic, Span, nearest},
    rules::{
        MAX_SEATS, MAX_TRACK,
        board::{Board, CellId},
        seats::{SeatId, SeatRules, Table},
        track::{MAX_VISITS, Track},
    },
    syntax::ast::{Atom, AtomKind, Block, BlockKind, VariantFile},
};

const SEAT_SETTINGS: &[&str] = &["track", "detour", "entry_cells"];
const PLAYER_SETTINGS: &[&str] = &["seats", "teams", "hands", "dummy"];

enum TrackSource<'a> {
    /// Cells listed, each with the span of its element.
    Cells(Vec<(CellId, Span)>),
    Rotated {
        of: &'a Atom,
        turns: u32,
    },
    /// No track: the seat's pieces fight along lines instead.
    NoTrack,
}

/// The seats of the file, in file order, each with its track.
pub fn seats(
    file: &VariantFile,
    board: &Board,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<SeatRules>> {
    let blocks: Vec<&Block> = file
        .blocks
        .iter()
        .filter(|b| b.kind.node == BlockKind::Seat)
        .collect();
    let mut names: Vec<(String, &Block)> = Vec::new();
    let mut sources: Vec<Option<TrackSource>> = Vec::new();
    for block in &blocks {
        let Some(label) = &block.label else {
            errors.push(Diagnostic::new(
                "compile::seat_name",
                block.kind.span,
                "a seat needs a name, such as `seat red { .. }`",
            ));
            return None;
        };
        let name = name_atom("seat", label)
            .map_err(|d| errors.push(d))
            .ok()?
            .to_string();
        if let Some((_, first)) = names.iter().find(|(n, _)| *n == name) {
            errors.push(
                Diagnostic::new(
                    "compile::duplicate_seat",
                    label.span,
                    format!("the seat `{name}` is defined twice"),
                )
                .with_note(
                    first.label.as_ref().map_or(first.kind.span, |l| l.span),
                    "first defined here",
                ),
            );
            return None;
        }
        let what = format!("seat {name}");
        let r = BlockReader::new(block, SEAT_SETTINGS, what.clone(), errors);
        let source = match r.get("track") {
            // A seat of a fight has entry cells and no track (see `fight`).
            None if r.get("entry_cells").is_some() => Some(TrackSource::NoTrack),
            None => {
                errors.push(Diagnostic::new(
                    "compile::seat_without_track",
                    label.span,
                    format!("seat {name} has no track"),
                ).with_help("give it one: `track = start, cells.., home` or `track = rotate(other_seat, 1)`"));
                None
            }
            Some(setting) => match setting.value.elements.as_slice() {
                [element]
                    if matches!(
                        element.atoms.as_slice(),
                        [Atom {
                            kind: AtomKind::Call(..),
                            ..
                        }]
                    ) =>
                {
                    rotation(&element.atoms[0], board, errors)
                }
                _ => cell_list(
                    board,
                    &setting.value,
                    &format!("the track of seat {name}"),
                    errors,
                )
                .map(TrackSource::Cells),
            },
        };
        names.push((name, block));
        sources.push(source);
    }
    if names.len() > MAX_SEATS {
        errors.push(Diagnostic::new(
            "compile::too_many_seats",
            blocks[MAX_SEATS].kind.span,
            format!("a game has at most {MAX_SEATS} seats"),
        ));
        return None;
    }
    // Explicit tracks first, then rotations of tracks already known.
    let mut tracks: Vec<Option<Vec<CellId>>> = sources
        .iter()
        .map(|s| match s {
            Some(TrackSource::Cells(c)) => Some(c.iter().map(|(c, _)| *c).collect()),
            _ => None,
        })
        .collect();
    for _ in 0..names.len() {
        for i in 0..names.len() {
            let Some(TrackSource::Rotated { of, turns }) = &sources[i] else {
                continue;
            };
            if tracks[i].is_some() {
                continue;
            }
            let other = match of.kind {
                AtomKind::Name(ref n) => n,
                _ => continue,
            };
            let Some(j) = names.iter().position(|(n, _)| n == other) else {
                continue;
            };
            let Some(base) = &tracks[j] else { continue };
            let mut rotated = Vec::with_capacity(base.len());
            for &c in base {
                match board.rotate(c, *turns) {
                    Some(r) => rotated.push(r),
                    None => {
                        errors.push(Diagnostic::new(
                            "compile::off_board",
                            of.span,
                            format!(
                                "the track of seat {} turned {} leaves the board at the turn of cell {}",
                                names[i].0,
                                if *turns == 2 { "a half turn".to_string() } else { format!("{turns} quarter turn{}", if *turns == 1 { "" } else { "s" }) },
                                board.cell_name(c)
                            ),
                        ));
                        rotated.clear();
                        break;
                    }
                }
            }
            if !rotated.is_empty() {
                tracks[i] = Some(rotated);
            }
        }
    }
    let mut out = Vec::new();
    let mut ok = true;
    // A turned track is reported only when nothing else was: a slip in the
    // track it turns shows there once, not again for every turn of it.
    for (i, (name, block)) in names.iter().enumerate() {
        if let Some(TrackSource::NoTrack) = &sources[i] {
            out.push(SeatRules {
                name: name.clone(),
                track: Track {
                    cells: Vec::new(),
                    visits: Vec::new(),
                    safe: Vec::new(),
                    detour: None,
                    detour_again: false,
                },
            });
            continue;
        }
        let whole = block
            .settings
            .iter()
            .find(|s| s.key.node == "track")
            .map_or(block.kind.span, |s| s.value.span);
        match (&sources[i], &tracks[i]) {
            (Some(TrackSource::Rotated { .. }), Some(cells)) => {
                let mut own = Vec::new();
                let spans = vec![whole; cells.len()];
                match check_track(board, name, cells, &spans, whole, &mut own) {
                    Some(track) => out.push(SeatRules {
                        name: name.clone(),
                        track,
                    }),
                    None => {
                        ok = false;
                        if errors.is_empty() {
                            errors.extend(own);
                        }
                    }
                }
            }
            (Some(TrackSource::Cells(listed)), Some(cells)) => {
                let spans: Vec<Span> = listed.iter().map(|(_, s)| *s).collect();
                match check_track(board, name, cells, &spans, whole, errors) {
                    Some(track) => out.push(SeatRules {
                        name: name.clone(),
                        track,
                    }),
                    None => ok = false,
                }
            }
            (_, Some(cells)) => match check_track(board, name, cells, &[], whole, errors) {
                Some(track) => out.push(SeatRules {
                    name: name.clone(),
                    track,
                }),
                None => ok = false,
            },
            (Some(TrackSource::Rotated { of, .. }), None) => {
                ok = false;
                if let AtomKind::Name(other) = &of.kind {
                    if !names.iter().any(|(n, _)| n == other) {
                        let mut d = Diagnostic::new(
                            "compile::unknown_seat",
                            of.span,
                            format!(
                                "there is no seat `{other}` whose track seat {name} could turn"
                            ),
                        );
                        if let Some(near) = nearest(other, names.iter().map(|(n, _)| n.as_str())) {
                            d = d.with_help(format!("did you mean `{near}`?"));
                        }
                        errors.push(d);
                    } else if names
                        .iter()
                        .position(|(n, _)| n == other)
                        .is_some_and(|j| matches!(sources[j], Some(TrackSource::Rotated { .. })))
                        && !errors.iter().any(|e| e.code == "compile::off_board")
                    {
                        // Only a turn of a turn can fail to resolve; a base
                        // track with its own error was reported already.
                        errors.push(Diagnostic::new(
                            "compile::track_cycle",
                            of.span,
                            format!("the track of seat {name} is turned from a track that is itself never given"),
                        ));
                    }
                }
            }
            _ => ok = false,
        }
    }
    if ok {
        detours(board, &names, &sources, &mut out, errors);
    }
    ok.then_some(out)
}

/// `rotate(seat, quarter_turns)`.
fn rotation<'a>(
    atom: &'a Atom,
    board: &Board,
    errors: &mut Vec<Diagnostic>,
) -> Option<TrackSource<'a>> {
    let AtomKind::Call(name, arg) = &atom.kind else {
        return None;
    };
    let usage = || {
        Diagnostic::new(
            "compile::bad_rotate",
            atom.span,
            "a turned track is written `rotate(seat, quarter_turns)`, such as `rotate(red, 1)`",
        )
    };
    if name.node != "rotate" {
        errors.push(
            Diagnostic::new(
                "compile::unknown_function",
                name.span,
                format!("there is no computed value `{}`", name.node),
            )
            .with_help("a track can be `rotate(seat, quarter_turns)`"),
        );
        return None;
    }
    let Some(arg) = arg else {
        errors.push(usage());
        return None;
    };
    match arg.elements.as_slice() {
        [seat, turns] if seat.atoms.len() == 1 && turns.atoms.len() == 1 => {
            let turns_atom = &turns.atoms[0];
            let turns = number_atom("rotate", turns_atom, 0, 3)
                .map_err(|d| errors.push(d))
                .ok()? as u32;
            if !matches!(seat.atoms[0].kind, AtomKind::Name(_)) {
                errors.push(usage());
                return None;
            }
            if turns % 2 == 1 && board.width != board.height {
                errors.push(
                    Diagnostic::new(
                        "compile::rotate_not_square",
                        turns_atom.span,
                        format!(
                            "a quarter turn needs a square board, and this board is {} squares wide and {} high",
                            board.width, board.height
                        ),
                    )
                    .with_help(format!(
                        "a half turn, `rotate({}, 2)`, works on any rectangular board",
                        match &seat.atoms[0].kind {
                            AtomKind::Name(n) => n.as_str(),
                            _ => "seat",
                        }
                    )),
                );
                return None;
            }
            Some(TrackSource::Rotated {
                of: &seat.atoms[0],
                turns,
            })
        }
        _ => {
            errors.push(usage());
            None
        }
    }
}

/// Checks a track; `spans[i]` is where cell `i` was written (the whole
/// track, `whole`, when the cells were not listed one by one).
fn check_track(
    board: &Board,
    seat: &str,
    cells: &[CellId],
    spans: &[Span],
    whole: Span,
    errors: &mut Vec<Diagnostic>,
) -> Option<Track> {
    let at = |i: usize| spans.get(i).copied().unwrap_or(whole);
    if cells.len() < 2 || cells.len() > MAX_TRACK {
        errors.push(Diagnostic::new(
            "compile::track_length",
            whole,
            format!(
                "the track of seat {seat} has {} cells; a track has from 2 to {MAX_TRACK}",
                cells.len()
            ),
        ));
        return None;
    }
    for (i, pair) in cells.windows(2).enumerate() {
        if !board.adjacent(pair[0], pair[1]) {
            let mut d = Diagnostic::new(
                "compile::track_jumps",
                at(i + 1),
                format!(
                    "the track of seat {seat} jumps from {} to {}, which are not next to each other",
                    board.cell_name(pair[0]),
                    board.cell_name(pair[1])
                ),
            );
            if at(i) != at(i + 1) {
                d = d
                    .with_label(format!(
                        "{} is not next to {}",
                        board.cell_name(pair[1]),
                        board.cell_name(pair[0])
                    ))
                    .with_note(
                        at(i),
                        format!("the track is at {} here", board.cell_name(pair[0])),
                    );
            }
            errors.push(d);
            return None;
        }
    }
    let home = cells.len() - 1;
    let mut visits = vec![[u8::MAX; MAX_VISITS]; board.cells.len()];
    for (step, &cell) in cells.iter().enumerate().take(home).skip(1) {
        if cell == cells[0] || cell == cells[home] {
            errors.push(Diagnostic::new(
                "compile::track_through_start",
                at(step),
                format!(
                    "the track of seat {seat} passes its {}, {}, at step {step}",
                    if cells[0] == cells[home] {
                        "start and home"
                    } else if cell == cells[0] {
                        "start"
                    } else {
                        "home"
                    },
                    board.cell_name(cell)
                ),
            ));
            return None;
        }
        let slots = &mut visits[cell.0 as usize];
        match slots.iter_mut().find(|s| **s == u8::MAX) {
            Some(slot) => *slot = step as u8,
            None => {
                errors.push(Diagnostic::new(
                    "compile::track_revisits",
                    at(step),
                    format!(
                        "the track of seat {seat} passes {} more than {MAX_VISITS} times",
                        board.cell_name(cell)
                    ),
                ));
                return None;
            }
        }
    }
    Some(Track {
        cells: cells.to_vec(),
        visits,
        safe: Vec::new(),
        detour: None,
        detour_again: false,
    })
}

/// The names of the seats, in file order, where every seat block is named
/// by a name (`seats` reports those that are not). The players blocks need
/// only these, so their errors are found even where a track is wrong.
pub fn names(file: &VariantFile) -> Option<Vec<String>> {
    file.blocks
        .iter()
        .filter(|b| b.kind.node == BlockKind::Seat)
        .map(|b| match &b.label {
            Some(Atom {
                kind: AtomKind::Name(n),
                ..
            }) => Some(n.clone()),
            _ => None,
        })
        .collect()
}

/// The `players` blocks, one table each, given the names of the seats.
pub fn tables(
    file: &VariantFile,
    seats: Option<&[String]>,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Table> {
    let blocks: Vec<&Block> = file
        .blocks
        .iter()
        .filter(|b| b.kind.node == BlockKind::Players)
        .collect();
    if blocks.is_empty() {
        errors.push(super::missing(
            "compile::no_players",
            file.end,
            "the file has no `players N { seats = .. }` block, so nobody can play",
        ));
    }
    let Some(seats) = seats else {
        return Vec::new();
    };
    let mut out: Vec<Table> = Vec::new();
    for block in blocks {
        let r = BlockReader::new(block, PLAYER_SETTINGS, "the players block", errors);
        let count = match &block.label {
            Some(atom) => match number_atom("players", atom, 1, MAX_SEATS as i64) {
                Ok(n) => n as usize,
                Err(d) => {
                    errors.push(d);
                    continue;
                }
            },
            None => {
                errors.push(Diagnostic::new(
                    "compile::players_count",
                    block.kind.span,
                    "a players block names its number of players, such as `players 4 { .. }`",
                ));
                continue;
            }
        };
        let Some(setting) = r.require("seats", errors) else {
            continue;
        };
        let mut table_seats = Vec::new();
        let mut all_known = true;
        for element in &setting.value.elements {
            let Some(id) = element
                .atoms
                .first()
                .and_then(|a| seat_ref(seats, a, errors))
            else {
                all_known = false;
                continue;
            };
            if table_seats.contains(&id) {
                errors.push(Diagnostic::new(
                    "compile::seat_twice",
                    element.span,
                    format!("seat {} is named twice", seats[id.0 as usize]),
                ));
            }
            table_seats.push(id);
        }
        if !all_known {
            // The unknown seat is reported; counting without it would only mislead.
            continue;
        }
        let seating = match super::seating::players_of(&r, seats, &table_seats, count, errors) {
            Some(s) => s,
            None => continue,
        };
        if seating.is_none() && table_seats.len() != count {
            errors.push(Diagnostic::new(
                "compile::players_count",
                setting.value.span,
                format!(
                    "a game of {count} players needs {count} seats, not {}",
                    table_seats.len()
                ),
            ));
            continue;
        }
        if out.iter().any(|t| t.players == count) {
            errors.push(Diagnostic::new(
                "compile::duplicate_block",
                block.kind.span,
                format!("the seats of {count} players are given twice"),
            ));
            continue;
        }
        let n = table_seats.len();
        let mut side: Vec<u8> = (0..n as u8).collect();
        let mut sides = n as u8;
        let player_of = match &seating {
            Some(s) => s.player_of.clone(),
            None => (0..n as u8).collect(),
        };
        if let Some(s) = seating.as_ref().filter(|s| s.hands) {
            // Each player's seats are one side.
            side = s.player_of.clone();
            sides = count as u8;
        }
        if let Some(teams) = r.get("teams") {
            side = vec![u8::MAX; n];
            sides = 0;
            for element in &teams.value.elements {
                let members: Vec<&Atom> = match element.atoms.as_slice() {
                    [
                        Atom {
                            kind: AtomKind::Group(v),
                            ..
                        },
                    ] => v.elements.iter().filter_map(|e| e.atoms.first()).collect(),
                    [single_seat] => vec![single_seat],
                    _ => Vec::new(),
                };
                for atom in members {
                    let Some(id) = seat_ref(seats, atom, errors) else {
                        continue;
                    };
                    match table_seats.iter().position(|s| *s == id) {
                        Some(i) if side[i] == u8::MAX => side[i] = sides,
                        Some(_) => errors.push(Diagnostic::new(
                            "compile::seat_twice",
                            atom.span,
                            format!("seat {} is in two teams", seats[id.0 as usize]),
                        )),
                        None => errors.push(Diagnostic::new(
                            "compile::team_seat_not_playing",
                            atom.span,
                            format!(
                                "seat {} is in a team but does not play with {count} players",
                                seats[id.0 as usize]
                            ),
                        )),
                    }
                }
                sides += 1;
            }
            if let Some(i) = side.iter().position(|s| *s == u8::MAX) {
                errors.push(Diagnostic::new(
                    "compile::seat_without_team",
                    teams.value.span,
                    format!(
                        "seat {} plays but is in no team",
                        seats[table_seats[i].0 as usize]
                    ),
                ));
                continue;
            }
        }
        out.push(Table {
            seats: table_seats,
            side,
            sides,
            players: count,
            player_of,
        });
    }
    out.sort_by_key(|t| t.players);
    out
}

/// `home { order = (red, black), (yellow, green) }`: groups of seats, each
/// of two or more, no seat twice; empty where the setting is left out.
/// `None` where it is wrong.
pub fn home_order(
    block: Option<&Block>,
    seats: &[String],
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<Vec<SeatId>>> {
    let Some(found) = block.and_then(|b| b.settings.iter().find(|s| s.key.node == "order")) else {
        return Some(Vec::new());
    };
    // `order = none`: no order, as when it is left out.
    if let [element] = found.value.elements.as_slice()
        && let [atom] = element.atoms.as_slice()
        && let AtomKind::Name(_) = atom.kind
    {
        return super::reader::word_atom("order", atom, &["none"])
            .map(|_| Vec::new())
            .map_err(|d| errors.push(d))
            .ok();
    }
    let mut groups: Vec<Vec<SeatId>> = Vec::new();
    for element in &found.value.elements {
        let [
            Atom {
                kind: AtomKind::Group(members),
                span,
            },
        ] = element.atoms.as_slice()
        else {
            errors.push(Diagnostic::new(
                "compile::bad_home_order",
                element.span,
                "`order` is groups of seats in parentheses, such as `(red, black), (yellow, green)`",
            ));
            return None;
        };
        let mut group = Vec::new();
        for atom in members.elements.iter().filter_map(|e| e.atoms.first()) {
            let id = seat_ref(seats, atom, errors)?;
            if groups.iter().chain([&group]).any(|g| g.contains(&id)) {
                errors.push(Diagnostic::new(
                    "compile::bad_home_order",
                    atom.span,
                    format!("seat {} is named twice in `order`", seats[id.0 as usize]),
                ));
                return None;
            }
            group.push(id);
        }
        if group.len() < 2 {
            errors.push(Diagnostic::new(
                "compile::bad_home_order",
                *span,
                "a group of `order` names two seats or more, the one to go home first first",
            ));
            return None;
        }
        groups.push(group);
    }
    Some(groups)
}

pub(super) fn seat_ref(
    seats: &[String],
    atom: &Atom,
    errors: &mut Vec<Diagnostic>,
) -> Option<SeatId> {
    let name = name_atom("seats", atom).map_err(|d| errors.push(d)).ok()?;
    match seats.iter().position(|s| s == name) {
        Some(i) => Some(SeatId(i as u8)),
        None => {
            let mut d = Diagnostic::new(
                "compile::unknown_seat",
                atom.span,
                format!("there is no seat `{name}`"),
            );
            if let Some(near) = nearest(name, seats.iter().map(String::as_str)) {
                d = d.with_help(format!("did you mean `{near}`?"));
            }
            errors.push(d);
            None
        }
    }
}

/// `detour = 65..132`: steps a piece may leave out. A turned track takes
/// the detour of the track it turns unless it gives its own.
fn detours(
    board: &Board,
    names: &[(String, &Block)],
    sources: &[Option<TrackSource>],
    out: &mut [SeatRules],
    errors: &mut Vec<Diagnostic>,
) {
    let mut own: Vec<Option<(u8, u8, bool)>> = vec![None; names.len()];
    for (i, (name, block)) in names.iter().enumerate() {
        let Some(setting) = block.settings.iter().find(|s| s.key.node == "detour") else {
            continue;
        };
        let home = out[i].track.home() as i64;
        let range = match setting.value.elements.as_slice() {
            [element] => match element.atoms.as_slice() {
                [
                    Atom {
                        kind: AtomKind::Range(a, b),
                        ..
                    },
                    again @ ..,
                ] if again.len() <= 1 => number_atom("detour", a, 1, home - 1)
                    .and_then(|a| number_atom("detour", b, a, home - 1).map(|b| (a, b)))
                    .and_then(|(a, b)| match again {
                        [] => Ok((a, b, false)),
                        [word, ..] => super::reader::word_atom("detour", word, &["again"])
                            .map(|_| (a, b, true)),
                    })
                    .and_then(|(a, b, again)| {
                        let track = &out[i].track;
                        if again && track.cell(b as u8) != track.cell(a as u8 - 1) {
                            Err(Diagnostic::new(
                                "compile::detour_not_a_loop",
                                setting.value.span,
                                format!(
                                    "a detour gone round again must end on the cell of the step before it: step {b} is on {}, step {} on {}",
                                    board.cell_name(track.cell(b as u8)),
                                    a - 1,
                                    board.cell_name(track.cell(a as u8 - 1))
                                ),
                            ))
                        } else {
                            Ok((a, b, again))
                        }
                    }),
                _ => Err(Diagnostic::new(
                    "compile::bad_detour",
                    setting.value.span,
                    "a detour is a range of steps, such as `detour = 65..132` or `detour = 65..132 again`",
                )),
            },
            _ => Err(Diagnostic::new(
                "compile::bad_detour",
                setting.value.span,
                "a detour is a range of steps, such as `detour = 65..132`",
            )),
        };
        match range {
            Ok((a, b, again)) => own[i] = Some((a as u8, b as u8, again)),
            Err(mut d) => {
                d.message = format!("seat {name}: {}", d.message);
                errors.push(d);
            }
        }
    }
    for i in 0..names.len() {
        let detour = own[i].or_else(|| match &sources[i] {
            Some(TrackSource::Rotated { of, .. }) => match &of.kind {
                AtomKind::Name(other) => names
                    .iter()
                    .position(|(n, _)| n == other)
                    .and_then(|j| own[j]),
                _ => None,
            },
            _ => None,
        });
        out[i].track.detour = detour.map(|(a, b, _)| (a, b));
        out[i].track.detour_again = detour.is_some_and(|(_, _, again)| again);
    }
}
