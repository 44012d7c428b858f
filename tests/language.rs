//! Rules of the variant language (docs/language.md) that no bundled game
//! shows, each on a small file of its own and a position a person can
//! read: a seat's pieces are written as the steps of its track (0 the
//! start, the last step home).

use pachisi::{Action, Actor, Game, Phase};

mod common;
use common::{Waiting, die, load_position, play};

/// The game of a small variant file written in a test.
fn game_of(source: &str) -> Game {
    Game::from_source("test.variant", source, None).unwrap()
}

/// `end { stop = last_side }` plays on until only one side is left; a
/// game of one side is not over before it begins, but goes on until that
/// side is home.
#[test]
fn one_side_with_stop_last_side_plays_until_it_is_home() {
    let game = game_of(
        r#"
        game "Solo" { pieces = 1 }
        board grid { width = 4 height = 1 }
        dice d { faces = 1..3 }
        seat red { track = a1..d1 }
        players 1 { seats = red }
        end { stop = last_side }
        "#,
    );
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

/// `stacks { pairs = apart }` where a blockade stops only other sides (so
/// a seat's own pieces are not in the way of its moves): a piece that left
/// a blockade for a cell is not followed there by its partner with the
/// next value of the throw, however it is listed.
#[test]
fn the_second_piece_of_a_broken_blockade_does_not_follow_the_first() {
    let game = game_of(
        r#"
        game "Apart" { pieces = 2 }
        board grid { width = 12 height = 1 }
        dice two { faces = 1..6 count = 2 again = doubles }
        seat red { track = a1..l1 }
        seat blue { track = l1..a1 }
        players 2 { seats = red, blue }
        stacks { blockade = 2 pairs = apart }
        "#,
    );
    // Red threw 2 and 2 with both pieces on step 5 and moved one to 7: the
    // other may not go to 7 by the second 2; the one on 7 may go on.
    let json = r#"{"pieces":[[5,7],[0,0]],"mover":0,"phase":"move",
        "pool":[{"value":2,"again":true,"bonus":false}],"extra":0,"streak":1,
        "doubles":true,"split":[[7,5]],"entered":[true,true],"turns":3,"finished":[],"at_limit":false}"#;
    let s = game.load_state(json).unwrap();
    let on = Action::step(7, 2);
    assert_eq!(game.legal_actions(&s), [on]);
    assert_eq!(game.legal_actions_reference(&s), [on]);
    let refused = game.child(&s, Action::step(5, 2)).unwrap_err().to_string();
    assert!(refused.contains("pairs"), "{refused}");
}

/// `stacks { mixed = open_to_side }`: a partners' blockade is open to its
/// own side, but where the other side's blockade stands on the same safe
/// cell, that one still stops the mover, whichever side is listed first.
#[test]
fn a_partners_blockade_does_not_open_a_cell_another_sides_blockade_holds() {
    let game = game_of(
        r#"
        game "Two barriers on a rest" { pieces = 2 }
        board grid { width = 12 height = 1 }
        region rest = f1
        dice two { faces = 1..6 count = 2 }
        seat red { track = a1..l1 }
        seat blue { track = l1..a1 }
        seat green { track = a1..l1 }
        seat gold { track = l1..a1 }
        players 4 {
            seats = red, blue, green, gold
            teams = (red, green), (blue, gold)
        }
        capture { safe = rest }
        stacks { blockade = 2 mixed = open_to_side }
        "#,
    );
    let four = Waiting {
        pool: vec![die(4, false)],
        ..Waiting::default()
    };
    // f1 is red's and green's step 5, blue's and gold's step 6. Red and
    // green stand there, a blockade open to their side: red's piece on
    // step 3 passes it by 4.
    let ours = load_position(&game, &[&[3, 5], &[0, 0], &[0, 5], &[0, 0]], 0, &four, true);
    assert!(game.legal_actions(&ours).contains(&Action::step(3, 4)));
    // Blue and gold stand there too: their blockade stops red.
    let both = load_position(&game, &[&[3, 5], &[0, 6], &[0, 5], &[0, 6]], 0, &four, true);
    assert!(!game.legal_actions(&both).contains(&Action::step(3, 4)));
    assert!(
        !game
            .legal_actions_reference(&both)
            .contains(&Action::step(3, 4))
    );
    let refused = game
        .child(&both, Action::step(3, 4))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("blockade"), "{refused}");
    // And it stops blue the other way, from its step 4 (h1).
    let blue = load_position(&game, &[&[0, 5], &[4, 6], &[0, 5], &[0, 6]], 1, &four, true);
    assert!(!game.legal_actions(&blue).contains(&Action::step(4, 4)));
}

/// `turn { use = most }` with `stacks { pairs = apart }`: a move that the
/// pair of a broken blockade follows may leave no way to use the rest of
/// the throw, where the same value by another piece would; only the move
/// that uses the whole throw is offered.
#[test]
fn the_most_of_a_throw_is_counted_with_the_broken_pair_followed() {
    let game = game_of(
        r#"
        game "Apart, the most used" { pieces = 3 }
        board grid { width = 6 height = 1 }
        dice three { faces = 1..3 count = 3 }
        seat red { track = a1..f1 }
        seat blue { track = f1..a1 }
        players 2 { seats = red, blue }
        turn { use = most }
        stacks { blockade = 2 pairs = apart }
        "#,
    );
    // Red threw 2, 1, 1 with two pieces on step 3 and one on 4, and moved
    // one from 3 home (step 5) by the 2. Now 3+1 takes the pair's other
    // piece to 4, where the last 1 could only bring a piece of step 4 home
    // after its partner: refused, so that throw uses one value. 4+1 first
    // leaves 3+1 for the last 1: the whole throw.
    let json = r#"{"pieces":[[3,4,5],[0,0,0]],"mover":0,"phase":"move",
        "pool":[{"value":1,"again":false,"bonus":false},{"value":1,"again":false,"bonus":false}],
        "extra":0,"streak":0,"doubles":false,"used":1,"split":[[5,3]],
        "entered":[true,false],"turns":3,"finished":[],"at_limit":false}"#;
    let s = game.load_state(json).unwrap();
    assert_eq!(game.legal_actions(&s), [Action::step(4, 1)]);
    assert_eq!(game.legal_actions_reference(&s), [Action::step(4, 1)]);
}

/// A line of twelve cells, red from a1 and blue from l1, with `stacks`
/// settings of its own; `guard` is the region d1..f1.
fn jump_line(stacks: &str) -> Game {
    game_of(&format!(
        r#"
        game "Jumps" {{ pieces = 2 }}
        board grid {{ width = 12 height = 1 }}
        region guard = d1, e1, f1
        dice d {{ faces = 1..6 }}
        seat red {{ track = a1..l1 }}
        seat blue {{ track = l1..a1 }}
        players 2 {{ seats = red, blue }}
        capture {{ by = none }}
        stacks {{ {stacks} }}
        "#
    ))
}

