"""Invites in the browser (issue 29, finding 1): the creator's page keeps its own seat's token
and shows the others' invite links; an invite link takes its seat once, in the browser that
opens it first, and says so in words to any other; the creator can give a seat a new invite,
which closes the old holder's page; a seat open in two windows says so in both, and nobody
else sees it; no socket's address holds a token. A real ``chickenfoot serve`` and a real
headless Chromium."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from chickenfoot.i18n import error_in, translation
from chickenfoot.server.errors import ServerError
from tests.server_helpers import invite_of
from tests.test_web_pages import set_up_on_home_page
from tests.web_helpers import PHONE, SCREENS, Server, need_chromium, open_screen, open_tab, reopen

need_chromium()

HAND = "#hand [data-tile]"


def sockets_of(page: Page) -> list[tuple[str, list[Any]]]:
    """Each socket the page opens from now on: its address and the frames it sends."""
    opened: list[tuple[str, list[Any]]] = []

    def on_socket(socket: Any) -> None:
        sent: list[Any] = []
        opened.append((socket.url, sent))
        socket.on("framesent", lambda payload: sent.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return opened


def test_an_invite_link_takes_its_seat_once_and_no_address_holds_a_token(
    server: Server, browser: Browser
) -> None:
    body = {"seats": [{"human": "Ann"}, {"human": "Bea"}, {"bot": "easy"}]}
    made = server.post("/api/tables", body)
    ann_link, bea_link = (s["invite"] for s in made["seats"])
    ann = open_tab(browser, ann_link)
    bea_context = browser.new_context()
    bea_page = bea_context.new_page()
    opened = sockets_of(bea_page)
    bea_page.goto(bea_link)
    for page in (ann.page, bea_page):
        page.wait_for_selector(HAND)
        assert "#" not in page.url  # the invite is spent and gone from the address
    assert opened and all("token" not in url for url, _ in opened)
    token = bea_page.evaluate(
        f"() => JSON.parse(localStorage.getItem('chickenfoot.table.{made['table']}')).token"
    )
    assert opened[0][1][0] == {"type": "hello", "token": token}

    other = open_tab(browser, bea_link)  # the link, forwarded to somebody else
    other.page.wait_for_function(
        "() => document.querySelector('#turn').textContent.includes('used already')"
    )
    assert other.page.locator(HAND).count() == 0
    other.shot("invite-used")
    norwegian = error_in(ServerError("invite-used"), translation("nb"))
    nb = open_tab(
        browser, f"{server.url}/table/{made['table']}?lang=nb#invite={invite_of(bea_link)}"
    )
    nb.page.wait_for_function(
        "text => document.querySelector('#turn').textContent.includes(text)", arg=norwegian
    )
    assert ann.errors == []
    for tab in (other, nb):  # the browser's own note of the refused claim, and nothing else
        assert [e for e in tab.errors if "409 (Conflict)" not in e] == []
    for tab in (ann, other, nb):
        tab.close()
    bea_context.close()


def test_a_seat_open_in_two_windows_says_so_in_both_and_to_nobody_else(
    server: Server, browser: Browser
) -> None:
    body = {"seats": [{"human": "Ann"}, {"human": "Bea"}, {"bot": "easy"}]}
    made = server.post("/api/tables", body)
    ann = open_tab(browser, made["seats"][0]["invite"])
    bea = open_tab(browser, made["seats"][1]["invite"])
    for tab in (ann, bea):
        tab.page.wait_for_selector(HAND)
    again = ann.context.new_page()  # the same browser: it holds Ann's seat
    again.goto(f"{server.url}/table/{made['table']}")
    again.wait_for_selector(HAND)
    for page in (ann.page, again):
        page.wait_for_selector("#elsewhere:not([hidden])")
        assert "also open in another window" in page.locator("#elsewhere").inner_text()
    ann.shot("elsewhere")
    assert bea.page.locator("#elsewhere").is_hidden()
    again.close()
    ann.page.wait_for_selector("#elsewhere", state="hidden")
    for tab in (ann, bea):
        assert tab.errors == []
        tab.close()


def test_the_creator_gives_a_lost_seat_a_new_invite(server: Server, browser: Browser) -> None:
    """Ann sets the table up on the home page (her own seat's token kept, no fragment), sends
    Bea her invite from the lobby, then gives Bea's seat a new invite: the old window is
    told it holds the seat no more, and the new link takes it."""
    ann = open_tab(browser, server.url + "/")
    page = ann.page
    page.wait_for_selector("[data-seat-kind='0']")
    page.select_option("#players", "3")
    page.fill("[data-seat-name='0']", "Ann")
    page.select_option("[data-seat-kind='1']", "human")
    page.fill("[data-seat-name='1']", "Bea")
    page.select_option("[data-seat-kind='2']", "bot")
    page.click("#create")
    page.wait_for_selector("#lobby .lobby-seats input")
    assert "#" not in page.url
    invite = page.locator("#lobby .lobby-seats input").input_value()
    assert "#invite=" in invite
    bea = open_tab(browser, invite)
    for tab in (ann, bea):
        tab.page.wait_for_selector(HAND)
    page.click("#links [data-seat='1'] button.quiet")
    page.wait_for_function(
        f"() => document.querySelector('#links [data-seat=\"1\"] input').value !== {invite!r}"
    )
    renewed = page.locator("#links [data-seat='1'] input").input_value()
    bea.page.wait_for_function(
        "() => document.querySelector('#turn').textContent.includes('new invite')"
    )
    assert bea.page.locator(HAND).count() == 0
    bea.shot("seat-revoked")
    found = open_tab(browser, renewed)
    found.page.wait_for_selector(HAND)
    for tab in (ann, bea, found):
        assert tab.errors == []
        tab.close()


def test_two_people_pressing_play_now_sit_at_one_table(server: Server, browser: Browser) -> None:
    """Ann chooses two players and computer players after five minutes, presses Play now and
    waits in the lobby of a new table of two, its other seat shown open and the time before
    computer players take it counting down (listed on the home page); pressing it again takes
    her back there; Bea, on a phone, taps Play now for two and takes it: both are dealt in at
    the same table."""
    ann = open_tab(browser, server.url + "/")
    ann.page.fill("[data-seat-name='0']", "Ann")
    ann.page.select_option("#players", "2")
    ann.page.select_option("#bots-after", "300")
    ann.page.click("#play-now")
    ann.page.wait_for_selector("#lobby:not([hidden])")
    table = ann.page.url.rsplit("/table/", 1)[1]
    assert ann.page.text_content(".lobby-seats li:nth-child(2) .name") == "Open seat"
    counted = ann.page.text_content("#bots-in") or ""
    assert re.fullmatch(r"Computer players take the empty seats in (5:00|4:5\d)", counted)
    again = reopen(ann, server.url + "/")  # Ann presses Play now again: back to her table
    again.page.wait_for_selector(f"#open-seats [data-table='{table}']")
    again.page.click("#play-now")
    again.page.wait_for_url(f"{server.url}/table/{table}")
    again.page.close()
    waiting = {t["table"]: t["open"] for t in server.get("/api/open-seats")["tables"]}
    assert waiting[table] == [1]  # still there for Bea to take
    bea = open_tab(browser, server.url + "/", PHONE)
    bea.page.wait_for_selector(f"#open-seats [data-table='{table}']")
    bea.shot("open-seats-phone")
    bea.page.fill("[data-seat-name='0']", "Bea")
    bea.page.select_option("#players", "2")
    bea.page.locator("#play-now").tap()
    for tab in (ann, bea):
        tab.page.wait_for_selector(HAND)
        assert tab.page.url == f"{server.url}/table/{table}"
    assert [s["name"] for s in server.get(f"/api/tables/{table}")["seats"]] == ["Ann", "Bea"]
    for tab in (ann, bea):
        assert tab.errors == []
        tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_a_stranger_takes_an_open_seat_from_the_list(
    server: Server, browser: Browser, screen: str
) -> None:
    """Ann leaves her table's second seat open to anybody; Cy, on ``screen`` (Ann on the
    other), finds it in the home page's list of open seats and takes it (a tap on the phone,
    a click at the desktop): both are dealt in at that table."""
    touch = SCREENS[screen][1]
    ann = open_screen(browser, server.url + "/", "desktop" if touch else "phone")
    set_up_on_home_page(ann.page, ["Ann", "Anyone", "bot:easy"], seed=None)
    ann.page.check("[data-seat-open='1']")
    ann.page.click("#create")
    ann.page.wait_for_selector("#lobby:not([hidden])")
    table = ann.page.url.rsplit("/table/", 1)[1]
    cy = open_screen(browser, server.url + "/", screen)
    cy.page.fill("[data-seat-name='0']", "Cy")
    take = cy.page.locator(f"#open-seats [data-take='{table}']")
    take.scroll_into_view_if_needed()
    cy.shot(f"open-seat-{screen}")
    if touch:
        take.tap()
    else:
        take.click()
    for tab in (ann, cy):
        tab.page.wait_for_selector(HAND)
        assert tab.page.url == f"{server.url}/table/{table}"
    assert [s["name"] for s in server.get(f"/api/tables/{table}")["seats"]][:2] == ["Ann", "Cy"]
    assert table not in {t["table"] for t in server.get("/api/open-seats")["tables"]}
    for tab in (ann, cy):
        assert tab.errors == []
        tab.close()
