"""The move clock and the stand-in on the page, end to end: a real ``chickenfoot serve`` on
loopback and headless Chromium. The home page sets a clock, the seat whose turn it is shows its
time running, a friend who closes the page is shown away at once, every move the computer
makes for a person says so in the log, and a person back at their seat is told what was
played for them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.web_helpers import (
    PHONE,
    SCREENS,
    Server,
    need_chromium,
    open_screen,
    open_tab,
    reopen,
    take_turn,
)

need_chromium()

AWAY = 2
"""The server's ``--away`` seconds."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("clock-web"), options=["--away", str(AWAY)])
    yield running
    running.stop()


def seconds_left(page: Page, seat: int) -> int:
    left = page.locator(f'[data-seat="{seat}"] .presence').get_attribute("data-left")
    assert left is not None
    return int(left)


def in_first_screen(page: Page, selector: str) -> bool:
    """Whether ``selector`` is drawn inside the screen as the page opens, not scrolled to."""
    found = page.locator(selector).bounding_box()
    screen = page.viewport_size
    assert screen is not None and page.evaluate("() => window.scrollY") == 0
    return (
        found is not None
        and found["width"] > 0
        and 0 <= found["x"] <= found["x"] + found["width"] <= screen["width"]
        and 0 <= found["y"] <= found["y"] + found["height"] <= screen["height"]
    )


def meets(page: Page, one: str, other: str) -> bool:
    a, b = page.locator(one).bounding_box(), page.locator(other).bounding_box()
    assert a is not None and b is not None
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def wait_for_turn(page: Page, seat: int) -> None:
    page.wait_for_selector(f'[data-turn="{seat}"]')


def test_the_home_page_sets_a_move_clock_and_the_seat_to_act_shows_it_running(
    server: Server, browser: Browser
) -> None:
    ann = open_tab(browser, server.url + "/")
    page = ann.page
    page.wait_for_selector("[data-seat-kind='0']")
    assert page.locator("#clock").input_value() == "0"  # no clock unless chosen
    page.select_option("#players", "2")
    page.fill("[data-seat-name='0']", "Ann")
    page.select_option("[data-seat-kind='1']", "bot")
    page.select_option("#clock", "15")
    assert page.locator("#clock option:checked").inner_text() == "15 seconds a move"
    page.click("#create")
    page.wait_for_selector("#hand [data-tile]")
    table = page.url.split("/table/", 1)[1].split("#", 1)[0]
    assert server.get(f"/api/tables/{table}")["clock"] == 15
    wait_for_turn(page, 0)
    row = page.locator('[data-seat="0"] .presence[data-left]')
    row.wait_for()
    first = seconds_left(page, 0)
    assert 10 <= first <= 15
    assert "left" in row.inner_text()
    time.sleep(2.5)
    assert seconds_left(page, 0) <= first - 1  # it counts down on the page (each second)
    assert page.locator("[data-seat][data-away]").count() == 0
    ann.shot("clock-running")
    assert ann.errors == []
    ann.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_out_of_time_the_log_says_the_computer_played_for_you(
    server: Server, browser: Browser, screen: str
) -> None:
    body = {"seats": [{"human": "Ann"}, {"bot": "easy"}], "clock": 5, "seed": 4}
    made: Any = server.post("/api/tables", body)
    ann = open_screen(browser, made["seats"][0]["invite"], screen)
    wait_for_turn(ann.page, 0)
    ann.page.wait_for_function(
        "() => document.querySelector('#log').textContent.includes('The computer, for you,')",
        timeout=12_000,
    )
    ann.shot(f"clock-played-for-you-{screen}")
    assert ann.errors == []
    ann.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_a_friend_who_leaves_is_shown_away_at_once_and_told_on_return(
    server: Server, browser: Browser, screen: str
) -> None:
    """Bea, on ``screen``, closes her page: Ann and a spectator, on the other screen, see her
    away at once with the time left, then the computer's moves for her said so in the log;
    back at her seat, Bea is told what was played for her."""
    there = "desktop" if screen == "phone" else "phone"
    made: Any = server.post("/api/tables", {"seats": [{"human": "Ann"}, {"human": "Bea"}]})
    ann = open_screen(browser, made["seats"][0]["invite"], there)
    bea = open_screen(browser, made["seats"][1]["invite"], screen)
    spectator = open_screen(browser, made["spectate"], there)
    for tab in (ann, bea, spectator):
        tab.page.wait_for_selector("[data-seat='1'] [data-count]")
    assert ann.page.locator("[data-seat][data-away]").count() == 0
    bea.page.close()  # her browser keeps her seat
    gone = time.monotonic()
    for tab in (ann, spectator):
        tab.page.wait_for_selector("[data-seat='1'][data-away]", timeout=1_000)
    assert time.monotonic() - gone < 1.5
    assert "away" in ann.page.locator("[data-seat='1'] .presence").inner_text()
    assert seconds_left(ann.page, 1) <= AWAY
    for tab in (ann, spectator):  # in the first screen, on a phone too: no scrolling to it
        page = tab.page
        assert page.locator("#away").inner_text().startswith("Bea is away")
        assert in_first_screen(page, "#away"), page.locator("#away").bounding_box()
        assert not meets(page, "#away", "#board")
    assert not meets(ann.page, "#away", "#hand")
    ann.shot(f"friend-away-{there}")
    # Ann plays on; Bea's moves are the computer's, and the log says so.
    deadline = time.monotonic() + 30
    log = ann.page.locator("#log")
    while log.inner_text().count("The computer, for Bea,") < 2:
        assert time.monotonic() < deadline, log.inner_text()
        if not take_turn(ann.page):
            time.sleep(0.05)
    assert "The computer, for Bea," in spectator.page.locator("#log").inner_text()
    assert "away" in spectator.page.locator("[data-seat='1'] .presence").inner_text()
    assert "away: the computer plays" in ann.page.locator("[data-seat='1'] .presence").inner_text()
    back = reopen(bea, f"{server.url}/table/{made['table']}")
    note = back.page.locator("[data-played-for]")
    note.wait_for()
    assert note.inner_text().startswith("While you were away, the computer made")
    assert int(note.get_attribute("data-played-for") or 0) >= 2
    ann.page.wait_for_selector("[data-seat='1']:not([data-away])", timeout=2_000)
    assert ann.page.locator("#away").is_hidden()
    back.shot(f"friend-back-{screen}")
    back.page.locator("[data-played-for] button").click()
    assert note.is_hidden()
    for tab in (ann, back, spectator):
        assert tab.errors == []
        tab.close()


