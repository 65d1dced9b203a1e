"""Jellyfish ``.mat`` match files: the plain-text format GNU Backgammon and eXtreme Gammon import and export.

The format was never formally specified; bgsim writes it the way GNU Backgammon's
"export match mat" lays it out, and reads what gnubg, Jellyfish and XG write. A file::

    ; [EventDate "2024.05.01"]

     5 point match

     Game 1
     Alice : 0                      Bob : 0
      1)                             52: 13/8 13/11
      2) 64: 24/18 13/9               Doubles => 2
      3)  Takes                      31: 8/5 6/5
     ...
     17) 62: 6/0 2/0
          Wins 2 points

     Game 2
     ...

- Comment lines (``;`` or ``#``) come before the header; ``; [Key "value"]`` lines are
  tags. Then `` N point match`` (``0 point match`` for money play).
- Each game: `` Game k``, then the names and the scores before the game
  (``name : score`` twice; money play writes the points won so far), then numbered rows.
- A row holds two cells: the left column is bgsim's player 0 (gnubg's player 0), the
  right column player 1. Cells alternate between the players in the order things
  happened; when player 1 moves first, row 1's left cell is empty.
- A move cell is the dice and the play: ``52: 13/8 13/11``, each checker step written
  alone (``24/22 22/16``, ``13/10 13/10``), points from the mover's side as in bgsim's
  notation (R1), ``25`` for the bar, ``0`` for off, ``*`` after a point where a blot was
  hit. Dice with nothing after them (``21:``) is a roll that could not be played (R12),
  or, followed by the opponent's ``Wins``, a roll after which the player resigned (the
  opening roll too: a game resigned before its first play is the starter's bare dice, R4).
- Cube cells: ``Doubles => 2``, ``Takes``, ``Drops``, ``Beavers => 4`` (X2).
- The result: ``Wins 1 point`` / ``Wins 2 points`` / ``Wins 3 points and the match`` in
  the winner's column, after a bear-off (R22), a drop (R26) or a resignation. A ``Wins``
  line while the game goes on is the other player's resignation, made on their turn
  before or after rolling (after rolling, their cell is the bare dice), of the smallest
  kind worth those points at the cube: gnubg writes an accepted offer (R30) that way and
  writes nothing for a refused one. Under the standard rules (``resignation="offer"``)
  bgsim reads it as an offer and its acceptance, whatever the position shows; under
  the game site's rule (``resignation="judged"``, V3) the kind must be at least what
  the position shows, or the file is refused with a ParseError citing V3. gnubg never
  writes "and the match"; bgsim writes it on the deciding game as Jellyfish does, and
  both read either.
- Dice are written the higher die first (``52:``), as gnubg writes them.
- A money session (`` 0 point match``) is read with the Jacoby rule (X1) on, because
  gnubg plays and writes money sessions with it by default (``show jacoby`` in gnubg:
  "New money sessions are played with the Jacoby rule"), and scores an accepted
  resignation without it, as gnubg does (a backgammon resigned at cube 1 wins 3); beavers
  (X2) are on, as in gnubg. Tags ``[Jacoby "Off"]``, ``[Beaver "Off"]`` or bgsim's Rules
  tag say otherwise; ``write_mat`` writes them for sessions under other rules.
- Beavers (X2): a beaver takes and redoubles at once; the original doubler then takes
  or drops it. As gnubg writes it, a taken beaver leaves no cell: after ``Beavers => 4``
  the doubler's next cell is a roll (an explicit ``Takes`` is read too); a dropped one is
  `` Drops`` and the beaverer's ``Wins``. ``Raccoons`` is not a bgsim rule.

Sources the layout was checked against (read for the format, no code taken): GNU
Backgammon's .mat export and import (``export.c``, ``import.c`` in the gnubg sources:
the ``%3d) %-27s`` rows, the 33-column right cell, the `` Doubles => N``/`` Takes``/
`` Drops`` cells, ``Wins`` lines indented 6 (left) or 34 (right), ``Beavers`` read as a
redouble, ``???``/``Cannot Move`` from XG) and .mat files gnubg exported, as published
in the kevung/gnubgparser repository (``test/*.mat``).

bgsim extensions, ignored by other programs (they keep unknown tags as a comment):
``; [bgsim Rules "..."]`` carries settings a plain .mat cannot (Jacoby, ending mode,
cube limit, R4a/R4b, V4, V5, X3 ...) and is written whenever the rules differ from the
default for the header (``Rules.match(N)``, or gnubg's money session: Jacoby and beavers on);
``; [bgsim Openings "3:44,52"]`` keeps opening-roll throws a .mat cannot show (ties,
which matter with automatic doubles, R29; the R4a opening roll). gnubg's
``; [Variation "HyperGammon (3)"]`` tag marks hypergammon (X3). Without a bgsim Rules
tag, the tags ``[Crawford "Off"]``, ``[Jacoby "On"]``, ``[Beaver "On"]`` and
``[CubeLimit "64"]`` (on/off, yes/no, true/false, 1/0) adjust the default rules.

:func:`read_mat` replays every game through :class:`~bgsim.game.game.Game` inside a
:class:`~bgsim.game.match.Match` (or money :class:`~bgsim.game.match.Session`), so every move,
cube action, score line and result is checked by the engine; anything wrong raises
:class:`~bgsim.engine.errors.ParseError` with the line number (``where``) and nothing is
returned.

>>> from bgsim.game.match import Match
>>> from bgsim.players.players import HandwrittenPlayer
>>> m = Match(3, rng=11, names=("Alice", "Bob")).play_out((HandwrittenPlayer(), HandwrittenPlayer()))
>>> lines = write_mat(m).splitlines()
>>> at = lines.index(" 3 point match"); print(lines[at + 2]); print(lines[at + 3])
 Game 1
 Alice : 0                      Bob : 0
>>> back = read_mat(write_mat(m))
>>> back.final_score == m.score and [g.result for g in back.games] == [g.result for g in m.games]
True
>>> [g.events for g in back.games] == [g.events for g in m.games]    # only the dice order differs: "52:", never "25:"
False
"""

