"""The images' descriptions for screen readers: every game, every moment, in
French, English and Spanish; at most 1,024 characters (Discord's limit); they name what the image
shows (each seat, the trick's cards, the hand's cards, each seat's total)."""

from __future__ import annotations

import pytest

from games import GAMES
from rendering import alt_text
from rendering.alt_text import LIMIT, card_words, clip, hand_alt, recap_alt, replay_alts, table_alt
from rendering.hand import hand_order
from rendering.layouts import layout_for
from rendering.samples import MOMENTS, NAMES, moments

SEATS = {"tarot": 4, "tresillo": 4, "piquet": 2, "trio": 3, "ecole": 5}
OPENING = {"fr": "Image de la table", "en": "Table picture", "es": "Imagen de la mesa"}
LONG = [f"Ordinateur numéro un très long {c}" for c in "ABCDEFG"]


@pytest.fixture(scope="module", params=sorted(GAMES))
def match(request: pytest.FixtureRequest) -> tuple[str, int, dict]:
    name = request.param
    return name, SEATS.get(name, GAMES[name].min_seats), moments(GAMES[name], SEATS.get(name, 3), seed=11)


@pytest.mark.parametrize("locale", ["fr", "en", "es"])
def test_every_image_is_described_within_the_limit(match: tuple[str, int, dict], locale: str) -> None:
    _, seats, shots = match
    for moment in MOMENTS:
        m = shots[moment]
        for names in (NAMES[:seats], LONG[:seats]):
            table = table_alt(m.public, names, locale)
            assert 0 < len(table) <= LIMIT and table.startswith(OPENING[locale]), (moment, table)
            assert all(n in table for n in names), (moment, table)
            family = layout_for(m.public).pack(m.public)
            for _, code in m.public.get("trick") or []:
                assert card_words(code, family, locale) in table, (moment, code, table)
            hand = hand_alt(m.private, locale, m.legal)
            assert 0 < len(hand) <= LIMIT
            cards = hand_order(m.private)
            if len(cards) <= 20:  # a long hand may be cut at the limit, never a short one
                assert all(card_words(c, layout_for(m.private).pack(m.private), locale) in hand for c in cards)
            recap = recap_alt(m.public, locale, names)
            assert 0 < len(recap) <= LIMIT
            if m.public.get("last_deal"):
                assert all(n in recap for n in names), recap
            hands = [m.state.view(s).get("hand") or [] for s in range(seats)]
            alts = replay_alts(m.public, hands, names, locale)
            assert len(alts) == 2 and all(0 < len(a) <= LIMIT for a in alts)
            assert all(n in alts[1] for n in names)


def test_the_table_names_the_contract_and_the_seat_to_act() -> None:
    shots = moments(GAMES["tarot"], 4, seed=11)
    view = shots["mid_trick"].public
    text = table_alt(view, NAMES[:4], "en")
    to_act = view["to_act"]
    assert f"{NAMES[to_act]}: " in text and "to play" in text
    assert "Contract: " in text and "On the trick: " in text
    assert "Contrat\u00a0: " in table_alt(view, NAMES[:4], "fr") and "En la baza: " in table_alt(view, NAMES[:4], "es")


def test_clip_keeps_whole_sentences_under_the_limit() -> None:
    sentences = [f"Sentence number {i} of a long description." for i in range(100)]
    out = clip(sentences)
    assert len(out) <= LIMIT and out.endswith("…") and "Sentence number 0 " in out
    assert len(clip(["x" * 3000])) <= LIMIT
    assert alt_text.clip(["Short one.", "Two."]) == "Short one. Two."
