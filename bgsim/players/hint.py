"""Hints: every legal play of a roll ranked by a player's evaluation, and rollouts of the best.

:func:`rank_plays` (``bgsim.rank_plays``) takes a position with the side on roll about to play
``dice`` (or a game, with the dice just rolled) and ranks each legal play
(R5-R21) by the cubeless money equity of the mover after the play (R23: a gammon counts 2,
a backgammon 3), as a player judges it:

- **0-ply** (the default): the player's evaluation of the position after each play, the
  opponent on roll (``"net"``: bgsim's network, :mod:`bgsim.sim.net`; ``"gnubg"``: gnubg's own
  0-ply network when the optional extra is installed, :mod:`bgsim.sim.gnubg_player`). A play
  that bears off the last checker wins at once (R22) and counts as the result it gives.
- **1-ply** (``plies=1``): the same, one roll deeper: after each play, each of the
  opponent's 21 rolls (R3) answered by the play the player would make, the results judged
  and averaged (:meth:`bgsim.sim.net.Net.evaluate`). Stronger, and slower (a fraction of a
  second for a roll; the PlayWidget's hint and tutor use it).
- **rollout** (``rollout=True``): the ``candidates`` best plays at 0-ply are each played
  out ``games`` times by the same player, cubeless, **with the same dice for every
  candidate** (common random numbers): game ``g`` of every candidate starts with the
  opponent's roll ``ALL_ROLLS[g % 36]`` (each of the 36 rolls equally often) and then
  draws its dice from its own stream, seeded by ``(seed, g)``. The differences between
  candidates are then means of paired differences, with intervals narrower than two
  independent runs would give: much narrower where the games stay alike (a race: a third
  of the width, a tenth of the variance, ``benchmarks/bench_hint.py``), a little where the
  candidates' games soon part ways (from the opening: about nine tenths of the variance).
  No other variance reduction is applied. Each candidate's ``interval`` is the 95% interval
  of its difference to the best candidate (the best's is ``[0, 0]``); ``equity_interval``
  its own.

The probabilities shown are the player's raw outputs (the network does not force, e.g.,
the backgammon chance below the win chance; a difference of a fraction of a percent can
show in hopeless positions).

The numbers are those of the player who evaluated or played, not of perfect play: the
ranking says who (``.player``) and quotes the player's measured strength
(:mod:`bgsim.sim.strength`).

>>> from bgsim import Position
>>> ranking = rank_plays(Position.initial(), (3, 1))
>>> str(ranking.best.play), ranking.best.rank, ranking.best.loss
('8/5 6/5', 1, 0.0)
>>> all(r.loss >= 0 for r in ranking) and len(ranking) == len(Position.initial().legal_plays((3, 1)))
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

import numpy as np

from ..engine.dice import ALL_ROLLS, check_dice, seed_sequence
from ..engine.errors import HintError
from ..engine.i18n import N_, _, fmt_count, fmt_number, fmt_percent, ngettext, pgettext
from ..engine.notation import text_order
from ..engine.plays import Play
from ..engine.position import Position
from ..game.game import Game
from ..game.game_guards import refusal
from ..game.rules import Rules, result_kind
from ..odds.bearoff import race_chances
from ..odds.equity import CubeDecision
from ..odds.intervals import Interval, normal_quantile
from ..odds.results import ResultDisplay, TextTable, jsonable
from ..sim.compiled_players import PLAYER_CODES
from ..sim.gnubg_player import GnubgPlayer
from ..sim.net import Net, NetEvaluation, NetPlayer
from ..sim.net_cube import cube_advice
from ..sim.playouts import PlayoutJob, play_chunk
from ..sim.strength import error_note, position_class, strength_note

__all__ = ["DEFAULT_CANDIDATES", "DEFAULT_ROLLOUT_GAMES", "HINT_PLAYERS", "PlayRanking", "RankedPlay",
           "RolloutSettings", "cube_hint", "rank_plays"]

#: The players that can rank plays (they evaluate positions): bgsim's network and gnubg's.
HINT_PLAYERS = ("net", "gnubg")
#: Candidates rolled out by default (the best ones at 0-ply).
DEFAULT_CANDIDATES = 5
#: Games per candidate in a rollout by default (36 x 36: each opening reply 36 times).
DEFAULT_ROLLOUT_GAMES = 1296
#: The value of each play-out outcome (win single, gammon, backgammon, lose ..., draw) for the
#: side on roll in the play-out (the opponent of the mover), cubeless money play (R23).
_VALUES = np.array([1.0, 2.0, 3.0, -1.0, -2.0, -3.0, 0.0])


# ============================================================================================
# The result
# ============================================================================================


@dataclass(frozen=True)
class RolloutSettings:
    """How a ranking's candidates were rolled out: ``games`` per candidate, the ``seed``
    (``rank_plays(..., rng=seed)`` plays the same games again), the ``player`` who played
    every side of every game, and how many ``candidates`` were rolled out."""

    games: int
    seed: int | tuple[int, ...]
    player: str
    candidates: int

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-safe data."""
        return {"games": self.games, "seed": jsonable(self.seed), "player": self.player,
                "candidates": self.candidates}


