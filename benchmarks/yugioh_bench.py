"""Yu-Gi-Oh! benchmark: random full duels between the classic decks, in one process.

Prints duels and decisions per second (medians of seeded rounds; wall clock and CPU time), setup
per duel, the floor measured in the same run (a bare lupa call, a bare pluggy hook call) with the
ratios, and the ratio to the peer: ygopro-core played the same decks at 37.0 random duels/s and
45,560 decisions/s with 13.7 ms of setup per duel (reference figures from another machine and
day, 2026-12-01, not measured by this run; ``benchmarks/compare.py`` compares revisions of
rulestack within one run). Decisions are the
agents' answers; windows with a single legal answer are answered by the host and counted only in
the "single-option decisions too" line (ygopro-core counts those). See ``benchmarks/common.py``.

Run: ``python benchmarks/yugioh_bench.py [--games N] [--rounds R] [--extra]`` (``--extra``: the Extra
Deck sample decks synchron_extreme and legendary_fusions instead of the classic ones, to see what
listing Synchro/Xyz/Link Summons and Fusion/Ritual Spells costs); ``--why [N]`` plays N seeded
duels (default 40) and prints, instead of speeds, how they end and what the agents chose in each
phase (the figures below).

Why our random duels attack more and end at 0 LP more often than the peer's
---------------------------------------------------------------------------
The performance note measured 0.38 attack declarations per turn against ygopro-core's 0.18, and
65% of our duels ending at 0 LP against 5.5%. Part of it was a missing choice: the Battle Phase
offered no way to go straight to the End Phase, so a random turn player that entered it attacked
more often; with "end turn" offered there too (as from Main Phase 1, rule: the turn player may end
the Battle Phase and skip Main Phase 2's actions) the figures moved to 0.262 attacks per turn and
25% of duels at 0 LP. ``--why`` on 40 duels (seeds 0-39) now gives 63.8 turns per duel (peer 66.7),
0.27 attacks per turn, and 9 of 40 duels (22.5%) ending at 0 LP, the other 31 by a player having to
draw from an empty Deck.

What remains is how a uniformly random agent meets each engine's lists of choices, not a missing
rule (every window offers what the rules allow: "pass" moves on, "end turn" skips to the End Phase,
each attacker is one choice and its target a separate decision):

* The chance to reach the Battle Phase. Our Main Phase 1 window lists every legal action of the
  moment flat — each Normal Summon or Set of each card, each monster's position change, each Spell
  or Trap Set, each activation — with "pass" (to the Battle Phase) and "end turn" (to the End
  Phase) as two options among them (7.8 on average). A turn player who neither passes nor ends
  the turn acts and is asked again, so they leave Main Phase 1 after a few actions, half the time
  towards the Battle Phase: we enter it in about half of all turns (1,305 of 2,550). How often the
  peer's harness reaches its Battle Phase depends on how it answers ygopro-core's idle command
  (its entries are grouped by command, with "to Battle Phase" and "to End Phase" as separate
  entries); the note did not record that distribution, and its 0.18 attacks per turn over 66.7
  turns says its agents reach and use the Battle Phase less often.
* Attacks once there. Our Battle Step window holds "pass" (to Main Phase 2), "end turn", one
  "attack" per monster able to attack (1.3 on average) and any Quick-Play/Trap activations: an
  attack is chosen in a third of the windows (689 of 2,101), about 0.53 attacks per Battle Phase.
* 0 LP endings follow from the attack rate: 8,000 LP take several unanswered direct attacks or
  large battle-damage differences; at 0.27 attacks per turn most duels last until a Deck runs out
  (40 cards, 5 in the opening hand and one drawn per turn: about 70 turns), as nearly all the peer's
  do at 0.18.

The play loop's speed per decision does not depend on these rates; the duels/s ratio does (longer
duels are slower duels), which is why ``benchmarks/compare.py`` prints turns per duel beside it.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import system_report  # noqa: E402

from rulestack.pool import CardPool  # noqa: E402
from rulestack.system import find_system  # noqa: E402

def why(duels: int) -> None:
    """Play ``duels`` seeded random duels (classic_a vs classic_b) and print how they end and what
    the agents chose in each phase's action windows."""
    from collections import Counter, defaultdict

    from rulestack import Game
    from rulestack import decisions as d
    from rulestack.agents import RandomAgent

    chosen: Counter = Counter()
    options: dict[str, list[int]] = defaultdict(list)
    attack_options = 0

    class CountingAgent(RandomAgent):
        def decide(self, decision, seat):  # type: ignore[no-untyped-def]
            nonlocal attack_options
            answer = super().decide(decision, seat)
            if decision.kind == d.ACTION:
                phase = seat.game.state.phase
                options[phase].append(len(decision.options))
                chosen[(phase, decision.options[answer[0]].value.kind)] += 1
                if phase == "battle":
                    attack_options += sum(o.value.kind == "attack" for o in decision.options)
            return answer

    endings: Counter = Counter()
    turns = attacks = 0
    for seed in range(duels):
        game = Game("yugioh", ["classic_a", "classic_b"], seed=seed,
                    agents=[CountingAgent(seed * 7919 + 1), CountingAgent(seed * 7919 + 2)])
        result = game.play()
        turns += result.turns
        attacks += sum(1 for e in game.events if e.kind == "attack_declared")
        endings[result.reason] += 1
        game.close()
    print(f"{duels} random duels classic_a vs classic_b (seeds 0-{duels - 1}): {turns / duels:.1f} turns per duel, "
          f"{attacks / turns:.3f} attack declarations per turn")
    for reason, n in endings.most_common():
        print(f"  ended: {reason}: {n} ({n / duels:.0%})")
    for phase, counts in options.items():
        picks = ", ".join(f"{kind} {n}" for (p, kind), n in chosen.most_common() if p == phase)
        print(f"  {phase}: {len(counts)} windows, {sum(counts) / len(counts):.1f} options on average; chosen: {picks}")
    battle = options.get("battle", [])
    if battle:
        print(f"  battle: {attack_options / len(battle):.2f} attack options per window")


if __name__ == "__main__":
    if "--why" in sys.argv:
        rest = sys.argv[sys.argv.index("--why") + 1:]
        why(int(rest[0]) if rest else 40)
        sys.exit(0)
    pool = CardPool.for_system(find_system("yugioh"))
    names = ("classic_a", "classic_b")
    if "--extra" in sys.argv:
        sys.argv.remove("--extra")
        names = ("synchron_extreme", "legendary_fusions")
    decks = [pool.deck(name) for name in names]  # read once, as a simulator would
    system_report("yugioh", decks, __doc__, unit="duels")
