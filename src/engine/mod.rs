//! The engine: a [`Game`] (a compiled rule set and a seating) drives
//! [`State`]s. At every point one actor acts: chance, which throws, or a
//! seat, which chooses among its legal actions.

mod action;
mod action_id;
pub mod field;
mod fight;
mod outcome;
pub(crate) mod race;
mod refusal;
mod state;

use std::sync::Arc;

use thiserror::Error;

pub use action::{Action, parse_move};
pub use action_id::ActionIds;
pub use fight::{FightRefusal, FightState, Piece, Stack};
pub use outcome::{EndReason, Outcome};
pub use refusal::Refusal;
pub use state::{
    MAX_SEAT_PIECES, MAX_SPLITS, Offer, Phase, Pieces, PoolValue, Splits, Stake, State,
};

use crate::rules::{MAX_PIECES, MAX_SEATS, RuleSet, SeatId, Track, dice::Outcome as DiceOutcome};
pub(crate) use race::fast;

/// Who acts in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// The dice are thrown: pick one of [`Game::chance_outcomes`].
    Chance,
    /// This seat chooses among [`Game::legal_actions`].
    Seat(SeatId),
    /// This player (by index among the players) chooses among
    /// [`Game::legal_actions`]: a table where players and seats differ
    /// (one player plays several seats, or the players move a dummy in
    /// turn); the seat whose pieces move is [`Game::mover`].
    Player(u8),
    /// The game is over.
    Terminal,
}

/// A refused action: the state is unchanged, and `reason` says which rule refused it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{action_text} is not allowed: {reason}")]
pub struct PlayError {
    /// The action refused.
    pub action: Action,
    /// The action in the game's notation.
    pub action_text: String,
    /// The rule that refused it, in words.
    pub reason: String,
    /// The rule that refused it.
    pub refusal: Refusal,
}

/// A seating that a game cannot be set up with.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The variant has no seating for that many players.
    #[error(
        "{game} is not played by {players} {}; it is played by {choices}",
        if *players == 1 { "player" } else { "players" }
    )]
    NoSuchTable {
        /// The game's name.
        game: String,
        /// The number asked for.
        players: usize,
        /// The numbers the file gives, in words.
        choices: String,
    },
    /// The seats' pieces are more than a state holds (a rule set built by
    /// hand; the compiler refuses such a file).
    #[error(
        "{game} with {seats} seats of {pieces} pieces is more than a state holds \
         ({MAX_SEATS} seats, {MAX_SEAT_PIECES} pieces a seat, {MAX_PIECES} in all)"
    )]
    TooManyPieces {
        /// The game's name.
        game: String,
        /// The playing seats.
        seats: usize,
        /// The pieces of each seat.
        pieces: usize,
    },
}

/// A state that does not fit the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StateError {
    /// The JSON text is not a state.
    #[error("the saved state is not valid: {0}")]
    Json(String),
    /// The state does not fit the rules.
    #[error("the saved state is impossible in {game}: {problem}")]
    Impossible {
        /// The game's name.
        game: String,
        /// What is wrong.
        problem: String,
    },
}

/// A compiled variant seated for a number of players. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<RuleSet>,
    /// The playing seats, in turn order.
    seats: Vec<SeatId>,
    /// The side of each playing seat.
    side: Vec<u8>,
    sides: u8,
    /// What the race engine reads, worked out from the rules and the
    /// seating (empty tables for a fight or a field game).
    race: race::Race,
    /// For dice of small total weight, the outcome of each number below
    /// it (the same as [`Dice::pick`](crate::rules::Dice::pick)); else empty.
    throw_table: Arc<[u8]>,
    /// How many players sit at the table (see [`crate::rules::Table::players`]).
    player_count: usize,
    /// Whether the game is a race (no fight, no field game): the hot path
    /// asks this one flag before anything else.
    is_race: bool,
    /// For each playing seat, the player who moves it, or [`crate::rules::DUMMY`].
    player_of: Vec<u8>,
    /// A field game: the moves its board allows, which its action ids number.
    field_moves: Option<Arc<action_id::FieldMoves>>,
    /// The pieces where the game begins them: kept to tell the game's
    /// first throw (turn: begins = one_die_each) without a new state.
    start_pieces: Pieces,
}

