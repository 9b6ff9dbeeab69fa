"""Checks on the Classic Risk board data (spec/classic/map.yaml).

Besides structural checks (schema, counts, ids, connectivity), the borders are
compared with adjacency lists written out here by hand from public sources
other than the one the YAML was written from, so that a typo, a dropped border
or a spurious extra one in the YAML makes a test fail:

* ``ADJACENCY`` is transcribed from Krilecy/risk-board_game-server
  ``src/config.json`` (the YAML's pair list was written from
  jlousnhd/Conquest ``src/conquest/Territory.java``);
* ``CROSS_CONTINENT`` is transcribed from chronitis/pyrisk ``world.py``,
  keeping that file's spellings (Mexico, Venezuala, South East Asia);
* ``SEA_LINES`` follows the "usual sea connections" of a Risk-Map-UI README,
  plus Western Europe-North Africa (see provenance ``board-gibraltar``);
* ``CARD_SYMBOLS`` is transcribed from jlousnhd/Conquest
  ``src/conquest/Card.java``, keeping its names (Western Canada, ...).
"""

from __future__ import annotations

import json
from collections import Counter, deque
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import referencing
from jsonschema import Draft202012Validator

from riskspec.yamlio import load_path

ROOT = Path(__file__).resolve().parents[1]
MAP_FILE = ROOT / "spec" / "classic" / "map.yaml"
SCHEMAS = ROOT / "schemas"


# --------------------------------------------------------------------------
# Independent reference data (display names, mapped to ids below)
# --------------------------------------------------------------------------

# Krilecy/risk-board_game-server src/config.json, "adjacent_territories".
ADJACENCY: dict[str, list[str]] = {
    "Alaska": ["Northwest Territory", "Alberta", "Kamchatka"],
    "Alberta": ["Alaska", "Northwest Territory", "Ontario", "Western United States"],
    "Central America": ["Western United States", "Eastern United States", "Venezuela"],
    "Eastern United States": ["Central America", "Western United States", "Ontario", "Quebec"],
    "Western United States": ["Alberta", "Ontario", "Eastern United States", "Central America"],
    "Northwest Territory": ["Alaska", "Alberta", "Ontario", "Greenland"],
    "Ontario": ["Northwest Territory", "Alberta", "Western United States",
                "Eastern United States", "Quebec", "Greenland"],
    "Quebec": ["Ontario", "Eastern United States", "Greenland"],
    "Greenland": ["Northwest Territory", "Ontario", "Quebec", "Iceland"],
    "Venezuela": ["Central America", "Peru", "Brazil"],
    "Peru": ["Venezuela", "Brazil", "Argentina"],
    "Brazil": ["Venezuela", "Peru", "Argentina", "North Africa"],
    "Argentina": ["Peru", "Brazil"],
    "North Africa": ["Brazil", "Western Europe", "Southern Europe", "Egypt", "East Africa", "Congo"],
    "Egypt": ["North Africa", "Southern Europe", "East Africa", "Middle East"],
    "East Africa": ["Egypt", "North Africa", "Congo", "South Africa", "Madagascar", "Middle East"],
    "Congo": ["North Africa", "East Africa", "South Africa"],
    "South Africa": ["Congo", "East Africa", "Madagascar"],
    "Madagascar": ["East Africa", "South Africa"],
    "Western Europe": ["North Africa", "Southern Europe", "Northern Europe", "Great Britain"],
    "Southern Europe": ["Western Europe", "North Africa", "Egypt", "Middle East", "Ukraine",
                        "Northern Europe"],
    "Northern Europe": ["Western Europe", "Southern Europe", "Ukraine", "Scandinavia",
                        "Great Britain"],
    "Great Britain": ["Iceland", "Scandinavia", "Northern Europe", "Western Europe"],
    "Scandinavia": ["Iceland", "Ukraine", "Northern Europe", "Great Britain"],
    "Ukraine": ["Scandinavia", "Northern Europe", "Southern Europe", "Middle East", "Afghanistan",
                "Ural"],
    "Iceland": ["Greenland", "Great Britain", "Scandinavia"],
    "Middle East": ["Egypt", "East Africa", "Southern Europe", "Ukraine", "Afghanistan", "India"],
    "Afghanistan": ["Ukraine", "Ural", "China", "India", "Middle East"],
    "Ural": ["Ukraine", "Siberia", "China", "Afghanistan"],
    "Siberia": ["Ural", "Yakutsk", "Irkutsk", "Mongolia", "China"],
    "Yakutsk": ["Siberia", "Kamchatka", "Irkutsk"],
    "Irkutsk": ["Siberia", "Yakutsk", "Kamchatka", "Mongolia"],
    "Kamchatka": ["Yakutsk", "Irkutsk", "Mongolia", "Japan", "Alaska"],
    "Mongolia": ["Irkutsk", "Siberia", "China", "Japan", "Kamchatka"],
    "Japan": ["Mongolia", "Kamchatka"],
    "China": ["Mongolia", "Siberia", "Ural", "Afghanistan", "India", "Siam"],
    "India": ["Middle East", "Afghanistan", "China", "Siam"],
    "Siam": ["India", "China", "Indonesia"],
    "Indonesia": ["Siam", "New Guinea", "Western Australia"],
    "New Guinea": ["Indonesia", "Western Australia", "Eastern Australia"],
    "Western Australia": ["Indonesia", "New Guinea", "Eastern Australia"],
    "Eastern Australia": ["Western Australia", "New Guinea"],
}

