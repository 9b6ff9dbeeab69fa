"""Hostile states for ``load_state`` (issue 11 item 8): every state the engine accepts is one
that can exist, every other is refused with ``InvalidStateError`` naming the invariant.

The campaign mutates reachable states (one to three edits: a value anywhere replaced by a
hostile one — out-of-range seats, huge or negative counts, wrong types, names from
elsewhere in the state —, a key dropped or added).  Each input ends as

* ``refused``: ``InvalidStateError`` (or another narrow riskspec error: unknown variant or
  option) — the expected outcome for nonsense;
* ``accepted``: then it must be a position the engine can play: who acts, the legal
  actions and chance outcomes are consistent and bounded (``check_node_kind``), the
  board keeps the family's invariants, and the state round-trips;
* anything else (a traceback) fails the test, as does an accepted state that breaks the
  oracle (``wrongly accepted``).
"""

from __future__ import annotations

import copy
import json
import random
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from common import Timing, examples, progress, run_campaign
from hypothesis import HealthCheck, given, settings
from invariants_common import check_node_kind, check_round_trip
from state_edits import hostile_state, make_pool

from riskspec.errors import RiskspecError
from riskspec.reference import engine as E
from riskspec.reference.consistency import INVARIANTS as CLASSIC
from riskspec.reference.driver import sample_outcome
from riskspec.reference.napoleon.consistency import INVARIANTS as NAPOLEON
from riskspec.reference.state import InvalidStateError

ROOT = Path(__file__).resolve().parents[2]
POOL = make_pool()
MAX_ARMIES = 100_000


def _independent(s: Any) -> None:
    """What an accepted state must be, checked here without the engine's own checks."""
    n = s.n_players
    assert 0 <= s.current < n, f"current {s.current} of {n} seats"
    for p in range(n):
        if s.eliminated_by[p] >= 0:
            assert p not in s.owner and not s.hands[p], "an eliminated seat holds nothing"
            assert 0 <= s.eliminated_by[p] < n and s.eliminated_by[p] != p, "eliminated by a seat"
    if s.phase != "game-over":
        assert s.eliminated_by[s.current] < 0, "the seat to act is alive"
    assert all(isinstance(a, int) and 0 <= a <= MAX_ARMIES for a in s.armies), "army counts"
    assert sum(s.armies) + sum(s.reserves) <= MAX_ARMIES, "bounded armies"
    if s.phase in ("battle", "defend"):
        f, t = s.pending["from"], s.pending["to"]
        if s.tables.variant.family == "classic":
            assert t in s.tables.adjacency_sets[f], "a battle between neighbours"
            most = min(s.tables.params.attack_max_attacker_dice, s.armies[f] - 1)
            assert 1 <= s.pending["attacker_dice"] <= most, "attacker dice within the rules"
        assert s.owner[t] != s.current, "nobody attacks their own place"


def _oracle(s: Any) -> None:
    """What an accepted state must allow (an AssertionError or exception: wrongly accepted):
    a bounded, consistent node that keeps the invariants above for a few steps of play."""
    rng = random.Random(0)
    for _ in range(6):
        legal, outcomes = E.legal_actions(s), E.chance_outcomes(s)
        assert len(legal) <= 200_000 and len(outcomes) <= 200_000, "a bounded node"
        check_node_kind(s)
        _independent(s)
        if E.current_player(s) == E.TERMINAL:
            break
        a = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else rng.choice(legal)
        s, _ = E.apply(s, a)
    check_round_trip(s, check_schema=False)


PROTOCOL_EVERY = 25   # every 25th input also goes through the protocol's load_state


def _through_protocol(text: str, verdict: str) -> str:
    """The same state through the protocol's load_state: the same verdict, the invariant as
    the error code (a state the line limits refuse first is answered bad-request)."""
    from riskspec.conformance.client import reference_client
    global _CLIENT
    if _CLIENT is None:
        _CLIENT = reference_client()
    try:
        d = json.loads(text)
        json.dumps(d, allow_nan=False)
    except (ValueError, RecursionError):
        return "not sent (not strict JSON)"
    r = _CLIENT.request("load_state", variant=str(d.get("variant")), players=2, state=d)
    if r.ok:
        assert verdict == "accepted", (verdict, "protocol ok")
        return "ok"
    kind, code = r.error["kind"], r.error["code"]
    assert kind != "internal", r.error
    if kind == "invalid-state":
        assert verdict == f"refused {code}", (verdict, r.error)
    else:
        assert verdict != "accepted" or kind == "bad-request", (verdict, r.error)
    return kind


_CLIENT = None


