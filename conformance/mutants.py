"""Suite power: deliberately broken copies of the reference engine.

Each mutant breaks exactly one rule — most by overriding one spec parameter
for every game the process plays (the engine reads all its numbers from the
spec, so this is a faithful "engine written with one wrong rule"), a few by
wrapping the engine's answers.  ``riskspec engine --mutant NAME`` serves one
through the protocol; ``riskspec check --engine "riskspec engine --mutant NAME"``
must flag every one of them (``tests/conformance/test_suite_power.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from riskspec.conformance.errors import ConformanceError


@dataclass(frozen=True)
class Mutant:
    name: str
    rule: str
    description: str
    params: Mapping[str, Any] = field(default_factory=dict)
    board_edit: Callable[[Any], Any] | None = None
    wrap: Callable[[Any], Any] | None = None
    family: str = "classic"   # the variants its handshake claims (its deviation is in their rules)

    def install(self, api: Any) -> Any:
        if self.params or self.board_edit:
            override_params(self.params, self.board_edit)
        return self.wrap(api) if self.wrap else api


def override_params(overrides: Mapping[str, Any],
                    board_edit: Callable[[Any], Any] | None = None) -> None:
    """Make every ruleset resolved in this process use ``overrides`` for its parameters
    (and ``board_edit(board)`` for its map). Used only by mutants, in their own process."""
    from riskspec import model
    from riskspec.model import Ruleset

    original = model.Variant.resolve
    edited: dict[int, Any] = {}

    def resolve(self: Any, options: Mapping[str, str] | None = None) -> Ruleset:
        rs = original(self, options)
        params = dict(rs.params)
        params.update(overrides)
        variant = rs.variant
        if board_edit is not None:
            if id(variant) not in edited:
                edited[id(variant)] = dataclasses.replace(variant, board=board_edit(variant.board))
            variant = edited[id(variant)]
        return Ruleset(variant, rs.options, MappingProxyType(params))

    model.Variant.resolve = resolve  # type: ignore[method-assign]


def _group_bonus(group: str, bonus: int) -> Callable[[Any], Any]:
    def edit(board: Any) -> Any:
        groups = tuple(dataclasses.replace(g, bonus=bonus) if g.id == group else g for g in board.groups)
        return dataclasses.replace(board, groups=groups)
    return edit


class _Wrapped:
    """Delegates to the reference API; subclasses change one answer."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.CHANCE, self.TERMINAL = inner.CHANCE, inner.TERMINAL

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class _NoEndAttack(_Wrapped):
    def legal_actions(self, state: Any) -> list:
        acts = self.inner.legal_actions(state)
        others = [a for a in acts if a.get("type") != "end-attack"]
        return others or acts


class _NoEndTurn(_Wrapped):
    def legal_actions(self, state: Any) -> list:
        acts = self.inner.legal_actions(state)
        others = [a for a in acts if a.get("type") != "end-turn"]
        return others or acts


class _KeepOldOwnerOnConquest(_Wrapped):
    """Conquest events lie: the occupy step leaves the moved armies out of the count."""

    def apply(self, state: Any, action: Mapping[str, Any]) -> tuple[Any, list]:
        if action.get("type") == "occupy" and isinstance(action.get("armies"), int) and action["armies"] > 1:
            action = dict(action, armies=action["armies"] - 1)
        return self.inner.apply(state, action)


def _m(name: str, rule: str, description: str, **kw: Any) -> Mutant:
    return Mutant(name, rule, description, **kw)


