"""The modules compiled with mypyc (setup.py) are compiled where a C compiler is at hand, from
their sources as they are now; each module's own tests run it both as installed and as plain
Python (tests/compiled.py)."""

from __future__ import annotations

import ast
import os
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from tests.compiled import COMPILED, as_plain_python, is_compiled, source_of

ROOT = Path(__file__).resolve().parent.parent


def test_the_list_of_compiled_modules_is_setup_pys() -> None:
    tree = ast.parse((ROOT / "setup.py").read_text())
    listed = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED"
    )
    names = {path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in listed}
    assert names == set(COMPILED)


def test_setup_builds_again_when_a_compiled_module_changes() -> None:
    setup = (ROOT / "scripts" / "setup").read_text()
    for module in COMPILED.values():
        assert str(source_of(module).relative_to(ROOT)) in setup


@pytest.mark.parametrize("module", COMPILED.values(), ids=list(COMPILED))
def test_the_module_is_compiled_where_a_c_compiler_is_at_hand(module: ModuleType) -> None:
    """Unless CHICKENFOOT_PURE_PYTHON asked for plain Python (see scripts/setup)."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    wanted = compiler is not None and not os.environ.get("CHICKENFOOT_PURE_PYTHON")
    assert is_compiled(module) == wanted, "run scripts/setup"
    assert not is_compiled(as_plain_python(module))


@pytest.mark.parametrize("module", COMPILED.values(), ids=list(COMPILED))
def test_the_compiled_module_is_built_from_its_source_as_it_is_now(module: ModuleType) -> None:
    """An edited source with an older build would test the old code (scripts/setup builds
    it again whenever the source changes)."""
    if is_compiled(module):
        built = Path(str(module.__file__)).stat().st_mtime
        assert built >= source_of(module).stat().st_mtime, "source changed: run scripts/setup"
