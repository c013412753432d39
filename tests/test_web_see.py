"""See what happened on the table page: each tile played slides from its player's side to its
place (none with reduced motion), the tiles played since the person's turn are marked in their
players' colours until the person plays, and the sounds are off until turned on (remembered,
and never made before a gesture). A real ``chickenfoot serve`` on loopback and a real headless
Chromium, at 1366x768 and on a 390x844 touch screen."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.web_helpers import CHROMIUM, MY_TURN, Server, Tab, chromium, open_tab, reopen, serving

if not CHROMIUM.exists():
    pytest.skip(
        f"BROWSER TESTS SKIPPED: no Chromium at {CHROMIUM} (apt-get install chromium)",
        allow_module_level=True,
    )

SCREENS: dict[str, tuple[ViewportSize, bool]] = {
    "desktop": ({"width": 1366, "height": 768}, False),
    "phone": ({"width": 390, "height": 844}, True),
}

FLIGHTS = """() => {
  window.flights = [];
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node instanceof Element && node.matches('[data-flight]'))
          window.flights.push({
            tile: node.getAttribute('data-flight'),
            running: node.getAnimations().some((a) => a.playState === 'running'),
          });
  }).observe(document.body, {childList: true});
}"""
"""Keep each flying tile the page shows (they land and go) in ``window.flights``."""

CUES = """() => {
  window.cues = [];
  document.addEventListener('chickenfoot:cue', (e) => window.cues.push(e.detail));
}"""

AUDIO = """(() => {
  window.audio = [];
  const Made = window.AudioContext;
  window.AudioContext = class extends Made {
    constructor(...args) {
      super(...args);
      window.audio.push(navigator.userActivation.hasBeenActive);
    }
  };
})()"""
"""Keep in ``window.audio``, for each sound context the page makes, whether its person had
touched or clicked the page by then."""

DOUBLES = """() => [...document.querySelectorAll('#board [data-id]')].filter((el) => {
  const [a, b] = el.querySelector('title').textContent.split(' ')[0].split('-');
  return a === b && el.getAttribute('data-id') !== '0';
}).length"""
"""How many doubles were played on the board (the centre double, id 0, is dealt)."""

FRESH = """() => [...document.querySelectorAll('#board [data-fresh]')].map((el) => {
  const seat = el.getAttribute('data-fresh');
  const swatch = document.querySelector(`#seats [data-seat="${seat}"] .swatch`);
  return {
    id: el.getAttribute('data-id'),
    seat: Number(seat),
    stroke: getComputedStyle(el.querySelector('.face')).stroke,
    colour: getComputedStyle(swatch).backgroundColor,
  };
})"""
"""Each marked tile of the board: its id, the seat that played it, its outline's colour and
the colour of that seat in the players' list."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


def ann_and_bots(server: Server, seed: int) -> str:
    """A single round of Ann against three easy bots: Ann's invite link."""
    body = {
        "game": "chickenfoot",
        "length": "single",
        "seats": [{"human": "Ann"}, {"bot": "easy"}, {"bot": "easy"}, {"bot": "easy"}],
        "seed": seed,
    }
    made = server.post("/api/tables", body)
    return str(made["seats"][0]["invite"])


def open_screen(browser: Browser, url: str, screen: str, **options: Any) -> Tab:
    viewport, touch = SCREENS[screen]
    if not options:
        return open_tab(browser, url, viewport=viewport, touch=touch)
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, **options)
    return reopen(Tab(context, context.new_page()), url)


