"""A simulation's figures for a publisher: who wins and how surely, how games end, how long they
last, and what each card does for the deck that plays it.

:func:`figures` adds up the games' records (plain data, as :mod:`rulestack.harness.simulate` keeps
them and writes them to ``--out``); :func:`tables` prints them; :func:`html_page` makes the
self-contained ``--report`` page (data embedded, inline SVG plots, no network). Every figure is
recountable from the records, and every record from its game's event log
(:mod:`rulestack.harness.gamestats`).
"""
from __future__ import annotations

import html
import json
import math
from typing import Any, Iterable, Mapping, Sequence

from .gamestats import COUNTS

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054
#: A rate over fewer games than this is marked as a small sample (its interval is wide).
SMALL_SAMPLE = 30


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, center - half), min(1.0, center + half)


def rate(wins: int, n: int) -> dict[str, Any]:
    """``wins`` of ``n`` as ``{"wins", "games", "rate", "ci95", "small"}``."""
    lo, hi = wilson_interval(wins, n)
    return {"wins": wins, "games": n, "rate": wins / n if n else None, "ci95": [lo, hi], "small": n < SMALL_SAMPLE}


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-quantile (0..1) of ``values``, interpolated between the nearest ranks."""
    if not values:
        return None
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def distribution(values: Sequence[int], bins: int = 20) -> dict[str, Any]:
    """Median, p10-p90, mean, min, max and a histogram (``[[low, high, count], ...]``, ``low``
    included, ``high`` excluded; whole-number bins of equal width) of ``values``."""
    if not values:
        return {"n": 0, "median": None, "p10": None, "p90": None, "mean": None, "min": None, "max": None,
                "histogram": []}
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts: dict[int, int] = {}
    for v in values:
        b = (v - lo) // width
        counts[b] = counts.get(b, 0) + 1
    hist = [[lo + b * width, lo + (b + 1) * width, counts.get(b, 0)] for b in range((hi - lo) // width + 1)]
    return {"n": len(values), "median": percentile(values, 0.5), "p10": percentile(values, 0.1),
            "p90": percentile(values, 0.9), "mean": sum(values) / len(values), "min": lo, "max": hi,
            "histogram": hist}


def figures(records: Sequence[Mapping[str, Any]], labels: Sequence[str], names: Mapping[str, str],
            deck_codes: Mapping[str, Iterable[str]]) -> dict[str, Any]:
    """The publisher's figures of a simulation from its games' ``records`` (in any order):

    - ``decks``: per deck label, its wins over the finished games (rate, 95% interval);
    - ``first_player``: the seat advantage, the wins of whoever took the first turn;
    - ``ends``: how games ended (the reason groups of :func:`~rulestack.harness.gamestats.reason_group`,
      with ``"the game failed (an error)"`` for failed games), most common first;
    - ``length``: the distribution of turns and of decisions over the finished games;
    - ``cards``: per card name, times drawn/played/activated/triggered, in how many player-games
      of a deck holding it it was drawn and played, and the win rate when played against when
      drawn but not played.

    ``names`` maps card codes to names; ``deck_codes`` each deck label to its cards' codes."""
    finished = [r for r in records if not r.get("error")]
    n = len(finished)
    decks = {label: rate(sum(1 for r in finished if label in r["winner_decks"]), n) for label in labels}
    firsts = [r for r in finished if r.get("first_player") is not None]
    first = rate(sum(1 for r in firsts if r["first_player"] in r["winners"]), len(firsts))
    first["draws"] = sum(1 for r in firsts if r["draw"])
    ends: dict[str, dict[str, Any]] = {}
    for r in records:
        key = "the game failed (an error)" if r.get("error") else (r.get("end") or r.get("reason") or "unknown")
        e = ends.setdefault(key, {"reason": key, "games": 0, "draws": 0})
        e["games"] += 1
        e["draws"] += 1 if r.get("draw") and not r.get("error") else 0
    end_rows = sorted(ends.values(), key=lambda e: (-e["games"], e["reason"]))
    for e in end_rows:
        e["share"] = e["games"] / len(records) if records else 0.0
    length = {"turns": distribution([r["turns"] for r in finished]),
              "decisions": distribution([r["decisions"] for r in finished])}
    return {"finished": n, "decks": decks, "draws": sum(1 for r in finished if r["draw"]), "first_player": first,
            "ends": end_rows, "length": length, "cards": card_rows(finished, names, deck_codes)}


