"""Tests of bgsim.game.matfile: the Jellyfish .mat format, as GNU Backgammon lays it out.

Rule ids: R4 (opening: the first move's dice), R4a/R4b (openings and starters kept by the
bgsim tags), R8 (hits ``*``), R10/R12 (moves written, dances), R22-R27 (results, cube
actions, scores, the match's end), R28 (no double in the Crawford game), R29 (automatic
doubles), V1-V5 (ending modes, cube limit, resign, draw, Caucasian), X1-X3.

The fixtures below are hand-written in the layout gnubg's "export match mat" produces
(rows ``%3d) `` + the left cell padded to 28 columns, right cells at column 33, cube
actions with a leading space, ``Wins`` lines indented 6 or 34); their expected results
follow from the rules (R26: a drop wins the cube value before the double; V3: a
resignation with a checker in the winner's home board and none off is a backgammon).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from bgsim import ParseError, Position
from bgsim.game.events import (Beaver, Double, Drop, GameOver, Move, OpeningRoll, Pass, Resign, ResignationAccepted,
                          ResignationOffer, Roll, Take)
from bgsim.game.game import Game
from bgsim.game.match import Match, Session
from bgsim.game.matfile import (
    load_mat,
    parse_rules_tag,
    read_mat,
    rules_tag,
    save_mat,
    write_mat,
)
from bgsim.game.drive import RandomPlayer, drive
from bgsim.game.rules import ResultKind, Rules

THREE_POINTER = """\
; [Event "bgsim test"]
; [EventDate "2024.05.01"]

 3 point match

 Game 1
 Alice : 0                      Bob : 0
  1)                             52: 13/8 13/11
  2) 64: 24/18 13/9               Doubles => 2
  3)  Takes                      31: 8/5 6/5
  4)  Doubles => 4                Drops
      Wins 2 points

 Game 2
 Alice : 2                      Bob : 0
  1) 31: 8/5 6/5                 66: 24/18 24/18 13/7 13/7
  2) 65:                          Wins 3 points and the match

"""

MONEY_BEAVER = """\
; [Beaver "On"]
; [Jacoby "On"]

 0 point match

 Game 1
 Alice : 0                      Bob : 0
  1) 43: 13/9 13/10              63: 24/18 18/15*
  2) 21: 25/23 6/5                Doubles => 2
  3)  Beavers => 4               55: 13/8 13/8 8/3 8/3
  4)  Doubles => 8                Drops
      Wins 4 points

