"""The turn stepper: play a roll one checker and one die at a time, the rules explaining themselves.

A :class:`TurnBuilder` holds a position, a roll and the single-die steps played so far.
At every moment it knows which next steps are legal: a step is offered only if the turn
can still be finished into one of the position's legal plays (so the forced-play rules
R10-R12 are respected from the first step on, not only at the end), and any other step
is refused with one sentence naming the rule it breaks.

Points are numbered from the side on roll (R1): 1-24, 25 = the bar, 0 = off.

>>> from bgsim import Position
>>> t = Position.initial().start_turn((6, 4))
>>> t.explain()
'both dice must be played (R10)'
>>> t.why("24/14")
'24/14 moves 10 pips: a step moves one checker by one die, play the dice one at a time (R5)'
>>> t.step("24/18").dice_left
(4,)
>>> t.why("13/7")
'13/7: the 6 is already used; the dice left are 4 (R5)'
>>> t.step(13, 4).is_complete, str(t.play)
(True, '24/18 13/9')
>>> t.play in Position.initial().legal_plays((6, 4))
True

A checker on the bar must come in first (R13), and a step that would leave a die
unplayable, when both dice can be played, is refused (R10):

>>> pos = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})
>>> t = pos.start_turn((6, 2))
>>> t.why("13/7")
'13/7: a checker on the bar must enter before any other checker moves (R13)'
>>> [str(s) for s in t.options()]
['bar/19']
>>> t.why("bar/23")
'bar/23: point 23 is closed: the opponent has 2 checkers there (R14)'
"""

from __future__ import annotations

from typing import Generic, NamedTuple

from .board import BAR, OFF
from .errors import IllegalPlayError, ParseError, Refusal, RuleViolationError
from .explain import Lookahead, Node, forced_play_refusal, sources, step_refusal, try_step, without
from .i18n import _, ngettext
from .notation import parse_chains, point_name
from .plays import LegalPlays, P, Play, generate_plays
from .variants import Variant, variant_of

__all__ = ["Step", "TurnBuilder"]


class Step(NamedTuple):
    """One checker moved by one die: ``src`` to ``dst`` (25 = bar, 0 = off) with ``die``;
    ``hit`` is True when it lands on a lone opposing checker and sends it to the bar (R8).

    A bear-off with a higher number (R18) has ``die`` larger than ``src``.

    >>> str(Step(24, 18, 6)), str(Step(25, 22, 3, True)), str(Step(6, 0, 6))
    ('24/18', 'bar/22*', '6/off')
    >>> Step(3, 0, 5)
    Step(src=3, dst=0, die=5, hit=False)
    """

    src: int
    dst: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{point_name(self.src)}/{point_name(self.dst)}{'*' if self.hit else ''}"


StepLike = str | Step | int


def _dice_text(left: tuple[int, ...]) -> str:
    return _(" and ").join(str(d) for d in left) if left else _("none")


class _Level(NamedTuple):
    """One entry of the builder's stack: the states after the steps so far (several only
    under V5, when it is open which checker of a point moved), the dice left and the step
    that led here."""

    frontier: frozenset
    left: tuple[int, ...]
    step: Step | None


