"""``chickenfoot play``: a match against computer players or friends, in the terminal."""

from __future__ import annotations

import io
import signal
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from chickenfoot.bots import BOTS, LEVELS, known_bots
from chickenfoot.bots.program import ProgramError, command_of, is_program
from chickenfoot.cli import output
from chickenfoot.cli.errors import _fail
from chickenfoot.cli.language import _use_language
from chickenfoot.cli.options import (
    DEFAULT_GAME,
    MAX_SEED,
    GameOption,
    LengthOption,
    OptionsOption,
    PresetOption,
    _check_counts,
    _option_value,
    _players_help,
    _rules,
    takes_length,
)
from chickenfoot.cli.text import _one_line, _short
from chickenfoot.cli.words import _Command
from chickenfoot.core.messages import message
from chickenfoot.core.rules import MatchLength
from chickenfoot.i18n import LANGUAGES, _, message_text
from chickenfoot.play import BOT_PREFIX
from chickenfoot.terminal.session import DEFAULT_LENGTH, DEFAULT_LEVEL, DEFAULT_PLAYERS

app = typer.Typer(add_completion=False)


DEFAULT_PACE = 0.8
"""Seconds between two computer players' moves in the app."""
MAX_PACE = 10.0
MAX_NAME = 24
_PLAY_HELP = "\n\n".join(
    [
        "Play Chicken Foot (or a standard game) against computer players, or with friends at "
        "one screen.",
        "Without --plain: a full-screen app. Without table options it opens on a setup "
        "screen (Enter alone starts you against three medium bots, classic, a single round); "
        "with any of --bots, --players, --length, --game, --preset, -o or --seed it deals at "
        "once. With --plain: lines of text for screen readers, pipes and scripts; before "
        "each of your turns a line 'legal: ...' lists your moves (9-4@0, draw, pass); "
        "type help for the commands.",
        "You sit in seat 0, the bots in the seats after it. The record is saved when the "
        "match ends or you quit (q, Ctrl-C, end of input) in the data folder's matches/ "
        "(--data), and the path is printed; --resume FILE continues it. It is also saved at "
        "every round's end; a save that fails then (a full disk) is said in one line and play "
        "goes on. When the match ends or is left and its record cannot be written where "
        "it belongs, it is saved in the system's temporary folder (else the home folder) and "
        "a line says where, or that nothing could be written.",
        "Exit codes: 0 the match saved (over, or left to be resumed); 1 its record could not "
        "be written where it belongs; 2 a bad command line; 129 the terminal closed (SIGHUP); "
        "130 Ctrl-C or SIGTERM (--plain; in the app Ctrl-C quits); 141 the output closed "
        "(--plain). On a signal or a closed output the match is saved as when it is left.",
        "Examples: chickenfoot play; chickenfoot play --plain --bots expert; "
        "chickenfoot play --bots easy,hard --length full; chickenfoot play --lang nb; "
        "chickenfoot play --resume FILE",
    ]
)


