//! The command line: `check`, `simulate`, `moves`, `apply`, `replay`, `play`,
//! `tournament`, `compare`, `verify`, `show` and `render`.

mod compare;
mod play;
mod render;
mod show;
mod simulate;
mod tournament;
mod verify;

use std::{
    fmt,
    io::{ErrorKind, Write},
    process::ExitCode,
};

use clap::{Parser, Subcommand};
use pachisi::{Game, LoadError, SourceFile, compile, record, variants};

#[derive(Parser)]
#[command(
    name = "pachisi",
    version,
    about = "Play, check and simulate games of the Pachisi family"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a variant file and print a summary of what it describes.
    Check {
        /// A variant file, or the name of a bundled variant.
        file: String,
    },
    /// Play complete games with random legal choices and report the results.
    Simulate {
        /// A variant file, or the name of a bundled variant.
        variant: String,
        /// How many games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// The seed; the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many players (default: the most the variant allows).
        #[arg(long)]
        players: Option<usize>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// Threads to play on (default: every core); the same seed plays
        /// the same games with any number.
        #[arg(long)]
        threads: Option<usize>,
    },
    /// List the legal actions in a saved state (JSON).
    Moves {
        /// A variant file, or the name of a bundled variant.
        variant: String,
        /// The saved state.
        #[arg(long)]
        state: String,
        /// How many players (default: the table whose game accepts the state).
        #[arg(long)]
        players: Option<usize>,
    },
    /// Check a game record and print the final position.
    Replay {
        /// A variant file, or the name of a bundled variant.
        variant: String,
        /// The record.
        record: String,
        /// A saved state (JSON) the record goes on from (default: the start of a game).
        #[arg(long)]
        state: Option<String>,
        /// How many players (default: the record's `players` line, else the most).
        #[arg(long)]
        players: Option<usize>,
    },
    /// Apply actions to a saved state, or to the start of a game, and print
    /// the new state (JSON).
    Apply {
        /// A variant file, or the name of a bundled variant.
        variant: String,
        /// The saved state (default: the start of a game).
        #[arg(long)]
        state: Option<String>,
        /// How many players (default: the table whose game accepts the state;
        /// from the start, the most).
        #[arg(long)]
        players: Option<usize>,
        /// The actions, one after another, throws included (`"throw 3up" 10+3`);
        /// none prints the state itself.
        actions: Vec<String>,
    },
    /// Draw the board as SVG, with a seat's track or a saved state's pieces.
    Render {
        /// A variant file, or the name of a bundled variant.
        variant: String,
        /// A saved state (JSON) whose pieces to draw.
        #[arg(long)]
        state: Option<String>,
        /// The seat whose track to draw, numbered step by step.
        #[arg(long)]
        seat: Option<String>,
        /// How many players (default: the table whose game accepts the state, else the most).
        #[arg(long)]
        players: Option<usize>,
        /// The file to write (default: standard output).
        #[arg(short, long)]
        output: Option<String>,
    },
    /// Print the text picture of a saved state (JSON).
    Show {
        /// A variant file, or the name of a bundled variant.
        variant: String,
        /// The saved state.
        #[arg(long)]
        state: String,
        /// How many players (default: the table whose game accepts the state).
        #[arg(long)]
        players: Option<usize>,
    },
    /// Play in the terminal against bots (random by default).
    Play {
        /// A variant file, or the name of a bundled variant.
        variant: String,
        /// How many players.
        #[arg(long)]
        players: Option<usize>,
        /// The seat you play (default: the first).
        #[arg(long)]
        seat: Option<String>,
        /// The seed for throws and bots.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The bots of the other players: one name for all (`greedy`), or
        /// one for each player in turn order, yours included, comma
        /// separated (`mcts,random,greedy,random`); see docs/bots.md.
        #[arg(long, default_value = "random")]
        bots: String,
    },
    /// Bots against each other, seats rotated: win rates with their 95%
    /// intervals, and ratings where more than two kinds of bot play.
    Tournament {
        /// A variant file, or the name of a bundled variant.
        variant: String,
        /// The bots, one for each player, comma separated
        /// (`mcts,random,random,random`); settings after a colon
        /// (`mcts:iterations=500`); see docs/bots.md.
        #[arg(long)]
        bots: String,
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// The seed; the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many players (default: as many as bots named).
        #[arg(long)]
        players: Option<usize>,
        /// Threads to play on (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// What a house rule changes: its games beside the base game's, played
    /// by the same bots from the same seeds: win rates, lengths, and how
    /// often some rules fire.
    Compare {
        /// The base variant: a file, or the name of a bundled variant.
        base: String,
        /// The house rules: a file, or the name of a bundled variant.
        house: String,
        /// How many games of each.
        #[arg(long, default_value_t = 10000)]
        games: u64,
        /// The seed; the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many players (default: the most the base allows).
        #[arg(long)]
        players: Option<usize>,
        /// The bots, one for all or one for each player (default: random).
        #[arg(long, default_value = "random")]
        bots: String,
        /// Threads to play on (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Also draw the lengths and the win rates as SVG into this file.
        #[arg(long)]
        svg: Option<String>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check a variant for inconsistent rules and the engine by random play.
    Verify {
        /// A variant file, or the name of a bundled variant.
        file: String,
        /// Random games at each table (0: the static lints only).
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// The seed of the first game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Check only this number of players (default: every table).
        #[arg(long)]
        players: Option<usize>,
    },
}

/// Runs the command line.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check { file } => check(&file),
        Command::Simulate {
            variant,
            games,
            seed,
            players,
            json,
            threads,
        } => simulate::run(&variant, games, seed, players, json, threads),
        Command::Moves {
            variant,
            state,
            players,
        } => moves(&variant, &state, players),
        Command::Replay {
            variant,
            record,
            state,
            players,
        } => replay(&variant, &record, state.as_deref(), players),
        Command::Apply {
            variant,
            state,
            players,
            actions,
        } => apply(&variant, state.as_deref(), players, &actions),
        Command::Render {
            variant,
            state,
            seat,
            players,
            output,
        } => render::run(
            &variant,
            state.as_deref(),
            seat.as_deref(),
            players,
            output.as_deref(),
        ),
        Command::Show {
            variant,
            state,
            players,
        } => show::run(&variant, &state, players),
        Command::Play {
            variant,
            players,
            seat,
            seed,
            bots,
        } => play::run(&variant, players, seat, seed, &bots),
        Command::Tournament {
            variant,
            bots,
            games,
            seed,
            players,
            threads,
            json,
        } => tournament::run(tournament::Asked {
            variant: &variant,
            bots: &bots,
            games,
            seed,
            players,
            threads,
            json,
        }),
        Command::Compare {
            base,
            house,
            games,
            seed,
            players,
            bots,
            threads,
            svg,
            json,
        } => compare::run(compare::Asked {
            base: &base,
            house: &house,
            bots: &bots,
            games,
            seed,
            players,
            threads,
            svg: svg.as_deref(),
            json,
        }),
        Command::Verify {
            file,
            games,
            seed,
            players,
        } => verify::run(&file, games, seed, players),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{}", message.trim_end());
            ExitCode::FAILURE
        }
    }
}

