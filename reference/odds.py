"""Exact battle odds: the Markov chain of one attack fought to the end.

The chain is built over the engine's own battle functions — the dice limits of
:func:`~riskspec.reference.battle.get_attacker_dice_limit` /
:func:`~riskspec.reference.battle.get_defender_dice_limit` and the loss distribution of
one roll from :func:`~riskspec.reference.battle.get_loss_distribution` (which calls
:func:`~riskspec.reference.battle.compute_losses` on every roll), or, with Napoléon dice
modifiers, :func:`~riskspec.reference.modifiers.get_modified_loss_distribution` — so it
holds no second copy of the rules.  Every number (dice limits, sides, ties, the armies
needed to attack) is a spec parameter (:meth:`BattleRules.from_ruleset`).

Conventions
-----------
* A state is ``(a, d)``: ``a`` counts **all** armies in the attacking territory, one of
  which must stay behind (so ``a = 1`` cannot attack); ``d`` counts the defending armies.
  (Osborne 2003 and most of the literature count only the ``a - 1`` armies that may
  attack.)
* The attacker always throws the most dice it may and attacks until the territory is
  conquered (``d = 0``) or it can attack no more (``a < attack.min_armies``).
* The defender throws, by policy (:data:`POLICIES`): ``max`` — the most dice allowed;
  ``one`` — always one die; ``best`` — before each roll, the number of dice (within the
  limit) that minimises the attacker's probability of conquering from there on, ties
  going to more dice.  ``one`` and ``best`` need ``attack.defender_dice`` = choose.

Exact arithmetic
----------------
All one-roll probabilities share a denominator ``L`` (the least common multiple of their
denominators, 7776 = 6**5 for Classic).  A roll that removes no army (only possible with
``attack.ties`` = neither) leaves the state unchanged, so the chain moves by the rolls that
do, conditioned on one happening; each move removes at least one army, so a
probability in state ``(a, d)`` is held as an integer numerator over ``L**(a + d)``; the
recursion then needs only integer multiplications and additions (no gcd), and a
:class:`~fractions.Fraction` is made only for the cells asked for.  The full 100×100 table
takes a few tens of milliseconds (``benchmarks/bench_odds.py``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from riskspec.errors import OptionError
from riskspec.limits import MAX_ARMIES
from riskspec.loading import get_variant
from riskspec.reference.battle import get_attacker_dice_limit, get_defender_dice_limit, get_loss_distribution
from riskspec.reference.modifiers import combine_bonuses, get_leader_bonuses, get_modified_loss_distribution
from riskspec.reference.tables import CHOICES

#: defender dice policies, see the module docstring
POLICIES: dict[str, str] = {
    "max": "the defender always throws the most dice allowed",
    "one": "the defender always throws one die",
    "best": "the defender throws the number of dice that minimises the attacker's chance "
            "of conquering from there on (ties: more dice)",
}

CONVENTION = ("A counts all armies in the attacking territory, one of which must stay behind "
              "(A = 1 cannot attack); D counts the defending armies. The attacker always "
              "throws the most dice it may and attacks until it conquers or can attack no more.")


@dataclass(frozen=True)
class BattleRules:
    """The spec parameters a battle depends on, plus optional Napoléon dice modifiers."""

    max_attacker_dice: int
    max_defender_dice: int
    sides: int
    ties: str
    min_armies: int
    defender_dice: str = "choose"          # attack.defender_dice: choose | max
    pairs: str = "all"                     # attack.compared_pairs: all | highest-only
    attacker_bonuses: tuple[int, ...] = ()
    defender_bonuses: tuple[int, ...] = ()
    cap: int | None = None

    @classmethod
    def from_ruleset(cls, ruleset: Any, *, attacker_bonuses: Sequence[int] = (),
                     defender_bonuses: Sequence[int] = (), cap: int | None = None) -> BattleRules:
        p = ruleset.param
        # Classic names it attack.min_armies; Napoléon (regiments and ships) attack.min_units.
        min_armies = p("attack.min_armies" if "attack.min_armies" in ruleset.params
                       else "attack.min_units")
        return cls(max_attacker_dice=p("attack.max_attacker_dice"),
                   max_defender_dice=p("attack.max_defender_dice"),
                   sides=p("attack.dice_sides"), ties=p("attack.ties"),
                   min_armies=min_armies, defender_dice=p("attack.defender_dice"),
                   pairs=p("attack.compared_pairs") if "attack.compared_pairs" in ruleset.params
                   else "all",
                   attacker_bonuses=tuple(attacker_bonuses),
                   defender_bonuses=tuple(defender_bonuses), cap=cap)

    @property
    def has_modifiers(self) -> bool:
        return any(self.attacker_bonuses) or any(self.defender_bonuses)

    def to_json(self) -> dict[str, Any]:
        return {"attack.max_attacker_dice": self.max_attacker_dice,
                "attack.max_defender_dice": self.max_defender_dice,
                "attack.dice_sides": self.sides, "attack.ties": self.ties,
                "attack.min_armies": self.min_armies, "attack.defender_dice": self.defender_dice,
                "attack.compared_pairs": self.pairs,
                "attacker_bonuses": list(self.attacker_bonuses),
                "defender_bonuses": list(self.defender_bonuses), "cap": self.cap}


def load_rules(variant: str = "classic", options: Mapping[str, str] | None = None, *,
               attacker_bonuses: Sequence[int] = (), defender_bonuses: Sequence[int] = (),
               cap: int | None = None) -> BattleRules:
    """The battle rules of a variant (with its options settled) from the shipped spec,
    loaded as the engine loads it (once per process)."""
    ruleset = get_variant(variant).resolve(options)
    return BattleRules.from_ruleset(ruleset, attacker_bonuses=attacker_bonuses,
                                    defender_bonuses=defender_bonuses, cap=cap)


@dataclass(frozen=True)
class RollOdds:
    """One roll from a state: the dice thrown and the exact (attacker loss, defender loss)
    distribution."""

    attacker_dice: int
    defender_dice: int
    losses: dict[tuple[int, int], Fraction]


@dataclass(frozen=True)
class BattleOdds:
    """A battle from ``(attacker, defender)`` fought to the end."""

    attacker: int
    defender: int
    #: final (attacker armies, defender armies) → probability; d = 0 means conquered
    outcomes: dict[tuple[int, int], Fraction]
    p_conquer: Fraction = field(init=False)
    expected_attacker_losses: Fraction = field(init=False)
    expected_defender_losses: Fraction = field(init=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "p_conquer", sum((p for (_, d), p in self.outcomes.items() if d == 0),
                                    Fraction(0)))
        set_(self, "expected_attacker_losses",
             sum((p * (self.attacker - a) for (a, _), p in self.outcomes.items()), Fraction(0)))
        set_(self, "expected_defender_losses",
             sum((p * (self.defender - d) for (_, d), p in self.outcomes.items()), Fraction(0)))

    @property
    def attacker_survivors(self) -> dict[int, Fraction]:
        """Armies left in the attacking territory when it conquers (before the move-in)."""
        return {a: p for (a, d), p in sorted(self.outcomes.items()) if d == 0}

    @property
    def defender_survivors(self) -> dict[int, Fraction]:
        """Defending armies left when the attack fails."""
        return {d: p for (_, d), p in sorted(self.outcomes.items()) if d > 0}


class ConquestTable:
    """P(attacker conquers) for ``a`` in ``attackers`` and ``d`` in ``defenders``, held as
    integer numerators over ``L**(a + d)``."""

    def __init__(self, attackers: Sequence[int], defenders: Sequence[int],
                 numerators: list[list[int]], denominator_base: int) -> None:
        self.attackers = tuple(attackers)
        self.defenders = tuple(defenders)
        self._num = numerators
        self._base = denominator_base

    def exact(self, i: int, j: int) -> Fraction:
        """Row ``i`` (attacker ``attackers[i]``), column ``j`` (defender ``defenders[j]``)."""
        a, d = self.attackers[i], self.defenders[j]
        return Fraction(self._num[i][j], self._base ** (a + d))

    def decimal(self, i: int, j: int) -> float:
        a, d = self.attackers[i], self.defenders[j]
        den: int = self._base ** (a + d)
        return self._num[i][j] / den  # int / int is correctly rounded

    def _powers(self) -> list[int]:
        powers = [1]
        for _ in range(max(self.attackers) + max(self.defenders)):
            powers.append(powers[-1] * self._base)
        return powers

    def exact_rows(self) -> list[list[Fraction]]:
        powers = self._powers()
        return [[Fraction(self._num[i][j], powers[a + d]) for j, d in enumerate(self.defenders)]
                for i, a in enumerate(self.attackers)]

    def decimal_rows(self) -> list[list[float]]:
        """The cells as floats; a float is 1.0 (0.0) only where the exact value is 1 (0)."""
        powers = self._powers()
        return [[_honest_float(self._num[i][j], powers[a + d]) for j, d in enumerate(self.defenders)]
                for i, a in enumerate(self.attackers)]


def _honest_float(num: int, den: int) -> float:
    """``num / den`` correctly rounded, except that a value strictly between 0 and 1 never
    becomes 0.0 or 1.0 (the nearest float inside the interval is used instead)."""
    x = num / den
    if x >= 1.0 and num < den:
        return math.nextafter(1.0, 0.0)
    if x <= 0.0 < num:
        return math.nextafter(0.0, 1.0)
    return x


def format_probability(p: Fraction | float, digits: int = 3, *, percent: bool = False) -> str:
    """``p`` rounded to ``digits`` decimals (as a percentage with ``percent``), except that a
    probability that is not exactly 1 never prints as 1 ("1.000", "100.0 %") and one that
    is not exactly 0 never prints as 0: those show as ">0.999" / "<0.001" (">99.9 %")."""
    scale = 100 if percent else 1
    unit = " %" if percent else ""
    text = f"{float(p) * scale:.{digits}f}"
    step = 10.0 ** -digits
    if 0 < p < 1:
        if float(text) >= scale:
            return f">{scale - step:.{digits}f}{unit}"
        if float(text) <= 0:
            return f"<{step:.{digits}f}{unit}"
    return text + unit


def check_armies(value: object, name: str, *, low: int = 1, high: int = MAX_ARMIES) -> int:
    """``value`` as an army count from ``low`` to ``high``; a bool, a float or a number out
    of range raises :class:`OptionError` with the bound."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise OptionError(f"{name} is a whole number from {low} to {high:,} (the exact odds "
                          f"grow with attackers × defenders), not {value!r:.40}")
    return value


