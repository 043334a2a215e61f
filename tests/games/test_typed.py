"""``/play`` reads what people type: every label the bot shows, in every
language, and the usual ways to write a card, case and accents ignored (:mod:`games.typed`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from games import GAMES
from games.base import Action, State
from games.cards import card
from games.i18n import LOCALES
from games.typed import Unreadable, match, normalize, suggest

NAMES = ["Marie", "Pablo", "Jeanne", "Ordinateur 1", "Ordinateur 2", "Ordinateur 3", "Ordinateur 4"]


def positions(name: str, seats: int, seed: int, limit: int = 2) -> Iterator[State]:
    """Positions of one random match: the first ``limit`` of each (phase, kind of decision)."""
    game = GAMES[name]
    state = game.new(seats, seed, dict(game.playout_options))
    rng, seen = random.Random(seed), {}
    for _ in range(3000):
        seat = state.to_act()
        if seat is None:
            return
        legal = state.legal_actions(seat)
        key = (str(state.view(None)["phase"]), legal[0].kind, legal[-1].kind)
        if seen.get(key, 0) < limit:
            seen[key] = seen.get(key, 0) + 1
            yield state
        state = state.apply(seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_label_shown_is_accepted(name: str) -> None:
    """Each legal action's label (the autocomplete's and the buttons'), in each language, typed as
    shown, in lower case, or without accents, is that action; so is its canonical text."""
    game = GAMES[name]
    count = 0
    for seats in sorted({game.min_seats, game.max_seats}):
        for seed in range(2 if name in ("tarot", "piquet") else 1):
            for state in positions(name, seats, seed):
                seat = state.to_act()
                assert seat is not None
                names = NAMES[:seats]
                legal = state.legal_actions(seat)
                for locale in LOCALES:
                    labels = {a: game.state_action_label(state, a, names, locale) for a in legal}
                    plain = {a: game.action_label(a, locale) for a in legal}
                    for action in legal:
                        for text in {labels[action], plain[action], labels[action].lower(), str(action),
                                     _unaccented(labels[action])}:
                            shared = [a for a in legal if normalize(labels[a]) == normalize(text)]
                            if len(shared) > 1 and text != str(action):  # two moves with one label
                                with pytest.raises(Unreadable):
                                    match(game, state, seat, text, names)
                                continue
                            assert match(game, state, seat, text, names) == action, (locale, text, action)
                            count += 1
                for action in suggest(game, state, seat, "", names):
                    assert action in legal
    assert count > 300


def _unaccented(text: str) -> str:
    return text.replace("œ", "oe").translate(str.maketrans("éèêàçôûÉ", "eeeacouE"))


def first_lead(name: str, seats: int, wanted: Callable[[list[Action]], bool]) -> tuple[State, int]:
    """The first position of a seeded match whose legal actions satisfy ``wanted``."""
    for seed in range(400):
        game = GAMES[name]
        state = game.new(seats, seed)
        rng = random.Random(seed)
        for _ in range(60):
            seat = state.to_act()
            if seat is None:
                break
            legal = state.legal_actions(seat)
            if wanted(legal):
                return state, seat
            if legal[0].kind == "play":
                break  # only the first lead holds every card of a hand
            state = state.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError("no such position")


def _has(*texts: str) -> Callable[[list[Action]], bool]:
    return lambda legal: all(Action.split(t) in [(a.kind, a.arg) for a in legal] for t in texts)


SPELLINGS = {
    "play:8H": ["8 de cœur", "8 coeur", "8♥", "8♥️", "8 DE COEUR", "8 of hearts", "8 hearts", "8 de corazones", "8H",
                "play:8h"],
    "play:KS": ["roi de pique", "Roi de pique", "le roi de pique", "R♠", "K♠", "king of spades", "King of Spades",
                "rey de picas", "KS"],
    "play:QD": ["dame de carreau", "D♦", "Q♦", "queen of diamonds", "dama de diamantes"],
}
TRUMPS = {"play:T21": ["21", "21 d'atout", "21 atout", "atout 21", "21 of trumps", "21 de triunfo", "T21"],
          "play:EX": ["excuse", "l'Excuse", "Excuse", "EXCUSE", "the Excuse", "la excusa", "exc"],
          "play:T1": ["petit", "le Petit", "1"]}


@pytest.mark.parametrize("action", sorted(SPELLINGS))
def test_usual_spellings_of_a_french_card(action: str) -> None:
    for name, seats in (("tarot", 4), ("piquet", 2), ("trio", 4)):
        trio = name != "tarot"  # Le Trio's and Piquet's discards: "défausse 8♥" too
        state, seat = first_lead(name, seats, _has(action.replace("play", "discard") if trio else action))
        game = GAMES[name]
        want = game.parse_action(action.replace("play", "discard") if trio else action)
        for text in SPELLINGS[action]:
            assert match(game, state, seat, text) == want, (name, text)
            if trio:
                assert match(game, state, seat, f"défausse {text}") == want, (name, text)


@pytest.mark.parametrize("action", sorted(TRUMPS))
def test_tarot_trumps_and_the_excuse(action: str) -> None:
    state, seat = first_lead("tarot", 4, _has(action))
    for text in TRUMPS[action]:
        assert match(GAMES["tarot"], state, seat, text) == GAMES["tarot"].parse_action(action), text


def test_spanish_cards_in_every_language() -> None:
    state, seat = first_lead("tresillo", 4, _has("play:CC", "play:1E"))
    game = GAMES["tresillo"]
    for text in ("caballo de copas", "Caballo de copas", "el caballo de copas", "cavalier de coupe", "C copas", "CC"):
        assert match(game, state, seat, text) == Action("play", "CC"), text
    for text in ("as de espadas", "el as de espadas", "As d'épée", "1 espadas", "1E"):
        assert match(game, state, seat, text) == Action("play", "1E"), text


def test_bids_and_other_words() -> None:
    game = GAMES["tarot"]
    state, seat = first_lead("tarot", 4, _has("bid:garde_sans", "pass"))
    for text, want in (("garde sans", "bid:garde_sans"), ("Garde sans le chien", "bid:garde_sans"), ("passe", "pass"),
                       ("Pass", "pass"), ("paso", "pass"), ("garde contre", "bid:garde_contre"), ("garde", "bid:garde")):
        assert match(game, state, seat, text) == game.parse_action(want), text


@pytest.mark.parametrize("locale", LOCALES)
def test_an_unknown_entry_gets_legal_examples(locale: str) -> None:
    game = GAMES["tarot"]
    state, seat = first_lead("tarot", 4, lambda legal: legal[0].kind == "play")
    with pytest.raises(Unreadable) as caught:
        match(game, state, seat, "zorglub")
    text = caught.value.localized(locale)
    labels = [game.action_label(a, locale) for a in state.legal_actions(seat)]
    shown = [label for label in labels if label in text]
    assert "zorglub" in text and len(shown) >= 2, text
    assert "'" not in text.replace("d'atout", "").replace("l'Excuse", ""), "no Python quotes"
    assert text != caught.value.localized("en" if locale != "en" else "fr")
    with pytest.raises(Unreadable) as caught:  # a card not in the hand is no legal move either
        match(game, state, seat, "roi de cœur" if "play:KH" not in map(str, state.legal_actions(seat)) else "valet de pique")


def test_one_card_that_could_be_several_moves_asks_which() -> None:
    """Le Trio: a card that may be laid off or discarded is not guessed; "défausse" says which."""
    game = GAMES["trio"]
    for seed in range(200):
        state = game.new(4, seed, dict(game.playout_options))
        rng = random.Random(seed)
        for _ in range(600):
            seat = state.to_act()
            if seat is None:
                break
            legal = state.legal_actions(seat)
            both = [a for a in legal if a.kind == "layoff" and Action("discard", a.arg) in legal]
            if both:
                short = card(both[0].arg).short("fr")  # "R♦"
                with pytest.raises(Unreadable, match="several moves"):
                    match(game, state, seat, short)
                label = game.action_label(Action("discard", both[0].arg), "fr").replace("Défausser", "défausse")
                assert match(game, state, seat, label) == Action("discard", both[0].arg)
                return
            state = state.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError("no lay-off position found")


def test_a_typo_is_not_guessed_into_another_card() -> None:
    state, seat = first_lead("tarot", 4, _has("play:3H", "play:T3"))
    with pytest.raises(Unreadable):
        match(GAMES["tarot"], state, seat, "3 de cour")


def test_normalize() -> None:
    assert normalize("Le Roi de Cœur") == "roi coeur"
    assert normalize("8♥️") == normalize("8 ♡") == "8 ♥"
    assert normalize("l'Excuse") == normalize("EXCUSE") == "excuse"
    assert normalize("21 d'atout") == "21 atout"
    assert normalize("play:10H") == "play 10 h"


def ecart_position() -> tuple[State, int]:
    """A Tarot of four at the taker's écart (a Garde taken by the first bidder)."""
    game = GAMES["tarot"]
    state = game.new(4, 5, {})
    while state.to_act() is not None:
        seat = state.to_act()
        legal = state.legal_actions(seat)
        if any(a.kind == "discard" for a in legal):
            return state, seat
        bids = [a for a in legal if a.arg == "garde"] or [a for a in legal if a.kind == "pass"] or legal
        state = state.apply(seat, bids[0])
    raise AssertionError("no écart")


@pytest.mark.parametrize("joined", [", ", " ", " et ", " + "])
def test_six_cards_of_an_ecart_in_one_entry(joined: str) -> None:
    """An écart's six cards typed together are six discards, each read after the ones before it."""
    from games.typed import match_many

    game = GAMES["tarot"]
    state, seat = ecart_position()
    six = [a for a in state.legal_actions(seat) if a.kind == "discard"][:6]
    assert len(six) == 6
    text = joined.join(card(a.arg).short("fr") for a in six)  # "8♥, 9♥, R♠..."
    assert match_many(game, state, seat, text) == six
    assert match_many(game, state, seat, joined.join(a.arg for a in six)) == six  # "8H 9H KS ..."
    with pytest.raises(Unreadable):
        match_many(game, state, seat, text + joined + "zzz")  # one unreadable part refuses the whole entry


def test_one_move_still_reads_as_one() -> None:
    from games.typed import match_many

    state, seat = first_lead("tarot", 4, _has("play:3H", "play:T3"))
    assert match_many(GAMES["tarot"], state, seat, "3 de coeur") == [Action("play", "3H")]
