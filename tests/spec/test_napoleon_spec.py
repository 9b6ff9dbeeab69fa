"""Checks on the Risk: Napoléon specification (spec/napoleon/*).

The facts the rule text states are written out here by hand, from the source
file itself (``napoleon-en``), so that a changed value, a renamed zone or a lost
border in the YAML makes a test fail:

* the board counts (11 empires, 48 territories, 8 zones, 2 routes);
* the Capitals table (empire, capital, territory count, bonus);
* the route to the Americas (three zones, +2);
* the naval-landing example (Andalusia → Egypt across three named zones);
* the maneuver example (Ile de France and Aquitaine);
* the numbers of the basic game and of the Advanced Rules.

Everything else on the board is a reconstruction and must say so. The wording
check makes sure no file repeats 12 or more consecutive words of the source.
"""

from __future__ import annotations

import os
import re
import shutil
from collections import Counter, deque
from pathlib import Path
from typing import Any

import pytest

from riskspec import model as m
from riskspec.loading import check_files, check_tree, default_root
from riskspec.yamlio import load_path

ROOT = Path(__file__).resolve().parents[2]
NAP = ROOT / "spec" / "napoleon"
# The source rule texts sit beside the checkout (../shared/sources), as on the developers'
# machines and in CI; RISKSPEC_SOURCES points elsewhere. Without them the tests that compare
# the spec with the texts skip, saying why.
SOURCES = Path(os.environ.get("RISKSPEC_SOURCES", ROOT.parent / "shared" / "sources"))
SOURCE_FILES = {
    "napoleon-en": "000_583f7156959da0b0.txt",
    "classic-en": "002_bcc342febf4aa700.txt",
    "classic-pt": "001_1e9f3f5649fc2f14.txt",
    "classic-it": "003_522bffb08103e9e8.txt",
    "classic-fr": "004_bf7114432f6d74eb.txt",
}
NAP_FILES = ["map.yaml", "variant.yaml", "variant-advanced.yaml", "rules.yaml",
             "ambiguities.yaml", "missions.yaml"]

# ----------------------------------------------------------------- source facts (by hand)
# The Capitals table: empire → (capital as printed, territory count, bonus).
CAPITALS_TABLE = {
    "North Africa": ("Egypt", 2, 1),
    "Rhine and Helvetic Confederations": ("Switzerland", 2, 1),
    "Austrian Empire": ("Austria/Bohemia", 3, 2),
    "French Empire": ("Central France", 5, 4),
    "Kingdom of Prussia": ("Pomerania/Brandenburg/Silesia", 2, 1),
    "Russian Empire": ("Great Russia", 4, 3),
    "Ottoman Empire": ("Bulgaria/Greece/Macedonia", 3, 2),
    "Iberian Peninsula": ("Castile", 3, 2),
    "Italian Protectorates": ("Kingdom of Italy", 2, 1),
    "United Kingdom": ("England", 2, 1),
    "Kingdoms of Scandinavia": ("Kingdom of Sweden", 3, 2),
}
AMERICAS_ROUTE = ({"Western Europe Atlantic", "North Sea", "Baltic Sea"}, 2)
LANDING_CHAIN = ["Western Mediterranean", "Mediterranean/Adriatic", "Eastern Mediterranean"]
# Every place name the source uses for a territory.
SOURCE_TERRITORY_NAMES = {
    "Andalusia", "Egypt", "Ile de France", "Central France", "Aquitaine", "Switzerland",
    "Austria/Bohemia", "Pomerania/Brandenburg/Silesia", "Great Russia",
    "Bulgaria/Greece/Macedonia", "Castile", "Kingdom of Italy", "England", "Kingdom of Sweden",
}
# The six icons of the source's table and when they act.
ICON_TIMING = {
    "infantry-figures": ("reinforcement", "own-turn"),
    "red-die": ("combat", "own-turn"),
    "blue-die": ("combat", "other-turn"),
    "red-blue-die": ("combat", "any-turn"),
    "arrow": ("maneuver", "own-turn"),
    "star": ("special", None),
}


# ----------------------------------------------------------------- fixtures and helpers
@pytest.fixture(scope="module")
def tree() -> tuple[list[Any], m.Spec]:
    return check_tree()


