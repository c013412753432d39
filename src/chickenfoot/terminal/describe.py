"""What happened at the table, in sentences: for the line mode, and the Textual app's log.

Everything here reads a viewer's snapshot or log entries (and the rules, which everybody
knows), never the table itself; every text goes through :func:`chickenfoot.i18n._`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chickenfoot.core.games import AnyRules
from chickenfoot.core.tiles import Tile
from chickenfoot.core.wire import (
    ActionEntry,
    Entry,
    MatchEndEntry,
    RoundEndEntry,
    RoundEntry,
    Snapshot,
)
from chickenfoot.i18n import _, ngettext
from chickenfoot.terminal import nouns
from chickenfoot.terminal.board import Foot, Layout, Line, Shown, of_snapshot


class Words:
    """How seats are named for one reader: ``you`` is the reader's own seat, if any."""

    def __init__(self, names: Sequence[str], rules: AnyRules, you: int | None = None) -> None:
        self.names = list(names)
        self.rules = rules
        self.you = you

    @property
    def texts(self) -> nouns.RoundTexts:
        """The sentences of the game's rounds (hands)."""
        return nouns.texts(self.rules.round_noun)

    def who(self, seat: int) -> str:
        return _("You") if seat == self.you else self.names[seat]

    def rounds(self) -> int | None:
        return self.rules.rounds_per_match(len(self.names))

    def round_name(self, number: int) -> str:
        total = self.rounds()
        texts = self.texts
        if total == 1 and texts.only:
            return texts.only
        if total is None or not texts.numbered_of:
            return texts.numbered.format(n=number)
        return texts.numbered_of.format(n=number, total=total)

    def tile_points(self, tile: str) -> int:
        return self.rules.tile_value(Tile.parse(tile))

    def tiles_with_points(self, tiles: Sequence[str]) -> str:
        """``0-0 (50) 6-3``: a tile whose points are not its pips says what it counts."""
        shown = []
        for tile in tiles:
            value = self.tile_points(tile)
            pips = Tile.parse(tile).pips
            shown.append(tile if value == pips else f"{tile} ({value})")
        return " ".join(shown) or "-"

    def seats_list(self, seats: Sequence[int]) -> str:
        names = [self.who(s) for s in seats]
        if len(names) <= 1:
            return "".join(names)
        return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def action_notation(action: dict[str, Any]) -> str:
    """An action as a move is typed: ``9-4@0``, ``9-9``, ``draw``, ``pass``."""
    if "play" in action:
        on = action.get("on")
        return str(action["play"]) if on is None else f"{action['play']}@{on}"
    return "draw" if "draw" in action else "pass"


def legal_line(legal: Sequence[dict[str, Any]] | None) -> str:
    """``legal: 9-1@0 9-2@0``: the moves a script may send, in the engine's order."""
    return "legal: " + " ".join(action_notation(a) for a in legal or [])


def count_tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


# -- log entries ----------------------------------------------------------------------------


def describe_entry(entry: Entry, words: Words) -> list[str]:
    """One entry of the log in sentences."""
    if isinstance(entry, RoundEntry):
        return [describe_round(entry, words)]
    if isinstance(entry, ActionEntry):
        return [describe_action(entry, words)]
    if isinstance(entry, RoundEndEntry):
        return round_end_lines(entry, words)
    return match_end_lines(entry, words)


def describe_round(entry: RoundEntry, words: Words) -> str:
    name = words.round_name(entry.round)
    you = entry.first == words.you
    if entry.double is not None:
        if entry.board:
            text = (
                _("{round}: {double} in the centre; you start.")
                if you
                else _("{round}: {double} in the centre; {who} starts.")
            )
        else:
            text = (
                _("{round}: the round's double is {double}; you start.")
                if you
                else _("{round}: the round's double is {double}; {who} starts.")
            )
        return text.format(round=name, double=entry.double, who=words.who(entry.first))
    text = _("{round}: you lead.") if you else _("{round}: {who} leads.")
    return text.format(round=name, who=words.who(entry.first))


