"""Doctest set-up for the docstrings in bgsim/.

The value module ``bgsim/board.py`` cannot import :class:`bgsim.Position` (it sits below
it), but its examples are written with it, as users call those methods; every doctest
gets ``Position`` here, as if the example began with ``from bgsim import Position``.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _bgsim_doctest_names(doctest_namespace: dict) -> None:
    from bgsim import Position

    doctest_namespace.setdefault("Position", Position)
