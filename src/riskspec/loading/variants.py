"""Building a :class:`~riskspec.model.Variant`: inheritance, files it names, options, cross-references."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riskspec import model as m
from riskspec.loading._context import _citations, _Ctx, _hint, _unique
from riskspec.loading.boards import build_board
from riskspec.loading.content import build_ambiguities, build_missions, build_rules
from riskspec.loading.params import (
    check_parameter_types,
    check_set_value,
    get_combination_problems,
    get_playings,
)
from riskspec.yamlio import Document, JsonPath, real_path


@dataclass
class _RawVariant:
    doc: Document
    path: Path


def _load_sources(ctx: _Ctx, root: Path) -> dict[str, m.Source]:
    doc = ctx.load(root / "sources.yaml", "riskspec/sources@1")
    if doc is None:
        return {}
    return sources_of(ctx, doc)


def sources_of(ctx: _Ctx, doc: Document) -> dict[str, m.Source]:
    """The sources of a ``riskspec/sources@1`` document, each ID once (a duplicate is a
    ``duplicate-id`` problem at its line, naming where the first is)."""
    out = {}
    _unique(ctx, doc, doc.data["sources"], "id", "source", ("sources",))
    for s in doc.data["sources"]:
        out[s["id"]] = m.Source(s["id"], s["file"], s["title"], s["language"],
                                s.get("edition"), s.get("reliability"), s.get("coverage"),
                                s.get("completeness"))
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
            if ctx.failed_under([raw.path.parent]):
                return None  # the parent is likely the unreadable file already reported
            ctx.add(raw.doc, ("extends",), "unknown-variant",
                    f"extends unknown variant {cur!r}{_hint(cur, list(raws))}")
            return None
        chain.append(raws[cur])
        cur = raws[cur].doc.data.get("extends")
    return list(reversed(chain))


@dataclass
class _Shared:
    """What the variants of one tree share: loaded rules, ambiguities and boards, and ID registers."""

    sources: dict[str, m.Source]
    raws: dict[str, _RawVariant]
    boards: dict[Path, m.Board] = field(default_factory=dict)
    rules: dict[str, m.Rule] = field(default_factory=dict)
    ambiguities: dict[str, m.Ambiguity] = field(default_factory=dict)
    rule_ids: dict[str, Any] = field(default_factory=dict)
    ambiguity_ids: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Merged:
    """A variant's fields after applying its ``extends`` chain (root first)."""

    chain: list[_RawVariant]
    fields: dict[str, Any]
    file_of: dict[str, _RawVariant]
    params: dict[str, dict[str, Any]]
    options: dict[str, dict[str, Any]]

    def path(self, key: str, value: str) -> Path:
        """A file named by field ``key``, relative to the variant file that set it."""
        return real_path(self.file_of[key].path.parent / value)

    def named_file(self, ctx: _Ctx, key: str, value: str, index: int | None = None
                   ) -> Path | None:
        """:meth:`path`, or None (and a problem) when it leads out of the folder of the
        variant file that names it: a spec never reads a file outside its own tree (a
        ``..`` in the name, an absolute name or a symlink out)."""
        raw = self.file_of[key]
        folder = real_path(raw.path.parent)
        path = self.path(key, value)
        if not path.is_relative_to(folder):
            ctx.add(raw.doc, (key,) if index is None else (key, index), "path-escape",
                    f"{key} {value!r} leads out of the folder of {raw.doc.file} (to {path}); "
                    f"a spec reads only files in its own folder: move the file there")
            return None
        return path


def _merge(chain: list[_RawVariant]) -> _Merged:
    merged = _Merged(chain, {}, {}, {}, {})
    for raw in chain:
        for key, value in raw.doc.data.items():
            if key == "parameters":
                for pk, pv in value.items():
                    # A child may override just the value and keep the parent's description.
                    if pk in merged.params and set(pv) == {"value"}:
                        merged.params[pk] = {**merged.params[pk], "value": pv["value"]}
                    else:
                        merged.params[pk] = pv
            elif key == "options":
                merged.options.update(value)
            else:
                merged.fields[key] = value
                merged.file_of[key] = raw
    return merged


