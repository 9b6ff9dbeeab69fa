"""Benchmark: exact battle-odds tables (``riskspec odds``).

    python benchmarks/bench_odds.py [--repeat 7]

Prints, for N = 10, 50, 100, the median and range over ``--repeat`` rounds (the four kinds
one after the other in an order rotated each round; ``benchmarks/pairs.py``) of the CPU
time of:

* ``table``   — a fresh chain (one-roll distributions from the engine) plus the N×N table
  of P(attacker conquers) as decimals (exact integers inside, rounded at the end);
* ``exact``   — the same cells as reduced fractions;
* ``best``    — the table under the defender policy ``best`` (a minimum at every state);
* ``battle``  — the full end distribution of one battle A = N+1 against D = N;

and the CPU time of the command ``riskspec odds --table 100`` (a new interpreter) for scale.
Every call builds a new ``BattleChain`` (nothing of an earlier round is reused, except the
engine's one-roll loss distributions, cached per process: the rows say so).  Why the
method changed (issue 23): the earlier script printed the best of ``--repeat`` wall times.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from riskspec.reference.odds import BattleChain, load_rules

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import pairs  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=7, help="rounds")
    args = p.parse_args(argv)
    rules = load_rules("classic")                 # the spec loads once, outside the timings
    print(f"machine: {pairs.machine()}")
    print(f"CPU seconds, median (range) over {args.repeat} rounds")
    print(f"{'N':>4} {'table':>22} {'exact':>22} {'best':>22} {'battle':>22}")
    for n in (10, 50, 100):
        kinds: dict[str, Callable[[], object]] = {
            "table": lambda: BattleChain(rules).square_table(n).decimal_rows(),
            "exact": lambda: BattleChain(rules).square_table(n).exact_rows(),
            "best": lambda: BattleChain(rules, "best").square_table(n).decimal_rows(),
            "battle": lambda: BattleChain(rules).battle(n + 1, n)}
        got = pairs.interleave({k: (lambda i, fn=fn: pairs.measure(fn)) for k, fn in kinds.items()},
                               args.repeat)
        print(f"{n:>4} " + " ".join(f"{pairs.show([t.cpu for t in got[k]], '.4f'):>22}"
                                   for k in kinds) + f"  ({pairs.loads(*got.values())})")
    cmd = [sys.executable, "-m", "riskspec.cli", "odds", "--table", "100"]
    runs = [pairs.measure_command(cmd) for _ in range(min(args.repeat, 5))]
    print(f"`riskspec odds --table 100` end to end (new interpreter): "
          f"{pairs.show([t.cpu for t in runs])} s CPU, {pairs.show([t.wall for t in runs])} s wall "
          f"({pairs.loads(runs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
