"""The one error hierarchy of bgsim.

Every error bgsim raises on purpose is a :class:`BgsimError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers who do
not care about the details. Messages say what is wrong and, where a rule of the
rule reference applies (``docs/rules.md``, :func:`bgsim.rules_reference`), cite its id
(``R10``, ``V5`` ...).

>>> from bgsim.engine.errors import IllegalPlayError, BgsimError
>>> issubclass(IllegalPlayError, BgsimError) and issubclass(BgsimError, ValueError)
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Refusal",
    "ClassResultsError",
    "LinkError",
    "BgsimError",
    "InvalidPositionError",
    "IllegalPlayError",
    "ParseError",
    "AmbiguousPlayError",
    "RuleViolationError",
    "SeedError",
    "WeightsError",                                         # the players' weights
    "EngineLimitError",
    "EstimateError", "MatchEquityError", "NotARaceError",   # the probability layer
    "RaceError", "OddsError", "BearoffError", "MissingExtraError", "HintError",
    "IllegalGamePlayError", "InvalidSettingError",          # games, matches and sessions
    "UnknownRuleError",                                     # the rule reference
    "ViewError", "QuizError",                               # pictures, widgets and quizzes
    "LanguageError",                                        # the message catalogue (bgsim.engine.i18n)
]


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse something, as a value: the rule that forbids it and a sentence.

    A rule check returns a ``Refusal`` (or ``None`` when it allows the thing); messages,
    errors and widgets render it, and code that needs the rule reads :attr:`rule`, never the
    text. ``str()`` gives the message: the sentence with the rule id in brackets after it.
    ``cite=False`` is for a sentence that already names its rule where it reads best.

    >>> r = Refusal("point 19 is closed: the opponent holds it with 2 checkers", "R14")
    >>> str(r)
    'point 19 is closed: the opponent holds it with 2 checkers (R14)'
    >>> r.rule
    'R14'
    >>> str(Refusal("pick one of your checkers first"))
    'pick one of your checkers first'
    """

    text: str
    rule: str | None = None
    cite: bool = True

    def __str__(self) -> str:
        if self.rule and self.cite:
            return f"{self.text} ({self.rule})"
        return self.text

    def prefixed(self, prefix: str) -> Refusal:
        """The same refusal with ``prefix`` before the sentence (``"24/18: "`` ...)."""
        return Refusal(prefix + self.text, self.rule, self.cite)


class BgsimError(ValueError):
    """Base class of every error bgsim raises on purpose.

    Made from a message or from a :class:`Refusal`; :attr:`refusal` keeps the value (``None``
    for a plain message) and :attr:`rule` its rule id, so callers never parse the text.

    >>> err = IllegalPlayError(Refusal("a checker may not land on a point the opponent holds", "R7"))
    >>> str(err), err.rule
    ('a checker may not land on a point the opponent holds (R7)', 'R7')
    """

    def __init__(self, message: str | Refusal = "", *args: object) -> None:
        self.refusal: Refusal | None = message if isinstance(message, Refusal) else None
        super().__init__(str(message), *args)

    @property
    def rule(self) -> str | None:
        """The id of the rule that refuses (``"R14"``), when the error comes from a rule check."""
        return self.refusal.rule if self.refusal is not None else None


class InvalidPositionError(BgsimError):
    """A position that cannot exist: wrong checker count, two colours on a point..."""


class IllegalPlayError(BgsimError):
    """A play that the rules do not allow for this position and roll (cites R5-R21, V5)."""


class ParseError(BgsimError):
    """Text that could not be read: an ID, a play in notation, a match file.

    ``where`` tells the position in the text (a character offset or a line
    number, as the message says) when it is known.
    """

    def __init__(self, message: str | Refusal, where: int | None = None) -> None:
        super().__init__(message)
        self.where = where


class AmbiguousPlayError(ParseError):
    """A play in notation that fits more than one legal play: the text must say more.

    ``candidates`` lists the plays it could be, in standard notation (with the roll,
    ``"8/5 6/5 (3-1)"``, when the text fits plays of different rolls).

    >>> from bgsim import Position
    >>> pos = Position.from_counts({24: 1, 6: 14}, {7: 1, 6: 1, 0: 13})  # blots on my 18 and 19
    >>> try:
    ...     pos.parse_play("24/13", dice=(6, 5))
    ... except AmbiguousPlayError as exc:
    ...     exc.candidates
    ('24/18*/13', '24/19*/13')
    """

    def __init__(self, message: str | Refusal, candidates: tuple[str, ...] = (), where: int | None = None) -> None:
        super().__init__(message, where)
        self.candidates = tuple(candidates)


class RuleViolationError(BgsimError):
    """An action a game does not allow now: out of turn, a cube that is not yours..."""


class EngineLimitError(BgsimError):
    """A position the compiled move generator cannot hold: more distinct plays of one roll than
    its fixed buffers take (``bgsim.engine._kernel.MAX_PLAYS``). Not reached with 15 checkers a side."""


# --------------------------------------------------------------------------- the probability layer
class EstimateError(BgsimError):
    """Arguments a Monte Carlo estimate cannot run with: an unknown player, a bad chunk size,
    a seed that is not a whole number >= 0, a confidence level outside (0, 1) ..."""


class MissingExtraError(EstimateError):
    """A player or feature that needs an optional extra that is not installed (the message names
    the ``pip install 'bgsim[...]'`` that brings it), e.g. the ``"gnubg"`` player."""


class HintError(BgsimError):
    """A hint that cannot be given: no dice rolled, a finished game, a bad number of candidates or
    games for a rollout, a player that cannot evaluate positions."""


