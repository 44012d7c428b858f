//! The Python module `pachisi._pachisi`: a thin layer over the crate's
//! public API, named as OpenSpiel names the same things (`load_game`,
//! `new_initial_state`, `current_player`, `chance_outcomes`,
//! `legal_actions`, `apply_action`, `returns`). Actions cross as the
//! game's stable integer ids ([`pachisi::ActionIds`]).

use pachisi::{
    Action, ActionIds, Actor, Game as Engine, Offer, Phase, State as Position, record, sim,
};
use pyo3::{
    create_exception,
    exceptions::PyValueError,
    prelude::*,
    types::{PyDict, PyList, PyTuple},
};

create_exception!(
    pachisi,
    Error,
    PyValueError,
    "Anything the engine refuses: the message is the engine's own."
);
create_exception!(
    pachisi,
    LoadError,
    Error,
    "A variant that cannot be loaded: an unknown name, a file that cannot be read or has errors, a table of players the game has not."
);
create_exception!(
    pachisi,
    IllegalActionError,
    Error,
    "An action the rules refuse here; the state is unchanged and the message names the rule."
);
create_exception!(
    pachisi,
    StateError,
    Error,
    "A saved state that is not valid JSON of a state, or is impossible under the rules."
);

/// The player id of a chance node, as OpenSpiel's.
const CHANCE_PLAYER: i64 = -1;
/// The player id of a finished game, as OpenSpiel's.
const TERMINAL_PLAYER: i64 = -4;

/// A compiled variant seated for a number of players.
#[pyclass(module = "pachisi", frozen)]
struct Game {
    engine: Engine,
    ids: ActionIds,
    /// The chance outcomes of a throw, `(id, probability)`, made once: a
    /// state hands out a copy of the list.
    throws: Py<PyList>,
    /// The chance outcomes of the throw for who begins.
    begins: Py<PyList>,
    /// In a race, the legal actions where the dice are thrown and where
    /// the throw for who begins is made, by id: the same in every state of
    /// that phase; with the list of their ids that a state copies.
    throw_list: Shared,
    begin_list: Shared,
    /// The observation's layout, for a race.
    layout: Option<Layout>,
}

/// Legal actions that many states share, with the Python list of their
/// ids, made once.
struct Shared {
    actions: Vec<(u32, Action)>,
    ids: Py<PyList>,
}

impl Shared {
    fn new(py: Python<'_>, actions: Vec<(u32, Action)>) -> PyResult<Shared> {
        let ids = PyList::new(py, actions.iter().map(|p| p.0))?.unbind();
        Ok(Shared { actions, ids })
    }
}

/// The layout of a race's observation tensor: for each seat from the
/// observer's, its pieces by step; the waiting values; the seat to move;
/// the phase.
#[derive(Clone, Copy)]
struct Layout {
    seats: usize,
    steps: usize,
    values: usize,
    /// Whether the stake may be doubled (end: doubling): four more numbers.
    stake: bool,
}

impl Layout {
    fn len(&self) -> usize {
        self.seats * self.steps + self.values + self.seats + 4 + if self.stake { 4 } else { 0 }
    }
}

impl Game {
    fn new(py: Python<'_>, engine: Engine) -> PyResult<Game> {
        let ids = engine.action_ids();
        let state = engine.new_initial_state();
        // The state of a phase whose lists all such states share: a throw
        // like any, not the game's first (turn: begins = one_die_each) nor
        // one before which a seat decides the stake (end: doubling).
        let of_phase = |phase: Phase| {
            let mut s = state.clone();
            s.phase = phase;
            if phase == Phase::Throw {
                s.turns = 1;
                s.stake.offer = Offer::Decided;
            }
            s
        };
        let chance = |phase: Phase| -> PyResult<Py<PyList>> {
            let weights = engine.chance_actions(&of_phase(phase));
            let total: u64 = weights.iter().map(|w| w.1).sum();
            let pairs = (weights.into_iter())
                .map(|(a, w)| (ids.id(a).unwrap_or(u32::MAX), w as f64 / total as f64));
            Ok(PyList::new(py, pairs)?.unbind())
        };
        let (throws, begins) = (chance(Phase::Throw)?, chance(Phase::Opening)?);
        let rules = engine.rules();
        let race = rules.fight.is_none() && rules.field.is_none();
        let listed = |phase: Phase| -> PyResult<Shared> {
            if !race {
                return Shared::new(py, Vec::new());
            }
            Shared::new(py, by_id(&ids, &engine.legal_actions(&of_phase(phase))))
        };
        let (throw_list, begin_list) = (listed(Phase::Throw)?, listed(Phase::Opening)?);
        let seats = engine.seats().len();
        let layout = race.then(|| Layout {
            seats,
            steps: (0..seats)
                .map(|s| engine.track(s).home() as usize + 1)
                .max()
                .unwrap_or(0),
            values: ids.values().len(),
            stake: rules.end.doubling,
        });
        Ok(Game {
            engine,
            ids,
            throws,
            begins,
            throw_list,
            begin_list,
            layout,
        })
    }

