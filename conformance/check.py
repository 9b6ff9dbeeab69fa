"""What ``riskspec check`` does, callable from Python and from tests."""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from riskspec.conformance.expectations import Expectations, write_expectations
from riskspec.conformance.protocol import PROTOCOL
from riskspec.conformance.report import (
    ReportWriter,
    print_failures,
    print_summary,
    spec_rules,
    summary_line,
)
from riskspec.conformance.runner import BAD, Campaign, RunOptions, progress_printer
from riskspec.conformance.vectors import load_cases, select


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
    maxfail: int = 0
    list_only: bool = False
    quiet: bool = False
    cwd: str | None = None
    env: dict[str, str] | None = None
    extra_meta: dict[str, Any] = field(default_factory=dict)


def run_check(cfg: CheckConfig, out: IO[str], err: IO[str]) -> tuple[int, dict] | int:
    code, _ = check(cfg, out, err)
    return code


def check(cfg: CheckConfig, out: IO[str], err: IO[str]) -> tuple[int, dict]:
    """Run the campaign; return (exit status, final report)."""
    cases = select(load_cases(cfg.vectors or None), variant=cfg.variant,
                   select=cfg.select, skip=cfg.skip)
    if cfg.list_only:
        for c in cases:
            out.write(f"{c.id}\t{','.join(c.covers)}\t{c.title}\n")
        return 0, {}
    expectations = Expectations.load(cfg.expect) if cfg.expect else None
    variants = sorted({c.variant for c in cases} | ({cfg.variant} if cfg.variant else set()))
    meta = {"command": cfg.command or " ".join(cfg.argv), "argv": list(cfg.argv), "protocol": PROTOCOL,
            "engine": None, "selection": {"variant": cfg.variant, "select": list(cfg.select),
                                          "skip": list(cfg.skip)}, **cfg.extra_meta}
    rules = spec_rules(variants)
    if cfg.select or cfg.skip:  # a partial run speaks only of the rules it selected
        rules = {rid: info for rid, info in rules.items()
                 if (not cfg.select or any(fnmatch.fnmatchcase(rid, g) for g in cfg.select))
                 and not any(fnmatch.fnmatchcase(rid, g) for g in cfg.skip)}
    writers = [ReportWriter(reports=cfg.reports, junit=cfg.junit, journal=cfg.results, meta=meta,
                            rules=rules, planned=len(cases))]
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

    campaign = Campaign(cfg.argv, cases, options=RunOptions(jobs=cfg.jobs, timeout=cfg.timeout,
                                                            handshake_timeout=cfg.handshake_timeout,
                                                            maxfail=cfg.maxfail),
                        on_result=on_result, expectations=expectations, cwd=cfg.cwd, env=cfg.env)
    results = campaign.run()
    final: dict = {}
    for w in writers:
        final = w.close(order=[c.id for c in cases], engine_faults=campaign.engine_faults,
                        restarts=campaign.restarts,
                        engine=(campaign.handshake or {}).get("engine"),
                        capabilities=(campaign.handshake or {}).get("capabilities"),
                        unused_expectations=expectations.unused() if expectations else [])
    if not cfg.quiet:
        print_failures(final, err)
        print_summary(final, out)
    eng = final.get("engine") or {}
    out.write(f"riskspec check: {eng.get('name', '?')} {eng.get('version', '')}: {summary_line(final)}"
              f" ({len(results)} cases")
    if final.get("rules_not_claimed"):
        out.write(f"; {len(final['rules_not_claimed'])} rules not claimed")
    if campaign.restarts:
        out.write(f"; engine restarted {campaign.restarts} times")
    out.write(")\n")
    if cfg.write_expect:
        n = write_expectations(cfg.write_expect, results, f"{eng.get('name', '?')} {eng.get('version', '')}")
        out.write(f"wrote {n} known failures to {cfg.write_expect}\n")
    bad = any(r.outcome in BAD for r in results)
    return (1 if bad else 0), final
