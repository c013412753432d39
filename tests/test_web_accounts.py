"""The home page's account box in Chromium: signing up, a wrong password said, the session
kept from the page's scripts and across a reload, signing out and in, and a rated table set up
from the page."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from playwright.sync_api import Browser

from tests.account_helpers import play_out, signed_up
from tests.web_helpers import PHONE, Server, need_chromium, open_tab

PASSWORD = "a long enough password"

need_chromium()


def test_signing_up_in_and_out_on_the_home_page(server: Server, browser: Browser) -> None:
    tab = open_tab(browser, f"{server.url}/?lang=en")
    page = tab.page
    page.wait_for_selector("#sign-in:not([hidden])")
    page.fill("#account-name", "Una")
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up-button")
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.locator("#signed-in-as").inner_text() == "Signed in as Una"
    assert page.locator("#sign-in").is_hidden()
    assert page.locator("#rated-choice").is_visible()
    assert "chickenfoot_session" not in page.evaluate("document.cookie")  # HttpOnly
    assert any(c["name"] == "chickenfoot_session" for c in tab.context.cookies())
    page.reload()
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.locator("#signed-in-as").inner_text() == "Signed in as Una"
    page.click("#sign-out")
    page.wait_for_selector("#sign-in:not([hidden])")
    assert page.locator("#rated-choice").is_hidden()
    page.fill("#account-name", "una")
    page.fill("#account-password", "not the password")
    page.click("#sign-in-button")
    page.wait_for_selector("#account-error:not([hidden])")
    assert "name and password" in page.locator("#account-error").inner_text()
    page.fill("#account-password", PASSWORD)
    page.press("#account-password", "Enter")
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.locator("#account-error").is_hidden()
    refused = "Failed to load resource: the server responded with a status of 401 (Unauthorized)"
    assert tab.errors == [refused]  # Chromium's own line for the wrong password's answer
    tab.close()


def test_a_rated_table_set_up_on_the_page_says_so_and_offers_no_hint_nor_pace(
    server: Server, browser: Browser
) -> None:
    tab = open_tab(browser, f"{server.url}/?lang=nb")
    page = tab.page
    page.wait_for_selector("#sign-in:not([hidden])")
    page.fill("#account-name", "Vera")
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up-button")
    page.wait_for_selector("#rated-choice:not([hidden])")
    assert "tips" in page.locator("#rated-choice").inner_text()
    page.wait_for_selector("[data-seat-kind='0']")
    page.select_option("#players", "2")
    page.check("#rated")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#rated:not([hidden])")
    assert page.locator("#rated").inner_text() == "Rangert kamp"
    assert page.locator("#hint-button").is_hidden()
    page.wait_for_selector("#hand [data-tile]")
    assert page.locator("#pace").is_hidden()  # a rated table keeps the server's pace
    table = page.url.split("/table/", 1)[1].split("#", 1)[0]
    summary = server.get(f"/api/tables/{table}")
    assert summary["rated"] is True
    assert summary["seats"][0]["name"] == "Vera" and summary["seats"][0]["account"]
    assert tab.errors == []
    tab.close()

    phone = open_tab(browser, f"{server.url}/?lang=en", PHONE)  # another device: no token
    phone.page.wait_for_selector("#sign-in:not([hidden])")
    phone.page.fill("#account-name", "vera")
    phone.page.fill("#account-password", PASSWORD)
    phone.page.click("#sign-in-button")
    phone.page.wait_for_selector("#signed-in:not([hidden])")
    phone.page.goto(f"{server.url}/table/{table}?lang=en")
    phone.page.wait_for_selector("#hand [data-tile]")  # Vera's hand: her seat, from her account
    assert phone.page.locator("#pace").is_hidden()
    assert phone.page.locator("#rated").is_visible()
    assert phone.errors == []
    phone.close()


def test_the_ratings_page_links_an_account_to_its_matches(server: Server, browser: Browser) -> None:
    xia = signed_up(server, "Xia")
    body = {
        "seats": [{"human": "Xia"}, {"bot": "beginner"}],
        "length": "single",
        "rated": True,
        "sit": 0,
    }
    status, made = xia.request("POST", "/api/tables", body)
    assert status == 201

    async def play() -> None:
        async with xia.socket(made["table"]) as ws:
            await play_out(ws)

    with ThreadPoolExecutor(1) as pool:  # Playwright holds this thread's event loop
        pool.submit(asyncio.run, play()).result()
    server.wait_over(made["table"])
    tab = open_tab(browser, f"{server.url}/ratings?lang=en")
    page = tab.page
    page.click("[data-player='Xia'] a")
    page.wait_for_selector(f"#history [data-table='{made['table']}']")
    assert page.locator("#history-title").inner_text() == "The finished matches of Xia"
    assert "rated" in page.locator(f"#history [data-table='{made['table']}']").inner_text()
    assert page.locator("[data-player='bot:beginner'] a").count() == 0
    assert tab.errors == []
    tab.close()
