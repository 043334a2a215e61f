"""Seeded randomness: the only source of chance in the engines."""

from __future__ import annotations

import random


def deal_rng(seed: int | str, deal_no: int, salt: str = "") -> random.Random:
    """A generator for deal ``deal_no`` of a match, identical in every process.

    String seeding of :class:`random.Random` is stable across runs (unlike ``hash``).
    """
    return random.Random(f"{seed}:{deal_no}{':' + salt if salt else ''}")
