"""Matches played to chosen moments, for tests, the benchmark and the sample images in docs/images.

Run ``.venv/bin/python -m rendering.samples`` to regenerate ``docs/images/`` (one table, hand and
recap image per registered game, plus a scoreboard and a card sheet).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.base import Game, RandomPlayer, State
from games.cards import Family, card

JSON = dict[str, Any]
NAMES = ["Amélie", "Bruno", "Chloé", "Dmitri", "Élodie", "Farid", "Gaëlle"]
MOMENTS = ("start", "mid_trick", "trick_done", "deal_end", "late", "over")
# shorter matches for the tests and samples (a whole game of L'École takes thousands of actions)
SHORT: dict[str, dict[str, Any]] = {"trio": {"contracts": 2}, "ecole": {"contracts": 2}}


@dataclass(frozen=True)
class Moment:
    """A state at a named moment with what the images need: the public view, the view of the seat
    to act (or seat 0) and that seat's playable card codes."""

    name: str
    state: State
    public: JSON
    private: JSON
    legal: list[str] | None


def legal_codes(game: Game, state: State, seat: int | None) -> list[str] | None:
    """Card codes among ``seat``'s legal actions (``None`` when it has no card choice)."""
    if seat is None:
        return None
    family: Family = "spanish" if game.name == "tresillo" else "french"
    codes = []
    for action in state.legal_actions(seat):
        try:
            codes.append(card(action.arg.split(":")[-1], family).code)
        except ValueError:
            continue
    return codes or None


def playout(game: Game, seats: int, seed: int, max_actions: int = 4000,
            options: dict[str, Any] | None = None) -> list[State]:
    """Every state of one match played by the game's computer players (random ones as fallback)."""
    rng = random.Random(seed)
    try:
        player = game.computer_player()
    except Exception:  # a computer player still being written: play at random
        player = RandomPlayer()
    state = game.new(seats, seed, options)
    states = [state]
    while (seat := state.to_act()) is not None and len(states) <= max_actions:
        legal = state.legal_actions(seat)
        try:
            action = player.choose(state.view(seat), legal, rng)
        except Exception:  # a half-written computer player must not stop the pictures
            action = legal[rng.randrange(len(legal))]
        state = state.apply(seat, action)
        states.append(state)
    return states


