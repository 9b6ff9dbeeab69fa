"""Napoléon's typed parameters (:mod:`riskspec.reference.napoleon.params`): every field is a
spec parameter, read from the spec, and a bad value is refused naming the parameter."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from riskspec.errors import OptionError
from riskspec.loading import load_spec
from riskspec.reference import engine as E
from riskspec.reference.napoleon import params as P

VARIANTS = ("napoleon-basic", "napoleon-advanced")


def _params(vid: str, options: dict[str, str] | None = None) -> dict[str, Any]:
    return dict(load_spec().variant(vid).resolve(options).params)


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_field_is_the_spec_value_of_its_parameter(vid: str) -> None:
    raw = _params(vid)
    p = P.read_params(raw)
    for f in dataclasses.fields(p):
        if not f.init:
            continue
        name = P.dotted(f.name)
        assert name in raw, f"{f.name}: no spec parameter {name}"
        want = raw[name]
        got = getattr(p, f.name)
        if isinstance(want, list):
            assert list(got) == want, name
        elif isinstance(want, dict):
            assert {k: list(v) if isinstance(v, tuple) else v for k, v in got.items()} == want, name
        else:
            assert got == want and type(got) is type(want), name


def test_is_advanced_follows_game_mode() -> None:
    assert not P.read_params(_params("napoleon-basic")).is_advanced
    adv = P.read_params(_params("napoleon-advanced"))
    assert adv.is_advanced and adv.turn_limit == adv.game_turn_limit
    assert dataclasses.replace(adv, game_mode="basic").is_advanced is False


@pytest.mark.parametrize(("name", "value", "says"), [
    ("attack.dice_sides", 1, "at least 2"),
    ("attack.dice_sides", "six", "whole number"),
    ("reinforce.minimum", True, "whole number"),
    ("reinforce.minimum", -1, "at least 0"),
    ("reinforce.territory_divisor", 0, "at least 1"),
    ("reinforce.counts_zones", 1, "true or false"),
    ("attack.ties", "neither", "implements attacker, defender"),
    ("basic.pieces", "all", "implements none, ships so far"),
    ("setup.missions_per_level", 2, "must be at most 1"),
    ("scoring.tiebreak", ["regiments", "height"], "item 'height'"),
    ("setup.starting_units", {"two": 36}, "key 'two' must be a number"),
    ("setup.starting_units", {"2": 0}, "entry 2: must be at least 1"),
    ("generals.bonus_by_count", {"1": ["one"]}, "entry 1: item 'one' must be a whole number"),
    ("cards.set_values_fixed", [4, 6], "must be a table"),
    ("fortifications.defence_bonus", 1, "must be a list"),
    ("ships.max_per_player", "none", "whole number"),
])
def test_a_bad_value_is_refused_naming_the_parameter(name: str, value: Any, says: str) -> None:
    raw = _params("napoleon-advanced")
    raw[name] = value
    with pytest.raises(OptionError, match=re.escape(f"parameter {name} = {value!r}: ") + ".*"
                       + re.escape(says)):
        P.read_params(raw)


def test_optional_numbers_accept_none_and_a_number() -> None:
    raw = _params("napoleon-advanced")
    raw["ships.max_per_player"], raw["vp.floor"] = 4, -3
    p = P.read_params(raw)
    assert (p.ships_max_per_player, p.vp_floor) == (4, -3)


def test_a_missing_parameter_is_named() -> None:
    raw = _params("napoleon-basic")
    del raw["end_turn.max_draws"]
    with pytest.raises(OptionError, match=r"lacks parameter 'end_turn\.max_draws'"):
        P.read_params(raw)


def test_cross_checks() -> None:
    raw = _params("napoleon-basic", {"napoleon.amb.basic-game-end": "most-territories"})
    assert P.read_params(raw).turn_limit == raw["basic.turn_limit"]
    raw["basic.turn_limit"] = None
    with pytest.raises(OptionError, match="most-territories needs basic.turn_limit"):
        P.read_params(raw)
    adv = _params("napoleon-advanced")
    adv["game.turn_limit"] = None
    with pytest.raises(OptionError, match="advanced needs game.turn_limit"):
        P.read_params(adv)


def test_replace_checks_too_and_params_are_frozen() -> None:
    p = P.read_params(_params("napoleon-advanced"))
    with pytest.raises(OptionError, match="attack.max_attacker_dice"):
        dataclasses.replace(p, attack_max_attacker_dice=0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.attack_ties = "attacker"  # type: ignore[misc]


def test_a_new_game_reads_its_numbers_from_the_spec() -> None:
    raw = load_spec().variant("napoleon-advanced")
    s = E.new_game(raw.id, 3)
    assert s.tables.params.attack_dice_sides == raw.parameters["attack.dice_sides"].value


def test_cost_of_names_each_piece() -> None:
    p = P.read_params(_params("napoleon-advanced"))
    assert [p.cost_of(k) for k in ("ship", "general", "admiral", "fortification")] == [
        p.costs_ship, p.costs_general, p.costs_admiral, p.costs_fortification]


def test_the_engine_reads_parameters_only_through_params() -> None:
    """No module of the Napoléon engine looks a parameter up by its dotted name."""
    root = Path(P.__file__).parent
    lookup = re.compile(r"""\[\s*f?["'][a-z_]+\.[a-z_{}]+["']\s*\]""")
    found = [f"{path.name}:{i}: {line.strip()}"
             for path in sorted(root.glob("*.py")) if path.name != "params.py"
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if lookup.search(line)]
    assert found == []
