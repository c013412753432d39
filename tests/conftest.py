"""Hypothesis profiles: ``ci`` (the default) is derandomized and keeps no example database,
so every run of ``./scripts/test`` tries the same examples; ``explore`` draws new examples
on every run, ten times as many, and remembers failing ones in ``.hypothesis/``:

    HYPOTHESIS_PROFILE=explore ./scripts/test
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
