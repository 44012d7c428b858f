//! A running fight: pieces of several kinds move along lines of cells by
//! the dice and take each other by strength; a side scores the value of
//! what it takes. The turn is the dice's values used one action at a time;
//! the rules that choose among moves (use both dice where possible, a
//! dummy's move of highest priority) look ahead inside legal-action
//! generation.

mod apply;
mod notation;
mod state;
mod validate;

use arrayvec::ArrayVec;

pub use state::{FightState, Piece, Stack};

use super::{Actor, Game, Phase, Pieces, PoolValue, State};
use crate::{
    Action,
    rules::{DUMMY, MAX_POOL, fight::FightRules},
};

/// Why a rule of a fight refuses an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FightRefusal {
    /// No piece of the seat on turn stands there (cell index).
    NoPiece(u16),
    /// That value does not take the piece from one cell to the other.
    NotReached(u16, u16),
    /// Only the entry value brings a piece on.
    EntryValue,
    /// The cell is not an entry cell of the seat on turn.
    NotEntryCell(u16),
    /// No piece of that kind waits, or a smaller kind must come on first.
    KindOrder,
    /// The cell would hold more pieces than allowed.
    CellFull(u16),
    /// Two seats may not share the cell.
    Shared(u16),
    /// Partners neither take each other, fuse, nor share a cell.
    Partners(u16),
    /// The attack is weaker than what stands there.
    TooWeak(u16),
    /// Only the owner of that entry cell takes there.
    OwnerOnly(u16),
    /// A fused piece is not formed, nor rescued, by a piece coming on.
    ByEntering(u16),
    /// The player moved the dummy last and may not take its pieces.
    Guarded(u16),
    /// No second piece can come to attack with this one.
    NoPartner(u16),
    /// The first of two attackers waits: the second must come now.
    MustComplete(u16),
    /// Another move lets both dice be used.
    MustUseBoth,
    /// The dummy must make a move of the highest priority.
    Priority,
    /// That is not one of the deciding player's seats, or nobody chooses now.
    NotLead,
    /// The player who won the throw must choose which seat moves first.
    MustLead,
}

/// A piece on its way: one piece, or a fused piece of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Moving {
    Single(Piece),
    Fused(Stack),
}

/// What landing does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Effect {
    /// Onto an empty cell or onto pieces of its own seat.
    Move,
    /// Takes everything there.
    Capture,
    /// A lone piece on a larger lone enemy: they fuse.
    Fuse,
    /// An owner's piece on its fused piece: the other part is taken.
    Rescue,
    /// A smaller piece on someone else's fused piece: its smaller part is
    /// taken and the newcomer fuses with the larger.
    Hijack,
}

impl Game {
    /// The fight rules, if this game is a fight.
    pub(crate) fn fight_rules(&self) -> Option<&FightRules> {
        self.rules.fight.as_ref()
    }

    /// The value of a piece of kind `kind`.
    fn value(&self, f: &FightRules, p: Piece) -> u8 {
        f.value(p.kind)
    }

    /// The strength of what stands on a cell.
    pub(crate) fn strength(&self, f: &FightRules, s: &Stack) -> u8 {
        s.pieces().map(|p| self.value(f, p)).sum()
    }

    fn moving_strength(&self, f: &FightRules, m: Moving) -> u8 {
        match m {
            Moving::Single(p) => self.value(f, p),
            Moving::Fused(s) => self.strength(f, &s),
        }
    }

    /// The player who moves the seat on turn: its own player, or for a
    /// dummy the players in turn, starting with the one who began.
    pub(crate) fn fight_player(&self, fs: &FightState, seat: usize) -> u8 {
        match self.player_of.get(seat).copied() {
            Some(DUMMY) | None => {
                ((fs.leader as u64 + fs.dummy_turns as u64) % self.player_count.max(1) as u64) as u8
            }
            Some(p) => p,
        }
    }

