"""Building a :class:`~riskspec.model.Board` from a map document, with its semantic checks."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from riskspec import model as m
from riskspec.loading._context import _Ctx, _hint, _provenance, _unique
from riskspec.yamlio import Document, JsonPath


def _unique_names(ctx: _Ctx, doc: Document, d: dict[str, Any]) -> None:
    """Two places (territories and zones), groups or routes never share a name (nor an
    alias), letter case aside: players, logs and the site name places by them."""
    for colls in (("territories", "zones"), ("groups",), ("routes",)):
        seen: dict[str, str] = {}
        for coll in colls:
            for i, item in enumerate(d.get(coll, [])):
                for j, name in enumerate([item.get("name"), *item.get("aliases", ())]):
                    if not isinstance(name, str):
                        continue
                    path: JsonPath = (coll, i, "name") if j == 0 else (coll, i, "aliases", j - 1)
                    key = name.casefold()
                    if key in seen:
                        ctx.add(doc, path, "duplicate-name",
                                f"{item.get('id')!r} is named {name!r}, as is {seen[key]}; "
                                f"give each its own name")
                    else:
                        seen[key] = f"{item.get('id')!r} (line {doc.position(path)[0]})"


def build_board(ctx: _Ctx, doc: Document, sources: dict[str, m.Source]) -> m.Board:
    d = doc.data
    named = d.get("provenances", {})
    for key, value in named.items():
        _provenance(ctx, doc, ("provenances", key), value, named, sources)

    def prov(path: JsonPath, value: Any) -> m.Provenance:
        return _provenance(ctx, doc, path, value, named, sources)

    place_ids: dict[str, str] = {}
    for coll, what in (("territories", "territory"), ("zones", "zone"), ("groups", "group"),
                       ("routes", "route")):
        _unique(ctx, doc, d.get(coll, []), "id", what, (coll,), seen={} if coll in
                ("groups", "routes") else place_ids)
    _unique(ctx, doc, d.get("cards", []), "id", "card", ("cards",))
    _unique_names(ctx, doc, d)

    group_ids = [g["id"] for g in d["groups"]]
    members: dict[str, list[str]] = defaultdict(list)
    territories = []
    for i, t in enumerate(d["territories"]):
        if t["group"] not in group_ids:
            ctx.add(doc, ("territories", i, "group"), "unknown-group",
                    f"territory {t['id']!r} names unknown group {t['group']!r}"
                    f"{_hint(t['group'], group_ids)}")
        members[t["group"]].append(t["id"])
        territories.append(m.Territory(t["id"], t["name"], t["group"],
                                       prov(("territories", i, "provenance"), t["provenance"]),
                                       tuple(t.get("aliases", ()))))
    tids = {t.id for t in territories}
    groups = []
    for i, g in enumerate(d["groups"]):
        if not members.get(g["id"]):
            ctx.add(doc, ("groups", i), "empty-group", f"group {g['id']!r} has no territories")
        capital = None
        if "capital" in g:
            c = g["capital"]
            if c["territory"] not in members.get(g["id"], []):
                ctx.add(doc, ("groups", i, "capital", "territory"), "unknown-territory",
                        f"capital {c['territory']!r} is not a territory of group {g['id']!r}")
            if c["territories"] > len(members.get(g["id"], [])):
                ctx.add(doc, ("groups", i, "capital", "territories"), "capital-count",
                        f"capital of {g['id']!r} needs {c['territories']} territories but the "
                        f"group has {len(members.get(g['id'], []))}")
            capital = m.Capital(c["territory"], c["territories"], c["bonus"],
                                prov(("groups", i, "capital", "provenance"), c["provenance"]))
        groups.append(m.Group(g["id"], g["name"], g["kind"], g["bonus"],
                              tuple(members.get(g["id"], ())),
                              prov(("groups", i, "provenance"), g["provenance"]), capital))
    zones = [m.Zone(z["id"], z["name"], prov(("zones", i, "provenance"), z["provenance"]))
             for i, z in enumerate(d.get("zones", []))]
    zids = {z.id for z in zones}
    routes = []
    for i, r in enumerate(d.get("routes", [])):
        for j, z in enumerate(r["zones"]):
            if z not in zids:
                ctx.add(doc, ("routes", i, "zones", j), "unknown-zone",
                        f"route {r['id']!r} names unknown zone {z!r}{_hint(z, sorted(zids))}")
        routes.append(m.Route(r["id"], r["name"], tuple(r["zones"]), r["bonus"],
                              prov(("routes", i, "provenance"), r["provenance"])))

    borders = []
    seen_pairs: dict[frozenset[str], int] = {}
    adjacency: dict[str, set[str]] = defaultdict(set)
    for i, b in enumerate(d["borders"]):
        a, c = b["between"]
        kinds_ok = {"land": (tids, tids), "sea-line": (tids, tids), "coast": (tids, zids),
                    "sea": (zids, zids)}[b["kind"]]
        ok = True
        for k, (end, allowed) in enumerate(((a, kinds_ok[0]), (c, kinds_ok[1]))):
            if end not in allowed:
                other = b["kind"] == "coast" and end in (tids | zids)
                if b["kind"] == "coast" and other and {a, c} & tids and {a, c} & zids:
                    continue  # a coast border written zone-first is fine
                known = sorted(tids | zids)
                ctx.add(doc, ("borders", i, "between", k), "unknown-place",
                        f"{b['kind']} border names {end!r}, which is not a "
                        f"{'zone' if allowed is zids else 'territory'} of this map"
                        f"{_hint(end, known)}")
                ok = False
        if a == c:
            ctx.add(doc, ("borders", i), "self-border", f"{a!r} cannot border itself")
            ok = False
        pair = frozenset((a, c))
        if pair in seen_pairs:
            line, _ = doc.position(("borders", seen_pairs[pair]))
            ctx.add(doc, ("borders", i), "duplicate-border",
                    f"border {a}–{c} is listed twice (also at line {line}); borders are "
                    f"undirected, list each pair once")
            ok = False
        if ok:
            seen_pairs[pair] = i
            adjacency[a].add(c)
            adjacency[c].add(a)
            borders.append(m.Border(a, c, b["kind"], prov(("borders", i, "provenance"),
                                                           b["provenance"])))

    symbols = tuple(d.get("symbols", ("infantry", "cavalry", "artillery")))
    cards = []
    card_territories: dict[str, int] = {}
    for i, cd in enumerate(d["cards"]):
        if cd["symbol"] != "wild" and cd["symbol"] not in symbols:
            ctx.add(doc, ("cards", i, "symbol"), "unknown-symbol",
                    f"card symbol {cd['symbol']!r} is not one of {', '.join(symbols)} or wild")
        terr = cd.get("territory")
        if terr is not None:
            if terr not in tids:
                ctx.add(doc, ("cards", i, "territory"), "unknown-territory",
                        f"card names unknown territory {terr!r}{_hint(terr, sorted(tids))}")
            elif terr in card_territories:
                ctx.add(doc, ("cards", i, "territory"), "duplicate-card",
                        f"territory {terr!r} already has a card")
            card_territories[terr] = i
        cards.append(m.Card(cd["id"], cd["symbol"], terr,
                            prov(("cards", i, "provenance"), cd["provenance"]), cd.get("effect")))

    expect = d.get("expect", {})
    actual = {"territories": len(territories), "groups": len(groups), "zones": len(zones),
              "routes": len(routes), "borders": len(d["borders"]), "cards": len(cards)}
    for key, want in expect.items():
        if key in actual and actual[key] != want:
            ctx.add(doc, ("expect", key), "count-mismatch",
                    f"the map has {actual[key]} {key} but 'expect' says {want}")

    if territories:  # the territories and zones must form one connected board
        everything = sorted(tids | zids)
        reach = {everything[0]}
        todo = [everything[0]]
        while todo:
            for n in adjacency[todo.pop()]:
                if n not in reach:
                    reach.add(n)
                    todo.append(n)
        cut = [p for p in everything if p not in reach]
        if cut:
            ctx.add(doc, ("borders",), "disconnected",
                    f"the board is not connected: {', '.join(cut[:10])}"
                    f"{' …' if len(cut) > 10 else ''} cannot be reached from {everything[0]!r}")

    layout: dict[str, tuple[float, float]] = {}
    lay = d.get("layout")
    if isinstance(lay, dict):
        for pid, xy in lay["positions"].items():
            if pid not in tids | zids:
                ctx.add(doc, ("layout", "positions", pid), "unknown-place",
                        f"layout position for {pid!r}, which is not a place of this map"
                        f"{_hint(pid, sorted(tids | zids))}")
            layout[pid] = (float(xy[0]), float(xy[1]))

    board = m.Board(
        id=d["id"], title=d["title"], provenance=prov(("provenance",), d["provenance"]),
        territories=tuple(territories), groups=tuple(groups), zones=tuple(zones),
        routes=tuple(routes), borders=tuple(borders), cards=tuple(cards), symbols=symbols,
        file=doc.file,
        adjacency={k: tuple(sorted(v)) for k, v in sorted(adjacency.items())},
        territory_index={t.id: i for i, t in enumerate(territories)},
        layout=layout,
        layout_frame=(float(lay["width"]), float(lay["height"])) if isinstance(lay, dict)
        else (0.0, 0.0),
    )
    return board
