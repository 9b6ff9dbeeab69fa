"""Benchmark: exact battle-odds tables (``riskspec odds``).

    python benchmarks/bench_odds.py [--repeat 5]

Prints, for N = 10, 50, 100, the best of ``--repeat`` timings of:

* ``table``   — a fresh chain (one-roll distributions from the engine) plus the N×N table
  of P(attacker conquers) as decimals (exact integers inside, rounded at the end);
* ``exact``   — the same cells as reduced fractions;
* ``best``    — the table under the defender policy ``best`` (a minimum at every state);
* ``battle``  — the full end distribution of one battle A = N+1 against D = N;

and the wall time of the command ``riskspec odds --table 100`` (a new interpreter,
loading the spec) for scale.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable

from riskspec.reference.odds import BattleChain, load_rules


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def machine() -> str:
    cpu = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")),
                       "?")
    except OSError:
        pass
    return (f"{platform.node() or '?'}: {cpu}, nproc {os.cpu_count()}, "
            f"Python {platform.python_version()} ({platform.python_implementation()}), "
            f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args(argv)
    rules = load_rules("classic")                 # the spec loads once, outside the timings
    print(f"machine: {machine()}")
    print(f"{'N':>4} {'table (s)':>10} {'exact (s)':>10} {'best (s)':>10} {'battle (s)':>11}")
    for n in (10, 50, 100):
        t_table = best_of(args.repeat, lambda: BattleChain(rules).square_table(n).decimal_rows())
        t_exact = best_of(args.repeat, lambda: BattleChain(rules).square_table(n).exact_rows())
        t_best = best_of(args.repeat,
                         lambda: BattleChain(rules, "best").square_table(n).decimal_rows())
        t_battle = best_of(args.repeat, lambda: BattleChain(rules).battle(n + 1, n))
        print(f"{n:>4} {t_table:>10.4f} {t_exact:>10.4f} {t_best:>10.4f} {t_battle:>11.4f}")
    cmd = [sys.executable, "-m", "riskspec.cli", "odds", "--table", "100"]
    wall = best_of(min(args.repeat, 3),
                   lambda: subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL))
    print(f"`riskspec odds --table 100` end to end (new interpreter, spec load): {wall:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
