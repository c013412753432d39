"""The analysis of a record on the server and in the replay viewer: ``POST /api/analysis`` and
``GET /api/analysis/ID`` (docs/protocol.md, "Analysing a record") in process and on a real
``chickenfoot serve``, and the replay page in a real headless Chromium: the evaluation of each
move, the jumps to the mistakes, the accuracy table and the chart."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from playwright.sync_api import Browser, Page
from starlette.testclient import TestClient

from chickenfoot import analysis
from chickenfoot.core import CLASSIC, games
from chickenfoot.play import play_recorded_match
from chickenfoot.server import analyses
from chickenfoot.server.app import RECORD_REQUEST_LIMIT
from tests.server_helpers import make_client, serving
from tests.web_helpers import ARTIFACTS, CHROMIUM, MISSING, PHONE, Server, chromium, open_tab

JSON = {"Content-Type": "application/json"}

STATIC = Path(__file__).parents[1] / "src" / "chickenfoot" / "server" / "static"
CATALOGUES = {path.stem: json.loads(path.read_text()) for path in (STATIC / "i18n").glob("*.json")}
SAMPLES = 12
"""Few samples: each analysis here takes a fraction of a second."""
SEATS = [{"bot": "beginner"}, {"bot": "medium"}, {"bot": "easy"}, {"bot": "beginner"}]
"""Bots that play by the legal actions alone: the same record from the same seed."""

Record = dict[str, Any]


def a_record(seed: int = 3, players: int = 3) -> Record:
    """One round of classic Chicken Foot between bots, 20 to 30 decisions."""
    bots = ["beginner", "medium", "easy", "beginner"][:players]
    return play_recorded_match(bots, CLASSIC.with_options(length="single"), seed)[1]


def direct(record: Record, samples: int = SAMPLES, seed: int = 0) -> Any:
    """The analysis as ``chickenfoot analyse`` makes it, as JSON."""
    made = analysis.analyse(record, analysis.Settings(samples=samples, seed=seed))
    return json.loads(msgspec.json.encode(made))


# -- the API, in process -----------------------------------------------------------------------


class Clock:
    """A clock that moves when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def jobs_of(client: TestClient) -> analyses.Analyses:
    found = client.app.state.analyses  # type: ignore[attr-defined]
    assert isinstance(found, analyses.Analyses)
    return found


def finished(client: TestClient, job: str, seconds: float = 30) -> tuple[Any, list[int]]:
    """The job's last answer once it is no longer running, and the progress seen on the way."""
    seen = []
    deadline = time.monotonic() + seconds
    while True:
        response = client.get(f"/api/analysis/{job}")
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["done"] <= body["total"]
        seen.append(body["done"])
        if body["status"] != "running":
            return body, seen
        assert time.monotonic() < deadline, f"the analysis is still running: {body}"
        time.sleep(0.02)


def test_a_job_runs_to_the_analysis_the_command_makes_and_is_kept(client: TestClient) -> None:
    record = a_record()
    clock = Clock()
    jobs_of(client).clock = clock
    started = client.post(f"/api/analysis?samples={SAMPLES}", json=record)
    assert started.status_code == 202
    job = started.json()
    total = len(analysis.plan(record).decisions)
    assert job == {
        "id": job["id"],
        "status": "running",
        "done": 0,
        "total": total,
        "samples": SAMPLES,
        "seed": 0,
    }
    assert started.headers["location"] == f"/api/analysis/{job['id']}"
    body, seen = finished(client, job["id"])
    assert body["status"] == "done"
    assert seen == sorted(seen) and seen[-1] == total
    assert body["analysis"] == direct(record)
    assert body["analysis"]["unit"] == "percent"

    again = client.post(f"/api/analysis?samples={SAMPLES}", json=record).json()
    assert again["id"] == job["id"] and again["status"] == "done"
    spaced = json.dumps(record, indent=3).encode()  # the same record, written otherwise
    assert (
        client.post(f"/api/analysis?samples={SAMPLES}", content=spaced, headers=JSON).json()["id"]
        == job["id"]
    )
    other = client.post(f"/api/analysis?samples={SAMPLES}&seed=5", json=record).json()
    assert other["id"] != job["id"] and other["seed"] == 5
    assert finished(client, other["id"])[0]["analysis"] == direct(record, seed=5)

    clock.now += analyses.KEPT_FOR + 1  # forgotten some minutes after it finished ...
    gone = client.get(f"/api/analysis/{job['id']}")
    assert gone.status_code == 404
    assert gone.json()["code"] == "no-such-analysis"
    kept = client.post(f"/api/analysis?samples={SAMPLES}", json=record)  # ... its result kept
    assert kept.json()["status"] == "done" and kept.json()["id"] != job["id"]
    assert client.get(kept.headers["location"]).json()["analysis"] == direct(record)


