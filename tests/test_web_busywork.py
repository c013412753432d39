"""No busywork on the page: a draw or a pass that is the person's only move is made for them
and said (a setting turns that off, and is remembered), and a double-click or a double-tap
plays once. A real ``chickenfoot serve`` on loopback and a real headless Chromium, at 1366x768
and on a 390x844 touch screen."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.web_helpers import (
    FLIGHTS_OVER_DIALOGS,
    MY_TURN,
    SCREENS,
    Server,
    need_chromium,
    open_screen,
)

need_chromium()

TOASTS = """() => {
  window.toastsSeen = [];
  const seen = (changes) => {
    for (const change of changes)
      for (const note of change.addedNodes) window.toastsSeen.push(note.textContent);
  };
  new MutationObserver(seen).observe(document.querySelector('#toasts'), {childList: true});
}"""
"""Keep every note the page shows (they fade) in ``window.toastsSeen``."""


def seat_of_ann(
    server: Server, browser: Browser, seed: int, screen: str = "desktop"
) -> tuple[Any, list[Any]]:
    """A single round of Ann against three easy bots, on ``screen``: her tab and the frames
    her page sends."""
    body = {
        "game": "chickenfoot",
        "length": "single",
        "seats": [{"human": "Ann"}, {"bot": "easy"}, {"bot": "easy"}, {"bot": "easy"}],
        "seed": seed,
    }
    made = server.post("/api/tables", body)
    tab = open_screen(browser, made["seats"][0]["invite"], screen)
    tab.page.wait_for_selector("#hand [data-tile]")  # the invite spent: a reload keeps the seat
    sent: list[Any] = []
    tab.page.on(
        "websocket",
        lambda socket: socket.on("framesent", lambda payload: sent.append(json.loads(payload))),
    )
    return tab, sent


def play_tiles(page: Page, on_wait: Any = None, seconds: float = 60) -> int:
    """Play the first tile that fits, on its first place, whenever one does, and never touch
    the draw or pass buttons (``on_wait(page)`` is called where only they are enabled), until
    the round ends; how many tiles were played."""
    played = 0
    deadline = time.monotonic() + seconds
    while not page.locator("[data-round-end]").count():
        assert time.monotonic() < deadline, "the round did not end"
        legal = page.locator('#hand [data-legal="true"]')
        if page.evaluate(MY_TURN) and legal.count():
            legal.first.click()
            targets = page.locator("[data-target]")
            if targets.count():
                targets.first.click()
            played += 1
        elif page.evaluate(MY_TURN) and on_wait is not None:
            on_wait(page)
        else:
            time.sleep(0.05)
    return played


@pytest.mark.parametrize("screen", SCREENS)
def test_a_forced_draw_or_pass_is_made_for_the_person_and_said(
    server: Server, browser: Browser, screen: str
) -> None:
    tab, sent = seat_of_ann(server, browser, seed=7, screen=screen)
    page = tab.page
    page.reload()
    page.wait_for_selector("#hand [data-tile]")
    page.evaluate(TOASTS)
    page.evaluate(FLIGHTS_OVER_DIALOGS)
    assert page.locator("#forced").is_checked()  # made for the person unless they say
    assert play_tiles(page) > 0
    made = [frame["action"] for frame in sent if frame["type"] == "act"]
    draws = [action for action in made if "draw" in action]
    assert draws, "no forced draw came to Ann in this round"
    seen = page.evaluate("() => window.toastsSeen")
    assert seen.count("No tile fits: you draw.") == len(draws)
    passes = [action for action in made if "pass" in action]
    assert seen.count("Nothing fits: you pass.") == len(passes)
    page.wait_for_timeout(600)  # a flight's time: any tile still flying would be seen
    assert page.evaluate("() => window.flightsOverDialogs") == [], "a tile flew over the summary"
    tab.shot(f"busywork-forced-{screen}")
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_with_the_setting_off_the_page_waits_and_remembers_it(
    server: Server, browser: Browser, screen: str
) -> None:
    tab, sent = seat_of_ann(server, browser, seed=7, screen=screen)
    page = tab.page
    if SCREENS[screen][1]:
        page.locator("#forced").tap()
    else:
        page.uncheck("#forced")
    page.reload()
    page.wait_for_selector("#hand [data-tile]")
    assert not page.locator("#forced").is_checked()  # remembered
    waits: list[str] = []

    def draw_or_pass(page: Page) -> None:
        for kind in ("draw", "pass"):
            button = page.locator(f'[data-action="{kind}"]')
            if button.is_enabled():
                waits.append(kind)
                button.click()
                return
        time.sleep(0.05)

    play_tiles(page, on_wait=draw_or_pass)
    made = [frame["action"] for frame in sent if frame["type"] == "act"]
    assert "draw" in waits
    assert len(waits) == len([a for a in made if "draw" in a or "pass" in a])
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_a_double_click_or_a_double_tap_on_a_tile_plays_it_once(
    server: Server, browser: Browser, screen: str
) -> None:
    tab, sent = seat_of_ann(server, browser, seed=7, screen=screen)
    page = tab.page
    heard: list[Any] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: heard.append(frame)))
    page.reload()
    page.wait_for_function(MY_TURN)
    # The bots at their slow pace: Ann's turn cannot come back between the two taps.
    page.wait_for_selector("#pace:not([hidden])")
    page.select_option("#pace-choice", "slow")
    for _ in range(200):  # the server's answer, told to the table
        if any('"slow"' in str(frame) and '"pace"' in str(frame) for frame in heard):
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the server did not take the slow pace")
    page.evaluate(TOASTS)
    tile = page.locator('#hand [data-legal="true"]').first
    played = tile.get_attribute("data-tile")
    # Ann's first tile goes on the centre double: one place, played at once.
    if SCREENS[screen][1]:
        tile.wait_for(state="visible")
        found = tile.bounding_box()
        for _ in range(100):  # the hand may be drawn anew meanwhile: the tile drawn again
            if found is not None:
                break
            page.wait_for_timeout(50)
            found = tile.bounding_box()
        assert found is not None
        x, y = found["x"] + found["width"] / 2, found["y"] + found["height"] / 2
        page.touchscreen.tap(x, y)
        page.touchscreen.tap(x, y)
    else:
        tile.dblclick()
    page.wait_for_selector("#board [data-id='1']")
    acts = [frame for frame in sent if frame["type"] == "act"]
    assert [frame["action"]["play"] for frame in acts] == [played]
    assert "It is not your turn." not in page.evaluate("() => window.toastsSeen")
    assert tab.errors == []
    tab.close()