    /// The playing seat (index in turn order) whose entry cell `cell` is.
    fn entry_owner(&self, f: &FightRules, cell: usize) -> Option<u8> {
        let owner = *f.entry_of.get(cell)?;
        self.seats
            .iter()
            .position(|s| s.0 == owner)
            .map(|i| i as u8)
    }

    /// Whether `seat`'s piece `m` may take on `cell`: anyone, except on an
    /// entry cell, where only its owner or a fused piece with a part of the
    /// owner's takes (`entry_capture = owner_only`).
    fn may_take_at(&self, f: &FightRules, seat: u8, m: Moving, cell: usize) -> bool {
        if !f.own_entry {
            return true;
        }
        match self.entry_owner(f, cell) {
            None => true,
            Some(owner) => owner == seat || matches!(m, Moving::Fused(s) if s.has_seat(owner)),
        }
    }

    /// Whether the optional rule forbids the seat on turn to take a piece
    /// of `victim`: the dummy's pieces, by the player who moved it last.
    fn guarded(&self, f: &FightRules, fs: &FightState, seat: u8, victim: u8) -> bool {
        f.guard_dummy
            && self.player_of.get(victim as usize) == Some(&DUMMY)
            && self.player_of.get(seat as usize) != Some(&DUMMY)
            && fs.dummy_last == Some(self.fight_player(fs, seat as usize))
    }

    fn partners(&self, a: u8, b: u8) -> bool {
        a != b && self.side.get(a as usize) == self.side.get(b as usize)
    }

    /// What `seat`'s piece `m` does landing on `cell`, or why it may not.
    pub(crate) fn landing(
        &self,
        f: &FightRules,
        fs: &FightState,
        seat: u8,
        m: Moving,
        cell: usize,
        entering: bool,
    ) -> Result<Effect, FightRefusal> {
        let at = cell as u16;
        let Some(d) = fs.cells.get(cell).copied() else {
            return Err(FightRefusal::NotReached(at, at));
        };
        let Some(low) = d.lower else {
            return Ok(Effect::Move);
        };
        let strength = self.moving_strength(f, m);
        if !d.fused {
            if low.seat == seat {
                return match m {
                    Moving::Fused(_) => Err(FightRefusal::Shared(at)),
                    Moving::Single(_) if d.count() >= f.cell_max => Err(FightRefusal::CellFull(at)),
                    Moving::Single(_) => Ok(Effect::Move),
                };
            }
            if self.partners(low.seat, seat) {
                return Err(FightRefusal::Partners(at));
            }
            if strength >= self.strength(f, &d) {
                if !self.may_take_at(f, seat, m, cell) {
                    return Err(FightRefusal::OwnerOnly(at));
                }
                if self.guarded(f, fs, seat, low.seat) {
                    return Err(FightRefusal::Guarded(at));
                }
                return Ok(Effect::Capture);
            }
            if let Moving::Single(p) = m
                && f.fuse
                && d.count() == 1
                && self.value(f, low) > self.value(f, p)
            {
                if entering {
                    return Err(FightRefusal::ByEntering(at));
                }
                return Ok(Effect::Fuse);
            }
            return Err(FightRefusal::TooWeak(at));
        }
        let Some(high) = d.upper else {
            return Err(FightRefusal::Shared(at));
        };
        // `low` is the larger part of a fused piece, `high` the smaller.
        if low.seat == seat || high.seat == seat {
            let Moving::Single(p) = m else {
                return Err(FightRefusal::Shared(at));
            };
            if entering {
                return Err(FightRefusal::ByEntering(at));
            }
            let (own, other) = if low.seat == seat {
                (low, high)
            } else {
                (high, low)
            };
            if self.value(f, own) + self.value(f, p) < self.value(f, other) {
                return Err(FightRefusal::TooWeak(at));
            }
            if !self.may_take_at(f, seat, m, cell) {
                return Err(FightRefusal::OwnerOnly(at));
            }
            if self.guarded(f, fs, seat, other.seat) {
                return Err(FightRefusal::Guarded(at));
            }
            return Ok(Effect::Rescue);
        }
        if self.partners(low.seat, seat) || self.partners(high.seat, seat) {
            return Err(FightRefusal::Partners(at));
        }
        if strength >= self.strength(f, &d) {
            if !self.may_take_at(f, seat, m, cell) {
                return Err(FightRefusal::OwnerOnly(at));
            }
            if self.guarded(f, fs, seat, low.seat) || self.guarded(f, fs, seat, high.seat) {
                return Err(FightRefusal::Guarded(at));
            }
            return Ok(Effect::Capture);
        }
        if let Moving::Single(p) = m
            && self.value(f, p) < self.value(f, low)
        {
            if entering {
                return Err(FightRefusal::ByEntering(at));
            }
            if !self.may_take_at(f, seat, m, cell) {
                return Err(FightRefusal::OwnerOnly(at));
            }
            if self.guarded(f, fs, seat, high.seat) {
                return Err(FightRefusal::Guarded(at));
            }
            return Ok(Effect::Hijack);
        }
        Err(FightRefusal::TooWeak(at))
    }

