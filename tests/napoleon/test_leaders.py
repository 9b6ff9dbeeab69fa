"""Napoléon generals, admirals and fortifications: readings the engine refuses, the state
fields round-tripping, every legal leader action applying, and random Advanced games
keeping leaders within their limits."""

from __future__ import annotations

import json
import random

import pytest

from riskspec.conformance.protocol import schema_errors
from riskspec.errors import ActionError, IllegalActionError, OptionError
from riskspec.reference import engine as E
from riskspec.reference.driver import choose_action, sample_outcome

from . import invariants as I
from .smallmap import LINE, position

V = "napoleon-advanced"


@pytest.mark.parametrize("amb,reading", [
    ("napoleon.amb.starting-leaders", "one-by-one"),
    ("napoleon.amb.lone-leader", "may-stand-alone"),
])
def test_unsupported_leader_readings_raise_option_error(amb: str, reading: str) -> None:
    with pytest.raises(OptionError) as exc:
        E.new_game(V, 3, {amb: reading})
    param = {"napoleon.amb.starting-leaders": "setup.leader_placement",
             "napoleon.amb.lone-leader": "leaders.alone"}[amb]
    assert param in str(exc.value)


@pytest.mark.parametrize("amb,reading", [
    ("napoleon.amb.leader-limit", "on-board"),
    ("napoleon.amb.general-attack-scope", "one-battle"),
    ("napoleon.amb.attacking-general-capture", "never"),
    ("napoleon.amb.ransom", "any-captive-leader"),
    ("napoleon.amb.ransom-vp", "reverse"),
    ("napoleon.amb.negative-vp", "floor-zero"),
    ("napoleon.amb.third-general", "plus-two-highest"),
])
def test_supported_leader_readings_start_a_game(amb: str, reading: str) -> None:
    s = E.new_game(V, 3, {amb: reading})
    assert s.tables.ruleset.options[amb] == reading


def _leader_state():
    s = position({"a1": (0, 5), "a2": (0, 2), "b1": (1, 1), "b2": (1, 1), "far": (2, 1),
                  "z1": (0, 3), "z2": (0, 1)}, variant=V, players=3, phase="attack")
    s.generals[s.tables.place_index["a2"]] = 1
    s.admirals[s.tables.place_index["z1"]] = 1
    n = s.n_players
    s.pows[1 * n * n + 2 * n + 0] = 1   # seat 2 holds one admiral of seat 0
    s.pows[0 * n * n + 0 * n + 1] = 2   # seat 0 holds two generals of seat 1
    assert s.prisoners[0] == 2          # derived from the table above
    s.vp = [2, -2, 1]
    return s


def test_leader_fields_round_trip() -> None:
    s = _leader_state()
    s, _ = E.apply(s, {"type": "end-attack"})
    assert s.phase == "maneuver" and s.m_units
    d = E.to_dict(s)
    assert d["players"][1]["captive_generals"] == 2
    assert d["players"][0]["captive_admirals"] == 1
    assert d["players"][0]["prisoners"]["generals"] == [0, 2, 0]
    assert d["zones"]["z1"]["admirals"] == 1
    assert d["turn_flags"]["maneuver_start"]["a2"] == {"units": 2, "leaders": 1}
    back = E.from_dict(d, variant=s.tables.variant)
    assert E.to_json(back) == E.to_json(s)
    d["players"][1]["captive_generals"] = 1  # must agree with the captor's prisoners
    with pytest.raises(E.InvalidStateError):
        E.from_dict(d, variant=s.tables.variant)


def test_every_legal_maneuver_applies_and_one_more_unit_does_not() -> None:
    s = _leader_state()
    s, _ = E.apply(s, {"type": "end-attack"})
    acts = [a for a in E.legal_actions(s) if a["type"] == "maneuver"]
    assert any(a.get("leader_maneuver") for a in acts)
    assert any(a.get("leaders") and not a.get("leader_maneuver") for a in acts)
    for a in acts:
        after, _ = E.apply(s, a)
        I.check_board(after)
        over = {**a, "armies": a["armies"] + 1}
        if over not in acts:
            with pytest.raises(IllegalActionError):
                E.apply(s, over)


