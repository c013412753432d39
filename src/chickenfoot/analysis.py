"""Move-by-move analysis of a game record (``chickenfoot analyse``, docs/ANALYSIS.md).

Every decision of a record (a turn at which the seat had more than one distinct candidate)
is searched twice with the expert's determinized Monte Carlo search
(:func:`chickenfoot.bots.search.evaluate`):

- **from the seat's knowledge**: the search receives the seat's view alone, the very object
  a bot is given, and samples the hidden hands consistently with what the seat saw;
- **with every hand open**: the same search, whose samples are the true position (every
  hand as it was) with only the boneyard's order left to chance, shuffled for each sample
  (nobody knew the draws still to come).

An action's value is the search's own (:meth:`GameSearch.value` with the hints' point
weight): in Chicken Foot the share of rounds won less a quarter of a win per 100 penalty
points kept, shown x100 (percentage points); in the standard games the expected margin of the
seat's side over the best other side in the hand, in points. The loss of the action played is
the best candidate's value less its value; it marks the decision (:func:`mark_of`) and gives
its accuracy (:func:`accuracy_of`).

Each decision's randomness comes from the seed, the round's number and the action's index
alone, so the analysis is the same whatever the number of worker processes and whichever
seats are analysed (without a time limit, which makes it depend on the machine's speed).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta, Struct

from chickenfoot import files
from chickenfoot.bots.base import View
from chickenfoot.bots.estimate import Estimate
from chickenfoot.bots.hinting import POINT_WEIGHT
from chickenfoot.bots.registry import EXPERT_HEAVY
from chickenfoot.bots.search import SEARCHES, Searcher, evaluate, search_for
from chickenfoot.core import games
from chickenfoot.core.actions import Action, Draw
from chickenfoot.core.projection import RoundLike
from chickenfoot.core.tiles import Tile

FORMAT: Final = "chickenfoot-analysis/1"

DEFAULT_SAMPLES = 200
"""Samples of each of a decision's two searches, unless told otherwise."""

INACCURACY = 5.0
MISTAKE = 10.0
BLUNDER = 20.0
"""The losses (percentage points in Chicken Foot, points in the standard games) from which a
decision is an inaccuracy, a mistake, a blunder."""

Mark = Literal["inaccuracy", "mistake", "blunder"]
Unit = Literal["percent", "points"]


class AnalysisStopped(Exception):
    """The analysis was stopped (its ``stop`` said so) before every decision was analysed."""


# -- the settings and one decision -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard each decision is searched, and the seed of the searches."""

    samples: int = DEFAULT_SAMPLES
    """Samples of each of the decision's two searches (knowledge, open) at most."""
    millis: float | None = None
    """Milliseconds per decision at most, half for each search (None: no limit; a limit
    makes the result depend on the machine's speed)."""
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Truth:
    """Every hidden tile at one moment of a round (hand): what the open search knows and
    the knowledge search never sees."""

    hands: tuple[tuple[Tile, ...], ...]
    """Every seat's hand."""
    drawn: tuple[Tile, ...]
    """The tiles drawn so far in the round (hand), in the order drawn."""
    boneyard: tuple[Tile, ...]
    """The tiles still in the boneyard (their order is shuffled for every sample)."""


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """One decision of a record: what the seat saw, what it did, and the truth then."""

    round: int
    """1-based number of the round (hand)."""
    index: int
    """The action's index in the round's actions (``rounds[round - 1].actions[index]``)."""
    view: View
    """The acting seat's view: all the knowledge search is given."""
    played: Action
    truth: Truth

    @property
    def seat(self) -> int:
        return self.view.seat


def _about(text: str, **limits: Any) -> Meta:
    """A field's description in the JSON Schema (and its limits)."""
    return Meta(description=text, **limits)


ActionText = Annotated[
    str,
    Meta(
        pattern=r"^([0-9]+-[0-9]+(@[0-9]+)?|draw|pass)$",
        description="An action in the notation of `play --plain`: 9-4@0 (9-4 on the tile "
        "with id 0), 9-9 (placed or led on nothing), draw, pass.",
    ),
]
Seat = Annotated[int, Meta(ge=0, description="A seat, 0 first.")]
Loss = Annotated[float, Meta(ge=0)]
Accuracy = Annotated[float, Meta(ge=0, le=100)]
Count = Annotated[int, Meta(ge=0)]


