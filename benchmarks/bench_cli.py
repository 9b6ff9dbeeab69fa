"""CLI start-up: `riskspec` commands against a bare interpreter, interleaved.

    python benchmarks/bench_cli.py [--repeat 10]

The goals (issue 23): `riskspec --version` within 3× `python -c pass`, `explain` and
`odds 3 2` within 5×.  The CLI imports only the subcommand it runs
(`riskspec.cli.build_parser(only=...)`); a command that reads the rules reads the shipped
spec from the pickle an earlier process kept (`riskspec.loading.pickled`), so it imports
neither the YAML nor the JSON Schema library.

Method (`benchmarks/pairs.py`): every round runs each command once, in an order rotated
each round; each run is a new process, timed in the CPU time of the child (user + system)
and in wall time; the script prints per command the median and range over the rounds of
its CPU time and of its ratio to the bare interpreter of the same round, with the load
average.  One warm-up run of every command first, with bytecode writing allowed (an
installed package has its `.pyc` files: `pip` compiles them), so that no row pays for
compiling the package's sources, and the spec's pickle exists (the first command ever run
builds it, as any command after a change of the spec does).

Why the method changed (issue 23): the earlier script printed the best of N wall times,
which on a busy machine hides most of what a start costs, and ran each command's repeats
back to back; in an environment with `PYTHONDONTWRITEBYTECODE` set every run also
compiled the package's sources anew.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import pairs  # noqa: E402

COMMANDS = [["--version"], ["odds", "--help"], ["odds", "3", "2"], ["rules", "classic"],
            ["explain", "classic.attack.ties"]]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=10, help="rounds (default 10)")
    args = p.parse_args(argv)
    exe = shutil.which("riskspec", path=os.path.dirname(sys.executable)) or shutil.which("riskspec")
    base = [exe] if exe else [sys.executable, "-m", "riskspec.cli"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cmds = {"python -c pass": [sys.executable, "-c", "pass"]}
    cmds.update({"riskspec " + " ".join(c): base + c for c in COMMANDS})
    print(f"machine: {pairs.machine()}")
    print(f"riskspec: {' '.join(base)}; {args.repeat} rounds, each command once per round")
    for cmd in cmds.values():
        pairs.measure_command(cmd, env=env)                 # warm-up: .pyc files, the pickle
    got = pairs.interleave({name: (lambda i, cmd=cmd: pairs.measure_command(cmd, env=env))
                            for name, cmd in cmds.items()}, args.repeat)
    bare = got["python -c pass"]
    print(f"{'command':32s} {'CPU ms':>16s} {'÷ bare, CPU':>18s} {'÷ bare, wall':>18s}")
    for name, runs in got.items():
        print(f"{name:32s} {pairs.show([t.cpu * 1000 for t in runs], '.0f'):>16s} "
              f"{pairs.show(pairs.ratios(runs, bare), '.1f', '×'):>18s} "
              f"{pairs.show(pairs.ratios(runs, bare, wall=True), '.1f', '×'):>18s}")
    print(pairs.loads(*got.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
