"""The browser pages end to end: a real ``chickenfoot serve`` process on loopback and a real
headless Chromium, played through the pages' own controls (clicks, drags, keys). Every test
saves screenshots in tests/artifacts/ and fails on any script error in a page."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.server_helpers import serving
from tests.web_helpers import (
    MY_TURN,
    PHONE,
    Server,
    chromium,
    need_chromium,
    open_tab,
    play_round,
    take_turn,
)

need_chromium()

STATIC = Path(__file__).parents[1] / "src" / "chickenfoot" / "server" / "static"
CATALOGUES = {path.stem: json.loads(path.read_text()) for path in (STATIC / "i18n").glob("*.json")}
BOTS = [{"bot": "easy"}] * 7


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


def new_table(server: Server, seats: list[dict[str, str]], seed: int | None) -> Any:
    """A table dealt from ``seed`` (a practice table: one person at most), else from the
    server's own draw."""
    body: dict[str, Any] = {"game": "chickenfoot", "length": "single", "seats": seats}
    if seed is not None:
        body["seed"] = seed
    return server.post("/api/tables", body)


def set_up_on_home_page(page: Page, seats: list[str], seed: int | None) -> None:
    """Fill the home page's form: each seat a name (a person) or ``bot:LEVEL``, and the
    seed, if any (a practice table)."""
    page.wait_for_selector("[data-seat-kind='0']")
    page.select_option("#players", str(len(seats)))
    for i, seat in enumerate(seats):
        if seat.startswith("bot:"):
            page.select_option(f"[data-seat-kind='{i}']", "bot")
            page.select_option(f"[data-seat-level='{i}']", seat.removeprefix("bot:"))
        else:
            page.select_option(f"[data-seat-kind='{i}']", "human")
            page.fill(f"[data-seat-name='{i}']", seat)
    if seed is not None:
        page.click("details.advanced summary")
        page.fill("#seed", str(seed))


def test_a_round_against_three_bots(server: Server, browser: Browser) -> None:
    tab = open_tab(browser, server.url + "/")
    page = tab.page
    set_up_on_home_page(page, ["Ann", "bot:easy", "bot:medium", "bot:easy"], seed=7)
    tab.shot("home")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))  # the seat's token is in no address
    page.wait_for_selector("#hand [data-tile]")
    assert page.locator("#hand [data-tile]").count() == 11
    assert page.locator("[data-turn]").count() == 1

    played: list[str] = []
    while not any(p.startswith("play") for p in played):
        page.wait_for_function(MY_TURN)
        assert page.locator("[data-turn]").get_attribute("data-turn") == "0"
        legal = page.locator("#hand [data-tile]").evaluate_all("ts => ts.map(t => t.dataset.legal)")
        assert set(legal) <= {"true", "false"}
        played.append(take_turn(page, "drag"))
    page.wait_for_selector("#board [data-id='1']")
    played += play_round([page], ["click"], actions=8)
    tab.shot("table-desktop-4")
    played += play_round([page], ["click"])

    assert page.locator("[data-round-end]").is_visible()
    assert page.locator("[data-round-end] .shown-hands tbody tr").count() == 4
    match_end = page.locator("[data-match-end]")
    assert match_end.is_visible()
    assert "The match is over" in match_end.inner_text()
    tab.shot("round-end")
    href = match_end.locator("a[download]").get_attribute("href")
    assert href is not None
    record = server.get(href)
    assert record["format"] == "chickenfoot-record/1"
    assert record["players"][0] == "Ann"
    assert len(record["rounds"][0]["actions"]) >= len([p for p in played if p])
    assert tab.errors == []
    tab.close()


CLOSE_AND_READ_WAITING = """() => {
    document.querySelector('[data-round-end] > .buttons button').click();
    const el = document.querySelector('#reading');
    return el.hidden ? null : el.textContent;
}"""
"""Close the round's summary and read at once whom the page says the next round waits for
(None where it says nothing yet)."""


