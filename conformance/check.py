"""What ``riskspec check`` does, callable from Python and from tests."""

from __future__ import annotations

import fnmatch
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, TextIO, cast

from riskspec.conformance.client import EngineClient, reference_client
from riskspec.conformance.errors import EngineFault, EngineUnusable, ReportPathError, UsageError
from riskspec.conformance.expectations import Expectations, write_expectations
from riskspec.conformance.protocol import PROTOCOL
from riskspec.conformance.report import (
    ReportWriter,
    check_output_path,
    print_failures,
    print_summary,
    spec_rules,
    summary_line,
    unchecked_reason,
)
from riskspec.conformance.runner import BAD, Campaign, RunOptions, progress_printer
from riskspec.conformance.vectors import load_cases, select
from riskspec.progress import Progress


@dataclass
class FuzzConfig:
    """``riskspec check --fuzz``: seeded differential games after (or instead of) the vectors."""

    games: int
    max_steps: int = 200
    seed: int = 0
    save_dir: Path | None = Path("riskspec-found")
    only: bool = False        # no vectors: the fuzzing is the whole check
    workers: int = 1          # processes the games are split across (1: this process)
    dask: str | None = None   # a Dask scheduler address; "": a local cluster; None: no Dask
    journal: Path | None = None  # finished games, to resume an interrupted campaign


@dataclass
class HypothesisConfig:
    """``riskspec check --hypothesis``: the Hypothesis state machine against the reference
    (:mod:`riskspec.conformance.stateful`), after (or instead of) the vectors."""

    examples: int
    max_steps: int = 50
    seed: int = 0
    database: Path | None = None      # the example database's root (None: none)
    backend: str = "hypothesis"
    save_dir: Path | None = Path("riskspec-found")
    only: bool = False                # no vectors: the machine is the whole check
    python_engine: str | None = None  # FILE.py[:CLASS]: a riskspec.adapter engine in-process
    derandomize: bool = False         # the same examples every run (no database)


@dataclass
class CheckConfig:
    argv: Sequence[str]
    command: str = ""
    variant: str | None = None
    select: Sequence[str] = ()
    skip: Sequence[str] = ()
    vectors: Sequence[Path] = ()
    expect: Path | None = None
    write_expect: Path | None = None
    reports: Sequence[Path] = ()
    junit: Path | None = None
    results: Path | None = None
    jobs: int = 1
    timeout: float = 10.0
    handshake_timeout: float | None = None
    case_timeout: float | None = 300.0
    maxfail: int = 0
    list_only: bool = False
    quiet: bool = False
    cwd: str | None = None
    env: dict[str, str] | None = None
    extra_meta: dict[str, Any] = field(default_factory=dict)
    #: the command line that reruns a selection of this run (``--select CASE`` is appended);
    #: None: ``riskspec check --engine ARGV`` with the run's ``--vectors``
    rerun: str | None = None
    #: differential fuzzing, whose findings go into the same reports (None: no fuzzing)
    fuzz: FuzzConfig | None = None
    #: the command a saved fuzz vector's ``--vectors PATH`` is appended to (None: from ``argv``)
    replay: str | None = None
    #: check the built-in reference engine in this process (no subprocess, no pipes) instead
    #: of starting ``argv``; the report's ``transport`` says which ran
    in_process: bool = False
    #: fail the run when a rule the handshake claims is reached by no case (``--strict-reach``)
    strict_reach: bool = False
    #: the Hypothesis state machine, whose finding goes into the reports (None: not run)
    hypothesis: HypothesisConfig | None = None


def rerun_command(cfg: CheckConfig) -> str:
    """``riskspec check …`` with this run's engine and vectors, ready for ``--select CASE``."""
    import shlex
    if cfg.rerun is not None:
        return cfg.rerun
    parts = ["riskspec", "check", "--engine", shlex.join(cfg.argv)]
    for v in cfg.vectors:
        parts += ["--vectors", str(v)]
    return " ".join(shlex.quote(p) for p in parts)


def replay_command(cfg: CheckConfig) -> str:
    """``riskspec check --engine ARGV`` (no vectors), ready for ``--vectors FOUND.json``."""
    import shlex
    if cfg.replay is not None:
        return cfg.replay
    return " ".join(shlex.quote(p) for p in ["riskspec", "check", "--engine", shlex.join(cfg.argv)])


