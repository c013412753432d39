"""The web page's JavaScript agrees with the Python beside it, on real games (the golden
records, made by the engine from seeds): following a table (static/js/advance.js,
``chickenfoot.core.projection.advance``) and grouping the board's tiles by the places the
engine gave them (static/js/layout.js, ``chickenfoot.terminal.board.layout``). Node runs the
JavaScript (tests/js/ported.mjs) on positions the Python engine made."""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from chickenfoot.core import projection
from chickenfoot.core.games import game_named
from chickenfoot.core.projection import advance
from chickenfoot.core.table import Table
from chickenfoot.core.wire import Snapshot
from chickenfoot.server.frames import event_json
from chickenfoot.terminal.board import Foot, Layout, Line, Shown, layout

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
RECORDS = [
    "2p-single-random",
    "wikipedia-3p-single-random",
    "4p-half-greedy",
    "spruce-4p-half-heuristic",
    "standard/standard-draw-2p",
    "standard/standard-draw-4p-double-9",
    "standard/standard-block-partners",
    "standard/standard-all-fives-2p",
    "standard/standard-all-fives-partners",
    "standard/standard-bergen-3p",
]
Game = tuple[str, Any, Snapshot, list[Snapshot], list[dict[str, Any]]]
"""A record's name, its viewer, the view it starts from, the Python's view after each entry,
and the entries as the socket sends them."""


def start_of(table: Table, viewer: int | None) -> Snapshot:
    """The view before the first deal, as the replay page starts."""
    return projection.start(table.snapshot(viewer))


@cache
def games() -> list[Game]:
    """Every record followed by a spectator, the first seat and the last."""
    followed = []
    for name in RECORDS:
        record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
        table, _hands = Table.with_hands(record)
        for viewer in (None, 0, table.seats - 1):
            view = start = start_of(table, viewer)
            views, sent = [], []
            for entry in table.entries(0, viewer):
                view = advance(view, entry)
                views.append(view)
                sent.append(event_json(entry))
            followed.append((name, viewer, start, views, sent))
    return followed


def builtins(value: Any) -> Any:
    return msgspec.to_builtins(value)


def javascript(port: str) -> list[Any]:
    """What tests/js/ported.mjs makes of every position of :func:`games` with ``port``
    ("advance" or "layout"), each asked alone: the views that advance makes are tens of
    megabytes of JSON to read back."""
    node = shutil.which("node")
    assert node is not None, "the web page's tests need Node (scripts/setup says how)"
    asked: list[Any] = []
    for _name, _viewer, start, views, sent in games():
        if port == "advance":
            asked.append({"start": start, "entries": sent})
            continue
        for view in views:
            layout_kind = game_named(view.game).layout
            asked.append({"board": view.board, "public": view.public, "layout": layout_kind})
    done = subprocess.run(
        [node, str(ROOT / "tests" / "js" / "ported.mjs")],
        input=msgspec.json.encode({port: asked}),
        capture_output=True,
        check=True,
        cwd=ROOT,
    )
    answer: list[Any] = msgspec.json.decode(done.stdout)[port]
    return answer


def compared(view: dict[str, Any], whole: bool) -> dict[str, Any]:
    """A view less what the two name differently: a history entry's kind ("action" in the
    Python's snapshot, "play", "draw" or "pass" as the socket sends it), and the match's
    ``rules`` (a snapshot's, not followed). Its history is whole only where ``whole``
    (ported.mjs sends its length elsewhere)."""
    view = {key: value for key, value in view.items() if key != "rules"}
    history = view["history"]
    if not isinstance(history, list):
        return view
    if whole:
        view["history"] = [{k: v for k, v in e.items() if k != "kind"} for e in history]
    else:
        view["history"] = len(history)
    return view


def whole_history(sent: list[dict[str, Any]], k: int) -> bool:
    """Where the round's actions end: the last entry, or one before a round's end or a deal."""
    return k == len(sent) - 1 or sent[k + 1]["kind"] not in ("play", "draw", "pass")


def test_every_record_is_followed_through_many_positions() -> None:
    """The comparisons below have something to compare: every record, three viewers."""
    followed = games()
    assert len(followed) == 3 * len(RECORDS)
    assert sum(len(views) for _, _, _, views, _ in followed) > 1000
    assert {view.game for _, _, _, views, _ in followed for view in views} == {
        "chickenfoot",
        "draw",
        "block",
        "all-fives",
        "bergen",
    }


def test_the_page_follows_a_table_as_the_engine_does() -> None:
    for (name, viewer, _start, views, sent), js_views in zip(
        games(), javascript("advance"), strict=True
    ):
        assert len(js_views) == len(views)
        for k, (view, js_view) in enumerate(zip(views, js_views, strict=True)):
            whole = whole_history(sent, k)
            expected = compared(builtins(view), whole)
            assert compared(js_view, whole) == expected, f"{name}, viewer {viewer}, v{view.v}"


def test_the_page_lays_out_the_board_as_the_terminal_does() -> None:
    positions = [(name, view) for name, _viewer, _start, views, _sent in games() for view in views]
    laid_out = javascript("layout")
    assert len(laid_out) == len(positions)
    for (name, view), js_tree in zip(positions, laid_out, strict=True):
        feet = game_named(view.game).layout == "feet"
        python = layout(view.board, view.public, feet)
        assert lines_of_js(js_tree) == lines_of(python), f"{name}, v{view.v}"


# -- the two layouts in one shape ---------------------------------------------------------


def lines_of(board: Layout) -> dict[str, Any]:
    """The Python's layout: each tile as ``[id, near, far]``, lines and feet nested."""

    def shown(tile: Shown) -> list[int]:
        return [tile.id, tile.near, tile.far]

    def foot(f: Foot | None) -> dict[str, Any] | None:
        if f is None:
            return None
        return {"tile": shown(f.tile), "lines": [line(x) for x in f.lines], "need": f.need}

    def line(x: Line) -> dict[str, Any]:
        return {"tiles": [shown(t) for t in x.tiles], "foot": foot(x.foot)}

    if board.chickenfoot:
        return {"centre": foot(board.centre)}
    return {
        "line": [shown(t) for t in board.line],
        "arms": [line(arm) for arm in board.arms],
        "spinner": None if board.spinner is None else board.spinner.id,
    }


def lines_of_js(tree: dict[str, Any]) -> dict[str, Any]:
    """The page's layout in the same shape: its line is its left half (turned to run
    towards the lead), the lead, then its right half."""

    def shown(tile: dict[str, Any]) -> list[int]:
        return [tile["id"], tile["near"], tile["far"]]

    def turned(tile: dict[str, Any]) -> list[int]:
        return [tile["id"], tile["far"], tile["near"]]

    def foot(f: dict[str, Any] | None) -> dict[str, Any] | None:
        if f is None:
            return None
        lines = [line(x) for x in f["lines"]]
        return {"tile": shown(f["tile"]), "lines": lines, "need": f.get("need", 0)}

    def line(x: dict[str, Any]) -> dict[str, Any]:
        return {"tiles": [shown(t) for t in x["tiles"]], "foot": foot(x["foot"])}

    if tree["kind"] == "feet":
        return {"centre": foot(tree["centre"])}
    middle = [] if tree["middle"] is None else [shown(tree["middle"])]
    left = [turned(t) for t in reversed(tree["left"])]
    return {
        "line": [*left, *middle, *(shown(t) for t in tree["right"])],
        "arms": [line(arm) for arm in tree["arms"]],
        "spinner": None if tree["spinner"] is None else tree["spinner"]["id"],
    }