def describe_action(entry: ActionEntry, words: Words) -> str:
    """``Bot 1 (medium) plays 9-4 on the 9-9: 10 tiles left.`` (never a tile's id: each tile
    of a set is the only one with its numbers)."""
    seat = entry.seat
    you = seat == words.you
    action = entry.action
    left = entry.public.hand_sizes[seat]
    if "play" in action:
        tile = action["play"]
        if action.get("on") is None:
            texts = words.texts
            text = texts.first_play_yours if you else texts.first_play
            sentence = text.format(who=words.who(seat), tile=tile)
        else:
            target = entry.changed[0].tile if entry.changed else "?"
            text = (
                _("You play {tile} on the {target}")
                if you
                else _("{who} plays {tile} on the {target}")
            )
            sentence = text.format(who=words.who(seat), tile=tile, target=target)
        if entry.score:
            sentence += _(", scoring {score}").format(score=entry.score)
        foot = entry.public.foot
        placed = entry.placed
        if foot is not None and placed is not None and foot.id == placed.id:
            sentence += _(": a new foot, {need} toes of {number} needed;").format(
                need=foot.need, number=foot.number
            )
            return sentence + _(" {left}.").format(left=_left(left))
        return sentence + _(": {left}.").format(left=_left(left))
    if "draw" in action:
        if you and entry.drawn is not None:
            fits = any("play" in a for a in entry.legal or [])
            if fits:
                return _("You draw {tile}: it fits.").format(tile=entry.drawn)
            return _("You draw {tile}: it does not fit.").format(tile=entry.drawn)
        return _("{who} draws a tile: {left}, {boneyard} in the boneyard.").format(
            who=words.who(seat), left=_left(left), boneyard=entry.public.boneyard
        )
    return (_("You pass.") if you else _("{who} passes.")).format(who=words.who(seat))


def _left(n: int) -> str:
    return ngettext("{n} tile left", "{n} tiles left", n).format(n=n)


def went_out(entry: RoundEndEntry) -> list[int]:
    """The seats that laid down their last tile."""
    return [s for s, hand in enumerate(entry.hands) if not hand] if entry.end == "out" else []


def round_end_lines(entry: RoundEndEntry, words: Words) -> list[str]:
    out = went_out(entry)
    first = words.texts.out.format(who=words.seats_list(out)) if out else words.texts.blocked
    lines = [first]
    for seat, hand in enumerate(entry.hands):
        lines.append(
            _("  {who}: {points} points (total {total}); held {tiles}").format(
                who=words.who(seat),
                points=entry.points[seat],
                total=entry.totals[seat],
                tiles=words.tiles_with_points(hand),
            )
        )
    return lines


def match_end_lines(entry: MatchEndEntry, words: Words) -> list[str]:
    return [result_line(entry.totals, entry.winners, words)] + [
        _("  {who}: {total}").format(who=words.who(s), total=t) for s, t in enumerate(entry.totals)
    ]


def result_line(totals: Sequence[int], winners: Sequence[int], words: Words) -> str:
    """Who won the match, and with what; ties as the rules decided them."""
    best = totals[winners[0]] if winners else 0
    tied = [s for s, t in enumerate(totals) if t == best]
    partners = _partners(words.rules, winners)
    if len(winners) == 1:
        text = _("The match is over: {who} won with {total} points.")
        if winners[0] == words.you:
            text = _("The match is over: you won with {total} points.")
        line = text.format(who=words.who(winners[0]), total=best)
        if len(tied) > 1:
            line += " " + _("(tied on {total} with {others}; the tie-break decided)").format(
                total=best, others=words.seats_list([s for s in tied if s != winners[0]])
            )
        return line
    if partners:
        return _("The match is over: partners {who} won with {total} points.").format(
            who=words.seats_list(winners), total=best
        )
    return _("The match is over: a draw between {who}, on {total} points each.").format(
        who=words.seats_list(winners), total=best
    )


def _partners(rules: AnyRules, winners: Sequence[int]) -> bool:
    return len(winners) > 1 and len({rules.side_of(seat) for seat in winners}) == 1


# -- the state ------------------------------------------------------------------------------


