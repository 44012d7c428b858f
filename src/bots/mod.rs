//! Bots for any variant, with no code of any one game: each chooses an
//! action for a state, given a seeded generator. [`Random`] picks
//! uniformly among the legal actions; [`Greedy`] looks through the rest
//! of its side's decisions for the best position by a general evaluation
//! ([`Evaluator`]); [`Expectimax`] searches a few throws ahead over the
//! dice's exact chances; [`Mcts`] is a Monte-Carlo tree search with chance
//! nodes. [`BotSpec`] names a bot and its settings in text
//! (`mcts:iterations=2000`), as the command line takes them.
//!
//! ```
//! use pachisi::{Actor, Game, bots::{Bot, BotSpec}, sim};
//!
//! let game = Game::bundled("ludo", Some(2)).unwrap();
//! let mut greedy = "greedy".parse::<BotSpec>().unwrap().build();
//! let mut rng = sim::rng(1);
//! let mut state = game.new_initial_state();
//! while game.actor(&state) != Actor::Terminal {
//!     let action = match game.actor(&state) {
//!         Actor::Chance => sim::throw(&game, &state, &mut rng),
//!         _ => greedy.choose(&game, &state, &mut rng).unwrap(),
//!     };
//!     game.apply(&mut state, action).unwrap();
//! }
//! ```

mod eval;
mod expectimax;
mod greedy;
mod mcts;
mod play;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

pub use eval::{Evaluator, chooser_side};
pub use expectimax::Expectimax;
pub use greedy::Greedy;
pub use mcts::{Budget, Mcts, Playout};
pub use play::{Counts, GameResult, play_from, play_game};

use crate::sim::Rng;
use crate::{Action, Game, State};

/// A player that chooses actions.
pub trait Bot: Send {
    /// The bot's name with its settings, as [`BotSpec`] reads it.
    fn name(&self) -> String;

    /// A legal action for whoever chooses in `state`; `None` where chance
    /// acts, the game is over, or nothing is legal.
    fn choose(&mut self, game: &Game, state: &State, rng: &mut Rng) -> Option<Action>;

    /// Whether the bot picks uniformly among the legal actions, so that a
    /// game may draw its choices through the engine's own random step
    /// ([`crate::sim::random_step`]), the same choice by another draw.
    fn plays_at_random(&self) -> bool {
        false
    }
}

/// Picks uniformly among the legal actions.
#[derive(Clone, Debug, Default)]
pub struct Random {
    actions: Vec<Action>,
}

impl Bot for Random {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Game, state: &State, rng: &mut Rng) -> Option<Action> {
        use rand::RngExt;
        chooser_side(game, state)?;
        game.legal_actions_into(state, &mut self.actions);
        if self.actions.is_empty() {
            return None;
        }
        Some(self.actions[rng.random_range(0..self.actions.len())])
    }

    fn plays_at_random(&self) -> bool {
        true
    }
}

/// The evaluation of `game` kept in `slot`, made anew for another game.
fn cached<'a>(slot: &'a mut Option<(Game, Evaluator)>, game: &Game) -> &'a Evaluator {
    let same = matches!(slot, Some((g, _))
        if Arc::ptr_eq(g.rules_arc(), game.rules_arc()) && g.seats() == game.seats());
    if !same {
        *slot = None;
    }
    &slot
        .get_or_insert_with(|| (game.clone(), Evaluator::new(game)))
        .1
}

/// The state after `action`, an action legal in `state`.
fn child(game: &Game, state: &State, action: Action) -> State {
    let mut next = state.clone();
    game.apply_unchecked(&mut next, action);
    next
}

/// A bot named in text, with its settings: `random`, `greedy`,
/// `expectimax` (`depth=N`), `mcts` (`iterations=N` or `ms=N`, by default
/// 1000 iterations in a race and 60 in a wargame,
/// `playout=random|greedy`, `turns=N`, `c=X`); settings follow the name
/// after a colon, separated by `/`: `mcts:ms=50/playout=greedy`.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// [`Random`].
    Random,
    /// [`Greedy`].
    Greedy,
    /// [`Expectimax`] searching this many throws ahead.
    Expectimax {
        /// Throws searched.
        depth: u32,
    },
    /// [`Mcts`].
    Mcts {
        /// How long it searches.
        budget: Budget,
        /// How the playouts choose.
        playout: Playout,
        /// Turns a playout plays before the evaluation.
        turns: u32,
        /// The weight of exploration.
        c: f64,
    },
}

impl BotSpec {
    /// The bot.
    pub fn build(&self) -> Box<dyn Bot> {
        match *self {
            BotSpec::Random => Box::new(Random::default()),
            BotSpec::Greedy => Box::new(Greedy::new()),
            BotSpec::Expectimax { depth } => Box::new(Expectimax::new(depth)),
            BotSpec::Mcts {
                budget,
                playout,
                turns,
                c,
            } => Box::new(Mcts::new(budget, playout, turns, c)),
        }
    }

