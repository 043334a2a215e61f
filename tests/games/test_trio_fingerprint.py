"""The fingerprint of Le Trio / L'École: legal steps, computer choices and views over many
seeded positions, compared with constants recorded from the engine before its readability
rewrite. Any change of a legal-step list, of a choice of either computer player, of
a view or of the bot's pick count changes a digest.

Each case plays one seeded match (3 to 7 seats, rules and alternative options; computer, mixed
and random players move) and hashes, at every position: the legal steps, what the computer
player (:class:`TrioPlayer`) and the baseline would choose there, ``pending_picks`` and the
view of the seat to act. The test also checks that every step kind (and every argument form:
an Ace placed low or high, a wild standing for a card, a lay-off on a run's end, the must-go-out
turn) was listed and chosen, so the digests cover them.

To record new digests after a deliberate change of behaviour, run this file with
``TRIO_FINGERPRINT_PRINT=1`` and ``-s``; never to make a rewrite pass.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random

import pytest

from games.base import Action, RandomPlayer
from games.trio.ai import BaselinePlayer, TrioPlayer
from games.trio.game import ECOLE, TRIO, TrioGame
from games.trio.state import TrioState

OPTIONS = {"rules": {}, "alternatives": {"longer_melds": True, "same_rank_brelans": False,
                                         "same_suit_runs": False, "layoff_on_opening": True}}
MODES = ("computer", "mixed", "random")
STEPS = 2000  # positions per case at most
CASES = [(g, n, o, m) for g in (TRIO, ECOLE) for n in range(g.min_seats, g.max_seats + 1)
         for o in OPTIONS for m in MODES]
IDS = [f"{g.name}-{n}-{o}-{m}" for g, n, o, m in CASES]

# Recorded from the engine of commit 0cc4954 (before the engine's rewrite); recorded again when the
# seat's view gained ``drawn``, after checking that without that key every digest was unchanged.
DIGESTS: dict[str, str] = {
    "trio-3-rules-computer": "2e3683e4bb6374b29847",
    "trio-3-rules-mixed": "cc7c5bde6eb1a81dbada",
    "trio-3-rules-random": "4865062a4d4f2efdb74f",
    "trio-3-alternatives-computer": "820b330d8258bbf99832",
    "trio-3-alternatives-mixed": "df8d2e247c6f782876e2",
    "trio-3-alternatives-random": "c211086242bae881dc0e",
    "trio-4-rules-computer": "3ad6239d08772a6ba6ad",
    "trio-4-rules-mixed": "8da9b157f20598e90f96",
    "trio-4-rules-random": "57e086980ca057799e7f",
    "trio-4-alternatives-computer": "45f0c9a8bee5cc82847b",
    "trio-4-alternatives-mixed": "1f72cda9f2b815646851",
    "trio-4-alternatives-random": "a5e868c31d0f0d516b4b",
    "trio-5-rules-computer": "a092d1369eb2fc1f2d6f",
    "trio-5-rules-mixed": "8a3145faa4a5ce831f9c",
    "trio-5-rules-random": "5cd5047a51f2ccfe81de",
    "trio-5-alternatives-computer": "f6b0a3f6f7e9a74e5232",
    "trio-5-alternatives-mixed": "41ba486bed98aeeba48c",
    "trio-5-alternatives-random": "55677adafb5d4c0a7b29",
    "trio-6-rules-computer": "29d39819248b065a656f",
    "trio-6-rules-mixed": "02727cd1302d1346c6e2",
    "trio-6-rules-random": "16114ef66d16b1a3dcee",
    "trio-6-alternatives-computer": "f7e64eefc922bbf68e43",
    "trio-6-alternatives-mixed": "e8acbc6f9d27f8ef626f",
    "trio-6-alternatives-random": "8b54806b9c1324aea65e",
    "ecole-3-rules-computer": "785c6aab5fd5f07fcf44",
    "ecole-3-rules-mixed": "55c2edef12a1b6c8278e",
    "ecole-3-rules-random": "1dc32c13989b5f1a3980",
    "ecole-3-alternatives-computer": "58ad2a02672c3c475d30",
    "ecole-3-alternatives-mixed": "afbc41ec99dca7d2e8e9",
    "ecole-3-alternatives-random": "4ea30131594115b60766",
    "ecole-4-rules-computer": "727c872a5d284c691cad",
    "ecole-4-rules-mixed": "d017112ce4d47f5c6c55",
    "ecole-4-rules-random": "2e9169250c56037d8b7b",
    "ecole-4-alternatives-computer": "5dc91dbc80a374a0b5f6",
    "ecole-4-alternatives-mixed": "6fc0ff360c3b98bf54f8",
    "ecole-4-alternatives-random": "486d4c00640ffbb6f562",
    "ecole-5-rules-computer": "92d90febb2c87e3e6029",
    "ecole-5-rules-mixed": "b379904451d427ecc46b",
    "ecole-5-rules-random": "ec06fd08d0b5ad3dc408",
    "ecole-5-alternatives-computer": "1c5339034b2dd2fc837b",
    "ecole-5-alternatives-mixed": "a550306193d6068a9586",
    "ecole-5-alternatives-random": "5d960b6e97260b6efa10",
    "ecole-6-rules-computer": "2765c71881c1e4989042",
    "ecole-6-rules-mixed": "539e948eff89615fc628",
    "ecole-6-rules-random": "bf5962264a7717918a3f",
    "ecole-6-alternatives-computer": "54dd699dbbdf4138598c",
    "ecole-6-alternatives-mixed": "4d94367520d3bdebe951",
    "ecole-6-alternatives-random": "641b883b6e08e06bd8a0",
    "ecole-7-rules-computer": "0546ea75f56c28d50e75",
    "ecole-7-rules-mixed": "9ed1ddf1b5026e6b3968",
    "ecole-7-rules-random": "bfddba303bd5f2e0afac",
    "ecole-7-alternatives-computer": "cec27dfe4ae88f1f8f8b",
    "ecole-7-alternatives-mixed": "8590a3d4600eb5f1fb2b",
    "ecole-7-alternatives-random": "c050e130d2cc17a8d407",
}


def _forms(a: Action) -> set[str]:
    """The step kind of ``a`` and the argument forms worth covering."""
    out = {a.kind}
    if a.kind == "add" and "=" in a.arg:
        rep = a.arg.partition("=")[2]
        out.add("add=" + (rep if rep in ("low", "high") else "wild"))
    if a.kind == "onto" and ":" in a.arg:
        out.add("onto:" + a.arg.partition(":")[2])
    if a.kind == "meld":
        out.add("meld:" + a.arg)
    return out


@functools.cache
def play_case(game: TrioGame, seats: int, options: str, mode: str) -> tuple[str, set[str], set[str]]:
    """One match: its digest, the step forms listed and those the computer player chose."""
    seed = f"fp-{game.name}-{seats}-{options}-{mode}"
    rng = random.Random(seed)
    state: TrioState = game.new(seats, seed, {**OPTIONS[options], "max_rounds": 4})
    trio, base, rand = TrioPlayer(), BaselinePlayer(), RandomPlayer()
    digest = hashlib.sha256()
    listed: set[str] = set()
    chosen: set[str] = set()
    for _ in range(STEPS):
        seat = state.to_act()
        if seat is None:
            break
        legal = state.legal_actions(seat)
        view = state.view(seat)
        mine = trio.choose(state.view(seat), legal, random.Random(0))
        theirs = base.choose(state.view(seat), legal, random.Random(0))
        record = {"legal": [str(a) for a in legal], "trio": str(mine), "baseline": str(theirs),
                  "picks": state.pending_picks(seat), "view": view}
        digest.update(json.dumps(record, sort_keys=True).encode())
        for a in legal:
            listed |= _forms(a)
        chosen |= _forms(mine)
        if state.must_out:
            listed.add("must_out")
        mover = trio if mode == "computer" else rand if mode == "random" or seat % 2 else base
        state = state.apply(seat, mover.choose(state.view(seat), legal, rng))
    digest.update(json.dumps(state.view(None), sort_keys=True).encode())
    return digest.hexdigest()[:20], listed, chosen


@pytest.mark.parametrize(("game", "seats", "options", "mode"), CASES, ids=IDS)
def test_fingerprint_matches_the_recorded_engine(game: TrioGame, seats: int, options: str, mode: str) -> None:
    """Legal steps, both computer players' choices, pick counts and views are exactly as recorded."""
    key = f"{game.name}-{seats}-{options}-{mode}"
    found = play_case(game, seats, options, mode)[0]
    if os.environ.get("TRIO_FINGERPRINT_PRINT"):
        print(f'    "{key}": "{found}",')
    assert found == DIGESTS[key]


ALL_FORMS = {"draw", "meld", "meld:brelan", "meld:carre", "meld:seq", "add", "add=low", "add=high", "add=wild",
             "done", "cancel", "layoff", "onto", "onto:lo", "onto:hi", "discard"}


def test_fingerprint_covers_every_step_kind() -> None:
    """The recorded matches list every step kind and argument form, and the must-go-out turn,
    and the computer player chooses each kind it ever plays (it never cancels)."""
    listed: set[str] = set()
    chosen: set[str] = set()
    for case in CASES:  # played once (cached) for both tests
        _, more_listed, more_chosen = play_case(*case)
        listed |= more_listed
        chosen |= more_chosen
    assert ALL_FORMS | {"must_out"} <= listed, ALL_FORMS | {"must_out"} - listed
    assert ALL_FORMS - {"cancel"} <= chosen, ALL_FORMS - {"cancel"} - chosen