class Evaluation(Struct, forbid_unknown_fields=True):
    """What one search found for one candidate."""

    mean_points: Annotated[
        float,
        _about(
            "Chicken Foot: the penalty points the seat keeps at the round's end; the standard "
            "games: the points the seat's side scores in the hand (means over the samples)."
        ),
    ]
    win_share: Annotated[
        float,
        _about(
            "The share of the sampled rounds (hands) the seat (its side) went on to win, "
            "ties shared.",
            ge=0,
            le=1,
        ),
    ]
    value: Annotated[
        float, _about("The search's value of the action in the analysis's unit: higher is better.")
    ]
    samples: Annotated[int, _about("Samples searched.", ge=0)]


class Candidate(Struct, forbid_unknown_fields=True):
    """One of the seat's distinct choices, as each search saw it."""

    action: ActionText
    knowledge: Annotated[Evaluation, _about("From the seat's knowledge alone.")]
    open: Annotated[Evaluation, _about("With every hand open; only the boneyard's order unknown.")]


class Decision(Struct, forbid_unknown_fields=True):
    """One decision: a turn at which the seat had more than one distinct choice."""

    round: Annotated[int, _about("The round (hand), 1 first.", ge=1)]
    index: Annotated[
        int, _about("The action's index in the record's rounds[round - 1].actions.", ge=0)
    ]
    seat: Seat
    played: Annotated[
        ActionText,
        _about(
            "The action taken: a candidate, or one with the same outcome (in Chicken Foot "
            "another end showing the same number)."
        ),
    ]
    best: Annotated[
        ActionText | None,
        _about("The best candidate from the seat's knowledge (null: not graded, see loss)."),
    ]
    loss: Annotated[
        Loss | None,
        _about(
            "The best candidate's value less the played one's, from the seat's knowledge. "
            "null: not graded, the search found no sample of the hidden tiles consistent with "
            "what the seat saw (it happens in a few positions of the standard games)."
        ),
    ]
    open_best: Annotated[ActionText | None, _about("The best candidate with every hand open.")]
    open_loss: Annotated[
        Loss | None,
        _about("The best candidate's value less the played one's, every hand open."),
    ]
    mark: Annotated[
        Mark | None, _about("By the loss against the thresholds (null: below them all).")
    ]
    accuracy: Annotated[
        Accuracy | None, _about("100 * 2^(-loss / the mistake threshold) (null: not graded).")
    ]
    expected_points: Annotated[
        float | None, _about("The played action's mean points, from the seat's knowledge.")
    ]
    candidates: Annotated[
        list[Candidate], _about("Best first from the seat's knowledge (ties in the legal order).")
    ]


# -- one decision ----------------------------------------------------------------------------


def decision_rng(seed: int, round_number: int, index: int, search: str) -> Random:
    """The randomness of one search (``knowledge`` or ``open``) of one decision: from the seed,
    the round's number and the action's index alone."""
    return Random(f"chickenfoot-analysis/{seed}/{round_number}/{index}/{search}")


def unit_of(rules: games.AnyRules) -> Unit:
    return SEARCHES[rules.game_name].unit


def scale_of(rules: games.AnyRules) -> float:
    """What turns the search's value into the analysis's unit."""
    return 100.0 if unit_of(rules) == "percent" else 1.0


def mark_of(loss: float) -> Mark | None:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def accuracy_of(loss: float) -> float:
    """A decision's accuracy, 0 to 100: 100 for the best action, halved for every
    :data:`MISTAKE` of loss (50 for a mistake's loss, 25 for a blunder's)."""
    return 100.0 * math.pow(2.0, -loss / MISTAKE)


SAMPLE_TRIES = 10
"""How many times the knowledge search asks the game for a sample before it gives up (the
standard games sample by rejection and sometimes find none at the first call)."""


class _Persistent:
    """A game's searcher whose :meth:`sample` asks again where the game's gives up."""

    def __init__(self, inner: Searcher) -> None:
        self.inner = inner

    def sample(self, rng: Random) -> Any | None:
        for _ in range(SAMPLE_TRIES):
            found = self.inner.sample(rng)
            if found is not None:
                return found
        return None

    def play_out(self, sample: Any, k: int, rng: Random, heavy: float, into: Estimate) -> None:
        self.inner.play_out(sample, k, rng, heavy, into)