def _pick(states: list[State], name: str) -> State:
    views = [s.view(None) for s in states]
    seats = int(views[0]["seats"])

    def first(pred: Any, default: State) -> State:
        for s, v in zip(states, views, strict=True):
            if pred(v):
                return s
        return default

    mid = states[len(states) // 2]
    if name == "start":
        return states[0]
    if name == "mid_trick":
        return first(lambda v: len(v.get("trick") or []) >= max(1, seats // 2) and v.get("to_act") is not None, mid)
    if name == "trick_done":
        return first(lambda v: not v.get("trick") and v.get("last_trick") and v.get("to_act") is not None, mid)
    if name == "deal_end":
        return first(lambda v: v.get("last_deal") is not None, states[-1])
    if name == "late":
        return states[max(0, len(states) - 6)]
    return states[-1]


def moments(game: Game, seats: int, seed: int = 1, options: dict[str, Any] | None = None) -> dict[str, Moment]:
    """The named :data:`MOMENTS` of one match of ``game`` (a short one, :data:`SHORT`, by default)."""
    if options is None:  # our short matches, else the game's own bounded-play options
        options = SHORT.get(game.name, dict(getattr(game, "playout_options", {}) or {}))
    states = playout(game, seats, seed, options=options)
    out = {}
    for name in MOMENTS:
        s = _pick(states, name)
        seat = s.to_act()
        viewer = seat if seat is not None else 0
        out[name] = Moment(name, s, s.view(None), s.view(viewer), legal_codes(game, s, seat))
    return out


def _telling(table: JSON, recap: JSON) -> bool:
    """A sample worth showing: Tarot with a Prise or Garde (the chien shown) and a petit recap."""
    if table.get("game") == "tarot":
        contract = table.get("contract") or {}
        return contract.get("bid") in ("prise", "garde") and bool(table.get("chien")) and \
            (recap.get("last_deal") or {}).get("contract") in ("prise", "garde")
    if table.get("game") == "tresillo":
        return bool(table.get("contract")) and (recap.get("last_deal") or {}).get("result") != "anulada"
    return True


def _save(path: Path, png: bytes) -> None:
    """Docs only: re-encode at the smallest size (the bot's images favour speed)."""
    from io import BytesIO

    from PIL import Image

    Image.open(BytesIO(png)).save(path, optimize=True)


# Seat names for the renders at Discord's sizes: the bot's computer names (same initial), a long
# name (30 characters) and short ones.
WIDTH_NAMES = ["Amélie", "Ordinateur 1", "Marie-Christine de Montmorency", "Ordinateur 3", "Bruno", "Chloé",
               "Dmitri"]
# every game at several seat counts: (game, seats, moment)
WIDTH_CASES = [("tarot", 3, "busy"), ("tarot", 4, "busy"), ("tarot", 5, "busy"), ("tarot", 4, "start"),
               ("tresillo", 3, "busy"), ("tresillo", 4, "busy"), ("piquet", 2, "busy"), ("trio", 3, "late"),
               ("trio", 4, "late"), ("trio", 6, "late"), ("ecole", 3, "late"), ("ecole", 5, "late"),
               ("ecole", 7, "late")]
DISPLAY_WIDTHS = (500, 360)  # Discord's display width on a desktop and on a phone


def busy(states: list[State]) -> State:
    """A state in the middle of a deal: a trick half played and the last trick known."""
    for s in states:
        v = s.view(None)
        seats = int(v["seats"])
        if v.get("last_trick") and len(v.get("trick") or []) >= max(1, seats // 2) and int(v.get("trick_no") or 3) >= 3 \
                and v.get("to_act") is not None:
            return s
    return states[len(states) // 2]


def displayed(png: bytes, width: int) -> Any:
    """The image as Discord shows it ``width`` pixels wide (resampled like a browser would)."""
    from io import BytesIO

    from PIL import Image

    img = Image.open(BytesIO(png))
    return img.convert("RGB").resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS)


def width_renders(out: Path) -> list[Path]:
    """Every game's table at Discord's display widths, in ``out`` (``<game><seats>_<moment>_<width>.png``)."""
    import rendering
    from games import GAMES

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, seats, moment in WIDTH_CASES:
        game = GAMES[name]
        options = SHORT.get(name, dict(getattr(game, "playout_options", {}) or {}))
        states = playout(game, seats, 5, options=options)
        state = busy(states) if moment == "busy" else _pick(states, moment)
        png = rendering.table_image(state.view(None), WIDTH_NAMES[:seats])
        for width in DISPLAY_WIDTHS:
            path = out / f"{name}{seats}_{moment}_{width}.png"
            displayed(png, width).save(path, optimize=True)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    import rendering
    from games import GAMES

    out = Path(argv[0] if argv else Path(__file__).resolve().parent.parent / "docs" / "images")
    out.mkdir(parents=True, exist_ok=True)
    seat_counts = {"tarot": 4, "tresillo": 4, "trio": 4, "ecole": 5, "piquet": 2}
    picks = {"tarot": "mid_trick", "tresillo": "mid_trick", "piquet": "mid_trick", "trio": "late", "ecole": "late"}
    for name, game in sorted(GAMES.items()):
        seats = seat_counts.get(name, game.min_seats)
        for seed in range(3, 60):  # the first match showing what the game's table is about
            m = moments(game, seats, seed=seed)
            shot = m[picks.get(name, "mid_trick")]
            if _telling(shot.public, m["deal_end"].public):
                break
        _save(out / f"{name}_table.png", rendering.table_image(shot.public, NAMES[:seats]))
        hand = m["start"] if name in ("trio", "ecole") else shot  # a full hand, grouped
        _save(out / f"{name}_hand.png", rendering.hand_image(hand.private, legal=hand.legal))
        _save(out / f"{name}_recap.png", rendering.recap_image(m["deal_end"].public, names=NAMES[:seats]))
        print("wrote", name, "seed", seed)
    rows = [{"rank": i + 1, "name": n, "rating": 31.4 - 2.3 * i, "matches": 24 - 2 * i, "wins": 11 - 2 * i,
             "points": 640 - 95 * i} for i, n in enumerate(NAMES[:6])]
    _save(out / "scoreboard.png", rendering.scoreboard_image(rows, title="Classement · Tarot"))
    from rendering.cards import card_sheet

    card_sheet().save(out / "cards.png", compress_level=9)
    card_sheet(compact=True).save(out / "cards_compact.png", compress_level=9)
    width_renders(out / "widths")
    print("wrote", out)


if __name__ == "__main__":
    main(sys.argv[1:])
