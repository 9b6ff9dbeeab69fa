"""The hostile-input campaign (issue 11): shared helpers and the tally printed at the end.

Every fuzz test adds what it tried to :data:`TALLY` (inputs per surface, tracebacks, hangs,
results lost, wrongly accepted inputs); ``pytest_terminal_summary`` prints it, so a
``--runslow`` run states its own numbers.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "conformance"))
sys.path.insert(0, str(HERE.parent / "conformance" / "engines"))

from hostile_tally import OUTCOMES, TALLY, dump  # noqa: E402 (after the path set-up above)


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if not TALLY:
        return
    tr = terminalreporter
    tr.section("hostile-input tally")
    cols = ("inputs", "tracebacks", "hangs", "lost", "wrongly_accepted", "slowest_ms")
    tr.write_line("(a hang: one input taking over 30 s; slowest_ms: the slowest input, wall time)")
    tr.write_line(f"{'surface':<22}" + "".join(f"{c:>18}" for c in cols))
    for surface, counts in sorted(TALLY.items()):
        tr.write_line(f"{surface:<22}" + "".join(f"{counts.get(c, 0):>18}" for c in cols))
    for surface, counts in sorted(OUTCOMES.items()):
        tr.write_line(f"{surface} outcomes: " + ", ".join(f"{k} {v}" for k, v in
                                                         counts.most_common()))
    dump()  # with RISKSPEC_FUZZ_REPORT=DIR (the docs' hardening page quotes a full run)
