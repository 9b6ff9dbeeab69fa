"""What the hostile-input tests tried: surface → counts, printed at the end of the run."""

from __future__ import annotations

from collections import Counter, defaultdict

#: surface → counter of inputs, tracebacks, hangs, lost, wrongly_accepted
TALLY: dict[str, Counter] = defaultdict(Counter)
#: surface → counter of outcomes by class (an error kind and code, ok, pass …)
OUTCOMES: dict[str, Counter] = defaultdict(Counter)
