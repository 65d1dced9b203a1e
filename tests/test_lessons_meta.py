"""The lessons as files: rule ids taught, kernel, stored outputs, public API only, the sanitizer.

A lesson declares what it teaches in its first Markdown cell with one line

    **Rules:** R1-R4, R4a, P1, P2

(``Rules: none`` for a lesson that teaches no rule of its own). The ids must be real and
must match the course plan in ``bgsim.teach.rulebook.LESSONS``, which the rule reference uses
to link each rule to its lessons.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

import bgsim
from bgsim.teach.rulebook import LESSONS, parse_ids, rules_reference

ROOT = Path(__file__).resolve().parent.parent
LESSON_DIR = ROOT / "lessons"
NOTEBOOKS = sorted(p for p in LESSON_DIR.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
NUMBERED = [p for p in NOTEBOOKS if re.match(r"\d\d-", p.name)]

RULES_LINE = re.compile(r"^\s*(?:\*\*)?Rules:(?:\*\*)?\s*(.*?)\s*$", re.MULTILINE)

#: Public modules of bgsim: the package's top-level modules whose names do not start with "_".
PUBLIC_MODULES = {p.stem for p in (ROOT / "bgsim").glob("*.py") if not p.stem.startswith("_")} | {
    p.name for p in (ROOT / "bgsim").iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def declared_ids(path: Path) -> tuple[str, ...]:
    """The ids in the lesson's ``Rules:`` line (first Markdown cell)."""
    nb = _load(path)
    first_md = next((c for c in nb["cells"] if c["cell_type"] == "markdown"), None)
    assert first_md is not None, f"{path.name} has no Markdown cell"
    found = RULES_LINE.findall(_source(first_md))
    assert len(found) == 1, f"{path.name}: the first Markdown cell needs exactly one 'Rules:' line"
    value = found[0].strip().rstrip(".")
    return () if value.lower() == "none" else parse_ids(value)


def _ids(paths):
    return [pytest.param(p, id=p.name) for p in paths]


def test_lesson_files_follow_the_plan():
    planned = {lesson.file for lesson in LESSONS.values()} | {"teacher-guide.ipynb", "sandbox.ipynb",
                                                              "class-results.ipynb"}
    unexpected = [p.name for p in NOTEBOOKS if p.name not in planned]
    assert not unexpected, f"lessons not in bgsim.teach.rulebook.LESSONS: {unexpected}"


@pytest.mark.parametrize("path", _ids(NUMBERED))
def test_lesson_declares_the_planned_valid_rule_ids(path):
    known = set(rules_reference().ids)
    ids = declared_ids(path)
    assert set(ids) <= known, f"{path.name} declares unknown ids {sorted(set(ids) - known)}"
    planned = set(parse_ids(LESSONS[path.name[:2]].rules))
    assert set(ids) == planned, (
        f"{path.name} declares {sorted(ids)} but the plan (bgsim.teach.rulebook.LESSONS) says {sorted(planned)}")


def test_the_class_results_page_has_no_empty_rules_line():
    """The class's results page teaches no rule of its own: its board (ClassResultsBoard) names the rule
    ids of the lessons whose questions were answered (R1-R4 ...), so the page has no "Rules: none" line."""
    source = (LESSON_DIR / "src/class-results.md").read_text(encoding="utf-8")
    assert RULES_LINE.findall(source) == []
    assert "ClassResultsBoard(" in source


@pytest.mark.parametrize("path", _ids(NOTEBOOKS))
def test_lesson_kernel_is_python3(path):
    assert _load(path)["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", _ids(NOTEBOOKS))
