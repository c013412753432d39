"""Bots in any language: a program that reads a line of JSON per decision on its standard
input and answers an action on its standard output (docs/BOT-PROTOCOL.md).

``cmd:./mybot --fast`` in ``--bots`` names one: the command is split as a shell would
(:func:`shlex.split`) but run without one. A program that stops, says nothing within the
time limit, answers anything but a legal action, or cannot be written to, is stopped; its
seat is played by :func:`fallback_action` to the end of the match, and :attr:`ProgramBot.forfeit`
says what happened, with the last lines the program wrote on its standard error.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shlex
import shutil
import subprocess
import threading
import weakref
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import msgspec

from chickenfoot.bots.base import Bot, Limit
from chickenfoot.bots.registry import make_bot
from chickenfoot.core.actions import Action
from chickenfoot.core.games import AnyRules
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import (
    Snapshot,
    WireError,
    action_from_json,
    action_to_json,
    decode_action,
)

PREFIX = "cmd:"
PROTOCOL = "chickenfoot-bot/1"
DEFAULT_SECONDS = 5.0
"""How long a program may take to answer, by default."""
START_SECONDS = 2.0
"""What its first answer may take on top of that (the program starting)."""
MAX_ANSWER_BYTES = 1_000
LAST_WORDS_BYTES = 2_000
"""How much of a program's standard error is kept to show when it fails."""
EXIT_SECONDS = 1.0
"""How long a program has to exit once its input is closed, before it is killed."""


class ProgramError(Exception):
    """A ``cmd:`` bot that names no program that can be run; the message says why."""


def is_program(name: str) -> bool:
    return name.startswith(PREFIX)


def command_of(name: str) -> list[str]:
    """The command line of ``cmd:PROGRAM ARGS``, the program found (on ``PATH`` when its
    name has no ``/``), or :class:`ProgramError`."""
    text = name.removeprefix(PREFIX)
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise ProgramError(f"{name}: {exc}") from None
    if not argv:
        raise ProgramError(f"{name}: name the program to run after cmd:")
    program = argv[0]
    if "/" in program:
        path = Path(program).expanduser()
        if not path.is_file():
            raise ProgramError(f"{name}: there is no program {program}")
        if not os.access(path, os.X_OK):
            raise ProgramError(f"{name}: {program} is not executable (chmod +x {program})")
        found = str(path.resolve())
    else:
        which = shutil.which(program)
        if which is None:
            raise ProgramError(f"{name}: there is no program {program} on PATH")
        found = which
    return [found, *argv[1:]]


@dataclass(frozen=True, slots=True)
class Forfeit:
    """Why a program lost its seat, and when."""

    seat: int
    round: int
    """The round (hand) it failed in, 1-based."""
    reason: str
    last_words: str
    """The end of what it wrote on its standard error."""

    def describe(self) -> str:
        words = " | ".join(line for line in self.last_words.splitlines() if line.strip())
        said = f"; its last words: {words}" if words else "; it wrote nothing on stderr"
        return f"seat {self.seat}, round {self.round}: {self.reason}{said}"


class _Failed(Exception):
    """The program failed; the message says how."""


class ProgramBot:
    """A seat played by a program over the protocol (see the module docstring). The program
    is started at the seat's first decision and stopped by :meth:`close`."""

    reads_table = True

    def __init__(
        self,
        name: str,
        rules: AnyRules,
        seat: int,
        players: list[str],
        seconds: float = DEFAULT_SECONDS,
    ) -> None:
        self.name = name
        self.command = command_of(name)
        self.rules = rules
        self.seat = seat
        self.players = players
        self.seconds = seconds
        self.forfeit: Forfeit | None = None
        self._running: _Running | None = None
        self._answers = 0

    def choose(self, view: Snapshot, limit: Limit | None = None) -> Action:
        if self.forfeit is None:
            try:
                return self._ask(view)
            except _Failed as exc:
                last_words = ""
                if self._running is not None:
                    self._running.stop(at_once=True)  # its stderr is read to the end
                    last_words = self._running.last_words()
                self.forfeit = Forfeit(self.seat, view.round, str(exc), last_words)
        return fallback_action(view)

    def close(self) -> None:
        """Close the program's input and stop it (at once if it does not exit by itself)."""
        if self._running is not None:
            self._running.stop()

    def _ask(self, view: Snapshot) -> Action:
        running = self._running
        if running is None:
            running = self._running = _Running(self.command)
            running.send({"type": "start", **self._start()})
        running.send({"type": "turn", "view": view})
        wait = self.seconds + (START_SECONDS if self._answers == 0 else 0)
        line = running.answer(wait)
        self._answers += 1
        try:
            action = decode_action(line)
        except WireError as exc:
            raise _Failed(f"answered {_quoted(line)}, which is not an action ({exc})") from None
        legal = view.legal or []
        if action_to_json(action) not in legal:
            raise _Failed(f"answered {_quoted(line)}, which is not a legal action now")
        return action

    def _start(self) -> dict[str, Any]:
        return {
            "protocol": PROTOCOL,
            "seat": self.seat,
            "players": self.players,
            "game": self.rules.game_name,
            "rules": {"preset": self.rules.preset_name, "options": self.rules.options()},
            "seconds": self.seconds,
        }


