"""Tresillo's table and recap (view keys in ``games/tresillo/views.py``): declarer, contract,
trump and favour suit, the alcalde and his secret bet, exchanged counts, sleeping cards, tricks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.cards import suit_name
from games.tresillo import vocabulary
from rendering.canvas import GOLD, PALE, ROSE, SILVER, SKY, VIOLET
from rendering.i18n import N_, colon, tr
from rendering.layouts import register
from rendering.layouts.base import Badge, CardRow
from rendering.layouts.trick import TrickLayout

JSON = dict[str, Any]

RESULTS = {"sacada": N_("tresillo.result.sacada"), "puesta": N_("tresillo.result.puesta"),
           "codillo": N_("tresillo.result.codillo"), "bola": N_("tresillo.result.bola"),
           "bola_fallida": N_("tresillo.result.bola_fallida"), "renuncia": N_("tresillo.result.renuncia"),
           "defensa": N_("tresillo.result.defensa"), "puesta_doble": N_("tresillo.result.puesta_doble"),
           "defensa_puesta": N_("tresillo.result.defensa_puesta"),
           "defensa_codillo": N_("tresillo.result.defensa_codillo"), "anulada": N_("tresillo.result.anulada")}
#: the alcalde's bets and the bids said, with the keys of their actions (:mod:`games.tresillo.vocabulary`)
BETS = {bet: vocabulary.ACTIONS[f"bet:{bet}"] for bet in "JPC"}
BIDS = {"pass": vocabulary.ACTIONS["pass"], "jeu": vocabulary.ACTIONS["bid:jeu"], "plus": vocabulary.ACTIONS["bid:plus"]}


def contract_name(name: str | None, locale: str) -> str:
    """The contract's name from the catalogues (``TresilloGame.contract_label``)."""
    from games import GAMES

    label = GAMES["tresillo"].contract_label({"name": name}, locale) if name else None
    return label or str(name or "")


def _suit(letter: str | None, locale: str) -> str:
    return suit_name(letter, locale, "spanish") if letter else "-"


