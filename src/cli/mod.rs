//! The command line: `check`, `simulate`, `moves`, `replay` and `play`.

mod play;
mod render;
mod show;
mod simulate;
mod verify;

use std::process::ExitCode;

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
        /// How many players (default: the record's `players` line, else the most).
        #[arg(long)]
        players: Option<usize>,
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
    /// Play in the terminal against random bots.
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
        } => simulate::run(&variant, games, seed, players, json),
        Command::Moves {
            variant,
            state,
            players,
        } => moves(&variant, &state, players),
        Command::Replay {
            variant,
            record,
            players,
        } => replay(&variant, &record, players),
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
        } => play::run(&variant, players, seat, seed),
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

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("error: cannot read {path}: {e}"))
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
        println!("house rules on {base}:");
        if compiled.changes.is_empty() {
            println!("  no changes");
        }
        for change in &compiled.changes {
            println!("  {change}");
        }
        println!();
    }
    print!("{}", compiled.rules.summary());
    Ok(())
}

fn moves(variant: &str, state_path: &str, players: Option<usize>) -> Result<(), String> {
    let (game, state) = show::game_and_state(variant, state_path, players)?;
    match game.actor(&state) {
        pachisi::Actor::Terminal => println!("the game is over"),
        pachisi::Actor::Chance => println!("{} throws:", game.seat_name(game.mover(&state))),
        pachisi::Actor::Seat(_) => println!("{} to move:", game.seat_name(game.mover(&state))),
        pachisi::Actor::Player(p) => {
            let (player, seat) = (
                game.player_name(p as usize),
                game.seat_name(game.mover(&state)),
            );
            if player == seat {
                println!("{seat} to move:");
            } else {
                println!("{player} to move {seat}:");
            }
        }
    }
    for action in game.legal_actions(&state) {
        println!("{}", game.action_text_in(&state, action));
    }
    Ok(())
}

fn replay(variant: &str, record_path: &str, players: Option<usize>) -> Result<(), String> {
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
    let game = load(variant, players.or(header.players))?;
    let (state, actions) =
        record::replay(&game, &text).map_err(|e| format!("error: {record_path}: {e}"))?;
    println!("{} actions replayed", actions.len());
    print!(
        "{}",
        pachisi::render::text_styled(&game, &state, pachisi::render::colour_wanted())
    );
    Ok(())
}