impl Game {
    /// Seats `rules` for `players` players.
    pub fn new(rules: Arc<RuleSet>, players: usize) -> Result<Game, SetupError> {
        let Some(table) = rules.table(players) else {
            let choices: Vec<String> = rules.tables.iter().map(|t| t.players.to_string()).collect();
            // "2, 3 or 4"
            let choices = match choices.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            return Err(SetupError::NoSuchTable {
                game: rules.name.clone(),
                players,
                choices,
            });
        };
        let race = rules.fight.is_none() && rules.field.is_none();
        let pieces = rules.pieces_per_seat as usize;
        if race && Pieces::new(table.seats.len(), pieces).is_none() {
            return Err(SetupError::TooManyPieces {
                game: rules.name.clone(),
                seats: table.seats.len(),
                pieces,
            });
        }
        let dice = &rules.dice;
        let throw_table: Arc<[u8]> = if dice.total <= 256 && dice.outcomes.len() <= 256 {
            (0..dice.total).map(|u| dice.pick(u) as u8).collect()
        } else {
            Arc::from([])
        };
        let mut game = Game {
            race: race::Race::new(&rules, table, race),
            seats: table.seats.clone(),
            side: table.side.clone(),
            sides: table.sides,
            throw_table,
            player_count: table.players,
            player_of: table.player_of.clone(),
            is_race: race,
            field_moves: (rules.field.as_deref()).map(|f| Arc::new(action_id::FieldMoves::new(f))),
            rules,
            start_pieces: Pieces::none(),
        };
        game.finish_race();
        game.start_pieces = game.new_initial_state().pieces;
        Ok(game)
    }

