//! The rule fields the hot path reads on every check, copied out of the
//! shared [`RuleSet`] into one small `Copy` struct kept inside the
//! [`Game`](super::Game), so that a check reads flags next to each other
//! instead of following the rule set's pointers.

use crate::rules::{
    FirstPiece, Jump, MAX_SEATS, NearHome, RuleSet, SeatId, Track, UseValues, entry::EntryThrows,
};

/// Values below this are answered from a table of a byte a value (which
/// throws of them let a piece out, or make a blockade open); larger ones
/// from the rules.
pub(crate) const VALUE_BITS: u8 = 128;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Hot {
    /// For each value below [`VALUE_BITS`], the pieces it lets out of the
    /// start: bit 0 a piece that is not the first (`entry: on`) by a throw
    /// that gives no other, bit 1 by one that gives another; bits 2 and 3
    /// the same for a seat's first piece (`entry: first_on`); bits 4 and 5
    /// whether it makes a blockade open (`stacks: break_on`). A byte a
    /// value, read where the value is known: bit sets of all the values
    /// were copied whole before every loop that asked them.
    pub value_throws: [u8; VALUE_BITS as usize],
    /// `turn: limit`, the turns a game may last, read at every turn's end.
    pub turn_limit: u32,
    /// The dice's outcomes counted by weight (`Dice::total`), drawn from at every throw.
    pub dice_total: u64,
    /// Bit `s` set when no detour on seat `s`'s track, no order of bonuses
    /// and no limit of pieces on a cell applies to a move of its pieces.
    pub plain: u8,
    /// `stacks: blockade_turns` (0: no limit), read at a decision and at a
    /// turn's end, and `stacks: mixed = open_to_side`, read only where a
    /// move meets a blockade.
    pub blockade_turns: u8,
    pub mixed_open: bool,
    /// Whether a rule may oblige a seat to break a blockade first
    /// (`stacks: blockade_turns` or `break_on`), read at a decision.
    pub breaks_blockades: bool,
    /// All ones where the state keeps the step of the piece moved last in
    /// a turn (`turn: over_limit = send_back_last`), else 0: the step is
    /// stored at every move through it.
    pub last_moved_mask: u8,
    /// `stacks: own_max` (0: no limit), read where a move lands, and
    /// `stacks: pass = with_doubles`, read where a move meets a blockade.
    pub own_max: u8,
    pub doubles_pass: bool,
    /// Whether the first piece out comes out on other throws than the
    /// rest (`entry: first_on` differs from `on`), read where a piece may
    /// come out.
    pub first_differs: bool,
    /// Each playing seat's home step, the first step of its goal
    /// (`home: goal`), its track's detour and whether it may be gone
    /// round again (a bit a seat): read on every move.
    pub home: [u8; MAX_SEATS],
    pub goal_from: [u8; MAX_SEATS],
    pub detour: [Option<(u8, u8)>; MAX_SEATS],
    pub detour_again: u8,
    /// `stacks: jump` other than `any`: some pieces may not be passed
    /// ([`Race::guarded`](super::Race::guarded) says where), and with
    /// `jump_any_side` (`jump = none`) anyone's, not only the mover's own.
    /// Read where a move is checked, and kept out of [`Flags`], which is
    /// copied whole where it is read.
    pub jump: bool,
    pub jump_any_side: bool,
    /// `stacks: groups = merged`: a seat's pieces on one step move all
    /// together. Such a seat is not plain, so only a move the shortcuts
    /// cannot settle reads it.
    pub merged: bool,
    /// `home: order`: for each playing seat, a bit for each seat that must
    /// have finished before a piece of this one enters its home. Read where
    /// a move reaches home, which only the whole check answers.
    pub finish_first: [u8; MAX_SEATS],
    /// `entry: forced = always`: while a piece of the seat waits at its
    /// start, no other moves. Such a seat is not plain.
    pub start_first: bool,
    /// `end: doubling`: a decision about the stake may come before a
    /// throw, which the random game's loop asks only where this is set.
    pub doubling: bool,
    /// `home: gather` (0: none) and `home: exact = furthest`, read where a
    /// move reaches or goes past home, which only the whole check answers.
    pub gather: u8,
    pub furthest_over: bool,
}

