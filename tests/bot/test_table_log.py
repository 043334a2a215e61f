"""The table's written record of the last moves: public moves only, in the table's language."""

from __future__ import annotations

import random
import re

import pytest

from bot.service.i18n import t
from bot.service.table_log import KEPT, TableLog, card_label, new_events
from games import GAMES

NAMES = ["Marie", "Pablo", "Jeanne", "Léa", "Hugo"]


def test_new_events_are_the_suffix_past_the_overlap() -> None:
    a, b, c, d = ({"type": "x", "n": i} for i in range(4))
    assert new_events([a, b], [a, b, c]) == [c]
    assert new_events([a, b, c], [b, c, d]) == [d], "the engines keep a short list: old ones drop off"
    assert new_events([a, b], []) == []
    assert new_events([a], [c, d]) == [c, d], "a new deal starts a new list"


@pytest.mark.parametrize(("game_name", "seats"), [("tarot", 3), ("tarot", 4), ("tarot", 5), ("tresillo", 3),
                                                  ("tresillo", 4), ("piquet", 2)])
def test_the_log_never_names_a_card_still_hidden_in_a_hand(game_name: str, seats: int) -> None:
    """Single-pack trick games: a card named in the record has been shown (played or called), so no
    hand may hold it unless it was called (Tarot's called king is named, not shown)."""
    game = GAMES[game_name]
    for seed in range(3):
        state = game.new(seats, f"log{seed}", {})
        log = TableLog()
        rng = random.Random(seed)
        names = NAMES[:seats]
        lines_seen = 0
        while state.to_act() is not None and state.rev < 400:
            seat = state.to_act()
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[rng.randrange(len(legal))])
            lines = log.catch_up(game, state, names, "fr")
            assert len(lines) <= KEPT
            lines_seen += len(lines)
            text = "\n".join(line for line in lines if "appelle" not in line)
            for s in range(seats):
                for code in state.view(s).get("hand") or []:
                    name = card_label(game, str(code), "fr")
                    pattern = r"(?<!\w)" + re.escape(name) + r"(?!\w)"
                    assert not re.search(pattern, text), f"{name} is still held by seat {s}: {lines}"
        assert lines_seen, "the record says something"


def test_the_log_describes_bids_plays_and_tricks_in_french_and_english() -> None:
    game = GAMES["tarot"]
    state = game.new(4, "words", {})
    rng = random.Random(7)
    fr, en = TableLog(), TableLog()
    fr_lines: list[str] = []
    en_lines: list[str] = []
    while state.to_act() is not None and not state.view(None).get("last_deal"):
        seat = state.to_act()
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
        fr_lines += fr.catch_up(game, state, NAMES[:4], "fr")[-1:]
        en_lines += en.catch_up(game, state, NAMES[:4], "en")[-1:]
    assert any("\u00a0: " in line for line in fr_lines), "bids: 'Marie\u00a0: Garde'"
    assert any(" joue " in line for line in fr_lines)
    assert any("remporte le pli" in line for line in fr_lines)
    assert any(" plays " in line for line in en_lines) and any("wins the trick" in line for line in en_lines)


def test_after_a_restart_the_record_starts_at_the_restored_move_without_a_replay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES["piquet"]
    state = game.new(2, "restart", {})
    rng = random.Random(1)
    for _ in range(40):
        legal = state.legal_actions(state.to_act())
        state = state.apply(state.to_act(), legal[rng.randrange(len(legal))])
    restored = game.load(state.to_json())

    def no_replay(data: object) -> None:
        raise AssertionError("the log was replayed")

    monkeypatch.setattr(game, "load", no_replay)
    record = TableLog()
    record.restored()
    assert record.catch_up(game, restored, NAMES[:2], "fr") == []
    seat = restored.to_act()
    moved = restored.apply(seat, restored.legal_actions(seat)[0])
    lines = record.catch_up(game, moved, NAMES[:2], "fr")
    assert 0 < len(lines) <= KEPT, "the moves after the restart are written"


