"""Napoléon reading vectors tell the readings apart: each case with a ``reading`` fails when
its ambiguity is set to any other reading the reference engine implements."""

from __future__ import annotations

import dataclasses
from collections import defaultdict

import pytest

from riskspec.conformance.errors import ScenarioError
from riskspec.conformance.scenario import load_all
from riskspec.errors import OptionError
from riskspec.loading import load_spec
from riskspec.reference import engine as E
from riskspec.reference.napoleon.inline import variant_on_map

SCENARIOS = {sid: sc for sid, sc in load_all().items()
             if sc.variant.startswith("napoleon") and sc.reading and not sc.pending}


def _implemented(sc, amb: str, reading: str) -> bool:
    v = load_spec().variant(sc.variant)
    if sc.map is not None:
        v = variant_on_map(v, sc.map)
    try:
        E.new_game(v, sc.players, {**sc.options, amb: reading})
    except OptionError:
        return False
    return True


#: readings no position can tell apart in this engine (ambiguity → groups of readings):
#: a third general's bonus on the third die never counts, since at most two pairs of dice
#: are compared (attack.max_defender_dice = 2)
EQUIVALENT: dict[str, tuple[frozenset[str], ...]] = {
    "napoleon.amb.third-general": (frozenset({"no-more", "third-die"}),),
}


def _others(sc) -> list[str]:
    amb, mine = sc.reading["ambiguity"], sc.reading["reading"]
    readings = load_spec().variant(sc.variant).ambiguities[amb].readings
    same = set().union(*(g for g in EQUIVALENT.get(amb, ()) if mine in g))
    return [r.id for r in readings if r.id != mine and r.id not in same
            and _implemented(sc, amb, r.id)]


@pytest.mark.parametrize("sid", sorted(SCENARIOS))
def test_a_reading_case_fails_under_every_other_reading(sid: str) -> None:
    sc = SCENARIOS[sid]
    sc.build()  # it holds under its own reading
    amb = sc.reading["ambiguity"]
    for other in _others(sc):
        changed = dataclasses.replace(sc, options={**sc.options, amb: other},
                                      reading={"ambiguity": amb, "reading": other})
        with pytest.raises(ScenarioError):
            changed.build()


def test_every_implemented_reading_of_a_tested_ambiguity_has_a_case() -> None:
    by_amb: dict[tuple[str, str], set[str]] = defaultdict(set)
    first = {}
    for sc in SCENARIOS.values():
        key = (sc.variant, sc.reading["ambiguity"])
        by_amb[key].add(sc.reading["reading"])
        first.setdefault(key, sc)
    missing = []
    for (variant, amb), have in by_amb.items():
        sc = first[(variant, amb)]
        for r in load_spec().variant(variant).ambiguities[amb].readings:
            if r.id not in have and _implemented(sc, amb, r.id):
                missing.append(f"{variant}: {amb} = {r.id}")
    assert not missing, missing