from __future__ import annotations

import dataclasses
import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.errors import BgsimError, InvalidSettingError, ParseError, RuleViolationError
from ..engine.position import Position
from .events import (
    Beaver,
    Double,
    Drop,
    Event,
    EventVisitor,
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
from .game import Game
from .match import Match, Session
from .records import GameRecord, MatchRecord, check_names
from .rules import ResultKind, Rules, result_kind

__all__ = ["load_mat", "parse_rules_tag", "read_mat", "rules_tag", "save_mat", "write_mat"]

_HEADER = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*game\s+(\d+)\s*$", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(\S(?:.*?\S)?)\s*:\s*(\d+)\s+(\S(?:.*?\S)?)\s*:\s*(\d+)\s*$")
_ROW = re.compile(r"^\s*(\d+)\)")
_CELL = re.compile(r"(?<![^\s)])(?:[1-6][1-6]:|(?:doubles|beavers|raccoons|takes|drops|wins)\b)", re.IGNORECASE)
_TAG = re.compile(r'^[;#]\s*\[\s*([A-Za-z][\w ]*?)\s+"(.*)"\s*\]\s*$')
_MOVE_TOKEN = re.compile(r"^(?:\d{1,2}|bar|b)\*?(?:/(?:\d{1,2}|off|o)\*?)+(?:\(\d\))?$", re.IGNORECASE)
_DOUBLES = re.compile(r"^doubles\s*=>\s*(\d+)$", re.IGNORECASE)
_BEAVERS = re.compile(r"^beavers(?:\s*=>\s*(\d+))?$", re.IGNORECASE)
_WINS = re.compile(r"^wins\s+(\d+)\s+points?(\s+and\s+the\s+match)?\s*\.?$", re.IGNORECASE)

#: A cell starting at this column or later is in the right column (player 1); gnubg puts it at 33.
RIGHT_COLUMN = 20
_LEFT_WIDTH = 27          # gnubg: "%3d) %-27s " -- the right cell starts at column 33
_WINS_LEFT = " " * 5      # + " Wins ..." -> "Wins" at column 6, as gnubg writes it
_WINS_RIGHT = " " * 33    # + " Wins ..." -> "Wins" at column 34

_VARIATION = {"backgammon": "standard", "standard": "standard", "hypergammon (3)": "hypergammon",
              "hypergammon": "hypergammon", "hypergammon 3": "hypergammon"}
_ON = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}


# ============================================================================ rules tag
def rules_tag(rules: Rules) -> str:
    """The value of bgsim's ``; [bgsim Rules "..."]`` tag: every setting as ``name=value``.

    >>> rules_tag(Rules.money(jacoby=True, cube_limit=64))
    'match_length=0 crawford=false automatic_doubles=0 opening=standard series_starter=opening_roll jacoby=true
    beavers=false ending=koks cube_limit=64 last_roll_draw=false caucasian=false variant=standard resignation=offer
    carry_over=false jacoby_resignations=true'
    """
    parts = []
    for f in dataclasses.fields(Rules):
        v = getattr(rules, f.name)
        text = "none" if v is None else ("true" if v is True else "false" if v is False else str(v))
        parts.append(f"{f.name}={text}")
    return " ".join(parts)


def parse_rules_tag(text: str) -> Rules:
    """Read a :func:`rules_tag` value back into :class:`~bgsim.game.rules.Rules` (missing settings keep their defaults).

    >>> parse_rules_tag("match_length=0 jacoby=true cube_limit=64") == Rules.money(jacoby=True, cube_limit=64)
    True
    >>> parse_rules_tag("match_length=0 colour=red")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: bgsim Rules tag: unknown setting 'colour'
    """
    names = {f.name: f for f in dataclasses.fields(Rules)}
    kwargs: dict[str, Any] = {}   # checked by Rules itself
    for item in text.split():
        key, sep, raw = item.partition("=")
        if not sep:
            raise ParseError(f"bgsim Rules tag: {item!r} is not name=value")
        if key not in names:
            raise ParseError(f"bgsim Rules tag: unknown setting {key!r}")
        low = raw.lower()
        if low == "none":
            value: object = None
        elif low in ("true", "false"):
            value = low == "true"
        elif re.fullmatch(r"\d+", raw):
            value = int(raw)
        else:
            value = raw
        kwargs[key] = value
    try:
        return Rules(**kwargs)
    except BgsimError as exc:
        raise ParseError(f"bgsim Rules tag: {exc}") from exc


def _default_rules(length: int) -> Rules:
    """The rules a plain .mat file is read with: gnubg's defaults.

    Money sessions: the Jacoby rule (X1), but not for resignations, and beavers (X2).
    """
    return Rules.match(length) if length else Rules.money(jacoby=True, beavers=True, jacoby_resignations=False)


# ============================================================================ writing
def _as_record(source, names) -> MatchRecord:
    if isinstance(source, (Match, Session)):
        rec = source.record()
    elif isinstance(source, MatchRecord):
        rec = source
    elif isinstance(source, GameRecord):
        rec = MatchRecord([source], rules=source.rules, names=source.names)
    elif isinstance(source, Game):
        g = GameRecord.from_game(source)
        rec = MatchRecord([g], rules=g.rules, names=g.names)
    else:
        raise TypeError(f"write_mat writes a Match, Session, MatchRecord, GameRecord or Game, "
                        f"not {type(source).__name__}")
    if names is not None:
        games = [GameRecord.from_game(Game.replay(g.events), number=g.number, score=g.score, names=names)
                 for g in rec.games]
        rec = MatchRecord(games, rules=rec.rules, names=names, tags=rec.tags)
    return rec


