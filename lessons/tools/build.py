"""Build the lesson notebooks from their sources and the catalogues, run them and store their outputs.

    python lessons/tools/build.py                       # every lesson, every language, when stale
    python lessons/tools/build.py --lang cs             # the Czech edition only
    python lessons/tools/build.py 04-bar sandbox        # these lessons only (every language)
    python lessons/tools/build.py --force               # run them all again even when up to date
    python lessons/tools/build.py --check               # build nothing: list what is missing or stale

A lesson's source is ``lessons/src/NAME.md`` (a MyST Markdown notebook, read by jupytext): its
English text and its code, once. The English notebook ``lessons/NAME.ipynb`` is the source with
its ``_("...")`` markers taken away; the notebook of language ``xx`` (``lessons/xx/NAME.ipynb``)
has every heading, paragraph, list item, table cell, marked string and comment translated from
``lessons/locale/xx/LC_MESSAGES/lessons.po`` (see ``lesson_text.py``), its first code cell
switches bgsim to ``xx`` (``bgsim.set_language("xx")``, added after ``import bgsim``), and its
first Markdown cell ends with a link to the English edition (the catalogue's entry
``*English edition: ...*``). An entry with no translation, or a fuzzy one, stays English (and
is reported here, by ``make messages`` and by ``tests/test_lessons_i18n.py``).

Each notebook is then run top to bottom in a fresh ``python3`` kernel in its own folder and
stored with its outputs and its widgets' state (``execute.py``: fixed widget ids, no timing), so
it opens with its boards drawn before anything runs. The board widgets' JavaScript and CSS are
stored once per notebook (``share_widget_assets``). The notebook's metadata ``bgsim.build``
holds a hash of what it was built from (the source, the translations it used, these tools):
a notebook whose hash still matches is not built again, and ``tests/test_lessons_i18n.py``
fails on one that does not (``make lessons`` builds it again). Building twice gives the same
bytes.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import jupytext
import nbformat
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parent))

import execute
import lesson_text

LESSONS = Path(__file__).resolve().parent.parent
SOURCES = LESSONS / "src"
LOCALE = LESSONS / "locale"
DOMAIN = "lessons"
TOOLS = [Path(__file__).resolve(), Path(lesson_text.__file__).resolve(), Path(execute.__file__).resolve()]
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def edition_line(name: str) -> str:
    """The catalogue entry a translated lesson's first Markdown cell ends with (it links the English)."""
    return f"*English edition: [../{name}.ipynb](../{name}.ipynb).*"


def source_paths(names: list[str] | None = None) -> list[Path]:
    """The lesson sources, every one (sorted) or those ``names`` (``04-bar`` or a path)."""
    if not names:
        return sorted(SOURCES.glob("*.md"))
    return [SOURCES / f"{Path(n).stem}.md" for n in names]


def languages() -> list[str]:
    """``en`` and every language with a catalogue under ``lessons/locale/``."""
    return ["en", *sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))]


def catalogue_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def notebook_path(name: str, language: str) -> Path:
    return LESSONS / f"{name}.ipynb" if language == "en" else LESSONS / language / f"{name}.ipynb"


@dataclass
class Catalogue:
    """A language's translations: ``(message, context) -> translation``, fuzzy ones left out."""

    language: str
    entries: dict[tuple[str, str | None], str] = field(default_factory=dict)
    fuzzy: set[tuple[str, str | None]] = field(default_factory=set)

    @classmethod
    def load(cls, language: str) -> Catalogue:
        with open(catalogue_path(language), "rb") as f:
            po = read_po(f, locale=language, domain=DOMAIN)
        cat = cls(language)
        for message in po:
            if not message.id:
                continue
            key = (str(message.id), message.context)
            if message.fuzzy:
                cat.fuzzy.add(key)
            elif message.string:
                cat.entries[key] = str(message.string)
        return cat


@dataclass
class Translator:
    """Translates a lesson's entries from a catalogue, remembering what it used and lacked."""

    catalogue: Catalogue
    used: dict[tuple[str, str | None], str] = field(default_factory=dict)
    missing: list[tuple[str, str | None]] = field(default_factory=list)

    def __call__(self, message: str, context: str | None = None) -> str:
        key = (message, context)
        found = self.catalogue.entries.get(key)
        if found is None:
            self.missing.append(key)
            return message
        self.used[key] = found
        return found