    /// Seats `rules` for the largest number of players the file gives.
    pub fn with_most_players(rules: Arc<RuleSet>) -> Game {
        let most = rules.tables.iter().map(|t| t.players).max().unwrap_or(0);
        Game::new(rules, most).expect("a compiled rule set has a table")
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The shared rule set.
    pub fn rules_arc(&self) -> &Arc<RuleSet> {
        &self.rules
    }

    /// A field game's moves that its board allows, for its action ids.
    pub(crate) fn field_moves(&self) -> Option<&Arc<action_id::FieldMoves>> {
        self.field_moves.as_ref()
    }

    /// The playing seats, in turn order.
    pub fn seats(&self) -> &[SeatId] {
        &self.seats
    }

    /// The number of players: the number of playing seats, unless one
    /// player plays several seats or the players move a dummy in turn.
    pub fn players(&self) -> usize {
        self.player_count
    }

    /// The name of a player (by index among the players): the seats they
    /// play, joined by `+`, such as `blue+red`.
    pub fn player_name(&self, player: usize) -> String {
        let names: Vec<&str> = (0..self.seats.len())
            .filter(|&i| self.player_of.get(i) == Some(&(player as u8)))
            .map(|i| self.seat_name(i))
            .collect();
        names.join("+")
    }

    /// The player (by index among the players) who chooses now: the one
    /// who moves the seat on turn, or who chooses the seat that begins;
    /// `None` where chance acts or the game is over.
    pub fn player_to_act(&self, state: &State) -> Option<usize> {
        match self.actor(state) {
            Actor::Player(p) => Some(p as usize),
            // The seat not on turn may choose (a retreat in a field game).
            Actor::Seat(id) if self.seats.get(state.mover as usize) != Some(&id) => {
                self.seats.iter().position(|&s| s == id)
            }
            Actor::Seat(_) => Some(state.mover as usize),
            Actor::Chance | Actor::Terminal => None,
        }
    }

    /// Who a game record names for the next action: the seat that chooses
    /// (mostly the one whose turn it is), or the player who chooses which
    /// of their seats begins.
    pub fn record_name(&self, state: &State) -> String {
        match self.actor(state) {
            Actor::Player(p) if state.phase == Phase::Opening => self.player_name(p as usize),
            Actor::Seat(id) => match self.rules.seats.get(id.0 as usize) {
                Some(seat) => seat.name.clone(),
                None => self.seat_name(self.mover(state)).to_string(),
            },
            _ => self.seat_name(self.mover(state)).to_string(),
        }
    }

    /// The player (by index among the players) who plays the seat at
    /// `index` in turn order; `None` for a dummy.
    pub fn player_of_seat(&self, index: usize) -> Option<usize> {
        match self.player_of.get(index) {
            Some(&crate::rules::DUMMY) | None => None,
            Some(&p) => Some(p as usize),
        }
    }

    /// The seat nobody sits at, which the players move in turn (index in turn order).
    pub fn dummy(&self) -> Option<usize> {
        self.player_of
            .iter()
            .position(|&p| p == crate::rules::DUMMY)
    }

    /// The side of each playing seat, in turn order; seats of one side are partners.
    pub fn sides(&self) -> &[u8] {
        &self.side
    }

    /// How many sides play.
    pub fn side_count(&self) -> usize {
        self.sides as usize
    }

    /// A side's name: its seats' names joined by `+`, such as `red+black`.
    pub fn side_name(&self, side: u8) -> String {
        let names: Vec<&str> = (0..self.seats.len())
            .filter(|&i| self.side[i] == side)
            .map(|i| self.seat_name(i))
            .collect();
        names.join("+")
    }

    /// The name of the playing seat at `index` in turn order.
    pub fn seat_name(&self, index: usize) -> &str {
        &self.rules.seats[self.seats[index].0 as usize].name
    }

    /// The playing seat (index in turn order) called `name`.
    pub fn seat_index(&self, name: &str) -> Option<usize> {
        (0..self.seats.len()).find(|&i| self.seat_name(i) == name)
    }

    /// The track of the playing seat at `index`.
    pub fn track(&self, index: usize) -> &Track {
        &self.rules.seats[self.seats[index].0 as usize].track
    }

    /// The state at the start of a game: all pieces at their start, the
    /// first seat about to throw.
    pub fn new_initial_state(&self) -> State {
        if let Some(f) = self.fight_rules() {
            return self.fight_initial(f);
        }
        if let Some(field) = &self.rules.field {
            return self.field_initial(field);
        }
        let n = self.rules.pieces_per_seat as usize;
        let seats = self.seats.len();
        // Game::new refused a table whose pieces a state cannot hold.
        let mut pieces = Pieces::new(seats, n).unwrap_or(Pieces::none());
        // Pieces that begin out stand on step 1 (entry: already_out), and
        // on the steps of entry: begin_on; the rest at the start.
        let entry = &self.rules.entry;
        let mut begin: Vec<u8> = vec![1; entry.already_out as usize];
        for &(step, count) in &entry.begin_on {
            begin.extend(std::iter::repeat_n(step, count as usize));
        }
        let out = begin.len().min(n);
        begin.resize(n, 0);
        begin.sort_unstable();
        for seat in 0..seats {
            pieces[seat].copy_from_slice(&begin);
        }
        let phase = if self.rules.turn.begins_by_throw {
            Phase::Opening
        } else {
            Phase::Throw
        };
        let mut state = State::at_start(pieces, seats, phase);
        state.entered.iter_mut().for_each(|e| *e = out > 0);
        state
    }

    /// Who acts now.
    pub fn actor(&self, state: &State) -> Actor {
        if !self.fits(state) {
            return Actor::Terminal;
        }
        self.actor_fitting(state)
    }

    /// [`Game::actor`] for a state known to fit the game.
    pub(crate) fn actor_fitting(&self, state: &State) -> Actor {
        if !self.is_race {
            if self.fight_rules().is_some() {
                return self.fight_actor(state);
            }
            return self.field_actor(state);
        }
        match state.phase {
            Phase::Throw => match self.stake_decider(state) {
                Some(seat) => Actor::Seat(self.seats[seat]),
                None => Actor::Chance,
            },
            Phase::Opening => Actor::Chance,
            Phase::Move => Actor::Seat(self.seats[state.mover as usize]),
            Phase::Over => Actor::Terminal,
        }
    }

    /// Whether a state has the shape of this game: a list of pieces for each
    /// playing seat, of the right length, each piece between its start and
    /// its home, no step holding more of one seat's pieces than the rules
    /// allow on a cell (`stacks: own_max`), a mover who plays, and counts
    /// of turns and tries within the rules' limits (so that counting on
    /// cannot overflow). A state that does not fit has no legal actions
    /// and refuses every action; one read with [`Game::load_state`] always
    /// fits.
    pub fn fits(&self, state: &State) -> bool {
        let turn = &self.rules.turn;
        if state.turns > turn.limit || state.tried >= turn.tries {
            return false;
        }
        if let Some(f) = self.fight_rules() {
            return state.field.is_none() && self.fight_fits(f, state);
        }
        if self.rules.field.is_some() || state.field.is_some() {
            return state.fight.is_none() && self.rules.field.is_some() && self.field_fits(state);
        }
        if state.fight.is_some() {
            return false;
        }
        let n = self.seats.len();
        let per_seat = self.rules.pieces_per_seat as usize;
        state.pieces.len() == n
            && state.entered.len() == n
            && (state.mover as usize) < n
            && state.pieces.per_seat() == per_seat
            && state.finished.iter().all(|&f| (f as usize) < n)
            && (state.pieces.iter().enumerate()).all(|(seat, steps)| {
                steps.iter().all(|&s| s <= self.race.hot.home[seat])
                    && self.own_limit_kept(seat, steps)
            })
    }

    /// The playing seat (index in turn order) whose turn it is.
    pub fn mover(&self, state: &State) -> usize {
        state.mover as usize
    }

    /// Whether the game is over.
    pub fn is_terminal(&self, state: &State) -> bool {
        state.phase == Phase::Over
    }

    /// The outcomes of a throw, with exact weights over [`Dice::total`](crate::rules::Dice).
    /// The action for outcome `i` is `Action::Throw(i)`.
    pub fn chance_outcomes(&self) -> &[DiceOutcome] {
        &self.rules.dice.outcomes
    }

    /// Whether the game is a race (no fight, no field game).
    #[inline]
    pub(crate) fn is_race(&self) -> bool {
        self.is_race
    }

    /// Whether the game is a race that the engine's own path plays: not
    /// one that uses a setting only the reference path answers.
    #[inline]
    pub(crate) fn is_fast_race(&self) -> bool {
        self.is_race && !self.race.by_reference
    }

    /// The throw a uniform number `u` in `0..total weight` picks; bring your own generator.
    pub fn throw_for(&self, u: u64) -> Action {
        Action::Throw(self.outcome_for(u))
    }

    /// The dice's outcomes counted by weight: a throw is a number below it.
    #[inline(always)]
    pub(crate) fn throw_total(&self) -> u64 {
        self.race.hot.dice_total
    }

    /// The index of the outcome that [`Game::throw_for`] picks.
    #[inline]
    pub(crate) fn outcome_for(&self, u: u64) -> u8 {
        let total = self.throw_total();
        let u = if u < total { u } else { u % total };
        match self.throw_table.get(u as usize) {
            Some(&i) => i,
            None => self.rules.dice.pick(u) as u8,
        }
    }

    /// Whether outcome `i` of the dice may be thrown in `state`: any may,
    /// but where each seat throws one die to begin (turn: begins =
    /// one_die_each), the game's first throw is the two dice they threw,
    /// never a double.
    pub(crate) fn may_throw(&self, state: &State, i: usize) -> bool {
        !(self.first_throw_unlike(state)
            && self.rules.dice.outcomes.get(i).is_some_and(|o| o.doubles))
    }

    /// The playing seat that decides about the stake before the throw in
    /// `state` (end: doubling): the mover, who may offer to double it, or
    /// the other seat, who takes or drops the offer; `None` where the dice
    /// are thrown. The mover may offer once a turn, before its first
    /// throw, while it holds the stake or nobody does and it is below 64
    /// times; not before the game's first throw where each seat threw one
    /// die to begin.
    pub(crate) fn stake_decider(&self, state: &State) -> Option<usize> {
        if !self.rules.end.doubling || state.phase != Phase::Throw {
            return None;
        }
        let (mover, stake) = (state.mover as usize, &state.stake);
        match stake.offer {
            // Two seats play: the other answers.
            Offer::Offered => Some(usize::from(mover == 0)),
            Offer::None
                if stake.doublings < Stake::MOST_DOUBLINGS
                    && (stake.holder == 0 || stake.holder as usize == mover + 1)
                    && !self.first_throw_unlike(state) =>
            {
                Some(mover)
            }
            _ => None,
        }
    }

    /// The decisions about the stake before the throw in `state` (end:
    /// doubling): to double or throw, or to take or drop the offer; `None`
    /// where the dice are thrown. Both paths list them from here.
    pub(crate) fn stake_actions(&self, state: &State) -> Option<[Action; 2]> {
        self.stake_decider(state)?;
        Some(if state.stake.offer == Offer::Offered {
            [Action::Take, Action::Drop]
        } else {
            [Action::Double, Action::Roll]
        })
    }

    /// Applies a decision about the stake (end: doubling), listed by
    /// [`Game::stake_actions`]: the offer, or its answer. Both paths apply
    /// them here; `false` for any other action. Out of the way of the
    /// moves: most rules have no stake.
    #[cold]
    pub(crate) fn apply_stake(&self, state: &mut State, action: Action) -> bool {
        match action {
            Action::Double => state.stake.offer = Offer::Offered,
            Action::Roll => state.stake.offer = Offer::Decided,
            Action::Take => {
                let stake = &mut state.stake;
                stake.doublings += 1;
                stake.holder = if state.mover == 0 { 2 } else { 1 };
                stake.offer = Offer::Decided;
            }
            Action::Drop => {
                state.stake.offer = Offer::Dropped;
                state.phase = Phase::Over;
            }
            _ => return false,
        }
        true
    }

    /// Whether `state` waits for the game's first throw, and it is the
    /// one die each seat threw to begin (turn: begins = one_die_each):
    /// then [`Game::chance_actions`] lists the throws of unlike faces only.
    /// A throw later in the first turn comes after a throw again (its
    /// streak), a try, or a capture that earned it, which moved pieces
    /// from where they began.
    pub fn first_throw_unlike(&self, state: &State) -> bool {
        self.rules.turn.first_throw_unlike
            && state.phase == Phase::Throw
            && state.turns == 0
            && state.streak == 0
            && state.tried == 0
            && state.used == 0
            && self.pieces_as_they_began(state)
    }

    /// Whether every piece of `state` stands where the game began it.
    fn pieces_as_they_began(&self, state: &State) -> bool {
        state.pieces == self.start_pieces
    }

    /// The chance actions of a chance node with their exact weights: the
    /// throws of the dice, or before the first turn the seat that begins,
    /// each alike. Empty where a seat acts or the game is over.
    pub fn chance_actions(&self, state: &State) -> Vec<(Action, u64)> {
        if state.fight.as_ref().is_some_and(|f| f.choosing) {
            return Vec::new();
        }
        if self.stake_decider(state).is_some() {
            return Vec::new();
        }
        match state.phase {
            Phase::Opening => (0..self.player_count as u8)
                .map(|i| (Action::Begin(i), 1))
                .collect(),
            Phase::Throw => self
                .rules
                .dice
                .outcomes
                .iter()
                .enumerate()
                .filter(|&(i, _)| self.may_throw(state, i))
                .map(|(i, o)| (Action::Throw(i as u8), o.weight))
                .collect(),
            Phase::Move | Phase::Over => Vec::new(),
        }
    }

    /// The legal actions, sorted and without repeats. Empty only when the
    /// game is over; at a chance node, the throws.
    pub fn legal_actions(&self, state: &State) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(state, &mut out);
        out
    }

