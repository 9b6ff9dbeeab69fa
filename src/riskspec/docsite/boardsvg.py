"""The board drawn as SVG: maps that look like the board, and the position of a worked example.

Places sit at the map file's layout hints (``layout.positions``: approximate
geographic positions, data in the spec, never rules); a board without them (an
inline test map) falls back to the deterministic graph layout of
:mod:`riskspec.docsite.svgmap`. Groups (continents, empires) are soft coloured
areas; land borders are solid lines, sea lines, coasts and sea routes dashed; on a
board whose borders are partly reconstructed, the reconstructed ones are drawn in
orange and dotted. A position adds owners as colours, armies as numbers, the
Napoléon pieces as small badges (G generals, F fortifications, E epidemics,
ships in the zones), the action as an arrow and a yellow ring round every changed
place, and may tag a place with its change (``blue 5 → black 3``). A worked example's
picture is cut to its places (:func:`view_box`): at least one of a pair of pictures wide
(:data:`PAIR_PX`), and on a board joined round the back of the world (Classic's
Alaska–Kamchatka) across the map's edge, the board drawn once more past it. Every text is
at least :data:`LABEL` × :data:`SCALE` ≥ 11 px. Same input → same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from riskspec import model as m
from riskspec.docsite import position as pos
from riskspec.docsite.svgmap import CELL_H, CELL_W, PALETTE, layout

R = 15  # territory disc radius
#: place labels, in map units; a picture is shown at :data:`SCALE` of its map units (its
#: ``width``/``height``), never scaled down by the page, so a label is LABEL × SCALE ≥ 11 px
LABEL = 13
SCALE = 0.85
#: the widest (CSS px) a worked example's before or after picture is drawn when the two are to
#: sit side by side: two of them, the gap and their borders fit the 834 px content column of
#: a 1366 px screen
PAIR_PX = 400
SEA = "#e8f1fa"
COLOURS = {"red": "#d62728", "blue": "#1f5fb4", "green": "#2ca02c", "yellow": "#e8c100",
           "black": "#333333", "pink": "#e377c2", "purple": "#8e44ad", "orange": "#ff7f0e",
           "brown": "#8c564b", "grey": "#8a8a8a", "gray": "#8a8a8a", "white": "#f4f4f4",
           "cyan": "#17becf"}
SEAT_PALETTE = ["#d62728", "#1f5fb4", "#2ca02c", "#e8c100", "#8e44ad", "#ff7f0e"]
NEUTRAL = "#a0a0a0"
SOURCED = {"land": ("#555", "none"), "sea-line": ("#1f6fb2", "7 4"),
           "coast": ("#1f6fb2", "2 3"), "sea": ("#0b4f8a", "9 3 2 3")}
RECONSTRUCTED = "#d95f02"


@dataclass(frozen=True)
class Geometry:
    points: Mapping[str, tuple[float, float]]
    width: float
    height: float
    geographic: bool


_GEOMETRY: dict[int, tuple[m.Board, Geometry]] = {}


def geometry(board: m.Board) -> Geometry:
    """Where every place is drawn: the layout hints if they cover the board, else a graph layout
    (computed once per board object)."""
    hit = _GEOMETRY.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    geo = _geometry(board)
    _GEOMETRY[id(board)] = (board, geo)
    return geo


def _geometry(board: m.Board) -> Geometry:
    places = [*board.territory_ids, *board.zone_ids]
    if places and all(p in board.layout for p in places) and board.layout_frame[0] > 0:
        w, h = board.layout_frame
        m_ = 40.0  # room for the labels of the places on the frame's edge
        return Geometry({p: (board.layout[p][0] + m_, board.layout[p][1] + m_) for p in places},
                        w + 2 * m_, h + 2 * m_, True)
    raw = layout(board)
    if not raw:
        return Geometry({}, 10, 10, False)
    x0, y0 = min(p[0] for p in raw.values()), min(p[1] for p in raw.values())
    # columns as close as the longest label lets them (short test-board names: 84 units, so
    # that a whole small board fits the width of one of a worked example's two pictures)
    names = [t.name for t in board.territories] + [z.name for z in board.zones]
    widest = max((len(line) for name in names for line in _lines(name)), default=1)
    step = min(CELL_W * 0.8, max(84.0, 7.2 * widest + 14))
    pad = 62.0
    pts = {n: ((x - x0) * step + pad, (y - y0) * CELL_H * 1.2 + pad)
           for n, (x, y) in raw.items()}
    return Geometry(pts, max(x for x, _ in pts.values()) + pad,
                    max(y for _, y in pts.values()) + pad, False)


def group_colours(board: m.Board) -> dict[str, str]:
    return {g.id: PALETTE[i % len(PALETTE)] for i, g in enumerate(board.groups)}


def owner_colour(state: Mapping[str, Any] | None, seat: Any) -> str:
    players = pos.players_of(state)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(players):
        return "#ffffff"
    p = players[seat]
    if p.get("neutral"):
        return NEUTRAL
    return COLOURS.get(str(p.get("colour", "")).lower(), SEAT_PALETTE[seat % len(SEAT_PALETTE)])


def _ink(hex_colour: str) -> str:
    h = hex_colour.lstrip("#")
    if len(h) != 6:
        return "#000"
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def _lines(name: str, width: int = 13) -> list[str]:
    """A label on one line, or two split at the space nearest the middle."""
    if len(name) <= width or " " not in name and "/" not in name:
        return [name]
    cuts = [i for i, ch in enumerate(name) if ch in " /"]
    i = min(cuts, key=lambda c: abs(c - len(name) / 2))
    return [name[: i + (1 if name[i] == "/" else 0)].strip(), name[i + 1:].strip()]


def _hull(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _f(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def _border_style(b: m.Border, mark: bool) -> str:
    colour, dash = SOURCED.get(b.kind, ("#555", "none"))
    if mark and b.provenance.is_reconstructed:
        colour, dash = RECONSTRUCTED, ("1.5 3" if b.kind == "land" else dash)
    return (f'stroke="{colour}" stroke-width="{1.8 if b.kind == "land" else 1.5}"'
            + (f' stroke-dasharray="{dash}"' if dash != "none" else ""))


def marks_reconstruction(board: m.Board) -> bool:
    """Reconstructed borders are told apart when some borders come from a source and some not."""
    rec = {b.provenance.is_reconstructed for b in board.borders}
    return rec == {True, False}


def wraps_round(board: m.Board) -> bool:
    """The board is joined round the back of the world (Alaska–Kamchatka on Classic)."""
    geo = geometry(board)
    P = geo.points
    return any(b.a in P and b.b in P and wraps(P[b.a], P[b.b], geo) for b in board.borders)


def _span(xs: Sequence[float], width: float, cylinder: bool) -> tuple[float, float]:
    """The narrowest range ``lo … hi`` holding every x. On a board joined round the back of
    the world it may run on past the right edge (``hi > width``: the places left of ``lo``
    are then drawn again beyond the edge, at ``x + width``, where the world goes on)."""
    s = sorted(xs)
    if not cylinder or len(s) < 2:
        return s[0], s[-1]
    # the widest gap between places next to each other round the world is left out; on a tie
    # the gap round the back, so the map is cut at its own edge when it makes no difference
    gaps = [(s[i + 1] - s[i], 0, i) for i in range(len(s) - 1)] + [(s[0] + width - s[-1], 1, -1)]
    _, back, i = max(gaps)
    return (s[0], s[-1]) if back else (s[i + 1], s[i] + width)


def reach(name: str, note: str = "") -> float:
    """How far left and right of its centre a place's drawing reaches, in map units: its
    rings, its label (under 8.1 units a letter at size 13 in DejaVu Sans, Chromium's
    sans-serif here), the change tagged on it."""
    label = 4.1 * max(len(line) for line in _lines(name))
    tag = (7.4 * len(note) + 10) / 2 if note else 0.0
    return max(R + 12.0, label, tag) + 6


def view_box(geo: Geometry, focus: Iterable[str], margin: float = 64,
          min_w: float = PAIR_PX / SCALE, min_h: float = 300,
          cylinder: bool = False,
          reaches: Mapping[str, float] | None = None) -> tuple[float, float, float, float]:
    """The part of the board a picture shows: ``focus`` with a margin, widened round it to at
    least ``min_w`` × ``min_h`` map units (by default the width of one of a pair of pictures,
    so the places round the focus are seen too); the whole board without a focus. With
    ``cylinder`` (a board joined round the back of the world) a focus on both sides of the
    map's edge is shown across it: the view goes on past the right edge of the map, round the
    world (``x + w > geo.width``), never wider than the world. ``reaches``: how far left and
    right each place's drawing reaches (:func:`reach`), ``margin`` where it is not given."""
    ids = [p for p in focus if p in geo.points]
    pts = [geo.points[p] for p in ids]
    if not pts:
        return 0.0, 0.0, geo.width, geo.height
    lo, hi = _span([p[0] for p in pts], geo.width, cylinder and geo.geographic)
    xs = [(x + geo.width if x < lo else x, (reaches or {}).get(p, margin))
          for p, (x, _) in zip(ids, pts)]
    x0, x1 = _widen(min(x - r for x, r in xs), max(x + r for x, r in xs), min_w)
    y0, y1 = _widen(min(p[1] for p in pts) - margin - 10, max(p[1] for p in pts) + margin + 12,
                    min_h)
    y0, y1 = _inside(y0, y1, geo.height)
    if hi <= geo.width or x1 - x0 >= geo.width:  # within the map: moved inside its edges
        x0, x1 = _inside(x0, x1, geo.width)
    return x0, y0, x1 - x0, y1 - y0


