"""The measuring method every benchmark script here shares: interleaved pairs on new inputs.

A benchmark compares *sides* (the reference against rlrisk, stdio against in-process, a
command against a bare interpreter …).  The figures mean what they say only if both sides
are treated alike, so every script measures through :func:`interleave`:

* **new inputs every repeat** — round ``i`` hands each side ``i`` (a seed offset, a slice
  of positions): no seed is replayed against a cache the previous round warmed, unless a
  row says it measures the cache;
* **interleaved** — round ``i`` runs every side once, the order rotated each round, so
  that a change of load hits both sides alike; one *pair* (or tuple) per round;
* **equally warm** — the caller warms every side before the first round (a warm-up call
  on inputs no round uses), and :func:`measure` runs a full garbage collection before each
  timed call, so that no side pays for another's garbage;
* **CPU and wall** — each call is timed in CPU seconds of this process
  (``time.process_time``) or of the child processes (:func:`measure_command`), and in
  wall seconds; the machine has 2 cores shared with other jobs, so CPU time is the
  figure to read (wall time includes the wait for a core);
* **median and range over the rounds**, never the best: :func:`spread` of the per-round
  ratios (and of each side's rate), with the load average of the rounds.
"""

from __future__ import annotations

import gc
import os
import platform
import resource
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Timing:
    """One timed call: CPU and wall seconds, the 1-minute load average when it started,
    and what the call returned (its count of work done, for a rate)."""

    cpu: float
    wall: float
    load: float
    result: Any = None


def machine() -> str:
    """The machine, for the first line of every script's output."""
    cpu = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")),
                       "?")
    except OSError:
        pass
    return (f"{platform.node() or '?'}: {cpu}, nproc {os.cpu_count()}, "
            f"Python {platform.python_version()} ({platform.python_implementation()}), "
            f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def measure(fn: Callable[..., Any], *args: Any) -> Timing:
    """``fn(*args)`` timed in this process's CPU time and in wall time, after a full
    garbage collection (collections *during* the call count: they are the call's cost)."""
    gc.collect()
    load = os.getloadavg()[0]
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn(*args)
    return Timing(time.process_time() - c0, time.perf_counter() - w0, load, out)


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def measure_command(cmd: Sequence[str], **kwargs: Any) -> Timing:
    """A command run to its end, timed in the CPU time of the child (user + system,
    from ``getrusage``) and in wall time; ``result`` is its exit status."""
    load = os.getloadavg()[0]
    c0, w0 = _children_cpu(), time.perf_counter()
    rc = subprocess.run(list(cmd), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        check=False, **kwargs).returncode
    return Timing(_children_cpu() - c0, time.perf_counter() - w0, load, rc)


def interleave(sides: dict[str, Callable[[int], Timing]], rounds: int) -> dict[str, list[Timing]]:
    """``rounds`` rounds; in round ``i`` every side is called once with ``i`` (its new
    inputs), in an order rotated by one each round.  Each side returns a :class:`Timing`
    (from :func:`measure`, :func:`measure_command`, or a worker that timed itself)."""
    names = list(sides)
    out: dict[str, list[Timing]] = {n: [] for n in names}
    for i in range(rounds):
        k = i % len(names)
        for name in names[k:] + names[:k]:
            out[name].append(sides[name](i))
    return out


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """(median, lowest, highest)."""
    return statistics.median(values), min(values), max(values)


def show(values: Sequence[float], fmt: str = ".2f", unit: str = "") -> str:
    """``median (low–high)`` of ``values``, e.g. ``1.52× (1.41–1.63)``."""
    m, lo, hi = spread(values)
    return f"{m:{fmt}}{unit} ({lo:{fmt}}–{hi:{fmt}})"


def ratios(a: Sequence[Timing], b: Sequence[Timing], *, wall: bool = False) -> list[float]:
    """Per round: a's time ÷ b's time (CPU, or wall with ``wall``)."""
    return [(x.wall / y.wall) if wall else (x.cpu / y.cpu) for x, y in zip(a, b)]


def show_ratios(a: Sequence[Timing], b: Sequence[Timing]) -> str:
    """a ÷ b per round, CPU then wall: ``1.52× (1.41–1.63) CPU, 1.60× (…) wall``."""
    return (f"{show(ratios(a, b), unit='×')} CPU, "
            f"{show(ratios(a, b, wall=True), unit='×')} wall")


def loads(*sides: Sequence[Timing]) -> str:
    """The range of the load averages the rounds started at."""
    values = [t.load for side in sides for t in side]
    return f"load average {min(values):.1f}–{max(values):.1f}"
