//! Quick decisions: the legal actions of the common decision, one waiting
//! die value, in one pass over the mover's pieces, for rules simple enough
//! that the answer needs little more than the landing cell.
//!
//! [`Fast::quick_moves`] answers so the rules with no blockades where
//! the pieces fit in 16 bytes (so one comparison of all the pieces says
//! who stands on a cell), no detours, no groups, a piece out of its start
//! goes to its first step on the same throws first or not, no entry by a
//! sum, no limit of pieces on a cell but one's own, and each track passes
//! a cell once. It gives the same list, in the same order, as the general
//! path of [`Game::legal_actions`](crate::Game::legal_actions); a test
//! compares them at every decision of random games and of scattered
//! positions. A random game plays these one-value decisions without the
//! list ([`Fast::play_quick`]): each move is kept with the step it
//! reaches, and the one picked lands there at once.
//!
//! Rules with blockades are listed by the general path: a quick listing
//! of them bought 6 to 9% of the games a second of a loop that lists every
//! decision (`examples/listed_games.rs`), and nothing of a random game's.
//! A random seat checks only the moves it draws
//! ([`Fast::play_quick_seen_drawn`]), on plain tracks ([`fits_seen`]),
//! on tracks with a detour, and with bonuses after the dice
//! ([`fits_seen_drawn`]), the moves that may reach the detour listed with
//! their rounds.
//!
//! A random game throws and decides in one step where a throw gives one
//! value ([`Fast::throw_and_play_quick`], [`Fast::throw_and_draw_seen`]).
//! Under quick rules a seat of at most eight pieces is looked at as one
//! word, a byte a piece ([`Fast::moves_in_word`]): its moves, the pick and
//! the landing go without a branch a piece. Under rules with blockades the
//! groups a random seat draws from are read from the word the same way
//! ([`Fast::groups_in_word`]), and the first one drawn is found without a
//! list. Which piece can move is chance in a random game, so a branch on
//! it is mostly guessed wrong, and that costs more here than the
//! instructions the word takes.

use super::fast::Fast;
use super::{
    hot::{Flags, Guarded, Hot, guard_spans},
    legal::{AtOnce, moves_together},
    moves::View,
    seating::NONE,
    word::{
        ONES, WordGroups, below_bytes, bytes_between, bytes_set, moved_up_in_word, whole_bytes,
        zero_bytes_of_word,
    },
};
use crate::engine::{Action, MAX_SEAT_PIECES, MAX_SEATS, Phase, PoolValue, State};
use crate::rules::{Jump, NearHome, RuleSet, Track};

/// Whether every one-value decision of these rules, seated on `tracks`, can
/// be answered by [`Fast::quick_moves`].
pub(crate) fn fits(rules: &RuleSet, tracks: &[&Track], marks_view: bool) -> bool {
    let stacks = &rules.stacks;
    let entry = &rules.entry;
    // Without a marked view there is no blockade.
    !marks_view
        && !stacks.groups
        && rules.home.order.is_empty()
        && !entry.start_first
        && rules.home.gather == 0
        && !rules.home.furthest_over
        && stacks.max == 0
        && stacks.blockade_turns == 0
        && !entry.sum
        && !entry.moves_score
        && entry.first_on == entry.on
        && tracks.iter().all(|t| {
            t.detour.is_none() && {
                // Each cell once: a seat's own pieces on a cell stand on one step.
                let mut cells: Vec<_> = (1..=t.home()).map(|s| t.cell(s)).collect();
                cells.sort_unstable();
                cells.windows(2).all(|w| w[0] != w[1])
            }
        })
}

/// Whether the one-value decisions of quick rules ([`fits`]) seated on
/// `seats` seats may be answered with each seat's pieces as one word
/// ([`Fast::moves_in_word`]): at most eight pieces a seat, steps and what
/// a die adds to them below 128, the home reached only by an exact throw,
/// at most one of a seat's own pieces on a cell, and no rule that stops a
/// piece passing another side's (`stacks: jump = none`); where a piece may
/// not pass one of its own (`jump = not_own`), the steps where it holds
/// are one run on each seat's track (`guarded`).
pub(crate) fn word_fits(rules: &RuleSet, tracks: &[&Track], guarded: &[Guarded]) -> bool {
    let die = rules.dice.largest_value();
    // One run: as many guarded steps as its span holds.
    let one_run = |(bits, &(lo, hi)): (&Guarded, &(u8, u8))| {
        bits.iter().map(|w| w.count_ones()).sum::<u32>()
            == (hi as u32 + 1).saturating_sub(lo as u32)
    };
    rules.pieces_per_seat <= 8
        && match rules.stacks.jump {
            Jump::Any => true,
            Jump::NotOwn => guarded.iter().zip(&guard_spans(guarded)).all(one_run),
            Jump::None => false,
        }
        && rules.home.exact
        && rules.home.near != NearHome::SmallestThrow
        && rules.stacks.own_max <= 1
        && tracks.iter().all(|t| (t.home() as u16 + die as u16) < 128)
}

/// Whether a random seat's one-value decisions under these rules are
/// drawn by [`Fast::play_quick_seen_drawn`], thrown and drawn in one
/// step: rules with blockades (so the view is marked), every track plain
/// (no detour, no limit to a cell, bonuses in any order), no blockade
/// that must break after some turns, and each throw one value. Where a
/// throw gives two, a one-value decision mostly follows a move by the
/// other: [`fits_seen_drawn`]'s draw, which makes the view only where the
/// pieces do not answer, serves it better (the Russian game: 1.8% fewer
/// instructions, 4% more games a second).
pub(crate) fn fits_seen(rules: &RuleSet, hot: &Hot, flags: &Flags, seats: usize) -> bool {
    flags.blockade > 0
        && answers_seen(rules)
        && rules.stacks.jump == Jump::Any
        && hot.plain.count_ones() as usize == seats
        && rules.stacks.blockade_turns == 0
        && rules.dice.outcomes.iter().all(|o| o.values.len() == 1)
}

/// Whether a random seat's one-value decisions under these rules can be
/// drawn by [`Fast::play_quick_seen_drawn`] where [`fits_seen`] does not
/// hold: rules with blockades on tracks that may have a detour (a move
/// that may reach it is left to the general draw) and bonuses after the
/// dice (one value is no mix of dice and bonuses), and a limit of pieces
/// on a cell only where the view holds the seat's own pieces, so that a
/// cell it saw empty has room. A decision where one of the mover's
/// blockades has stood its time (stacks: blockade_turns) is left to the
/// general draw.
pub(crate) fn fits_seen_drawn(rules: &RuleSet, flags: &Flags) -> bool {
    let stacks = &rules.stacks;
    flags.blockade > 0
        && answers_seen(rules)
        && stacks.jump == Jump::Any
        && ((stacks.max == 0 && stacks.own_max == 0) || flags.view_own)
}

/// Whether the rules leave out what the one-value passes with blockades
/// do not answer: pieces merged on a step (stacks: groups = merged),
/// blockades that stop no one passing (stacks: pass = always), an order
/// of going home (home: order), a piece at the start that must move first
/// (entry: forced = always), and the rules of bearing off (home: gather,
/// exact = furthest).
fn answers_seen(rules: &RuleSet) -> bool {
    !rules.stacks.merged
        && !rules.stacks.always_passes
        && rules.home.order.is_empty()
        && !rules.entry.start_first
        && rules.home.gather == 0
        && !rules.home.furthest_over
}

/// The moves of a one-value decision with a seat's pieces as one word
/// ([`Fast::moves_in_word`]): byte `i` of `steps` the step of piece `i`, of
/// `targets` the step it moves to, and the high bit of byte `i` of
/// `moves` set where that is a legal move.
#[derive(Clone, Copy)]
struct WordMoves {
    steps: u64,
    /// The high bit of each byte that holds one of the seat's pieces.
    live: u64,
    targets: u64,
    moves: u64,
}

/// A move of a one-value decision as a random game lists it: `count`
/// pieces from step `from`, landing on step `landing`, or [`NONE`] where
/// that is left to the whole apply.
#[derive(Clone, Copy, Default)]
#[repr(align(4))] // one store a move
struct Listed {
    from: u8,
    count: u8,
    landing: u8,
}

impl Listed {
    /// One piece from step `from`, landing on step `landing`.
    fn one(from: u8, landing: u8) -> Listed {
        Listed {
            from,
            count: 1,
            landing,
        }
    }

    /// The action this move is, by the value `by`.
    fn action(self, by: u8) -> Action {
        Action::Move {
            from: self.from,
            count: self.count,
            by,
        }
    }
}