def test_the_replay_says_which_moves_the_computer_played_for_a_person(
    server: Server, browser: Browser
) -> None:
    body = {"seats": [{"human": "Ann"}, {"bot": "easy"}], "length": "single", "seed": 9}
    made: Any = server.post("/api/tables", body)
    ann = open_tab(browser, made["seats"][0]["invite"])
    ann.page.wait_for_selector("#hand [data-tile]")
    ann.close()  # Ann goes: the computer plays for her to the end
    server.wait_over(made["table"])
    record = server.get(f"/api/tables/{made['table']}/record")
    marked = [a for r in record["rounds"] for a in r["actions"] if a.get("stand_in")]
    assert marked and all(a["seat"] == 0 for a in marked)
    replay = server.post("/api/replay", record)
    tab = open_tab(browser, f"{server.url}/replay?table={made['table']}")
    page = tab.page
    page.wait_for_function("() => Number(document.querySelector('#slider').max) > 0")
    slider = page.locator("#slider")
    for v in (replay["stand_ins"][0], replay["stand_ins"][0] - 1):
        slider.evaluate(
            "(slider, n) => { slider.value = n; slider.dispatchEvent(new Event('input')); }", v
        )
        said = page.locator("#current").inner_text()
        entry = replay["entries"][v - 1]
        if v in replay["stand_ins"]:
            assert said.startswith("The computer, for Ann,")
        else:
            assert "The computer, for" not in said, (entry, said)
    tab.shot("replay-played-for")
    phone = open_tab(browser, f"{server.url}/replay?table={made['table']}", PHONE)
    phone.page.wait_for_function("() => Number(document.querySelector('#slider').max) > 0")
    phone.page.locator("#slider").evaluate(
        "(slider, n) => { slider.value = n; slider.dispatchEvent(new Event('input')); }",
        replay["stand_ins"][0],
    )
    assert phone.page.locator("#current").inner_text().startswith("The computer, for Ann,")
    phone.shot("replay-played-for-phone")
    assert tab.errors == [] and ann.errors == [] and phone.errors == []
    tab.close()
    phone.close()
