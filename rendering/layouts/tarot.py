"""French Tarot's table and recap (view keys in ``games/tarot/views.py``): taker, partner and called
King, contract and multiplier, the chien when public, poignées, tricks per side, score lines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.tarot import vocabulary
from rendering.canvas import GOLD, PALE, ROSE, SILVER, SKY, number, signed
from rendering.i18n import colon, fr, tr
from rendering.layouts import register
from rendering.layouts.base import Badge, CardRow
from rendering.layouts.trick import TrickLayout
from rendering.layouts.words import cards_words

JSON = dict[str, Any]

#: the bids' names (:mod:`games.tarot.vocabulary`): a pass, and the contracts
CONTRACTS = {"pass": vocabulary.ACTIONS["pass"], **vocabulary.CONTRACTS}
POIGNEES = vocabulary.POIGNEES


def contract_name(bid: str | None, locale: str) -> str:
    """A bid's name on the images ("Garde contre"); an unknown one as it is."""
    key = CONTRACTS.get(bid or "")
    return tr(key, locale) if key else str(bid or "")


def points(value: Any, locale: str) -> str:
    """45.5 -> "45,5" in French."""
    text = number(value)
    return text.replace(".", ",") if fr(locale) else text


def trick_of(view: JSON, locale: str) -> str:
    """"Pli 5/18": the trick being played out of the deal's tricks."""
    playing = len(view.get("active") or []) or int(view.get("seats", 4))
    total = (78 - int(view.get("chien_size") or 0)) // max(1, playing)
    return tr("trick_of", locale, n=int(view["trick_no"]) + 1, m=total)