def _dice_cell(dice) -> str:
    """The dice as gnubg writes them: the higher die first (``52:``, never ``25:``)."""
    return f"{max(dice)}{min(dice)}:"


def _move_cell(dice, play) -> str:
    steps = " ".join(f"{a}/{b}" + ("*" if hit else "") for (a, b), hit in zip(play.steps, play.hits, strict=True))
    return f"{_dice_cell(dice)} {steps}".rstrip()


class _MatCells(EventVisitor[None]):
    """Collects the .mat cells of one game's events, (player, text) in order (the writer's visitor).

    A roll is held back until the play (or pass) that uses it; a roll followed by a
    resignation is written as the bare dice, as gnubg does. Under the standard opening (R4)
    the opening roll is the starter's roll: a game resigned before its first play shows the
    starter's bare dice (``52:``), and the file still says who started.
    """

    def __init__(self, standard_opening: bool = True) -> None:
        self.cells: list[tuple[int, str]] = []
        self.pending: Roll | None = None     # dice rolled, not yet played
        self.after_beaver = False
        self.standard_opening = standard_opening

    def _cell(self, player: int, text: str) -> None:
        self.cells.append((player, text))
        self.pending = None
        self.after_beaver = False

    def _nothing(self, event: Event) -> None:
        self.pending = None

    visit_game_start = visit_automatic_double = visit_final_roll = visit_game_over = _nothing

    def visit_opening_roll(self, ev: OpeningRoll) -> None:
        # R4: the throw that decides the starter is the starter's first roll (a tie decides nothing)
        starter = ev.starter
        self.pending = Roll(starter, ev.dice) if starter is not None and self.standard_opening else None

    def visit_roll(self, ev: Roll) -> None:
        self.pending = ev

    def visit_move(self, ev: Move) -> None:
        self._cell(ev.player, _move_cell(ev.play.dice, ev.play))

    def visit_pass(self, ev: Pass) -> None:
        self._cell(ev.player, _dice_cell(ev.dice))

    def visit_double(self, ev: Double) -> None:
        self._cell(ev.player, f" Doubles => {ev.cube_value}")

    def visit_take(self, ev: Take) -> None:
        if self.after_beaver:            # gnubg writes no take of a beaver (X2)
            self._nothing(ev)
            self.after_beaver = False
        else:
            self._cell(ev.player, " Takes")

    def visit_drop(self, ev: Drop) -> None:
        self._cell(ev.player, " Drops")

    def visit_beaver(self, ev: Beaver) -> None:
        self._cell(ev.player, f" Beavers => {ev.cube_value}")
        self.after_beaver = True

    def visit_resign(self, ev: Resign) -> None:
        self._resigned()

    def visit_resignation_accepted(self, ev: ResignationAccepted) -> None:
        self._resigned()   # R30: written as the winner's "Wins" line, as gnubg does

    def _resigned(self) -> None:
        if self.pending is not None:     # rolled, then resigned
            self._cell(self.pending.player, _dice_cell(self.pending.dice))
        self.pending = None

    # An offer, or a refused one (R30), leaves no cell: gnubg writes neither; the roll stays pending.
    def visit_resignation_offer(self, ev: ResignationOffer) -> None:
        pass

    def visit_resignation_rejected(self, ev: ResignationRejected) -> None:
        pass
    visit_carried_double = _nothing


def _game_cells(game: GameRecord) -> tuple[list[tuple[int, str]], list[tuple[int, int]] | None]:
    """The cells of one game, (player, text) in order, and the opening throws when a .mat cannot show them."""
    events = game.events
    start = events[0]
    assert isinstance(start, GameStart)   # every record begins with its GameStart
    throws = [ev.dice for ev in events if isinstance(ev, OpeningRoll)]
    keep_throws = start.starter is None and throws and (len(throws) > 1 or game.rules.opening != "standard")
    writer = _MatCells(standard_opening=game.rules.opening == "standard")
    for ev in events[1:]:
        ev.accept(writer)
    if writer.pending is not None:   # an unfinished record: the dice are rolled, the play not made yet
        p = writer.pending
        writer.cells.append((p.player, _dice_cell(p.dice)))
    return writer.cells, (throws if keep_throws else None)


def _layout(cells: list[tuple[int, str]], wins: tuple[int, str] | None) -> list[str]:
    """Rows as gnubg lays them out: ``%3d) `` then the left cell padded to 27 + 1, then the right cell."""
    lines: list[str] = []
    row = 0
    open_left: str | None = None   # a row whose left cell is written and whose right cell may follow

    def flush_left() -> None:
        nonlocal open_left
        if open_left is not None:
            lines.append(open_left.rstrip())
            open_left = None

    for player, text in cells:
        if player == 0:
            flush_left()
            row += 1
            open_left = f"{row:3d}) {text:<{_LEFT_WIDTH}} "
        else:
            if open_left is not None:
                lines.append((open_left + text).rstrip())
                open_left = None
            else:
                row += 1
                lines.append((f"{row:3d}) " + " " * (_LEFT_WIDTH + 1) + text).rstrip())
    if wins is not None:
        winner, text = wins
        if winner == 1 and open_left is not None:
            lines.append((open_left + text).rstrip())
            open_left = None
        else:
            flush_left()
            lines.append((_WINS_LEFT if winner == 0 else _WINS_RIGHT) + text)
    flush_left()
    return lines


#: The lines of game records written already, by the record's identity (a record never changes):
#: id -> (what else they depend on, the lines, the opening throws' tag). A session's .mat written
#: after every game lays out each finished game once. Entries go when their record does.
_GAME_TEXTS: dict[int, tuple[tuple, tuple[str, ...], str | None]] = {}


