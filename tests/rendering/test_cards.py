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
    import rendering
    from rendering.hand import CARD_W
    from rendering.table import SMALL_W

    assert rendering.warm_up(("en",)) == 3 * (78 + 40)  # the hand's size, the trick's, the cells'
    hits = card_image.cache_info().hits
    card_image("T21", "french", CARD_W, "en", False)  # as paste_card asks for it
    card_image("7O", "spanish", SMALL_W, "en", True)  # a compact face of the table
    assert card_image.cache_info().hits == hits + 2
