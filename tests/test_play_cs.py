"""The play and hint features in Czech (issue 23) and the person addressed as "You" (second person).

- English captions, transcripts, move lists and score texts say "You roll", "You play", "You win",
  never "You rolls" (the name "You" is the reader: :func:`bgsim.game.narrator.is_you`);
- a Czech table speaks Czech: names, status, prompts, refusals with their rule ids, the
  computer's actions, the move list, the replay captions (second person: "Házíte"), the
  PlayWidget's buttons; the hint and the player-strength line too.
"""

from __future__ import annotations

import re

import pytest

from bgsim import Position, rank_plays
from bgsim.game.events import GameResult, GameState
from bgsim.engine.i18n import get_language, language, set_language
from bgsim.game.narrator import is_you, score_text
from bgsim.game.rules import ResultKind
from bgsim.sim.strength import player_strength, strength_note
from bgsim.players.table import Table
from tests.support.play import play_out_as_person

#: Third-person verbs after the name "You": wrong English.
WRONG_YOU = re.compile(r"\bYou (rolls|plays|wins|takes|drops|beavers|doubles|accepts|refuses|resigns|offers|starts|"
                       r"throws|owns|keeps|has)\b")


@pytest.fixture(autouse=True)
def _english_after():
    before = get_language()
    yield
    set_language(before)


def _captions(table: Table) -> list[str]:
    return [step.caption for game in table.record().games for step in game]


def test_is_you():
    assert is_you("You") and not is_you("Ann") and not is_you("you all")
    with language("cs"):
        assert is_you("Vy") and is_you("You")


@pytest.mark.parametrize("seed", [1, 5])
def test_english_captions_and_move_list_address_you_in_the_second_person(seed):
    table = Table("random", rng=seed)
    play_out_as_person(table, choose=1)
    captions = _captions(table)
    text = "\n".join(captions + table.moves() + [table.status()])
    assert not WRONG_YOU.search(text), WRONG_YOU.search(text)
    assert any(c.startswith("You roll ") or c.startswith("You play ") for c in captions)
    assert any(c.startswith("Computer rolls ") or c.startswith("Computer plays ") for c in captions)
    assert re.search(r"Opening roll: (You throw \d, Computer throws \d)", captions[1])


def test_english_double_take_and_result_in_the_second_person():
    table = Table("random", rng=3)
    assert table.roll() is None
    if table.waiting_for_computer:
        table.run_computer()
    _play_out_until_person_may_double(table)
    assert table.double() is None
    table.run_computer()          # the random player takes or drops
    text = "\n".join(_captions(table) + table.moves())
    assert "You double to 2 (R25)" in text
    assert not WRONG_YOU.search(text)
    assert score_text(GameResult(0, ResultKind.GAMMON, 4, 2, "bearoff"), ("You", "Computer")) == \
        "You win a gammon (R23): 2 x cube 2 = 4 points."
    assert score_text(GameResult(0, ResultKind.GAMMON, 4, 2, "bearoff"), ("Ann", "Ben")) == \
        "Ann wins a gammon (R23): 2 x cube 2 = 4 points."


def _play_out_until_person_may_double(table: Table, limit: int = 200) -> None:
    for _ in range(limit):
        game = table.game
        if table.waiting_for_computer:
            table.run_computer()
        elif game.state is GameState.AWAITING_PLAY:
            assert table.commit(game.legal_plays()[0]) is None
        elif game.state is GameState.AWAITING_DOUBLE_OR_ROLL and game.can_double():
            return
        elif game.state is GameState.AWAITING_DOUBLE_OR_ROLL:
            assert table.roll() is None
        else:
            raise AssertionError(f"unexpected state {game.state}")
    raise AssertionError("the person never got to double")


def test_czech_table_speaks_czech():
    set_language("cs")
    table = Table("random", match=3, rng=1)
    assert table.names == ("Vy", "Počítač")
    assert table.status() == ("Zápas do 3 bodů: Vy 0, Počítač 0 (oběma chybí 3). Dublovací kostka 1, uprostřed. "
                              "Stiskněte Hodit pro úvodní hod (R4).")
    refusal = table.new_game()
    assert str(refusal).startswith("hra ještě běží") and refusal.rule == "R22"
    play_out_as_person(table, choose=1)
    moves = table.moves()
    assert moves[0].startswith("Úvodní hod: Vy ")
    assert re.search(r"(Vyhráváte|Počítač vyhrává) ", table.prompt())
    captions = _captions(table)
    assert any(c.startswith("Házíte ") or c.startswith("Hrajete ") for c in captions)
    assert not any(c.startswith("Vy hází") or c.startswith("Vy hraje") for c in captions)
    assert not re.search(r"\b(You|Computer|rolls|plays|wins)\b", "\n".join(captions + moves))


def test_czech_refusals_keep_their_rule_ids():
    set_language("cs")
    table = Table("random", rng=3)
    assert table.roll() is None
    if table.waiting_for_computer:
        refusal = table.roll()
        assert refusal.rule == "R25" and "počítač" in str(refusal)
        table.run_computer()
    found = table.double()
    assert found is not None and found.rule == "R25"


def test_czech_hint_and_strength():
    with language("cs"):
        ranking = rank_plays(Position.initial(), (3, 1))
        text = str(ranking)
        note = strength_note("net")
    assert text.startswith("Nápověda: 3-1, 16 platných tahů (pozice 4HPwATDgc/ABMA)")
    ppg, half = player_strength("net").quoted
    ppg, half = f"{ppg:+.3f}".replace(".", ","), f"{half:.3f}".replace(".", ",")   # Czech decimals
    assert f"Síla hráče: net, {ppg} +- {half} bodu na hru proti hráči gnubg 0-ply" in text
    assert note.startswith("Síla hráče: net, ") and "her, po odečtení štěstí);" in note
    assert str(ranking).startswith("Hint: 3-1, 16 legal plays")          # made in English again outside


def test_czech_play_widget():
    pytest.importorskip("ipywidgets")
    from bgsim.widgets import PlayWidget

    set_language("cs")
    widget = PlayWidget("random", rng=2, delay=0)
    assert [widget.roll_button.description, widget.done_button.description, widget.hint_button.description] == \
        ["Hodit", "Hotovo", "Nápověda"]
    assert widget.message.text == "Stiskněte Hodit pro úvodní hod (R4)."
    widget.double()
    assert widget.message.kind == "error" and widget.message.text.startswith("nelze zdvojit")
    assert widget.message.text.endswith("R25)")
    play_out_as_person(widget.table, choose=1)
    widget.refresh()
    heading = widget.end.children[0].value
    assert re.search(r"(Vyhráváte|Počítač vyhrává)", heading)
    assert "Stáhnout soubor .mat" in widget.download.value
    assert "Vy hází" not in widget.replay.caption.value and "You" not in widget.replay.caption.value