    /// [`Game::legal_actions`] into a buffer, for loops that must not allocate.
    pub fn legal_actions_into(&self, state: &State, out: &mut Vec<Action>) {
        out.clear();
        if self.fits(state) {
            self.fast().legal_fitting(state, out);
        }
    }

    /// [`Game::legal_actions_into`] for a state known to fit the game
    /// ([`Game::fits`]), without checking it again: for a loop that plays
    /// on the engine's own states. A state checked once (a new one, or one
    /// read by [`Game::load_state`]) and played on by actions the engine
    /// listed or allowed keeps fitting. On a state that does not fit, the
    /// list may be wrong.
    pub fn legal_actions_fitting(&self, state: &State, out: &mut Vec<Action>) {
        out.clear();
        self.fast().legal_fitting(state, out);
    }

    /// The step of the mover's blockade that has stood its time, if any
    /// (stacks: blockade_turns).
    pub fn overdue_blockade(&self, state: &State) -> Option<u8> {
        if self.race.by_reference {
            return self.overdue_blockade_reference(state);
        }
        self.fast().overdue_blockade(state)
    }

    /// Whether the mover may give up the waiting values though some can be
    /// used (turn: must_move = no, use = one after one value, bonus_optional).
    pub fn may_pass(&self, state: &State) -> bool {
        if self.race.by_reference {
            return self.may_pass_reference(state);
        }
        self.fast().may_pass(state)
    }

