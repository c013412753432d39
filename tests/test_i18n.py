"""The translations: the catalogues agree with the source (a text without a translation
fails here), keep every placeholder, are compiled as committed; ``--lang`` and the locale pick
the language of ``play``, in lines of text and in the app."""

from __future__ import annotations

import asyncio
import io
import random
import string
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from textual.screen import Screen
from textual.widgets import Footer, Select, Static
from typer.testing import CliRunner

from chickenfoot.cli import app as cli_app
from chickenfoot.core.games import make_rules
from chickenfoot.core.messages import ENGLISH, message
from chickenfoot.core.rules import CLASSIC, PRESETS
from chickenfoot.core.standard.rules import GAMES
from chickenfoot.i18n import (
    LANGUAGES,
    UnknownLanguageError,
    _,
    language,
    language_from_environment,
    message_text,
    ngettext,
    set_language,
)
from chickenfoot.terminal import app as app_module
from chickenfoot.terminal.app import ChickenfootApp, SeatRow, Setup, SetupScreen
from chickenfoot.terminal.session import SeatSpec, records_folder
from scripts import i18n as tool
from tests.test_play_app import (
    bots,
    check_snapshot,
    play_on,
    start_a_setup_the_rules_refuse,
    turn,
)
from tests.test_play_plain import play_by_script

TRANSLATED = [code for code in LANGUAGES if code != "en"]
runner = CliRunner()


def forms(m: Message) -> tuple[str, ...]:
    """A message's translation: its plural forms, or the one text."""
    strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
    return tuple(text or "" for text in strings)


def ids(m: Message) -> tuple[str, ...]:
    """A message's English: singular and plural, or the one text."""
    return tuple(m.id) if isinstance(m.id, (tuple, list)) else (m.id,)


def fields(text: str) -> list[tuple[str, str, str]]:
    """The placeholders of a text: ``(name, format spec, conversion)`` of each, sorted."""
    return sorted(
        (name, spec or "", conversion or "")
        for _literal, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    )


def catalogue(code: str) -> Catalog:
    return tool.read(tool.po_path(code), code)


# -- the catalogues -------------------------------------------------------------------------


def test_the_template_is_what_the_source_gives_now() -> None:
    """A text added to (or changed in) the source without ``scripts/i18n`` fails here."""
    committed = tool.read(tool.TEMPLATE)
    fresh = tool.extract()
    fresh.creation_date = committed.creation_date
    assert tool.po_bytes(fresh).decode().splitlines() == (
        tool.TEMPLATE.read_text(encoding="utf-8").splitlines()
    ), "the source's texts have changed: run scripts/i18n, then translate what it reports"


def test_the_template_reads_back_as_it_was_made() -> None:
    """Else the script could not tell the committed template is up to date (a comment too long
    for one line comes back as two), and would date it anew every time."""
    fresh = tool.extract()
    assert tool.messages(read_po(io.BytesIO(tool.po_bytes(fresh)))) == tool.messages(fresh)


def test_the_template_has_every_kind_of_text() -> None:
    ids = {m.id for m in tool.read(tool.TEMPLATE)}
    assert set(ENGLISH.values()) <= ids  # the engine's messages, though not written as _()
    assert {"Your turn.", "start", "medium", "half"} <= ids  # _() and N_()
    assert ("{n} tile", "{n} tiles") in ids  # ngettext()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_text_has_a_translation(code: str) -> None:
    """The "missing message" test: every text of the template has a translation, not
    empty, not fuzzy (a guess Babel made for a changed text), with every plural form."""
    translated = catalogue(code)
    assert translated.plural_forms == Catalog(locale=code).plural_forms
    missing = []
    for m in tool.read(tool.TEMPLATE):
        if not m.id:
            continue
        found = translated.get(m.id, m.context)
        if (
            found is None
            or found.fuzzy
            or not all(forms(found))
            or len(forms(found)) != (translated.num_plurals if m.pluralizable else 1)
        ):
            missing.append(m.id)
    assert missing == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_keeps_the_placeholders_of_its_text(code: str) -> None:
    for m in catalogue(code):
        if not m.id:
            continue
        english = ids(m)
        assert len({tuple(fields(text)) for text in english}) == 1, m.id
        for text in forms(m):
            assert fields(text) == fields(english[-1]), (m.id, text)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_committed_mo_files_are_the_po_files_compiled(code: str) -> None:
    def entries(catalog: Catalog) -> dict[object, object]:
        def key(text: object) -> object:  # read_mo gives a plural's texts as a list
            return tuple(text) if isinstance(text, (list, tuple)) else text

        return {(key(m.id), m.context): key(m.string) for m in catalog if m.id}

    with tool.mo_path(code).open("rb") as file:
        committed = read_mo(file)
    compiled = read_mo(io.BytesIO(tool.mo_bytes(catalogue(code))))
    assert entries(committed) == entries(compiled)
    assert committed.plural_forms == compiled.plural_forms == Catalog(locale=code).plural_forms
    assert len(entries(committed)) == len([m for m in catalogue(code) if m.id])