def _widen(lo: float, hi: float, least: float) -> tuple[float, float]:
    if hi - lo >= least:
        return lo, hi
    mid = (lo + hi) / 2
    return mid - least / 2, mid + least / 2


def _inside(lo: float, hi: float, size: float) -> tuple[float, float]:
    """``lo … hi`` moved (not cut) to lie within ``0 … size``; cut where it is longer."""
    if lo < 0:
        lo, hi = 0.0, hi - lo
    if hi > size:
        lo, hi = max(0.0, lo - (hi - size)), size
    return lo, hi


def _reaches(board: m.Board, focus: Iterable[str],
             notes: Mapping[str, str] | None = None) -> dict[str, float]:
    names = {t.id: t.name for t in board.territories} | {z.id: z.name for z in board.zones}
    return {p: reach(names[p], (notes or {}).get(p, "")) for p in focus if p in names}


def view_width(board: m.Board, focus: Iterable[str]) -> float:
    """How wide (CSS px) a picture of ``focus`` on ``board`` is shown."""
    focus = list(focus)
    return view_box(geometry(board), focus, cylinder=wraps_round(board),
                 reaches=_reaches(board, focus))[2] * SCALE


def draw(board: m.Board, *, state: Mapping[str, Any] | None = None,
         changed: Iterable[str] = (), arrow: tuple[str, str] | None = None,
         target: str | None = None, focus: Iterable[str] = (), title: str = "",
         legend: bool = True, ident: str = "board", caption: str = "",
         checked: Iterable[str] = (), notes: Mapping[str, str] | None = None) -> str:
    """The board (and, with ``state``, a position on it) as a standalone SVG document.

    ``focus``: the places the picture is cut to (the whole board without it; on a board
    joined round the back of the world the cut may cross the map's edge, drawn as a dashed
    line). ``notes``: a short text to tag a place with (a change's ``before → after``)."""
    geo = geometry(board)
    P = geo.points
    gcol = group_colours(board)
    focus = list(focus)
    cylinder = wraps_round(board)
    vx, vy, vw, vh = view_box(geo, focus, cylinder=cylinder, reaches=_reaches(board, focus, notes))
    if caption:  # a band above the board for the caption, so that it covers no place
        vy, vh = vy - 24, vh + 24
    around = vx + vw > geo.width + 0.5  # the view goes on round the world past the edge
    legend_rows = _legend_rows(board, state is not None) if legend else []
    cols = 2 if vw >= 560 else 1
    lh = 20 * math.ceil(len(legend_rows) / cols) + 10 if legend_rows else 0
    total_h = vh + lh
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(vx)} {_f(vy)} {_f(vw)} '
           f'{_f(total_h)}" width="{_f(vw * SCALE)}" height="{_f(total_h * SCALE)}" '
           f'font-family="sans-serif" '
           f'font-size="{LABEL}" role="img" aria-labelledby="{ident}-title">',
           f'<title id="{ident}-title">{escape(title or board.title)}</title>',
           '<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
           'markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" '
           'fill="#b00020"/></marker></defs>',
           f'<rect x="{_f(vx)}" y="{_f(vy)}" width="{_f(vw)}" height="{_f(vh)}" '
           f'fill="{SEA if geo.geographic or board.zones else "#fff"}"/>']
    head = len(out)
    for g in board.groups:  # soft areas: a padded hull of each group's places
        pts = [P[t] for t in g.territories if t in P]
        if not pts:
            continue
        hull = _hull(pts)
        col = gcol[g.id]
        pad = 2 * R + 8
        if len(hull) == 1:
            out.append(f'<circle cx="{_f(hull[0][0])}" cy="{_f(hull[0][1])}" r="{pad / 2}" '
                       f'fill="{col}" fill-opacity="0.22"/>')
        else:
            ptxt = " ".join(f"{_f(x)},{_f(y)}" for x, y in hull)
            out.append(f'<polygon points="{ptxt}" fill="{col}" opacity="0.22" '
                       f'stroke="{col}" stroke-width="{pad}" '
                       f'stroke-linejoin="round" stroke-linecap="round"><title>'
                       f'{escape(g.name)} (+{g.bonus})</title></polygon>')
    mark = marks_reconstruction(board)
    names = {t.id: t.name for t in board.territories} | {z.id: z.name for z in board.zones}
    for b in board.borders:
        if b.a not in P or b.b not in P:
            continue
        (x1, y1), (x2, y2) = P[b.a], P[b.b]
        style = _border_style(b, mark)
        label = (f"{escape(names.get(b.a, b.a))} – {escape(names.get(b.b, b.b))} ({b.kind}"
                 f"{', reconstructed' if b.provenance.is_reconstructed else ''})")
        if geo.geographic and abs(x1 - x2) > geo.width / 2:  # wraps round the world
            left, right = ((x1, y1), (x2, y2)) if x1 < x2 else ((x2, y2), (x1, y1))
            ym = (left[1] + right[1]) / 2
            out.append(f'<g {style}><title>{label}</title>'
                       f'<line x1="{_f(left[0])}" y1="{_f(left[1])}" x2="0" y2="{_f(ym)}"/>'
                       f'<line x1="{_f(right[0])}" y1="{_f(right[1])}" x2="{_f(geo.width)}" '
                       f'y2="{_f(ym)}"/></g>')
        else:
            out.append(f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" '
                       f'{style}><title>{label}</title></line>')
    changed = set(changed)
    checked = set(checked)
    terr = pos.places_of(state)
    capitals = {g.capital.territory for g in board.groups if g.capital}
    for z in board.zones:
        if z.id not in P:
            continue
        x, y = P[z.id]
        zs = terr.get(z.id, {})
        fill = owner_colour(state, zs.get("owner")) if zs.get("owner") is not None else "#ffffff"
        out.append(_ring(x, y, z.id in changed, zone=True) + _check_ring(x, y, z.id in checked,
                                                                          zone=True))
        out.append(f'<g><title>{escape(z.name)} (maritime zone{_facts(state, zs)})</title>'
                   f'<ellipse cx="{_f(x)}" cy="{_f(y)}" rx="{R + 9}" ry="{R - 2}" fill="{fill}" '
                   f'stroke="#1f6fb2" stroke-dasharray="4 3"/>'
                   + (f'<text x="{_f(x)}" y="{_f(y + 4)}" text-anchor="middle" font-weight="bold" '
                      f'fill="{_ink(fill)}">{zs.get("ships", 0)}</text>' if "ships" in zs else "")
                   + _label(x, y, z.name, italic=True) + _badges(x, y, zs) + "</g>")
    for t in board.territories:
        if t.id not in P:
            continue
        x, y = P[t.id]
        ts = terr.get(t.id, {})
        if state is not None:
            fill = owner_colour(state, ts.get("owner"))
        else:
            fill = gcol.get(t.group, "#999")
        ring = 'stroke="#000" stroke-width="3"' if t.id in capitals else 'stroke="#333" ' \
            'stroke-width="1"'
        out.append(_ring(x, y, t.id in changed) + _check_ring(x, y, t.id in checked))
        body = (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{R}" fill="{fill}" {ring}/>')
        if "armies" in ts:
            body += (f'<text x="{_f(x)}" y="{_f(y + 4)}" text-anchor="middle" font-weight="bold" '
                     f'font-size="14" fill="{_ink(fill)}">{ts["armies"]}</text>')
        out.append(f'<g><title>{escape(t.name)}{_facts(state, ts)}</title>{body}'
                   f'{_label(x, y, t.name)}{_badges(x, y, ts)}</g>')
    if arrow and arrow[0] in P and arrow[1] in P:
        out.append(_arrow(P[arrow[0]], P[arrow[1]], geo, cylinder))
    elif target and target in P:
        x, y = P[target]
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{R + 9}" fill="none" stroke="#b00020" '
                   f'stroke-width="3" stroke-dasharray="5 3"/>')
    for pid, note in (notes or {}).items():
        if pid in P:
            out.append(_note(*P[pid], note))
    if around:  # the board once more beyond its right edge, where the world goes on
        out[head:] = [f'<g id="{ident}-world">', *out[head:], "</g>",
                      f'<use href="#{ident}-world" x="{_f(geo.width)}"/>',
                      _seam(geo.width, vy, vh)]
    if caption:
        out.append(f'<g><rect x="{_f(vx + 4)}" y="{_f(vy + 4)}" width="{7.5 * len(caption) + 12:.0f}" '
                   f'height="20" rx="4" fill="#fff" stroke="#333"/><text x="{_f(vx + 10)}" '
                   f'y="{_f(vy + 18)}" font-size="13" font-weight="bold">{escape(caption)}</text></g>')
    if legend_rows:
        out.append(_legend(legend_rows, vx, vy + vh, vw, lh, cols))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def wraps(a: tuple[float, float], b: tuple[float, float], geo: Geometry) -> bool:
    """Two places joined round the back of the world map (Alaska–Kamchatka)."""
    return geo.geographic and abs(a[0] - b[0]) > geo.width / 2


