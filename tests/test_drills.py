"""Drills (issue 19): tasks built from engine positions, checked by the engine, seeded."""

from __future__ import annotations

import pytest

from bgsim import InvalidSettingError, Position
from bgsim.drills import KINDS, Drill, make_task
from bgsim.rules import ResultKind, result_kind


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