def _game_text(game: GameRecord, names: tuple[str, str], rules: Rules) -> tuple[tuple[str, ...], str | None]:
    """One game's lines in a .mat file (`` Game k``, the names and scores, the rows, ``Wins``) and its entry
    for the ``bgsim Openings`` tag (``None`` when the .mat shows its opening as it was)."""
    key = (names, rules.is_match, rules.match_length)
    cached = _GAME_TEXTS.get(id(game))
    if cached is not None and cached[0] == key:
        return cached[1], cached[2]
    cells, throws = _game_cells(game)
    opening = f"{game.number}:" + ",".join(f"{a}{b}" for a, b in throws) if throws else None
    result = game.result
    wins = None
    if result is not None and result.winner is not None:
        text = f" Wins {result.points} point" + ("" if result.points == 1 else "s")
        after = list(game.score)
        after[result.winner] += result.points
        if rules.is_match and after[result.winner] >= rules.match_length:
            text += " and the match"
        wins = (result.winner, text)
    n0, n1 = names
    s0, s1 = game.score
    body = (f" Game {game.number}", f" {f'{n0} : {s0}':<30} {n1} : {s1}", *_layout(cells, wins))
    if id(game) not in _GAME_TEXTS:
        weakref.finalize(game, _GAME_TEXTS.pop, id(game), None)
    _GAME_TEXTS[id(game)] = (key, body, opening)
    return body, opening


def write_mat(source, *, names: Sequence[str] | None = None, tags: dict[str, str] | None = None) -> str:
    """The ``.mat`` text of a match, a money session or a single game.

    ``source``: a :class:`~bgsim.game.match.Match`, :class:`~bgsim.game.match.Session`,
    :class:`~bgsim.game.records.MatchRecord`, :class:`~bgsim.game.records.GameRecord` or a
    :class:`~bgsim.game.game.Game` (a money game is written as game 1 of a `` 0 point match``).
    ``names`` replaces the players' names; ``tags`` adds ``; [Key "value"]`` lines (e.g.
    ``{"EventDate": "2024.05.01"}``) to those of a record read from a file
    (:attr:`MatchRecord.tags <bgsim.game.records.MatchRecord.tags>`). Unfinished games are
    written as far as they go; a last game nobody has acted in yet (started automatically
    after the previous one) is left out.

    >>> g = Game(rng=1)
    >>> g.roll(dice=(3, 1)); g.play("8/5 6/5"); g.roll(dice=(6, 4)); g.play("24/18 13/9")
    (3, 1)
    (6, 4)
    >>> g.double(); g.drop()
    >>> print(write_mat(g, names=("Alice", "Bob")))
    ; [Jacoby "Off"]
    ; [Beaver "Off"]
    <BLANKLINE>
     0 point match
    <BLANKLINE>
     Game 1
     Alice : 0                      Bob : 0
      1) 31: 8/5 6/5                 64: 24/18 13/9
      2)  Doubles => 2                Drops
          Wins 1 point
    <BLANKLINE>
    """
    rec = _as_record(source, names)
    rules = rec.rules
    check_names(rec.names)
    for game in rec.games:
        start = game.events[0]
        assert isinstance(start, GameStart)   # every record begins with its GameStart
        turn = 0 if start.starter is None else start.starter
        carried = rules.carry_over and start.cube_owner is None   # R29: a doubling carried over from the last game
        if start.position != Position.initial(turn, variant=rules.variant) or (start.cube_value != 1 and not carried) \
                or start.cube_owner is not None:
            raise RuleViolationError(f"game {game.number} starts from a position or cube set up by hand; a .mat file "
                             f"starts every game from the starting position (R3) with the cube in the middle (R24)")
        if game.number == 1 and start.starter is not None:
            raise RuleViolationError("game 1 starts with a given starter; a .mat file starts a series with an opening "
                             "roll (R4)")
    out: list[str] = []
    merged = {**rec.tags, **(tags or {})}
    header_tags: list[tuple[str, str]] = [(k, v) for k, v in merged.items()
                                          if not k.startswith("bgsim ") and k != "Variation"]
    if rules.variant == "hypergammon":
        header_tags.append(("Variation", "HyperGammon (3)"))
    gnubg = _default_rules(0)
    if rules.is_money and rules != gnubg and rules == gnubg.replace(jacoby=rules.jacoby, beavers=rules.beavers):
        if not rules.jacoby:
            header_tags.append(("Jacoby", "Off"))   # gnubg's money session without X1
        if not rules.beavers:
            header_tags.append(("Beaver", "Off"))   # ... or without X2
    elif rules != _default_rules(rules.match_length):
        header_tags.append(("bgsim Rules", rules_tag(rules)))
    openings = []
    bodies = []
    games = list(rec.games)
    if len(games) > 1 and len(games[-1].events) == 1:
        games.pop()   # the next game, started automatically, where nobody has acted yet: nothing to write
    for game in games:
        body, opening = _game_text(game, rec.names, rules)
        if opening:
            openings.append(opening)
        bodies.append(body)
    if openings:
        header_tags.append(("bgsim Openings", " ".join(openings)))
    for key, value in header_tags:
        if not re.fullmatch(r"[A-Za-z][\w ]*", key) or '"' in value or "\n" in value or "]" in value:
            raise InvalidSettingError(f"cannot write the tag {key!r}: {value!r} (a word key, a value without quotes, "
                             f"']' or line breaks)")
        out.append(f'; [{key} "{value}"]')
    if out:
        out.append("")
    out.append(f" {rules.match_length} point match")
    out.append("")
    for body in bodies:
        out.extend(body)
        out.append("")
    return "\n".join(out) + "\n"


