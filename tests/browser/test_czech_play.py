"""The Czech lesson 11 in Voila (issue 23): playing the computer in Czech.

A refused button answers with the Czech rule sentence and its ids (R4, R25), the buttons and the
status line speak Czech, the hint is the net's opinion in Czech, and a move made by clicking is
answered by the computer, listed in the Czech move list exactly as a Czech :class:`bgsim.players.table.Table`
with the lesson's seed lists it (the person in the second person: "Vy", "Házíte" ...).

Screenshots: test-artifacts/cs-lesson11-money.png (after the roll) and cs-lesson11-hint.png.
"""

from __future__ import annotations

import re
import time

import pytest

from bgsim.engine.i18n import language
from bgsim.players.table import Table

from .test_lessons import open_voila
from .test_play import EXPECT, LESSON_SEED, LONG, _click, _target

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect


def test_voila_czech_lesson11_play(page, voila, screenshot):
    expect.set_options(timeout=EXPECT)
    t = time.monotonic()
    open_voila(page, voila, "cs/11-play.ipynb", ".lesson11-money")
    print(f"\nVoila: Czech lesson 11 live in {time.monotonic() - t:.0f} s")
    money = page.locator(".lesson11-money")
    money.scroll_into_view_if_needed()
    status = money.locator(".bgsim-play-status")
    message = money.locator(".bgsim-play-message")
    expect(status).to_contain_text("Hra o peníze, hra 1: získané body Vy 0, Počítač 0.")
    expect(money.locator(".bgsim-play-roll")).to_have_text("Hodit")
    expect(money.locator(".bgsim-play-done")).to_have_text("Hotovo")
    money.locator(".bgsim-play-double").click()
    expect(message).to_contain_text("nelze zdvojit: úvodní hod ještě nerozhodl, kdo začíná")
    expect(message).to_contain_text("(R4, R25)")

    with language("cs"):                     # the same game here: the lesson's seed, the net's best move
        table = Table("net", rng=LESSON_SEED, tutor=True)
        table.roll()
        assert table.game.player_on_roll == 0
        best = table.hint(1)[0].play
        first_status = table.status()
        table.commit(best)
        table.run_computer()
        after = table.status()
        moves = table.moves()
    money.locator(".bgsim-play-roll").click()
    expect(status).to_have_text(first_status, timeout=LONG)
    assert re.search(r"Vy: zahrajte \d-\d", first_status)
    screenshot(page, "cs-lesson11-money", money)
    money.locator(".bgsim-play-hint").click()
    expect(money.locator(".bgsim-play-hint-text")).to_contain_text("Nejlepší tahy podle sítě", timeout=LONG)
    expect(money.locator(".bgsim-play-hint-text")).to_contain_text("Síla hráče: net")
    expect(message).to_contain_text("nápověda: šipky ukazují")
    screenshot(page, "cs-lesson11-hint", money)
    view = money.locator(".bgsim-play-row .bgsim-board-view")
    for src, dst in best.steps:
        _click(view, _target(view, src, True))
        _click(view, _target(view, dst, False))
    money.locator(".bgsim-play-done").click()
    expect(status).to_have_text(after, timeout=LONG)
    items = money.locator(".bgsim-play-movelist li")
    expect(items).to_have_count(len(moves))
    assert items.all_inner_texts() == moves
    assert moves[0].startswith("Úvodní hod: Vy ") and any(m.startswith("Počítač ") for m in moves)
