//! Helpers the tests share: cells and steps of a track, playing or refusing
//! an action with the checks every refusal must pass, and a temporary
//! directory that is removed when the test ends.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use pachisi::{Action, Game, PoolValue, Refusal, State};

/// A test's own temp directory, removed on drop (even on panic) so runs leave nothing behind.
pub struct TempDir(PathBuf);

impl TempDir {
    /// Makes `<temp>/<prefix>-<pid>-<n>`; the counter `n` keeps parallel tests apart.
    pub fn new(prefix: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("{prefix}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("the temporary directory can be made");
        TempDir(dir)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

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

/// The legal actions of `state`, which the engine's own path and its
/// reference path must list alike.
pub fn legal(game: &Game, state: &State) -> Vec<Action> {
    let fast = game.legal_actions(state);
    assert_eq!(
        fast,
        game.legal_actions_reference(state),
        "the fast and the reference paths disagree"
    );
    fast
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

/// What waits in a position: the values to be used, the throws still to
/// come, the throws-again in a row this turn, and whether the last throw
/// was a double. The default: nothing waits, the seat is about to throw.
#[derive(Clone, Debug, Default)]
pub struct Waiting {
    pub pool: Vec<PoolValue>,
    pub extra: usize,
    pub streak: usize,
    pub doubles: bool,
}

/// A waiting die value.
pub fn die(value: u8, again: bool) -> PoolValue {
    PoolValue {
        value,
        again,
        bonus: false,
    }
}

/// What waits after throws of one die whose face `again_face` throws
/// again: the values, each such face a throw still to come and one more of
/// them in a row this turn.
pub fn one_die(pool: &[u8], again_face: u8) -> Waiting {
    let pool: Vec<PoolValue> = pool.iter().map(|&v| die(v, v == again_face)).collect();
    let extra = pool.iter().filter(|v| v.again).count();
    Waiting {
        pool,
        extra,
        streak: extra,
        doubles: false,
    }
}

/// Loads a readable position: for each playing seat in turn order the steps
/// of its pieces (any order), the seat to move, and what waits. Seats with
/// every piece in the goal (home, or `home { goal }`) are finished; a seat has brought a piece out when one
/// is off its start, or when `under_way`.
pub fn load_position(
    game: &Game,
    pieces: &[&[u8]],
    mover: usize,
    waiting: &Waiting,
    under_way: bool,
) -> State {
    let pieces: Vec<Vec<u8>> = pieces
        .iter()
        .map(|p| {
            let mut p = p.to_vec();
            p.sort_unstable();
            p
        })
        .collect();
    // Finished: every piece in the goal (home, or its last `goal` steps).
    let goal = game.rules().home.goal.max(1);
    let finished: Vec<usize> = (0..pieces.len())
        .filter(|&i| pieces[i].iter().all(|&s| s + goal > game.track(i).home()))
        .collect();
    let entered: Vec<bool> = pieces
        .iter()
        .map(|p| under_way || p.iter().any(|&s| s > 0))
        .collect();
    let json = serde_json::json!({
        "pieces": pieces,
        "mover": mover,
        "phase": if waiting.pool.is_empty() { "throw" } else { "move" },
        "pool": waiting.pool,
        "extra": waiting.extra,
        "streak": waiting.streak,
        "doubles": waiting.doubles,
        "entered": entered,
        "turns": 0,
        "finished": finished,
        "at_limit": false,
    });
    game.load_state(&json.to_string())
        .unwrap_or_else(|e| panic!("bad test position {json}: {e}"))
}

/// The throw of the dice whose values are just `value`.
pub fn throw_of(game: &Game, value: u8) -> Action {
    let i = game
        .chance_outcomes()
        .iter()
        .position(|o| o.values == [value])
        .unwrap_or_else(|| panic!("no throw gives {value}"));
    Action::Throw(i as u8)
}

/// Asserts that `variant` has no table of `players` and that the refusal
/// says so, with the numbers it is played by.
pub fn assert_no_table(variant: &str, players: usize, played_by: &str) {
    match Game::bundled(variant, Some(players)) {
        Err(pachisi::LoadError::Setup(refusal)) => {
            let pachisi::SetupError::NoSuchTable {
                game,
                players: asked,
                choices,
            } = &refusal
            else {
                panic!("{variant} for {players}: refused for another reason: {refusal}");
            };
            assert_eq!(*asked, players);
            assert_eq!(choices, played_by);
            // One player, two players: the words a reader expects.
            let count = if players == 1 {
                "1 player".to_string()
            } else {
                format!("{players} players")
            };
            assert_eq!(
                refusal.to_string(),
                format!("{game} is not played by {count}; it is played by {played_by}")
            );
        }
        Err(other) => panic!("{variant} for {players}: refused for another reason: {other}"),
        Ok(_) => panic!("{variant} is set up for {players} players"),
    }
}

/// A small random number generator, so that the random games of a test
/// are the same on every run.
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}
