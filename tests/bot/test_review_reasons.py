"""A key moment's reason in words (bot/service/review_reasons.py): the Petit the defender gave
away under the taker's trump is found taken in the deal itself; the words for a Petit or a King
taken, a contract found playable and one expected to lose."""

from __future__ import annotations

import games
from bot.service.review_reasons import moment_reason
from games.review import Decision, captures
from tests.games.test_review import _plant, petit_given_away


def test_the_petit_given_away_is_found_taken() -> None:
    saved, index = _plant("tarot", 4, petit_given_away)
    found = captures(games.GAMES["tarot"], saved, 0, 0)
    assert found.get(index) == "T1", found
    assert all(card == "T1" or card.startswith("K") for card in found.values())
    assert captures(games.GAMES["piquet"], saved, 0, 0) == {}, "Tarot only"


def test_the_reasons_in_words() -> None:
    tarot, tresillo = games.GAMES["tarot"], games.GAMES["tresillo"]
    petit = Decision(40, "play:T1", "play:T5", -60.0, -20.0, why=("captured", "T1"))
    assert moment_reason(petit, tarot, "fr") == "le Petit est pris\u00a0: −40"
    king = Decision(12, "play:KH", "play:7H", -30.0, -18.0, why=("captured", "KH"))
    assert moment_reason(king, tarot, "en") == "King of Hearts taken by the other side: −12"
    passed = Decision(2, "pass", "bid:garde", 0.0, 52.0)
    assert moment_reason(passed, tarot, "fr") == "Garde était jouable\u00a0: +52 attendus"
    over = Decision(2, "bid:garde_contre", "pass", -130.0, -10.0)
    assert "−130" in (moment_reason(over, tarot, "es") or "")
    assert moment_reason(Decision(30, "play:7H", "play:8H", 1.0, 9.0), tarot, "fr") is None, "nothing to say"
    assert moment_reason(Decision(3, "pass", "pass", 0.0, 0.0), tresillo, "fr") is None
    assert Decision.from_json(petit.to_json()) == petit and "why" not in passed.to_json()


def test_a_key_moment_s_points_in_the_members_language() -> None:
    """"9,3 points" in French and Spanish, "9.3" in English (CLDR), a true minus sign."""
    from bot.service.field_words import decimal, signed
    from bot.service.review_words import _moment
    from games.review import Review

    assert (decimal(9.3, "fr"), decimal(9.3, "es"), decimal(9.3, "en")) == ("9,3", "9,3", "9.3")
    assert (signed(-4.5, "fr"), signed(38, "fr"), signed(0.04, "fr"), signed(-20)) == ("−4,5", "+38", "0", "−20")
    tarot = games.GAMES["tarot"]
    decision = Decision(3, "play:KH", "play:7H", -27.3, -18.0)
    review = Review("tarot", 0, 0, 8, (decision,), 25.0)
    assert "9,3 points" in _moment(decision, 1, review, tarot, "fr")
    assert "9.3 " in _moment(decision, 1, review, tarot, "en")
