"""Which actions a game allows now: one table of (action, state) -> refusal.

Every action of a :class:`~bgsim.game.game.Game` and every question asked before acting
(:meth:`Game.why_not <bgsim.game.game.Game.why_not>`, ``why_no_double``, ``can_double``,
``can_beaver``, ``why_no_resignation_offer``) reads the same table, so "why can't I do this
now?" has exactly one answer. A row of :data:`TABLE` is an action (named as the method:
``"roll"``, ``"double"``, ``"offer_resignation"`` ...) and a
:class:`~bgsim.game.events.GameState`; its checks run in order and the first that objects gives
the :class:`~bgsim.engine.errors.Refusal`. The game raises it as a
:class:`~bgsim.engine.errors.RuleViolationError`.

A sentence that does not say what it refuses ("the game is over") is led in by the action
("cannot double: the game is over (R22)"); the ``why_no_*`` questions ask without that lead.

>>> g = Game(starter=0); g.double()
>>> refusal(g, "roll")
Refusal(text='Dark must first take or drop the double', rule='R26', cite=True)
>>> str(refusal(g, "double")), str(refusal(g, "double", lead=False))
('cannot double: a double is already offered; Dark must take or drop it (R26)',
 'a double is already offered; Dark must take or drop it (R26)')
>>> refusal(g, "take") is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from ..engine.errors import Refusal, RuleViolationError
from ..engine.i18n import N_, _, side_name
from ..engine.position import Position
from .cube import Cube
from .events import GameState
from .rules import ResultKind, Rules, result_kind

__all__ = ["ACTIONS", "TABLE", "VERBS", "GameView", "check_player", "refusal"]


class GameView(Protocol):
    """What the table reads of a game (a :class:`~bgsim.game.game_base.BaseGame`): its state, never its actions."""

    @property
    def state(self) -> GameState: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def position(self) -> Position: ...

    @property
    def player_to_act(self) -> int | None: ...

    @property
    def dice(self) -> tuple[int, int] | None: ...

    @property
    def cube(self) -> Cube: ...

    @property
    def crawford_game(self) -> bool: ...

    @property
    def final_roll(self) -> bool: ...

    @property
    def resignation_offer(self) -> tuple[int, ResultKind] | None: ...

    @property
    def refused_offers(self) -> frozenset[tuple[int, ResultKind]]: ...


def check_player(value: object, what: str = "player") -> int:
    """``value`` as a player number, 0 or 1; anything else is refused.

    >>> check_player(1)
    1
    >>> check_player(True, "starter")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RuleViolationError: starter must be player 0 or 1, not True
    """
    if value not in (0, 1) or isinstance(value, bool):
        raise RuleViolationError(_("{what} must be player 0 or 1, not {value}").format(what=what, value=repr(value)))
    return int(value)


@dataclass(frozen=True)
class _Ask:
    """One question to the table: may ``player`` make the action now (with ``kind``, for resignations)?"""

    game: GameView
    player: int | None
    kind: ResultKind | str | int | None
    lead: str   # "cannot double: " before a sentence that does not say what is refused; "" in a question


#: A check of one row: a refusal, or ``None`` when it has no objection.
Check = Callable[[_Ask], Refusal | None]


#: A result kind as the refusals name it: "resign a single game / a gammon / a backgammon".
_KIND_WORDS = {ResultKind.SINGLE: N_("single game"), ResultKind.GAMMON: N_("gammon"),
               ResultKind.BACKGAMMON: N_("backgammon")}
#: The kind a position makes of a resignation: "the position makes it a gammon".
_JUDGED_WORDS = {ResultKind.SINGLE: N_("single"), ResultKind.GAMMON: N_("gammon"),
                 ResultKind.BACKGAMMON: N_("backgammon")}


def _word(kind: ResultKind) -> str:
    return _(_KIND_WORDS[kind])


def _led(check: Check, lead: str | None = None) -> Check:
    """``check`` with a lead before its sentence: the action's (``cannot roll: ``) or the one given in its
    place (none in a question, which asks without a lead)."""
    def led(a: _Ask) -> Refusal | None:
        found = check(a)
        if found is None or not a.lead:
            return found
        return found.prefixed(a.lead if lead is None else _(lead))
    return led


def _says(text: str, rule: str) -> Check:
    """A check that always objects with the same sentence."""
    return lambda a: Refusal(_(text), rule)


# ------------------------------------------------------------------------------- the checks
def _offer(a: _Ask) -> tuple[int, ResultKind]:
    """The offer waiting for an answer (asked only in the state that has one)."""
    offer = a.game.resignation_offer
    assert offer is not None, "no resignation offer waits"
    return offer


def _offer_waits(a: _Ask) -> Refusal:
    offerer, kind = _offer(a)
    return Refusal(_("{offerer} has offered to resign a {kind}; {other} must first "
                     "accept or refuse it").format(
                         offerer=side_name(offerer), kind=_word(kind), other=side_name(1 - offerer)), "R30")


def _double_waits(a: _Ask) -> Refusal:
    return Refusal(_("{player} must first take or drop the double").format(
        player=side_name(a.game.player_to_act)), "R26")


def _turn_of(verb: str, rule: str, why: str) -> Check:
    """Only the player on roll may: another player named is refused (``rule: why``)."""
    def check(a: _Ask) -> Refusal | None:
        on_roll = a.game.position.turn
        if a.player is not None and check_player(a.player) != on_roll:
            return Refusal(_("{player} cannot {verb}: it is {on_roll}'s turn ({rule}: {why})").format(
                player=side_name(a.player), verb=_(verb), on_roll=side_name(on_roll), rule=rule, why=_(why)),
                rule, cite=False)
        return None
    return check


def _rolled_play_it(a: _Ask) -> Refusal:
    d1, d2 = a.game.dice or (0, 0)
    return Refusal(_("{player} has already rolled {roll}: play it now").format(
        player=side_name(a.game.position.turn), roll=f"{d1}-{d2}"), "R10")


def _must_roll_first(a: _Ask) -> Refusal:
    return Refusal(_("{player} must roll before playing: a play uses the dice just rolled").format(
        player=side_name(a.game.position.turn)), "R5, R25")


def _rolled_no_double(a: _Ask) -> Refusal:
    return Refusal(_("{player} has already rolled: a double comes before the roll").format(
        player=side_name(a.game.position.turn)), "R25")


def _cube_allows_double(a: _Ask) -> Refusal | None:
    g = a.game
    return g.cube.double_refusal(g.position.turn, g.rules, crawford_game=g.crawford_game, final_roll=g.final_roll,
                                 lead=a.lead)


def _answerer(verb: str) -> Check:
    """Only the player a double (or a beaver, X2) waits for may answer it."""
    def check(a: _Ask) -> Refusal | None:
        answerer = a.game.player_to_act
        if a.player is not None and check_player(a.player) != answerer:
            beaver = a.game.cube.beaver_pending
            if beaver:
                return Refusal(_("{player} cannot {verb} now: {answerer} answers the beaver").format(
                    player=side_name(a.player), verb=_(verb), answerer=side_name(answerer)), "X2")
            return Refusal(_("{player} cannot {verb} now: {answerer} answers the double").format(
                player=side_name(a.player), verb=_(verb), answerer=side_name(answerer)), "R26")
        return None
    return check


def _cube_allows_beaver(a: _Ask) -> Refusal | None:
    return a.game.cube.beaver_refusal(a.game.rules, lead=a.lead)


def _concedes_enough(a: _Ask) -> Refusal | None:
    """V3: anyone may resign at any time, but not less than the position shows (R23)."""
    player = a.game.player_to_act if a.player is None else a.player
    if player is None:
        return Refusal(_("before the opening roll, say which player resigns: resign(player=0) or resign(player=1)"),
                       "V3")
    player = check_player(player)
    judged = result_kind(a.game.position, player)
    conceded = judged if a.kind is None else ResultKind.of(a.kind)
    if conceded < judged:
        return Refusal(_("{player} cannot resign a {kind}: the position makes it a {judged}").format(
            player=side_name(player), kind=_word(conceded), judged=_(_JUDGED_WORDS[judged])), "V3, R23")
    return None


def _offers_in_rules(a: _Ask) -> Refusal | None:
    if a.game.rules.resignation != "offer":
        return Refusal(_("these rules judge a resignation from the position (V3), without offers: use resign()"),
                       "V3", cite=False)
    return None


def _not_refused(a: _Ask) -> Refusal | None:
    """R30: an offer refused in this turn is not made again before the next turn."""
    on_roll = a.game.position.turn
    kind = None if a.kind is None else ResultKind.of(a.kind)
    if kind is not None and (on_roll, kind) in a.game.refused_offers:
        return Refusal(_("{player}'s offer to resign a {kind} was refused this turn; it may not be "
                         "repeated before the next turn").format(player=side_name(on_roll), kind=_word(kind)), "R30")
    return None


def _offer_answerer(verb: str) -> Check:
    """Only the offerer's opponent answers a resignation offer (R30)."""
    def check(a: _Ask) -> Refusal | None:
        offerer = _offer(a)[0]
        if a.player is not None and check_player(a.player) != 1 - offerer:
            return Refusal(_("{player} cannot {verb}: {answerer} answers {offerer}'s "
                             "offer").format(player=side_name(a.player), verb=_(verb), answerer=side_name(1 - offerer),
                                            offerer=side_name(offerer)),
                           "R30")
        return None
    return check