def test_leaders_cannot_leave_what_they_lack() -> None:
    s = _leader_state()
    s, _ = E.apply(s, {"type": "end-attack"})
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "maneuver", "from": "a1", "to": "a2", "armies": 1, "leaders": 1})
    assert exc.value.rule == "napoleon.leaders.accompany"
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "maneuver", "from": "a2", "to": "a1", "armies": 0})
    assert exc.value.code == "armies"


def test_maneuver_fields_are_checked() -> None:
    s = _leader_state()
    s, _ = E.apply(s, {"type": "end-attack"})
    for bad in ({"leaders": -1}, {"leader_maneuver": 1}, {"leaders": True}, {"extra": 1}):
        with pytest.raises(ActionError):
            E.apply(s, {"type": "maneuver", "from": "a2", "to": "a1", "armies": 1, **bad})


def test_basic_game_has_no_leader_actions() -> None:
    s = position({"a1": (0, 5), "a2": (0, 2), "b1": (1, 1), "b2": (1, 1), "far": (2, 1)},
                 phase="maneuver")
    s.m_units = []
    assert all(set(a) <= {"type", "from", "to", "armies"} for a in E.legal_actions(s))


def _play(seed: int, players: int, options: dict | None = None) -> set[str]:
    rng = random.Random(seed)
    s = E.new_game(V, players, options)
    seen: set[str] = set()
    for _ in range(20000):
        if s.winner >= 0:
            break
        I.check_node(s)
        I.check_board(s)
        if E.current_player(s) == E.CHANCE:
            a = sample_outcome(s, rng)
        else:
            a = choose_action(E.legal_actions(s), rng, "by-type", s)
        after, ev = E.apply(s, a)
        I.check_step(s, a, after)
        seen.add(a["type"] + ("+leader" if a.get("leader_maneuver") else ""))
        if a["type"] in ("ransom", "end-attack", "buy-admiral") or a.get("leaders") or \
                any(e["type"].endswith("-captured") for e in ev):
            errors = schema_errors("state.schema.json", E.to_dict(after))
            assert not errors, (after.phase, errors[:3])
        seen.update(e["type"] for e in ev)
        s = after
    assert s.winner >= 0, "the game ends"
    I.check_round_trip(s)
    return seen


def test_random_advanced_games_keep_leaders_within_limits() -> None:
    seen: set[str] = set()
    for seed in range(8):
        seen |= _play(seed, 3 + seed % 4)
    for kind in ("buy-admiral", "buy-general", "maneuver+leader", "general-captured"):
        assert kind in seen, kind


def test_random_games_under_other_leader_readings() -> None:
    opts = {"napoleon.amb.leader-limit": "on-board",
            "napoleon.amb.general-attack-scope": "one-battle",
            "napoleon.amb.ransom": "any-captive-leader",
            "napoleon.amb.ransom-vp": "reverse",
            "napoleon.amb.negative-vp": "floor-zero"}
    seen: set[str] = set()
    for seed in range(12):
        seen |= _play(seed, 3, opts)
    for kind in ("ransomed", "ransom-placed", "maneuver+leader", "general-captured"):
        assert kind in seen, kind


def test_small_map_variant_is_the_line() -> None:  # the positions above use this board
    assert LINE["id"] == "inline-test-map"


def test_a_captor_count_that_disagrees_with_the_prisoners_table_is_refused() -> None:
    """prisoner_generals is derived from the prisoners table (napoleon.leaders.ransom): a
    state claiming fewer (here 0 for one captive general, which its ransom would take to -1)
    does not load; a state without it gets the table's count."""
    from riskspec.conformance.scenario import load_all
    from riskspec.loading import load_spec
    from riskspec.reference.napoleon.inline import variant_on_map
    from riskspec.reference.state import InvalidStateError
    sc = load_all()["napoleon.leaders.ransom.003"]
    v = variant_on_map(load_spec().variant(sc.variant), sc.map)
    d = json.loads(json.dumps(sc.build()["state"]))
    assert d["players"][1]["prisoners"]["generals"] == [1, 0, 0]
    assert E.to_dict(E.from_dict(d, variant=v))["players"][1]["prisoner_generals"] == 1
    d["players"][1]["prisoner_generals"] = 0
    with pytest.raises(InvalidStateError, match="prisoner_generals"):
        E.from_dict(d, variant=v)
    del d["players"][1]["prisoner_generals"]
    assert E.from_dict(d, variant=v).prisoners[1] == 1