def _arrow(a: tuple[float, float], b: tuple[float, float], geo: Geometry,
           cylinder: bool = True) -> str:
    """The action's arrow from ``a`` to ``b``; across the map's edge when they are joined round
    the back of the world (out of one side, in from the other), never across the board; on a
    board that does not go round the world (``cylinder`` false: a naval landing far across
    Napoléon's Europe), straight."""
    style = 'stroke="#b00020" stroke-width="4"'
    (x1, y1), (x2, y2) = a, b
    if cylinder and wraps(a, b, geo):
        edge_out, edge_in = (0.0, geo.width) if x1 < x2 else (geo.width, 0.0)
        ym = (y1 + y2) / 2
        sx = -1 if edge_out == 0.0 else 1
        return (f'<g><title>across the edge of the map</title>'
                f'<line x1="{_f(x1 + sx * R)}" y1="{_f(y1)}" x2="{_f(edge_out)}" y2="{_f(ym)}" '
                f'{style} stroke-dasharray="8 4"/>'
                f'<line x1="{_f(edge_in)}" y1="{_f(ym)}" x2="{_f(x2 - sx * (R + 4))}" '
                f'y2="{_f(y2)}" {style} marker-end="url(#arrowhead)"/></g>')
    d = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    return (f'<line x1="{_f(x1 + ux * R)}" y1="{_f(y1 + uy * R)}" '
            f'x2="{_f(x2 - ux * (R + 4))}" y2="{_f(y2 - uy * (R + 4))}" {style} '
            f'marker-end="url(#arrowhead)"/>')


