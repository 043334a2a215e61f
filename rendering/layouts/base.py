"""The generic layout: what every game shows from the shared view keys (see ``games/base.py``).

A game's layout module subclasses :class:`Layout` and overrides the hooks that differ: words for
its contract, markers on seats, card rows (chien, talon, écart), recap lines, hand grouping, or the
whole table drawing (:meth:`Layout.draw_table`): a trick game's layout subclasses
:class:`rendering.layouts.trick.TrickLayout`, which draws the generic trick-game table.
Hooks receive views only (public view for the table and recap) and return plain data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from PIL import Image

from games import vocabulary
from games.cards import Card, Family, card, sort_key
from rendering.canvas import RGB, number
from rendering.cards import family_of
from rendering.i18n import N_, colon, tr, trn

JSON = dict[str, Any]
Badge = tuple[str, RGB]
CardRow = tuple[str, list[str]]


#: the phase words of a game without its own (:mod:`games.vocabulary`), and two generic ones
_GENERIC_PHASES = {**vocabulary.PHASES, "bidding": N_("phase.bidding"), "scored": N_("phase.scored")}


class Layout:
    """Generic layout; subclass per game and register it in :mod:`rendering.layouts`."""

    family: Family | None = None  # None: guessed from the codes in the view
    higher_is_better = True  # False for penalty points: a rise is bad news, the lowest total leads
    phases: ClassVar[Mapping[str, str]] = {}  # the game's phase names (catalogue keys, context image)

    # -- pack and order ------------------------------------------------------------------------

    def pack(self, view: JSON) -> Family:
        if self.family is not None:
            return self.family
        codes = list(view.get("hand") or []) + [c for _, c in view.get("trick") or []]
        return family_of(codes)

    def hand_rows(self, view: JSON) -> list[list[str]]:
        """The hand in display order as groups (one per suit here), sorted by suit and rank. The
        hand image packs whole groups into rows of up to 13 cards."""
        fam = self.pack(view)
        ordered = sorted(view.get("hand") or [], key=lambda c: self.card_order(card(c, fam)))
        groups: list[list[str]] = []
        for code in ordered:
            suit = card(code, fam).suit
            if groups and card(groups[-1][-1], fam).suit == suit:
                groups[-1].append(code)
            else:
                groups.append([code])
        return groups

    def card_order(self, c: Card) -> tuple[int, int]:
        """Sort key of the hand: suit, then rank (``games.cards.sort_key``: the Ace low)."""
        return sort_key(c)

    def hand_marked(self, view: JSON) -> list[str]:
        """Cards of the hand already chosen in a multi-step decision (outlined in blue)."""
        return []

    def hand_joined(self, view: JSON, locale: str) -> CardRow | None:
        """Cards that have just joined the hand (the Tarot chien taken), with their word: their
        numbers are drawn in violet and the word beside the title."""
        return None

    def hand_aside(self, view: JSON, locale: str) -> list[CardRow]:
        """Private cards shown small under the hand (the discards made so far)."""
        return []

    # -- words ---------------------------------------------------------------------------------

    def title(self, view: JSON, locale: str) -> str:
        from games import GAMES

        game = GAMES.get(view.get("game", ""))
        name = str(view.get("game", "")).capitalize()
        if game is not None:
            name = game.titles.get(locale[:2], game.titles.get("en", name))
        return name

    def deal_text(self, view: JSON, locale: str) -> str:
        n, m = view.get("deal_no"), view.get("deals")
        if n is None:
            return ""
        shown = min(int(n) + 1, int(m)) if isinstance(m, int) and m > 0 else int(n) + 1
        if isinstance(m, int) and m > 0:
            return tr("deal_of", locale, n=shown, m=m)
        return tr("deal", locale, n=shown)

    def phase_text(self, view: JSON, locale: str) -> str:
        """A word for the phase: the game's own term from ``phases``, else a generic one."""
        phase = str(view.get("phase", ""))
        key = self.phases.get(phase) or _GENERIC_PHASES.get(phase)
        return tr(key, locale) if key else phase.replace("_", " ").capitalize()

    def info(self, view: JSON, names: Sequence[str], locale: str) -> list[str]:
        """Lines of the side panel (contract, trump...). The generic one shows the contract dict."""
        contract = view.get("contract")
        lines = []
        if isinstance(contract, dict) and contract:
            parts = [f"{k}: {v}" for k, v in contract.items() if isinstance(v, str | int | float)]
            lines.append(tr("contract", locale) + colon(locale) + ", ".join(parts) if parts else tr("contract", locale))
        elif isinstance(contract, str):
            lines.append(f"{tr('contract', locale)}{colon(locale)}{contract}")
        return lines

    def card_rows(self, view: JSON, names: Sequence[str], locale: str) -> list[CardRow]:
        """Rows of public cards for the side panel (chien, talon, called card...)."""
        return []

    def centre(self, view: JSON, names: Sequence[str], locale: str) -> CardRow | None:
        """Cards shown face down or up in the middle of the table between tricks (a chien, a
        talon): (label, codes; "" for a card back), or None."""
        return None

    def suit_marks(self, view: JSON, locale: str) -> list[tuple[str, str]]:
        """(label, suit letter) tiles drawn at the foot of the side panel: the trump, a favour suit."""
        return []

    def badges(self, view: JSON, seat: int, locale: str) -> list[Badge]:
        """Markers drawn beside a seat's name plate."""
        out: list[Badge] = []
        if view.get("dealer") == seat and view.get("phase") != "over":
            out.append((tr("dealer", locale), (200, 200, 210)))
        return out

    def table_badges(self, view: JSON, seat: int, locale: str) -> list[Badge]:
        """The badges the table image shows beside a plate, most telling first (those that do not
        fit are left out; the message text and the image's description say them all): the
        seat's role by default, i.e. :meth:`badges`."""
        return self.badges(view, seat, locale)

    def seat_detail(self, view: JSON, seat: int, locale: str) -> str:
        """Second line of a seat's plate: tricks won this deal (they change during play), then the
        match total (it changes when a deal is scored)."""
        parts = []
        tricks = view.get("tricks_won")
        if isinstance(tricks, list) and seat < len(tricks) and "trick" in view:
            parts.append(trn("tricks", tricks[seat], locale))
        scores = view.get("scores") or []
        if seat < len(scores):
            parts.append(tr("seat_total", locale, n=number(scores[seat])))
        return " · ".join(parts)

    def hand_count(self, view: JSON, seat: int) -> int | None:
        counts = view.get("hand_counts")
        if isinstance(counts, list) and seat < len(counts):
            return int(counts[seat])
        return None

    def highlight(self, view: JSON, seat: int) -> bool:
        """Whether the seat's plate is lit (the seat to act)."""
        return view.get("to_act") == seat

    def alt_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[str]:
        """What the game's own table drawing adds, in words, for the image's description
        (:mod:`rendering.alt_text`): none for the generic table."""
        return []

    # -- recap ---------------------------------------------------------------------------------

    def recap_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, str]]:
        """(label, value) lines above the recap's table: contract, points, bonuses."""
        deal = view.get("last_deal") or {}
        lines: list[tuple[str, str]] = []
        for key, value in deal.items():
            if key in ("deal_no", "deltas", "scores", "chien", "ecart", "cards"):
                continue
            if isinstance(value, bool | int | float | str):
                lines.append((str(key).replace("_", " ").capitalize(), str(value)))
        return lines

    def recap_grid(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, list[str]]]:
        """Rows of per-seat figures for the recap, drawn in aligned columns (one per seat, headed
        by the names): ``(label, [cell per seat])``. None by default."""
        return []

    def recap_text(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, str]]:
        """The recap as text lines: :meth:`recap_lines`, then each grid row as
        "name : figure · name : figure" (for the written records)."""
        rows = [(label, " · ".join(f"{names[s]}{colon(locale)}{c}" for s, c in enumerate(cells) if s < len(names)))
                for label, cells in self.recap_grid(view, names, locale)]
        return self.recap_lines(view, names, locale) + rows

    def recap_cards(self, view: JSON, names: Sequence[str], locale: str) -> list[CardRow]:
        """Public cards of the finished deal (chien, écart when public)."""
        return []

    def recap_title(self, view: JSON, locale: str) -> str:
        deal = view.get("last_deal") or {}
        return f"{self.title(view, locale)} · {tr('result', locale, n=int(deal.get('deal_no', 0)) + 1)}"

    # -- drawing -------------------------------------------------------------------------------

    def draw_table(self, view: JSON, names: Sequence[str], locale: str,
                   mode: Literal["P", "RGB"] = "P") -> Image.Image:
        """The table image, drawn on the fixed palette (``mode`` "P", what the bot sends:
        :mod:`rendering.indexed`), or in "RGB" (the reference those pixels are checked against, what
        :mod:`tools.palette` samples). A trick game's layout gets the generic table from
        :class:`rendering.layouts.trick.TrickLayout`; a game whose table looks otherwise draws its own."""
        raise NotImplementedError(type(self).__name__)

__all__ = ["Badge", "CardRow", "Layout"]