def read_source(path: Path) -> nbformat.NotebookNode:
    return jupytext.read(path, fmt="md:myst")


def _tools_hash() -> str:
    h = hashlib.sha256()
    for tool in TOOLS:
        h.update(tool.read_bytes())
    return h.hexdigest()


def translate(source: nbformat.NotebookNode, name: str, language: str,
              catalogue: Catalogue | None) -> tuple[nbformat.NotebookNode, Translator | None]:
    """The notebook of one language (not yet run) from a lesson's source."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = dict(execute.KERNELSPEC)
    tr = Translator(catalogue) if catalogue is not None else None
    first_code = first_markdown = True
    for cell in source.cells:
        meta = {k: copy.deepcopy(v) for k, v in cell.metadata.items() if k in ("tags", "jupyter")}
        text = cell.source
        if cell.cell_type == "markdown":
            if tr is not None:
                text = lesson_text.translate_markdown(text, tr)
                if first_markdown:
                    text = text.rstrip("\n") + "\n\n" + tr(edition_line(name))
            first_markdown = False
            nb.cells.append(nbformat.v4.new_markdown_cell(text, metadata=meta))
        elif cell.cell_type == "code":
            text = lesson_text.translate_code(text, tr)
            if tr is not None and first_code:
                text = lesson_text.language_line(text, language, tr)
            first_code = False
            nb.cells.append(nbformat.v4.new_code_cell(text, metadata=meta))
        else:
            nb.cells.append(nbformat.v4.new_raw_cell(text, metadata=meta))
    for n, cell in enumerate(nb.cells):            # fixed cell ids: building twice gives the same bytes
        cell.id = hashlib.md5(f"{name}:{n}".encode()).hexdigest()[:8]
    return nb, tr


def build_hash(source_path: Path, translator: Translator | None) -> str:
    """What a built notebook depends on: its source, the translations it used, the build tools."""
    h = hashlib.sha256()
    h.update(source_path.read_bytes())
    if translator is not None:
        h.update(json.dumps(sorted([k[0], k[1] or "", v] for k, v in translator.used.items()),
                            ensure_ascii=False).encode())
        h.update(json.dumps(sorted([k[0], k[1] or ""] for k in translator.missing), ensure_ascii=False).encode())
    h.update(_tools_hash().encode())
    return h.hexdigest()


def stored_hash(path: Path) -> str | None:
    """The build hash stored in a built notebook (None: no notebook there, or not built)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))["metadata"].get("bgsim", {}).get("build")
    except (OSError, ValueError, KeyError):
        return None


SHARED_ESM = """\
// bgsim: this widget's code and stylesheet are stored once per notebook, in widget model {source}.
const SOURCE = "{source}";
let loading;
function load(model) {{
  loading ??= (async () => {{
    const source = await model.widget_manager.get_model(SOURCE);
    const id = "bgsim-shared-css-" + SOURCE;
    if (source.get("_css") && !document.getElementById(id)) {{
      const style = document.createElement("style");
      style.id = id;
      style.textContent = source.get("_css");
      document.head.appendChild(style);
    }}
    const url = URL.createObjectURL(new Blob([source.get("_esm")], {{ type: "text/javascript" }}));
    try {{
      const mod = await import(url);
      const widget = mod.default ?? mod;
      return typeof widget === "function" ? await widget() : widget;
    }} finally {{
      URL.revokeObjectURL(url);
    }}
  }})();
  return loading;
}}
export default {{
  async initialize(ctx) {{ return (await load(ctx.model)).initialize?.(ctx); }},
  async render(ctx) {{ return (await load(ctx.model)).render?.(ctx); }},
}};
"""


