"""``riskspec check``: run the conformance suite against an engine through the protocol."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from riskspec import limits
from riskspec.errors import RiskspecError

EPILOG = """\
examples:
  riskspec check                                   the built-in reference engine, in-process
  riskspec check --engine "riskspec engine"        the same engine over stdio, like any other
  riskspec check --engine "node my-engine.js"      your engine, started without a shell
  riskspec check --engine "./engine --quiet" --report out/report.md --junit out/junit.xml
  riskspec check --engine "python3 eng.py" --select "classic.attack.*" --jobs 2
  riskspec check --engine "./engine" --write-expect known.json     start an expectations file
  riskspec check --engine "./engine" --expect known.json           known failures become xfail
  riskspec check --engine "./engine" --strict-reach     fail if a claimed rule gets no case
  riskspec check --engine "./engine" --fuzz 100    then 100 seeded random games against the reference
  riskspec check --engine "./engine" --fuzz 100000 --fuzz-only --workers 8 --fuzz-journal fz.jsonl
                                                   split across 8 processes; rerun to resume
  riskspec check --engine "./engine" --fuzz 100000 --fuzz-only --dask tcp://sched:8786
                                                   on a Dask cluster (--dask alone: a local one)
  riskspec check --engine "./engine" --fuzz 100 --fuzz-only --expect known.json
                                                   only the fuzzing; known divergences are xfail
  riskspec check --engine "./engine" --hypothesis 200 --hypothesis-only
                                                   a Hypothesis state machine against the reference;
                                                   a failure is shrunk to a minimal vector and saved
  riskspec check --python-engine my_engine.py:MyAdapter --hypothesis 20 --hypothesis-backend crosshair
                                                   the same machine on a riskspec.adapter engine in this
                                                   process, its choices searched symbolically (CrossHair)