@app.command("play", cls=_Command, help=_PLAY_HELP)
def play_cmd(
    plain: Annotated[
        bool, typer.Option("--plain", help="Lines of text instead of the full-screen app.")
    ] = False,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            metavar="LEVELS",
            show_default=False,
            help="The computer players after you, comma-separated (one per seat), or one "
            f"name for every seat: {', '.join(LEVELS)} (or any bot: {', '.join(BOTS)}, an "
            "installed plug-in, or cmd:PROGRAM, docs/BOT-PROTOCOL.md). "
            f"\\[default: {DEFAULT_LEVEL}]",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            show_default=False,
            help=_players_help(
                f"\\[default: you and one seat per --bots name; {DEFAULT_PLAYERS} for one name]"
            ),
        ),
    ] = None,
    length: LengthOption = None,
    game: GameOption = DEFAULT_GAME,
    preset: PresetOption = None,
    option: OptionsOption = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            "-s",
            metavar="SEED",
            show_default=False,
            help="Deal the match from seed SEED (0 to 2^63-1): the same seed deals the same "
            "tiles. \\[default: a new one each time]",
        ),
    ] = None,
    name: Annotated[
        str, typer.Option("--name", metavar="NAME", help="Your name at the table.")
    ] = "",
    data: Annotated[
        Path | None,
        typer.Option(
            "--data",
            metavar="DIR",
            show_default=False,
            help="The data folder; records are saved in DIR/matches/. \\[default: the "
            "platform's user data folder for chickenfoot]",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE",
            show_default=False,
            help="Continue the unfinished match recorded in FILE, and save it there again.",
        ),
    ] = None,
    pace: Annotated[
        float,
        typer.Option(
            "--pace",
            metavar="SECONDS",
            help="The app: seconds between the computer players' moves (+ and - change it, "
            "space skips ahead).",
        ),
    ] = DEFAULT_PACE,
    ask_forced: Annotated[
        bool,
        typer.Option(
            "--ask-forced",
            help="Wait for your move even when a draw or a pass is the only one you have "
            "(by default such a move is made for you at once, and said).",
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="CODE",
            show_default=False,
            help=f"The language of the game: {', '.join(LANGUAGES)} (English, Norwegian "
            "bokmål, Italian, Dutch, Swedish); moves and commands are typed the same in all. "
            "\\[default: from the locale: LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en]",
        ),
    ] = None,
) -> None:
    from chickenfoot.terminal import session as session_

    _use_language(lang)
    table_options = (bots, players, length, preset, option, seed)
    if not 0 <= pace <= MAX_PACE:
        _fail(
            _("--pace must be 0 to {most:g} seconds, not {pace:g}").format(most=MAX_PACE, pace=pace)
        )
    if name.startswith(BOT_PREFIX) or len(name) > MAX_NAME:
        _fail(
            _("--name: a name of at most {most} characters, not starting with 'bot:'").format(
                most=MAX_NAME
            )
        )
    if resume is not None:
        if any(o is not None for o in table_options) or game != DEFAULT_GAME:
            _fail(
                _(
                    "--resume continues the match as it was set up: leave out --bots, "
                    "--players, --length, --game, --preset, -o and --seed"
                )
            )
        try:
            session = session_.Session.resume(resume)
        except session_.SessionError as exc:
            _fail(_one_line(str(exc)))
        _run_play(session, plain, pace, ask_forced, resumed=True)
        return
    folder = session_.records_folder(data if data is not None else session_.default_data_folder())
    try:
        session_.check_data_folder(folder)
    except session_.SessionError as exc:
        _fail(str(exc))
    seats_count, levels = _play_lineup(bots, players)
    if length is None and takes_length(game):
        length = MatchLength(DEFAULT_LENGTH)
    rules = _rules(game, seats_count, preset, option, length)
    if seed is not None:
        _check_counts(1, seed)
    you = name.strip() or _("You")
    seats = [session_.SeatSpec(you)] + [session_.SeatSpec("", level) for level in levels]
    if plain:
        if seed is None:
            import secrets

            seed = secrets.randbelow(MAX_SEED + 1)
        _run_play(session_.Session.new(seats, rules, seed, folder), plain, pace, ask_forced)
        return
    _check_terminal()
    from chickenfoot.terminal.app import Setup, run_app

    options = {}
    for text in option or []:
        key, _eq, raw = text.partition("=")
        options[key.strip()] = _option_value(key.strip(), raw)
    setup = Setup(
        seats,
        game,
        preset,
        options,
        length.value if length is not None else DEFAULT_LENGTH,
        seed,
        rules,
    )
    direct = any(o is not None for o in table_options) or game != DEFAULT_GAME
    _after_app(run_app(setup, folder, pace, direct, ask_forced))