def _build_variant(ctx: _Ctx, vid: str, shared: _Shared) -> m.Variant | None:
    chain = _chain(shared.raws, vid, ctx)
    if chain is None:
        return None
    merged = _merge(chain)
    doc = shared.raws[vid].doc
    for i, s in enumerate(doc.data["sources"]):
        if s not in shared.sources:
            ctx.add(doc, ("sources", i), "unknown-source", f"unknown source {s!r}")
    missing = [k for k in ("map", "rules", "players") if k not in merged.fields]
    for needed in missing:
        ctx.add(doc, (), "incomplete-variant", f"variant {vid!r} has no {needed!r} (and inherits none)")
    if missing:
        return None

    board = _variant_board(ctx, merged, shared)
    if board is None:
        return None
    rules = _variant_files(ctx, merged, shared, "rules")
    ambiguities = _variant_files(ctx, merged, shared, "ambiguities")
    players = merged.fields["players"]
    pdoc = _owner(merged.chain, "players", None)
    if players["min"] > players["max"]:
        ctx.add(pdoc, ("players",), "players", f"players.min ({players['min']}) is larger than players.max "
                f"({players['max']}): swap them or lower players.min")
    colours = tuple(players.get("colours", ()))
    family = merged.fields.get("family", vid)
    if family == "classic" and players["min"] < 2:
        ctx.add(pdoc, ("players", "min"), "players",
                f"players.min is {players['min']}; a Classic game seats 2 players (with a "
                f"neutral army, or head to head) or more: make it at least 2")
    if (family == "classic" or colours) and players["max"] > len(colours):
        ctx.add(pdoc, ("players", "max"), "players",
                f"players.max is {players['max']} but players.colours lists {len(colours)} "
                f"colour(s), one per seat: add colours or lower players.max")
    _unique(ctx, _owner(merged.chain, "phases", None), merged.fields.get("phases", []), "id",
            "phase", ("phases",))
    missions: dict[str, m.Mission] = {}
    decks: dict[str, m.MissionDeck] = {}
    mpath = (merged.named_file(ctx, "missions", merged.fields["missions"])
             if "missions" in merged.fields else None)
    if mpath is not None:
        mdoc = ctx.load(mpath, "riskspec/missions@1")
        if mdoc is not None:
            missions, decks = build_missions(ctx, mdoc, shared.sources, board, colours)

    parameters = _variant_parameters(ctx, merged, doc)
    typed = check_parameter_types(
        ctx, family, lambda k: _owner(merged.chain, "parameters", k),
        {k: p.value for k, p in parameters.items()},
        _owner(merged.chain, "family", None) if "family" in merged.fields else doc)
    options = _variant_options(ctx, vid, merged, ambiguities, parameters, family)
    if typed:
        _check_combinations(ctx, merged, family, parameters, options, board, decks)
    _check_references(ctx, merged, shared, rules, ambiguities, parameters, options, decks)
    return m.Variant(
        id=vid, title=doc.data["title"], family=family,
        description=doc.data.get("description", merged.fields.get("description", "")),
        extends=doc.data.get("extends"), sources=tuple(doc.data["sources"]), board=board,
        rules=rules, ambiguities=ambiguities, missions=missions, mission_decks=decks,
        min_players=players["min"], max_players=players["max"], colours=colours,
        phases=tuple(merged.fields.get("phases", ())), parameters=parameters, options=options,
        file=doc.file)


def _check_combinations(ctx: _Ctx, merged: _Merged, family: str,
                        parameters: dict[str, m.Parameter], options: dict[str, m.Option],
                        board: m.Board, decks: dict[str, m.MissionDeck]) -> None:
    """The defaults, and each option choice alone, are a game the engine can play. A
    problem stands where the value that breaks it is set (the variant, or the reading or
    option choice that gives it)."""
    players = merged.fields["players"]
    seen: set[tuple[str, str]] = set()
    checked: dict[tuple[str, int], tuple[Any, bool]] = {}  # each value's type checked once
    for label, values, origin in get_playings({k: p.value for k, p in parameters.items()},
                                              options):
        for name, why in get_combination_problems(
                family, values, players=(players["min"], players["max"]),
                colours=len(players.get("colours", ())), territories=len(board.territories),
                decks=decks, checked=checked):
            if (name, why) in seen:
                continue
            seen.add((name, why))
            doc, path = _value_site(ctx, merged, options, name, origin.get(name))
            ctx.add(doc, path, "unplayable-parameters", f"{name}{label}: {why}")


def _value_site(ctx: _Ctx, merged: _Merged, options: dict[str, m.Option], name: str,
                origin: tuple[str, str] | None) -> tuple[Document, JsonPath]:
    """The document and path where parameter ``name`` gets the value it has in a playing."""
    if origin is not None:
        oid, cid = origin
        opt = options[oid]
        if opt.ambiguity is None:
            return (_owner(merged.chain, "options", oid),
                    ("options", oid, "choices", cid, "parameters", name))
        for doc in ctx.docs.values():
            if doc is None or doc.data.get("format") != "riskspec/ambiguities@1":
                continue
            index = _index_of(doc, "ambiguities", opt.ambiguity)
            if index is not None:
                for j, r in enumerate(doc.data["ambiguities"][index].get("readings", [])):
                    if r.get("id") == cid:
                        return doc, ("ambiguities", index, "readings", j, "parameters", name)
    return _owner(merged.chain, "parameters", name), ("parameters", name, "value")


