//! The rule flags compiled into the hot path.
//!
//! Every check of a move branches on the rules' flags ([`Flags`]): whether
//! the most of a throw must be used, whether two dice may bring a piece
//! out by their sum, how many pieces make a blockade. Read from the game,
//! each is a load and a branch on every check, and the code for every
//! rule is kept in the loop. The hot path is therefore written once over a
//! [`Shape`], the flags seen as constants where known: the compiler then
//! drops the branches the flags settle and the code of rules the game
//! does not have. [`Dynamic`] reads them from the game, for any rule set;
//! [`Known`] holds each of the [`KNOWN`] sets of flags, those of bundled
//! races whose games through [`Dynamic`] are still too slow, and a game
//! whose flags are one of them plays through its copy ([`with_shape!`]).
//! Both copies run the same code: a shape changes only what the compiler
//! knows, never what a game does. A race leaves the table once it plays
//! fast enough through [`Dynamic`] (docs/development.md).

use std::marker::PhantomData;
use std::ops::Deref;

use super::hot::{Flags, TrackFlags};
use crate::engine::Game;
use crate::rules::MAX_SEATS;

/// How the hot path reads the rule flags.
pub(crate) trait Shape {
    /// The flags where known when the engine is compiled, else `None`.
    const FLAGS: Option<Flags>;
}

/// Flags read from the game: any rule set.
pub(crate) struct Dynamic;

impl Shape for Dynamic {
    const FLAGS: Option<Flags> = None;
}

/// The flags of [`KNOWN`]`[I]`, as constants.
pub(crate) struct Known<const I: usize>;

impl<const I: usize> Shape for Known<I> {
    const FLAGS: Option<Flags> = Some(KNOWN[I]);
}

/// A game seen through a shape: the hot path's methods are its own, and
/// everything else is the game's.
pub(crate) struct Shaped<'g, S> {
    game: &'g Game,
    shape: PhantomData<S>,
}

// A shaped game is passed by value, as the one reference it holds: a
// reference to it would be read through twice on every use.
impl<S> Clone for Shaped<'_, S> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Shaped<'_, S> {}

impl<S> Deref for Shaped<'_, S> {
    type Target = Game;

    #[inline(always)]
    fn deref(&self) -> &Game {
        self.game
    }
}

impl<S: Shape> Shaped<'_, S> {
    /// The rule flags: constants where the shape knows them.
    #[inline(always)]
    pub(crate) fn flags(self) -> Flags {
        match S::FLAGS {
            Some(flags) => flags,
            None => self.game.race.flags,
        }
    }

    /// The track seat `a`'s pieces go, where the shape knows it: the
    /// same for every seat.
    #[inline(always)]
    fn known_tracks(self) -> Option<TrackFlags> {
        S::FLAGS.and_then(|flags| flags.tracks)
    }

    /// The home step of seat `a`.
    #[inline(always)]
    pub(crate) fn home(self, a: usize) -> u8 {
        match self.known_tracks() {
            Some(tracks) => tracks.home,
            None => self.race.hot.home[a % MAX_SEATS],
        }
    }

    /// The first step of seat `a`'s goal (`home: goal`): a move that ends
    /// short of it lands on the race.
    #[inline(always)]
    pub(crate) fn goal_from(self, a: usize) -> u8 {
        match self.known_tracks() {
            Some(tracks) => super::hot::goal_from(tracks.home, self.flags().goal),
            None => self.race.hot.goal_from[a % MAX_SEATS],
        }
    }

    /// The detour of seat `a`'s track, if any.
    #[inline(always)]
    pub(crate) fn detour(self, a: usize) -> Option<(u8, u8)> {
        match self.known_tracks() {
            Some(tracks) => tracks.detour,
            None => self.race.hot.detour[a % MAX_SEATS],
        }
    }

    /// Whether seat `a`'s detour may be gone round again.
    #[inline(always)]
    pub(crate) fn detour_again(self, a: usize) -> bool {
        match self.known_tracks() {
            Some(tracks) => tracks.again,
            None => self.race.hot.detour_again & (1 << (a % MAX_SEATS)) != 0,
        }
    }

    /// Whether no detour, order of bonuses or limit of pieces on a cell
    /// applies to a move of seat `a`'s pieces ([`Hot::plain`]).
    ///
    /// [`Hot::plain`]: super::hot::Hot::plain
    #[inline(always)]
    pub(crate) fn plain(self, a: usize) -> bool {
        let flags = self.flags();
        if !flags.plain_rules() {
            return false;
        }
        match self.known_tracks() {
            Some(tracks) => tracks.detour.is_none() && self.own_max() == 0,
            None => self.race.hot.plain & (1 << a) != 0,
        }
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
    /// The game seen through the shape `S`, whose flags must be the
    /// game's own where it knows them ([`Game::shape`] tells which).
    #[inline(always)]
    pub(crate) fn shaped<S: Shape>(&self) -> Shaped<'_, S> {
        debug_assert!(S::FLAGS.is_none_or(|f| f == self.race.flags));
        Shaped {
            game: self,
            shape: PhantomData,
        }
    }

    /// The game with its flags read from it: for any rule set.
    #[inline(always)]
    pub(crate) fn dynamic(&self) -> Shaped<'_, Dynamic> {
        self.shaped()
    }

    /// Which of [`KNOWN`] the game's flags are, if any.
    pub(crate) fn shape(&self) -> Option<usize> {
        self.race.known_shape
    }
}

