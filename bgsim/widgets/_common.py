"""Small pieces the widgets share: the ID box, the message line, numbering helpers."""

from __future__ import annotations

import html

import ipywidgets as w

from ..engine.errors import ViewError
from ..engine.i18n import _
from ..engine.ids import XgidState
from ..engine.position import Position
from ._link import LinkView, sandbox_link
from ._page import ClosesParts

__all__ = ["IdBox", "MessageLine", "counts_of", "from_player", "to_player"]


def counts_of(position: Position, player: int) -> tuple[int, ...]:
    """Player ``player``'s 26 counts in that player's own numbering (0 = off, 25 = bar).

    >>> counts_of(Position.from_counts({6: 15}, {1: 15}, turn=1), 0)[1]
    15
    """
    return position.mine if player == position.turn else position.theirs


def to_player(point: int, perspective: int, player: int) -> int:
    """A point in the ``perspective`` player's numbering, in ``player``'s numbering.

    A point p of one side is 25 - p of the other; the bar (25) and off (0) stay.

    >>> to_player(6, 0, 1), to_player(6, 1, 1), to_player(25, 0, 1)
    (19, 6, 25)
    """
    if player == perspective or point in (0, 25):
        return point
    return 25 - point


def from_player(point: int, player: int, perspective: int) -> int:
    """A point in ``player``'s numbering, in the ``perspective`` player's numbering.

    >>> from_player(19, 1, 0)
    6
    """
    return to_player(point, player, perspective)


class IdBox(ClosesParts, w.HBox):
    """The gnubg Position ID, the XGID and a sandbox link of a position, behind a "copy this position" toggle.

    The IDs are for copying a position into another program (or back into the editor), the
    link (:attr:`link`, see :func:`bgsim.widgets.sandbox_link`) for sharing it with a class:
    the sandbox page that opens the same position and dice. A learner does not need them, so
    they stay folded away until the toggle is pressed (``open=True`` shows them at once). The
    boxes are read-only: typed text springs back, so a slip cannot change the IDs. The XGID
    keeps the dice to play (``dice``), as the board shows them.

    >>> box = IdBox(Position.initial())
    >>> box.gnubg.value, box.xgid.value[:8], box.boxes.layout.display
    ('4HPwATDgc/ABMA', 'XGID=-b-', 'none')
    >>> box.toggle.value = True; box.boxes.layout.display is None
    True
    >>> box.show(Position.initial(), dice=(6, 5)); box.xgid.value[-14:], box.link.href[-14:]
    (':65:0:0:0:0:10', ':65:0:0:0:0:10')
    """

    def __init__(self, position: Position | None = None, state: XgidState | None = None, *,
                 open: bool = False) -> None:
        self.gnubg = w.Text(description="gnubg ID", layout=w.Layout(width="19em"),
                            style={"description_width": "5em"})
        self.xgid = w.Text(description="XGID", layout=w.Layout(width="100%", max_width="34em"),
                           style={"description_width": "5em"})
        self.gnubg.add_class("bgsim-gnubg-id")
        self.xgid.add_class("bgsim-xgid")
        self._values = {"gnubg": "", "xgid": ""}
        for name, box in (("gnubg", self.gnubg), ("xgid", self.xgid)):
            box.observe(lambda change, name=name: self._restore(name), names="value")
        self.toggle = w.ToggleButton(value=open, description=_("copy this position"), icon="clipboard",
                                     tooltip=_("show the gnubg ID and the XGID of this position, to copy"),
                                     layout=w.Layout(width="auto"))
        self.toggle.add_class("bgsim-ids-toggle")
        self.link = LinkView(label=_("open this position in the sandbox (a link for the class)"))
        self.boxes = w.HBox([self.gnubg, self.xgid, self.link], layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.boxes.layout.display = None if open else "none"
        self.toggle.observe(lambda change: setattr(self.boxes.layout, "display", None if change["new"] else "none"),
                            names="value")
        super().__init__([self.toggle, self.boxes], layout=w.Layout(flex_flow="row wrap", width="100%"))
        self.add_class("bgsim-ids")
        if position is not None:
            self.show(position, state)

    def show(self, position: Position, state: XgidState | None = None, *,
             dice: tuple[int, int] | None = None) -> None:
        """Show ``position``'s IDs and link (``state``: cube, dice and score for the XGID; ``dice``: the
        roll to play, written into the XGID when no ``state`` is given: a widget that knows better,
        a replay after a move or a turn half played, gives its own state)."""
        if dice is not None and all(dice) and state is None:
            state = XgidState(dice=(dice[0], dice[1]))
        self._values["gnubg"] = position.gnubg_id()
        self._values["xgid"] = position.xgid(state)
        self.link.href = sandbox_link(position, state=state)
        self.gnubg.value = self._values["gnubg"]
        self.xgid.value = self._values["xgid"]

    def _restore(self, name: str) -> None:
        box = self.gnubg if name == "gnubg" else self.xgid
        if box.value != self._values[name]:
            box.value = self._values[name]


class MessageLine(ClosesParts, w.HTML):
    """One line of text for the widget's news: a refused click, a loaded ID, a result.

    ``kind`` is ``"info"``, ``"ok"`` or ``"error"`` (styled by the CSS classes
    ``bgsim-info``/``bgsim-ok``/``bgsim-error``); :attr:`text` is the plain text shown.

    >>> m = MessageLine(); m.say("point 5 holds checkers of both sides (R7)", "error"); m.text
    'point 5 holds checkers of both sides (R7)'
    """

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.add_class("bgsim-message")
        self.text = ""
        self.kind = "info"
        self.say(text)

    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text``; ``kind`` picks the colour."""
        if kind not in ("info", "ok", "error"):
            raise ViewError(f"kind must be info, ok or error, not {kind!r}")
        self.text = text
        self.kind = kind
        self.value = f'<div class="bgsim-{kind}">{html.escape(text)}</div>' if text else ""
