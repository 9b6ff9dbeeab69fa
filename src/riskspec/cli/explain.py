"""``riskspec explain``: one rule, ambiguity, parameter or variant in full."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from riskspec import model as m
from riskspec.boards import board_facts
from riskspec.cli.explain_map import explain_fact, known_ids
from riskspec.errors import UnknownIdError
from riskspec.loading import load_spec
from riskspec.wording import players_words


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "explain", help="print a rule, ambiguity, parameter or variant in full",
        description="Print a rule with its statement, the parameters it uses (with their values "
                    "in each variant), its sources and the ambiguities it touches. Also accepts "
                    "an ambiguity ID (readings side by side, resolution per variant), a "
                    "parameter name, a variant ID (its options and parameters), a map ID (how "
                    "many of its facts are read from a source and how many are reconstructed) "
                    "or one fact of a map or mission deck — territory, zone, empire or "
                    "continent, route, card, mission — with its provenance: the source passage, "
                    "or a plain RECONSTRUCTED mark with the reason. An unknown ID gets the "
                    "closest known ones.",
        epilog="examples:\n  riskspec explain classic.attack.defender-dice\n"
               "  riskspec explain cards.set_values\n  riskspec explain classic\n"
               "  riskspec explain napoleon-europe      # which board facts are reconstructed\n"
               "  riskspec explain andalusia            # one territory and its provenance",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("id", help="rule ID, ambiguity ID, parameter name, variant ID, map ID, or the "
                                 "ID of a territory, zone, group, route, card or mission")
    p.set_defaults(func=run)


def _wrap(text: str, indent: str = "  ") -> str:
    return "\n".join(textwrap.fill(par, 88, initial_indent=indent, subsequent_indent=indent)
                     for par in text.strip().split("\n\n"))


def _value(v: Any) -> str:
    return repr(v) if isinstance(v, str) else str(v)


def _cites(cites: tuple[m.Citation, ...], spec: m.Spec) -> list[str]:
    out = []
    for c in cites:
        src = spec.sources.get(c.source)
        out.append(f"  - {c.source} ({src.file if src else '?'}) § {c.passage}"
                   + (f" — {c.note}" if c.note else ""))
    return out


def numbers_variant(spec: m.Spec, rule: m.Rule) -> m.Variant | None:
    """The variant whose numbers a rule is told with: the first base variant that has it
    (Classic before its translated editions), else the first that has it."""
    having = [v for v in spec.variants.values() if rule.id in v.rules]
    return next((v for v in having if v.extends is None), having[0] if having else None)


def explain_rule(spec: m.Spec, rule: m.Rule) -> str:
    variants = [v for v in spec.variants.values() if rule.id in v.rules]
    first = numbers_variant(spec, rule)
    lines = [f"{rule.id} — {rule.title}", ""]
    if first is not None:
        told = players_words(rule.statement, params=first.resolve().params, spec=spec)
        differ = any(len({repr(v.resolve().params.get(pk)) for v in variants}) > 1
                     for pk in rule.parameters)
        lines += [_wrap(told), "",
                  f"  (numbers as in {first.title}"
                  + ("; other editions differ: see the parameters below" if differ else "")
                  + ")", ""]
        if told != rule.statement:
            lines += ["for implementers (the statement with its parameter names):",
                      _wrap(rule.statement), ""]
    else:
        lines += [_wrap(rule.statement), ""]
    if rule.parameters:
        lines.append("parameters:")
        for pk in rule.parameters:
            vals = {v.id: v.resolve().params.get(pk) for v in variants}
            distinct = {repr(x) for x in vals.values()}
            if len(distinct) <= 1:
                lines.append(f"  {pk} = {_value(next(iter(vals.values()), None))}")
            else:
                lines.append(f"  {pk}: " + "; ".join(f"{k}={_value(x)}" for k, x in vals.items()))
        lines.append("")
    lines.append("sources:")
    lines += _cites(rule.sources, spec) or ["  (none)"]
    if rule.reconstructed:
        lines.append(f"  reconstructed: {rule.reconstructed}")
    if rule.ambiguities:
        lines += ["", "ambiguities:"]
        for aid in rule.ambiguities:
            a = spec.ambiguities.get(aid)
            lines.append(f"  - {aid}: {a.title if a else '?'}  (riskspec explain {aid})")
    lines += ["", f"testable: {'yes' if rule.testable else 'no — ' + str(rule.untestable_reason)}",
              f"variants: {', '.join(v.id for v in variants)}",
              f"defined in: {rule.file}"]
    lines += ["", "in the reference engine (the functions citing it):"]
    lines += _engine_functions(rule.id) or ["  (no function cites it)"]
    if rule.notes:
        lines += ["", "notes:", _wrap(rule.notes)]
    return "\n".join(lines)


def _engine_functions(rule_id: str) -> list[str]:
    """One line per engine function citing the rule, with where it is (read from the
    engine's source by riskspec.reference.citations)."""
    from riskspec.reference.citations import rule_functions
    found = rule_functions().get(rule_id, [])
    width = max((len(f.qualname) for f in found), default=0)
    return [f"  {f.qualname:<{width}}  {f.where}" for f in found]


def explain_ambiguity(spec: m.Spec, a: m.Ambiguity) -> str:
    lines = [f"{a.id} — {a.title}", "", _wrap(a.question), "", "readings:"]
    for r in a.readings:
        lines.append(f"  * {r.id}: " + r.statement.strip())
        if r.parameters:
            lines.append("      sets " + ", ".join(f"{k}={_value(v)}" for k, v in r.parameters.items()))
        for c in _cites(r.sources, spec):
            lines.append("    " + c)
        if r.basis:
            lines.append(f"      basis: {r.basis}")
    lines += ["", "resolution per variant:"]
    for vid, res in a.resolutions.items():
        lines.append(f"  {vid}: {res.reading} — {res.why}")
    lines += ["", f"as an option: --option {a.id}=<reading>", f"defined in: {a.file}"]
    return "\n".join(lines)


def explain_variant(spec: m.Spec, v: m.Variant) -> str:
    lines = [f"{v.id} — {v.title}", "", _wrap(v.description or ""), "",
             f"players: {v.min_players}–{v.max_players}; map: {v.board.id} "
             f"({len(v.board.territories)} territories); rules: {len(v.rules)}; "
             f"ambiguities: {len(v.ambiguities)}"]
    rec = _reconstructed_count(v.board)
    if rec:
        lines.append(f"  the map has {rec} reconstructed facts: riskspec explain {v.board.id}")
    lines += ["", "options (name = default [choices]):"]
    for o in v.options.values():
        lines.append(f"  {o.id} = {o.default}  [{', '.join(o.choices)}]")
    lines += ["", "parameters (with defaults settled):"]
    for k, val in sorted(v.resolve().params.items()):
        lines.append(f"  {k} = {_value(val)}")
    return "\n".join(lines)


def _reconstructed_count(board: m.Board) -> int:
    return sum(1 for _, _, p in board_facts(board) if p.is_reconstructed)


def explain_parameter(spec: m.Spec, name: str) -> str | None:
    found = [(v, v.parameters[name]) for v in spec.variants.values() if name in v.parameters]
    if not found:
        return None
    p = found[0][1]
    lines = [f"{name} — parameter", "", _wrap(p.description), ""]
    if p.allowed:
        lines.append(f"allowed values: {', '.join(p.allowed)}")
    lines.append("value per variant (after its ambiguity resolutions):")
    for v, _ in found:
        lines.append(f"  {v.id}: {_value(v.resolve().params[name])}")
    users = [r.id for r in spec.rules.values() if name in r.parameters]
    lines += ["", "used by rules:"] + [f"  - {u}" for u in users]
    setters = [f"{a.id} ({r.id})" for a in spec.ambiguities.values() for r in a.readings
               if name in r.parameters]
    if setters:
        lines += ["", "set by ambiguity readings:"] + [f"  - {s}" for s in setters]
    if p.sources:
        lines += ["", "sources:"] + _cites(p.sources, spec)
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    spec = load_spec()
    ident = args.id
    if ident in spec.rules:
        print(explain_rule(spec, spec.rules[ident]))
    elif ident in spec.ambiguities:
        print(explain_ambiguity(spec, spec.ambiguities[ident]))
    elif ident in spec.variants:
        print(explain_variant(spec, spec.variants[ident]))
    else:
        text = explain_parameter(spec, ident) or explain_fact(spec, ident)
        if text is None:
            known = (list(spec.rules) + list(spec.ambiguities) + list(spec.variants)
                     + sorted({p for v in spec.variants.values() for p in v.parameters})
                     + known_ids(spec))
            raise UnknownIdError("rule, ambiguity, parameter, variant, map or map fact", ident,
                                 m.closest(ident, known, n=5), also=by_meaning(spec, ident),
                                 then="`riskspec rules` lists every rule ID")
        print(text)
    return 0


def by_meaning(spec: m.Spec, word: str, n: int = 6) -> list[str]:
    """Rules and ambiguities whose title or question contains ``word`` (as a word, any
    case): what a reader typing a topic (``neutral``) rather than an ID is looking for.
    Rules whose title has it come first, then ambiguities (at least half of the ``n``
    places when there are that many), each in spec order."""
    import re
    text = word.strip().replace("-", " ").replace("_", " ")
    if len(text) < 3:
        return []
    pattern = re.compile(r"\b" + re.escape(text), re.IGNORECASE)
    rules = [r.id for r in spec.rules.values() if pattern.search(r.title)]
    ambiguities = [a.id for a in spec.ambiguities.values()
                   if pattern.search(a.title) or pattern.search(a.question)]
    half = max(n - len(ambiguities), n // 2)
    return (rules[:half] + ambiguities)[:n]
