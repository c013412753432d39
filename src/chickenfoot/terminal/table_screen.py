"""The Textual app's table: the board, the seats, the hand, and play by keyboard and mouse.

The screen follows the table as a client does: it keeps the snapshot of the seat it shows
(``Table.snapshot``) and applies the log's entries to it one by one
(:func:`chickenfoot.core.projection.advance`), so the computer players' moves appear one at a
time at the chosen pace. A person's choice becomes a core action (``Play``, ``Draw``,
``Pass``) given to ``Table.act``. With several people at the screen, a cover hides the hands
between their turns.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Static

from chickenfoot import files
from chickenfoot.core.actions import Action, Draw, Pass, Play
from chickenfoot.core.messages import CodedError, Message
from chickenfoot.core.projection import advance
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import (
    ActionEntry,
    Entry,
    MatchEndEntry,
    RoundEndEntry,
    Snapshot,
)
from chickenfoot.howto.refusals import tile_refusal, turn_refusal, with_names
from chickenfoot.i18n import N_, _, message_text, ngettext
from chickenfoot.terminal import nouns
from chickenfoot.terminal.board import of_snapshot
from chickenfoot.terminal.describe import (
    Words,
    describe_entry,
    result_line,
    went_out,
)
from chickenfoot.terminal.guide_view import refusal_with_rule
from chickenfoot.terminal.keys import footer_width, translate_bindings
from chickenfoot.terminal.labels import rules_label
from chickenfoot.terminal.render import BoardView, Marks, fresh_tiles, hand_text, seats_text
from chickenfoot.terminal.session import Session

if TYPE_CHECKING:
    from chickenfoot.terminal.review import Review

MAX_PACE = 10.0
PACE_STEP = 0.2
TARGET_KEYS = "123456789"
LOG_LINES = 200


def screenshot_name(title: str, when: datetime) -> str:
    """The file name of a screenshot taken at ``when``: the app's title and the time, with
    the characters a file name may not hold (and spaces) as ``_``."""
    stem = f"{title} {when.isoformat()}"
    for reserved in ' <>:"/\\|?*.':
        stem = stem.replace(reserved, "_")
    return stem + ".svg"


class TableScreen(Screen[None]):
    """The match in play (see the module docstring)."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #top { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; }
    #main { height: 1fr; }
    #board-scroll { width: 1fr; padding: 0 1; }
    #side { width: 32; border-left: solid $primary-darken-2; }
    #seats { height: auto; padding: 0 1; }
    #boneyard { height: auto; padding: 0 1; color: $text-muted; }
    #log-scroll { height: 1fr; background: $surface; }
    #log { padding: 0 1; }
    #message { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    #hand { height: auto; max-height: 4; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # TRANSLATORS: the keys shown at the bottom of the table, ←→ moving between the tiles
        # that may be played: all nine share one line of 80 columns, so keep them short
        Binding("left", "move(-1)", N_("tile"), key_display="←→"),
        Binding("right", "move(1)", "tile", show=False),
        Binding("up", "move(-1)", "", show=False),
        Binding("down", "move(1)", "", show=False),
        Binding("enter", "confirm", N_("play")),
        Binding("escape", "cancel", N_("back"), show=False),
        Binding("d", "choose_action('draw')", N_("draw")),
        Binding("p", "choose_action('pass')", N_("pass")),
        Binding("h", "hint", N_("hint")),
        Binding("space", "skip", N_("skip"), key_display="␣"),
        Binding("plus,equals_sign", "pace(-1)", N_("faster"), key_display="+"),
        Binding("minus", "pace(1)", N_("slower"), key_display="-"),
        Binding("pageup", "scroll_board(-1)", "", show=False),
        Binding("pagedown", "scroll_board(1)", "", show=False),
        Binding("q", "app.leave", N_("quit")),
        Binding("f12", "screenshot", N_("screenshot"), show=False),
        # the footer has no room left for the app's F1: the log says it at the start
        Binding("f1,question_mark", "app.rules", N_("rules"), show=False),
        *[Binding(k, f"pick({i})", "", show=False) for i, k in enumerate(TARGET_KEYS)],
    ]

    def __init__(
        self, session: Session, pace: float, resumed: bool = False, ask_forced: bool = False
    ) -> None:
        """``ask_forced``: wait for the person's key even where a draw or a pass is the only
        legal move (else it is made at once, and said)."""
        super().__init__()
        self.ask_forced = ask_forced
        translate_bindings(self)
        self.session = session
        self.pace = pace
        self.resumed = resumed
        persons = session.persons
        self.hot_seat = len(persons) > 1
        self.holder: int | None = persons[0] if len(persons) == 1 else None
        """The person the screen is shown to (their hand); None while covered."""
        names = [session.name(s) for s in range(session.players)]
        self.words = Words(names, session.rules, None if self.hot_seat else self.holder)
        self.snap: Snapshot = session.table.snapshot(self.holder)
        self.paused = False
        self.skipping = False
        self.timer: Timer | None = None
        self.turn_of: int | None = None
        """The seat whose move the screen waits for (a person's)."""
        self.plays: dict[str, list[int | None]] = {}
        """The viewer's legal plays: tile -> the ids it may be played on."""
        self.choices: list[str] = []
        self.cursor = 0
        self.places: list[int | None] = []
        self.place_cursor = 0
        self.picking = False
        self.message = ""
        self.note = ""
        """What an automatic draw or pass did, said with the next message."""
        self.final_shown = False
        self.log_lines: list[str] = []
        self.rule_section: str | None = None
        """The section of "How to play" that explains the move refused last this turn (the
        help screen opens there)."""

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        with Horizontal(id="main"):
            with VerticalScroll(id="board-scroll", can_focus=False):
                yield Static(id="board")
            with Vertical(id="side"):
                yield Static(id="seats")
                yield Static(id="boneyard")
                with VerticalScroll(id="log-scroll", can_focus=False):
                    yield Static(id="log")
        yield Static(id="message")
        yield Static(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log-scroll", VerticalScroll).anchor()
        self.log_line(_("F1 or ? shows how to play."))
        if self.resumed:
            self.log_line(_("Resumed from {path}.").format(path=self.session.path))
        else:
            for entry in self.session.table.entries(0, self.holder):
                self.log_entry(entry)
        self.pump()

    # -- following the table ---------------------------------------------------------------

    def pump(self) -> None:
        """Show the table's next entry, or let the next player act."""
        table = self.session.table
        while not self.paused:
            if self.snap.v < table.version:
                entry = table.entries(self.snap.v, self.holder)[0]
                self.snap = advance(self.snap, entry)
                self.log_entry(entry)
                if isinstance(entry, RoundEndEntry):
                    self.save()
                    self.show()
                    self.paused = True
                    self.app.push_screen(
                        RoundSummary(entry, self.snap, self.words), lambda _r: self.resume()
                    )
                    return
                if isinstance(entry, MatchEndEntry):  # saved at its last round's end
                    self.show()
                    self.paused = True
                    self.final_shown = True
                    self.app.push_screen(FinalScreen(entry, self.snap, self.words, self.session))
                    return
                if isinstance(entry, ActionEntry) and self.session.is_bot(entry.seat):
                    self.show()
                    self.schedule_next()
                    return
                continue
            self.show()
            if table.is_over:
                return
            seat = table.turn
            assert seat is not None
            if self.session.is_bot(seat):
                self.schedule_next()
                return
            self.skipping = False
            if self.hot_seat and seat != self.holder:
                self.paused = True
                self.holder = None
                self.snap = table.snapshot(None)
                self.show()
                self.app.push_screen(
                    Cover(self.session.name(seat)), lambda _r, s=seat: self.hand_over(s)
                )
                return
            self.start_turn(seat)
            return

    def save(self) -> None:
        """Save at a round's end; if the record cannot be written, the log and a notice say
        where and why, and the match goes on."""
        problem = self.session.save_in_play()
        if problem is not None:
            self.log_line(problem)
            self.app.notify(problem, severity="warning", timeout=15)

    def schedule_next(self) -> None:
        """After a bot's move is shown (or before a bot moves): wait the pace, then go on."""
        if self.timer is not None:
            self.timer.stop()
        delay = 0 if self.skipping else self.pace
        if delay <= 0:
            self.timer = None
            self.call_later(self.step)
        else:
            self.timer = self.set_timer(delay, self.step)

    def step(self) -> None:
        """A bot moves if it is a bot's turn and the screen has shown everything."""
        self.timer = None
        if self.paused:
            return
        table = self.session.table
        if self.snap.v == table.version and not table.is_over:
            self.session.play_bot()
        self.pump()

    def resume(self) -> None:
        self.paused = False
        self.pump()

    def hand_over(self, seat: int) -> None:
        """The cover is lifted: show ``seat``'s hand."""
        self.holder = seat
        self.snap = self.session.table.snapshot(seat)
        self.resume()

    def log_entry(self, entry: Entry) -> None:
        for line in describe_entry(entry, self.words):
            self.log_line(line.strip())

    def log_line(self, line: str) -> None:
        """Add a sentence to the log beside the board (the latest :data:`LOG_LINES` kept)."""
        self.log_lines = [*self.log_lines[-LOG_LINES + 1 :], line]
        self.query_one("#log", Static).update(Text("\n".join(self.log_lines)))

    # -- a person's turn -------------------------------------------------------------------

    def start_turn(self, seat: int) -> None:
        """Wait for ``seat``'s move; a forced draw or pass is made at once, and said (unless
        :attr:`ask_forced`)."""
        legal = self.snap.legal or []
        self.turn_of = seat
        self.picking = False
        self.rule_section = None
        if not self.ask_forced and legal == [{"draw": True}]:
            self.note = _("No tile fits: you drew")
            self.act(Draw())
            return
        if not self.ask_forced and legal == [{"pass": True}]:
            drawn = self._drawn_now()
            if drawn is not None:
                self.note = ""
                self.message = _("No tile fits: you drew {tile}; it does not fit: you passed.")
                self.message = self.message.format(tile=drawn)
            else:
                self.message = _("No tile fits: you passed.")
            self.act(Pass(), keep_message=True)
            return
        plays: dict[str, list[int | None]] = {}
        for action in legal:
            if "play" in action:
                plays.setdefault(action["play"], []).append(action.get("on"))
        order = {tile_id: k for k, tile_id in enumerate(of_snapshot(self.snap).order())}
        for places in plays.values():
            places.sort(key=lambda place: -1 if place is None else order.get(place, place))
        self.plays = plays
        hand = self.snap.hand or []
        self.choices = [t for t in hand if t in plays]
        self.choices += [k for k in ("draw", "pass") if {k: True} in legal]
        self.cursor = 0
        drawn = self._drawn_now()
        if drawn is not None and self.note:
            if len(plays.get(drawn, [])) == 1:
                self.message = _("No tile fits: you drew {tile}; it fits: Enter plays it.")
            else:
                self.message = _("No tile fits: you drew {tile}; it fits: choose where.")
            self.message = self.message.format(tile=drawn)
            if drawn in self.choices:
                self.cursor = self.choices.index(drawn)
        else:
            self.message = self._turn_message(plays)
        self.note = ""
        self.show()

    def _drawn_now(self) -> str | None:
        """The tile this seat drew this turn, if its last action was a draw."""
        history = self.snap.history
        if history and history[-1].seat == self.turn_of and history[-1].drawn is not None:
            return history[-1].drawn
        return None

    def _turn_message(self, plays: dict[str, list[int | None]]) -> str:
        who = (
            _("Your turn")
            if not self.hot_seat
            else _("{who}, your turn").format(who=self.words.who(self.turn_of or 0))
        )
        public = self.snap.public
        if public is not None and public.foot is not None and plays:
            foot = public.foot
            double = next(p.tile for p in self.snap.board if p.id == foot.id)
            return ngettext(
                "{who}: play on the {double} first: it needs {need} more tile with a {number}.",
                "{who}: play on the {double} first: it needs {need} more tiles with a {number}.",
                foot.need,
            ).format(who=who, double=double, need=foot.need, number=foot.number)
        if not plays:
            return _("{who}: choose draw or pass.").format(who=who)
        count = len(plays)
        return ngettext(
            "{who}: {n} tile fits (←→ choose, Enter play, h hint).",
            "{who}: {n} tiles fit (←→ choose, Enter play, h hint).",
            count,
        ).format(who=who, n=count)

    def awaiting(self) -> bool:
        """Is the screen waiting for a person's move?"""
        table = self.session.table
        return (
            not self.paused
            and self.turn_of is not None
            and table.turn == self.turn_of
            and self.snap.v == table.version
            and not table.is_over
        )

    def act(self, action: Action, keep_message: bool = False) -> None:
        seat = self.turn_of
        if seat is None:
            return
        try:
            self.session.act(seat, action)
        except CodedError as exc:  # nothing the screen offers is refused, but say so if it is
            self.refuse(exc.message)
            return
        if not keep_message and not isinstance(action, Draw):
            self.message = ""
        self.turn_of = None
        self.picking = False
        self.choices = []
        self.pump()

    def play_tile(self, tile: str) -> None:
        """The person chose ``tile``: play it, or ask where when it fits in several places."""
        places = self.plays.get(tile, [])
        if len(places) == 1:
            self.act(Play(Tile.parse(tile), places[0]))
            return
        self.places = places
        self.place_cursor = 0
        self.picking = True
        self.message = _("{tile} fits in {n} places: ←→ or 1-{n} choose, Enter plays, Esc back.")
        self.message = self.message.format(tile=tile, n=len(places))
        self.show()

    # -- actions (keys and clicks) ---------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        """A click on a tile of the hand, a place on the board, or draw / pass."""
        meta = event.style.meta
        if "tile" in meta:
            self.action_tile(int(meta["tile"]))
        elif "place" in meta:
            self.action_place(int(meta["place"]))
        elif "choose" in meta:
            self.action_choose_action(str(meta["choose"]))

    def refuse(self, refusal: Message) -> None:
        """Say why a move is not allowed, and which section of "How to play" (F1) explains
        the rule."""
        # TRANSLATORS: {reason} is why a move is refused; {section} a title of "How to play"
        pointer = _("{reason}. See How to play: {section} (F1).")
        tiles = {placed.id: placed.tile for placed in self.snap.board}
        told = with_names(refusal, tiles, self.words.who)
        said, self.rule_section = refusal_with_rule(told, pointer)
        self.message = said[:1].upper() + said[1:]
        self.show()

    def action_move(self, delta: int) -> None:
        if not self.awaiting():
            return
        if self.picking:
            self.place_cursor = (self.place_cursor + delta) % len(self.places)
        elif self.choices:
            self.cursor = (self.cursor + delta) % len(self.choices)
        self.show()

    def action_confirm(self) -> None:
        if not self.awaiting() or not self.choices:
            return
        if self.picking:
            tile = self.choices[self.cursor]
            self.act(Play(Tile.parse(tile), self.places[self.place_cursor]))
            return
        choice = self.choices[self.cursor]
        if choice == "draw":
            self.act(Draw())
        elif choice == "pass":
            self.message = _("You passed.")
            self.act(Pass(), keep_message=True)
        else:
            self.play_tile(choice)

    def action_cancel(self) -> None:
        if self.picking:
            self.picking = False
            self.message = self._turn_message(self.plays)
            self.show()

    def action_choose_action(self, kind: str) -> None:
        if not self.awaiting():
            return
        if kind not in self.choices:
            self.refuse(turn_refusal(self.snap, kind))
            return
        self.cursor = self.choices.index(kind)
        self.picking = False
        self.action_confirm()

    def action_tile(self, index: int) -> None:
        """A click on the tile at ``index`` of the hand."""
        hand = self.snap.hand or []
        if not self.awaiting() or not 0 <= index < len(hand):
            return
        tile = hand[index]
        if tile not in self.choices:
            self.refuse(tile_refusal(self.snap, tile))
            return
        self.cursor = self.choices.index(tile)
        self.picking = False
        self.play_tile(tile)

    def action_place(self, tile_id: int) -> None:
        """A click on a place the chosen tile may go (-1: the centre of an empty table)."""
        if not self.awaiting() or not self.picking:
            return
        target = None if tile_id < 0 else tile_id
        if target in self.places:
            self.place_cursor = self.places.index(target)
            self.action_confirm()

    def action_pick(self, index: int) -> None:
        if self.awaiting() and self.picking and index < len(self.places):
            self.place_cursor = index
            self.action_confirm()

    def action_hint(self) -> None:
        if not self.awaiting() or self.turn_of is None:
            return
        hint = self.session.hint(self.turn_of)
        if hint is None:
            return
        action = hint.action
        share = (
            _(" (wins {share:.0%} of the sampled rounds)").format(share=hint.win_share)
            if len(self.snap.legal or []) > 1
            else ""
        )
        if isinstance(action, Play):
            tile = str(action.tile)
            if action.on is None:
                what = _("play {tile}").format(tile=tile)
            else:
                target = next(p.tile for p in self.snap.board if p.id == action.on)
                what = _("play {tile} on the {target}").format(tile=tile, target=target)
            if tile in self.choices:
                self.cursor = self.choices.index(tile)
                self.picking = False
                if len(self.plays.get(tile, [])) > 1:
                    self.places = self.plays[tile]
                    self.place_cursor = self.places.index(action.on)
                    self.picking = True
        else:
            what = _("draw") if isinstance(action, Draw) else _("pass")
            if str(action) in self.choices:
                self.cursor = self.choices.index(str(action))
        self.message = _("Hint: {what}: {reason}{share}. Enter plays it.").format(
            what=what, reason=message_text(hint.reason), share=share
        )
        self.show()

    def action_skip(self) -> None:
        """Let the computer players move at once until a person's turn."""
        self.skipping = True
        if self.timer is not None:
            self.schedule_next()

    def action_pace(self, delta: int) -> None:
        self.pace = round(min(MAX_PACE, max(0.0, self.pace + delta * PACE_STEP)), 1)
        self.show_top()

    def action_scroll_board(self, direction: int) -> None:
        scroll = self.query_one("#board-scroll", VerticalScroll)
        if direction < 0:
            scroll.scroll_page_up()
        else:
            scroll.scroll_page_down()

    # -- drawing ---------------------------------------------------------------------------

    def show(self) -> None:
        if not self.is_mounted:
            return
        self.show_top()
        snap = self.snap
        marks = Marks(fresh=fresh_tiles(snap))
        chosen: str | None = None
        if self.awaiting() and self.choices:
            chosen = self.choices[self.cursor]
            places = self.places if self.picking else self.plays.get(chosen, [])
            marks.targets = {
                place: TARGET_KEYS[i] if i < len(TARGET_KEYS) else "·"
                for i, place in enumerate(places)
            }
            marks.picking = self.picking
            marks.tile = chosen if chosen not in ("draw", "pass") else None
            marks.picked = self.places[self.place_cursor] if self.picking else None
        board = BoardView(of_snapshot(snap), marks)
        self.query_one("#board", Static).update(board)
        if marks.targets:
            place = marks.picked if marks.picking else next(iter(marks.targets))
            self.call_after_refresh(self.scroll_to_place, board, place)
        seats = self.query_one("#seats", Static)
        width = seats.content_region.width or 24
        seats.update(seats_text(snap, self.words, width))
        self.query_one("#boneyard", Static).update(self.boneyard_text())
        self.query_one("#message", Static).update(self.message_text())
        self.query_one("#hand", Static).update(self.hand())

    def scroll_to_place(self, board: BoardView, place: int | None) -> None:
        """Scroll the board so that the place a tile may go is in sight."""
        scroll = self.query_one("#board-scroll", VerticalScroll)
        row = board.row_of(place, self.query_one("#board", Static).content_region.width)
        if row is None:
            return
        top, height = scroll.scroll_y, scroll.scrollable_content_region.height
        if not top <= row < top + height:
            scroll.scroll_to(y=max(0, row - height // 3), animate=False)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#side").styles.width = 28 if event.size.width < 90 else 34
        self.query_one(Footer).compact = footer_width(self) > event.size.width
        self.call_after_refresh(self.show)

    def action_screenshot(self) -> None:
        """Save an SVG picture of the screen beside the records (for a bug report), written
        atomically; if it cannot be written (a full disk), say so in one line."""
        path = self.session.path.parent / screenshot_name(self.app.title, datetime.now())
        try:
            path.parent.mkdir(parents=True, exist_ok=True)  # before the match's first save
            files.write_text(path, self.app.export_screenshot())
        except OSError as exc:
            text = _("Cannot save the screenshot {path}: {reason}")
            reason = files.os_reason(exc)
            self.app.notify(text.format(path=path, reason=reason), severity="error", markup=False)
            return
        self.app.notify(_("Screenshot saved in {path}").format(path=path), markup=False)

    def show_top(self) -> None:
        snap = self.snap
        rules = self.session.rules
        game = nouns.game_title(rules.game_name)
        label = rules_label(rules)
        parts = [game if label == game else f"{game} · {label}", self.words.round_name(snap.round)]
        if snap.double is not None:
            parts.append(_("centre {tile}").format(tile=snap.double))
        public = snap.public
        if public is not None and public.ends_total is not None and counts_ends(rules):
            parts.append(_("ends {n}").format(n=public.ends_total))
        pace = _("bots {pace:g} s").format(pace=self.pace)
        self.query_one("#top", Static).update(Text(" · ".join([*parts, pace])))

    def boneyard_text(self) -> Text:
        public = self.snap.public
        if public is None:
            return Text()
        text = _("boneyard {n}").format(n=public.boneyard)
        if public.drawable != public.boneyard:
            text += _(" ({n} drawable)").format(n=public.drawable)
        return Text(text)

    def message_text(self) -> Text:
        if self.holder is None and self.session.persons and not self.session.table.is_over:
            return Text(_("Hands hidden until the next person takes the screen."))
        return Text(self.message)

    def hand(self) -> Text:
        hand = self.snap.hand
        if hand is None:
            return Text(_("(no hand shown)"), style="dim")
        awaiting = self.awaiting()
        playable = set(self.plays) if awaiting else set()
        chosen = self.choices[self.cursor] if awaiting and self.choices else None
        extra = [
            (k, _("Draw") if k == "draw" else _("Pass"))
            for k in ("draw", "pass")
            if awaiting and k in self.choices
        ]
        owner = (
            _("Your tiles")
            if not self.hot_seat
            else _("{who}'s tiles").format(who=self.words.who(self.holder or 0))
        )
        text = Text(f"{owner} ({len(hand)}): ", style="bold")
        text.append_text(hand_text(hand, playable, chosen, extra))
        return text


def counts_ends(rules: object) -> bool:
    """Do the rules score the count of the ends during play (All Fives)?"""
    scoring = getattr(rules, "play_scoring", None)
    return getattr(scoring, "value", None) == "fives"


# -- between rounds, and the end -------------------------------------------------------------


def score_table(snap: Snapshot, words: Words) -> RichTable:
    """Every seat's points round by round, and its total."""
    table = RichTable(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    table.add_column(_("seat"))
    rounds = snap.round_points
    shown = rounds[-12:]
    first = len(rounds) - len(shown) + 1
    for k in range(first, len(rounds) + 1):
        table.add_column(str(k), justify="right")
    table.add_column(_("total"), justify="right", style="bold")
    for seat in range(len(words.names)):
        table.add_row(words.who(seat), *(str(p[seat]) for p in shown), str(snap.totals[seat]))
    return table


class RoundSummary(ModalScreen[None]):
    """A round (hand) is over: how, every hand shown, points, and the scores so far."""

    DEFAULT_CSS = """
    RoundSummary { align: center middle; }
    #summary { width: 90%; max-width: 100; height: auto; max-height: 95%;
               border: thick $primary; background: $surface; padding: 0 1;
               overflow-y: auto; scrollbar-size-vertical: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", N_("continue")),
        Binding("q", "app.leave", N_("quit")),
        Binding("up", "scroll(-1)", "", show=False),
        Binding("down", "scroll(1)", "", show=False),
        Binding("pageup", "scroll(-10)", "", show=False),
        Binding("pagedown", "scroll(10)", "", show=False),
    ]

    def __init__(self, entry: RoundEndEntry, snap: Snapshot, words: Words) -> None:
        super().__init__()
        translate_bindings(self)
        self.entry = entry
        self.snap = snap
        self.words = words

    def compose(self) -> ComposeResult:
        with Vertical(id="summary"):
            yield Static(self.body())
        yield Footer()

    def body(self) -> RichTable:
        entry, words = self.entry, self.words
        out = went_out(entry)
        name = words.round_name(self.snap.round)
        if out:
            title = _("{round} is over: {who} went out.").format(
                round=name, who=words.seats_list(out)
            )
        else:
            title = _("{round} is over: blocked, nobody can play.").format(round=name)
        grid = RichTable.grid(padding=(0, 0))
        grid.add_row(Text(title, style="bold"))
        hands = RichTable(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
        hands.add_column(_("seat"))
        hands.add_column(_("tiles left"))
        hands.add_column(_("points"), justify="right")
        hands.add_column(_("total"), justify="right")
        for seat, held in enumerate(entry.hands):
            hands.add_row(
                words.who(seat),
                words.tiles_with_points(held),
                str(entry.points[seat]),
                str(entry.totals[seat]),
            )
        grid.add_row(hands)
        if len(self.snap.round_points) > 1:
            grid.add_row("")
            grid.add_row(Text(_("Scores by round"), style="bold"))
            grid.add_row(score_table(self.snap, words))
        grid.add_row(Text(_("Press Enter to continue."), style="dim"))
        return grid

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, rows: int) -> None:
        box = self.query_one("#summary")
        box.scroll_to(y=box.scroll_y + rows, animate=False)


class FinalScreen(Screen[None]):
    """The match is over: who won (ties as the rules decide), the scores, the record; ``r``
    (or the button) opens the review of the match (:mod:`chickenfoot.terminal.review`)."""

    DEFAULT_CSS = """
    FinalScreen { align: center middle; }
    #final { width: 90%; max-width: 100; height: auto; max-height: 95%;
             border: thick $success; padding: 0 1; overflow-y: auto; scrollbar-size-vertical: 1; }
    #final-buttons { height: 1; margin-top: 1; }
    #final-buttons Button { margin-right: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,q,escape", "app.leave", N_("leave")),
        # TRANSLATORS: the key that opens the review of the finished match
        Binding("r", "review", N_("review")),
        Binding("up", "scroll(-1)", "", show=False),
        Binding("down", "scroll(1)", "", show=False),
    ]

    def __init__(self, entry: MatchEndEntry, snap: Snapshot, words: Words, session: Session):
        super().__init__()
        translate_bindings(self)
        self.entry = entry
        self.snap = snap
        self.words = words
        self.session = session
        self.review: Review | None = None
        """What has been analysed of the match, kept for the next review."""

    def compose(self) -> ComposeResult:
        with Vertical(id="final"):
            yield Static(self.body())
            with Horizontal(id="final-buttons"):
                # the keys (r, Enter) do what the buttons do: they take no focus, so that
                # Enter always leaves
                yield Button(_("Review the match (r)"), id="review", compact=True)
                yield Button(_("Leave (Enter)"), id="leave", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        for button in self.query(Button):
            button.can_focus = False

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            self.action_review()
        elif event.button.id == "leave":
            await self.run_action("app.leave")

    def action_review(self) -> None:
        """The review of the match: every decision graded by the expert's search."""
        from chickenfoot.terminal.review import Review, ReviewScreen

        if self.review is None:
            self.review = Review.of_session(self.session)
        self.app.push_screen(ReviewScreen(self.review))

    def body(self) -> RichTable:
        grid = RichTable.grid()
        grid.add_row(
            Text(result_line(self.entry.totals, self.entry.winners, self.words), style="bold")
        )
        grid.add_row("")
        grid.add_row(score_table(self.snap, self.words))
        grid.add_row("")
        unsaved = self.session.unsaved
        saved = _("The record is saved in {path}").format(path=self.session.path)
        grid.add_row(Text(saved if unsaved is None else unsaved))
        grid.add_row(
            Text(_("The review grades every decision with the expert's search."), style="dim")
        )
        return grid

    def action_scroll(self, rows: int) -> None:
        box = self.query_one("#final")
        box.scroll_to(y=box.scroll_y + rows, animate=False)


class Cover(ModalScreen[None]):
    """Hides the table between two people's turns at one screen."""

    DEFAULT_CSS = """
    Cover { align: center middle; background: $background; }
    #cover { width: auto; height: auto; border: thick $accent; padding: 1 4; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", N_("show my tiles")),
        Binding("q", "app.leave", N_("quit")),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.who = name

    def compose(self) -> ComposeResult:
        yield Static(_("Pass to {who}; press Enter.").format(who=self.who), id="cover")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["Cover", "FinalScreen", "RoundSummary", "TableScreen"]