/// Writes to standard output. A reader that has gone, as `head` goes after
/// its lines, ends the command quietly, as a command-line tool does.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::write_out(format_args!($($arg)*))
    };
}

/// [`out!`] with a line end.
macro_rules! outln {
    () => {
        $crate::cli::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use {out, outln};

/// Writes `text` to standard output and flushes it: a closed pipe ends the
/// process with success and no word, any other failure with an error.
pub(crate) fn write_out(text: fmt::Arguments) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("error: cannot read {path}: {e}"))
}

/// The threads asked for, or every core.
fn threads(asked: Option<usize>) -> Result<usize, String> {
    match asked {
        Some(0) => Err("error: --threads takes a number above 0".into()),
        Some(n) => Ok(n),
        None => Ok(pachisi::batch::default_threads()),
    }
}

fn load(variant: &str, players: Option<usize>) -> Result<Game, String> {
    Game::load(variant, players).map_err(|e| match e {
        LoadError::Compile(d) => d.to_string(),
        other => format!("error: {other}"),
    })
}

fn check(file: &str) -> Result<(), String> {
    let source = match variants::source(file) {
        Some(text) => SourceFile::new(format!("variants/{file}.variant"), text),
        None => SourceFile::new(file, read(file)?),
    };
    let compiled = compile::compile_with_changes(&source, &compile::resolve_bundled_or_file)
        .map_err(|d| d.to_string())?;
    if let Some(base) = &compiled.base {
        outln!("house rules on {base}:");
        if compiled.changes.is_empty() {
            outln!("  no changes");
        }
        for change in &compiled.changes {
            outln!("  {change}");
        }
        outln!();
    }
    out!("{}", compiled.rules.summary());
    Ok(())
}

