"""``riskspec notation``: a state's one-line position notation, and back."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from riskspec.errors import RiskspecError

EPILOG = """\
examples:
  riskspec notation state.json                  the line of a state (riskspec/state@1 JSON)
  riskspec notation - < state.json              the same, from standard input
  riskspec notation 'classic -0*42 A:claim 35/35/35 t0,fA,s0 - 0-43|-'
                                                the state a line stands for, as JSON
  riskspec notation classic.attack.ties.001     the line of a worked example's start
  riskspec notation position.txt --check        load it on the reference engine too

The notation is documented in docs/notation.md (the site's "Position notation" page).
"""


class StateInputError(RiskspecError):
    """A state argument that is neither a state's JSON nor a notation line."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "notation", help="a state as one line of position notation, and back",
        description="Convert between a state's JSON (riskspec/state@1) and its one-line "
                    "position notation: given JSON, print the line; given a line, print the "
                    "JSON. SOURCE is a file, '-' for standard input, a notation line, or a "
                    "worked example's case ID (its start).",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("source", metavar="SOURCE",
                   help="state file (JSON or a notation line), '-', a notation line, or a case ID")
    p.add_argument("--to", choices=["notation", "json"], default=None,
                   help="what to print (default: the other form than SOURCE's)")
    p.add_argument("--check", action="store_true",
                   help="also load the state on the reference engine (its invariants)")
    p.set_defaults(func=run)


def read_source(source: str) -> tuple[dict[str, Any], bool]:
    """(the state's JSON, whether SOURCE was written in notation)."""
    from riskspec import notation as N
    text = _text_of(source)
    if N.looks_like_notation(text):
        return N.read(text), True
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise StateInputError(f"{_name(source)}: neither a state's JSON ({exc}) nor a "
                              "position notation line") from None
    except RecursionError:
        raise StateInputError(f"{_name(source)}: JSON nested too deep") from None
    if not isinstance(data, dict):
        raise StateInputError(f"{_name(source)}: a state is a JSON object, not "
                              f"{type(data).__name__}")
    return data, False


def _name(source: str) -> str:
    return "standard input" if source == "-" else (source if len(source) < 60 else source[:57] + "…")


def _text_of(source: str) -> str:
    import os

    from riskspec import notation as N
    from riskspec.safeio import MAX_READ_BYTES, read_text
    if source == "-":
        data = sys.stdin.read(MAX_READ_BYTES + 1)
        if len(data) > MAX_READ_BYTES:
            raise StateInputError(f"standard input: more than {MAX_READ_BYTES:,} characters")
        return data
    if " " in source.strip() and N.looks_like_notation(source):
        return source
    if os.path.lexists(source):
        return read_text(source, "state file", error=StateInputError)
    if "." in source and "/" not in source:
        return _case_start(source)
    raise StateInputError(f"{source}: no such file (SOURCE is a state file, '-', a notation "
                          "line or a case ID)")


def _case_start(case_id: str) -> str:
    from riskspec.conformance.vectors import load_cases
    from riskspec.errors import UnknownIdError
    from riskspec.model import closest
    cases = {c.id: c for c in load_cases()}
    case = cases.get(case_id)
    if case is None:
        raise UnknownIdError("case", case_id, closest(case_id, list(cases)))
    return json.dumps(case_start(case))


def case_start(case: Any) -> dict[str, Any]:
    """The start state of a case (its position, or the new game it asks for), as JSON."""
    if case.state is not None:
        return dict(case.state)
    from riskspec.conformance.reference_api import ReferenceAPI
    api = ReferenceAPI()
    out: dict[str, Any] = api.to_json(api.new_game(case.variant, case.players, case.options,
                                                   map=case.map, missions=case.missions))
    return out


def run(args: argparse.Namespace) -> int:
    from riskspec import notation as N
    data, was_line = read_source(args.source)
    if args.check:
        from riskspec.reference.serial import from_dict
        from_dict(data)
    to = args.to or ("json" if was_line else "notation")
    if to == "json":
        from riskspec.reference.state import dumps
        sys.stdout.write(dumps(data) + "\n")
    else:
        sys.stdout.write(N.write(data) + "\n")
    return 0
