"""What each part of a table's presence in Discord shows: the table message, the
recap of a deal, the final results, the turn ping; and the key of what the table message shows.

Pure builders: no request to Discord is made here (:mod:`bot.ui.presenter` sends them). Only public
views (``view(None)``) are drawn or described.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.infra import images
from bot.service.i18n import N_, t, tn
from bot.service.records import MatchCache, num
from bot.service.table import ViewMemo
from bot.ui import field_view, replay, views, words
from rendering import alt_text
from rendering.layouts import layout_for

if TYPE_CHECKING:
    from bot.service.tables import Table


def table_key(table: Table) -> str:
    """Changes exactly when the table message must change: status, revision, and the seats as
    the message names them (a member away, a computer in a kicked member's seat)."""
    seats = "|".join(f"{s.user_id}:{s.name}:{int(s.away)}:{s.level}" for s in table.seats)
    digest = hashlib.sha1(seats.encode()).hexdigest()[:10]
    return f"{table.status}:{table.rev}:{digest}"


@dataclass(frozen=True, slots=True)
class Beat:
    """What decides whether a change of the table is worth an edit of its message at once:
    :func:`table_beat`, :func:`only_play_within`, :func:`same_step`."""

    head: tuple[Any, ...]  # the status, the seats as named, the deal, the phase, the last trick
    actor: int | None  # the seat to act
    trick: tuple[str, ...]  # the cards of the trick in progress


def table_beat(table: Table, memo: ViewMemo) -> Beat:
    """The table's :class:`Beat` now (its public view, asked of ``memo``)."""
    state = table.state
    seats = tuple((s.user_id, s.name, s.away, s.level) for s in table.seats)
    if state is None:
        return Beat((table.status, seats), None, ())
    public = memo.public(table)
    trick = tuple(repr(card) for card in public.get("trick") or ())
    phase = public.get("phase")
    step = "turn" if phase in table.game.turn_steps else phase
    # the last trick: a trick taken by the seat that led it leaves the trick empty and the same seat
    # to lead, as before that trick's first card
    last = repr(public.get("last_trick"))
    return Beat((table.status, seats, public.get("deal_no"), step, last), table.to_act(), trick)


def only_play_within(shown: Beat, now: Beat) -> bool:
    """Whether the table moved on from ``shown`` only by cards played into the same trick, or by
    moves within one seat's turn (a draw before the discard): the public message can follow at the
    trick's or the turn's end, the consoles carrying each card meanwhile."""
    if shown.head != now.head:
        return False
    grew = len(now.trick) > len(shown.trick) and now.trick[:len(shown.trick)] == shown.trick
    return grew or (now.actor == shown.actor and now.trick == shown.trick)


def same_step(shown: Beat, now: Beat) -> bool:
    """Whether the table moved on from ``shown`` only within the same step of the same deal (bids
    of one auction, tricks of one play, turns), with the same seats: the public message can gather
    several of them in one edit, the consoles showing each meanwhile. A new step (the auction's
    end, the chien, the deal's end) or a seat's change is not."""
    return len(shown.head) == len(now.head) == 5 and shown.head[:4] == now.head[:4]


def nonce(table_id: str, part: str, detail: str | None = None) -> str:
    """The nonce of a post (at most 25 characters): Discord (``enforce_nonce``) answers a post
    repeated within minutes with the message already made, so a post whose answer was lost (a
    timeout) and is sent again appears once."""
    return hashlib.sha1(f"{table_id}:{part}:{detail}".encode()).hexdigest()[:25]


def ended_deals(table: Table) -> list[int]:
    """The deals that ended, each to be recapped once (:func:`bot.service.facts.ended_deals`),
    answered without building a table restored but not used yet."""
    facts = table.facts
    return list(facts.ended) if facts is not None else []


def deal_end_view(table: Table, deal_no: int) -> dict[str, Any] | None:
    """The public view just after deal ``deal_no`` ended (its ``last_deal``): the current one,
    else the log replayed to that point (a recap Discord refused while later deals were played)."""
    state = table.state
    if state is None:
        return None
    public = state.view(None)
    last = public.get("last_deal")
    if isinstance(last, dict) and last.get("deal_no") == deal_no:
        return public
    game = table.game
    step = game.new(len(table.seats), table.seed, state.options)
    deal = step.deal_index()
    for action in state.to_json()["log"]:
        seat = step.to_act()
        if seat is None:
            break
        step = step.apply(seat, game.parse_action(action))
        if step.deal_index() != deal or step.to_act() is None:
            deal = step.deal_index()
            view = step.view(None)
            last = view.get("last_deal")
            if isinstance(last, dict) and last.get("deal_no") == deal_no:
                return view
    return None


def host_name(table: Table) -> str:
    """Who opened the table (a table is named by its game and host, its code only beside them)."""
    return next((s.name for s in table.seats if s.user_id == table.host_id), table.seats[0].name if table.seats else "?")


def contract_text(contract: Any, names: list[str], label: str | None = None) -> str:
    """A short public description of a view's ``contract``: its name (``label``, the game's own
    word for it, when given) and who holds it."""
    if not isinstance(contract, dict):
        return str(contract)
    name = next((str(contract[k]) for k in ("label", "name", "bid", "contract", "kind") if contract.get(k)), "")
    who = next((contract[k] for k in ("taker", "declarer", "player", "bidder") if isinstance(contract.get(k), int)), None)
    text = label or (name.replace("_", " ").capitalize() if name else "?")
    return f"{text} ({names[who]})" if who is not None and 0 <= who < len(names) else text


def table_embed(table: Table, view: dict[str, Any] | None, locale: str, with_image: bool,
                moves: Sequence[str] = ()) -> discord.Embed:
    game = table.game
    title = t(locale, "lobby_title", game=views.game_title(game, locale), host=host_name(table), table=table.id)
    names = table.names()
    if table.status == "lobby" or view is None:
        host = next((s.name for s in table.seats if s.user_id == table.host_id), "?")
        desc = t(locale, "lobby_desc", host=host, n=len(table.seats), max=table.capacity, min=game.min_seats)
        if not table.rated:
            desc += "\n" + unrated_line(table, locale)
        embed = discord.Embed(title=title, colour=discord.Colour.blurple(), description=desc)
        embed.add_field(name=t(locale, "seats"), value="\n".join(
            f"{i + 1}. {s.name}{' 🤖' if s.computer else ''}" for i, s in enumerate(table.seats)) or "-",
            inline=False)
        opts = {o.name: o for o in game.options()}
        if table.options:
            embed.add_field(name=t(locale, "options"), value="\n".join(
                t(locale, "option_line", name=opts[k].describe(locale) if k in opts else k,
                  value=opts[k].label(v, locale) if k in opts else v) for k, v in table.options.items())[:1024])
        if table.status == "cancelled":
            embed.description = t(locale, "cancelled", table=table.called(locale))
        return embed
    lines = []
    to_act = view.get("to_act")
    if table.status == "cancelled":
        lines.append(t(locale, "cancelled", table=table.called(locale)))
    elif to_act is None:
        lines.append(f"**{t(locale, 'over')}**")
    else:
        lines.append(f"**{t(locale, 'to_act', name=names[to_act])}**")
    if view.get("deals") and view.get("deal_no") is not None and to_act is not None:
        lines.append(t(locale, "deal", n=int(view["deal_no"]) + 1, of=view["deals"]))
    if not table.rated:
        lines.append(unrated_line(table, locale))
    if view.get("phase") and to_act is not None:
        lines.append(t(locale, "phase_line", phase=game.phase_label(str(view["phase"]), locale)))
    contract = view.get("contract")
    said = t(locale, "contract_line", contract="").strip()
    if contract:
        label = game.contract_label(contract, locale) if isinstance(contract, dict) else None
        lines.append(t(locale, "contract_line", contract=contract_text(contract, names, label)))
    if to_act is not None:  # the image's notes in words (declarations, exchanges, trumps)
        info = layout_for(view).info(view, names, locale)
        lines += [line for line in info if not (contract and line.startswith(said))]
    lines += [line for line in (words.trick_line(game, view, names, locale),
                                words.last_trick_line(game, view, names, locale)) if line]
    embed = discord.Embed(title=title, description="\n".join(lines)[:4000], colour=discord.Colour.dark_green())
    seat_lines = []
    for i, s in enumerate(table.seats):
        bits = words.seat_bits(view, i, locale)
        mark = " 🤖" if s.computer else (f" ({t(locale, 'away')})" if s.away else "")
        arrow = "▶ " if i == to_act else ""
        seat_lines.append(t(locale, "log_says", name=f"{arrow}{s.name}{mark}", what=" · ".join(b for b in bits if b)))
    embed.add_field(name=t(locale, "score"), value="\n".join(seat_lines)[:1024] or "-", inline=False)
    if moves:
        text = "\n".join(moves)
        while len(text) > 1024:
            text = text.partition("\n")[2]
        embed.add_field(name=t(locale, "log_title"), value=text or "-", inline=False)
    if with_image:
        embed.set_image(url="attachment://table.png")
    return embed


#: the games whose deal is called a round (docs/rules/trio.md, « The round »)
ROUND_GAMES = frozenset({"trio", "ecole"})


async def recap_message(table: Table, matches: MatchCache, public: dict[str, Any], locale: str) -> dict[str, Any]:
    """The recap of the deal in ``public["last_deal"]``: its score changes, its image, and (while
    the match goes on) the score sheet so far; the results carry the last one."""
    last = public["last_deal"]
    pngs = await images.recap_pngs(public, table.names(), locale)
    title = N_("recap_round") if table.game.name in ROUND_GAMES else N_("recap")
    embed = discord.Embed(title=t(locale, title, n=int(last.get("deal_no", 0)) + 1), colour=discord.Colour.gold())
    deltas, totals = last.get("deltas") or [], last.get("scores") or []
    lines = [] if table.rated else [unrated_line(table, locale)]
    lines += [t(locale, "log_says", name=name, what=num(deltas[i], True) + (f" → {num(totals[i])}" if i < len(totals)
                                                                          else ""))
              for i, name in enumerate(table.names()) if i < len(deltas)]
    embed.description = "\n".join(lines)[:4000] or None
    files, pages = [], []
    for i, (png, alt) in enumerate(zip(pngs, alt_text.recap_alts(public, locale, table.names(), len(pngs)),
                                       strict=False)):  # a recap too tall for one image comes in pages
        name = "recap.png" if i == 0 else f"recap-{i + 1}.png"
        files.append(discord.File(io.BytesIO(png), filename=name, description=alt))
        page = embed if i == 0 else discord.Embed(colour=discord.Colour.gold())
        page.set_image(url=f"attachment://{name}")
        pages.append(page)
    sheet, sheet_files = await replay.sheet_parts(table, matches, locale, last.get("deal_no")) \
        if table.status == "playing" else ([], [])
    message: dict[str, Any] = {"embeds": [embed, *pages[1:], *sheet], "files": files + sheet_files}
    review = views.review_button(table, int(last.get("deal_no", 0)), locale)
    if review is not None:
        message["view"] = discord.ui.View(timeout=None)
        message["view"].add_item(review)
    if table.duplicate:  # a challenge's or a group's deal: the field on the same cards
        message.setdefault("view", discord.ui.View(timeout=None)).add_item(
            field_view.field_button(table.id, int(last.get("deal_no", 0)), locale))
    return message


def unrated_line(table: Table, locale: str) -> str:
    """Why the match changes no rating: a daily challenge's deal, or a shorter practice match."""
    return t(locale, "challenge_unrated") if table.challenge else t(locale, "practice_unrated")


async def results_message(table: Table, matches: MatchCache, locale: str) -> dict[str, Any]:
    """The final results: places, points and rating changes; the score sheet; Rematch, Replay, Export."""
    from bot.service.rating_words import change_text, provisional_after, stored_change, why_line
    from bot.service.ratings import shown  # ratings as players see them (1000 for a new player)

    rows = sorted(table.result or [], key=lambda r: (r["place"], r["seat"]))
    lines = [] if table.rated else [unrated_line(table, locale)]
    for r in rows:
        if r["user_id"] is not None and r["rating_before"] is not None and r["rating_after"] is not None:
            stored = r.get("rating_why")
            lines.append(t(locale, "rating_line_provisional" if provisional_after(stored) else "rating_line",
                           place=r["place"] + 1, name=r["name"], points=tn(locale, "count.points", r["score"]),
                           before=shown(r["rating_before"]), after=shown(r["rating_after"]),
                           change=change_text(stored_change(stored, r["rating_before"], r["rating_after"]) or 0)))
            if why := why_line(table.game, r.get("rating_why"), locale):  # why it moved
                lines.append(f" {why}")
        else:
            lines.append(t(locale, "result_line", place=r["place"] + 1,
                           name=r["name"] + (" 🤖" if r["user_id"] is None else ""),
                           points=tn(locale, "count.points", r["score"])))
    embed = discord.Embed(title=t(locale, "results", game=views.game_title(table.game, locale), host=host_name(table),
                                  table=table.id),
                          description="\n".join(lines)[:4000], colour=discord.Colour.green())
    extra = await replay.results_parts(table, matches, locale)  # score sheet; Rematch, Replay, Export
    return {"embeds": [embed, *extra["embeds"]], "files": extra["files"], "view": extra["view"]}


def ping_message(table: Table, seat: int, live: bool, locale: str) -> dict[str, Any]:
    """The turn ping: only the member to act is mentioned (``allowed_mentions``)."""
    user_id = table.seats[seat].user_id
    key = N_("your_turn_live") if live else N_("your_turn")
    return {"content": t(locale, key, mention=f"<@{user_id}>", game=views.game_title(table.game, locale)),
            "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False,
                                                        users=[discord.Object(user_id or 0)])}
