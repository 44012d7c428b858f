//! A fight's actions in words, read back, and its refusals explained.
//!
//! `small d1-d3/2` moves the small piece on d1 to d3 with a 2; `fused d1-d3/2`
//! moves a fused piece; `enter small d1/1` brings a small piece onto d1;
//! a trailing ` join` marks the first of two pieces attacking together;
//! `first red` is the seat chosen to move first.

use super::FightRefusal;
use crate::{
    Action,
    engine::{Game, State},
    rules::fight::FightRules,
};

impl Game {
    fn cell_text(&self, c: u16) -> String {
        self.rules
            .board
            .cells
            .get(c as usize)
            .map_or_else(|| format!("#{c}"), |cell| cell.name.clone())
    }

    /// The name of what piece `piece` of cell `from` is, in a state.
    fn piece_text(&self, f: &FightRules, state: Option<&State>, from: u16, piece: u8) -> String {
        let st = state
            .and_then(|s| s.fight.as_deref())
            .and_then(|fs| fs.cells.get(from as usize));
        match st {
            Some(st) if st.fused => "fused".into(),
            Some(st) => {
                let p = if piece == 0 { st.lower } else { st.upper };
                p.and_then(|p| f.kinds.get(p.kind as usize))
                    .map_or_else(|| format!("piece{piece}"), |k| k.name.clone())
            }
            None => format!("piece{piece}"),
        }
    }

    /// An action of a fight in words; `state` names the piece moved.
    pub(crate) fn fight_action_text(
        &self,
        f: &FightRules,
        state: Option<&State>,
        action: Action,
    ) -> String {
        let join = |j: bool| if j { " join" } else { "" };
        match action {
            Action::Shift {
                from,
                piece,
                to,
                by,
                join: j,
            } => format!(
                "{} {}-{}/{by}{}",
                self.piece_text(f, state, from, piece),
                self.cell_text(from),
                self.cell_text(to),
                join(j)
            ),
            Action::Enter {
                to,
                kind,
                by,
                join: j,
            } => format!(
                "enter {} {}/{by}{}",
                f.kinds.get(kind as usize).map_or("?", |k| k.name.as_str()),
                self.cell_text(to),
                join(j)
            ),
            Action::Lead(i) if (i as usize) < self.seats.len() => {
                format!("first {}", self.seat_name(i as usize))
            }
            _ => action.to_string(),
        }
    }

    /// Reads an action of a fight; `state` tells which piece of a cell a
    /// kind names (without it, the lower).
    pub(crate) fn fight_parse_action(
        &self,
        f: &FightRules,
        state: Option<&State>,
        text: &str,
    ) -> Option<Action> {
        let text = text.trim();
        if let Some(seat) = text.strip_prefix("first ") {
            return self.seat_index(seat.trim()).map(|i| Action::Lead(i as u8));
        }
        let (text, join) = match text.strip_suffix(" join") {
            Some(t) => (t.trim(), true),
            None => (text, false),
        };
        let by_of = |s: &str| -> Option<(u16, u8)> {
            let (cell, by) = s.split_once('/')?;
            Some((
                self.rules.board.cell_named(cell.trim())?.0,
                by.trim().parse().ok()?,
            ))
        };
        if let Some(rest) = text.strip_prefix("enter ") {
            let (kind, place) = rest.trim().split_once(' ')?;
            let kind = f.kinds.iter().position(|k| k.name == kind)? as u8;
            let (to, by) = by_of(place)?;
            return Some(Action::Enter { to, kind, by, join });
        }
        let (what, path) = text.split_once(' ')?;
        let (from, rest) = path.trim().split_once('-')?;
        let from = self.rules.board.cell_named(from.trim())?.0;
        let (to, by) = by_of(rest)?;
        let st = state
            .and_then(|s| s.fight.as_deref())
            .and_then(|fs| fs.cells.get(from as usize).copied());
        let piece = if what == "fused" || what == "piece0" {
            0
        } else if what == "piece1" {
            1
        } else {
            let kind = f.kinds.iter().position(|k| k.name == what)? as u8;
            match st {
                Some(st)
                    if !st.fused
                        && st.lower.is_some_and(|p| p.kind != kind)
                        && st.upper.is_some_and(|p| p.kind == kind) =>
                {
                    1
                }
                _ => 0,
            }
        };
        Some(Action::Shift {
            from,
            piece,
            to,
            by,
            join,
        })
    }

    /// A refusal of a fight in the game's words, naming the rule.
    pub(crate) fn fight_explain(&self, f: &FightRules, r: FightRefusal) -> String {
        let c = |x: u16| self.cell_text(x);
        match r {
            FightRefusal::NoPiece(x) => format!("no piece of the seat on turn that it may move stands on {}", c(x)),
            FightRefusal::NotReached(a, b) => format!(
                "that value does not take a piece from {} to {} along its line (fight: along, change)",
                c(a),
                c(b)
            ),
            FightRefusal::EntryValue => format!("only a {} brings a piece on (fight: enter)", f.enter_on),
            FightRefusal::NotEntryCell(x) => format!("{} is not an entry cell of the seat on turn (seat: entry_cells)", c(x)),
            FightRefusal::KindOrder => {
                "no piece of that kind waits, or a smaller kind must come on first (kinds: enter = in_order)".into()
            }
            FightRefusal::CellFull(x) => format!(
                "{} would hold more than {} pieces (fight: cell_max)",
                c(x),
                f.cell_max
            ),
            FightRefusal::Shared(x) => format!(
                "pieces of two seats never share {} except in a capture or a fused piece",
                c(x)
            ),
            FightRefusal::Partners(x) => format!(
                "partners neither take each other, fuse nor share a cell, and a partner stands on {}",
                c(x)
            ),
            FightRefusal::TooWeak(x) => format!(
                "what stands on {} is stronger than the piece that would take it",
                c(x)
            ),
            FightRefusal::OwnerOnly(x) => format!(
                "{} is an entry cell, and only its owner, or a fused piece with a part of the owner's, takes there (fight: entry_capture)",
                c(x)
            ),
            FightRefusal::ByEntering(x) => format!(
                "a piece coming on does not fuse with, rescue or hijack what stands on {}",
                c(x)
            ),
            FightRefusal::Guarded(x) => format!(
                "the player moved the dummy last and may not take its pieces on {} (fight: guard_dummy)",
                c(x)
            ),
            FightRefusal::NoPartner(x) => format!(
                "no second piece can come with the other die to attack {} together (fight: combined)",
                c(x)
            ),
            FightRefusal::MustComplete(x) => format!(
                "the attack on {} waits for its second piece, which must come now",
                c(x)
            ),
            FightRefusal::MustUseBoth => "another move lets both dice be used, and both must be where possible".into(),
            FightRefusal::Priority => format!(
                "the dummy must make the move of highest priority: {} a point taken, {} a piece brought on (fight: priority_take, priority_enter)",
                f.priority_take, f.priority_enter
            ),
            FightRefusal::NotLead => "that seat is not one of the chooser's, or nobody chooses now".into(),
            FightRefusal::MustLead => "the winner of the first throw chooses which of their seats moves first".into(),
        }
    }
}
