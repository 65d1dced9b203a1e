"""`Game`: one game of backgammon as a state machine, with the cube and a complete record of events.

A person, a widget or a program drives a :class:`Game` by calling its methods; the game
checks every action against the :class:`~bgsim.game.rules.Rules` and refuses the ones the rules
do not allow with a :class:`~bgsim.engine.errors.RuleViolationError` naming the rule.

The flow (``game.state``)::

    OPENING --roll()--> AWAITING_PLAY (R4)  or  AWAITING_DOUBLE_OR_ROLL (R4a, or a given starter)
    AWAITING_DOUBLE_OR_ROLL --double()--> AWAITING_ANSWER --take()--> AWAITING_DOUBLE_OR_ROLL
                                                          --drop()--> OVER (R26)
                                                          --beaver()--> AWAITING_ANSWER (X2: now the
                                                            doubler takes or drops the beaver)
    AWAITING_DOUBLE_OR_ROLL --roll()--> AWAITING_PLAY --play()--> AWAITING_DOUBLE_OR_ROLL (opponent)
                                                                  or OVER (R22) / a final roll (V4)
    AWAITING_DOUBLE_OR_ROLL or AWAITING_PLAY --offer_resignation(kind)--> AWAITING_RESIGNATION_ANSWER (R30)
    AWAITING_RESIGNATION_ANSWER --accept_resignation()--> OVER
                                --reject_resignation()--> back where the offer was made (play goes on)
    any state but OVER --resign()--> OVER (V3)

A roll with no legal move is passed automatically and recorded as :class:`Pass` (R12).

Players are 0 and 1; the :class:`~bgsim.engine.position.Position` the game owns is seen from the
player on roll (its ``turn``). Every random element (the dice) comes from the
``numpy.random.Generator`` (or seed) the game is given; ``roll(dice=...)`` sets the dice by
hand for teaching and replays.

The game's parts live in their own modules, one job each: the events of the record, the
result and the snapshots in :mod:`bgsim.game.events`; the cube in :mod:`bgsim.game.cube`; the state
and record, read-only, in :mod:`bgsim.game.game_base` (:class:`~bgsim.game.game_base.BaseGame`, which
``Game`` extends); which action the state allows in one table, :mod:`bgsim.game.game_guards`
(asked through :meth:`Game.why_not`); replay checking in :mod:`bgsim.game.game_replay`; the XGID
and gnubg IDs in :mod:`bgsim.game.game_ids`. The game itself keeps the turn flow. A view learns
of every recorded event through :meth:`Game.subscribe`.

>>> from bgsim.game.rules import Rules
>>> game = Game(Rules.money(), rng=7)
>>> game.roll(dice=(3, 5))       # the opening roll (R4): player 0 throws a 3, player 1 a 5
(5, 3)
>>> game.state, game.player_on_roll
(<GameState.AWAITING_PLAY: 'awaiting_play'>, 1)
>>> game.play("8/3 6/3")
>>> game.double()                # player 0 doubles before rolling (R25)
>>> game.take()                  # player 1 now owns the 2-cube (R26)
>>> game.cube_value, game.cube_owner
(2, 1)
>>> game.resign()                # player 0 resigns: 2 checkers in player 1's home, none off (V3, R23)
>>> print(game.result)
Dark wins a backgammon: 6 points (cube 2, resigned)
>>> Game.replay(game.events).result == game.result
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.dice import check_dice
from ..engine.dice import roll as roll_dice
from ..engine.errors import IllegalGamePlayError, IllegalPlayError, Refusal, RuleViolationError
from ..engine.i18n import _
from ..engine.plays import Play
from ..engine.position import Position
from . import game_ids, game_replay
from .events import (
    AutomaticDouble,
    Beaver,
    CarriedDouble,
    Double,
    Drop,
    Event,
    FinalRoll,
    GameOver,
    GameResult,
    GameStart,
    GameState,
    Move,
    OpeningRoll,
    Pass,
    Resign,
    ResignationAccepted,
    ResignationOffer,
    ResignationRejected,
    Roll,
    Take,
)
from .game_base import BaseGame
from .game_guards import check_player
from .rules import ResultKind, Rules, result_kind

__all__ = ["Game"]


def _illegal(exc: IllegalPlayError) -> IllegalGamePlayError:
    """The engine's complaint as a game error; R5-R21 is cited when the engine named no rule."""
    if exc.refusal is not None and exc.refusal.rule is not None:
        return IllegalGamePlayError(exc.refusal)
    return IllegalGamePlayError(Refusal(_("{error} (R5-R21: not a legal play of this roll)").format(error=exc),
                                        "R5-R21", cite=False))


