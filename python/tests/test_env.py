"""The Gymnasium environment: the checker, masks, and whole episodes."""

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
        assert mask.shape == (env.action_space.n,) and mask.sum() >= 1
        assert (mask == env.action_masks()).all()
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        total += reward
        steps += 1
        if terminated or truncated:
            break
    assert total in (0.0, 1.0)
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


def test_an_illegal_action_loses_or_raises():
    env = PachisiEnv("mensch")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert reward == -1.0 and terminated and info["illegal_action"]
    env = PachisiEnv("mensch", illegal="raise")
    env.reset(seed=1)
    with pytest.raises(pachisi.Error):
        env.step(illegal)


def test_the_wargames_are_refused_with_a_reason():
    for name in ["nieuchess", "nightmare-pachisi"]:
        with pytest.raises(pachisi.Error, match="not a race"):
            PachisiEnv(name)
