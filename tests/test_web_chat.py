"""The table's chat in the browser: two people and a spectator, each page in its own
language, on a real ``chickenfoot serve`` over loopback and a real headless Chromium (one
person on a phone's touch screen)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.web_helpers import DESKTOP, PHONE, Server, Tab, need_chromium, open_tab, reopen

need_chromium()


def in_language(link: str, lang: str) -> str:
    """An invite or spectator link opened in ``lang`` (the fragment kept)."""
    path, _, fragment = link.partition("#")
    return f"{path}?lang={lang}" + (f"#{fragment}" if fragment else "")


def lines_of(page: Page) -> list[str]:
    return page.locator("[data-chat] [data-chat-line]").all_inner_texts()


def test_two_people_and_a_spectator_chat_each_in_their_language(
    server: Server, browser: Browser
) -> None:
    made = server.post(
        "/api/tables",
        {"seats": [{"human": "Ann"}, {"human": "Bo"}, {"bot": "easy"}], "length": "single"},
    )
    ann = open_tab(browser, made["seats"][0]["invite"], DESKTOP)
    bo = open_tab(browser, in_language(made["seats"][1]["invite"], "nb"), PHONE)
    watcher = open_tab(browser, in_language(made["spectate"], "it"), DESKTOP)
    tabs: list[Tab] = [ann, bo, watcher]
    try:
        for tab in tabs:
            tab.page.wait_for_selector("#hand [data-tile], #board [data-id]")
        ann.page.click('[data-chat] [data-phrase="well-played"]')
        ann.page.wait_for_function(
            "() => document.querySelector('[data-chat] [data-chat-line]')?.textContent"
            ".includes('Well played')"
        )
        bo.page.wait_for_selector("[data-chat] [data-chat-line]")
        watcher.page.wait_for_selector("[data-chat] [data-chat-line]")
        assert lines_of(ann.page) == ["Ann: Well played"]
        assert lines_of(bo.page) == ["Ann: Godt spilt"]
        assert lines_of(watcher.page) == ["Ann: Ben giocato"]
        # The spectator reads, and has nothing to write with.
        assert not watcher.page.locator("[data-chat] [data-phrase]").first.is_visible()
        assert not watcher.page.locator("[data-chat] [data-chat-text]").is_visible()

        # Bo, on the phone, taps a phrase and writes markup, which everybody reads as text.
        bo.page.locator('[data-chat] [data-phrase="thanks"]').tap()
        box = bo.page.locator("[data-chat] [data-chat-text]")
        box.tap()
        box.fill("<b>bold</b> & <img src=x onerror=alert(1)>")
        bo.page.locator("[data-chat] [data-chat-send]").tap()
        said = "Bo: <b>bold</b> & <img src=x onerror=alert(1)>"
        for tab in tabs:
            tab.page.wait_for_function(
                "() => document.querySelectorAll('[data-chat] [data-chat-line]').length === 3"
            )
        assert lines_of(ann.page) == ["Ann: Well played", "Bo: Thanks", said]
        assert lines_of(watcher.page) == ["Ann: Ben giocato", "Bo: Grazie", said]
        assert ann.page.locator("[data-chat] b, [data-chat] img").count() == 0
        assert box.input_value() == ""
        ann.shot("chat-laptop")
        bo.shot("chat-phone")
        watcher.shot("chat-spectator")

        # Ann mutes Bo: his lines go from her page (only), and stay gone when she comes back.
        ann.page.check('[data-chat] [data-mute="1"]')
        assert lines_of(ann.page) == ["Ann: Well played"]
        bo.page.locator('[data-chat] [data-phrase="oops"]').tap()
        watcher.page.wait_for_function(
            "() => document.querySelectorAll('[data-chat] [data-chat-line]').length === 4"
        )
        assert lines_of(watcher.page)[-1] == "Bo: Ops"
        assert lines_of(ann.page) == ["Ann: Well played"]
        ann.page.close()
        again = reopen(ann, f"{server.url}/table/{made['table']}")
        tabs.append(again)
        again.page.wait_for_selector("[data-chat] [data-chat-line]")
        assert again.page.locator('[data-chat] [data-mute="1"]').is_checked()
        assert lines_of(again.page) == ["Ann: Well played"]
        again.page.uncheck('[data-chat] [data-mute="1"]')
        assert lines_of(again.page) == ["Ann: Well played", "Bo: Thanks", said, "Bo: Oops"]

        # Bo, on the phone, mutes Ann with a tap: her next line reaches the others, not him.
        before = lines_of(bo.page)
        bo.page.locator('[data-chat] [data-mute="0"]').tap()
        assert lines_of(bo.page) == [line for line in before if not line.startswith("Ann: ")]
        again.page.click('[data-chat] [data-phrase="good-game"]')
        watcher.page.wait_for_function(
            "() => document.querySelectorAll('[data-chat] [data-chat-line]').length === 5"
        )
        assert lines_of(watcher.page)[-1].startswith("Ann: ")
        assert lines_of(bo.page) == [line for line in before if not line.startswith("Ann: ")]
        assert bo.page.locator('[data-chat] [data-mute="0"]').is_checked()
        for tab in tabs:
            assert tab.errors == []
    finally:
        for tab in tabs:
            tab.close()