/// A game under way: each seat's pieces on the steps of `pieces`, seat
/// `mover` to use the die `values`.
fn to_move(game: &Game, pieces: &[&[u8]], mover: usize, values: &[u8]) -> pachisi::State {
    let waiting = Waiting {
        pool: values.iter().map(|&v| die(v, false)).collect(),
        ..Waiting::default()
    };
    load_position(game, pieces, mover, &waiting, true)
}

/// `stacks { jump = not_own  jump_in = guard }`: no piece passes one of
/// its own seat's on a cell of the region, and passes anything else. Red
/// on steps 2 and 4 (c1, e1): the piece on c1 may not pass e1 with a 3,
/// but may land there beside it (no limit to a cell) with a 2. A blue
/// piece on e1 is passed; an own piece on i1, outside the region, too.
#[test]
fn jump_not_own_stops_a_piece_behind_its_own_in_the_region_only() {
    let game = jump_line("jump = not_own  jump_in = guard");
    let s = to_move(&game, &[&[2, 4], &[0, 0]], 0, &[3]);
    let refused = game.child(&s, Action::step(2, 3)).unwrap_err();
    assert_eq!(
        refused.refusal,
        pachisi::Refusal::PiecePassed(game.track(0).cell(4))
    );
    assert!(refused.reason.contains("e1"), "{}", refused.reason);
    assert_eq!(game.legal_actions(&s), [Action::step(4, 3)]);
    assert_eq!(game.legal_actions_reference(&s), [Action::step(4, 3)]);
    let s = to_move(&game, &[&[2, 4], &[0, 0]], 0, &[2]);
    assert_eq!(
        game.legal_actions(&s),
        [Action::step(2, 2), Action::step(4, 2)]
    );
    // Blue on e1 (its step 7) is passed; 8+5 goes past home.
    let s = to_move(&game, &[&[2, 8], &[0, 7]], 0, &[5]);
    assert_eq!(game.legal_actions(&s), [Action::step(2, 5)]);
    // Red's own on i1 (step 8), outside the region, is passed.
    let s = to_move(&game, &[&[7, 8], &[0, 0]], 0, &[2]);
    assert!(game.legal_actions(&s).contains(&Action::step(7, 2)));
}

/// `stacks { jump = none }` without `jump_in`: no piece passes any piece,
/// anywhere. Red on c1 (step 2) and blue on d1 (its step 8): red's 3 is
/// refused, its 1 lands beside blue (captures are off); blue's 3 from d1,
/// passing red's piece on c1, is refused, its 1 onto c1 is not.
#[test]
fn jump_none_stops_every_piece_behind_any_piece() {
    let game = jump_line("jump = none");
    let s = to_move(&game, &[&[0, 2], &[0, 8]], 0, &[3]);
    let refused = game.child(&s, Action::step(2, 3)).unwrap_err();
    assert_eq!(
        refused.refusal,
        pachisi::Refusal::PiecePassed(game.track(0).cell(3))
    );
    assert!(refused.reason.contains("jump = none"), "{}", refused.reason);
    let s = to_move(&game, &[&[0, 2], &[0, 8]], 0, &[1]);
    assert!(game.legal_actions(&s).contains(&Action::step(2, 1)));
    let s = to_move(&game, &[&[0, 2], &[0, 8]], 1, &[3]);
    assert!(!game.legal_actions(&s).contains(&Action::step(8, 3)));
    let s = to_move(&game, &[&[0, 2], &[0, 8]], 1, &[1]);
    assert!(game.legal_actions(&s).contains(&Action::step(8, 1)));
    // The default, `jump = any`: red passes blue.
    let game = jump_line("jump = any");
    let s = to_move(&game, &[&[0, 2], &[0, 8]], 0, &[3]);
    assert!(game.legal_actions(&s).contains(&Action::step(2, 3)));
}

/// A ring of eight cells, r0..r7, gone round twice to the goal, the second
/// lap a detour that may be gone round again (steps 9..16), under `turn {
/// use = most }`; `pieces` a seat, thrown with `dice` dice, and `rules`
/// of its own besides (its blockades among them).
fn round_again(pieces: usize, dice: usize, rules: &str) -> Game {
    game_of(&format!(
        r#"
        game "Round again" {{ pieces = {pieces} }}
        board custom {{
            cells = {{
                r0: (0, 0) r1: (1, 0) r2: (2, 0) r3: (3, 0)
                r4: (4, 0) r5: (5, 0) r6: (6, 0) r7: (7, 0)
                goal: (20, 12) yard: (0, 3)
            }}
            links = (yard, r0), (r7, r0), (r7, goal)
        }}
        dice thrown {{ faces = 1..6 count = {dice} }}
        seat red {{
            track = yard, r0, r1, r2, r3, r4, r5, r6, r7, r0, r1, r2, r3, r4, r5, r6, r7, goal
            detour = 9..16 again
        }}
        players 1 {{ seats = red }}
        turn {{ use = most }}
        {rules}
        "#
    ))
}

/// `stacks { pairs = apart }` with `turn { use = most }` and a detour that
/// may be gone round again: two pieces of a blockade on the detour's last
/// step (16 of a detour 9..16, r7) with a throw of 4 and 4. One of them
/// round again by 4 reaches step 12; the second 4 could then take it back
/// to 16, where its partner stands, or its partner after it to 12: both
/// bring the split pair together again, and 16+4 goes past home. So a
/// single piece uses one value, the two together both (to 12, then one
/// of them on): only the pair's move is legal.
#[test]
fn a_piece_round_its_detour_again_does_not_go_on_to_the_partner_it_left() {
    let game = round_again(
        2,
        2,
        "stacks { blockade = 2  pairs = apart  groups = together }",
    );
    let s = to_move(&game, &[&[16, 16]], 0, &[4, 4]);
    let pair = Action::Round {
        from: 16,
        count: 2,
        by: 4,
    };
    assert_eq!(game.legal_actions_reference(&s), [pair]);
    assert_eq!(game.legal_actions(&s), [pair]);
    let one = Action::Round {
        from: 16,
        count: 1,
        by: 4,
    };
    let refused = game.child(&s, one).unwrap_err();
    assert_eq!(
        refused.refusal,
        pachisi::Refusal::MustUseMost,
        "{}",
        refused.reason
    );
}

