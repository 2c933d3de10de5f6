"""Hostile Tiny: the Tiny system, plus every script of ``tests/attacks`` as a card. Test-only.

Each attack file returns abilities of kind ``activate``: here such an ability is activated from
the hand and goes on the stack like a Tiny spell, so an attack is played through the real flow
(action window → activation → stack → both players pass → resolution). The host methods the
attacks call (``mark``, ``fail``, ``again``, ``work``, ``give_string``, ``give_table``, ``nested``)
are Lua words of this system, with game meanings: ``mark`` records an event (a change a failed
action must roll back), ``fail`` is a host method that raises, ``again`` and ``work`` run the
card's own functions again through the host.
"""
from __future__ import annotations

from pathlib import Path

from rulestack import AbilityKind, Cause, RulestackError, Role, hookimpl

from tinygame.system import TinyGame

HERE = Path(__file__).resolve().parent
ATTACKS = HERE.parent / "attacks"


class HostRefused(RulestackError):
    """Raised by the ``fail`` host method: a host method that fails for its own reasons."""


def m_mark(ctx, what):
    """Record a ``marked`` event (a state change that a failed action must roll back)."""
    ctx.game.record("marked", cause=Cause.EFFECT, source=ctx.source_id, player=ctx.player, what=str(what))


def m_fail(ctx):
    """A host method that raises."""
    raise HostRefused("the host refused")


def m_again(ctx):
    """Run this ability's resolution again, from inside itself, through the host."""
    return _run(ctx, ctx.ability)


def m_work(ctx):
    """Run the card's second ability (a loop) through the host."""
    return _run(ctx, ctx.card.definition.abilities[1])


def _run(ctx, ability):
    game = ctx.game
    return game.run_script(ctx.card, ability.get("resolve"),
                           game.context(card=ctx.card, ability=ability, player=ctx.player))


class HostileTiny(TinyGame):
    """Tiny with the attack cards and the Lua words they use."""

    name = "hostile"
    title = "Hostile Tiny (every attack script as a card; test-only)"
    ability_kinds = {
        **TinyGame.ability_kinds,
        "activate": AbilityKind("activate", Role.ACTIVATED, doc="an attack: activated from hand onto the stack",
                                zones=("hand",)),
    }
    script_methods = {
        **TinyGame.script_methods,
        "mark": m_mark, "fail": m_fail, "again": m_again, "work": m_work,
        "give_string": lambda ctx: "y" * 100_000,
        "give_table": lambda ctx: [{"name": f"card {i}"} for i in range(2000)],
        "nested": lambda ctx, text: len(text),
    }

    @classmethod
    def card_files(cls) -> list[Path]:
        return TinyGame.card_files() + [ATTACKS / "cards.yaml", HERE / "cards" / "cards.yaml"]

    @hookimpl
    def legal_actions(self, game, player, window):
        return (super().legal_actions(game, player, window)
                + game.activatable(player, window, zones=["hand"], kinds=["activate"]))

    @hookimpl
    def announce(self, game, activation):
        if activation.ability.kind == "activate":
            game.move(activation.card, "stack", None, cause=Cause.RULE, by=activation.player, kind="cast")
            return True
        return super().announce(game, activation)