impl crate::Game {
    /// Where a random game of quick rules throws and plays the one-value
    /// decision in one step ([`Fast::throw_and_play_quick`]) and `state`
    /// waits for a throw: for each outcome of the dice, whether the step
    /// offers the actions the list holds after the throw, in its order,
    /// and leaves the state each leaves (or the throw's alone where it
    /// plays none). `None` where it does, or where no step is played so.
    pub(crate) fn quick_step_difference(&self, state: &State) -> Option<String> {
        let fast = self.fast();
        if state.phase != Phase::Throw
            || fast.throws_at_once() != Some(AtOnce::Quick)
            || fast.has_stakes()
        {
            return None;
        }
        for i in (0..self.rules.dice.outcomes.len()).filter(|&i| self.may_throw(state, i)) {
            let mut thrown = state.clone();
            fast.apply_fitting(&mut thrown, Action::Throw(i as u8));
            let listed = if thrown.phase == Phase::Move {
                self.legal_actions(&thrown)
            } else {
                Vec::new()
            };
            for j in 0..listed.len().max(1) {
                let (mut fused, mut offered) = (state.clone(), 0);
                let played = fast.throw_and_play_quick(&mut fused, i, |n| {
                    offered = n;
                    j.min(n.saturating_sub(1))
                });
                let Some(action) = played else {
                    if fused != thrown {
                        return Some(format!("throw {i} played alone leaves another state"));
                    }
                    break;
                };
                if offered != listed.len() || listed.get(j) != Some(&action) {
                    let texts: Vec<String> = listed.iter().map(|&a| self.action_text(a)).collect();
                    return Some(format!(
                        "after throw {i}, the one step offers {offered} actions and plays {} as number {j}; the list holds [{}]",
                        self.action_text(action),
                        texts.join(", ")
                    ));
                }
                if self.child(&thrown, action).ok().as_ref() != Some(&fused) {
                    return Some(format!(
                        "after throw {i}, {} played in one step leaves another state",
                        self.action_text(action)
                    ));
                }
            }
        }
        None
    }
}