/// `turn { use = most }` with `home { gather = 3 }` and a detour that may
/// be gone round again: a track a, b, c, then the loop d, e, f, g, c (its
/// detour, steps 3..7), then h, i and j, home (step 10). A piece round its
/// detour again goes back, and may then keep another piece from home.
/// Red has pieces on c (step 7) and h (step 8) with 1 and 2 to use;
/// blue's pair on e (step 4) stops every piece that would pass it. 7+1
/// round goes back to d (step 3): then h may not go home by the 2 (d is 7
/// steps from home), and the piece on d may not pass blue's pair: one
/// value used, where every other move uses both.
#[test]
fn the_most_of_a_throw_is_counted_with_a_piece_gone_back_far_from_home() {
    let game = game_of(
        r#"
        game "Back round the detour" { pieces = 2 }
        board custom {
            cells = {
                a: (0, 0) b: (1, 0) c: (2, 0) d: (3, 0) e: (4, 0) f: (5, 0)
                g: (6, 0) h: (7, 0) i: (8, 0) j: (9, 0)
            }
            links = (g, c), (c, h)
        }
        dice two { faces = 1..2 count = 2 }
        seat red { track = a, b, c, d, e, f, g, c, h, i, j  detour = 3..7 again }
        seat blue { track = a, b, c, d, e, f, g, c, h, i, j  detour = 3..7 again }
        players 2 { seats = red, blue }
        turn { use = most }
        home { gather = 3 }
        stacks { blockade = 2 }
        "#,
    );
    let s = to_move(&game, &[&[7, 8], &[4, 4]], 0, &[1, 2]);
    let back = Action::Round {
        from: 7,
        count: 1,
        by: 1,
    };
    let gone_back = to_move(&game, &[&[3, 8], &[4, 4]], 0, &[2]);
    assert_eq!(game.legal_actions(&gone_back), [Action::Pass]);
    let refused = game.child(&gone_back, Action::step(8, 2)).unwrap_err();
    assert!(refused.reason.contains("gather"), "{}", refused.reason);
    let both = [
        Action::step(7, 1),
        Action::step(7, 2),
        Action::step(8, 1),
        Action::step(8, 2),
    ];
    assert_eq!(game.legal_actions(&s), both);
    assert_eq!(game.legal_actions_reference(&s), both);
    let refused = game.child(&s, back).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::MustUseMost);
}

/// `turn { use = most }` with `stacks { pairs = apart }` and a detour that
/// may be gone round again (the ring r0..r7 gone round twice, the second
/// lap the detour, steps 9..16, the goal step 17), three dice: a piece
/// that comes onto its own piece makes a pair with it, and may not come
/// back to it once it has gone on. Red has pieces on steps 9 and 10 with
/// 1, 4 and 4. 9+1 makes a pair on 10; one of it goes on by a 4 to 14,
/// and the last 4 neither takes it round again onto its partner nor
/// takes the partner after it: two values used. 9+4 first uses all
/// three (then 10+1, and 13+4 to the goal).
#[test]
fn the_most_of_a_throw_is_counted_with_a_pair_made_on_the_way() {
    let game = round_again(
        2,
        3,
        "home { exact = yes }  stacks { blockade = 2  pairs = apart }",
    );
    let s = to_move(&game, &[&[9, 10]], 0, &[1, 4, 4]);
    let pair_made = Action::step(9, 1);
    assert_eq!(game.legal_actions_reference(&s), game.legal_actions(&s));
    assert!(!game.legal_actions(&s).contains(&pair_made));
    assert!(game.legal_actions(&s).contains(&Action::step(9, 4)));
    let refused = game.child(&s, pair_made).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::MustUseMost);
}

/// `turn { use = most }` with `stacks { mixed = open_to_side  pass =
/// group_as_large  blocks = everyone }`: a single seat's blockade of
/// exactly two stops everyone, its own pieces too, where one of three is
/// passed by a group of three. Red has
/// three pieces on c1 (step 2) and three on e1 (step 4); blue's pair on
/// h1 (red's step 7) stops every red move to it or past it. With 2 and
/// 3: one piece from e1 by the 2 leaves two there, a closed blockade, and
/// the 3 can then move nothing; two or three from e1 leave the way open
/// for the three on c1 by the 3.
#[test]
fn the_most_of_a_throw_is_counted_with_a_blockade_closed_by_a_move() {
    let game = game_of(
        r#"
        game "Closed by leaving" { pieces = 6 }
        board grid { width = 12 height = 1 }
        dice two { faces = 1..3 count = 2 }
        seat red { track = a1..l1 }
        seat blue { track = l1..a1 }
        players 2 { seats = red, blue }
        turn { use = most }
        stacks {
            blockade = 2  blocks = everyone  groups = together
            pass = group_as_large  mixed = open_to_side
        }
        "#,
    );
    let s = to_move(
        &game,
        &[&[2, 2, 2, 4, 4, 4], &[0, 0, 0, 0, 4, 4]],
        0,
        &[2, 3],
    );
    let one_off = Action::step(4, 2);
    let closed = to_move(&game, &[&[2, 2, 2, 4, 4, 6], &[0, 0, 0, 0, 4, 4]], 0, &[3]);
    assert_eq!(game.legal_actions(&closed), [Action::Pass]);
    let three = Action::Move {
        from: 2,
        count: 3,
        by: 3,
    };
    let refused = game.child(&closed, three).unwrap_err();
    assert!(refused.reason.contains("mixed"), "{}", refused.reason);
    assert_eq!(game.legal_actions_reference(&s), game.legal_actions(&s));
    assert!(!game.legal_actions(&s).contains(&one_off));
    assert!(game.legal_actions(&s).contains(&three));
    let refused = game.child(&s, one_off).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::MustUseMost);
}

/// `turn { use = most }` with a dozen values waiting (all throws first,
/// throws again): the most of the throw is found without trying every
/// order of the values (which took minutes), a position reached by many
/// orders counted once: seconds in a debug build. Three pieces on a short
/// track, home by exact values only: the values add up to more than the
/// pieces can go, so no order uses them all and ends the search early.
#[test]
fn the_most_of_a_long_throw_is_found_without_trying_every_order() {
    let game = game_of(
        r#"
        game "Long throw" { pieces = 3 }
        board grid { width = 14 height = 1 }
        dice d { faces = 1..6 }
        seat red { track = a1..n1 }
        players 1 { seats = red }
        turn { use = most }
        "#,
    );
    let values = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6];
    let s = to_move(&game, &[&[1, 2, 3]], 0, &values);
    let started = std::time::Instant::now();
    let listed = game.legal_actions(&s);
    let reference = game.legal_actions_reference(&s);
    assert_eq!(listed, reference);
    assert!(!listed.is_empty());
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}

