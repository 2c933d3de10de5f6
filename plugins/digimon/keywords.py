"""Keywords written in card data, expanded into abilities and numbers (CRM 16), and each timing's
trigger and label filled in (15-16).

<Blocker>, <Rush>, <Piercing>, <Jamming>, <Reboot> and <Retaliation> are keyword flags the rules
read (``game.has_keyword``); <Security Attack +N/-N> and <Digisorption -N> become numbers
(``security_attack``, ``digisorption``); <Draw N> and <Recovery +N (Deck)> are processing that a
timing's effect carries out (``"On Play: Draw 1"``), and the [Security] texts of Tamers and Options
are keywords too (``"Security: play this card"``, ``"Security: activate this card's [Main] effect"``).
The effects these keywords carry out are here too, above the modules that carry them out
(:mod:`.stacks`, :mod:`.turn`, :mod:`.security`), which is why this is not part of :mod:`.abilities`.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from rulestack import CardDataError, Cause

from . import areas, security, stacks, turn
from .abilities import LABELS, TIMINGS, TURN_OF
from .areas import BATTLE

#: Keywords the rules read as flags (16).
FLAG_KEYWORDS = frozenset({"Blocker", "Rush", "Piercing", "Jamming", "Reboot", "Retaliation"})

_NUMBERED = re.compile(r"^(Security Attack|Digisorption) ([+-]\d+)$")
_PROCESSING = re.compile(r"^(On Play|When Digivolving|When Attacking|On Deletion|Main|Security): "
                         r"(Draw (\d+)|Recovery \+(\d+) \(Deck\))$")
_TIMING_KINDS = {"On Play": "on_play", "When Digivolving": "when_digivolving", "When Attacking": "when_attacking",
                 "On Deletion": "on_deletion", "Main": "main", "Security": "security"}


def _security_play(ctx: Any) -> None:
    """[Security] Play this card without paying its memory cost."""
    stacks.place(ctx.game, ctx.card, ctx.player, cause=Cause.EFFECT, source=ctx.card.id, by_effect=False)


def _security_main(ctx: Any) -> None:
    """[Security] Activate this card's [Main] effect (15-15-7: processed inside this effect)."""
    for ab in ctx.card.definition.abilities:
        if ab.kind == "main" and ab.get("resolve") is not None:
            ctx.game.run_script(ctx.card, ab.get("resolve"), ctx)
            return


KEYWORD_ABILITIES: dict[str, tuple[str, Callable[[Any], None]]] = {
    "Security: play this card": ("[Security] play this card without paying its cost", _security_play),
    "Security: activate this card's [Main] effect": ("[Security] activate this card's [Main] effect",
                                                     _security_main),
}


def event_data(ctx: Any) -> dict:
    """The event that triggered the effect being processed, as a plain dict."""
    if ctx.event is not None:
        return ctx.event.to_dict()
    return dict(ctx.item.event or {}) if ctx.item is not None else {}


def _retaliate(ctx: Any) -> None:
    """<Retaliation> (16-13): when just this Digimon is deleted in battle, delete the Digimon it
    battled."""
    other = ctx.game.card(event_data(ctx)["battled_with"])
    if other.zone == BATTLE and areas.is_digimon_card(other):
        stacks.delete(ctx.game, other, cause=Cause.EFFECT, source=ctx.card.id, by=ctx.player)


def _draw_fn(n: int) -> Callable[[Any], None]:
    def draw(ctx: Any) -> None:
        turn.draw(ctx.game, ctx.player, n, cause=Cause.EFFECT, source=ctx.card.id)
    return draw


def _recovery_fn(n: int) -> Callable[[Any], None]:
    def recover(ctx: Any) -> None:
        security.recover(ctx.game, ctx.player, n, source=ctx.card.id)
    return recover


def expand(entry: Any, abilities: list[dict]) -> list[dict]:
    """Fill in each timing's trigger and label; turn keyword texts into abilities or numbers."""
    out = []
    for ab in abilities:
        kind = ab.get("kind")
        if kind in TIMINGS and "trigger" not in ab:
            ab["trigger"] = dict(TIMINGS[kind])
        if kind in TURN_OF:
            ab[TURN_OF[kind]] = True
        if kind == "pending_processing" and "trigger" not in ab:
            ab["trigger"] = {"on": ab.get("at", "end_of_turn")}
        if kind in LABELS and "label" not in ab:
            ab["label"] = LABELS[kind] + (" (inherited)" if ab.get("inherited") else "")
        out.append(ab)
    static_mods: list[dict] = []
    inherited_mods: list[dict] = []
    for kw in entry.keywords:
        inherited = kw.startswith("Inherited: ")
        word = kw[len("Inherited: "):] if inherited else kw
        if word in FLAG_KEYWORDS:
            if inherited:
                inherited_mods.append({"attr": "keywords", "op": "grant", "value": word})
            elif word == "Retaliation":
                out.append({"kind": "on_deletion", "label": "<Retaliation>", "resolve": _retaliate,
                            "trigger": {"on": "deleted", "self": True, "cause": "battle", "alone": True}})
            continue
        m = _NUMBERED.match(word)
        if m:
            attr = "security_attack" if m.group(1) == "Security Attack" else "digisorption"
            (inherited_mods if inherited else static_mods).append({"attr": attr, "op": "add", "value": int(m.group(2))})
            continue
        m = _PROCESSING.match(word)
        if m and not inherited:
            kind = _TIMING_KINDS[m.group(1)]
            fn = _draw_fn(int(m.group(3))) if m.group(3) else _recovery_fn(int(m.group(4)))
            ab = {"kind": kind, "label": f"{LABELS[kind]} <{m.group(2)}>", "resolve": fn}
            if kind in TIMINGS:
                ab["trigger"] = dict(TIMINGS[kind])
            out.append(ab)
            continue
        if word in KEYWORD_ABILITIES and not inherited:
            label, fn = KEYWORD_ABILITIES[word]
            out.append({"kind": "security", "label": label, "resolve": fn})
            continue
        known = sorted(FLAG_KEYWORDS) + ["Security Attack +N", "Digisorption -N", "<timing>: Draw N",
                                         "<timing>: Recovery +N (Deck)"] + sorted(KEYWORD_ABILITIES)
        raise CardDataError(f"card {entry.name!r}: unknown keyword {kw!r} (known: {', '.join(known)}; "
                            f"prefix 'Inherited: ' for an inherited one)", file=entry.file, line=entry.line,
                            field="keywords")
    if static_mods:
        out.append({"kind": "static", "label": "(keyword)", "modify": static_mods})
    if inherited_mods:
        out.append({"kind": "static", "label": "(inherited keyword)", "inherited": True, "modify": inherited_mods})
    return out
