"""Playing the computer (issue 20, items 1 and 3): the table (bgsim.players.table) and PlayWidget, without a browser.

A whole seeded game against the net with refused actions, doubles taken and dropped,
resignations offered, accepted and refused (R30), a match with its Crawford game (R28), the
hot seat, the tutor's warning on a known blunder, and the .mat export read back by read_mat
to the same result.
"""

from __future__ import annotations

import base64
import re

import pytest

from bgsim import rank_plays
from bgsim.game.events import GameState
from bgsim.game.matfile import read_mat
from bgsim.players.players import HandwrittenPlayer, NetPlayer
from bgsim.game.rules import Rules
from bgsim.game.narrator import score_text
from bgsim.players.table import Table, TutorWarning
from tests.support.play import play_out_as_person

pytest.importorskip("ipywidgets")
from bgsim.widgets import PlayWidget


class Scripted(NetPlayer):
    """The net, with scripted cube answers and doubles (a custom player, as PlayWidget accepts)."""

    def __init__(self, answers=(), doubles=(), resign_answers=()):
        super().__init__()
        self.answers = list(answers)
        self.doubles = list(doubles)
        self.resign_answers = list(resign_answers)

    def offer_double(self, game):
        return self.doubles.pop(0) if self.doubles else False

    def accept_double(self, game):
        return self.answers.pop(0) if self.answers else "take"


def _to_persons_roll(table: Table) -> None:
    """Play on (first legal plays) until the person is about to roll (after the opening)."""
    if table.game.state is GameState.OPENING:
        table.roll()
    for _ in range(20):
        if table.waiting_for_computer:
            table.step_computer()
        elif table.game.state is GameState.AWAITING_PLAY:
            table.commit(table.game.legal_plays()[0])
        elif table.game.state is GameState.AWAITING_DOUBLE_OR_ROLL and table.to_act == 0:
            return
    raise AssertionError("the person never came to roll")


def _same_as_mat(table: Table) -> None:
    rec = read_mat(table.mat())
    assert rec.final_score == table.series.score
    mine = table.series.summaries
    assert [g.result for g in rec.games if g.result is not None] == [s.result for s in mine]


# ----------------------------------------------------------------------------- the table
def test_whole_seeded_game_against_the_net_with_refusals_and_a_double():
    table = Table(Scripted(answers=["take"]), rng=11)
    # refused before the game starts: each names its rule, and nothing changes
    assert table.double().rule == "R4, R25"
    assert table.take().rule == "R26"
    assert table.accept_resignation().rule == "R30"
    events = len(table.game.events)
    assert table.commit("24/18").rule
    assert len(table.game.events) == events
    assert table.roll() is None                                   # the opening roll (R4)
    table.run_computer()
    # on the person's turn: a roll before doubling, then a double comes too late
    while table.game.state is not GameState.AWAITING_DOUBLE_OR_ROLL or table.waiting_for_computer:
        if table.waiting_for_computer:
            table.run_computer()
        else:
            assert table.commit(table.hint(1)[0].play) is None
    assert table.double() is None                                 # the person doubles (R25)
    assert table.waiting_for_computer
    said = table.step_computer()
    assert said == "Computer takes (R26)."
    assert (table.game.cube_value, table.game.cube_owner) == (2, 1)
    assert table.double().rule == "R25"                           # the cube is the computer's now
    assert table.roll() is None
    assert table.roll().rule == "R10"                             # rolled already: play it
    play_out_as_person(table)
    result = table.game.result
    assert result is not None and result.cube == 2
    assert table.finished and table.status().endswith(score_text(result, table.names))
    assert "You double to 2 (R25)" in table.moves() and "Computer takes (R26)" in table.moves()
    _same_as_mat(table)


def test_a_dropped_double_ends_the_game_at_the_cube_before_it():
    table = Table(Scripted(answers=["drop"]), rng=4)
    table.roll()
    table.run_computer()
    while table.game.state is not GameState.AWAITING_DOUBLE_OR_ROLL:
        table.commit(table.game.legal_plays()[0])
        table.run_computer()
    assert table.double() is None
    assert table.run_computer() == ["Computer drops (R26)."]
    result = table.game.result
    assert (result.winner, result.points, result.how) == (0, 1, "drop")
    assert "dropped (R26)" in table.prompt()
    _same_as_mat(table)


