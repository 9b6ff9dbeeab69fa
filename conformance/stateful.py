"""A Hypothesis state machine over the riskspec/1 protocol, for any engine.

``riskspec check --engine CMD --hypothesis N`` runs it: Hypothesis chooses the game (a start
position of a variant the engine claims, under readings it claims, at a player count the
variant allows — :mod:`riskspec.conformance.fuzz_starts`), then every action (by type, then
which one), every chance outcome, and now and then a malformed or illegal action (the
probes of :func:`riskspec.conformance.properties.probes`).  Each action is applied to the
engine and to the reference; after every step

- the legal-action sets, chance odds and every observable field agree (the differential
  comparison of :class:`riskspec.conformance.properties.Game`, the frame rule's fields);
- the engine's own answers hold the generic invariants of
  :mod:`riskspec.conformance.invariants` (armies change only as its events report, owners
  and counts consistent, every card in one place, a legal phase sequence);
- a refused action leaves the engine's state as it was.

A failure is shrunk by Hypothesis to a minimal sequence of choices — fewest steps, first
actions, simplest start — and returned as a :class:`~riskspec.conformance.properties.Divergence`
naming the rule of the failing step; :func:`save_found` writes it as a vector file to
replay with ``riskspec check --vectors``.  The Hypothesis example database (a directory per
engine and handshake, :func:`default_database`) replays a found failure first on the next run.

Hypothesis is an optional dependency (``pip install "riskspec[hypothesis]"``);
:func:`require_hypothesis` says so clearly when it is missing.  ``backend="crosshair"``
runs the same machine under Hypothesis's CrossHair backend (``riskspec[symbolic]``): the
choices become symbolic and CrossHair explores the engine's own code paths — useful for a
Python engine driven in-process (:func:`adapter_client`), see docs/properties.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from riskspec.conformance.client import SessionClient
from riskspec.conformance.compare import action_key, partial_diff
from riskspec.conformance.errors import EngineFault, UsageError
from riskspec.conformance.fuzz_starts import Start, fuzz_starts
from riskspec.conformance.invariants import state_problems, step_problems
from riskspec.conformance.properties import (
    Divergence,
    FuzzStats,
    Game,
    Unsupported,
    case_id_for,
    divergence_case,
    expected_state,
    probe_rule,
    probes,
    reference_label,
    state_rule,
)

BACKENDS = ("hypothesis", "crosshair")


class MissingExtra(UsageError):
    """An optional dependency (an extra of the riskspec package) is not installed."""


def require_hypothesis(backend: str = "hypothesis") -> None:
    """Raise :class:`MissingExtra` with the command that installs what ``backend`` needs."""
    if backend not in BACKENDS:
        raise UsageError(f"--hypothesis-backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        raise MissingExtra("--hypothesis needs the Hypothesis library, which is not installed: "
                           "pip install \"riskspec[hypothesis]\"") from None
    if backend == "crosshair":
        try:
            import hypothesis_crosshair_provider  # type: ignore[import-untyped]  # noqa: F401
        except ImportError:
            raise MissingExtra("--hypothesis-backend crosshair needs hypothesis-crosshair and "
                               "crosshair-tool, which are not installed: "
                               "pip install \"riskspec[symbolic]\"") from None


def default_database() -> Path:
    """Where the example database lives unless told: ``$RISKSPEC_HYPOTHESIS_DB``, else the
    user's cache (``$XDG_CACHE_HOME`` or ``~/.cache``) under ``riskspec/hypothesis``."""
    if os.environ.get("RISKSPEC_HYPOTHESIS_DB"):
        return Path(os.environ["RISKSPEC_HYPOTHESIS_DB"])
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "riskspec" / "hypothesis"


def database_key(caps: Any, max_steps: int) -> str:
    """One database folder per engine, handshake and step budget: what was found for one
    engine is replayed first on that engine."""
    text = json.dumps([caps.handshake, max_steps], sort_keys=True, default=str)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


