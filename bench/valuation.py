"""How well the expert's playouts value a position, and how much the other seats' plays tell of
their hands: the two things a stronger searcher than the expert would have to do better.

    .venv/bin/python bench/valuation.py [--train 2000] [--test 300] [--playouts 100] \\
        [--samples 100] [--players 4] [--workers 2] [--seed 700000]

Rounds: classic single rounds of self-play, a flat Monte Carlo player of the expert's
playouts in every seat (``flatmc-doubles`` at ``--samples`` samples a move, no clock),
``--train`` of them dealt from ``--seed`` and ``--test`` others after them. Each position
(the centre placed) is taken with every hand and the boneyard as they are.

**Values.** Every position of the test rounds, each seat's chance of winning the round
(ties shared) predicted three ways and scored against how the round really ended (log-loss,
lower is better; a uniform guess scores ln of the players):

- *playouts*: ``--playouts`` playouts of the expert's policy from the true position (every
  hand known, the boneyard's order shuffled): what the open-hand search (``open``) values
  positions with; also with the shares sharpened or flattened (a power, renormalised), to
  see whether they are calibrated;
- *linear* and *neural*: a value learned from the training rounds' outcomes, each seat's
  score a function of what it holds (tiles, pips, doubles, the 0-0, playable tiles, numbers,
  the foot's number, its place in the turn, the boneyard), a softmax over the seats: linear,
  or one hidden layer of 32 units (numpy, Adam).

**Inference.** At each decision of seat 0 in the test rounds (after its first few), hidden
hands are sampled as the expert samples them (voids, seats judged greedy, evened out), then
each sample weighted by how likely the other seats' plays since their last draw were with
the hands it gives them, to a softmax model of a searching player's choice of tile (a
double, its pips, the 0-0, the hand's tiles of the number it opens) fitted on the training
rounds' plays, raised to a power ``beta``. Reported: how well the unweighted and the
weighted samples predict which unseen tile each other seat holds (log-loss per tile and
seat), their paired difference with its 95% interval.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from flat_mc import FlatMonteCarlo
from open_hands import open_tiles

from chickenfoot import arena
from chickenfoot.arena import win_shares
from chickenfoot.bots.chickenfoot import POLICY, ChickenFootSearch
from chickenfoot.bots.knowledge import position, sample_hands
from chickenfoot.bots.playout import chickenfoot_playout
from chickenfoot.bots.registry import EXPERT_HEAVY
from chickenfoot.core import CLASSIC, Draw, FastRound, Play, SeatView
from chickenfoot.core.fast import playable_mask, weights
from chickenfoot.core.games import new_match, view
from chickenfoot.core.pieces import round_rng
from chickenfoot.core.tiles import DOUBLES_MASK, HI, LO, NUMBER_MASK, mask_of

HIDDEN = 32
BETAS = (0.5, 1.0, 2.0)
POWERS = (0.6, 0.8, 1.0, 1.2, 1.5)
INFERENCE_SAMPLES = 300
LAST_PLAYS = 8
"""The other seats' plays the inference reads, the latest first, per seat."""


def seat_features(r: FastRound) -> list[list[float]]:
    """What each seat holds, for a learned value (one row per seat)."""
    n = r.players
    weight = weights(r.blank_points)
    playable = NUMBER_MASK[r.foot] if r.foot >= 0 else playable_mask(r.open_mask)
    sizes = [h.bit_count() for h in r.hands]
    low = min(sizes)
    boneyard = max(0, r.stop - r.next_draw)
    rows = []
    for s, hand in enumerate(r.hands):
        pips = sum(weight[i] for i in range(hand.bit_length()) if hand >> i & 1)
        numbers = [(hand & m).bit_count() for m in NUMBER_MASK]
        now = (hand & playable).bit_count()
        place = [0.0] * n
        place[(s - r.turn) % n] = 1.0
        rows.append(
            [
                *place,
                sizes[s],
                sizes[s] - low,
                pips / 10,
                float(hand & 1),
                (hand & DOUBLES_MASK).bit_count(),
                now,
                float(now > 0),
                sum(1 for c in numbers if c),
                max(numbers),
                numbers[r.foot] if r.foot >= 0 else 0,
                sizes[s] * boneyard / 10,
                float(now > 0 and s == r.turn),
            ]
        )
    return rows


