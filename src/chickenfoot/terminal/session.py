"""One match played at the terminal: the live table, who sits in each seat, and its record.

Both front ends (the line mode and the Textual app) stand on a :class:`Session`. It holds the
:class:`~chickenfoot.core.table.Table`, the bots of the computer seats (each reads only its
seat's view), and the file the record is saved to. What a person is shown comes from the
table's projections alone (``snapshot``, ``entries``); the whole record is only ever written
to the file, for resuming.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chickenfoot import files
from chickenfoot.bots import Bot, Hint, hints, view_for
from chickenfoot.bots.program import (
    Forfeit,
    ProgramBot,
    ProgramError,
    is_program,
    make_seat_bot,
)
from chickenfoot.core import Action
from chickenfoot.core.games import AnyRules
from chickenfoot.core.table import Table
from chickenfoot.i18n import _, error_text
from chickenfoot.play import BOT_PREFIX, seat_seed
from chickenfoot.terminal.labels import level_name

DEFAULT_PLAYERS = 4
DEFAULT_LEVEL = "medium"
DEFAULT_LENGTH = "single"


class SessionError(ValueError):
    """A match that cannot be started or resumed; the text is one line saying why, in the
    player's language."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat: a person (by name) or a computer player (by bot or level name)."""

    name: str
    bot: str | None = None

    @property
    def record_name(self) -> str:
        return self.name if self.bot is None else f"{BOT_PREFIX}{self.bot}"

    @classmethod
    def from_record_name(cls, name: str) -> SeatSpec:
        if name.startswith(BOT_PREFIX):
            return cls(name, name.removeprefix(BOT_PREFIX))
        return cls(name)


def display_name(spec: SeatSpec, seat: int) -> str:
    """How a seat is named on the screen: a person by name, a bot by seat and level."""
    if spec.bot is None:
        return spec.name
    return _("Bot {seat} ({level})").format(seat=seat, level=level_name(spec.bot))


@dataclass(frozen=True, slots=True)
class Kept:
    """Where the last save of a match put its record."""

    path: Path | None
    """The file the record is in; None if it could not be written anywhere."""
    problem: str | None = None
    """One line, in the player's language, when the record could not be written where it
    belongs: where and why, and where it went instead or that it is lost."""


def fallback_folders() -> list[Path]:
    """Where the record of a match goes when it cannot be written where it belongs (a full
    disk, a folder made read-only): the system's temporary folder (``TMPDIR``), then the
    home folder."""
    found: list[Path] = []
    with contextlib.suppress(OSError):  # no temporary folder can be written
        found.append(Path(tempfile.gettempdir()))
    with contextlib.suppress(RuntimeError, KeyError):  # no home folder
        found.append(Path.home())
    return found


def new_record_path(folder: Path, name: str | None = None) -> Path:
    """A new file name for a match's record in ``folder``: the local time it started (or
    ``name``), with -2, -3... if that is taken."""
    first = Path(name) if name is not None else Path(f"match-{time.strftime('%Y%m%d-%H%M%S')}.json")
    path = folder / first
    k = 2
    while path.exists():
        path = folder / f"{first.stem}-{k}{first.suffix}"
        k += 1
    return path