@dataclass
class HypothesisResult:
    """What a Hypothesis run found: the minimal divergence (or None) and how much it ran."""

    divergence: Divergence | None
    stats: FuzzStats
    examples: int
    starts: int
    notes: list[str]
    seconds: float
    reference: str
    backend: str = "hypothesis"
    database: Path | None = None
    path: Path | None = None            # the saved vector
    case: dict[str, Any] = field(default_factory=dict)


class _Stepper(Game):
    """A game on both engines, one Hypothesis-chosen step at a time."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.engine_state: Any = None

    def after_step(self, ref_before: Mapping[str, Any], action: Mapping[str, Any],
                   ref_result: Mapping[str, Any], eng_result: Mapping[str, Any]) -> None:
        """The generic invariants of the engine's own answer (its state and events)."""
        after = eng_result.get("state")
        if not isinstance(after, Mapping):
            return
        events = eng_result.get("events")
        before = self.engine_state if isinstance(self.engine_state, Mapping) else ref_before
        bad = step_problems(before, after, events if isinstance(events, list) else None,
                            family=self.start.family)
        bad += state_problems(after, variant=self.start.variant)
        self.engine_state = after
        if bad:
            ref_after = ref_result["state"]
            expect: dict[str, Any] = {"state": expected_state(ref_after)}
            if any(b.startswith("armies on the board") for b in bad):
                expect["events"] = _army_events(ref_result.get("events") or [])
            self._diverge(f"invariant broken after {action_key(action)}: {bad[0]}", "state",
                          state_rule(self.start.variant, action, ref_before.get("phase"), []),
                          expect, {"action": dict(action)})

    def reference_moves(self, ref_state: Mapping[str, Any]) -> tuple[list[dict], bool]:
        acts = self.ref.request("legal_actions").result["actions"]
        if acts:
            return [dict(a) for a in acts], False
        outs = self.ref.request("chance_outcomes").result["outcomes"]
        return [dict(o["outcome"]) for o in outs], True

    def probe_one(self, ref_state: Mapping[str, Any], cand: Mapping[str, Any]) -> None:
        """Send one action; if the reference refuses it, the engine must refuse it too and keep
        its state (an action the reference accepts is undone on the reference)."""
        setup = self.start.setup()
        r_ref = self.ref.request("apply", action=dict(cand))
        if r_ref.ok:
            self.ref.request("load_state", state=ref_state, **setup)
            return
        self.stats.probes += 1
        r = self.engine.request("apply", action=dict(cand))
        rule = probe_rule(self.start.variant, r_ref.error, cand, ref_state.get("phase"))
        expect = {"error": {"code": r_ref.error.get("code")}}
        last = {"action": dict(cand)}
        if r.ok:
            self._diverge(f"the engine accepted {action_key(cand)}, which the rules forbid "
                          f"({r_ref.error.get('code')})", "accepted", rule, expect, last)
        if r.error.get("kind") == "internal":
            self._diverge(f"the engine failed (internal error) on {action_key(cand)} instead of "
                          f"refusing it", "accepted", rule, expect, last)
        if "state" in self.ops:
            from riskspec.conformance.frame import observe
            s = self.engine.request("state")
            if s.ok and partial_diff(observe(ref_state), observe(s.result.get("state")), "$.state"):
                self._diverge(f"refusing {action_key(cand)} changed the engine's state",
                              "refusal-changed", rule, {**expect, "state": expected_state(ref_state)}, last)


def _army_events(events: Sequence[Any]) -> list[dict[str, Any]]:
    """The reference's events of a step that move armies, with only their counts."""
    keep = {"placed": ("armies",), "claimed": ("armies",), "territory-dealt": ("armies",),
            "traded": ("bonus",), "battle": ("attacker_losses", "defender_losses")}
    return [{"type": e["type"], **{k: e[k] for k in keep[e["type"]] if k in e}}
            for e in events if isinstance(e, Mapping) and e.get("type") in keep]


_KINDS: dict[tuple[str, str], type[Divergence]] = {}


def _typed(d: Divergence) -> Divergence:
    """The divergence as an instance of a subclass per (kind, rule): Hypothesis tells failures
    apart by exception type, so shrinking keeps to the same deviation."""
    key = (d.kind, d.rule)
    if key not in _KINDS:
        _KINDS[key] = type(f"Divergence[{d.kind}:{d.rule}]", (Divergence,), {"__module__": __name__})
    if type(d) is _KINDS[key]:
        return d
    return _KINDS[key](**{f.name: getattr(d, f.name) for f in fields(d)})