    /// Whether a lone piece `p` of `seat` may be the first of two that
    /// attack `cell` together: an enemy too strong for it alone stands
    /// there, and the two may take there. The second is checked apart.
    pub(crate) fn may_join(
        &self,
        f: &FightRules,
        fs: &FightState,
        seat: u8,
        p: Piece,
        cell: usize,
    ) -> Result<(), FightRefusal> {
        let at = cell as u16;
        let Some(d) = fs.cells.get(cell).copied() else {
            return Err(FightRefusal::NotReached(at, at));
        };
        if d.is_empty() || d.has_seat(seat) {
            return Err(FightRefusal::NoPartner(at));
        }
        if d.pieces().any(|q| self.partners(q.seat, seat)) {
            return Err(FightRefusal::Partners(at));
        }
        if self.value(f, p) >= self.strength(f, &d) {
            return Err(FightRefusal::NoPartner(at));
        }
        if !self.may_take_at(f, seat, Moving::Single(p), cell) {
            return Err(FightRefusal::OwnerOnly(at));
        }
        if d.pieces().any(|q| self.guarded(f, fs, seat, q.seat)) {
            return Err(FightRefusal::Guarded(at));
        }
        Ok(())
    }

    /// The kind of `seat` that may come on next, if any waits.
    pub(crate) fn may_enter_kind(
        &self,
        f: &FightRules,
        fs: &FightState,
        seat: u8,
        kind: u8,
    ) -> bool {
        let Some(waiting) = fs.waiting.get(seat as usize) else {
            return false;
        };
        if waiting.get(kind as usize).copied().unwrap_or(0) == 0 {
            return false;
        }
        !f.in_order || waiting[..kind as usize].iter().all(|&w| w == 0)
    }

    /// The pieces of `seat` still in play: waiting, on the board, in fused
    /// pieces, or attacking.
    pub(crate) fn pieces_left(&self, fs: &FightState, seat: u8) -> u32 {
        let waiting: u32 = fs
            .waiting
            .get(seat as usize)
            .map_or(0, |w| w.iter().map(|&n| n as u32).sum());
        let board: u32 = fs
            .cells
            .iter()
            .map(|s| s.pieces().filter(|p| p.seat == seat).count() as u32)
            .sum();
        let pending = fs.pending.map_or(0, |(_, p)| u32::from(p.seat == seat));
        waiting + board + pending
    }

    /// The pieces a playing seat still has in play (waiting, on the board,
    /// in fused pieces); 0 for a seat that does not play or a race.
    pub fn fight_pieces_left(&self, state: &State, seat: usize) -> u32 {
        match state.fight.as_deref() {
            Some(fs) if seat < self.seats.len() => self.pieces_left(fs, seat as u8),
            _ => 0,
        }
    }

    /// The pieces of the seat on turn that may move from a cell.
    fn movers_at(&self, st: &Stack, seat: u8) -> ArrayVec<(u8, Moving), 2> {
        let mut out = ArrayVec::new();
        if st.fused {
            if st.has_seat(seat) {
                out.push((0, Moving::Fused(*st)));
            }
            return out;
        }
        if let Some(low) = st.lower.filter(|p| p.seat == seat) {
            out.push((0, Moving::Single(low)));
            if let Some(high) = st.upper.filter(|h| h.kind != low.kind) {
                out.push((1, Moving::Single(high)));
            }
        }
        out
    }

