"""Play at a terminal: the person's view, the legal choices, refusals, and a whole game typed
into stdin of ``rulestack play tiny --human 0``."""
from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import time

import pytest

from rulestack import Decision, GameAborted, Option, RandomAgent
from rulestack.errors import IllegalAnswer
from rulestack.harness.terminal import HumanAgent, PlayerQuit, parse_answer, render_decision
from rulestack.scenario import Scenario


def _position():
    sc = Scenario("tiny")
    sc.set_turn(turn=3, active=0, phase="main")
    for p in (0, 1):
        sc.set_life(p, 10)
        sc.add_many(["Grunt"] * 4, "deck", p)
    sc.set_value(0, "energy", 2)
    sc.add_many(["Grunt", "Spark"], "hand", 0)
    sc.add("Brute", "hand", 1)                  # hidden from P0
    sc.add("Watcher", "field", 1)
    return sc


def _play(sc, typed: str) -> tuple[str, BaseException | None]:
    out = io.StringIO()
    sc.game.agents = [HumanAgent(0, io.StringIO(typed), out), RandomAgent(1)]
    try:
        sc.game.play()
        error = None
    except GameAborted as e:
        error = e.cause
    finally:
        sc.game.close()
    return out.getvalue(), error


def test_the_person_sees_their_view_and_the_legal_choices():
    text, error = _play(_position(), "quit\n")
    assert isinstance(error, PlayerQuit)
    assert "P0 (you): life 10 | energy 2" in text
    assert "hand: Grunt, Spark" in text                 # their own hand, by name
    assert "hand: 1 card(s)" in text                    # the opponent's, only counted
    assert "field: Watcher" in text
    assert "Brute" not in text                          # never shown to P0
    assert "P0, your decision (action): main - choose one action" in text
    assert re.search(r"1\. pass\n\s+2\. play Grunt\n\s+3\. activate Spark", text)


def test_what_is_not_legal_is_refused_and_asked_again():
    text, error = _play(_position(), "7\nplay Brute\nhelp\n3\nquit\n")
    assert "not legal: the options are numbered 1 to 3" in text
    assert "not legal: no option matches" in text                         # play Brute: not in hand
    assert "answers:" in text and "commands:" in text                     # the help
    assert "P0 activates Spark" in text                                   # 3 was legal: Spark was cast
    assert isinstance(error, PlayerQuit)


def test_end_of_input_leaves_the_game():
    text, error = _play(_position(), "")
    assert isinstance(error, PlayerQuit) and "input ended" in str(error)


def _decision(kind, n=3, lo=1, hi=1):
    return Decision(player=0, kind=kind, prompt="p", options=tuple(Option(label=f"opt {c}") for c in "abc"[:n]),
                    min=lo, max=hi)


def test_answers_typed_at_the_terminal():
    choose = _decision("choose", lo=0, hi=2)
    assert choose.validate(parse_answer(choose, "1 3")) == [0, 2]
    assert choose.validate(parse_answer(choose, "opt a, opt c")) == [0, 2]
    assert parse_answer(choose, "-") == []
    assert parse_answer(_decision("yes_no", n=0, lo=0), "y") is True
    assert parse_answer(_decision("yes_no", n=0, lo=0), "no") is False
    number = Decision(player=0, kind="number", prompt="x", min=2, max=5)
    assert number.validate(parse_answer(number, "4")) == 4
    with pytest.raises(IllegalAnswer):
        number.validate(parse_answer(number, "9"))
    order = _decision("order")
    assert order.validate(parse_answer(order, "3 1 2")) == [2, 0, 1]
    with pytest.raises(IllegalAnswer):
        parse_answer(_decision("action"), "")
    assert "choose 0 to 2 (- for none)" in render_decision(choose)


# -- a whole game through stdin -----------------------------------------------------------------------
_HEADER = re.compile(r"P(\d), your decision \((\w+)\): (.*) - (.*)$")