def run_check(cfg: CheckConfig, out: IO[str], err: IO[str]) -> int:
    code, _ = check(cfg, out, err)
    return code


def _seconds(value: float | None, what: str, *, optional: bool = False) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or value <= 0:
        raise UsageError(f"{what} must be a positive, finite number of seconds, got {value!r}")


def validate_config(cfg: CheckConfig) -> None:
    """Refuse a configuration that cannot work, before any case runs (UsageError: exit 2)."""
    if not cfg.argv or not all(isinstance(a, str) for a in cfg.argv) or not cfg.argv[0].strip():
        raise UsageError("--engine: empty command (is the variable holding it unset?)")
    _seconds(cfg.timeout, "--timeout")
    _seconds(cfg.handshake_timeout, "--handshake-timeout", optional=True)
    _seconds(cfg.case_timeout, "--case-timeout", optional=True)
    from riskspec import limits
    if cfg.fuzz is not None and (cfg.fuzz.games < 1 or cfg.fuzz.max_steps < 1):
        raise UsageError("--fuzz needs N >= 1 games and --fuzz-steps at least 1")
    if cfg.fuzz is not None and not 0 <= cfg.fuzz.seed <= limits.MAX_SEED:
        raise UsageError(f"--fuzz-seed is from 0 to {limits.MAX_SEED:,}, got {cfg.fuzz.seed:,}")
    if cfg.hypothesis is not None:
        from riskspec.conformance.stateful import require_hypothesis
        hc = cfg.hypothesis
        if hc.examples < 1 or hc.max_steps < 1:
            raise UsageError("--hypothesis needs N >= 1 examples and --hypothesis-steps at least 1")
        if hc.examples > limits.MAX_HYPOTHESIS_EXAMPLES:
            raise UsageError(f"--hypothesis runs at most {limits.MAX_HYPOTHESIS_EXAMPLES:,} examples, "
                             f"got {hc.examples:,}")
        if hc.max_steps > limits.MAX_HYPOTHESIS_STEPS:
            raise UsageError(f"--hypothesis-steps is at most {limits.MAX_HYPOTHESIS_STEPS:,} steps per "
                             f"example, got {hc.max_steps:,}")
        if not 0 <= hc.seed <= limits.MAX_SEED:
            raise UsageError(f"--hypothesis-seed is from 0 to {limits.MAX_SEED:,}, got {hc.seed:,}")
        require_hypothesis(hc.backend)
    if cfg.fuzz is not None and (cfg.fuzz.games > limits.MAX_GAMES or cfg.fuzz.max_steps > limits.MAX_FUZZ_STEPS):
        raise UsageError(f"--fuzz takes at most {limits.MAX_GAMES:,} games and --fuzz-steps at most "
                         f"{limits.MAX_FUZZ_STEPS:,} steps, got {cfg.fuzz.games:,} and {cfg.fuzz.max_steps:,}")
    if cfg.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {cfg.jobs}")
    if cfg.jobs > limits.MAX_JOBS:
        raise UsageError(f"--jobs runs at most {limits.MAX_JOBS} engine processes side by side, got {cfg.jobs:,}")
    if cfg.maxfail < 0:
        raise UsageError(f"--maxfail must be 0 (never stop) or more, got {cfg.maxfail}")
    if cfg.list_only:
        return
    for path in cfg.reports:
        check_output_path(path, "--report")
    for optional, what in ((cfg.junit, "--junit"), (cfg.results, "--results"),
                           (cfg.write_expect, "--write-expect")):
        if optional is not None:
            check_output_path(optional, what)
    from riskspec.safeio import check_output_dir
    if cfg.fuzz is not None and cfg.fuzz.save_dir is not None:
        check_output_dir(cfg.fuzz.save_dir, "--fuzz-save", error=ReportPathError)
    if cfg.fuzz is not None and cfg.fuzz.journal is not None:
        check_output_path(cfg.fuzz.journal, "--fuzz-journal")
    if cfg.hypothesis is not None:
        for folder, what in ((cfg.hypothesis.save_dir, "--fuzz-save"),
                             (cfg.hypothesis.database, "--hypothesis-db")):
            if folder is not None:
                check_output_dir(folder, what, error=ReportPathError)


