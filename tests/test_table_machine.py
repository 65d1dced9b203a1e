"""A Hypothesis state machine over :class:`bgsim.players.table.Table` (issue 28, item 8): keep the bugs found.

Random sequences of the person's actions, legal and illegal, in money play (one game, or a
session) and in matches, against the random computer or in the hot seat (both sides are
people, so every action of both sides is tried): the opening roll and rolls (R4), plays
legal, illegal (another roll's play, text that is not a play, things that are not plays),
doubles, takes, drops and beavers (R25, R26, X2), resignations offered, accepted and
refused, of each kind and of no kind (R30, R23), the computer's steps, new games (R22, R27).

What must hold after every step:

- an action is done, or refused with a :class:`~bgsim.engine.errors.Refusal` (it names its rule),
  or, for an argument that is not a play at all, raises a :class:`~bgsim.engine.errors.BgsimError`;
  never another exception;
- a refused action changes nothing: the games, their events, the score and the state;
- every finished game's ``.mat`` reads back (:func:`bgsim.game.matfile.read_mat`) to the same
  result (winner, kind, points, how) and the same starter, and the file's score is the
  series' score.

It runs in the normal suite: a fixed number of derandomized examples, no deadline (the
first call of a compiled kernel can take seconds).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from bgsim import Position
from bgsim.engine.errors import BgsimError, Refusal
from bgsim.game.events import GameStart, GameState, OpeningRoll
from bgsim.game.matfile import read_mat
from bgsim.engine.plays import Play
from bgsim.game.rules import Rules
from bgsim.players.table import Table, TutorWarning

#: The tables tried: (label, keywords of Table besides the opponent and the seed).
MODES = [
    ("money game", {}),
    ("money session with beavers", {"session": True, "rules": Rules.money(beavers=True)}),
    ("3-point match", {"match": 3}),
    ("1-point match", {"match": 1}),
]

#: Plays of the starting position for rolls a game may not have now: illegal almost always.
OTHER_PLAYS = [Position.initial().legal_plays(dice)[0] for dice in ((6, 5), (2, 1), (4, 4))]

#: Arguments that are not plays at all: a BgsimError, never a TypeError.
NOT_PLAYS = [None, 5, 3.5, [], b"24/18", {"play": "24/18"}]

#: Text that is no legal play: refused with a rule (or "cannot read").
BAD_TEXT = ["", "24/30", "bar/22", "13/7 13/7 13/7 13/7 13/7", "6/off", "hello"]


def snapshot(table: Table) -> tuple:
    """Everything a refused action must leave as it was."""
    series = table.series
    game = table.game
    return (len(series.games), tuple(game.events), series.score, game.state, game.cube_value, game.cube_owner,
            table.session, len(series.summaries))


def _starter(events) -> int | None:
    """Who started a game, from its events: the starter its GameStart names (R4b), or the player who won the
    opening roll (R4); None when the game ended before anybody started."""
    start = events[0]
    assert isinstance(start, GameStart)
    if start.starter is not None:
        return start.starter
    return next((ev.starter for ev in events if isinstance(ev, OpeningRoll) and ev.starter is not None), None)


class TableMachine(RuleBasedStateMachine):
    """The person (and in the hot seat both people) pressing any button at any time."""

    def __init__(self) -> None:
        super().__init__()
        self.table: Table | None = None
        self.checked_games = 0

    @initialize(mode=st.sampled_from(MODES), hot_seat=st.booleans(), seed=st.integers(0, 2**16))
    def start(self, mode, hot_seat, seed):
        _label, options = mode
        self.table = Table(None if hot_seat else "random", rng=seed, **options)

    # ------------------------------------------------------------------ the actions
    def _act(self, action, *args) -> None:
        """Do ``action``; a refusal must change nothing, an exception must be a BgsimError (and change nothing)."""
        table = self.table
        assert table is not None
        before = snapshot(table)
        try:
            answer = getattr(table, action)(*args)
        except BgsimError:
            assert snapshot(table) == before, f"{action}{args} raised and changed the table"
            raise
        if isinstance(answer, Refusal):
            assert str(answer), f"{action}{args}: a refusal with no sentence"
            assert snapshot(table) == before, f"{action}{args} was refused ({answer}) but changed the table"
        else:
            assert answer is None or isinstance(answer, TutorWarning), f"{action}{args} answered {answer!r}"

    @rule(action=st.sampled_from(["roll", "double", "take", "drop", "beaver", "accept_resignation",
                                  "reject_resignation", "new_game"]))
    def press(self, action):
        self._act(action)

    @rule(kind=st.sampled_from(["single", "gammon", "backgammon", 1, 2, 3, "foo", 0, None]))
    def offer_resignation(self, kind):
        self._act("offer_resignation", kind)

    @precondition(lambda self: self.table is not None and self.table.game.state is GameState.AWAITING_PLAY
                  and not self.table.waiting_for_computer)
    @rule(data=st.data())
    def commit_a_legal_play(self, data):
        plays = self.table.game.legal_plays()
        play = plays[data.draw(st.integers(0, len(plays) - 1), label="play")]
        as_text = data.draw(st.booleans(), label="as text")
        before = len(self.table.game.events)
        self._act("commit", str(play) if as_text and str(play) else play)
        assert len(self.table.game.events) > before, "a legal play was not made"

    @rule(play=st.sampled_from(OTHER_PLAYS + BAD_TEXT))
    def commit_another_play(self, play):
        legal = self.table.game.state is GameState.AWAITING_PLAY and not self.table.waiting_for_computer
        if legal and isinstance(play, Play) and play in self.table.game.legal_plays():
            return                      # the same play happens to be legal here: not what this rule tries
        if legal and isinstance(play, str):
            try:
                self.table.game.legal_plays().resolve(play)
                return                  # text that reads as a legal play here
            except BgsimError:
                pass
        before = snapshot(self.table)
        answer = self.table.commit(play)
        assert isinstance(answer, Refusal) and str(answer), f"commit({play!r}) answered {answer!r}"
        assert snapshot(self.table) == before

    @rule(thing=st.sampled_from(NOT_PLAYS))
    def commit_something_that_is_not_a_play(self, thing):
        with pytest.raises(BgsimError):
            self._act("commit", thing)

    @precondition(lambda self: self.table is not None and self.table.waiting_for_computer)
    @rule()
    def the_computer_acts(self):
        before = len(self.table.game.events)
        said = self.table.step_computer()
        assert said and len(self.table.game.events) > before

    @rule(actions=st.integers(1, 40))
    def play_on(self, actions):
        """The game goes on as it would: roll, the first legal play, take, the computer's turn (up to ``actions``
        of them, each checked as above), so games also end by bearing off (R22, R23)."""
        table = self.table
        for _ in range(actions):
            state = table.game.state
            if state is GameState.OVER:
                return
            if table.waiting_for_computer:
                self.the_computer_acts()
            elif state in (GameState.OPENING, GameState.AWAITING_DOUBLE_OR_ROLL):
                self._act("roll")
            elif state is GameState.AWAITING_PLAY:
                self._act("commit", table.game.legal_plays()[0])
            elif state is GameState.AWAITING_ANSWER:
                self._act("take")
            else:
                self._act("reject_resignation")

    # ------------------------------------------------------------------ what always holds
    @invariant()
    def finished_games_read_back_from_the_mat(self):
        table = self.table
        if table is None:
            return
        done = table.series.summaries
        if len(done) == self.checked_games:
            return
        back = read_mat(table.mat(), allow_unfinished=True)
        for k, summary in enumerate(done):
            read = back.games[k]
            assert read.result == summary.result, f"game {k + 1}: {read.result} read back, {summary.result} played"
            starter, played = _starter(read.events), _starter(table.series.games[k].events)
            assert starter == played == summary.starter, f"game {k + 1}: starter {starter} read back, {played} played"
        assert back.final_score == table.series.score
        self.checked_games = len(done)
        event("games finished and read back", len(done))
        event("how the last one ended", done[-1].result.how)

    @invariant()
    def the_status_and_prompt_can_always_be_said(self):
        if self.table is not None:
            assert self.table.status() and self.table.prompt()


TableMachine.TestCase.settings = settings(
    max_examples=100, stateful_step_count=100, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_the_table_under_random_actions = TableMachine.TestCase
