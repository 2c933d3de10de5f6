"""Asking players: typed decisions answered by agents, and the action windows where a player
chooses what to do next."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Sequence

from . import decisions as d
from .agents import RandomAgent
from .errors import GameOver, RulestackError
from .flow import Action
from ._hookcall import DirectHookCaller

#: The arguments of the implementations :class:`DecisionAsking` calls directly (DirectHookCaller.sole).
_LEGAL_ACTIONS_ARGS = ("game", "player", "window")
_PERFORM_ARGS = ("game", "action")
#: How many actions' options :class:`DecisionAsking` keeps at most (see ``_action_options``).
_KEPT_OPTIONS = 4096

_new_object = object.__new__
#: The slots' setters of a decision, in the order of its fields (for :meth:`DecisionAsking.act`).
_DECISION_FIELDS = ("player", "kind", "prompt", "options", "min", "max", "source", "reason", "validator")
(_decision_player, _decision_kind, _decision_prompt, _decision_options, _decision_min, _decision_max,
 _decision_source, _decision_reason, _decision_validator) = (getattr(d.Decision, name).__set__ for name in _DECISION_FIELDS)
#: The same for an option (for :meth:`DecisionAsking._new_option`).
_OPTION_FIELDS = ("label", "value", "card", "info")
_option_label, _option_value, _option_card, _option_info = (getattr(d.Option, name).__set__ for name in _OPTION_FIELDS)

#: :meth:`RandomAgent.decide` as defined (:meth:`DecisionAsking.act` asks a random agent directly
#: only while it is its class's own).
_RANDOM_DECIDE = RandomAgent.decide

if TYPE_CHECKING:
    from .game import Game
    from ._views import PlayerViews


class Seat:
    """What an agent sees: its player's view of the game (computed on demand)."""

    __slots__ = ("game", "player")

    def __init__(self, game: Any, player: int) -> None:
        self.game = game
        self.player = player

    def view(self) -> dict[str, Any]:
        return self.game.view(self.player)


