"""Parameter values the engine can play: types and ranges, and the checks between them.

Every parameter a variant sets, and every value an ambiguity reading or an option choice
gives it, is checked against its family's table in ``schemas/parameters.schema.json``
(type and range: a divisor is at least 1, a die has 2 to 100 faces, a count is never
negative …). Then each way the variant can be played — its defaults, and each option
choice on its own — is checked for what one value alone cannot show: a starting-army
entry for every player count and armies enough to occupy the board, a battle whose
every roll the engine can list, a cap on modified dice at least the highest face, a
leader bonus for every number of leaders, mission decks that exist.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterator, Mapping
from typing import Any

from jsonschema import Draft202012Validator

from riskspec import model as m
from riskspec.loading._context import _Ctx, _hint
from riskspec.validation import load_schema, registry
from riskspec.yamlio import Document, JsonPath

#: the most (attacker roll, defender roll) outcomes one battle roll may have: the engine
#: lists every sorted roll (3 against 2 six-sided dice: 1,176)
MAX_ROLL_OUTCOMES = 20_000

SCHEMA = "parameters.schema.json"


@functools.cache
def get_family_tables() -> dict[str, dict[str, Any]]:
    """Family → the JSON Schema of its parameter table (``properties`` by name)."""
    defs = load_schema(SCHEMA)["$defs"]
    return {k: v for k, v in defs.items() if v.get("type") == "object" and "properties" in v}


@functools.cache
def get_player_bounds() -> tuple[int, int]:
    """The fewest and most players the variant schema allows (``players.min``/``max``)."""
    props = load_schema("variant.schema.json")["properties"]["players"]["properties"]
    return int(props["min"]["minimum"]), int(props["max"]["maximum"])


def is_player_range(players: tuple[Any, Any]) -> bool:
    """Whether ``players`` is a (min, max) of whole numbers within the schema's bounds: only
    then do the combination checks, which loop over every player count, look at it (a
    ``players.max`` of 10⁸ is reported by the schema, never looped over)."""
    low, high = get_player_bounds()
    return all(isinstance(n, int) and not isinstance(n, bool) and low <= n <= high
               for n in players)


@functools.cache
def _value_validator(family: str, name: str) -> Draft202012Validator:
    schema = get_family_tables()[family]["properties"][name]
    ref = schema.get("$ref", "")
    if ref.startswith("#/$defs/"):  # a shared shape of this file, e.g. armies-by-player-count
        schema = load_schema(SCHEMA)["$defs"][ref.removeprefix("#/$defs/")]
    return Draft202012Validator(schema, registry=registry())


def get_value_problem(family: str, name: str, value: Any) -> str | None:
    """Why ``value`` is not a value of parameter ``name`` (None if it is one)."""
    try:
        key = json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        return _value_problem(family, name, value)
    return _cached_value_problem(family, name, key)


@functools.lru_cache(maxsize=4096)
def _cached_value_problem(family: str, name: str, value_json: str) -> str | None:
    return _value_problem(family, name, json.loads(value_json))


def _value_problem(family: str, name: str, value: Any) -> str | None:
    fraction = _find_float(value)
    if fraction is not None:  # JSON Schema counts 2.0 as an integer; the engine does not
        where, number = fraction
        return f"{where + ': ' if where else ''}{number!r} is not a whole number"
    errors = sorted(_value_validator(family, name).iter_errors(value),
                    key=lambda e: [str(x) for x in e.absolute_path])
    if not errors:
        return None
    err = errors[0]
    where = "".join(f"[{p!r}]" for p in err.absolute_path)
    kind, limit = err.validator, err.validator_value
    text = (f"{_short(err.instance)} is below the least allowed, {limit}" if kind == "minimum" else
            f"{_short(err.instance)} is above the most allowed, {limit}" if kind == "maximum" else
            f"{_short(err.instance)} is not {_kind(limit)}" if kind == "type" else
            f"{len(err.instance)} entries are more than {limit}" if kind in ("maxItems",
                                                                            "maxProperties") else
            err.message[:200])
    return f"{where + ': ' if where else ''}{text}"


def _find_float(value: Any, where: str = "") -> tuple[str, float] | None:
    if isinstance(value, float):
        return where, value
    items = (value.items() if isinstance(value, dict) else
             enumerate(value) if isinstance(value, list) else ())
    for k, v in items:
        found = _find_float(v, f"{where}[{k!r}]")
        if found is not None:
            return found
    return None


def _kind(types: Any) -> str:
    names = {"integer": "a whole number", "boolean": "true or false", "null": "null",
             "string": "a word", "array": "a list", "object": "a table"}
    return " or ".join(names.get(str(x), str(x))
                       for x in (types if isinstance(types, list) else [types]))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_parameter_types(ctx: _Ctx, family: str, owner_of: Any,
                          params: Mapping[str, Any], family_doc: Document) -> bool:
    """Every parameter of the variant is one its family's engine reads, with a value of
    the right type and range, and none it needs is missing. False for a family the
    reference engine does not play: a spec may be written for another engine (or only for
    its docs); the reference engine refuses to start it (an ``OptionError`` naming the
    families it plays), so only its form is checked here."""
    table = get_family_tables().get(family)
    if table is None:
        return False
    known = table["properties"]
    for name, value in params.items():
        doc = owner_of(name)
        if name not in known:
            ctx.add(doc, ("parameters", name), "untyped-parameter",
                    f"parameter {name!r} is not one the {family} engine reads, so it has no type "
                    f"or range{_hint(name, list(known))}; remove it, or declare it in "
                    f"schemas/{SCHEMA}")
            continue
        why = get_value_problem(family, name, value)
        if why is not None:
            ctx.add(doc, ("parameters", name, "value"), "bad-parameter-value",
                    f"parameter {name!r} = {_short(value)} cannot be played: {why}; "
                    f"{_describe(known[name])}")
    missing = [k for k in table.get("required", ()) if k not in params]
    if missing:
        ctx.add(family_doc, ("parameters",), "missing-parameter",
                f"the {family} engine reads {', '.join(missing[:8])}"
                f"{' …' if len(missing) > 8 else ''}, which this variant does not set "
                f"(nor inherit); add {'them' if len(missing) > 1 else 'it'}")
    return True


def check_set_value(ctx: _Ctx, family: str, doc: Document, path: JsonPath, name: str,
                    value: Any, what: str) -> None:
    """A value a reading or option choice gives parameter ``name`` is one it can take."""
    table = get_family_tables().get(family)
    if table is None or name not in table["properties"]:
        return  # an unknown parameter is reported where it is named
    why = get_value_problem(family, name, value)
    if why is not None:
        ctx.add(doc, path, "bad-parameter-value",
                f"{what} sets {name!r} = {_short(value)}, which cannot be played: {why}; "
                f"{_describe(table['properties'][name])}")


def _describe(schema: Mapping[str, Any]) -> str:
    """What a parameter may be, in words (for the 'what to do' part of a message)."""
    if "enum" in schema:
        return "use one of " + ", ".join(map(str, schema["enum"]))
    kinds = schema.get("type")
    if kinds in ("integer", ["integer", "null"]):
        text = f"use a whole number from {schema['minimum']} to {schema['maximum']}"
        return text + (" (or null)" if isinstance(kinds, list) else "")
    if kinds == "boolean":
        return "use true or false"
    if "$ref" in schema:
        return "see " + schema["$ref"].rsplit("/", 1)[-1] + f" in schemas/{SCHEMA}"
    return f"see its entry in schemas/{SCHEMA}"


def get_range_text(schema: Mapping[str, Any]) -> str:
    """A parameter's type and range in a few words (for the docs' table)."""
    ref = schema.get("$ref", "")
    if ref.endswith("/slug"):
        return "an ID (lower-case words joined by '-')"
    if ref.startswith("#/$defs/"):
        shape = load_schema(SCHEMA)["$defs"][ref.removeprefix("#/$defs/")]
        inner = shape["additionalProperties"]
        if inner.get("type") == "array":
            return (f"table: count 1–{shape['maxProperties']} → up to {inner['maxItems']} "
                    f"bonuses of {get_range_text(inner['items'])}")
        return f"table: player count → {get_range_text(inner)}"
    if "enum" in schema:
        return "one of " + ", ".join(f"`{w}`" for w in schema["enum"])
    kinds = schema.get("type")
    if kinds in ("integer", ["integer", "null"]):
        text = f"whole number {schema['minimum']}–{schema['maximum']}"
        return text + (", or null" if isinstance(kinds, list) else "")
    if kinds == "boolean":
        return "true or false"
    if kinds == "array":
        items = schema.get("items", {})
        size = f"{schema.get('minItems', 0)}–{schema['maxItems']} items"
        return f"list ({size}) of " + get_range_text(items)
    if kinds == "object":
        if "properties" in schema:
            keys = ", ".join(f"`{k}`" for k in schema["properties"])
            first = next(iter(schema["properties"].values()))
            return f"table of {keys} → {get_range_text(first)}"
        keys = "level 1–9" if schema.get("propertyNames", {}).get("pattern") == "^[1-9]$" \
            else "word"
        return f"table: {keys} → {get_range_text(schema.get('additionalProperties', {}))}"
    if kinds == ["string", "null"]:
        return "an ID (lower-case words joined by '-'), or null"
    return "see the schema"


# ---------------------------------------------------------------- combinations

#: where a value of a playing comes from: (option ID, choice ID), or None (the variant)
Origin = tuple[str, str] | None


def get_playings(params: Mapping[str, Any], options: Mapping[str, m.Option]
                 ) -> Iterator[tuple[str, dict[str, Any], dict[str, Origin]]]:
    """(label, parameters, origin of each value set by an option) for the defaults and for
    each non-default option choice alone."""
    base = dict(params)
    origin: dict[str, Origin] = {}
    ordered = sorted(options.values(), key=lambda o: (o.ambiguity is None, o.id))
    for opt in ordered:
        if opt.default in opt.choices:
            base.update(opt.choices[opt.default].parameters)
            origin.update((k, (opt.id, opt.default)) for k in opt.choices[opt.default].parameters)
    yield "", base, origin
    for opt in ordered:
        for cid, choice in opt.choices.items():
            if cid != opt.default and choice.parameters:
                yield (f" under option {opt.id}={cid}", {**base, **choice.parameters},
                       {**origin, **{k: (opt.id, cid) for k in choice.parameters}})


def get_well_typed(family: str, p: Mapping[str, Any],
                   checked: dict[tuple[str, int], tuple[Any, bool]] | None = None
                   ) -> dict[str, Any]:
    """The parameters of ``p`` the ``family``'s engine reads whose values are of their type
    and in their range (none for a family the reference engine does not play).
    ``checked`` keeps the verdicts by value object across calls: the playings of one
    variant share most of their values, each checked once (the value is kept with its
    verdict, so its id is not reused while the memo lives)."""
    known = get_family_tables().get(family, {}).get("properties", {})
    memo = {} if checked is None else checked
    out = {}
    for k, v in p.items():
        if k not in known:
            continue
        hit = memo.get((k, id(v)))
        if hit is None or hit[0] is not v:
            hit = memo[(k, id(v))] = (v, get_value_problem(family, k, v) is None)
        if hit[1]:
            out[k] = v
    return out


def get_combination_problems(family: str, p: Mapping[str, Any], *, players: tuple[int, int],
                             colours: int, territories: int,
                             decks: Mapping[str, Any],
                             checked: dict[tuple[str, int], tuple[Any, bool]] | None = None
                             ) -> list[tuple[str, str]]:
    """(parameter, reason) for each way these parameter values together cannot be played.
    Only values of the right type and range take part: one that is not (a reading may set
    ``generals.max`` to 2⁶³ or ``missions.decks`` to a list) is reported as a bad value
    where it is set, and skipped here — a check never loops over it or hashes it."""
    if not is_player_range(players):  # out of the schema's range: reported there, not looped
        return []
    p = get_well_typed(family, p, checked)
    out: list[tuple[str, str]] = []

    def num(name: str) -> int | None:
        v = p.get(name)
        return v if isinstance(v, int) and not isinstance(v, bool) else None

    sides, att, dfd = num("attack.dice_sides"), num("attack.max_attacker_dice"), \
        num("attack.max_defender_dice")
    if sides and att and dfd and sides > 0 and att > 0 and dfd > 0:
        rolls = math.comb(sides + att - 1, att) * math.comb(sides + dfd - 1, dfd)
        if rolls > MAX_ROLL_OUTCOMES:
            out.append(("attack.dice_sides",
                        f"{att} attacker against {dfd} defender dice of {sides} faces give "
                        f"{rolls:,} different rolls; the engine lists every roll of a battle "
                        f"and allows at most {MAX_ROLL_OUTCOMES:,}: use fewer faces or dice"))
    cap = num("dice.modified_max")
    if cap is not None and sides is not None and cap < sides:
        out.append(("dice.modified_max",
                    f"modified dice are capped at {cap}, below the highest face ({sides}): "
                    f"make it at least attack.dice_sides"))
    table_name = "setup.starting_armies" if family == "classic" else "setup.starting_units"
    table = p.get(table_name)
    if isinstance(table, dict):
        low, high = players
        first = 3 if family == "classic" else low  # Classic's two-player game: two_player.*
        lacking = [n for n in range(max(first, low), high + 1) if str(n) not in table]
        if lacking:
            out.append((table_name, f"has no entry for {', '.join(map(str, lacking))} "
                                    f"player(s), which players.min/max allow: add them"))
        seats, units = num("setup.neutral_players"), num("setup.neutral_units")
        extra = seats * units if family != "classic" and seats and units else 0  # neutrals
        short = [n for n in range(max(first, low), high + 1)
                 if isinstance(table.get(str(n)), int) and table[str(n)] * n + extra < territories]
        if short and territories:
            out.append((table_name, f"{short[0]} players with {table[str(short[0])]} armies "
                                    f"each cannot occupy the {territories} territories: raise it"))
    if family == "napoleon":
        out += _napoleon_problems(p, num, players=players, territories=territories)
    for leaders in ("generals", "admirals"):
        most, bonus = num(f"{leaders}.max"), p.get(f"{leaders}.bonus_by_count")
        if most is not None and isinstance(bonus, dict):
            lacking = [n for n in range(1, most + 1) if str(n) not in bonus]
            if lacking:
                out.append((f"{leaders}.bonus_by_count",
                            f"gives no bonus for {', '.join(map(str, lacking))} {leaders} "
                            f"in one place, which {leaders}.max = {most} allows: add them"))
    levels = p.get("missions.decks")
    if isinstance(levels, dict) and decks:
        for level, deck in sorted(levels.items(), key=lambda kv: str(kv[0])):
            if isinstance(deck, str) and deck not in decks:
                out.append(("missions.decks", f"level {level} names unknown deck {deck!r}; "
                                              f"decks: {', '.join(decks)}"))
    if family == "classic":
        out += _classic_problems(p, num, players=players, colours=colours,
                                 territories=territories)
    return out


def _classic_problems(p: Mapping[str, Any], num: Any, *, players: tuple[int, int],
                      colours: int, territories: int) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if players[0] <= 2 <= players[1] and p.get("two_player.mode") == "neutral" and colours < 3:
        out.append(("two_player.mode", f"the two-player neutral game seats a neutral army in "
                                       f"a spare colour, and players.colours lists {colours}: "
                                       f"add a colour"))
    if p.get("cards.set_value_mode") == "fixed" and not p.get("cards.fixed_set_values"):
        out.append(("cards.set_value_mode", "'fixed' set values need the parameter "
                                            "cards.fixed_set_values (a value per symbol): add it"))
    each, neutral = num("two_player.armies_each"), num("two_player.neutral_armies")
    if players[0] <= 2 <= players[1] and each is not None and territories:
        seats = 3 if p.get("two_player.mode") == "neutral" else 2
        least = min(each, neutral if neutral is not None and seats == 3 else each)
        if least * seats < territories:
            out.append(("two_player.armies_each",
                        f"the two-player game's {seats} armies of {least} cannot occupy the "
                        f"{territories} territories: raise two_player.armies_each"
                        f"{' or two_player.neutral_armies' if seats == 3 else ''}"))
    return out


def _napoleon_problems(p: Mapping[str, Any], num: Any, *, players: tuple[int, int],
                       territories: int) -> list[tuple[str, str]]:
    """Napoléon's setup: the deal fills the board, setup pieces fit within their limits; a
    game that is decided at a turn limit has one."""
    out: list[tuple[str, str]] = []
    if p.get("basic.victory") == "most-territories" and "basic.turn_limit" in p \
            and p["basic.turn_limit"] is None:
        out.append(("basic.victory", "the most-territories victory is decided when the game "
                                     "reaches basic.turn_limit, which is null: set "
                                     "basic.turn_limit or choose another basic.victory"))
    if p.get("game.mode") == "advanced" and "game.turn_limit" in p \
            and p["game.turn_limit"] is None:
        out.append(("game.mode", "the Advanced game lasts game.turn_limit turns, which is "
                                 "null: set game.turn_limit"))
    table = p.get("setup.starting_units")
    neutrals, neutral_units = num("setup.neutral_players") or 0, num("setup.neutral_units")
    per_player, per_neutral = num("setup.deal_cards_player"), num("setup.deal_cards_neutral")
    if p.get("setup.distribution") == "deal" and isinstance(table, dict) and territories:
        for n in range(players[0], players[1] + 1):
            own = table.get(str(n))
            if not isinstance(own, int):
                continue  # reported as a missing entry
            if neutrals == 0:
                if -(-territories // n) > own:
                    out.append(("setup.starting_units",
                                f"dealing the {territories} territories to {n} players gives "
                                f"each {-(-territories // n)}, more than the {own} units each "
                                f"starts with: raise setup.starting_units"))
            elif per_player is not None and per_neutral is not None and (
                    n * per_player + neutrals * per_neutral < territories or per_player > own
                    or (neutral_units is not None and per_neutral > neutral_units)):
                out.append(("setup.deal_cards_player",
                            f"the deal of {per_player} territories to each of {n} players and "
                            f"{per_neutral} to each of {neutrals} neutral armies must cover the "
                            f"{territories} territories, and no army may be dealt more "
                            f"territories than its units ({own} a player, {neutral_units} a "
                            f"neutral army): adjust setup.deal_cards_player / "
                            f"setup.deal_cards_neutral"))
                break
    generals, most = num("setup.generals_per_player"), num("generals.max")
    if generals is not None and most is not None and generals > most:
        out.append(("setup.generals_per_player",
                    f"each player places {generals} generals at setup but may have at most "
                    f"generals.max = {most}: lower it"))
    forts, cap = num("setup.fortifications_per_player"), num("fortifications.max_per_territory")
    seats = players[1] + neutrals
    if forts and cap and territories and forts > cap * (territories // max(seats, 1)):
        out.append(("setup.fortifications_per_player",
                    f"{forts} fortifications a player at setup need more room than "
                    f"{cap} a territory on the {territories // max(seats, 1)} territories a "
                    f"player may hold with {seats} armies: lower it"))
    supply = num("fortifications.supply")
    if forts and supply is not None and forts * players[1] > supply:
        out.append(("setup.fortifications_per_player",
                    f"{players[1]} players placing {forts} fortifications each need more than "
                    f"the fortifications.supply of {supply}: lower it or raise the supply"))
    return out