@dataclass(frozen=True)
class RankedPlay:
    """One legal play, ranked: the mover's chances after it (cubeless) and its equity.

    ``equity`` is the mover's cubeless money equity after the play (points per game, R23);
    ``win`` counts every win, ``win_gammon`` the wins of a gammon or more, likewise
    ``win_backgammon``, ``lose_gammon``, ``lose_backgammon``. ``loss`` is the best play's
    equity minus this one's (>= 0; for a play not rolled out, measured at the ranking's plies
    against the best play there). ``interval``: ``None`` at 0-ply; after a rollout the 95% interval of
    ``loss`` from the paired games (common random numbers), and ``equity_interval`` the
    95% interval of ``equity``. ``rolled_out`` says which numbers these are; ``rank`` is
    1-based.
    """

    play: Play
    equity: float
    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float
    loss: float
    interval: Interval | None
    rank: int
    rolled_out: bool = False
    equity_interval: Interval | None = None

    @property
    def lose(self) -> float:
        """The mover's chance of losing (1 - win)."""
        return 1.0 - self.win

    def to_dict(self) -> dict[str, Any]:
        """The ranked play as JSON-safe data (the play in notation and as steps, in the notation's order)."""
        steps = self.play.steps
        return {"play": str(self.play), "steps": [list(steps[i]) for i in text_order(steps)], "rank": self.rank,
                "equity": self.equity, "loss": self.loss, "win": self.win, "win_gammon": self.win_gammon,
                "win_backgammon": self.win_backgammon, "lose_gammon": self.lose_gammon,
                "lose_backgammon": self.lose_backgammon, "rolled_out": self.rolled_out,
                "interval": jsonable(self.interval), "equity_interval": jsonable(self.equity_interval)}


