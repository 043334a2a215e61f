"""Every game offers the three levels; every player can be copied and pickled mid-game."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from games import GAMES
from games.search import DEFAULT_BUDGET, FLOOR_SAMPLES, LEVELS, Search


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_level_plays_legal_first_moves(name: str) -> None:
    game = GAMES[name]
    for level in LEVELS:
        args = {"samples": 2} if level == "expert" else {}
        player = game.computer_player(level, **args)
        state = game.new(game.min_seats, f"levels:{name}", dict(game.playout_options))
        rng = random.Random(0)
        for _ in range(12):
            seat = state.to_act()
            if seat is None:
                break
            legal = state.legal_actions(seat)
            action = player.choose(state.view(seat), legal, rng)
            assert action in legal
            state = state.apply(seat, action)
    with pytest.raises(ValueError):
        game.computer_player("grandmaster")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_player_is_copyable_and_picklable_mid_game(name: str) -> None:
    """The bot may hand players to worker processes (the Tarot expert's memory
    recursed): a copy and an unpickled player decide as the original from there on."""
    game = GAMES[name]
    for level in LEVELS:
        args = {"samples": 3} if level == "expert" else {}
        player = game.computer_player(level, **args)
        state = game.new(game.min_seats, f"copy:{name}", dict(game.playout_options))
        rng = random.Random(5)
        for _ in range(40):
            seat = state.to_act()
            if seat is None:
                break
            state = state.apply(seat, player.choose(state.view(seat), state.legal_actions(seat), rng))
        clones = [copy.deepcopy(player), pickle.loads(pickle.dumps(player)), copy.copy(player)]
        for _ in range(10):
            seat = state.to_act()
            if seat is None:
                break
            view, legal = state.view(seat), state.legal_actions(seat)
            state_rng = rng.getstate()
            want = player.choose(view, legal, rng)
            for clone in clones[:2]:
                r = random.Random()
                r.setstate(state_rng)
                assert clone.choose(view, legal, r) == want
            state = state.apply(seat, want)


def test_search_budget_stops_on_time_and_counts_samples() -> None:
    assert len(list(Search(None, samples=7).loop())) == 7
    assert len(list(Search(0.0, min_samples=3).loop())) == 3


def test_benchmark_match_times_the_experts_searched_decisions() -> None:
    """``benchmarks.ai_levels``: a duplicate match counts and times the tested expert's searched
    decisions (the CPU-second mapping rests on them); the easy player searches none."""
    from benchmarks.ai_levels import match

    got = match("piquet", "bench:0", "expert", 4)
    assert got["decisions"] > 0 and got["samples"] == 4 * got["decisions"] and got["cpu"] > 0
    assert match("piquet", "bench:0", "easy", None)["decisions"] == 0


def test_benchmark_trio_rounds_take_every_contract_in_turn() -> None:
    """Le Trio / L'École matches of a row start at contract ``1 + index mod contracts``: a row of
    one-round matches measures every contract, not the first alone."""
    from benchmarks import ai_levels

    class Seen(Exception):
        pass

    class Spy:
        def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
            raise Seen(view["contracts"])

    for index in (0, 3, 7):
        with pytest.raises(Seen) as seen:
            ai_levels.play("trio", "bench:contracts", [Spy()] * 4, index)
        assert seen.value.args[0] == [1 + index % 7] * 4


def test_benchmark_budgets_and_final_table() -> None:
    from benchmarks.ai_levels import CPU_SAMPLES, parse_budgets, samples_of, table

    assert parse_budgets("50, 200,default-cpu,default,floor") == [50, 200, "default-cpu", "default", "floor"]
    assert samples_of("tarot", "default-cpu") == round(CPU_SAMPLES["tarot"] * DEFAULT_BUDGET)
    assert samples_of("tarot5", "floor") == FLOOR_SAMPLES.get("tarot5", FLOOR_SAMPLES["tarot"])
    assert samples_of("tarot", "floor") == FLOOR_SAMPLES["tarot"]
    assert samples_of("tarot", 200) == 200 and samples_of("tarot", "default") is None
    recs = [{"game": "tarot", "level": "expert", "budget": "200", "diff": d, "decisions": 10, "samples": 2000,
             "cpu": 1.0, "moves": 20, "move_cpu": 1.0, "normal_moves": 40, "normal_cpu": 0.04}
            for d in (-10.0, 50.0)]
    lines = table(recs)
    assert "tarot" in lines[1] and "+20.00" in lines[1] and " 2 " in lines[1] and "200" in lines[1]
    assert "not clear of zero" in lines[1] and "50.00" in lines[1]  # 1 CPU-s over 20 moves
    assert "normal 1.00 ms/move" in lines[2]
    clear = table([{**r, "diff": d} for r, d in zip(recs * 2, (20.0, 21.0, 19.0, 20.0), strict=True)])
    assert " clear of zero" in clear[1] and "not clear" not in clear[1]
    easy = table([{**r, "level": "easy", "budget": "-"} for r in recs])
    assert "normal vs easy" in easy[1] and "-20.00" in easy[1]


def test_a_match_logged_twice_counts_once_in_the_table() -> None:
    from benchmarks.ai_levels import table

    def record(index: int, diff: float, budget: str = "floor") -> dict[str, object]:
        return {"game": "tarot", "level": "expert", "budget": budget, "per_decision": 16, "seed": f"levels:{index}",
                "index": index, "diff": diff, "decisions": 10, "samples": 160, "cpu": 0.1, "moves": 20,
                "move_cpu": 0.1, "normal_moves": 40, "normal_cpu": 0.04}

    first = [record(0, 10.0), record(1, 30.0)]
    again = [*first, record(1, 30.0), record(2, 50.0)]  # a second run from --first 1
    assert " 3 " in table(again)[1] and "+30.00" in table(again)[1]
    assert table(first + first) == table(first)
    both = table([record(0, 10.0), record(0, 90.0, budget="200")])  # the same deal at another budget is its own row
    assert len([line for line in both if "expert vs normal" in line]) == 2
    recalibrated = table([record(0, 10.0), {**record(0, 90.0), "per_decision": 32}])  # "floor" at a new count
    assert len([line for line in recalibrated if "expert vs normal" in line]) == 2


def test_the_load_floor_bounds_a_time_budget_from_below() -> None:
    """Under a time budget too short for any sample, a searched decision still runs the game's
    load floor (:data:`games.search.FLOOR_SAMPLES`); a fixed sample count is run as given."""
    from games.tarot import TAROT

    state = TAROT.new(4, "floor:0", {"deals": 1})
    seat = state.to_act()
    assert seat is not None
    before = Search.tally["samples"]
    TAROT.computer_player("expert", budget=0.0).choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    assert Search.tally["samples"] - before == FLOOR_SAMPLES["tarot"]
    before = Search.tally["samples"]
    TAROT.computer_player("expert", samples=3).choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    assert Search.tally["samples"] - before == 3


@pytest.mark.parametrize(("name", "seats"), [("tarot", 3), ("tarot", 4), ("tarot", 5), ("tresillo", 3),
                                             ("piquet", 2), ("trio", 3), ("ecole", 4)])
def test_an_expert_asked_twice_from_the_same_information_gives_the_same_answer(name: str, seats: int) -> None:
    """Same view, same legal actions, same samples: the same advice, whatever generator the
    caller hands it (a table's seed, a hint's, a review's)."""
    game = GAMES[name]
    expert = game.computer_player("expert", samples=6)
    state = game.new(seats, f"consistent:{name}", dict(game.playout_options))
    rng = random.Random(3)
    asked = 0
    for _ in range(60):
        seat = state.to_act()
        if seat is None:
            break
        view, legal = state.view(seat), state.legal_actions(seat)
        if seat == 0 and len(legal) > 1:
            one, two = copy.deepcopy(expert), copy.deepcopy(expert)
            assert one.advise(view, legal, random.Random(asked)) == two.advise(view, legal, random.Random(asked + 99))
            asked += 1
        player = expert if seat == 0 else game.computer_player("normal")
        state = state.apply(seat, player.choose(view, legal, rng))
    assert asked >= 3


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_tarot_load_floor_is_that_of_the_tables_size(seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tarot at 3 or 5 seats runs its own floor (``tarot3``, ``tarot5``) where one is given."""
    from games.tarot import TAROT

    monkeypatch.setattr("games.search.FLOOR_SAMPLES", {**FLOOR_SAMPLES, "tarot": 5, "tarot3": 7, "tarot5": 9})
    monkeypatch.setattr("games.tarot.expert.FLOOR_SAMPLES", {**FLOOR_SAMPLES, "tarot": 5, "tarot3": 7, "tarot5": 9})
    state = TAROT.new(seats, "floor:0", {"deals": 1})
    seat = state.to_act()
    assert seat is not None
    before = Search.tally["samples"]
    TAROT.computer_player("expert", budget=0.0).choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    assert Search.tally["samples"] - before == {3: 7, 4: 5, 5: 9}[seats]


@pytest.mark.parametrize("name", ["piquet", "tresillo"])
def test_the_review_grades_the_experts_own_play_good(name: str) -> None:
    """The deal review, at the expert's own sample count, grades the expert's decisions at least
    90 % "good" or better (``benchmarks.ai_levels --review`` measures every game)."""
    from benchmarks.ai_levels import self_review

    graded, grades, _ = self_review(name, 1, 24, review_samples=24)
    assert graded >= 5
    assert (grades["excellent"] + grades["good"]) / graded >= 0.9