    /// Applies an action without checking it. The caller must have it from
    /// [`Game::legal_actions`] of this very state; anything else may leave
    /// the state inconsistent (it never panics for a throw or a pass).
    pub fn apply_unchecked(&self, state: &mut State, action: Action) {
        self.fast().apply_unchecked(state, action)
    }

    /// [`Game::apply_unchecked`] for a state known to fit the game, as
    /// [`Game::legal_actions_fitting`] says, without checking it again.
    pub fn apply_fitting(&self, state: &mut State, action: Action) {
        self.fast().apply_fitting(state, action);
    }

    /// Applies an action if the rules allow it; if not, the state is left
    /// exactly as it was and the error says which rule refused it.
    pub fn apply(&self, state: &mut State, action: Action) -> Result<(), PlayError> {
        match self.refusal(state, action) {
            None => {
                self.fast().apply_fitting(state, action);
                Ok(())
            }
            Some(refusal) => Err(PlayError {
                action,
                action_text: self.action_text(action),
                reason: self.explain(state, refusal),
                refusal,
            }),
        }
    }

    /// The state after `action`, or why it is refused.
    pub fn child(&self, state: &State, action: Action) -> Result<State, PlayError> {
        let mut next = state.clone();
        self.apply(&mut next, action)?;
        Ok(next)
    }

