"""Yu-Gi-Oh! for rulestack (TCG rules; the Official Rulebook v10 and the rulings documented on
Yugipedia, as summarised in RULES.md parts A3, B3 and C3).

What the system covers: 8000 LP, 40-60 card Main Decks, 5-card opening hands, the first player
skipping their first draw and Battle Phase; Draw, Standby, Main 1, Battle, Main 2 and End Phases;
Normal/Tribute Summons and Sets once per turn, Flip Summons, battle positions; Setting and
activating Spells and Traps (a Trap or a Set Quick-Play Spell not the turn it was Set; Quick-Play
Spells from the hand only in your own turn); spell speeds 1 to 3 and the chain, with alternating
response windows and last-in-first-out resolution; SEGOC for simultaneous triggers; "When" versus
"If" optional triggers (missing the timing); battle, battle damage and direct attacks; the hand
limit; losses at 0 LP and on drawing from an empty Deck; and costs exactly as the seed states them
(YGO-A1 to YGO-A19, see :mod:`.costs`).

Where the OCG differs from the TCG, this system follows the TCG:

* SEGOC: in the TCG each player orders their own simultaneous triggers within the four SEGOC
  categories; OCG-based simulators (and Master Duel) build the chain with "public knowledge first"
  behaviour for some cases. The TCG order is used (:mod:`.chain`).
* Card texts follow TCG wording; where the OCG text is worded differently (for example
  "Tribute"/"Release"), the effect is the same.

The Damage Step runs in its timings, with only Counter Traps, activation negation and ATK/DEF
changes allowed (:mod:`.battle`, :func:`.timing.damage_step_problem`).

Simplifications, documented where they are made: effects "during damage calculation" are not
modelled (nothing may be activated then); a replay lets the attacker pick a new target without a new response window; "missing the timing" looks at
whole chain links, not at parts of one resolution. Synchro, Xyz and Link Summons (Main Phase
actions through the ``summon`` window), Fusion and Ritual Summons (by a Spell's effect) are in
:mod:`.extra_deck`; Link arrows are data only (zones are not modelled), and Synchro/Xyz/Link
Monsters are always placed in Attack Position.

Modules, each importing only those listed before it (pyproject's import-linter contract
``yugioh-layers`` keeps it so): :mod:`.reference` (the system's words), :mod:`.cardinfo` (card data),
:mod:`.proper_summons` (who may be revived), :mod:`.timing` (windows, spell speed, "When" timings),
:mod:`.moves` (zone changes), :mod:`.xyz_materials`, :mod:`.rules` (restrictions, negation, equips,
state checks), :mod:`.costs` (cost kinds, tolls, maintenance), :mod:`.windows` (response windows
passed without asking), :mod:`.chain` (links, SEGOC, resolution), :mod:`.summoning` (Normal, Flip and
Special Summons), :mod:`.extra_deck`, :mod:`.settling`, :mod:`.battle`, :mod:`.turn`, :mod:`.actions`,
:mod:`.lua_api` (the Lua words), :mod:`.narration`, :mod:`.evaluation`, :mod:`.system` (the plugin
class).
"""
from .system import YugiohSystem

__all__ = ["YugiohSystem"]
