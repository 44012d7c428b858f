//! `pachisi tournament`: bots against each other, seats rotated, each
//! bot's win rate with its interval, and ratings where more than two kinds
//! of bot play.

use pachisi::bots::{self, Bot, BotSpec, GameResult};
use pachisi::stats::{self, Rate};
use pachisi::{Game, batch};
use serde::Serialize;

use super::outln;

/// What the command was asked.
pub struct Asked<'a> {
    pub variant: &'a str,
    pub bots: &'a str,
    pub games: u64,
    pub seed: u64,
    pub players: Option<usize>,
    pub threads: Option<usize>,
    pub json: bool,
}

#[derive(Serialize)]
struct Report {
    variant: String,
    players: usize,
    games: u64,
    seed: u64,
    bots: Vec<String>,
    results: Vec<BotResult>,
    draws: u64,
    mean_turns: f64,
    seconds: f64,
}

/// One kind of bot's results: its games are the games of each of its
/// places in the list, so that three random bots are three trials a game.
#[derive(Serialize)]
struct BotResult {
    bot: String,
    places: usize,
    #[serde(flatten)]
    wins: Rate,
    #[serde(skip_serializing_if = "Option::is_none")]
    elo: Option<f64>,
    /// The mean time a decision took, in milliseconds (on a loaded
    /// machine, more).
    ms_per_decision: f64,
}

/// The bots of the list, one for each player, read and checked against
/// the game; a single name plays every seat.
pub(super) fn bot_list(game: &Game, text: &str) -> Result<Vec<BotSpec>, String> {
    let mut specs = bots::parse_list(text).map_err(|e| format!("error: --bots: {e}"))?;
    let players = game.players();
    if specs.len() == 1 {
        specs = vec![specs[0].clone(); players];
    }
    if specs.len() != players {
        return Err(format!(
            "error: --bots names {} bots, and {} is played here by {players} players: name one for each (or one for all)",
            specs.len(),
            game.rules().name
        ));
    }
    Ok(specs)
}

/// The players (by index) each place of the list plays in game `index`:
/// the list turned by one place a game, so that each bot sits at each
/// seat as often.
pub(super) fn rotation(index: u64, players: usize) -> usize {
    (index % players.max(1) as u64) as usize
}

/// Plays game `index` with the bots of the list (built once a thread),
/// turned by [`rotation`]: `bots[place]` plays player `(place + players -
/// turn) % players`.
pub(super) fn play_rotated(
    game: &Game,
    bots: &mut [Box<dyn Bot>],
    seed: u64,
    index: u64,
    count: bool,
) -> Result<GameResult, String> {
    let turn = rotation(index, bots.len());
    bots.rotate_left(turn);
    let result = bots::play_game(game, bots, &mut batch::game_rng(seed, index), count);
    bots.rotate_right(turn);
    result
}

/// The side of the seats of `player`.
pub(super) fn side_of_player(game: &Game, player: usize) -> Option<u8> {
    (0..game.seats().len())
        .find(|&s| game.player_of_seat(s) == Some(player))
        .map(|s| game.sides()[s])
}

/// The rank of `player` in an outcome: its first seat's.
fn rank_of_player(game: &Game, result: &GameResult, player: usize) -> u8 {
    (0..game.seats().len())
        .find(|&s| game.player_of_seat(s) == Some(player))
        .and_then(|s| result.outcome.ranks.get(s).copied())
        .unwrap_or(u8::MAX)
}

