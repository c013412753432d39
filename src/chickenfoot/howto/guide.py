"""How to play: the rules in the project's own words, section by section, for one table.

:func:`guide` makes the whole text for a set of rules, in the language of a catalogue: each
section has a stable id (:data:`SECTION_IDS`, the anchors of the web page and the names
``--section`` takes) and blocks of text, lists, tables and pictures. Numbers come from the
rules themselves (the deal, the toes, the points), so the text says what the engine plays.
The first section, ``table``, says what the table's rules change from classic, and every
section those changes touch is marked ``changed``. The texts are marked with ``N_`` here and
translated where the guide is made, so the terminal, the command line and the web page read
one catalogue.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

from chickenfoot.core.games import AnyRules
from chickenfoot.core.rules import CLASSIC, PRESETS, MatchLength, RoundDouble, Rules, TieBreak
from chickenfoot.core.standard.rules import GAMES as STANDARD_GAMES
from chickenfoot.core.standard.rules import StandardRules
from chickenfoot.core.tiles import set_size
from chickenfoot.core.wire import Snapshot
from chickenfoot.howto import standard
from chickenfoot.howto.changes import OPTION_SECTIONS, by_players, changed_options, changes
from chickenfoot.howto.listing import PRESET_TITLES
from chickenfoot.howto.positions import Position, positions
from chickenfoot.i18n import N_, message_in

SECTION_IDS = (
    "table",
    "aim",
    "deal",
    "centre-foot",
    "lines",
    "feet",
    "drawing",
    "round-end",
    "scoring",
    "match",
    "starter",
    "presets",
    "standard",
)
"""Every section, in the order the guide gives them: stable, for links and ``--section``."""

TITLES = {
    "table": N_("This table"),
    "aim": N_("The aim"),
    "deal": N_("The set and the deal"),
    "centre-foot": N_("The round's double and the centre foot"),
    "lines": N_("Playing a tile"),
    "feet": N_("Feet"),
    "drawing": N_("Drawing and passing"),
    "round-end": N_("The end of a round"),
    "scoring": N_("Scoring"),
    "match": N_("The match"),
    "starter": N_("Who starts a round"),
    "presets": N_("Presets and options"),
    "standard": N_("The standard games"),
}
GUIDE_TITLE = N_("How to play")
CHANGED_NOTE = N_("changed at this table")
DEFAULT_PLAYERS = 4
"""The table the pictures are played at when the rules name none."""


# -- the blocks of a section -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str


@dataclass(frozen=True, slots=True)
class Items:
    """A list; ``lead`` (if any) introduces it."""

    texts: tuple[str, ...]
    lead: str = ""


@dataclass(frozen=True, slots=True)
class Grid:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Picture:
    """A position of a seeded round, drawn by the front end's own board."""

    position: Position
    caption: str


Block = Paragraph | Items | Grid | Picture


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    blocks: tuple[Block, ...]
    changed: bool = False
    """The table's rules differ from classic in what this section says."""


@dataclass(frozen=True, slots=True)
class Guide:
    title: str
    game: str
    preset: str
    """The Chicken Foot preset, or a standard game's name (its rules' ``preset_name``)."""
    sections: tuple[Section, ...]
    changed_note: str
    """What marks a section the table's rules change."""

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)

    def to_json(self) -> dict[str, Any]:
        """The guide as plain JSON (a picture as its spectator's snapshot: board, public)."""
        return {
            "title": self.title,
            "game": self.game,
            "preset": self.preset,
            "changed_note": self.changed_note,
            "sections": [
                {
                    "id": s.id,
                    "title": s.title,
                    "changed": s.changed,
                    "blocks": [_block_json(b) for b in s.blocks],
                }
                for s in self.sections
            ],
        }


def _block_json(block: Block) -> dict[str, Any]:
    if isinstance(block, Paragraph):
        return {"kind": "paragraph", "text": block.text}
    if isinstance(block, Items):
        return {"kind": "items", "lead": block.lead, "texts": list(block.texts)}
    if isinstance(block, Grid):
        return {"kind": "grid", "header": list(block.header), "rows": [list(r) for r in block.rows]}
    snapshot: Snapshot = block.position.snapshot
    return {
        "kind": "picture",
        "name": block.position.name,
        "caption": block.caption,
        "seed": block.position.seed,
        "players": block.position.players,
        "board": msgspec.to_builtins(snapshot.board),
        "public": msgspec.to_builtins(snapshot.public),
        "shown": snapshot.shown,
    }


