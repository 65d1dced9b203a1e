"""The import structure of bgsim: no cycles, imports at module top only.

Every ``bgsim/*.py`` is parsed (not imported) with :mod:`ast`. An import "runs at import
time" when it sits in the module body (or a class body, or an ``if``/``try``/``with`` there),
except inside ``if TYPE_CHECKING:``, which only type checkers read. Those imports between
bgsim's own modules must form an acyclic graph, and no function may import a bgsim module
(a lazy import hides a cycle), except the ``_repr_*_`` display hooks, which may import a
rendering module lazily the way notebooks expect.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = "bgsim"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE
MODULES = sorted(p.stem for p in ROOT.glob("*.py"))

#: The rules engine: these must pass without exception.
ENGINE = {"__init__", "_kernel", "dice", "errors", "ids", "notation", "plays", "position", "text", "turn"}

#: Function-level imports of bgsim modules allowed outside ``_repr_*_`` hooks, as
#: {(module, function): reason}. Only for genuinely optional heavy dependencies; none today.
LAZY_ALLOWED: dict[tuple[str, str], str] = {}

#: Modules outside the engine still failing a check on this branch (another branch fixes
#: them); the marker is not strict, so remove the entry once the module passes.
KNOWN_CYCLES: set[str] = set()
KNOWN_LAZY: set[str] = set()

_REPR_HOOK = re.compile(r"^_repr_\w+_$")


def _tree(module: str) -> ast.Module:
    return ast.parse((ROOT / f"{module}.py").read_text(encoding="utf-8"), filename=f"{module}.py")


def _targets(node: ast.Import | ast.ImportFrom, module: str) -> set[str]:
    """The bgsim modules an import statement in ``module`` loads ('__init__' for the package)."""
    found: set[str] = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            parts = alias.name.split(".")
            if parts[0] == PACKAGE:
                found.add(parts[1] if len(parts) > 1 else "__init__")
        return found
    if node.level == 0:
        parts = (node.module or "").split(".")
        if parts[0] != PACKAGE:
            return found
        rest = parts[1:]
    elif node.level == 1:  # a flat package: "." is bgsim itself
        rest = node.module.split(".") if node.module else []
    else:  # pragma: no cover - bgsim has no subpackages
        raise AssertionError(f"{module}: relative import beyond the package: {ast.unparse(node)}")
    if rest:
        found.add(rest[0])
    else:  # from . import x / from bgsim import x: a submodule, or a name of bgsim/__init__
        for alias in node.names:
            found.add(alias.name if alias.name in MODULES else "__init__")
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_time_imports(module: str) -> set[str]:
    """The bgsim modules ``module`` imports while it is being imported."""
    out: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                out.update(_targets(node, module))
            elif isinstance(node, ast.If):
                if not _is_type_checking(node.test):
                    walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.ClassDef):
                walk(node.body)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            else:
                for name in ("body", "orelse", "finalbody", "handlers"):
                    for child in getattr(node, name, []) or []:
                        walk([child] if isinstance(child, ast.stmt) else getattr(child, "body", []))

    walk(_tree(module).body)
    out.discard(module)
    return out


def _function_imports(module: str) -> list[tuple[str, int, str]]:
    """(function, line, statement) for each import of a bgsim module inside a function."""
    found = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
            elif isinstance(child, (ast.Import, ast.ImportFrom)):
                if function is not None and _targets(child, module):
                    found.append((function, child.lineno, ast.unparse(child)))
            else:
                visit(child, function)

    visit(_tree(module), None)
    return found


def _graph() -> dict[str, set[str]]:
    return {m: _import_time_imports(m) & set(MODULES) for m in MODULES}


def _cycle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A shortest import cycle through ``start`` (as a path start -> ... -> start), or None."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph[node]):
            if nxt == start:
                return paths[node] + [start]
            if nxt not in paths:
                paths[nxt] = paths[node] + [nxt]
                queue.append(nxt)
    return None


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    for m in sorted(graph):
        cycle = _cycle_through(graph, m)
        if cycle:
            return cycle
    return None


def _marks(module: str, known: set[str], why: str):
    if module in known and module not in ENGINE:
        return pytest.param(module, marks=pytest.mark.xfail(strict=False, reason=why))
    return module


# ------------------------------------------------------------------------------ the checker itself
def test_the_checker_sees_import_time_imports_and_skips_type_checking_blocks():
    assert _import_time_imports("position") >= {"plays", "notation", "ids", "text", "errors"}
    assert "position" not in _import_time_imports("plays")   # only under TYPE_CHECKING there
    assert "position" in _import_time_imports("__init__")


def test_the_cycle_finder_reports_a_cycle():
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


# ------------------------------------------------------------------------------ the package
def test_the_engine_modules_import_each_other_without_a_cycle():
    graph = _graph()
    engine = {m: graph[m] & ENGINE for m in ENGINE - {"__init__"}}
    cycle = _find_cycle(engine)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


@pytest.mark.parametrize("module", [
    _marks(m, KNOWN_CYCLES, "import cycle outside the engine, removed by the play-layer branch")
    for m in MODULES if m != "__init__"])
def test_no_module_is_on_an_import_cycle(module):
    # bgsim/__init__ imports every public module; a module importing "from bgsim import X"
    # at import time would close a cycle through it, so the package node is kept.
    cycle = _cycle_through(_graph(), module)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


@pytest.mark.parametrize("module", [
    _marks(m, KNOWN_LAZY, "function-level imports outside the engine, removed by another branch")
    for m in MODULES])
def test_no_function_imports_a_bgsim_module(module):
    bad = [f"line {line} in {func}(): {stmt}" for func, line, stmt in _function_imports(module)
           if not _REPR_HOOK.match(func) and (module, func) not in LAZY_ALLOWED]
    assert not bad, f"{module}.py imports inside functions (move them to the top): " + "; ".join(bad)


def test_the_engine_modules_do_not_import_the_layers_above_them():
    graph = _graph()
    for m in ENGINE - {"__init__"}:
        assert graph[m] <= ENGINE, f"{m} imports {sorted(graph[m] - ENGINE)} at import time"
    for low in ("dice", "notation", "plays", "ids", "text", "errors", "_kernel"):
        assert "position" not in graph[low], f"{low} imports position at import time"
