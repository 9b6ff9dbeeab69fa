"""One worked example as Markdown: pictures, steps, position table — all from the engine's replay.

The layout follows the CommonMark spec's examples: a number and a permanent
anchor, the input (starting position and steps) beside the output (the position
after, the events, a rejection with its rule), and a command that replays it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from riskspec import model as m
from riskspec.docsite import checked as chk
from riskspec.docsite import md
from riskspec.docsite import position as pos
from riskspec.docsite.examples import Example
from riskspec.docsite.notation_block import notation_lines, viewer_link
from riskspec.wording import SEAT_FIELDS

try:  # the reference engine's list, when it is there
    from riskspec.reference.actions import CHANCE_TYPES
except Exception:  # noqa: BLE001 - the docs must build without the engine
    CHANCE_TYPES = frozenset({"first-player", "deal", "mission", "roll", "draw"})

_BOARDS: dict[str, m.Board | None] = {}


def board_of(case: Example, spec: m.Spec) -> m.Board | None:
    """The board the case is played on: its inline map, or its variant's map."""
    if case.map is None:
        v = spec.variants.get(case.variant or "")
        return v.board if v else None
    key = json.dumps(case.map, sort_keys=True)
    if key not in _BOARDS:
        from riskspec.loading import build_inline_board
        try:
            _BOARDS[key] = build_inline_board(case.map, sources=spec.sources)
        except Exception:  # noqa: BLE001 - a broken inline map: the tables still render
            _BOARDS[key] = None
    return _BOARDS[key]


class Ctx:
    """What rendering one case needs: its board, place names and links."""

    def __init__(self, case: Example, spec: m.Spec, page: str) -> None:
        self.case, self.spec, self.page = case, spec, page
        self.board = board_of(case, spec)
        self.names: dict[str, str] = {}
        if self.board is not None:
            self.names = {t.id: t.name for t in self.board.territories}
            self.names.update({z.id: z.name for z in self.board.zones})
        trace = case.trace
        self.before = trace.before if trace and trace.ok else (case.state or None)
        self.after = trace.after if trace and trace.ok else None

    def place(self, pid: str) -> str:
        return md.cell(self.names.get(pid, pid))

    def rule(self, rid: str) -> str:
        if rid in self.spec.rules:
            return md.link(md.code(rid), self.page, md.page_of_rule(rid))
        return md.code(rid)

    def order(self) -> list[str]:
        return list(self.names) or list(pos.places_of(self.before))


def _kv(body: Mapping[str, Any], ctx: Ctx, skip: tuple[str, ...] = ("type",)) -> str:
    parts = []
    for k, v in body.items():
        if k in skip:
            continue
        if isinstance(v, str) and v in ctx.names:
            shown = ctx.place(v)
        elif isinstance(v, list) and v and all(isinstance(d, int) for d in v):
            shown = "**" + " ".join(str(d) for d in v) + "**"
        elif k in SEAT_FIELDS and isinstance(v, int) and not isinstance(v, bool):
            shown = md.cell(pos.player_label(ctx.before, v))
        else:
            shown = md.code(v)
        parts.append(f"{md.cell(k.replace('_', ' '))} {shown}")
    return ", ".join(parts)


def describe_action(action: Mapping[str, Any] | None, ctx: Ctx) -> str:
    if not isinstance(action, Mapping):
        return "Check the position"
    typ = str(action.get("type"))
    if typ == "roll":
        dice = [f"{side} rolls **{' '.join(str(d) for d in action[side])}**"
                for side in ("attacker", "defender") if isinstance(action.get(side), list)]
        rest = _kv(action, ctx, skip=("type", "attacker", "defender"))
        return "Dice: " + "; ".join(dice) + (f" ({rest})" if rest else "")
    label = "Chance" if typ in CHANCE_TYPES else "Action"
    details = _kv(action, ctx)
    return f"{label} **{md.cell(typ)}**" + (f": {details}" if details else "")


def _actions(items: Any, ctx: Ctx, limit: int = 6) -> str:
    items = items if isinstance(items, list) else []
    shown = [describe_action(a, ctx).replace("Action ", "") if isinstance(a, Mapping)
             else md.code(a) for a in items[:limit]]
    more = f" … ({len(items) - limit} more)" if len(items) > limit else ""
    return "; ".join(shown) + more


