"""The SVG board (bgsim.draw.svg) and the fixed-perspective text board (bgsim.engine.text).

Golden files: ``tests/golden/*.svg`` hold the exact bytes of a few boards. After a
deliberate change of the drawing, regenerate them with

    BGSIM_UPDATE_GOLDEN=1 python -m pytest tests/test_svg.py -q

look at them (e.g. in a browser) and commit them with the change.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings

from bgsim import BgsimError, Position, svg
from bgsim.draw import charts
from bgsim.engine.errors import ViewError
from bgsim.draw.svg import SvgBoard, board, play_board, step_board
from bgsim.engine.text import board_text
from tests.support.positions import valid_positions

GOLDEN = Path(__file__).parent / "golden"
NS = "{http://www.w3.org/2000/svg}"


def counts_of(pos: Position, player: int) -> tuple[int, ...]:
    return pos.mine if player == pos.turn else pos.theirs


def parse(doc: str) -> ET.Element:
    return ET.fromstring(doc)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


# ----------------------------------------------------------------------------- positions
BAR_POS = Position.from_counts({25: 2, 6: 5, 5: 3, 8: 2, 13: 2, 2: 1}, {25: 1, 24: 2, 13: 4, 6: 4, 0: 3, 4: 1}, turn=1)
BEAROFF_POS = Position.from_counts({0: 6, 1: 3, 2: 2, 3: 4}, {0: 11, 18: 1, 20: 3}, turn=0)
TALL_POS = Position.from_counts({25: 3, 6: 7, 5: 2, 13: 3}, {25: 2, 24: 1, 13: 6, 6: 2, 0: 4}, turn=0)


def hit_play():
    plays = BAR_POS.legal_plays((4, 2))
    return next(p for p in plays if any(p.hits))


GOLDEN_CASES = {
    "start": lambda: board(Position.initial()),
    "bar_dice": lambda: board(BAR_POS, dice=(4, 2), highlight=[25, 3, 4]),
    "bearoff_trays": lambda: board(BEAROFF_POS, dice=(6, 5), cube=2),
    "cube_owned": lambda: board(Position.initial().play("13/7 8/7"), cube=(4, 0), dice=(5, 5)),
    "play_hit": lambda: board(BAR_POS, play=hit_play(), dice=(4, 2)),
    "high_contrast": lambda: board(TALL_POS, theme="high-contrast", dice=(5, 5), cube=(2, None),
                                   play=TALL_POS.legal_plays((5, 5))[0], highlight=[0, 6]),
    "perspective1": lambda: board(BEAROFF_POS, perspective=1, cube=(2, 1), theme="colorblind",
                                  caption="Ann 3, Ben 4 (7-point match)"),
    "orientation_left": lambda: board(TALL_POS, orientation="left", dice=(3, 1), size=400),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden(name):
    doc = GOLDEN_CASES[name]()
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("BGSIM_UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(doc, encoding="utf-8")
    assert path.exists(), f"missing {path}: run with BGSIM_UPDATE_GOLDEN=1 to create it"
    assert doc == path.read_text(encoding="utf-8"), f"{name} differs from {path} (see the module docstring)"
    parse(doc)


# ----------------------------------------------------------------------------- the DOM contract
def check_contract(pos: Position, doc: str, perspective: int = 0) -> None:
    root = parse(doc)
    assert root.tag == NS + "svg" and root.get("viewBox")
    # 24 points, each once, numbered 1-24
    points = by_class(root, "point")
    assert sorted(int(p.get("data-point")) for p in points) == list(range(1, 25))
    # one bar half and one tray per player
    assert sorted(e.get("data-player") for e in by_class(root, "bar")) == ["0", "1"]
    assert sorted(e.get("data-player") for e in by_class(root, "tray")) == ["0", "1"]
    # one checker element per checker, where the position has it, in the perspective numbering
    seen = Counter((e.get("data-player"), int(e.get("data-point"))) for e in by_class(root, "checker"))
    want: Counter = Counter()
    for player in (0, 1):
        c = counts_of(pos, player)
        for own, k in enumerate(c):
            if not k:
                continue
            where = own if own in (0, 25) else (own if player == perspective else 25 - own)
            want[(str(player), where)] += k
    assert seen == want
    # ids are unique and carry the board's prefix
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(root.get("id")) for i in ids)


def test_start_position_contract_and_counts():
    pos = Position.initial()
    doc = board(pos)
    assert isinstance(doc, SvgBoard) and doc._repr_svg_() == str(doc)
    check_contract(pos, doc)
    root = parse(doc)
    per_player = Counter(e.get("data-player") for e in by_class(root, "checker"))
    assert per_player == {"0": 15, "1": 15}


@pytest.mark.parametrize("perspective", [0, 1])
@pytest.mark.parametrize("orientation", ["right", "left"])
def test_contract_on_busy_positions(perspective, orientation):
    for pos in (BAR_POS, BEAROFF_POS, TALL_POS, BAR_POS.swap(), TALL_POS.mirror()):
        check_contract(pos, board(pos, perspective=perspective, orientation=orientation), perspective)


def test_perspective_one_flips_the_numbers():
    pos = Position.initial()          # player 0 has two checkers on its own 24 point
    for turn_pos in (pos, pos.swap()):
        root = parse(board(turn_pos, perspective=1))
        back = [e for e in by_class(root, "checker") if e.get("data-player") == "0" and e.get("data-point") == "1"]
        assert len(back) == 2
        root = parse(board(turn_pos, perspective=0))
        back = [e for e in by_class(root, "checker") if e.get("data-player") == "0" and e.get("data-point") == "24"]
        assert len(back) == 2


def rect_of(group: ET.Element) -> tuple[float, float, float, float]:
    r = group.find(NS + "rect")
    x, y, w, h = (float(r.get(a)) for a in ("x", "y", "width", "height"))
    return x, y, x + w, y + h


@pytest.mark.parametrize("orientation", ["right", "left"])
def test_checkers_stand_on_their_points(orientation):
    root = parse(board(TALL_POS, orientation=orientation))
    area = {int(g.get("data-point")): rect_of(g) for g in by_class(root, "point")}
    for e in by_class(root, "checker"):
        n = int(e.get("data-point"))
        if 1 <= n <= 24:
            x0, y0, x1, y1 = area[n]
            assert x0 < float(e.get("cx")) < x1 and y0 < float(e.get("cy")) < y1
    # home board: the bottom player's 1 point is at the right (or the left) end of the bottom row
    xs = {n: area[n][0] for n in area}
    assert (xs[1] > xs[12]) == (orientation == "right")
    assert (xs[24] > xs[13]) == (orientation == "right")
    assert area[1][1] > area[24][1]          # 1 at the bottom, 24 at the top


def test_colours_follow_the_player_not_the_turn():
    pos = Position.initial()
    def fills(doc):
        return {e.get("data-player"): e.get("fill") for e in by_class(parse(doc), "checker")}
    assert fills(board(pos)) == fills(board(pos.swap())) == fills(board(pos, perspective=1))
    assert len(set(fills(board(pos)).values())) == 2


def test_perspective_is_absolute_across_turns():
    pos = Position.initial()
    after = pos.play("24/18 13/11")
    # player 0's checker that went 24/18 is on point 18 (perspective 0) whoever is on roll next
    root = parse(board(after))
    on18 = [e for e in by_class(root, "checker") if e.get("data-point") == "18"]
    assert [e.get("data-player") for e in on18] == ["0"]
    assert parse(board(after)).get("data-turn") == "1"


# ----------------------------------------------------------------------------- options
def test_ids_differ_between_boards_and_repeat_for_the_same_input():
    a = board(Position.initial())
    b = board(Position.initial(), dice=(3, 1))
    assert parse(a).get("id") != parse(b).get("id")
    assert board(Position.initial(), dice=(3, 1)) == b
    c = board(Position.initial(), id_prefix="left-board")
    assert parse(c).get("id") == "left-board" and 'id="left-board-head"' in c
    with pytest.raises(ViewError):
        board(Position.initial(), id_prefix='x" onload="alert(1)')


def test_highlight_marks_points_bar_and_tray():
    root = parse(board(BAR_POS, highlight=[3, 24, 25, 0]))
    hl = by_class(root, "highlight")
    pts = sorted(int(e.get("data-point")) for e in hl if "point" in e.get("class"))
    assert pts == [3, 24]
    # 25 and 0: the bar and the tray of the player on roll (player 1 here)
    assert [e.get("data-player") for e in hl if "bar" in e.get("class")] == ["1"]
    assert [e.get("data-player") for e in hl if "tray" in e.get("class")] == ["1"]


def test_cube_forms_and_places():
    class Cube:                      # duck-typed like the play layer's Cube
        value, owner = 8, 1
    pos = Position.initial()
    def cube(doc):
        (g,) = by_class(parse(doc), "cube")
        r = g.find(NS + "rect")
        return g.get("data-value"), g.get("data-player"), float(r.get("y")), g.find(NS + "text").text
    v, owner, y_mid, shown = cube(board(pos, cube=1))
    assert (v, owner, shown) == ("1", None, "64")
    assert cube(board(pos, cube=(1, None)))[2] == y_mid
    v, owner, y_top, shown = cube(board(pos, cube=Cube()))
    assert (v, owner, shown) == ("8", "1", "8") and y_top < y_mid      # player 1 sits at the top
    v, owner, y_bottom, _ = cube(board(pos, cube=(2, 0)))
    assert owner == "0" and y_bottom > y_mid
    assert cube(board(pos, cube=(2, 0), perspective=1))[2] < y_mid     # ... unless he is the top player
    assert by_class(parse(board(pos)), "cube") == []
    for bad in (3, 0, (2, 2), (2,), "2", True):
        with pytest.raises(ViewError):
            board(pos, cube=bad)


def test_dice_and_turn_marker():
    root = parse(board(Position.initial(turn=1), dice=(6, 2)))
    dice = by_class(root, "die")
    assert [d.get("data-value") for d in dice] == ["6", "2"]
    assert [len(d.findall(NS + "circle")) for d in dice] == [6, 2]
    assert by_class(root, "turn")[0].get("data-player") == "1"
    for bad in ((0, 3), (7, 1), (1, 2, 3), "31", (1.5, 2)):
        with pytest.raises(ViewError):
            board(Position.initial(), dice=bad)


def test_play_arrows_and_hits_in_perspective_numbering():
    play = hit_play()                # player 1 enters bar/21*: player 0's blot on his own 4 point
    for perspective in (0, 1):
        root = parse(board(BAR_POS, play=play, perspective=perspective))
        assert len(by_class(root, "step")) == len(play.steps)
        (hit,) = by_class(root, "hit")
        assert hit.get("data-point") == ("4" if perspective == 0 else "21")
    doc = play_board(play)
    assert 'class="die"' in doc and str(play) in doc
    other = Position.initial().legal_plays((4, 2))[0]
    with pytest.raises(ViewError):
        board(BAR_POS, play=other)


def test_play_board_of_a_forfeited_turn():
    pos = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3})
    (empty,) = pos.legal_plays((3, 3))
    doc = play_board(empty)
    assert "forfeited" in doc and 'class="step"' not in doc


def test_step_board_caption_and_score():
    doc = step_board(Position.initial(), cube_value=2, cube_owner=0, dice=(1, 1),
                     score="Ann 1, Ben 0", caption="Ann doubles & Ben takes", names=("Ann", "Ben"))
    root = parse(doc)
    (cap,) = by_class(root, "caption")
    assert cap.text == "Ann 1, Ben 0 \u2014 Ann doubles & Ben takes"
    assert "Ann: 167 pips" in doc


def test_title_and_desc_describe_the_position():
    root = parse(board(BAR_POS, dice=(4, 2), cube=(2, 0), names=("Ann", "Ben")))
    title = root.find(NS + "title").text
    desc = root.find(NS + "desc").text
    assert title == "Backgammon: Ben to play 4-2"
    ann, ben = counts_of(BAR_POS, 0), counts_of(BAR_POS, 1)
    ann_pips = sum(i * c for i, c in enumerate(ann))
    assert f"Ann (Light, bottom) has {ann_pips} pips" in desc
    assert f"on the bar: Ann {ann[25]}, Ben {ben[25]}" in desc
    assert f"borne off: Ann {ann[0]}" in desc and "Cube 2 owned by Ann" in desc


def test_size_themes_and_bad_options():
    pos = Position.initial()
    root = parse(board(pos, size=300))
    vb = [float(v) for v in root.get("viewBox").split()]
    assert float(root.get("width")) == 300
    assert float(root.get("height")) == pytest.approx(300 * vb[3] / vb[2], abs=0.1)
    docs = {t: board(pos, theme=t) for t in svg.THEMES}
    assert len(set(docs.values())) == len(svg.THEMES)
    for kwargs in ({"theme": "neon"}, {"orientation": "up"}, {"perspective": 2}, {"size": 0},
                   {"highlight": [26]}, {"highlight": ["bar"]}):
        with pytest.raises(ViewError):
            board(pos, **kwargs)


def test_play_board_needs_a_position_for_a_play_that_does_not_know_it():
    pos = Position.initial()
    loose = type(pos.legal_plays((3, 1))[0])(((24, 21),), ())   # a play made by hand, without its position
    with pytest.raises(ViewError, match="pass position="):
        play_board(loose)
    assert play_board(loose, position=pos, dice=(3, 1)).count('class="step"') == 1


def test_the_layers_draw_back_to_front():
    doc = board(BAR_POS, play=hit_play(), dice=(4, 2), cube=(2, 1), caption="a caption")
    order = ['class="bar"', 'class="tray"', 'class="point"', 'class="checker"', 'class="cube"', 'class="turn"',
             'class="die"', 'class="step"', 'class="hit"', 'class="pips"', 'class="caption"']
    firsts = [doc.index(marker) for marker in order]
    assert firsts == sorted(firsts) and doc.endswith("</svg>") and doc.count("<svg") == 1


def test_the_convergence_chart_lives_in_charts_and_svg_still_exports_it():
    assert svg.convergence is charts.convergence and "convergence" in svg.__all__
    empty = charts.convergence([])
    assert "press Start" in empty and "<polyline" not in empty
    doc = charts.convergence([(36, 0.1, 0.3), (72, -0.05, 0.2), (108, 0.0, float("nan"))], unit="points <per> game")
    root = parse(doc)
    assert root.get("class") == "bgsim-plot" and "108 games" in doc and "points &lt;per&gt; game" in doc
    assert 'stroke-dasharray="4 3"' in doc                       # the zero line, inside the range


def test_point_numbers_are_legible():
    for theme in svg.THEMES:
        doc = board(Position.initial(), theme=theme)
        sizes = [int(s) for s in re.findall(r'font-size="(\d+)"', doc)]
        assert min(sizes) >= 11
    assert 'font-size="16"' in board(Position.initial(), theme="high-contrast")


def test_position_repr_svg():
    pos = Position.initial().play("24/18 13/11")
    assert pos._repr_svg_() == board(pos)


@settings(max_examples=60)
@given(valid_positions())
def test_random_positions_draw_valid_boards(board_counts):
    mine, theirs = board_counts
    for turn in (0, 1):
        pos = Position(mine, theirs, turn)
        for perspective in (0, 1):
            doc = board(pos, perspective=perspective, dice=(2, 5), highlight=[0, 7, 25])
            check_contract(pos, doc, perspective)
            root = parse(doc)
            assert len(by_class(root, "checker")) == 2 * pos.checkers


# ----------------------------------------------------------------------------- the text board
def test_text_board_keeps_letters_and_numbers_across_turns():
    pos = Position.initial()
    after = pos.play("24/18 13/11")
    lines0, lines1 = board_text(pos).splitlines(), board_text(after).splitlines()
    assert lines0[0] == lines1[0]                       # same numbers on top
    # player 0's (X) back checkers stay on the right of the top row; one moved to 18
    assert lines1[1].split("|")[1].split()[-1] == "X"
    assert lines1[1].split("|")[0].split()[-1] == "X"   # point 18, left of the bar
    assert "O on roll (Dark)" in lines1[-1]
    flipped = board_text(after, perspective=1).splitlines()
    assert flipped[11].split("|")[0].split()[-1] == "X"  # X's 18 point is player 1's 7 point
    with pytest.raises(BgsimError):
        board_text(pos, perspective=2)


def test_str_of_a_position_is_the_text_board():
    pos = Position.from_counts({25: 2, 6: 13}, {24: 15}, turn=1)
    text = str(pos)
    assert "bar: X 0  O 2" in text and "O on roll (Dark)" in text


def test_a_play_draws_itself_as_the_board_before_it_with_its_arrows():
    play = Position.initial().parse_play("13/7 8/7", (6, 1))
    assert play._repr_svg_() == svg.play_board(play)
    assert play._repr_svg_().count('class="step') >= len(play.steps)


def test_pip_counts_can_be_hidden_for_a_pip_counting_exercise():
    pos = Position.initial()
    shown, hidden = board(pos), board(pos, pips=False)
    assert "167 pips" in shown
    assert "pips" not in re.sub(r'class="pips"', "", hidden)   # neither on the board nor in <desc>
    assert hidden.count('class="checker"') == shown.count('class="checker"')


def test_games_and_record_steps_draw_themselves_with_cube_dice_and_score():
    from html import escape

    from bgsim import Game, HandwrittenPlayer, Match

    game = Game(rng=5)
    game.roll(dice=(3, 1))
    drawn = game._repr_svg_()
    assert drawn.count('class="die"') == 2 and 'class="cube"' in drawn
    assert 'data-turn="0"' in drawn

    match = Match(3, rng=2, names=("Ann", "Ben"))
    match.play_out((HandwrittenPlayer(), HandwrittenPlayer()))
    rec = match.record()
    middle = len(rec) // 2
    shown = rec.view(middle)._repr_svg_()
    assert "Ann" in shown and "3-point match" in shown
    assert escape(rec[middle].caption) in shown
    assert rec[middle]._repr_svg_() == svg.record_step(rec[middle])


def test_a_finished_game_says_who_won_and_nobody_is_to_play():
    won = str(svg.board(Position.from_counts({0: 15}, {6: 15})))
    assert "Backgammon: Light won" in won and "to play" not in won and 'class="turn"' not in won
    assert "Light: 0 pips \u2014 won" in won
    playing = str(svg.board(Position.initial(), dice=(3, 1)))
    assert "to play 3-1" in playing and 'class="turn"' in playing


def test_a_presented_board_fills_the_width_it_is_given():
    pos = Position.initial()
    plain, shown = board(pos, size=480), board(pos, size=480, present=True)
    root = parse(shown)
    assert root.get("width") == "100%" and root.get("height") is None and root.get("viewBox") == "0 0 600 472"
    assert parse(plain).get("width") == "480"
    assert root.get("id") != parse(plain).get("id")                  # a different picture, a different id
    assert 'width="100%"' not in board(pos)                          # the default is unchanged