# -- the texts ---------------------------------------------------------------------------

TABLE_CLASSIC = N_("This table plays the classic rules: everything below applies as written.")
TABLE_PRESET = N_(
    "This table plays {preset}'s rules. What they change from classic, also marked in the "
    "sections below:"
)
TABLE_CHANGED = N_(
    "This table plays the classic rules with these changes, also marked in the sections below:"
)
TABLE_STANDARD = N_(
    "This table plays {game}, not Chicken Foot: see The standard games. The rest of this page "
    "tells how Chicken Foot is played."
)
Controls = Literal["app", "plain", "web", "print"]
"""Which front end tells How to play: the terminal app, ``play --plain``, the web page, or
``chickenfoot rules --explain`` printing it."""

TABLE_KEYS: dict[str, str] = {
    "app": N_(
        "F1 or ? opens this help from any screen; when a move is refused, the message names "
        "the section that explains why, and F1 opens it there."
    ),
    "plain": N_(
        "Type rules for this help, or rules and a section's name for one section; when a move "
        "is refused, the message names the section that explains why."
    ),
    "web": N_(
        "The table's How to play link opens this page; when a move is refused, its note links "
        "to the section that explains why."
    ),
    "print": N_(
        "At a table this help is at hand: F1 or ? in the terminal app, rules in play --plain, "
        "the How to play link in the browser; a refused move names the section that explains "
        "why."
    ),
}
"""How each front end opens this help, in its own controls."""

AIM = N_(
    "Chicken Foot is a domino game for {low} to {high} players. In each round you try to get "
    "rid of every tile in your hand; what you still hold when the round ends counts against "
    "you. After the last round the lowest total wins."
)
AIM_TILES = N_(
    "A tile has two numbers. A tile with the same number on both halves is a double; a "
    "tile's pips are its two numbers added together."
)

DEAL = N_(
    "The set and the deal depend on the number of players. The tiles are shuffled face down "
    "and dealt; the rest stay face down as the boneyard, which players draw from."
)
DEAL_HEADER = (N_("players"), N_("set"), N_("tiles each"), N_("left in the boneyard"))
DEAL_SET = N_("double-{top}")
DEAL_ASIDE = N_(
    "The round's double is not dealt: it is taken out of the set first (see the next section)."
)
DEAL_DEALT = N_("The round's double is dealt like any other tile, or left in the boneyard.")

CENTRE_ROUNDS = N_(
    "Every round is played on a double of its own: the highest double of the set in the "
    "first round, one lower in each round after, down to 0-0."
)
CENTRE_ASIDE = N_(
    "Before the deal that double is taken out of the set and laid in the middle of the table."
)
CENTRE_DEALT = N_(
    "That double is dealt like any other tile. Whoever holds it opens the round by laying it "
    "in the middle; if nobody holds it, the players draw from the boneyard in turn until it "
    "turns up, and whoever draws it lays it."
)
CENTRE_FOUND = N_(
    "Before the deal the players take turns drawing one tile at a time from the whole set, "
    "face down, until one of them finds that double. It is laid in the middle, the other "
    "tiles drawn go back, and the set is shuffled again and dealt."
)
CENTRE_TOES = N_(
    "Before anything else is played, {toes} tiles carrying the double's number must be laid "
    "against it: the toes of the centre foot. Until the centre has all its toes, the only "
    "tile anyone may play is another toe."
)
CENTRE_TOES_PER_PLAYER = N_(
    "Before anything else is played, the centre needs one toe per player, {toes} at a table "
    "of {players}: tiles carrying the double's number laid against it. Until the centre has "
    "all its toes, the only tile anyone may play is another toe."
)
CENTRE_TOES_BY_PLAYERS = N_(
    "Before anything else is played, the centre needs {toes} toes at a table of {players} "
    "({list}): tiles carrying the double's number laid against it. Until the centre has all "
    "its toes, the only tile anyone may play is another toe."
)
CENTRE_NO_DOUBLE = N_(
    "No toe can be a double: the only double with that number is the one in the middle."
)
CENTRE_PICTURE = N_(
    "The centre foot complete: {double} with its {toes} toes (the first round at a table of "
    "{players})."
)