def _checks(expect: Any, ctx: Ctx) -> list[str]:
    """What the case checks at this step beyond the position (legal moves, chance, perft);
    shown only when the reference engine meets the case (so each line is its result too)."""
    if not isinstance(expect, Mapping):
        return []
    lines = []
    if "legal_count" in expect:
        lines.append(f"Legal actions now: {md.cell(expect['legal_count'])}")
    for key, label in (("legal", "The legal actions are exactly"),
                       ("legal_includes", "Legal now"), ("legal_excludes", "Not legal now")):
        if isinstance(expect.get(key), list):
            lines.append(f"{label}: {_actions(expect[key], ctx)}")
    if isinstance(expect.get("outcomes"), list):
        outs = [o for o in expect["outcomes"] if isinstance(o, Mapping)]
        shown = [f"{_actions([o.get('outcome')], ctx)} (p {md.cell(o.get('p'))})"
                 for o in outs[:6]]
        lines.append("Chance outcomes: " + "; ".join(shown)
                     + (f" … ({len(outs) - 6} more)" if len(outs) > 6 else ""))
    perft = expect.get("perft")
    if isinstance(perft, Mapping):
        lines.append(f"Game-tree count (perft) to depth {md.cell(perft.get('depth'))}: "
                     f"{md.cell(perft.get('nodes'))} leaves")
    return lines


def _rejection(err: Mapping[str, Any], ctx: Ctx) -> str:
    rule = err.get("rule")
    why = f" by rule {ctx.rule(rule)}" if isinstance(rule, str) else ""
    text = re.sub(r"^illegal action \{.*?\}: ", "", str(err.get("message") or ""))
    msg = f" ({md.cell(text)})" if text else ""
    return f"**Rejected** with {md.code(err.get('code', '?'))}{why}{msg}; nothing changes"


def touched(case: Example, ctx: Ctx, cards: bool = True) -> list[str]:
    """The places the example is about: named by its steps or expectations, or changed
    (without ``cards``, not the territories only the cards of a trade name)."""
    known = set(ctx.names) | set(pos.places_of(ctx.before))
    named: list[str] = []
    for step in case.steps:
        action = step.get("action")
        if not cards and isinstance(action, Mapping):
            action = {k: v for k, v in action.items() if k != "cards"}
        named += pos.named_places(action, known)
        exp = step.get("expect")
        if isinstance(exp, Mapping):
            named += pos.named_places(exp.get("state"), known)
    named += pos.changed_places(ctx.before, ctx.after)
    if not named:  # a check of the whole position: the places that hold something
        named = [p for p, f in pos.places_of(ctx.before).items() if not pos.blank(f)]
    return pos.ordered(named, ctx.order())


def _arrow(case: Example, ctx: Ctx) -> tuple[tuple[str, str] | None, str | None]:
    for step in case.steps:
        a = step.get("action")
        if not isinstance(a, Mapping) or a.get("type") in CHANCE_TYPES:
            continue
        src, dst = a.get("from"), a.get("to")
        if isinstance(src, str) and isinstance(dst, str) and src in ctx.names and dst in ctx.names:
            return (src, dst), None
        for key in ("territory", "zone", "to", "target"):
            place = a.get(key)   # a malformed action may name a list, a number, …
            if isinstance(place, str) and place in ctx.names:
                return None, place
    return None, None


def picture_paths(case: Example) -> tuple[str, str]:
    base = f"examples/img/{md.anchor_id(case.id)}"
    return f"{base}-before.svg", f"{base}-after.svg"


def change_path(case: Example) -> str:
    """The one picture of an example whose changes span more of the board than two pictures
    side by side can show: the position after, each change tagged ``before → after``."""
    return f"examples/img/{md.anchor_id(case.id)}-change.svg"


@dataclass(frozen=True)
class Plan:
    """What an example's pictures show: the places they are cut to, the changed and checked
    places, the action; ``single`` when one picture of the change replaces before and after."""

    focus: list[str]
    changed: list[str]
    checked: list[str]
    arrow: tuple[str, str] | None
    target: str | None
    single: bool


