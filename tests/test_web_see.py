"""See what happened on the table page: each tile played slides from its player's side to its
place (none with reduced motion), the tiles played since the person's turn are marked in their
players' colours until the person plays, the sounds are off until turned on (remembered,
and never made before a gesture), and the bots' pace is chosen on the page by the table's
creator or its only person, every page at the table hearing the choice. A real ``chickenfoot
serve`` on loopback and a real headless Chromium, at 1366x768 and on a 390x844 touch
screen."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.test_web_pages import set_up_on_home_page
from tests.web_helpers import (
    MY_TURN,
    SCREENS,
    Server,
    Tab,
    need_chromium,
    open_screen,
    open_tab,
    play_round,
    reopen,
)

need_chromium()

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


def watched(server: Server, browser: Browser, screen: str, script: str, **options: Any) -> Tab:
    """Ann's table against three bots on ``screen`` (with Playwright's context ``options``),
    once its board is drawn, ``script`` run in its page."""
    tab = open_screen(browser, ann_and_bots(server, seed=11), screen, **options)
    tab.page.wait_for_selector("#board [data-id]")
    tab.page.evaluate(script)
    return tab


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
    tab = watched(server, browser, screen, FLIGHTS)
    page = tab.page
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


SCROLL_MID_FLIGHT = """() => {
  window.scrolledFlights = [];
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const ghost of change.addedNodes) {
        if (!(ghost instanceof Element) || !ghost.matches('[data-flight]')) continue;
        const [flight] = ghost.getAnimations();
        if (!flight) continue;
        flight.pause();
        flight.currentTime = flight.effect.getTiming().duration - 1;
        const before = scrollY;
        scrollTo(0, before > 100 ? 0 : before + 150);
        requestAnimationFrame(() => {
          const tile = ghost.getAttribute('data-flight');
          const place = [...document.querySelectorAll('#board .flying')].find(
            (el) => el.querySelector('title').textContent.split(' ')[0] === tile);
          const at = ghost.getBoundingClientRect();
          const to = place.getBoundingClientRect();
          window.scrolledFlights.push({
            tile,
            scrolled: scrollY - before,
            off: Math.max(Math.abs(at.left - to.left), Math.abs(at.top - to.top)),
          });
          flight.play();
        });
      }
  }).observe(document.body, {childList: true});
}"""
"""At each tile that starts to fly, scroll the page and keep in ``window.scrolledFlights``
how far, and how far the flying tile (its flight nearly over) stands off its place then."""


def test_a_flying_tile_keeps_to_its_place_when_the_page_scrolls(
    server: Server, browser: Browser
) -> None:
    """On a phone the board and the players' list below it scroll with the page, also while
    tiles fly."""
    tab = watched(server, browser, "phone", SCROLL_MID_FLIGHT)
    page = tab.page
    for _turn in range(3):
        if not wait_for_turn(page):
            break
        play_a_tile(page, touch=True)
    page.wait_for_function("() => !document.querySelector('[data-flight]')")
    flights = page.evaluate("() => window.scrolledFlights")
    assert any(flight["scrolled"] for flight in flights), "the page scrolled under a flight"
    assert [f for f in flights if f["off"] > 1] == []
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_with_reduced_motion_no_tile_flies(server: Server, browser: Browser, screen: str) -> None:
    touch = SCREENS[screen][1]
    tab = watched(server, browser, screen, FLIGHTS, reduced_motion="reduce")
    page = tab.page
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
    tab = watched(server, browser, screen, CUES)
    page = tab.page
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


PACE_LABEL_SEEN = """() => [...document.querySelectorAll('#pace > span')]
  .filter((part) => {
    const box = part.getBoundingClientRect();
    return box.width >= 8 && box.height >= 8 && box.left >= 0 && box.right <= innerWidth
      && box.top >= 0 && box.bottom <= innerHeight
      && getComputedStyle(part).visibility === 'visible';
  })
  .map((part) => part.textContent.trim()).join(' ')"""
"""The words drawn beside the menu of the bots' pace, in the screen."""


def other(screen: str) -> str:
    return "phone" if screen == "desktop" else "desktop"


def pace_shown(tab: Tab, pace: str) -> None:
    """Wait until the page's menu of the bots' pace holds ``pace`` (hidden or not: a page
    that offers no choice keeps the table's pace all the same)."""
    tab.page.wait_for_function(
        "(pace) => document.querySelector('#pace-choice').value === pace", arg=pace
    )


