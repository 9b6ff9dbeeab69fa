"""Benchmark: one battle roll on the reference engine against a hand-written roll.

    python benchmarks/bench_roll.py [--positions 3000] [--repeat 5]

Collects the battle chance nodes (an attack declared and defended, the dice about to be
rolled) of seeded random Classic games, then times, per roll, best of ``--repeat``:

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
little.  The ratio *engine / hand-written* (the faster hand-written roll) is the figure of
the speed goal (≤ 5×).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from riskspec.reference import engine as E
from riskspec.reference.battle import compute_losses
from riskspec.reference.driver import choose_action, sample_outcome


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
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_odds import machine
    print(machine())
    positions = battle_positions(args.positions)
    jobs = [(s.armies[:], s.pending["from"], s.pending["to"], s.pending["attacker_dice"],
             s.pending["defender_dice"]) for s in positions]
    prm = positions[0].tables.params
    ties, pairs = prm.attack_ties, prm.attack_compared_pairs
    rng = random.Random(1)
    dice = []
    for s in positions:
        o = sample_outcome(s, rng)
        dice.append((o["attacker"], o["defender"]))
    apply, sample = E.apply, sample_outcome

    def engine() -> None:
        r = random.Random(0)
        for s in positions:
            apply(s, sample(s, r))

    def hand() -> None:
        r = random.Random(0)
        for armies, f, t, na, nd in jobs:
            hand_roll(armies, f, t, na, nd, r)

    def hand_rr() -> None:
        r = random.Random(0)
        for armies, f, t, na, nd in jobs:
            hand_roll_randrange(armies, f, t, na, nd, r)

    def rule() -> None:
        for att, dfd in dice:
            compute_losses(att, dfd, ties, pairs)

    best = {}
    for _ in range(args.repeat):
        for name, fn in (("engine", engine), ("hand-written", hand),
                         ("hand, randrange", hand_rr), ("rule", rule)):
            start = time.process_time()
            fn()
            took = (time.process_time() - start) / len(positions)
            best[name] = min(best.get(name, took), took)
    print(f"{len(positions)} battle rolls of seeded 4-player Classic games, best of {args.repeat}")
    print(f"{'':>15} {'µs/roll':>8} {'× hand-written':>15}")
    for name in ("engine", "hand-written", "hand, randrange", "rule"):
        print(f"{name:>15} {best[name] * 1e6:>8.2f} {best[name] / best['hand-written']:>14.1f}×")
    print(f"the rule (compute_losses) is {best['rule'] / best['engine']:.0%} of the engine's roll")


if __name__ == "__main__":
    main()