class BattleChain:
    """The Markov chain of a battle under one set of rules and one defender policy."""

    def __init__(self, rules: BattleRules, defender: str = "max") -> None:
        if defender not in POLICIES:
            raise OptionError(f"unknown defender policy {defender!r}; choose one of "
                              f"{', '.join(POLICIES)}")
        if defender != "max" and rules.defender_dice == "max":
            raise OptionError(f"defender policy {defender!r} needs attack.defender_dice = "
                              f"choose; this variant has max (the defender throws every die "
                              f"allowed)")
        if rules.ties not in CHOICES["attack.ties"]:
            raise OptionError(f"attack.ties = {rules.ties!r}: the reference engine settles "
                              f"ties as {', '.join(CHOICES['attack.ties'])}")
        if rules.cap is not None and rules.cap < rules.sides:
            raise OptionError(f"a cap of {rules.cap} is below the highest face "
                              f"({rules.sides}); give a cap of at least {rules.sides}")
        if any(b < 0 for b in rules.attacker_bonuses + rules.defender_bonuses):
            raise OptionError("dice bonuses are non-negative")
        if rules.max_attacker_dice < 1 or rules.max_defender_dice < 1 or rules.sides < 1:
            raise OptionError("a battle needs at least one die a side with at least one face")
        self.rules = rules
        self.policy = defender
        self._rolls: dict[tuple[int, int], dict[tuple[int, int], Fraction]] = {}
        moves: dict[tuple[int, int], dict[tuple[int, int], Fraction]] = {}
        for na in range(1, rules.max_attacker_dice + 1):
            for nd in range(1, rules.max_defender_dice + 1):
                dist = self._roll_distribution(na, nd)
                self._rolls[(na, nd)] = dist
                # A roll that costs nobody an army (ties = neither, every pair tied) leaves
                # the state as it was: the end of the battle depends only on the rolls that
                # do cost an army, so the chain moves by those, conditioned on one happening.
                stay = dist.get((0, 0), Fraction(0))
                if stay == 1:
                    raise OptionError(f"{na} against {nd} dice never costs an army: the "
                                      f"battle has no end")
                moves[(na, nd)] = {k: p / (1 - stay) for k, p in dist.items()
                                   if p and k != (0, 0)}
        #: the common denominator L of every (conditioned) one-roll probability
        self.base = math.lcm(*(p.denominator for dist in moves.values() for p in dist.values()))
        #: (na, nd) → ((attacker loss, defender loss, weight), …): weight = p·L·L**(losses-1)
        self._weights: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {
            key: tuple((la, ld, int(p * self.base) * self.base ** (la + ld - 1))
                       for (la, ld), p in dist.items())
            for key, dist in moves.items()}
        self._win: list[list[int]] = [[]]
        self._choice: list[list[int]] = [[]]
        self._size = (0, 0)

    # ------------------------------------------------------------------ one roll

    def _roll_distribution(self, na: int, nd: int) -> dict[tuple[int, int], Fraction]:
        r = self.rules
        if r.has_modifiers:
            return get_modified_loss_distribution(na, nd, r.sides, r.ties, r.attacker_bonuses,
                                                  r.defender_bonuses, r.cap)
        return get_loss_distribution(na, nd, r.sides, r.ties, r.pairs)

    def attacker_dice(self, a: int) -> int:
        """Dice the attacker throws with ``a`` armies in the territory (0: cannot attack)."""
        if a < self.rules.min_armies:
            return 0
        return get_attacker_dice_limit(a, self.rules.max_attacker_dice)

    def defender_choices(self, d: int) -> tuple[int, ...]:
        """The defender's dice counts the policy considers, most dice first."""
        limit = get_defender_dice_limit(d, self.rules.max_defender_dice)
        if limit == 0:
            return ()
        if self.policy == "max":
            return (limit,)
        if self.policy == "one":
            return (1,)
        return tuple(range(limit, 0, -1))

    def defender_dice(self, a: int, d: int) -> int:
        """Dice the defender throws in state ``(a, d)`` under the policy."""
        choices = self.defender_choices(d)
        if len(choices) <= 1 or self.attacker_dice(a) == 0:
            return choices[0] if choices else 0
        self._solve(a, d)
        return self._choice[a][d]

    def roll(self, a: int, d: int) -> RollOdds | None:
        """The next roll from ``(a, d)``, or None when the battle is over."""
        na = self.attacker_dice(a)
        if na == 0 or d < 1:
            return None
        nd = self.defender_dice(a, d)
        return RollOdds(na, nd, dict(self._rolls[(na, nd)]))

    def roll_odds(self, na: int, nd: int) -> dict[tuple[int, int], Fraction]:
        """The losses (attacker, defender) of one roll of ``na`` against ``nd`` dice, exact."""
        return dict(self._rolls[(na, nd)])

    # ------------------------------------------------------------------ battle to the end

    def _solve(self, amax: int, dmax: int) -> None:
        """Numerators of P(conquer) for every state up to (amax, dmax), over L**(a+d)."""
        if amax <= self._size[0] and dmax <= self._size[1]:
            return
        amax, dmax = max(amax, self._size[0]), max(dmax, self._size[1])
        base = self.base
        win = [[0] * (dmax + 1) for _ in range(amax + 1)]
        choice = [[0] * (dmax + 1) for _ in range(amax + 1)]
        choices = [self.defender_choices(d) for d in range(dmax + 1)]
        for a in range(1, amax + 1):
            row = win[a]
            row[0] = base ** a                       # conquered: probability 1
            na = self.attacker_dice(a)
            if na == 0:
                continue                              # cannot attack: probability 0
            for d in range(1, dmax + 1):
                best = -1
                for nd in choices[d]:
                    v = 0
                    for la, ld, w in self._weights[(na, nd)]:
                        v += w * win[a - la][d - ld]
                    if best < 0 or v < best:
                        best, choice[a][d] = v, nd
                row[d] = best
        self._win, self._choice, self._size = win, choice, (amax, dmax)

    def p_conquer(self, a: int, d: int) -> Fraction:
        """Exact probability that the attacker conquers from ``(a, d)``."""
        if a < 1 or d < 0:
            raise OptionError("armies are counted from 1 (attacker) and 0 (defender)")
        self._solve(a, d)
        return Fraction(self._win[a][d], self.base ** (a + d))

    def table(self, attackers: Sequence[int], defenders: Sequence[int]) -> ConquestTable:
        """P(conquer) for every pair of ``attackers`` × ``defenders``."""
        if not attackers or not defenders or min(attackers) < 1 or min(defenders) < 0:
            raise OptionError("a table needs attackers ≥ 1 and defenders ≥ 0")
        self._solve(max(attackers), max(defenders))
        return ConquestTable(attackers, defenders,
                             [[self._win[a][d] for d in defenders] for a in attackers], self.base)

    def square_table(self, n: int) -> ConquestTable:
        """The N×N table: attackers A = 2 … N+1 (all armies in the territory, so 1 … N may
        attack), defenders D = 1 … N."""
        if n < 1:
            raise OptionError("the table size N is at least 1")
        return self.table(range(2, n + 2), range(1, n + 1))

    def battle(self, attacker: int, defender: int) -> BattleOdds:
        """The exact distribution of the end of a battle from ``(attacker, defender)``."""
        if attacker < 1 or defender < 1:
            raise OptionError("the attacking territory holds at least 1 army and the "
                              "defending one at least 1")
        if self.policy == "best":
            self._solve(attacker, defender)
        base, top = self.base, attacker + defender
        mass = [[0] * (defender + 1) for _ in range(attacker + 1)]
        mass[attacker][defender] = 1                  # numerator over L**(top - a - d)
        ends: dict[tuple[int, int], Fraction] = {}
        for a in range(attacker, 0, -1):
            na = self.attacker_dice(a)
            for d in range(defender, -1, -1):
                m = mass[a][d]
                if not m:
                    continue
                if d == 0 or na == 0:
                    ends[(a, d)] = Fraction(m, base ** (top - a - d))
                    continue
                nd = self._choice[a][d] if self.policy == "best" else self.defender_choices(d)[0]
                for la, ld, w in self._weights[(na, nd)]:
                    mass[a - la][d - ld] += m * w
        return BattleOdds(attacker, defender, dict(sorted(ends.items())))