# ------------------------------------------------------------------------------- the table
_S = GameState
_NO_DOUBLE = _led(_says(N_("no double has been offered"), "R26"))
_NO_OFFER = _led(_says(N_("no resignation has been offered"), "R30"))
_ENDED = _led(_says(N_("the game is over"), "R22"))
_OFFERS = _led(_offers_in_rules)


def _answer_row(verb: str, *last: Check) -> dict[GameState, tuple[Check, ...]]:
    """Take, drop and beaver: only while a double waits, by the player it waits for."""
    return {_S.OPENING: (_NO_DOUBLE,), _S.AWAITING_DOUBLE_OR_ROLL: (_NO_DOUBLE,), _S.AWAITING_PLAY: (_NO_DOUBLE,),
            _S.AWAITING_ANSWER: (_answerer(verb), *last), _S.AWAITING_RESIGNATION_ANSWER: (_NO_DOUBLE,),
            _S.OVER: (_ENDED,)}


def _offer_answer_row(verb: str) -> dict[GameState, tuple[Check, ...]]:
    """Accepting or refusing a resignation offer: only while one waits, by the offerer's opponent (R30)."""
    return {_S.OPENING: (_NO_OFFER,), _S.AWAITING_DOUBLE_OR_ROLL: (_NO_OFFER,), _S.AWAITING_PLAY: (_NO_OFFER,),
            _S.AWAITING_ANSWER: (_NO_OFFER,), _S.AWAITING_RESIGNATION_ANSWER: (_offer_answerer(verb),),
            _S.OVER: (_ENDED,)}