# chronitis/pyrisk world.py: the borders between continents, in its spelling.
CROSS_CONTINENT: list[tuple[str, str]] = [
    ("Mexico", "Venezuala"),
    ("Alaska", "Kamchatka"),
    ("Greenland", "Iceland"),
    ("Brazil", "North Africa"),
    ("Western Europe", "North Africa"),
    ("North Africa", "Southern Europe"),
    ("Southern Europe", "Egypt"),
    ("Egypt", "Middle East"),
    ("Middle East", "East Africa"),
    ("Southern Europe", "Middle East"),
    ("Middle East", "Ukraine"),
    ("Ukraine", "Afghanistan"),
    ("Ukraine", "Ural"),
    ("South East Asia", "Indonesia"),
]

# Borders drawn as dotted sea lines (Risk-Map-UI README list + Gibraltar).
SEA_LINES: list[tuple[str, str]] = [
    ("Ontario", "Greenland"), ("Quebec", "Greenland"), ("Greenland", "Iceland"),
    ("Great Britain", "Iceland"), ("Iceland", "Scandinavia"), ("Scandinavia", "Great Britain"),
    ("Great Britain", "Northern Europe"), ("Northern Europe", "Scandinavia"),
    ("Great Britain", "Western Europe"), ("Southern Europe", "Egypt"),
    ("North Africa", "Brazil"), ("East Africa", "Middle East"), ("East Africa", "Madagascar"),
    ("Madagascar", "South Africa"), ("Western Australia", "Indonesia"), ("Indonesia", "Siam"),
    ("Mongolia", "Japan"), ("Japan", "Kamchatka"), ("Kamchatka", "Alaska"),
    ("Indonesia", "New Guinea"), ("Eastern Australia", "New Guinea"),
    ("Western Australia", "New Guinea"), ("Northwest Territory", "Greenland"),
    ("Southern Europe", "North Africa"),
    ("Western Europe", "North Africa"),  # Gibraltar: see provenance board-gibraltar
]

# jlousnhd/Conquest src/conquest/Card.java, in its naming.
CARD_SYMBOLS: dict[str, str] = {
    "Alaska": "infantry", "Western Canada": "cavalry", "Central America": "artillery",
    "Eastern US": "artillery", "Greenland": "cavalry", "Northwest Territory": "artillery",
    "Central Canada": "cavalry", "Eastern Canada": "cavalry", "Western US": "artillery",
    "Argentina": "infantry", "Brazil": "artillery", "Peru": "infantry", "Venezuela": "infantry",
    "Central Africa": "infantry", "East Africa": "infantry", "Egypt": "infantry",
    "Madagascar": "cavalry", "North Africa": "cavalry", "South Africa": "artillery",
    "Great Britain": "artillery", "Iceland": "infantry", "Northern Europe": "artillery",
    "Scandinavia": "cavalry", "Southern Europe": "artillery", "Eastern Europe": "cavalry",
    "Western Europe": "artillery",
    "Afghanistan": "cavalry", "China": "infantry", "India": "cavalry", "Irkutsk": "cavalry",
    "Japan": "artillery", "Kamchatka": "infantry", "Middle East": "infantry",
    "Mongolia": "infantry", "Southeast Asia": "infantry", "Siberia": "cavalry",
    "Ural": "cavalry", "Yakutsk": "cavalry",
    "Eastern Australia": "artillery", "Indonesia": "artillery", "New Guinea": "infantry",
    "Western Australia": "artillery",
}

# Names used by the sources above that differ from the board's own names.
SOURCE_NAMES = {
    "Mexico": "Central America", "Venezuala": "Venezuela", "South East Asia": "Siam",
    "Southeast Asia": "Siam", "Western Canada": "Alberta", "Central Canada": "Ontario",
    "Eastern Canada": "Quebec", "Eastern US": "Eastern United States",
    "Western US": "Western United States", "Eastern Europe": "Ukraine",
    "Central Africa": "Congo",
}

CONTINENT_SIZES = {"north-america": 9, "south-america": 4, "europe": 7, "africa": 6,
                   "asia": 12, "australia": 4}
