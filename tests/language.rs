//! Rules of the variant language (docs/language.md) that no bundled game
//! shows, each on a small file of its own and a position a person can
//! read: a seat's pieces are written as the steps of its track (0 the
//! start, the last step home).

use pachisi::{Action, Actor, Game, Phase};

mod common;
use common::{Waiting, die, load_position, play};

/// `end { stop = last_side }` plays on until only one side is left; a
/// game of one side is not over before it begins, but goes on until that
/// side is home.
#[test]
fn one_side_with_stop_last_side_plays_until_it_is_home() {
    let game = Game::from_source(
        "solo.variant",
        r#"
        game "Solo" { pieces = 1 }
        board grid { width = 4 height = 1 }
        dice d { faces = 1..3 }
        seat red { track = a1..d1 }
        players 1 { seats = red }
        end { stop = last_side }
        "#,
        None,
    )
    .unwrap();
    let start = game.new_initial_state();
    assert_eq!(start.phase, Phase::Throw);
    assert_eq!(game.actor(&start), Actor::Chance);
    assert_eq!(game.validate(&start), Ok(()));
    // Red on step 1 moves 2 home (step 3), and the game is over.
    let waiting = Waiting {
        pool: vec![die(2, false)],
        ..Waiting::default()
    };
    let mut s = load_position(&game, &[&[1]], 0, &waiting, true);
    play(&game, &mut s, Action::step(1, 2));
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(game.outcome(&s).unwrap().winner, Some(0));
}
