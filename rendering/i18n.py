"""The few words the images show, in French and English (``locale`` ``"fr..."`` or anything else)."""

from __future__ import annotations

_WORDS: dict[str, tuple[str, str]] = {
    # key: (fr, en)
    "seat": ("Place {n}", "Seat {n}"),
    "deal": ("Donne {n}", "Deal {n}"),
    "deal_of": ("Donne {n}/{m}", "Deal {n}/{m}"),
    "to_act": ("À jouer : {name}", "To act: {name}"),
    "over": ("Partie terminée", "Match over"),
    "final": ("Classement final", "Final standings"),
    "dealer": ("donneur", "dealer"),
    "pts": ("{n} pts", "{n} pts"),
    "tricks": ("{n} plis", "{n} tricks"),
    "trick": ("{n} pli", "{n} trick"),
    "cards": ("{n} cartes", "{n} cards"),
    "last_trick": ("Dernier pli", "Last trick"),
    "contract": ("Contrat", "Contract"),
    "scores": ("Scores", "Scores"),
    "result": ("Résultat de la donne {n}", "Deal {n} result"),
    "change": ("Donne", "Deal"),
    "total": ("Total", "Total"),
    "player": ("Joueur", "Player"),
    "no_deal": ("Aucune donne terminée", "No deal finished yet"),
    "your_hand": ("Votre main", "Your hand"),
    "empty_hand": ("Main vide", "Empty hand"),
    "playable": ("jouables en surbrillance", "playable cards highlighted"),
    "leaderboard": ("Classement", "Leaderboard"),
    "rank": ("#", "#"),
    "rating": ("Cote", "Rating"),
    "matches": ("Parties", "Matches"),
    "wins": ("Victoires", "Wins"),
    "points": ("Points", "Points"),
    "cpu": ("IA", "AI"),
    "nobody": ("Personne n'a encore joué", "Nobody has played yet"),
    "phase": ("Phase", "Phase"),
    "won": ("{name} remporte le pli", "{name} wins the trick"),
    "seat_total": ("total {n}", "total {n}"),
    "trick_of": ("Pli {n}/{m}", "Trick {n}/{m}"),
}


def fr(locale: str) -> bool:
    return locale.lower().startswith("fr")


def tr(key: str, locale: str = "fr", **fields: object) -> str:
    """The word ``key`` in ``locale`` with ``fields`` filled in (the key itself if unknown)."""
    pair = _WORDS.get(key)
    if pair is None:
        return key
    return (pair[0] if fr(locale) else pair[1]).format(**fields)


def colon(locale: str) -> str:
    """French puts a space before a colon, English does not."""
    return " : " if fr(locale) else ": "


def pick(locale: str, fr_text: str, en_text: str) -> str:
    """``fr_text`` for a French locale, else ``en_text``."""
    return fr_text if fr(locale) else en_text
