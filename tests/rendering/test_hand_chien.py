"""The taker's hand at the écart marks the chien's cards (their numbers in violet, the word
« Chien » beside the title, and in the description), and a big hand stays short enough for
Discord's 280 px box: its rows overlap, the cards set aside beside the last row."""

from __future__ import annotations

import io

from PIL import Image

import rendering
from games import GAMES
from rendering import alt_text
from rendering.canvas import record_text
from rendering.hand import TALLEST, hand_plan
from rendering.samples import legal_codes, playout


def _ecart(seats: int, set_aside: int) -> tuple[dict, list[str] | None]:
    for seed in range(1, 40):
        for s in playout(GAMES["tarot"], seats, seed):
            seat = s.to_act()
            if seat is not None and s.view(seat).get("phase") == "ecart" and len(s.view(seat)["ecart"]) == set_aside:
                return s.view(seat), legal_codes(s.game, s, seat)
    raise AssertionError("no écart")


def test_the_chien_is_marked_in_the_takers_hand() -> None:
    view, legal = _ecart(4, 0)
    plan = hand_plan(view, "fr", legal)
    assert plan.joined is not None and plan.joined[0] == "Chien"
    assert sorted(plan.joined[1]) == sorted(view["chien"])
    with record_text() as seen:
        rendering.hand_image(view, "fr", legal=legal)
    assert "Chien" in [t for t, _ in seen]
    assert alt_text.plan_alt(plan).count("Chien") == 1
    without = {**view, "chien": []}
    assert hand_plan(without, "fr", legal).joined is None
    assert rendering.hand_image(without, "fr", legal=legal) != rendering.hand_image(view, "fr", legal=legal)
    played = {**view, "phase": "play"}  # once the écart is made, nothing is marked
    assert hand_plan(played, "fr", None).joined is None


def test_a_big_hand_at_the_ecart_stays_under_the_box() -> None:
    for seats, aside in ((3, 0), (3, 1), (3, 3), (4, 0), (4, 2), (5, 2)):
        view, legal = _ecart(seats, aside)
        img = Image.open(io.BytesIO(rendering.hand_image(view, "fr", legal=legal)))
        assert img.height <= TALLEST + 4, (seats, aside, img.size)
