"""The Gymnasium environment: the checker, masks, and whole episodes."""

import re

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import pachisi  # noqa: E402
from pachisi.env import PachisiEnv  # noqa: E402


@pytest.mark.parametrize("variant", ["mensch", "ludo", "parcheesi", "pachisi"])
def test_the_environment_passes_gymnasiums_checker(variant):
    check_env(PachisiEnv(variant), skip_render_check=True)


def test_an_episode_with_masked_random_actions_ends_with_a_result():
    env = PachisiEnv("mensch", seat=1)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
    rng = np.random.default_rng(0)
    total, steps = 0.0, 0
    while True:
        mask = info["action_mask"]
        assert mask.shape == (env.action_space.n,) and mask.dtype == np.int8
        # The agent is asked only where it chooses, and the mask is 1
        # exactly at the legal ids of its state.
        assert env.state.current_player() == 1
        assert np.flatnonzero(mask).tolist() == env.state.legal_actions()
        assert (mask == env.action_masks()).all()
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        assert (obs == np.asarray(env.state.observation_tensor(1), np.float32)).all()
        steps += 1
        if terminated or truncated:
            break
        assert reward == 0.0  # nothing before the end
    assert terminated and not truncated and env.state.is_terminal()
    assert not info["action_mask"].any()
    # The last reward is the agent's result: 1.0 if its seat won.
    won = 1 in {env.game.player_of_seat(s) for s in env.state.outcome()["winners"]}
    assert reward == (1.0 if won else 0.0)
    assert steps > 10


def test_the_same_seed_plays_the_same_game():
    def episode(seed):
        env = PachisiEnv("ludo")
        obs, info = env.reset(seed=seed)
        seen = [obs]
        done = False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[0])
            obs, reward, terminated, truncated, info = env.step(action)
            seen.append(obs)
            done = terminated or truncated
        return seen

    a, b = episode(5), episode(5)
    assert len(a) == len(b) and all((x == y).all() for x, y in zip(a, b))
    # The seed is what decides: another one plays another game.
    c = episode(6)
    assert len(a) != len(c) or any((x != y).any() for x, y in zip(a, c))


def test_an_illegal_action_loses_or_raises():
    env = PachisiEnv("mensch")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before, obs_before = env.state.to_json(), env.state.observation_tensor(0)
    reason = env.state.refusal(illegal)
    assert reason is not None
    obs, reward, terminated, _, info = env.step(illegal)
    assert reward == -1.0 and terminated
    # The rule that refused it, in the game's words; the state unchanged.
    assert info["illegal_action"].endswith(reason)
    assert info["illegal_action"].startswith(env.state.action_to_string(illegal) + " is not allowed")
    assert env.state.to_json() == before
    assert (obs == np.asarray(obs_before, np.float32)).all()
    # The episode has ended though the game has not: nothing is legal, a
    # further step is refused, and reset starts a new game.
    assert not info["action_mask"].any() and not env.action_masks().any()
    legal = int(np.flatnonzero(np.frombuffer(env.state.legal_actions_mask(), np.int8))[0])
    with pytest.raises(pachisi.Error, match="the episode is over: call reset"):
        env.step(legal)
    assert env.state.to_json() == before
    _, info = env.reset(seed=1)
    assert info["action_mask"].any()
    env = PachisiEnv("mensch", illegal="raise")
    env.reset(seed=1)
    before = env.state.to_json()
    with pytest.raises(pachisi.IllegalActionError, match="is not allowed: " + re.escape(reason)):
        env.step(illegal)
    assert env.state.to_json() == before


def test_the_wargames_are_refused_with_a_reason():
    for name in ["nieuchess", "nightmare-pachisi"]:
        with pytest.raises(pachisi.Error, match="not a race"):
            PachisiEnv(name)