/// `turn { use = most }` counts at most eight values of a throw ahead:
/// with more waiting, a move after which eight can be used is offered
/// beside one after which all can. Red has a piece one step from home
/// (18 of a track of 20 steps, home by exact values) and one further
/// back; a 1 and 2s wait. Moving the far piece by the 1 leaves the near
/// one without a value to go home by. With eight values (the far piece 14
/// steps from home, seven 2s) that move uses seven of them where the
/// others use all eight: refused. With nine (16 steps, eight 2s) it still
/// uses eight, as many as are counted: offered with the others.
#[test]
fn the_most_of_a_throw_counts_eight_values_ahead() {
    let game = game_of(
        r#"
        game "Long throw" { pieces = 2 }
        board grid { width = 20 height = 1 }
        dice d { faces = 1..2 }
        seat red { track = a1..t1 }
        players 1 { seats = red }
        turn { use = most }
        home { exact = yes }
        "#,
    );
    assert_eq!(game.track(0).home(), 19);
    let eight = to_move(&game, &[&[5, 18]], 0, &[1, 2, 2, 2, 2, 2, 2, 2]);
    let listed = game.legal_actions(&eight);
    assert_eq!(listed, [Action::step(5, 2), Action::step(18, 1)]);
    assert_eq!(game.legal_actions_reference(&eight), listed);
    let refused = game.child(&eight, Action::step(5, 1)).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::MustUseMost);
    let nine = to_move(&game, &[&[3, 18]], 0, &[1, 2, 2, 2, 2, 2, 2, 2, 2]);
    let listed = game.legal_actions(&nine);
    assert_eq!(
        listed,
        [Action::step(3, 1), Action::step(3, 2), Action::step(18, 1)]
    );
    assert_eq!(game.legal_actions_reference(&nine), listed);
    // A random game drawing its moves draws among the same three.
    let mut drawn = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let mut s = nine.clone();
        let mut rng = pachisi::sim::rng(seed);
        let mut buf = Vec::new();
        pachisi::sim::random_step(&game, &mut s, &mut rng, &mut buf);
        drawn.insert(s.pieces[0].to_vec());
    }
    assert_eq!(drawn.len(), 3, "{drawn:?}");
}

/// `turn { use = most }` on a throw piled up by throws again: fourteen
/// values of a twelve-sided die wait for nine pieces, all eleven steps
/// from home, which only an exact value reaches, so no piece can move the
/// 12. Counting all fourteen tries every way of playing the other
/// thirteen on nine pieces (seconds in an optimized build, some four
/// times more for each value more); eight are counted, and
/// every move of a value other than the 12 leaves eight usable. Both
/// paths list the same moves at once.
#[test]
fn a_long_throw_with_a_value_no_piece_can_move_is_answered_at_once() {
    let game = game_of(
        r#"
        game "Piled up" { pieces = 9 }
        board grid { width = 13 height = 1 }
        dice d { faces = 1..12 }
        seat red { track = a1..m1 }
        players 1 { seats = red }
        turn { use = most }
        home { exact = yes }
        "#,
    );
    let values = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 12];
    let s = to_move(&game, &[&[1; 9]], 0, &values);
    let listed = game.legal_actions(&s);
    let moves: Vec<Action> = (1..=6).map(|by| Action::step(1, by)).collect();
    assert_eq!(listed, moves);
    assert_eq!(game.legal_actions_reference(&s), listed);
}

/// `dice { all_out = { 6: 7 } }`: a die showing 6 moves 7 once none of
/// the seat's pieces is at its start, and 6 while one is; it still gives
/// the throw again that a 6 gives (`again = 6`). Red on steps 3 and 5
/// throws a 6: the value waiting is 7, and the piece on 3 goes to 10.
/// With a piece at the start, the same 6 waits as 6, and brings it out.
#[test]
fn all_out_moves_a_face_as_another_value_once_every_piece_is_out() {
    let game = game_of(
        r#"
        game "Seven" { pieces = 2 }
        board grid { width = 14 height = 1 }
        dice d { faces = 1..6  again = 6  all_out = { 6: 7 } }
        seat red { track = a1..n1 }
        players 1 { seats = red }
        entry { on = 6 }
        "#,
    );
    let six = common::throw_of(&game, 6);
    let mut s = load_position(&game, &[&[3, 5]], 0, &Waiting::default(), true);
    play(&game, &mut s, six);
    assert_eq!(s.pool.as_slice(), [die(7, true)]);
    assert_eq!(
        game.legal_actions(&s),
        [Action::step(3, 7), Action::step(5, 7)]
    );
    play(&game, &mut s, Action::step(3, 7));
    assert_eq!(s.pieces[0], [5, 10]);
    // Another throw follows, as after any 6.
    assert_eq!(s.phase, Phase::Throw);
    let mut s = load_position(&game, &[&[0, 5]], 0, &Waiting::default(), true);
    play(&game, &mut s, six);
    assert_eq!(s.pool.as_slice(), [die(6, true)]);
    assert!(game.legal_actions(&s).contains(&Action::step(0, 6)));
    assert_eq!(game.legal_actions(&s), game.legal_actions_reference(&s));
}

/// `turn { over_limit = send_back_leader }` with `finished = play`: a
/// seat that has finished (every piece in its goal, `home { goal = 2 }`)
/// still throws, and a throw past `again_limit` sends none of its pieces
/// back: it stays finished. Red has pieces on steps 5 and 6 of a track
/// whose last two steps are its goal; it has thrown one 3 this turn, and
/// throws another. (Blue and green play on, so the game is not over.)
#[test]
fn over_limit_sends_back_no_piece_of_a_seat_that_has_finished() {
    let game = game_of(
        r#"
        game "Done" { pieces = 2 }
        board grid { width = 7 height = 3 }
        dice d { faces = 1..3  again = 3 }
        seat red { track = a1..g1 }
        seat blue { track = a2..g2 }
        seat green { track = a3..g3 }
        players 3 { seats = red, blue, green }
        turn { finished = play  again_limit = 2  over_limit = send_back_leader }
        home { goal = 2 }
        end { stop = last_side }
        "#,
    );
    let waiting = Waiting {
        streak: 1,
        ..Waiting::default()
    };
    let mut s = load_position(&game, &[&[5, 6], &[1, 2], &[1, 1]], 0, &waiting, true);
    assert_eq!(s.finished.as_slice(), [0]);
    let mut reference = s.clone();
    play(&game, &mut s, common::throw_of(&game, 3));
    assert_eq!(s.pieces[0], [5, 6]);
    assert_eq!(s.finished.as_slice(), [0]);
    assert_eq!(game.validate(&s), Ok(()));
    game.apply_reference(&mut reference, common::throw_of(&game, 3))
        .unwrap();
    assert_eq!(reference, s);
    // A seat not finished loses its leader: blue on 1 and 5.
    let mut s = load_position(&game, &[&[5, 6], &[1, 5], &[1, 1]], 1, &waiting, true);
    play(&game, &mut s, common::throw_of(&game, 3));
    assert_eq!(s.pieces[1], [0, 1]);
}