/// The rule fields that choose which way the hot path goes: flags and
/// small numbers, a few bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Flags {
    pub first_of_game: bool,
    pub entry_moves_score: bool,
    pub entry_forced: bool,
    pub entry_sum: bool,
    /// `entry: clear_start`: while pieces wait, the one on the first step moves first.
    pub clear_start: bool,
    pub bonus_after_dice: bool,
    pub use_most: bool,
    /// `turn: must_move = no`: a seat may always give up what waits.
    pub pass_always: bool,
    /// `turn: use = one`: once a value is used, the rest may be given up.
    pub pass_after_one: bool,
    /// `turn: bonus_optional`: a pool of bonuses alone may be given up.
    pub bonus_optional: bool,
    /// `turn: finished = skip`: a seat that has finished is passed over.
    pub skip_finished: bool,
    /// `turn: again_limit`: throws again in a row past which one is lost
    /// (0: no limit), read at every throw.
    pub again_limit: u8,
    pub blockade: u8,
    /// The pieces on a cell that stop a move passing it: the blockade, or
    /// 0 where nothing stops one (no blockades, or `stacks: pass = always`).
    pub passing_blockade: u8,
    /// Whether a seat's view includes its own side (a blockade stops its own side).
    pub view_own: bool,
    pub group_passes: bool,
    pub take_as_many: bool,
    pub groups: bool,
    pub pairs_apart: bool,
    pub stack_max: u8,
    pub by_landing: bool,
    /// Whether any seat's track has a safe cell: where none has, every
    /// landing on another side's pieces takes them.
    pub any_safe: bool,
    pub safe_shared: bool,
    pub partners: bool,
    pub home_exact: bool,
    /// `home: goal`, the steps at the end of a track that make the goal.
    pub goal: u8,
    /// `home: near = smallest_throw`.
    pub near_smallest: bool,
    pub smallest: u8,
}

/// The race steps of a seat's track where `stacks: jump` holds, a bit a
/// step: on a cell of `jump_in` (every cell, where it is left out). All
/// clear where pieces may be passed (`jump = any`).
pub(crate) type Guarded = [u64; 4];

/// Each of `tracks`' [`Guarded`] steps under `rules`.
pub(crate) fn guarded(rules: &RuleSet, tracks: &[&Track]) -> Vec<Guarded> {
    let stacks = &rules.stacks;
    (tracks.iter())
        .map(|track| {
            let mut bits = [0u64; 4];
            if stacks.jump != Jump::Any {
                for step in 1..track.home() {
                    let cell = track.cell(step);
                    if stacks
                        .jump_in
                        .as_ref()
                        .is_none_or(|cells| cells.contains(&cell))
                    {
                        bits[step as usize / 64] |= 1 << (step % 64);
                    }
                }
            }
            bits
        })
        .collect()
}

/// Each seat's first and last [`Guarded`] step, `(1, 0)` where it has none.
pub(crate) fn guard_spans(guarded: &[Guarded]) -> [(u8, u8); MAX_SEATS] {
    let mut spans = [(1, 0); MAX_SEATS];
    for (span, bits) in spans.iter_mut().zip(guarded) {
        let steps = (0..=255u8).filter(|&q| bits[q as usize / 64] >> (q % 64) & 1 != 0);
        if let (Some(lo), Some(hi)) = (steps.clone().min(), steps.max()) {
            *span = (lo, hi);
        }
    }
    spans
}

/// The first step of the goal (`home: goal`) of a track whose home is
/// step `home`: a move that ends short of it lands on the race.
#[inline(always)]
pub(crate) const fn goal_from(home: u8, goal: u8) -> u8 {
    (home + 1).saturating_sub(goal)
}

/// The bit of a value's byte in [`Hot::value_throws`] that says whether a
/// throw of it lets out a seat's first piece (`first`) or another, by a
/// throw that gives another (`again`) or not.
#[inline(always)]
pub(crate) const fn entry_bit(first: bool, again: bool) -> u8 {
    1 << (again as u8 + 2 * first as u8)
}

/// The bit of a value's byte in [`Hot::value_throws`] that says whether a
/// throw of it, giving another (`again`) or not, makes the mover's
/// blockade open first (`stacks: break_on`).
#[inline(always)]
pub(crate) const fn break_bit(again: bool) -> u8 {
    1 << (4 + again as u8)
}

/// The table of [`Hot::value_throws`]: for each value, the bits of the
/// throws of it that `on` and `first_on` allow, and that `break_on` names.
fn value_table(
    on: &EntryThrows,
    first_on: &EntryThrows,
    break_on: Option<&EntryThrows>,
) -> [u8; VALUE_BITS as usize] {
    let mut table = [0u8; VALUE_BITS as usize];
    for (v, bits) in (0u8..).zip(table.iter_mut()) {
        for again in [false, true] {
            for (first, throws) in [(false, on), (true, first_on)] {
                if throws.allows(v, again) {
                    *bits |= entry_bit(first, again);
                }
            }
            if break_on.is_some_and(|throws| throws.allows(v, again)) {
                *bits |= break_bit(again);
            }
        }
    }
    table
}

