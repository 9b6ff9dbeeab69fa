"""A picture of a map's graph, drawn as SVG from the board data alone.

No external tool: groups (continents, empires) start as clusters on a grid,
then a deterministic force layout (no randomness, fixed iteration count)
pulls neighbours together, pushes everything apart and keeps each group
together. Territories are coloured by group; zones are dashed ellipses;
border kinds have their own line style (see the legend).
"""

from __future__ import annotations

import math
from html import escape

from riskspec import model as m

PALETTE = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#46a0a0",
           "#c2185b", "#808000", "#9a6324", "#000075", "#6d4c41", "#5e35b1"]
EDGE_STYLE = {
    "land": 'stroke="#555" stroke-width="1.4"',
    "sea-line": 'stroke="#1f6fb2" stroke-width="1.4" stroke-dasharray="6 4"',
    "coast": 'stroke="#1f6fb2" stroke-width="1" stroke-dasharray="2 3"',
    "sea": 'stroke="#0b4f8a" stroke-width="1.6" stroke-dasharray="8 3 2 3"',
}
NODE_W, NODE_H = 112, 26
CELL_W, CELL_H = 132, 58
REPEL_OTHER, PULL_OTHER, COHESION = 1.0, 0.6, 0.6


def layout(board: m.Board, iterations: int = 400) -> dict[str, tuple[float, float]]:
    """Positions (in a unit-free plane) of every territory and zone; deterministic."""
    groups = list(board.groups)
    cols = max(1, math.ceil(math.sqrt(len(groups) + (1 if board.zones else 0))))
    pos: dict[str, list[float]] = {}
    group_of: dict[str, str] = {}
    cell = 10.0
    for gi, g in enumerate(groups):
        cx, cy = (gi % cols) * cell, (gi // cols) * cell
        size = len(g.territories)
        for i, tid in enumerate(g.territories):
            ang = 2 * math.pi * i / max(size, 1)
            r = 1.0 + 0.35 * size ** 0.5
            pos[tid] = [cx + r * math.cos(ang), cy + r * math.sin(ang)]
            group_of[tid] = g.id
    if board.zones:
        gi = len(groups)
        cx, cy = (gi % cols) * cell, (gi // cols) * cell
        for i, z in enumerate(board.zones):
            ang = 2 * math.pi * i / len(board.zones)
            pos[z.id] = [cx + 3 * math.cos(ang), cy + 3 * math.sin(ang)]
            group_of[z.id] = "~zones"
    for tid in board.territory_ids:  # a territory whose group is unknown still gets a place
        if tid not in pos:
            pos[tid] = [-cell, float(len(pos))]
            group_of[tid] = "~none"
    nodes = sorted(pos)
    edges = [(b.a, b.b) for b in board.borders if b.a in pos and b.b in pos]
    k = 2.2  # ideal edge length
    temp = 3.0
    for step in range(iterations):
        disp = {n: [0.0, 0.0] for n in nodes}
        for i, a in enumerate(nodes):
            ax, ay = pos[a]
            for b in nodes[i + 1:]:
                dx, dy = ax - pos[b][0], ay - pos[b][1]
                d2 = dx * dx + dy * dy or 1e-6
                d = math.sqrt(d2)
                f = k * k / d * (1.0 if group_of[a] == group_of[b] else REPEL_OTHER)
                disp[a][0] += dx / d * f
                disp[a][1] += dy / d * f
                disp[b][0] -= dx / d * f
                disp[b][1] -= dy / d * f
        for a, b in edges:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            d = math.sqrt(dx * dx + dy * dy) or 1e-6
            f = d * d / k * (1.0 if group_of[a] == group_of[b] else PULL_OTHER)
            disp[a][0] -= dx / d * f
            disp[a][1] -= dy / d * f
            disp[b][0] += dx / d * f
            disp[b][1] += dy / d * f
        centres: dict[str, list[float]] = {}
        for n in nodes:  # cohesion: pull towards the centre of one's group
            c = centres.setdefault(group_of[n], [0.0, 0.0, 0.0])
            c[0] += pos[n][0]
            c[1] += pos[n][1]
            c[2] += 1
        for n in nodes:
            c = centres[group_of[n]]
            disp[n][0] += (c[0] / c[2] - pos[n][0]) * COHESION
            disp[n][1] += (c[1] / c[2] - pos[n][1]) * COHESION
        for n in nodes:
            dx, dy = disp[n]
            d = math.sqrt(dx * dx + dy * dy) or 1e-6
            pos[n][0] += dx / d * min(d, temp)
            pos[n][1] += dy / d * min(d, temp)
        temp = max(0.02, 3.0 * (1 - (step + 1) / iterations))
    return snap({n: (p[0], p[1]) for n, p in pos.items()})


def snap(pos: dict[str, tuple[float, float]], spare: float = 2.0) -> dict[str, tuple[float, float]]:
    """Move every node to its nearest free cell of a grid: no overlaps, compact, same shape."""
    if not pos:
        return {}
    pos = _principal(pos)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    x0, y0 = min(xs), min(ys)
    w, h = max(max(xs) - x0, 1e-6), max(max(ys) - y0, 1e-6)
    total = math.ceil(len(pos) * spare)
    # a layout (nearly) on one line would spread over hundreds of columns: kept near square
    aspect = min(2.0, max(0.25, (w / h) * (CELL_H / CELL_W)))
    cols = max(1, round(math.sqrt(total * aspect)))
    rows = max(1, math.ceil(total / cols))
    want = {n: ((x - x0) / w * (cols - 1), (y - y0) / h * (rows - 1)) for n, (x, y) in pos.items()}
    cx, cy = (cols - 1) / 2, (rows - 1) / 2
    order = sorted(want, key=lambda n: (math.dist(want[n], (cx, cy)), n))
    free = {(c, r) for c in range(cols) for r in range(rows)}
    out: dict[str, tuple[float, float]] = {}
    for n in order:
        if not free:  # cannot happen (spare >= 1), but never loop forever
            free = {(cols + len(out), 0)}
        best = min(free, key=lambda cr: (math.dist(cr, want[n]), cr))
        free.discard(best)
        out[n] = (float(best[0]), best[1] + (0.45 if best[0] % 2 else 0.0))  # staggered
    return out


def _principal(pos: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Rotate so the layout's longest axis is horizontal (pages are wider than tall)."""
    n = len(pos)
    mx = sum(p[0] for p in pos.values()) / n
    my = sum(p[1] for p in pos.values()) / n
    sxx = sum((p[0] - mx) ** 2 for p in pos.values())
    syy = sum((p[1] - my) ** 2 for p in pos.values())
    sxy = sum((p[0] - mx) * (p[1] - my) for p in pos.values())
    theta = 0.5 * math.atan2(2 * sxy, sxx - syy)
    c, s = math.cos(-theta), math.sin(-theta)
    return {k: ((x - mx) * c - (y - my) * s, (x - mx) * s + (y - my) * c)
            for k, (x, y) in pos.items()}


def render_svg(board: m.Board) -> str:
    """The board as a standalone SVG document (same board → same bytes)."""
    raw = layout(board)
    if not raw:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>\n'
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    pad = NODE_W * 0.6
    pts = {n: (round((x - min(xs)) * CELL_W + pad, 1), round((y - min(ys)) * CELL_H + pad, 1))
           for n, (x, y) in raw.items()}
    legend_h = 22 * (len(board.groups) + 8)
    width = round((max(xs) - min(xs)) * CELL_W + 2 * pad + 230)
    height = round(max((max(ys) - min(ys)) * CELL_H + 2 * pad, legend_h + 20))
    colour = {g.id: PALETTE[i % len(PALETTE)] for i, g in enumerate(board.groups)}
    names = {t.id: t.name for t in board.territories} | {z.id: z.name for z in board.zones}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" font-family="sans-serif" font-size="11" '
           f'role="img" aria-labelledby="map-title">',
           f'<title id="map-title">{escape(board.title)}: graph of territories and borders</title>',
           f'<rect width="{width}" height="{height}" fill="#fff"/>']
    for b in board.borders:
        (x1, y1), (x2, y2) = pts[b.a], pts[b.b]
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {EDGE_STYLE.get(b.kind, "")}>'
                   f'<title>{escape(names.get(b.a, b.a))} – {escape(names.get(b.b, b.b))} '
                   f'({b.kind})</title></line>')
    capitals = {g.capital.territory for g in board.groups if g.capital}
    for t in board.territories:
        x, y = pts[t.id]
        fill = colour.get(t.group, "#999")
        stroke = 'stroke="#000" stroke-width="2.5"' if t.id in capitals else f'stroke="{fill}"'
        out.append(f'<g><title>{escape(t.name)} ({escape(t.id)}), {escape(t.group)}</title>'
                   f'<rect x="{x - NODE_W / 2}" y="{y - NODE_H / 2}" width="{NODE_W}" '
                   f'height="{NODE_H}" rx="7" fill="#fff"/>'
                   f'<rect x="{x - NODE_W / 2}" y="{y - NODE_H / 2}" width="{NODE_W}" '
                   f'height="{NODE_H}" rx="7" fill="{fill}" fill-opacity="0.18" {stroke}/>'
                   f'<text x="{x}" y="{y + 4}" text-anchor="middle">{escape(_short(t.name))}</text></g>')
    for z in board.zones:
        x, y = pts[z.id]
        out.append(f'<g><title>{escape(z.name)} ({escape(z.id)}), maritime zone</title>'
                   f'<ellipse cx="{x}" cy="{y}" rx="{NODE_W / 2}" ry="{NODE_H / 2 + 2}" '
                   f'fill="#e3f0fb" stroke="#1f6fb2" stroke-dasharray="4 3"/>'
                   f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-style="italic">'
                   f'{escape(_short(z.name))}</text></g>')
    lx, ly = width - 220, 20
    out.append(f'<g font-size="12"><text x="{lx}" y="{ly}" font-weight="bold">Legend</text>')
    for i, g in enumerate(board.groups):
        y = ly + 22 * (i + 1)
        out.append(f'<rect x="{lx}" y="{y - 11}" width="16" height="14" rx="3" '
                   f'fill="{colour[g.id]}" fill-opacity="0.3" stroke="{colour[g.id]}"/>'
                   f'<text x="{lx + 22}" y="{y}">{escape(_short(g.name, 20))} (+{g.bonus})</text>')
    y = ly + 22 * (len(board.groups) + 1)
    kinds = sorted({b.kind for b in board.borders})
    for i, kind in enumerate(kinds):
        yy = y + 22 * i
        out.append(f'<line x1="{lx}" y1="{yy - 4}" x2="{lx + 16}" y2="{yy - 4}" '
                   f'{EDGE_STYLE.get(kind, "")}/><text x="{lx + 22}" y="{yy}">{kind} border</text>')
    yy = y + 22 * len(kinds)
    if capitals:
        out.append(f'<rect x="{lx}" y="{yy - 11}" width="16" height="14" rx="3" fill="#fff" '
                   f'stroke="#000" stroke-width="2.5"/><text x="{lx + 22}" y="{yy}">capital</text>')
        yy += 22
    if board.zones:
        out.append(f'<ellipse cx="{lx + 8}" cy="{yy - 4}" rx="8" ry="6" fill="#e3f0fb" '
                   f'stroke="#1f6fb2" stroke-dasharray="4 3"/>'
                   f'<text x="{lx + 22}" y="{yy}">maritime zone</text>')
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def _short(name: str, n: int = 18) -> str:
    return name if len(name) <= n else name[: n - 1] + "…"
