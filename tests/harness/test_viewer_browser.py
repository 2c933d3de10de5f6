"""The replay viewer in a real browser: Playwright for Python drives headless Chromium (Debian's
``chromium``, or the executable named by ``RULESTACK_CHROMIUM``) through the page's own controls.

For every bundled system and Tiny (a third-party system with no viewer code of its own), a seeded
game goes through the real flow (``rulestack play --replay``, then ``rulestack replay --html``), and
the same recording is replayed once more with a plugin that notes the real game state after every
event. The board the page draws is compared with those states: stepping forward and back, the
slider, jumping to a turn, the log filtered by a card, and each view (a player's view hides the
opponent's hand and face-down cards: their names are nowhere in the document). Every page opened
records each request it makes, each dialog and each error: only the file itself may be requested.

The tests skip when Playwright or Chromium is missing. ``RULESTACK_WRITE_SCREENSHOT=1`` (re)writes
the screenshot shown in docs/harness.md (docs/images/replay-viewer.png)."""
from __future__ import annotations

import html
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from rulestack import Game
from rulestack.cards import Deck
from rulestack.cli import main
from rulestack.harness.html_replay import BoardRecorder, embedded_data, write_html
from rulestack.harness.replay import Replay, replay_game
from rulestack.hookspecs import hookimpl

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed "
                                                              "(pip install -e '.[test]' installs it)")


def _find_chromium() -> tuple[str | None, str]:
    """The Chromium executable to drive, or ``None`` and why there is none."""
    named = os.environ.get("RULESTACK_CHROMIUM")
    if named:
        ok = os.path.isfile(named) and os.access(named, os.X_OK)
        return (named, "") if ok else (None, f"RULESTACK_CHROMIUM={named} is not an executable file")
    found = next((p for p in (shutil.which(n) for n in ("chromium", "chromium-browser")) if p), None)
    return found, "no Chromium to drive (apt-get install chromium, or set RULESTACK_CHROMIUM to a Chromium executable)"


CHROMIUM, _NO_CHROMIUM = _find_chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=_NO_CHROMIUM)

DOCS = Path(__file__).resolve().parents[2] / "docs"
SYSTEMS = ("mtg", "yugioh", "onepiece", "digimon", "pmv", "tiny")
SEED = 3
#: the statuses the viewer draws as a card turned sideways, in the bundled systems' words
TURNED = ("tapped", "rested", "suspended", "sleep")


# -- the games: a recording, its page, and the real state after each event -------------------------------------
class _States:
    """A plugin noting the real game state after every event of a replayed game: the cards of each
    zone, who may see each card, each card's name, life, the turn and the stack's size."""

    def __init__(self) -> None:
        self.after: dict[int, dict[str, Any]] = {}

    @hookimpl
    def on_event(self, game: Any, event: Any) -> None:
        self.after[event.seq] = self._look(game)    # a rolled-back event's seq is used again: the last one stays

    @hookimpl(wrapper=True)
    def push_item(self, game: Any, item: Any) -> Any:
        """An item goes on the stack or chain after the event that announced it: that event's line shows it."""
        handled = yield
        if game.state.log:
            self.after[game.state.log[-1].seq] = self._look(game)
        return handled

    def _look(self, game: Any) -> dict[str, Any]:
        st = game.state
        players = range(len(st.players))
        return {
            "zones": {name if player is None else f"{name}/{player}": list(zone.cards)
                      for (name, player), zone in st.zones.items()},
            "seen": {cid: tuple(game.can_see(p, card) for p in players) for cid, card in st.cards.items()},
            "names": {cid: card.definition.name for cid, card in st.cards.items()},
            "turned": {cid for cid, card in st.cards.items() if any(card.status.get(k) for k in TURNED)},
            "life": [p.life for p in st.players],
            "turn": st.turn,
            "stack": len(st.stack),
        }