    fn action(&self, id: i64) -> PyResult<Action> {
        u32::try_from(id)
            .ok()
            .and_then(|id| self.ids.action(id))
            .ok_or_else(|| {
                Error::new_err(format!(
                    "{id} is not an action id of {}: the ids are 0 to {}",
                    self.engine.rules().name,
                    self.ids.len().saturating_sub(1)
                ))
            })
    }

    fn id(&self, action: Action) -> u32 {
        // Every action the engine gives has an id (tested over every
        // bundled variant); an unknown one would read as past the last id.
        self.ids.id(action).unwrap_or(u32::MAX)
    }

    /// The player (index among the players) who plays the seat at `seat`,
    /// the seat's own index where nobody sits at it.
    fn player_of(&self, seat: usize) -> usize {
        self.engine.player_of_seat(seat).unwrap_or(seat)
    }

    /// The game's list of legal actions for a throw, or for the throw for
    /// who begins.
    fn shared(&self, phase: Phase) -> &Shared {
        match phase {
            Phase::Opening => &self.begin_list,
            _ => &self.throw_list,
        }
    }

    fn check_player(&self, player: i64) -> PyResult<usize> {
        usize::try_from(player)
            .ok()
            .filter(|&p| p < self.engine.players())
            .ok_or_else(|| {
                Error::new_err(format!(
                    "{} is played by players 0 to {}, not {player}",
                    self.engine.rules().name,
                    self.engine.players().saturating_sub(1)
                ))
            })
    }
}

/// Actions with their ids, sorted by id. Every action the engine gives has
/// an id (tested over every bundled variant); an unknown one would sort
/// last, as past the last id.
fn by_id(ids: &ActionIds, actions: &[Action]) -> Vec<(u32, Action)> {
    let mut pairs: Vec<(u32, Action)> = (actions.iter())
        .map(|&a| (ids.id(a).unwrap_or(u32::MAX), a))
        .collect();
    pairs.sort_unstable_by_key(|p| p.0);
    pairs
}

/// A new list with the items of `list`, which stays the caller's own.
fn copy<'py>(list: &Bound<'py, PyList>) -> Bound<'py, PyList> {
    list.get_slice(0, list.len())
}

fn load_error(e: pachisi::LoadError) -> PyErr {
    LoadError::new_err(e.to_string())
}

#[pymethods]
impl Game {
    /// The game's name, from its file.
    #[getter]
    fn name(&self) -> String {
        self.engine.rules().name.clone()
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        self.engine.players()
    }

    /// How many action ids the game has: every id is below it.
    fn num_distinct_actions(&self) -> u32 {
        self.ids.len()
    }

    /// The most outcomes a chance node has.
    fn max_chance_outcomes(&self, py: Python<'_>) -> usize {
        (self.throws.bind(py).len()).max(self.begins.bind(py).len())
    }

    /// The names of the playing seats, in turn order.
    fn seat_names(&self) -> Vec<String> {
        (0..self.engine.seats().len())
            .map(|i| self.engine.seat_name(i).to_string())
            .collect()
    }

