"""The fingerprint of Le Trio / L'École: legal steps, computer choices and views over many
seeded positions, compared with constants recorded from the engine before its readability
rewrite (issue 18). Any change of a legal-step list, of a choice of either computer player, of
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

# Recorded from the engine of commit 0cc4954 (before the rewrite of issue 18).
DIGESTS: dict[str, str] = {
    "trio-3-rules-computer": "9d488af588e1504a32ed",
    "trio-3-rules-mixed": "d81735e27c5b7c24ba6e",
    "trio-3-rules-random": "501e822fc046825a57a7",
    "trio-3-alternatives-computer": "acf8af6fd9c8c7779752",
    "trio-3-alternatives-mixed": "609a955cf35437b3758d",
    "trio-3-alternatives-random": "fc11a142f5689f3f0b9e",
    "trio-4-rules-computer": "8f9df7d4266de3ced88d",
    "trio-4-rules-mixed": "ccdea4ee37af9b25f2c5",
    "trio-4-rules-random": "1b4561a499a86189e71f",
    "trio-4-alternatives-computer": "7536ee961b2fd7b93126",
    "trio-4-alternatives-mixed": "f53cf302e906312b0a34",
    "trio-4-alternatives-random": "35d44110d58179de9306",
    "trio-5-rules-computer": "f564a35a97116662e2ae",
    "trio-5-rules-mixed": "8cd7358486affd67a400",
    "trio-5-rules-random": "3268001f5d56df87da21",
    "trio-5-alternatives-computer": "7305903dcd9cf3950fdf",
    "trio-5-alternatives-mixed": "ed96d0e7f51b85ad0090",
    "trio-5-alternatives-random": "ccb384fb96b0360a9dfd",
    "trio-6-rules-computer": "ee7cdda129d53ca6ef8e",
    "trio-6-rules-mixed": "8e9913ac61f4abfcece5",
    "trio-6-rules-random": "2d2e1c754688ad928a27",
    "trio-6-alternatives-computer": "bbbe52e9d7669abe90d0",
    "trio-6-alternatives-mixed": "e90268b53ad754922b3a",
    "trio-6-alternatives-random": "ddc3444feea47c461e18",
    "ecole-3-rules-computer": "39b9601954fc2d7ecd91",
    "ecole-3-rules-mixed": "bc76557ce7fe483a416b",
    "ecole-3-rules-random": "327c3123aab7653064da",
    "ecole-3-alternatives-computer": "4e8946ae458e0fd505eb",
    "ecole-3-alternatives-mixed": "4e46f1c1d97c84b68417",
    "ecole-3-alternatives-random": "bea9bbd4d49666255239",
    "ecole-4-rules-computer": "5137ca3400623caa5638",
    "ecole-4-rules-mixed": "78790d208efe033eacb6",
    "ecole-4-rules-random": "03c79d6a0632935e2d2f",
    "ecole-4-alternatives-computer": "f9bd0f1772baeb94d9f1",
    "ecole-4-alternatives-mixed": "8f3b69455cb91d2db63f",
    "ecole-4-alternatives-random": "3ddb19689ba0a070a2ea",
    "ecole-5-rules-computer": "fb3612f491daacc88839",
    "ecole-5-rules-mixed": "eddd0ef7c71b67537721",
    "ecole-5-rules-random": "8f41cace2a4ac976625e",
    "ecole-5-alternatives-computer": "cd87317dc489a17307ac",
    "ecole-5-alternatives-mixed": "eb132ce650db0bfd3fc1",
    "ecole-5-alternatives-random": "bc35c4d289ebfa54e4d3",
    "ecole-6-rules-computer": "1d041562fceffd215cb6",
    "ecole-6-rules-mixed": "c82c37b9c508df857043",
    "ecole-6-rules-random": "e30219272474f7c79309",
    "ecole-6-alternatives-computer": "6a536a246251f4bcd9e0",
    "ecole-6-alternatives-mixed": "0cc99632a3369a857aa2",
    "ecole-6-alternatives-random": "e795bd798c17ba4c7cf2",
    "ecole-7-rules-computer": "7cbfb660919d43a75720",
    "ecole-7-rules-mixed": "0029a93ae3b2996cf628",
    "ecole-7-rules-random": "8c5eaf93e17144d01ab9",
    "ecole-7-alternatives-computer": "0ef7ee0463d20ee39ee4",
    "ecole-7-alternatives-mixed": "9a6221428cf2c257c03e",
    "ecole-7-alternatives-random": "a131ae441f38ce479add",
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
