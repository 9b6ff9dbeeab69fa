"""Napoléon mission cards: conditions, deal, checks, state round trip, inline decks, and
random play in which no victory point changes without an event saying why."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest

from riskspec.conformance.cases_napoleon import LINE
from riskspec.conformance.cases_napoleon_missions import DECK
from riskspec.conformance.protocol import Capabilities, schema_errors
from riskspec.errors import OptionError
from riskspec.reference import engine as E
from riskspec.reference.driver import choose_action, sample_outcome
from riskspec.reference.napoleon import missions as M
from riskspec.reference.napoleon.inline import variant_on_map

A = "napoleon-advanced"


def _variant(deck=DECK):
    return variant_on_map(E.get_variant(A), LINE, deck)


def _board(owners: dict[str, int], zones: dict[str, tuple[int, int]] | None = None, deck=DECK):
    """A fresh 3-player game on LINE with the given owners (1 regiment each)."""
    s = E.new_game(_variant(deck), 3)
    tb = s.tables
    for t, seat in owners.items():
        s.owner[tb.place_index[t]], s.armies[tb.place_index[t]] = seat, 1
    for z, (seat, ships) in (zones or {}).items():
        s.owner[tb.place_index[z]], s.armies[tb.place_index[z]] = seat, ships
    return s


def test_conditions_on_an_inline_board() -> None:
    s = _board({"a1": 0, "a2": 0, "b1": 1, "b2": 1, "far": 2}, {"z1": (0, 1), "z2": (0, 1),
                                                                   "z4": (2, 2)})
    assert M.is_met(s, 0, "m1-west") and not M.is_met(s, 1, "m1-west")
    assert M.is_met(s, 0, "m1-zones") and not M.is_met(s, 2, "m1-zones")
    assert M.is_met(s, 0, "m2-route") and not M.is_met(s, 2, "m2-route")
    assert M.is_met(s, 2, "m3-far") and not M.is_met(s, 1, "m3-far")
    assert M.is_met(s, 1, "m2-east") and not M.is_met(s, 0, "m2-east")
    assert not M.is_met(s, 0, "m4-all")  # west but not east
    s.owner[s.tables.place_index["b1"]] = s.owner[s.tables.place_index["b2"]] = 0
    assert M.is_met(s, 0, "m4-all") and M.is_met(s, 0, "m3-either")  # any: two whole groups
    assert not M.is_met(s, 0, "m3-general")
    s.pows[0 * s.n_players + 1] = 1   # seat 0 holds one of seat 1's generals (prisoners is derived)
    assert s.prisoners[0] == 1 and M.is_met(s, 0, "m3-general")
    a1 = s.tables.place_index["a1"]
    s.armies[a1] = 4
    assert not M.is_met(s, 0, "m2-garrison")  # min_armies 4 on two territories
    s.armies[s.tables.place_index["a2"]] = 4
    assert M.is_met(s, 0, "m2-garrison")
    s.generals[a1] = 2
    assert M.is_met(s, 0, "m4-generals") and not M.is_met(s, 1, "m4-generals")


def test_the_deal_is_an_exact_uniform_chance_node_per_level() -> None:
    s = E.new_game(_variant(), 3)
    seen = []
    while s.phase == "deal-missions":
        out = E.chance_outcomes(s)
        assert sum(p for _, p in out) == 1 and all(isinstance(p, Fraction) for _, p in out)
        level = s.pending["levels"][0]
        assert {o["mission"] for o, _ in out} == set(s.mission_decks[level])
        s, ev = E.apply(s, out[-1][0])
        seen.append((ev[0]["player"], ev[0]["level"]))
    assert seen == [(p, lv) for p in range(3) for lv in (1, 2, 3, 4)]
    assert all(len(s.missions_held[p]) == 4 for p in range(3))


def test_no_missions_on_an_inline_map_without_a_deck() -> None:
    s = E.new_game(variant_on_map(E.get_variant(A), LINE), 3)
    assert s.phase != "deal-missions" and s.mission_decks == {1: (), 2: (), 3: (), 4: ()}


def test_state_round_trip_and_defaults() -> None:
    s = _board({"a1": 0, "a2": 0, "b1": 1, "b2": 1, "far": 2})
    s.missions_held[0], s.missions_done[0], s.lasting[0] = ("m1-west",), ("m2-route",), ("m2-route",)
    s.mission_levels[0], s.mission_bank[0] = (2,), 3
    s.pows[1 * s.n_players + 0] = 1   # seat 1 holds one of seat 0's generals
    M.load_missions(s, None)
    d = E.to_dict(s)
    assert d["mission_decks"]["1"] == ["m1-zones", "m1-five"]
    assert [p["prisoner_generals"] for p in d["players"]] == [0, 1, 0]
    back = E.from_dict(copy.deepcopy(d), variant=_variant())
    assert E.to_dict(back) == d
    bare = copy.deepcopy(d)
    del bare["mission_decks"]
    for p in bare["players"]:
        for k in ("missions", "missions_completed", "lasting_bonuses", "mission_levels_done",
                  "mission_reinforcements", "prisoner_generals"):
            p.pop(k)
    loaded = E.from_dict(bare, variant=_variant())
    assert loaded.missions_held == [()] * 3 and len(loaded.mission_decks[1]) == 3


@pytest.mark.parametrize("bad", [
    lambda d: d["players"][1]["missions"].append("m1-west"),          # a card in two hands
    lambda d: d["players"][0]["lasting_bonuses"].append("m1-five"),   # lasting, not completed
    lambda d: d["mission_decks"]["1"].append("m2-east"),              # wrong level
    lambda d: d["players"][0]["missions"].append("nope"),             # unknown card
])
def test_inconsistent_mission_states_are_refused(bad) -> None:
    s = _board({"a1": 0, "a2": 0, "b1": 1, "b2": 1, "far": 2})
    s.missions_held[0] = ("m1-west",)
    s.mission_decks[1] = ("m1-zones", "m1-five")
    d = E.to_dict(s)
    bad(d)
    with pytest.raises(E.InvalidStateError):
        E.from_dict(d, variant=_variant())


def test_conditions_and_readings_the_engine_cannot_evaluate_raise_option_error() -> None:
    deck = copy.deepcopy(DECK)
    deck["missions"][0]["condition"] = {"capture_leaders": {"count": 1, "kind": "admiral"}}
    with pytest.raises(OptionError, match="m1-west"):
        E.new_game(_variant(deck), 3)
    with pytest.raises(OptionError, match="missions.end_bonus"):
        E.new_game(_variant(), 3, {"napoleon.amb.end-mission-bonus": "at-once"})
    broken = copy.deepcopy(DECK)
    broken["missions"][0]["condition"] = {"control_groups": {"groups": ["atlantis"]}}
    with pytest.raises(OptionError, match="atlantis"):
        _variant(broken)
    with pytest.raises(OptionError, match="inline missions"):
        _variant({"format": "riskspec/missions@1", "missions": []})


def test_an_engine_must_claim_inline_mission_decks() -> None:
    caps = Capabilities({"capabilities": {"variants": [A], "ops": ["new_game"], "rules": "*",
                                          "options": "*", "maps": ["standard", "inline"]}})
    why = caps.unclaimed(variant=A, options={}, covers=[], ops=["new_game"], inline_map=True,
                         inline_missions=True)
    assert why == ["inline mission decks"]


def test_lasting_bonus_watch_turns_the_card_down() -> None:
    s = _board({"a1": 0, "a2": 1, "b1": 1, "b2": 1, "far": 2}, {"z1": (0, 1), "z2": (0, 1)})
    s.missions_done[0] = s.lasting[0] = ("m2-route",)
    ev: list = []
    M.watch(s, ev)
    assert s.lasting[0] == ("m2-route",) and ev == []
    s.owner[s.tables.place_index["z2"]] = 1
    M.watch(s, ev)
    assert s.lasting[0] == () and ev[0]["type"] == "mission-bonus-lost"


VP_EVENTS = ("mission-completed", "victory-points", "general-captured")


def _expected_vp_change(s, ev, seat: int) -> tuple[int, bool]:
    """The VP change the events of one step explain for ``seat`` (and whether a floor may
    have clipped a loss)."""
    p = s.tables.params
    total, clipped = 0, False
    for e in ev:
        if e["type"] in ("mission-completed", "victory-points") and e["player"] == seat:
            total += e["vp"]
        elif e["type"] in ("general-captured", "admiral-captured"):
            n = e.get("generals", e.get("admirals", 0))
            if e["by"] == seat:
                total += n * p.leaders_capture_vp
            if e["player"] == seat:
                total -= n * p.leaders_loss_vp
                clipped = p.vp_floor is not None
        elif e["type"] == "ransomed" and p.ransom_vp_on_return == "reverse":
            if e["player"] == seat:
                total += p.leaders_loss_vp
            if e["captor"] == seat:
                total -= p.leaders_capture_vp
                clipped = p.vp_floor is not None
    return total, clipped


@pytest.mark.parametrize("seed,players,options", [
    (1, 3, {}), (2, 4, {}), (3, 5, {"capitals": "on"}),
    (4, 3, {"napoleon.amb.mission-check-timing": "both",
            "napoleon.amb.lasting-bonus": "resumes"}),
    (5, 4, {"napoleon.amb.final-mission-check": "all-missions",
            "napoleon.amb.mission-per-level-scope": "game-turn"}),
])
def test_random_play_never_changes_victory_points_silently(seed, players, options) -> None:
    rng = random.Random(seed)
    s = E.new_game(A, players, options)
    mine = {"mission-dealt", "mission-replaced", "mission-completed", "mission-reinforcements",
            "mission-bonus-lost", "victory-points", "victory"}
    from_events = [0] * s.n_players
    for _ in range(200_000):
        if s.winner >= 0:
            break
        a = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
            choose_action(E.legal_actions(s), rng, "aggressive", s)
        after, ev = E.apply(s, a)
        for seat in range(s.n_players):
            want, clipped = _expected_vp_change(s, ev, seat)
            got = after.vp[seat] - s.vp[seat]
            assert got == want or (clipped and want < got <= 0), (seat, a, ev)
            # completed missions are never taken back; held + completed + decks keep every card
            assert after.missions_done[seat][:len(s.missions_done[seat])] == s.missions_done[seat]
        for e in ev:
            if e["type"] == "mission-completed":
                from_events[e["player"]] += e["vp"]
            if e["type"] in mine:
                assert not schema_errors("event.schema.json", e), e
        if after.phase == "deal-missions" or any(e["type"] in mine for e in ev):
            assert not schema_errors("state.schema.json", E.to_dict(after)), a
        cards = [m for x in after.missions_held + after.missions_done for m in x] + \
            [m for d in after.mission_decks.values() for m in d]
        assert sorted(cards) == sorted(c for lv in M.levels(after.tables)
                                       for c in M.deck(after.tables, lv))
        s = after
    assert s.winner >= 0, "the game ends"
    won = [sum(int(M.card(s.tables, m).reward.get("victory_points", 0)) for m in done)
           for done in s.missions_done]
    assert won == from_events, "every mission's points were announced by its event"
    assert E.to_dict(E.from_dict(E.to_dict(s))) == E.to_dict(s)

