//! The engine: a [`Game`] (a compiled rule set and a seating) drives
//! [`State`]s. At every point one actor acts: chance, which throws, or a
//! seat, which chooses among its legal actions.

mod action;
mod action_id;
mod apply;
mod drawn;
pub mod field;
mod fight;
mod hot;
mod moves;
mod outcome;
mod pair;
mod quick;
mod race;
mod seating;
pub(crate) mod shape;
mod state;
mod word;

use std::sync::Arc;

use arrayvec::ArrayVec;
use thiserror::Error;

pub use action::{Action, parse_move};
pub use action_id::ActionIds;
pub use fight::{FightRefusal, FightState, Piece, Stack};
pub use moves::Refusal;
pub use outcome::{EndReason, Outcome};
pub use state::{MAX_SEAT_PIECES, Phase, Pieces, PoolValue, State};

use crate::rules::{
    MAX_PIECES, MAX_POOL, MAX_SEATS, RuleSet, SeatId, Track, dice::Outcome as DiceOutcome,
};
use moves::{Occupancy, View};
use shape::{Shape, Shaped};

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
    #[error("{game} is not played by {players} players; it is played by {choices}")]
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

/// The distinct waiting values, smallest first; of one size, in the
/// order they wait.
#[inline(always)]
fn distinct_ascending(pool: &[PoolValue]) -> ArrayVec<PoolValue, MAX_POOL> {
    // Mostly two dice: put in order at once.
    if let &[a, b] = pool {
        let mut values = ArrayVec::new();
        let (first, second) = if b.value < a.value { (b, a) } else { (a, b) };
        values.push(first);
        if a != b {
            values.push(second);
        }
        return values;
    }
    distinct_ascending_in_full(pool)
}

/// [`distinct_ascending`] for any number of values.
fn distinct_ascending_in_full(pool: &[PoolValue]) -> ArrayVec<PoolValue, MAX_POOL> {
    let mut values: ArrayVec<PoolValue, MAX_POOL> = ArrayVec::new();
    for &v in pool {
        // Its place: after the values not larger. One like it stands just before.
        let mut at = values.len();
        while at > 0 && values[at - 1].value > v.value {
            at -= 1;
        }
        let mut same_size = values[..at].iter().rev().take_while(|w| w.value == v.value);
        if same_size.any(|&w| w == v) || values.try_push(v).is_err() {
            continue;
        }
        // Moved down to its place a step at a time: a few values, where
        // a copy of the rest is a call.
        for i in (at..values.len() - 1).rev() {
            values.swap(i, i + 1);
        }
    }
    values
}

/// Whether pieces on step `from` may move together as a group: where the
/// rules say so (`groups`: stacks: groups = together), and never out of
/// the start.
#[inline(always)]
fn moves_together(groups: bool, from: u8) -> bool {
    groups && from > 0
}

/// Moves the items that `keep` picks to the front, in order, and returns
/// how many there are; where it picks none, all are kept.
#[inline(always)]
fn kept_if_any<T: Copy>(items: &mut [T], keep: impl Fn(&T) -> bool) -> usize {
    let Some(first) = items.iter().position(&keep) else {
        return items.len();
    };
    let mut kept = 0;
    for i in first..items.len() {
        if keep(&items[i]) {
            items[kept] = items[i];
            kept += 1;
        }
    }
    kept
}

/// How a random game plays a throw and the one-value decision it leaves in
/// one step ([`Shaped::throws_at_once`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtOnce {
    Quick,
    Seen,
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
    seating: Arc<seating::Seating>,
    /// Rule fields the hot path reads, copied out of `rules`.
    hot: hot::Hot,
    /// The rule flags the hot path branches on, copied out of `rules`;
    /// read through [`shape::Shaped::flags`] where a game's compiled
    /// shape knows them.
    flags: hot::Flags,
    /// Which of the compiled shapes the flags are ([`shape::KNOWN`]).
    known_shape: Option<usize>,
    /// For dice of small total weight, the outcome of each number below
    /// it (the same as [`Dice::pick`](crate::rules::Dice::pick)); else empty.
    throw_table: Arc<[u8]>,
    /// Each outcome of the dice as a throw applies it.
    throws: Arc<[apply::Throw]>,
    /// Where plain moves end ([`Shaped::reach_on`]).
    ends: Arc<seating::Ends>,
    /// How many players sit at the table (see [`crate::rules::Table::players`]).
    player_count: usize,
    /// Whether the game is a race (no fight, no field game): the hot path
    /// asks this one flag before anything else.
    race: bool,
    /// Whether a decision's [`View`] marks where other sides stand; without
    /// blockades, where the pieces fit in 16 bytes, the seating's tables
    /// answer each landing cell instead ([`Shaped::held`]).
    marks_view: bool,
    /// For each playing seat, the player who moves it, or [`crate::rules::DUMMY`].
    player_of: Vec<u8>,
    /// Whether a decision on one die value is answered by [`Shaped::quick_moves`].
    quick: bool,
    /// Whether the decisions of a blockade game on plain tracks are answered
    /// by [`Shaped::quick_seen_legal`].
    quick_seen: bool,
    /// Whether a random seat's one-value decision of a blockade game is
    /// drawn by [`Shaped::play_quick_seen_drawn`]: where [`Shaped::quick_seen_legal`]
    /// answers the decisions, and on tracks with a detour or bonuses
    /// after the dice too ([`quick::fits_seen_drawn`]).
    seen_drawn: bool,
    /// Whether the one-value decisions that [`Shaped::quick_moves`] answers
    /// may look at a seat's pieces as one word ([`quick::word_fits`]).
    word_moves: bool,
    /// Whether each side is one seat: the most pieces of one side on a
    /// cell are then the most of one seat.
    side_a_seat: bool,
    /// Whether a random seat's decision between two die values is drawn
    /// by [`Shaped::drawn_pair`] ([`Shaped::pair_fits`]).
    pair_draws: bool,
    /// Whether each seat's [`View`] holds every seat it takes by landing,
    /// so that a cell the view saw empty has nothing to take.
    view_holds_prey: bool,
}

