//! Helpers the rule tests of every game share: cells and steps of a track,
//! and playing or refusing an action with the checks every refusal must pass.

#![allow(dead_code)]

use pachisi::{Action, Game, Refusal, State};

/// The first race step of `seat`'s track on the cell called `cell`.
pub fn step_at(game: &Game, seat: usize, cell: &str) -> u8 {
    let board = &game.rules().board;
    let track = game.track(seat);
    (1..track.home())
        .find(|&s| board.cell_name(track.cell(s)) == cell)
        .unwrap_or_else(|| panic!("{} never passes {cell}", game.seat_name(seat)))
}

/// The name of the cell of `seat`'s step `step`.
pub fn cell_of(game: &Game, seat: usize, step: u8) -> String {
    game.rules()
        .board
        .cell_name(game.track(seat).cell(step))
        .to_string()
}

/// Plays an action the rules must allow.
pub fn play(game: &Game, state: &mut State, action: Action) {
    if let Err(e) = game.apply(state, action) {
        panic!("{} refused: {e}", game.action_text(action));
    }
}

/// Plays an action the rules must refuse: the state stays as it was, the
/// refusal agrees with `Game::refusal`, and the action is not listed as
/// legal. Returns the refusal and its words.
pub fn refused(game: &Game, state: &mut State, action: Action) -> (Refusal, String) {
    let before = state.clone();
    let err = game
        .apply(state, action)
        .expect_err("the action should be refused");
    assert_eq!(*state, before, "a refused action changed the state");
    assert_eq!(game.refusal(state, action), Some(err.refusal));
    assert!(!game.legal_actions(state).contains(&action));
    (err.refusal, err.reason)
}