class Session:
    """A match in play at the terminal (see the module docstring)."""

    def __init__(self, table: Table, path: Path, programs: bool = False) -> None:
        """``programs``: whether seats may be ``cmd:`` programs (never those a record file
        names: a resumed match runs no program)."""
        self.table = table
        self.path = path
        self.seats = [SeatSpec.from_record_name(name) for name in table.players]
        self.bots: dict[int, Bot | ProgramBot] = {}
        for seat, spec in enumerate(self.seats):
            if spec.bot is not None:
                if is_program(spec.bot) and not programs:
                    raise SessionError(
                        _("{bot}: a resumed match runs no program named in its record").format(
                            bot=spec.bot
                        )
                    )
                seed = seat_seed(table.seed, seat)
                try:
                    self.bots[seat] = make_seat_bot(
                        spec.bot, seed, table.match.rules, seat, table.players
                    )
                except ValueError as exc:  # UnknownBotError, said by its code
                    raise SessionError(error_text(exc)) from None
                except ProgramError as exc:
                    raise SessionError(str(exc)) from None
        self.saved_version = -1
        """The table's version when the record was last written to :attr:`path`."""
        self.tried_version = -1
        """The table's version at the last save that failed."""
        self.unsaved: str | None = None
        """One line saying why the last save failed; None after one that worked."""
        self.shield: AbstractContextManager[object] = contextlib.nullcontext()
        """Held while the table changes or its record is written: the command's signal
        handling (:mod:`chickenfoot.terminal.stops`) lets a stop wait until it is done, so
        that the record saved is whole."""

    @classmethod
    def new(cls, seats: Sequence[SeatSpec], rules: AnyRules, seed: int, folder: Path) -> Session:
        """A new match; its record will be saved in ``folder`` (created if missing)."""
        table = Table([s.record_name for s in seats], rules, seed)
        return cls(table, new_record_path(folder), programs=True)

    @classmethod
    def resume(cls, path: Path) -> Session:
        """The unfinished match recorded in ``path``, where it stopped; it is saved there again."""
        try:
            record: Any = files.read_json(path)
            table = Table.from_record(record)
        except ValueError as exc:  # FileProblem, RecordError
            reason = error_text(exc)
            raise SessionError(
                _("cannot resume {path}: {reason}").format(path=path, reason=reason)
            ) from None
        if table.is_over:
            raise SessionError(
                _(
                    "cannot resume {path}: that match is over (chickenfoot replay shows its result)"
                ).format(path=path)
            )
        return cls(table, path)

    # -- seats -----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def persons(self) -> list[int]:
        return [s for s, spec in enumerate(self.seats) if spec.bot is None]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def name(self, seat: int) -> str:
        return display_name(self.seats[seat], seat)

    @property
    def rules(self) -> AnyRules:
        return self.table.match.rules

    # -- acting ----------------------------------------------------------------------------

    def forfeits(self) -> list[Forfeit]:
        """The seats whose program failed: a fallback plays them from then on."""
        bots = self.bots.values()
        return [b.forfeit for b in bots if isinstance(b, ProgramBot) and b.forfeit is not None]

    def bot_action(self, seat: int) -> Action:
        """What the bot in ``seat`` plays now, from its seat's view alone."""
        bot = self.bots[seat]
        return bot.choose(view_for(bot, self.table, seat))

    def play_bot(self) -> bool:
        """If a bot is to act, it acts; whether one did."""
        seat = self.table.turn
        if seat is None or not self.is_bot(seat):
            return False
        self.act(seat, self.bot_action(seat))
        return True

    def act(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action`` at the table (see :attr:`shield`)."""
        with self.shield:
            self.table.act(seat, action)

    def hint(self, seat: int) -> Hint | None:
        """The expert's advice for ``seat`` (its own view), if it is that seat's turn."""
        found = hints(self.table.view(seat), count=1)
        return found[0] if found else None

    # -- the record ------------------------------------------------------------------------

    def save(self) -> Path:
        """Write the whole record (atomically) to :attr:`path`; the path. Raises
        :class:`OSError` if it cannot be written (the file as it was is left)."""
        with self.shield:
            version = self.table.version
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                files.write_json(self.path, self.table.record())
            except OSError as exc:
                self.tried_version = version
                self.unsaved = _("The match could not be saved in {path}: {reason}").format(
                    path=self.path, reason=files.os_reason(exc)
                )
                raise
            self.saved_version = version
            self.unsaved = None
        return self.path

    def save_in_play(self) -> str | None:
        """Save at a round's end, the match going on whatever happens: None if the record is
        written (or this version's save already failed and was said), else one line saying
        where it could not be written and why; the next save tries again."""
        version = self.table.version
        if version in (self.saved_version, self.tried_version):
            return None
        try:
            self.save()
        except OSError:
            assert self.unsaved is not None
            return _(
                "{problem}; play goes on, and saving is tried again at the next round's end "
                "and when you leave"
            ).format(problem=self.unsaved)
        return None

    def keep(self) -> Kept:
        """The last save, when the match ends or is left: the record written where it
        belongs, else in the first of :func:`fallback_folders` that takes it (and saved
        there from then on: :attr:`path`), else nowhere; where it went, and what went
        wrong."""
        if self.saved_version == self.table.version and self.unsaved is None:
            return Kept(self.path)
        try:
            return Kept(self.save())
        except OSError as exc:
            first, reason = self.path, files.os_reason(exc)
        tried = [f"{first}: {reason}"]
        name = f"chickenfoot-{first.name}"
        for folder in fallback_folders():
            if folder == first.parent:
                continue
            self.path = new_record_path(folder, name)
            try:
                self.save()
            except OSError as exc:
                tried.append(f"{self.path}: {files.os_reason(exc)}")
                continue
            text = _(
                "The match could not be saved in {path}: {reason}; it is saved in {place} instead"
            )
            return Kept(self.path, text.format(path=first, reason=reason, place=self.path))
        self.path = first
        self.unsaved = _("The match could not be saved anywhere, and is lost ({tried})").format(
            tried="; ".join(tried)
        )
        return Kept(None, self.unsaved)


def check_data_folder(folder: Path) -> None:
    """Raise :class:`SessionError` unless records can be written into ``folder``."""
    if folder.exists() and not folder.is_dir():
        text = _("cannot save matches in {folder}: it is a file, not a folder")
        raise SessionError(text.format(folder=folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        text = _("cannot save matches in {folder}: {reason}")
        raise SessionError(text.format(folder=folder, reason=files.os_reason(exc))) from None


def default_data_folder() -> Path:
    """The data folder unless ``--data`` names another: the platform's (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("chickenfoot"))


def records_folder(data: Path) -> Path:
    """Where the records of matches played at the terminal are saved in a data folder."""
    return data / "matches"