def test_the_computer_doubles_and_the_person_drops_or_takes():
    for answer in ("drop", "take"):
        table = _to_the_computers_double(Table(Scripted(doubles=[True]), rng=8), steps=6)   # 8: it opens
        assert table.game.state is GameState.AWAITING_ANSWER and table.to_act == 0
        assert "Take or Drop" in table.prompt()
        assert table.roll().rule == "R26"                            # answer the double first
        assert getattr(table, answer)() is None
        if answer == "drop":
            assert table.game.result.winner == 1 and table.game.result.points == 1
        else:
            assert (table.game.cube_value, table.game.cube_owner) == (2, 0)
            play_out_as_person(table, choose=1)
        _same_as_mat(table)


def _to_the_computers_double(table: Table, steps: int = 1000) -> Table:
    """Play on (first legal plays) until the person must answer the computer's double, within ``steps``."""
    table.roll()
    assert table.game.player_on_roll == 0 or table.waiting_for_computer
    for _ in range(steps):
        if table.game.state is GameState.AWAITING_ANSWER:
            break
        if table.waiting_for_computer:
            table.step_computer()
        elif table.game.state is GameState.AWAITING_DOUBLE_OR_ROLL:
            table.roll()
        else:
            table.commit(table.game.legal_plays()[0])
    return table


def test_beavers_only_where_the_rules_allow_them():
    table = _to_the_computers_double(Table(Scripted(doubles=[True]), rng=8))
    assert table.beaver().rule == "X2"
    table = _to_the_computers_double(Table(Scripted(doubles=[True]), rules=Rules.money(beavers=True), rng=8))
    assert table.beaver() is None
    assert table.run_computer()[0] == "Computer takes (R26)."    # the doubler answers the beaver
    assert (table.game.cube_value, table.game.cube_owner) == (4, 0)


def test_resignation_offers_refused_and_accepted():
    table = Table("net", rng=2)
    _to_persons_roll(table)
    # early in the game nobody is near a gammon: a single game offered is worth more than playing on
    assert table.offer_resignation("single") is None
    said = table.run_computer()
    assert said == ["Computer accepts the resignation (R30)."]
    assert table.game.result.points == 1 and table.game.result.how == "resign"
    assert "You resigned a single game (R30): Computer gets 1 x cube 1 = 1 point" in table.prompt()   # yours, said so
    assert table.offer_resignation("gammon").rule == "R22"          # the game is over
    _same_as_mat(table)

    refusing = HandwrittenPlayer()
    refusing.accept_resignation = lambda game, kind: False            # a custom player's own answer
    table = Table(refusing, rng=2)
    _to_persons_roll(table)
    assert table.offer_resignation("triple").rule == "R23"
    assert table.offer_resignation("gammon") is None
    assert table.run_computer() == ["Computer refuses the resignation (R30): play on."]
    assert not table.game.is_over
    assert table.offer_resignation("gammon").rule == "R30"           # not again this turn


def test_match_with_crawford_game_and_the_end_of_the_match():
    table = Table(HandwrittenPlayer(), match=4, rng=5)
    assert table.is_match and "4-point match" in table.status()
    _to_persons_roll(table)
    table.offer_resignation("gammon")                    # the position shows a backgammon: refused
    assert table.run_computer() == ["Computer refuses the resignation (R30): play on."]
    table.roll()
    table.commit(table.game.legal_plays()[0])
    _to_persons_roll(table)
    table.offer_resignation("backgammon")
    table.run_computer()                                 # the handwritten player accepts what the position shows
    assert table.series.score == (0, 3)
    assert "Press New game" in table.prompt()
    assert table.roll().rule == "R22"
    assert table.new_game() is None
    assert table.game.crawford_game and "Crawford game: no doubling (R28)" in table.status()
    _to_persons_roll(table)
    assert table.double().rule == "R28"
    table.offer_resignation("backgammon")
    table.run_computer()
    assert table.series.is_over and table.finished
    assert table.new_game().rule == "R27"
    assert "won the match" in table.prompt()
    _same_as_mat(table)


def test_hot_seat_both_players_act_in_turn():
    table = Table(None, rng=6, names=("Ann", "Ben"))
    assert table.hot_seat and not table.waiting_for_computer
    table.roll()
    first = table.game.player_on_roll
    assert table.person() == first
    table.commit(table.game.legal_plays()[0])
    assert table.person() == 1 - first and not table.waiting_for_computer
    assert table.double() is None
    assert table.person() == first                      # the doubled player answers (R26)
    assert table.take() is None
    assert table.game.cube_owner == first
    table.roll()
    table.commit(table.game.legal_plays()[0])
    table.offer_resignation("backgammon")
    assert table.accept_resignation() is None
    assert table.game.result.winner == 1 - first and table.game.result.points == 6
    assert "Ann" in table.mat() and "Ben" in table.mat()
    _same_as_mat(table)


