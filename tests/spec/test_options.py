"""Settling a variant's options: defaults, explicit choices, conflicts, unknown names."""

from __future__ import annotations

import pytest

from riskspec.errors import OptionError
from riskspec.loading import load_spec
from riskspec.model import parse_options


@pytest.fixture(scope="module")
def classic():  # type: ignore[no-untyped-def]
    return load_spec().variant("classic")


def test_defaults_follow_the_variant_resolutions(classic) -> None:  # type: ignore[no-untyped-def]
    rs = classic.resolve()
    for amb in classic.ambiguities.values():
        assert rs.options[amb.id] == amb.resolutions["classic"].reading
        for name, value in amb.reading(rs.options[amb.id]).parameters.items():
            # a declared option's default may refine a parameter; none does for classic
            assert rs.param(name) == value, (amb.id, name)


def test_every_parameter_is_settled(classic) -> None:  # type: ignore[no-untyped-def]
    assert set(classic.resolve().params) == set(classic.parameters)


def test_an_explicit_reading_beats_a_default_option(classic) -> None:  # type: ignore[no-untyped-def]
    assert classic.resolve({"classic.amb.mission-setup": "deal"}).param("setup.distribution") == "deal"
    assert classic.resolve({"distribution": "deal"}).param("setup.distribution") == "deal"


def test_conflicting_explicit_choices_are_refused(classic) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(OptionError, match="give only one of them"):
        classic.resolve({"classic.amb.mission-setup": "deal", "distribution": "claim"})


def test_unknown_option_and_choice(classic) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(OptionError, match="did you mean game-mode"):
        classic.resolve({"game-mod": "mission"})
    with pytest.raises(OptionError, match="choose one of"):
        classic.resolve({"game-mode": "conquest"})


def test_translated_editions_differ_only_through_resolutions() -> None:
    spec = load_spec()
    base = spec.variant("classic")
    for vid in ("classic-pt", "classic-it", "classic-fr"):
        v = spec.variant(vid)
        assert v.extends == "classic" and v.board is base.board
        differing = {a for a in v.ambiguities
                     if v.options[a].default != base.options[a].default}
        assert differing, f"{vid} resolves no ambiguity differently from classic"
        assert v.resolve().params != base.resolve().params


def test_option_items_are_split_at_the_first_equals_sign() -> None:
    assert parse_options([" game-mode = mission", "capitals.enabled=a=b", "x=1", "x=2"]) == {
        "game-mode": "mission", "capitals.enabled": "a=b", "x": "2"}
    assert parse_options([]) == {}


@pytest.mark.parametrize("item", ["game-mode", "=mission", "game-mode="])
def test_an_option_item_without_key_or_choice_is_refused(item: str) -> None:
    with pytest.raises(OptionError, match=f"KEY=CHOICE, not {item!r}"):
        parse_options([item])
