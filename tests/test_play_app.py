"""``chickenfoot play``: the Textual app driven by keys alone in Textual's pilot, the setup
screen, several people at one screen, resuming, and SVG snapshots of every screen."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Select, Static

from chickenfoot.core.actions import Draw, Pass
from chickenfoot.core.games import make_rules
from chickenfoot.i18n import set_language
from chickenfoot.terminal import session as session_module
from chickenfoot.terminal.app import MORE, ChickenfootApp, SeatRow, Setup, SetupScreen
from chickenfoot.terminal.session import SeatSpec, Session, records_folder
from chickenfoot.terminal.table_screen import Cover, FinalScreen, RoundSummary, TableScreen
from tests.oracle import check as check_record

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("CHICKENFOOT_UPDATE_SNAPSHOTS") == "1"


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def direct_app(
    tmp: Path, seats: list[SeatSpec], seed: int, game: str = "chickenfoot", **options: Any
) -> ChickenfootApp:
    if game == "chickenfoot":
        options.setdefault("length", "single")
    rules = make_rules(game, len(seats), None, options)
    setup = Setup(seats=seats, game=game, seed=seed, rules=rules)
    return ChickenfootApp(setup=setup, folder=records_folder(tmp), pace=0, direct=True)


def bots(level: str, count: int) -> list[SeatSpec]:
    return [SeatSpec("", level)] * count


async def press_a_move(pilot: Pilot[None], screen: TableScreen, rng: random.Random) -> None:
    """Choose one of the legal moves with the arrow keys and Enter, and where with a digit,
    the arrows or Enter; now and then ask for a hint first."""
    if rng.random() < 0.1:
        await pilot.press("h")
        await pilot.press("enter")
    else:
        for _ in range(rng.randrange(len(screen.choices))):
            await pilot.press(rng.choice(["right", "down"]))
        await pilot.press("enter")
    if screen.picking:
        way = rng.randrange(3)
        if way == 0:
            await pilot.press(str(rng.randint(1, min(9, len(screen.places)))))
        else:
            await pilot.press(*["right"] * way, "enter")


def run_a_move(screen: TableScreen, rng: random.Random) -> None:
    """What :func:`press_a_move` does, by the actions its keys run (Textual's pilot spends
    about 80 ms on every key press; the keys are tested on their own)."""
    screen.cursor = rng.randrange(len(screen.choices))
    screen.action_confirm()
    if screen.picking:
        screen.place_cursor = rng.randrange(len(screen.places))
        screen.action_confirm()


async def play_on(
    pilot: Pilot[None],
    app: ChickenfootApp,
    rng: random.Random,
    until: Callable[[Any], bool] = lambda screen: isinstance(screen, FinalScreen),
    steps: int = 3000,
    on_cover: Callable[[Cover], None] | None = None,
    keys: bool = True,
) -> Any:
    """Press keys as a person would (or, not ``keys``, run what they run) until
    ``until(screen)``; that screen."""
    for _ in range(steps):
        await pilot.pause()
        screen = app.screen
        if until(screen):
            return screen
        if isinstance(screen, Cover):
            if on_cover is not None:
                on_cover(screen)
            await pilot.press("enter") if keys else screen.action_close()
        elif isinstance(screen, RoundSummary):
            await pilot.press("enter") if keys else screen.action_close()
        elif isinstance(screen, TableScreen) and screen.awaiting():
            if keys:
                await press_a_move(pilot, screen, rng)
            else:
                run_a_move(screen, rng)
    raise AssertionError(f"still at {app.screen!r} after {steps} steps")


def saved_record(tmp: Path) -> dict[str, Any]:
    (path,) = records_folder(tmp).glob("*.json")
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def test_a_single_round_against_three_bots_by_keys_alone(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = direct_app(tmp_path, [SeatSpec("You"), *bots("medium", 3)], seed=12)
        async with app.run_test(size=(100, 30)) as pilot:
            final = await play_on(pilot, app, random.Random(1))
            assert "The match is over:" in str(final.body().columns[0]._cells[0])
            await pilot.press("enter")
        assert app.return_value is None

    run(scenario())
    record = saved_record(tmp_path)
    assert record["winners"] and check_record(record) == []
    mine = [a for a in record["rounds"][0]["actions"] if a["seat"] == 0 and "play" in a]
    assert mine, "the person played no tile"


@pytest.mark.parametrize("ask_forced", [False, True])
def test_a_forced_draw_or_pass_waits_for_a_key_only_when_asked(
    tmp_path: Path, ask_forced: bool
) -> None:
    waits: list[list[str]] = []

    def until(screen: Any) -> bool:
        forced = isinstance(screen, TableScreen) and screen.choices in (["draw"], ["pass"])
        if forced and screen.awaiting():
            waits.append(screen.choices[:])
        return isinstance(screen, FinalScreen)

    async def scenario() -> None:
        app = direct_app(tmp_path, [SeatSpec("You"), *bots("medium", 3)], seed=12)
        app.ask_forced = ask_forced
        async with app.run_test(size=(100, 30)) as pilot:
            await play_on(pilot, app, random.Random(1), until=until, keys=False)

    run(scenario())
    actions = saved_record(tmp_path)["rounds"][0]["actions"]
    forced = [a for a in actions if a["seat"] == 0 and ("draw" in a or "pass" in a)]
    assert forced, "no forced move came to the person"  # in Chicken Foot every draw is forced
    assert len(waits) == (len(forced) if ask_forced else 0)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("all-fives", 2, {"target": 30}), ("draw", 4, {}), ("block", 3, {})],
)
def test_the_standard_games_play_to_their_end_by_keys(
    tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    async def scenario() -> None:
        seats = [SeatSpec("You"), *bots("easy", players - 1)]
        app = direct_app(tmp_path, seats, seed=players, game=game, **options)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_on(pilot, app, random.Random(players))

    run(scenario())
    record = saved_record(tmp_path)
    assert record["game"] == game and record["winners"]
    assert check_record(record) == []


def test_enter_alone_starts_you_against_three_medium_bots(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = ChickenfootApp(setup=Setup(seed=5), folder=records_folder(tmp_path), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            session = app.session
            assert session is not None
            assert [s.record_name for s in session.seats] == [
                "You",
                "bot:medium",
                "bot:medium",
                "bot:medium",
            ]
            assert session.rules.options()["length"] == "single"
            assert session.rules.preset_name == "classic"
            await pilot.press("q")

    run(scenario())
    assert saved_record(tmp_path)["seed"] == 5


async def seat_rows_mounted(pilot: Pilot[None], app: ChickenfootApp, count: int) -> list[SeatRow]:
    """The setup's seat rows once there are ``count`` of them, each with its choice drawn (a
    busy machine may take a few frames to mount them)."""
    for _frame in range(200):
        rows = list(app.screen.query(SeatRow))
        if len(rows) == count and all(row.query("SelectCurrent #label") for row in rows):
            return rows
        await pilot.pause(0.01)
    raise AssertionError(f"{len(list(app.screen.query(SeatRow)))} seat rows, not {count}")


async def start_in_view(pilot: Pilot[None], app: ChickenfootApp) -> None:
    """Scroll the setup until its Start button is on the screen, as a person would."""
    seen = None
    for _ in range(200):
        start = app.screen.query_one("#start")
        if app.screen.region.contains_region(start.region) and start.region == seen:
            return
        seen = start.region
        start.scroll_visible(animate=False)
        await pilot.pause(0.01)
    raise AssertionError("the Start button never came into view")


def test_the_setup_names_each_preset_and_says_what_it_is_in_the_players_language(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        set_language("nb")
        app = ChickenfootApp(setup=Setup(seed=5), folder=records_folder(tmp_path), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            presets = app.screen.query_one("#preset", Select)
            note = app.screen.query_one("#preset-note", Static)
            assert [label for label, _value in presets._options] == [
                "Klassisk",
                "The Spruce",
                "Wikipedia",
                "Reeves",
            ]
            assert str(note.render()).startswith("Reglene i den norske og italienske")
            presets.value = "wikipedia"
            await pilot.pause()
            assert str(note.render()) == "Den svenske Wikipedia-artikkelen om Chicken Foot."
            screen = app.screen
            assert isinstance(screen, SetupScreen) and screen.chosen().preset == "wikipedia"
            await pilot.press("escape")

    run(scenario())


def test_the_setup_shows_two_to_four_players_then_more_on_request(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = ChickenfootApp(setup=Setup(seed=5), folder=records_folder(tmp_path), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            players = app.screen.query_one("#players", Select)
            values = [value for _label, value in players._options]
            assert values == [2, 3, 4, MORE]
            players.value = MORE
            await pilot.pause()
            values = [value for _label, value in players._options]
            assert values == list(range(2, 13))
            players.value = 8
            rows = await seat_rows_mounted(pilot, app, 8)
            rows[3].query_one(Select).value = "person"
            rows[5].query_one(Select).value = "expert"
            app.screen.query_one("#length", Select).value = "half"
            await start_in_view(pilot, app)
            await pilot.click("#start")
            await pilot.pause()
            assert isinstance(app.screen, (TableScreen, Cover))
            await pilot.press("q")

    run(scenario())
    record = saved_record(tmp_path)
    assert len(record["players"]) == 8
    assert record["players"][3] == "Player 4" and record["players"][5] == "bot:expert"
    assert record["rules"]["options"]["length"] == "half"


async def start_a_setup_the_rules_refuse(pilot: Pilot[None], app: ChickenfootApp) -> str:
    """Six players at the draw game, which seats four, and Enter: the setup screen stays and
    says why; what it says."""
    await pilot.pause()
    players = app.screen.query_one("#players", Select)
    players.value = MORE
    await pilot.pause()
    players.value = 6
    app.screen.query_one("#game", Select).value = "draw"
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return str(app.screen.query_one("#error", Static).render())


def test_a_setup_the_rules_refuse_says_why_and_stays(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = ChickenfootApp(setup=Setup(seed=5), folder=records_folder(tmp_path), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            error = await start_a_setup_the_rules_refuse(pilot, app)
            assert "players" in error
            assert app.session is None

    run(scenario())
    assert not list(records_folder(tmp_path).glob("*.json"))


def test_two_people_at_one_screen_see_a_cover_between_their_turns(tmp_path: Path) -> None:
    covers: list[tuple[str, bool]] = []

    def on_cover(cover: Cover) -> None:
        table = cover.app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        # under the cover no hand is shown, and the log names nobody's drawn tile
        covers.append((cover.who, table.snap.hand is None and table.holder is None))

    async def scenario() -> None:
        seats = [SeatSpec("Ann"), SeatSpec("", "easy"), SeatSpec("Bo")]
        app = direct_app(tmp_path, seats, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_on(pilot, app, random.Random(3), on_cover=on_cover, keys=False)

    run(scenario())
    names = [who for who, _hidden in covers]
    assert {"Ann", "Bo"} <= set(names)
    assert all(hidden for _who, hidden in covers)
    record = saved_record(tmp_path)
    actions = record["rounds"][0]["actions"]
    persons = [a["seat"] for a in actions if a["seat"] != 1]
    handovers = sum(1 for a, b in itertools.pairwise(persons) if a != b)
    assert len(covers) >= handovers
    assert check_record(record) == []


def test_the_app_resumes_a_match_saved_mid_round(tmp_path: Path) -> None:
    rules = make_rules("chickenfoot", 3, None, {"length": "single"})
    first = Session.new([SeatSpec("You"), *bots("easy", 2)], rules, 9, records_folder(tmp_path))
    table = first.table
    while table.version < 15:
        seat = table.turn
        if first.is_bot(seat or 0):
            first.play_bot()
        else:
            legal = table.view(0).legal
            plays = [a for a in legal if not isinstance(a, (Draw, Pass))]
            table.act(0, (plays or list(legal))[0])
    while first.is_bot(table.turn or 0):
        first.play_bot()
    before = table.snapshot(0)
    first.save()

    async def scenario() -> None:
        session = Session.resume(first.path)
        app = ChickenfootApp(session=session, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert screen.snap.hand == before.hand
            assert screen.snap.board == before.board
            assert screen.awaiting()
            await play_on(pilot, app, random.Random(9), keys=False)

    run(scenario())
    record = json.loads(first.path.read_text(encoding="utf-8"))
    assert record["winners"] and len(record["rounds"]) == 1
    assert check_record(record) == []


# -- snapshots --------------------------------------------------------------------------------


async def check_snapshot(pilot: Pilot[None], app: ChickenfootApp, name: str, tmp: Path) -> None:
    """The screen as SVG equals tests/snapshots/<name>.svg (CHICKENFOOT_UPDATE_SNAPSHOTS=1
    rewrites it; review the change by opening both files). The screen is taken once it has
    settled: every pending message handled and every animation done, however loaded the
    machine is."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    svg = app.export_screenshot(title=name)
    path = SNAPSHOTS / f"{name}.svg"
    if UPDATE or not path.exists():
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"new snapshot {path}: check it and commit it")
        return
    if path.read_text(encoding="utf-8") != svg:
        (tmp / f"{name}.svg").write_text(svg, encoding="utf-8")
        pytest.fail(
            f"the screen differs from {path}; what it shows now is in {tmp / (name + '.svg')} "
            "(CHICKENFOOT_UPDATE_SNAPSHOTS=1 accepts it)"
        )


