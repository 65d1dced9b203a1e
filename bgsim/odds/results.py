"""How result objects show themselves: one table, three displays.

Every result bgsim computes (a Monte Carlo :class:`~bgsim.sim.montecarlo.Estimate`, a
:class:`~bgsim.odds.equity.CubeDecision`, a race count, exact :class:`~bgsim.odds.exact.Odds` ...)
says what it holds once, as a :class:`TextTable` from its ``_table()`` method. The
:class:`ResultDisplay` mixin turns that table into

- ``str(result)``: plain text, for ``print`` and the terminal;
- ``_repr_pretty_``: the same text in IPython;
- ``_repr_html_``: an HTML table in Jupyter.

So a new result class writes ``_table()`` and gets all three, all saying the same thing,
and a fourth: :meth:`ResultDisplay.to_dict`, the result as JSON-safe data (its dataclass
fields through :func:`jsonable`; a class adds what its properties say by overriding it).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Coin(ResultDisplay):
...     heads: int
...     tails: int
...     def _table(self):
...         return TextTable(title=("Coin tosses",), header=("", "count"),
...                      rows=(("heads", str(self.heads)), ("tails", str(self.tails))),
...                      notes=(f"{self.heads + self.tails} tosses",), align="<>")
>>> print(Coin(7, 5))
Coin tosses
            count
heads           7
tails           5
12 tosses
>>> print(Coin(7, 5)._repr_html_())    # doctest: +ELLIPSIS
<div><p>Coin tosses</p><table ...><tr><th ...></th><th ...>count</th></tr><tr><th ...>heads</th><td ...>7</td></tr>...
>>> Coin(7, 5).to_dict()
{'heads': 7, 'tails': 5}
"""

from __future__ import annotations

import dataclasses
import enum
import html
import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = ["ResultDisplay", "TextTable", "jsonable"]


def jsonable(value: object) -> Any:
    """``value`` as data :func:`json.dumps` writes as standard JSON.

    ``None``, booleans, strings and whole numbers stay; a float stays unless it is NaN or
    infinite (``None``: JSON has no such numbers); a :class:`~fractions.Fraction` becomes the
    string ``"17/36"``; numpy scalars and arrays become numbers and (nested) lists; an
    :class:`enum.Enum` its value; an object with ``to_dict()`` (positions, rules, results)
    that dict; any other dataclass the dict of its fields; mappings, tuples and lists
    the same, recursively. Anything else becomes its ``str()``.

    >>> import numpy as np
    >>> from fractions import Fraction
    >>> jsonable({"p": Fraction(17, 36), "a": np.array([1.5, np.nan]), "t": (np.int64(2), float("inf"))})
    {'p': '17/36', 'a': [1.5, None], 't': [2, None]}
    """
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, np.generic):
        return jsonable(value.item())
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, numbers.Real):
        v = float(value)
        return v if math.isfinite(v) else None
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist())
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict) and not isinstance(value, type):
        return jsonable(to_dict())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    return str(value)