LINES = N_(
    "Each toe starts a line. On your turn you lay one tile at the open end of any line, with "
    "the matching number touching it; its other number becomes the line's new open end."
)
LINES_MUST = N_(
    "If a tile in your hand fits somewhere, you must play one: you may not draw or pass "
    "instead. Where it fits in several places, you choose."
)

FEET = N_(
    "A double played at the open end of a line closes that line and starts a new foot: "
    "{toes} tiles carrying its number, its toes, must be laid against it before anyone plays "
    "anywhere else. Each toe starts a new line."
)
FEET_ONE = N_(
    "Only one foot waits for toes at a time. A player who cannot add a toe draws or passes, "
    "and play goes round the table until the foot is complete."
)
FEET_PICTURE = N_(
    "A foot waiting for its last toe: the {double} has {have} of its {toes}, and nothing else "
    "may be played until a tile carrying {number} is laid against it (the first round at a "
    "table of {players})."
)

DRAWING = N_("When no tile in your hand fits, you draw the top tile of the boneyard.")
DRAWING_MUST = N_(
    "If the tile you drew fits, you must play it at once; if it does not, your turn passes "
    "to the next player."
)
DRAWING_MAY = N_(
    "If the tile you drew fits, you may play it at once or keep it and pass; if it does not, "
    "your turn passes to the next player."
)
DRAWING_EMPTY = N_(
    "When nothing fits and there is nothing left to draw, you pass. You never draw or pass "
    "while you hold a tile that fits."
)
DRAWING_UNDRAWN = N_("The last tiles of the boneyard are never drawn: {list}.")

ROUND_END = N_(
    "A round ends at once when a player lays down their last tile: they go out. It also ends "
    "when it is blocked: nothing is left to draw and nobody holds a tile that fits."
)
ROUND_END_FOOT = N_(
    "A foot that waits for a number nobody holds any more blocks the round as soon as "
    "nothing is left to draw."
)
BLOCKED_FOOT_PICTURE = N_(
    "A blocked round: the {double} waits for a toe carrying {number}, nothing is left to draw "
    "and nobody holds such a tile. Left in the hands: {hands} (the first round at a table of "
    "{players})."
)
BLOCKED_PICTURE = N_(
    "A blocked round: nothing is left to draw and no tile left in a hand fits an open end. "
    "Left in the hands: {hands} (the first round at a table of {players})."
)
SEAT_TILES = N_("seat {seat}: {tiles}")
NO_TILES = N_("none")

SCORING = N_(
    "When a round ends, every player scores penalty points: the pips of the tiles left in "
    "their hand. A player who went out scores 0. Each round's points are added to the "
    "player's total."
)
SCORING_BLANK = N_("The 0-0 has no pips, but left in a hand it costs {points}.")
SCORING_BLANK_FREE = N_("The 0-0 left in a hand costs nothing: it has no pips.")
SCORING_DOUBLE_OUT = N_("A player who goes out by playing a double scores {points} instead of 0.")

MATCH_FULL = N_(
    "A match has a round for every double of the set, from the highest down to 0-0: {rounds}."
)
MATCH_ROUNDS = N_("{rounds} rounds with a double-{top} set")
MATCH_SHORTER = N_(
    "A shorter match can be chosen when the table is set up: half plays the rounds of the "
    "higher half of the doubles, single plays the first round only."
)
MATCH_LENGTH = {
    MatchLength.FULL: N_("This table plays a full match."),
    MatchLength.HALF: N_("This table plays a half match."),
    MatchLength.SINGLE: N_("This table plays a single round."),
}
MATCH_TARGET = N_(
    "This table plays to a total: after 0-0 the doubles start again from the highest, and "
    "the match ends after the round in which a player's total becomes more than {target}."
)
MATCH_TIE_NONE = N_(
    "At the end the lowest total wins; players who share the lowest total draw the match."
)
MATCH_TIE_ZERO = N_(
    "At the end the lowest total wins. Of players tied on it, the one with the most rounds "
    "scored at 0 wins; if they are still tied, the one whose lowest non-zero round is lower; "
    "players tied on that too draw the match."
)

