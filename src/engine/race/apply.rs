//! Applying an action that the rules allow.

use super::fast::Fast;
use super::{
    seating::NONE,
    word::{HIGH, equal_bytes, moved_up_in_long_word, moved_up_in_word, sort_small},
};
use crate::engine::{Action, Offer, Phase, PoolValue, State};
use crate::rules::{
    ThrowOrder,
    dice::{Dice, Outcome as DiceOutcome},
};

impl Fast<'_> {
    /// Applies an action without checking it. The caller must have it from
    /// [`Game::legal_actions`](crate::Game::legal_actions) of this very state; anything else may leave
    /// the state inconsistent (it never panics for a throw or a pass).
    pub(crate) fn apply_unchecked(self, state: &mut State, action: Action) {
        if self.fits(state) {
            self.apply_fitting(state, action);
        }
    }

    /// [`Fast::apply_unchecked`] for a state known to fit the game.
    pub(crate) fn apply_fitting(self, state: &mut State, action: Action) {
        if !self.is_race {
            if let Some(f) = self.fight_rules() {
                return self.fight_apply(f, state, action);
            }
            return self.field_apply(state, action);
        }
        if self.race.by_reference {
            return self.apply_reference_listed(state, action);
        }
        match action {
            Action::Begin(i)
                if (i as usize) < self.seats.len() && state.phase == Phase::Opening =>
            {
                state.mover = i;
                state.phase = Phase::Throw;
            }
            Action::Throw(i) => self.apply_throw(state, i as usize),
            Action::Pass => {
                // A seat with no piece on its way that could move nothing
                // may try again (turn: tries).
                let retry = self.rules.turn.tries > 1
                    && state.tried + 1 < self.rules.turn.tries
                    && state.extra == 0
                    && self.nothing_on_way(state)
                    && !self.any_move(state);
                state.pool.clear();
                if retry {
                    state.tried += 1;
                    state.phase = Phase::Throw;
                } else {
                    self.after_value(state);
                }
            }
            Action::Move { from, count, by } => self.apply_move(state, from, count, by, false),
            Action::Round { from, count, by } => self.apply_move(state, from, count, by, true),
            // end: doubling: the offer, and its answer. Actions of fights
            // and field games change nothing in a race.
            _ => {
                self.apply_stake(state, action);
            }
        }
    }

    /// Applies outcome `index` of the dice in a race waiting for a throw.
    #[inline(always)]
    pub(crate) fn apply_throw(self, state: &mut State, index: usize) {
        // Mostly a few values: read in place, else from the rules.
        let (values, again, doubles): (&[u8], bool, bool) = match self.race.throws.get(index) {
            Some(t) if t.len as usize <= t.values.len() => {
                (&t.values[..t.len as usize], t.again, t.doubles)
            }
            _ => match self.rules.dice.outcomes.get(index) {
                Some(outcome) => (&outcome.values, outcome.again, outcome.doubles),
                None => return,
            },
        };
        if again {
            state.streak = state.streak.saturating_add(1);
            let limit = self.flags().again_limit;
            if limit > 0 && state.streak >= limit {
                // One throw-again too many: it moves nothing and ends the turn.
                if let Some(step) = self.sent_back_over_limit(state) {
                    let pieces = &mut state.pieces[state.mover as usize];
                    if let Some(piece) = pieces.iter_mut().find(|s| **s == step) {
                        *piece = 0;
                    }
                    sort_small(pieces);
                }
                self.end_turn(state);
                return;
            }
        }
        state.used = 0;
        state.split.clear();
        state.doubles = doubles;
        let die = |value| PoolValue {
            value,
            again,
            bonus: false,
        };
        let before = state.pool.len();
        match *values {
            // Mostly two dice into an empty pool: without a loop.
            [a, b] if state.pool.is_empty() => {
                state.pool.push(die(a));
                state.pool.push(die(b));
            }
            _ => {
                for &value in values {
                    if state.pool.try_push(die(value)).is_err() {
                        break;
                    }
                }
            }
        }
        let dice = &self.rules.dice;
        // With no piece at the start, some faces move another value (dice: all_out).
        if !dice.all_out.is_empty() && !state.pieces[state.mover as usize].contains(&0) {
            for v in &mut state.pool[before..] {
                v.value = dice.value_of(v.value, true);
            }
        }
        // On a double with no piece at the start, the bottom faces move too.
        if doubles && dice.bottoms_sum > 0 && !state.pieces[state.mover as usize].contains(&0) {
            for &top in values {
                if !state.pool.is_full() {
                    state.pool.push(PoolValue {
                        value: dice.bottoms_sum.saturating_sub(top),
                        again,
                        bonus: false,
                    });
                }
            }
        }
        let keep_throwing = again
            && self.rules.turn.throws == ThrowOrder::AllFirst
            && state.pool.remaining_capacity() >= values.len();
        if again && !keep_throwing {
            state.extra = state.extra.saturating_add(1);
        }
        if !keep_throwing {
            state.phase = Phase::Move;
        }
    }

    pub(crate) fn apply_move(self, state: &mut State, from: u8, count: u8, by: u8, round: bool) {
        if !round && count == 1 && from > 0 && self.step_on::<false>(state, from, by) {
            return;
        }
        self.apply_move_in_full(state, from, count, by, round);
    }

    /// [`Fast::apply_move`] of one piece on its way from step `from` by
    /// the value `by`, where a walk of the pieces found the way and the
    /// landing cell clear: the landing is short of home and of any
    /// detour, and, where the view holds every seat the mover takes,
    /// nothing is taken there, so neither is asked again.
    pub(crate) fn apply_clear_step(self, state: &mut State, from: u8, by: u8) {
        if from > 0 && self.step_on::<true>(state, from, by) {
            return;
        }
        self.apply_move_in_full(state, from, 1, by, false);
    }

    /// Plays an action a lean draw gave: a move whose walk found the way
    /// and the landing cell `clear` without asking again
    /// ([`Fast::apply_clear_step`]), any other in full.
    #[inline(always)]
    pub(crate) fn apply_drawn(self, state: &mut State, a: Action, clear: bool) {
        match a {
            Action::Move { from, count: 1, by } if clear => self.apply_clear_step(state, from, by),
            _ => self.apply_fitting(state, a),
        }
    }

    /// [`Fast::apply_move`] for every move, with all its bookkeeping.
    fn apply_move_in_full(self, state: &mut State, from: u8, count: u8, by: u8, round: bool) {
        let seat = state.mover as usize;
        let home = self.home(seat);
        let slot = self.value_used(state, from, by);
        let mut values_used = 1;
        match slot {
            Some(slot) if slot + 1 == state.pool.len() => {
                state.pool.pop();
            }
            Some(slot) => {
                state.pool.remove(slot);
            }
            // Entry by the sum of two die values (entry: sum).
            None if from == 0 && self.flags().entry_sum => {
                let Some((i, j)) = self.sum_pair(state, by) else {
                    return;
                };
                state.pool.remove(j);
                state.pool.remove(i);
                values_used = 2;
            }
            None => return,
        }
        let target = self.lands_on(seat, from, by, round).unwrap_or(home);
        state.used = state.used.saturating_add(values_used);
        // Two pieces of one blockade are followed through the throw: they
        // may not come together on a new cell (stacks: pairs = apart).
        let flags = self.flags();
        if flags.pairs_apart && from > 0 && flags.blockade > 0 {
            let pairs = state.split.pairs_mut();
            if let Some(pair) = pairs.iter_mut().find(|p| p.0 == from || p.1 == from) {
                if pair.0 == from {
                    pair.0 = target;
                } else {
                    pair.1 = target;
                }
            } else {
                let here = state.pieces.count_on(seat, from);
                if here >= flags.blockade && count < here {
                    state.split.push((target, from));
                }
            }
        }
        self.land(state, from, count, target, false);
    }

    /// Where in the pool the waiting value is that a move from `from` by
    /// `by` uses: for a piece leaving its start, one that lets it out;
    /// else the first of that size. `None` for a piece leaving its start
    /// by the sum of two dice (entry: sum), or no such value.
    #[inline(always)]
    pub(crate) fn value_used(self, state: &State, from: u8, by: u8) -> Option<usize> {
        state
            .pool
            .iter()
            .position(|&v| v.value == by && (from != 0 || self.may_leave_start(v)))
    }

    /// The last part of a move, its waiting value used up: the mover's
    /// `count` pieces at step `from` come to step `target`, take what they
    /// take there, and the turn goes on. `nothing_there`: the caller knows
    /// that no piece it could take stands there, so none is looked for.
    #[inline(always)]
    pub(crate) fn land(
        self,
        state: &mut State,
        from: u8,
        count: u8,
        target: u8,
        nothing_there: bool,
    ) {
        let seat = state.mover as usize;
        let home = self.home(seat);
        // The pieces taken go back before the mover's own move is stored:
        // taking reads all the steps at once, which would wait for the
        // store of the mover's word just before it to finish.
        if !nothing_there && target < home && self.may_take_on_landing(state, seat, from, target) {
            self.take_there(state, seat, target);
        }
        // Mostly one piece, moved up in its seat's word.
        let moved_one =
            count == 1 && target > from && self.move_first_up(state, seat, from, target, false);
        if !moved_one {
            let pieces = &mut state.pieces[seat];
            // Sorted: the pieces at `from` stand together; the first `count`
            // of them move, and the seat's steps are sorted again.
            let at = pieces.partition_point(|&s| s < from);
            let mut end = at;
            while end < pieces.len() && end < at + count as usize && pieces[end] == from {
                pieces[end] = target;
                end += 1;
            }
            // Mostly the moved pieces stay between their neighbours.
            let in_order = (at == 0 || pieces[at - 1] <= target)
                && pieces.get(end).is_none_or(|&next| next >= target);
            if !in_order {
                sort_small(pieces);
            }
            self.note_moved(state, target);
        }
        if from == 0 {
            state.entered[seat] = true;
        }
        if target == home && from < home {
            self.add_bonus(state, self.rules.home.bonus);
        }
        if self.in_goal(seat, target)
            && state.pieces[seat].iter().all(|&s| self.in_goal(seat, s))
            && !state.has_finished(seat)
        {
            state.finished.push(seat as u8);
            if self.outcome_of_finishes(state).is_some() {
                state.phase = Phase::Over;
                return;
            }
            // A seat that has finished ends its turn at once.
            state.pool.clear();
            state.extra = 0;
        }
        self.after_value(state);
    }

    /// The common move, without the general bookkeeping: one piece on its
    /// way moves on by a waiting value to a step short of its goal, not
    /// reaching a detour, and no pair of a blockade is followed or split.
    /// Returns `false`, having changed nothing, for any other move. `CLEAR`
    /// where a walk of the pieces found the way and the landing clear
    /// ([`Fast::apply_clear_step`]).
    #[inline]
    fn step_on<const CLEAR: bool>(self, state: &mut State, from: u8, by: u8) -> bool {
        let seat = state.mover as usize;
        let flags = self.flags();
        let home = self.home(seat);
        let target = from as u16 + by as u16;
        let follows_pairs = flags.pairs_apart && flags.blockade > 0;
        let beyond = || target >= home as u16 || self.comes_to_detour(seat, from, target);
        debug_assert!(
            !(CLEAR && beyond()),
            "a clear walk to {target} from {from} reaches home or a detour"
        );
        if (!CLEAR && beyond())
            || self.in_goal(seat, target as u8)
            || (follows_pairs && !state.split.is_empty())
        {
            return false;
        }
        let target = target as u8;
        let Some(slot) = state.pool.iter().position(|v| v.value == by) else {
            return false;
        };
        let may_take = !(CLEAR && self.race.view_holds_prey)
            && self.may_take_on_landing(state, seat, from, target);
        // A piece that leaves others on its step may split a blockade.
        if !self.move_first_up(state, seat, from, target, follows_pairs) {
            return false;
        }
        state.pool.remove(slot);
        state.used = state.used.saturating_add(1);
        if may_take {
            self.take_there(state, seat, target);
        }
        self.after_value(state);
        true
    }

    /// Moves `seat`'s first piece on step `from` up to step `target`
    /// (above `from`), its steps kept sorted; `false`, changing nothing,
    /// where no piece stands on `from`, or (`alone`) where another does
    /// too. Where its pieces fit a word, without a branch a piece: which
    /// piece moves is chance, and a search of the pieces one by one was
    /// mostly guessed wrong.
    #[inline(always)]
    pub(super) fn move_first_up(
        self,
        state: &mut State,
        seat: usize,
        from: u8,
        target: u8,
        alone: bool,
    ) -> bool {
        let moved = self.move_first_up_only(state, seat, from, target, alone);
        if moved {
            self.note_moved(state, target);
        }
        moved
    }

    /// Notes the step `target` where the mover's piece just moved came,
    /// where the state keeps it (turn: over_limit = send_back_last).
    #[inline(always)]
    pub(super) fn note_moved(self, state: &mut State, target: u8) {
        // Without a branch: stays 0 where the rules do not keep it.
        state.last_moved = target & self.race.hot.last_moved_mask;
    }

    /// [`Fast::move_first_up`] but for the note of the piece moved last.
    #[inline(always)]
    fn move_first_up_only(
        self,
        state: &mut State,
        seat: usize,
        from: u8,
        target: u8,
        alone: bool,
    ) -> bool {
        if let Some((steps, live)) = state.pieces.seat_word(seat) {
            let live = live & HIGH;
            let on = equal_bytes(steps, from) & live;
            if on == 0 || (alone && on & (on - 1) != 0) {
                return false;
            }
            let first = on & on.wrapping_neg();
            // Below 128 the bytes compare without the vector unit.
            let moved = if self.home(seat) < 128 {
                moved_up_in_word(steps, live, first, target)
            } else {
                moved_up_in_long_word(steps, live, first, target)
            };
            state.pieces.set_seat_word(seat, moved);
            return true;
        }
        let pieces = &mut state.pieces[seat];
        let Some(at) = pieces.iter().position(|&s| s == from) else {
            return false;
        };
        if alone && pieces.get(at + 1) == Some(&from) {
            return false;
        }
        move_up(pieces, at, target);
        true
    }

    /// Whether `seat`'s piece, come from `from` to its race step `target`,
    /// may take pieces there ([`Fast::take_there`] says which). Asked
    /// before the mover's pieces change: its own pieces are never taken,
    /// and the one comparison of all the pieces then reads bytes that are
    /// not being written, which would make it wait for the write.
    #[inline(always)]
    pub(super) fn may_take_on_landing(
        self,
        state: &State,
        seat: usize,
        from: u8,
        target: u8,
    ) -> bool {
        if !self.flags().by_landing {
            return false;
        }
        // Mostly nobody stands there: one comparison of all the pieces
        // says so. Asked whether the cell is safe or not, and the two
        // answers put together without a branch: which it is is chance.
        let there = self.race.seating.prey_on(&state.pieces, seat, target);
        self.takes_on(seat, from, target) & there.unwrap_or(true)
    }

    /// Sends back the pieces that `seat`'s piece, landing on its race step
    /// `target`, takes there, with the extra throws and bonuses that taking
    /// gives: each prey seat's pieces on the cell go back to their start.
    #[inline(never)]
    fn take_there(self, state: &mut State, seat: usize, target: u8) {
        // Where the pieces fit in 16 bytes, one comparison finds them all.
        let taken = match self.race.seating.prey_steps(seat, target) {
            Some(steps) => state.pieces.send_back_matching(steps),
            None => self.send_back_prey(state, seat, target),
        };
        if taken > 0 {
            // Extra throws and one bonus come with the landing, however
            // many pieces it takes.
            state.extra = state.extra.saturating_add(self.rules.capture.extra_throws);
            self.add_bonus(state, self.rules.capture.bonus);
        }
    }

    /// Sends back the pieces of `seat`'s prey on the cell of its step
    /// `target`, prey seat by prey seat; returns how many.
    fn send_back_prey(self, state: &mut State, seat: usize, target: u8) -> u8 {
        let mut taken = 0u8;
        for &other in self.race.seating.prey(seat) {
            let other = other as usize;
            // The other seat's steps on the cell just reached.
            let [a, b] = self.race.seating.meet(other, seat, target);
            if a == NONE || !state.pieces.any_on(other, [a, b]) {
                continue;
            }
            let before = taken;
            for step in state.pieces[other].iter_mut() {
                if *step == a || *step == b {
                    *step = 0;
                    taken += 1;
                }
            }
            if taken > before {
                sort_small(&mut state.pieces[other]);
            }
        }
        taken
    }

    fn add_bonus(self, state: &mut State, value: u8) {
        if value > 0 && !state.pool.is_full() {
            state.pool.push(PoolValue {
                value,
                again: false,
                bonus: true,
            });
        }
    }

    /// After a value is used or given up: go on with the turn, throw again, or pass the turn on.
    /// Inline: it runs after every move, and mostly ends at its first test.
    #[inline(always)]
    pub(super) fn after_value(self, state: &mut State) {
        if !state.pool.is_empty() {
            return;
        }
        if state.extra > 0 {
            state.extra -= 1;
            state.phase = Phase::Throw;
            return;
        }
        self.end_turn(state);
    }

    /// The step of the mover's piece that the throw past `again_limit`
    /// sends back to its start (turn: over_limit), if any: its piece nearest
    /// home, not yet home (`send_back_leader`), or the one it moved last in
    /// this turn unless that is home or on a cell no other playing seat's
    /// track passes (`send_back_last`). None for a seat that has finished.
    fn sent_back_over_limit(self, state: &State) -> Option<u8> {
        let seat = state.mover as usize;
        let home = self.home(seat);
        let turn = &self.rules.turn;
        if state.has_finished(seat) {
            return None;
        }
        if turn.send_back_leader {
            let pieces = &state.pieces[seat];
            return pieces.iter().rev().copied().find(|&s| s > 0 && s < home);
        }
        let step = state.last_moved;
        let cell = self.track(seat).cell(step);
        let shared = (0..self.seats.len())
            .any(|other| other != seat && self.track(other).cells.contains(&cell));
        (turn.send_back_last && step > 0 && step < home && shared).then_some(step)
    }

    /// Counts the turns the ending seat's blockades have stood (stacks:
    /// blockade_turns). Apart from the end of a turn, which every game
    /// runs through and which stays small without it.
    #[cold]
    #[inline(never)]
    fn age_blockades(self, state: &mut State) {
        let stacks = &self.rules.stacks;
        let seat = state.mover;
        let home = self.home(seat as usize);
        let old = state.blockade_ages.clone();
        state.blockade_ages.retain(|e| e.0 != seat);
        let pieces = &state.pieces[seat as usize];
        let mut i = 0;
        while i < pieces.len() {
            let step = pieces[i];
            let here = pieces[i..].iter().take_while(|&&s| s == step).count();
            i += here;
            if step == 0 || step >= home || (here as u8) < stacks.blockade {
                continue;
            }
            let turns = old
                .iter()
                .find(|e| e.0 == seat && e.1 == step)
                .map_or(1, |e| e.2.saturating_add(1));
            let _ = state.blockade_ages.try_push((seat, step, turns));
        }
    }

    /// Whether every piece of the mover is at its start or in its goal.
    fn nothing_on_way(self, state: &State) -> bool {
        let seat = state.mover as usize;
        state.pieces[seat]
            .iter()
            .all(|&s| s == 0 || self.in_goal(seat, s))
    }

    // Inline into the random game's loop: since it reads the blockade
    // limit the compiler left it out of line, and the call at every
    // turn's end cost Mensch 6% and Pachisi 4% of games a second.
    #[inline(always)]
    fn end_turn(self, state: &mut State) {
        if self.race.hot.blockade_turns > 0 && self.flags().blockade > 0 {
            self.age_blockades(state);
        }
        state.tried = 0;
        state.last_moved = 0;
        state.stake.offer = Offer::None;
        state.pool.clear();
        state.extra = 0;
        state.streak = 0;
        state.turns += 1;
        if state.turns >= self.race.hot.turn_limit {
            state.phase = Phase::Over;
            state.at_limit = true;
            return;
        }
        let n = self.seats.len();
        let mut next = state.mover as usize;
        for _ in 0..n {
            // No division: the seat after the last is the first.
            next = if next + 1 >= n { 0 } else { next + 1 };
            if !(self.flags().skip_finished && state.has_finished(next)) {
                break;
            }
        }
        state.mover = next as u8;
        state.phase = Phase::Throw;
    }
}