def test_the_script_would_change_nothing() -> None:
    assert tool.run(["extract", "update", "compile"], check=True) == []


# -- looking texts up -----------------------------------------------------------------------


def test_texts_are_looked_up_in_the_language_chosen() -> None:
    assert _("Your turn.") == "Your turn."
    set_language("nb")
    assert language() == "nb"
    assert _("Your turn.") == "Din tur."
    assert _("a text no catalogue has") == "a text no catalogue has"
    assert _("") == ""
    set_language("nl")
    assert message_text(message("must-draw", seat=2)) == "plaats 2 moet trekken voordat hij past"
    set_language("sv")
    assert ngettext("{n} tile left", "{n} tiles left", 1).format(n=1) == "1 bricka kvar"
    assert ngettext("{n} tile left", "{n} tiles left", 3).format(n=3) == "3 brickor kvar"
    set_language("it")  # three plural forms: one, many (whole millions), other
    assert ngettext("{n} tile", "{n} tiles", 1) == "{n} tessera"
    assert ngettext("{n} tile", "{n} tiles", 2) == ngettext("{n} tile", "{n} tiles", 10**6)
    set_language("en")
    assert ngettext("{n} tile", "{n} tiles", 2) == "{n} tiles"
    with pytest.raises(UnknownLanguageError, match="en, nb, it, nl, sv"):
        set_language("xx")
    assert language() == "en"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_option_description_is_said_from_the_catalogue_of_the_language(code: str) -> None:
    translated = catalogue(code)
    set_language(code)
    for rules in (*PRESETS.values(), *GAMES.values()):
        for info in rules.describe_options():
            said = message_text(info.message)
            assert said == translated.get(info.description).string != info.description, info


def test_an_option_description_in_norwegian() -> None:
    set_language("nb")
    options = {info.name: info for info in CLASSIC.describe_options()}
    assert message_text(options["centre_toes"].message) == (
        "Tær som rundens dobbel i midten trenger før noe annet kan legges."
    )
    assert options["centre_toes"].description == (
        "Toes the round's double in the centre needs before anything else."
    )


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANG": "nb_NO.UTF-8"}, "nb"),
        ({"LANG": "no_NO"}, "nb"),
        ({"LC_MESSAGES": "nn_NO.UTF-8"}, "nb"),
        ({"LANG": "nl_BE.UTF-8@euro"}, "nl"),
        ({"LC_ALL": "it_IT.UTF-8", "LANG": "sv_SE.UTF-8"}, "it"),
        ({"LANGUAGE": "fr:nl:sv", "LANG": "sv_SE.UTF-8"}, "nl"),
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LC_ALL": "C", "LANG": "sv_SE.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_of_the_environment(environ: dict[str, str], code: str) -> None:
    assert language_from_environment(environ) == code


def test_play_takes_its_language_from_the_locale_without_lang(tmp_path: Path) -> None:
    unset: dict[str, str | None] = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None}
    result = runner.invoke(
        cli_app,
        ["play", "--plain", "--data", str(tmp_path), "--seed", "1"],
        input="quit\n",
        env={**unset, "LANG": "sv_SE.UTF-8"},
    )
    assert result.exit_code == 0, result.output
    assert "Skriv help för kommandona." in result.output
    assert "\nlegal: " in result.output


# -- play --lang ----------------------------------------------------------------------------


def test_a_script_plays_a_round_in_norwegian_and_still_reads_legal(tmp_path: Path) -> None:
    args = ["--lang", "nb", "--seed", "11", "--data", str(tmp_path), "--bots", "easy"]
    lines = play_by_script(args, seed=2, first_turn="hint\n")
    output = "\n".join(lines)
    assert "Skriv help for kommandoene." in output
    assert "Din tur." in output
    assert "Kampen er over" in output
    assert "tips: " in output  # the hint, in Norwegian
    assert sum(line.startswith("legal: ") for line in lines) >= 2
    assert "Your turn" not in output and "Traceback" not in output


def test_lang_en_is_the_english_of_before(tmp_path: Path) -> None:
    args = ["play", "--plain", "--data", str(tmp_path), "--seed", "4"]
    english = runner.invoke(cli_app, [*args, "--lang", "en"], input="help\nquit\n")
    assert english.exit_code == 0, english.output
    assert "Type a move when it is your turn:" in english.output
    norwegian = runner.invoke(cli_app, [*args, "--lang", "nb"], input="help\nquit\n")
    assert "Skriv et trekk når det er din tur:" in norwegian.output
    assert "  draw    trekk en brikke" in norwegian.output  # the command stays "draw"


