"""Benchmark: the conformance protocol — per-request overhead of stdio against in-process,
and conformance cases per second.

    python benchmarks/bench_protocol.py [--requests 2000] [--repeat 3]

* per request: the same request (``legal_actions`` at a player's decision, whose answer
  is a short list, and ``state``, whose answer is the whole position) sent
  ``--requests`` times to
  - the engine called directly (no JSON),
  - the in-process server session (``InProcessClient``: JSON text both ways, no process),
  - ``riskspec engine`` over stdin/stdout (``EngineClient``: a subprocess, JSON Lines,
    schema validation of every response), and the same without the schema check;
  the overhead of stdio is the difference between stdio and in-process.
* cases/s: every shipped test vector run once through each client (``run_case``), best of
  ``--repeat`` with the two clients alternating, in wall time and in CPU time of every
  process involved (this one with its reader threads, and over stdio the engine process,
  read from ``/proc``): on a shared machine the wall-clock ratio mostly measures how long
  the engine process waits for a core, the CPU ratio what the protocol costs.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_odds import best_of, machine  # noqa: E402


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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--requests", type=int, default=2000)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)

    from riskspec.conformance.client import EngineClient, python_engine_argv, reference_client
    from riskspec.conformance.runner import run_case
    from riskspec.conformance.vectors import load_cases
    from riskspec.reference import engine as E

    print(f"machine: {machine()}")
    state = decision_state()
    setup = {"variant": "classic", "players": 3, "options": {}}
    state_json = E.to_dict(state)
    n = args.requests

    stdio = EngineClient(python_engine_argv(), timeout=30)
    start = time.perf_counter()
    stdio.start()
    print(f"engine start-up and handshake (stdio): {time.perf_counter() - start:.3f} s")
    raw = EngineClient(python_engine_argv(), timeout=30, validate=False)
    inproc = reference_client()
    for client in (stdio, raw, inproc):
        r = client.request("load_state", state=state_json, **setup)
        assert r.ok, r.error

    def direct_legal() -> None:
        for _ in range(n):
            E.legal_actions(state)

    def direct_state() -> None:
        for _ in range(n):
            E.to_dict(state)

    def send(client: Any, op: str) -> Any:
        def go() -> None:
            for _ in range(n):
                client.request(op)
        return go

    rows = [("legal_actions", direct_legal), ("state", direct_state)]
    print(f"\nper request ({n} requests, best of {args.repeat}), microseconds:")
    print(f"{'op':<14} {'direct':>9} {'in-process':>11} {'stdio':>9} {'stdio, no schema':>17} "
          f"{'stdio overhead':>15}")
    for op, direct in rows:
        t_direct = best_of(args.repeat, direct) / n * 1e6
        t_in = best_of(args.repeat, send(inproc, op)) / n * 1e6
        t_io = best_of(args.repeat, send(stdio, op)) / n * 1e6
        t_raw = best_of(args.repeat, send(raw, op)) / n * 1e6
        print(f"{op:<14} {t_direct:>9.0f} {t_in:>11.0f} {t_io:>9.0f} {t_raw:>17.0f} "
              f"{t_io - t_in:>15.0f}")
    raw.close()

    cases = load_cases()
    print(f"\nconformance cases ({len(cases)} shipped vectors, each once, best of {args.repeat}, "
          f"the two clients alternating); wall time, and CPU time of every process involved "
          f"(this one, and over stdio the engine too):")
    took: dict[str, float] = {}
    cpu: dict[str, float] = {}
    for _ in range(args.repeat):
        for name, client in (("in-process", inproc), ("stdio", stdio)):
            pid = client.proc.pid if name == "stdio" and client.proc is not None else None
            start, cpu0, eng0 = time.perf_counter(), time.process_time(), process_cpu(pid)
            results = [run_case(client, case) for case in cases]
            wall = time.perf_counter() - start
            used = time.process_time() - cpu0 + process_cpu(pid) - eng0
            took[name] = min(took.get(name, float("inf")), wall)
            cpu[name] = min(cpu.get(name, float("inf")), used)
            passed = sum(1 for r in results if r.outcome == "pass")
            assert passed == len(cases), f"{name}: {passed} of {len(cases)} pass"
            assert name != "stdio" or client.proc is not None and client.proc.pid == pid, \
                "the engine restarted during the run"
    for name in ("in-process", "stdio"):
        print(f"  {name:<11} {len(cases) / took[name]:8.1f} cases/s  ({took[name]:.2f} s wall, "
              f"{cpu[name]:.2f} s CPU)")
    print(f"  stdio / in-process: {took['stdio'] / took['in-process']:.2f}× wall, "
          f"{cpu['stdio'] / cpu['in-process']:.2f}× CPU")
    stdio.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
