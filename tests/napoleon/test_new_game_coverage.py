"""A new Napoléon game is refused when its starting regiments cannot occupy every territory
(napoleon.basic.pieces): at exactly one territory too many, not only at several.

Only an inline map can have more territories than the pieces cover, and a refused new game is
no vector, so these bounds are checked here (the mutation campaign's ``outside`` verdicts for
the bound edits of ``napoleon.game.new_game`` name this test)."""

from __future__ import annotations

import pytest

from riskspec.errors import OptionError
from riskspec.loading import load_spec
from riskspec.reference import engine as E
from riskspec.reference.napoleon.inline import small_map, variant_on_map


def _row(n: int) -> dict:
    """A land-only board of ``n`` territories in a row, one group, a card per territory."""
    names = [f"t{i}" for i in range(1, n + 1)]
    return small_map({t: "all" for t in names}, {}, [(a, b, "land") for a, b in zip(names, names[1:])],
                     {"all": 1}, {}, [(f"c-{t}", t, "infantry") for t in names] + [("c-j", None, "wild")])


def _covered(variant: str, players: int) -> int:
    """The territories the starting pieces occupy, from the variant's own parameters: under
    the deal, the cards dealt to each player and neutral army; under the claim, one territory
    per starting regiment."""
    p = E.new_game(variant, players, {}).tables.params
    if p.setup_distribution == "deal":
        return players * p.setup_deal_cards_player + p.setup_neutral_players * p.setup_deal_cards_neutral
    return players * p.setup_starting_units[str(players)]


@pytest.mark.parametrize("variant, players", [("napoleon-basic", 2), ("napoleon-advanced", 3)])
def test_one_territory_more_than_the_pieces_cover_is_refused(variant, players):
    spec, covered = load_spec(), _covered(variant, players)
    fits = variant_on_map(spec.variant(variant), _row(covered))
    assert E.new_game(fits, players, {}).tables.n_territories == covered
    too_big = variant_on_map(spec.variant(variant), _row(covered + 1))
    with pytest.raises(OptionError, match="cannot occupy every territory"):
        E.new_game(too_big, players, {})
