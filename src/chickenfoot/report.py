"""A report over many records: who wins from which seat, how often rounds block, how long
they last, for each game, preset and number of players (``chickenfoot report``).

Every record is checked move by move first (a wrong one is left out and said). Seats are
counted from the round's first player: position 0 starts, 1 plays next, and so on, so that
the first player's edge shows whatever seat started. A round is won by the lowest points in
Chicken Foot and by the highest in the standard games; tied seats share it.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from chickenfoot.arena import mean_ci, win_shares
from chickenfoot.core import games
from chickenfoot.core.pieces import RoundEnd
from chickenfoot.core.projection import RoundLike


@dataclass
class Group:
    """The rounds of one game, preset and number of players."""

    game: str
    preset: str
    players: int
    matches: int = 0
    rounds: int = 0
    blocked: int = 0
    lengths: list[int] = field(default_factory=list)
    """Actions per round."""
    wins: list[list[float]] = field(default_factory=list)
    """For each position from the first player, its share of each round's win."""
    points: list[list[int]] = field(default_factory=list)
    """For each position from the first player, its points in each round."""

    @property
    def title(self) -> str:
        shown = self.game if self.preset == self.game else f"{self.game}, {self.preset}"
        return f"{shown}, {self.players} players"


class Report:
    """The groups of rounds met so far (see the module docstring)."""

    def __init__(self) -> None:
        self.groups: dict[tuple[str, str, int], Group] = {}

    def add(self, record: Mapping[str, Any]) -> None:
        """Count the rounds of ``record`` (a RecordError, counting nothing, if it is wrong)."""
        match = games.check(record)
        rules = match.rules
        players = match.seats
        key = (rules.game_name, rules.preset_name, players)
        group = self.groups.get(key)
        if group is None:
            group = Group(*key)
            group.wins = [[] for _ in range(players)]
            group.points = [[] for _ in range(players)]
            self.groups[key] = group
        group.matches += 1
        states: list[RoundLike] = list(match.rounds)
        for state, points, played in zip(states, match.points, record["rounds"], strict=True):
            group.rounds += 1
            group.blocked += state.end is RoundEnd.BLOCKED
            group.lengths.append(len(played["actions"]))
            shares = win_shares(points, rules.lowest_wins)
            for seat in range(players):
                position = (seat - state.first) % players
                group.wins[position].append(float(shares[seat]))
                group.points[position].append(points[seat])

    def html(self) -> str:
        """One self-contained HTML page: a table and charts per group."""
        parts = [_HEAD]
        for key in sorted(self.groups):
            parts.append(_group_html(self.groups[key]))
        parts.append("</body></html>\n")
        return "".join(parts)

    def to_json(self) -> list[dict[str, Any]]:
        return [_group_json(self.groups[key]) for key in sorted(self.groups)]


def _group_json(group: Group) -> dict[str, Any]:
    return {
        "game": group.game,
        "preset": group.preset,
        "players": group.players,
        "matches": group.matches,
        "rounds": group.rounds,
        "blocked_share": group.blocked / group.rounds,
        "mean_actions": fmean(group.lengths),
        "positions": [
            {
                "position": k,
                "win_share": fmean(group.wins[k]),
                "mean_points": fmean(group.points[k]),
            }
            for k in range(group.players)
        ],
    }


_HEAD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>chickenfoot report</title>
<style>
body { font-family: sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ccc; text-align: right; }
th:first-child { text-align: left; }
img { max-width: 100%; }
</style></head><body>
<h1>chickenfoot report</h1>
<p>Positions are counted from each round's first player (0 starts). A round is won by the
lowest points in Chicken Foot, by the highest in the standard games; tied seats share it.
The bars show 95% confidence intervals; the line is an even share.</p>
"""


def _group_html(group: Group) -> str:
    rows = []
    for k in range(group.players):
        wins = mean_ci(group.wins[k])
        points = mean_ci(group.points[k])
        rows.append(
            f"<tr><td>{k}</td><td>{wins.mean:.1%} ± {wins.half_width or 0:.1%}</td>"
            f"<td>{points.mean:.1f} ± {points.half_width or 0:.1f}</td></tr>"
        )
    return (
        f"<h2>{html.escape(group.title)}</h2>"
        f"<p>{group.matches} matches, {group.rounds} rounds; blocked: "
        f"{group.blocked / group.rounds:.1%}; actions per round: mean "
        f"{fmean(group.lengths):.1f}, from {min(group.lengths)} to {max(group.lengths)}.</p>"
        "<table><tr><th>position</th><th>rounds won</th><th>points per round</th></tr>"
        + "".join(rows)
        + "</table>"
        + f'<img alt="{html.escape(group.title)}: rounds won and points by position, '
        f'round lengths" src="data:image/png;base64,{_chart(group)}">'
    )


def _chart(group: Group) -> str:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, (won, points, lengths) = pyplot.subplots(1, 3, figsize=(12, 3.4))
    positions = list(range(group.players))
    for axes, values, label in ((won, group.wins, "rounds won"), (points, group.points, "points")):
        estimates = [mean_ci(v) for v in values]
        axes.bar(
            positions,
            [e.mean for e in estimates],
            yerr=[e.half_width or 0.0 for e in estimates],
            color="#2f6f4f",
            capsize=4,
        )
        axes.set_xticks(positions)
        axes.set_xlabel("position from the first player")
        axes.set_title(f"{label} per round")
    won.axhline(1 / group.players, color="#b03a2e", linewidth=1)
    won.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    lengths.hist(
        group.lengths, bins=range(min(group.lengths), max(group.lengths) + 2), color="#2f6f4f"
    )
    lengths.set_xlabel("actions in the round")
    lengths.set_title("round lengths")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90)
    pyplot.close(figure)
    return base64.b64encode(buffer.getvalue()).decode()