    /// The player who plays the seat at `seat` (index in turn order), or
    /// None for a seat nobody sits at (a dummy).
    fn player_of_seat(&self, seat: usize) -> Option<usize> {
        self.engine.player_of_seat(seat)
    }

    /// The name of a player: the seats they play, joined by `+`.
    fn player_name(&self, player: i64) -> PyResult<String> {
        Ok(self.engine.player_name(self.check_player(player)?))
    }

    /// The state at the start of a game.
    fn new_initial_state(slf: &Bound<'_, Self>) -> State {
        State::of(slf, slf.get().engine.new_initial_state())
    }

    /// A state saved with `State.to_json()`, checked against the rules.
    fn state_from_json(slf: &Bound<'_, Self>, json: &str) -> PyResult<State> {
        let state =
            (slf.get().engine.load_state(json)).map_err(|e| StateError::new_err(e.to_string()))?;
        Ok(State::of(slf, state))
    }

    /// An action id in the game's notation, without a state to look at.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        Ok(self.engine.action_text(self.action(action)?))
    }

    /// The action id of a text in the game's notation (`0+6`, `pass`,
    /// `throw 3`), or None.
    fn string_to_action(&self, text: &str) -> Option<u32> {
        self.engine.parse_action(text).and_then(|a| self.ids.id(a))
    }

    /// The shape of `State.observation_tensor()`: one number, its length.
    fn observation_tensor_shape(&self) -> PyResult<Vec<usize>> {
        Ok(vec![self.layout()?.len()])
    }

    /// The length of `State.observation_tensor()`.
    fn observation_tensor_size(&self) -> PyResult<usize> {
        Ok(self.layout()?.len())
    }

    /// `n` random games from `seed` (each seat picks uniformly among its
    /// legal actions, the dice by their weights), as game records: the
    /// text that `pachisi replay` reads.
    #[pyo3(signature = (n, seed = 1))]
    fn play_random(&self, py: Python<'_>, n: u64, seed: u64) -> Vec<String> {
        let engine = &self.engine;
        py.detach(|| {
            let mut rng = sim::rng(seed);
            (0..n)
                .map(|_| record::write(engine, &sim::play_random(engine, &mut rng, true).history))
                .collect()
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<pachisi.Game {:?} with {} players>",
            self.engine.rules().name,
            self.engine.players()
        )
    }
}

impl Game {
    fn layout(&self) -> PyResult<Layout> {
        self.layout.ok_or_else(|| {
            Error::new_err(format!(
                "{} is not a race: the observation tensor describes pieces along tracks, and its pieces stand on cells",
                self.engine.rules().name
            ))
        })
    }
}

/// A game in progress.
#[pyclass(module = "pachisi")]
struct State {
    game: Py<Game>,
    state: Position,
    /// Who acts in `state`: asked of the engine once for each state, where
    /// a loop asks it two or three times a step.
    actor: Actor,
    /// The legal actions of `state` with their ids, sorted by id, when
    /// `legal_known`, as the last `legal_actions` listed them: an action
    /// among them is applied without being checked again.
    legal: Vec<(u32, Action)>,
    legal_known: bool,
    /// Whether `legal` is the game's list for a throw (or for the throw
    /// for who begins), whose Python list is copied.
    shared: Option<Phase>,
    /// The engine's list, before it is sorted by id.
    listed: Vec<Action>,
}

impl State {
    fn of(game: &Bound<'_, Game>, state: Position) -> State {
        State {
            actor: game.get().engine.actor(&state),
            game: game.clone().unbind(),
            state,
            legal: Vec::new(),
            legal_known: false,
            shared: None,
            listed: Vec::new(),
        }
    }

    /// Lists the legal actions of the state, once for each state.
    fn list(&mut self) {
        if self.legal_known {
            return;
        }
        let game = self.game.get();
        self.legal.clear();
        self.shared = match (self.actor, self.state.phase) {
            (Actor::Chance, phase @ (Phase::Throw | Phase::Opening))
                if !game.engine.first_throw_unlike(&self.state) =>
            {
                Some(phase).filter(|&p| !game.shared(p).actions.is_empty())
            }
            _ => None,
        };
        match self.shared {
            Some(phase) => self.legal.extend_from_slice(&game.shared(phase).actions),
            None => {
                // The state was made by the engine from one that fits
                // (new, or read and checked), and played on by actions
                // it listed or allowed: it still fits.
                (game.engine).legal_actions_fitting(&self.state, &mut self.listed);
                (self.legal).extend(self.listed.iter().map(|&a| (game.id(a), a)));
                self.legal.sort_unstable_by_key(|p| p.0);
            }
        }
        self.legal_known = true;
    }