def save_mat(path, source, **options) -> None:
    """Write :func:`write_mat` of ``source`` to the file ``path`` (UTF-8).

    >>> import os, tempfile
    >>> from bgsim.game.match import Match
    >>> path = os.path.join(tempfile.mkdtemp(), "m.mat")
    >>> save_mat(path, Match(1, rng=3).play_out()); load_mat(path).is_over
    True
    """
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(write_mat(source, **options))


# ============================================================================ reading
@dataclass
class _Cell:
    line: int
    player: int
    kind: str                  # move, double, beaver, take, drop, wins
    raw: str
    dice: tuple[int, int] | None = None
    moves: str = ""            # in bgsim notation
    value: int | None = None   # cube value (double, beaver) or points (wins)
    and_match: bool = False

    def where(self, names) -> str:
        side = "left" if self.player == 0 else "right"
        return f"line {self.line} ({side} column, {names[self.player]}: {self.raw!r})"


@dataclass
class _RawGame:
    number: int
    line: int
    score_line: int
    names: tuple[str, str]
    score: tuple[int, int]
    cells: list[_Cell]
    last_line: int


def _fail(line: int, message: str) -> ParseError:
    return ParseError(f"line {line}: {message}", where=line)


def _bgsim_moves(text: str, line: int) -> str:
    """The .mat play (``25/22 6/0*``) in bgsim notation (``bar/22 6/off``); checks each token's shape."""
    out = []
    for token in text.split():
        if not _MOVE_TOKEN.match(token):
            raise _fail(line, f"cannot read the move {token!r}: write checker moves like 13/8, 25/22 (bar), "
                              f"6/0 (off) or 13/7*")
        count = ""
        m = re.search(r"\(\d\)$", token)
        if m:
            count, token = m.group(0), token[:m.start()]
        pieces = token.split("/")
        conv = []
        for i, piece in enumerate(pieces):
            hit = "*" if piece.endswith("*") else ""
            point = piece.rstrip("*").lower()
            if point in ("b", "bar") or (i == 0 and point == "25"):
                point = "bar"
            elif point in ("o", "off") or (i > 0 and point == "0"):
                point = "off"
            conv.append(point + hit)
        out.append("/".join(conv) + count)
    return " ".join(out)


def _read_cell(text: str, line: int, player: int) -> _Cell:
    raw = text.strip()
    low = raw.lower()
    if raw[:2].isdigit() and raw[2:3] == ":":
        dice = (int(raw[0]), int(raw[1]))
        rest = raw[3:].strip()
        if rest.startswith("???") or rest.lower().startswith("cannot move"):
            rest = ""   # XG: "???" after a roll then a resignation, "Cannot Move" for a dance
        return _Cell(line, player, "move", raw, dice=dice, moves=_bgsim_moves(rest, line) if rest else "")
    m = _DOUBLES.match(raw)
    if m:
        return _Cell(line, player, "double", raw, value=int(m.group(1)))
    if low.startswith("doubles"):
        raise _fail(line, f"cannot read {raw!r}: a double is written 'Doubles => 2' (the new cube value)")
    m = _BEAVERS.match(raw)
    if m:
        return _Cell(line, player, "beaver", raw, value=int(m.group(1)) if m.group(1) else None)
    if low.startswith("raccoons"):
        raise _fail(line, f"{raw!r}: raccoons are not part of bgsim's rules (X2 has beavers only)")
    if low == "takes":
        return _Cell(line, player, "take", raw)
    if low == "drops":
        return _Cell(line, player, "drop", raw)
    m = _WINS.match(raw)
    if m:
        return _Cell(line, player, "wins", raw, value=int(m.group(1)), and_match=bool(m.group(2)))
    raise _fail(line, f"cannot read {raw!r}: a cell is a move like '52: 13/8 13/11', 'Doubles => 2', 'Takes', "
                      f"'Drops', 'Beavers => 4' or 'Wins 1 point'")


def _read_row(line: str, number: int) -> tuple[int | None, list[_Cell]]:
    """The row number (``None`` for a line without one) and the cells of one line of a game."""
    text = line.expandtabs(8)
    m = _ROW.match(text)
    start = m.end() if m else 0
    row = int(m.group(1)) if m else None
    found = list(_CELL.finditer(text, start))
    head = text[start:found[0].start() if found else len(text)]
    if head.strip():
        raise _fail(number, f"cannot read {head.strip()!r}: a move line looks like "
                            f"' 12) 52: 13/8 13/11       64: 24/18 13/9'")
    if not found:
        raise _fail(number, "a numbered move line with nothing in it")
    cells = []
    for k, cm in enumerate(found):
        end = found[k + 1].start() if k + 1 < len(found) else len(text)
        player = 1 if cm.start() >= RIGHT_COLUMN else 0
        cells.append((cm.start(), player, text[cm.start():end]))
    non_wins = [c for c in cells if not c[2].strip().lower().startswith("wins")]
    if len(non_wins) > 2:
        raise _fail(number, f"{len(non_wins)} moves on one line: a line holds one per player")
    if len(non_wins) == 2:
        first, second = non_wins
        if first[1] == 1:
            raise _fail(number, f"two cells in the right column: {first[2].strip()!r} and {second[2].strip()!r}")
        # Two moves on one row: the second is the right column's, wherever a long left cell pushed it.
        cells = [(o, 1 if o == second[0] else s, t) for (o, s, t) in cells]
    out = [_read_cell(t, number, s) for (_o, s, t) in cells]
    if row is None and any(c.kind != "wins" for c in out):
        raise _fail(number, "a move line starts with its number, like ' 12) '")
    return row, out


