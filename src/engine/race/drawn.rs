//! A random seat's decision drawn without listing every legal action.
//!
//! A bot that picks uniformly among the legal actions needs only the one it
//! picks. Where each legal action is a move that a check of its own allows
//! (no rule chooses among moves by what else can move, as forced entry
//! does), the candidate moves are drawn in a random order and the first
//! one allowed is played: of the allowed moves, each is the first drawn
//! with the same chance, so the draw is uniform over the legal actions.
//! Where the rules let the seat give up what waits though it could move,
//! a pass is one more candidate, always allowed. Where the most of a throw must
//! be used (turn: use = most), a candidate is played when it uses the whole
//! throw; when no allowed move does, the allowed ones have all been seen:
//! of two values, one of those using the larger is drawn, and a decision
//! on more is listed in full. A pass allowed beside them (such as where
//! bonuses alone wait that may be left unused: turn: bonus_optional) is
//! played when drawn before any move that uses the whole throw and some
//! move does: it was the first allowed; where none does, it is one more
//! beside the moves kept.
//! Mostly the first candidate drawn is allowed, so a decision asks about
//! one or two moves instead of all of them, and mostly the pieces alone
//! show whether it is ([`Fast::allowed_lazily`]): the view of the board
//! is marked only where they do not. Where the mover's pieces fit a
//! word, or each of them moves alone, the candidates are not even
//! listed: each is worked out from its number. The one-value decision of
//! rules with blockades is drawn the same way, in its quick pass
//! ([`Fast::play_quick_seen_drawn`]), on plain tracks and on tracks with
//! a detour; that of rules without them is cheap enough to list whole.

use arrayvec::ArrayVec;

use super::fast::Fast;
use super::{
    legal::{ShortPositions, distinct_ascending},
    moves::View,
    reference::values_counted,
    word::{WordGroups, bytes_set, equal_bytes_mask, every_byte, small_quotient},
};
use crate::engine::{Action, MAX_SEAT_PIECES, Phase, PoolValue, State};
use crate::rules::MAX_POOL;

/// The candidates a decision is drawn from; a decision with more is listed in full.
const MAX_CANDIDATES: usize = 64;

/// The candidate moves of a decision listed, each to be checked when drawn.
type Listed = ArrayVec<Action, MAX_CANDIDATES>;

/// The numbers of the candidates in their order, each drawn number
/// swapped to the end of those left.
const IN_ORDER: [u8; MAX_CANDIDATES] = in_order();

/// The numbers `0..N` in order: the order of a decision's candidates
/// before any is drawn, each drawn number then swapped to the end of those
/// left.
pub(crate) const fn in_order<const N: usize>() -> [u8; N] {
    let mut order = [0; N];
    let mut i = 0;
    while i < N {
        order[i] = i as u8;
        i += 1;
    }
    order
}

/// The candidate moves of a decision where the mover's pieces fit a word
/// and no move may reach a detour: the candidate of each number is worked
/// out from the word, in the order [`Fast::list_candidates`] lists them,
/// so that nothing is listed. Listing them cost a branch a group and a
/// value, each guessed wrong often, as which pieces can move is chance.
/// Where the pieces do not fit a word and each moves alone, the steps of
/// the groups are noted instead ([`Numbered::at_step`]).
#[derive(Clone, Copy, Default)]
struct Numbered {
    groups: WordGroups,
    /// The steps of the groups on their way, ascending, where the pieces
    /// do not fit a word: each is one piece that may move.
    way_steps: [u8; MAX_SEAT_PIECES],
    /// The values out of the start, in order: each distinct value that
    /// may let a piece out, then each sum of dice not among them.
    entries: [u8; MAX_POOL * 2],
    entry_count: usize,
    /// Each distinct value once, ascending.
    values: [u8; MAX_POOL],
    value_count: usize,
    /// How many candidates there are.
    len: usize,
}

impl Numbered {
    /// Notes each distinct value of `values` (ascending), and where a
    /// piece waits at the start (`at_start`), the values out of it as the
    /// list has them: each distinct value that `lets_out`, then each sum of
    /// `sums` not among them.
    #[inline(always)]
    fn note_values(
        &mut self,
        values: &[PoolValue],
        sums: &[u8],
        at_start: bool,
        lets_out: impl Fn(PoolValue) -> bool,
    ) {
        // Values of one size stand together: one candidate each.
        for v in values {
            if self.value_count == 0 || self.values[self.value_count - 1] != v.value {
                self.values[self.value_count] = v.value;
                self.value_count += 1;
            }
        }
        if !at_start {
            return;
        }
        // A value of a size already out is passed over.
        let mut last = None;
        for &v in values {
            if last != Some(v.value) && lets_out(v) {
                last = Some(v.value);
                self.entries[self.entry_count] = v.value;
                self.entry_count += 1;
            }
        }
        for &sum in sums {
            if !self.entries[..self.entry_count].contains(&sum)
                && self.entry_count < self.entries.len()
            {
                self.entries[self.entry_count] = sum;
                self.entry_count += 1;
            }
        }
    }

    /// Candidate `c` numbered from the word: the moves out of the start
    /// first, then each group on its way, in order, by each value.
    #[inline(always)]
    fn at(&self, c: usize) -> Action {
        self.at_with(c, |group| self.groups.nth(self.groups.way, group))
    }

    /// Candidate `c` numbered from the steps, in the same order.
    #[inline(always)]
    fn at_step(&self, c: usize) -> Action {
        self.at_with(c, |group| {
            (self.way_steps[group.min(MAX_SEAT_PIECES - 1)], 1)
        })
    }

    /// Candidate `c`, group `i` on the way being `group(i)` (step, size).
    /// Without a branch on which kind `c` is: the candidates are drawn in
    /// a random order.
    #[inline(always)]
    fn at_with(&self, c: usize, group: impl Fn(usize) -> (u8, u8)) -> Action {
        let entry = c < self.entry_count;
        // The candidate's number among the moves on the way (0 for an entry).
        let j = if entry { 0 } else { c - self.entry_count };
        let i = small_quotient(j, self.value_count);
        let value = j - i * self.value_count;
        let (from, count) = group(i);
        let by_way = self.values[value.min(MAX_POOL - 1)];
        let by_entry = self.entries[c.min(self.entries.len() - 1)];
        Action::Move {
            from: if entry { 0 } else { from },
            count: if entry { 1 } else { count },
            by: if entry { by_entry } else { by_way },
        }
    }
}