def build_machine(engine: Any, reference: Any, caps: Any, starts: Sequence[Start], stats: FuzzStats,
                  notes: list[str], seen: list[Divergence] | None = None,
                  on_start: Callable[[Any], None] | None = None) -> type:
    """The state machine class over ``starts`` (engine and reference bound); every divergence
    raised is also appended to ``seen``; ``on_start`` is called with each new machine."""
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

    class ProtocolMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.game: _Stepper | None = None
            self.ref_state: Any = None
            self.done = False
            if on_start is not None:
                on_start(self)

        def _run(self, step: Callable[[], None]) -> None:
            try:
                step()
            except Divergence as d:
                self.done = True
                if seen is not None:
                    seen.append(d)
                raise _typed(d) from None
            except Unsupported:
                self.done = True
            except EngineFault as fault:
                self.done = True
                g = self.game
                div = Divergence(f"engine fault: {fault.kind}: {str(fault)[:200]}", "fault", "?",
                                 list(g.steps) if g else [], {}, None, g.start if g else None,
                                 loaded=g.loaded if g else True)
                if seen is not None:
                    seen.append(div)
                raise _typed(div) from None
            except RuntimeError as exc:  # the reference could not go on: no verdict
                self.done = True
                if len(notes) < 20:
                    notes.append(str(exc)[:300])

        @initialize(start=st.sampled_from(list(starts)), seed=st.integers(0, 2**16))
        def begin(self, start: Start, seed: int) -> None:
            stats.games += 1
            self.game = _Stepper(engine, reference, caps, start, stats, random.Random(seed))

            def go() -> None:
                assert self.game is not None
                ref_state, forced = self.game.begin(start.state, start.prefix)
                self.game.engine_state = None
                for a in forced:
                    ref_state = self.game.apply_step(ref_state, dict(a))
                self.ref_state = ref_state
                self.done = _is_over(ref_state)
            self._run(go)

        @rule(data=st.data())
        def step(self, data: Any) -> None:
            """One step: mostly a legal action or chance outcome (Hypothesis picks which), one
            time in six a malformed or illegal action both engines must refuse.  After the
            game ended (or the engine said ``unsupported``) a step does nothing: a rule with
            no true precondition would stop Hypothesis."""
            if self.done:
                return
            def go() -> None:
                g = self.game
                assert g is not None
                if data.draw(st.integers(0, 5), label="malformed?") == 5:
                    return self._malformed(g, data)
                moves, chance = g.moves(self.ref_state)   # the legal sets and odds compared
                if not moves:
                    self.done = True
                    return None
                if chance:
                    action = moves[data.draw(st.integers(0, len(moves) - 1), label="outcome")]
                else:
                    kind = data.draw(st.sampled_from(sorted({str(m.get("type")) for m in moves})),
                                     label="type")
                    of_kind = [m for m in moves if str(m.get("type")) == kind]
                    action = of_kind[data.draw(st.integers(0, len(of_kind) - 1), label="action")]
                self.ref_state = g.apply_step(self.ref_state, dict(action))
                self.done = _is_over(self.ref_state)
                return None
            self._run(go)

        def _malformed(self, g: _Stepper, data: Any) -> None:
            moves, chance = g.reference_moves(self.ref_state)
            if not moves:
                return
            seed = data.draw(st.integers(0, 2**16), label="probe seed")
            cands = probes(self.ref_state, moves, chance, random.Random(seed))
            g.probe_one(self.ref_state, data.draw(st.sampled_from(cands), label="probe"))

    return ProtocolMachine


