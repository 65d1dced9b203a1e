"""Printable handouts: a PDF per lesson and language with its boards and questions, no code,
and an answer sheet for the teacher.

    python lessons/tools/handouts.py                    # every lesson 00-11, every language
    python lessons/tools/handouts.py 03-forced-play --lang cs
    python lessons/tools/handouts.py --out build/handouts

``make handouts`` runs it. For each lesson and language it writes ``OUT/<lang>/NN-name.pdf``
(the handout) and ``OUT/<lang>/NN-name-answers.pdf`` (the answer sheet):

1. The lesson's notebook is made from its source and catalogue as ``build.py`` makes it (the
   Czech text for ``cs``) and run in a fresh kernel with bgsim's widgets on paper
   (:func:`bgsim.widgets.paper_mode`): a quiz becomes its question, its choices and an
   "Answer: ____" line; a drill becomes each of its tasks with its board and a line; a board
   or a turn stepper becomes the picture of its board; buttons, sliders and closed answer
   boxes become nothing (a live board that only repeats the picture drawn just above it too).
   The kernel keeps every question with its answer
   (:func:`bgsim.widgets.paper_questions`).
2. On paper there is no code: every code cell's input goes, and so does every output that is
   only a value's text (a ``repr``); what a lesson prints stays (a rule's refusal, a table of
   odds), and so do its board pictures. A sentence of the text that shows code (a span such
   as ``pos.start_turn(dice)`` or ``rng=``, a name such as ``bgsim.sim.montecarlo``) is left
   out, and so is a link to a notebook; so is a printed line that names code.
3. nbconvert's ``webpdf`` export (its template, one page after another) makes the PDF in
   Chromium, driven by Playwright: the system's Chromium (``/usr/bin/chromium``, or
   ``$BGSIM_CHROMIUM``) when there is one, so nothing is downloaded; else Playwright's own.
4. The answer sheet lists each question with its answer and the lesson's reason.

Every word the handout adds ("Answer:", "Name:", "Answers") comes from bgsim's message
catalogue in the lesson's language. Prints each PDF's run time.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient
from nbconvert.exporters import WebPDFExporter
from traitlets.config import Config

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build
import execute

ROOT = build.LESSONS.parent
OUT = ROOT / "build" / "handouts"
#: The tag of a handout's code cells: nbconvert leaves their input out.
OUTPUT_ONLY = "bgsim-paper-output"
#: What a handout keeps of an output, in this order of preference; a repr alone is dropped.
KEEP = ("image/svg+xml", "image/png", "text/html", "text/markdown")

SETUP = "from bgsim.widgets import paper_mode\npaper_mode()"
COLLECT = ("import json as _json\nfrom dataclasses import asdict as _asdict\n"
           "from bgsim.widgets import paper_labels as _pl, paper_questions as _pq\n"
           "print(_json.dumps({'questions': [_asdict(q) for q in _pq()], 'labels': _pl()}))")

#: A code span that is code, not notation: a call, an assignment, an attribute, an import.
_CODE = re.compile(r"[A-Za-z_]\(|=|\bimport\b|\b[A-Za-z_]\w*\.[A-Za-z_]\w*\b(?<!\.ipynb)(?<!\.md)")
_SPAN = re.compile(r"`([^`]+)`")
#: Code outside a code span: a name of bgsim's API (``bgsim.sim.montecarlo.PLAYERS``) or an import.
_CODE_TEXT = re.compile(r"\b(?:bgsim|widgets)\.[A-Za-z_]|^\s*(?:import|from)\s+\w+")

CSS = """<style>
body, .jp-Notebook { font-size: 12pt; }
.jp-InputPrompt, .jp-OutputPrompt { display: none !important; }
.jp-OutputArea-output svg { max-width: 13cm; height: auto; }
.jp-RenderedImage img { max-width: 100%; }
.bgsim-paper-question { break-inside: avoid; margin: 0.6em 0 1.2em; }
.bgsim-paper-choices { list-style: none; padding-left: 0.5em; }
.bgsim-paper-choices li { margin: 0.3em 0; }
.bgsim-paper-answer { margin: 1em 0 1.6em; }
.bgsim-paper-line { display: inline-block; width: 75%; border-bottom: 1px solid #000; height: 1.2em; }
.bgsim-paper-head td { padding: 0 1.5em 0.8em 0; }
h1, h2, h3 { break-after: avoid; }
</style>"""


def is_code_line(line: str) -> bool:
    """A line of the text that shows code (and so has no place on paper), or links a notebook."""
    return (".ipynb" in line or bool(_CODE_TEXT.search(line))
            or any(_CODE.search(span) for span in _SPAN.findall(line)))


#: A clause that points at code: "; see bgsim.sim.montecarlo.PLAYERS" (in any language: one word, then the name).
_API_CLAUSE = re.compile(r"[;,]\s*\w+\s+bgsim\.[\w.]*\w")


def paper_text(text: str) -> str:
    """Printed text without a clause that points at code, and without a line that still names code."""
    text = _API_CLAUSE.sub("", text)
    return "".join(line for line in text.splitlines(keepends=True) if not _CODE_TEXT.search(line))


def paper_markdown(text: str) -> str:
    """A Markdown cell without its code: fenced blocks and every line that shows code go."""
    kept: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or is_code_line(line):
            continue
        kept.append(line)
    return "\n".join(kept).strip("\n")


def paper_outputs(outputs: list[Any]) -> list[Any]:
    """The outputs a page keeps: pictures, HTML, Markdown and printed text; never a bare repr."""
    kept = []
    for output in outputs:
        kind = output.get("output_type")
        if kind == "stream":
            text = paper_text(output.get("text", ""))
            if output.get("name") == "stdout" and text.strip():
                kept.append(nbformat.v4.new_output("stream", name="stdout", text=text))
        elif kind in ("display_data", "execute_result"):
            data = {k: _API_CLAUSE.sub("", str(v)) if k in ("text/html", "text/markdown") else v
                    for k, v in output.get("data", {}).items() if k in KEEP and str(v).strip()}
            if data:
                kept.append(nbformat.v4.new_output("display_data", data=data))
    return kept


_DESC = re.compile(r"<desc[^>]*>(.*?)</desc>", re.S)
_WIDGET_BOARD = "<div class='bgsim-paper-board'>"


def board_description(output: Any) -> str | None:
    """What the last board of an output shows, as its screen-reader description says, or None."""
    data = output.get("data", {})
    found = _DESC.findall(str(data.get("image/svg+xml", "")) + str(data.get("text/html", "")))
    return found[-1] if found else None


def repeats_board(output: Any, last: str | None) -> bool:
    """A live board's picture (a stepper under the picture of its position) that only repeats the
    board drawn just before: the same position, dice and arrows, the caption aside."""
    html_ = str(output.get("data", {}).get("text/html", ""))
    mine = board_description(output)
    return html_.startswith(_WIDGET_BOARD) and mine is not None and last is not None and last.startswith(mine)


def paper_notebook(nb: nbformat.NotebookNode, labels: dict[str, str]) -> nbformat.NotebookNode:
    """The run notebook as a handout: a head with lines for a name, the text, the pictures."""
    out = nbformat.v4.new_notebook()
    out.metadata["kernelspec"] = dict(execute.KERNELSPEC)
    head = (f"{CSS}\n\n<table class='bgsim-paper-head'><tr><td><b>{html.escape(labels['name'])}</b> "
            "<span class='bgsim-paper-line' style='width: 18em'></span></td>"
            f"<td><b>{html.escape(labels['date'])}</b> <span class='bgsim-paper-line' style='width: 8em'></span>"
            "</td></tr></table>")
    out.cells.append(nbformat.v4.new_markdown_cell(head))
    last_board: str | None = None
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            text = paper_markdown(cell.source)
            if text.strip():
                out.cells.append(nbformat.v4.new_markdown_cell(text))
        elif cell.cell_type == "code":
            outputs = []
            for output in paper_outputs(cell.get("outputs", [])):
                if not repeats_board(output, last_board):
                    outputs.append(output)
                last_board = board_description(output) or last_board
            if outputs:
                code = nbformat.v4.new_code_cell("", metadata={"tags": [OUTPUT_ONLY]})
                code.outputs = outputs
                out.cells.append(code)
    return out


def answer_notebook(title: str, questions: list[dict[str, str]], labels: dict[str, str]) -> nbformat.NotebookNode:
    """The teacher's answer sheet: each question of the handout, its answer and why."""
    items = []
    for q in questions:
        why = f"<br>{q['why']}" if q["why"] else ""
        items.append(f"<li class='bgsim-paper-question'><p>{q['question']}<br><b>{html.escape(labels['answer'])}</b> "
                     f"{html.escape(q['answer'])}{why}</p></li>")
    text = f"{CSS}\n\n# {labels['answers']}: {title}\n\n<ol>\n" + "\n".join(items) + "\n</ol>"
    out = nbformat.v4.new_notebook()
    out.metadata["kernelspec"] = dict(execute.KERNELSPEC)
    out.cells.append(nbformat.v4.new_markdown_cell(text))
    return out


def chromium_path() -> str | None:
    """The system's Chromium: ``$BGSIM_CHROMIUM``, ``/usr/bin/chromium`` or one on the PATH."""
    for candidate in (os.environ.get("BGSIM_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


class Printer:
    """One Chromium for every PDF of a run (started once: about a second each time otherwise).

    Playwright's sync API refuses to run in a thread whose asyncio loop is running (a notebook's
    kernel, or a test session whose browser tests are still open), and its objects belong to
    the thread that made them: so the printer drives Chromium from a thread of its own.
    """

    ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync")

    def __enter__(self) -> Printer:
        from concurrent.futures import ThreadPoolExecutor

        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bgsim-printer")
        try:
            self._thread.submit(self._start).result()
        except BaseException:
            self._thread.shutdown()
            raise
        return self

    def _start(self) -> None:
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        path = chromium_path()
        self._browser = self._playwright.chromium.launch(executable_path=path, args=list(self.ARGS))

    def __exit__(self, *exc: object) -> None:
        try:
            self._thread.submit(self._stop).result()
        finally:
            self._thread.shutdown()

    def _stop(self) -> None:
        self._browser.close()
        self._playwright.stop()

    def pdf(self, page_html: str) -> bytes:
        """Print ``page_html`` (a whole page) to A4 PDF pages; nothing but the file itself is loaded."""
        return self._thread.submit(self._pdf, page_html).result()

    def _pdf(self, page_html: str) -> bytes:
        with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as f:
            f.write(page_html)
        try:
            page = self._browser.new_page()
            page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                       else route.abort())          # the template's MathJax and fonts from the web: not needed
            page.emulate_media(media="print")
            page.goto(Path(f.name).as_uri(), wait_until="load")
            data = page.pdf(format="A4", print_background=True,
                            margin={"top": "15mm", "bottom": "15mm", "left": "15mm", "right": "15mm"})
            page.close()
            return data
        finally:
            os.unlink(f.name)


class PaperPDF(WebPDFExporter):
    """nbconvert's webpdf export, printed by the :class:`Printer`'s Chromium (the system's)."""

    def __init__(self, printer: Printer) -> None:
        config = Config()
        config.TagRemovePreprocessor.enabled = True           # the code cells' inputs go (their text stays)
        config.TagRemovePreprocessor.remove_input_tags = [OUTPUT_ONLY]
        super().__init__(config=config, exclude_input_prompt=True, exclude_output_prompt=True)
        self.printer = printer

    def run_playwright(self, html: str) -> bytes:    # nbconvert's hook: HTML in, PDF out
        return self.printer.pdf(html)


def run_on_paper(name: str, language: str, timeout: int = 120) -> tuple[nbformat.NotebookNode, dict]:
    """The lesson ``name`` in ``language``, run with the widgets on paper; and what the kernel kept."""
    catalogue = None if language == "en" else build.Catalogue.load(language)
    nb, _tr = build.translate(build.read_source(build.SOURCES / f"{name}.md"), name, language, catalogue)
    if catalogue is not None:       # the link to the English edition (one entry, maybe on two lines): not on paper
        edition = build.Translator(catalogue)(build.edition_line(name))
        first = next(cell for cell in nb.cells if cell.cell_type == "markdown")
        first.source = first.source.replace(edition, "").rstrip("\n")
    nb.cells.insert(0, nbformat.v4.new_code_cell(SETUP))
    nb.cells.append(nbformat.v4.new_code_cell(COLLECT))
    folder = build.notebook_path(name, language).parent
    folder.mkdir(parents=True, exist_ok=True)
    NotebookClient(nb, kernel_name=execute.KERNEL, timeout=timeout, store_widget_state=False,
                   record_timing=False, resources={"metadata": {"path": str(folder)}}).execute()
    kept = json.loads("".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("output_type") == "stream"))
    nb.cells = nb.cells[1:-1]
    return nb, kept


def lesson_title(nb: nbformat.NotebookNode) -> str:
    """The lesson's first heading, without its ``#``."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return ""


def handout(name: str, language: str, out: Path, printer: Printer) -> tuple[Path, Path, dict]:
    """Write the handout and the answer sheet of one lesson in one language; returns their paths
    and what the kernel kept (``questions``: question, answer, why; ``labels``: the added words)."""
    nb, kept = run_on_paper(name, language)
    labels = kept["labels"]
    folder = out / language
    folder.mkdir(parents=True, exist_ok=True)
    sheet, answers = folder / f"{name}.pdf", folder / f"{name}-answers.pdf"
    exporter = PaperPDF(printer)
    sheet.write_bytes(exporter.from_notebook_node(paper_notebook(nb, labels))[0])
    answers.write_bytes(exporter.from_notebook_node(answer_notebook(lesson_title(nb), kept["questions"], labels))[0])
    return sheet, answers, kept


def lesson_names() -> list[str]:
    """The numbered lessons (00-11): the teacher guide and the sandbox are no handouts."""
    return [p.stem for p in build.source_paths() if p.stem[:2].isdigit()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("lessons", nargs="*", help="lesson names (04-bar); default: every numbered lesson")
    parser.add_argument("--lang", action="append", help="a language (en, cs ...); default: every one")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the folder to write into (default {OUT})")
    args = parser.parse_args(argv)
    names = [Path(n).stem for n in args.lessons] or lesson_names()
    start = time.perf_counter()
    with Printer() as printer:
        for language in args.lang or build.languages():
            for name in names:
                t = time.perf_counter()
                sheet, answers, kept = handout(name, language, args.out, printer)
                print(f"{time.perf_counter() - t:7.1f} s  {sheet.relative_to(args.out)}, "
                      f"{answers.name} ({len(kept['questions'])} questions)")
    print(f"{time.perf_counter() - start:7.1f} s  total, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
