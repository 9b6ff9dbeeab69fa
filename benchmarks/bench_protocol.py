"""Benchmark: the conformance protocol — per-request overhead of stdio against in-process,
conformance cases per second, and `riskspec check --jobs`.

    python benchmarks/bench_protocol.py [--requests 1000] [--repeat 6] [--check-rounds 3]

Method (`benchmarks/pairs.py`): interleaved rounds, the order of the sides rotated each
round, the median and range over the rounds, CPU time of every process involved (this one
with its reader threads and, over stdio, the engine process, read from ``/proc``) and wall
time, with the load average.

* *per request*: ``legal_actions`` (a short answer) and ``state`` (the whole position) sent
  ``--requests`` times, after ``load_state`` of one Classic position at an attack decision,
  to the engine called directly (no JSON), the in-process server session
  (``InProcessClient``: JSON text both ways) and ``riskspec engine`` over stdin/stdout
  (``EngineClient``, with and without the schema check of each response).  This row
  measures the protocol around one *warm* position on purpose (the engine's per-position
  memos are filled after the first request): it is the overhead per request, not the
  engine's work.
* *cases*: the shipped vectors are cut into ``--repeat`` disjoint slices; round ``i`` runs
  slice ``i`` (new cases every round) through ``run_case`` on both clients.
* *check --jobs*: ``riskspec check -q`` (the built-in reference, in-process) with
  ``--jobs 1`` and ``--jobs 2``, each a new process timed in its own CPU and wall time.

Why the method changed (issue 23): the earlier script printed the best of ``--repeat``
runs of the same cases, so every repeat after the first met the caches the first had
filled.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import pairs  # noqa: E402


def decision_state() -> Any:
    """A Classic game advanced to the first attack decision, by seeded random play."""
    from riskspec.reference import driver as D
    from riskspec.reference import engine as E
    return D.play_until(E.new_game("classic", 3),
                        lambda s: s.phase == "attack" and E.current_player(s) >= 0,
                        random.Random(1))


def process_cpu(pid: int | None) -> float:
    """CPU seconds (user + system) another process has used so far (Linux /proc); 0 for None."""
    if pid is None:
        return 0.0
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(fn: Callable[[], Any], engine_pid: int | None = None) -> pairs.Timing:
    """``fn()`` in the CPU time of this process plus that of the engine process."""
    before = process_cpu(engine_pid)
    t = pairs.measure(fn)
    return pairs.Timing(t.cpu + process_cpu(engine_pid) - before, t.wall, t.load, t.result)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--requests", type=int, default=1000)
    p.add_argument("--repeat", type=int, default=6, help="rounds of requests and of cases")
    p.add_argument("--check-rounds", type=int, default=3,
                   help="rounds of `riskspec check --jobs 1 / 2` (0: skip)")
    args = p.parse_args(argv)

    from riskspec.conformance.client import EngineClient, python_engine_argv, reference_client
    from riskspec.conformance.runner import run_case
    from riskspec.conformance.vectors import load_cases
    from riskspec.reference import engine as E

    print(f"machine: {pairs.machine()}")
    state = decision_state()
    setup = {"variant": "classic", "players": 3, "options": {}}
    state_json = E.to_dict(state)
    n = args.requests

    stdio = EngineClient(python_engine_argv(), timeout=60)
    start = time.perf_counter()
    stdio.start()
    print(f"engine start-up and handshake (stdio): {time.perf_counter() - start:.3f} s wall")
    raw = EngineClient(python_engine_argv(), timeout=60, validate=False)
    inproc = reference_client()
    for client in (stdio, raw, inproc):
        r = client.request("load_state", state=state_json, **setup)
        assert r.ok, r.error

    def pid(client: Any) -> int | None:
        return client.proc.pid if getattr(client, "proc", None) is not None else None

    direct = {"legal_actions": lambda: E.legal_actions(state), "state": lambda: E.to_dict(state)}
    print(f"\nper request ({n} requests a round, {args.repeat} rounds; one warm position), "
          f"µs, CPU of every process: median (range)")
    print(f"{'op':<14} {'direct':>14} {'in-process':>16} {'stdio':>16} {'stdio, no schema':>17}")
    for op in ("legal_actions", "state"):
        def loop(fn: Callable[[], Any]) -> Callable[[], None]:
            def go() -> None:
                for _ in range(n):
                    fn()
            return go

        sides = {"direct": lambda i, op=op: timed(loop(direct[op]))}
        for name, client in (("in-process", inproc), ("stdio", stdio), ("raw", raw)):
            sides[name] = (lambda i, c=client, op=op:
                           timed(loop(lambda: c.request(op)), pid(c)))
        got = pairs.interleave(sides, args.repeat)
        us = {k: pairs.show([t.cpu / n * 1e6 for t in v], ".0f") for k, v in got.items()}
        print(f"{op:<14} {us['direct']:>14} {us['in-process']:>16} {us['stdio']:>16} "
              f"{us['raw']:>17}   ({pairs.loads(*got.values())})")
    raw.close()

    cases = load_cases()
    slices = [cases[i::args.repeat] for i in range(args.repeat)]
    print(f"\nconformance cases: {len(cases)} shipped vectors in {args.repeat} disjoint slices, "
          f"round i runs slice i on both clients (order alternating)")

    def run_slice(client: Any, i: int) -> pairs.Timing:
        def go() -> int:
            results = [run_case(client, case) for case in slices[i]]
            passed = sum(1 for r in results if r.outcome == "pass")
            assert passed == len(results), f"{passed} of {len(results)} pass"
            return len(results)
        return timed(go, pid(client))

    got = pairs.interleave({"in-process": lambda i: run_slice(inproc, i),
                            "stdio": lambda i: run_slice(stdio, i)}, args.repeat)
    for name, runs in got.items():
        print(f"  {name:<11} {pairs.show([t.result / t.wall for t in runs], '.1f')} cases/s wall, "
              f"{pairs.show([t.result / t.cpu for t in runs], '.1f')} cases per CPU-s")
    print(f"  stdio ÷ in-process: {pairs.show_ratios(got['stdio'], got['in-process'])} "
          f"({pairs.loads(*got.values())})")
    stdio.close()

    if args.check_rounds > 0:
        exe = shutil.which("riskspec", path=os.path.dirname(sys.executable)) or "riskspec"
        cmds = {j: [exe, "check", "-q", "--jobs", j] for j in ("1", "2")}
        print(f"\n`riskspec check -q` in-process (all {len(cases)} vectors), "
              f"{args.check_rounds} rounds, a new process each run:")
        got = pairs.interleave({j: (lambda i, c=c: pairs.measure_command(c))
                                for j, c in cmds.items()}, args.check_rounds)
        for j, runs in got.items():
            assert all(t.result == 0 for t in runs), f"--jobs {j}: check failed"
            print(f"  --jobs {j}: {pairs.show([t.cpu for t in runs], '.1f', ' s')} CPU, "
                  f"{pairs.show([t.wall for t in runs], '.1f', ' s')} wall")
        print(f"  --jobs 2 ÷ --jobs 1: {pairs.show_ratios(got['2'], got['1'])} "
              f"({pairs.loads(*got.values())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