MUTANTS: dict[str, Mutant] = {m.name: m for m in [
    _m("ties-to-attacker", "classic.attack.ties", "a tied pair of dice goes to the attacker",
       params={"attack.ties": "attacker"}),
    _m("min-reinforcement-2", "classic.reinforce.minimum", "the minimum reinforcement is 2, not 3",
       params={"reinforce.minimum": 2}),
    _m("no-territory-bonus", "classic.cards.territory-bonus", "no extra armies for a traded card's territory",
       params={"cards.territory_bonus": 0}),
    _m("territory-bonus-3", "classic.cards.territory-bonus", "3 extra armies (not 2) on a traded card's territory",
       params={"cards.territory_bonus": 3}),
    _m("fortify-connected", "classic.fortify.path", "fortifying along any chain of own territories",
       params={"fortify.path": "connected"}),
    _m("set-values-linear", "classic.cards.set-values", "sets escalate 4, 6, 8, 10, 12, 14 (not 15)",
       params={"cards.set_values": [4, 6, 8, 10, 12, 14]}),
    _m("set-increment-2", "classic.cards.set-value-increment", "after the sixth set, +2 per set (not +5)",
       params={"cards.set_value_increment": 2}),
    _m("divisor-4", "classic.reinforce.territory-armies", "one army per four territories (not three)",
       params={"reinforce.territory_divisor": 4}),
    _m("attack-needs-3", "classic.attack.min-armies", "a territory needs 3 armies to attack",
       params={"attack.min_armies": 3}),
    _m("attacker-2-dice", "classic.attack.attacker-dice", "the attacker rolls at most 2 dice",
       params={"attack.max_attacker_dice": 2}),
    _m("defender-3-dice", "classic.attack.defender-dice", "the defender may roll 3 dice",
       params={"attack.max_defender_dice": 3}),
    _m("defender-always-max", "classic.attack.defender-dice", "the defender cannot choose fewer dice",
       params={"attack.defender_dice": "max"}),
    _m("move-in-one", "classic.conquest.move-in", "a conquest needs only one army moved in",
       params={"conquest.min_move": "one"}),
    _m("forced-trade-at-6", "classic.cards.forced-trade", "a trade is forced at 6 cards (not 5)",
       params={"cards.forced_trade_at": 6}),
    _m("draw-two", "classic.cards.earn", "two cards for a turn with a conquest",
       params={"cards.per_turn_draw": 2}),
    _m("one-wild-per-set", "classic.cards.valid-sets", "a set may hold only one wild card",
       params={"cards.max_wilds_per_set": 1}),
    _m("two-fortifies", "classic.fortify.one-move", "two fortifying moves per turn",
       params={"fortify.moves": 2}),
    _m("minimum-on-total", "classic.reinforce.minimum", "the minimum of 3 bounds the total, bonuses included",
       params={"reinforce.minimum_applies_to": "total"}),
    _m("starting-armies-30", "classic.setup.starting-armies", "three players start with 30 armies (not 35)",
       params={"setup.starting_armies": {"2": 40, "3": 30, "4": 30, "5": 25, "6": 20}}),
    _m("elimination-trade-at-5", "classic.elimination.forced-trade",
       "captured cards force a trade at 5 cards (not 6)", params={"cards.elimination_trade_at": 5}),
    _m("bonus-per-set", "classic.cards.territory-bonus-limit",
       "the territory bonus may be taken once per set (not once per turn)",
       params={"cards.territory_bonus_limit": "per-set"}),
    _m("place-two-in-setup", "classic.setup.placement-rounds", "two armies per placement turn in setup",
       params={"setup.armies_per_placement": 2}),
    _m("asia-bonus-6", "classic.reinforce.continent-bonus", "Asia is worth 6 (not 7)",
       board_edit=_group_bonus("asia", 6)),
    _m("no-reshuffle", "classic.cards.discards", "traded cards never return to the draw pile",
       params={"cards.reshuffle_discards": False}),
    _m("forced-one-set", "classic.cards.forced-trade", "one set satisfies a forced trade even with 6+ cards",
       params={"cards.forced_trade_until": "one-set"}),
    _m("two-player-35", "classic.two-player.starting-armies", "two-player game starts with 35 armies each",
       params={"two_player.armies_each": 35}),
    _m("new-roll-first-turn", "classic.setup.first-turn", "a fresh roll decides the first turn",
       params={"turn.first_player": "new-roll"}),
    _m("attack-mandatory", "classic.attack.optional", "the attack phase cannot be ended voluntarily",
       wrap=_NoEndAttack),
    _m("fortify-mandatory", "classic.fortify.optional", "the turn cannot end without fortifying",
       wrap=_NoEndTurn),
    _m("occupy-one-short", "classic.conquest.move-in", "moves one army fewer than asked into a conquest",
       wrap=_KeepOldOwnerOnConquest),
]}


