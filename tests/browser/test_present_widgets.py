"""Widgets on the projector (issue 32, item 6): in Present mode at 1280x720 every text of a bgsim
widget is at least 20 px, every button says what it does in words, and nothing is cut off.

Lessons 06 and 07 (the score widget: its labels were cut, "this is the Crawford gam...", and
its Crawford checkbox a tiny native box), 08 (the replay: its move list 16 px and cut at the
right edge, its First/Back/Forward/Last icons only) and 11 (playing the computer), and the
Present/Boards bar itself (20 px in Present mode). The audit reads every visible element of
every widget: its computed font size, a button's words, and whether its text overflows its box.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .conftest import Server, _only_localhost
from .teach_server import teach_server

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

LONG = 180_000
MEASURED: dict[str, object] = {}
PAGES = ["06-scoring.ipynb", "07-cube.ipynb", "08-match.ipynb", "11-play.ipynb"]

AUDIT = """
(widgets) => {
  const problems = [];
  let smallest = 1e9, count = 0;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent || el.value || '')
    .trim().replace(/\\s+/g, ' ').slice(0, 40)}"`;
  for (const widget of widgets) {
    for (const el of widget.querySelectorAll('*')) {
      if (el.closest('svg') || el.closest('.bgsim-ids') || el.closest('.bgsim-page-kit') || !visible(el)) continue;
      const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      const control = el.matches('button, select, input:not([type=checkbox]), label');
      if (text || control) {
        const size = parseFloat(getComputedStyle(el).fontSize);
        count += 1;
        smallest = Math.min(smallest, size);
        if (size < 19.5) problems.push(`${name(el)}: ${size} px`);
      }
      if (el.matches('button') && !(el.textContent || '').trim()) problems.push(`${name(el)}: a button with no words`
                                                                         + ` (title: ${el.title})`);
      if (el.matches('input[type=checkbox]')) {
        const r = el.getBoundingClientRect();
        if (r.width < 20 || r.height < 20) problems.push(`${name(el)}: a checkbox of ${r.width}x${r.height} px`);
      }
      if ((text || el.matches('label, button')) && el.scrollWidth > el.clientWidth + 2
          && getComputedStyle(el).overflowX !== 'visible') {
        problems.push(`${name(el)}: cut off (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
      }
      if (el.matches('select')) {
        for (const option of el.options) {
          const width = option.textContent.length * parseFloat(getComputedStyle(el).fontSize) * 0.5;
          if (el.size > 1 && width > el.clientWidth + 2) {
            problems.push(`${name(el)}: option "${option.textContent.slice(0, 40)}" cut off`);
            break;
          }
        }
      }
    }
    const r = widget.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 1) problems.push(`${name(widget)}: wider than the page`);
  }
  return {problems, smallest, count};
}
"""


@pytest.fixture(scope="module")
def teach(notebook_dir, tmp_path_factory) -> Iterator[Server]:
    with teach_server(notebook_dir, tmp_path_factory.mktemp("widgets-home")) as (server, _proc):
        yield server


@pytest.mark.parametrize("name", PAGES)
def test_every_widget_text_20px_in_words_and_not_cut_off(chromium, teach, screenshot, name):
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.route("**/*", _only_localhost)
    page = context.new_page()
    try:
        page.goto(teach.url(f"/voila/render/lessons/{name}", present="1"), timeout=LONG)
        page.wait_for_selector("body[data-bgsim-ready='1']", state="attached", timeout=LONG)
        widgets = page.locator(".bgsim-widget, .bgsim-quiz")
        expect(widgets.first).to_be_visible()
        result = widgets.evaluate_all(AUDIT)
        bar = page.locator(".bgsim-toolbar button").evaluate_all(
            "bs => bs.map(b => parseFloat(getComputedStyle(b).fontSize))")
        MEASURED[name] = {"texts and controls": result["count"], "smallest px": result["smallest"],
                          "Present/Boards bar px": min(bar)}
        for kind, selector in (("score", ".bgsim-score"), ("replay", ".bgsim-replay"), ("play", ".bgsim-play")):
            if page.locator(selector).count():
                page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'start'})")
                screenshot(page, f"present-{kind}-{name.split('-')[0]}-1280x720")
        assert min(bar) >= 20, bar
        assert not result["problems"], "\n".join(result["problems"][:40])
    finally:
        page.close(run_before_unload=True)
        context.close()


def test_report(capsys):
    if MEASURED:
        with capsys.disabled():
            print("\nwidgets in Present mode at 1280x720:")
            for key, value in MEASURED.items():
                print(f"  {key}: {value}")