def test_a_standard_game_is_analysed_in_points(client: TestClient) -> None:
    rules = games.make_rules("block", 2, None, {})
    record = play_recorded_match(["beginner", "medium"], rules, 2)[1]
    job = client.post("/api/analysis?samples=8&seed=3", json=record).json()
    body, _ = finished(client, job["id"])
    assert body["analysis"]["unit"] == "points"
    assert body["analysis"] == direct(record, samples=8, seed=3)


BAD_BODIES = [
    (b"{", "bad-request"),
    (b"[]", "record-not-object"),
    (b'{"format": "chess"}', "unknown-format"),
]


@pytest.mark.parametrize(("body", "code"), BAD_BODIES)
def test_a_body_that_is_no_record_is_refused(client: TestClient, body: bytes, code: str) -> None:
    response = client.post("/api/analysis", content=body, headers=JSON)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert jobs_of(client).jobs == {}


def test_a_record_that_breaks_the_rules_is_refused_where_it_does(client: TestClient) -> None:
    record = a_record()
    actions = record["rounds"][0]["actions"]
    actions[1], actions[2] = actions[2], actions[1]
    response = client.post("/api/analysis", json=record)
    assert response.status_code == 400
    assert "rounds[0].actions[" in response.json()["message"]
    replay = client.post("/api/replay", json=record)
    assert (replay.status_code, replay.json()["code"]) == (400, response.json()["code"])


def test_a_body_too_large_is_refused_unread(client: TestClient) -> None:
    response = client.post("/api/analysis", content=b" " * (RECORD_REQUEST_LIMIT + 1), headers=JSON)
    assert response.status_code == 413
    assert response.json()["code"] == "frame-too-large"


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("samples=0", "bad-samples"),
        ("samples=1001", "bad-samples"),
        ("samples=many", "bad-samples"),
        ("samples=-3", "bad-samples"),
        ("seed=-1", "bad-seed"),
        (f"seed={2**53 + 1}", "bad-seed"),
    ],
)
def test_settings_out_of_bounds_are_refused(client: TestClient, query: str, code: str) -> None:
    response = client.post(f"/api/analysis?{query}", json=a_record())
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert jobs_of(client).jobs == {}


def test_a_record_with_too_many_decisions_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analyses, "MAX_DECISIONS", 5)
    response = client.post("/api/analysis", json=a_record())
    assert response.status_code == 413
    assert response.json()["code"] == "analysis-too-large"


def test_refusals_are_said_in_the_language_asked(client: TestClient) -> None:
    response = client.get("/api/analysis/nothing?lang=nb")
    assert response.status_code == 404
    expected = CATALOGUES["nb"]["analysis.error.no-such-analysis"].replace("{id}", "nothing")
    assert response.json() == {"code": "no-such-analysis", "message": expected}
    samples = client.post(
        "/api/analysis?samples=0", json=a_record(), headers={"Accept-Language": "it"}
    )
    assert samples.json()["message"].startswith("i campioni devono essere")


def test_every_refusal_has_a_text_in_every_language() -> None:
    source = Path(analyses.__file__).read_text()
    codes = set(re.findall(r'AnalysisRefused\(\s*"([a-z-]+)"', source))
    codes |= set(re.findall(r'_whole\([^)]*"(bad-[a-z]+)"', source))
    assert {"too-many-analyses", "too-many-analyses-here", "bad-samples", "bad-seed"} <= codes
    for catalogue in CATALOGUES.values():
        for code in codes:
            assert catalogue[f"analysis.error.{code}"].strip(), code


@pytest.mark.parametrize(
    ("limits", "code"),
    [
        ({"analyses": 1, "analyses_per_address": 5}, "too-many-analyses"),
        ({"analyses": 5, "analyses_per_address": 1}, "too-many-analyses-here"),
    ],
)
def test_only_a_few_jobs_run_at_once(tmp_path: Path, limits: dict[str, int], code: str) -> None:
    record = a_record()
    with make_client(tmp_path, **limits) as client:
        first = client.post("/api/analysis?samples=1000", json=record)
        assert first.status_code == 202
        refused = client.post("/api/analysis?samples=1000&seed=1", json=record)
        assert refused.status_code == 429
        assert refused.json()["code"] == code
        assert str(1) in refused.json()["message"]
        same = client.post("/api/analysis?samples=1000", json=record)  # asked again: no new job
        assert same.status_code == 202 and same.json()["id"] == first.json()["id"]
        assert jobs_of(client).running() == 1
    # Leaving stops the server, and the job with it, within a decision.


