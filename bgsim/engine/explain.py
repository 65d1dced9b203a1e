"""The rule explainer: why a step or a play is not legal, as :class:`~bgsim.engine.errors.Refusal` values.

Two questions, one set of rules:

- *Can this checker move with this die now?* :func:`step_refusal` asks the step rules' table
  (:data:`bgsim.engine.step_rules.STEP_CHECKS`: R5, R7, R13, R14, R16-R19), the table the
  compiled kernel is held to, and :func:`try_step` applies a step to a search state, the
  Caucasian rule (V5, a row of the same table) included. :class:`Lookahead` searches the few
  steps left in a turn from such states; the turn stepper (:class:`bgsim.TurnBuilder`)
  asks it which steps can still be completed into a legal play.
- *Why is this written play not legal?* :func:`diagnose` goes from the plainest reason to the
  subtlest: checkers that are not there, dice that do not add up (R5, R6), hit marks with
  nothing to hit (R8), single steps the rules refuse, then the forced-play rules (R10, R11)
  and V5. It walks the written moves with the same :func:`try_step`.

Every answer is a :class:`~bgsim.engine.errors.Refusal`: the rule id and a sentence. Code reads
``refusal.rule``; people read ``str(refusal)``.

>>> from bgsim import Position
>>> pos = Position.initial()
>>> step_refusal(pos.mine, pos.theirs, 6, 6)[1]
Refusal(text='you can bear off only when all your checkers are in your home board', rule='R16', cite=True)
>>> r = diagnose(pos, [((13, 10),)], (6, 3), pos.legal_plays((6, 3)), text="13/10")
>>> r.rule, str(r)
('R10', '13/10 alone leaves the 6 unplayed, but 24/18 13/10 plays both dice (R10)')
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Protocol

from .board import BAR, OFF, BasePosition
from .errors import Refusal
from .i18n import N_, _, ngettext, pgettext
from .notation import format_play, point_name
from .step_rules import HITTER_JOINS_TEXT, StepChecks, checks_for, destination, first_refusal
from .variants import STANDARD, Variant

__all__ = [
    "CAUCASIAN",
    "CAUCASIAN_TEXT",
    "Lookahead",
    "Node",
    "caucasian_refusal",
    "covers",
    "diagnose",
    "dice_list",
    "forced_play_refusal",
    "sources",
    "step_refusal",
    "try_step",
    "without",
]

#: A search state while a roll is played: (my counts, their counts, my Caucasian hitters or
#: None). ``hitters[p]`` counts my checkers on point p that hit in my home board this turn (V5).
Node = tuple[tuple[int, ...], tuple[int, ...], "tuple[int, ...] | None"]

#: Why a V5 step is refused (the Caucasian hit rule, a row of the step rules' table);
#: :func:`caucasian_refusal` gives it in the current language.
CAUCASIAN_TEXT = HITTER_JOINS_TEXT
CAUCASIAN = Refusal(CAUCASIAN_TEXT, "V5")


#: The checks a checker that hit in its home board this turn must pass: V5 is among them.
_HITTER_CHECKS = StepChecks(c for c in checks_for(frozenset({"V5"})) if c.variant)


def caucasian_refusal() -> Refusal:
    """The V5 refusal (the Caucasian hit rule) in the current language.

    >>> caucasian_refusal().rule
    'V5'
    """
    return Refusal(_(CAUCASIAN_TEXT), "V5")


class _PlayLike(Protocol):
    """What the explainer reads of a legal play (a :class:`bgsim.Play`)."""

    @property
    def steps(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def dice_used(self) -> int: ...


# ------------------------------------------------------------------------------ one step
def step_refusal(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> tuple[int | None, Refusal | None]:
    """Move one checker from ``src`` with ``die``: ``(destination, None)`` when the single-step
    rules allow it, else ``(None, the refusal)``: the first check of the step rules' table
    (:data:`bgsim.engine.step_rules.STEP_CHECKS`) that refuses it. The compiled kernel decides
    the same steps (``tests/test_step_rules.py`` holds the two together).

    >>> step_refusal([0] * 3 + [1, 0, 1] + [0] * 20, [0] * 26, 3, 6)[1].text
    'a 6 bears off from your highest point, 5, not from point 3'
    >>> step_refusal([0] * 3 + [1, 0, 1] + [0] * 20, [0] * 26, 5, 6)
    (0, None)
    """
    refusal = first_refusal(mine, theirs, src, die)
    if refusal is not None:
        return None, refusal
    return destination(src, die), None


def try_step(node: Node, src: int, die: int) -> tuple[Refusal | None, tuple[tuple[int, bool, Node], ...]]:
    """Apply one step to a search state: ``(None, ((dst, hit, next_state), ...))`` when legal,
    else ``(refusal, ())``.

    The single-step rules are :func:`step_refusal`'s; a hit sends the blot to the bar (R8).
    Under the Caucasian rule (V5, ``hitters`` not None) one step may give two next states: the
    moved checker was one that hit, or another one on the same point.

    >>> mine = (0,) * 13 + (1,) + (0,) * 12
    >>> refusal, nexts = try_step((mine, (0,) * 26, None), 13, 6)
    >>> refusal, [(dst, hit) for dst, hit, _ in nexts]
    (None, [(7, False)])
    """
    mine, theirs, hitters = node
    dst, refusal = step_refusal(mine, theirs, src, die)
    if dst is None:
        return refusal, ()
    hit = dst > 0 and theirs[25 - dst] == 1
    moved = list(mine)
    moved[src] -= 1
    moved[dst] += 1
    m = tuple(moved)
    t = theirs
    if hit:  # R8: the blot goes to the bar
        sent = list(theirs)
        sent[25 - dst] = 0
        sent[BAR] += 1
        t = tuple(sent)
    if hitters is None:
        return None, ((dst, hit, (m, t, None)),)
    out = []
    if mine[src] > hitters[src]:  # a checker that has not hit in the home board this turn
        h = hitters
        if hit and dst <= 6:
            marked = list(hitters)
            marked[dst] += 1
            h = tuple(marked)
        out.append((dst, hit, (m, t, h)))
    why = None
    if hitters[src]:  # V5 (the step rules' table): the hitter may not join own checkers
        why = first_refusal(mine, theirs, src, die, hitter=True, checks=_HITTER_CHECKS)
        if why is None:
            moved_hitter = list(hitters)
            moved_hitter[src] -= 1
            if dst != OFF:
                moved_hitter[dst] += 1
            out.append((dst, hit, (m, t, tuple(moved_hitter))))
    if not out:
        return why or caucasian_refusal(), ()
    return None, tuple(out)


def sources(mine: Sequence[int]) -> tuple[int, ...]:
    """Places a checker could start from: the bar alone while it is occupied (R13), else the points.

    >>> sources((0,) * 6 + (2,) + (0,) * 18 + (1,)), sources((0,) * 6 + (2,) + (0,) * 19)
    ((25,), (6,))
    """
    if mine[BAR]:
        return (BAR,)
    return tuple(p for p in range(24, 0, -1) if mine[p])


def without(left: tuple[int, ...], die: int) -> tuple[int, ...]:
    """The dice left after using one ``die`` (kept highest first).

    >>> without((6, 6, 6), 6), without((6, 4), 6)
    ((6, 6), (4,))
    """
    i = left.index(die)
    return left[:i] + left[i + 1:]


class Lookahead:
    """The search over the few steps left in a turn: which results can still be reached.

    ``results`` are the legal plays' results ``(mine, theirs)`` in the mover's view,
    ``max_used`` how many dice they use (R10) and ``required_die`` the die R11 demands when
    only one die of a non-double can be played. Answers are memoised: a turn asks the same
    question many times while a learner steps and undoes.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> plays = pos.legal_plays((6, 4))
    >>> look = Lookahead({(p.after.theirs, p.after.mine) for p in plays}, 2)
    >>> start = (pos.mine, pos.theirs, None)
    >>> len(look.finals(start, (6, 4))) == len(plays)
    True
    >>> look.longest(start, (6, 4))
    (6, 4)
    """

    def __init__(self, results: set | frozenset, max_used: int, required_die: int | None = None,
                 n_dice: int = 2) -> None:
        self.results = frozenset(results)
        self.max_used = max_used
        self.required_die = required_die
        self.n_dice = n_dice
        self._finals: dict = {}
        self._longest: dict = {}

    def finals(self, node: Node, left: tuple[int, ...]) -> frozenset:
        """The legal results reachable from ``node`` playing on with the dice ``left``."""
        key = (node, left)
        got = self._finals.get(key)
        if got is not None:
            return got
        used = self.n_dice - len(left)
        if used >= self.max_used:
            result = (node[0], node[1])
            ok = result in self.results
            if ok and self.required_die is not None:  # R11: the one die played is the right one
                ok = left != (self.required_die,)
            found = frozenset((result,)) if ok else frozenset()
        else:
            acc: set = set()
            for die in sorted(set(left), reverse=True):
                rest = without(left, die)
                for src in sources(node[0]):
                    for _dst, _hit, child in try_step(node, src, die)[1]:
                        acc |= self.finals(child, rest)
            found = frozenset(acc)
        self._finals[key] = found
        return found

    def longest(self, node: Node, left: tuple[int, ...]) -> tuple[int, ...]:
        """The dice of a longest run of single legal steps from ``node`` (whatever the result)."""
        key = (node, left)
        got = self._longest.get(key)
        if got is not None:
            return got
        best: tuple[int, ...] = ()
        for die in sorted(set(left), reverse=True):
            rest = without(left, die)
            for src in sources(node[0]):
                for _dst, _hit, child in try_step(node, src, die)[1]:
                    run = (die, *self.longest(child, rest))
                    if len(run) > len(best):
                        best = run
        self._longest[key] = best
        return best


# ------------------------------------------------------------------------------ dice arithmetic
def dice_list(dice: tuple[int, int]) -> list[int]:
    """The dice of a roll as single moves: four for a double (R6), else higher first.

    >>> dice_list((3, 5)), dice_list((2, 2))
    ([5, 3], [2, 2, 2, 2])
    """
    d1, d2 = dice
    return [d1] * 4 if d1 == d2 else sorted((d1, d2), reverse=True)


def _segment_options(a: int, b: int, dice_left: list[int]) -> Iterator[tuple[tuple[int, ...], list[int]]]:
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


def covers(segments: Sequence[tuple[int, int]], dice: tuple[int, int]) -> bool:
    """Can the written segments ``(from, to)`` be covered by the dice at all (arithmetic only)?

    >>> covers([(24, 18), (13, 11)], (6, 2)), covers([(24, 13)], (6, 2))
    (True, False)
    """
    segs = list(segments)

    def rec(i: int, left: list[int]) -> bool:
        if i == len(segs):
            return True
        return any(rec(i + 1, rest) for _ds, rest in _segment_options(*segs[i], left))

    return rec(0, dice_list(dice))


# ------------------------------------------------------------------------------ sentences
#: The dice of a double left unplayed, by how many (R10).
_UNPLAYED_DOUBLES = {1: N_("one {die} unplayed"), 2: N_("two {die}s unplayed"), 3: N_("three {die}s unplayed"),
                     4: N_("four {die}s unplayed")}
#: How many moves the example plays (R10): both dice, or two, three or all four of a double.
_PLAYS = {0: N_("both dice"), 2: N_("two"), 3: N_("three"), 4: N_("all four")}


def _describe_unused(used: list[int], dice: tuple[int, int]) -> str:
    left = dice_list(dice)
    for d in used:
        if d in left:
            left.remove(d)
    if dice[0] == dice[1]:
        return _(_UNPLAYED_DOUBLES[len(left)]).format(die=dice[0])
    if len(left) == 1:
        return _("the {die} unplayed").format(die=left[0])
    return _("the {die} and the {other} unplayed").format(die=left[0], other=left[1])


def forced_play_refusal(label: str, used: list[int], dice: tuple[int, int], max_used: int, example: str | None, *,
                        would: bool = False) -> Refusal | None:
    """The R10 or R11 refusal of a play ``label`` that uses the dice ``used``, or None.

    R10: both dice (all four of a double) must be played when possible; R11: when only one
    die can be played, the higher one if possible. ``max_used`` is how many dice the legal
    plays use, ``example`` a legal play to name; ``would=True`` words it for a single step
    that would end the turn that way.

    ``example=None`` is the puzzle form: the sentence names the rule and why the play fails,
    never a play that works (in a puzzle that play is the solution).

    >>> str(forced_play_refusal("13/10", [3], (6, 3), 2, "24/18 13/10"))
    '13/10 alone leaves the 6 unplayed, but 24/18 13/10 plays both dice (R10)'
    >>> str(forced_play_refusal("13/7", [6], (6, 4), 2, "24/18 13/9", would=True))
    '13/7 would leave the 4 unplayed, but 24/18 13/9 plays both dice (R10)'
    >>> str(forced_play_refusal("11/6", [5], (6, 5), 2, None, would=True))
    '11/6 would leave the 6 unplayed, but both dice can be played (R10)'
    >>> str(forced_play_refusal("20/15", [5], (6, 5), 1, None, would=True))
    '20/15 plays the 5, but the higher die 6 can be played; when only one die can be played it must be the higher (R11)'
    >>> forced_play_refusal("24/18 13/9", [6, 4], (6, 4), 2, "24/18 13/9") is None
    True
    """
    if len(used) < max_used:
        if example is None:          # a puzzle: no play that works is named
            if would:
                sentence = _("{play} would leave {unplayed}, but {how_many} can be played")
            elif used:
                sentence = _("{play} alone leaves {unplayed}, but {how_many} can be played")
            else:
                sentence = _("{play} leaves {unplayed}, but {how_many} can be played")
        elif would:
            sentence = _("{play} would leave {unplayed}, but {example} plays {how_many}")
        elif used:
            sentence = _("{play} alone leaves {unplayed}, but {example} plays {how_many}")
        else:
            sentence = _("{play} leaves {unplayed}, but {example} plays {how_many}")
        how_many = _(_PLAYS[max_used if dice[0] == dice[1] else 0])
        return Refusal(sentence.format(play=label, unplayed=_describe_unused(used, dice), example=example,
                                       how_many=how_many), "R10")
    if max_used == 1 and dice[0] != dice[1] and used and used[0] != max(dice):
        if example is None:
            return Refusal(_("{play} plays the {die}, but the higher die {high} can be played; when only one die "
                             "can be played it must be the higher").format(play=label, die=used[0], high=max(dice)),
                           "R11")
        return Refusal(_("{play} plays the {die}, but the higher die {high} can be played ({example}); "
                         "when only one die can be played it must be the higher").format(
            play=label, die=used[0], high=max(dice), example=example), "R11")
    return None


#: How often one die is used, in words.
_TIMES = {2: N_("twice"), 3: N_("three times"), 4: N_("four times")}


def _times(n: int) -> str:
    return _(_TIMES[n]) if n in _TIMES else ngettext("{n} time", "{n} times", n).format(n=n)


def _count_refusal(mine: Sequence[int], segs: Sequence[tuple[int, int]]) -> Refusal | None:
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
        if have == 0:
            if p == BAR:
                return Refusal(_("there is no checker of yours on the bar"), "R5")
            return Refusal(_("there is no checker of yours on point {point}").format(point=p), "R5")
        where = _("the bar") if p == BAR else _("point {point}").format(point=p)
        moved = ngettext("moves {n} checker from there", "moves {n} checkers from there", leave[p]).format(n=leave[p])
        if arrive.get(p):
            return Refusal(ngettext("only {have} checker of yours can leave {where} ({there} there and {arriving} "
                                    "arriving), but the play {moved}",
                                    "only {have} checkers of yours can leave {where} ({there} there and {arriving} "
                                    "arriving), but the play {moved}", have).format(
                have=have, where=where, there=mine[p], arriving=arrive[p], moved=moved), "R5")
        on_where = _("on the bar") if p == BAR else _("on point {point}").format(point=p)
        return Refusal(ngettext("only {have} checker of yours stands {where}, but the play {moved}",
                                "only {have} checkers of yours stand {where}, but the play {moved}", have).format(
            have=have, where=on_where, moved=moved), "R5")
    return None


def _dice_refusal(segs: Sequence[tuple[int, int]], dice: tuple[int, int]) -> tuple[Refusal | None, str | None]:
    """Why the written moves cannot be covered by the dice at all (arithmetic only), or None;
    with the move the sentence starts with, if it starts with one."""
    dl = dice_list(dice)
    txt = f"{dice[0]}-{dice[1]}"
    options = []
    for a, b in segs:
        opts = [ds for ds, _rest in _segment_options(a, b, dl)]
        if not opts:
            if b:
                dist = a - b
                move = f"{point_name(a)}/{point_name(b)}"
                return Refusal(ngettext("{move} needs {n} pip but the roll {roll} has no such die or sum",
                                        "{move} needs {n} pips but the roll {roll} has no such die or sum",
                                        dist).format(move=move, n=dist, roll=txt), "R5"), move
            move = f"{point_name(a)}/off"
            return Refusal(ngettext("{move} needs at least {n} pip, but the roll {roll} moves {most} at most",
                                    "{move} needs at least {n} pips, but the roll {roll} moves {most} at most",
                                    a).format(
                move=move, n=a, roll=txt, most=sum(dl)), "R5, R17"), move
        options.append(opts)
    if covers(segs, dice):
        return None, None
    if dice[0] == dice[1]:
        need = sum(min(len(ds) for ds in opts) for opts in options)
        return Refusal(ngettext("that needs {n} move of {die}, but the roll {roll} gives four",
                                "that needs {n} moves of {die}, but the roll {roll} gives four", need).format(
            n=need, die=dice[0], roll=txt), "R6"), None
    if len(segs) == 2:
        for k, ((a, b), opts) in enumerate(zip(segs, options, strict=True)):
            if all(len(ds) == 2 for ds in opts):
                c, d = segs[1 - k]
                move = f"{point_name(a)}/{point_name(b)}"
                return (Refusal(_("{move} takes both dice ({die} and {other}), leaving none for {rest}").format(
                    move=move, die=dl[0], other=dl[1], rest=f"{point_name(c)}/{point_name(d)}"), "R5"), move)
    for x in dl:
        users = [s for s, opts in zip(segs, options, strict=True) if all(x in ds for ds in opts)]
        if len(users) > 1:
            names = _(" and ").join(f"{point_name(a)}/{point_name(b)}" for a, b in users)
            return Refusal(_("the {die} is used {times} ({moves}), but the roll {roll} has only one {die}").format(
                die=x, times=_times(len(users)), moves=names, roll=txt), "R5"), None
    if len(segs) > 2:
        return Refusal(ngettext("that makes {n} move, but the roll {roll} gives two: one {die} and one {other}",
                                "that makes {n} moves, but the roll {roll} gives two: one {die} and one {other}",
                                len(segs)).format(
            n=len(segs), roll=txt, die=dl[0], other=dl[1]), "R5"), None
    return Refusal(_("that needs more than the roll {roll} gives: one {die} and one {other}").format(
        roll=txt, die=dl[0], other=dl[1]), "R5"), None  # pragma: no cover


def _hit_mark_refusal(theirs: Sequence[int], hit_marks: Sequence[int]) -> Refusal | None:
    """A written hit mark (R8) on a point with no lone opposing checker, or None."""
    for p in sorted(set(hit_marks), reverse=True):
        if p == 0:
            return Refusal(_("a checker borne off hits nothing: a hit mark goes after a point"), "R8")
        if theirs[25 - p] == 0:
            return Refusal(_("there is no lone opposing checker on point {point} to hit").format(point=p), "R8")
    return None


#: How telling a failed single step is, by its rule, when several orders of the moves fail.
_PRIORITY = {"R7": 6, "R14": 6, "R19": 5, "R18": 5, "R16": 5, "R13": 2}
#: The rules of a closed point (a step that would land on it is refused).
_CLOSED = ("R7", "R14")


def diagnose(pos: BasePosition, step_lists: Sequence[Sequence[tuple[int, int]]], dice: tuple[int, int],
             legal: Sequence[_PlayLike], *, variant: Variant = STANDARD, text: str = "",
             hit_marks: Sequence[int] = (), reveal: bool = True) -> Refusal:
    """Why a written play is not one of the ``legal`` plays of ``dice`` in ``pos``, as a refusal.

    ``step_lists`` holds the written segments ``(from, to)`` per checker move; ``hit_marks``
    the written points marked ``*``; ``text`` the play as written (formatted from the steps
    by default). ``legal`` are the legal plays of the roll (:meth:`bgsim.Position.legal_plays`),
    which name an example and how many dice must be played (R10); ``reveal=False`` (a puzzle)
    words an R10/R11 refusal without naming a legal play.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> def why(steps, dice, **kw):
    ...     return str(diagnose(pos, steps, dice, pos.legal_plays(dice), **kw))
    >>> why([((13, 7),), ((13, 7),)], (6, 1), text="13/7 13/7")
    '13/7 13/7: the 6 is used twice (13/7 and 13/7), but the roll 6-1 has only one 6 (R5)'
    >>> why([((24, 18),)] * 3, (6, 6), text="24/18(3)")
    '24/18(3): only 2 checkers of yours stand on point 24, but the play moves 3 checkers from there (R5)'
    >>> why([((13, 7),), ((8, 7),)], (6, 1), text="13/7* 8/7", hit_marks=[7])
    '13/7* 8/7: there is no lone opposing checker on point 7 to hit (R8)'
    >>> why([((13, 10),)], (6, 3), text="13/10", reveal=False)
    '13/10 alone leaves the 6 unplayed, but both dice can be played (R10)'
    """
    segs = [s for steps in step_lists for s in steps]
    label = text or format_play(segs)
    dice_txt = f"{dice[0]}-{dice[1]}"

    def told(refusal: Refusal, lead: str | None = None) -> Refusal:
        """The refusal quoting the play first, unless its sentence already starts with it."""
        return refusal if lead == label else refusal.prefixed(f"{label}: ")

    early = _count_refusal(pos.mine, segs)
    if early is not None:
        return told(early)
    early, lead = _dice_refusal(segs, dice)
    if early is not None:
        return told(early, lead)
    early = _hit_mark_refusal(pos.theirs, hit_marks)
    if early is not None:
        return told(early)

    # Walk the written moves in every order and split, with the single steps of try_step.
    # Each failure: (segments done, dice of the route, priority, segment, refusal, closed point on the way).
    failures: list[tuple[int, int, int, int, Refusal, int | None]] = []
    full: list[tuple[list[int], list[tuple[int, int]]]] = []

    def rec(done: list[bool], node: Node, left: list[int], used: list[int], steps: list[tuple[int, int]],
            depth: int) -> None:
        if all(done):
            full.append((list(used), list(steps)))
            return
        for i, (a, b) in enumerate(segs):
            if done[i]:
                continue
            for ds, rest in _segment_options(a, b, left):
                cur, here = a, node
                new_steps = []
                for k, d in enumerate(ds):
                    refusal, nexts = try_step((here[0], here[1], None), cur, d)
                    if refusal is not None:
                        on_way = k < len(ds) - 1 and refusal.rule in _CLOSED
                        failures.append((depth, len(ds), _PRIORITY.get(refusal.rule or "", 1) - on_way, i,
                                         refusal, cur - d if on_way else None))
                        break
                    dst, _hit, here = nexts[0]
                    new_steps.append((cur, dst))
                    cur = dst
                else:
                    if cur == b:
                        done[i] = True
                        rec(done, here, rest, used + list(ds), steps + new_steps, depth + 1)
                        done[i] = False
                if full:
                    return

    rec([False] * len(segs), (tuple(pos.mine), tuple(pos.theirs), None), dice_list(dice), [], [], 0)
    example = str(legal[0]) if legal else ""
    if not full:
        if not failures:  # pragma: no cover - the dice check above leaves a route to try
            return Refusal(_("{play} is not a legal play of {roll} here").format(play=label, roll=dice_txt))
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
                why = ngettext("point {point}, which is closed: the opponent has {n} checker there",
                               "point {point}, which is closed: the opponent has {n} checkers there", n).format(
                    point=points[0], n=n)
            else:
                where = _(" or ").join(pgettext("a stop on the way", "point {point}").format(point=p) for p in points)
                if len(points) == 2:
                    why = _("{points}, and both are closed").format(points=where)
                else:
                    why = _("{points}, and all are closed").format(points=where)
            seg = f"{point_name(a)}/{point_name(b)}"
            return told(Refusal(_("{move} must stop on the way at {why}").format(move=seg, why=why), "R5, R7"), seg)
        a, b = segs[best[3]]
        seg = f"{point_name(a)}/{point_name(b)}"
        return told(best[4].prefixed(f"{seg}: "), seg)
    used, steps = full[0]
    for p in legal:  # prefer an example that keeps what the player wrote
        if not Counter(steps) - Counter(p.steps):      # every step written is in p
            example = str(p)
            break
    max_used = max(p.dice_used for p in legal) if legal else 0
    forced = forced_play_refusal(label, used, dice, max_used, example if reveal else None)
    if forced is not None:
        return forced
    for check in variant.checks:   # legal step by step, yet not a legal play: a variant's step rule (V5)
        if check.variant:
            return check.refusal(pos.mine, pos.theirs, 0, 0).prefixed(f"{label}: ")
    return Refusal(_("{play} is not a legal play of {roll} here").format(play=label, roll=dice_txt))
