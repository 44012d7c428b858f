"""The OpenSpiel-like API: positions built through it, rules checked
through it, and bad input refused with the engine's words."""

import json
import random
import re
from fractions import Fraction

import pytest

import pachisi


def play_random(state, rng):
    """Plays `state` to its end as an OpenSpiel user would: chance by its
    probabilities, each player uniformly among its legal actions."""
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def mensch_after(throw_label, pieces=None, players=4):
    """A Mensch position: `pieces` for each seat (default all at the
    start), red to move after a throw of `throw_label`."""
    game = pachisi.load_game("mensch", players)
    state = json.loads(game.new_initial_state().to_json())
    if pieces is not None:
        state["pieces"] = pieces
    state["phase"] = "throw"
    state["entered"] = [p is not None and any(s > 0 for s in p) for p in state["pieces"]]
    state = game.state_from_json(json.dumps(state))
    throw = game.string_to_action(f"throw {throw_label}")
    assert throw is not None
    state.apply_action(throw)
    return game, state


def test_constants_are_openspiels():
    assert pachisi.CHANCE_PLAYER == -1
    assert pachisi.TERMINAL_PLAYER == -4


def test_a_new_game_starts_with_chance():
    game = pachisi.load_game("mensch")
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == pachisi.CHANCE_PLAYER
    assert not state.is_terminal()
    assert state.returns() == [0.0] * 4


def test_chance_probabilities_add_up_to_one():
    for name in ["mensch", "ludo", "parcheesi", "pachisi", "russian-pachisi"]:
        game = pachisi.load_game(name)
        state = game.new_initial_state()
        rng = random.Random(3)
        seen = 0
        while not state.is_terminal() and seen < 40:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12, name
                exact = state.chance_outcomes_exact()
                assert sum(p for _, p in exact) == Fraction(1), name
                assert [a for a, _ in exact] == [a for a, _ in outcomes]
                assert all(float(f) == p for (_, f), (_, p) in zip(exact, outcomes))
                seen += 1
                actions, probs = zip(*outcomes)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                assert state.chance_outcomes() == []
                state.apply_action(rng.choice(state.legal_actions()))


def test_cowries_have_binomial_probabilities():
    # Six cowries, each up with probability 1/2: no shell up is 1 in 64.
    game = pachisi.load_game("pachisi")
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    exact = dict(state.chance_outcomes_exact())
    assert sorted(exact.values()) == sorted(
        Fraction(n, 64) for n in [1, 6, 15, 20, 15, 6, 1]
    )


NO_PIECE_OUT = [[0, 0, 0, 0]] * 4


def test_only_a_six_brings_a_piece_out_in_mensch():
    game, state = mensch_after("6", NO_PIECE_OUT)
    assert state.current_player() == 0
    assert state.legal_actions_text() == ["0+6"]
    game, state = mensch_after("5", NO_PIECE_OUT)
    # Nothing can move: the only action is to give up the throw.
    assert state.legal_actions_text() == ["pass"]


def test_a_six_must_bring_a_piece_out_in_mensch():
    pieces = [[0, 0, 0, 5]] + NO_PIECE_OUT[1:]
    game, state = mensch_after("6", pieces)
    assert state.legal_actions_text() == ["0+6"]
    with pytest.raises(pachisi.IllegalActionError, match=r"entry: forced"):
        state.apply_action(game.string_to_action("5+6"))


def test_a_refused_move_raises_and_changes_nothing():
    game, state = mensch_after("5", NO_PIECE_OUT)
    before = state.to_json()
    bring_out = game.string_to_action("0+5")
    with pytest.raises(pachisi.IllegalActionError) as refused:
        state.apply_action(bring_out)
    assert "does not let" in str(refused.value) and "(entry" in str(refused.value)
    # Nothing changed: the position, who acts, what is legal.
    assert state.to_json() == before
    assert state.current_player() == 0 and not state.is_chance_node()
    assert state.legal_actions_text() == ["pass"]
    # Asked without playing, the rules give the same reason.
    reason = state.refusal(bring_out)
    assert "does not let" in reason and reason in str(refused.value)
    assert state.refusal(game.string_to_action("pass")) is None
    # After the refusal the state still plays.
    state.apply_action(game.string_to_action("pass"))


