"""A state's public JSON form, for every family: :func:`to_dict` / :func:`to_json` /
:func:`state_hash` one way, :func:`from_dict` / :func:`from_json` the other.

Each dispatches to the state's family (:mod:`riskspec.reference.family`); reading a state
checks its JSON Schema (``schemas/state.schema.json``), then the family builds it and
holds it to the family's consistency invariants (``docs/state-invariants.md``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from riskspec.loading import get_variant
from riskspec.reference.family import family_of, get_family
from riskspec.reference.state import InvalidStateError, State, dumps
from riskspec.validation import is_surely_valid, validator

#: the most seats (players, neutral ones included) a state may have: far above any variant's
#: colours, checked before the schema so that a state of a million players is refused at once
MAX_SEATS = 64


def to_dict(state: State) -> dict[str, Any]:
    """The public JSON object of a state (IDs, not indices), in its family's format."""
    return family_of(state).to_dict(state)


def to_json(state: State) -> str:
    """The canonical JSON text of a state."""
    return dumps(to_dict(state))


def state_hash(state: State) -> str:
    """SHA-256 (hex) of the canonical JSON text."""
    return hashlib.sha256(to_json(state).encode("utf-8")).hexdigest()


def from_json(text: str | bytes | Mapping[str, Any], variant: Any = None, *,
              check_schema: bool = True) -> State:
    """A state from its JSON text (or the parsed object); see :func:`from_dict`."""
    if isinstance(text, (str, bytes)):
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise InvalidStateError(f"state is not JSON: {exc}") from None
        except RecursionError:
            raise InvalidStateError("state is not readable JSON: nested too deep") from None
    else:
        data = text
    return from_dict(data, variant, check_schema=check_schema)


def _find_fraction(data: Any) -> tuple[str, float] | None:
    """(JSON path, value) of the first number of ``data`` that is a float, if any; walked
    without recursion (a state may be nested 100,000 deep), the path built only if found."""
    stack: list[tuple[Any, Any]] = [(data, None)]
    while stack:
        x, trail = stack.pop()
        if isinstance(x, float):
            keys = []
            while trail is not None:
                key, trail = trail
                keys.append(f"[{key}]" if isinstance(key, int) else f".{key}")
            return "$" + "".join(reversed(keys)), x
        if isinstance(x, Mapping):
            stack.extend((v, (k, trail)) for k, v in x.items())
        elif isinstance(x, list):
            stack.extend((v, (i, trail)) for i, v in enumerate(x))
    return None


def from_dict(data: Any, variant: Any = None, *, check_schema: bool = True) -> State:
    """Rebuild a state; every inconsistency raises :class:`InvalidStateError`.

    ``variant`` may be given (a :class:`~riskspec.model.Variant`) when the state is
    of a variant that is not in the shipped specification.  ``check_schema=False``
    skips the JSON Schema validation (slow) for data known to be well formed, e.g.
    the engine's own ``to_dict`` output; the consistency checks always run.
    """
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"a state is a JSON object, not {type(data).__name__}")
    seats = data.get("players")
    if isinstance(seats, list) and len(seats) > MAX_SEATS:  # before the schema walks them all
        raise InvalidStateError(f"{len(seats):,} players: the engine seats at most {MAX_SEATS} "
                                "[invariant state.player-count]", invariant="state.player-count")
    fraction = _find_fraction(data) if check_schema else None
    if fraction is not None:  # JSON Schema counts 2.0 as an integer; the engine does not
        raise InvalidStateError(f"invalid state at {fraction[0]}: {fraction[1]!r} is not a whole "
                                "number (a state holds no fractions: write it without '.0')")
    try:
        errors = sorted(validator("state.schema.json").iter_errors(dict(data)),
                        key=lambda e: list(map(str, e.absolute_path))) \
            if check_schema and not is_surely_valid("state.schema.json", data) else []
    except RecursionError:
        raise InvalidStateError("invalid state: values nested too deep") from None
    if errors:
        err = errors[0]
        where = "$" + "".join(f"[{p!r}]" if isinstance(p, int) else f".{p}"
                              for p in err.absolute_path)
        raise InvalidStateError(f"invalid state at {where}: {err.message}"
                                + (f" (and {len(errors) - 1} more problems)"
                                   if len(errors) > 1 else ""))
    if variant is None:
        variant = get_variant(data["variant"])
    elif variant.id != data["variant"]:
        raise InvalidStateError(f"state is of variant {data['variant']!r}, not {variant.id!r}")
    # the schema's branch of the family ($defs/napoleon for Napoléon) has checked the form
    return get_family(variant.family).from_dict(data, variant)