def test_session_adds_up_the_games():
    table = Table(HandwrittenPlayer(), session=True, rng=1)
    _to_persons_roll(table)
    table.offer_resignation("backgammon")
    table.run_computer()
    assert not table.finished
    assert table.new_game() is None
    _to_persons_roll(table)
    table.offer_resignation("backgammon")
    table.run_computer()
    assert table.series.score[1] == 6 and "game 2" in table.status()
    _same_as_mat(table)


def test_tutor_warns_on_a_known_blunder_and_shows_the_better_play():
    table = Table("net", rng=3, tutor=True)            # 3: the person opens with 5-1
    table.roll()
    assert table.game.dice == (5, 1) and table.game.player_on_roll == 0
    ranked = rank_plays(table.game.position, (5, 1), plies=table.judge_plies)   # the tutor judges at 1-ply
    assert table.judge_plies == 1 and table.ranking().plies == 1
    blunder = ranked.rank_of("8/3 8/7")
    assert blunder.loss > 0.2                            # the net's opinion: stacking and leaving two blots
    warning = table.commit("8/3 8/7")
    assert isinstance(warning, TutorWarning)
    assert warning.best == ranked[0].play and abs(warning.loss - blunder.loss) < 1e-9
    assert str(ranked[0].play) in warning.text and len(table.game.events) == 2   # nothing played yet
    assert table.commit("8/3 8/7") is None               # Done again keeps it
    assert table.game.player_on_roll == 1
    # a good play passes without a warning; with the tutor off nothing warns
    quiet = Table("net", rng=3)
    quiet.roll()
    assert quiet.commit("8/3 8/7") is None
    good = Table("net", rng=3, tutor=True)
    good.roll()
    assert good.commit(good.hint(1)[0].play) is None


def test_bad_settings_are_refused():
    from bgsim.engine.errors import InvalidSettingError
    with pytest.raises(InvalidSettingError):
        Table(42)
    with pytest.raises(InvalidSettingError):
        Table(match=3, session=True)
    with pytest.raises(InvalidSettingError):
        Table(tutor_threshold=-1)


# ----------------------------------------------------------------------------- the widget
def _person_plays_by_clicking(widget: PlayWidget) -> None:
    """Make the net's best play through the board, step by step, and press Done."""
    table = widget.table
    play = table.hint(1)[0].play
    for src, dst in play.steps:
        widget.stepper.click(src)
        widget.stepper.click(dst)
    widget.done()


def test_widget_plays_a_whole_game_by_clicking_with_refusals_and_exports_the_mat():
    widget = PlayWidget(Scripted(answers=["take"]), rng=11, delay=0)
    assert widget.has_class("bgsim-play") if hasattr(widget, "has_class") else "bgsim-play" in widget._dom_classes
    widget.stepper.click(13)
    assert widget.message.kind == "error" and "(R4)" in widget.message.text
    widget.take()
    assert widget.message.text.endswith("(R26)") and widget.message.kind == "error"
    widget.roll()
    assert widget.table.game.state is GameState.AWAITING_DOUBLE_OR_ROLL or widget.table.game.dice
    doubled = False
    for _ in range(400):
        table = widget.table
        if table.game.is_over:
            break
        state = table.game.state
        if state is GameState.AWAITING_DOUBLE_OR_ROLL:
            if not doubled:
                widget.double()
                doubled = True
                assert "takes" in " ".join(widget.moves_list()) or table.game.cube_value == 2
            else:
                widget.roll()
        elif state is GameState.AWAITING_PLAY:
            widget.done()                                   # nothing moved yet: refused
            if len(table.game.legal_plays()) > 1 and table.game.legal_plays()[0]:
                assert widget.message.kind == "error" and "(R10, R11)" in widget.message.text
            _person_plays_by_clicking(widget)
        elif state is GameState.AWAITING_ANSWER:
            widget.take()
        else:
            widget.reject_resignation()
    assert widget.table.game.is_over and doubled
    assert widget.replay is not None and widget.end.children
    href = re.search(r"base64,([A-Za-z0-9+/=]+)'", widget.download.value).group(1)
    mat = base64.b64decode(href).decode("utf-8")
    assert mat == widget.mat()
    rec = read_mat(mat)
    assert rec.final_score == widget.table.series.score
    assert rec.games[-1].result == widget.table.game.result
    assert score_text(widget.table.game.result, widget.table.names) in widget.end.children[0].value \
        or "x cube" in widget.end.children[0].value or "dropped" in widget.end.children[0].value