/// `stacks { break_on = again }`: on a throw that gives another throw, a
/// seat with a blockade must break one, if a move can. Red has a
/// blockade on step 3 (d1) and a piece on step 1 (b1); on a 6 (which
/// throws again) only a piece of the blockade may move; on a 4 any piece
/// may. Where the blockade cannot move (blue's blockade on i1, red's step
/// 8, bars it), the 6 moves the other piece.
#[test]
fn break_on_again_a_blockade_is_broken_on_a_throw_again() {
    let game = game_of(
        r#"
        game "Barriers" { pieces = 3 }
        board grid { width = 16 height = 1 }
        dice d { faces = 1..6  again = 6 }
        seat red { track = a1..p1 }
        seat blue { track = p1..a1 }
        players 2 { seats = red, blue }
        stacks { blockade = 2  break_on = again }
        "#,
    );
    let six = Waiting {
        pool: vec![die(6, true)],
        extra: 1,
        streak: 1,
        ..Waiting::default()
    };
    let s = load_position(&game, &[&[1, 3, 3], &[0, 0, 0]], 0, &six, true);
    assert_eq!(game.legal_actions(&s), [Action::step(3, 6)]);
    assert_eq!(game.legal_actions_reference(&s), [Action::step(3, 6)]);
    let refused = game.child(&s, Action::step(1, 6)).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::BlockadeMustOpen);
    assert!(refused.reason.contains("break_on"), "{}", refused.reason);
    // A 4 gives no throw again: either piece.
    let s = to_move(&game, &[&[1, 3, 3], &[0, 0, 0]], 0, &[4]);
    assert_eq!(
        game.legal_actions(&s),
        [Action::step(1, 4), Action::step(3, 4)]
    );
    // Blue's blockade on i1 (its step 7) bars every move past it: the
    // blockade on d1 cannot move 6, so the piece on b1 does, to h1.
    let s = load_position(&game, &[&[1, 3, 3], &[0, 7, 7]], 0, &six, true);
    assert_eq!(game.legal_actions(&s), [Action::step(1, 6)]);
    assert_eq!(game.legal_actions_reference(&s), [Action::step(1, 6)]);
}

/// `turn { again_limit = 3  over_limit = send_back_last }`: the third 6 in
/// a row moves nothing, and the piece moved last goes back to its start,
/// unless it stands on the stretch of its track no other seat's track
/// passes (red's row 2, l2..p2: the home column of Parchís). Red on steps
/// 2 and 5 throws 6 and moves 5 to 11, 6 and moves 2 to 8: the third 6
/// sends the piece on 8 back, though 11 is further along. Moving 2 to 8
/// and then 8 to 14 (n2, red's own) instead, the third 6 sends nothing back.
#[test]
fn send_back_last_the_third_six_sends_the_piece_moved_last_back() {
    let game = game_of(
        r#"
        game "Three sixes" { pieces = 2 }
        board grid { width = 16 height = 2 }
        dice d { faces = 1..6  again = 6 }
        seat red { track = a1..l1, l2..p2 }
        seat blue { track = l1..a1, a2..e2 }
        players 2 { seats = red, blue }
        turn { again_limit = 3  over_limit = send_back_last }
        "#,
    );
    let six = common::throw_of(&game, 6);
    let mut s = load_position(&game, &[&[2, 5], &[0, 0]], 0, &Waiting::default(), true);
    play(&game, &mut s, six);
    play(&game, &mut s, Action::step(5, 6));
    play(&game, &mut s, six);
    play(&game, &mut s, Action::step(2, 6));
    assert_eq!(s.last_moved, 8);
    assert_eq!(game.validate(&s), Ok(()));
    play(&game, &mut s, six);
    assert_eq!(s.pieces[0], [0, 11]);
    assert_eq!((s.mover, s.last_moved), (1, 0));
    // Into red's own stretch: spared.
    let mut s = load_position(&game, &[&[2, 5], &[0, 0]], 0, &Waiting::default(), true);
    for from in [2, 8] {
        play(&game, &mut s, six);
        play(&game, &mut s, Action::step(from, 6));
    }
    assert_eq!(common::cell_of(&game, 0, 14), "n2");
    play(&game, &mut s, six);
    assert_eq!(s.pieces[0], [5, 14]);
    assert_eq!(s.mover, 1);
    // A saved state that says a piece was moved to a step where the
    // mover has none is refused.
    let mut bad = load_position(&game, &[&[2, 5], &[0, 0]], 0, &Waiting::default(), true);
    bad.last_moved = 7;
    assert!(game.validate(&bad).is_err());
}

/// `entry { begin_on = { 3: 1, 5: 2 } }`: each seat's pieces begin the
/// game on those steps of its own track, one on 3 and two on 5, the rest
/// at the start; such a seat has brought pieces out. A piece taken goes
/// back to the start like any other, and comes out again by `entry { on }`.
#[test]
fn begin_on_places_pieces_on_their_steps_at_the_start() {
    let game = game_of(
        r#"
        game "Spread" { pieces = 4 }
        board grid { width = 12 height = 2 }
        dice d { faces = 1..3 }
        seat red { track = a1..l1 }
        seat blue { track = a2..l2 }
        players 2 { seats = red, blue }
        entry { begin_on = { 3: 1, 5: 2 } }
        "#,
    );
    let s = game.new_initial_state();
    assert_eq!(s.pieces[0], [0, 3, 5, 5]);
    assert_eq!(s.pieces[1], [0, 3, 5, 5]);
    assert_eq!(s.entered.as_slice(), [true, true]);
    assert_eq!(game.validate(&s), Ok(()));
    assert_eq!(common::cell_of(&game, 0, 5), "f1");
    // Red to move a 2: the piece on 3 onto the pair on 5, or the pair's
    // pieces on to 7, or a piece out of the start.
    let s = to_move(&game, &[&[0, 3, 5, 5], &[0, 3, 5, 5]], 0, &[2]);
    assert_eq!(
        game.legal_actions(&s),
        [Action::step(0, 2), Action::step(3, 2), Action::step(5, 2)]
    );
    assert_eq!(game.legal_actions(&s), game.legal_actions_reference(&s));
}

/// `stacks { pairs = apart }` with `turn { use = most }`: a piece that
/// leaves a blockade and lands where another of its seat's pieces stands
/// is still followed as the blockade's. The same board as above (a detour
/// 9..16, gone round again, r7 its last step): red's blockade on 16 and a
/// piece on 10, a throw of 2 and 6. One piece of the blockade round again
/// by 2 lands on 10 beside the other; the 6 could then take a piece from
/// 10 to 16, but a piece leaving 10 is the pair's and may not rejoin its
/// partner, 16+6 goes past home, and its partner's round by 6 would pass
/// its own pieces on 10 (`jump = not_own`): one value used. The blockade
/// round together by 2, then 10+6, uses both, and so does 10+6 first: the
/// single piece's round by 2 is not legal.
#[test]
fn a_split_pair_landing_beside_another_piece_is_still_followed() {
    let game = round_again(
        3,
        2,
        "stacks { blockade = 2  pairs = apart  groups = together  jump = not_own }",
    );
    let s = to_move(&game, &[&[10, 16, 16]], 0, &[2, 6]);
    let one = Action::Round {
        from: 16,
        count: 1,
        by: 2,
    };
    let reference = game.legal_actions_reference(&s);
    assert!(!reference.contains(&one), "{reference:?}");
    assert!(reference.contains(&Action::step(10, 6)), "{reference:?}");
    assert_eq!(game.legal_actions(&s), reference);
}

