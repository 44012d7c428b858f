//! Which moves the rules allow: one move's check ([`Fast::check_present`])
//! and the view of the board it reads. A refused action is refused where
//! the list leaves it out, for the reason the reference path gives
//! (`Game::race_refusal`), so the list and the reason never disagree.

use arrayvec::ArrayVec;

use super::fast::Fast;
use super::{
    hot::{VALUE_BITS, entry_bit},
    seating::NONE,
};
use crate::engine::{Game, PoolValue, Refusal, State};
use crate::rules::{MAX_PIECES, MAX_SEATS, board::CellId};

/// What one walk of the pieces shows of a plain move ([`Fast::plain_walk`]).
#[derive(Clone, Copy)]
pub(crate) struct PlainWalk {
    /// The step it lands on.
    pub(crate) target: u8,
    /// Whether no step passed holds a blockade's pieces.
    pub(crate) passed: bool,
    /// Whether nobody the view would hold stands on the landing cell.
    pub(crate) landing_empty: bool,
}

/// The most steps a way is walked by [`Fast::clear_to_by_bytes`]: the
/// sum of two dice, and a bonus of 10 or 20 too, which the general walk
/// ([`Fast::detour_walk`]) took four times as long over. A longer one
/// costs more than marking a view.
pub(crate) const MAX_WALK: u16 = 24;

/// The most steps a move that reaches its track's detour, or moves by a
/// value past [`MAX_WALK`], is walked by [`Fast::detour_walk`]: such a move
/// otherwise marks a whole view and takes the whole check.
pub(crate) const MAX_DETOUR_WALK: u16 = 24;

/// Pieces on race steps, merged by cell and side: (cell, side, count).
/// Used to check a whole position; the hot path uses [`View`].
pub(crate) struct Occupancy {
    entries: ArrayVec<(CellId, u8, u8), MAX_PIECES>,
}

impl Occupancy {
    pub(crate) fn of(game: &Game, state: &State) -> Occupancy {
        let mut entries: ArrayVec<(CellId, u8, u8), MAX_PIECES> = ArrayVec::new();
        for (seat, steps) in state.pieces.iter().enumerate() {
            let track = game.track(seat);
            let home = track.home();
            let side = game.side[seat];
            for &step in steps {
                if step == 0 || step >= home {
                    continue;
                }
                let cell = track.cell(step);
                match entries
                    .iter_mut()
                    .find(|(c, s, _)| *c == cell && *s == side)
                {
                    Some(entry) => entry.2 += 1,
                    None => entries.push((cell, side, 1)),
                }
            }
        }
        Occupancy { entries }
    }
}

/// Where the other sides' pieces stand, as one seat sees them: bit `s` set
/// when the seat's step `s` shares its cell with another side's piece
/// (with the seat's own side too when a blockade stops its own side).
/// Built once per decision from the seating tables; who stands on an
/// occupied step is counted from the state only when a move meets one,
/// which is rare.
///
/// Without blockades, where the pieces fit in 16 bytes, the bits are not
/// built: [`Fast::held`] asks the pieces once for each landing cell
/// instead, which costs less (`Game::marks_view`).
#[derive(Debug, PartialEq)]
pub(crate) struct View {
    occupied: [u64; 4],
    /// Bit `s` set when two or more of those pieces share that cell: only
    /// there can a blockade stand.
    crowded: [u64; 4],
    /// Not 0 when some step is crowded: kept apart so that asking needs no
    /// read of the words just written.
    any_crowded: u64,
}

impl View {
    /// An empty view, to mark.
    pub(crate) const EMPTY: View = View {
        occupied: [0; 4],
        crowded: [0; 4],
        any_crowded: 0,
    };

    /// The view of the pieces `seat` sees, made in place: it is read at
    /// once, and a copy of words just written would wait on them.
    #[inline(always)]
    pub(crate) fn new(game: Fast<'_>, state: &State, seat: usize) -> View {
        let mut view = View::EMPTY;
        view.fill(game, state, seat);
        view
    }

    /// Marks an empty view with the pieces `seat` sees.
    #[inline(always)]
    pub(crate) fn fill(&mut self, game: Fast<'_>, state: &State, seat: usize) {
        if game.race.reads_view {
            // The crowded steps only when a blockade can stop a move.
            match (
                game.flags().passing_blockade > 0,
                game.race.seating.byte_rows(seat),
            ) {
                (true, Some(rows)) => self.mark_on_way::<true>(&game, state, seat, rows),
                (false, Some(rows)) => self.mark_on_way::<false>(&game, state, seat, rows),
                (true, None) => self.mark_by_seats::<true>(&game, state, seat),
                (false, None) => self.mark_by_seats::<false>(&game, state, seat),
            }
        }
    }

    /// Marks the pieces `seat`'s view holds where they fit in 16 bytes:
    /// only those on their way are looked at, mostly a few.
    #[inline(always)]
    fn mark_on_way<const CROWDED: bool>(
        &mut self,
        game: &Game,
        state: &State,
        seat: usize,
        rows: &[u32; 16],
    ) {
        let steps = state.pieces.first_bytes();
        let mut live = game.race.seating.viewed_on_way(seat, &steps);
        while live != 0 {
            let i = live.trailing_zeros() as usize & 15;
            live &= live - 1;
            self.mark::<CROWDED>(
                game.race
                    .seating
                    .meet_at(rows[i] as usize + steps[i] as usize),
            );
        }
    }

    /// Marks the pieces `seat`'s view holds, seat by seat.
    #[inline(always)]
    fn mark_by_seats<const CROWDED: bool>(&mut self, game: &Game, state: &State, seat: usize) {
        for &other in game.race.seating.viewed(seat) {
            let row = game.race.seating.row(seat, other as usize);
            for &step in &state.pieces[other as usize] {
                // Steps at the start and home are NONE in every row.
                self.mark::<CROWDED>(row[step as usize]);
            }
        }
    }

    /// Marks a piece seen on the steps `first` and `second` (NONE: none).
    #[inline(always)]
    fn mark<const CROWDED: bool>(&mut self, [first, second]: [u8; 2]) {
        for step in [first, second] {
            if step == NONE {
                return;
            }
            let (word, bit) = ((step >> 6) as usize, 1u64 << (step & 63));
            if CROWDED {
                let crowded = self.occupied[word] & bit;
                self.crowded[word] |= crowded;
                self.any_crowded |= crowded;
            }
            self.occupied[word] |= bit;
        }
    }

    /// Whether another side's piece stands at step `step` (the view must
    /// be marked; [`Fast::held`] asks either way).
    #[inline]
    pub(crate) fn at(&self, step: u8) -> bool {
        self.occupied[(step >> 6) as usize] & (1 << (step & 63)) != 0
    }

    /// Whether a blockade may stand at a step in `from..=to` (see [`View::crowded_in`]).
    #[inline]
    pub(crate) fn any_crowded_in(&self, from: u8, to: u8, blockade: u8) -> bool {
        if blockade > 1 {
            // Mostly no two pieces share a cell anywhere.
            self.any_crowded != 0 && any_bit_in(&self.crowded, from, to)
        } else {
            any_bit_in(&self.occupied, from, to)
        }
    }

    /// The steps in `from..=to` where a blockade may stand (two or more
    /// pieces; any piece when one piece is a blockade), ascending.
    fn crowded_in(&self, from: u8, to: u8, blockade: u8) -> impl Iterator<Item = u8> + '_ {
        let bits = if blockade > 1 {
            &self.crowded
        } else {
            &self.occupied
        };
        (from..=to).filter(move |&s| bits[(s >> 6) as usize] & (1 << (s & 63)) != 0)
    }
}

/// Whether a bit in `from..=to` is set.
#[inline]
fn any_bit_in(bits: &[u64; 4], from: u8, to: u8) -> bool {
    if from > to {
        return false;
    }
    let (lo, hi) = (from as usize, to as usize);
    if lo / 64 == hi / 64 {
        let mask = (u64::MAX << (lo % 64)) & (u64::MAX >> (63 - hi % 64));
        return bits[lo / 64] & mask != 0;
    }
    (lo / 64..=hi / 64).any(|w| {
        let start = if w == lo / 64 { lo % 64 } else { 0 };
        let end = if w == hi / 64 { hi % 64 } else { 63 };
        let mask = (u64::MAX << start) & (u64::MAX >> (63 - end));
        bits[w] & mask != 0
    })
}

