"""One event vocabulary (issue 27): seeded random games of both families report the same
happenings under the same event types, with the same fields, in the same order within a step;
the types both emit are the list ``docs/protocol.md`` gives, and exactly the schema's types
not marked as one family's; every event validates, and a malformed shared event from an
engine is reported by the protocol check."""

from __future__ import annotations

import collections
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from riskspec.conformance.protocol import result_errors, schema_errors
from riskspec.reference.driver import play_game

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = ("Classic", "Napoléon")

SEEDS = ((0, "uniform"), (1, "aggressive"), (2, "by-type"))
FINISH = ((0, "aggressive"), (1, "aggressive"))  # games played to their end (at most 500 turns)

#: (variant, players, options, max_turns, seeds) per family: finished games too, so that
#: the end of the game, eliminations with cards and reshuffles happen in both
GAMES: dict[str, list[tuple[str, int, dict[str, str], int, tuple[tuple[int, str], ...]]]] = {
    "classic": [("classic", 2, {}, 15, SEEDS), ("classic", 3, {}, 500, FINISH),
                ("classic", 4, {}, 500, FINISH),
                ("classic", 4, {"game-mode": "mission",
                                "classic.amb.mission-deck-size": "twelve"}, 15, SEEDS),
                ("classic-fr", 3, {}, 15, SEEDS)],
    "napoleon": [("napoleon-basic", 2, {}, 15, SEEDS),
                 ("napoleon-basic", 2, {"napoleon.amb.basic-neutral-placement": "random"}, 15,
                  SEEDS),
                 ("napoleon-advanced", 3, {}, 15, SEEDS),
                 ("napoleon-advanced", 4, {"capitals": "on"}, 15, SEEDS)],
}

#: the happenings of both games the issue names: each must be reported in both families
HAPPENINGS = {"turn-started", "reinforcements", "placed", "traded", "attack-declared",
              "battle", "conquered", "eliminated", "occupied", "fortified", "turn-ended",
              "card-drawn", "game-over"}


def collect(family: str) -> dict[str, Any]:
    """Event types (counts), the fields seen per type, the pairs of types seen one before the
    other within a step, an example of each type, and the schema errors."""
    kinds: collections.Counter[str] = collections.Counter()
    fields: dict[str, set[str]] = collections.defaultdict(set)
    before: set[tuple[str, str]] = set()
    example: dict[str, dict[str, Any]] = {}
    bad: list[tuple[dict[str, Any], str]] = []

    def on_step(_before: Any, _action: Any, _after: Any, events: list[dict[str, Any]]) -> None:
        for e in events:
            kinds[e["type"]] += 1
            fields[e["type"]] |= set(e)
            example.setdefault(e["type"], e)
            err = schema_errors("event.schema.json", e, limit=1)
            if err:
                bad.append((e, err[0]))
        types = [e["type"] for e in events]
        before.update((a, b) for a, b in itertools.combinations(types, 2) if a != b)

    for variant, players, options, turns, seeds in GAMES[family]:
        for seed, policy in seeds:
            play_game(variant, players, seed=seed, options=options or None, policy=policy,
                      max_turns=turns, on_step=on_step)
    return {"kinds": kinds, "fields": fields, "before": before, "example": example, "bad": bad}


@pytest.fixture(scope="module")
def seen() -> dict[str, dict[str, Any]]:
    return {f: collect(f) for f in GAMES}


def documented_shared() -> list[str]:
    """The shared types docs/protocol.md lists ("The types both emit are …")."""
    text = " ".join((ROOT / "docs" / "protocol.md").read_text(encoding="utf-8").split())
    m = re.search(r"The types both emit are (.*?)\. ", text)
    assert m, "docs/protocol.md lists the event types both families emit"
    return re.findall(r"`([a-z-]+)`", m.group(1))


def schema_branches() -> dict[str, dict[str, Any]]:
    schema = json.loads((ROOT / "schemas" / "event.schema.json").read_text(encoding="utf-8"))
    return {b["properties"]["type"]["const"]: b for b in schema["oneOf"]}


def one_familys(description: str | None) -> bool:
    return (description or "").startswith(FAMILIES)


def shared_of(seen: dict[str, dict[str, Any]]) -> set[str]:
    return set(seen["classic"]["kinds"]) & set(seen["napoleon"]["kinds"])


def test_every_event_of_every_step_validates(seen) -> None:
    for family, got in seen.items():
        assert not got["bad"], (family, got["bad"][:3])
        assert len(got["kinds"]) >= 15, (family, got["kinds"])  # the games got far


def test_the_shared_happenings_have_the_same_types_in_both_families(seen, capsys) -> None:
    shared = shared_of(seen)
    with capsys.disabled():
        print(f"\nevent types both families emit in random games: {len(shared)}: "
              f"{', '.join(sorted(shared))}")
    assert HAPPENINGS <= shared, sorted(HAPPENINGS - shared)


def test_the_shared_types_are_the_documented_list_and_the_schemas_unmarked_ones(seen) -> None:
    doc = documented_shared()
    assert len(doc) == len(set(doc)), doc
    assert sorted(shared_of(seen)) == sorted(doc)
    branches = schema_branches()
    unmarked = {t for t, b in branches.items() if not one_familys(b.get("description"))}
    assert unmarked == set(doc), (sorted(unmarked - set(doc)), sorted(set(doc) - unmarked))
    # a type seen in one family only is marked as that family's
    for family, other in (("classic", "napoleon"), ("napoleon", "classic")):
        for t in set(seen[family]["kinds"]) - set(seen[other]["kinds"]):
            assert one_familys(branches[t].get("description")), (family, t)


def test_a_field_one_family_alone_gives_is_marked_as_that_familys(seen) -> None:
    branches = schema_branches()
    for t in sorted(shared_of(seen)):
        c, n = seen["classic"]["fields"][t], seen["napoleon"]["fields"][t]
        for f in sorted(c ^ n):
            described = branches[t]["properties"][f].get("description")
            assert one_familys(described), f"{t}.{f}: given by one family only, not marked"


def test_shared_types_come_in_the_same_order_within_a_step(seen) -> None:
    """No two shared types come one before the other in a step of one family and the other
    way round in a step of the other."""
    shared = shared_of(seen)
    c = {p for p in seen["classic"]["before"] if set(p) <= shared}
    n = {p for p in seen["napoleon"]["before"] if set(p) <= shared}
    inverted = sorted((a, b) for a, b in c if (b, a) in n and (b, a) not in c)
    assert not inverted, inverted


def test_a_malformed_shared_event_from_an_engine_is_reported(seen) -> None:
    state = {"format": "riskspec/state@1"}
    branches = schema_branches()
    for t in sorted(shared_of(seen)):
        for family in GAMES:
            good = seen[family]["example"][t]
            assert result_errors("apply", {"state": state, "events": [good]}) == [], good
            broken = [dict(good, unexpected=1)]
            broken += [{k: v for k, v in good.items() if k != f}
                       for f in branches[t]["required"] if f != "type"]
            broken += [dict(good, **{f: {"not": "a value"}}) for f in good if f != "type"]
            for bad in broken:
                errs = result_errors("apply", {"state": state, "events": [good, bad]})
                assert errs and "events[1]" in errs[0] and t in errs[0], (family, bad)
