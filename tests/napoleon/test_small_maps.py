"""Napoléon rules on small purpose-built boards (one test per rule ID)."""

from __future__ import annotations

import pytest

from riskspec.errors import IllegalActionError
from riskspec.reference import engine as E
from riskspec.reference.napoleon.game import reinforcements

from .smallmap import actions_of, position

# seat 2.. are neutrals in the basic game (2 players + setup.neutral_players)
N = 2


def test_napoleon_reinforce_territories_and_zones_and_routes() -> None:
    s = position({"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (N, 1),
                  "z1": (0, 1), "z2": (0, 1)})
    p = s.tables.params
    count = 2 + 2  # territories + zones
    base = max(p.reinforce_minimum, count // p.reinforce_territory_divisor)
    assert reinforcements(s, 0) == base + 2 + 4  # empire 'west' (2) + route (4)


def test_napoleon_naval_landing_up_to_three_zones() -> None:
    units = {"a1": (0, 5), "a2": (0, 1), "b1": (1, 1), "b2": (1, 2), "far": (1, 1),
             "z1": (0, 1), "z2": (0, 1), "z3": (0, 1), "z4": (0, 1)}
    s = position(units)
    targets = {a["to"] for a in actions_of(s, "attack") if a["from"] == "a1"}
    assert "b2" in targets          # across z1, z2, z3 (three zones)
    assert "far" not in targets     # would need z4: a fourth zone
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "attack", "from": "a1", "to": "far", "dice": 3})
    assert exc.value.rule == "napoleon.naval.landing"
    s2 = position({**units, "z2": (1, 1)})  # the chain is broken by an enemy zone
    assert "b2" not in {a["to"] for a in actions_of(s2, "attack") if a["from"] == "a1"}


def test_napoleon_combat_naval_first() -> None:
    s = position({"a2": (0, 5), "b1": (1, 1), "b2": (1, 1), "a1": (0, 1), "z2": (0, 3),
                  "z3": (1, 1), "far": (1, 1)})
    assert any(a["from"] == "z2" for a in actions_of(s, "attack"))
    s, _ = E.apply(s, {"type": "attack", "from": "a2", "to": "b1", "dice": 3})
    s, _ = E.apply(s, {"type": "roll", "attacker": [1, 1, 1], "defender": [6]})
    assert s.phase == "attack"
    assert not any(a["from"] == "z2" for a in actions_of(s, "attack"))
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "attack", "from": "z2", "to": "z3", "dice": 2})
    assert exc.value.rule == "napoleon.combat.naval-first"


def test_napoleon_naval_fight_to_end() -> None:
    s = position({"a1": (0, 1), "b2": (1, 1), "far": (1, 1), "z2": (0, 4), "z3": (1, 3)})
    s, _ = E.apply(s, {"type": "attack", "from": "z2", "to": "z3", "dice": 1})
    if s.phase == "defend":
        s, _ = E.apply(s, {"type": "defend", "dice": 1})
    s, _ = E.apply(s, {"type": "roll", "attacker": [6], "defender": [1]})
    assert s.phase in ("battle", "defend"), "a naval battle goes on until one side is gone"
    assert s.pending["attacker_dice"] == 3


def test_napoleon_basic_neutral_defence_chosen_by_opponent() -> None:
    s = position({"a1": (0, 4), "a2": (N, 3), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)})
    s, _ = E.apply(s, {"type": "attack", "from": "a1", "to": "a2", "dice": 3})
    assert s.phase == "defend" and E.current_player(s) == 1


def test_napoleon_basic_end_and_card_capture() -> None:
    s = position({"a1": (0, 4), "a2": (1, 1), "b1": (N, 1), "b2": (N, 1), "far": (N, 1)},
                 hands={1: ["c-b1", "c-b2"]})
    s, _ = E.apply(s, {"type": "attack", "from": "a1", "to": "a2", "dice": 3})
    s, ev = E.apply(s, {"type": "roll", "attacker": [6, 5, 4], "defender": [1]})
    assert s.winner == 0 and s.phase == "game-over"
    assert {e["type"] for e in ev} >= {"eliminated", "victory"}
    assert len(s.hands[0]) == 2 and s.hands[1] == ()


