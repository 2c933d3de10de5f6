"""Xyz Materials: cards attached under an Xyz Monster (the ``overlay`` zone, each with
``attached_to`` = the Xyz Monster and the monster's generation as ``under_gen``). They are never in
the GY while attached; they go there when detached as a cost (``{ kind = "detach" }``) or when their
Xyz Monster leaves the field (a state check, :func:`orphaned_materials`).
"""
from __future__ import annotations

from rulestack import Card, Cause, Game

from .moves import send

OVERLAY = "overlay"


def attach(game: Game, xyz: Card, cid: int, *, source: int | None, by: int | None) -> None:
    """Attach a card under an Xyz Monster as an Xyz Material (it leaves the field; not to the GY)."""
    moved = game.move(game.card(cid), OVERLAY, xyz.controller, face_up=True, cause=Cause.ACTION, source=source,
                      by=by, how="attached", under=xyz.id)
    tie(game, xyz, moved)


def tie(game: Game, xyz: Card, material: Card) -> None:
    """Tie a card now in the ``overlay`` zone to its Xyz Monster (as it is now: its generation)."""
    game.set(material, "attached_to", xyz.id)
    game.set_status(material, "under_gen", xyz.generation, quiet=True)


def materials_of(game: Game, xyz: Card) -> list[int]:
    """The Xyz Materials attached to a monster now."""
    return [cid for cid in game.zone(OVERLAY, xyz.controller).cards if game.card(cid).attached_to == xyz.id]


def detach(game: Game, cid: int, *, cause: str, source: int | None, by: int | None) -> None:
    """Detach an Xyz Material: it goes to its owner's GY."""
    send(game, cid, "graveyard", how="detached", cause=cause, source=source, by=by)


def orphaned_materials(game: Game) -> bool:
    """State check: materials whose Xyz Monster has left the field go to the GY."""
    changed = False
    zones = game.state.zones
    for p in range(len(game.state.players)):
        attached = zones[(OVERLAY, p)].cards
        if not attached:
            continue
        for cid in list(attached):
            mat = game.card(cid)
            xyz = game.card(mat.attached_to) if mat.attached_to is not None else None
            if xyz is None or xyz.zone != "monster" or xyz.generation != mat.status.get("under_gen"):
                send(game, cid, "graveyard", how="detached", cause=Cause.RULE)
                changed = True
    return changed
