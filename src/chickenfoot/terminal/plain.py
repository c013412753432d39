"""``chickenfoot play --plain``: the match as lines of text, for screen readers, pipes and
scripts.

After every move one line says what happened; before each of a person's turns the table is
printed (the board a line per line of tiles, every seat's tiles and total, the boneyard, the
person's hand) and then one line ``legal: ...`` with every legal move in the notation the
person types (``9-4@0``, ``draw``, ``pass``), so that a script can play; a draw or a pass
that is the only legal move is made at once and said (unless ``ask_forced``). ``help``, ``hint``,
``board`` and ``quit`` are commands; anything else gets one line saying what was expected,
and the match goes on. At every round's end the record is saved (if it cannot be, a line on
stderr says so and the match goes on); at the match's end, at ``quit`` and at the end of the
input it is saved and the path printed (if it cannot be written where it belongs, in the
system's temporary folder: :meth:`~chickenfoot.terminal.session.Session.keep`); after the
match, a person at the keyboard is asked whether to review it (every decision graded,
:mod:`chickenfoot.terminal.review`). An output that goes away (``| head``) raises
:class:`OutputGone`, an input that cannot be read any more (a terminal closed)
:class:`InputGone`.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from typing import TextIO

from chickenfoot.core.actions import Draw, IllegalActionError, Pass
from chickenfoot.core.messages import CodedError
from chickenfoot.core.wire import RoundEndEntry, parse_any_action
from chickenfoot.howto import guide
from chickenfoot.howto.refusals import with_names
from chickenfoot.i18n import _, language, message_text, ngettext, translation
from chickenfoot.terminal import nouns
from chickenfoot.terminal.describe import (
    Words,
    describe_entry,
    legal_line,
    state_lines,
)
from chickenfoot.terminal.guide_view import refusal_with_rule, section_lines
from chickenfoot.terminal.labels import rules_label
from chickenfoot.terminal.session import Kept, Session
from chickenfoot.terminal.stops import UNSAVED_EXIT, tell

MAX_LINE = 10_000
"""Characters of a typed line that are read; the rest of a longer line is ignored."""

COMMANDS = ("help", "hint", "board", "rules", "quit")


def help_lines() -> list[str]:
    return [
        _("Type a move when it is your turn:"),
        _("  9-4@0   play the tile 9-4 on the tile with id 0 (the board names each open end's id)"),
        _("  9-9     place the first tile (a dealt double, a lead)"),
        _("  draw    draw a tile from the boneyard (when no tile fits)"),
        _("  pass    pass (when nothing fits and nothing can be drawn, or a drawn tile is kept)"),
        _("The line 'legal:' before each of your turns lists every move you may make."),
        _("Commands: help (this), hint (the expert's advice), board (the table again),"),
        _("rules (How to play, for this table; rules feet: one section, by its name),"),
        _("quit (save the match and stop; continue later with chickenfoot play --resume FILE)."),
        _("Moves and commands are typed as shown here, in every language."),
    ]


class OutputGone(Exception):
    """The output cannot be written any more: its reader went away (a closed pipe), the
    terminal was closed, or the disk it goes to is full."""


class InputGone(Exception):
    """The input cannot be read any more (an error, not its end): the terminal was
    closed."""


class PlainGame:
    """The line-mode loop over one session (see the module docstring)."""

    def __init__(
        self,
        session: Session,
        stdin: TextIO,
        stdout: TextIO,
        stderr: TextIO | None = None,
        ask_forced: bool = False,
    ) -> None:
        """``ask_forced``: wait for a typed ``draw`` or ``pass`` even where it is the only
        legal move (else such a move is made at once, and said)."""
        self.session = session
        self.ask_forced = ask_forced
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr if stderr is not None else sys.stderr
        self.gone: Callable[[], None] = lambda: None
        """Called when the input or the output is found gone, before the game says so (by
        raising :class:`InputGone` or :class:`OutputGone`)."""
        persons = session.persons
        self.you = persons[0] if len(persons) == 1 else None
        self.viewer = self.you
        names = [session.name(s) for s in range(session.players)]
        self.words = Words(names, session.rules, self.you)
        self.seen = 0
        self.shown_turn = -1
        """The version at which the table was last printed for a person's turn."""

    def say(self, *lines: str) -> None:
        try:
            for line in lines:
                self.stdout.write(line + "\n")
            self.stdout.flush()
        except OSError as exc:
            self.gone()
            raise OutputGone from exc

    def warn(self, line: str) -> None:
        """A problem that does not stop the match, on stderr (if it can be written)."""
        tell(self.stderr, line)

    def run(self, resumed: bool = False) -> int:
        """Play until the match ends or the input does; the exit code: 0, or 1 if the record
        could not be written where it belongs. Raises :class:`OutputGone`."""
        table = self.session.table
        self.intro(resumed)
        if resumed:
            self.seen = table.version
        while True:
            self.show_new_entries()
            if table.is_over:
                code = self.leave(_("The match is over; its record is saved in {path}"))
                self.offer_review()
                return code
            seat = table.turn
            assert seat is not None
            if self.session.is_bot(seat):
                self.session.play_bot()
                continue
            if not self.ask_forced and self.forced(seat):
                continue
            if self.shown_turn != table.version:
                self.show_turn(seat)
            line = self.read()
            if line is None:
                return self.leave(_("End of input: the match is saved in {path}"), resume=True)
            if not self.handle(seat, line):
                return self.leave(_("The match is saved in {path}"), resume=True)

    def intro(self, resumed: bool) -> None:
        session = self.session
        rules = session.rules
        seats = ", ".join(
            _("{name} (seat {seat})").format(name=self.words.who(s), seat=s)
            for s in range(session.players)
        )
        game = nouns.game_title(rules.game_name)
        self.say(
            _("{game} ({rules}), seed {seed}: {seats}.").format(
                game=game, rules=rules_label(rules), seed=session.table.seed, seats=seats
            )
        )
        if resumed:
            self.say(_("Resumed from {path}.").format(path=session.path))
        self.say(
            _("Type help for the commands. The record is saved in {path}").format(path=session.path)
        )

    def show_new_entries(self) -> None:
        table = self.session.table
        if self.seen == table.version:
            return
        for entry in table.entries(self.seen, self.viewer):
            if isinstance(entry, RoundEndEntry) and not table.is_over:  # the last: run saves
                problem = self.session.save_in_play()
                if problem is not None:
                    self.warn(problem)
            self.say(*describe_entry(entry, self.words))
        self.seen = table.version

    def show_turn(self, seat: int) -> None:
        table = self.session.table
        snapshot = table.snapshot(seat)
        self.say(*state_lines(snapshot, self.words))
        if self.you is None:
            self.say(_("{who}'s turn.").format(who=self.words.who(seat)))
        else:
            self.say(_("Your turn."))
        self.say(legal_line(snapshot.legal))
        self.shown_turn = table.version

    def forced(self, seat: int) -> bool:
        """Make ``seat``'s move if a draw or a pass is its only legal one, and say so; False
        where the person has a choice."""
        legal = self._legal(seat)
        if legal == [{"draw": True}]:
            self.say(self._for(seat, _("No tile fits: you draw."), _("No tile fits: {who} draws.")))
            self.session.act(seat, Draw())
            return True
        if legal == [{"pass": True}]:
            self.say(
                self._for(seat, _("Nothing fits: you pass."), _("Nothing fits: {who} passes."))
            )
            self.session.act(seat, Pass())
            return True
        return False

    def _for(self, seat: int, yours: str, theirs: str) -> str:
        """``yours`` where the one person at the keyboard plays, else ``theirs`` with the
        seat's name (several people take turns at it)."""
        return yours if self.you is not None else theirs.format(who=self.words.who(seat))

    def read(self) -> str | None:
        try:
            line = self.stdin.readline(MAX_LINE)
            if not line:
                return None
            if not line.endswith("\n"):  # a longer line: skip the rest of it
                while True:
                    rest = self.stdin.readline(MAX_LINE)
                    if not rest or rest.endswith("\n"):
                        break
        except OSError as exc:
            self.gone()
            raise InputGone from exc
        return line.strip()

    def handle(self, seat: int, text: str) -> bool:
        """Act on one typed line; False to stop (quit)."""
        word = text.lower()
        if word in ("quit", "exit"):
            return False
        if word in ("help", "?"):
            self.say(*help_lines())
            return True
        if word == "rules" or word.startswith("rules "):
            self.rules(word.removeprefix("rules").strip())
            return True
        if word == "board":
            self.say(*state_lines(self.session.table.snapshot(seat), self.words))
            self.say(legal_line(self.session.table.snapshot(seat).legal))
            return True
        if word == "hint":
            hint = self.session.hint(seat)
            if hint is None:
                self.say(_("No hint: it is not your turn."))
            elif len(self._legal(seat) or []) == 1:
                self.say(
                    _("hint: {move}: {reason} (your only legal move)").format(
                        move=hint.action, reason=message_text(hint.reason)
                    )
                )
            else:
                self.say(
                    _("hint: {move}: {reason} (wins {share:.0%} of the sampled rounds)").format(
                        move=hint.action, reason=message_text(hint.reason), share=hint.win_share
                    )
                )
            return True
        if not text:
            self.expected(_("an empty line"))
            return True
        try:
            action = parse_any_action(text)
        except CodedError:
            self.expected(repr(_short(text)))
            return True
        try:
            self.session.act(seat, action)
        except (IllegalActionError, CodedError) as exc:
            # TRANSLATORS: {reason} is why a move is refused, {section} a title of "How to
            # play" and {id} the name of that section that the command rules takes
            pointer = _("{reason}. See How to play: {section} (type rules {id}).")
            board = self.session.table.snapshot(seat).board
            tiles = {placed.id: placed.tile for placed in board}
            told = with_names(exc.message, tiles, self.words.who)
            why, _section = refusal_with_rule(told, pointer)
            self.say(
                _("Not allowed: {why} {legal}").format(why=why, legal=legal_line(self._legal(seat)))
            )
        return True

    def rules(self, section: str) -> None:
        """How to play for this table: every section, or the one named."""
        told = guide(self.session.rules, translation(language()), self.session.players, "plain")
        ids = [s.id for s in told.sections]
        if section and section not in ids:
            self.say(
                _("No section {name}; the sections are: {ids}.").format(
                    name=repr(_short(section)), ids=", ".join(ids)
                )
            )
            return
        for shown in told.sections:
            if not section or shown.id == section:
                self.say(*section_lines(shown, told))

    def _legal(self, seat: int) -> list[dict[str, object]] | None:
        return self.session.table.snapshot(seat).legal

    def expected(self, got: str) -> None:
        # TRANSLATORS: {commands} are the commands, typed the same in every language:
        # "help, hint, board, rules, quit"
        self.say(
            _("Expected a move ({legal}) or {commands}; not {got}.").format(
                legal=" ".join(legal_line(self._legal(self.session.table.turn or 0)).split()[1:]),
                commands=", ".join(COMMANDS),
                got=got,
            )
        )

    def offer_review(self) -> None:
        """After the match: a person at the keyboard is asked whether to review it (every
        decision graded by the expert's search, :mod:`chickenfoot.terminal.review`); a script
        or a pipe is told the command that does it."""
        persons = self.session.persons
        if not persons:
            return
        if not self.stdin.isatty():
            if self.session.saved_version != self.session.table.version:
                return  # the record is nowhere to analyse
            command = f"chickenfoot analyse {shlex.quote(str(self.session.path))}"
            if len(persons) == 1:
                command += f" --seat {persons[0]}"
            self.say(_("Review it with: {command}").format(command=command))
            return
        # TRANSLATORS: y (or the first letter of the word for yes) answers yes
        self.say(_("Review the match? The expert's search grades every decision. [y/N]"))
        answer = self.read()
        if answer is None or not is_yes(answer):
            return
        from chickenfoot.terminal.review import Review, review_lines, workers_for

        review = Review.of_session(self.session)
        points = review.points(review.mine)
        self.say(
            ngettext(
                "Grading {n} decision with the expert's search…",
                "Grading {n} decisions with the expert's search…",
                len(points),
            ).format(n=len(points))
        )
        steps = {max(1, round(len(points) * k / 4)) for k in (1, 2, 3)}

        def progress(done: int, total: int) -> None:
            if done in steps and done < total:
                self.say(_("{done} of {total} graded").format(done=done, total=total))

        try:
            review.keep(review.analyse(points, workers_for(len(points)), progress))
        except KeyboardInterrupt:
            self.say(_("Review stopped."))
            return
        self.say(*review_lines(review, review.mine))

    def leave(self, text: str, resume: bool = False, code: int = 0) -> int:
        """The last save (the match over, or left): where the record is (``text``) and, to
        ``resume`` it, how; a record that could not be written where it belongs said on
        stderr. The exit code: ``code``, or 1 for such a record if ``code`` is 0."""
        kept = self.session.keep()
        if kept.problem is not None:
            self.warn(kept.problem)
        self.said(kept, text, resume)
        return UNSAVED_EXIT if kept.problem is not None and code == 0 else code

    def said(self, kept: Kept, text: str, resume: bool) -> None:
        if kept.path is None:
            return
        self.say(text.format(path=kept.path))
        if resume:
            self.say(_("Continue it with: chickenfoot play --resume {path}").format(path=kept.path))

    def leave_quietly(self, text: str) -> None:
        """The last save when the output is gone: one line on stderr, if it is still there
        (``text``, or what went wrong with the record)."""
        kept = self.session.keep()
        self.warn(kept.problem if kept.problem is not None else text.format(path=kept.path))


def is_yes(answer: str) -> bool:
    """Is ``answer`` yes: y or yes in every language, or the language's word for yes (or its
    first letter)?"""
    word = answer.strip().lower()
    yes = _("yes").lower()
    return bool(word) and word in ("y", "yes", yes, yes[:1])


def _short(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[:most] + "..."
