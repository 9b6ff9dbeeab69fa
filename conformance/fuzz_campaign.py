"""Fuzz campaigns split into chunks of games: run here, on worker processes, or on a Dask cluster.

What happens inside one game is :func:`riskspec.conformance.properties.play_game`; this module
decides how the games of a campaign are split, scheduled, journaled and merged:

* **Chunks.**  The games ``0 … N-1`` are cut into chunks of consecutive games.  A chunk runs
  on one worker, which keeps its engine process, the reference and the start positions
  between chunks.  Game ``g`` plays start ``order[g % len(order)]`` with the seed
  ``game_seed(seed, g)``: neither depends on where or with what it runs.
* **Merging in game order.**  The divergence kept for a key (kind, rule, action type) is the
  one of the lowest game showing it, shrunk; the campaign stops after the game in which the
  ``max_divergences``-th distinct key appears, and counts the games up to it.  So the result is
  the same for one process, two, or a cluster: only which worker shrinks what changes.  A
  worker shrinks the first divergence of each key in its chunk unless the coordinator already
  holds that key from a lower game (the task says which); later ones are kept as their key.
* **Streaming.**  Every finished chunk is merged at once: ``on_update`` gets the result so
  far (for the reports), ``progress`` the counts, rate and ETA.
* **Journal.**  With a journal file, each finished game is appended to it as one JSON line
  (the header names the campaign: engine handshake, seed, games, steps …).  A run given the
  journal of an interrupted run of the same campaign plays only the games it lacks; the
  merged result is the one an uninterrupted run gives.  A last line cut by the interruption
  is dropped (its game is played again).

Backends: ``serial`` (this process, the caller's engine client), ``processes`` (a
``spawn`` process pool of ``workers``), ``dask`` (a Dask distributed cluster: the scheduler
at an address, or a local cluster of ``workers`` processes; the ``dask`` extra).  Dask
rather than Ray: a pure-Python install (``pip install distributed``) with a plain TCP
scheduler address and ``dask scheduler`` / ``dask worker`` commands, no daemon writing
under the home folder, and futures that report each chunk the moment it ends.
"""

from __future__ import annotations

import atexit
import json
import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_futures
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from riskspec.conformance.errors import ConformanceError, UsageError
from riskspec.conformance.fuzz_starts import Start, fuzz_starts
from riskspec.conformance.properties import (
    Divergence,
    FuzzResult,
    FuzzStats,
    finish_divergences,
    game_order,
    play_game,
    reference_label,
    shrink_found,
)

JOURNAL_FORMAT = "riskspec/fuzz-journal@1"
#: the counters of a game's record (``FuzzStats`` without ``by_family``)
COUNTERS = ("games", "steps", "legal_checks", "outcome_checks", "probes", "unsupported", "not_claimed",
            "longest", "resumes")


class CampaignError(ConformanceError):
    """A fuzz campaign cannot run as asked (a worker's engine differs, the cluster is unreachable)."""


class JournalError(UsageError):
    """A fuzz journal belongs to another campaign, or is not a fuzz journal (exit status 2)."""


@dataclass(frozen=True)
class FuzzPlan:
    """What a campaign plays; the same plan (and engine) gives the same result however it runs."""

    games: int
    max_steps: int = 200
    seed: int = 0
    probe_rate: float = 0.15
    variants: tuple[str, ...] | None = None
    max_divergences: int = 20

    def identity(self, handshake: Mapping[str, Any] | None) -> dict[str, Any]:
        """What a journal must match to be resumed: this plan, the engine's handshake, riskspec."""
        from riskspec import __version__
        return {**asdict(self), "variants": list(self.variants) if self.variants else None,
                "engine": dict(handshake or {}), "riskspec": __version__}


