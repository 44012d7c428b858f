//! The greedy bot: the best position by the general evaluation at the
//! end of its side's decisions on this throw.

use std::collections::HashMap;

use super::eval::{Evaluator, chooser_side};
use super::{Bot, cached, child};
use crate::sim::Rng;
use crate::{Action, Game, State};

/// Positions the look-ahead may visit for one choice. A throw of two dice
/// with a bonus takes a few hundred; a field game's long move phase
/// would take far more, and is looked at one action deep. [`Greedy`]'s
/// words give the number: change both together.
const NODES: usize = 4000;

/// Looks through the rest of its side's decisions on this throw (every
/// order of using the waiting values, as deep as 4,000 positions allow,
/// one action deep at least) and picks the first action of the
/// line whose end position the general evaluation ([`Evaluator`]) scores
/// best for its side. Ties go to the first action in the legal order.
#[derive(Clone, Default)]
pub struct Greedy {
    eval: Option<(Game, Evaluator)>,
}

impl Greedy {
    /// A greedy bot.
    pub fn new() -> Greedy {
        Greedy::default()
    }
}

impl Bot for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &Game, state: &State, _rng: &mut Rng) -> Option<Action> {
        let eval = cached(&mut self.eval, game);
        best_line(game, eval, state).map(|(a, _)| a)
    }
}

/// The greedy choice in `state` and the share of the game its line ends
/// in for the side that chooses; `None` where nobody chooses.
pub(crate) fn best_line(game: &Game, eval: &Evaluator, state: &State) -> Option<(Action, f64)> {
    let side = chooser_side(game, state)?;
    let actions = game.legal_actions(state);
    let children: Vec<(Action, State)> = actions
        .iter()
        .map(|&a| (a, child(game, state, a)))
        .collect();
    let first = children.first()?.0;
    // One action deep first; then deeper while the look-ahead fits.
    let mut best = (first, f64::MIN);
    for (a, s) in &children {
        let v = share(game, eval, s, side);
        if v > best.1 {
            best = (*a, v);
        }
    }
    for depth in 2..=8 {
        let mut search = Search {
            game,
            eval,
            side,
            nodes: children.len(),
            memo: HashMap::new(),
            deeper: false,
        };
        let mut found = (first, f64::MIN);
        let mut complete = true;
        for (a, s) in &children {
            match search.value(s, depth - 1) {
                Some(v) if v > found.1 => found = (*a, v),
                Some(_) => {}
                None => {
                    complete = false;
                    break;
                }
            }
        }
        if !complete {
            break;
        }
        best = found;
        if !search.deeper {
            break;
        }
    }
    Some(best)
}

/// The share of the game of `side` in `state`.
fn share(game: &Game, eval: &Evaluator, state: &State, side: u8) -> f64 {
    eval.shares(game, state)
        .get(side as usize)
        .copied()
        .unwrap_or(0.0)
}

/// A depth-limited look-ahead through one side's decisions.
struct Search<'a> {
    game: &'a Game,
    eval: &'a Evaluator,
    side: u8,
    nodes: usize,
    memo: HashMap<State, f64>,
    /// Whether some line was cut short by the depth.
    deeper: bool,
}

impl Search<'_> {
    /// The best share the side reaches from `state` in `depth` more of its
    /// decisions; `None` once the look-ahead has visited [`NODES`].
    fn value(&mut self, state: &State, depth: u32) -> Option<f64> {
        if chooser_side(self.game, state) != Some(self.side) {
            return Some(share(self.game, self.eval, state, self.side));
        }
        if depth == 0 {
            self.deeper = true;
            return Some(share(self.game, self.eval, state, self.side));
        }
        if let Some(&v) = self.memo.get(state) {
            return Some(v);
        }
        let mut best = f64::MIN;
        for a in self.game.legal_actions(state) {
            self.nodes += 1;
            if self.nodes > NODES {
                return None;
            }
            let next = child(self.game, state, a);
            best = best.max(self.value(&next, depth - 1)?);
        }
        if best == f64::MIN {
            best = share(self.game, self.eval, state, self.side);
        }
        self.memo.insert(state.clone(), best);
        Some(best)
    }
}
