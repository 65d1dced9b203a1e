"""Drills (issue 19): tasks built from engine positions, checked by the engine, seeded."""

from __future__ import annotations

import pytest

from bgsim import InvalidSettingError, Position
from bgsim.teach.drills import KINDS, Drill, make_task
from bgsim.game.rules import ResultKind, result_kind


@pytest.fixture(scope="module")
def drill() -> Drill:
    return Drill(per_kind=4, rng=2026)


def test_a_drill_is_seeded_and_goes_from_plain_to_harder(drill):
    again = Drill(per_kind=4, rng=2026)
    assert [(t.kind, t.position, t.dice) for t in drill.tasks] == [(t.kind, t.position, t.dice) for t in again.tasks]
    assert [t.level for t in drill.tasks] == sorted(t.level for t in drill.tasks)
    assert {t.kind for t in drill.tasks} == set(KINDS) and len(drill) == 4 * len(KINDS)


def test_every_task_fits_its_kind(drill):
    for t in drill.tasks:
        if t.kind == "result":
            assert t.position.is_game_over() and t.dice is None and t.loser in (0, 1)
            continue
        plays = t.position.legal_plays(t.dice)
        assert not plays[0].is_empty
        if t.kind == "enter":
            assert t.position.bar[0] >= 1 and any(t.position.theirs[d] >= 2 for d in t.dice)   # a closed entry (R14)
        elif t.kind == "only-play":   # R10-R12 alone: nothing on the bar, nothing borne off
            assert len(plays) == 1 and not t.position.bar[0] and not any(dst == 0 for _s, dst in plays[0].steps)
        elif t.kind == "route":
            src, dst = t.route
            a, b = t.dice
            assert t.position.mine[src] and (t.level == 2) == (a == b)
            if a != b:          # one order only: exactly one of the two stops is closed (R5, R7)
                assert src - dst == a + b
                assert (t.position.theirs[25 - (src - a)] >= 2) != (t.position.theirs[25 - (src - b)] >= 2)
            else:
                assert (src - dst) % a == 0 and 2 <= (src - dst) // a <= 4
        else:
            offs = {sum(dst == 0 for _s, dst in p.steps) for p in plays}
            assert t.position.can_bear_off() and len(offs) > 1 and t.goal == max(offs)


def test_the_solution_is_right_and_an_illegal_play_is_refused_with_its_rule(drill):
    for t in drill.tasks:
        if t.kind == "result":
            continue
        assert t.check(t.solution_play()).right and t.check(str(t.solution_play())).right
        wrong = t.check("24/1")
        assert not wrong.right
    enter = next(t for t in drill.tasks if t.kind == "enter")
    closed_die = next(d for d in enter.dice if enter.position.theirs[d] >= 2)
    verdict = enter.check(f"bar/{25 - closed_die}")
    assert not verdict.right and verdict.refusal is not None and verdict.refusal.rule
    assert f"({verdict.refusal.rule})" in verdict.text


def test_a_legal_bear_off_that_takes_fewer_checkers_is_not_right_and_says_why(drill):
    task = next(t for t in drill.tasks if t.kind == "bear-off")
    fewer = min(task.position.legal_plays(task.dice), key=lambda p: sum(dst == 0 for _s, dst in p.steps))
    verdict = task.check(fewer)
    assert not verdict.right and verdict.refusal is None
    assert f"can bear off {task.goal}" in verdict.text


def test_a_route_task_needs_the_open_stop_first():
    # lesson 02: dark holds the 18-point, not the 20: 6-4 takes the back checker to 14 only as 24/20/14
    half = Position.from_counts({24: 1, 13: 4, 8: 3, 6: 5, 0: 2}, {7: 2, 6: 6, 8: 2, 13: 3, 0: 2})
    task = make_task("route", half, (6, 4))
    assert task.route == (24, 14) and task.prompt.endswith("the 24-point to the 14-point, using both dice.")
    assert task.check("24/14").right and "20-point" in task.check("24/14").text
    assert task.solution() == ("24/20/14: the 18-point is closed, so the checker plays the 4 first and stops "
                               "on the 20-point (R5, R7).")
    other = task.check("13/7 13/9")                      # legal, but not the route
    assert not other.right and other.refusal is None and "(R5)" in other.text
    refused = task.check("24/18 13/9")                   # onto the closed stop
    assert not refused.right and refused.refusal is not None and refused.refusal.rule == "R7"
    # a double: four moves of 2, every stop open; the route is found by itself
    double = make_task("route", Position.initial(), (2, 2))
    assert double.route == (24, 16) and double.check("24/16").right and "(R6, R7)" in double.solution()
    assert not double.check("13/11(2) 6/4(2)").right
    prime = Position.from_counts({24: 2, 20: 1, 6: 5, 5: 4, 4: 3}, {7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2, 0: 3})
    with pytest.raises(InvalidSettingError, match="no checker here has a route"):
        make_task("route", prime, (6, 6))           # behind a prime nothing gets far (R9)


