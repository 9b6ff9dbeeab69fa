"""``riskspec codes``: every error code an engine refuses an action with, what it means and
what to do."""

from __future__ import annotations

import argparse
import json
import textwrap

from riskspec.errors import UnknownIdError

DESCRIPTION = """\
List every error code the reference engine refuses an action with: the protocol's
error.code, which the conformance suite compares (never the message). Two kinds:

  invalid-action   the action is malformed (unknown type, missing field, unknown
                   territory, dice out of order …). The same input gets the same code
                   in every family: one parser, one list.
  illegal-action   the action is well formed but a rule forbids it now; the error also
                   names the rule (error.rule), e.g. too-many-dice citing
                   classic.attack.attacker-dice.

For each code: what it means and what to do instead. Name a code to see it in full:
the rules it is raised citing and the engine functions that raise it (read from the
reference engine's source), so you can read the check your engine must match."""

EPILOG = """\
examples:
  riskspec codes                          every code, one line each
  riskspec codes dice-order               one code in full: rules, functions, where
  riskspec codes --kind invalid-action    only the codes of malformed actions
  riskspec codes --family napoleon        only the codes the Napoléon engine raises
  riskspec codes --format json            machine-readable (code, kind, means, todo,
                                          rules, functions, families)

An engine should refuse with the reference's code and rule; `riskspec check` reports a
different code as a failure. The docs' "Error codes" page holds the same table."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("codes", help="every error code: what it means, what to do",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("code", nargs="?", help="one code to show in full (e.g. not-adjacent)")
    p.add_argument("--kind", choices=("invalid-action", "illegal-action"),
                   help="only codes of this error kind")
    p.add_argument("--family", choices=("classic", "napoleon"),
                   help="only codes the engine of this family raises")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (default) or JSON (a list of objects)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from riskspec.reference.codes import CODES, table

    if args.code is not None and args.code not in CODES:
        from riskspec.model import closest
        raise UnknownIdError("error code", args.code, closest(args.code, list(CODES)),
                             then="`riskspec codes` lists them all")
    rows = table()
    rows = [r for r in rows if (args.code is None or r["code"] == args.code)
            and (args.kind is None or r["kind"] == args.kind)
            and (args.family is None or args.family in r["families"])]
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    if args.code is not None:
        r = rows[0]
        print(f"{r['code']}  ({r['kind']}; {', '.join(r['families'])})")
        print(textwrap.fill(f"means: {r['means']}", 88, subsequent_indent="  "))
        print(textwrap.fill(f"do:    {r['todo']}", 88, subsequent_indent="  "))
        if r["rules"]:
            print("rules it is raised citing (riskspec explain RULE):")
            for rid in r["rules"]:
                print(f"  {rid}")
        print("raised by:")
        for fn in r["functions"]:
            print(f"  {fn}")
        return 0
    width = max(len(str(r["code"])) for r in rows) if rows else 0
    kind = None
    for r in rows:
        if r["kind"] != kind:
            kind = r["kind"]
            print(f"{'' if kind == rows[0]['kind'] else chr(10)}# {kind}")
        print(f"  {r['code']:<{width}}  {r['means']} — {r['todo']}")
    print(f"\n{len(rows)} code(s); `riskspec codes CODE` shows one with its rules and the "
          f"functions raising it")
    return 0
