"""Charts for notebooks and widgets, as SVG text: how a Monte Carlo estimate converges.

:func:`convergence` draws the running estimate of a Monte Carlo run (:func:`bgsim.estimate`)
and its 95% band against the number of games played; :class:`bgsim.Estimate`'s notebook
display and the Monte Carlo widget show it. For a learner, the widget's simple mode draws
:func:`share_over_games` (how often a side wins as the games add up, in percent, with the band
it is very likely in) and :func:`share_bars` (how often each thing happened, one bar each).
Like :mod:`bgsim.draw.svg` it is a client of the layers above: it takes plain numbers and
returns text.

>>> svg = convergence([(36, 0.10, 0.30), (72, 0.05, 0.20), (108, 0.04, 0.16)], unit="points per game")
>>> svg.startswith('<svg') and svg.count("<polyline") == 1 and "108 games" in svg
True
"""

from __future__ import annotations

import math
from html import escape

import numpy as np

from ..engine.i18n import _, fmt_count, fmt_percent

__all__ = ["convergence", "share_bars", "share_over_games"]


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
                     f'{escape(_("press Start: the estimate and its 95% band appear here"))}</text></svg>')
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
    games = escape(_("{n} games").format(n=fmt_count(int(gmax))))
    parts.append(f'<text x="{left + pw}" y="{height - 8}" text-anchor="end">{games}</text>')
    caption = escape(_("estimate ({unit}) and its 95% band").format(unit=unit))
    parts.append(f'<text x="{left + pw / 2}" y="{height - 8}" text-anchor="middle" fill="#333">'
                 f'{caption}</text></svg>')
    return "".join(parts)


def _svg_open(width: int, height: int, kind: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="bgsim-plot {kind}" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" font-family="sans-serif" font-size="12">')


def share_over_games(trace: list[tuple[int, float, float, float]], label: str, width: int = 520,
                     height: int = 220, empty: str | None = None) -> str:
    """How often something happened (``label``: "Light wins"), in percent, as the games add up,
    with the band the true share is very likely in (95%): a learner sees the line settle and the
    band narrow. ``trace`` holds ``(games, share, low, high)`` after each round.

    >>> svg = share_over_games([(100, 0.55, 0.45, 0.64), (1000, 0.52, 0.49, 0.55)], "Light wins")
    >>> svg.count("<polyline"), "1,000 games" in svg, "55%" in svg or "50%" in svg
    (1, True, True)
    >>> "Press" in share_over_games([], "Light wins", empty="Press Play")
    True
    """
    left, right, top, bottom = 48, 12, 28, 24
    pw, ph = width - left - right, height - top - bottom
    parts = [_svg_open(width, height, "bgsim-share-chart"),
             f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="#fafafa" stroke="#999"/>']
    if not trace:
        text = empty if empty is not None else _("press Start: the estimate and its 95% band appear here")
        parts.append(f'<text x="{left + pw / 2}" y="{top + ph / 2}" text-anchor="middle" fill="#777">'
                     f'{escape(text)}</text></svg>')
        return "".join(parts)
    g = np.array([t[0] for t in trace], dtype=float)
    v = np.array([t[1] for t in trace])
    lo_band = np.array([t[2] for t in trace])
    hi_band = np.array([t[3] for t in trace])
    # the axis: whole tens of percent around everything drawn
    lo = max(0.0, math.floor(float(np.min(lo_band)) * 10) / 10)
    hi = min(1.0, math.ceil(float(np.max(hi_band)) * 10) / 10)
    if hi - lo < 0.1:
        lo, hi = max(0.0, lo - 0.1), min(1.0, hi + 0.1)
    gmax = float(g[-1]) if g[-1] > 0 else 1.0

    def x(a: float) -> float:
        return left + pw * a / gmax

    def y(b: float) -> float:
        return top + ph * (hi - b) / (hi - lo)

    band = [f"{x(a):.1f},{y(b):.1f}" for a, b in zip(g, hi_band, strict=True)]
    band += [f"{x(a):.1f},{y(b):.1f}" for a, b in zip(g[::-1], lo_band[::-1], strict=True)]
    parts.append(f'<polygon points="{" ".join(band)}" fill="#90caf9" fill-opacity="0.55" stroke="none"/>')
    line = " ".join(f"{x(a):.1f},{y(b):.1f}" for a, b in zip(g, v, strict=True))
    parts.append(f'<polyline points="{line}" fill="none" stroke="#0d47a1" stroke-width="2"/>')
    steps = round((hi - lo) * 10)
    for k in range(steps + 1):
        tick = lo + k * (hi - lo) / steps
        parts.append(f'<line x1="{left}" x2="{left + pw}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">'
                     f'{escape(fmt_percent(tick, 0))}</text>')
    parts.append(f'<text x="{left}" y="{height - 8}">0</text>')
    games = escape(_("{n} games").format(n=fmt_count(int(gmax))))
    parts.append(f'<text x="{left + pw}" y="{height - 8}" text-anchor="end">{games}</text>')
    caption = escape(_("{what}: the line, and the band it is very likely in").format(what=label))
    parts.append(f'<text x="{left}" y="{top - 10}" fill="#333">{caption}</text></svg>')   # above the plot
    return "".join(parts)


def share_bars(rows: list[tuple[str, float, float, float]], width: int = 520, empty: str | None = None) -> str:
    """How often each thing happened, one bar each from 0% to 100%: ``rows`` holds
    ``(label, share, low, high)``; a dark line over each bar spans the range the true share is
    very likely in (95%), and the text says both ("52% (very likely 49% to 55%)").

    >>> svg = share_bars([("Light wins", 0.52, 0.49, 0.55), ("Dark wins", 0.48, 0.45, 0.51)])
    >>> svg.count("<rect") >= 2, "Light wins" in svg, "very likely 49% to 55%" in svg
    (True, True, True)
    """
    label_w, right, row_h, top = 150, 190, 30, 8
    pw = width - label_w - right
    height = top * 2 + row_h * max(1, len(rows))
    parts = [_svg_open(width, height, "bgsim-bars-chart")]
    if not rows:
        text = empty if empty is not None else _("press Start: the estimate and its 95% band appear here")
        parts.append(f'<text x="{width / 2}" y="{height / 2 + 4}" text-anchor="middle" fill="#777">'
                     f'{escape(text)}</text></svg>')
        return "".join(parts)
    for i, (label, share, low, high) in enumerate(rows):
        y0 = top + i * row_h
        mid = y0 + row_h / 2
        parts.append(f'<text x="{label_w - 8}" y="{mid + 4:.1f}" text-anchor="end">{escape(label)}</text>')
        parts.append(f'<rect x="{label_w}" y="{y0 + 5}" width="{pw}" height="{row_h - 10}" fill="#eee"/>')
        parts.append(f'<rect x="{label_w}" y="{y0 + 5}" width="{pw * share:.1f}" height="{row_h - 10}" '
                     f'fill="#90caf9"/>')
        parts.append(f'<line x1="{label_w + pw * low:.1f}" x2="{label_w + pw * high:.1f}" y1="{mid:.1f}" '
                     f'y2="{mid:.1f}" stroke="#0d47a1" stroke-width="3"/>')
        said = _("{share} (very likely {low} to {high})").format(
            share=fmt_percent(share, 0), low=fmt_percent(low, 0), high=fmt_percent(high, 0))
        parts.append(f'<text x="{label_w + pw + 8}" y="{mid + 4:.1f}">{escape(said)}</text>')
    parts.append("</svg>")
    return "".join(parts)