    /// Why the rules refuse `action` here, or `None` if they allow it.
    pub fn refusal(&self, state: &State, action: Action) -> Option<Refusal> {
        if !self.fits(state) {
            return Some(Refusal::BadState);
        }
        if let Some(f) = self.fight_rules() {
            return self.fight_refusal(f, state, action);
        }
        if self.rules.field.is_some() {
            return self.field_refusal(state, action);
        }
        self.race_refusal(state, action)
    }

    /// An action in the game's notation: `begin red`, `throw 2up`, `15+10`, `2x15+10`, `pass`.
    pub fn action_text(&self, action: Action) -> String {
        if let Some(f) = self.fight_rules()
            && matches!(
                action,
                Action::Shift { .. } | Action::Enter { .. } | Action::Lead(_)
            )
        {
            return self.fight_action_text(f, None, action);
        }
        if self.rules.field.is_some() {
            return self.field_action_text(action);
        }
        self.common_action_text(action)
    }

    /// The notation of the actions every model shares: who begins and a
    /// throw by its outcome's label; any other in the context-free form.
    pub(crate) fn common_action_text(&self, action: Action) -> String {
        match action {
            Action::Begin(i) if (i as usize) < self.seats.len() => {
                format!("begin {}", self.seat_name(i as usize))
            }
            Action::Throw(i) => match self.rules.dice.outcomes.get(i as usize) {
                Some(o) => format!("throw {}", o.label),
                None => action.to_string(),
            },
            _ => action.to_string(),
        }
    }

