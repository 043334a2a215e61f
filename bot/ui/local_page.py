"""The local mode's page: simcord's preview, with every place the bot posts in.

simcord's preview shows one channel. The bot also plays in threads (a challenge's private thread,
a club night's tables, ``/table new thread:``), so :class:`LocalPreview` keeps a channel per page:
the page lists the channel and the threads its viewer can open (``/tapis/places``), a click on one,
on a ``#thread`` mention or on a ``discord.com/channels/...`` link moves the page there
(``/tapis/goto``), and what the page sends (commands, messages, clicks) goes to that place. A
viewer who cannot see the page's thread (after "Viewing as") is brought back to the channel.

**Menus of several cards open at the first click.** Opening a menu re-renders every message of the
page, which rebuilds each image; simcord's page reserves an image's box only once it knows the
image's size, which it learns when the browser first fetched it. Until then each rebuilt image is
20 px tall while it reloads, then grows back: a hand at the bottom of the channel is pushed below
the window, and the page closes an open menu whose field leaves the window. Discord gives every
image attachment its ``width`` and ``height``, so its client never shifts like that;
:meth:`LocalPreview._page_payload` gives the page the same (read from the image's header), and
``local_assets/local.css`` keeps an embed's image box as wide while it loads as once loaded (the
button around it shrank to the unloaded image: 121 px tall instead of 280 at 1280 px), and a
Components V2 media gallery's (the hand console's cards, at the message's full width: without it,
the écart's menu closed as it opened at 1280 px). A rebuilt image has no source until its blob is
read again, and the browser shows its description (alt text) in the box meanwhile; a box sized by
its width and height ratio then grows to fit that text. The console's description names every card
(24 in the écart): at phone width it wraps taller than the cards, the menu's field went below the
window as the menu opened, and the menu closed at the first tap. ``local.css`` gives those images
``min-height: 0``: the box keeps the image's ratio whatever its text.

**A mention opens its place at the first click or tap.** The page's script used to find a
``#name`` mention's thread in its list of places, read from the server once a second: a mention
shown before the next read (a thread just made, the server slow to answer under load) matched
nothing, and the click was dropped without a word. The click now sends the mention's name and
its message to ``/tapis/goto``, which reads the message's own ``<#id>`` of that name
(:meth:`LocalPreview.mentioned`), and a click made while an action of the page settles waits for
it instead of being refused.

The page is published after each of its actions; what the bot does on its own (the demo club's
moves, :mod:`bot.ui.local_club`) is shown by :meth:`LocalPreview.republish`.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import simcord.preview
from simcord.backend.access import can_access_channel
from simcord.backend.errors import BackendError, SetupError
from simcord.builders import ChannelHandle
from simcord.preview import Preview, _validate_preview
from simcord.preview._server import PreviewServer

ASSETS = Path(__file__).with_name("local_assets")
STATIC = Path(simcord.preview.__file__).with_name("static")
IMAGE_TYPES = ("image/png", "image/jpeg", "image/webp", "image/gif")
CHANNEL_MENTION = re.compile(r"<#(\d+)>")
_PAGE: contextvars.ContextVar[Any] = contextvars.ContextVar("tapis_local_page", default=None)


def image_size(blob: bytes) -> tuple[int, int] | None:
    """An image's ``(width, height)`` from its header, or None when it is no image Pillow reads."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(blob)) as image:
            return int(image.width), int(image.height)
    except Exception:  # any undecodable blob: the page then learns the size as before
        return None


