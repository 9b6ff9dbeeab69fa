"""``riskspec validate``: check the specification (or given files) against the schemas and the cross-file rules."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

from riskspec.loading import check_files, check_tree, default_root
from riskspec.safeio import describe_path
from riskspec.validation import check_schemas
from riskspec.wording import spec_size


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "validate",
        help="check spec files: schemas, references, borders, IDs",
        description=textwrap.fill(
            "Check the shipped specification, or the given files/folders, against the JSON "
            "Schemas and the cross-file rules (unknown territory in a border, asymmetric or "
            "duplicate border, unknown parameter or ambiguity, duplicate IDs or names, a group "
            "with no territories, counts that differ from 'expect', YAML 1.1 surprises, "
            "duplicate keys …). Every parameter value, and every value a reading or option "
            "sets, is checked against its type and range (schemas/parameters.schema.json), and "
            "the defaults and each option choice against what the engine can play together; "
            "the files a variant names must lie in its own folder. Every problem is reported "
            "as path:line:col: [code] message, with what to do; schema and cross-file problems "
            "are reported in one run.", 88)
        + "\n\nexit status:\n"
          "  0  clean: no problem found\n"
          "  1  problems found (each printed as path:line:col: [code] message)\n"
          "  2  could not run: a path that does not exist, is not a regular file or folder\n"
          "     (a FIFO or device is never opened), a symlink loop, a usage error, or an\n"
          "     internal failure (reported in one line, never a traceback)",
        epilog="examples:\n  riskspec validate\n  riskspec validate my-map.yaml\n"
               "  riskspec validate path/to/spec-folder --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                   help="files or folders to check (default: the shipped specification). A "
                        "variant file pulls in the map, rules and ambiguities it names.")
    p.add_argument("--json", action="store_true", help="print the problems as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except Exception as exc:  # noqa: BLE001 - the last guard: exit 2, one line
        # never a traceback: an input the checks did not foresee is "could not run"
        print(f"riskspec validate: could not run: internal error {type(exc).__name__}: "
              f"{str(exc)[:200]} (please report it with the file that caused it)",
              file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    problems = check_schemas()
    if args.paths:
        missing = [p for p in args.paths if not p.exists() or not (p.is_file() or p.is_dir())]
        for p in missing:
            kind = describe_path(p)
            why = ("no such file or folder" if kind == "missing" else
                   f"{kind}, not a regular file or folder (a FIFO or device is never opened)")
            print(f"{p}:1:1: [unreadable] {why}", file=sys.stderr)
        problems += check_files([p for p in args.paths if p not in missing])
        what = ", ".join(str(p) for p in args.paths)
        if missing:
            problems_count = len(problems) + len(missing)
        else:
            problems_count = len(problems)
    else:
        found, spec = check_tree(default_root(), despite_schema=True)
        problems += found
        problems_count = len(problems)
        what = f"the shipped specification ({spec_size(spec)})"
    if args.json:
        json.dump({"ok": problems_count == 0, "problems": [p.to_json() for p in problems]},
                  sys.stdout, indent=2)
        print()
    else:
        for problem in problems:
            print(problem)
        if problems_count:
            print(f"{problems_count} problem(s) in {what}", file=sys.stderr)
        else:
            print(f"ok: {what}")
    if args.paths and missing:
        return 2  # could not run on every path given
    return 1 if problems_count else 0
