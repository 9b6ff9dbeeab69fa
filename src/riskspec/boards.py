"""What a board is, as data: its export to JSON and Graphviz DOT, and where its facts come
from (the provenance of every territory, group, zone, route, border and card).

Both the CLI (``riskspec map``, ``riskspec explain``) and the docs generator use these.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from riskspec import model as m


def board_to_json(board: m.Board) -> dict[str, Any]:
    """The board as JSON data (``riskspec map VARIANT``)."""
    def prov(p: m.Provenance) -> dict[str, Any]:
        if p.reconstructed is not None:
            return {"reconstructed": p.reconstructed, **({"basis": p.basis} if p.basis else {})}
        return {"source": p.source, "passage": p.passage}

    return {
        "id": board.id,
        "title": board.title,
        "groups": [{"id": g.id, "name": g.name, "kind": g.kind, "bonus": g.bonus,
                    "territories": list(g.territories), "provenance": prov(g.provenance),
                    **({"capital": {"territory": g.capital.territory,
                                    "territories": g.capital.territories,
                                    "bonus": g.capital.bonus}} if g.capital else {})}
                   for g in board.groups],
        "territories": [{"id": t.id, "name": t.name, "group": t.group,
                         "provenance": prov(t.provenance)} for t in board.territories],
        "zones": [{"id": z.id, "name": z.name, "provenance": prov(z.provenance)} for z in board.zones],
        "routes": [{"id": r.id, "name": r.name, "zones": list(r.zones), "bonus": r.bonus,
                    "provenance": prov(r.provenance)} for r in board.routes],
        "borders": [{"between": [b.a, b.b], "kind": b.kind} for b in board.borders],
        "adjacency": {k: list(v) for k, v in board.adjacency.items()},
        "cards": [{"id": c.id, "symbol": c.symbol, **({"territory": c.territory} if c.territory else {})}
                  for c in board.cards],
    }


def board_to_dot(board: m.Board) -> str:
    """The board as a Graphviz graph, one cluster per group (``--format dot``)."""
    lines = [f'graph "{board.id}" {{', '  graph [overlap=false, splines=true];',
             '  node [shape=box, style=rounded, fontsize=10];']
    for g in board.groups:
        lines.append(f'  subgraph "cluster_{g.id}" {{')
        lines.append(f'    label="{g.name} (+{g.bonus})";')
        for tid in g.territories:
            t = board.territory(tid)
            lines.append(f'    "{t.id}" [label="{t.name}"];')
        lines.append("  }")
    for z in board.zones:
        lines.append(f'  "{z.id}" [label="{z.name}", shape=ellipse, style=dashed];')
    style = {"land": "", "sea-line": " [style=dashed]", "coast": " [style=dotted]",
             "sea": " [style=dashed, color=blue]"}
    for b in board.borders:
        lines.append(f'  "{b.a}" -- "{b.b}"{style[b.kind]};')
    lines.append("}")
    return "\n".join(lines) + "\n"


def board_facts(board: m.Board) -> Iterator[tuple[str, str, m.Provenance]]:
    """(kind, id, provenance) of every fact of a board."""
    for t in board.territories:
        yield "territory", t.id, t.provenance
    for g in board.groups:
        yield g.kind, g.id, g.provenance
        if g.capital is not None:
            yield "capital", g.capital.territory, g.capital.provenance
    for z in board.zones:
        yield "maritime zone", z.id, z.provenance
    for r in board.routes:
        yield "route", r.id, r.provenance
    for b in board.borders:
        yield f"{b.kind} border", f"{b.a}~{b.b}", b.provenance
    for c in board.cards:
        yield "card", c.id, c.provenance


def reconstruction_tally(board: m.Board) -> dict[str, tuple[int, int]]:
    """Kind of fact → (reconstructed, total), and ``"total"`` → the same over all facts."""
    out: dict[str, tuple[int, int]] = {}
    for kind, _, p in board_facts(board):
        for key in (kind, "total"):
            rec, tot = out.get(key, (0, 0))
            out[key] = (rec + int(p.is_reconstructed), tot + 1)
    return out