def _scan(text: str):
    """Split the text into the header (length, tags) and the games' cells, checking the layout."""
    if not isinstance(text, str):
        raise TypeError(f"read_mat reads text (str), not {type(text).__name__}")
    lines = text.splitlines()
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]   # the byte-order mark XG writes
    tags: dict[str, tuple[str, int]] = {}
    i = 0
    length = None
    header_line = 0
    while i < len(lines):
        raw = lines[i]
        i += 1
        s = raw.strip()
        if not s:
            continue
        if s[0] in ";#":
            m = _TAG.match(s)
            if m:
                tags[m.group(1).strip()] = (m.group(2), i)
            continue
        m = _HEADER.match(raw)
        if not m:
            raise _fail(i, f"expected the header ' N point match' (or a ';' comment), found {s[:40]!r}")
        length = int(m.group(1))
        header_line = i
        break
    if length is None:
        raise _fail(max(1, len(lines)), "no ' N point match' header: this is not a .mat match file")

    games: list[_RawGame] = []
    current: _RawGame | None = None
    expect_score = False
    last_row = 0
    while i < len(lines):
        raw = lines[i]
        i += 1
        if not raw.strip():
            continue
        m = _GAME.match(raw)
        if m:
            number = int(m.group(1))
            if number != len(games) + 1:
                raise _fail(i, f"'Game {number}' where game {len(games) + 1} comes next")
            if expect_score and current is not None:
                raise _fail(i, f"game {current.number} has no score line")
            current = _RawGame(number, i, 0, ("", ""), (0, 0), [], i)
            games.append(current)
            expect_score = True
            last_row = 0
            continue
        if current is None:
            raise _fail(i, f"expected ' Game 1' after the header, found {raw.strip()[:40]!r}")
        if expect_score:
            sm = _SCORE.match(raw)
            if not sm:
                raise _fail(i, f"expected the players and scores, like ' Alice : 0      Bob : 0', "
                               f"found {raw.strip()[:40]!r}")
            current.names = (sm.group(1), sm.group(3))
            current.score = (int(sm.group(2)), int(sm.group(4)))
            current.score_line = i
            current.last_line = i
            expect_score = False
            continue
        row, cells = _read_row(raw, i)
        if row is not None:
            if row != last_row + 1:
                raise _fail(i, f"move number {row} where {last_row + 1} comes next")
            last_row = row
        current.cells.extend(cells)
        current.last_line = i
    if expect_score and current is not None:
        raise _fail(len(lines), f"the file ends before game {current.number}'s score line")
    if not games:
        raise _fail(max(1, len(lines)), "the file has a header but no games")
    return length, header_line, tags, games, max(1, len(lines))


def _resolve_rules(length: int, header_line: int, tags, rules: Rules | None) -> tuple[Rules, dict]:
    openings: dict[int, list[tuple[int, int]]] = {}
    if "bgsim Openings" in tags:
        value, line = tags["bgsim Openings"]
        for item in value.split():
            m = re.fullmatch(r"(\d+):([1-6][1-6](?:,[1-6][1-6])*)", item)
            if not m:
                raise _fail(line, f"bgsim Openings tag: cannot read {item!r} (like '3:44,52')")
            openings[int(m.group(1))] = [(int(t[0]), int(t[1])) for t in m.group(2).split(",")]
    if rules is not None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    elif "bgsim Rules" in tags:
        value, line = tags["bgsim Rules"]
        try:
            rules = parse_rules_tag(value)
        except ParseError as exc:
            raise _fail(line, str(exc)) from exc
    else:
        changes: dict[str, object] = {}
        for key in tags:
            low = key.lower()
            value, line = tags[key]
            v = value.strip().lower()
            if low == "variation":
                if v not in _VARIATION:
                    raise _fail(line, f"variation {value!r} is not one bgsim plays (backgammon, or "
                                      f"hypergammon with 3 checkers, X3)")
                changes["variant"] = _VARIATION[v]
            elif low in ("crawford", "jacoby", "beaver"):
                if v not in _ON:
                    raise _fail(line, f"cannot read [{key} {value!r}]: on or off")
                name = {"crawford": "crawford", "jacoby": "jacoby", "beaver": "beavers"}[low]
                if (length and name != "crawford") or (not length and name == "crawford"):
                    if _ON[v]:
                        raise _fail(line, f"[{key} on] does not fit a {length}-point "
                                          f"{'match' if length else 'money game'} (R28, X1, X2)")
                    continue
                changes[name] = _ON[v]
            elif low == "cubelimit":
                if not re.fullmatch(r"\d+", v):
                    raise _fail(line, f"cannot read the cube limit {value!r}")
                changes["cube_limit"] = int(v)
        try:
            rules = _default_rules(length).replace(**changes) if changes else _default_rules(length)
        except BgsimError as exc:
            raise _fail(header_line, f"the file's tags give impossible rules: {exc}") from exc
    if rules.match_length != length:
        what = "money play" if rules.is_money else f"a {rules.match_length}-point match"
        raise _fail(header_line, f"the file is a {length}-point match ({'money' if not length else 'match'} "
                                 f"header), but the rules are for {what}")
    return rules, openings


def _resign_kind(game: Game, loser: int, points: int) -> ResultKind | None:
    """The kind conceded for ``points``: at least what the position shows (V3), the smallest that fits."""
    judged = result_kind(game.position, loser)
    for kind in ResultKind:
        if kind >= judged and game.rules.points(kind, game.cube_value, cube_turned=game.cube_turned) == points:
            return kind
    return None


def _offered_kind(game: Game, points: int) -> ResultKind | None:
    """The smallest kind whose resignation scores ``points`` at this cube (R30, V1, X1)."""
    turned = game.cube_turned or not game.rules.jacoby_resignations
    for kind in ResultKind:
        if game.rules.points(kind, game.cube_value, cube_turned=turned) == points:
            return kind
    return None


