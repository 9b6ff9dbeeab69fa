"""``riskspec vectors``: export the conformance scenarios as vector files, or list them."""

from __future__ import annotations

import argparse
from pathlib import Path

EPILOG = """\
examples:
  riskspec vectors export                 run every scenario on the reference engine, write the files
  riskspec vectors export --check         exit 1 if the committed files differ (what CI runs)
  riskspec vectors list --select 'classic.attack.*'
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "vectors", help="export or list the conformance test vectors",
        description="The conformance cases are written once, as Python scenarios run against the "
                    "reference engine (riskspec.conformance.cases_*). 'export' writes them to "
                    "conformance/vectors/<variant>/<section>.json; 'list' shows the shipped cases.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("action", choices=["export", "list"])
    p.add_argument("--out", type=Path, default=None, help="folder to export to (default: the source tree's)")
    p.add_argument("--check", action="store_true", help="with export: compare only, exit 1 on a difference")
    p.add_argument("--select", action="append", default=[], metavar="GLOB",
                   help="with list: only cases whose ID or a covered rule matches")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.action == "export":
        from riskspec.conformance.export import run as export_run
        from riskspec.conformance.export import source_vectors_dir
        return export_run(args.out or source_vectors_dir(), args.check)
    from riskspec.conformance.vectors import load_cases, select
    for c in select(load_cases(), select=args.select):
        print(f"{c.id}\t{','.join(c.covers)}\t{c.title}")
    return 0
