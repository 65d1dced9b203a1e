"""Standard backgammon move notation: writing plays, reading them, explaining illegal ones.

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
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .dice import check_dice
from .errors import AmbiguousPlayError, IllegalPlayError, ParseError

if TYPE_CHECKING:  # pragma: no cover
    from .plays import Play
    from .position import Position

__all__ = [
    "CAUCASIAN_REASON",
    "diagnose",
    "forced_play_reason",
    "format_play",
    "parse_chains",
    "parse_play",
    "point_name",
]

_ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]  # 21 rolls, higher die first


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
            raise ParseError(f"the bar can only be where a move starts, at {text!r}", where)
        return 25
    if t in ("off", "o"):
        if first:
            raise ParseError("a move cannot start from off", where)
        return 0
    n = int(t)
    if not 1 <= n <= 25 or (n == 25 and not first):
        raise ParseError(f"no point {n} on the board (points are 1-24, R1)", where)
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
        raise ParseError(f"a play is written as text, not {type(text).__name__}")
    if len(text) > 200:
        raise ParseError("that is too long to be a play (200 characters at most)")
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
                f"cannot read {token!r} at character {pos}: write moves like 24/18, bar/22*, 6/off or 13/7(2)", pos)
        body, count = tm.group(1), tm.group(2)
        pts = []
        for i, piece in enumerate(body.split("/")):
            hit = piece.endswith("*")
            pts.append((_read_point(piece.rstrip("*"), pos, i == 0), hit))
        if pts[0][1]:
            raise ParseError(f"{token!r}: a hit mark belongs after the point landed on", pos)
        for (a, _), (b, _) in itertools.pairwise(pts):
            if b >= a:
                raise ParseError(f"{token} moves backwards: checkers move from higher to lower points (R1)", pos)
        if any(p == 0 for p, _ in pts[:-1]):
            raise ParseError(f"{token!r}: nothing comes after off", pos)
        reps = int(count) if count else 1
        if not 1 <= reps <= 4:
            raise ParseError(f"{token!r}: a move can be repeated 1 to 4 times", pos)
        chains.extend([list(pts) for _ in range(reps)])
    if len(chains) > 4:
        raise ParseError(f"{len(chains)} moves: a roll moves at most four checkers (R6)")
    return chains


def _mine_after(mine: Sequence[int], chains) -> tuple[int, ...] | None:
    b = list(mine)
    for ch in chains:
        b[ch[0][0]] -= 1
        b[ch[-1][0]] += 1
    if min(b) < 0:
        return None
    return tuple(b)


def _matches(play: Play, mine_after, chains) -> bool:
    after = play.after
    if after is None or after.theirs != mine_after:
        return False
    required = {p for ch in chains for p, hit in ch[1:] if hit}
    allowed = {p for ch in chains for p, _ in ch[1:]}
    hit_points = {dst for (src, dst), h in zip(play.steps, play.hits, strict=True) if h}
    return required <= hit_points <= allowed


def _find(pos: Position, chains, dice, caucasian: bool, plays=None) -> list[Play]:
    """The legal plays the written chains describe: at most one, or an AmbiguousPlayError if the
    text fits several (it leaves out where a checker hit on the way)."""
    found = _candidates(pos, chains, dice, caucasian, plays)
    if len(found) > 1:
        options = sorted(str(p) for p in found)
        raise AmbiguousPlayError(f"that could be {' or '.join(options)}: mark where the checker hits with '*'",
                                 tuple(options))
    return found


def _candidates(pos: Position, chains, dice, caucasian: bool, plays=None) -> list[Play]:
    mine_after = _mine_after(pos.mine, chains)
    if mine_after is None:
        return []
    if plays is None:
        plays = pos.legal_plays(dice, caucasian=caucasian)
    select = getattr(plays, "_indices_of_mine", None)
    if select is not None:   # LegalPlays: build only the plays with the written result
        plays = [plays[i] for i in select(mine_after)]
    strict = [p for p in plays if _matches(p, mine_after, chains)]
    if strict:
        return strict
    # Lenient: the text names the checkers right but leaves out a hit mark on the way.
    required = {p for ch in chains for p, hit in ch[1:] if hit}
    return [p for p in plays if p.after is not None and p.after.theirs == mine_after
            and required <= {dst for (_s, dst), h in zip(p.steps, p.hits, strict=True) if h}]


def parse_play(pos: Position, text: str, dice=None, *, caucasian: bool = False, plays=None) -> Play:
    """Read ``text`` as a legal play in ``pos`` (see :meth:`bgsim.Position.parse_play`).

    Parameters
    ----------
    pos : Position
        The position the play starts from (the player on roll moves).
    text : str
        The play in standard notation, merged (``24/13``, ``13/7(2)``) or step by step
        (``24/18 18/13``), moves in any order.
    dice : pair of int, optional
        The roll. Without it the roll is worked out from the text, which works when exactly
        one roll makes the text a legal play.
    caucasian : bool, default False
        Apply the Caucasian restriction (V5) to the legal plays.
    plays : sequence of Play, optional
        The legal plays of ``dice`` when the caller already has them (saves generating
        them again).

    Returns
    -------
    Play
        The legal play the text names.

    Raises
    ------
    ParseError
        The text is not a play in notation (not text, too long, a move backwards ...).
    IllegalPlayError
        The text is no legal play of the roll; the message says why and cites the rule
        (R5-R21, V5). Also raised for dice that are not a roll (R2).
    AmbiguousPlayError
        Without ``dice``, the text is a legal play of several rolls.

    >>> from bgsim import Position
    >>> str(parse_play(Position.initial(), "24/18 18/13"))
    '24/13'
    >>> parse_play(Position.initial(), "13/7 13/11", (6, 1))
    Traceback (most recent call last):
    ...
    bgsim.errors.IllegalPlayError: 13/7 13/11: 13/11 needs 2 pips but the roll 6-1 has no such die or sum (R5)
    """
    chains = parse_chains(text)
    if dice is not None:
        dice = check_dice(dice)
        found = _find(pos, chains, dice, caucasian, plays)
        if found:
            return found[0]
        raise IllegalPlayError(diagnose(pos, [_steps_of(ch) for ch in chains], dice, caucasian=caucasian,
                                        text=text.strip(), hit_marks=_marks(chains)))
    by_roll = {}
    mine_after = _mine_after(pos.mine, chains)
    for roll in _possible_rolls(pos.mine, mine_after):
        found = _find(pos, chains, roll, caucasian)
        if found:
            by_roll[roll] = found[0]
    if len(by_roll) == 1:
        return next(iter(by_roll.values()))
    if len(by_roll) > 1:
        # Read literally: one written step per die (8/5 6/5 is 3-1, not 1-1 played 8/7/6/5 6/5).
        nsteps = sum(len(ch) - 1 for ch in chains)
        literal = [p for p in by_roll.values() if p.dice_used == nsteps]
        if len(literal) == 1:
            return literal[0]
        rolls = ", ".join(f"{a}-{b}" for a, b in by_roll)
        raise AmbiguousPlayError(f"{text.strip()!r} is a legal play of several rolls ({rolls}): give the dice",
                                 tuple(f"{p} ({a}-{b})" for (a, b), p in by_roll.items()))
    plausible = [r for r in _ROLLS if _decompositions(chains, r)]
    if len(plausible) == 1:
        raise IllegalPlayError(diagnose(pos, [_steps_of(ch) for ch in chains], plausible[0], caucasian=caucasian,
                                        text=text.strip(), hit_marks=_marks(chains)))
    raise IllegalPlayError(f"{text.strip()!r} is not a legal play of any roll here; give the dice to see why")


def _possible_rolls(mine: Sequence[int], mine_after: Sequence[int] | None) -> list[tuple[int, int]]:
    """The rolls (of the 21) that can have a legal play leaving the mover with ``mine_after``.

    Only a play with that result can match the text (see :func:`_candidates`), so the other
    rolls need no generation. A play of dice ``U`` moves its checkers ``sum(U)`` pips (R5, R6),
    except that a bear-off may use a die up to 5 pips larger than the distance (R18); the
    number of bear-offs is the growth of the off count. ``U`` is both dice, one of them, or
    none (R10-R12); for doubles 1 to 4 of the number (R6).

    >>> five_on_13 = (0,) * 13 + (5,) + (0,) * 12
    >>> _possible_rolls(five_on_13, (0,) * 9 + (1,) + (0,) * 3 + (4,) + (0,) * 12)   # 13/9: 4 pips
    [(6, 4), (5, 4), (4, 4), (4, 3), (4, 2), (4, 1), (3, 1), (2, 2), (1, 1)]
    """
    if mine_after is None:
        return []
    pips = sum(i * n for i, n in enumerate(mine)) - sum(i * n for i, n in enumerate(mine_after))
    slack = 5 * (mine_after[0] - mine[0])
    out = []
    for a, b in _ROLLS:
        used = (a, 2 * a, 3 * a, 4 * a) if a == b else (a + b, a, b)
        if pips == 0 or any(pips <= u <= pips + slack for u in used):
            out.append((a, b))
    return out


def _marks(chains) -> list[int]:
    """The written points marked as hits (``*``)."""
    return [p for ch in chains for p, hit in ch[1:] if hit]


def _steps_of(chain) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for (a, _), (b, _) in itertools.pairwise(chain))


def _dice_list(dice) -> list[int]:
    d1, d2 = dice
    return [d1] * 4 if d1 == d2 else sorted((d1, d2), reverse=True)


def _segment_options(a: int, b: int, dice_left: list[int]):
    """Ways to cover one written segment a/b with some of the remaining dice (ordered)."""
    seen = set()
    n = len(dice_left)
    for k in range(1, n + 1):
        for idx in itertools.permutations(range(n), k):
            ds = tuple(dice_left[i] for i in idx)
            if ds in seen:
                continue
            total = sum(ds)
            if b > 0:
                ok = total == a - b
            else:
                ok = total >= a and sum(ds[:-1]) < a
            if ok:
                seen.add(ds)
                rest = list(dice_left)
                for i in sorted(idx, reverse=True):
                    rest.pop(i)
                yield ds, rest


def _decompositions(chains, dice) -> bool:
    """Can the written segments be covered by the dice at all (arithmetic only)?"""
    segs = [s for ch in chains for s in _steps_of(ch)]

    def rec(i, left):
        if i == len(segs):
            return True
        return any(rec(i + 1, rest) for _ds, rest in _segment_options(*segs[i], left))

    return rec(0, _dice_list(dice))


def _step_reason(mine: list[int], theirs: list[int], src: int, die: int) -> tuple[int | None, str]:
    """Python twin of the kernel's single step, returning the rule a step breaks.

    >>> _step_reason([0] * 3 + [1, 0, 1] + [0] * 20, [0] * 26, 3, 6)[1]
    'a 6 bears off from your highest point, 5, not from point 3 (R18)'
    """
    here = point_name(src)
    if mine[src] == 0:
        return None, f"there is no checker of yours on {'the bar' if src == 25 else 'point ' + here}"
    if src != 25 and mine[25] > 0:
        return None, "a checker on the bar must enter before any other checker moves (R13)"
    dst = src - die
    if dst >= 1:
        n = theirs[25 - dst]
        if n >= 2:
            rule = "R14" if src == 25 else "R7"
            return None, f"point {dst} is closed: the opponent has {n} checkers there ({rule})"
        return dst, ""
    if any(mine[7:]):
        return None, "you can bear off only when all your checkers are in your home board (R16)"
    if dst == 0:
        return 0, ""
    higher = [p for p in range(6, src, -1) if mine[p]]
    if not higher:
        return 0, ""
    if mine[die]:
        return None, (f"a {die} bears off a checker from point {die} (R17), not from point {src}: a lower "
                      f"checker may use it only when no checker stands on point {die} or higher (R18)")
    if higher[0] > die:
        return None, (f"a {die} cannot bear off from point {src} while a checker stands on a higher point; "
                      f"the {die} must be played inside the board (R19)")
    return None, f"a {die} bears off from your highest point, {higher[0]}, not from point {src} (R18)"


def _describe_unused(used: list[int], dice) -> str:
    left = _dice_list(dice)
    for d in used:
        if d in left:
            left.remove(d)
    if dice[0] == dice[1]:
        k = len(left)
        return f"{'one' if k == 1 else ['', '', 'two', 'three', 'four'][k]} {dice[0]}{'s' if k > 1 else ''} unplayed"
    return "the " + " and the ".join(str(d) for d in left) + " unplayed"


#: Why a V5 step is refused (the Caucasian hit rule).
CAUCASIAN_REASON = ("a checker that hit in its home board may not go on to a point holding your "
                    "own checkers in the same turn (V5)")


def forced_play_reason(label: str, used: list[int], dice, max_used: int, example: str, *,
                       would: bool = False) -> str | None:
    """The R10 or R11 sentence for a play ``label`` that uses the dice ``used``, or None.

    R10: both dice (all four of a double) must be played when possible; R11: when only one
    die can be played, the higher one if possible.

    Parameters
    ----------
    label : str
        The play as the player wrote it, to quote.
    used : list of int
        The dice the play uses, in order.
    dice : pair of int
        The roll.
    max_used : int
        How many dice the legal plays of the roll use (R10).
    example : str
        A legal play to name in the sentence.
    would : bool, default False
        Word it for a single step that would end the turn that way ("would leave").

    Returns
    -------
    str or None
        The sentence, or None when the play breaks neither R10 nor R11.

    >>> forced_play_reason("13/10", [3], (6, 3), 2, "24/18 13/10")
    '13/10 alone leaves the 6 unplayed, but 24/18 13/10 plays both dice (R10)'
    >>> forced_play_reason("13/7", [6], (6, 4), 2, "24/18 13/9", would=True)
    '13/7 would leave the 4 unplayed, but 24/18 13/9 plays both dice (R10)'
    """
    if len(used) < max_used:
        verb = "would leave" if would else "alone leaves" if used else "leaves"
        if dice[0] == dice[1]:
            words = {2: "two", 3: "three", 4: "all four"}[max_used]
            return f"{label} {verb} {_describe_unused(used, dice)}, but {example} plays {words} (R10)"
        return f"{label} {verb} {_describe_unused(used, dice)}, but {example} plays both dice (R10)"
    if max_used == 1 and dice[0] != dice[1] and used and used[0] != max(dice):
        return (f"{label} plays the {used[0]}, but the higher die {max(dice)} can be played ({example}); "
                f"when only one die can be played it must be the higher (R11)")
    return None


def _times(n: int) -> str:
    return {1: "once", 2: "twice", 3: "three times", 4: "four times"}.get(n, f"{n} times")


def _count_reason(mine: Sequence[int], segs) -> str:
    """A point the written moves leave more often than checkers stand there (or arrive there)."""
    leave: dict[int, int] = {}
    arrive: dict[int, int] = {}
    for a, b in segs:
        leave[a] = leave.get(a, 0) + 1
        if b:
            arrive[b] = arrive.get(b, 0) + 1
    for p in sorted(leave, reverse=True):
        have = mine[p] + arrive.get(p, 0)
        if leave[p] <= have:
            continue
        where = "the bar" if p == 25 else f"point {p}"
        if have == 0:
            return f"there is no checker of yours on {where} (R5)"
        moved = f"moves {leave[p]} checkers from there (R5)"
        if arrive.get(p):
            return (f"only {have} checker{'s' if have > 1 else ''} of yours can leave {where} ({mine[p]} there "
                    f"and {arrive[p]} arriving), but the play {moved}")
        return f"only {have} checker{'s' if have > 1 else ''} of yours {'stand' if have > 1 else 'stands'} on " \
               f"{where}, but the play {moved}"
    return ""


def _dice_reason(segs, dice) -> str:
    """Why the written moves cannot be covered by the dice at all (arithmetic only), or ""."""
    dl = _dice_list(dice)
    txt = f"{dice[0]}-{dice[1]}"
    options = []
    for a, b in segs:
        opts = [ds for ds, _rest in _segment_options(a, b, dl)]
        if not opts:
            if b:
                dist = a - b
                return (f"{point_name(a)}/{point_name(b)} needs {dist} pip{'s' if dist > 1 else ''} but the roll "
                        f"{txt} has no such die or sum (R5)")
            return (f"{point_name(a)}/off needs at least {a} pips, but the roll {txt} moves {sum(dl)} "
                    f"at most (R5, R17)")
        options.append(opts)
    if _decompositions([[(a, False), (b, False)] for a, b in segs], dice):
        return ""
    if dice[0] == dice[1]:
        need = sum(min(len(ds) for ds in opts) for opts in options)
        return f"that needs {need} moves of {dice[0]}, but the roll {txt} gives four (R6)"
    if len(segs) == 2:
        for k, ((a, b), opts) in enumerate(zip(segs, options, strict=True)):
            if all(len(ds) == 2 for ds in opts):
                c, d = segs[1 - k]
                return (f"{point_name(a)}/{point_name(b)} takes both dice ({dl[0]} and {dl[1]}), leaving none "
                        f"for {point_name(c)}/{point_name(d)} (R5)")
    for x in dl:
        users = [s for s, opts in zip(segs, options, strict=True) if all(x in ds for ds in opts)]
        if len(users) > 1:
            names = " and ".join(f"{point_name(a)}/{point_name(b)}" for a, b in users)
            return f"the {x} is used {_times(len(users))} ({names}), but the roll {txt} has only one {x} (R5)"
    if len(segs) > 2:
        return f"that makes {len(segs)} moves, but the roll {txt} gives two: one {dl[0]} and one {dl[1]} (R5)"
    return f"that needs more than the roll {txt} gives: one {dl[0]} and one {dl[1]} (R5)"  # pragma: no cover


def _hit_mark_reason(theirs: Sequence[int], hit_marks) -> str:
    """A written hit mark (R8) on a point with no lone opposing checker, or ""."""
    for p in sorted(set(hit_marks), reverse=True):
        if p == 0:
            return "a checker borne off hits nothing: a hit mark goes after a point (R8)"
        if theirs[25 - p] == 0:
            return f"there is no lone opposing checker on point {p} to hit (R8)"
    return ""


#: How telling a failed single step is, when several orders of the moves fail (higher first).
_PRIORITY = (("(R7)", 6), ("(R14)", 6), ("(R19)", 5), ("(R18)", 5), ("(R16)", 5), ("(R13)", 2))


def _priority(reason: str, intermediate: bool) -> int:
    for tag, rank in _PRIORITY:
        if tag in reason:
            return rank - (1 if intermediate else 0)
    return 1


def diagnose(pos: Position, step_lists, dice, *, caucasian: bool = False, text: str = "",
             hit_marks=()) -> str:
    """Why a play is illegal, in words, citing the rule (R5-R21, V5).

    ``step_lists`` holds the written segments ``(from, to)`` per checker move; ``hit_marks``
    the written points marked ``*``. The checks go from the plainest to the subtlest: checkers
    that are not there, dice that do not add up (R5, R6), hit marks with nothing to hit (R8),
    single steps the rules refuse (R7, R13, R14, R16-R19, and R5 for a closed point on the
    way), then the forced-play rules (R10, R11) and V5.

    Parameters
    ----------
    pos : Position
        The position the play starts from.
    step_lists : sequence of sequences of (int, int)
        The written segments ``(from, to)``, one sequence per checker move.
    dice : pair of int
        The roll.
    caucasian : bool, default False
        Apply the Caucasian restriction (V5).
    text : str, optional
        The play as written, to quote; by default it is formatted from ``step_lists``.
    hit_marks : iterable of int, optional
        The written points marked ``*`` (R8).

    Returns
    -------
    str
        One sentence naming what is wrong and the rule it breaks.

    >>> from bgsim import Position
    >>> diagnose(Position.initial(), [((13, 10),)], (6, 3), text="13/10")
    '13/10 alone leaves the 6 unplayed, but 24/18 13/10 plays both dice (R10)'
    >>> diagnose(Position.initial(), [((13, 7),), ((13, 7),)], (6, 1), text="13/7 13/7")
    '13/7 13/7: the 6 is used twice (13/7 and 13/7), but the roll 6-1 has only one 6 (R5)'
    >>> diagnose(Position.initial(), [((24, 18),)] * 3, (6, 6), text="24/18(3)")
    '24/18(3): only 2 checkers of yours stand on point 24, but the play moves 3 checkers from there (R5)'
    >>> diagnose(Position.initial(), [((13, 7),), ((8, 7),)], (6, 1), text="13/7* 8/7", hit_marks=[7])
    '13/7* 8/7: there is no lone opposing checker on point 7 to hit (R8)'
    """
    segs = [s for steps in step_lists for s in steps]
    label = text or format_play(segs)
    dl = _dice_list(dice)
    dice_txt = f"{dice[0]}-{dice[1]}"

    def told(reason: str) -> str:
        return reason if reason.startswith(label) else f"{label}: {reason}"

    early = (_count_reason(pos.mine, segs) or _dice_reason(segs, dice)
             or _hit_mark_reason(pos.theirs, hit_marks))
    if early:
        return told(early)

    # Each failure: (segments done, dice of the route, priority, segment, message, closed point on the way).
    failures: list[tuple[int, int, int, int, str, int | None]] = []
    full: list[tuple[list[int], list[tuple[int, int]]]] = []

    def rec(done: list[bool], mine, theirs, left, used, steps, depth):
        if all(done):
            full.append((list(used), list(steps)))
            return
        for i, (a, b) in enumerate(segs):
            if done[i]:
                continue
            for ds, rest in _segment_options(a, b, left):
                m, t = list(mine), list(theirs)
                cur = a
                ok = True
                new_steps = []
                for k, d in enumerate(ds):
                    dst, why = _step_reason(m, t, cur, d)
                    if dst is None:
                        on_way = k < len(ds) - 1 and "closed" in why
                        failures.append((depth, len(ds), _priority(why, on_way), i,
                                         f"{point_name(a)}/{point_name(b)}: {why}", cur - d if on_way else None))
                        ok = False
                        break
                    new_steps.append((cur, dst))
                    m[cur] -= 1
                    m[dst] += 1
                    if dst > 0 and t[25 - dst] == 1:
                        t[25 - dst] = 0
                        t[25] += 1
                    cur = dst
                if ok and cur == b:
                    done[i] = True
                    rec(done, m, t, rest, used + list(ds), steps + new_steps, depth + 1)
                    done[i] = False
                if full:
                    return

    rec([False] * len(segs), list(pos.mine), list(pos.theirs), dl, [], [], 0)
    legal = pos.legal_plays(dice, caucasian=caucasian)
    example = str(legal[0]) if legal else ""
    if not full:
        if not failures:  # pragma: no cover - the dice check above leaves a route to try
            return f"{label} is not a legal play of {dice_txt} here"
        deepest = max(f[0] for f in failures)
        failures = [f for f in failures if f[0] == deepest]
        fewest = min(f[1] for f in failures)
        failures = [f for f in failures if f[1] == fewest]
        best = max(failures, key=lambda f: f[2])
        same = [f for f in failures if f[3] == best[3]]
        if best[5] is not None and all(f[5] is not None for f in same):
            a, b = segs[best[3]]
            points = sorted({f[5] for f in same if f[5] is not None}, reverse=True)
            if len(points) == 1:
                n = pos.theirs[25 - points[0]]
                why = f"point {points[0]}, which is closed: the opponent has {n} checkers there"
            else:
                every = "both" if len(points) == 2 else "all"
                why = f"{' or '.join(f'point {p}' for p in points)}, and {every} are closed"
            return told(f"{point_name(a)}/{point_name(b)} must stop on the way at {why} (R5, R7)")
        return told(best[4])
    used, steps = full[0]
    for p in legal:  # prefer an example that keeps what the player wrote
        if not Counter(steps) - Counter(p.steps):      # every step written is in p
            example = str(p)
            break
    max_used = max(p.dice_used for p in legal) if legal else 0
    forced = forced_play_reason(label, used, dice, max_used, example)
    if forced:
        return forced
    if caucasian:
        return f"{label}: {CAUCASIAN_REASON}"
    return f"{label} is not a legal play of {dice_txt} here"
