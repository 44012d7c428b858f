//! Whether a race state can arise in the game: the checks of a state
//! read from JSON or built by hand, and why the rules refuse an action.

use super::moves::Occupancy;
use crate::engine::{Action, Game, Phase, Refusal, State, StateError, field};
use crate::rules::MAX_SEATS;

impl Game {
    /// [`Game::validate`] of each field of a state, and of the fields
    /// together, before anything is played from it.
    pub(crate) fn validate_fields(&self, state: &State) -> Result<(), StateError> {
        let fail = |problem: String| {
            Err(StateError::Impossible {
                game: self.rules.name.clone(),
                problem,
            })
        };
        // The counts every game keeps: play stops when the turn limit is
        // reached, and a seat with no piece on its way throws at most
        // `tries` times (turn: limit, tries).
        let turn = &self.rules.turn;
        if state.turns > turn.limit || (state.turns == turn.limit && !state.at_limit) {
            return fail(format!(
                "it counts {} turns played, but play stops at the turn limit of {}",
                state.turns, turn.limit
            ));
        }
        if state.tried >= turn.tries {
            return fail(format!(
                "it counts {} throws tried this turn, but the rules allow {} (turn: tries)",
                u16::from(state.tried) + 1,
                turn.tries
            ));
        }
        if self.rules.field.is_some() || state.field.is_some() {
            return self.field_validate(state);
        }
        if let Some(f) = self.fight_rules() {
            return self.fight_validate(f, state).or_else(fail);
        }
        if state.fight.is_some() {
            return fail("it holds the position of a fight, and this game is a race".into());
        }
        let n = self.rules.pieces_per_seat as usize;
        if state.pieces.len() != self.seats.len() {
            return fail(format!(
                "it has pieces for {} seats, but {} play",
                state.pieces.len(),
                self.seats.len()
            ));
        }
        for (i, steps) in state.pieces.iter().enumerate() {
            let name = self.seat_name(i);
            if steps.len() != n {
                return fail(format!("seat {name} has {} pieces, not {n}", steps.len()));
            }
            let home = self.track(i).home();
            if let Some(s) = steps.iter().find(|&&s| s > home) {
                return fail(format!(
                    "seat {name} has a piece at step {s}, past its home at step {home}"
                ));
            }
            if steps.windows(2).any(|w| w[0] > w[1]) {
                return fail(format!(
                    "the steps of seat {name} are not in ascending order"
                ));
            }
        }
        if state.entered.len() != self.seats.len() {
            return fail("`entered` does not have one entry a seat".into());
        }
        if state.mover as usize >= self.seats.len() {
            return fail(format!("seat number {} does not play", state.mover));
        }
        if state.phase == Phase::Opening
            && (state.turns > 0 || state.pieces != self.new_initial_state().pieces)
        {
            return fail("it waits for the throw for who begins after play has started".into());
        }
        if state.phase == Phase::Move && state.pool.is_empty() {
            return fail("it waits for a move but no value waits to be used".into());
        }
        if state.phase == Phase::Throw
            && !state.pool.is_empty()
            && self.rules.turn.throws == crate::rules::ThrowOrder::OneAtATime
        {
            return fail("it waits for a throw while a value waits to be used".into());
        }
        // end: doubling: the stake as the rules can leave it.
        let stake = &state.stake;
        if !stake.is_untouched() && !self.rules.end.doubling {
            return fail("it has a stake doubled or offered, which only end: doubling does".into());
        }
        if stake.doublings > crate::engine::Stake::MOST_DOUBLINGS {
            return fail(format!(
                "the stake is doubled {} times, more than the {} the rules allow",
                stake.doublings,
                crate::engine::Stake::MOST_DOUBLINGS
            ));
        }
        if stake.holder as usize > self.seats.len() || (stake.doublings > 0) != (stake.holder > 0) {
            return fail(
                "the stake's holder must be a playing seat, one exactly when the stake was doubled"
                    .into(),
            );
        }
        let offer_fits = match stake.offer {
            crate::engine::Offer::None => true,
            crate::engine::Offer::Offered => {
                state.phase == Phase::Throw
                    && (stake.holder == 0 || stake.holder == state.mover + 1)
            }
            crate::engine::Offer::Decided => state.phase != Phase::Opening,
            crate::engine::Offer::Dropped => state.phase == Phase::Over,
        };
        if !offer_fits {
            return fail(format!(
                "the offer to double stands as {:?} while the game waits for {:?}",
                stake.offer, state.phase
            ));
        }
        if state.last_moved > 0 {
            let mover = self.seat_name(state.mover as usize);
            if !self.rules.turn.keeps_last_moved() {
                return fail(
                    "it keeps the piece moved last, which only turn: over_limit = send_back_last does"
                        .into(),
                );
            }
            if !state.pieces[state.mover as usize].contains(&state.last_moved) {
                return fail(format!(
                    "seat {mover} moved a piece last to step {}, where it has none",
                    state.last_moved
                ));
            }
        }
        for v in &state.pool {
            let rules = &*self.rules;
            let possible = if v.bonus {
                v.value > 0 && (v.value == rules.capture.bonus || v.value == rules.home.bonus)
            } else {
                rules.dice.may_give(v.value, v.again)
            };
            if !possible {
                return fail(format!("no throw gives the waiting value {}", v.value));
            }
        }
        let mut seen = [false; MAX_SEATS];
        for &f in &state.finished {
            let f = f as usize;
            if f >= self.seats.len() || seen[f] {
                return fail("the list of finished seats is wrong".into());
            }
            seen[f] = true;
            if state.pieces[f].iter().any(|&s| !self.fast().in_goal(f, s)) {
                return fail(format!(
                    "seat {} is listed as finished but has pieces out of home",
                    self.seat_name(f)
                ));
            }
        }
        for (i, steps) in state.pieces.iter().enumerate() {
            if steps.iter().all(|&s| self.fast().in_goal(i, s)) && !seen[i] {
                return fail(format!(
                    "seat {} has all pieces home but is not listed as finished",
                    self.seat_name(i)
                ));
            }
        }
        if state.phase != Phase::Over && self.outcome_of_finishes(state).is_some() {
            return fail("the game should be over".into());
        }
        if state.phase == Phase::Over
            && !state.at_limit
            && state.stake.offer != crate::engine::Offer::Dropped
            && self.outcome_of_finishes(state).is_none()
        {
            return fail("it says the game is over, but no side has finished and the turn limit is not reached".into());
        }
        if state.at_limit && (state.phase != Phase::Over || state.turns < self.rules.turn.limit) {
            return fail(format!(
                "it says the turn limit was reached, but only {} of {} turns were played",
                state.turns, self.rules.turn.limit
            ));
        }
        // Two sides never share a cell that is not safe when captures are on.
        let occupancy = Occupancy::of(self, state);
        if let Some(problem) = occupancy.clash(self) {
            return fail(problem);
        }
        if let Some(problem) = self.overfull_cell(state) {
            return fail(problem);
        }
        Ok(())
    }

