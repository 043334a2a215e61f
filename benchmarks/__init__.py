"""Benchmarks: each module prints figures (``python -m benchmarks.<name>``); see the README."""

from __future__ import annotations

import atexit
import shutil
import tempfile


def scratch_folder(prefix: str) -> str:
    """A new temporary folder for a run's database, removed when the process ends (the tests run
    the benchmarks: hundreds of runs left their folders in /tmp)."""
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, True)
    return folder
