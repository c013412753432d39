"""``chickenfoot play``: the Textual app. A setup screen (who sits where, the match's length,
game and preset), then the table (:mod:`chickenfoot.terminal.table_screen`).

The app never saves by itself on leaving: :func:`run_app` and :func:`run_session` return the
session, and the command saves its record and says where (it is also saved at every round's
end, the match's end with its last round's; a save that fails there is said, and the match
goes on). When the terminal is closed (SIGHUP), the record is saved at once and the program
exits (129): the terminal it would restore is gone.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from chickenfoot.bots import LEVELS
from chickenfoot.core.games import CHICKENFOOT, GAMES, AnyRules, game_named, make_rules
from chickenfoot.core.rules import CLASSIC, PRESETS, MatchLength
from chickenfoot.howto.listing import preset_origin, preset_title
from chickenfoot.i18n import (
    LANGUAGES,
    N_,
    _,
    error_text,
    language,
    language_name,
    set_language,
)
from chickenfoot.play import BOT_PREFIX
from chickenfoot.terminal.keys import translate_bindings
from chickenfoot.terminal.labels import length_name, level_name
from chickenfoot.terminal.rules_screen import RulesScreen
from chickenfoot.terminal.session import (
    DEFAULT_LENGTH,
    DEFAULT_LEVEL,
    SeatSpec,
    Session,
)
from chickenfoot.terminal.stops import HANGUP_EXIT, Guard, hangups_watched, tell_fd
from chickenfoot.terminal.table_screen import TableScreen

MAX_SEED = 2**63 - 1
PERSON = "person"
FIRST_COUNTS = (2, 3, 4)
MORE = 0
"""The players' menu entry that shows the larger tables."""


@dataclass(slots=True)
class Setup:
    """What the setup screen starts from (the command line's choices, or the defaults)."""

    seats: list[SeatSpec] = field(
        default_factory=lambda: [SeatSpec(_("You"))] + [SeatSpec("", DEFAULT_LEVEL)] * 3
    )
    game: str = CHICKENFOOT
    preset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    """``-o`` options, kept whatever else is chosen."""
    length: str = DEFAULT_LENGTH
    seed: int | None = None
    """None: a new seed for every match."""
    rules: AnyRules | None = None
    """The rules the command line made (to start at once without the setup screen)."""

    def make_rules(self, players: int) -> AnyRules:
        options = dict(self.options)
        game = game_named(self.game)
        if game.takes_length:
            options["length"] = self.length
        return make_rules(self.game, players, self.preset if game.presets else None, options)

    def new_seed(self) -> int:
        return self.seed if self.seed is not None else secrets.randbelow(MAX_SEED + 1)


def default_names(seat: int) -> tuple[str, str]:
    """The names the setup gives a person in ``seat``: "You", and "Player n" (seat n - 1)."""
    return _("You"), _("Player {n}").format(n=seat + 1)


def kind_options() -> list[tuple[str, str]]:
    return [(_("Person"), PERSON)] + [
        (_("Computer: {level}").format(level=level_name(level)), level) for level in LEVELS
    ]


class SeatRow(Horizontal):
    """One seat of the setup: a person (with a name) or a computer level."""

    DEFAULT_CSS = """
    SeatRow { height: 1; margin: 0 0 0 2; }
    SeatRow Label { width: 10; }
    SeatRow Select { width: 27; }
    SeatRow Input { width: 24; margin-left: 1; }
    SeatRow Input.hidden { display: none; }
    """

    def __init__(self, seat: int, spec: SeatSpec) -> None:
        super().__init__()
        self.seat = seat
        self.spec = spec

    def compose(self) -> ComposeResult:
        yield Label(_("Seat {n}").format(n=self.seat))
        kind = PERSON if self.spec.bot is None else self.spec.bot
        options = kind_options()
        if kind not in [value for _label, value in options]:
            options.append((_("Computer: {level}").format(level=level_name(kind)), kind))
        yield Select(options, value=kind, allow_blank=False, compact=True, id=f"kind-{self.seat}")
        name = self.spec.name if self.spec.bot is None else ""
        yield Input(
            value=name or default_names(self.seat)[1],
            placeholder=_("name"),
            max_length=24,
            compact=True,
            classes="" if self.spec.bot is None else "hidden",
            id=f"name-{self.seat}",
        )

    def on_select_changed(self, event: Select.Changed) -> None:
        self.query_one(Input).set_class(event.value != PERSON, "hidden")

    def current(self) -> SeatSpec:
        kind = self.query_one(Select).value
        if kind == PERSON:
            name = self.query_one(Input).value.strip()
            return SeatSpec(name or default_names(self.seat)[1])
        return SeatSpec("", str(kind))


