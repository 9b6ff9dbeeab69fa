"""Benchmark: one battle roll on the reference engine against a hand-written roll.

    python benchmarks/bench_roll.py [--positions 2000] [--repeat 7]

Collects the battle chance nodes (an attack declared and defended, the dice about to be
rolled) of seeded random Classic games, ``--positions`` new ones for each of ``--repeat``
rounds, then times per roll, each round on its own positions, the four sides one after
the other in an order rotated each round:

* *engine*: what a caller of the public API does for one roll — ``sample_outcome`` (the
  exact chance table, one ``randrange`` over its integer weights) and ``apply`` (a new
  state, the roll checked against the rules, the losses, the events, the victory check);
* *hand-written*: the roll as a small engine written for one ruleset does it — each die
  ``int(random() * 6) + 1``, both sides sorted, the pairs compared, the losses taken from a
  list of armies in place (no copy, no checks, no events);
* *hand, randrange*: the same with each die a ``random.randrange(1, 7)``, as rlrisk rolls
  (slower: ``randrange`` checks its arguments);
* *rule*: ``battle.compute_losses`` alone on the same dice, the rule itself.

CPU time (``time.process_time``), so that other jobs on a shared machine disturb the figures
little; the median and range over the rounds (``benchmarks/pairs.py``).  The ratio *engine
/ hand-written* (the faster hand-written roll) of each round is the figure of the speed goal
(≤ 5×).  Why the method changed (issue 23): the earlier script timed the same positions in
every repeat and printed the best of five.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from riskspec.reference import engine as E
from riskspec.reference.battle import compute_losses
from riskspec.reference.driver import choose_action, sample_outcome

sys.path.insert(0, str(Path(__file__).parent))
import pairs  # noqa: E402


def battle_positions(n: int) -> list[E.State]:
    out: list[E.State] = []
    seed = 0
    while len(out) < n:
        rng = random.Random(seed)
        s = E.new_game("classic", 4, {"distribution": "deal"})
        while s.winner < 0 and s.turn <= 150 and len(out) < n:
            if E.current_player(s) == E.CHANCE:
                if s.phase == "battle":
                    out.append(s)
                a = sample_outcome(s, rng)
            else:
                a = choose_action(E.legal_actions(s), rng, "aggressive", s)
            s, _ = E.apply(s, a)
        seed += 1
    return out


def hand_roll(armies: list[int], f: int, t: int, n_att: int, n_def: int,
              rand: random.Random) -> None:
    die = rand.random
    att = sorted([int(die() * 6) + 1 for _ in range(n_att)], reverse=True)
    dfd = sorted([int(die() * 6) + 1 for _ in range(n_def)], reverse=True)
    for a, d in zip(att, dfd):
        if a > d:
            armies[t] -= 1
        else:
            armies[f] -= 1


def hand_roll_randrange(armies: list[int], f: int, t: int, n_att: int, n_def: int,
                        rand: random.Random) -> None:
    roll = rand.randrange
    att = sorted([roll(1, 7) for _ in range(n_att)], reverse=True)
    dfd = sorted([roll(1, 7) for _ in range(n_def)], reverse=True)
    for a, d in zip(att, dfd):
        if a > d:
            armies[t] -= 1
        else:
            armies[f] -= 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=2000, help="positions per round")
    ap.add_argument("--repeat", type=int, default=7, help="rounds")
    args = ap.parse_args()
    print(pairs.machine())
    everything = battle_positions(args.positions * args.repeat)
    prm = everything[0].tables.params
    ties, compared = prm.attack_ties, prm.attack_compared_pairs
    apply, sample = E.apply, sample_outcome

    def inputs(i: int) -> list[E.State]:
        return everything[i * args.positions:(i + 1) * args.positions]

    def engine(i: int) -> pairs.Timing:
        positions = inputs(i)

        def go() -> None:
            r = random.Random(i)
            for s in positions:
                apply(s, sample(s, r))
        return pairs.measure(go)

    def hand_side(roll: Any) -> Any:
        def side(i: int) -> pairs.Timing:
            jobs = [(s.armies[:], s.pending["from"], s.pending["to"], s.pending["attacker_dice"],
                     s.pending["defender_dice"]) for s in inputs(i)]

            def go() -> None:
                r = random.Random(i)
                for armies, f, t, na, nd in jobs:
                    roll(armies, f, t, na, nd, r)
            return pairs.measure(go)
        return side

    def rule(i: int) -> pairs.Timing:
        r = random.Random(i)
        dice = []
        for s in inputs(i):
            o = sample_outcome(s, r)
            dice.append((o["attacker"], o["defender"]))

        def go() -> None:
            for att, dfd in dice:
                compute_losses(att, dfd, ties, compared)
        return pairs.measure(go)

    got = pairs.interleave({"engine": engine, "hand-written": hand_side(hand_roll),
                            "hand, randrange": hand_side(hand_roll_randrange), "rule": rule},
                           args.repeat)
    n = args.positions
    print(f"{n} new battle rolls of seeded 4-player Classic games per round, {args.repeat} "
          f"rounds, CPU time: median (range); {pairs.loads(*got.values())}")
    print(f"{'':>15} {'µs/roll':>18} {'÷ hand-written':>18}")
    for name, runs in got.items():
        print(f"{name:>15} {pairs.show([t.cpu / n * 1e6 for t in runs]):>18} "
              f"{pairs.show(pairs.ratios(runs, got['hand-written']), '.1f', '×'):>18}")


if __name__ == "__main__":
    main()
