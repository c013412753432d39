"""The app's help screen, "How to play": F1 (or ?) opens it from the setup and from the table,
on the rules of the table at hand; a tile the person picks that the rules refuse is said with
the rule's section, and F1 then opens there. SVG snapshots as in tests/test_play_app.py."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select

from chickenfoot.i18n import set_language
from chickenfoot.terminal import session as session_module
from chickenfoot.terminal.app import ChickenfootApp, Setup
from chickenfoot.terminal.rules_screen import RulesScreen
from chickenfoot.terminal.session import SeatSpec, records_folder
from chickenfoot.terminal.table_screen import TableScreen
from tests.test_play_app import bots, check_snapshot, direct_app, play_on, run


def a_foot_waits_and_a_tile_fits_nowhere(screen: Any) -> bool:
    """For :func:`play_on`: the person's turn while a later double's foot waits for toes,
    with a tile in hand that the rules do not let them play."""
    if not (isinstance(screen, TableScreen) and screen.awaiting()):
        return False
    public = screen.snap.public
    hand = screen.snap.hand or []
    waiting = public is not None and public.foot is not None and public.foot.id != 0
    return waiting and any(tile not in screen.choices for tile in hand)


def test_a_refused_tile_names_the_rule_and_f1_opens_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(session_module.time, "strftime", lambda _format: "20260101-120000")
    set_language("en")

    async def scenario() -> None:
        app = direct_app(Path("matches"), [SeatSpec("Ann"), *bots("easy", 3)], seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await play_on(
                pilot, app, random.Random(1), until=a_foot_waits_and_a_tile_fits_nowhere, keys=False
            )
            hand = table.snap.hand or []
            refused = next(k for k, tile in enumerate(hand) if tile not in table.choices)
            table.action_tile(refused)
            assert table.rule_section == "feet"
            assert table.message.startswith("Play on the ")
            assert " first: it needs " in table.message
            assert table.message.endswith("See How to play: Feet (F1).")
            await check_snapshot(pilot, app, "table-refused-80x24", tmp_path)
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert app.screen.guide.section("feet").title == "Feet"
            assert app.screen.shown == app.screen.ids.index("feet")
            await check_snapshot(pilot, app, "rules-feet-80x24", tmp_path)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is table
            await pilot.press("q")

    run(scenario())


def test_question_mark_on_the_setup_explains_the_preset_chosen(tmp_path: Path) -> None:
    set_language("en")

    async def scenario() -> None:
        app = ChickenfootApp(setup=Setup(seed=5), folder=records_folder(tmp_path), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.query_one("#preset", Select).value = "spruce"
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            assert screen.guide.preset == "spruce"
            marked = [s.id for s in screen.guide.sections if s.changed]
            assert {"deal", "centre-foot", "drawing", "starter"} <= set(marked)
            await check_snapshot(pilot, app, "rules-spruce-80x24", tmp_path)
            await pilot.press("n", "n")
            assert screen.shown == 2
            await pilot.press("f1")
            await pilot.pause()
            assert not isinstance(app.screen, RulesScreen)
            await pilot.press("escape")

    run(scenario())


def test_the_help_screen_speaks_the_language_of_the_app(tmp_path: Path) -> None:
    set_language("nb")
    try:

        async def scenario() -> None:
            app = direct_app(tmp_path, [SeatSpec("Ann"), *bots("easy", 1)], seed=2)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.press("f1")
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, RulesScreen)
                assert screen.guide.title == "Slik spiller du"
                assert screen.guide.section("feet").title == "Kyllingføtter"
                await pilot.press("q")

        run(scenario())
    finally:
        set_language("en")