def test_widget_refused_step_shows_the_rule_and_undo_takes_back():
    widget = PlayWidget("net", rng=3, delay=0)
    widget.roll()
    assert widget.table.game.dice == (5, 1)
    widget.stepper.click(6)
    widget.stepper.click(1)                                  # 6/1 with 5-1: the 1-point ... legal? try a closed one
    text = widget.message.text
    assert text
    widget.undo()
    widget.stepper.click(24)
    widget.stepper.click(18)                                 # 24/18 with 5-1: point 18 is closed (R7)? no die 6
    assert widget.message.kind == "error" and re.search(r"\(R\d", widget.message.text)
    assert widget.table.game.state is GameState.AWAITING_PLAY   # a refused step changes nothing


def test_widget_tutor_warns_names_the_better_play_and_keeps_the_learners_on_the_board():
    widget = PlayWidget("net", rng=3, delay=0, tutor=True)
    widget.roll()
    for src, dst in ((8, 3), (8, 7)):
        widget.stepper.click(src)
        widget.stepper.click(dst)
    mine = widget.stepper.turn.position
    widget.done()
    assert widget.message.text.startswith("The tutor:") and widget.table.game.player_on_roll == 0
    assert "against" in widget.message.text and "Press Done again" in widget.message.text
    assert widget.stepper.board.position == mine             # issue 31: the learner's own play stays
    widget.done()                                            # keep it
    assert widget.table.game.events[2].play is not None
    assert str(widget.table.game.events[2].play) == "8/3 8/7"


def test_widget_hint_and_step_by_step_computer():
    widget = PlayWidget("net", rng=5, delay=None)
    widget.hint()
    assert widget.message.kind == "error"                    # before the opening roll: nobody on roll
    widget.roll()
    if widget.table.waiting_for_computer:
        widget.next()
        assert widget.message.text.startswith("Computer rolls") or "plays" in widget.message.text
        while widget.table.waiting_for_computer:
            widget.next()
    if widget.table.game.state is GameState.AWAITING_DOUBLE_OR_ROLL:
        widget.hint()
        assert "win" in widget.hint_box.value
        widget.roll()
    widget.hint()
    assert "best plays" in widget.hint_box.value and "points per game against gnubg" in widget.hint_box.value
    assert widget.stepper.board.view.svg.count('class="hint-arrows"') == 3   # the top three, best first
    turn = widget.table.game
    best = widget.table.hint(1)[0].play
    src, dst = best.steps[0]
    widget.stepper.click(src)                                # any click clears the hint ...
    assert widget.hint_box.value == "" and 'class="hint-arrows"' not in widget.stepper.board.view.svg
    widget.stepper.click(dst)                                # ... and a step after it draws the new position
    assert widget.stepper.turn.steps and turn.state is GameState.AWAITING_PLAY


def test_widget_present_mode_and_status():
    widget = PlayWidget("heuristic", match=3, rng=1, present=True, delay=0)
    assert widget.present
    assert "3-point match" in widget.status.value and "Cube 1" in widget.status.value
    widget.offer_resignation("backgammon")
    assert "R4" in widget.message.text                       # before the opening roll: no offers


def test_widget_hot_seat_both_people_click_their_own_checkers():
    widget = PlayWidget(None, names=("Ann", "Ben"), rng=6, delay=0)
    widget.roll()
    game = widget.table.game
    first = game.player_on_roll
    assert not widget.table.waiting_for_computer
    for src, dst in game.legal_plays()[0].steps:    # the stepper numbers points from the side on roll
        widget.stepper.click(src)
        widget.stepper.click(dst)
    widget.done()
    assert game.player_on_roll == 1 - first and "Ben" in widget.status.value + widget.message.text
    widget.double()
    assert widget.table.to_act == first and "Take or Drop" in widget.status.value
    widget.drop()
    assert game.is_over and widget.replay is not None and game.result.winner == 1 - first
    assert read_mat(widget.mat()).final_score == widget.table.series.score


def test_widget_session_new_game_and_match_crawford():
    widget = PlayWidget(HandwrittenPlayer(), session=True, rng=1, delay=0)
    widget.new_game()
    assert widget.message.kind == "error" and "still being played" in widget.message.text
    _to_persons_roll(widget.table)
    widget.refresh()
    widget.offer_resignation("backgammon")
    assert widget.table.game.is_over and widget.end.children
    widget.new_game()
    assert not widget.end.children and "game 2" in widget.status.value

    match = PlayWidget(HandwrittenPlayer(), match=4, rng=5, delay=0)
    _to_persons_roll(match.table)
    match.refresh()
    match.offer_resignation("backgammon")
    match.new_game()
    assert "Crawford game: no doubling (R28)" in match.status.value
    _to_persons_roll(match.table)
    match.refresh()
    match.double()
    assert match.message.kind == "error" and "(R28)" in match.message.text


