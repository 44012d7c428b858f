//! The expectimax bot: a search a few throws deep over the dice's exact
//! chances, each side choosing for itself.

use std::collections::HashMap;

use super::eval::{Evaluator, chooser_side};
use super::{Bot, cached, child};
use crate::sim::Rng;
use crate::{Action, Actor, Game, State};

/// Positions one choice may visit; past them, positions are evaluated
/// where they stand.
const NODES: usize = 150_000;

/// Decisions with more actions than this are not searched below the root,
/// but evaluated where they stand (a field game's move phase, where each
/// piece has dozens of cells to go to).
const WIDTH: usize = 24;

/// Searches `depth` throws ahead: at a throw, the mean over its outcomes
/// by their exact weights; at a decision, the action best for the side
/// that chooses (each side its own, a search of several players: max-n);
/// past the last throw, the general evaluation's share of each side
/// ([`Evaluator::shares`]). The decisions of a turn (several values, a
/// bonus, a throw again) are each a level of the search, so a turn is
/// searched whole before the next throw. Depth 0 is the greedy bot
/// without its limit on the positions it looks at.
#[derive(Clone)]
pub struct Expectimax {
    depth: u32,
    eval: Option<(Game, Evaluator)>,
}

impl Expectimax {
    /// A search `depth` throws deep.
    pub fn new(depth: u32) -> Expectimax {
        Expectimax { depth, eval: None }
    }
}

impl Bot for Expectimax {
    fn name(&self) -> String {
        format!("expectimax:depth={}", self.depth)
    }

    fn choose(&mut self, game: &Game, state: &State, _rng: &mut Rng) -> Option<Action> {
        let eval = cached(&mut self.eval, game);
        let side = chooser_side(game, state)? as usize;
        let mut search = Search {
            game,
            eval,
            nodes: 0,
            level: 0,
            memo: HashMap::new(),
        };
        let mut best: Option<(Action, f64)> = None;
        for a in game.legal_actions(state) {
            let next = child(game, state, a);
            let v = search.value(&next, self.depth)[side];
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((a, v));
            }
        }
        best.map(|(a, _)| a)
    }
}

struct Search<'a> {
    game: &'a Game,
    eval: &'a Evaluator,
    nodes: usize,
    /// How deep the recursion stands now.
    level: usize,
    memo: HashMap<(State, u32), Vec<f64>>,
}

/// The deepest the recursion goes, whatever the budget of positions: a
/// long chain of one side's decisions is evaluated where it stands.
const LEVELS: usize = 200;

impl Search<'_> {
    /// Each side's share of the game from `state`, `depth` throws more
    /// searched.
    fn value(&mut self, state: &State, depth: u32) -> Vec<f64> {
        self.nodes += 1;
        if self.nodes > NODES || self.level > LEVELS {
            return self.eval.shares(self.game, state);
        }
        let key = (state.clone(), depth);
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        self.level += 1;
        let v = match self.game.actor(state) {
            Actor::Terminal => self.eval.shares(self.game, state),
            Actor::Chance => self.chance(state, depth),
            Actor::Seat(_) | Actor::Player(_) => self.decision(state, depth),
        };
        self.level -= 1;
        self.memo.insert(key, v.clone());
        v
    }

    fn chance(&mut self, state: &State, depth: u32) -> Vec<f64> {
        let outcomes = self.game.chance_actions(state);
        if depth == 0 || outcomes.is_empty() {
            return self.eval.shares(self.game, state);
        }
        let total: u64 = outcomes.iter().map(|(_, w)| w).sum();
        let mut sum = vec![0.0; self.eval.side_count()];
        for (a, w) in outcomes {
            let next = child(self.game, state, a);
            let v = self.value(&next, depth - 1);
            for (s, x) in sum.iter_mut().zip(v) {
                *s += x * w as f64;
            }
        }
        sum.iter_mut().for_each(|s| *s /= total.max(1) as f64);
        sum
    }

    fn decision(&mut self, state: &State, depth: u32) -> Vec<f64> {
        let Some(side) = chooser_side(self.game, state) else {
            return self.eval.shares(self.game, state);
        };
        let side = side as usize;
        let actions = self.game.legal_actions(state);
        if actions.is_empty() {
            return self.eval.shares(self.game, state);
        }
        if actions.len() > WIDTH {
            return self.eval.shares(self.game, state);
        }
        let mut best: Option<Vec<f64>> = None;
        for a in actions {
            let next = child(self.game, state, a);
            let v = self.value(&next, depth);
            if best.as_ref().is_none_or(|b| v[side] > b[side]) {
                best = Some(v);
            }
        }
        best.unwrap_or_else(|| self.eval.shares(self.game, state))
    }
}