def test_a_job_nobody_asks_about_is_stopped_and_a_failed_one_says_so(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = a_record()
    jobs = jobs_of(client)
    clock = Clock()
    jobs.clock = clock
    job = client.post("/api/analysis?samples=400", json=record).json()
    clock.now += analyses.ABANDONED_AFTER + 1
    deadline = time.monotonic() + 30
    while job["id"] in jobs.jobs:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert jobs.running() == 0

    async def broken(point: Any, settings: Any) -> Any:
        raise RuntimeError("a worker lost its way")

    monkeypatch.setattr(jobs.thinkers, "analyse", broken)
    failed = client.post("/api/analysis?samples=3", json=record).json()
    body, _ = finished(client, failed["id"])
    assert body["status"] == "failed"
    assert body["error"]["code"] == "analysis-failed"
    assert "analysis" not in body
    monkeypatch.undo()
    retried = client.post("/api/analysis?samples=3", json=record).json()  # tried again
    assert retried["id"] != failed["id"]
    assert finished(client, retried["id"])[0]["status"] == "done"


# -- a real server and a real browser ------------------------------------------------------


needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=MISSING,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


def post(server: Server, path: str, body: bytes) -> tuple[int, Any]:
    request = urllib.request.Request(
        server.url + path, body, headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def analysed(server: Server, record: Record, samples: int) -> Any:
    """The server's analysis of ``record`` (its worker processes search it)."""
    status, job = post(server, f"/api/analysis?samples={samples}", json.dumps(record).encode())
    assert status == 202, job
    deadline = time.monotonic() + 60
    while (job := server.get(f"/api/analysis/{job['id']}"))["status"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert job["status"] == "done", job
    return job["analysis"]


def finished_table(server: Server, seed: int, game: str = "chickenfoot") -> tuple[str, Record]:
    body: dict[str, Any] = {"game": game, "seats": SEATS, "seed": seed}
    if game == "chickenfoot":
        body["length"] = "single"
    made = server.post("/api/tables", body)
    server.wait_over(made["table"])
    return made["table"], server.get(f"/api/tables/{made['table']}/record")


def test_the_server_analyses_its_own_table_in_its_worker_processes(server: Server) -> None:
    _, record = finished_table(server, seed=4)
    assert analysed(server, record, SAMPLES) == direct(record)


def steps_of(server: Server, record: Record) -> dict[tuple[int, int], int]:
    """The replay's step of each action of the record, by its round and index, worked out
    from the replay's log."""
    status, replay = post(server, "/api/replay", json.dumps(record).encode())
    assert status == 200
    steps: dict[tuple[int, int], int] = {}
    round_number, index = 0, 0
    for entry in replay["entries"]:
        if entry["kind"] == "round":
            round_number, index = entry["round"], 0
        elif entry["kind"] == "action":
            steps[round_number, index] = entry["v"]
            index += 1
    return steps


def by_step(server: Server, record: Record, result: Any) -> dict[int, Any]:
    """The analysis's decisions by their replay step."""
    steps = steps_of(server, record)
    decisions = [d for r in result["rounds"] for d in r["decisions"]]
    return {steps[d["round"], d["index"]]: d for d in decisions}


def serious_of(decisions: dict[int, Any]) -> list[int]:
    """The steps of the mistakes and blunders."""
    return sorted(v for v, d in decisions.items() if d["mark"] in ("mistake", "blunder"))


def step(page: Page) -> int:
    return int(page.locator("#position").get_attribute("data-version") or "-1")


@needs_chromium
def test_the_replay_viewer_explains_every_move_and_jumps_to_the_mistakes(
    server: Server, browser: Browser
) -> None:
    table, record = finished_table(server, seed=7)
    tab = open_tab(browser, f"{server.url}/replay?table={table}&lang=en")
    page = tab.page
    page.wait_for_function("() => Number(document.querySelector('#slider').max) > 0")
    assert page.locator("#analysis .analysis-about").is_visible()
    page.select_option("#analysis-depth", "50")
    page.click("#analyse")
    page.wait_for_selector("#analysis.analysed", timeout=60_000)
    result = analysed(server, record, 50)  # the same job's result, kept
    decisions = by_step(server, record, result)
    serious = serious_of(decisions)
    assert len(serious) >= 3

    assert page.locator("#analysis-chart path.chart-line").count() == 4
    seats = page.locator("#analysis-chart path.chart-line").evaluate_all(
        "lines => lines.map(l => l.dataset.seat)"
    )
    assert seats == ["0", "1", "2", "3"]
    marks = page.locator("#analysis-chart .chart-mark").evaluate_all(
        "marks => marks.map(m => Number(m.dataset.step))"
    )
    assert sorted(marks) == serious

    assert step(page) == 0
    assert page.locator("#previous-mistake").is_disabled()
    page.click("#next-mistake")
    assert step(page) == serious[0]
    card = page.locator("#move-card")
    assert card.get_attribute("data-mark") in ("mistake", "blunder")
    assert card.locator(f".badge.mark-{card.get_attribute('data-mark')}").is_visible()
    page.click("#next-mistake")
    assert step(page) == serious[1]
    shown = decisions[step(page)]
    assert shown["mark"] == card.get_attribute("data-mark")
    assert f"{shown['loss']:.1f} percentage points" in card.inner_text()
    rows = card.locator("table.move-evals tbody tr")
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.kind)") == ["knowledge", "open"]
    best = shown["candidates"][0]
    assert card.locator("[data-best]").get_attribute("data-best") == best["action"]
    assert f"{best['knowledge']['mean_points']:.1f}" in rows.nth(0).inner_text()
    assert f"{best['open']['mean_points']:.1f}" in rows.nth(1).inner_text()
    page.click("#previous-mistake")
    assert step(page) == serious[0]

    page.locator(f"#analysis-chart .chart-mark[data-step='{serious[-1]}']").click()
    assert step(page) == serious[-1]
    assert page.locator("#next-mistake").is_disabled()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert step(page) == serious[-1] - 2

    accuracy = page.locator("#accuracy-table tbody tr")
    assert accuracy.count() == 4
    for row in result["summary"]:
        cells = accuracy.nth(row["seat"]).locator("td")
        assert cells.nth(0).inner_text() == f"{row['accuracy']:.0f}"
        assert cells.nth(1).inner_text() == str(row["mistakes"])
        assert cells.nth(2).inner_text() == str(row["blunders"])

    page.click("#previous-mistake")
    page.click("#previous-mistake")
    page.mouse.move(0, 0)
    page.wait_for_timeout(100)
    ARTIFACTS.mkdir(exist_ok=True)  # docs/web-analysis.png is copied from this picture
    page.screenshot(path=str(ARTIFACTS / "web-analysis.png"))
    tab.shot("analysis-desktop")
    page.select_option("#lang", "sv")
    page.wait_for_function(
        f"() => document.querySelector('#analyse').textContent === "
        f"{json.dumps(CATALOGUES['sv']['analysis.start'])}"
    )
    assert CATALOGUES["sv"]["analysis.knowledge"] in card.inner_text()
    assert tab.errors == []
    tab.close()


@needs_chromium
def test_on_a_phone_a_record_file_of_a_standard_game_is_analysed_in_points(
    server: Server, browser: Browser, tmp_path: Path
) -> None:
    _, record = finished_table(server, seed=2, game="block")
    path = tmp_path / "block.json"
    path.write_text(json.dumps(record))
    tab = open_tab(browser, f"{server.url}/replay?lang=nb&samples=20", PHONE)
    page = tab.page
    page.wait_for_selector("#current:not(:empty)")  # the page listens to its controls
    page.set_input_files("#file", str(path))
    page.wait_for_function("() => Number(document.querySelector('#slider').max) > 0")
    assert page.locator("#analyse").inner_text() == CATALOGUES["nb"]["analysis.start"]
    page.click("#analyse")
    page.wait_for_selector("#analysis.analysed", timeout=60_000)
    result = analysed(server, record, 20)
    assert result["unit"] == "points"
    decisions = by_step(server, record, result)
    assert page.locator("#analysis-chart path.chart-line").count() == 4

    page.click("#next-mistake")
    card = page.locator("#move-card")
    shown = decisions[step(page)]
    assert step(page) == serious_of(decisions)[0]
    assert card.get_attribute("data-mark") == shown["mark"]
    said = re.search(r"(\d+,\d) poeng", card.inner_text())  # Norwegian writes 12,5
    assert said is not None  # the browser rounds the loss as it does: within half a tenth
    assert float(said.group(1).replace(",", ".")) == pytest.approx(shown["loss"], abs=0.051)
    assert "prosentpoeng" not in card.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    card.scroll_into_view_if_needed()
    tab.shot("analysis-phone")
    page.screenshot(path=str(ARTIFACTS / "analysis-phone-full.png"), full_page=True)

    chart = page.locator("#analysis-chart svg")
    box = chart.bounding_box()
    assert box is not None
    last = int(page.locator("#slider").get_attribute("max") or "0")
    chart.click(position={"x": box["width"] - 11, "y": 40})  # the end of the match
    assert step(page) == last
    assert tab.errors == []
    tab.close()
