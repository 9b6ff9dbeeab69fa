"""``riskspec engine``: serve the reference engine over the riskspec/1 protocol on stdin/stdout."""

from __future__ import annotations

import argparse

EPILOG = """\
examples:
  riskspec engine                         serve the reference engine (JSON Lines on stdin/stdout)
  echo '{"id":1,"op":"new_game","variant":"classic","players":3}' | riskspec engine
  riskspec check --engine "riskspec engine"     the same engine, checked through the protocol

The first line written is the handshake; then one response line per request
line, whatever the line: one that is not UTF-8, not strict JSON, nested deeper
than 64 or longer than 32 MiB gets a bad-request with id null; fields of the
wrong type get bad-request/bad-field or invalid-action/malformed. Responses are
strict JSON. See docs/protocol.md ("The reference server").
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "engine", help="serve the reference engine over the conformance protocol",
        description="Run the reference engine as a riskspec/1 protocol server: it writes a "
                    "handshake line, then answers one JSON request per line on stdin with one "
                    "JSON response per line on stdout, until 'quit' or end of input. Use it as a "
                    "model for your own adapter, or to compare engines side by side.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    # dev-only: serve a deliberately broken copy (suite-power tests)
    p.add_argument("--mutant", metavar="NAME", help=argparse.SUPPRESS)
    p.add_argument("--honest", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--list-mutants", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.list_mutants:
        from riskspec.conformance.mutants import MUTANTS, NAPOLEON_MUTANTS
        for m in [*MUTANTS.values(), *NAPOLEON_MUTANTS.values()]:
            print(f"{m.name}\t{m.rule}\t{m.description}")
        return 0
    from riskspec.conformance.reference_api import serve_reference
    return serve_reference(args.mutant, honest=args.honest)
