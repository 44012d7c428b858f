//! Which of the language's race settings the engine's own path answers.
//!
//! The reference path ([`super::reference`]) answers every setting. The
//! engine's own path (its listing, checks and apply, and every faster
//! pass chosen in [`super::Race::new`]) answers those it was taught; a
//! rule set that uses any other plays on the reference path alone,
//! listed and applied the plain way, slower but right.
//!
//! So a new setting is correct once the reference path has it. Below,
//! every field of the race's rules is named: a field added to them does
//! not compile here until it is sorted. A setting the engine's own path
//! does not answer yet returns `false` where a rule set uses it:
//!
//! ```text
//! let StackRules { blockade: _, .., new_setting } = &rules.stacks;
//! if *new_setting != NewSetting::default() {
//!     return false;
//! }
//! ```
//!
//! with a test that a file using it plays on the reference path
//! (`Game::is_fast_race` false). Taught to the engine's own path and
//! refused by (or taught to) every faster pass's gate, it is named with
//! `_` like the rest; the generated-variant test then compares the two
//! paths on it. Today every setting is answered but `home { order }`
//! where the goal is longer than home alone.

use crate::rules::{
    AtLimit, CaptureRules, Dice, EndRules, EntryRules, FirstPiece, HomeRules, Jump, NearHome,
    Outcome, OwnEntry, RuleSet, SeatRules, StackRules, ThrowOrder, Track, TurnRules, UseValues,
    entry::EntryThrows,
};

/// Whether the engine's own path answers every race setting `rules` uses.
pub(crate) fn engine_answers(rules: &RuleSet) -> bool {
    // The board, the seating and the other kinds of game are read the
    // same by both paths.
    let RuleSet {
        name: _,
        about: _,
        board: _,
        regions: _,
        dice,
        seats,
        tables: _,
        pieces_per_seat: _,
        turn,
        entry,
        home,
        capture,
        stacks,
        end,
        fight: _,
        field: _,
    } = rules;
    // The rest of the dice is worked out from the outcomes.
    let Dice {
        name: _,
        kind: _,
        outcomes,
        total: _,
        smallest: _,
        bottoms_sum: _,
        all_out: _,
        doubles_twice: _,
        ..
    } = dice;
    for outcome in outcomes {
        let Outcome {
            label: _,
            weight: _,
            values: _,
            again: _,
            doubles: _,
        } = outcome;
    }
    for seat in seats {
        let SeatRules { name: _, track } = seat;
        let Track {
            cells: _,
            visits: _,
            safe: _,
            detour: _,
            detour_again: _,
        } = track;
    }
    let TurnRules {
        begins_by_throw: _,
        first_throw_unlike: _,
        throws,
        must_move: _,
        use_values,
        bonus_after_dice: _,
        bonus_optional: _,
        skip_finished: _,
        again_limit: _,
        send_back_leader: _,
        send_back_last: _,
        tries: _,
        limit: _,
        at_limit,
    } = turn;
    match throws {
        ThrowOrder::OneAtATime | ThrowOrder::AllFirst => {}
    }
    match use_values {
        UseValues::Each | UseValues::Most | UseValues::One => {}
    }
    match at_limit {
        AtLimit::Draw | AtLimit::Progress | AtLimit::Score => {}
    }

    let EntryRules {
        on,
        first_on,
        first,
        moves_score: _,
        forced: _,
        start_first: _,
        sum: _,
        clear_start: _,
        already_out: _,
        begin_on: _,
    } = entry;
    for throws in [on, first_on] {
        match throws {
            EntryThrows::Any | EntryThrows::Again | EntryThrows::Values(_) => {}
        }
    }
    match first {
        FirstPiece::NoneOnBoard | FirstPiece::FirstOfGame => {}
    }
    let HomeRules {
        exact: _,
        near,
        bonus: _,
        goal,
        order,
        furthest_over: _,
        gather: _,
    } = home;
    // Answered by the reference path alone, so far; an order of going
    // home only where the goal is home alone (a move into a longer goal
    // is settled by shortcuts that do not ask the order).
    if !order.is_empty() && *goal > 1 {
        return false;
    }
    match near {
        NearHome::SmallestThrow | NearHome::Wait => {}
    }
    let CaptureRules {
        by_landing: _,
        safe: _,
        safe_region: _,
        extra_throws: _,
        partners: _,
        bonus: _,
        safe_shared: _,
        own_entry,
    } = capture;
    match own_entry {
        OwnEntry::No | OwnEntry::Entering | OwnEntry::Always => {}
    }
    let StackRules {
        blockade: _,
        group_passes: _,
        take_as_many: _,
        groups: _,
        doubles_pass: _,
        blocks_own: _,
        pairs_apart: _,
        blockade_turns: _,
        mixed_open: _,
        max: _,
        own_max: _,
        jump,
        jump_in: _,
        jump_region: _,
        break_on: _,
        merged: _,
        always_passes: _,
    } = stacks;
    match jump {
        Jump::Any | Jump::NotOwn | Jump::None => {}
    }
    let EndRules {
        stop_at_first: _,
        first_member: _,
        forfeit_piece: _,
        forfeit_seat: _,
        forfeit_game: _,
        forfeit_none_home: _,
        forfeit_behind: _,
        doubling: _,
    } = end;
    true
}

#[cfg(test)]
mod tests {
    use crate::Game;
    use crate::engine::{Action, Phase, State};
    use crate::sim::{play_random, random_step, rng};