def test_two_friends_at_one_table_and_the_next_round_waits_for_both(
    server: Server, browser: Browser
) -> None:
    ann = open_tab(browser, server.url + "/")
    set_up_on_home_page(ann.page, ["Ann", "Bea", "bot:easy"], seed=None)
    ann.page.select_option("#length", "half")
    ann.page.click("#create")
    ann.page.wait_for_selector("#lobby .lobby-seats input")
    invite = ann.page.locator("#lobby .lobby-seats input").input_value()
    assert "#invite=" in invite
    assert ann.page.locator("#cancel-table").is_visible()  # she set it up
    ann.shot("lobby")

    bea = open_tab(browser, invite, PHONE)
    for tab in (ann, bea):
        tab.page.wait_for_selector("#hand [data-tile]")
    assert ann.page.locator("#lobby").is_hidden()
    turns = [""]
    while len(set(turns)) != 1 or turns[0] not in ("0", "1"):  # a person's turn, seen by both
        turns = [t.page.locator("[data-turn]").get_attribute("data-turn") or "" for t in (ann, bea)]

    play_round([ann.page, bea.page], ["keys", "click"], actions=6)
    bea.shot("table-phone-3")
    play_round([ann.page, bea.page], ["keys", "click"])
    for tab in (ann, bea):
        assert tab.page.locator("[data-round-end]").is_visible()
    bea.shot("round-end-phone")
    logged = ann.page.locator("#log li").count()
    # What Ann's page says the moment she closes her summary, before the server's word on it.
    waiting = ann.page.evaluate(CLOSE_AND_READ_WAITING)
    if waiting is None:  # the server's word that both are reading had not come yet
        ann.page.wait_for_selector("#reading:not([hidden])")
        waiting = ann.page.locator("#reading").inner_text()
    assert "Bea" in waiting
    assert "Ann" not in waiting
    assert ann.page.locator("#log li").count() == logged  # nothing played behind the summary
    bea.page.locator("[data-round-end] > .buttons button").click()
    for tab in (ann, bea):
        tab.page.wait_for_selector("#reading", state="hidden")
    deadline = time.monotonic() + 30
    while ann.page.locator("#log li").count() < logged + 2:  # the next round is played
        assert time.monotonic() < deadline, "the next round was not played"
        take_turn(ann.page, "keys")
        take_turn(bea.page, "click")
        time.sleep(0.05)
    for tab in (ann, bea):
        assert tab.errors == []
    ann.close()
    bea.close()


def test_a_practice_table_says_so_and_the_creator_cancels_a_table_still_waiting(
    server: Server, browser: Browser
) -> None:
    ann = open_tab(browser, server.url + "/?lang=nb")
    set_up_on_home_page(ann.page, ["Ann", "Bea"], seed=7)
    assert ann.page.locator("[data-i18n='home.seed_note']").is_visible()
    ann.page.click("#create")
    refused = ann.page.locator("#create-error")
    refused.wait_for()
    said = CATALOGUES["nb"]
    assert "2" in refused.inner_text() and "utdelingsnummer" in refused.inner_text()
    ann.page.fill("#seed", "")
    ann.page.click("#create")
    ann.page.locator("#cancel-table").wait_for()
    table = ann.page.url.split("/table/")[1].split("#")[0]
    ann.page.click("#cancel-table")
    ann.page.locator("#turn", has_text="avlyst").wait_for()  # table-cancelled, in Norwegian
    assert ann.page.locator("#lobby").is_hidden()
    assert server.get(f"/api/tables/{table}")["status"] == "cancelled"
    ann.shot("cancelled")

    ann.page.goto(server.url + "/?lang=nb")
    set_up_on_home_page(ann.page, ["Ann", "bot:easy"], seed=7)
    ann.page.click("#create")
    ann.page.locator("#practice").wait_for()
    assert ann.page.locator("#practice").inner_text() == said["links.practice"]
    practice = ann.page.url.split("/table/")[1].split("#")[0]
    ann.page.goto(server.url + "/?lang=nb")
    listed = ann.page.locator(f"[data-table='{practice}'] .what")
    listed.wait_for()
    assert said["home.practice"] in listed.inner_text()
    ann.shot("practice-listed")
    ann.close()


def test_a_spectator_sees_the_board_and_no_hand(server: Server, browser: Browser) -> None:
    made = new_table(server, [{"human": "Ann"}, *BOTS], seed=3)
    ann = open_tab(browser, made["seats"][0]["invite"])
    ann.page.wait_for_selector("#hand [data-tile]")
    play_round([ann.page], ["click"], actions=4)
    watcher = open_tab(browser, made["spectate"])
    page = watcher.page
    page.wait_for_selector("#board [data-id='0']")
    placed = page.locator("#board [data-id]").count()
    assert page.locator("[data-tile]").count() == 0
    assert page.locator("#hand").is_hidden()
    assert page.locator('[data-action="draw"]').is_hidden()
    assert page.locator('[data-action="pass"]').is_hidden()
    assert page.locator("#seats li").count() == 8
    watcher.shot("spectator-desktop-8")

    before = ann.page.locator("#board [data-id]").count()
    play_round([ann.page], ["click"], actions=2)
    ann.page.wait_for_function(
        f"() => document.querySelectorAll('#board [data-id]').length > {before}"
    )
    page.wait_for_function(f"() => document.querySelectorAll('#board [data-id]').length > {placed}")
    # The bots play on until it is Ann's turn again: then both pages show the same turn.
    deadline = time.monotonic() + 20
    while (turn := ann.page.locator("[data-turn]").get_attribute("data-turn")) != (
        seen := page.locator("[data-turn]").get_attribute("data-turn")
    ):
        assert time.monotonic() < deadline, f"the spectator shows turn {seen}, Ann {turn}"
        page.wait_for_timeout(50)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    watcher.shot("spectator-phone-8")
    assert watcher.errors == []
    assert ann.errors == []
    ann.close()
    watcher.close()


