"""The teacher view's pool of ready kernels (teach/voila_teach.py, issue 32 item 1): which pages it keeps
ready. The browser test (tests/browser/test_teach_ready.py) runs it under load."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("voila_teach", ROOT / "teach" / "voila_teach.py")
assert spec and spec.loader
teach = importlib.util.module_from_spec(spec)
spec.loader.exec_module(teach)


def test_doctests():
    assert doctest.testmod(teach).failed == 0


def test_the_course_in_order_and_the_next_pages():
    pages = teach.course_pages(ROOT / "lessons")
    assert pages[:3] == ["00-start-here.ipynb", "01-board.ipynb", "02-moving.ipynb"]
    assert "cs/04-bar.ipynb" in pages and not any(".ipynb_checkpoints" in p for p in pages)
    assert teach.plan(pages, 4) == pages[:4]                                  # before any page: the first ones
    assert teach.plan(pages, 4, opened="03-forced-play.ipynb") == [
        "04-bar.ipynb", "05-bearing-off.ipynb", "06-scoring.ipynb", "03-forced-play.ipynb"]
    assert teach.plan(pages, 4, opened="cs/10-variants.ipynb")[0] == "cs/11-play.ipynb"   # the Czech edition's next
    assert len(teach.plan(pages, 4, opened="teacher-guide.ipynb")) <= 4


@pytest.mark.parametrize(("named", "ready", "expected"), [
    ("03 04 sandbox", 4, ["03-forced-play.ipynb", "04-bar.ipynb", "sandbox.ipynb"]),
    ("03 04 05 06 07 08", 4, ["03-forced-play.ipynb", "04-bar.ipynb", "05-bearing-off.ipynb",
                              "06-scoring.ipynb"]),             # never more than the limit
    ("cs/04 nonsense", 4, ["cs/04-bar.ipynb"]),
    ("03 04", 0, []),
])
def test_named_pages(named, ready, expected):
    pages = teach.course_pages(ROOT / "lessons")
    assert teach.plan(pages, ready, teach.resolve_pages(named.split(), pages)) == expected
