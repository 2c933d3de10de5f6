"""Any game system as a PettingZoo AEC environment, for learning agents (``pip install 'rulestack[rl]'``).

>>> from rulestack.rl import RulestackEnv
>>> env = RulestackEnv("yugioh")            # the system's sample decks; or decks=["a", "b"]
>>> env.reset(seed=7)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
...     env.step(action)

**Agents** are ``player_0``, ``player_1`` ...: seat ``i`` plays ``decks[i]``. The agent selected is
always the player the game asks (a game may ask the same player several times in a row).

**Actions**: ``Discrete(max_actions)``. Action ``i`` is the ``i``-th legal answer of the pending
decision, in :meth:`Decision.answers <rulestack.decisions.Decision.answers>` order (for an action
decision: the ``i``-th action offered; for a choice: the ``i``-th combination...). The mask
(``observation["action_mask"]``, int8) marks the legal ones; a decision with more legal answers
than ``max_actions`` offers its first ``max_actions``, and ``info["answers_total"]`` tells how many
there were. ``max_actions`` is fixed per system: :data:`MAX_ACTIONS` (64) unless the system class
declares ``rl_max_actions`` or the caller passes one. Random play of the bundled systems never saw
more than 29 legal answers to one decision (an order of many cards is the exception that can).

**Observations** are what the player may know (:meth:`Game.view <rulestack.game.Game.view>`, never
the hidden cards), as ``{"observation": float32 vector, "action_mask": int8 vector}``. The vector
(its layout in ``env.layout``) is, all raw numbers:

1. the turn; 1 if it is this player's turn; the decision's kind, one-hot (choose, action, yes_no,
   order, number); the number of legal answers offered; the size of the response stack;
2. per player, starting with the observer then the others in seat order: life (0 if the game has
   none) and the number of cards in each of the system's per-player zones; then the shared zones;
3. per zone (the same order), how many of the cards the player can see there have each card code
   of the decks (sorted), plus one slot for any other card (tokens).

``info`` holds the view itself (``info["view"]``, a dict), and for the player to act the decision
(``info["decision"]``: its one-line description) and the legal answers the actions stand for
(``info["answers"]``). Rewards: +1 to the winners and -1 to the others when the game ends, 0 to
all in a draw. Resets are seeded: ``reset(seed=s)`` plays game seed ``s``; a reset without a seed
takes the next seed from a generator seeded by the last seed given.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
except ImportError as e:   # the optional extra
    raise ImportError(f"rulestack.rl needs the 'rl' extra: pip install 'rulestack[rl]' ({e})") from None

from .cards import Deck
from .decisions import KINDS
from .game import Game
from .step import StepGame
from .system import GameSystem, find_system

#: The number of actions (legal answers offered per decision) unless the system or caller says.
MAX_ACTIONS = 64
_KINDS = tuple(sorted(KINDS))


class RulestackEnv(AECEnv):
    """A game of ``system`` between ``decks`` (default: its sample decks) as a PettingZoo AEC
    environment; see the module's documentation for the spaces, rewards and seeding."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "rulestack_v0", "is_parallelizable": False}

    def __init__(self, system: str | type[GameSystem], decks: Sequence[str | Deck] | None = None, *,
                 settings: dict[str, Any] | None = None, max_actions: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        from .pool import CardPool
        self.system_cls = find_system(system)
        pool = CardPool.for_system(self.system_cls)
        chosen = list(decks or self.system_cls.sample_decks)
        self.decks = [d if isinstance(d, Deck) else pool.deck(d) for d in chosen]
        self.settings = dict(settings or {})
        self.max_actions: int = max_actions or int(self.system_cls.rl_max_actions or MAX_ACTIONS)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' or None")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"rulestack_{self.system_cls.name}_v0"}
        n = len(self.decks)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.codes = sorted({c for d in self.decks for c in d.all_codes()})
        self._code_index = {c: i for i, c in enumerate(self.codes)}
        specs = self.system_cls.zones
        self._own_zones = [z.name for z in specs if z.per_player]
        self._shared_zones = [z.name for z in specs if not z.per_player]
        self.layout = self._layout(n)
        size = self.layout[-1][1]
        self._obs_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.max_actions,), np.int8)})
        self._act_space = gymnasium.spaces.Discrete(self.max_actions)
        self._seeds = random.Random(0)
        self.step_game: StepGame | None = None
        self._answers: list[Any] = []
        self._observer_zone_keys: dict[int, list[str]] = {}
        self.agents: list[str] = []

    # -- spaces ----------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        """The same Dict space for every agent (see the module's documentation)."""
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        """``Discrete(max_actions)``: action ``i`` is the ``i``-th legal answer offered."""
        return self._act_space

    def _layout(self, players: int) -> list[tuple[str, int]]:
        """``(name, end offset)`` of each part of the observation vector, in order."""
        parts: list[tuple[str, int]] = []
        at = 0

        def add(name: str, size: int) -> None:
            nonlocal at
            at += size
            parts.append((name, at))

        add("turn", 1)
        add("my_turn", 1)
        add("decision_kind", len(_KINDS))
        add("answers", 1)
        add("stack", 1)
        for rel in range(players):
            add(f"player+{rel}.life", 1)
            for z in self._own_zones:
                add(f"player+{rel}.{z}.count", 1)
        for z in self._shared_zones:
            add(f"{z}.count", 1)
        for key in self._zone_keys(players):
            add(f"{key}.codes", len(self.codes) + 1)
        return parts

    def _zone_keys(self, players: int) -> list[str]:
        return [f"player+{rel}.{z}" for rel in range(players) for z in self._own_zones] + list(self._shared_zones)

    # -- the AEC API -----------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: game seed ``seed``, or the next from the seeded generator."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2 ** 48)
        self.close()
        game = Game(self.system_cls, self.decks, seed=game_seed, settings=self.settings)
        self.step_game = StepGame(game)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        """Select the agent the game asks (or end the episode) and refresh answers and infos."""
        sg = self.step_game
        assert sg is not None
        if sg.done:
            result = sg.result
            winners = set(result.winners) if result is not None else set()
            for i, a in enumerate(self.agents):
                self.rewards[a] = 0.0 if not winners else (1.0 if i in winners else -1.0)
                self.terminations[a] = True
            self._answers = []
            for i, a in enumerate(self.agents):
                self.infos[a] = {"view": sg.game.view(i),
                                 "result": {"winners": sorted(winners), "reason": result.reason if result else None}}
            return
        assert sg.decision is not None
        self.agent_selection = self.possible_agents[sg.decision.player]
        self._total = int(min(sg.decision.count_answers(), 10 ** 9))
        self._answers = sg.legal_answers(limit=self.max_actions)
        for i, a in enumerate(self.agents):
            info: dict[str, Any] = {"view": sg.game.view(i)}
            if a == self.agent_selection:
                info.update(decision=sg.decision.describe(), answers=list(self._answers),
                            answers_total=max(len(self._answers), self._total))
            self.infos[a] = info

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: the encoded view and the mask of its legal actions."""
        index = self.possible_agents.index(agent)
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if self.step_game is not None and not self.step_game.done and self.agent_selection == agent:
            mask[:len(self._answers)] = 1
        return {"observation": self.encode(index), "action_mask": mask}

    def encode(self, player: int) -> Any:
        """The observation vector of ``player`` (layout: ``self.layout``)."""
        sg = self.step_game
        assert sg is not None
        view = sg.game.view(player)
        n = len(self.possible_agents)
        out = np.zeros(self.layout[-1][1], dtype=np.float32)
        at = 0
        out[at] = view["turn"] or 0
        out[at + 1] = 1.0 if view["active_player"] == player else 0.0
        at += 2
        if sg.decision is not None:
            out[at + _KINDS.index(sg.decision.kind)] = 1.0
        at += len(_KINDS)
        out[at] = len(self._answers) if sg.decision is not None and sg.decision.player == player else 0
        out[at + 1] = len(view["stack"])
        at += 2
        zones = view["zones"]
        for rel in range(n):
            p = (player + rel) % n
            out[at] = view["players"][p]["life"] or 0
            at += 1
            for z in self._own_zones:
                out[at] = zones.get(f"{z}/{p}", {}).get("count", 0)
                at += 1
        for z in self._shared_zones:
            out[at] = zones.get(z, {}).get("count", 0)
            at += 1
        width = len(self.codes) + 1
        keys = [f"{z}/{(player + rel) % n}" for rel in range(n) for z in self._own_zones] + list(self._shared_zones)
        for key in keys:
            for card in zones.get(key, {}).get("cards", ()):
                code = card.get("code")
                if code is not None:
                    out[at + self._code_index.get(code, width - 1)] += 1
            at += width
        return out

    def step(self, action: Any) -> None:
        """Answer the pending decision with legal answer number ``action``; ``None`` for an agent
        whose game is over (PettingZoo's dead step)."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give the index of a legal answer (see the action mask)")
        i = int(action)
        if not 0 <= i < len(self._answers):
            raise ValueError(f"action {i} of {agent} is not legal: only 0..{len(self._answers) - 1} are "
                             f"(the action mask marks them)")
        self._cumulative_rewards[agent] = 0.0
        assert self.step_game is not None
        self.step_game.apply(self._answers[i])
        self._clear_rewards()
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        """The pending decision (or the result) as one line of text."""
        sg = self.step_game
        if sg is None:
            return None
        if sg.done:
            return sg.result.describe() if sg.result is not None else "the game failed"
        assert sg.decision is not None
        return f"turn {sg.game.state.turn}: {sg.decision.describe()}"

    def close(self) -> None:
        """End the current game, if any, and release its engine."""
        if self.step_game is not None:
            self.step_game.close()
            self.step_game = None


def env(system: str | type[GameSystem], decks: Sequence[str | Deck] | None = None, **kw: Any) -> RulestackEnv:
    """PettingZoo's usual constructor name: :class:`RulestackEnv` (``rulestack.rl.env("mtg")``)."""
    return RulestackEnv(system, decks, **kw)
