//! The legal actions of a decision and a random seat's pick, the way the
//! engine plays them: the quick one-value decisions first, then the
//! general listing, with the rules that choose among moves (forced entry,
//! use = most) applied to the whole list.

use arrayvec::ArrayVec;
use rustc_hash::{FxHashMap, FxHashSet};

use super::fast::Fast;
use super::hot::{VALUE_BITS, break_bit};
use super::moves::View;
use super::reference::values_counted;
use super::seating;
use crate::engine::{Action, Phase, PoolValue, State};
use crate::rules::MAX_POOL;

/// A search of how much of a throw can be used remembers the positions it
/// has answered where more values than this wait: a long throw reaches
/// one position by very many orders, a short one by few. From three
/// values on, the bundled games run 0.15% more instructions than from
/// four (Parcheesi's games a second the same), and eight values that
/// cannot all be used on sixteen pieces are searched nine times faster:
/// from four, positions with three values left, each of which any piece
/// may take, were tried again each time they came up.
const REMEMBERED_FROM: u8 = 2;

/// The positions of one decision's throw found not to use all the values
/// still waiting in them ([`Fast::uses_all`]); made when the first is kept.
pub(crate) type ShortPositions = Option<FxHashSet<State>>;

/// The distinct waiting values, smallest first; of one size, in the
/// order they wait.
#[inline(always)]
pub(crate) fn distinct_ascending(pool: &[PoolValue]) -> ArrayVec<PoolValue, MAX_POOL> {
    // Mostly two dice: put in order at once.
    if let &[a, b] = pool {
        let mut values = ArrayVec::new();
        let (first, second) = if b.value < a.value { (b, a) } else { (a, b) };
        values.push(first);
        if a != b {
            values.push(second);
        }
        return values;
    }
    distinct_ascending_in_full(pool)
}

/// [`distinct_ascending`] for any number of values.
fn distinct_ascending_in_full(pool: &[PoolValue]) -> ArrayVec<PoolValue, MAX_POOL> {
    let mut values: ArrayVec<PoolValue, MAX_POOL> = ArrayVec::new();
    for &v in pool {
        // Its place: after the values not larger. One like it stands just before.
        let mut at = values.len();
        while at > 0 && values[at - 1].value > v.value {
            at -= 1;
        }
        let mut same_size = values[..at].iter().rev().take_while(|w| w.value == v.value);
        if same_size.any(|&w| w == v) || values.try_push(v).is_err() {
            continue;
        }
        // Moved down to its place a step at a time: a few values, where
        // a copy of the rest is a call.
        for i in (at..values.len() - 1).rev() {
            values.swap(i, i + 1);
        }
    }
    values
}

/// Whether pieces on step `from` may move together as a group: where the
/// rules say so (`groups`: stacks: groups = together), and never out of
/// the start.
#[inline(always)]
pub(crate) fn moves_together(groups: bool, from: u8) -> bool {
    groups && from > 0
}

/// Moves the items that `keep` picks to the front, in order, and returns
/// how many there are; where it picks none, all are kept.
#[inline(always)]
pub(crate) fn kept_if_any<T: Copy>(items: &mut [T], keep: impl Fn(&T) -> bool) -> usize {
    let Some(first) = items.iter().position(&keep) else {
        return items.len();
    };
    let mut kept = 0;
    for i in first..items.len() {
        if keep(&items[i]) {
            items[kept] = items[i];
            kept += 1;
        }
    }
    kept
}

/// How a random game plays a throw and the one-value decision it leaves in
/// one step ([`Fast::throws_at_once`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtOnce {
    Quick,
    Seen,
}