def test_a_piece_landing_on_another_sends_it_home():
    # Two players: the first seat's piece on step 1 throws a 3; the other
    # seat's piece stands, on its own track, on the cell it lands on.
    game = pachisi.load_game("mensch", 2)
    state = json.loads(game.new_initial_state().to_json())
    state["phase"] = "throw"
    for other in range(2, 40):
        state["pieces"] = [[0, 0, 0, 1], [0, 0, 0, other]]
        try:
            s = game.state_from_json(json.dumps(state))
        except pachisi.StateError as e:
            # Two sides never share a cell that is not safe.
            assert "two sides share" in str(e)
            continue
        s.apply_action(game.string_to_action("throw 3"))
        s.apply_action(game.string_to_action("1+3"))
        if s.pieces()[1] == [0, 0, 0, 0]:
            break
    else:
        pytest.fail("no step of the other seat is taken by 1+3")
    assert s.pieces()[0] == [0, 0, 0, 4]
    # On every other step the piece stays where it stood.
    assert other == 24


def test_a_json_round_trip_gives_an_equal_state():
    for name in ["mensch", "parcheesi", "pachisi", "nightmare-pachisi", "nieuchess"]:
        game = pachisi.load_game(name)
        state = game.new_initial_state()
        rng = random.Random(5)
        for _ in range(60):
            if state.is_terminal():
                break
            back = game.state_from_json(state.to_json())
            assert back == state, name
            assert hash(back) == hash(state)
            assert back.legal_actions() == state.legal_actions()
            assert str(back) == str(state)
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def test_a_clone_is_apart_from_its_original():
    game = pachisi.load_game("ludo")
    state = game.new_initial_state()
    copy = state.clone()
    assert copy == state
    copy.apply_action(copy.legal_actions()[0])
    assert copy != state
    child = state.child(state.legal_actions()[0])
    assert child == copy


@pytest.mark.parametrize(
    "name", ["mensch", "ludo", "parcheesi", "pachisi", "russian-pachisi", "nightmare-pachisi"]
)
def test_a_random_game_ends_with_one_winning_side(name):
    game = pachisi.load_game(name)
    state = play_random(game.new_initial_state(), random.Random(11))
    assert state.current_player() == pachisi.TERMINAL_PLAYER
    assert state.legal_actions() == []
    returns = state.returns()
    assert len(returns) == game.num_players()
    # Each player of the winning side gets 1, every other 0.
    assert all(r in (0.0, 1.0) for r in returns)
    outcome = state.outcome()
    assert outcome["winner"] is not None
    winners = {game.player_of_seat(s) for s in outcome["winners"]} - {None}
    assert sum(returns) == len(winners) >= 1
    assert all(returns[p] == 1.0 for p in winners)


def test_backgammon_returns_the_points_of_a_single_gammon_or_backgammon():
    # The winner gets 1, 2 or 3 and the loser pays it: returns add up to 0.
    game = pachisi.load_game("backgammon")
    seen = set()
    for seed in range(6):
        state = play_random(game.new_initial_state(), random.Random(seed))
        returns = state.returns()
        assert sum(returns) == 0 and max(returns) in (1.0, 2.0, 3.0)
        assert state.outcome()["scores"] == [int(r) for r in returns]
        seen.add(max(returns))
    assert len(seen) >= 2
    report = pachisi.simulate("backgammon", games=100, seed=3, threads=1)
    assert sum(games for _, games in report["points_won"]) == 100
    assert {points for points, _ in report["points_won"]} <= {1, 2, 3}