/// Moves the piece at place `at` of a seat's sorted `steps` up to step
/// `target` (not below its own step), keeping the steps sorted.
#[inline(always)]
pub(super) fn move_up(steps: &mut [u8], mut at: usize, target: u8) {
    steps[at] = target;
    while at + 1 < steps.len() && steps[at + 1] < target {
        steps.swap(at, at + 1);
        at += 1;
    }
}

/// An outcome of the dice as a throw applies it, kept in the game so that
/// a throw reads one small record instead of the rule set's lists.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Throw {
    /// The move values, the first `len` of them.
    pub(super) values: [u8; 4],
    /// How many values; more than `values` holds means: read the rules.
    pub(super) len: u8,
    pub(super) again: bool,
    pub(super) doubles: bool,
    /// Whether it gives one value above 0 and no double, and is used before
    /// any other throw (each throw used before the next, or a throw that
    /// gives no other): a throw that a random game may play at once, into
    /// an empty pool ([`Fast::throw_and_play_quick`]).
    pub(super) one_value: bool,
    /// The throws-again in a row at which this throw moves nothing (`turn:
    /// again_limit`); `u16::MAX` where it gives no throw again or there is
    /// no limit: one comparison, with no branch on the rule, asks it.
    pub(super) again_cap: u16,
}

