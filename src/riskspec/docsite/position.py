"""What a position looks like to a reader: places, their owners and pieces, what changed.

Shared by the worked examples of the site, their pictures and ``riskspec show``:
each reads the engine's JSON states (``riskspec/state@1``) through these helpers,
so the terminal and the site show the same cells.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from riskspec.wording import SEAT_FIELDS

#: the piece counts a place can hold (territories, then maritime zones), with their labels
FIELDS: tuple[tuple[str, str], ...] = (
    ("owner", "Owner"), ("armies", "Armies"), ("generals", "Generals"),
    ("fortifications", "Forts"), ("epidemics", "Epidemics"), ("ships", "Ships"),
    ("admirals", "Admirals"))
ARROW = " → "

#: top-level scalar fields of a state worth showing when they change
STATE_FIELDS: tuple[tuple[str, str], ...] = (
    ("phase", "phase"), ("current", "player to act"), ("turn", "turn"),
    ("winner", "winner"), ("sets_traded", "sets traded"))


def places_of(state: Mapping[str, Any] | None) -> dict[str, Mapping[str, Any]]:
    """Place ID → its fields, territories first, then maritime zones."""
    if not isinstance(state, Mapping):
        return {}
    out: dict[str, Mapping[str, Any]] = {}
    for key in ("territories", "zones"):
        block = state.get(key)
        if isinstance(block, Mapping):
            out.update({k: v for k, v in block.items() if isinstance(v, Mapping)})
    return out


def blank(fields: Mapping[str, Any]) -> bool:
    """A place with nothing on it: no owner, no pieces (a new game's board)."""
    return all(v is None or v == 0 or v is False or v == [] for v in fields.values())


def players_of(state: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    players = state.get("players") if isinstance(state, Mapping) else None
    return [p if isinstance(p, Mapping) else {} for p in players] \
        if isinstance(players, list) else []


def player_label(state: Mapping[str, Any] | None, seat: Any) -> str:
    """A seat as a reader knows it: its colour (``neutral`` marked), or ``—`` for nobody."""
    if seat is None:
        return "—"
    players = players_of(state)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        p = players[seat]
        colour = str(p.get("colour") or f"player {seat}")
        return f"{colour} (neutral)" if p.get("neutral") else colour
    return f"player {seat}" if isinstance(seat, int) else str(seat)


def value_text(state: Mapping[str, Any] | None, key: str, value: Any) -> str:
    if key in SEAT_FIELDS and (value is None or (isinstance(value, int)
                                                 and not isinstance(value, bool))):
        return player_label(state, value)
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def changed_places(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> list[str]:
    b, a = places_of(before), places_of(after)
    return [p for p in dict.fromkeys([*b, *a]) if b.get(p) != a.get(p)]


def columns(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
            ids: Iterable[str]) -> list[tuple[str, str]]:
    """The fields (key, label) any of ``ids`` has, in :data:`FIELDS` order."""
    b, a = places_of(before), places_of(after)
    have = {k for p in ids for k in (*b.get(p, {}), *a.get(p, {}))}
    return [(k, label) for k, label in FIELDS if k in have]


def cell(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None, place: str,
         key: str) -> tuple[str, str, bool]:
    """(before text, after text, changed) of one field of one place; '' where it has none."""
    b = places_of(before).get(place, {})
    a = places_of(after).get(place, {})
    bt = value_text(before, key, b[key]) if key in b else ""
    at = value_text(after, key, a[key]) if key in a else ""
    return bt, at, bt != at


def cell_text(bt: str, at: str, changed: bool) -> str:
    """``3`` when unchanged, ``3 → 1`` when changed (the form the site and the terminal print)."""
    if not changed:
        return bt
    return f"{bt or '·'}{ARROW}{at or '·'}"


def parse_cell(text: str) -> tuple[str, str]:
    """Inverse of :func:`cell_text`: (before, after)."""
    if ARROW.strip() in text:
        bt, at = (s.strip() for s in text.split(ARROW.strip(), 1))
        return ("" if bt == "·" else bt), ("" if at == "·" else at)
    return text.strip(), text.strip()


@functools.cache
def _pending_meanings() -> Mapping[str, str]:
    """Each ``pending`` field's meaning, as the state schema describes it (one truth)."""
    from riskspec.validation import load_schema

    defs = load_schema("state.schema.json").get("$defs", {})
    out: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            for key, sub in (node.get("properties") or {}).items():
                if isinstance(sub, Mapping) and isinstance(sub.get("description"), str):
                    out.setdefault(key, sub["description"].strip().rstrip("."))
            for sub in node.values():
                walk(sub)
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    for name in ("pending", "napoleon_pending"):
        walk(defs.get(name))
    return out


def pending_label(key: str) -> str:
    """A bookkeeping field of the phase in words: its meaning from the state schema, with
    the field's own name after it (``cards still to draw (left)``)."""
    meaning = _pending_meanings().get(key)
    name = key.replace("_", " ")
    if not meaning:
        return name
    return f"{meaning[0].lower()}{meaning[1:]} ({name})"


def _pending(state: Mapping[str, Any]) -> Mapping[str, Any]:
    pending = state.get("pending")
    return pending if isinstance(pending, Mapping) else {}


def other_changes(before: Mapping[str, Any] | None,
                  after: Mapping[str, Any] | None) -> list[tuple[str, str, str]]:
    """(what, before, after) for the changed scalar facts besides the places: phase, player to
    act, turn, and each player's reserve, card count, victory points …"""
    if not isinstance(before, Mapping) or not isinstance(after, Mapping):
        return []
    out = []
    for key, label in STATE_FIELDS:
        if key in before or key in after:
            bt, at = value_text(before, key, before.get(key)), value_text(after, key, after.get(key))
            if bt != at:
                out.append((label, bt, at))
    pend_b = _pending(before)
    pend_a = _pending(after)
    for key in dict.fromkeys([*pend_b, *pend_a]):  # what is still to do: armies to place …
        bv, av = pend_b.get(key), pend_a.get(key)
        if not all(v is None or type(v) is int for v in (bv, av)):
            continue  # only counts (armies to place …), not the bookkeeping
        bt, at = value_text(before, key, bv), value_text(after, key, av)
        if bt != at:
            out.append((pending_label(key), bt, at))
    pb, pa = players_of(before), players_of(after)
    for seat in range(max(len(pb), len(pa))):
        b = pb[seat] if seat < len(pb) else {}
        a = pa[seat] if seat < len(pa) else {}
        who = player_label(after, seat)
        for key in dict.fromkeys([*b, *a]):
            if key == "colour":
                continue
            bv, av = b.get(key), a.get(key)
            if isinstance(bv, list) or isinstance(av, list):
                bt, at = str(len(bv or [])), str(len(av or []))
                label = f"{who}: {key.replace('_', ' ')} (count)"
            elif isinstance(bv, Mapping) or isinstance(av, Mapping):
                continue
            else:
                bt, at = value_text(before, key, bv), value_text(after, key, av)
                label = f"{who}: {key.replace('_', ' ')}"
            if bt != at:
                out.append((label, bt, at))
    return out


def ordered(ids: Iterable[str], board_order: Sequence[str]) -> list[str]:
    order = {p: i for i, p in enumerate(board_order)}
    return sorted(dict.fromkeys(ids), key=lambda p: (order.get(p, len(order)), p))


def named_places(value: Any, known: set[str]) -> list[str]:
    """Every place ID ``value`` (an action, an event, an expectation) mentions."""
    out: list[str] = []
    if isinstance(value, str) and value in known:
        out.append(value)
    elif isinstance(value, list):
        for v in value:
            out += named_places(v, known)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            if k in known:
                out.append(k)
            out += named_places(v, known)
    return out


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain-text table for the terminal."""
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(header)]
    line = "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip()
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join(out)
