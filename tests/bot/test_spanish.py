"""Spanish, and each member's own language: private messages (hands, hints,
errors) follow the member's Discord language when Tapis speaks it (French, English, Spanish);
public messages follow the server's language (``/settings language:``). Members' Discord languages
come from the ``discord_locales`` fixture (tests/bot/conftest.py)."""

from __future__ import annotations

from typing import Any

from tests.bot.drive import components, find, member_of, open_table, tree
from tests.test_i18n import offences

#: A Spanish-speaking member's private texts (Tresillo's Spanish terms included).
SPANISH_HAND = ("Tresillo: tu mano", "te toca elegir")  # the step line: "Subasta · te toca elegir"


def said(res: Any) -> str:
    """The last thing the bot told the member, privately."""
    msgs = [*([res.response] if res.response else []), *res.followups]
    assert msgs and msgs[-1].ephemeral
    return str(msgs[-1].content)


def texts(message: Any) -> list[str]:
    """Everything a member reads on a message: content, embeds, buttons and menus."""
    out = [message.content or ""]
    for e in message.embeds:
        d = e.to_dict()
        out += [d.get("title", ""), d.get("description", ""), d.get("footer", {}).get("text", "")]
        out += [f"{f['name']} {f['value']}" for f in d.get("fields", [])]
    out += [c["content"] for c in tree(message) if c.get("type") == 10]  # a V2 message's texts
    for item in components(message):
        out += [item.get("label") or "", item.get("placeholder") or ""]
        out += [o.get("label", "") for o in item.get("options", [])]
    return [text for text in out if text]


async def open_hand(w: Any, member: Any, table_msg: Any, label: str) -> Any:
    """The member clicks the table's "My hand" button (labelled in the server's language)."""
    res = await member.click(table_msg, label=label)
    assert res.ephemeral
    return find(w.channel, res.response.id, viewer=member)


async def test_a_spanish_member_gets_a_spanish_hand_in_a_french_server(world: Any,
                                                                       discord_locales: dict[int, str]) -> None:
    w = world
    discord_locales.update({w.alice.id: "fr", w.bob.id: "es-ES", w.carol.id: "de"})
    res = await w.alice.slash(w.channel, "settings", language="fr")
    assert "Langue\u00a0: Français" in said(res)
    table, table_msg = await open_table(w, "tresillo", [w.alice, w.bob, w.carol], 0)
    # the public table message speaks the server's language
    assert "Ma main" in [c.get("label") for c in components(table_msg)]
    assert not any("Mi mano" in text for text in texts(table_msg))

    actor = member_of(w, table, table.to_act())
    if actor is not w.bob:  # Bob (Spanish) waits: his hand says so, in Spanish
        hand = await open_hand(w, w.bob, table_msg, "Ma main")
        assert hand.ephemeral and any("Esperando a" in text for text in texts(hand)), texts(hand)
        discord_locales[actor.id] = "es-419"  # the one to act speaks Latin American Spanish
    hand = await open_hand(w, actor, table_msg, "Ma main")
    read = texts(hand)
    for wanted in SPANISH_HAND:
        assert any(wanted in text for text in read), (wanted, read)
    labels = [c.get("label") for c in components(hand) if c.get("label")]
    assert "Paso" in labels and "Juego" in labels, labels  # Tresillo's bids, in Spanish
    assert not [found for text in read if (found := offences(text, "es"))], read

    # /play answers the Spanish member in Spanish; the table moves on and stays French in public
    res = await actor.slash(w.channel, "play", action="pass")
    assert said(res) == "Hecho: Paso"
    # an error is private too: in the member's language
    res = await actor.slash(w.channel, "table cancel")
    assert said(res).startswith("Solo el anfitrión"), said(res)

    # a French member reads French; a member whose language Tapis does not speak, the server's
    for member in (w.alice, w.carol):
        hand = await open_hand(w, member, table_msg, "Ma main")
        assert any("Tresillo\u00a0: votre main" in text for text in texts(hand)), texts(hand)
    table_msg = find(w.channel, table.message_id)
    assert not [text for text in texts(table_msg) if offences(text, "fr")], texts(table_msg)


async def test_english_member_in_a_spanish_server(world: Any, discord_locales: dict[int, str]) -> None:
    """/settings language:es makes the public text Spanish; an English member still reads English."""
    w = world
    discord_locales.update({w.alice.id: "es-ES", w.bob.id: "en-GB"})
    res = await w.alice.slash(w.channel, "settings", language="es")
    assert "Idioma: Español" in said(res)
    table, table_msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    assert "Mi mano" in [c.get("label") for c in components(table_msg)]
    hand = await open_hand(w, w.bob, table_msg, "Mi mano")
    assert any("your hand" in text for text in texts(hand)), texts(hand)
    res = await w.bob.slash(w.channel, "table cancel")
    assert said(res).startswith("Only the host"), said(res)
    res = await w.alice.slash(w.channel, "table cancel")
    assert table.status == "cancelled" and "anulada" in said(res), said(res)
