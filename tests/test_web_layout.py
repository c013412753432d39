"""The table page's layout holds: the longest name the home page takes leaves every seat's
tile count and total in view with 8 and 12 players, notes never take a tap, the zoom buttons
and a foot's note never cover a tile's pips, a round's summary opens at its top and fits the
screen, and a phone's targets are big enough to tap. A real ``chickenfoot serve`` on
loopback, a real headless Chromium at 1366x768 and at 390x844 with touch, every check made
on the bounding boxes the browser lays out."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.web_helpers import (
    FLIGHTS_OVER_DIALOGS,
    MY_TURN,
    SCREENS,
    Server,
    Tab,
    need_chromium,
    open_screen,
    take_turn,
)

need_chromium()

LONGEST = "Wilhelmina Ottilie Gunnhild Fredriksdatt"  # the home form's limit: 40 characters


def seated(server: Server, browser: Browser, screen: str, players: int, seed: int = 7) -> Tab:
    """The person with the longest name, against ``players - 1`` easy bots (12: the
    wikipedia preset), in a single round, on ``screen``."""
    assert len(LONGEST) == 40
    body: dict[str, Any] = {
        "game": "chickenfoot",
        "length": "single",
        "seats": [{"human": LONGEST}] + [{"bot": "easy"}] * (players - 1),
        "seed": seed,
    }
    if players > 8:
        body["preset"] = "wikipedia"
    made = server.post("/api/tables", body)
    tab = open_screen(browser, made["seats"][0]["invite"], screen)
    tab.page.wait_for_selector("#hand [data-tile]")
    return tab


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def inside(inner: dict[str, float], outer: dict[str, float], slack: float = 0.5) -> bool:
    return (
        inner["x"] >= outer["x"] - slack
        and inner["y"] >= outer["y"] - slack
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack
    )


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


ROWS = """() => [...document.querySelectorAll('#seats [data-seat]')].map((row) => {
    const rect = (el) => { const r = el.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height}; };
    const name = row.querySelector('.name');
    return {
        row: rect(row), name: rect(name), title: name.title,
        cut: name.scrollWidth > name.clientWidth,
        count: rect(row.querySelector('[data-count]')),
        total: rect(row.querySelector('[data-total]')),
        side: rect(row.closest('.side')),
    };
})"""


@pytest.mark.parametrize("players", [8, 12])
@pytest.mark.parametrize("screen", SCREENS)
def test_the_longest_name_is_cut_and_every_count_and_total_stays_in_view(
    server: Server, browser: Browser, screen: str, players: int
) -> None:
    tab = seated(server, browser, screen, players)
    page = tab.page
    page.wait_for_function(
        f"() => document.querySelectorAll('#seats [data-seat] [data-count]').length === {players}"
    )
    rows = page.evaluate(ROWS)
    assert len(rows) == players
    width = page.viewport_size["width"] if page.viewport_size else 0
    screen_box = {"x": 0.0, "y": -1e6, "width": float(width), "height": 2e6}
    for row in rows:
        for part in ("name", "count", "total"):
            assert row[part]["width"] > 0 and row[part]["height"] > 0, (part, row)
            assert inside(row[part], row["row"]), (part, row)
            assert inside(row[part], row["side"]), (part, row)
            assert inside(row[part], screen_box), (part, row)
        assert not overlap(row["name"], row["count"]), row
        assert not overlap(row["name"], row["total"]), row
        assert not overlap(row["count"], row["total"]), row
    mine = rows[0]
    assert mine["cut"], "the 40-character name fits whole: nothing to cut"
    assert mine["title"] == LONGEST  # whole on hover
    page.locator("#seats").scroll_into_view_if_needed()
    tab.shot(f"layout-names-{screen}-{players}")
    assert tab.errors == []
    tab.close()


PIPS = """() => [...document.querySelectorAll(
    '#board [data-id] circle, #board [data-id] .pip-number')].map((el) => {
        const r = el.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height}; })"""

COVERS = """() => [...document.querySelectorAll('#board .zoom button, #board .foot-note rect')]
    .map((el) => { const r = el.getBoundingClientRect();
        return {what: el.tagName, x: r.x, y: r.y, width: r.width, height: r.height}; })"""


def clear_of_pips(page: Page) -> int:
    """Assert that no zoom button and no foot's note lies over a pip; how many notes."""
    pips = page.evaluate(PIPS)
    covers = page.evaluate(COVERS)
    assert pips
    for cover in covers:
        for pip in pips:
            assert not overlap(cover, pip), (cover, pip)
    return sum(1 for cover in covers if cover["what"] == "rect")