impl Fast<'_> {
    /// Whether a piece of a seat that `seat`'s view holds stands on the
    /// cell of its race step `step`.
    #[inline(always)]
    pub(crate) fn held(self, state: &State, view: &View, seat: usize, step: u8) -> bool {
        if self.race.reads_view {
            return view.at(step);
        }
        self.held_by_bytes(state, seat, step)
    }

    /// [`Fast::held`] without a marked view: all the pieces compared at
    /// once where they fit in 16 bytes, else seat by seat. Apart, so that
    /// the check of a game with blockades stays small.
    #[inline(never)]
    pub(crate) fn held_by_bytes(self, state: &State, seat: usize, step: u8) -> bool {
        match self.race.seating.viewed_steps(seat, step) {
            Some(steps) => state.pieces.any_byte_matches(steps),
            None => self.race.seating.viewed(seat).iter().any(|&other| {
                // `meet` holds no start or home step: pieces there stand on no cell.
                let [a, b] = self.race.seating.meet(other as usize, seat, step);
                a != NONE && state.pieces.on_either(other as usize, [a, b]) != 0
            }),
        }
    }

    /// For each side, the pieces on the cell of `seat`'s step `step` and
    /// how many of its seats they belong to.
    fn side_counts_at(self, state: &State, seat: usize, step: u8) -> [(u8, u8); MAX_SEATS] {
        let mut counts = [(0u8, 0u8); MAX_SEATS];
        // Where the pieces fit in 16 bytes, one comparison finds them all.
        if let Some(steps) = self.race.seating.all_steps(seat, step) {
            let here = state.pieces.bytes_matching(steps);
            if here == 0 {
                return counts;
            }
            // Seat by seat among those found, mostly one or two.
            self.race.seating.each_seat_in(here, |other, theirs| {
                let entry = &mut counts[self.side[other] as usize];
                entry.0 += theirs.count_ones() as u8;
                entry.1 += 1;
            });
            return counts;
        }
        self.side_counts_scanned(state, seat, step)
    }

    /// [`Fast::side_counts_at`] seat by seat, for pieces of any number.
    fn side_counts_scanned(self, state: &State, seat: usize, step: u8) -> [(u8, u8); MAX_SEATS] {
        let mut counts = [(0u8, 0u8); MAX_SEATS];
        for other in 0..state.pieces.len() {
            let [a, b] = self.race.seating.meet(other, seat, step);
            if a == NONE {
                continue;
            }
            // `meet` holds no start or home step: pieces there stand on no cell.
            let here = state.pieces.on_either(other, [a, b]).count_ones() as u8;
            if here > 0 {
                let entry = &mut counts[self.side[other] as usize];
                entry.0 += here;
                entry.1 += 1;
            }
        }
        counts
    }

    /// Whether `seat`'s pieces may pass the blockades on a cell whose
    /// pieces are `counts` ([`Fast::side_counts_at`]) under `stacks: mixed
    /// = open_to_side`: every side with a blockade there is its own, made
    /// of pieces of two or more of its seats (another side's blockade, or
    /// one seat's, stops it).
    fn open_to_side(self, seat: usize, counts: &[(u8, u8); MAX_SEATS]) -> bool {
        let blockade = self.flags().blockade;
        let own = self.side[seat] as usize;
        (counts.iter().enumerate())
            .all(|(side, &(pieces, seats))| pieces < blockade || (side == own && seats >= 2))
    }

    /// The most pieces of one side, among the sides `seat`'s view holds,
    /// on the cell of `seat`'s step `step`, leaving out `skip_side`.
    fn largest_at(self, state: &State, seat: usize, step: u8, skip_side: Option<u8>) -> u8 {
        self.largest_of(seat, &self.side_counts_at(state, seat, step), skip_side)
    }

    /// [`Fast::largest_at`] of a cell whose pieces are `counts`.
    #[inline(always)]
    fn largest_of(self, seat: usize, counts: &[(u8, u8); MAX_SEATS], skip_side: Option<u8>) -> u8 {
        // The sides left out, a bit each, and a pass over every side
        // without a branch on which: a filtered search costs a guess a side.
        let own = u32::from(!self.flags().view_own) << self.side[seat];
        let skipped = skip_side.map_or(0, |s| 1u32 << s);
        let left_out = own | skipped;
        let mut largest = 0;
        for (s, &(pieces, _)) in counts.iter().enumerate() {
            let counted = left_out >> s & 1 == 0;
            largest = largest.max(if counted { pieces } else { 0 });
        }
        largest
    }
}

