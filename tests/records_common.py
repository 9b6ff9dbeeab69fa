"""What the Classic and Napoléon record tests share: the record table checked against the
fields table, and a walk through a random game that hands over the actions to parse."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from riskspec.reference import engine as E


def check_records_follow_fields(records: Mapping[str, Any],
                                fields: Mapping[str, Sequence[tuple[str, str]]],
                                field_names: Mapping[str, str]) -> None:
    """One record type per action type, its fields ``type`` then the JSON fields in order
    (under their record names)."""
    assert set(records) == set(fields)
    for kind, named in fields.items():
        want = ("type",) + tuple(field_names.get(name, name) for name, _ in named)
        assert records[kind]._fields == want, kind


def listed_actions(s: Any, rng: random.Random, steps: int, first: int) -> Iterator[tuple[Any, Any]]:
    """``(state, action)`` for the first ``first`` actions or chance outcomes listed at each
    of up to ``steps`` positions of a random game from ``s`` (one chosen by ``rng`` is
    applied each time)."""
    for _ in range(steps):
        if E.is_terminal(s):
            break
        options = ([a for a, _ in E.chance_outcomes(s)] if E.current_player(s) == E.CHANCE
                   else E.legal_actions(s))
        for action in options[:first]:
            yield s, action
        s, _ = E.apply(s, rng.choice(options))


def check_is_its_record(rec: Any, records: Mapping[str, Any], action: Mapping[str, Any]) -> None:
    """``rec`` is the record type of ``action``'s type, and still a tuple (same order and
    equality)."""
    assert isinstance(rec, records[action["type"]]) and rec.type == action["type"]
    assert rec == tuple(rec)
