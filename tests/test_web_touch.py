"""The table page on a touch screen speaks of tapping and shows no keys; with a mouse and a
keyboard it speaks of clicking and shows them. A real ``chickenfoot serve`` on loopback and a
real headless Chromium, the phone's touch screen emulated."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.web_helpers import (
    DESKTOP,
    MY_TURN,
    PHONE,
    Server,
    need_chromium,
    open_tab,
)

need_chromium()


@pytest.mark.parametrize("touch", [True, False])
def test_the_words_and_the_keys_fit_the_screen(
    server: Server, browser: Browser, touch: bool
) -> None:
    body = {
        "game": "chickenfoot",
        "length": "single",
        "seats": [{"human": "Ann"}, {"bot": "easy"}, {"bot": "easy"}, {"bot": "easy"}],
        "seed": 7,
    }
    made = server.post("/api/tables", body)
    tab = open_tab(browser, made["seats"][0]["invite"], PHONE if touch else DESKTOP, touch=touch)
    page = tab.page
    page.wait_for_function(MY_TURN)
    turn = page.locator("#turn").inner_text()
    assert ("Tap one" in turn) is touch and ("Click one" in turn) is not touch, turn
    assert page.locator('[data-action="draw"] kbd').is_visible() is not touch
    assert page.locator("#keys-button").is_visible() is not touch
    tab.shot(f"table-{'touch' if touch else 'mouse'}")
    assert tab.errors == []
    tab.close()
