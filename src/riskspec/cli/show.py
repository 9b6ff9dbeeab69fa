"""``riskspec show``: replay one conformance case on the reference engine and print it."""

from __future__ import annotations

import argparse
import fnmatch
import re
import sys
from pathlib import Path
from typing import Any

from riskspec.errors import UnknownIdError

EPILOG = """\
examples:
  riskspec show classic.attack.ties.001          before/after of one worked example
  riskspec show "classic.fortify.*"              every case whose ID matches
  riskspec show classic.attack.ties.001 --vectors my-vectors/

This is the worked example of the docs site in the terminal: the same replay on the
reference engine (positions, events, rejections and the rules behind them). To run the
case against your own engine: riskspec check --engine CMD --select CASE_ID.
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "show", help="replay a worked example (conformance case) and print before/after",
        description="Replay conformance cases on the reference engine and print, for each, "
                    "its steps with the events the engine reports (or the rejection and its "
                    "rule), and the places it touches before and after.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("case", metavar="CASE_ID", help="case ID, or a glob of IDs")
    p.add_argument("--vectors", metavar="PATH", action="append", type=Path, default=[],
                   help="vector files or folders (default: the shipped vectors)")
    p.set_defaults(func=run)


def _plain(text: str) -> str:
    """Markdown of the docs' example renderer as terminal text."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("**", "").replace("`", "").replace("*", "")
    return re.sub(r"\\(.)", r"\1", text)


def show_case(case: Any, spec: Any) -> str:
    from dataclasses import replace

    from riskspec.docsite import checked as chk
    from riskspec.docsite import position as pos
    from riskspec.docsite.example_render import (
        Ctx,
        _checks,
        _kv,
        _rejection,
        describe_action,
        table_layout,
    )
    from riskspec.docsite.examples import from_conformance
    from riskspec.docsite.trace import replay

    ex = from_conformance(case, case.file)
    ex = replace(ex, trace=replay(case))
    ctx = Ctx(ex, spec, "show")
    lines = [f"{case.id} — {case.title}", f"variant {case.variant}, {case.players} players"
             + (", options " + ", ".join(f"{k}={v}" for k, v in case.options.items())
                if case.options else "")
             + ((" (on a small test board" + (f": {case.map_why}" if case.map_why else "") + ")")
                if case.map is not None else "")]
    trace = ex.trace
    if trace is not None and trace.before is not None:
        from riskspec.notation import NotationError, write
        try:
            lines.append(f"position: {write(trace.before)}")
        except NotationError:  # a start the notation cannot write is still shown below
            pass
    lines.append("")
    if trace is None or not trace.ok:
        lines.append(f"not replayed: {trace.problem if trace else '?'}")
        return "\n".join(lines)
    why, origin = chk.why(ex, spec)
    if origin != "steps":
        lines += [f"Why: {why}", ""]
    lines.append("steps (as the reference engine plays them):")
    for i, (step, res) in enumerate(zip(case.steps, trace.steps), 1):
        lines.append(f"  {i}. {_plain(describe_action(step.get('action'), ctx))}")
        if isinstance(step.get("explain"), str):
            lines.append(f"     Why: {step['explain']}")
        if not res.accepted and res.error is not None:
            lines.append(f"     {_plain(_rejection(res.error, ctx))}")
        for ev in res.events:
            lines.append(f"     event {ev.get('type', 'event')}"
                         + (f": {_plain(_kv(ev, ctx))}" if len(ev) > 1 else ""))
        if trace.expectations_met:
            lines += [f"     Checked: {_plain(c)}" for c in _checks(step.get("expect"), ctx)]
    places, cols, marked, rest = table_layout(ex, ctx)
    if places and cols:
        rows = []
        for p in places:
            cells = [pos.cell_text(*pos.cell(ctx.before, ctx.after, p, k))
                     + (" *" if (p, k) in marked else "") for k, _ in cols]
            rows.append([ctx.names.get(p, p), *cells])
        lines += ["", "position (before → after" + ("; * checked by the case" if marked else "")
                  + "):", pos.text_table(["place", *[label.lower() for _, label in cols]], rows)]
    if rest:
        many = len(case.steps) > 1
        rows = [[w, *([when] if many else []), v]
                for w, when, v in (chk.fact_line(f, len(case.steps), ctx.names) for f in rest)]
        lines += ["", "checked (what the case's expectations name, the engine's value):",
                  pos.text_table(["what", *(["when"] if many else []),
                                  "engine (before → after)"], rows)]
    skip = {f.label for f in rest} if len(case.steps) == 1 else set()
    other = [o for o in pos.other_changes(ctx.before, ctx.after) if o[0] not in skip]
    if other:
        lines += ["", "other changes:",
                  pos.text_table(["what", "before", "after"], [list(o) for o in other])]
    if not trace.expectations_met:
        lines += ["", f"WARNING: the reference engine does not meet this case's expectations; "
                      f"run: riskspec check --select {case.id}"]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from riskspec.conformance.vectors import load_cases
    from riskspec.loading import load_spec
    from riskspec.model import closest

    cases = load_cases(args.vectors or None)
    chosen = [c for c in cases if fnmatch.fnmatchcase(c.id, args.case)]
    if not chosen:
        raise UnknownIdError("case", args.case, closest(args.case, [c.id for c in cases]))
    spec = load_spec(strict=False)
    for i, case in enumerate(chosen):
        if i:
            print("\n" + "=" * 72 + "\n")
        print(show_case(case, spec))
    sys.stdout.flush()
    return 0
