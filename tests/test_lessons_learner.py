"""The lessons talk to learners, not programmers (issue 31).

Read from the built notebooks of both editions (``make lessons`` writes them; the stored
outputs and widget state are what a learner sees before running anything):

- **Light and Dark, never "player 0".** No markdown, output, widget text or code comment says
  "player 0/1" (Czech "hráč 0/1"): people read Light and Dark (světlý/tmavý), You and Computer,
  or the names given. ``player`` numbers stay in the Python API (``player=0`` is code).
- **No API in the learner's path of lessons 00-08.** Before a lesson's "For programmers"
  section its prose has no API call in inline code (``pos.owner(p)``, ``Game.resign()``), and
  every code cell there is folded: lessons teach the game.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("*.ipynb")) + sorted((LESSONS / "cs").glob("*.ipynb"))
COURSE = [p for p in NOTEBOOKS if re.match(r"\d\d-", p.name)]

#: "player 0", "Player 1", "hráč 0", "hráče 1", "hráčem 0" ... as words a person reads.
PLAYER_NUMBER = re.compile(r"\b(?:[Pp]layers?|[Hh]ráč\w*)\s+[01]\b")

#: The heading that starts a lesson's part for programmers, in either language.
PROGRAMMERS = re.compile(r"^#{1,3} .*(?:[Ff]or programmers|[Pp]ro programátor)", re.MULTILINE)

#: Inline code in prose that is an API call or an attribute: ``pos.owner(p)``, ``Game.resign()``,
#: ``bgsim.glossary``, ``tutor_threshold=0.15``. Plays (``24/18``), points and IDs are not API.
API_CODE = re.compile(r"`([^`\n]*(?:\w\(|\w\.\w|\w=)[^`\n]*)`")

#: A play in the notation (``24/18*``, ``bar/24(2) 6/5(2)``, ``4/off(2)``): a count in brackets is no call.
PLAY = re.compile(r"(?:(?:bar|off|\d+)(?:/(?:bar|off|\d+)\*?)+(?:\(\d\))?\s*)+")

#: A file a learner may open (the rule book ``docs/rules.md``, a lesson's notebook): a name, not API.
FILE = re.compile(r"[\w./-]+\.(?:md|ipynb|pdf|mat|txt)")


def _edition(path: Path) -> str:
    return ("cs-" if path.parent.name == "cs" else "") + path.stem


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _readable(text: str) -> str:
    if "<" in text and ">" in text:
        pieces = (html.unescape(t).strip() for t in re.findall(r">([^<]+)<", text))
        return "\n".join(t for t in pieces if t)
    return text


def _widget_texts(nb) -> list[tuple[str, str]]:
    """(model id, text) of every text a widget of the notebook shows: values, descriptions,
    options, pictures' words. Code (``_esm``), styles and the model's own bookkeeping
    (``_``-prefixed keys) are not read by anyone."""
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    found = []
    for model_id, model in state.items():
        for key, value in model.get("state", {}).items():
            if key.startswith("_") or key in ("layout", "style", "children"):
                continue
            for s in _strings(value):
                if not s.startswith("IPY_MODEL_"):
                    found.append((model_id, _readable(s)))
    return found


def _output_texts(cell) -> list[str]:
    texts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            texts.append(out.get("text", ""))
        for mime, value in out.get("data", {}).items():
            if mime.startswith("text/") or mime == "image/svg+xml":
                texts.append(_readable("".join(value) if isinstance(value, list) else str(value)))
    return texts


def _comments(source: str) -> list[str]:
    return [line.split("#", 1)[1] for line in source.splitlines() if line.lstrip().startswith("#")]


def test_the_lessons_are_built():
    assert len(COURSE) >= 24, "run `make lessons` (both editions) before these tests"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_edition)
def test_no_player_numbers_where_a_person_reads(path):
    nb = nbformat.read(path, as_version=4)
    said = []
    for i, cell in enumerate(nb.cells):
        texts = [cell.source] if cell.cell_type == "markdown" else [*_output_texts(cell), *_comments(cell.source)]
        said += [f"cell {i}: {m.group(0)!r} in {t[max(0, m.start() - 40):m.end() + 40]!r}"
                 for t in texts for m in PLAYER_NUMBER.finditer(t)]
    said += [f"widget {model[:8]}: {m.group(0)!r} in {t[max(0, m.start() - 40):m.end() + 40]!r}"
             for model, t in _widget_texts(nb) for m in PLAYER_NUMBER.finditer(t)]
    assert not said, f"{path.name} says player numbers to people (Light/Dark, You/Computer or names):\n" + \
        "\n".join(said[:20]) + (f"\n... {len(said)} in all" if len(said) > 20 else "")


def _learners_path(nb) -> list[tuple[int, object]]:
    """The cells before the lesson's "For programmers" section (all cells when it has none)."""
    cells = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and PROGRAMMERS.search(cell.source):
            break
        cells.append((i, cell))
    return cells


def _folded(cell) -> bool:
    meta = cell.get("metadata", {})
    return bool(meta.get("jupyter", {}).get("source_hidden")) or bool(
        {"hide-input", "remove-input"} & set(meta.get("tags", [])))


@pytest.mark.parametrize("path", [p for p in COURSE if int(p.name[:2]) <= 8], ids=_edition)
def test_the_learners_path_of_lessons_00_to_08_holds_no_api(path):
    nb = nbformat.read(path, as_version=4)
    found = []
    for i, cell in _learners_path(nb):
        if cell.cell_type == "markdown":
            found += [f"cell {i} prose: `{m.group(1)}`" for m in API_CODE.finditer(cell.source)
                      if not PLAY.fullmatch(m.group(1)) and not FILE.fullmatch(m.group(1))]
        elif cell.cell_type == "code" and cell.source.strip() and not _folded(cell):
            found.append(f"cell {i}: visible code {cell.source.strip().splitlines()[0]!r}")
    assert not found, f"{path.name}: the learner's path shows the API (move it to 'For programmers'):\n" + \
        "\n".join(found)


@pytest.mark.parametrize("bad, good", [
    ("Player 0 wins", "Light wins"), ("hráč 1 hraje", "tmavý hraje"), ("players 0 and 1", "player=0"),
])
def test_the_patterns_read_what_they_mean(bad, good):
    assert PLAYER_NUMBER.search(bad) and not PLAYER_NUMBER.search(good)
    assert API_CODE.search("say `pos.owner(p)` here") and API_CODE.search("`Game.resign()`")
    assert not API_CODE.search("play `24/18 13/9` or enter `bar/21`")
    assert all(PLAY.fullmatch(play) for play in ("bar/24(2) 6/5(2)", "4/off(2)", "3/1(4)", "13/7* 13/9"))
    assert not PLAY.fullmatch("pos.owner(p)") and not PLAY.fullmatch("Game.resign()")
    assert FILE.fullmatch("docs/rules.cs.md") and not FILE.fullmatch("pos.owner(p)") and not FILE.fullmatch("bgsim.glossary")
    assert PROGRAMMERS.search("## For programmers: the turn in code") and PROGRAMMERS.search("## Pro programátory")
