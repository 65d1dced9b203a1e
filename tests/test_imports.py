"""The import structure of bgsim: the layers of ``docs/architecture.md``, no loops, imports at the top.

Every ``.py`` file under ``bgsim/`` is parsed (not imported) with :mod:`ast`. A module is named by
its dotted path under the package (``engine.position``, ``widgets._board``, ``__init__`` for the
package itself, ``widgets`` for ``widgets/__init__.py``), and its layer is the first part of that
name. The layers and what each may import are read from the tables of ``docs/architecture.md``.

An import "runs at import time" when it sits in the module body (or a class body, or an
``if``/``try``/``with`` there), except inside ``if TYPE_CHECKING:``, which only type checkers read.
Those imports between bgsim's modules must form an acyclic graph, and no function may import a
bgsim module (a lazy import hides a cycle), except the ``_repr_*_`` display hooks, which may import
a rendering module lazily the way notebooks expect.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

PACKAGE = "bgsim"
REPO = Path(__file__).resolve().parent.parent
ROOT = REPO / PACKAGE
ARCHITECTURE = REPO / "docs" / "architecture.md"


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


FILES = {_name(p): p for p in sorted(ROOT.rglob("*.py")) if "__pycache__" not in p.parts}
MODULES = sorted(FILES)
PACKAGES = {m for m in MODULES if FILES[m].name == "__init__.py"}

#: The package's face: bgsim/__init__.py gathers the public API from every layer, __main__.py runs
#: the command line. They are no layer, and no module of a layer imports them.
FACE = {"__init__", "__main__"}


def layer_of(module: str) -> str:
    return module if module in FACE else module.split(".")[0]


# ------------------------------------------------------------------------------ docs/architecture.md
def _table(heading: str) -> list[list[str]]:
    """The rows (cells without Markdown backticks) of the first table under ``## heading``."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}\n", 1)
    assert len(section) == 2, f"docs/architecture.md has no section '## {heading}'"
    rows = []
    for line in section[1].split("\n## ", 1)[0].splitlines():
        if line.startswith("|") and not re.match(r"^\|\s*-", line):
            rows.append([c.strip().replace("`", "") for c in line.strip().strip("|").split("|")])
    return rows[1:]   # without the header


def _names(cell: str) -> set[str]:
    return set() if cell.strip() == "nothing" else {n.strip() for n in cell.split(",") if n.strip()}


#: layer -> its floor, and layer -> the layers it may import, as docs/architecture.md declares them
FLOORS: dict[str, int] = {row[1]: int(row[0]) for row in _table("The layers")}
MAY_IMPORT: dict[str, set[str]] = {row[1]: _names(row[3]) for row in _table("The layers")}
#: (from layer, to layer): the imports allowed to point up, inside _repr_*_ display hooks only
HOOKS_UP: set[tuple[str, str]] = {(row[0], row[1]) for row in _table("The one import that points up")}

#: The rules engine: these must pass without exception.
ENGINE = {m for m in MODULES if layer_of(m) == "engine"}

#: The engine's floor (like python-chess's BaseBoard): the board value, the compiled kernel,
#: notation, the step rules' table and the variants, the explainer and the plays, the errors and
#: the message catalogue (i18n: the refusals are sentences in the learner's language). Counting
#: every import, typing-only and lazy ones too, they import nothing but each other.
FLOOR = {f"engine.{m}" for m in ("_kernel", "board", "dice", "errors", "explain", "i18n", "ids", "notation",
                                 "plays", "step_rules", "variants")}

#: Presentation: clients only. No module outside this set imports one of them, except lazily
#: inside a ``_repr_*_`` display hook.
RENDERING = {m for m in MODULES if layer_of(m) in {"draw", "widgets", "cli", "__main__"}}

#: Function-level imports of bgsim modules allowed outside ``_repr_*_`` hooks, as
#: {(module, function): reason}. Only for genuinely optional heavy dependencies.
LAZY_ALLOWED: dict[tuple[str, str], str] = {}

KNOWN_CYCLES: set[str] = set()
KNOWN_LAZY: set[str] = set()

_REPR_HOOK = re.compile(r"^_repr_\w+_$")


# ------------------------------------------------------------------------------ reading imports
@functools.cache
def _tree(module: str) -> ast.Module:
    return ast.parse(FILES[module].read_text(encoding="utf-8"), filename=str(FILES[module]))


def _resolve(dotted: str) -> str | None:
    """The bgsim module a dotted name under the package loads: itself, or the longest prefix that
    is a module ('from .plays import Play' names 'engine.plays.Play' -> 'engine.plays')."""
    parts = dotted.split(".") if dotted else []
    while parts:
        if ".".join(parts) in FILES:
            return ".".join(parts)
        parts.pop()
    return "__init__"