@pytest.mark.parametrize("screen", SCREENS)
def test_zoom_buttons_and_notes_never_cover_pips_and_phone_targets_are_big(
    server: Server, browser: Browser, screen: str
) -> None:
    tab = seated(server, browser, screen, 8, seed=3)
    page = tab.page
    notes = 0
    deadline = time.monotonic() + 90
    while not page.locator("[data-round-end]").count():
        assert time.monotonic() < deadline, "the round did not end"
        if not page.evaluate(MY_TURN):
            time.sleep(0.05)
            continue
        page.wait_for_timeout(50)  # the board fitted to what it holds now
        notes += clear_of_pips(page)
        if screen == "phone":
            for tile in page.locator("#hand .hand-tile").all():
                found = tile.bounding_box()
                assert found and found["width"] >= 40 and found["height"] >= 40, found
        legal = page.locator('#hand [data-legal="true"]')
        if not legal.count():
            take_turn(page)
            continue
        if screen == "phone":
            legal.first.tap()
        else:
            legal.first.click()
        for target in page.locator("[data-target]").all():
            found = target.bounding_box()
            assert found and found["width"] >= 40 and found["height"] >= 40, found
        if page.locator("[data-target]").count():
            page.locator("[data-target]").first.click()
    assert notes > 0, "no foot waited for toes with a note on it in this round"
    tab.shot(f"layout-board-{screen}")
    assert tab.errors == []
    tab.close()


NOTE_OVER = """() => {
    const box = document.getElementById('toasts');
    const note = document.createElement('div');
    note.className = 'toast';
    note.textContent = 'Bot 3 draws a tile.';
    box.append(note);
    const r = note.getBoundingClientRect();
    const under = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return {inToasts: !!under && !!under.closest('#toasts'),
            onBoard: !!under && !!under.closest('#board')};
}"""


@pytest.mark.parametrize("screen", SCREENS)
def test_a_note_never_takes_a_tap(server: Server, browser: Browser, screen: str) -> None:
    tab = seated(server, browser, screen, 4)
    page = tab.page
    under = page.evaluate(NOTE_OVER)
    assert under == {"inToasts": False, "onBoard": True}
    # A note laid over a place to play on: the tap goes to the place.
    deadline = time.monotonic() + 60
    while not page.locator("[data-target]").count():
        assert time.monotonic() < deadline, "no tile with two places came"
        assert not page.locator("[data-round-end]").count(), "no tile with two places came"
        if not page.evaluate(MY_TURN):
            time.sleep(0.05)
            continue
        legal = page.locator('#hand [data-legal="true"]')
        if legal.count():
            legal.first.click()  # played at once where it has one place only
        else:
            take_turn(page)
    for place in page.locator("[data-target]").all():  # big enough to tap, however small
        size = place.bounding_box()
        assert size and size["width"] >= 40 and size["height"] >= 40, size
    target = page.locator("[data-target]").first
    found = target.bounding_box()
    assert found is not None
    x, y = found["x"] + found["width"] / 2, found["y"] + found["height"] / 2
    page.evaluate(
        """([x, y]) => { const box = document.getElementById('toasts');
            box.style.position = 'fixed'; box.style.left = `${x - 40}px`;
            box.style.top = `${y - 10}px`; box.style.bottom = 'auto';
            const note = document.createElement('div'); note.className = 'toast';
            note.textContent = 'Bot 3 passes.'; box.append(note); }""",
        [x, y],
    )
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-target]') !== null", [x, y]
    )
    assert hit, "the note took the tap meant for the place under it"
    tab.shot(f"layout-note-{screen}")
    hand = page.locator("#hand [data-tile]").count()
    if screen == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    page.wait_for_function(f"() => document.querySelectorAll('#hand [data-tile]').length < {hand}")
    assert tab.errors == []
    tab.close()


SUMMARY = """() => {
    const card = document.querySelector('#summary .card');
    const rect = (el) => { const r = el.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height}; };
    return {
        top: card.scrollTop, card: rect(card),
        title: rect(card.querySelector('h2')),
        tiles: [...card.querySelectorAll('.shown svg')].map((svg) => rect(svg).height),
        totals: [...card.querySelectorAll('.shown-hands tbody td.total')].map(rect),
        names: [...card.querySelectorAll('.shown-hands tbody th')].map((th) => th.textContent),
        tall: card.scrollHeight > card.clientHeight,
    };
}"""


