"""bgsim.draw.page: what a teacher page's address asks of its boards (issue 21)."""

from __future__ import annotations

import pytest

from bgsim import Position, svg
from bgsim.draw import page
from bgsim.engine.errors import ViewError


@pytest.mark.parametrize(("query", "theme", "present"), [
    ("", "classic", False),
    ("present=1&board=high-contrast", "high-contrast", True),
    ("?board=colour-blind", "colorblind", False),
    ("board=Contrast&present=yes", "high-contrast", True),
    ("token=abc&board=neon&present=maybe", "classic", False),       # unknown words: the defaults
    ("board=colorblind&board=classic", "classic", False),           # the last one counts
    ("present=0", "classic", False),
])
def test_parse_query(query, theme, present):
    assert page.parse_query(query) == page.PageSettings(theme, present)


def test_outside_voila_nothing_is_read(monkeypatch):
    for name in ("VOILA_PREHEAT", "VOILA_KERNEL_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("QUERY_STRING", "board=high-contrast")       # a CGI script, say: not a teacher page
    assert page._from_environment() == page.PageSettings()


def test_a_voila_kernel_reads_its_address(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "present=1&board=colorblind&token=x")
    assert page._from_environment() == page.PageSettings("colorblind", True)


def test_a_preheated_kernel_does_not_wait_for_its_request(monkeypatch):
    """It runs the lesson in advance, in the classic theme: the page then asks for its theme."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "board=high-contrast")       # the server's, not the page's
    assert page._from_environment() == page.PageSettings()


def test_the_page_theme_draws_boards_given_no_theme():
    pos = Position.initial()
    classic = svg.board(pos)
    assert classic == svg.board(pos, theme="classic")               # outside a teacher page: classic, same bytes
    with page.page(theme="high-contrast") as now:
        assert now.theme == "high-contrast"
        assert svg.board(pos) == svg.board(pos, theme="high-contrast")
        assert svg.board(pos, theme="classic") == classic           # a board's own theme wins
        assert pos._repr_svg_() == svg.board(pos, theme="high-contrast")
    assert svg.board(pos) == classic                                # and put back


def test_set_page_checks_the_theme():
    with pytest.raises(ViewError, match="unknown board theme 'neon'"):
        page.set_page(theme="neon")
    before = page.set_page(theme="colour-blind")
    try:
        assert page.settings().theme == "colorblind"
    finally:
        page.set_page(theme=before.theme, present=before.present)