def share_widget_assets(nb: nbformat.NotebookNode) -> int:
    """Store each anywidget's JavaScript and CSS once per notebook; returns the bytes saved.

    Every board (and every other anywidget) carries its module and stylesheet in its state
    (``_esm``, ``_css``). In the stored state, the first model of each kind keeps them; each
    other model with the same ones gets a small module instead that loads them from that first
    model (``widget_manager.get_model``) when the notebook is opened before it runs. A run
    makes new models with their own code, so this concerns the stored state only.
    """
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    first: dict[tuple[str, str], str] = {}
    saved = 0
    for model_id, model in state.items():
        values = model.get("state", {})
        if model.get("model_name") != "AnyModel" or "_esm" not in values:
            continue
        key = (values["_esm"], values.get("_css", ""))
        if key not in first:
            first[key] = model_id
            continue
        stub = SHARED_ESM.format(source=first[key])
        saved += len(values["_esm"]) + len(values.get("_css", "")) - len(stub)
        values["_esm"] = stub
        values["_css"] = ""
    return saved


def build(source_path: Path, language: str, catalogue: Catalogue | None, *, force: bool = False,
          timeout: int = 120) -> tuple[str, float]:
    """Build one notebook; returns what happened (``built``, ``up to date``) and the seconds it ran."""
    name = source_path.stem
    nb, tr = translate(read_source(source_path), name, language, catalogue)
    digest = build_hash(source_path, tr)
    out = notebook_path(name, language)
    if not force and stored_hash(out) == digest:
        return "up to date", 0.0
    if tr is not None and tr.missing:
        print(f"  {language}/{name}: {len(tr.missing)} entries not translated (shown in English): "
              f"`make messages` lists them", file=sys.stderr)
    out.parent.mkdir(parents=True, exist_ok=True)
    seconds = execute.run(nb, out, timeout)
    share_widget_assets(nb)
    nb.metadata["bgsim"] = {"source": source_path.relative_to(LESSONS).as_posix(), "language": language,
                            "build": digest}
    nbformat.validate(nb)
    tmp = out.with_suffix(".ipynb.tmp")
    nbformat.write(nb, tmp)
    tmp.replace(out)
    return "built", seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("lessons", nargs="*", help="lesson names (04-bar) or sources; default: every lesson")
    parser.add_argument("--lang", action="append", help="a language (en, cs ...); default: every one")
    parser.add_argument("--force", action="store_true", help="run every lesson named, even when up to date")
    parser.add_argument("--check", action="store_true", help="build nothing; list the notebooks missing or stale")
    parser.add_argument("--timeout", type=int, default=120, help="seconds allowed per cell (default 120)")
    args = parser.parse_args(argv)
    langs = args.lang or languages()
    unknown = [lang for lang in langs if lang not in languages()]
    if unknown:
        print(f"no catalogue for {', '.join(unknown)}: create lessons/locale/{unknown[0]}/LC_MESSAGES/lessons.po "
              "(lessons/README.md says how)", file=sys.stderr)
        return 2
    sources = source_paths(args.lessons)
    missing = [p for p in sources if not p.exists()]
    if missing:
        print(f"no lesson source {', '.join(str(p) for p in missing)}", file=sys.stderr)
        return 2
    failed, stale, total, built = [], [], 0.0, 0
    start = time.perf_counter()
    for language in langs:
        catalogue = None if language == "en" else Catalogue.load(language)
        for path in sources:
            label = f"{'' if language == 'en' else language + '/'}{path.stem}.ipynb"
            if args.check:
                _nb, tr = translate(read_source(path), path.stem, language, catalogue)
                if stored_hash(notebook_path(path.stem, language)) != build_hash(path, tr):
                    stale.append(label)
                continue
            try:
                what, seconds = build(path, language, catalogue, force=args.force, timeout=args.timeout)
            except execute.CellExecutionError as exc:
                failed.append(label)
                print(f"FAILED  {label}\n{exc}", file=sys.stderr)
                continue
            total += seconds
            built += what == "built"
            print(f"{seconds:7.1f} s  {label}" if what == "built" else f"     up to date  {label}", flush=True)
    if args.check:
        print("\n".join(f"stale or missing: {s}" for s in stale) or "every lesson notebook is up to date")
        return 1 if stale else 0
    print(f"{time.perf_counter() - start:7.1f} s  total ({built} built, {total:.1f} s running them)")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
