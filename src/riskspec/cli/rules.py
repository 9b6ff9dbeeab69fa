"""``riskspec rules``: list rule IDs and titles."""

from __future__ import annotations

import argparse

from riskspec.loading import load_spec


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "rules", help="list rule IDs and titles of a variant",
        description="List the rules of a variant (all variants when none is given), grouped by "
                    "section, with [untestable] and [reconstructed] marks. Use `riskspec explain "
                    "RULE_ID` to read one rule in full.",
        epilog="examples:\n  riskspec rules\n  riskspec rules classic --section attack",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant", nargs="?", help="variant ID (see `riskspec rules` for all)")
    p.add_argument("--section", help="only this section (e.g. attack, cards)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    spec = load_spec()
    variants = [spec.variant(args.variant)] if args.variant else list(spec.variants.values())
    shown: set[str] = set()
    for v in variants:
        rules = [r for r in v.rules.values() if r.id not in shown]
        if args.section:
            rules = [r for r in rules if r.section == args.section]
        if not rules:
            continue
        print(f"# {v.id}: {v.title} ({len(rules)} rules)")
        section = None
        for r in rules:
            if r.section != section:
                section = r.section
                print(f"\n  [{section}]")
            marks = "".join([" [untestable]" if not r.testable else "",
                             " [reconstructed]" if r.reconstructed else ""])
            print(f"  {r.id:<48} {r.title}{marks}")
            shown.add(r.id)
        print()
    return 0
