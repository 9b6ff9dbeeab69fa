"""Variant families plug into the one public API through ``riskspec.reference.family``:
every shipped variant's family is registered, the API dispatches by ``family_of``, and no
module of the engine bypasses it by testing a state's class."""

from __future__ import annotations

import functools
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


# -- a third family through the public API: tables plus two process_* functions ------------
# A toy race: players take turns adding 1 to 3 to a shared count; who brings it to the
# target wins.  Everything else — parsing, who is to act, refusing an action of no handler,
# the copy before a change — is the Family's defaults.
# toy-family: begin
import dataclasses as _dc  # noqa: E402
from typing import Any, NamedTuple  # noqa: E402

from riskspec.reference.actions import Grammar  # noqa: E402
from riskspec.reference.base import require  # noqa: E402


class _Add(NamedTuple):
    type: str
    armies: int


class _Pass(NamedTuple):
    type: str


@_dc.dataclass
class _ToyTables:
    variant: Any
    territories: tuple[str, ...] = ()
    territory_index: dict[str, int] = _dc.field(default_factory=dict)
    card_index: dict[str, int] = _dc.field(default_factory=dict)
    params: Any = _dc.field(default_factory=lambda: type("P", (), {"attack_dice_sides": 6})())


@_dc.dataclass
class _ToyState:
    tables: _ToyTables
    colours: tuple[str, ...]
    count: int = 0
    current: int = 0
    turn: int = 1
    phase: str = "play"
    winner: int = -1
    neutral: int = -1

    @property
    def n_players(self) -> int:
        return len(self.colours)

    def copy(self) -> _ToyState:
        return _dc.replace(self)


def process_add(s: _ToyState, a: _Add, events: list[dict[str, Any]]) -> None:
    require(a.armies <= 3, "too-many", "toy.race.add", "add 1 to 3")
    s.count += a.armies
    events.append({"type": "added", "player": s.current, "armies": a.armies})
    if s.count >= 10:
        s.winner, s.phase = s.current, "over"
    else:
        s.current, s.turn = (s.current + 1) % s.n_players, s.turn + 1


def process_pass(s: _ToyState, a: _Pass, events: list[dict[str, Any]]) -> None:
    s.current, s.turn = (s.current + 1) % s.n_players, s.turn + 1


TOY = F.Family(
    name="toy",
    new_game=lambda v, players, options: _ToyState(_ToyTables(v), tuple(v.colours[:players])),
    legal_actions=lambda s: [{"type": "add", "armies": n} for n in (1, 2, 3)] + [{"type": "pass"}],
    grammar=Grammar({"add": (("armies", "positive"),), "pass": ()}, {"add": _Add, "pass": _Pass}),
    handlers={("play", "add"): process_add, ("play", "pass"): process_pass},
    checks_before_changes=True,   # each process_* checks first: apply_in_place needs no copy
)
# toy-family: end


def test_a_third_family_plays_through_the_public_api() -> None:
    from riskspec.errors import IllegalActionError, InvalidActionError
    F.register(TOY)
    try:
        variant = _dc.replace(E.get_variant("classic"), id="toy", family="toy")
        s = E.new_game(variant, 2)
        assert F.family_of(s) is TOY and E.current_player(s) == 0
        assert len(E.legal_actions(s)) == 4
        s2, events = E.apply(s, {"type": "add", "armies": 3})
        assert (s.count, s2.count, E.current_player(s2)) == (0, 3, 1)
        assert events == [{"type": "added", "player": 0, "armies": 3}]
        with pytest.raises(InvalidActionError) as bad:     # the one parser: the same codes
            E.apply(s2, {"type": "add", "armies": 0})
        assert bad.value.code == "bad-value"
        with pytest.raises(IllegalActionError) as refused:  # a rule of a process_*
            E.apply(s2, {"type": "add", "armies": 4})
        assert (refused.value.code, refused.value.rule) == ("too-many", "toy.race.add")
        for n in (3, 3):
            s2, _ = E.apply(s2, {"type": "add", "armies": n})
        s2, _ = E.apply(s2, {"type": "add", "armies": 1})
        assert E.is_terminal(s2) and s2.winner == 1 and E.current_player(s2) == E.TERMINAL
        with pytest.raises(IllegalActionError) as over:    # derived from the handlers
            E.apply(s2, {"type": "pass"})
        assert over.value.code == "game-over"
        events = E.apply_in_place(s, {"type": "pass"})
        assert events == [] and s.current == 1
    finally:
        F._REGISTERED.pop("toy", None)
        F.get_family.cache_clear()


def test_the_derived_refusal_is_the_families_own() -> None:
    # Classic and Napoléon no longer write reject_out_of_turn: both derive it from handlers
    from riskspec.reference.classic_family import CLASSIC
    from riskspec.reference.napoleon.family import NAPOLEON
    for fam in (CLASSIC, NAPOLEON):
        assert isinstance(fam.reject_out_of_turn, functools.partial)
        assert fam.reject_out_of_turn.func is F.reject_out_of_turn
    assert F.Family(name="bare").legal_actions(None) == []


def test_the_toy_family_is_small() -> None:
    text = Path(__file__).read_text(encoding="utf-8")
    body = text.split("# toy-family: begin")[1].split("# toy-family: end")[0]
    lines = [x for x in body.splitlines() if x.strip() and not x.strip().startswith("#")]
    assert len(lines) <= 70, len(lines)