@dataclass(frozen=True, eq=False)
class PlayRanking(ResultDisplay, Sequence[RankedPlay]):
    """Every legal play of ``dice`` in ``position``, best first (a sequence of :class:`RankedPlay`).

    ``player`` names who evaluated (and, with ``rollout``, played the games out); ``plies``
    how deep it looked (0 or 1); ``bearoff`` which bear-off database judged plays after which
    both sides bear off (``"two-sided"``, ``"one-sided"``, ``""`` none); ``rollout`` is ``None``
    without a rollout, else its :class:`RolloutSettings`. ``best`` is the first play. ``str()`` gives a table like
    gnubg's hint; notebooks show it as HTML.
    """

    position: Position
    dice: tuple[int, int]
    player: str
    plays: tuple[RankedPlay, ...]
    rollout: RolloutSettings | None = None
    elapsed: float = field(default=0.0, compare=False)
    plies: int = 0
    bearoff: str = ""

    # -------------------------------------------------------------- the sequence
    @overload
    def __getitem__(self, i: int) -> RankedPlay: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[RankedPlay]: ...
    def __getitem__(self, i):
        return self.plays[i]

    def __len__(self) -> int:
        return len(self.plays)

    def __iter__(self) -> Iterator[RankedPlay]:
        return iter(self.plays)

    @property
    def best(self) -> RankedPlay:
        """The best play (rank 1)."""
        return self.plays[0]

    def rank_of(self, play: Play | str) -> RankedPlay:
        """The entry of ``play`` (a :class:`Play` or notation), e.g. to see what a play loses.

        >>> from bgsim import Position
        >>> rank_plays(Position.initial(), (3, 1)).rank_of("24/21 24/23").loss > 0
        True
        """
        if isinstance(play, str):
            play = self.position.parse_play(play, self.dice)
        for r in self.plays:
            if r.play == play or (play.after is not None and r.play.after == play.after):
                return r
        raise HintError(_("{play} is not a legal play of {roll} here (R5-R21)").format(
            play=play, roll=f"{self.dice[0]}-{self.dice[1]}"))

    # -------------------------------------------------------------- data and display
    def to_dict(self) -> dict[str, Any]:
        """The ranking as JSON-safe data: the position (its IDs), dice, player, rollout settings, plays."""
        pos = self.position
        return {"position": {"gnubg_id": pos.gnubg_id(), "xgid": pos.xgid(), "turn": pos.turn},
                "gnubg_id": pos.gnubg_id(),
                "dice": list(self.dice), "player": self.player, "plies": self.plies,
                "rollout": None if self.rollout is None else self.rollout.to_dict(),
                "plays": [r.to_dict() for r in self.plays], "strength": self.strength_text(),
                "bearoff": self.bearoff or None, "position_class": position_class(self.position),
                "measured_error": self.error_text() or None}

    def strength_text(self) -> str:
        """The player's measured strength, and what the numbers cover (:mod:`bgsim.sim.strength`)."""
        if self.rollout is not None:
            tail = N_("the rollout intervals cover the dice only, not the player's errors.")
        elif self.plies:
            tail = N_("1-ply numbers are the player's own judgement one roll deeper, with no interval.")
        else:
            tail = N_("0-ply numbers are the player's own judgement, with no interval.")
        return strength_note(self.judge_name, tail=tail)

    def error_text(self) -> str:
        """The measured error of the judge's 0-ply numbers in positions of this class (contact,
        crashed, race, bear-off; :func:`bgsim.sim.strength.error_note`), or ``""``: for the shipped
        network without a rollout."""
        if self.rollout is not None:
            return ""
        return error_note(self.position, self.player)

    @property
    def judge_name(self) -> str:
        """Who judged, with the depth when it was not 0-ply (``"net 1-ply"``): the name its
        measured strength is recorded under (:mod:`bgsim.sim.strength`)."""
        return self.player if self.plies == 0 else f"{self.player} {self.plies}-ply"

    def _table(self) -> TextTable:
        d = f"{self.dice[0]}-{self.dice[1]}"
        if self.rollout is None and self.plies:
            how = _("{player}, 1-ply (after each play, each of the opponent's 21 rolls answered by its best play, "
                    "judged and averaged)").format(player=self.player)
        elif self.rollout is None:
            how = _("{player}, 0-ply (the player's evaluation after each play)").format(player=self.player)
        else:
            ro = self.rollout
            how = _("{player}; the top {n} rolled out by {by}, {games} games each, same dice for every candidate, "
                    "seed {seed}").format(player=self.player, n=ro.candidates, by=ro.player, games=fmt_count(ro.games),
                                          seed=ro.seed)
        n = len(self.plays)
        title = (ngettext("Hint: {roll}, {n} legal play (position {id})",
                          "Hint: {roll}, {n} legal plays (position {id})", n).format(roll=d, n=n,
                                                                                    id=self.position.gnubg_id()),
                 _("player: {how}").format(how=how))
        rows = []
        for r in self.plays:
            loss = "" if r.rank == 1 else fmt_number(-r.loss, 3)
            if r.interval is not None and r.rank != 1:
                loss += " " + _("[{low}, {high}]").format(low=fmt_number(-r.interval.high, 3, sign=True),
                                                          high=fmt_number(-r.interval.low, 3, sign=True))
            how_r = ((_("rollout") if r.rolled_out else _("{plies}-ply, not rolled out").format(plies=self.plies))
                     if self.rollout else "")
            rows.append((f"{r.rank}", str(r.play), fmt_number(r.equity, 3, sign=True), loss,
                         *(fmt_percent(x, 1) for x in (r.win, r.win_gammon, r.win_backgammon, r.lose, r.lose_gammon,
                                                       r.lose_backgammon)))
                        + ((how_r,) if self.rollout else ()))
        bg = pgettext("backgammon, short", "bg")
        header = ("#", pgettext("a column", "play"), _("equity"), _("difference"), _("win"), _("gammon"), bg,
                  _("lose"), _("gammon"), bg) + ((_("by"),) if self.rollout else ())
        notes = [_("equity: the mover's cubeless money equity after the play (points per game, R23); "
                   "difference: to the best play")
                 + (_(", with its 95% interval from paired games") if self.rollout else "")]
        if self.rollout:
            notes.append(_("plays marked \"0-ply, not rolled out\" show the 0-ply numbers: their difference is to "
                           "the best play at 0-ply") if self.plies == 0 else
                         _("plays marked \"1-ply, not rolled out\" show the 1-ply numbers: their difference is to "
                           "the best play at 1-ply"))
        if self.bearoff:
            notes.append(_("after these plays both sides bear off: the chances come from the two-sided bear-off "
                           "database (exact), not from the player") if self.bearoff == "two-sided" else
                         _("after these plays both sides bear off: the chances come from the one-sided bear-off "
                           "database (each side's rolls to finish), not from the player"))
        notes.append(self.strength_text())
        if self.error_text():
            notes.append(self.error_text())
        return TextTable(title=title, header=header, rows=tuple(rows), notes=tuple(notes),
                     align="><<>>>>>>>")

    def __repr__(self) -> str:
        how = f"{self.plies}-ply" if self.rollout is None else f"rollout {self.rollout.games} games"
        return (f"<PlayRanking {self.dice[0]}-{self.dice[1]}, {len(self.plays)} plays, {self.player} {how}: "
                f"best {self.best.play} {self.best.equity:+.3f}>")

    def __eq__(self, other: object) -> bool:
        return self is other

    __hash__ = object.__hash__