    /// After the state has changed: nothing listed, and who acts asked anew.
    fn changed(&mut self) {
        self.legal_known = false;
        let game = self.game.get();
        // A race's actor follows from its phase, as `Game::actor` says: the
        // dice before the first turn and between moves (unless a seat
        // decides about the stake), the mover's seat at a move. The state was made by the engine from one that fits,
        // so it is not asked of the engine, which checks the state's shape
        // first (a test holds the two to each other at every step of
        // random games).
        let seat = || (game.engine.seats().get(self.state.mover as usize)).copied();
        self.actor = match (game.layout, self.state.phase) {
            // Where a seat may double the stake, it decides before the throw.
            (Some(_), Phase::Throw) if game.engine.rules().end.doubling => {
                game.engine.actor(&self.state)
            }
            (Some(_), Phase::Opening | Phase::Throw) => Actor::Chance,
            (Some(_), Phase::Over) => Actor::Terminal,
            (Some(_), Phase::Move) => {
                seat().map_or_else(|| game.engine.actor(&self.state), Actor::Seat)
            }
            (None, _) => game.engine.actor(&self.state),
        };
    }

    fn seat_player(&self, game: &Game) -> Option<usize> {
        match self.actor {
            Actor::Chance | Actor::Terminal => None,
            Actor::Player(p) => Some(p as usize),
            Actor::Seat(id) => {
                let seat = (game.engine.seats().iter().position(|&s| s == id))
                    .unwrap_or(self.state.mover as usize);
                Some(game.player_of(seat))
            }
        }
    }
}

#[pymethods]
impl State {
    /// The game this state is of.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The player to act (index among the players), or `CHANCE_PLAYER`
    /// (-1) at a chance node, or `TERMINAL_PLAYER` (-4) once the game is over.
    fn current_player(&self) -> i64 {
        let game = self.game.get();
        match self.actor {
            Actor::Chance => CHANCE_PLAYER,
            Actor::Terminal => TERMINAL_PLAYER,
            _ => self.seat_player(game).map_or(TERMINAL_PLAYER, |p| p as i64),
        }
    }

    /// Whether chance acts: a throw of the dice, or the throw for who begins.
    fn is_chance_node(&self) -> bool {
        self.actor == Actor::Chance
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.actor == Actor::Terminal
    }

    /// Whether a player (not chance) acts.
    fn is_player_node(&self) -> bool {
        matches!(self.actor, Actor::Seat(_) | Actor::Player(_))
    }

    /// The playing seat (index in turn order) whose turn it is.
    fn mover(&self) -> usize {
        self.state.mover as usize
    }