@pytest.mark.parametrize("screen", SCREENS)
def test_the_tables_creator_chooses_the_bots_pace_on_the_page_and_every_page_hears_it(
    server: Server, browser: Browser, screen: str
) -> None:
    """Ann sets up a table of Ann, Bea and two bots on the home page on ``screen``; Bea joins
    on the other screen and a spectator watches. Only Ann's windows offer the bots' pace;
    she chooses slow, then fast, and her other window, Bea's page and the spectator's all
    follow; the bots play on; a window opened later shows the pace chosen."""
    ann = open_screen(browser, server.url + "/", screen)
    set_up_on_home_page(ann.page, ["Ann", "Bea", "bot:easy", "bot:easy"], seed=None)
    ann.page.click("#create")
    invite = ann.page.locator("#lobby .lobby-seats input").first
    invite.wait_for()
    bea = open_screen(browser, invite.input_value(), other(screen))
    table = ann.page.url.split("/table/", 1)[1].split("#", 1)[0]
    window = reopen(ann, f"{server.url}/table/{table}")  # Ann's second window
    watcher = open_tab(browser, f"{server.url}/table/{table}")
    tabs = [ann, bea, window, watcher]
    try:
        for tab in tabs:
            tab.page.wait_for_selector("#board [data-id='0']")
        for tab in (ann, window):
            tab.page.wait_for_selector("#pace:not([hidden])")  # once it has read the seats
            assert tab.page.locator("#pace-choice").input_value() == ""  # the server's
            # The menu says what it is, in words on the screen and to a screen reader.
            seen = tab.page.evaluate(PACE_LABEL_SEEN)
            assert seen == ("Bots" if screen == "phone" else "Bots' pace"), seen
            assert tab.page.get_by_role("combobox", name="Bots' pace").is_visible()

        for pace in ("slow", "fast"):
            ann.page.select_option("#pace-choice", pace)
            for tab in tabs:
                pace_shown(tab, pace)
        assert bea.page.locator("#pace").is_hidden(), "Bea did not set the table up"
        assert watcher.page.locator("#pace").is_hidden()
        assert window.page.locator("#pace-choice option:checked").inner_text() == "fast"
        ann.shot(f"pace-chosen-{screen}")

        logged = watcher.page.locator("#log li").count()
        assert len(play_round([ann.page, bea.page], ["click", "click"], actions=3)) >= 3
        watcher.page.wait_for_function(
            """(n) => [...document.querySelectorAll('#log li')].slice(n)
                .some((li) => li.textContent.startsWith('Bot '))""",
            arg=logged,
        )  # the bots played on at their new pace, and the spectator saw them
        later = reopen(window, f"{server.url}/table/{table}")
        tabs.append(later)
        later.page.wait_for_selector("#pace:not([hidden])")
        pace_shown(later, "fast")  # kept with the table
        for tab in tabs:
            assert tab.errors == []
    finally:
        for tab in tabs:
            tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_the_only_person_at_a_table_chooses_the_bots_pace_and_finds_it_kept(
    server: Server, browser: Browser, screen: str
) -> None:
    """Ann, who did not set the table up, is its only person: her page offers the bots' pace,
    a spectator's does not; she chooses slow, the spectator's page hears it, and after a
    reload her page still shows it."""
    invite = ann_and_bots(server, seed=5)
    ann = open_screen(browser, invite, screen)
    page = ann.page
    page.wait_for_selector("#hand [data-tile]")
    table = page.url.split("/table/", 1)[1].split("#", 1)[0].split("?", 1)[0]
    watcher = open_screen(browser, f"{server.url}/table/{table}", screen)
    watcher.page.wait_for_selector("#board [data-id='0']")
    menu = page.locator("#pace")
    page.wait_for_selector("#pace:not([hidden])")  # once the page has read who sits where
    page.select_option("#pace-choice", "slow")
    pace_shown(watcher, "slow")  # the server's answer
    assert watcher.page.locator("#pace").is_hidden()
    page.reload()
    page.wait_for_selector("#hand [data-tile]")
    pace_shown(ann, "slow")
    page.wait_for_selector("#pace:not([hidden])")
    assert menu.is_visible()
    assert page.locator("#pace-choice option:checked").inner_text() == "slow"
    ann.shot(f"pace-alone-{screen}")
    assert ann.errors == [] and watcher.errors == []
    ann.close()
    watcher.close()