pub fn run(asked: Asked) -> Result<(), String> {
    let players = asked.players.or_else(|| {
        // As many players as bots named, where the list has several.
        let n = asked.bots.split(',').count();
        (n > 1).then_some(n)
    });
    let game = super::load(asked.variant, players)?;
    let specs = bot_list(&game, asked.bots)?;
    let threads = super::threads(asked.threads)?;
    let n = specs.len();
    let progress = super::simulate::progress_bar(asked.games, asked.json, 50);
    let started = std::time::Instant::now();
    let results = batch::run(
        asked.games,
        threads,
        || specs.iter().map(BotSpec::build).collect::<Vec<_>>(),
        |bots, i| play_rotated(&game, bots, asked.seed, i, false),
        |done| {
            if let Some(bar) = &progress {
                bar.set_position(done);
            }
        },
    );
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let results: Vec<GameResult> = results.into_iter().collect::<Result<_, _>>()?;
    // Kinds of bot in the order of the list.
    let mut kinds: Vec<String> = Vec::new();
    for s in &specs {
        if !kinds.contains(&s.to_string()) {
            kinds.push(s.to_string());
        }
    }
    let kind_of: Vec<usize> = specs
        .iter()
        .map(|s| kinds.iter().position(|k| *k == s.to_string()).unwrap_or(0))
        .collect();
    let mut wins = vec![0u64; kinds.len()];
    let mut decisions = vec![0u64; kinds.len()];
    let mut thinking = vec![0.0f64; kinds.len()];
    let mut pairs = Vec::new();
    let mut draws = 0;
    let mut turns = Vec::with_capacity(results.len());
    for (i, r) in results.iter().enumerate() {
        turns.push(u64::from(r.turns));
        draws += u64::from(r.outcome.winner.is_none());
        let turn = rotation(i as u64, n);
        // Place p of the list played player (p + n - turn) % n.
        let player = |place: usize| (place + n - turn) % n;
        for place in 0..n {
            let p = player(place);
            decisions[kind_of[place]] += u64::from(r.decisions.get(p).copied().unwrap_or(0));
            thinking[kind_of[place]] += r.thinking.get(p).copied().unwrap_or(0.0);
            if r.outcome.winner.is_some()
                && side_of_player(&game, player(place)) == r.outcome.winner
            {
                wins[kind_of[place]] += 1;
            }
        }
        for a in 0..n {
            for b in a + 1..n {
                let (ka, kb) = (kind_of[a], kind_of[b]);
                if ka == kb || side_of_player(&game, player(a)) == side_of_player(&game, player(b))
                {
                    continue;
                }
                let (ra, rb) = (
                    rank_of_player(&game, r, player(a)),
                    rank_of_player(&game, r, player(b)),
                );
                let score = match ra.cmp(&rb) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
                pairs.push((ka, kb, score));
            }
        }
    }
    let anchor = kinds.iter().position(|k| k == "random");
    let ratings = (kinds.len() > 2).then(|| stats::elo(kinds.len(), &pairs, anchor));
    let report = Report {
        variant: game.rules().name.clone(),
        players: game.players(),
        games: asked.games,
        seed: asked.seed,
        bots: specs.iter().map(ToString::to_string).collect(),
        results: kinds
            .iter()
            .enumerate()
            .map(|(k, name)| {
                let places = kind_of.iter().filter(|&&x| x == k).count();
                BotResult {
                    bot: name.clone(),
                    places,
                    wins: Rate::new(wins[k], asked.games * places as u64),
                    elo: ratings.as_ref().map(|r| r[k]),
                    ms_per_decision: 1000.0 * thinking[k] / decisions[k].max(1) as f64,
                }
            })
            .collect(),
        draws,
        mean_turns: stats::mean(&turns),
        seconds,
    };
    if asked.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    outln!(
        "{} with {} players: {} games, seed {}, seats rotated each game",
        report.variant,
        report.players,
        report.games,
        report.seed
    );
    for r in &report.results {
        let elo = r.elo.map_or(String::new(), |e| format!("  Elo {e:+.0}"));
        outln!(
            "  {:<40} x{}  wins {}{elo}  {:.2} ms a decision",
            r.bot,
            r.places,
            r.wins.percent(),
            r.ms_per_decision
        );
    }
    outln!(
        "  draws {draws}; mean length {:.1} turns",
        report.mean_turns
    );
    if specs.iter().any(BotSpec::is_timed) {
        outln!("  (a bot with a budget in milliseconds plays differently from run to run)");
    }
    outln!("  {:.2} s, {threads} threads", report.seconds);
    Ok(())
}
