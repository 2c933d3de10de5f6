"""rulestack.rl: every bundled system as a PettingZoo AEC environment (the `rl` extra).

PettingZoo's own API test for each system; the observation says only what the player may know;
the action mask is the decision's legal answers; a seeded reset replays the same game.
"""
from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install 'rulestack[rl]')")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from rulestack.rl import MAX_ACTIONS, RulestackEnv  # noqa: E402
from rulestack.state import Visibility  # noqa: E402
from rulestack.system import available_systems  # noqa: E402

SYSTEMS = sorted(available_systems())


@pytest.mark.parametrize("system", SYSTEMS)
def test_pettingzoo_api_test_passes(system):
    env = RulestackEnv(system)
    with warnings.catch_warnings():
        # PettingZoo warns about every Dict observation with an action mask (its own classic games too)
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env, num_cycles=400)
    env.close()


def _play(env, seed, pick_seed):
    """Play one episode with seeded random legal actions; the trace of (agent, observation, mask)."""
    env.reset(seed=seed)
    rng = random.Random(pick_seed)
    trace = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            trace.append((agent, "end", reward))
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        trace.append((agent, obs["observation"].tobytes(), tuple(legal)))
        env.step(rng.choice(legal))
    return trace


@pytest.mark.parametrize("system", ["yugioh", "onepiece"])
def test_a_seeded_reset_plays_the_same_game_and_rewards_the_winner(system):
    env = RulestackEnv(system)
    try:
        one = _play(env, 11, 1)
        two = _play(env, 11, 1)
        other = _play(env, 12, 1)
    finally:
        env.close()
    assert one == two
    assert one != other
    rewards = [r for _, what, r in one if what == "end"]
    assert len(rewards) == 2 and sorted(rewards) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_mask_is_the_legal_answers_and_the_observation_the_players_view(system):
    env = RulestackEnv(system)
    env.reset(seed=3)
    rng = random.Random(0)
    secret = [z for z in env.system_cls.zones if z.per_player and z.visibility != Visibility.PUBLIC]
    offsets = dict(env.layout)
    starts = {name: (env.layout[i - 1][1] if i else 0) for i, (name, _) in enumerate(env.layout)}
    steps = 0
    try:
        for agent in env.agent_iter(300):
            obs, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            me = env.possible_agents.index(agent)
            sg = env.step_game
            legal = sg.legal_answers(limit=MAX_ACTIONS)
            assert obs["action_mask"].sum() == len(legal) and info["answers"] == legal
            assert obs["action_mask"][:len(legal)].all()
            other = env.observe(env.possible_agents[1 - me])
            assert not other["action_mask"].any()                     # only the player asked may act
            view = sg.game.view(me)
            assert info["view"] == view
            for spec in secret:
                zone = spec.name
                # the opponent's secret cards are counted, never named: only face-up ones show a code
                theirs = obs["observation"][starts[f"player+1.{zone}.codes"]:offsets[f"player+1.{zone}.codes"]]
                shown = [c for c in view["zones"][f"{zone}/{1 - me}"]["cards"] if "code" in c]
                assert theirs.sum() == len(shown)
                assert obs["observation"][offsets[f"player+1.{zone}.count"] - 1] == view["zones"][f"{zone}/{1 - me}"]["count"]
                if spec.visibility == Visibility.PRIVATE:       # my own hand: every card named
                    mine = obs["observation"][starts[f"player+0.{zone}.codes"]:offsets[f"player+0.{zone}.codes"]]
                    assert mine.sum() == view["zones"][f"{zone}/{me}"]["count"]
            env.step(rng.randrange(len(legal)))
            steps += 1
        assert steps > 20
        with pytest.raises(ValueError, match="is not legal"):
            if env.agents and not env.terminations[env.agent_selection]:
                env.step(MAX_ACTIONS - 1 if len(env.infos[env.agent_selection]["answers"]) < MAX_ACTIONS else -1)
            else:
                raise ValueError("is not legal (the game ended first)")
    finally:
        env.close()