    /// Every action the rules allow on its own, before the rules that
    /// choose among them.
    pub(crate) fn fight_candidates(&self, f: &FightRules, state: &State, out: &mut Vec<Action>) {
        self.candidates_upto(f, state, out, usize::MAX);
    }

    /// Whether any action is allowed on its own: the look-ahead for the
    /// last die needs no more.
    fn any_candidate(&self, f: &FightRules, state: &State) -> bool {
        let mut out = Vec::new();
        self.candidates_upto(f, state, &mut out, 1);
        !out.is_empty()
    }

    /// [`Game::fight_candidates`], stopping once `most` are found.
    fn candidates_upto(&self, f: &FightRules, state: &State, out: &mut Vec<Action>, most: usize) {
        let Some(fs) = state.fight.as_deref() else {
            return;
        };
        let seat = state.mover;
        let mut values: ArrayVec<u8, MAX_POOL> = ArrayVec::new();
        for v in &state.pool {
            if !values.contains(&v.value) {
                values.push(v.value);
            }
        }
        if let Some((x, att)) = fs.pending {
            self.completions(f, fs, seat, x as usize, att, &values, out);
            return;
        }
        let joins = f.combined && state.pool.len() >= 2;
        for (c, st) in fs.cells.iter().enumerate() {
            if st.is_empty() {
                continue;
            }
            if out.len() >= most {
                return;
            }
            for (piece, m) in self.movers_at(st, seat) {
                for &v in &values {
                    for &to in f.reach(crate::rules::CellId(c as u16), v) {
                        let to_i = to.0 as usize;
                        if to_i == c {
                            continue;
                        }
                        if self.landing(f, fs, seat, m, to_i, false).is_ok() {
                            out.push(Action::Shift {
                                from: c as u16,
                                piece,
                                to: to.0,
                                by: v,
                                join: false,
                            });
                        }
                        if let Moving::Single(p) = m
                            && joins
                            && self.may_join(f, fs, seat, p, to_i).is_ok()
                        {
                            let a = Action::Shift {
                                from: c as u16,
                                piece,
                                to: to.0,
                                by: v,
                                join: true,
                            };
                            if self.join_completes(f, state, a) {
                                out.push(a);
                            }
                        }
                    }
                }
            }
        }
        if values.contains(&f.enter_on) {
            let entries = self
                .seats
                .get(seat as usize)
                .and_then(|s| f.entries.get(s.0 as usize));
            for kind in 0..f.kinds.len() as u8 {
                if !self.may_enter_kind(f, fs, seat, kind) {
                    continue;
                }
                let p = Piece { seat, kind };
                for &e in entries.into_iter().flatten() {
                    let cell = e.0 as usize;
                    if self
                        .landing(f, fs, seat, Moving::Single(p), cell, true)
                        .is_ok()
                    {
                        out.push(Action::Enter {
                            to: e.0,
                            kind,
                            by: f.enter_on,
                            join: false,
                        });
                    }
                    if joins && self.may_join(f, fs, seat, p, cell).is_ok() {
                        let a = Action::Enter {
                            to: e.0,
                            kind,
                            by: f.enter_on,
                            join: true,
                        };
                        if self.join_completes(f, state, a) {
                            out.push(a);
                        }
                    }
                }
            }
        }
    }