def playable_starts(engine: Any, caps: Any, starts: Sequence[Start]) -> tuple[list[Start], int]:
    """The starts the engine can play: loading the position (or a new game) and asking what may
    be done there is not answered ``unsupported``.  A partial engine (one that claims only some
    phases) would otherwise spend most examples on positions it honestly cannot play."""
    if "load_state" not in caps.ops:
        return list(starts), 0
    keep = []
    for st in starts:
        r = engine.request("load_state", state=st.state, **st.setup()) if st.state is not None \
            else engine.request("new_game", **st.setup()) if "new_game" in caps.ops else None
        if r is None or (not r.ok and r.error.get("kind") in ("unsupported", "invalid-state")):
            continue
        if r.ok:
            op = "chance_outcomes" if st.state is not None and st.state.get("phase") in CHANCE_PHASES \
                else "legal_actions"
            if op in caps.ops:
                q = engine.request(op)
                if not q.ok and q.error.get("kind") == "unsupported":
                    continue
        keep.append(st)   # a refusal of another kind is a finding: the machine reports it
    return keep, len(starts) - len(keep)


#: phases in which chance acts (both families): a start there asks for chance outcomes
CHANCE_PHASES = frozenset({"deal-missions", "first-player", "deal", "battle", "draw", "epidemics",
                           "random-place", "reroll-dice", "card-table"})


def _is_over(state: Mapping[str, Any]) -> bool:
    return state.get("phase") == "game-over" or state.get("winner") is not None


class _OutOfBudget(Exception):
    """Raised by every example started after ``time_budget``: it ends the Hypothesis run."""


def _smallest_of_first_kind(seen: Sequence[Divergence]) -> Divergence | None:
    """The divergence with the fewest steps among those of the first kind (and rule) seen."""
    if not seen:
        return None
    first = (seen[0].kind, seen[0].rule)
    return min((d for d in seen if (d.kind, d.rule) == first), key=lambda d: len(d.steps))


def hypothesis_check(engine: Any, reference: Any, *, examples: int = 100, max_steps: int = 50,
                     seed: int = 0, variants: Sequence[str] | None = None,
                     database: Path | None = None, backend: str = "hypothesis",
                     derandomize: bool = False, time_budget: float | None = None,
                     shrink: bool = True,
                     clock: Callable[[], float] = time.monotonic) -> HypothesisResult:
    """Run the machine for ``examples`` games of up to ``max_steps`` steps; the minimal
    divergence (shrunk), if any.  ``database``: the example database's root folder (None:
    no database); ``seed`` picks the start positions (as ``--fuzz-seed``); ``time_budget``:
    seconds after which the remaining examples end at once (the smallest failure seen so far
    is kept), measured by ``clock`` (e.g. :func:`time.process_time` for CPU seconds; past it
    every new example fails at once, which is how Hypothesis is stopped — with a
    ``database``, such an example may be stored as a failure, and passes when replayed);
    ``shrink=False``: report the first failure as found."""
    require_hypothesis(backend)
    from hypothesis import HealthCheck, Phase, Verbosity, settings
    from hypothesis.database import DirectoryBasedExampleDatabase
    from hypothesis.errors import HypothesisException
    from hypothesis.stateful import run_state_machine_as_test
    t0 = time.monotonic()
    caps = engine.start()
    stats = FuzzStats()
    notes: list[str] = []
    if "apply" not in caps.ops:
        return HypothesisResult(None, stats, 0, 0, ["the engine does not claim 'apply': nothing to check"],
                                0.0, reference_label(), backend)
    # positions across the game only: a situation's episode is forced (Hypothesis could not
    # shrink it away), and without it a situation is a position like the others
    starts, start_notes = fuzz_starts(caps, seed=seed, variants=variants, situations=False)
    notes += start_notes
    if not starts:
        notes.append("no start position: the engine claims no variant the reference plays")
        return HypothesisResult(None, stats, 0, 0, notes, time.monotonic() - t0, reference_label(), backend)
    starts, dropped = playable_starts(engine, caps, starts)
    if dropped:
        notes.append(f"{dropped} start position(s) left out: the engine answered 'unsupported' there")
    if not starts:
        notes.append("no start position the engine can play")
        return HypothesisResult(None, stats, 0, 0, notes, time.monotonic() - t0, reference_label(), backend)
    # new games first, then positions across the game: shrinking moves towards the front
    starts = sorted(starts, key=lambda s: (s.state is not None, len(s.prefix)))
    db_dir = database / database_key(caps, max_steps) if database is not None else None
    seen: list[Divergence] = []
    count = {"n": 0}
    c0 = clock()

    def on_start(m: Any) -> None:
        count["n"] += 1
        if time_budget is not None and clock() - c0 > time_budget and count["n"] > 1:
            # past the budget: every example from now on fails at once, so Hypothesis stops
            # (searching and shrinking); marking the machine done would not stop it: it would
            # go on running empty examples up to ``examples``
            count["over"] = 1
            raise _OutOfBudget(f"the time budget of {time_budget:g} s is spent")
    machine = build_machine(engine, reference, caps, starts, stats, notes, seen, on_start)
    opts: dict[str, Any] = {"max_examples": examples, "stateful_step_count": max_steps,
                            "deadline": None, "derandomize": derandomize, "verbosity": Verbosity.quiet,
                            "suppress_health_check": list(HealthCheck), "report_multiple_bugs": False,
                            "print_blob": False,
                            "database": DirectoryBasedExampleDatabase(str(db_dir)) if db_dir else None}
    if backend == "crosshair":
        opts["backend"] = "crosshair"
    phases = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]
    if derandomize:
        opts["database"] = None
        phases = [Phase.generate, Phase.shrink]
    opts["phases"] = [p for p in phases if shrink or p is not Phase.shrink]
    found: Divergence | None = None
    try:
        run_state_machine_as_test(machine, settings=settings(**opts))
    except Divergence as d:
        found = d
    except (_OutOfBudget, HypothesisException, ExceptionGroup) as exc:
        # the time budget (raised as such, or called flaky by Hypothesis), or a failure that did
        # not come back on the final replay: the smallest divergence of the first kind seen
        notes.append(f"stopped: the time budget of {time_budget:g} s is spent" if count.get("over")
                     else f"Hypothesis stopped: {type(exc).__name__}: {str(exc)[:300]}")
        found = _smallest_of_first_kind(seen)
    res = HypothesisResult(found, stats, count["n"], len(starts), notes, time.monotonic() - t0,
                           reference_label(), backend, db_dir)
    if found is not None:
        found.case_id = case_id_for(found)
        res.case = divergence_case(found, found.case_id)
    return res


