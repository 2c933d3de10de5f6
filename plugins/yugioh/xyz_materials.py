"""Xyz Materials: cards attached under an Xyz Monster (the ``overlay`` zone, each with
``attached_to`` = the Xyz Monster and the monster's generation as ``under_gen``). They are never in
the GY while attached; they go there when detached as a cost (``{ kind = "detach" }``) or when their
Xyz Monster leaves the field (a state check, :func:`orphaned_materials`).
"""
from __future__ import annotations

from typing import Any

from rulestack import Cause

from .moves import send

OVERLAY = "overlay"


def attach(game: Any, xyz: Any, cid: int, *, source: int | None, by: int | None) -> None:
    """Attach a card under an Xyz Monster as an Xyz Material (it leaves the field; not to the GY)."""
    moved = game.move(game.card(cid), OVERLAY, xyz.controller, face_up=True, cause=Cause.ACTION, source=source,
                      by=by, how="attached", under=xyz.id)
    tie(game, xyz, moved)


def tie(game: Any, xyz: Any, material: Any) -> None:
    """Tie a card now in the ``overlay`` zone to its Xyz Monster (as it is now: its generation)."""
    game.set(material, "attached_to", xyz.id)
    game.set_status(material, "under_gen", xyz.generation, quiet=True)


def materials_of(game: Any, xyz: Any) -> list[int]:
    """The Xyz Materials attached to a monster now."""
    return [cid for cid in game.zone(OVERLAY, xyz.controller).cards if game.card(cid).attached_to == xyz.id]


def detach(game: Any, cid: int, *, cause: str, source: int | None, by: int | None) -> None:
    """Detach an Xyz Material: it goes to its owner's GY."""
    send(game, cid, "graveyard", how="detached", cause=cause, source=source, by=by)


def orphaned_materials(game: Any) -> bool:
    """State check: materials whose Xyz Monster has left the field go to the GY."""
    changed = False
    for p in range(len(game.state.players)):
        for cid in list(game.zone(OVERLAY, p).cards):
            mat = game.card(cid)
            xyz = game.card(mat.attached_to) if mat.attached_to is not None else None
            if xyz is None or xyz.zone != "monster" or xyz.generation != mat.status.get("under_gen"):
                send(game, cid, "graveyard", how="detached", cause=Cause.RULE)
                changed = True
    return changed
