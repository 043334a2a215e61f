"""Tresillo's table and recap (view keys in ``games/tresillo/views.py``): declarer, contract,
trump and favour suit, the alcalde and his secret bet, exchanged counts, sleeping cards, tricks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.cards import suit_name
from rendering.canvas import GOLD, PALE, ROSE, SILVER, SKY, VIOLET
from rendering.i18n import pick, tr
from rendering.layouts import register
from rendering.layouts.base import Badge, CardRow, Layout

JSON = dict[str, Any]

RESULTS = {"sacada": ("Sacada : le joueur gagne", "Sacada: the declarer wins"),
           "puesta": ("Puesta : égalité, le joueur paie", "Puesta: a tie, the declarer pays"),
           "codillo": ("Codillo : un adversaire gagne", "Codillo: an opponent wins"),
           "bola": ("Bola réussie", "Bola made"), "bola_fallida": ("Bola manquée", "Bola failed"),
           "renuncia": ("Renonce acceptée", "Renounce accepted"), "defensa": ("Défense gagnée", "Defence won"),
           "puesta_doble": ("Puesta double", "Double puesta"),
           "defensa_puesta": ("Défense : puesta", "Defence: puesta"),
           "defensa_codillo": ("Défense : codillo", "Defence: codillo"),
           "anulada": ("Annulée : tout le monde a passé", "Void: everybody passed")}
PHASES = {"bet": ("Mise de l'alcalde", "Alcalde's bet"), "bid": ("Enchères", "Bidding"),
          "declare": ("Déclaration", "Declaration"), "exchange": ("Écart", "Exchange"),
          "order": ("Ordre de l'écart", "Exchange order"), "consent": ("Accord 8-9 cartes", "8-9 cards?"),
          "play": ("Jeu de la carte", "Play"), "renounce": ("Renonce : défense ?", "Renounce: defend?"),
          "bola": ("Bola ?", "Bola?"), "over": ("Partie terminée", "Match over")}
BETS = {"J": ("le Joueur gagne", "the declarer wins"), "P": ("Puesta", "Puesta"), "C": ("Codillo", "Codillo")}
BIDS = {"pass": ("Passe", "Pass"), "jeu": ("Je joue", "Je joue"), "plus": ("Plus !", "Plus!")}


def contract_name(name: str | None, locale: str) -> str:
    """The contract's name from the catalogues (``TresilloGame.contract_label``)."""
    from games import GAMES

    label = GAMES["tresillo"].contract_label({"name": name}, locale) if name else None
    return label or str(name or "")


def _suit(letter: str | None, locale: str) -> str:
    return suit_name(letter, locale, "spanish") if letter else "-"


