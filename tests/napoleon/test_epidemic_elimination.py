"""napoleon.amb.epidemic-elimination: a player whose last territory an epidemic empties is
out at once.  What the vectors cannot state: every state on the way loads again (the
engine's own invariants), and no extra event (vectors match events as a subsequence)."""

from __future__ import annotations

from typing import Any

import pytest

from riskspec.conformance.vectors import load_cases
from riskspec.reference import engine as E
from riskspec.reference.napoleon.inline import variant_on_map

CASES = ("napoleon.combat.elimination.501", "napoleon.combat.elimination.502",
         "napoleon.combat.elimination.503", "napoleon.epidemics.card-move.511",
         "napoleon.epidemics.card-move.512")


def _replay(case_id: str) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """(state, events) after each step, each state reloaded through the loader."""
    case = next(c for c in load_cases() if c.id == case_id)
    v = variant_on_map(E.get_variant(case.variant), case.map, case.missions)
    s = E.from_dict(case.state, variant=v)
    out = []
    for step in case.steps:
        if "action" not in step:
            continue
        s, events = E.apply(s, step["action"])
        d = E.to_dict(s)
        s = E.from_dict(d, variant=v)  # refused if it breaks an invariant
        out.append((d, events))
    return out


@pytest.mark.parametrize("case_id", CASES)
def test_every_state_on_the_way_loads_and_reports_each_elimination_once(case_id: str) -> None:
    steps = _replay(case_id)
    out = [e["player"] for _, ev in steps for e in ev if e["type"] == "eliminated"]
    gone = [i for i, p in enumerate(steps[-1][0]["players"]) if p["eliminated"]]
    assert sorted(out) == gone and len(set(out)) == len(out)


def test_nobody_left_ends_the_game_with_exactly_these_events() -> None:
    (d, events), = _replay("napoleon.combat.elimination.502")
    assert [e["type"] for e in events] == ["turn-ended"] + ["epidemic-loss"] * 5 + \
        ["eliminated"] * 3 + ["epidemic-lost"] * 5 + ["victory", "game-over"]
    assert d["phase"] == "game-over" and d["winner"] == 1


def test_the_player_put_out_in_their_own_turn_hands_over_to_the_next_living_seat() -> None:
    steps = _replay("napoleon.combat.elimination.501")
    first, last = steps[0][0], steps[-1][0]
    assert first["current"] == 1 and first["players"][1]["eliminated_by"] == 1
    assert last["current"] == 2 and last["players"][1]["cards"] == []
    assert not any(e["type"] in ("mission-completed", "victory-points") for e in steps[-1][1])