@dataclass(frozen=True)
class EngineSpec:
    """How a worker starts its own client of the engine under test (picklable)."""

    argv: tuple[str, ...] = ()
    in_process: bool = False        # the built-in reference, in the worker's process
    timeout: float = 10.0
    handshake_timeout: float | None = None
    cwd: str | None = None
    env: tuple[tuple[str, str], ...] | None = None

    def client(self) -> Any:
        from riskspec.conformance.client import EngineClient, reference_client
        if self.in_process:
            return reference_client()
        return EngineClient(list(self.argv), timeout=self.timeout,
                            handshake_timeout=self.handshake_timeout or max(self.timeout, 10.0),
                            cwd=self.cwd, env=dict(self.env) if self.env is not None else None)


@dataclass
class Progress:
    """Where a campaign is: games done (of planned), this run's rate, and the divergences so far."""

    done: int
    planned: int
    played: int          # by this run (the rest came from the journal)
    seconds: float
    divergences: int

    @property
    def rate(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0

    @property
    def eta(self) -> float | None:
        return (self.planned - self.done) / self.rate if self.rate > 0 else None

    def line(self) -> str:
        eta = self.eta
        when = "?" if eta is None else f"{int(eta // 60)}m{int(eta % 60):02d}s"
        return (f"fuzz {self.done}/{self.planned} games, {self.rate:.1f} games/s, ETA {when}, "
                f"{self.divergences} divergence(s)")


# -- records: one JSON object per game ------------------------------------------------------------
def start_json(start: Start) -> dict[str, Any]:
    return asdict(start)


def divergence_json(div: Divergence, key: Sequence[str]) -> dict[str, Any]:
    """A divergence as JSON; ``key``: the key it was found under (before shrinking)."""
    return {"key": list(key), "what": div.what, "kind": div.kind, "rule": div.rule, "steps": div.steps,
            "expect": div.expect, "last": div.last, "start": start_json(div.start) if div.start else None,
            "game": div.game, "shrunk_from": div.shrunk_from, "loaded": div.loaded}


def divergence_from_json(d: Mapping[str, Any]) -> Divergence:
    start = Start(**d["start"]) if d.get("start") else None
    return Divergence(d["what"], d["kind"], d["rule"], list(d["steps"]), dict(d["expect"]), d["last"],
                      start, int(d["game"]), shrunk_from=int(d["shrunk_from"]), loaded=bool(d["loaded"]))


def stats_json(stats: FuzzStats) -> dict[str, Any]:
    return {**{k: getattr(stats, k) for k in COUNTERS}, "by_family": dict(stats.by_family)}


def add_stats(total: FuzzStats, rec: Mapping[str, Any]) -> None:
    for k in COUNTERS:
        if k == "longest":
            total.longest = max(total.longest, int(rec.get(k, 0)))
        else:
            setattr(total, k, getattr(total, k) + int(rec.get(k, 0)))
    total.by_family.update(rec.get("by_family") or {})


def run_chunk(engine: Any, reference: Any, caps: Any, order: Sequence[Start], plan: FuzzPlan,
              games: range, known: Iterable[Sequence[str]] = ()) -> list[dict[str, Any]]:
    """Play ``games`` (consecutive); one JSON record each.  ``known``: keys the coordinator holds
    from lower games (not shrunk again).  Stops after the game that makes ``max_divergences``
    distinct keys with ``known``: no later game can count."""
    seen = {tuple(k) for k in known}
    out: list[dict[str, Any]] = []
    for g in games:
        rec = play_game(engine, reference, caps, order, g, seed=plan.seed, max_steps=plan.max_steps,
                        probe_rate=plan.probe_rate)
        found = []
        for div in rec.divergences:
            key = div.key
            if key in seen:      # a lower game has it: only the key counts
                found.append({"key": list(key), "game": g})
                continue
            seen.add(key)
            found.append(divergence_json(shrink_found(engine, reference, caps, div), key))
        out.append({"game": g, **stats_json(rec.stats), "divergences": found, "notes": rec.notes})
        if len(seen) >= plan.max_divergences:
            out[-1]["stop"] = True
            break
    return out


# -- merging ----------------------------------------------------------------------------------------
@dataclass
class Merged:
    divergences: list[Divergence]
    stats: FuzzStats
    notes: list[str]
    complete: bool               # every game up to the end (or the stop) is in
    needed: int                  # games 0 … needed-1 are all a complete result can need


def merge(records: Mapping[int, Mapping[str, Any]], plan: FuzzPlan) -> Merged:
    """The campaign's result from the records present, in game order (see the module's doc)."""
    seen: set[tuple[str, ...]] = set()
    divs: list[Divergence] = []
    stats = FuzzStats()
    notes: list[str] = []
    needed = plan.games
    for g in sorted(records):
        if g >= needed:
            break
        rec = records[g]
        add_stats(stats, rec)
        notes += rec.get("notes") or []
        for d in rec["divergences"]:
            key = tuple(d["key"])
            if key in seen:
                continue
            if "what" not in d:
                raise CampaignError(f"game {g}: divergence {key} recorded as a repeat, but no lower game "
                                    f"has it (journal edited or mixed?)")
            seen.add(key)
            divs.append(divergence_from_json(d))
        if len(seen) >= plan.max_divergences:
            needed = g + 1
            notes.append(f"stopped after game {g + 1}: {plan.max_divergences} distinct divergence(s) found")
            break
    complete = all(g in records for g in range(needed))
    return Merged(divs, stats, notes, complete, needed)


# -- the journal ------------------------------------------------------------------------------------
class Journal:
    """Finished games as JSON lines after a header naming the campaign (through the reports'
    safe writes: no symlink, FIFO or device; the header written whole, lines appended)."""

    def __init__(self, path: Path, identity: Mapping[str, Any]) -> None:
        from riskspec.conformance.report import atomic_write, check_output_path
        self.path = path
        self.records: dict[int, dict[str, Any]] = {}
        check_output_path(path, "fuzz journal")
        if path.exists() and path.stat().st_size > 0:
            self._load(identity)
        else:
            atomic_write(path, json.dumps({"format": JOURNAL_FORMAT, "campaign": dict(identity)},
                                          sort_keys=True) + "\n")
        self.resumed = len(self.records)

    def _load(self, identity: Mapping[str, Any]) -> None:
        raw = self.path.read_bytes()
        lines = raw.split(b"\n")
        complete, tail = lines[:-1], lines[-1]   # text after the last newline: a cut-off line
        try:
            head = json.loads(complete[0]) if complete else None
        except json.JSONDecodeError:
            head = None
        if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
            raise JournalError(f"{self.path}: not a fuzz journal (its first line is not a "
                               f"{JOURNAL_FORMAT} header); give another --fuzz-journal path")
        theirs = head.get("campaign") or {}
        wanted = json.loads(json.dumps(dict(identity), sort_keys=True))
        if theirs != wanted:
            diff = sorted(k for k in set(theirs) | set(wanted) if theirs.get(k) != wanted.get(k))
            raise JournalError(f"{self.path}: the journal is of another campaign (differs in "
                               f"{', '.join(diff)}); resume with the same engine and --fuzz options, "
                               f"or give a new --fuzz-journal path")
        for n, line in enumerate(complete[1:], 2):
            try:
                rec = json.loads(line)
                g = int(rec["game"])
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                raise JournalError(f"{self.path}:{n}: not a game record") from None
            self.records.setdefault(g, rec)
        if tail:   # cut off by the interruption: drop it (its game is played again)
            with open(self.path, "r+b") as fh:
                fh.truncate(len(raw) - len(tail))

    def add(self, recs: Sequence[Mapping[str, Any]]) -> None:
        from riskspec.conformance.report import _append_line
        fresh = [r for r in recs if int(r["game"]) not in self.records]
        if fresh:
            _append_line(self.path, "".join(json.dumps(r, sort_keys=True) + "\n" for r in fresh))
        for r in fresh:
            self.records[int(r["game"])] = dict(r)


# -- backends ---------------------------------------------------------------------------------------
_LOCAL = threading.local()


def _worker_context(spec: EngineSpec, plan: FuzzPlan, handshake: Mapping[str, Any] | None) -> Any:
    """This worker's engine client, reference, capabilities and start order (kept between chunks)."""
    from riskspec import __version__
    from riskspec.conformance.client import reference_client
    key = (spec, plan.seed, plan.variants)
    ctx = getattr(_LOCAL, "ctx", None)
    if ctx is not None and ctx[0] == key:
        return ctx[1:]
    if ctx is not None:
        ctx[1].close()
    engine = spec.client()
    caps = engine.start()
    if handshake is not None and json.loads(json.dumps(caps.handshake)) != json.loads(json.dumps(handshake)):
        engine.close()
        raise CampaignError(f"the engine on worker {os.getpid()} sent another handshake than the "
                            f"coordinator's (another version installed there?)")
    starts, _ = fuzz_starts(caps, seed=plan.seed, variants=plan.variants)
    _LOCAL.ctx = (key, engine, reference_client(), caps, game_order(starts), __version__)
    atexit.register(engine.close)
    return _LOCAL.ctx[1:]


def remote_chunk(spec: EngineSpec, plan: FuzzPlan, handshake: Mapping[str, Any] | None, version: str,
                 first: int, stop: int, known: list[list[str]]) -> list[dict[str, Any]]:
    """A chunk run by a worker process (a pool's or a Dask worker's) on its own engine client."""
    from riskspec import __version__
    if version != __version__:
        raise CampaignError(f"worker {os.getpid()} runs riskspec {__version__}, the coordinator {version}")
    engine, reference, caps, order, _ = _worker_context(spec, plan, handshake)
    return run_chunk(engine, reference, caps, order, plan, range(first, stop), known)


class Backend:
    """Runs chunks: ``submit`` returns a future of the chunk's records."""

    name = "serial"
    slots = 1

    def submit(self, first: int, stop: int, known: list[list[str]]) -> Any:
        raise NotImplementedError

    def wait(self, pending: set[Any]) -> tuple[set[Any], set[Any]]:
        done, rest = wait_futures(pending, return_when=FIRST_COMPLETED)
        return set(done), set(rest)

    def result(self, fut: Any) -> list[dict[str, Any]]:
        return list(fut.result())

    def close(self) -> None:
        pass


class SerialBackend(Backend):
    """This process, on the caller's engine client (a chunk runs when it is submitted)."""

    def __init__(self, engine: Any, reference: Any, caps: Any, order: Sequence[Start], plan: FuzzPlan):
        self.args = (engine, reference, caps, order, plan)

    def submit(self, first: int, stop: int, known: list[list[str]]) -> Any:
        fut: Future = Future()
        try:
            fut.set_result(run_chunk(*self.args, range(first, stop), known))
        except BaseException as exc:  # noqa: BLE001 - handed to the coordinator like a worker's
            fut.set_exception(exc)
        return fut


class ProcessBackend(Backend):
    """``workers`` processes of this machine (started with ``spawn``: no inherited pipes)."""

    name = "processes"

    def __init__(self, spec: EngineSpec, plan: FuzzPlan, handshake: Mapping[str, Any] | None,
                 workers: int) -> None:
        import multiprocessing

        from riskspec import __version__
        self.slots = workers
        self.args = (spec, plan, handshake, __version__)
        self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))

    def submit(self, first: int, stop: int, known: list[list[str]]) -> Any:
        return self.pool.submit(remote_chunk, *self.args, first, stop, known)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskBackend(Backend):
    """A Dask distributed cluster: the scheduler at ``address``, or a local cluster of ``workers``."""

    name = "dask"

    def __init__(self, spec: EngineSpec, plan: FuzzPlan, handshake: Mapping[str, Any] | None,
                 workers: int, address: str | None) -> None:
        from riskspec import __version__
        try:
            import distributed
        except ImportError:
            raise UsageError("--dask needs Dask distributed: pip install 'riskspec[dask]'") from None
        self.distributed = distributed
        self.cluster = None
        try:
            if address:
                self.client = distributed.Client(address, timeout="30s")
            else:
                self.cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                                        processes=True, dashboard_address=None)
                self.client = distributed.Client(self.cluster)
        except (OSError, TimeoutError) as exc:
            raise CampaignError(f"--dask: cannot reach the scheduler {address or '(local cluster)'}: "
                                f"{exc}") from None
        threads = sum(self.client.nthreads().values())
        self.slots = max(1, threads)
        self.where = address or f"a local cluster of {workers} worker processes"
        self.args = (spec, plan, handshake, __version__)

    def submit(self, first: int, stop: int, known: list[list[str]]) -> Any:
        return self.client.submit(remote_chunk, *self.args, first, stop, known, pure=False)

    def wait(self, pending: set[Any]) -> tuple[set[Any], set[Any]]:
        res = self.distributed.wait(list(pending), return_when="FIRST_COMPLETED")
        return set(res.done), set(res.not_done)

    def result(self, fut: Any) -> list[dict[str, Any]]:
        return list(fut.result())

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


