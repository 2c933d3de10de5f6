"""Decisions validate answers strictly and agents answer them."""
import pytest

from rulestack import Decision, IllegalAnswer, Option, RandomAgent, ScriptedAgent, UnscriptedDecision
from rulestack import decisions as d


def choose(n=3, lo=1, hi=2):
    return Decision(player=0, kind=d.CHOOSE, prompt="pick", options=tuple(Option(f"o{i}", i) for i in range(n)),
                    min=lo, max=hi)


@pytest.mark.parametrize("answer,why", [
    ([], "between 1 and 2"), ([0, 1, 2], "between 1 and 2"), ([5], "out of range"), ([0, 0], "twice"),
    ("x", "list of option indices"), ([True], "not an option index"),
])
def test_illegal_choose_answers_are_rejected_with_a_reason(answer, why):
    with pytest.raises(IllegalAnswer, match=why):
        choose().validate(answer)


def test_legal_answers_are_canonical():
    assert choose().validate([2, 0]) == [0, 2]
    assert choose().validate(1) == [1]


def test_yes_no_that_must_be_yes():
    dec = Decision(player=0, kind=d.YES_NO, prompt="?", min=1)
    with pytest.raises(IllegalAnswer):
        dec.validate(False)
    assert dec.count_answers() == 1


def test_order_needs_a_permutation():
    dec = Decision(player=1, kind=d.ORDER, prompt="order", options=tuple(Option(str(i)) for i in range(3)))
    assert dec.validate([2, 0, 1]) == [2, 0, 1]
    with pytest.raises(IllegalAnswer):
        dec.validate([0, 0, 1])


def test_answers_enumerates_every_legal_answer():
    assert choose(3, 1, 2).answers() == [[0], [1], [2], [0, 1], [0, 2], [1, 2]]
    assert choose(3, 1, 2).count_answers() == 6


def test_random_agent_is_seeded_and_legal():
    dec = choose(6, 0, 4)
    a1 = [RandomAgent(7).decide(dec, None) for _ in range(1)]
    agent1, agent2 = RandomAgent(7), RandomAgent(7)
    seq1 = [agent1.decide(dec, None) for _ in range(20)]
    seq2 = [agent2.decide(dec, None) for _ in range(20)]
    assert seq1 == seq2
    for ans in seq1 + a1:
        dec.validate(ans)


def test_scripted_agent_matches_labels_and_is_strict():
    agent = ScriptedAgent(["o2", [0, "o1"]])
    assert agent.decide(choose(), None) == [2]
    assert agent.decide(choose(), None) == [0, 1]
    with pytest.raises(UnscriptedDecision, match="pick"):
        agent.decide(choose(), None)