def tile_features(hand: int, needed: int, tile: int, weight: Sequence[int]) -> list[float]:
    """A play of ``tile`` from ``hand`` when ``needed`` (the tiles that fit) is what fits:
    a double, its pips (tens), the 0-0, the hand's other tiles of the number it opens (for a
    double: of its own number), and that count again for a double."""
    a, b = HI[tile], LO[tile]
    rest = hand & ~(1 << tile)
    if a == b:
        follow = (rest & NUMBER_MASK[a]).bit_count()
        return [1.0, weight[tile] / 10, float(tile == 0), follow, follow]
    opened = a if NUMBER_MASK[a] & ~needed else b  # played on the number that is open
    follow = (rest & NUMBER_MASK[opened]).bit_count()
    return [0.0, weight[tile] / 10, float(tile == 0), follow, 0.0]


def choice_probability(
    w: Sequence[float], hand: int, needed: int, chosen: int, weight: Sequence[int]
) -> float:
    """The softmax model's probability that a seat holding ``hand`` plays ``chosen``."""
    legal = hand & needed
    total = mine = 0.0
    for tile in range(legal.bit_length()):
        if legal >> tile & 1:
            features = tile_features(hand, needed, tile, weight)
            e = math.exp(sum(x * y for x, y in zip(w, features, strict=True)))
            total += e
            if tile == chosen:
                mine = e
    return mine / total


@dataclass
class Played:
    """What one round gives the measures."""

    states: list[list[list[float]]] = field(default_factory=list)
    shares: list[list[float]] = field(default_factory=list)
    """Each state's real outcome: each seat's share of the round won."""
    playouts: list[list[float]] = field(default_factory=list)
    choices: list[tuple[list[list[float]], int]] = field(default_factory=list)
    """Plays with a choice of tile: each tile's features, and which was played."""
    inference: list[tuple[float, float, float, float]] = field(default_factory=list)
    """Per decision of seat 0: the log-loss per unseen tile of the unweighted samples, then
    of the samples weighted at each of :data:`BETAS`."""


@dataclass(frozen=True)
class Job:
    seed: int
    players: int
    samples: int
    playouts: int
    policy: tuple[float, ...] | None
    """The fitted choice model (test rounds only: then inference is measured)."""


def play(job: Job) -> Played:
    """Play one round of self-play and measure what ``job`` asks."""
    rng = Random(job.seed)
    n = job.players
    bots = [
        FlatMonteCarlo(
            f"{job.seed}-{s}",
            millis=None,
            samples=job.samples,
            compiled=True,
            heavy=EXPERT_HEAVY,
            doubles=POLICY.doubles,
        )
        for s in range(n)
    ]
    match = new_match([f"bot:flat{s}" for s in range(n)], CLASSIC, job.seed)
    state = match.deal_next(round_rng(job.seed, 0))
    weight = weights(CLASSIC.double_blank_points)
    out = Played()
    while state.end is None:
        seat = state.turn
        seen = view(match, seat, state)
        assert isinstance(seen, SeatView)
        action = bots[seat].choose(seen)
        if seen.centre_placed:
            hands, boneyard = open_tiles(state)
            masks = [mask_of(h) for h in hands]
            order = [t.index for t in boneyard]
            r = position(seen, masks, order)
            out.states.append(seat_features(r))
            if job.playouts:
                out.playouts.append(playout_shares(seen, masks, order, job.playouts, rng))
            needed = r.playable(-1)
            legal = masks[seat] & needed
            if isinstance(action, Play) and not seen.drew and legal & (legal - 1):
                tiles = [t for t in range(legal.bit_length()) if legal >> t & 1]
                rows = [tile_features(masks[seat], needed, t, weight) for t in tiles]
                out.choices.append((rows, tiles.index(action.tile.index)))
            if job.policy is not None and seat == 0 and len(seen.history) >= 2 * n:
                measured = inference(seen, masks, job.policy, rng)
                if measured is not None:
                    out.inference.append(measured)
        match.apply(action)
    points = list(match.points[-1])
    out.shares = [shares(points)] * len(out.states)
    return out