def _seam(x: float, y: float, h: float) -> str:
    """The map's edge inside a picture that crosses it (the world goes on round the back)."""
    return (f'<g><title>the edge of the printed map: the world goes on round the back</title>'
            f'<line x1="{_f(x)}" y1="{_f(y)}" x2="{_f(x)}" y2="{_f(y + h)}" stroke="#555" '
            f'stroke-width="1.5" stroke-dasharray="3 5"/>'
            f'<text x="{_f(x)}" y="{_f(y + h - 8)}" text-anchor="middle" font-size="{LABEL}" '
            f'font-style="italic" paint-order="stroke" stroke="{SEA}" stroke-width="4" '
            f'stroke-linejoin="round">edge of the map</text></g>')


def _note(x: float, y: float, text: str) -> str:
    """A change written beside its place: a tag above the disc (``blue 5 → black 3``)."""
    w = 7.4 * len(text) + 10
    top = y - R - 28
    return (f'<g><rect x="{_f(x - w / 2)}" y="{_f(top)}" width="{_f(w)}" height="19" rx="4" '
            f'fill="#fff7c2" stroke="#b38f00"/><text x="{_f(x)}" y="{_f(top + 14)}" '
            f'text-anchor="middle" font-size="{LABEL}" font-weight="bold">{escape(text)}'
            f'</text></g>')