"""


def line_of(text: str, fragment: str) -> int:
    """The 1-based number of the first line containing ``fragment``."""
    for k, line in enumerate(text.splitlines(), start=1):
        if fragment in line:
            return k
    raise AssertionError(f"{fragment!r} not in the text")


def parse_error(text: str, **kw) -> ParseError:
    with pytest.raises(ParseError) as info:
        read_mat(text, **kw)
    return info.value


def same_games(a, b) -> bool:
    """The same games, event for event; a trailing game nobody acted in (auto-started) is not written."""
    theirs = list(b.games)
    if len(theirs) > 1 and len(theirs[-1].events) == 1:
        theirs.pop()
    return [_unordered(g.events) for g in a.games] == [_unordered(g.events) for g in theirs]


def _unordered(events):
    """Events with the dice of rolls, passes and plays as a set: .mat files write the higher die first."""
    out = []
    for e in events:
        if isinstance(e, (Roll, Pass)):
            out.append((type(e).__name__, e.player, tuple(sorted(e.dice)), getattr(e, "position", None)))
        elif isinstance(e, Move):
            out.append(("Move", e.player, tuple(sorted(e.play.dice)), e.position, e.after))
        else:
            out.append(e)
    return out


# ----------------------------------------------------------------------------- reading fixtures
def test_read_a_gnubg_style_match_R4_R26_R28_V3():
    rec = read_mat(THREE_POINTER)
    assert rec.names == ("Alice", "Bob") and rec.length == 3
    assert rec.tags == {"Event": "bgsim test", "EventDate": "2024.05.01"}
    g1, g2 = rec.games
    assert g1.events[0].starter is None and g1.events[1].dice == (2, 5)       # Bob won the opening 5-2 (R4)
    assert [type(e) for e in g1.events[2:]] == [Move, Roll, Move, Double, Take, Roll, Move, Double, Drop,
                                                GameOver]
    assert g1.result.winner == 0 and g1.result.points == 2 and g1.result.how == "drop"   # R26: the 2 before the 4
    assert g2.steps[0].crawford_game and g2.score == (2, 0)                    # R28: Alice is 1 away
    assert g2.result.how == "resign" and g2.result.kind is ResultKind.BACKGAMMON  # R30 (rolled 6-5, resigned)
    assert isinstance(g2.events[-2], ResignationAccepted) and isinstance(g2.events[-3], ResignationOffer)
    assert g2.events[-4].dice == (6, 5)
    assert rec.final_score == (2, 3) and rec.winner == 1 and rec.is_over


def test_read_money_game_with_beaver_bar_and_hit_X1_X2_R8():
    rec = read_mat(MONEY_BEAVER)
    assert rec.length == 0 and rec.rules.beavers and rec.rules.jacoby             # from the tags
    ev = rec.games[0].events
    moves = [e for e in ev if isinstance(e, Move)]
    assert moves[1].play.hits == (False, True) and moves[1].play.steps == ((24, 18), (18, 15))   # 24/18 18/15*
    assert moves[2].play.steps[0] == (25, 23)                                  # 25 is the bar
    assert any(isinstance(e, Beaver) and e.player == 0 and e.cube_value == 4 for e in ev)
    r = rec.games[0].result
    assert (r.winner, r.points, r.cube) == (0, 4, 4)                           # R26 after the beaver


def test_round_trip_of_the_fixtures_is_byte_for_byte():
    assert write_mat(read_mat(THREE_POINTER)) == THREE_POINTER
    # gnubg's money defaults (Jacoby and beavers, X1, X2) are read's defaults: no bgsim Rules tag is added.
    assert write_mat(read_mat(MONEY_BEAVER)) == MONEY_BEAVER


def test_foreign_variants_gnubg_and_xg_accept():
    # Dances written "Cannot Move" (XG) and a roll followed by a resignation written "???" (XG);
    # tabs, a byte-order mark and lower-case keywords.
    text = ("\ufeff 1 point match\n\n Game 1\n A : 0                          B : 0\n"
            "  1) 31: 8/5 6/5                 62: ???\n"
            "      wins 3 points and the match\n")
    rec = read_mat(text)
    assert rec.games[0].result.how == "resign" and rec.games[0].result.winner == 0
    text2 = THREE_POINTER.replace("  2) 65:                          Wins", "\t2) 65:\t\t\t\t Wins")
    assert read_mat(text2).final_score == (2, 3)


def test_a_dance_is_written_as_bare_dice_and_read_as_a_pass_R12():
    for seed in range(200):
        m = Match(1, rng=seed).play_out()
        passes = [e for g in m.games for e in g.events if isinstance(e, Pass)]
        if passes:
            break
    assert passes
    text = write_mat(m)
    d = passes[0].dice
    assert re.search(rf"(?m)(\) | {{2}}){d[0]}{d[1]}:( {{2}}|$)", text)     # dice, nothing after them
    back = read_mat(text)
    assert same_games(back, m.record())
    # Writing a move for a roll that cannot move is refused (R12).
    g = m.games[0]
    k = next(i for i, e in enumerate(g.events) if isinstance(e, Pass))
    before = g.events[k].position
    assert len(before.legal_plays(d)) == 1 and before.legal_plays(d)[0].is_empty


# ----------------------------------------------------------------------------- the layout
def test_layout_follows_gnubg():
    rng = np.random.default_rng(1)
    for seed in range(15):
        m = Match(5, rng=seed, names=("Alice", "Bob"),
                  players=(RandomPlayer(rng, double_rate=0.1), RandomPlayer(rng, double_rate=0.1))).play_out()
        text = write_mat(m)
        lines = text.splitlines()
        assert " 5 point match" in lines
        for game in m.record().games:
            head = lines.index(f" Game {game.number}")
            names = lines[head + 1]
            assert names.startswith(f" Alice : {game.score[0]}") and names.index("Bob :") == 32
        for line in lines:
            m_row = re.match(r"^( {0,2}\d{1,3})\) (.*)$", line)
            if m_row:
                assert len(m_row.group(1)) == 3                              # "%3d)"
                body = line[5:]
                if body.startswith(" " * 28):                                # player 1 starts: empty left
                    assert line[33] != " "
                cells = [c.start() for c in re.finditer(r"(?<=\s)(\d\d:|Doubles|Takes|Drops|Wins)", line)]
                left = line[5:33]
                if len(cells) == 2 and len(left.rstrip()) < 27:
                    assert cells[1] in (33, 34)                             # the right column
            elif "Wins" in line and not line.lstrip().startswith(("Game", ";")) and ")" not in line:
                assert line.index("Wins") in (6, 34)                        # gnubg's indentation
            for cube in ("Doubles", "Takes", "Drops"):
                if cube in line:
                    assert line[line.index(cube) - 2:line.index(cube)] == "  "   # a leading space in its cell
            assert "bar" not in line and "off" not in line and "(2)" not in line   # 25, 0, one step at a time
        assert text.count("and the match") == 1


def test_bar_off_and_hits_written_as_numbers_R8_R14_R17():
    found = {"bar": False, "off": False, "hit": False}
    for seed in range(10):
        g = Game(rng=seed)
        drive(g, (RandomPlayer(seed), RandomPlayer(seed + 1)))
        text = write_mat(g)
        for ev in g.events:
            if isinstance(ev, Move):
                steps = " ".join(f"{a}/{b}" + ("*" if h else "") for (a, b), h in zip(ev.play.steps, ev.play.hits))
                assert f"{max(ev.play.dice)}{min(ev.play.dice)}: {steps}" in text
                found["bar"] |= any(a == 25 for a, _ in ev.play.steps)
                found["off"] |= any(b == 0 for _, b in ev.play.steps)
                found["hit"] |= any(ev.play.hits)
        assert _unordered(read_mat(text, rules=g.rules).games[0].events) == _unordered(g.events)
    assert all(found.values())


# ----------------------------------------------------------------------------- export -> import
def test_export_then_import_gives_the_same_match_for_many_random_matches_R27_R28():
    for seed in range(45):
        rng = np.random.default_rng(seed)
        m = Match(3 + seed % 5, rng=rng,
                  players=(RandomPlayer(rng, double_rate=0.08), RandomPlayer(rng, double_rate=0.08))).play_out()
        back = read_mat(write_mat(m))
        assert same_games(back, m.record())                     # the same moves and cube actions
        assert back.final_score == m.score and back.winner == m.winner
        assert back.scores == tuple(s.score_before for s in m.summaries)
        assert [g.steps[0].crawford_game for g in back.games] == [s.crawford_game for s in m.summaries]


@pytest.mark.parametrize("rules", [
    Rules.money(automatic_doubles=3, cube_limit=64, beavers=True, jacoby=True),   # R29 ties kept by the tag
    Rules.money(opening="winner_rolls", series_starter="alternate", ending="mars"),  # R4a, R4b, V1
    Rules.short_backgammon(last_roll_draw=True, caucasian=True),                  # V2, V4, V5, R4b loser
    Rules.hypergammon(),                                                          # X3
    Rules.hypergammon(match_length=5, series_starter="loser", last_roll_draw=True),
    Rules.money(ending="oin", cube_limit=1),                                      # V1, V2 cube off
])
def test_export_then_import_under_other_rules(rules):
    for seed in range(12):
        rng = np.random.default_rng(seed)
        players = (RandomPlayer(rng, beaver_rate=0.4), RandomPlayer(rng, beaver_rate=0.4))
        if rules.is_match:
            series = Match(rules.match_length, rules, rng=rng, players=players).play_out()
        else:
            series = Session(rules, rng=rng, players=players).play_out(games=4)
        text = write_mat(series)
        back = read_mat(text)                          # every written game is finished
        assert back.rules == rules
        assert same_games(back, series.record())
        assert back.final_score == series.record().final_score
        if not rules.is_match:
            assert len(back.games) == 4 and all(g.is_over for g in back.games)   # played games only


def test_single_money_game_and_files(tmp_path):
    g = Game(Rules.money(), rng=5)
    from bgsim.game.drive import drive
    drive(g, (RandomPlayer(1), RandomPlayer(2)))
    text = write_mat(g, names=("X", "Y"), tags={"Site": "club"})
    assert text.startswith('; [Site "club"]') and " 0 point match" in text
    path = tmp_path / "game.mat"
    save_mat(path, g)
    rec = load_mat(path)
    assert rec.length == 0 and _unordered(rec.games[0].events) == _unordered(g.events)


def test_games_a_mat_file_cannot_hold_are_refused_R3_R4():
    with pytest.raises(ValueError, match="R3"):
        write_mat(Game(position=Position.from_counts({1: 15}, {12: 15})))
    with pytest.raises(ValueError, match="R4"):
        write_mat(Game(starter=1))
    with pytest.raises(ValueError, match="name"):
        write_mat(Game(), names=("A:1", "B"))


def test_rules_argument_and_tags():
    rec = read_mat(THREE_POINTER, rules=Rules.match(3))
    assert rec.rules == Rules.match(3)
    err = parse_error(THREE_POINTER, rules=Rules.match(5))
    assert err.where == line_of(THREE_POINTER, "3 point match")
    r = Rules.money(ending="mars", cube_limit=16, jacoby=True)
    assert parse_rules_tag(rules_tag(r)) == r
    # Without Crawford (a tag), the Crawford game of the fixture may double: read_mat must allow it.
    crawford_off = THREE_POINTER.replace('; [Event "bgsim test"]', '; [Crawford "Off"]').replace(
        "  1) 31: 8/5 6/5                 66: 24/18 24/18 13/7 13/7",
        "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Takes                      66: 24/18 24/18 13/7 13/7").replace(
        "  2) 65:                          Wins 3 points and the match",
        "  3) 65:                          Wins 6 points and the match")
    assert read_mat(crawford_off).games[1].result.points == 6      # cube 2 x backgammon
    bad = parse_error(crawford_off.replace('[Crawford "Off"]', '[Crawford "On"]'))
    assert "R28" in str(bad) and bad.where == line_of(crawford_off, "31: 8/5 6/5                  Doubles")


# ----------------------------------------------------------------------------- corrupt files
def test_garbage_is_refused_at_line_1():
    for text in ("hello world\n", "\x00\x01\x02 garbage", "Game 1\n", "<html><body>nope</body></html>"):
        err = parse_error(text)
        assert err.where == 1 and str(err).startswith("line 1:")
    err = parse_error("")
    assert err.where == 1


def test_truncated_files_R27():
    lines = THREE_POINTER.splitlines()
    # Cut at a line boundary inside game 1: the game has no end.
    cut = "\n".join(lines[:line_of(THREE_POINTER, "  3)  Takes")]) + "\n"
    err = parse_error(cut)
    assert err.where == line_of(THREE_POINTER, "  3)  Takes") and "truncated" in str(err)
    assert not read_mat(cut, allow_unfinished=True).games[0].is_over        # accepted on request
    # Cut after game 1: the match is not over (R27).
    cut = "\n".join(lines[:line_of(THREE_POINTER, "Wins 2 points")]) + "\n"
    err = parse_error(cut)
    assert err.where == line_of(THREE_POINTER, "Wins 2 points") and "R27" in str(err)
    assert read_mat(cut, allow_unfinished=True).final_score == (2, 0)
    # Cut in the middle of a line: the half move is refused on that line.
    k = line_of(THREE_POINTER, "66: 24/18")
    cut = "\n".join(lines[:k - 1] + [lines[k - 1][:-4]])
    err = parse_error(cut, allow_unfinished=True)
    assert err.where == k
    # A score line cut off.
    err = parse_error("\n".join(lines[:line_of(THREE_POINTER, " Game 2")]))
    assert err.where == line_of(THREE_POINTER, " Game 2")


@pytest.mark.parametrize("old, new, at, words", [
    ("52: 13/8 13/11", "52: 13-8 13/11", "52: 13-8", "cannot read"),                 # a bad move
    ("52: 13/8 13/11", "52: 13/7 13/11", "52: 13/7", "R5"),                         # an illegal move (6 pips)
    ("31: 8/5 6/5                 66", "31: 8/4 6/5                 66", "31: 8/4", "R5"),
    ("Alice : 2 ", "Alice : 1 ", "Alice : 1 ", "score line"),                        # a wrong score
    ("Wins 2 points\n", "Wins 1 point\n", "Wins 1 point", "wins 1"),                 # a wrong result (R26)
    ("Doubles => 4", "Doubles => 8", "Doubles => 8", "R26"),                         # a wrong cube value
    ("  3)  Takes                      31", "  3)                             Takes 31", "Takes 31", "right column"),
    ("  2) 65:     ", "  2) 65: 8/3 ", "65: 8/3", "R10"),                               # half a roll played
    ("  2) 65:     ", "  2)  Doubles => 2", "  2)  Doubles => 2", "R28"),                  # no cube in the Crawford game
    (" Game 2\n", " Game 3\n", " Game 3", "Game 3"),                                 # game numbering
    ("  2) 64: 24/18 13/9", "  5) 64: 24/18 13/9", "  5) 64", "move number"),
    ("  1) 31: 8/5 6/5 ", "  1) 33: 8/5 6/5 ", "  1) 33:", "R4"),                   # an opening double
    # R30: a gammon resignation is read as offered and accepted, so the score no longer ends the match.
    ("Wins 3 points and the match", "Wins 2 points and the match", "Wins 2 points and", "the score is now"),
    ("      Wins 2 points\n", "      Wins 2 points\n  5)  Takes\n", "  5)  Takes", "over"),
    ("Bob : 0\n  1)", "Bob : 0\n  1) ) ???\n  1)", ") ???", "cannot read"),
])
def test_corrupt_files_give_the_line_number(old, new, at, words):
    assert old in THREE_POINTER
    text = THREE_POINTER.replace(old, new, 1)
    err = parse_error(text)
    assert err.where == line_of(text, at), str(err)
    assert str(err).startswith(f"line {err.where}")
    assert words.lower() in str(err).lower()


def test_a_game_after_the_match_is_over_R27():
    text = THREE_POINTER + (" Game 3\n Alice : 2                      Bob : 3\n"
                            "  1) 31: 8/5 6/5\n")
    err = parse_error(text)
    assert err.where == line_of(text, " Game 3") and "R27" in str(err)


def test_names_must_stay_the_same_and_beaver_rules():
    text = THREE_POINTER.replace(" Alice : 2 ", " Alicia : 2")
    assert parse_error(text).where == line_of(text, "Alicia : 2")
    # A beaver without the option (X2); gnubg's money sessions have it, so the tag must say off.
    no_beaver = MONEY_BEAVER.replace('; [Beaver "On"]\n', '; [Beaver "Off"]\n')
    err = parse_error(no_beaver)
    assert err.where == line_of(no_beaver, "Beavers") and "X2" in str(err)
    # The doubler may drop the beaver: the beaverer wins the doubled stake (X2, R26).
    dropped = MONEY_BEAVER.replace("  3)  Beavers => 4               55: 13/8 13/8 8/3 8/3\n"
                                   "  4)  Doubles => 8                Drops\n      Wins 4 points",
                                   "  3)  Beavers => 4                Drops\n      Wins 2 points")
    (game,) = read_mat(dropped).games
    assert game.result.winner == 0 and game.result.points == 2
    again = read_mat(write_mat(read_mat(dropped)))
    assert [g.result for g in again.games] == [game.result]
    # ... and the winner's line must be in the beaverer's column
    wrong = dropped.replace("      Wins 2 points", "                                  Wins 2 points")
    assert parse_error(wrong).where == line_of(wrong, "Wins 2 points")


def test_never_half_loaded():
    good_then_bad = THREE_POINTER.replace("66: 24/18 24/18 13/7 13/7", "66: 24/18 24/18 13/7 13/1")
    with pytest.raises(ParseError):
        read_mat(good_then_bad)            # game 1 was fine, but nothing comes back



# ----------------------------------------------------------------------------- gnubg self-play files (R30)
GNUBG_DIR = __import__("pathlib").Path(__file__).parent / "data" / "gnubg"


@pytest.mark.parametrize("path", sorted(GNUBG_DIR.glob("*.mat")), ids=lambda p: p.stem)
def test_every_gnubg_file_imports_and_replays_to_gnubgs_scores_R30(path):
    text = path.read_text()
    rec = read_mat(text)
    headers = [tuple(map(int, m)) for m in re.findall(r"(?m)^ \S.*?:\s*(\d+)\s+\S.*?:\s*(\d+)\s*$", text)]
    assert list(rec.scores) == headers                       # each game header's score, as gnubg wrote it
    assert all(g.result is not None for g in rec.games)


def test_gnubg_files_hold_offered_resignations_of_each_kind_and_cubes_R30():
    kinds, cubes = set(), set()
    for path in GNUBG_DIR.glob("*.mat"):
        for g in read_mat(path.read_text()).games:
            if any(isinstance(e, ResignationAccepted) for e in g.events):
                kinds.add(g.result.kind)
            cubes.add(g.result.cube)
    assert kinds == set(ResultKind) and max(cubes) >= 4


def test_write_mat_writes_the_higher_die_first():
    g = Game(rng=1)
    g.roll(dice=(1, 3)); g.play("8/5 6/5"); g.roll(dice=(4, 6))
    text = write_mat(g)
    assert "31: 8/5 6/5" in text and "64:" in text and "13:" not in text


@pytest.mark.parametrize("length", [1, 3, 7])
@pytest.mark.parametrize("resigner", [0, 1])
def test_a_resignation_before_the_opening_roll_reads_back_V3(length, resigner):
    """Issue 22: a player who resigns before any move (V3: at any time) is written by write_mat as a
    game with only its 'Wins' line; read_mat reads it back (it failed with a TypeError: nobody is on
    turn before the opening roll, so it is a plain resignation, not an offer, R30)."""
    m = Match(length, rng=0)
    m.game.resign(player=resigner)
    rec = m.record()
    text = write_mat(rec)
    back = read_mat(text, allow_unfinished=not rec.is_over)
    assert [g.result for g in back.games[:1]] == [g.result for g in rec.games[:1]]
    assert back.games[0].result.winner == 1 - resigner and back.games[0].result.how == "resign"
    assert back.final_score == rec.final_score
    if rec.is_over:
        assert back == rec


def test_a_resignation_offer_off_turn_is_a_parse_error_naming_whose_turn_R30():
    """A 'Wins' line read as an accepted offer made off turn is refused with a ParseError that names
    whose turn it is (R30)."""
    text = """
 3 point match

 Game 1
 Alice : 0                      Bob : 0
  1)                             62: 24/18 13/11
  2) 62: 13/7* 24/22             Wins 1 point
