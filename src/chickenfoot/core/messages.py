"""What the engine says to players: a code with parameters, and its English text.

Front ends translate a :class:`Message` by its code (the parameters are plain strings and
numbers); :data:`ENGLISH` is the catalogue the English text is made from, and the reference
for translators: every code the engine uses is in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Param = str | int | float

ENGLISH: dict[str, str] = {
    # Actions that the rules do not allow now
    "round-over": "the round is over",
    "hand-over": "the hand is over",
    "drawn-already": "seat {seat} has drawn already this turn",
    "must-play": "seat {seat} holds a playable tile and must play",
    "nothing-to-draw": "the boneyard has no tile left to draw",
    "no-drawing": "nobody draws in {game}: seat {seat} passes",
    "must-draw": "seat {seat} must draw before passing",
    "not-held": "seat {seat} does not hold {tile}",
    "place-centre-first": "{tile} must be placed in the centre first",
    "name-target": "{tile} must be played on a tile (name its id)",
    "no-such-tile": "there is no tile {on} on the board",
    "foot-waiting": (
        "the foot on tile {foot} ({double}) needs {need} more toe(s) before anything else is played"
    ),
    "no-open-end": "tile {on} ({target}) has no open end",
    "no-match": "{tile} does not match the {number} of tile {on}",
    "no-match-ends": "{tile} does not match the open {ends} of tile {on}",
    "not-legal-now": "{tile} on tile {on} is not a legal play now",
    "led-already": "the hand has been led: play on a tile (on is its id)",
    "must-lead": "seat {seat} must lead {tile}",
    "lead-first": "nothing is on the table yet: the first tile is a lead",
    "fits-nowhere": "{tile} matches no open end",
    # A table refusing who acts
    "not-your-turn": "it is seat {turn}'s turn, not seat {seat}'s",
    "no-such-seat": "there is no seat {seat} at a table of {players}",
    "spectator-acts": "a spectator cannot act",
    "match-over": "the match is over",
    "no-round": "no round is in play",
    "stale-version": "the table is at version {version}, not {asked}",
    "stale": (
        "the table has moved on since you chose that move, so it was not made: look at the "
        "table again"
    ),
    # The server refusing a request or a message
    "no-such-table": "there is no table {table}",
    "bad-token": "that link is not a seat at this table",
    "bad-invite": "that invite is not for a seat at this table, or a newer one has replaced it",
    "invite-used": (
        "that invite has been used already: ask whoever set up the table for a new one"
    ),
    "no-invite-seat": "seat {seat} is not a person's seat, so it takes no invite",
    "not-open-seat": "seat {seat} is not open to anybody: it is taken with an invite",
    "seat-taken": "somebody has just taken seat {seat}: choose another table",
    "seat-revoked": ("this seat has been given a new invite, so this window no longer holds it"),
    "token-in-url": "a seat's token goes in the socket's first message, never in its address",
    "hello-first": "the first message on a table's socket says who you are (hello): {reason}",
    "bad-request": "not a table the server can set up: {reason}",
    "bad-frame": "not a message the table understands: {reason}",
    "frame-too-large": "a message of {size} bytes is more than the {limit} allowed",
    "too-many-frames": "more than {rate} messages a second: wait a moment",
    "chat-off": "this table's chat takes only the short phrases, not text of your own",
    "chat-too-long": "a chat message is at most {limit} characters, not {length}",
    "chat-empty": "there is nothing to say in that chat message",
    "chat-one-thing": "a chat message is a short phrase or text of your own, one of the two",
    "spectator-rematch": "a spectator cannot ask for a rematch: the players do",
    "rematch-not-over": "a rematch can be asked for once the match is over",
    "spectator-chats": "a spectator reads the chat but does not write in it",
    "spectator-ready": "a spectator has no round's summary to close: the players do",
    "ready-not-ended": "round {round} has not ended, so its summary cannot be closed yet",
    "round-waits": "the next round begins once every player has closed the last one's summary",
    "bad-pace": "the bots' pace is one of {paces}, not {pace}",
    "pace-rated": "a rated table keeps the server's pace for its bots",
    "not-pace-setter": "only whoever set up the table, or its only player, chooses the bots' pace",
    "too-many-lines": "you are writing too fast: wait {wait} seconds before the next message",
    "cross-origin": "a page of another site ({origin}) cannot use this server",
    "not-json": "the server reads JSON (application/json), not {kind}",
    "too-many-tables": "{count} tables made from your address are not over yet: finish one first",
    "too-many-connections": "{limit} connections from your address are open: close one first",
    "too-many-replays": "the server is preparing {limit} replays just now: try again in a moment",
    "name-reserved": "a player's name cannot start with 'bot:'",
    "bad-clock": "a move clock gives each move {low} to {high} seconds",
    "bad-wait": "computer players may take the empty seats after {low} to {high} seconds, or never",
    "seed-for-practice": (
        "a chosen seed is for practice, where at most one person plays (the others are "
        "computer players), not {people} people"
    ),
    "not-creator": "only whoever made the table can do that, in the browser they made it in",
    "table-started": (
        "the table has been dealt already: only a table still waiting can be cancelled"
    ),
    "table-cancelled": "whoever set up this table has cancelled it: it will not be dealt",
    "table-expired": "this table waited too long for its players and has expired: set up a new one",
    # Accounts, and rated tables
    "bad-name": "a name has 1 to {most} characters, none of them invisible",
    "bad-password": "a password has {least} to {most} characters",
    "name-taken": "there is already an account named {name}: choose another name",
    "bad-sign-in": "that name and password are not an account's",
    "too-many-sign-ins": "too many sign-ins that failed: try again in {minutes} minutes",
    "signup-closed": "this server makes no accounts on the page: ask whoever runs it for one",
    "rated-needs-account": "a rated table is for players who are signed in: sign in first",
    "rated-one-seat": "you have a seat at this rated table already",
    "rated-no-seed": "a rated match is dealt by the server: it takes no seed",
    "rated-no-hints": "no hints at a rated table until the match is over",
    "seat-of-another": "this seat is another account's",
    "no-such-player": "there is no account named {name}",
    "table-waiting": "the table waits until every player has joined",
    "record-not-ready": "the match is not over yet: its record comes at its end",
    "no-hint-now": "a hint is given when it is your turn",
    "not-saved": "the action could not be saved, so it did not count: try again",
    "storage-unavailable": (
        "the server cannot reach its database just now, so nothing changed: try again in a moment"
    ),
    "coordination-unavailable": (
        "the server cannot reach the other servers just now, so it cannot open this table: "
        "try again in a moment"
    ),
    "table-unreachable": (
        "the server holding this table does not answer, so nothing changed: try again in a moment"
    ),
    # Actions and views as JSON
    "bad-json": "not JSON: {reason}",
    "bad-action": "not an action: {reason}",
    # Tiles and deals
    "tile-numbers": "tile numbers must be 0..{most}: {tile}",
    "tile-not-text": "a tile is written as a string like '9-3', not {value}",
    "not-a-tile": "not a tile: {value} (write tiles like '9-3')",
    "tile-has-no": "{tile} has no {number}",
    "no-such-set": "sets go from double-0 to double-{most}, not double-{top}",
    "tile-not-in-set": "{tile} is not in the double-{top} set",
    "deal-foreign": "not in the double-{top} set: {tiles}",
    "deal-twice": "dealt more than once: {tiles}",
    "deal-missing": "missing from the deal: {tiles}",
    "hands-for-players": "{hands} hands for {players} players",
    "seat-holds": "seat {seat} holds {count} tiles, the deal is {size}",
    "lot-no-seat": "the lot names seat {lot}, there are {players} seats",
    "lot-missing": "the leader is drawn by lot, but the deal has no lot",
    "no-seat-to-lead": "there is no seat {seat} to lead",
    "lead-not-held": "seat {seat} does not hold {tile} to lead it",
    # Rule options that are unknown, out of range or do not go together
    "unknown-option": "unknown option {names}; known options: {known}",
    "option-choices": "option {option} must be one of {choices}",
    "option-at-least": "option {option}: expected a whole number of at least {limit}",
    "option-at-most": "option {option}: expected a whole number of at most {limit}",
    "option-length": "option {option}: expected a list of length {length}, got {count}",
    "option-type": "option {option}: expected {expected}, got {got}",
    "option-problem": "option {option}: {problem}",
    "rules-problem": "{problem}",
    "unknown-preset": "unknown preset {preset}; known: {known}",
    "unknown-game": "unknown game {game}; known: {known}",
    "presets-of-chickenfoot": (
        "presets ({presets}) are Chicken Foot's; {game} is set up with options"
    ),
    "options-of-preset": "the options are of preset {found}, not {preset}",
    "options-of-game": "the options are of {found}, not of {game}",
    "player-range-empty": (
        "player range {low}..{high} is empty (min_players is more than max_players)"
    ),
    "player-counts-order": "option {option}: name each player count once, smallest first",
    "starter-draw-aside": (
        "starter_draw_round_one decides the start when the round's double is set aside; it "
        "cannot be combined with round_double {round_double}"
    ),
    "deal-too-large": (
        "{players} players: {needed} tiles dealt or kept back, but the double-{top} set has "
        "only {besides} besides the round's double"
    ),
    "kept-back-dealt": (
        "{players} players: tiles kept back cannot be combined with round_double dealt (the "
        "search for the round's double may need them)"
    ),
    "start-draw-boneyard": (
        "{players} players: the draw for the start needs a boneyard tile per player"
    ),
    "too-many-toes": "a double of the double-{top} set has only {top} possible toes",
    "players-out-of-range": "{preset} is played by {low} to {high} players, not {players}",
    "no-set-for": "option set_by_players names no set for {players} players",
    "no-deal-for": "option hand_sizes names no deal for {players} players",
    "partnership-of-four": "partnership play is 2 against 2: it needs 4 players",
    "bergen-partnership": "bergen has no partnership play (pagat describes none)",
    "hands-too-large": (
        "{players} hands of {size} and {undrawn} undrawn tiles need {needed} tiles, the "
        "double-{top} set has {tiles}"
    ),
    "headers-spinner": "headers are scored on a single line: no spinner",
    "needs-target": "{game} scores during play, so it needs a target score",
    "rules-for-players": "the rules are for {players} players, not {count}",
    "finished-rounds": "a finished match has 1, {half} or {full} rounds, not {rounds}",
    # What each rule option means, beside it on a settings screen (option-help.<option>; one
    # entry serves every game with that option)
    "option-help.preset": "The named house rules the others start from.",
    "option-help.game": "The named game whose values the others start from.",
    "option-help.min_players": "The fewest seats at the table.",
    "option-help.max_players": "The most seats at the table.",
    "option-help.players": "Seats at the table.",
    "option-help.set_by_players": (
        "The double-N set by player count: [up to this many players, N] pairs, the smallest "
        "player count first."
    ),
    "option-help.set_top": "N of the double-N set: 6, 9 or 12.",
    "option-help.partnership": "Two sides of two: seats 0 and 2 against 1 and 3 (4 players).",
    "option-help.hand_sizes": "Tiles dealt to each player: [players, tiles each] pairs.",
    "option-help.hand_size": "Tiles dealt to each player.",
    "option-help.centre_toes": (
        "Toes the round's double in the centre needs before anything else."
    ),
    "option-help.centre_toes_per_player": (
        "The centre needs one toe per player, or centre_toes if that is more."
    ),
    "option-help.foot_toes": "Toes a double played later needs before anyone plays elsewhere.",
    "option-help.drawing": "A player who cannot play draws (false: passes).",
    "option-help.drawn_tile_must_be_played": (
        "A drawn tile that fits must be played at once (false: it may be kept)."
    ),
    "option-help.undrawn_by_players": (
        "Boneyard tiles nobody may draw, by player count: [players, tiles] pairs (missing "
        "counts: none)."
    ),
    "option-help.undrawn": ("Boneyard tiles that are never drawn (the boneyard's last ones)."),
    "option-help.double_blank_points": "What the 0-0 left in a hand costs (its pips are 0).",
    "option-help.length": "full: a round per double; half: the first half; single: one.",
    "option-help.round_double": (
        "How the round's double reaches the centre: aside (before the deal), dealt (its "
        "holder places it), found (the seats draw for it before the deal)."
    ),
    "option-help.starter_draw_round_one": (
        "Round 1: after the deal every seat draws a tile from the boneyard and the highest "
        "starts; later rounds rotate from that seat."
    ),
    "option-help.double_out_points": "What a player who goes out by playing a double scores.",
    "option-help.tie_break": (
        "none: a tie on the lowest total is a draw; zero-rounds: most rounds at 0, then the "
        "lowest non-zero round."
    ),
    "option-help.target_total": (
        "If not 0: rounds go on (after 0-0 from the highest double again) until a total is "
        "more than this."
    ),
    "option-help.leader": (
        "Who leads a hand: the holder of the highest or the lowest double, a seat drawn by "
        "lot, or seat (k-1) mod n in hand k."
    ),
    "option-help.lead_deciding_tile": "The leader must lead the tile that made them leader.",
    "option-help.next_leader": (
        "rule: every hand's leader by the leader rule; winner: who went out last hand."
    ),
    "option-help.spinner": "The first double takes tiles on both sides, then on both ends.",
    "option-help.play_scoring": (
        "Points during play: ends totalling a multiple of five, or Bergen's headers."
    ),
    "option-help.near_target_limit": (
        "Bergen: a header scores only 1 within 2 points of the target, 2 within 3."
    ),
    "option-help.out_wins": (
        "Going out wins the hand (false: every hand goes to the lowest pip total)."
    ),
    "option-help.hand_scoring": (
        "The hand's winner scores pips from the other hands, or a fixed bonus."
    ),
    "option-help.blocked_winner": (
        "Who wins a blocked hand: the lowest pips, or first the sides with no double."
    ),
    "option-help.blocked_score": (
        "A blocked hand's winner scores the others' pips minus its own, or theirs."
    ),
    "option-help.round_to": "Hand-end pip scores round to a multiple of this.",
    "option-help.bonus": "What a hand's winner scores with bonus scoring.",
    "option-help.target": ("Hands go on until a side has at least this many points (0: one hand)."),
    # Records that are malformed or say what the rules do not allow (after where: rounds[0])
    "record-not-object": "a record is a JSON object",
    "unknown-format": "unknown format {found} (expected {expected})",
    "game-not-read": "{game} is not a game read here ({games})",
    "player-names": "every player name must be a string",
    "missing-key": "missing key {key}",
    "must-be-list": "{key} must be a list, not {value}",
    "must-be-object": "{key} must be an object, not {value}",
    "must-be-string": "{key} must be a string, not {value}",
    "must-be-whole": "{key} must be a whole number, not {value}",
    "must-be-whole-list": "{key} must be a list of whole numbers, not {value}",
    "options-not-object": "'options' must be an object",
    "record-of-game": "a record of {found}, not of {game}",
    "record-of-preset": "played with preset {found}, not {preset}",
    "preset-of-game": "the preset of a {game} record is {expected}, not {preset}",
    "options-players": "the options say {options} players, the record names {players}",
    "sides-wrong": "the sides are {sides}, not {found}",
    "resume-no-seed": "a match is resumed from its seed, and this record has none",
    "rounds-full": "{rounds} rounds, but a full match has {count}",
    "rounds-half": "{rounds} rounds, but a half match has {count}",
    "rounds-single": "{rounds} rounds, but a single match has {count}",
    "round-not-object": "a round is a JSON object",
    "hand-not-object": "a hand is a JSON object",
    "match-over-after-one": "the match was over after 1 round",
    "match-over-after": "the match was over after {count} rounds",
    "game-over-after-one": "the game was over after 1 hand",
    "game-over-after": "the game was over after {count} hands",
    "round-double-wrong": "round {round} is played with {expected}, not {double}",
    "round-first-wrong": "round {round} starts with seat {expected}, not {first}",
    "double-set-aside": "the round's double {double} is set aside, not dealt",
    "start-draw-none": "nobody draws for the start of this round",
    "start-draw-form": "a draw for the start is {form}",
    "start-draw-twice": "drawn more than once: {tiles}",
    "start-draw-until": "the seats draw until one finds {double}",
    "start-draw-stops": "the drawing stops when {double} is found",
    "start-draw-each": "each of the {seats} seats draws one tile",
    "start-draw-outside": "{tile} is drawn from the boneyard, where it is not",
    "start-draw-turns": "the seats draw in turn: {expected}, not {found}",
    "no-seat": "there is no seat {seat}",
    "leader-wrong": "seat {expected} leads hand {hand}, not seat {first}",
    "hand-not-list": "a hand is a list of tiles",
    "hand-size-wrong": "{count} tiles dealt, the deal is {size} each",
    "tile-not-string": "a tile is a string like '{top}-3', not {value}",
    "action-not-object": "an action is a JSON object",
    "action-kinds": "an action has exactly one of 'play', 'draw' or 'pass'",
    "on-not-id": "'on' must be a tile id or null, not {value}",
    "next-tile-wrong": "the next boneyard tile is {upcoming}, not {tile}",
    "pass-not-true": "'pass' must be true",
    "score-wrong": "the play scores {score}, not {found}",
    "round-ended-already": "the round already ended ({end})",
    "hand-ended-already": "the hand already ended ({end})",
    "round-end-early": "the round has not ended, but 'end' says {found}",
    "hand-end-early": "the hand has not ended, but 'end' says {found}",
    "round-end-wrong": "the round ended {end}, not {found}",
    "hand-end-wrong": "the hand ended {end}, not {found}",
    "round-end-missing": "the round ended ({end}) but 'end' is missing",
    "hand-end-missing": "the hand ended ({end}) but 'end' is missing",
    "round-points-early": "the round has not ended, so it has no 'points' yet",
    "hand-points-early": "the hand has not ended, so it has no 'points' yet",
    "round-not-last": "only the last round may still be in play",
    "hand-not-last": "only the last hand may still be in play",
    "points-wrong": "points are {points}, not {found}",
    "totals-wrong": "totals are {totals}, not {found}",
    "winners-wrong": "winners are {winners}, not {found}",
    "winners-early": "the match is not over, so it has no winners yet",
    "winners-missing": "the match is over but 'winners' is missing",
    # The recorded action a record's error is about (before the reason: seat 0 draws: ...)
    "seat-plays": "seat {seat} plays {tile} on tile {on}",
    "seat-places": "seat {seat} places {tile}",
    "seat-leads": "seat {seat} leads {tile}",
    "seat-draws": "seat {seat} draws",
    "seat-passes": "seat {seat} passes",
    # Hints
    "hint-draw": "no tile fits: draw one",
    "hint-pass-drawn": "the drawn tile does not fit: pass",
    "hint-keep-drawn": "keep the drawn tile: pass",
    "hint-pass-empty": "nothing fits and the boneyard is empty: pass",
    "hint-pass": "nothing fits: pass",
    "hint-place-centre": "places {tile} in the centre: the round starts",
    "hint-double-blank": "gets rid of the 0-0, worth {points} in your hand",
    "hint-foot": "starts a foot on {tile}: everyone must play a {number} on it or draw",
    "hint-foot-follow": (
        "starts a foot on {tile}: everyone must play a {number} on it or draw, and you hold "
        "{own} to follow"
    ),
    "hint-shed": "sheds {pips} pips, leaves {playable} of your tiles playable",
    "hint-shed-opens": (
        "sheds {pips} pips, opens a {opened} for {follow} of your tiles, leaves {playable} of "
        "your tiles playable"
    ),
    "hint-lead": "leads {tile}: sheds {pips} pips",
    "hint-lead-scores": "leads {tile}: sheds {pips} pips, scoring {score} now",
    "hint-play": "plays {tile}: sheds {pips} pips",
    "hint-play-scores": "plays {tile}: sheds {pips} pips, scoring {score} now",
    # Computer players' levels (what each does), and a name that is no bot
    "level-beginner": "plays any legal tile at random",
    "level-easy": "plays its heaviest tile",
    "level-medium": "plays doubles first, then heavy tiles it can follow up on",
    "level-hard": "samples the hidden tiles 10 times per move and plays each option out",
    "level-expert": (
        "samples the hidden tiles as often as 80 ms per move allow, with playouts that "
        "mostly play a double when one fits, else mostly a random tile; seats that always "
        "play their heaviest tile are played that way"
    ),
    "unknown-bot": "unknown bot {name}; known: {known}",
}
"""Every message code with its English text; ``{name}`` marks a parameter."""


@dataclass(frozen=True, slots=True)
class Message:
    """A message for a player: its code and parameters (see :data:`ENGLISH`)."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in ENGLISH:
            raise KeyError(f"no message has the code {self.code!r}")

    def __str__(self) -> str:
        return ENGLISH[self.code].format_map(dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params), "text": str(self)}


def message(code: str, **params: Param) -> Message:
    return Message(code, params)


class CodedError(ValueError):
    """An error a player reads: it carries a :class:`Message`; ``str()`` is its English.

    It is made from a code and parameters, or from the message of another coded error that
    it passes on (the front end translates it the same way)."""

    def __init__(self, code: str | Message, **params: Param) -> None:
        self.message = code if isinstance(code, Message) else Message(code, params)
        super().__init__(str(self.message))

    @property
    def code(self) -> str:
        return self.message.code

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from its message (its English text is no code), e.g. by a worker process.
        return type(self), (self.message,)
