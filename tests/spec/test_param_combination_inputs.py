"""What values do together, checked only over values that can be played (issue 11 item 9).

Regression tests for the classes the 10,000-input hostile-spec campaign found among inputs
5,000-9,999 (``tests/fuzz/test_hostile_specs.py``, seed 11):

* #8503, #8693: ``missions.deck`` set to a list or a table; the deck look-up hashed it and
  ``riskspec validate`` ended "could not run: internal error TypeError" (exit 2). The class:
  a cross-check used a value its type check had already refused. Also a reading setting
  ``generals.max`` to 2⁶³ made the leader-bonus check list every count up to it (MemoryError).
* #6754: a Napoléon reading set ``basic.victory: most-territories`` with
  ``basic.turn_limit: null``; the validator accepted it and ``new_game`` refused it.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from spec_copy import edit

from riskspec.cli import main
from riskspec.errors import OptionError
from riskspec.loading import check_tree, load_spec
from riskspec.loading.params import get_combination_problems
from riskspec.reference.napoleon.params import read_params


@pytest.mark.parametrize("value", ["[x]", "{'2': -1}", "[[1]]", "{}"])
def test_a_mission_deck_of_the_wrong_type_is_a_bad_value_not_an_internal_error(spec, value,
                                                                             capsys):
    edit(spec / "classic" / "variant.yaml", "    value: classic-14", f"    value: {value}")
    assert main(["validate", str(spec)]) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.err
    assert "[bad-parameter-value] parameter 'missions.deck'" in out.out


def test_a_reading_setting_a_huge_leader_count_is_a_bad_value_and_nothing_loops(spec, capsys):
    amb = spec / "napoleon" / "ambiguities.yaml"
    old = "parameters: {basic.victory: eliminate-opponent, basic.turn_limit: null}"
    # (a million, not 2⁶³: were the check to regress, it would build a million-entry list,
    # not exhaust the memory)
    edit(amb, old, old[:-1] + ", generals.max: 1000000}")
    assert main(["validate", str(spec)]) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.err
    assert "[bad-parameter-value] reading 'eliminate-opponent'" in out.out
    assert "'generals.max' = 1000000" in out.out
    assert "[unplayable-parameters]" not in out.out


HOSTILE = [yaml.safe_load(f"v: {t}")["v"] for t in (
    "0", "-1", "1000000", "1.5", ".inf", "true", "null", "''", "x",
    "[]", "[x]", "{}", "{'2': -1}", "{'1': [9, 9]}", "{'1': nowhere}", "{'1': {}}",
    "[[[[1]]]]")]


@pytest.mark.parametrize("variant_id", ["classic", "napoleon-basic", "napoleon-advanced"])
def test_combination_checks_never_raise_and_skip_values_of_the_wrong_type(variant_id):
    v = load_spec().variant(variant_id)
    base = {k: p.value for k, p in v.parameters.items()}
    sizes = {"players": (v.min_players, v.max_players), "colours": len(v.colours),
             "territories": len(v.board.territories), "decks": v.mission_decks}
    assert get_combination_problems(v.family, base, **sizes) == []
    for name in base:
        for value in HOSTILE + [{1: "a", "2": "b"}]:
            found = get_combination_problems(v.family, {**base, name: value}, **sizes)
            # a value out of its type or range is a bad value, never the cause of a
            # combination problem (before: 'no bonus for 11, 12, … 1,000,000 generals')
            assert all(len(why) < 600 for _, why in found), (name, value)


def napoleon_values(**changes: Any) -> dict[str, Any]:
    v = load_spec().variant("napoleon-basic")
    return {**{k: p.value for k, p in v.parameters.items()}, **changes}


@pytest.mark.parametrize("victory", ["all-territories", "eliminate-opponent",
                                     "most-territories"])
@pytest.mark.parametrize("limit", [None, 5])
@pytest.mark.parametrize("mode, length", [("basic", None), ("advanced", None),
                                          ("advanced", 30)])
def test_the_validator_refuses_a_turn_limit_combination_exactly_when_the_engine_does(
        victory, limit, mode, length):
    values = napoleon_values(**{"basic.victory": victory, "basic.turn_limit": limit,
                                "game.mode": mode, "game.turn_limit": length})
    try:
        read_params(values)
        engine_refuses = False
    except OptionError:
        engine_refuses = True
    found = get_combination_problems("napoleon", values, players=(2, 2), colours=2,
                                     territories=0, decks={})
    assert bool(found) == engine_refuses, (found, victory, limit, mode, length)


def test_a_reading_most_territories_without_a_turn_limit_is_refused_where_it_is_set(spec):
    amb = spec / "napoleon" / "ambiguities.yaml"
    edit(amb, "parameters: {basic.victory: eliminate-opponent, basic.turn_limit: null}",
         "parameters: {basic.victory: most-territories, basic.turn_limit: null}")
    found, _ = check_tree(spec, despite_schema=True)
    assert [(p.file, p.code) for p in found] == [("spec/napoleon/ambiguities.yaml",
                                                  "unplayable-parameters")]
    assert "set basic.turn_limit" in found[0].message