@dataclass(frozen=True)
class TextTable:
    """What a result shows: title lines, an optional header row, rows of cells, note lines.

    Text layout: each column is as wide as its widest cell (at least ``widths[i]``) and
    columns are joined by ``sep``; ``align[i]`` is ``"<"`` (left, the default) or ``">"``
    (right). A row with fewer cells than the table has columns lets its last cell run on
    to the end of the line (it does not widen its column). ``indent`` spaces precede
    every row. A table with no rows is just its title and notes.

    Parameters
    ----------
    title : tuple of str
        Lines above the table (the first says what the result is).
    rows : tuple of tuples of str
        The table's rows; in HTML the first cell of a row is its heading.
    header : tuple of str, optional
        Column headings.
    notes : tuple of str
        Lines below the table.
    align : str
        ``"<"`` or ``">"`` per column (missing: left).
    widths : tuple of int
        Least text width per column.
    sep : str, default two spaces
        Between text columns.
    indent : int, default 0
        Spaces before every text row.

    >>> t = TextTable(title=("Two rows",), rows=(("a", "1"), ("bb", "22"), ("total: 3 items",)))
    >>> print(t.text())
    Two rows
    a   1
    bb  22
    total: 3 items
    """

    title: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    header: tuple[str, ...] | None = None
    notes: tuple[str, ...] = ()
    align: str = ""
    widths: tuple[int, ...] = ()
    sep: str = "  "
    indent: int = 0

    def _columns(self) -> int:
        body = list(self.rows) + ([self.header] if self.header else [])
        return max((len(r) for r in body), default=0)

    def _widths(self) -> list[int]:
        n = self._columns()
        w = [self.widths[i] if i < len(self.widths) else 0 for i in range(n)]
        for row in list(self.rows) + ([self.header] if self.header else []):
            for i, cell in enumerate(row):
                if i == len(row) - 1 and len(row) < n:
                    break                      # the last cell of a short row runs on
                w[i] = max(w[i], len(cell))
        return w

    def _line(self, row: tuple[str, ...], widths: list[int]) -> str:
        cells = []
        for i, cell in enumerate(row):
            if i == len(row) - 1 and len(row) < len(widths):
                cells.append(cell)
            elif i < len(self.align) and self.align[i] == ">":
                cells.append(cell.rjust(widths[i]))
            else:
                cells.append(cell.ljust(widths[i]))
        return (" " * self.indent + self.sep.join(cells)).rstrip()

    def text(self) -> str:
        """The table as plain text (what ``str()`` of a result gives)."""
        widths = self._widths()
        lines = list(self.title)
        if self.header:
            lines.append(self._line(self.header, widths))
        lines += [self._line(r, widths) for r in self.rows]
        lines += list(self.notes)
        return "\n".join(lines)

    def html(self) -> str:
        """The table as an HTML fragment (what a notebook shows)."""
        esc = html.escape
        n = self._columns()
        parts = ["<div>"]
        if self.title:
            parts.append("<p>" + "<br>".join(esc(t) for t in self.title) + "</p>")
        if self.rows:
            # Each cell carries its own padding: a table inside a widget (an ipywidgets HTML)
            # gets none of the notebook's table style, and its columns would run together.
            def side(i: int) -> str:
                return "right" if 0 < i < len(self.align) and self.align[i] == ">" else "left"

            pad = "padding:0.2em 0.7em"
            parts.append("<table style='border-collapse:collapse'>")
            if self.header:
                parts.append("<tr>" + "".join(f"<th style='text-align:{side(i)};{pad}'>{esc(c)}</th>"
                                              for i, c in enumerate(self.header)) + "</tr>")
            for row in self.rows:
                cells = []
                for i, cell in enumerate(row):
                    span = f" colspan='{n - i}'" if i == len(row) - 1 and len(row) < n else ""
                    tag = "th" if i == 0 else "td"
                    cells.append(f"<{tag} style='text-align:{side(i)};{pad}'{span}>{esc(cell)}</{tag}>")
                parts.append("<tr>" + "".join(cells) + "</tr>")
            parts.append("</table>")
        if self.notes:
            parts.append("<p>" + "<br>".join(esc(t) for t in self.notes) + "</p>")
        parts.append("</div>")
        return "".join(parts)


class ResultDisplay:
    """Mixin for result objects: ``__str__``, ``_repr_pretty_`` and ``_repr_html_`` from
    the one method a subclass writes, ``_table() -> TextTable``; :meth:`to_dict` from its
    dataclass fields."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-safe data: each dataclass field by name, through :func:`jsonable`.

        ``json.loads(json.dumps(r.to_dict())) == r.to_dict()`` for every result (the tests
        check each class). A subclass adds derived numbers by extending the dict.
        """
        if not dataclasses.is_dataclass(self):  # pragma: no cover - every result is a dataclass
            raise TypeError(f"{type(self).__name__} is not a dataclass: it must define to_dict()")
        return {f.name: jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def _table(self) -> TextTable:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def __str__(self) -> str:
        return self._table().text()

    def _repr_pretty_(self, p, cycle: bool) -> None:  # IPython
        p.text(f"{type(self).__name__}(...)" if cycle else str(self))

    def _repr_html_(self) -> str:  # Jupyter
        return self._table().html()