impl Fast<'_> {
    /// Plays a one-value decision under rules that [`fits_seen`] (or
    /// [`fits_seen_drawn`]) by an action drawn uniformly at random,
    /// `draw(n)` giving a number below `n`, without checking every move
    /// (see [`super::drawn`]): each group at each size, and a pass where
    /// one is allowed, is drawn in a random order, and the first allowed is
    /// played; the view is built only when a move is to be checked. `None`,
    /// with nothing played, where a rule chooses among the moves by what
    /// else can move (clearing the first step; forced entry where no move
    /// out of the start is allowed, or the track has a detour:
    /// [`Fast::forced_entries_drawn`]). With `DETOURS`, for rules that
    /// [`fits_seen_drawn`] only: where a move may reach its track's
    /// detour, the candidates are listed with their rounds as the general
    /// draw lists them ([`Fast::play_one_value_round`]), and a home past
    /// step 127 is no bar to reading the seat as a word.
    /// Inline where it is asked: as a call it was 8% of the instructions
    /// of a game with a blockade and one value a throw.
    #[inline(always)]
    pub(crate) fn play_quick_seen_drawn<const DETOURS: bool>(
        self,
        state: &mut State,
        v: PoolValue,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Option<Action> {
        // Forced entry chooses only where this value lets a piece out.
        if self.flags().entry_forced && self.may_come_out(state, v) {
            return self.forced_entries_drawn(state, draw);
        }
        if self.must_clear_start(state) || self.blockade_first(state) {
            return None;
        }
        if DETOURS && self.may_go_round(state, v.value) {
            return Some(self.play_one_value_round(state, v, draw));
        }
        let seat = state.mover as usize;
        let home = self.home(seat);
        let by = v.value;
        // Each candidate as (from, count); a pass as from NONE.
        let mut candidates = [(0u8, 0u8); MAX_SEAT_PIECES + 1];
        let mut n = 0;
        let (mut view, mut refused) = (None, None);
        if let Some(groups) = self.groups_in_word::<DETOURS>(state) {
            // The groups on their way, and the first piece at the start
            // where `v` lets it out.
            let comes_out = groups.at_start != 0 && self.lets_out_given(state, v, groups.way == 0);
            let candidates_word = groups.way | if comes_out { 0x80 } else { 0 };
            // The first draw needs no list: mostly it is allowed.
            let moves = bytes_set(candidates_word) as usize;
            let options = moves + usize::from(self.may_pass(state));
            let i = if options == 0 { moves } else { draw(options) };
            if i >= moves {
                self.apply_fitting(state, Action::Pass);
                return Some(Action::Pass);
            }
            // Where single pieces move, each group is one piece.
            let single = !self.flags().groups;
            let (from, count) = groups.nth_of(candidates_word, i, single);
            // A clear way is seen from the pieces at once, without a view.
            if let Some(landing) = self.seen_clear_by_bytes(state, from, by) {
                let m = Listed {
                    from,
                    count,
                    landing,
                };
                return Some(self.play_listed_seen(state, m, by));
            }
            // On tracks with a detour the view is made only where the
            // pieces do not answer; on plain ones, made at once, it serves
            // the candidates drawn after.
            let m = if DETOURS {
                self.seen_allowed_lazily(state, &mut view, from, count, v)
            } else {
                let view = view.insert(View::new(self, state, seat));
                self.seen_candidate(state, view, from, count, v)
            };
            if let Some(m) = m {
                return Some(self.play_listed_seen(state, m, by));
            }
            // The rest are drawn from the list.
            n = groups.list_into(candidates_word, &mut candidates, single);
            refused = Some(i);
        } else {
            let comes_out = self.may_come_out(state, v);
            // One candidate a piece, in the order `groups` gives them: the
            // group on its step at the size that piece brings it to, all
            // sizes of a group that moves together, else its first.
            let (mut last, mut count) = (u8::MAX, 0u8);
            for &from in state.pieces[seat].iter().take(MAX_SEAT_PIECES) {
                count = if from == last { count + 1 } else { 1 };
                last = from;
                let movable =
                    from < home && (count == 1 || moves_together(self.flags().groups, from));
                if movable && (from > 0 || comes_out) {
                    candidates[n] = (from, count);
                    n += 1;
                }
            }
        }
        if self.may_pass(state) && n < candidates.len() {
            candidates[n] = (NONE, 0);
            n += 1;
        }
        // A candidate refused already is swapped out as the list's draw does.
        if let Some(i) = refused {
            candidates.swap(i, n - 1);
            n -= 1;
        }
        while n > 0 {
            let i = draw(n);
            let (from, count) = candidates[i];
            candidates.swap(i, n - 1);
            n -= 1;
            if from == NONE {
                break;
            }
            let m = if DETOURS && view.is_none() {
                self.seen_allowed_lazily(state, &mut view, from, count, v)
            } else {
                let view = view.get_or_insert_with(|| View::new(self, state, seat));
                self.seen_candidate(state, view, from, count, v)
            };
            if let Some(m) = m {
                return Some(self.play_listed_seen(state, m, by));
            }
        }
        // A pass drawn, or nothing can move.
        self.apply_fitting(state, Action::Pass);
        Some(Action::Pass)
    }

    /// [`Fast::play_quick_seen_drawn`] where a move by the one waiting value
    /// `v` may reach its track's detour: the candidates listed as the
    /// general draw lists them (each group ascending at each size, then
    /// round the detour where `v` reaches it; a pass last) and drawn as it
    /// draws them, each checked as it checks a candidate that the list
    /// holds. Out of line: few decisions reach a detour.
    #[inline(never)]
    fn play_one_value_round(
        self,
        state: &mut State,
        v: PoolValue,
        draw: &mut impl FnMut(usize) -> usize,
    ) -> Action {
        let seat = state.mover as usize;
        let home = self.home(seat);
        let by = v.value;
        // Each candidate as (from, count, round); a pass as from NONE.
        let mut candidates = [(0u8, 0u8, false); 2 * MAX_SEAT_PIECES + 1];
        let mut n = 0;
        let lets_out = self.lets_out_now(state, v);
        for (from, most) in self.groups(&state.pieces[seat], home) {
            if from == 0 && !lets_out {
                continue;
            }
            let round = self.reaches_detour(seat, from, by);
            for count in 1..=most {
                for round in [false, true].into_iter().take(1 + usize::from(round)) {
                    if n < candidates.len() {
                        candidates[n] = (from, count, round);
                        n += 1;
                    }
                }
            }
        }
        if self.may_pass(state) && n < candidates.len() {
            candidates[n] = (NONE, 0, false);
            n += 1;
        }
        let mut view = None;
        while n > 0 {
            let i = draw(n);
            let (from, count, round) = candidates[i];
            candidates.swap(i, n - 1);
            n -= 1;
            if from == NONE {
                break;
            }
            if self.allowed_lazily(state, &mut view, from, count, v, round) {
                let a = Action::moving(from, count, by, round);
                self.apply_fitting(state, a);
                return a;
            }
        }
        // A pass drawn, or nothing can move.
        self.apply_fitting(state, Action::Pass);
        Action::Pass
    }

    /// Whether a move of the mover's by the value `by` may reach its
    /// track's detour, and so be listed going round it too: then the
    /// decision is not drawn by [`Fast::play_quick_seen_drawn`], nor its
    /// candidates numbered by [`Game::drawn_move`].
    #[inline(always)]
    pub(super) fn may_go_round(self, state: &State, by: u8) -> bool {
        let seat = state.mover as usize;
        let Some((first, last)) = self.detour(seat) else {
            return false;
        };
        let Some((steps, live)) = state.pieces.seat_word(seat) else {
            return state.pieces[seat]
                .iter()
                .any(|&from| self.reaches_detour(seat, from, by));
        };
        // As `Game::reaches_detour` asks it of each piece: short of the
        // detour by at most `by`, or on it (where it may be gone round
        // again) at most `by` short of its end.
        let short = if first > 0 {
            bytes_between(steps, first.saturating_sub(by), first - 1)
        } else {
            0
        };
        let past_end = (last as u16 + 1).saturating_sub(by as u16);
        let on = if self.detour_again(seat) && past_end <= last as u16 {
            bytes_between(steps, first.max(past_end as u8), last)
        } else {
            0
        };
        (short | on) & live != 0
    }

    /// The candidate of a one-value decision under rules that
    /// [`fits_seen`] (or [`fits_seen_drawn`]) that moves `count` pieces
    /// from step `from` by the value `v`, with its landing step, where the
    /// rules allow it.
    #[inline(always)]
    fn seen_candidate(
        self,
        state: &State,
        view: &View,
        from: u8,
        count: u8,
        v: PoolValue,
    ) -> Option<Listed> {
        let home = self.home(state.mover as usize);
        let target = self.quick_seen_target(from, v.value);
        let sure = self.sure_landing(state, view, from, target, home);
        let landing = self.seen_landing(sure, state, view, from, count, v)?;
        Some(Listed {
            from,
            count,
            landing,
        })
    }

    /// [`Fast::seen_candidate`] with the view made only where the pieces
    /// do not answer ([`Fast::allowed_lazily`]), a move allowed that way
    /// landing where the whole apply takes it ([`NONE`]). Out of line: it
    /// is asked where the walk of the first candidate did not find it clear.
    #[inline(never)]
    fn seen_allowed_lazily(
        self,
        state: &State,
        view: &mut Option<View>,
        from: u8,
        count: u8,
        v: PoolValue,
    ) -> Option<Listed> {
        self.allowed_lazily(state, view, from, count, v, false)
            .then_some(Listed {
                from,
                count,
                landing: NONE,
            })
    }

    /// Plays a move of a one-value decision under rules that [`fits_seen`]
    /// (or [`fits_seen_drawn`]) by the value `by`, listed with its landing
    /// step ([`NONE`] where the whole check allowed it), and returns it.
    #[inline(always)]
    fn play_listed_seen(self, state: &mut State, m: Listed, by: u8) -> Action {
        // A pair of a blockade followed through the throw is the whole
        // apply's to keep (rules that `fits_seen` or `fits_seen_drawn` have
        // blockades).
        if m.landing == NONE {
            self.apply_move(state, m.from, m.count, by, false);
            return m.action(by);
        }
        if self.flags().pairs_apart {
            // The landing is clear: the move is applied without asking again.
            if m.count == 1 {
                self.apply_clear_step(state, m.from, by);
            } else {
                self.apply_move(state, m.from, m.count, by, false);
            }
            return m.action(by);
        }
        // A sure landing is on a cell where the view saw nobody: where the
        // view holds every seat the mover takes, nothing is taken.
        self.land_listed(state, m, by, self.race.view_holds_prey)
    }

    /// The step a group on step `from` makes for by the value `by` under
    /// rules that [`fits_seen`]: its first step out of the start, or the
    /// whole value on (`entry: moves = score`).
    #[inline(always)]
    fn quick_seen_target(self, from: u8, by: u8) -> u16 {
        if from > 0 {
            from as u16 + by as u16
        } else if self.flags().entry_moves_score {
            by as u16
        } else {
            1
        }
    }

    /// The step a group on step `from` reaches by the value `by` under
    /// rules that [`fits_seen`], where the mover's pieces show its way and
    /// landing cell clear ([`Fast::clear_to_by_bytes`]) and it brings no
    /// split pair together: such a move is allowed at every size of the
    /// group. `None` where the pieces do not show that.
    #[inline(always)]
    pub(super) fn seen_clear_by_bytes(self, state: &State, from: u8, by: u8) -> Option<u8> {
        let target = self.quick_seen_target(from, by);
        (self.clear_to_by_bytes(state, state.mover as usize, from, target)
            && !self.rejoins_split(state, from, target))
        .then_some(target as u8)
    }

    /// The step `target` where a move from step `from` surely lands
    /// ([`Fast::clear_to`]) and does not bring the two pieces of a pair
    /// split in this throw together again (stacks: pairs = apart), which a
    /// view without the mover's own side does not see.
    #[inline(always)]
    fn sure_landing(
        self,
        state: &State,
        view: &View,
        from: u8,
        target: u16,
        home: u8,
    ) -> Option<u8> {
        (self.clear_to(view, from, target, home) && !self.rejoins_split(state, from, target))
            .then_some(target as u8)
    }

    /// Whether a move from step `from` to step `target` brings the two
    /// pieces of a pair split in this throw together again; asked only
    /// under `stacks: pairs = apart`, the one rule that splits pairs.
    #[inline(always)]
    fn rejoins_split(self, state: &State, from: u8, target: u16) -> bool {
        self.flags().pairs_apart && state.split.rejoins(from, target as u8)
    }

    /// Where `count` pieces from step `from` land by the value `v` under
    /// rules that [`fits_seen`], where the rules let them move: on the
    /// `sure` step where the way there is clear ([`Fast::clear_to`]),
    /// [`NONE`] where the whole check allows it, `None` where it does not.
    #[inline(always)]
    fn seen_landing(
        self,
        sure: Option<u8>,
        state: &State,
        view: &View,
        from: u8,
        count: u8,
        v: PoolValue,
    ) -> Option<u8> {
        sure.or_else(|| {
            let allowed = self
                .check_target(state, view, from, count, v, false)
                .is_ok();
            allowed.then_some(NONE)
        })
    }

    /// The rules that choose among the listed moves (forced entry, clearing
    /// the first step), then `Pass` where allowed or where nothing moves.
    #[inline(always)]
    fn choose_or_pass(self, state: &State, out: &mut Vec<Action>) {
        self.keep_by_entry(state, out);
        if out.is_empty() || self.may_pass(state) {
            out.push(Action::Pass);
        }
    }

    /// The legal actions where the mover has the one waiting value `v`, a
    /// die value above 0, no pair of a blockade is followed, under rules
    /// that [`fits`]: each step of the mover's
    /// pieces once, ascending, then the rules that choose among the moves
    /// (forced entry, clearing the first step), then `Pass` where allowed.
    pub(crate) fn quick_moves(self, state: &State, v: PoolValue, out: &mut Vec<Action>) {
        let by = v.value;
        let push = |from, _| out.push(Action::Move { from, count: 1, by });
        match self.quick_checks() {
            (false, false) => self.each_quick_move::<false, false>(state, v, push),
            (false, true) => self.each_quick_move::<false, true>(state, v, push),
            (true, false) => self.each_quick_move::<true, false>(state, v, push),
            (true, true) => self.each_quick_move::<true, true>(state, v, push),
        }
        self.choose_or_pass(state, out);
    }

    /// Which checks of a landing cell the rules can refuse a quick move
    /// by: the seat's own pieces there (`stacks: own_max`), and another
    /// side's (a cell that may not be shared). The others are left out
    /// of the compiled pass.
    #[inline(always)]
    fn quick_checks(self) -> (bool, bool) {
        (self.own_max() > 0, !self.flags().safe_shared)
    }

    /// Plays the decision [`Fast::quick_moves`] answers by its action
    /// number `pick(n)` of `n`, as applying that action would, and returns
    /// the action. Each move is listed with the step it reaches, so the
    /// one played needs no working out again.
    #[inline(never)]
    pub(crate) fn play_quick(
        self,
        state: &mut State,
        v: PoolValue,
        pick: impl FnOnce(usize) -> usize,
    ) -> Action {
        match self.quick_checks() {
            (false, false) => self.play_quick_checking::<false, false>(state, v, pick),
            (false, true) => self.play_quick_checking::<false, true>(state, v, pick),
            (true, false) => self.play_quick_checking::<true, false>(state, v, pick),
            (true, true) => self.play_quick_checking::<true, true>(state, v, pick),
        }
    }

    /// [`Fast::play_quick`] with the checks of a landing cell that
    /// [`Fast::quick_checks`] gives.
    fn play_quick_checking<const OWN: bool, const OTHERS: bool>(
        self,
        state: &mut State,
        v: PoolValue,
        pick: impl FnOnce(usize) -> usize,
    ) -> Action {
        // Each move as its step and the step it reaches: two bytes, which
        // measured cheaper here than a `Listed`.
        let mut moves = [[0u8; 2]; MAX_SEAT_PIECES];
        let mut n = 0;
        self.each_quick_move::<OWN, OTHERS>(state, v, |from, landing| {
            if let Some(slot) = moves.get_mut(n) {
                *slot = [from, landing];
                n += 1;
            }
        });
        match self.pick_listed(state, &mut moves[..n], |m| m[0], pick) {
            None => Action::Pass,
            Some([from, landing]) => {
                self.land_listed(state, Listed::one(from, landing), v.value, false)
            }
        }
    }

    /// Throws outcome `i` of the dice and, where that leaves a one-value
    /// decision that [`Fast::play_quick`] answers, plays it at once by its
    /// action number `pick(n)` of `n`: the state is the one that applying
    /// the throw and then that action leaves, and the action is returned.
    /// Any other throw is applied as [`Fast::apply_throw`] applies it, and
    /// `None` returned. A random game of quick rules goes so, throw and
    /// decision in one step, without reading the throw back from the pool.
    /// Inline into that game's loop: a call, with the registers it saves
    /// and restores, was 4% of the instructions of a game of one die.
    #[inline(always)]
    pub(crate) fn throw_and_play_quick(
        self,
        state: &mut State,
        i: usize,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Action> {
        match self.quick_checks() {
            (false, false) => self.throw_and_play_checking::<false, false>(state, i, pick),
            (false, true) => self.throw_and_play_checking::<false, true>(state, i, pick),
            (true, false) => self.throw_and_play_checking::<true, false>(state, i, pick),
            (true, true) => self.throw_and_play_checking::<true, true>(state, i, pick),
        }
    }

    /// [`Fast::throw_and_play_quick`] with the checks of a landing cell
    /// that [`Fast::quick_checks`] gives.
    #[inline(always)]
    fn throw_and_play_checking<const OWN: bool, const OTHERS: bool>(
        self,
        state: &mut State,
        i: usize,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Action> {
        let v = self.throw_one_value(state, i)?;
        if self.race.word_moves
            && let Some(moves) = self.moves_in_word::<OWN, OTHERS>(state, v)
        {
            return Some(self.play_word_move(state, moves, v.value, pick));
        }
        let mut moves = [[0u8; 2]; MAX_SEAT_PIECES];
        let mut n = 0;
        self.each_quick_move::<OWN, OTHERS>(state, v, |from, landing| {
            if let Some(slot) = moves.get_mut(n) {
                *slot = [from, landing];
                n += 1;
            }
        });
        Some(
            match self.pick_listed(state, &mut moves[..n], |m| m[0], pick) {
                None => Action::Pass,
                Some([from, target]) => self.land_quick(state, from, target, v.value),
            },
        )
    }

    /// The moves of a one-value decision of quick rules for a seat of at
    /// most eight pieces, each piece a byte of one word, all pieces
    /// looked at together: the same moves as [`Fast::each_quick_move`]
    /// lists, after the rules that choose among them
    /// ([`Fast::kept_by_entry`]), without a branch a piece where the rules
    /// allow ([`word_fits`]). `None` where the pieces are no word.
    #[inline(always)]
    fn moves_in_word<const OWN: bool, const OTHERS: bool>(
        self,
        state: &State,
        v: PoolValue,
    ) -> Option<WordMoves> {
        let seat = state.mover as usize;
        // Quick rules move no groups: each step on the way once, its first piece.
        let WordGroups {
            steps,
            live,
            way,
            at_start,
        } = self.groups_in_word::<false>(state)?;
        let home = self.home(seat) as u64;
        let reached = steps + v.value as u64 * ONES;
        let exact = below_bytes(reached, (home + 1) * ONES);
        // The first piece at the start, where `v` lets it out.
        let out = if at_start != 0 && self.lets_out_given(state, v, way == 0) {
            0x80
        } else {
            0
        };
        // A piece leaving its start goes to its first step.
        let targets = (reached & !whole_bytes(at_start)) | (ONES & whole_bytes(at_start));
        let mut moves = (way & exact) | out;
        // Room on the cell: the seat's own pieces (`own_max` is 1 here).
        if OWN {
            // A piece moves up, and the steps are sorted: only a piece
            // after it can stand where it lands. Each shift lines every
            // piece up with one further on (the seat's bytes only, so none
            // past them: no target is step 0). Each shift is made from the
            // steps themselves, not from the last shift, so that they go
            // side by side; up to four pieces, three of them always (one
            // past the seat's pieces lines up nothing).
            let further = steps & whole_bytes(live);
            let lined_up = |shift: usize| zero_bytes_of_word(targets ^ (further >> (8 * shift)));
            let per_seat = state.pieces.per_seat();
            let mut own = if per_seat <= 4 {
                lined_up(1) | lined_up(2) | lined_up(3)
            } else {
                (1..per_seat).fold(0, |own, shift| own | lined_up(shift))
            };
            if self.flags().goal <= 1 {
                own &= below_bytes(targets, home * ONES);
            }
            moves &= !own;
        }
        // stacks: jump = not_own: no piece passes one of its own on a
        // guarded step ([`word_fits`]: they are one run).
        if self.race.hot.jump {
            moves &= !self.passes_own_in_word(state, steps, live, targets);
        }
        // Another side there: taken, or a safe cell that may be shared.
        if OTHERS && !self.flags().safe_shared {
            let mut left = moves;
            while left != 0 {
                let at = left.trailing_zeros() & !7;
                left &= left - 1;
                let (from, target) = ((steps >> at) as u8, (targets >> at) as u8);
                if (target as u64) < home
                    && !(self.flags().by_landing && self.takes_on(seat, from, target))
                    && self.held_by_bytes(state, seat, target)
                {
                    moves &= !(0x80 << at);
                }
            }
        }
        // The rules that choose among the moves (`Game::kept_by_entry`),
        // which matter only while a piece waits at the start.
        let flags = self.flags();
        if at_start != 0 && (flags.entry_forced | flags.clear_start) {
            if flags.entry_forced && moves & at_start != 0 {
                moves &= at_start;
            }
            let on_first = zero_bytes_of_word(steps ^ ONES) & live;
            if flags.clear_start && moves & on_first != 0 {
                moves &= on_first;
            }
        }
        Some(WordMoves {
            steps,
            live,
            targets,
            moves,
        })
    }

    /// The pieces of the mover's word (`steps`, `live`) that would pass one
    /// of its own on a guarded step on the way to `targets`, a high bit
    /// each: the steps are sorted, so a piece passes the pieces after it
    /// that stand past its own step (where own pieces may share a step,
    /// those beside it are not passed) and below its target.
    #[cold]
    #[inline(never)]
    fn passes_own_in_word(self, state: &State, steps: u64, live: u64, targets: u64) -> u64 {
        let (lo, hi) = self.race.guard_span[state.mover as usize % MAX_SEATS];
        // The pieces on guarded steps (none past the seat's bytes).
        let guarded = !below_bytes(steps, lo as u64 * ONES)
            & below_bytes(steps, (hi as u64 + 1) * ONES)
            & live;
        // Each shift lines every piece up with one further on; none is
        // guarded past the seat's bytes, so a shift past them adds nothing.
        let passes = |shift: usize| {
            let (after, guarded_after) = (steps >> (8 * shift), guarded >> (8 * shift));
            guarded_after & below_bytes(steps, after) & below_bytes(after, targets)
        };
        // Up to four pieces, the three shifts written out: a loop over
        // them cost half of this check.
        let per_seat = state.pieces.per_seat();
        if per_seat <= 4 {
            passes(1) | passes(2) | passes(3)
        } else {
            (1..per_seat).fold(0, |all, shift| all | passes(shift))
        }
    }

    /// Plays the move of `moves` numbered `pick(n)` of the `n` legal
    /// actions of its decision (the moves, then `Pass` where allowed), as
    /// [`Fast::pick_listed`] and [`Fast::land_quick`] play a listed one.
    #[inline(always)]
    fn play_word_move(
        self,
        state: &mut State,
        moves: WordMoves,
        by: u8,
        pick: impl FnOnce(usize) -> usize,
    ) -> Action {
        // One bit a byte: byte i of the product counts the moves in bytes
        // 0 to i, so the top byte counts them all.
        let counts = (moves.moves >> 7).wrapping_mul(ONES);
        let n = (counts >> 56) as usize;
        let options = n + usize::from((n == 0) | self.may_pass_after_die(state));
        let k = pick(options);
        if k >= n {
            self.apply_fitting(state, Action::Pass);
            return Action::Pass;
        }
        // The move numbered k is the one with k moves before it.
        let picked = zero_bytes_of_word(counts ^ ((k as u64 + 1) * ONES)) & moves.moves;
        let at = picked.trailing_zeros() & !7;
        let (from, target) = ((moves.steps >> at) as u8, (moves.targets >> at) as u8);
        if !self.lands_plainly(state, from, target) {
            return self.land_listed(state, Listed::one(from, target), by, false);
        }
        let seat = state.mover as usize;
        let moved = moved_up_in_word(moves.steps, moves.live, picked, target);
        state.pieces.set_seat_word(seat, moved);
        self.note_moved(state, target);
        self.after_plain_landing(state, from);
        Action::Move { from, count: 1, by }
    }

    /// Applies outcome `i` of the dice as [`Fast::apply_throw`] does, and
    /// returns its value where it is one value that
    /// [`Fast::throw_and_play_quick`] plays at once.
    #[inline(always)]
    fn throw_one_value(self, state: &mut State, i: usize) -> Option<PoolValue> {
        let Some(v) = self.one_value_throw(state, i) else {
            self.apply_throw(state, i);
            return None;
        };
        // Without a branch: whether a throw gives another is chance.
        state.streak = state.streak.saturating_add(v.again as u8);
        state.extra = state.extra.saturating_add(v.again as u8);
        state.used = 0;
        state.split.clear();
        state.doubles = false;
        state.pool.push(v);
        state.phase = Phase::Move;
        Some(v)
    }

    /// [`Fast::throw_and_play_quick`] for rules with blockades that
    /// [`fits_seen`]: a one-value throw is decided at once by
    /// [`Fast::play_quick_seen_drawn`], the action drawn uniformly by
    /// `draw(n)`, a number below `n`. `None` where the throw leaves
    /// something else, or a decision that must be listed in full. Inline
    /// into the random game's loop, as [`Fast::throw_and_play_quick`].
    #[inline(always)]
    pub(crate) fn throw_and_draw_seen(
        self,
        state: &mut State,
        i: usize,
        mut draw: impl FnMut(usize) -> usize,
    ) -> Option<Action> {
        let v = self.throw_one_value(state, i)?;
        self.play_quick_seen_drawn::<false>(state, v, &mut draw)
    }

    /// The value of outcome `i` of the dice, where it is one value that
    /// [`Fast::throw_and_play_quick`] plays at once: one die value above 0,
    /// no double, not a throw again past the limit, thrown into an empty
    /// pool and used before any other throw (`Throw::one_value`).
    #[inline(always)]
    fn one_value_throw(self, state: &State, i: usize) -> Option<PoolValue> {
        let t = self.race.throws.get(i)?;
        // Without a branch on the throw: which it is is chance.
        let over_limit = u16::from(state.streak) + 1 >= t.again_cap;
        let plain =
            t.one_value & !over_limit & (state.phase == Phase::Throw) & state.pool.is_empty();
        plain.then_some(PoolValue {
            value: t.values[0],
            again: t.again,
            bonus: false,
        })
    }

    /// Whether the mover's piece from step `from` to step `target` lands
    /// plainly: short of its goal, with nothing to take there.
    #[inline(always)]
    fn lands_plainly(self, state: &State, from: u8, target: u8) -> bool {
        let seat = state.mover as usize;
        target < self.goal_from(seat) && !self.may_take_on_landing(state, seat, from, target)
    }

    /// Plays the move of one piece from step `from` to step `target` by
    /// the one waiting value `by`, listed by a quick decision, and returns
    /// it. The common move, short of the goal with nothing to take, goes
    /// on without the rest of [`Fast::land`].
    #[inline(always)]
    fn land_quick(self, state: &mut State, from: u8, target: u8, by: u8) -> Action {
        let seat = state.mover as usize;
        let m = Listed::one(from, target);
        if !self.lands_plainly(state, from, target) {
            return self.land_listed(state, m, by, false);
        }
        if !self.move_first_up(state, seat, from, target, false) {
            return self.land_listed(state, m, by, false);
        }
        self.after_plain_landing(state, from);
        m.action(by)
    }

    /// The rest of a plain landing of the mover's piece from step `from`
    /// by its one waiting value: the value used up, the turn going on.
    #[inline(always)]
    fn after_plain_landing(self, state: &mut State, from: u8) {
        if let Some(entered) = state.entered.get_mut(state.mover as usize) {
            *entered |= from == 0;
        }
        state.pool.clear();
        state.used = state.used.saturating_add(1);
        self.after_value(state);
    }

    /// Picks number `pick(n)` of the `n` legal actions of a one-value
    /// decision whose moves are `moves`, listed before the rules that
    /// choose among them: those rules first ([`Fast::kept_by_entry`]),
    /// then `Pass` where allowed. A pass is played at once
    /// (`None`); a move is returned for the caller to play.
    #[inline(always)]
    fn pick_listed<M: Copy>(
        self,
        state: &mut State,
        moves: &mut [M],
        from: impl Fn(&M) -> u8,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<M> {
        let n = self.kept_by_entry(state, moves, |m| Some(from(m)));
        let options = n + usize::from(n == 0 || self.may_pass(state));
        let picked = moves[..n].get(pick(options)).copied();
        if picked.is_none() {
            self.apply_fitting(state, Action::Pass);
        }
        picked
    }

    /// Plays a listed move whose landing step is known: its one waiting
    /// value is used up and the pieces land (`nothing_there`: see
    /// [`Fast::land`]).
    #[inline(always)]
    fn land_listed(self, state: &mut State, m: Listed, by: u8, nothing_there: bool) -> Action {
        state.pool.clear();
        state.used = state.used.saturating_add(1);
        self.land(state, m.from, m.count, m.landing, nothing_there);
        m.action(by)
    }

    /// Each move of one piece by the one waiting value `v` under rules that
    /// [`fits`], with the step it reaches, before the rules that choose
    /// among moves: each step of the mover's pieces once, ascending.
    /// `OWN` and `OTHERS` say which checks of the landing cell are made
    /// ([`Fast::quick_checks`]).
    #[inline(always)]
    fn each_quick_move<const OWN: bool, const OTHERS: bool>(
        self,
        state: &State,
        v: PoolValue,
        mut each: impl FnMut(u8, u8),
    ) {
        let seat = state.mover as usize;
        let pieces = &state.pieces[seat];
        let home = self.home(seat);
        let flags = self.flags();
        let by = v.value;
        let comes_out = self.may_come_out(state, v);
        let mut last = u8::MAX;
        for &from in pieces {
            if from >= home {
                break;
            }
            if from == last || (from == 0 && !comes_out) {
                continue;
            }
            last = from;
            let target = if from == 0 {
                1
            } else {
                match self.reach(from, by, home) {
                    Ok(t) => t,
                    Err(_) => continue,
                }
            };
            // stacks: jump: nothing it may not pass stands on its way.
            if self.piece_passed(state, from, 1, target, false).is_some() {
                continue;
            }
            // Room on the cell: only the seat's own pieces are limited.
            if OWN
                && (target < home || flags.goal > 1)
                && state.pieces.count_on(seat, target) >= self.own_max()
            {
                continue;
            }
            // Another side there: taken, or a safe cell that may be shared.
            if OTHERS
                && target < home
                && !flags.safe_shared
                && !(flags.by_landing && self.takes_on(seat, from, target))
                && self.held_by_bytes(state, seat, target)
            {
                continue;
            }
            each(from, target);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::engine::Phase;
    use crate::engine::race::legal::tests::{drawn_as_listed, positions, prey_stands_on, races};
    use crate::engine::race::moves::MAX_WALK;
    use crate::rules::ThrowOrder;
    use rand::RngExt;

    /// Every bundled race that answers or draws one-value decisions
    /// quickly (`quick`, `quick_seen`), at each of its tables, with the
    /// same game answering them the general way.
    fn quick_races() -> Vec<(String, Game, Game)> {
        let mut games = Vec::new();
        for name in crate::variants::names() {
            let rules = crate::variants::compile_bundled(name).expect("bundled variants compile");
            for table in &rules.tables {
                let game = Game::new(rules.clone(), table.players).expect("the table exists");
                if game.race.quick || game.race.quick_seen {
                    let mut general = game.clone();
                    general.race.quick = false;
                    general.race.quick_seen = false;
                    games.push((format!("{name}/{}p", table.players), game, general));
                }
            }
        }
        games
    }

    /// The position `state` with its pieces moved by `bytes`: each piece at
    /// its start or on any step to its home, the mover's pieces anywhere
    /// their own limits allow or not (a state past `stacks: own_max` does
    /// not fit the game: [`positions_and_scattered`] leaves it out).
    fn scrambled(game: &Game, state: &State, bytes: &[u8]) -> State {
        let mut state = state.clone();
        let per_seat = state.pieces.per_seat();
        for seat in 0..state.pieces.len() {
            let home = game.race.hot.home[seat] as u16;
            let steps = &mut state.pieces[seat];
            for (i, step) in steps.iter_mut().enumerate() {
                let b = bytes[(seat * per_seat + i) % bytes.len()];
                *step = if b < 96 {
                    0
                } else {
                    (b as u16 % (home + 1)) as u8
                };
            }
            steps.sort_unstable();
        }
        state
    }

    /// `count` positions of random games of `game` from `seed`, each
    /// followed by itself with its pieces scattered ([`scrambled`]) where
    /// that fits the game.
    fn positions_and_scattered(game: &Game, seed: u64, count: usize) -> Vec<State> {
        let mut bytes = seed;
        positions(game, seed, count)
            .into_iter()
            .flat_map(|played| {
                bytes = bytes
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let scattered = scrambled(game, &played, &bytes.to_le_bytes());
                [Some(played), game.fits(&scattered).then_some(scattered)]
            })
            .flatten()
            .collect()
    }

    /// The quick list is the general list, action for action, at every
    /// one-value decision of random games and of positions with the pieces
    /// scattered anywhere, in each race whose one-value decisions it answers.
    #[test]
    fn quick_decisions_list_what_the_general_rules_list() {
        // Only where `quick` holds does `legal_fitting` take another path
        // than the general listing: the other races would compare a list
        // with itself.
        let races: Vec<_> = quick_races()
            .into_iter()
            .filter(|(_, game, _)| game.race.quick)
            .collect();
        assert!(
            ["ludo", "mensch"]
                .iter()
                .all(|game| races.iter().any(|(name, ..)| name.starts_with(game))),
            "the races of simple rules are not answered quickly"
        );
        let (mut compared, mut moves, mut passes) = (0usize, 0usize, 0usize);
        for (name, game, general) in &races {
            for state in positions_and_scattered(game, 13, 4000) {
                // The decisions that `quick_moves` answers: one die value.
                if state.phase != Phase::Move || game.fast().one_die_value(&state).is_none() {
                    continue;
                }
                let (mut quick, mut whole) = (Vec::new(), Vec::new());
                game.fast().legal_fitting(&state, &mut quick);
                general.fast().legal_fitting(&state, &mut whole);
                assert_eq!(quick, whole, "{name}: {state:?}");
                compared += 1;
                moves += quick.iter().filter(|a| a.from().is_some()).count();
                passes += usize::from(quick.contains(&Action::Pass));
            }
        }
        assert!(
            compared > 20_000 && moves > 40_000 && passes > 1_500,
            "{compared} one-value decisions, {moves} moves, {passes} with a pass"
        );
    }

    /// Playing a quick decision by its action number leaves the state that
    /// applying that listed action leaves, and names that action, for every
    /// action of every one-value decision of random games and scattered
    /// positions of the races whose one-value decisions `play_quick`
    /// plays (where `quick` is off, `play_picked` plays from the general
    /// list: both sides would run the same code).
    #[test]
    fn playing_a_quick_decision_by_number_applies_that_listed_action() {
        let (mut played_moves, mut passes) = (0usize, 0usize);
        let races: Vec<_> = quick_races()
            .into_iter()
            .filter(|(_, game, _)| game.race.quick)
            .collect();
        assert!(!races.is_empty());
        for (name, game, _) in &races {
            for state in positions_and_scattered(game, 17, 3000) {
                if game.fast().one_die_value(&state).is_none() {
                    continue;
                }
                let mut listed = Vec::new();
                game.fast().legal_fitting(&state, &mut listed);
                for (i, &action) in listed.iter().enumerate() {
                    let mut applied = state.clone();
                    game.fast().apply_fitting(&mut applied, action);
                    let mut quick = state.clone();
                    let mut offered = 0;
                    let named = game.fast().play_picked(&mut quick, &mut Vec::new(), |n| {
                        offered = n;
                        i
                    });
                    assert_eq!(offered, listed.len(), "{name}: {state:?}");
                    assert_eq!(named, action, "{name}: {state:?}");
                    assert_eq!(quick, applied, "{name}: {action} in {state:?}");
                    if action == Action::Pass {
                        passes += 1;
                    } else {
                        played_moves += 1;
                    }
                }
            }
        }
        assert!(
            played_moves > 30_000 && passes > 1_500,
            "{played_moves} moves and {passes} passes compared"
        );
    }

    /// Throwing and playing a quick decision in one step leaves the state
    /// that applying the throw and then the listed action of that number
    /// leaves, and names that action; a throw it does not play at once is
    /// applied as a throw alone. Checked for every outcome of the dice and
    /// every action after it, in positions waiting for a throw of random
    /// games and with the pieces scattered, for every race of quick rules.
    #[test]
    fn a_throw_played_at_once_is_the_throw_then_the_listed_action() {
        let (mut at_once, mut apart, mut passes) = (0usize, 0usize, 0usize);
        // Each race of quick rules with its seats' pieces as words and without.
        let races: Vec<_> = quick_races()
            .into_iter()
            .filter(|(_, g, _)| g.race.quick)
            .flat_map(|(name, game, mut apart)| {
                apart.race.quick = true;
                apart.race.word_moves = false;
                [
                    (name.clone(), game),
                    (format!("{name} piece by piece"), apart),
                ]
            })
            .collect();
        assert!(
            races.iter().filter(|(_, g)| g.race.word_moves).count() >= 3,
            "the races of quick rules do not look at words"
        );
        for (name, game) in &races {
            for state in positions_and_scattered(game, 19, 1500) {
                if state.phase != Phase::Throw {
                    continue;
                }
                for i in 0..game.rules.dice.outcomes.len() {
                    let mut thrown = state.clone();
                    game.fast()
                        .apply_fitting(&mut thrown, Action::Throw(i as u8));
                    let listed = if thrown.phase == Phase::Move {
                        game.legal_actions(&thrown)
                    } else {
                        Vec::new()
                    };
                    // Each action after the throw, or none where it leaves no decision.
                    for j in 0..listed.len().max(1) {
                        let mut fused = state.clone();
                        let mut offered = 0;
                        let played = game.fast().throw_and_play_quick(&mut fused, i, |n| {
                            offered = n;
                            j
                        });
                        let Some(action) = played else {
                            assert_eq!(fused, thrown, "{name}: throw {i} in {state:?}");
                            apart += 1;
                            break;
                        };
                        let mut applied = thrown.clone();
                        game.fast().apply_fitting(&mut applied, listed[j]);
                        assert_eq!(offered, listed.len(), "{name}: throw {i} in {state:?}");
                        assert_eq!(action, listed[j], "{name}: throw {i} in {state:?}");
                        assert_eq!(fused, applied, "{name}: {action} after {i} in {state:?}");
                        at_once += 1;
                        passes += usize::from(action == Action::Pass);
                    }
                }
            }
        }
        assert!(
            at_once > 40_000 && apart > 200 && passes > 2_000,
            "{at_once} played at once ({passes} passes), {apart} throws apart"
        );
    }

    /// The outcome of the dice that gives the one value `value`.
    fn outcome_of(game: &Game, value: u8) -> usize {
        (game.rules.dice.outcomes.iter())
            .position(|o| o.values == [value])
            .expect("a die value")
    }

    /// `stacks { jump = not_own  jump_in = goal_squares }` (Mensch, no
    /// jumping in the goal) in the word pass that plays a random seat's
    /// throw: yellow has pieces on step 40 (a6, before its goal) and 42
    /// (goal square b). A 3 would take the piece on 40 past its own on b,
    /// and 42 + 3 overshoots: the seat passes. A 1 moves the piece on 40
    /// to goal square a, short of its own (or the piece on 42 to c): both
    /// are offered, in the list's order.
    #[test]
    fn the_word_pass_keeps_a_piece_from_passing_its_own_in_the_goal() {
        let rules = crate::variants::compile_bundled("house/mensch-no-jumping-in-goal")
            .expect("bundled variants compile");
        let game = Game::new(rules, 2).expect("two players");
        assert!(game.race.word_moves && game.race.hot.jump);
        let state = game
            .load_state(
                &serde_json::json!({
                    "pieces": [[0, 0, 40, 42], [0, 0, 0, 10]],
                    "mover": 0, "phase": "throw", "pool": [], "extra": 0,
                    "entered": [true, true], "turns": 3, "finished": [], "at_limit": false,
                })
                .to_string(),
            )
            .expect("a valid state");
        let outcome = |value| outcome_of(&game, value);
        let mut three = state.clone();
        let played = game
            .fast()
            .throw_and_play_quick(&mut three, outcome(3), |n| {
                assert_eq!(n, 1, "the pass alone");
                0
            });
        assert_eq!(played, Some(Action::Pass));
        let mut offered = Vec::new();
        for pick in 0..2 {
            let mut one = state.clone();
            let played = game.fast().throw_and_play_quick(&mut one, outcome(1), |n| {
                assert_eq!(n, 2);
                pick
            });
            offered.push(played.expect("a move"));
            if pick == 0 {
                assert_eq!(&one.pieces[0], &[0, 0, 41, 42]);
            }
        }
        assert_eq!(offered, [Action::step(40, 1), Action::step(42, 1)]);
    }

    /// The same rule where a seat's own pieces may share a step (Ludo,
    /// every step guarded, `stacks { jump = not_own }`): a piece moves away
    /// from its own beside it, which it does not pass, but not past its
    /// own further on. Yellow's pieces on 10, 10 and 12 with a 3: the
    /// first on 10 would pass 12 and stay; the piece on 12 goes to 15.
    #[test]
    fn the_word_pass_lets_a_piece_leave_its_own_on_its_step() {
        let text = "extends \"ludo\"\nstacks { jump = not_own }\n";
        let file = crate::SourceFile::new("house.variant", text);
        let rules = std::sync::Arc::new(crate::compile(&file).expect("the house rule compiles"));
        let game = Game::new(rules, 2).expect("two players");
        assert!(game.race.word_moves && game.race.hot.jump);
        let pieces = |steps: [u8; 4]| {
            game.load_state(
                &serde_json::json!({
                    "pieces": [steps, [0, 0, 0, 0]],
                    "mover": 0, "phase": "throw", "pool": [], "extra": 0,
                    "entered": [true, false], "turns": 3, "finished": [], "at_limit": false,
                })
                .to_string(),
            )
            .expect("a valid state")
        };
        let outcome = |value| outcome_of(&game, value);
        let offered = |state: &State, value: u8| {
            let mut listed = Vec::new();
            for pick in 0.. {
                let mut after = state.clone();
                let mut n = 0;
                let played = game
                    .fast()
                    .throw_and_play_quick(&mut after, outcome(value), |k| {
                        n = k;
                        pick
                    });
                listed.push(played.expect("a decision"));
                if pick + 1 >= n {
                    break;
                }
            }
            listed
        };
        // Past its own on 12: refused; the piece on 12 moves on.
        let apart = pieces([0, 10, 12, 30]);
        assert_eq!(
            offered(&apart, 3),
            [Action::step(12, 3), Action::step(30, 3)]
        );
        // Away from its own on 10, past nothing: allowed.
        let shared = pieces([0, 10, 10, 30]);
        assert_eq!(
            offered(&shared, 3),
            [Action::step(10, 3), Action::step(30, 3)]
        );
        for state in [apart, shared] {
            let mut thrown = state.clone();
            game.fast()
                .apply_fitting(&mut thrown, Action::Throw(outcome(3) as u8));
            assert_eq!(offered(&state, 3), game.legal_actions(&thrown));
        }
    }

    /// Throwing and drawing a decision of rules with blockades in one step
    /// leaves the state, and names the action, that applying the throw and
    /// then drawing the decision with the same draws does; where it leaves
    /// the decision to the whole list, the state is the throw's alone.
    /// Checked for every outcome of the dice in positions waiting for a
    /// throw of random games and with the pieces scattered.
    #[test]
    fn a_throw_drawn_at_once_is_the_throw_then_the_drawn_action() {
        let (mut at_once, mut apart) = (0usize, 0usize);
        for (name, game, _) in quick_races().iter().filter(|(_, g, _)| g.race.quick_seen) {
            for (k, state) in positions_and_scattered(game, 29, 1000).iter().enumerate() {
                if state.phase != Phase::Throw {
                    continue;
                }
                for i in 0..game.rules.dice.outcomes.len() {
                    let seed = (k * 64 + i) as u64;
                    let (mut a, mut b) = (crate::sim::rng(seed), crate::sim::rng(seed));
                    let mut thrown = state.clone();
                    game.fast()
                        .apply_fitting(&mut thrown, Action::Throw(i as u8));
                    let mut fused = state.clone();
                    let draw = |n: usize| a.random_range(0..n);
                    let Some(action) = game.fast().throw_and_draw_seen(&mut fused, i, draw) else {
                        assert_eq!(fused, thrown, "{name}: throw {i} in {state:?}");
                        apart += 1;
                        continue;
                    };
                    let drawn = game
                        .fast()
                        .play_drawn(&mut thrown, &mut Vec::new(), |n| b.random_range(0..n));
                    assert_eq!(action, drawn, "{name}: throw {i} in {state:?}");
                    assert_eq!(fused, thrown, "{name}: {action} after {i} in {state:?}");
                    at_once += 1;
                }
            }
        }
        assert!(
            at_once > 10_000 && apart > 1_000,
            "{at_once} drawn at once, {apart} throws apart"
        );
    }

    /// With all throws first (`turn: throws = all_first`), a throw that
    /// gives no other into an empty pool is one value used at once, as a
    /// throw is where each is used before the next: a random game draws its
    /// move with the throw. A throw that gives another is followed by that
    /// throw: nothing is drawn, and the seat throws again.
    #[test]
    fn with_all_throws_first_a_throw_that_gives_no_other_is_drawn_at_once() {
        let (name, game, _) = quick_races()
            .into_iter()
            .find(|(name, ..)| name.starts_with("house/pachisi-all-throws-first"))
            .expect("the house rule answers one-value decisions quickly");
        assert_eq!(game.rules.turn.throws, ThrowOrder::AllFirst);
        let (mut at_once, mut again) = (0usize, 0usize);
        for state in positions_and_scattered(&game, 31, 300) {
            if state.phase != Phase::Throw || !state.pool.is_empty() {
                continue;
            }
            for (i, outcome) in game.rules.dice.outcomes.iter().enumerate() {
                let mut fused = state.clone();
                let drawn = game.fast().throw_and_draw_seen(&mut fused, i, |n| n - 1);
                if outcome.again {
                    assert_eq!(drawn, None, "{name}: throw {i} gives another");
                    assert_eq!(fused.phase, Phase::Throw, "{name}: throw {i} gives another");
                    again += 1;
                } else {
                    assert!(drawn.is_some(), "{name}: throw {i} in {state:?}");
                    at_once += 1;
                }
            }
        }
        assert!(
            at_once > 100 && again > 100,
            "{at_once} at once, {again} again"
        );
    }

    /// The way of a move is clear by one comparison of the pieces a step
    /// exactly where the marked view finds it clear: for every seat, every
    /// step and every move short enough to walk, in positions of random
    /// games of every bundled race with blockades whose pieces fit.
    #[test]
    fn a_way_asked_of_the_pieces_is_clear_where_the_view_sees_it_clear() {
        let (mut clear, mut blocked) = (0usize, 0usize);
        for (name, game) in races() {
            if !game.race.marks_view || game.race.seating.viewed_steps(0, 1).is_none() {
                continue;
            }
            for state in positions(&game, 41, 300) {
                for seat in 0..game.seats().len() {
                    let view = View::new(game.fast(), &state, seat);
                    let home = game.race.hot.home[seat];
                    for from in 0..home {
                        for target in from as u16 + 1..=from as u16 + MAX_WALK {
                            let seen = game.fast().clear_to(&view, from, target, home);
                            let asked = game.fast().clear_to_by_bytes(&state, seat, from, target);
                            assert_eq!(
                                asked, seen,
                                "{name}: seat {seat} from {from} to {target} in {state:?}"
                            );
                            clear += usize::from(seen);
                            blocked += usize::from(!seen && target < home as u16);
                        }
                    }
                }
            }
        }
        assert!(
            clear > 10_000 && blocked > 1_000,
            "{clear} ways clear, {blocked} blocked"
        );
    }

    /// Parcheesi's one-value decision is drawn in the quick pass, its home
    /// past step 127 read from the seat's word, and where a move may reach
    /// the second lap (steps 65 to 132) it is listed with its round as the
    /// general draw lists it: red with pawns on steps 10 and 30 and a 3 to
    /// move moves one of them; with a pawn on step 63 instead, the three
    /// candidates are the pawn on 10, the pawn on 63 into its home row,
    /// and the pawn on 63 round the second lap, drawn in that order.
    #[test]
    fn a_one_value_decision_that_may_reach_a_detour_lists_the_round() {
        let game = Game::bundled("parcheesi", Some(4)).expect("bundled");
        assert!(game.race.seen_drawn && !game.race.quick_seen);
        let three = PoolValue {
            value: 3,
            again: false,
            bonus: false,
        };
        let with_red = |red: [u8; 4]| {
            let mut state = game.new_initial_state();
            let mut lists = vec![vec![0u8; 4]; 4];
            lists[0] = red.to_vec();
            state.pieces = crate::engine::state::Pieces::from_lists(&lists).expect("pieces");
            state.mover = 0;
            state.phase = Phase::Move;
            state.pool = [three].into_iter().collect();
            state
        };
        for first in [0, 1] {
            let mut state = with_red([0, 0, 10, 30]);
            let before = state.clone();
            let played = game
                .fast()
                .play_quick_seen_drawn::<true>(&mut state, three, &mut |_| first);
            let played = played.expect("no pawn near the second lap: drawn quickly");
            assert!(game.legal_actions(&before).contains(&played), "{played}");
            assert_eq!(state, game.child(&before, played).expect("legal"));
        }
        let listed = [
            Action::Move {
                from: 10,
                count: 1,
                by: 3,
            },
            Action::Move {
                from: 63,
                count: 1,
                by: 3,
            },
            Action::Round {
                from: 63,
                count: 1,
                by: 3,
            },
        ];
        let before = with_red([0, 0, 10, 63]);
        assert_eq!(game.legal_actions(&before), listed);
        for (k, &expected) in listed.iter().enumerate() {
            let mut state = before.clone();
            let played = game
                .fast()
                .play_quick_seen_drawn::<true>(&mut state, three, &mut |n| {
                    assert_eq!(n, 3, "three candidates, no pass");
                    k
                });
            assert_eq!(played, Some(expected));
            assert_eq!(state, game.child(&before, expected).expect("legal"));
        }
    }

    /// A cell the view of a seat saw empty holds none of the pieces that
    /// seat takes, where its view holds every seat it takes: a sure
    /// landing then looks for nothing to take. Checked for every seat and
    /// step of positions of the blockade races answered quickly.
    #[test]
    fn a_cell_the_view_saw_empty_holds_nothing_to_take() {
        let (mut empty, mut prey_seen) = (0usize, 0usize);
        for (name, game) in races().filter(|(_, g)| g.race.seen_drawn) {
            let game = &game;
            assert!(game.race.view_holds_prey, "{name}");
            for state in positions(game, 23, 1500) {
                for seat in 0..game.seats().len() {
                    let mut view = View::EMPTY;
                    view.fill(game.fast(), &state, seat);
                    for q in 1..game.race.hot.home[seat] {
                        let prey_there = prey_stands_on(game, &state, seat, q);
                        if view.at(q) {
                            prey_seen += usize::from(prey_there);
                        } else {
                            assert!(!prey_there, "{name}: seat {seat}, step {q}, {state:?}");
                            empty += 1;
                        }
                    }
                }
            }
        }
        assert!(
            empty > 10_000 && prey_seen > 1_000,
            "{empty} empty cells, {prey_seen} with prey"
        );
    }

    /// Parcheesi's rule that a blockade is not moved on as a pair (stacks:
    /// pairs = apart), in a one-value decision drawn by the quick pass:
    /// red's blockade on 10 was split by a 3 of a double (one pawn now on
    /// 13), so the other 3 may not bring the pawn left on 10 onto 13, and
    /// every way of drawing plays the one move left, 13 on by 3. With no
    /// pair followed, the pawn on 10 may join the one on 13.
    #[test]
    fn a_split_blockade_is_not_joined_again_by_the_quick_pass() {
        use crate::engine::race::legal::tests::every_way;
        let game = Game::bundled("parcheesi", Some(4)).expect("bundled");
        let three = PoolValue {
            value: 3,
            again: true,
            bonus: false,
        };
        let mut state = game.new_initial_state();
        let mut lists = vec![vec![0u8; 4]; 4];
        lists[0] = vec![0, 0, 10, 13];
        state.pieces = crate::engine::state::Pieces::from_lists(&lists).expect("pieces");
        state.mover = 0;
        state.phase = Phase::Move;
        state.pool = [three].into_iter().collect();
        state.used = 1;
        let joined = Action::Move {
            from: 10,
            count: 1,
            by: 3,
        };
        let on = Action::Move {
            from: 13,
            count: 1,
            by: 3,
        };
        assert_eq!(game.legal_actions(&state), [joined, on], "no pair followed");
        state.split.push((13, 10));
        assert_eq!(game.legal_actions(&state), [on], "the pair split on 10");
        assert_eq!(game.fast().one_value(&state), Some(three));
        let ways = every_way(100, |draw| {
            let mut after = state.clone();
            let played =
                game.fast()
                    .play_quick_seen_drawn::<true>(&mut after, three, &mut |n| draw(n))?;
            assert_eq!(after, game.child(&state, played).expect("legal"));
            Some(played)
        })
        .expect("few ways");
        assert_eq!(ways.len(), 2, "two candidates: {ways:?}");
        assert!(
            ways.iter().all(|(played, _)| *played == Some(on)),
            "{ways:?}"
        );
    }

    /// A one-value decision where a move may reach its track's detour is
    /// drawn by the lean pass as the general pass draws it: for every
    /// sequence of draws, the same action after the same draws, and the
    /// same position after it, so that a seed plays the same game. In
    /// positions of random games of every bundled race whose one-value
    /// decisions are drawn so, bonuses alone among them.
    #[test]
    fn a_one_value_decision_that_may_go_round_is_drawn_as_the_general_pass_draws_it() {
        use crate::engine::race::legal::tests::{every_way, races};
        let (mut compared, mut rounds, mut bonuses) = (0usize, 0usize, 0usize);
        for (name, game) in races().filter(|(_, g)| g.race.seen_drawn && !g.race.quick_seen) {
            for state in positions(&game, 17, 80_000) {
                let Some(v) = game.fast().one_value(&state) else {
                    continue;
                };
                if state.phase != Phase::Move
                    || !game.fast().draws_moves(&state)
                    || game.race.flags.entry_forced
                    || game.fast().must_clear_start(&state)
                    || !game.fast().may_go_round(&state, v.value)
                {
                    continue;
                }
                let (mut lean_after, mut general_after) = (Vec::new(), Vec::new());
                let lean = every_way(5000, |draw| {
                    let mut after = state.clone();
                    let played = game
                        .fast()
                        .play_one_value_round(&mut after, v, &mut |n| draw(n));
                    lean_after.push(after);
                    Some(played)
                })
                .expect("few ways");
                let general = every_way(5000, |draw| {
                    let drawn = game.fast().drawn_in_general(&state, &mut |n| draw(n));
                    let mut after = state.clone();
                    if let Some((a, clear)) = drawn {
                        game.fast().apply_drawn(&mut after, a, clear);
                    }
                    general_after.push(after);
                    drawn.map(|(a, _)| a)
                })
                .expect("as many ways as the lean pass");
                assert_eq!(lean, general, "{name}: {state:?}");
                assert_eq!(lean_after, general_after, "{name}: {state:?}");
                compared += 1;
                rounds += usize::from(
                    lean.iter()
                        .any(|(played, _)| matches!(played, Some(Action::Round { .. }))),
                );
                bonuses += usize::from(v.bonus);
            }
        }
        assert!(
            compared > 1_000 && rounds > 1_000 && bonuses > 500,
            "{compared} decisions, {rounds} with a move round the detour, {bonuses} of a bonus"
        );
    }

    /// Forced entry (entry: forced) in a one-value decision with
    /// blockades, where a piece waits that the value lets out: the move out
    /// of the start, where allowed, is drawn without the list. Each number
    /// the draw may give plays the action the list holds at that number and
    /// leaves the state that action leaves; where the decision is left to
    /// the list, nothing is played. In positions of random games of
    /// Parchís, whose 5 must bring a piece out of the nest.
    #[test]
    fn a_forced_entry_is_drawn_as_the_list_holds_it() {
        let game = Game::bundled("parchis", Some(4)).expect("bundled");
        assert!(game.race.flags.entry_forced && game.race.seen_drawn && !game.race.quick_seen);
        let (mut drawn, mut left) = (0usize, 0usize);
        for state in positions(&game, 23, 20_000) {
            let Some(v) = game.fast().one_value(&state) else {
                continue;
            };
            if state.phase != Phase::Move || !game.fast().may_come_out(&state, v) {
                continue;
            }
            let play = |after: &mut State, mut draw: &mut dyn FnMut(usize) -> usize| {
                game.fast()
                    .play_quick_seen_drawn::<true>(after, v, &mut draw)
            };
            match drawn_as_listed(&game, &state, play) {
                Some(actions) => drawn += actions.len(),
                None => left += 1,
            }
        }
        assert!(
            drawn > 200,
            "{drawn} forced entries drawn, {left} left to the list"
        );
    }
}
