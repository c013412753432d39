"""Hypothesis profiles: ``ci`` (the default) is derandomized and keeps no example database,
so every run of ``./scripts/test`` tries the same examples; ``explore`` draws new examples
on every run, ten times as many, and remembers failing ones in ``.hypothesis/``:

    HYPOTHESIS_PROFILE=explore ./scripts/test
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from chickenfoot.i18n import set_language

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test is played in English, whatever the machine's locale (``play`` reads it
    when ``--lang`` is not given, also in the processes a test starts)."""
    monkeypatch.setenv("LANGUAGE", "en")
    set_language("en")
    yield
    set_language("en")
