"""Seeded fuzzer, Hypothesis machine and CrossHair backend at equal CPU time: which planted
deviations each finds, and how long the smallest counterexample it reports is.

Targets:

- ``planted``: the Python example engine with one planted slip each
  (:mod:`riskspec.conformance.planted`), driven in-process through ``riskspec.adapter``, so
  CPU time is this process's (:func:`time.process_time`) and all three methods apply;
- ``mutants``: hand-made mutants of the reference (:mod:`riskspec.conformance.mutants`)
  served as ``riskspec engine --mutant NAME`` over stdio; CPU time is this process's plus
  the engine process's (``RUSAGE_CHILDREN`` once it has exited).  The CrossHair backend
  does not apply (the engine is another process: there is nothing to reason about
  symbolically), nor to the AST mutants of ``python -m riskspec.conformance.mutation``,
  which change the reference in-process — the oracle itself.

Each method gets the same CPU budget per target (``--budget``, seconds), search and
shrinking included, after the start positions are computed once (not counted, shared by
the methods):

- fuzz: ``differential_check`` (``--fuzz``), stopped when its budget is spent, its first
  divergence shrunk as the fuzzer does;
- hypothesis: ``hypothesis_check`` with a CPU ``time_budget`` (the examples left end at once);
- crosshair: the same with ``backend="crosshair"``.

"length" is the number of steps of the vector each reports (the start position, loaded,
is not counted). Prints one line per target and method, then a Markdown table.

    python benchmarks/bench_search_power.py --budget 20                 # planted, every method
    python benchmarks/bench_search_power.py --target mutants --only ties-to-attacker,divisor-4
"""

from __future__ import annotations

import argparse
import contextlib
import io
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from tempfile import mkdtemp
from typing import Any

from riskspec.conformance.client import EngineClient, reference_client
from riskspec.conformance.fuzz_starts import fuzz_starts
from riskspec.conformance.planted import PLANTED, write_planted
from riskspec.conformance.properties import differential_check, divergence_case
from riskspec.conformance.stateful import adapter_client, hypothesis_check, load_adapter


class _Spent(Exception):
    """The fuzzer's CPU budget is spent."""


def cpu_children() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run_fuzz(engine: Any, budget: float, clock: Callable[[], float]) -> tuple[bool, int | None, str]:
    c0 = clock()

    def check_budget(_: str) -> None:
        if clock() - c0 > budget:
            raise _Spent

    try:   # one game per chunk: the budget is checked at each progress report (every 2 s)
        res = differential_check(engine, reference_client(), games=100_000, max_steps=200,
                                 max_divergences=1, progress=check_budget, chunk=1)
    except _Spent:
        return False, None, ""
    if not res.divergences:
        return False, None, ""
    d = res.divergences[0]
    return True, len(divergence_case(d, "x")["steps"]), d.rule


def run_hypo(engine: Any, budget: float, clock: Callable[[], float], backend: str) -> tuple[bool, int | None, str]:
    chatter = io.StringIO()   # CrossHair dumps "Not Deterministic Debug" when the budget stops it
    with contextlib.redirect_stderr(chatter) if backend == "crosshair" else contextlib.nullcontext():
        res = hypothesis_check(engine, reference_client(), examples=100_000, max_steps=50, database=None,
                               backend=backend, time_budget=budget, clock=clock)
    if chatter.getvalue():
        print(f"  ({chatter.getvalue().count(chr(10))} lines of CrossHair debug output not shown)",
              file=sys.stderr)
    if res.divergence is None:
        return False, None, ""
    return True, len(res.case["steps"]), res.divergence.rule


def planted_engine(name: str, where: Path) -> Any:
    return adapter_client(load_adapter(f"{write_planted(name, where)}:MiniRisk"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", choices=("planted", "mutants"), default="planted")
    ap.add_argument("--budget", type=float, default=20.0, help="CPU seconds per method and target")
    ap.add_argument("--methods", default="fuzz,hypothesis,crosshair")
    ap.add_argument("--only", default="", help="comma-separated deviation or mutant names")
    args = ap.parse_args()
    methods = args.methods.split(",")
    rows: list[tuple[str, str, str, bool, int | None, float]] = []
    where = Path(mkdtemp(prefix="riskspec-planted-"))
    if args.target == "planted":
        names = [n for n in PLANTED if not args.only or n in args.only.split(",")]
        warm = planted_engine(names[0], where)
        fuzz_starts(warm.start())        # the start positions, once, outside every budget
        for name in names:
            for method in methods:
                engine = planted_engine(name, where)
                c0 = time.process_time()
                if method == "fuzz":
                    found, length, rule = run_fuzz(engine, args.budget, time.process_time)
                else:
                    found, length, rule = run_hypo(engine, args.budget, time.process_time, method)
                cpu = time.process_time() - c0
                rows.append((name, PLANTED[name].rule, method, found and rule == PLANTED[name].rule, length, cpu))
                print(f"{name:22} {method:10} {'found' if found else '-':6} {rule or '':38} "
                      f"length {length if length is not None else '-':>3}  {cpu:6.1f} s CPU", flush=True)
    else:
        from riskspec.conformance.mutants import MUTANTS
        names = [n for n in MUTANTS if not args.only or n in args.only.split(",")]
        for name in names:
            for method in [m for m in methods if m != "crosshair"]:
                argv = [sys.executable, "-m", "riskspec.cli", "engine", "--mutant", name]
                t_self, t_kids = time.process_time(), cpu_children()
                with EngineClient(argv, timeout=60, handshake_timeout=120) as engine:
                    fuzz_starts(engine.start())
                    t_self, t_kids = time.process_time(), cpu_children()

                    def clock(t_self: float = t_self) -> float:  # this process only while it runs
                        return time.process_time() - t_self
                    if method == "fuzz":
                        found, length, rule = run_fuzz(engine, args.budget / 2, clock)
                    else:
                        found, length, rule = run_hypo(engine, args.budget / 2, clock, method)
                cpu = time.process_time() - t_self + cpu_children() - t_kids
                rows.append((name, MUTANTS[name].rule, method, found and rule == MUTANTS[name].rule, length, cpu))
                print(f"{name:22} {method:10} {'found' if found else '-':6} {rule or '':38} "
                      f"length {length if length is not None else '-':>3}  {cpu:6.1f} s CPU", flush=True)
    print()
    print("| deviation | rule | " + " | ".join(f"{m}: found / length / CPU s" for m in methods
                                            if args.target == "planted" or m != "crosshair") + " |")
    print("|---|---|" + "---|" * len([m for m in methods if args.target == "planted" or m != "crosshair"]))
    for name in dict.fromkeys(r[0] for r in rows):
        cells = [r for r in rows if r[0] == name]
        text = " | ".join(f"{'yes' if c[3] else 'no'} / {c[4] if c[3] else '–'} / {c[5]:.0f}" for c in cells)
        print(f"| {name} | `{cells[0][1]}` | {text} |")
    for m in dict.fromkeys(r[2] for r in rows):
        got = [r for r in rows if r[2] == m]
        print(f"{m}: {sum(r[3] for r in got)} of {len(got)} found", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