impl Throw {
    /// The outcome `outcome` of `dice` thrown in the order `order`, past
    /// `again_limit` throws again in a row (0: no limit) moving nothing.
    pub(crate) fn of(
        outcome: &DiceOutcome,
        dice: &Dice,
        order: ThrowOrder,
        again_limit: u8,
    ) -> Throw {
        let mut values = [0; 4];
        for (v, &o) in values.iter_mut().zip(&outcome.values) {
            *v = o;
        }
        Throw {
            values,
            len: outcome.values.len().min(u8::MAX as usize) as u8,
            again: outcome.again,
            doubles: outcome.doubles,
            // With all throws first, a throw that gives another is
            // followed by that throw, not a move.
            // A face that may move another value (dice: all_out) is
            // thrown by `apply_throw`, which asks whether all are out.
            one_value: matches!(outcome.values[..], [v] if v > 0 && dice.value_of(v, true) == v)
                && !outcome.doubles
                && (order == ThrowOrder::OneAtATime || !outcome.again),
            again_cap: if outcome.again && again_limit > 0 {
                u16::from(again_limit)
            } else {
                u16::MAX
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::engine::race::legal::tests::{positions, prey_stands_on, races};

    /// The shortcut for the common move ([`Game::step_on`]) leaves the
    /// state exactly as the whole apply does, for every legal move it
    /// takes, at every decision of random games of every bundled race; so
    /// does its form for a walk found clear, which skips the take where
    /// the view holds the prey (`view_holds_prey`), and is counted only
    /// there: elsewhere it takes as the plain form does.
    #[test]
    fn the_common_move_shortcut_leaves_the_state_the_whole_apply_leaves() {
        let (mut taken, mut cleared) = (0usize, 0usize);
        for (name, game) in races() {
            let mut rng = crate::sim::rng(5);
            for _ in 0..3 {
                let mut state = game.new_initial_state();
                let mut buf = Vec::new();
                while crate::sim::random_step(&game, &mut state, &mut rng, &mut buf).is_some() {
                    if state.phase != Phase::Move {
                        continue;
                    }
                    for action in game.legal_actions(&state) {
                        let Action::Move { from, count: 1, by } = action else {
                            continue;
                        };
                        let mut short = state.clone();
                        if from == 0 || !game.fast().step_on::<false>(&mut short, from, by) {
                            assert_eq!(
                                short, state,
                                "{name}: a refused shortcut changed the state"
                            );
                            continue;
                        }
                        taken += 1;
                        let mut full = state.clone();
                        game.fast()
                            .apply_move_in_full(&mut full, from, 1, by, false);
                        assert_eq!(short, full, "{name}: {action} in {state:?}");
                        // Where a walk finds the way and the landing clear,
                        // the shortcut that asks neither again agrees too.
                        let seat = state.mover as usize;
                        let target = from as u16 + by as u16;
                        if !game.fast().comes_to_detour(seat, from, target)
                            && game.fast().clear_to_by_bytes(&state, seat, from, target)
                        {
                            let mut clear = state.clone();
                            assert!(game.fast().step_on::<true>(&mut clear, from, by), "{name}");
                            assert_eq!(clear, full, "{name}: {action} in {state:?}, clear");
                            // Where the view does not hold the prey, the
                            // clear walk takes as the plain shortcut does.
                            cleared += usize::from(game.race.view_holds_prey);
                        }
                    }
                }
            }
        }
        assert!(taken > 24_000, "the shortcut was taken only {taken} times");
        assert!(
            cleared > 20_000,
            "a clear walk was shortcut only {cleared} times where the view holds the prey"
        );
    }

    /// A piece moved up within its seat's word goes after the pieces
    /// below its new step, the steps staying sorted, as the move piece by
    /// piece puts it; a step with two pieces refuses a piece that must
    /// move alone, and a step with none refuses, both changing nothing.
    #[test]
    fn a_piece_moved_up_in_its_word_keeps_the_steps_sorted() {
        let game = Game::bundled("russian-pachisi", Some(4)).expect("bundled");
        let mut state = game.new_initial_state();
        let lists = vec![
            vec![0, 3, 3, 9],
            vec![0, 0, 0, 0],
            vec![4, 8, 8, 12],
            vec![0; 4],
        ];
        state.pieces = crate::engine::Pieces::from_lists(&lists).expect("pieces");
        // The first of the two on step 3 goes past the piece on 9.
        assert!(game.fast().move_first_up(&mut state, 0, 3, 10, false));
        assert_eq!(state.pieces[0], [0, 3, 9, 10]);
        assert_eq!(state.pieces[1], [0; 4], "the next seat's bytes are kept");
        // One of two on step 8 may not leave alone; none stands on step 5.
        let before = state.clone();
        assert!(!game.fast().move_first_up(&mut state, 2, 8, 9, true));
        assert!(!game.fast().move_first_up(&mut state, 2, 5, 6, false));
        assert_eq!(state, before);
        // Step 4 to 8 lands before the two there, past none.
        assert!(game.fast().move_first_up(&mut state, 2, 4, 8, true));
        assert_eq!(state.pieces[2], [8, 8, 8, 12]);
        // Each seat as the move piece by piece leaves it.
        for (from, target) in [(0, 1), (8, 20), (12, 13)] {
            let mut by_word = state.clone();
            let mut by_piece = state.pieces[2].to_vec();
            let at = by_piece.iter().position(|&s| s == from);
            assert_eq!(
                game.fast()
                    .move_first_up(&mut by_word, 2, from, target, false),
                at.is_some()
            );
            if let Some(at) = at {
                move_up(&mut by_piece, at, target);
            }
            assert_eq!(by_word.pieces[2], by_piece[..], "{from} to {target}");
        }
    }

    /// The one comparison of all the pieces against a cell's prey steps
    /// finds a piece to take exactly where looking at each prey seat's
    /// pieces does, and sends back the pieces, and counts them, as going
    /// prey seat by prey seat does, for every seat and race step, in
    /// positions of random games of every bundled race whose pieces fit.
    #[test]
    fn one_comparison_finds_and_sends_back_the_pieces_a_landing_takes() {
        let (mut found, mut taken) = (0usize, 0usize);
        for (name, game) in races() {
            for state in positions(&game, 8, 400) {
                for seat in 0..game.seats().len() {
                    for q in 1..game.race.hot.home[seat] {
                        let Some(steps) = game.race.seating.prey_steps(seat, q) else {
                            continue;
                        };
                        let looked = prey_stands_on(&game, &state, seat, q);
                        assert_eq!(
                            state.pieces.any_byte_matches(steps),
                            looked,
                            "{name}: seat {seat}, step {q}, pieces {:?}",
                            state.pieces
                        );
                        // Asked of the first step alone where the seating allows.
                        assert_eq!(
                            game.race.seating.prey_on(&state.pieces, seat, q),
                            Some(looked),
                            "{name}: seat {seat}, step {q}, pieces {:?}",
                            state.pieces
                        );
                        found += usize::from(looked);
                        let (mut by_word, mut by_seat) = (state.clone(), state.clone());
                        let n = by_word.pieces.send_back_matching(steps);
                        assert_eq!(
                            n,
                            game.fast().send_back_prey(&mut by_seat, seat, q),
                            "{name}"
                        );
                        assert_eq!(by_word, by_seat, "{name}: seat {seat}, step {q}");
                        taken += n as usize;
                    }
                }
            }
        }
        assert!(
            found > 100 && taken >= found,
            "{found} cells held prey, {taken} taken"
        );
    }
}