def select_cases(cfg: CheckConfig) -> list[Any]:
    """The selected cases; an unknown variant or a glob that selects nothing is a UsageError."""
    cases = load_cases(cfg.vectors or None)
    if cfg.variant and not any(c.variant == cfg.variant for c in cases):
        known = ", ".join(sorted({c.variant for c in cases}))
        raise UsageError(f"--variant {cfg.variant!r}: no case of that variant (variants: {known})")
    pool = select(cases, variant=cfg.variant)
    for glob in cfg.select:
        if not select(pool, select=[glob]):
            raise UsageError(f"--select {glob!r} matches no case ID or covered rule"
                             + (f" of variant {cfg.variant}" if cfg.variant else "")
                             + " (see `riskspec check --list`)")
    chosen = select(pool, select=cfg.select, skip=cfg.skip)
    if not chosen:
        raise UsageError("the selection is empty: --skip leaves no case to run")
    return chosen


def _fuzz_only(cfg: CheckConfig) -> bool:
    return ((cfg.fuzz is not None and cfg.fuzz.only)
            or (cfg.hypothesis is not None and cfg.hypothesis.only)) and not cfg.list_only


def run_meta(cfg: CheckConfig, fuzz_only: bool) -> dict[str, Any]:
    """The report's top-level fields known before the engine answers."""
    return {"command": cfg.command or " ".join(cfg.argv), "argv": list(cfg.argv), "protocol": PROTOCOL,
            "transport": "in-process" if cfg.in_process else "stdio",
            "engine": None, "selection": {"variant": cfg.variant, "select": list(cfg.select),
                                          "skip": list(cfg.skip)}, "rerun": rerun_command(cfg),
            **({"fuzz_only": True} if fuzz_only else {}), **cfg.extra_meta}


def report_writer(cfg: CheckConfig, cases: Sequence[Any], meta: dict[str, Any]) -> ReportWriter:
    """The writer of every report, JUnit file and journal this run asked for."""
    variants = sorted({c.variant for c in cases} | ({cfg.variant} if cfg.variant else set()))
    rules = spec_rules(variants)
    if cfg.select or cfg.skip:  # a partial run speaks only of the rules it selected
        rules = {rid: info for rid, info in rules.items()
                 if (not cfg.select or any(fnmatch.fnmatchcase(rid, g) for g in cfg.select))
                 and not any(fnmatch.fnmatchcase(rid, g) for g in cfg.skip)}
    return ReportWriter(reports=cfg.reports, junit=cfg.junit, journal=cfg.results, meta=meta,
                        rules=rules, planned=len(cases))