def board_lines(board: Layout) -> list[str]:
    """The board, a line of text per line of tiles (see :mod:`chickenfoot.terminal.board`)."""
    if board.empty:
        return [_("nothing on the table yet")]
    if board.centre is not None:
        centre = board.centre
        head = _("centre {tile} (tile {id})").format(tile=centre.tile.tile, id=centre.tile.id)
        return [head + _need(centre), *_foot_lines(centre, "  ", _("line"))]
    lines = [_("line: {tiles}").format(tiles=" ".join(_oriented(t) for t in board.line))]
    ends = [(t.id, n) for t in board.line for n in t.open]
    if ends:
        lines.append(
            _("open ends: {ends}").format(
                ends=", ".join(_("{n} (tile {id})").format(n=n, id=i) for i, n in ends)
            )
        )
    if board.spinner is not None and board.arms:
        lines.append(
            _("spinner {tile} (tile {id}):").format(tile=board.spinner.tile, id=board.spinner.id)
        )
        for k, arm in enumerate(board.arms, start=1):
            lines.append("  " + _("arm {k}: {line}").format(k=k, line=_line_text(arm)))
    return lines


def _foot_lines(foot: Foot, indent: str, noun: str) -> list[str]:
    lines = []
    for k, line in enumerate(foot.lines, start=1):
        lines.append(f"{indent}{noun} {k}: {_line_text(line)}")
        if line.foot is not None:
            lines += _foot_lines(line.foot, indent + "  ", _("toe"))
    return lines


def _line_text(line: Line) -> str:
    parts = [_oriented(t) for t in line.tiles]
    last = line.tiles[-1] if line.tiles else None
    if line.foot is not None:
        foot = line.foot.tile
        parts.append(_oriented(foot))
        parts.append(
            _("(tile {id}: a foot{need})").format(id=foot.id, need=_need(line.foot, short=True))
        )
    elif last is not None and last.open:
        parts.append(
            _("(tile {id} open: {ends})").format(id=last.id, ends=" ".join(map(str, last.open)))
        )
    return " ".join(parts)


def _need(foot: Foot, short: bool = False) -> str:
    if not foot.need:
        return ""
    text = ngettext(
        "{need} more toe of {number} needed", "{need} more toes of {number} needed", foot.need
    ).format(need=foot.need, number=foot.tile.far)
    return (", " if short else ": ") + text


def _oriented(tile: Shown) -> str:
    return f"{tile.near}-{tile.far}"


def seat_lines(snapshot: Snapshot, words: Words) -> list[str]:
    """Every seat's tiles in hand and total, whose turn it is, and the boneyard."""
    public = snapshot.public
    if public is None:
        return []
    parts = []
    for seat, size in enumerate(public.hand_sizes):
        mark = _(" (to play)") if seat == public.turn and snapshot.end is None else ""
        parts.append(
            _("{who}{mark}: {tiles}, total {total}").format(
                who=words.who(seat), mark=mark, tiles=count_tiles(size), total=snapshot.totals[seat]
            )
        )
    boneyard = _("boneyard: {n}").format(n=public.boneyard)
    if public.drawable != public.boneyard:
        boneyard += _(" ({n} may be drawn)").format(n=public.drawable)
    return [*parts, boneyard]


def state_lines(snapshot: Snapshot, words: Words) -> list[str]:
    """The table as the viewer sees it: the round, the board, the seats, the viewer's hand."""
    lines = [f"-- {words.round_name(snapshot.round)} --"]
    scoring = getattr(words.rules, "play_scoring", None)
    public = snapshot.public
    if public is not None and public.ends_total is not None and scoring == "fives":
        lines.append(_("the ends count {n}").format(n=public.ends_total))
    lines += board_lines(of_snapshot(snapshot))
    lines += seat_lines(snapshot, words)
    if snapshot.hand is not None:
        owner = (
            _("your hand")
            if snapshot.viewer == words.you
            else _("{who}'s hand").format(who=words.who(snapshot.viewer or 0))
        )
        lines.append(f"{owner}: {' '.join(snapshot.hand) or '-'}")
    return lines


__all__ = [
    "Words",
    "action_notation",
    "board_lines",
    "describe_entry",
    "legal_line",
    "result_line",
    "state_lines",
]
