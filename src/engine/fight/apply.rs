//! Applying an action of a fight, and the end of a turn.

use super::{Effect, FightState, Moving, Piece, Stack};
use crate::{
    Action,
    engine::{Game, Phase, State},
    rules::{DUMMY, fight::FightRules},
};

impl Game {
    /// Applies an action without checking it; an action that does not fit
    /// changes nothing.
    pub(crate) fn fight_apply(&self, f: &FightRules, state: &mut State, action: Action) {
        let Some(mut fs) = state.fight.take() else {
            return;
        };
        self.fight_apply_to(f, state, &mut fs, action);
        state.fight = Some(fs);
    }

    fn fight_apply_to(
        &self,
        f: &FightRules,
        state: &mut State,
        fs: &mut FightState,
        action: Action,
    ) {
        match (state.phase, action) {
            (Phase::Opening, Action::Begin(p))
                if !fs.choosing && (p as usize) < self.player_count =>
            {
                fs.leader = p;
                let mine: Vec<usize> = (0..self.seats.len())
                    .filter(|&i| self.player_of.get(i) == Some(&p))
                    .collect();
                match mine.as_slice() {
                    [only] => {
                        state.mover = *only as u8;
                        state.phase = Phase::Throw;
                    }
                    _ => fs.choosing = true,
                }
            }
            (Phase::Opening, Action::Lead(s))
                if fs.choosing && self.player_of.get(s as usize) == Some(&fs.leader) =>
            {
                state.mover = s;
                fs.choosing = false;
                state.phase = Phase::Throw;
            }
            (Phase::Throw, Action::Throw(i)) => {
                state.pool = self.pool_of(i as usize);
                state.phase = if state.pool.is_empty() {
                    Phase::Throw
                } else {
                    Phase::Move
                };
            }
            (Phase::Move, Action::Pass) => {
                state.pool.clear();
                fs.pending = None;
                self.end_fight_turn(state, fs);
            }
            (
                Phase::Move,
                Action::Shift {
                    from,
                    piece,
                    to,
                    by,
                    join,
                },
            ) => {
                let Some(k) = state.pool.iter().position(|v| v.value == by) else {
                    return;
                };
                if to as usize >= fs.cells.len() {
                    return;
                }
                let Some(m) = take_piece(fs, from as usize, piece) else {
                    return;
                };
                state.pool.remove(k);
                self.arrive(f, state, fs, m, to as usize, join, false);
            }
            (Phase::Move, Action::Enter { to, kind, by, join }) => {
                let Some(k) = state.pool.iter().position(|v| v.value == by) else {
                    return;
                };
                if to as usize >= fs.cells.len() {
                    return;
                }
                let seat = state.mover;
                let Some(w) = fs
                    .waiting
                    .get_mut(seat as usize)
                    .and_then(|w| w.get_mut(kind as usize))
                    .filter(|w| **w > 0)
                else {
                    return;
                };
                *w -= 1;
                state.pool.remove(k);
                let p = Piece { seat, kind };
                self.arrive(f, state, fs, Moving::Single(p), to as usize, join, true);
            }
            _ => {}
        }
    }

