"""Dice: the 36 ordered rolls, the 21 distinct rolls with their weights, the opening rolls (R4).

All randomness comes from a caller-supplied :class:`numpy.random.Generator` (or a seed),
so every run can be reproduced.

>>> len(ALL_ROLLS), len(DISTINCT_ROLLS), sum(w for _, w in DISTINCT_ROLLS)
(36, 21, 36)
>>> len(OPENING_ROLLS)
30
>>> roll(42) == roll(42)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, cast

import numpy as np

from .errors import BgsimError, IllegalPlayError, SeedError
from .i18n import _

__all__ = [
    "ALL_ROLLS",
    "DISTINCT_ROLLS",
    "OPENING_ROLLS",
    "check_dice",
    "probability",
    "rng_from",
    "roll",
    "roll_opening",
]

#: The 36 equally likely ordered rolls (d1, d2).
ALL_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))

#: The 21 distinct rolls, higher die first, with how many of the 36 give each (doubles 1, others 2).
DISTINCT_ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(6, 0, -1) for b in range(a, 0, -1))

#: The 30 ordered opening rolls (R4): (first player's die, second player's die), never equal.
OPENING_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in ALL_ROLLS if a != b)


def check_dice(dice: object, *, what: str = "a roll",
               error: type[BgsimError] = IllegalPlayError) -> tuple[int, int]:
    """Validate a roll: two whole numbers from 1 to 6 (R2). Returns it as a tuple of ints.

    ``what`` names the roll in the message ("a roll", "an opening roll" ...) and ``error``
    is the :class:`~bgsim.engine.errors.BgsimError` subclass raised (a game asks for
    :class:`~bgsim.engine.errors.RuleViolationError`). Equal dice are allowed: whether a double
    is acceptable (it is not for an opening roll, R4) is the caller's rule.

    >>> check_dice([6, 1])
    (6, 1)
    >>> check_dice((7, 1))
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.IllegalPlayError: a roll is two dice from 1 to 6, not (7, 1) (R2)
    >>> from bgsim.engine.errors import RuleViolationError
    >>> check_dice("61", what="an opening roll", error=RuleViolationError)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RuleViolationError: an opening roll is two dice from 1 to 6, not '61' (R2)
    """
    if type(dice) is tuple and len(dice) == 2:   # the common case, checked without the generic path
        d1, d2 = dice
        if type(d1) is int and type(d2) is int and 1 <= d1 <= 6 and 1 <= d2 <= 6:
            return dice
    try:
        d1, d2 = cast(Iterable[Any], dice)   # a TypeError or ValueError below when it is not a pair
        ok = all(isinstance(d, (int, np.integer)) and not isinstance(d, bool) and 1 <= d <= 6 for d in (d1, d2))
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise error(f"{what} is two dice from 1 to 6, not {dice!r} (R2)")
    return int(d1), int(d2)


def rng_from(seed_or_rng=None) -> np.random.Generator:
    """A Generator from a seed, a SeedSequence, or an existing Generator (returned as is).

    >>> bool(rng_from(1).integers(1, 7) == rng_from(1).integers(1, 7))
    True
    """
    if isinstance(seed_or_rng, np.random.Generator):
        return seed_or_rng
    if isinstance(seed_or_rng, bool) or not (
        seed_or_rng is None
        or isinstance(seed_or_rng, (int, np.integer, np.random.SeedSequence, np.random.BitGenerator))
    ):
        raise SeedError(_("rng must be None, an int >= 0, a SeedSequence or a Generator, not {seed_or_rng}").format(
                            seed_or_rng=repr(seed_or_rng)))
    if isinstance(seed_or_rng, (int, np.integer)) and seed_or_rng < 0:
        raise SeedError(_("rng: a seed must be an int >= 0, not {seed_or_rng}").format(seed_or_rng=seed_or_rng))
    return np.random.default_rng(seed_or_rng)


def seed_sequence(rng=None, error: type[BgsimError] = SeedError) -> np.random.SeedSequence:
    """A run's :class:`numpy.random.SeedSequence` from what ``rng=`` was given: None (fresh
    entropy), a whole number >= 0, a SeedSequence (as is) or a Generator (128 bits drawn from
    it: deterministic for a seeded generator). Anything else raises ``error``.

    >>> seed_sequence(7).entropy, seed_sequence(7) is not seed_sequence(7)
    (7, True)
    """
    if rng is None:
        return np.random.SeedSequence()
    if isinstance(rng, np.random.SeedSequence):
        return rng
    if isinstance(rng, np.random.Generator):
        return np.random.SeedSequence(int.from_bytes(rng.bytes(16), "little"))
    if not isinstance(rng, bool) and isinstance(rng, (int, np.integer)) and rng >= 0:
        return np.random.SeedSequence(int(rng))
    raise error(f"rng must be None, a whole number >= 0, a numpy.random.SeedSequence or a "
                f"numpy.random.Generator, not {rng!r}")


def roll(rng=None) -> tuple[int, int]:
    """Roll two dice.

    >>> d = roll(np.random.default_rng(7)); all(1 <= x <= 6 for x in d)
    True
    """
    g = rng_from(rng)
    a, b = g.integers(1, 7, size=2)
    return int(a), int(b)


def roll_opening(rng=None) -> tuple[int, int, int]:
    """The opening roll (R4): each player rolls one die, ties are rolled again.

    Returns ``(starter, die_of_player_0, die_of_player_1)``; the starter plays both numbers.

    >>> starter, d0, d1 = roll_opening(3)
    >>> d0 != d1 and starter == (0 if d0 > d1 else 1)
    True
    """
    g = rng_from(rng)
    while True:
        a, b = (int(x) for x in g.integers(1, 7, size=2))
        if a != b:
            return (0 if a > b else 1), a, b


def probability(event) -> Fraction:
    """The exact chance, over the 36 rolls, that ``event(roll)`` is true.

    >>> probability(lambda r: 6 in r)
    Fraction(11, 36)
    """
    return Fraction(sum(1 for r in ALL_ROLLS if event(r)), 36)