# ---------------------------------------------------------------------- Napoléon bonuses

def get_side_bonuses(ruleset: Any, *, generals: int = 0, admirals: int = 0,
                     fortified: bool = False, extra: Sequence[int] = ()) -> tuple[int, ...]:
    """One side's dice bonuses from the variant's parameters: its generals
    (``generals.bonus_by_count``), admirals (``admirals.bonus_by_count``), a fortification
    (``fortifications.defence_bonus``), plus ``extra`` — added position by position."""
    parts: list[Sequence[int]] = [tuple(extra)]
    wanted = [("generals.bonus_by_count", generals, "generals"),
              ("admirals.bonus_by_count", admirals, "admirals")]
    for name, count, what in wanted:
        if count:
            if name not in ruleset.params:
                raise OptionError(f"variant {ruleset.variant.id!r} has no {what} "
                                  f"(no parameter {name})")
            try:
                parts.append(get_leader_bonuses(ruleset.params[name], count))
            except ValueError as exc:
                raise OptionError(str(exc)) from None
    if fortified:
        if "fortifications.defence_bonus" not in ruleset.params:
            raise OptionError(f"variant {ruleset.variant.id!r} has no fortifications "
                              f"(no parameter fortifications.defence_bonus)")
        parts.append(tuple(ruleset.params["fortifications.defence_bonus"]))
    return combine_bonuses(*parts)