def card_rows(finished: Sequence[Mapping[str, Any]], names: Mapping[str, str],
              deck_codes: Mapping[str, Iterable[str]]) -> list[dict[str, Any]]:
    """The per-card table of :func:`figures` (rows by card name, sorted by name). A card's games
    are the player-games of a deck holding it (both seats of a mirror match count)."""
    holders: dict[str, set[str]] = {}
    for label, codes in deck_codes.items():
        for code in set(codes):
            holders.setdefault(names.get(code, code), set()).add(label)
    rows: dict[str, dict[str, Any]] = {}

    def row(name: str) -> dict[str, Any]:
        got = rows.get(name)
        if got is None:
            got = rows[name] = {"name": name, "decks": sorted(holders.get(name, ())), "games": 0,
                                **{c: 0 for c in COUNTS}, "games_drawn": 0, "games_played": 0,
                                "played_wins": 0, "drawn_not_played_games": 0, "drawn_not_played_wins": 0}
        return got

    for r in finished:
        for seat, label in enumerate(r["seats"]):
            won = seat in r["winners"]
            seen: dict[str, dict[str, int]] = {}
            for code, counted in (r.get("cards") or [{}] * len(r["seats"]))[seat].items():
                mine = seen.setdefault(names.get(code, code), {})
                for k, v in counted.items():
                    mine[k] = mine.get(k, 0) + v
            held = {names.get(c, c) for c in deck_codes.get(label, ())}
            for name in held | set(seen):
                x = row(name)
                if name in held:
                    x["games"] += 1
                counted = seen.get(name, {})
                for k in COUNTS:
                    x[k] += counted.get(k, 0)
                drawn, played = counted.get("drawn", 0) > 0, counted.get("played", 0) > 0
                x["games_drawn"] += drawn
                x["games_played"] += played
                x["played_wins"] += played and won
                if drawn and not played:
                    x["drawn_not_played_games"] += 1
                    x["drawn_not_played_wins"] += won
    out = []
    for name in sorted(rows):
        x = rows[name]
        x["when_played"] = rate(x["played_wins"], x["games_played"])
        x["when_drawn_not_played"] = rate(x["drawn_not_played_wins"], x["drawn_not_played_games"])
        out.append(x)
    return out


# -- text ------------------------------------------------------------------------------------------------
def _pct(x: float | None) -> str:
    return "   -  " if x is None else f"{100 * x:5.1f}%"


def _ci(r: Mapping[str, Any]) -> str:
    lo, hi = r["ci95"]
    return f"[{100 * lo:5.1f}%, {100 * hi:5.1f}%]"


def _num(x: float | None) -> str:
    return "-" if x is None else (f"{x:g}" if float(x).is_integer() else f"{x:.1f}")