class MatchEquityError(BgsimError):
    """A match score, cube or chance that the match-equity and cube functions cannot use."""


class RaceError(BgsimError):
    """Numbers a race formula (:mod:`bgsim.odds.race`) cannot use: a pip count below 1, a Kleinman
    ``K`` that is not a finite number >= 0, pip counts too short for the formula.

    >>> from bgsim.odds.race import kleinman_chance_from_k
    >>> kleinman_chance_from_k(-1)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RaceError: Kleinman's K = -1 must be a finite number >= 0
    """


class NotARaceError(RaceError):
    """A race formula was asked about a position that still has contact, or a finished game."""


class OddsError(BgsimError):
    """Arguments the exact roll counts (:mod:`bgsim.odds.exact`) cannot use: a condition that is not a
    function ``(position, roll, plays) -> bool``, a flag that is not True or False.

    >>> from bgsim import Position
    >>> from bgsim.odds.exact import odds
    >>> odds(Position.initial(), 5)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.OddsError: condition must be a function (position, roll, plays) -> bool, not 5
    """


class BearoffError(BgsimError):
    """Arguments the bear-off databases (:mod:`bgsim.odds.bearoff`) cannot use, or a table they cannot
    trust: a number of rolls or of checkers out of range, a ``two=`` that is not a table, one side
    given where two are needed, a damaged cache file (rebuilt with a warning), a position too large
    for the recursion. A position that is not a bear-off is an :class:`InvalidPositionError`.

    >>> from bgsim.odds.bearoff import two_sided
    >>> two_sided(16)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.BearoffError: max_checkers must be 1 to 8, not 16
    """


# ----------------------------------------------------------------------------- games (bgsim.game.game)
class IllegalGamePlayError(RuleViolationError, IllegalPlayError):
    """An illegal play offered to a :class:`~bgsim.game.game.Game`: both a rule violation and an illegal play.

    The message is the engine's, naming the rule (R5-R21, V5).

    >>> issubclass(IllegalGamePlayError, RuleViolationError) and issubclass(IllegalGamePlayError, IllegalPlayError)
    True
    """


class InvalidSettingError(BgsimError):
    """A setting a game, match or session cannot use: a seed, stakes, bankrolls, player names, a count of games
    (and the settings of a training run, :func:`bgsim.players.train.train`).

    >>> issubclass(InvalidSettingError, ValueError)
    True
    """


class SeedError(InvalidSettingError):
    """An ``rng=`` argument that is not a seed: not None, an int >= 0, a SeedSequence or a Generator.

    >>> from bgsim import roll
    >>> roll(rng=-1)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.SeedError: rng: a seed must be an int >= 0, not -1
    """


# --------------------------------------------------------------------------- players (bgsim.sim.net, pubeval)
class WeightsError(BgsimError):
    """Weights a player cannot play with: a network file that cannot be read or was made for
    another network, network arrays of inconsistent shapes, a damaged pubeval weights file.

    >>> import numpy as np
    >>> from bgsim.sim.net import Net
    >>> Net({"w1": np.zeros((3, 2)), "b1": np.zeros(2), "w2": np.zeros((5, 2)), "b2": np.zeros(5)})
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.WeightsError: network weights of inconsistent shapes
    """


# --------------------------------------------------------------- control flow of a Monte Carlo run (private)
class _ChunkStopped(Exception):
    """``stop`` fired in the middle of a chunk played in Python (:mod:`bgsim.sim.playouts`): the chunk
    is dropped and the run returns what it finished. Never reaches a caller of bgsim."""


class _Terminated(BaseException):
    """Raised in the main thread by SIGTERM while a run's worker processes play
    (:mod:`bgsim.sim.workers`): the workers are ended, then the signal is passed on. A
    ``BaseException``, like ``KeyboardInterrupt``, so no ``except Exception`` swallows it."""


# ------------------------------------------------------------------ the rule reference (bgsim.teach.rulebook)
class UnknownRuleError(BgsimError):
    """A rule id that the rule reference does not hold."""


# ------------------------------------------------------- presentation (bgsim.draw.svg, bgsim.widgets, bgsim.teach.quiz)
class ViewError(BgsimError):
    """A value a picture or a widget cannot show: an unknown theme, a perspective other than
    player 0 or 1, dice, a cube or a highlight out of range, a play of another position, a
    click on nothing, an unknown kind of message.

    >>> from bgsim import Position, svg
    >>> svg.board(Position.initial(), perspective=2)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ViewError: perspective is player 0 or 1, not 2
    """


class LinkError(ViewError):
    """A sandbox link that names no position the sandbox can open (:func:`bgsim.widgets.read_link`)."""


class ClassResultsError(BgsimError):
    """The class's results cannot be stored: a bad student name, or a database that cannot be used
    (:mod:`bgsim.teach.classresults`)."""


class QuizError(BgsimError):
    """A quiz that cannot be asked: fewer than two choices, an answer that is not one of
    them, a number answer or tolerance that is not finite.

    >>> from bgsim.teach.quiz import Quiz
    >>> Quiz.choice("Which?", [1, 2], answer=3, why="")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.QuizError: the answer 3 is not one of the choices [1, 2]
    """


# ------------------------------------------------------------------ the message catalogue (bgsim.engine.i18n)
class LanguageError(BgsimError, LookupError):
    """A language bgsim has no message catalogue for, or a language that is not a name (a
    ``LookupError`` too, as a missing codec or catalogue is in Python).

    >>> from bgsim.engine.i18n import set_language
    >>> set_language("de")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.LanguageError: bgsim speaks en, cs..., not 'de'
    """
