"""Rule properties an engine author runs against their own functions (Classic family).

The reference engine's rule functions carry contracts that CrossHair checks
(``docs/contracts.md``); this module states the same rules as executable properties over
plain inputs — numbers, lists of dice, card symbols — so that *your* function, with
*your* signature reduced to plain values, can be checked in *your* test suite::

    from riskspec import properties as P

    def test_my_dice_rule():
        P.check_battle_losses(lambda att, dfd: my_engine.losses(att, dfd))

Each ``check_*`` runs Hypothesis over the inputs the rule speaks of; on a violation it
raises :class:`PropertyViolation` (an ``AssertionError``, so pytest shows it as a failure)
for the *smallest* input Hypothesis finds, naming the rule ID, the input, what the rule
gives and what your function gave.  Every number comes from the specification of the
variant and readings you name (``variant=``, ``options=``), never from this module.
``backend="crosshair"`` lets CrossHair search the inputs symbolically instead
(``pip install "riskspec[symbolic]"``).

Not to be confused with :mod:`riskspec.conformance.properties`, the seeded differential
fuzzer of ``riskspec check --fuzz``, which plays whole games through the protocol.

========================================  ===========================================  ===============================
check                                     your function                                rule
========================================  ===========================================  ===============================
:func:`check_attacker_dice`               ``f(armies) -> most dice``                   ``classic.attack.attacker-dice``
:func:`check_defender_dice`               ``f(armies) -> most dice``                   ``classic.attack.defender-dice``
:func:`check_battle_losses`               ``f(attacker, defender) -> (lost, lost)``    ``classic.attack.compare``, ``.ties``
:func:`check_territory_armies`            ``f(territories) -> armies``                 ``classic.reinforce.territory-armies``
:func:`check_reinforcements`              ``f(territories, continents) -> armies``     ``classic.reinforce.minimum``, ``.continent-bonus``
:func:`check_set_value`                   ``f(sets_traded_before) -> armies``          ``classic.cards.set-values``
:func:`check_is_set`                      ``f(symbols) -> bool``                       ``classic.cards.valid-sets``
:func:`check_move_in`                     ``f(armies_from, dice_rolled) -> (lo, hi)``  ``classic.conquest.move-in``
========================================  ===========================================  ===============================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from riskspec.errors import RiskspecError

__all__ = [
    "PropertyViolation", "Rules", "check_attacker_dice", "check_battle_losses", "check_defender_dice",
    "check_is_set", "check_move_in", "check_reinforcements", "check_set_value", "check_territory_armies",
    "rules_of",
]


class PropertyViolation(RiskspecError, AssertionError):
    """Your function disagrees with a rule on (the smallest input found) ``inputs``."""

    def __init__(self, rule: str, inputs: Mapping[str, Any], expected: Any, got: Any) -> None:
        self.rule, self.inputs, self.expected, self.got = rule, dict(inputs), expected, got
        args = ", ".join(f"{k}={v!r}" for k, v in self.inputs.items())
        super().__init__(f"{rule}: for {args} the rule gives {expected!r}, your function gave {got!r} "
                         f"(riskspec explain {rule})")


class Rules:
    """The numbers of one variant under some readings, read from the specification."""

    def __init__(self, variant: str = "classic", options: Mapping[str, str] | None = None) -> None:
        from riskspec.reference import engine as E
        s = E.new_game(variant, 3, dict(options or {}))
        self.variant = variant
        self.params = s.tables.params
        self.board = s.tables.ruleset.board
        if s.tables.variant.family != "classic":
            raise RiskspecError(f"riskspec.properties states Classic-family rules; {variant} is "
                                f"{s.tables.variant.family}")

    @property
    def continent_bonus(self) -> dict[str, int]:
        return {g.id: g.bonus for g in self.board.groups}

    @property
    def symbols(self) -> tuple[str, ...]:
        return tuple(self.board.symbols)


def rules_of(variant: str = "classic", options: Mapping[str, str] | None = None) -> Rules:
    """The numbers the checks use (``rules_of().params.attack_max_attacker_dice`` …)."""
    return Rules(variant, options)


def _run(test: Callable[..., None], strategies: Mapping[str, Any], *, max_examples: int,
         backend: str) -> None:
    """Run ``test(**drawn)`` under Hypothesis; the minimal PropertyViolation is re-raised."""
    from riskspec.conformance.stateful import require_hypothesis
    require_hypothesis(backend)
    from hypothesis import HealthCheck, Verbosity, given, settings
    opts: dict[str, Any] = {"max_examples": max_examples, "database": None, "deadline": None,
                            "verbosity": Verbosity.quiet, "suppress_health_check": list(HealthCheck)}
    if backend == "crosshair":
        opts["backend"] = "crosshair"
    settings(**opts)(given(**strategies)(test))()


def _same(rule: str, inputs: Mapping[str, Any], expected: Any, got: Any) -> None:
    if got != expected:
        raise PropertyViolation(rule, inputs, expected, got)


# -- battles -----------------------------------------------------------------------------------
def check_attacker_dice(most_dice: Callable[[int], int], *, variant: str = "classic",
                        options: Mapping[str, str] | None = None, max_armies: int = 60,
                        max_examples: int = 100, backend: str = "hypothesis") -> None:
    """``most_dice(armies)``: the most dice a territory holding ``armies`` may attack with —
    one army always stays behind, and no more than ``attack.max_attacker_dice``."""
    from hypothesis import strategies as st
    r = Rules(variant, options)

    def test(armies: int) -> None:
        _same("classic.attack.attacker-dice", {"armies": armies},
              min(r.params.attack_max_attacker_dice, max(0, armies - 1)), most_dice(armies))
    _run(test, {"armies": st.integers(1, max_armies)}, max_examples=max_examples, backend=backend)


def check_defender_dice(most_dice: Callable[[int], int], *, variant: str = "classic",
                        options: Mapping[str, str] | None = None, max_armies: int = 60,
                        max_examples: int = 100, backend: str = "hypothesis") -> None:
    """``most_dice(armies)``: the most dice a territory holding ``armies`` may defend with —
    one per army, no more than ``attack.max_defender_dice``."""
    from hypothesis import strategies as st
    r = Rules(variant, options)

    def test(armies: int) -> None:
        _same("classic.attack.defender-dice", {"armies": armies},
              min(r.params.attack_max_defender_dice, armies), most_dice(armies))
    _run(test, {"armies": st.integers(1, max_armies)}, max_examples=max_examples, backend=backend)


def expected_losses(attacker: Sequence[int], defender: Sequence[int], rules: Rules) -> tuple[int, int]:
    """(attacker's, defender's) losses by the rule: highest die against highest, as many
    pairs as the smaller side threw (one pair under ``attack.compared_pairs`` =
    highest-only), the higher die wins, a tie as ``attack.ties`` says."""
    pairs = list(zip(sorted(attacker, reverse=True), sorted(defender, reverse=True)))
    if rules.params.attack_compared_pairs == "highest-only":
        pairs = pairs[:1]
    ties = rules.params.attack_ties
    lost_a = sum(1 for a, d in pairs if a < d or (a == d and ties == "defender"))
    lost_d = sum(1 for a, d in pairs if a > d or (a == d and ties == "attacker"))
    return lost_a, lost_d


def check_battle_losses(losses: Callable[[list[int], list[int]], tuple[int, int]], *,
                        variant: str = "classic", options: Mapping[str, str] | None = None,
                        max_examples: int = 200, backend: str = "hypothesis") -> None:
    """``losses(attacker_dice, defender_dice)`` -> (armies the attacker loses, armies the
    defender loses), for every roll within the dice limits, in any order."""
    from hypothesis import strategies as st
    r = Rules(variant, options)
    side = r.params.attack_dice_sides
    a = st.lists(st.integers(1, side), min_size=1, max_size=r.params.attack_max_attacker_dice)
    d = st.lists(st.integers(1, side), min_size=1, max_size=r.params.attack_max_defender_dice)

    def test(attacker: list[int], defender: list[int]) -> None:
        want = expected_losses(attacker, defender, r)
        rule = "classic.attack.ties" if any(x == y for x, y in zip(sorted(attacker, reverse=True),
                                                                     sorted(defender, reverse=True))) \
            else "classic.attack.compare"
        _same(rule, {"attacker": attacker, "defender": defender}, want,
              tuple(losses(list(attacker), list(defender))))
    _run(test, {"attacker": a, "defender": d}, max_examples=max_examples, backend=backend)


# -- reinforcements ----------------------------------------------------------------------------
def expected_territory_armies(territories: int, rules: Rules) -> int:
    """Territories divided by ``reinforce.territory_divisor``, rounded as
    ``reinforce.territory_rounding`` says (down; nearest: a half up)."""
    div = rules.params.reinforce_territory_divisor
    if rules.params.reinforce_territory_rounding == "nearest":
        return (2 * territories + div) // (2 * div)
    return territories // div


def check_territory_armies(armies_for: Callable[[int], int], *, variant: str = "classic",
                           options: Mapping[str, str] | None = None, max_examples: int = 100,
                           backend: str = "hypothesis") -> None:
    """``armies_for(territories)``: the armies for the territories held (before the minimum
    and continent bonuses)."""
    from hypothesis import strategies as st
    r = Rules(variant, options)

    def test(territories: int) -> None:
        _same("classic.reinforce.territory-armies", {"territories": territories},
              expected_territory_armies(territories, r), armies_for(territories))
    _run(test, {"territories": st.integers(0, len(r.board.territories))}, max_examples=max_examples,
         backend=backend)


def expected_reinforcements(territories: int, continents: Sequence[str], rules: Rules) -> int:
    """Armies at the start of a turn before cards: the territory count's armies, at least
    ``reinforce.minimum`` (bounding the territories' share, or the total, as
    ``reinforce.minimum_applies_to`` says), plus the bonus of each continent held."""
    p = rules.params
    bonus = sum(rules.continent_bonus[c] for c in continents)
    base = p.reinforce_minimum if territories < p.reinforce_divide_from else \
        expected_territory_armies(territories, rules)
    if p.reinforce_minimum_applies_to == "total":
        return max(p.reinforce_minimum, base + bonus)
    return max(p.reinforce_minimum, base) + bonus


def check_reinforcements(reinforcements: Callable[[int, list[str]], int], *, variant: str = "classic",
                         options: Mapping[str, str] | None = None, max_territories: int | None = None,
                         max_examples: int = 200, backend: str = "hypothesis") -> None:
    """``reinforcements(territories, continents)``: the armies a player receives at the
    start of a turn (before cards) when holding ``territories`` territories, which make up
    exactly the continents ``continents`` entirely (and of every other continent, not all);
    at most ``max_territories`` territories (default: the whole board)."""
    from hypothesis import strategies as st
    r = Rules(variant, options)
    groups = {g.id: len(g.territories) for g in r.board.groups}
    n_all = len(r.board.territories) if max_territories is None else max_territories

    @st.composite
    def holdings(draw: Any) -> tuple[int, list[str]]:
        held = draw(st.lists(st.sampled_from(sorted(groups)), unique=True)
                    .filter(lambda h: sum(groups[g] for g in h) <= n_all))
        least = max(1, sum(groups[g] for g in held))
        # one territory of every other continent missing
        most = min(n_all, len(r.board.territories) - (len(groups) - len(held)))
        return draw(st.integers(least, max(least, most))), sorted(held)

    def test(holding: tuple[int, list[str]]) -> None:
        territories, continents = holding
        rule = "classic.reinforce.continent-bonus" if continents else "classic.reinforce.minimum" \
            if expected_territory_armies(territories, r) < r.params.reinforce_minimum \
            else "classic.reinforce.territory-armies"
        _same(rule, {"territories": territories, "continents": continents},
              expected_reinforcements(territories, continents, r), reinforcements(territories, list(continents)))
    _run(test, {"holding": holdings()}, max_examples=max_examples, backend=backend)


# -- cards -------------------------------------------------------------------------------------
def expected_set_value(traded_before: int, rules: Rules) -> int:
    """The armies for a set when ``traded_before`` sets were traded before it: the listed
    values, then ``cards.set_value_increment`` more each, up to ``cards.set_value_cap``."""
    p = rules.params
    values = list(p.cards_set_values)
    if traded_before < len(values):
        v = values[traded_before]
    else:
        v = values[-1] + p.cards_set_value_increment * (traded_before - len(values) + 1)
    return v if p.cards_set_value_cap is None else min(v, p.cards_set_value_cap)


def check_set_value(set_value: Callable[[int], int], *, variant: str = "classic",
                    options: Mapping[str, str] | None = None, max_sets: int = 60,
                    max_examples: int = 100, backend: str = "hypothesis") -> None:
    """``set_value(traded_before)``: the armies for the next set on the escalating track."""
    from hypothesis import strategies as st
    r = Rules(variant, options)
    if r.params.cards_set_value_mode != "escalating":
        raise RiskspecError(f"{variant} under these readings values sets by symbol, not on a track")

    def test(traded_before: int) -> None:
        _same("classic.cards.set-values", {"traded_before": traded_before},
              expected_set_value(traded_before, r), set_value(traded_before))
    _run(test, {"traded_before": st.integers(0, max_sets)}, max_examples=max_examples, backend=backend)


def expected_is_set(symbols: Sequence[str], rules: Rules) -> bool:
    """Whether the card symbols (``"wild"`` for a wild card) are a set: as many cards as
    the board has symbols, at most ``cards.max_wilds_per_set`` wilds, the others all alike
    or all different."""
    from riskspec.reference.cards import WILD
    wilds = sum(1 for s in symbols if s == WILD)
    plain = [s for s in symbols if s != WILD]
    if len(symbols) != len(rules.symbols) or wilds > rules.params.cards_max_wilds_per_set:
        return False
    return len(set(plain)) <= 1 or len(set(plain)) == len(plain)


def check_is_set(is_set: Callable[[list[str]], bool], *, variant: str = "classic",
                 options: Mapping[str, str] | None = None, max_examples: int = 200,
                 backend: str = "hypothesis") -> None:
    """``is_set(symbols)``: whether cards with these symbols (``"wild"`` for a wild card)
    may be traded as a set."""
    from hypothesis import strategies as st

    from riskspec.reference.cards import WILD
    r = Rules(variant, options)
    n = len(r.symbols)

    def test(symbols: list[str]) -> None:
        _same("classic.cards.valid-sets", {"symbols": symbols}, expected_is_set(symbols, r),
              bool(is_set(list(symbols))))
    _run(test, {"symbols": st.lists(st.sampled_from([*r.symbols, WILD]), min_size=max(1, n - 1),
                                    max_size=n + 1)}, max_examples=max_examples, backend=backend)


# -- conquest ----------------------------------------------------------------------------------
def check_move_in(move_range: Callable[[int, int], tuple[int, int]], *, variant: str = "classic",
                  options: Mapping[str, str] | None = None, max_armies: int = 60,
                  max_examples: int = 100, backend: str = "hypothesis") -> None:
    """``move_range(armies_from, dice_rolled)`` -> (fewest, most) armies that may move into a
    territory just conquered from one holding ``armies_from`` after the last roll, in which
    ``dice_rolled`` dice were thrown: one stays behind; at least the dice thrown move (under
    ``conquest.min_move`` = one: at least one), fewer only if fewer can move."""
    from hypothesis import strategies as st
    r = Rules(variant, options)

    def test(armies_from: int, dice_rolled: int) -> None:
        most = armies_from - 1
        least = 1 if r.params.conquest_min_move == "one" else min(dice_rolled, most)
        _same("classic.conquest.move-in", {"armies_from": armies_from, "dice_rolled": dice_rolled},
              (least, most), tuple(move_range(armies_from, dice_rolled)))
    _run(test, {"armies_from": st.integers(2, max_armies),
                "dice_rolled": st.integers(1, r.params.attack_max_attacker_dice)},
         max_examples=max_examples, backend=backend)
