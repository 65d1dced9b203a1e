"""The whole board on one screen in Present mode (issue 32, item 2), measured at three screen sizes.

At 1280x720, 1024x768 and 1920x1080, lesson 03 in the teacher view with ``?present=1``: for every
board on the page (live widgets and pictures alike), scrolled so that the question it illustrates
(the last paragraph of the text before it; a drill's own task) is at the top of the screen, the whole board (all 24
point numbers), its dice, its buttons and its rule message are on screen with the question, with
nothing to scroll; the board's numbers are at least 20 px. The sizes are printed with ``-s``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .conftest import Server, _only_localhost
from .teach_server import teach_server

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

LONG = 180_000
SIZES = [(1280, 720), (1024, 768), (1920, 1080)]
MEASURED: dict[str, object] = {}

# For each board: scroll its question to the top, then measure everything that must be on screen.
MEASURE = """
(board) => {
  const cell = board.closest('[cell-index]');
  let prev = cell && cell.previousElementSibling, question = null;
  const drill = board.closest('.bgsim-drill');            // a drill asks its own question, beside its board
  if (drill) { question = drill.querySelector('.bgsim-drill-title'); prev = null; }
  while (prev && !question) {
    const md = prev.querySelector('.jp-RenderedMarkdown, .jp-MarkdownOutput');
    if (md) {
      const blocks = md.querySelectorAll('p, li, h1, h2, h3, h4');
      question = blocks.length ? blocks[blocks.length - 1] : md;
    }
    prev = prev.previousElementSibling;
  }
  (question || board).scrollIntoView({block: 'start'});
  const rect = (e) => { const r = e.getBoundingClientRect();
                        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
                                height: r.height}; };
  const widget = board.closest('.bgsim-widget');
  const numbers = [...board.querySelectorAll('g.point + text')];
  const parts = {};
  if (widget) {
    for (const [name, sel] of [['buttons', '.bgsim-controls .jupyter-button:not([style*="display: none"])'],
                               ['message', '.bgsim-message'], ['dice', '.die'],
                               ['drill buttons', '.bgsim-drill-buttons .jupyter-button']]) {
      const els = [...widget.querySelectorAll(sel)].filter(e => e.offsetParent !== null || e.closest('svg'));
      if (els.length) parts[name] = els.map(rect);
    }
  }
  return {board: rect(board), question: question ? rect(question) : null, numbers: numbers.map(rect),
          numberPx: numbers.length ? parseFloat(getComputedStyle(numbers[0]).fontSize) * board.getScreenCTM().a : 0,
          parts, height: window.innerHeight, width: document.documentElement.clientWidth,
          kind: widget ? [...widget.classList].filter(c => c.startsWith('bgsim-') && c !== 'bgsim-widget').join(' ')
                       : 'picture'};
}
"""


@pytest.fixture(scope="module")
def teach(notebook_dir, tmp_path_factory) -> Iterator[Server]:
    """The teacher view as ``make teach`` runs it (no ready kernels: each page runs on request)."""
    with teach_server(notebook_dir, tmp_path_factory.mktemp("fit-home")) as (server, _proc):
        yield server


def off_screen(r: dict, height: float, width: float, what: str) -> list[str]:
    """Why ``r`` is not wholly on screen (nothing if it is)."""
    out = []
    if not (r["top"] >= -1 and r["bottom"] <= height + 1):
        out.append(f"{what}: {r['top']:.0f}-{r['bottom']:.0f} px of {height}")
    if not (r["left"] >= -1 and r["right"] <= width + 1):
        out.append(f"{what}: {r['left']:.0f}-{r['right']:.0f} px across of {width}")
    return out


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_whole_board_with_its_question_on_one_screen(chromium, teach, screenshot, width, height):
    context = chromium.new_context(viewport={"width": width, "height": height})
    context.route("**/*", _only_localhost)
    page = context.new_page()
    try:
        page.goto(teach.url("/voila/render/lessons/03-forced-play.ipynb", present="1"), timeout=LONG)
        page.wait_for_selector("body[data-bgsim-ready='1']", state="attached", timeout=LONG)
        boards = page.locator(".bgsim-board-view svg.bgsim-board:visible, svg.bgsim-board.bgsim-picture:visible")
        expect(boards.first).to_be_visible()
        n = boards.count()
        assert n >= 3
        seen, problems = [], []
        for i in range(n):
            m = boards.nth(i).evaluate(MEASURE)
            h, w = m["height"], m["width"]
            what = f"board {i + 1} ({m['kind']}) at {width}x{height}"
            problems += off_screen(m["board"], h, w, what)
            if len(m["numbers"]) != 24:
                problems.append(f"{what}: {len(m['numbers'])} point numbers")
            for k, r in enumerate(m["numbers"]):
                problems += off_screen(r, h, w, f"{what}, point number {k + 1}")
            if m["question"] is None:
                problems.append(f"{what}: no question before it")
            else:
                problems += off_screen(m["question"], h, w, f"{what}: its question")
            for name, rects in m["parts"].items():
                for r in rects:
                    problems += off_screen(r, h, w, f"{what}: {name}")
            if m["numberPx"] < 20:
                problems.append(f"{what}: point numbers {m['numberPx']:.1f} px")
            seen.append((m["kind"], round(m["board"]["width"]), round(m["board"]["height"]), round(m["numberPx"], 1),
                         round(m["question"]["height"]) if m["question"] else None))
            if i == 2 and (width, height) == (1280, 720):
                screenshot(page, "present-lesson03-whole-board-1280x720")
        MEASURED[f"{width}x{height}: boards (kind, width px, height px, number px, question px)"] = seen
        assert not problems, "\n".join(problems)
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")
    finally:
        page.close(run_before_unload=True)
        context.close()


def test_report(capsys):
    if MEASURED:
        with capsys.disabled():
            print("\nthe whole board in Present mode:")
            for key, value in MEASURED.items():
                print(f"  {key}: {value}")