class SetupScreen(Screen[None]):
    """Choose the table; Enter alone starts with what is shown."""

    DEFAULT_CSS = """
    SetupScreen { align: center top; }
    #setup { width: 72; height: auto; max-height: 100%; padding: 0 1; }
    #heading { height: 1; margin: 1 0; }
    #title { width: 1fr; text-style: bold; }
    #language-label { margin-right: 1; }
    #language { width: 18; }
    .row { height: 1; margin-bottom: 1; }
    .row Label { width: 10; }
    .row Select { width: 30; }
    #seats { height: auto; margin-bottom: 1; }
    #error { color: $error; height: auto; }
    #preset-row { margin-bottom: 0; }
    #preset-note { height: auto; margin-bottom: 1; padding-left: 10; color: $text-muted; }
    #start { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", N_("start")),
        Binding("escape", "app.leave", N_("quit")),
    ]

    def __init__(self, setup: Setup, remembered: dict[int, SeatSpec] | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.setup = setup
        self.remembered: dict[int, SeatSpec] = dict(enumerate(setup.seats))
        self.remembered.update(remembered or {})
        self.focus_language = False
        """Focus the language choice when shown (the screen was relabelled from there)."""

    def compose(self) -> ComposeResult:
        setup = self.setup
        players = len(setup.seats)
        with VerticalScroll(id="setup", can_focus=False):
            with Horizontal(id="heading"):
                yield Static(_("Chicken Foot: a new match"), id="title")
                yield Label(_("Language"), id="language-label")
                yield Select(
                    [(language_name(code), code) for code in LANGUAGES],
                    value=language(),
                    allow_blank=False,
                    compact=True,
                    id="language",
                )
            with Horizontal(classes="row"):
                yield Label(_("Players"))
                yield Select[int](
                    self.count_options(players > max(FIRST_COUNTS)),
                    value=players,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
            with Vertical(id="seats"):
                for seat, spec in enumerate(setup.seats):
                    yield SeatRow(seat, spec)
            with Horizontal(classes="row"):
                yield Label(_("Game"))
                yield Select(
                    [(g, g) for g in GAMES],
                    value=setup.game,
                    allow_blank=False,
                    compact=True,
                    id="game",
                )
            with Horizontal(classes="row", id="preset-row"):
                yield Label(_("Preset"))
                yield Select(
                    [(preset_title(p, _), p) for p in PRESETS],
                    value=setup.preset or "classic",
                    allow_blank=False,
                    compact=True,
                    id="preset",
                )
            yield Static(preset_origin(setup.preset or "classic", _), id="preset-note")
            with Horizontal(classes="row"):
                yield Label(_("Length"))
                yield Select(
                    [(length_name(m.value), m.value) for m in MatchLength],
                    value=setup.length,
                    allow_blank=False,
                    compact=True,
                    id="length",
                )
            yield Static(id="error")
            yield Button(_("Start"), variant="primary", id="start", compact=True)
            yield Static(
                _("Tab moves between the choices, Enter starts. You sit in seat 0."),
                classes="hint",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.chickenfoot_only()
        focus = "#language" if self.focus_language else "#start"
        self.query_one(focus).focus()

    def count_options(self, more: bool) -> list[tuple[str, int]]:
        top = max(r.max_players for r in PRESETS.values())
        counts = range(2, top + 1) if more else FIRST_COUNTS
        options = [(str(n), n) for n in counts]
        if not more:
            options.append((_("more…"), MORE))
        return options

    def chickenfoot_only(self) -> None:
        game = game_named(str(self.query_one("#game", Select).value))
        self.query_one("#preset", Select).disabled = not game.presets
        self.query_one("#preset-note", Static).display = bool(game.presets)
        self.query_one("#length", Select).disabled = not game.takes_length

    async def on_select_changed(self, event: Select.Changed) -> None:
        select = event.select
        if event.value != select.value:  # a later change is on its way
            return
        if select.id == "language":
            if event.value != language():
                self.relabel(str(event.value))
        elif select.id == "game":
            self.chickenfoot_only()
        elif select.id == "preset":
            note = self.query_one("#preset-note", Static)
            note.update(preset_origin(str(event.value), _))
        elif select.id == "players":
            value = event.value
            if value == MORE:
                players: Select[int] = self.query_one("#players", Select)
                players.set_options(self.count_options(True))
                players.value = max(FIRST_COUNTS) + 1
                return
            if isinstance(value, int):
                await self.set_players(value)

    async def set_players(self, players: int) -> None:
        """Show ``players`` seats; seats taken away and shown again keep their choices."""
        box = self.query_one("#seats", Vertical)
        rows = list(box.query(SeatRow))
        if len(rows) == players:
            return
        for row in rows:
            self.remembered[row.seat] = row.current()
        await box.remove_children()
        await box.mount_all(
            SeatRow(seat, self.remembered.get(seat, SeatSpec("", DEFAULT_LEVEL)))
            for seat in range(players)
        )

    def chosen(self) -> Setup:
        """The setup as the screen shows it now."""
        setup = self.setup
        return Setup(
            [row.current() for row in self.query(SeatRow)],
            str(self.query_one("#game", Select).value),
            str(self.query_one("#preset", Select).value),
            setup.options,
            str(self.query_one("#length", Select).value),
            setup.seed,
        )

    def relabel(self, code: str) -> None:
        """Speak ``code`` from now on: the screen is shown again in it, with every choice
        kept (a name the screen gave, like "You" or "Player 2", is given in the new
        language)."""
        chosen = self.chosen()
        for row in self.query(SeatRow):
            self.remembered[row.seat] = row.current()
        before = {seat: default_names(seat) for seat in self.remembered}
        set_language(code)
        app = self.app
        if isinstance(app, ChickenfootApp):
            app.relabel_keys()

        def renamed(seat: int, spec: SeatSpec) -> SeatSpec:
            if spec.bot is None and spec.name in before.get(seat, ()):
                return SeatSpec(default_names(seat)[before[seat].index(spec.name)])
            return spec

        chosen.seats = [renamed(seat, spec) for seat, spec in enumerate(chosen.seats)]
        remembered = {seat: renamed(seat, spec) for seat, spec in self.remembered.items()}
        screen = SetupScreen(chosen, remembered)
        screen.focus_language = True
        self.app.switch_screen(screen)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        chosen = self.chosen()
        seats = chosen.seats
        error = self.query_one("#error", Static)
        if any(s.bot is None and s.name.startswith(BOT_PREFIX) for s in seats):
            error.update(_("A person's name cannot start with 'bot:'."))
            return
        try:
            rules = chosen.make_rules(len(seats))
        except ValueError as exc:
            error.update(error_text(exc))
            return
        app = self.app
        assert isinstance(app, ChickenfootApp)
        app.start(seats, rules, chosen.new_seed())


class ChickenfootApp(App[None]):
    """The app: setup, then the table (see the module docstring)."""

    TITLE = "chickenfoot"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "leave", N_("quit"), priority=True, show=False),
        # TRANSLATORS: the key that opens "How to play" from every screen
        Binding("f1,question_mark", "rules", N_("rules"), key_display="F1"),
    ]

    def __init__(
        self,
        *,
        setup: Setup | None = None,
        folder: Path | None = None,
        pace: float = 0.8,
        session: Session | None = None,
        direct: bool = False,
        ask_forced: bool = False,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.setup = setup or Setup()
        self.folder = folder
        self.pace = pace
        self.ask_forced = ask_forced
        self.session = session
        self.direct = direct
        self.resumed = session is not None
        self.guard = Guard()
        """The session's shield (:mod:`chickenfoot.terminal.stops`)."""
        if session is not None:
            session.shield = self.guard

    def on_mount(self) -> None:
        if self.session is not None:
            screen = TableScreen(self.session, self.pace, True, self.ask_forced)
            self.push_screen(screen)
        elif self.direct and self.setup.rules is not None:
            self.start(self.setup.seats, self.setup.rules, self.setup.new_seed())
        else:
            self.push_screen(SetupScreen(self.setup))

    def start(self, seats: list[SeatSpec], rules: AnyRules, seed: int) -> None:
        assert self.folder is not None
        session = Session.new(seats, rules, seed, self.folder)
        session.shield = self.guard
        self.session = session
        screen = TableScreen(self.session, self.pace, ask_forced=self.ask_forced)
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def relabel_keys(self) -> None:
        """Say the app's own keys (F1) in the language spoken now."""
        self._bindings = self._merge_bindings()
        translate_bindings(self)

    def action_rules(self) -> None:
        """How to play (F1, ?): the rules of the table at hand, opened at the rule of the
        move the table refused last, if it refused one."""
        screen = self.screen
        if isinstance(screen, RulesScreen):
            return
        section = getattr(screen, "rule_section", None)
        self.push_screen(RulesScreen(*self.rules_at_hand(), section))

    def rules_at_hand(self) -> tuple[AnyRules, int]:
        """The rules of the match in play, else of the setup as the screen shows it (classic
        while the setup cannot make rules)."""
        if self.session is not None:
            return self.session.rules, self.session.players
        screen = self.screen
        setup = screen.chosen() if isinstance(screen, SetupScreen) else self.setup
        players = len(setup.seats)
        try:
            return setup.make_rules(players), players
        except ValueError:
            return CLASSIC, players

    def action_leave(self) -> None:
        """Quit (q, Ctrl-C): the match is saved first (a save that fails is said by the
        command, once the app has left the screen)."""
        if self.session is not None:
            self.session.save_in_play()
        self.exit()

    def hang_up(self) -> None:
        """The terminal was closed (SIGHUP, in a thread of its own, once the table is not
        changing): save the match (where it belongs, else in a fallback place), say where
        on stderr if it still leads anywhere, and exit at once (129): the screen the app
        would restore on leaving is gone."""
        with self.guard:
            session = self.session
            if session is not None:
                kept = session.keep()
                if kept.problem is not None:
                    tell_fd(2, kept.problem)
                else:
                    text = _("The terminal was closed: the match is saved in {path}")
                    tell_fd(2, text.format(path=kept.path))
            os._exit(HANGUP_EXIT)


def _run(app: ChickenfootApp) -> None:
    """Run the app, SIGHUP handled (:meth:`ChickenfootApp.hang_up`); if it stops on an
    error, the match is saved first, as far as it can be."""
    try:
        with hangups_watched(app.hang_up):
            app.run()
    except BaseException:
        if app.session is not None:
            app.session.save_in_play()
        raise


def run_app(
    setup: Setup, folder: Path, pace: float, direct: bool, ask_forced: bool = False
) -> Session | None:
    """Run the app from the setup screen (or at once, ``direct``); the session played."""
    app = ChickenfootApp(
        setup=setup, folder=folder, pace=pace, direct=direct, ask_forced=ask_forced
    )
    _run(app)
    return app.session


def run_session(session: Session, pace: float, ask_forced: bool = False) -> Session:
    """Run the app on a resumed session."""
    _run(ChickenfootApp(session=session, pace=pace, ask_forced=ask_forced))
    return session


__all__ = ["ChickenfootApp", "Setup", "run_app", "run_session"]