"""
    with pytest.raises(ParseError, match=r"it is Bob's turn to act, and a resignation is offered on one's own turn \(R30\)"):
        read_mat(text)


@pytest.mark.parametrize("length", [0, 3])
@pytest.mark.parametrize("who", ["starter", "other"])
def test_a_resignation_right_after_the_opening_roll_reads_back_V3_R30(length, who):
    """A player gives up after the opening roll, before its move (found by the PlayWidget: the
    person resigns while the computer is to play its opening roll). The starter's bare dice and
    the winner's 'Wins' line read back as the same result: on turn as an accepted offer (R30),
    off turn as a resignation at any time, worth what the position is (V3)."""
    m = Match(length, rng=5) if length else None
    g = m.game if m else Game(rng=5)
    g.roll()                                        # the opening roll (R4)
    starter = g.player_to_act
    loser = starter if who == "starter" else 1 - starter
    g.resign(player=loser)
    back = read_mat(write_mat(m.record() if m else g), allow_unfinished=True)
    assert back.games[0].result == g.result and back.games[0].result.winner == 1 - loser


def _first_turn_resignation(kind: str, starter: int, **table):
    """A table whose game is resigned on its first turn: the opening roll, then the starter offers ``kind``
    and the other accepts (R30); the seed is the first that makes ``starter`` win the opening roll (R4)."""
    from bgsim.players.table import Table

    for seed in range(100):
        t = Table(None, rng=seed, **table)
        t.roll()
        if t.game.player_on_roll == starter:
            assert t.offer_resignation(kind) is None and t.accept_resignation() is None
            return t
    raise AssertionError("no seed gave that starter")


@pytest.mark.parametrize("kind", ["single", "gammon", "backgammon"])
@pytest.mark.parametrize("starter", [0, 1])
@pytest.mark.parametrize("table", [{}, {"match": 5}, {"rules": Rules.money(automatic_doubles=2)}],
                         ids=["money", "match", "automatic-doubles"])
def test_a_game_resigned_on_its_first_turn_reads_back_with_its_starter_R4_R30(kind, starter, table):
    """Issue 28, item 2: a game resigned after the opening roll, before any move, was written with no
    row at all, so read_mat refused it (a single game or gammon: less than the position shows before
    the opening roll) or read it as resigned before the opening roll (a backgammon: the wrong
    starter). The starter's opening dice are the first row's bare dice, as gnubg writes a roll
    followed by a resignation; the winner's 'Wins' line follows."""
    t = _first_turn_resignation(kind, starter, **table)
    game = t.game
    text = t.mat()
    a, b = next(e.dice for e in game.events if isinstance(e, OpeningRoll) and e.starter is not None)
    dice = f"{max(a, b)}{min(a, b)}:"
    rows = text[text.index(" Game 1"):].splitlines()[2:4]
    if starter == 0:          # the starter's bare dice on the left, the winner's line beside them
        assert re.fullmatch(rf"  1\) {dice} +Wins {game.result.points} points?", rows[0]), rows
    else:                     # on the right; the winner's line under them, on the left
        assert re.fullmatch(rf"  1\) +{dice}", rows[0]) and rows[1].startswith("      Wins "), rows
    back = read_mat(text, allow_unfinished=True).games[0]       # a match goes on after the game
    assert back.result == game.result and back.result.how == "resign"
    assert back.events == game.events                        # the same starter, dice, offer and acceptance
    assert isinstance(back.events[-2], ResignationAccepted)