def _targets(node: ast.Import | ast.ImportFrom, module: str) -> set[str]:
    """The bgsim modules an import statement in ``module`` loads ('__init__' for the package)."""
    found: set[str] = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            parts = alias.name.split(".")
            if parts[0] == PACKAGE:
                found.add(_resolve(".".join(parts[1:])) or "__init__")
        return found
    if node.level == 0:
        parts = (node.module or "").split(".")
        if parts[0] != PACKAGE:
            return found
        base = parts[1:]
    else:
        here = module.split(".") if module not in FACE else []
        if module not in PACKAGES or module in FACE:
            here = here[:-1]
        if node.level - 1 > len(here):
            raise AssertionError(f"{module}: relative import beyond the package: {ast.unparse(node)}")
        base = here[: len(here) - (node.level - 1)] + (node.module.split(".") if node.module else [])
    for alias in node.names:   # from x import y: y may be a submodule of x, or a name defined in x
        found.add(_resolve(".".join([*base, alias.name])) or "__init__")
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


@functools.cache
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


@functools.cache
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


def _package_graph(*, hooks: bool = True) -> dict[str, set[str]]:
    """The layers and the imports between them, counting typing-only and lazy imports (``hooks=False``:
    without the imports inside ``_repr_*_`` display hooks); the face (__init__, __main__) left out."""
    layers = {layer_of(m) for m in MODULES} - FACE
    graph: dict[str, set[str]] = {layer: set() for layer in layers}
    for m, targets in _full_graph(hooks=hooks).items():
        if m in FACE:
            continue
        graph[layer_of(m)] |= {layer_of(t) for t in targets} - {layer_of(m)}
    return graph


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


@functools.cache
def _edges_between_layers() -> dict[tuple[str, str], list[str]]:
    """(from layer, to layer) -> the module imports that make it, as 'a -> b (hook)', every import counted."""
    edges: dict[tuple[str, str], list[str]] = {}
    for m in MODULES:
        if m in FACE:
            continue
        plain = _every_import(m, hooks=False)
        for t in _every_import(m):
            if layer_of(t) != layer_of(m):
                edges.setdefault((layer_of(m), layer_of(t)), []).append(f"{m} -> {t}" + ("" if t in plain else
                                                                                         " (display hook)"))
    return edges


# ------------------------------------------------------------------------------ the checker itself
def test_the_checker_sees_import_time_imports_and_skips_type_checking_blocks():
    assert _import_time_imports("engine.position") >= {"engine.board", "engine.plays", "engine.text", "engine.turn",
                                                       "engine.errors"}
    assert "draw.svg" not in _import_time_imports("engine.position")   # only inside its _repr_svg_ hook
    assert "draw.svg" in _every_import("engine.position")
    assert "engine.position" in _import_time_imports("__init__")
    assert "widgets._board" in _import_time_imports("widgets")          # a subpackage's __init__


def test_the_cycle_finder_reports_a_cycle():
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_checker_reads_every_module_of_every_folder():
    assert {"engine.position", "widgets._stepper", "cli.main", "__main__", "__init__"} <= set(MODULES)
    assert {"engine", "draw", "odds", "game", "sim", "teach", "players", "widgets", "cli"} <= PACKAGES


# ------------------------------------------------------------------------------ the layers of docs/architecture.md
def test_every_folder_of_the_package_is_a_declared_layer():
    found = {layer_of(m) for m in MODULES} - FACE
    assert found == set(FLOORS), (f"folders not in docs/architecture.md: {sorted(found - set(FLOORS))}; "
                                  f"layers there with no folder: {sorted(set(FLOORS) - found)}")


def test_the_declared_layers_import_only_lower_floors():
    for layer, allowed in MAY_IMPORT.items():
        assert allowed <= set(FLOORS), f"{layer} may import unknown layers {sorted(allowed - set(FLOORS))}"
        higher = sorted(b for b in allowed if FLOORS[b] >= FLOORS[layer])
        assert not higher, f"docs/architecture.md lets {layer} (floor {FLOORS[layer]}) import {higher}"
    for a, b in HOOKS_UP:
        assert a in FLOORS and b in FLOORS and FLOORS[b] > FLOORS[a], f"{a} -> {b} is not an upward import"


