"""CLI start-up: wall time of `riskspec` commands against a bare interpreter, best of N.

The goal (issue 15) is `riskspec --version` within 3x `python -c pass`: the CLI imports
only the subcommand it runs (riskspec.cli.build_parser(only=...)). The other rows show
what each command adds on top (loading the specification, the engine, the runner).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_odds import best_of, machine  # noqa: E402

COMMANDS = [["--version"], ["odds", "--help"], ["odds", "3", "2"], ["rules", "classic"],
            ["explain", "classic.attack.ties"]]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=7)
    args = p.parse_args(argv)
    exe = shutil.which("riskspec")
    base = [exe] if exe else [sys.executable, "-m", "riskspec.cli"]
    print(f"machine: {machine()}")
    print(f"riskspec: {' '.join(base)}; best of {args.repeat}")

    def run(cmd: list[str]) -> None:
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)

    bare = best_of(args.repeat, lambda: run([sys.executable, "-c", "pass"]))
    print(f"{'command':32s} {'time':>9s} {'vs bare':>8s}")
    print(f"{'python -c pass':32s} {bare * 1000:7.0f} ms {1.0:7.1f}x")
    for cmd in COMMANDS:
        t = best_of(args.repeat, lambda cmd=cmd: run(base + cmd))
        print(f"{'riskspec ' + ' '.join(cmd):32s} {t * 1000:7.0f} ms {t / bare:7.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
