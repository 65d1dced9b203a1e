"""Charts for notebooks and widgets, as SVG text: how a Monte Carlo estimate converges.

:func:`convergence` draws the running estimate of a Monte Carlo run (:func:`bgsim.estimate`)
and its 95% band against the number of games played; :class:`bgsim.Estimate`'s notebook
display and the Monte Carlo widget show it. Like :mod:`bgsim.draw.svg` it is a client of the
layers above: it takes plain numbers and returns text.

>>> svg = convergence([(36, 0.10, 0.30), (72, 0.05, 0.20), (108, 0.04, 0.16)], unit="points per game")
>>> svg.startswith('<svg') and svg.count("<polyline") == 1 and "108 games" in svg
True
"""

from __future__ import annotations

from html import escape

import numpy as np

__all__ = ["convergence"]


def convergence(trace: list[tuple[int, float, float]], width: int = 520, height: int = 220,
                unit: str = "points per game") -> str:
    """A small SVG plot of a running estimate and its 95% band (a Monte Carlo run converging).

    ``trace`` holds ``(games, estimate, half_width)`` after each round; the Monte Carlo widget
    and :class:`bgsim.Estimate`'s notebook display draw it.

    >>> convergence([(36, 0.1, 0.3), (72, 0.05, 0.2)]).startswith('<svg')
    True
    """
    left, right, top, bottom = 56, 12, 12, 34
    pw, ph = width - left - right, height - top - bottom
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" class="bgsim-plot" viewBox="0 0 {width} {height}" '
              f'width="{width}" height="{height}" font-family="sans-serif" font-size="12">'),
             f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="#fafafa" stroke="#999"/>']
    if not trace:
        parts.append(f'<text x="{left + pw / 2}" y="{top + ph / 2}" text-anchor="middle" fill="#777">'
                     f'press Start: the estimate and its 95% band appear here</text></svg>')
        return "".join(parts)
    g = np.array([t[0] for t in trace], dtype=float)
    e = np.array([t[1] for t in trace])
    h = np.nan_to_num(np.array([t[2] for t in trace]))
    lo, hi = float(np.min(e - h)), float(np.max(e + h))
    if hi - lo < 1e-9:
        lo, hi = lo - 0.5, hi + 0.5
    pad = (hi - lo) * 0.05
    lo, hi = lo - pad, hi + pad
    gmax = float(g[-1]) if g[-1] > 0 else 1.0

    def x(v: float) -> float:
        return left + pw * v / gmax

    def y(v: float) -> float:
        return top + ph * (hi - v) / (hi - lo)

    band = [f"{x(a):.1f},{y(b + c):.1f}" for a, b, c in zip(g, e, h, strict=True)]
    band += [f"{x(a):.1f},{y(b - c):.1f}" for a, b, c in zip(g[::-1], e[::-1], h[::-1], strict=True)]
    parts.append(f'<polygon points="{" ".join(band)}" fill="#90caf9" fill-opacity="0.55" stroke="none"/>')
    line = " ".join(f"{x(a):.1f},{y(b):.1f}" for a, b in zip(g, e, strict=True))
    parts.append(f'<polyline points="{line}" fill="none" stroke="#0d47a1" stroke-width="2"/>')
    if lo < 0 < hi:
        parts.append(f'<line x1="{left}" x2="{left + pw}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#666" '
                     f'stroke-dasharray="4 3"/>')
    for v in (lo + pad, (lo + hi) / 2, hi - pad):
        parts.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:+.3f}</text>')
    parts.append(f'<text x="{left}" y="{height - 8}">0</text>')
    parts.append(f'<text x="{left + pw}" y="{height - 8}" text-anchor="end">{int(gmax):,} games</text>')
    parts.append(f'<text x="{left + pw / 2}" y="{height - 8}" text-anchor="middle" fill="#333">'
                 f'estimate ({escape(unit)}) and its 95% band</text></svg>')
    return "".join(parts)