def _outline(x: float, y: float, zone: bool, grow: int, paint: str, title: str = "") -> str:
    """A ring around a place: an ellipse round a zone, a circle round a territory,
    ``grow`` units wider than the innermost one; ``title`` (on a circle) its tooltip."""
    if zone:
        return (f'<ellipse cx="{_f(x)}" cy="{_f(y)}" rx="{R + 14 + grow}" ry="{R + 3 + grow}" '
                f'fill="none" {paint}/>')
    circle = f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{R + 5 + grow}" fill="none" {paint}'
    return circle + (f'><title>{title}</title></circle>' if title else '/>')


def _ring(x: float, y: float, on: bool, zone: bool = False) -> str:
    return _outline(x, y, zone, 0, 'stroke="#ffd400" stroke-width="6"') if on else ""


CHECKED = "#1565c0"  # the ring of a place whose fields the example checks


def _check_ring(x: float, y: float, on: bool, zone: bool = False) -> str:
    if not on:
        return ""
    return _outline(x, y, zone, 5, f'stroke="{CHECKED}" stroke-width="2.5" stroke-dasharray="6 3"',
                    title="checked by the example")


def _label(x: float, y: float, name: str, italic: bool = False) -> str:
    lines = _lines(name)
    style = ' font-style="italic"' if italic else ""
    spans = "".join(f'<tspan x="{_f(x)}" dy="{0 if i == 0 else LABEL}">{escape(s)}</tspan>'
                    for i, s in enumerate(lines))
    return (f'<text x="{_f(x)}" y="{_f(y + R + 13)}" text-anchor="middle"{style} '
            f'font-size="{LABEL}" paint-order="stroke" stroke="#fff" stroke-width="3" '
            f'stroke-linejoin="round">{spans}</text>')


