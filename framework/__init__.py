"""rulestack: a framework for the rules of trading card games.

The host (this package) owns the game state, the flow of an action, decisions, the event log and
the Lua sandbox, and calls hooks; each game system is a pluggy plugin answering them; each card is
a sandboxed Lua script.

The public API::

    from rulestack import Game, Scenario, RandomAgent, ScriptedAgent, StepGame
    game = Game("mtg", ["white_weenie", "red_burn"], seed=1)
    result = game.play()
"""
from __future__ import annotations

from .agents import Agent, FunctionAgent, RandomAgent, ScriptedAgent
from .cards import Ability, AbilityKind, CardDefinition, CostComponent, Deck, Role
from .decisions import Decision, Option
from .errors import (CardDataError, ConfigurationError, DataError, DeckError, GameAborted, GameOver, IllegalAction,
                     IllegalAnswer, RulestackError, StopResolution, UnscriptedDecision)
from .events import Cause, Event
from .flow import Action, Activation, ChoiceRequest, CostUnpayable, GameResult, PendingTrigger
from .game import Game
from .hookspecs import hookimpl
from .runtime import Runtime
from .sandbox import ScriptError, ScriptLimitError, ScriptLoadError, ScriptMemoryError
from .state import Card, Item, Visibility, ZoneSpec
from .system import CostKind, FunctionCost, GameSystem, available_systems, find_system, register_system
from .values import Modifier

__version__ = "0.1.0"

__all__ = [
    "Ability", "AbilityKind", "Action", "Activation", "Agent", "Card", "CardDataError", "CardDefinition", "Cause",
    "ChoiceRequest", "ConfigurationError", "CostComponent", "CostKind", "CostUnpayable", "DataError", "Deck",
    "DeckError", "Decision", "Event", "FunctionAgent", "FunctionCost", "Game", "GameAborted", "GameOver",
    "GameResult", "GameSystem", "IllegalAction", "IllegalAnswer", "Item", "Modifier", "Option", "PendingTrigger",
    "RandomAgent", "Role", "Runtime", "RulestackError", "ScriptError", "ScriptLimitError", "ScriptLoadError",
    "ScriptMemoryError", "ScriptedAgent", "StopResolution", "UnscriptedDecision", "Visibility", "ZoneSpec",
    "available_systems", "find_system", "hookimpl", "register_system",
]