def test_every_code_cell_was_executed_and_stored(path):
    """nbval passes vacuously on cells never run: every code cell must hold its stored run."""
    nb = _load(path)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code, f"{path.name} has no code cell"
    not_run = [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code" and c.get("execution_count") is None]
    assert not not_run, f"{path.name}: cells {not_run} have no stored run: `make lessons`"
    counts = [c["execution_count"] for c in code]
    assert counts == list(range(1, len(code) + 1)), f"{path.name} was not run top to bottom in one kernel"
    errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, f"{path.name} stores an error output"


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _stable_model_id(name: str, n: int) -> str:
    """``lessons/tools/execute.py``'s fixed id of a lesson's n-th widget model."""
    spec = importlib.util.spec_from_file_location("lesson_execute", LESSON_DIR / "tools" / "execute.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.stable_model_id(name, n)


@pytest.mark.parametrize("path", _ids(NOTEBOOKS))
def test_widget_state_is_stored_with_fixed_ids(path):
    """A lesson opened before it runs shows its widgets (issue 19): every widget it shows has its
    state stored, under the fixed ids `make lessons` gives (so a re-run changes nothing)."""
    nb = _load(path)
    state = nb["metadata"].get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    shown = [o["data"][WIDGET_VIEW]["model_id"] for c in nb["cells"] for o in c.get("outputs", [])
             if WIDGET_VIEW in o.get("data", {})]
    missing = [m for m in shown if m not in state]
    assert not missing, f"{path.name}: {len(missing)} widgets shown without their stored state: `make lessons`"
    fixed = {_stable_model_id(path.name, n) for n in range(len(state) + len(shown))}
    assert set(state) <= fixed, f"{path.name} stores widget models under random ids: `make lessons`"


@pytest.mark.parametrize("path", _ids(NOTEBOOKS))
def test_lessons_use_the_public_api_only(path):
    for cell in _load(path)["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = _source(cell)
        private = re.findall(r"\bbgsim\.(_\w+)", src)
        assert not private, f"{path.name} uses private bgsim.{private[0]}"
        for mod in re.findall(r"^\s*(?:from|import)\s+bgsim\.(\w+)", src, re.MULTILINE):
            assert mod in PUBLIC_MODULES, f"{path.name} imports bgsim.{mod}, not a public module"
        for name in re.findall(r"^\s*from\s+bgsim\s+import\s+\(?([^)\n]*)", src, re.MULTILINE):
            for item in (n.strip().split(" as ")[0] for n in name.split(",")):
                if item:
                    assert not item.startswith("_"), f"{path.name} imports bgsim.{item}"
                    assert item in bgsim.__all__ or item in PUBLIC_MODULES, (
                        f"{path.name}: `from bgsim import {item}` is not in the public API")


def test_the_lesson_plan_is_in_the_lessons_readme():
    text = (LESSON_DIR / "README.md").read_text(encoding="utf-8")
    for number, lesson in LESSONS.items():
        assert lesson.file in text, f"lessons/README.md does not list {lesson.file}"
        rules = lesson.rules or "none"
        row = next((line for line in text.splitlines() if line.startswith("|") and lesson.file in line), "")
        assert rules in row, f"lessons/README.md: the row of lesson {number} should say {rules}"


def test_the_lesson_plan_is_in_the_top_readme():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for number, lesson in LESSONS.items():
        row = next((line for line in text.splitlines() if line.startswith(f"| {number} {lesson.title} |")), None)
        assert row is not None, f"README.md's lessons table has no row '| {number} {lesson.title} |'"
        assert row.rstrip(" |").endswith(lesson.rules), f"README.md: lesson {number} teaches {lesson.rules}"


def test_every_rule_is_taught_by_some_lesson():
    taught: set[str] = set()
    for path in NUMBERED:
        taught |= set(declared_ids(path))
    missing = [rid for rid in rules_reference().ids if rid not in taught]
    assert not missing, f"no lesson teaches {missing}"


# The sanitizer ---------------------------------------------------------------------------

def _sanitizer() -> list[tuple[str, str]]:
    # the same reading nbval does (nbval.plugin.get_sanitize_patterns)
    text = (LESSON_DIR / "sanitize.cfg").read_text(encoding="ascii")
    return re.findall(r"^regex: (.*)$\n^replace: (.*)$", text, flags=re.MULTILINE)


def _sanitize(s: str) -> str:
    for regex, replace in _sanitizer():
        s = re.sub(regex, replace, s)
    return s


@pytest.mark.parametrize("raw, clean", [
    ("<bgsim.engine.position.Position object at 0x7f3a2c1d9e50>", "<bgsim.engine.position.Position object at 0xADDRESS>"),
    ("model 0123456789abcdef0123456789ABCDEF", "model HEX-ID"),
    ("id 123e4567-e89b-12d3-a456-426614174000", "id UUID"),
    ("took 1.25 s", "took DURATION"),
    ("took 350 ms", "took DURATION"),
    ("took 12.5 \u00b5s", "took DURATION"),
    ("took 12.5 \u03bcs", "took DURATION"),
    ("CPU times: user 1.2 ms, sys: 0 ns, total: 1.2 ms", "CPU times: TIME"),
    ("Wall time: 2.3 s", "Wall time: TIME"),
    ("at 2026-01-31 12:34:56.789+01:00", "at TIMESTAMP"),
    ("at 2026-01-31T12:34:56Z", "at TIMESTAMP"),
    ("at 12:34:56", "at CLOCK-TIME"),
    ("rolled 6s and 5-5", "rolled 6s and 5-5"),              # a pair of sixes is not a duration
    ("gnubg ID 4HPwATDgc/ABMA", "gnubg ID 4HPwATDgc/ABMA"),  # position ids stay
    ("win 0.5347 [0.5184, 0.5510]", "win 0.5347 [0.5184, 0.5510]"),
])
def test_sanitizer(raw, clean):
    assert _sanitize(raw) == clean


def test_sanitizer_patterns_compile_and_are_all_read():
    pairs = _sanitizer()
    text = (LESSON_DIR / "sanitize.cfg").read_text(encoding="ascii")
    assert len(pairs) == text.count("\nregex: ") >= 5
    for regex, _ in pairs:
        re.compile(regex)