# ============================================================================================
# The players
# ============================================================================================


def _evaluator(player) -> tuple[str, Any]:
    """``(name, object with evaluate(position) -> NetEvaluation)`` for ``player``."""
    if isinstance(player, NetPlayer):
        player = player.net
    if isinstance(player, Net):
        return player.name, player
    if isinstance(player, GnubgPlayer):
        return "gnubg", player
    if isinstance(player, str):
        name = player.strip().lower()
        if name == "net":
            return "net", Net()
        if name == "gnubg":
            return "gnubg", GnubgPlayer()    # MissingExtraError naming the extra when absent
        if name in PLAYER_CODES:
            raise HintError(_("the player {name} plays but does not evaluate positions, so it cannot rank plays: "
                              "choose from {players}").format(name=repr(name), players=", ".join(HINT_PLAYERS)))
    raise HintError(_("a hint's player is one of {players}, a bgsim.sim.net.Net or a NetPlayer, not {player}").format(
        players=", ".join(HINT_PLAYERS), player=repr(player)))


def _mover_chances(after: Position, evaluate, plies: int = 0) -> NetEvaluation:
    """The mover's cubeless chances after a play (``after``: the opponent on roll)."""
    if after.is_game_over():   # the mover bore off the last checker (R22): judged now (R23)
        kind = int(result_kind(after, loser=after.turn))
        return NetEvaluation(1.0, float(kind >= 2), float(kind >= 3), 0.0, 0.0)
    e = evaluate(after, plies)
    return NetEvaluation(1.0 - e.win, e.lose_gammon, e.lose_backgammon, e.win_gammon, e.win_backgammon)


def _bearoff_method(afters: Sequence[Position], evaluator) -> str:
    """Which bear-off database judged the plays (``"two-sided"``, ``"one-sided"``; the weaker when
    both did), or ``""`` when none did or the evaluator is not bgsim's network (:meth:`Net.evaluate`)."""
    if not isinstance(evaluator, Net):
        return ""
    methods = {c.method for c in (race_chances(a) for a in afters if not a.is_game_over()) if c is not None}
    return "one-sided" if "one-sided" in methods else "two-sided" if methods else ""


def _check_int(x, name: str, low: int) -> int:
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < low:
        raise HintError(_("{name} must be a whole number >= {low}, not {x}").format(name=name, low=low, x=repr(x)))
    return int(x)




# ============================================================================================
# Ranking
# ============================================================================================