def check(cfg: CheckConfig, out: IO[str], err: IO[str]) -> tuple[int, dict]:
    """Run the campaign; return (exit status, final report).

    Exit status 0 only if cases were executed, every selected case has a result, and none
    failed; 1 otherwise. Usage problems raise :class:`UsageError` before any case runs."""
    validate_config(cfg)
    fuzz_only = _fuzz_only(cfg)
    cases = [] if fuzz_only else select_cases(cfg)
    if cfg.list_only:
        for c in cases:
            out.write(f"{c.id}\t{','.join(c.covers)}\t{c.title}\n")
        return 0, {}
    expectations = Expectations.load(cfg.expect) if cfg.expect else None
    meta = run_meta(cfg, fuzz_only)
    writers = [report_writer(cfg, cases, meta)]
    progress = None if cfg.quiet else progress_printer(len(cases), err)
    campaign: Campaign

    def on_result(res: Any) -> None:
        if campaign.handshake is not None:
            for w in writers:
                w.meta["engine"] = campaign.handshake.get("engine")
                w.meta["capabilities"] = campaign.handshake.get("capabilities")
        for w in writers:
            w.add(res)
        if progress:
            progress(res)

    # In-process, the cases would share one interpreter: threads only contend for it (``--jobs
    # 2`` measured 1.20× slower than 1), so the cases run one after the other.
    jobs = 1 if cfg.in_process else cfg.jobs
    campaign = Campaign(cfg.argv, cases, options=RunOptions(jobs=jobs, timeout=cfg.timeout,
                                                            handshake_timeout=cfg.handshake_timeout,
                                                            case_timeout=cfg.case_timeout,
                                                            maxfail=cfg.maxfail),
                        on_result=on_result, expectations=expectations, cwd=cfg.cwd, env=cfg.env,
                        client_factory=reference_client if cfg.in_process else None)
    results = campaign.run()
    not_run = campaign.not_run()
    handshake = campaign.handshake
    fuzzed: dict[str, Any] = {}
    if cfg.fuzz is not None:
        def stream(section: dict[str, Any]) -> None:   # findings so far, into every report
            for w in writers:
                w.update_meta(fuzz=section)

        section, fuzz_handshake = run_fuzz(cfg, expectations, err, on_section=stream)
        handshake = handshake or fuzz_handshake
        fuzzed = {"fuzz": section}
    hypo_lines: list[str] = []
    if cfg.hypothesis is not None:
        hypo_section, hypo_lines, hypo_handshake = run_hypothesis(cfg, expectations, err)
        handshake = handshake or hypo_handshake
        fuzzed["hypothesis"] = hypo_section
    final: dict = {}
    for w in writers:
        final = w.close(order=[c.id for c in cases], complete=not not_run and not campaign.run_errors,
                        not_run=not_run, run_errors=campaign.run_errors,
                        stopped_early=campaign.stopped, engine_faults=campaign.engine_faults,
                        restarts=campaign.restarts,
                        **({"stray_processes_killed": campaign.strays_killed}
                           if campaign.strays_killed else {}),
                        engine=(handshake or {}).get("engine"),
                        capabilities=(handshake or {}).get("capabilities"),
                        unused_expectations=expectations.unused() if expectations else [], **fuzzed)
    print_failures(final, err)  # --quiet hides progress, never what failed
    if not cfg.quiet and not fuzz_only:
        print_summary(final, out)
    eng = final.get("engine") or {}
    if final.get("fuzz"):
        from riskspec.conformance.fuzz_report import print_lines
        for line in print_lines(final["fuzz"]):
            out.write(line + "\n")
    for line in hypo_lines:
        out.write(line + "\n")
    if not fuzz_only:
        out.write(f"riskspec check: {eng.get('name', '?')} {eng.get('version', '')} "
                  f"({meta['transport']}): {summary_line(final)} ({len(results)} cases")
        if final.get("reach"):
            out.write(f"; reach {final['reach']['reached']}/{final['reach']['claimed']} claimed rules")
        if final.get("rules_not_claimed"):
            out.write(f"; {len(final['rules_not_claimed'])} rules not claimed")
        if campaign.restarts:
            out.write(f"; engine restarted {campaign.restarts} times")
        if campaign.strays_killed:
            out.write(f"; killed {campaign.strays_killed} processes of the engine that still "
                      f"held its output (a daemon)")
        out.write(")\n")
    unchecked = unchecked_reason(final)
    if unchecked:
        out.write(f"riskspec check: NOT A PASS: {unchecked}"
                  + (" (--maxfail stopped the run)" if campaign.stopped else "") + "\n")
    code = 1 if unchecked or any(r.outcome in BAD for r in results) \
        or (final.get("fuzz") or {}).get("unexpected") \
        or (final.get("hypothesis") or {}).get("unexpected") else 0
    unreached = (final.get("reach") or {}).get("not_reached") or {}
    if cfg.strict_reach and unreached and not fuzz_only:
        out.write(f"riskspec check: --strict-reach: {len(unreached)} claimed rule(s) not reached: "
                  f"{', '.join(list(unreached)[:8])}{' …' if len(unreached) > 8 else ''} "
                  f"(the report's 'Claimed, not reached' says why)\n")
        code = 1
    if cfg.write_expect:
        n = write_expectations(cfg.write_expect, results, f"{eng.get('name', '?')} {eng.get('version', '')}")
        out.write(f"wrote {n} known failures to {cfg.write_expect}\n")
    for w in writers:
        for path, why in w.write_errors.items():
            err.write(f"riskspec check: could not write {path}: {why}\n")
            code = 2
    return code, final


