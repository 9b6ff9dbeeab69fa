"""``riskspec odds``: exact battle odds from the reference engine's own battle functions."""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any

from riskspec.errors import OptionError
from riskspec.limits import MAX_ARMIES, MAX_TABLE

EPILOG = """\
convention:
  A counts ALL armies in the attacking territory, one of which must stay behind:
  A = 1 cannot attack, A = 4 attacks with 3 dice. D counts the defending armies.
  (Osborne 2003 and most tables in the literature count only the A-1 armies that
  may attack: their "3 against 2" is `riskspec odds 4 2` here.) The attacker always
  throws the most dice it may and attacks until it conquers or is down to one army.

defender policies (--defender):
  max   always the most dice allowed (default; the common assumption)
  one   always one die
  best  before each roll, the number of dice that minimises the attacker's chance
        of conquering from there on (ties: more dice)
  one and best need attack.defender_dice = choose (Classic: yes; classic-it: no).

examples:
  riskspec odds 4 2                  one roll of 3 dice against 2, and the battle to the end
  riskspec odds 11 10 --decimal      decimals only
  riskspec odds 4 1 --exact --json   exact fractions, as JSON
  riskspec odds --table 10           P(attacker conquers) for A = 2..11, D = 1..10
  riskspec odds --table 100 --json > odds.json
  riskspec odds 6 3 --defender best
  riskspec odds 6 3 --option classic.amb.defender-dice-choice=always-maximum
  riskspec odds 6 3 --attacker-bonus 1 --defender-bonus 2,1 --cap 6
  riskspec odds 6 3 --variant napoleon-basic --attacker-generals 1 --fortified

Napoléon dice modifiers: a bonus list adds its numbers to the highest, second-highest
... die of that side before the dice are compared (extra numbers are lost when fewer
dice are thrown); --cap N counts a modified die as at most N, --cap none lets a 6+1
beat a 6. Generals, admirals and fortifications take their bonuses from the variant's
parameters (generals.bonus_by_count, admirals.bonus_by_count,
fortifications.defence_bonus; cap: dice.modified_max) and add position by position
to any --attacker-bonus / --defender-bonus.

Everything is computed exactly (fractions) by a Markov chain over the reference
engine's battle function; decimals are the exact values rounded.
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "odds", help="exact battle odds: one roll, a battle to the end, or a table",
        description="Exact odds of a battle between A armies in the attacking territory (one "
                    "of which must stay behind) and D defending armies: the outcomes of the "
                    "next roll, and of the battle fought to the end — the probability that the "
                    "attacker conquers, the expected losses and the distribution of survivors — "
                    "as fractions and decimals. With --table N, the N×N table of the "
                    "probability of conquering. Every number comes from the variant's spec "
                    "parameters and the reference engine's battle function.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("attacker", type=int, nargs="?", metavar="A",
                   help=f"armies in the attacking territory, counting the one that stays "
                        f"behind (1 to {MAX_ARMIES})")
    p.add_argument("defender", type=int, nargs="?", metavar="D",
                   help=f"defending armies (1 to {MAX_ARMIES})")
    p.add_argument("--table", type=int, metavar="N",
                   help="print the N×N table of P(attacker conquers): rows A = 2..N+1, "
                        f"columns D = 1..N (N from 1 to {MAX_TABLE})")
    p.add_argument("--variant", default="classic", metavar="V",
                   help="variant whose parameters to use (default classic)")
    p.add_argument("--option", action="append", default=[], metavar="ID=CHOICE",
                   help="settle an option or ambiguity of the variant (repeatable), e.g. "
                        "classic.amb.tie-rule=defender-wins")
    p.add_argument("--defender", dest="policy", default="max", choices=["max", "one", "best"],
                   help="the defender's dice policy (default max; see below)")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--exact", action="store_true",
                     help="fractions only (in full, however long)")
    fmt.add_argument("--decimal", action="store_true", help="decimals only")
    p.add_argument("--digits", type=int, metavar="K",
                   help="decimal places (default 6; 3 in a table)")
    p.add_argument("--json", action="store_true", help="print JSON")
    nap = p.add_argument_group("Napoléon dice modifiers")
    nap.add_argument("--attacker-bonus", type=_bonus_list, default=(), metavar="LIST",
                     help="points added to the attacker's highest, second-highest … dice, "
                          "e.g. 1 or 1,1")
    nap.add_argument("--defender-bonus", type=_bonus_list, default=(), metavar="LIST",
                     help="points added to the defender's highest, second-highest … dice")
    nap.add_argument("--attacker-generals", type=int, default=0, metavar="N",
                     help="generals in the attacking territory (bonus from the variant)")
    nap.add_argument("--defender-generals", type=int, default=0, metavar="N",
                     help="generals in the defending territory (bonus from the variant)")
    nap.add_argument("--attacker-admirals", type=int, default=0, metavar="N",
                     help="admirals with the attacking ships (naval battle)")
    nap.add_argument("--defender-admirals", type=int, default=0, metavar="N",
                     help="admirals with the defending ships (naval battle)")
    nap.add_argument("--fortified", action="store_true",
                     help="the defending territory holds a fortification")
    nap.add_argument("--cap", type=_cap, default=_FROM_SPEC, metavar="N|none",
                     help="highest value a modified die counts (default: the variant's "
                          "dice.modified_max, else none)")
    p.set_defaults(func=run)


#: --cap not given: the variant's dice.modified_max (None when it has none)
_FROM_SPEC: Any = object()


def _bonus_list(text: str) -> tuple[int, ...]:
    try:
        values = tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of "
                                         f"whole numbers, e.g. 2,1") from None
    if any(v < 0 for v in values):
        raise argparse.ArgumentTypeError("bonuses are not negative")
    return values


def _cap(text: str) -> int | None:
    if text.lower() in ("none", "null", "no"):
        return None
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give a whole number or 'none'") from None


def _options(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise OptionError(f"--option {item!r}: write ID=CHOICE, e.g. "
                              f"classic.amb.tie-rule=defender-wins")
        out[key.strip()] = value.strip()
    return out


# ---------------------------------------------------------------------- formatting

class _Fmt:
    def __init__(self, mode: str, digits: int) -> None:
        self.mode, self.digits = mode, digits

    def dec(self, x: Fraction) -> str:
        from riskspec.reference.odds import format_probability
        return format_probability(x, self.digits) if 0 <= x <= 1 else f"{float(x):.{self.digits}f}"

    def __call__(self, x: Fraction, short: int = 40) -> str:
        frac = str(x)
        if self.mode == "exact":
            return frac
        if self.mode == "decimal":
            return self.dec(x)
        if len(frac) > short:
            frac = (f"({len(str(x.numerator))}-digit / {len(str(x.denominator))}-digit "
                    f"fraction: --exact)")
        return f"{self.dec(x)}  {frac}"

    def json(self, x: Fraction) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.mode != "decimal":
            out["exact"] = str(x)
        if self.mode != "exact":
            out["decimal"] = float(x)
        return out


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _policy_line(rules: Any, policy: str) -> str:
    from riskspec.reference.odds import POLICIES
    line = f"defender policy {policy}: {POLICIES[policy]}"
    if rules.defender_dice == "choose" and policy == "max":
        line += " (the variant lets the defender choose: attack.defender_dice = choose)"
    return line


def _rules_line(rules: Any) -> str:
    line = (f"{rules.max_attacker_dice} attack dice, {rules.max_defender_dice} defence dice, "
            f"{rules.sides} sides, ties to the {rules.ties}, "
            f"{rules.min_armies} armies needed to attack")
    if rules.has_modifiers:
        cap = "no cap" if rules.cap is None else f"modified dice count at most {rules.cap}"
        line += (f"; bonuses attacker {list(rules.attacker_bonuses)}, defender "
                 f"{list(rules.defender_bonuses)}, {cap}")
    return line


# ---------------------------------------------------------------------- run

def run(args: argparse.Namespace) -> int:
    from riskspec.loading import get_variant  # not the engine's: odds need no engine
    from riskspec.reference.odds import CONVENTION, BattleChain, BattleRules, get_side_bonuses

    if args.table is not None and (args.attacker is not None or args.defender is not None):
        raise OptionError("give either A D or --table N, not both")
    if args.table is None and (args.attacker is None or args.defender is None):
        raise OptionError("give A and D (e.g. `riskspec odds 4 2`) or --table N; "
                          "see `riskspec odds --help`")
    for name in ("attacker_generals", "defender_generals", "attacker_admirals",
                 "defender_admirals"):
        if getattr(args, name) < 0:
            raise OptionError(f"--{name.replace('_', '-')} is not negative")
    if (args.attacker_admirals or args.defender_admirals) and (
            args.attacker_generals or args.defender_generals or args.fortified):
        raise OptionError("admirals fight naval battles; generals and fortifications land "
                          "battles — give one kind")
    if args.digits is not None and not 0 <= args.digits <= 50:
        raise OptionError("--digits is between 0 and 50")

    ruleset = get_variant(args.variant).resolve(_options(args.option))
    att = get_side_bonuses(ruleset, generals=args.attacker_generals,
                           admirals=args.attacker_admirals, extra=args.attacker_bonus)
    dfd = get_side_bonuses(ruleset, generals=args.defender_generals,
                           admirals=args.defender_admirals, fortified=args.fortified,
                           extra=args.defender_bonus)
    cap = ruleset.params.get("dice.modified_max") if args.cap is _FROM_SPEC else args.cap
    rules = BattleRules.from_ruleset(ruleset, attacker_bonuses=att, defender_bonuses=dfd,
                                     cap=cap)
    chain = BattleChain(rules, args.policy)
    mode = "exact" if args.exact else "decimal" if args.decimal else "both"
    head: dict[str, Any] = {"variant": args.variant, "options": ruleset.non_default_options(),
                            "convention": CONVENTION, "rules": rules.to_json(),
                            "defender_policy": args.policy}
    if args.table is not None:
        fmt = _Fmt("decimal" if mode == "both" else mode,
                   3 if args.digits is None else args.digits)
        return _print_table(chain, args.table, fmt, args.json, head, rules)
    fmt = _Fmt(mode, 6 if args.digits is None else args.digits)
    return _print_cell(chain, args.attacker, args.defender, fmt, args.json, head, rules)


def _print_cell(chain: Any, a: int, d: int, fmt: _Fmt, as_json: bool, head: dict[str, Any],
                rules: Any) -> int:
    from riskspec.reference.odds import check_armies
    check_armies(a, "A (armies in the attacking territory)")
    check_armies(d, "D (defending armies)")
    roll = chain.roll(a, d)
    battle = chain.battle(a, d)
    if as_json:
        out = dict(head, attacker_armies=a, defender_armies=d)
        out["roll"] = None if roll is None else {
            "attacker_dice": roll.attacker_dice, "defender_dice": roll.defender_dice,
            "outcomes": [dict(attacker_losses=la, defender_losses=ld, **fmt.json(p))
                         for (la, ld), p in roll.losses.items()]}
        out["battle"] = {
            "p_attacker_conquers": fmt.json(battle.p_conquer),
            "p_defender_holds": fmt.json(1 - battle.p_conquer),
            "expected_attacker_losses": fmt.json(battle.expected_attacker_losses),
            "expected_defender_losses": fmt.json(battle.expected_defender_losses),
            "outcomes": [dict(attacker_left=x, defender_left=y, **fmt.json(p))
                         for (x, y), p in battle.outcomes.items()]}
        json.dump(out, sys.stdout, indent=2)
        print()
        return 0
    w = print
    w(f"riskspec odds — {head['variant']}: {_rules_line(rules)}")
    if head["options"]:
        w("options: " + ", ".join(f"{k}={v}" for k, v in head["options"].items()))
    w(f"A = {a} {'army' if a == 1 else 'armies'} in the attacking territory (one stays behind, so "
      f"{max(0, a - 1)} may attack); D = {d} defending armies")
    w("the attacker throws the most dice it may and attacks until it conquers or can attack "
      "no more; " + _policy_line(rules, chain.policy))
    w("")
    if roll is None:
        w(f"A = {a} cannot attack: the territory needs {rules.min_armies} armies, one of "
          f"which stays behind. The defender holds with probability 1.")
        return 0
    w(f"next roll: attacker {_dice(roll.attacker_dice)} against defender "
      f"{_dice(roll.defender_dice)}")
    for (la, ld), p in roll.losses.items():
        w(f"  attacker loses {la}, defender loses {ld}:  {fmt(p)}")
    w("")
    w("battle to the end:")
    w(f"  attacker conquers:         {fmt(battle.p_conquer)}")
    w(f"  defender holds:            {fmt(1 - battle.p_conquer)}")
    w(f"  expected attacker losses:  {fmt(battle.expected_attacker_losses)}")
    w(f"  expected defender losses:  {fmt(battle.expected_defender_losses)}")
    w("  armies left in the attacking territory when it conquers (before moving in):")
    for x, p in battle.attacker_survivors.items():
        w(f"    {x:>4}:  {fmt(p)}")
    w("  defending armies left when the attack fails (the attacker keeps "
      f"{'/'.join(str(x) for x in sorted({x for (x, y) in battle.outcomes if y}))}):")
    for y, p in battle.defender_survivors.items():
        w(f"    {y:>4}:  {fmt(p)}")
    return 0


def _print_table(chain: Any, n: int, fmt: _Fmt, as_json: bool, head: dict[str, Any],
                 rules: Any) -> int:
    from riskspec.reference.odds import check_armies
    check_armies(n, "--table N", high=MAX_TABLE)
    table = chain.square_table(n)
    exact = fmt.mode == "exact"
    if as_json:
        cells: list[list[Any]] = ([[str(x) for x in row] for row in table.exact_rows()]
                                  if exact else table.decimal_rows())
        out = dict(head, table={"rows_attacker_armies": list(table.attackers),
                                "columns_defender_armies": list(table.defenders),
                                "p_attacker_conquers": cells,
                                "values": "exact fractions" if exact else "decimals"})
        json.dump(out, sys.stdout, indent=None if n > 20 else 1)
        print()
        return 0
    w = print
    w(f"riskspec odds — {head['variant']}: {_rules_line(rules)}")
    w(f"P(attacker conquers): rows A = armies in the attacking territory (one stays behind), "
      f"columns D = defending armies; {_policy_line(rules, chain.policy)}")
    if exact:
        w("A D P")
        for i, a in enumerate(table.attackers):
            for j, d in enumerate(table.defenders):
                w(f"{a} {d} {table.exact(i, j)}")
        return 0
    rows = table.decimal_rows()
    from riskspec.reference import odds as P
    width = max(fmt.digits + 3, len(str(n)) + 1)  # room for ">0.999"
    w("A\\D".rjust(5) + "".join(f" {d:>{width}}" for d in table.defenders))
    for a, row in zip(table.attackers, rows):
        w(f"{a:>5}" + "".join(f" {P.format_probability(x, fmt.digits):>{width}}" for x in row))
    return 0