STARTER_ROTATE = N_(
    "The first seat starts round 1, and each round after is started by the next seat round "
    "the table: round 2 by the second seat, round 3 by the third, and so on."
)
STARTER_DRAW = N_(
    "In round 1, after the deal, each player draws one tile from the boneyard, and whoever "
    "draws the highest starts (the most pips; of equal pips, the tile with the higher "
    "number). The drawn tiles go back into the boneyard. Each round after is started by the "
    "next seat after the one that started the round before."
)
STARTER_DEALT = N_(
    "Whoever holds the round's double starts the round by laying it in the middle, and play "
    "goes on from the next seat. If nobody holds it, the search for it begins with the first "
    "seat in round 1, and with the next seat in each round after."
)
STARTER_FOUND = N_(
    "Whoever finds the round's double in the draw before the deal takes the first turn: a "
    "toe on the centre, or a draw. The draw begins with the first seat in round 1, and with "
    "the next seat in each round after."
)
STARTER_ORDER = N_("Play then goes round the table, seat by seat.")

PRESETS_INTRO = N_(
    "A preset is a named set of house rules; classic is the default. The others change "
    "these rules from classic:"
)
PRESET_LEAD = N_("{preset}:")
PRESETS_OPTIONS = N_(
    "Any single rule can be changed on top of a preset with an option (chickenfoot play -o "
    "NAME=VALUE; chickenfoot rules lists every preset's values):"
)
OPTION_ITEM = N_("{option}: {meaning}")

CHICKENFOOT_CLASSIC = "classic"
STANDARD_NAMES = standard.NAMES


# -- the guide ---------------------------------------------------------------------------


def guide(
    rules: AnyRules,
    catalogue: gettext.NullTranslations,
    players: int | None = None,
    controls: Controls = "app",
) -> Guide:
    """How to play for a table of ``rules`` (at ``players`` seats: the pictures' table),
    in the language of ``catalogue`` (:func:`chickenfoot.i18n.translation`), told by the
    front end ``controls`` (how it opens this help)."""
    say = catalogue.gettext
    standard = not isinstance(rules, Rules)
    chickenfoot = rules if isinstance(rules, Rules) else CLASSIC
    seats = players if players is not None and not standard else DEFAULT_PLAYERS
    seats = min(max(seats, chickenfoot.min_players), chickenfoot.max_players)
    marked = set() if standard else _changed_sections(chickenfoot)
    texts = _Texts(chickenfoot, seats, catalogue, controls)
    made = {
        "table": texts.table(rules),
        "aim": texts.aim(),
        "deal": texts.deal(),
        "centre-foot": texts.centre_foot(),
        "lines": texts.lines(),
        "feet": texts.feet(),
        "drawing": texts.drawing(),
        "round-end": texts.round_end(),
        "scoring": texts.scoring(),
        "match": texts.match(),
        "starter": texts.starter(),
        "presets": texts.presets(),
        "standard": _standard(rules, say),
    }
    order = list(SECTION_IDS)
    if standard:
        order.remove("standard")
        order.insert(1, "standard")
        marked = {"standard"}
    sections = tuple(
        Section(section_id, say(TITLES[section_id]), made[section_id], section_id in marked)
        for section_id in order
    )
    game = rules.game_name
    return Guide(say(GUIDE_TITLE), game, rules.preset_name, sections, say(CHANGED_NOTE))


def _changed_sections(rules: Rules) -> set[str]:
    marked: set[str] = set()
    for option in changed_options(rules):
        marked.update(OPTION_SECTIONS[option])
    return marked