# -- the coordinator --------------------------------------------------------------------------------
@dataclass
class CampaignOptions:
    """How a campaign runs (not what it plays: that is the :class:`FuzzPlan`)."""

    workers: int = 1
    dask: str | None = None          # None: no Dask; "": a local cluster; else a scheduler address
    journal: Path | None = None
    chunk: int | None = None         # games per chunk (None: about workers × 8 chunks, 1 … 50 games)
    save_dir: Path | None = None
    expectations: Any = None
    progress: Callable[[Progress], None] | None = None
    on_update: Callable[[FuzzResult], None] | None = None
    notes: list[str] = field(default_factory=list)


def chunk_size(games: int, slots: int, asked: int | None) -> int:
    if asked is not None:
        return max(1, asked)
    return max(1, min(50, -(-games // (slots * 8))))


def run_campaign(backend: Backend, plan: FuzzPlan, opts: CampaignOptions, *, starts: int,
                 handshake: Mapping[str, Any] | None) -> FuzzResult:
    """Schedule the games the journal lacks on ``backend``, merge as chunks end, and return the
    campaign's result (its divergences named, matched and saved)."""
    t0 = time.monotonic()
    journal = Journal(opts.journal, plan.identity(handshake)) if opts.journal is not None else None
    records: dict[int, dict[str, Any]] = dict(journal.records) if journal else {}
    resumed = len(records)
    size = chunk_size(plan.games - resumed, backend.slots, opts.chunk)
    todo = _chunks([g for g in range(plan.games) if g not in records], size)
    pending: dict[Any, tuple[int, int]] = {}
    played = 0

    def result(final: bool) -> FuzzResult:
        m = merge(records, plan)
        res = FuzzResult(m.divergences, m.stats, starts, [*opts.notes, *m.notes], time.monotonic() - t0,
                         reference_label())
        res.workers, res.backend, res.resumed, res.complete = backend.slots, backend.name, resumed, m.complete
        if final:
            finish_divergences(res.divergences, save_dir=opts.save_dir, expectations=opts.expectations)
        return res

    try:
        while True:
            m = merge(records, plan)
            if m.complete:
                break
            while todo and len(pending) < backend.slots * 2:
                first, stop = todo.pop(0)
                if first >= m.needed:      # past the stop: no longer needed
                    todo.clear()
                    break
                known = sorted({tuple(d["key"]) for g, r in records.items() if g < first
                                for d in r["divergences"] if "what" in d})
                pending[backend.submit(first, stop, [list(k) for k in known])] = (first, stop)
            if not pending:
                raise CampaignError(f"games missing from the campaign and none scheduled "
                                    f"({len(records)} of {m.needed} recorded)")
            done, _ = backend.wait(set(pending))
            for fut in done:
                pending.pop(fut)
                recs = backend.result(fut)
                played += len(recs)
                if journal is not None:
                    journal.add(recs)
                for r in recs:
                    records.setdefault(int(r["game"]), r)
            m = merge(records, plan)
            if opts.progress is not None:
                opts.progress(Progress(min(len(records), m.needed), m.needed, played,
                                       time.monotonic() - t0, len(m.divergences)))
            if opts.on_update is not None:
                opts.on_update(result(final=False))
    finally:
        for fut in pending:
            fut.cancel()
        backend.close()
    return result(final=True)


def _chunks(games: Sequence[int], size: int) -> list[tuple[int, int]]:
    """Runs of consecutive games, at most ``size`` each, as (first, stop)."""
    out: list[tuple[int, int]] = []
    for g in games:
        if out and out[-1][1] == g and g - out[-1][0] < size:
            out[-1] = (out[-1][0], g + 1)
        else:
            out.append((g, g + 1))
    return out


def prepare(engine: Any, plan: FuzzPlan) -> tuple[Any, list[Start], list[str]]:
    """The engine's capabilities, the start positions and notes (or why nothing can be fuzzed)."""
    caps = engine.start()
    if "apply" not in caps.ops:
        return caps, [], ["the engine does not claim 'apply': nothing to fuzz"]
    starts, notes = fuzz_starts(caps, seed=plan.seed, variants=plan.variants)
    if not starts:
        notes.append("no start position: the engine claims no variant the reference plays")
    return caps, starts, notes


def differential_check(engine: Any, reference: Any, *, games: int = 100, max_steps: int = 200,
                       seed: int = 0, save_dir: Path | None = None, variants: Sequence[str] | None = None,
                       probe_rate: float = 0.15, max_divergences: int = 20, expectations: Any = None,
                       progress: Callable[[str], None] | None = None, chunk: int | None = None) -> FuzzResult:
    """Play ``games`` seeded games in this process on ``engine``; every distinct divergence,
    shrunk (and saved under ``save_dir``).  ``chunk``: games between progress reports (None:
    up to 50; 1 lets a ``progress`` that raises stop the run after any game).  :func:`run_campaign`
    plays the same games split across processes or a cluster, with the same result."""
    plan = FuzzPlan(games=games, max_steps=max_steps, seed=seed, probe_rate=probe_rate,
                    variants=tuple(variants) if variants else None, max_divergences=max_divergences)
    return run_serial(engine, reference, plan, save_dir=save_dir, expectations=expectations,
                      progress=progress, chunk=chunk)


def run_serial(engine: Any, reference: Any, plan: FuzzPlan, *, save_dir: Path | None = None,
               expectations: Any = None, progress: Callable[[str], None] | None = None,
               chunk: int | None = None) -> FuzzResult:
    """The campaign in this process on ``engine`` (``differential_check``)."""
    t0 = time.monotonic()
    caps, starts, notes = prepare(engine, plan)
    if not starts:
        return FuzzResult([], FuzzStats(), 0, notes, time.monotonic() - t0, reference_label())
    last = [time.monotonic()]

    def lines(p: Progress) -> None:
        if progress is not None and time.monotonic() - last[0] > 2.0:
            last[0] = time.monotonic()
            progress(f"[{p.line()}]")

    opts = CampaignOptions(save_dir=save_dir, expectations=expectations, progress=lines, notes=notes,
                           chunk=chunk)
    return run_campaign(SerialBackend(engine, reference, caps, game_order(starts), plan), plan, opts,
                        starts=len(starts), handshake=caps.handshake)


def run_fuzz_campaign(spec: EngineSpec, engine: Any, plan: FuzzPlan, opts: CampaignOptions) -> FuzzResult:
    """The campaign on ``opts.workers`` processes (1: this process, on ``engine``) or on Dask.
    ``engine``: the coordinator's client of the engine (its handshake names the campaign)."""
    from riskspec.conformance.client import reference_client
    t0 = time.monotonic()
    caps, starts, notes = prepare(engine, plan)
    opts.notes = [*opts.notes, *notes]
    if not starts:
        return FuzzResult([], FuzzStats(), 0, opts.notes, time.monotonic() - t0, reference_label())
    backend: Backend
    if opts.dask is not None:
        backend = DaskBackend(spec, plan, caps.handshake, opts.workers, opts.dask or None)
    elif opts.workers > 1:
        backend = ProcessBackend(spec, plan, caps.handshake, opts.workers)
    else:
        backend = SerialBackend(engine, reference_client(), caps, game_order(starts), plan)
    return run_campaign(backend, plan, opts, starts=len(starts), handshake=caps.handshake)
