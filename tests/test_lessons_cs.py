"""The Czech edition of the course (``lessons/cs/``, issue 23) against the English one.

Parity, so the editions cannot drift apart: a Czech lesson has the English lesson's cells in the
same order (same kinds, same tags), the same code with only the words changed (every string
literal and comment may differ, nothing else: the same numbers, calls, seeds and answer keys;
the one extra statement is ``bgsim.set_language("cs")`` in the first code cell), the same
answer positions in every multiple-choice question, and the same rule ids in its
``Pravidla:`` line. And as files: executed with stored outputs, widget ids fixed, the python3
kernel, Czech Markdown (no English cell left), links to the English edition and the Czech rules.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from bgsim.teach.rulebook import LESSONS, parse_ids

ROOT = Path(__file__).resolve().parent.parent
EN = ROOT / "lessons"
CS = EN / "cs"
CZECH = sorted(p for p in CS.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
SET_CZECH = 'bgsim.set_language("cs")'
RULES_LINE = re.compile(r"^\s*(?:\*\*)?(?:Rules|Pravidla):(?:\*\*)?\s*(.*?)\s*$", re.MULTILINE)


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _ids(paths):
    return [pytest.param(p, id=p.name) for p in paths]


def _pair(path: Path) -> tuple[dict, dict]:
    return _load(EN / path.name), _load(path)


def _words(text: str) -> bool:
    """Text with words in it; play notation ("bar/22* 13/7", "6/off") and numbers are not words."""
    return bool(re.search(r"[^\W\d_]", re.sub(r"\b(bar|off)\b", "", text)))


class _Mask(ast.NodeTransformer):
    """Every string literal with words becomes "" (f-strings keep their expressions): the words may
    change; notation such as "24/18 13/11" and every number must stay."""

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, str) and _words(node.value):
            return ast.copy_location(ast.Constant(""), node)
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        parts = [self.visit(v) for v in node.values if isinstance(v, ast.FormattedValue)]
        return ast.copy_location(ast.JoinedStr(values=parts), node)


def _shape(code: str, *, czech_first: bool = False) -> str:
    tree = ast.parse(code)
    if czech_first:   # the first code cell: the Czech switch (and the import it needs) are the one addition
        extra = {ast.unparse(ast.parse(SET_CZECH)), "import bgsim"}
        tree.body = [s for s in tree.body if ast.unparse(s) not in extra]
    return ast.dump(_Mask().visit(tree))


def _answer_positions(code: str) -> list[tuple[int, ...]]:
    """For each ``Quiz.choice(question, [choices...], answer=..., why=..., wrong={...})`` with literal
    choices: the position among the choices of every literal in the call that is one of them."""
    out = []
    for node in ast.walk(ast.parse(code)):
        if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "choice"):
            continue
        choices = node.args[1] if len(node.args) > 1 else None
        if isinstance(choices, ast.Name):        # choices = [...] set earlier in the cell
            found = [a.value for a in ast.walk(ast.parse(code)) if isinstance(a, ast.Assign)
                     and any(getattr(t, "id", "") == choices.id for t in a.targets)]
            choices = found[0] if found else None
        if not isinstance(choices, ast.List):
            continue
        values = [ast.literal_eval(e) for e in choices.elts if isinstance(e, ast.Constant)]
        rest = [n.value for kw in node.keywords for n in ast.walk(kw.value) if isinstance(n, ast.Constant)]
        out.append(tuple(values.index(v) for v in rest if v in values))
    return out


def test_every_czech_lesson_has_an_english_original():
    assert CZECH, "lessons/cs/ has no lesson"
    assert {p.name for p in CZECH} <= {p.name for p in EN.glob("*.ipynb")}
    planned = {lesson.file for lesson in LESSONS.values()}
    assert {"00-start-here.ipynb", "04-bar.ipynb"} <= {p.name for p in CZECH} & planned


@pytest.mark.parametrize("path", _ids(CZECH))
def test_same_cells_in_the_same_order(path):
    en, cs = _pair(path)
    shape = [(c["cell_type"], sorted(c.get("metadata", {}).get("tags", []))) for c in en["cells"]]
    assert [(c["cell_type"], sorted(c.get("metadata", {}).get("tags", []))) for c in cs["cells"]] == shape


@pytest.mark.parametrize("path", _ids(CZECH))
def test_same_code_only_the_words_differ(path):
    en, cs = _pair(path)
    codes = [(_source(a), _source(b)) for a, b in zip(en["cells"], cs["cells"], strict=True) if a["cell_type"] == "code"]
    assert SET_CZECH in codes[0][1], "the first code cell must switch bgsim to Czech"
    for n, (a, b) in enumerate(codes):
        assert _shape(a, czech_first=n == 0) == _shape(b, czech_first=n == 0), \
            f"code cell {n} differs in more than its words:\n{b}"


@pytest.mark.parametrize("path", _ids(CZECH))
def test_same_answer_keys(path):
    en, cs = _pair(path)
    for a, b in zip(en["cells"], cs["cells"], strict=True):
        if a["cell_type"] == "code":
            assert _answer_positions(_source(a)) == _answer_positions(_source(b)), _source(b)[:200]


def test_the_answer_key_check_can_fail():
    en = 'q = Quiz.choice("Who?", ["a", "b"], answer="b", wrong={"a": "no"})'
    assert _answer_positions(en) == [(1, 0)]
    assert _answer_positions(en.replace('answer="b"', 'answer="a"').replace('{"a"', '{"b"')) == [(0, 1)]
    assert _shape("f(1, 'x')") == _shape("f(1, 'y')") != _shape("f(2, 'x')")
    assert _shape("p.play('24/18 13/11')") != _shape("p.play('24/18 13/10')")


@pytest.mark.parametrize("path", _ids(CZECH))
def test_same_rule_ids(path):
    en, cs = _pair(path)

    def ids(nb: dict) -> tuple[str, ...] | None:
        """The ids of the first cell's Rules line; None for a page with no such line (the class's
        results: its board names the rules of the questions answered)."""
        first = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
        found = RULES_LINE.findall(_source(first))
        assert len(found) <= 1
        if not found:
            return None
        value = found[0].split("(")[0].strip().rstrip(".")      # "none (the guide teaches no rule ...)"
        return () if value.lower() in ("none", "žádná") else parse_ids(value)

    assert ids(cs) == ids(en)
    assert ("**Pravidla:**" in _source(cs["cells"][0])) == (ids(en) is not None)


@pytest.mark.parametrize("path", _ids(CZECH))
def test_markdown_is_translated_and_links_both_editions(path):
    en, cs = _pair(path)
    for a, b in zip(en["cells"], cs["cells"], strict=True):
        if a["cell_type"] == "markdown" and re.search(r"[A-Za-z]{4} [a-z]{3}", _source(a)):
            assert _source(a) != _source(b), f"untranslated cell: {_source(b)[:80]!r}"
    assert f"../{path.name}" in _source(cs["cells"][0]), "the first cell links the English edition"
    text = "".join(_source(c) for c in cs["cells"] if c["cell_type"] == "markdown")
    assert "docs/rules.md)" not in text           # rule links go to the Czech reference


@pytest.mark.parametrize("path", _ids(CZECH))
def test_executed_with_stored_outputs_and_fixed_widget_ids(path):
    nb = _load(path)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c.get("execution_count") for c in code), "run `make lessons` (lessons/tools/execute.py)"
    assert any(c.get("outputs") for c in code)
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    import hashlib
    fixed = {hashlib.md5(f"cs/{path.name}:{n}".encode()).hexdigest() for n in range(len(state))}
    assert set(state) == fixed


@pytest.mark.parametrize("path", _ids(CZECH))
def test_czech_outputs(path):
    """The stored outputs speak Czech: the widgets' buttons, the boards' labels."""
    nb = _load(path)
    text = json.dumps([[c.get("outputs", []) for c in nb["cells"]], nb["metadata"].get("widgets", {})],
                      ensure_ascii=False)     # the outputs and the widgets' stored state, not the lesson's text
    english = _load(EN / path.name)
    english_text = json.dumps([[c.get("outputs", []) for c in english["cells"]], english["metadata"].get("widgets", {})])
    if " pips" in english_text:                            # a page with boards (the class's results has none)
        assert " pipů" in text                             # the boards' pip counts under each board
    assert " pips" not in text
    if '"Roll"' in json.dumps(_load(EN / path.name)):
        state = json.dumps(nb["metadata"].get("widgets", {}), ensure_ascii=False)
        assert '"Hodit"' in state and '"Roll"' not in state
