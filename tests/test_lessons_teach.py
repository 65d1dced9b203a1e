"""The lessons let learners try before they are told (issue 19).

Every lesson is executed in a fresh kernel, cell by cell. After each cell the test asks the
kernel which quizzes exist (:class:`bgsim.teach.quiz.Quiz`, with the texts that would give its
answer away, ``quiz.answers``), so it knows the cell where each question is first shown.
Then:

- nothing on screen in the question's section before the learner has tried (issue 31: from
  the heading above the question to the end of its section, and the next section's heading),
  no output, no markdown and no widget's text after "Run All", contains an answer's text: no
  printed check, answer table, caption or summary line. (Earlier sections teach; a section
  that asks must not tell, and what follows a question shows its answer only after a try:
  :func:`bgsim.widgets.after_try`. Board pictures count by their words: captions and titles,
  not the point numbers 1-24 every board shows. The question's own cell is its quiz: its
  choices are not a leak.)
- no visible code cell builds a quiz with its answer key or asserts an answer
  (``Quiz.choice``/``Quiz.number``/``Quiz.play``/``Quiz.point``/``.check(``): those cells have collapsed
  input (``"jupyter": {"source_hidden": true}``), so a learner reading the lesson never sees them.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOTEBOOKS = sorted(p for p in LESSONS.glob("*.ipynb")) + sorted((LESSONS / "cs").glob("*.ipynb"))   # both editions

PROBE = """\
import gc as _gc, json as _json
from bgsim.teach.quiz import Quiz as _Quiz
print(_json.dumps([[id(_q), list(_q.answers)] for _q in _gc.get_objects() if isinstance(_q, _Quiz)]))
"""

def _hidden(cell) -> bool:
    meta = cell.get("metadata", {})
    return bool(meta.get("jupyter", {}).get("source_hidden")) or bool(
        {"hide-input", "remove-input"} & set(meta.get("tags", [])))


def _output_text(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append(out.get("text", ""))
        for mime in ("text/plain", "text/html", "text/markdown", "image/svg+xml"):
            value = out.get("data", {}).get(mime)
            if value:
                text = "".join(value) if isinstance(value, list) else str(value)
                markup = mime in ("text/html", "image/svg+xml") or "<svg" in text
                parts.append(_readable(text) if markup else text)   # markdown and plain text as they are
    return "\n".join(parts)


def _readable(markup: str) -> str:
    """The words a reader sees in HTML or SVG: text between tags, less a board's bare point
    numbers (every board shows 1 to 24; a number in a caption or a sentence still counts)."""
    pieces = (html.unescape(t).strip() for t in re.findall(r">([^<]+)<", markup))
    return "\n".join(t for t in pieces if t and not t.isdigit())


def _answer_pattern(answer: str) -> re.Pattern[str]:
    """An answer as a whole token: '20' does not match '200', '20.5' or the Czech '20,5', a play matches as written.

    >>> bool(_answer_pattern("27").search("N=7: 27,2 %")), bool(_answer_pattern("27").search("27, then 28"))
    (False, True)
    """
    return re.compile(r"(?<![\w./])(?<!\d,)" + re.escape(answer) + r"(?![\w/]|[.,]\d)")


def _run(path: Path):
    """Execute the lesson; return its cells (with fresh outputs) and {quiz id: (cell index, answers)}."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    shown: dict[int, tuple[int, list[str]]] = {}
    with client.setup_kernel():
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            client.execute_cell(cell, i)
            probe = nbformat.v4.new_code_cell(PROBE)
            nb.cells.append(probe)            # a cell of its own: outputs are routed by index
            client.execute_cell(probe, len(nb.cells) - 1)
            nb.cells.pop()
            text = "".join(o.get("text", "") for o in probe.outputs if o.get("output_type") == "stream")
            for quiz_id, answers in json.loads(text.strip().splitlines()[-1]):
                shown.setdefault(quiz_id, (i, answers))
        client.set_widgets_metadata()      # the widgets' state after Run All, as a page shows it
    return nb, shown