class WallClock:
    """simcord's clock reading the wall clock: message dates, snowflakes and the page's "in 1 hour"
    agree with what the bot saves (``time.time()``, SQLite's ``datetime('now')``). Its elapsed
    (virtual) time, which simcord's timers follow, is the clock it replaces."""

    def __init__(self, inner: Any, now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.inner, self._now = inner, now

    @property
    def elapsed(self) -> float:
        return float(self.inner.elapsed)

    @elapsed.setter
    def elapsed(self, value: float) -> None:
        self.inner.elapsed = value

    def now(self) -> datetime:
        return self._now()

    def advance(self, seconds: float) -> None:
        self.inner.advance(seconds)


class LocalServer(PreviewServer):
    """simcord's page server, plus the page's own script and style and the places' two routes."""

    _OWN = {"/tapis/local.js": ("local.js", "application/javascript"),
            "/tapis/local.css": ("local.css", "text/css")}
    _API = ("/tapis/places", "/tapis/goto")
    _STATIC_FILES = {**PreviewServer._STATIC_FILES, **{path: path for path in (*_OWN, *_API)}}
    preview: LocalPreview

    async def _index(self, request: Any) -> Any:
        from aiohttp import web

        if self.port is None or request.headers.get("Host", "") not in self._allowed_hosts():
            raise web.HTTPForbidden()
        text = (STATIC / "index.html").read_text(encoding="utf-8")
        text = text.replace("<title>SimCord Preview</title>", "<title>Tapis (local)</title>")
        text = text.replace('<link rel="stylesheet" href="/preview.css">',
                            '<link rel="stylesheet" href="/preview.css">\n'
                            '    <link rel="stylesheet" href="/tapis/local.css">')
        text = text.replace('<script type="module" src="/app.js"></script>',
                            '<script type="module" src="/app.js"></script>\n'
                            '    <script type="module" src="/tapis/local.js"></script>')
        return web.Response(text=text, content_type="text/html", headers=self._SECURITY_HEADERS)

    async def _static(self, request: Any) -> Any:
        from aiohttp import web

        if request.path in self._OWN:
            if self.port is None or request.headers.get("Host", "") not in self._allowed_hosts():
                raise web.HTTPForbidden()
            name, kind = self._OWN[request.path]
            return web.Response(text=(ASSETS / name).read_text(encoding="utf-8"), content_type=kind,
                                headers=self._SECURITY_HEADERS)
        if request.path in self._API:
            context = request.headers.get("X-Simcord-Context")
            if not self._authorized(request, context=context):
                raise web.HTTPUnauthorized()
            try:
                page = self.preview._get_page(context)
                if request.path == "/tapis/goto":
                    await self.preview.settled(page)
                    name, message = request.query.get("name"), request.query.get("message", "")
                    place = (self.preview.mentioned(page, int(message or 0), name) if name is not None
                             else int(request.query.get("channel", "")))
                    self.preview.goto(page, place)
                body = self.preview.places(page)
            except (SetupError, BackendError, ValueError):
                return web.json_response({"error": "unavailable"}, status=400, headers=self._SECURITY_HEADERS)
            return web.json_response(body, headers=self._SECURITY_HEADERS)
        return await super()._static(request)


class LocalPreview(Preview):
    """A preview whose pages each show one place of the demo server: its channel or a thread."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._server = LocalServer(self, self._server._requested_port)
        self._sizes: dict[str, tuple[int, int] | None] = {}
        self._last_place: dict[int, int] = {}  # viewer id -> the place a new page of theirs opens on

    # -- the page's place ---------------------------------------------------------------------

    @property
    def channel(self) -> ChannelHandle:
        """The place of the page this request is about (its commands and messages go there)."""
        page = _PAGE.get()
        home: ChannelHandle = self.home
        if page is None or page.channel_id == home.id:
            return home
        return ChannelHandle(self.env, home.guild, self.env.backend.get_channel(page.channel_id))

    @channel.setter
    def channel(self, value: ChannelHandle) -> None:
        self.home = value

    def _get_page(self, context_id: str | None) -> Any:
        page = super()._get_page(context_id)
        _PAGE.set(page)
        return page

    def _open_page(self, viewer_id: Any = None, target_id: Any = None) -> Any:
        page = super()._open_page(viewer_id, target_id)
        place = self._last_place.get(page.viewer.id)
        if place is not None and target_id is None and self._may_open(page.viewer, place):
            self._move(page, place)
            self._publish(page, reason="navigation")
        return page

    def _may_open(self, viewer: Any, channel_id: int) -> bool:
        try:
            channel = self.env.backend.get_channel(channel_id)
        except BackendError:
            return False
        guild = self.home.guild
        return (channel.guild_id == (guild.id if guild else None)
                and (channel.id == self.home.id or channel.parent_id == self.home.id)
                and can_access_channel(self.env, channel_id, viewer, history=True))

    def _move(self, page: Any, channel_id: int) -> None:
        """Put ``page`` on ``channel_id``, as simcord's own "Viewing as" moves a page to a viewer."""
        self._clear_page_assets(page)
        page.channel_id = channel_id
        page.generation += 1
        self._reset_queries(page)
        page.target_id = self._initial_target(page.viewer, channel_id)
        page.window_end_id = None
        page.modal = None
        page.modal_handle = None
        page.status = "current"
        if page is not self._python:
            self._last_place[page.viewer.id] = channel_id

    async def settled(self, page: Any, timeout: float = 10.0) -> None:
        """Wait (up to ``timeout``) until no action of ``page`` runs: a click on a place made while
        one settles is carried out after it, not refused."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self._action_page is page and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)

    def mentioned(self, page: Any, message_id: int, name: str) -> int:
        """The place a ``#name`` mention in ``message_id`` (a message on the page) stands for: the
        message's own ``<#id>`` of that name, else the newest place of that name the viewer may open."""
        backend = self.env.backend
        try:
            message = backend.get_message(page.channel_id, message_id) if message_id else None
        except BackendError:
            message = None
        if message is not None and message.visible_to(page.viewer.id):
            text = message.content + json.dumps(message.embeds, ensure_ascii=False)
            for found in CHANNEL_MENTION.findall(text):
                try:
                    if backend.get_channel(int(found)).name == name:
                        return int(found)
                except BackendError:
                    continue
        for place in self.places(page)["places"]:
            if place["name"] == name:
                return int(place["id"])
        raise SetupError("no place of that name is open to this viewer")

    def goto(self, page: Any, channel_id: int) -> None:
        """Move ``page`` to a place its viewer may open (refused while one of its actions runs)."""
        if self._action_page is page:
            raise SetupError("an action of this page is running")
        if not self._may_open(page.viewer, channel_id):
            raise SetupError("that place is not open to this viewer")
        if page.channel_id != channel_id:
            self._move(page, channel_id)
            self._publish(page, reason="navigation")

    def _publish(self, page: Any, *, reason: Any = "action") -> None:
        if page.channel_id != self.home.id and not self._may_open(page.viewer, page.channel_id):
            self._move(page, self.home.id)  # "Viewing as" someone who cannot see this thread
        super()._publish(page, reason=reason)

    def places(self, page: Any) -> dict[str, Any]:
        """The channel and the threads the page's viewer may open: public threads, and private ones
        they belong to (as Discord lists them), newest first; the one the page shows."""
        backend = self.env.backend
        viewer = page.viewer
        home = backend.get_channel(self.home.id)
        found = [{"id": str(home.id), "name": home.name, "kind": "channel"}]
        threads = sorted((c for c in backend.channels.values() if c.is_thread and c.parent_id == home.id),
                         key=lambda c: c.id, reverse=True)
        for thread in threads:
            private = int(thread.type) == 12
            if private and viewer.id not in thread.thread_members and thread.id != page.channel_id:
                continue
            if can_access_channel(self.env, thread.id, viewer, history=True):
                found.append({"id": str(thread.id), "name": thread.name,
                              "kind": "private_thread" if private else "public_thread"})
        return {"current": str(page.channel_id), "places": found[:40]}

    def viewed(self) -> set[int]:
        """The members someone is "Viewing as" (the demo club leaves their seats to them)."""
        return {page.viewer.id for page in self._pages.values() if page is not self._python}

    def republish(self) -> None:
        """Show every idle page what the bot did on its own (the demo club's moves): simcord
        publishes a page after an action of that page only. The page keeps its revision, so a click
        it is sending meanwhile is not refused as made on an outdated page (the bot itself refuses
        a click on a hand that moved on); a page whose action is running is published by it."""
        for page in tuple(self._pages.values()):
            if page is self._python or page is self._action_page or page.id not in self._pages:
                continue
            revision = page.revision
            page.revision = revision - 1  # _publish counts it up again
            self._publish(page, reason="refresh")

    # -- images keep their size -----------------------------------------------------------------

    def _page_payload(self, page: Any) -> dict[str, Any]:
        payload: dict[str, Any] = super()._page_payload(page)
        for asset_id, wire in payload.get("assets", {}).items():
            if wire.get("displayWidth") or not wire.get("available"):
                continue
            record = page.assets.get(asset_id)
            if record is None or record.digest is None or str(record.contentType).lower() not in IMAGE_TYPES:
                continue
            if record.digest not in self._sizes:
                blob = self._blobs.get(record.digest)
                self._sizes[record.digest] = image_size(blob.data) if blob is not None else None
            size = self._sizes[record.digest]
            if size is not None:
                wire["displayWidth"], wire["displayHeight"] = size
        return payload


def local_preview(env: Any, channel: Any, **kwargs: Any) -> LocalPreview:
    """``env.preview(channel, ...)`` (same arguments, same checks) with the local mode's page."""
    options: dict[str, Any] = {"layout": "channel", "display": "responsive", "width": 960, "height": 720,
                               "locale": "en-US", "timezone": "UTC", "presentation_time": None, "assets": None,
                               "sku_presentations": None, "port": None, **kwargs}
    viewers = options.pop("viewers")
    channel, viewers, assets, skus, port = _validate_preview(
        env, channel, viewers, options["width"], options["height"], options["locale"], options["timezone"],
        options["presentation_time"], options["assets"], options["sku_presentations"], options["port"],
        options["layout"], options["display"])
    return LocalPreview(env, channel, viewers, layout=options["layout"], display=options["display"],
                        width=options["width"], height=options["height"], locale=options["locale"],
                        timezone=options["timezone"], presentation_time=options["presentation_time"],
                        assets=assets, sku_presentations=skus, port=port)
