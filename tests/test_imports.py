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
ENGINE = {"__init__", "_kernel", "board", "dice", "errors", "explain", "i18n", "ids", "notation", "plays",
          "position", "text", "turn"}

#: The engine's floor (DESIGN.md layer 1, like python-chess's BaseBoard): the board value, the
#: compiled kernel, notation, the explainer and the plays, and the message catalogue (i18n: the
#: refusals are sentences in the learner's language). Counting every import, typing-only and lazy
#: ones too, they import nothing but each other.
FLOOR = {"_kernel", "board", "dice", "errors", "explain", "i18n", "ids", "notation", "plays"}

#: Presentation (DESIGN.md layer 4): clients only. No module outside this set imports one of
#: them, except lazily inside a ``_repr_*_`` display hook.
RENDERING = {"svg", "charts", "cli", "cli_read", "cli_commands", "__main__"}

#: Function-level imports of bgsim modules allowed outside ``_repr_*_`` hooks, as
#: {(module, function): reason}. Only for genuinely optional heavy dependencies.
LAZY_ALLOWED: dict[tuple[str, str], str] = {
    ("quiz", "widget"): "Quiz.widget is public API (a lesson's quiz is shown through it, by _ipython_display_) and "
                        "a property cannot be a _repr_ hook; it builds a bgsim.widgets.QuizWidget, which needs the "
                        "optional ipywidgets and anywidget, so a quiz can be built and checked without them.",
}

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


def _every_import(module: str, *, hooks: bool = True) -> set[str]:
    """Every bgsim module ``module`` names in an import, wherever it stands: at the top, under
    ``if TYPE_CHECKING:``, or inside a function; ``hooks=False`` leaves out the imports inside
    ``_repr_*_`` display hooks (the one lazy import the design allows)."""
    out: set[str] = set()

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
            elif isinstance(child, (ast.Import, ast.ImportFrom)):
                if hooks or function is None or not _REPR_HOOK.match(function):
                    out.update(_targets(child, module))
            else:
                visit(child, function)

    visit(_tree(module), None)
    out.discard(module)
    return out & set(MODULES)


def _full_graph(*, hooks: bool = True) -> dict[str, set[str]]:
    """The import graph counting typing-only and lazy imports too (the package __init__ left out:
    it imports every public module to export its names)."""
    return {m: _every_import(m, hooks=hooks) - {"__init__"} for m in MODULES if m != "__init__"}


def _reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def upward_imports(graph: dict[str, set[str]], base: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The imports that point up: ``a`` imports ``b`` outside ``base`` (the graph without the
    lazy imports, or without the typing-only ones too) although ``b``, through any chain of
    imports, imports ``a``. When ``base`` has no loop, every loop of ``graph`` has at least one."""
    return sorted((a, b) for a in graph for b in graph[a]
                  if b not in base.get(a, set()) and a in _reaches(graph, b))


def layers(graph: dict[str, set[str]]) -> int:
    """How many layers the modules stack: the longest chain of imports, loops condensed."""
    memo: dict[str, int] = {}

    def depth(m: str, path: frozenset[str]) -> int:
        if m in memo:
            return memo[m]
        below = [depth(n, path | {m}) for n in graph[m] if n not in path]
        memo[m] = 1 + max(below, default=0)
        return memo[m]

    return max(depth(m, frozenset()) for m in graph)


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
    assert _import_time_imports("position") >= {"board", "plays", "text", "turn", "errors"}
    assert "svg" not in _import_time_imports("position")   # only inside its _repr_svg_ hook
    assert "svg" in _every_import("position")
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


# ------------------------------------------------------------------------------ the engine knot (issue 18)
def test_no_loop_of_imports_counting_typing_only_and_lazy_imports():
    # Only the _repr_*_ hooks may import upward (they run when a notebook draws a value).
    graph = _full_graph(hooks=False)
    cycle = _find_cycle(graph)
    assert cycle is None, "import loop (typing-only and lazy imports counted): " + " -> ".join(cycle)


def test_at_most_two_imports_point_up_and_they_are_display_hooks():
    # Counting typing-only imports as part of the structure: only a display hook may close a loop.
    up = upward_imports(_full_graph(), _full_graph(hooks=False))
    assert len(up) <= 2, f"imports pointing up: {up}"
    # Counting only what runs at import time as the structure, the same two at most.
    assert len(upward_imports(_full_graph(), _graph())) <= 2


def test_the_engine_floor_imports_nothing_above_it():
    graph = _full_graph(hooks=False)
    for m in sorted(FLOOR):
        assert graph[m] <= FLOOR, f"{m} (engine floor) imports {sorted(graph[m] - FLOOR)}"
    assert "position" not in _reaches(graph, "plays")
    # the board value stands on the errors and IDs only (and the message catalogue, which imports nothing of bgsim)
    assert _every_import("board") <= {"errors", "ids", "i18n"}, "the board value stands on the errors and IDs only"


def test_rendering_modules_are_clients_only():
    present = {m for m in RENDERING if m in MODULES}
    graph = _full_graph(hooks=False)
    for m in sorted(set(graph) - present):
        assert not graph[m] & present, f"{m} imports presentation {sorted(graph[m] & present)} outside a _repr_ hook"


def test_the_measures_see_what_they_should():
    loop = {"a": {"b"}, "b": {"a", "c"}, "c": set()}
    assert upward_imports(loop, {"a": {"b"}, "b": {"c"}}) == [("b", "a")]
    assert layers({"a": {"b"}, "b": {"c"}, "c": set()}) == 3
    assert "svg" in _every_import("position") and "svg" not in _every_import("position", hooks=False)
