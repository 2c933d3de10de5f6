"""Tiny: the example game system of rulestack's guides. Installed, it is the system ``tiny``
(entry point ``tiny = rulestack_tiny:TinyGame`` in the group ``rulestack.systems``)."""
from .system import TinyGame

__all__ = ["TinyGame"]
