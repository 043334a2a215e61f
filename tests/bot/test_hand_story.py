"""The hand message tells the whole situation: the auction so far, why the cards changed, the
chien's cards, who took the last trick, the deal's points beside the match's, Le Trio's contract
and wild cards, Piquet's declarations counted; computer names never hold the trick line's "·"."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from bot.ui.hands import hand_payload
from games import GAMES
from games.base import State
from tests.bot.drive import text
from tests.test_i18n import make_table


def positions(name: str, seats: int, seeds: int = 8) -> Iterator[State]:
    game = GAMES[name]
    for seed in range(seeds):
        state = game.new(seats, str(seed), {})
        bots = [game.computer_player("normal") for _ in range(seats)]
        rng = random.Random(seed)
        while (seat := state.to_act()) is not None:
            yield state
            state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))


def said(name: str, seats: int, wanted: Callable[[State], bool], locale: str = "en") -> str:
    """The hand message of the seat to act at the first position ``wanted``."""
    state = next(s for s in positions(name, seats) if wanted(s))
    seat = state.to_act()
    table = make_table(GAMES[name], seats, locale, state, {})
    payload = hand_payload(table, state.view(seat), state.legal_actions(seat), state.pending_picks(seat), locale)
    return text(payload["view"].to_components())


def test_tarot_auction_redeal_chien_and_tricks() -> None:
    bid = said("tarot", 4, lambda s: s.view(None)["phase"] == "bidding"
               and any(b != "pass" for _, b in s.view(None)["bids"]))
    assert "Highest bid: " in bid and ", by " in bid.split("Highest bid: ")[1].splitlines()[0], bid
    redealt = said("tarot", 4, lambda s: s.view(None)["phase"] == "bidding"
                   and any(e.get("type") == "all_pass" for e in s.view(None)["events"]))
    assert "New deal: everybody passed, the cards were dealt again." in redealt
    ecart = said("tarot", 4, lambda s: s.view(None)["phase"] == "ecart")
    assert "The chien, now in your hand: " in ecart
    lead = said("tarot", 4, lambda s: s.view(None)["phase"] == "play" and not s.view(None)["trick"]
                and s.view(None)["last_trick"] is not None, "fr")
    assert "a pris le pli précédent" in lead, lead
    assert "Cette donne\u00a0: attaque " in lead and "Total de la partie\u00a0: " in lead


def test_trio_states_the_contract_and_the_wild_cards() -> None:
    text = said("trio", 3, lambda s: s.view(None)["phase"] == "draw")
    assert "Your contract to fill: " in text and "(contract 1 of 7)" in text and "The 2s are wild." in text


def test_piquet_counts_the_declarations_in_the_deal_shown() -> None:
    text = said("piquet", 2, lambda s: s.view(None)["phase"] == "play" and any(s.view(None)["deal_points"]))
    deal = next(line for line in text.splitlines() if line.startswith("This deal: "))
    assert any(f": {n} points" in deal for n in range(1, 200)), deal
    assert "Match total: " in text


@pytest.mark.parametrize("locale", ["fr", "en", "es"])
def test_computer_names_do_not_hold_the_trick_separator(locale: str) -> None:
    table = make_table(GAMES["tarot"], 4, locale, None, {})
    assert all("·" not in s.name for s in table.seats)


@pytest.mark.parametrize("locale", ["fr", "en", "es"])
def test_a_favour_suit_contract_reads_in_words_in_the_log(locale: str) -> None:
    from bot.service.table_log import event_line

    game = GAMES["tresillo"]
    line = event_line(game, {"type": "declare", "seat": 0, "contract": "jeu_favour", "trump": "E"}, ["You"], locale)
    assert line is not None and not line.rstrip().endswith(("E", ": E")), line
    assert game.action_label(game.parse_action("declare:jeu_favour"), locale) in line


def test_a_hand_without_its_image_lists_the_cards_in_words() -> None:
    text = said("tarot", 4, lambda s: s.view(None)["phase"] == "bidding", "fr")
    line = next(x for x in text.splitlines() if x.startswith("Votre main\u00a0: "))
    assert " de " in line and not any(code in line.split("\u00a0: ", 1)[1].split(", ") for code in ("QS", "T21", "EX"))
