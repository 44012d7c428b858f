//! Checks of a fight: the shape of a state, why an action is refused, a
//! saved state's possibility, and the outcome.

use super::{FightRefusal, Moving, Piece};
use crate::{
    Action,
    engine::{EndReason, Game, Outcome, Phase, Refusal, State},
    rules::{CellId, fight::FightRules},
};

impl Game {
    /// Whether a state has the shape of this fight.
    pub(crate) fn fight_fits(&self, f: &FightRules, state: &State) -> bool {
        let n = self.seats.len();
        let Some(fs) = state.fight.as_deref() else {
            return false;
        };
        (state.mover as usize) < n
            && state.pieces.len() == n
            && state.pieces.iter().all(|p| p.is_empty())
            && state.entered.len() == n
            && state.finished.is_empty()
            && fs.cells.len() == self.rules.board.cells.len()
            && fs.waiting.len() == n
            && fs.waiting.iter().all(|w| w.len() == f.kinds.len())
            && fs.points.len() == self.sides as usize
            && (fs.leader as usize) < self.player_count.max(1)
            && fs.cells.iter().all(|s| {
                s.pieces()
                    .all(|p| (p.seat as usize) < n && (p.kind as usize) < f.kinds.len())
            })
            && fs.pending.is_none_or(|(x, p)| {
                (x as usize) < fs.cells.len()
                    && (p.seat as usize) < n
                    && (p.kind as usize) < f.kinds.len()
            })
    }

    /// Why a fight refuses `action`, or `None` if it allows it.
    pub(crate) fn fight_refusal(
        &self,
        f: &FightRules,
        state: &State,
        action: Action,
    ) -> Option<Refusal> {
        let fs = state.fight.as_deref()?;
        let fight = |r| Some(Refusal::Fight(r));
        match (state.phase, action) {
            (Phase::Over, _) => Some(Refusal::GameOver),
            (Phase::Opening, Action::Lead(s)) if fs.choosing => (self.player_of.get(s as usize)
                != Some(&fs.leader))
            .then_some(Refusal::Fight(FightRefusal::NotLead)),
            (Phase::Opening, _) if fs.choosing => fight(FightRefusal::MustLead),
            (Phase::Opening, Action::Begin(p)) => {
                ((p as usize) >= self.player_count).then_some(Refusal::NoSuchOutcome)
            }
            (Phase::Opening, _) => Some(Refusal::WhoBegins),
            (_, Action::Begin(_)) => Some(Refusal::AlreadyBegun),
            (_, Action::Lead(_)) => fight(FightRefusal::NotLead),
            (Phase::Throw, Action::Throw(i)) => {
                ((i as usize) >= self.rules.dice.outcomes.len()).then_some(Refusal::NoSuchOutcome)
            }
            (Phase::Throw, _) => Some(Refusal::MustThrow),
            (Phase::Move, Action::Throw(_)) => Some(Refusal::NotThrowing),
            (Phase::Move, _) => {
                if self.fight_allows_quickly(f, state, action) {
                    return None;
                }
                let mut legal = Vec::new();
                self.fight_legal(f, state, &mut legal);
                if legal.contains(&action) {
                    return None;
                }
                Some(self.fight_diagnose(f, state, action))
            }
        }
    }

    /// Whether a move is surely legal without listing every legal action:
    /// a seat's own (not a dummy's) move allowed on its own that lets
    /// every waiting value be used. `false` leaves the question open.
    fn fight_allows_quickly(&self, f: &FightRules, state: &State, action: Action) -> bool {
        if self.player_of.get(state.mover as usize) == Some(&crate::rules::DUMMY)
            || !matches!(action, Action::Shift { .. } | Action::Enter { .. })
        {
            return false;
        }
        let mut all = Vec::new();
        self.fight_candidates(f, state, &mut all);
        all.contains(&action)
            && (state.pool.len() < 2 || self.values_used(f, state, action) >= state.pool.len())
    }

