"""A rematch in the browser: two people (one on a phone's touch screen) and a spectator at a
finished match; each person accepts on their page, and every page moves to the new table,
each person already in their seat. A real ``chickenfoot serve`` over loopback and a real
headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.web_helpers import DESKTOP, PHONE, Server, Tab, need_chromium, open_tab, reopen

need_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("rematch"), options=["--away", "1"])
    yield running
    running.stop()


def summary_closed(page: Page) -> None:
    """The match's summary, open at its end, closed by its own button."""
    page.wait_for_selector("[data-match-end]")
    page.locator("[data-round-end] > .buttons button").click()


def test_a_rematch_accepted_by_both_people_moves_every_page_to_the_new_table(
    server: Server, browser: Browser
) -> None:
    made = server.post(
        "/api/tables",
        {"seats": [{"human": "Ann"}, {"human": "Bo"}, {"bot": "easy"}], "length": "single"},
    )
    old = made["table"]
    ann = open_tab(browser, made["seats"][0]["invite"], DESKTOP)
    bo = open_tab(browser, made["seats"][1]["invite"], PHONE)
    tabs: list[Tab] = [ann, bo]
    try:
        for tab in (ann, bo):
            tab.page.wait_for_selector("#hand [data-tile]")
            tab.page.close()  # both go: the computer plays their hands out
        server.wait_over(old, 60)
        ann = reopen(ann, f"{server.url}/table/{old}")
        bo = reopen(bo, f"{server.url}/table/{old}")
        watcher = open_tab(browser, f"{server.url}/table/{old}", DESKTOP)
        tabs += [ann, bo, watcher]
        for tab in (ann, bo, watcher):
            summary_closed(tab.page)
        assert watcher.page.locator("[data-rematch]").is_hidden()  # only people ask

        ann.page.click("[data-rematch]")
        bo.page.wait_for_selector("#rematch:has-text('1 of 2')")
        assert ann.page.locator("[data-rematch]").is_disabled()
        watcher.page.wait_for_selector("#rematch:has-text('1 of 2')")  # its frame may come later
        assert watcher.page.locator("#rematch").is_visible()
        bo.shot("rematch-asked-phone")
        ann.shot("rematch-asked-laptop")

        bo.page.locator("[data-rematch]").tap()
        for tab in (ann, bo, watcher):
            tab.page.wait_for_url(lambda url: "/table/" in url and old not in url)
        new = ann.page.url.rsplit("/", 1)[1]
        assert bo.page.url.endswith(f"/table/{new}")
        assert watcher.page.url.endswith(f"/table/{new}")
        for tab in (ann, bo):
            tab.page.wait_for_selector("#hand [data-tile]")  # in their seats: dealt
            assert "token" not in tab.page.url and "invite" not in tab.page.url
        assert "(you)" in ann.page.locator("#seats li").nth(0).inner_text()
        assert "(you)" in bo.page.locator("#seats li").nth(1).inner_text()
        watcher.page.wait_for_selector("#board [data-id]")
        assert watcher.page.locator("#hand [data-tile]").count() == 0
        ann.shot("rematch-dealt-laptop")
        bo.shot("rematch-dealt-phone")
        summary = server.get(f"/api/tables/{new}")
        assert summary["status"] == "playing"
        assert [s["name"] for s in summary["seats"]] == ["Ann", "Bo", "bot:easy"]
        for tab in tabs[2:]:
            assert tab.errors == []
    finally:
        for tab in tabs:
            tab.close()