def run_fuzz(cfg: CheckConfig, expectations: Expectations | None, err: IO[str], *,
             on_section: Callable[[dict[str, Any]], None] | None = None) -> tuple[dict[str, Any], dict | None]:
    """Differential games against the reference (``cfg.fuzz``), split across ``workers``
    processes or a Dask cluster; the report's ``fuzz`` section and the engine's handshake.
    ``on_section`` gets the section so far after every chunk of games.  An engine that cannot
    be fuzzed is a note, never a traceback."""
    from riskspec.conformance.client import reference_client
    from riskspec.conformance.fuzz_campaign import CampaignOptions, EngineSpec, FuzzPlan, run_fuzz_campaign
    from riskspec.conformance.fuzz_report import fuzz_section
    from riskspec.conformance.properties import FuzzResult, FuzzStats, reference_label
    fz = cfg.fuzz
    assert fz is not None
    where = (f"on Dask ({fz.dask or 'a local cluster'})" if fz.dask is not None
             else f"on {fz.workers} processes" if fz.workers > 1 else "in this process")
    err.write(f"riskspec check --fuzz: {fz.games} seeded games (seed {fz.seed}) of up to {fz.max_steps} "
              f"steps {where}, engine against {reference_label()} …\n")
    bar = Progress.for_args(cfg.quiet, False, stream=cast(TextIO, err))
    replay = replay_command(cfg)

    def section(res: FuzzResult) -> dict[str, Any]:
        return fuzz_section(res, games=fz.games, max_steps=fz.max_steps, seed=fz.seed, replay=replay)

    handshake = None
    spec = EngineSpec(argv=tuple(cfg.argv), in_process=cfg.in_process, timeout=cfg.timeout,
                      handshake_timeout=cfg.handshake_timeout, cwd=cfg.cwd,
                      env=tuple(sorted(cfg.env.items())) if cfg.env is not None else None)
    plan = FuzzPlan(games=fz.games, max_steps=fz.max_steps, seed=fz.seed,
                    variants=(cfg.variant,) if cfg.variant else None)
    opts = CampaignOptions(workers=fz.workers, dask=fz.dask, journal=fz.journal, save_dir=fz.save_dir,
                           expectations=expectations,
                           progress=lambda p: bar.show(p.line(), p.done / max(1, p.planned)),
                           on_update=(lambda res: on_section(section(res))) if on_section else None)
    client: Any = reference_client() if cfg.in_process else spec.client()
    try:
        with client as engine:
            res = run_fuzz_campaign(spec, engine, plan, opts)
            handshake = engine.capabilities.handshake if engine.capabilities is not None else None
    except EngineFault as fault:
        res = FuzzResult([], FuzzStats(), 0, [f"the engine cannot be fuzzed: {fault.kind}: {fault}"], 0.0,
                         reference_label())
    finally:
        bar.done()
    return section(res), handshake


def run_hypothesis(cfg: CheckConfig, expectations: Expectations | None,
                   err: IO[str]) -> tuple[dict[str, Any], list[str], dict | None]:
    """The Hypothesis state machine against the reference (``cfg.hypothesis``): the report's
    ``hypothesis`` section, the lines to print, and the engine's handshake."""
    from riskspec.conformance.client import reference_client
    from riskspec.conformance.properties import reference_label
    from riskspec.conformance.stateful import (
        adapter_client,
        hypothesis_check,
        load_adapter,
        report_lines,
        save_found,
    )
    hc = cfg.hypothesis
    assert hc is not None
    err.write(f"riskspec check --hypothesis: {hc.examples} examples of up to {hc.max_steps} steps "
              f"({hc.backend} backend), engine against {reference_label()} …\n")
    client: Any
    if hc.python_engine:
        client = adapter_client(load_adapter(hc.python_engine))
    elif cfg.in_process:
        client = reference_client()
    else:
        client = EngineClient(cfg.argv, timeout=cfg.timeout,
                              handshake_timeout=cfg.handshake_timeout or max(cfg.timeout, 10),
                              cwd=cfg.cwd, env=cfg.env)
    handshake = None
    try:
        with client as engine:
            res = hypothesis_check(engine, reference_client(), examples=hc.examples,
                                   max_steps=hc.max_steps, seed=hc.seed, database=hc.database,
                                   backend=hc.backend, variants=[cfg.variant] if cfg.variant else None,
                                   derandomize=hc.derandomize)
            handshake = engine.capabilities.handshake if engine.capabilities is not None else None
    except EngineFault as fault:
        why = f"the engine cannot be checked: {fault.kind}: {fault}"[:300]
        return ({"examples": 0, "steps": 0, "unexpected": 0, "backend": hc.backend, "notes": [why]},
                [f"riskspec check --hypothesis: NOT A PASS: {why}"], None)
    if hc.save_dir is not None:
        save_found(res, hc.save_dir)
    d = res.divergence
    known = None
    if d is not None and expectations is not None:
        hit = expectations.match(d.case_id, [d.rule])
        known = hit.get("reason") if hit else None
    section: dict[str, Any] = {
        "backend": hc.backend, "examples": res.examples, "examples_planned": hc.examples,
        "max_steps": hc.max_steps, "starts": res.starts, "steps": res.stats.steps,
        "legal_checks": res.stats.legal_checks, "outcome_checks": res.stats.outcome_checks,
        "probes": res.stats.probes, "seconds": round(res.seconds, 1),
        "database": str(res.database) if res.database else None, "notes": res.notes,
        "unexpected": int(d is not None and known is None), "known": int(known is not None),
        "findings": [] if d is None else [{
            "case": d.case_id, "kind": d.kind, "rule": d.rule, "what": d.what,
            "outcome": "xfail" if known else "fail", "steps": len(res.case.get("steps", [])),
            "start": d.start.label if d.start else None,
            **({"reason": known} if known else {}), **({"path": str(res.path)} if res.path else {})}],
    }
    import shlex
    replay = replay_command(cfg) if not hc.python_engine else \
        f"riskspec check --engine {shlex.quote('python ' + hc.python_engine.split(':')[0])}"
    lines = report_lines(res, replay=replay)
    if known:
        lines.append(f"  KNOWN (the expectations file lists it): {known}")
    return section, lines, handshake


