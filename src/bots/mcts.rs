//! The Monte-Carlo tree search: a tree of decisions and throws grown one
//! position an iteration, each new position played on a few turns and
//! evaluated.

use std::time::{Duration, Instant};

use rand::RngExt;

use super::eval::{Evaluator, chooser_side};
use super::{Bot, cached, child};
use crate::sim::{self, Rng};
use crate::{Action, Actor, Game, State};

/// Iterations of the search by default in a race.
pub(crate) const DEFAULT_ITERATIONS: u32 = 1000;
/// Iterations of the search by default in a wargame, whose turns are many
/// actions, each dearer.
pub(crate) const DEFAULT_WARGAME_ITERATIONS: u32 = 60;
/// Turns a playout plays by default before it is evaluated.
pub(crate) const DEFAULT_TURNS: u32 = 4;
/// The weight of exploration by default: shares of the game lie in 0..1.
pub(crate) const DEFAULT_C: f64 = 0.4;

/// The most actions a playout plays, whatever its turns, in a race and in
/// a wargame (a battle game's turn is many actions).
const PLAYOUT_ACTIONS: usize = 2000;
const WARGAME_PLAYOUT_ACTIONS: usize = 60;

/// How long a search goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// The default: 1000 iterations in a race, 60 in a wargame.
    Default,
    /// This many iterations: the same seed gives the same choice.
    Iterations(u32),
    /// This many milliseconds (at least one iteration): more on a faster
    /// machine, and not the same from run to run.
    Millis(u32),
}

/// How a playout chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly among the legal actions: fast.
    Random,
    /// The action whose position the general evaluation scores best, one
    /// action deep: slower, closer to good play.
    Greedy,
}

/// A Monte-Carlo tree search with chance nodes. Each iteration walks down
/// the tree: at a decision, the action of the best bound for the side
/// that chooses (UCT: its mean share of the game plus `c` times the
/// square root of the log of the visits over the action's visits; each
/// side its own share, so partners help each other and opponents do not);
/// at a throw, an outcome drawn by its exact weight. The first position
/// not yet in the tree is added, played on for `turns` turns by the
/// playout, and evaluated ([`Evaluator::shares`], or the outcome where
/// the game ended); each side's share is added up the path. The action
/// visited most is played. A turn's several decisions, throws again and
/// a seat that chooses out of turn are nodes like any other.
#[derive(Clone)]
pub struct Mcts {
    budget: Budget,
    playout: Playout,
    turns: u32,
    c: f64,
    eval: Option<(Game, Evaluator)>,
}

impl Mcts {
    /// A search with these settings.
    pub fn new(budget: Budget, playout: Playout, turns: u32, c: f64) -> Mcts {
        Mcts {
            budget,
            playout,
            turns,
            c,
            eval: None,
        }
    }
}

impl Bot for Mcts {
    fn name(&self) -> String {
        super::BotSpec::Mcts {
            budget: self.budget,
            playout: self.playout,
            turns: self.turns,
            c: self.c,
        }
        .to_string()
    }

    fn choose(&mut self, game: &Game, state: &State, rng: &mut Rng) -> Option<Action> {
        chooser_side(game, state)?;
        let actions = game.legal_actions(state);
        if actions.len() <= 1 {
            return actions.first().copied();
        }
        let eval = cached(&mut self.eval, game);
        let race = game.rules().fight.is_none() && game.rules().field.is_none();
        let mut tree = Tree {
            game,
            eval,
            nodes: Vec::new(),
            c: self.c,
            playout: self.playout,
            turns: self.turns,
            buf: Vec::new(),
            playout_actions: if race {
                PLAYOUT_ACTIONS
            } else {
                WARGAME_PLAYOUT_ACTIONS
            },
        };
        tree.add(state.clone());
        let started = Instant::now();
        let mut done = 0u32;
        let default = if race {
            DEFAULT_ITERATIONS
        } else {
            DEFAULT_WARGAME_ITERATIONS
        };
        loop {
            let more = match self.budget {
                Budget::Default => done < default,
                Budget::Iterations(n) => done < n,
                Budget::Millis(ms) => {
                    done == 0
                        || done % 8 != 0
                        || started.elapsed() < Duration::from_millis(u64::from(ms))
                }
            };
            if !more {
                break;
            }
            tree.iterate(rng);
            done += 1;
        }
        tree.best_at_root()
    }
}