    /// The chance outcomes, as `(action, probability)` pairs whose
    /// probabilities add up to 1; empty where a player acts or the game is over.
    fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let game = self.game.get();
        if self.actor != Actor::Chance {
            return Ok(PyList::empty(py));
        }
        // The game's first throw, where each seat threw one die to begin,
        // is one of unlike faces: its chances are its own.
        if game.engine.first_throw_unlike(&self.state) {
            let weights = game.engine.chance_actions(&self.state);
            let total: u64 = weights.iter().map(|w| w.1).sum();
            let pairs: Vec<(u32, f64)> = (weights.into_iter())
                .map(|(a, w)| (game.id(a), w as f64 / total as f64))
                .collect();
            return PyList::new(py, pairs);
        }
        let cached = match self.state.phase {
            Phase::Opening => &game.begins,
            _ => &game.throws,
        };
        Ok(copy(cached.bind(py)))
    }

    /// The chance outcomes with exact probabilities, as `(action,
    /// fractions.Fraction)` pairs.
    fn chance_outcomes_exact<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let game = self.game.get();
        let weights = game.engine.chance_actions(&self.state);
        let total: u64 = weights.iter().map(|w| w.1).sum();
        let fraction = py.import("fractions")?.getattr("Fraction")?;
        let pairs = weights
            .into_iter()
            .map(|(a, w)| Ok((game.id(a), fraction.call1((w, total))?)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, pairs)
    }

    /// The legal actions as ids, ascending; at a chance node, the outcomes
    /// of the throw; empty once the game is over.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.list();
        match self.shared {
            Some(phase) => Ok(copy(self.game.get().shared(phase).ids.bind(py))),
            None => PyList::new(py, self.legal.iter().map(|p| p.0)),
        }
    }

    /// The legal actions as the game writes them, in the order of
    /// `legal_actions()`.
    fn legal_actions_text(&mut self) -> Vec<String> {
        self.list();
        let game = self.game.get();
        (self.legal.iter())
            .map(|&(_, a)| game.engine.action_text_in(&self.state, a))
            .collect()
    }

    /// A mask of the legal actions: one byte for each action id, 1 where legal.
    fn legal_actions_mask<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        self.list();
        let game = self.game.get();
        let mut mask = vec![0u8; game.ids.len() as usize];
        for &(id, _) in &self.legal {
            if let Some(m) = mask.get_mut(id as usize) {
                *m = 1;
            }
        }
        Ok(pyo3::types::PyBytes::new(py, &mask))
    }

    /// Plays an action id. An action the rules refuse raises
    /// `IllegalActionError`, whose message names the rule, and leaves the
    /// state as it was; an id that names no action raises `Error`.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let game = self.game.get();
        let listed = (self.legal_known)
            .then(|| u32::try_from(action).ok())
            .flatten()
            .and_then(|id| self.legal.binary_search_by_key(&id, |p| p.0).ok());
        match listed {
            // A listed action of a state that fits (see `list`).
            Some(k) => (game.engine).apply_fitting(&mut self.state, self.legal[k].1),
            None => {
                let a = game.action(action)?;
                (game.engine.apply(&mut self.state, a))
                    .map_err(|e| IllegalActionError::new_err(e.to_string()))?;
            }
        }
        self.changed();
        Ok(())
    }

    /// Why the rules refuse an action id here, or None if they allow it.
    fn refusal(&self, action: i64) -> PyResult<Option<String>> {
        let game = self.game.get();
        let a = game.action(action)?;
        Ok((game.engine.refusal(&self.state, a)).map(|r| game.engine.explain(&self.state, r)))
    }

    /// The state after an action id, this one unchanged.
    fn child(&self, py: Python<'_>, action: i64) -> PyResult<State> {
        let mut next = self.clone(py);
        next.apply_action(action)?;
        Ok(next)
    }

    /// An action id in the game's notation (`0+6`, `throw 3`, `pass`).
    /// OpenSpiel's form `action_to_string(player, action)` is read too.
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let action: i64 = match args.len() {
            1 => args.get_item(0)?.extract()?,
            2 => args.get_item(1)?.extract()?,
            n => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "action_to_string takes an action, or a player and an action; {n} arguments given"
                )));
            }
        };
        let game = self.game.get();
        Ok(game
            .engine
            .action_text_in(&self.state, game.action(action)?))
    }

    /// What each player gets: once the game is over, where the rules
    /// count points at the end (the forfeits of `end`, such as
    /// Backgammon's 1, 2 and 3), each player's points, won or paid;
    /// otherwise 1.0 for each player of the winning side and 0.0 for the
    /// others (all 0.0 for a draw); all 0.0 while the game goes on.
    /// `outcome()` has the ranks and each seat's points.
    fn returns(&self) -> Vec<f64> {
        let game = self.game.get();
        let engine = &game.engine;
        let mut out = vec![0.0; engine.players()];
        if let Some(outcome) = engine.outcome(&self.state)
            && !outcome.scores.is_empty()
            && engine.rules().fight.is_none()
        {
            for (seat, &points) in outcome.scores.iter().enumerate() {
                if let Some(p) = engine.player_of_seat(seat) {
                    out[p] += f64::from(points);
                }
            }
        } else if let Some(outcome) = engine.outcome(&self.state) {
            for &seat in &outcome.winners {
                if let Some(p) = engine.player_of_seat(seat as usize) {
                    out[p] = 1.0;
                }
            }
        }
        out
    }

    /// How the game came out, as a dict (`winner`: the winning side or
    /// None for a draw, `winners`: the winning seats, `ranks`: each seat's
    /// rank, 1 the best, `reason`, `scores`: each seat's points where the
    /// rules count them), or None while the game goes on.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let game = self.game.get();
        match game.engine.outcome(&self.state) {
            None => Ok(py.None().into_bound(py)),
            Some(outcome) => {
                let value =
                    serde_json::to_value(&outcome).map_err(|e| Error::new_err(e.to_string()))?;
                to_python(py, &value)
            }
        }
    }

    /// `returns()`: no reward comes before the end.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// For each playing seat in turn order, the steps of its pieces (0 the
    /// start, the last its home), ascending. Empty lists in a fight or a
    /// field game.
    fn pieces(&self) -> Vec<Vec<u32>> {
        (self.state.pieces.iter())
            .map(|steps| steps.iter().map(|&s| u32::from(s)).collect())
            .collect()
    }

    /// The values waiting to be used this turn.
    fn waiting_values(&self) -> Vec<u32> {
        self.state.pool.iter().map(|v| u32::from(v.value)).collect()
    }

    /// Turns completed.
    #[getter]
    fn turns(&self) -> u32 {
        self.state.turns
    }

    /// The observation of a race from a player's point of view, as a flat
    /// list of floats of `Game.observation_tensor_size()`:
    ///
    /// - for each seat in turn order from the observer's first seat, one
    ///   number for each step of the longest track from 0 (the start) to
    ///   its home: the fraction of that seat's pieces standing there;
    /// - for each value a move can use (the game's values, smallest
    ///   first), how many such values wait to be used;
    /// - for each seat from the observer's, 1.0 for the seat whose turn it
    ///   is;
    /// - the phase: 1.0 at one of: the throw for who begins, a throw, a
    ///   move, the end.
    #[pyo3(signature = (player = None))]
    fn observation_tensor(&self, player: Option<i64>) -> PyResult<Vec<f32>> {
        let game = self.game.get();
        let layout = game.layout()?;
        let player = match player {
            Some(p) => game.check_player(p)?,
            None => self.seat_player(game).unwrap_or(0),
        };
        let engine = &game.engine;
        let seats = layout.seats;
        let first = (0..seats)
            .find(|&s| engine.player_of_seat(s) == Some(player))
            .unwrap_or(0);
        let mut out = vec![0.0f32; layout.len()];
        let per_seat = self.state.pieces.per_seat().max(1) as f32;
        for k in 0..seats {
            let seat = (first + k) % seats;
            let block = &mut out[k * layout.steps..(k + 1) * layout.steps];
            for &step in &self.state.pieces[seat] {
                if let Some(x) = block.get_mut(step as usize) {
                    *x += 1.0 / per_seat;
                }
            }
        }
        let at = seats * layout.steps;
        let values = game.ids.values();
        for v in &self.state.pool {
            if let Some(i) = values.iter().position(|&w| w == v.value) {
                out[at + i] += 1.0;
            }
        }
        let at = at + layout.values;
        let mover = (self.state.mover as usize + seats - first) % seats;
        out[at + mover] = 1.0;
        let phase = match self.state.phase {
            Phase::Opening => 0,
            Phase::Throw => 1,
            Phase::Move => 2,
            Phase::Over => 3,
        };
        out[at + seats + phase] = 1.0;
        // end: doubling: the stake, whose it is, and an offer waiting.
        if layout.stake {
            let at = at + seats + 4;
            let stake = &self.state.stake;
            out[at] = f32::from(stake.doublings) / f32::from(pachisi::Stake::MOST_DOUBLINGS);
            if stake.holder > 0 {
                let holder = (stake.holder as usize - 1 + seats - first) % seats;
                out[at + if holder == 0 { 1 } else { 2 }] = 1.0;
            }
            out[at + 3] = f32::from(u8::from(stake.offer == Offer::Offered));
        }
        Ok(out)
    }

    /// The state as JSON, which `Game.state_from_json` reads back.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.state).map_err(|e| Error::new_err(e.to_string()))
    }

    /// A copy of this state.
    fn clone(&self, py: Python<'_>) -> State {
        State {
            game: self.game.clone_ref(py),
            state: self.state.clone(),
            actor: self.actor,
            legal: self.legal.clone(),
            legal_known: self.legal_known,
            shared: self.shared,
            listed: Vec::new(),
        }
    }

    fn __copy__(&self, py: Python<'_>) -> State {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> State {
        self.clone(py)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<State>() {
            Ok(o) => {
                let o = o.borrow();
                self.game.is(&o.game) && o.state == self.state
            }
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.state.hash(&mut h);
        h.finish()
    }

    /// The text picture of the board, as `pachisi show` prints it.
    fn __str__(&self) -> String {
        pachisi::render::text(&self.game.get().engine, &self.state)
    }

    fn __repr__(&self) -> String {
        let game = self.game.get();
        format!(
            "<pachisi.State of {:?}: {}>",
            game.engine.rules().name,
            pachisi::render::status_line(&game.engine, &self.state)
        )
    }
}