def test_no_hint_and_no_tutor_in_a_variant_the_net_does_not_judge():
    widget = PlayWidget("random", rules=Rules.hypergammon(), rng=2, tutor=True, delay=0)
    widget.hint()
    widget.roll()
    table = widget.table
    assert table.game.state is GameState.AWAITING_PLAY and table.to_act == 0    # 2: the person opens
    widget.hint()
    assert widget.message.kind == "error" and "(X3)" in widget.message.text
    assert table.commit(table.game.legal_plays()[0]) is None     # the tutor is silent, the play is made


@pytest.mark.parametrize("kind", ["single", "gammon", "backgammon"])
def test_widget_download_of_a_game_resigned_on_its_first_turn_reads_back_R4_R30(kind):
    """Issue 28, item 2: the .mat link of a game resigned right after the opening roll reads back to the same
    result and starter (it was refused, or read with the wrong starter)."""
    starters = set()
    for seed in range(40):
        widget = PlayWidget(None, rng=seed, delay=0)
        widget.roll()
        starter = widget.table.game.player_on_roll
        if starter in starters:
            widget.close()
            continue
        starters.add(starter)
        widget.offer_resignation(kind)
        widget.accept_resignation()
        game = widget.table.game
        assert game.is_over and game.result.how == "resign"
        href = re.search(r"base64,([A-Za-z0-9+/=]+)'", widget.download.value).group(1)
        back = read_mat(base64.b64decode(href).decode("utf-8")).games[0]
        assert back.result == game.result and back.events == game.events
        widget.close()
        if starters == {0, 1}:
            return
    raise AssertionError("no seed gave both starters")


# ----------------------------------------------------------------------------- issue 28, item 5: bad arguments
@pytest.mark.parametrize("bad", [None, 5, 3.5, [], b"24/18", {"play": "24/18"}])
def test_committing_something_that_is_not_a_play_is_a_bgsim_error_and_changes_nothing(bad):
    from bgsim.engine.errors import IllegalPlayError

    table = Table(None, rng=1)
    table.roll()
    events = list(table.game.events)
    with pytest.raises(IllegalPlayError, match="a play is a Play or a play in notation such as '24/18 13/9', not"):
        table.commit(bad)
    with pytest.raises(IllegalPlayError):
        table.check_play(bad)
    assert list(table.game.events) == events
    assert table.commit("24/18 13/12").rule is not None or table.game.dice != (6, 1)   # text is still a refusal


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -0.01, None, "x", True, [0.1]])
def test_a_tutor_threshold_that_is_not_an_equity_is_refused(bad):
    from bgsim.engine.errors import InvalidSettingError

    with pytest.raises(InvalidSettingError, match="tutor_threshold is an equity >= 0, not"):
        Table("random", tutor_threshold=bad)
    assert Table("random", tutor_threshold=0).tutor_threshold == 0.0


def test_a_match_longer_than_an_xgid_can_write_is_refused_at_the_start():
    """PlayWidget(None, match=40000) was accepted and failed at the end of the first game (XGID: at most 32767)."""
    from bgsim.engine.errors import InvalidSettingError

    with pytest.raises(InvalidSettingError, match="at most 32767 points long .* not 40000"):
        PlayWidget(None, match=40000)
    with pytest.raises(InvalidSettingError, match="at most 32767"):
        Table(None, match=32768)
    widget = PlayWidget(None, match=32767, rng=1, delay=0)
    widget.roll()
    widget.offer_resignation("single")
    widget.accept_resignation()
    assert widget.table.game.is_over and widget.replay is not None and "32767" in widget.status.value


def test_an_unknown_resignation_kind_is_refused_in_the_language_spoken_R23():
    from bgsim.engine.i18n import language

    table = Table(None, rng=1)
    table.roll()
    assert str(table.offer_resignation("foo")) == "one resigns a single game, a gammon or a backgammon, not 'foo' (R23)"
    with language("cs"):
        refused = table.offer_resignation("foo")
        assert str(refused) == "vzdát se lze za obyčejnou výhru, gammon, nebo backgammon, ne 'foo' (R23)"
        assert refused.rule == "R23"
    assert table.game.state is GameState.AWAITING_PLAY