def _variant_board(ctx: _Ctx, merged: _Merged, shared: _Shared) -> m.Board | None:
    path = merged.named_file(ctx, "map", merged.fields["map"])
    if path is None:
        return None
    if path not in shared.boards:
        bdoc = ctx.load(path, "riskspec/map@1")
        if bdoc is None:
            return None
        shared.boards[path] = build_board(ctx, bdoc, shared.sources)
    return shared.boards[path]


def _variant_files(ctx: _Ctx, merged: _Merged, shared: _Shared, key: str) -> dict[str, Any]:
    """The rules (or ambiguities) of the files the variant names, each file built once."""
    table: tuple[str, dict[str, Any], Any, Callable[..., Any]] = (
        ("riskspec/rules@1", shared.rules, shared.rule_ids, build_rules) if key == "rules" else
        ("riskspec/ambiguities@1", shared.ambiguities, shared.ambiguity_ids, build_ambiguities))
    fmt, store, ids, build = table
    out: dict[str, Any] = {}
    for i, name in enumerate(merged.fields.get(key, [])):
        path = merged.named_file(ctx, key, name, i)
        if path is None:
            continue
        if path not in ctx.docs:
            fdoc = ctx.load(path, fmt)
            if fdoc is not None:
                for item in build(ctx, fdoc, shared.sources, ids):
                    store.setdefault(item.id, item)
        display = _display(ctx, path)
        out.update((k, v) for k, v in store.items() if v.file == display)
    return out


def _variant_parameters(ctx: _Ctx, merged: _Merged, doc: Document) -> dict[str, m.Parameter]:
    parameters = {k: m.Parameter(k, v["value"], v["description"],
                                 tuple(v["allowed"]) if "allowed" in v else None,
                                 _citations(v.get("sources")))
                  for k, v in merged.params.items()}
    for k, p in parameters.items():
        if p.allowed is not None and p.value not in p.allowed:
            ctx.add(_owner(merged.chain, "parameters", k), ("parameters", k, "value"),
                    "bad-parameter-value",
                    f"parameter {k!r} = {p.value!r:.60} is not one of {', '.join(p.allowed)}; "
                    f"use one of them (or add the word to 'allowed' if the engine plays it)")
    return parameters


def _check_param_refs(ctx: _Ctx, parameters: dict[str, m.Parameter], where: Document,
                      path: JsonPath, values: dict[str, Any], family: str, what: str) -> None:
    """Every parameter a reading or option sets must exist and take an allowed value of
    its type and range."""
    for pk, pv in values.items():
        if pk not in parameters:
            ctx.add(where, path + (pk,), "unknown-parameter",
                    f"unknown parameter {pk!r}{_hint(pk, list(parameters))}")
        elif (allowed := parameters[pk].allowed) is not None and pv not in allowed:
            ctx.add(where, path + (pk,), "bad-parameter-value",
                    f"parameter {pk!r} may be {', '.join(allowed)}; got "
                    f"{pv!r:.60}: use one of them")
        else:
            check_set_value(ctx, family, where, path + (pk,), pk, pv, what)


def _variant_options(ctx: _Ctx, vid: str, merged: _Merged, ambiguities: dict[str, m.Ambiguity],
                     parameters: dict[str, m.Parameter], family: str) -> dict[str, m.Option]:
    """Every ambiguity becomes an option (default: the variant's resolution), plus declared options."""
    lineage = [raw.doc.data["id"] for raw in reversed(merged.chain)]
    opts: dict[str, m.Option] = {}
    for a in ambiguities.values():
        adoc = _doc_for(ctx, a.file)
        index = _index_of(adoc, "ambiguities", a.id)
        if adoc is not None and index is not None:
            for j, r in enumerate(a.readings):
                _check_param_refs(ctx, parameters, adoc,
                                  ("ambiguities", index, "readings", j, "parameters"),
                                  dict(r.parameters), family,
                                  f"reading {r.id!r} of {a.id!r}")
        resolution = _resolution_for(a, lineage)
        if resolution is None:
            if adoc is not None and index is not None:
                ctx.add(adoc, ("ambiguities", index, "resolutions"), "missing-resolution",
                        f"ambiguity {a.id!r} has no resolution for variant {vid!r} "
                        f"(nor for a variant it extends)")
            continue
        choices = {r.id: m.OptionChoice(r.id, r.statement, dict(r.parameters)) for r in a.readings}
        opts[a.id] = m.Option(a.id, a.question, resolution.reading, choices, ambiguity=a.id)
    for oid, o in merged.options.items():
        odoc = _owner(merged.chain, "options", oid)
        for cid, c in o["choices"].items():
            _check_param_refs(ctx, parameters, odoc, ("options", oid, "choices", cid, "parameters"),
                              c.get("parameters", {}), family, f"option {oid}={cid}")
        if o["default"] not in o["choices"]:
            ctx.add(odoc, ("options", oid, "default"), "unknown-choice",
                    f"default {o['default']!r} is not one of the choices of option {oid!r}")
        opts[oid] = m.Option(oid, o["description"], o["default"],
                             {cid: m.OptionChoice(cid, c.get("description", ""),
                                                  dict(c.get("parameters", {})))
                              for cid, c in o["choices"].items()})
    return opts


