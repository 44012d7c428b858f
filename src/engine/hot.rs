//! The rule fields the hot path reads on every check, copied out of the
//! shared [`RuleSet`] into one small `Copy` struct kept inside the
//! [`Game`](super::Game), so that a check reads flags next to each other
//! instead of following the rule set's pointers.

use crate::rules::{
    FirstPiece, NearHome, OwnEntry, RuleSet, SeatId, UseValues, entry::EntryThrows,
};

/// Entry values below this are answered from bit sets; larger ones from the rules.
pub(crate) const ENTRY_BITS: u8 = 128;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Hot {
    /// Values that let a piece out, indexed by whether the throw gives
    /// another (`entry: on`); bit `v` for value `v`.
    pub entry_on: [u128; 2],
    /// The same for a seat's first piece (`entry: first_on`).
    pub entry_first_on: [u128; 2],
    /// Values that let any piece out, first or not: the two above together.
    pub entry_any_on: [u128; 2],
    pub first_of_game: bool,
    /// Whether the first piece out comes out on other throws than the
    /// rest (`entry: first_on` differs from `on`).
    pub first_differs: bool,
    pub entry_moves_score: bool,
    pub entry_forced: bool,
    pub entry_sum: bool,
    pub bonus_after_dice: bool,
    pub use_most: bool,
    /// `turn: must_move = no`: a seat may always give up what waits.
    pub pass_always: bool,
    /// `turn: use = one`: once a value is used, the rest may be given up.
    pub pass_after_one: bool,
    /// `turn: bonus_optional`: a pool of bonuses alone may be given up.
    pub bonus_optional: bool,
    pub blockade: u8,
    pub blockade_turns: u8,
    /// Whether a seat's view includes its own side (a blockade stops its own side).
    pub view_own: bool,
    pub group_passes: bool,
    pub doubles_pass: bool,
    pub take_as_many: bool,
    pub groups: bool,
    pub pairs_apart: bool,
    /// `stacks: mixed = open_to_side`.
    pub mixed_open: bool,
    pub stack_max: u8,
    pub own_max: u8,
    pub by_landing: bool,
    pub safe_shared: bool,
    pub partners: bool,
    pub own_entry: OwnEntry,
    pub home_exact: bool,
    /// `home: goal`, the steps at the end of a track that make the goal.
    pub goal: u8,
    /// `home: near = smallest_throw`.
    pub near_smallest: bool,
    pub smallest: u8,
    /// Bit `s` set when no detour on seat `s`'s track, no order of bonuses
    /// and no limit of pieces on a cell applies to a move of its pieces.
    pub plain: u8,
}

fn bits(throws: &EntryThrows) -> [u128; 2] {
    match throws {
        EntryThrows::Any => [u128::MAX; 2],
        EntryThrows::Again => [0, u128::MAX],
        EntryThrows::Values(values) => {
            let mut b = 0u128;
            for &v in values.iter().filter(|&&v| v < ENTRY_BITS) {
                b |= 1 << v;
            }
            [b; 2]
        }
    }
}

impl Hot {
    pub(crate) fn new(rules: &RuleSet, seats: &[SeatId]) -> Hot {
        let stacks = &rules.stacks;
        let plain_rules = stacks.max == 0 && stacks.own_max == 0 && !rules.turn.bonus_after_dice;
        let plain = seats
            .iter()
            .enumerate()
            .filter(|(_, s)| plain_rules && rules.seats[s.0 as usize].track.detour.is_none())
            .fold(0u8, |bits, (i, _)| bits | 1 << i);
        let (entry_on, entry_first_on) = (bits(&rules.entry.on), bits(&rules.entry.first_on));
        Hot {
            entry_on,
            entry_first_on,
            entry_any_on: [
                entry_on[0] | entry_first_on[0],
                entry_on[1] | entry_first_on[1],
            ],
            first_of_game: rules.entry.first == FirstPiece::FirstOfGame,
            first_differs: rules.entry.first_on != rules.entry.on,
            entry_moves_score: rules.entry.moves_score,
            entry_forced: rules.entry.forced,
            entry_sum: rules.entry.sum,
            bonus_after_dice: rules.turn.bonus_after_dice,
            use_most: rules.turn.use_values == UseValues::Most,
            pass_always: !rules.turn.must_move,
            pass_after_one: rules.turn.use_values == UseValues::One,
            bonus_optional: rules.turn.bonus_optional,
            blockade: stacks.blockade,
            blockade_turns: stacks.blockade_turns,
            view_own: stacks.blocks_own && stacks.blockade > 0,
            group_passes: stacks.group_passes,
            doubles_pass: stacks.doubles_pass,
            take_as_many: stacks.take_as_many,
            groups: stacks.groups,
            pairs_apart: stacks.pairs_apart,
            mixed_open: stacks.mixed_open,
            stack_max: stacks.max,
            own_max: stacks.own_max,
            by_landing: rules.capture.by_landing,
            safe_shared: rules.capture.safe_shared,
            partners: rules.capture.partners,
            own_entry: rules.capture.own_entry,
            home_exact: rules.home.exact,
            goal: rules.home.goal,
            near_smallest: rules.home.near == NearHome::SmallestThrow,
            smallest: rules.dice.smallest,
            plain,
        }
    }
}