impl Hot {
    /// The byte of `value` (below [`VALUE_BITS`]) in [`Hot::value_throws`].
    #[inline(always)]
    pub(crate) fn value_bits(&self, value: u8) -> u8 {
        self.value_throws[value as usize & (VALUE_BITS as usize - 1)]
    }

    /// The fields of `rules` seated on `tracks`, one a playing seat (none
    /// for a fight).
    pub(crate) fn new(
        rules: &RuleSet,
        tracks: &[&Track],
        flags: &Flags,
        guarded: &[Guarded],
        seats: &[SeatId],
    ) -> Hot {
        fn seat_bits(tracks: &[&Track], of: &dyn Fn(&Track) -> bool) -> u8 {
            (tracks.iter().enumerate())
                .filter(|(_, t)| of(t))
                .fold(0, |bits, (i, _)| bits | 1 << i)
        }
        fn per_seat<T: Copy + Default>(
            tracks: &[&Track],
            of: &dyn Fn(&Track) -> T,
        ) -> [T; MAX_SEATS] {
            let mut each = [T::default(); MAX_SEATS];
            for (slot, track) in each.iter_mut().zip(tracks) {
                *slot = of(track);
            }
            each
        }
        let plain_rules = flags.plain_rules()
            && rules.stacks.own_max == 0
            && !rules.stacks.merged
            && !rules.entry.start_first;
        let mut plain = seat_bits(tracks, &|t| plain_rules && t.detour.is_none());
        // A seat whose way has steps where pieces may not be passed
        // (stacks: jump) has each move's way asked.
        for (seat, steps) in guarded.iter().enumerate() {
            if steps.iter().any(|&bits| bits != 0) {
                plain &= !(1 << seat);
            }
        }
        Hot {
            value_throws: value_table(
                &rules.entry.on,
                &rules.entry.first_on,
                rules.stacks.break_on.as_ref(),
            ),
            turn_limit: rules.turn.limit,
            dice_total: rules.dice.total,
            plain,
            blockade_turns: rules.stacks.blockade_turns,
            last_moved_mask: if rules.turn.keeps_last_moved() {
                u8::MAX
            } else {
                0
            },
            breaks_blockades: rules.stacks.blockade > 0
                && (rules.stacks.blockade_turns > 0 || rules.stacks.break_on.is_some()),
            mixed_open: rules.stacks.mixed_open,
            own_max: rules.stacks.own_max,
            doubles_pass: rules.stacks.doubles_pass,
            first_differs: rules.entry.first_on != rules.entry.on,
            home: per_seat(tracks, &|t| t.home()),
            goal_from: per_seat(tracks, &|t| goal_from(t.home(), rules.home.goal)),
            detour: per_seat(tracks, &|t| t.detour),
            detour_again: seat_bits(tracks, &|t| t.detour_again),
            jump: rules.stacks.jump != Jump::Any,
            jump_any_side: rules.stacks.jump == Jump::None,
            merged: rules.stacks.merged,
            finish_first: finish_first(rules, seats),
            start_first: rules.entry.start_first,
            doubling: rules.end.doubling,
            gather: rules.home.gather,
            furthest_over: rules.home.furthest_over,
        }
    }
}

/// For each playing seat of `seats`, the seats before it in its group of
/// `home: order` that play here, a bit a seat.
fn finish_first(rules: &RuleSet, seats: &[SeatId]) -> [u8; MAX_SEATS] {
    let mut first = [0u8; MAX_SEATS];
    for (seat, id) in seats.iter().enumerate() {
        for group in &rules.home.order {
            let Some(at) = group.iter().position(|s| s == id) else {
                continue;
            };
            for before in &group[..at] {
                if let Some(other) = seats.iter().position(|s| s == before) {
                    first[seat] |= 1 << other;
                }
            }
        }
    }
    first
}

impl Flags {
    /// Whether no order of bonuses and no limit of pieces of all sides on
    /// a cell applies: with no limit of a seat's own (`Hot::own_max`) and
    /// no detour on its track, a seat's moves are then plain ([`Hot::plain`]).
    #[inline(always)]
    pub(crate) fn plain_rules(&self) -> bool {
        self.stack_max == 0 && !self.bonus_after_dice
    }