@pytest.mark.parametrize("edge", sorted(_edges_between_layers()), ids=lambda e: f"{e[0]}->{e[1]}")
def test_every_import_between_layers_is_declared(edge):
    # Counting typing-only and lazy imports: a layer imports only what docs/architecture.md lets it,
    # and an upward import only from a _repr_*_ display hook.
    a, b = edge
    imports = _edges_between_layers()[edge]
    if b in MAY_IMPORT[a]:
        return
    assert edge in HOOKS_UP, f"{a} may not import {b} (docs/architecture.md): " + "; ".join(imports)
    outside = [i for i in imports if not i.endswith("(display hook)")]
    assert not outside, f"{a} imports {b} outside a _repr_*_ display hook: " + "; ".join(outside)


def test_the_check_of_declared_imports_fails_on_an_undeclared_one():
    # The checker itself: cli may not be imported by anything, widgets not by the engine.
    assert "cli" not in set().union(*MAY_IMPORT.values())
    assert "widgets" not in MAY_IMPORT["engine"] and ("engine", "widgets") not in HOOKS_UP


def test_no_layer_imports_the_package_face():
    for m in MODULES:
        if m not in FACE:
            assert not _every_import(m) & FACE, f"{m} imports bgsim's face ({sorted(_every_import(m) & FACE)})"


def test_at_most_15_entries_in_the_package_folder():
    entries = sorted(p.name for p in ROOT.iterdir() if p.name != "__pycache__")
    assert len(entries) <= 15, f"{len(entries)} entries in bgsim/: {entries}"


def test_no_loop_between_layers_counting_typing_only_and_lazy_imports():
    cycle = _find_cycle(_package_graph(hooks=False))
    assert cycle is None, "loop of layers: " + " -> ".join(cycle)


def test_at_most_one_import_between_layers_points_up_and_it_is_a_display_hook():
    up = upward_imports(_package_graph(), _package_graph(hooks=False))
    assert len(up) <= 1, f"imports between layers pointing up: {up}"
    assert set(up) <= HOOKS_UP


def test_the_longest_chain_of_layers_is_at_most_six():
    assert layers(_package_graph(hooks=False)) <= 6


# ------------------------------------------------------------------------------ the modules
def test_the_engine_modules_import_each_other_without_a_cycle():
    graph = _graph()
    engine = {m: graph[m] & ENGINE for m in ENGINE}
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
    assert not bad, f"{module} imports inside functions (move them to the top): " + "; ".join(bad)


def test_the_engine_modules_do_not_import_the_layers_above_them():
    graph = _graph()
    for m in ENGINE:
        assert graph[m] <= ENGINE, f"{m} imports {sorted(graph[m] - ENGINE)} at import time"
    for low in ("dice", "notation", "plays", "ids", "text", "errors", "_kernel"):
        assert "engine.position" not in graph[f"engine.{low}"], f"{low} imports position at import time"


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
    assert "engine.position" not in _reaches(graph, "engine.plays")
    # the board value stands on the errors and IDs only (and the message catalogue, which imports nothing of bgsim)
    assert _every_import("engine.board") <= {"engine.errors", "engine.ids", "engine.i18n"}, (
        "the board value stands on the errors and IDs only")


def test_rendering_modules_are_clients_only():
    graph = _full_graph(hooks=False)
    for m in sorted(set(graph) - RENDERING):
        assert not graph[m] & RENDERING, (
            f"{m} imports presentation {sorted(graph[m] & RENDERING)} outside a _repr_ hook")


def test_the_measures_see_what_they_should():
    loop = {"a": {"b"}, "b": {"a", "c"}, "c": set()}
    assert upward_imports(loop, {"a": {"b"}, "b": {"c"}}) == [("b", "a")]
    assert layers({"a": {"b"}, "b": {"c"}, "c": set()}) == 3
    assert "draw.svg" in _every_import("engine.position")
    assert "draw.svg" not in _every_import("engine.position", hooks=False)
    assert ("engine", "draw") in _edges_between_layers()
    assert all(i.endswith("(display hook)") for i in _edges_between_layers()[("engine", "draw")])


# ------------------------------------------------------------------------------ nothing outside the repository
def test_the_code_cites_no_document_outside_the_repository():
    # A design document the code points to lives in the repository (docs/architecture.md), never
    # beside it: every *.md a module or test names exists here.
    cited = re.compile(r"(?<![\w/.-])([\w./-]*[A-Za-z]\w*\.md)\b")
    missing = []
    for path in [*sorted(ROOT.rglob("*.py")), *sorted((REPO / "tests").rglob("*.py"))]:
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for name in cited.findall(line):
                if "tmp_path" in line:       # a file the test writes into its own temporary folder
                    continue
                if not any((base / name).exists() or (base / name.lstrip("./")).exists()
                           for base in (REPO, REPO / "docs", REPO / "lessons", path.parent)) and "*" not in name:
                    missing.append(f"{path.relative_to(REPO)}:{no}: {name}")
    assert not missing, "documents cited but not in the repository: " + "; ".join(missing)