def test_the_doubling_cube_is_offered_taken_and_multiplies_the_returns():
    # Before a throw the mover chooses `double` or `roll`; an offer is
    # answered `take` or `drop`; the returns are the points times the stake.
    game = pachisi.load_game("house/backgammon-cube")
    texts = set()
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            actions = state.legal_actions()
            chosen = rng.choice(actions)
            texts.add(state.action_to_string(chosen))
            state.apply_action(chosen)
        returns = state.returns()
        assert sum(returns) == 0 and max(returns) >= 1
        stake = json.loads(state.to_json()).get("stake", {}).get("doublings", 0)
        assert max(returns) % (2 ** stake) == 0
    assert {"double", "roll", "take", "drop"} <= texts
    # The observation holds the stake: four numbers more than the game's.
    base = pachisi.load_game("backgammon")
    assert game.observation_tensor_size() == base.observation_tensor_size() + 4
    state = game.state_from_json(json.dumps({
        **json.loads(base.new_initial_state().to_json()),
        "phase": "throw", "turns": 3, "mover": 1,
        "stake": {"doublings": 2, "holder": 2, "offer": "offered"},
    }))
    assert state.current_player() == 0  # white answers black's offer
    assert state.observation_tensor(0)[-4:] == [pytest.approx(2 / 6), 0.0, 1.0, 1.0]
    assert state.observation_tensor(1)[-4:] == [pytest.approx(2 / 6), 1.0, 0.0, 1.0]


def test_pachisi_partners_share_their_win():
    # Four players in two teams: the two players of the winning side win.
    # Its teams: red and black, yellow and green (players 0 and 2, 1 and 3).
    game = pachisi.load_game("pachisi", 4)
    assert game.seat_names() == ["red", "yellow", "black", "green"]
    state = play_random(game.new_initial_state(), random.Random(2))
    returns = state.returns()
    assert sorted(returns) == [0.0, 0.0, 1.0, 1.0]
    won = {p for p, r in enumerate(returns) if r == 1.0}
    assert won in ({0, 2}, {1, 3})
    assert won == {game.player_of_seat(s) for s in state.outcome()["winners"]}


def test_legal_actions_are_stable_ids_below_the_count():
    for name in pachisi.bundled_variants():
        game = pachisi.load_game(name)
        n = game.num_distinct_actions()
        state = game.new_initial_state()
        rng = random.Random(1)
        for _ in range(30):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            assert actions == sorted(set(actions)), name
            assert all(0 <= a < n for a in actions), name
            texts = state.legal_actions_text()
            assert texts == [state.action_to_string(a) for a in actions]
            assert texts == [state.action_to_string(0, a) for a in actions]
            mask = state.legal_actions_mask()
            assert len(mask) == n, name
            # 1 exactly at the legal ids.
            assert [i for i, m in enumerate(mask) if m] == actions, name
            assert set(mask) <= {0, 1}, name
            state.apply_action(rng.choice(actions))


def test_a_state_played_on_answers_as_the_same_state_read_afresh():
    # A state keeps who acts and its legal list from step to step; read
    # back from JSON, the engine is asked anew. They agree at every step
    # of random games of every bundled variant and house rule, at every
    # table, chance nodes and the throw for who begins included.
    for name in pachisi.bundled_variants():
        game = pachisi.load_game(name)
        for players in sorted({game.num_players(), 2}):
            try:
                game = pachisi.load_game(name, players)
            except pachisi.LoadError:
                continue
            rng = random.Random(5)
            state = game.new_initial_state()
            for _ in range(400):
                fresh = game.state_from_json(state.to_json())
                assert state.current_player() == fresh.current_player(), name
                assert state.is_chance_node() == fresh.is_chance_node(), name
                assert state.is_terminal() == fresh.is_terminal(), name
                assert state.legal_actions() == fresh.legal_actions(), name
                if state.is_chance_node():
                    # The outcomes as the engine lists them, each once.
                    outcomes = sorted(a for a, _ in state.chance_outcomes_exact())
                    assert state.legal_actions() == outcomes, name
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))


