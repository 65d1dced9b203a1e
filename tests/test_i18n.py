"""The message catalogue (issue 23): gettext domain ``bgsim``, English default, Czech complete.

- completeness: every message of the code is in the Czech catalogue, translated, not fuzzy,
  with the same rule ids, numbers and placeholders, and the compiled .mo agrees with the .po
  (each failure names the msgid; ``make messages`` lists them too);
- no new refusal or button label bypasses the catalogue (a literal sentence in ``Refusal(...)``);
- switching: ``set_language``, ``BGSIM_LANG``, ``bgsim --lang``; English byte-identical;
- Czech refusals for known illegal steps, with their rule ids (R7, R10, R13, R16);
- the Czech messages use the glossary's words (bgsim/data/glossary.json).
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bgsim
from bgsim import Position
from bgsim.engine.errors import IllegalPlayError
from bgsim.game.game_guards import refusal
from bgsim.teach.glossary import glossary
from bgsim.engine.i18n import _, get_language, language, ngettext, set_language
from tests.support import catalogue

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _english_after():
    """Every test leaves the language as it found it (English)."""
    before = get_language()
    yield
    set_language(before)


# ----------------------------------------------------------------------------- completeness
def test_the_catalogues_are_czech_and_slovak():
    assert set(catalogue.LANGS) >= {"cs", "sk"}


@pytest.mark.parametrize("lang", catalogue.LANGS)
def test_every_message_of_the_code_is_in_each_catalogue(lang):
    missing = catalogue.not_in_catalogue(lang)
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("lang", catalogue.LANGS)
def test_every_message_is_translated_and_keeps_rule_ids_numbers_placeholders(lang):
    found = catalogue.problems(lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", catalogue.LANGS)
def test_compiled_catalogue_matches_the_po(lang):
    stale = catalogue.stale_mo(lang)
    assert not stale, "\n".join(stale)


@pytest.mark.parametrize("lang", catalogue.LANGS)
def test_argparse_catalogue_is_complete(lang):
    """argparse's own words (usage:, options, its complaints) in each language: domain argparse."""
    from babel.messages.pofile import read_po

    with open(catalogue.LOCALES / lang / "LC_MESSAGES" / "argparse.po", "rb") as f:
        cat = read_po(f, locale=lang)
    empty = [m.id for m in cat if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple)
                                                                  else (m.string,)))]
    assert not empty, empty
    assert (catalogue.LOCALES / lang / "LC_MESSAGES" / "argparse.mo").exists()


def test_the_check_catches_a_dropped_rule_id_a_number_and_a_placeholder():
    # The checker itself: a translation that loses R7, changes 5 to 6 or renames {point} is caught.
    assert catalogue.kept("point {point} is closed: 5 checkers (R7)", "bod {point} je uzavřený: 5 kamenů (R7)") == []
    assert catalogue.kept("point {point} is closed (R7)", "bod {point} je uzavřený")[0].startswith("rule ids")
    assert catalogue.kept("a 5 (R18)", "kostka 6 (R18)")[0].startswith("numbers")
    assert catalogue.kept("on point {point}", "na bodě {bod}")[0].startswith("placeholders")