    pub(crate) fn new(rules: &RuleSet, seats: &[SeatId]) -> Flags {
        let stacks = &rules.stacks;
        Flags {
            first_of_game: rules.entry.first == FirstPiece::FirstOfGame,
            entry_moves_score: rules.entry.moves_score,
            entry_forced: rules.entry.forced,
            entry_sum: rules.entry.sum,
            clear_start: rules.entry.clear_start,
            bonus_after_dice: rules.turn.bonus_after_dice,
            use_most: rules.turn.use_values == UseValues::Most,
            pass_always: !rules.turn.must_move,
            pass_after_one: rules.turn.use_values == UseValues::One,
            bonus_optional: rules.turn.bonus_optional,
            skip_finished: rules.turn.skip_finished,
            again_limit: rules.turn.again_limit,
            blockade: stacks.blockade,
            passing_blockade: if stacks.always_passes {
                0
            } else {
                stacks.blockade
            },
            view_own: stacks.blocks_own && stacks.blockade > 0,
            group_passes: stacks.group_passes,
            take_as_many: stacks.take_as_many,
            groups: stacks.groups,
            pairs_apart: stacks.pairs_apart,
            stack_max: stacks.max,
            by_landing: rules.capture.by_landing,
            any_safe: seats
                .iter()
                .any(|s| rules.seats[s.0 as usize].track.safe.contains(&true)),
            safe_shared: rules.capture.safe_shared,
            partners: rules.capture.partners,
            home_exact: rules.home.exact,
            goal: rules.home.goal,
            near_smallest: rules.home.near == NearHome::SmallestThrow,
            smallest: rules.dice.smallest,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Game;
    use crate::engine::state::PoolValue;

    /// Mensch has no safe square: a landing takes on every step of every
    /// track, whether the flag answers (`any_safe` off) or the table of
    /// landings is looked up. Ludo's safe squares protect everyone, a
    /// piece coming out onto its own start square too; Parcheesi's protect
    /// too, but not from a piece coming out onto its own entry square
    /// (`capture: own_entry = entering`).
    #[test]
    fn a_landing_takes_on_every_cell_where_no_track_has_a_safe_one() {
        let mensch = Game::bundled("mensch", Some(4)).expect("bundled");
        assert!(!mensch.race.flags.any_safe, "Mensch has no safe square");
        for seat in 0..4 {
            for step in 1..mensch.race.hot.home[seat] {
                assert!(
                    mensch.fast().takes_on(seat, step - 1, step),
                    "seat {seat}, step {step}"
                );
                for entering in [false, true] {
                    assert!(
                        mensch.race.seating.takes(seat, entering, step),
                        "seat {seat}, step {step}, entering {entering}: the table"
                    );
                }
            }
        }
        let ludo = Game::bundled("ludo", Some(4)).expect("bundled");
        assert!(ludo.race.flags.any_safe, "Ludo has safe squares");
        let home = ludo.race.hot.home[0];
        assert!(
            (1..home).any(|step| !ludo.fast().takes_on(0, step - 1, step)),
            "some square of Ludo's first track is safe"
        );
        let parcheesi = Game::bundled("parcheesi", Some(4)).expect("bundled");
        for seat in 0..4 {
            for entering in [false, true] {
                assert!(
                    !ludo.race.seating.takes(seat, entering, 1),
                    "Ludo, seat {seat}"
                );
            }
            assert!(
                !ludo.fast().takes_on(seat, 0, 1),
                "Ludo, seat {seat} coming out"
            );
            // Parcheesi's entry square is safe to a piece landing on it from
            // the track, not to one of its own seat's coming out onto it.
            assert!(
                !parcheesi.race.seating.takes(seat, false, 1),
                "Parcheesi, seat {seat}"
            );
            assert!(
                parcheesi.fast().takes_on(seat, 0, 1),
                "Parcheesi, seat {seat} coming out"
            );
        }
    }

    /// Pachisi's entry: the first piece out leaves on any throw
    /// (`first_on = any`), the others only on a throw that gives another
    /// (`on = again`). The table holds each value's four answers; values
    /// past it are asked of the rules.
    #[test]
    fn the_entry_table_answers_first_and_other_pieces_by_the_throw() {
        let game = Game::bundled("pachisi", Some(4)).expect("bundled");
        let throw = |value, again| PoolValue {
            value,
            again,
            bonus: false,
        };
        for value in [1, 6, 10, 25, 127, 128, 200] {
            assert!(
                game.fast().entry_allows(true, throw(value, false)),
                "first piece, {value}"
            );
            assert!(
                game.fast().entry_allows(true, throw(value, true)),
                "first piece, {value} again"
            );
            assert!(
                !game.fast().entry_allows(false, throw(value, false)),
                "next piece, {value}"
            );
            assert!(
                game.fast().entry_allows(false, throw(value, true)),
                "next piece, {value} again"
            );
            assert!(
                game.fast().may_leave_start(throw(value, false)),
                "any piece, {value}"
            );
        }
        let ludo = Game::bundled("ludo", Some(4)).expect("bundled");
        for value in 1..=6 {
            let lets_out = ludo.fast().may_leave_start(throw(value, value == 6));
            assert_eq!(
                lets_out,
                value == 6,
                "Ludo: a piece comes out on a 6 only, not on {value}"
            );
        }
    }
}