    /// A cell holding more than `stacks.max` pieces or more than
    /// `stacks.own_max` of one seat, or a safe cell shared by two sides
    /// where `capture.safe_shared = no`.
    fn overfull_cell(&self, state: &State) -> Option<String> {
        let rules = &*self.rules;
        let (max, own_max) = (rules.stacks.max, rules.stacks.own_max);
        if max == 0 && own_max == 0 && rules.capture.safe_shared {
            return None;
        }
        // (cell, seat, count) of every piece on a race step.
        let mut counts: Vec<(crate::rules::CellId, usize, u8)> = Vec::new();
        for (seat, steps) in state.pieces.iter().enumerate() {
            let track = self.track(seat);
            let last = self.last_cell_step(seat);
            for &s in steps.iter().filter(|&&s| s > 0 && s <= last) {
                let cell = track.cell(s);
                match counts.iter_mut().find(|e| e.0 == cell && e.1 == seat) {
                    Some(e) => e.2 += 1,
                    None => counts.push((cell, seat, 1)),
                }
            }
        }
        let name = |c: crate::rules::CellId| rules.board.cell_name(c).to_string();
        for &(cell, seat, n) in &counts {
            if own_max > 0 && n > own_max {
                return Some(format!(
                    "{} has {n} pieces on {}, more than the {own_max} one seat may have on a cell",
                    self.seat_name(seat),
                    name(cell)
                ));
            }
            let here: Vec<&(crate::rules::CellId, usize, u8)> =
                counts.iter().filter(|e| e.0 == cell).collect();
            let total: u8 = here.iter().map(|e| e.2).sum();
            if max > 0 && total > max {
                return Some(format!(
                    "{} holds {total} pieces, more than {max}",
                    name(cell)
                ));
            }
            if !rules.capture.safe_shared
                && rules.capture.safe.contains(&cell)
                && here.iter().any(|e| self.side[e.1] != self.side[seat])
            {
                return Some(format!(
                    "two sides share the safe cell {}, which they may not",
                    name(cell)
                ));
            }
        }
        None
    }