class TarotLayout(TrickLayout):
    family = "french"
    phases = vocabulary.PHASES

    def info(self, view: JSON, names: Sequence[str], locale: str) -> list[str]:
        lines = []
        c = view.get("contract")
        if isinstance(c, dict) and c.get("bid"):
            taker = c.get("taker")
            lines.append(tr("contract", locale) + colon(locale) +
                         f"{contract_name(c['bid'], locale)} (×{c.get('multiplier', 1)})")
            partner = c.get("partner")
            if isinstance(partner, int) and partner != taker:
                lines.append(tr("tarot.partner", locale) + colon(locale) + names[partner])
            elif c.get("called") and partner == taker:
                lines.append(tr("tarot.alone", locale))
            if c.get("chelem_announced"):
                lines.append(tr("tarot.chelem_announced", locale))
        elif view.get("phase") == "bidding":
            bids = [b for _, b in view.get("bids") or [] if b != "pass"]
            lines.append(tr("tarot.highest_bid", locale) + colon(locale) +
                         (contract_name(bids[-1], locale) if bids else tr("tarot.no_bid", locale)))
        sides = view.get("side_tricks")
        if isinstance(sides, dict):
            lines.append(tr("tarot.side_tricks", locale, attack=sides.get("attack"), defence=sides.get("defence")))
        if view.get("trick_no") is not None and view.get("phase") == "play":
            lines.append(trick_of(view, locale))
        return lines

    def card_rows(self, view: JSON, names: Sequence[str], locale: str) -> list[CardRow]:
        rows: list[CardRow] = []
        c = view.get("contract")
        if isinstance(c, dict) and c.get("called"):
            rows.append((tr("tarot.called", locale), [c["called"]]))
        chien = view.get("chien")
        if chien:
            rows.append((tr("tarot.chien", locale), list(chien)))
        if view.get("ecart_trumps"):
            rows.append((tr("tarot.ecart_trumps", locale), list(view["ecart_trumps"])))
        return rows

    def alt_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[str]:
        """The poignées shown, with their cards: declarations, said in the message text and the
        image's description, not drawn (up to 18 cards would not read on a phone)."""
        lines = []
        for p in view.get("poignees") or []:
            level = p.get("level")
            label = (tr(POIGNEES[level], locale) if level in POIGNEES else f"Poignée {level}") + \
                f" · {names[int(p['seat'])]}"
            lines.append(label + colon(locale) + cards_words(list(p.get("cards") or []), "french", locale))
        return lines

    def centre(self, view: JSON, names: Sequence[str], locale: str) -> CardRow | None:
        if view.get("phase") in ("bidding", "call") and view.get("chien_size") and not view.get("chien"):
            return (tr("tarot.chien", locale), [""] * int(view["chien_size"]))
        return None

    def hand_joined(self, view: JSON, locale: str) -> CardRow | None:
        """The chien in the taker's hand while they make their écart (docs/rules/tarot.md,
        « Chien and écart »)."""
        hand = {str(c).upper() for c in view.get("hand") or []}
        if view.get("phase") != "ecart" or "ecart" not in view or not view.get("chien"):
            return None
        codes = [str(c) for c in view["chien"] if str(c).upper() in hand]
        return (tr("tarot.chien", locale), codes) if codes else None

    def hand_aside(self, view: JSON, locale: str) -> list[CardRow]:
        if view.get("phase") == "ecart" and view.get("ecart"):
            return [(tr("tarot.your_ecart", locale), list(view["ecart"]))]
        return []

    def badges(self, view: JSON, seat: int, locale: str) -> list[Badge]:
        """The taker with the contract, the partner once known, each seat's last bid (kept all
        deal), the dealer."""
        out: list[Badge] = []
        if view.get("phase") == "over":
            return out
        c = view.get("contract")
        said = [b for s, b in view.get("bids") or [] if s == seat]
        if isinstance(c, dict) and c.get("taker") == seat:
            out.append((f"{tr('tarot.taker', locale)} · {contract_name(c.get('bid'), locale)}", GOLD))
            said = []
        elif isinstance(c, dict) and c.get("partner") == seat:
            out.append((tr("tarot.partner", locale), SKY))
        if said:
            out.append((contract_name(said[-1], locale), PALE if said[-1] == "pass" else ROSE))
        if view.get("dealer") == seat:
            out.append((tr("dealer", locale), SILVER))
        return out

    def table_badges(self, view: JSON, seat: int, locale: str) -> list[Badge]:
        """On the image (the contract and the bids are in the message text): the taker
        and the partner, each seat's last bid while bidding, the dealer."""
        out: list[Badge] = []
        if view.get("phase") == "over":
            return out
        c = view.get("contract")
        if isinstance(c, dict) and c.get("taker") == seat:
            out.append((tr("tarot.taker", locale), GOLD))
        elif isinstance(c, dict) and c.get("partner") == seat:
            out.append((tr("tarot.partner", locale), SKY))
        said = [b for s, b in view.get("bids") or [] if s == seat]
        if said and view.get("phase") == "bidding":
            out.append((contract_name(said[-1], locale), PALE if said[-1] == "pass" else ROSE))
        if view.get("dealer") == seat:
            out.append((tr("dealer", locale), SILVER))
        return out

    def seat_detail(self, view: JSON, seat: int, locale: str) -> str:
        active = view.get("active")
        if isinstance(active, list) and seat not in active and view.get("phase") != "over":
            scores = view.get("scores") or []
            total = tr("seat_total", locale, n=number(scores[seat])) if seat < len(scores) else ""
            return tr("sits_out", locale) + (f" · {total}" if total else "")
        return super().seat_detail(view, seat, locale)

    # -- recap ---------------------------------------------------------------------------------

    def recap_title(self, view: JSON, locale: str) -> str:
        deal = view.get("last_deal") or {}
        return f"Tarot · {tr('deal', locale, n=int(deal.get('deal_no', 0)) + 1)}{colon(locale)}" + \
            contract_name(deal.get("contract"), locale)

    def recap_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, str]]:
        d = view.get("last_deal") or {}
        if not d.get("contract"):
            return [(tr("deal_word", locale), tr("tarot.all_passed", locale))]
        mult = d.get("multiplier", 1)
        taker = d.get("taker")
        lines = [(tr("tarot.taker", locale), names[taker] if isinstance(taker, int) else "?")]
        partner = d.get("partner")
        if isinstance(partner, int) and partner != taker:
            lines.append((tr("tarot.partner", locale), names[partner]))
        elif d.get("called"):
            lines.append((tr("tarot.partner", locale), tr("tarot.none_alone", locale)))
        bouts = d.get("bouts", 0)
        lines.append((tr("tarot.attack_points", locale),
                      tr("tarot.points_one_bout" if bouts == 1 else "tarot.points_bouts", locale,
                         points=points(d.get("points"), locale), n=bouts, needed=d.get("needed"))))
        diff = d.get("diff", 0)
        verdict = tr("tarot.made" if d.get("won") else "tarot.lost", locale)
        lines.append((tr("contract", locale),
                      f"{verdict} {tr('tarot.by', locale)} {abs(diff)}{colon(locale)}(25 + {abs(diff)}) × {mult} = "
                      f"{signed(d.get('base', 0))}"))
        if d.get("petit_au_bout"):
            side = tr("tarot.attack" if d["petit_au_bout"] == "attack" else "tarot.defence", locale)
            lines.append((f"Petit au bout ({side})",
                          signed(d.get("petit_points", 0))))
        if d.get("poignees"):
            shown = ", ".join(str(level) for _, level in d["poignees"])
            lines.append((f"Poignées ({shown})", signed(d.get("poignee_points", 0))))
        if d.get("chelem") or d.get("chelem_announced"):
            lines.append(("Chelem", signed(d.get("chelem_points", 0))))
        unit = d.get("unit", 0)
        if isinstance(unit, int | float) and unit < 0:
            lines.append((tr("tarot.defender_gets", locale), number(-unit)))
        else:
            lines.append((tr("tarot.defender_pays", locale), number(unit)))
        return lines

    def recap_cards(self, view: JSON, names: Sequence[str], locale: str) -> list[CardRow]:
        d = view.get("last_deal") or {}
        rows: list[CardRow] = []
        if d.get("called"):
            rows.append((tr("tarot.called", locale), [d["called"]]))
        if d.get("chien"):
            rows.append((tr("tarot.chien", locale), list(d["chien"])))
        return rows


LAYOUT = register("tarot", TarotLayout())
