"""``riskspec explain`` for the facts of a map or a mission deck, with their provenance.

A territory, maritime zone, empire/continent, route, territory card, mission card,
mission deck or map ID prints the fact and where it comes from: the source passage it
was read from, or — plainly marked — that it is a *reconstruction*, with the reason and
its basis.  A map ID prints how many of its facts are read from a source and how many
are reconstructed, by kind.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any

from riskspec import model as m
from riskspec.boards import reconstruction_tally


def _wrap(text: str, indent: str) -> list[str]:
    return [textwrap.fill(par, 88, initial_indent=indent, subsequent_indent=indent)
            for par in text.strip().split("\n\n")]


def provenance_lines(p: m.Provenance, spec: m.Spec) -> list[str]:
    """The provenance of one fact: SOURCE (file § passage) or RECONSTRUCTED (why, basis)."""
    if p.reconstructed is not None:
        lines = ["provenance: RECONSTRUCTED — not read from any source text"]
        lines += _wrap(p.reconstructed, "  ")
        if p.basis:
            lines += ["  basis:"] + _wrap(p.basis, "    ")
    else:
        src = spec.sources.get(p.source or "")
        lines = [f"provenance: source {p.source} ({src.file if src else '?'}) § {p.passage}"]
    if p.name:
        lines.append(f"  (named provenance {p.name!r} of the map file)")
    return lines


def _boards_of(spec: m.Spec) -> list[tuple[m.Board, list[str]]]:
    out = []
    for b in spec.boards.values():
        out.append((b, [v.id for v in spec.variants.values() if v.board.id == b.id]))
    return out


def explain_board(spec: m.Spec, board: m.Board) -> str:
    counts = reconstruction_tally(board)
    tally: Counter[tuple[str, bool]] = Counter()
    for kind, (rec, tot) in counts.items():
        if kind != "total":
            tally[(kind, True)], tally[(kind, False)] = rec, tot - rec
    kinds = sorted({k for k, _ in tally})
    total_rec, total = counts.get("total", (0, 0))
    lines = [f"{board.id} — {board.title}", "",
             f"{len(board.territories)} territories, {len(board.groups)} groups, "
             f"{len(board.zones)} maritime zones, {len(board.routes)} routes, "
             f"{len(board.borders)} borders, {len(board.cards)} cards", "",
             f"facts read from a source: {total - total_rec} of {total}; "
             f"RECONSTRUCTED: {total_rec} of {total}", ""]
    width = max((len(k) for k in kinds), default=0)
    for k in kinds:
        lines.append(f"  {k:<{width}}  source {tally[(k, False)]:>3}   "
                     f"reconstructed {tally[(k, True)]:>3}")
    lines += [""] + provenance_lines(board.provenance, spec)
    if total_rec:
        lines += ["", "Reconstructed facts fill what the sources do not give. If you hold the "
                      "printed board, write a corrected map file and check it with "
                      "`riskspec validate FILE`.",
                  "Look up one fact: riskspec explain <territory|zone|group|route|card id>"]
    lines += ["", f"defined in: {board.file}"]
    return "\n".join(lines)


def _element(spec: m.Spec, board: m.Board, ident: str) -> list[str] | None:
    for t in board.territories:
        if t.id == ident:
            g = board.group(t.group)
            lines = [f"{t.id} — {t.name} (territory of {board.id})", "",
                     f"group: {g.id} ({g.name}, {g.kind})",
                     "neighbours: " + ", ".join(board.adjacency.get(t.id, ()))]
            caps = [x for x in board.groups if x.capital and x.capital.territory == t.id]
            if caps:
                lines.append(f"capital of: {caps[0].id}")
            cards = [c.id for c in board.cards if c.territory == t.id]
            if cards:
                lines.append("card: " + ", ".join(cards))
            return lines + [""] + provenance_lines(t.provenance, spec)
    for g in board.groups:
        if g.id == ident:
            lines = [f"{g.id} — {g.name} ({g.kind} of {board.id})", "",
                     f"bonus: {g.bonus}", "territories: " + ", ".join(g.territories)]
            lines += [""] + provenance_lines(g.provenance, spec)
            if g.capital is not None:
                cap = g.capital
                lines += ["", f"capital: {cap.territory}, with {cap.territories} territories, "
                              f"bonus {cap.bonus}"] + provenance_lines(cap.provenance, spec)
            return lines
    for z in board.zones:
        if z.id == ident:
            routes = [r.id for r in board.routes if z.id in r.zones]
            lines = [f"{z.id} — {z.name} (maritime zone of {board.id})", "",
                     "route: " + (", ".join(routes) or "none"),
                     "neighbours: " + ", ".join(board.adjacency.get(z.id, ()))]
            return lines + [""] + provenance_lines(z.provenance, spec)
    for r in board.routes:
        if r.id == ident:
            lines = [f"{r.id} — {r.name} (route of {board.id})", "",
                     f"bonus: {r.bonus}", "zones: " + ", ".join(r.zones)]
            return lines + [""] + provenance_lines(r.provenance, spec)
    for c in board.cards:
        if c.id == ident:
            lines = [f"{c.id} — territory card of {board.id}", "",
                     f"symbol: {c.symbol}", f"territory: {c.territory or '(joker)'}"]
            if c.effect:
                lines.append("effect: " + ", ".join(f"{k}={v}" for k, v in c.effect.items()
                                                    if k != "text"))
                if c.effect.get("text"):
                    lines += _wrap(str(c.effect["text"]), "  ")
            return lines + [""] + provenance_lines(c.provenance, spec)
    return None


def _mission(spec: m.Spec, ident: str) -> str | None:
    for v in spec.variants.values():
        if ident in v.missions:
            ms = v.missions[ident]
            users = [x.id for x in spec.variants.values() if ident in x.missions]
            lines = [f"{ms.id} — {ms.title} (mission card)", "",
                     f"condition: {_flat(ms.condition)}"]
            if ms.level is not None:
                lines.append(f"level: {ms.level}")
            if ms.check:
                lines.append(f"checked at: the {ms.check} of the turn")
            if ms.reward:
                lines.append(f"reward: {_flat(ms.reward)}")
            lines += [f"variants: {', '.join(users)}", ""] + provenance_lines(ms.provenance, spec)
            return "\n".join(lines)
        if ident in v.mission_decks:
            d = v.mission_decks[ident]
            lines = [f"{d.id} — {d.title} (mission deck, {len(d.cards)} cards)", "",
                     "cards: " + ", ".join(d.cards), ""] + provenance_lines(d.provenance, spec)
            return "\n".join(lines)
    return None


def _flat(x: Any) -> str:
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k}: {_flat(v)}" for k, v in x.items()) + "}"
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(_flat(v) for v in x) + "]"
    return str(x)


def explain_fact(spec: m.Spec, ident: str) -> str | None:
    """Explain a map ID, a map element or a mission card/deck; None if nothing matches."""
    if ident in spec.boards:
        return explain_board(spec, spec.boards[ident])
    found = []
    for board, variants in _boards_of(spec):
        lines = _element(spec, board, ident)
        if lines is not None:
            found.append("\n".join(lines + ["", f"variants: {', '.join(variants)}",
                                             f"defined in: {board.file}"]))
    if found:
        return "\n\n".join(found)
    return _mission(spec, ident)


def known_ids(spec: m.Spec) -> list[str]:
    """Every ID explain_fact accepts (for closest-match hints)."""
    ids: set[str] = set(spec.boards)
    for b in spec.boards.values():
        ids.update(t.id for t in b.territories)
        ids.update(g.id for g in b.groups)
        ids.update(z.id for z in b.zones)
        ids.update(r.id for r in b.routes)
        ids.update(c.id for c in b.cards)
    for v in spec.variants.values():
        ids.update(v.missions)
        ids.update(v.mission_decks)
    return sorted(ids)