def save_found(res: HypothesisResult, directory: Path) -> Path | None:
    """Save the minimal divergence as a vector file in ``directory``; its path (None: nothing found)."""
    if res.divergence is None or not res.case:
        return None
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{res.case['id']}.json"
    doc = {"format": "riskspec/vectors@1", "variant": res.case["variant"], "section": "differential",
           "generated_by": "riskspec check --hypothesis (riskspec.conformance.stateful)",
           "cases": [res.case]}
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    res.path = res.divergence.path = path
    return path


def report_lines(res: HypothesisResult, *, replay: str | None = None) -> list[str]:
    """What ``riskspec check --hypothesis`` prints: how much ran, then the minimal
    counterexample as a ready vector, the rule it breaks and the command that replays it."""
    import shlex
    s = res.stats
    lines = [f"riskspec check --hypothesis: {res.examples} examples ({res.backend} backend) from "
             f"{res.starts} start positions, {s.steps} steps, {s.legal_checks} legal-action sets and "
             f"{s.outcome_checks} chance-outcome tables compared, {s.probes} illegal or malformed actions "
             f"sent, against {res.reference}; {res.seconds:.1f} s"
             + (f"; example database {res.database}" if res.database else "")]
    lines += [f"  note: {n}" for n in res.notes]
    d = res.divergence
    if d is None:
        lines.append("riskspec check --hypothesis: no divergence" if s.steps else
                     "riskspec check --hypothesis: NOT A PASS: no step was compared")
        return lines
    from riskspec.conformance.attribution import statement_line
    variant = d.start.variant if d.start is not None else "classic"
    lines.append(f"DIVERGENCE [{d.kind}] rule {d.rule}: {d.what}")
    text = statement_line(variant, d.rule)
    if text:
        lines.append(f"  rule: {text}")
    n_steps = len(res.case.get("steps", []))
    lines.append(f"  minimal counterexample (shrunk by Hypothesis): {n_steps} step(s) from "
                 f"{d.start.label if d.start else '?'}"
                 + (" (a loaded position)" if "state" in res.case else " (a new game)"))
    lines += ["  " + ln for ln in vector_lines(res.case, d)]
    if res.path is not None:
        lines.append(f"  saved: {res.path}")
        lines.append(f"  rerun: {replay or 'riskspec check'} --vectors {shlex.quote(str(res.path))}")
    lines.append("riskspec check --hypothesis: 1 divergence")
    return lines


