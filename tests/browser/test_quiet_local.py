"""Local mode as a person starts it: the terminal shows the address and how to play, nothing else."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.browser.local_mode import local_mode


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_local_mode_prints_only_the_address_and_how_to_play(tmp_path: Path, stop: int) -> None:
    with local_mode(tmp_path, stop=stop) as local:
        pass
    assert local.stderr == [], "no warnings (intents, PyNaCl...) nor log lines:\n" + local.output()
    assert local.process.returncode == 0, local.output()
    assert local.stdout == [f"Tapis local mode: open {local.url}\n", local.stdout[1]], local.output()
    assert "/table new" in local.stdout[1] and "+ Ordinateur normal" in local.stdout[1], local.stdout[1]
    assert local.database.exists(), "the local database is the temporary one"