def shares(points: Sequence[int]) -> list[float]:
    return [float(x) for x in win_shares(points)]


def playout_shares(
    seen: SeatView, hands: list[int], boneyard: list[int], count: int, rng: Random
) -> list[float]:
    """Each seat's share of ``count`` playouts' wins from the true position."""
    total = [0.0] * len(hands)
    for _ in range(count):
        order = boneyard[:]
        rng.shuffle(order)
        r = position(seen, hands, order)
        won = shares(chickenfoot_playout(r, rng, EXPERT_HEAVY, None, None, POLICY.doubles))
        total = [t + x for t, x in zip(total, won, strict=True)]
    return [t / count for t in total]


def plays_since_draw(seen: SeatView) -> list[tuple[int, int, int, int]]:
    """The other seats' plays the inference reads: ``(seat, needed, tile, played)`` with
    ``played`` the tiles the seat has played since, that one included (all in its hand then:
    it has drawn nothing since)."""
    n = len(seen.players)
    after = [0] * n
    done = [False] * n
    kept = [0] * n
    out = []
    for event, needed in reversed(list(zip(seen.history, seen.needed, strict=True))):
        s = event.seat
        if s == seen.seat or done[s]:
            continue
        if isinstance(event.action, Draw):
            done[s] = True
        elif isinstance(event.action, Play):
            after[s] |= 1 << event.action.tile.index
            if event.action.on is not None and kept[s] < LAST_PLAYS:
                kept[s] += 1
                out.append((s, needed, event.action.tile.index, after[s]))
    return out


def inference(
    seen: SeatView, truth: list[int], policy: Sequence[float], rng: Random
) -> tuple[float, float, float, float] | None:
    """The log-loss per unseen tile and other seat of the expert's samples, unweighted and
    weighted by the choice model at each beta (None: no play to read)."""
    plays = plays_since_draw(seen)
    if not plays:
        return None
    game = ChickenFootSearch()
    knowledge = game.searcher(seen, game.candidates(seen)).knowledge  # what the expert infers
    weight = weights(seen.rules.double_blank_points)
    unseen = knowledge.unseen
    tiles = [i for i in range(unseen.bit_length()) if unseen >> i & 1]
    others = [s for s in range(len(truth)) if s != seen.seat]
    held = np.zeros((INFERENCE_SAMPLES, len(others), len(tiles)))
    logp = np.zeros(INFERENCE_SAMPLES)
    for k in range(INFERENCE_SAMPLES):
        hands, _ = sample_hands(seen, knowledge, rng, swaps=POLICY.swaps)
        for j, s in enumerate(others):
            held[k, j] = [hands[s] >> t & 1 for t in tiles]
        logp[k] = sum(
            math.log(choice_probability(policy, hands[s] | played, needed, tile, weight))
            for s, needed, tile, played in plays
        )
    true = np.array([[truth[s] >> t & 1 for t in tiles] for s in others], dtype=float)

    def loss(w: np.ndarray) -> float:
        p = np.clip(np.tensordot(w / w.sum(), held, axes=1), 0.01, 0.99)
        return float(-(true * np.log(p) + (1 - true) * np.log(1 - p)).mean())

    weighted = [loss(np.exp(beta * (logp - logp.max()))) for beta in BETAS]
    return loss(np.ones(INFERENCE_SAMPLES)), weighted[0], weighted[1], weighted[2]


# Fitting


def softmax(scores: np.ndarray) -> np.ndarray:
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    out: np.ndarray = e / e.sum(axis=-1, keepdims=True)
    return out