class TurnBuilder(Generic[P]):
    """A roll being played one step at a time. Make one with :meth:`bgsim.Position.start_turn`.

    :meth:`options` lists the legal next steps, :meth:`why` explains why a step is not one
    of them, :meth:`step` plays one and :meth:`undo` takes it back. The builder computes
    the legal plays once (the compiled engine) and searches the few remaining steps (at
    most four) from the current state, so a step is legal exactly when the steps so far
    plus it can still be completed to one of :attr:`legal_plays`, in any order of the
    dice and by any route. The intermediate :attr:`position` keeps the same side on roll.

    >>> from bgsim import Position
    >>> t = Position.initial().start_turn((3, 1))
    >>> t.step("8/5").step("6/5")
    <TurnBuilder 3-1: 8/5 6/5 (complete)>
    >>> t.undo().steps
    (Step(src=8, dst=5, die=3, hit=False),)
    >>> [str(s) for s in t.options()]
    ['24/23', '8/7', '6/5', '5/4']
    """

    def __init__(self, position: P, dice, *, caucasian: bool = False, variant: Variant | None = None) -> None:
        variant = variant_of(variant, caucasian)
        plays = generate_plays(position, dice, variant)  # checks the roll (R2)
        d1, d2 = plays.dice
        self._pos = position
        self._dice = (d1, d2)
        self._variant = variant
        self._legal = plays
        self._plays = tuple(plays)
        # Each play's result (mine, theirs), back in the mover's view.
        self._results = tuple((after.theirs, after.mine) for after in plays.afters())
        self._by_result = dict(zip(self._results, self._plays, strict=True))
        self._max_used = max(len(p) for p in self._plays)
        all_dice = (d1,) * 4 if d1 == d2 else (max(d1, d2), min(d1, d2))
        start: Node = (position.mine, position.theirs, (0,) * 26 if variant.caucasian else None)
        # R11: when only one die of a non-double can be played, the higher if it can move at all.
        required_die: int | None = None
        if d1 != d2 and self._max_used == 1:
            high, low = max(d1, d2), min(d1, d2)
            movable = any(try_step(start, src, high)[1] for src in sources(position.mine))
            required_die = high if movable else low
        self._required_die = required_die
        # The look-ahead over the few steps left, shared with the explainer (bgsim.engine.explain).
        self._look = Lookahead(set(self._results), self._max_used, required_die, len(all_dice))
        self._stack: list[_Level] = [_Level(frozenset({start}), all_dice, None)]
        self._options_cache: dict[int, tuple[Step, ...]] = {}  # by stack depth
        self._position_cache: dict[int, P] = {}

    # ----------------------------------------------------------------- reading
    @property
    def dice(self) -> tuple[int, int]:
        """The roll being played."""
        return self._dice

    @property
    def variant(self) -> Variant:
        """The variant whose step rules the turn plays by (:mod:`bgsim.engine.variants`)."""
        return self._variant

    @property
    def caucasian(self) -> bool:
        """True when the Caucasian hit rule (V5) applies."""
        return self._variant.caucasian

    @property
    def start(self) -> P:
        """The position before the first step."""
        return self._pos

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps played so far, in order."""
        return tuple(level.step for level in self._stack[1:] if level.step is not None)

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The dice not used yet, highest first (four for a double, R6). When the turn is
        complete some may be left: they cannot be played (R10-R12)."""
        return self._stack[-1].left

    @property
    def position(self) -> P:
        """The board after the steps so far, the same side still on roll.

        >>> from bgsim import Position
        >>> Position.initial().start_turn((6, 4)).step("24/18").position.mine[18]
        1
        """
        depth = len(self._stack)
        cached = self._position_cache.get(depth)
        if cached is None:
            mine, theirs, _frontier = next(iter(self._stack[-1].frontier))
            cached = self._position_cache[depth] = self._pos._make(mine, theirs, self._pos.turn)
        return cached

    @property
    def legal_plays(self) -> tuple[Play[P], ...]:
        """Every legal play of the roll (one per distinct result), as the engine lists them."""
        return self._plays

    @property
    def plays(self) -> LegalPlays[P]:
        """The same legal plays as the engine's :class:`~bgsim.engine.plays.LegalPlays` (with ``resolve``).

        >>> from bgsim import Position
        >>> t = Position.initial().start_turn((6, 4))
        >>> t.plays.resolve("24/18 13/9") in t.legal_plays
        True
        """
        return self._legal

    @property
    def remaining_plays(self) -> tuple[Play[P], ...]:
        """The legal plays that the steps so far can still be completed to.

        >>> from bgsim import Position
        >>> t = Position.initial().start_turn((6, 4))
        >>> len(t.remaining_plays), len(t.step("24/18").remaining_plays)
        (14, 5)
        """
        level = self._stack[-1]
        reach: set = set()
        for node in level.frontier:
            reach |= self._look.finals(node, level.left)
        return tuple(p for p, result in zip(self._plays, self._results, strict=True) if result in reach)

    def options(self) -> tuple[Step, ...]:
        """The legal next steps: each one can be completed to a legal play (R5-R21, V5).

        Sorted from the back checkers forward, higher die first. Empty when the turn is
        complete. A bear-off that two different dice allow (R18) appears once per die.

        >>> from bgsim import Position
        >>> pos = Position.from_counts({3: 1, 1: 1}, {1: 1})
        >>> [(str(s), s.die) for s in pos.start_turn((6, 5)).options()]
        [('3/off', 6), ('3/off', 5)]
        """
        depth = len(self._stack)
        cached = self._options_cache.get(depth)
        if cached is not None:
            return cached
        level = self._stack[-1]
        found: set[Step] = set()
        for die in set(level.left):
            rest = without(level.left, die)
            for node in level.frontier:
                for src in sources(node[0]):
                    for dst, hit, child in try_step(node, src, die)[1]:
                        if self._look.finals(child, rest):
                            found.add(Step(src, dst, die, hit))
        result = tuple(sorted(found, key=lambda s: (-s.src, -s.die)))
        self._options_cache[depth] = result
        return result

    @property
    def is_complete(self) -> bool:
        """True when no further step is legal: the turn is over, though under R10-R12 some
        dice may be left unplayed."""
        return not self.options()

    @property
    def play(self) -> Play[P]:
        """The finished play, one of :attr:`legal_plays`; an error before the turn is complete.

        >>> from bgsim import Position
        >>> t = Position.initial().start_turn((2, 1))
        >>> t.play
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: the turn is not complete: 2 and 1 can still be played (R10)
        """
        if not self.is_complete:
            raise RuleViolationError(Refusal(_("the turn is not complete: {dice} can still be played").format(
                dice=_dice_text(self.dice_left)), "R10"))
        mine, theirs, _frontier = next(iter(self._stack[-1].frontier))
        return self._by_result[(mine, theirs)]

    # ----------------------------------------------------------------- explaining
    def explain(self, *, reveal: bool = True) -> str:
        """The shape of the whole roll in words, naming the rules that decide it.

        ``reveal=False`` says that a play is forced without saying which (for puzzles).

        >>> from bgsim import Position
        >>> Position.initial().start_turn((6, 4)).explain()
        'both dice must be played (R10)'
        >>> Position.initial().start_turn((5, 5)).explain()
        'all four 5s must be played (R6, R10)'
        >>> blocked = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3})
        >>> blocked.start_turn((6, 6)).explain()
        'no legal play: the turn is forfeited (R12)'
        """
        d1, d2 = self._dice
        m = self._max_used
        if m == 0:
            return _("no legal play: the turn is forfeited (R12)")
        if d1 != d2:
            high = max(d1, d2)
            if m == 2:
                text = _("both dice must be played (R10)")
            elif self._required_die == high:
                text = _("only the higher die can be played (R11)")
            else:
                text = _("only the lower die can be played: the {high} cannot move (R11); the {high} is forfeited "
                         "(R12)").format(high=high)
        elif m == 4:
            text = _("all four {die}s must be played (R6, R10)").format(die=d1)
        else:
            text = {1: _("only one of the four {die}s can be played (R6, R10); the rest is forfeited (R12)"),
                    2: _("only two of the four {die}s can be played (R6, R10); the rest is forfeited (R12)"),
                    3: _("only three of the four {die}s can be played (R6, R10); the rest is forfeited (R12)"),
                    }[m].format(die=d1)
        on_bar = self._pos.mine[BAR]
        if on_bar:
            text += (_("; the checker on the bar enters first (R13, R14)") if on_bar == 1
                     else ngettext("; the {n} checker on the bar enters first (R13, R15)",
                                       "; the {n} checkers on the bar enter first (R13, R15)", on_bar).format(n=on_bar))
        if len(self._plays) == 1:
            text += _("; only one legal play: it is forced") + (f" ({self._plays[0]})" if reveal else "")
        return text

    def why(self, move: StepLike, die: int | None = None, *, reveal: bool = True) -> str | None:
        """None if ``move`` is a legal next step, else one sentence naming the rule it breaks.

        ``move`` is notation for one step (``"24/18"``, ``"bar/20*"``, ``"6/off"``), a
        :class:`Step`, or a starting point with ``die`` (``why(24, 6)``). Text that is not a
        step at all raises :class:`~bgsim.engine.errors.ParseError`.

        ``reveal=False`` is for puzzles: a step refused by R10 or R11 is explained without
        naming a play that works (that play would be the puzzle's solution).

        >>> from bgsim import Position
        >>> t = Position.initial().start_turn((6, 4))
        >>> t.why("24/18") is None
        True
        >>> t.why("13/10")
        '13/10: the roll 6-4 has no 3; the dice left are 6 and 4 (R5)'
        >>> t.why(19, 6)
        '19/13: there is no checker of yours on point 19 (R5)'
        >>> t.why("6/off")
        '6/off: you can bear off only when all your checkers are in your home board (R16)'
        >>> puzzle = Position.from_counts({20: 1, 11: 1, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2},
        ...                               {11: 2, 16: 2, 6: 5, 8: 3, 13: 3}).start_turn((6, 5))
        >>> puzzle.why("11/6")
        '11/6 would leave the 6 unplayed, but 20/15 11/5 plays both dice (R10)'
        >>> puzzle.why("11/6", reveal=False)
        '11/6 would leave the 6 unplayed, but both dice can be played (R10)'
        """
        refusal = self._resolve(move, die, reveal=reveal)[1]
        return None if refusal is None else str(refusal)

    def refusal(self, move: StepLike, die: int | None = None, *, reveal: bool = True) -> Refusal | None:
        """:meth:`why` as a value: None if ``move`` is a legal next step, else the
        :class:`~bgsim.engine.errors.Refusal` with the rule it breaks (for widgets and tests that
        need the rule id, not the sentence).

        >>> from bgsim import Position
        >>> pos = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})
        >>> pos.start_turn((6, 2)).refusal("bar/23").rule
        'R14'
        """
        return self._resolve(move, die, reveal=reveal)[1]

    # ----------------------------------------------------------------- stepping
    def step(self, move: StepLike, die: int | None = None) -> TurnBuilder:
        """Play one step (same forms as :meth:`why`) and return the builder.

        An illegal step raises :class:`~bgsim.engine.errors.IllegalPlayError` with the sentence of
        :meth:`why` and changes nothing.

        >>> from bgsim import Position
        >>> t = Position.initial().start_turn((6, 4))
        >>> t.step("13/9")
        <TurnBuilder 6-4: 13/9 | 6 left>
        >>> t.step("9/5")
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.IllegalPlayError: 9/5: the 4 is already used; the dice left are 6 (R5)
        """
        step, refusal = self._resolve(move, die)
        if step is None:
            raise IllegalPlayError(refusal or Refusal(_("not a legal step")))
        level = self._stack[-1]
        rest = without(level.left, step.die)
        frontier = frozenset(child for node in level.frontier
                             for _dst, _hit, child in try_step(node, step.src, step.die)[1]
                             if self._look.finals(child, rest))
        self._stack.append(_Level(frontier, rest, step))
        return self

    def attempt(self, move: StepLike, die: int | None = None, *, reveal: bool = True) -> TurnBuilder | Refusal:
        """Try one step (same forms as :meth:`why`): play it and return the builder, or return the
        :class:`~bgsim.engine.errors.Refusal` naming the rule it breaks and change nothing. The step is
        resolved once; a widget maps a click to ``attempt`` and shows what comes back.
        ``reveal=False`` (a puzzle) words an R10/R11 refusal without a play that works, as :meth:`why`.

        >>> from bgsim import Position
        >>> t = Position.initial().start_turn((6, 4))
        >>> t.attempt("13/9") is t
        True
        >>> t.attempt("9/5")
        Refusal(text='9/5: the 4 is already used; the dice left are 6', rule='R5', cite=True)
        """
        try:
            step, refusal = self._resolve(move, die, reveal=reveal)
        except ParseError as exc:        # not a step at all (a move backwards ...): refused, with the reason
            return Refusal(f"{move}: {exc}")
        if step is None:
            return refusal or Refusal(_("not a legal step"))
        return self.step(step)

    def pick(self, src: int) -> Refusal | None:
        """Why the checker on ``src`` (25 = the bar) may not be picked up to move now, or None.

        A checker on the bar enters before any other moves (R13): picking another is refused
        at once, before any step is tried.

        >>> from bgsim import Position
        >>> pos = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})
        >>> str(pos.start_turn((6, 2)).pick(13))
        '13: a checker on the bar must enter before any other checker moves (R13)'
        >>> pos.start_turn((6, 2)).pick(25) is None
        True
        """
        mine = self.position.mine
        if src in (BAR, OFF) or not mine[src] or not mine[BAR] or not self.dice_left:
            return None
        refusal = step_refusal(mine, self.position.theirs, src, max(self.dice_left))[1]
        return None if refusal is None else refusal.prefixed(f"{point_name(src)}: ")

    def forfeit(self, src: int) -> Refusal | None:
        """When the roll has no legal play at all (R12): why a click on ``src`` moves nothing, each
        die's reason and the forfeit in one sentence; None when the roll has a legal play.

        >>> from bgsim import Position
        >>> closed = Position.from_counts({25: 2, 13: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3})
        >>> str(closed.start_turn((6, 6)).forfeit(25))  # doctest: +ELLIPSIS
        'bar/19: point 19 is closed...; no legal play: the turn is forfeited (R12)'
        """
        if self._max_used > 0:
            return None
        reasons: list[str] = []
        for die in sorted(set(self.dice), reverse=True):
            refusal = self._resolve(src, die)[1] if 0 < src <= BAR else None
            if refusal is not None and str(refusal) not in reasons:
                reasons.append(str(refusal))
        return Refusal("; ".join([*reasons, _("no legal play: the turn is forfeited (R12)")]), "R12", cite=False)

    def undo(self) -> TurnBuilder:
        """Take back the last step and return the builder.

        >>> from bgsim import Position
        >>> Position.initial().start_turn((6, 4)).undo()
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: nothing to undo: no step has been played yet
        """
        if len(self._stack) == 1:
            raise RuleViolationError(_("nothing to undo: no step has been played yet"))
        self._options_cache.pop(len(self._stack), None)
        self._position_cache.pop(len(self._stack), None)
        self._stack.pop()
        return self

    def to_dict(self) -> dict:
        """A JSON-safe summary (for widgets): the start position, the roll, the steps taken,
        the dice left, the legal next steps and whether the turn is complete.

        >>> from bgsim import Position
        >>> d = Position.initial().start_turn((6, 4)).step("24/18").to_dict()
        >>> d["dice"], d["steps"], d["dice_left"], d["complete"]
        ([6, 4], [{'src': 24, 'dst': 18, 'die': 6, 'hit': False}], [4], False)
        """
        pos = self._pos
        to_dict = getattr(pos, "to_dict", None)
        position = to_dict() if to_dict is not None else {
            "mine": list(pos.mine), "theirs": list(pos.theirs), "turn": pos.turn}
        return {
            "position": position,
            "dice": list(self._dice),
            "caucasian": self._variant.caucasian,
            "steps": [{"src": s.src, "dst": s.dst, "die": s.die, "hit": s.hit} for s in self.steps],
            "dice_left": list(self.dice_left),
            "options": [{"src": s.src, "dst": s.dst, "die": s.die, "hit": s.hit} for s in self.options()],
            "complete": self.is_complete,
        }

    def __repr__(self) -> str:
        done = " ".join(str(s) for s in self.steps) or "no step yet"
        state = "(complete)" if self.is_complete else f"| {_dice_text(self.dice_left)} left"
        return f"<TurnBuilder {self._dice[0]}-{self._dice[1]}: {done} {state}>"

    # ----------------------------------------------------------------- internals
    def _resolve(self, move: StepLike, die: int | None, *, reveal: bool = True) -> tuple[Step | None, Refusal | None]:
        """Read ``move`` and check it: (the Step, None) when legal, else (None, the refusal).
        ``reveal=False`` leaves the example play out of an R10/R11 refusal (a puzzle's solution)."""
        level = self._stack[-1]
        left = level.left
        claimed_dst: int | None = None
        hit_mark = False
        if isinstance(move, Step):
            src, claimed_dst, die, hit_mark = move.src, move.dst, move.die, bool(move.hit)
            label = str(move)
        elif isinstance(move, str):
            chains = parse_chains(move)
            if len(chains) != 1 or len(chains[0]) != 2:
                raise ParseError(_("{move} is not one step: give one checker and one die at a time, "
                                   "like 24/18, bar/22 or 6/off").format(move=repr(move.strip())))
            (src, _src_hit), (claimed_dst, hit_mark) = chains[0]
            label = move.strip()
            if claimed_dst != OFF:
                die = src - claimed_dst
                if die > 6:
                    return None, Refusal(_("{step} moves {n} pips: a step moves one checker by one die, "
                                           "play the dice one at a time").format(step=label, n=die), "R5")
            else:
                die = self._bear_off_die(src, left)
                if die is None:
                    if src <= 6:
                        return None, Refusal(label + _(": bearing off from point {point} needs a die of "
                                                       "{point} or more, and the dice left are {dice}").format(
                            point=point_name(src), dice=_dice_text(left)), "R17, R18")
                    return None, Refusal(label + _(": checkers are borne off only from the home board, points 1-6"),
                                         "R16")
        else:
            src = move
            if die is None:
                raise TypeError(_("give a step as text ('24/18'), a Step, or a point and a die: step(24, 6)"))
            label = ""
        for name, value, low, high in (("point", src, 0, 25), ("die", die, 1, 6)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(_("the {name} must be a whole number, not {value}").format(
                                    name=name, value=repr(value)))
            if not low <= value <= high:
                if name == "point":
                    return None, Refusal(_("{value} is not a possible point: points are 0-25 (25 = bar, "
                                           "0 = off)").format(value=value), "R1")
                return None, Refusal(_("{value} is not a possible die: a die shows 1 to 6").format(value=value), "R2")
        if src == OFF:
            return None, Refusal(_("a borne-off checker has left the board and never moves again"), "R1")
        if not label:
            label = f"{point_name(src)}/{point_name(max(src - die, 0))}"

        # R5, R6: the die must be one of those left.
        if die not in left:
            d1, d2 = self._dice
            if d1 == d2:
                if die == d1:
                    return None, Refusal(label + _(": all four {die}s are already used").format(die=d1), "R6")
                return None, Refusal(label + _(": the roll {roll} has no {die}; it is four {double}s").format(
                    roll=f"{d1}-{d2}", die=die, double=d1), "R5, R6")
            state = _("the dice left are {dice}").format(dice=_dice_text(left)) if left else _("both dice are used")
            if die in self._dice:
                return None, Refusal(label + _(": the {die} is already used; {state}").format(die=die, state=state),
                                     "R5")
            return None, Refusal(label + _(": the roll {roll} has no {die}; {state}").format(
                roll=f"{d1}-{d2}", die=die, state=state), "R5")

        # The single-step rules: R5 (a checker there), R13, R7/R14, R16, R19; then V5.
        kids: list[tuple[int, bool, Node]] = []
        refusal: Refusal | None = None
        for node in level.frontier:
            why, found = try_step(node, src, die)
            kids.extend(found)
            refusal = refusal or why
        if not kids:
            assert refusal is not None   # try_step says why when it finds no way
            return None, refusal.prefixed(f"{label}: ")
        dst, hit = kids[0][0], kids[0][1]
        if claimed_dst is not None and claimed_dst != dst:
            return None, Refusal(label + _(": a {die} moves a checker from {src} to {dst}, not to {claimed}").format(
                die=die, src=point_name(src), dst=point_name(dst), claimed=point_name(claimed_dst)), "R5")
        if hit_mark and not hit:
            return None, Refusal(label + ": " + _("there is no lone opposing checker on point {point} to hit").format(
                point=point_name(dst)), "R8")

        # R10, R11: the step must leave a way to finish the turn with a legal play.
        rest = without(left, die)
        if any(self._look.finals(child, rest) for _d, _h, child in kids):
            return Step(src, dst, die, hit), None
        used = [s.die for s in self.steps] + [die]
        runs: list[tuple[int, ...]] = [self._look.longest(child, rest) for _d, _h, child in kids]
        longest = max(runs, key=len)  # the most dice the turn could still use after this step
        used.extend(longest)
        remaining = self.remaining_plays
        example = str(remaining[0] if remaining else self._plays[0]) if reveal else None
        sentence = forced_play_refusal(label, used, self._dice, self._max_used, example, would=True)
        if sentence is None:  # pragma: no cover - every dead end is an R10 or R11 case
            sentence = Refusal(_("{step} cannot be completed into a legal play of {roll}").format(
                step=label, roll=f"{self._dice[0]}-{self._dice[1]}"), "R10")
        return None, sentence

    def _bear_off_die(self, src: int, left: tuple[int, ...]) -> int | None:
        """The die a written ``src/off`` uses: the exact one (R17) or a higher one (R18),
        preferring one that is legal now; None when no die left is high enough."""
        candidates = sorted(d for d in set(left) if d >= src)
        if not candidates:
            return None
        legal = {s.die for s in self.options() if s.src == src and s.dst == OFF}
        for d in candidates:
            if d in legal:
                return d
        return candidates[0]