    /// The game as it plays where its rules use a setting that only the
    /// reference path answers: no faster pass chosen, every decision
    /// listed and applied by the reference path; and the flags the
    /// engine's own path reads turned round (blockades, exact home, taking
    /// by landing, passing, a blockade's time), so that any answer of that path would show:
    /// the reference path reads the rules.
    fn on_reference_path(game: &Game) -> Game {
        let mut by_reference = game.clone();
        let race = &mut by_reference.race;
        race.by_reference = true;
        race.quick = false;
        race.quick_seen = false;
        race.seen_drawn = false;
        race.word_moves = false;
        race.pair_draws = false;
        race.view_holds_prey = false;
        let flags = &mut race.flags;
        flags.blockade = if flags.blockade == 0 { 2 } else { 0 };
        flags.home_exact = !flags.home_exact;
        flags.by_landing = !flags.by_landing;
        flags.pass_always = !flags.pass_always;
        race.hot.blockade_turns = if race.hot.blockade_turns == 0 { 3 } else { 0 };
        by_reference
    }

    /// The settings of Chaupar (merged pieces, blockades any piece passes,
    /// an order of going home) and of Backgammon (a piece at the start
    /// moves first, gather, exact = furthest, one die each to begin, a
    /// stake that may be doubled) are answered by the engine's own path.
    #[test]
    fn the_engine_path_answers_the_settings_of_the_new_races() {
        for name in [
            "chaupar",
            "house/chaupar-other-start",
            "backgammon",
            "house/backgammon-cube",
        ] {
            let game = Game::bundled(name, None).expect("bundled");
            assert!(game.is_fast_race(), "{name}");
        }
    }

    /// Moves to ask about at a decision, legal or not: each step the
    /// mover's pieces stand on (the start too) by each waiting value.
    fn moves_to_ask(state: &State) -> Vec<Action> {
        let mut steps: Vec<u8> = state.pieces[state.mover as usize].to_vec();
        steps.push(0);
        steps.sort_unstable();
        steps.dedup();
        let mut asked = vec![Action::Pass];
        for &from in &steps {
            for v in &state.pool {
                asked.push(Action::step(from, v.value));
            }
        }
        asked
    }

    /// A race played by the reference path alone (as one whose rules use
    /// a setting the engine's own path does not answer) is the same game
    /// as on the engine's own path, though the flags that path reads are
    /// wrong: at every state of a random game of each bundled race and
    /// house rule, played by the game's random loop, the same legal
    /// actions, the same state after each, the same answer whether the
    /// seat may pass and which blockade is overdue; a move asked about is
    /// refused exactly where it is not listed, for the same reason, and
    /// leaves the state as it was. `simulate`'s loop plays the same game
    /// as the random steps.
    #[test]
    fn a_race_played_by_the_reference_path_alone_is_the_same_game() {
        let (mut decisions, mut refused, mut overdue_seen) = (0, 0, 0);
        for (name, game) in super::super::legal::tests::races() {
            let wrong = on_reference_path(&game);
            assert!(!wrong.is_fast_race());
            // More games where a blockade's time may run out.
            let games = if game.rules().stacks.blockade_turns > 0 {
                6
            } else {
                1
            };
            for seed in 0..games {
                let mut state = wrong.new_initial_state();
                let (mut r, mut buf, mut stepped) = (rng(seed), Vec::new(), Vec::new());
                loop {
                    let legal = wrong.legal_actions(&state);
                    assert_eq!(legal, game.legal_actions(&state), "{name}: {state:?}");
                    if state.phase == Phase::Move {
                        decisions += 1;
                        assert_eq!(wrong.may_pass(&state), game.may_pass(&state), "{name}");
                        let overdue = wrong.overdue_blockade(&state);
                        assert_eq!(overdue, game.overdue_blockade(&state), "{name}");
                        overdue_seen += usize::from(overdue.is_some());
                        for &a in &legal {
                            let (mut a1, mut a2) = (state.clone(), state.clone());
                            game.apply(&mut a1, a).expect("listed");
                            wrong.apply(&mut a2, a).expect("listed");
                            assert_eq!(a1, a2, "{name}: {a:?} from {state:?}");
                        }
                        for a in moves_to_ask(&state) {
                            let why = wrong.refusal(&state, a);
                            assert_eq!(why.is_none(), legal.contains(&a), "{name}: {a:?}");
                            assert_eq!(why, game.refusal(&state, a), "{name}: {a:?}");
                            if why.is_none() {
                                continue;
                            }
                            refused += 1;
                            let mut left = state.clone();
                            assert!(wrong.apply(&mut left, a).is_err());
                            assert_eq!(left, state, "{name}: a refused {a:?} changes nothing");
                        }
                    }
                    let Some(played) = random_step(&wrong, &mut state, &mut r, &mut buf) else {
                        break;
                    };
                    assert!(legal.contains(&played), "{name}: {played:?} is not listed");
                    stepped.push(played);
                }
                assert!(wrong.is_terminal(&state), "{name}: the game ends");
                // `simulate`'s loop plays the game `random_step` plays.
                let whole = play_random(&wrong, &mut rng(seed), true);
                assert_eq!(whole.history, stepped, "{name}");
            }
        }
        assert!(decisions > 6_000, "only {decisions} decisions");
        assert!(refused > 18_000, "only {refused} refusals");
        assert!(overdue_seen >= 2, "only {overdue_seen} overdue blockades");
    }
}
