"""bgsim: backgammon rules, probabilities and lessons.

The rules engine (the board, moving and bearing off: rules R1-R21, V5 and X3 of ``docs/rules.md``):

>>> from bgsim import Position
>>> pos = Position.initial()
>>> [str(p) for p in pos.legal_plays((3, 1))][:2]
['24/21 24/23', '24/20']
>>> pos.play("8/5 6/5").pips()
(167, 163)
"""

from __future__ import annotations

from .cli import startup  # noqa: F401  first: Ctrl-C while the bgsim command starts ends quietly
from .draw import svg
from .engine.board import BasePosition
from .engine.dice import ALL_ROLLS, DISTINCT_ROLLS, OPENING_ROLLS, roll, roll_opening
from .engine.errors import (
    AmbiguousPlayError,
    BgsimError,
    IllegalGamePlayError,
    IllegalPlayError,
    InvalidPositionError,
    InvalidSettingError,
    ParseError,
    Refusal,
    RuleViolationError,
)
from .engine.i18n import get_language, set_language
from .engine.plays import LegalPlays, Play
from .engine.position import Position
from .engine.turn import Step, TurnBuilder
from .game.cube import Cube
from .game.drive import RandomPlayer, drive
from .game.events import Event, EventVisitor, GameResult, GameState
from .game.game import Game
from .game.match import Match, Session
from .game.rules import ResultKind, Rules
from .players.decisions import cube_decision
from .players.hint import PlayRanking, RankedPlay, cube_hint, rank_plays
from .players.players import (
    HandwrittenPlayer,
    HeuristicPlayer,
    PubevalPlayer,
    named_player,
    play_game,
)
from .players.table import Table
from .sim.montecarlo import Estimate, estimate
from .sim.net import Net, NetPlayer
from .teach.glossary import glossary
from .teach.rulebook import RuleEntry, UnknownRuleError, rules_reference

__version__ = "0.1.0"

__all__ = [
    # rules engine
    "Position", "BasePosition", "Play", "LegalPlays", "TurnBuilder", "Step", "Refusal",
    "ALL_ROLLS", "DISTINCT_ROLLS", "OPENING_ROLLS", "roll", "roll_opening",
    # play and scoring
    "Rules", "ResultKind", "Game", "GameState", "GameResult", "RandomPlayer", "HeuristicPlayer", "drive", "play_game",
    "Net", "NetPlayer", "PubevalPlayer", "HandwrittenPlayer", "named_player",
    "Match", "Session", "Table", "Cube", "Event", "EventVisitor",
    # probability
    "estimate", "Estimate", "cube_decision", "rank_plays", "cube_hint", "PlayRanking", "RankedPlay",
    # pictures
    "svg",
    # the rule reference, the glossary and the language of every message (English, Czech)
    "rules_reference", "RuleEntry", "glossary", "set_language", "get_language",
    # errors
    "BgsimError", "IllegalPlayError", "AmbiguousPlayError", "InvalidPositionError", "ParseError", "RuleViolationError",
    "IllegalGamePlayError", "UnknownRuleError", "InvalidSettingError",
]