def _verdict(text: str, edits: str, bad: list[str]) -> str:
    try:
        s = E.from_json(text)
    except InvalidStateError as exc:
        if exc.invariant != "state.form" and exc.invariant not in {*CLASSIC, *NAPOLEON}:
            bad.append(f"unknown invariant {exc.invariant}: {edits}")
        return f"refused {exc.invariant}"
    except RiskspecError as exc:
        return f"refused {type(exc).__name__}"
    except Exception as exc:
        bad.append(f"traceback {exc!r:.200}: {edits}")
        return "traceback"
    try:
        _oracle(s)
    except Exception as exc:
        bad.append(f"wrongly accepted ({exc!r:.200}): {edits}")
        return "wrongly accepted"
    return "accepted"


def test_hostile_states_are_refused_with_the_invariant_or_are_playable(request):
    counts: Counter = Counter()
    bad: list[str] = []

    @settings(max_examples=examples(request), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(hostile_state(POOL))
    def run(case: tuple[str, str]) -> None:
        edits, text = case
        counts["inputs"] += 1
        progress("load_state", counts)
        begin = time.monotonic()
        verdict = _verdict(text, edits, bad)
        counts[verdict] += 1
        if counts["inputs"] % PROTOCOL_EVERY == 0 and verdict != "traceback":
            try:
                counts[f"protocol {_through_protocol(text, verdict)}"] += 1
            except Exception as exc:
                counts["protocol disagrees"] += 1
                bad.append(f"protocol disagrees ({exc!r:.300}): {edits}")
        timing.note(begin, f"{edits} ({len(text):,} chars)")

    timing = Timing(counts)
    run_campaign("load_state", run, timing, bad)
    assert counts["accepted"] > 0 and sum(v for k, v in counts.items()
                                          if k.startswith("refused state.")) > counts["inputs"] // 3


# -- the reproduced defects of issue 11 item 8, one by one -------------------------------------
def _classic(**edits: Any) -> dict:
    from riskspec.reference.builder import build_state
    return json.loads(E.to_json(build_state("classic", 3, **edits)))


def _refused(d: dict, invariant: str) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as info:
        E.from_json(d)
    assert info.value.invariant == invariant, str(info.value)
    assert f"[invariant {invariant}]" in str(info.value)
    return info.value


def test_an_eliminated_seat_holding_territories_is_refused():
    d = _classic(board="alaska=0:3 kamchatka=1:3", phase="attack")
    d["players"][2].update(eliminated=True, eliminated_by=0)
    _refused(d, "state.eliminated-holds-nothing")


def test_a_battle_of_nine_dice_between_territories_that_do_not_touch_is_refused():
    d = _classic(board="alaska=0:20 argentina=1:10", phase="attack")
    d.update(phase="battle", pending={"from": "alaska", "to": "argentina", "attacker_dice": 9,
                                      "defender_dice": 2})
    _refused(d, "state.battle")
    d["pending"]["to"] = "kamchatka"
    d["territories"]["kamchatka"] = {"owner": 1, "armies": 10}
    _refused(d, "state.battle")  # adjacent now, but still nine dice
    d["pending"]["attacker_dice"] = 3
    assert E.from_json(d).phase == "battle"


def test_ten_million_armies_are_refused():
    d = _classic(board="alaska=0:10", phase="fortify")
    d["territories"]["alaska"]["armies"] = 10**7
    _refused(d, "state.army-limit")


def test_napoleon_current_seat_out_of_range_is_refused():
    d = json.loads(E.to_json(E.new_game("napoleon-advanced", 3)))
    d["current"] = 99
    _refused(d, "state.seat-range")


def test_load_state_over_the_protocol_answers_invalid_state_with_the_invariant():
    from riskspec.conformance.client import reference_client
    d = _classic(board="alaska=0:3", phase="attack")
    d["players"][2].update(eliminated=True, eliminated_by=0)
    r = reference_client().request("load_state", variant="classic", players=3, state=d)
    assert not r.ok and r.error["kind"] == "invalid-state"
    assert r.error["code"] == "state.eliminated-holds-nothing"


def test_every_invariant_is_documented_and_every_checked_one_is_listed():
    doc = (ROOT / "docs" / "state-invariants.md").read_text()
    for ident in {*CLASSIC, *NAPOLEON, "state.form"}:
        assert f"`{ident}`" in doc, ident
    for module, table in (("reference/consistency.py", CLASSIC),
                          ("reference/napoleon/consistency.py", NAPOLEON)):
        used = set(re.findall(r'"(state\.[a-z-]+)"', (ROOT / module).read_text()))
        assert used - set(table) == set(), (module, used - set(table))


# -- what the campaign found (each a class, fixed in the consistency checks) -------------------
def _napoleon(variant: str = "napoleon-advanced", phase: str = "attack") -> dict:
    """A Napoléon state of real play, in ``phase`` of the game proper."""
    for d in POOL:
        if d["variant"] == variant and d["phase"] == phase and d["turn"] >= 1:
            return copy.deepcopy(d)
    raise LookupError(phase)


def test_state_json_nested_too_deep_to_read_is_refused_not_a_traceback():
    text = json.dumps(_classic(board="alaska=0:3", phase="attack"))
    for depth in (900, 100_000):
        deep = text.replace('"pending": {}', '"pending": ' + "[" * depth + "]" * depth, 1)
        _refused_text(deep, "state.form")


def test_a_million_seats_are_refused_before_the_schema_reads_them():
    d = _classic(board="alaska=0:3", phase="attack")
    d["players"] = d["players"] * 400_000
    _refused(d, "state.player-count")


def test_a_chance_node_without_an_outcome_is_refused():
    d = _napoleon()
    d["phase"], d["pending"] = "deal", {"next": 0}       # every territory is already dealt
    d["turn"] = 0                                         # (a deal is part of setup)
    d["players"][0]["reserve"] = 1
    _refused(d, "state.has-move")


def test_a_napoleon_placement_beyond_the_reserve_is_refused():
    d = _napoleon()
    d["phase"], d["pending"] = "setup-place", {"seat": 0, "left": 7}
    d["turn"] = 0
    d["players"][0]["reserve"] = 1
    _refused(d, "state.setup")
    d["phase"], d["pending"] = "deal", {"next": 0}
    d["players"][0]["reserve"] = 0
    _refused(d, "state.setup")


def test_challenger_ships_in_the_movers_own_zone_are_refused():
    d = _napoleon()
    zone = next(iter(d["zones"]))
    d["zones"][zone].update(owner=d["current"], ships=1, challenger_ships=1)
    _refused(d, "state.challengers")


def test_a_napoleon_seat_in_the_game_without_a_territory_is_refused():
    d = _napoleon()
    other = next(p for p in range(len(d["players"])) if p != d["current"]
                 and not d["players"][p]["neutral"])
    to = next(p for p in range(len(d["players"])) if p not in (other,))
    for place in d["territories"].values():
        if place["owner"] == other:
            place["owner"] = to
    _refused(d, "state.alive-holds-territory")


def test_a_reroll_against_an_empty_place_is_refused():
    d = _napoleon()
    me = d["current"]
    src = next(t for t, v in d["territories"].items() if v["owner"] == me)
    dst = next(t for t, v in d["territories"].items() if v["owner"] not in (me, None))
    d["territories"][src]["armies"] = 5
    d["territories"][dst]["armies"] = 0
    d["phase"] = "reroll-dice"
    d["pending"] = {"from": src, "to": dst, "attacker": [4], "defender": [3], "naval": False,
                    "chooser": me}
    _refused(d, "state.battle")


def _refused_text(text: str, invariant: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        E.from_json(text)
    assert info.value.invariant == invariant, str(info.value)


def test_fortify_moves_before_the_fortify_phase_are_refused():
    # found by the 10,000-input campaign: a reinforce state carrying a fortify move of the
    # turn was accepted; play fortified again and reached a state of 2 moves of 1 allowed
    board = "alaska=0:5 kamchatka=0:3 yakutsk=1:3"
    for phase, pending in (("reinforce", {"to_place": 3, "forced": None}), ("attack", None),
                           ("fortify", None)):
        d = _classic(board=board, phase=phase, pending=pending)
        assert E.from_json(d).phase == phase
        d["turn_flags"]["fortify_moves"] = 1   # in fortify: the one move allowed is made
        _refused(d, "state.turn-flags")


def test_a_napoleon_turn_phase_at_setup_turn_0_is_refused():
    # found by the campaign: a setup state (turn 0) moved to the attack phase was accepted;
    # play then reached a reinforcement with no legal action
    d = _napoleon()
    d["turn"] = 0
    _refused(d, "state.turn-count")
    for phase in ("setup-place", "first-player"):   # (a first-player draw: setup only)
        for d in POOL:
            if d["variant"].startswith("napoleon") and d["phase"] == phase:
                d = copy.deepcopy(d)
                d["turn"] = 3
                _refused(d, "state.turn-count")
                break
        else:
            raise LookupError(phase)


def test_a_whole_number_written_as_a_fraction_is_refused():
    # found by the campaign: JSON Schema counts 3.0 as an integer; a turn of 2.0 was kept as
    # a float, armies of 3.0 escaped as a TypeError
    d = _classic(board="alaska=0:3 kamchatka=1:3", phase="attack")
    for path in (("turn",), ("territories", "alaska", "armies"), ("players", 0, "reserve")):
        edited = copy.deepcopy(d)
        parent = edited
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = float(parent[path[-1]])
        with pytest.raises(InvalidStateError) as info:   # (a form error, like the schema's)
            E.from_json(edited)
        assert info.value.invariant == "state.form"
        assert "is not a whole number" in str(info.value) and path[-1] in str(info.value)


def test_a_napoleon_seat_eliminated_during_setup_is_refused():
    # found by the campaign: an eliminated seat at setup was dealt a territory by play
    for d in POOL:
        if d["variant"].startswith("napoleon") and d["phase"] == "deal":
            d = copy.deepcopy(d)
            seat = next(p for p in range(len(d["players"])) if p != d["pending"]["next"]
                        and not d["players"][p]["neutral"]
                        and all(t["owner"] != p for t in d["territories"].values()))
            d["players"][seat].update(eliminated=True, eliminated_by=d["current"])
            _refused(d, "state.eliminated-holds-nothing")
            break
    else:
        raise LookupError("deal")


def test_a_napoleon_state_with_a_seat_added_or_removed_is_refused():
    # found by the campaign: napoleon-basic with seven seats was accepted; play then reached
    # a setup-leaders phase with nothing left to place and no move
    d = _napoleon("napoleon-basic")
    extra = copy.deepcopy(d)
    extra["players"].insert(0, copy.deepcopy(extra["players"][0]))
    _refused(extra, "state.player-count")
    neutral = copy.deepcopy(d)
    neutral["players"][1]["neutral"] = True   # a player's seat made a fifth neutral one
    _refused(neutral, "state.player-count")


def test_challenger_ships_after_the_attacks_are_refused():
    # found by the campaign: challengers left in the maneuver phase were accepted; the turn
    # passed to the zone's owner, who then had challengers in its own zone
    d = _napoleon(phase="maneuver")
    other = next(p for p in range(len(d["players"])) if p != d["current"])
    zone = next(iter(d["zones"]))
    d["zones"][zone].update(owner=other, ships=2, challenger_ships=1)
    _refused(d, "state.challengers")
    d["phase"] = "attack"       # bought this turn, not yet fought: a state play reaches
    assert E.from_json(d).phase == "attack"


def test_a_napoleon_card_table_for_another_seat_is_refused():
    # found by the campaign: a card table moved into a game dealt to seat 0 while seat 1
    # acted; play then reached a reinforcement that must trade with no set: no legal action
    d = _napoleon("napoleon-basic", phase="attack")
    d["phase"] = "card-table"
    d["pending"] = {"seat": 1 - d["current"], "left": 2, "after": "turn"}
    _refused(d, "state.current-player")
    d["pending"].update(seat=d["current"], after="setup")   # the setup's table, at turn 1+
    _refused(d, "state.turn-count")


def test_a_napoleon_leader_setup_with_nothing_or_too_much_left_is_refused():
    # found by the campaign (run 3): a setup-leaders phase with nothing left listed a
    # fortification that apply then refused ("none left to place")
    d = next(copy.deepcopy(x) for x in POOL if x["phase"] == "setup-leaders")
    g, f = d["pending"]["generals"], d["pending"]["fortifications"]
    E.from_json(copy.deepcopy(d))                      # the real state loads
    for generals, forts in ((0, 0), (g + 5, f), (g, f + 5), (-1, f)):
        bad = copy.deepcopy(d)
        bad["pending"].update(generals=generals, fortifications=forts)
        try:
            E.from_json(bad)
        except InvalidStateError as exc:
            assert exc.invariant in ("state.setup", "state.form"), str(exc)
        else:
            raise AssertionError(f"setup-leaders with {generals} generals, {forts} forts accepted")
    if g:                                              # a fortification before the general
        early = copy.deepcopy(d)
        early["pending"].update(fortifications=f - 1)
        _refused(early, "state.setup")


def test_the_setup_epidemic_placement_after_setup_is_refused():
    # found by the campaign (run 4): an epidemic placement of the setup moved to turn 1 was
    # accepted, and play led from it into the setup's general placement at turn 1
    d = _napoleon(phase="attack")
    E.from_json(copy.deepcopy(d))
    d.update(phase="epidemics", pending={"left": 1, "moving": False})
    _refused(d, "state.turn-count")
    d["pending"]["moving"] = True                  # moving an epidemic on is the game's
    try:
        E.from_json(d)
    except InvalidStateError as exc:
        assert exc.invariant != "state.turn-count", str(exc)