    /// The rule that refuses a move the legal actions do not hold.
    fn fight_diagnose(&self, f: &FightRules, state: &State, action: Action) -> Refusal {
        let Some(fs) = state.fight.as_deref() else {
            return Refusal::BadState;
        };
        let seat = state.mover;
        let by = match action {
            Action::Shift { by, .. } | Action::Enter { by, .. } => by,
            _ => return Refusal::MustMove,
        };
        if !state.pool.iter().any(|v| v.value == by) {
            return Refusal::NoSuchValue;
        }
        if let Some((x, _)) = fs.pending {
            return Refusal::Fight(FightRefusal::MustComplete(x));
        }
        let local = match action {
            Action::Shift {
                from,
                piece,
                to,
                join,
                ..
            } => {
                let m = fs
                    .cells
                    .get(from as usize)
                    .map(|st| self.movers_at(st, seat))
                    .and_then(|ms| ms.iter().find(|(p, _)| *p == piece).map(|(_, m)| *m));
                match m {
                    None => Err(FightRefusal::NoPiece(from)),
                    Some(_) if !f.reach(CellId(from), by).iter().any(|c| c.0 == to) => {
                        Err(FightRefusal::NotReached(from, to))
                    }
                    Some(Moving::Single(p)) if join => self.may_join_whole(f, state, p, to, action),
                    Some(_) if join => Err(FightRefusal::NoPartner(to)),
                    Some(m) => self.landing(f, fs, seat, m, to as usize, false).map(|_| ()),
                }
            }
            Action::Enter { to, kind, join, .. } => {
                let own = self
                    .seats
                    .get(seat as usize)
                    .and_then(|s| f.entries.get(s.0 as usize))
                    .is_some_and(|e| e.iter().any(|c| c.0 == to));
                let p = Piece { seat, kind };
                if by != f.enter_on {
                    Err(FightRefusal::EntryValue)
                } else if !own {
                    Err(FightRefusal::NotEntryCell(to))
                } else if !self.may_enter_kind(f, fs, seat, kind) {
                    Err(FightRefusal::KindOrder)
                } else if join {
                    self.may_join_whole(f, state, p, to, action)
                } else {
                    self.landing(f, fs, seat, Moving::Single(p), to as usize, true)
                        .map(|_| ())
                }
            }
            _ => Ok(()),
        };
        match local {
            Err(r) => Refusal::Fight(r),
            Ok(()) => {
                // Allowed on its own: a rule that chooses among moves refused it.
                let mut all = Vec::new();
                self.fight_candidates(f, state, &mut all);
                all.sort_unstable();
                all.dedup();
                self.keep_both_dice(f, state, &mut all);
                if all.contains(&action) {
                    Refusal::Fight(FightRefusal::Priority)
                } else {
                    Refusal::Fight(FightRefusal::MustUseBoth)
                }
            }
        }
    }

    fn may_join_whole(
        &self,
        f: &FightRules,
        state: &State,
        p: Piece,
        to: u16,
        action: Action,
    ) -> Result<(), FightRefusal> {
        let fs = state.fight.as_deref().ok_or(FightRefusal::NoPartner(to))?;
        if !f.combined || state.pool.len() < 2 {
            return Err(FightRefusal::NoPartner(to));
        }
        self.may_join(f, fs, state.mover, p, to as usize)?;
        if self.join_completes(f, state, action) {
            Ok(())
        } else {
            Err(FightRefusal::NoPartner(to))
        }
    }

