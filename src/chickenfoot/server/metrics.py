"""What a server process counts, for Prometheus to scrape at ``GET /metrics``.

Each app has a registry of its own (tests make many apps in one process):

- ``chickenfoot_actions_total``: actions accepted (committed, then sent to every viewer);
  its rate is the actions per second;
- ``chickenfoot_action_broadcast_seconds``: a histogram of the time from an action's arrival
  (a person's frame read, a bot's choice made) to its frames being queued for every
  connection of its table, the commit included;
- ``chickenfoot_errors_total{code}``: refusals sent (error frames and API errors) and bots'
  actions that could not be saved, by code (``storage-unavailable``, ``not-your-turn``...);
- ``chickenfoot_hint_searches_total``: hints searched for (one a seat and turn, however often
  it is asked);
- ``chickenfoot_live_tables``: the tables held in memory now;
- ``chickenfoot_owned_tables``: those of them this process owns (all but with several
  processes, where the others are followed);
- ``chickenfoot_lease_changes_total{change}``: leases taken, lost (to another process),
  retaken (lapsed, and nobody else had taken them) and released (let go);
- ``chickenfoot_forwarded_total``: requests sent to another process, the owner of a table;
- ``chickenfoot_redis_operations``: Redis commands sent since the process started (several
  processes).
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: a commit on loopback takes about a millisecond, a slow disk tens."""

CONTENT_TYPE = CONTENT_TYPE_LATEST


class Metrics:
    """The counters of one server app (see the module docstring)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.actions = Counter(
            "chickenfoot_actions", "Actions accepted (committed and sent).", registry=self.registry
        )
        self.broadcast_seconds = Histogram(
            "chickenfoot_action_broadcast_seconds",
            "Seconds from an action's arrival to its frames queued for every viewer.",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter(
            "chickenfoot_errors",
            "Refusals sent and bots' actions not saved, by code.",
            ["code"],
            registry=self.registry,
        )
        self.hint_searches = Counter(
            "chickenfoot_hint_searches",
            "Hints searched for (one a seat and turn, however often asked).",
            registry=self.registry,
        )
        self.live_tables = Gauge(
            "chickenfoot_live_tables", "Tables held in memory.", registry=self.registry
        )
        self.owned_tables = Gauge(
            "chickenfoot_owned_tables", "Tables this process owns.", registry=self.registry
        )
        self.lease_changes = Counter(
            "chickenfoot_lease_changes",
            "Leases taken, lost, retaken and released.",
            ["change"],
            registry=self.registry,
        )
        self.forwarded = Counter(
            "chickenfoot_forwarded",
            "Requests forwarded to a table's owner.",
            registry=self.registry,
        )
        self.redis_operations = Gauge(
            "chickenfoot_redis_operations",
            "Redis commands sent since the process started.",
            registry=self.registry,
        )

    def count_owned_tables(self, count: Callable[[], int]) -> None:
        self.owned_tables.set_function(lambda: float(count()))

    def count_redis_operations(self, count: Callable[[], int]) -> None:
        self.redis_operations.set_function(lambda: float(count()))

    def count_live_tables(self, count: Callable[[], int]) -> None:
        """Read the number of live tables from ``count`` at each scrape."""
        self.live_tables.set_function(lambda: float(count()))

    def error(self, code: str) -> None:
        self.errors.labels(code=code).inc()

    def render(self) -> bytes:
        """Every metric in Prometheus's text format."""
        return generate_latest(self.registry)
