"""`Table`: a person plays a game, a money session or a match against the computer (or another person).

The table holds what a play widget needs without any widget: whose turn it is, the
computer's moves (one action at a time, so a view can show them step by step), the cube
and resignation flow, the score, the match and Crawford state, the tutor and the hint, and
the record as a ``.mat`` file. :class:`bgsim.widgets.PlayWidget` draws a table and routes
the clicks to it; tests and lessons drive it directly.

Every action of the person goes through the game (:class:`~bgsim.game.game.Game`), so a refused
action is refused by the rules, naming the rule (:class:`~bgsim.engine.errors.Refusal`); the table
returns that refusal instead of raising, and the game is unchanged. The person is player 0
(drawn at the bottom), the computer player 1; with ``opponent=None`` both are people on one
screen (hot seat) and each action is made by whoever must act.

>>> from bgsim.players.players import HandwrittenPlayer
>>> t = Table(HandwrittenPlayer(), rng=3)
>>> t.roll()                          # the opening roll (R4)
>>> t.game.dice, t.waiting_for_computer
((5, 1), False)
>>> str(t.double())                   # after the roll a double comes too late
'Light has already rolled: a double comes before the roll (R25)'
>>> t.commit("24/23 13/8")            # the person plays; then the computer acts, one step at a time
>>> t.waiting_for_computer
True
>>> t.run_computer()                  # all of its steps at once
['Computer rolls 2-2.', 'Computer plays 6/2* 6/2.']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

from ..engine.errors import BgsimError, IllegalPlayError, InvalidSettingError, Refusal, RuleViolationError
from ..engine.i18n import N_, _, fmt_number, ngettext
from ..engine.ids import _MAX_SCORE as MAX_MATCH_LENGTH
from ..engine.plays import Play
from ..game.drive import Player
from ..game.events import GameState, Move, Pass, kind_words
from ..game.game import Game
from ..game.match import Match, Session
from ..game.matfile import write_mat
from ..game.narrator import YOU, Announcer, MoveList, is_you, score_text
from ..game.records import GameRecord, MatchRecord, check_names
from ..game.rules import ResultKind, Rules, result_kind
from ..sim.net import Net
from .hint import PlayRanking, RankedPlay, cube_hint, rank_plays
from .players import named_player

__all__ = ["Table", "TutorWarning"]

HUMAN, COMPUTER = 0, 1

#: The verdicts of :class:`~bgsim.odds.equity.CubeDecision` (its ``action``, data) in the cube hint's words.
_VERDICTS = (N_("No double, take"), N_("Double, take"), N_("Double, pass"), N_("Too good to double, pass"))


# ----------------------------------------------------------------------------- the tutor
@dataclass(frozen=True)
class TutorWarning:
    """The tutor's warning before a play is committed: it loses ``loss`` equity against ``best``.

    >>> from bgsim import Position
    >>> plays = Position.initial().legal_plays((3, 1))
    >>> w = TutorWarning(plays[1], plays[0], 0.2, 0.08); w.text.startswith("The tutor")
    True
    """

    play: Play
    best: Play
    loss: float
    threshold: float

    @property
    def text(self) -> str:
        """The warning in words."""
        return _("The tutor: {play} loses {loss} points per game against {best} (more than your limit {limit}), in "
                 "the net's opinion. Press Done again to keep your play, or Undo to change it.").format(
            play=self.play, loss=fmt_number(self.loss, 3), best=self.best, limit=fmt_number(self.threshold, 2))


# ----------------------------------------------------------------------------- scoring in words
# ----------------------------------------------------------------------------- the table
class Table:
    """A game, money session or match between a person and the computer (or two people), one action at a time.

    Parameters
    ----------
    opponent : str, Player or None
        The computer's player: a name (``"net"``, ``"heuristic"``, ``"pubeval"``, ``"random"``) or a
        :class:`~bgsim.game.drive.Player`; ``None``: two people on one screen (hot seat).
    match : int, optional
        Play a match to this many points (R27, with the Crawford rule R28), at most 32767 (the longest
        match an XGID can write); default: money play.
    session : bool
        Money play only: a session of games (the points add up, "New game" plays the next);
        default: one game.
    rules : Rules, optional
        The rules (default ``Rules.money()`` or ``Rules.match(match)``).
    names : pair of str
        The person's name (player 0, at the bottom) and the computer's (player 1).
    rng : int, SeedSequence or Generator, optional
        The dice (and a random player's choices): a seed makes the whole game repeatable.
    tutor : bool
        Warn before a play is committed when it loses more than ``tutor_threshold`` equity
        against the network's best play.
    tutor_threshold : float
        The tutor's limit in points per game (cubeless equity, default 0.08).

    >>> t = Table("random", match=3, rng=1)
    >>> t.status()
    '3-point match: You 0, Computer 0 (3 away each). Cube 1, in the middle. Press Roll for the opening roll (R4).'
    """

    def __init__(self, opponent: str | Player | None = "net", *, match: int | None = None, session: bool = False,
                 rules: Rules | None = None, names: Sequence[str] | None = None, rng: Any = None,
                 tutor: bool = False, tutor_threshold: float = 0.08) -> None:
        self.names = check_names((_(YOU), _("Computer")) if names is None else names)
        if match is not None and session:
            raise InvalidSettingError(_("a table plays a match or a money session, not both"))
        threshold: object = tutor_threshold     # any number (numpy's too), not a bool, finite and >= 0
        if not isinstance(threshold, Real) or isinstance(threshold, bool) or not math.isfinite(threshold) \
                or threshold < 0:
            raise InvalidSettingError(_("tutor_threshold is an equity >= 0, not {value}").format(
                value=repr(tutor_threshold)))
        if isinstance(match, int) and match > MAX_MATCH_LENGTH:
            # Match() takes any length (R27), but every position a table shows has an XGID, and so does each
            # step of the replay at a game's end: refuse now rather than at the end of the first game.
            raise InvalidSettingError(_("a match at the table is at most {most} points long (the longest an XGID "
                                        "can write), not {n}").format(most=MAX_MATCH_LENGTH, n=match))
        self.tutor = bool(tutor)
        self.tutor_threshold = float(tutor_threshold)
        self.series: Match | Session
        if match is not None:
            self.series = Match(match, rules, rng, names=self.names, auto_start=False)
        else:
            self.series = Session(rules, rng=rng, names=self.names, auto_start=False)
        self.session = bool(session)
        if opponent is None:
            self.computer: Player | None = None
        elif isinstance(opponent, str):
            self.computer = named_player(opponent, self.series.rng)
        elif callable(getattr(opponent, "choose_play", None)):
            self.computer = opponent
        else:
            why = _("opponent is a player name, a Player or None (hot seat), not {opponent}")
            raise InvalidSettingError(why.format(opponent=repr(opponent)))
        self._warned: Play | None = None        # the play the tutor warned about (Done again keeps it)
        self._ranked: tuple[tuple[int, int], PlayRanking] | None = None   # the ranking of the roll now
        #: Who judges the plays for the hint and the tutor (:func:`bgsim.rank_plays`), and how deep:
        #: 1-ply, the network one roll deeper (stronger than the 0-ply network that plays the games out).
        self.judge = "net"
        self.judge_plies = 1
        self._own_net: Net | None = None
        #: Why there is no hint for the last roll asked about (a variant the players do not judge), or "".
        self.no_hint = ""
        self._offered_this_turn: int = -1       # the computer's resignation offer: once per turn

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Game:
        """The game being played (or the last one, once it is over)."""
        game = self.series.game
        assert game is not None   # a series always has a game
        return game

    @property
    def hot_seat(self) -> bool:
        """Two people on one screen: no computer."""
        return self.computer is None

    @property
    def is_match(self) -> bool:
        """A match (R27), not money play."""
        return isinstance(self.series, Match)

    @property
    def to_act(self) -> int | None:
        """Who must act now: player 0 or 1 (``None`` before the opening roll, which the person rolls, and after the
        game)."""
        return self.game.player_to_act

    @property
    def waiting_for_computer(self) -> bool:
        """True when the computer must act next (press "Next", or :meth:`step_computer`)."""
        return (self.computer is not None and not self.game.is_over and self.to_act == COMPUTER)

    def person(self) -> int:
        """The player whose buttons act now: player 0, or in the hot seat whoever must act."""
        if self.hot_seat and self.to_act is not None:
            return self.to_act
        return HUMAN

    @property
    def finished(self) -> bool:
        """The game is over and no further game follows (a single game, or the match is won; R22, R27)."""
        if not self.game.is_over:
            return False
        if isinstance(self.series, Match):
            return self.series.is_over
        return not self.session

    # ------------------------------------------------------------------ actions of the person
    def _act(self, action: str, *args: Any) -> Refusal | None:
        """Make the game ``action`` for the person (hot seat: whoever must act); a refusal is returned, not raised."""
        game = self.game
        player: int | None = self.person()
        if action == "roll" and game.state is GameState.OPENING:
            player = None   # the opening roll is both players' (R4)
        found = game.why_not(action, player, kind=args[0] if args else None)
        if found is None and not self.hot_seat and action in ("roll", "double", "offer_resignation") \
                and game.player_on_roll == COMPUTER:
            found = Refusal(_("it is the computer's turn: press Next to see its move"), "R25", cite=False)
        if found is not None:
            return found
        try:
            getattr(game, action)(*args, player=player)
        except RuleViolationError as exc:   # the table's question and the game agree; kept as a safety net
            return Refusal(str(exc), None, cite=False)
        self._warned = None
        return None

    def roll(self) -> Refusal | None:
        """Roll the dice (before the game: the opening roll, R4). A roll with no legal move passes (R12)."""
        return self._act("roll")

    def double(self) -> Refusal | None:
        """Offer a double before rolling (R25)."""
        return self._act("double")

    def take(self) -> Refusal | None:
        """Take the double (R26)."""
        return self._act("take")

    def drop(self) -> Refusal | None:
        """Drop the double: the game ends (R26)."""
        return self._act("drop")

    def beaver(self) -> Refusal | None:
        """Beaver: take and redouble at once, keeping the cube (X2, when the rules allow it)."""
        return self._act("beaver")

    def offer_resignation(self, kind: ResultKind | str | int) -> Refusal | None:
        """Offer to resign a single game, a gammon or a backgammon (R30); the opponent accepts or refuses."""
        try:
            k = ResultKind.of(kind)
        except BgsimError:
            return Refusal(_("one resigns a single game, a gammon or a backgammon, not {kind}").format(
                kind=repr(kind)[:40]), "R23")
        return self._act("offer_resignation", k)

    def accept_resignation(self) -> Refusal | None:
        """Accept the opponent's resignation offer: the game ends (R30)."""
        return self._act("accept_resignation")

    def reject_resignation(self) -> Refusal | None:
        """Refuse the opponent's resignation offer: play goes on (R30)."""
        return self._act("reject_resignation")

    def check_play(self, play: Play | str) -> Refusal | TutorWarning | None:
        """What committing ``play`` would meet now: a refusal (not your turn, an illegal play: the rule), the
        tutor's warning, or ``None``."""
        if not isinstance(play, (Play, str)):
            raise IllegalPlayError(_("a play is a Play or a play in notation such as '24/18 13/9', not {value}").format(
                value=repr(play)[:40]))
        game = self.game
        found = game.why_not("play", self.person())
        if found is not None:
            return found
        try:
            chosen = game.legal_plays().resolve(play)   # type: ignore[attr-defined]
        except BgsimError as exc:
            refusal = getattr(exc, "refusal", None)
            return refusal if isinstance(refusal, Refusal) else Refusal(str(exc), "R5-R21", cite=False)
        if self.tutor and self._warned != chosen and len(game.legal_plays()) > 1:
            warning = self.tutor_warning(chosen)
            if warning is not None:
                return warning
        return None

    def tutor_warning(self, play: Play) -> TutorWarning | None:
        """The tutor's warning for ``play`` of the dice rolled, or ``None`` when it loses at most the threshold."""
        ranked = self.ranking()
        if ranked is None:
            return None
        mine = ranked.rank_of(play)
        if mine.loss <= self.tutor_threshold:
            return None
        return TutorWarning(play, ranked.best.play, mine.loss, self.tutor_threshold)

    def commit(self, play: Play | str) -> Refusal | TutorWarning | None:
        """Play ``play`` for the person. With the tutor on, a play that loses more than the threshold is not
        played at first: the warning is returned; committing the same play again keeps it.

        A play the rules refuse, or text that is not a play, is answered with a :class:`Refusal`; anything
        but a :class:`~bgsim.engine.plays.Play` or a string raises :class:`~bgsim.engine.errors.IllegalPlayError`.

        >>> t = Table(None, rng=1); t.roll(); t.commit(None)
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.IllegalPlayError: a play is a Play or a play in notation such as '24/18 13/9', not None
        """
        found = self.check_play(play)
        if isinstance(found, TutorWarning):
            self._warned = found.play
            return found
        if found is not None:
            return found
        self.game.play(play, player=self.person())
        self._warned = None
        return None

    def ranking(self) -> PlayRanking | None:
        """Every legal play of the dice rolled, ranked by the network at 1-ply (:func:`bgsim.rank_plays`), or
        ``None`` when no play is waited for. Its opinion, not the truth: ``ranking().strength_text()`` says how
        strong it measured."""
        game = self.game
        dice = game.dice
        if dice is None or game.state is not GameState.AWAITING_PLAY:
            return None
        key = (len(self.series.games), len(game.events))
        if self._ranked is None or self._ranked[0] != key:
            try:
                ranking = rank_plays(game.position, dice, self.judge, plies=self.judge_plies)
            except BgsimError as exc:   # a variant the players do not judge (X3): no hint, no tutor
                self.no_hint = str(exc)
                return None
            self._ranked = (key, ranking)
        return self._ranked[1]

    def hint(self, n: int = 3) -> list[RankedPlay]:
        """The network's ``n`` best plays of the dice rolled (empty before the roll); its opinion, not the truth."""
        ranked = self.ranking()
        return [] if ranked is None else list(ranked[:n])

    def chances(self) -> tuple[float, float, float] | None:
        """The network's cubeless chances for the player on roll before the roll: (win, win a gammon, lose a
        gammon); ``None`` when nobody is on roll."""
        if self.game.player_on_roll is None or self.game.position.checkers != 15:
            return None
        e = self._net().evaluate(self.game.position)
        return (e.win, e.win_gammon, e.lose_gammon)

    def cube_advice(self) -> str | None:
        """The network's cube advice for the player on roll before the roll (:func:`bgsim.cube_hint`: double? take?),
        or ``None`` when the cube cannot be turned now (R25, R28, V2)."""
        game = self.game
        if game.state is not GameState.AWAITING_DOUBLE_OR_ROLL or not game.can_double():
            return None
        try:
            return _(str(cube_hint(game, self.judge).action))
        except BgsimError:
            return None

    def new_game(self) -> Refusal | None:
        """Start the next game of a session or match (refused while a game goes on, or once the match is won)."""
        if not self.game.is_over:
            return Refusal(_("the game is still being played: finish it (or resign, R30) first"), "R22", cite=False)
        if isinstance(self.series, Match) and self.series.is_over:
            n, winner = self.series.length, self.names[self.series.winner or 0]
            text = (ngettext("the match is over: You reached {n} point", "the match is over: You reached {n} points", n)
                    if is_you(winner) else
                    ngettext("the match is over: {name} reached {n} point",
                             "the match is over: {name} reached {n} points", n))
            return Refusal(text.format(name=winner, n=n), "R27", cite=False)
        if isinstance(self.series, Session) and not self.session:
            self.session = True   # a single game goes on as a session: the points add up
        try:
            self.series.new_game()
        except RuleViolationError as exc:
            return Refusal(str(exc), None, cite=False)
        return None

    # ------------------------------------------------------------------ the computer
    def step_computer(self) -> str | None:
        """Make the computer's next action (one roll, play, cube action or answer); returns it in words, or
        ``None`` when the computer has nothing to do."""
        if not self.waiting_for_computer:
            return None
        game, me = self.game, self.computer
        assert me is not None
        state = game.state
        before = len(game.events)
        if state is GameState.AWAITING_DOUBLE_OR_ROLL:
            kind = self._computer_resigns()
            if kind is not None:
                game.offer_resignation(kind)
                self._offered_this_turn = self._turn_number()
            elif game.can_double() and me.offer_double(game):
                game.double()
            else:
                game.roll()           # a roll that cannot move is recorded with its pass (R12)
        elif state is GameState.AWAITING_PLAY:
            dice = game.dice
            assert dice is not None
            game.play(me.choose_play(game, dice, game.legal_plays()))
        elif state is GameState.AWAITING_ANSWER:
            answer = me.accept_double(game)
            if answer == "beaver" and not game.can_beaver():
                answer = "take"
            getattr(game, answer)()
        elif state is GameState.AWAITING_RESIGNATION_ANSWER:
            _offerer, kind = game.resignation_offer   # type: ignore[misc]
            if self._computer_accepts(kind):
                game.accept_resignation()
            else:
                game.reject_resignation()
        else:
            return None   # pragma: no cover - the computer acts in the states above only
        return Announcer(self.names).news(game.events[before:])   # what it did, in words (the narrator's)

    def run_computer(self) -> list[str]:
        """Let the computer make every action until the person must act (or the game ends); returns them in
        words."""
        said = []
        while (text := self.step_computer()) is not None:
            said.append(text)
        return said

    def _turn_number(self) -> int:
        return sum(isinstance(e, (Move, Pass)) for e in self.game.events)

    def _net(self) -> Net:
        net = getattr(self.computer, "net", None)
        if isinstance(net, Net):
            return net
        if self._own_net is None:
            self._own_net = Net()
        return self._own_net

    def _net_of_computer(self) -> Net | None:
        return getattr(self.computer, "net", None)

    def _computer_resigns(self) -> ResultKind | None:
        """The computer offers to resign when the network gives it (nearly) no chance to win (R30)."""
        net = self._net_of_computer()
        game = self.game
        if net is None or self._offered_this_turn == self._turn_number() or game.why_not("offer_resignation"):
            return None
        e = net.evaluate(game.position)
        if e.win > 0.002:
            return None
        if e.lose_backgammon > 0.5:
            return ResultKind.BACKGAMMON
        return ResultKind.GAMMON if e.lose_gammon > 0.5 else ResultKind.SINGLE

    def _computer_accepts(self, kind: ResultKind) -> bool:
        """Accept when the kind offered is worth at least what the network expects to win by playing on
        (cubeless, in units of the cube); without a network, when it is at least what the position shows (R23)."""
        game = self.game
        judge = getattr(self.computer, "accept_resignation", None)
        if judge is not None:
            return bool(judge(game, kind))
        offerer = game.resignation_offer[0]   # type: ignore[index]
        net = self._net_of_computer()
        if net is None:
            return kind >= result_kind(game.position, offerer)
        e = net.evaluate(game.position)   # the offerer is on roll: its equity, negated, is ours
        return float(kind.value) >= -e.equity - 1e-9

    # ------------------------------------------------------------------ telling
    def status(self) -> str:
        """The score, the cube, Crawford and what happens next, in one line."""
        names, game = self.names, self.game
        series = self.series
        parts = []
        if isinstance(series, Match):
            a0, a1 = series.away()
            text = _("{n}-point match: {first} {a}, {second} {b}").format(
                n=series.length, first=names[0], a=series.score[0], second=names[1], b=series.score[1])
            text += (_(" ({a} away each)").format(a=a0) if a0 == a1 else
                     _(" ({first} {a} away, {second} {b} away)").format(first=names[0], a=a0, second=names[1], b=a1))
            if game.crawford_game:
                text += _("; Crawford game: no doubling (R28)")
            elif series.post_crawford:
                text += _("; post-Crawford: the cube is back (R28)")
            parts.append(text + ".")
        else:
            s = series.score
            parts.append(_("Money play, game {number}: {first} {a}, {second} {b} points won.").format(
                number=len(series.games), first=names[0], a=s[0], second=names[1], b=s[1]))
        owner = game.cube_owner
        parts.append(_("Cube {value}, in the middle.").format(value=game.cube_value) if owner is None else
                     _("Cube {value}, owned by {name}.").format(value=game.cube_value, name=names[owner]))
        parts.append(self.prompt())
        return " ".join(parts)

    def prompt(self) -> str:
        """What the person (or the computer) must do now, in words."""
        game, names = self.game, self.names
        state = game.state
        if state is GameState.OVER:
            result = game.result
            assert result is not None
            end = score_text(result, names)
            if isinstance(self.series, Match) and self.series.is_over:
                winner = names[self.series.winner or 0]
                return end + (_(" You won the match.") if is_you(winner) else
                              _(" {name} won the match.").format(name=winner))
            if self.finished:
                return end
            return end + _(" Press New game for the next game.")
        if state is GameState.OPENING:
            return _("Press Roll for the opening roll (R4).")
        actor = self.to_act
        assert actor is not None
        name = names[actor]
        if self.waiting_for_computer:
            return _("{name} is thinking: press Next to see its move.").format(name=name)
        if state is GameState.AWAITING_DOUBLE_OR_ROLL:
            return _("{name}: Roll, or Double (R25).").format(name=name)
        if state is GameState.AWAITING_PLAY:
            d1, d2 = game.dice or (0, 0)
            return _("{name}: play {roll}: click a checker, then where it goes; then Done.").format(
                name=name, roll=f"{d1}-{d2}")
        if state is GameState.AWAITING_ANSWER:
            return _("{name}: Take or Drop the double to {value} (R26).").format(name=name,
                                                                                  value=game.cube.offered_value)
        offerer, kind = game.resignation_offer   # type: ignore[misc]
        text = (_("{name}: You offer to resign a {kind}: Accept or Refuse (R30).") if is_you(names[offerer]) else
                _("{name}: {offerer} offers to resign a {kind}: Accept or Refuse (R30)."))
        return text.format(name=name, offerer=names[offerer], kind=kind_words(kind))

    def moves(self) -> list[str]:
        """The current game's move list: each play in notation with its dice, and the cube and resignation actions.

        >>> t = Table(None, rng=6, names=("Ann", "Ben"))
        >>> t.roll(); t.commit(t.game.legal_plays()[0]); t.double()
        >>> t.moves()
        ['Opening roll: Ann 3, Ben 4: Ben starts (R4)', 'Ben 4-3: 24/20 24/21', 'Ann doubles to 2 (R25)']
        """
        lines = MoveList(self.names)
        events = self.game.events
        told = (lines.line(ev, last=k == len(events) - 1) for k, ev in enumerate(events))
        return [line for line in told if line]

    def record(self) -> MatchRecord:
        """The games so far as a :class:`~bgsim.game.records.MatchRecord` (for the replay)."""
        return self.series.record()

    def game_record(self) -> GameRecord:
        """The current game alone as a :class:`~bgsim.game.records.GameRecord` (numbered in its series, with the score
        before it): what the replay at a game's end shows, at the cost of one game however long the session.

        >>> t = Table(None, session=True, rng=1); t.roll(); t.offer_resignation("gammon"); t.accept_resignation()
        >>> t.new_game(); t.roll(); rec = t.game_record()
        >>> rec.number, rec.score
        (2, (2, 0))
        """
        series = self.series
        number = len(series.games)
        done = series.summaries
        score = done[number - 1].score_before if number <= len(done) else series.score
        return GameRecord.from_game(self.game, number=number, score=score, names=self.names)

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-safe data: who plays, the tutor's setting, and every game so far (its record).

        >>> import json
        >>> t = Table("random", match=3, rng=1); t.roll()
        >>> d = t.to_dict(); d["opponent"], d["match"], len(d["record"]["games"]) >= 1
        ('RandomPlayer(double_rate=0.05, drop_rate=0.3, beaver_rate=0.1)', 3, True)
        >>> json.loads(json.dumps(d)) == d
        True
        """
        return {"names": list(self.names), "opponent": None if self.computer is None else repr(self.computer),
                "match": self.series.length if isinstance(self.series, Match) else None, "session": self.session,
                "tutor": self.tutor, "tutor_threshold": self.tutor_threshold, "record": self.record().to_dict()}

    def mat(self) -> str:
        """The games so far as a ``.mat`` file's text (:func:`bgsim.game.matfile.write_mat`), for gnubg to import."""
        return write_mat(self.series)

    def __repr__(self) -> str:
        who = "hot seat" if self.computer is None else f"vs {self.computer!r}"
        return f"<Table {who}: {self.status()}>"