/// `dice { faces = 1, 2, 5, 6 }`: a die with the faces listed, as the long
/// dice of Chaupar, each face as likely: three such dice fall 20 ways, and
/// their bottom faces, on a double, are the opposite faces (1 and 6, 2 and
/// 5). A throw of 1-2-5 gives three values, each moving a piece of its own.
#[test]
fn listed_faces_make_a_die_of_just_those_faces() {
    let game = game_of(
        r#"
        game "Long dice" { pieces = 3 }
        board grid { width = 4 height = 1 }
        dice pasa { faces = 1, 2, 5, 6  count = 3 }
        seat red { track = a1..d1 }
        players 1 { seats = red }
        "#,
    );
    let outcomes = game.chance_outcomes();
    assert_eq!(outcomes.len(), 20);
    let faces: std::collections::BTreeSet<u8> =
        outcomes.iter().flat_map(|o| o.values.clone()).collect();
    assert_eq!(faces.into_iter().collect::<Vec<_>>(), [1, 2, 5, 6]);
    let total: u64 = outcomes.iter().map(|o| o.weight).sum();
    assert_eq!(total, 64);
    let throw = outcomes
        .iter()
        .find(|o| o.values == [1, 2, 5])
        .expect("1-2-5 is thrown");
    assert_eq!(throw.weight, 6);
    // On a double, the bottom of 2 is 5: its opposite.
    let game = game_of(
        r#"
        game "Long dice" { pieces = 3 }
        board grid { width = 4 height = 1 }
        dice pasa { faces = 1, 2, 5, 6  count = 2  doubles_bottoms = when_all_out }
        seat red { track = a1..d1 }
        players 1 { seats = red }
        "#,
    );
    let double = game
        .chance_outcomes()
        .iter()
        .position(|o| o.values == [2, 2])
        .expect("2-2 is thrown");
    let mut s = load_position(&game, &[&[1, 1, 1]], 0, &Waiting::default(), true);
    play(&game, &mut s, Action::Throw(double as u8));
    let values: Vec<u8> = s.pool.iter().map(|v| v.value).collect();
    assert_eq!(values, [2, 2, 5, 5]);
}

/// The same: a piece that leaves a blockade and later goes round the
/// detour again may come back to the step it left, where its partner
/// still stands, and may not join it there. Red's blockade on 12 (r3),
/// a throw of 2 and 6, no piece passing one of its own (`jump = not_own`).
/// One piece by 2 to 14: the 6 would take it round back to 12, to its
/// partner, and its partner's round by 6 would pass it; 12+6 goes past
/// home. One value used: the single piece's 2 is not legal, while the
/// pair's 2 (then round by 6 together) and a piece's round by 6 (then its
/// partner's 2) use both.
#[test]
fn a_piece_round_its_detour_again_does_not_rejoin_the_partner_it_left() {
    let game = round_again(
        2,
        2,
        "stacks { blockade = 2  pairs = apart  groups = together  jump = not_own }",
    );
    let s = to_move(&game, &[&[12, 12]], 0, &[2, 6]);
    let reference = game.legal_actions_reference(&s);
    assert!(!reference.contains(&Action::step(12, 2)), "{reference:?}");
    let round = Action::Round {
        from: 12,
        count: 1,
        by: 6,
    };
    assert!(reference.contains(&round), "{reference:?}");
    assert_eq!(game.legal_actions(&s), reference);
}

/// `stacks { groups = merged  pass = always  take = as_many }`, Chaupar's
/// pieces that merge: two pieces of red on one cell are one piece that
/// moves whole, and is taken only by as many or more; any piece passes it.
/// Red (a1 to k1) has two pieces on d1 (step 3) and one on b1 (step 1);
/// blue (k1 to a1) a single piece on f1 (its step 5) and two on c1 (its
/// step 8).
#[test]
fn merged_pieces_move_as_one_and_are_taken_only_by_as_many() {
    let game = game_of(
        r#"
        game "Merged" { pieces = 3 }
        board grid { width = 11 height = 1 }
        dice d { faces = 1..4 }
        seat red { track = a1..k1 }
        seat blue { track = k1..a1 }
        players 2 { seats = red, blue }
        stacks { blockade = 2  groups = merged  pass = always  take = as_many }
        "#,
    );
    // Red's 2: the pair on d1 moves whole to f1, past nothing, and takes
    // blue's single piece there; the piece on b1 passes blue's pair on c1
    // and joins its own on d1. One piece of the pair alone may not move.
    let s = to_move(&game, &[&[1, 3, 3], &[5, 8, 8]], 0, &[2]);
    let pair = Action::Move {
        from: 3,
        count: 2,
        by: 2,
    };
    assert_eq!(game.legal_actions(&s), [Action::step(1, 2), pair]);
    assert_eq!(game.legal_actions(&s), game.legal_actions_reference(&s));
    let refused = game.child(&s, Action::step(3, 2)).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::MustMoveMerged);
    let after = game.child(&s, pair).unwrap();
    assert_eq!(after.pieces[0], [1, 5, 5]);
    assert_eq!(after.pieces[1], [0, 8, 8]);
    // A 1 would land the single piece on blue's pair: fewer may not.
    let s = to_move(&game, &[&[1, 3, 3], &[5, 8, 8]], 0, &[1]);
    assert!(!game.legal_actions(&s).contains(&Action::step(1, 1)));
    // Blue's pair on e1 (its step 6) lands on red's pair with a 1 and
    // takes it: as many.
    let s = to_move(&game, &[&[1, 3, 3], &[0, 6, 6]], 1, &[1]);
    let blue = Action::Move {
        from: 6,
        count: 2,
        by: 1,
    };
    let after = game.child(&s, blue).unwrap();
    assert_eq!(after.pieces[0], [0, 0, 1]);
    assert_eq!(after.pieces[1], [0, 7, 7]);
}

