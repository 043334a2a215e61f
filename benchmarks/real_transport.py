"""The transport and parsing a real run costs, replayed: what simcord answers in memory goes through
discord.py's real ``HTTPClient`` and webhook adapter, aiohttp and TLS, to a local aiohttp server.

:func:`capture` records, during a :mod:`benchmarks.real_load` run, every request the bot hands to
simcord's HTTP fakes (route, JSON, multipart form, files' bytes) and every interaction payload the
gateway delivers. :func:`replay` then starts a local HTTPS server in another process (a self-signed
certificate made at run time with ``openssl``), sends the same requests in the same order through
one kept-alive aiohttp session (the bot's), and times this process's CPU; :func:`parse_cost` times
the gateway frame's JSON decoding and discord.py's :class:`discord.Interaction` construction of each
payload. The server answers a message route with the message it was sent (ids added), as Discord
does, a callback or a delete with 204.

Run the server alone: ``python -m benchmarks.real_transport serve CERT KEY`` (prints its port).
"""

from __future__ import annotations

import asyncio
import copy
import cProfile
import io
import json
import pstats
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord


@dataclass
class Request:
    adapter: bool  # through the webhook adapter (interaction callbacks, token edits), else HTTPClient
    method: str
    url: str
    json: Any = None
    form: list[dict[str, Any]] | None = None  # multipart entries, each file's value replaced by its bytes
    files: list[tuple[bytes, str]] = field(default_factory=list)


@dataclass
class Capture:
    requests: list[Request] = field(default_factory=list)
    interactions: list[dict[str, Any]] = field(default_factory=list)
    on: bool = False


def _bytes(fp: Any) -> bytes:
    if isinstance(fp, io.BytesIO):
        return fp.getvalue()
    if isinstance(fp, bytes):
        return fp
    pos = fp.tell()
    fp.seek(0)
    data: bytes = fp.read()
    fp.seek(pos)
    return data


def _form(entries: Any) -> list[dict[str, Any]] | None:
    if entries is None:
        return None
    out = []
    for entry in entries:
        entry = dict(entry)
        if not isinstance(entry.get("value"), (str, bytes)):
            entry["value"] = _bytes(entry["value"])
        out.append(entry)
    return out


def capture(record: Capture, undo: list[Callable[[], None]], state: Any) -> None:
    """Record the bot's requests to simcord's fakes and the interactions its connection ``state``
    parses (while ``record.on``)."""
    from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter

    real_http, real_hook = FakeHTTPClient.request, FakeWebhookAdapter.request

    async def http(self: Any, route: Any, *, files: Any = None, form: Any = None, **kw: Any) -> Any:
        if record.on:
            record.requests.append(Request(False, route.method, route.url, copy.deepcopy(kw.get("json")), _form(form),
                                           [(_bytes(f.fp), f.filename or "f") for f in files or []]))
        return await real_http(self, route, files=files, form=form, **kw)

    async def hook(self: Any, route: Any, session: Any, *, payload: Any = None, multipart: Any = None,
                   files: Any = None, **kw: Any) -> Any:
        if record.on:
            record.requests.append(Request(True, route.method, route.url, copy.deepcopy(payload), _form(multipart),
                                           [(_bytes(f.fp), f.filename or "f") for f in files or []]))
        return await real_hook(self, route, session, payload=payload, multipart=multipart, files=files, **kw)

    real_parse = state.parsers["INTERACTION_CREATE"]

    def parse(data: Any) -> None:
        if record.on:
            record.interactions.append(copy.deepcopy(data))
        real_parse(data)

    FakeHTTPClient.request = http  # type: ignore[method-assign]
    FakeWebhookAdapter.request = hook  # type: ignore[method-assign]
    state.parsers["INTERACTION_CREATE"] = parse
    undo.append(lambda: setattr(FakeHTTPClient, "request", real_http))
    undo.append(lambda: setattr(FakeWebhookAdapter, "request", real_hook))
    undo.append(lambda: state.parsers.__setitem__("INTERACTION_CREATE", real_parse))