impl Game {
    /// Seats `rules` for `players` players.
    pub fn new(rules: Arc<RuleSet>, players: usize) -> Result<Game, SetupError> {
        let Some(table) = rules.table(players) else {
            let choices: Vec<String> = rules
                .tables
                .iter()
                .map(|t| t.seats.len().to_string())
                .collect();
            return Err(SetupError::NoSuchTable {
                game: rules.name.clone(),
                players,
                choices: choices.join(" or "),
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
            pieces,
        ));
        let marks_view = rules.stacks.blockade > 0 || !seating.has_viewed_steps();
        let view_holds_prey = race
            && marks_view
            && (0..tracks.len()).all(|a| {
                let viewed = seating.viewed(a);
                seating.prey(a).iter().all(|b| viewed.contains(b))
            });
        let quick = race && quick::fits(&rules, &tracks, marks_view);
        let word_moves = quick && quick::word_fits(&rules, &seating, tracks.len());
        let flags = hot::Flags::new(&rules, &table.seats);
        let hot = hot::Hot::new(&rules, &table.seats, &flags);
        let quick_seen =
            race && !quick && quick::fits_seen(&rules, &hot, &flags, table.seats.len());
        let seen_drawn = quick_seen || (race && !quick && quick::fits_seen_drawn(&rules, &flags));
        let dice = &rules.dice;
        let throw_table: Arc<[u8]> = if dice.total <= 256 && dice.outcomes.len() <= 256 {
            (0..dice.total).map(|u| dice.pick(u) as u8).collect()
        } else {
            Arc::from([])
        };
        let mut game = Game {
            ends: Arc::default(),
            seats: table.seats.clone(),
            side: table.side.clone(),
            sides: table.sides,
            seating,
            hot,
            flags,
            known_shape: shape::known_shape(&flags),
            throw_table,
            throws: (dice.outcomes.iter())
                .map(|o| apply::Throw::of(o, rules.turn.throws))
                .collect(),
            player_count: table.players,
            player_of: table.player_of.clone(),
            race,
            marks_view,
            quick,
            quick_seen,
            seen_drawn,
            word_moves,
            view_holds_prey,
            pair_draws: false,
            side_a_seat: table.sides as usize == table.seats.len(),
            rules,
        };
        game.ends = Arc::new(game.ends_table());
        game.pair_draws = game.dynamic().pair_fits();
        Ok(game)
    }

    /// The table of where plain moves end, for values up to the largest the
    /// rules give: a die, two dice together, a bottom face or a bonus.
    fn ends_table(&self) -> seating::Ends {
        if !self.race {
            return seating::Ends::default();
        }
        let rules = &self.rules;
        let die = rules.dice.largest_value();
        let largest = [
            die.saturating_mul(2),
            rules.dice.bottoms_sum,
            rules.capture.bonus,
            rules.home.bonus,
        ]
        .into_iter()
        .max()
        .unwrap_or(0);
        let homes: Vec<u8> = (0..self.seats.len())
            .map(|s| self.seating.home(s))
            .collect();
        seating::Ends::new(&homes, largest as usize + 1, |seat, from, value| {
            self.dynamic()
                .reach_on_worked_out(seat, from, value, false)
                .unwrap_or(seating::NONE)
        })
    }

    /// Seats `rules` for the largest number of players the file gives.
    pub fn with_most_players(rules: Arc<RuleSet>) -> Game {
        let most = rules
            .tables
            .iter()
            .map(|t| t.seats.len())
            .max()
            .unwrap_or(0);
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
        // Pieces that begin out stand on step 1 (entry: already_out).
        let out = self.rules.entry.already_out as usize;
        for seat in 0..seats {
            for (i, step) in pieces[seat].iter_mut().enumerate() {
                *step = u8::from(i + out >= n);
            }
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
        if !self.race {
            if self.fight_rules().is_some() {
                return self.fight_actor(state);
            }
            return self.field_actor(state);
        }
        match state.phase {
            Phase::Opening | Phase::Throw => Actor::Chance,
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
                steps.iter().all(|&s| s <= self.seating.home(seat))
                    && self.own_limit_kept(seat, steps)
            })
    }

    /// The last step of `seat`'s track that holds pieces like any cell:
    /// home where the goal is longer than it (home: goal), else the step
    /// before home.
    fn last_cell_step(&self, seat: usize) -> u8 {
        let home = self.seating.home(seat);
        if self.flags.goal > 1 {
            home
        } else {
            home.saturating_sub(1)
        }
    }

    /// Whether no step of `seat`'s track, past its start, holds more of
    /// its pieces `steps` than `stacks: own_max` allows (home too where
    /// the goal is longer than it: `home: goal`). The passes that read a
    /// seat's pieces as a word count on it.
    fn own_limit_kept(&self, seat: usize, steps: &[u8]) -> bool {
        let most = self.flags.own_max;
        if most == 0 {
            return true;
        }
        let last = self.last_cell_step(seat);
        steps.iter().all(|&s| {
            s == 0 || s > last || steps.iter().filter(|&&t| t == s).count() <= most as usize
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
        self.race
    }

    /// The throw a uniform number `u` in `0..total weight` picks; bring your own generator.
    pub fn throw_for(&self, u: u64) -> Action {
        Action::Throw(self.outcome_for(u))
    }

    /// The dice's outcomes counted by weight: a throw is a number below it.
    #[inline(always)]
    pub(crate) fn throw_total(&self) -> u64 {
        self.hot.dice_total
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

    /// The chance actions of a chance node with their exact weights: the
    /// throws of the dice, or before the first turn the seat that begins,
    /// each alike. Empty where a seat acts or the game is over.
    pub fn chance_actions(&self, state: &State) -> Vec<(Action, u64)> {
        if state.fight.as_ref().is_some_and(|f| f.choosing) {
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
            shape::with_shape!(self, game => game.legal_fitting(state, out));
        }
    }

    /// The step of the mover's blockade that has stood its time, if any
    /// (stacks: blockade_turns).
    pub fn overdue_blockade(&self, state: &State) -> Option<u8> {
        self.dynamic().overdue_blockade(state)
    }

    /// Whether the mover may give up the waiting values though some can be
    /// used (turn: must_move = no, use = one after one value, bonus_optional).
    pub fn may_pass(&self, state: &State) -> bool {
        self.dynamic().may_pass(state)
    }

    /// Applies an action without checking it. The caller must have it from
    /// [`Game::legal_actions`] of this very state; anything else may leave
    /// the state inconsistent (it never panics for a throw or a pass).
    pub fn apply_unchecked(&self, state: &mut State, action: Action) {
        self.dynamic().apply_unchecked(state, action)
    }

    /// Applies an action if the rules allow it; if not, the state is left
    /// exactly as it was and the error says which rule refused it.
    pub fn apply(&self, state: &mut State, action: Action) -> Result<(), PlayError> {
        match self.refusal(state, action) {
            None => {
                shape::with_shape!(self, game => game.apply_fitting(state, action));
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
        match (state.phase, action) {
            (Phase::Over, _) => Some(Refusal::GameOver),
            (Phase::Opening, Action::Begin(i)) => {
                ((i as usize) >= self.seats.len()).then_some(Refusal::NoSuchOutcome)
            }
            (Phase::Opening, _) => Some(Refusal::WhoBegins),
            (_, Action::Begin(_)) => Some(Refusal::AlreadyBegun),
            (Phase::Throw, Action::Throw(i)) => {
                ((i as usize) >= self.rules.dice.outcomes.len()).then_some(Refusal::NoSuchOutcome)
            }
            (Phase::Throw, _) => Some(Refusal::MustThrow),
            (Phase::Move, Action::Throw(_)) => Some(Refusal::NotThrowing),
            // A fight's actions are refused before this, by the fight.
            (Phase::Move, Action::Shift { .. } | Action::Enter { .. } | Action::Lead(_)) => {
                Some(Refusal::BadState)
            }
            (Phase::Move, Action::Pass) => {
                let legal = self.legal_actions(state);
                (!legal.contains(&Action::Pass)).then_some(Refusal::MustMove)
            }
            (Phase::Move, Action::Move { from, count, by } | Action::Round { from, count, by }) => {
                let round = matches!(action, Action::Round { .. });
                let seat = state.mover as usize;
                let view = View::new(&self.dynamic(), state, seat);
                let mut refusal = Some(Refusal::NoSuchValue);
                for &v in state.pool.iter().filter(|v| v.value == by) {
                    match self
                        .dynamic()
                        .check_move(state, &view, from, count, v, round)
                    {
                        Ok(_) => {
                            refusal = None;
                            break;
                        }
                        Err(r) => refusal = Some(r),
                    }
                }
                if refusal == Some(Refusal::NoSuchValue)
                    && from == 0
                    && self.rules.entry.sum
                    && self.dynamic().sum_pair(state, by).is_some()
                {
                    let v = PoolValue {
                        value: by,
                        again: false,
                        bonus: false,
                    };
                    refusal = self
                        .dynamic()
                        .check_move(state, &view, 0, count, v, false)
                        .err();
                }
                let legal = if refusal.is_none() {
                    self.legal_actions(state)
                } else {
                    Vec::new()
                };
                if refusal.is_none() && !legal.contains(&action) {
                    // Allowed on its own, but a rule that chooses among
                    // moves takes precedence.
                    let forced = self.rules.entry.forced
                        && from != 0
                        && legal.iter().any(|a| a.from() == Some(0));
                    let overdue = self.overdue_blockade(state).is_some_and(|s| s != from);
                    let clear = self.dynamic().must_clear_start(state) && from != 1;
                    refusal = Some(if forced {
                        Refusal::MustEnter
                    } else if clear {
                        Refusal::MustClearStart
                    } else if overdue {
                        Refusal::BlockadeOverdue
                    } else {
                        Refusal::MustUseMost
                    });
                }
                refusal
            }
            // Actions of a field game have no place in a race.
            (Phase::Move, _) => Some(Refusal::Field(field::FieldRefusal::NotNow)),
        }
    }

    /// A refusal in the game's words, naming the rule.
    pub fn explain(&self, state: &State, refusal: Refusal) -> String {
        let cell = |c: crate::rules::CellId| self.rules.board.cell_name(c).to_string();
        let seat = match self.seats.get(state.mover as usize) {
            Some(_) => self.seat_name(state.mover as usize),
            None => "nobody",
        };
        match refusal {
            Refusal::Fight(r) => match self.fight_rules() {
                Some(f) => self.fight_explain(f, r),
                None => "a rule of a fight refuses it, and this game is no fight".into(),
            },
            Refusal::GameOver => "the game is over".into(),
            Refusal::BadState => format!(
                "the state does not fit {} with {} players (read it with Game::load_state to see why)",
                self.rules.name,
                self.seats.len()
            ),
            Refusal::MustThrow => format!("{seat} must throw first"),
            Refusal::NotThrowing => format!("it is {seat}'s move, not a throw"),
            Refusal::WhoBegins => "the throw for who begins comes first (turn: begins)".into(),
            Refusal::AlreadyBegun => "who begins was decided already".into(),
            Refusal::NoSuchOutcome => {
                format!("the dice {} have no such outcome", self.rules.dice.name)
            }
            Refusal::NoSuchValue => {
                let values: Vec<String> = state.pool.iter().map(|v| v.value.to_string()).collect();
                format!(
                    "no such value waits to be used (waiting: {})",
                    values.join(", ")
                )
            }
            Refusal::NoPieces => format!("{seat} has not that many pieces at that step"),
            Refusal::EmptyGroup => "a move moves at least one piece".into(),
            Refusal::AlreadyHome => "a piece at home does not move".into(),
            Refusal::GroupFromStart => "pieces leave the start one at a time (entry)".into(),
            Refusal::NoGroups => "pieces move one at a time (stacks: groups = apart)".into(),
            Refusal::EntryValue { first: true } => {
                "this throw does not let the first piece leave the start (entry: first_on)".into()
            }
            Refusal::EntryValue { first: false } => {
                "this throw does not let a piece leave the start (entry: on)".into()
            }
            Refusal::Overshoot => {
                "the value goes past home, which needs an exact value (home: exact)".into()
            }
            Refusal::Blockade(c, n) if self.rules.stacks.mixed_open && n == self.rules.stacks.blockade => format!(
                "a blockade of {n} stands at {} and the move may not pass it: only partners' blockades are passed, by their own side (stacks: mixed)",
                cell(c)
            ),
            Refusal::Blockade(c, n) => format!(
                "a blockade of {n} stands at {} and the move may not pass it (stacks: pass)",
                cell(c)
            ),
            Refusal::LandOnBlockade(c, n) if self.rules.stacks.take_as_many => format!(
                "a blockade of {n} stands at {} and only as many or more may land on it (stacks: take)",
                cell(c)
            ),
            Refusal::LandOnBlockade(c, n) => format!(
                "a blockade of {n} stands at {} and no piece may land on it (stacks: take = never)",
                cell(c)
            ),
            Refusal::MustMove => "a value that can be used must be used (turn: must_move)".into(),
            Refusal::CellFull(c) => format!(
                "{} would hold more pieces than the rules allow (stacks: max, own_max)",
                cell(c)
            ),
            Refusal::MustEnter => {
                "a value that can bring a piece out must do so (entry: forced)".into()
            }
            Refusal::MustClearStart => {
                "while pieces wait at the start, the piece on the first step moves on first (entry: clear_start)".into()
            }
            Refusal::BlockadeOverdue => format!(
                "a blockade of {seat} has stood {} turns and must be broken first (stacks: blockade_turns)",
                self.rules.stacks.blockade_turns
            ),
            Refusal::JumpLanding(c) => format!(
                "a piece that jumps a blockade lands on an empty cell or takes, and {} is a safe cell held by another side (stacks: pass = with_doubles)",
                cell(c)
            ),
            Refusal::NoDetour => {
                "the move does not reach the detour of the track, so it cannot go round (seat: detour)".into()
            }
            Refusal::MustUseMost => "another move lets more of the waiting values be used, or uses the larger one (turn: use = most)".into(),
            Refusal::BonusAfterDice => "a bonus is used only after the dice (turn: bonus = after_dice)".into(),
            Refusal::SafeTaken(c) => format!(
                "{} is a safe cell held by another side (capture: safe_shared = no)",
                cell(c)
            ),
            Refusal::Field(r) => self.field_explain(state, r),
            Refusal::PairApart(c) => format!(
                "the other piece of that blockade already went to {} with this throw (stacks: pairs = apart)",
                cell(c)
            ),
        }
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
        let chooses = matches!(self.actor(state), Actor::Seat(_) | Actor::Player(_));
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

    /// [`Game::validate`] of each field of a state, and of the fields
    /// together, before anything is played from it.
    fn validate_fields(&self, state: &State) -> Result<(), StateError> {
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
        for v in &state.pool {
            let rules = &*self.rules;
            let possible = if v.bonus {
                v.value > 0 && (v.value == rules.capture.bonus || v.value == rules.home.bonus)
            } else {
                rules.dice.outcomes.iter().any(|o| {
                    o.again == v.again
                        && (o.values.contains(&v.value)
                            || (o.doubles
                                && rules.dice.bottoms_sum > 0
                                && o.values
                                    .iter()
                                    .any(|&f| rules.dice.bottoms_sum.saturating_sub(f) == v.value)))
                })
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
            if state.pieces[f]
                .iter()
                .any(|&s| !self.dynamic().in_goal(f, s))
            {
                return fail(format!(
                    "seat {} is listed as finished but has pieces out of home",
                    self.seat_name(f)
                ));
            }
        }
        for (i, steps) in state.pieces.iter().enumerate() {
            if steps.iter().all(|&s| self.dynamic().in_goal(i, s)) && !seen[i] {
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
}

impl<S: Shape> Shaped<'_, S> {
    /// [`Game::legal_actions_into`] for a state known to fit the game, into
    /// an empty buffer.
    #[inline]
    pub(crate) fn legal_fitting(&self, state: &State, out: &mut Vec<Action>) {
        // The quick decision first, apart from the general path's setup.
        if self.quick
            && let Some(v) = self.one_die_value(state)
        {
            return self.quick_moves(state, v, out);
        }
        if self.quick_seen {
            return self.quick_seen_legal(state, out);
        }
        self.legal_in_general(state, out)
    }

    /// How a random game throws and plays its one-value decisions in one
    /// step: [`Shaped::throw_and_play_quick`] (`Quick`), or
    /// [`Shaped::throw_and_draw_seen`] (`Seen`).
    #[inline(always)]
    pub(crate) fn throws_at_once(&self) -> Option<AtOnce> {
        if self.quick {
            Some(AtOnce::Quick)
        } else if self.quick_seen {
            Some(AtOnce::Seen)
        } else {
            None
        }
    }

    /// The one waiting value of a decision that a quick pass answers
    /// ([`Shaped::quick_moves`], [`Shaped::quick_seen_moves`]): a die value,
    /// no pair of a blockade followed.
    #[inline(always)]
    fn one_die_value(&self, state: &State) -> Option<PoolValue> {
        self.one_value(state).filter(|v| !v.bonus)
    }

    /// The one waiting value of a decision that the drawn quick pass
    /// answers ([`Shaped::play_quick_seen_drawn`]): a die value or a lone
    /// bonus. A bonus left alone in the pool is moved as a die is: whole,
    /// by one group, or given up where the rules allow. A pair of a
    /// blockade followed through the throw (stacks: pairs = apart) is no
    /// bar: its two pieces stand on cells of their own, so a walk that
    /// finds the landing cell empty never brings one onto the other, and
    /// any other move goes to the whole check, which refuses that.
    #[inline(always)]
    pub(crate) fn one_value(&self, state: &State) -> Option<PoolValue> {
        if state.phase != Phase::Move {
            return None;
        }
        match state.pool[..] {
            [v] if v.value > 0 => Some(v),
            _ => None,
        }
    }

    /// Plays a seat's decision in a state that fits the game by its legal
    /// action number `pick(n)` of `n`, in the order of
    /// [`Game::legal_actions`], and returns the action. The quick decision
    /// is listed and played in one pass; any other is listed into `buf`.
    #[inline(always)]
    pub(crate) fn play_picked(
        &self,
        state: &mut State,
        buf: &mut Vec<Action>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Action {
        if self.quick || self.quick_seen {
            match self.one_die_value(state) {
                Some(v) if self.quick => return self.play_quick(state, v, pick),
                Some(v) => return self.play_quick_seen(state, v, pick),
                None => {}
            }
        }
        self.play_from_list(state, buf, pick)
    }

    /// Lists a seat's decision into `buf` and plays its legal action number
    /// `pick(n)` of `n`, and returns the action.
    #[inline(always)]
    pub(crate) fn play_from_list(
        &self,
        state: &mut State,
        buf: &mut Vec<Action>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Action {
        buf.clear();
        self.legal_fitting(state, buf);
        let action = buf[pick(buf.len())];
        self.apply_fitting(state, action);
        action
    }

    /// [`Shaped::legal_fitting`] for every decision but the quick one, apart
    /// so that the quick one does not pay for its setup.
    #[inline(never)]
    fn legal_in_general(&self, state: &State, out: &mut Vec<Action>) {
        if !self.race {
            if let Some(f) = self.fight_rules() {
                return self.fight_legal(f, state, out);
            }
            return self.field_legal(state, out);
        }
        match state.phase {
            Phase::Over => {}
            Phase::Opening => out.extend((0..self.seats.len() as u8).map(Action::Begin)),
            Phase::Throw => {
                out.extend((0..self.rules.dice.outcomes.len()).map(|i| Action::Throw(i as u8)))
            }
            Phase::Move => {
                // With several values, the view is kept for the look-ahead.
                let view =
                    (state.pool.len() > 1).then(|| View::new(self, state, state.mover as usize));
                match &view {
                    Some(view) => self.moves_seen_into(state, view, out),
                    None => self.moves_into(state, out),
                }
                self.keep_by_entry(state, out);
                // A blockade that has stood its time must be broken (stacks: blockade_turns).
                if let Some(step) = self.overdue_blockade(state) {
                    let kept = kept_if_any(out, |a| a.from() == Some(step));
                    out.truncate(kept);
                }
                if let Some(view) = &view
                    && self.flags().use_most
                    && out.len() > 1
                {
                    self.keep_most_using(state, view, out);
                }
                // Moves that go round sort after the plain ones.
                if self.detour(state.mover as usize).is_some()
                    && out.iter().any(|a| matches!(a, Action::Round { .. }))
                {
                    out.sort_unstable();
                }
                if out.is_empty() || self.may_pass(state) {
                    out.push(Action::Pass);
                }
            }
        }
    }

    /// The rules of leaving the start that choose among the moves: a value
    /// that can bring a piece out must (entry: forced), and while pieces
    /// wait, the first step is cleared first (entry: clear_start).
    #[inline(always)]
    fn keep_by_entry(&self, state: &State, out: &mut Vec<Action>) {
        let kept = self.kept_by_entry(state, out, |a| a.from());
        out.truncate(kept);
    }

    /// [`Shaped::keep_by_entry`] for any list of moves, each with the step it
    /// leaves (`from`; `None` for an action that is no move): the moves
    /// kept are put first, and their number returned.
    #[inline(always)]
    fn kept_by_entry<M: Copy>(
        &self,
        state: &State,
        moves: &mut [M],
        from: impl Fn(&M) -> Option<u8>,
    ) -> usize {
        let mut n = moves.len();
        if self.flags().entry_forced {
            n = kept_if_any(&mut moves[..n], |m| from(m) == Some(0));
        }
        if self.must_clear_start(state) {
            n = kept_if_any(&mut moves[..n], |m| from(m) == Some(1));
        }
        n
    }

    /// Whether the mover has a piece waiting at its start that `v` lets out now.
    #[inline(always)]
    fn may_come_out(&self, state: &State, v: PoolValue) -> bool {
        state.pieces[state.mover as usize].first() == Some(&0) && self.lets_out_now(state, v)
    }

    /// Whether the mover has pieces waiting at the start and one on its first
    /// step, which must then move on first (entry: clear_start).
    #[inline(always)]
    fn must_clear_start(&self, state: &State) -> bool {
        if !self.flags().clear_start {
            return false;
        }
        // Sorted: waiting pieces come first.
        let pieces = &state.pieces[state.mover as usize];
        // One comparison of the seat's pieces (`contains` on bytes calls
        // out to `memchr`, slow for a few).
        pieces.first() == Some(&0) && state.pieces.any_on(state.mover as usize, [1, 1])
    }

    /// The step of the mover's blockade that has stood its time, if any
    /// (stacks: blockade_turns).
    #[inline]
    pub(crate) fn overdue_blockade(&self, state: &State) -> Option<u8> {
        let limit = self.flags().blockade_turns;
        if limit == 0 {
            return None;
        }
        self.blockade_over(state, limit)
    }

    /// The step of the mover's blockade that has stood `limit` turns.
    fn blockade_over(&self, state: &State, limit: u8) -> Option<u8> {
        state
            .blockade_ages
            .iter()
            .find(|&&(seat, step, turns)| {
                seat == state.mover
                    && turns >= limit
                    && state.pieces[seat as usize]
                        .iter()
                        .filter(|&&s| s == step)
                        .count() as u8
                        >= self.rules.stacks.blockade
            })
            .map(|&(_, step, _)| step)
    }

    /// Whether the mover may give up the waiting values though some can be
    /// used (turn: must_move = no, use = one after one value, bonus_optional).
    pub(crate) fn may_pass(&self, state: &State) -> bool {
        self.may_pass_after_die(state)
            || (self.flags().bonus_optional && state.pool.iter().all(|v| v.bonus))
    }

    /// [`Game::may_pass`] where a die value waits, so that the waiting
    /// values are not all bonuses: asked at every throw of a one-die game.
    #[inline(always)]
    pub(crate) fn may_pass_after_die(&self, state: &State) -> bool {
        self.flags().pass_always || (self.flags().pass_after_one && state.used > 0)
    }

    /// Every move the rules allow on its own, before the rules that choose
    /// among moves (forced entry, using the most values).
    fn moves_into(&self, state: &State, out: &mut Vec<Action>) {
        if let [v] = state.pool[..] {
            return self.one_value_moves(state, v, out);
        }
        let view = View::new(self, state, state.mover as usize);
        self.moves_seen_into(state, &view, out);
    }

    /// [`Shaped::moves_into`] for several waiting values, with the position's
    /// view at hand (one value goes to [`Shaped::one_value_moves`]).
    fn moves_seen_into(&self, state: &State, view: &View, out: &mut Vec<Action>) {
        let seat = state.mover as usize;
        let pieces = &state.pieces[seat];
        let home = self.home(seat);
        // Each distinct value once, smallest first.
        let values = distinct_ascending(&state.pool);
        for (from, most) in self.groups(pieces, home) {
            for count in 1..=most {
                self.moves_of_values(state, view, &values, from, count, out);
            }
        }
    }

    /// [`Shaped::moves_seen_into`] with one waiting value, the common
    /// decision: every move is new and they come in order. Whether a piece
    /// may leave its start is asked once, and the view is built only when
    /// some piece may move at all.
    fn one_value_moves(&self, state: &State, v: PoolValue, out: &mut Vec<Action>) {
        let seat = state.mover as usize;
        let pieces = &state.pieces[seat];
        let home = self.home(seat);
        let comes_out = self.may_come_out(state, v);
        if !comes_out && !pieces.iter().any(|&s| s > 0 && s < home) {
            return;
        }
        let view = &View::new(self, state, seat);
        let detour = self.detour(seat).is_some();
        let by = v.value;
        for (from, most) in self.groups(pieces, home) {
            if from == 0 && !comes_out {
                continue;
            }
            for count in 1..=most {
                if self
                    .check_present(state, view, from, count, v, false)
                    .is_ok()
                {
                    out.push(Action::Move { from, count, by });
                }
                if detour
                    && self.reaches_detour(seat, from, by)
                    && self
                        .check_present(state, view, from, count, v, true)
                        .is_ok()
                {
                    out.push(Action::Round { from, count, by });
                }
            }
        }
    }

    /// The moves of `count` pieces at step `from` by each of several
    /// waiting values (`values`: the distinct ones, smallest first), and by
    /// sums of two dice to come out (entry: sum), sorted and without
    /// repeats: the plain moves by ascending value, then those going round.
    #[inline(always)]
    fn moves_of_values(
        &self,
        state: &State,
        view: &View,
        values: &[PoolValue],
        from: u8,
        count: u8,
        out: &mut Vec<Action>,
    ) {
        let seat = state.mover as usize;
        let start = out.len();
        for round in [false, true] {
            // Going round only where the largest value reaches the detour.
            if round
                && !values
                    .last()
                    .is_some_and(|v| self.reaches_detour(seat, from, v.value))
            {
                break;
            }
            // Values of one size stand together: one move each.
            let mut last = None;
            for &v in values {
                let by = v.value;
                if last == Some(by)
                    || (from == 0 && !self.lets_out_now(state, v))
                    || (round && !self.reaches_detour(seat, from, by))
                {
                    continue;
                }
                if self
                    .check_present(state, view, from, count, v, round)
                    .is_ok()
                {
                    out.push(Action::moving(from, count, by, round));
                    last = Some(by);
                }
            }
        }
        if from == 0 && self.flags().entry_sum {
            for a in self.entry_sum_moves(state, view) {
                if !out[start..].contains(&a) {
                    out.push(a);
                }
            }
            out[start..].sort_unstable();
        }
    }

    /// Whether a piece of `seat` at step `from` may choose to go round its
    /// detour with `value`: it stands before the detour and the value
    /// reaches it, or it may go round again and the value passes its end.
    #[inline]
    fn reaches_detour(&self, seat: usize, from: u8, value: u8) -> bool {
        let Some((a, b)) = self.detour(seat) else {
            return false;
        };
        let plain = from as u16 + value as u16;
        (from < a && plain >= a as u16)
            || (self.detour_again(seat) && (a..=b).contains(&from) && plain > b as u16)
    }

    /// The groups of the mover's `pieces` (ascending) short of `home`, in
    /// order: the step they stand on and how many of them may move
    /// together (pieces leave the start one at a time; others may go as a
    /// group when the rules say so).
    fn groups<'p>(
        &self,
        pieces: &'p [u8],
        home: u8,
    ) -> impl DoubleEndedIterator<Item = (u8, u8)> + 'p {
        let groups = self.flags().groups;
        pieces
            .chunk_by(|a, b| a == b)
            .filter(move |group| group[0] < home)
            .map(move |group| {
                let from = group[0];
                let most = if moves_together(groups, from) {
                    group.len() as u8
                } else {
                    1
                };
                (from, most)
            })
    }

    /// The moves of a piece out of its start by a sum of two waiting dice
    /// that the rules allow (entry: sum); none where entry by a sum is off.
    fn entry_sum_moves<'v>(
        &'v self,
        state: &'v State,
        view: &'v View,
    ) -> impl Iterator<Item = Action> + 'v {
        let sums = if self.flags().entry_sum {
            self.entry_sums(state)
        } else {
            ArrayVec::new()
        };
        sums.into_iter()
            .filter(move |&value| {
                let v = PoolValue {
                    value,
                    again: false,
                    bonus: false,
                };
                self.check_present(state, view, 0, 1, v, false).is_ok()
            })
            .map(|value| Action::step(0, value))
    }

    /// Sums of two waiting die values, for entry by a sum (entry: sum).
    #[inline(always)]
    fn entry_sums(&self, state: &State) -> ArrayVec<u8, 8> {
        // Mostly two dice: their one sum.
        if let [a, b] = state.pool[..]
            && !a.bonus
            && !b.bonus
        {
            let mut sums = ArrayVec::new();
            sums.push(a.value.saturating_add(b.value));
            return sums;
        }
        self.entry_sums_of_many(state)
    }

    /// [`Shaped::entry_sums`] for any pool.
    #[inline(never)]
    fn entry_sums_of_many(&self, state: &State) -> ArrayVec<u8, 8> {
        let mut sums = ArrayVec::new();
        let dice: ArrayVec<u8, MAX_POOL> = state
            .pool
            .iter()
            .filter(|v| !v.bonus)
            .map(|v| v.value)
            .collect();
        for i in 0..dice.len() {
            for j in i + 1..dice.len() {
                let s = dice[i].saturating_add(dice[j]);
                if !sums.contains(&s) && !sums.is_full() {
                    sums.push(s);
                }
            }
        }
        sums
    }

    /// Keeps the moves after which the most values can be used in this
    /// throw; when only one can be used, the moves using the largest (turn: use = most).
    fn keep_most_using(&self, state: &State, view: &View, out: &mut Vec<Action>) {
        let all = state.pool.len() as u8;
        // Each move's depth: the whole throw where a shortcut shows it used,
        // else counted by one search, which stops where it finds it used.
        // Mostly few moves: their depths are kept on the stack.
        let (mut few, mut many) = ([0u8; 64], Vec::new());
        let depths: &mut [u8] = if out.len() <= few.len() {
            &mut few[..out.len()]
        } else {
            many.resize(out.len(), 0);
            &mut many
        };
        for (i, &a) in out.iter().enumerate() {
            depths[i] = if self.leaves_other_die_usable(state, out, a)
                || self.moved_piece_goes_on(state, a, |at, v, round| {
                    self.check_present(state, view, at, 1, v, round).is_ok()
                }) {
                all
            } else {
                self.depth_counted(state, a, all)
            };
        }
        let best = depths.iter().copied().max().unwrap_or(0);
        let mut k = 0;
        out.retain(|_| {
            k += 1;
            depths[k - 1] == best
        });
        if best == 1 {
            let largest = out.iter().filter_map(|a| a.by()).max();
            out.retain(|a| a.by().is_some() && a.by() == largest);
        }
    }

    /// How many of the `all` waiting values can be used in this throw
    /// with move `a`, counted in full: the search stops only where it
    /// finds the whole throw used.
    fn depth_counted(&self, state: &State, a: Action, all: u8) -> u8 {
        let mut next = state.clone();
        self.apply_fitting(&mut next, a);
        let used = next.used.saturating_sub(state.used);
        used + self.most_usable(state, &next, all.saturating_sub(used))
    }

    /// How many of the `all` waiting values can be used in this throw
    /// after move `a`, found by playing it: `all` when the whole throw can,
    /// else, for now, the values `a` uses itself.
    pub(crate) fn depth_tried(&self, state: &State, a: Action, all: u8) -> u8 {
        let mut next = state.clone();
        self.apply_fitting(&mut next, a);
        let used = next.used.saturating_sub(state.used);
        if used >= all || self.uses_all(state, &next, all - used) {
            all
        } else {
            used
        }
    }

    /// Whether the same seat can still use `limit` values, one after
    /// another, in the throw that `before` was in: whether
    /// [`Shaped::most_usable`] finds `limit`, found by the first way that does.
    fn uses_all(&self, before: &State, state: &State, limit: u8) -> bool {
        if limit == 0 {
            return true;
        }
        if state.phase != Phase::Move || state.mover != before.mover || state.turns != before.turns
        {
            return false;
        }
        if limit == 1 {
            return self.any_move(state);
        }
        self.find_move(state, true, |a, view| {
            let goes_on = |at, v, round| self.allowed_lazily(state, view, at, 1, v, round);
            if limit as usize == state.pool.len() && self.moved_piece_goes_on(state, a, goes_on) {
                return true;
            }
            let mut next = state.clone();
            self.apply_fitting(&mut next, a);
            let used = next.used.saturating_sub(state.used);
            used >= limit || self.uses_all(before, &next, limit - used)
        })
    }

    /// Whether, with two dice waiting, the move `a` surely leaves the other
    /// die usable, so that it uses the whole throw without being tried:
    /// another group of the mover's pieces, on its way and out of its goal,
    /// has a plain move by the other die among `moves` whose run of steps
    /// does not reach the cell where `a` ends. Moving a group off its step
    /// (or a piece out of its start) and taking pieces only open the way,
    /// so that move stays allowed.
    fn leaves_other_die_usable(&self, state: &State, moves: &[Action], a: Action) -> bool {
        self.leaves_other_die_usable_by(state, a, |q, _, other| {
            moves.iter().any(
                |&m| matches!(m, Action::Move { from, by, .. } if from == q && by == other.value),
            )
        })
    }

    /// [`Shaped::leaves_other_die_usable`] with the plain moves by the other
    /// die asked of `has_move(q, most, other)`: whether the group of `most`
    /// pieces at step `q` has a plain move by the die `other`.
    pub(crate) fn leaves_other_die_usable_by(
        &self,
        state: &State,
        a: Action,
        mut has_move: impl FnMut(u8, u8, PoolValue) -> bool,
    ) -> bool {
        let (from, by, round) = match a {
            Action::Move { from, by, .. } => (from, by, false),
            Action::Round { from, by, .. } => (from, by, true),
            _ => return false,
        };
        let Some((end, other)) = self.end_and_other_die(state, from, by, round) else {
            return false;
        };
        let seat = state.mover as usize;
        let home = self.home(seat);
        // The mover's steps on the cell where the move ends.
        let ends = if end < home {
            self.seating.meet(seat, seat, end)
        } else {
            [home, seating::NONE]
        };
        self.groups(&state.pieces[seat], home).any(|(q, most)| {
            q != from
                && q != 0
                && !self.in_goal(seat, q)
                && has_move(q, most, other)
                && self
                    .reach_on(seat, q, other.value, false)
                    .is_ok_and(|to| !ends.iter().any(|&s| s != seating::NONE && s > q && s <= to))
        })
    }

    /// With two dice waiting, neither a bonus, and a move from `from` by
    /// one of them: the step where the move ends and the other die.
    fn end_and_other_die(
        &self,
        state: &State,
        from: u8,
        by: u8,
        round: bool,
    ) -> Option<(u8, PoolValue)> {
        let [x, y] = state.pool[..] else {
            return None;
        };
        if x.bonus || y.bonus {
            return None;
        }
        let other = if by == x.value {
            y
        } else if by == y.value {
            x
        } else {
            return None;
        };
        let end = self.lands_on(state.mover as usize, from, by, round).ok()?;
        Some((end, other))
    }

    /// Whether the single piece that `a` moves by one waiting die (round
    /// its detour or not) surely goes on with each of the other values
    /// waiting, in their order, so that `a` uses the whole throw. Each step on is checked against the
    /// position before `a`, which holds every piece the positions after it
    /// hold (taking pieces and leaving a cell only open the way) except the
    /// moving piece, and a run of steps that does not reach the cell it
    /// starts from again does not meet it: `allowed(at, v, round)` says
    /// whether the piece may move on from step `at` by the value `v` there
    /// (going round its detour where `round`), once the values before `v`
    /// are used (an `allowed` that refuses what it cannot settle leaves it
    /// to the full search). The last value may take the piece to its
    /// track's detour: then it goes on round it or leaving it out. The
    /// bonuses wait behind the dice (they stand after them in the pool); a
    /// bonus before a die is left to the full search.
    fn moved_piece_goes_on(
        &self,
        state: &State,
        a: Action,
        mut allowed: impl FnMut(u8, PoolValue, bool) -> bool,
    ) -> bool {
        let pool = &state.pool;
        if pool.len() < 2 {
            return false;
        }
        let Some((from, used, mut at)) = self.one_piece_by_die(state, a) else {
            return false;
        };
        // A piece leaving its start among doubles may choose its die: left
        // to the full search.
        if from == 0 && pool.len() > 2 {
            return false;
        }
        let seat = state.mover as usize;
        let home = self.home(seat);
        let last = if used + 1 == pool.len() {
            used.saturating_sub(1)
        } else {
            pool.len() - 1
        };
        let mut after_bonus = false;
        for (k, &v) in pool.iter().enumerate() {
            if k == used {
                continue;
            }
            if after_bonus && !v.bonus {
                return false;
            }
            after_bonus |= v.bonus;
            if self.in_goal(seat, at) {
                return false;
            }
            if self.reaches_detour(seat, at, v.value) {
                return k == last && self.goes_on_past_detour(seat, at, v, &mut allowed);
            }
            let to = at as u16 + v.value as u16;
            if to >= home as u16 {
                return false;
            }
            if self.comes_back_to(seat, at, to) {
                return false;
            }
            if !allowed(at, v, false) {
                return false;
            }
            at = to as u8;
        }
        true
    }

    /// For the move `a` of a single piece by a die, as the shortcuts of
    /// [`Shaped::uses_whole_throw`] ask it: the step it leaves, where in
    /// the pool its die stands (as applying it picks it), and the step
    /// where it lands. `None` for any other move, and where a split pair
    /// is followed through the throw (left to the full search).
    #[inline(always)]
    fn one_piece_by_die(&self, state: &State, a: Action) -> Option<(u8, usize, u8)> {
        let (from, by, round) = match a {
            Action::Move { from, count: 1, by } => (from, by, false),
            Action::Round { from, count: 1, by } => (from, by, true),
            _ => return None,
        };
        if state.split.is_some() {
            return None;
        }
        let used = self
            .value_used(state, from, by)
            .filter(|&k| !state.pool[k].bonus)?;
        let end = self.lands_on(state.mover as usize, from, by, round).ok()?;
        Some((from, used, end))
    }

    /// Whether another group of the mover's pieces, one piece of it, surely
    /// goes on with each of the values that the move `a` of a single piece
    /// leaves, in their order, so that `a` uses the whole throw. As for
    /// [`Shaped::moved_piece_goes_on`], each step is checked against the
    /// position before `a` by `allowed(at, v, round)`: that position holds
    /// every piece the positions after it hold (taking pieces and leaving a
    /// cell only open the way) but the piece `a` moves, on the cell where
    /// it lands, and the walking piece itself. So the walk starts on
    /// neither cell of `a`, its runs of steps do not reach the cell where
    /// `a` lands, its own first cell or the cell of each step again, and a
    /// value that takes it to its track's detour is left to the full search.
    pub(crate) fn another_piece_goes_on(
        &self,
        state: &State,
        a: Action,
        mut allowed: impl FnMut(u8, PoolValue, bool) -> bool,
    ) -> bool {
        // Of two values, the shortcuts of one die left already ask this.
        if state.pool.len() < 3 {
            return false;
        }
        let Some((from, used, end)) = self.one_piece_by_die(state, a) else {
            return false;
        };
        if from == 0 {
            return false;
        }
        let seat = state.mover as usize;
        let home = self.home(seat);
        let ends = if end < home {
            self.seating.meet(seat, seat, end)
        } else {
            [seating::NONE; 2]
        };
        let froms = self.seating.meet(seat, seat, from);
        self.groups(&state.pieces[seat], home).any(|(start, _)| {
            start != 0
                && !froms.contains(&start)
                && !ends.contains(&start)
                && self.walks_rest(state, used, start, ends, &mut allowed)
        })
    }

    /// Whether a piece of the mover on step `start` goes on with each
    /// value of the pool but the one at `used`, in their order, as
    /// [`Shaped::another_piece_goes_on`] asks it: no run of its steps
    /// reaches the steps `ends`, the cell of `start` or that of the step
    /// it moves from again.
    fn walks_rest(
        &self,
        state: &State,
        used: usize,
        start: u8,
        ends: [u8; 2],
        allowed: &mut impl FnMut(u8, PoolValue, bool) -> bool,
    ) -> bool {
        let seat = state.mover as usize;
        let home = self.home(seat);
        let starts = self.seating.meet(seat, seat, start);
        let mut at = start;
        let mut after_bonus = false;
        for (k, &v) in state.pool.iter().enumerate() {
            if k == used {
                continue;
            }
            // The bonuses wait behind the dice, as for the moved piece.
            if after_bonus && !v.bonus {
                return false;
            }
            after_bonus |= v.bonus;
            if self.in_goal(seat, at) || self.reaches_detour(seat, at, v.value) {
                return false;
            }
            let to = at as u16 + v.value as u16;
            if to >= home as u16
                || reaches_any(ends, at, to)
                || reaches_any(starts, at, to)
                || self.comes_back_to(seat, at, to)
                || !allowed(at, v, false)
            {
                return false;
            }
            at = to as u8;
        }
        true
    }

    /// Whether `seat`'s run of steps on from step `at` to step `to` (no
    /// detour between) comes to the cell of `at` again, where the moved
    /// piece stands only after its move: a going on that the position
    /// before the move does not answer.
    #[inline(always)]
    pub(crate) fn comes_back_to(&self, seat: usize, at: u8, to: u16) -> bool {
        self.seating.comes_back_to(seat, at, to)
    }

    /// Whether the piece a move brought to step `at` goes on by `v` where
    /// that takes it to its track's detour ([`Shaped::moved_piece_goes_on`]):
    /// round the detour or leaving it out, short of home, each way as
    /// `allowed(at, v, round)` says, a way whose steps come to the cell of
    /// `at` again (where the piece stands only after its move) left to the
    /// full search.
    pub(crate) fn goes_on_past_detour(
        &self,
        seat: usize,
        at: u8,
        v: PoolValue,
        allowed: &mut impl FnMut(u8, PoolValue, bool) -> bool,
    ) -> bool {
        let home = self.home(seat);
        let again = self.seating.meet(seat, seat, at);
        [false, true].into_iter().any(|round| {
            let Ok(target) = self.reach_on(seat, at, v.value, round) else {
                return false;
            };
            let (run, then) = self.runs_passed(seat, at, target, round);
            let within = |s: u8, (lo, hi): (u8, u8)| lo <= s && s <= hi;
            let meets = again.iter().any(|&s| {
                s != seating::NONE && s != at && (s == target || within(s, run) || within(s, then))
            });
            target < home && !meets && allowed(at, v, round)
        })
    }

    /// The most values the same seat can still use, one after another, in
    /// the throw that `before` was in; at most `limit`.
    fn most_usable(&self, before: &State, state: &State, limit: u8) -> u8 {
        if limit == 0
            || state.phase != Phase::Move
            || state.mover != before.mover
            || state.turns != before.turns
        {
            return 0;
        }
        if limit == 1 {
            // The last value: whether any move uses it is enough.
            return u8::from(self.any_move(state));
        }
        let mut moves = Vec::new();
        self.moves_into(state, &mut moves);
        // Two dice left: one move known to leave the other usable is enough.
        if limit == 2
            && moves
                .iter()
                .any(|&a| self.leaves_other_die_usable(state, &moves, a))
        {
            return 2;
        }
        let mut best = 0;
        for a in moves {
            let mut next = state.clone();
            self.apply_fitting(&mut next, a);
            let used = next.used.saturating_sub(state.used);
            best = best.max(used + self.most_usable(before, &next, limit.saturating_sub(used)));
            if best == limit {
                break;
            }
        }
        best
    }

    /// Whether some move uses a waiting value; stops at the first found.
    fn any_move(&self, state: &State) -> bool {
        self.find_move(state, false, |_, _| true)
    }

    /// Whether some move the rules allow on its own passes `found`; stops
    /// at the first. It tries the moves [`Shaped::moves_into`] lists (those
    /// leaving the start by a sum of two dice only when `sums`), pieces on
    /// their way before those at the start, whose checks cost more; the
    /// order does not change the answer. The view is made only where the
    /// pieces alone do not answer ([`Shaped::allowed_lazily`]): mostly the
    /// first move tried is allowed.
    fn find_move(
        &self,
        state: &State,
        sums: bool,
        mut found: impl FnMut(Action, &mut Option<View>) -> bool,
    ) -> bool {
        let seat = state.mover as usize;
        let mut view = None;
        let pieces = &state.pieces[seat];
        let home = self.home(seat);
        for (from, most) in self.groups(pieces, home).rev() {
            for count in 1..=most {
                for (k, &v) in state.pool.iter().enumerate() {
                    // A value like one before it makes the same moves:
                    // the dice of a double are tried once.
                    if (from == 0 && !self.lets_out_now(state, v)) || state.pool[..k].contains(&v) {
                        continue;
                    }
                    let by = v.value;
                    if self.allowed_lazily(state, &mut view, from, count, v, false)
                        && found(Action::Move { from, count, by }, &mut view)
                    {
                        return true;
                    }
                    if self.reaches_detour(seat, from, by)
                        && self.allowed_lazily(state, &mut view, from, count, v, true)
                        && found(Action::Round { from, count, by }, &mut view)
                    {
                        return true;
                    }
                }
            }
            if from == 0 && sums && self.flags().entry_sum {
                for sum in self.entry_sums(state) {
                    if self.sum_allowed(state, &mut view, sum)
                        && found(Action::step(0, sum), &mut view)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Whether one of the steps `steps` (each a step or [`seating::NONE`])
/// lies on the run of steps after `at` up to `to`.
#[inline(always)]
fn reaches_any(steps: [u8; 2], at: u8, to: u16) -> bool {
    steps
        .iter()
        .any(|&s| s != seating::NONE && s > at && s as u16 <= to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::UseValues;

    /// The distinct waiting values are put in order of size, each once,
    /// those of one size in the order they wait: two as the loop over any
    /// number puts them, for every pair of small values, thrown again or
    /// not, bonus or not, equal or not; three and four as a stable sort of
    /// the distinct ones puts them.
    #[test]
    fn the_distinct_values_of_a_pool_are_in_order_of_size_each_once() {
        let mut each = Vec::new();
        for value in [0, 1, 5, 6, 20] {
            for again in [false, true] {
                for bonus in [false, true] {
                    each.push(PoolValue {
                        value,
                        again,
                        bonus,
                    });
                }
            }
        }
        for &a in &each {
            for &b in &each {
                let pool = [a, b];
                assert_eq!(
                    distinct_ascending(&pool),
                    distinct_ascending_in_full(&pool),
                    "{pool:?}"
                );
            }
        }
        // Pools of three and four: each distinct value once, in the order
        // of a stable sort by size.
        for &a in &each {
            for &b in &each {
                for &c in &each {
                    for pool in [vec![a, b, c], vec![c, a, b, a]] {
                        let mut expected: Vec<PoolValue> = Vec::new();
                        for &v in &pool {
                            if !expected.contains(&v) {
                                expected.push(v);
                            }
                        }
                        expected.sort_by_key(|v| v.value);
                        assert_eq!(
                            distinct_ascending_in_full(&pool).to_vec(),
                            expected,
                            "{pool:?}"
                        );
                    }
                }
            }
        }
    }

    /// Whether a piece that `seat` takes stands on the cell of its step
    /// `q`, found by looking at each prey seat's pieces.
    pub(crate) fn prey_stands_on(game: &Game, state: &State, seat: usize, q: u8) -> bool {
        game.seating.prey(seat).iter().any(|&other| {
            let [a, b] = game.seating.meet(other as usize, seat, q);
            a != seating::NONE && state.pieces.any_on(other as usize, [a, b])
        })
    }

    /// A draw of a number below `n`, as a test gives it.
    pub(crate) type Draw<'a> = &'a mut dyn FnMut(usize) -> usize;

    /// Every sequence of draws of a decision, each followed once: `play`
    /// is given a scripted draw and returns what it drew. Gives what each
    /// way drew and the numbers asked for at each of its draws, in order;
    /// `None` past `most` ways.
    pub(crate) fn every_way(
        most: usize,
        mut play: impl FnMut(Draw) -> Option<Action>,
    ) -> Option<Vec<(Option<Action>, Vec<usize>)>> {
        let mut script: Vec<usize> = Vec::new();
        let mut ways = Vec::new();
        loop {
            let mut sizes = Vec::new();
            let drawn = play(&mut |n| {
                let k = script.get(sizes.len()).copied().unwrap_or(0);
                sizes.push(n);
                k
            });
            // The next sequence: the last draw that can be larger is, and
            // those after it start again from 0.
            script.resize(sizes.len(), 0);
            ways.push((drawn, sizes));
            if ways.len() > most {
                return None;
            }
            let sizes = &ways[ways.len() - 1].1;
            while let Some(&k) = script.last() {
                if k + 1 < sizes[script.len() - 1] {
                    *script.last_mut()? += 1;
                    break;
                }
                script.pop();
            }
            if script.is_empty() {
                return Some(ways);
            }
        }
    }

    /// `count` positions of random games of `game` from seed `seed`, one
    /// after each action, a new game begun when one ends.
    pub(crate) fn positions(game: &Game, seed: u64, count: usize) -> Vec<State> {
        let mut rng = crate::sim::rng(seed);
        let mut state = game.new_initial_state();
        let mut buf = Vec::new();
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            if crate::sim::random_step(game, &mut state, &mut rng, &mut buf).is_none() {
                state = game.new_initial_state();
            }
            out.push(state.clone());
        }
        out
    }

    /// Whether a run of steps comes to its first cell again is read off
    /// one table a step (`Seating::comes_back_to`); it answers as the
    /// steps of the seat's own track on that cell do, for every seat,
    /// step and run of every bundled race (Parcheesi's second lap among
    /// them, whose runs of 68 steps or more come back).
    #[test]
    fn a_run_comes_back_to_its_cell_where_its_track_meets_that_cell_again() {
        let mut back = 0usize;
        for (name, game) in races() {
            for seat in 0..game.players() {
                let home = game.seating.home(seat);
                for at in 0..=home {
                    for to in at as u16..=home as u16 + 24 {
                        let meets = reaches_any(game.seating.meet(seat, seat, at), at, to);
                        assert_eq!(
                            game.dynamic().comes_back_to(seat, at, to),
                            meets,
                            "{name}: seat {seat}, from step {at} to {to}"
                        );
                        back += usize::from(meets);
                    }
                }
            }
        }
        assert!(back > 100, "{back} runs that come back");
    }

    /// Every bundled race (no fight, no field), by name, with the most players.
    pub(crate) fn races() -> impl Iterator<Item = (&'static str, Game)> {
        crate::variants::names().into_iter().filter_map(|name| {
            let rules = crate::variants::compile_bundled(name).expect("bundled variants compile");
            (rules.fight.is_none() && rules.field.is_none())
                .then(|| (name, Game::with_most_players(rules)))
        })
    }

    /// The most values usable after `state`, one after another in the
    /// throw that `before` was in, by trying every move: the definition the
    /// engine's shortcuts must agree with.
    fn most_usable_in_full(game: &Game, before: &State, state: &State, limit: u8) -> u8 {
        if limit == 0
            || state.phase != Phase::Move
            || state.mover != before.mover
            || state.turns != before.turns
        {
            return 0;
        }
        let mut moves = Vec::new();
        game.dynamic().moves_into(state, &mut moves);
        if limit == 1 {
            // One value left: what any_move asks (a sum of two dice needs two).
            return u8::from(game.dynamic().any_move(state));
        }
        let mut best = 0;
        for a in moves {
            let mut next = state.clone();
            game.dynamic().apply_fitting(&mut next, a);
            let used = next.used.saturating_sub(state.used);
            best = best
                .max(used + most_usable_in_full(game, before, &next, limit.saturating_sub(used)));
        }
        best
    }

    /// Calls `check` with the moves the rules allow on their own at every
    /// decision with two or more values waiting, in `games` random games
    /// (from `seed`) of every bundled variant that uses the most of a throw.
    fn each_use_most_decision(
        seed: u64,
        games: usize,
        mut check: impl FnMut(&Game, &State, &[Action]),
    ) {
        for name in crate::variants::names() {
            let rules = crate::variants::compile_bundled(name).expect("bundled variants compile");
            if rules.turn.use_values != UseValues::Most {
                continue;
            }
            let game = Game::with_most_players(rules);
            let mut rng = crate::sim::rng(seed);
            for _ in 0..games {
                let mut state = game.new_initial_state();
                let mut buf = Vec::new();
                while crate::sim::random_step(&game, &mut state, &mut rng, &mut buf).is_some() {
                    if state.phase != Phase::Move || state.pool.len() < 2 {
                        continue;
                    }
                    let mut moves = Vec::new();
                    game.dynamic().moves_into(&state, &mut moves);
                    check(&game, &state, &moves);
                }
            }
        }
    }

    /// `use = most` keeps the moves after which the most values of the
    /// throw can be used, and of those using one, the largest: the same
    /// moves as trying every way in full, at every decision of random games
    /// of every bundled variant that uses the most of a throw.
    #[test]
    fn use_most_keeps_the_moves_a_search_of_every_way_keeps() {
        let mut checked = 0;
        each_use_most_decision(11, 20, |game, state, moves| {
            let all = state.pool.len() as u8;
            let depths: Vec<u8> = moves
                .iter()
                .map(|&a| {
                    let mut next = state.clone();
                    game.dynamic().apply_fitting(&mut next, a);
                    let used = next.used.saturating_sub(state.used);
                    used + most_usable_in_full(game, state, &next, all.saturating_sub(used))
                })
                .collect();
            let best = depths.iter().copied().max().unwrap_or(0);
            let mut expected: Vec<Action> = moves
                .iter()
                .zip(&depths)
                .filter(|&(_, &d)| d == best)
                .map(|(&a, _)| a)
                .collect();
            if best == 1 {
                let largest = expected.iter().filter_map(|a| a.by()).max();
                expected.retain(|a| a.by().is_some() && a.by() == largest);
            }
            let mut kept = moves.to_vec();
            if moves.len() > 1 {
                let view = View::new(&game.dynamic(), state, state.mover as usize);
                game.dynamic().keep_most_using(state, &view, &mut kept);
            }
            assert_eq!(kept, expected, "in {state:?}");
            checked += 1;
        });
        assert!(checked > 1000, "only {checked} decisions were checked");
    }

    /// Checks a shortcut of `use = most`: every move it says uses the whole
    /// throw, tried in full, uses one die and leaves all the others usable.
    /// Returns how many of those moves had a bonus waiting behind the dice.
    fn shortcut_holds(
        seed: u64,
        says: impl Fn(&Game, &State, &[Action], Action, &View) -> bool,
    ) -> usize {
        let (mut tried, mut with_bonus) = (0, 0);
        each_use_most_decision(seed, 30, |game, state, moves| {
            let view = View::new(&game.dynamic(), state, state.mover as usize);
            for &a in moves {
                if !says(game, state, moves, a, &view) {
                    continue;
                }
                tried += 1;
                with_bonus += usize::from(state.pool.iter().any(|v| v.bonus));
                let mut next = state.clone();
                game.dynamic().apply_fitting(&mut next, a);
                assert_eq!(next.used, state.used + 1, "{a} uses one die");
                let others = state.pool.len() as u8 - 1;
                assert_eq!(
                    game.dynamic().most_usable(state, &next, others),
                    others,
                    "after {a} the other dice are usable in {state:?}"
                );
            }
        });
        assert!(tried > 1000, "only {tried} moves were tried");
        with_bonus
    }

    /// Every single piece said to go on with the other dice after its
    /// move really does.
    #[test]
    fn a_piece_said_to_go_on_with_the_other_dice_uses_the_whole_throw() {
        shortcut_holds(9, |game, state, _, a, view| {
            game.dynamic()
                .moved_piece_goes_on(state, a, |at, v, round| {
                    game.dynamic()
                        .check_present(state, view, at, 1, v, round)
                        .is_ok()
                })
        });
    }

    /// Every single piece that a random seat's draw says goes on with the
    /// other values after its move really does, bonuses waiting behind
    /// the dice among them: a bonus is asked once the dice are used.
    #[test]
    fn a_piece_said_to_go_on_with_its_bonus_after_the_dice_uses_the_whole_throw() {
        let with_bonus = shortcut_holds(13, |game, state, _, a, _| {
            let mut view = None;
            game.dynamic()
                .moved_piece_goes_on(state, a, |at, v, round| {
                    game.dynamic()
                        .goes_on_lazily(state, &mut view, at, v, round)
                })
        });
        assert!(
            with_bonus > 100,
            "only {with_bonus} moves with a bonus waiting"
        );
    }

    /// Every move said to leave another piece a walk through the values it
    /// leaves really leaves them usable: many of them of three values or
    /// four (doubles with their bottom faces), the moved piece not going on.
    #[test]
    fn a_move_said_to_leave_another_piece_the_rest_uses_the_whole_throw() {
        let beyond = std::cell::Cell::new(0usize);
        shortcut_holds(17, |game, state, _, a, view| {
            let goes_on = |at, v, round| {
                game.dynamic()
                    .check_present(state, view, at, 1, v, round)
                    .is_ok()
            };
            let says = game.dynamic().another_piece_goes_on(state, a, goes_on);
            if says && !game.dynamic().moved_piece_goes_on(state, a, goes_on) {
                beyond.set(beyond.get() + 1);
            }
            says
        });
        assert!(
            beyond.get() > 100,
            "only {} moves whose piece does not go on itself",
            beyond.get()
        );
    }

    /// Every move said to leave another group a plain move by the other
    /// die really leaves the other die usable.
    #[test]
    fn a_move_said_to_leave_the_other_die_usable_uses_the_whole_throw() {
        shortcut_holds(7, |game, state, moves, a, _| {
            game.dynamic().leaves_other_die_usable(state, moves, a)
        });
    }
}