def test_napoleon_basic_end_all_territories_reading() -> None:
    opts = {"napoleon.amb.basic-game-end": "all-territories"}
    units = {"a1": (0, 4), "a2": (1, 1), "b1": (N, 1), "b2": (0, 1), "far": (0, 1)}
    s = position(units, options=opts)
    s, _ = E.apply(s, {"type": "attack", "from": "a1", "to": "a2", "dice": 3})
    s, _ = E.apply(s, {"type": "roll", "attacker": [6, 5, 4], "defender": [1]})
    assert s.winner < 0, "a neutral territory is left"
    s = position({**units, "b1": (0, 1)}, options=opts)
    s, _ = E.apply(s, {"type": "attack", "from": "a1", "to": "a2", "dice": 3})
    s, _ = E.apply(s, {"type": "roll", "attacker": [6, 5, 4], "defender": [1]})
    assert s.winner == 0


def test_napoleon_basic_end_most_territories_reading() -> None:
    opts = {"napoleon.amb.basic-game-end": "most-territories"}
    s = position({"a1": (0, 2), "a2": (0, 1), "b1": (1, 1), "b2": (N, 1), "far": (N, 1)},
                 options=opts, phase="maneuver", current=1)
    s.turn = s.tables.params.basic_turn_limit
    s, _ = E.apply(s, {"type": "end-turn"})
    assert s.winner == 0, "most territories after the last turn"


def test_napoleon_maneuver_land_connected_and_limit() -> None:
    s = position({"a1": (0, 5), "a2": (0, 1), "b1": (0, 1), "b2": (1, 1), "far": (1, 1)},
                 phase="maneuver")
    assert {a["to"] for a in actions_of(s, "maneuver") if a["from"] == "a1"} == {"a2", "b1"}
    s, _ = E.apply(s, {"type": "maneuver", "from": "a1", "to": "b1", "armies": 4})
    assert actions_of(s, "maneuver") == [], "one land maneuver per turn"
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "maneuver", "from": "b1", "to": "a2", "armies": 1})
    assert exc.value.rule == "napoleon.maneuver.land"


def test_napoleon_maneuver_naval_into_empty_zone() -> None:
    s = position({"a1": (0, 1), "b2": (1, 1), "far": (1, 1), "z1": (0, 3)}, phase="maneuver")
    assert {a["to"] for a in actions_of(s, "maneuver") if a["from"] == "z1"} == {"z2"}


def test_napoleon_end_of_turn_draws() -> None:
    s = position({"a1": (0, 2), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
                 phase="maneuver")
    s.conquered = True
    s, _ = E.apply(s, {"type": "end-turn"})
    # invasion + control of the 'west' empire: two draws (end_turn.max_draws allows three)
    assert s.phase == "draw" and s.pending == {"left": 2}


def test_napoleon_reinforce_purchases_ship() -> None:
    s = position({"a1": (0, 2), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
                 phase="reinforce", pending={"to_place": 3, "must_trade": False, "after": "turn"})
    assert [a["zone"] for a in actions_of(s, "buy-ship")] == ["z1"]
    s, _ = E.apply(s, {"type": "buy-ship", "zone": "z1"})
    cost = s.tables.params.costs_ship
    assert s.pending["to_place"] == 3 - cost and s.armies[s.tables.place_index["z1"]] == 1
    with pytest.raises(IllegalActionError) as exc:
        E.apply(s, {"type": "buy-ship", "zone": "z4"})
    assert exc.value.rule == "napoleon.units.ships"


def test_reference_server_api_inline_map() -> None:
    from riskspec.conformance.reference_api import ReferenceAPI, capabilities

    from .smallmap import LINE
    assert "inline" in capabilities()["maps"] and "napoleon-basic" in capabilities()["variants"]
    api = ReferenceAPI()
    s = api.new_game("napoleon-basic", 2, {}, map=LINE)
    d = api.to_json(s)
    assert set(d["territories"]) == {"a1", "a2", "b1", "b2", "far"} and len(d["zones"]) == 4
    s2 = api.load_state(d, variant="napoleon-basic", players=2, options=d["options"], map=LINE)
    assert api.to_json(s2) == d


def test_napoleon_elimination_capture_flag_is_settled_at_the_move_in() -> None:
    # a captured hand too small to trade: nothing is owed, so the flag does not linger
    # (a stale flag would force an 'elimination' trade after a later, ordinary conquest)
    s = position({"a1": (0, 5), "a2": (1, 1), "b1": (2, 1)}, variant="napoleon-advanced",
                 players=3, hands={1: ["c-b1"]})
    s, _ = E.apply(s, {"type": "attack", "from": "a1", "to": "a2", "dice": 3})
    s, _ = E.apply(s, {"type": "roll", "attacker": [6, 6, 6], "defender": [1]})
    assert s.captured[0] and s.pending["eliminated"]
    s, _ = E.apply(s, {"type": "occupy", "armies": 3})
    assert s.phase == "attack" and not s.captured[0]