@dataclass
class Recorded:
    """One seeded game: its viewer page, the data embedded in it and the real states."""

    system: str
    page: Path
    data: dict[str, Any]
    states: _States

    def state_at(self, step: int) -> dict[str, Any]:
        """The real state the board must show after ``step`` steps (a pass or a turn's header changes
        nothing: the state after the last event before it)."""
        for st in reversed(self.data["steps"][:step]):
            if st["seq"] is not None:
                return self.states.after[st["seq"]]
        raise AssertionError(f"step {step}: no event yet")

    def line_index(self, view: str) -> int:
        """The index of a view's narration in a step's ``lines``."""
        players = self.data["players"]
        if view == "spectator":
            return 0
        if view == "omniscient":
            return len(players) + 1
        return players.index(view.removesuffix("'s view")) + 1

    def said(self, view: str) -> list[int]:
        """The steps with a line in ``view``: the ones the log shows and ◀ ▶ stop at."""
        i = self.line_index(view)
        return [n for n, st in enumerate(self.data["steps"], 1) if st["lines"][i]]


def _record(system: str, folder: Path) -> Recorded:
    rec, out = folder / f"{system}.json", folder / f"{system}.html"
    assert main(["play", system, "--seed", str(SEED), "--quiet", "--replay", str(rec)]) == 0
    assert main(["replay", str(rec), "--html", str(out)]) == 0
    states = _States()
    check = replay_game(Replay.load(rec), plugins=[states])
    try:
        assert check.ok, check.report()
    finally:
        if check.game is not None:
            check.game.close()
    return Recorded(system, out, embedded_data(out.read_text(encoding="utf-8")), states)


@pytest.fixture(scope="session")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Recorded]:
    """``recorded(system)``: that system's seeded game (made once per session)."""
    folder, made = tmp_path_factory.mktemp("viewer"), {}

    def get(system: str) -> Recorded:
        if system not in made:
            made[system] = _record(system, folder)
        return made[system]
    return get


# -- the browser ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


_READ_BOARD = """() => {
  const zones = {}, players = {};
  document.querySelectorAll("#board [data-zone]").forEach(z => {
    zones[z.dataset.zone] = {count: Number(z.dataset.count), pile: z.classList.contains("pile"),
      cards: [...z.querySelectorAll(".card")].map(c => ({id: Number(c.dataset.id), name: c.dataset.name || null,
        hidden: c.classList.contains("face-down"), turned: c.classList.contains("turned"),
        shown: c.querySelector(".nm").textContent}))};
  });
  document.querySelectorAll("#board .player").forEach(p => {
    players[p.dataset.player] = {life: p.dataset.life === undefined ? null : Number(p.dataset.life),
                                 active: p.classList.contains("active")};
  });
  return {step: Number(document.getElementById("step-label").textContent.match(/step (\\d+)/)[1]),
          clock: document.getElementById("clock").textContent, zones, players,
          stack: document.querySelectorAll("#items li").length,
          log: [...document.querySelectorAll("#log li")].map(li => Number(li.dataset.step))};
}"""


class Viewer:
    """One viewer page in the browser, writing down every request it makes, every dialog it opens and
    every error or warning of its console."""

    def __init__(self, browser: Any, page_file: Path, fragment: str = "") -> None:
        self.url = page_file.as_uri()
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.context = browser.new_context(viewport={"width": 1280, "height": 860})
        self.context.route("**/*", self._route)        # nothing leaves the machine, whatever the page asks
        self.page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", self._dialog)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}")
                     if m.type in ("error", "warning") else None)
        self.page.goto(f"{self.url}#{fragment}" if fragment else self.url)

    def _route(self, route: Any) -> None:
        if route.request.url == self.url:
            route.continue_()
        else:
            route.abort()

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def board(self) -> dict[str, Any]:
        """What the page draws now: zones and their cards, players, the step, the clock, the log."""
        return self.page.evaluate(_READ_BOARD)

    def step(self) -> int:
        return int(re.match(r"step (\d+)", self.page.inner_text("#step-label")).group(1))

    def view(self, label: str) -> None:
        self.page.select_option("#view", label=label)

    def slide(self, step: int) -> None:
        self.page.locator("#slider").fill(str(step))

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def open_viewer(browser: Any) -> Iterator[Callable[[Path], Viewer]]:
    """``open_viewer(page_file[, fragment])``; after the test, every page opened must have requested nothing but
    its own file, opened no dialog and logged no error."""
    opened: list[Viewer] = []

    def open_(page_file: Path, fragment: str = "") -> Viewer:
        opened.append(Viewer(browser, page_file, fragment))
        return opened[-1]
    yield open_
    for v in opened:
        v.close()
    for v in opened:
        assert v.requests == [v.url], f"the page made requests: {v.requests}"
        assert v.dialogs == [] and v.errors == [], (v.dialogs, v.errors)


