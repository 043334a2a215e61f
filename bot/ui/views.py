"""Components: :class:`TapisButton` and :class:`TapisSelect` for every button and menu, and view builders.

Every component's custom_id follows ``bot/ui/ids.py``; a click is parsed back from it
(:meth:`bot.ui.client.TapisBot.on_interaction`: nothing lives only inside a View), so the buttons
of a table keep working after a restart. discord.py keeps no View of these items: its
``DynamicItem`` dispatch, used before, rebuilt a View of the clicked message's every
component (``View.from_message``) at each click to find the item whose custom_id
the click already carries.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.service.i18n import N_, pick, t
from bot.ui import ids
from games.base import Action, Game, PickMenu

if TYPE_CHECKING:
    from bot.service.tables import Table

BUTTONS_MAX = 20
SELECT_MAX = 25
#: action rows of a hand: Components V2 has no five-row limit, only its 40 components in all
#: (:func:`bot.ui.hands.hand_payload`: two texts, the image, rows and at most 25 buttons)
ROWS_MAX = 10
#: the lobby's "add a computer player" buttons: verb and label key, one per level
ADD_COMPUTER = (("~be", N_("add_bot_easy")), ("~bn", N_("add_bot_normal")), ("~bx", N_("add_bot_expert")))
#: the level each of those verbs adds (a bare ``~b`` from an older lobby message adds a normal one)
ADD_LEVEL = {"~b": "normal", "~be": "easy", "~bn": "normal", "~bx": "expert"}


class TapisButton(discord.ui.Button[Any]):
    """A Tapis button: the bot reads its clicks from the custom_id, so discord.py stores no View of it."""

    def is_dispatchable(self) -> bool:
        return False


class TapisSelect(discord.ui.Select[Any]):
    """A Tapis menu: the bot reads its choices from the click, so discord.py stores no View of it."""

    def is_dispatchable(self) -> bool:
        return False


def button(custom_id: str, label: str, *, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           row: int | None = None, disabled: bool = False) -> TapisButton:
    return TapisButton(label=label[:80], custom_id=custom_id, style=style, disabled=disabled, row=row)


def menu_id(custom_id: str, renew: int = 0) -> int:
    """A menu's component id, one per menu (its custom_id names the table's state): a client that
    keeps what was picked in a menu by its id (simcord's page does, for a Components V2 message)
    then opens the next menu of an edited hand with nothing picked, not the previous menu's picks.
    ``renew``: the same menu shown again after a refused pick (its state unchanged) gets a new id,
    so it opens with nothing picked too. At least 2**30, above the ids a message numbers its other
    components with."""
    key = custom_id if not renew else f"{custom_id}#{renew}"
    return (zlib.crc32(key.encode()) & 0x3FFFFFFF) | 0x40000000


class Rows:
    """Buttons and menus built as the rows of components Discord is sent, for the hands:
    up to twenty buttons at every move, where discord.py's items cost CPU each (docs/decisions.md,
    « Hands' buttons without discord.py Views ») and the bot reads a click from its custom_id anyway. The
    same components as :func:`button` and :class:`TapisSelect` give (``tests/bot/test_views.py``). Not a
    discord.py View either (its construction: a future, random bytes): the hand's :class:`Layout` takes
    its rows."""

    __slots__ = ("limit", "renew", "rows")

    def __init__(self, limit: int = ROWS_MAX, renew: int = 0) -> None:
        self.limit = limit  # rows at most (5 in a message without Components V2)
        self.renew = renew  # the menus' ids: :func:`menu_id`
        self.rows: list[list[dict[str, Any]]] = [[] for _ in range(limit)]

    def next_row(self) -> int:
        """The row after the last one used (the last row when every row is used)."""
        used = [n for n, row in enumerate(self.rows) if row]
        return min(used[-1] + 1 if used else 0, self.limit - 1)

    def add_button(self, custom_id: str, label: str, *, row: int,
                   style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        self.rows[row].append({"type": 2, "style": style.value, "disabled": False, "label": label[:80],
                               "custom_id": custom_id})

    def add_select(self, custom_id: str, options: Sequence[tuple[str, str]], *, row: int,
                   placeholder: str | None = None, picks: int = 1) -> None:
        """A menu of ``options`` (label, value) where ``picks`` are chosen at once, its component id
        :func:`menu_id`."""
        used = {c.get("id") for row in self.rows for c in row}
        number = menu_id(custom_id, self.renew)
        while number in used:  # two menus of one message: ids unique within it
            number = number + 1 if number < 0x7FFFFFFF else 0x40000000
        select: dict[str, Any] = {"type": 3, "id": number, "custom_id": custom_id,
                                  "min_values": picks, "max_values": picks, "disabled": False, "required": True}
        if placeholder:
            select["placeholder"] = placeholder[:150]
        select["options"] = [{"label": label[:100], "value": value, "default": False} for label, value in options]
        self.rows[row].append(select)

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": list(row)} for row in self.rows if row]

    def is_dispatchable(self) -> bool:
        return False


class Layout(discord.ui.LayoutView):
    """A Components V2 message (text displays, a media gallery, action rows) built as the raw
    components Discord is sent, like :class:`Rows`: discord.py sets the message's V2 flag from
    :meth:`has_components_v2`. Such a message has no content or embeds, and keeps the flag for good."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.components = components

    def to_components(self) -> list[dict[str, Any]]:
        return self.components

    def has_components_v2(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False


def text_display(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def gallery(url: str, description: str | None = None) -> dict[str, Any]:
    """One media item, shown at the message's full width."""
    item: dict[str, Any] = {"media": {"url": url}, "spoiler": False}
    if description:
        item["description"] = description[:1024]
    return {"type": 12, "items": [item]}


def notice(text: str) -> Layout:
    """A V2 message of one line (a retired hand: its V2 flag cannot be removed)."""
    return Layout([text_display(text[:4000])])


def lobby_view(table: Table, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    grey, green, red, blue = (discord.ButtonStyle.secondary, discord.ButtonStyle.success,
                              discord.ButtonStyle.danger, discord.ButtonStyle.primary)
    for verb, key, style in (("~j", N_("join"), blue), ("~l", N_("leave"), grey),
                             ("~s", N_("start"), green), ("~c", N_("cancel"), red)):
        view.add_item(button(ids.build_id(table.id, 0, verb), t(locale, key), style=style, row=0))
    for verb, key in ADD_COMPUTER:  # one button per computer level
        view.add_item(button(ids.build_id(table.id, 0, verb), t(locale, key), row=1))
    return view


def table_view(table: Table, locale: str) -> discord.ui.View | None:
    """The persistent buttons under a table in play (none once it is over); a daily challenge's
    deal has no "vote to abort" (one attempt: the service refuses it)."""
    if table.status != "playing":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(button(ids.build_id(table.id, 0, "~h"), t(locale, "my_hand"),
                         style=discord.ButtonStyle.primary, row=0))
    if not table.challenge:
        view.add_item(button(ids.build_id(table.id, 0, "~v"), t(locale, "vote_abort"),
                             style=discord.ButtonStyle.secondary, row=0))
    return view


def review_button(table: Table, deal_no: int, locale: str, row: int | None = None) -> TapisButton | None:
    """The "Analyse" button of a deal that ended (each member sees their own decisions weighed), for the
    games whose expert reviews (:mod:`games.review`)."""
    if not reviewable(table.game.name):
        return None
    return button(ids.build_id(table.id, deal_no, "~d"), t(locale, "review_button"), row=row)


@functools.cache
def reviewable(game: str) -> bool:
    """Whether ``game`` has an expert to review its deals with."""
    from games import GAMES
    from games.search import Expert

    try:
        return isinstance(GAMES[game].computer_player("expert"), Expert)
    except (KeyError, TypeError, ValueError):
        return False


def _option(table: Table, action: Action, index: int, locale: str) -> tuple[str, str]:
    """A menu option for a legal action: its label, and its position as the value."""
    return _label(table, action, locale)[:100] or str(action)[:100], str(index)


def _label(table: Table, action: Action, locale: str) -> str:
    """The action's label, in the words of the table it acts on (the game's state-aware label)."""
    if table.state is None:
        return table.game.action_label(action, locale)
    return table.game.state_action_label(table.state, action, [s.name for s in table.seats], locale)


def groups_of(game: Game, legal: Sequence[Action], locale: str) -> list[str]:
    """The menu groups of the legal actions, in first-seen order."""
    return list(dict.fromkeys(game.action_group(a, locale) for a in legal))


def hand_view(table: Table, legal: Sequence[Action], picks: int, locale: str,
              group: int | None = None, *, hint: bool = False, menu: PickMenu | None = None,
              hand: Sequence[str] = (), rows: int = ROWS_MAX, renew: int = 0) -> Rows | None:
    """The seat's legal actions: buttons (at most 20; cards a row per suit, :func:`_buttons`), a
    select (more, or several picks at once), or step by step (a group first) when a list would
    exceed 25 options; with ``hint``, the "Hint" button on a row after the actions. ``menu``: the
    game's pick menu (``bot/service/picks.py``), with the other legal actions as buttons under it.
    Cards come in the order of ``hand`` (the seat's cards as its hand shows them). A give-up action
    (``Game.confirmed``) has a red button on a row of its own, and asks to be confirmed: ``group``
    ``-1 - i`` shows the confirmation of legal action ``i`` (:func:`confirm_group`). ``rows``: the
    action rows the message may hold; ``renew``: how many picks were refused on this hand (its menus'
    ids, :func:`menu_id`)."""
    if not legal:
        return None
    if group is not None and group < 0:
        confirm = _confirm_view(table, legal, -1 - group, locale)
        if confirm is not None:
            return confirm
        group = None
    view = _menu_view(table, legal, menu, locale, hand, rows, renew) if menu is not None else None
    view = view or _actions_view(table, legal, picks, locale, group, hand, rows, renew)
    if hint:
        view.add_button(ids.build_id(table.id, table.rev, "~k"), t(locale, "hint"), row=view.next_row())
    return view


#: the verb of a give-up button: ``~u<i>`` asks to confirm legal action ``i``, ``~u`` goes back
CONFIRM = "~u"


def confirm_group(verb: str) -> int | None:
    """The hand's ``group`` a give-up button's verb opens (``~u3`` -> ``-4``; ``~u`` -> ``None``)."""
    n = ids.number(verb[len(CONFIRM):])
    return None if n is None else -1 - n


def in_hand_order(actions: Sequence[tuple[int, Action]], hand: Sequence[str]) -> list[tuple[int, Action]]:
    """``actions`` with those playing a card of ``hand`` in the hand's order (engines list them by
    card code: "10D" before "2C"), in the places cards took; the others where they were."""
    place = {code: n for n, code in reversed(list(enumerate(hand)))}
    cards = sorted((p for p in actions if p[1].arg in place), key=lambda p: place[p[1].arg])
    it = iter(cards)
    return [next(it) if p[1].arg in place else p for p in actions]


def _confirm_view(table: Table, legal: Sequence[Action], i: int, locale: str) -> Rows | None:
    """The confirmation of give-up action ``i``: the red button that plays it, and Back."""
    if not 0 <= i < len(legal) or legal[i].kind not in table.game.confirmed:
        return None
    view = Rows()
    label = _label(table, legal[i], locale) or str(legal[i])
    view.add_button(ids.build_id(table.id, table.rev, str(legal[i]), index=i), t(locale, "confirm_action", label=label),
                    style=discord.ButtonStyle.danger, row=0)
    view.add_button(ids.build_id(table.id, table.rev, CONFIRM), t(locale, "back"), row=0)
    return view


def _menu_view(table: Table, legal: Sequence[Action], menu: PickMenu, locale: str,
               hand: Sequence[str] = (), rows: int = ROWS_MAX, renew: int = 0) -> Rows | None:
    """The pick menu (``~q``, values: item positions) and the legal actions of other kinds."""
    others = [(i, a) for i, a in enumerate(legal) if a.kind != menu.kind]
    if len(menu.items) > SELECT_MAX or len(others) > 15:
        return None
    view = Rows(rows, renew)
    items = [(i, Action(menu.kind, item)) for i, item in enumerate(menu.items)]
    options = [(table.game.action_label(a, locale)[:100] or a.arg, str(i)) for i, a in in_hand_order(items, hand)]
    view.add_select(ids.build_id(table.id, table.rev, "~q"), options, row=0, picks=menu.n,
                    placeholder=t(locale, "choose_n", n=menu.n))
    _buttons(view, table, others, locale, first_row=1)
    return view


def _actions_view(table: Table, legal: Sequence[Action], picks: int, locale: str, group: int | None,
                  hand: Sequence[str] = (), rows: int = ROWS_MAX, renew: int = 0) -> Rows:
    game, rev, tid = table.game, table.rev, table.id
    view = Rows(rows, renew)
    indexed = in_hand_order(list(enumerate(legal)), hand)
    if picks > 1:
        kind = legal[0].kind
        pickable = [(i, a) for i, a in indexed if a.kind == kind]
        others = [(i, a) for i, a in indexed if a.kind != kind]
        if len(pickable) <= SELECT_MAX and len(others) <= 15:
            n = min(picks, len(pickable))
            view.add_select(ids.build_id(tid, rev, "~m"), [_option(table, a, i, locale) for i, a in pickable],
                            row=0, picks=n, placeholder=t(locale, "choose_n", n=n))
            _buttons(view, table, others, locale, first_row=1)
            return view
    if len(legal) <= BUTTONS_MAX:
        _buttons(view, table, indexed, locale, first_row=0)
        return view
    if len(legal) <= SELECT_MAX:
        view.add_select(ids.build_id(tid, rev, "~a"), [_option(table, a, i, locale) for i, a in indexed], row=0,
                        placeholder=t(locale, "choose"))
        return view
    names = groups_of(game, legal, locale)
    if group is None or not 0 <= group < len(names):
        # step 1: the groups (buttons, or a menu of groups)
        if len(names) <= BUTTONS_MAX:
            for g, name in enumerate(names):
                view.add_button(ids.build_id(tid, rev, f"~g{g}"), name, row=g // 5)
        else:
            view.add_select(ids.build_id(tid, rev, "~g"), [(n, str(g)) for g, n in enumerate(names[:SELECT_MAX])],
                            row=0)
        return view
    # step 2: the chosen group's actions
    chosen = [(i, a) for i, a in indexed if game.action_group(a, locale) == names[group]]
    if len(chosen) <= BUTTONS_MAX - 5:
        _buttons(view, table, chosen, locale, first_row=0)
    else:
        for row, start in enumerate(range(0, min(len(chosen), 4 * SELECT_MAX), SELECT_MAX)):
            part = chosen[start:start + SELECT_MAX]
            view.add_select(ids.build_id(tid, rev, f"~a{row}"), [_option(table, a, i, locale) for i, a in part],
                            row=row, placeholder=t(locale, "choose"))
    view.add_button(ids.build_id(tid, rev, "~g"), t(locale, "back"), row=view.next_row())
    return view


def _buttons(view: Rows, table: Table, actions: Sequence[tuple[int, Action]], locale: str, first_row: int) -> None:
    """One button per action from ``first_row``: a row per menu group (a suit's cards, the bids),
    five a row at most, when the rows hold them, else five a row; give-up actions red, on the row
    after the others (their click asks to confirm: :data:`CONFIRM`)."""
    apart = [(i, a) for i, a in actions if a.kind in table.game.confirmed]
    plain = [(i, a) for i, a in actions if a.kind not in table.game.confirmed]
    plain = plain[: (view.limit - first_row) * 5]
    packed = _grouped(table.game, plain, locale)
    if len(packed) > view.limit - first_row - (1 if apart else 0) - 1:  # (a row kept for the hint): five a row
        packed = [plain[n:n + 5] for n in range(0, len(plain), 5)]
    for r, line in enumerate(packed):
        for i, action in line:
            label = _label(table, action, locale) or str(action)
            view.add_button(ids.build_id(table.id, table.rev, str(action), index=i), label,
                            style=discord.ButtonStyle.primary, row=min(first_row + r, view.limit - 1))
    row = min(first_row + len(packed), view.limit - 1)
    for i, action in apart[:4]:
        view.add_button(ids.build_id(table.id, table.rev, f"{CONFIRM}{i}"), _label(table, action, locale) or str(action),
                        style=discord.ButtonStyle.danger, row=row)


def _grouped(game: Game, actions: Sequence[tuple[int, Action]], locale: str) -> list[list[tuple[int, Action]]]:
    """``actions`` in rows: a new row where the menu group changes (:meth:`Game.action_group`: a
    card's suit) or after five."""
    lines: list[list[tuple[int, Action]]] = []
    last = None
    for i, action in actions:
        group = game.action_group(action, locale)
        if not lines or group != last or len(lines[-1]) == 5:
            lines.append([])
        lines[-1].append((i, action))
        last = group
    return lines


def rules_view(game: Game, page: int, pages: int, locale: str) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(button(ids.build_id("0", max(page - 1, 0), f"~r:{game.name}"), t(locale, "prev"),
                         disabled=page == 0))
    view.add_item(button(ids.build_id("0", min(page + 1, pages - 1), f"~r:{game.name}") + "", t(locale, "next"),
                         disabled=page >= pages - 1))
    return view


def game_title(game: Game, locale: str) -> str:
    return pick(game.titles, locale, game.name)