def picture_plan(case: Example, ctx: Ctx) -> Plan | None:
    """How the example is drawn: before and after side by side, cut to what it is about (the
    places its steps and expectations name or it changes, the action's ends) and the board
    round them as far as one of two pictures side by side reaches; or, when what it is about
    is wider than that, one picture of the change. ``None`` when it cannot be drawn."""
    from riskspec.docsite.boardsvg import PAIR_PX, view_width
    if ctx.board is None or ctx.after is None:
        return None
    core = touched(case, ctx, cards=False)
    _, _, marked, rest = table_layout(case, ctx)
    checked = sorted({p for p, _ in marked} | {f.place for f in rest if f.place})
    core += [p for p in checked if p not in core]
    arrow, target = _arrow(case, ctx)
    core += [p for p in (*(arrow or ()), *([target] if target else [])) if p not in core]
    if not core:  # a new game: the whole board, cut close to its outermost labels
        core = [*ctx.board.territory_ids, *ctx.board.zone_ids]
    changed = pos.changed_places(ctx.before, ctx.after)
    single = bool(changed) and view_width(ctx.board, core) > PAIR_PX + 0.5
    return Plan(focus=core, changed=changed,
                checked=checked, arrow=arrow, target=target, single=single)


#: how a change of each field is written on a picture of the change (after the owner's colour)
_NOTE_FORM = {"armies": "{}", "generals": "G{}", "fortifications": "F{}", "epidemics": "E{}",
              "ships": "{} ships", "admirals": "A{}"}


def change_note(ctx: Ctx, place: str) -> str:
    """A changed place's ``before → after`` as short as it reads: ``blue 5 → black 3``."""
    sides: tuple[list[str], list[str]] = ([], [])
    for key, _ in pos.FIELDS:
        bt, at, ch = pos.cell(ctx.before, ctx.after, place, key)
        if ch:
            form = _NOTE_FORM.get(key, "{}")
            for side, text in zip(sides, (bt, at)):  # a count not there is none
                side.append(form.format(text or 0) if key in _NOTE_FORM else text or "—")
    return f"{' '.join(sides[0])}{pos.ARROW}{' '.join(sides[1])}"


def pictures(case: Example, spec: m.Spec) -> dict[str, str]:
    """The example's SVG files (before and after, or one picture of the change; before alone
    when nothing changes), or none when it cannot be drawn."""
    from riskspec.docsite.boardsvg import draw
    ctx = Ctx(case, spec, case.page)
    plan = picture_plan(case, ctx)
    if plan is None or ctx.board is None:
        return {}
    ident = md.anchor_id(case.id).replace(".", "-")
    if plan.single:
        return {change_path(case): draw(
            ctx.board, state=ctx.after, changed=plan.changed, arrow=plan.arrow,
            target=plan.target, focus=plan.focus, title=f"{case.label}, the change: {case.title}",
            legend=False, ident=f"{ident}-c", caption="Before → after", checked=plan.checked,
            notes={p: change_note(ctx, p) for p in plan.changed})}
    b_path, a_path = picture_paths(case)
    out = {b_path: draw(ctx.board, state=ctx.before, arrow=plan.arrow, target=plan.target,
                        focus=plan.focus, title=f"{case.label}, before: {case.title}",
                        legend=False, ident=f"{ident}-b",
                        caption="Before" if plan.changed else "Position",
                        checked=() if plan.changed else plan.checked)}
    if plan.changed:
        out[a_path] = draw(ctx.board, state=ctx.after, changed=plan.changed, focus=plan.focus,
                           title=f"{case.label}, after: {case.title}", legend=False,
                           ident=f"{ident}-a", caption="After", checked=plan.checked)
    return out


def table_layout(case: Example, ctx: Ctx) -> tuple[list[str], list[tuple[str, str]],
                                                 set[tuple[str, str]], list[chk.Fact]]:
    """(places of the position table, its columns, its checked cells, the checked facts
    it cannot show)."""
    places = touched(case, ctx)
    after = ctx.after if ctx.after is not None else ctx.before
    cols = pos.columns(ctx.before, after, places)
    cells, rest = chk.split(case, places, [k for k, _ in cols])
    return places, cols, cells, rest


