"""Worked examples: conformance vectors (``riskspec/vectors@1``) rendered as Markdown.

The reader is tolerant on purpose: the vectors format is young, and the site
must build from whatever vectors exist (none is fine). A file that is not a
vectors file, or a case without an ``id``, is skipped with a warning.

A case is rendered as: where it comes from (variant, options, file), the
territories it touches before and after, each step (an action, a dice roll or
another chance outcome), what is expected (events, state, or a rejection with
its error code and rule).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from riskspec import model as m
from riskspec.conformance.errors import VectorError
from riskspec.conformance.sparse import expand_document
from riskspec.docsite import md

FORMAT = "riskspec/vectors@2"
FORMATS = ("riskspec/vectors@1", FORMAT)


@dataclass(frozen=True)
class Case:
    id: str
    title: str
    covers: tuple[str, ...]
    variant: str | None
    options: Mapping[str, Any]
    state: Mapping[str, Any]
    steps: tuple[Mapping[str, Any], ...]
    file: str
    raw: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""
    reading: tuple[str, str] | None = None  # (ambiguity, reading) the outcome belongs to
    negative: bool = False
    players: int | None = None

    @property
    def page(self) -> str:
        return example_page(self.file)

    @property
    def anchor(self) -> str:
        return md.anchor_id(f"example-{self.id}")


def example_page(file: str) -> str:
    stem = file[:-5] if file.endswith(".json") else file
    return f"examples/{stem.replace('/', '-')}.md"


def default_vectors_dir() -> Path | None:
    """``conformance/vectors`` of the installed package, if it exists."""
    try:
        path = Path(str(resources.files("riskspec.conformance"))) / "vectors"
    except (ModuleNotFoundError, TypeError):
        return None
    return path if path.is_dir() else None


def load_cases(folder: Path | None, warnings: list[str] | None = None) -> list[Case]:
    """Every case of every ``*.json`` vectors file under ``folder`` (sorted by file, then order)."""
    warn = warnings if warnings is not None else []
    if folder is None or not folder.is_dir():
        return []
    cases: list[Case] = []
    seen: set[str] = set()
    for path in sorted(folder.rglob("*.json")):
        rel = path.relative_to(folder).as_posix()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            warn.append(f"{rel}: skipped, not readable JSON ({exc})")
            continue
        if not isinstance(data, dict) or data.get("format") not in FORMATS:
            continue  # expectations files, reports, shared files … live next to vectors
        try:
            data = expand_document(data, path)  # @2: shared maps, positions → full states
        except VectorError as exc:
            warn.append(f"{rel}: skipped, {exc}")
            continue
        raw_cases = data.get("cases")
        if raw_cases is None and "steps" in data:
            raw_cases = [data]
        if not isinstance(raw_cases, list):
            warn.append(f"{rel}: skipped, no 'cases' list")
            continue
        for i, c in enumerate(raw_cases):
            if not isinstance(c, dict) or not isinstance(c.get("id"), str):
                warn.append(f"{rel}: case {i} skipped, it has no 'id'")
                continue
            if c["id"] in seen:
                warn.append(f"{rel}: case {c['id']!r} skipped, its id is used twice")
                continue
            seen.add(c["id"])
            covers = c.get("covers") or []
            rd = c.get("reading") if isinstance(c.get("reading"), dict) else {}
            cases.append(Case(
                id=c["id"], title=str(c.get("title") or c["id"]),
                covers=tuple(x for x in covers if isinstance(x, str)),
                variant=c.get("variant") or data.get("variant"),
                options=dict(c.get("options") or {}),
                state=c.get("state") if isinstance(c.get("state"), dict) else {},
                steps=tuple(s for s in c.get("steps") or [] if isinstance(s, dict)),
                file=rel, raw=c, description=str(c.get("description") or ""),
                reading=(str(rd["ambiguity"]), str(rd["reading"]))
                if "ambiguity" in rd and "reading" in rd else None,
                negative=bool(c.get("negative")),
                players=c.get("players") if isinstance(c.get("players"), int) else None))
    return cases


def cases_by_id(cases: Iterable[Case]) -> dict[str, list[Case]]:
    """Rule or ambiguity ID → the cases that cite it (in ``covers`` or as an option)."""
    out: dict[str, list[Case]] = {}
    for c in cases:
        extra = [c.reading[0]] if c.reading else []
        for ident in dict.fromkeys(list(c.covers) + list(c.options) + extra):
            out.setdefault(ident, []).append(c)
    return out


# --------------------------------------------------------------------------- rendering

try:  # the reference engine's list, when it is there
    from riskspec.reference.actions import CHANCE_TYPES
except Exception:  # noqa: BLE001 - the docs must build without the engine
    CHANCE_TYPES = frozenset({"first-player", "deal", "mission", "roll", "draw"})


def _action_of(step: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    """('action' | 'chance' | 'check', the body) for one step."""
    body = step.get("action")
    if not isinstance(body, dict):
        return "check", {}
    return ("chance" if body.get("type") in CHANCE_TYPES else "action"), body


def _places(value: Any, known: set[str]) -> list[str]:
    out: list[str] = []
    if isinstance(value, str) and value in known:
        out.append(value)
    elif isinstance(value, list):
        for v in value:
            out += _places(v, known)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k in known:
                out.append(k)
            out += _places(v, known)
    return out


class _Ctx:
    """What rendering one case needs: its board (or inline map), players and links."""

    def __init__(self, case: Case, spec: m.Spec, page: str) -> None:
        variant = spec.variants.get(case.variant) if case.variant else None
        self.board = variant.board if variant else None
        self.names: dict[str, str] = {}
        inline = case.raw.get("map")
        if isinstance(inline, dict):
            self.board = None
            for key in ("territories", "zones"):
                for t in inline.get(key) or []:
                    if isinstance(t, dict) and isinstance(t.get("id"), str):
                        self.names[t["id"]] = str(t.get("name") or t["id"])
        elif self.board is not None:
            self.names = {t.id: t.name for t in self.board.territories}
            self.names.update({z.id: z.name for z in self.board.zones})
        players = case.state.get("players")
        self.colours = [p.get("colour") if isinstance(p, dict) else None
                        for p in players] if isinstance(players, list) else []
        self.page = page
        self.spec = spec

    def place(self, pid: str) -> str:
        return md.cell(self.names[pid]) if pid in self.names else md.code(pid)

    def owner(self, owner: Any) -> str:
        if owner is None or owner == "":
            return "—" if owner is None else ""
        if isinstance(owner, int) and 0 <= owner < len(self.colours) and self.colours[owner]:
            return f"{md.cell(self.colours[owner])} ({owner})"
        return f"player {md.cell(owner)}" if isinstance(owner, int) else md.cell(owner)

    def rule(self, rid: str) -> str:
        if rid in self.spec.rules:
            return md.link(md.code(rid), self.page, md.page_of_rule(rid))
        return md.code(rid)


def _territories(state: Any) -> dict[str, Any]:
    if isinstance(state, dict) and isinstance(state.get("territories"), dict):
        return state["territories"]
    return {}


def touched(case: Case, known_places: Sequence[str] = ()) -> list[str]:
    """Places named by the case's actions or expected states (all of them if none is named),
    in the order of ``known_places`` (the board's)."""
    start = _territories(case.state)
    known = set(start) | set(known_places)
    named: list[str] = []
    for step in case.steps:
        named += _places(_action_of(step)[1], known)
        exp = step.get("expect")
        named += list(_territories(exp.get("state") if isinstance(exp, dict) else None))
    uniq = list(dict.fromkeys(named)) or list(start)
    order = {p: i for i, p in enumerate(known_places)}
    return sorted(uniq, key=lambda t: (order.get(t, len(order)), t))


def _kv(body: Mapping[str, Any], ctx: _Ctx | None, skip: tuple[str, ...] = ("type",)) -> str:
    parts = []
    for k, v in body.items():
        if k in skip:
            continue
        if isinstance(v, str) and ctx is not None and v in ctx.names:
            shown = ctx.place(v)
        elif isinstance(v, list) and v and all(isinstance(d, int) for d in v):
            shown = "**" + " ".join(str(d) for d in v) + "**"
        else:
            shown = md.code(v)
        parts.append(f"{md.cell(k)} {shown}")
    return ", ".join(parts)


def describe_step(step: Mapping[str, Any], ctx: _Ctx) -> str:
    kind, body = _action_of(step)
    if kind == "check":
        return "Check the position"
    typ = str(body.get("type"))
    if typ == "roll":
        dice = [f"{side} rolls **{' '.join(str(d) for d in body[side])}**"
                for side in ("attacker", "defender") if isinstance(body.get(side), list)]
        rest = _kv(body, ctx, skip=("type", "attacker", "defender"))
        return "Dice: " + "; ".join(dice) + (f" ({rest})" if rest else "")
    label = "Chance" if kind == "chance" else "Action"
    details = _kv(body, ctx)
    return f"{label} **{md.cell(typ)}**" + (f": {details}" if details else "")


def _actions(items: Any, ctx: _Ctx, limit: int = 8) -> str:
    items = items if isinstance(items, list) else []
    shown = [f"{md.cell((a or {}).get('type', '?'))} {_kv(a, ctx)}".strip()
             if isinstance(a, dict) else md.code(a) for a in items[:limit]]
    more = f" … ({len(items) - limit} more)" if len(items) > limit else ""
    return "; ".join(shown) + more


def describe_expect(expect: Any, ctx: _Ctx) -> list[str]:
    """Bullet lines for what a step expects."""
    if not isinstance(expect, dict):
        return []
    lines = []
    err = expect.get("error")
    if isinstance(err, dict):
        rule = err.get("rule")
        why = f" — by rule {ctx.rule(rule)}" if isinstance(rule, str) else ""
        lines.append(f"**Rejected** with {md.code(err.get('code', '?'))}{why}; the state stays "
                     f"as it was")
    for ev in expect.get("events") or []:
        if isinstance(ev, dict):
            lines.append(f"Event **{md.cell(ev.get('type', 'event'))}**"
                         + (f": {_kv(ev, ctx)}" if len(ev) > 1 else ""))
    st = expect.get("state")
    if isinstance(st, dict):
        for k, v in st.items():
            if k != "territories":
                lines.append(f"State {md.code(k)} is {md.code(v)}")
    if "legal_count" in expect:
        lines.append(f"Legal actions afterwards: {md.cell(expect['legal_count'])}")
    for key, label in (("legal", "The legal actions are exactly"),
                       ("legal_includes", "Legal afterwards"),
                       ("legal_excludes", "Not legal afterwards")):
        if isinstance(expect.get(key), list):
            lines.append(f"{label}: {_actions(expect[key], ctx)}")
    if isinstance(expect.get("outcomes"), list):
        outs = [o for o in expect["outcomes"] if isinstance(o, dict)]
        shown = [f"{_actions([o.get('outcome')], ctx)} (p {md.cell(o.get('p'))})" for o in outs[:8]]
        lines.append("Chance outcomes: " + "; ".join(shown)
                     + (f" … ({len(outs) - 8} more)" if len(outs) > 8 else ""))
    perft = expect.get("perft")
    if isinstance(perft, dict):
        lines.append(f"Game-tree count (perft) to depth {md.cell(perft.get('depth'))}: "
                     f"{md.cell(perft.get('nodes'))} leaves")
    return lines


def final_territories(case: Case) -> dict[str, dict[str, Any]]:
    """The territories after every step's expected (partial) state."""
    after: dict[str, dict[str, Any]] = copy.deepcopy(_territories(case.state))
    for step in case.steps:
        exp = step.get("expect")
        for tid, part in _territories(exp.get("state") if isinstance(exp, dict) else None).items():
            if isinstance(part, dict):
                after.setdefault(tid, {}).update(part)
    return after


def outcome(case: Case, spec: m.Spec, page: str) -> str:
    """One line: how the case ends (changed territories, events, or the rejection)."""
    ctx = _Ctx(case, spec, page)
    for step in case.steps:
        exp = step.get("expect")
        if isinstance(exp, dict) and isinstance(exp.get("error"), dict):
            return f"rejected with {md.code(exp['error'].get('code', '?'))}"
    before, after = _territories(case.state), final_territories(case)
    changes = [f"{ctx.place(t)} {_pair(before.get(t, {}), ctx)} → {_pair(after.get(t, {}), ctx)}"
               for t in touched(case, list(ctx.names)) if before.get(t, {}) != after.get(t, {})]
    if changes:
        return "; ".join(changes)
    last = next((s.get("expect") for s in reversed(case.steps) if s.get("expect")), None)
    lines = describe_expect(last, ctx)
    return lines[0] if lines else "no expected change"


def _pair(t: Mapping[str, Any], ctx: _Ctx) -> str:
    return f"{ctx.owner(t.get('owner'))}, {md.cell(t.get('armies', '?'))}"


def render_case(case: Case, from_page: str, spec: m.Spec, level: int = 3) -> str:
    ctx = _Ctx(case, spec, from_page)
    title = md.cell(case.title) + (" (a rejection)" if case.negative else "")
    out = [md.heading(level, f"Example: {title}", case.anchor), ""]
    meta = [f"case {md.code(case.id)}"]
    if case.variant:
        meta.append("variant " + (md.link(md.code(case.variant), from_page,
                                          md.page_of_variant(case.variant))
                                  if case.variant in spec.variants else md.code(case.variant)))
    if case.players:
        meta.append(f"{case.players} players")
    if case.options:
        meta.append("options " + ", ".join(md.code(f"{k}={md.fmt_value(v)}")
                                           for k, v in case.options.items()))
    if case.reading:
        amb, rd = case.reading
        label = md.code(f"{amb} = {rd}")
        meta.append("reading " + (md.link(label, from_page, md.AMBIGUITIES_PAGE, md.anchor_id(amb))
                                  if amb in spec.ambiguities else label))
    meta.append(f"from {md.code(case.file)}")
    out += [" · ".join(meta), ""]
    if case.description:
        out += [md.paragraphs(case.description), ""]
    covered = [ctx.rule(c) if c in spec.rules else
               (md.link(md.code(c), from_page, md.AMBIGUITIES_PAGE, md.anchor_id(c))
                if c in spec.ambiguities else md.code(c)) for c in case.covers]
    if covered:
        out += ["Covers " + ", ".join(covered) + ".", ""]
    before, after = _territories(case.state), final_territories(case)
    places = touched(case, list(ctx.names))
    if not case.state:
        out += ["Starts from a new game" + (f" with {case.players} players" if case.players
                                            else "") + ".", ""]
    if places:
        rows = []
        for tid in places:
            b, a = before.get(tid, {}), after.get(tid, {})
            cells = []
            for key, show in (("owner", ctx.owner), ("armies", md.cell)):
                bv, av = (show(b[key]) if key in b else ""), (show(a[key]) if key in a else "")
                cells += [bv, f"**{av}**" if av != bv and av else av]
            rows.append([ctx.place(tid), cells[0], cells[2], cells[1], cells[3]])
        hdr = ["Territory", "Owner before", "Armies before", "Owner after", "Armies after"]
        out += ["Territories this example touches (changes in bold):", "",
                md.table(hdr, rows), ""]
    extra = {k: v for k, v in case.state.items() if k in ("phase", "current", "turn")}
    if extra:
        out += ["Starting position: " + ", ".join(f"{md.cell(k)} {md.code(v)}"
                                                  for k, v in extra.items()) + ".", ""]
    for i, step in enumerate(case.steps, 1):
        out.append(f"{i}. {describe_step(step, ctx)}")
        if isinstance(step.get("explain"), str):
            out.append(f"    - *Why:* {md.cell(step['explain'])}")
        for line in describe_expect(step.get("expect"), ctx):
            out.append(f"    - {line}")
    out.append("")
    return "\n".join(out)


def no_example_note(what: str) -> str:
    return (f"No worked example yet: no conformance vector covers this {what}. "
            f"Vectors live in `conformance/vectors/` (format `{FORMAT}`).\n")
