"""The Napoléon board and deck cases catch what a state cannot show: a missing land border,
coast or sea border, a wrong card symbol."""

from __future__ import annotations

import contextlib
import dataclasses

import pytest

from riskspec.conformance.client import reference_client
from riskspec.conformance.runner import run_case
from riskspec.conformance.vectors import load_cases
from riskspec.loading import load_spec
from riskspec.reference import tables as T
from riskspec.reference.napoleon import tables as NT

CASES = load_cases()
ADJ = [c for c in CASES if c.id.startswith("napoleon.components.adjacency.") and int(c.id[-3:]) > 100]
DECK = [c for c in CASES if c.id.startswith("napoleon.components.territory-deck.") and int(c.id[-3:]) > 1]
BOARD = load_spec(strict=False).variants["napoleon-basic"].board


@contextlib.contextmanager
def patched(change):
    """The reference engine with every Napoléon table built from now on changed by ``change``."""
    saved = dict(T._CACHE)
    real = NT.build_tables
    T._CACHE.clear()
    NT.build_tables = lambda rs: change(real(rs))  # type: ignore[assignment]
    try:
        yield
    finally:
        NT.build_tables = real  # type: ignore[assignment]
        T._CACHE.clear()
        T._CACHE.update(saved)


def _cut(a: str, b: str, field: str):
    def change(tb):
        i, j = tb.place_index[a], tb.place_index[b]
        links = [frozenset(n for n in ns if (k, n) not in ((i, j), (j, i))) for k, ns in enumerate(getattr(tb, field))]
        return dataclasses.replace(tb, **{field: tuple(links)})
    return change


def _failing(cases):
    client = reference_client()
    return [c.id for c in cases if run_case(client, c).outcome != "pass"]


def test_the_cases_pass_on_the_reference_and_cross_every_border_both_ways():
    assert len(ADJ) >= 12 + 6 + 8 and len(DECK) == 4
    assert _failing(ADJ + DECK) == []
    crossed = {(a["from"], a["to"]) for c in ADJ for st in c.steps for a in st["expect"]["legal"]
               if a["type"] == "attack"}
    land_sea = {(x.a, x.b) for x in BOARD.borders if x.kind in ("land", "sea")}
    assert land_sea | {(b, a) for a, b in land_sea} <= crossed
    assert all(c.synthetic and c.synthetic["why"] for c in ADJ + DECK)


@pytest.mark.parametrize("a, b, field", [
    ("ile-de-france", "aquitaine", "land"),        # the maneuver example's border
    ("andalusia", "western-mediterranean", "coast"),  # the landing example's coast
    ("egypt", "eastern-mediterranean", "coast"),
    ("north-sea", "baltic-sea", "sea"),
])
def test_an_engine_missing_a_link_fails(a, b, field):
    with patched(_cut(a, b, field)):
        assert _failing(ADJ), f"no board case noticed the missing {field} link {a}–{b}"


def test_every_coast_is_seen():
    coasts = [(x.a, x.b) for x in BOARD.borders if x.kind == "coast"]
    client = reference_client()
    missed = []
    for a, b in coasts:
        with patched(_cut(a, b, "coast")):
            if not any(run_case(client, c).outcome != "pass" for c in ADJ if c.id >= "napoleon.components.adjacency.131"):
                missed.append((a, b))
    assert not missed, missed


def test_an_engine_with_a_wrong_card_symbol_fails():
    def change(tb):
        syms = list(tb.card_symbol)
        k = tb.card_index["card-finland"]
        syms[k] = "infantry" if syms[k] != "infantry" else "cavalry"
        return dataclasses.replace(tb, card_symbol=tuple(syms))
    with patched(change):
        assert _failing(DECK), "no deck case noticed card-finland's wrong symbol"