@pytest.mark.parametrize(
    ("players", "size", "length"),
    [(4, (80, 24), "half"), (8, (80, 24), "single"), (8, (100, 30), "single")],
)
def test_snapshots_of_the_table_the_round_summary_and_the_result(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    players: int,
    size: tuple[int, int],
    length: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(session_module.time, "strftime", lambda _format: "20260101-120000")
    name = f"{players}p-{size[0]}x{size[1]}"

    async def scenario() -> None:
        seats = [SeatSpec("Ann"), *bots("medium", players - 1)]
        rules = make_rules("chickenfoot", players, None, {"length": length})
        setup = Setup(seats=seats, seed=players, rules=rules)
        app = ChickenfootApp(setup=setup, folder=Path("matches"), pace=0, direct=True)
        async with app.run_test(size=size) as pilot:
            rng = random.Random(players)
            await play_on(pilot, app, rng, until=turn(5), keys=False)
            await check_snapshot(pilot, app, f"table-{name}", tmp_path)
            rounds = 2 if length == "half" else 1
            for k in range(rounds):
                if k:
                    app.screen.action_close()  # type: ignore[attr-defined]
                await play_on(pilot, app, rng, until=summary, keys=False)
            await check_snapshot(pilot, app, f"round-summary-{name}", tmp_path)
            await play_on(pilot, app, rng, keys=False)
            await check_snapshot(pilot, app, f"final-{name}", tmp_path)

    run(scenario())


def turn(n: int) -> Callable[[Any], bool]:
    """For :func:`play_on`: the ``n``-th time the table waits for a person's move."""
    seen = 0

    def reached(screen: Any) -> bool:
        nonlocal seen
        if isinstance(screen, TableScreen) and screen.awaiting():
            seen += 1
        return seen == n

    return reached


def summary(screen: Any) -> bool:
    return isinstance(screen, RoundSummary)


def test_snapshot_of_the_setup(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = ChickenfootApp(setup=Setup(seed=1), folder=records_folder(tmp_path), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await check_snapshot(pilot, app, "setup-80x24", tmp_path)
            players = app.screen.query_one("#players", Select)
            players.value = MORE
            await pilot.pause()
            players.value = 8
            await pilot.pause()
            await check_snapshot(pilot, app, "setup-8p-80x24", tmp_path)

    run(scenario())


def test_a_tile_and_a_place_are_chosen_with_the_mouse(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = direct_app(tmp_path, [SeatSpec("You"), *bots("easy", 3)], seed=4)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await play_on(
                pilot,
                app,
                random.Random(4),
                until=lambda s: (
                    isinstance(s, TableScreen)
                    and s.awaiting()
                    and any(len(p) > 1 for p in s.plays.values())
                ),
                keys=False,
            )
            tile = next(t for t, places in screen.plays.items() if len(places) > 1)
            hand = screen.snap.hand
            before = len(screen.session.table.record()["rounds"][0]["actions"])
            # "Your tiles (N): " then each tile as " a|b " and a space between tiles
            x = len(f"Your tiles ({len(hand)}): ") + 1  # the hand's left padding
            x += sum(len(f" {t.replace('-', '|')} ") + 1 for t in hand[: hand.index(tile)])
            await pilot.click("#hand", offset=(x + 2, 0))
            assert screen.picking and screen.choices[screen.cursor] == tile
            place = screen.places[1]
            board = screen.query_one("#board")
            for y in range(board.size.height):
                for dx in range(board.size.width):
                    if board.get_style_at(dx, y).meta.get("place") == place:
                        await pilot.click("#board", offset=(dx, y))
                        break
                else:
                    continue
                break
            await pilot.pause()
            history = screen.session.table.record()["rounds"][0]["actions"]
            mine = [a for a in history[before:] if a["seat"] == 0]
            assert mine[0] == {"seat": 0, "play": tile, "on": place}

    run(scenario())


def test_the_readmes_picture_of_the_terminal_is_todays_table() -> None:
    """docs/play.svg is the table's snapshot as the test above takes it (accepting a new
    snapshot with CHICKENFOOT_UPDATE_SNAPSHOTS=1 copies it there too)."""
    picture = Path(__file__).parent.parent / "docs" / "play.svg"
    today = (SNAPSHOTS / "table-4p-80x24.svg").read_text(encoding="utf-8")
    if UPDATE:
        picture.write_text(today, encoding="utf-8")
    assert picture.read_text(encoding="utf-8") == today, "docs/play.svg is not today's table"