fn moves(variant: &str, state_path: &str, players: Option<usize>) -> Result<(), String> {
    let (game, state) = show::game_and_state(variant, state_path, players)?;
    match game.actor(&state) {
        pachisi::Actor::Terminal => outln!("the game is over"),
        pachisi::Actor::Chance => outln!("{} throws:", game.seat_name(game.mover(&state))),
        pachisi::Actor::Seat(_) => outln!("{} to move:", game.seat_name(game.mover(&state))),
        pachisi::Actor::Player(p) => {
            let (player, seat) = (
                game.player_name(p as usize),
                game.seat_name(game.mover(&state)),
            );
            if player == seat {
                outln!("{seat} to move:");
            } else {
                outln!("{player} to move {seat}:");
            }
        }
    }
    for action in game.legal_actions(&state) {
        outln!("{}", game.action_text_in(&state, action));
    }
    Ok(())
}

/// Plays `actions` on a saved state (by default the start of a game), one
/// after another, and prints the state they lead to; the first one refused
/// is named with its reason, and nothing is printed.
fn apply(
    variant: &str,
    state_path: Option<&str>,
    players: Option<usize>,
    actions: &[String],
) -> Result<(), String> {
    let (game, mut state) = game_and_start(variant, state_path, players)?;
    for (i, text) in actions.iter().enumerate() {
        record::play_line(&game, &mut state, i + 1, text).map_err(|e| {
            let why = match e {
                record::RecordError::Unreadable { text, allowed, .. } => {
                    format!("`{text}` is not an action; {allowed}")
                }
                record::RecordError::WrongSeat {
                    expected, found, ..
                } => format!("it is {expected}'s turn, not {found}'s"),
                record::RecordError::Illegal { error, .. } => error.to_string(),
                other => other.to_string(),
            };
            format!("error: action {} of {}: {why}", i + 1, actions.len())
        })?;
    }
    let json = serde_json::to_string(&state)
        .map_err(|e| format!("error: the state cannot be written: {e}"))?;
    outln!("{json}");
    Ok(())
}

/// The game and the state a command starts from: a saved state, read
/// against the table that accepts it, or else the start of a game.
fn game_and_start(
    variant: &str,
    state_path: Option<&str>,
    players: Option<usize>,
) -> Result<(Game, pachisi::State), String> {
    match state_path {
        Some(path) => show::game_and_state(variant, path, players),
        None => {
            let game = load(variant, players)?;
            let start = game.new_initial_state();
            Ok((game, start))
        }
    }
}

fn replay(
    variant: &str,
    record_path: &str,
    state_path: Option<&str>,
    players: Option<usize>,
) -> Result<(), String> {
    let text = read(record_path)?;
    let header = record::header(&text).map_err(|e| format!("error: {record_path}: {e}"))?;
    if let Some(named) = &header.variant {
        let given = std::path::Path::new(variant)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or(variant);
        if !named.eq_ignore_ascii_case(given) {
            eprintln!(
                "warning: {record_path}: the record names the variant `{named}`, replayed here as `{given}`"
            );
        }
    }
    let players = players.or(header.players);
    let (game, start) = game_and_start(variant, state_path, players)?;
    let (state, actions) = record::replay_from(&game, start, &text)
        .map_err(|e| format!("error: {record_path}: {e}"))?;
    outln!("{} actions replayed", actions.len());
    out!(
        "{}",
        pachisi::render::text_styled(&game, &state, pachisi::render::colour_wanted())
    );
    Ok(())
}