/// How a decision's candidates are found.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    /// Numbered from the mover's word ([`Numbered::at`]).
    Word,
    /// Numbered from the steps of its groups ([`Numbered::at_step`]).
    Steps,
    /// Listed.
    Listed,
}

/// The candidate moves of a decision: numbered, or listed. Both are
/// filled where they stand: a copy of the numbers just written would read
/// them back whole before their bytes are stored, which the processor
/// makes wait.
struct Candidates {
    numbered: Numbered,
    kind: Kind,
    listed: Listed,
}

impl Candidates {
    /// Candidate `c`.
    #[inline(always)]
    fn at(&self, c: usize) -> Action {
        match self.kind {
            Kind::Word => self.numbered.at(c),
            Kind::Steps => self.numbered.at_step(c),
            Kind::Listed => self.listed[c],
        }
    }
}

impl Fast<'_> {
    /// Plays a seat's decision in a state that fits the game by a legal
    /// action drawn uniformly at random, `draw(n)` giving a number below
    /// `n`, and returns the action: the quick decision of rules without
    /// blockades as [`Fast::play_picked`] plays it, that of rules with them
    /// by [`Fast::play_quick_seen_drawn`], any other by
    /// [`Game::drawn_move`]; where these cannot, from the whole list.
    #[inline(always)]
    pub(crate) fn play_drawn(
        self,
        state: &mut State,
        buf: &mut Vec<Action>,
        mut draw: impl FnMut(usize) -> usize,
    ) -> Action {
        // The quick decisions first, as `play_picked` has them.
        if self.race.quick || self.race.seen_drawn {
            match self.one_value(state) {
                Some(v) if self.race.quick && !v.bonus => return self.play_quick(state, v, draw),
                Some(_) if self.race.quick => {}
                Some(v) if self.race.quick_seen => {
                    if let Some(a) = self.play_quick_seen_drawn::<false>(state, v, &mut draw) {
                        return a;
                    }
                    return self.play_picked(state, buf, draw);
                }
                Some(v) => {
                    if let Some(a) = self.play_quick_seen_drawn::<true>(state, v, &mut draw) {
                        return a;
                    }
                }
                None => {}
            }
        }
        self.play_drawn_in_general(state, buf, draw)
    }

    /// [`Fast::play_drawn`] for any decision but the quick one, apart so
    /// that the quick one does not pay for it.
    #[inline(never)]
    fn play_drawn_in_general(
        self,
        state: &mut State,
        buf: &mut Vec<Action>,
        mut draw: impl FnMut(usize) -> usize,
    ) -> Action {
        let Some((a, clear)) = self.drawn_seen(state, &mut draw) else {
            if let Some(a) = self.forced_entries_drawn(state, &mut draw) {
                return a;
            }
            return self.play_from_list(state, buf, draw);
        };
        self.apply_drawn(state, a, clear);
        a
    }

    /// The decision where a piece waits at the start that a waiting value,
    /// or a sum of two dice, may let out, and the rules force it out
    /// (entry: forced): where some move out of the start is allowed, the
    /// listing lists those alone, by ascending value (with a pass where one
    /// is allowed), so one is drawn from those without the list: the same
    /// draw, the same game. `None` where none is allowed, where the track
    /// has a detour (a move out of the start may go round it), or where the
    /// most of the throw must be used and there are several (turn: use =
    /// most).
    #[inline(never)]
    pub(super) fn forced_entries_drawn(
        self,
        state: &mut State,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Option<Action> {
        if !(self.is_race && state.phase == Phase::Move && self.entry_may_be_forced(state)) {
            return None;
        }
        // A move out of the start round a detour is listed with its round.
        if self.detour(state.mover as usize).is_some() {
            return None;
        }
        let (mut entries, mut view) = (ArrayVec::<u8, { MAX_POOL + 8 }>::new(), None);
        for &v in &state.pool {
            if self.lets_out_now(state, v)
                && !entries.contains(&v.value)
                && self.allowed_lazily(state, &mut view, 0, 1, v, false)
            {
                entries.push(v.value);
            }
        }
        for sum in self.start_sums(state) {
            let v = PoolValue::sum_of_dice(sum);
            if !entries.contains(&sum) && self.allowed_lazily(state, &mut view, 0, 1, v, false) {
                entries.push(sum);
            }
        }
        if entries.is_empty() || (self.flags().use_most && entries.len() > 1) {
            return None;
        }
        entries.sort_unstable();
        let pick = draw(entries.len() + usize::from(self.may_pass(state)));
        let action = entries
            .get(pick)
            .map_or(Action::Pass, |&by| Action::step(0, by));
        self.apply_fitting(state, action);
        Some(action)
    }

    /// A legal action of the decision in `state` drawn uniformly at
    /// random, `draw(n)` giving a number below `n`; `None` where the
    /// decision must be listed in full (see the module's words).
    #[cfg(test)]
    pub(crate) fn drawn_move(
        self,
        state: &State,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Option<Action> {
        self.drawn_seen(state, draw).map(|(a, _)| a)
    }

    /// [`Game::drawn_move`], and whether the action drawn is a move of one
    /// piece whose walk found the way and the landing cell clear
    /// ([`Fast::apply_clear_step`]).
    #[inline(always)]
    fn drawn_seen(
        self,
        state: &State,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Option<(Action, bool)> {
        if !self.draws_moves(state) {
            return None;
        }
        if self.race.pair_draws {
            if let Some(drawn) = self.drawn_pair(state, draw) {
                return Some(drawn);
            }
            if state.pool.len() > 2
                && let Some(drawn) = self.drawn_many(state, draw)
            {
                return drawn;
            }
        }
        self.drawn_in_general(state, draw)
    }

    /// [`Game::drawn_move`] for any decision that it draws, however many
    /// values wait, and whether the action drawn is a move of one piece
    /// whose way and landing cell the pieces showed clear
    /// ([`Fast::apply_clear_step`]).
    #[inline(never)]
    pub(crate) fn drawn_in_general(
        self,
        state: &State,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Option<(Action, bool)> {
        let values = distinct_ascending(&state.pool);
        let sums = self.start_sums(state);
        let mut candidates = Candidates {
            numbered: Numbered::default(),
            kind: Kind::Listed,
            listed: Listed::new(),
        };
        candidates.kind = self.number_candidates(state, &values, &sums, &mut candidates.numbered);
        let mut n = if candidates.kind != Kind::Listed {
            candidates.numbered.len
        } else if self.list_candidates(state, &values, &sums, &mut candidates.listed) {
            candidates.listed.len()
        } else {
            return None;
        };
        // A pass allowed beside the moves is the candidate after them.
        let moves = n;
        if self.may_pass(state) {
            n += 1;
        }
        if n > MAX_CANDIDATES {
            return None;
        }
        let mut order = IN_ORDER;
        // Made only when a candidate needs it: mostly the pieces show the
        // first one drawn allowed.
        let mut view = None;
        let all = values_counted(state);
        let use_most = self.flags().use_most && all > 1;
        let with_pass = n > moves;
        // The allowed moves that do not use the whole throw, a bit each by
        // its number (below 64: `MAX_CANDIDATES`).
        let mut shorts = 0u64;
        // Beside the most of a throw, a pass drawn before any move that
        // uses it whole is the action where some move does; where none
        // does, the pass is one more beside the moves kept.
        let mut pass_drawn = false;
        // The positions of the throw found short of it, shared by the
        // searches of the candidates.
        let mut short = None;
        // On plain tracks with blockades (`quick::fits_seen`), a move whose
        // way and landing cell the pieces show clear is allowed by any
        // value that brings it there (a piece out of its start: by a value
        // that lets it out, as numbered), as the one-value draw
        // (`play_quick_seen_drawn`) takes it: no further check. Pachisi
        // with all throws first runs 4.2% fewer instructions so, and plays
        // 4.6% more games a second.
        let clear_allows = self.race.quick_seen && !use_most;
        while n > 0 {
            let i = draw(n);
            let c = order[i] as usize;
            order.swap(i, n - 1);
            n -= 1;
            if c == moves {
                if !use_most {
                    return Some((Action::Pass, false));
                }
                pass_drawn = true;
                continue;
            }
            let a = candidates.at(c);
            // A piece out of the start by a sum of dice (entry: sum) is
            // not yet known to be let out by it: the whole check asks.
            if clear_allows
                && let Action::Move { from, count, by } = a
                && (from > 0 || sums.is_empty())
                && self.seen_clear_by_bytes(state, from, by).is_some()
            {
                return Some((a, count == 1 && from > 0));
            }
            if !self.candidate_allowed(state, &mut view, &values, &sums, a) {
                continue;
            }
            if !use_most || self.uses_whole_throw(state, &mut view, a, all, &mut short) {
                return Some((if pass_drawn { Action::Pass } else { a }, false));
            }
            shorts |= 1 << c;
        }
        Self::drawn_among_shorts(shorts, with_pass, all, |c| candidates.at(c), draw)
            .map(|a| (a, false))
    }

    /// The action of a decision where the most of a throw of `all` values
    /// must be used and no allowed move uses it whole: `shorts` holds the
    /// allowed moves a bit each by number, `at(c)` gives move `c`, and a
    /// pass is allowed beside them where `with_pass`. `None` where the
    /// decision must be listed in full.
    #[inline(always)]
    pub(crate) fn drawn_among_shorts(
        shorts: u64,
        with_pass: bool,
        all: u8,
        at: impl Fn(usize) -> Action,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Option<Action> {
        if shorts == 0 {
            // Nothing can move.
            return Some(Action::Pass);
        }
        if shorts & (shorts - 1) == 0 && !with_pass {
            // The only move is legal whatever it uses.
            return Some(at(shorts.trailing_zeros() as usize));
        }
        // Of two values, each of these uses one: those using the larger
        // are kept. With more, how many each leaves is the general path's.
        (all == 2).then(|| Self::drawn_using_larger(shorts, with_pass, at, draw))
    }

    /// Of the allowed moves numbered by the bits of `shorts`, each of
    /// which uses one of the two waiting values and none both, one of
    /// those using the larger value, drawn by `draw` as the general path
    /// draws it from the list it keeps (turn: use = most): in the order of
    /// their numbers, which is the list's; a pass allowed beside them
    /// (`with_pass`) after them, as the list has it.
    #[cold]
    fn drawn_using_larger(
        shorts: u64,
        with_pass: bool,
        at: impl Fn(usize) -> Action,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Action {
        let mut moves = Listed::new();
        let mut left = shorts;
        while left != 0 {
            moves.push(at(left.trailing_zeros() as usize));
            left &= left - 1;
        }
        let largest = moves.iter().filter_map(|a| a.by()).max();
        moves.retain(|a| a.by() == largest);
        // As the list has them: moves that go round sort after the plain ones.
        if moves.iter().any(|a| matches!(a, Action::Round { .. })) {
            moves.sort_unstable();
        }
        if with_pass {
            moves.push(Action::Pass);
        }
        moves[draw(moves.len())]
    }

    /// Whether the decision in `state` is drawn by [`Game::drawn_move`]: a
    /// race's move where the legal actions are the moves each allowed on
    /// its own, and a pass where none is or where the rules allow one.
    pub(crate) fn draws_moves(self, state: &State) -> bool {
        self.is_race
            && state.phase == Phase::Move
            && !state.pool.is_empty()
            && !self.entry_may_be_forced(state)
            && !self.must_clear_start(state)
            && !self.blockade_first(state)
    }

    /// Whether a move out of the start may be forced on the mover (entry:
    /// forced): a piece waits there, and a waiting value, or a sum of two
    /// (entry: sum), may let it out. Where none can, the rule chooses
    /// nothing, and the decision is drawn as any other.
    #[inline(always)]
    pub(super) fn entry_may_be_forced(self, state: &State) -> bool {
        let flags = self.flags();
        flags.entry_forced
            && state.pieces[state.mover as usize].first() == Some(&0)
            && (state.pool.iter().any(|&v| self.lets_out_now(state, v))
                || flags.entry_sum && self.sum_may_let_out(state))
    }

    /// Whether a sum of two waiting dice may let a piece out of the start
    /// (entry: sum), as [`Fast::sum_allowed`] asks before the move's check.
    #[inline(never)]
    fn sum_may_let_out(self, state: &State) -> bool {
        (self.entry_sums(state).iter())
            .any(|&sum| self.lets_out_now(state, PoolValue::sum_of_dice(sum)))
    }

    /// The sums of two waiting dice that may bring a piece out, where the
    /// mover has one waiting (entry: sum).
    fn start_sums(self, state: &State) -> ArrayVec<u8, 8> {
        if self.flags().entry_sum && state.pieces[state.mover as usize].first() == Some(&0) {
            self.entry_sums(state)
        } else {
            ArrayVec::new()
        }
    }

    /// Numbers into `numbered` (as [`Numbered::default`] made it) the
    /// candidates that [`Fast::list_candidates`] would list, without a
    /// list, and says how: from the mover's word, or where its pieces do
    /// not fit one and single pieces move, from its steps. [`Kind::Listed`]
    /// where neither serves, where some piece may reach its track's detour
    /// by a value (the list would hold a round), or where there are more
    /// than [`MAX_CANDIDATES`].
    #[inline(always)]
    fn number_candidates(
        self,
        state: &State,
        values: &[PoolValue],
        sums: &[u8],
        numbered: &mut Numbered,
    ) -> Kind {
        let word = self.groups_in_word::<true>(state);
        // A value that reaches the detour from a step, a larger one does too.
        let Some(largest) = values.last() else {
            return Kind::Listed;
        };
        if self.may_go_round(state, largest.value) {
            return Kind::Listed;
        }
        let Some(groups) = word else {
            let by_steps =
                !self.flags().groups && self.number_from_steps(state, values, sums, numbered);
            return if by_steps { Kind::Steps } else { Kind::Listed };
        };
        numbered.groups = groups;
        // Whether the next piece out is the first is read from the word
        // ([`Fast::lets_out_given`]), not from the pieces again.
        let none_on_way = groups.way == 0;
        numbered.note_values(values, sums, groups.at_start != 0, |v| {
            self.lets_out_given(state, v, none_on_way)
        });
        numbered.len = numbered.entry_count + numbered.value_count * bytes_set(groups.way) as usize;
        if numbered.len <= MAX_CANDIDATES {
            Kind::Word
        } else {
            Kind::Listed
        }
    }

    /// [`Fast::number_candidates`] where the mover's pieces do not fit a
    /// word and each moves alone: the steps of its groups are noted once,
    /// in the order of [`Fast::groups`], and the values out of the start as
    /// [`Fast::list_group`] lists them. Listing every candidate cost
    /// two seats of fifteen a tenth of their time.
    #[cold]
    fn number_from_steps(
        self,
        state: &State,
        values: &[PoolValue],
        sums: &[u8],
        numbered: &mut Numbered,
    ) -> bool {
        let seat = state.mover as usize;
        let (steps, live) = state.pieces.seat_block(seat);
        // The steps are ascending: a piece at the start is the first.
        let at_start = live != 0 && steps as u8 == 0;
        let mut ways = 0;
        // entry: forced = always: while a piece waits at the start, no
        // other group moves.
        if !(at_start && self.race.hot.start_first) {
            // The first piece on each step (not the step before it, the
            // start being 0), short of home: each step on the way once.
            let home = every_byte(self.home(seat));
            let mut firsts =
                live & !equal_bytes_mask(steps, steps << 8) & !equal_bytes_mask(steps, home);
            let bytes = steps.to_le_bytes();
            while firsts != 0 {
                numbered.way_steps[ways] = bytes[firsts.trailing_zeros() as usize];
                ways += 1;
                firsts &= firsts - 1;
            }
        }
        numbered.note_values(values, sums, at_start, |v| self.lets_out_now(state, v));
        numbered.len = numbered.entry_count + numbered.value_count * ways;
        numbered.len <= MAX_CANDIDATES
    }

    /// Every move the general path would check (see
    /// [`Fast::moves_seen_into`]), each once: each group at each size by
    /// each distinct value, plain and round its detour where the value
    /// reaches it, and out of the start by a sum in `sums`. Listed into
    /// `out` in place, as a copy of the list would cost more than making
    /// it; `false` where there are more than [`MAX_CANDIDATES`].
    #[cold]
    #[inline(never)]
    fn list_candidates(
        self,
        state: &State,
        values: &[PoolValue],
        sums: &[u8],
        out: &mut Listed,
    ) -> bool {
        let seat = state.mover as usize;
        let home = self.home(seat);
        // Where single pieces move and the seat's pieces fit a word, its
        // groups are read from the word, without an iterator of groups:
        // the start first, then each step on the way, ascending.
        if !self.flags().groups
            && let Some(groups) = self.groups_in_word::<true>(state)
        {
            if groups.at_start != 0 && !self.list_group(state, values, sums, (0, 1), out) {
                return false;
            }
            let mut way = groups.way;
            while way != 0 {
                let from = groups.at(way.trailing_zeros() & !7).0;
                way &= way - 1;
                if !self.list_group(state, values, sums, (from, 1), out) {
                    return false;
                }
            }
            return true;
        }
        for group in self.groups(&state.pieces[seat], home) {
            if !self.list_group(state, values, sums, group, out) {
                return false;
            }
        }
        true
    }

    /// The candidates of [`Fast::list_candidates`] of the group of `most`
    /// pieces on step `from`, listed into `out`; `false` where they are
    /// more than it holds.
    #[inline(always)]
    fn list_group(
        self,
        state: &State,
        values: &[PoolValue],
        sums: &[u8],
        (from, most): (u8, u8),
        out: &mut Listed,
    ) -> bool {
        let seat = state.mover as usize;
        let detour = self.detour(seat).is_some();
        for count in self.sizes(from, most) {
            // Values of one size stand together: one candidate each.
            let mut last = None;
            for &v in values {
                let by = v.value;
                if last == Some(by) || (from == 0 && !self.lets_out_now(state, v)) {
                    continue;
                }
                last = Some(by);
                if out.try_push(Action::Move { from, count, by }).is_err()
                    || (detour
                        && self.reaches_detour(seat, from, by)
                        && out.try_push(Action::Round { from, count, by }).is_err())
                {
                    return false;
                }
            }
        }
        if from == 0 {
            for &by in sums {
                let a = Action::step(0, by);
                if !out.contains(&a) && out.try_push(a).is_err() {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the rules allow the candidate `a` on its own, as the general
    /// path checks it: by a waiting value of its size, or out of the start
    /// by a sum in `sums`.
    pub(crate) fn candidate_allowed(
        self,
        state: &State,
        view: &mut Option<View>,
        values: &[PoolValue],
        sums: &[u8],
        a: Action,
    ) -> bool {
        let (from, count, by, round) = match a {
            Action::Move { from, count, by } => (from, count, by, false),
            Action::Round { from, count, by } => (from, count, by, true),
            _ => return false,
        };
        let by_value = values
            .iter()
            .any(|&v| v.value == by && self.allowed_by(state, view, from, count, v, round));
        by_value || (from == 0 && !round && sums.contains(&by) && self.sum_allowed(state, view, by))
    }

    /// [`Fast::candidate_allowed`] by the waiting value `v` of its size.
    /// Out of line: inlined into the loop over the values, which mostly
    /// runs once, the check's preparation ran before it every time
    /// (177 instructions a candidate, two seats of fifteen).
    #[inline(never)]
    fn allowed_by(
        self,
        state: &State,
        view: &mut Option<View>,
        from: u8,
        count: u8,
        v: PoolValue,
        round: bool,
    ) -> bool {
        (from > 0 || self.lets_out_now(state, v))
            && (!round || self.reaches_detour(state.mover as usize, from, v.value))
            && self.allowed_lazily(state, view, from, count, v, round)
    }

    /// Whether a piece may leave its start by the sum `sum` of two dice. A
    /// sum that lets no piece out is refused before anything is looked at:
    /// most sums of two dice are no entry throw; one that does is asked as
    /// a die's value is, the view made only where the pieces do not answer.
    pub(crate) fn sum_allowed(self, state: &State, view: &mut Option<View>, sum: u8) -> bool {
        let v = PoolValue::sum_of_dice(sum);
        self.lets_out_now(state, v) && self.allowed_lazily(state, view, 0, 1, v, false)
    }

    /// Whether the allowed move `a` lets the whole throw of `all` values be
    /// used: a piece leaving its start by the sum of both of two dice uses
    /// it itself; else by the shortcuts of [`Fast::keep_most_using`], else
    /// by playing it and looking on.
    pub(crate) fn uses_whole_throw(
        self,
        state: &State,
        view: &mut Option<View>,
        a: Action,
        all: u8,
        short: &mut ShortPositions,
    ) -> bool {
        let by_sum = |from, by| from == 0 && all == 2 && self.value_used(state, from, by).is_none();
        matches!(a, Action::Move { from, by, .. } if by_sum(from, by))
            || self.moved_piece_goes_on(state, a, |at, v, round| {
                self.goes_on_lazily(state, view, at, v, round)
            })
            || self.uses_whole_throw_otherwise(state, view, a, all, short)
    }

    /// [`Fast::uses_whole_throw`] where the moved piece does not go on:
    /// another group goes on by the other die, or of three values or four
    /// one piece of another group walks the rest
    /// ([`Fast::another_piece_goes_on`]), or playing the move finds a
    /// way to use the rest. Apart, and out of line: mostly the moved piece
    /// goes on.
    #[inline(never)]
    pub(crate) fn uses_whole_throw_otherwise(
        self,
        state: &State,
        view: &mut Option<View>,
        a: Action,
        all: u8,
        short: &mut ShortPositions,
    ) -> bool {
        self.leaves_other_die_usable_by(state, a, |q, most, other| {
            self.sizes(q, most)
                .any(|count| self.allowed_lazily(state, view, q, count, other, false))
        }) || self.another_piece_goes_on(state, a, |at, v, round| {
            self.goes_on_lazily(state, view, at, v, round)
        }) || self.depth_tried(state, a, all, short) == all
    }

    /// Whether the piece a move brings to step `at` may go on from there
    /// by the value `v` (round its detour where `round`), asked of the
    /// position before the move as [`Fast::moved_piece_goes_on`] asks it:
    /// a bonus once the dice are used, when it no longer waits for them
    /// (turn: bonus = after_dice).
    pub(crate) fn goes_on_lazily(
        self,
        state: &State,
        view: &mut Option<View>,
        at: u8,
        v: PoolValue,
        round: bool,
    ) -> bool {
        if !v.bonus {
            return self.allowed_lazily(state, view, at, 1, v, round);
        }
        let mut after = state.clone();
        after.pool.retain(|w| w.bonus);
        // The same pieces: the view of the one is the view of the other.
        self.allowed_lazily(&after, view, at, 1, v, round)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::engine::race::legal::tests::{Draw, drawn_as_listed, every_way, positions, races};

    /// Every way a decision can be drawn, with its chance: each sequence of
    /// draws is followed to the action `play` ends in. `None` where `play`
    /// gives none, or there are more than `most` ways.
    fn each_drawing(
        most: usize,
        play: impl FnMut(Draw) -> Option<Action>,
    ) -> Option<Vec<(Action, f64)>> {
        every_way(most, play)?
            .into_iter()
            .map(|(drawn, sizes)| Some((drawn?, sizes.iter().map(|&n| 1.0 / n as f64).product())))
            .collect()
    }

    /// Whether the decision in `state` is drawn without its list: by
    /// [`Game::drawn_move`], or by [`Fast::play_quick_seen_drawn`].
    fn drawn_without_list(game: &Game, state: &State) -> bool {
        match game.fast().one_value(state) {
            Some(v) if game.race.quick_seen => game
                .fast()
                .play_quick_seen_drawn::<false>(&mut state.clone(), v, &mut |_| 0)
                .is_some(),
            Some(_) if game.race.quick => false,
            Some(v)
                if game.race.seen_drawn
                    && game
                        .fast()
                        .play_quick_seen_drawn::<true>(&mut state.clone(), v, &mut |_| 0)
                        .is_some() =>
            {
                true
            }
            _ => game.fast().drawn_move(state, &mut |_| 0).is_some(),
        }
    }

    /// Checks that a random seat's decision in `state` is each legal
    /// action with the same chance and nothing else: every way of drawing
    /// is followed, and the chances of each action are added up exactly.
    /// Returns the legal actions; `None` where there are too many ways.
    fn drawn_alike(name: &str, game: &Game, state: &State) -> Option<Vec<Action>> {
        let play = |draw: Draw| {
            let mut after = state.clone();
            Some(game.fast().play_drawn(&mut after, &mut Vec::new(), draw))
        };
        let ways = each_drawing(5000, play)?;
        let legal = game.legal_actions(state);
        let mut chances = vec![0.0; legal.len()];
        for (a, chance) in ways {
            let at = legal.iter().position(|&l| l == a);
            let at = at.unwrap_or_else(|| panic!("{name}: {a} drawn in {state:?}"));
            chances[at] += chance;
        }
        for (a, chance) in legal.iter().zip(&chances) {
            assert!(
                (chance * legal.len() as f64 - 1.0).abs() < 1e-9,
                "{name}: {a} drawn with chance {chance} of {} in {state:?}",
                legal.len()
            );
        }
        Some(legal)
    }

    /// Where the most of a throw of two values must be used and no move
    /// uses both, a random seat draws among the moves using the larger
    /// value (the text's "if only one die can be used, the smaller is
    /// given up"), each with the same chance, without the list, and the
    /// last draw picks them in the list's order, so that a seed plays the
    /// game the list would, a pass allowed beside them last: in positions
    /// of random games of every table of every bundled race that uses the
    /// most.
    #[test]
    fn where_no_move_uses_both_values_one_using_the_larger_is_drawn() {
        let (mut found, mut rounds, mut passes) = (0usize, 0usize, 0usize);
        for (name, most) in races().filter(|(_, g)| g.race.flags.use_most) {
            for table in &most.rules().tables {
                let game =
                    Game::new(most.rules_arc().clone(), table.players).expect("the table exists");
                for state in positions(&game, 61, 30_000) {
                    if state.phase != Phase::Move || state.pool.len() != 2 {
                        continue;
                    }
                    let legal = game.legal_actions(&state);
                    if legal.len() < 2
                        || legal
                            .iter()
                            .any(|&a| game.fast().depth_tried(&state, a, 2, &mut None) == 2)
                    {
                        continue;
                    }
                    // The draws of the candidates, then the one among the moves kept.
                    let mut sizes = Vec::new();
                    let Some(first) = game.fast().drawn_move(&state, &mut |n| {
                        sizes.push(n);
                        0
                    }) else {
                        continue;
                    };
                    assert_eq!(sizes.last(), Some(&legal.len()), "{name}: {state:?}");
                    // A pass allowed beside them comes last, as the list has it.
                    let moves = legal.strip_suffix(&[Action::Pass]).unwrap_or(&legal);
                    let largest = moves.iter().filter_map(|a| a.by()).max();
                    assert!(
                        moves.len() == 1 || moves.iter().all(|a| a.by() == largest),
                        "{name}: {legal:?} in {state:?}"
                    );
                    for (k, &a) in legal.iter().enumerate() {
                        let mut drawn = 0;
                        let picked = game.fast().drawn_move(&state, &mut |_| {
                            drawn += 1;
                            if drawn == sizes.len() { k } else { 0 }
                        });
                        assert_eq!(
                            picked,
                            Some(a),
                            "{name}: draw {k} of {legal:?} in {state:?}"
                        );
                    }
                    assert_eq!(Some(first), legal.first().copied());
                    drawn_alike(name, &game, &state);
                    found += 1;
                    rounds += usize::from(legal.iter().any(|a| matches!(a, Action::Round { .. })));
                    passes += usize::from(moves.len() < legal.len());
                }
            }
        }
        assert!(
            found > 10 && rounds > 0 && passes > 0,
            "{found} decisions among moves of the larger value, {rounds} with a move round, {passes} with a pass beside them"
        );
    }

    /// Where the most of a throw must be used and the seat may give up
    /// what waits (bonuses that are lost if not used: turn: bonus_optional),
    /// a random seat's decision among several values is drawn without its
    /// list, and the pass is drawn with the chance of any legal action:
    /// in positions of random games of every bundled race that uses the
    /// most, every way of drawing followed and the chances added up.
    #[test]
    fn beside_the_most_of_a_throw_a_pass_is_drawn_with_the_chance_of_each_legal_action() {
        let (mut found, mut short) = (0usize, 0usize);
        for (name, game) in races().filter(|(_, g)| g.race.flags.use_most) {
            for state in positions(&game, 67, 200_000) {
                if state.phase != Phase::Move || state.pool.len() < 2 || !game.may_pass(&state) {
                    continue;
                }
                assert!(
                    drawn_without_list(&game, &state),
                    "{name}: listed in {state:?}"
                );
                let Some(legal) = drawn_alike(name, &game, &state) else {
                    continue;
                };
                if legal.len() > 1 {
                    found += 1;
                    // No move uses the whole throw: the pass beside the ones kept.
                    let all = state.pool.len() as u8;
                    short += usize::from(legal.iter().all(|&a| {
                        a == Action::Pass
                            || game.fast().depth_tried(&state, a, all, &mut None) < all
                    }));
                }
            }
        }
        assert!(
            found > 50 && short > 5,
            "{found} decisions with a pass beside moves, {short} where no move uses the whole throw"
        );
    }

    /// A random seat's decision is each legal action with the same chance
    /// and nothing else, for the decisions of random games of every bundled
    /// race, drawn without their list, played by the quick pass from its
    /// own list, or listed in general (few: a rule that chooses among the
    /// moves, such as a blockade that has stood its time): every way of
    /// drawing is followed, and the chances of each action are added up
    /// exactly.
    #[test]
    fn a_random_decision_is_each_legal_action_with_the_same_chance() {
        let (mut drawn, mut several, mut listed) = (0usize, 0usize, 0usize);
        // One-value decisions that `play_quick` lists in one pass and plays.
        let mut quick = 0usize;
        // Lone bonuses drawn in the quick pass; passes drawn beside moves.
        // Of those passes, beside the most of a throw (turn: use = most).
        let (mut bonuses, mut passes, mut passes_most) = (0usize, 0usize, 0usize);
        for (name, game) in races() {
            for state in positions(&game, 29, 1500) {
                if state.phase != Phase::Move {
                    continue;
                }
                let Some(legal) = drawn_alike(name, &game, &state) else {
                    continue;
                };
                if drawn_without_list(&game, &state) {
                    drawn += 1;
                    several += usize::from(legal.len() > 1 && state.pool.len() > 1);
                    bonuses += usize::from(
                        legal.len() > 1 && game.fast().one_value(&state).is_some_and(|v| v.bonus),
                    );
                    let pass_beside =
                        legal.len() > 1 && state.pool.len() > 1 && legal.contains(&Action::Pass);
                    passes += usize::from(pass_beside);
                    passes_most += usize::from(pass_beside && game.race.flags.use_most);
                } else if game.race.quick && game.fast().one_die_value(&state).is_some() {
                    quick += 1;
                } else {
                    listed += 1;
                }
            }
        }
        assert!(
            drawn > 5_000
                && several > 1_000
                && quick > 1_000
                && listed > 0
                && bonuses > 50
                && passes > 50
                && passes_most > 0,
            "{drawn} decisions drawn without their list ({several} among several moves on several values, {bonuses} of a lone bonus, {passes} with a pass beside moves, {passes_most} of them beside the most of a throw), {quick} played by the quick pass, {listed} listed in general"
        );
    }

    /// Forced entry with entry by a sum (Parchís with two dice: a 5 on
    /// either die, or two dice that add up to 5, must bring a piece out):
    /// while a piece waits, a throw that can bring none out (a 6 and a 6)
    /// chooses nothing by that rule, and the decision is drawn without its
    /// list, each legal action with the same chance; a throw of 1 and 4,
    /// whose sum may bring one out, is listed, and the list holds only the
    /// move out of the start by the sum.
    #[test]
    fn forced_entry_by_a_sum_lists_only_a_throw_that_can_bring_a_piece_out() {
        let rules = crate::variants::compile_bundled("house/parchis-two-dice")
            .expect("bundled variants compile");
        let game = Game::with_most_players(rules);
        assert!(game.race.flags.entry_forced && game.race.flags.entry_sum);
        let die = |value| PoolValue {
            value,
            again: false,
            bonus: false,
        };
        let (mut drawn, mut listed) = (0usize, 0usize);
        for state in positions(&game, 43, 3000) {
            let seat = state.mover as usize;
            if state.phase != Phase::Move
                || state.pieces[seat].first() != Some(&0)
                || game.fast().must_clear_start(&state)
                || game.fast().blockade_first(&state)
            {
                continue;
            }
            // The same position with a throw of 6 and 6, then of 1 and 4.
            let mut sixes = state.clone();
            sixes.pool.clear();
            sixes.pool.extend([die(6), die(6)]);
            sixes.split.clear();
            assert!(game.fast().draws_moves(&sixes), "listed: {sixes:?}");
            drawn_alike("parchis-two-dice", &game, &sixes);
            drawn += 1;
            let mut five = sixes.clone();
            five.pool.clear();
            five.pool.extend([die(1), die(4)]);
            assert!(!game.fast().draws_moves(&five), "drawn: {five:?}");
            let legal = game.legal_actions(&five);
            if legal.contains(&Action::step(0, 5)) {
                assert_eq!(legal, [Action::step(0, 5)], "{five:?}");
                listed += 1;
            }
        }
        assert!(drawn > 100 && listed > 20, "{drawn} drawn, {listed} listed");
    }

    /// Forced entry with two dice (Parchís with two dice): where a piece
    /// waits and a die or the sum of both may bring it out, the moves out
    /// of the start are drawn without the list, and each number the draw
    /// may give plays the action the list holds at that number and leaves
    /// the state that action leaves; where the draw leaves the decision to
    /// the list, nothing is played.
    #[test]
    fn forced_entries_are_drawn_as_the_list_holds_them() {
        let rules = crate::variants::compile_bundled("house/parchis-two-dice")
            .expect("bundled variants compile");
        let game = Game::with_most_players(rules);
        let (mut drawn, mut by_sum, mut left) = (0usize, 0usize, 0usize);
        for state in positions(&game, 47, 20_000) {
            if state.phase != Phase::Move || !game.fast().entry_may_be_forced(&state) {
                continue;
            }
            let play = |after: &mut State, mut draw: &mut dyn FnMut(usize) -> usize| {
                game.fast().forced_entries_drawn(after, &mut draw)
            };
            let Some(actions) = drawn_as_listed(&game, &state, play) else {
                left += 1;
                continue;
            };
            drawn += actions.len();
            let of_a_die = |by| state.pool.iter().any(|v| v.value == by);
            by_sum += (actions.iter())
                .filter(|a| matches!(a, Action::Move { by, .. } if !of_a_die(*by)))
                .count();
        }
        assert!(
            drawn > 200 && by_sum > 20,
            "{drawn} forced entries drawn ({by_sum} by a sum of the dice), {left} left to the list"
        );
    }

    /// The candidates numbered from the mover's word, or from its steps
    /// where its pieces do not fit a word (a seat of fifteen), are the
    /// ones the list holds, in its order, at every decision of random
    /// games of every bundled race where they are numbered; and the word's
    /// question whether a move may reach a detour is each piece's.
    #[test]
    fn candidates_numbered_are_the_listed_ones_in_order() {
        let (mut compared, mut entries, mut rounds) = (0usize, 0usize, 0usize);
        let mut from_steps = 0usize;
        for (name, game) in races() {
            for state in positions(&game, 41, 1500) {
                if state.phase != Phase::Move || state.pool.is_empty() {
                    continue;
                }
                let seat = state.mover as usize;
                for by in 1..=30 {
                    let each = state.pieces[seat]
                        .iter()
                        .any(|&from| game.fast().reaches_detour(seat, from, by));
                    assert_eq!(
                        game.fast().may_go_round(&state, by),
                        each,
                        "{name}: by {by} in {state:?}"
                    );
                    rounds += usize::from(each);
                }
                let values = distinct_ascending(&state.pool);
                let sums = game.fast().start_sums(&state);
                let mut listed = Listed::new();
                let fits = game
                    .fast()
                    .list_candidates(&state, &values, &sums, &mut listed);
                let mut numbered = Numbered::default();
                let kind = game
                    .fast()
                    .number_candidates(&state, &values, &sums, &mut numbered);
                if kind == Kind::Listed {
                    continue;
                }
                assert!(
                    fits,
                    "{name}: more candidates than a list holds in {state:?}"
                );
                let candidates = Candidates {
                    numbered,
                    kind,
                    listed: Listed::new(),
                };
                let each: Vec<Action> = (0..numbered.len).map(|c| candidates.at(c)).collect();
                assert_eq!(each, listed.to_vec(), "{name}: {state:?}");
                entries += usize::from(each.iter().any(|a| a.from() == Some(0)));
                from_steps += usize::from(kind == Kind::Steps);
                compared += 1;
            }
        }
        assert!(
            compared > 5_000 && entries > 500 && rounds > 100 && from_steps > 500,
            "{compared} decisions compared, {entries} with moves out of the start, \
             {rounds} values reaching a detour, {from_steps} numbered from the steps \
             (pieces past a word)"
        );
    }

    /// The candidates listed from the mover's word, where single pieces
    /// move, are those listed group by group, in the same order, at every
    /// decision of random games of every bundled race, rounds of a detour
    /// and moves out of the start among them.
    #[test]
    fn candidates_listed_from_the_word_are_those_listed_group_by_group() {
        let (mut compared, mut rounds, mut entries) = (0usize, 0usize, 0usize);
        for (name, game) in races().filter(|(_, g)| !g.race.flags.groups) {
            for state in positions(&game, 43, 1500) {
                if state.phase != Phase::Move || state.pool.is_empty() {
                    continue;
                }
                if game.fast().groups_in_word::<true>(&state).is_none() {
                    continue;
                }
                let values = distinct_ascending(&state.pool);
                let sums = game.fast().start_sums(&state);
                let mut from_word = Listed::new();
                let fits = game
                    .fast()
                    .list_candidates(&state, &values, &sums, &mut from_word);
                let seat = state.mover as usize;
                let mut by_group = Listed::new();
                let fits_too = game
                    .fast()
                    .groups(&state.pieces[seat], game.race.hot.home[seat])
                    .all(|group| {
                        game.fast()
                            .list_group(&state, &values, &sums, group, &mut by_group)
                    });
                assert_eq!(fits, fits_too, "{name}: {state:?}");
                assert_eq!(from_word, by_group, "{name}: {state:?}");
                rounds += usize::from(from_word.iter().any(|a| matches!(a, Action::Round { .. })));
                entries += usize::from(from_word.iter().any(|a| a.from() == Some(0)));
                compared += 1;
            }
        }
        assert!(
            compared > 5_000 && rounds > 50 && entries > 500,
            "{compared} decisions compared, {rounds} with a round, {entries} with a move out of the start"
        );
    }

    /// Playing a random decision plays a legal action of it, at every
    /// decision of random games of every bundled race, and the state is
    /// the one applying that action leaves.
    #[test]
    fn a_drawn_decision_plays_a_legal_action() {
        let mut played = 0usize;
        for (name, game) in races() {
            let mut rng = crate::sim::rng(31);
            for state in positions(&game, 37, 1500) {
                if state.phase != Phase::Move {
                    continue;
                }
                let mut after = state.clone();
                let a = game.fast().play_drawn(&mut after, &mut Vec::new(), |n| {
                    rand::RngExt::random_range(&mut rng, 0..n)
                });
                assert!(
                    game.legal_actions(&state).contains(&a),
                    "{name}: {a} played in {state:?}"
                );
                assert_eq!(after, game.child(&state, a).expect("legal"), "{name}");
                played += 1;
            }
        }
        assert!(played > 10_000, "{played} decisions played");
    }

    /// A decision on several values under rules on plain tracks with
    /// blockades (Pachisi with all throws first) plays a move whose way and
    /// landing cell the pieces show clear without the whole check, as the
    /// one-value draw does: for every sequence of draws, the move drawn is
    /// legal and leaves the state its whole apply leaves, and many are
    /// taken so.
    #[test]
    fn a_move_seen_clear_among_several_values_is_played_as_the_whole_apply_plays_it() {
        let rules = crate::variants::compile_bundled("house/pachisi-all-throws-first")
            .expect("bundled variants compile");
        let game = Game::with_most_players(rules);
        assert!(game.race.quick_seen && !game.race.flags.use_most);
        let (mut decisions, mut clear) = (0usize, 0usize);
        for state in positions(&game, 41, 3000) {
            if state.phase != Phase::Move
                || state.pool.len() < 2
                || !game.fast().draws_moves(&state)
            {
                continue;
            }
            decisions += 1;
            let legal = game.legal_actions(&state);
            every_way(5000, |draw| {
                let drawn = game.fast().drawn_in_general(&state, &mut |n| draw(n));
                if let Some((a, seen_clear)) = drawn {
                    assert!(legal.contains(&a), "{a} drawn in {state:?}");
                    let mut after = state.clone();
                    game.fast().apply_drawn(&mut after, a, seen_clear);
                    assert_eq!(after, game.child(&state, a).expect("legal"), "{a}");
                    clear += usize::from(seen_clear);
                }
                drawn.map(|(a, _)| a)
            })
            .expect("few ways");
        }
        assert!(
            decisions > 100 && clear > 100,
            "{decisions} decisions, {clear} clear"
        );
    }
}