def position_table(case: Example, ctx: Ctx) -> str:
    places, cols, marked, _ = table_layout(case, ctx)
    after = ctx.after if ctx.after is not None else ctx.before
    if not places or not cols:
        return ""
    rows = []
    for p in places:
        row = [ctx.place(p)]
        for key, _ in cols:
            bt, at, ch = pos.cell(ctx.before, after, p, key)
            text = pos.cell_text(md.cell(bt), md.cell(at), ch and ctx.after is not None)
            text = f"**{text}**" if ch and ctx.after is not None else text
            row.append(f"{MARK[0]}{text}{MARK[1]}" if (p, key) in marked else text)
        rows.append(row)
    return md.table(["Place", *[label for _, label in cols]], rows)


#: how a checked cell is highlighted in a table (Material styles ``<mark>`` as a highlight)
MARK = ('<mark title="checked by the case">', "</mark>")


def checked_table(case: Example, ctx: Ctx) -> str:
    """The checked facts the position table does not show: a player's reserve or cards, the
    player to act, the phase, victory points, a place checked midway …"""
    _, _, _, rest = table_layout(case, ctx)
    if not rest:
        return ""
    steps = len(case.steps)
    rows = []
    for f in rest:
        what, when, value = chk.fact_line(f, steps, ctx.names)
        shown = f"**{md.cell(value)}**" if f.changed else md.cell(value)
        rows.append([md.cell(what), *([md.cell(when)] if steps > 1 else []),
                     f"{MARK[0]}{shown}{MARK[1]}"])
    return md.table(["What", *(["When"] if steps > 1 else []), "Engine (before → after)"], rows)


def other_table(ctx: Ctx, skip: set[str] | None = None) -> str:
    rows = [[md.cell(w), md.cell(b), f"**{md.cell(a)}**"]
            for w, b, a in pos.other_changes(ctx.before, ctx.after)
            if not skip or w not in skip]
    return md.table(["What", "Before", "After"], rows) if rows else ""


