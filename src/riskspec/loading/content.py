"""Building rules, ambiguities and missions, with their semantic checks."""

from __future__ import annotations

from typing import Any

from riskspec import model as m
from riskspec.loading._context import _check_sources, _citations, _Ctx, _hint, _provenance, _unique
from riskspec.yamlio import Document, JsonPath


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