def press(page: Page, locator: Any, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


def play_a_tile(page: Page, touch: bool) -> str | None:
    """At the person's turn, play the first tile that fits on its first place: the tile
    (None: no tile fits, the page draws or passes for them)."""
    legal = page.locator('#hand [data-legal="true"]')
    if not legal.count():
        return None
    tile = legal.first.get_attribute("data-tile")
    press(page, legal.first, touch)
    targets = page.locator("[data-target]")
    if targets.count():
        press(page, targets.first, touch)
    return tile


def wait_for_turn(page: Page, seconds: float = 30) -> bool:
    """Wait for the person's turn: False if the round ended first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator("[data-round-end]").count():
            return False
        if page.evaluate(MY_TURN):
            return True
        time.sleep(0.05)
    raise AssertionError("the person's turn did not come")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_tiles_played_since_your_turn_are_marked_in_their_players_colours_until_you_play(
    server: Server, browser: Browser, screen: str
) -> None:
    touch = SCREENS[screen][1]
    tab = open_screen(browser, ann_and_bots(server, seed=11), screen)
    page = tab.page
    marked_turns = 0
    most = 0
    for _turn in range(6):
        if not wait_for_turn(page):
            break
        fresh = page.evaluate(FRESH)
        for tile in fresh:
            assert tile["seat"] in (1, 2, 3), "only the others' tiles are marked"
            assert tile["stroke"] == tile["colour"], "in the colour of its player's seat"
        if fresh:
            marked_turns += 1
            most = max(most, len(fresh))
            if marked_turns == 1:
                tab.shot(f"see-fresh-{screen}")
        played = play_a_tile(page, touch)
        if played is None:
            continue
        ids = [tile["id"] for tile in fresh]
        page.wait_for_function(
            """(ids) => ids.every(
                (id) => !document.querySelector(`#board [data-id="${id}"][data-fresh]`))""",
            arg=ids,
        )
        mine = page.locator("#board [data-fresh='0']")
        assert mine.count() == 0, "the person's own tile is never marked"
    assert marked_turns >= 2
    assert most >= 2, "more than the last tile is marked"
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_each_tile_played_slides_to_its_place(
    server: Server, browser: Browser, screen: str
) -> None:
    touch = SCREENS[screen][1]
    tab = open_screen(browser, ann_and_bots(server, seed=11), screen)
    page = tab.page
    page.wait_for_selector("#board [data-id]")
    page.evaluate(FLIGHTS)
    mine: list[str] = []
    for _turn in range(3):
        if not wait_for_turn(page):
            break
        played = play_a_tile(page, touch)
        if played is not None:
            mine.append(played)
            page.wait_for_function(
                "(tile) => window.flights.some((f) => f.tile === tile)", arg=played
            )
    flights = page.evaluate("() => window.flights")
    assert mine, "Ann played no tile"
    assert {flight["tile"] for flight in flights} >= set(mine)
    assert len(flights) > len(mine), "the bots' tiles fly too"
    assert all(flight["running"] for flight in flights)
    page.wait_for_function("() => !document.querySelector('[data-flight]')")
    assert page.locator("#board .tile.flying").count() == 0, "every tile landed and is shown"
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_with_reduced_motion_no_tile_flies(server: Server, browser: Browser, screen: str) -> None:
    touch = SCREENS[screen][1]
    tab = open_screen(browser, ann_and_bots(server, seed=11), screen, reduced_motion="reduce")
    page = tab.page
    page.wait_for_selector("#board [data-id]")
    page.evaluate(FLIGHTS)
    for _turn in range(3):
        if not wait_for_turn(page):
            break
        tiles = page.locator("#board [data-id]").count()
        if play_a_tile(page, touch) is not None:
            page.wait_for_function(
                f"() => document.querySelectorAll('#board [data-id]').length > {tiles}"
            )
    wait_for_turn(page)
    assert page.locator("#board [data-id]").count() >= 5, "tiles were played"
    assert page.evaluate("() => window.flights") == []
    assert page.evaluate("() => document.getAnimations().length") == 0
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_sounds_are_off_until_turned_on_remembered_and_wait_for_a_gesture(
    server: Server, browser: Browser, screen: str
) -> None:
    touch = SCREENS[screen][1]
    tab = open_screen(browser, ann_and_bots(server, seed=11), screen)
    page = tab.page
    page.wait_for_selector("#board [data-id]")
    page.evaluate(CUES)
    toggle = page.locator("#sound")
    assert not toggle.is_checked(), "off by default"
    wait_for_turn(page)
    play_a_tile(page, touch)
    wait_for_turn(page)
    assert page.evaluate("() => window.cues") == [], "no sound while off"

    press(page, toggle, touch)
    assert toggle.is_checked()
    play_a_tile(page, touch)
    wait_for_turn(page)
    heard = page.evaluate("() => window.cues")
    assert "play" in heard
    assert "turn" in heard
    tab.shot(f"see-sound-{screen}")

    play_a_tile(page, touch)
    page.add_init_script(AUDIO)
    page.reload()  # the bots play on while the page is neither touched nor clicked
    page.wait_for_selector("#board [data-id]")
    page.evaluate(CUES)
    assert page.locator("#sound").is_checked(), "remembered"
    wait_for_turn(page)
    assert page.evaluate("() => window.cues") == []
    assert page.evaluate("() => window.audio") == [], "no sound before a gesture"
    before = page.evaluate(DOUBLES)  # played while no sound could be made
    play_a_tile(page, touch)  # the person's touch or click
    wait_for_turn(page)
    assert page.evaluate("() => window.audio") == [True]
    assert "play" in page.evaluate("() => window.cues")
    while wait_for_turn(page, seconds=60):  # to the round's end
        play_a_tile(page, touch)
    page.wait_for_selector("[data-round-end]")
    heard = page.evaluate("() => window.cues")
    doubles = page.evaluate(DOUBLES)
    assert doubles > before, "a double was played on the board"
    assert heard.count("foot") == doubles - before, "a new foot for each double played"
    assert heard[-1] == "round-end"
    assert tab.errors == []
    tab.close()
