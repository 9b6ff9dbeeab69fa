"""Load, check and build the specification.

``load_spec()`` reads the shipped spec (or another folder), validates every
file against its JSON Schema, then checks what a schema cannot: references
between files (unknown territory in a border, unknown parameter in a rule,
unknown ambiguity, reading or variant), duplicate IDs, asymmetric or duplicate
borders, groups without territories, counts that differ from ``expect``.
All problems are collected, never only the first.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from riskspec import model as m
from riskspec.errors import Problem, SpecError
from riskspec.validation import format_of, schema_problems
from riskspec.yamlio import Document, JsonPath, load_path


def default_root() -> Path:
    """The folder of the shipped specification (inside the installed package)."""
    return Path(str(resources.files("riskspec.spec")))


@dataclass
class _Ctx:
    """Problems found so far, and the documents already loaded (by resolved path)."""

    problems: list[Problem] = field(default_factory=list)
    docs: dict[Path, Document | None] = field(default_factory=dict)
    display_root: Path | None = None

    def load(self, path: Path, expected: str | None = None) -> Document | None:
        path = path.resolve()
        if path in self.docs:
            return self.docs[path]
        display = str(path)
        if self.display_root is not None:
            try:
                display = str(path.relative_to(self.display_root))
            except ValueError:
                pass
        doc: Document | None
        try:
            doc = load_path(path, display=display)
        except SpecError as exc:
            self.problems.extend(exc.problems)
            self.docs[path] = None
            return None
        schema, probs = format_of(doc)
        if probs:
            self.problems.extend(probs)
            self.docs[path] = None
            return None
        if expected is not None and doc.data.get("format") != expected:
            self.problems.append(doc.problem(("format",), "format",
                                             f"expected a {expected} file here, found "
                                             f"{doc.data.get('format')!r}"))
            self.docs[path] = None
            return None
        assert schema is not None  # noqa: S101 - format_of guarantees it
        schema_errs = schema_problems(doc, schema)
        self.problems.extend(schema_errs)
        self.docs[path] = None if schema_errs else doc
        return self.docs[path]

    def add(self, doc: Document, path: JsonPath, code: str, message: str) -> None:
        self.problems.append(doc.problem(path, code, message))


# --------------------------------------------------------------------------- helpers

def _citations(items: Iterable[dict[str, Any]] | None) -> tuple[m.Citation, ...]:
    return tuple(m.Citation(c["source"], c["passage"], c.get("note")) for c in items or ())


def _check_sources(ctx: _Ctx, doc: Document, path: JsonPath, cites: Iterable[dict[str, Any]],
                   sources: dict[str, m.Source]) -> None:
    for i, c in enumerate(cites or ()):
        if c["source"] not in sources:
            ctx.add(doc, path + (i, "source"), "unknown-source",
                    f"unknown source {c['source']!r}; known: {', '.join(sources)}")


def _provenance(ctx: _Ctx, doc: Document, path: JsonPath, value: Any,
                named: dict[str, Any], sources: dict[str, m.Source]) -> m.Provenance:
    name = None
    if isinstance(value, str):
        name = value
        if value not in named:
            ctx.add(doc, path, "unknown-provenance",
                    f"provenance {value!r} is not defined in this file's 'provenances' table")
            return m.Provenance(reconstructed="(undefined provenance)", name=value)
        value = named[value]
    if "reconstructed" in value:
        _check_sources(ctx, doc, path + ("sources",), value.get("sources", ()), sources)
        return m.Provenance(reconstructed=value["reconstructed"], basis=value.get("basis"),
                            name=name)
    if value["source"] not in sources:
        ctx.add(doc, path + ("source",), "unknown-source", f"unknown source {value['source']!r}")
    return m.Provenance(source=value["source"], passage=value["passage"], name=name)


def _unique(ctx: _Ctx, doc: Document, items: list[dict[str, Any]], key: str, what: str,
            base: JsonPath, seen: dict[str, Any] | None = None) -> None:
    seen = {} if seen is None else seen
    for i, item in enumerate(items):
        ident = item[key]
        if ident in seen:
            ctx.add(doc, base + (i, key), "duplicate-id",
                    f"{what} id {ident!r} is defined twice (first at {seen[ident]})")
        else:
            line, _ = doc.position(base + (i, key))
            seen[ident] = f"{doc.file}:{line}"


# --------------------------------------------------------------------------- boards

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

    board = m.Board(
        id=d["id"], title=d["title"], provenance=prov(("provenance",), d["provenance"]),
        territories=tuple(territories), groups=tuple(groups), zones=tuple(zones),
        routes=tuple(routes), borders=tuple(borders), cards=tuple(cards), symbols=symbols,
        file=doc.file,
        adjacency={k: tuple(sorted(v)) for k, v in sorted(adjacency.items())},
        territory_index={t.id: i for i, t in enumerate(territories)},
    )
    return board


def _hint(given: str, known: list[str]) -> str:
    near = m.closest(given, known)
    return f" (did you mean {', '.join(near)}?)" if near else ""


# --------------------------------------------------------------------------- rules & co

def build_rules(ctx: _Ctx, doc: Document, sources: dict[str, m.Source],
                seen: dict[str, Any]) -> list[m.Rule]:
    rules = []
    _unique(ctx, doc, doc.data["rules"], "id", "rule", ("rules",), seen)
    sections = doc.data.get("sections")
    for i, r in enumerate(doc.data["rules"]):
        _check_sources(ctx, doc, ("rules", i, "sources"), r.get("sources", ()), sources)
        section = r["id"].split(".")[1]
        if sections is not None and section not in sections:
            ctx.add(doc, ("rules", i, "id"), "unknown-section",
                    f"rule {r['id']!r} is in section {section!r}, which 'sections' does not list")
        rules.append(m.Rule(r["id"], r["title"], r["statement"], tuple(r.get("parameters", ())),
                            _citations(r.get("sources")), tuple(r.get("ambiguities", ())),
                            r["testable"], r.get("untestable_reason"), r.get("reconstructed"),
                            r.get("notes"), dict(r.get("options", {})), doc.file))
    return rules


def build_ambiguities(ctx: _Ctx, doc: Document, sources: dict[str, m.Source],
                      seen: dict[str, Any]) -> list[m.Ambiguity]:
    out = []
    _unique(ctx, doc, doc.data["ambiguities"], "id", "ambiguity", ("ambiguities",), seen)
    for i, a in enumerate(doc.data["ambiguities"]):
        base = ("ambiguities", i)
        _unique(ctx, doc, a["readings"], "id", "reading", base + ("readings",))
        readings = []
        for j, r in enumerate(a["readings"]):
            _check_sources(ctx, doc, base + ("readings", j, "sources"), r["sources"], sources)
            if not r["sources"] and not r.get("basis"):
                ctx.add(doc, base + ("readings", j), "unsupported-reading",
                        f"reading {r['id']!r} cites no source and gives no 'basis'")
            readings.append(m.Reading(r["id"], r["statement"], _citations(r["sources"]),
                                      dict(r.get("parameters", {})), r.get("basis")))
        testable = a.get("testable", True)
        if testable:
            shapes = [tuple(sorted((k, repr(v)) for k, v in r.parameters.items()))
                      for r in readings]
            if len(set(shapes)) != len(shapes):
                ctx.add(doc, base + ("readings",), "indistinct-readings",
                        f"two readings of {a['id']!r} set the same parameter values, so no "
                        f"engine can tell them apart; give them different parameters or "
                        f"mark the ambiguity testable: false")
        ids = [r.id for r in readings]
        resolutions = {}
        for vid, res in a["resolutions"].items():
            if res["reading"] not in ids:
                ctx.add(doc, base + ("resolutions", vid, "reading"), "unknown-reading",
                        f"resolution for {vid!r} names reading {res['reading']!r}; "
                        f"{a['id']!r} has {', '.join(ids)}")
            resolutions[vid] = m.Resolution(res["reading"], res["why"])
        out.append(m.Ambiguity(a["id"], a["title"], a["question"], tuple(a.get("rules", ())),
                               tuple(readings), resolutions, testable, doc.file))
    return out


def build_missions(ctx: _Ctx, doc: Document, sources: dict[str, m.Source], board: m.Board | None,
                   colours: tuple[str, ...]) -> tuple[dict[str, m.Mission], dict[str, m.MissionDeck]]:
    d = doc.data
    named = d.get("provenances", {})
    _unique(ctx, doc, d["missions"], "id", "mission", ("missions",))
    _unique(ctx, doc, d["decks"], "id", "deck", ("decks",))
    missions = {}
    for i, ms in enumerate(d["missions"]):
        if board is not None:
            _check_condition(ctx, doc, ("missions", i, "condition"), ms["condition"], board, colours)
        missions[ms["id"]] = m.Mission(
            ms["id"], ms["title"], ms["condition"],
            _provenance(ctx, doc, ("missions", i, "provenance"), ms["provenance"], named, sources),
            ms.get("level"), ms.get("check"), dict(ms.get("reward", {})))
    decks = {}
    for i, dk in enumerate(d["decks"]):
        for j, cid in enumerate(dk["cards"]):
            if cid not in missions:
                ctx.add(doc, ("decks", i, "cards", j), "unknown-mission",
                        f"deck {dk['id']!r} names unknown mission {cid!r}{_hint(cid, list(missions))}")
        decks[dk["id"]] = m.MissionDeck(
            dk["id"], dk["title"], tuple(dk["cards"]),
            _provenance(ctx, doc, ("decks", i, "provenance"), dk["provenance"], named, sources),
            dk.get("level"))
    return missions, decks


def _check_condition(ctx: _Ctx, doc: Document, path: JsonPath, cond: dict[str, Any],
                     board: m.Board, colours: tuple[str, ...]) -> None:
    (kind, body), = cond.items()
    gids = [g.id for g in board.groups]
    places = list(board.territory_ids) + list(board.zone_ids)
    if kind in ("all", "any"):
        for i, sub in enumerate(body):
            _check_condition(ctx, doc, path + (kind, i), sub, board, colours)
    elif kind == "control_groups":
        for i, g in enumerate(body.get("groups", ())):
            if g not in gids:
                ctx.add(doc, path + (kind, "groups", i), "unknown-group",
                        f"mission names unknown group {g!r}{_hint(g, gids)}")
        if len(body.get("groups", ())) + body.get("plus_any", 0) > len(gids):
            ctx.add(doc, path + (kind,), "impossible-mission", "asks for more groups than the map has")
    elif kind == "hold_territories" and body["count"] > len(board.territories):
        ctx.add(doc, path + (kind, "count"), "impossible-mission",
                f"asks for {body['count']} territories; the map has {len(board.territories)}")
    elif kind == "hold_named":
        for i, p in enumerate(body["places"]):
            if p not in places:
                ctx.add(doc, path + (kind, "places", i), "unknown-place",
                        f"mission names unknown place {p!r}{_hint(p, places)}")
    elif kind == "destroy_player":
        if colours and body["colour"] not in colours:
            ctx.add(doc, path + (kind, "colour"), "unknown-colour",
                    f"colour {body['colour']!r} is not one of the variant's colours "
                    f"{', '.join(colours)}")
        _check_condition(ctx, doc, path + (kind, "fallback"), body["fallback"], board, colours)
    elif kind == "control_routes":
        rids = [r.id for r in board.routes]
        for i, r in enumerate(body.get("routes", ())):
            if r not in rids:
                ctx.add(doc, path + (kind, "routes", i), "unknown-route",
                        f"mission names unknown route {r!r}{_hint(r, rids)}")
    elif kind == "control_capitals":
        caps = [g.capital.territory for g in board.groups if g.capital]
        for i, c in enumerate(body.get("capitals", ())):
            if c not in caps:
                ctx.add(doc, path + (kind, "capitals", i), "unknown-capital",
                        f"{c!r} is not a capital of this map")


# --------------------------------------------------------------------------- variants

@dataclass
class _RawVariant:
    doc: Document
    path: Path


def _load_sources(ctx: _Ctx, root: Path) -> dict[str, m.Source]:
    doc = ctx.load(root / "sources.yaml", "riskspec/sources@1")
    if doc is None:
        return {}
    out = {}
    _unique(ctx, doc, doc.data["sources"], "id", "source", ("sources",))
    for s in doc.data["sources"]:
        out[s["id"]] = m.Source(s["id"], s["file"], s["title"], s["language"])
    return out


def _chain(raws: dict[str, _RawVariant], vid: str, ctx: _Ctx) -> list[_RawVariant] | None:
    """The variant and its ancestors, root first; None on a cycle or unknown parent."""
    chain: list[_RawVariant] = []
    seen: set[str] = set()
    cur: str | None = vid
    while cur is not None:
        if cur in seen:
            raw = raws[vid]
            ctx.add(raw.doc, ("extends",), "extends-cycle", f"variant {vid!r} extends itself")
            return None
        seen.add(cur)
        if cur not in raws:
            raw = chain[-1] if chain else raws[vid]
            ctx.add(raw.doc, ("extends",), "unknown-variant",
                    f"extends unknown variant {cur!r}{_hint(cur, list(raws))}")
            return None
        chain.append(raws[cur])
        cur = raws[cur].doc.data.get("extends")
    return list(reversed(chain))


def _build_variant(ctx: _Ctx, vid: str, raws: dict[str, _RawVariant],
                   sources: dict[str, m.Source], boards: dict[str, m.Board],
                   all_rules: dict[str, m.Rule], all_ambs: dict[str, m.Ambiguity],
                   rule_seen: dict[str, Any], amb_seen: dict[str, Any]) -> m.Variant | None:
    chain = _chain(raws, vid, ctx)
    if chain is None:
        return None
    merged: dict[str, Any] = {}
    file_of: dict[str, _RawVariant] = {}
    params: dict[str, dict[str, Any]] = {}
    options: dict[str, dict[str, Any]] = {}
    for raw in chain:
        for key, value in raw.doc.data.items():
            if key == "parameters":
                for pk, pv in value.items():
                    if pk in params and raw is not chain[0] and set(pv) == {"value"}:
                        params[pk] = {**params[pk], "value": pv["value"]}
                    else:
                        params[pk] = pv
            elif key == "options":
                options.update(value)
            else:
                merged[key] = value
                file_of[key] = raw
    me = raws[vid]
    doc = me.doc
    for i, s in enumerate(doc.data["sources"]):
        if s not in sources:
            ctx.add(doc, ("sources", i), "unknown-source", f"unknown source {s!r}")

    for needed in ("map", "rules", "players"):
        if needed not in merged:
            ctx.add(doc, (), "incomplete-variant",
                    f"variant {vid!r} has no {needed!r} (and inherits none)")
    if any(k not in merged for k in ("map", "rules", "players")):
        return None

    def rel(key: str, value: str) -> Path:
        return file_of[key].path.parent / value

    board_path = rel("map", merged["map"]).resolve()
    if board_path not in boards:
        bdoc = ctx.load(board_path, "riskspec/map@1")
        if bdoc is None:
            return None
        boards[board_path] = build_board(ctx, bdoc, sources)  # type: ignore[index]
    board = boards[board_path]  # type: ignore[index]

    rules: dict[str, m.Rule] = {}
    for rp in merged.get("rules", []):
        path = rel("rules", rp).resolve()
        if path not in ctx.docs:
            rdoc = ctx.load(path, "riskspec/rules@1")
            if rdoc is not None:
                for r in build_rules(ctx, rdoc, sources, rule_seen):
                    all_rules.setdefault(r.id, r)
        for r in all_rules.values():
            if Path(r.file) == path or r.file == _display(ctx, path):
                rules[r.id] = r
    ambiguities: dict[str, m.Ambiguity] = {}
    for ap in merged.get("ambiguities", []):
        path = rel("ambiguities", ap).resolve()
        if path not in ctx.docs:
            adoc = ctx.load(path, "riskspec/ambiguities@1")
            if adoc is not None:
                for a in build_ambiguities(ctx, adoc, sources, amb_seen):
                    all_ambs.setdefault(a.id, a)
        for a in all_ambs.values():
            if a.file == _display(ctx, path):
                ambiguities[a.id] = a

    players = merged["players"]
    if players["min"] > players["max"]:
        ctx.add(doc, ("players",), "players", "players.min is larger than players.max")
    colours = tuple(players.get("colours", ()))

    missions: dict[str, m.Mission] = {}
    decks: dict[str, m.MissionDeck] = {}
    if "missions" in merged:
        mpath = rel("missions", merged["missions"]).resolve()
        mdoc = ctx.load(mpath, "riskspec/missions@1")
        if mdoc is not None:
            missions, decks = build_missions(ctx, mdoc, sources, board, colours)

    # Parameters: every reference to a parameter must name one that exists.
    parameters = {k: m.Parameter(k, v["value"], v["description"],
                                 tuple(v["allowed"]) if "allowed" in v else None,
                                 _citations(v.get("sources")))
                  for k, v in params.items()}
    for k, p in parameters.items():
        if p.allowed is not None and p.value not in p.allowed:
            ctx.add(doc, ("parameters", k, "value"), "bad-parameter-value",
                    f"parameter {k!r} = {p.value!r} is not one of {', '.join(p.allowed)}")

    def check_param_refs(where: Document, path: JsonPath, values: dict[str, Any]) -> None:
        for pk, pv in values.items():
            if pk not in parameters:
                ctx.add(where, path + (pk,), "unknown-parameter",
                        f"unknown parameter {pk!r}{_hint(pk, list(parameters))}")
            elif parameters[pk].allowed is not None and pv not in parameters[pk].allowed:
                ctx.add(where, path + (pk,), "bad-parameter-value",
                        f"parameter {pk!r} may be {', '.join(parameters[pk].allowed)}; got {pv!r}")

    opts: dict[str, m.Option] = {}
    for a in ambiguities.values():
        adoc = _doc_for(ctx, a.file)
        index = _index_of(adoc, "ambiguities", a.id) if adoc else None
        for j, r in enumerate(a.readings):
            if adoc is not None and index is not None:
                check_param_refs(adoc, ("ambiguities", index, "readings", j, "parameters"),
                                 dict(r.parameters))
        resolution = _resolution_for(a, [raw.doc.data["id"] for raw in reversed(chain)])
        if resolution is None:
            if adoc is not None and index is not None:
                ctx.add(adoc, ("ambiguities", index, "resolutions"), "missing-resolution",
                        f"ambiguity {a.id!r} has no resolution for variant {vid!r} "
                        f"(nor for a variant it extends)")
            continue
        choices = {r.id: m.OptionChoice(r.id, r.statement, dict(r.parameters)) for r in a.readings}
        opts[a.id] = m.Option(a.id, a.question, resolution.reading, choices, ambiguity=a.id)
    for oid, o in options.items():
        odoc = _owner(chain, "options", oid)
        for cid, c in o["choices"].items():
            check_param_refs(odoc, ("options", oid, "choices", cid, "parameters"),
                             c.get("parameters", {}))
        if o["default"] not in o["choices"]:
            ctx.add(odoc, ("options", oid, "default"), "unknown-choice",
                    f"default {o['default']!r} is not one of the choices of option {oid!r}")
        opts[oid] = m.Option(oid, o["description"], o["default"],
                             {cid: m.OptionChoice(cid, c.get("description", ""),
                                                  dict(c.get("parameters", {})))
                              for cid, c in o["choices"].items()})

    # Rules: their parameters and ambiguities must exist.
    for r in rules.values():
        rdoc = _doc_for(ctx, r.file)
        idx = _index_of(rdoc, "rules", r.id) if rdoc else None
        if rdoc is None or idx is None:
            continue
        for j, pk in enumerate(r.parameters):
            if pk not in parameters:
                ctx.add(rdoc, ("rules", idx, "parameters", j), "unknown-parameter",
                        f"rule {r.id!r} uses unknown parameter {pk!r}{_hint(pk, list(parameters))}")
        for j, aid in enumerate(r.ambiguities):
            if aid not in ambiguities:
                ctx.add(rdoc, ("rules", idx, "ambiguities", j), "unknown-ambiguity",
                        f"rule {r.id!r} names unknown ambiguity {aid!r}"
                        f"{_hint(aid, list(ambiguities))}")
        for ok, ov in r.options.items():
            if ok not in opts or ov not in opts[ok].choices:
                ctx.add(rdoc, ("rules", idx, "options", ok), "unknown-option",
                        f"rule {r.id!r} applies under option {ok}={ov}, which the variant lacks")
    for a in ambiguities.values():
        adoc = _doc_for(ctx, a.file)
        idx = _index_of(adoc, "ambiguities", a.id) if adoc else None
        if adoc is None or idx is None:
            continue
        for j, rid in enumerate(a.rules):
            if rid not in rules:
                ctx.add(adoc, ("ambiguities", idx, "rules", j), "unknown-rule",
                        f"ambiguity {a.id!r} names unknown rule {rid!r}{_hint(rid, list(rules))}")
        for vk in a.resolutions:
            if vk not in raws:
                ctx.add(adoc, ("ambiguities", idx, "resolutions", vk), "unknown-variant",
                        f"resolution for unknown variant {vk!r}{_hint(vk, list(raws))}")
    for i, ph in enumerate(merged.get("phases", [])):
        for j, rid in enumerate(ph.get("rules", [])):
            if rid not in rules:
                ctx.add(_owner(chain, "phases", None), ("phases", i, "rules", j), "unknown-rule",
                        f"phase {ph['id']!r} names unknown rule {rid!r}")
    if "missions.deck" in parameters and decks and parameters["missions.deck"].value not in decks:
        ctx.add(_owner(chain, "parameters", "missions.deck"), ("parameters", "missions.deck"),
                "unknown-deck", f"missions.deck names unknown deck "
                                f"{parameters['missions.deck'].value!r}; decks: {', '.join(decks)}")

    return m.Variant(
        id=vid, title=doc.data["title"], family=merged.get("family", vid),
        description=doc.data.get("description", merged.get("description", "")),
        extends=doc.data.get("extends"), sources=tuple(doc.data["sources"]), board=board,
        rules=rules, ambiguities=ambiguities, missions=missions, mission_decks=decks,
        min_players=players["min"], max_players=players["max"], colours=colours,
        phases=tuple(merged.get("phases", ())), parameters=parameters, options=opts,
        file=doc.file)


def _resolution_for(a: m.Ambiguity, lineage: list[str]) -> m.Resolution | None:
    for vid in lineage:
        if vid in a.resolutions:
            return a.resolutions[vid]
    return None


def _owner(chain: list[_RawVariant], key: str, sub: str | None) -> Document:
    for raw in reversed(chain):
        value = raw.doc.data.get(key)
        if value is not None and (sub is None or sub in value):
            return raw.doc
    return chain[-1].doc


def _display(ctx: _Ctx, path: Path) -> str:
    doc = ctx.docs.get(path)
    if doc is not None:
        return doc.file
    if ctx.display_root is not None:
        try:
            return str(path.relative_to(ctx.display_root))
        except ValueError:
            pass
    return str(path)


def _doc_for(ctx: _Ctx, file: str) -> Document | None:
    for doc in ctx.docs.values():
        if doc is not None and doc.file == file:
            return doc
    return None


def _index_of(doc: Document | None, coll: str, ident: str) -> int | None:
    if doc is None:
        return None
    for i, item in enumerate(doc.data.get(coll, [])):
        if item.get("id") == ident:
            return i
    return None


# --------------------------------------------------------------------------- entry points

def _collect(root: Path) -> tuple[_Ctx, m.Spec]:
    root = root.resolve()
    ctx = _Ctx(display_root=root.parent if root.name == "spec" else root)
    sources = _load_sources(ctx, root)
    raws: dict[str, _RawVariant] = {}
    for path in sorted(root.rglob("*.y*ml")):
        if path.name == "sources.yaml" and path.parent == root:
            continue
        try:
            head = path.read_bytes()[:4096]
        except OSError:
            continue
        if b"riskspec/variant@1" not in head:
            continue
        doc = ctx.load(path, "riskspec/variant@1")
        if doc is None:
            continue
        vid = doc.data["id"]
        if vid in raws:
            ctx.add(doc, ("id",), "duplicate-id",
                    f"variant id {vid!r} is also defined in {raws[vid].doc.file}")
            continue
        raws[vid] = _RawVariant(doc, path)
    boards: dict[Any, m.Board] = {}
    all_rules: dict[str, m.Rule] = {}
    all_ambs: dict[str, m.Ambiguity] = {}
    rule_seen: dict[str, Any] = {}
    amb_seen: dict[str, Any] = {}
    variants = {}
    for vid in raws:
        v = _build_variant(ctx, vid, raws, sources, boards, all_rules, all_ambs,
                           rule_seen, amb_seen)
        if v is not None:
            variants[vid] = v
    # Files in the tree that no variant reaches are still checked (and reported).
    for path in sorted(root.rglob("*.y*ml")):
        if path.resolve() not in ctx.docs:
            doc = ctx.load(path)
            if doc is not None:
                _standalone(ctx, doc, sources)
    spec = m.Spec(sources=sources, variants=variants,
                  boards={b.id: b for b in boards.values()}, rules=all_rules,
                  ambiguities=all_ambs, root=str(root))
    return ctx, spec


def _standalone(ctx: _Ctx, doc: Document, sources: dict[str, m.Source]) -> None:
    """Checks for a file given on its own (no variant around it)."""
    fmt = doc.data["format"]
    if fmt == "riskspec/map@1":
        build_board(ctx, doc, sources)
    elif fmt == "riskspec/rules@1":
        build_rules(ctx, doc, sources, {})
    elif fmt == "riskspec/ambiguities@1":
        build_ambiguities(ctx, doc, sources, {})
    elif fmt == "riskspec/missions@1":
        build_missions(ctx, doc, sources, None, ())


def check_tree(root: Path | None = None) -> tuple[list[Problem], m.Spec]:
    """Validate a whole spec folder; return every problem and what could be built."""
    ctx, spec = _collect(root or default_root())
    return ctx.problems, spec


def check_files(paths: list[Path]) -> list[Problem]:
    """Validate the given files. A variant file pulls in its map, rules and ambiguities."""
    ctx = _Ctx()
    sources = _load_sources(_Ctx(), default_root())
    for path in paths:
        if path.is_dir():
            problems, _ = check_tree(path)
            ctx.problems.extend(problems)
            continue
        doc = ctx.load(path)
        if doc is None:
            continue
        if doc.data["format"] == "riskspec/sources@1":
            continue
        if doc.data["format"] == "riskspec/variant@1":
            raws = {doc.data["id"]: _RawVariant(doc, path)}
            # Parents of a given variant come from the shipped spec.
            if doc.data.get("extends"):
                _, shipped = _collect(default_root())
                for vid, v in shipped.variants.items():
                    if vid not in raws:
                        pdoc = load_path(Path(v.file) if Path(v.file).is_absolute()
                                         else default_root().parent / v.file)
                        raws[vid] = _RawVariant(pdoc, default_root().parent / v.file)
            _build_variant(ctx, doc.data["id"], raws, sources, {}, {}, {}, {}, {})
        else:
            _standalone(ctx, doc, sources)
    return ctx.problems


@functools.cache
def _default_spec() -> m.Spec:
    problems, spec = check_tree(default_root())
    if problems:
        raise SpecError(problems)
    return spec


def load_spec(root: str | Path | None = None, *, strict: bool = True) -> m.Spec:
    """The specification; raises :class:`SpecError` (with every problem) if it is invalid.

    ``strict=False`` returns whatever could be built despite problems (for
    tools that must keep working while a file is being edited).
    """
    if root is None and strict:
        return _default_spec()
    problems, spec = check_tree(Path(root) if root is not None else default_root())
    if problems and strict:
        raise SpecError(problems)
    return spec


def get_variant(variant_id: str) -> m.Variant:
    """A shipped variant by ID (e.g. ``classic``)."""
    return load_spec().variant(variant_id)