impl Fast<'_> {
    /// Checks a move of `count` (one or more) of the mover's pieces known
    /// to stand at step `from`, before home, by `value`: what move
    /// generation asks; on success, the step they reach.
    /// The common case (pieces on their way by a die, short of home, not
    /// reaching a detour, past no crowded step, to a cell no other side
    /// holds, within the cell's limits) is answered here; everything else
    /// by [`Fast::check_target`].
    #[inline(always)]
    pub(crate) fn check_present(
        self,
        state: &State,
        view: &View,
        from: u8,
        count: u8,
        value: PoolValue,
        round: bool,
    ) -> Result<u8, Refusal> {
        let seat = state.mover as usize;
        let blockade = self.flags().passing_blockade;
        // Anything in the way or on the cell: the whole check decides.
        let in_way = |target: u8| {
            (blockade > 0 && view.any_crowded_in(from + 1, target - 1, blockade))
                || self.held(state, view, seat, target)
        };
        match self.plain_target(state, from, count, value, round) {
            Some(target) if !in_way(target) => Ok(target),
            _ => self.check_target(state, view, from, count, value, round),
        }
    }

    /// The step a plain move of `count` of the mover's pieces from step
    /// `from` by `value` reaches, where only what stands in its way or on
    /// its cell can refuse it ([`Fast::check_present`]'s common case: on
    /// their way by a die, short of home, not reaching a detour, no pair
    /// of a blockade followed, within the cell's limits). `None` where the
    /// whole check must decide.
    #[inline(always)]
    fn plain_target(
        self,
        state: &State,
        from: u8,
        count: u8,
        value: PoolValue,
        round: bool,
    ) -> Option<u8> {
        let seat = state.mover as usize;
        let home = self.home(seat);
        let flags = self.flags();
        let target = from as u16 + value.value as u16;
        // Plain: none of the detour or cell limits applies, and no bonus
        // waits for the dice (the whole check refuses one that does).
        let plain = self.plain(seat);
        let whole = from == 0
            || round
            || (count > 1 && !flags.groups)
            || target >= home as u16
            || (!plain
                && (self.waits_for_dice(state, value)
                    || self.comes_to_detour(seat, from, target)
                    || self.splits_merged(state, from, count)
                    || self.start_holds(state, from)))
            || !state.split.is_empty()
            || (!plain && !self.room_for(state, seat, target as u8, count))
            || (!plain
                && self
                    .piece_passed(state, from, count, target as u8, false)
                    .is_some());
        (!whole).then_some(target as u8)
    }

    /// Whether [`Fast::check_present`] surely allows the move, seen from
    /// the pieces without a view: its walk ([`Fast::plain_walk`]) finds the
    /// way and the landing cell clear; `false` where only the check can
    /// tell. What [`Fast::allowed_lazily`] answers first, asked alone by
    /// the tests.
    #[cfg(test)]
    pub(crate) fn plainly_allowed(
        self,
        state: &State,
        from: u8,
        count: u8,
        value: PoolValue,
    ) -> bool {
        matches!(
            self.plain_walk(state, from, count, value),
            Some(PlainWalk {
                passed: true,
                landing_empty: true,
                ..
            })
        )
    }

    /// What the pieces alone show of a plain move of the mover's `count`
    /// pieces on their way from step `from` by `value`, in one walk of its
    /// steps: `None` where the move is not plain ([`Fast::plain_target`])
    /// or its way cannot be walked ([`Fast::walk_by_bytes`]).
    #[inline(always)]
    fn plain_walk(self, state: &State, from: u8, count: u8, value: PoolValue) -> Option<PlainWalk> {
        let seat = state.mover as usize;
        let target = self.plain_target(state, from, count, value, false)?;
        let (word, crowd) = self.walk_by_bytes(state, seat, from, target as u16)?;
        let (passed, landing_empty) = self
            .race
            .seating
            .way_seen(word, seat, from, target, crowd)?;
        Some(PlainWalk {
            target,
            passed: passed || self.passes_all(),
            landing_empty,
        })
    }

    /// [`Fast::check_present`] with the view made only if the pieces alone
    /// do not answer: a move they show allowed ([`Fast::plain_walk`],
    /// [`Fast::plainly_enters`]), or refused whatever stands in the way (a
    /// bonus that waits for the dice, a move past home), or whose way is
    /// clear but for its landing cell, checked with a view of that cell
    /// alone ([`Fast::landing_view`]).
    #[inline(always)]
    pub(crate) fn allowed_lazily(
        self,
        state: &State,
        view: &mut Option<View>,
        from: u8,
        count: u8,
        value: PoolValue,
        round: bool,
    ) -> bool {
        // A bonus that waits for the dice is refused before anything is
        // looked at, as the whole check refuses it first.
        if self.waits_for_dice(state, value) {
            return false;
        }
        // On the way, one walk of the pieces answers both: allowed where
        // the way and the landing cell are clear; where only the landing
        // cell holds pieces, checked with a view of it alone. The walks
        // read the tables of steps: without them, none is tried.
        let walk = if from == 0 || !self.race.seating.has_viewed_steps() {
            None
        } else if round {
            self.detour_walk(state, from, count, value, true)
        } else {
            self.plain_walk(state, from, count, value)
                .or_else(|| self.detour_walk(state, from, count, value, false))
        };
        self.allowed_after_walk(state, view, from, count, value, round, walk)
    }

    /// The steps a move of `seat`'s pieces from step `from` to step
    /// `target` passes, as two runs (`lo`, `hi`), each empty where `lo` is
    /// past `hi`: one run, or two where the move goes round its detour
    /// again (to the detour's end, then on from its start) or leaves it
    /// out (to just before it, then on from just after it: the detour's
    /// steps are not passed).
    #[inline(always)]
    pub(crate) fn runs_passed(
        self,
        seat: usize,
        from: u8,
        target: u8,
        round: bool,
    ) -> ((u8, u8), (u8, u8)) {
        let before = target.saturating_sub(1);
        match self.detour(seat) {
            Some((a, b)) if round && target < from => ((from + 1, b), (a, before)),
            Some((a, b)) if !round && from < a && target > b => {
                ((from + 1, a.saturating_sub(1)), (b + 1, before))
            }
            _ => ((from + 1, before), (1, 0)),
        }
    }

    /// What one walk of the pieces shows of a move on its way that reaches
    /// its track's detour (going round it, or leaving it out) or has a
    /// value past the walk of a plain move, as [`Fast::check_target`]
    /// checks it: the steps passed in one run or two (a move round the
    /// detour again passes its end, then goes on from its start; a move
    /// leaving it out passes none of its steps), and the landing cell.
    /// `None` where the move is refused (the whole check says why), ends
    /// home, is longer than [`MAX_DETOUR_WALK`], or where the rules of
    /// the cell or of a blockade's pair need the whole check.
    #[inline(never)]
    pub(crate) fn detour_walk(
        self,
        state: &State,
        from: u8,
        count: u8,
        value: PoolValue,
        round: bool,
    ) -> Option<PlainWalk> {
        let seat = state.mover as usize;
        let home = self.home(seat);
        // The pieces answer only where they fit the tables of steps.
        if !self.race.seating.has_viewed_steps()
            || (count > 1 && !self.flags().groups)
            || self.splits_merged(state, from, count)
            || self.start_holds(state, from)
            || !state.split.is_empty()
            || self.waits_for_dice(state, value)
        {
            return None;
        }
        let target = self.reach_on(seat, from, value.value, round).ok()?;
        if target >= home
            || target == 0
            || !self.room_for(state, seat, target, count)
            || self
                .piece_passed(state, from, count, target, round)
                .is_some()
        {
            return None;
        }
        let (run, then) = self.runs_passed(seat, from, target, round);
        let length = |(lo, hi): (u8, u8)| hi.saturating_sub(lo) as u16 + u16::from(hi >= lo);
        if length(run) + length(then) > MAX_DETOUR_WALK {
            return None;
        }
        let word = state.pieces.first_word();
        let crowd = self.crowd();
        let clear = |(lo, hi): (u8, u8)| {
            hi < lo
                || self
                    .race
                    .seating
                    .passed_clear(word, seat, (lo - 1, hi + 1), crowd)
                    .unwrap_or(false)
        };
        let passed = self.passes_all() || (clear(run) && clear(then));
        let landing_empty = !self.held_by_bytes(state, seat, target);
        Some(PlainWalk {
            target,
            passed,
            landing_empty,
        })
    }

    /// [`Fast::allowed_lazily`] once the walk of the pieces is known:
    /// `walk` is what [`Fast::plain_walk`] gives for a move on its way
    /// (`None` where it gives nothing, or for a move out of the start or round).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn allowed_after_walk(
        self,
        state: &State,
        view: &mut Option<View>,
        from: u8,
        count: u8,
        value: PoolValue,
        round: bool,
        walk: Option<PlainWalk>,
    ) -> bool {
        if let Some(PlainWalk {
            passed: true,
            landing_empty,
            target,
        }) = walk
        {
            if landing_empty {
                return true;
            }
            if let Some(allowed) = self.landing_allowed(state, from, count, target) {
                return allowed;
            }
            if view.is_none() && self.race.marks_view {
                let landing = self.view_of_landing(state, target);
                return self
                    .check_present(state, &landing, from, count, value, round)
                    .is_ok();
            }
        }
        if !round {
            if from == 0 && self.plainly_enters(state, count, value) {
                return true;
            }
            if self.waits_for_dice(state, value)
                || self.plainly_overshoots(state.mover as usize, from, value.value)
            {
                return false;
            }
            if from == 0
                && view.is_none()
                && let Some(landing) = self.landing_view(state, from, count, value)
            {
                return self
                    .check_present(state, &landing, from, count, value, false)
                    .is_ok();
            }
        }
        self.check_present(
            state,
            self.view_made(view, state),
            from,
            count,
            value,
            round,
        )
        .is_ok()
    }

    /// Where only the landing cell of a plain move holds pieces, its way
    /// passing no crowded step as the pieces show: a view of that cell
    /// alone, which answers the whole check of this move as the whole view
    /// does, for a few instructions where the whole view costs hundreds.
    /// `None` where the pieces do not show that. A move on its way reads
    /// the same from its one walk in [`Fast::allowed_lazily`]; this asks
    /// it of any move, out of the start too.
    #[inline(always)]
    fn landing_view(self, state: &State, from: u8, count: u8, value: PoolValue) -> Option<View> {
        let seat = state.mover as usize;
        let target = if from == 0 {
            (count == 1 && !self.flags().entry_moves_score).then_some(1)?
        } else {
            self.plain_target(state, from, count, value, false)?
        };
        if !self.race.marks_view {
            return None;
        }
        let (word, crowd) = self.walk_by_bytes(state, seat, from, target as u16)?;
        if !self
            .race
            .seating
            .passed_clear(word, seat, (from, target), crowd)?
        {
            return None;
        }
        Some(self.view_of_landing(state, target))
    }

    /// The view of the mover's step `target` alone: marked where another
    /// side stands on its cell, as the pieces show.
    #[inline(always)]
    fn view_of_landing(self, state: &State, target: u8) -> View {
        let mut view = View::EMPTY;
        if self.held_by_bytes(state, state.mover as usize, target) {
            view.mark::<false>([target, NONE]);
        }
        view
    }

    /// Whether [`Fast::check_present`] surely lets one piece leave its
    /// start by `value` to its first step, seen from the pieces without a
    /// view: the value lets it out, and nobody the view would hold stands
    /// there (room being sure, as for a move on the way: [`Fast::plain_walk`]).
    #[inline(always)]
    fn plainly_enters(self, state: &State, count: u8, value: PoolValue) -> bool {
        let seat = state.mover as usize;
        count == 1
            && !value.bonus
            && !self.flags().entry_moves_score
            && self.lets_out_now(state, value)
            && self.room_for(state, seat, 1, 1)
            && self.clear_to_by_bytes(state, seat, 0, 1)
    }

    /// Whether the bonus `value` must wait for the dice still waiting
    /// (turn: bonus = after_dice), where the whole check refuses it.
    #[inline(always)]
    fn waits_for_dice(self, state: &State, value: PoolValue) -> bool {
        value.bonus && self.flags().bonus_after_dice && state.pool.iter().any(|v| !v.bonus)
    }

    /// Whether a plain move of `seat`'s pieces on their way from step
    /// `from` by the value `by` goes past home where the rules of home
    /// refuse that: read from the table of ends, without a view. The whole
    /// check refuses such a move whatever else stands in its way.
    #[inline(always)]
    pub(crate) fn plainly_overshoots(self, seat: usize, from: u8, by: u8) -> bool {
        from > 0 && !self.race.hot.furthest_over && self.race.ends.end(seat, from, by) == Some(NONE)
    }

    /// The mover's view, made now if not yet.
    #[inline(always)]
    pub(crate) fn view_made<'v>(self, view: &'v mut Option<View>, state: &State) -> &'v View {
        view.get_or_insert_with(|| View::new(self, state, state.mover as usize))
    }

    /// Whether a move from step `from` to step `target` surely stands: short
    /// of `home`, past no crowded step, to a cell no other side holds. Then
    /// it is allowed for every size of the group, on a plain track.
    #[inline(always)]
    pub(crate) fn clear_to(self, view: &View, from: u8, target: u16, home: u8) -> bool {
        target < home as u16
            && !view.at(target as u8)
            && !view.any_crowded_in(
                from + 1,
                (target as u8).wrapping_sub(1),
                self.flags().passing_blockade,
            )
    }

    /// [`Fast::clear_to`] for `seat`'s move from step `from` to step
    /// `target`, asked of the pieces where they fit in 16 bytes instead of
    /// a marked view: one comparison of them all for each step on the way,
    /// counting the pieces the view would hold there. `false` where they
    /// do not fit, or where the way is longer than a view costs to mark.
    #[inline(always)]
    pub(crate) fn clear_to_by_bytes(
        self,
        state: &State,
        seat: usize,
        from: u8,
        target: u16,
    ) -> bool {
        self.walk_by_bytes(state, seat, from, target)
            .and_then(|(word, crowd)| {
                self.race
                    .seating
                    .way_clear(word, seat, from, target as u8, crowd)
            })
            .unwrap_or(false)
    }

    /// What a walk of `seat`'s pieces from step `from` to step `target`
    /// asks of the pieces instead of a view: their first 16 bytes as one
    /// word, and how many of them on a step make it crowded. A blockade
    /// stands where two pieces or more do, or any one where one piece is a
    /// blockade (as `View::any_crowded_in`). `None` where the walk reaches
    /// home, or is longer than a view costs to mark.
    #[inline(always)]
    fn walk_by_bytes(
        self,
        state: &State,
        seat: usize,
        from: u8,
        target: u16,
    ) -> Option<(u128, u8)> {
        if target >= self.home(seat) as u16 || target > from as u16 + MAX_WALK {
            return None;
        }
        Some((state.pieces.first_word(), self.crowd()))
    }

    /// Whether the cell of `seat`'s race step `target`, where no other side
    /// stands, surely has room for `count` more of its pieces (stacks: max,
    /// own_max); `false` when only the whole check can tell.
    #[inline(always)]
    pub(crate) fn room_for(self, state: &State, seat: usize, target: u8, count: u8) -> bool {
        let flags = self.flags();
        if self.own_max() == 0 && flags.stack_max == 0 {
            return true;
        }
        // A view that holds every seat saw nothing there; else partners
        // may stand there unseen, which only the whole check counts.
        let there = if flags.view_own {
            0
        } else if flags.stack_max > 0 {
            return false;
        } else {
            self.own_on(state, seat, target)
        };
        (self.own_max() == 0 || there + count <= self.own_max())
            && (flags.stack_max == 0 || there + count <= flags.stack_max)
    }

    /// How many of `seat`'s own pieces stand on the cell of its race step `step`.
    #[inline]
    fn own_on(self, state: &State, seat: usize, step: u8) -> u8 {
        let [a, b] = self.race.seating.meet(seat, seat, step);
        state.pieces[seat]
            .iter()
            .filter(|&&s| s == a || s == b)
            .count() as u8
    }

    /// The whole of [`Fast::check_present`].
    #[inline(never)]
    pub(crate) fn check_target(
        self,
        state: &State,
        view: &View,
        from: u8,
        count: u8,
        value: PoolValue,
        round: bool,
    ) -> Result<u8, Refusal> {
        let seat = state.mover as usize;
        let flags = self.flags();
        let home = self.home(seat);
        if self.waits_for_dice(state, value) {
            return Err(Refusal::BonusAfterDice);
        }
        if self.start_holds(state, from) {
            return Err(Refusal::StartFirst);
        }
        let target = if from == 0 {
            if count > 1 {
                return Err(Refusal::GroupFromStart);
            }
            let first = self.comes_out_first(state, seat);
            if !self.entry_allows(first, value) {
                return Err(Refusal::EntryValue { first });
            }
            if flags.entry_moves_score {
                self.reach_from(state, 0, value.value, round)?
            } else if round {
                return Err(Refusal::NoDetour);
            } else {
                1
            }
        } else {
            if count > 1 && !flags.groups {
                return Err(Refusal::NoGroups);
            }
            if self.splits_merged(state, from, count) {
                return Err(Refusal::MustMoveMerged);
            }
            self.reach_from(state, from, value.value, round)?
        };
        // home: gather: home only while all the seat's pieces are near it.
        let gather = self.race.hot.gather;
        if gather > 0 && target == home && state.pieces[seat].iter().any(|&s| home - s > gather) {
            return Err(Refusal::NotGathered);
        }
        // home: order: home only once the seats before this one have finished.
        let before = self.race.hot.finish_first[seat % MAX_SEATS];
        if before != 0 && target == home {
            if let Some(other) =
                (0..MAX_SEATS).find(|&b| before >> b & 1 != 0 && !state.has_finished(b))
            {
                return Err(Refusal::HomeOrder(other as u8));
            }
        }
        let blockade = flags.blockade;
        let mut jumped = false;
        if flags.passing_blockade > 0 {
            // The steps passed, in one run or two (`Game::runs_passed`).
            let (run, (lo, hi)) = self.runs_passed(seat, from, target, round);
            // Each run asked by itself: an iterator over the two costs
            // more than the question.
            if view.any_crowded_in(run.0, run.1, blockade) {
                jumped |= self.pass_blockades(state, view, run, count, value)?;
            }
            if lo <= hi && view.any_crowded_in(lo, hi, blockade) {
                jumped |= self.pass_blockades(state, view, (lo, hi), count, value)?;
            }
        }
        if let Some(step) = self.piece_passed(state, from, count, target, round) {
            return Err(Refusal::PiecePassed(self.track(seat).cell(step)));
        }
        let occupied = target < home && self.held(state, view, seat, target);
        if occupied {
            let side = self.side[seat];
            let largest = self.largest_at(state, seat, target, Some(side));
            if largest > 0 {
                let takes = flags.by_landing && self.takes_on(seat, from, target);
                if takes
                    && blockade > 0
                    && largest >= blockade
                    && !(flags.take_as_many && count >= largest)
                {
                    return Err(Refusal::LandOnBlockade(
                        self.track(seat).cell(target),
                        largest,
                    ));
                }
                if !takes && !flags.safe_shared {
                    return Err(Refusal::SafeTaken(self.track(seat).cell(target)));
                }
                // A jump over a blockade lands on an empty cell or takes
                // what stands there (stacks: pass = with_doubles).
                if jumped && self.race.hot.doubles_pass && !takes {
                    return Err(Refusal::JumpLanding(self.track(seat).cell(target)));
                }
            }
        }
        // Nor does it land beside pieces of its own side, which the view
        // may not hold.
        if jumped
            && self.race.hot.doubles_pass
            && target < home
            && self.own_side_stays(state, from, count, target)
        {
            return Err(Refusal::JumpLanding(self.track(seat).cell(target)));
        }
        // The two pieces of a blockade split in this throw may not meet
        // again on a new cell (stacks: pairs = apart).
        if state.split.rejoins(from, target) {
            return Err(Refusal::PairApart(self.track(seat).cell(target)));
        }
        // Home holds pieces like any cell when the goal is longer (home: goal).
        if (flags.stack_max > 0 || self.own_max() > 0) && (target < home || flags.goal > 1) {
            if flags.view_own && !occupied && target < home {
                // The view holds every seat's pieces and none stands on
                // the cell: only the moving pieces will.
                if (self.own_max() > 0 && count > self.own_max())
                    || (flags.stack_max > 0 && count > flags.stack_max)
                {
                    return Err(Refusal::CellFull(self.track(seat).cell(target)));
                }
            } else {
                self.check_cell_room(state, seat, from, count, target)?;
            }
        }
        Ok(target)
    }

    /// Whether pieces of the mover's side stand on the cell of its race
    /// step `target` and stay there when `count` of its pieces from step
    /// `from` land on it: its own, but for the moving ones, and partners
    /// that the landing does not take (capture: partners).
    fn own_side_stays(self, state: &State, from: u8, count: u8, target: u8) -> bool {
        let seat = state.mover as usize;
        let flags = self.flags();
        let [a, b] = self.race.seating.meet(seat, seat, target);
        let here = self.own_on(state, seat, target);
        let own = if from == a || from == b {
            here.saturating_sub(count)
        } else {
            here
        };
        let side = self.side_counts_at(state, seat, target)[self.side[seat] as usize].0;
        let partners_taken =
            flags.by_landing && flags.partners && self.takes_on(seat, from, target);
        own > 0 || (side > here && !partners_taken)
    }

    /// What [`Fast::check_target`] answers for a plain move of the mover's
    /// `count` pieces on their way from step `from` to step `target` whose
    /// way is clear ([`Fast::plain_walk`] found no step passed crowded) and
    /// whose landing cell holds pieces: read from one comparison of all the
    /// pieces with those that could stand on the cell, where each side is
    /// one seat and the other pieces there are one seat's. `None` where
    /// only the whole check can tell.
    #[inline(always)]
    pub(crate) fn landing_allowed(
        self,
        state: &State,
        from: u8,
        count: u8,
        target: u8,
    ) -> Option<bool> {
        let seat = state.mover as usize;
        let flags = self.flags();
        if !self.race.side_a_seat {
            return None;
        }
        let here = state
            .pieces
            .bytes_matching(self.race.seating.all_steps(seat, target)?);
        let mine = here & self.race.seating.seat_bytes(seat);
        let others = here & !mine;
        let takes = flags.by_landing && self.takes_on(seat, from, target);
        if others != 0 {
            // The most pieces of one other side: all of one seat's, or
            // the whole check counts them side by side.
            let theirs = self.race.seating.seat_bytes(
                self.race
                    .seating
                    .byte_seat(others.trailing_zeros() as usize),
            );
            if others & !theirs != 0 {
                return None;
            }
            let largest = others.count_ones() as u8;
            if takes
                && flags.blockade > 0
                && largest >= flags.blockade
                && !(flags.take_as_many && count >= largest)
            {
                return Some(false);
            }
            if !takes && !flags.safe_shared {
                return Some(false);
            }
        }
        if flags.stack_max > 0 || self.own_max() > 0 {
            // As [`Game::check_cell_room`] counts them: pieces moving within
            // the cell do not count twice; others stay unless taken.
            let [a, b] = self.race.seating.meet(seat, seat, target);
            let leaving = if from == a || from == b { count } else { 0 };
            let own = (mine.count_ones() as u8).saturating_sub(leaving);
            let staying = if flags.stack_max > 0 && !takes {
                others.count_ones() as u8
            } else {
                0
            };
            if (self.own_max() > 0 && own + count > self.own_max())
                || (flags.stack_max > 0 && own + staying + count > flags.stack_max)
            {
                return Some(false);
            }
        }
        Some(true)
    }

    /// stacks: jump: the first step that the move of `count` of the mover's
    /// pieces from step `from` to step `target` (`round`: round its
    /// detour) passes where a piece stands that it may not pass: one of its
    /// own seat's, or with `jump = none` anyone's, on a step of
    /// [`Race::guarded`](super::Race::guarded). The moving pieces do not
    /// count. `None` where nothing stops it, at once where the rule is off.
    #[inline(always)]
    pub(crate) fn piece_passed(
        self,
        state: &State,
        from: u8,
        count: u8,
        target: u8,
        round: bool,
    ) -> Option<u8> {
        if !self.race.hot.jump {
            return None;
        }
        // Mostly the way does not reach the span of the guarded steps
        // (a move round its detour again is asked in full).
        let (lo, hi) = self.race.guard_span[state.mover as usize % MAX_SEATS];
        if !round && (from >= hi || target <= lo) {
            return None;
        }
        self.piece_passed_on_way(state, from, count, target, round)
    }

    /// The rest of [`Fast::piece_passed`], out of line: a rule few games have.
    #[inline(never)]
    fn piece_passed_on_way(
        self,
        state: &State,
        from: u8,
        count: u8,
        target: u8,
        round: bool,
    ) -> Option<u8> {
        let seat = state.mover as usize;
        let guarded = &self.race.guarded[seat];
        let seating = &self.race.seating;
        let (run, then) = self.runs_passed(seat, from, target, round);
        let on = |steps: [u8; 2], pieces: &[u8]| {
            (pieces.iter())
                .filter(|&&s| s != NONE && steps.contains(&s))
                .count()
        };
        (run.0..=run.1).chain(then.0..=then.1).find(|&q| {
            if guarded[q as usize / 64] >> (q % 64) & 1 == 0 {
                return false;
            }
            // The mover's own on the cell, but for the moving pieces.
            let own_steps = seating.meet(seat, seat, q);
            let moving = if own_steps.contains(&from) { count } else { 0 };
            if on(own_steps, &state.pieces[seat]) > moving as usize {
                return true;
            }
            self.race.hot.jump_any_side
                && (0..self.seats.len())
                    .any(|b| b != seat && on(seating.meet(b, seat, q), &state.pieces[b]) > 0)
        })
    }

    /// How many pieces on a step make it crowded for a walk of the pieces:
    /// two where a blockade needs two or more, else one (any piece, which
    /// where nothing stops a move only sends the walk to the whole check:
    /// [`Fast::passes_all`] answers first there).
    #[inline(always)]
    pub(crate) fn crowd(self) -> u8 {
        if self.flags().passing_blockade > 1 {
            2
        } else {
            1
        }
    }

    /// Whether nothing stops a move passing a cell: no blockades, or
    /// blockades any piece passes (stacks: pass = always); the jump rule
    /// (`stacks: jump`) is asked apart.
    #[inline(always)]
    pub(crate) fn passes_all(self) -> bool {
        self.flags().passing_blockade == 0
    }

    /// Whether a piece of the mover waiting at its start keeps the piece on
    /// step `from` where it is (entry: forced = always).
    #[inline]
    pub(crate) fn start_holds(self, state: &State, from: u8) -> bool {
        // The steps are ascending: a piece at the start is the first.
        self.race.hot.start_first
            && from != 0
            && state.pieces[state.mover as usize].first() == Some(&0)
    }

    /// Whether moving `count` of the mover's pieces from step `from` leaves
    /// some behind where the rules merge them (stacks: groups = merged).
    #[inline]
    fn splits_merged(self, state: &State, from: u8, count: u8) -> bool {
        self.race.hot.merged && from > 0 && self.mover_pieces_on(state, from) != count
    }

    /// How many of the mover's pieces stand on step `from`: the pieces a
    /// move from there may take along or leave behind.
    #[inline]
    pub(super) fn mover_pieces_on(self, state: &State, from: u8) -> u8 {
        state.pieces.count_on(state.mover as usize, from)
    }

    /// Whether `seat`'s step `step` is in its goal (home: goal): home, or
    /// one of the steps just before it that make the goal with it.
    #[inline]
    pub(crate) fn in_goal(self, seat: usize, step: u8) -> bool {
        step <= self.home(seat) && step >= self.goal_from(seat)
    }

    /// Checks that a move of `count` pieces by `value` may pass the
    /// blockades on the mover's steps `lo..=hi`; on success, whether it
    /// jumped one.
    fn pass_blockades(
        self,
        state: &State,
        view: &View,
        (lo, hi): (u8, u8),
        count: u8,
        value: PoolValue,
    ) -> Result<bool, Refusal> {
        let seat = state.mover as usize;
        let flags = self.flags();
        let blockade = flags.blockade;
        let mut jumped = false;
        for at in view.crowded_in(lo, hi, blockade) {
            // Counted once: both questions below read them.
            let counts = self.side_counts_at(state, seat, at);
            let n = self.largest_of(seat, &counts, None);
            if n == blockade && self.race.hot.mixed_open {
                // Partners' blockade: open to their side; a single
                // seat's: closed to all (stacks: mixed = open_to_side).
                if !self.open_to_side(seat, &counts) {
                    return Err(Refusal::Blockade(self.track(seat).cell(at), n));
                }
                continue;
            }
            let passes = (flags.group_passes && count >= n)
                || (self.race.hot.doubles_pass && state.doubles && !value.bonus && n == blockade);
            if n >= blockade && !passes {
                return Err(Refusal::Blockade(self.track(seat).cell(at), n));
            }
            jumped |= n >= blockade;
        }
        Ok(jumped)
    }

    /// Whether the next piece of `seat` to leave its start counts as its
    /// first (entry: first): the first of the game, or the first while
    /// none is on the board.
    #[inline]
    pub(crate) fn comes_out_first(self, state: &State, seat: usize) -> bool {
        if self.flags().first_of_game {
            !state.entered[seat]
        } else {
            // Sorted: after the pieces at the start, the next is out or home.
            let home = self.home(seat);
            state.pieces[seat]
                .iter()
                .find(|&&s| s > 0)
                .is_none_or(|&s| s >= home)
        }
    }

    /// Whether `value` may let the mover's next piece leave its start now;
    /// when not, a move from the start is refused without a closer look.
    #[inline(always)]
    pub(crate) fn lets_out_now(self, state: &State, value: PoolValue) -> bool {
        self.may_leave_start(value)
            && (!self.race.hot.first_differs
                || self.entry_allows(self.comes_out_first(state, state.mover as usize), value))
    }

    /// [`Fast::lets_out_now`] where it is known whether the mover has no
    /// piece on its way (between its start and home), as
    /// [`Fast::comes_out_first`] asks.
    #[inline(always)]
    pub(crate) fn lets_out_given(self, state: &State, value: PoolValue, none_on_way: bool) -> bool {
        let first = if self.flags().first_of_game {
            !state.entered[state.mover as usize]
        } else {
            none_on_way
        };
        // Where the first piece needs no other throws than the rest, its
        // bits in the table are theirs: one lookup answers either way.
        self.entry_allows(first, value)
    }

    /// Whether `value` may let some piece leave its start, first or not;
    /// when not, a move from the start is refused without a closer look.
    #[inline]
    pub(crate) fn may_leave_start(self, value: PoolValue) -> bool {
        if value.value >= VALUE_BITS {
            return self.entry_allows(false, value) || self.entry_allows(true, value);
        }
        self.entry_any_bit(value)
    }

    /// [`Fast::may_leave_start`] for a value below [`VALUE_BITS`], read
    /// off the table of entry throws: a piece that is not the first, or the first.
    #[inline(always)]
    fn entry_any_bit(self, value: PoolValue) -> bool {
        let either = entry_bit(false, value.again) | entry_bit(true, value.again);
        self.race.hot.value_bits(value.value) & either != 0
    }

    /// Whether `value` lets the seat's (first) piece leave its start
    /// (entry: on, first_on). In place, where the one-value passes ask it
    /// at every throw: a call of its own costs them more than its bit
    /// test. Values too large for the bit sets go to the rules, apart.
    #[inline(always)]
    pub(crate) fn entry_allows(self, first: bool, value: PoolValue) -> bool {
        if value.value >= VALUE_BITS {
            return self.entry_allows_by_rules(first, value);
        }
        self.race.hot.value_bits(value.value) & entry_bit(first, value.again) != 0
    }

    /// [`Fast::entry_allows`] for a value too large for the table, read
    /// from the rules; out of line, as it is seldom asked.
    #[inline(never)]
    fn entry_allows_by_rules(self, first: bool, value: PoolValue) -> bool {
        let entry = &self.rules.entry;
        let throws = if first { &entry.first_on } else { &entry.on };
        throws.allows(value.value, value.again)
    }

    /// Whether the cell of `seat`'s step `target` has room for `count` more
    /// pieces (moving from `from`), after any capture the move makes. The
    /// seating tables give each seat's steps on that cell.
    fn check_cell_room(
        self,
        state: &State,
        seat: usize,
        from: u8,
        count: u8,
        target: u8,
    ) -> Result<(), Refusal> {
        let flags = self.flags();
        let safe = !self.takes_on(seat, from, target);
        if target == self.home(seat) {
            // Only the seat's own pieces stand in its goal.
            let own = state.pieces.count_on(seat, target);
            if (self.own_max() > 0 && own + count > self.own_max())
                || (flags.stack_max > 0 && own + count > flags.stack_max)
            {
                return Err(Refusal::CellFull(self.track(seat).cell(target)));
            }
            return Ok(());
        }
        let [a, b] = self.race.seating.meet(seat, seat, target);
        // Pieces moving within the cell do not count twice.
        let leaving = if from == a || from == b { count } else { 0 };
        let (own, staying) = match self.race.seating.all_steps(seat, target) {
            Some(steps) => self.cell_counts_by_bytes(state, seat, safe, steps),
            None => self.cell_counts_scanned(state, seat, safe, target),
        };
        let own = own.saturating_sub(leaving);
        if (self.own_max() > 0 && own + count > self.own_max())
            || (flags.stack_max > 0 && own + staying + count > flags.stack_max)
        {
            return Err(Refusal::CellFull(self.track(seat).cell(target)));
        }
        Ok(())
    }

    /// On the cell of `seat`'s race step, its own pieces and the pieces of
    /// others that stay there when it lands (none are taken on a `safe`
    /// cell), found by one comparison of the pieces where they fit in 16
    /// bytes, the cell's `steps` laid out as they are.
    #[inline]
    fn cell_counts_by_bytes(
        self,
        state: &State,
        seat: usize,
        safe: bool,
        steps: [u128; 2],
    ) -> (u8, u8) {
        let flags = self.flags();
        let here = state.pieces.bytes_matching(steps);
        let mine = here & self.race.seating.seat_bytes(seat);
        // Without a limit on all pieces, only the seat's own pieces count.
        if flags.stack_max == 0 {
            return (mine.count_ones() as u8, 0);
        }
        let mut staying = 0u8;
        self.race
            .seating
            .each_seat_in(here & !mine, |other, theirs| {
                if self.stays_under(seat, other, safe) {
                    staying += theirs.count_ones() as u8;
                }
            });
        (mine.count_ones() as u8, staying)
    }

    /// [`Fast::cell_counts_by_bytes`] seat by seat, for pieces of any number.
    fn cell_counts_scanned(self, state: &State, seat: usize, safe: bool, target: u8) -> (u8, u8) {
        let flags = self.flags();
        // Race steps are never NONE, so a missing step matches no piece.
        let on = |steps: &[u8], [a, b]: [u8; 2]| {
            steps.iter().filter(|&&s| s == a || s == b).count() as u8
        };
        let mut own = 0u8;
        let mut staying = 0u8;
        // Without a limit on all pieces, only the seat's own pieces count.
        let counted = if flags.stack_max == 0 {
            seat..seat + 1
        } else {
            0..state.pieces.len()
        };
        for other in counted {
            let steps = &state.pieces[other];
            let meet = self.race.seating.meet(other, seat, target);
            let here = on(steps, meet);
            if other == seat {
                own = here;
            } else if self.stays_under(seat, other, safe) {
                staying += here;
            }
        }
        (own, staying)
    }

    /// Whether the pieces of seat `other` on a cell where a piece of
    /// `seat` lands stay there: not taken, as a `safe` cell, a partner
    /// not taken, or rules without taking by landing leave them.
    #[inline(always)]
    fn stays_under(self, seat: usize, other: usize, safe: bool) -> bool {
        let partner = self.side[other] == self.side[seat];
        !self.flags().by_landing || safe || (partner && !self.flags().partners)
    }

    /// Whether a piece of `seat` moving from `from` may take on its step
    /// `target`: a safe cell protects, except on the seat's own entry cell
    /// where the rules allow it (capture: own_entry).
    #[inline(always)]
    pub(crate) fn takes_on(self, seat: usize, from: u8, target: u8) -> bool {
        if !self.flags().any_safe {
            return true;
        }
        // A table, not a branch on the cell: whether a move lands on a
        // safe one is chance, and the processor would guess it wrong.
        self.race.seating.takes(seat, from == 0, target)
    }

    /// Two waiting die values (slots, ascending) whose sum is `sum`.
    pub(crate) fn sum_pair(self, state: &State, sum: u8) -> Option<(usize, usize)> {
        let pool = &state.pool;
        (0..pool.len()).find_map(|i| {
            (i + 1..pool.len()).find_map(|j| {
                (!pool[i].bonus
                    && !pool[j].bonus
                    && pool[i].value as u16 + pool[j].value as u16 == sum as u16)
                    .then_some((i, j))
            })
        })
    }

    /// The step where a move of `seat`'s pieces from `from` by `value`
    /// ends: step 1 for a piece leaving its start, unless it moves the
    /// score (entry: moves); else [`Fast::reach_on`].
    #[inline(always)]
    pub(crate) fn lands_on(
        self,
        seat: usize,
        from: u8,
        value: u8,
        round: bool,
    ) -> Result<u8, Refusal> {
        if from == 0 && !self.flags().entry_moves_score {
            Ok(1)
        } else {
            self.reach_on(seat, from, value, round)
        }
    }

    /// The step `value` steps on from `from` along `seat`'s track: a move that
    /// would enter the track's detour leaves it out, unless `round` (the
    /// mover goes round); `round` is refused where there is no choice.
    #[inline]
    pub(crate) fn reach_on(
        self,
        seat: usize,
        from: u8,
        value: u8,
        round: bool,
    ) -> Result<u8, Refusal> {
        // Mostly read from the table of ends made when the game is seated.
        if !round && let Some(end) = self.race.ends.end(seat, from, value) {
            return if end == NONE {
                Err(Refusal::Overshoot)
            } else {
                Ok(end)
            };
        }
        self.reach_on_worked_out(seat, from, value, round)
    }

    /// [`Fast::reach_on`] for a piece of the mover in `state`: home: exact =
    /// furthest lets a value past home finish the piece when none of the
    /// seat's pieces is further from home.
    fn reach_from(self, state: &State, from: u8, value: u8, round: bool) -> Result<u8, Refusal> {
        let seat = state.mover as usize;
        match self.reach_on(seat, from, value, round) {
            Err(Refusal::Overshoot)
                if self.race.hot.furthest_over
                    && !round
                    && state.pieces[seat].iter().all(|&s| s >= from) =>
            {
                Ok(self.home(seat))
            }
            reached => reached,
        }
    }

    /// [`Fast::reach_on`] worked out from the track and the rules of home.
    pub(crate) fn reach_on_worked_out(
        self,
        seat: usize,
        from: u8,
        value: u8,
        round: bool,
    ) -> Result<u8, Refusal> {
        let home = self.home(seat);
        let plain = from as u16 + value as u16;
        match self.detour(seat) {
            // Round the detour again: on from its start (seat: detour .. again).
            Some((a, b))
                if round
                    && self.detour_again(seat)
                    && (a..=b).contains(&from)
                    && plain > b as u16 =>
            {
                let target = plain - (b - a + 1) as u16;
                if target <= b as u16 {
                    Ok(target as u8)
                } else {
                    Err(Refusal::NoDetour)
                }
            }
            Some((a, b)) if from < a && plain >= a as u16 => {
                if round {
                    return self.reach(from, value, home);
                }
                // Leaving the detour out: the steps after it count on.
                let target = plain + (b - a + 1) as u16;
                if target <= home as u16 {
                    Ok(target as u8)
                } else if !self.flags().home_exact {
                    Ok(home)
                } else {
                    Err(Refusal::Overshoot)
                }
            }
            _ if round => Err(Refusal::NoDetour),
            _ => self.reach(from, value, home),
        }
    }

    /// The step `value` steps on from `from`, under the rules of home.
    pub(crate) fn reach(self, from: u8, value: u8, home: u8) -> Result<u8, Refusal> {
        let target = from as u16 + value as u16;
        if target <= home as u16 {
            return Ok(target as u8);
        }
        let flags = self.flags();
        if !flags.home_exact {
            return Ok(home);
        }
        let short = home - from;
        if flags.near_smallest && short < flags.smallest && value == flags.smallest {
            return Ok(home);
        }
        Err(Refusal::Overshoot)
    }
}