# ---------------------------------------------------------------------- documentation

def docs_odds(variant: Any) -> dict[str, Any]:
    """Tables for the documentation site (see ``riskspec.docsite.odds``): the one-roll
    distributions and a 10×10 table of P(conquer), for ``variant`` with its defaults."""
    try:
        rules = BattleRules.from_ruleset(variant.resolve())
        chain = BattleChain(rules)
    except Exception as exc:  # a variant whose battle the chain cannot model
        return {"intro": f"No odds for this variant: {exc}", "tables": []}
    rolls = [{"title": f"One roll: {na} attack {'die' if na == 1 else 'dice'} against "
                       f"{nd} defence {'die' if nd == 1 else 'dice'}",
              "header": ["attacker loses", "defender loses", "probability", "exact"],
              "rows": [[la, ld, float(p), f"{p.numerator}/{p.denominator}"]
                       for (la, ld), p in chain.roll_odds(na, nd).items()]}
             for na in range(1, rules.max_attacker_dice + 1)
             for nd in range(1, rules.max_defender_dice + 1)]
    n = 10
    table = chain.square_table(n)
    grid = table.decimal_rows()
    conquest = {"title": "Battle to the end: probability that the attacker conquers "
                         "(rows A = armies in the attacking territory, columns D = defenders)",
                "header": ["A \\ D"] + [str(d) for d in table.defenders],
                "rows": [[f"A = {a}"] + grid[i] for i, a in enumerate(table.attackers)]}
    intro = (f"{CONVENTION} The defender always throws the most dice allowed. "
             f"Computed exactly by `riskspec odds` from this variant's parameters "
             f"({rules.max_attacker_dice} attack dice, {rules.max_defender_dice} defence dice, "
             f"{rules.sides} sides, ties to the {rules.ties}).")
    return {"intro": intro, "tables": rolls + [conquest], "plot_svg": None}