def test_the_page_comes_back_when_the_server_does(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    data = tmp_path_factory.mktemp("restarted")
    first = Server(data)
    try:
        made = new_table(first, [{"human": "Ann"}, *BOTS[:2]], seed=13)
        ann = open_tab(browser, made["seats"][0]["invite"])
        page = ann.page
        page.wait_for_selector("#hand [data-tile]")
        play_round([page], ["click"], actions=3)
        page.wait_for_function(MY_TURN)
        hand = page.locator("#hand [data-tile]").evaluate_all("ts => ts.map(t => t.dataset.tile)")
    finally:
        first.stop()
    page.wait_for_selector("#connection:not([hidden])")
    ann.shot("reconnecting")

    second = Server(data, port=first.port)
    try:
        page.wait_for_selector("#connection", state="hidden")
        page.wait_for_function(MY_TURN)
        again = page.locator("#hand [data-tile]").evaluate_all("ts => ts.map(t => t.dataset.tile)")
        assert again == hand
        play_round([page], ["click"])
        page.wait_for_selector("[data-match-end]")
    finally:
        second.stop()
    refused = "net::ERR_CONNECTION_REFUSED"  # the browser's own note of each try in the gap
    assert [error for error in ann.errors if refused not in error] == []
    ann.close()


def version(page: Page) -> int:
    return int(page.locator("#position").get_attribute("data-version") or "-1")


def test_the_replay_steps_forwards_and_back(
    server: Server, browser: Browser, tmp_path: Path
) -> None:
    made = new_table(server, BOTS[:4], seed=5)
    server.wait_over(made["table"])
    tab = open_tab(browser, f"{server.url}/replay?table={made['table']}")
    page = tab.page
    page.wait_for_function("() => Number(document.querySelector('#slider').max) > 0")
    last = int(page.locator("#slider").get_attribute("max") or "0")
    assert version(page) == 0

    page.keyboard.press("ArrowRight")
    assert version(page) == 1
    hands = page.locator("#hands").inner_html()
    assert page.locator("#hands li").count() == 4
    assert page.locator("#hands li svg").count() == 4 * 11
    page.click("#forward")
    page.click("#forward")
    assert version(page) == 3
    page.click("#back")
    page.keyboard.press("ArrowLeft")
    assert version(page) == 1
    assert page.locator("#hands").inner_html() == hands
    page.keyboard.press("End")
    assert version(page) == last
    assert "The match is over" in page.locator("#current").inner_text()
    tab.shot("replay-end")
    page.keyboard.press("Home")
    assert version(page) == 0
    page.locator("#slider").evaluate(
        "(slider, n) => { slider.value = n; slider.dispatchEvent(new Event('input')); }", last // 2
    )
    assert version(page) == last // 2
    tab.shot("replay-middle")

    record = tmp_path / "record.json"
    record.write_text(json.dumps(server.get(f"/api/tables/{made['table']}/record")))
    upload = open_tab(browser, f"{server.url}/replay")
    # the page listens for a file once its language is loaded (the language menu is filled)
    upload.page.wait_for_function("() => document.querySelector('#lang').options.length > 0")
    upload.page.set_input_files("#file", str(record))
    upload.page.wait_for_function(f"() => document.querySelector('#slider').max === '{last}'")
    upload.page.keyboard.press("End")
    assert version(upload.page) == last
    assert upload.page.locator("#board [data-id]").count() > 0
    assert tab.errors == [] and upload.errors == []
    tab.close()
    upload.close()


def test_the_language_is_switched_and_remembered(server: Server, browser: Browser) -> None:
    tab = open_tab(browser, server.url + "/?lang=nb")
    page = tab.page
    page.wait_for_selector("[data-seat-kind='0']")
    assert page.locator("#create").inner_text() == CATALOGUES["nb"]["home.create"]
    assert page.locator("html").get_attribute("lang") == "nb"
    page.goto(server.url + "/")
    page.wait_for_selector("[data-seat-kind='0']")
    assert page.locator("#create").inner_text() == CATALOGUES["nb"]["home.create"]
    page.select_option("#lang", "it")
    italian = json.dumps(CATALOGUES["it"]["home.create"])
    page.wait_for_function(f"() => document.querySelector('#create').textContent === {italian}")
    page.goto(server.url + "/replay")
    page.wait_for_selector("#current:not(:empty)")
    assert page.locator("#current").inner_text() == CATALOGUES["it"]["replay.none"]
    assert tab.errors == []
    tab.close()


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("language", sorted(set(CATALOGUES) - {"en"}))
def test_every_catalogue_says_everything(language: str) -> None:
    english, other = CATALOGUES["en"], CATALOGUES[language]
    plural = re.compile(r"\.(one|other|many)$")
    assert {plural.sub("", k) for k in other} == {plural.sub("", k) for k in english}
    for key, text in other.items():
        base = english.get(key) or english[plural.sub(".other", key)]
        assert placeholders(text) <= placeholders(base) | {"n"}, key
        assert text.strip(), key


def test_the_finished_matches_say_who_won(server: Server, browser: Browser) -> None:
    made = new_table(server, [{"bot": "easy"}, {"bot": "medium"}], seed=17)
    over = server.wait_over(made["table"])
    winners = over["winners"]
    tab = open_tab(browser, f"{server.url}/?lang=en")
    item = tab.page.locator(f"#finished-tables [data-table='{made['table']}']")
    item.wait_for()
    names = [f"Bot {seat + 1}" for seat in winners]
    assert "won by" in item.inner_text()
    assert all(name in item.inner_text() for name in names)
    tab.shot("home-finished")
    assert tab.errors == []
    tab.close()


def test_partners_who_win_together_are_said_to(server: Server, browser: Browser) -> None:
    body = {"game": "block", "options": {"partnership": True}, "seats": BOTS[:4], "seed": 2}
    made = server.post("/api/tables", body)
    over = server.wait_over(made["table"])
    assert len(over["winners"]) == 2
    tab = open_tab(browser, f"{server.url}/replay?table={made['table']}&lang=en")
    page = tab.page
    page.wait_for_function("() => Number(document.querySelector('#slider').max) > 0")
    page.keyboard.press("End")
    said = page.locator("#current").inner_text()
    assert "won together" in said
    assert "draw" not in said
    assert tab.errors == []
    tab.close()


def test_the_ratings_page_lists_the_players_of_finished_matches(
    server: Server, browser: Browser
) -> None:
    made = new_table(server, [{"bot": "beginner"}, {"bot": "expert"}], seed=None)  # rated
    server.wait_over(made["table"])
    rated = {row["name"]: row for row in server.get("/api/ratings")["ratings"]}
    assert {"bot:beginner", "bot:expert"} <= set(rated)
    tab = open_tab(browser, f"{server.url}/ratings?lang=nb")
    row = tab.page.locator("[data-player='bot:expert']")
    row.wait_for()
    assert "Datamaskin" in row.inner_text()
    assert str(rated["bot:expert"]["matches"]) in row.inner_text()
    tab.shot("ratings")
    assert tab.errors == []
    tab.close()


def test_each_action_the_page_sends_names_the_version_it_was_chosen_at(
    server: Server, browser: Browser
) -> None:
    """Every ``act`` frame carries ``expect``: the version of the last frame the page had
    read when it sent it, so that the same frame sent again would be refused as stale."""
    made = new_table(server, [{"human": "Ann"}, {"bot": "easy"}], seed=4)
    tab = open_tab(browser, made["seats"][0]["invite"])
    page = tab.page
    page.wait_for_selector("#hand [data-tile]")  # the invite spent: a reload keeps the seat
    heard: list[tuple[str, Any]] = []

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda payload: heard.append(("in", json.loads(payload))))
        socket.on("framesent", lambda payload: heard.append(("out", json.loads(payload))))

    page.on("websocket", on_socket)
    page.reload()
    played = play_round([page], ["click"], actions=4)
    assert any(played)
    acts, version = [], -1
    for way, frame in heard:
        if way == "in":
            version = frame.get("version", version)
        elif frame["type"] == "act":
            acts.append((frame["expect"], version))
    assert acts
    assert all(expect == seen for expect, seen in acts)
    assert not [f for way, f in heard if way == "in" and f["type"] == "error"]
    assert tab.errors == []
    tab.close()