def test_result_tasks_are_judged_by_the_rules():
    for counts, loser_counts, kind in (({0: 15}, {0: 2, 6: 13}, ResultKind.SINGLE),
                                        ({0: 15}, {6: 15}, ResultKind.GAMMON),
                                        ({0: 15}, {25: 1, 6: 14}, ResultKind.BACKGAMMON)):
        pos = Position.from_counts(counts, loser_counts)
        task = make_task("result", pos, loser=1)
        assert result_kind(pos, 1) is kind
        for choice in task.choices:
            assert task.check(choice).right == (ResultKind.of(choice) is kind)
        assert "(R23)" in task.solution()
    assert not task.check("triple").right


def test_scoring_counts_first_tries_and_reveal_costs_the_first_try():
    d = Drill(["result"], per_kind=2, rng=4)
    first = d.task
    wrong = next(c for c in first.choices if not first.check(c).right)
    assert not d.answer(wrong).right and d.index == 0
    right = next(c for c in first.choices if first.check(c).right)
    assert d.answer(right).right and d.score == (0, 1)
    d.reveal()
    solved = next(c for c in d.task.choices if d.task.check(c).right)
    assert d.answer(solved).right and d.finished and d.score == (0, 2)
    with pytest.raises(InvalidSettingError):
        d.answer(solved)


def test_bad_settings_get_clear_errors():
    with pytest.raises(InvalidSettingError, match="drill kinds"):
        Drill(["juggling"])
    with pytest.raises(InvalidSettingError, match="per_kind"):
        Drill(per_kind=0)
    with pytest.raises(InvalidSettingError, match="needs a roll"):
        make_task("enter", Position.initial())


# Take or drop (a decision kind: a choice about a last-roll position, no play) ---------------

def test_a_board_drill_never_includes_a_decision_kind_unless_asked():
    from bgsim.teach.drills import DECISION_KINDS
    assert "take-drop" in DECISION_KINDS and "take-drop" not in KINDS
    assert all(t.kind in KINDS for t in Drill(per_kind=1, rng=3).tasks)


def test_take_drop_tasks_are_seeded_last_rolls_judged_by_the_exact_count_and_the_take_point():
    from bgsim.odds.equity import match_take_point
    from bgsim.odds.exact import bearoff_chance

    d = Drill(["take-drop"], per_kind=4, rng=2026)
    again = Drill(["take-drop"], per_kind=4, rng=2026)
    assert [(t.position, t.length, t.score) for t in d.tasks] == [(t.position, t.length, t.score) for t in again.tasks]
    assert [t.level for t in d.tasks] == [1, 1, 2, 2]
    answers = []
    for t in d.tasks:
        assert t.dice is None and t.choices == ("take", "drop") and t.position.turn == 0
        assert bearoff_chance(t.position.swap()).count == 36             # dark is off next turn for sure
        dark_wins = (36 - bearoff_chance(t.position).count) / 36
        if t.level == 1:
            assert t.length == 0 and t.take_point == 0.25 and "Money play." in t.prompt
        else:
            n, (a, b) = t.length, t.score
            assert n in (5, 7) and min(n - a, n - b) >= 2
            assert t.take_point == match_take_point(n - b, n - a, 1)            # dark is doubled
            assert f"{n}-point match, score light {a}, dark {b}" in t.prompt
            assert (dark_wins >= t.take_point) != (dark_wins >= 0.25)           # the score turns the money answer
        right = "take" if dark_wins >= t.take_point else "drop"
        assert abs(dark_wins - t.take_point) >= 0.01
        assert t.check(right).right and not t.check({"take": "drop", "drop": "take"}[right]).right
        assert t.solution().startswith(right.capitalize()) and "(R26)" in t.solution()
        answers.append(right)
    assert answers[0] != answers[1] and answers[2] != answers[3]                # takes and drops in turn
    assert not d.tasks[0].check("double").right


def test_take_drop_checks_words_and_scores():
    pos = Position.from_counts({2: 2}, {1: 1}, turn=0)      # light misses with 10 rolls: 27.8%
    money = make_task("take-drop", pos)
    assert money.check("take").right and "10/36 = 27.8%" in money.check("take").text
    verdict = money.check("drop")
    assert not verdict.right and verdict.text.startswith("Not drop: light misses with 10 of the 36 rolls")
    at_score = make_task("take-drop", pos, level=2, length=5, score=(3, 3))   # 2-away each: 32.3% needed
    assert at_score.check("drop").right and "32.3%" in at_score.prompt
    with pytest.raises(InvalidSettingError, match="last roll"):
        make_task("take-drop", Position.initial())
    with pytest.raises(InvalidSettingError, match="last roll"):
        make_task("take-drop", Position.from_counts({2: 2}, {2: 2}, turn=0))  # 2-1 leaves one of them
    with pytest.raises(InvalidSettingError, match="2 or more points away"):
        make_task("take-drop", pos, length=5, score=(4, 0))