    /// Checks that a saved state of a fight is possible.
    pub(crate) fn fight_validate(&self, f: &FightRules, state: &State) -> Result<(), String> {
        if !self.fight_fits(f, state) {
            return Err(format!(
                "it does not have the shape of {} with {} players: a fight needs `fight` with a stack for each of the {} cells, waiting pieces of {} kinds for each of {} seats, and points for {} sides",
                self.rules.name,
                self.player_count,
                self.rules.board.cells.len(),
                f.kinds.len(),
                self.seats.len(),
                self.sides
            ));
        }
        let Some(fs) = state.fight.as_deref() else {
            return Err("it has no fight".into());
        };
        let name = |c: usize| self.rules.board.cells[c].name.clone();
        let mut counts = vec![vec![0u32; f.kinds.len()]; self.seats.len()];
        for (c, st) in fs.cells.iter().enumerate() {
            if st.upper.is_some() && st.lower.is_none() {
                return Err(format!("{} has a piece on top of nothing", name(c)));
            }
            if st.count() > f.cell_max && !st.fused {
                return Err(format!(
                    "{} holds {} pieces, more than {}",
                    name(c),
                    st.count(),
                    f.cell_max
                ));
            }
            match (st.lower, st.upper, st.fused) {
                (Some(a), Some(b), false) if a.seat != b.seat => {
                    return Err(format!("two seats share {} outside a fused piece", name(c)));
                }
                (Some(a), Some(b), true) => {
                    if a.seat == b.seat || self.partners(a.seat, b.seat) {
                        return Err(format!(
                            "the fused piece on {} is not of two opponents",
                            name(c)
                        ));
                    }
                    if f.value(a.kind) <= f.value(b.kind) {
                        return Err(format!(
                            "the fused piece on {} does not have its larger part below",
                            name(c)
                        ));
                    }
                }
                (_, None, true) => {
                    return Err(format!("{} holds a fused piece of one part", name(c)));
                }
                _ => {}
            }
            for p in st.pieces() {
                counts[p.seat as usize][p.kind as usize] += 1;
            }
        }
        if let Some((_, p)) = fs.pending {
            counts[p.seat as usize][p.kind as usize] += 1;
        }
        let mut in_play = 0u32;
        for (seat, w) in fs.waiting.iter().enumerate() {
            for (k, kind) in f.kinds.iter().enumerate() {
                let total = counts[seat][k] + w[k] as u32;
                if total > kind.count as u32 {
                    return Err(format!(
                        "seat {} has {total} {} pieces, more than the {} it starts with",
                        self.seat_name(seat),
                        kind.name,
                        kind.count
                    ));
                }
                in_play += total * kind.value as u32;
            }
        }
        let all = f.value_per_seat() * self.seats.len() as u32;
        let points: u32 = fs.points.iter().sum();
        if points + in_play != all {
            return Err(format!(
                "the points taken ({points}) and the value still in play ({in_play}) do not add up to the value of all pieces ({all})"
            ));
        }
        if fs.pending.is_some() && (state.phase != Phase::Move || state.pool.len() != 1) {
            return Err(
                "an attack waits for its second piece, but no single die value waits to be used"
                    .into(),
            );
        }
        if state.phase == Phase::Move && state.pool.is_empty() {
            return Err("it waits for a move but no value waits to be used".into());
        }
        let faces = |v: u8| {
            self.rules
                .dice
                .outcomes
                .iter()
                .any(|o| o.values.contains(&v))
        };
        if let Some(v) = state.pool.iter().find(|v| !faces(v.value)) {
            return Err(format!("no throw gives the waiting value {}", v.value));
        }
        if state.pool.len() > 2 {
            return Err("more values wait than two dice give".into());
        }
        let emptied = (0..self.seats.len() as u8).any(|s| self.pieces_left(fs, s) == 0);
        if emptied != (state.phase == Phase::Over && !state.at_limit) {
            return Err(if emptied {
                "a seat has lost all its pieces, so the game should be over".into()
            } else {
                "it says the game is over, but every seat has pieces and the turn limit is not reached".into()
            });
        }
        if state.at_limit && state.turns < self.rules.turn.limit {
            return Err(format!(
                "it says the turn limit was reached, but only {} of {} turns were played",
                state.turns, self.rules.turn.limit
            ));
        }
        if fs.choosing && state.phase != Phase::Opening {
            return Err("a player chooses the first seat after play has started".into());
        }
        Ok(())
    }

    /// The outcome of a finished fight: sides ranked by points; equal top
    /// points are a draw.
    pub(crate) fn fight_outcome(&self, state: &State) -> Option<Outcome> {
        let fs = state.fight.as_deref()?;
        if state.phase != Phase::Over {
            return None;
        }
        let points = |side: u8| fs.points.get(side as usize).copied().unwrap_or(0);
        let top = (0..self.sides).map(points).max().unwrap_or(0);
        let leaders: Vec<u8> = (0..self.sides).filter(|&s| points(s) == top).collect();
        let winner = match leaders.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        let ranks = self
            .side
            .iter()
            .map(|&s| 1 + (0..self.sides).filter(|&o| points(o) > points(s)).count() as u8)
            .collect();
        let winners = (0..self.seats.len() as u8)
            .filter(|&i| Some(self.side[i as usize]) == winner)
            .collect();
        Some(Outcome {
            winner,
            winners,
            ranks,
            reason: if state.at_limit {
                EndReason::TurnLimit
            } else {
                EndReason::LastPieceTaken
            },
            scores: self.side.iter().map(|&s| points(s) as i32).collect(),
        })
    }
}
