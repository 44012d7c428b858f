//! `pachisi play`: a person against bots, in the terminal.

use std::io::BufRead;

use pachisi::{Actor, render, sim};

use super::{out, outln};

pub fn run(
    variant: &str,
    players: Option<usize>,
    seat: Option<String>,
    seed: u64,
    bots: &str,
) -> Result<(), String> {
    let game = super::load(variant, players)?;
    let mut bots: Vec<Box<dyn pachisi::bots::Bot>> = super::tournament::bot_list(&game, bots)?
        .iter()
        .map(pachisi::bots::BotSpec::build)
        .collect();
    let seat_index = match seat {
        Some(name) => game
            .seat_index(&name)
            .ok_or_else(|| format!("error: seat {name} does not play in this game"))?,
        None => 0,
    };
    // The player who plays that seat; nobody sits at a dummy.
    let me = game.player_of_seat(seat_index).ok_or_else(|| {
        "error: nobody sits at the dummy; the players move it in turn".to_string()
    })?;
    let colour = render::colour_wanted();
    let mut rng = sim::rng(seed);
    let mut state = game.new_initial_state();
    let mut buf = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    outln!(
        "You play {}. Type the number of an action, or q to quit.",
        game.player_name(me)
    );
    loop {
        match game.actor(&state) {
            Actor::Terminal => {
                out!("{}", render::text_styled(&game, &state, colour));
                let outcome = game.outcome(&state).expect("the game is over");
                match outcome.winner {
                    Some(_) => {
                        let names: Vec<&str> = outcome
                            .winners
                            .iter()
                            .map(|&i| game.seat_name(i as usize))
                            .collect();
                        outln!("{} won after {} turns.", names.join(" and "), state.turns);
                    }
                    None => outln!("A draw after {} turns.", state.turns),
                }
                return Ok(());
            }
            Actor::Chance => {
                let throw = sim::throw(&game, &state, &mut rng);
                let pachisi::Action::Throw(i) = throw else {
                    game.apply_unchecked(&mut state, throw);
                    let winner = match game.actor(&state) {
                        Actor::Player(p) => game.player_name(p as usize),
                        _ => game.seat_name(game.mover(&state)).to_string(),
                    };
                    let what = if game.rules().field.is_some() {
                        "wins the die and chooses who moves first"
                    } else {
                        "wins the throw for who begins"
                    };
                    outln!("{winner} {what}");
                    continue;
                };
                let seat = game.seat_name(game.mover(&state)).to_string();
                let outcome = &game.chance_outcomes()[i as usize];
                let values: Vec<String> = outcome.values.iter().map(|v| v.to_string()).collect();
                outln!(
                    "{seat} throws {}: {}{}",
                    outcome.label,
                    values.join(" and "),
                    if outcome.again {
                        ", and throws again"
                    } else {
                        ""
                    }
                );
                game.apply_unchecked(&mut state, throw);
            }
            Actor::Seat(_) | Actor::Player(_) if game.player_to_act(&state) != Some(me) => {
                // Who chooses: a seat, or a player choosing the seat that begins.
                let seat = game.record_name(&state);
                let before = state.clone();
                let player = game.player_to_act(&state).unwrap_or(0);
                let count = bots.len();
                let bot = &mut bots[player % count];
                let chosen = if bot.plays_at_random() {
                    sim::random_step(&game, &mut state, &mut rng, &mut buf)
                } else {
                    let a = bot.choose(&game, &state, &mut rng);
                    if let Some(a) = a {
                        game.apply(&mut state, a).map_err(|e| e.to_string())?;
                    }
                    a
                };
                let Some(a) = chosen else {
                    return Err(format!("error: the bot of {seat} found nothing to play"));
                };
                outln!("{seat} plays {}", game.action_text_in(&before, a));
            }
            Actor::Seat(_) | Actor::Player(_) => {
                out!("{}", render::text_styled(&game, &state, colour));
                game.legal_actions_into(&state, &mut buf);
                if let [only] = buf[..] {
                    // Nothing to choose: say what is played, and play it
                    // when the player has read it.
                    out!(
                        "only one action is legal: {}\npress Enter to play it (q quits)> ",
                        render::describe_action(&game, &state, only)
                    );
                    let Some(Ok(line)) = lines.next() else {
                        return Ok(());
                    };
                    if line.trim() == "q" {
                        return Ok(());
                    }
                    game.apply(&mut state, only).map_err(|e| e.to_string())?;
                    continue;
                }
                for (i, a) in buf.iter().enumerate() {
                    outln!(
                        "  {}: {}",
                        i + 1,
                        render::describe_action(&game, &state, *a)
                    );
                }
                loop {
                    out!("your choice> ");
                    let Some(Ok(line)) = lines.next() else {
                        return Ok(());
                    };
                    let line = line.trim();
                    if line == "q" {
                        return Ok(());
                    }
                    match line.parse::<usize>() {
                        Ok(n) if n >= 1 && n <= buf.len() => {
                            game.apply(&mut state, buf[n - 1])
                                .map_err(|e| e.to_string())?;
                            break;
                        }
                        _ => match game
                            .parse_action_in(&state, line)
                            .map(|a| game.apply(&mut state, a))
                        {
                            Some(Ok(())) => break,
                            Some(Err(e)) => outln!("{e}"),
                            None => outln!("type a number from 1 to {}", buf.len()),
                        },
                    }
                }
            }
        }
    }
}
