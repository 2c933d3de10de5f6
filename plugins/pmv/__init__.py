"""Phantom Magic Vision (幻想ビジョン) as a rulestack game system, built on the host's public API only."""
from .system import PMVSystem

__all__ = ["PMVSystem"]
