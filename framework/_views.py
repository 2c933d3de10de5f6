"""What each player may see: card faces, views of the board with secret zones hidden, and the
filtered event log. Reads the state only."""
from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .state import Card, Visibility

if TYPE_CHECKING:
    from .game import Game

_index = attrgetter("index")


class PlayerViews:
    """Players' views of one game's state (``game.views``)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def can_see(self, player: int, card: Card) -> bool:
        """May ``player`` see this card's face?"""
        return card.face_up or self._face_down_viewer(card) == player

    def seen_by(self, card: Card) -> set[int]:
        """The players who may see this card's face now (:meth:`can_see` for each player)."""
        players = self.game.state.players
        if card.face_up:
            return set(map(_index, players))
        who = self._face_down_viewer(card)
        if who is None:
            return set()     # nobody (no player's index is None)
        if type(who) is int and 0 <= who < len(players) and players[who].index == who:
            return {who}     # (the player at its own index, as players are: what the set below holds)
        return {p.index for p in players if p.index == who}

    def _face_down_viewer(self, card: Card) -> int | None:
        """Who may see the face of a face-down card: its controller in a public zone, the zone's
        player (or the card's owner, in a shared zone) in a private one, nobody in a hidden one."""
        z = self.game.state.zones[(card.zone, card.zone_player)]
        vis = z.spec.visibility
        if vis == Visibility.PUBLIC:
            return card.controller
        if vis == Visibility.PRIVATE:
            return z.player if z.player is not None else card.owner
        return None

    def card_view(self, card: Card, viewer: int) -> dict[str, Any]:
        """What ``viewer`` sees of a card."""
        if not self.can_see(viewer, card):
            return {"id": card.id, "face_down": True, "owner": card.owner}
        out = {"id": card.id, "code": card.code, "name": card.name, "owner": card.owner,
               "controller": card.controller, "face_up": card.face_up}
        if card.status:
            out["status"] = dict(card.status)
        if card.counters:
            out["counters"] = dict(card.counters)
        return out

    def view(self, player: int) -> dict[str, Any]:
        """``player``'s view of the game: public information, their own private zones, and only
        the sizes of what they may not see."""
        zones: dict[str, Any] = {}
        for (name, owner), z in self.game.state.zones.items():
            key = name if owner is None else f"{name}/{owner}"
            if z.spec.visibility == Visibility.HIDDEN:
                cards = [self.card_view(self.game.state.cards[c], player) for c in z.cards
                         if self.game.state.cards[c].face_up]
                zones[key] = {"count": len(z.cards), "cards": cards}
            elif z.spec.visibility == Visibility.PRIVATE and owner != player:
                zones[key] = {"count": len(z.cards),
                              "cards": [self.card_view(self.game.state.cards[c], player) for c in z.cards
                                        if self.game.state.cards[c].face_up]}
            else:
                zones[key] = {"count": len(z.cards),
                              "cards": [self.card_view(self.game.state.cards[c], player) for c in z.cards]}
        return {
            "player": player,
            "turn": self.game.state.turn,
            "active_player": self.game.state.active_player,
            "phase": self.game.state.phase,
            "step": self.game.state.step,
            "players": [{"index": p.index, "name": p.name, "life": p.life,
                         "values": {k: v for k, v in p.values.items() if not k.startswith("_")}}
                        for p in self.game.state.players],
            "zones": zones,
            "stack": [{"id": it.id, "kind": it.kind, "card": it.card, "controller": it.controller,
                       "name": self.game.state.cards[it.card].name if it.card is not None else None,
                       "targets": it.targets}
                      for it in self.game.state.stack],
            "result": None if self.game.state.result is None else {"winners": list(self.game.state.result.winners),
                                                               "reason": self.game.state.result.reason},
        }

    def visible_log(self, player: int) -> list[dict[str, Any]]:
        """The event log as ``player`` may read it: cards they could not see are not named."""
        out = []
        for ev in self.game.state.log:
            e = ev.to_dict()
            vis = e.get("visible", "all")
            if vis != "all" and player not in vis:
                e.pop("code", None)
                e.pop("codes", None)   # a look at several cards (One Piece's searches, ctx:look_at_top)
            out.append(e)
        return out