class _Texts:
    """The blocks of each Chicken Foot section for one set of rules."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        catalogue: gettext.NullTranslations,
        controls: Controls = "app",
    ) -> None:
        self.keys = TABLE_KEYS[controls]
        self.rules = rules
        self.players = players
        self.catalogue = catalogue
        self.say = catalogue.gettext
        self.pictures = positions(rules, players)

    def table(self, rules: AnyRules) -> tuple[Block, ...]:
        say = self.say
        if not isinstance(rules, Rules):
            game = say(STANDARD_NAMES[rules.game_name])
            return (Paragraph(say(TABLE_STANDARD).format(game=game)), Paragraph(say(self.keys)))
        found = changes(rules, self.catalogue)
        if not found:
            return (Paragraph(say(TABLE_CLASSIC)), Paragraph(say(self.keys)))
        lead = (
            say(TABLE_PRESET).format(preset=say(PRESET_TITLES[rules.preset]))
            if rules.preset != CHICKENFOOT_CLASSIC
            else say(TABLE_CHANGED)
        )
        return (Items(tuple(text for _name, text in found), lead), Paragraph(say(self.keys)))

    def aim(self) -> tuple[Block, ...]:
        r, say = self.rules, self.say
        return (
            Paragraph(say(AIM).format(low=r.min_players, high=r.max_players)),
            Paragraph(say(AIM_TILES)),
        )

    def deal(self) -> tuple[Block, ...]:
        r, say = self.rules, self.say
        rows = []
        for count in range(r.min_players, r.max_players + 1):
            top = r.set_top(count)
            size = r.hand_size(count)
            besides = set_size(top) - (0 if r.double_dealt else 1)
            rows.append(
                (
                    str(count),
                    say(DEAL_SET).format(top=top),
                    str(size),
                    str(besides - size * count),
                )
            )
        header = tuple(say(text) for text in DEAL_HEADER)
        double = DEAL_DEALT if r.double_dealt else DEAL_ASIDE
        return (Paragraph(say(DEAL)), Grid(header, tuple(rows)), Paragraph(say(double)))

    def centre_foot(self) -> tuple[Block, ...]:
        r, say = self.rules, self.say
        how = {
            RoundDouble.ASIDE: CENTRE_ASIDE,
            RoundDouble.DEALT: CENTRE_DEALT,
            RoundDouble.FOUND: CENTRE_FOUND,
        }[r.round_double]
        blocks: list[Block] = [
            Paragraph(say(CENTRE_ROUNDS) + " " + say(how)),
            Paragraph(self.centre_toes()),
            Paragraph(say(CENTRE_NO_DOUBLE)),
        ]
        position = self.pictures.get("centre-foot")
        if position is not None:
            board = position.snapshot.board
            caption = say(CENTRE_PICTURE).format(
                double=board[0].tile,
                toes=sum(1 for p in board if p.on == 0),
                players=position.players,
            )
            blocks.append(Picture(position, caption))
        return tuple(blocks)

    def centre_toes(self) -> str:
        """The toes the centre needs at this table, and how the number follows the players
        where it does (:meth:`Rules.toes_on_centre`, what the engine asks for)."""
        r, say, seats = self.rules, self.say, self.players
        counts = range(r.min_players, r.max_players + 1)
        toes = r.toes_on_centre(seats)
        if len({r.toes_on_centre(count) for count in counts}) == 1:
            return say(CENTRE_TOES).format(toes=toes)
        if all(r.toes_on_centre(count) == count for count in counts):
            return say(CENTRE_TOES_PER_PLAYER).format(toes=toes, players=seats)
        each = by_players([(count, r.toes_on_centre(count)) for count in counts], counts, say)
        return say(CENTRE_TOES_BY_PLAYERS).format(toes=toes, players=seats, list=each)

    def lines(self) -> tuple[Block, ...]:
        return (Paragraph(self.say(LINES)), Paragraph(self.say(LINES_MUST)))

    def feet(self) -> tuple[Block, ...]:
        r, say = self.rules, self.say
        blocks: list[Block] = [
            Paragraph(say(FEET).format(toes=r.foot_toes)),
            Paragraph(say(FEET_ONE)),
        ]
        position = self.pictures.get("foot-waiting")
        public = position.snapshot.public if position is not None else None
        if position is not None and public is not None and public.foot is not None:
            foot = public.foot
            caption = say(FEET_PICTURE).format(
                double=position.snapshot.board[foot.id].tile,
                have=r.foot_toes - foot.need,
                toes=r.foot_toes,
                number=foot.number,
                players=position.players,
            )
            blocks.append(Picture(position, caption))
        return tuple(blocks)

    def drawing(self) -> tuple[Block, ...]:
        r, say = self.rules, self.say
        blocks: list[Block] = [
            Paragraph(say(DRAWING)),
            Paragraph(say(DRAWING_MUST if r.drawn_tile_must_be_played else DRAWING_MAY)),
            Paragraph(say(DRAWING_EMPTY)),
        ]
        if r.undrawn_by_players:
            players = range(r.min_players, r.max_players + 1)
            kept = by_players(r.undrawn_by_players, players, say)
            blocks.append(Paragraph(say(DRAWING_UNDRAWN).format(list=kept)))
        return tuple(blocks)

    def round_end(self) -> tuple[Block, ...]:
        say = self.say
        blocks: list[Block] = [Paragraph(say(ROUND_END)), Paragraph(say(ROUND_END_FOOT))]
        position = self.pictures.get("blocked")
        if position is not None:
            snapshot = position.snapshot
            hands = "; ".join(
                say(SEAT_TILES).format(seat=seat, tiles=", ".join(held) or say(NO_TILES))
                for seat, held in enumerate(snapshot.shown or [])
            )
            facts = {"hands": hands, "players": position.players}
            foot = snapshot.public.foot if snapshot.public is not None else None
            if foot is not None:
                caption = say(BLOCKED_FOOT_PICTURE).format(
                    double=snapshot.board[foot.id].tile, number=foot.number, **facts
                )
            else:
                caption = say(BLOCKED_PICTURE).format(**facts)
            blocks.append(Picture(position, caption))
        return tuple(blocks)

    def scoring(self) -> tuple[Block, ...]:
        r, say = self.rules, self.say
        blocks: list[Block] = [Paragraph(say(SCORING))]
        if r.double_blank_points:
            blocks.append(Paragraph(say(SCORING_BLANK).format(points=r.double_blank_points)))
        else:
            blocks.append(Paragraph(say(SCORING_BLANK_FREE)))
        if r.double_out_points:
            blocks.append(Paragraph(say(SCORING_DOUBLE_OUT).format(points=r.double_out_points)))
        return tuple(blocks)

    def match(self) -> tuple[Block, ...]:
        r, say = self.rules, self.say
        tops = sorted({top for _players, top in r.set_by_players})
        rounds = ", ".join(
            say(MATCH_ROUNDS).format(rounds=top + 1, top=top)
            for top in tops
            if any(r.set_top(n) == top for n in range(r.min_players, r.max_players + 1))
        )
        blocks: list[Block] = [
            Paragraph(say(MATCH_FULL).format(rounds=rounds)),
            Paragraph(say(MATCH_SHORTER)),
        ]
        if r.target_total:
            blocks.append(Paragraph(say(MATCH_TARGET).format(target=r.target_total)))
        else:
            blocks.append(Paragraph(say(MATCH_LENGTH[r.length])))
        tie = MATCH_TIE_ZERO if r.tie_break is TieBreak.ZERO_ROUNDS else MATCH_TIE_NONE
        blocks.append(Paragraph(say(tie)))
        return tuple(blocks)

    def starter(self) -> tuple[Block, ...]:
        r, say = self.rules, self.say
        if r.round_double is RoundDouble.DEALT:
            text = STARTER_DEALT
        elif r.round_double is RoundDouble.FOUND:
            text = STARTER_FOUND
        elif r.starter_draw_round_one:
            text = STARTER_DRAW
        else:
            text = STARTER_ROTATE
        return (Paragraph(say(text)), Paragraph(say(STARTER_ORDER)))

    def presets(self) -> tuple[Block, ...]:
        say = self.say
        blocks: list[Block] = [Paragraph(say(PRESETS_INTRO))]
        catalogue = self.catalogue
        for name, preset in PRESETS.items():
            if name == CHICKENFOOT_CLASSIC:
                continue
            found = changes(preset, catalogue)
            lead = say(PRESET_LEAD).format(preset=name)
            blocks.append(Items(tuple(text for _option, text in found), lead))
        meanings = tuple(
            say(OPTION_ITEM).format(option=info.name, meaning=message_in(info.message, catalogue))
            for info in CLASSIC.describe_options()
        )
        blocks.append(Items(meanings, say(PRESETS_OPTIONS)))
        return tuple(blocks)


def _standard(rules: AnyRules, say: Callable[[str], str]) -> tuple[Block, ...]:
    """The standard games, each said from its own rules; at a standard game's table its own
    rules first, and partnership play as the table plays it, if it does."""
    table = rules if isinstance(rules, StandardRules) else None
    blocks: list[Block] = []
    if table is not None:
        lead = say(standard.TABLE_LEAD).format(
            game=say(standard.NAMES[table.game_name]), players=table.players, top=table.set_top
        )
        blocks.append(Items(tuple(standard.phrases({table.players: table}, say)), lead))
    games = tuple(standard.game_item(game, say) for game in STANDARD_GAMES)
    blocks.append(Items(games, standard.intro(say)))
    blocks.append(Paragraph(" ".join(standard.partnership(table, say))))
    return tuple(blocks)


__all__ = [
    "SECTION_IDS",
    "Block",
    "Grid",
    "Guide",
    "Items",
    "Paragraph",
    "Picture",
    "Section",
    "guide",
]