/// Which of [`KNOWN`] these flags are, if any.
pub(crate) fn known_shape(flags: &Flags) -> Option<usize> {
    KNOWN.iter().position(|k| k == flags)
}

/// Evaluates `$body` with `$shaped` the game `$game` seen through its
/// shape: its own compiled copy of the hot path where its flags are known,
/// else the one that reads them.
macro_rules! with_shape {
    ($game:expr, $shaped:ident => $body:expr) => {{
        use $crate::engine::race::shape::Known;
        let game: &$crate::Game = $game;
        match game.shape() {
            Some(0) => {
                let $shaped = game.shaped::<Known<0>>();
                $body
            }
            Some(1) => {
                let $shaped = game.shaped::<Known<1>>();
                $body
            }
            Some(2) => {
                let $shaped = game.shaped::<Known<2>>();
                $body
            }
            _ => {
                let $shaped = game.dynamic();
                $body
            }
        }
    }};
}
pub(crate) use with_shape;

// One arm of `with_shape!` for each known shape.
const _: () = assert!(KNOWN.len() == 3);

/// The flags of three bundled races, a compiled copy of the hot path each
/// (see the module's words). A test holds each to a bundled race that
/// plays through it; a game whose flags are none of these (Ludo, Mensch,
/// a house rule that changes one, a user's file) plays the same, through
/// [`Dynamic`].
pub(crate) const KNOWN: [Flags; 3] = [
    // Two dice, the most of a throw used, out by a die or the sum;
    // blockades of two that stop everyone and are not moved on together;
    // at most two on a cell; bonuses after the dice, which may be given up;
    // tracks of 140 steps, a second lap of steps 65 to 132 their detour.
    Flags {
        entry_sum: true,
        bonus_after_dice: true,
        use_most: true,
        bonus_optional: true,
        blockade: 2,
        view_own: true,
        pairs_apart: true,
        stack_max: 2,
        safe_shared: false,
        tracks: Some(TrackFlags {
            home: 140,
            detour: Some((65, 132)),
            again: true,
        }),
        ..BASE
    },
    // Two dice, out by a die or the sum, the rest given up after one value;
    // blockades of two that stop everyone, not moved on together; three
    // throws again in a row lose the turn; tracks of 72 steps.
    Flags {
        entry_sum: true,
        pass_after_one: true,
        bonus_optional: true,
        again_limit: 3,
        blockade: 2,
        view_own: true,
        pairs_apart: true,
        tracks: Some(TrackFlags {
            home: 72,
            detour: None,
            again: false,
        }),
        ..BASE
    },
    // Throws of cowries that move groups together; a piece out by its
    // throw scoring; blockades of two that stop other sides only; near
    // home, the smallest throw; tracks of 84 steps.
    Flags {
        entry_moves_score: true,
        blockade: 2,
        group_passes: true,
        take_as_many: true,
        groups: true,
        near_smallest: true,
        smallest: 2,
        tracks: Some(TrackFlags {
            home: 84,
            detour: None,
            again: false,
        }),
        ..BASE
    },
];

/// What the shapes above share unless they say otherwise: a race whose
/// pieces are taken by landing on them, outside safe squares that sides
/// share, home by an exact throw, finished seats passed over.
const BASE: Flags = Flags {
    first_of_game: false,
    entry_moves_score: false,
    entry_forced: false,
    entry_sum: false,
    clear_start: false,
    bonus_after_dice: false,
    use_most: false,
    pass_always: false,
    pass_after_one: false,
    bonus_optional: false,
    skip_finished: true,
    again_limit: 0,
    blockade: 0,
    view_own: false,
    group_passes: false,
    take_as_many: false,
    groups: false,
    pairs_apart: false,
    stack_max: 0,
    by_landing: true,
    any_safe: true,
    safe_shared: true,
    partners: false,
    home_exact: true,
    goal: 1,
    near_smallest: false,
    smallest: 1,
    tracks: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Each compiled shape is the flags of some bundled race, which plays
    /// through it: a change to a bundled file's rules that leaves a shape
    /// unused shows here, not only as a slower game. The other races read
    /// their flags ([`Dynamic`]), as a user's file does.
    #[test]
    fn every_compiled_shape_is_a_bundled_races() {
        let mut used = [false; KNOWN.len()];
        for name in crate::variants::names()
            .into_iter()
            .filter(|n| !n.starts_with("house/"))
        {
            let rules = crate::variants::compile_bundled(name).expect("bundled variants compile");
            for table in &rules.tables {
                let game = Game::new(rules.clone(), table.players).expect("the table exists");
                // `known_shape` found `i` by these very flags: what can
                // fail here is a shape that no bundled race plays.
                if let Some(i) = game.shape().filter(|_| game.is_race) {
                    used[i] = true;
                }
            }
        }
        for (i, used) in used.iter().enumerate() {
            assert!(used, "compiled shape {i} is no bundled race's");
        }
    }

    /// A game whose flags are none of the compiled shapes reads them from
    /// the game: a house rule that changes one still plays.
    #[test]
    fn flags_none_of_the_shapes_are_read_from_the_game() {
        let mut flags = KNOWN[0];
        flags.stack_max = flags.stack_max.wrapping_add(7);
        assert_eq!(known_shape(&flags), None);
        for (i, known) in KNOWN.iter().enumerate() {
            assert_eq!(known_shape(known), Some(i), "shape {i} is found as itself");
        }
    }
}