# -- checking a board against the real state -----------------------------------------------------------------
def _sees(seen: tuple[bool, ...], who: int | str | None) -> bool:
    if who == "all":
        return True
    return all(seen) if who is None else seen[int(who)]


def _who(rec: Recorded, view: str) -> int | str | None:
    i = rec.line_index(view)
    return None if i == 0 else ("all" if i == len(rec.data["players"]) + 1 else i - 1)


def _is_pile(rec: Recorded, zone: str) -> bool:
    spec = next(z for z in rec.data["zones"] if z["name"] == zone.split("/")[0])
    return spec["visibility"] == "hidden" or (spec["ordered"] and spec["visibility"] != "private")


def assert_board_is_the_replays(rec: Recorded, drawn: dict[str, Any], view: str) -> None:
    """Every zone drawn with the real cards in the real order (a pile: its size and top card), each
    card face up with its name exactly when the view may see it and turned when it is tapped (rested,
    suspended, asleep), life, turn and the stack's size."""
    step, who = drawn["step"], _who(rec, view)
    state = rec.state_at(step)
    for key, ids in state["zones"].items():
        assert key in drawn["zones"], f"step {step}: zone {key} is not drawn"
        zone = drawn["zones"][key]
        assert zone["pile"] == _is_pile(rec, key), (step, key)
        assert zone["count"] == len(ids), (step, key, zone["count"], ids)
        assert [c["id"] for c in zone["cards"]] == (ids[-1:] if zone["pile"] else ids), (step, view, key)
        for c in zone["cards"]:
            visible = _sees(state["seen"][c["id"]], who)
            assert c["hidden"] is not visible, (step, view, key, c, state["seen"][c["id"]])
            assert c["name"] == (state["names"][c["id"]] if visible else None), (step, view, key, c)
            assert c["shown"] == (state["names"][c["id"]] if visible else "face-down"), (step, view, key, c)
            assert c["turned"] is (c["id"] in state["turned"]), (step, view, key, c)
    for p, life in enumerate(state["life"]):
        assert drawn["players"][str(p)]["life"] == life, (step, p)
    assert re.match(r"turn (\d+)", drawn["clock"]).group(1) == str(state["turn"]), (step, drawn["clock"])
    assert drawn["stack"] == state["stack"], step


def _boards_differ(boards: list[dict[str, Any]]) -> bool:
    shapes = {tuple((k, tuple(c["id"] for c in z["cards"]), z["count"]) for k, z in sorted(b["zones"].items()))
              for b in boards}
    return len(shapes) == len(boards)