def fit_linear(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """A conditional logit (softmax over the seats of ``x @ w``) by Newton's method."""
    w = np.zeros(x.shape[2])
    for _ in range(30):
        p = softmax(x @ w)
        grad = np.einsum("nif,ni->f", x, p - y) / len(x)
        d = x - np.einsum("nif,ni->nf", x, p)[:, None, :]
        hessian = np.einsum("nif,ni,nig->fg", d, p, d) / len(x) + 1e-4 * np.eye(len(w))
        step = np.linalg.solve(hessian, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def fit_choices(choices: list[tuple[list[list[float]], int]]) -> np.ndarray:
    """The choice model: a conditional logit over the tiles a seat could play."""
    w = np.zeros(len(choices[0][0][0]))
    xs = [np.array(rows) for rows, _ in choices]
    for _ in range(20):
        grad = np.zeros_like(w)
        hessian = 1e-4 * np.eye(len(w))
        for x, (_, c) in zip(xs, choices, strict=True):
            p = softmax(x @ w)
            mean = p @ x
            grad += x[c] - mean
            d = x - mean
            hessian += (d * p[:, None]).T @ d
        step = np.linalg.solve(hessian, grad)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return w


@dataclass
class Net:
    """One hidden layer of ReLUs scoring each seat, a softmax over the seats."""

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray

    def scores(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        z = ((x - self.mean) / self.scale) @ self.w1 + self.b1
        a = np.maximum(z, 0)
        return z, a, a @ self.w2

    def predict(self, x: np.ndarray) -> np.ndarray:
        return softmax(self.scores(x)[2])


def fit_net(x: np.ndarray, y: np.ndarray, seed: int, epochs: int = 12) -> Net:
    """Adam on the log-loss, the last fifth of the rounds held out to keep the best epoch."""
    rng = np.random.default_rng(seed)
    flat = x.reshape(-1, x.shape[2])
    f = x.shape[2]
    net = Net(
        flat.mean(0),
        flat.std(0) + 1e-6,
        rng.normal(0, 1 / math.sqrt(f), (f, HIDDEN)),
        np.zeros(HIDDEN),
        rng.normal(0, 1 / math.sqrt(HIDDEN), HIDDEN),
    )
    cut = len(x) * 4 // 5
    train, held = slice(0, cut), slice(cut, None)
    names = ("w1", "b1", "w2")
    m = {k: np.zeros_like(getattr(net, k)) for k in names}
    v = {k: np.zeros_like(getattr(net, k)) for k in names}
    best, kept, t = math.inf, net, 0
    xt, yt = x[train], y[train]
    for _ in range(epochs):
        for batch in np.array_split(rng.permutation(len(xt)), max(1, len(xt) // 512)):
            xb, yb = xt[batch], yt[batch]
            z, a, s = net.scores(xb)
            ds = (softmax(s) - yb) / len(batch)
            dz = ds[:, :, None] * net.w2 * (z > 0)
            xn = (xb - net.mean) / net.scale
            grads = {
                "w1": np.einsum("bif,bih->fh", xn, dz),
                "b1": dz.sum((0, 1)),
                "w2": np.einsum("bih,bi->h", a, ds),
            }
            t += 1
            for k in names:
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                v[k] = 0.999 * v[k] + 0.001 * grads[k] ** 2
                step = 2e-3 * (m[k] / (1 - 0.9**t)) / (np.sqrt(v[k] / (1 - 0.999**t)) + 1e-8)
                setattr(net, k, getattr(net, k) - step)
        loss = log_loss(net.predict(x[held]), y[held])
        if loss < best:
            best, kept = loss, Net(net.mean, net.scale, net.w1.copy(), net.b1.copy(), net.w2.copy())
    return kept


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(np.clip(p, 1e-3, 1.0))).sum(axis=1).mean())


# Running


def play_counted(job: Job, on_round: Callable[[], None] | None = None) -> tuple[int, Played]:
    """:func:`play` as :func:`chickenfoot.arena.run` runs it: the job's seed with what the
    round gives, the round counted (on a worker: in the count the parent shows)."""
    played = play(job)
    (on_round or arena._count_round)()
    return job.seed, played


def run(jobs: list[Job], workers: int, label: str) -> list[Played]:
    """Every job's round, in the order of ``jobs``, played on ``workers`` processes."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    done: dict[int, Played] = {}
    columns = (BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(label, *columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=len(jobs))
        arena.run(
            jobs,  # type: ignore[arg-type]  # a Job is all ``play_counted`` needs
            workers,
            lambda result: done.__setitem__(*result),
            on_rounds=lambda finished: progress.update(task, completed=finished),
            play=play_counted,
        )
    return [done[job.seed] for job in jobs]


def measure(args: argparse.Namespace) -> dict[str, Any]:
    n = args.players
    train = run(
        [Job(args.seed + k, n, args.samples, 0, None) for k in range(args.train)],
        args.workers,
        "training rounds",
    )
    x = np.array([s for p in train for s in p.states])
    y = np.array([s for p in train for s in p.shares])
    linear = fit_linear(x, y)
    net = fit_net(x, y, args.seed)
    choices = [c for p in train for c in p.choices]
    policy = fit_choices(choices)
    first = args.seed + args.train
    test = run(
        [Job(first + k, n, args.samples, args.playouts, tuple(policy)) for k in range(args.test)],
        args.workers,
        "test rounds",
    )
    xt = np.array([s for p in test for s in p.states])
    yt = np.array([s for p in test for s in p.shares])
    k = args.playouts
    counted = (np.array([s for p in test for s in p.playouts]) * k + 0.5) / (k + 2)
    powered = {}
    for power in POWERS:
        q = counted**power
        powered[power] = log_loss(q / q.sum(axis=1, keepdims=True), yt)
    inferred = np.array([m for p in test for m in p.inference])
    return {
        "states": (len(x), len(xt)),
        "uniform": math.log(n),
        "playouts": powered,
        "linear": log_loss(softmax(xt @ linear), yt),
        "neural": log_loss(net.predict(xt), yt),
        "choices": len(choices),
        "policy": [round(float(w), 3) for w in policy],
        "inference": inferred,
    }


def report(args: argparse.Namespace, result: dict[str, Any]) -> None:
    train, test = result["states"]
    print(
        f"{args.train} training rounds ({train} positions, {result['choices']} plays with a "
        f"choice of tile), {args.test} test rounds ({test} positions), {args.players} players, "
        f"flat players at {args.samples} samples a move\n"
    )
    print("| predicting who wins the round | log-loss |")
    print("|---|---|")
    print(f"| a uniform guess | {result['uniform']:.4f} |")
    for power, loss in result["playouts"].items():
        what = "" if power == 1.0 else f", the shares to the power {power}"
        print(f"| {args.playouts} playouts from the true position{what} | {loss:.4f} |")
    print(f"| a learned linear value of the hands | {result['linear']:.4f} |")
    neural = result["neural"]
    print(f"| a learned neural value of the hands ({HIDDEN} hidden units) | {neural:.4f} |")
    inferred = result["inference"]
    print(
        f"\nchoice model (double, pips/10, 0-0, follow-ups, follow-ups of a double): "
        f"{result['policy']}"
    )
    if not len(inferred):
        print("no decision of seat 0 to measure inference on")
        return
    print(
        f"\n| hidden tiles, {len(inferred)} decisions of seat 0 | log-loss per tile and seat "
        "| minus the unweighted (95% CI) |"
    )
    print("|---|---|---|")
    print(f"| the expert's samples | {inferred[:, 0].mean():.4f} | |")
    for j, beta in enumerate(BETAS, start=1):
        d = inferred[:, j] - inferred[:, 0]
        half = 1.96 * d.std(ddof=1) / math.sqrt(len(d)) if len(d) > 1 else math.nan
        print(
            f"| weighted by the choice model, beta {beta} | {inferred[:, j].mean():.4f} "
            f"| {d.mean():+.4f} ({d.mean() - half:+.4f} to {d.mean() + half:+.4f}) |"
        )


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", type=int, default=2000, help="training rounds")
    parser.add_argument("--test", type=int, default=300, help="test rounds")
    parser.add_argument("--playouts", type=int, default=100, help="playouts per test position")
    parser.add_argument("--samples", type=int, default=100, help="the players' samples a move")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 9))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=700000)
    args = parser.parse_args(argv)
    if min(args.train, args.test, args.playouts, args.samples, args.workers) < 1:
        parser.error("--train, --test, --playouts, --samples and --workers must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    result = measure(args)
    report(args, result)
    return result


if __name__ == "__main__":
    main()
