"""Confidence intervals for the numbers a Monte Carlo run counts.

A proportion (games won, gammons ...) gets the Wilson score interval
(:func:`wilson_interval`); a mean of results given as distinct values seen so many times
(the equity) gets the normal interval (:func:`mean_interval`). Both are an
:class:`Interval`, 95% unless ``confidence_level`` says otherwise; :func:`normal_quantile`
is the ``z`` behind them. :func:`bgsim.estimate` reports its chances and its equity with
them (:mod:`bgsim.sim.montecarlo` re-exports these names).

>>> print(wilson_interval(50, 100))
0.5000 [0.4038, 0.5962]
>>> print(mean_interval([1, -1], [60, 40]).percent())
20.00% [0.70, 39.30]
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from ..engine.errors import EstimateError
from ..engine.i18n import _, fmt_number, fmt_percent
from .results import ResultDisplay, TextTable

__all__ = ["Interval", "mean_interval", "mean_sd", "normal_quantile", "wilson_interval"]

_STANDARD_NORMAL = NormalDist()


def _is_int(x) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def _check_level(confidence_level) -> float:
    if (isinstance(confidence_level, bool) or not isinstance(confidence_level, numbers.Real)
            or not 0.0 < float(confidence_level) < 1.0):
        raise EstimateError(f"confidence_level must be a number strictly between 0 and 1 (0.95 for 95%), "
                            f"not {confidence_level!r}")
    return float(confidence_level)


def normal_quantile(confidence_level: float = 0.95) -> float:
    """The ``z`` of a two-sided normal interval: ``P(-z < Z < z) = confidence_level``.

    The standard normal's inverse distribution function at ``(1 + confidence_level) / 2``
    (the value ``scipy.stats.norm.ppf`` gives; computed with :class:`statistics.NormalDist`).

    >>> round(normal_quantile(0.95), 6), round(normal_quantile(0.99), 6)
    (1.959964, 2.575829)
    """
    level = _check_level(confidence_level)
    return _STANDARD_NORMAL.inv_cdf(0.5 + level / 2)


@dataclass(frozen=True)
class Interval(ResultDisplay):
    """A value with its confidence interval ``[low, high]`` (95% unless ``confidence_level`` says).

    >>> iv = Interval(0.5, 0.45, 0.55)
    >>> iv.half_width, 0.47 in iv
    (0.05..., True)
    >>> print(iv), print(iv.percent())
    0.5000 [0.4500, 0.5500]
    50.00% [45.00, 55.00]
    (None, None)
    """

    value: float
    low: float
    high: float
    confidence_level: float = 0.95

    @property
    def half_width(self) -> float:
        """Half the interval's width (for a symmetric interval: value +- half_width)."""
        return (self.high - self.low) / 2

    def __contains__(self, x: float) -> bool:
        return self.low <= x <= self.high

    def percent(self) -> str:
        """The interval as percentages, e.g. ``'51.20% [50.22, 52.18]'``.

        >>> Interval(0.25, 0.2, 0.3).percent()
        '25.00% [20.00, 30.00]'
        """
        if math.isnan(self.value):
            return _("n/a (no games)")
        return fmt_percent(self.value, 2) + " " + _("[{low}, {high}]").format(low=fmt_number(100 * self.low, 2),
                                                                          high=fmt_number(100 * self.high, 2))

    def _table(self) -> TextTable:
        if math.isnan(self.value):
            return TextTable(title=(_("n/a (no games)"),))
        return TextTable(title=(fmt_number(self.value, 4) + " " + _("[{low}, {high}]").format(
            low=fmt_number(self.low, 4), high=fmt_number(self.high, 4)),))


def _check_count(x, name: str) -> int:
    if not _is_int(x) or x < 0:
        raise EstimateError(f"{name} must be a whole number >= 0, not {x!r}")
    return int(x)


def wilson_interval(successes: int, n: int, confidence_level: float = 0.95) -> Interval:
    """The proportion ``successes / n`` with its Wilson score interval (95% by default).

    Unlike ``p +- z * sqrt(p(1-p)/n)`` it stays inside [0, 1] and does not collapse to a
    point when every game (or none) succeeds. ``n == 0`` gives ``nan`` in ``[0, 1]``.

    >>> print(wilson_interval(50, 100))
    0.5000 [0.4038, 0.5962]
    >>> print(wilson_interval(50, 100, confidence_level=0.99))   # wider
    0.5000 [0.3753, 0.6247]
    >>> print(wilson_interval(100, 100))              # all successes: still a real interval
    1.0000 [0.9630, 1.0000]
    """
    successes, n = _check_count(successes, "successes"), _check_count(n, "n")
    if successes > n:
        raise EstimateError(f"successes = {successes} cannot exceed n = {n}")
    z = normal_quantile(confidence_level)
    if n == 0:
        return Interval(math.nan, 0.0, 1.0, confidence_level)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, low, high, confidence_level)


def mean_sd(values: Sequence[float] | np.ndarray, counts: Sequence[int] | np.ndarray) -> tuple[float, float, int]:
    """Mean, sample standard deviation and size of a sample: distinct ``values`` seen ``counts`` times.

    ``nan`` where the sample is too small (no value: no mean; one value: no spread).

    >>> mean_sd([1, -1], [3, 1])
    (0.5, 1.0, 4)
    >>> mean_sd([2.0], [1])
    (2.0, nan, 1)
    """
    try:
        v = np.asarray(values, dtype=float)
        c = np.asarray(counts, dtype=float)
    except (TypeError, ValueError):
        raise EstimateError("values and counts must be sequences of numbers") from None
    if v.ndim != 1 or v.shape != c.shape:
        raise EstimateError(f"values and counts must be two flat sequences of the same length, "
                            f"not shapes {v.shape} and {c.shape}")
    if not np.all(np.isfinite(v)) or not np.all(np.isfinite(c)) or np.any(c < 0) or np.any(c != np.round(c)):
        raise EstimateError("values must be finite numbers and counts whole numbers >= 0")
    n = int(c.sum())
    if n == 0:
        return math.nan, math.nan, 0
    mean = float((v * c).sum() / n)
    if n < 2:
        return mean, math.nan, n
    return mean, math.sqrt(float((c * (v - mean) ** 2).sum() / (n - 1))), n


def mean_interval(values: Sequence[float] | np.ndarray, counts: Sequence[int] | np.ndarray,
                  confidence_level: float = 0.95) -> Interval:
    """The mean of a sample given as distinct ``values`` seen ``counts`` times, with the normal
    interval ``mean +- z * s / sqrt(n)`` (``s``: the sample standard deviation; 95% by default).

    >>> print(mean_interval([1, -1], [60, 40]))       # +1 sixty times, -1 forty times
    0.2000 [0.0070, 0.3930]
    """
    z = normal_quantile(confidence_level)
    mean, sd, n = mean_sd(values, counts)
    half = z * sd / math.sqrt(n) if n >= 2 else math.nan
    return Interval(mean, mean - half, mean + half, confidence_level)