BADGES = (("generals", "G", "#5b2c6f"), ("fortifications", "F", "#6d4c41"),
          ("epidemics", "E", "#1b7a3a"), ("admirals", "A", "#0b4f8a"))


def _badges(x: float, y: float, fields: Mapping[str, Any]) -> str:
    out = []
    # the letters at the labels' size (LABEL × SCALE >= 11 px, like every text of a picture)
    slots = [(R - 1, -R - 5), (-R - 23, -R - 5), (R - 1, R - 10), (-R - 23, R - 10)]
    shown = [(k, letter, col) for k, letter, col in BADGES if fields.get(k)]
    for (key, letter, col), (dx, dy) in zip(shown, slots):
        out.append(f'<g><rect x="{_f(x + dx)}" y="{_f(y + dy)}" width="24" height="15" rx="3" '
                   f'fill="{col}"/><text x="{_f(x + dx + 12)}" y="{_f(y + dy + 11.5)}" '
                   f'text-anchor="middle" font-size="{LABEL}" fill="#fff">{letter}{fields[key]}'
                   f'</text></g>')
    return "".join(out)


def _facts(state: Mapping[str, Any] | None, fields: Mapping[str, Any]) -> str:
    if state is None or not fields:
        return ""
    parts = [f"{label.lower()} {pos.value_text(state, k, fields[k])}"
             for k, label in pos.FIELDS if k in fields]
    return ": " + ", ".join(parts)