    /// The kind of bot, without its settings: `random`, `greedy`,
    /// `expectimax`, `mcts`.
    pub fn kind(&self) -> &'static str {
        match self {
            BotSpec::Random => "random",
            BotSpec::Greedy => "greedy",
            BotSpec::Expectimax { .. } => "expectimax",
            BotSpec::Mcts { .. } => "mcts",
        }
    }

    /// Whether the time a bot takes decides what it plays: a budget in
    /// milliseconds, which the same seed does not repeat.
    pub fn is_timed(&self) -> bool {
        matches!(
            self,
            BotSpec::Mcts {
                budget: Budget::Millis(_),
                ..
            }
        )
    }

    /// The default Monte-Carlo search: 1000 iterations in a race, 60 in a
    /// wargame, random playouts of 4 turns.
    pub fn mcts() -> BotSpec {
        BotSpec::Mcts {
            budget: Budget::Default,
            playout: Playout::Random,
            turns: mcts::DEFAULT_TURNS,
            c: mcts::DEFAULT_C,
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random | BotSpec::Greedy => f.write_str(self.kind()),
            BotSpec::Expectimax { depth } => write!(f, "expectimax:depth={depth}"),
            BotSpec::Mcts {
                budget,
                playout,
                turns,
                c,
            } => {
                let budget = match budget {
                    Budget::Default => String::new(),
                    Budget::Iterations(n) => format!("iterations={n}/"),
                    Budget::Millis(n) => format!("ms={n}/"),
                };
                let playout = match playout {
                    Playout::Random => "random",
                    Playout::Greedy => "greedy",
                };
                write!(f, "mcts:{budget}playout={playout}/turns={turns}/c={c}")
            }
        }
    }
}

/// A bot's name or settings that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BotSpecError(String);

impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(text: &str) -> Result<BotSpec, BotSpecError> {
        let text = text.trim();
        let (kind, settings) = match text.split_once(':') {
            Some((k, s)) => (k.trim(), s),
            None => (text, ""),
        };
        let mut spec = match kind {
            "random" => BotSpec::Random,
            "greedy" => BotSpec::Greedy,
            "expectimax" => BotSpec::Expectimax { depth: 1 },
            "mcts" => BotSpec::mcts(),
            other => {
                return Err(BotSpecError(format!(
                    "there is no bot `{other}`; the bots are random, greedy, expectimax and mcts"
                )));
            }
        };
        for setting in settings.split('/').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((key, value)) = setting.split_once('=') else {
                return Err(BotSpecError(format!(
                    "`{setting}` is not a setting of the form name=value"
                )));
            };
            let (key, value) = (key.trim(), value.trim());
            let number = || {
                value.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    BotSpecError(format!("{key} takes a whole number above 0, not `{value}`"))
                })
            };
            match (&mut spec, key) {
                (BotSpec::Expectimax { depth }, "depth") => {
                    *depth = value
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n <= 4)
                        .ok_or_else(|| BotSpecError(format!("depth takes 0 to 4, not `{value}`")))?
                }
                (BotSpec::Mcts { budget, .. }, "iterations") => {
                    *budget = Budget::Iterations(number()?)
                }
                (BotSpec::Mcts { budget, .. }, "ms") => *budget = Budget::Millis(number()?),
                (BotSpec::Mcts { turns, .. }, "turns") => *turns = number()?,
                (BotSpec::Mcts { playout, .. }, "playout") => {
                    *playout = match value {
                        "random" => Playout::Random,
                        "greedy" => Playout::Greedy,
                        _ => {
                            return Err(BotSpecError(format!(
                                "playout is random or greedy, not `{value}`"
                            )));
                        }
                    }
                }
                (BotSpec::Mcts { c, .. }, "c") => {
                    *c = value
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| {
                            BotSpecError(format!("c takes a number from 0, not `{value}`"))
                        })?
                }
                _ => {
                    return Err(BotSpecError(format!(
                        "the bot {kind} has no setting `{key}`"
                    )));
                }
            }
        }
        Ok(spec)
    }
}

/// Reads a list of bots separated by commas: `mcts,random,random,random`.
pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, BotSpecError> {
    text.split(',').map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each bot's name reads back as the same bot.
    #[test]
    fn a_bots_name_reads_back_as_the_same_bot() {
        for text in [
            "random",
            "greedy",
            "expectimax:depth=2",
            "mcts:iterations=300/playout=greedy/turns=4/c=0.5",
            "mcts:ms=20",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            let again: BotSpec = spec.to_string().parse().unwrap();
            assert_eq!(spec, again, "{text}");
            assert_eq!(spec.build().name(), spec.to_string());
        }
    }

    /// A bot that does not exist, or a setting it lacks, is refused in words.
    #[test]
    fn an_unknown_bot_or_setting_is_refused_in_words() {
        let err = "clever".parse::<BotSpec>().unwrap_err().to_string();
        assert!(err.contains("there is no bot `clever`"), "{err}");
        let err = "greedy:depth=2".parse::<BotSpec>().unwrap_err().to_string();
        assert!(err.contains("no setting `depth`"), "{err}");
        let err = "mcts:iterations=0"
            .parse::<BotSpec>()
            .unwrap_err()
            .to_string();
        assert!(err.contains("above 0"), "{err}");
        let err = "mcts:fast".parse::<BotSpec>().unwrap_err().to_string();
        assert!(err.contains("name=value"), "{err}");
    }
}
