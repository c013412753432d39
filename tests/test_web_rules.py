"""The Rules page ("How to play") in a real headless Chromium against a real server: every
section in the page's language, the table's changes marked, the pictures drawn by the page's
own board; linked from the home page and the table page; a tile the rules refuse is said with
a link to its rule. Saves tests/artifacts/web-rules.png (docs/web-rules.png is copied from it)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from chickenfoot.core.rules import PRESETS
from chickenfoot.howto import SECTION_IDS, guide
from chickenfoot.i18n import translation
from tests.server_helpers import serving
from tests.web_helpers import (
    ARTIFACTS,
    MY_TURN,
    SCREENS,
    Server,
    chromium,
    need_chromium,
    open_screen,
    open_tab,
)

need_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


def test_the_api_gives_every_section_and_refuses_an_unknown_preset_in_its_language(
    server: Server,
) -> None:
    told = server.get("/api/rules?lang=sv&preset=wikipedia")
    assert [s["id"] for s in told["sections"]] == list(SECTION_IDS)
    assert told["title"] == "Så spelar du" and told["preset"] == "wikipedia"
    pictures = [b for s in told["sections"] for b in s["blocks"] if b["kind"] == "picture"]
    assert {p["name"] for p in pictures} == {"centre-foot", "foot-waiting", "blocked"}
    assert all(p["board"] and p["public"] for p in pictures)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(server.url + "/api/rules?lang=nb&preset=nope", timeout=30)
    body = json.load(refused.value)
    assert refused.value.code == 400 and body["code"] == "unknown-preset"
    assert body["message"].startswith("ukjent regelsett") or "nope" in body["message"]


def test_a_refusal_is_said_with_the_section_of_its_rule(server: Server) -> None:
    said = server.get("/api/refusal?lang=en&code=foot-waiting&foot=7&double=7-7&need=2")
    assert said["section"] == "feet" and said["title"] == "Feet"
    assert said["text"] == "play on the 7-7 first: it needs 2 more tiles"
    centre = server.get("/api/refusal?lang=it&code=foot-waiting&foot=0&double=9-9&need=1")
    assert centre["section"] == "centre-foot"
    assert centre["title"] == "Il doppio del round e la zampa di gallina al centro"
    assert centre["text"] == "gioca prima sul 9-9: gli manca ancora 1 tessera"
    turn = server.get("/api/refusal?lang=en&code=not-your-turn&turn=2&seat=0&name=Ada")
    assert turn["text"] == "it is Ada's turn, not yours"
    placed = "tile=4-4&on=3&on_tile=9-4"
    there = server.get(f"/api/refusal?lang=nl&code=not-legal-now&{placed}")
    assert there["text"] == "de 4-4 kan nu niet op de 9-4 worden gelegd"
    bare = server.get("/api/refusal?lang=en&code=must-draw")
    assert bare["section"] == "drawing" and bare["text"] == "draw before you pass"
    engine = server.get("/api/refusal?lang=en&code=no-such-tile")
    assert engine["section"] == "lines" and engine["text"] is None  # the page has its words


def test_the_rules_page_marks_what_a_preset_changes_and_draws_its_pictures(
    server: Server, browser: Browser
) -> None:
    tab = open_tab(browser, server.url + "/rules?preset=spruce&lang=en#centre-foot")
    page = tab.page
    page.wait_for_selector("[data-section='standard']")
    page.wait_for_selector("[data-picture='centre-foot'] .tile")
    assert page.locator("[data-section]").evaluate_all("s => s.map(x => x.id)") == list(SECTION_IDS)
    marked = page.locator("[data-changed]").evaluate_all("s => s.map(x => x.id)")
    expected = [s.id for s in guide(PRESETS["spruce"], translation("en")).sections if s.changed]
    assert marked == expected and "centre-foot" in marked
    toes = page.locator("[data-picture='centre-foot'] .tile").count()
    assert toes == 1 + PRESETS["spruce"].centre_toes
    assert page.locator("#rules-preset").input_value() == "spruce"
    page.set_viewport_size({"width": 1100, "height": 1780})
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(500)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-rules.png"))
    page.select_option("#rules-preset", "reeves")
    page.wait_for_function(
        "() => document.querySelector('#drawing')?.dataset.changed === 'true' && "
        "document.querySelector('#drawing').textContent.includes('never drawn')"
    )
    assert "preset=reeves" in page.url
    assert tab.errors == []
    tab.close()


def test_the_rules_page_speaks_every_language(server: Server, browser: Browser) -> None:
    tab = open_tab(browser, server.url + "/rules?lang=nl")
    page = tab.page
    page.wait_for_selector("[data-section='feet'] h2")
    assert page.locator("[data-section='feet'] h2").inner_text() == "Kippenpoten"
    page.select_option("#lang", "it")
    page.wait_for_function(
        "() => document.querySelector('[data-section=\"feet\"] h2')?.textContent"
        " === 'Le zampe di gallina'"
    )
    assert page.locator("html").get_attribute("lang") == "it"
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_the_home_page_names_and_explains_each_preset_and_links_to_its_rules(
    server: Server, browser: Browser, screen: str
) -> None:
    tab = open_screen(browser, server.url + "/?lang=en", screen)
    page = tab.page
    page.wait_for_selector("[data-seat-kind='0']")
    note = page.locator("#preset-note")
    classic = note.inner_text()
    assert note.is_visible() and classic, "a line says what the preset is"
    page.select_option("#preset", "wikipedia")
    assert page.locator("#preset option:checked").inner_text() == "Wikipedia"
    page.wait_for_function(
        "(was) => document.querySelector('#preset-note').textContent !== was", arg=classic
    )
    wikipedia = note.inner_text()
    link = page.locator("#rules-of-table")
    assert "preset=wikipedia" in (link.get_attribute("href") or "")
    assert page.locator("header a[href='/rules']").inner_text() == "How to play"
    page.select_option("#lang", "nb")
    page.wait_for_function(
        "(was) => document.querySelector('#preset-note').textContent !== was", arg=wikipedia
    )
    page.select_option("#preset", "classic")
    assert page.locator("#preset option:checked").inner_text() == "Klassisk"
    assert note.inner_text() and note.inner_text() != classic  # said in Norwegian
    tab.shot(f"home-presets-{screen}")
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_a_tile_the_rules_refuse_is_said_in_the_games_words_with_a_link_to_its_rule(
    server: Server, browser: Browser, screen: str
) -> None:
    made = server.post(
        "/api/tables",
        {
            "game": "chickenfoot",
            "length": "single",
            "seed": 5,
            "seats": [{"human": "Ann"}, {"bot": "easy"}, {"bot": "easy"}, {"bot": "easy"}],
        },
    )
    tab = open_screen(browser, made["seats"][0]["invite"] + "&lang=en", screen)
    page = tab.page
    page.wait_for_function(MY_TURN)
    rules_link = page.locator("#rules-link")
    assert rules_link.get_attribute("href") == f"/rules?table={made['table']}"
    refused = page.locator('#hand [data-legal="false"]')
    assert refused.count(), "every tile fits: no refusal to show"
    if SCREENS[screen][1]:
        refused.first.tap()
    else:
        refused.first.click()
    link = page.locator(".toast a[data-rule]")
    link.wait_for()
    said = link.evaluate("(a) => a.closest('.toast').textContent")
    # In the second person, the double by its numbers: no seat, no tile id, no "toe(s)".
    assert said.startswith("Play on the 9-9 first: it needs 6 more tiles."), said
    for word in ("seat", "toe", "(s)", "seed", " id"):
        assert word not in said.lower(), said
    tab.shot(f"table-refusal-{screen}")
    section = link.get_attribute("data-rule")
    assert section in ("centre-foot", "feet", "lines", "drawing")
    assert link.inner_text().startswith("How to play: ")
    href = link.get_attribute("href")
    assert href == f"/rules?table={made['table']}#{section}"
    page.goto(server.url + href)
    page.wait_for_selector(f"#{section}")
    assert page.locator("[data-section='table'] h2").inner_text() == "This table"
    assert page.locator(f"#{section}").is_visible()
    help_text = page.locator("main").inner_text()
    assert "How to play link opens this page" in help_text  # the page's own controls
    assert "F1" not in help_text and "terminal" not in help_text
    assert tab.errors == []
    tab.close()