class DecisionAsking:
    """Asking the players of one game (``game.asking``): builds decisions (showing cards as the
    chooser may see them, through the views), asks the agents, records the answers in the state,
    and runs action windows (the ``legal_actions`` and ``perform_action`` hooks)."""

    def __init__(self, game: Game, views: PlayerViews, *, plain_transaction: bool = False) -> None:
        self.game = game
        self.views = views
        #: id of an action offered at a window -> its option (holding it): systems offer the same
        #: Action objects again and again (and an action and an option are frozen), so each one's
        #: option is made once (see :meth:`_action_options`).
        self._options: dict[int, d.Option] = {}
        #: Whether the game's transactions are Game's own (not a subclass's), which :meth:`act` runs inline.
        self._plain_transaction = plain_transaction

    def decide(self, decision: d.Decision) -> Any:
        """Ask the deciding player's agent; validate and record the answer."""
        game = self.game
        if (game.auto_single and decision.validator is None
                and (len(decision.options) if decision.kind == d.ACTION else decision.count_answers()) == 1):
            return decision.answers(limit=1)[0]
        answer = game.agents[decision.player].decide(decision, Seat(game, decision.player))
        canonical = decision.validate(answer)
        game.state.decisions.append(canonical)   # (Game.decisions, without its property)
        hook = game.pm.hook.decision_answered
        if type(hook) is not DirectHookCaller or not hook.idle():   # (no plugin listens: nothing to call)
            hook(game=game, decision=decision, answer=canonical)
        return canonical

    def _plain_random(self, player: int) -> RandomAgent | None:
        """``player``'s agent when it is a plain :class:`RandomAgent` (its class's own ``decide``,
        none of its own, a plain ``random.Random``) and no plugin is told of answers
        (``decision_answered``): one whose answer to a decision without a validator depends on
        nothing but the decision's kind, its number of options, ``min`` and ``max``, so that the host
        may ask it for that answer without building the decision (see :meth:`act`)."""
        game = self.game
        agent = game.agents[player]
        if (type(agent) is RandomAgent and RandomAgent.decide is _RANDOM_DECIDE and "decide" not in agent.__dict__
                and type(agent.rng) is random.Random and type(hook := game.pm.hook.decision_answered) is DirectHookCaller
                and hook.idle()):
            return agent
        return None

    def card_option(self, card_id: int, viewer: int, show_face: bool = False) -> d.Option:
        """An option standing for a card, showing its face only if ``viewer`` may see it (or
        ``show_face``: the chooser looks at it, as in a deck search)."""
        card = self.game.state.cards[card_id]
        if show_face or self.views.can_see(viewer, card):
            return d.Option(label=card.name, value=card_id, card=card_id, info=self.views.card_view(card, viewer))
        zone = card.zone
        return d.Option(label=f"a face-down card in {zone}", value=card_id, card=card_id)

    def choose_cards(self, player: int, card_ids: Sequence[int], min: int, max: int, prompt: str, *,
                     reason: str = "resolution", source: int | None = None, secret: bool = False,
                     show_faces: bool = False) -> list[int]:
        """Ask ``player`` to choose between ``min`` and ``max`` of the given cards. With
        ``show_faces`` the chooser sees the faces of cards they could not otherwise see (they look
        at them: One Piece 8-4-4-4)."""
        if type(card_ids) is list or type(card_ids) is tuple:
            agent = self._plain_random(player)
            if agent is not None and all(map(self.game.state.cards.__contains__, card_ids)):
                # What ``decide`` would do with the decision below, without building it or its
                # options (a random agent reads only how many there are); a card that is not there
                # goes the full way, which says so.
                n = len(card_ids)
                if self.game.auto_single and d.count_choices(n, min, max) == 1:
                    return [card_ids[i] for i in range(min)]   # (the one answer, not asked)
                picked = agent.choice_indices(n, min, max)
                self.game.state.decisions.append(picked)
                return [card_ids[i] for i in picked]
        options = tuple(self.card_option(c, player, show_faces) for c in card_ids)
        dec = d.Decision(player=player, kind=d.CHOOSE, prompt=prompt, options=options, min=min, max=max,
                         source=source, reason=reason)
        return [options[i].value for i in self.decide(dec)]

    def choose_players(self, player: int, indices: Sequence[int], min: int, max: int, prompt: str, *,
                       source: int | None = None) -> list[int]:
        """Ask ``player`` to choose between ``min`` and ``max`` of the given players (by index)."""
        options = tuple(d.Option(label=self.game.state.players[i].name, value=i) for i in indices)
        dec = d.Decision(player=player, kind=d.CHOOSE, prompt=prompt, options=options, min=min, max=max,
                         source=source, reason="target")
        return [options[i].value for i in self.decide(dec)]

    def yes_no(self, player: int, prompt: str, *, source: int | None = None, must: bool = False) -> bool:
        """Ask a yes/no question (``must`` forbids declining)."""
        dec = d.Decision(player=player, kind=d.YES_NO, prompt=prompt, min=1 if must else 0, source=source,
                         reason="yes_no")
        return self.decide(dec)

    def choose_option(self, player: int, labels: Sequence[str], prompt: str, *, source: int | None = None) -> int:
        """Ask ``player`` to pick one of several labelled options; returns its index."""
        dec = d.Decision(player=player, kind=d.CHOOSE, prompt=prompt, options=d.options_from(labels), min=1, max=1,
                         source=source, reason="option")
        return self.decide(dec)[0]

    def choose_number(self, player: int, lo: int, hi: int, prompt: str, *, source: int | None = None) -> int:
        """Ask ``player`` for a number between ``lo`` and ``hi``."""
        dec = d.Decision(player=player, kind=d.NUMBER, prompt=prompt, min=lo, max=hi, source=source, reason="number")
        return self.decide(dec)

    def order(self, player: int, things: Sequence[Any], prompt: str, label: Callable[[Any], str] = str) -> list[Any]:
        """Ask ``player`` to put ``things`` in order; returns them reordered."""
        if len(things) <= 1:
            return list(things)
        dec = d.Decision(player=player, kind=d.ORDER, prompt=prompt, options=d.options_from(things, label),
                         reason="order")
        return [things[i] for i in self.decide(dec)]

    # -- actions -----------------------------------------------------------------------------
    def legal_actions(self, player: int, window: str) -> list[Action]:
        """Every action the plugins allow ``player`` now."""
        hook = self.game.pm.hook.legal_actions
        sole = hook.sole(_LEGAL_ACTIONS_ARGS) if type(hook) is DirectHookCaller else None
        if sole is not None:   # the system's one implementation, called as the hook would (its list, copied)
            acts = sole(self.game, player, window)
            return list(acts) if acts else []
        offered = hook(game=self.game, player=player, window=window)
        if len(offered) == 1:   # one plugin offers actions (the common case): its list, copied
            acts = offered[0]
            return list(acts) if acts else []
        return [a for acts in offered if acts for a in acts]

    def act(self, player: int, window: str, prompt: str | None = None) -> Action:
        """An action window: ask ``player`` to choose one legal action and perform it. The state
        after the previous action becomes the base a failure rolls back to. A position that keeps
        coming back ends the game (:mod:`rulestack.runaway`)."""
        game = self.game
        game._runaway.window(player, window)
        actions = self.legal_actions(player, window)   # through the method: a fork offers its parent's list
        if not actions:
            raise RulestackError(f"no legal action for P{player} in window {window!r} "
                                 "(a system must always offer at least a pass)")
        if not game._tx_depth:   # a window opened inside an action keeps that action's transaction
            game.journal._undo.clear()   # (Journal.checkpoint, inline)
        if len(actions) == 1 and game.auto_single:
            # The only legal action (a window where passing is all that is possible): the host
            # answers it, as ``decide`` would, without building the decision it would not ask.
            action = actions[0]
        elif (agent := self._plain_random(player)) is not None:
            # A plain random agent and no plugin told of answers: what ``decide`` would do with the
            # decision below, without building it (or its options): the agent's answer (it reads
            # only how many options there are), recorded.
            i = agent.action_index(len(actions))
            game.state.decisions.append([i])
            action = actions[i]
        else:
            options = self._action_options(actions)
            # d.Decision(player, d.ACTION, prompt or window, options, reason="action"), its slots set here
            # (what its direct __init__ does; its post-init check of the kind passes for ACTION).
            dec = _new_object(d.Decision)
            _decision_player(dec, player)
            _decision_kind(dec, d.ACTION)
            _decision_prompt(dec, prompt or window)
            _decision_options(dec, options)
            _decision_min(dec, 1)
            _decision_max(dec, 1)
            _decision_source(dec, None)
            _decision_reason(dec, "action")
            _decision_validator(dec, None)
            action = options[self.decide(dec)[0]].value
        hook = game.pm.hook.perform_action
        chain = hook.chain(_PERFORM_ARGS) if type(hook) is DirectHookCaller else None
        if not self._plain_transaction:
            with game.transaction():
                if chain is not None:
                    chain(game, action)
                else:
                    hook(game=game, action=action)
            return action
        # ``with game.transaction():`` inline (Game's own: rulestack.game._Transaction does the same).
        undo = game.journal._undo
        mark, version = len(undo), game.journal.version
        game._tx_depth += 1
        try:
            if chain is not None:   # the implementations (the system's, the host's), called as the hook would
                chain(game, action)
            else:
                hook(game=game, action=action)
        except BaseException as error:
            game._tx_depth -= 1
            if not isinstance(error, GameOver):   # a game that ended stays ended
                game.journal.rollback(mark, version)
            raise
        game._tx_depth -= 1
        return action

    def _action_options(self, actions: list[Action]) -> tuple[d.Option, ...]:
        """The options of an action window, one per action: ``Option(label or kind, action, card)``,
        made once per Action object (kept by its id; the option holds the action, so the id names
        it while kept; at most :data:`_KEPT_OPTIONS` kept, then all forgotten at once)."""
        kept = self._options
        if len(kept) > _KEPT_OPTIONS:
            kept.clear()
        get = kept.get
        # (An id kept is the id of the action its option holds: that action is alive, and no
        # other object can have its id.)
        return tuple([o if (o := get(id(a))) is not None else self._new_option(a) for a in actions])

    def _new_option(self, action: Action) -> d.Option:
        option = _new_object(d.Option)   # d.Option(action.label or action.kind, action, action.card), its slots set here
        _option_label(option, action.label or action.kind)
        _option_value(option, action)
        _option_card(option, action.card)
        _option_info(option, None)
        self._options[id(action)] = option
        return option

    def perform(self, action: Action) -> Any:
        """Perform one action (as one transaction)."""
        with self.game.transaction():
            return self.game.pm.hook.perform_action(game=self.game, action=action)
