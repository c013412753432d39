"""The modules compiled with mypyc at install (see setup.py), and each read from its source
as plain Python, so that tests can run both."""

from __future__ import annotations

import importlib.util
import sysconfig
from pathlib import Path
from types import ModuleType

from chickenfoot.bots import dealing, playout
from chickenfoot.core import compact_loop, fast

COMPILED: dict[str, ModuleType] = {
    "chickenfoot.core.compact_loop": compact_loop,
    "chickenfoot.core.fast": fast,
    "chickenfoot.bots.playout": playout,
    "chickenfoot.bots.dealing": dealing,
}
"""Every module setup.py compiles, as installed."""


def source_of(module: ModuleType) -> Path:
    return Path(str(module.__file__)).with_name(module.__name__.rpartition(".")[2] + ".py")


def as_plain_python(module: ModuleType) -> ModuleType:
    """``module`` read from its source, whether or not the installed one is compiled."""
    name = module.__name__.replace(".", "_") + "_as_plain_python"
    spec = importlib.util.spec_from_file_location(name, source_of(module))
    assert spec is not None and spec.loader is not None
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    return plain


def is_compiled(module: ModuleType) -> bool:
    return str(module.__file__).endswith(sysconfig.get_config_var("EXT_SUFFIX"))