def test_bad_input_raises_the_engines_words():
    with pytest.raises(pachisi.LoadError, match="no bundled variant `chess`"):
        pachisi.load_game("chess")
    with pytest.raises(ValueError):
        pachisi.load_game("chess")
    with pytest.raises(pachisi.LoadError, match="cannot read"):
        pachisi.load_game("no/such/file.variant")
    with pytest.raises(pachisi.LoadError, match="not played by 7 players"):
        pachisi.load_game("mensch", 7)
    with pytest.raises(pachisi.LoadError, match=r"<source>:1:"):
        pachisi.game_from_source("game { pieces = }")
    game = pachisi.load_game("mensch")
    with pytest.raises(pachisi.StateError, match="not valid"):
        game.state_from_json("{ not json")
    with pytest.raises(pachisi.StateError, match="impossible"):
        bad = json.loads(game.new_initial_state().to_json())
        bad["pieces"][0] = [0, 0, 0, 200]
        game.state_from_json(json.dumps(bad))
    state = game.new_initial_state()
    before = state.to_json()
    legal = state.legal_actions()
    for bad_id in [-1, game.num_distinct_actions(), 2**40]:
        with pytest.raises(pachisi.Error, match=f"{bad_id} is not an action id of Mensch"):
            state.apply_action(bad_id)
        with pytest.raises(pachisi.Error, match=f"{bad_id} is not an action id .* 0 to 278"):
            state.action_to_string(bad_id)
    with pytest.raises(TypeError):
        state.apply_action("0+6")
    with pytest.raises(pachisi.Error, match="played by players 0 to 3, not 9"):
        state.observation_tensor(9)
    # None of it changed the state.
    assert state.to_json() == before and state.legal_actions() == legal
    assert state.is_chance_node()


def test_a_broken_file_is_refused_with_its_line(tmp_path):
    path = tmp_path / "broken.variant"
    path.write_text('game "Broken" { pieces = 2 }\nseat red { track = a1..zz99 }\n')
    with pytest.raises(pachisi.LoadError, match="broken.variant:"):
        pachisi.load_game(str(path))


def test_a_house_rule_file_extends_a_bundled_game(tmp_path):
    path = tmp_path / "two-pieces.variant"
    path.write_text('extends "mensch"\ngame "Mensch, two pieces" { pieces = 2 }\n')
    game = pachisi.load_game(str(path), 2)
    assert game.name == "Mensch, two pieces"
    state = play_random(game.new_initial_state(), random.Random(4))
    assert all(len(p) == 2 for p in state.pieces())
    source = pachisi.game_from_source(path.read_text(), players=3)
    assert source.num_players() == 3
    assert all(len(p) == 2 for p in source.new_initial_state().pieces())


def test_the_text_board_is_the_show_commands():
    game = pachisi.load_game("ludo")
    state = game.new_initial_state()
    text = str(state)
    assert "\n" in text and len(text) > 100
    # One line for each seat, all pieces at the start; the status last.
    for seat in game.seat_names():
        assert re.search(rf"^{seat} +start 4  home 0  out: -$", text, re.M), seat
    assert text.rstrip().endswith("a throw decides who begins")
    assert repr(state) == '<pachisi.State of "Ludo": a throw decides who begins>'
    # The board is the state's: red with two pieces out is drawn so.
    saved = json.loads(state.to_json())
    saved["phase"], saved["entered"] = "throw", [True, False, False, False]
    saved["pieces"][0] = [0, 0, 3, 5]
    moved = str(game.state_from_json(json.dumps(saved)))
    assert moved != text
    assert re.search(r"^red +start 2  home 0  out: 3 \(d7\), 5 \(f7\)$", moved, re.M), moved
    assert moved.rstrip().endswith("red to throw (turn 1)")
    assert repr(game) == '<pachisi.Game "Ludo" with 4 players>'


def test_the_observation_is_from_the_players_seat():
    game, state = mensch_after("6", NO_PIECE_OUT)
    shape = game.observation_tensor_shape()
    obs0 = state.observation_tensor(0)
    obs1 = state.observation_tensor(1)
    assert len(obs0) == shape[0] == game.observation_tensor_size()
    # The documented layout, read from its end: the phase (who begins,
    # throw, move, over), the seat to move from the observer's, the waiting
    # values (a die: 1 to 6), then a block of steps for each seat.
    seats = len(game.seat_names())
    for obs, mover in ((obs0, 0), (obs1, seats - 1)):
        assert obs[-4:] == [0.0, 0.0, 1.0, 0.0]
        assert obs[-4 - seats:-4] == [1.0 if k == mover else 0.0 for k in range(seats)]
        assert obs[-10 - seats:-4 - seats] == [0.0] * 5 + [1.0]
        blocks = obs[:-10 - seats]
        assert len(blocks) % seats == 0
        steps = len(blocks) // seats
        # Every piece stands at the start: each seat's block is 1 at step 0.
        assert blocks == ([1.0] + [0.0] * (steps - 1)) * seats
    state.apply_action(game.string_to_action("0+6"))
    after0 = state.observation_tensor(0)
    after1 = state.observation_tensor(1)
    # Red's own block comes first for red: a quarter of its pieces left step 0.
    assert obs0[0] == 1.0 and after0[0] == 0.75 and after0[1] == 0.25
    # For yellow, red is the last seat: yellow's own block is unchanged.
    assert after1[0] == obs1[0] == 1.0
    assert after1 != obs1