@pytest.mark.parametrize("screen", SCREENS)
def test_the_summary_opens_at_its_top_fits_and_shows_big_tiles(
    server: Server, browser: Browser, screen: str
) -> None:
    tab = seated(server, browser, screen, 8, seed=11)
    page = tab.page
    page.evaluate(FLIGHTS_OVER_DIALOGS)
    deadline = time.monotonic() + 90
    while not page.locator("[data-round-end]").count():
        assert time.monotonic() < deadline, "the round did not end"
        if not take_turn(page):
            time.sleep(0.05)
    page.wait_for_timeout(600)  # a flight's time: any tile still flying would be seen
    assert page.evaluate("() => window.flightsOverDialogs") == [], "a tile flew over the summary"
    seen = page.evaluate(SUMMARY)
    viewport = page.viewport_size
    assert viewport is not None
    screen_box = {"x": 0, "y": 0, "width": viewport["width"], "height": viewport["height"]}
    assert seen["top"] == 0
    assert inside(seen["card"], screen_box), seen["card"]
    assert inside(seen["title"], seen["card"]), "the summary opened past its title"
    assert seen["tiles"] and min(seen["tiles"]) >= 24, seen["tiles"]
    assert len(seen["totals"]) == 8
    for total in seen["totals"][:1]:  # the first row is in view at the top
        assert inside(total, seen["card"]), total
    assert any(LONGEST in name for name in seen["names"])  # whole in the summary
    tab.shot(f"layout-summary-{screen}")
    if seen["tall"]:  # the card scrolls inside: its last total can be reached
        last_total = page.locator("#summary .shown-hands tbody td.total").last
        last_total.scroll_into_view_if_needed()
        last = last_total.bounding_box()
        assert last is not None and inside(last, screen_box), last
    assert tab.errors == []
    tab.close()


WORDS = """() => {
    const list = document.getElementById('board-words');
    const drawn = Object.fromEntries([...document.querySelectorAll('#board [data-id]')]
        .map((g) => [g.dataset.id, g.querySelector('title').textContent.split(' · ')[0]]));
    return {role: list.getAttribute('role'), live: list.getAttribute('aria-live'),
            lines: [...list.querySelectorAll('li')].map((li) => li.textContent),
            drawn, seen: list.getBoundingClientRect().width};
}"""


def flipped(tile: str) -> str:
    first, second = tile.split("-")
    return f"{second}-{first}"


@pytest.mark.parametrize("screen", SCREENS)
def test_the_board_in_words_follows_each_play(
    server: Server, browser: Browser, screen: str
) -> None:
    tab = seated(server, browser, screen, 4, seed=5)
    page = tab.page
    before = page.evaluate(WORDS)
    assert before["role"] == "list" and before["live"] == "polite"
    assert before["seen"] <= 1  # for a screen reader, not shown
    plays = 0
    deadline = time.monotonic() + 60
    while plays < 3 and not page.locator("[data-round-end]").count():
        assert time.monotonic() < deadline, "no three plays of Ann's came"
        did = take_turn(page)
        if not did.startswith("play "):
            time.sleep(0.05)
            continue
        plays += 1
        tile = did.removeprefix("play ")
        page.wait_for_function(
            """([a, b]) => [...document.querySelectorAll('#board-words li')]
                .some((li) => li.textContent.includes(a) || li.textContent.includes(b))""",
            arg=[tile, flipped(tile)],
        )
        words = page.evaluate(WORDS)
        text = " ".join(words["lines"])
        assert words["drawn"], words
        for drawn in words["drawn"].values():
            assert drawn in text or flipped(drawn) in text, (drawn, words["lines"])
        assert tile in text or flipped(tile) in text, (tile, words["lines"])
        centre = words["drawn"]["0"]
        assert words["lines"][0].startswith("Centre: ")
        assert centre in words["lines"][0] or flipped(centre) in words["lines"][0]
        assert any(line.startswith("Line 1: ") for line in words["lines"]), words["lines"]
    assert plays == 3
    page.select_option("#lang", "nb")
    page.wait_for_function(
        "() => document.querySelector('#board-words li')?.textContent.startsWith('Midten: ')"
    )
    assert tab.errors == []
    tab.close()