def test_the_lines_follow_a_change_of_language() -> None:
    """After ``/settings language:`` the last moves read in the new language, notes too."""
    game = GAMES["tarot"]
    state = game.new(4, "lang", {})
    log = TableLog()
    rng = random.Random(3)
    while state.rev < 30:
        seat = state.to_act()
        assert seat is not None
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
        if state.rev == 25:
            log.note(25, "log_hint", name="Marie")
        log.catch_up(game, state, NAMES[:4], "en")
    english = log.catch_up(game, state, NAMES[:4], "en")
    french = log.catch_up(game, state, NAMES[:4], "fr")
    assert len(french) == len(english) == KEPT and french != english
    assert any(" joue " in line for line in french), french
    assert not any(" plays " in line for line in french), french
    assert (t("fr", "log_hint", name="Marie") in french) == (t("en", "log_hint", name="Marie") in english)


def test_computer_names_in_another_language() -> None:
    from bot.service.seating import computer_seat_name

    assert computer_seat_name("fr", 2, "expert") == "Ordinateur 2 (Expert)"
    assert computer_seat_name("es", 1, None) == t("es", "computer_seat", n=1, level=t("es", "level_normal"))


@pytest.mark.parametrize(("locale", "words"), [("fr", "donne annulée, Pablo"), ("en", "void, Pablo deals"),
                                               ("es", "anulado, reparte Pablo")])
def test_an_annulled_tresillo_deal_is_written_with_who_deals_again(locale: str, words: str) -> None:
    """docs/rules/tresillo.md, « Bidding »: all three pass, the deal is annulled and the next dealer redeals."""
    game = GAMES["tresillo"]
    state = game.new(3, "annul", {})
    log = TableLog()
    for _ in range(3):
        state = state.apply(state.to_act(), game.parse_action("pass"))
    lines = log.catch_up(game, state, NAMES[:3], locale)
    assert words in lines[-1] and len(lines) == 4, lines
    state = state.apply(state.to_act(), game.parse_action("pass"))
    assert len(log.catch_up(game, state, NAMES[:3], locale)) == 5, "the record goes on in the redeal"


@pytest.mark.parametrize(("game_name", "seats"), [("tarot", 4), ("tresillo", 4), ("piquet", 2), ("trio", 3),
                                                  ("ecole", 4)])
def test_the_saved_views_write_the_same_lines_as_replaying_the_actions(game_name: str, seats: int) -> None:
    """The log reads the public views saved with each revision (:meth:`TableLog.saw`)
    rather than applying the actions again; the lines are the same, whole matches long, with
    revisions the log never saw (a commit of several actions: the actions are then applied), notes
    and a change of language."""
    game = GAMES[game_name]
    names = NAMES[:seats]
    rng = random.Random(seats)
    state = game.new(seats, f"views-{game_name}", {})
    replayed, read, notes = TableLog(), TableLog(), 0
    read_from_views = 0
    real_apply = type(state).apply
    while state.to_act() is not None and state.rev < 600:
        seat = state.to_act()
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
        if rng.random() < 0.9:  # one revision in ten is not seen (committed with the next action)
            read.saw(state, state.view(None))
        if rng.random() < 0.05:
            for log in (replayed, read):
                log.note(state.rev, "log_hint", name=names[0])
            notes += 1
        if rng.random() < 0.5:  # the table message is held back, or shown
            continue
        locale = "en" if 200 <= state.rev < 260 else "fr"
        applied = 0

        def counting(self, *args, **kw):  # type: ignore[no-untyped-def]
            nonlocal applied
            applied += 1
            return real_apply(self, *args, **kw)

        expected = replayed.catch_up(game, state, names, locale)
        type(state).apply = counting  # type: ignore[method-assign]
        try:
            got = read.catch_up(game, state, names, locale)
        finally:
            type(state).apply = real_apply  # type: ignore[method-assign]
        assert got == expected, state.rev
        read_from_views += applied == 0
    assert notes and read_from_views > 20, "most catch-ups read the saved views, applying nothing"
