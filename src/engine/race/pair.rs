//! A random seat's decision between the two values of a throw of two
//! dice, or among the three or four of a double with its bottom faces,
//! drawn in one lean pass.
//!
//! In a race thrown with two dice, most decisions are between the two
//! values of one throw: no bonus waits, no pair of a blockade is followed,
//! and no piece can reach its track's detour. [`Fast::drawn_pair`] draws
//! such a decision exactly as [`Game::drawn_move`] draws any: the same
//! candidates in the same order and the same draws, so that a seed plays
//! the same game. What it leaves out is the work that any number of
//! values needs: the candidates are worked out from the mover's word for
//! one or two values, and a move on its way, and the moved piece going on
//! by the other die, are each asked of one walk of the pieces
//! ([`Seating::way_seen`](super::seating::Seating::way_seen)). A move the
//! walk does not settle goes on to the general checks, which the walk's
//! answer spares a second walk. A double with its bottom faces (four
//! dice of two sizes, then three) is drawn the same way by
//! [`Fast::drawn_many`], the moved piece walked through the rest; where
//! a piece may reach its detour, the moves on the way are listed with
//! those round it ([`Fast::drawn_pair_round`]).

use arrayvec::ArrayVec;

use super::fast::Fast;
use super::{
    drawn::in_order,
    moves::{MAX_WALK, PlainWalk, View},
    word::{WordGroups, bytes_set},
};
use crate::engine::{Action, PoolValue, State};

/// The most candidates of a decision between two values: three moves out
/// of the start (each value and their sum), two values for each of at
/// most eight groups, and a pass.
const MAX_PAIR_CANDIDATES: usize = 32;

/// The candidates of a decision between two values, by number: the moves
/// out of the start first, then each group on its way by each value, in
/// the order [`Game::drawn_move`] numbers them.
struct PairCandidates {
    groups: WordGroups,
    /// The values that bring a piece out of the start, in order, a byte
    /// each from the lowest.
    entries: u32,
    entry_count: usize,
    /// Whether the two values differ (else a double: one value).
    two: bool,
    low: PoolValue,
    high: PoolValue,
}

impl PairCandidates {
    /// Candidate `c` with the value it uses and the other (for a move out
    /// of the start, which is checked apart by the value or the sum it
    /// uses, the lower and the higher).
    #[inline(always)]
    fn at(&self, c: usize) -> (Action, PoolValue, PoolValue) {
        if c < self.entry_count {
            return (
                Action::step(0, (self.entries >> (8 * (c & 3))) as u8),
                self.low,
                self.high,
            );
        }
        let j = c - self.entry_count;
        let (group, second) = if self.two {
            (j >> 1, j & 1 == 1)
        } else {
            (j, false)
        };
        // Single pieces move: each group is one piece.
        let from = self.groups.nth_step(self.groups.way, group);
        let (v, other) = if second {
            (self.high, self.low)
        } else {
            (self.low, self.high)
        };
        (Action::step(from, v.value), v, other)
    }
}

