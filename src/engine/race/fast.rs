//! The game as the engine's own path sees it: the rule fields of the hot
//! path ([`Hot`], [`Flags`]) read from the game's copy of them, for any
//! rule set alike. A bundled game and a user's file with the same settings
//! run this same code.

use std::ops::Deref;

use super::hot::Flags;
use crate::engine::{Game, State};
use crate::rules::MAX_SEATS;

/// A game seen by the hot path: the hot path's methods are its own, and
/// everything else is the game's.
pub(crate) struct Fast<'g> {
    game: &'g Game,
}

// Passed by value, as the one reference it holds: a reference to it would
// be read through twice on every use.
impl Clone for Fast<'_> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl Copy for Fast<'_> {}

impl Deref for Fast<'_> {
    type Target = Game;

    #[inline(always)]
    fn deref(&self) -> &Game {
        self.game
    }
}

impl Fast<'_> {
    /// Whether a seat may decide about the stake before a throw (end:
    /// doubling).
    #[inline(always)]
    pub(crate) fn has_stakes(self) -> bool {
        self.race.hot.doubling
    }

    /// Whether a seat decides about the stake before the throw in `state`
    /// (end: doubling; [`Game::stake_decider`]).
    #[inline(always)]
    pub(crate) fn decides_stake(self, state: &State) -> bool {
        // A flag of the game first: most rules have no stake to decide.
        self.race.hot.doubling && self.stake_decider(state).is_some()
    }

    /// The rule flags the hot path branches on.
    #[inline(always)]
    pub(crate) fn flags(self) -> Flags {
        self.game.race.flags
    }

    /// The home step of seat `a`.
    #[inline(always)]
    pub(crate) fn home(self, a: usize) -> u8 {
        self.race.hot.home[a % MAX_SEATS]
    }

    /// The first step of seat `a`'s goal (`home: goal`): a move that ends
    /// short of it lands on the race.
    #[inline(always)]
    pub(crate) fn goal_from(self, a: usize) -> u8 {
        self.race.hot.goal_from[a % MAX_SEATS]
    }

    /// The detour of seat `a`'s track, if any.
    #[inline(always)]
    pub(crate) fn detour(self, a: usize) -> Option<(u8, u8)> {
        self.race.hot.detour[a % MAX_SEATS]
    }

    /// Whether seat `a`'s detour may be gone round again.
    #[inline(always)]
    pub(crate) fn detour_again(self, a: usize) -> bool {
        self.race.hot.detour_again & (1 << (a % MAX_SEATS)) != 0
    }

    /// Whether no detour, order of bonuses or limit of pieces on a cell
    /// applies to a move of seat `a`'s pieces ([`Hot::plain`]).
    ///
    /// [`Hot::plain`]: super::hot::Hot::plain
    #[inline(always)]
    pub(crate) fn plain(self, a: usize) -> bool {
        self.race.hot.plain & (1 << a) != 0
    }

    /// `stacks: own_max`: the most pieces of one seat on a cell (0: no limit).
    #[inline(always)]
    pub(crate) fn own_max(self) -> u8 {
        self.race.hot.own_max
    }

    /// Whether seat `a`'s move from step `from` to step `target` comes to its
    /// detour from before it: such a move leaves the detour out, or goes
    /// round it, and is not walked step by step.
    #[inline(always)]
    pub(crate) fn comes_to_detour(self, a: usize, from: u8, target: u16) -> bool {
        self.detour(a)
            .is_some_and(|(first, _)| from < first && target >= first as u16)
    }
}

impl Game {
    /// The game as the hot path sees it.
    #[inline(always)]
    pub(crate) fn fast(&self) -> Fast<'_> {
        Fast { game: self }
    }
}
