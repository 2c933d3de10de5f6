"""Magic: The Gathering for rulestack: the stack and priority, combat, state-based actions,
layers, and Sagas under a chosen Comprehensive Rules edition (setting ``cr``)."""
from .system import MTGSystem

__all__ = ["MTGSystem"]
