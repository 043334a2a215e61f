"""What a player reads in the table message and the hand console: the trick in words
(who led, who played what), the scores with their labels, the step a seat is at, what it just drew
and what each game-term button does. Text only, from views and the catalogues: no Discord here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.i18n import N_, t, tn
from bot.service.table_log import card_label
from games.base import Action, Game
from games.errors import GameError
from rendering.layouts import layout_for

#: one-line explanations of the buttons whose word is a game term (docs/rules/: each game's
#: bidding, exchange, declarations and play), by game and action text (or kind: every ``declare:...``); a card or a count
#: explains itself
HELP: Mapping[str, Mapping[str, str]] = {
    "tresillo": {
        "pass": N_("help.tresillo.pass"), "bid:jeu": N_("help.tresillo.bid.jeu"),
        "bid:plus": N_("help.tresillo.bid.plus"), "order:me": N_("help.tresillo.order.me"),
        "order:partner": N_("help.tresillo.order.partner"), "exchange:ask": N_("help.tresillo.exchange.ask"),
        "consent:yes": N_("help.tresillo.consent.yes"), "consent:no": N_("help.tresillo.consent.no"),
        "renounce": N_("help.tresillo.renounce"), "accept": N_("help.tresillo.accept"),
        "defend": N_("help.tresillo.defend"), "bola:stop": N_("help.tresillo.bola.stop"),
        "bola:continue": N_("help.tresillo.bola.continue"),
    },
    "tarot": {
        "bid:prise": N_("help.tarot.prise"), "bid:garde": N_("help.tarot.garde"),
        "bid:garde_sans": N_("help.tarot.garde_sans"), "bid:garde_contre": N_("help.tarot.garde_contre"),
        "chelem": N_("help.tarot.chelem"), "poignee:simple": N_("help.tarot.poignee"),
    },
    "piquet": {"talon:look": N_("help.piquet.talon.look"), "talon:leave": N_("help.piquet.talon.leave"),
               "declare": N_("help.piquet.declare"), "sink": N_("help.piquet.sink")},
    "trio": {"draw:stock": N_("help.trio.draw.stock"), "draw:discard": N_("help.trio.draw.discard"),
             "meld:brelan": N_("help.trio.meld.brelan"), "meld:seq": N_("help.trio.meld.seq")},
}
HELP = {**HELP, "ecole": HELP["trio"]}
AUCTION_PHASES = ("bidding", "auction", "bid", "declare")  # Tarot's, Tresillo's (its winner declaring)


def cards_played(game: Game, cards: Sequence[Sequence[Any]], names: Sequence[str], locale: str) -> str:
    """"Alice : Roi de pique · Bob : 21": who played what, in the order played."""
    return " · ".join(t(locale, "words.played", name=names[int(s)], card=card_label(game, str(c), locale))
                      for s, c in cards)


def _name(names: Sequence[str], seat: Any) -> str | None:
    return names[seat] if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names) else None


def _bid_label(game: Game, bid: str, locale: str) -> str:
    """A bid in the game's words ("Garde", "Jeu")."""
    try:
        return game.action_label(game.parse_action(bid if ":" in bid else f"bid:{bid}"), locale)
    except (GameError, ValueError):  # a bid the game does not parse: its contract label
        return game.contract_label({"bid": bid, "name": bid}, locale) or bid


def auction_line(game: Game, view: Mapping[str, Any], names: Sequence[str], locale: str) -> str | None:
    """During the auction: the highest bid so far and who made it, or that everybody passed so far."""
    if str(view.get("phase")) not in AUCTION_PHASES:
        return None
    found = view.get("auction")
    auction: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    bids = list(view.get("bids") or auction.get("bids") or [])
    made = [(s, str(b)) for s, b in bids if str(b) != "pass"]
    if auction.get("bid") and isinstance(auction.get("bidder"), int):  # Tresillo: the auction's own reading
        made.append((auction["bidder"], str(auction["bid"])))
    if made:
        seat, bid = made[-1]
        return t(locale, "words.auction_high", bid=_bid_label(game, bid, locale), name=_name(names, seat) or "?")
    return t(locale, "words.auction_none") if bids else None


def redeal_line(view: Mapping[str, Any]) -> bool:
    """Whether the cards were dealt again because everybody passed (shown while bidding anew)."""
    return str(view.get("phase")) in AUCTION_PHASES and any(
        isinstance(e, Mapping) and e.get("type") == "all_pass" for e in view.get("events") or [])


def chien_line(game: Game, view: Mapping[str, Any], locale: str) -> str | None:
    """The chien's cards once shown (a Prise or a Garde): the taker reads them as now in their hand."""
    chien = view.get("chien")
    if not chien or view.get("phase") in ("bidding", None):
        return None
    cards = ", ".join(card_label(game, str(c), locale) for c in chien)
    taker = (view.get("contract") or {}).get("taker") if isinstance(view.get("contract"), Mapping) else None
    mine = view.get("phase") == "ecart" and taker is not None and taker == view.get("seat")
    return t(locale, "words.chien_taken" if mine else "words.chien", cards=cards)


