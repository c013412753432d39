"""No busywork on the page: a draw or a pass that is the person's only move is made for them
and said (a setting turns that off, and is remembered), and a double-click plays once. A
real ``chickenfoot serve`` on loopback and a real headless Chromium."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, Page

from tests.web_helpers import MY_TURN, Server, need_chromium, open_tab

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


def seat_of_ann(server: Server, browser: Browser, seed: int) -> tuple[Any, list[Any]]:
    """A single round of Ann against three easy bots: her tab (after ``prepare`` ran on
    it) and the frames her page sends."""
    body = {
        "game": "chickenfoot",
        "length": "single",
        "seats": [{"human": "Ann"}, {"bot": "easy"}, {"bot": "easy"}, {"bot": "easy"}],
        "seed": seed,
    }
    made = server.post("/api/tables", body)
    tab = open_tab(browser, made["seats"][0]["invite"])
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


def test_a_forced_draw_or_pass_is_made_for_the_person_and_said(
    server: Server, browser: Browser
) -> None:
    tab, sent = seat_of_ann(server, browser, seed=7)
    page = tab.page
    page.reload()
    page.wait_for_selector("#hand [data-tile]")
    page.evaluate(TOASTS)
    assert page.locator("#forced").is_checked()  # made for the person unless they say
    assert play_tiles(page) > 0
    made = [frame["action"] for frame in sent if frame["type"] == "act"]
    draws = [action for action in made if "draw" in action]
    assert draws, "no forced draw came to Ann in this round"
    seen = page.evaluate("() => window.toastsSeen")
    assert seen.count("No tile fits: you draw.") == len(draws)
    passes = [action for action in made if "pass" in action]
    assert seen.count("Nothing fits: you pass.") == len(passes)
    assert tab.errors == []
    tab.close()


def test_with_the_setting_off_the_page_waits_and_remembers_it(
    server: Server, browser: Browser
) -> None:
    tab, sent = seat_of_ann(server, browser, seed=7)
    page = tab.page
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


def test_a_double_click_on_a_tile_plays_it_once(server: Server, browser: Browser) -> None:
    tab, sent = seat_of_ann(server, browser, seed=7)
    page = tab.page
    page.reload()
    page.wait_for_function(MY_TURN)
    page.evaluate(TOASTS)
    tile = page.locator('#hand [data-legal="true"]').first
    played = tile.get_attribute("data-tile")
    tile.dblclick()  # Ann's first tile goes on the centre double: one place, played at once
    page.wait_for_selector("#board [data-id='1']")
    acts = [frame for frame in sent if frame["type"] == "act"]
    assert [frame["action"]["play"] for frame in acts] == [played]
    assert "It is not your turn." not in page.evaluate("() => window.toastsSeen")
    assert tab.errors == []
    tab.close()
