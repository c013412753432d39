"""One match played at the terminal: the live table, who sits in each seat, and its record.

Both front ends (the line mode and the Textual app) stand on a :class:`Session`. It holds the
:class:`~chickenfoot.core.table.Table`, the bots of the computer seats (each reads only its
seat's view), and the file the record is saved to. What a person is shown comes from the
table's projections alone (``snapshot``, ``entries``); the whole record is only ever written
to the file, for resuming.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
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


def new_record_path(folder: Path) -> Path:
    """A new file name for a match's record in ``folder``: the local time it started."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"match-{stamp}.json"
    k = 2
    while path.exists():
        path = folder / f"match-{stamp}-{k}.json"
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
        self.table.act(seat, self.bot_action(seat))
        return True

    def hint(self, seat: int) -> Hint | None:
        """The expert's advice for ``seat`` (its own view), if it is that seat's turn."""
        found = hints(self.table.view(seat), count=1)
        return found[0] if found else None

    # -- the record ------------------------------------------------------------------------

    def save(self) -> Path:
        """Write the whole record (atomically) to :attr:`path`; the path."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        files.write_json(self.path, self.table.record())
        self.saved_version = self.table.version
        return self.path


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