# ----------------------------------------------------------------------------- the game
class Game(BaseGame):
    """One game under a :class:`~bgsim.game.rules.Rules`, driven by its methods.

    Parameters
    ----------
    rules : Rules, optional
        The settings (default: money play, ``Rules()``).
    rng : int, SeedSequence or numpy.random.Generator, optional
        Where the dice come from (a seed is turned into a fresh Generator; default: fresh
        entropy from the operating system).
    starter : int, optional
        Skip the opening roll: this player (0 or 1) starts by rolling both dice (R4b).
    position : Position, optional
        Start from this position instead of R3's (its player on roll starts; for teaching
        and studies).
    crawford_game : bool
        The Crawford game of a match (R28: no cube).
    cube_value, cube_owner : int, optional
        The cube at the start, with ``position`` (``cube_owner=None``: in the middle).

    Raises :class:`~bgsim.engine.errors.RuleViolationError` for a starter or cube the rules do not
    allow (R22, R24, R26, R28, V2) or a position with the wrong number of checkers (R2, X3),
    :class:`~bgsim.engine.errors.InvalidSettingError` for a seed numpy cannot use (``rng=-1``),
    ``TypeError`` for ``rules`` or ``position`` of the wrong type.

    Every action takes an optional ``player=``: when given, it must be the player whose
    action it is, else :class:`~bgsim.engine.errors.RuleViolationError`. What the game is and has
    been (state, position, cube, record) and whether an action is allowed now
    (:meth:`why_not`) are read through :class:`~bgsim.game.game_base.BaseGame`.

    >>> g = Game(Rules.money(), rng=3, starter=1)
    >>> g.state, g.player_on_roll, g.can_double()
    (<GameState.AWAITING_DOUBLE_OR_ROLL: 'awaiting_double_or_roll'>, 1, True)
    >>> g.double(player=0)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RuleViolationError: Light cannot double: it is Dark's turn (R25: only on one's own turn)
    """

    def __init__(self, rules: Rules | None = None, rng=None, *, starter: int | None = None,
                 position: Position | None = None, crawford_game: bool = False,
                 cube_value: int = 1, cube_owner: int | None = None) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if position is None:
            if starter is not None:
                starter = check_player(starter, "starter")
            position = Position.initial(0 if starter is None else starter, variant=rules.variant)
        else:
            if not isinstance(position, Position):
                raise TypeError(f"position must be a Position, not {type(position).__name__}")
            if starter is not None and check_player(starter, "starter") != position.turn:
                raise RuleViolationError(
                    f"starter {starter} is not the player on roll in the given position ({position.turn})")
            starter = position.turn
        self._begin(GameStart(rules, position, starter, bool(crawford_game), cube_value, cube_owner), rng)

    # ----------------------------------------------------------------- actions
    def _guard(self, action: str, player: int | None = None, kind: ResultKind | str | int | None = None) -> None:
        """Raise the table's refusal of ``action`` now, if it has one (:mod:`bgsim.game.game_guards`)."""
        if (found := self.why_not(action, player, kind=kind)) is not None:
            raise RuleViolationError(found)

    def roll(self, dice: tuple[int, int] | None = None, *, player: int | None = None) -> tuple[int, int] | None:
        """Roll the dice (from the game's generator, or ``dice`` given by hand); returns the dice to play.

        Before the game starts this is the opening roll (R4): ``dice`` are player 0's and
        player 1's single dice. With the generator, ties are thrown again until one player
        wins (each throw recorded; with automatic doubles, R29, each tie doubles the centred
        cube up to the limit); with ``dice``, one throw is made (after a tie the game stays
        in ``OPENING``). The winner plays both numbers (R4), or rolls afresh with
        ``opening="winner_rolls"`` (R4a: and may double first, R25); then ``None`` is
        returned, as after a tie thrown by hand. Later the player on roll rolls both dice; a
        roll with no legal move passes at once (R12, recorded as :class:`~bgsim.game.events.Pass`).

        >>> g = Game(starter=0)
        >>> g.roll(dice=(4, 4))
        (4, 4)
        >>> g.roll(dice=(1, 2))
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: Light has already rolled 4-4: play it now (R10)
        """
        self._guard("roll", player)
        if self._state is GameState.OPENING:
            if dice is not None:
                self._opening_throw(check_dice(dice, what="an opening roll", error=RuleViolationError))
            else:
                while self._state is GameState.OPENING:
                    self._opening_throw(roll_dice(self._rng))
            return self._dice
        dice = roll_dice(self._rng) if dice is None else check_dice(dice, what="a roll", error=RuleViolationError)
        self._dice = dice
        self._state = GameState.AWAITING_PLAY
        self._record(Roll(self._position.turn, dice))
        self._offer_plays()
        return dice

    def _opening_throw(self, dice: tuple[int, int]) -> None:
        ev = OpeningRoll(dice)
        starter = ev.starter
        if starter is None:
            self._record(ev)
            r = self._rules
            if self._cube.can_auto_double(r):
                self._cube = self._cube.auto_doubled()   # R29: the tie doubles the centred cube
                self._record(AutomaticDouble(self._cube.value))
            elif r.carry_over and self._cube.automatic_doubles >= r.automatic_doubles:
                self._carried += 1                       # R29, seed 004: the doubling goes to the next game
                self._record(CarriedDouble(self._carried))
            return
        self._starter = starter
        self._position = Position.initial(starter, variant=self._rules.variant)
        if self._rules.opening == "standard":   # R4: the two opening dice are the first move
            self._dice = (dice[starter], dice[1 - starter])
            self._state = GameState.AWAITING_PLAY
            self._record(ev)
            self._offer_plays()
        else:                                   # R4a: the winner rolls both dice afresh
            self._state = GameState.AWAITING_DOUBLE_OR_ROLL
            self._record(ev)

    def _offer_plays(self) -> None:
        plays = self._position.legal_plays(self._rolled(), variant=self._rules.engine_variant)
        self._legal = plays
        if len(plays) == 1 and plays[0].is_empty:  # R12: nothing can move, the turn is forfeited
            before = self._position
            self._position = before.play(plays[0])
            self._turn_done(Pass(before.turn, self._rolled(), before))

    def _turn_done(self, ev: Move | Pass) -> None:
        """Record a play or a pass (the position is already the one after it); then the game ends
        (R22, V4) or the opponent is on roll."""
        pos, mover = self._position, ev.player
        self._turns += 1
        self._dice = None
        self._legal = None
        home = pos.theirs[0] == pos.checkers   # the mover has borne off every checker (R22)
        if home and not self._final_roll and self._rules.last_roll_draw and mover == self._starter:
            self._final_roll = True            # V4: the other player gets one final roll
            self._state = GameState.AWAITING_DOUBLE_OR_ROLL
            self._record(ev)
            self._record(FinalRoll(1 - mover))
            return
        self._state = GameState.OVER if home or self._final_roll else GameState.AWAITING_DOUBLE_OR_ROLL
        self._record(ev)
        if not home and self._final_roll:      # V4: the final roll did not bear off everything: the starter
            winner = self._starter             # wins, judged now (R23)
            assert winner is not None
            self._finish(winner, result_kind(pos, 1 - winner), "bearoff")
        elif home and self._final_roll:        # V4: the final roll bore off everything: a draw
            self._finish(None, None, "draw")
        elif home:
            self._finish(mover, result_kind(pos, 1 - mover), "bearoff")

    def play(self, play: Play | str, *, player: int | None = None) -> None:
        """Play the rolled dice: a :class:`~bgsim.engine.plays.Play` (from :meth:`legal_plays`) or notation.

        An illegal play (R5-R21; V5 with ``caucasian``) raises :class:`~bgsim.engine.errors.IllegalGamePlayError`
        naming the rule. Bearing off the last checker ends the game (R22), or gives the other
        player a final roll under the last-roll draw (V4).

        >>> g = Game(starter=0); g.roll(dice=(6, 3))
        (6, 3)
        >>> g.play("13/10")
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.IllegalGamePlayError: 13/10 alone leaves the 6 unplayed, but 24/18 13/10 plays both dice
        (R10)
        >>> g.play("24/18 13/10"); g.player_on_roll
        1
        """
        self._guard("play", player)
        legal = self._legal
        assert legal is not None   # the legal plays are offered while the game waits for a play
        if not isinstance(play, (Play, str)):
            raise TypeError(f"play must be a Play or a string, not {type(play).__name__}")
        try:
            chosen = legal.resolve(play)
        except IllegalPlayError as exc:
            raise _illegal(exc) from exc
        before, after = self._position, chosen.after
        assert after is not None   # a legal play from the engine knows the position it leads to
        self._position = after
        self._turn_done(Move(before.turn, chosen, before))

    def double(self, *, player: int | None = None) -> None:
        """The player on roll offers a double before rolling (R25); the opponent must answer.

        Refused, naming the rule, off turn or after the roll (R25), without owning the cube
        (R25), in the Crawford game (R28), with the cube off or at its limit (V2), on a final roll (V4).

        >>> g = Game(starter=0); g.double(); g.state
        <GameState.AWAITING_ANSWER: 'awaiting_answer'>
        >>> g.double()
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: cannot double: a double is already offered; Dark must take or drop
        it (R26)
        """
        self._guard("double", player)
        self._cube = self._cube.doubled(self._position.turn)
        self._state = GameState.AWAITING_ANSWER
        offered = self._cube.offered_value
        assert offered is not None   # the double just made waits for an answer
        self._record(Double(self._position.turn, offered))

    def _answerer(self) -> int:
        answerer = self._cube.answerer
        assert answerer is not None   # the guard let the answer through: a double waits
        return answerer

    def take(self, *, player: int | None = None) -> None:
        """Accept the double (R26): the cube doubles and the taker owns it; the doubler then rolls.

        >>> g = Game(starter=0); g.double(); g.take(); (g.cube_value, g.cube_owner, g.state.value)
        (2, 1, 'awaiting_double_or_roll')
        """
        self._guard("take", player)
        taker = self._answerer()
        self._cube = self._cube.taken()   # X2: after a beaver the beaverer keeps the cube
        self._state = GameState.AWAITING_DOUBLE_OR_ROLL
        owner = self._cube.owner
        self._record(Take(taker, self._cube.value, None if owner == taker else owner))

    def drop(self, *, player: int | None = None) -> None:
        """Refuse the double (R26): the game ends; the doubler wins the cube value before the offer, no gammons.

        After a beaver (X2) it is the original doubler who may drop: the beaverer then wins
        the doubled stake.

        >>> g = Game(starter=0); g.double(); g.drop(); print(g.result)
        Light wins a single game: 1 point (cube 1, double dropped)
        >>> g = Game(Rules.money(beavers=True), starter=0); g.double(); g.beaver(); g.drop(); print(g.result)
        Dark wins a single game: 2 points (cube 2, double dropped)
        """
        self._guard("drop", player)
        answerer = self._answerer()
        self._cube = self._cube.dropped()
        self._state = GameState.OVER
        self._record(Drop(answerer))
        self._finish(1 - answerer, ResultKind.SINGLE, "drop")

    def beaver(self, *, player: int | None = None) -> None:
        """Take and at once redouble, keeping the cube (X2, money play with beavers on).

        The doubler then answers the beaver as a double (take: the cube at four times its old
        value, the beaverer's; drop: the beaverer wins the doubled stake). No raccoons (X2).

        >>> g = Game(Rules.money(beavers=True), starter=0); g.double(); g.beaver(); g.player_to_act
        0
        >>> g.take(); g.cube_value, g.cube_owner, g.player_on_roll
        (4, 1, 0)
        >>> g = Game(Rules.money(), starter=0); g.double(); g.beaver()
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: cannot beaver: beavers (X2) are not allowed in these rules
        """
        self._guard("beaver", player)
        taker = self._answerer()
        self._cube = self._cube.beavered()   # the double is taken and redoubled: the doubler must answer
        value = self._cube.offered_value
        assert value is not None   # the redouble is waiting for an answer
        self._record(Beaver(taker, value))

    def resign(self, kind: ResultKind | str | int | None = None, *, player: int | None = None) -> None:
        """``player`` (default: whoever must act now) resigns at once, at any time (V3).

        The kind is judged from the position now (R23: single if the resigner has borne off
        a checker, else backgammon if one is on the bar or in the opponent's home board, else
        gammon); ``kind`` may concede more, never less. The ending mode (V1), the Jacoby rule
        (X1) and the cube then apply. This works under every ``Rules.resignation``; to offer
        less and let the opponent decide (R30), use :meth:`offer_resignation`.

        >>> g = Game(starter=0); g.resign("single")
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: Light cannot resign a single game: the position makes it a backgammon
        (V3, R23)
        >>> g.resign(); g.result.kind, g.result.points
        (<ResultKind.BACKGAMMON: 3>, 3)
        """
        self._guard("resign", player, kind)
        resigner = check_player(self.player_to_act if player is None else player)
        conceded = result_kind(self._position, resigner) if kind is None else ResultKind.of(kind)
        self._state = GameState.OVER
        self._dice = None
        self._legal = None
        self._record(Resign(resigner, conceded))
        self._finish(1 - resigner, conceded, "resign")

    # ----------------------------------------------------------------- resignation offers (R30)
    def offer_resignation(self, kind: ResultKind | str | int, *, player: int | None = None) -> None:
        """The player on roll offers to resign ``kind`` (R30): ``"single"``, ``"gammon"`` or ``"backgammon"``.

        On one's own turn, before or after rolling, any kind may be offered (also less than
        the position shows); the opponent calls :meth:`accept_resignation` (the game ends) or
        :meth:`reject_resignation` (play goes on; the same offer not again this turn). Under
        ``Rules(resignation="judged")`` (V3) there are no offers: use :meth:`resign`.

        >>> g = Game(Rules.money(), starter=0); g.double(); g.take()
        >>> g.offer_resignation("gammon"); g.player_to_act        # player 1 must answer
        1
        >>> g.accept_resignation(); print(g.result)               # cube 2, a gammon: 4 points
        Dark wins a gammon: 4 points (cube 2, resigned)
        >>> g = Game(starter=0); g.offer_resignation("single"); g.reject_resignation()
        >>> g.offer_resignation("single")
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: cannot offer to resign: Light's offer to resign a single game was
        refused this turn; it may not be repeated before the next turn (R30)
        """
        k = ResultKind.of(kind)
        self._guard("offer_resignation", player, k)
        offerer = self._position.turn
        self._offer = (offerer, k, self._state)
        self._state = GameState.AWAITING_RESIGNATION_ANSWER
        self._record(ResignationOffer(offerer, k))

    def _answered_offer(self) -> tuple[int, ResultKind, GameState]:
        offer = self._offer
        assert offer is not None   # the guard let the answer through: an offer waits
        self._offer = None
        return offer

    def accept_resignation(self, *, player: int | None = None) -> None:
        """Accept the opponent's resignation offer (R30): the game ends, scored as the kind offered.

        The points are the kind's multiplier under the ending mode (V1) and the Jacoby rule
        (X1), times the cube: "if a player resigns a gammon with the cube on 8, the winner gets 16 stakes".

        >>> g = Game(Rules.money(), starter=0, cube_value=8, cube_owner=1)
        >>> g.offer_resignation("gammon"); g.accept_resignation(); g.result.points
        16
        """
        self._guard("accept_resignation", player)
        offerer, kind, _answer = self._answered_offer()
        self._state = GameState.OVER
        self._record(ResignationAccepted(1 - offerer))
        self._finish(1 - offerer, kind, "resign", jacoby=self._rules.jacoby_resignations)

    def reject_resignation(self, *, player: int | None = None) -> None:
        """Refuse the opponent's resignation offer (R30): play goes on where it stopped.

        The same offer may not be made again in this turn.

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.offer_resignation("backgammon")
        (6, 1)
        >>> g.reject_resignation(); g.state.value, g.dice
        ('awaiting_play', (6, 1))
        """
        self._guard("reject_resignation", player)
        offerer, kind, resume = self._answered_offer()
        self._refused.add((self._turns, offerer, kind))
        self._state = resume
        self._record(ResignationRejected(1 - offerer))

    def _finish(self, winner: int | None, kind: ResultKind | None, how: str, *, jacoby: bool = True) -> None:
        self._offer = None
        self._state = GameState.OVER
        self._dice = None
        self._legal = None
        cube = self._cube.value
        if winner is None:
            result = GameResult(None, None, 0, cube, "draw")
        elif how == "drop":   # R26: the value before the offer, no gammon multiplier
            result = GameResult(winner, ResultKind.SINGLE, self._rules.points(ResultKind.SINGLE, cube), cube, how)
        else:                 # R23, V1, X1
            assert kind is not None   # only a draw has no kind
            turned = self._cube.turned or not jacoby   # X1 (an accepted offer may be exempt: jacoby_resignations)
            result = GameResult(winner, kind, self._rules.points(kind, cube, cube_turned=turned), cube, how)
        self._result = result
        self._record(GameOver(result))

    # ----------------------------------------------------------------- replay (bgsim.game.game_replay)
    @classmethod
    def replay(cls, events: Sequence[Event], rng=None) -> Game:
        """Rebuild a game from its record, checking every step against the rules.

        Each recorded action is made again and the game must record the same events,
        automatic ones included (:mod:`bgsim.game.game_replay`); a record that breaks a rule or
        disagrees raises :class:`~bgsim.engine.errors.RuleViolationError` naming the event. A
        partial record gives a game that can go on (with ``rng`` for its dice).

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.play("13/7 8/7")
        (6, 1)
        >>> Game.replay(g.events).position == g.position
        True
        >>> Game.replay(g.events[:1] + (Roll(0, (6, 1)), Roll(1, (2, 2))))
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: replay, event 2 (Dark rolls 2-2): Light has already rolled 6-1:
        play it now (R10)
        """
        events = list(events)
        game = cls.__new__(cls)
        game._begin(game_replay.record_start(events), rng)
        game_replay.replay_events(game, events)
        return game

    # ----------------------------------------------------------------- standard IDs (bgsim.game.game_ids)
    @classmethod
    def from_xgid(cls, text: str, rules: Rules | None = None, rng=None) -> Game:
        """The game at the point an XGID describes: position, cube, score, match length, Crawford, dice.

        The rules come from the XGID, or are ``rules``, which must agree with it (see
        :func:`bgsim.game.game_ids.read_xgid`). The player on roll (bgsim player 0 = XG's bottom
        player) is about to roll, has rolled the XGID's dice (an unplayable roll passes,
        R12), has doubled (``D``) or been beavered (``B``, X2). The score is kept as
        :attr:`id_score` and written back by :meth:`xgid`. Raises
        :class:`~bgsim.engine.errors.ParseError` for a malformed XGID and
        :class:`~bgsim.engine.errors.RuleViolationError` for a state the rules do not allow.

        >>> g = Game.from_xgid("XGID=-BDB-------------a------e-:1:-1:-1:42:3:2:0:5:8")
        >>> g.rules.match_length, g.id_score, g.cube_value, g.cube_owner, g.player_on_roll, g.dice
        (5, (3, 2), 2, 1, 1, (4, 2))
        >>> Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", Rules.match(7))
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: the XGID is a money game, but the rules are a 7-point match (R27)
        """
        return cls._from_ids(game_ids.read_xgid(text, rules), rng)

    @classmethod
    def from_gnubg_ids(cls, position_id: str, match_id: str, rng=None) -> Game:
        """The game at the point a gnubg Position ID and Match ID describe.

        Players are gnubg's 0 and 1 (see :func:`bgsim.game.game_ids.read_gnubg_ids`). The game may
        be before the opening roll, waiting for the roll, with dice rolled, or with a double
        offered (R26); a finished game or a resignation offer is refused. The score is kept
        as :attr:`id_score`; :meth:`match_id` and :meth:`gnubg_id` write the IDs back.

        >>> g = Game.from_gnubg_ids("4HPwATDgc/ABMA", "QYkqASAAIAAA")   # the manual's Match ID
        >>> g.rules.match_length, g.id_score, g.cube_value, g.cube_owner, g.player_on_roll, g.dice
        (9, (2, 4), 2, 0, 1, (5, 2))
        >>> Game.from_gnubg_ids("4HPwATDgc/ABMA", "MAKgABAAEAAA")   # game state 2: over
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: the gnubg Match ID says the game is over (state 2); bgsim builds games
        still to be played (R22)
        """
        return cls._from_ids(game_ids.read_gnubg_ids(position_id, match_id), rng)

    @classmethod
    def _from_ids(cls, at: game_ids.IdGame, rng) -> Game:
        """The game an ID describes: set up, then the double, beaver or roll made since the turn began."""
        game = cls(at.rules, rng, position=at.position, crawford_game=at.crawford, cube_value=at.cube_value,
                   cube_owner=at.cube_owner)
        game._id_score, game._id_jacoby = at.score, at.match_jacoby
        if at.doubled:
            game.double()
        if at.beavered:
            game.beaver()
        if at.dice is not None:
            game.roll(dice=at.dice)
        return game

    def xgid(self, *, score: tuple[int, int] | None = None) -> str:
        """The XGID of the game now: position, cube, whose turn, dice, score, match length, Crawford.

        ``score`` (player 0, player 1) defaults to :attr:`id_score`; a waiting double is XG's
        ``D`` (``B`` after a beaver, X2); see :func:`bgsim.game.game_ids.xgid_of`.

        >>> g = Game(Rules.match(5), starter=1)
        >>> g.double(); g.xgid(score=(1, 2))
        'XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:1:2:0:5:10'
        """
        return game_ids.xgid_of(self, score)

    def gnubg_id(self) -> str:
        """The gnubg Position ID of the game now, seen from the player on roll (gnubg's convention).

        >>> Game().gnubg_id()
        '4HPwATDgc/ABMA'
        """
        return self._position.gnubg_id()

    def match_id(self, *, score: tuple[int, int] | None = None) -> str:
        """The gnubg Match ID of the game now: cube, turn, dice, score, match length, Crawford, Jacoby.

        ``score`` (player 0, player 1) defaults to :attr:`id_score`; a beaver waiting for the
        answer (X2) has no Match ID form; see :func:`bgsim.game.game_ids.match_id_of`.

        >>> g = Game(Rules.match(9), starter=1, cube_value=2, cube_owner=0)
        >>> g.roll(dice=(5, 2)); g.match_id(score=(2, 4))     # the manual's example
        (5, 2)
        'QYkqASAAIAAA'
        """
        return game_ids.match_id_of(self, score, match_jacoby=self._id_jacoby)

    def _repr_svg_(self) -> str:
        """Jupyter draws a game as its board: player 0 at the bottom, the cube, the dice to play."""
        from ..draw.svg import step_board  # presentation, imported only to draw

        return step_board(self.position, cube_value=self._cube.value, cube_owner=self._cube.owner,
                          dice=self._dice, caption=f"{len(self._events)} events, {self._state.value}")