impl Fast<'_> {
    /// Whether the rules let a decision between two die values be drawn by
    /// [`Fast::drawn_pair`]: a race whose pieces fit in 16 bytes, a seat's
    /// in a word, where single pieces move. A decision where a rule picks
    /// among the moves (a move out of the start that is forced, a piece
    /// that must clear the start, a blockade that must break) is left to
    /// the general listing, by [`Fast::draws_moves`].
    pub(crate) fn pair_fits(self) -> bool {
        let flags = self.flags();
        self.is_race
            && !flags.groups
            && self.rules.home.order.is_empty()
            && self.race.seating.has_viewed_steps()
            && self.rules.pieces_per_seat <= 8
    }

    /// A legal action of the decision in `state` drawn uniformly at random
    /// as [`Game::drawn_move`] draws it, where two values wait and no pair
    /// of a blockade is followed; `None` for any other decision. Where a
    /// piece may reach its track's detour, [`Fast::drawn_pair_round`]
    /// draws it. The two values are one
    /// throw's dice, or a die and a larger bonus that waits for it (turn:
    /// bonus = after_dice): then every move by the bonus is refused, and a
    /// move by the die uses the whole throw where the bonus can be used
    /// after it. The caller has checked that the decision is drawn
    /// ([`Game::drawn_move`]'s own first check). Beside the action, whether
    /// it is a move whose walk found the way and the landing cell clear
    /// ([`Fast::apply_clear_step`]).
    #[inline(never)]
    pub(crate) fn drawn_pair(
        self,
        state: &State,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Option<(Action, bool)> {
        let [a, b] = state.pool[..] else {
            return None;
        };
        if !state.split.is_empty() {
            return None;
        }
        // The values in ascending order; a double is one value.
        let (low, high) = if b.value < a.value { (b, a) } else { (a, b) };
        let high_waits = match (low.bonus, high.bonus) {
            (false, false) => false,
            (false, true) if low.value < high.value && self.flags().bonus_after_dice => true,
            _ => return None,
        };
        let groups = self.groups_in_word::<true>(state)?;
        // Equal values are a double's dice: a bonus waiting behind a die is
        // larger. So here and below a value's size tells it apart.
        let values = if low.value == high.value { 1 } else { 2 };
        if self.may_go_round(state, high.value) {
            return self.drawn_pair_round(state, draw, groups, (low, high), high_waits);
        }
        let (entries, entry_count, refused) =
            self.pair_entries(state, groups, (low, high), high_waits);
        let moves = entry_count + values * bytes_set(groups.way) as usize;
        // The candidate numbered `c` of the moves.
        let candidates = PairCandidates {
            groups,
            entries,
            entry_count,
            two: values == 2,
            low,
            high,
        };
        // A die waits: a pass is allowed as after a die.
        let with_pass = self.may_pass_after_die(state);
        let mut view = None;
        let use_most = self.flags().use_most;
        let word = state.pieces.first_word();
        Self::drawn_numbered(
            moves,
            with_pass,
            use_most,
            2,
            |c| candidates.at(c).0,
            |c| {
                // The rules read here, through a reference the compiler
                // cannot see past: the first candidate drawn is mostly
                // allowed, and every rule the loop reads was otherwise
                // loaded before it and kept on the stack, at each decision
                // (the Russian game: 1.2% fewer instructions).
                let fast = std::hint::black_box(self);
                let (action, v, other) = candidates.at(c);
                if high_waits && v.value == high.value && c >= entry_count {
                    return (action, false, false, false);
                }
                let (allowed, whole, clear) = if c >= entry_count {
                    fast.pair_checked(state, &mut view, word, action, (v, other), use_most)
                } else if refused >> c & 1 != 0 {
                    (false, false, false)
                } else {
                    let (allowed, whole) =
                        fast.entry_checked(state, &mut view, action, (low, high), values, use_most);
                    (allowed, whole, false)
                };
                (action, allowed, whole, clear)
            },
            draw,
        )
    }

    /// The moves out of the start of a decision between the two values
    /// `low` and `high` (one where they are equal), in the order the
    /// general draw lists them: each value that lets a piece out, then
    /// the sum of two dice where the rules allow entry by a sum. A byte
    /// each, in one word, with how many: kept in a register, where an
    /// array written a byte at a time and then copied would make the copy
    /// wait for the bytes to be stored. Third, a bit for each move that is
    /// refused as soon as drawn: a sum that lets no piece out, listed as
    /// the general draw lists every sum.
    #[inline(always)]
    fn pair_entries(
        self,
        state: &State,
        groups: WordGroups,
        (low, high): (PoolValue, PoolValue),
        high_waits: bool,
    ) -> (u32, usize, u32) {
        let mut entries = 0u32;
        let mut entry_count = 0;
        let mut refused = 0u32;
        if groups.at_start != 0 {
            let values = if low.value == high.value { 1 } else { 2 };
            for v in [low, high].into_iter().take(values) {
                if self.lets_out_now(state, v) {
                    entries |= u32::from(v.value) << (8 * entry_count);
                    entry_count += 1;
                }
            }
            // Sums are of two dice.
            if self.flags().entry_sum && !high_waits {
                let sum = low.value.saturating_add(high.value);
                let among = (0..entry_count).any(|i| (entries >> (8 * i)) as u8 == sum);
                if !among {
                    // As `Fast::sum_allowed` refuses it first.
                    let v = PoolValue::sum_of_dice(sum);
                    refused |= u32::from(!self.lets_out_now(state, v)) << entry_count;
                    entries |= u32::from(sum) << (8 * entry_count);
                    entry_count += 1;
                }
            }
        }
        (entries, entry_count, refused)
    }

    /// [`Fast::drawn_pair`] where a move by `high` may reach a track's
    /// detour: the candidates on the way listed as the general draw lists
    /// them, each group by each value, and round the detour after it where
    /// the value reaches it. A move that does not reach the detour is
    /// checked as the lean pass checks it; one that does, and one round
    /// it, as the general draw does. Out of line: few decisions reach a
    /// detour.
    #[inline(never)]
    fn drawn_pair_round(
        self,
        state: &State,
        draw: &mut impl FnMut(usize) -> usize,
        groups: WordGroups,
        (low, high): (PoolValue, PoolValue),
        high_waits: bool,
    ) -> Option<(Action, bool)> {
        let seat = state.mover as usize;
        // A move out of the start that reaches the detour is left to the general draw.
        if groups.at_start != 0 && self.reaches_detour(seat, 0, high.value) {
            return None;
        }
        let values = if low.value == high.value { 1 } else { 2 };
        let (entries, entry_count, refused) =
            self.pair_entries(state, groups, (low, high), high_waits);
        let mut listed = ArrayVec::<(Action, PoolValue), MAX_PAIR_CANDIDATES>::new();
        let mut way = groups.way;
        while way != 0 {
            let from = groups.at(way.trailing_zeros() & !7).0;
            way &= way - 1;
            for v in [low, high].into_iter().take(values) {
                listed.try_push((Action::step(from, v.value), v)).ok()?;
                if self.reaches_detour(seat, from, v.value) {
                    let round = Action::moving(from, 1, v.value, true);
                    listed.try_push((round, v)).ok()?;
                }
            }
        }
        let at = |c: usize| {
            if c < entry_count {
                (Action::step(0, (entries >> (8 * (c & 3))) as u8), low)
            } else {
                listed[(c - entry_count).min(listed.len() - 1)]
            }
        };
        let dice = [low, high];
        let mut view = None;
        let use_most = self.flags().use_most;
        let word = state.pieces.first_word();
        Self::drawn_numbered(
            entry_count + listed.len(),
            self.may_pass_after_die(state),
            use_most,
            2,
            |c| at(c).0,
            |c| {
                let (action, v) = at(c);
                if c < entry_count {
                    if refused >> c & 1 != 0 {
                        return (action, false, false, false);
                    }
                    let (allowed, whole) =
                        self.entry_checked(state, &mut view, action, (low, high), values, use_most);
                    return (action, allowed, whole, false);
                }
                if high_waits && v.value == high.value {
                    return (action, false, false, false);
                }
                match action {
                    Action::Move { from, .. } if !self.reaches_detour(seat, from, v.value) => {
                        let other = if v.value == low.value { high } else { low };
                        let (allowed, whole, clear) =
                            self.pair_checked(state, &mut view, word, action, (v, other), use_most);
                        (action, allowed, whole, clear)
                    }
                    _ => {
                        let allowed =
                            self.candidate_allowed(state, &mut view, &dice[..values], &[], action);
                        let whole = allowed
                            && use_most
                            && self.uses_whole_throw(state, &mut view, action, 2, &mut None);
                        (action, allowed, whole, false)
                    }
                }
            },
            draw,
        )
    }

    /// The draw of a decision among `moves` numbered candidates and a pass
    /// after them where `with_pass`, as [`Game::drawn_move`] draws it from
    /// `all` waiting values: `check(c)` gives candidate `c` (`at(c)`),
    /// whether it is allowed, whether it uses the whole throw, and whether
    /// its walk found the way and the landing cell clear. `None` where the decision
    /// is to be listed in full.
    #[inline(always)]
    fn drawn_numbered(
        moves: usize,
        with_pass: bool,
        use_most: bool,
        all: u8,
        at: impl Fn(usize) -> Action,
        mut check: impl FnMut(usize) -> (Action, bool, bool, bool),
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Option<(Action, bool)> {
        let mut n = moves + usize::from(with_pass);
        let mut order = in_order::<MAX_PAIR_CANDIDATES>();
        // The allowed moves that do not use the whole throw, a bit each.
        let mut shorts = 0u64;
        let mut pass_drawn = false;
        while n > 0 {
            let i = draw(n);
            let c = order[i & (MAX_PAIR_CANDIDATES - 1)] as usize;
            order.swap(i & (MAX_PAIR_CANDIDATES - 1), n - 1);
            n -= 1;
            if c == moves {
                if !use_most {
                    return Some((Action::Pass, false));
                }
                pass_drawn = true;
                continue;
            }
            let (action, allowed, whole, clear) = check(c);
            if !allowed {
                continue;
            }
            if whole || !use_most {
                return Some(if pass_drawn {
                    (Action::Pass, false)
                } else {
                    (action, clear)
                });
            }
            shorts |= 1 << c;
        }
        Self::drawn_among_shorts(shorts, with_pass, all, at, draw).map(|a| (a, false))
    }

    /// A legal action of a decision between three or four dice of one
    /// throw (a double with its bottom faces), drawn as [`Game::drawn_move`]
    /// draws it, where the dice are of at most two sizes, no piece of the
    /// mover's is at its start, no pair of a blockade is followed and no
    /// piece may reach its track's detour: the same candidates as of two
    /// dice, each checked by the walk of [`Fast::drawn_pair`], and a move
    /// uses the whole throw where its piece walks the rest, else as the
    /// general check finds it. `None`, before any draw, for any other
    /// decision; `Some(None)` where the decision is to be listed in full,
    /// as the general draw leaves it. Beside the action, whether its walk
    /// found the way and the landing cell clear.
    #[inline(never)]
    pub(crate) fn drawn_many(
        self,
        state: &State,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Option<Option<(Action, bool)>> {
        let pool = &state.pool;
        let all = pool.len();
        if !(3..=4).contains(&all) || !state.split.is_empty() {
            return None;
        }
        let (mut low, mut high) = (pool[0], pool[0]);
        for &v in &pool[1..] {
            if v.value < low.value {
                low = v;
            } else if v.value > high.value {
                high = v;
            }
        }
        if pool
            .iter()
            .any(|v| v.bonus || (v.value != low.value && v.value != high.value))
        {
            return None;
        }
        let groups = self.groups_in_word::<true>(state)?;
        if groups.at_start != 0 || self.may_go_round(state, high.value) {
            return None;
        }
        let two = low.value != high.value;
        let moves = (1 + usize::from(two)) * bytes_set(groups.way) as usize;
        let candidates = PairCandidates {
            groups,
            entries: 0,
            entry_count: 0,
            two,
            low,
            high,
        };
        let mut view = None;
        let use_most = self.flags().use_most;
        let word = state.pieces.first_word();
        Some(Self::drawn_numbered(
            moves,
            self.may_pass_after_die(state),
            use_most,
            all as u8,
            |c| candidates.at(c).0,
            |c| {
                let (action, v, _) = candidates.at(c);
                let from = action.from().unwrap_or(0);
                let (allowed, clear) = self.pair_allowed(state, &mut view, word, from, v);
                let whole = allowed
                    && use_most
                    && self.many_use_whole_throw(state, &mut view, word, action, all as u8);
                (action, allowed, whole, clear)
            },
            draw,
        ))
    }

    /// [`Fast::uses_whole_throw`] for the allowed move `a` of a single
    /// piece on its way, of `all` dice waiting, three or four: the moved
    /// piece's walk through the rest asked of the walk of the pieces.
    #[inline(always)]
    fn many_use_whole_throw(
        self,
        state: &State,
        view: &mut Option<View>,
        word: u128,
        a: Action,
        all: u8,
    ) -> bool {
        self.moved_piece_goes_on(state, a, |at, v, round| {
            if round {
                self.goes_on_lazily(state, view, at, v, round)
            } else {
                self.pair_allowed(state, view, word, at, v).0
            }
        }) || self.uses_whole_throw_otherwise(state, view, a, all, &mut None)
    }

    /// Whether the move `a` of a single piece on its way by the die `v` is
    /// allowed, and, where the most of the throw must be used (`use_most`),
    /// whether it lets the die `other` be used too; third, whether its walk
    /// found the way and the landing cell clear.
    #[inline(always)]
    fn pair_checked(
        self,
        state: &State,
        view: &mut Option<View>,
        word: u128,
        a: Action,
        (v, other): (PoolValue, PoolValue),
        use_most: bool,
    ) -> (bool, bool, bool) {
        let (allowed, clear) = self.pair_allowed(state, view, word, a.from().unwrap_or(0), v);
        if !allowed {
            return (false, false, false);
        }
        (
            true,
            use_most && self.pair_uses_both(state, view, word, a, v, other),
            clear,
        )
    }

    /// [`Fast::pair_checked`] for a move out of the start by a die or by
    /// the sum of both (`values` of `dice` distinct), as
    /// [`Fast::candidate_allowed`] and [`Fast::uses_whole_throw`] check it:
    /// a die that lets a piece out is asked as a move on its way is; the
    /// sum of both dice uses the whole throw itself.
    #[inline(never)]
    fn entry_checked(
        self,
        state: &State,
        view: &mut Option<View>,
        a: Action,
        (low, high): (PoolValue, PoolValue),
        values: usize,
        use_most: bool,
    ) -> (bool, bool) {
        let by = a.by().unwrap_or(0);
        let sum = low.value.saturating_add(high.value);
        // The die of the move's value: of two, their values differ.
        let die = if low.value == by {
            Some(low)
        } else if values == 2 && high.value == by {
            Some(high)
        } else {
            None
        }
        .filter(|&d| self.lets_out_now(state, d));
        let (allowed, by_die) = match die {
            Some(d) if !(self.flags().entry_sum && by == sum) => {
                (self.allowed_lazily(state, view, 0, 1, d, false), Some(d))
            }
            None if self.flags().entry_sum && by == sum => {
                (self.sum_allowed(state, view, sum), None)
            }
            // A die of the sum's size (a die of 0): as the general check asks it.
            _ => {
                let dice = [low, high];
                let sums: &[u8] = if self.flags().entry_sum { &[sum] } else { &[] };
                let allowed = self.candidate_allowed(state, view, &dice[..values], sums, a);
                return (
                    allowed,
                    allowed && use_most && self.uses_whole_throw(state, view, a, 2, &mut None),
                );
            }
        };
        if !allowed || !use_most {
            return (allowed, false);
        }
        let whole = match by_die {
            Some(d) => {
                let other = if d.value == low.value { high } else { low };
                self.pair_goes_on(state, view, state.pieces.first_word(), 0, d, other)
                    || self.rest_uses_whole_throw(state, view, a, other)
            }
            None => self.uses_whole_throw(state, view, a, 2, &mut None),
        };
        (true, whole)
    }

    /// Whether the mover's single piece on its way at step `from` may move
    /// by the die `v`, as [`Fast::allowed_lazily`] answers it: the walk of
    /// the pieces asked at once where the move is plain, the rest of the
    /// check only where the walk does not settle it. Second, whether the
    /// walk found the way and the landing cell clear.
    #[inline(always)]
    fn pair_allowed(
        self,
        state: &State,
        view: &mut Option<View>,
        word: u128,
        from: u8,
        v: PoolValue,
    ) -> (bool, bool) {
        let walk = self.pair_walk(state, word, from, v);
        if let Some(PlainWalk {
            passed: true,
            landing_empty: true,
            ..
        }) = walk
        {
            return (true, true);
        }
        (
            self.pair_allowed_otherwise(state, view, from, v, walk),
            false,
        )
    }

    /// The rest of [`Fast::pair_allowed`], where the walk does not show the
    /// move clear: out of line, so that the loop of the decision keeps
    /// only what its common case reads.
    #[inline(never)]
    fn pair_allowed_otherwise(
        self,
        state: &State,
        view: &mut Option<View>,
        from: u8,
        v: PoolValue,
        walk: Option<PlainWalk>,
    ) -> bool {
        self.allowed_after_walk(state, view, from, 1, v, false, walk)
    }

    /// What [`Fast::plain_walk`] shows of a single piece's move on its way
    /// from step `from` by the die `v`, with no pair of a blockade followed:
    /// the conditions of a plain move that the decision's shape settles
    /// are not asked again.
    #[inline(always)]
    fn pair_walk(self, state: &State, word: u128, from: u8, v: PoolValue) -> Option<PlainWalk> {
        let seat = state.mover as usize;
        let home = self.home(seat);
        let target = from as u16 + v.value as u16;
        let plain = self.plain(seat);
        if target >= home as u16
            || target > from as u16 + MAX_WALK
            || (!plain
                && (self.comes_to_detour(seat, from, target)
                    || self.start_holds(state, from)
                    || !self.room_for(state, seat, target as u8, 1)
                    || self
                        .piece_passed(state, from, 1, target as u8, false)
                        .is_some()))
        {
            return None;
        }
        let (passed, landing_empty) =
            self.race
                .seating
                .way_seen(word, seat, from, target as u8, self.crowd())?;
        Some(PlainWalk {
            target: target as u8,
            passed: passed || self.passes_all(),
            landing_empty,
        })
    }

    /// Whether the allowed move `a` of a single piece on its way by the
    /// die `v` lets the other value `other` be used too, as
    /// [`Fast::uses_whole_throw`] finds it: mostly the moved piece goes on.
    #[inline(always)]
    fn pair_uses_both(
        self,
        state: &State,
        view: &mut Option<View>,
        word: u128,
        a: Action,
        v: PoolValue,
        other: PoolValue,
    ) -> bool {
        self.pair_goes_on(state, view, word, a.from().unwrap_or(0), v, other)
            || self.rest_uses_whole_throw(state, view, a, other)
    }

    /// [`Fast::uses_whole_throw`] for the allowed move `a` by one die,
    /// where [`Fast::pair_goes_on`] did not find the moved piece going on
    /// by `other`: by the rest of that check where `other` is the other
    /// die, by the whole of it where `other` is a bonus. `pair_goes_on`
    /// asks a bonus of the position with the die still waiting, where
    /// only a clear walk answers it; the whole check asks it once the die
    /// is used.
    fn rest_uses_whole_throw(
        self,
        state: &State,
        view: &mut Option<View>,
        a: Action,
        other: PoolValue,
    ) -> bool {
        if other.bonus {
            self.uses_whole_throw(state, view, a, 2, &mut None)
        } else {
            self.uses_whole_throw_otherwise(state, view, a, 2, &mut None)
        }
    }

    /// [`Fast::goes_on_past_detour`] for the piece moved from step `from`
    /// to step `at` going on by the other die: out of line, as few moves
    /// reach a detour.
    #[inline(never)]
    fn pair_goes_on_past_detour(
        self,
        state: &State,
        view: &mut Option<View>,
        (from, at): (u8, u8),
        other: PoolValue,
    ) -> bool {
        let seat = state.mover as usize;
        // A piece that splits a pair (stacks: pairs = apart) on a track
        // whose detour may be gone round again can come back to the step
        // it left, where the rest of the pair stands, which the position
        // before the move does not show: left to the whole check, as
        // [`Fast::moved_piece_goes_on`] leaves it; so is one that makes a
        // pair on its way.
        if (self.detour_again(seat) && self.splits_pair(state, from, 1))
            || self.may_rejoin_pair(state, seat, (at, at))
        {
            return false;
        }
        self.goes_on_past_detour(seat, at, other, &mut |at, v, round| {
            self.allowed_lazily(state, view, at, 1, v, round)
        })
    }

    /// [`Fast::moved_piece_goes_on`] for the single piece moved on its way
    /// from step `from` by the die `v`, the other die being `other`:
    /// asked of the position before the move, as it asks it.
    #[inline(always)]
    fn pair_goes_on(
        self,
        state: &State,
        view: &mut Option<View>,
        word: u128,
        from: u8,
        v: PoolValue,
        other: PoolValue,
    ) -> bool {
        let seat = state.mover as usize;
        let home = self.home(seat);
        // No move checked here reaches a detour: a piece on its way lands its value
        // on, or goes past home.
        let at = if from == 0 {
            let Ok(at) = self.lands_on(seat, from, v.value, false) else {
                return false;
            };
            at
        } else if from as u16 + v.value as u16 <= home as u16 {
            from + v.value
        } else {
            return false;
        };
        if self.in_goal(seat, at) {
            return false;
        }
        if self.reaches_detour(seat, at, other.value) {
            return self.pair_goes_on_past_detour(state, view, (from, at), other);
        }
        let to = at as u16 + other.value as u16;
        if to >= home as u16 {
            return false;
        }
        // The run on must not come to the moved piece's own cell again.
        if self.comes_back_to(seat, at, to) {
            return false;
        }
        self.pair_allowed(state, view, word, at, other).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::engine::Phase;
    use crate::engine::race::legal::tests::{every_way, positions, races};

    /// The position after the action a pass drew, played as the game plays
    /// it: a move whose walk found the way clear without asking again.
    fn played(game: &Game, state: &State, drawn: Option<(Action, bool)>) -> State {
        let mut after = state.clone();
        if let Some((a, clear)) = drawn {
            game.fast().apply_drawn(&mut after, a, clear);
        }
        after
    }

    /// Each way of drawing a decision: what it drew and the numbers asked.
    type Ways = Vec<(Option<Action>, Vec<usize>)>;

    /// Every way the general pass draws the decision in `state`, and the
    /// position after each, as the lean passes are held to them.
    fn general_ways(game: &Game, state: &State) -> (Ways, Vec<State>) {
        let mut after = Vec::new();
        let ways = every_way(2000, |draw| {
            let drawn = game.fast().drawn_in_general(state, &mut |n| draw(n));
            after.push(played(game, state, drawn));
            drawn.map(|(a, _)| a)
        })
        .expect("as many ways as the lean pass");
        (ways, after)
    }

    /// A decision between the two values of a throw is drawn by the lean
    /// pass as the general pass draws it: for every sequence of draws, the
    /// same action after the same draws and the same position once it is
    /// played, so that a seed plays the same game. In positions of random
    /// games of every bundled race the pass serves, a race counted as
    /// served only where some decision was compared (Ludo, with one die,
    /// has none), with moves out of the start and moves that take among
    /// them, decisions between a die and a bonus that waits for it, and
    /// decisions with moves round a detour.
    /// `stacks { pairs = apart }` with `turn { use = most }` and a detour
    /// that may be gone round again (steps 9..16, the ring r0..r7 a second
    /// time, the goal step 17), with `jump = not_own`: red's pair on step
    /// 10 throws 3 and 5. By the 3 one piece of the pair goes to 13, from
    /// where the 5 could only take it round again to 10, onto the partner
    /// it left, or past the goal; nor may the partner pass it. By the 5 a
    /// piece goes to 15, and the 3 then moves the other to 13. So only the
    /// 5 first uses both values, and the pair draw draws nothing else.
    #[test]
    fn a_pair_split_round_a_detour_again_is_drawn_as_its_list_says() {
        let game = Game::from_source(
            "test.variant",
            r#"
            game "Apart round again" { pieces = 2 }
            board custom {
                cells = {
                    r0: (0, 0) r1: (1, 0) r2: (2, 0) r3: (3, 0)
                    r4: (4, 0) r5: (5, 0) r6: (6, 0) r7: (7, 0)
                    goal: (20, 12) yard: (0, 3)
                }
                links = (yard, r0), (r7, r0), (r7, goal)
            }
            dice two { faces = 1..6 count = 2 }
            seat red {
                track = yard, r0, r1, r2, r3, r4, r5, r6, r7, r0, r1, r2, r3, r4, r5, r6, r7, goal
                detour = 9..16 again
            }
            players 1 { seats = red }
            turn { use = most }
            home { exact = yes }
            stacks { blockade = 2  pairs = apart  jump = not_own }
            "#,
            None,
        )
        .unwrap();
        assert!(game.fast().pair_fits());
        let state = game
            .load_state(
                r#"{"pieces":[[10,10]],"mover":0,"phase":"move",
                "pool":[{"value":3,"again":false,"bonus":false},{"value":5,"again":false,"bonus":false}],
                "extra":0,"streak":0,"doubles":false,"entered":[true],"turns":0,
                "finished":[],"at_limit":false}"#,
            )
            .unwrap();
        let five = Action::step(10, 5);
        assert_eq!(game.legal_actions(&state), [five]);
        assert_eq!(game.legal_actions_reference(&state), [five]);
        let drawn = every_way(100, |draw| {
            game.fast()
                .drawn_pair(&state, &mut |n| draw(n))
                .map(|(a, _)| a)
        })
        .unwrap();
        assert!(drawn.iter().all(|(a, _)| *a == Some(five)), "{drawn:?}");
    }

    #[test]
    fn a_decision_between_two_dice_is_drawn_as_the_general_pass_draws_it() {
        let (mut compared, mut ways, mut entries, mut served) = (0usize, 0usize, 0usize, 0usize);
        let (mut with_bonus, mut rounds) = (0usize, 0usize);
        for (name, game) in races().filter(|(_, g)| g.race.pair_draws) {
            let compared_before = compared;
            for state in positions(&game, 53, 10_000) {
                if state.phase != Phase::Move || !game.fast().draws_moves(&state) {
                    continue;
                }
                let mut pair_after = Vec::new();
                let Some(pair) = every_way(2000, |draw| {
                    let drawn = game.fast().drawn_pair(&state, &mut |n| draw(n));
                    pair_after.push(played(&game, &state, drawn));
                    drawn.map(|(a, _)| a)
                }) else {
                    continue;
                };
                if pair.iter().all(|(a, _)| a.is_none()) {
                    continue;
                }
                let (general, general_after) = general_ways(&game, &state);
                assert_eq!(pair, general, "{name}: {state:?}");
                assert_eq!(pair_after, general_after, "{name}: {state:?}");
                compared += 1;
                with_bonus += usize::from(state.pool.iter().any(|v| v.bonus));
                rounds += usize::from(
                    pair.iter()
                        .any(|(a, _)| matches!(a, Some(Action::Round { .. }))),
                );
                ways += pair.len();
                entries += usize::from(
                    pair.iter()
                        .any(|(a, _)| a.and_then(Action::from) == Some(0)),
                );
            }
            // A race counts as served where some decision was compared.
            served += usize::from(compared > compared_before);
        }
        assert!(
            served >= 5
                && compared > 15_000
                && ways > 150_000
                && entries > 4_500
                && with_bonus > 250
                && rounds > 170,
            "{served} races with decisions compared, {compared} decisions, {ways} ways of drawing, \
             {entries} with a move out of the start, {with_bonus} with a bonus, \
             {rounds} with a move round a detour"
        );
    }

    /// A decision between three or four dice of one throw (a double with
    /// its bottom faces) is drawn by the lean pass as the general pass
    /// draws it: for every sequence of draws, the same action after the
    /// same draws and the same position once it is played, among them
    /// decisions that the general pass leaves to the full list. In
    /// positions of random games of every bundled race the pass serves.
    #[test]
    fn a_decision_between_three_or_four_dice_is_drawn_as_the_general_pass_draws_it() {
        let (mut compared, mut ways, mut four, mut listed) = (0usize, 0usize, 0usize, 0usize);
        for (name, game) in races().filter(|(_, g)| g.race.pair_draws) {
            for state in positions(&game, 59, 50_000) {
                if state.phase != Phase::Move || !game.fast().draws_moves(&state) {
                    continue;
                }
                let mut handled = true;
                let mut many_after = Vec::new();
                let Some(many) = every_way(2000, |draw| {
                    let Some(drawn) = game.fast().drawn_many(&state, &mut |n| draw(n)) else {
                        handled = false;
                        return None;
                    };
                    many_after.push(played(&game, &state, drawn));
                    drawn.map(|(a, _)| a)
                }) else {
                    continue;
                };
                if !handled {
                    continue;
                }
                let (general, general_after) = general_ways(&game, &state);
                assert_eq!(many, general, "{name}: {state:?}");
                assert_eq!(many_after, general_after, "{name}: {state:?}");
                compared += 1;
                ways += many.len();
                four += usize::from(state.pool.len() == 4);
                listed += usize::from(many.iter().any(|(a, _)| a.is_none()));
            }
        }
        assert!(
            compared > 1_000 && ways > 8_000 && four > 500 && listed > 5,
            "{compared} decisions, {ways} ways of drawing, {four} of four dice, {listed} left to the list"
        );
    }
}
