"""One source per lesson, every language from a catalogue, the notebooks built (issue 30).

- the catalogue of every language (``lessons/locale/<lang>/LC_MESSAGES/lessons.po``) has every
  entry of the sources translated, none fuzzy, rule ids and f-string placeholders kept;
- every built notebook (``lessons/*.ipynb``, ``lessons/<lang>/*.ipynb``) is newer than what it is
  built from: the hash stored in its metadata is that of its source, the translations it uses
  and the build tools (``make lessons`` builds the stale ones);
- each widget's JavaScript and CSS are stored once per notebook, not once per board;
- the tracked bytes under ``lessons/`` stay under 8 MB (the notebooks are built, not committed);
- the text tools: what a translator sees and how a translation lands in a lesson.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "lessons" / "tools"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"bgsim_lessons_{name}", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = _tool("build")
messages = _tool("messages")
text = _tool("lesson_text")

SOURCES = build.source_paths()
LANGUAGES = build.languages()
BUILT = [(path, lang) for lang in LANGUAGES for path in SOURCES]


def _built_id(item) -> str:
    path, lang = item
    return f"{lang}-{path.stem}"


def test_there_are_sources_and_a_czech_catalogue():
    assert {p.stem for p in SOURCES} >= {"00-start-here", "04-bar", "teacher-guide", "sandbox"}
    assert "cs" in LANGUAGES


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_entry_is_translated_and_none_is_fuzzy(lang):
    found = messages.problems(lang)
    assert not found, "\n".join(found[:40]) + "\n`make messages` lists them"


@pytest.mark.parametrize("item", BUILT, ids=_built_id)
def test_the_built_notebook_is_up_to_date(item):
    path, lang = item
    catalogue = None if lang == "en" else build.Catalogue.load(lang)
    _nb, tr = build.translate(build.read_source(path), path.stem, lang, catalogue)
    out = build.notebook_path(path.stem, lang)
    assert out.exists(), f"{out.relative_to(ROOT)} is not built: `make lessons`"
    assert build.stored_hash(out) == build.build_hash(path, tr), (
        f"{out.relative_to(ROOT)} is older than {path.relative_to(ROOT)}, its translations or the build tools: "
        "`make lessons`")


def test_a_changed_source_or_translation_makes_the_notebook_stale(tmp_path):
    source = tmp_path / "99-test.md"
    source.write_text("# A title\n\nOne sentence.\n", encoding="utf-8")
    cat = build.Catalogue("xx", {("A title", None): "Un titre", ("One sentence.", None): "Une phrase."})
    nb, tr = build.translate(build.read_source(source), "99-test", "xx", cat)
    before = build.build_hash(source, tr)
    cat.entries[("One sentence.", None)] = "Une autre phrase."
    nb, tr2 = build.translate(build.read_source(source), "99-test", "xx", cat)
    assert build.build_hash(source, tr2) != before
    assert "Une autre phrase." in nb.cells[0].source
    source.write_text("# A title\n\nOne changed sentence.\n", encoding="utf-8")
    nb, tr3 = build.translate(build.read_source(source), "99-test", "xx", cat)
    assert build.build_hash(source, tr3) != before
    assert tr3.missing == [("One changed sentence.", None), (build.edition_line("99-test"), None)]


@pytest.mark.parametrize("item", BUILT, ids=_built_id)
def test_widget_code_and_css_are_stored_once_per_notebook(item):
    path, lang = item
    out = build.notebook_path(path.stem, lang)
    if not out.exists():
        pytest.skip(f"{out.relative_to(ROOT)} is not built")
    state = json.loads(out.read_text(encoding="utf-8"))["metadata"].get("widgets", {}).get(WIDGET_STATE, {})
    models = state.get("state", {})
    full: dict[str, list[str]] = {}
    for model_id, model in models.items():
        values = model.get("state", {})
        if "_esm" not in values:
            continue
        if values["_esm"].startswith("// bgsim: this widget's code"):
            source_id = values["_esm"].split('const SOURCE = "', 1)[1].split('"', 1)[0]
            assert "bgsim: this widget's code" not in models[source_id]["state"]["_esm"]
            assert models[source_id]["state"]["_anywidget_id"] == values["_anywidget_id"]
            continue
        full.setdefault(values["_anywidget_id"], []).append(model_id)
    twice = {kind: ids for kind, ids in full.items() if len(ids) > 1}
    assert not twice, f"{out.name}: the code of {sorted(twice)} is stored more than once"


def test_the_tracked_lessons_are_small():
    """The notebooks are built, not committed: what git holds under lessons/ stays under 8 MB."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "lessons"], cwd=ROOT, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    files = [ROOT / f for f in listed.stdout.decode().split("\0") if f]
    assert files
    assert not [f for f in files if f.suffix == ".ipynb"], "built notebooks are not committed"
    assert sum(f.stat().st_size for f in files if f.exists()) <= 8_000_000