#: The words an action's refusal is led in with: ``cannot <verb>: ...``.
VERBS: Mapping[str, str] = {
    "roll": N_("roll"), "play": N_("play"), "double": N_("double"), "take": N_("take"), "drop": N_("drop"),
    "beaver": N_("beaver"), "resign": N_("resign"), "offer_resignation": N_("offer to resign"),
    "accept_resignation": N_("accept the resignation"), "reject_resignation": N_("refuse the resignation")}

#: The actions of a game, named as its methods.
ACTIONS: tuple[str, ...] = tuple(VERBS)

#: action -> state -> the checks, in order (the first objection is the answer).
TABLE: Mapping[str, Mapping[GameState, tuple[Check, ...]]] = {
    "roll": {
        _S.OPENING: (),                                                        # R4: the opening roll
        _S.AWAITING_DOUBLE_OR_ROLL: (_turn_of(N_("roll"), "P1", N_("a roll out of turn is void")),),
        _S.AWAITING_PLAY: (_rolled_play_it,),
        _S.AWAITING_ANSWER: (_double_waits,),
        _S.AWAITING_RESIGNATION_ANSWER: (_led(_offer_waits),),
        _S.OVER: (_ENDED,),
    },
    "play": {
        _S.OPENING: (_says(N_("roll the opening roll first"), "R4"),),
        _S.AWAITING_DOUBLE_OR_ROLL: (_must_roll_first,),
        _S.AWAITING_PLAY: (_turn_of(N_("play"), "R10", N_("the player on roll plays the dice they rolled")),),
        _S.AWAITING_ANSWER: (_double_waits,),
        _S.AWAITING_RESIGNATION_ANSWER: (_led(_offer_waits),),
        _S.OVER: (_ENDED,),
    },
    "double": {
        _S.OPENING: (_led(_says(N_("the opening roll has not decided who starts yet; a double comes on one's "
                                   "own turn"), "R4, R25")),),
        _S.AWAITING_DOUBLE_OR_ROLL: (_turn_of(N_("double"), "R25", N_("only on one's own turn")), _cube_allows_double),
        _S.AWAITING_PLAY: (_turn_of(N_("double"), "R25", N_("only on one's own turn")), _rolled_no_double),
        _S.AWAITING_ANSWER: (_cube_allows_double,),
        _S.AWAITING_RESIGNATION_ANSWER: (_offer_waits,),
        _S.OVER: (_ENDED,),
    },
    "take": _answer_row(N_("take")),
    "drop": _answer_row(N_("drop")),
    "beaver": _answer_row(N_("beaver"), _cube_allows_beaver),
    "resign": {
        _S.OPENING: (_concedes_enough,),                                       # V3: at any time
        _S.AWAITING_DOUBLE_OR_ROLL: (_concedes_enough,),
        _S.AWAITING_PLAY: (_concedes_enough,),
        _S.AWAITING_ANSWER: (_concedes_enough,),
        _S.AWAITING_RESIGNATION_ANSWER: (_led(_offer_waits, N_("cannot resign now: ")),),
        _S.OVER: (_ENDED,),
    },
    "offer_resignation": {
        _S.OPENING: (_OFFERS, _led(_says(N_("the opening roll has not decided who starts yet; an offer comes "
                                            "on one's own turn"), "R4, R30"))),
        _S.AWAITING_DOUBLE_OR_ROLL: (_OFFERS, _turn_of(N_("offer to resign"), "R30", N_("on one's own turn")),
                                     _led(_not_refused)),
        _S.AWAITING_PLAY: (_OFFERS, _turn_of(N_("offer to resign"), "R30", N_("on one's own turn")),
                           _led(_not_refused)),
        _S.AWAITING_ANSWER: (_OFFERS, _led(_double_waits)),
        _S.AWAITING_RESIGNATION_ANSWER: (_OFFERS, _led(_offer_waits)),
        _S.OVER: (_OFFERS, _ENDED),
    },
    "accept_resignation": _offer_answer_row(N_("accept the resignation")),
    "reject_resignation": _offer_answer_row(N_("refuse the resignation")),
}