#: Napoléon deviations (one parameter each), served like the Classic ones; the differential
#: fuzzer's power is measured on both sets (``benchmarks/bench_fuzz_power.py``)
NAPOLEON_MUTANTS: dict[str, Mutant] = {m.name: m for m in [
    _m("nap-divisor-4", "napoleon.reinforce.territories", "one regiment per four territories",
       params={"reinforce.territory_divisor": 4}, family="napoleon"),
    _m("nap-zones-not-counted", "napoleon.reinforce.territories",
       "controlled maritime zones do not count for reinforcements",
       params={"reinforce.counts_zones": False}, family="napoleon"),
    _m("nap-min-reinforcement-2", "napoleon.reinforce.territories", "the minimum reinforcement is 2",
       params={"reinforce.minimum": 2}, family="napoleon"),
    _m("nap-cavalry-2", "napoleon.components.unit-values", "a cavalry piece is worth 2 regiments, not 3",
       params={"units.cavalry_value": 2}, family="napoleon"),
    _m("nap-mixed-set-12", "napoleon.cards.set-values", "a mixed set is worth 12, not 10",
       params={"cards.set_values_fixed": {"infantry": 4, "cavalry": 6, "artillery": 8, "mixed": 12}},
       family="napoleon"),
    _m("nap-territory-bonus-3", "napoleon.cards.trade-territory-bonus",
       "3 extra regiments for a traded card's territory", params={"cards.territory_bonus": 3},
       family="napoleon"),
    _m("nap-forced-trade-at-6", "napoleon.cards.forced-trade", "a trade is forced at 6 cards",
       params={"cards.forced_trade_at": 6}, family="napoleon"),
    _m("nap-attack-needs-3", "napoleon.combat.attack-from", "a territory needs 3 regiments to attack",
       params={"attack.min_units": 3}, family="napoleon"),
    _m("nap-ties-to-attacker", "napoleon.combat.compare", "a tied pair of dice goes to the attacker",
       params={"attack.ties": "attacker"}, family="napoleon"),
    _m("nap-general-bonus-2", "napoleon.combat.general-bonus", "one general adds 2 to a die",
       params={"generals.bonus_by_count": {"1": [2], "2": [2, 1], "3": [2, 1]}}, family="napoleon"),
    _m("nap-fortification-bonus-2", "napoleon.combat.fortification-bonus",
       "a fortification adds 2 to the defender's die", params={"fortifications.defence_bonus": [2]},
       family="napoleon"),
    _m("nap-max-draws-2", "napoleon.end-of-turn.draws", "at most two cards at the end of a turn",
       params={"end_turn.max_draws": 2}, family="napoleon"),
    _m("nap-epidemic-loss-2", "napoleon.epidemics.phase-loss", "an epidemic kills two regiments",
       params={"epidemics.phase_loss": 2}, family="napoleon"),
    _m("nap-two-land-maneuvers", "napoleon.maneuver.land", "two land maneuvers per turn",
       params={"maneuver.land_moves": 2}, family="napoleon"),
    _m("nap-no-ship-left", "napoleon.naval.battle-rules", "a naval attack may leave no ship behind",
       params={"naval.min_ships_left": 0}, family="napoleon"),
    _m("nap-starting-units-35", "napoleon.setup.players-and-regiments",
       "three players start with 35 regiments (not 40)",
       params={"setup.starting_units": {"3": 35, "4": 35, "5": 30, "6": 25}}, family="napoleon"),
]}


def reading_of(m: Mutant, variant: str = "classic") -> tuple[str, str] | None:
    """The (ambiguity, reading) the mutant plays faithfully — when its parameters are exactly
    a non-default reading's — else None.  Such a mutant is an engine of another edition, not a
    broken one, once its handshake says so (``riskspec engine --mutant NAME --honest``)."""
    from riskspec.loading import load_spec
    v = load_spec(strict=False).variants[variant]
    if not m.params or m.board_edit or m.wrap:
        return None
    for amb in v.ambiguities.values():
        for r in amb.readings:
            if dict(r.parameters) == dict(m.params) and r.id != v.options[amb.id].default:
                return amb.id, r.id
    return None


def get_mutant(name: str) -> Mutant:
    found = MUTANTS.get(name) or NAPOLEON_MUTANTS.get(name)
    if found is None:
        raise ConformanceError(f"unknown mutant {name!r}; known: "
                               f"{', '.join([*MUTANTS, *NAPOLEON_MUTANTS])}")
    return found
