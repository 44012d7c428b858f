//! The reference path of the race engine: the legal actions of a race
//! state, and the state after an action, read straight off the compiled
//! rule set in plain loops over the pieces.
//!
//! It is the rules in code, written to be read beside `docs/language.md`:
//! each setting's effect on the moves stands in one place, and the comment
//! there names the setting. It does not care for speed. The engine's own
//! path ([`Game::legal_actions`], [`Game::apply`]) is held to it, action
//! for action and state for state, by the property tests over generated
//! variants and by `pachisi verify`.
//!
//! Words used here: a seat's pieces stand on *steps* of its own track
//! (0 the start, the last step home); a piece is *on the race* between
//! them, and only there does it meet other pieces, on the cell of its
//! step. A *side* is a seat with its partners.

use arrayvec::ArrayVec;
use rustc_hash::FxHashMap;

use crate::engine::{Action, Game, Offer, Phase, PlayError, PoolValue, Refusal, State};
use crate::rules::{
    FirstPiece, Jump, MAX_SEATS, NearHome, OwnEntry, ThrowOrder, UseValues, board::CellId,
};

/// turn: use = most: how many values of a throw are counted ahead. A
/// throw of more values (all throws first, thrown again and again) keeps
/// the moves after which this many can be used: counting all of them
/// would try every way of playing them, which grows beyond any time or
/// memory with the values waiting (fourteen values on nine pieces: tens
/// of millions of positions). The bundled games never have so many
/// waiting.
pub(crate) const MOST_VALUES_COUNTED: u8 = 8;

/// The values of the throw waiting in `state` that `use = most` counts:
/// all of them, up to [`MOST_VALUES_COUNTED`].
pub(crate) fn values_counted(state: &State) -> u8 {
    state.pool.len().min(usize::from(MOST_VALUES_COUNTED)) as u8
}

impl Game {
    /// The legal actions of `state`, listed by the reference path: the
    /// same list as [`Game::legal_actions`], found the plain way. For a
    /// fight or a field game, the game's own list.
    pub fn legal_actions_reference(&self, state: &State) -> Vec<Action> {
        if !self.is_race() {
            return self.legal_actions(state);
        }
        Race { game: self }.legal(state)
    }

    /// Applies `action` by the reference path, if the reference path lists
    /// it; if not, the state is left as it was and the error says why.
    /// For a fight or a field game, [`Game::apply`].
    pub fn apply_reference(&self, state: &mut State, action: Action) -> Result<(), PlayError> {
        if !self.is_race() {
            return self.apply(state, action);
        }
        if !self.legal_actions_reference(state).contains(&action) {
            let refusal = self.refusal(state, action).unwrap_or(Refusal::NotListed);
            return Err(PlayError {
                action,
                action_text: self.action_text(action),
                reason: self.explain(state, refusal),
                refusal,
            });
        }
        Race { game: self }.apply(state, action);
        Ok(())
    }

    /// Why the reference path does not list the move or pass `action` at
    /// the decision in `state`: the first rule that refuses it on its
    /// own, else the rule that chooses other moves.
    pub(crate) fn refusal_reference(&self, state: &State, action: Action) -> Refusal {
        Race { game: self }.refusal(state, action)
    }

    /// [`Game::may_pass`] by the reference path.
    pub(crate) fn may_pass_reference(&self, state: &State) -> bool {
        Race { game: self }.may_pass(state)
    }

    /// [`Game::overdue_blockade`] by the reference path.
    pub(crate) fn overdue_blockade_reference(&self, state: &State) -> Option<u8> {
        Race { game: self }.overdue_blockade(state)
    }

    /// [`Game::apply_reference`] of an action the reference path lists,
    /// not asked again.
    pub(crate) fn apply_reference_listed(&self, state: &mut State, action: Action) {
        Race { game: self }.apply(state, action);
    }

    /// Where the engine's path and the reference path part at `state`:
    /// their legal actions, and for each action the state after it; and
    /// where a random game throws and plays a one-value decision in one
    /// step, whether that step offers the listed actions
    /// ([`Game::quick_step_difference`]). `None` where they agree.
    pub fn reference_difference(&self, state: &State) -> Option<String> {
        if let Some(difference) = self.quick_step_difference(state) {
            return Some(difference);
        }
        let fast = self.legal_actions(state);
        let plain = self.legal_actions_reference(state);
        if fast != plain {
            return Some(format!(
                "the legal actions differ: the engine lists {}, the reference {}",
                self.actions_text(&fast),
                self.actions_text(&plain)
            ));
        }
        for &action in &fast {
            let mut by_engine = state.clone();
            self.apply_unchecked(&mut by_engine, action);
            // The action is on the reference path's own list (the lists
            // are equal), so the decision is not listed again for each
            // action: under `use = most` a listing is a whole search.
            let mut by_reference = state.clone();
            if self.is_race() {
                self.apply_reference_listed(&mut by_reference, action);
            } else {
                self.apply_unchecked(&mut by_reference, action);
            }
            if by_engine != by_reference {
                return Some(format!(
                    "after {} the states differ: the engine leaves {}, the reference {}",
                    self.action_text(action),
                    serde_json::to_string(&by_engine).unwrap_or_default(),
                    serde_json::to_string(&by_reference).unwrap_or_default()
                ));
            }
        }
        None
    }

    fn actions_text(&self, actions: &[Action]) -> String {
        let texts: Vec<String> = actions.iter().map(|&a| self.action_text(a)).collect();
        format!("[{}]", texts.join(", "))
    }
}

/// A move of some of the mover's pieces: `count` of those on step `from`,
/// by the waiting value `value`, going round the detour or not.
#[derive(Clone, Copy, Debug)]
struct Move {
    from: u8,
    count: u8,
    value: PoolValue,
    round: bool,
}

impl Move {
    fn action(self) -> Action {
        Action::moving(self.from, self.count, self.value.value, self.round)
    }
}

/// The race rules of one seated game, read for the reference path.
struct Race<'g> {
    game: &'g Game,
}