def rank_plays(position: Position | Game, dice: tuple[int, int] | None = None, player="net",
               rollout: bool | int | None = None,
               candidates: int = DEFAULT_CANDIDATES, games: int | None = None, rng=None, *,
               plies: int = 0) -> PlayRanking:
    """Rank every legal play of ``dice`` (R5-R21) in ``position`` by the mover's equity after it.

    Parameters
    ----------
    position : Position or Game
        The side on roll is to play ``dice``; or a game, whose side on roll is to play the dice
        just rolled (refused, naming the rule, when there is nothing to play: no dice rolled yet,
        R5 and R25; a double waiting for an answer, R26; the game over, R22).
    dice : (int, int)
        The roll (for a game: the dice just rolled, if given at all).
    player : str, Net or NetPlayer, default "net"
        Who judges: ``"net"`` (bgsim's network) or ``"gnubg"`` (gnubg's 0-ply network, needs
        ``pip install 'bgsim[gnubg]'``), or a :class:`bgsim.sim.net.Net` of other weights.
    rollout : bool or int, optional
        ``True`` (or a number of games per candidate): roll the ``candidates`` best plays
        at 0-ply out with the same dice for each (see the module notes). Default: 0-ply only.
    candidates : int, default 5
        Plays rolled out (fewer if there are fewer legal plays).
    games : int, optional
        Games per candidate (default :data:`DEFAULT_ROLLOUT_GAMES`, or ``rollout`` when it
        is a number).
    rng : int, SeedSequence, Generator or None
        The rollout's seed (recorded in ``ranking.rollout.seed``).
    plies : int, default 0
        0: the player's judgement of each result; 1: one roll deeper (see the module notes).
        With ``rollout``, the candidates are the best at this depth; the games are played
        by the player at 0-ply.

    Returns
    -------
    PlayRanking
        Best first.

    >>> from bgsim import Position
    >>> race = Position.from_counts({1: 2, 2: 1}, {3: 2})
    >>> [str(r.play) for r in rank_plays(race, (2, 1))][:1]
    ['2/off 1/off']
    >>> r = rank_plays(Position.initial(), (6, 5), rollout=True, candidates=2, games=72, rng=1)
    >>> r.rollout.games, r.rollout.player, r[0].interval.value
    (72, 'net', 0.0)
    >>> rank_plays(Position.initial(), (6, 5), player="heuristic")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.HintError: the player 'heuristic' plays but does not evaluate positions, so it cannot
    rank plays: choose from net, gnubg

    A game's side on roll, with the dice just rolled:

    >>> from bgsim import Game
    >>> g = Game(starter=0); g.roll(dice=(3, 1))
    (3, 1)
    >>> str(rank_plays(g).best.play)
    '8/5 6/5'
    >>> rank_plays(Game(starter=0))
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.HintError: no play to rank: Light must roll before playing: a play uses the dice
    just rolled (R5, R25)
    """
    t0 = time.perf_counter()
    if isinstance(position, Game):
        game = position
        why = refusal(game, "play", lead=False)
        if why is not None:
            raise HintError(why.prefixed(_("no play to rank: ")))
        rolled = game.dice
        if dice is not None and tuple(dice) != rolled:
            raise HintError(f"the game's dice are {rolled}, not {tuple(dice)}")
        position, dice = game.position, rolled
    if dice is None:
        raise HintError("rank_plays needs the dice to play (or a game with the dice rolled)")
    if not isinstance(position, Position):
        raise HintError(f"position must be a bgsim.Position, not {type(position).__name__}")
    if position.is_game_over():
        raise HintError(_("the game is over (R22): there is no play to rank"))
    if position.checkers != 15:
        raise HintError(_("hints are for standard backgammon, 15 checkers a side (R2): the players judge no "
                          "{n}-checker variant (X3)").format(n=position.checkers))
    dice = check_dice(dice, error=HintError)
    if isinstance(plies, bool) or plies not in (0, 1):
        raise HintError(_("plies is 0 (the player's own judgement) or 1 (one roll deeper), not {plies}").format(
            plies=repr(plies)))
    name, evaluator = _evaluator(player)
    plays = list(position.legal_plays(dice))
    afters = [p.after for p in plays]
    assert all(a is not None for a in afters)   # the engine's plays know where they lead
    chances = [_mover_chances(a, evaluator.evaluate, plies) for a in afters]  # type: ignore[arg-type]
    bearoff = _bearoff_method(afters, evaluator)  # type: ignore[arg-type]
    order = sorted(range(len(plays)), key=lambda i: -chances[i].equity)   # stable: ties keep the engine's order
    best0 = chances[order[0]].equity
    if rollout is None or rollout is False:
        ranked = tuple(_ranked(plays[i], chances[i], best0 - chances[i].equity, None, k + 1)
                       for k, i in enumerate(order))
        return PlayRanking(position, dice, name, ranked, None, time.perf_counter() - t0, plies, bearoff)
    if isinstance(rollout, bool):
        n_games = DEFAULT_ROLLOUT_GAMES if games is None else _check_int(games, "games", 1)
    else:
        n_games = _check_int(rollout, "rollout (games per candidate)", 1)
        if games is not None and _check_int(games, "games", 1) != n_games:
            raise HintError(_("rollout={rollout} and games={games} disagree: give the games once").format(
                rollout=rollout, games=games))
    n_cand = min(_check_int(candidates, "candidates", 1), len(plays))
    ss = seed_sequence(rng, HintError)
    top = order[:n_cand]
    results = np.array([_play_out(afters[i], evaluator, name, n_games, ss) for i in top])  # type: ignore[arg-type]
    values = -_VALUES[results]                     # [candidate, game]: the mover's points
    means = values.mean(axis=1)
    rolled_order = sorted(range(n_cand), key=lambda c: -means[c])
    best_c = rolled_order[0]
    z = normal_quantile(0.95)
    ranked_list: list[RankedPlay] = []
    for k, c in enumerate(rolled_order):
        diff = values[best_c] - values[c]
        m = float(diff.mean())
        half = z * float(diff.std(ddof=1)) / math.sqrt(n_games) if n_games > 1 else math.nan
        eq_half = z * float(values[c].std(ddof=1)) / math.sqrt(n_games) if n_games > 1 else math.nan
        counts = np.bincount(results[c], minlength=7) / n_games   # the opponent's outcomes
        ch = NetEvaluation(float(counts[3:6].sum()), float(counts[4:6].sum()), float(counts[5]),
                           float(counts[1:3].sum()), float(counts[2]))
        ranked_list.append(RankedPlay(plays[top[c]], float(means[c]), *ch, loss=m,
                                      interval=Interval(m, m - half, m + half) if c != best_c
                                      else Interval(0.0, 0.0, 0.0),
                                      rank=k + 1, rolled_out=True,
                                      equity_interval=Interval(float(means[c]), float(means[c]) - eq_half,
                                                               float(means[c]) + eq_half)))
    for i in order[n_cand:]:
        ranked_list.append(_ranked(plays[i], chances[i], best0 - chances[i].equity, None, len(ranked_list) + 1))
    settings = RolloutSettings(n_games, _entropy(ss), name, n_cand)
    return PlayRanking(position, dice, name, tuple(ranked_list), settings, time.perf_counter() - t0, plies, bearoff)


