"""The words every game shares, and :func:`W_`, the mark of a word the engine and the images both say.

Each game has its vocabulary module (``games/<game>/vocabulary.py``): its phase words, contract
names and the like, as catalogue keys, read by the engine (``Msg(key)``: its messages, menus and
explanations) and by the game's layout in ``rendering/layouts/`` (``tr(key, locale)``: the images).
One key per term: a word written with :func:`W_` is extracted in both contexts of the catalogues
(none, and ``image``, where an image may keep a shorter form of the same word, ``tools/messages.py``);
a word written with :func:`I_` only in ``image`` (the images' words a game's vocabulary builds its
lines from, such as Piquet's declarations, read by the layout and the bot's table log alike).
"""

from __future__ import annotations


def W_(key: str) -> str:
    """Mark ``key`` as a word the engine and the images both say (extracted in both contexts)."""
    return key


def I_(key: str) -> str:
    """Mark ``key`` as a word of the images (extracted in the context ``image`` only)."""
    return key


#: the phase words of every game (a game's own come first: :meth:`games.base.Game.phase_label`)
PHASES = {"play": W_("common.phase.play"), "over": W_("common.phase.over")}