/// A position in the tree.
struct Node {
    state: State,
    visits: u32,
    /// Each side's shares of the game, summed over the visits.
    value: Vec<f64>,
    edges: Edges,
}

/// What follows a position.
enum Edges {
    /// Nothing: the game is over, or nobody can act.
    Leaf,
    /// A side chooses among the actions.
    Decision {
        side: u8,
        actions: Vec<Action>,
        children: Vec<Option<usize>>,
        /// The order in which the actions are tried first.
        untried: Vec<usize>,
    },
    /// The dice decide, each outcome by its weight.
    Chance {
        outcomes: Vec<(Action, u64)>,
        total: u64,
        children: Vec<Option<usize>>,
    },
}

struct Tree<'a> {
    game: &'a Game,
    eval: &'a Evaluator,
    nodes: Vec<Node>,
    c: f64,
    playout: Playout,
    turns: u32,
    buf: Vec<Action>,
    playout_actions: usize,
}

impl Tree<'_> {
    /// Adds a position to the tree; its index.
    fn add(&mut self, state: State) -> usize {
        let edges = match self.game.actor(&state) {
            Actor::Terminal => Edges::Leaf,
            Actor::Chance => {
                let outcomes = self.game.chance_actions(&state);
                let total = outcomes.iter().map(|(_, w)| w).sum();
                if outcomes.is_empty() || total == 0 {
                    Edges::Leaf
                } else {
                    let children = vec![None; outcomes.len()];
                    Edges::Chance {
                        outcomes,
                        total,
                        children,
                    }
                }
            }
            Actor::Seat(_) | Actor::Player(_) => {
                let actions = self.game.legal_actions(&state);
                match chooser_side(self.game, &state) {
                    Some(side) if !actions.is_empty() => Edges::Decision {
                        side,
                        children: vec![None; actions.len()],
                        untried: (0..actions.len()).rev().collect(),
                        actions,
                    },
                    _ => Edges::Leaf,
                }
            }
        };
        self.nodes.push(Node {
            state,
            visits: 0,
            value: vec![0.0; self.eval.side_count()],
            edges,
        });
        self.nodes.len() - 1
    }

    /// One iteration: down the tree, one position added and played out,
    /// its shares added up the path.
    fn iterate(&mut self, rng: &mut Rng) {
        let mut path = vec![0usize];
        let mut at = 0usize;
        let shares = loop {
            let step = self.descend(at, rng);
            match step {
                Step::Stop => break self.eval.shares(self.game, &self.nodes[at].state),
                Step::Go(next) => {
                    path.push(next);
                    at = next;
                }
                Step::New(next) => {
                    path.push(next);
                    break self.play_out(next, rng);
                }
            }
        };
        for &i in &path {
            let node = &mut self.nodes[i];
            node.visits += 1;
            for (v, s) in node.value.iter_mut().zip(&shares) {
                *v += s;
            }
        }
    }

    /// The next node down from `at`.
    fn descend(&mut self, at: usize, rng: &mut Rng) -> Step {
        if let Some(step) = self.select(at) {
            return step;
        }
        let (slot, action) = match &mut self.nodes[at].edges {
            Edges::Leaf => return Step::Stop,
            Edges::Decision {
                actions, untried, ..
            } => {
                // An action not tried yet, drawn at random.
                let k = rng.random_range(0..untried.len().max(1));
                let Some(i) = (k < untried.len()).then(|| untried.swap_remove(k)) else {
                    return Step::Stop;
                };
                (i, actions[i])
            }
            Edges::Chance {
                outcomes,
                total,
                children,
            } => {
                let mut u = rng.random_range(0..*total);
                let mut i = 0;
                while i + 1 < outcomes.len() && u >= outcomes[i].1 {
                    u -= outcomes[i].1;
                    i += 1;
                }
                if let Some(c) = children[i] {
                    return Step::Go(c);
                }
                (i, outcomes[i].0)
            }
        };
        let state = child(self.game, &self.nodes[at].state, action);
        let new = self.add(state);
        match &mut self.nodes[at].edges {
            Edges::Decision { children, .. } | Edges::Chance { children, .. } => {
                children[slot] = Some(new)
            }
            Edges::Leaf => {}
        }
        Step::New(new)
    }

    /// At a decision whose actions have all been tried, the child of the
    /// best bound for the side that chooses; `None` elsewhere.
    fn select(&self, at: usize) -> Option<Step> {
        let node = &self.nodes[at];
        let Edges::Decision {
            side,
            children,
            untried,
            ..
        } = &node.edges
        else {
            return None;
        };
        if !untried.is_empty() {
            return None;
        }
        let side = *side as usize;
        let log = f64::from(node.visits.max(1)).ln();
        let mut best: Option<(usize, f64)> = None;
        for &c in children.iter().flatten() {
            let n = &self.nodes[c];
            let visits = f64::from(n.visits.max(1));
            let bound =
                n.value.get(side).copied().unwrap_or(0.0) / visits + self.c * (log / visits).sqrt();
            if best.is_none_or(|(_, b)| bound > b) {
                best = Some((c, bound));
            }
        }
        Some(best.map_or(Step::Stop, |(c, _)| Step::Go(c)))
    }

    /// Plays on from a new node for the playout's turns; each side's share
    /// where it stops.
    fn play_out(&mut self, at: usize, rng: &mut Rng) -> Vec<f64> {
        let mut state = self.nodes[at].state.clone();
        let until = state.turns.saturating_add(self.turns);
        for _ in 0..self.playout_actions {
            if state.turns >= until {
                break;
            }
            let stepped = match self.playout {
                Playout::Random => {
                    sim::random_step(self.game, &mut state, rng, &mut self.buf).is_some()
                }
                Playout::Greedy => self.greedy_step(&mut state, rng),
            };
            if !stepped {
                break;
            }
        }
        self.eval.shares(self.game, &state)
    }

    /// One action of a greedy playout: a throw by its weight, or the
    /// action whose position scores best for the side that chooses.
    fn greedy_step(&mut self, state: &mut State, rng: &mut Rng) -> bool {
        match self.game.actor(state) {
            Actor::Terminal => false,
            Actor::Chance => {
                let throw = sim::throw(self.game, state, rng);
                self.game.apply_unchecked(state, throw);
                true
            }
            Actor::Seat(_) | Actor::Player(_) => {
                let Some(side) = chooser_side(self.game, state) else {
                    return false;
                };
                self.game.legal_actions_into(state, &mut self.buf);
                let best = self
                    .buf
                    .iter()
                    .map(|&a| {
                        let next = child(self.game, state, a);
                        let v = self.eval.shares(self.game, &next)[side as usize];
                        (next, v)
                    })
                    .max_by(|a, b| a.1.total_cmp(&b.1));
                match best {
                    Some((next, _)) => {
                        *state = next;
                        true
                    }
                    None => false,
                }
            }
        }
    }

    /// The root's action visited most (the better mean share on a tie).
    fn best_at_root(&self) -> Option<Action> {
        let root = self.nodes.first()?;
        let Edges::Decision {
            side,
            actions,
            children,
            ..
        } = &root.edges
        else {
            return None;
        };
        let side = *side as usize;
        let score = |c: usize| {
            let n = &self.nodes[c];
            let mean = n.value.get(side).copied().unwrap_or(0.0) / n.visits.max(1) as f64;
            (n.visits, mean)
        };
        let mut best: Option<(usize, (u32, f64))> = None;
        for (i, child) in children.iter().enumerate() {
            let Some(c) = *child else { continue };
            let s = score(c);
            if best.is_none_or(|(_, b)| s.0 > b.0 || (s.0 == b.0 && s.1 > b.1)) {
                best = Some((i, s));
            }
        }
        Some(actions[best.map_or(0, |(i, _)| i)])
    }
}

/// Where a walk down the tree goes next.
enum Step {
    /// Nowhere: a leaf.
    Stop,
    /// Down to a node in the tree.
    Go(usize),
    /// To a node just added.
    New(usize),
}