def refusal(game: GameView, action: str, player: int | None = None, kind: ResultKind | str | int | None = None, *,
            lead: bool = True) -> Refusal | None:
    """Why ``player`` may not make ``action`` in ``game`` now, as a :class:`~bgsim.engine.errors.Refusal`; ``None`` if
    they may.

    ``player`` ``None`` asks for whoever acts now; ``kind`` is the result kind of ``"resign"``
    (default: what the position shows) and ``"offer_resignation"``. ``lead=False`` gives the
    reason without the action's lead-in (``cannot double: ``), as the ``why_no_*`` questions
    say it. Whether a given play is legal is the engine's question
    (:meth:`~bgsim.engine.plays.LegalPlays.resolve`), not the table's.

    >>> g = Game(starter=0)
    >>> refusal(g, "double", player=1).rule, refusal(g, "play").rule
    ('R25', 'R5, R25')
    >>> refusal(g, "castle")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RuleViolationError: 'castle' is not an action of a game: roll, play, double, take, drop, beaver,
    resign, offer_resignation, accept_resignation, reject_resignation
    """
    row = TABLE.get(action) if isinstance(action, str) else None
    if row is None:
        raise RuleViolationError(_("{action} is not an action of a game: {join}").format(
                                     action=repr(action), join=', '.join(ACTIONS)))
    ask = _Ask(game, player, kind, _("cannot {verb}: ").format(verb=_(VERBS[action])) if lead else "")
    for check in row[game.state]:
        found = check(ask)
        if found is not None:
            return found
    return None