def _apply(game: Game, cell: _Cell, nxt: _Cell | None, names, last: bool, allow_unfinished: bool) -> None:
    """Make the move or cube action of one cell in the game (the engine checks it)."""
    p = cell.player
    if (cell.kind in ("move", "double") and game.state is GameState.AWAITING_ANSWER and game.cube.beaver_pending
            and p == game.player_to_act):
        game.take(player=p)   # gnubg writes the doubler's take of a beaver as nothing: play goes on (X2)
    if cell.kind == "move":
        dice = cell.dice
        assert dice is not None   # the reader gives every move cell its dice
        if game.state is GameState.OPENING:
            if game.rules.opening == "standard":   # R4: the two opening dice are the first move
                a, b = dice
                if a == b:
                    raise ParseError(f"the first move of a game is never a double (R4), but the file has {a}{b}")
                hi, lo = max(a, b), min(a, b)
                game.roll(dice=(hi, lo) if p == 0 else (lo, hi))
            else:                                  # R4a: the opening throws are not in a .mat file
                game.roll(dice=(2, 1) if p == 0 else (1, 2))
        if game.state is GameState.AWAITING_PLAY and game.dice is not None and len(game.events) and \
                isinstance(game.events[-1], OpeningRoll):
            if sorted(game.dice) != sorted(dice):
                raise ParseError(f"the opening roll gave {game.dice[0]}-{game.dice[1]} (R4), but the file has "
                                 f"{dice[0]}{dice[1]}")
            if game.player_on_roll != p:
                raise ParseError(f"player {game.player_on_roll} won the opening roll and moves first (R4)")
        else:
            game.roll(dice=dice, player=p)
        if game.state is GameState.AWAITING_PLAY:
            if cell.moves:
                game.play(cell.moves, player=p)
            elif not (nxt is not None and nxt.kind == "wins") and not (last and allow_unfinished):
                n = len(game.legal_plays())
                raise ParseError(f"{dice[0]}-{dice[1]} has {n} legal play{'s' if n > 1 else ''} here, "
                                 f"but the file writes none (R10); only a resignation may follow an unplayed roll")
        elif cell.moves:
            raise ParseError(f"{dice[0]}-{dice[1]} cannot be played here: no legal move, "
                             f"the turn passes (R12)")
    elif cell.kind == "double":
        if game.state is GameState.OPENING:
            raise ParseError("no double before the opening roll (R4, R25)")
        game.double(player=p)
        double = game.events[-1]
        assert isinstance(double, Double)
        offered = double.cube_value
        if cell.value != offered:
            raise ParseError(f"the cube is at {offered // 2}, so a double offers {offered}, not {cell.value} (R26)")
    elif cell.kind == "take":
        game.take(player=p)
    elif cell.kind == "drop":
        game.drop(player=p)
    elif cell.kind == "beaver":
        game.beaver(player=p)
        beaver = game.events[-1]
        assert isinstance(beaver, Beaver)
        offered = beaver.cube_value
        if cell.value is not None and cell.value != offered:
            raise ParseError(f"a beaver redoubles the cube to {offered} (X2), not {cell.value}")
    elif cell.kind == "wins" and game.rules.resignation == "offer" and game.state is not GameState.OPENING:
        # The game goes on, so the other player offered to resign and this player accepted (R30), as gnubg writes it.
        # (Before the opening roll nobody is on turn to offer: a resignation there is a plain one, V3, below.)
        loser = 1 - p
        kind = _offered_kind(game, cell.value)  # type: ignore[arg-type]
        if kind is None:
            raise ParseError(f"the game is not over, so {names[loser]} resigned, but no resignation at cube "
                             f"{game.cube_value} is worth {cell.value} (R30, V1, X1)")
        resigned = None if game.player_to_act == loser else _resign_kind(game, loser, cell.value)  # type: ignore[arg-type]
        if resigned is not None:
            # Off turn no offer can be made (R30); Game.resign (at any time, worth at least what the
            # position is, V3) wrote it, e.g. a player who gives up after the opponent's opening roll.
            game.resign(resigned, player=loser)
            return
        if game.player_to_act != loser:
            turn = "nobody's" if game.player_to_act is None else f"{names[game.player_to_act]}'s"
            raise ParseError(f"the game is not over, so {names[loser]} resigned, but it is {turn} turn to act, and "
                             "a resignation is offered on one's own turn (R30)")
        game.offer_resignation(kind, player=loser)
        game.accept_resignation(player=p)
    elif cell.kind == "wins":   # the game goes on, so the other player resigns (V3)
        loser = 1 - p
        assert cell.value is not None   # the reader gives every 'Wins' cell its points
        kind = _resign_kind(game, loser, cell.value)
        if kind is None:
            judged = result_kind(game.position, loser)
            least = game.rules.points(judged, game.cube_value, cube_turned=game.cube_turned)
            raise ParseError(f"the game is not over, so {names[loser]} resigned, but a resignation here is worth "
                             f"at least {least} (a {judged} at cube {game.cube_value}, V3, R23), not {cell.value}")
        game.resign(kind, player=loser)


