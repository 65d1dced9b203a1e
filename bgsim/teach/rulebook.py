"""The rule reference: every rule id bgsim cites, in one sentence or two, with its options and sources.

Error messages, captions and lessons name rules by id (``R13``, ``V5`` ...). Look one up
with :func:`rules_reference` (or ``bgsim rule R13`` in a terminal); ``docs/rules.md`` in
the repository is generated from the same data by :func:`markdown`
(:func:`write_markdown`, run by ``make docs``).

The ids: R1-R30 (with R4a and R4b) are the standard rules, V1-V6 the settings and variants
of a Czech game site's "short backgammon", P1-P2 what the lessons explain but bgsim does not
simulate, X1-X3 standard options of the field that the source pages do not mention.

>>> entry = rules_reference("R13")
>>> entry.title
'Bar first'
>>> entry.options
()
>>> rules_reference("v5").options[0]
'Rules(caucasian=True)'
>>> len(rules_reference())
43
>>> rules_reference("R31")
Traceback (most recent call last):
...
bgsim.engine.errors.UnknownRuleError: there is no rule 'R31': the ids are R1-R30 (with R4a, R4b), V1-V6, P1-P2 and X1-X3
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import NamedTuple, overload

from ..engine.errors import UnknownRuleError
from ..engine.i18n import N_, _, get_language, language
from .glossary import glossary

__all__ = [
    "LESSONS",
    "SECTIONS",
    "SOURCES",
    "RuleEntry",
    "RuleList",
    "UnknownRuleError",
    "join_ids",
    "markdown",
    "page_rules",
    "parse_ids",
    "rules_reference",
    "write_markdown",
]


class Source(NamedTuple):
    """One of the rule pages the rules come from (all in Czech or Slovak)."""

    title: str
    language: str
    about: str


#: The source pages, by a short key. Titles are the pages' own.
SOURCES: dict[str, Source] = {
    "pravidla": Source("Pravidla Backgammon", N_("Czech"),
                       N_("the full rules, money play and the doubling cube")),
    "kompletne": Source("Kompletné pravidlá hry Backgammon", N_("Slovak"),
                        N_("the rules with details of bar entry and bearing off")),
    "kratky": Source("Krátký backgammon pravidla", N_("Czech"),
                     N_("a game site's rules and settings: ending modes, cube limit, draw, Caucasian variant")),
    "kniha": Source("Kompletní kniha pravidel: Crawfordovo pravidlo, Gammons, vlastnictví kostek a Edge Cases",
                    N_("Czech"), N_("forced play, edge cases, the cube and the Crawford rule")),
    "vrhcaby": Source("Vrhcáby", N_("Czech"),
                      N_("a rules sheet: equipment, bearing off, automatic doubles")),
}

_ALL_SOURCES = tuple(SOURCES)

#: Typos of the source pages, kept in the quotes word for word and marked as theirs when shown.
SIC = ("rozděleny to", "vítěztví")


def _sic(quote: str) -> str:
    """``quote`` with each typo of :data:`SIC` marked ``[sic]``.

    >>> _sic("V Backgammonu existují tři druhy vítěztví:")
    'V Backgammonu existují tři druhy vítěztví [sic]:'
    """
    for typo in SIC:
        quote = quote.replace(typo, f"{typo} [sic]")
    return quote


class Lesson(NamedTuple):
    """A lesson of the course in ``lessons/``: its title, notebook file and the rule ids it teaches."""

    title: str
    file: str
    rules: str


#: The course, lesson by lesson. Each notebook's first cell repeats ``rules`` in a ``Rules:`` line.
LESSONS: dict[str, Lesson] = {
    "00": Lesson(N_("Start here"), "00-start-here.ipynb", "P2"),
    "01": Lesson(N_("The board, the checkers and the start"), "01-board.ipynb", "R1-R4, R4a, P1, P2"),
    "02": Lesson(N_("Moving"), "02-moving.ipynb", "R5-R9"),
    "03": Lesson(N_("Forced play"), "03-forced-play.ipynb", "R10-R12"),
    "04": Lesson(N_("Hitting and the bar"), "04-bar.ipynb", "R8, R13-R15"),
    "05": Lesson(N_("Bearing off"), "05-bearing-off.ipynb", "R16-R21"),
    "06": Lesson(N_("Winning, scoring and resigning"), "06-scoring.ipynb", "R22, R23, R30, V3"),
    "07": Lesson(N_("The doubling cube in money play"), "07-cube.ipynb", "R24-R26, R29, X1, X2"),
    "08": Lesson(N_("Match play and the Crawford rule"), "08-match.ipynb", "R4b, R27, R28"),
    "09": Lesson(N_("Monte Carlo lab"), "09-monte-carlo.ipynb", ""),
    "10": Lesson(N_("Variants and house rules"), "10-variants.ipynb", "V1-V6, X3"),
    "11": Lesson(N_("Play a game"), "11-play.ipynb", "R22-R28, R30"),
}


@dataclass(frozen=True)
class RuleEntry:
    """One rule of the reference.

    Parameters
    ----------
    id : str
        The rule id (``"R28"``, ``"V5"`` ...).
    title : str
        A short title.
    text : str
        The rule, stated in full.
    options : tuple of str, optional
        The bgsim settings that switch or change the rule (empty when it always applies).
    sources : tuple of str, optional
        The keys of :data:`SOURCES` it comes from (empty for X1-X3); by default all of them.

    The property :attr:`lessons` gives the numbers of the lessons that teach it (keys of
    :data:`LESSONS`).

    >>> print(rules_reference("R28"))
    R28 Crawford
    In a match, the game right after either player first gets to one point away from winning is the Crawford game:
    the doubling cube may not be used in it. From the next game on (post-Crawford) the cube is back.
    Options: Rules(crawford=False): a match without it; it is on by default in a match
    Sources: Kompletní kniha pravidel: Crawfordovo pravidlo, Gammons, vlastnictví kostek a Edge Cases (Czech)
    Lessons: 08 Match play and the Crawford rule; 11 Play a game
    """

    id: str
    title: str
    text: str
    options: tuple[str, ...] = ()
    sources: tuple[str, ...] = _ALL_SOURCES

    @property
    def lessons(self) -> tuple[str, ...]:
        """The numbers of the lessons that teach this rule.

        >>> rules_reference("R8").lessons
        ('02', '04')
        """
        return tuple(n for n, lesson in LESSONS.items() if self.id in parse_ids(lesson.rules))

    @property
    def quotes(self) -> tuple[tuple[str, str], ...]:
        """The sentences of the rule pages this rule comes from, word for word: ``(source key, sentence)``
        pairs (keys of :data:`SOURCES`; none for X1-X3).

        >>> rules_reference("R13").quotes[0][0]
        'kratky'
        """
        return tuple((k, q) for k, q in _source_data()[self.id]["quotes"])

    @property
    def sk_title(self) -> str:
        """The rule's title in Slovak.

        >>> rules_reference("R13").sk_title
        'Najprv bar'
        """
        return str(_source_data()[self.id]["sk_title"])

    def __repr__(self) -> str:
        return f"rules_reference({self.id!r})"

    def _no_options(self) -> str:
        return _("none") if self.id.startswith("P") else _("none: it always applies")

    def _options_text(self) -> str:
        return "; ".join(_(o) for o in self.options) if self.options else self._no_options()

    def _sources_text(self) -> str:
        if not self.sources:
            return _("standard practice of the game, not in the source pages")
        return "; ".join(f"{SOURCES[k].title} ({_(SOURCES[k].language)})" for k in self.sources)

    def _quote_lines(self) -> list[str]:
        """The source sentences, in every language but English (whose text restates them). In Slovak,
        the sentences of the Slovak page where it has some for this rule (else the Czech pages'); a
        typo of a page is kept and marked [sic] (see :data:`SIC`)."""
        lang = get_language()
        if lang == "en":
            return []
        quotes = self.quotes
        if lang == "sk":
            quotes = tuple((k, q) for k, q in quotes if SOURCES[k].language == "Slovak") or quotes
        return [_("From the rule page: \u201c{quote}\u201d ({page})").format(quote=_sic(q), page=SOURCES[k].title)
                for k, q in quotes]

    def __str__(self) -> str:
        lessons = "; ".join(f"{n} {_(LESSONS[n].title)}" for n in self.lessons) or _("none yet")
        return "\n".join([f"{self.id} {_(self.title)}", _(self.text), *self._quote_lines(),
                          _("Options: {options}").format(options=self._options_text()),
                          _("Sources: {sources}").format(sources=self._sources_text()),
                          _("Lessons: {lessons}").format(lessons=lessons)])

    def markdown(self, lesson_dir: str = "../lessons", heading: str = "###") -> str:
        """The entry as Markdown; lesson links point into ``lesson_dir``.

        >>> print(rules_reference("X1").markdown())
        ### X1 Jacoby rule
        <BLANKLINE>
        In money play, gammons and backgammons count only as single games unless the cube has been turned
        (a double offered and taken) during the game.
        <BLANKLINE>
        - Options: `Rules(jacoby=True)`: money play only
        - Sources: standard practice of the game, not in the source pages
        - Lessons: [07 The doubling cube in money play](../lessons/07-cube.ipynb)
        """
        opts = "; ".join(_code(_(o)) for o in self.options) if self.options else self._no_options()
        lessons = "; ".join(f"[{n} {_(LESSONS[n].title)}]({lesson_dir}/{LESSONS[n].file})"
                            for n in self.lessons) or _("none yet")
        quotes = "\n>\n".join(f"> {line}" for line in self._quote_lines()).split("\n") if self._quote_lines() else []
        return "\n".join([f"{heading} {self.id} {_(self.title)}", "", _(self.text), "",
                          *([*quotes, ""] if quotes else []),
                          "- " + _("Options: {options}").format(options=opts),
                          "- " + _("Sources: {sources}").format(sources=self._sources_text()),
                          "- " + _("Lessons: {lessons}").format(lessons=lessons)])

    def _repr_markdown_(self) -> str:
        return self.markdown(heading="####")

    def _repr_html_(self) -> str:
        e = html.escape
        opts = ("; ".join(_html_code(_(o)) for o in self.options) if self.options
                else self._no_options())
        lessons = "; ".join(e(f"{n} {_(LESSONS[n].title)}") for n in self.lessons) or _("none yet")
        quotes = "".join(f"<blockquote>{e(line)}</blockquote>" for line in self._quote_lines())
        return (f'<div class="bgsim-rule" data-rule="{e(self.id)}">'
                f"<p><b>{e(self.id)} {e(_(self.title))}.</b> {e(_(self.text))}</p>{quotes}"
                "<ul><li>" + _("Options: {options}").format(options=opts) + "</li><li>"
                + _("Sources: {sources}").format(sources=e(self._sources_text())) + "</li>"
                "<li>" + _("Lessons: {lessons}").format(lessons=lessons) + "</li></ul></div>")


def _code(option: str) -> str:
    """``Rules(x=1): words`` -> ```Rules(x=1)`: words``: the code in code style, the words after ": " as they are."""
    call, sep, rest = option.partition(": ")
    return f"`{call}`" + sep + rest


def _html_code(option: str) -> str:
    call, sep, rest = option.partition(": ")
    return f"<code>{html.escape(call)}</code>" + html.escape(sep + rest)


class RuleList(tuple):
    """All the entries, in rule-book order; shows itself as a list of ids and titles.

    >>> book = rules_reference()
    >>> book[0].id, book.ids[-1]
    ('R1', 'X3')
    >>> print(str(book).splitlines()[14])
    R13  Bar first
    """

    @property
    def ids(self) -> tuple[str, ...]:
        """Every id, in order."""
        return tuple(e.id for e in self)

    def __str__(self) -> str:
        return "\n".join(f"{e.id:<4} {_(e.title)}" for e in self)

    def __repr__(self) -> str:
        return f"RuleList({len(self)} rules: {', '.join(self.ids)})"

    def _repr_markdown_(self) -> str:
        return "\n".join(["| id | " + _("rule") + " |", "| --- | --- |"] + [f"| {e.id} | {_(e.title)} |" for e in self])

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{html.escape(e.id)}</td><td>{html.escape(_(e.title))}</td></tr>" for e in self)
        return f'<table class="bgsim-rules"><tr><th>id</th><th>{_("rule")}</th></tr>{rows}</table>'


_P, _K, _R, _N, _V = "pravidla", "kompletne", "kratky", "kniha", "vrhcaby"

#: The rule-book sections and the ids in each, in order.
SECTIONS: tuple[tuple[str, tuple[RuleEntry, ...]], ...] = (
    (N_("Board and equipment"), (
        RuleEntry("R1", N_("Board"),
                  N_("The board has 24 points, numbered by each player from their own side: 1-6 is their home "
                  "board, 19-24 the opponent's home board, and a player's point p is the opponent's point "
                  "25 - p. Checkers move from high numbers to low; hit checkers wait on the bar, and borne-off "
                  "checkers are off."),
                  sources=(_P, _R)),
        RuleEntry("R2", N_("Equipment"),
                  N_("Each player has 15 checkers and two dice; the players share one doubling cube marked "
                  "2, 4, 8, 16, 32 and 64."),
                  (N_("Rules(variant=\"hypergammon\"): 3 checkers a side instead of 15 (X3)"),),
                  (_P, _K, _V)),
        RuleEntry("R3", N_("Starting position"),
                  N_("Each player starts with 2 checkers on their 24-point, 5 on the 13-point, 3 on the "
                  "8-point and 5 on the 6-point."),
                  (N_("Position.initial(): this position"), N_("Rules(variant=\"standard\"): the default")),
                  (_P, _R)),
    )),
    (N_("Starting the game"), (
        RuleEntry("R4", N_("Opening roll"),
                  N_("Each player throws one die and the higher number starts, playing the two numbers thrown "
                  "as the first move; a tie is thrown again. So the first move is never a double: each of "
                  "the 30 ordered opening rolls has chance 1/30."),
                  (N_("Rules(opening=\"standard\"): the default"),),
                  (_P, _N, _V)),
        RuleEntry("R4a", N_("Winner rolls afresh"),
                  N_("A house rule: the winner of the opening throw rolls both dice again for the first move, "
                  "so the first move may be a double."),
                  ("Rules(opening=\"winner_rolls\")",),
                  (_K,)),
        RuleEntry("R4b", N_("Who starts the next game"),
                  N_("In a series of games, the starter of game 2, 3, ... may be chosen by a setting instead "
                  "of an opening roll: the loser of the previous game starts, or the players take turns."),
                  ("Rules(series_starter=\"loser\")", "Rules(series_starter=\"alternate\")",
                   N_("Rules(series_starter=\"opening_roll\"): the default")),
                  (_R,)),
    )),
    (N_("Moving"), (
        RuleEntry("R5", N_("Each die is a move"),
                  N_("Each die moves one checker exactly its number of points forward. One checker may use "
                  "both dice, one after the other, but only if it can stop on the point in between (for "
                  "at least one of the two orders): the dice are never added into one jump."),
                  sources=(_P, _K, _N, _V)),
        RuleEntry("R6", N_("Doubles"),
                  N_("A double is played four times: 4-4 gives four moves of 4, shared among the checkers in "
                  "any way."),
                  sources=(_P, _K, _R, _N)),
        RuleEntry("R7", N_("Open and closed points"),
                  N_("A checker may stop on an empty point, on its own checkers, or on a single opposing "
                  "checker (a blot). Two or more opposing checkers close a point: no stopping there, though "
                  "passing over it is fine.")),
        RuleEntry("R8", N_("Hitting"),
                  N_("Stopping on an opposing blot hits it: the blot goes to the bar. The hitting checker may "
                  "go on moving with its other die."),
                  sources=(_P, _K, _R, _V)),
        RuleEntry("R9", N_("Primes"),
                  N_("Six closed points in a row (a prime) cannot be passed by a checker behind them: no die "
                  "reaches beyond six points. This follows from R5-R7."),
                  sources=(_R,)),
    )),
    (N_("Forced play"), (
        RuleEntry("R10", N_("Use as many dice as possible"),
                  N_("A player must play both dice if any legal sequence does; with a double, as many of the "
                  "four moves as possible (four, else three, two or one)."),
                  sources=(_P, _K, _N, _V)),
        RuleEntry("R11", N_("The higher die"),
                  N_("If either die can be played alone but not both, the higher one must be played; if only "
                  "one of them can be played at all, that one is."),
                  sources=(_P, _K, _R)),
        RuleEntry("R12", N_("No legal move"),
                  N_("A player who cannot move loses the turn; the part of a roll that cannot be played is "
                  "lost."),
                  sources=(_P, _K, _V)),
    )),
    (N_("The bar"), (
        RuleEntry("R13", N_("Bar first"),
                  N_("While a player has a checker on the bar, no other checker may move until every checker "
                  "on the bar has entered.")),
        RuleEntry("R14", N_("Entering"),
                  N_("A checker on the bar enters in the opponent's home board: a die of d enters on the "
                  "player's point 25 - d, if that point is open (R7); entering may hit a blot. If no die "
                  "enters, the whole turn is lost."),
                  sources=(_P, _K, _N)),
        RuleEntry("R15", N_("Partial entry"),
                  N_("With two or more checkers on the bar, enter as many as the dice allow; while one is still "
                  "on the bar the rest of the roll is lost. Once all are in, the remaining dice move any "
                  "checker, the one just entered too."),
                  sources=(_K, _R, _V)),
    )),
    (N_("Bearing off"), (
        RuleEntry("R16", N_("When bearing off may start"),
                  N_("A player may bear off only while all their checkers are in their home board (points 1-6) "
                  "or already off. A checker reaching the home board during a turn can allow bearing off "
                  "with the rest of that same roll.")),
        RuleEntry("R17", N_("Exact number"),
                  N_("A die of d may bear off a checker from point d."),
                  sources=(_P, _K, _N, _V)),
        RuleEntry("R18", N_("Higher number"),
                  N_("If point d is empty and no checker stands higher than d, a die of d bears off a checker "
                  "from the highest occupied point.")),
        RuleEntry("R19", N_("Lower number"),
                  N_("If point d is empty but a checker stands higher, a die of d bears nothing off: it must "
                  "move a checker inside the board (5/3 with a 2, say), if such a move is legal.")),
        RuleEntry("R20", N_("Bearing off is not compulsory"),
                  N_("A player may move inside the home board instead of bearing off whenever that move is "
                  "legal; the forced-play rules R10-R11 still apply to the whole roll."),
                  sources=(_P, _K, _R, _V)),
        RuleEntry("R21", N_("Hit during the bear-off"),
                  N_("A checker hit during the bear-off must enter and come back to the home board before any "
                  "more checkers are borne off."),
                  sources=(_P, _R, _V)),
    )),
    (N_("End of game and scoring"), (
        RuleEntry("R22", N_("Win"),
                  N_("The first player to bear off all their checkers wins the game.")),
        RuleEntry("R23", N_("Single game, gammon, backgammon"),
                  N_("The loser pays 1 if they have borne off a checker (single game), 2 if not (gammon), and "
                  "3 if not and a checker of theirs is still on the bar or in the winner's home board "
                  "(backgammon); times the cube value."),
                  (N_("Rules(ending=\"koks\"): the default 1/2/3 (V1 has the others)"),),
                  (_P, _R, _N, _V)),
    )),
    (N_("Doubling cube, money and match"), (
        RuleEntry("R24", N_("The cube at the start"),
                  N_("Each game starts with the cube in the middle, owned by nobody, at value 1 (the physical "
                  "cube shows 64 for it)."),
                  (N_("Rules(cube_limit=1): no cube at all (V2)"),),
                  (_P, _R, _N, _V)),
        RuleEntry("R25", N_("Offering a double"),
                  N_("A player may offer to double only on their own turn, before rolling: while the cube is in "
                  "the middle either player may, later only the player who owns it."),
                  (N_("Rules(cube_limit=1): no doubling (V2)"), "Game.double()"),
                  (_P, _R, _N, _V)),
        RuleEntry("R26", N_("Take or drop"),
                  N_("The doubled player drops, and the game ends with the doubler winning the value before the "
                  "offer (no gammons), or takes: the value doubles and the taker now owns the cube."),
                  ("Game.take()", "Game.drop()", N_("Rules(beavers=True): the taker may also beaver (X2)")),
                  (_P, _R, _N, _V)),
        RuleEntry("R27", N_("Match play"),
                  N_("A match is played to N points; the first player to reach N wins it."),
                  ("Rules.match(n)", N_("Rules(match_length=n): 0 is money play"), "Match(n)"),
                  (_K, _N)),
        RuleEntry("R28", N_("Crawford"),
                  N_("In a match, the game right after either player first gets to one point away from winning "
                  "is the Crawford game: the doubling cube may not be used in it. From the next game on "
                  "(post-Crawford) the cube is back."),
                  (N_("Rules(crawford=False): a match without it; it is on by default in a match"),),
                  (_N,)),
        RuleEntry("R29", N_("Automatic doubles"),
                  N_("A money-play house rule: a tie on the opening throw doubles the stake (the cube stays in "
                  "the middle, now at 2, 4, ...), up to an agreed number of times. One source limits it to one "
                  "per game and carries a further tie over to the next game."),
                  (N_("Rules(automatic_doubles=n): at most n per game, money play only (the carry-over to the "
                   "next game is not simulated)"),),
                  (_P, _V)),
        RuleEntry("R30", N_("Resignation offer"),
                  N_("A player may offer to resign a single game, a gammon or a backgammon; if the opponent "
                  "accepts, the game ends and scores that kind times the cube, otherwise play goes on."),
                  (N_("Rules(resignation=\"offer\"): the default, also of Rules.money() and Rules.match(n)"),
                   N_("Game.offer_resignation(kind): on one's own turn; a kind refused may not be offered again "
                   "in the same turn"),
                   N_("Game.accept_resignation(): ends the game, scored as the kind offered"),
                   N_("Game.reject_resignation(): play goes on"),
                   N_("Game.why_no_resignation_offer(kind): why an offer is not allowed now")),
                  (_P,)),
    )),
    (N_("Variants and settings of the game site"), (
        RuleEntry("V1", N_("Ending mode (Oin, Mars, Koks)"),
                  N_("The game site counts a single game, gammon and backgammon (its words: Oin, Mars, Koks) "
                  "as 1/1/1 under \"Oin\", 1/2/2 under \"Mars\" and 1/2/3 under \"Koks\" (the standard R23), "
                  "times the cube value, also after a resignation."),
                  ("Rules(ending=\"oin\" | \"mars\" | \"koks\")",),
                  (_R,)),
        RuleEntry("V2", N_("Cube limit"),
                  N_("The cube may be switched off or capped at 2, 4, 8, 16, 32 or 64."),
                  (N_("Rules(cube_limit=n): n = 2, 4, ... 64 caps the cube"), N_("Rules(cube_limit=1): no cube"),
                   N_("Rules(cube_limit=None): unlimited, the default")),
                  (_R,)),
        RuleEntry("V3", N_("Resigning at any time"),
                  N_("A player may resign at any moment; the result (single game, gammon or backgammon) is "
                  "judged from the position at that moment, then the ending mode and the cube apply."),
                  (N_("Rules(resignation=\"judged\"): no offers, as in Rules.short_backgammon()"),
                   N_("Game.resign(kind): concedes at once, never less than the position shows (any rules)")),
                  (_R,)),
        RuleEntry("V4", N_("Last-roll draw"),
                  N_("When the player who started the game bears off their last checker, the other player gets "
                  "one more roll; if it bears off all their remaining checkers, the game is a draw."),
                  ("Rules(last_roll_draw=True)",),
                  (_R,)),
        RuleEntry("V5", N_("Caucasian hit rule"),
                  N_("A checker that hits a blot in its own home board may not, later in that turn, move onto "
                  "a point holding its own checkers. Another checker may still cover it, and the hitter may "
                  "go on to an empty point or be borne off."),
                  ("Rules(caucasian=True)", "Position.legal_plays(dice, caucasian=True)",
                   "bgsim plays --caucasian"),
                  (_R,)),
        RuleEntry("V6", N_("Bankroll"),
                  N_("In money sessions with a cube, a player may sit down to a game only if their balance covers "
                  "the largest possible loss: stake x cube limit x the ending mode's largest multiplier."),
                  ("Session(rules, stakes=..., bankrolls=(a, b))", "Rules.largest_loss(stake)"),
                  (_R,)),
    )),
    (N_("Explained in the lessons, not simulated"), (
        RuleEntry("P1", N_("Throwing the dice"),
                  N_("Dice are thrown on one's own right-hand half of the board; a die that lands elsewhere, "
                  "tilted or on a checker is thrown again. The turn ends when the player picks up the dice, "
                  "and a roll made before the opponent's turn is over does not count. bgsim rolls "
                  "for the players, so the lessons explain this rule instead."),
                  (N_("Game.roll(): refuses a roll out of turn"),),
                  (_P,)),
        RuleEntry("P2", N_("History"),
                  N_("The rules were first written down in 1743 (by Edmond Hoyle); the game's roots go back to "
                  "the Egyptian Senet and the Royal Game of Ur. Told in the lessons; nothing to simulate."),
                  (),
                  (_K, _R)),
    )),
    (N_("Standard options beyond the source pages"), (
        RuleEntry("X1", N_("Jacoby rule"),
                  N_("In money play, gammons and backgammons count only as single games unless the cube has been "
                  "turned (a double offered and taken) during the game."),
                  (N_("Rules(jacoby=True): money play only"),), ()),
        RuleEntry("X2", N_("Beavers"),
                  N_("In money play, a player who is doubled may at once redouble (beaver) and keep the cube; "
                  "the doubler then takes or drops as for any double."),
                  (N_("Rules(beavers=True): money play only"), "Game.beaver()"), ()),
        RuleEntry("X3", N_("Hypergammon"),
                  N_("The same rules with 3 checkers a side, starting on the 24-, 23- and 22-points: small "
                  "enough for exact studies."),
                  ("Rules.hypergammon()", "Rules(variant=\"hypergammon\")",
                   "Position.initial(variant=\"hypergammon\")"), ()),
    )),
)

_ENTRIES: dict[str, RuleEntry] = {e.id: e for _, entries in SECTIONS for e in entries}
_BOOK = RuleList(_ENTRIES.values())

_ID_RE = re.compile(r"\b([RVPX])(\d+)([ab]?)\b", re.IGNORECASE)


def _normalize(rule_id: str) -> str:
    m = _ID_RE.fullmatch(rule_id.strip().strip("()").strip())
    if not m:
        return rule_id
    letter, number, suffix = m.groups()
    return f"{letter.upper()}{int(number)}{suffix.lower()}"


def parse_ids(text: str) -> tuple[str, ...]:
    """The rule ids in a list like ``"R1-R4, R4a, P1"`` (ranges of one letter expand), in order.

    >>> parse_ids("R1-R4, R4a, P1, P2")
    ('R1', 'R2', 'R3', 'R4', 'R4a', 'P1', 'P2')
    >>> parse_ids("")
    ()
    >>> parse_ids("R5-V2")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.UnknownRuleError: 'R5-V2' is not a range of rule ids like R5-R9
    """
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "-" in part:
            lo, _sep, hi = (s.strip() for s in part.partition("-"))
            a, b = _ID_RE.fullmatch(lo), _ID_RE.fullmatch(hi)
            if not (a and b) or a.group(1).upper() != b.group(1).upper() or a.group(3) or b.group(3):
                raise UnknownRuleError(_("{part} is not a range of rule ids like R5-R9").format(part=repr(part)))
            letter = a.group(1).upper()
            out.extend(f"{letter}{n}" for n in range(int(a.group(2)), int(b.group(2)) + 1))
        else:
            out.append(_normalize(part))
    return tuple(out)


def join_ids(ids: Iterable[str]) -> str:
    """Rule ids as one list, the way the lessons write them: each id once, in rule-book order, and three
    or more ids of one letter in a row as a range (the inverse of :func:`parse_ids`).

    >>> join_ids(["P2", "R4a", "R3", "R1", "R2", "R4", "P1", "R3"])
    'R1-R4, R4a, P1, P2'
    >>> join_ids(parse_ids("R22, R23, R30, V3") + parse_ids("R22-R28, R30"))
    'R22-R28, R30, V3'
    >>> join_ids(["R4b", "R27", "R28"]), join_ids([])
    ('R4b, R27, R28', '')
    """
    order = {rule_id: n for n, rule_id in enumerate(_BOOK.ids)}
    wanted = sorted({_normalize(i) for i in ids}, key=lambda i: order.get(i, len(order)))
    parts: list[str] = []
    run: list[str] = []

    def close() -> None:
        if len(run) >= 3:
            parts.append(f"{run[0]}-{run[-1]}")
        else:
            parts.extend(run)
        run.clear()

    for rule_id in wanted:
        m = _ID_RE.fullmatch(rule_id)
        plain = m is not None and not m.group(3)
        if run and plain and m is not None:
            last = _ID_RE.fullmatch(run[-1])
            if last is not None and last.group(1) == m.group(1) and int(last.group(2)) + 1 == int(m.group(2)):
                run.append(rule_id)
                continue
        close()
        if plain:
            run.append(rule_id)
        else:
            parts.append(rule_id)
    close()
    return ", ".join(parts)


def page_rules(page: str) -> tuple[str, ...]:
    """The rule ids a lesson page teaches (its plan in :data:`LESSONS`), from the page's name or file as
    the class's results store it (``03-forced-play``, ``cs/04-bar``, ``lessons/01-board.ipynb``);
    none for a page that is not a lesson of the course (the sandbox, the teacher's pages).

    >>> page_rules("cs/04-bar"), page_rules("03-forced-play.ipynb"), page_rules("sandbox")
    (('R8', 'R13', 'R14', 'R15'), ('R10', 'R11', 'R12'), ())
    """
    name = str(page).replace("\\", "/").rsplit("/", 1)[-1]
    lesson = LESSONS.get(name[:2]) if re.match(r"\d\d-", name) else None
    return parse_ids(lesson.rules) if lesson is not None else ()


@overload
def rules_reference(rule_id: None = None) -> RuleList: ...
@overload
def rules_reference(rule_id: str) -> RuleEntry: ...


def rules_reference(rule_id: str | None = None) -> RuleEntry | RuleList:
    """The entry for ``rule_id`` (``"R13"``, ``"r13"``, ``"(R13)"``), or every entry when no id is given.

    In a notebook an entry shows as formatted text; ``print`` gives plain text.

    >>> rules_reference("(r4A)").title
    'Winner rolls afresh'
    >>> rules_reference()[-1].id
    'X3'
    >>> rules_reference("R13").sources[:2]
    ('pravidla', 'kompletne')
    """
    if rule_id is None:
        return _BOOK
    if not isinstance(rule_id, str):
        raise UnknownRuleError(_("a rule id is a string such as 'R13', not {rule_id}").format(rule_id=repr(rule_id)))
    entry = _ENTRIES.get(_normalize(rule_id))
    if entry is None:
        raise UnknownRuleError(_("there is no rule {rule_id}: the ids are R1-R30 (with R4a, R4b), V1-V6, P1-P2 and "
                                 "X1-X3").format(rule_id=repr(rule_id)))
    return entry


def markdown(lang: str | None = None) -> str:
    """The whole reference as Markdown: the text of ``docs/rules.md`` (``lang="cs"``: ``docs/rules.cs.md``,
    in Czech, each rule with the sentences of the rule pages it comes from and its Slovak title, and the
    glossary at the end). ``None``: the current language.

    >>> markdown("en").splitlines()[0]
    '# The rules of backgammon in bgsim'
    >>> markdown("cs").splitlines()[0]
    '# Pravidla vrhcábů (backgammonu) v bgsim'
    >>> markdown("sk").splitlines()[0]
    '# Pravidlá backgammonu v bgsim'
    """
    with language(lang or get_language()):
        return _markdown()


_SLOVAK_HEAD = [
    "# Pravidlá backgammonu v bgsim",
    "",
    "<!-- Vygenerované z bgsim/teach/rulebook.py a katalógu správ (bgsim/locale) príkazom `make docs`; "
    "neupravujte ručne. -->",
    "",
    "Každá chybová správa, popis aj lekcia bgsim menuje pravidlo, ktoré uplatňuje, jeho označením,",
    "napríklad R13 alebo V5. Táto stránka uvádza každé pravidlo jednou alebo dvoma vetami, k tomu vetu",
    "slovenskej stránky s pravidlami, z ktorej pochádza (kde ju má; inak vetu českej stránky), voľby",
    "bgsim, ktoré ho zapínajú alebo menia, a lekcie, ktoré ho učia. To isté ukáže Python,",
    "`bgsim.set_language(\"sk\"); bgsim.rules_reference(\"R13\")`, aj terminál, `bgsim rule R13 --lang sk`.",
    "Anglická verzia: [rules.md](rules.md), česká: [rules.cs.md](rules.cs.md).",
    "",
    "R1-R30 (s R4a a R4b) sú štandardné pravidlá; V1-V6 nastavenia a varianty „krátkeho",
    "backgammonu“ jedného českého herného webu; P1-P2 lekcie vysvetľujú, ale bgsim ich nesimuluje;",
    "X1-X3 sú bežné voľby, o ktorých zdrojové stránky nehovoria. Slová hry (slovensky, česky,",
    "anglicky) zhŕňa [slovníček](#slovníček) na konci. Lekcie zatiaľ po slovensky nie sú: odkazy vedú",
    "na české.",
    "",
    "| oddiel | pravidlá |",
    "| --- | --- |",
]


def _markdown() -> str:
    lang = get_language()
    if lang == "sk":
        return _markdown_slovak()
    czech = lang != "en"
    if not czech:
        lines = [
            "# The rules of backgammon in bgsim",
            "",
            "<!-- Generated from bgsim/teach/rulebook.py by `make docs`; do not edit by hand. -->",
            "",
            "Every error message, caption and lesson of bgsim names the rule it applies by an id such as",
            "R13 or V5. This page states each rule in a sentence or two, the bgsim options that switch or",
            "change it, the rule pages it comes from, and the lessons that teach it. The same text is",
            "available from Python, `bgsim.rules_reference(\"R13\")`, and from a terminal, `bgsim rule R13`.",
            "",
            "R1-R30 (with R4a and R4b) are the standard rules; V1-V6 are the settings and variants of a",
            "Czech game site's \"short backgammon\"; P1-P2 are explained in the lessons but not simulated;",
            "X1-X3 are standard options that the source pages do not mention.",
            "",
            "| section | rules |",
            "| --- | --- |",
        ]
    else:
        lines = [
            "# Pravidla vrhcábů (backgammonu) v bgsim",
            "",
            "<!-- Vygenerováno z bgsim/teach/rulebook.py a katalogu zpráv (bgsim/locale) příkazem `make docs`; "
            "neupravujte ručně. -->",
            "",
            "Každá chybová zpráva, popisek i lekce bgsim jmenuje pravidlo, které uplatňuje, jeho označením,",
            "například R13 nebo V5. Tato stránka uvádí každé pravidlo jednou nebo dvěma větami, k tomu větu",
            "české či slovenské stránky s pravidly, ze které pochází, volby bgsim, které ho zapínají nebo mění,",
            "a lekce, které ho učí. Totéž ukáže Python, `bgsim.set_language(\"cs\"); bgsim.rules_reference(\"R13\")`,",
            "i terminál, `bgsim rule R13 --lang cs`. Anglická verze: [rules.md](rules.md).",
            "",
            "R1-R30 (s R4a a R4b) jsou standardní pravidla; V1-V6 nastavení a varianty \"krátkého",
            "vrhcábu\" jednoho českého herního webu; P1-P2 lekce vysvětlují, ale bgsim je nesimuluje;",
            "X1-X3 jsou běžné volby, o kterých zdrojové stránky nemluví. U každého pravidla je i jeho",
            "slovenský název. Slova hry (česky, slovensky, anglicky) shrnuje [slovníček](#slovníček) na konci.",
            "",
            "| oddíl | pravidla |",
            "| --- | --- |",
        ]
    for title, entries in SECTIONS:
        anchors = ", ".join(f"[{e.id}](#{_anchor(e)})" for e in entries)
        lines.append(f"| {_(title)} | {anchors} |")
    lesson_dir = "../lessons/cs" if czech else "../lessons"
    for title, entries in SECTIONS:
        lines += ["", f"## {_(title)}"]
        for e in entries:
            text = e.markdown(lesson_dir)
            if czech:   # a lesson with no Czech edition yet is linked in English
                for lesson in LESSONS.values():
                    if not _has_czech_edition(lesson.file):
                        text = text.replace(f"../lessons/cs/{lesson.file}", f"../lessons/{lesson.file}")
            lines += ["", text]
            if czech:
                lines.append(f"- Slovensky: {e.sk_title}")
    if not czech:
        lines += ["", "## Sources", "",
                  "The rules were collected from these rule pages (in Czech and Slovak) and restated here in English:",
                  ""]
    else:
        lines += ["", "## Zdroje", "",
                  "Pravidla pocházejí z těchto stránek (česky a slovensky); citované věty jsou z nich doslova:", ""]
    for s in SOURCES.values():
        lines.append(f"- *{s.title}* ({_(s.language)}): {_(s.about)}.")
    if czech:
        lines += ["", "## Slovníček", "", glossary().markdown("cs")]   # the words of lesson 00 and the messages
    return "\n".join(lines) + "\n"


def _markdown_slovak() -> str:
    """``docs/rules.sk.md``: the Slovak reference (the Slovak page's sentences where it has them);
    the lessons are linked in Czech (there is no Slovak edition yet)."""
    lines = list(_SLOVAK_HEAD)
    for title, entries in SECTIONS:
        anchors = ", ".join(f"[{e.id}](#{_anchor(e)})" for e in entries)
        lines.append(f"| {_(title)} | {anchors} |")
    for title, entries in SECTIONS:
        lines += ["", f"## {_(title)}"]
        for e in entries:
            text = e.markdown("../lessons/cs")
            for lesson in LESSONS.values():
                if not _has_czech_edition(lesson.file):
                    text = text.replace(f"../lessons/cs/{lesson.file}", f"../lessons/{lesson.file}")
            lines += ["", text]
    lines += ["", "## Zdroje", "",
              "Pravidlá pochádzajú z týchto stránok (po česky a po slovensky); citované vety sú z nich doslovne:", ""]
    for s in SOURCES.values():
        lines.append(f"- *{s.title}* ({_(s.language)}): {_(s.about)}.")
    lines += ["", "## Slovníček", "", glossary().markdown("sk")]
    return "\n".join(lines) + "\n"


def _has_czech_edition(file: str) -> bool:
    """Whether ``lessons/cs/<file>`` exists in the repository (true when bgsim is installed elsewhere)."""
    lessons = Path(__file__).resolve().parents[2] / "lessons"
    return not lessons.is_dir() or (lessons / "cs" / file).is_file()


@lru_cache(maxsize=1)
def _source_data() -> dict[str, dict]:
    """``bgsim/data/rule_sources.json``: per rule id, the quoted source sentences and the Slovak title."""
    text = resources.files("bgsim.data").joinpath("rule_sources.json").read_text(encoding="utf-8")
    return dict(json.loads(text)["rules"])


def _anchor(entry: RuleEntry) -> str:
    """The anchor GitHub gives the entry's heading: lower case, punctuation dropped, spaces to dashes."""
    text = f"{entry.id} {_(entry.title)}".lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def write_markdown(path: str = "docs/rules.md", lang: str = "en") -> None:
    """Write :func:`markdown` in ``lang`` to ``path`` (UTF-8, Unix line ends): how ``make docs`` refreshes
    ``docs/rules.md`` and ``docs/rules.cs.md``."""
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(markdown(lang))
