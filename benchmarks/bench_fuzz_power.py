"""How many hand-made mutant engines the differential fuzzer kills on its own.

Each mutant (``riskspec.conformance.mutants``: Classic ``MUTANTS``, Napoléon
``NAPOLEON_MUTANTS``) is served as ``riskspec engine --mutant NAME`` and fuzzed with
``differential_check`` — no vectors — for ``--games`` games (default 100, as
``riskspec check --fuzz 100``).  Prints, per mutant, killed or survived, the first
divergence's rule and kind, and the time; then the kill counts per family.

    python benchmarks/bench_fuzz_power.py                  # every mutant, N=100
    python benchmarks/bench_fuzz_power.py --games 20 --only nap-   # a quick look
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from riskspec.conformance.client import EngineClient, reference_client
from riskspec.conformance.mutants import MUTANTS, NAPOLEON_MUTANTS
from riskspec.conformance.properties import differential_check


def fuzz_one(name: str, games: int, steps: int, seed: int) -> tuple[str, bool, str, float]:
    t0 = time.monotonic()
    argv = [sys.executable, "-m", "riskspec.cli", "engine", "--mutant", name]
    with EngineClient(argv, timeout=60, handshake_timeout=120) as engine:
        res = differential_check(engine, reference_client(), games=games, max_steps=steps, seed=seed,
                                 max_divergences=1)
    first = res.divergences[0] if res.divergences else None
    what = f"[{first.kind}] {first.rule}: {first.what[:90]}" if first else ""
    return name, first is not None, what, time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="", help="only mutants whose name starts with this")
    args = ap.parse_args()
    families = {"classic": sorted(MUTANTS), "napoleon": sorted(NAPOLEON_MUTANTS)}
    kills: dict[str, list[bool]] = {}
    for family, names in families.items():
        names = [n for n in names if n.startswith(args.only)]
        with ThreadPoolExecutor(args.jobs) as pool:
            for name, killed, what, secs in pool.map(
                    lambda n: fuzz_one(n, args.games, args.steps, args.seed), names):
                kills.setdefault(family, []).append(killed)
                print(f"{'KILLED  ' if killed else 'survived'} {name:28} {secs:6.1f} s  {what}", flush=True)
    for family, ks in kills.items():
        print(f"{family}: {sum(ks)} of {len(ks)} mutants killed by --fuzz {args.games} "
              f"(--fuzz-steps {args.steps}, seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
