//! The race engine: games where each seat's pieces go a track from start
//! to home (no fight, no field game).
//!
//! [`reference`] lists the legal actions and applies them the plain way,
//! as `docs/language.md` says; the engine's own path (the other modules
//! here) is held to it.

pub(crate) mod apply;
pub(crate) mod drawn;
pub(crate) mod fast;
pub(crate) mod hot;
pub(crate) mod legal;
pub(crate) mod moves;
pub(crate) mod pair;
pub(crate) mod quick;
pub(crate) mod reference;
pub(crate) mod seating;
mod settings;
mod validate;
pub(crate) mod word;

use std::sync::Arc;

use crate::rules::{MAX_SEATS, RuleSet, Table, Track};

/// What the race engine reads of a seated game beyond its rule set: the
/// seating's tables, the rule fields of the hot path, and which of the
/// fast passes answer its decisions, each chosen by the rules' features.
/// A fight or a field game has one with empty tables.
#[derive(Clone, Debug)]
pub(crate) struct Race {
    pub seating: Arc<seating::Seating>,
    /// Rule fields the hot path reads, copied out of the rules.
    pub hot: hot::Hot,
    /// The rule flags the hot path branches on, copied out of the rules.
    pub flags: hot::Flags,
    /// Each outcome of the dice as a throw applies it.
    pub throws: Arc<[apply::Throw]>,
    /// Where plain moves end ([`fast::Fast::reach_on`]).
    pub ends: Arc<seating::Ends>,
    /// Whether a decision's [`moves::View`] marks where other sides stand;
    /// without blockades, where the pieces fit in 16 bytes, the seating's
    /// tables answer each landing cell instead ([`fast::Fast::held`]).
    pub marks_view: bool,
    /// Whether the marked view is read ([`fast::Fast::held`]): where no
    /// blockade may stop a move passing, it answers only who stands on a
    /// landing cell, and where the pieces do not fit the 16-byte tables,
    /// asking them seat by seat costs less than marking it.
    /// Where it is not read, it is not marked.
    pub reads_view: bool,
    /// Whether a decision on one die value is answered by [`fast::Fast::quick_moves`].
    pub quick: bool,
    /// Whether a random seat's one-value decisions of a blockade game on
    /// plain tracks, each throw one value, are drawn by
    /// [`fast::Fast::play_quick_seen_drawn`], thrown and drawn in one
    /// step ([`quick::fits_seen`]).
    pub quick_seen: bool,
    /// Whether a random seat's one-value decision of a blockade game is
    /// drawn by [`fast::Fast::play_quick_seen_drawn`]: where
    /// [`quick::fits_seen`] holds, and on tracks with a detour or bonuses
    /// after the dice too ([`quick::fits_seen_drawn`]).
    pub seen_drawn: bool,
    /// Whether the one-value decisions that [`fast::Fast::quick_moves`]
    /// answers may look at a seat's pieces as one word ([`quick::word_fits`]).
    pub word_moves: bool,
    /// Whether each side is one seat: the most pieces of one side on a
    /// cell are then the most of one seat.
    pub side_a_seat: bool,
    /// Whether a random seat's decision between two die values is drawn
    /// by [`fast::Fast::drawn_pair`] ([`fast::Fast::pair_fits`]).
    pub pair_draws: bool,
    /// Whether each seat's [`moves::View`] holds every seat it takes by
    /// landing, so that a cell the view saw empty has nothing to take.
    pub view_holds_prey: bool,
    /// For each seat, the race steps where some pieces may not be passed
    /// (`stacks: jump`), a bit a step; all clear under `jump = any`.
    pub guarded: Arc<[hot::Guarded]>,
    /// For each seat, the first and last of its guarded steps (first past
    /// last where there are none): a piece outside them stops no one.
    pub guard_span: [(u8, u8); MAX_SEATS],
    /// Whether the race uses a setting that the engine's own path does
    /// not answer ([`settings`]): it is then listed and applied by the
    /// reference path alone, and none of the passes above is chosen.
    pub by_reference: bool,
}

impl Race {
    /// The race engine's tables for `rules` seated at `table`; `race`:
    /// whether the game is a race at all. The table of ends and the pair
    /// draw, which ask the seated game, are filled by [`Race::finish`].
    pub(crate) fn new(rules: &RuleSet, table: &Table, race: bool) -> Race {
        let by_reference = race && !settings::engine_answers(rules);
        // The faster passes only for a race that the engine's path answers.
        let passes = race && !by_reference;
        // A fight has no tracks: its seating tables stay empty.
        let tracks: Vec<&Track> = table
            .seats
            .iter()
            .map(|s| &rules.seats[s.0 as usize].track)
            .filter(|_| rules.fight.is_none())
            .collect();
        let with_own = rules.stacks.blocks_own && rules.stacks.blockade > 0;
        let seating = Arc::new(seating::Seating::new(
            &tracks,
            &table.side,
            with_own,
            rules.capture.partners,
            rules.capture.own_entry,
            rules.pieces_per_seat as usize,
        ));
        let flags = hot::Flags::new(rules, &table.seats);
        let marks_view = rules.stacks.blockade > 0 || !seating.has_viewed_steps();
        let reads_view = marks_view && (flags.passing_blockade > 0 || seating.has_viewed_steps());
        let view_holds_prey = passes
            && marks_view
            && (0..tracks.len()).all(|a| {
                let viewed = seating.viewed(a);
                seating.prey(a).iter().all(|b| viewed.contains(b))
            });
        let quick = passes && quick::fits(rules, &tracks, marks_view);
        let guarded = hot::guarded(rules, &tracks);
        let word_moves = quick && quick::word_fits(rules, &tracks, &guarded);
        let hot = hot::Hot::new(rules, &tracks, &flags, &guarded, &table.seats);
        let quick_seen =
            passes && !quick && quick::fits_seen(rules, &hot, &flags, table.seats.len());
        let seen_drawn = quick_seen || (passes && !quick && quick::fits_seen_drawn(rules, &flags));
        Race {
            seating,
            hot,
            flags,
            throws: (rules.dice.outcomes.iter())
                .map(|o| {
                    apply::Throw::of(o, &rules.dice, rules.turn.throws, rules.turn.again_limit)
                })
                .collect(),
            ends: Arc::default(),
            marks_view,
            reads_view,
            quick,
            quick_seen,
            seen_drawn,
            word_moves,
            side_a_seat: table.sides as usize == table.seats.len(),
            pair_draws: false,
            view_holds_prey,
            guard_span: hot::guard_spans(&guarded),
            guarded: guarded.into(),
            by_reference,
        }
    }
}

impl crate::Game {
    /// Fills what [`Race::new`] leaves to the seated game: the table of
    /// where plain moves end, and whether two die values are drawn as a pair.
    pub(crate) fn finish_race(&mut self) {
        self.race.ends = Arc::new(self.ends_table());
        self.race.pair_draws = !self.race.by_reference && self.fast().pair_fits();
    }
}
