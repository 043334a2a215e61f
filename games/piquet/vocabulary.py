"""Piquet's words, as catalogue keys read by the engine and by ``rendering/layouts/piquet.py``
(:mod:`games.vocabulary`): the phases, the three classes of declarations and the text of a
declaration as the table says it (docs/rules/piquet.md, « Declarations »), which the layout and the
bot's table log both read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.i18n import IMAGE, N_, pt
from games.vocabulary import I_, W_

PHASES = {"exchange": W_("piquet.phase.exchange"), "declare": W_("piquet.phase.declare"),
          "over": W_("piquet.phase.over")}
#: a class of declarations: "le point" in a message, "Point" on the image
CLASSES = {"point": W_("piquet.class.point"), "sequence": W_("piquet.class.sequence"), "sets": W_("piquet.class.sets")}
#: the classes inside a refusal ("declare {what} now")
CLASSES_IN_SENTENCE = {"point": N_("piquet.error.class.point"), "sequence": N_("piquet.error.class.sequence"),
                       "sets": N_("piquet.error.class.sets")}
#: a sequence by its length ("tierce" ... "huitième")
SEQUENCES = {3: I_("piquet.seq.3"), 4: I_("piquet.seq.4"), 5: I_("piquet.seq.5"), 6: I_("piquet.seq.6"),
             7: I_("piquet.seq.7"), 8: I_("piquet.seq.8")}
#: the top of a sequence ("à l'As")
TO = {"A": I_("piquet.to.A"), "K": I_("piquet.to.K"), "Q": I_("piquet.to.Q"), "J": I_("piquet.to.J"),
      "10": I_("piquet.to.10"), "9": I_("piquet.to.9"), "8": I_("piquet.to.8")}
#: the rank of a quatorze or a brelan ("d'As")
OF = {"A": I_("piquet.of.A"), "K": I_("piquet.of.K"), "Q": I_("piquet.of.Q"), "J": I_("piquet.of.J"),
      "10": I_("piquet.of.10"), "9": I_("piquet.of.9"), "8": I_("piquet.of.8"), "7": I_("piquet.of.7")}
#: younger's answer to elder's call
ANSWERS = {"good": I_("piquet.answer.good"), "not_good": I_("piquet.answer.not_good"),
           "equal": I_("piquet.answer.equal")}
CARDS, QUATORZE, BRELAN = I_("piquet.cards"), I_("piquet.quatorze"), I_("piquet.brelan")
EQUAL_NIL, NOBODY, COLON = I_("piquet.equal_nil"), I_("nobody_word"), I_("colon")

JSON = dict[str, Any]


def say(key: str, locale: str, **fields: object) -> str:
    """The word ``key`` as the images say it in ``locale``."""
    return pt(locale, IMAGE, key, **fields)


def word(table: Mapping[Any, str], key: object, locale: str, default: str) -> str:
    """The word of ``key`` in ``table``, else ``default``."""
    return say(table[key], locale) if key in table else default


def call_text(kind: str, call: JSON | None, locale: str) -> str:
    """What was disclosed: "5 cartes (50)" or "5 cartes", "quinte à l'As" or "quinte",
    "quatorze d'As" or "quatorze" (a call holds only the fields that decided it)."""
    if not call:
        return "-"
    if kind == "point":
        n, pips = call.get("cards"), call.get("pips")
        text = say(CARDS, locale, n=n)
        return f"{text} ({pips})" if pips is not None else text
    if kind == "sequence":
        length = int(call.get("length", 0))
        name = word(SEQUENCES, length, locale, str(length))
        top = call.get("top")
        if top is None:
            return name
        return f"{name} {word(TO, str(top), locale, str(top))}"
    if kind == "sets":
        count = int(call.get("count", 0))
        name = say(QUATORZE if count == 4 else BRELAN, locale)
        rank = call.get("rank")
        if rank is None:
            return name
        return f"{name} {word(OF, str(rank), locale, str(rank))}"
    return ", ".join(f"{k} {v}" for k, v in call.items())


def said_by_seat(d: JSON, elder: object, locale: str, equal: bool = True) -> list[str]:
    """What each seat said of one class: its call ("5 cartes (48)"), or younger's answer ("bon",
    "égal") when he disclosed nothing (``equal``: younger's "égal" after his call too), or "-" for
    no holding."""
    calls = list(d.get("calls") or [None, None])
    answer = word(ANSWERS, str(d.get("answer")), locale, "")
    out = []
    for s in (0, 1):
        kind = str(d.get("kind"))
        if calls[s]:
            text = call_text(kind, calls[s], locale)
            out.append(f"{text}, {answer}" if equal and s != elder and d.get("answer") == "equal" else text)
        elif s != elder and calls[1 - s] and d.get("answer") == "good":
            out.append(answer)
        else:
            out.append("-")
    return out


def declaration_lines(d: JSON, names: Sequence[str], elder: object, locale: str) -> list[str]:
    """One class on the table: who scores (or "égal"), then what each player called, elder first."""
    kind = str(d.get("kind"))
    label = word(CLASSES, kind, locale, kind)
    colon = say(COLON, locale)
    winner = d.get("winner")
    if isinstance(winner, int):
        head = f"{label}{colon}{names[winner]} +{(d.get('points') or [0, 0])[winner]}"
    elif d.get("answer") == "equal":
        head = f"{label}{colon}{say(EQUAL_NIL, locale)}"
    else:
        head = f"{label}{colon}{say(NOBODY, locale)}"
    said = said_by_seat(d, elder, locale, equal=False)
    order = [elder, 1 - elder] if isinstance(elder, int) else [0, 1]
    return [head] + [f"· {names[s]}{colon}{said[s]}" for s in order if said[s] != "-"]