def trick_line(game: Game, view: Mapping[str, Any], names: Sequence[str], locale: str) -> str | None:
    """The trick in words: who leads and what each played so far; ``None`` in games without tricks
    or out of the card play."""
    if "trick" not in view or view.get("to_act") is None:
        return None
    trick = list(view.get("trick") or [])
    if trick:
        return t(locale, "words.trick", name=names[int(trick[0][0])], cards=cards_played(game, trick, names, locale))
    if str(view.get("phase")) == "play" and isinstance(view.get("to_act"), int):
        last = view.get("last_trick")
        took = _name(names, last.get("winner")) if isinstance(last, Mapping) else None
        leader = names[int(view["to_act"])]
        if took == leader:  # who took the last trick (and so leads)
            return t(locale, "words.trick_lead_took", name=leader)
        if took is not None:
            return t(locale, "words.trick_lead_after", took=took, name=leader)
        return t(locale, "words.trick_lead", name=names[int(view["to_act"])])
    return None


def last_trick_line(game: Game, view: Mapping[str, Any], names: Sequence[str], locale: str) -> str | None:
    """The last trick: its cards and who took it (while the match goes on)."""
    last = view.get("last_trick")
    if view.get("to_act") is None or not isinstance(last, dict) or not last.get("cards"):
        return None
    won = last.get("winner")
    who = names[won] if isinstance(won, int) and 0 <= won < len(names) else "?"
    return t(locale, "words.last_trick", cards=cards_played(game, last["cards"], names, locale), name=who)


def seat_bits(view: dict[str, Any], seat: int, locale: str) -> list[str]:
    """What the table says of one seat, every number labelled: its score, its tricks this deal,
    its contract (Le Trio, L'École), its cards in hand, and its role (taker, dealer, mano...)."""
    bits = []
    scores, counts = view.get("scores") or [], view.get("hand_counts") or []
    if seat < len(scores) and isinstance(scores[seat], int | float):
        bits.append(tn(locale, "count.points", scores[seat]))
    playing = view.get("to_act") is not None
    tricks = view.get("tricks_won")
    if playing and isinstance(tricks, list) and seat < len(tricks) and isinstance(tricks[seat], int):
        bits.append(tn(locale, "count.tricks", tricks[seat]))
    contracts = view.get("contracts")
    if playing and isinstance(contracts, list) and seat < len(contracts) and view.get("last_contract"):
        bits.append(t(locale, "words.contract_of", n=contracts[seat], of=view["last_contract"]))
    if playing and seat < len(counts):
        bits.append(tn(locale, "count.cards", counts[seat]))
    if playing:
        bits += [label for label, _colour in layout_for(view).badges(view, seat, locale)]
    return bits


def scores_line(view: Mapping[str, Any], names: Sequence[str], locale: str) -> str | None:
    """"Scores : Alice : 12 points, Bob : 3 points": every seat with its labelled score."""
    scores = view.get("scores") or []
    bits = [t(locale, "words.played", name=names[i], card=tn(locale, "count.points", s)) for i, s in enumerate(scores)
            if i < len(names) and isinstance(s, int | float)]
    return t(locale, "words.scores", scores=", ".join(bits)) if bits else None


def deal_line(view: Mapping[str, Any], names: Sequence[str], locale: str) -> str | None:
    """This deal's running points beside the match's: Piquet's points of the deal (declarations
    counted), Tarot's tricks of each side, other trick games' tricks of each seat."""
    if view.get("to_act") is None:
        return None
    points = view.get("deal_points")
    if isinstance(points, list) and points:
        bits = [t(locale, "words.played", name=names[i], card=tn(locale, "count.points", p))
                for i, p in enumerate(points) if i < len(names) and isinstance(p, int | float)]
        return t(locale, "words.deal", scores=", ".join(bits)) if bits else None
    sides = view.get("side_tricks")
    if isinstance(sides, Mapping) and str(view.get("phase")) == "play":
        return t(locale, "words.deal_sides", attack=tn(locale, "count.tricks", int(sides.get("attack") or 0)),
                 defence=tn(locale, "count.tricks", int(sides.get("defence") or 0)))
    tricks = view.get("tricks_won")
    if isinstance(tricks, list) and any(tricks) and str(view.get("phase")) == "play":
        bits = [t(locale, "words.played", name=names[i], card=tn(locale, "count.tricks", n))
                for i, n in enumerate(tricks) if i < len(names) and isinstance(n, int)]
        return t(locale, "words.deal", scores=", ".join(bits))
    return None


def step_line(game: Game, view: Mapping[str, Any], picks: int, locale: str) -> str | None:
    """The step the seat is at, in the game's words ("Écart : choisissez 6 cartes pour le chien")."""
    phase = str(view.get("phase") or "")
    if game.name == "tarot" and phase == "ecart" and picks > 1:  # docs/rules/tarot.md, « Chien and écart »
        return tn(locale, "step.tarot.ecart", picks)
    if not phase or phase == "over":
        return None
    name = game.phase_label(phase, locale)
    if picks > 1:
        return tn(locale, "step.pick", picks, phase=name)
    return t(locale, "step.turn", phase=name)


def drawn_line(game: Game, view: Mapping[str, Any], locale: str) -> str | None:
    """What the seat just drew (Le Trio, L'École): the card from the stock, or from the discard."""
    code = view.get("drawn")
    return t(locale, "words.drawn", card=card_label(game, str(code), locale)) if code else None


def help_lines(game: Game, legal: Sequence[Action], locale: str) -> list[str]:
    """One line per offered button whose word is a game term: its label, then what it does."""
    table = HELP.get(game.name, {})
    out: list[str] = []
    for action in legal:
        key = table.get(str(action)) or table.get(action.kind)
        if key:
            line = t(locale, "words.help", label=game.action_label(action, locale), what=t(locale, key))
            if line not in out:
                out.append(line)
    return out
