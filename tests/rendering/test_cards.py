"""Card faces: every card of every pack draws, distinct cards look distinct, court letters follow
the table's language, faces are cached per size."""

from __future__ import annotations

import pytest

from games.cards import spanish_deck, standard_deck, tarot_deck
from rendering.cards import back_image, card_height, card_image, dimmed, family_of


@pytest.mark.parametrize(("deck", "family"), [(tarot_deck(), "french"), (standard_deck(1), "french"),
                                              (spanish_deck(), "spanish")])
def test_every_face_is_drawn_and_distinct(deck, family) -> None:  # type: ignore[no-untyped-def]
    seen = {}
    for c in deck:
        img = card_image(c.code, family, 60)
        assert img.size == (60, card_height(60)) and img.mode == "RGBA"
        assert img.getpixel((30, 45))[3] == 255  # opaque face
        seen.setdefault(img.tobytes(), c.code)
    assert len(seen) == len({c.code for c in deck})


def test_court_letters_follow_the_locale() -> None:
    assert card_image("QS", "french", 60, "fr").tobytes() != card_image("QS", "french", 60, "en").tobytes()
    assert card_image("7S", "french", 60, "fr").tobytes() == card_image("7S", "french", 60, "en").tobytes()


def test_cached_per_size_and_back() -> None:
    assert card_image("KH", "french", 80) is card_image("KH", "french", 80)
    assert card_image("KH", "french", 80) is not card_image("KH", "french", 81)
    assert back_image(50).size == (50, 75)
    assert dimmed("KH", "french", 80, "fr").tobytes() != card_image("KH", "french", 80).tobytes()


def test_unknown_card_raises() -> None:
    with pytest.raises(ValueError):
        card_image("ZZ", "french", 60)


def test_family_guess() -> None:
    assert family_of(["1E", "7O"]) == "spanish"
    assert family_of(["RC"]) == "spanish"
    assert family_of(["10H", "QS", "T21", "EX"]) == "french"


def test_warm_up_fills_the_cache() -> None:
    """Once warmed (as an image worker warms itself while idle), no face a hand or a table asks
    for, in any of the bot's languages, is drawn again."""
    import rendering
    from rendering.cards import _dimmed, _face, dimmed
    from rendering.hand import CARD_W
    from rendering.table import SMALL_W, TRICK_W

    rendering.warm_up()
    misses = _face.cache_info().misses, _dimmed.cache_info().misses
    for locale in ("fr", "en", "es"):
        card_image("T21", "french", CARD_W, locale, False)  # as paste_card asks for it
        card_image("KH", "french", CARD_W, locale, False)
        dimmed("QS", "french", CARD_W, locale)
        card_image("CD", "french", TRICK_W, locale, True)
        card_image("7O", "spanish", SMALL_W, locale, True)  # a compact face of the table
    assert (_face.cache_info().misses, _dimmed.cache_info().misses) == misses


def test_a_face_is_cached_once_for_the_languages_it_looks_the_same_in() -> None:
    """Only a French court's letter changes with the language (R/D/C/V or K/Q/C/J)."""
    assert card_image("7H", "french", 90, "fr") is card_image("7H", "french", 90, "es")
    assert card_image("T21", "french", 90, "fr") is card_image("T21", "french", 90, "en")
    assert card_image("RO", "spanish", 90, "fr") is card_image("RO", "spanish", 90, "es")
    assert card_image("KH", "french", 90, "en") is card_image("KH", "french", 90, "es")
    assert card_image("KH", "french", 90, "fr").tobytes() != card_image("KH", "french", 90, "en").tobytes()

