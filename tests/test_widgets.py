"""The widgets' logic, driven from Python without a browser (clicks through ``BoardView.click``)."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget", reason="the widgets need the lessons extra (anywidget)")

from bgsim import Position  # noqa: E402
from bgsim.widgets import BoardView, BoardWidget, IdBox  # noqa: E402


# ----------------------------------------------------------------------------- board
def test_board_view_reports_browser_messages():
    view = BoardView(svg="<svg/>")
    seen = []
    view.on_click(seen.append)
    # what board.js sends for a checker on the bar, an empty point and a tray
    view._on_message(view, {"type": "click", "kind": "bar", "player": 1, "point": 25}, [])
    view._on_message(view, {"type": "click", "kind": "point", "point": "7", "player": None}, [])
    view._on_message(view, {"type": "click", "kind": "tray", "player": 0, "point": 0}, [])
    view._on_message(view, {"type": "other"}, [])
    view._on_message(view, {"type": "click", "kind": "nonsense"}, [])
    assert seen == [{"kind": "bar", "point": 25, "player": 1}, {"kind": "point", "point": 7, "player": None},
                    {"kind": "tray", "point": 0, "player": 0}]
    view.on_click(seen.append, remove=True)
    view.click("point", point=3)
    assert len(seen) == 3


@pytest.mark.parametrize("args", [("wall",), ("point",), ("point", 25), ("bar", None, None), ("tray", None, 2)])
def test_board_view_click_checks_its_arguments(args):
    with pytest.raises(ValueError):
        BoardView().click(*args)


def test_board_widget_draws_the_dom_contract_and_ids():
    pos = Position.from_counts({6: 2, 25: 1}, {1: 3}, turn=1)
    b = BoardWidget(pos, perspective=0)
    svg = b.view.svg
    assert 'class="point' in svg and 'data-point="24"' in svg
    assert 'class="bar' in svg and 'class="tray' in svg
    assert b.ids.gnubg.value == pos.gnubg_id()
    assert b.ids.xgid.value == pos.xgid()
    b.position = Position.initial()
    assert b.ids.gnubg.value == "4HPwATDgc/ABMA"
    b.redraw(highlight=(5,))
    assert 'data-point="5"' in b.view.svg and "highlight" in b.view.svg
    with pytest.raises(TypeError):
        b.position = "4HPwATDgc/ABMA"
    with pytest.raises(ValueError):
        BoardWidget(perspective=2)


def test_id_boxes_are_read_only():
    box = IdBox(Position.initial())
    box.gnubg.value = "typed over"
    box.xgid.value = ""
    assert box.gnubg.value == "4HPwATDgc/ABMA"
    assert box.xgid.value.startswith("XGID=-b----E-C")