class TresilloLayout(Layout):
    family = "spanish"
    phases = PHASES

    def info(self, view: JSON, names: Sequence[str], locale: str) -> list[str]:
        lines = []
        c = view.get("contract")
        if isinstance(c, dict):
            lines.append(pick(locale, "Contrat : ", "Contract: ") + f"{contract_name(c.get('name'), locale)} "
                         f"({c.get('value')})")
            lines.append(pick(locale, "Atout : ", "Trumps: ") + _suit(c.get("trump"), locale))
            lines.append(pick(locale, "Faveur : ", "Favour: ") + _suit(view.get("favour"), locale))
            if c.get("renounced"):
                lines.append(pick(locale, "Le joueur a renoncé", "The declarer renounced"))
            if isinstance(c.get("defender"), int):
                lines.append(pick(locale, "Défenseur : ", "Defender: ") + names[c["defender"]])
            if c.get("bola"):
                lines.append(pick(locale, "Bola en cours !", "Going for the bola!"))
        else:
            auction = view.get("auction") or {}
            if auction.get("bid"):
                bidder = auction.get("bidder")
                who = names[bidder] if isinstance(bidder, int) else "?"
                lines.append(pick(locale, "Enchère : ", "Bid: ") + f"{contract_name(auction['bid'], locale)} ({who})")
            elif view.get("phase") == "bid":
                lines.append(pick(locale, "Pas encore d'enchère", "No bid yet"))
        if not isinstance(c, dict):
            lines.append(pick(locale, "Couleur de faveur : ", "Favour suit: ") + _suit(view.get("favour"), locale))
        exchanged = view.get("exchanged") or []
        for s, n in enumerate(exchanged):
            if isinstance(n, int):
                lines.append(pick(locale, f"{names[s]} écarte {n}", f"{names[s]} exchanged {n}"))
        if view.get("phase") in ("play", "renounce", "bola") and view.get("sleeping") is not None:
            lines.append(pick(locale, f"Cartes dormantes : {view['sleeping']}", f"Sleeping cards: {view['sleeping']}"))
        return lines

    def centre(self, view: JSON, names: Sequence[str], locale: str) -> CardRow | None:
        talon = view.get("talon")
        if isinstance(talon, int) and talon and view.get("phase") in ("bet", "bid", "declare", "exchange", "order",
                                                                      "consent"):
            return (pick(locale, f"Talon : {talon} cartes", f"Talon: {talon} cards"), [""] * talon)
        return None

    def card_rows(self, view: JSON, names: Sequence[str], locale: str) -> list[CardRow]:
        turned = view.get("turned")
        return [(pick(locale, "Carte retournée", "Turned card"), [turned])] if turned else []

    def suit_marks(self, view: JSON, locale: str) -> list[tuple[str, str]]:
        marks = []
        c = view.get("contract")
        if isinstance(c, dict) and c.get("trump"):
            marks.append((pick(locale, "Atout", "Trumps"), str(c["trump"])))
        if view.get("favour"):
            marks.append((pick(locale, "Faveur", "Favour"), str(view["favour"])))
        return marks

    def hand_aside(self, view: JSON, locale: str) -> list[CardRow]:
        if view.get("discarding"):
            return [(pick(locale, "Vos cartes écartées", "Your discards"), list(view["discarding"]))]
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
            out.append((pick(locale, "Joueur", "Declarer") + (f" · {name}" if name else ""), GOLD))
            said = [] if name else said
        if view.get("defender") == seat:
            out.append((pick(locale, "Défenseur", "Defender"), SKY))
        if said:
            word = BIDS.get(said[-1])
            out.append((pick(locale, *word) if word else contract_name(said[-1], locale),
                        PALE if said[-1] == "pass" else ROSE))
        if view.get("alcalde") == seat:
            out.append(("Alcalde", VIOLET))
        elif view.get("dealer") == seat:
            out.append((pick(locale, "Donneur", "Dealer"), SILVER))
        if view.get("mano") == seat:
            out.append(("Mano", SILVER))
        return out

    def seat_detail(self, view: JSON, seat: int, locale: str) -> str:
        if view.get("alcalde") == seat:
            scores = view.get("scores") or []
            total = tr("seat_total", locale, n=scores[seat]) if seat < len(scores) else ""
            return pick(locale, "ne joue pas", "sits out") + (f" · {total}" if total else "")
        return super().seat_detail(view, seat, locale)

    def recap_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, str]]:
        deal = view.get("last_deal") or {}
        result = str(deal.get("result", ""))
        pair = RESULTS.get(result)
        lines = [(pick(locale, "Résultat", "Result"), pick(locale, *pair) if pair else result)]
        if deal.get("contract"):
            who = names[deal["declarer"]] if isinstance(deal.get("declarer"), int) else "?"
            lines.append((pick(locale, "Contrat", "Contract"),
                          f"{contract_name(deal['contract'], locale)} · {who}"))
            lines.append((pick(locale, "Atout", "Trumps"), _suit(deal.get("trump"), locale)))
        if isinstance(deal.get("defender"), int):
            lines.append((pick(locale, "Défenseur", "Defender"), names[deal["defender"]]))
        alcalde = deal.get("alcalde")
        if isinstance(alcalde, int):
            bet = deal.get("bet")
            if bet:
                won = deal.get("bet_won")
                fate = "" if won is None else pick(locale, " : gagné", ": won") if won else pick(locale, " : perdu", ": lost")
                lines.append((pick(locale, f"Mise de {names[alcalde]}", f"{names[alcalde]}'s bet"),
                              f"{bet} ({pick(locale, *BETS[bet]) if bet in BETS else bet}){fate}"))
            else:
                lines.append((pick(locale, f"Mise de {names[alcalde]}", f"{names[alcalde]}'s bet"),
                              pick(locale, "aucune", "none")))
        for payer, payee, amount, why in deal.get("payments") or []:
            reason = pick(locale, "mise de l'alcalde", "alcalde's bet") if why == "bet" else \
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
        return [(pick(locale, "Plis", "Tricks"), ["-" if s == alcalde else str(t) for s, t in enumerate(tricks)])]


LAYOUT = register("tresillo", TresilloLayout())