# ----------------------------------------------------------------------------- issue 28, item 3: the drill widget
def _drill_widget(*args, **kwargs):
    pytest.importorskip("anywidget", reason="the widgets need the lessons extra (anywidget)")
    from bgsim.widgets import DrillWidget

    return DrillWidget(*args, **kwargs)


def test_the_drill_widget_asks_take_drop_tasks_as_choices_R26():
    """DrillWidget(["take-drop"]) raised KeyError although Drill takes that kind."""
    from bgsim.teach.drills import DECISION_KINDS

    d = _drill_widget(["take-drop"], per_kind=2, rng=3)
    task = d.task
    assert task.kind == "take-drop" and DECISION_KINDS["take-drop"] in d.title.value
    assert [value for _label, value in d.choices.options] == ["take", "drop"] and d.choices.layout.display is None
    right = task.solution().split(":")[0].lower()
    wrong = "drop" if right == "take" else "take"
    d.choices.value = wrong
    assert d.message.kind == "error" and "(R26)" in d.message.text and d.drill.index == 0
    d.choices.value = right
    assert d.message.kind == "ok" and d.drill.index == 1
    d.stepper.click(6)                                       # a click on the board of a choice task: nothing
    assert d.message.kind == "ok" and d.drill.index == 1


def _over(d) -> None:
    """Skip every task of the drill widget to its end."""
    while not d.drill.finished:
        d.next_task()
    assert d.score.value and d.drill.score[0] == 0


@pytest.mark.parametrize("kinds", [["result"], ["only-play"], ["take-drop"]])
def test_after_the_last_task_a_click_or_a_choice_says_the_drill_is_over(kinds):
    """After the last task was skipped, a choice or a click raised InvalidSettingError (Drill.answer)."""
    from bgsim.engine.i18n import _

    d = _drill_widget(kinds, per_kind=1, rng=4)
    _over(d)
    over = _("The drill is over: every task is done. Press “New tasks” for more.")
    score = d.score.value
    if d.task.dice is None:
        d.choices.value = d.choices.options[0][1]
    else:
        src, dst = d.task.solution_play().steps[0]
        d.stepper.click(src)
        d.stepper.click(dst)
    assert (d.message.kind, d.message.text) == ("info", over)
    for press in (d.show_solution, d.next_task):
        d.message.say("", "info")
        press()
        assert d.message.text == over
    assert d.score.value == score and d.drill.score == (0, 1)


def test_new_tasks_at_the_end_of_a_drill_draw_on_from_the_same_seed():
    """At the end the drill said "Run the cell again with another seed (rng=)": a learner's page
    now offers "New tasks", the next tasks of the same seeded stream (the first round unchanged)."""
    from bgsim.teach.drills import Drill

    kinds = ["result", "only-play"]
    d = _drill_widget(kinds, per_kind=1, rng=9)
    first = [t.position for t in d.drill.tasks]
    assert first == [t.position for t in Drill(kinds, per_kind=1, rng=9).tasks]   # as before "New tasks"
    assert d.new_button.layout.display == "none"
    _over(d)
    assert d.new_button.layout.display is None and "New tasks" in d.score.value
    assert "rng" not in d.score.value
    d.new_button.click()
    assert not d.drill.finished and d.drill.index == 0 and d.score.value == ""
    assert d.new_button.layout.display == "none" and d.title.value.startswith("<b>Task 1 of 2")
    second = [t.position for t in d.drill.tasks]
    assert second != first
    again = _drill_widget(kinds, per_kind=1, rng=9)                # seeded: the same second round
    _over(again)
    again.new_tasks()
    assert [t.position for t in again.drill.tasks] == second


def test_the_drill_score_says_task_or_tasks():
    from bgsim.engine.i18n import language

    d = _drill_widget(["result"], per_kind=1, rng=4)
    _over(d)
    assert "0 of 1 task solved" in d.score.value
    with language("cs"):
        d = _drill_widget(["result"], per_kind=2, rng=4)
        _over(d)
        assert "vyřešeno 0 z 2 úloh" in d.score.value and "Nové úlohy" in d.score.value


def test_the_drill_over_message_and_the_take_drop_title_in_czech():
    from bgsim.engine.i18n import language

    with language("cs"):
        d = _drill_widget(["take-drop"], per_kind=1, rng=4)
        assert "take or drop" not in d.title.value and "(R26)" in d.title.value
        _over(d)
        d.choices.value = "take"
        assert d.message.text.startswith("Cvičení skončilo")
