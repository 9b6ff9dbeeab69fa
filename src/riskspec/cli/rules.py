"""``riskspec rules``: list rule IDs and titles."""

from __future__ import annotations

import argparse

from riskspec.errors import UnknownIdError
from riskspec.loading import load_spec
from riskspec.model import Rule, closest
from riskspec.wording import count_of


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "rules", help="list rule IDs and titles of a variant",
        description="List the rules of a variant (all variants when none is given), grouped by "
                    "section, with [untestable] and [reconstructed] marks; each family's primary edition comes "
                    "first and the editions after it list only the rules they add. Use `riskspec explain "
                    "RULE_ID` to read one rule in full.",
        epilog="examples:\n  riskspec rules\n  riskspec rules classic --section attack\n"
               "  riskspec rules --search fortify\n  riskspec rules napoleon-basic --search 'general capture'",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant", nargs="?", help="variant ID (see `riskspec rules` for all)")
    p.add_argument("--section", help="only this section (e.g. attack, cards)")
    p.add_argument("--search", metavar="WORDS",
                   help="only rules whose ID, title or text mentions every word (e.g. "
                        "'fortify', 'ties dice'); word endings are ignored (fortify finds "
                        "fortifying)")
    p.set_defaults(func=run)


_ENDINGS = ("ications", "ication", "ying", "ies", "ing", "ed", "es", "s", "y")


def _stem(word: str) -> str:
    for end in _ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 4:
            return word[: -len(end)]
    return word


def matches(rule: Rule, words: list[str]) -> bool:
    """Every word (ending ignored, any case) occurs in the rule's ID, title, statement or notes."""
    text = " ".join([rule.id, rule.title, rule.statement, rule.notes or ""]).lower()
    return all(_stem(w) in text for w in words)


def run(args: argparse.Namespace) -> int:
    spec = load_spec()
    variants = [spec.variant(args.variant)] if args.variant else list(spec.variants.values())
    if args.section:
        sections = list(dict.fromkeys(r.section for v in variants for r in v.rules.values()))
        if args.section not in sections:
            raise UnknownIdError("section", args.section,
                                 closest(args.section, sections) or sections,
                                 then="`riskspec rules " + (args.variant or "VARIANT")
                                      + "` lists the sections")
    words = (args.search or "").lower().split()
    shown: dict[str, str] = {}  # rule ID -> the variant it was listed under
    for v in variants:
        every = [r for r in v.rules.values()
                 if (not args.section or r.section == args.section)
                 and (not words or matches(r, words))]
        rules = [r for r in every if r.id not in shown]
        if not every:
            continue
        before = sorted({shown[r.id] for r in every if r.id in shown})
        same = f"; {len(every) - len(rules)} listed above under {', '.join(before)}" \
            if before else ""
        print(f"# {v.id}: {v.title} ({count_of(len(every), 'rule')}{same})")
        if not rules:
            print()
            continue
        section = None
        for r in rules:
            if r.section != section:
                section = r.section
                print(f"\n  [{section}]")
            marks = "".join([" [untestable]" if not r.testable else "",
                             " [reconstructed]" if r.reconstructed else ""])
            print(f"  {r.id:<48} {r.title}{marks}")
            shown[r.id] = v.id
        print()
    if words:
        if not shown:
            print(f"no rule mentions {args.search!r}; try fewer or shorter words, or "
                  f"`riskspec rules` for the full list")
            return 1
        print(f"{len(shown)} rule(s) mention {args.search!r}; read one with "
              f"`riskspec explain RULE_ID`")
    return 0