/// A bundled variant by name (`"mensch"`, `"house/mensch-three-tries"`)
/// or a variant file by path, seated for `players` (default: the most
/// the game allows).
#[pyfunction]
#[pyo3(signature = (name_or_path, players = None))]
fn load_game(py: Python<'_>, name_or_path: &str, players: Option<usize>) -> PyResult<Game> {
    let path = name_or_path.to_string();
    let engine = py
        .detach(|| Engine::load(&path, players))
        .map_err(load_error)?;
    Game::new(py, engine)
}

/// A variant from its source text; a house rule may extend a bundled
/// variant (`extends "mensch"`).
#[pyfunction]
#[pyo3(signature = (text, players = None, file_name = "<source>"))]
fn game_from_source(
    py: Python<'_>,
    text: &str,
    players: Option<usize>,
    file_name: &str,
) -> PyResult<Game> {
    let engine = Engine::from_source(file_name, text, players).map_err(load_error)?;
    Game::new(py, engine)
}

/// The names of the bundled variants.
#[pyfunction]
fn bundled_variants() -> Vec<&'static str> {
    pachisi::variants::names()
}

/// Plays `games` random games from `seed` in the engine, on `threads`
/// threads (default: every core), and returns the report that `pachisi
/// simulate --json` prints, as a dict. Game `i` has a generator of its
/// own, so the report is the same for any number of threads but for the
/// time.
#[pyfunction]
#[pyo3(signature = (variant, games = 1000, seed = 1, players = None, threads = None))]
fn simulate<'py>(
    py: Python<'py>,
    variant: &str,
    games: u64,
    seed: u64,
    players: Option<usize>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    if threads == Some(0) {
        return Err(Error::new_err("threads takes a number above 0"));
    }
    let threads = threads.unwrap_or_else(pachisi::batch::default_threads);
    let path = variant.to_string();
    let engine = py
        .detach(|| Engine::load(&path, players))
        .map_err(load_error)?;
    let report = py.detach(|| sim::simulate(&engine, games, seed, threads, |_| ()));
    let value = serde_json::to_value(&report).map_err(|e| Error::new_err(e.to_string()))?;
    to_python(py, &value)
}

/// A JSON value as the Python object `json.loads` would give.
fn to_python<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|v| to_python(py, v))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_python(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

#[pymodule]
fn _pachisi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(game_from_source, m)?)?;
    m.add_function(wrap_pyfunction!(bundled_variants, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add("CHANCE_PLAYER", CHANCE_PLAYER)?;
    m.add("TERMINAL_PLAYER", TERMINAL_PLAYER)?;
    m.add("Error", py.get_type::<Error>())?;
    m.add("LoadError", py.get_type::<LoadError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("StateError", py.get_type::<StateError>())?;
    Ok(())
}
