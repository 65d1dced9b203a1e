"""The narrator (bgsim/game/narrator.py, issue 29 item 5): every event class has a sentence in every voice,
and a voice meets an event class it has no sentence for with a clear error, never silence.

The voices: ``events.EventWords`` (``str(event)``, Light and Dark), ``narrator.MoveList`` (the table's move
list) and ``narrator.Captions`` (a record's captions). The sentences themselves are pinned by
tests/test_records.py, test_events.py, test_play_widget.py, test_play_cs.py and the doctests.
"""

from __future__ import annotations

import dataclasses

import pytest

from bgsim import Position
from bgsim.engine.errors import InvalidSettingError
from bgsim.engine.i18n import language
from bgsim.game import events as ev
from bgsim.game.events import EVENT_TYPES, Event, EventVisitor, EventWords, GameResult
from bgsim.game.game import Game
from bgsim.game.narrator import Announcer, Captions, MoveList, Narrator, is_you
from bgsim.game.rules import ResultKind, Rules
from bgsim.players.table import Table
from bgsim.widgets._replay import is_cube_or_resignation

#: The event classes bgsim defines (a test's own event classes register themselves too: left out).
BUILT_IN = sorted((cls for cls in EVENT_TYPES.values() if cls.__module__ == ev.__name__), key=lambda c: c.__name__)

_START = Position.initial()


def one_of_each() -> dict[type[Event], Event]:
    """One event of every class bgsim defines, made by hand (a class added to events.py must be added here)."""
    play = _START.parse_play("13/7 8/7")
    made = [
        ev.GameStart(Rules.money(), _START, None),
        ev.OpeningRoll((6, 1)),
        ev.AutomaticDouble(2),
        ev.CarriedDouble(1),
        ev.Double(0, 2),
        ev.Take(1, 2),
        ev.Drop(1),
        ev.Beaver(1, 4),
        ev.Roll(0, (6, 1)),
        ev.Move(0, play, _START),
        ev.Pass(0, (6, 6), _START),
        ev.FinalRoll(1),
        ev.Resign(0, ResultKind.GAMMON),
        ev.ResignationOffer(0, ResultKind.SINGLE),
        ev.ResignationAccepted(1),
        ev.ResignationRejected(1),
        ev.GameOver(GameResult(0, ResultKind.SINGLE, 1, 1, "bearoff")),
    ]
    return {type(e): e for e in made}


def _voices() -> list[EventVisitor]:
    return [EventWords(), MoveList(("You", "Computer")), MoveList(), Captions(("Ann", "You"), Rules.money(), 1, (0, 0)),
            Announcer(("You", "Computer"))]


def test_every_event_class_of_events_py_has_a_sample_here():
    missing = set(BUILT_IN) - set(one_of_each())
    assert not missing, f"add a sample of {sorted(c.__name__ for c in missing)} to one_of_each()"


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_every_event_class_has_a_sentence_in_every_voice(lang):
    """Each voice defines its own visit method for every event class (none falls back to the base's
    'unhandled'), and each tells every sample: a sentence, or None where the move list leaves it out."""
    for voice in (EventWords, MoveList, Captions, Announcer):
        for cls in BUILT_IN:
            method = getattr(voice, cls.visit_name)
            assert method is not getattr(EventVisitor, cls.visit_name), f"{voice.__name__} has no {cls.visit_name}"
    silent = {ev.GameStart, ev.AutomaticDouble, ev.CarriedDouble, ev.FinalRoll, ev.Roll}   # the move list's gaps
    unannounced = {ev.GameStart, ev.OpeningRoll, ev.AutomaticDouble, ev.CarriedDouble, ev.FinalRoll, ev.GameOver,
                   ev.Resign}   # what the rules add by themselves (and a resignation judged from the position)
    snap = Game(starter=0).history()[0]
    with language(lang):
        for cls, event in one_of_each().items():
            assert isinstance(str(event), str) and str(event).strip()
            line = MoveList(("You", "Computer")).line(event)
            assert (line is None) == (cls in silent), cls.__name__
            news = Announcer(("You", "Computer")).news([event])
            assert (news is None) == (cls in unannounced), cls.__name__
            captions = Captions(("Ann", "You"), Rules.money(), 1, (0, 0))
            caption = captions.caption(snap._replace(event=event), snap)
            assert isinstance(caption, str) and caption.strip()
            assert isinstance(is_cube_or_resignation(event), bool)


def test_the_move_list_shows_a_roll_only_while_it_is_the_last_event():
    roll = ev.Roll(1, (4, 4))
    assert MoveList().line(roll) is None
    assert MoveList().line(roll, last=True) == "Dark rolls 4-4"
    assert MoveList(("You", "Computer")).line(ev.Roll(0, (4, 4)), last=True) == "You roll 4-4"


def test_who_reads_decides_the_person_and_the_names():
    """Light/Dark by default (in the language spoken when told), names, and "You" in the second person."""
    double = ev.Double(0, 2)
    assert MoveList().line(double) == "Light doubles to 2 (R25)"
    assert MoveList(("Ann", "Ben")).line(double) == "Ann doubles to 2 (R25)"
    assert MoveList(("You", "Computer")).line(double) == "You double to 2 (R25)"
    default = MoveList()
    with language("cs"):
        assert default.names == ("Světlý", "Tmavý") and is_you("Vy")
    assert default.names == ("Light", "Dark")
    assert Narrator().name(None) == "nobody"
    for bad in ("You", ("You",), ("You", "Computer", "Ann"), ("You", ""), ("You", 1)):
        with pytest.raises(InvalidSettingError, match="two non-empty strings"):
            MoveList(bad)


def test_the_table_speaks_through_the_narrator():
    t = Table(None, rng=6, names=("Ann", "Ben"))
    t.roll()
    t.commit(t.game.legal_plays()[0])
    t.double()
    lines = MoveList(("Ann", "Ben"))
    events = t.game.events
    told = [lines.line(e, last=k == len(events) - 1) for k, e in enumerate(events)]
    assert t.moves() == [line for line in told if line]
    # the computer's actions are announced from the events they record
    from bgsim.players.players import HandwrittenPlayer
    t = Table(HandwrittenPlayer(), rng=3)
    t.roll()
    t.commit("24/23 13/8")
    n = len(t.game.events)
    said = t.step_computer()
    assert said == Announcer(t.names).news(t.game.events[n:]) == "Computer rolls 2-2."


def test_a_new_event_class_without_a_sentence_raises_a_clear_error():
    @dataclasses.dataclass(frozen=True)
    class Castle(Event):         # a kind of event no narrator has heard of
        player: int

    try:
        castle = Castle(0)
        for voice in _voices():
            with pytest.raises(TypeError, match=r"does not handle Castle events: define visit_castle"):
                castle.accept(voice)
        with pytest.raises(TypeError, match="EventWords does not handle Castle events: define visit_castle"):
            str(castle)
        with pytest.raises(TypeError, match="define visit_castle"):
            is_cube_or_resignation(castle)
        with pytest.raises(TypeError, match="define visit_castle"):
            Narrator(("You", "Computer")).visit(castle)
    finally:
        del EVENT_TYPES["Castle"]     # the class registered itself: leave the registry as it was
