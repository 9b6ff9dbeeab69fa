"""The board of a variant as an adapter needs it: IDs, continents, borders, cards, names.

>>> b = board("classic")
>>> b.bonus["australia"], len(b.territories), b.borders("alaska")
(2, 42, ('alberta', 'kamchatka', 'northwest-territory'))
>>> b.match_names(["Alaska", "NW_Territory", "Scandanavia"], {"Scandanavia": "scandinavia"})
{'Alaska': 'alaska', 'NW_Territory': 'northwest-territory', 'Scandanavia': 'scandinavia'}
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from riskspec.adapter.errors import AdapterError
from riskspec.loading import load_spec


@dataclass(frozen=True)
class Board:
    """A variant's map, read from the specification (never copied into an adapter)."""

    variant: str
    territories: tuple[str, ...]                 # map order
    groups: Mapping[str, tuple[str, ...]]        # continent -> its territories
    bonus: Mapping[str, int]                     # continent -> armies for holding it
    adjacency: Mapping[str, tuple[str, ...]]     # place -> its neighbours, sorted
    cards: tuple[str, ...]                       # card IDs, deck order
    symbol: Mapping[str, str]                    # card -> infantry / cavalry / artillery / wild
    card_territory: Mapping[str, str | None]     # card -> the territory it pictures
    names: Mapping[str, str]                     # territory -> its display name
    aliases: Mapping[str, tuple[str, ...]]       # territory -> other names editions use

    def borders(self, territory: str) -> tuple[str, ...]:
        return self.adjacency[territory]

    def held_groups(self, owned: Iterable[str]) -> list[str]:
        """The continents every territory of which is in ``owned``, in map order."""
        mine = set(owned)
        return [g for g, ts in self.groups.items() if mine.issuperset(ts)]

    def match_names(self, engine_names: Iterable[str],
                    overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """Map an engine's territory names to riskspec IDs.

        A name matches an ID, a display name or an alias after folding case and
        punctuation (``"NW_Territory"`` is not ``northwest-territory``: common
        abbreviations ``N``/``S``/``E``/``W``/``C``/``NW``/``Mid`` are expanded too).
        ``overrides`` settles the rest; any name left unmatched, or two names on one
        ID, is an :class:`~riskspec.adapter.AdapterError` listing them.
        """
        index: dict[str, str] = {}
        for tid in self.territories:
            for name in (tid, self.names[tid], *self.aliases[tid]):
                index[_fold(name)] = tid
        out: dict[str, str] = {}
        unmatched: list[str] = []
        for name in engine_names:
            found: str | None = ((overrides or {}).get(name) or index.get(_fold(name))
                                 or index.get(_fold(_expand(name))))
            if found is None:
                unmatched.append(name)
            else:
                out[name] = found
        if unmatched:
            raise AdapterError("names", f"no riskspec territory for {', '.join(map(repr, unmatched))}: "
                                        "give them in overrides")
        seen: dict[str, str] = {}
        for name, tid in out.items():
            if tid in seen:
                raise AdapterError("names", f"{seen[tid]!r} and {name!r} both match {tid!r}")
            seen[tid] = name
        return out


_ABBREV = {"n": "north", "s": "south", "e": "east", "w": "west", "c": "central", "nw": "northwest",
           "mid": "middle", "us": "united states"}


def _fold(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _expand(name: str) -> str:
    words = re.split(r"[\s_\-.]+", name.strip().lower())
    out = []
    for i, w in enumerate(words):
        w = _ABBREV.get(w, w)
        if i == 0 and w in ("north", "south", "east", "west") and len(words) > 1 and \
                words[1] not in ("africa", "america"):
            w += "ern"   # W_US -> western united states, E_Africa stays east africa
        out.append(w)
    return " ".join(out)


@functools.cache
def board(variant: str = "classic") -> Board:
    """The board of ``variant`` from the specification riskspec ships."""
    b = load_spec().variant(variant).board
    return Board(
        variant=variant,
        territories=tuple(t.id for t in b.territories),
        groups={g.id: tuple(g.territories) for g in b.groups},
        bonus={g.id: g.bonus for g in b.groups},
        adjacency={k: tuple(v) for k, v in b.adjacency.items()},
        cards=tuple(c.id for c in b.cards),
        symbol={c.id: c.symbol for c in b.cards},
        card_territory={c.id: c.territory for c in b.cards},
        names={t.id: t.name for t in b.territories},
        aliases={t.id: tuple(t.aliases) for t in b.territories},
    )