def knowledge_evaluation(
    view: View,
    rng: Random,
    samples: int,
    millis: float | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[Estimate]:
    """Every candidate's estimate, best first, from ``view`` alone: the hidden tiles are
    sampled from what the seat saw, as the expert's search does."""
    game = search_for(view)

    def searcher(seen: View, actions: list[Action]) -> Searcher:
        return _Persistent(game.searcher(seen, actions))

    return _search(view, searcher, rng, samples, millis, stop)


def open_evaluation(
    view: View,
    truth: Truth,
    rng: Random,
    samples: int,
    millis: float | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[Estimate]:
    """Every candidate's estimate, best first, knowing every hand (``truth``); each sample
    shuffles the boneyard."""
    game = search_for(view)

    def searcher(seen: View, actions: list[Action]) -> Searcher:
        return game.open_searcher(seen, actions, truth.hands, truth.drawn, truth.boneyard)

    return _search(view, searcher, rng, samples, millis, stop)


def _search(
    view: View,
    searcher: Callable[[View, list[Action]], Searcher],
    rng: Random,
    samples: int,
    millis: float | None,
    stop: Callable[[], bool] | None,
) -> list[Estimate]:
    """The expert's search of ``view``: its playouts and the hints' point weight."""
    return evaluate(
        view, rng, samples, millis, EXPERT_HEAVY, POINT_WEIGHT, time.perf_counter, stop, searcher
    )


def analyse_decision(
    point: DecisionPoint, settings: Settings, stop: Callable[[], bool] | None = None
) -> Decision:
    """Both searches of one decision. Picklable in and out, for a process pool."""
    view = point.view
    game = search_for(view)
    scale = scale_of(view.rules)
    half = None if settings.millis is None else settings.millis / 2
    known = knowledge_evaluation(
        view,
        decision_rng(settings.seed, point.round, point.index, "knowledge"),
        settings.samples,
        half,
        stop,
    )
    seen = open_evaluation(
        view,
        point.truth,
        decision_rng(settings.seed, point.round, point.index, "open"),
        settings.samples,
        half,
        stop,
    )

    def value(estimate: Estimate) -> float:
        return game.value(estimate, POINT_WEIGHT) * scale

    opened = {estimate.action: estimate for estimate in seen}
    played = next(e for e in known if same_outcome(view, e.action, point.played))
    graded = known[0].samples > 0
    loss = _rounded(value(known[0]) - value(played)) if graded else None
    open_graded = seen[0].samples > 0
    open_loss = _rounded(value(seen[0]) - value(opened[played.action])) if open_graded else None
    candidates = [
        Candidate(str(e.action), _evaluation(e, value(e)), _evaluation(o, value(o)))
        for e in known
        for o in (opened[e.action],)
    ]
    return Decision(
        round=point.round,
        index=point.index,
        seat=point.seat,
        played=str(point.played),
        best=str(known[0].action) if graded else None,
        loss=loss,
        open_best=str(seen[0].action) if open_graded else None,
        open_loss=open_loss,
        mark=None if loss is None else mark_of(loss),
        accuracy=None if loss is None else round(accuracy_of(loss), 3),
        expected_points=round(played.mean_points, 3) if graded else None,
        candidates=candidates,
    )


def _evaluation(estimate: Estimate, value: float) -> Evaluation:
    return Evaluation(
        mean_points=round(estimate.mean_points, 3),
        win_share=round(estimate.win_share, 4),
        value=round(value, 3),
        samples=estimate.samples,
    )


def _rounded(loss: float) -> float:
    """A loss to 3 decimals, never below 0 (a tie gives 0 exactly)."""
    return max(0.0, round(loss, 3))


def same_outcome(view: View, a: Action, b: Action) -> bool:
    """Do ``a`` and ``b`` lead to the same position (Chicken Foot: ends showing the same
    number are alike)?"""
    return search_for(view).alike(view, a, b)


# -- a whole record --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundFacts:
    number: int
    """1-based."""
    double: str | None
    """Chicken Foot: the round's double."""
    first: int
    end: str | None
    """``out``, ``blocked``, or None for a round still in play."""
    points: tuple[int, ...] | None
    actions: int


@dataclass(frozen=True, slots=True)
class Plan:
    """A record read for analysis: its match, its rounds and every decision in it."""

    game: str
    preset: str
    players: tuple[str, ...]
    unit: Unit
    rounds: tuple[RoundFacts, ...]
    decisions: tuple[DecisionPoint, ...]
    """Every decision of every seat, in the order played."""

    @property
    def seats(self) -> int:
        return len(self.players)

    def of_seat(self, seat: int | None) -> list[DecisionPoint]:
        return [d for d in self.decisions if seat is None or d.seat == seat]


def plan(record: Any) -> Plan:
    """Read ``record`` (any game; finished or not) and find its decisions. Raises
    :class:`~chickenfoot.core.RecordError` if it is not a legal record."""
    replayed = games.replay(record)
    rules = replayed.rules
    match = games.new_match(list(replayed.players), rules, 0)
    rounds: list[RoundFacts] = []
    points: list[DecisionPoint] = []
    played_rounds: list[RoundLike] = list(replayed.rounds)
    for number, played in enumerate(played_rounds, start=1):
        state = match.start_round(played.dealt)
        drawn: list[Tile] = []
        for index, event in enumerate(played.history):
            view = games.view(match, state.turn, state)
            if len(search_for(view).candidates(view)) > 1:
                truth = Truth(
                    tuple(tuple(state.hand(s)) for s in range(match.seats)),
                    tuple(drawn),
                    tuple(state.boneyard_tiles()),
                )
                points.append(DecisionPoint(number, index, view, event.action, truth))
            if isinstance(event.action, Draw) and event.drawn is not None:
                drawn.append(event.drawn)
            match.apply(event.action)
        double = played.double_tile
        rounds.append(
            RoundFacts(
                number,
                None if double is None else str(double),
                played.first,
                None if played.end is None else played.end.value,
                tuple(replayed.points[number - 1]) if played.end is not None else None,
                len(played.history),
            )
        )
    return Plan(
        rules.game_name,
        rules.preset_name,
        tuple(replayed.players),
        unit_of(rules),
        tuple(rounds),
        tuple(points),
    )


# -- the result --------------------------------------------------------------------------


class Thresholds(Struct, forbid_unknown_fields=True):
    """The losses from which a decision is marked."""

    inaccuracy: float
    mistake: float
    blunder: float


class SettingsJson(Struct, forbid_unknown_fields=True):
    """How the decisions were searched."""

    samples: Annotated[int, _about("Samples of each search of a decision at most.", ge=1)]
    millis: Annotated[float | None, _about("Milliseconds per decision at most (null: no limit).")]
    seed: Annotated[int, _about("The seed of every search.", ge=0)]
    point_weight: Annotated[
        float, _about("Chicken Foot: a round won is worth this many times 100 penalty points.")
    ]


class RoundAnalysis(Struct, forbid_unknown_fields=True):
    """One round (hand) and its decisions."""

    round: Annotated[int, _about("1 first.", ge=1)]
    double: Annotated[
        str | None, _about("Chicken Foot: the round's double; null in the standard games.")
    ]
    first: Annotated[Seat, _about("The seat that took the first turn.")]
    end: Annotated[
        Literal["out", "blocked"] | None,
        _about("How it ended; null: still in play where the record stops."),
    ]
    points: Annotated[
        list[int] | None, _about("Every seat's points in it, as in the record (null: in play).")
    ]
    actions: Annotated[int, _about("Actions in it.", ge=0)]
    decisions: list[Decision]
    accuracy: Annotated[
        list[float | None],
        _about("Each seat's mean accuracy in it (null: no decision of the seat analysed)."),
    ]


class SeatSummary(Struct, forbid_unknown_fields=True):
    """One analysed seat over the whole record."""

    seat: Seat
    player: str
    decisions: Annotated[int, _about("Decisions analysed.", ge=0)]
    ungraded: Annotated[
        int, _about("Decisions among them without a sample from the seat's knowledge.", ge=0)
    ]
    accuracy: Annotated[
        float | None, _about("The mean accuracy of its decisions (null: none analysed).")
    ]
    mean_loss: Annotated[float | None, _about("The mean loss of its decisions.")]
    open_mean_loss: Annotated[float | None, _about("The mean loss, every hand open.")]
    inaccuracies: Count
    mistakes: Count
    blunders: Count


class Analysis(Struct, forbid_unknown_fields=True):
    """The analysis of one record (docs/ANALYSIS.md)."""

    format: Literal["chickenfoot-analysis/1"]
    game: str
    preset: str
    players: list[str]
    seats: Annotated[list[Seat], _about("The seats analysed.")]
    unit: Annotated[
        Unit,
        _about(
            "Of values and losses: percent (percentage points of a round won, Chicken Foot) "
            "or points (points of margin in the hand, the standard games)."
        ),
    ]
    thresholds: Thresholds
    settings: SettingsJson
    rounds: list[RoundAnalysis]
    summary: Annotated[list[SeatSummary], _about("Each analysed seat, in seat order.")]


def schema() -> dict[str, Any]:
    """The JSON Schema of :class:`Analysis` (docs/analysis.schema.json)."""
    found = msgspec.json.schema(Analysis)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "chickenfoot analyse --json: the analysis of a game record",
        **found,
    }


def decode(data: bytes | str) -> Analysis:
    """An analysis read back (checked against its types: ``msgspec.ValidationError``)."""
    return msgspec.json.decode(data, type=Analysis)


def assemble(
    plan: Plan, seats: Sequence[int], settings: Settings, decisions: Sequence[Decision]
) -> Analysis:
    """The analysis of ``plan`` from its analysed decisions (in the order played)."""
    by_round: dict[int, list[Decision]] = {}
    for decision in decisions:
        by_round.setdefault(decision.round, []).append(decision)
    rounds = []
    for facts in plan.rounds:
        mine = by_round.get(facts.number, [])
        accuracy = [
            _mean([d.accuracy for d in mine if d.seat == s]) if s in seats else None
            for s in range(plan.seats)
        ]
        rounds.append(
            RoundAnalysis(
                round=facts.number,
                double=facts.double,
                first=facts.first,
                end=_end(facts.end),
                points=None if facts.points is None else list(facts.points),
                actions=facts.actions,
                decisions=mine,
                accuracy=accuracy,
            )
        )
    summary = []
    for seat in seats:
        mine = [d for d in decisions if d.seat == seat]
        marks = [d.mark for d in mine]
        summary.append(
            SeatSummary(
                seat=seat,
                player=plan.players[seat],
                decisions=len(mine),
                ungraded=sum(d.loss is None for d in mine),
                accuracy=_mean([d.accuracy for d in mine]),
                mean_loss=_mean([d.loss for d in mine]),
                open_mean_loss=_mean([d.open_loss for d in mine]),
                inaccuracies=marks.count("inaccuracy"),
                mistakes=marks.count("mistake"),
                blunders=marks.count("blunder"),
            )
        )
    return Analysis(
        format=FORMAT,
        game=plan.game,
        preset=plan.preset,
        players=list(plan.players),
        seats=list(seats),
        unit=plan.unit,
        thresholds=Thresholds(INACCURACY, MISTAKE, BLUNDER),
        settings=SettingsJson(settings.samples, settings.millis, settings.seed, POINT_WEIGHT),
        rounds=rounds,
        summary=summary,
    )


def _end(end: str | None) -> Literal["out", "blocked"] | None:
    if end == "out":
        return "out"
    if end == "blocked":
        return "blocked"
    return None


def _mean(values: Sequence[float | None]) -> float | None:
    """The mean of the values that are not None, if any."""
    known = [v for v in values if v is not None]
    return round(math.fsum(known) / len(known), 3) if known else None


# -- the driver ------------------------------------------------------------------------------


def analyse(
    record: Any,
    settings: Settings | None = None,
    *,
    seat: int | None = None,
    workers: int = 1,
    on_progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Analysis:
    """Analyse every decision of ``record`` (of ``seat`` alone, if given) on ``workers``
    processes (1: in this one); ``on_progress(done, total)`` after each decision; ``stop()``
    True stops it (:class:`AnalysisStopped`). Raises
    :class:`~chickenfoot.core.RecordError` for a record that is not legal and
    ``ValueError`` for a seat that is not at its table. The result is the same for any
    number of workers."""
    return analyse_plan(
        plan(record), settings, seat=seat, workers=workers, on_progress=on_progress, stop=stop
    )


def analyse_plan(
    found: Plan,
    settings: Settings | None = None,
    *,
    seat: int | None = None,
    workers: int = 1,
    on_progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Analysis:
    """:func:`analyse` of a record already read (:func:`plan`)."""
    settings = settings or Settings()
    if settings.samples < 1:
        raise ValueError(f"samples must be at least 1, not {settings.samples}")
    if seat is not None and not 0 <= seat < found.seats:
        raise ValueError(f"seat {seat} is not at the table: its seats are 0 to {found.seats - 1}")
    points = found.of_seat(seat)
    seats = list(range(found.seats)) if seat is None else [seat]
    decisions = run(points, settings, workers, on_progress, stop)
    return assemble(found, seats, settings, decisions)


def run(
    points: Sequence[DecisionPoint],
    settings: Settings,
    workers: int = 1,
    on_progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[Decision]:
    """:func:`analyse_decision` of every point, in their order, on ``workers`` processes."""
    total = len(points)
    if workers <= 1 or total <= 1:
        out = []
        for point in points:
            if stop is not None and stop():
                raise AnalysisStopped
            out.append(analyse_decision(point, settings, stop))
            if stop is not None and stop():
                raise AnalysisStopped
            if on_progress is not None:
                on_progress(len(out), total)
        return out
    return _run_on_workers(points, settings, min(workers, total), on_progress, stop)


def _run_on_workers(
    points: Sequence[DecisionPoint],
    settings: Settings,
    workers: int,
    on_progress: Callable[[int, int], None] | None,
    stop: Callable[[], bool] | None,
) -> list[Decision]:
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from chickenfoot.pool import Lifeline, run_on_pool, start_worker_of, worker_context

    context = worker_context()
    lifeline = Lifeline(context)
    pool = ProcessPoolExecutor(
        workers, mp_context=context, initializer=start_worker_of, initargs=(lifeline.end,)
    )
    results: dict[int, Decision] = {}

    def done(k: int, decision: Decision) -> None:
        results[k] = decision
        if on_progress is not None:
            on_progress(len(results), len(points))

    def waited() -> None:
        if stop is not None and stop():
            raise AnalysisStopped

    try:
        calls = ((analyse_decision, (point, settings)) for point in points)
        run_on_pool(pool, calls, workers, done, waited)
    except BrokenProcessPool:
        raise RuntimeError(
            "a worker process stopped unexpectedly (killed, or out of memory?)"
        ) from None
    finally:
        lifeline.close()  # once the pool is shut down: else its workers take this one for dead
    return [results[k] for k in range(len(points))]


# -- the chart -------------------------------------------------------------------------------


PLOT_SUFFIXES = (".png", ".svg")
_MARK_STYLE: dict[str, tuple[str, str, float]] = {
    "inaccuracy": ("#e6b400", "o", 22.0),
    "mistake": ("#f07f00", "o", 46.0),
    "blunder": ("#d62020", "X", 90.0),
}
"""Colour, marker and size of each mark on the chart."""
_SEAT_COLOURS = (
    "#1f77b4",
    "#2ca02c",
    "#9467bd",
    "#8c564b",
    "#17becf",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#393b79",
    "#637939",
    "#843c39",
    "#7b4173",
)
"""The seats' colours on the chart: none of them is a mark's."""


def plot(analysis: Analysis, path: Path) -> None:
    """Draw the chart of ``analysis`` into ``path``, PNG or SVG by its suffix: each seat's
    expected points (from its knowledge, after each of its decisions) through every round,
    with its mistakes and blunders marked and its points at the round's end; below, the loss
    of every decision against the thresholds. The file is written atomically
    (:func:`chickenfoot.files.write_bytes`): OSError if it cannot be, the old one kept."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    suffix = path.suffix.lower()
    if suffix not in PLOT_SUFFIXES:
        raise ValueError(f"a chart is written as .png or .svg, not {path.name!r}")
    chickenfoot = analysis.game == games.CHICKENFOOT
    noun = "round" if chickenfoot else "hand"
    offsets = []
    at = 0
    for facts in analysis.rounds:
        offsets.append(at)
        at += facts.actions + 1
    width = min(24.0, max(9.0, 0.018 * at + 6.0))
    figure = Figure(figsize=(width, 7.0), layout="constrained")
    top, bottom = figure.subplots(2, 1, sharex=True, height_ratios=[3, 1.4])
    colours = [_SEAT_COLOURS[k % len(_SEAT_COLOURS)] for k in range(len(analysis.players))]
    for facts, offset in zip(analysis.rounds, offsets, strict=True):
        for axes in (top, bottom):
            axes.axvline(offset - 0.5, color="#bbbbbb", linewidth=0.8, zorder=0)
        label = facts.double if facts.double is not None else f"{noun} {facts.round}"
        top.text(
            offset + facts.actions / 2,
            1.01,
            label,
            transform=top.get_xaxis_transform(),
            ha="center",
            va="bottom",
            fontsize=8,
            color="#555555",
        )
        for seat in analysis.seats:
            mine = [d for d in facts.decisions if d.seat == seat and d.loss is not None]
            xs = [offset + d.index for d in mine]
            ys = [d.expected_points or 0.0 for d in mine]
            if facts.points is not None:
                xs.append(offset + facts.actions)
                ys.append(facts.points[seat])
            top.plot(xs, ys, color=colours[seat], linewidth=1.3, zorder=2)
            if facts.points is not None:
                top.scatter(
                    [xs[-1]],
                    [ys[-1]],
                    s=28,
                    marker="D",
                    facecolors="white",
                    edgecolors=colours[seat],
                    linewidths=1.2,
                    zorder=3,
                )
            for decision, expected in zip(mine, ys, strict=False):  # ys: and the end
                x = offset + decision.index
                loss = decision.loss or 0.0
                if decision.mark in ("mistake", "blunder"):
                    colour, marker, size = _MARK_STYLE[decision.mark]
                    top.scatter(
                        [x],
                        [expected],
                        s=size,
                        marker=marker,
                        color=colour,
                        edgecolors="black",
                        linewidths=0.5,
                        zorder=4,
                    )
                colour = _MARK_STYLE[decision.mark][0] if decision.mark else colours[seat]
                bottom.vlines(x, 0, loss, color=colours[seat], linewidth=1.0)
                bottom.scatter([x], [loss], s=9, color=colour, zorder=3)
    limits = ((INACCURACY, "inaccuracy"), (MISTAKE, "mistake"), (BLUNDER, "blunder"))
    for threshold, mark in limits:
        bottom.axhline(
            threshold, color=_MARK_STYLE[mark][0], linewidth=0.8, linestyle="--", zorder=1
        )
    unit = "percentage points" if analysis.unit == "percent" else "points"
    if chickenfoot:
        top.set_ylabel("expected penalty points\nat the round's end")
    else:
        top.set_ylabel("expected points\nin the hand")
    bottom.set_ylabel(f"loss\n({unit})")
    bottom.set_xlabel(f"actions, {noun} by {noun} (a point per decision of the seat)")
    bottom.set_ylim(bottom=0)
    top.set_xlim(-1, max(at, 2))
    summary = {s.seat: s for s in analysis.summary}
    handles: list[Any] = []
    for seat in analysis.seats:
        accuracy = summary[seat].accuracy
        shown = "-" if accuracy is None else f"{accuracy:.0f}"
        handles.append(
            Line2D(
                [],
                [],
                color=colours[seat],
                label=f"seat {seat}: {analysis.players[seat]} (accuracy {shown})",
            )
        )
    for mark in ("mistake", "blunder"):
        colour, marker, size = _MARK_STYLE[mark]
        handles.append(
            Line2D(
                [],
                [],
                color=colour,
                marker=marker,
                linestyle="none",
                markeredgecolor="black",
                markeredgewidth=0.5,
                markersize=math.sqrt(size),
                label=mark,
            )
        )
    handles.append(
        Line2D(
            [],
            [],
            color="#555555",
            marker="D",
            linestyle="none",
            markerfacecolor="white",
            label=f"points at the {noun}'s end",
        )
    )
    figure.legend(handles=handles, fontsize=8, loc="outside lower center", ncols=4, frameon=False)
    for axes in (top, bottom):
        axes.grid(axis="y", color="#eeeeee")
        axes.set_axisbelow(True)
        for side in ("top", "right"):
            axes.spines[side].set_visible(False)
    title = f"{analysis.game}, {analysis.preset}" if chickenfoot else analysis.game
    figure.suptitle(f"Analysis: {title}, {len(analysis.players)} players", fontsize=11)
    drawn = io.BytesIO()
    figure.savefig(drawn, format=suffix[1:], dpi=110)
    files.write_bytes(path, drawn.getvalue())
