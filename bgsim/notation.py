"""Standard backgammon move notation as text: writing plays and reading them into moves.

Points are numbered from the mover's side (R1: 24 down to 1, toward home): ``24/18 13/11``. The bar is
``bar``, a borne-off checker goes to ``off``, a hit is marked ``*``, a checker moved
twice is written merged (``24/13``) unless it hit on the way (``24/18*/13``), and equal
moves are grouped (``13/7(2)``).

>>> format_play(((24, 18), (18, 13)), (True, False))
'24/18*/13'
>>> format_play(((13, 7), (13, 7), (8, 2), (8, 2)), (False,) * 4)
'13/7(2) 8/2(2)'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from .errors import ParseError
from .i18n import _

__all__ = ["Chain", "chain_steps", "format_play", "hit_marks", "parse_chains", "point_name"]

#: One written checker move: [(start, False), (point, hit-marked), ...].
Chain = list[tuple[int, bool]]


def point_name(p: int) -> str:
    """``bar`` for 25, ``off`` for 0, else the number.

    >>> point_name(25), point_name(0), point_name(7)
    ('bar', 'off', '7')
    """
    return "bar" if p == 25 else "off" if p == 0 else str(p)


def _chains(steps: Sequence[tuple[int, int]], hits: Sequence[bool]) -> list[list[tuple[int, bool]]]:
    """Join steps of one checker into chains [(start, False), (p1, hit1), ...]."""
    chains: list[list[tuple[int, bool]]] = []
    for k, (src, dst) in enumerate(steps):
        hit = bool(hits[k]) if k < len(hits) else False
        for ch in chains:
            if ch[-1][0] == src and src != 0:
                ch.append((dst, hit))
                break
        else:
            chains.append([(src, False), (dst, hit)])
    return chains


def text_order(steps: Sequence[tuple[int, int]]) -> list[int]:
    """The indices of ``steps`` in the order :func:`format_play` writes them: checker by checker
    (from the highest start), each checker's steps in the order it moved.

    >>> steps = ((13, 7), (24, 23))
    >>> format_play(steps), [steps[i] for i in text_order(steps)]
    ('24/23 13/7', [(24, 23), (13, 7)])
    """
    chains: list[list[int]] = []
    for k, (src, _dst) in enumerate(steps):
        for ch in chains:
            if steps[ch[-1]][1] == src and src != 0:
                ch.append(k)
                break
        else:
            chains.append([k])
    chains.sort(key=lambda ch: (-steps[ch[0]][0], steps[ch[-1]][1]))
    return [k for ch in chains for k in ch]


def format_play(steps: Sequence[tuple[int, int]], hits: Sequence[bool] = ()) -> str:
    """Standard notation for a sequence of single-die steps.

    >>> format_play(((25, 22), (13, 11)), (True, False))
    'bar/22* 13/11'
    >>> format_play(((6, 0), (5, 0)))
    '6/off 5/off'
    >>> format_play(())
    '(no play)'
    """
    if not steps:
        return "(no play)"
    parts = []
    for ch in _chains(steps, hits):
        text = point_name(ch[0][0])
        for i, (p, hit) in enumerate(ch[1:], start=1):
            last = i == len(ch) - 1
            if hit or last:
                text += "/" + point_name(p) + ("*" if hit else "")
        parts.append((ch[0][0], ch[-1][0], text))
    parts.sort(key=lambda t: (-t[0], t[1]))
    out: list[str] = []
    i = 0
    while i < len(parts):
        j = i
        while j < len(parts) and parts[j][2] == parts[i][2]:
            j += 1
        out.append(parts[i][2] + (f"({j - i})" if j - i > 1 else ""))
        i = j
    return " ".join(out)


_POINT = r"(?:bar|b|off|o|\d{1,2})"
_TOKEN = re.compile(rf"^({_POINT}\*?(?:/{_POINT}\*?)+)(?:\((\d)\))?$", re.IGNORECASE)


def _read_point(text: str, where: int, first: bool) -> int:
    t = text.lower()
    if t in ("bar", "b"):
        if not first:
            raise ParseError(_("the bar can only be where a move starts, at {text}").format(text=repr(text)), where)
        return 25
    if t in ("off", "o"):
        if first:
            raise ParseError(_("a move cannot start from off"), where)
        return 0
    n = int(t)
    if not 1 <= n <= 25 or (n == 25 and not first):
        raise ParseError(_("no point {n} on the board (points are 1-24, R1)").format(n=n), where)
    return n


def parse_chains(text: str) -> list[list[tuple[int, bool]]]:
    """Read notation into chains of (point, hit-marked) per checker move, repeats expanded.

    >>> parse_chains("24/18*/13 6/off(2)")
    [[(24, False), (18, True), (13, False)], [(6, False), (0, False)], [(6, False), (0, False)]]
    >>> parse_chains("13/14")
    Traceback (most recent call last):
    ...
    bgsim.errors.ParseError: 13/14 moves backwards: checkers move from higher to lower points (R1)
    """
    if not isinstance(text, str):
        raise ParseError(_("a play is written as text, not {type}").format(type=type(text).__name__))
    if len(text) > 200:
        raise ParseError(_("that is too long to be a play (200 characters at most)"))
    stripped = text.strip()
    if stripped.lower() in ("", "-", "(no play)", "no play", "pass"):
        return []
    chains = []
    pos = 0
    for m in re.finditer(r"[^\s,]+", text):
        token = m.group(0)
        pos = m.start()
        tm = _TOKEN.match(token)
        if not tm:
            raise ParseError(
                _("cannot read {token} at character {pos}: write moves like 24/18, bar/22*, 6/off or 13/7(2)").format(
                    token=repr(token), pos=pos), pos)
        body, count = tm.group(1), tm.group(2)
        pts = []
        for i, piece in enumerate(body.split("/")):
            hit = piece.endswith("*")
            pts.append((_read_point(piece.rstrip("*"), pos, i == 0), hit))
        if pts[0][1]:
            raise ParseError(_("{token}: a hit mark belongs after the point landed on").format(token=repr(token)), pos)
        for (a, _ha), (b, _hb) in itertools.pairwise(pts):
            if b >= a:
                raise ParseError(_("{token} moves backwards: checkers move from higher to lower points (R1)").format(
                                     token=token), pos)
        if any(p == 0 for p, _ in pts[:-1]):
            raise ParseError(_("{token}: nothing comes after off").format(token=repr(token)), pos)
        reps = int(count) if count else 1
        if not 1 <= reps <= 4:
            raise ParseError(_("{token}: a move can be repeated 1 to 4 times").format(token=repr(token)), pos)
        chains.extend([list(pts) for _r in range(reps)])
    if len(chains) > 4:
        raise ParseError(_("{len} moves: a roll moves at most four checkers (R6)").format(len=len(chains)))
    return chains


def chain_steps(chain: Chain) -> tuple[tuple[int, int], ...]:
    """The written segments ``(from, to)`` of one chain.

    >>> chain_steps(parse_chains("24/18*/13")[0])
    ((24, 18), (18, 13))
    """
    return tuple((a, b) for (a, _ha), (b, _hb) in itertools.pairwise(chain))


def hit_marks(chains: Sequence[Chain]) -> list[int]:
    """The written points marked as hits (``*``).

    >>> hit_marks(parse_chains("24/18*/13 6/5*"))
    [18, 5]
    """
    return [p for ch in chains for p, hit in ch[1:] if hit]