@pytest.fixture(scope="module", params=NOTEBOOKS, ids=lambda p: ("cs-" if p.parent.name == "cs" else "") + p.stem)
def lesson(request):
    nb, shown = _run(request.param)
    return request.param, nb.cells, shown, _widget_words(nb)


def _widget_words(nb) -> dict[str, str]:
    """{model id: the words its widget and every widget inside it show} after "Run All"."""
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})

    def own(model_id: str) -> list[str]:
        words = []
        for key, value in state.get(model_id, {}).get("state", {}).items():
            if key.startswith("_") or key in ("layout", "style"):
                continue
            for v in value if isinstance(value, list) else [value]:
                if isinstance(v, str) and not v.startswith("IPY_MODEL_"):
                    words.append(_readable(v) if "<" in v else v)
        return words

    def inside(model_id: str, seen: set[str]) -> list[str]:
        if model_id in seen:
            return []
        seen.add(model_id)
        words = own(model_id)
        for key, value in state.get(model_id, {}).get("state", {}).items():
            if key in ("layout", "style"):
                continue
            for v in value if isinstance(value, list) else [value]:
                if isinstance(v, str) and v.startswith("IPY_MODEL_"):
                    words += inside(v.removeprefix("IPY_MODEL_"), seen)
        return words

    return {model_id: "\n".join(inside(model_id, set())) for model_id in state}


def _shown_widgets(cell) -> list[str]:
    return [out["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
            for out in cell.get("outputs", []) if "application/vnd.jupyter.widget-view+json" in out.get("data", {})]


_HEADING = re.compile(r"#{1,2} ")


def test_no_answer_is_on_screen_before_the_learner_tries(lesson):
    path, cells, shown, widget_words = lesson
    leaks = []
    for k, answers in shown.values():
        section = max((j for j in range(k) if cells[j].cell_type == "markdown"
                       and _HEADING.match(cells[j].source.lstrip())), default=0)
        end = min((j for j in range(k + 1, len(cells)) if cells[j].cell_type == "markdown"
                   and _HEADING.match(cells[j].source.lstrip())), default=len(cells) - 1)
        for answer in answers:
            pattern = _answer_pattern(answer)
            for j in range(section, end + 1):
                cell = cells[j]
                if j == k:
                    continue                  # the quiz itself: its choices are no leak
                where = "above" if j < k else "below"
                if cell.cell_type == "markdown":
                    source = cell.source if j != end else cell.source.lstrip().split("\n", 1)[0]
                    if pattern.search(source):
                        leaks.append(f"cell {j} text says {answer!r} ({where} the question in cell {k})")
                    continue
                if pattern.search(_output_text(cell)):
                    leaks.append(f"cell {j} output shows {answer!r} ({where} the question in cell {k})")
                for model in _shown_widgets(cell):
                    if pattern.search(widget_words.get(model, "")):
                        leaks.append(f"cell {j}'s widget shows {answer!r} ({where} the question in cell {k})")
    assert not leaks, f"{path.name}: " + "; ".join(leaks)


_ANSWER_KEY = re.compile(r"Quiz\.(choice|number|play|point)\(|\.check\(|answer\s*=")


def test_no_visible_code_cell_holds_an_answer_key(lesson):
    path, cells, _shown, _widgets = lesson
    visible = [j for j, c in enumerate(cells) if c.cell_type == "code" and not _hidden(c)
               and _ANSWER_KEY.search(c.source)]
    assert not visible, f"{path.name}: cells {visible} show a quiz's answer key; collapse their input"
    # JupyterLab still shows the first line of a collapsed cell: that line must not be the key.
    first_lines = [j for j, c in enumerate(cells) if c.cell_type == "code" and _hidden(c)
                   and _ANSWER_KEY.search(c.source.lstrip().split("\n", 1)[0])]
    assert not first_lines, f"{path.name}: collapsed cells {first_lines} show an answer key on their first line"
