"""The pages of ``/help``, in the member's language: a start page, one page per game (the goal,
the bidding, how a move is played with the buttons and with ``/play``, the scoring in brief; our
own words from docs/rules/*.md) and the commands, one line each, cut into pages a phone reads.

No Discord: the commands come in as (English name, English description) pairs, as the cogs
declare them; their names and descriptions are read from the catalogues' ``command`` context, as
the slash-command translator does, so each line names a command as the member's Discord shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.i18n import N_, t
from games import GAMES, i18n
from games.i18n import COMMAND, FALLBACK, normalize

#: how a game is played, by game (docs/rules/tarot.md, « Bidding »; docs/rules/tresillo.md, « Bidding »;
#: docs/rules/trio.md, « The round »; docs/rules/piquet.md, « Declarations »)
GAME_PAGES = {"tarot": N_("help_tarot"), "tresillo": N_("help_tresillo"), "trio": N_("help_trio"),
              "ecole": N_("help_ecole"), "piquet": N_("help_piquet")}
START, COMMANDS = "start", "commands"
#: a page's text at most (Discord's message limit is 2,000 characters: a phone shows it in a few screens)
PAGE_CHARS = 1800


@dataclass(frozen=True)
class Page:
    topic: str  # ``start``, a game's name, ``commands`` or ``commands2``...
    label: str  # the menu's label
    title: str
    body: str


def command_name(qualified: str, locale: str) -> str:
    """``/table new`` as the member's Discord shows it (``/table nouvelle`` in French)."""
    code = normalize(locale)
    if code == FALLBACK:
        return "/" + qualified
    catalogue = i18n.catalogue(code)
    return "/" + " ".join(catalogue.lookup(part, COMMAND) or part for part in qualified.split())


def described(text: str, locale: str) -> str:
    """A command's English description in ``locale``."""
    code = normalize(locale)
    return text if code == FALLBACK else i18n.catalogue(code).lookup(text, COMMAND) or text


def command_lines(commands: Sequence[tuple[str, str]], locale: str) -> list[str]:
    """One line a command: "`/jouer` : Jouer une action…"."""
    return [t(locale, "help_command_line", name=command_name(name, locale), description=described(text, locale))
            for name, text in commands]


def _chunks(lines: list[str], most: int) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for line in lines:
        if out[-1] and sum(len(x) + 1 for x in out[-1]) + len(line) > most:
            out.append([])
        out[-1].append(line)
    return out


def _words(commands: Sequence[tuple[str, str]], locale: str) -> dict[str, str]:
    """The placeholders of the pages: the commands' names and the hand button's label."""
    names = {qualified for qualified, _ in commands}

    def named(qualified: str) -> str:
        return command_name(qualified, locale) if qualified in names else "/" + qualified

    return {"play": named("play"), "hand": named("hand"), "rules": named("rules"), "table_new": named("table new"),
            "help": named("help"), "my_hand": t(locale, "my_hand")}


def pages(commands: Sequence[tuple[str, str]], locale: str) -> list[Page]:
    """Every page of ``/help`` in ``locale``: start, the games Tapis has, the commands (as many
    pages as their lines need)."""
    words = _words(commands, locale)
    out = [Page(START, t(locale, "help_start_topic"), t(locale, "help_start_topic"),
                t(locale, "help_start", **words))]
    for name, key in GAME_PAGES.items():
        if name in GAMES:
            title = GAMES[name].title(locale)
            out.append(Page(name, title, title, t(locale, key, **words)))
    intro = t(locale, "help_commands_intro", **words)
    parts = _chunks(command_lines(commands, locale), PAGE_CHARS - len(intro) - 2)
    for i, part in enumerate(parts):
        label = t(locale, "help_commands_topic") if len(parts) == 1 else \
            t(locale, "help_commands_page", page=i + 1, pages=len(parts))
        out.append(Page(COMMANDS + (str(i + 1) if i else ""), label, label, intro + "\n\n" + "\n".join(part)))
    return out


def page(commands: Sequence[tuple[str, str]], topic: str, locale: str) -> tuple[Page, list[Page]]:
    """The page of ``topic`` (the start page when unknown) and all of them (the menu)."""
    every = pages(commands, locale)
    return next((p for p in every if p.topic == topic), every[0]), every
