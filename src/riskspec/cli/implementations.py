"""``riskspec implementations``: rerun the third-party engines' adapters and write their reports."""

from __future__ import annotations

import argparse

EPILOG = """\
examples:
  pip install 'riskspec[engines]'         the engines from PyPI (rlrisk, Risk)
  riskspec implementations                rerun every installed engine, rewrite its report
  riskspec implementations --engine rlrisk
  riskspec implementations --check        compare with the committed reports; exit 1 on a difference

The engines, their adapters and the explanation of every failure are listed in
conformance/engine-reports/engines.yaml; `riskspec docs build` renders the reports as the
Implementations page.
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "implementations", help="rerun the adapters of third-party engines and write their reports",
        description="Run each third-party Risk engine listed in conformance/engine-reports/engines.yaml "
                    "(installed from PyPI) through its adapter and the whole conformance suite, and "
                    "write a small deterministic report (riskspec/implementation-report@1) per engine "
                    "next to the list. An engine that is not installed is skipped with a message. A "
                    "failure that no finding of engines.yaml explains makes the exit status 1.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", action="append", default=[], metavar="ID",
                   help="only this engine (repeatable; default: all)")
    p.add_argument("--check", action="store_true",
                   help="compare with the committed reports instead of writing them; exit 1 on a difference")
    p.add_argument("--jobs", type=int, default=2, help="parallel engine processes per run (default 2)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from riskspec.conformance.implementations import regenerate
    return regenerate(args.engine, jobs=args.jobs, check_only=args.check)
