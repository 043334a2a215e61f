"""The two registered games, Le Trio and L'École: options, action parsing and labels."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from games.base import JSON, Action, Game, Option, PickMenu, Player, State
from games.cards import card
from games.errors import IllegalAction, InvalidAction
from games.i18n import Msg, t
from games.trio import vocabulary
from games.trio.contracts import CONTRACTS, contract_name
from games.trio.explain import why_illegal
from games.trio.labels import meld_name
from games.trio.melds import is_wild
from games.trio.rules_text import rules_pages
from games.trio.state import TrioState, new_state
from games.trio.views import build_view

_KINDS = {
    "draw": ("stock", "discard"),
    "meld": ("brelan", "carre", "seq"),
}
_MELDS = {"brelan": Msg("trio.meld.brelan"), "carre": Msg("trio.meld.carre"), "seq": Msg("trio.meld.seq")}
_DRAWS = {"stock": Msg("trio.action.draw.stock"), "discard": Msg("trio.action.draw.discard")}
_ADD_ENDS = {"low": Msg("trio.action.add.low"), "high": Msg("trio.action.add.high")}
_ONTO = {"": Msg("trio.action.onto"), "lo": Msg("trio.action.onto.lo"), "hi": Msg("trio.action.onto.hi")}
_ONTO_NAMED = {"": Msg("trio.action.onto.named"), "lo": Msg("trio.action.onto.named.lo"),
               "hi": Msg("trio.action.onto.named.hi")}
_GROUPS = {"meld": Msg("trio.group.melds"), "add": Msg("trio.group.melds"), "done": Msg("trio.group.melds"),
           "cancel": Msg("trio.group.melds"), "layoff": Msg("trio.group.layoff"), "onto": Msg("trio.group.layoff"),
           "discard": Msg("trio.group.discard")}
_CONTRACTS_OPTION = {"trio": Msg("trio.option.contracts"), "ecole": Msg("ecole.option.contracts")}


def _bool(name: str, description: Msg) -> Option:
    return Option(name, False, description, choices=(False, True))


class TrioGame(Game):
    """Le Trio: seven imposed contracts, 3 to 6 players, 2s wild (docs/rules/trio.md)."""

    name = "trio"
    variant: ClassVar[str] = "trio"
    titles = Msg("trio.title")
    phases = {phase: Msg(key) for phase, key in vocabulary.PHASES.items()}
    turn_steps = frozenset({"draw", "play", "meld", "layoff"})  # a turn: draw, melds or lay-offs, discard
    min_seats = 3
    max_seats = 6
    zero_sum = False
    # Options under which even uniformly random play ends within a few hundred steps (for generic
    # random-playout tests: one round, blocked when the stock first runs out).
    playout_options: ClassVar[dict[str, Any]] = {"max_rounds": 1, "stock_passes": 1}


    def view(self, state: State, seat: int | None) -> JSON:
        """See :func:`games.trio.views.build_view` for the keys (:class:`games.trio.views.TrioView`):
        checked where it is built, then plain JSON like every game's view."""
        return cast(JSON, build_view(cast(TrioState, state), seat))

    def why_illegal(self, state: State, seat: int, action: Action) -> IllegalAction:
        """See :func:`games.trio.explain.why_illegal`."""
        return why_illegal(cast(TrioState, state), action)

    def options(self) -> list[Option]:
        n = len(CONTRACTS[self.variant])
        opts = [
            Option("contracts", n, _CONTRACTS_OPTION[self.variant], minimum=1, maximum=n),
            Option("max_rounds", 3 * n, Msg("trio.option.max_rounds"), minimum=1, maximum=200),
            Option("stock_passes", 3, Msg("trio.option.stock_passes"), minimum=1, maximum=9),
            _bool("longer_melds", Msg("trio.option.longer_melds")),
            Option("same_rank_brelans", True, Msg("trio.option.same_rank_brelans"), choices=(False, True)),
            Option("same_suit_runs", True, Msg("trio.option.same_suit_runs"), choices=(False, True)),
            _bool("layoff_on_opening", Msg("trio.option.layoff_on_opening")),
            _bool("tie_first_opener", Msg("trio.option.tie_first_opener")),
        ]
        if self.variant == "ecole":
            opts.append(Option("jokers", 2, Msg("ecole.option.jokers"), minimum=0, maximum=4))
        return opts

    def resolve_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """:meth:`Game.resolve_options`, reading the options of matches saved before the blocked
        round and the match limit (docs/rules/trio.md, « Defaults and options » #13-14): ``stock_exhausted`` ("end_round" is
        ``stock_passes`` 1) and ``max_rounds`` 0 (then "no limit", now the default limit)."""
        given = dict(options or {})
        if given.pop("stock_exhausted", None) == "end_round":
            given.setdefault("stock_passes", 1)
        if given.get("max_rounds") in (0, "0"):
            del given["max_rounds"]
        return super().resolve_options(given)

    def rated(self, options: Mapping[str, Any]) -> bool:
        """A match plays every contract in order (docs/rules/trio.md, « Contracts ») within the match limit of 3 rounds
        per contract (« Defaults and options » #14): fewer ``contracts`` or a lower ``max_rounds`` make a shorter match,
        practice and unrated."""
        n = len(CONTRACTS[self.variant])
        return int(options.get("contracts", n)) >= n and int(options.get("max_rounds", 3 * n)) >= 3 * n

    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> TrioState:
        """A match: first dealer by the first Jack, then the first deal.

        :raises GameError: on a bad seat count or option.
        """
        self.check_seats(seats)
        return new_state(self, self.variant, seats, seed, self.resolve_options(options))

    def parse_action(self, text: str) -> Action:
        """``draw:stock``, ``meld:seq``, ``add:2C=8H``, ``onto:3:hi``, ``discard:QS``...

        :raises InvalidAction: when ``text`` is not a step of this game.
        """
        kind, arg = Action.split(text)
        bad = InvalidAction.of("error.unknown_action", action=repr(text))
        if kind in _KINDS:
            if arg.lower() not in _KINDS[kind]:
                raise bad
            return Action(kind, arg.lower())
        if kind in ("done", "cancel"):
            if arg:
                raise bad
            return Action(kind)
        try:
            if kind in ("discard", "layoff"):
                return Action(kind, card(arg).code)
            if kind == "add":
                code, _, rep = arg.partition("=")
                first = card(code).code
                if not rep:
                    return Action(kind, first)
                if rep.lower() in ("low", "high"):
                    return Action(kind, f"{first}={rep.lower()}")
                return Action(kind, f"{first}={card(rep).code}")
            if kind == "onto":
                mid, _, end = arg.partition(":")
                if not (mid.isascii() and mid.isdigit() and len(mid) <= 4) or end.lower() not in ("", "lo", "hi"):
                    raise bad
                return Action(kind, f"{int(mid)}:{end.lower()}" if end else str(int(mid)))
        except ValueError as exc:
            if isinstance(exc, InvalidAction):
                raise
            raise bad from exc
        raise bad

    def computer_player(self, level: str = "normal", **expert_args: object) -> Player:
        """``"easy"`` (:mod:`games.trio.easy`), ``"normal"`` (:mod:`games.trio.ai`), ``"expert"``
        (:mod:`games.trio.expert`, takes ``budget`` or ``samples``) or ``"baseline"``."""
        from games.search import make_player
        from games.trio.ai import BaselinePlayer, TrioPlayer
        from games.trio.easy import Beginner
        from games.trio.expert import TrioExpert

        if level == "baseline":
            return BaselinePlayer()
        return make_player(level, TrioPlayer, TrioExpert, Beginner, **expert_args)

    def action_label(self, action: Action, locale: str = "fr") -> str:
        """Short labels, suits in words: "Piocher au talon", "Ajouter 2 de trèfle (= 8 de cœur)",
        "Poser sur n°3 (haut)"..."""
        k, arg = action.kind, action.arg

        def short(code: str) -> str:
            return card(code).text(locale)

        if k == "draw":
            return _DRAWS[arg](locale)
        if k == "discard":
            return t(locale, "trio.action.discard", card=short(arg))
        if k == "meld":
            return t(locale, "trio.action.meld", kind=_MELDS[arg](locale))
        if k == "add":
            code, _, rep = arg.partition("=")
            if rep in _ADD_ENDS:
                return _ADD_ENDS[rep](locale, card=short(code))
            return t(locale, "trio.action.add.as", card=short(code), rep=short(rep)) if rep else short(code)
        if k == "done":
            return t(locale, "trio.action.done")
        if k == "cancel":
            return t(locale, "trio.action.cancel")
        if k == "layoff":
            return t(locale, "trio.action.layoff", card=short(arg))
        if k == "onto":
            mid, _, end = arg.partition(":")
            return _ONTO[end](locale, n=mid)
        return str(action)

    def state_action_label(self, state: State, action: Action, names: Sequence[str], locale: str = "fr") -> str:
        """A lay-off target named as the table image names it: "Pablo · brelan de 4 (haut)";
        other steps keep :meth:`action_label`."""
        if action.kind == "onto" and isinstance(state, TrioState):
            mid, _, end = action.arg.partition(":")
            meld = next((m for m in state.melds if str(m.id) == mid), None)
            if meld is not None:
                return _ONTO_NAMED[end](locale, meld=owned_meld_name(meld.owner, meld.kind, meld.reps, names, locale))
        return self.action_label(action, locale)

    def hand_notes(self, view: JSON, locale: str = "fr") -> list[str]:
        """Why "Take the discard" is missing after opening, the going-out duty, and the opening's
        combinations ready to be laid together (docs/rules/trio.md, « The round »)."""
        seat = view.get("seat")
        if seat is None or view.get("to_act") != seat:
            return []
        notes = []
        contracts, variant = view.get("contracts") or [], str(view.get("variant") or "trio")
        if seat < len(contracts) and isinstance(contracts[seat], int) and view.get("last_contract"):
            with contextlib.suppress(ValueError):  # the contract to fill and the wild cards (docs/rules/trio.md, « Contracts »)
                notes.append(t(locale, "trio.note.contract", n=contracts[seat], of=view["last_contract"],
                               contract=contract_name(contracts[seat], variant, locale)))
            notes.append(t(locale, "trio.note.wilds_ecole" if variant == "ecole" else "trio.note.wilds"))
        opened = view.get("opened") or []
        if view.get("phase") == "draw" and view.get("discard_top") and seat < len(opened) and opened[seat]:
            notes.append(t(locale, "trio.note.discard_after_opening"))
        if view.get("must_go_out"):
            notes.append(t(locale, "trio.note.must_go_out"))
        building = view.get("building") or {}
        staged = building.get("staged") or []
        if staged:
            ready = ", ".join(meld_name("seq" if p.get("kind") == "seq" else "set",
                                        [str(x).split("=")[-1] for x in p.get("cards") or []], locale)
                              for p in staged)
            notes.append(t(locale, "trio.note.staged", melds=ready))
        return notes

    def pick_menu(self, state: State, seat: int) -> PickMenu | None:
        """The cards of the combination being built, up to its smallest size, in one menu,
        wilds included: the engine never lets a wild start a combination (what it stands for is
        fixed when laid, docs/rules/trio.md, « Combinations »), so the bot adds the naturals first, then the wilds. Each card held is one item (two packs: a card may be held
        twice); naturals are those the engine offers now, wilds only while the combination may
        take one more (docs/rules/trio.md, « Combinations »: a set one, a run its limit). ``None`` for fewer than two picks."""
        if not isinstance(state, TrioState) or seat != state.turn or state.phase != "meld" or not state.kind:
            return None
        lo, _hi, run_wilds = state.frame().bounds(state.kind)
        n = lo - len(state.built)
        offered = {self.pick_item(a) for a in state.legal_actions(seat) if a.kind == "add"}
        wilds_left = (run_wilds if state.kind == "seq" else 1) - sum(is_wild(c) for c, _ in state.built)
        hand = state.hands[seat]
        items = [c.code for c in hand if not is_wild(c) and c.code in offered]
        items += [c.code for c in hand if is_wild(c)][:max(wilds_left, 0)]
        if n < 2 or len(items) < n:
            return None
        return PickMenu(n, "add", tuple(items))

    def pick_item(self, action: Action) -> str:
        """The card an ``add:`` step lays: ``add:2C=8H`` lays 2C."""
        return action.arg.partition("=")[0]

    def action_group(self, action: Action, locale: str = "fr") -> str:
        """Menus: draw, combinations (build steps), lay-offs, discards."""
        group = _GROUPS.get(action.kind)
        return group(locale) if group else t(locale, "trio.group.draw")

    def rules_summary(self, locale: str = "fr") -> list[str]:
        return rules_pages(self.variant, locale)


def owned_meld_name(owner: int, kind: str, reps: Sequence[str], names: Sequence[str], locale: str = "fr") -> str:
    """"Pablo · brelan de 4": a laid combination with its owner's name."""
    who = names[owner] if 0 <= owner < len(names) else str(owner + 1)
    return t(locale, "trio.meld.owned", owner=who, name=meld_name(kind, reps, locale))


class EcoleGame(TrioGame):
    """L'École: ten "years", 3 to 7 players, 2s and jokers wild (docs/rules/trio.md)."""

    name = "ecole"
    variant = "ecole"
    titles = Msg("ecole.title")
    min_seats = 3
    max_seats = 7


TRIO = TrioGame()
ECOLE = EcoleGame()
