"""Scenarios that expose what a state cannot show: every border of the board, every card's symbol.

The expected values come from the spec's map (``spec/classic/map.yaml``: its borders and its
deck), never from an engine: an engine missing a border (say Kamchatka–Mongolia) or printing
a wrong symbol on a card fails one of these cases.

Borders: in twelve positions black holds the territories whose map index has bit k set (or
clear), with 2 armies each, and the others are foreign; the legal actions of black's attack
phase are then exactly one 1-die attack along every border leaving black's side, and
end-attack. Every border crosses from black's side in at least one of the twelve.

Symbols: black starts a turn holding five cards — two under test, and a known infantry,
cavalry and artillery; which of the ten triples are sets pins down both unknown symbols.
"""

from __future__ import annotations

import functools
from itertools import combinations

from riskspec.conformance.cases_cards import trade
from riskspec.conformance.scenario import scenario

KNOWN = {"infantry": "peru", "cavalry": "greenland", "artillery": "northwest-territory"}
SYNTHETIC_BOARD = (["$.territories"], "ownership chosen to put every border of a bit-cut on the front "
                   "line; armies are not those of a played setup")
SYNTHETIC_HAND = (["$.players[0].cards"], "five chosen cards at the first turn expose two cards' "
                  "symbols; in play a hand grows by one card a turn")


@functools.cache
def _board():
    from riskspec.loading import load_spec
    return load_spec(strict=False).variants["classic"].board


def _neighbours() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {t: set() for t in _board().territory_ids}
    for border in _board().borders:
        out[border.a].add(border.b)
        out[border.b].add(border.a)
    return out


def _cut(bit: int, side: int) -> list[str]:
    return [t for i, t in enumerate(_board().territory_ids) if (i >> bit) & 1 == side]


for _bit in range(6):
    for _side in (1, 0):
        def _borders(b, bit=_bit, side=_side):
            black = set(_cut(bit, side))
            foreign = [t for t in _board().territory_ids if t not in black]
            owners = {t: (0, 2) for t in black}
            owners.update({t: (1, 2) for t in foreign})
            owners[foreign[-1]] = (2, 2)     # green keeps one territory
            b.position(owners, phase="attack", current=0)
            nb = _neighbours()
            attacks = [{"type": "attack", "from": a, "to": t, "dice": 1}
                       for a in sorted(black) for t in sorted(nb[a] - black)]
            b.check(legal=[*attacks, {"type": "end-attack"}],
                    explain=f"Black holds the {len(black)} territories with bit {bit} of their map "
                            f"index {'set' if side else 'clear'}: one attack along each of the "
                            f"{len(attacks)} borders leaving them.")
        _n = 2 + 2 * _bit + (1 - _side)
        scenario(f"classic.components.board.{_n:03d}",
                 f"Every border from the territories with index bit {_bit} {'set' if _side else 'clear'} "
                 f"is an attack", ["classic.components.board", "classic.attack.adjacency"],
                 synthetic=SYNTHETIC_BOARD)(_borders)


def _is_set(symbols: list[str]) -> bool:
    """Three alike or one of each; a wild stands for any symbol (up to two wilds a set)."""
    plain = [s for s in symbols if s != "wild"]
    if len(plain) < len(symbols):
        return len(symbols) - len(plain) <= 2
    return len(set(plain)) in (1, 3)


def _unknown_cards() -> list[str]:
    return [c.id for c in _board().cards if c.id not in KNOWN.values()]


def _symbol(card: str) -> str:
    return next(c.symbol for c in _board().cards if c.id == card)


_PAIRS = [tuple(_unknown_cards()[i:i + 2]) for i in range(0, len(_unknown_cards()), 2)]
if len(_PAIRS[-1]) == 1:
    _PAIRS[-1] = (_PAIRS[-2][0], _PAIRS[-1][0])

for _i, _pair in enumerate(_PAIRS):
    def _symbols(b, pair=_pair):
        hand = [*pair, *KNOWN.values()]
        owners = {t: (1, 2) for t in hand if not t.startswith("wild")}
        b.position(owners, phase="fortify", current=2, hands={0: hand})
        b.do({"type": "end-turn"}, explain="Black's turn begins with five cards: a set must be traded.",
             state={"current": 0, "turn": 2, "phase": "reinforce"})
        triples = [list(t) for t in combinations(hand, 3)]
        good = [trade(t) for t in triples if _is_set([_symbol(c) for c in t])]
        bad = [trade(t) for t in triples if not _is_set([_symbol(c) for c in t])]
        b.check(legal_includes=good, legal_excludes=bad or None,
                explain=f"{pair[0]} shows {_symbol(pair[0])}, {pair[1]} {_symbol(pair[1])}: "
                        f"{len(good)} of the 10 triples are sets.")
    scenario(f"classic.components.card-deck.{_i + 2:03d}",
             f"The symbols of {' and '.join(_pair)}, seen through the sets they make",
             ["classic.components.card-deck", "classic.cards.valid-sets"],
             synthetic=SYNTHETIC_HAND)(_symbols)
