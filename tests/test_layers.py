"""The house's layers, read from the source: every ``import`` of every module, those inside
functions and under ``TYPE_CHECKING`` included. The core imports only itself; the bots, the
guides and the words never reach a front end; the front ends (the terminal, the server) never
reach each other; and no two modules import each other."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"


@cache
def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in SOURCE.rglob("*.py"):
        name = ".".join(path.relative_to(SOURCE).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


@cache
def imports() -> dict[str, frozenset[str]]:
    """Each module of the project and the project's modules it imports (a ``from package
    import submodule`` imports that submodule, not the package's contents)."""
    known = modules()
    graph: dict[str, frozenset[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join([*parts, *([node.module] if node.module else [])])
                else:
                    module = node.module or ""
                submodules = [f"{module}.{a.name}" for a in node.names]
                found.update(sub for sub in submodules if sub in known)
                if any(sub not in known for sub in submodules):
                    found.add(module)
        graph[name] = frozenset(m for m in found if m in known and m != name)
    return graph


def part(module: str) -> str:
    """The layer a module belongs to: ``chickenfoot.core.rules`` is in ``core``."""
    return module.split(".")[1] if "." in module else ""


def reaching(source: str, targets: set[str]) -> list[str]:
    return sorted(
        f"{a} imports {b}"
        for a, imported in imports().items()
        if part(a) == source
        for b in imported
        if part(b) in targets
    )


def test_the_modules_are_found() -> None:
    graph = imports()
    assert "chickenfoot.core.rules" in graph
    assert "chickenfoot.core.tiles" in graph["chickenfoot.core.rules"]
    assert "chickenfoot.server.hub" in graph


def test_the_core_imports_only_the_core() -> None:
    outside = sorted(
        f"{a} imports {b}"
        for a, imported in imports().items()
        if part(a) == "core"
        for b in imported
        if part(b) != "core"
    )
    assert outside == []


def test_the_games_for_other_libraries_build_on_the_core_alone() -> None:
    for name in ("openspiel", "pettingzoo", "encoding"):
        assert f"chickenfoot.interop.{name}" in imports()
    assert "chickenfoot.interop.encoding" in imports()["chickenfoot.interop.openspiel"]
    assert "chickenfoot.interop.encoding" in imports()["chickenfoot.interop.pettingzoo"]
    assert (
        reaching("interop", {p for p in map(part, imports()) if p not in {"core", "interop"}}) == []
    )


FRONT_ENDS = {"cli", "terminal", "server", ""}


@pytest.mark.parametrize(
    "layer", ["bots", "howto", "i18n", "files", "analysis", "ratings", "interop"]
)
def test_what_every_front_end_builds_on_reaches_no_front_end(layer: str) -> None:
    assert reaching(layer, FRONT_ENDS) == []


def test_the_terminal_and_the_server_do_not_import_each_other_or_the_command_line() -> None:
    assert reaching("terminal", {"server", "cli"}) == []
    assert reaching("server", {"terminal", "cli"}) == []


def test_no_two_modules_import_each_other() -> None:
    graph = imports()
    mutual = sorted(
        f"{a} and {b}" for a, imported in graph.items() for b in imported if a < b and a in graph[b]
    )
    assert mutual == []