    /// The second pieces that can complete an attack on `x` by `att`.
    #[allow(clippy::too_many_arguments)]
    fn completions(
        &self,
        f: &FightRules,
        fs: &FightState,
        seat: u8,
        x: usize,
        att: Piece,
        values: &[u8],
        out: &mut Vec<Action>,
    ) {
        let Some(target) = fs.cells.get(x) else {
            return;
        };
        let need = self.strength(f, target);
        let have = self.value(f, att);
        for (c, st) in fs.cells.iter().enumerate() {
            if c == x || st.fused {
                continue;
            }
            for (piece, m) in self.movers_at(st, seat) {
                let Moving::Single(p) = m else { continue };
                if have + self.value(f, p) < need {
                    continue;
                }
                for &v in values {
                    if f.reach(crate::rules::CellId(c as u16), v)
                        .iter()
                        .any(|t| t.0 as usize == x)
                    {
                        out.push(Action::Shift {
                            from: c as u16,
                            piece,
                            to: x as u16,
                            by: v,
                            join: false,
                        });
                    }
                }
            }
        }
        let own_entry = self
            .seats
            .get(seat as usize)
            .and_then(|s| f.entries.get(s.0 as usize))
            .is_some_and(|e| e.iter().any(|c| c.0 as usize == x));
        if own_entry && values.contains(&f.enter_on) {
            for kind in 0..f.kinds.len() as u8 {
                if self.may_enter_kind(f, fs, seat, kind) && have + f.value(kind) >= need {
                    out.push(Action::Enter {
                        to: x as u16,
                        kind,
                        by: f.enter_on,
                        join: false,
                    });
                }
            }
        }
    }

    /// Whether, after the first half `a` of an attack together, a second
    /// piece can come with the other die.
    fn join_completes(&self, f: &FightRules, state: &State, a: Action) -> bool {
        let mut next = state.clone();
        self.fight_apply(f, &mut next, a);
        self.any_candidate(f, &next)
    }

    /// The legal actions of a fight, sorted and without repeats.
    pub(crate) fn fight_legal(&self, f: &FightRules, state: &State, out: &mut Vec<Action>) {
        out.clear();
        let Some(fs) = state.fight.as_deref() else {
            return;
        };
        match state.phase {
            Phase::Over => {}
            Phase::Opening if fs.choosing => {
                for (i, &p) in self.player_of.iter().enumerate() {
                    if p == fs.leader {
                        out.push(Action::Lead(i as u8));
                    }
                }
            }
            Phase::Opening => {
                out.extend((0..self.player_count as u8).map(Action::Begin));
            }
            Phase::Throw => {
                out.extend((0..self.rules.dice.outcomes.len() as u8).map(Action::Throw));
            }
            Phase::Move => {
                self.fight_candidates(f, state, out);
                out.sort_unstable();
                out.dedup();
                self.keep_both_dice(f, state, out);
                if self.player_of.get(state.mover as usize) == Some(&DUMMY) {
                    self.keep_priority(f, state, out);
                }
                if out.is_empty() {
                    out.push(Action::Pass);
                }
            }
        }
    }

    /// How many of the waiting values a move and what can follow it use;
    /// the end of the game counts as using them all.
    pub(crate) fn values_used(&self, f: &FightRules, state: &State, a: Action) -> usize {
        let mut next = state.clone();
        self.fight_apply(f, &mut next, a);
        if next.phase != Phase::Move || next.turns != state.turns {
            return state.pool.len();
        }
        let used = state.pool.len() - next.pool.len();
        if next.pool.len() == 1 {
            // One value left: whether anything can use it is enough.
            return used + usize::from(self.any_candidate(f, &next));
        }
        let mut more = Vec::new();
        self.fight_candidates(f, &next, &mut more);
        let best = more
            .iter()
            .map(|&b| self.values_used(f, &next, b))
            .max()
            .unwrap_or(0);
        used + best
    }

    /// Keeps the moves that let the most of the dice be used (both where possible).
    fn keep_both_dice(&self, f: &FightRules, state: &State, out: &mut Vec<Action>) {
        if state.pool.len() < 2 || out.len() < 2 {
            return;
        }
        let used: Vec<usize> = out.iter().map(|&a| self.values_used(f, state, a)).collect();
        let best = used.iter().copied().max().unwrap_or(0);
        let mut k = 0;
        out.retain(|_| {
            k += 1;
            used[k - 1] == best
        });
    }

