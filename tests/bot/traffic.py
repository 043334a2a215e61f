"""What Discord would refuse or call deprecated in the bot's requests, seen in simcord's traffic.

:func:`watch` wraps simcord's HTTP router (every request of the bot, channel routes and
interaction webhooks alike, goes through :func:`simcord.http.router.dispatch`) and records:

- a deferral completed by a follow-up: ``POST /webhooks/{app}/{token}`` while the interaction's
  deferral still shows "thinking…" (Discord calls it deprecated: edit the original response);
- an upload over Discord's limits: more than :data:`MAX_FILES` files in one request, or a file over
  :data:`MAX_FILE_BYTES` (servers without boosts, DISCORD.md);
- an image uploaded without its description (the alt text screen readers read, at most
  :data:`ALT_LIMIT` characters).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from simcord.http import router

from bot.ui.limits import MAX_FILE_BYTES, MAX_FILES, file_size

ALT_LIMIT = 1024
IMAGES = (".png", ".jpg", ".jpeg", ".gif", ".webp")


def faults(backend: Any, method: str, path: str, files: list[Any]) -> list[str]:
    """What is wrong with one request (empty: nothing)."""
    found = []
    words = path.split("?")[0].strip("/").split("/")
    if method == "POST" and len(words) == 3 and words[0] == "webhooks" and words[2] in backend.interaction_tokens:
        if backend.interaction_by_token(words[2]).loading:
            found.append(f"{method} {path}: a deferral completed by a follow-up")
    if len(files) > MAX_FILES:
        found.append(f"{method} {path}: {len(files)} files (at most {MAX_FILES})")
    for file in files:
        if file_size(file) > MAX_FILE_BYTES:
            found.append(f"{method} {path}: {getattr(file, 'filename', '?')} is {file_size(file)} bytes")
        name = str(getattr(file, "filename", "") or "")
        alt = getattr(file, "description", None)
        if name.lower().endswith(IMAGES) and not (alt and alt.strip() and len(alt) <= ALT_LIMIT):
            found.append(f"{method} {path}: {name} has no description" if not alt else
                         f"{method} {path}: {name}'s description is {len(alt)} characters")
    return found


@contextmanager
def watch() -> Iterator[list[str]]:
    """Every fault of the bot's requests in the block (see the module's docstring), in order."""
    seen: list[str] = []
    original = router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kw: Any) -> Any:
        seen.extend(faults(backend, method, path, list(kw.get("files") or [])))
        return original(backend, method, path, **kw)

    router.dispatch = dispatch
    try:
        yield seen
    finally:
        router.dispatch = original