# -- stepping, the slider, jumping to a turn -----------------------------------------------------------------
@pytest.mark.parametrize("system", SYSTEMS)
def test_stepping_forward_and_back_draws_the_replays_states(system, recorded, open_viewer):
    rec = recorded(system)
    v = open_viewer(rec.page)
    n = len(rec.data["steps"])
    view = "omniscient"
    v.view(view)
    said = rec.said(view)
    boards = []
    for step in (n // 4, n // 2, (3 * n) // 4):            # the slider, at three points of the game
        v.slide(step)
        boards.append(v.board())
        assert boards[-1]["step"] == step
        assert_board_is_the_replays(rec, boards[-1], view)
    assert _boards_differ(boards)                          # the board really changed between them
    # the first lines said with something on the stack or chain (pushed after the event that announced it)
    stacked = [n for n in said if rec.state_at(n)["stack"]][:3]
    assert stacked or system in ("onepiece",)               # One Piece resolves each effect at once
    for step in stacked:
        v.slide(step)
        drawn = v.board()
        assert drawn["stack"] > 0
        assert_board_is_the_replays(rec, drawn, view)
    # ▶ goes to the next step the log tells in this view, ◀ back the same way
    start = v.step()
    forward = [s for s in said if s > start][:10]
    for want in forward:
        v.page.click("#next")
        drawn = v.board()
        assert drawn["step"] == want
        assert_board_is_the_replays(rec, drawn, view)
    for want in reversed([start, *forward[:-1]]):
        v.page.click("#prev")
        drawn = v.board()
        assert drawn["step"] == want
        assert_board_is_the_replays(rec, drawn, view)
    v.page.click("#last")
    drawn = v.board()
    assert drawn["step"] == n and rec.data["steps"][-1]["kind"] == "game_over"
    assert_board_is_the_replays(rec, drawn, view)
    v.page.keyboard.press("ArrowLeft")                     # the keyboard steps too
    assert v.step() == said[-2]
    v.page.click("#first")
    assert v.step() == 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_jumping_to_a_turn(system, recorded, open_viewer):
    rec = recorded(system)
    v = open_viewer(rec.page)
    v.view("omniscient")
    options = v.page.eval_on_selector_all("#turn option", "os => os.map(o => [Number(o.value), o.textContent])")
    turns = [(step, label) for step, label in options if label != "setup"]
    began = {i + 1: st for i, st in enumerate(rec.data["steps"]) if st["kind"] in ("turn_began", "turn_header")}
    assert [step for step, _ in turns] == sorted(began) and len(turns) >= 4
    assert turns[0][1].startswith("turn 1 (")
    for step, label in (turns[0], turns[1], turns[len(turns) // 2], turns[-1]):
        v.page.select_option("#turn", label=label)
        drawn = v.board()
        assert drawn["step"] == step
        number, player = re.match(r"turn (\d+) \((.+)\)", label).groups()
        if began[step]["kind"] == "turn_began":            # turn 1's header comes before its first event
            assert_board_is_the_replays(rec, drawn, "omniscient")
            assert rec.state_at(step)["turn"] == int(number)
            assert drawn["clock"].startswith(f"turn {number}")
            active = rec.data["players"].index(player)
            assert [p for p, info in drawn["players"].items() if info["active"]] == [str(active)]
        assert v.page.input_value("#turn") == str(step)
        v.page.click("#next")                              # and on from there
        assert v.page.input_value("#turn") == str(step) and v.step() > step


# -- the views -----------------------------------------------------------------------------------------------
def _secret_names(rec: Recorded, step: int, view: str) -> tuple[set[str], set[str]]:
    """Names of cards the view may not see at ``step``: those no card visible then bears, and of those
    the ones no line of the view's log says (at any step)."""
    state, who = rec.state_at(step), _who(rec, view)
    hidden, shown = set(), set()
    for cid, seen in state["seen"].items():
        (shown if _sees(seen, who) else hidden).add(state["names"][cid])
    now = {name for name in hidden - shown if name not in rec.data["title"]}
    lines = " ".join(st["lines"][rec.line_index(view)] or "" for st in rec.data["steps"])
    return now, {name for name in now if name not in lines}


_ALL_BUT_THE_LOG = """() => { const page = document.documentElement.cloneNode(true);
                               page.querySelector("#log").remove(); return page.outerHTML; }"""


def _in_markup(name: str, markup: str) -> bool:
    return name in markup or html.escape(name) in markup or html.escape(name, quote=False) in markup


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_players_view_hides_the_opponents_hand_and_face_down_cards(system, recorded, open_viewer):
    rec = recorded(system)
    v = open_viewer(rec.page)
    n, players = len(rec.data["steps"]), rec.data["players"]
    secrets_checked = 0
    for step in (n // 3, n):
        v.slide(step)
        for p, player in enumerate(players):
            view = f"{player}'s view"
            v.view(view)                                        # switching views redraws the same step
            drawn = v.board()
            assert drawn["step"] == step
            assert_board_is_the_replays(rec, drawn, view)
            opponent = 1 - p
            their_hand = drawn["zones"][f"hand/{opponent}"]["cards"]
            my_hand = drawn["zones"][f"hand/{p}"]["cards"]
            assert all(c["hidden"] for c in their_hand) and not any(c["hidden"] for c in my_hand)
            # not a trace of a card this view may not see: the board, the details, the controls hold no
            # name of one (unless a card it sees bears it); the log is this view's narration, line for line
            # (narrated as the view saw each event), and a name it never says is nowhere in the document
            secret_now, secret_ever = _secret_names(rec, step, view)
            outside_log, dom = v.page.evaluate(_ALL_BUT_THE_LOG), v.page.content()
            assert [s for s in secret_now if _in_markup(s, outside_log)] == [], (step, view)
            assert [s for s in secret_ever if _in_markup(s, dom)] == [], (step, view)
            log = v.page.eval_on_selector_all("#log li", "lis => lis.map(li => li.textContent)")
            assert log == [rec.data["steps"][i - 1]["lines"][rec.line_index(view)] for i in rec.said(view)]
            secrets_checked += len(secret_now)
            # a hidden card selected says where it is, not what it is
            hidden = next((c for z in drawn["zones"].values() for c in z["cards"] if c["hidden"]), None)
            if hidden is not None:
                v.page.click(f'#board .card[data-id="{hidden["id"]}"]')
                details = v.page.inner_text("#details-body")
                assert details.startswith("A hidden card in")
                assert rec.state_at(step)["names"][hidden["id"]] not in details
        for view in ("spectator", "omniscient"):
            v.view(view)
            drawn = v.board()
            assert_board_is_the_replays(rec, drawn, view)
            hands = [c for p in range(len(players)) for c in drawn["zones"][f"hand/{p}"]["cards"]]
            assert all(c["hidden"] for c in hands) if view == "spectator" else not any(c["hidden"] for c in hands)
    assert secrets_checked > 0          # there was something to keep secret


def test_the_address_opens_the_page_at_a_step_a_view_and_a_card(recorded, open_viewer):
    rec = recorded("tiny")
    step = len(rec.data["steps"]) // 2
    state = rec.state_at(step)
    card = next(cid for key, ids in state["zones"].items() if key.startswith("field/1") for cid in ids)
    v = open_viewer(rec.page, f"step={step}&view=P1&card={card}&only=1")
    drawn = v.board()
    assert drawn["step"] == step and v.page.input_value("#view") == "2"        # P1's view
    assert_board_is_the_replays(rec, drawn, "P1's view")
    assert v.page.inner_text("#details-body").startswith(state["names"][card])
    assert v.page.is_checked("#filter-card") and drawn["log"]
    assert all(card in rec.data["steps"][n - 1]["cards"] for n in drawn["log"])
    v.page.evaluate("location.hash = 'step=0&view=omniscient'")                 # and follows a new address
    v.page.wait_for_function("document.getElementById('step-label').textContent.startsWith('step 0 ')")
    assert v.page.input_value("#view") == "3"


# -- the log -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_log_filters_by_the_selected_card(system, recorded, open_viewer):
    rec = recorded(system)
    v = open_viewer(rec.page)
    view = "omniscient"
    v.view(view)
    steps, line = rec.data["steps"], rec.line_index(view)
    v.slide(len(steps) // 2)
    drawn = v.board()
    assert drawn["log"] == rec.said(view)                   # the whole log, in order
    # the card of the board the log says most about
    on_board = [c["id"] for z in drawn["zones"].values() for c in z["cards"] if not c["hidden"]]
    card = max(on_board, key=lambda cid: sum(cid in st["cards"] for st in steps))
    about = [n for n, st in enumerate(steps, 1) if card in st["cards"] and st["lines"][line]]
    assert len(about) >= 2
    v.page.click(f'#board .card[data-id="{card}"]')
    name = rec.state_at(v.step())["names"][card]
    assert v.page.inner_text("#details-body").startswith(name)                      # its text on selection
    v.page.check("#filter-card")
    drawn = v.board()
    assert drawn["log"] == about and len(about) < len(rec.said(view))
    # ▶ now stops only at the lines about that card
    v.page.click("#first")
    v.page.click("#next")
    assert v.step() == about[0]
    v.page.click("#next")
    assert v.step() == about[1]
    v.page.uncheck("#filter-card")
    v.page.fill("#filter-text", name)                       # the same by its name
    drawn = v.board()
    assert drawn["log"] and all(name.lower() in steps[n - 1]["lines"][line].lower() for n in drawn["log"])
    assert drawn["log"] == [n for n in rec.said(view) if name.lower() in steps[n - 1]["lines"][line].lower()]


# -- no network, no markup from the data ---------------------------------------------------------------------
def test_the_request_log_sees_what_a_page_asks_for(tmp_path, browser):
    """The proof that the other tests' request log would see a request: a page that does make some."""
    probe = tmp_path / "probe.html"
    probe.write_text('<img src="http://rulestack-probe.invalid/a.png">'
                     '<script>fetch("https://rulestack-probe.invalid/b").catch(() => {})</script>', encoding="utf-8")
    v = Viewer(browser, probe)
    try:
        v.page.wait_for_load_state("networkidle")
        assert v.requests[0] == v.url
        assert {"http://rulestack-probe.invalid/a.png", "https://rulestack-probe.invalid/b"} <= set(v.requests)
    finally:
        v.close()


HOSTILE = ["<img src=x onerror=alert(1)>", "</script><script>alert(2)</script>", "<b onmouseover=alert(3)>B</b>"]
LOGGED = "<script>alert(7)</script><iframe src=javascript:alert(8)></iframe>"


def test_hostile_card_names_and_log_lines_stay_text(tmp_path, open_viewer):
    cards = tmp_path / "hostile.yaml"
    cards.write_text("".join(
        f'- {{code: H0{i}, name: "{name}", type: unit, cost: 1, power: {i + 1}, toughness: 1, '
        f'text: "<img src=y onerror=alert(4)> {name}"{", script: hostile.lua" if i == 0 else ""}}}\n'
        for i, name in enumerate(HOSTILE)), encoding="utf-8")
    # a script writing markup into the log when its card is played
    (tmp_path / "hostile.lua").write_text(
        "return { abilities = { { kind = 'when', trigger = { on = 'played', self = true },\n"
        f"  resolve = function(ctx) ctx:log({LOGGED!r}) end }} }} }}\n", encoding="utf-8")
    deck = Deck("<script>alert(5)</script>", {"main": ("H00",) * 6 + ("H01",) * 6 + ("H02",) * 4 + ("T03",) * 4})
    recorder = BoardRecorder()
    game = Game("tiny", [deck, "beta"], seed=4, cards=[str(cards)], plugins=[recorder],
                player_names=["<img src=z onerror=alert(6)>", "P1"])
    try:
        game.play()
        page = write_html(recorder, tmp_path / "hostile.html")
    finally:
        game.close()
    data = embedded_data(page.read_text(encoding="utf-8"))
    lines = [st["lines"][-1] or "" for st in data["steps"]]
    assert all(any(name in line for line in lines) for name in HOSTILE)      # the log does say them
    assert any(LOGGED in line for line in lines)
    v = open_viewer(page)
    v.view("omniscient")
    for step in (len(data["steps"]) // 2, len(data["steps"])):
        v.slide(step)
        drawn = v.board()
        hostile = [c for z in drawn["zones"].values() for c in z["cards"] if c["name"] in HOSTILE]
        assert hostile and all(c["shown"] == c["name"] for c in hostile)    # the name, shown as it is written
        v.page.click(f'#board .card[data-id="{hostile[0]["id"]}"]')
        assert v.page.inner_text("#details-body").startswith(hostile[0]["name"])
        v.page.hover(f'#board .card[data-id="{hostile[0]["id"]}"]')
    log_text = v.page.inner_text("#log")
    assert all(name in log_text for name in HOSTILE) and LOGGED in log_text
    assert "<img src=z onerror=alert(6)>" in v.page.inner_text("#board")
    assert v.page.inner_text("#title") == data["title"] and "<script>alert(5)</script>" in data["title"]
    assert v.page.title() == data["title"]
    markup = v.page.evaluate("""() => ({img: document.querySelectorAll("img, iframe, object, embed, b").length,
                                        scripts: document.querySelectorAll("script").length,
                                        handlers: [...document.querySelectorAll("*")].filter(e =>
                                          [...e.attributes].some(a => a.name.startsWith("on"))).length})""")
    assert markup == {"img": 0, "scripts": 1, "handlers": 0}
    # the fixture then checks: no dialog opened, no request but the file, no error


def test_a_card_that_becomes_another_is_drawn_as_that_card(tmp_path, open_viewer):
    """A copy effect: the same card object with another card's definition, from that step on."""
    recorder = BoardRecorder()
    game = Game.empty("tiny", plugins=[recorder])
    try:
        grunt = game.create_card("T01", 0, "hand")
        game.move(grunt, "field", 0, by=0)
        game.become(grunt, "T02")        # no event says it: the next one shows it
        game.move(game.create_card("T09", 1, "hand"), "field", 1, by=1)
        page = write_html(recorder, tmp_path / "copy.html")
    finally:
        game.close()
    data = embedded_data(page.read_text(encoding="utf-8"))
    assert data["cards"][str(grunt.id)]["name"] == "Grunt" and data["looks"]["T02"]["name"] == "Brute"
    moved = next(n for n, st in enumerate(data["steps"], 1)
                 if st.get("c", {}).get(str(grunt.id), {}).get("z") == "field/0")
    v = open_viewer(page)
    v.view("omniscient")
    card = f'#board .card[data-id="{grunt.id}"]'
    v.slide(moved)
    assert v.page.get_attribute(card, "data-name") == "Grunt" and "1/1" in v.page.inner_text(card)
    v.slide(len(data["steps"]))
    assert v.page.get_attribute(card, "data-name") == "Brute" and "3/3" in v.page.inner_text(card)
    v.page.click(card)
    assert v.page.inner_text("#details-body").startswith("Brute")


# -- the screenshot in docs/harness.md -----------------------------------------------------------------------
def test_a_screenshot_of_the_viewer(tmp_path, recorded, open_viewer):
    rec = recorded("mtg")
    # a moment with a spell on the stack and the fullest battlefields, in P0's view, a card of theirs selected
    stacked = [n for n in rec.said("P0's view") if rec.state_at(n)["stack"]]
    step = max(stacked, key=lambda n: sum(len(ids) for key, ids in rec.state_at(n)["zones"].items()
                                          if key.startswith("battlefield/")))
    v = open_viewer(rec.page)
    v.view("P0's view")
    v.slide(step)
    drawn = v.board()
    assert drawn["stack"] > 0
    assert_board_is_the_replays(rec, drawn, "P0's view")
    creature = v.page.locator('#board [data-zone="battlefield/0"] .card:has(.stats)').first   # a card with stats
    creature.click()
    assert v.page.inner_text("#details-body").startswith(creature.get_attribute("data-name"))
    shot = tmp_path / "viewer.png"
    v.page.screenshot(path=str(shot), full_page=True)
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20_000
    if os.environ.get("RULESTACK_WRITE_SCREENSHOT"):
        (DOCS / "images").mkdir(exist_ok=True)
        shutil.copyfile(shot, DOCS / "images" / "replay-viewer.png")
