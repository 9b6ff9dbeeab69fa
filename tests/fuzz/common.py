"""Shared pieces of the hostile-input fuzz campaigns (issue 11): counters and the number of
inputs per surface (short by default, >= 10,000 with --runslow)."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

#: inputs per surface: the default suite stays short; --runslow runs the campaign
SHORT, LONG = 150, 10_000


def examples(request, short: int = SHORT) -> int:
    return LONG if request.config.getoption("--runslow") else short


def report(surface: str, counts: Counter) -> None:
    """Print the tally (``pytest -s`` shows it) and, with RISKSPEC_FUZZ_REPORT=DIR, keep it."""
    line = f"fuzz {surface}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    print(line)
    out = os.environ.get("RISKSPEC_FUZZ_REPORT")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        (Path(out) / f"{surface}.json").write_text(json.dumps(dict(counts), sort_keys=True))
