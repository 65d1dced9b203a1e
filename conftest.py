"""Doctest set-up for the docstrings in bgsim/.

The value module ``bgsim/engine/board.py`` cannot import :class:`bgsim.Position` (it sits below
it), but its examples are written with it, as users call those methods; every doctest
gets ``Position`` here, as if the example began with ``from bgsim import Position``. The
modules under :class:`bgsim.Game` (``game_base``, ``game_guards``, ``game_ids``,
``game_replay``) get ``Game`` the same way.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _bgsim_doctest_names(doctest_namespace: dict) -> None:
    from bgsim import Game, Position

    doctest_namespace.setdefault("Position", Position)
    doctest_namespace.setdefault("Game", Game)