/// `turn { use = most }` with `stacks { groups = merged }`: a piece that
/// comes out onto its own piece makes one group of two with it, and the
/// pair must move whole. Red (a1 to k1, at most two of its own on a cell)
/// has a piece waiting, one on b1 (step 1) and one on d1 (step 3); blue's
/// pair on f1 (red's step 5) blocks red's way. With 2 and 3 to use:
/// bringing the piece out by the 3 leaves the pair on b1 to move by the 2,
/// onto d1, where three of red's would stand, and the piece on d1 cannot
/// pass blue's pair: one value used, where every other move uses both.
#[test]
fn the_most_of_a_throw_is_counted_with_a_merged_group_grown_by_the_move() {
    let game = game_of(
        r#"
        game "Merged, the most used" { pieces = 3 }
        board grid { width = 11 height = 1 }
        dice two { faces = 1..3 count = 2 }
        seat red { track = a1..k1 }
        seat blue { track = k1..a1 }
        players 2 { seats = red, blue }
        turn { use = most }
        entry { moves = to_track }
        stacks { blockade = 2  groups = merged  own_max = 2 }
        "#,
    );
    let s = to_move(&game, &[&[0, 1, 3], &[0, 5, 5]], 0, &[2, 3]);
    // Brought out by the 3, the piece makes a pair on b1 that the 2 cannot move.
    let out_by_3 = to_move(&game, &[&[1, 1, 3], &[0, 5, 5]], 0, &[2]);
    assert_eq!(game.legal_actions(&out_by_3), [Action::Pass]);
    let refused = game.child(&s, Action::step(0, 3)).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::MustUseMost);
    let both = [Action::step(0, 2), Action::step(1, 2), Action::step(1, 3)];
    assert_eq!(game.legal_actions(&s), both);
    assert_eq!(game.legal_actions_reference(&s), both);
}

/// `home { order = (red, black) }`: black's pieces go home only once all
/// of red's are home (red and black partners, as in Chaupar). Black, one step from home with a 1 waiting, may not
/// go in while red has a piece out; once red has finished it may. With
/// no red at the table (the game of black and blue), black goes home freely.
#[test]
fn home_order_a_seat_goes_home_only_after_the_one_before_it() {
    let game = |players| {
        Game::from_source(
            "test.variant",
            r#"
            game "In order" { pieces = 2 }
            board grid { width = 6 height = 3 }
            dice d { faces = 1..3 }
            seat red { track = a1..f1 }
            seat black { track = a2..f2 }
            seat blue { track = a3..f3 }
            players 3 { seats = red, black, blue  teams = (red, black), (blue) }
            players 2 { seats = black, blue }
            home { order = (red, black) }
            "#,
            Some(players),
        )
        .unwrap()
    };
    let three = game(3);
    let s = to_move(&three, &[&[2, 5], &[1, 4], &[0, 0]], 1, &[1]);
    assert_eq!(three.legal_actions(&s), [Action::step(1, 1)]);
    let refused = three.child(&s, Action::step(4, 1)).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::HomeOrder(0));
    assert!(refused.reason.contains("red"), "{}", refused.reason);
    // Red has finished.
    let s = to_move(&three, &[&[5, 5], &[1, 4], &[0, 0]], 1, &[1]);
    assert_eq!(
        three.legal_actions(&s),
        [Action::step(1, 1), Action::step(4, 1)]
    );
    // Red does not play: no order to wait for.
    let two = game(2);
    let s = to_move(&two, &[&[1, 4], &[0, 0]], 0, &[1]);
    assert!(two.legal_actions(&s).contains(&Action::step(4, 1)));
}

/// `dice { doubles = twice }`: a double's values are each moved twice.
/// The throw 5-5 leaves four 5s waiting; 2-5 leaves a 2 and a 5.
#[test]
fn doubles_twice_a_double_moves_four_values() {
    let game = game_of(
        r#"
        game "Doubles twice" { pieces = 3 }
        board grid { width = 24 height = 1 }
        dice two_dice { faces = 1..6  count = 2  doubles = twice }
        seat red { track = a1..x1 }
        seat blue { track = x1..a1 }
        players 2 { seats = red, blue }
        "#,
    );
    let outcome = |label: &str| {
        let i = game.rules().dice.outcome_labelled(label).unwrap();
        &game.chance_outcomes()[i]
    };
    assert_eq!(outcome("5-5").values, [5, 5, 5, 5]);
    assert_eq!(outcome("2-5").values, [2, 5]);
    // A throw may be written with its dice in any order.
    assert_eq!(
        game.parse_action("throw 5-2"),
        game.parse_action("throw 2-5")
    );
    assert!(game.parse_action("throw 2-5").is_some());
    // Thrown: four 5s wait, and one piece may take all four.
    let mut s = load_position(
        &game,
        &[&[1, 1, 1], &[1, 1, 1]],
        0,
        &Waiting::default(),
        true,
    );
    play(&game, &mut s, game.parse_action("throw 5-5").unwrap());
    let values: Vec<u8> = s.pool.iter().map(|v| v.value).collect();
    assert_eq!(values, [5, 5, 5, 5]);
    for from in [1, 6, 11, 16] {
        play(&game, &mut s, Action::step(from, 5));
    }
    assert_eq!(s.pieces[0], [1, 1, 21]);
    assert_eq!(s.mover, 1, "the four values used, the turn passes");
}

/// `turn { begins = one_die_each }`: the seat that begins is thrown for,
/// each alike; its first throw is the two dice the seats threw, never a
/// double, each of the 15 unlike throws alike. After it, doubles come.
#[test]
fn one_die_each_the_first_throw_is_never_a_double() {
    let game = game_of(
        r#"
        game "One die each" { pieces = 2 }
        board grid { width = 20 height = 1 }
        dice two_dice { faces = 1..6 count = 2 }
        seat red { track = a1..t1 }
        seat blue { track = t1..a1 }
        players 2 { seats = red, blue }
        turn { begins = one_die_each }
        "#,
    );
    let mut s = game.new_initial_state();
    assert_eq!(s.phase, Phase::Opening);
    assert_eq!(
        game.chance_actions(&s),
        [(Action::Begin(0), 1), (Action::Begin(1), 1)]
    );
    play(&game, &mut s, Action::Begin(1));
    let first = game.chance_actions(&s);
    assert_eq!(first.len(), 15);
    assert!(first.iter().all(|&(_, weight)| weight == 2));
    assert_eq!(game.legal_actions(&s).len(), 15);
    let double = game.parse_action("throw 3-3").unwrap();
    assert!(!game.legal_actions(&s).contains(&double));
    let refused = game.child(&s, double).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::FirstThrowUnlike);
    assert!(
        refused.reason.contains("one_die_each"),
        "{}",
        refused.reason
    );
    // Blue begins with 6-1; then red's throws may be doubles.
    play(&game, &mut s, game.parse_action("throw 1-6").unwrap());
    assert_eq!(s.mover, 1);
    while s.phase == Phase::Move {
        let a = game.legal_actions(&s)[0];
        play(&game, &mut s, a);
    }
    assert_eq!(s.mover, 0);
    assert_eq!(game.chance_actions(&s).len(), 21);
    play(&game, &mut s, double);
}