def parse_cost(state: Any, interactions: list[dict[str, Any]]) -> float:
    """CPU seconds to decode each interaction's gateway frame and build its :class:`discord.Interaction`."""
    frames = [json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": i, "d": d}) for i, d in enumerate(interactions)]
    began = time.process_time()
    for frame in frames:
        msg = discord.utils._from_json(frame)
        discord.Interaction(data=msg["d"], state=state)
    return time.process_time() - began


# -- the local server (its own process: its CPU is not the bot's) ----------------------------------

def serve(cert: str, key: str) -> None:
    from aiohttp import web

    user = {"id": "1", "username": "tapis", "discriminator": "0", "global_name": None, "avatar": None, "bot": True}

    async def handle(request: web.Request) -> web.StreamResponse:
        if request.method == "GET" and request.path.endswith("/users/@me"):
            return web.json_response(user)
        if request.method == "DELETE" or request.path.endswith("/callback"):
            await request.read()
            return web.Response(status=204)
        sent: dict[str, Any] = {}
        if request.content_type.startswith("multipart/"):
            async for part in await request.multipart():
                body = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    sent = json.loads(body)
        elif request.can_read_body:
            sent = await request.json() or {}
        message = {"id": "2", "channel_id": "3", "type": 0, "author": user, "content": "", "tts": False,
                   "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "mention_everyone": False,
                   "mentions": [], "mention_roles": [], "pinned": False, "flags": 0, "embeds": [],
                   "attachments": [], "components": []}
        message.update({k: v for k, v in sent.items() if k in message})
        return web.json_response(message)

    app = web.Application(client_max_size=16 * 1024 * 1024)
    app.router.add_route("*", "/{tail:.*}", handle)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)

    async def main() -> None:
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=context)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        print(port, flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())


def certificate(folder: Path) -> tuple[str, str]:
    cert, key = str(folder / "cert.pem"), str(folder / "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    return cert, key


async def replay(requests: list[Request], concurrency: int = 8, profile: bool = False) -> float:
    """CPU seconds this process spends sending ``requests`` through discord.py and aiohttp with TLS
    (``profile``: its top functions printed, cProfile)."""
    import aiohttp
    from discord.http import HTTPClient, Route
    from discord.webhook.async_ import AsyncWebhookAdapter

    with tempfile.TemporaryDirectory() as folder:
        cert, key = certificate(Path(folder))
        server = subprocess.Popen([sys.executable, "-m", "benchmarks.real_transport", "serve", cert, key],
                                  stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            port = int(server.stdout.readline())
            base = f"https://127.0.0.1:{port}/api/v10"
            context = ssl.create_default_context(cafile=cert)
            http = HTTPClient(asyncio.get_running_loop(), connector=aiohttp.TCPConnector(ssl=context, limit=0))
            real_base = Route.BASE
            Route.BASE = base
            try:
                await http.static_login("x.y.z")
                session = http._HTTPClient__session  # type: ignore[attr-defined]
                adapter = AsyncWebhookAdapter()  # type: ignore[no-untyped-call]  # (discord.py leaves it untyped)
                queue: asyncio.Queue[Request] = asyncio.Queue()
                for r in requests:
                    queue.put_nowait(r)

                async def one(r: Request) -> None:
                    path = r.url.split("/api/v10", 1)[-1]
                    route = Route(r.method, path)
                    files = [discord.File(io.BytesIO(b), filename=name) for b, name in r.files]
                    form = None
                    if r.form is not None:
                        form = [dict(e, value=io.BytesIO(e["value"])) if isinstance(e["value"], bytes) else dict(e)
                                for e in r.form]
                    if r.adapter:
                        await adapter.request(route, session, payload=r.json, multipart=form, files=files)
                    elif form is not None:
                        await http.request(route, form=form, files=files)
                    else:
                        await http.request(route, json=r.json)

                async def worker() -> None:  # several in flight, as the bot's tables are
                    while not queue.empty():
                        await one(queue.get_nowait())

                profiler = cProfile.Profile() if profile else None
                if profiler is not None:
                    profiler.enable()
                began = time.process_time()
                await asyncio.gather(*(worker() for _ in range(concurrency)))
                spent = time.process_time() - began
                if profiler is not None:
                    profiler.disable()
                    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
                return spent
            finally:
                Route.BASE = real_base
                await http.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__" and sys.argv[1:2] == ["serve"]:
    serve(sys.argv[2], sys.argv[3])
