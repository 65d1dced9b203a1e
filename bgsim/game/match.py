"""`Match` and money `Session`: series of games, with the score, Crawford and bankrolls.

A :class:`Match` is played to N points (R27). Each game's points go to its winner; the
match ends exactly when a player's score reaches N. The real total is kept, so a gammon
at 4-2 in a 5-point match ends it 6-2 (the score is not capped at N: the match is won,
and the extra points are simply recorded). The Crawford rule (R28): the game right after
a player first reaches N-1 is the Crawford game (no cube at all); every later game is
"post-Crawford" and the cube is back. Who starts game 2, 3, ... follows the series
setting of the :class:`~bgsim.game.rules.Rules` (R4b).

A :class:`Session` is money play: games for a stake per point, each player's balance
moving by points x stake. With bankrolls, a player may only sit down to a game while the
balance covers the largest possible loss, stake x cube limit x the ending mode's largest
multiplier (V6, :meth:`Rules.largest_loss <bgsim.game.rules.Rules.largest_loss>`).

A person drives the current game (``series.game``, a :class:`~bgsim.game.game.Game`) by
calling its methods; the moment it ends, the series scores it and starts the next game
(``auto_start=True``, the default) -- or waits for :meth:`Match.new_game`. Reading the
series (its score, games, ...) never changes it. ``play_out`` lets :mod:`bgsim.players.players`
play the rest unattended; :meth:`Match.subscribe` tells a view of every event of every game.

>>> from bgsim.players.players import HandwrittenPlayer
>>> m = Match(3, rng=7, names=("Alice", "Bob"))
>>> m.game.roll(dice=(6, 1)); m.game.play("13/7 8/7")     # Alice opens with 6-1 (R4)
(6, 1)
>>> m.play_out((HandwrittenPlayer(), HandwrittenPlayer()))    # the rest unattended
Match(3-point match, score ...)
>>> m.is_over, max(m.score) >= 3, m.score[m.winner] >= 3
(True, True, True)
>>> [s.points for s in m.summaries] == [s.result.points for s in m.summaries]
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Integral, Real

from ..engine.dice import rng_from
from ..engine.errors import InvalidSettingError, RuleViolationError
from ..engine.i18n import _
from .drive import RandomPlayer, drive
from .events import Event, GameResult, Subscribers
from .game import Game
from .records import GameRecord, MatchRecord, check_names
from .rules import Rules

__all__ = ["GameSummary", "Match", "Session", "record_from_events"]


@dataclass(frozen=True)
class GameSummary:
    """One finished game of a series: who started, the score before and after, the result.

    Parameters
    ----------
    number : int
        The game's number, counting from 1.
    score_before : pair of int
        ``(player 0, player 1)`` before the game: points in a match, points won so far in a
        money session.
    crawford_game : bool
        This was the Crawford game (R28: no doubling).
    starter : int or None
        Who moved first; None if the game ended before the opening roll decided.
    result : GameResult
        How the game ended.
    score_after : pair of int
        ``(player 0, player 1)`` after the game.

    >>> from bgsim.game.rules import ResultKind
    >>> s = GameSummary(2, (1, 0), False, 1, GameResult(1, ResultKind.GAMMON, 2, 1, "bearoff"), (1, 2))
    >>> s.points, s.winner
    (2, 1)
    """

    number: int
    score_before: tuple[int, int]
    crawford_game: bool
    starter: int | None
    result: GameResult
    score_after: tuple[int, int]

    @property
    def points(self) -> int:
        """The points the game was worth (0 for a last-roll draw, V4).

        >>> Match(3, rng=1).play_out().summaries[0].points >= 1
        True
        """
        return self.result.points

    @property
    def winner(self) -> int | None:
        """The winner (``None`` for a draw, V4).

        >>> m = Match(3, rng=0); m.game.resign(player=1); m.summaries[0].winner
        0
        """
        return self.result.winner


def _two_players(players) -> tuple:
    try:
        players = tuple(players)
    except TypeError:
        raise InvalidSettingError(f"players are two Player objects, not {players!r}") from None
    if len(players) != 2:
        raise InvalidSettingError(f"a game has two players, not {len(players)}")
    return players


class _Series:
    """What Match and Session share: the games, their summaries, R4b starters, the next game."""

    def __init__(self, rules: Rules, rng, players, names, auto_start: bool) -> None:
        self._rules = rules
        self._rng = rng_from(rng)
        self._players = None if players is None else _two_players(players)
        self._names = check_names(names)
        self._auto_start = bool(auto_start)
        self._games: list[Game] = []
        self._summaries: list[GameSummary] = []
        self._score = (0, 0)
        self._subscribers = Subscribers()
        # The records of finished games, built once (a long session asks for its record after every
        # game): game index -> (its number of events then, the record).
        self._records: dict[int, tuple[int, GameRecord]] = {}

    # ------------------------------------------------------------- shared reading
    @property
    def rules(self) -> Rules:
        """The rules every game of the series follows.

        >>> Match(5).rules == Rules.match(5)
        True
        """
        return self._rules

    @property
    def rng(self):
        """The generator the dice (and default players) draw from.

        >>> type(Match(1, rng=3).rng).__name__
        'Generator'
        """
        return self._rng

    @property
    def names(self) -> tuple[str, str]:
        """The players' names: ``names[0]`` is bgsim's player 0 (gnubg's player 0, the left column of a .mat file).

        >>> Match(3).names, Match(3, names=("Ann", "Ben")).names
        (('Light', 'Dark'), ('Ann', 'Ben'))
        """
        return self._names

    @property
    def games(self) -> tuple[Game, ...]:
        """Every game so far, the current one last.

        >>> m = Match(5, rng=0); m.game.resign(player=0); len(m.games)
        2
        """
        return tuple(self._games)

    @property
    def game(self) -> Game | None:
        """The current game: the one being played, or the last one once the series has stopped.

        >>> m = Match(1, rng=2).play_out(); m.game is m.games[-1] and m.game.is_over
        True
        """
        return self._games[-1] if self._games else None

    @property
    def summaries(self) -> tuple[GameSummary, ...]:
        """One :class:`GameSummary` per finished game.

        >>> m = Match(5, rng=0); m.game.resign(player=0); m.summaries[0].score_after
        (0, 3)
        """
        return tuple(self._summaries)

    # ------------------------------------------------------------- the flow
    def _next_starter(self) -> int | None:
        """R4b: who starts the next game (``None``: an opening roll decides, R4)."""
        if not self._games:
            return None
        last = self._games[-1]
        winner = last.result.winner if last.result is not None else None
        if last.starter is not None:
            return self._rules.next_starter(last.starter, winner)
        # The last game ended before its opening roll: nobody started it, so "alternate" has
        # nothing to alternate from (an opening roll decides); "loser" still applies.
        if self._rules.series_starter == "loser":
            return self._rules.next_starter(0, winner)
        return None

    def _next_is_crawford(self) -> bool:
        return False

    def _make_game(self) -> Game:
        return Game(self._rules, self._rng, starter=self._next_starter(), crawford_game=self._next_is_crawford())

    def _stopped(self) -> str | None:
        """Why no further game can start (``None`` when one can)."""
        raise NotImplementedError

    def _account(self, game: Game) -> None:
        result = game.result
        assert result is not None, "only a finished game is scored"
        before = self._score
        after = list(before)
        if result.winner is not None:
            after[result.winner] += result.points
        self._score = (after[0], after[1])
        self._summaries.append(GameSummary(len(self._summaries) + 1, before, game.crawford_game, game.starter,
                                           result, self._score))

    def _add_game(self, game: Game) -> Game:
        """Make ``game`` the current game: listen to it, tell the subscribers it started, score it if it is over."""
        self._games.append(game)
        game.subscribe(lambda ev: self._on_event(game, ev))
        self._notify(game.events[0])
        if game.is_over:   # a replayed game
            self._account(game)
        return game

    def _on_event(self, game: Game, ev: Event) -> None:
        """A game of the series recorded ``ev``: when it ended, score it and (``auto_start``) start the next one."""
        ended = game.result is not None and game is self._games[-1] and len(self._summaries) < len(self._games)
        if ended:
            self._account(game)
        self._notify(ev)
        if ended and self._auto_start and self._stopped() is None:
            self._add_game(self._make_game())

    def _notify(self, ev: Event) -> None:
        self._subscribers.notify(ev)

    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` after each event of every game from now on; returns the unsubscribe function.

        Each new game's :class:`~bgsim.game.events.GameStart` is passed on too, once the series
        has started the game; when a game ends, the score is already updated.

        >>> m = Match(5, rng=1)
        >>> seen = []
        >>> stop = m.subscribe(lambda ev: seen.append((type(ev).__name__, m.score)))
        >>> m.game.resign(player=0)
        >>> seen
        [('Resign', (0, 0)), ('GameOver', (0, 3)), ('GameStart', (0, 3))]
        >>> stop()
        """
        return self._subscribers.add(callback)

    def _new_game(self) -> Game:
        current = self._games[-1] if self._games else None
        if current is not None and not current.is_over:
            if len(current.events) == 1:   # nobody has acted in it yet: it is the new game (auto_start)
                return current
            raise RuleViolationError(f"game {len(self._games)} is still being played; finish it (or resign, V3) "
                                     f"before the next one")
        problem = self._stopped()
        if problem is not None:
            raise RuleViolationError(problem)
        return self._add_game(self._make_game())

    def _players_for(self, players) -> tuple:
        if players is None:
            players = self._players
        if players is None:
            players = (RandomPlayer(self._rng), RandomPlayer(self._rng))
        return _two_players(players)

    def _install(self, events: Sequence[Event], number: int) -> Game:
        """Replay a recorded game as the next game, after checking it starts as the series says."""
        expected = self._make_game()
        if not events or events[0] != expected.events[0]:
            got = events[0] if events else "nothing"
            raise RuleViolationError(f"game {number}: the record starts with '{got}', but the series starts it "
                                     f"with '{expected.events[0]}' (R4, R4b, R28)")
        return self._add_game(Game.replay(events, rng=self._rng))

    def record(self) -> MatchRecord:
        """The series as a :class:`~bgsim.game.records.MatchRecord`: every game's events, steppable, with IDs.

        The record of a finished game is built once and shared by the records asked for later
        (a session of hundreds of games asks after each one), so asking costs the current game.

        >>> m = Match(1, rng=2).play_out()
        >>> rec = m.record(); len(rec.games) == len(m.games), rec.final_score == m.score
        (True, True)
        """
        games = []
        for k, game in enumerate(self._games):
            cached = self._records.get(k)
            if cached is not None and cached[0] == len(game.events):
                games.append(cached[1])   # a finished game's record does not change: built once
                continue
            before = self._summaries[k].score_before if k < len(self._summaries) else self._score
            rec = GameRecord.from_game(game, number=k + 1, score=before, names=self._names)
            if k < len(self._summaries):
                self._records[k] = (len(game.events), rec)
            games.append(rec)
        return MatchRecord(games, rules=self._rules, names=self._names)


class Match(_Series):
    """A match to ``length`` points (R27) under ``rules``
    (default :meth:`Rules.match(length) <bgsim.game.rules.Rules.match>`).

    Parameters
    ----------
    length : int
        N, the points needed to win (R27).
    rules : Rules, optional
        Match rules with ``match_length == length`` (default ``Rules.match(length)``).
    rng : int, SeedSequence or numpy.random.Generator, optional
        Where the dice of every game (and the default players' choices) come from.
    players : pair of Player, optional
        The default players for :meth:`play_out`.
    names : pair of str, optional
        The players' names (no ``:``, line breaks or outer spaces; default "player 0",
        "player 1").
    auto_start : bool
        Start the next game the moment one ends (else call :meth:`new_game`).

    Raises
    ------
    RuleViolationError
        A length that is not a whole number >= 1, or rules for another length or money
        play (R27).
    InvalidSettingError
        Names, players or a seed that cannot be used.

    The first game starts at once. Read the state with :attr:`score` (the real score,
    never capped at N), :attr:`is_over`, :attr:`winner`, :attr:`crawford_game`,
    :attr:`post_crawford` and :attr:`summaries`.

    >>> m = Match(5, rng=1)
    >>> g = m.game
    >>> g.roll(dice=(5, 2)); g.play("13/8 13/11")        # player 0 opens with 5-2 (R4)
    (5, 2)
    >>> g.double(); g.drop()                              # player 1 doubles, player 0 drops (R26)
    >>> m.score, len(m.games), m.game is g                # scored, and game 2 has started
    ((0, 1), 2, False)
    >>> Match(5, Rules.money())
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RuleViolationError: a 5-point match needs match rules such as Rules.match(5, ...), not money
    play (R27)
    """

    _length: int
    _crawford_played: bool

    def __init__(self, length: int, rules: Rules | None = None, rng=None, *, players=None, names=None,
                 auto_start: bool = True) -> None:
        if not isinstance(length, Integral) or isinstance(length, bool) or length < 1:
            raise RuleViolationError(f"a match is played to N >= 1 points, not {length!r} (R27)")
        length = int(length)
        if rules is None:
            rules = Rules.match(length)
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if rules.match_length != length:
            what = "money play" if rules.is_money else f"a {rules.match_length}-point match"
            raise RuleViolationError(f"a {length}-point match needs match rules such as Rules.match({length}, ...), "
                                     f"not {what} (R27)")
        super().__init__(rules, rng, players, names, auto_start)
        self._length = length
        self._crawford_played = False
        self._add_game(self._make_game())

    def _next_is_crawford(self) -> bool:
        """R28: the first game after one player (exactly one) has reached N-1, once per match."""
        if not self._rules.crawford or self._crawford_played:
            return False
        n = self._length
        return (self._score[0] == n - 1) != (self._score[1] == n - 1)

    def _make_game(self) -> Game:
        game = super()._make_game()
        if game.crawford_game:
            self._crawford_played = True
        # The game knows the score before it (Game.id_score), so its players can weigh the cube at the
        # match score (R27; bgsim.sim.net_cube) and its IDs carry it.
        game._id_score = (self._score[0], self._score[1])
        return game

    def _stopped(self) -> str | None:
        winner = self.winner
        if winner is not None:
            return f"the match is over: {self._names[winner]} reached {self._length} points (R27)"
        return None

    # ------------------------------------------------------------- reading
    @property
    def length(self) -> int:
        """N, the points needed to win (R27).

        >>> Match(7).length
        7
        """
        return self._length

    @property
    def score(self) -> tuple[int, int]:
        """The score ``(player 0, player 1)``: the sum of the points of the games each won (not capped at N).

        >>> Match(3).score
        (0, 0)
        """
        return self._score

    @property
    def is_over(self) -> bool:
        """True once a player's score has reached N (R27).

        >>> Match(3).is_over
        False
        """
        return max(self._score) >= self._length

    @property
    def winner(self) -> int | None:
        """The player who reached N points, or ``None`` while the match goes on.

        >>> Match(1, rng=0).play_out().winner in (0, 1)
        True
        """
        for p in (0, 1):
            if self._score[p] >= self._length:
                return p
        return None

    @property
    def crawford_game(self) -> bool:
        """True when the current game is the Crawford game (R28: no doubling).

        >>> m = Match(4, rng=0)
        >>> m.game.resign(player=0)          # at the start a resignation is a backgammon (V3): 3 points
        >>> m.score, m.crawford_game         # player 1 is 1 away: this game is the Crawford game
        ((0, 3), True)
        """
        return bool(self._games) and self._games[-1].crawford_game

    @property
    def post_crawford(self) -> bool:
        """True once the Crawford game has been played: later games use the cube again (R28).

        >>> Match(5).post_crawford
        False
        """
        return any(s.crawford_game for s in self._summaries)

    def away(self) -> tuple[int, int]:
        """How many points each player still needs (0 for the winner).

        >>> Match(7).away()
        (7, 7)
        """
        return (max(0, self._length - self._score[0]), max(0, self._length - self._score[1]))

    # ------------------------------------------------------------- actions
    def new_game(self) -> Game:
        """Start the next game (with ``auto_start=False``; with it on, return the game already started).

        Refused while the current game goes on, and once the match is over (R27).

        >>> m = Match(3, rng=4, auto_start=False)
        >>> m.game.resign(player=0); m.game.is_over, m.score
        (True, (0, 3))
        >>> m.new_game()
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: the match is over: Dark reached 3 points (R27)
        """
        return self._new_game()

    def play_out(self, players=None) -> Match:
        """Play the rest of the match unattended (the current game from where it is); returns the match.

        ``players`` (two :class:`bgsim.game.drive.Player`) default to the ones given at
        construction, else two :class:`~bgsim.game.drive.RandomPlayer` on the match's generator.

        >>> from bgsim.players.players import HandwrittenPlayer
        >>> Match(3, rng=5).play_out((HandwrittenPlayer(), HandwrittenPlayer())).is_over
        True
        """
        players = self._players_for(players)
        while True:
            game = self._games[-1]
            if not game.is_over:
                drive(game, players)
                continue
            if self.is_over:
                return self
            self._new_game()

    @classmethod
    def replay(cls, games: Sequence[Sequence[Event]], rules: Rules, rng=None, *, names=None) -> Match:
        """Rebuild a match from the events of its games, checking each against the rules and the match flow.

        Each game must start as the match says (starter R4b, Crawford R28) and be a legal
        game (:meth:`Game.replay <bgsim.game.game.Game.replay>`); every game but the last must
        be over, and none may follow the end of the match (R27).

        The rebuilt match does not start a further game by itself: call :meth:`new_game`
        to play on.

        >>> m = Match(3, rng=8).play_out()
        >>> Match.replay([g.events for g in m.games], m.rules).score == m.score
        True
        """
        if not isinstance(rules, Rules) or not rules.is_match:
            raise RuleViolationError("Match.replay needs match rules (R27)")
        match = cls.__new__(cls)
        _Series.__init__(match, rules, rng, None, names, False)
        match._length = rules.match_length
        match._crawford_played = False
        _replay_into(match, games)
        match._auto_start = True
        return match

    def __repr__(self) -> str:
        """``Match(N-point match, score a-b, state)``.

        >>> Match(5)
        Match(5-point match, score 0-0, game 1 in play)
        """
        state = f"over: player {self.winner} wins" if self.is_over else f"game {len(self._games)} in play"
        return f"Match({self._length}-point match, score {self._score[0]}-{self._score[1]}, {state})"


def _replay_into(series: _Series, games: Sequence[Sequence[Event]]) -> None:
    for k, events in enumerate(games, start=1):
        events = list(events)
        if series._games and not series._games[-1].is_over:
            raise RuleViolationError(f"game {k}: game {k - 1} is not over, so no game can follow it")
        problem = series._stopped()
        if problem is not None:
            raise RuleViolationError(f"game {k}: {problem}")
        series._install(events, k)


class Session(_Series):
    """Money play: a series of games for ``stakes`` per point (R24-R26), with optional bankrolls (V6).

    Parameters
    ----------
    rules : Rules, optional
        Money rules (default :meth:`Rules.money() <bgsim.game.rules.Rules.money>`).
    stakes : real number
        The money one point is worth: finite and > 0 (use ints or Fractions for exact sums).
    bankrolls : pair of real numbers, optional
        The players' starting balances (finite, >= 0), or ``None`` for untracked play
        (balances then start at 0 and may go negative; no V6 check).
    rng : int, SeedSequence or numpy.random.Generator, optional
        Where the dice of every game (and the default players' choices) come from.
    players : pair of Player, optional
        The default players for :meth:`play_out`.
    names : pair of str, optional
        The players' names (no ``:``, line breaks or outer spaces).
    auto_start : bool
        Start the next game the moment one ends (else call :meth:`new_game`).

    Raises
    ------
    RuleViolationError
        Match rules (R27), or a first game a bankroll does not cover (V6).
    InvalidSettingError
        Stakes, bankrolls, names, players or a seed that cannot be used (NaN, infinite,
        negative, zero stakes ...).

    **V6**: with bankrolls, before every game each player's balance must cover
    :meth:`rules.largest_loss(stakes) <bgsim.game.rules.Rules.largest_loss>`: stake x cube
    limit x the ending mode's largest multiplier. The seed states it for an active cube;
    bgsim applies the same formula with the cube off (the limit then counts as 1), and an
    unlimited cube can never be covered. The first game is refused at construction with a
    :class:`~bgsim.engine.errors.RuleViolationError`; after a later game, the session stops
    (:attr:`refusal` says why) and :meth:`new_game` raises.

    Automatic doubles (R29), the Jacoby rule (X1) and beavers (X2) apply as the rules say.
    With ``Rules(carry_over=True)`` (seed 004's house rule, R29), opening-roll ties after a
    game's automatic doubles carry the doubling over: the next game starts with the cube
    at 2, 4, ... in the middle (up to the cube limit).

    >>> s = Session(Rules.short_backgammon(cube_limit=4), stakes=5, bankrolls=(60, 100), rng=3)
    >>> s.rules.largest_loss(5)                       # 5 x 4 x 3 (Koks)
    60
    >>> s.play_out(games=1).balances[0] + s.balances[1]
    160
    >>> Session(Rules.short_backgammon(cube_limit=4), stakes=5, bankrolls=(59, 100))
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RuleViolationError: Light cannot sit down: the balance 59 does not cover
    the largest possible loss 60 = stake 5 x cube limit 4 x 3 (ending Koks) (V6)
    """

    _stakes: float
    _bankrolls: tuple[float, float] | None

    def __init__(self, rules: Rules | None = None, stakes: float = 1, bankrolls=None, rng=None, *, players=None,
                 names=None, auto_start: bool = True) -> None:
        if rules is None:
            rules = Rules.money()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if not rules.is_money:
            raise RuleViolationError(f"a money session needs money rules (match_length=0), not a "
                                     f"{rules.match_length}-point match; use Match for matches (R27)")
        if isinstance(stakes, bool) or not isinstance(stakes, Real) or not math.isfinite(stakes) or not stakes > 0:
            raise InvalidSettingError(f"stakes is the money one point is worth, a finite number > 0, not {stakes!r}")
        if bankrolls is not None:
            if isinstance(bankrolls, str):
                raise InvalidSettingError(f"bankrolls are two starting balances (or None), not {bankrolls!r}")
            try:
                b0, b1 = bankrolls
            except (TypeError, ValueError):
                raise InvalidSettingError(f"bankrolls are two starting balances (or None), not {bankrolls!r}") \
                    from None
            for b in (b0, b1):
                if isinstance(b, bool) or not isinstance(b, Real) or not math.isfinite(b) or not float(b) >= 0:
                    raise InvalidSettingError(f"a bankroll is a finite number >= 0, not {b!r}")
            bankrolls = (b0, b1)
        super().__init__(rules, rng, players, names, auto_start)
        self._stakes = stakes
        self._bankrolls = bankrolls
        problem = self._stopped()
        if problem is not None:
            raise RuleViolationError(problem)
        self._add_game(self._make_game())

    def _stopped(self) -> str | None:
        return self.seat_problem()

    def _make_game(self) -> Game:
        """The next game; under seed 004's carry-over (R29) it starts with the doublings the last game carried."""
        carried = self._games[-1].carried_doubles if self._games else 0
        value = 1
        for _carried in range(carried):
            if self._rules.cube_allows(value * 2):
                value *= 2
        return Game(self._rules, self._rng, starter=self._next_starter(), cube_value=value)

    # ------------------------------------------------------------- reading
    @property
    def stakes(self) -> float:
        """The money one point is worth.

        >>> Session(stakes=3).stakes
        3
        """
        return self._stakes

    @property
    def bankrolls(self) -> tuple | None:
        """The starting balances (``None`` for untracked play).

        >>> Session().bankrolls is None
        True
        """
        return self._bankrolls

    @property
    def points(self) -> tuple[int, int]:
        """Points won by each player so far (a draw, V4, gives none).

        >>> Session().points
        (0, 0)
        """
        return self._score

    @property
    def score(self) -> tuple[int, int]:
        """Same as :attr:`points` (what a .mat file writes on a money game's score line).

        >>> Session().score
        (0, 0)
        """
        return self.points

    @property
    def net(self) -> tuple:
        """Each player's winnings minus losses: (own points - opponent's points) x stakes.

        >>> Session(stakes=2).net
        (0, 0)
        """
        a, b = self._score
        return ((a - b) * self._stakes, (b - a) * self._stakes)

    @property
    def balances(self) -> tuple:
        """Each player's balance: bankroll (0 if untracked) + net winnings. They always add up to the bankrolls' sum.

        >>> Session(bankrolls=(10, 20), rules=Rules.money(cube_limit=2)).balances
        (10, 20)
        """
        base = self._bankrolls or (0, 0)
        n0, n1 = self.net
        return (base[0] + n0, base[1] + n1)

    def seat_problem(self) -> str | None:
        """Why a player may not sit down to the next game now (V6), or ``None`` when both may.

        >>> Session(Rules.money(), bankrolls=(100, 100), auto_start=False)
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: the cube is unlimited (V2), so no balance covers the largest possible
        loss;
        set a cube_limit or play without bankrolls (V6)
        """
        if self._bankrolls is None:
            return None
        rules = self._rules
        need = rules.largest_loss(self._stakes)
        if need == float("inf"):
            return ("the cube is unlimited (V2), so no balance covers the largest possible loss; set a cube_limit "
                    "or play without bankrolls (V6)")
        base = self._bankrolls
        a, b = self._score
        balances = (base[0] + (a - b) * self._stakes, base[1] + (b - a) * self._stakes)
        for p in (0, 1):
            if balances[p] < need:
                limit = (_("cube off (1)") if rules.cube_limit == 1
                         else _("cube limit {limit}").format(limit=rules.cube_limit))
                return _("{name} cannot sit down: the balance {balance} does not cover the largest "
                         "possible loss {need} = stake {stake} x {limit} x {mult} (ending {ending}) (V6)").format(
                    name=self._names[p], balance=balances[p], need=need, stake=self._stakes, limit=limit,
                    mult=rules.max_multiplier, ending=rules.ending.capitalize())
        return None

    @property
    def refusal(self) -> str | None:
        """Why no further game can start (V6), or ``None`` while one can (or a game is being played).

        >>> Session().refusal is None
        True
        """
        if self._games and not self._games[-1].is_over:
            return None
        return self.seat_problem()

    @property
    def can_continue(self) -> bool:
        """True while another game can be played: the current one goes on, or both players can sit down (V6).

        >>> Session().can_continue
        True
        """
        return self.refusal is None

    # ------------------------------------------------------------- actions
    def new_game(self) -> Game:
        """Start the next game (with ``auto_start=False``), refused when a balance no longer covers the largest
        loss (V6).

        >>> s = Session(Rules.money(cube_limit=2), stakes=1, bankrolls=(7, 10), rng=1, auto_start=False)
        >>> s.game.resign(player=0); s.balances      # a backgammon at the start (V3): 3 points
        (4, 13)
        >>> s.new_game()
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: Light cannot sit down: the balance 4 does not cover
        the largest possible loss 6 = stake 1 x cube limit 2 x 3 (ending Koks) (V6)
        """
        return self._new_game()

    def play_out(self, players=None, games: int | None = None) -> Session:
        """Play unattended until ``games`` games are finished in all (or a seat is refused, V6); returns the session.

        Without ``games`` the session runs until a balance no longer covers the largest
        loss, which needs bankrolls.

        >>> s = Session(Rules.money(cube_limit=8), stakes=1, bankrolls=(30, 30), rng=2).play_out(games=3)
        >>> len(s.summaries) <= 3 and sum(s.balances) == 60
        True
        """
        if games is None and self._bankrolls is None:
            raise InvalidSettingError("without bankrolls a session never stops by itself: give games=")
        if games is not None and (not isinstance(games, Integral) or isinstance(games, bool) or games < 0):
            raise InvalidSettingError(f"games is a number of games >= 0, not {games!r}")
        players = self._players_for(players)
        auto = self._auto_start
        try:
            while True:
                if games is not None and len(self._summaries) >= games:
                    return self
                game = self._games[-1]
                if not game.is_over:
                    # The last game asked for: no further game is started after it (the record holds `games`).
                    self._auto_start = auto and (games is None or len(self._summaries) + 1 < games)
                    drive(game, players)
                    continue
                if self.seat_problem() is not None:
                    return self
                self._new_game()
        finally:
            self._auto_start = auto

    @classmethod
    def replay(cls, games: Sequence[Sequence[Event]], rules: Rules, rng=None, *, stakes: float = 1, bankrolls=None,
               names=None) -> Session:
        """Rebuild a session from the events of its games, checking each game and the seats (V6).

        Parameters
        ----------
        games : sequence of event sequences
            Each game's events (``game.events``), in order.
        rules : Rules
            The money rules the games were played under.
        rng : int, SeedSequence or numpy.random.Generator, optional
            The dice for playing on after the last game.
        stakes, bankrolls, names
            As for :class:`Session`.

        Raises
        ------
        RuleViolationError
            A game that breaks a rule or does not start as the session says (R4b), a game
            after an unfinished one, or a seat a balance does not cover (V6).

        >>> s = Session(Rules.money(cube_limit=4), rng=6).play_out(games=2)
        >>> Session.replay([g.events for g in s.games], s.rules).points == s.points
        True
        """
        if not isinstance(rules, Rules) or not rules.is_money:
            raise RuleViolationError("Session.replay needs money rules (match_length=0)")
        session = cls(rules, stakes, bankrolls, rng, names=names, auto_start=False)
        session._games.clear()
        _replay_into(session, games)
        session._auto_start = True
        return session

    def __repr__(self) -> str:
        return (f"Session(stakes {self._stakes}, {len(self._summaries)} games finished, points "
                f"{self._score[0]}-{self._score[1]}, balances {self.balances[0]}-{self.balances[1]})")


def record_from_events(games: Sequence[Sequence[Event]], rules: Rules, *, names: Sequence[str] | None = None,
                  stakes: float = 1) -> MatchRecord:
    """The record of a match (or money session) rebuilt from its games' events, checking every rule.

    Each game must start as the series says (R4b starters, R28 Crawford) and obey the
    rules; see :meth:`Match.replay` and :meth:`Session.replay`.

    >>> m = Match(2, rng=1).play_out()
    >>> record_from_events([g.events for g in m.games], m.rules).final_score == m.score
    True
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    if rules.is_match:
        return Match.replay(games, rules, names=names).record()
    return Session.replay(games, rules, stakes=stakes, names=names).record()
