//! A whole game played by bots, with counts of what happened in it, read
//! off the actions and the states between them.

use super::Bot;
use crate::sim::{self, Rng};
use crate::{Action, Actor, Game, Outcome, Phase, State};

/// How often some rules fired in a game, counted from the actions and the
/// states between them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Pieces taken: sent back to the start in a race (a seat's own
    /// piece sent back by a penalty is not counted), removed from play in
    /// a fight or a battle.
    pub captures: u64,
    /// Blockades formed: a move after which the mover has one cell more
    /// that holds as many of its pieces as make a blockade.
    pub blockades: u64,
    /// Throws forfeited: a throw after which the seat has no value to use
    /// and nothing to choose (no move was possible, or a penalty took the
    /// turn).
    pub forfeited: u64,
    /// Passes chosen: the waiting values given up by a seat's own choice.
    pub passes: u64,
}

impl Counts {
    /// Adds another game's counts.
    pub fn add(&mut self, other: &Counts) {
        self.captures += other.captures;
        self.blockades += other.blockades;
        self.forfeited += other.forfeited;
        self.passes += other.passes;
    }
}

/// What came of one game played by bots.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// How it came out.
    pub outcome: Outcome,
    /// Turns completed.
    pub turns: u32,
    /// Throws of the dice (the throw for who begins not counted).
    pub throws: u64,
    /// Actions taken, throws included.
    pub actions: u64,
    /// How often some rules fired; all zero unless asked for.
    pub counts: Counts,
    /// For each player, the decisions its bot took.
    pub decisions: Vec<u32>,
    /// For each player, the seconds its bot took over them.
    pub thinking: Vec<f64>,
}

/// Plays a game from the start: chance throws by its weights from `rng`,
/// and each player (by index among the players) chooses by its bot,
/// `bots[player]`. A bot that plays at random plays through the engine's
/// own random step. With `count`, the rules' firings are counted
/// ([`Counts`]). Fails where a bot gives no action or an illegal one.
pub fn play_game(
    game: &Game,
    bots: &mut [Box<dyn Bot>],
    rng: &mut Rng,
    count: bool,
) -> Result<GameResult, String> {
    play_from(game, game.new_initial_state(), bots, rng, count)
}

/// [`play_game`] from a given state.
pub fn play_from(
    game: &Game,
    mut state: State,
    bots: &mut [Box<dyn Bot>],
    rng: &mut Rng,
    count: bool,
) -> Result<GameResult, String> {
    if bots.is_empty() {
        return Err("no bot to play".into());
    }
    let mut buf = Vec::new();
    let (mut throws, mut actions) = (0u64, 0u64);
    let mut counts = Counts::default();
    let mut decisions = vec![0u32; game.players().max(1)];
    let mut thinking = vec![0.0f64; game.players().max(1)];
    loop {
        let actor = game.actor(&state);
        let before = count.then(|| state.clone());
        let action = match actor {
            Actor::Terminal => break,
            Actor::Chance => {
                let throw = sim::throw(game, &state, rng);
                game.apply_unchecked(&mut state, throw);
                throw
            }
            Actor::Seat(_) | Actor::Player(_) => {
                let player = game.player_to_act(&state).unwrap_or(0);
                let count = bots.len();
                let bot = &mut bots[player % count];
                let started = std::time::Instant::now();
                if let Some(d) = decisions.get_mut(player) {
                    *d += 1;
                }
                let action = if bot.plays_at_random() {
                    match sim::random_step(game, &mut state, rng, &mut buf) {
                        Some(a) => a,
                        None => break,
                    }
                } else {
                    let Some(a) = bot.choose(game, &state, rng) else {
                        return Err(format!(
                            "the bot {} gave no action for {}",
                            bot.name(),
                            game.record_name(&state)
                        ));
                    };
                    game.apply(&mut state, a).map_err(|e| {
                        format!("the bot {} chose an illegal action: {e}", bot.name())
                    })?;
                    a
                };
                if let Some(t) = thinking.get_mut(player) {
                    *t += started.elapsed().as_secs_f64();
                }
                action
            }
        };
        actions += 1;
        if matches!(action, Action::Throw(_)) {
            throws += 1;
        }
        if let Some(before) = before {
            tally(game, &before, action, &state, &mut counts);
        }
    }
    let outcome = game
        .outcome(&state)
        .ok_or_else(|| "the game stopped before it was over".to_string())?;
    Ok(GameResult {
        outcome,
        turns: state.turns,
        throws,
        actions,
        counts,
        decisions,
        thinking,
    })
}

/// Counts what `action` did between `before` and `after`.
fn tally(game: &Game, before: &State, action: Action, after: &State, counts: &mut Counts) {
    let mover = before.mover as usize;
    let race = game.rules().fight.is_none() && game.rules().field.is_none();
    for seat in 0..game.seats().len() {
        if race && seat == mover {
            continue;
        }
        let lost = in_play(game, before, seat).saturating_sub(in_play(game, after, seat));
        counts.captures += u64::from(lost);
    }
    match action {
        Action::Pass => counts.passes += 1,
        Action::Throw(_) if race => {
            let chooses = after.phase == Phase::Move && after.mover == before.mover;
            if !chooses && after.pool.is_empty() && after.phase != Phase::Over {
                counts.forfeited += 1;
            }
        }
        Action::Move { .. } | Action::Round { .. } if race => {
            let size = game.rules().stacks.blockade;
            if size >= 2 && mover < before.pieces.len() {
                let formed = blockades(game, after, mover, size);
                counts.blockades +=
                    u64::from(formed.saturating_sub(blockades(game, before, mover, size)));
            }
        }
        _ => {}
    }
}

/// The pieces of `seat` in play: off the start in a race, on the board or
/// waiting in a fight, on the field in a battle game.
fn in_play(game: &Game, state: &State, seat: usize) -> u32 {
    if let Some(f) = state.field.as_deref() {
        return f.armies.get(seat).map_or(0, |a| a.len() as u32);
    }
    if state.fight.is_some() {
        return game.fight_pieces_left(state, seat);
    }
    if seat < state.pieces.len() {
        state.seat_pieces(seat).iter().filter(|&&s| s > 0).count() as u32
    } else {
        0
    }
}

/// The cells on `seat`'s track (start and home left out) holding at
/// least `size` of its pieces.
fn blockades(game: &Game, state: &State, seat: usize, size: u8) -> u32 {
    let home = game.track(seat).home();
    let steps = state.seat_pieces(seat);
    let mut n = 0;
    let mut i = 0;
    // The steps are sorted: runs of one step.
    while i < steps.len() {
        let mut j = i;
        while j < steps.len() && steps[j] == steps[i] {
            j += 1;
        }
        if steps[i] > 0 && steps[i] < home && j - i >= size as usize {
            n += 1;
        }
        i = j;
    }
    n
}