def read_mat(text: str, *, rules: Rules | None = None, allow_unfinished: bool = False) -> MatchRecord:
    """Read a ``.mat`` file's text into a :class:`~bgsim.game.records.MatchRecord`, checking every move and score.

    ``rules``: the rules the games were played under; by default bgsim's ``[bgsim Rules]``
    tag, else the header's (``Rules.match(N)``; money: gnubg's defaults, Jacoby and beavers on) adjusted by the tags
    ``[Variation]``, ``[Crawford]``, ``[Jacoby]``, ``[Beaver]`` and ``[CubeLimit]``.
    ``allow_unfinished``: accept a last game that stops before its end, and a match
    nobody has won yet (by default both are errors: a truncated file).

    Every game is replayed through :class:`~bgsim.game.game.Game` inside a
    :class:`~bgsim.game.match.Match` (money: a :class:`~bgsim.game.match.Session`), so the starter
    (R4, R4b), the Crawford game (R28), each play (R5-R21), cube action (R25, R26, X2)
    and result (R22, R23, V3) and each score line are checked. Anything wrong raises
    :class:`~bgsim.engine.errors.ParseError` whose ``where`` is the line number.

    >>> text = '''
    ...  1 point match
    ...
    ...  Game 1
    ...  Alice : 0                      Bob : 0
    ...   1)                             62: 24/18 13/11
    ...   2) 62: 13/7* 24/22             51:
    ...       Wins 3 points and the match
    ... '''
    >>> rec = read_mat(text)        # Bob rolled 5-1 and resigned: a backgammon, judged by the position (V3)
    >>> rec.names, rec.final_score, rec.games[0].result.how
    (('Alice', 'Bob'), (3, 0), 'resign')
    >>> read_mat(text.replace("13/7*", "13/8*"))
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: line 7 (left column, Alice: '62: 13/8* 24/22'): 13/8* 24/22: 13/8 needs 5 pips
    but the roll 6-2 has no such die or sum (R5)
    """
    length, header_line, tags, raw_games, last_line = _scan(text)
    rules, openings = _resolve_rules(length, header_line, tags, rules)
    names = raw_games[0].names
    for g in raw_games[1:]:
        if g.names != names:
            raise _fail(g.score_line, f"the players are {names[0]!r} and {names[1]!r}, but game {g.number} names "
                                      f"{g.names[0]!r} and {g.names[1]!r}")
    series: Match | Session
    try:
        if rules.is_match:
            series = Match(length, rules, rng=0, names=names, auto_start=False)
        else:
            series = Session(rules, 1, None, rng=0, names=names, auto_start=False)
    except (BgsimError, ValueError) as exc:
        raise _fail(raw_games[0].score_line, str(exc)) from exc
    for k, raw in enumerate(raw_games):
        last_game = k == len(raw_games) - 1
        if k == 0:
            game = series.games[-1]
        else:
            previous = series.games[-1]
            if not previous.is_over:
                raise _fail(raw.line, f"game {raw.number} starts, but game {raw.number - 1} is not over "
                                      f"(no 'Wins' line and no end of play)")
            try:
                game = series.new_game()
            except BgsimError as exc:
                raise _fail(raw.line, f"game {raw.number} cannot be played: {exc}") from exc
        score = series.score
        if raw.score != score:
            raise _fail(raw.score_line, f"the score line says {raw.score[0]}-{raw.score[1]}, but the games before "
                                        f"give {score[0]}-{score[1]}")
        for throw in openings.get(raw.number, []):
            try:
                game.roll(dice=throw)
            except BgsimError as exc:
                raise _fail(raw.line, f"the opening throw {throw[0]}{throw[1]} of the bgsim Openings tag: {exc}") \
                    from exc
        wins_seen = False
        cells = raw.cells
        for j, cell in enumerate(cells):
            nxt = cells[j + 1] if j + 1 < len(cells) else None
            if game.is_over:
                if cell.kind != "wins":
                    raise _fail(cell.line, f"game {raw.number} is already over ({game.result}), but the file goes "
                                           f"on with {cell.raw!r}")
            else:
                try:
                    _apply(game, cell, nxt, names, last_game and nxt is None, allow_unfinished)
                except BgsimError as exc:
                    message = str(exc)
                    raise ParseError(f"{cell.where(names)}: {message}", where=cell.line) from exc
            if cell.kind == "wins":
                if wins_seen:
                    raise _fail(cell.line, f"a second 'Wins' line in game {raw.number}")
                wins_seen = True
                result = game.result
                if result is None:
                    raise _fail(cell.line, f"the file says {names[cell.player]} wins, but game {raw.number} "
                                           f"is not over")
                if result.winner is None:
                    raise _fail(cell.line, f"game {raw.number} is a draw (V4), but the file says "
                                           f"{names[cell.player]} wins")
                if result.winner != cell.player or result.points != cell.value:
                    raise _fail(cell.line, f"the file says {names[cell.player]} wins {cell.value}, but the game "
                                           f"gives: {names[result.winner]} wins {result.points} "
                                           f"({result.kind}, cube {result.cube}, {result.how}; R22, R23, R26)")
                if cell.and_match:
                    after = series.score
                    if not rules.is_match or max(after) < length:
                        raise _fail(cell.line, f"'and the match', but the score is now {after[0]}-{after[1]} in "
                                               f"{'money play' if not rules.is_match else f'a {length}-point match'}")
        final = game.result
        if final is None:
            if not (allow_unfinished and last_game):
                raise _fail(raw.last_line, f"game {raw.number} ends before it is finished (no 'Wins' line); "
                                           f"the file looks truncated")
        elif final.winner is not None and not wins_seen:
            raise _fail(raw.last_line, f"game {raw.number} is over ({final}) but the file has no 'Wins' line")
    if isinstance(series, Match) and not series.is_over and not allow_unfinished:
        s = series.score
        raise _fail(last_line, f"the file ends at {s[0]}-{s[1]} in a {length}-point match: nobody has won yet "
                               f"(R27); the file looks truncated (read_mat(..., allow_unfinished=True) accepts it)")
    record = series.record()
    kept = {k: v for k, (v, _line) in tags.items() if not k.startswith("bgsim ")}
    return MatchRecord(record.games, rules=record.rules, names=record.names, tags=kept)


def load_mat(path, **options) -> MatchRecord:
    """:func:`read_mat` of the file ``path`` (UTF-8, a byte-order mark allowed).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "bad.mat")
    >>> _ = open(path, "w").write("hello\\n")
    >>> load_mat(path)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: line 1: expected the header ' N point match' (or a ';' comment), found 'hello'
    """
    with open(path, encoding="utf-8-sig") as fh:
        return read_mat(fh.read(), **options)
