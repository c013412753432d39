"""Hypothesis profiles: ``ci`` (the default) is derandomized and keeps no example database,
so every run of ``./scripts/test`` tries the same examples; ``explore`` draws new examples
on every run, ten times as many, and remembers failing ones in ``.hypothesis/``:

    HYPOTHESIS_PROFILE=explore ./scripts/test

``mutation`` is for ``scripts/mutation``: ``ci`` without time limits (a mutant runs slower
than the real code, and only a failing check may count as catching it), a fifth of the
examples, and the fastest tests first (by the durations mutmut measured), so that a mutant
is caught as soon as possible.
"""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

from chickenfoot.core import actions, fast, record
from chickenfoot.core.standard import hand
from chickenfoot.i18n import set_language

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from tests.server_helpers import Server

pytest_plugins = ["tests.services"]

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile(
    "mutation",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=20,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


END_TO_END = frozenset(
    {
        "test_bot_plugins",
        "test_bot_protocol",
        "test_cli_serve",
        "test_cli_signals",
        "test_cluster",
        "test_deploy",
        "test_play_app",
        "test_play_keep",
        "test_play_review",
        "test_server_accounts",
        "test_server_chat",
        "test_server_clock",
        "test_server_connections",
        "test_server_deal",
        "test_server_fair",
        "test_server_guard",
        "test_server_invites",
        "test_server_observability",
        "test_server_open_seats",
        "test_server_outage",
        "test_server_process",
        "test_server_rematch",
        "test_server_replay",
        "test_services",
        "test_setup_script",
        "test_web_accounts",
        "test_web_analysis",
        "test_web_busywork",
        "test_web_chat",
        "test_web_clock",
        "test_web_cluster",
        "test_web_invites",
        "test_web_layout",
        "test_web_pages",
        "test_web_rematch",
        "test_web_rules",
        "test_web_see",
        "test_web_touch",
    }
)
"""The modules whose tests drive the real thing (processes, servers, a browser, a terminal,
throwaway PostgreSQL and Redis servers): marked ``e2e``, which ``./scripts/test --quick``
leaves out."""


ONE_WORKER = frozenset(
    {
        "test_bot_plugins",
        "test_server_accounts",
        "test_server_chat",
        "test_server_clock",
        "test_server_guard",
        "test_server_invites",
        "test_server_open_seats",
        "test_server_rematch",
        "test_server_replay",
        "test_web_accounts",
        "test_web_analysis",
        "test_web_busywork",
        "test_web_chat",
        "test_web_clock",
        "test_web_cluster",
        "test_web_invites",
        "test_web_layout",
        "test_web_pages",
        "test_web_rematch",
        "test_web_rules",
        "test_web_see",
        "test_web_touch",
    }
)
"""The modules whose tests share what is started once for the module (a server, a browser, a
package installed): with ``pytest -n`` (pytest-xdist, ``--dist loadgroup``) each runs whole
on one worker (:func:`pytest_xdist_make_scheduler`), so that it is started once, not once
per worker and again after every other module's test run in between."""


ALONE = ("test_web_cluster", "test_server_fair", "test_cluster")
"""The modules whose timings assume a machine that is not busy: several server processes taking
tables over from each other within seconds (leases, failovers), and a bot's pace measured
against a flood of hints. Marked ``alone``, which ``./scripts/test`` runs after the others,
on as many workers (each mostly waits on leases and servers: half a core on average), in
this order: the page's failover and the bots' paces, long tests of seconds of waiting, start
first, so that none of them is left to run alone at the end."""


TEST_GC_THRESHOLDS = (10_000, 20, 20)
"""The garbage collector's thresholds in the test processes: with the interpreter's (700,
10, 10) the tests that run the engine, the bots and the terminal in process spent about a
sixth of their CPU time in it; with these, about a twentieth. The collections come more
seldom, so each frees more: the tests keep no more memory for long."""


def pytest_configure(config: pytest.Config) -> None:
    gc.set_threshold(*TEST_GC_THRESHOLDS)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What is imported by now lives as long as the process: set aside (``gc.freeze``), it
    is no longer walked by every full collection."""
    gc.collect()
    gc.freeze()


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Asked for the ``alone`` tests only (``-m alone``, as ``./scripts/test`` asks), pytest
    does not import the other test modules."""
    if config.getoption("markexpr") != "alone" or collection_path.suffix != ".py":
        return None
    if collection_path.name.startswith("test_") and collection_path.stem not in ALONE:
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.stem in END_TO_END:
            item.add_marker(pytest.mark.e2e)
        if item.path.stem in ALONE:
            item.add_marker(pytest.mark.alone)
    items.sort(key=lambda item: ALONE.index(item.path.stem) if item.path.stem in ALONE else -1)
    stats = Path("mutmut-stats.json")  # mutmut runs the tests from its mutants/ folder
    if os.environ.get("HYPOTHESIS_PROFILE") != "mutation" or not stats.exists():
        return
    durations = json.loads(stats.read_text(encoding="utf-8"))["duration_by_test"]
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadgroup``, the tests of each module of :data:`ONE_WORKER` go to one
    worker together (the biggest groups first), every other test to whichever worker is free.
    (pytest-xdist's own groups, made by renaming each test, are lost with pytest 9.2, which
    names tests otherwise.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ModulesKeptWhole(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return module if Path(module).stem in ONE_WORKER else nodeid

    return ModulesKeptWhole(config, log)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test is played in English, whatever the machine's locale (``play`` reads it
    when ``--lang`` is not given, also in the processes a test starts)."""
    monkeypatch.setenv("LANGUAGE", "en")
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def cold_caches() -> None:
    """Every test starts with the engine's memo tables empty, so the code that fills them
    runs in every test that needs it, whatever ran before (``scripts/mutation`` runs each
    mutant's tests in a process forked after the whole suite ran once)."""
    fast.PLAYABLE.clear()
    fast._WEIGHTS.clear()
    actions.PLAYS.clear()
    hand._EVENTS.clear()
    record._remembered_rules.cache_clear()


@pytest.fixture(params=[0o022, 0o027])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    """The process's umask set to each of two usual values for the test, then restored."""
    mask: int = request.param
    before = os.umask(mask)
    try:
        yield mask
    finally:
        os.umask(before)


@pytest.fixture(scope="module", name="server")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real ``chickenfoot serve`` for the browser tests of one module (a module that needs
    another kind of server defines its own ``server``)."""
    from tests.server_helpers import serving

    yield from serving(tmp_path_factory)


@pytest.fixture(scope="module", name="browser")
def module_browser() -> Iterator[Browser]:
    """A headless Chromium for the browser tests of one module."""
    from tests.web_helpers import chromium

    yield from chromium()
