"""The board and deck cases catch what a state cannot show: a missing border, a wrong symbol."""

from __future__ import annotations

import contextlib
import dataclasses

from riskspec.conformance.client import reference_client
from riskspec.conformance.runner import run_case
from riskspec.conformance.vectors import load_cases
from riskspec.reference import tables as T

CASES = load_cases()
BORDERS = [c for c in CASES if c.id.startswith("classic.components.board.") and c.id != "classic.components.board.001"]
SYMBOLS = [c for c in CASES if c.id.startswith("classic.components.card-deck.") and c.id != "classic.components.card-deck.001"]


@contextlib.contextmanager
def patched_tables(change):
    """The reference engine with every built Classic table changed by ``change`` (restored after)."""
    saved = dict(T._CACHE)
    real = T.build_tables
    T._CACHE.clear()
    T.build_tables = lambda rs: change(real(rs))  # type: ignore[assignment]
    try:
        yield
    finally:
        T.build_tables = real  # type: ignore[assignment]
        T._CACHE.clear()
        T._CACHE.update(saved)


def _without_border(a: str, b: str):
    def change(tb):
        i, j = tb.territory_index[a], tb.territory_index[b]
        adj = [tuple(n for n in ns if (k, n) not in ((i, j), (j, i))) for k, ns in enumerate(tb.adjacency)]
        return dataclasses.replace(tb, adjacency=tuple(adj), adjacency_sets=tuple(frozenset(x) for x in adj))
    return change


def _symbol_swapped(card: str, symbol: str):
    def change(tb):
        syms = list(tb.card_symbol)
        syms[tb.card_index[card]] = symbol
        return dataclasses.replace(tb, card_symbol=tuple(syms))
    return change


def _failing(cases):
    client = reference_client()
    return [c.id for c in cases if run_case(client, c).outcome != "pass"]


def test_the_cases_pass_on_the_reference_and_cover_every_border_both_ways():
    assert len(BORDERS) == 12 and len(SYMBOLS) == 21
    assert _failing(BORDERS + SYMBOLS) == []
    crossed = {(a["from"], a["to"]) for c in BORDERS for st in c.steps for a in st["expect"]["legal"]
               if a["type"] == "attack"}
    from riskspec.loading import load_spec
    board = load_spec(strict=False).variants["classic"].board
    assert {(x.a, x.b) for x in board.borders} | {(x.b, x.a) for x in board.borders} <= crossed
    assert all(c.synthetic and c.synthetic["why"] for c in BORDERS + SYMBOLS)


def test_an_engine_missing_kamchatka_mongolia_fails():
    with patched_tables(_without_border("kamchatka", "mongolia")):
        failing = _failing(BORDERS)
    assert failing, "no board case noticed the missing border"


def test_an_engine_with_a_wrong_card_symbol_fails():
    with patched_tables(_symbol_swapped("siberia", "infantry")):
        failing = _failing(SYMBOLS)
    assert failing, "no deck case noticed Siberia's wrong symbol"
