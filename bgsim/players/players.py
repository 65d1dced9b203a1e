"""Players: who chooses the plays and the cube actions when a game runs by itself.

A :class:`Player` is anything with three methods: :meth:`~Player.choose_play` (pick one
of the legal plays), :meth:`~Player.offer_double` (double now?) and
:meth:`~Player.accept_double` (``"take"``, ``"drop"`` or ``"beaver"``). Built in:

- :class:`RandomPlayer`: every choice at random (for invariant tests and baselines), the
  ``"random"`` player;
- :class:`PubevalPlayer`: Tesauro's pubeval, the ``"pubeval"`` player;
- :class:`HeuristicPlayer`: the ``"heuristic"`` player: pubeval, and the exact bear-off
  database once contact is over and every checker is home (the same as
  ``PubevalPlayer(bearoff=True)``);
- :class:`bgsim.sim.net.NetPlayer`: the trained network, the ``"net"`` player;
- :class:`HandwrittenPlayer`: a small hand-written evaluation (pips, blots and how many
  rolls hit them, home-board points, primes, hits), the one player without a name in
  :func:`bgsim.estimate`.

The four with a name choose exactly as the compiled players of :func:`bgsim.estimate` of
the same name (:data:`bgsim.sim.compiled_players.PLAYERS`), and :func:`named_player` makes the
player behind a name: one name, one player. All of them but the random and net players
double by the same naive race-only rule on the pip count.

*Changed in 0.2:* ``HeuristicPlayer`` used to be the hand-written player, which is now called
:class:`HandwrittenPlayer` (CHANGELOG.md).

:func:`play_game` runs a :class:`~bgsim.game.game.Game` to the end with two players. A person
does not need a Player: they call the game's methods themselves.

>>> import numpy as np
>>> from bgsim.game.rules import Rules
>>> game = play_game(Rules.money(), (HandwrittenPlayer(), RandomPlayer(np.random.default_rng(1))), rng=5)
>>> game.is_over, game.result.winner in (0, 1)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np  # noqa: F401  (the doctests use it)

from ..engine.dice import ALL_ROLLS, rng_from
from ..engine.errors import InvalidSettingError
from ..engine.plays import Play
from ..engine.position import Position
from ..game.drive import Player, RandomPlayer, drive, position_of
from ..game.game import Game
from ..game.rules import Rules
from ..sim.compiled_players import PLAYERS, compiled_choice
from ..sim.gnubg_player import GnubgPlayer
from ..sim.net import Net, NetPlayer

__all__ = ["HandwrittenPlayer", "HeuristicPlayer", "PubevalPlayer",
           "named_player", "play_game", "shot_rolls"]


def _hit_masks() -> tuple[int, ...]:
    """For distance d (1-24), a 36-bit mask of the ordered rolls whose numbers can travel d pips.

    A roll (a, b) reaches d with one die (a or b), with both (a + b) or, for doubles, with
    three or four of the number. Blocked points on the way are ignored (a simple count).
    """
    masks = [0] * 25
    for r, (a, b) in enumerate(ALL_ROLLS):
        reach = {a, b, a + b}
        if a == b:
            reach |= {3 * a, 4 * a}
        for d in reach:
            if d <= 24:
                masks[d] |= 1 << r
    return tuple(masks)


_MASKS = _hit_masks()


def shot_rolls(distances) -> int:
    """How many of the 36 rolls hit a blot from at least one of ``distances`` (blocks ignored).

    >>> shot_rolls([1]), shot_rolls([6]), shot_rolls([6, 1])
    (11, 17, 24)
    """
    mask = 0
    for d in distances:
        if 1 <= d <= 24:
            mask |= _MASKS[d]
    return mask.bit_count() if hasattr(mask, "bit_count") else bin(mask).count("1")


_HOME_POINT_BONUS = (0, 3.0, 3.5, 4.0, 5.0, 6.0, 6.0, 4.5)  # made points 1..7 (7 = the bar point)


def _evaluate(me: tuple[int, ...], opp: tuple[int, ...]) -> float:
    """Score for the side ``me`` (just moved) against ``opp``, each in its own numbering; higher is better."""
    my_pips = 0
    opp_pips = 0
    for i in range(1, 26):
        my_pips += i * me[i]
        opp_pips += i * opp[i]
    score = float(opp_pips - my_pips)
    # Opposing checkers, in MY numbering: their point q is my point 25 - q (their bar, q = 25, is my 0).
    opp_at = [25 - q for q in range(1, 26) if opp[q]]
    my_back = max((p for p in range(1, 26) if me[p]), default=0)
    if not opp_at or my_back <= min(opp_at):   # a race: no contact any more
        return score + 2.0 * me[0] - 0.3 * sum(max(0, me[p] - 3) for p in range(1, 7))
    # Blots: penalised by the rolls that hit them and by what a hit costs (25 - p pips and a tempo).
    for p in range(1, 25):
        if me[p] == 1:
            dists = [p - x for x in opp_at if x < p]
            if dists:
                shots = shot_rolls(dists)
                score -= shots / 36.0 * (25 - p + 8.0)
    # Made points: home board and bar point, anchors, the longest run (prime).
    run = best = 0
    for p in range(1, 25):
        if me[p] >= 2:
            run += 1
            best = max(best, run)
            if p <= 7:
                score += _HOME_POINT_BONUS[p]
            elif p >= 19:
                score += 2.0
            if me[p] > 3:
                score -= 0.4 * (me[p] - 3)
        else:
            run = 0
    score += 0.9 * best * best
    # Checkers buried on the 1 and 2 points are out of play while there is contact.
    score -= 1.5 * me[1] + 0.75 * me[2]
    # Opposing checkers on the bar: worth more against a strong home board.
    if opp[25]:
        home = sum(1 for p in range(1, 7) if me[p] >= 2)
        score += opp[25] * (4.0 + 1.5 * home)
    return score


class _PipCountCube:
    """The naive race-only cube rule of :class:`HandwrittenPlayer`, :class:`PubevalPlayer` and
    :class:`HeuristicPlayer`."""

    double_lead: float = 0.08
    take_deficit: float = 0.12
    beaver_lead: float = 0.05

    def offer_double(self, game: Game) -> bool:
        """Double in a race when the opponent's pip count is ``double_lead`` (8%) above ours.

        >>> g = Game(position=Position.from_counts({3: 15}, {6: 15}, turn=0))
        >>> HandwrittenPlayer().offer_double(g), HandwrittenPlayer().offer_double(Game(starter=0))
        (True, False)
        """
        pos = game.position
        if not game.can_double() or not pos.is_race():
            return False
        mine, theirs = pos.pips()
        return theirs >= mine * (1 + self.double_lead)

    def accept_double(self, game: Game) -> str:
        """Take unless a race is lost by more than ``take_deficit``; beaver a race we lead (when allowed).

        >>> g = Game(position=Position.from_counts({3: 15}, {6: 15}, turn=0)); g.double()
        >>> HandwrittenPlayer().accept_double(g)
        'drop'
        """
        pos = game.position  # the doubler is on roll
        if not pos.is_race():
            return "take"
        doubler, me = pos.pips()
        if game.can_beaver() and doubler >= me * (1 + self.beaver_lead):
            return "beaver"
        return "take" if me <= doubler * (1 + self.take_deficit) else "drop"


class HandwrittenPlayer(_PipCountCube):
    """A simple hand-written player: the best play by a small evaluation; a naive pip-count cube.

    Hand-written because every term and weight of its evaluation was chosen by hand: nothing
    was fitted (as pubeval's weights were) or trained (as the network's). It is bgsim's only
    player without a compiled twin, so :func:`bgsim.estimate` plays it in the Python loop.
    Until this release it was called ``HeuristicPlayer``, a name that now means the
    ``"heuristic"`` player (:class:`HeuristicPlayer`).

    The evaluation (of the position after the play, for the player who moved): pip-count
    lead; each blot penalised by the number of rolls (of 36) that could hit it from the
    opponent's checkers behind it (blocks ignored) times what the hit costs; bonuses for
    made home-board points and the bar point, anchors, the longest prime, and opposing
    checkers on the bar (hits); small penalties for stacks. In a race: pips and checkers off.

    Cube (money or match alike, naive): double only in a race when the opponent's pip count
    exceeds ours by 8% or more; take a race double when 12% or less behind, else drop;
    always take in contact; beaver (X2) a race double when ahead by 5% or more.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> str(HandwrittenPlayer().choose_play(pos, (3, 1), pos.legal_plays((3, 1))))
    '8/5 6/5'
    """

    def __init__(self, *, double_lead: float = 0.08, take_deficit: float = 0.12, beaver_lead: float = 0.05) -> None:
        self.double_lead = double_lead
        self.take_deficit = take_deficit
        self.beaver_lead = beaver_lead

    def evaluate(self, position: Position) -> float:
        """The evaluation for the player who just moved (NOT on roll in ``position``); higher is better.

        >>> from bgsim import Position
        >>> h = HandwrittenPlayer()
        >>> h.evaluate(Position.initial().play("8/5 6/5")) > h.evaluate(Position.initial().play("24/21 24/23"))
        True
        """
        return _evaluate(position.theirs, position.mine)

    def choose_play(self, game_or_pos, dice, plays: Sequence[Play]) -> Play:
        """The play whose resulting position evaluates best (the first one on a tie).

        >>> from bgsim import Position
        >>> pos = Position.initial(turn=1).play("13/9 6/5")      # the opponent left a blot on our 20-point
        >>> str(HandwrittenPlayer().choose_play(pos, (4, 3), pos.legal_plays((4, 3))))   # hit it
        '24/20* 13/10'
        """
        if len(plays) == 1:
            return plays[0]
        pos = position_of(game_or_pos)
        best, best_score = plays[0], -1e18
        for play in plays:
            after = pos.play(play)
            s = _evaluate(after.theirs, after.mine)
            if s > best_score:
                best, best_score = play, s
        return best

    def __repr__(self) -> str:
        return "HandwrittenPlayer()"


class PubevalPlayer(_PipCountCube):
    """Tesauro's pubeval as a Python player: the compiled ``"pubeval"`` player of :func:`bgsim.estimate`.

    ``bearoff=True`` makes it the compiled ``"heuristic"`` player: pubeval, and the exact
    one-sided bear-off database (fewest expected rolls) once contact is over and all the
    mover's checkers are home (R16); :class:`HeuristicPlayer` is that player by its name.
    Each choice is made by the same compiled code as in :func:`bgsim.estimate`
    (:func:`bgsim.sim.compiled_players.compiled_choice`), so it plays exactly as the named player
    does. Cube: the naive race rule of :class:`HandwrittenPlayer`.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> str(PubevalPlayer().choose_play(pos, (3, 1), pos.legal_plays((3, 1))))
    '8/5 6/5'
    """

    def __init__(self, bearoff: bool = False, *, double_lead: float = 0.08, take_deficit: float = 0.12,
                 beaver_lead: float = 0.05) -> None:
        self.bearoff = bool(bearoff)
        self.double_lead = double_lead
        self.take_deficit = take_deficit
        self.beaver_lead = beaver_lead

    def choose_play(self, game_or_pos, dice, plays: Sequence[Play]) -> Play:
        """The play pubeval (or, in a pure bear-off with ``bearoff``, the database) likes best."""
        if len(plays) == 1:
            return plays[0]
        pos = position_of(game_or_pos)
        return plays[compiled_choice("heuristic" if self.bearoff else "pubeval", pos, plays)]

    def __repr__(self) -> str:
        return "PubevalPlayer(bearoff=True)" if self.bearoff else "PubevalPlayer()"


class HeuristicPlayer(PubevalPlayer):
    """The ``"heuristic"`` player: pubeval, and the exact bear-off database once contact is over.

    What :func:`named_player` gives for ``"heuristic"``, and what :func:`bgsim.estimate`
    plays (compiled) for ``player="heuristic"``: Tesauro's pubeval, except that once contact
    is over and all the mover's checkers are home (R16) it takes the play with the fewest
    expected rolls to bear off, from the exact one-sided database (:mod:`bgsim.odds.bearoff`).
    It plays every position pubeval plays and the bear-off better. The same player as
    ``PubevalPlayer(bearoff=True)``; each choice is made by the compiled code of
    :func:`bgsim.estimate`, so both play the same games. Cube: the naive race rule of
    :class:`HandwrittenPlayer`.

    (Before bgsim 0.2 ``HeuristicPlayer`` was the hand-written player, now
    :class:`HandwrittenPlayer`: see CHANGELOG.md.)

    >>> from bgsim import Position
    >>> pos = Position.from_counts({1: 1, 4: 2, 6: 2}, {1: 2})     # a pure bear-off (R16)
    >>> plays = pos.legal_plays((4, 2))
    >>> str(HeuristicPlayer().choose_play(pos, (4, 2), plays))      # fewest expected rolls left
    '6/off'
    >>> str(PubevalPlayer().choose_play(pos, (4, 2), plays))          # pubeval alone
    '4/off 4/2'
    >>> named_player("heuristic")
    HeuristicPlayer()
    """

    def __init__(self, *, double_lead: float = 0.08, take_deficit: float = 0.12, beaver_lead: float = 0.05) -> None:
        super().__init__(True, double_lead=double_lead, take_deficit=take_deficit, beaver_lead=beaver_lead)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"


def named_player(name: str | Net, rng=None) -> Player:
    """The Python player behind a name of :data:`bgsim.sim.compiled_players.PLAYERS`, or a Net's player.

    ``"random"``: :class:`RandomPlayer` (drawing from ``rng``); ``"pubeval"``:
    :class:`PubevalPlayer`; ``"heuristic"``: :class:`HeuristicPlayer`; ``"net"`` or a
    :class:`bgsim.sim.net.Net`: :class:`bgsim.sim.net.NetPlayer`. Each plays as the compiled player
    of the same name in :func:`bgsim.estimate`. ``"gnubg"``: :class:`bgsim.sim.gnubg_player.GnubgPlayer`
    (gnubg's 0-ply network; needs the optional extra ``pip install 'bgsim[gnubg]'``).

    >>> named_player("heuristic"), named_player("random", rng=1)
    (HeuristicPlayer(), RandomPlayer(double_rate=0.05, drop_rate=0.3, beaver_rate=0.1))
    >>> named_player("wizard")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.InvalidSettingError: unknown player 'wizard': choose from random, pubeval, heuristic, net
    (or give a Player object)
    """
    if isinstance(name, Net):
        return NetPlayer(name)
    key = name.strip().lower() if isinstance(name, str) else name
    if key == "random":
        return RandomPlayer(rng)
    if key == "pubeval":
        return PubevalPlayer()
    if key == "heuristic":
        return HeuristicPlayer()
    if key == "net":
        return NetPlayer()
    if key == "gnubg":
        return GnubgPlayer()   # MissingExtraError naming the extra when gnubg-nn is not installed
    assert key not in PLAYERS   # every name is mapped above
    raise InvalidSettingError(f"unknown player {name!r}: choose from {', '.join(PLAYERS)} (or give a Player object)")


def play_game(rules: Rules | None = None, players: Sequence[Player] | None = None, rng=None,
              **game_options) -> Game:
    """Play a whole game unattended and return the finished :class:`~bgsim.game.game.Game`.

    ``players[k]`` acts for player k (default: two :class:`RandomPlayer` drawing from
    ``rng``): a :class:`Player`, a name from :data:`bgsim.sim.compiled_players.PLAYERS` or a
    :class:`bgsim.sim.net.Net` (see :func:`named_player`). The dice come from ``rng`` (a
    Generator or a seed). ``game_options`` go to :class:`~bgsim.game.game.Game` (``starter``,
    ``position``, ``crawford_game``, cube ...).

    >>> g = play_game(Rules.hypergammon(), rng=11)
    >>> g.is_over, g.result.points >= 1 or g.result.is_draw
    (True, True)
    >>> play_game(Rules.money(), ("net", "heuristic"), rng=2).is_over
    True
    """
    gen = rng_from(rng)
    if players is None:
        players = (RandomPlayer(gen), RandomPlayer(gen))
    if isinstance(players, (str, Net)) or len(players) != 2:
        raise InvalidSettingError(f"a game has two players, not {players!r}")
    chosen = []
    for p in players:
        if isinstance(p, (str, Net)):
            p = named_player(p, gen)
        elif not callable(getattr(p, "choose_play", None)):
            raise InvalidSettingError(f"a player is a Player (choose_play, offer_double, accept_double), a name "
                                      f"from {', '.join(PLAYERS)} or a bgsim.sim.net.Net, not {p!r}")
        chosen.append(p)
    return drive(Game(rules, gen, **game_options), chosen)
