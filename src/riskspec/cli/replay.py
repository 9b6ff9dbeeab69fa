"""``riskspec replay``: re-execute a game log on the reference engine and verify it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DESCRIPTION = """\
Re-execute a game log (riskspec/log@1, as written by `riskspec play --log`) on the
reference engine, step by step, and check the hash of the state after every step
against the one recorded.  A log that was edited, truncated in the middle of a
step, or written by an engine that disagrees is reported at the first step that
diverges: its number, the action, and the expected and actual hashes.

Exit status: 0 the whole log replays identically, 1 a step diverges, 2 the file
cannot be read or is not a log.
"""

EPILOG = """\
examples:
  riskspec play classic --players 4 --seed 7 --log game.json
  riskspec replay game.json
  riskspec replay game.json --progress
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="re-execute a game log and verify every step",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", type=Path, metavar="FILE", help="the log file")
    p.add_argument("--progress", action="store_true",
                   help="show progress even when stderr is not a terminal")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from riskspec.reference.log import read_log, replay

    log = read_log(args.file)
    total = len(log["steps"])
    show = args.progress or sys.stderr.isatty()

    def on_step(i: int, state: object) -> None:
        if show and (i % 500 == 0 or i == total):
            sys.stderr.write(f"\rreplaying: step {i}/{total}")
            sys.stderr.flush()

    report = replay(log, on_step)
    if show:
        sys.stderr.write("\r" + " " * 40 + "\r")
    if report.ok:
        s = report.state
        winner = s.colours[s.winner] if s.winner >= 0 else "none (game not over)"
        print(f"ok: {args.file}: {report.steps} steps replayed identically "
              f"({log['variant']}, {len(log['players'])} players, turn {s.turn}, winner {winner})")
        return 0
    d = report.divergence
    assert d is not None  # noqa: S101 - report.ok is False only with a divergence
    print(f"{args.file}: diverges at step {d.step} of {total}: {d.message}", file=sys.stderr)
    if d.expected and d.actual:
        print(f"  expected hash {d.expected}\n  actual hash   {d.actual}", file=sys.stderr)
    print(f"{report.steps} step(s) verified before the divergence", file=sys.stderr)
    return 1