    /// A piece arrives on `to`: the first of two attackers waits there, the
    /// second completes the attack, any other lands.
    #[allow(clippy::too_many_arguments)]
    fn arrive(
        &self,
        f: &FightRules,
        state: &mut State,
        fs: &mut FightState,
        m: Moving,
        to: usize,
        join: bool,
        entering: bool,
    ) {
        let seat = state.mover;
        let side = self.side.get(seat as usize).copied().unwrap_or(0) as usize;
        if to >= fs.cells.len() {
            return;
        }
        let mut taken = 0u32;
        if let (Some((x, att)), Moving::Single(p)) = (fs.pending, m) {
            // The second attacker: together they take what stands there.
            fs.pending = None;
            let x = x as usize;
            if let Some(cell) = fs.cells.get_mut(x) {
                taken += cell.pieces().map(|q| f.value(q.kind) as u32).sum::<u32>();
                *cell = own_stack(f, att, Some(p));
            }
        } else if let (true, Moving::Single(p)) = (join, m) {
            fs.pending = Some((to as u16, p));
        } else {
            let effect = self.landing(f, fs, seat, m, to, entering);
            let d = fs.cells[to];
            match (effect, m) {
                (Ok(Effect::Move), Moving::Single(p)) => {
                    fs.cells[to] = match d.lower {
                        None => own_stack(f, p, None),
                        Some(q) => own_stack(f, q, Some(p)),
                    };
                }
                (Ok(Effect::Move), Moving::Fused(s)) => fs.cells[to] = s,
                (Ok(Effect::Capture), _) => {
                    taken += d.pieces().map(|q| f.value(q.kind) as u32).sum::<u32>();
                    fs.cells[to] = match m {
                        Moving::Single(p) => own_stack(f, p, None),
                        Moving::Fused(s) => s,
                    };
                }
                (Ok(Effect::Fuse), Moving::Single(p)) => {
                    if let Some(low) = d.lower {
                        fs.cells[to] = Stack {
                            lower: Some(low),
                            upper: Some(p),
                            fused: true,
                        };
                    }
                }
                (Ok(Effect::Rescue), Moving::Single(p)) => {
                    if let (Some(low), Some(high)) = (d.lower, d.upper) {
                        let (own, other) = if low.seat == seat {
                            (low, high)
                        } else {
                            (high, low)
                        };
                        taken += f.value(other.kind) as u32;
                        fs.cells[to] = own_stack(f, own, Some(p));
                    }
                }
                (Ok(Effect::Hijack), Moving::Single(p)) => {
                    if let (Some(low), Some(high)) = (d.lower, d.upper) {
                        taken += f.value(high.kind) as u32;
                        fs.cells[to] = Stack {
                            lower: Some(low),
                            upper: Some(p),
                            fused: true,
                        };
                    }
                }
                _ => {}
            }
        }
        if let Some(points) = fs.points.get_mut(side) {
            *points += taken;
        }
        if taken > 0 && (0..self.seats.len() as u8).any(|s| self.pieces_left(fs, s) == 0) {
            // The last piece of a seat is taken: play stops at once.
            state.pool.clear();
            state.phase = Phase::Over;
            return;
        }
        if state.pool.is_empty() {
            self.end_fight_turn(state, fs);
        }
    }

    /// The turn passes to the next seat; a dummy's turn counts toward who moves it next.
    fn end_fight_turn(&self, state: &mut State, fs: &mut FightState) {
        if self.player_of.get(state.mover as usize) == Some(&DUMMY) {
            fs.dummy_last = Some(self.fight_player(fs, state.mover as usize));
            fs.dummy_turns += 1;
        }
        state.turns += 1;
        state.mover = ((state.mover as usize + 1) % self.seats.len().max(1)) as u8;
        state.phase = Phase::Throw;
        if state.turns >= self.rules.turn.limit {
            state.phase = Phase::Over;
            state.at_limit = true;
        }
    }
}

/// Takes the piece `piece` off cell `from`; the other piece of a stack stays.
fn take_piece(fs: &mut FightState, from: usize, piece: u8) -> Option<Moving> {
    let st = fs.cells.get_mut(from)?;
    if st.fused {
        let m = Moving::Fused(*st);
        *st = Stack::default();
        return Some(m);
    }
    match piece {
        0 => {
            let low = st.lower?;
            st.lower = st.upper.take();
            Some(Moving::Single(low))
        }
        _ => st.upper.take().map(Moving::Single),
    }
}

/// Pieces of one seat on a cell, the larger below.
fn own_stack(f: &FightRules, a: Piece, b: Option<Piece>) -> Stack {
    match b {
        Some(b) if f.value(b.kind) > f.value(a.kind) => Stack {
            lower: Some(b),
            upper: Some(a),
            fused: false,
        },
        _ => Stack {
            lower: Some(a),
            upper: b,
            fused: false,
        },
    }
}
