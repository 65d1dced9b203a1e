"""Driving a :class:`bgsim.Table` as the person at the board, for the play tests (both languages)."""

from __future__ import annotations

from bgsim.game.events import GameState
from bgsim.players.table import Table, TutorWarning


def play_out_as_person(table: Table, choose: int = 0, limit: int = 600) -> None:
    """The person plays the net's best (``choose=0``) or the first legal play, takes every double, refuses offers."""
    for _ in range(limit):
        game = table.game
        if game.is_over:
            return
        if table.waiting_for_computer:
            table.run_computer()
            continue
        state = game.state
        if state in (GameState.OPENING, GameState.AWAITING_DOUBLE_OR_ROLL):
            assert table.roll() is None
        elif state is GameState.AWAITING_PLAY:
            play = table.hint(1)[0].play if choose == 0 else game.legal_plays()[0]
            result = table.commit(play)
            if isinstance(result, TutorWarning):
                result = table.commit(play)
            assert result is None
        elif state is GameState.AWAITING_ANSWER:
            assert table.take() is None
        else:
            assert table.reject_resignation() is None
    raise AssertionError("the game did not end")
