"""Progress of long runs on stderr, for ``play``, ``replay`` and ``check --fuzz``.

On a terminal (or with ``--progress``) a one-line bar is redrawn at most ten times a
second.  Elsewhere (CI logs, pipes) nothing is printed for a short run; once a run has
lasted ``quiet_for`` seconds, one plain line is printed every ``every`` seconds, so a long
run is never silent.  ``--quiet`` turns both off (``--progress`` wins over it).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

#: seconds a run stays silent off a terminal, then seconds between two progress lines
QUIET_FOR = 10.0
EVERY = 10.0


class Progress:
    """``mode`` is 'bar' (redrawn line), 'lines' (periodic lines) or 'off'."""

    def __init__(self, mode: str, *, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 quiet_for: float | None = None, every: float | None = None) -> None:
        self.mode, self.clock = mode, clock
        self.stream = stream if stream is not None else sys.stderr
        self.started = self.last = clock()
        self.quiet_for = QUIET_FOR if quiet_for is None else quiet_for
        self.every = EVERY if every is None else every
        self.drawn = False

    @classmethod
    def for_args(cls, quiet: bool, forced: bool, *, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> Progress:
        """The mode a command's ``--quiet`` / ``--progress`` flags and stderr ask for."""
        out = stream if stream is not None else sys.stderr
        mode = "bar" if forced else "off" if quiet else "bar" if out.isatty() else "lines"
        return cls(mode, stream=out, clock=clock)

    def elapsed(self) -> float:
        return self.clock() - self.started

    def due(self) -> bool:
        """Whether a call to :meth:`show` would print now (cheap: call it first)."""
        if self.mode == "off":
            return False
        now = self.clock()
        if self.mode == "bar":
            return not self.drawn or now - self.last >= 0.1
        return now - self.started >= self.quiet_for and (not self.drawn
                                                         or now - self.last >= self.every)

    def show(self, text: str, done: float | None = None) -> None:
        """Print ``text`` (and a bar for the fraction ``done``) if it is due."""
        if not self.due():
            return
        self.last = self.clock()
        self.drawn = True
        if self.mode == "bar":
            bar = ""
            if done is not None:
                n = int(max(0.0, min(done, 1.0)) * 30)
                bar = "[" + "#" * n + "." * (30 - n) + "] "
            self.stream.write(f"\r{bar}{text} ")
        else:
            pct = f"{max(0.0, min(done, 1.0)):.0%}, " if done is not None else ""
            self.stream.write(f"progress: {text} ({pct}{self.elapsed():.0f} s elapsed)\n")
        self.stream.flush()

    def done(self) -> None:
        """Clear the bar (a periodic line stays)."""
        if self.mode == "bar" and self.drawn:
            self.stream.write("\r" + " " * 78 + "\r")
            self.stream.flush()
