"""The Digimon Card Game system for rulestack (``rulestack play digimon``), added the way an
outside publisher adds a game: a plugin on the host's public API, cards in ``card_scripts/digimon``."""
from .system import DigimonSystem

__all__ = ["DigimonSystem"]