impl Race<'_> {
    // ---- The board as the seats see it ----

    /// The step of `seat`'s home.
    fn home(&self, seat: usize) -> u8 {
        self.game.track(seat).home()
    }

    /// The cell of `seat`'s step `step`.
    fn cell(&self, seat: usize, step: u8) -> CellId {
        self.game.track(seat).cell(step)
    }

    /// Whether a piece of `seat` on `step` is on the race: past its start,
    /// short of home. Only there does it meet other pieces.
    fn on_race(&self, seat: usize, step: u8) -> bool {
        step > 0 && step < self.home(seat)
    }

    /// How many pieces of `seat` stand on the race on `cell`.
    fn pieces_on(&self, state: &State, seat: usize, cell: CellId) -> u8 {
        state.pieces[seat]
            .iter()
            .filter(|&&s| self.on_race(seat, s) && self.cell(seat, s) == cell)
            .count() as u8
    }

    /// Whether two playing seats are on one side (partners, or the same seat).
    fn same_side(&self, a: usize, b: usize) -> bool {
        self.game.side[a] == self.game.side[b]
    }

    /// For each side, the pieces it has on `cell` and from how many of its seats.
    fn sides_on(&self, state: &State, cell: CellId) -> ArrayVec<(u8, u8), MAX_SEATS> {
        let mut sides: ArrayVec<(u8, u8), MAX_SEATS> =
            (0..self.game.sides).map(|_| (0, 0)).collect();
        for seat in 0..self.game.seats.len() {
            let n = self.pieces_on(state, seat, cell);
            if n > 0 {
                let side = &mut sides[self.game.side[seat] as usize];
                side.0 += n;
                side.1 += 1;
            }
        }
        sides
    }

    /// Whether the step `step` of `seat`'s track is in its goal (home: goal):
    /// home, or one of the `goal - 1` steps before it.
    fn in_goal(&self, seat: usize, step: u8) -> bool {
        let home = self.home(seat);
        step <= home && step as u16 + self.game.rules.home.goal as u16 > home as u16
    }

    // ---- Where a move ends ----

    /// The step `value` steps on from `from` along `seat`'s track, under the
    /// rules of home and of the detour; `round`: the piece goes the detour.
    fn reach(&self, seat: usize, from: u8, value: u8, round: bool) -> Result<u8, Refusal> {
        let track = self.game.track(seat);
        let plain = from as u16 + value as u16;
        match track.detour {
            // seat: detour = a..b again: a piece in the detour going round
            // again goes on from its first step.
            Some((a, b))
                if round && track.detour_again && (a..=b).contains(&from) && plain > b as u16 =>
            {
                let target = plain - (b - a + 1) as u16;
                if target <= b as u16 {
                    Ok(target as u8)
                } else {
                    Err(Refusal::NoDetour)
                }
            }
            // seat: detour: a move that reaches the detour leaves it out,
            // counting on from the step after it, unless it goes round.
            Some((a, b)) if from < a && plain >= a as u16 => {
                if round {
                    return self.reach_home(seat, from, value);
                }
                let target = plain + (b - a + 1) as u16;
                if target <= self.home(seat) as u16 {
                    Ok(target as u8)
                } else if !self.game.rules.home.exact {
                    Ok(self.home(seat))
                } else {
                    Err(Refusal::Overshoot)
                }
            }
            _ if round => Err(Refusal::NoDetour),
            _ => self.reach_home(seat, from, value),
        }
    }

    /// [`Race::reach`] for a piece of the mover in `state`: home: exact =
    /// furthest lets a value past home finish the piece when none of the
    /// seat's pieces is further from home (on a step before `from`).
    fn reach_from(
        &self,
        state: &State,
        seat: usize,
        from: u8,
        value: u8,
        round: bool,
    ) -> Result<u8, Refusal> {
        match self.reach(seat, from, value, round) {
            Err(Refusal::Overshoot)
                if self.game.rules.home.furthest_over
                    && !round
                    && state.pieces[seat].iter().all(|&s| s >= from) =>
            {
                Ok(self.home(seat))
            }
            reached => reached,
        }
    }

    /// The step `value` steps on from `from`, under the rules of home:
    /// home: exact = yes needs the exact value, but with near =
    /// smallest_throw a piece nearer than the smallest value any throw
    /// gives finishes on that value; exact = no finishes on any value.
    fn reach_home(&self, seat: usize, from: u8, value: u8) -> Result<u8, Refusal> {
        let home_rules = &self.game.rules.home;
        let home = self.home(seat);
        let target = from as u16 + value as u16;
        if target <= home as u16 {
            return Ok(target as u8);
        }
        if !home_rules.exact {
            return Ok(home);
        }
        let smallest = self.game.rules.dice.smallest;
        if home_rules.near == NearHome::SmallestThrow && home - from < smallest && value == smallest
        {
            return Ok(home);
        }
        Err(Refusal::Overshoot)
    }

    /// Whether a piece of `seat` on `from` may choose to go round its
    /// detour with `value`: it stands before the detour and the value
    /// reaches it, or it may go round again and the value passes its end.
    fn may_go_round(&self, seat: usize, from: u8, value: u8) -> bool {
        let track = self.game.track(seat);
        let Some((a, b)) = track.detour else {
            return false;
        };
        let plain = from as u16 + value as u16;
        (from < a && plain >= a as u16)
            || (track.detour_again && (a..=b).contains(&from) && plain > b as u16)
    }

    /// The steps a move from `from` to `target` passes, in order: those
    /// between, but none of a detour that it leaves out, and round the
    /// detour again from its end to its start.
    fn steps_passed(&self, seat: usize, from: u8, target: u8, round: bool) -> Vec<u8> {
        match self.game.track(seat).detour {
            Some((a, b)) if round && target < from => (from + 1..=b).chain(a..target).collect(),
            Some((a, b)) if !round && from < a && target > b => {
                (from + 1..a).chain(b + 1..target).collect()
            }
            _ => (from + 1..target).collect(),
        }
    }

    // ---- Leaving the start ----

    /// Whether the mover's next piece to leave its start counts as its
    /// first (entry: first): the first of the game (first_of_game), or one
    /// leaving while none of its pieces is on the board (none_on_board).
    fn comes_out_first(&self, state: &State, seat: usize) -> bool {
        match self.game.rules.entry.first {
            FirstPiece::FirstOfGame => !state.entered[seat],
            FirstPiece::NoneOnBoard => state.pieces[seat]
                .iter()
                .all(|&s| s == 0 || s >= self.home(seat)),
        }
    }

    /// Whether `value` lets a piece leave its start (entry: on; first_on
    /// for the seat's first piece).
    fn lets_out(&self, first: bool, value: PoolValue) -> bool {
        let entry = &self.game.rules.entry;
        let throws = if first { &entry.first_on } else { &entry.on };
        throws.allows(value.value, value.again)
    }

    // ---- One move on its own ----

    /// Whether the rules allow `m` on its own, before the rules that choose
    /// among moves; the step it reaches, or why not.
    fn check(&self, state: &State, m: Move) -> Result<u8, Refusal> {
        let rules = &self.game.rules;
        let stacks = &rules.stacks;
        let seat = state.mover as usize;
        let Move {
            from,
            count,
            value,
            round,
        } = m;
        // turn: bonus = after_dice: a bonus waits until no die value does.
        if value.bonus && rules.turn.bonus_after_dice && state.pool.iter().any(|v| !v.bonus) {
            return Err(Refusal::BonusAfterDice);
        }
        // entry: forced = always: while a piece waits at the start, no
        // other piece moves.
        if rules.entry.start_first && from != 0 && state.pieces[seat].contains(&0) {
            return Err(Refusal::StartFirst);
        }
        let target = if from == 0 {
            // Pieces leave the start one at a time, on a value of entry: on.
            if count > 1 {
                return Err(Refusal::GroupFromStart);
            }
            let first = self.comes_out_first(state, seat);
            if !self.lets_out(first, value) {
                return Err(Refusal::EntryValue { first });
            }
            // entry: moves = score walks the value; to_track sets it on step 1.
            if rules.entry.moves_score {
                self.reach_from(state, seat, 0, value.value, round)?
            } else if round {
                return Err(Refusal::NoDetour);
            } else {
                1
            }
        } else {
            // stacks: groups = together lets pieces of one step move as one;
            // merged, only all of them together.
            if count > 1 && !stacks.groups {
                return Err(Refusal::NoGroups);
            }
            if stacks.merged
                && state.pieces[seat].iter().filter(|&&s| s == from).count() != count as usize
            {
                return Err(Refusal::MustMoveMerged);
            }
            self.reach_from(state, seat, from, value.value, round)?
        };
        self.check_home_order(state, target)?;
        // home: gather: home only while all the seat's pieces are near it.
        let (gather, home) = (rules.home.gather, self.home(seat));
        if gather > 0 && target == home && state.pieces[seat].iter().any(|&s| home - s > gather) {
            return Err(Refusal::NotGathered);
        }
        let jumped = self.check_blockades_passed(state, m, target)?;
        self.check_pieces_passed(state, m, target)?;
        self.check_landing(state, m, target, jumped)?;
        // stacks: pairs = apart: two pieces of a blockade split in this
        // throw do not come together again on a new cell, for any of the
        // blockades split.
        if state.split.rejoins(from, target) {
            return Err(Refusal::PairApart(self.cell(seat, target)));
        }
        self.check_room(state, m, target)?;
        Ok(target)
    }

    /// The most pieces of one side on `cell` among the sides whose
    /// blockades stop the mover: other sides, and its own with stacks:
    /// blocks = everyone.
    fn largest_blocking(&self, state: &State, seat: usize, cell: CellId) -> u8 {
        let own_side = self.game.side[seat] as usize;
        let blocks_own = self.game.rules.stacks.blocks_own;
        let sides = self.sides_on(state, cell);
        (sides.iter().enumerate())
            .filter(|&(side, _)| blocks_own || side != own_side)
            .map(|(_, &(pieces, _))| pieces)
            .max()
            .unwrap_or(0)
    }

    /// home: order: a move into the mover's goal waits until every seat
    /// before it in its group that plays here has finished.
    fn check_home_order(&self, state: &State, target: u8) -> Result<(), Refusal> {
        let seat = state.mover as usize;
        if !self.in_goal(seat, target) {
            return Ok(());
        }
        let game = self.game;
        let id = game.seats[seat];
        for group in &game.rules.home.order {
            let Some(at) = group.iter().position(|&s| s == id) else {
                continue;
            };
            for before in &group[..at] {
                if let Some(other) = game.seats.iter().position(|s| s == before)
                    && !state.has_finished(other)
                {
                    return Err(Refusal::HomeOrder(other as u8));
                }
            }
        }
        Ok(())
    }

    /// stacks: blockade, pass, mixed: whether the move may pass the
    /// blockades on its way; `Ok(true)` when it jumps one.
    fn check_blockades_passed(&self, state: &State, m: Move, target: u8) -> Result<bool, Refusal> {
        let stacks = &self.game.rules.stacks;
        let blockade = stacks.blockade;
        // pass = always: blockades stop nobody on the way.
        if blockade == 0 || stacks.always_passes {
            return Ok(false);
        }
        let seat = state.mover as usize;
        let mut jumped = false;
        for step in self.steps_passed(seat, m.from, target, m.round) {
            let cell = self.cell(seat, step);
            let n = self.largest_blocking(state, seat, cell);
            if n < blockade {
                continue;
            }
            let stopped = Refusal::Blockade(cell, n);
            // mixed = open_to_side: a blockade of partners' pieces is open
            // to their own side, one of a single seat's pieces to no one;
            // where two sides' blockades share a (safe) cell, both stop.
            if stacks.mixed_open && n == blockade {
                let own = self.game.side[seat] as usize;
                let open = self.sides_on(state, cell).iter().enumerate().all(
                    |(side, &(pieces, seats))| pieces < blockade || (side == own && seats >= 2),
                );
                if !open {
                    return Err(stopped);
                }
                continue;
            }
            // pass = group_as_large: a group no smaller passes; pass =
            // with_doubles: a value of a double passes one of exactly
            // `blockade` pieces; pass = never: nothing passes.
            let passes = (stacks.group_passes && m.count >= n)
                || (stacks.doubles_pass && state.doubles && !m.value.bonus && n == blockade);
            if !passes {
                return Err(stopped);
            }
            jumped = true;
        }
        Ok(jumped)
    }

    /// stacks: jump, jump_in: whether the move may pass the pieces on its
    /// way. With `jump = not_own`, no step passed on a cell of `jump_in`
    /// (every cell, where it is left out) holds a piece of the mover's
    /// own; with `jump = none`, a piece of anyone's. The moving pieces do
    /// not stop themselves where the track comes back to their cell.
    fn check_pieces_passed(&self, state: &State, m: Move, target: u8) -> Result<(), Refusal> {
        let stacks = &self.game.rules.stacks;
        if stacks.jump == Jump::Any {
            return Ok(());
        }
        let seat = state.mover as usize;
        for step in self.steps_passed(seat, m.from, target, m.round) {
            let cell = self.cell(seat, step);
            if (stacks.jump_in.as_ref()).is_some_and(|cells| !cells.contains(&cell)) {
                continue;
            }
            let moving = if self.on_race(seat, m.from) && self.cell(seat, m.from) == cell {
                m.count
            } else {
                0
            };
            let own = self.pieces_on(state, seat, cell) - moving;
            let stands = match stacks.jump {
                Jump::NotOwn => own > 0,
                _ => {
                    own > 0
                        || (0..self.game.seats.len())
                            .any(|other| other != seat && self.pieces_on(state, other, cell) > 0)
                }
            };
            if stands {
                return Err(Refusal::PiecePassed(cell));
            }
        }
        Ok(())
    }

    /// Whether a piece of `seat` moving from `from` takes on its step
    /// `target`: capture: by = landing, and not on a safe cell, unless it
    /// is the seat's own entry step (capture: own_entry).
    fn takes_on(&self, seat: usize, from: u8, target: u8) -> bool {
        let capture = &self.game.rules.capture;
        if !capture.by_landing {
            return false;
        }
        let own_entry = match capture.own_entry {
            OwnEntry::No => false,
            OwnEntry::Entering => from == 0,
            OwnEntry::Always => true,
        };
        !self.game.track(seat).safe[target as usize] || (target == 1 && own_entry)
    }

    /// What stands on the cell where the move lands: of other sides, a
    /// blockade (stacks: take) or a safe cell another side holds
    /// (capture: safe_shared); for a jump's landing (stacks: pass =
    /// with_doubles), any piece that stays there, the mover's own too.
    fn check_landing(
        &self,
        state: &State,
        m: Move,
        target: u8,
        jumped: bool,
    ) -> Result<(), Refusal> {
        let rules = &self.game.rules;
        let stacks = &rules.stacks;
        let seat = state.mover as usize;
        if target >= self.home(seat) {
            return Ok(());
        }
        let cell = self.cell(seat, target);
        let own_side = self.game.side[seat] as usize;
        let largest = (self.sides_on(state, cell).iter().enumerate())
            .filter(|&(side, _)| side != own_side)
            .map(|(_, &(pieces, _))| pieces)
            .max()
            .unwrap_or(0);
        let takes = self.takes_on(seat, m.from, target);
        if largest > 0 {
            // stacks: take = as_many: a group at least as large takes a
            // blockade; take = never: nobody lands on one.
            if takes
                && stacks.blockade > 0
                && largest >= stacks.blockade
                && !(stacks.take_as_many && m.count >= largest)
            {
                return Err(Refusal::LandOnBlockade(cell, largest));
            }
            // capture: safe_shared = no: no landing on a safe cell another side holds.
            if !takes && !rules.capture.safe_shared {
                return Err(Refusal::SafeTaken(cell));
            }
        }
        // stacks: pass = with_doubles: a jump lands on an empty cell or
        // where it takes: no piece stays there beside it, not of another
        // side on a safe cell, not of its own side.
        if jumped && stacks.doubles_pass {
            let (own, staying) = self.left_on_landing(state, m, target);
            if own + staying > 0 {
                return Err(Refusal::JumpLanding(cell));
            }
        }
        Ok(())
    }

    /// The pieces that stand on the cell of the mover's race step
    /// `target` once `m` lands there, besides the moving ones: the
    /// mover's own, and those of other seats that the landing does not
    /// take (on a safe cell, partners, or with capture: by = none).
    fn left_on_landing(&self, state: &State, m: Move, target: u8) -> (u8, u8) {
        let capture = &self.game.rules.capture;
        let seat = state.mover as usize;
        let cell = self.cell(seat, target);
        // The moving pieces, if they stand on this cell already, do not
        // count twice.
        let leaving = if self.on_race(seat, m.from) && self.cell(seat, m.from) == cell {
            m.count
        } else {
            0
        };
        let own = self.pieces_on(state, seat, cell).saturating_sub(leaving);
        let safe = !self.takes_on(seat, m.from, target);
        let staying: u8 = (0..self.game.seats.len())
            .filter(|&other| other != seat)
            .filter(|&other| {
                let partner = self.same_side(seat, other);
                !capture.by_landing || safe || (partner && !capture.partners)
            })
            .map(|other| self.pieces_on(state, other, cell))
            .sum();
        (own, staying)
    }

    /// stacks: max, own_max: the cell where the move lands has room for
    /// the moving pieces, counting what stays there after any capture
    /// (home too where the goal is longer than home alone: home: goal).
    fn check_room(&self, state: &State, m: Move, target: u8) -> Result<(), Refusal> {
        let rules = &self.game.rules;
        let (max, own_max) = (rules.stacks.max, rules.stacks.own_max);
        let seat = state.mover as usize;
        let home = self.home(seat);
        if (max == 0 && own_max == 0) || (target == home && rules.home.goal <= 1) {
            return Ok(());
        }
        let cell = self.cell(seat, target);
        let (own, staying) = if target == home {
            // Only the seat's own pieces stand in its goal.
            let own = state.pieces[seat].iter().filter(|&&s| s == home).count() as u8;
            (own, 0)
        } else {
            self.left_on_landing(state, m, target)
        };
        if (own_max > 0 && own + m.count > own_max) || (max > 0 && own + staying + m.count > max) {
            return Err(Refusal::CellFull(cell));
        }
        Ok(())
    }

    // ---- Every move, and the rules that choose among them ----

    /// Every move the rules allow on its own, as actions, sorted: each
    /// group of the mover's pieces (stacks: groups) by each waiting value,
    /// plainly and round the detour, and out of the start by the sum of
    /// two dice (entry: sum).
    fn allowed_moves(&self, state: &State) -> Vec<Action> {
        let mut out = Vec::new();
        for m in self.candidate_moves(state, true) {
            let action = m.action();
            if !out.contains(&action) && self.check(state, m).is_ok() {
                out.push(action);
            }
        }
        out.sort_unstable();
        out
    }

    /// Every move to check: each step of the mover short of home, each
    /// size of group that may move from it, each waiting value, plain and
    /// round where the value reaches the detour; then, with `sums`, the
    /// sums of two dice from the start.
    fn candidate_moves(&self, state: &State, sums: bool) -> Vec<Move> {
        let seat = state.mover as usize;
        let pieces = &state.pieces[seat];
        let home = self.home(seat);
        let groups = self.game.rules.stacks.groups;
        let merged = self.game.rules.stacks.merged;
        let mut steps: Vec<u8> = pieces.iter().copied().filter(|&s| s < home).collect();
        steps.dedup();
        // Values alike move alike: each once (a double's four 5s, one 5).
        let mut values: Vec<PoolValue> = Vec::new();
        for &value in &state.pool {
            if !values.contains(&value) {
                values.push(value);
            }
        }
        let mut out = Vec::new();
        for &from in &steps {
            let here = pieces.iter().filter(|&&s| s == from).count() as u8;
            // Pieces leave the start one at a time (entry); merged pieces
            // move all together.
            let most = if groups && from > 0 { here } else { 1 };
            let least = if merged && from > 0 { here } else { 1 };
            for count in least..=most {
                for &value in &values {
                    for round in [false, true] {
                        if !round || self.may_go_round(seat, from, value.value) {
                            out.push(Move {
                                from,
                                count,
                                value,
                                round,
                            });
                        }
                    }
                }
            }
        }
        // entry: sum = yes: two die values together bring a piece out.
        if sums && self.game.rules.entry.sum && steps.first() == Some(&0) {
            for value in self.entry_sums(state) {
                out.push(Move {
                    from: 0,
                    count: 1,
                    value: PoolValue::sum_of_dice(value),
                    round: false,
                });
            }
        }
        out
    }

    /// The sums of two waiting die values (not bonuses), each once.
    fn entry_sums(&self, state: &State) -> Vec<u8> {
        let dice: Vec<u8> = state
            .pool
            .iter()
            .filter(|v| !v.bonus)
            .map(|v| v.value)
            .collect();
        let mut sums = Vec::new();
        for i in 0..dice.len() {
            for j in i + 1..dice.len() {
                let sum = dice[i].saturating_add(dice[j]);
                if !sums.contains(&sum) && sums.len() < 8 {
                    sums.push(sum);
                }
            }
        }
        sums
    }

    /// Why `action`, a pass or a move, is not among the legal actions of
    /// the decision in `state`.
    fn refusal(&self, state: &State, action: Action) -> Refusal {
        let rules = &self.game.rules;
        let seat = state.mover as usize;
        let pieces = &state.pieces[seat];
        let (from, count, by, round) = match action {
            Action::Move { from, count, by } => (from, count, by, false),
            Action::Round { from, count, by } => (from, count, by, true),
            // turn: must_move: a pass while a value can be used.
            _ => return Refusal::MustMove,
        };
        // A waiting value of that size, or out of the start a sum of two
        // dice (entry: sum).
        let mut values: Vec<PoolValue> = state
            .pool
            .iter()
            .copied()
            .filter(|v| v.value == by)
            .collect();
        if values.is_empty() && from == 0 && rules.entry.sum && self.sum_pair(state, by).is_some() {
            values.push(PoolValue::sum_of_dice(by));
        }
        if values.is_empty() {
            return Refusal::NoSuchValue;
        }
        // The pieces asked for must stand there, on their way.
        if count == 0 {
            return Refusal::EmptyGroup;
        }
        if from == self.home(seat) {
            return Refusal::AlreadyHome;
        }
        if from > self.home(seat) || pieces.iter().filter(|&&s| s == from).count() < count as usize
        {
            return Refusal::NoPieces;
        }
        // The move on its own, by each such value.
        let mut alone = Err(Refusal::NoSuchValue);
        for value in values {
            let m = Move {
                from,
                count,
                value,
                round,
            };
            alone = self.check(state, m);
            if alone.is_ok() {
                break;
            }
        }
        if let Err(refusal) = alone {
            return refusal;
        }
        // Allowed on its own: a rule that chooses among moves takes others,
        // in the order `legal_moves` applies them.
        let enters = || self.legal_moves(state).iter().any(|a| a.from() == Some(0));
        if rules.entry.forced && from != 0 && enters() {
            Refusal::MustEnter
        } else if rules.entry.clear_start && from != 1 && pieces.contains(&0) && pieces.contains(&1)
        {
            Refusal::MustClearStart
        } else if self.overdue_blockade(state).is_some_and(|s| s != from) {
            Refusal::BlockadeOverdue
        } else if self.blockade_must_open(state, &self.legal_moves(state), from) {
            Refusal::BlockadeMustOpen
        } else {
            Refusal::MustUseMost
        }
    }

    /// Whether some single waiting value moves something (no sums).
    fn any_move(&self, state: &State) -> bool {
        self.candidate_moves(state, false)
            .into_iter()
            .any(|m| self.check(state, m).is_ok())
    }

    /// The legal actions of a race state.
    fn legal(&self, state: &State) -> Vec<Action> {
        let game = self.game;
        if !game.fits(state) {
            return Vec::new();
        }
        match state.phase {
            Phase::Over => Vec::new(),
            Phase::Opening => (0..game.seats.len() as u8).map(Action::Begin).collect(),
            // end: doubling: before the throw, the mover may offer to double
            // the stake, and the other seat takes or drops the offer.
            Phase::Throw if let Some(decisions) = game.stake_actions(state) => decisions.to_vec(),
            // turn: begins = one_die_each: the first throw is never a double.
            Phase::Throw => (0..game.rules.dice.outcomes.len())
                .filter(|&i| game.may_throw(state, i))
                .map(|i| Action::Throw(i as u8))
                .collect(),
            Phase::Move => self.legal_moves(state),
        }
    }

    /// The actions of a seat that uses its waiting values.
    fn legal_moves(&self, state: &State) -> Vec<Action> {
        let rules = &self.game.rules;
        let seat = state.mover as usize;
        let pieces = &state.pieces[seat];
        let mut moves = self.allowed_moves(state);
        // entry: forced = yes: a value that can bring a piece out must.
        if rules.entry.forced {
            keep_if_any(&mut moves, |a| a.from() == Some(0));
        }
        // entry: clear_start = yes: while pieces wait at the start, the
        // piece on step 1 moves on first.
        if rules.entry.clear_start && pieces.contains(&0) && pieces.contains(&1) {
            keep_if_any(&mut moves, |a| a.from() == Some(1));
        }
        // stacks: blockade_turns: a blockade that has stood its time is broken first.
        if let Some(step) = self.overdue_blockade(state) {
            keep_if_any(&mut moves, |a| a.from() == Some(step));
        }
        // stacks: break_on: on such a throw, a blockade is broken first.
        let open = self.blockades_to_open(state);
        if !open.is_empty() {
            keep_if_any(&mut moves, |a| a.from().is_some_and(|f| open.contains(&f)));
        }
        // turn: use = most: only the moves after which the most waiting
        // values can be used; where only one can, the larger.
        if rules.turn.use_values == UseValues::Most && state.pool.len() > 1 && moves.len() > 1 {
            self.keep_most_using(state, &mut moves);
        }
        if moves.is_empty() || self.may_pass(state) {
            moves.push(Action::Pass);
        }
        moves
    }

    /// Whether the mover may give up its waiting values though some can be
    /// used: turn: must_move = no; use = one once a value is used; or
    /// bonus_optional = yes when only bonuses wait.
    fn may_pass(&self, state: &State) -> bool {
        let turn = &self.game.rules.turn;
        !turn.must_move
            || (turn.use_values == UseValues::One && state.used > 0)
            || (turn.bonus_optional && state.pool.iter().all(|v| v.bonus))
    }

    /// The step of the mover's blockade that has stood `blockade_turns` of
    /// its turns, if any (stacks: blockade_turns).
    fn overdue_blockade(&self, state: &State) -> Option<u8> {
        let stacks = &self.game.rules.stacks;
        if stacks.blockade_turns == 0 {
            return None;
        }
        let pieces = &state.pieces[state.mover as usize];
        state
            .blockade_ages
            .iter()
            .find(|&&(seat, step, turns)| {
                seat == state.mover
                    && turns >= stacks.blockade_turns
                    && pieces.iter().filter(|&&s| s == step).count() as u8 >= stacks.blockade
            })
            .map(|&(_, step, _)| step)
    }

    /// The steps of the mover's blockades, where a waiting value of the
    /// dice (not a bonus) was thrown on a throw of `break_on`: a move from
    /// one of them must be made, if one can be (stacks: break_on). Empty
    /// where no such value waits.
    fn blockades_to_open(&self, state: &State) -> Vec<u8> {
        let stacks = &self.game.rules.stacks;
        let Some(throws) = &stacks.break_on else {
            return Vec::new();
        };
        let thrown = |v: &PoolValue| !v.bonus && throws.allows(v.value, v.again);
        if stacks.blockade == 0 || !state.pool.iter().any(thrown) {
            return Vec::new();
        }
        let seat = state.mover as usize;
        let pieces = &state.pieces[seat];
        (1..self.home(seat))
            .filter(|&s| pieces.iter().filter(|&&p| p == s).count() as u8 >= stacks.blockade)
            .collect()
    }

    /// Whether a move from step `from` is refused because a blockade must
    /// be broken first (stacks: break_on): a move from one is among the
    /// legal `moves`, and `from` is none of them.
    fn blockade_must_open(&self, state: &State, moves: &[Action], from: u8) -> bool {
        let open = self.blockades_to_open(state);
        !open.contains(&from)
            && moves
                .iter()
                .any(|a| a.from().is_some_and(|f| open.contains(&f)))
    }

    /// turn: use = most: keeps the moves after which the most of the
    /// waiting values (up to [`MOST_VALUES_COUNTED`]) can be used in this
    /// throw, one after another; when only one can, the moves of the
    /// largest value.
    fn keep_most_using(&self, state: &State, moves: &mut Vec<Action>) {
        let all = values_counted(state);
        // The positions already counted: one comes up by many orders of
        // the values, and a long throw has very many orders.
        let mut counted = FxHashMap::default();
        let depths: Vec<u8> = (moves.iter())
            .map(|&a| self.depth(state, a, all, &mut counted))
            .collect();
        let best = depths.iter().copied().max().unwrap_or(0);
        let mut i = 0;
        moves.retain(|_| {
            i += 1;
            depths[i - 1] == best
        });
        if best == 1 {
            let largest = moves.iter().filter_map(|a| a.by()).max();
            moves.retain(|a| a.by().is_some() && a.by() == largest);
        }
    }

    /// How many of the `all` waiting values can be used in this throw,
    /// move `a` first; `counted` holds the positions of this throw already
    /// counted ([`Race::most_usable`]).
    fn depth(&self, state: &State, a: Action, all: u8, counted: &mut FxHashMap<State, u8>) -> u8 {
        let mut next = state.clone();
        self.apply(&mut next, a);
        let used = next.used.saturating_sub(state.used);
        used + self.most_usable(state, &next, all.saturating_sub(used), counted)
    }

    /// The most values, up to `limit`, that can still be used after
    /// `state` in the throw of `before`: none once the throw is over (a
    /// new throw, or another seat's turn). A position of the throw comes
    /// with its own `limit` (the values still waiting), so its answer is
    /// kept in `counted` and read there when it comes up again.
    fn most_usable(
        &self,
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
            return u8::from(self.any_move(state));
        }
        if let Some(&best) = counted.get(state) {
            return best;
        }
        let mut best = 0;
        for a in self.allowed_moves(state) {
            best = best.max(self.depth(state, a, limit, counted));
            if best == limit {
                break;
            }
        }
        counted.insert(state.clone(), best);
        best
    }

    // ---- Applying an action ----

    /// Applies a legal action.
    fn apply(&self, state: &mut State, action: Action) {
        match action {
            Action::Begin(i) => {
                state.mover = i;
                state.phase = Phase::Throw;
            }
            Action::Throw(i) => self.apply_throw(state, i as usize),
            Action::Pass => self.apply_pass(state),
            Action::Move { from, count, by } => self.apply_move(state, from, count, by, false),
            Action::Round { from, count, by } => self.apply_move(state, from, count, by, true),
            // end: doubling: the offer, and its answer.
            _ => {
                self.game.apply_stake(state, action);
            }
        }
    }

    /// A throw: its values wait to be used; one that gives another throw
    /// earns it, or is thrown at once with turn: throws = all_first.
    fn apply_throw(&self, state: &mut State, index: usize) {
        let rules = &self.game.rules;
        let Some(outcome) = rules.dice.outcomes.get(index) else {
            return;
        };
        if outcome.again {
            // turn: again_limit: the throw that would be one throw-again
            // too many moves nothing and ends the turn; over_limit =
            // send_back_leader also sends the leading piece back.
            state.streak = state.streak.saturating_add(1);
            let limit = rules.turn.again_limit;
            if limit > 0 && state.streak >= limit {
                if let Some(step) = self.sent_back_over_limit(state) {
                    let pieces = &mut state.pieces[state.mover as usize];
                    if let Some(piece) = pieces.iter_mut().find(|s| **s == step) {
                        *piece = 0;
                    }
                    pieces.sort_unstable();
                }
                self.end_turn(state);
                return;
            }
        }
        state.used = 0;
        state.split.clear();
        state.doubles = outcome.doubles;
        let die = |value| PoolValue {
            value,
            again: outcome.again,
            bonus: false,
        };
        // dice: all_out: with no piece at the start, some faces move
        // another value.
        let all_out = !state.pieces[state.mover as usize].contains(&0);
        for &face in &outcome.values {
            if state
                .pool
                .try_push(die(rules.dice.value_of(face, all_out)))
                .is_err()
            {
                break;
            }
        }
        // dice: doubles_bottoms = when_all_out: a double with no piece at
        // the start moves the bottom faces too.
        let bottoms = rules.dice.bottoms_sum;
        if outcome.doubles && bottoms > 0 && !state.pieces[state.mover as usize].contains(&0) {
            for &top in &outcome.values {
                if !state.pool.is_full() {
                    state.pool.push(die(bottoms.saturating_sub(top)));
                }
            }
        }
        let keep_throwing = outcome.again
            && rules.turn.throws == ThrowOrder::AllFirst
            && state.pool.remaining_capacity() >= outcome.values.len();
        if outcome.again && !keep_throwing {
            state.extra = state.extra.saturating_add(1);
        }
        if !keep_throwing {
            state.phase = Phase::Move;
        }
    }

    /// The waiting values are given up. turn: tries: a seat with no piece
    /// on its way whose throw could move nothing throws again, up to
    /// `tries` throws a turn.
    fn apply_pass(&self, state: &mut State) {
        let tries = self.game.rules.turn.tries;
        let seat = state.mover as usize;
        let nothing_on_way = state.pieces[seat]
            .iter()
            .all(|&s| s == 0 || self.in_goal(seat, s));
        let retry = tries > 1
            && state.tried + 1 < tries
            && state.extra == 0
            && nothing_on_way
            && !self.any_move(state);
        state.pool.clear();
        if retry {
            state.tried += 1;
            state.phase = Phase::Throw;
        } else {
            self.after_value(state);
        }
    }

    /// A move: its value used up, the pieces come to their step, take what
    /// they take there, and the turn goes on.
    fn apply_move(&self, state: &mut State, from: u8, count: u8, by: u8, round: bool) {
        let rules = &self.game.rules;
        let seat = state.mover as usize;
        let home = self.home(seat);
        // The first waiting value of that size (out of the start, one that
        // lets a piece out); else, out of the start, two dice that add up
        // to it (entry: sum).
        let slot = state.pool.iter().position(|&v| {
            v.value == by && (from != 0 || self.lets_out(false, v) || self.lets_out(true, v))
        });
        let used = match slot {
            Some(slot) => {
                state.pool.remove(slot);
                1
            }
            None if from == 0 && rules.entry.sum => {
                let Some((i, j)) = self.sum_pair(state, by) else {
                    return;
                };
                state.pool.remove(j);
                state.pool.remove(i);
                2
            }
            None => return,
        };
        let target = if from == 0 && !rules.entry.moves_score {
            1
        } else {
            self.reach(seat, from, by, round).unwrap_or(home)
        };
        state.used = state.used.saturating_add(used);
        // stacks: pairs = apart: the two pieces of each blockade that
        // splits are followed through the throw. A piece leaving a step
        // where a pair stands is that pair's (the first such pair); else,
        // leaving others of a blockade behind, it splits that blockade.
        let stacks = &rules.stacks;
        if stacks.pairs_apart && stacks.blockade > 0 && from > 0 {
            let pairs = state.split.pairs_mut();
            match pairs.iter_mut().find(|(a, b)| *a == from || *b == from) {
                Some((a, _)) if *a == from => *a = target,
                Some((_, b)) => *b = target,
                None => {
                    let here = state.pieces[seat].iter().filter(|&&s| s == from).count() as u8;
                    if here >= stacks.blockade && count < here {
                        state.split.push((target, from));
                    }
                }
            }
        }
        if target < home && self.takes_on(seat, from, target) {
            self.take(state, seat, target);
        }
        let pieces = &mut state.pieces[seat];
        let mut moved = 0;
        for step in pieces.iter_mut() {
            if *step == from && moved < count {
                *step = target;
                moved += 1;
            }
        }
        pieces.sort_unstable();
        if from == 0 {
            state.entered[seat] = true;
        }
        // turn: over_limit = send_back_last: where the moved piece is now.
        if rules.turn.keeps_last_moved() {
            state.last_moved = target;
        }
        // home: bonus: a piece reaching home earns a bonus value.
        if target == home && from < home {
            add_bonus(state, rules.home.bonus);
        }
        // A seat with all its pieces in its goal has finished; its turn ends.
        if self.in_goal(seat, target)
            && state.pieces[seat].iter().all(|&s| self.in_goal(seat, s))
            && !state.has_finished(seat)
        {
            state.finished.push(seat as u8);
            if self.game.outcome_of_finishes(state).is_some() {
                state.phase = Phase::Over;
                return;
            }
            state.pool.clear();
            state.extra = 0;
        }
        self.after_value(state);
    }

    /// Two waiting die values whose sum is `sum`: the first such pair.
    fn sum_pair(&self, state: &State, sum: u8) -> Option<(usize, usize)> {
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

    /// capture: a piece landing on the cell of its step `target` sends the
    /// pieces of other sides there back to their start (partners too with
    /// partners = yes); the move earns its extra throws and one bonus,
    /// however many pieces it takes (capture: again, bonus).
    fn take(&self, state: &mut State, seat: usize, target: u8) {
        let capture = &self.game.rules.capture;
        let cell = self.cell(seat, target);
        let mut taken = 0u8;
        for other in 0..self.game.seats.len() {
            if other == seat || (self.same_side(seat, other) && !capture.partners) {
                continue;
            }
            let home = self.home(other);
            let track = self.game.track(other);
            let pieces = &mut state.pieces[other];
            for step in pieces.iter_mut() {
                if *step > 0 && *step < home && track.cell(*step) == cell {
                    *step = 0;
                    taken += 1;
                }
            }
            pieces.sort_unstable();
        }
        if taken > 0 {
            state.extra = state.extra.saturating_add(capture.extra_throws);
            add_bonus(state, capture.bonus);
        }
    }

    /// After a value is used or given up: go on with the turn, throw
    /// again, or pass the turn on.
    fn after_value(&self, state: &mut State) {
        if !state.pool.is_empty() {
            return;
        }
        if state.extra > 0 {
            state.extra -= 1;
            state.phase = Phase::Throw;
            return;
        }
        self.end_turn(state);
    }

    /// The step of the mover's piece that the throw past `again_limit`
    /// sends back to its start (turn: over_limit), if any. A seat that has
    /// finished keeps its pieces in its goal.
    fn sent_back_over_limit(&self, state: &State) -> Option<u8> {
        let turn = &self.game.rules.turn;
        let seat = state.mover as usize;
        let home = self.home(seat);
        if state.has_finished(seat) {
            return None;
        }
        // send_back_leader: the piece furthest along, not yet home.
        if turn.send_back_leader {
            return state.pieces[seat]
                .iter()
                .copied()
                .filter(|&s| s > 0 && s < home)
                .max();
        }
        // send_back_last: the piece moved last in this turn, unless it is
        // home or on its own stretch, a cell of its track that no other
        // playing seat's track passes; none before the turn's first move.
        let step = state.last_moved;
        let cell = self.game.track(seat).cell(step);
        let own_stretch = (0..self.game.seats.len())
            .filter(|&other| other != seat)
            .all(|other| !self.game.track(other).cells.contains(&cell));
        (turn.send_back_last && step > 0 && step < home && !own_stretch).then_some(step)
    }

    /// The turn passes to the next seat (turn: finished = skip passes over
    /// a seat that has finished), or the game stops at turn: limit.
    fn end_turn(&self, state: &mut State) {
        let rules = &self.game.rules;
        if rules.stacks.blockade_turns > 0 && rules.stacks.blockade > 0 {
            self.age_blockades(state);
        }
        state.tried = 0;
        state.last_moved = 0;
        state.stake.offer = Offer::None;
        state.pool.clear();
        state.extra = 0;
        state.streak = 0;
        state.turns += 1;
        if state.turns >= rules.turn.limit {
            state.phase = Phase::Over;
            state.at_limit = true;
            return;
        }
        let n = self.game.seats.len();
        let mut next = state.mover as usize;
        for _ in 0..n {
            next = (next + 1) % n;
            if !(rules.turn.skip_finished && state.has_finished(next)) {
                break;
            }
        }
        state.mover = next as u8;
        state.phase = Phase::Throw;
    }

    /// stacks: blockade_turns: at the end of its turn, each of the mover's
    /// blockades on the race has stood one more of its turns; one broken
    /// is forgotten.
    fn age_blockades(&self, state: &mut State) {
        let blockade = self.game.rules.stacks.blockade;
        let seat = state.mover;
        let home = self.home(seat as usize);
        let old = state.blockade_ages.clone();
        state.blockade_ages.retain(|e| e.0 != seat);
        let pieces = state.pieces[seat as usize].to_vec();
        let mut steps = pieces.clone();
        steps.dedup();
        for step in steps {
            let here = pieces.iter().filter(|&&s| s == step).count() as u8;
            if step == 0 || step >= home || here < blockade {
                continue;
            }
            let turns = old
                .iter()
                .find(|e| e.0 == seat && e.1 == step)
                .map_or(1, |e| e.2.saturating_add(1));
            let _ = state.blockade_ages.try_push((seat, step, turns));
        }
    }
}

/// A bonus value of `value` steps waits with the others (none for 0).
fn add_bonus(state: &mut State, value: u8) {
    if value > 0 && !state.pool.is_full() {
        state.pool.push(PoolValue {
            value,
            again: false,
            bonus: true,
        });
    }
}

/// Keeps the items `keep` picks, in order, where it picks any.
fn keep_if_any<T>(items: &mut Vec<T>, keep: impl Fn(&T) -> bool) {
    if items.iter().any(&keep) {
        items.retain(keep);
    }
}