def table(header: Sequence[str], rows: Sequence[Sequence[str]], right: Iterable[int] = ()) -> list[str]:
    """Rows of cells as aligned text lines under a header (columns in ``right`` right-aligned)."""
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]
    ra = set(right)
    out = []
    for cells in [header, *rows]:
        out.append("  ".join(str(c).rjust(w) if i in ra else str(c).ljust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip())
    out.insert(1, "  ".join("-" * w for w in widths))
    return ["    " + line for line in out]


def tables(f: Mapping[str, Any]) -> list[str]:
    """The figures of :func:`figures` as readable text tables (``*``: fewer than
    :data:`SMALL_SAMPLE` games)."""
    lines: list[str] = []
    fp = f["first_player"]
    lines.append(f"  seat advantage: the first player won {fp['wins']} of {fp['games']} games "
                 f"{_pct(fp['rate']).strip()} 95% CI {_ci(fp)}{' *' if fp['small'] else ''}")
    lines.append("  how games end:")
    lines += table(["games", "share", "reason"],
                   [[str(e["games"]), _pct(e["share"]), e["reason"]] for e in f["ends"]], right=(0, 1))
    lines.append("  game length (finished games):")
    lines += table(["", "median", "p10", "p90", "mean", "min", "max"],
                   [[k, *(_num(d[x]) for x in ("median", "p10", "p90", "mean", "min", "max"))]
                    for k, d in f["length"].items()], right=range(1, 7))
    lines.append("  cards (per player-game of a deck holding the card; win rate when played vs drawn but not "
                 "played; * fewer than 30 games):")
    rows = []
    for c in f["cards"]:
        wp, wn = c["when_played"], c["when_drawn_not_played"]
        rows.append([c["name"], ", ".join(c["decks"]), str(c["games"]), str(c["drawn"]), str(c["played"]),
                     str(c["activated"]), str(c["triggered"]),
                     f"{_pct(wp['rate'])} of {wp['games']}{'*' if wp['small'] else ' '}",
                     f"{_pct(wn['rate'])} of {wn['games']}{'*' if wn['small'] else ' '}"])
    lines += table(["card", "deck", "games", "drawn", "played", "activated", "triggered", "win% played",
                    "win% drawn, not played"], rows, right=range(2, 9))
    return lines


# -- the HTML page ------------------------------------------------------------------------------------
_STYLE = """body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.8em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0}th,td{padding:3px 8px;border-bottom:1px solid #eee;text-align:right}
th{background:#f4f4f4;position:sticky;top:0}td.l,th.l{text-align:left}.small{color:#999}
svg text{font:12px system-ui,sans-serif}.note{color:#666}"""


def _esc(x: Any) -> str:
    return html.escape(str(x), quote=True)


def _html_table(header: Sequence[str], rows: Sequence[Sequence[Any]], left: Iterable[int] = (0,),
                row_class: Sequence[str] | None = None) -> str:
    lc = set(left)
    head = "".join(f'<th class="l">{_esc(h)}</th>' if i in lc else f"<th>{_esc(h)}</th>" for i, h in enumerate(header))
    body = []
    for j, cells in enumerate(rows):
        cls = f' class="{row_class[j]}"' if row_class and row_class[j] else ""
        body.append(f"<tr{cls}>" + "".join(f'<td class="l">{_esc(c)}</td>' if i in lc else f"<td>{_esc(c)}</td>"
                                            for i, c in enumerate(cells)) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def rates_svg(items: Sequence[tuple[str, Mapping[str, Any]]]) -> str:
    """Horizontal bars of win rates with their 95% intervals as whiskers, a line at 50%."""
    left, width, bar = 170, 480, 22
    h = 30 + bar * len(items) + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 70}" height="{h}" '
             f'role="img" aria-label="win rates with 95% intervals">']
    for tick in (0, 0.25, 0.5, 0.75, 1):
        x = left + tick * width
        dash = ' stroke-dasharray="4 3"' if tick == 0.5 else ""
        color = "#888" if tick == 0.5 else "#ddd"
        parts.append(f'<line x1="{x:.1f}" y1="20" x2="{x:.1f}" y2="{h - 10}" stroke="{color}"{dash}/>'
                     f'<text x="{x:.1f}" y="14" text-anchor="middle">{int(tick * 100)}%</text>')
    for i, (label, r) in enumerate(items):
        y = 26 + i * bar
        p = r["rate"] or 0.0
        lo, hi = r["ci95"]
        parts.append(f'<text x="{left - 8}" y="{y + 14}" text-anchor="end">{_esc(label)}</text>'
                     f'<rect x="{left}" y="{y + 3}" width="{p * width:.1f}" height="{bar - 8}" fill="#6a9fd4"/>'
                     f'<line x1="{left + lo * width:.1f}" y1="{y + bar / 2 - 1}" x2="{left + hi * width:.1f}" '
                     f'y2="{y + bar / 2 - 1}" stroke="#123" stroke-width="2"/>'
                     f'<text x="{left + width + 6}" y="{y + 14}">{_pct(r["rate"]).strip()}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram_svg(dist: Mapping[str, Any], what: str) -> str:
    """Columns of a :func:`distribution`'s histogram, with the median and p10-p90 marked."""
    hist = dist["histogram"]
    if not hist:
        return "<p>no finished games</p>"
    left, width, height = 40, 640, 180
    top = max(c for _, _, c in hist)
    lo, hi = hist[0][0], hist[-1][1]
    span = max(1, hi - lo)

    def x(v: float) -> float:
        return left + (v - lo) / span * width

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 20}" height="{height + 40}" '
             f'role="img" aria-label="histogram of {_esc(what)}">']
    for a, b, c in hist:
        h = c / top * height
        parts.append(f'<rect x="{x(a):.1f}" y="{10 + height - h:.1f}" width="{max(1.0, x(b) - x(a) - 1):.1f}" '
                     f'height="{h:.1f}" fill="#8fbf7f"><title>{a}-{b - 1} {_esc(what)}: {c} games</title></rect>')
    for key, color in (("p10", "#c77"), ("median", "#a22"), ("p90", "#c77")):
        v = dist[key]
        parts.append(f'<line x1="{x(v):.1f}" y1="6" x2="{x(v):.1f}" y2="{10 + height}" stroke="{color}" '
                     f'stroke-width="2"/><text x="{x(v) + 3:.1f}" y="18" fill="{color}">{key} {_num(v)}</text>')
    parts.append(f'<line x1="{left}" y1="{10 + height}" x2="{left + width}" y2="{10 + height}" stroke="#444"/>'
                 f'<text x="{left}" y="{height + 30}">{lo}</text>'
                 f'<text x="{left + width}" y="{height + 30}" text-anchor="end">{dist["max"]} {_esc(what)}</text>'
                 f'<text x="{left - 4}" y="{14}" text-anchor="end">{top}</text></svg>')
    return "".join(parts)