def test_the_wargames_have_no_observation_tensor():
    game = pachisi.load_game("nieuchess")
    with pytest.raises(pachisi.Error, match="not a race"):
        game.observation_tensor_shape()


def test_simulate_gives_the_command_lines_report():
    report = pachisi.simulate("mensch", games=200, seed=7, players=2, threads=1)
    assert report["games"] == 200 and report["players"] == 2 and report["seed"] == 7
    assert sum(w for _, w in report["wins"]) + report["draws"] == 200
    # The fields of `pachisi simulate --json` (docs/simulate.md).
    assert set(report) == {
        "variant", "players", "games", "seed", "threads", "wins", "win_rates",
        "draws", "turn_limit_reached", "mean_turns", "median_turns",
        "mean_throws", "median_throws", "mean_actions", "median_actions",
        "seconds", "games_per_second", "points_won", "mean_points_won",
    }
    # Mensch counts no points at the end.
    assert report["points_won"] == [] and report["mean_points_won"] == 0
    for rate, (side, wins) in zip(report["win_rates"], report["wins"]):
        assert rate["side"] == side and rate["successes"] == wins and rate["trials"] == 200
        assert rate["low"] <= rate["rate"] <= rate["high"]
    # The same games on two threads: the same report but for the time.
    again = pachisi.simulate("mensch", games=200, seed=7, players=2, threads=2)
    for key in ("threads", "seconds", "games_per_second"):
        del report[key], again[key]
    assert again == report
    with pytest.raises(pachisi.Error, match="above 0"):
        pachisi.simulate("mensch", games=1, threads=0)


def test_play_random_gives_records_that_replay():
    game = pachisi.load_game("ludo", 2)
    records = game.play_random(3, seed=9)
    assert len(records) == 3
    assert records == game.play_random(3, seed=9)
    for record in records:
        lines = record.splitlines()
        assert lines[0] == "variant ludo" and lines[1] == "players 2"
        # Replayed through the Python API, each line is a legal action.
        state = game.new_initial_state()
        for line in lines[2:]:
            _, text = line.split(": ", 1)
            texts = state.legal_actions_text()
            assert text in texts, (text, texts)
            state.apply_action(state.legal_actions()[texts.index(text)])
        assert state.is_terminal()


def test_nieuchess_numbers_only_the_moves_its_board_allows():
    # 70,849 ids (a block of every cell to every cell took 1,640,713):
    # every move of random play has one, read back from its text.
    game = pachisi.load_game("nieuchess")
    n = game.num_distinct_actions()
    assert n == 70_849
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(300):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert all(0 <= a < n for a in actions)
        for a in rng.sample(actions, min(5, len(actions))):
            assert game.string_to_action(state.action_to_string(a)) == a
        state.apply_action(rng.choice(actions))


def test_the_lists_a_state_returns_are_the_callers_own():
    # The lists of a throw are made once for the game: each call hands
    # out a copy, which the caller may change.
    game = pachisi.load_game("mensch")
    state = game.new_initial_state()
    for _ in range(2):  # the throw for who begins, then a throw
        assert state.is_chance_node()
        first = state.legal_actions()
        first.clear()
        state.chance_outcomes().clear()
        assert state.legal_actions() and state.chance_outcomes()
        assert game.new_initial_state().legal_actions()
        state.apply_action(state.legal_actions()[0])