def _legend_rows(board: m.Board, position: bool) -> list[tuple[str, str]]:
    """(kind of swatch, label) — kinds: 'group:<colour>', 'line:<style>', 'mark:<what>'."""
    rows: list[tuple[str, str]] = []
    if not position:
        rows += [(f"group:{c}", f"{g.name} (+{g.bonus})")
                 for g, c in zip(board.groups, group_colours(board).values())]
    mark = marks_reconstruction(board)
    kinds = sorted({b.kind for b in board.borders})
    names = {"land": "land border", "sea-line": "sea line", "coast": "coast (land–zone)",
             "sea": "sea (zone–zone)"}
    for k in kinds:
        colour, dash = SOURCED[k]
        rows.append((f"line:{colour}|{dash}", names.get(k, k) + (" from a source" if mark else "")))
    if mark:
        rows.append((f"line:{RECONSTRUCTED}|1.5 3", "reconstructed border"))
    if any(g.capital for g in board.groups):
        rows.append(("mark:capital", "capital"))
    if position:
        rows += [("mark:changed", "changed by the example"), ("mark:arrow", "the action")]
        if board.zones:
            rows.append(("mark:badges", "G generals, F forts, E epidemics, A admirals"))
    return rows


def _legend(rows: Sequence[tuple[str, str]], x0: float, y0: float, w: float, h: float,
            cols: int) -> str:
    out = [f'<g font-size="{LABEL}"><rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(w)}" height="{_f(h)}" '
           f'fill="#fff"/>']
    colw = w / cols
    for i, (kind, label) in enumerate(rows):
        x = x0 + 8 + (i % cols) * colw
        y = y0 + 16 + 20 * (i // cols)
        what, _, arg = kind.partition(":")
        if what == "group":
            out.append(f'<rect x="{_f(x)}" y="{_f(y - 10)}" width="16" height="12" rx="3" '
                       f'fill="{arg}" fill-opacity="0.45"/>')
        elif what == "line":
            colour, dash = arg.split("|")
            out.append(f'<line x1="{_f(x)}" y1="{_f(y - 4)}" x2="{_f(x + 16)}" y2="{_f(y - 4)}" '
                       f'stroke="{colour}" stroke-width="2"'
                       + (f' stroke-dasharray="{dash}"' if dash != "none" else "") + "/>")
        elif arg == "capital":
            out.append(f'<circle cx="{_f(x + 8)}" cy="{_f(y - 4)}" r="6" fill="#fff" '
                       f'stroke="#000" stroke-width="3"/>')
        elif arg == "changed":
            out.append(f'<circle cx="{_f(x + 8)}" cy="{_f(y - 4)}" r="6" fill="none" '
                       f'stroke="#ffd400" stroke-width="4"/>')
        elif arg == "arrow":
            out.append(f'<line x1="{_f(x)}" y1="{_f(y - 4)}" x2="{_f(x + 14)}" y2="{_f(y - 4)}" '
                       f'stroke="#b00020" stroke-width="3" marker-end="url(#arrowhead)"/>')
        out.append(f'<text x="{_f(x + 22)}" y="{_f(y)}">{escape(label)}</text>')
    out.append("</g>")
    return "".join(out)