    /// The last step of `seat`'s track that holds pieces like any cell:
    /// home where the goal is longer than it (home: goal), else the step
    /// before home.
    pub(crate) fn last_cell_step(&self, seat: usize) -> u8 {
        let home = self.race.hot.home[seat];
        if self.race.flags.goal > 1 {
            home
        } else {
            home.saturating_sub(1)
        }
    }

    /// Whether no step of `seat`'s track, past its start, holds more of
    /// its pieces `steps` than `stacks: own_max` allows (home too where
    /// the goal is longer than it: `home: goal`). The passes that read a
    /// seat's pieces as a word count on it.
    pub(crate) fn own_limit_kept(&self, seat: usize, steps: &[u8]) -> bool {
        let most = self.race.hot.own_max;
        if most == 0 {
            return true;
        }
        let last = self.last_cell_step(seat);
        steps.iter().all(|&s| {
            s == 0 || s > last || steps.iter().filter(|&&t| t == s).count() <= most as usize
        })
    }

    /// [`Game::refusal`] for a race, in a state that fits the game: a
    /// seat's move or pass is refused where it is not listed, for the
    /// reason the reference path gives (the first rule that refuses it on
    /// its own, else the rule that chooses other moves).
    pub(crate) fn race_refusal(&self, state: &State, action: Action) -> Option<Refusal> {
        match (state.phase, action) {
            (Phase::Over, _) => Some(Refusal::GameOver),
            (Phase::Opening, Action::Begin(i)) => {
                ((i as usize) >= self.seats.len()).then_some(Refusal::NoSuchOutcome)
            }
            (Phase::Opening, _) => Some(Refusal::WhoBegins),
            (_, Action::Begin(_)) => Some(Refusal::AlreadyBegun),
            (Phase::Throw, Action::Double | Action::Roll | Action::Take | Action::Drop) => {
                let listed = self.legal_actions(state).contains(&action);
                (!listed).then_some(Refusal::NoOffer)
            }
            (_, Action::Double | Action::Roll | Action::Take | Action::Drop) => {
                Some(Refusal::NoOffer)
            }
            (Phase::Throw, _) if self.stake_decider(state).is_some() => Some(Refusal::StakeFirst),
            (Phase::Throw, Action::Throw(i)) => {
                if (i as usize) >= self.rules.dice.outcomes.len() {
                    Some(Refusal::NoSuchOutcome)
                } else if !self.may_throw(state, i as usize) {
                    Some(Refusal::FirstThrowUnlike)
                } else {
                    None
                }
            }
            (Phase::Throw, _) => Some(Refusal::MustThrow),
            (Phase::Move, Action::Throw(_)) => Some(Refusal::NotThrowing),
            // A fight's actions are refused before this, by the fight.
            (Phase::Move, Action::Shift { .. } | Action::Enter { .. } | Action::Lead(_)) => {
                Some(Refusal::BadState)
            }
            (Phase::Move, Action::Pass | Action::Move { .. } | Action::Round { .. }) => {
                let listed = self.legal_actions(state).contains(&action);
                (!listed).then(|| self.refusal_reference(state, action))
            }
            // Actions of a field game have no place in a race.
            (Phase::Move, _) => Some(Refusal::Field(field::FieldRefusal::NotNow)),
        }
    }
}
