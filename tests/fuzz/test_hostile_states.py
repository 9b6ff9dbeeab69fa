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
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from common import examples, json_paths, report
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants_common import check_node_kind, check_round_trip

from riskspec.errors import RiskspecError
from riskspec.reference import engine as E
from riskspec.reference.consistency import INVARIANTS as CLASSIC
from riskspec.reference.driver import choose_action, sample_outcome
from riskspec.reference.napoleon.consistency import INVARIANTS as NAPOLEON
from riskspec.reference.state import InvalidStateError

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("classic", 2), ("classic", 3), ("classic", 5), ("napoleon-basic", 2),
         ("napoleon-advanced", 3)]


def _pool() -> list[dict[str, Any]]:
    out = []
    for i, (variant, players) in enumerate(GAMES):
        rng = random.Random(i)
        s = E.new_game(variant, players)
        for step in range(1500):
            if E.current_player(s) == E.TERMINAL:
                break
            if step % 37 == 0:
                out.append(json.loads(E.to_json(s)))
            a = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
                choose_action(E.legal_actions(s), rng, "aggressive", s)
            s, _ = E.apply(s, a)
        out.append(json.loads(E.to_json(s)))
    return out


POOL = _pool()


def _scalars(d: Any) -> list[Any]:
    if isinstance(d, dict):
        return [x for k, v in d.items() for x in [k, *_scalars(v)]]
    if isinstance(d, list):
        return [x for v in d for x in _scalars(v)]
    return [d]


HOSTILE = st.one_of(
    st.integers(-3, 12), st.sampled_from([99, -1, 10**7, 2**63, -2**63, 10**100]),
    st.none(), st.booleans(), st.text(max_size=5), st.sampled_from(["", "\ud800", "attack"]),
    st.lists(st.integers(-2, 5), max_size=3), st.builds(dict), st.builds(lambda: [[[[[]]]]]),
    st.floats(allow_nan=True))


@st.composite
def hostile_state(draw):
    base = copy.deepcopy(draw(st.sampled_from(POOL)))
    seen = _scalars(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = json_paths(base)[1:]
        path = draw(st.sampled_from(paths))
        parent = base
        for k in path[:-1]:
            parent = parent[k]
        how = draw(st.sampled_from(["value", "value", "reuse", "drop", "add"]))
        if how == "drop" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=6))] = draw(HOSTILE)
        elif how == "reuse":
            parent[path[-1]] = draw(st.sampled_from(seen))
        else:
            parent[path[-1]] = draw(HOSTILE)
    return base


def _oracle(s: Any) -> None:
    """What an accepted state must allow (an AssertionError or exception: wrongly accepted)."""
    legal, outcomes = E.legal_actions(s), E.chance_outcomes(s)
    assert len(legal) <= 200_000 and len(outcomes) <= 200_000, "a bounded node"
    check_node_kind(s)
    check_round_trip(s, check_schema=False)
    for p in range(s.n_players):
        if s.eliminated_by[p] >= 0:
            assert p not in s.owner and not s.hands[p], "an eliminated seat holds nothing"


def test_hostile_states_are_refused_with_the_invariant_or_are_playable(request):
    counts: Counter = Counter()

    @settings(max_examples=examples(request), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(hostile_state())
    def run(d: dict) -> None:
        counts["inputs"] += 1
        try:
            s = E.from_json(d)
        except InvalidStateError as exc:
            assert exc.invariant == "state.form" or exc.invariant in CLASSIC \
                or exc.invariant in NAPOLEON, exc.invariant
            counts["refused"] += 1
            return
        except RiskspecError:
            counts["refused"] += 1
            return
        counts["accepted"] += 1
        try:
            _oracle(s)
        except Exception as exc:  # counted and reported below
            counts["wrongly accepted"] += 1
            raise AssertionError(f"accepted a state the engine cannot play: {exc!r}") from exc

    try:
        run()
    finally:
        report("load_state", counts)
    assert counts["wrongly accepted"] == 0 and counts["refused"] > counts["inputs"] // 3


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