@pytest.mark.parametrize("lang", ["xx", "NO", "norsk", ""])
def test_an_unknown_language_is_one_line_and_exit_2(tmp_path: Path, lang: str) -> None:
    result = runner.invoke(
        cli_app, ["play", "--plain", "--data", str(tmp_path), "--lang", lang], input=""
    )
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        f"error: --lang {lang!r}: the languages are en, nb, it, nl, sv"
    ]
    assert not list(tmp_path.rglob("*.json"))


def test_lang_reaches_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spoken: list[tuple[str, str]] = []

    def run_app(setup: Setup, *args: Any) -> None:
        spoken.append((language(), setup.seats[0].name))

    monkeypatch.setattr("chickenfoot.cli.play._check_terminal", lambda: None)
    monkeypatch.setattr(app_module, "run_app", run_app)
    result = runner.invoke(cli_app, ["play", "--lang", "it", "--data", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert spoken == [("it", "Tu")]


# -- the app --------------------------------------------------------------------------------


def shown_keys(screen: Screen[None]) -> set[str]:
    """The descriptions of the keys the footer shows."""
    return {a.binding.description for a in screen.active_bindings.values() if a.binding.show}


def test_the_app_in_italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table after a few moves, in Italian (tests/snapshots/table-it-4p-80x24.svg)."""
    monkeypatch.chdir(tmp_path)
    set_language("it")

    async def scenario() -> None:
        seats = [SeatSpec(_("You")), *bots("medium", 3)]
        rules = make_rules("chickenfoot", 4, None, {"length": "single"})
        setup = Setup(seats=seats, seed=4, rules=rules)
        app = ChickenfootApp(setup=setup, folder=Path("matches"), pace=0, direct=True)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await play_on(pilot, app, random.Random(4), until=turn(3), keys=False)
            assert screen.message.startswith("Tocca a te")
            log = "\n".join(screen.log_lines)
            assert "Round 1 di 1" in log and "al centro" in log
            assert {"pesca", "passa", "consiglio", "esci"} <= shown_keys(screen)
            await check_snapshot(pilot, app, "table-it-4p-80x24", tmp_path)

    asyncio.run(scenario())


def test_the_setup_screen_changes_language_and_keeps_the_choices(tmp_path: Path) -> None:
    set_language("it")

    async def scenario() -> None:
        setup = Setup(seed=5)
        app = ChickenfootApp(setup=setup, folder=records_folder(tmp_path), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert "una nuova partita" in str(screen.query_one("#title", Static).render())
            rows = list(screen.query(SeatRow))
            assert rows[0].current() == SeatSpec("Tu")
            rows[2].query_one(Select).value = "person"
            rows[3].query_one(Select).value = "expert"
            screen.query_one("#length", Select).value = "half"
            await pilot.pause()
            screen.query_one("#language", Select).value = "nb"
            for _ in range(100):  # the new screen is mounted, then its choice focused
                await pilot.pause()
                if app.screen is not screen and app.focused is not None:
                    break
            relabelled = app.screen
            assert isinstance(relabelled, SetupScreen) and relabelled is not screen
            assert language() == "nb"
            title = str(relabelled.query_one("#title", Static).render())
            assert title == "Chicken Foot: en ny kamp"
            assert relabelled.query_one("#language", Select).has_focus, app.focused
            seats = [row.current() for row in relabelled.query(SeatRow)]
            assert seats == [
                SeatSpec("Du"),
                SeatSpec("", "medium"),
                SeatSpec("Spiller 3"),
                SeatSpec("", "expert"),
            ]
            assert relabelled.query_one("#length", Select).value == "half"
            assert shown_keys(relabelled) == {"slutt", "regler"}
            await pilot.pause()
            footer = relabelled.query_one(Footer)
            keys = [str(key.render()).strip() for key in footer.query("FooterKey")]
            assert keys == ["esc slutt", "F1 regler"]
            await pilot.click("#start")
            await pilot.pause()
            assert app.session is not None
            await pilot.press("q")

    asyncio.run(scenario())
    (record,) = records_folder(tmp_path).glob("*.json")
    text = record.read_text(encoding="utf-8")
    assert '"Du"' in text and '"Spiller 3"' in text and "bot:expert" in text


def test_a_setup_the_rules_refuse_is_explained_in_the_players_language(tmp_path: Path) -> None:
    set_language("nb")

    async def scenario() -> None:
        app = ChickenfootApp(setup=Setup(seed=5), folder=records_folder(tmp_path), pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            error = await start_a_setup_the_rules_refuse(pilot, app)
            assert error == "innstillingen players: ventet et heltall på høyst 4"

    asyncio.run(scenario())
