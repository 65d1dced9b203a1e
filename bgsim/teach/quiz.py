"""Questions with immediate, checked feedback, for the lessons.

A :class:`Quiz` is a question, a way to answer it (a list of choices, a number or a play
typed in notation) and a *check*: a function that takes the learner's answer and returns
``(right, why)``. The same check runs when the learner presses **Check** in the notebook and
when the lesson asserts its own answer key, so the feedback a learner sees is the feedback
the tests prove:

>>> q = Quiz.choice("How many checkers does each player have?", [13, 15, 16], answer=15,
...                 why="Two on the 24-point, five on the 13, three on the 8, five on the 6.")
>>> q.check(15)
(True, 'Right! Two on the 24-point, five on the 13, three on the 8, five on the 6.')
>>> q.check(13)[0]
False

A play question asks for a play in notation and explains a wrong one with the rule it breaks:

>>> from bgsim import Position
>>> q = Quiz.play("Play 6-3 from the start, using both dice.", Position.initial(), (6, 3))
>>> q.check("13/10")
(False, 'Not quite. 13/10 alone leaves the 6 unplayed, but 24/18 13/10 plays both dice (R10)')
>>> q.check("24/18 13/10")[0]
True

A point question is answered by clicking a point on a board; a wrong click is answered
with that point's number for each player and what stands on it:

>>> q = Quiz.point("Click the point player 1 calls its 13-point.", Position.initial(), 12,
...                why="Player 1's 13-point is player 0's 25 - 13 = 12-point.")
>>> q.check(13)
(False, "Not quite. That is Light's 13-point (Dark's 12-point): 5 checkers of Light.")
>>> q.check(12)[0]
True

``ipywidgets`` is needed only to show a quiz (``q.widget``, a
:class:`bgsim.widgets.QuizWidget`, or the quiz as the last line of a cell), not to build or
check one. The quiz imports no widget: the widget layer, once imported (``import bgsim.widgets``),
gives every quiz its display (:meth:`Quiz.display_with`), as ``docs/architecture.md`` says a
widget that shows a value of a lower layer does.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar

from ..engine.errors import AmbiguousPlayError, BgsimError, QuizError
from ..engine.i18n import _, fmt_number, ngettext, side_name
from ..engine.plays import Play
from ..engine.position import Position

__all__ = ["Quiz"]

Check = Callable[[Any], "tuple[bool, str]"]


class Quiz:
    """One question with a Check button and feedback.

    Parameters
    ----------
    question:
        The question, as plain text or simple HTML.
    check:
        ``check(answer) -> (right, why)``; ``why`` is shown under the question.
    choices:
        The answers to pick from (radio buttons); ``None`` asks for typed text instead.
    placeholder:
        The grey hint in the text box when ``choices`` is ``None``.
    board:
        ``(position, perspective)``: the answer is a point clicked on this board (drawn with
        player ``perspective`` at the bottom), as :meth:`point` asks; ``None`` otherwise.
    answers:
        The texts that give the answer away (the right choice, the number, the right plays);
        :meth:`choice`, :meth:`number` and :meth:`play` fill it in, or take them as
        ``reveals=`` when the answer is a common word (``"take"``) and a more telling phrase
        is what must not be on screen (``"take: 25% is less than"``). The lessons' tests check
        that none of them is on screen before the question.

    Build quizzes with :meth:`choice`, :meth:`number` or :meth:`play` unless the check needs
    more than they offer.
    """

    def __init__(self, question: str, check: Check, *, choices: Sequence[Hashable] | None = None,
                 placeholder: str = "", answers: Sequence[str] = (),
                 board: tuple[Position, int] | None = None, solution: str = "") -> None:
        if choices is not None and len(choices) < 2:
            raise QuizError(_("a multiple-choice quiz needs at least two choices"))
        #: The texts that would give the answer away if a learner saw them before trying
        #: (the lessons' tests check that none is on screen above the question).
        self.answers: tuple[str, ...] = tuple(str(a) for a in answers)
        self.question = question
        self.choices = None if choices is None else list(choices)
        self.placeholder = placeholder
        #: ``(position, perspective)`` when the answer is a point clicked on a board, else None.
        self.board = board
        #: The answer with its reason, shown when the learner asks for it ("Show answer");
        #: :meth:`choice`, :meth:`number`, :meth:`play` and :meth:`point` write it.
        self.solution = solution
        self._check = check
        self._widget: Any = None
        #: Whether the learner has tried: an answer checked (right or wrong) or the answer shown.
        self.tried = False
        self._when_tried: list[Callable[[], Any]] = []

    # --- the try ------------------------------------------------------------------

    def mark_tried(self) -> None:
        """Note that the learner has tried (an answer checked, or "Show answer" pressed) and open
        what waits for the try (:meth:`when_tried`), once.

        >>> q = Quiz.number("How many checkers does each side have?", 15, why="15 each (R1).")
        >>> opened = []
        >>> q.when_tried(lambda: opened.append("the answer's table"))
        >>> q.tried, opened
        (False, [])
        >>> q.mark_tried(); q.mark_tried()
        >>> q.tried, opened
        (True, ["the answer's table"])
        """
        if self.tried:
            return
        self.tried = True
        waiting, self._when_tried = self._when_tried, []
        for callback in waiting:
            callback()

    def when_tried(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` once the learner has tried this quiz (at once if they already have).

        This is how a lesson keeps what gives an answer away (a table, a caption, a sentence)
        off the screen until the learner has tried (``bgsim.widgets.after_try`` builds on it).
        """
        if not callable(callback):
            raise QuizError(_("when_tried needs a function to call, not {value}").format(value=repr(callback)))
        if self.tried:
            callback()
        else:
            self._when_tried.append(callback)

    # --- the checks ---------------------------------------------------------------

    def check(self, answer: Any) -> tuple[bool, str]:
        """The feedback for ``answer``: ``(right, why)``, exactly as the widget shows it."""
        if answer is None or (isinstance(answer, str) and not answer.strip()):
            return False, _("Choose or type an answer first.")
        right, why = self._check(answer)
        return bool(right), (_("Right! ") if right else _("Not quite. ")) + why

    @classmethod
    def choice(cls, question: str, choices: Sequence[Hashable], answer: Hashable, why: str,
               wrong: Mapping[Hashable, str] | None = None, *, reveals: Sequence[str] | None = None) -> Quiz:
        """A multiple-choice question: ``why`` explains the answer, ``wrong`` a wrong choice.

        Parameters
        ----------
        question : str
            The question, as shown above the choices.
        choices : sequence
            The choices offered, in order.
        answer
            The right choice; one of ``choices``.
        why : str
            The explanation shown after the right answer.
        wrong : mapping, optional
            Choice -> the feedback for that wrong choice; a wrong choice not in it gets a
            general "look again".

        Returns
        -------
        Quiz

        Raises
        ------
        QuizError
            ``answer`` is not one of ``choices``.

        >>> q = Quiz.choice("Which point is the bar?", [0, 25], answer=25,
        ...                 why="The bar counts as point 25.", wrong={0: "0 is off the board."})
        >>> q.check(0)
        (False, 'Not quite. 0 is off the board.')
        """
        if answer not in choices:
            raise QuizError(_("the answer {answer} is not one of the choices {list}").format(
                                answer=repr(answer), list=repr(list(choices))))
        wrong = dict(wrong or {})

        def check(given: Hashable) -> tuple[bool, str]:
            if given == answer:
                return True, why
            return False, wrong.get(given, _("The answer is not {given}. Look again and try another.").format(
                given=given))

        return cls(question, check, choices=choices, answers=(str(answer),) if reveals is None else reveals,
                   solution=_solution(str(answer), why))

    @classmethod
    def number(cls, question: str, answer: float, why: str, *, tolerance: float = 0.0,
               hint: str = "", reveals: Sequence[str] | None = None) -> Quiz:
        """A question answered with a number, right within ``tolerance``.

        Parameters
        ----------
        question : str
            The question.
        answer : float
            The right number.
        why : str
            The explanation shown after a right answer.
        tolerance : float, default 0.0
            How far from ``answer`` an answer may be and still count as right.
        hint : str, optional
            Shown after a wrong number, following "too high" or "too low".

        Returns
        -------
        Quiz

        Raises
        ------
        QuizError
            ``answer`` or ``tolerance`` is not finite, or ``tolerance`` is negative.

        >>> q = Quiz.number("How many pips does each side count at the start?", 167, "8x2 + ... = 167.")
        >>> q.check("167")[0], q.check("160")[0], q.check("many")[1]
        (True, False, "Not quite. 'many' is not a number.")
        """
        if not math.isfinite(answer) or not (math.isfinite(tolerance) and tolerance >= 0):
            raise QuizError(_("a number quiz needs a finite answer and a finite tolerance >= 0"))

        def check(given: Any) -> tuple[bool, str]:
            try:
                value = float(str(given).strip().rstrip("%"))
            except ValueError:
                return False, _("{given} is not a number.").format(given=repr(str(given).strip()))
            if abs(value - answer) <= tolerance:
                return True, why
            if value > answer:
                said = _("{value} is too high.").format(value=f"{value:g}")
            else:
                said = _("{value} is too low.").format(value=f"{value:g}")
            return False, said + (f" {hint}" if hint else "")

        return cls(question, check, placeholder=_("a number"), answers=(f"{answer:g}",) if reveals is None else reveals,
                   solution=_solution(fmt_number(answer, _decimals(answer)), why))

    @classmethod
    def play(cls, question: str, position: Position, dice: tuple[int, int], *,
             accept: Callable[[Play], tuple[bool, str]] | None = None, reveals: Sequence[str] | None = None) -> Quiz:
        """Type a play in notation; an illegal one is explained with the rule it breaks.

        ``accept(play)`` judges a legal play (default: every legal play is right); use it for
        "find the only play that ..." questions.

        >>> from bgsim import Position
        >>> pos = Position.from_counts({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})
        >>> q = Quiz.play("Enter from the bar with 6-5.", pos, (6, 5))
        >>> q.check("6/1")[1]
        'Not quite. 6/1: a checker on the bar must enter before any other checker moves (R13)'
        """

        def check(text: Any) -> tuple[bool, str]:
            try:
                chosen = position.parse_play(str(text), dice)
            except AmbiguousPlayError as error:   # "24/14" with blots on 18 and 14: say which plays
                return False, f"{str(text).strip()}: {error}"
            except BgsimError as error:
                return False, str(error)
            if accept is None:
                return True, _("{play} is legal.").format(play=chosen)
            return accept(chosen)

        right = [] if accept is None else [str(p) for p in position.legal_plays(dice) if accept(p)[0]]
        if accept is None:
            solution = _("Any legal play is right, for example {plays}.").format(
                plays=", ".join(str(p) for p in position.legal_plays(dice)[:3]))
        else:
            solution = _solution(", ".join(right), "")
        return cls(question, check, placeholder="e.g. 24/18 13/9", answers=right if reveals is None else reveals,
                   solution=solution)

    @classmethod
    def point(cls, question: str, position: Position, answer: int, why: str, *, perspective: int = 0,
              wrong: Mapping[int, str] | None = None, reveals: Sequence[str] | None = None) -> Quiz:
        """Click a point on the board of ``position``: the answer is a point 1-24, numbered from
        the side of player ``perspective``, who is drawn at the bottom.

        A wrong point is answered from the board itself, with its number for each player and
        what stands on it, unless ``wrong`` has a sentence for that point.

        Parameters
        ----------
        question : str
            The question, shown above the board.
        position : Position
            The position drawn.
        answer : int
            The right point, in player ``perspective``'s numbering.
        why : str
            The explanation shown after the right point.
        perspective : int, default 0
            The player drawn at the bottom, whose numbering the answer and the clicks use.
        wrong : mapping, optional
            Point -> the feedback for that wrong point.

        Returns
        -------
        Quiz

        Raises
        ------
        QuizError
            ``answer`` is not a point 1-24, or ``perspective`` is not player 0 or 1.

        >>> q = Quiz.point("Click player 0's 24-point.", Position.initial(), 1, perspective=1, why="Top left.")
        >>> q.check(24)
        (False, "Not quite. That is Dark's 24-point (Light's 1-point): 2 checkers of Dark.")
        >>> q.check("bar")
        (False, 'Not quite. Click one of the 24 points (the long triangles).')
        """
        if perspective not in (0, 1):
            raise QuizError(_("perspective must be player 0 or 1, not {perspective}").format(
                                perspective=repr(perspective)))
        if isinstance(answer, bool) or not isinstance(answer, int) or not 1 <= answer <= 24:
            raise QuizError(_("the answer must be a point 1-24, not {answer}").format(answer=repr(answer)))
        wrong = dict(wrong or {})
        other = 1 - perspective

        def check(given: Any) -> tuple[bool, str]:
            try:
                clicked = int(str(given).strip())
            except ValueError:
                clicked = 0
            if not 1 <= clicked <= 24:
                return False, _("Click one of the 24 points (the long triangles).")
            if clicked == answer:
                return True, why
            if clicked in wrong:
                return False, wrong[clicked]
            side, n = position.owner(clicked if position.turn == perspective else 25 - clicked)
            owner = position.turn if side == 0 else 1 - position.turn
            there = _("empty") if n == 0 else ngettext("{n} checker of {owner}",
                                                       "{n} checkers of {owner}", n).format(n=n, owner=side_name(owner))
            return False, _("That is {player}'s {point}-point ({other}'s {other_point}-point): "
                            "{there}.").format(player=side_name(perspective), point=clicked, other=side_name(other),
                                               other_point=25 - clicked, there=there)

        return cls(question, check, answers=(str(answer),) if reveals is None else reveals,
                   board=(position, perspective), solution=_solution(str(answer), why))

    # --- the widget ---------------------------------------------------------------

    #: What makes a quiz's widget: set by the widget layer when it is imported
    #: (``bgsim.widgets`` sets :class:`bgsim.widgets.QuizWidget`), never imported from here.
    _display: ClassVar[Callable[[Quiz], Any] | None] = None

    @classmethod
    def display_with(cls, make_widget: Callable[[Quiz], Any]) -> None:
        """Show every quiz with ``make_widget(quiz)`` from now on (the widget layer calls this)."""
        cls._display = make_widget

    @property
    def widget(self) -> Any:
        """The quiz on the page, made once: a :class:`bgsim.widgets.QuizWidget` (``import bgsim.widgets``
        first; it needs ipywidgets)."""
        if self._widget is None:
            make_widget = type(self)._display
            if make_widget is None:
                raise QuizError("a quiz is shown by bgsim's widgets: import bgsim.widgets first "
                                "(pip install 'bgsim[lessons]')")
            self._widget = make_widget(self)
        return self._widget

    def _ipython_display_(self) -> None:
        from IPython.display import display  # optional: only inside IPython

        display(self.widget if type(self)._display is not None else self.question)

    def __repr__(self) -> str:
        return f"Quiz({self.question!r})"


def _decimals(x: float) -> int:
    """How many decimals ``x`` is written with (``15.8`` has 1, ``2.0`` none), so that "Show answer"
    says the number the quiz accepts, not a rounded one.

    >>> _decimals(15.8), _decimals(2.0), _decimals(167), _decimals(0.125)
    (1, 0, 0, 3)
    """
    text = f"{x:g}"
    return len(text.split(".")[1]) if "." in text and "e" not in text else 0


def _solution(answer: str, why: str) -> str:
    """What "Show answer" says: the answer, then its reason."""
    return _("The answer: {answer}. {why}").format(answer=answer, why=why).strip()