# The text tools ---------------------------------------------------------------------------

def _cs(table):
    def translate(message, context=None):
        return table[(message, context)] if (message, context) in table else table.get(message, message)
    return translate


def test_markdown_entries_are_headings_paragraphs_list_items_and_table_cells():
    md = ("## The bar\n\nA checker that is hit\ngoes to the bar.\n\n- one item,\n  two lines\n- `code` only\n\n"
          "| points | name |\n| --- | --- |\n| 1-6 | home |\n")
    assert text.markdown_messages(md) == ["The bar", "A checker that is hit\ngoes to the bar.",
                                          "one item,\ntwo lines", "`code` only", "points", "name", "home"]
    out = text.translate_markdown(md, _cs({"The bar": "Bar", "A checker that is hit\ngoes to the bar.":
                                           "Vyhozený kámen\njde na bar.", "one item,\ntwo lines": "jedna,\ndva",
                                           "points": "body", "name": "název", "home": "domov"}))
    assert out == ("## Bar\n\nVyhozený kámen\njde na bar.\n\n- jedna,\n  dva\n- `code` only\n\n"
                   "| body | název |\n| --- | --- |\n| 1-6 | domov |\n")


def test_marked_strings_and_comments_are_entries_and_the_marker_is_never_shown():
    code = ('x = f(1, _("Light wins"))   # who wins\n'
            'print(_(f"{n} rolls of "\n'
            '        f"{m} enter"), _p("after a number", "points"))\n')
    assert text.code_messages(code) == [("Light wins", None), ("who wins", None), ("{n} rolls of {m} enter", None),
                                        ("points", "after a number")]
    assert text.translate_code(code, None) == ('x = f(1, "Light wins")   # who wins\n'
                                              'print(f"{n} rolls of "\n        f"{m} enter", "points")\n')
    cs = text.translate_code(code, _cs({"Light wins": "Vyhrává Světlý", "who wins": "kdo vyhraje",
                                        "{n} rolls of {m} enter": "z {n} hodů vstoupí {m}",
                                        ("points", "after a number"): "bodů"}))
    assert cs == ('x = f(1, "Vyhrává Světlý")  # kdo vyhraje\n'
                  'print(f"z {n} hodů "\n        f"vstoupí {m}", "bodů")\n')
    assert "import bgsim\n\nbgsim.set_language(\"cs\")" in text.language_line("import bgsim\nx = 1", "cs", _cs({}))


def test_an_f_string_stays_an_f_string_in_every_language():
    # tests/test_lessons_cs.py compares the code's shape: an f-string must not become a plain string
    code = 'q(_(f"Count again."), _(f"{n} pips "\n    "in all"))\n'
    cs = text.translate_code(code, _cs({"Count again.": "Počítejte znovu.", "{n} pips in all": "celkem {n} pipů"}))
    assert cs == 'q(f"Počítejte znovu.", "celkem "\n    f"{n} pipů")\n'


def test_a_marker_around_anything_but_strings_is_refused():
    with pytest.raises(text.LessonTextError, match="string literals only"):
        text.code_messages('_(name)\n')


def test_one_sentence_per_line_renders_the_same():
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    para = "A pip is one step. A checker on point 6 needs 6 pips, e.g. from 6 to off. `a. B` stays. Done!"
    out = text.split_sentences(para)
    assert out == "A pip is one step.\nA checker on point 6 needs 6 pips, e.g. from 6 to off.\n`a. B` stays.\nDone!"
    assert md.render(out).replace("\n", " ") == md.render(para).replace("\n", " ")
    assert text.split_sentences("It ends. - not a list") == "It ends. - not a list"
