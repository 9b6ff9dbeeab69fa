"""What the hostile-input tests tried: surface → counts, printed at the end of the run."""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from pathlib import Path

#: surface → counter of inputs, tracebacks, hangs, lost, wrongly_accepted
TALLY: dict[str, Counter] = defaultdict(Counter)
#: surface → counter of outcomes by class (an error kind and code, ok, pass …)
OUTCOMES: dict[str, Counter] = defaultdict(Counter)


def dump(every_of: Counter | None = None, every: int = 500) -> None:
    """With RISKSPEC_FUZZ_REPORT=DIR, keep the tally and the outcomes in DIR/hostile.json (when
    ``every_of`` is given, only every ``every`` inputs: a long run cut off still leaves them)."""
    out = os.environ.get("RISKSPEC_FUZZ_REPORT")
    if not out or (every_of is not None and every_of["inputs"] % every):
        return
    Path(out).mkdir(parents=True, exist_ok=True)
    (Path(out) / "hostile.json").write_text(json.dumps(
        {"tally": TALLY, "outcomes": OUTCOMES}, sort_keys=True, indent=1))