def render_case(case: Example, from_page: str, spec: m.Spec, level: int = 3) -> str:
    ctx = Ctx(case, spec, from_page)
    trace = case.trace
    title = md.cell(case.title) + (" (a rejection)" if case.negative else "")
    out = [md.heading(level, f"{case.label}: {title}", case.anchor), ""]
    vid = case.variant or "?"
    meta = [md.link(md.cell(spec.variants[vid].title), from_page, md.page_of_variant(vid))
            if vid in spec.variants else md.code(vid)]
    if case.players:
        meta.append(f"{case.players} players")
    if case.options:
        meta.append("options " + ", ".join(md.code(f"{k}={md.fmt_value(v)}")
                                           for k, v in case.options.items()))
    if case.reading:
        amb, rd = case.reading
        label = md.code(f"{amb} = {rd}")
        meta.append("reading " + (md.link(label, from_page, md.page_of_ambiguity(amb))
                                  if amb in spec.ambiguities else label))
    if case.map is not None:
        meta.append("on a small test board" + (f" ({md.cell(case.map_why)})" if case.map_why else ""))
    out += [" · ".join(meta), ""]
    if case.description:
        out += [md.paragraphs(case.description), ""]
    covered = [ctx.rule(c) if c in spec.rules else
               (md.link(md.code(c), from_page, md.page_of_ambiguity(c))
                if c in spec.ambiguities else md.code(c)) for c in case.covers]
    if covered:
        out += ["Covers " + ", ".join(covered) + ".", ""]
    if trace is None or not trace.ok:
        why = trace.problem if trace else "it was not replayed"
        out += ['!!! warning "Not replayed"',
                f"    The reference engine could not replay this example ({md.cell(why)}), so "
                f"only its starting position and steps are shown.", ""]
    elif not trace.expectations_met:
        out += ['!!! danger "The engine and the case disagree"',
                "    The reference engine's result (shown) differs from what the case expects: "
                f"run {md.code('riskspec check --select ' + case.id)}.", ""]
    why, origin = chk.why(case, spec)
    if origin != "steps":  # the steps' own Why lines are shown with them
        out += [f"**Why:** {md.cell(why)}", ""]
    if not case.state:
        out += ["Starts from a new game" + (f" with {case.players} players" if case.players
                                            else "") + ".", ""]
    plan = picture_plan(case, ctx) if trace is not None and trace.ok else None
    if plan is not None:
        pics = picture_paths(case)
        before, after = md.rel(from_page, pics[0]), md.rel(from_page, pics[1])
        change = md.rel(from_page, change_path(case))
        out += ['<div class="rs-pics" markdown>', ""]
        if plan.single:
            out.append(f"[![{case.label}, what the steps change, drawn on the position after "
                       f"them: each changed place ringed in yellow and tagged before → after, "
                       f"the action as an arrow, checked places ringed in dashed blue]"
                       f"({change}){{ .rs-pic loading=lazy }}]({change})")
        else:
            out.append(f"[![{case.label} before the steps: the places it touches, owners as "
                       f"colours, armies as numbers, the action as an arrow, checked places "
                       f"ringed in dashed blue]({before}){{ .rs-pic loading=lazy }}]({before})")
        if plan.changed and not plan.single:
            out.append(f"[![{case.label} after the steps, changed places ringed in yellow, "
                       f"checked places in dashed blue]({after}){{ .rs-pic loading=lazy }}]"
                       f"({after})")
        out += ["", "</div>", ""]
    out.append("**Steps**, as the reference engine plays them:")
    out.append("")
    steps = trace.steps if trace is not None and trace.ok else ()
    for i, step in enumerate(case.steps, 1):
        out.append(f"{i}. {describe_action(step.get('action'), ctx)}")
        if isinstance(step.get("explain"), str):
            out.append(f"    - *Why:* {md.cell(step['explain'])}")
        if i <= len(steps):
            res = steps[i - 1]
            if not res.accepted and res.error is not None:
                out.append(f"    - {_rejection(res.error, ctx)}")
            for ev in res.events:
                out.append(f"    - Event **{md.cell(ev.get('type', 'event'))}**"
                           + (f": {_kv(ev, ctx)}" if len(ev) > 1 else ""))
            if trace is not None and trace.expectations_met:
                out += [f"    - Checked: {line}" for line in _checks(step.get("expect"), ctx)]
    out.append("")
    table = position_table(case, ctx)
    _, _, marked, rest = table_layout(case, ctx)
    if table:
        note = "; the cells the case checks highlighted" if marked else ""
        out += [f"**Position** (before → after; changes in bold{note}):" if ctx.after is not None
                else "**Starting position:**", "", table, ""]
    checks = checked_table(case, ctx)
    if checks:
        out += ["**Checked** (what the case's expectations name, with the reference engine's "
                "value):", "", checks, ""]
    # one step: its checked before → after is the example's, already in "Checked"
    other = other_table(ctx, skip={f.label for f in rest} if len(case.steps) == 1 else None)
    if other:
        out += ["**Other changes:**", "", other, ""]
    out += notation_lines(ctx.before, from_page, viewer_link(case.id, from_page))
    out += [f"Replay it: {md.code('riskspec show ' + case.id)} (before and after in the "
            f"terminal) · {md.code('riskspec check --select ' + case.id)} (on any engine).", ""]
    return "\n".join(out)


def outcome(case: Example, spec: m.Spec, page: str) -> str:
    """One line: how the example ends on the reference engine."""
    ctx = Ctx(case, spec, page)
    trace = case.trace
    if trace is None or not trace.ok:
        return "not replayed"
    rej = trace.rejection
    if rej is not None and rej.error is not None:
        rule = rej.error.get("rule")
        return f"rejected with {md.code(rej.error.get('code', '?'))}" + (
            f" by {ctx.rule(rule)}" if isinstance(rule, str) else "")
    changes = []
    for p in pos.changed_places(ctx.before, ctx.after):
        cells = [f"{label.lower()} {pos.cell_text(*pos.cell(ctx.before, ctx.after, p, k))}"
                 for k, label in pos.FIELDS if pos.cell(ctx.before, ctx.after, p, k)[2]]
        changes.append(f"{ctx.place(p)}: {md.cell(', '.join(cells))}")
    if changes:
        more = f" … ({len(changes) - 4} more)" if len(changes) > 4 else ""
        return "; ".join(changes[:4]) + more
    other = pos.other_changes(ctx.before, ctx.after)
    basic = {label for _, label in pos.STATE_FIELDS}
    other.sort(key=lambda o: o[0] in basic)  # reserves, points, armies to place … first
    if other:
        return "; ".join(md.cell(f"{w} {b} → {a}") for w, b, a in other[:3]) + (
            " …" if len(other) > 3 else "")
    return "no change"