def _reply(screen: str) -> str:
    """What a patient person types: pass when they may, the fewest choices otherwise."""
    lines = screen.rstrip().splitlines()
    head = next(m for m in (_HEADER.match(x) for x in reversed(lines)) if m)
    kind, how = head.group(2), head.group(4)
    options = []
    for x in lines[lines.index(head.group(0)) + 1:]:
        m = re.match(r"\s+(\d+)\. (.*)$", x)
        if m:
            options.append(m.group(2))
    if kind == "action":
        return "pass" if "pass" in options else "1"
    if kind == "yes_no":
        return "y" if "must" in how else "n"
    if kind == "number":
        return re.search(r"from (-?\d+)", how).group(1)
    if kind == "order":
        return " ".join(str(i) for i in range(1, len(options) + 1))
    least = int(re.search(r"choose (\d+)", how).group(1))
    return "-" if least == 0 else " ".join(str(i) for i in range(1, least + 1))


def _read_until_prompt(proc, deadline) -> str:
    buf = b""
    fd = proc.stdout.fileno()
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                return buf.decode()
            buf += chunk
            if buf.endswith(b"\n> ") or buf == b"> ":
                return buf.decode()
        elif proc.poll() is not None:
            return buf.decode()
    raise TimeoutError(buf.decode()[-2000:])


def test_a_whole_game_typed_into_stdin(tmp_path, tiny_env):
    replay = tmp_path / "human.replay.json"
    proc = subprocess.Popen([sys.executable, "-m", "rulestack.cli", "play", "tiny", "--human", "0", "--seed", "2",
                             "--replay", str(replay)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=tiny_env)
    deadline = time.monotonic() + 120
    screen = _read_until_prompt(proc, deadline)
    assert "P0 (alpha, you)" in screen and "your decision" in screen
    transcript = [screen]
    for typed in ("99", "no such option"):                 # refused, asked again
        proc.stdin.write(typed.encode() + b"\n")
        proc.stdin.flush()
        transcript.append(_read_until_prompt(proc, deadline))
        assert transcript[-1].startswith("not legal:")
    decisions = 0
    while proc.poll() is None:
        current = "".join(transcript[-3:])
        proc.stdin.write(_reply(current).encode() + b"\n")
        proc.stdin.flush()
        decisions += 1
        transcript.append(_read_until_prompt(proc, deadline))
        if not transcript[-1].endswith("> "):
            break
    proc.wait(timeout=30)
    out = "".join(transcript)
    err = proc.stderr.read().decode()
    assert proc.returncode == 0, out[-3000:] + err
    assert "result: " in out and decisions > 5
    assert "replay written to" in err
    from rulestack.harness.replay import Replay
    assert Replay.load(replay).info == {"human": 0}
    done = subprocess.run([sys.executable, "-m", "rulestack.cli", "replay", str(replay)], capture_output=True,
                          text=True, env=tiny_env, timeout=60)
    assert done.returncode == 0 and "verified" in done.stdout


def test_yes_no_accepts_only_yes_and_no_words():
    question = _decision("yes_no", n=0, lo=0)
    for word, meaning in (("y", True), ("YES", True), ("n", False), (" No ", False)):
        assert parse_answer(question, word) is meaning
    for stray in ("1", "0", "true", "false", "ok", "2"):
        with pytest.raises(IllegalAnswer) as e:
            parse_answer(question, stray)
        assert e.value.reason == "answer y (yes) or n (no)"


def test_options_for_cards_that_share_a_name_say_which_card_each_is():
    game = Scenario("tiny").game
    try:
        a = game.create_card("Grunt", 0, "hand", silent=True)
        b = game.create_card("Grunt", 0, "field", silent=True)
        c = game.create_card("Brute", 0, "hand", silent=True)
        choose = Decision(player=0, kind="choose", prompt="pick", min=1, max=1,
                          options=tuple(Option(label=x.name, value=x.id, card=x.id) for x in (a, b, c)))
        text = render_decision(choose, game)
        assert f"1. Grunt (card {a.id}, P0 hand)" in text
        assert f"2. Grunt (card {b.id}, P0 field)" in text
        assert "3. Brute\n" in text + "\n"                  # a name no other option shares stays bare
    finally:
        game.close()