def _ranked(play: Play, ch: NetEvaluation, loss: float, interval, rank: int) -> RankedPlay:
    return RankedPlay(play, ch.equity, ch.win, ch.win_gammon, ch.win_backgammon, ch.lose_gammon,
                      ch.lose_backgammon, loss=max(0.0, loss), interval=interval, rank=rank)


def _entropy(ss: np.random.SeedSequence) -> int | tuple[int, ...]:
    e = ss.entropy
    return int(e) if isinstance(e, (int, np.integer)) else tuple(int(x) for x in e)  # type: ignore[union-attr]


def _play_out(after: Position, evaluator, name: str, n_games: int, ss: np.random.SeedSequence) -> np.ndarray:
    """The outcome index (0..6, for the side on roll in ``after``) of each of ``n_games`` games
    played out from ``after``; game ``g`` starts with ``ALL_ROLLS[g % 36]`` and draws its other
    dice from the ``g``-th child of ``ss`` -- the same for every candidate (common random numbers)."""
    rules = Rules()
    if isinstance(evaluator, Net):
        codes = (PLAYER_CODES["net"],) * 2
        nets = (None, None) if name == "net" else (evaluator.play_arrays(),) * 2
        python = None
    else:
        codes = (-1, -1)
        nets = (None, None)
        python = (evaluator, evaluator)
    jobs = [PlayoutJob.create(after, rules, [roll], codes, after.turn, ss, nets=nets, python=python)
            for roll in ALL_ROLLS]
    out = np.empty(n_games, dtype=np.int64)
    for g in range(n_games):
        counts, _ = play_chunk(jobs[g % 36], g, 1)
        out[g] = int(np.argmax(counts[0]))
    return out


def cube_hint(game: Game, player="net") -> CubeDecision:
    """The cube decision for the side on roll of ``game`` before it rolls (double? and the
    opponent: take?), from ``player``'s cubeless chances (``"net"`` or ``"gnubg"``), the cube and
    the match score: a :class:`bgsim.odds.equity.CubeDecision` (model: :mod:`bgsim.sim.net_cube`).

    Refused naming the rule when the side on roll may not double now (R25, R28).

    >>> from bgsim import Game
    >>> cube_hint(Game(starter=0)).action
    'No double, take'
    """
    return cube_advice(game, _evaluator(player)[1])

