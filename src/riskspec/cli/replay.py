"""``riskspec replay``: re-execute a game log on the reference engine and verify it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from riskspec.progress import Progress

DESCRIPTION = """\
Re-execute a game log (riskspec/log@2, as written by `riskspec play --log`) on the
reference engine, step by step: each action or chance outcome must be legal where
it is applied, the state after it must have the recorded hash, and the step's link
(a hash chaining the previous link, the action and the state hash) must match, so
that an edited die that leaves the same state is caught too.  At the end the log's
result (winner, final turn, numbers of actions and outcomes) must match the replayed
game: a log cut short that still claims a winner fails.  A divergence is reported at
the first step that differs: its number, the action, the expected and actual hashes.

What a clean replay proves: the steps are a legal game of this engine and spec and
are the ones recorded.  It does not prove who wrote the log, nor that the dice were
drawn fairly (hashes are not signatures).

Exit status: 0 the whole log replays identically, 1 a step or the result diverges,
2 the file cannot be read or is not a log.
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
                   help="draw the progress bar even when stderr is not a terminal (without it, "
                        "a replay longer than 10 s prints a progress line every 10 s there)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from riskspec.reference.log import read_log, replay

    log = read_log(args.file)
    total = len(log["steps"])
    progress = Progress.for_args(False, args.progress)

    def on_step(i: int, state: object) -> None:
        if progress.due():
            progress.show(f"replaying: step {i}/{total}", i / max(total, 1))

    report = replay(log, on_step)
    progress.done()
    if report.ok:
        s = report.state
        winner = s.colours[s.winner] if s.winner >= 0 else "none (game not over)"
        print(f"ok: {args.file}: {report.steps} steps replayed identically "
              f"({log['variant']}, {len(log['players'])} players, turn {s.turn}, winner {winner}"
              + (", result verified)" if "result" in log else
                 "; the log records no result: only its steps were verified)"))
        return 0
    d = report.divergence
    assert d is not None  # noqa: S101 - report.ok is False only with a divergence
    if d.reason == "result":
        print(f"{args.file}: the {total} steps replay, but the result does not: {d.message}",
              file=sys.stderr)
        return 1
    print(f"{args.file}: diverges at step {d.step} of {total}: {d.message}", file=sys.stderr)
    if d.expected and d.actual:
        print(f"  expected hash {d.expected}\n  actual hash   {d.actual}", file=sys.stderr)
    print(f"{report.steps} step(s) verified before the divergence", file=sys.stderr)
    return 1
