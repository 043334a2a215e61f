"""Playing cards and their canonical text notation, shared by every game.

Notation (parsing is case-insensitive, output canonical uppercase):

* French-suited cards: rank then suit. Ranks ``A 2 3 4 5 6 7 8 9 10 J Q K`` and ``C`` (Cavalier,
  Tarot only); suits ``S H D C`` (pique, coeur, carreau, trefle): ``10H``, ``QS``, ``CD``.
  Tarot trumps ``T1``..``T21``, the Excuse ``EX``; the joker ``JK``.
* Spanish cards: rank then suit. Ranks ``1``..``7``, ``S`` (sota), ``C`` (caballo), ``R`` (rey);
  suits ``O C E B`` (oros, copas, espadas, bastos): ``1E`` (the Espada), ``7O``, ``RC``.

Some codes exist in both families (``2C`` is the 2 of clubs or the 2 of copas), so parsing
takes the family. Cards are flyweights: parsing the same code twice gives the same object, so
identical cards from several decks compare equal and hash fast. Cards define no rich comparison
(that would slow ``==`` and ``in`` tenfold): sort them with :func:`sort_key` / :func:`sort_cards`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Literal

from games.i18n import N_, Msg, t

Family = Literal["french", "spanish"]

FRENCH_SUITS = ("S", "H", "D", "C")
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
SPANISH_SUITS = ("O", "C", "E", "B")
SPANISH_RANKS = ("1", "2", "3", "4", "5", "6", "7", "S", "C", "R")
TRUMP = "T"  # suit letter of Tarot trumps

_FRENCH_RANK_VALUE = {r: i + 1 for i, r in enumerate(FRENCH_RANKS)}  # A=1 .. 10=10, J=11, C=12, Q=13, K=14
_SPANISH_RANK_VALUE = {r: i + 1 for i, r in enumerate(SPANISH_RANKS)}  # 1..7, S=8, C=9, R=10

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class Card:
    """One playing card. Build with :func:`card` / :meth:`Card.parse`, never directly.

    ``rank`` is the rank letter(s) (``"10"``, ``"Q"``, ``"T"`` for a Tarot trump, ``"EX"``,
    ``"JK"``), ``suit`` the suit letter (``"T"`` for trumps, ``""`` for the Excuse and jokers),
    ``value`` the rank's natural number (A=1 ... K=14 with C=12; trump number; Spanish 1..7,
    S=8, C=9, R=10; 0 for the Excuse and jokers).
    """

    __slots__ = ("code", "family", "rank", "suit", "value")

    code: str
    family: Family
    rank: str
    suit: str
    value: int

    def __init__(self, code: str, family: Family, rank: str, suit: str, value: int) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "family", family)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "value", value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r}, {self.family!r})"

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (card, (self.code, self.family))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str, family: Family = "french") -> Card:
        """Parse a card code of ``family``; raises :class:`ValueError` when it is not one."""
        return card(text, family)

    @property
    def is_trump(self) -> bool:
        """A Tarot trump (``T1``..``T21``)."""
        return self.suit == TRUMP

    @property
    def is_excuse(self) -> bool:
        return self.code == "EX"

    @property
    def is_joker(self) -> bool:
        return self.code == "JK"

    def name(self, locale: str = "fr") -> str:
        """Full localized name: "Dame de cœur", "Queen of Hearts", "Sota de copas"."""
        return card_name(self, locale)

    def short(self, locale: str = "fr") -> str:
        """Short localized label for the images: "D♥" / "Q♥", "21", "Exc", "R oros"."""
        return card_short(self, locale)

    def text(self, locale: str = "fr") -> str:
        """The card as messages and buttons write it, suits in words (:func:`card_text`)."""
        return card_text(self, locale)


_CACHE: dict[tuple[str, str], Card] = {}


def _build(code: str, family: Family) -> Card | None:
    if family == "french":
        if code == "EX":
            return Card("EX", family, "EX", "", 0)
        if code == "JK":
            return Card("JK", family, "JK", "", 0)
        if code.startswith("T") and code[1:].isascii() and code[1:].isdigit():
            n = int(code[1:])
            if 1 <= n <= 21 and code[1:] == str(n):
                return Card(code, family, TRUMP, TRUMP, n)
            return None
        rank, suit = code[:-1], code[-1:]
        if rank in _FRENCH_RANK_VALUE and suit in FRENCH_SUITS:
            return Card(code, family, rank, suit, _FRENCH_RANK_VALUE[rank])
        return None
    if family == "spanish":
        rank, suit = code[:-1], code[-1:]
        if rank in _SPANISH_RANK_VALUE and suit in SPANISH_SUITS:
            return Card(code, family, rank, suit, _SPANISH_RANK_VALUE[rank])
        return None
    raise ValueError(f"unknown card family {family!r}")


def card(text: str | Card, family: Family = "french") -> Card:
    """The card with code ``text`` (case-insensitive) in ``family``.

    :raises ValueError: when ``text`` is not a card of that family.
    """
    if isinstance(text, Card):
        return text
    code = text.strip().upper()
    key = (code, family)
    found = _CACHE.get(key)
    if found is None:
        built = _build(code, family)
        if built is None:
            raise ValueError(f"{text!r} is not a {family} card")
        _CACHE[key] = found = built
    return found


def cards(texts: str | Iterable[str | Card], family: Family = "french") -> list[Card]:
    """Parse several cards, from an iterable or a comma/space separated string."""
    if isinstance(texts, str):
        texts = [t for t in texts.replace(",", " ").split() if t]
    return [card(t, family) for t in texts]


def to_text(items: Iterable[Card]) -> str:
    """Cards as canonical comma-separated codes: ``"KH,QS"``."""
    return ",".join(c.code for c in items)


# --- decks -------------------------------------------------------------------------------------


def standard_deck(jokers: int = 0) -> list[Card]:
    """52 French-suited cards (A..K, no Cavalier) plus ``jokers`` jokers, in a fixed order."""
    ranks = [r for r in FRENCH_RANKS if r != "C"]
    deck = [card(r + s) for s in FRENCH_SUITS for r in ranks]
    return deck + [card("JK")] * jokers


def standard_decks(count: int, jokers_per_deck: int = 0) -> list[Card]:
    """``count`` standard decks together (identical cards compare equal)."""
    deck: list[Card] = []
    for _ in range(count):
        deck.extend(standard_deck(jokers_per_deck))
    return deck


def piquet_deck() -> list[Card]:
    """The 32-card Piquet pack: A K Q J 10 9 8 7 in each suit."""
    ranks = ("7", "8", "9", "10", "J", "Q", "K", "A")
    return [card(r + s) for s in FRENCH_SUITS for r in ranks]


def tarot_deck() -> list[Card]:
    """The 78-card Tarot pack: 56 suit cards (with Cavaliers), trumps 1-21, the Excuse."""
    suits = [card(r + s) for s in FRENCH_SUITS for r in FRENCH_RANKS]
    return suits + [card(f"T{n}") for n in range(1, 22)] + [card("EX")]


def spanish_deck() -> list[Card]:
    """The 40-card Spanish pack: 1-7, sota, caballo, rey in oros, copas, espadas, bastos."""
    return [card(r + s, "spanish") for s in SPANISH_SUITS for r in SPANISH_RANKS]


# --- ordering and names ------------------------------------------------------------------------

_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3, "T": 4, "": 5, "O": 0, "E": 2, "B": 3}
_SPANISH_SUIT_ORDER = {"O": 0, "C": 1, "E": 2, "B": 3}


def sort_key(c: Card) -> tuple[int, int]:
    """Display order: by suit (alternating colours, trumps then Excuse/jokers last), then rank."""
    if c.family == "spanish":
        return (_SPANISH_SUIT_ORDER[c.suit], c.value)
    return (_SUIT_ORDER[c.suit], c.value)


def sort_cards(items: Sequence[Card]) -> list[Card]:
    """``items`` sorted for display with :func:`sort_key`."""
    return sorted(items, key=sort_key)


_RANKS = {"A": Msg("card.rank.A"), "J": Msg("card.rank.J"), "C": Msg("card.rank.C"), "Q": Msg("card.rank.Q"),
          "K": Msg("card.rank.K")}
_SUITS = {"S": Msg("card.suit.S"), "H": Msg("card.suit.H"), "D": Msg("card.suit.D"), "C": Msg("card.suit.C"),
          TRUMP: Msg("card.suit.T")}
_SHORT = {"A": Msg("card.short.A"), "J": Msg("card.short.J"), "C": Msg("card.short.C"), "Q": Msg("card.short.Q"),
          "K": Msg("card.short.K")}
_ES_RANKS = {"1": Msg("card.es.rank.1"), "S": Msg("card.es.rank.S"), "C": Msg("card.es.rank.C"),
             "R": Msg("card.es.rank.R")}
_ES_SHORT = {"1": Msg("card.es.short.1"), "S": Msg("card.es.short.S"), "C": Msg("card.es.short.C"),
             "R": Msg("card.es.short.R")}
#: Spanish suit names (catalogue messages), the same words in every language by default.
SPANISH_SUIT_NAMES = {"O": Msg("card.es.suit.O"), "C": Msg("card.es.suit.C"), "E": Msg("card.es.suit.E"),
                      "B": Msg("card.es.suit.B")}


def suit_name(suit: str, locale: str = "fr", family: Family = "french") -> str:
    """Localized suit name ("cœur", "Hearts", "atout"); Spanish suits by the words of the reader's
    card club ("coupe" in French as the French Tresillo rules say it, "copas" in Spanish and English)."""
    return (SPANISH_SUIT_NAMES if family == "spanish" else _SUITS)[suit](locale)


@functools.lru_cache(maxsize=4096)  # the catalogues never change: a card's words once per language
def card_name(c: Card, locale: str = "fr") -> str:
    """Full localized name of ``c`` (Spanish cards: the French terms in French, "Cavalier de coupe",
    "As d'épée"; the Spanish ones elsewhere, and in Spanish their article too: "el as de espadas",
    "la sota de bastos", "el 7 de oros")."""
    if c.family == "spanish":
        rank = _ES_RANKS[c.rank](locale) if c.rank in _ES_RANKS else t(locale, "card.es.number", n=c.rank)
        suit = SPANISH_SUIT_NAMES[c.suit](locale)
        key = N_("card.es.name.vowel") if suit[:1].lower() in "aeiouéh" else N_("card.es.name")  # "As d'épée"
        return t(locale, key, rank=rank, suit=suit)
    if c.is_excuse:
        return t(locale, "card.excuse")
    if c.is_joker:
        return t(locale, "card.joker")
    if c.is_trump:
        return t(locale, "card.petit") if c.value == 1 else t(locale, "card.trump", n=c.value)
    rank = _RANKS[c.rank](locale) if c.rank in _RANKS else c.rank
    return t(locale, "card.name", rank=rank, suit=_SUITS[c.suit](locale))


@functools.lru_cache(maxsize=4096)  # the catalogues never change: a card's words once per language
def card_short(c: Card, locale: str = "fr") -> str:
    """Short localized label of ``c`` for buttons and compact text: "D♥" / "Q♥", "21", "As oros"."""
    if c.family == "spanish":
        rank = _ES_SHORT[c.rank](locale) if c.rank in _ES_SHORT else c.rank
        return t(locale, "card.es.short", rank=rank, suit=SPANISH_SUIT_NAMES[c.suit](locale))
    if c.is_excuse:
        return t(locale, "card.short.excuse")
    if c.is_joker:
        return t(locale, "card.short.joker")
    if c.is_trump:
        return str(c.value)
    rank = _SHORT[c.rank](locale) if c.rank in _SHORT else c.rank
    return f"{rank}{SUIT_SYMBOLS[c.suit]}"


@functools.lru_cache(maxsize=4096)  # the catalogues never change: a card's words once per language
def card_text(c: Card, locale: str = "fr") -> str:
    """``c`` as every game's text writes it (messages, buttons, menus): the suit in words, "8 de
    trèfle", "Roi de pique", "21", "As oros", never a suit glyph. Discord draws ♠ and ♣ as dark
    emoji (with or without U+FE0F), near invisible on its dark theme, so one convention for every
    game: the words French Tarot always used. The images keep :func:`card_short`."""
    if c.family == "spanish" or c.is_trump or c.is_excuse:
        return card_short(c, locale) if c.family == "spanish" or c.is_trump else card_name(c, locale)
    name = card_name(c, locale)
    return name[:1].upper() + name[1:]