CONTINENT_BONUSES = {"africa": 3, "asia": 7, "australia": 2, "europe": 5, "north-america": 5,
                     "south-america": 2}


def to_id(name: str) -> str:
    """Board display name (or a source's variant of it) to a territory id."""
    name = SOURCE_NAMES.get(name, name)
    return name.lower().replace(" ", "-")


def pairs(items: Iterable[tuple[str, str]]) -> set[frozenset[str]]:
    return {frozenset((to_id(a), to_id(b))) for a, b in items}


def connected(nodes: set[str], edges: Iterable[frozenset[str]]) -> bool:
    """Whether the graph restricted to ``nodes`` is connected (and non-empty)."""
    if not nodes:
        return False
    nbrs: dict[str, set[str]] = {n: set() for n in nodes}
    for e in edges:
        a, b = tuple(e)
        if a in nodes and b in nodes:
            nbrs[a].add(b)
            nbrs[b].add(a)
    start = next(iter(nodes))
    seen = {start}
    todo = deque([start])
    while todo:
        for m in nbrs[todo.popleft()] - seen:
            seen.add(m)
            todo.append(m)
    return seen == nodes


# --------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    data = load_path(MAP_FILE).data
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def territories(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in doc["territories"]}


@pytest.fixture(scope="module")
def borders(doc: dict[str, Any]) -> set[frozenset[str]]:
    return {frozenset(b["between"]) for b in doc["borders"]}


# --------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------

def test_valid_against_schema(doc: dict[str, Any]) -> None:
    common = json.loads((SCHEMAS / "common.schema.json").read_text(encoding="utf-8"))
    schema = json.loads((SCHEMAS / "map.schema.json").read_text(encoding="utf-8"))
    registry = referencing.Registry().with_resource(
        "urn:riskspec:schema:common", referencing.Resource.from_contents(common))
    validator = Draft202012Validator(schema, registry=registry)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(doc)]
    assert errors == []


def test_counts_match_expect_and_sources(doc: dict[str, Any]) -> None:
    expect = doc["expect"]
    assert (expect["territories"], expect["groups"], expect["borders"], expect["cards"]) == \
        (42, 6, 83, 44)
    assert len(doc["territories"]) == expect["territories"]
    assert len(doc["groups"]) == expect["groups"]
    assert len(doc["borders"]) == expect["borders"]
    assert len(doc["cards"]) == expect["cards"]


def test_continents_sizes_and_bonuses(doc: dict[str, Any]) -> None:
    assert {g["id"]: g["bonus"] for g in doc["groups"]} == CONTINENT_BONUSES
    assert all(g["kind"] == "continent" for g in doc["groups"])
    sizes = Counter(t["group"] for t in doc["territories"])
    assert dict(sizes) == CONTINENT_SIZES


def test_ids_unique_and_references_resolve(doc: dict[str, Any]) -> None:
    for key in ("territories", "groups", "cards"):
        ids = [x["id"] for x in doc[key]]
        assert len(ids) == len(set(ids)), f"duplicate id in {key}"
    group_ids = {g["id"] for g in doc["groups"]}
    assert {t["group"] for t in doc["territories"]} <= group_ids


def test_names_and_aliases_unambiguous(doc: dict[str, Any]) -> None:
    seen: dict[str, str] = {}
    for t in doc["territories"]:
        assert to_id(t["name"]) == t["id"], "display name and id disagree"
        for name in [t["name"], *t.get("aliases", [])]:
            key = name.casefold()
            assert seen.setdefault(key, t["id"]) == t["id"], f"{name!r} names two territories"


def test_borders_well_formed(doc: dict[str, Any], territories: dict[str, Any]) -> None:
    seen: set[frozenset[str]] = set()
    for b in doc["borders"]:
        a, c = b["between"]
        assert a != c, f"self-border {a}"
        assert a in territories and c in territories, f"unknown territory in {b['between']}"
        key = frozenset((a, c))
        assert key not in seen, f"duplicate border {a}-{c}"
        seen.add(key)
        assert b["kind"] in ("land", "sea-line")


def test_borders_grouped_by_continent(doc: dict[str, Any], territories: dict[str, Any]) -> None:
    order = [g["id"] for g in doc["groups"]]
    rank = [order.index(territories[b["between"][0]]["group"]) for b in doc["borders"]]
    assert rank == sorted(rank)
    # each pair is listed under the earlier of its two continents
    for b in doc["borders"]:
        a, c = (order.index(territories[x]["group"]) for x in b["between"])
        assert a <= c, b["between"]


def test_whole_board_connected(territories: dict[str, Any],
                               borders: set[frozenset[str]]) -> None:
    assert connected(set(territories), borders)


