"""Drills: one small task at a time on a live board, checked by the engine, harder as they go.

A :class:`Drill` is a seeded series of :class:`Task` values, each a position (and a roll)
with one thing to do:

- ``"route"``: move one checker with several dice, stopping only on open points (R5-R7);
- ``"enter"``: bring the checkers on the bar in, against closed points (R13-R15);
- ``"only-play"``: find the only legal play, where a tempting first step leads nowhere (R10-R12;
  no checker on the bar and no bearing off, so these rules are all it takes);
- ``"bear-off"``: bear off as many checkers as the roll allows (R16-R19);
- ``"result"``: say whether a finished game is a single game, a gammon or a backgammon (R23);
- ``"take-drop"`` (one of :data:`DECISION_KINDS`, not on the board): a last-roll position where
  light doubles and dark, who bears off next turn for sure, takes or drops (R26): in money play
  (take point 25%) and, harder, at a match score, where the take point comes from the match
  equity table and can turn the money answer round (R27).

Positions come from games played with random legal plays (seeded), so every task is a
position the rules can reach. A task checks an answer with the engine: an illegal play is
refused with the :class:`~bgsim.engine.errors.Refusal` naming the rule it breaks; a legal play
that misses the goal says what the goal was; the solution is there only when asked for.

>>> drill = Drill(["only-play", "result"], per_kind=2, rng=5)
>>> len(drill), drill.task.kind, drill.task.level
(4, 'only-play', 1)
>>> verdict = drill.answer("24/23")            # a guess that is not the only play
>>> verdict.right, verdict.refusal is not None or verdict.text != ""
(False, True)
>>> right = drill.answer(drill.task.solution_play())
>>> right.right, drill.score
(True, (0, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..engine.dice import rng_from
from ..engine.errors import IllegalPlayError, InvalidSettingError, ParseError, Refusal
from ..engine.i18n import N_, _, fmt_percent, ngettext, pgettext
from ..engine.plays import Play
from ..engine.position import Position
from ..game.rules import ResultKind, result_kind
from ..odds.equity import dead_cube_take_point, match_take_point
from ..odds.exact import bearoff_chance

__all__ = ["DECISION_KINDS", "KINDS", "Drill", "Task", "Verdict", "choice_label", "describe_kind", "make_task"]

#: The kinds of task, in the order a drill gives them, with what they teach.
KINDS: dict[str, str] = {
    "route": N_("one checker, several dice (R5-R7)"),
    "enter": N_("enter from the bar (R13-R15)"),
    "only-play": N_("find the only legal play (R10-R12)"),
    "bear-off": N_("bear off as many checkers as you can (R16-R19)"),
    "result": N_("single game, gammon or backgammon? (R23)"),
}

#: Kinds answered by a choice about a position, with no play on the board (a drill of them
#: shows the board and the task's :attr:`Task.choices`); not in :data:`KINDS`, so a drill of
#: board tasks never includes them unless asked.
DECISION_KINDS: dict[str, str] = {
    "take-drop": N_("take or drop? count the rolls, compare with the take point (R26)"),
}


def describe_kind(kind: str) -> str:
    """What a task of ``kind`` asks, in the current language (:data:`KINDS` and :data:`DECISION_KINDS`
    hold the English, the catalogue's msgids).

    >>> from bgsim.engine.i18n import language
    >>> with language("cs"):
    ...     describe_kind("enter")
    'vstup z baru (R13-R15)'
    """
    text = KINDS.get(kind) or DECISION_KINDS.get(kind)
    if text is None:
        raise InvalidSettingError(_("unknown drill kind {kind}: one of {kinds}").format(
            kind=repr(kind), kinds=", ".join([*KINDS, *DECISION_KINDS])))
    return _(text)

_RESULT_CHOICES = ("single game", "gammon", "backgammon")   # the answers (shown by choice_label)
_TAKE_DROP = ("take", "drop")


def choice_label(choice: str) -> str:
    """A task's choice as the learner reads it, in the current language (the answer stays the English name).

    >>> choice_label("single game"), choice_label("take")
    ('single game', 'take')
    """
    labels = {"single game": pgettext("a result", "single game"), "gammon": pgettext("a result", "gammon"),
              "backgammon": pgettext("a result", "backgammon"), "take": pgettext("an answer", "take"),
              "drop": pgettext("an answer", "drop")}
    return labels.get(choice, choice)


@dataclass(frozen=True)
class Verdict:
    """The answer to one try: right or not, a sentence, and the rule refused (if one was)."""

    right: bool
    text: str
    refusal: Refusal | None = None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Task:
    """One task: a position to look at, what to do, and how to check it.

    ``dice`` is None for a ``"result"`` or ``"take-drop"`` task (nothing to play: pick one of
    :attr:`choices`). ``level`` is 1 (plain) or 2 (a harder case of the same rules). A
    take-drop task has the match ``length`` and ``score`` (player 0, player 1) it is played at
    (``length`` 0: money play) and the ``take_point`` there. A ``"route"`` task keeps its
    checker's ``route``: (from, to), both in the mover's numbering.
    """

    kind: str
    prompt: str
    position: Position
    dice: tuple[int, int] | None
    level: int
    choices: tuple[str, ...] = ()
    loser: int | None = None
    goal: int = field(default=0, repr=False)   # bear-off: the most checkers the roll can take off
    length: int = 0                             # take-drop: the match length (0: money play)
    score: tuple[int, int] = (0, 0)             # take-drop: the match score before the double
    take_point: float = field(default=0.0, repr=False)   # take-drop: the least winning chance a take needs
    route: tuple[int, int] | None = None        # route: the checker's (from, to)

    def check(self, answer: Play | str) -> Verdict:
        """Check an answer: a finished play (a :class:`Play` or notation) or, for a result
        task, one of :attr:`choices`.

        >>> task = make_task("result", Position.from_counts({0: 15}, {0: 2, 6: 13}), loser=1)
        >>> task.check("gammon").right, task.check("single game").text
        (False, 'Right: the loser has borne off 2 checkers, so it is a single game (R23).')
        """
        if self.kind == "result":
            return self._check_result(answer)
        if self.kind == "take-drop":
            return self._check_take_drop(answer)
        assert self.dice is not None
        plays = self.position.legal_plays(self.dice)
        try:
            play = plays.resolve(answer)
        except IllegalPlayError as err:
            return Verdict(False, _("Not legal: {why}").format(why=err), err.refusal)
        except ParseError as err:
            return Verdict(False, _("Cannot read that: {why}").format(why=err))
        if self.kind == "bear-off":
            off = _borne_off(play)
            if off < self.goal:
                return Verdict(False, ngettext("Legal, but it bears off {off} checker; this roll can bear off {goal} "
                                               "(R17, R18).",
                                               "Legal, but it bears off {off} checkers; this roll can bear off "
                                               "{goal} (R17, R18).", off).format(off=off, goal=self.goal))
            return Verdict(True, ngettext("Right: {play} bears off {off} checker, the most this roll can (R17, R18).",
                                          "Right: {play} bears off {off} checkers, the most this roll can (R17, R18).",
                                          off).format(play=play, off=off))
        if self.kind == "only-play":
            return Verdict(True, _("Right: {play} is the only legal play of {roll} here.").format(
                play=play, roll=f"{self.dice[0]}-{self.dice[1]}"))
        if self.kind == "route":
            return self._check_route(play, answer)
        return Verdict(True, _("Right: {play} brings you in and plays the roll (R13, R14).").format(play=play))

    def _check_route(self, play: Play, answer: Play | str) -> Verdict:
        assert self.route is not None and self.dice is not None
        src, dst = self.route
        path = _route_points(play, src, dst) or (_route_points(answer, src, dst) if isinstance(answer, Play) else None)
        double = self.dice[0] == self.dice[1]
        if path is None:
            how = (_("a double is four moves, and one checker may make several of them (R6)") if double else
                   _("one checker may use both dice, one after the other (R5)"))
            return Verdict(False, _("Legal, but no checker goes from {src} to {dst}: {how}.").format(
                src=src, dst=dst, how=how))
        stops = [str(p) for p in path[1:-1]]
        if len(stops) == 1:
            where = _("the {point}-point, an open point").format(point=stops[0])
        else:
            where = _("points {points} and {last}, all open").format(points=", ".join(stops[:-1]), last=stops[-1])
        rules = "R6, R7" if double else "R5, R7"
        return Verdict(True, _("Right: {route}: on the way the checker stops on {where} ({rules}).").format(
            route="/".join(str(p) for p in path), where=where, rules=rules))

    def _check_result(self, answer: object) -> Verdict:
        assert self.loser is not None
        kind = result_kind(self.position, self.loser)
        try:
            said = ResultKind.of(answer)  # type: ignore[arg-type]
        except ValueError:
            return Verdict(False, _("Pick one of: {choices}.").format(
                choices=", ".join(choice_label(c) for c in self.choices)))
        why = _result_reason(self.position, self.loser, kind)
        if said is kind:
            return Verdict(True, _("Right: {why} (R23).").format(why=why))
        return Verdict(False, _("Not {said}: {why} (R23).").format(said=choice_label(_RESULT_CHOICES[said - 1]),
                                                                  why=why))

    def _check_take_drop(self, answer: object) -> Verdict:
        said = str(answer).strip().lower()
        if said not in _TAKE_DROP:
            return Verdict(False, _("Pick one of: {choices}.").format(
                choices=", ".join(choice_label(c) for c in self.choices)))
        right, why = _take_drop_reason(self)
        if said == right:
            return Verdict(True, _("Right: {why}: {answer} (R26).").format(why=why, answer=choice_label(right)))
        return Verdict(False, _("Not {said}: {why} (R26).").format(said=choice_label(said), why=why))

    def solution_play(self) -> Play:
        """The play that does the task (the first legal one that does; for ``"result"``, an error)."""
        if self.dice is None:
            raise InvalidSettingError(_("a result task has no play: its answer is one of its choices"))
        plays = self.position.legal_plays(self.dice)
        if self.kind == "bear-off":
            return next(p for p in plays if _borne_off(p) == self.goal)
        if self.kind == "route":
            assert self.route is not None
            return next(p for p in plays if _route_points(p, *self.route))
        return plays[0]

    def solution(self) -> str:
        """The solution in words (show it only when the learner asks)."""
        if self.kind == "result":
            assert self.loser is not None
            kind = result_kind(self.position, self.loser)
            return _("{kind}: {why} (R23).").format(kind=choice_label(_RESULT_CHOICES[kind - 1]).capitalize(),
                                                   why=_result_reason(self.position, self.loser, kind))
        if self.kind == "take-drop":
            right, why = _take_drop_reason(self)
            return _("{answer}: {why} (R26).").format(answer=choice_label(right).capitalize(), why=why)
        play = self.solution_play()
        n = len(self.position.legal_plays(self.dice or (1, 1)))
        if self.kind == "only-play":
            return _("{play}: the only legal play (R10-R12).").format(play=play)
        if self.kind == "bear-off":
            return _("{play}: it bears off {goal} (R17, R18).").format(play=play, goal=self.goal)
        if self.kind == "route":
            assert self.route is not None and self.dice is not None
            return _route_solution(self.dice, play, *self.route)
        return f"{play}" + (_(" (one of {n} legal plays)").format(n=n) if n > 1 else _(" (the only legal play)")) + "."


def _borne_off(play: Play) -> int:
    return sum(1 for _src, dst in play.steps if dst == 0)


def _route_points(play: Play, src: int, dst: int) -> list[int] | None:
    """The points one checker of ``play`` passes from ``src`` to ``dst`` (both included), or None.

    >>> _route_points(Position.initial().parse_play("24/14", (6, 4)), 24, 14)
    [24, 18, 14]
    """
    steps = list(play.steps)

    def walk(at: int, used: frozenset[int], path: list[int]) -> list[int] | None:
        if at == dst and len(path) > 1:
            return path
        for i, (a, b) in enumerate(steps):
            if i not in used and a == at and b >= dst:
                found = walk(b, used | {i}, [*path, b])
                if found:
                    return found
        return None

    return walk(src, frozenset(), [src])


def _closed(pos: Position, point: int) -> bool:
    """True when the opponent holds ``point`` (the mover's numbering) with two or more checkers (R7)."""
    return pos.theirs[25 - point] >= 2


def _routes(pos: Position, dice: tuple[int, int]) -> list[tuple[int, int, int]]:
    """Route tasks in ``pos`` for ``dice``: (level, from, to), the best first.

    Level 1, a non-double: one checker can use both dice, but only in one order (one of the
    two stops is closed, R5, R7). Level 2, a double: one checker makes two to four of the
    moves, every stop open (R6). The route must be part of a legal play.
    """
    if pos.bar[0]:
        return []
    a, b = dice
    plays = pos.legal_plays(dice)
    found = []
    for src in range(24, 0, -1):
        if not pos.mine[src]:
            continue
        if a != b:
            dst = src - a - b
            if dst < 1 or _closed(pos, dst) or _closed(pos, src - a) == _closed(pos, src - b):
                continue
            level = 1
        else:
            hops = 0
            while hops < 4 and src - (hops + 1) * a >= 1 and not _closed(pos, src - (hops + 1) * a):
                hops += 1
            if hops < 2:
                continue
            dst, level = src - hops * a, 2
        if any(_route_points(p, src, dst) for p in plays):
            found.append((level, src, dst))
    return sorted(found, key=lambda t: (t[2] - t[1], -t[1]))   # the longest route, the farthest back


def _route_solution(dice: tuple[int, int], play: Play, src: int, dst: int) -> str:
    """The route of ``play`` from ``src`` to ``dst`` in words: its stops, and why that order (R5-R7)."""
    path = _route_points(play, src, dst) or [src, dst]
    route = "/".join(str(p) for p in path)
    rest = _(" The whole play: {play}.").format(play=play) if str(play) != f"{src}/{dst}" else ""
    if dice[0] == dice[1]:
        return _("{route}: {n} moves of {die}, every stop open (R6, R7).{rest}").format(
            route=route, n=len(path) - 1, die=dice[0], rest=rest)
    first = src - path[1]
    closed = src - (dice[0] + dice[1] - first)
    return _("{route}: the {closed}-point is closed, so the checker plays the {first} first and stops on the "
             "{stop}-point (R5, R7).{rest}").format(route=route, closed=closed, first=first, stop=path[1], rest=rest)


def _result_reason(pos: Position, loser: int, kind: ResultKind) -> str:
    counts = pos.counts(loser)
    if kind is ResultKind.SINGLE:
        return ngettext("the loser has borne off {n} checker, so it is a single game",
                        "the loser has borne off {n} checkers, so it is a single game", counts[0]).format(n=counts[0])
    if kind is ResultKind.GAMMON:
        return _("the loser has borne off no checker, and none is on the bar or in the winner's home board: a gammon")
    return _("the loser has borne off no checker and still has one on the bar or in the winner's home board: "
             "a backgammon")


def _taker_wins(position: Position) -> int:
    """Of the 36 rolls, how many leave a checker of the doubler (the side on roll) on the board."""
    return 36 - bearoff_chance(position).count


def _take_drop_reason(task: Task) -> tuple[str, str]:
    """("take" or "drop", the reason in words) for a take-drop task."""
    misses = _taker_wins(task.position)
    chance = misses / 36
    right = "take" if chance >= task.take_point else "drop"
    side, other = _sides(task.position.turn)
    where = (_("in money play") if not task.length else
             _("at this score ({score})").format(score=_score_words(task)))
    if right == "take":
        sentence = _("{side} misses with {misses} of the 36 rolls, so {other} wins {misses}/36 = {chance}, at least "
                     "the {need} a take needs {where}")
    else:
        sentence = _("{side} misses with {misses} of the 36 rolls, so {other} wins {misses}/36 = {chance}, less than "
                     "the {need} a take needs {where}")
    return right, sentence.format(side=side, misses=misses, other=other, chance=fmt_percent(chance, 1),
                                  need=_percent(task.take_point), where=where)


def _sides(doubler: int) -> tuple[str, str]:
    """The doubler and the taker, named by colour ("light", "dark") in the current language."""
    light, dark = pgettext("a side", "light"), pgettext("a side", "dark")
    return (light, dark) if doubler == 0 else (dark, light)


def _percent(x: float) -> str:
    """25% for a round percentage, else one decimal: 35.2%."""
    return fmt_percent(x, 0) if abs(x * 100 - round(x * 100)) < 1e-9 else fmt_percent(x, 1)


def _score_words(task: Task) -> str:
    n = task.length
    a, b = task.score
    return _("light {a}, dark {b} in a {n}-point match: light {la}-away, dark {da}-away").format(
        a=a, b=b, n=n, la=n - a, da=n - b)


def make_task(kind: str, position: Position, dice: tuple[int, int] | None = None, *, level: int = 1,
              loser: int | None = None, length: int = 0, score: tuple[int, int] = (0, 0),
              route: tuple[int, int] | None = None) -> Task:
    """A task of ``kind`` on ``position`` (and ``dice``), with its prompt written for it.

    A ``"route"`` task moves the checker on ``route[0]`` to ``route[1]``; without ``route``
    the longest route the roll allows is taken.

    >>> make_task("route", Position.from_counts({24: 1, 13: 4, 8: 3, 6: 5, 0: 2},
    ...                                         {7: 2, 6: 6, 8: 2, 13: 3, 0: 2}), (6, 4)).prompt
    'Roll 6-4. Move the checker on the 24-point to the 14-point, using both dice.'

    >>> make_task("only-play", Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5}),
    ...           (6, 2)).prompt
    'Roll 6-2. Find the only legal play.'
    """
    if kind not in KINDS and kind not in DECISION_KINDS:
        raise InvalidSettingError(_("unknown drill kind {kind}: one of {join}").format(
                                      kind=repr(kind), join=', '.join([*KINDS, *DECISION_KINDS])))
    if kind == "take-drop":
        return _take_drop_task(position, level, length, score)
    if kind == "result":
        if loser is None:
            winner = position.winner()
            loser = 1 - (winner if winner is not None else position.turn)
        return Task(kind, _("The game is over. Single game, gammon or backgammon?"), position, None, level,
                    _RESULT_CHOICES, loser)
    if dice is None:
        raise InvalidSettingError(_("a {kind} task needs a roll").format(kind=repr(kind)))
    roll = _("Roll {roll}. ").format(roll=f"{dice[0]}-{dice[1]}")
    if kind == "route":
        if route is None:
            found = _routes(position, dice)
            if not found:
                raise InvalidSettingError(_("no checker here has a route for {dice_0}-{dice_1}").format(
                                              dice_0=dice[0], dice_1=dice[1]))
            route = found[0][1:]
        src, dst = route
        several = position.mine[src] > 1
        if dice[0] != dice[1]:
            prompt = roll + (_("Move a checker on the {src}-point to the {dst}-point, using both dice.") if several
                             else _("Move the checker on the {src}-point to the {dst}-point, using both dice.")
                             ).format(src=src, dst=dst)
        elif (src - dst) // dice[0] == 4:
            prompt = roll + (_("Move a checker on the {src}-point to the {dst}-point.") if several
                             else _("Move the checker on the {src}-point to the {dst}-point.")).format(src=src, dst=dst)
        else:
            prompt = roll + (_("Move a checker on the {src}-point to the {dst}-point, then play the rest of the "
                               "roll.") if several
                             else _("Move the checker on the {src}-point to the {dst}-point, then play the rest of "
                                    "the roll.")).format(src=src, dst=dst)
        return Task(kind, prompt, position, dice, level, route=(src, dst))
    if kind == "enter":
        n = position.bar[0]
        if n > 1:
            prompt = roll + _("Bring your {n} checkers in from the bar and play the roll.").format(n=n)
        else:
            prompt = roll + _("Bring your checker in from the bar and play the roll.")
        return Task(kind, prompt, position, dice, level)
    if kind == "only-play":
        return Task(kind, roll + _("Find the only legal play."), position, dice, level)
    goal = max(_borne_off(p) for p in position.legal_plays(dice))
    return Task(kind, roll + _("Bear off as many checkers as you can."), position, dice, level, goal=goal)


def _take_drop_task(position: Position, level: int, length: int, score: tuple[int, int]) -> Task:
    """A take-drop task: the side on roll doubles with the cube at 1, the other bears off next turn for sure."""
    theirs = position.theirs
    left = position.checkers - theirs[0]
    if not 1 <= left <= 2 or theirs[1] + theirs[2] != left or theirs[2] > 1 or position.is_game_over():
        raise InvalidSettingError(_("a take-drop task needs a last roll: the doubled side bears off its last "
                                    "checkers next turn for sure (one or two, on its 1 and 2 points, not two on "
                                    "the 2)"))
    if not isinstance(length, int) or isinstance(length, bool) or length < 0:
        raise InvalidSettingError(_("length is 0 (money play) or a match length, not {length}").format(
                                      length=repr(length)))
    doubler, taker = position.turn, 1 - position.turn
    if length:
        away = (length - score[0], length - score[1])
        if min(away) < 2:
            raise InvalidSettingError(_("a take-drop task at a score needs both players 2 or more points away, not "
                                        "{score_0}-{score_1} in a {length}-point match").format(
                                          score_0=score[0], score_1=score[1], length=length))
        take_point = match_take_point(away[taker], away[doubler], 1)
        where = _("{n}-point match, score light {a}, dark {b}. At this score a take needs {need}.").format(
            n=length, a=score[0], b=score[1], need=_percent(take_point))
    else:
        take_point = dead_cube_take_point()
        where = _("Money play.")
    side, other = _sides(doubler)
    prompt = where + " " + _("{side} doubles to 2; {other} bears off the last checker next turn. You are {other}: "
                             "take or drop?").format(side=side.capitalize(), other=other)
    return Task("take-drop", prompt, position, None, level, _TAKE_DROP, None, length=length,
                score=(int(score[0]), int(score[1])), take_point=take_point)


def _take_drop_tasks(rng: np.random.Generator, levels: Sequence[int]) -> list[Task]:
    """Take-drop tasks for ``levels``, takes and drops in turn (which comes first: from ``rng``).

    Level 1 is money play; level 2 is at a match score where the answer is the opposite of the
    money answer (the score turns it round). Light (player 0) doubles with two checkers left;
    every task is at least 1% away from its take point, so counting decides it.
    """
    doublers = [(a, b) for a in range(2, 6) for b in range(1, a + 1)
                if 2 <= _taker_wins(_last_roll((a, b), 1)) <= 18]   # the doubler is the favourite
    first = int(rng.integers(2))
    tasks: list[Task] = []
    for i, level in enumerate(levels):
        want = _TAKE_DROP[(first + i) % 2]
        for _attempt in range(10_000):
            points = doublers[int(rng.integers(len(doublers)))]
            pos = _last_roll(points, 1 + int(rng.integers(2)))
            length, score = 0, (0, 0)
            if level > 1:
                length = (5, 7)[int(rng.integers(2))]
                score = (int(rng.integers(length - 1)), int(rng.integers(length - 1)))
            task = make_task("take-drop", pos, level=level, length=length, score=score)
            chance = _taker_wins(pos) / 36
            answer = "take" if chance >= task.take_point else "drop"
            money = "take" if chance >= dead_cube_take_point() else "drop"
            if answer == want and abs(chance - task.take_point) >= 0.01 and (level == 1 or answer != money) \
                    and task not in tasks:
                tasks.append(task)
                break
        else:   # pragma: no cover - each kind of task has many candidates
            raise InvalidSettingError(_("no take-drop task of level {level} found").format(level=level))
    return tasks


def _last_roll(points: tuple[int, int], taker_point: int) -> Position:
    """Light (on roll) with checkers on ``points``; dark with one checker on its ``taker_point`` (1 or 2)."""
    a, b = points
    mine = {a: 2} if a == b else {a: 1, b: 1}
    return Position.from_counts(mine, {taker_point: 1}, turn=0)


# ------------------------------------------------------------------------------ finding tasks
def _random_games(rng: np.random.Generator) -> Iterable[tuple[Position, tuple[int, int]]]:
    """(position, roll) along games of random legal plays, and each game's last position with None dice."""
    while True:
        pos = Position.initial(turn=int(rng.integers(2)))
        while True:
            a, b = int(rng.integers(1, 7)), int(rng.integers(1, 7))
            dice = (max(a, b), min(a, b))
            yield pos, dice
            plays = pos.legal_plays(dice)
            after = plays[int(rng.integers(len(plays)))].after
            assert after is not None
            pos = after
            if pos.is_game_over():
                yield pos, (0, 0)
                break


def _tempting(pos: Position, dice: tuple[int, int]) -> bool:
    """True when some single step is legal on its own but cannot be completed (R10, R11 refuse it)."""
    turn = pos.start_turn(dice)
    for src in range(25, 0, -1):
        for die in set(dice):
            refusal = turn.refusal(src, die)
            if refusal is not None and refusal.rule in ("R10", "R11"):
                return True
    return False


def _level_of(kind: str, pos: Position, dice: tuple[int, int]) -> int | None:
    """The level (1 or 2) of a (position, roll) as a task of ``kind``, or None if it is not one."""
    if kind == "result":
        if dice != (0, 0):
            return None
        winner = pos.winner()
        if winner is None:
            return None
        kind_won = result_kind(pos, 1 - winner)
        return 2 if kind_won is not ResultKind.SINGLE else 1
    if dice == (0, 0):
        return None
    if kind == "route":
        found = [lv for lv, _src, _dst in _routes(pos, dice)]
        return found[0] if found else None
    plays = pos.legal_plays(dice)
    if len(plays) == 1 and plays[0].is_empty:
        return None
    if kind == "enter":
        if not pos.bar[0]:
            return None
        closed = sum(1 for d in set(dice) if pos.theirs[d] >= 2)   # my entry point 25 - d is their point d
        if not closed:
            return None
        return 2 if pos.bar[0] > 1 else 1
    if kind == "only-play":   # R10-R12 alone: no entering (R13) and no bearing off (R16) to know yet
        if len(plays) != 1 or pos.bar[0] or pos.can_bear_off() or _borne_off(plays[0]) or not _tempting(pos, dice):
            return None
        return 2 if dice[0] == dice[1] or plays[0].dice_used < (4 if dice[0] == dice[1] else 2) else 1
    # bear-off: a choice that matters
    if not pos.can_bear_off():
        return None
    offs = {_borne_off(p) for p in plays}
    if len(offs) < 2 or max(offs) == 0:
        return None
    gaps = any(pos.mine[d] == 0 for d in set(dice) if d <= 6)   # R18/R19 cases
    return 2 if gaps else 1


def _find(kind: str, level: int, source: Iterable[tuple[Position, tuple[int, int]]], limit: int = 200_000) -> Task:
    for k, (pos, dice) in enumerate(source):
        if k >= limit:   # pragma: no cover - the kinds are common in random games
            raise InvalidSettingError(_("no {kind} task of level {level} found in {limit} positions").format(
                                          kind=repr(kind), level=level, limit=limit))
        got = _level_of(kind, pos, dice)
        if got == level:
            if kind == "result":
                winner = pos.winner()
                assert winner is not None
                return make_task(kind, pos, level=level, loser=1 - winner)
            return make_task(kind, pos, dice, level=level)
    raise AssertionError("unreachable")  # pragma: no cover


class Drill:
    """A seeded series of tasks: each kind asked ``per_kind`` times, plain ones first, then harder.

    Answer the current :attr:`task` with :meth:`answer`; a right answer moves on (a wrong one
    stays, so the learner tries again, or asks for :meth:`reveal`). :attr:`score` counts the
    tasks solved at the first try, out of those done.

    >>> d = Drill(["result"], per_kind=2, rng=1)
    >>> [t.level for t in d.tasks]
    [1, 2]
    >>> d.answer("gammon").right in (True, False)
    True
    """

    def __init__(self, kinds: Sequence[str] = tuple(KINDS), per_kind: int = 2, rng=None) -> None:
        if isinstance(kinds, str):
            kinds = [kinds]
        unknown = [k for k in kinds if k not in KINDS and k not in DECISION_KINDS]
        if unknown or not kinds:
            raise InvalidSettingError(_("drill kinds are {join}; not {value}").format(
                                          join=', '.join([*KINDS, *DECISION_KINDS]), value=unknown or 'none'))
        if not isinstance(per_kind, int) or isinstance(per_kind, bool) or not 1 <= per_kind <= 10:
            raise InvalidSettingError(_("per_kind is a whole number from 1 to 10, not {per_kind}").format(
                                          per_kind=repr(per_kind)))
        generator = rng_from(rng)
        source = iter(_random_games(generator))
        levels = [1 + (i * 2 >= per_kind) for i in range(per_kind)]   # the first half plain, then harder
        decisions = {k: iter(_take_drop_tasks(generator, levels)) for k in kinds if k in DECISION_KINDS}
        self.tasks: list[Task] = [next(decisions[kind]) if kind in decisions else _find(kind, level, source)
                                  for level in levels for kind in kinds]
        self._index = 0
        self._tries = 0
        self._first_try = 0
        self._done = 0
        self._listeners: list[Callable[[Drill], None]] = []

    def __len__(self) -> int:
        return len(self.tasks)

    @property
    def index(self) -> int:
        """The number of the current task, from 0."""
        return self._index

    @property
    def task(self) -> Task:
        """The current task (the last one once the drill is finished)."""
        return self.tasks[min(self._index, len(self.tasks) - 1)]

    @property
    def finished(self) -> bool:
        """True when every task is done."""
        return self._index >= len(self.tasks)

    @property
    def score(self) -> tuple[int, int]:
        """(tasks solved at the first try, tasks done)."""
        return self._first_try, self._done

    def answer(self, answer: Play | str) -> Verdict:
        """Check ``answer`` against the current task; a right one moves on to the next task."""
        if self.finished:
            raise InvalidSettingError(_("the drill is finished: start a new one for more tasks"))
        verdict = self.task.check(answer)
        self._tries += 1
        if verdict.right:
            self._done += 1
            self._first_try += self._tries == 1
            self._index += 1
            self._tries = 0
        return verdict

    def wrong_try(self) -> None:
        """Count a wrong try made outside :meth:`answer` (a step the board refused)."""
        self._tries += 1

    def reveal(self) -> str:
        """The current task's solution; the task then counts as not solved at the first try."""
        self._tries += 1
        return self.task.solution()

    def skip(self) -> None:
        """Move on without solving the task (it counts as done, not as solved)."""
        if not self.finished:
            self._done += 1
            self._index += 1
            self._tries = 0
