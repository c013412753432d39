"""What the browser tests share: a real ``chickenfoot serve`` process on loopback, Chromium
pages that record their script errors, and a player who acts through the page only (its
clicks, its drags or its keys), reading nothing but the page's test hooks (``data-tile``,
``data-legal``, ``data-target``, ``data-action``, ``data-turn``, ``data-round-end``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    ViewportSize,
    sync_playwright,
)
from playwright.sync_api import (
    TimeoutError as PlaywrightTimeoutError,
)

from tests.server_helpers import Server

__all__ = ["Server"]

HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
"""Debian's build of Chromium's headless shell (``chromium-headless-shell``): the same
engine without the browser's own window and pages, made for driving by programs; it takes
half the CPU of the whole browser over these tests."""
WHOLE_BROWSER = Path("/usr/bin/chromium")
CHROMIUM = HEADLESS_SHELL if HEADLESS_SHELL.exists() else WHOLE_BROWSER
"""The browser the tests drive: the headless shell, else Debian's ``chromium``."""
MISSING = (
    f"BROWSER TESTS SKIPPED: no Chromium at {HEADLESS_SHELL} or {WHOLE_BROWSER}"
    " (apt-get install chromium-headless-shell)"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
DESKTOP: ViewportSize = {"width": 1366, "height": 768}
"""A laptop's screen, with a mouse and a keyboard."""
PHONE: ViewportSize = {"width": 390, "height": 844}
"""A phone held upright: a touch screen (:func:`open_tab` opens it with touch unless told
not to)."""
SCREENS: dict[str, tuple[ViewportSize, bool]] = {
    "desktop": (DESKTOP, False),
    "phone": (PHONE, True),
}
"""The two screens every point of the table page is tried on: each one's size and whether it
is touched, by name (for ``pytest.mark.parametrize("screen", SCREENS)``)."""


def need_chromium() -> None:
    """Skip the calling module's tests, saying so loudly, where there is no Chromium."""
    if not CHROMIUM.exists():
        pytest.skip(MISSING, allow_module_level=True)


def chromium() -> Iterator[Browser]:
    """A module's headless Chromium (``yield from`` it in a fixture)."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@dataclass
class Tab:
    """A page in a browser context of its own, with the script errors it has met."""

    context: BrowserContext
    page: Page
    errors: list[str] = field(default_factory=list)

    def close(self) -> None:
        self.context.close()

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def open_tab(
    browser: Browser, url: str, viewport: ViewportSize = DESKTOP, touch: bool | None = None
) -> Tab:
    """``url`` in a new tab of a browser of its own (its own storage); ``touch``: a phone's
    touch screen (no mouse, no keyboard), by default on the :data:`PHONE` only."""
    if touch is None:
        touch = viewport == PHONE
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    return _opened(context, url)


def open_screen(browser: Browser, url: str, screen: str, **options: Any) -> Tab:
    """``url`` in a new tab of its own on one of the :data:`SCREENS` (its name), with
    Playwright's context ``options`` (``reduced_motion``, say)."""
    viewport, touch = SCREENS[screen]
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, **options)
    return _opened(context, url)


def reopen(tab: Tab, url: str) -> Tab:
    """``url`` in a new tab of the same browser as ``tab`` (whose page was closed, say): its
    storage, and so its seats, are the same."""
    return _opened(tab.context, url)


def _opened(context: BrowserContext, url: str) -> Tab:
    page = context.new_page()
    page.set_default_timeout(20_000)
    tab = Tab(context, page)

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            tab.errors.append(message.text)

    page.on("pageerror", lambda error: tab.errors.append(str(error)))
    page.on("console", console)
    page.goto(url)
    return tab


MY_TURN = """() =>
    !document.querySelector('[data-round-end]') && (
    !!document.querySelector('#hand [data-legal="true"]') ||
    !!document.querySelector('[data-action="draw"]:not(:disabled)') ||
    !!document.querySelector('[data-action="pass"]:not(:disabled)'))"""


PLACES_OWN_THEIR_MIDDLES = """() =>
  [...document.querySelectorAll("[data-target]")].every((place) => {
    const box = place.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !hit || !hit.closest("[data-target]") || hit.closest("[data-target]") === place;
  })"""


FLIGHTS_OVER_DIALOGS = """() => {
  window.flightsOverDialogs = [];
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const look = () => {
    for (const card of document.querySelectorAll('.overlay:not([hidden]) .card'))
      for (const flight of document.querySelectorAll('[data-flight]'))
        if (meet(flight.getBoundingClientRect(), card.getBoundingClientRect()))
          window.flightsOverDialogs.push(flight.getAttribute('data-flight'));
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""
"""Keep in ``window.flightsOverDialogs``, at each frame the page draws, every flying tile
(``data-flight``, the slide of a play) whose box meets an open dialog's (the round's summary,
the lobby): none is ever drawn over one."""


def take_turn(page: Page, how: str = "click") -> str:
    """Act once if it is this page's seat's turn, by ``click``, ``drag`` or ``keys``: the
    first tile that fits, on its first place; else draw; else pass. What it did (``""``:
    nothing, not its turn)."""
    if not page.evaluate(MY_TURN):
        return ""
    legal = page.locator('#hand [data-legal="true"]')
    if legal.count():
        tile = legal.first.get_attribute("data-tile") or ""
        if how == "keys":
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            if page.locator("[data-target]").count():
                page.keyboard.press("Enter")
        elif how == "drag":
            drag_to_first_target(page, legal.first.bounding_box())
        else:
            legal.first.click()
            targets = page.locator("[data-target]")
            if targets.count():
                assert page.evaluate(PLACES_OWN_THEIR_MIDDLES), "a place's middle taps another"
                targets.first.click()
        return f"play {tile}"
    for action, key in (("draw", "d"), ("pass", "p")):
        button = page.locator(f'[data-action="{action}"]')
        if button.is_enabled():
            if how == "keys":
                page.keyboard.press(key)
            else:
                try:
                    button.click(timeout=3_000)
                except PlaywrightTimeoutError:
                    # the page made the forced draw or pass itself between the look and
                    # the click (no busywork): the button went off
                    assert button.is_disabled(), f"{action} stayed on and took no click"
                    return ""
            return action
    return ""


def drag_to_first_target(page: Page, box: Any) -> None:
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y - 30, steps=4)
    target = page.locator("[data-target]").first.bounding_box()
    assert target is not None
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    page.mouse.up()


def play_round(
    pages: list[Page], how: list[str], actions: int | None = None, seconds: float = 50
) -> list[str]:
    """Each page plays its seat's turns (page i by ``how[i]``) until every page shows the
    round's end, or ``actions`` actions have been taken; what they did, in order."""
    done: list[str] = []
    deadline = time.monotonic() + seconds
    while not all(p.locator("[data-round-end]").count() for p in pages):
        assert time.monotonic() < deadline, f"the round did not end; played {done}"
        if actions is not None and len(done) >= actions:
            break
        acted = False
        for page, way in zip(pages, how, strict=True):
            did = take_turn(page, way)
            if did:
                done.append(did)
                acted = True
        if not acted:
            time.sleep(0.05)
    return done
