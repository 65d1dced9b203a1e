"""No silent bad input: non-finite and out-of-range numbers are refused at the public entry
points with a BgsimError (never a bare ValueError/TypeError/IndexError/ZeroDivisionError,
never a silent result)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgsim import Position, Rules
from bgsim.odds import equity as eq
from bgsim.engine.errors import BgsimError
from bgsim.game.match import Match, Session
from bgsim.sim.montecarlo import estimate
from bgsim.draw.svg import board

NON_FINITE = st.sampled_from([math.nan, math.inf, -math.inf])
NEGATIVE = st.integers(max_value=-1) | st.floats(max_value=-1e-9, allow_nan=False, allow_infinity=False)
NOT_POSITIVE = NEGATIVE | st.sampled_from([0, 0.0, -0.0])
#: Bad where a value must be a positive finite number.
BAD_POSITIVE = NON_FINITE | NOT_POSITIVE
#: Bad where a value must be a finite number of at least zero.
BAD_NON_NEGATIVE = NON_FINITE | NEGATIVE
#: Bad where a value must be a whole count of at least one.
BAD_COUNT = BAD_POSITIVE | st.floats(min_value=0.01, max_value=50, allow_nan=False).filter(lambda x: x != int(x))
#: Bad where a value is a probability.
BAD_PROBABILITY = NON_FINITE | NEGATIVE | st.floats(min_value=1.0001, max_value=1e300)

EXAMPLES = settings(max_examples=40, deadline=None)


def refused(call, *args, **kwargs) -> None:
    with pytest.raises(BgsimError):
        call(*args, **kwargs)


def test_the_reported_silent_inputs_are_refused():
    refused(Rules(cube_limit=4).largest_loss, -1)
    refused(Session, Rules(cube_limit=4), 1, bankrolls=(math.nan, 10), auto_start=False)
    assert Rules(cube_limit=4).largest_loss(2) == 2 * 4 * 3  # a good stake still works (V6, koks)


@EXAMPLES
@given(BAD_POSITIVE)
def test_stakes(x):
    refused(Rules(cube_limit=4).largest_loss, x)
    refused(Rules.money().largest_loss, x)
    refused(Session, stakes=x, auto_start=False)


@EXAMPLES
@given(BAD_NON_NEGATIVE, st.booleans())
def test_bankrolls(x, first):
    bankrolls = (x, 10) if first else (10, x)
    refused(Session, Rules(cube_limit=4), 1, bankrolls=bankrolls, auto_start=False)


@EXAMPLES
@given(BAD_COUNT)
def test_match_lengths(x):
    refused(Match, x, auto_start=False)
    refused(Rules.match, x)


@EXAMPLES
@given(BAD_NON_NEGATIVE | st.floats(min_value=0.01, max_value=50).filter(lambda x: x != int(x)))
def test_rule_settings(x):
    refused(Rules, match_length=x)
    refused(Rules, automatic_doubles=x)


@EXAMPLES
@given(BAD_POSITIVE | st.integers(min_value=3, max_value=63).filter(lambda n: n & (n - 1)))
def test_cube_limits(x):
    refused(Rules, cube_limit=x)


@EXAMPLES
@given(NON_FINITE | NEGATIVE | st.floats(min_value=0.01, max_value=14.9).filter(lambda x: x != int(x)),
       st.sampled_from([0, 6, 25]), st.booleans())
def test_position_counts(x, point, mine_side):
    counts = {point: x, 13: 10}
    other = {6: 15}
    refused(Position.from_counts, counts, other) if mine_side else refused(Position.from_counts, other, counts)


@EXAMPLES
@given(BAD_COUNT)
def test_estimate_games_and_cube(x):
    refused(estimate, Position.initial(), games=x, rng=1)
    refused(estimate, Position.initial(), games=10, cube=x, rng=1)


@EXAMPLES
@given(BAD_PROBABILITY)
def test_equity_functions(x):
    refused(eq.cubeless_equity, x)
    refused(eq.cubeful_equity, x)
    refused(eq.janowski_decision, x)
    refused(eq.janowski_take_point, x)  # the cube life is a fraction 0..1
    refused(eq.janowski_points, x)


@EXAMPLES
@given(BAD_NON_NEGATIVE)
def test_gammon_sizes(x):
    refused(eq.cubeless_equity, 0.5, x)
    refused(eq.dead_cube_take_point, x)
    refused(eq.live_cube_take_point, 1.0, x)


@EXAMPLES
@given(BAD_COUNT)
def test_match_equity_arguments(x):
    refused(eq.match_equity, x, 3)
    refused(eq.match_equity, 3, x)
    refused(eq.match_take_point, 3, 3, x)
    refused(eq.janowski_decision, 0.7, cube=x)


@EXAMPLES
@given(BAD_POSITIVE)
def test_svg_board(x):
    refused(board, Position.initial(), size=x)
    refused(board, Position.initial(), cube=(x, None))