def _play_lineup(bots: str | None, players: int | None) -> tuple[int, list[str]]:
    """How many seats, and the bot (level) of every seat after the person's."""
    names = [n.strip() for n in (DEFAULT_LEVEL if bots is None else bots).split(",")]
    if any(not n for n in names):
        _fail(
            _("--bots {bots}: a name is missing between the commas").format(
                bots=repr(_short(bots or ""))
            )
        )
    for bot in names:
        if is_program(bot):
            try:
                command_of(bot)
            except ProgramError as exc:
                _fail(f"--bots {exc}")
        elif bot not in known_bots():
            known = ", ".join(known_bots())
            _fail(message_text(message("unknown-bot", name=repr(_short(bot)), known=known)))
    if players is None:
        players = len(names) + 1 if len(names) > 1 else DEFAULT_PLAYERS
    if players < 2:
        _fail(_("--players {players}: a match needs at least 2 players").format(players=players))
    if len(names) == 1:
        names = names * (players - 1)
    elif len(names) != players - 1:
        # TRANSLATORS: {count} is 2 or more (a single name is given to every seat).
        text = _(
            "--bots names {count} bots for {players} players: name one per seat after yours "
            "({seats}), or one name for all of them"
        )
        _fail(text.format(count=len(names), players=players, seats=players - 1))
    return players, names


def _check_terminal() -> None:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        _fail(_("the full-screen app needs a terminal; use --plain for lines of text"))


def _run_play(
    session: Any, plain: bool, pace: float, ask_forced: bool, resumed: bool = False
) -> None:
    if not plain:
        _check_terminal()
        from chickenfoot.terminal.app import run_session

        _after_app(run_session(session, pace, ask_forced))
        return
    from chickenfoot.terminal import stops as stops_
    from chickenfoot.terminal.plain import InputGone, OutputGone, PlainGame

    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    game = PlainGame(session, sys.stdin, sys.stdout, sys.stderr, ask_forced)

    def stop(signum: int) -> None:
        if signum == signal.SIGHUP:
            raise stops_.HangUp
        raise KeyboardInterrupt

    stops = stops_.Stops(stop)
    session.shield = stops
    game.gone = stops.hold
    with stops.installed((signal.SIGINT, signal.SIGTERM, signal.SIGHUP)):
        try:
            try:
                code = game.run(resumed)
            except KeyboardInterrupt:
                text = _("Interrupted: the match is saved in {path}")
                code = game.leave(text, resume=True, code=stops_.INTERRUPTED_EXIT)
        except (stops_.HangUp, InputGone):
            # the terminal is gone: stdout and stderr with it, most likely
            game.leave_quietly(_("The terminal was closed: the match is saved in {path}"))
            stops_.silence(sys.stdout, sys.stderr)
            raise typer.Exit(stops_.HANGUP_EXIT) from None
        except OutputGone:
            game.leave_quietly(_("The output was closed: the match is saved in {path}"))
            stops_.silence(sys.stdout)
            hung_up = stops.hung_up
            raise typer.Exit(stops_.HANGUP_EXIT if hung_up else stops_.OUTPUT_CLOSED_EXIT) from None
    _say_forfeits(session)
    raise typer.Exit(code)


def _say_forfeits(session: Any) -> None:
    """The programs (``cmd:`` bots) that failed during the match, and why."""
    for forfeit in session.forfeits():
        output.err.print(
            _("The program in seat {seat} failed; a stand-in played on. {why}").format(
                seat=forfeit.seat, why=forfeit.describe()
            ),
            markup=False,
            soft_wrap=True,
        )


def _after_app(session: Any) -> None:
    """After the app: where the record is (it saved it), and how to go on; exit 1 if it
    could not be written where it belongs (saying where it went, if anywhere)."""
    if session is None:
        return
    _say_forfeits(session)
    kept = session.keep()
    if kept.problem is not None:
        output.err.print(kept.problem, markup=False, soft_wrap=True)
    path = kept.path
    if path is None:
        raise typer.Exit(1)
    if session.table.is_over:
        output.out.print(
            _("The match is over; its record is saved in {path}").format(path=path),
            markup=False,
            soft_wrap=True,
        )
    else:
        output.out.print(
            _("The match is saved in {path}").format(path=path), markup=False, soft_wrap=True
        )
        output.out.print(
            _("Continue it with: chickenfoot play --resume {path}").format(path=path),
            markup=False,
            soft_wrap=True,
        )
    if kept.problem is not None:
        raise typer.Exit(1)