@pytest.fixture(scope="module")
def spec(tree: tuple[list[Any], m.Spec]) -> m.Spec:
    return tree[1]


@pytest.fixture(scope="module")
def basic(spec: m.Spec) -> m.Variant:
    return spec.variant("napoleon-basic")


@pytest.fixture(scope="module")
def advanced(spec: m.Spec) -> m.Variant:
    return spec.variant("napoleon-advanced")


@pytest.fixture(scope="module")
def board(basic: m.Variant) -> m.Board:
    return basic.board


@pytest.fixture(scope="module")
def raw_map() -> dict[str, Any]:
    return load_path(NAP / "map.yaml").data


def source_text(sid: str = "napoleon-en") -> str:
    path = SOURCES / SOURCE_FILES[sid]
    if not path.is_file():
        pytest.skip(f"source text {path} not found; set RISKSPEC_SOURCES to the folder "
                    f"holding the rule texts")
    return path.read_text(encoding="utf-8")


def norm(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip().lower()


def by_name(board: m.Board, name: str) -> m.Territory:
    hits = [t for t in board.territories if name == t.name or name in t.aliases]
    assert len(hits) == 1, f"{name!r} names {len(hits)} territories"
    return hits[0]


def zone_by_name(board: m.Board, name: str) -> m.Zone:
    hits = [z for z in board.zones if z.name == name]
    assert len(hits) == 1, f"{name!r} names {len(hits)} zones"
    return hits[0]


def kinds(board: m.Board) -> dict[frozenset[str], str]:
    return {frozenset((b.a, b.b)): b.kind for b in board.borders}


def cited(prov: m.Provenance) -> bool:
    return prov.source == "napoleon-en" and bool(prov.passage)


# ----------------------------------------------------------------- validation
def test_napoleon_files_validate_clean(tree: tuple[list[Any], m.Spec]) -> None:
    problems, spec = tree
    mine = [p for p in problems if "napoleon" in str(p.file)]
    assert mine == [], "\n".join(map(str, mine))
    assert {"napoleon-basic", "napoleon-advanced"} <= set(spec.variants)


def test_each_napoleon_file_validates_on_its_own() -> None:
    """A user with the printed board drops in a corrected file and checks it alone."""
    # variant-advanced.yaml pulls in its parent (and so the whole family) from the
    # shipped tree; variant.yaml alone cannot see the variant its sibling resolutions name.
    for name in ("map.yaml", "rules.yaml", "ambiguities.yaml", "missions.yaml", "variant-advanced.yaml"):
        assert check_files([NAP / name]) == [], name


def test_corrected_map_is_checked(tmp_path: Path) -> None:
    text = (NAP / "map.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "my-napoleon-map.yaml"
    mine.write_text(text, encoding="utf-8")
    assert check_files([mine]) == []
    # A typo in a border and a lost territory are both reported.
    broken = text.replace("between: [syria, egypt]", "between: [syria, egypte]", 1)
    broken = broken.replace("  - {id: finland, name: \"Finland\"", "  - {id: finlandia, name: \"Finland\"", 1)
    mine.write_text(broken, encoding="utf-8")
    codes = {p.code for p in check_files([mine])}
    assert {"unknown-place", "unknown-territory"} <= codes


def test_copied_tree_with_napoleon_still_validates(tmp_path: Path) -> None:
    dest = tmp_path / "spec"
    shutil.copytree(default_root(), dest, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    problems, spec = check_tree(dest)
    assert [p for p in problems if "napoleon" in str(p.file)] == []
    assert "napoleon-advanced" in spec.variants


# ----------------------------------------------------------------- counts
def test_board_counts_are_the_source_counts(board: m.Board, raw_map: dict[str, Any]) -> None:
    assert len(board.territories) == 48
    assert len(board.groups) == 11
    assert all(g.kind == "empire" for g in board.groups)
    assert len(board.zones) == 8
    assert len(board.routes) == 2
    assert raw_map["expect"] == {**raw_map["expect"], "territories": 48, "groups": 11,
                                 "zones": 8, "routes": 2, "cards": 50}
    assert cited(m.Provenance(**{k: raw_map["expect"]["provenance"][k]
                                 for k in ("source", "passage")}))


def test_routes_partition_the_zones(board: m.Board) -> None:
    in_routes = Counter(z for r in board.routes for z in r.zones)
    assert set(in_routes) == set(board.zone_ids)
    assert all(n == 1 for n in in_routes.values())


# ----------------------------------------------------------------- capitals table
def test_capitals_table_is_kept_exactly(board: m.Board) -> None:
    groups = {g.name: g for g in board.groups}
    assert set(groups) == set(CAPITALS_TABLE)
    for name, (capital, count, bonus) in CAPITALS_TABLE.items():
        g = groups[name]
        assert g.capital is not None, name
        assert by_name(board, capital).id == g.capital.territory, name
        assert (g.capital.territories, g.capital.bonus) == (count, bonus), name
        assert cited(g.capital.provenance), name
    assert sum(c for _, c, _ in CAPITALS_TABLE.values()) == 31


def test_capitals_lie_in_their_empires_and_are_a_majority(board: m.Board) -> None:
    for g in board.groups:
        assert g.capital and g.capital.territory in g.territories, g.id
        size = len(g.territories)
        # Read as "capital + most of the empire": the count is a strict majority.
        assert size / 2 < g.capital.territories <= size, (g.id, size)
        # The whole empire must pay more than the capital with a majority.
        assert g.bonus > g.capital.bonus, g.id
    assert sum(len(g.territories) for g in board.groups) == 48


def test_capital_table_names_appear_in_source() -> None:
    text = norm(source_text())
    for name, (capital, count, bonus) in CAPITALS_TABLE.items():
        line = norm(f"{name}: Capital – {capital} | Territories – {count} | Bonus – {bonus}")
        assert line in text, line


# ----------------------------------------------------------------- routes and zones
def test_route_to_the_americas(board: m.Board) -> None:
    zones, bonus = AMERICAS_ROUTE
    names = {z.id: z.name for z in board.zones}
    hits = [r for r in board.routes if {names[z] for z in r.zones} == zones]
    assert len(hits) == 1
    route = hits[0]
    assert route.bonus == bonus
    assert cited(route.provenance)
    for z in board.zones:
        if z.name in zones:
            assert cited(z.provenance), z.id


def test_second_route_is_reconstructed_and_holds_the_example_zones(board: m.Board) -> None:
    names = {z.id: z.name for z in board.zones}
    other = [r for r in board.routes if "Western Europe Atlantic" not in {names[z] for z in r.zones}]
    assert len(other) == 1
    assert set(LANDING_CHAIN) <= {names[z] for z in other[0].zones}
    assert other[0].provenance.is_reconstructed


def test_naval_landing_example(board: m.Board) -> None:
    """Andalusia reaches Egypt across exactly the three named, consecutive zones."""
    k = kinds(board)
    chain = [zone_by_name(board, n).id for n in LANDING_CHAIN]
    andalusia, egypt = by_name(board, "Andalusia").id, by_name(board, "Egypt").id
    assert k.get(frozenset((andalusia, chain[0]))) == "coast"
    assert k.get(frozenset((egypt, chain[-1]))) == "coast"
    for a, b in zip(chain, chain[1:]):
        assert k.get(frozenset((a, b))) == "sea", (a, b)
    # No shorter chain exists, so the example really needs its three zones.
    zones = set(board.zone_ids)
    start = [z for z in board.adjacency[andalusia] if z in zones]
    goal = {z for z in board.adjacency[egypt] if z in zones}
    dist = {z: 1 for z in start}
    todo = deque(start)
    while todo:
        z = todo.popleft()
        for n in board.adjacency[z]:
            if n in zones and n not in dist:
                dist[n] = dist[z] + 1
                todo.append(n)
    assert min(dist[z] for z in goal) == 3
    assert goal == {chain[-1]}
    assert not ({chain[1], chain[2]} & set(start)), "Andalusia must not touch the later zones"
    # The borders the example implies cite it.
    for pair in [(andalusia, chain[0]), (egypt, chain[-1]), (chain[0], chain[1]), (chain[1], chain[2])]:
        b = next(b for b in board.borders if {b.a, b.b} == set(pair))
        assert cited(b.provenance), pair


def test_maneuver_example(board: m.Board) -> None:
    idf, aq = by_name(board, "Ile de France"), by_name(board, "Aquitaine")
    assert by_name(board, "Central France") is idf
    assert kinds(board).get(frozenset((idf.id, aq.id))) == "land"
    assert idf.group == aq.group == "french-empire"


def test_territory_names_from_the_source_exist(board: m.Board) -> None:
    text = norm(source_text())
    for name in SOURCE_TERRITORY_NAMES:
        assert norm(name) in text, f"{name!r} is not in the source (fix the test list)"
        t = by_name(board, name)
        assert cited(t.provenance), t.id


# ----------------------------------------------------------------- provenance
def test_every_entry_is_sourced_or_labelled_reconstructed(board: m.Board) -> None:
    entries: list[tuple[str, m.Provenance]] = [("board", board.provenance)]
    entries += [(t.id, t.provenance) for t in board.territories]
    entries += [(g.id, g.provenance) for g in board.groups]
    entries += [(z.id, z.provenance) for z in board.zones]
    entries += [(r.id, r.provenance) for r in board.routes]
    entries += [(f"{b.a}-{b.b}", b.provenance) for b in board.borders]
    entries += [(c.id, c.provenance) for c in board.cards]
    for ident, p in entries:
        assert p.is_reconstructed or cited(p), ident
        if p.is_reconstructed:
            assert p.reconstructed and p.reconstructed != "(undefined provenance)", ident


def test_unnamed_territories_and_all_bonuses_are_reconstructed(board: m.Board) -> None:
    named = {by_name(board, n).id for n in SOURCE_TERRITORY_NAMES}
    for t in board.territories:
        assert cited(t.provenance) == (t.id in named), t.id
    for g in board.groups:  # the Empires Chart is missing
        assert g.provenance.is_reconstructed, g.id


def test_cards_are_reconstructed_except_jokers(board: m.Board) -> None:
    for c in board.cards:
        if c.is_wild:
            assert cited(c.provenance), c.id
        else:
            assert c.provenance.is_reconstructed, c.id


def test_named_provenances_have_a_basis(raw_map: dict[str, Any]) -> None:
    for name, p in raw_map["provenances"].items():
        if "reconstructed" in p:
            assert p.get("basis"), name


# ----------------------------------------------------------------- board shape
def test_board_is_connected(board: m.Board) -> None:
    places = list(board.territory_ids) + list(board.zone_ids)
    seen = {places[0]}
    todo = [places[0]]
    while todo:
        for n in board.adjacency.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(places)


def test_border_kinds_join_the_right_places(board: m.Board) -> None:
    t, z = set(board.territory_ids), set(board.zone_ids)
    for b in board.borders:
        ends = {b.a, b.b}
        if b.kind in ("land", "sea-line"):
            assert ends <= t
        elif b.kind == "coast":
            assert len(ends & t) == 1 and len(ends & z) == 1
        else:
            assert ends <= z
    # Every zone touches land, every zone has a sea neighbour.
    for zid in z:
        assert any(n in t for n in board.adjacency[zid]), zid
        assert any(n in z for n in board.adjacency[zid]), zid


def test_every_empire_is_reachable_by_land_or_sea_only_through_borders(board: m.Board) -> None:
    # Islands (Ireland) are reached only by sea: they must have a coast.
    land = {frozenset((b.a, b.b)) for b in board.borders if b.kind == "land"}
    for t in board.territories:
        has_land = any(t.id in pair for pair in land)
        has_coast = any(n in set(board.zone_ids) for n in board.adjacency[t.id])
        assert has_land or has_coast, t.id


# ----------------------------------------------------------------- cards
def test_deck_composition(board: m.Board) -> None:
    terr_cards = [c for c in board.cards if not c.is_wild]
    assert sorted(c.territory for c in terr_cards) == sorted(board.territory_ids)
    jokers = [c for c in board.cards if c.is_wild]
    assert len(jokers) == 2 and all(c.effect is None for c in jokers)
    assert Counter(c.symbol for c in terr_cards) == {"infantry": 16, "cavalry": 16, "artillery": 16}
    # 2 players × 10 + 4 neutrals × 7 = the 48 territory cards of the basic deal.
    assert 2 * 10 + 4 * 7 == len(terr_cards)


def test_card_effects_follow_the_icon_table(board: m.Board, basic: m.Variant) -> None:
    icons = Counter()
    for c in board.cards:
        if c.is_wild:
            continue
        e = c.effect
        assert e, c.id
        phase, timing = ICON_TIMING[e["icon"]]
        assert e["phase"] == phase, c.id
        if timing:
            assert e["timing"] == timing, c.id
        assert f"napoleon.effects.{e['kind']}" in basic.rules, f"{c.id}: no rule for {e['kind']}"
        icons[e["icon"]] += 1
    assert set(icons) == set(ICON_TIMING)
    plus_four = [c for c in board.cards if c.effect and c.effect.get("in_set_bonus")]
    assert len(plus_four) == 1 and plus_four[0].effect["in_set_bonus"] == 4
    assert plus_four[0].effect["icon"] == "infantry-figures"


# ----------------------------------------------------------------- parameters
def test_source_numbers(basic: m.Variant, advanced: m.Variant) -> None:
    b, a = basic.resolve().params, advanced.resolve().params
    assert b["game.mode"] == "basic" and a["game.mode"] == "advanced"
    assert (b["units.cavalry_value"], b["units.artillery_value"]) == (3, 5)
    assert b["setup.starting_units"] == {"2": 36} and b["setup.neutral_units"] == 21
    assert b["setup.neutral_players"] == 4
    assert (b["setup.deal_cards_player"], b["setup.deal_cards_neutral"]) == (10, 7)
    assert (b["setup.placement_per_turn"], b["setup.neutral_placement_per_turn"]) == (3, 2)
    assert b["setup.deal_without_jokers"] is True
    assert a["setup.starting_units"] == {"3": 40, "4": 35, "5": 30, "6": 25}
    assert (a["setup.generals_per_player"], a["setup.fortifications_per_player"]) == (1, 1)
    assert a["setup.max_units_per_territory"] == 10
    assert (a["setup.epidemics"], a["setup.epidemics_max_per_empire"]) == (4, 1)
    assert a["setup.missions_per_level"] == 1
    assert a["setup.card_table_values"] == [2, 3, 4, 1, 2, 2]
    for p in (b, a):
        assert (p["reinforce.territory_divisor"], p["reinforce.minimum"]) == (3, 3)
        assert p["reinforce.counts_zones"] is True
        assert p["cards.set_value_mode"] == "fixed"
        assert p["cards.set_values_fixed"] == {"infantry": 4, "cavalry": 6, "artillery": 8, "mixed": 10}
        assert p["cards.territory_bonus"] == 2
        assert (p["cards.forced_trade_at"], p["cards.forced_trade_until"]) == (5, "below-threshold")
        assert (p["generals.max"], p["admirals.max"]) == (3, 2)
        assert (p["costs.ship"], p["costs.general"], p["costs.admiral"]) == (1, 1, 1)
        assert p["naval_landing.max_zones"] == 3
        assert p["end_turn.max_draws"] == 3
        assert (p["leaders.capture_vp"], p["leaders.loss_vp"]) == (1, 1)
        assert p["capitals.from_turn"] == 2
        assert p["generals.bonus_by_count"]["1"] == [1] and p["generals.bonus_by_count"]["2"] == [1, 1]
        assert p["admirals.bonus_by_count"] == {"1": [1], "2": [1, 1]}
        assert p["fortifications.defence_bonus"] == [1]
        assert p["reinforce.fortification_regiments"] == 1
        assert (p["attack.max_attacker_dice"], p["attack.max_defender_dice"], p["attack.ties"]) == (3, 2, "defender")
        assert p["maneuver.land_moves"] == p["maneuver.naval_moves"] == 1
        assert p["maneuver.per_general"] == p["maneuver.per_admiral"] == 1
        assert p["vp.territory_divisor"] == 3
        assert p["scoring.tiebreak"] == ["regiments", "missions-completed"]
    assert a["game.turn_limit"] == 5


def test_two_generals_in_a_fortification_give_plus_two_plus_one(advanced: m.Variant) -> None:
    p = advanced.resolve().params
    gen, fort = p["generals.bonus_by_count"]["2"], p["fortifications.defence_bonus"]
    combined = [g + (fort[i] if i < len(fort) else 0) for i, g in enumerate(gen)]
    assert combined == [2, 1]


def test_capitals_option(advanced: m.Variant, basic: m.Variant) -> None:
    assert advanced.options["capitals"].default == "off"
    assert advanced.resolve().params["capitals.enabled"] is False
    assert advanced.resolve({"capitals": "on"}).params["capitals.enabled"] is True
    assert "capitals" in basic.options


def test_declared_values_are_the_resolved_values(basic: m.Variant, advanced: m.Variant) -> None:
    """A variant file shows the values its ambiguity resolutions actually give."""
    for v in (basic, advanced):
        resolved = v.resolve().params
        diff = {k: (p.value, resolved[k]) for k, p in v.parameters.items() if p.value != resolved[k]}
        assert diff == {}, (v.id, diff)


def test_every_parameter_is_used(advanced: m.Variant, spec: m.Spec) -> None:
    used = {pk for r in advanced.rules.values() for pk in r.parameters}
    used |= {pk for a in advanced.ambiguities.values() for r in a.readings for pk in r.parameters}
    assert set(advanced.parameters) - used == set()


# ----------------------------------------------------------------- rules
REQUIRED_RULES = [
    "napoleon.basic.players", "napoleon.basic.starting-units", "napoleon.basic.deal",
    "napoleon.basic.placement", "napoleon.basic.end", "napoleon.components.unit-values",
    "napoleon.reinforce.territories", "napoleon.reinforce.empires", "napoleon.reinforce.routes",
    "napoleon.cards.set-values", "napoleon.cards.jokers", "napoleon.cards.trade-territory-bonus",
    "napoleon.cards.forced-trade", "napoleon.cards.use-or-trade", "napoleon.cards.elimination-capture",
    "napoleon.turn.time-track", "napoleon.setup.players-and-regiments", "napoleon.setup.reinforce",
    "napoleon.setup.epidemics", "napoleon.setup.missions", "napoleon.turn.phases",
    "napoleon.missions.check", "napoleon.missions.one-per-level", "napoleon.scoring.empire-vp",
    "napoleon.reinforce.fortifications", "napoleon.units.ships", "napoleon.units.generals",
    "napoleon.units.admirals", "napoleon.units.fortifications", "napoleon.combat.naval-first",
    "napoleon.naval.forced-combat", "napoleon.naval.fight-to-end", "napoleon.combat.epidemic-loss",
    "napoleon.combat.general-bonus", "napoleon.combat.bonus-stacking", "napoleon.naval.admiral-bonus",
    "napoleon.leaders.capture", "napoleon.leaders.capture-vp", "napoleon.leaders.ransom",
    "napoleon.naval.landing", "napoleon.combat.empty-territory", "napoleon.maneuver.land",
    "napoleon.maneuver.naval", "napoleon.maneuver.leaders", "napoleon.epidemics.phase-loss",
    "napoleon.epidemics.relocate", "napoleon.end-of-turn.draws", "napoleon.scoring.territories",
    "napoleon.scoring.final-missions", "napoleon.scoring.tie-break", "napoleon.capitals.bonus",
    "napoleon.capitals.card-tradeoff", "napoleon.combat.dice", "napoleon.combat.compare",
]


def test_rule_set(basic: m.Variant, advanced: m.Variant) -> None:
    assert set(basic.rules) == set(advanced.rules)
    assert 60 <= len(advanced.rules) <= 100
    assert all(r.startswith("napoleon.") for r in advanced.rules)
    missing = [r for r in REQUIRED_RULES if r not in advanced.rules]
    assert missing == []
    for r in advanced.rules.values():
        assert r.sources or r.reconstructed, r.id
        for c in r.sources:
            assert c.source in ("napoleon-en", "classic-en", "classic-fr"), r.id


# ----------------------------------------------------------------- ambiguities
REQUIRED_AMBIGUITIES = [
    "card-table", "basic-game-end", "capital-count", "fortification-cost", "dice-above-six",
    "third-general", "general-attack-scope", "epidemic-attack-loss", "epidemic-timing",
    "empty-territory-card", "end-turn-draws", "elimination-trade-threshold", "jokers-per-set",
    "ransom", "mission-check-timing", "mission-per-level-scope", "empire-vp", "tie-break",
    "starting-leaders", "zones-at-start",
]


def test_ambiguity_register(basic: m.Variant, advanced: m.Variant) -> None:
    ambs = advanced.ambiguities
    assert set(ambs) == set(basic.ambiguities)
    assert len(ambs) >= 15
    assert [a for a in REQUIRED_AMBIGUITIES if f"napoleon.amb.{a}" not in ambs] == []
    setters: dict[str, set[str]] = {}
    for a in ambs.values():
        # Resolved explicitly for both variants, not only by inheritance.
        assert {"napoleon-basic", "napoleon-advanced"} <= set(a.resolutions), a.id
        shapes = {tuple(sorted((k, repr(v)) for k, v in r.parameters.items())) for r in a.readings}
        assert a.testable is False or len(shapes) == len(a.readings), a.id
        for r in a.readings:
            for pk in r.parameters:
                setters.setdefault(pk, set()).add(a.id)
    # One parameter, one ambiguity: two registers never fight over a value.
    assert {k: v for k, v in setters.items() if len(v) > 1} == {}


def test_card_table_readings_use_the_six_values(advanced: m.Variant) -> None:
    a = advanced.ambiguities["napoleon.amb.card-table"]
    modes = {r.parameters["setup.card_table_mode"] for r in a.readings}
    assert modes == {"by-seat", "by-round", "by-player-count", "none"}
    assert advanced.resolve({"napoleon.amb.card-table": "by-round"}).params["setup.card_table_mode"] == "by-round"


# ----------------------------------------------------------------- missions
def test_mission_decks(advanced: m.Variant) -> None:
    decks = advanced.mission_decks
    levels = {d.level: d for d in decks.values()}
    assert set(levels) == {1, 2, 3, 4}
    assert advanced.resolve().params["missions.decks"] == {str(k): d.id for k, d in levels.items()}
    placed = Counter(c for d in decks.values() for c in d.cards)
    assert set(placed) == set(advanced.missions) and set(placed.values()) == {1}
    for d in decks.values():
        assert d.provenance.is_reconstructed
        for cid in d.cards:
            ms = advanced.missions[cid]
            assert ms.level == d.level, cid
            assert ms.check in ("start", "end"), cid
            assert ms.reward.get("victory_points") == ms.level, cid
            assert ms.provenance.is_reconstructed, cid
    condition_kinds = {next(iter(ms.condition)) for ms in advanced.missions.values()}
    assert {"control_groups", "control_routes", "hold_territories", "hold_zones",
            "control_capitals", "capture_leaders", "hold_units", "hold_named"} <= condition_kinds
    assert any(ms.reward.get("lasting") for ms in advanced.missions.values())


# ----------------------------------------------------------------- wording and citations
def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", norm(text).replace("'", ""))


def test_no_long_copy_of_the_source() -> None:
    src = _words(source_text())
    grams = {tuple(src[i:i + 12]) for i in range(len(src) - 11)}
    for name in NAP_FILES:
        words = _words((NAP / name).read_text(encoding="utf-8"))
        copied = [" ".join(words[i:i + 12]) for i in range(len(words) - 11)
                  if tuple(words[i:i + 12]) in grams]
        assert copied == [], f"{name}: {copied[:3]}"


def _citations(node: Any) -> list[dict[str, Any]]:
    out = []
    if isinstance(node, dict):
        if "source" in node and "passage" in node and isinstance(node["passage"], str):
            out.append(node)
        for v in node.values():
            out += _citations(v)
    elif isinstance(node, list):
        for v in node:
            out += _citations(v)
    return out


def test_citations_are_short_and_found_in_their_source() -> None:
    texts = {sid: norm(source_text(sid)) for sid in SOURCE_FILES}
    n = 0
    for name in NAP_FILES:
        for c in _citations(load_path(NAP / name).data):
            n += 1
            assert len(c["passage"].split()) < 8, (name, c["passage"])
            assert norm(c["passage"]).replace('"', "") in texts[c["source"]].replace('"', ""), \
                (name, c["source"], c["passage"])
    assert n > 100
