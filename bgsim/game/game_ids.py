"""A game in the standard IDs: XGID, and gnubg's Position ID with its Match ID, read and written.

Reading an ID gives an :class:`IdGame`, the game it describes as plain values (rules,
position, cube, score, and what happened since the turn began: a double, a beaver, dice);
:meth:`Game.from_xgid <bgsim.game.game.Game.from_xgid>` and
:meth:`Game.from_gnubg_ids <bgsim.game.game.Game.from_gnubg_ids>` build the game from it.
Writing reads a game (:func:`xgid_of`, :func:`match_id_of`); ``game.xgid()`` and
``game.match_id()`` call them. The encodings themselves are :mod:`bgsim.engine.ids`'.

>>> at = read_xgid("XGID=-BDB-------------a------e-:1:-1:-1:42:3:2:0:5:8")
>>> at.rules.match_length, at.score, at.cube_value, at.cube_owner, at.position.turn, at.dice
(5, (3, 2), 2, 1, 1, (4, 2))
>>> xgid_of(Game.from_xgid("XGID=-BDB-------------a------e-:1:-1:-1:42:3:2:0:5:8"))
'XGID=-BDB-------------a------e-:1:-1:-1:42:3:2:0:5:8'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import ids as _ids
from ..engine.errors import Refusal, RuleViolationError
from ..engine.i18n import _
from ..engine.position import Position
from .cube import Cube
from .events import Double, GameState
from .game_base import BaseGame
from .rules import Rules

__all__ = ["IdGame", "match_id_of", "read_gnubg_ids", "read_xgid", "xgid_of"]


@dataclass(frozen=True)
class IdGame:
    """The game an ID describes: how to set it up, and what happened since the turn began.

    ``position`` is ``None`` before the opening roll; ``score`` is the score before this
    game (kept as ``game.id_score``); then the player on roll has doubled (``doubled``),
    been beavered after doubling (``beavered``, X2) or rolled ``dice``. ``match_jacoby`` is
    a Match ID's Jacoby flag in a match, meaningless there but written back as read.
    """

    rules: Rules
    position: Position | None
    score: tuple[int, int]
    crawford: bool
    cube_value: int
    cube_owner: int | None
    doubled: bool = False
    beavered: bool = False
    dice: tuple[int, int] | None = None
    match_jacoby: bool = True


def _checked_score(rules: Rules, score: tuple[int, int], crawford: bool) -> tuple[int, int]:
    """The series score before the game, refused when no game is played at it (R27, R28)."""
    if rules.is_match:
        n = rules.match_length
        for k in (0, 1):
            if not 0 <= score[k] < n:
                raise RuleViolationError(Refusal(f"player {k} has {score[k]} points: in a {n}-point match a game is "
                                                 f"played while both scores are below {n}", "R27"))
        if crawford and [n - x for x in score].count(1) != 1:
            raise RuleViolationError(Refusal(f"the Crawford game needs exactly one player 1 point away from {n} "
                                             f"(R28); the score is {score[0]}-{score[1]}", "R28", cite=False))
    return int(score[0]), int(score[1])


def read_xgid(text: str, rules: Rules | None = None) -> IdGame:
    """The game an XGID describes (see :meth:`Game.from_xgid <bgsim.game.game.Game.from_xgid>`).

    The rules come from the XGID: a match of its length (R27, with the Crawford rule, R28),
    or money play with its Jacoby (X1) and beaver (X2) flags; a max cube other than XG's
    default 1024 becomes the cube limit (V2). ``rules`` may be given instead (e.g. other
    V1-V5 settings); it must agree with the XGID's match length, Jacoby and beaver flags.
    A raccoon (``R``) is not in the rules (X2).

    >>> read_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10").doubled
    True
    """
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(_("rules must be a Rules, not {type}").format(type=type(rules).__name__))
    mine, theirs, on_roll, s = _ids.decode_xgid(text, checkers=15 if rules is None else rules.checkers)
    limit = None if s.max_cube == 1024 else s.max_cube
    if s.match_length:
        own = Rules.match(s.match_length, cube_limit=limit)
    else:
        own = Rules.money(jacoby=s.jacoby, beavers=s.beaver, cube_limit=limit)
    if rules is None:
        rules = own
    else:
        if rules.match_length != own.match_length:
            def kind(r: Rules) -> str:
                return f"a {r.match_length}-point match" if r.is_match else "a money game"
            raise RuleViolationError(Refusal(f"the XGID is {kind(own)}, but the rules are {kind(rules)}", "R27"))
        if rules.is_money and (rules.jacoby, rules.beavers) != (s.jacoby, s.beaver):
            raise RuleViolationError(Refusal(
                f"the XGID has the Jacoby rule {'on' if s.jacoby else 'off'} and beavers "
                f"{'on' if s.beaver else 'off'}, but the rules have them {'on' if rules.jacoby else 'off'} "
                f"and {'on' if rules.beavers else 'off'}", "X1, X2"))
    if s.cube_action == _ids.XG_RACCOONED:
        raise RuleViolationError(Refusal("the XGID shows a raccoon (a beaver redoubled), which is not in the rules",
                                         "X2"))
    return IdGame(rules, Position(mine, theirs, on_roll), _checked_score(rules, s.score, s.crawford), s.crawford,
                  s.cube_value, s.cube_owner, doubled=s.cube_action is not None,
                  beavered=s.cube_action == _ids.XG_BEAVERED,
                  dice=s.dice if s.cube_action is None and s.dice != (0, 0) else None)


def read_gnubg_ids(position_id: str, match_id: str) -> IdGame:
    """The game a gnubg Position ID and Match ID describe (see :meth:`Game.from_gnubg_ids
    <bgsim.game.game.Game.from_gnubg_ids>`).

    The Position ID is seen from the Match ID's player on roll (the dice owner). The rules
    are a match of the Match ID's length (R27, R28) or money play with its Jacoby setting
    (X1). Game state "none" on the start position is the game before the opening roll
    (R3); a finished game (R22) or a resignation offer cannot be continued and is refused.

    >>> at = read_gnubg_ids("4HPwATDgc/ABMA", "MAAgAQAAAAAA")
    >>> at.position is None, at.rules.match_length     # before the opening roll of a 9-point match
    (True, 9)
    """
    s = _ids.decode_match_id(match_id)
    mine, theirs = _ids.decode_position_id(position_id)
    rules = Rules.match(s.match_length) if s.match_length else Rules.money(jacoby=s.jacoby)
    if s.game_state not in (_ids.GAME_NONE, _ids.GAME_PLAYING):
        raise RuleViolationError(Refusal(f"the gnubg Match ID says the game is over (state {s.game_state}); bgsim "
                                         f"builds games still to be played", "R22"))
    if s.resignation != _ids.RESIGN_NONE:
        raise RuleViolationError(Refusal("the gnubg Match ID holds a resignation offer; bgsim reads games without "
                                         "one", "V3"))
    expected_turn = 1 - s.player_on_roll if s.double_offered else s.player_on_roll
    if s.turn != expected_turn:
        raise RuleViolationError(Refusal(
            f"the gnubg Match ID gives the turn to player {s.turn}, but player {s.player_on_roll} is on roll"
            + (" and has doubled: the opponent answers (R26)" if s.double_offered else " (R25)"),
            "R26" if s.double_offered else "R25", cite=False))
    if s.double_offered and s.dice != (0, 0):
        raise RuleViolationError(Refusal("the gnubg Match ID has a double offered after the dice were rolled; a "
                                         "double comes before the roll", "R25"))
    position = Position(mine, theirs, s.player_on_roll)
    opening = (s.game_state == _ids.GAME_NONE and s.dice == (0, 0) and not s.double_offered
               and s.player_on_roll == 0 and position == Position.initial())
    return IdGame(rules, None if opening else position, _checked_score(rules, s.score, s.crawford), s.crawford,
                  s.cube_value, s.cube_owner, doubled=s.double_offered,
                  dice=s.dice if not s.double_offered and s.dice != (0, 0) else None,
                  match_jacoby=s.jacoby if s.match_length else True)


# ------------------------------------------------------------------------------- writing
def _score_for(game: BaseGame, score) -> tuple[int, int]:
    if score is None:
        return game.id_score
    try:
        a, b = score
    except (TypeError, ValueError):
        raise RuleViolationError(_("score must be (player 0's points, player 1's points), not {score}").format(
                                     score=repr(score))) from None
    return int(a), int(b)


def _cube_for_id(game: BaseGame) -> tuple[Cube, bool, bool]:
    """The cube as the IDs show it (value and owner before a waiting double), double offered, beaver."""
    cube = game.cube
    if game.state is not GameState.AWAITING_ANSWER:
        return cube, False, False
    if not cube.beaver_pending:
        return cube, True, False
    for snap in reversed(game.history()):   # the cube as the double left it, before the beaver
        if isinstance(snap.event, Double):
            return snap.cube, True, True
    raise RuleViolationError(_("a beaver without a double in the record"))  # pragma: no cover


def xgid_of(game: BaseGame, score: tuple[int, int] | None = None) -> str:
    """The XGID of ``game`` now (:meth:`Game.xgid <bgsim.game.game.Game.xgid>`): position, cube, whose turn, dice,
    score, match length, Crawford.

    ``score`` (player 0, player 1) defaults to the game's ``id_score``. A double waiting for
    the answer is XG's ``D`` (``B`` after a beaver, X2), with the cube as it was before the
    double; before the opening roll the start position with player 0 to roll is written.
    The max cube is the rules' cube limit (V2), XG's 1024 when unlimited.

    >>> xgid_of(Game(Rules.match(5), starter=1), score=(1, 2))
    'XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:1:2:0:5:10'
    """
    cube, offered, beavered = _cube_for_id(game)
    rules = game.rules
    if rules.cube_limit is not None:
        max_cube = rules.cube_limit
    else:
        max_cube = 1024 if cube.value <= 1024 else 2 ** 15
    action = (_ids.XG_BEAVERED if beavered else _ids.XG_DOUBLED) if offered else None
    dice = game.dice if game.state is GameState.AWAITING_PLAY else None
    state = _ids.XgidState(
        cube_value=cube.value, cube_owner=cube.owner, dice=dice or (0, 0), cube_action=action,
        score=_score_for(game, score), match_length=rules.match_length, crawford=game.crawford_game,
        jacoby=rules.is_money and rules.jacoby, beaver=rules.is_money and rules.beavers, max_cube=max_cube)
    return game.position.xgid(state)


def match_id_of(game: BaseGame, score: tuple[int, int] | None = None, *, match_jacoby: bool = True) -> str:
    """The gnubg Match ID of ``game`` now (:meth:`Game.match_id <bgsim.game.game.Game.match_id>`): cube, turn, dice,
    score, match length, Crawford, Jacoby.

    ``score`` (player 0, player 1) defaults to the game's ``id_score``; ``match_jacoby`` is
    the Jacoby flag written in a match (as an ID gave it). Game state: "none" before the
    opening roll, "playing", or how the game ended (over, resigned, dropped). A beaver
    waiting for the answer (X2) has no Match ID form.

    >>> match_id_of(Game(Rules.match(9)))
    'MAAgAQAAAAAA'
    """
    cube, offered, beavered = _cube_for_id(game)
    if beavered:
        raise RuleViolationError(Refusal("a beaver waiting for the answer (X2) has no gnubg Match ID form", "X2",
                                         cite=False))
    s = game.state
    if s is GameState.OPENING:
        game_state = _ids.GAME_NONE
    elif s is GameState.OVER:
        how = game.result.how if game.result is not None else ""
        game_state = {"resign": _ids.GAME_RESIGNED, "drop": _ids.GAME_DROPPED}.get(how, _ids.GAME_OVER)
    else:
        game_state = _ids.GAME_PLAYING
    rules = game.rules
    on_roll = game.position.turn
    to_act = game.player_to_act
    state = _ids.MatchState(
        cube_value=cube.value, cube_owner=cube.owner, player_on_roll=on_roll, crawford=game.crawford_game,
        game_state=game_state, turn=on_roll if to_act is None else to_act, double_offered=offered,
        dice=game.dice if s is GameState.AWAITING_PLAY and game.dice is not None else (0, 0),
        match_length=rules.match_length, score=_score_for(game, score),
        jacoby=rules.jacoby if rules.is_money else match_jacoby)
    return _ids.encode_match_id(state)
