"""Shared pieces of the hostile-input fuzz campaigns (issue 11): counters and the number of
inputs per surface (short by default, >= 10,000 with --runslow)."""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: inputs per surface: the default suite stays short; --runslow runs the campaign
SHORT, LONG = 150, 10_000


def examples(request, short: int = SHORT) -> int:
    return LONG if request.config.getoption("--runslow") else short


def report(surface: str, counts: Counter, *, quiet: bool = False) -> None:
    """Print the tally (``pytest -s`` shows it) and, with RISKSPEC_FUZZ_REPORT=DIR, keep it."""
    line = f"fuzz {surface}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    if not quiet:
        print(line)
    out = os.environ.get("RISKSPEC_FUZZ_REPORT")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        (Path(out) / f"{surface}.json").write_text(json.dumps(dict(counts), sort_keys=True))


def json_paths(d: Any, prefix: tuple = ()) -> list[tuple]:
    """Every JSON path of ``d`` (keys and indices from the root), the root included."""
    out = [prefix]
    if isinstance(d, dict):
        for k, v in d.items():
            out += json_paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += json_paths(v, prefix + (i,))
    return out


def progress(surface: str, counts: Counter, every: int = 500) -> None:
    """Keep the counts so far every ``every`` inputs: a long run cut off still leaves them."""
    if counts["inputs"] % every == 0:
        report(surface, counts, quiet=True)


class Timing:
    """Where a campaign's wall time goes, kept in its counts: the whole run, the time spent
    on the inputs themselves (the rest is generating them), and the slowest input."""

    def __init__(self, counts: Counter) -> None:
        self.counts, self.start, self.inside, self.slowest = counts, time.monotonic(), 0.0, 0.0

    def note(self, begin: float, what: str) -> None:
        took = time.monotonic() - begin
        self.inside += took
        if took > self.slowest:
            self.slowest = took
            self.counts.pop(next((k for k in self.counts if k.startswith("slowest: ")), ""), None)
            self.counts[f"slowest: {what[:120]}"] = round(took, 2)
        self.counts["seconds checking inputs"] = round(self.inside)

    def close(self) -> None:
        self.counts["seconds wall"] = round(time.monotonic() - self.start)


def run_campaign(surface: str, run: Callable[[], None], timing: Timing, bad: list[str]) -> None:
    """Run the campaign ``run``; keep its counts (with the wall time) even when it stops
    early; then fail on any bad outcome it collected in ``bad`` (the first 20 shown)."""
    try:
        run()
    finally:
        timing.close()
        report(surface, timing.counts)
    assert not bad, f"{len(bad)} bad outcomes, e.g.\n" + "\n".join(sorted(set(bad))[:20])