def html_page(totals: Mapping[str, Any], title: str) -> str:
    """One self-contained HTML page of a simulation's totals (:meth:`Summary.totals
    <rulestack.harness.simulate.Summary.totals>`): the same tables as the text, two plots, and the
    data itself embedded as JSON (``<script type="application/json" id="simulation">``)."""
    t = totals
    decks = [(label, d) for label, d in t["decks"].items()] + [("first player", t["first_player"])]
    deck_rows = [[label, d["wins"], d["games"], _pct(d["rate"]).strip(), _ci(d), "*" if d["small"] else ""]
                 for label, d in decks]
    end_rows = [[e["reason"], e["games"], _pct(e["share"]).strip()] for e in t["ends"]]
    len_rows = [[k, *(_num(d[x]) for x in ("median", "p10", "p90", "mean", "min", "max"))]
                for k, d in t["length"].items()]
    card_rows_, classes = [], []
    for c in t["cards"]:
        wp, wn = c["when_played"], c["when_drawn_not_played"]
        card_rows_.append([c["name"], ", ".join(c["decks"]), c["games"], c["drawn"], c["played"], c["activated"],
                           c["triggered"], c["games_drawn"], c["games_played"],
                           f"{_pct(wp['rate']).strip()} ({wp['games']}){'*' if wp['small'] else ''}",
                           f"{_pct(wn['rate']).strip()} ({wn['games']}){'*' if wn['small'] else ''}"])
        classes.append("small" if wp["small"] or wn["small"] else "")
    # ASCII JSON with <, > and & escaped: no "</script>", "<!--", line separator or bidi control can
    # reach the page's markup from a card's or a deck's name, and JSON.parse reads it back the same
    data = (json.dumps(t, sort_keys=True, ensure_ascii=True)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
    deaths = t.get("worker_deaths") or {}
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        f"<title>{_esc(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_esc(title)}</h1>",
        f"<p>{t['games']} games, master seed {t['seed']}, {t['finished']} finished, {t['draws']} draws, "
        f"{t['errors']} failed (each with a replay)"
        + (f"; {deaths.get('games', 0)} games lost a worker and were played again" if deaths.get("games") else "")
        + ". Intervals are 95% Wilson intervals; * marks fewer than 30 games.</p>",
        "<h2>Win rates</h2>", rates_svg(decks),
        _html_table(["", "wins", "games", "win rate", "95% CI", ""], deck_rows),
        "<p class=\"note\">The first player is whoever took the game's first turn (the seat advantage).</p>",
        "<h2>How games end</h2>", _html_table(["reason", "games", "share"], end_rows),
        "<h2>Game length</h2>", _html_table(["", "median", "p10", "p90", "mean", "min", "max"], len_rows),
        "<h3>Turns</h3>", histogram_svg(t["length"]["turns"], "turns"),
        "<h3>Decisions</h3>", histogram_svg(t["length"]["decisions"], "decisions"),
        "<h2>Cards</h2><p class=\"note\">Counted per player-game of a deck holding the card. Win rate of the "
        "games in which the card was played against those in which it was drawn but not played (games in "
        "brackets; grey rows: a sample under 30 games).</p>",
        _html_table(["card", "deck", "games", "drawn", "played", "activated", "triggered", "games drawn",
                     "games played", "win% played", "win% drawn, not played"], card_rows_, left=(0, 1),
                    row_class=classes),
        f'<script type="application/json" id="simulation">{data}</script>',
        "</body></html>\n"])