def vector_lines(case: Mapping[str, Any], d: Divergence) -> list[str]:
    """The counterexample vector, readable: its header, the start, one line per step, and
    what the last step must give (the saved file has the full expectations)."""
    head = {k: case[k] for k in ("id", "variant", "players", "options", "covers") if k in case}
    out = [json.dumps(head), "start: " + ("the loaded position (in the saved file)" if "state" in case
                                          else "a new game")]
    steps = list(case.get("steps") or [])
    for i, step in enumerate(steps, 1):
        if step.get("action") is not None:
            out.append(f"step {i}: {json.dumps(step.get('action'))}")
    last = steps[-1] if steps else {}
    exp = last.get("expect") or {}
    for key, op in (("legal", "legal_actions"), ("outcomes", "chance_outcomes")):
        if key in exp:
            out.append(f"then {op}: the reference's {len(exp[key])} (listed in the saved file)")
    if "error" in exp:
        out.append(f"  expect: refused with {json.dumps(exp['error'])} (the state unchanged)")
    if "events" in exp:
        out.append(f"  expect events: {json.dumps(exp['events'])}")
    out.append(f"  found: {d.what}")
    return out


# -- Python engines in-process ------------------------------------------------------------------
class AdapterClient(SessionClient):
    """The client interface over an :class:`riskspec.adapter.Adapter` in this process (no
    subprocess): requests and answers still go through JSON text, as over stdio."""

    def __init__(self, adapter: Any) -> None:
        from riskspec.adapter.session import Session
        from riskspec.conformance.protocol import Capabilities
        super().__init__(Session(adapter), Capabilities(adapter.handshake()))


def adapter_client(adapter: Any) -> AdapterClient:
    """An in-process client of a Python engine written on :mod:`riskspec.adapter`."""
    return AdapterClient(adapter)


def load_adapter(spec: str) -> Any:
    """``FILE.py:NAME`` or ``module:NAME`` → an instance of the adapter class NAME (or the
    object NAME, if not a class); without ``:NAME`` the module's only Adapter subclass."""
    import importlib
    import importlib.util
    import inspect

    from riskspec.adapter import Adapter
    where, _, name = spec.partition(":")
    try:
        if where.endswith(".py"):
            path = Path(where)
            if not path.is_file():
                raise UsageError(f"--python-engine {spec!r}: no such file {where}")
            mod_name = f"_riskspec_engine_{hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]}"
            sp = importlib.util.spec_from_file_location(mod_name, path)
            if sp is None or sp.loader is None:
                raise UsageError(f"--python-engine {spec!r}: cannot import {where}")
            mod = importlib.util.module_from_spec(sp)
            import sys
            sys.modules[mod_name] = mod
            sp.loader.exec_module(mod)
        else:
            mod = importlib.import_module(where)
    except UsageError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's module failed to import: say why
        raise UsageError(f"--python-engine {spec!r}: importing {where} failed: "
                         f"{type(exc).__name__}: {exc}") from None
    if name:
        obj = getattr(mod, name, None)
        if obj is None:
            raise UsageError(f"--python-engine {spec!r}: {where} defines no {name!r}")
    else:
        found = [v for v in vars(mod).values() if inspect.isclass(v) and issubclass(v, Adapter)
                 and v is not Adapter and v.__module__ == mod.__name__]
        if len(found) != 1:
            raise UsageError(f"--python-engine {spec!r}: name the adapter class (FILE.py:CLASS); "
                             f"{where} defines {len(found)} Adapter subclasses")
        obj = found[0]
    inst = obj() if inspect.isclass(obj) else obj
    if not isinstance(inst, Adapter):
        raise UsageError(f"--python-engine {spec!r}: {name or obj!r} is not a riskspec.adapter.Adapter")
    return inst