    /// An action in the game's notation, naming the piece it moves in `state`
    /// (`small d1-d3/2` where [`Game::action_text`] has no state to look at).
    pub fn action_text_in(&self, state: &State, action: Action) -> String {
        match self.fight_rules() {
            Some(f) if matches!(action, Action::Shift { .. }) => {
                self.fight_action_text(f, Some(state), action)
            }
            _ => self.action_text(action),
        }
    }

    /// Reads an action written in the game's notation, in `state` (which
    /// tells a fight which piece of a cell a kind names).
    pub fn parse_action_in(&self, state: &State, text: &str) -> Option<Action> {
        if let Some(f) = self.fight_rules()
            && let Some(a) = self.fight_parse_action(f, Some(state), text)
        {
            return Some(a);
        }
        self.parse_action(text)
    }

    /// Reads an action written in the game's notation.
    pub fn parse_action(&self, text: &str) -> Option<Action> {
        if self.rules.field.is_some() {
            return self.field_parse_action(text);
        }
        let text = text.trim();
        if let Some(f) = self.fight_rules()
            && let Some(a) = self.fight_parse_action(f, None, text)
        {
            return Some(a);
        }
        if let Some(seat) = text.strip_prefix("begin ") {
            return self.seat_index(seat.trim()).map(|i| Action::Begin(i as u8));
        }
        if let Some(label) = text.strip_prefix("throw ") {
            return self
                .rules
                .dice
                .outcome_labelled(label.trim())
                .map(|i| Action::Throw(i as u8));
        }
        parse_move(text)
    }

    /// Reads a saved state from JSON and checks it against the rules.
    pub fn load_state(&self, json: &str) -> Result<State, StateError> {
        let state: State =
            serde_json::from_str(json).map_err(|e| StateError::Json(e.to_string()))?;
        self.validate(&state)?;
        Ok(state)
    }

    /// Checks that a state is possible under the rules of this game: each
    /// of its fields, and, where a seat must choose, that the rules leave it
    /// something to choose, as play could not go on from it otherwise.
    pub fn validate(&self, state: &State) -> Result<(), StateError> {
        self.validate_fields(state)?;
        // A race's move lists a pass where the rules allow nothing else, so
        // it is not listed here: under `use = most` a listing is a search.
        let chooses = matches!(self.actor(state), Actor::Seat(_) | Actor::Player(_))
            && !(self.is_race && state.phase == Phase::Move);
        if chooses && self.legal_actions(state).is_empty() {
            return Err(StateError::Impossible {
                game: self.rules.name.clone(),
                problem: format!(
                    "it waits for {} to choose, but the rules leave nothing to choose",
                    self.seat_name(state.mover as usize)
                ),
            });
        }
        Ok(())
    }
}