class TresilloLayout(TrickLayout):
    family = "spanish"
    phases = vocabulary.PHASES

    def info(self, view: JSON, names: Sequence[str], locale: str) -> list[str]:
        lines = []
        c = view.get("contract")
        if isinstance(c, dict):
            lines.append(tr("contract", locale) + colon(locale) + f"{contract_name(c.get('name'), locale)} "
                         f"({c.get('value')})")
            lines.append(tr("tresillo.trumps", locale) + colon(locale) + _suit(c.get("trump"), locale))
            lines.append(tr("tresillo.favour", locale) + colon(locale) + _suit(view.get("favour"), locale))
            if c.get("renounced"):
                lines.append(tr("tresillo.renounced", locale))
            if isinstance(c.get("defender"), int):
                lines.append(tr("tresillo.defender", locale) + colon(locale) + names[c["defender"]])
            if c.get("bola"):
                lines.append(tr("tresillo.going_bola", locale))
        else:
            auction = view.get("auction") or {}
            if auction.get("bid"):
                bidder = auction.get("bidder")
                who = names[bidder] if isinstance(bidder, int) else "?"
                lines.append(tr("tresillo.bid", locale) + colon(locale) + f"{contract_name(auction['bid'], locale)} ({who})")
            elif view.get("phase") == "bid":
                lines.append(tr("tresillo.no_bid", locale))
        if not isinstance(c, dict):
            lines.append(tr("tresillo.favour_suit", locale) + colon(locale) + _suit(view.get("favour"), locale))
        exchanged = view.get("exchanged") or []
        for s, n in enumerate(exchanged):
            if isinstance(n, int):
                lines.append(tr("tresillo.exchanged", locale, name=names[s], n=n))
        if view.get("phase") in ("play", "renounce", "bola") and view.get("sleeping") is not None:
            lines.append(tr("tresillo.sleeping", locale, n=view["sleeping"]))
        return lines

    def centre(self, view: JSON, names: Sequence[str], locale: str) -> CardRow | None:
        talon = view.get("talon")
        if isinstance(talon, int) and talon and view.get("phase") in ("bet", "bid", "declare", "exchange", "order",
                                                                      "consent"):
            return (tr("talon_cards", locale, n=talon), [""] * talon)
        return None

    def card_rows(self, view: JSON, names: Sequence[str], locale: str) -> list[CardRow]:
        turned = view.get("turned")
        return [(tr("tresillo.turned", locale), [turned])] if turned else []

    def suit_marks(self, view: JSON, locale: str) -> list[tuple[str, str]]:
        marks = []
        c = view.get("contract")
        if isinstance(c, dict) and c.get("trump"):
            marks.append((tr("tresillo.trumps", locale), str(c["trump"])))
        if view.get("favour"):
            marks.append((tr("tresillo.favour", locale), str(view["favour"])))
        return marks

    def hand_aside(self, view: JSON, locale: str) -> list[CardRow]:
        if view.get("discarding"):
            return [(tr("tresillo.your_discards", locale), list(view["discarding"]))]
        return []

    def badges(self, view: JSON, seat: int, locale: str) -> list[Badge]:
        """The declarer with the contract, the defender, each seat's last bid (kept all deal),
        the alcalde or dealer, the mano."""
        out: list[Badge] = []
        if view.get("phase") == "over":
            return out
        c = view.get("contract")
        said = [b for s, b in (view.get("auction") or {}).get("bids") or [] if s == seat]
        if view.get("declarer") == seat:
            name = contract_name(c.get("name"), locale) if isinstance(c, dict) and c.get("name") else ""
            out.append((tr("tresillo.declarer", locale) + (f" · {name}" if name else ""), GOLD))
            said = [] if name else said
        if view.get("defender") == seat:
            out.append((tr("tresillo.defender", locale), SKY))
        if said:
            word = BIDS.get(said[-1])
            out.append((tr(word, locale) if word else contract_name(said[-1], locale),
                        PALE if said[-1] == "pass" else ROSE))
        if view.get("alcalde") == seat:
            out.append(("Alcalde", VIOLET))
        elif view.get("dealer") == seat:
            out.append((tr("dealer", locale), SILVER))
        if view.get("mano") == seat:
            out.append(("Mano", SILVER))
        return out

    def table_badges(self, view: JSON, seat: int, locale: str) -> list[Badge]:
        """On the image (the contract and the bids are in the message text): the
        declarer and the defender, each seat's last bid during the auction, the alcalde or
        dealer, the mano."""
        if view.get("phase") == "over":
            return []
        out: list[Badge] = []
        if view.get("declarer") == seat:
            out.append((tr("tresillo.declarer", locale), GOLD))
        if view.get("defender") == seat:
            out.append((tr("tresillo.defender", locale), SKY))
        said = [b for s, b in (view.get("auction") or {}).get("bids") or [] if s == seat]
        if said and view.get("phase") in ("bet", "bid"):
            word = BIDS.get(said[-1])
            out.append((tr(word, locale) if word else contract_name(said[-1], locale),
                        PALE if said[-1] == "pass" else ROSE))
        out += [b for b in self.badges(view, seat, locale) if b[1] in (VIOLET, SILVER)]
        return out

    def seat_detail(self, view: JSON, seat: int, locale: str) -> str:
        if view.get("alcalde") == seat:
            scores = view.get("scores") or []
            total = tr("seat_total", locale, n=scores[seat]) if seat < len(scores) else ""
            return tr("sits_out", locale) + (f" · {total}" if total else "")
        return super().seat_detail(view, seat, locale)

    def recap_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, str]]:
        deal = view.get("last_deal") or {}
        result = str(deal.get("result", ""))
        key = RESULTS.get(result)
        lines = [(tr("tresillo.result", locale), tr(key, locale) if key else result)]
        if deal.get("contract"):
            who = names[deal["declarer"]] if isinstance(deal.get("declarer"), int) else "?"
            lines.append((tr("contract", locale),
                          f"{contract_name(deal['contract'], locale)} · {who}"))
            lines.append((tr("tresillo.trumps", locale), _suit(deal.get("trump"), locale)))
        if isinstance(deal.get("defender"), int):
            lines.append((tr("tresillo.defender", locale), names[deal["defender"]]))
        alcalde = deal.get("alcalde")
        if isinstance(alcalde, int):
            bet = deal.get("bet")
            if bet:
                won = deal.get("bet_won")
                fate = "" if won is None else colon(locale) + tr("tresillo.bet_won" if won else "tresillo.bet_lost", locale)
                lines.append((tr("tresillo.bet_of", locale, name=names[alcalde]),
                              f"{bet} ({tr(BETS[bet], locale) if bet in BETS else bet}){fate}"))
            else:
                lines.append((tr("tresillo.bet_of", locale, name=names[alcalde]),
                              tr("tresillo.no_bet", locale)))
        for payer, payee, amount, why in deal.get("payments") or []:
            reason = tr("tresillo.alcalde_bet", locale) if why == "bet" else \
                str(why).replace("_", " ").capitalize()  # the Spanish term, as in RESULTS
            lines.append((f"{names[payer]} → {names[payee]}", f"{reason} · {amount}"))
        return lines

    def recap_grid(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, list[str]]]:
        """Tricks per seat (the alcalde sits out: "-")."""
        deal = view.get("last_deal") or {}
        tricks = deal.get("tricks") or []
        if not tricks or not deal.get("contract"):
            return []
        alcalde = deal.get("alcalde")
        return [(tr("tricks_word", locale), ["-" if s == alcalde else str(t) for s, t in enumerate(tricks)])]


LAYOUT = register("tresillo", TresilloLayout())