def _literal_sentence(node: ast.expr) -> bool:
    """A string literal or f-string with words in it (not one built by _() / ngettext())."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(re.search(r"[a-z]{3} [a-z]", node.value))
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and re.search(r"[a-z]{3} [a-z]", str(v.value)) for v in node.values)
    if isinstance(node, ast.BinOp):
        return _literal_sentence(node.left) or _literal_sentence(node.right)
    return False


#: Modules whose refusals and labels a learner reads: a new one must go through the catalogue.
_USER_FACING = ["engine/explain.py", "engine/turn.py", "game/game_guards.py", "game/cube.py", "widgets/_stepper.py", "widgets/_drill.py",
                "widgets/_quiz.py", "widgets/_score.py", "widgets/_replay.py", "widgets/_editor.py",
                "widgets/_sandbox.py", "widgets/_common.py", "widgets/_montecarlo.py", "players/table.py", "widgets/_play.py",
                "sim/net_cube.py", "players/hint.py"]


@pytest.mark.parametrize("module", _USER_FACING)
def test_refusals_and_labels_go_through_the_catalogue(module):
    tree = ast.parse((ROOT / "bgsim" / module).read_text(encoding="utf-8"))
    bare = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        args = list(node.args[:1]) if name in ("Refusal", "say") else []
        args += [k.value for k in node.keywords if k.arg == "description"]
        bare += [f"line {a.lineno}: {ast.unparse(a)[:80]}" for a in args if _literal_sentence(a)]
    assert not bare, f"sentences in {module} that bypass the catalogue (wrap them in _()):\n" + "\n".join(bare)


# ----------------------------------------------------------------------------- switching
def test_english_is_the_default_and_unchanged():
    set_language("en")
    assert _("the game is over") == "the game is over"
    with pytest.raises(IllegalPlayError) as err:
        Position.initial().play("24/18 13/12")
    assert str(err.value) == "24/18 13/12: 13/12: point 12 is closed: the opponent has 5 checkers there (R7)"
    # every English message is its own msgid, byte for byte
    for m in catalogue.load("cs"):
        if isinstance(m.id, str) and m.id:
            assert _(m.id) == m.id


def test_set_language_switches_and_language_restores():
    set_language("cs")
    assert get_language() == "cs" and _("the game is over") == "hra skončila"
    with language("en"):
        assert _("the game is over") == "the game is over"
    assert _("the game is over") == "hra skončila"
    set_language("cs_CZ.UTF-8")
    assert get_language() == "cs"
    set_language("sk")
    assert _("the game is over") == "hra sa skončila"
    with pytest.raises(LookupError):
        set_language("de")


def test_czech_plural_forms():
    with language("cs"):
        forms = [ngettext("moves {n} checker from there", "moves {n} checkers from there", n).format(n=n)
                 for n in (1, 3, 7)]
    assert forms == ["odtud táhne 1 kamenem", "odtud táhne 3 kameny", "odtud táhne 7 kameny"]


def _run(code: str, env_lang: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "BGSIM_LANG"}
    if env_lang is not None:
        env["BGSIM_LANG"] = env_lang
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_environment_variable_sets_the_language():
    code = "from bgsim.engine.i18n import _; print(_('the game is over'))"
    assert _run(code, "cs") == "hra skončila"
    assert _run(code, "sk") == "hra sa skončila"
    assert _run(code, None) == "the game is over"
    assert _run(code, "xx") == "the game is over"      # an unknown language falls back to English


def test_cli_lang_flag(capsys):
    from bgsim.cli.main import main

    assert main(["rule", "R13", "--lang", "cs"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R13 Nejdřív bar\n")
    assert "Krátký backgammon pravidla" in out and "„Dokud je na baru alespoň jeden hráčův kámen" in out
    assert get_language() == "en"                     # the flag does not leak into the caller
    assert main(["check", "start", "63", "13/10", "--lang", "cs"]) == 2
    err = capsys.readouterr().err
    assert "nechává kostku 6 nezahranou" in err and err.rstrip().endswith("(R10)")
    assert main(["rule", "R13"]) == 0
    assert capsys.readouterr().out.startswith("R13 Bar first\n")


def test_cli_help_in_czech():
    out = subprocess.run([sys.executable, "-m", "bgsim", "--lang", "cs", "rule", "--help"], capture_output=True,
                         text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert "vyhledat pravidlo podle označení" not in out.stdout      # that is the command's line in the list
    assert "označení pravidla, např. R13" in out.stdout


# ----------------------------------------------------------------------------- Czech refusals
@pytest.mark.parametrize(("play", "dice", "words", "rule"), [
    ("24/18 13/12", None, "bod 12 je uzavřený: soupeř na něm má 5 kamenů", "(R7)"),
    ("13/10", (6, 3), "samotný tah 13/10 nechává kostku 6 nezahranou, ale 24/18 13/10 zahraje obě kostky", "(R10)"),
])
def test_czech_refusal_of_an_illegal_play(play, dice, words, rule):
    set_language("cs")
    pos = Position.initial()
    with pytest.raises(IllegalPlayError) as err:
        pos.parse_play(play, dice=dice) if dice else pos.play(play)
    assert words in str(err.value) and str(err.value).endswith(rule)
    assert err.value.rule == rule.strip("()")        # the rule id is data, whatever the language


def test_czech_refusal_of_a_step_on_the_turn_stepper():
    set_language("cs")
    on_bar = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 0: 11})
    t = on_bar.start_turn((6, 5))
    refusal = t.refusal(13, 6)
    assert refusal.rule == "R13"
    assert str(refusal) == "13/7: kámen na baru musí vstoupit do hry dřív, než se pohne kterýkoli jiný kámen (R13)"
    start = Position.initial().start_turn((6, 6))
    assert str(start.refusal(6, 6)) == "6/off: vyvádět můžete, až když jsou všechny vaše kameny ve vašem domově (R16)"
    assert start.why("13/10") == "13/10: hod 6-6 nemá 3; jsou to čtyři tahy o 6 (R5, R6)"


def test_czech_game_refusal():
    set_language("cs")
    g = bgsim.Game(starter=0)
    g.double()
    assert str(refusal(g, "roll")) == "Tmavý musí nejdřív zdvojení přijmout, nebo odmítnout (R26)"
    assert str(refusal(g, "double")).startswith("nelze zdvojit: zdvojení už je nabídnuto")


# ----------------------------------------------------------------------------- glossary terms
def _mentions(text: str, words: tuple[str, ...], not_words: tuple[str, ...]) -> bool:
    text = re.sub(r"\{\{?[^{}]*\}\}?", "", text)     # a placeholder (or a {point: count} shape) is not a word
    text = re.sub(r"\bbgsim [a-z]+\b|\w+\([^)]*\)|^checkers must\b", "", text)   # commands, code, parameter names
    for w in not_words:                                # "progress bar" is no bar of the board
        text = re.sub(re.escape(w), "", text, flags=re.IGNORECASE)
    return any(re.search(rf"\b{re.escape(w)}\b", text, re.IGNORECASE) for w in words)


def test_czech_messages_use_the_glossary_terms():
    """A Czech message about a checker says kámen, about the bar says bar, about bearing off vyvádět ...:
    the words of the rule pages, as bgsim/data/glossary.json lists them."""
    terms = [t for t in glossary() if t.cs_stems and t.en_words]
    assert {t.key for t in terms} >= {"checker", "point", "bar", "bear_off", "hit", "home_board", "cube"}
    wrong = []
    for m in catalogue.load("cs"):
        if not m.id:
            continue
        english = m.id if isinstance(m.id, str) else m.id[1]
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for t in terms:
            if _mentions(english, t.en_words, t.en_not) and not all(any(s.lower() in x.lower() for s in t.cs_stems)
                                                          for x in strings):
                wrong.append(f"{t.key} ({'/'.join(t.cs_stems)}): {english!r} -> {strings[0]!r}")
    assert not wrong, "\n".join(wrong)


#: Placeholders that stand for a side's name (Light, Dark, You, Computer, a person's name).
SIDE_NAMES = "player|owner|other|offerer|answerer|side|who|winner|loser|mover|doubler|taker"
#: "hráče {player}" asks the name to be declined (hráče Světlého), but the name comes in the
#: nominative (Světlý): a Czech or Slovak message says a side's name in the nominative only.
DECLINED = re.compile(rf"\b(hráče|hráči|hráčem|hráčům|hráča|hráčovi|hráčom|za|pro|pre|od|proti|podle|podľa) "
                      rf"\{{({SIDE_NAMES})\}}")


@pytest.mark.parametrize("lang", ["cs", "sk"])
def test_a_sides_name_is_never_declined_in_czech_or_slovak(lang):
    """The board quiz said "To je bod 13 hráče Světlý": every message puts a side's name where the
    nominative is right ("Tenhle bod počítá Světlý jako bod 13")."""
    wrong = []
    for m in catalogue.load(lang):
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        wrong += [f"{m.id!r} -> {x!r}" for x in strings if x and DECLINED.search(x)]
    assert not wrong, "\n".join(wrong)
    assert DECLINED.search("To je bod {point} hráče {player}")    # the check itself can fail


def test_the_board_quiz_names_the_sides_in_czech():
    from bgsim.teach.quiz import Quiz

    with language("cs"):
        quiz = Quiz.point("Kde je bod 13 Světlého?", Position.initial(), 13, why="Tady.")
        ok, said = quiz.check(12)
    assert not ok and "Tenhle bod počítá Světlý jako bod 12 a Tmavý jako bod 13" in said, said
    assert "Tmavý: 5 kamenů" in said and "hráče" not in said, said


def test_czech_stepper_clicks_play_notation_in_english():
    """Notation is never translated: a Czech stepper still writes and reads 6/off and bar/22."""
    from bgsim.widgets import StepperWidget

    set_language("cs")
    race = Position.from_counts({8: 1, 6: 4, 5: 4, 4: 3, 3: 3}, {6: 4, 5: 4, 4: 4, 3: 3})
    stepper = StepperWidget(race, dice=(6, 2))
    stepper.click(6)
    stepper.click(0)
    assert stepper.message.text.startswith("6/off: vyvádět můžete, až když jsou všechny vaše kameny ve vašem domově (R16). ")
    stepper.click(6)
    for point in (8, 6, 6, 0):
        stepper.click(point)
    assert stepper.turn.is_complete and str(stepper.turn.play) == "8/off"
    assert stepper.message.text == "zahráno 8/off"


def test_a_tray_click_from_the_start_is_refused_with_r16():
    """Issue 34: the tray clicked first, with checkers outside the home board, says R16 (the real reason),
    not "pick a checker first"."""
    from bgsim.widgets import StepperWidget

    set_language("cs")
    stepper = StepperWidget(Position.initial(), dice=(6, 5))
    stepper.click(0)
    assert stepper.message.text == "vyvádět můžete, až když jsou všechny vaše kameny ve vašem domově (R16)"


def test_your_own_resignation_is_said_as_yours():
    from bgsim.game.events import GameResult, ResultKind
    from bgsim.game.narrator import score_text

    set_language("cs")
    text = score_text(GameResult(1, ResultKind.GAMMON, 2, 1, "resign"), ("Vy", "Počítač"))
    assert text == "Vzdali jste se za gammon (R30): Počítač získává 2 x kostka 1 = 2 body."


#: The stems a Slovak message about the thing contains (the Slovak rule page's words: dáma, lišta, vynášanie ...).
SK_STEMS = {"checker": ("dám",), "bar": ("lišt",), "bear_off": ("vynáš", "vynes", "vynies", "vynos"),
            "hit": ("zasia", "zasah"), "enter": ("vstup", "vstúp"), "point": ("bod",), "cube": ("kock",)}


def test_slovak_messages_use_the_slovak_pages_words():
    terms = {t.key: t for t in glossary()}
    wrong = []
    for m in catalogue.load("sk"):
        if not m.id:
            continue
        english = m.id if isinstance(m.id, str) else m.id[1]
        english = re.sub(r"'[^']*'|\bbar[=/]\S*", "", english)          # notation: 'bar', bar=M/T, bar/22
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for key, stems in SK_STEMS.items():
            t = terms[key]
            if _mentions(english, t.en_words, t.en_not) and not all(any(s in x.lower() for s in stems)
                                                                      for x in strings):
                wrong.append(f"{key} ({'/'.join(stems)}): {english!r} -> {strings[0]!r}")
    assert not wrong, "\n".join(wrong)


# ----------------------------------------------------------------------------- issue 28, item 5
@pytest.mark.parametrize("bad", [5, 3.5, [], ("cs",), b"cs"])
def test_set_language_refuses_what_is_not_a_language_with_a_bgsim_error(bad):
    from bgsim.engine.errors import BgsimError, LanguageError

    with pytest.raises(LanguageError, match="a language is a code such as 'cs' or 'en'") as err:
        set_language(bad)
    assert isinstance(err.value, BgsimError) and isinstance(err.value, LookupError)
    from bgsim.engine.i18n import LANGUAGES

    with pytest.raises(LanguageError, match="bgsim speaks " + ", ".join(LANGUAGES)):
        set_language("de")
    assert get_language() == "en"


def test_the_languages_are_the_catalogues_there_are_and_locale_names_mean_their_language():
    from bgsim.engine.i18n import LANGUAGES, LOCALE_DIR, _normalise

    catalogues = {d.name for d in LOCALE_DIR.iterdir() if (d / "LC_MESSAGES" / "bgsim.mo").is_file()}
    assert LANGUAGES[0] == "en" and set(LANGUAGES[1:]) == catalogues and "cs" in catalogues
    assert {_normalise(name) for name in ("sk_SK", "sk-SK", "sk_SK.UTF-8", "SK", "sk_SK@euro")} == {"sk"}
    for name in ("cs_CZ", "cs-CZ", "cs_CZ.UTF-8"):
        set_language(name)
        assert get_language() == "cs"


def _first_message(env_lang: str) -> tuple[str, str]:
    """(the first message and the language, what went to stderr) in a fresh process with BGSIM_LANG set."""
    env = {k: v for k, v in os.environ.items() if k != "BGSIM_LANG"}
    env["BGSIM_LANG"] = env_lang
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    code = ("from bgsim.engine.i18n import _, get_language; print(_('the game is over'), get_language()); "
            "print(_('the game is over'))")
    out = subprocess.run([sys.executable, "-W", "default", "-c", code], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[0], out.stderr


@pytest.mark.parametrize("value", ["sk_SK", "xx", "de:fr", "cs;en"])
def test_a_bgsim_lang_that_names_no_language_warns_once_naming_the_languages(value):
    """A garbage BGSIM_LANG silently gave English: now English with one warning that names the languages."""
    from bgsim.engine.i18n import LANGUAGES

    if value == "sk_SK" and "sk" in LANGUAGES:
        pytest.skip("bgsim speaks Slovak: sk_SK is a language")
    said, err = _first_message(value)
    assert said == "the game is over en"
    assert err.count("UserWarning") == 1 and f"BGSIM_LANG={value!r}" in err
    assert "speaks " + ", ".join(LANGUAGES) in err


@pytest.mark.parametrize("value", ["cs:en", "xx:cs", "cs-CZ", " cs_CZ.UTF-8 "])
def test_bgsim_lang_takes_locale_names_and_a_list_of_preferences(value):
    said, err = _first_message(value)
    assert said == "hra skončila cs" and "Warning" not in err