impl Occupancy {
    /// A description of two sides sharing a cell where the rules would have
    /// made one take the other, if any.
    pub(crate) fn clash(&self, game: &Game) -> Option<String> {
        let rules = game.rules();
        if !rules.capture.by_landing {
            return None;
        }
        for (i, &(cell, side, _)) in self.entries.iter().enumerate() {
            if rules.capture.safe.contains(&cell) {
                continue;
            }
            if self.entries[i + 1..]
                .iter()
                .any(|&(c, s, _)| c == cell && s != side)
            {
                return Some(format!(
                    "two sides share {}, which is not safe",
                    rules.board.cell_name(cell)
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::race::legal::tests::{positions, races};

    /// Each move of the mover's groups, at each size, by each value up to
    /// `most`, in positions of random games (from `seed`) of every bundled
    /// race: `each(name, game, state, view, from, count, value)`.
    fn each_group_move(
        seed: u64,
        most: u8,
        mut each: impl FnMut(&str, &Game, &State, &View, u8, u8, PoolValue),
    ) {
        for (name, game) in races() {
            for state in positions(&game, seed, 400) {
                if state.phase != crate::engine::Phase::Move {
                    continue;
                }
                let seat = state.mover as usize;
                let view = View::new(game.fast(), &state, seat);
                let home = game.race.hot.home[seat];
                for (from, size) in game.fast().groups(&state.pieces[seat], home) {
                    for count in 1..=size {
                        for value in 1..=most {
                            let v = PoolValue {
                                value,
                                again: false,
                                bonus: false,
                            };
                            each(name, &game, &state, &view, from, count, v);
                        }
                    }
                }
            }
        }
    }

    /// What one walk of the pieces shows of a move round a detour, or
    /// leaving it out, or by a value past the plain walk
    /// ([`Fast::detour_walk`]), is what the whole check finds: where it
    /// shows the way and the landing cell clear, the move is allowed to
    /// its step; where it shows a step passed crowded by a blockade, the
    /// whole view sees one there too. For every group of the mover by every
    /// value up to 20, plain and round, in positions of random games of
    /// every bundled race.
    #[test]
    fn a_move_round_a_detour_is_walked_as_the_whole_check_takes_it() {
        let (mut clear, mut rounds, mut blocked) = (0usize, 0usize, 0usize);
        each_group_move(47, 20, |name, game, state, view, from, count, v| {
            if from == 0 {
                return;
            }
            for round in [false, true] {
                let Some(walk) = game.fast().detour_walk(state, from, count, v, round) else {
                    continue;
                };
                let checked = game.fast().check_target(state, view, from, count, v, round);
                let at = format!(
                    "{name}: {count} from {from} by {} (round {round}) in {state:?}",
                    v.value
                );
                if walk.passed && walk.landing_empty {
                    assert_eq!(checked, Ok(walk.target), "{at}");
                    clear += 1;
                    rounds += usize::from(round);
                }
                if walk.passed {
                    assert!(!matches!(checked, Err(Refusal::Blockade(..))), "{at}");
                } else {
                    blocked += 1;
                }
            }
        });
        assert!(
            clear > 5_000 && rounds > 200 && blocked > 20,
            "{clear} clear ({rounds} round a detour), {blocked} past a crowded step"
        );
    }

    /// A landing on a cell that holds pieces, after a walk that found the
    /// way clear, is answered from one comparison of all the pieces
    /// ([`Game::landing_allowed`]) as the whole check answers it, taking,
    /// a safe cell held, a blockade landed on and a full cell among them:
    /// for every group of the mover by every value up to the longest walk,
    /// in positions of random games of every bundled race.
    #[test]
    fn a_landing_on_pieces_is_answered_as_the_whole_check_answers_it() {
        let (mut answered, mut refused) = (0usize, 0usize);
        each_group_move(
            53,
            MAX_WALK as u8,
            |name, game, state, view, from, count, v| {
                if from == 0 {
                    return;
                }
                let Some(walk) = game.fast().plain_walk(state, from, count, v) else {
                    return;
                };
                if !walk.passed || walk.landing_empty {
                    return;
                }
                let Some(allowed) = game.fast().landing_allowed(state, from, count, walk.target)
                else {
                    return;
                };
                let checked = game.fast().check_target(state, view, from, count, v, false);
                assert_eq!(
                    allowed,
                    checked.is_ok(),
                    "{name}: {count} from {from} by {} in {state:?}: {checked:?}",
                    v.value
                );
                answered += 1;
                refused += usize::from(!allowed);
            },
        );
        assert!(
            answered > 2_000 && refused > 200,
            "{answered} landings answered, {refused} of them refused"
        );
    }

    /// A move the pieces alone show allowed ([`Game::plainly_allowed`],
    /// and out of the start [`Fast::plainly_enters`]) is one the whole
    /// check allows, to the same step, for every group of the mover by
    /// every value up to the longest walk, in positions of random games of
    /// every bundled race.
    #[test]
    fn a_move_the_pieces_show_allowed_is_allowed() {
        let (mut plain, mut entries, mut left) = (0usize, 0usize, 0usize);
        each_group_move(
            43,
            MAX_WALK as u8,
            |name, game, state, view, from, count, v| {
                let (plainly, to) = if from == 0 {
                    (game.fast().plainly_enters(state, count, v), 1)
                } else {
                    (
                        game.fast().plainly_allowed(state, from, count, v),
                        from + v.value,
                    )
                };
                if !plainly {
                    left += 1;
                    return;
                }
                let checked = game.fast().check_target(state, view, from, count, v, false);
                assert_eq!(
                    checked,
                    Ok(to),
                    "{name}: {count} from {from} by {} in {state:?}",
                    v.value
                );
                plain += 1;
                entries += usize::from(from == 0);
            },
        );
        assert!(
            plain > 10_000 && entries > 500 && left > 1_000,
            "{plain} plainly allowed ({entries} out of the start), {left} left to the check"
        );
    }

    /// Where the pieces show only the landing cell of a move taken
    /// ([`Fast::landing_view`]), the view of that cell alone answers the
    /// whole check as the whole view does, for every group of the mover by
    /// every value up to the longest walk, in positions of random games of
    /// every bundled race.
    #[test]
    fn the_view_of_a_landing_cell_answers_as_the_whole_view() {
        let (mut landings, mut taken) = (0usize, 0usize);
        each_group_move(
            53,
            MAX_WALK as u8,
            |name, game, state, view, from, count, v| {
                let Some(landing) = game.fast().landing_view(state, from, count, v) else {
                    return;
                };
                let whole = game
                    .fast()
                    .check_present(state, view, from, count, v, false);
                let alone = game
                    .fast()
                    .check_present(state, &landing, from, count, v, false);
                assert_eq!(
                    alone, whole,
                    "{name}: {count} from {from} by {} in {state:?}",
                    v.value
                );
                landings += 1;
                taken += usize::from((1..=u8::MAX).any(|step| landing.at(step)));
            },
        );
        assert!(
            landings > 10_000 && taken > 1_000,
            "{landings} moves asked, {taken} onto a cell someone holds"
        );
    }

    /// A move the table of ends shows going past home
    /// ([`Game::plainly_overshoots`]) is one that working the move out
    /// without the table refuses, and the whole check refuses, for every
    /// group of the mover by every value a bonus can be, in positions of
    /// random games of every bundled race: the view need not be made to
    /// refuse it. (The whole check reads the same table, so the move
    /// worked out is what holds the table to the rules.)
    #[test]
    fn a_move_the_table_shows_past_home_is_refused() {
        let (mut past, mut short) = (0usize, 0usize);
        each_group_move(47, 20, |name, game, state, view, from, count, v| {
            let seat = state.mover as usize;
            if !game.fast().plainly_overshoots(seat, from, v.value) {
                short += 1;
                return;
            }
            assert!(
                game.fast()
                    .reach_on_worked_out(seat, from, v.value, false)
                    .is_err(),
                "{name}: the table sends {from} by {} past home, the move worked out does not",
                v.value
            );
            let checked = game
                .fast()
                .check_present(state, view, from, count, v, false);
            assert!(
                checked.is_err(),
                "{name}: {count} from {from} by {} allowed in {state:?}",
                v.value
            );
            past += 1;
        });
        assert!(
            past > 1_000 && short > 10_000,
            "{past} past home, {short} short of it"
        );
    }

    /// Asking the pieces for one landing cell ([`Game::held_by_bytes`])
    /// answers as a marked view does, for every seat and race step, in
    /// positions of random games of every bundled race: all the pieces at
    /// once where they fit in 16 bytes, seat by seat where they do not
    /// (two seats of fifteen).
    #[test]
    fn asking_the_pieces_for_a_cell_answers_as_the_marked_view() {
        let (mut held, mut by_seat) = (0usize, 0usize);
        for (name, game) in races() {
            let fits = game.race.seating.viewed_steps(0, 1).is_some();
            for state in positions(&game, 4, 400) {
                for seat in 0..game.seats().len() {
                    let view = by_seats(&game, &state, seat);
                    for step in 1..game.race.hot.home[seat] {
                        let asked = game.fast().held_by_bytes(&state, seat, step);
                        assert_eq!(asked, view.at(step), "{name}: seat {seat}, step {step}");
                        held += usize::from(asked);
                        by_seat += usize::from(asked && !fits);
                    }
                }
            }
        }
        assert!(
            held > 100 && by_seat > 100,
            "only {held} cells held, {by_seat} of them asked seat by seat"
        );
    }

    /// The table of ends gives what working the move out gives, for every
    /// seat, step up to home and value up to 60 of every bundled race,
    /// going round or not; the values the table does not hold are worked
    /// out.
    #[test]
    fn the_table_of_ends_gives_what_working_the_move_out_gives() {
        let (mut read, mut past_home) = (0usize, 0usize);
        for (name, game) in races() {
            for seat in 0..game.seats().len() {
                for from in 0..=game.race.hot.home[seat] {
                    for value in 0..=60 {
                        for round in [false, true] {
                            assert_eq!(
                                game.fast().reach_on(seat, from, value, round),
                                game.fast().reach_on_worked_out(seat, from, value, round),
                                "{name}: seat {seat}, from {from}, value {value}, round {round}"
                            );
                        }
                        if let Some(end) = game.race.ends.end(seat, from, value) {
                            read += 1;
                            past_home += usize::from(end == NONE);
                        }
                    }
                }
            }
        }
        assert!(
            read > 10_000 && past_home > 1_000,
            "{read} ends read from the table, {past_home} past home"
        );
    }

    /// Counting who stands on a cell with one comparison of all the pieces
    /// gives the counts that looking at each seat's pieces gives, for every
    /// seat and race step, in positions of random games of every bundled
    /// race whose pieces fit in it.
    #[test]
    fn one_comparison_counts_the_sides_on_a_cell() {
        let (mut shared, mut paired) = (0usize, 0usize);
        for (name, game) in races() {
            for state in positions(&game, 6, 2000).into_iter().step_by(4) {
                for seat in 0..game.seats().len() {
                    if game.race.seating.all_steps(seat, 1).is_none() {
                        continue;
                    }
                    for step in 1..game.race.hot.home[seat] {
                        let counts = game.fast().side_counts_at(&state, seat, step);
                        assert_eq!(
                            counts,
                            game.fast().side_counts_scanned(&state, seat, step),
                            "{name}: seat {seat}, step {step}, pieces {:?}",
                            state.pieces
                        );
                        shared += usize::from(counts.iter().map(|c| c.0).sum::<u8>() > 1);
                        paired += usize::from(counts.iter().any(|c| c.0 > c.1));
                    }
                }
            }
        }
        assert!(
            shared > 100 && paired > 100,
            "only {shared} cells held by two or more pieces, {paired} by two of one seat"
        );
    }

    /// Counting the pieces that limit a cell's room (the mover's own, and
    /// the others' that stay when it lands) with one comparison of all the
    /// pieces gives what looking at each seat's pieces gives, for every
    /// seat, race step and kind of cell, in positions of random games of
    /// every bundled race whose pieces fit in it and whose cells have a limit.
    #[test]
    fn one_comparison_counts_the_room_on_a_cell() {
        let (mut compared, mut crowded) = (0usize, 0usize);
        for (name, game) in
            races().filter(|(_, g)| g.race.flags.stack_max > 0 || g.race.hot.own_max > 0)
        {
            for state in positions(&game, 8, 2000).into_iter().step_by(4) {
                for seat in 0..game.seats().len() {
                    for step in 1..game.race.hot.home[seat] {
                        let Some(steps) = game.race.seating.all_steps(seat, step) else {
                            continue;
                        };
                        for safe in [false, true] {
                            let counts =
                                game.fast().cell_counts_by_bytes(&state, seat, safe, steps);
                            assert_eq!(
                                counts,
                                game.fast().cell_counts_scanned(&state, seat, safe, step),
                                "{name}: seat {seat}, step {step}, safe {safe}, pieces {:?}",
                                state.pieces
                            );
                            compared += 1;
                            crowded += usize::from(counts.0 + counts.1 > 1);
                        }
                    }
                }
            }
        }
        assert!(
            compared > 10_000 && crowded > 100,
            "{compared} cells compared, {crowded} holding two or more pieces that count"
        );
    }

    /// The view marked seat by seat, every piece looked at.
    fn by_seats(game: &Game, state: &State, seat: usize) -> View {
        let mut view = View::EMPTY;
        view.mark_by_seats::<true>(game, state, seat);
        view
    }

    /// Marking only the viewed pieces on their way, picked out of the
    /// pieces' bytes at once, marks what looking at every piece of every
    /// viewed seat marks, crowded steps included, for every seat in
    /// positions of random games of every bundled race whose pieces fit.
    #[test]
    fn the_view_of_the_pieces_on_their_way_is_the_view_of_all() {
        let mut marked = 0usize;
        let mut crowded = 0usize;
        for (name, game) in races() {
            for state in positions(&game, 6, 600) {
                for seat in 0..game.seats().len() {
                    let Some(rows) = game.race.seating.byte_rows(seat) else {
                        continue;
                    };
                    let mut quick = View::EMPTY;
                    quick.mark_on_way::<true>(&game, &state, seat, rows);
                    let all = by_seats(&game, &state, seat);
                    assert_eq!(quick, all, "{name}: seat {seat}, pieces {:?}", state.pieces);
                    marked += all
                        .occupied
                        .iter()
                        .map(|w| w.count_ones() as usize)
                        .sum::<usize>();
                    crowded += usize::from(all.crowded != [0; 4]);
                }
            }
        }
        assert!(
            marked > 1000 && crowded > 100,
            "{marked} steps marked, {crowded} views crowded"
        );
    }
}
