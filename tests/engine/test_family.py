"""Variant families plug into the one public API through ``riskspec.reference.family``:
every shipped variant's family is registered, the API dispatches by ``family_of``, and no
module of the engine bypasses it by testing a state's class."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from riskspec.errors import OptionError
from riskspec.loading import load_spec
from riskspec.reference import engine as E
from riskspec.reference import family as F

REFERENCE = Path(F.__file__).parent


@pytest.mark.parametrize("variant", sorted(load_spec().variants))
def test_every_shipped_variant_plays_through_its_registered_family(variant: str) -> None:
    v = E.get_variant(variant)
    fam = F.get_family(v.family)
    s = E.new_game(variant, v.min_players)
    assert F.family_of(s) is fam and fam.name == v.family
    # the hooks are what the public functions run
    assert E.current_player(s) == fam.current_player(s)
    assert E.to_dict(s) == fam.to_dict(s)
    again = E.from_dict(E.to_dict(s))
    assert F.family_of(again) is fam and E.state_hash(again) == E.state_hash(s)
    outcome, _ = E.chance_outcomes(s)[0] if E.current_player(s) == E.CHANCE else \
        (E.legal_actions(s)[0], None)
    after, _ = E.apply(s, outcome)
    assert F.family_of(after) is fam


def test_an_unknown_family_is_an_option_error() -> None:
    with pytest.raises(OptionError, match="families"):
        F.get_family("chess")


def test_no_engine_module_dispatches_on_the_class_of_a_state() -> None:
    pattern = re.compile(r"__class__ is (not )?(Nap)?State|isinstance\([a-z]+, NapState\)")
    hits = {str(p.relative_to(REFERENCE)): pattern.findall(p.read_text(encoding="utf-8"))
            for p in REFERENCE.rglob("*.py")}
    assert not {k: v for k, v in hits.items() if v}