Each case ends as pass, fail, error (protocol fault, engine error, or an answer
the suite refuses: not strict JSON, nested deeper than 64, a line over 32 MiB,
over 100,000 actions), timeout (no answer within --timeout, or the whole case
past --case-timeout), skip (not claimed by the engine's handshake), xfail or
xpass (listed in the expectations file). Reports are rewritten after every case,
so a run that is killed still leaves a valid partial report ("complete": false);
engine text in them is cleaned (control characters, ANSI codes, bad Unicode).

Exit status: 0 cases were run, every selected case has a result and every claimed
case passed (or was an expected failure); 1 something failed, or nothing was
checked (no case executed, results missing); 2 usage error (said before any case
runs: empty --engine, bad timeout, unwritable or special report path, unknown
--variant, --select matching nothing, malformed --vectors/--expect file), a
report that could not be written, or an engine that cannot start or complete its
handshake (the --report, --junit and --results files are still written, saying
the handshake failed and why).
See docs/protocol.md for the protocol and how to write an adapter.
"""


def _add_campaign(p: argparse.ArgumentParser, flag: str, *, steps: int, count_help: str,
                  steps_help: str, seed_help: str) -> None:
    """A campaign's three options: ``--FLAG N`` (how many, 0: none), ``--FLAG-steps S`` and
    ``--FLAG-seed SEED`` (default 0)."""
    p.add_argument(f"--{flag}", metavar="N", type=int, default=0, help=count_help)
    p.add_argument(f"--{flag}-steps", metavar="S", type=int, default=steps, help=steps_help)
    p.add_argument(f"--{flag}-seed", metavar="SEED", type=int, default=0, help=seed_help)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check", help="run the conformance suite against an engine",
        description="Drive an engine (any language) through the riskspec/1 JSON Lines protocol, "
                    "run every test vector it claims, and say exactly which rules it breaks: the "
                    "case ID, the rules it covers and a field-level diff. Without --engine it "
                    "checks the built-in reference engine in this process (no subprocess); "
                    "the report's transport says which ran.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", metavar="CMD",
                   help='engine command line, split like a shell would (shlex) but run without one, '
                        'e.g. "node engine.js --fast"')
    p.add_argument("--variant", metavar="V", help="only cases of this variant (e.g. classic)")
    p.add_argument("--select", metavar="GLOB", action="append", default=[],
                   help="only cases whose ID or a covered rule matches (repeatable), e.g. 'classic.attack.*'")
    p.add_argument("--skip", metavar="GLOB", action="append", default=[],
                   help="leave out cases whose ID or a covered rule matches (repeatable)")
    p.add_argument("--vectors", metavar="PATH", action="append", type=Path, default=[],
                   help="vector files or folders (default: the shipped vectors)")
    p.add_argument("--expect", metavar="FILE", type=Path,
                   help="expectations file: known failures with reasons (xfail / xpass)")
    p.add_argument("--write-expect", metavar="FILE", type=Path,
                   help="after the run, write the current failures as a starting expectations file")
    p.add_argument("--report", metavar="FILE", type=Path, action="append", default=[],
                   help="write a report: .json (machine) or .md (human); repeatable")
    p.add_argument("--junit", metavar="FILE", type=Path, help="write JUnit XML for CI dashboards")
    p.add_argument("--results", metavar="FILE.jsonl", type=Path,
                   help="append each result as a JSON line the moment its case ends")
    p.add_argument("--jobs", "-j", metavar="N", type=int, default=1,
                   help=f"engine processes to run side by side (default 1, at most {limits.MAX_JOBS}); "
                        "the built-in reference checked in-process (no --engine) runs its cases one after the other "
                        "whatever N, as threads over one interpreter only slow it down: "
                        "--engine \"riskspec engine\" --jobs N runs N engine processes")
    p.add_argument("--timeout", metavar="S", type=float, default=10.0,
                   help="seconds to wait for each response (default 10)")
    p.add_argument("--handshake-timeout", metavar="S", type=float, default=None,
                   help="seconds to wait for the handshake (default: max(timeout, 10))")
    p.add_argument("--case-timeout", metavar="S", type=float, default=300.0,
                   help="seconds one whole case may take, all its requests together (default 300): "
                        "a case past it (a slow perft …) is a timeout")
    p.add_argument("--maxfail", metavar="N", type=int, default=0,
                   help="stop after N failing cases (the rest are not run; the report says so)")
    _add_campaign(p, "fuzz", steps=200,
                  count_help="after the vectors, play N seeded random games on the engine and the "
                             "reference side by side, from positions across the whole game of every "
                             "variant it claims, under readings it claims: legal-action sets, chance "
                             "odds and every observable field compared at each step, illegal and "
                             "malformed actions probed. Each distinct divergence is shrunk and saved "
                             "as a vector you can replay with --vectors; the findings go into --report "
                             f"and --junit too. No extra package needed. At most {limits.MAX_GAMES:,} games",
                  steps_help=f"most random steps per fuzzed game (default 200, at most "
                             f"{limits.MAX_FUZZ_STEPS:,})",
                  seed_help=f"seed for --fuzz (default 0: the same games every run; 0 to "
                            f"{limits.MAX_SEED:,})")
    p.add_argument("--fuzz-only", action="store_true",
                   help="with --fuzz: skip the vectors, only fuzz")
    p.add_argument("--workers", metavar="N", type=int, default=None,
                   help="with --fuzz: processes the games are split across (default: the CPU count; "
                        "1: this process). The same seed finds the same divergences however many")
    p.add_argument("--dask", metavar="ADDRESS", nargs="?", const="", default=None,
                   help="with --fuzz: run the games on a Dask distributed cluster (pip install "
                        "'riskspec[dask]'): the scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786), or "
                        "without ADDRESS a local cluster of --workers processes. The engine command "
                        "must run on every worker")
    p.add_argument("--fuzz-journal", metavar="FILE", type=Path, default=None,
                   help="with --fuzz: record each finished game in FILE (JSON lines); run again with "
                        "the same FILE and options after an interruption to play only the games "
                        "it lacks (same result as an uninterrupted run)")
    p.add_argument("--fuzz-save", metavar="DIR", type=Path, default=Path("riskspec-found"),
                   help="where --fuzz and --hypothesis save each divergence as a vector file "
                        "(default ./riskspec-found)")
    _add_campaign(p, "hypothesis", steps=50,
                  count_help="after the vectors, run a Hypothesis state machine for N examples: Hypothesis "
                             "chooses the game (claimed variants, readings, player counts), every action "
                             "and chance outcome, and malformed actions; after each step the engine must "
                             "agree with the reference and keep the generic invariants (armies, owners, "
                             "cards, phase order, refusals change nothing). A failure is shrunk to a "
                             "minimal action sequence, printed as a vector naming the rule, and saved in "
                             "--fuzz-save for --vectors. Needs pip install \"riskspec[hypothesis]\". "
                             f"At most {limits.MAX_HYPOTHESIS_EXAMPLES:,} examples",
                  steps_help=f"most steps per Hypothesis example (default 50, at most "
                             f"{limits.MAX_HYPOTHESIS_STEPS:,})",
                  seed_help=f"seed of the start positions the machine chooses among (default 0; "
                            f"0 to {limits.MAX_SEED:,})")
    p.add_argument("--hypothesis-db", metavar="DIR", type=Path, default=None,
                   help="the Hypothesis example database: a found failure is replayed first on the "
                        "next run (default: $RISKSPEC_HYPOTHESIS_DB, else ~/.cache/riskspec/hypothesis; "
                        "one folder per engine handshake)")
    p.add_argument("--no-hypothesis-db", action="store_true",
                   help="no example database: nothing is read or written")
    p.add_argument("--hypothesis-backend", choices=("hypothesis", "crosshair"), default="hypothesis",
                   help="crosshair: CrossHair searches the choices symbolically (needs pip install "
                        "\"riskspec[symbolic]\"; slow: meant for --python-engine, see docs/properties.md)")
    p.add_argument("--hypothesis-only", action="store_true",
                   help="with --hypothesis: skip the vectors, only run the machine")
    p.add_argument("--hypothesis-derandomize", action="store_true",
                   help="with --hypothesis: the same examples on every run (Hypothesis derandomized, "
                        "no example database), so that a CI job passes or fails the same way each time")
    p.add_argument("--python-engine", metavar="FILE.py[:CLASS]",
                   help="with --hypothesis: a Python engine written on riskspec.adapter, run in this "
                        "process instead of --engine (implies --hypothesis-only)")
    p.add_argument("--strict-reach", action="store_true",
                   help="fail the run (exit 1) when a rule the handshake claims is reached by no "
                        "case (every case of it skipped, or none covers it); the summary line "
                        "always prints the reach, the report lists each such rule and why")
    p.add_argument("--list", action="store_true", help="list the selected cases and exit")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress lines on stderr")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from riskspec.conformance.check import (
        CheckConfig,
        FuzzConfig,
        HypothesisConfig,
        probe_engine,
        run_check,
    )
    from riskspec.conformance.client import python_engine_argv

    if args.engine is not None:  # "" (an unset variable?) is an error, not the reference engine
        try:
            argv = shlex.split(args.engine)
        except ValueError as exc:
            raise RiskspecError(f"--engine: cannot split {args.engine!r}: {exc}") from exc
        if not argv or not argv[0].strip():
            raise RiskspecError(f"--engine: empty command {args.engine!r} (is the variable holding "
                                f"it unset?); omit --engine to check the built-in reference engine")
    else:
        argv = python_engine_argv()
    in_process = args.engine is None   # the built-in reference, checked in this process
    hypothesis = None
    if args.hypothesis > 0:
        from riskspec.conformance.stateful import default_database
        hypothesis = HypothesisConfig(
            examples=args.hypothesis, max_steps=args.hypothesis_steps, seed=args.hypothesis_seed,
            database=None if args.no_hypothesis_db else (args.hypothesis_db or default_database()),
            backend=args.hypothesis_backend, save_dir=args.fuzz_save,
            only=args.hypothesis_only or bool(args.python_engine), python_engine=args.python_engine,
            derandomize=args.hypothesis_derandomize)
    cfg = CheckConfig(argv=argv, in_process=in_process,
                      command=args.engine or (f"{args.python_engine} (Python engine, in-process)"
                                              if args.python_engine else "built-in reference engine"),
                      variant=args.variant, select=args.select, skip=args.skip,
                      vectors=args.vectors, expect=args.expect, write_expect=args.write_expect,
                      reports=args.report, junit=args.junit, results=args.results, jobs=args.jobs,
                      timeout=args.timeout, handshake_timeout=args.handshake_timeout,
                      case_timeout=args.case_timeout, maxfail=args.maxfail, list_only=args.list,
                      quiet=args.quiet, strict_reach=args.strict_reach, rerun=_rerun(args), replay=_rerun(args, vectors=False),
                      fuzz=FuzzConfig(games=args.fuzz, max_steps=args.fuzz_steps, seed=args.fuzz_seed,
                                      save_dir=args.fuzz_save, only=args.fuzz_only,
                                      workers=_workers(args), dask=args.dask, journal=args.fuzz_journal)
                      if args.fuzz > 0 else None, hypothesis=hypothesis)
    if args.hypothesis_only and args.hypothesis <= 0:
        raise RiskspecError("--hypothesis-only needs --hypothesis N")
    if args.python_engine and args.hypothesis <= 0:
        raise RiskspecError("--python-engine needs --hypothesis N")
    if args.fuzz_only and args.fuzz <= 0:
        raise RiskspecError("--fuzz-only needs --fuzz N")
    if args.hypothesis < 0 or args.hypothesis_steps < 1:
        raise RiskspecError("--hypothesis needs N >= 1 examples and --hypothesis-steps at least 1")
    if args.fuzz < 0 or args.fuzz_steps < 1:
        raise RiskspecError("--fuzz needs N >= 1 games and --fuzz-steps at least 1")
    if not args.list:
        probe_engine(cfg)  # an engine that cannot start: one line, exit 2, nothing run
    return run_check(cfg, out=sys.stdout, err=sys.stderr)


def _workers(args: argparse.Namespace) -> int:
    import os
    if args.workers is not None and args.workers < 1:
        raise RiskspecError(f"--workers must be at least 1, got {args.workers}")
    return args.workers if args.workers is not None else max(1, os.cpu_count() or 1)


def _rerun(args: argparse.Namespace, *, vectors: bool = True) -> str:
    """The command that reruns part of this run: same engine, vectors (unless not ``vectors``:
    for a fuzz vector's ``--vectors FOUND``) and timeouts."""
    parts = ["riskspec", "check"]
    if args.engine is not None:
        parts += ["--engine", args.engine]
    for v in args.vectors if vectors else ():
        parts += ["--vectors", str(v)]
    if args.timeout != 10.0:
        parts += ["--timeout", f"{args.timeout:g}"]
    return shlex.join(parts)