def _quoted(line: bytes) -> str:
    text = line.decode("utf-8", "replace").strip()
    return repr(text if len(text) <= 80 else text[:77] + "...")


def fallback_action(view: Snapshot) -> Action:
    """What a seat whose program failed plays: its heaviest tile, else it draws or passes."""
    plays = view.plays or []
    if plays:
        best = max(plays, key=lambda p: Tile.parse(p.tile).pips)
        return action_from_json({"play": best.tile, "on": best.on[0]})
    legal = view.legal or []
    if not legal:
        raise ValueError("no legal action: it is not this seat's turn")
    return action_from_json(legal[0])


class _Running:
    """One running program: lines to its input, lines from its output as they come, and the
    end of its standard error."""

    def __init__(self, command: list[str]) -> None:
        try:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
        except OSError as exc:
            raise _Failed(f"could not be started: {exc.strerror or exc}") from None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: deque[bytes] = deque()
        self._stderr_size = 0
        self._lock = threading.Lock()
        assert self.process.stdout is not None and self.process.stderr is not None
        self._readers = [
            _daemon(self._read_lines, self.process.stdout),
            _daemon(self._read_stderr, self.process.stderr),
        ]
        self._finalizer = weakref.finalize(self, _end, self.process, self._readers)

    def send(self, message: dict[str, Any]) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(msgspec.json.encode(message) + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError):
            raise _Failed(self._stopped("stopped before it was asked")) from None

    def answer(self, seconds: float) -> bytes:
        try:
            line = self._lines.get(timeout=seconds)
        except queue.Empty:
            raise _Failed(f"gave no answer within {seconds:g} s") from None
        if line is None:
            raise _Failed(self._stopped("stopped without an answer"))
        if len(line) > MAX_ANSWER_BYTES:
            raise _Failed(f"answered a line longer than {MAX_ANSWER_BYTES} bytes")
        return line

    def last_words(self) -> str:
        with self._lock:
            text = b"".join(self._stderr)
        return text[-LAST_WORDS_BYTES:].decode("utf-8", "replace").strip()

    def stop(self, at_once: bool = False) -> None:
        """Close its input, give it :data:`EXIT_SECONDS` to exit (unless ``at_once``), kill
        it if it has not; once its output and standard error are read to the end."""
        stdin = self.process.stdin
        if stdin is not None and not stdin.closed:
            with contextlib.suppress(OSError):
                stdin.close()
        if not at_once:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(EXIT_SECONDS)
        self._finalizer()

    def _stopped(self, what: str) -> str:
        try:
            code = self.process.wait(0.5)
        except subprocess.TimeoutExpired:
            return f"{what} (it closed its output)"
        return f"{what} (exit code {code})"

    def _read_lines(self, stream: IO[bytes]) -> None:
        while True:
            line = stream.readline(MAX_ANSWER_BYTES + 1)
            if not line:
                self._lines.put(None)
                return
            self._lines.put(line)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        while chunk := stream.read1(4096):  # type: ignore[attr-defined]
            with self._lock:
                self._stderr.append(chunk)
                self._stderr_size += len(chunk)
                while self._stderr_size - len(self._stderr[0]) >= LAST_WORDS_BYTES:
                    self._stderr_size -= len(self._stderr.popleft())


def _daemon(target: Any, stream: IO[bytes]) -> threading.Thread:
    thread = threading.Thread(target=target, args=(stream,), daemon=True)
    thread.start()
    return thread


def _end(process: subprocess.Popen[bytes], readers: list[threading.Thread]) -> None:
    """Kill the program if it still runs, and close its pipes once they are read out."""
    if process.poll() is None:
        process.kill()
        process.wait()
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()
    for thread, stream in zip(readers, (process.stdout, process.stderr), strict=True):
        thread.join(EXIT_SECONDS)
        if stream is not None and not thread.is_alive():  # else a child of it holds the pipe
            stream.close()


def make_seat_bot(
    name: str,
    seed: int | str,
    rules: AnyRules,
    seat: int,
    players: list[str],
    seconds: float = DEFAULT_SECONDS,
) -> Bot | ProgramBot:
    """The bot of one seat: a ``cmd:`` program, or a bot of the registry by name."""
    if is_program(name):
        return ProgramBot(name, rules, seat, players, seconds)
    return make_bot(name, seed)