def _unknown_refs(ctx: _Ctx, doc: Document, where: tuple[Any, ...], key: str,
                  ids: Sequence[str], known: Mapping[str, Any], code: str, what: str) -> None:
    """One problem per ID of ``doc[where][key]`` that is not in ``known`` (closest hinted)."""
    for j, ident in enumerate(ids):
        if ident not in known:
            ctx.add(doc, (*where, key, j), code, f"{what} {ident!r}{_hint(ident, list(known))}")


def _check_references(ctx: _Ctx, merged: _Merged, shared: _Shared, rules: dict[str, m.Rule],
                      ambiguities: dict[str, m.Ambiguity], parameters: dict[str, m.Parameter],
                      opts: dict[str, m.Option], decks: dict[str, m.MissionDeck]) -> None:
    """Rules name existing parameters, ambiguities and options; ambiguities existing rules."""
    # a file of the variant's folders failed (reported): IDs it held would all look unknown
    partial = ctx.failed_under({raw.path.parent for raw in merged.chain})
    for r in rules.values():
        rdoc = _doc_for(ctx, r.file)
        idx = _index_of(rdoc, "rules", r.id)
        if rdoc is None or idx is None:
            continue
        where = ("rules", idx)
        _unknown_refs(ctx, rdoc, where, "parameters", r.parameters, parameters,
                      "unknown-parameter", f"rule {r.id!r} uses unknown parameter")
        if not partial:
            _unknown_refs(ctx, rdoc, where, "ambiguities", r.ambiguities, ambiguities,
                          "unknown-ambiguity", f"rule {r.id!r} names unknown ambiguity")
        for ok, ov in r.options.items():
            if ok not in opts or ov not in opts[ok].choices:
                ctx.add(rdoc, ("rules", idx, "options", ok), "unknown-option",
                        f"rule {r.id!r} applies under option {ok}={ov}, which the variant lacks")
    for a in ambiguities.values():
        adoc = _doc_for(ctx, a.file)
        idx = _index_of(adoc, "ambiguities", a.id)
        if adoc is None or idx is None or partial:
            continue
        _unknown_refs(ctx, adoc, ("ambiguities", idx), "rules", a.rules, rules,
                      "unknown-rule", f"ambiguity {a.id!r} names unknown rule")
        for vk in a.resolutions:
            if vk not in shared.raws:
                ctx.add(adoc, ("ambiguities", idx, "resolutions", vk), "unknown-variant",
                        f"resolution for unknown variant {vk!r}{_hint(vk, list(shared.raws))}")
    for i, ph in enumerate(merged.fields.get("phases", [])):
        for j, rid in enumerate(ph.get("rules", [])):
            if rid not in rules and not partial:
                ctx.add(_owner(merged.chain, "phases", None), ("phases", i, "rules", j),
                        "unknown-rule", f"phase {ph['id']!r} names unknown rule {rid!r}")
    deck = parameters.get("missions.deck")
    # a deck that is not a name is a bad value (reported with the types): not looked up
    if deck is not None and decks and isinstance(deck.value, str) and deck.value not in decks:
        ctx.add(_owner(merged.chain, "parameters", "missions.deck"), ("parameters", "missions.deck"),
                "unknown-deck",
                f"missions.deck names unknown deck {deck.value!r}; decks: {', '.join(decks)}")


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
    """Index of the item with this ``id`` in ``doc[coll]`` (for pointing at its line)."""
    if doc is None:
        return None
    for i, item in enumerate(doc.data.get(coll, [])):
        if item.get("id") == ident:
            return i
    return None