/// `turn { begins = one_die_each }` with `capture { again = yes }`: a
/// throw that a capture earns in the first turn is no longer the game's
/// first throw, and may be a double. Blue began with 4-1 and moved its
/// piece from step 1 to step 6, b1, taking red's piece there (red back at
/// its start); nothing else is thrown or used this turn, and no turn is
/// over yet.
#[test]
fn one_die_each_a_throw_earned_by_a_capture_in_the_first_turn_may_be_a_double() {
    let game = game_of(
        r#"
        game "One die each, a capture" { pieces = 1 }
        board grid { width = 8 height = 1 }
        dice two_dice { faces = 1..4 count = 2 }
        seat red { track = a1..h1 }
        seat blue { track = h1..a1 }
        players 2 { seats = red, blue }
        turn { begins = one_die_each }
        entry { already_out = 1 }
        capture { again = yes }
        "#,
    );
    let json = r#"{"pieces":[[0],[6]],"mover":1,"phase":"throw","pool":[],"extra":1,
        "streak":0,"doubles":false,"used":0,"entered":[true,true],"turns":0,
        "finished":[],"at_limit":false}"#;
    let s = game.load_state(json).unwrap();
    let double = game.parse_action("throw 4-4").unwrap();
    assert!(!game.first_throw_unlike(&s));
    assert!(game.legal_actions(&s).contains(&double));
    assert_eq!(game.chance_actions(&s).len(), 10);
    assert!(game.child(&s, double).is_ok());
    // The game's first throw, from where the pieces began: no double.
    let mut start = game.new_initial_state();
    play(&game, &mut start, Action::Begin(1));
    assert!(game.first_throw_unlike(&start));
    assert!(!game.legal_actions(&start).contains(&double));
}

/// `entry { forced = always }`: while a piece of the seat waits at its
/// start, no other piece moves, and a value that cannot bring one out is
/// lost. Red has a piece at the start and two on step 5; blue holds step
/// 6 (o1) with two pieces, a blockade. With 6-2, the 6 cannot enter
/// (blue's blockade, which pieces pass but none lands on), the 2 can:
/// red enters with the 2 and then moves
/// anything with the 6. With 6-6, nothing enters: red passes, though
/// its pieces on step 5 could move.
#[test]
fn forced_always_a_piece_at_the_start_comes_out_before_any_other_moves() {
    let game = game_of(
        r#"
        game "Enter first" { pieces = 3 }
        board grid { width = 20 height = 1 }
        dice two_dice { faces = 1..6 count = 2 }
        seat red { track = a1..t1 }
        seat blue { track = t1..a1 }
        players 2 { seats = red, blue }
        entry { forced = always }
        stacks { blockade = 2  pass = always }
        turn { use = most }
        "#,
    );
    // Blue's step 13 is red's step 6 (g1).
    let s = to_move(&game, &[&[0, 5, 5], &[13, 13, 1]], 0, &[6, 2]);
    assert_eq!(common::legal(&game, &s), [Action::step(0, 2)]);
    let refused = game.child(&s, Action::step(5, 2)).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::StartFirst);
    assert!(
        refused.reason.contains("forced = always"),
        "{}",
        refused.reason
    );
    let mut s2 = s.clone();
    play(&game, &mut s2, Action::step(0, 2));
    assert_eq!(
        common::legal(&game, &s2),
        [Action::step(2, 6), Action::step(5, 6)]
    );
    // Nothing enters on 6-6: the values are lost.
    let s = to_move(&game, &[&[0, 5, 5], &[13, 13, 1]], 0, &[6, 6]);
    assert_eq!(common::legal(&game, &s), [Action::Pass]);
}

/// `home { gather = 6  exact = furthest }`: a piece goes home only while
/// all its seat's pieces are within six steps of home, and a value past
/// home finishes only the piece furthest from home. Red's home is step
/// 19 (t1). With pieces on steps 15 and 17 (four and two from home), a 6
/// bears off the one on 15, not the one on 17; a 3 bears off neither and
/// moves one on. With a piece on step 10 (nine from home), nothing goes
/// home, not even by the exact value.
#[test]
fn gather_and_exact_furthest_bear_off_as_backgammon_does() {
    let game = game_of(
        r#"
        game "Bearing off" { pieces = 3 }
        board grid { width = 20 height = 1 }
        dice two_dice { faces = 1..6 count = 2 }
        seat red { track = a1..t1 }
        seat blue { track = t1..a1 }
        players 2 { seats = red, blue }
        turn { use = most }
        home { gather = 6  exact = furthest }
        "#,
    );
    let s = to_move(&game, &[&[15, 17, 19], &[1, 1, 1]], 0, &[6]);
    assert_eq!(common::legal(&game, &s), [Action::step(15, 6)]);
    let refused = game.child(&s, Action::step(17, 6)).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::Overshoot);
    let s = to_move(&game, &[&[15, 17, 19], &[1, 1, 1]], 0, &[3]);
    assert_eq!(
        common::legal(&game, &s),
        [Action::step(15, 3)],
        "a 3 bears off neither; the piece on 17 cannot move 3"
    );
    // A piece nine steps from home: none goes home.
    let s = to_move(&game, &[&[10, 17, 19], &[1, 1, 1]], 0, &[2]);
    assert_eq!(common::legal(&game, &s), [Action::step(10, 2)]);
    let refused = game.child(&s, Action::step(17, 2)).unwrap_err();
    assert_eq!(refused.refusal, pachisi::Refusal::NotGathered);
    assert!(refused.reason.contains("gather"), "{}", refused.reason);
}

/// `end { forfeit_game, forfeit_none_home, forfeit_behind }`: the loser
/// pays 1 for a game, 2 with no piece home, 3 with none home and one at
/// its start or on the winner's last six steps (`home { gather = 6 }`).
/// Red bears off its last piece; blue's pieces decide what it pays.
#[test]
fn forfeits_count_a_single_a_double_and_a_triple_game() {
    let game = game_of(
        r#"
        game "Single, double, triple" { pieces = 2 }
        board grid { width = 20 height = 1 }
        dice two_dice { faces = 1..6 count = 2 }
        seat red { track = a1..t1 }
        seat blue { track = t1..a1 }
        players 2 { seats = red, blue }
        home { gather = 6 }
        end { forfeit_game = 1  forfeit_none_home = 1  forfeit_behind = 1 }
        "#,
    );
    // Red's home is step 19; blue's steps 1..5 are red's last steps 18..14.
    for (blue, pays) in [
        (&[19u8, 3][..], 1), // one of blue's pieces home: a single game
        (&[8, 9][..], 2),    // none home, none behind: double
        (&[0, 9][..], 3),    // one at its start: triple
        (&[3, 9][..], 3),    // one on red's step 16, in red's last six: triple
    ] {
        let mut s = to_move(&game, &[&[19, 17], blue], 0, &[2]);
        play(&game, &mut s, Action::step(17, 2));
        let outcome = game.outcome(&s).expect("red has won");
        assert_eq!(outcome.winners, [0]);
        assert_eq!(outcome.scores, [pays, -pays], "blue on {blue:?}");
        assert_eq!(game.returns(&s), [pays as f64, -pays as f64]);
    }
}
