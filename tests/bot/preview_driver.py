"""Plays through simcord's preview HTTP API exactly as its browser page does (commands, clicks,
menus), to check that a person can play a whole match in the local mode's browser page."""

from __future__ import annotations

import random
import uuid
from typing import Any

import aiohttp


def controls(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Every interactive component of a projected message."""
    found: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "control_key" in node:
                found.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(message.get("components") or [])
    return found


class PreviewPage:
    """One browser page (context) of a preview session."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        base, _, capability = url.partition("/#")
        self.http, self.base = http, base
        self.headers = {"X-Simcord-Capability": capability, "Origin": base}
        self.sequence = 0
        self.snapshot: dict[str, Any] = {}

    async def open(self) -> None:
        async with self.http.post(self.base + "/api/pages", json={}, headers=self.headers) as r:
            self.snapshot = await r.json()
        self.headers["X-Simcord-Context"] = self.snapshot["context"]["id"]

    async def state(self) -> dict[str, Any]:
        async with self.http.get(self.base + "/api/state", headers=self.headers) as r:
            self.snapshot = await r.json()
        return self.snapshot

    async def commands(self) -> dict[str, dict[str, Any]]:
        async with self.http.get(self.base + "/api/commands", headers=self.headers) as r:
            return {e["invocation"]: e for e in (await r.json())["entries"]}

    async def action(self, kind: str, **body: Any) -> dict[str, Any]:
        snap = await self.state()
        self.sequence += 1
        envelope = {**body, "protocol_version": 3, "sequence": self.sequence, "request_id": str(uuid.uuid4()),
                    "generation": snap["context"]["generation"], "bot_generation": snap["botGeneration"],
                    "published_revision": snap["publishedRevision"], "kind": kind}
        async with self.http.post(self.base + "/api/action", json=envelope, headers=self.headers) as r:
            receipt = await r.json()
        assert not receipt.get("rejected") and receipt.get("settlement") in ("settled", None), receipt
        return receipt

    async def command(self, invocation: str, **options: Any) -> str | None:
        """Run a slash command from the composer; returns the response message id."""
        entry = (await self.commands())[invocation]
        receipt = await self.action("run_command", command_id=entry["commandId"], path=entry["path"],
                                    schema_fingerprint=entry["schemaFingerprint"], options=options)
        return response_id(receipt)

    async def message(self, message_id: str) -> dict[str, Any]:
        await self.action("focus", target_id=message_id)
        return (await self.state())["messages"][message_id]

    async def click(self, message: dict[str, Any], label: str) -> str | None:
        control = next(c for c in controls(message) if c.get("label") == label)
        return response_id(await self.action("click", control_key=control["control_key"], target_id=message["id"]))


def response_id(receipt: dict[str, Any]) -> str | None:
    return next((o["messageId"] for o in receipt.get("outcomes", []) if o.get("kind") == "response"), None)


async def play_match(page: PreviewPage, game: str, computers: int, rng: random.Random,
                     labels: dict[str, str], max_turns: int = 2000) -> int:
    """Open a table from the composer, add computers, start and play "My hand" to the end.

    Returns how many actions the page sent. ``labels`` names the buttons in the server's language.
    """
    await page.command("table new", game=game)
    snap = await page.state()
    lobby = next(m for m in snap["messages"].values() if any(c.get("label") == labels["start"] for c in controls(m)))
    for _ in range(computers):
        await page.click(lobby, labels["add"])
    await page.click(lobby, labels["start"])
    table = await page.message(lobby["id"])
    sent = computers + 2
    for _ in range(max_turns):
        if not any(c.get("label") == labels["hand"] for c in controls(table)):
            return sent  # the match is over: the table lost its buttons
        hand_id = await page.click(table, labels["hand"])
        assert hand_id is not None
        sent += 1
        for _step in range(4):
            hand = await page.message(hand_id)
            items = controls(hand)
            if not items:
                break
            menus = [c for c in items if c.get("options")]
            if menus:
                menu = menus[0]
                values = rng.sample([o["value"] for o in menu["options"]], menu.get("min_values") or 1)
                await page.action("select", control_key=menu["control_key"], target_id=hand_id, values=values)
                custom_id = menu.get("custom_id", "")
            else:
                button = rng.choice([c for c in items if c.get("label") != labels["back"]])
                await page.action("click", control_key=button["control_key"], target_id=hand_id)
                custom_id = button.get("custom_id", "")
            sent += 1
            if ":~g" not in custom_id:
                break
        table = await page.message(table["id"])
    raise AssertionError("the match did not end")