    /// The priority points a dummy's action scores at once: for each point
    /// taken and each piece brought on.
    fn priority_of(&self, f: &FightRules, state: &State, next: &State) -> u32 {
        let (Some(a), Some(b)) = (state.fight.as_deref(), next.fight.as_deref()) else {
            return 0;
        };
        let side = self.side.get(state.mover as usize).copied().unwrap_or(0) as usize;
        let taken = b
            .points
            .get(side)
            .copied()
            .unwrap_or(0)
            .saturating_sub(a.points.get(side).copied().unwrap_or(0));
        let seat = state.mover as usize;
        let count = |fs: &FightState| -> u32 {
            fs.waiting
                .get(seat)
                .map_or(0, |w| w.iter().map(|&n| n as u32).sum())
        };
        let entered = count(a).saturating_sub(count(b));
        f.priority_take * taken + f.priority_enter * entered
    }

    /// The most priority points the rest of the turn can score after `a`,
    /// among moves that use the most dice.
    fn best_priority(&self, f: &FightRules, state: &State, a: Action) -> u32 {
        let mut next = state.clone();
        self.fight_apply(f, &mut next, a);
        let now = self.priority_of(f, state, &next);
        if next.phase != Phase::Move || next.turns != state.turns {
            return now;
        }
        let mut more = Vec::new();
        self.fight_candidates(f, &next, &mut more);
        self.keep_both_dice(f, &next, &mut more);
        now + more
            .iter()
            .map(|&b| self.best_priority(f, &next, b))
            .max()
            .unwrap_or(0)
    }

    /// Keeps the dummy's moves that lead to the highest priority score of the turn.
    fn keep_priority(&self, f: &FightRules, state: &State, out: &mut Vec<Action>) {
        if out.len() < 2 {
            return;
        }
        let scores: Vec<u32> = out
            .iter()
            .map(|&a| self.best_priority(f, state, a))
            .collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        let mut k = 0;
        out.retain(|_| {
            k += 1;
            scores[k - 1] == best
        });
    }

    /// Who acts in a fight.
    pub(crate) fn fight_actor(&self, state: &State) -> Actor {
        let Some(fs) = state.fight.as_deref() else {
            return Actor::Terminal;
        };
        match state.phase {
            Phase::Over => Actor::Terminal,
            Phase::Opening if fs.choosing => Actor::Player(fs.leader),
            Phase::Opening | Phase::Throw => Actor::Chance,
            Phase::Move => Actor::Player(self.fight_player(fs, state.mover as usize)),
        }
    }

    /// The state at the start of a fight: every piece waiting.
    pub(crate) fn fight_initial(&self, f: &FightRules) -> State {
        let n = self.seats.len();
        let pieces = Pieces::new(n, 0).unwrap_or(Pieces::none());
        let mut state = State::at_start(pieces, n, Phase::Opening);
        let waiting = (0..n)
            .map(|_| f.kinds.iter().map(|k| k.count).collect())
            .collect();
        state.fight = Some(Box::new(FightState {
            cells: vec![Stack::default(); self.rules.board.cells.len()],
            waiting,
            points: (0..self.sides).map(|_| 0).collect(),
            pending: None,
            leader: 0,
            choosing: false,
            dummy_turns: 0,
            dummy_last: None,
        }));
        if !self.rules.turn.begins_by_throw {
            // The first seat listed begins; its player leads.
            state.phase = Phase::Throw;
            if let Some(fs) = state.fight.as_mut() {
                fs.leader = self
                    .player_of
                    .first()
                    .copied()
                    .filter(|&p| p != DUMMY)
                    .unwrap_or(0);
            }
        }
        state
    }

    /// The waiting values of a throw.
    fn pool_of(&self, index: usize) -> ArrayVec<PoolValue, MAX_POOL> {
        let mut pool = ArrayVec::new();
        if let Some(o) = self.rules.dice.outcomes.get(index) {
            for &v in o.values.iter().take(MAX_POOL) {
                pool.push(PoolValue {
                    value: v,
                    again: false,
                    bonus: false,
                });
            }
        }
        pool
    }
}