def test_each_continent_internally_connected(doc: dict[str, Any], territories: dict[str, Any],
                                             borders: set[frozenset[str]]) -> None:
    for g in doc["groups"]:
        members = {t for t, v in territories.items() if v["group"] == g["id"]}
        assert connected(members, borders), g["id"]


def test_connectivity_check_can_fail() -> None:
    assert not connected({"a", "b", "c"}, [frozenset(("a", "b"))])
    assert connected({"a", "b", "c"}, [frozenset(("a", "b")), frozenset(("b", "c"))])


def test_cross_continent_borders_match_second_source(
        territories: dict[str, Any], borders: set[frozenset[str]]) -> None:
    crossing = {e for e in borders
                if len({territories[x]["group"] for x in e}) == 2}
    assert crossing == pairs(CROSS_CONTINENT)
    assert len(crossing) == 14


def test_full_adjacency_matches_independent_list(borders: set[frozenset[str]]) -> None:
    reference = pairs((a, b) for a, ns in ADJACENCY.items() for b in ns)
    # the transcription itself must be symmetric and complete
    for a, ns in ADJACENCY.items():
        for b in ns:
            assert a in ADJACENCY[b], f"{a} -> {b} is one-way in the reference"
    assert len(ADJACENCY) == 42
    assert len(reference) == 83
    assert borders - reference == set(), "borders not in the reference"
    assert reference - borders == set(), "reference borders missing"


def test_middle_east_and_ukraine_neighbours(territories: dict[str, Any],
                                            borders: set[frozenset[str]]) -> None:
    """The borders public copies most often get wrong."""
    def nbrs(t: str) -> set[str]:
        return {x for e in borders if t in e for x in e if x != t}
    assert nbrs("middle-east") == {"east-africa", "egypt", "southern-europe", "ukraine",
                                   "afghanistan", "india"}
    assert nbrs("ukraine") == {"scandinavia", "northern-europe", "southern-europe",
                               "middle-east", "afghanistan", "ural"}
    assert frozenset(("northern-europe", "southern-europe")) in borders
    assert frozenset(("congo", "north-africa")) in borders
    assert frozenset(("alberta", "eastern-united-states")) not in borders
    assert frozenset(("iceland", "northern-europe")) not in borders


def test_sea_lines(doc: dict[str, Any]) -> None:
    sea = {frozenset(b["between"]) for b in doc["borders"] if b["kind"] == "sea-line"}
    assert sea == pairs(SEA_LINES)
    assert sum(1 for b in doc["borders"] if b["kind"] == "land") == 58


def test_cards(doc: dict[str, Any], territories: dict[str, Any]) -> None:
    assert doc["symbols"] == ["infantry", "cavalry", "artillery"]
    cards = doc["cards"]
    assert Counter(c["symbol"] for c in cards) == \
        {"infantry": 14, "cavalry": 14, "artillery": 14, "wild": 2}
    territory_cards = [c for c in cards if c["symbol"] != "wild"]
    assert all(c["territory"] in territories for c in territory_cards)
    assert all(c["id"] == c["territory"] for c in territory_cards)
    assert Counter(c["territory"] for c in territory_cards) == Counter(set(territories))
    wild = [c for c in cards if c["symbol"] == "wild"]
    assert [c["id"] for c in wild] == ["wild-1", "wild-2"]
    assert all("territory" not in c for c in wild)


def test_card_symbols_match_published_deck(doc: dict[str, Any]) -> None:
    reference = {to_id(name): symbol for name, symbol in CARD_SYMBOLS.items()}
    assert len(reference) == 42
    actual = {c["territory"]: c["symbol"] for c in doc["cards"] if c["symbol"] != "wild"}
    assert actual == reference


def _provenance_names(value: Any) -> Iterable[str]:
    """Every provenance given by name (a string) anywhere in the document."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "provenance" and isinstance(v, str):
                yield v
            else:
                yield from _provenance_names(v)
    elif isinstance(value, list):
        for v in value:
            yield from _provenance_names(v)


def test_provenance_names_defined_and_used(doc: dict[str, Any]) -> None:
    defined = set(doc["provenances"])
    used = set(_provenance_names({k: v for k, v in doc.items() if k != "provenances"}))
    assert used, "no named provenances found"
    assert used - defined == set(), "undefined provenance names"
    assert defined - used == set(), "provenances defined but never used"


def test_cited_sources_are_known(doc: dict[str, Any]) -> None:
    known = {"classic-en", "classic-pt", "classic-it", "classic-fr"}

    def cited(value: Any) -> Iterable[str]:
        if isinstance(value, dict):
            if "source" in value and "passage" in value:
                yield value["source"]
            for v in value.values():
                yield from cited(v)
        elif isinstance(value, list):
            for v in value:
                yield from cited(v)

    sources = set(cited(doc))
    assert sources and sources <= known
