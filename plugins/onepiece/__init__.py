"""The One Piece Card Game system for rulestack (``rulestack play onepiece``)."""
from .system import OnePieceSystem

__all__ = ["OnePieceSystem"]