impl Fast<'_> {
    /// [`Game::legal_actions_into`] for a state known to fit the game, into
    /// an empty buffer.
    #[inline]
    pub(crate) fn legal_fitting(self, state: &State, out: &mut Vec<Action>) {
        if self.race.by_reference {
            return out.extend(self.legal_actions_reference(state));
        }
        // The quick decision first, apart from the general path's setup.
        if self.race.quick
            && let Some(v) = self.one_die_value(state)
        {
            return self.quick_moves(state, v, out);
        }
        self.legal_in_general(state, out)
    }

    /// How a random game throws and plays its one-value decisions in one
    /// step: [`Fast::throw_and_play_quick`] (`Quick`), or
    /// [`Fast::throw_and_draw_seen`] (`Seen`).
    #[inline(always)]
    pub(crate) fn throws_at_once(self) -> Option<AtOnce> {
        if self.race.quick {
            Some(AtOnce::Quick)
        } else if self.race.quick_seen {
            Some(AtOnce::Seen)
        } else {
            None
        }
    }

    /// The one waiting value of a decision that a quick pass answers
    /// ([`Fast::quick_moves`], [`Fast::play_quick_seen_drawn`]): a die value,
    /// not a bonus.
    #[inline(always)]
    pub(super) fn one_die_value(self, state: &State) -> Option<PoolValue> {
        self.one_value(state).filter(|v| !v.bonus)
    }

    /// The one waiting value of a decision that the drawn quick pass
    /// answers ([`Fast::play_quick_seen_drawn`]): a die value or a lone
    /// bonus. A bonus left alone in the pool is moved as a die is: whole,
    /// by one group, or given up where the rules allow. A pair of a
    /// blockade followed through the throw (stacks: pairs = apart) is no
    /// bar: a landing seen clear is also asked whether it brings one of
    /// its pieces onto the other (the view may not hold the mover's own
    /// side), and any other move goes to the whole check, which refuses
    /// that.
    #[inline(always)]
    pub(crate) fn one_value(self, state: &State) -> Option<PoolValue> {
        if state.phase != Phase::Move {
            return None;
        }
        match state.pool[..] {
            [v] if v.value > 0 => Some(v),
            _ => None,
        }
    }

    /// Plays a seat's decision in a state that fits the game by its legal
    /// action number `pick(n)` of `n`, in the order of
    /// [`Game::legal_actions`], and returns the action. The quick decision
    /// is listed and played in one pass; any other is listed into `buf`.
    #[inline(always)]
    pub(crate) fn play_picked(
        self,
        state: &mut State,
        buf: &mut Vec<Action>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Action {
        if self.race.quick
            && let Some(v) = self.one_die_value(state)
        {
            return self.play_quick(state, v, pick);
        }
        self.play_from_list(state, buf, pick)
    }

    /// Lists a seat's decision into `buf` and plays its legal action number
    /// `pick(n)` of `n`, and returns the action.
    #[inline(always)]
    pub(crate) fn play_from_list(
        self,
        state: &mut State,
        buf: &mut Vec<Action>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Action {
        buf.clear();
        self.legal_fitting(state, buf);
        let action = buf[pick(buf.len())];
        self.apply_fitting(state, action);
        action
    }

    /// [`Fast::legal_fitting`] for every decision but the quick one, apart
    /// so that the quick one does not pay for its setup.
    #[inline(never)]
    pub(super) fn legal_in_general(self, state: &State, out: &mut Vec<Action>) {
        if !self.is_race {
            if let Some(f) = self.fight_rules() {
                return self.fight_legal(f, state, out);
            }
            return self.field_legal(state, out);
        }
        match state.phase {
            Phase::Over => {}
            Phase::Opening => out.extend((0..self.seats.len() as u8).map(Action::Begin)),
            // end: doubling: before the throw, the stake.
            Phase::Throw if let Some(decisions) = self.stake_actions(state) => {
                out.extend(decisions)
            }
            // turn: begins = one_die_each: the first throw is never a double.
            Phase::Throw => out.extend(
                (0..self.rules.dice.outcomes.len())
                    .filter(|&i| self.may_throw(state, i))
                    .map(|i| Action::Throw(i as u8)),
            ),
            Phase::Move => {
                // With several values, the view is kept for the look-ahead.
                let view =
                    (state.pool.len() > 1).then(|| View::new(self, state, state.mover as usize));
                // entry: forced: where a piece can come out, only the
                // moves out of the start are listed.
                let picked = self.flags().entry_forced
                    && self.forced_entries_into(state, view.as_ref(), out);
                if !picked {
                    match &view {
                        Some(view) => self.moves_seen_into(state, view, out),
                        None => self.moves_into(state, out),
                    }
                    self.keep_by_entry(state, out);
                }
                // A blockade that has stood its time must be broken (stacks: blockade_turns).
                if let Some(step) = self.overdue_blockade(state) {
                    let kept = kept_if_any(out, |a| a.from() == Some(step));
                    out.truncate(kept);
                }
                // On some throws a blockade must be broken (stacks: break_on).
                if self.race.hot.breaks_blockades && self.blockade_must_open(state) {
                    let kept = kept_if_any(out, |a| {
                        a.from().is_some_and(|f| self.blockade_on(state, f))
                    });
                    out.truncate(kept);
                }
                if let Some(view) = &view
                    && self.flags().use_most
                    && out.len() > 1
                {
                    self.keep_most_using(state, view, out);
                }
                // Moves that go round sort after the plain ones.
                if self.detour(state.mover as usize).is_some()
                    && out.iter().any(|a| matches!(a, Action::Round { .. }))
                {
                    out.sort_unstable();
                }
                if out.is_empty() || self.may_pass(state) {
                    out.push(Action::Pass);
                }
            }
        }
    }

    /// entry: forced: where a piece can come out of the start, the moves
    /// out of it are the only ones kept, so they are listed alone, and the
    /// other groups' moves are not asked. Whether some were listed (the
    /// rule of a start to clear then keeps them all: none leaves step 1).
    #[inline(never)]
    fn forced_entries_into(
        self,
        state: &State,
        view: Option<&View>,
        out: &mut Vec<Action>,
    ) -> bool {
        if !self.entry_may_be_forced(state) {
            return false;
        }
        let own;
        let view = match view {
            Some(view) => view,
            None => {
                own = View::new(self, state, state.mover as usize);
                &own
            }
        };
        let values = distinct_ascending(&state.pool);
        self.moves_of_values(state, view, &values, 0, 1, out);
        !out.is_empty()
    }

    /// The rules of leaving the start that choose among the moves: a value
    /// that can bring a piece out must (entry: forced), and while pieces
    /// wait, the first step is cleared first (entry: clear_start).
    #[inline(always)]
    pub(super) fn keep_by_entry(self, state: &State, out: &mut Vec<Action>) {
        let kept = self.kept_by_entry(state, out, |a| a.from());
        out.truncate(kept);
    }

    /// [`Fast::keep_by_entry`] for any list of moves, each with the step it
    /// leaves (`from`; `None` for an action that is no move): the moves
    /// kept are put first, and their number returned.
    #[inline(always)]
    pub(super) fn kept_by_entry<M: Copy>(
        self,
        state: &State,
        moves: &mut [M],
        from: impl Fn(&M) -> Option<u8>,
    ) -> usize {
        let mut n = moves.len();
        if self.flags().entry_forced {
            n = kept_if_any(&mut moves[..n], |m| from(m) == Some(0));
        }
        if self.must_clear_start(state) {
            n = kept_if_any(&mut moves[..n], |m| from(m) == Some(1));
        }
        n
    }

    /// Whether the mover has a piece waiting at its start that `v` lets out now.
    #[inline(always)]
    pub(super) fn may_come_out(self, state: &State, v: PoolValue) -> bool {
        state.pieces[state.mover as usize].first() == Some(&0) && self.lets_out_now(state, v)
    }

    /// Whether the mover has pieces waiting at the start and one on its first
    /// step, which must then move on first (entry: clear_start).
    #[inline(always)]
    pub(crate) fn must_clear_start(self, state: &State) -> bool {
        if !self.flags().clear_start {
            return false;
        }
        // Sorted: waiting pieces come first.
        let pieces = &state.pieces[state.mover as usize];
        // One comparison of the seat's pieces (`contains` on bytes calls
        // out to `memchr`, slow for a few).
        pieces.first() == Some(&0) && state.pieces.any_on(state.mover as usize, [1, 1])
    }

    /// The step of the mover's blockade that has stood its time, if any
    /// (stacks: blockade_turns).
    #[inline]
    pub(crate) fn overdue_blockade(self, state: &State) -> Option<u8> {
        let limit = self.race.hot.blockade_turns;
        if limit == 0 {
            return None;
        }
        self.blockade_over(state, limit)
    }

    /// Whether a blockade of the mover must be broken first, if a move can
    /// break one: one has stood its time (stacks: blockade_turns), or a
    /// value of a throw of `break_on` waits. One question of the rules
    /// first, as few rule sets have either.
    #[inline(always)]
    pub(crate) fn blockade_first(self, state: &State) -> bool {
        self.race.hot.breaks_blockades
            && (self.overdue_blockade(state).is_some() || self.blockade_must_open(state))
    }

    /// Whether a blockade of the mover must be broken first, if a move
    /// can break one (stacks: break_on): a value of the dice waits that was
    /// thrown on such a throw, and the mover has a blockade. The values
    /// are asked first, in line, each read from the table of values where
    /// it is in it: mostly none was thrown so.
    #[inline(always)]
    pub(crate) fn blockade_must_open(self, state: &State) -> bool {
        let breaks = |v: &PoolValue| {
            !v.bonus
                && if v.value < VALUE_BITS {
                    self.race.hot.value_bits(v.value) & break_bit(v.again) != 0
                } else {
                    (self.rules.stacks.break_on.as_ref())
                        .is_some_and(|t| t.allows(v.value, v.again))
                }
        };
        state.pool.iter().any(breaks) && self.has_blockade(state)
    }

    /// Whether the mover has a blockade on its way.
    #[inline(never)]
    fn has_blockade(self, state: &State) -> bool {
        let seat = state.mover as usize;
        let (home, size) = (self.home(seat), self.flags().blockade as usize);
        // Sorted: a blockade is a run of `size` pieces on one race step.
        size > 0
            && (state.pieces[seat].windows(size))
                .any(|run| run[0] == run[size - 1] && run[0] > 0 && run[0] < home)
    }

    /// Whether the mover's own pieces on race step `step` make a blockade.
    pub(crate) fn blockade_on(self, state: &State, step: u8) -> bool {
        let seat = state.mover as usize;
        step > 0
            && step < self.home(seat)
            && state.pieces.count_on(seat, step) >= self.flags().blockade
    }

    /// The step of the mover's blockade that has stood `limit` turns.
    pub(super) fn blockade_over(self, state: &State, limit: u8) -> Option<u8> {
        state
            .blockade_ages
            .iter()
            .find(|&&(seat, step, turns)| {
                seat == state.mover
                    && turns >= limit
                    && state.pieces.count_on(seat as usize, step) >= self.rules.stacks.blockade
            })
            .map(|&(_, step, _)| step)
    }

    /// Whether the mover may give up the waiting values though some can be
    /// used (turn: must_move = no, use = one after one value, bonus_optional).
    pub(crate) fn may_pass(self, state: &State) -> bool {
        self.may_pass_after_die(state)
            || (self.flags().bonus_optional && state.pool.iter().all(|v| v.bonus))
    }

    /// [`Game::may_pass`] where a die value waits, so that the waiting
    /// values are not all bonuses: asked at every throw of a one-die game.
    #[inline(always)]
    pub(crate) fn may_pass_after_die(self, state: &State) -> bool {
        self.flags().pass_always || (self.flags().pass_after_one && state.used > 0)
    }

    /// Every move the rules allow on its own, before the rules that choose
    /// among moves (forced entry, using the most values).
    pub(super) fn moves_into(self, state: &State, out: &mut Vec<Action>) {
        if let [v] = state.pool[..] {
            return self.one_value_moves(state, v, out);
        }
        let view = View::new(self, state, state.mover as usize);
        self.moves_seen_into(state, &view, out);
    }

    /// [`Fast::moves_into`] for several waiting values, with the position's
    /// view at hand (one value goes to [`Fast::one_value_moves`]).
    pub(super) fn moves_seen_into(self, state: &State, view: &View, out: &mut Vec<Action>) {
        let seat = state.mover as usize;
        let pieces = &state.pieces[seat];
        let home = self.home(seat);
        // Each distinct value once, smallest first.
        let values = distinct_ascending(&state.pool);
        for (from, most) in self.groups(pieces, home) {
            for count in self.sizes(from, most) {
                self.moves_of_values(state, view, &values, from, count, out);
            }
        }
    }

    /// [`Fast::moves_seen_into`] with one waiting value, the common
    /// decision: every move is new and they come in order. Whether a piece
    /// may leave its start is asked once, and the view is built only when
    /// some piece may move at all.
    pub(super) fn one_value_moves(self, state: &State, v: PoolValue, out: &mut Vec<Action>) {
        let seat = state.mover as usize;
        let pieces = &state.pieces[seat];
        let home = self.home(seat);
        let comes_out = self.may_come_out(state, v);
        if !comes_out && !pieces.iter().any(|&s| s > 0 && s < home) {
            return;
        }
        let view = &View::new(self, state, seat);
        let detour = self.detour(seat).is_some();
        let by = v.value;
        for (from, most) in self.groups(pieces, home) {
            if from == 0 && !comes_out {
                continue;
            }
            for count in self.sizes(from, most) {
                if self
                    .check_present(state, view, from, count, v, false)
                    .is_ok()
                {
                    out.push(Action::Move { from, count, by });
                }
                if detour
                    && self.reaches_detour(seat, from, by)
                    && self
                        .check_present(state, view, from, count, v, true)
                        .is_ok()
                {
                    out.push(Action::Round { from, count, by });
                }
            }
        }
    }

    /// The moves of `count` pieces at step `from` by each of several
    /// waiting values (`values`: the distinct ones, smallest first), and by
    /// sums of two dice to come out (entry: sum), sorted and without
    /// repeats: the plain moves by ascending value, then those going round.
    #[inline(always)]
    pub(super) fn moves_of_values(
        self,
        state: &State,
        view: &View,
        values: &[PoolValue],
        from: u8,
        count: u8,
        out: &mut Vec<Action>,
    ) {
        let seat = state.mover as usize;
        let start = out.len();
        for round in [false, true] {
            // Going round only where the largest value reaches the detour.
            if round
                && !values
                    .last()
                    .is_some_and(|v| self.reaches_detour(seat, from, v.value))
            {
                break;
            }
            // Values of one size stand together: one move each.
            let mut last = None;
            for &v in values {
                let by = v.value;
                if last == Some(by)
                    || (from == 0 && !self.lets_out_now(state, v))
                    || (round && !self.reaches_detour(seat, from, by))
                {
                    continue;
                }
                if self
                    .check_present(state, view, from, count, v, round)
                    .is_ok()
                {
                    out.push(Action::moving(from, count, by, round));
                    last = Some(by);
                }
            }
        }
        if from == 0 && self.flags().entry_sum {
            for a in self.entry_sum_moves(state, view) {
                if !out[start..].contains(&a) {
                    out.push(a);
                }
            }
            out[start..].sort_unstable();
        }
    }

    /// Whether a piece of `seat` at step `from` may choose to go round its
    /// detour with `value`: it stands before the detour and the value
    /// reaches it, or it may go round again and the value passes its end.
    #[inline]
    pub(super) fn reaches_detour(self, seat: usize, from: u8, value: u8) -> bool {
        let Some((a, b)) = self.detour(seat) else {
            return false;
        };
        let plain = from as u16 + value as u16;
        (from < a && plain >= a as u16)
            || (self.detour_again(seat) && (a..=b).contains(&from) && plain > b as u16)
    }

    /// The groups of the mover's `pieces` (ascending) short of `home` that
    /// may move, in order: the step they stand on and how many of them may
    /// move together (pieces leave the start one at a time; others may go
    /// as a group when the rules say so).
    pub(super) fn groups<'p>(
        self,
        pieces: &'p [u8],
        home: u8,
    ) -> impl DoubleEndedIterator<Item = (u8, u8)> + 'p {
        let groups = self.flags().groups;
        // entry: forced = always: while a piece waits at the start (the
        // first group), no other group moves: the rest are not looked at.
        let held = self.race.hot.start_first && pieces.first() == Some(&0);
        let moving = if held {
            &pieces[..pieces.partition_point(|&s| s == 0)]
        } else {
            pieces
        };
        moving
            .chunk_by(|a, b| a == b)
            .filter(move |group| group[0] < home)
            .map(move |group| {
                let from = group[0];
                let most = if moves_together(groups, from) {
                    group.len() as u8
                } else {
                    1
                };
                (from, most)
            })
    }

    /// The sizes of group that may move from step `from`, where `most` of
    /// the mover's pieces may move together: all of them where they are
    /// merged (stacks: groups = merged), else any number up to `most`.
    #[inline(always)]
    pub(super) fn sizes(self, from: u8, most: u8) -> std::ops::RangeInclusive<u8> {
        let least = if self.race.hot.merged && from > 0 {
            most
        } else {
            1
        };
        least..=most
    }

    /// The moves of a piece out of its start by a sum of two waiting dice
    /// that the rules allow (entry: sum); none where entry by a sum is off.
    pub(super) fn entry_sum_moves<'v>(
        &'v self,
        state: &'v State,
        view: &'v View,
    ) -> impl Iterator<Item = Action> + 'v {
        let sums = if self.flags().entry_sum {
            self.entry_sums(state)
        } else {
            ArrayVec::new()
        };
        sums.into_iter()
            .filter(move |&value| {
                let v = PoolValue::sum_of_dice(value);
                self.check_present(state, view, 0, 1, v, false).is_ok()
            })
            .map(|value| Action::step(0, value))
    }

    /// Sums of two waiting die values, for entry by a sum (entry: sum).
    #[inline(always)]
    pub(super) fn entry_sums(self, state: &State) -> ArrayVec<u8, 8> {
        // Mostly two dice: their one sum.
        if let [a, b] = state.pool[..]
            && !a.bonus
            && !b.bonus
        {
            let mut sums = ArrayVec::new();
            sums.push(a.value.saturating_add(b.value));
            return sums;
        }
        self.entry_sums_of_many(state)
    }

    /// [`Fast::entry_sums`] for any pool.
    #[inline(never)]
    pub(super) fn entry_sums_of_many(self, state: &State) -> ArrayVec<u8, 8> {
        let mut sums = ArrayVec::new();
        let dice: ArrayVec<u8, MAX_POOL> = state
            .pool
            .iter()
            .filter(|v| !v.bonus)
            .map(|v| v.value)
            .collect();
        for i in 0..dice.len() {
            for j in i + 1..dice.len() {
                let s = dice[i].saturating_add(dice[j]);
                if !sums.contains(&s) && !sums.is_full() {
                    sums.push(s);
                }
            }
        }
        sums
    }

    /// Keeps the moves after which the most values can be used in this
    /// throw (up to `MOST_VALUES_COUNTED`); when only one can be used,
    /// the moves using the largest (turn: use = most).
    pub(super) fn keep_most_using(self, state: &State, view: &View, out: &mut Vec<Action>) {
        let all = values_counted(state);
        // Each move's depth: the whole throw where a shortcut shows it used,
        // else counted by one search, which stops where it finds it used.
        // The positions counted are shared by the moves' searches: one
        // comes up after many first moves, by other orders of the values.
        let mut counted = FxHashMap::default();
        // Mostly few moves: their depths are kept on the stack.
        let (mut few, mut many) = ([0u8; 64], Vec::new());
        let depths: &mut [u8] = if out.len() <= few.len() {
            &mut few[..out.len()]
        } else {
            many.resize(out.len(), 0);
            &mut many
        };
        for (i, &a) in out.iter().enumerate() {
            depths[i] = if self.leaves_other_die_usable(state, out, a)
                || self.moved_piece_goes_on(state, a, |at, v, round| {
                    self.check_present(state, view, at, 1, v, round).is_ok()
                }) {
                all
            } else {
                self.depth_counted(state, a, all, &mut counted)
            };
        }
        let best = depths.iter().copied().max().unwrap_or(0);
        let mut k = 0;
        out.retain(|_| {
            k += 1;
            depths[k - 1] == best
        });
        if best == 1 {
            let largest = out.iter().filter_map(|a| a.by()).max();
            out.retain(|a| a.by().is_some() && a.by() == largest);
        }
    }

    /// How many of the `all` waiting values can be used in this throw
    /// with move `a`, counted in full: the search stops only where it
    /// finds the whole throw used. `counted`: the positions of this throw
    /// already counted ([`Fast::most_usable`]).
    fn depth_counted(
        self,
        state: &State,
        a: Action,
        all: u8,
        counted: &mut FxHashMap<State, u8>,
    ) -> u8 {
        let mut next = state.clone();
        self.apply_fitting(&mut next, a);
        let used = next.used.saturating_sub(state.used);
        used + self.most_usable(state, &next, all.saturating_sub(used), counted)
    }

    /// How many of the `all` waiting values can be used in this throw
    /// after move `a`, found by playing it: `all` when the whole throw can,
    /// else, for now, the values `a` uses itself. `short`: the positions of
    /// this throw already found short of it ([`Fast::uses_all`]).
    pub(crate) fn depth_tried(
        self,
        state: &State,
        a: Action,
        all: u8,
        short: &mut ShortPositions,
    ) -> u8 {
        let mut next = state.clone();
        self.apply_fitting(&mut next, a);
        let used = next.used.saturating_sub(state.used);
        if used >= all || self.uses_all(state, &next, all - used, short) {
            all
        } else {
            used
        }
    }

    /// Whether the same seat can still use `limit` values, one after
    /// another, in the throw that `before` was in: whether
    /// [`Fast::most_usable`] finds `limit`, found by the first way that
    /// does. With the positions of this throw already found not to use
    /// their values in `short` (kept where more than [`REMEMBERED_FROM`]
    /// values wait): a position's `limit` is the values still waiting, so
    /// what is kept of it holds for any way it is reached, and the
    /// searches of all the moves of one decision share it.
    fn uses_all(
        self,
        before: &State,
        state: &State,
        limit: u8,
        short: &mut ShortPositions,
    ) -> bool {
        if limit == 0 {
            return true;
        }
        if state.phase != Phase::Move || state.mover != before.mover || state.turns != before.turns
        {
            return false;
        }
        if limit == 1 {
            return self.any_move(state);
        }
        let remembered = limit > REMEMBERED_FROM;
        if remembered && short.as_ref().is_some_and(|s| s.contains(state)) {
            return false;
        }
        let found = self.find_move(state, true, |a, view| {
            let goes_on = |at, v, round| self.allowed_lazily(state, view, at, 1, v, round);
            if limit as usize == state.pool.len() && self.moved_piece_goes_on(state, a, goes_on) {
                return true;
            }
            let mut next = state.clone();
            self.apply_fitting(&mut next, a);
            let used = next.used.saturating_sub(state.used);
            used >= limit || self.uses_all(before, &next, limit - used, short)
        });
        if remembered && !found {
            short
                .get_or_insert_with(FxHashSet::default)
                .insert(state.clone());
        }
        found
    }

    /// Whether, with two dice waiting, the move `a` surely leaves the other
    /// die usable, so that it uses the whole throw without being tried:
    /// another group of the mover's pieces, on its way and out of its goal,
    /// has a plain move by the other die among `moves` whose run of steps
    /// does not reach the cell where `a` ends. Moving a group off its step
    /// (or a piece out of its start) and taking pieces only open the way,
    /// so that move stays allowed; the rules under which they do not (a
    /// merged group grown, a blockade closed, home shut by a piece gone
    /// back) are left to the full search.
    pub(super) fn leaves_other_die_usable(
        self,
        state: &State,
        moves: &[Action],
        a: Action,
    ) -> bool {
        self.leaves_other_die_usable_by(state, a, |q, _, other| {
            moves.iter().any(
                |&m| matches!(m, Action::Move { from, by, .. } if from == q && by == other.value),
            )
        })
    }

    /// [`Fast::leaves_other_die_usable`] with the plain moves by the other
    /// die asked of `has_move(q, most, other)`: whether the group of `most`
    /// pieces at step `q` has a plain move by the die `other`.
    pub(crate) fn leaves_other_die_usable_by(
        self,
        state: &State,
        a: Action,
        mut has_move: impl FnMut(u8, u8, PoolValue) -> bool,
    ) -> bool {
        let (from, count, by, round) = match a {
            Action::Move { from, count, by } => (from, count, by, false),
            Action::Round { from, count, by } => (from, count, by, true),
            _ => return false,
        };
        // A pair split in this throw follows its moving piece, and may
        // then stand in the way of the other group's move: left to the
        // full search (stacks: pairs = apart).
        if !state.split.is_empty() {
            return false;
        }
        let Some((end, other)) = self.end_and_other_die(state, from, by, round) else {
            return false;
        };
        if self.shuts_home(from, end) || self.may_close_blockade(state, from, count) {
            return false;
        }
        let seat = state.mover as usize;
        // So is a pair this move splits where its moving piece lands on a
        // step of the seat's: a piece leaving that step is then the pair's.
        if state.pieces[seat].contains(&end) && self.splits_pair(state, from, count) {
            return false;
        }
        let home = self.home(seat);
        // The mover's steps on the cell where the move ends.
        let ends = if end < home {
            self.race.seating.meet(seat, seat, end)
        } else {
            [home, seating::NONE]
        };
        // Where groups move whole (stacks: groups = merged), a move ending
        // on the other group's step makes that group larger, and a larger
        // group may not fit where the smaller one did.
        let grows = |q: u8| self.race.hot.merged && ends.contains(&q);
        self.groups(&state.pieces[seat], home).any(|(q, most)| {
            q != from
                && q != 0
                && !self.in_goal(seat, q)
                && !grows(q)
                && has_move(q, most, other)
                && self
                    .reach_on(seat, q, other.value, false)
                    .is_ok_and(|to| !ends.iter().any(|&s| s != seating::NONE && s > q && s <= to))
        })
    }

    /// Whether moving `count` of the mover's pieces from step `from`, and
    /// leaving some there, may close the blockade they stand in: under
    /// `stacks { mixed = open_to_side }` a single seat's blockade of
    /// exactly `blockade` pieces stops everyone, where a larger one is
    /// passed by a group as large (pass = group_as_large). So leaving a
    /// cell does not always open the way, as the shortcuts that ask the
    /// position before the move take it to.
    fn may_close_blockade(self, state: &State, from: u8, count: u8) -> bool {
        self.race.hot.mixed_open && from > 0 && self.mover_pieces_on(state, from) > count
    }

    /// Whether the mover's piece that walked over steps `first..=last`
    /// may have stood beside its own pieces there, making a pair with them
    /// that it split by going on, and may come back to them round its
    /// detour again (stacks: pairs = apart; seat: detour = a..b again),
    /// which the position before its move, that the shortcuts ask, does
    /// not show.
    pub(super) fn may_rejoin_pair(
        self,
        state: &State,
        seat: usize,
        (first, last): (u8, u8),
    ) -> bool {
        let flags = self.flags();
        flags.pairs_apart
            && flags.blockade > 0
            && self.detour_again(seat)
            && state.pieces[seat].iter().any(|&s| first <= s && s <= last)
    }

    /// Whether a move from step `from` to step `end` goes back, round its
    /// detour again (seat: detour = a..b again), where home is open only
    /// while all of the seat's pieces are near it (home: gather): after it
    /// another piece may no longer go home, which the position before the
    /// move, that the shortcuts ask, does not show.
    #[inline]
    fn shuts_home(self, from: u8, end: u8) -> bool {
        end < from && self.race.hot.gather > 0
    }

    /// Whether moving `count` of the mover's pieces from step `from` splits
    /// a blockade whose pieces are then followed through the throw (stacks:
    /// pairs = apart).
    #[inline]
    pub(super) fn splits_pair(self, state: &State, from: u8, count: u8) -> bool {
        let flags = self.flags();
        flags.pairs_apart && flags.blockade > 0 && from > 0 && {
            let here = self.mover_pieces_on(state, from);
            here >= flags.blockade && count < here
        }
    }

    /// With two dice waiting, neither a bonus, and a move from `from` by
    /// one of them: the step where the move ends and the other die.
    pub(super) fn end_and_other_die(
        self,
        state: &State,
        from: u8,
        by: u8,
        round: bool,
    ) -> Option<(u8, PoolValue)> {
        let [x, y] = state.pool[..] else {
            return None;
        };
        if x.bonus || y.bonus {
            return None;
        }
        let other = if by == x.value {
            y
        } else if by == y.value {
            x
        } else {
            return None;
        };
        let end = self.lands_on(state.mover as usize, from, by, round).ok()?;
        Some((end, other))
    }

    /// Whether the single piece that `a` moves by one waiting die (round
    /// its detour or not) surely goes on with each of the other values
    /// waiting, in their order, so that `a` uses the whole throw. Each step on is checked against the
    /// position before `a`, which holds every piece the positions after it
    /// hold (taking pieces and leaving a cell only open the way) except the
    /// moving piece, and a run of steps that does not reach the cell it
    /// starts from again does not meet it: `allowed(at, v, round)` says
    /// whether the piece may move on from step `at` by the value `v` there
    /// (going round its detour where `round`), once the values before `v`
    /// are used (an `allowed` that refuses what it cannot settle leaves it
    /// to the full search). The last value may take the piece to its
    /// track's detour: then it goes on round it or leaving it out. The
    /// bonuses wait behind the dice (they stand after them in the pool); a
    /// bonus before a die is left to the full search, and so is a piece
    /// that may come back round its detour to a pair it made or split
    /// ([`Fast::may_rejoin_pair`]).
    pub(super) fn moved_piece_goes_on(
        self,
        state: &State,
        a: Action,
        mut allowed: impl FnMut(u8, PoolValue, bool) -> bool,
    ) -> bool {
        let pool = &state.pool;
        // A piece that lands on its own merges with them (stacks: groups
        // = merged), which the position before the move does not show.
        if pool.len() < 2 || self.race.hot.merged {
            return false;
        }
        let Some((from, used, mut at)) = self.one_piece_by_die(state, a) else {
            return false;
        };
        // A piece leaving its start among doubles may choose its die: left
        // to the full search.
        if from == 0 && pool.len() > 2 {
            return false;
        }
        let seat = state.mover as usize;
        // A piece that splits a pair (stacks: pairs = apart) on a track
        // whose detour may be gone round again can come back to the step
        // it left, where the rest of the pair stands, which the position
        // before the move does not show: left to the full search.
        if self.detour_again(seat) && self.splits_pair(state, from, 1) {
            return false;
        }
        let home = self.home(seat);
        // Where the walk begins: the step `a` lands on.
        let first = at;
        let last = if used + 1 == pool.len() {
            used.saturating_sub(1)
        } else {
            pool.len() - 1
        };
        let mut after_bonus = false;
        for (k, &v) in pool.iter().enumerate() {
            if k == used {
                continue;
            }
            if after_bonus && !v.bonus {
                return false;
            }
            after_bonus |= v.bonus;
            if self.in_goal(seat, at) {
                return false;
            }
            // Gone round its detour again, the piece stands before the
            // step it left, where the rest of a pair it split may stand
            // (stacks: pairs = apart), which the position before the move
            // does not show: left to the full search.
            if at < from {
                return false;
            }
            if self.reaches_detour(seat, at, v.value) {
                return k == last
                    && !self.may_rejoin_pair(state, seat, (first, at))
                    && self.goes_on_past_detour(seat, at, v, &mut allowed);
            }
            let to = at as u16 + v.value as u16;
            if to >= home as u16 {
                return false;
            }
            if self.comes_back_to(seat, at, to) {
                return false;
            }
            if !allowed(at, v, false) {
                return false;
            }
            at = to as u8;
        }
        true
    }

    /// For the move `a` of a single piece by a die, as the shortcuts of
    /// [`Fast::uses_whole_throw`] ask it: the step it leaves, where in
    /// the pool its die stands (as applying it picks it), and the step
    /// where it lands. `None` for any other move, and where a split pair
    /// is followed through the throw (left to the full search).
    #[inline(always)]
    pub(super) fn one_piece_by_die(self, state: &State, a: Action) -> Option<(u8, usize, u8)> {
        let (from, by, round) = match a {
            Action::Move { from, count: 1, by } => (from, by, false),
            Action::Round { from, count: 1, by } => (from, by, true),
            _ => return None,
        };
        if !state.split.is_empty() {
            return None;
        }
        let used = self
            .value_used(state, from, by)
            .filter(|&k| !state.pool[k].bonus)?;
        let end = self.lands_on(state.mover as usize, from, by, round).ok()?;
        Some((from, used, end))
    }

    /// Whether another group of the mover's pieces, one piece of it, surely
    /// goes on with each of the values that the move `a` of a single piece
    /// leaves, in their order, so that `a` uses the whole throw. As for
    /// [`Fast::moved_piece_goes_on`], each step is checked against the
    /// position before `a` by `allowed(at, v, round)`: that position holds
    /// every piece the positions after it hold (taking pieces and leaving a
    /// cell only open the way, but where [`Fast::shuts_home`] or
    /// [`Fast::may_close_blockade`] says otherwise) but the piece `a`
    /// moves, on the cell where it lands, and the walking piece itself.
    /// So the walk starts on
    /// neither cell of `a`, its runs of steps do not reach the cell where
    /// `a` lands, its own first cell or the cell of each step again, and a
    /// value that takes it to its track's detour is left to the full search.
    pub(crate) fn another_piece_goes_on(
        self,
        state: &State,
        a: Action,
        mut allowed: impl FnMut(u8, PoolValue, bool) -> bool,
    ) -> bool {
        // Of two values, the shortcuts of one die left already ask this;
        // a walking piece that meets its own merges with them (stacks:
        // groups = merged), which the position before the move does not show.
        if state.pool.len() < 3 || self.race.hot.merged {
            return false;
        }
        let Some((from, used, end)) = self.one_piece_by_die(state, a) else {
            return false;
        };
        if from == 0 || self.shuts_home(from, end) || self.may_close_blockade(state, from, 1) {
            return false;
        }
        let seat = state.mover as usize;
        let home = self.home(seat);
        let ends = if end < home {
            self.race.seating.meet(seat, seat, end)
        } else {
            [seating::NONE; 2]
        };
        let froms = self.race.seating.meet(seat, seat, from);
        self.groups(&state.pieces[seat], home).any(|(start, _)| {
            start != 0
                && !froms.contains(&start)
                && !ends.contains(&start)
                && self.walks_rest(state, used, start, ends, &mut allowed)
        })
    }

    /// Whether a piece of the mover on step `start` goes on with each
    /// value of the pool but the one at `used`, in their order, as
    /// [`Fast::another_piece_goes_on`] asks it: no run of its steps
    /// reaches the steps `ends`, the cell of `start` or that of the step
    /// it moves from again.
    pub(super) fn walks_rest(
        self,
        state: &State,
        used: usize,
        start: u8,
        ends: [u8; 2],
        allowed: &mut impl FnMut(u8, PoolValue, bool) -> bool,
    ) -> bool {
        let seat = state.mover as usize;
        let home = self.home(seat);
        let starts = self.race.seating.meet(seat, seat, start);
        let mut at = start;
        let mut after_bonus = false;
        for (k, &v) in state.pool.iter().enumerate() {
            if k == used {
                continue;
            }
            // The bonuses wait behind the dice, as for the moved piece.
            if after_bonus && !v.bonus {
                return false;
            }
            after_bonus |= v.bonus;
            if self.in_goal(seat, at) || self.reaches_detour(seat, at, v.value) {
                return false;
            }
            let to = at as u16 + v.value as u16;
            if to >= home as u16
                || reaches_any(ends, at, to)
                || reaches_any(starts, at, to)
                || self.comes_back_to(seat, at, to)
                || !allowed(at, v, false)
            {
                return false;
            }
            at = to as u8;
        }
        true
    }

    /// Whether `seat`'s run of steps on from step `at` to step `to` (no
    /// detour between) comes to the cell of `at` again, where the moved
    /// piece stands only after its move: a going on that the position
    /// before the move does not answer.
    #[inline(always)]
    pub(crate) fn comes_back_to(self, seat: usize, at: u8, to: u16) -> bool {
        self.race.seating.comes_back_to(seat, at, to)
    }

    /// Whether the piece a move brought to step `at` goes on by `v` where
    /// that takes it to its track's detour ([`Fast::moved_piece_goes_on`]):
    /// round the detour or leaving it out, short of home, each way as
    /// `allowed(at, v, round)` says, a way whose steps come to the cell of
    /// `at` again (where the piece stands only after its move) left to the
    /// full search.
    pub(crate) fn goes_on_past_detour(
        self,
        seat: usize,
        at: u8,
        v: PoolValue,
        allowed: &mut impl FnMut(u8, PoolValue, bool) -> bool,
    ) -> bool {
        let home = self.home(seat);
        let again = self.race.seating.meet(seat, seat, at);
        [false, true].into_iter().any(|round| {
            let Ok(target) = self.reach_on(seat, at, v.value, round) else {
                return false;
            };
            let (run, then) = self.runs_passed(seat, at, target, round);
            let within = |s: u8, (lo, hi): (u8, u8)| lo <= s && s <= hi;
            let meets = again.iter().any(|&s| {
                s != seating::NONE && s != at && (s == target || within(s, run) || within(s, then))
            });
            target < home && !meets && allowed(at, v, round)
        })
    }

    /// The most values the same seat can still use, one after another, in
    /// the throw that `before` was in; at most `limit`. With the positions
    /// of this throw already counted in `counted` (kept where more than
    /// [`REMEMBERED_FROM`] values wait): one comes up by many orders of the
    /// values. A position's `limit` is the values still waiting, so the
    /// answer kept for it holds for any way it is reached.
    fn most_usable(
        self,
        before: &State,
        state: &State,
        limit: u8,
        counted: &mut FxHashMap<State, u8>,
    ) -> u8 {
        if limit == 0
            || state.phase != Phase::Move
            || state.mover != before.mover
            || state.turns != before.turns
        {
            return 0;
        }
        if limit == 1 {
            // The last value: whether any move uses it is enough.
            return u8::from(self.any_move(state));
        }
        // A position already counted is answered before its moves are listed.
        let remembered = limit > REMEMBERED_FROM;
        if remembered && let Some(&best) = counted.get(state) {
            return best;
        }
        let mut moves = Vec::new();
        self.moves_into(state, &mut moves);
        // Two dice left: one move known to leave the other usable is enough.
        if limit == 2
            && moves
                .iter()
                .any(|&a| self.leaves_other_die_usable(state, &moves, a))
        {
            return 2;
        }
        let mut best = 0;
        for a in moves {
            let mut next = state.clone();
            self.apply_fitting(&mut next, a);
            let used = next.used.saturating_sub(state.used);
            best = best
                .max(used + self.most_usable(before, &next, limit.saturating_sub(used), counted));
            if best == limit {
                break;
            }
        }
        if remembered {
            counted.insert(state.clone(), best);
        }
        best
    }

    /// Whether some move uses a waiting value; stops at the first found.
    pub(super) fn any_move(self, state: &State) -> bool {
        self.find_move(state, false, |_, _| true)
    }

    /// Whether some move the rules allow on its own passes `found`; stops
    /// at the first. It tries the moves [`Fast::moves_into`] lists (those
    /// leaving the start by a sum of two dice only when `sums`), pieces on
    /// their way before those at the start, whose checks cost more; the
    /// order does not change the answer. The view is made only where the
    /// pieces alone do not answer ([`Fast::allowed_lazily`]): mostly the
    /// first move tried is allowed.
    pub(super) fn find_move(
        self,
        state: &State,
        sums: bool,
        mut found: impl FnMut(Action, &mut Option<View>) -> bool,
    ) -> bool {
        let seat = state.mover as usize;
        let mut view = None;
        let pieces = &state.pieces[seat];
        let home = self.home(seat);
        for (from, most) in self.groups(pieces, home).rev() {
            for count in self.sizes(from, most) {
                for (k, &v) in state.pool.iter().enumerate() {
                    // A value like one before it makes the same moves:
                    // the dice of a double are tried once.
                    if (from == 0 && !self.lets_out_now(state, v)) || state.pool[..k].contains(&v) {
                        continue;
                    }
                    let by = v.value;
                    if self.allowed_lazily(state, &mut view, from, count, v, false)
                        && found(Action::Move { from, count, by }, &mut view)
                    {
                        return true;
                    }
                    if self.reaches_detour(seat, from, by)
                        && self.allowed_lazily(state, &mut view, from, count, v, true)
                        && found(Action::Round { from, count, by }, &mut view)
                    {
                        return true;
                    }
                }
            }
            if from == 0 && sums && self.flags().entry_sum {
                for sum in self.entry_sums(state) {
                    if self.sum_allowed(state, &mut view, sum)
                        && found(Action::step(0, sum), &mut view)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Whether one of the steps `steps` (each a step or [`seating::NONE`])
/// lies on the run of steps after `at` up to `to`.
#[inline(always)]
fn reaches_any(steps: [u8; 2], at: u8, to: u16) -> bool {
    steps
        .iter()
        .any(|&s| s != seating::NONE && s > at && s as u16 <= to)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::Game;
    use crate::rules::UseValues;

    /// The distinct waiting values are put in order of size, each once,
    /// those of one size in the order they wait: two as the loop over any
    /// number puts them, for every pair of small values, thrown again or
    /// not, bonus or not, equal or not; three and four as a stable sort of
    /// the distinct ones puts them.
    #[test]
    fn the_distinct_values_of_a_pool_are_in_order_of_size_each_once() {
        let mut each = Vec::new();
        for value in [0, 1, 5, 6, 20] {
            for again in [false, true] {
                for bonus in [false, true] {
                    each.push(PoolValue {
                        value,
                        again,
                        bonus,
                    });
                }
            }
        }
        for &a in &each {
            for &b in &each {
                let pool = [a, b];
                assert_eq!(
                    distinct_ascending(&pool),
                    distinct_ascending_in_full(&pool),
                    "{pool:?}"
                );
            }
        }
        // Pools of three and four: each distinct value once, in the order
        // of a stable sort by size.
        for &a in &each {
            for &b in &each {
                for &c in &each {
                    for pool in [vec![a, b, c], vec![c, a, b, a]] {
                        let mut expected: Vec<PoolValue> = Vec::new();
                        for &v in &pool {
                            if !expected.contains(&v) {
                                expected.push(v);
                            }
                        }
                        expected.sort_by_key(|v| v.value);
                        assert_eq!(
                            distinct_ascending_in_full(&pool).to_vec(),
                            expected,
                            "{pool:?}"
                        );
                    }
                }
            }
        }
    }

    /// Whether a piece that `seat` takes stands on the cell of its step
    /// `q`, found by looking at each prey seat's pieces.
    pub(crate) fn prey_stands_on(game: &Game, state: &State, seat: usize, q: u8) -> bool {
        game.race.seating.prey(seat).iter().any(|&other| {
            let [a, b] = game.race.seating.meet(other as usize, seat, q);
            a != seating::NONE && state.pieces.any_on(other as usize, [a, b])
        })
    }

    /// A draw of a number below `n`, as a test gives it.
    pub(crate) type Draw<'a> = &'a mut dyn FnMut(usize) -> usize;

    /// Every sequence of draws of a decision, each followed once: `play`
    /// is given a scripted draw and returns what it drew. Gives what each
    /// way drew and the numbers asked for at each of its draws, in order;
    /// `None` past `most` ways.
    pub(crate) fn every_way(
        most: usize,
        mut play: impl FnMut(Draw) -> Option<Action>,
    ) -> Option<Vec<(Option<Action>, Vec<usize>)>> {
        let mut script: Vec<usize> = Vec::new();
        let mut ways = Vec::new();
        loop {
            let mut sizes = Vec::new();
            let drawn = play(&mut |n| {
                let k = script.get(sizes.len()).copied().unwrap_or(0);
                sizes.push(n);
                k
            });
            // The next sequence: the last draw that can be larger is, and
            // those after it start again from 0.
            script.resize(sizes.len(), 0);
            ways.push((drawn, sizes));
            if ways.len() > most {
                return None;
            }
            let sizes = &ways[ways.len() - 1].1;
            while let Some(&k) = script.last() {
                if k + 1 < sizes[script.len() - 1] {
                    *script.last_mut()? += 1;
                    break;
                }
                script.pop();
            }
            if script.is_empty() {
                return Some(ways);
            }
        }
    }

    /// `count` positions of random games of `game` from seed `seed`, one
    /// after each action, a new game begun when one ends.
    pub(crate) fn positions(game: &Game, seed: u64, count: usize) -> Vec<State> {
        let mut rng = crate::sim::rng(seed);
        let mut state = game.new_initial_state();
        let mut buf = Vec::new();
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            if crate::sim::random_step(game, &mut state, &mut rng, &mut buf).is_none() {
                state = game.new_initial_state();
            }
            out.push(state.clone());
        }
        out
    }

    /// Plays the decision in `state` by `play` (a draw without the list)
    /// at each number the draw may give, and checks that each plays the
    /// action the list holds at that number, with the list's length
    /// offered, and leaves the state that action leaves. The actions
    /// drawn; `None` where `play` left the decision to the list, having
    /// played nothing.
    pub(crate) fn drawn_as_listed(
        game: &Game,
        state: &State,
        mut play: impl FnMut(&mut State, &mut dyn FnMut(usize) -> usize) -> Option<Action>,
    ) -> Option<Vec<Action>> {
        let listed = game.legal_actions(state);
        let mut drawn = Vec::new();
        for j in 0..listed.len() {
            let (mut after, mut offered) = (state.clone(), 0);
            let played = play(&mut after, &mut |n| {
                offered = n;
                j
            });
            let Some(action) = played else {
                assert_eq!(&after, state, "{state:?}");
                return None;
            };
            assert_eq!(
                (offered, Some(&action)),
                (listed.len(), listed.get(j)),
                "{state:?}"
            );
            assert_eq!(game.child(state, action).ok(), Some(after), "{state:?}");
            drawn.push(action);
        }
        Some(drawn)
    }

    /// Whether a run of steps comes to its first cell again is read off
    /// one table a step (`Seating::comes_back_to`); it answers as the
    /// steps of the seat's own track on that cell do, for every seat,
    /// step and run of every bundled race (Parcheesi's second lap among
    /// them, whose runs of 68 steps or more come back).
    #[test]
    fn a_run_comes_back_to_its_cell_where_its_track_meets_that_cell_again() {
        let mut back = 0usize;
        for (name, game) in races() {
            for seat in 0..game.players() {
                let home = game.race.hot.home[seat];
                for at in 0..=home {
                    for to in at as u16..=home as u16 + 24 {
                        let meets = reaches_any(game.race.seating.meet(seat, seat, at), at, to);
                        assert_eq!(
                            game.fast().comes_back_to(seat, at, to),
                            meets,
                            "{name}: seat {seat}, from step {at} to {to}"
                        );
                        back += usize::from(meets);
                    }
                }
            }
        }
        assert!(back > 100, "{back} runs that come back");
    }

    /// Every bundled race (no fight, no field) that the engine's own path
    /// answers, by name, with the most players (a race of settings it
    /// leaves to the reference path is played there alone).
    pub(crate) fn races() -> impl Iterator<Item = (&'static str, Game)> {
        crate::variants::names().into_iter().filter_map(|name| {
            let rules = crate::variants::compile_bundled(name).expect("bundled variants compile");
            (rules.fight.is_none() && rules.field.is_none())
                .then(|| (name, Game::with_most_players(rules)))
                .filter(|(_, game)| !game.race.by_reference)
        })
    }

    /// The most values usable after `state`, one after another in the
    /// throw that `before` was in, by trying every move: the definition the
    /// engine's shortcuts must agree with.
    fn most_usable_in_full(game: &Game, before: &State, state: &State, limit: u8) -> u8 {
        if limit == 0
            || state.phase != Phase::Move
            || state.mover != before.mover
            || state.turns != before.turns
        {
            return 0;
        }
        let mut moves = Vec::new();
        game.fast().moves_into(state, &mut moves);
        if limit == 1 {
            // One value left: what any_move asks (a sum of two dice needs two).
            return u8::from(game.fast().any_move(state));
        }
        let mut best = 0;
        for a in moves {
            let mut next = state.clone();
            game.fast().apply_fitting(&mut next, a);
            let used = next.used.saturating_sub(state.used);
            best = best
                .max(used + most_usable_in_full(game, before, &next, limit.saturating_sub(used)));
        }
        best
    }

    /// Calls `check` with the moves the rules allow on their own at every
    /// decision with two or more values waiting, in `games` random games
    /// (from `seed`) of every bundled variant that uses the most of a throw.
    fn each_use_most_decision(
        seed: u64,
        games: usize,
        mut check: impl FnMut(&Game, &State, &[Action]),
    ) {
        for name in crate::variants::names() {
            let rules = crate::variants::compile_bundled(name).expect("bundled variants compile");
            if rules.turn.use_values != UseValues::Most {
                continue;
            }
            let game = Game::with_most_players(rules);
            let mut rng = crate::sim::rng(seed);
            for _ in 0..games {
                let mut state = game.new_initial_state();
                let mut buf = Vec::new();
                while crate::sim::random_step(&game, &mut state, &mut rng, &mut buf).is_some() {
                    if state.phase != Phase::Move || state.pool.len() < 2 {
                        continue;
                    }
                    let mut moves = Vec::new();
                    game.fast().moves_into(&state, &mut moves);
                    check(&game, &state, &moves);
                }
            }
        }
    }

    /// `use = most` keeps the moves after which the most values of the
    /// throw can be used, and of those using one, the largest: the same
    /// moves as trying every way in full, at every decision between two or
    /// more moves (where the engine chooses among them) of random games of
    /// every bundled variant that uses the most of a throw, many of them
    /// decisions where some move is dropped.
    #[test]
    fn use_most_keeps_the_moves_a_search_of_every_way_keeps() {
        let (mut checked, mut dropped) = (0usize, 0usize);
        each_use_most_decision(11, 20, |game, state, moves| {
            // With one move or none, the engine keeps them without choosing.
            if moves.len() < 2 {
                return;
            }
            let all = state.pool.len() as u8;
            let depths: Vec<u8> = moves
                .iter()
                .map(|&a| {
                    let mut next = state.clone();
                    game.fast().apply_fitting(&mut next, a);
                    let used = next.used.saturating_sub(state.used);
                    used + most_usable_in_full(game, state, &next, all.saturating_sub(used))
                })
                .collect();
            let best = depths.iter().copied().max().unwrap_or(0);
            let mut expected: Vec<Action> = moves
                .iter()
                .zip(&depths)
                .filter(|&(_, &d)| d == best)
                .map(|(&a, _)| a)
                .collect();
            if best == 1 {
                let largest = expected.iter().filter_map(|a| a.by()).max();
                expected.retain(|a| a.by().is_some() && a.by() == largest);
            }
            let mut kept = moves.to_vec();
            let view = View::new(game.fast(), state, state.mover as usize);
            game.fast().keep_most_using(state, &view, &mut kept);
            assert_eq!(kept, expected, "in {state:?}");
            checked += 1;
            dropped += usize::from(expected.len() < moves.len());
        });
        assert!(
            checked > 7500 && dropped > 125,
            "{checked} decisions between two or more moves, {dropped} with a move dropped"
        );
    }

    /// Checks a shortcut of `use = most`: every move it says uses the whole
    /// throw, tried in full, uses one die and leaves all the others usable,
    /// every way of using them tried by `most_usable_in_full` (not the
    /// engine's `most_usable`, which at two values left answers by another
    /// shortcut). Returns how many of those moves had a bonus waiting
    /// behind the dice.
    fn shortcut_holds(
        seed: u64,
        says: impl Fn(&Game, &State, &[Action], Action, &View) -> bool,
    ) -> usize {
        let (mut tried, mut with_bonus) = (0, 0);
        each_use_most_decision(seed, 30, |game, state, moves| {
            let view = View::new(game.fast(), state, state.mover as usize);
            for &a in moves {
                if !says(game, state, moves, a, &view) {
                    continue;
                }
                tried += 1;
                with_bonus += usize::from(state.pool.iter().any(|v| v.bonus));
                let mut next = state.clone();
                game.fast().apply_fitting(&mut next, a);
                assert_eq!(next.used, state.used + 1, "{a} uses one die");
                let others = state.pool.len() as u8 - 1;
                assert_eq!(
                    most_usable_in_full(game, state, &next, others),
                    others,
                    "after {a} the other dice are usable in {state:?}"
                );
            }
        });
        assert!(tried > 3_500, "only {tried} moves were tried");
        with_bonus
    }

    /// Every single piece said to go on with the other dice after its
    /// move really does.
    #[test]
    fn a_piece_said_to_go_on_with_the_other_dice_uses_the_whole_throw() {
        shortcut_holds(9, |game, state, _, a, view| {
            game.fast().moved_piece_goes_on(state, a, |at, v, round| {
                game.fast()
                    .check_present(state, view, at, 1, v, round)
                    .is_ok()
            })
        });
    }

    /// Every single piece that a random seat's draw says goes on with the
    /// other values after its move really does, bonuses waiting behind
    /// the dice among them: a bonus is asked once the dice are used.
    #[test]
    fn a_piece_said_to_go_on_with_its_bonus_after_the_dice_uses_the_whole_throw() {
        let with_bonus = shortcut_holds(13, |game, state, _, a, _| {
            let mut view = None;
            game.fast().moved_piece_goes_on(state, a, |at, v, round| {
                game.fast().goes_on_lazily(state, &mut view, at, v, round)
            })
        });
        assert!(
            with_bonus > 1_500,
            "only {with_bonus} moves with a bonus waiting"
        );
    }

    /// Every move said to leave another piece a walk through the values it
    /// leaves really leaves them usable: many of them of three values or
    /// four (doubles with their bottom faces), the moved piece not going on.
    #[test]
    fn a_move_said_to_leave_another_piece_the_rest_uses_the_whole_throw() {
        let beyond = std::cell::Cell::new(0usize);
        shortcut_holds(17, |game, state, _, a, view| {
            let goes_on = |at, v, round| {
                game.fast()
                    .check_present(state, view, at, 1, v, round)
                    .is_ok()
            };
            let says = game.fast().another_piece_goes_on(state, a, goes_on);
            if says && !game.fast().moved_piece_goes_on(state, a, goes_on) {
                beyond.set(beyond.get() + 1);
            }
            says
        });
        assert!(
            beyond.get() > 550,
            "only {} moves whose piece does not go on itself",
            beyond.get()
        );
    }

    /// Every move said to leave another group a plain move by the other
    /// die really leaves the other die usable.
    #[test]
    fn a_move_said_to_leave_the_other_die_usable_uses_the_whole_throw() {
        shortcut_holds(7, |game, state, moves, a, _| {
            game.fast().leaves_other_die_usable(state, moves, a)
        });
    }
}
