"""The replay viewer in a real browser: headless Chromium (Debian's ``chromium``) renders the page at a
step and a view given in the address (``#step=N&view=P0``), and the DOM it leaves is checked against
the recording: stepping changes the board as the replay says, hidden cards stay hidden in a player's
view, and the page asks the network for nothing.

Set ``RULESTACK_DOCS_SCREENSHOT=1`` to (re)write the screenshot shown in docs/harness.md."""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import threading
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulestack import Game
from rulestack.harness.html_replay import BoardRecorder, embedded_data, write_html

CHROMIUM = os.environ.get("RULESTACK_CHROMIUM") or next(
    (p for p in (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")) if p), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium), "
                                                          "or set RULESTACK_CHROMIUM to a Chromium executable")
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _chromium(tmp_path: Path, *args: str) -> str:
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
           "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
           "--disable-domain-reliability", "--metrics-recording-only", f"--user-data-dir={tmp_path / 'profile'}",
           *args]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


class _Board(HTMLParser):
    """The cards the page drew: for each zone (``battlefield/0``), its cards' ids, names and faces."""

    def __init__(self) -> None:
        super().__init__()
        self.zones: dict[str, list[dict]] = {}
        self.texts: dict[str, str] = {}
        self._zone: list[tuple[str, int]] = []
        self._depth = 0
        self._id: str | None = None
        self.log_steps: list[int] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self._depth += 1
        if "data-zone" in a:
            self._zone.append((a["data-zone"], self._depth))
            self.zones.setdefault(a["data-zone"], [])
        if "data-id" in a and self._zone:
            self.zones[self._zone[-1][0]].append({"id": a["data-id"], "name": a.get("data-name"),
                                                  "face_down": "face-down" in (a.get("class") or "").split()})
        self._id = a.get("id")
        if tag == "li" and "data-step" in a:
            self.log_steps.append(int(a["data-step"]))

    def handle_endtag(self, tag):
        if self._zone and self._zone[-1][1] == self._depth:
            self._zone.pop()
        self._depth -= 1

    def handle_data(self, data):
        if self._id and data.strip():
            self.texts[self._id] = self.texts.get(self._id, "") + data


_DUMPS: dict[tuple[str, str], str] = {}


def _dom(tmp_path: Path, page: Path, fragment: str) -> str:
    """The DOM Chromium leaves after running the page opened at ``#fragment`` (kept: each run takes seconds)."""
    key = (str(page), fragment)
    if key not in _DUMPS:
        _DUMPS[key] = _chromium(tmp_path, "--dump-dom", f"{page.as_uri()}#{fragment}")
    return _DUMPS[key]


def _board(tmp_path: Path, page: Path, fragment: str) -> _Board:
    parser = _Board()
    parser.feed(_dom(tmp_path, page, fragment))
    return parser


def _zones_at(data: dict, step: int) -> dict[str, list[int]]:
    """The zones after ``step`` events, from the recording itself (what the replay says)."""
    zones = dict(data["initial"]["zones"])
    for st in data["steps"][:step]:
        zones.update(st.get("z", {}))
    return zones


@pytest.fixture(scope="module")
def mtg_page(tmp_path_factory):
    recorder = BoardRecorder()
    game = Game("mtg", ["white_weenie", "red_burn"], seed=1, plugins=[recorder])
    try:
        game.play()
        page = write_html(recorder, tmp_path_factory.mktemp("viewer") / "mtg.html")
    finally:
        game.close()
    return page, embedded_data(page.read_text(encoding="utf-8"))


def test_stepping_changes_the_board_as_the_replay_says(tmp_path, mtg_page):
    page, data = mtg_page
    seen = []
    for step in (40, 150, 300):
        board = _board(tmp_path, page, f"step={step}&view=omniscient")
        want = _zones_at(data, step)
        for key in ("battlefield/0", "battlefield/1", "hand/0", "graveyard/1"):
            drawn = [int(c["id"]) for c in board.zones[key]]
            expected = want[key][-1:] if key.startswith("graveyard") else want[key]
            assert drawn == expected, (step, key)
        assert board.texts["step-label"].startswith(f"step {step} / {len(data['steps'])}")
        seen.append(tuple(int(c["id"]) for c in board.zones["battlefield/0"]))
    assert len(set(seen)) == 3                               # the board really changed between the steps
    names = {c["name"] for c in _board(tmp_path, page, "step=300&view=omniscient").zones["battlefield/0"]}
    assert names <= {data["cards"][str(i)]["name"] for i in _zones_at(data, 300)["battlefield/0"]}


def test_hidden_cards_are_hidden_in_a_players_view(tmp_path, mtg_page):
    page, data = mtg_page
    p0 = _board(tmp_path, page, "step=150&view=P0")
    assert p0.zones["hand/1"] and all(c["face_down"] and c["name"] is None for c in p0.zones["hand/1"])
    assert p0.zones["hand/0"] and all(not c["face_down"] and c["name"] == data["cards"][c["id"]]["name"]
                                      for c in p0.zones["hand/0"])
    assert all(c["face_down"] for c in p0.zones["library/0"] + p0.zones["library/1"])
    dom = _dom(tmp_path, page, "step=150&view=spectator")
    spectator = _Board()
    spectator.feed(dom)
    assert all(c["face_down"] and c["name"] is None for c in spectator.zones["hand/0"] + spectator.zones["hand/1"])
    assert spectator.zones["battlefield/0"] and all(c["name"] for c in spectator.zones["battlefield/0"])
    shown = {c["name"] for z in spectator.zones.values() for c in z if c["name"]}
    hidden = {data["cards"][c["id"]]["name"] for c in spectator.zones["hand/0"] + spectator.zones["hand/1"]} - shown
    board_html = dom[dom.index('id="board"'):dom.index('id="details"')]
    assert hidden and not any(name in board_html for name in hidden)     # not even in an attribute
    omniscient = _board(tmp_path, page, "step=150&view=omniscient")
    assert not any(c["face_down"] for c in omniscient.zones["hand/0"] + omniscient.zones["hand/1"])


_BROWSER_OWN = re.compile(r"^(GET|POST|CONNECT) (https?://)?[a-z0-9.-]*\.(google\.com|googleapis\.com|gvt1\.com)[:/]")


def test_the_log_filters_by_card_and_by_cause(tmp_path, mtg_page):
    page, data = mtg_page
    steps = data["steps"]
    everything = _board(tmp_path, page, "step=300&view=omniscient")
    assert len(everything.log_steps) == sum(1 for s in steps if s["lines"][-1])
    card = next(c for c in _zones_at(data, 300)["battlefield/0"])
    about = _board(tmp_path, page, f"step=300&view=omniscient&card={card}&only=1")
    assert about.log_steps and all(card in steps[i - 1]["cards"] for i in about.log_steps)
    assert len(about.log_steps) < len(everything.log_steps)
    battle = _board(tmp_path, page, "step=300&view=P0&cause=battle")
    assert battle.log_steps and all(steps[i - 1]["cause"] == "battle" for i in battle.log_steps)


class _RecordingProxy:
    """An HTTP proxy on localhost that answers nothing and writes down every request it gets."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.requests: list[str] = []
        self.stop = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _serve(self) -> None:
        while not self.stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(2)
                try:
                    first = conn.recv(4096).decode("latin-1").split("\r\n")[0]
                    self.requests.append(first)
                    conn.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                except OSError:
                    pass

    def close(self) -> None:
        self.stop = True
        self.thread.join(2)
        self.sock.close()


def test_the_page_makes_no_network_request(tmp_path, mtg_page):
    page, _ = mtg_page
    proxy = _RecordingProxy()
    try:
        probe = tmp_path / "probe.html"       # a page that does fetch: proves the proxy sees requests
        probe.write_text('<img src="http://rulestack-probe.invalid/x.png">', encoding="utf-8")
        _chromium(tmp_path, f"--proxy-server={proxy.address}", "--dump-dom", probe.as_uri())
        assert any("rulestack-probe.invalid" in r for r in proxy.requests), proxy.requests
        proxy.requests.clear()
        for fragment in ("step=500&view=P1&card=29&find=Shock",):
            _chromium(tmp_path, f"--proxy-server={proxy.address}", "--dump-dom", f"{page.as_uri()}#{fragment}")
        # Chromium's own background calls (clock, updates, accounts) go to its vendor's hosts, whatever
        # the page; anything else would be the page's (the static test finds no address in it at all).
        assert [r for r in proxy.requests if not _BROWSER_OWN.search(r)] == []
    finally:
        proxy.close()


def test_a_screenshot_of_the_viewer(tmp_path, mtg_page):
    page, data = mtg_page
    shot = tmp_path / "viewer.png"
    # a moment with a spell on the stack, in P0's view, a card selected
    step = next((i + 1 for i, s in enumerate(data["steps"]) if i > 150 and s.get("s")), 300)
    _chromium(tmp_path, "--window-size=1400,1000", f"--screenshot={shot}",
              f"{page.as_uri()}#step={step}&view=P0&card=29")
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20_000
    if os.environ.get("RULESTACK_DOCS_SCREENSHOT"):
        (DOCS / "images").mkdir(exist_ok=True)
        shutil.copyfile(shot, DOCS / "images" / "replay-viewer.png")