def probe_engine(cfg: CheckConfig) -> None:
    """Start the engine once and read its handshake before any case runs: an engine that
    cannot start or never completes a handshake stops the run at once with one line
    (:class:`EngineUnusable`, exit 2) instead of one error per case.  The reports, JUnit file
    and journal asked for are still written, saying the handshake failed and why (CI has
    something to show).  ``riskspec check`` calls it first; :func:`check` alone records a
    start failure per case."""
    validate_config(cfg)  # usage errors first: options, selection, expectations file
    if cfg.expect:        # a bad --expect is said before the vector files are read
        Expectations.load(cfg.expect)
    fuzz_only = _fuzz_only(cfg)
    cases = [] if fuzz_only else select_cases(cfg)
    if cfg.in_process or (cfg.hypothesis is not None and cfg.hypothesis.python_engine):
        return            # an engine in this process: nothing to start
    client = EngineClient(cfg.argv, timeout=cfg.timeout, handshake_timeout=cfg.handshake_timeout,
                          cwd=cfg.cwd, env=cfg.env)
    try:
        client.start()
    except EngineFault as exc:
        last = next((ln for ln in reversed(exc.stderr_tail.splitlines()) if ln.strip()), "")
        hint = ("is it installed and on PATH? the command runs without a shell"
                if exc.kind == "start" else "it must print the riskspec/1 handshake as its first "
                "line (see docs/protocol.md)")
        written = _write_unusable(cfg, cases, fuzz_only, exc)
        raise EngineUnusable(f"the engine {' '.join(cfg.argv)!r} cannot be checked: {exc}"
                             + (f" (its stderr: {last[:200]!r})" if last else "")
                             + f"; {hint}; nothing was run"
                             + (f"; written, saying why: {written}" if written else "")) from None
    finally:
        client.close()


def _write_unusable(cfg: CheckConfig, cases: Sequence[Any], fuzz_only: bool, exc: EngineFault) -> str:
    """Write the requested reports of a run whose engine failed its handshake: no result,
    ``complete: false``, the fault in ``handshake`` and ``run_errors``; which files were
    written ("" if none was asked for or none could be)."""
    if not cfg.reports and cfg.junit is None and cfg.results is None:
        return ""
    from riskspec.conformance.untrusted import clean_text
    why = f"the engine failed its handshake ({exc.kind}): {exc}"
    meta = run_meta(cfg, fuzz_only)
    meta["handshake"] = {"ok": False, "fault": exc.kind, "message": clean_text(str(exc), limit=2000),
                         "stderr": clean_text(exc.stderr_tail[-4000:], limit=4000)}
    try:
        writer = report_writer(cfg, cases, meta)
        writer.close(order=[c.id for c in cases], complete=False, not_run=[c.id for c in cases],
                     run_errors=[why])
    except (OSError, ReportPathError):
        return ""
    names = [str(p) for p in [*cfg.reports, cfg.junit, cfg.results] if p is not None
             and str(p) not in writer.write_errors]
    return ", ".join(names)
