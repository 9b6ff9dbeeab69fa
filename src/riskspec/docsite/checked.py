"""What a worked example checks, in a reader's words: every field its expectations name.

A case's steps expect parts of the position (``expect.state``): a territory's armies,
a player's reserve or cards, the player to act, victory points, the phase … Each of
those leaves is a :class:`Fact`: a label in plain words, the value the case expects,
and the reference engine's value before and after that step. The site marks the
checked cells of the position table and lists the rest in a "Checked" table;
``riskspec show`` prints the same lines. The "Why" line of an example (its steps'
``explain``, a sentence written in :mod:`riskspec.conformance.why`, or one generated
from the case's title and the rule it covers) comes from here too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riskspec.docsite import position as pos
from riskspec.wording import SEAT_FIELDS

#: top-level fields of a state, in words (besides :data:`position.STATE_FIELDS`)
TOP_WORDS = {"discards": "discard pile", "draw_pile": "draw pile",
             "first_player": "first player", "co_winners": "winners sharing the victory",
             "mission_decks": "mission deck", "turn_flags": "this turn"}

#: a player's fields, in words (the field's own name follows in brackets)
PLAYER_WORDS = {
    "reserve": "armies in reserve", "cards": "cards in hand", "vp": "victory points",
    "eliminated": "out of the game", "eliminated_by": "eliminated by",
    "missions": "mission cards", "mission": "mission card",
    "missions_completed": "missions completed", "captured": "owes a trade for captured cards",
    "neutral": "neutral army", "colour": "colour", "captive_generals": "enemy generals held",
    "captive_admirals": "enemy admirals held", "prisoners": "prisoners held",
    "prisoner_generals": "own generals held prisoner", "lasting_bonuses": "lasting bonuses",
    "mission_levels_done": "mission levels done", "mission_reinforcements":
        "mission regiments for the next reinforcement"}

#: turn_flags fields, in words
FLAG_WORDS = {"conquered": "a territory was conquered", "conquests": "territories conquered",
              "bonus_taken": "card territory bonus taken", "fortify_moves": "fortify moves made",
              "land_attacked": "a land attack was made", "naval_moves": "naval moves made",
              "effects": "card effects in force", "effect_plays": "effect cards played",
              "missions_completed": "missions completed", "maneuver_start": "units at the "
              "start of the maneuver", "general_battles": "battles fought by generals",
              "ransomed": "leaders ransomed", "last_attack": "last attack"}


@dataclass(frozen=True)
class Fact:
    """One checked field of one step."""

    step: int  # 1-based step whose expectation names it
    label: str  # in words: "black: armies in reserve (reserve)"
    expected: str  # the value the case expects, as text
    before: str  # the engine's value before the step
    after: str  # the engine's value after the step
    place: str | None = None  # the place, for a place's field
    key: str = ""  # the field (``armies``, ``reserve`` …)

    @property
    def changed(self) -> bool:
        return self.before != self.after


def _words(key: str, table: Mapping[str, str]) -> str:
    name = key.replace("_", " ")
    w = table.get(key)
    return f"{w} ({name})" if w and w != name else name


def value_text(state: Mapping[str, Any] | None, key: str, value: Any, limit: int = 6) -> str:
    """A checked value as a reader reads it: seats as colours, lists counted and named."""
    if isinstance(value, list):
        if not value:
            return "none"
        if key in SEAT_FIELDS or key == "co_winners":
            return ", ".join(pos.player_label(state, v) for v in value)
        items = [value_text(state, key, v) for v in value[:limit]]
        more = f", … {len(value) - limit} more" if len(value) > limit else ""
        return f"{len(value)}: " + ", ".join(items) + more
    if isinstance(value, Mapping):
        return "; ".join(f"{str(k).replace('_', ' ')} {value_text(state, str(k), v)}"
                         for k, v in value.items()) or "none"
    return pos.value_text(state, key, value)


def _get(state: Any, path: Sequence[Any]) -> Any:
    cur = state
    for p in path:
        if isinstance(cur, Mapping) and p in cur:
            cur = cur[p]
        elif isinstance(cur, list) and isinstance(p, int) and 0 <= p < len(cur):
            cur = cur[p]
        else:
            return None
    return cur


def _leaves(expect: Mapping[str, Any]) -> list[tuple[tuple[Any, ...], str, str | None, str]]:
    """(path into the state, label, place or None, field key) of every checked leaf."""
    out: list[tuple[tuple[Any, ...], str, str | None, str]] = []
    for key, val in expect.items():
        if key in ("territories", "zones") and isinstance(val, Mapping):
            for place, fields in val.items():
                if isinstance(fields, Mapping):
                    for f in fields:
                        out.append(((key, place, f), f, str(place), str(f)))
        elif key == "players" and isinstance(val, list):
            for seat, p in enumerate(val):
                if isinstance(p, Mapping):
                    for f in p:
                        out.append((("players", seat, f), f"@{seat}: {_words(f, PLAYER_WORDS)}",
                                    None, str(f)))
        elif key == "pending" and isinstance(val, Mapping) and val:
            for f in val:
                out.append((("pending", f), pos.pending_label(str(f)), None, str(f)))
        elif key == "turn_flags" and isinstance(val, Mapping) and val:
            for f in val:
                out.append((("turn_flags", f), f"this turn: {_words(str(f), FLAG_WORDS)}",
                            None, str(f)))
        elif key == "mission_decks" and isinstance(val, Mapping) and val:
            for f in val:
                out.append((("mission_decks", f), f"mission deck, level {f}", None, str(f)))
        else:
            label = dict(pos.STATE_FIELDS).get(key) or TOP_WORDS.get(key, key.replace("_", " "))
            out.append(((key,), label, None, key))
    return out


def facts(case: Any) -> list[Fact]:
    """Every field the case's expectations name, with the engine's values (its replay)."""
    trace = case.trace
    if trace is None or not trace.ok:
        return []
    out: list[Fact] = []
    prev = trace.before
    for i, step in enumerate(case.steps, 1):
        cur = trace.steps[i - 1].state if i <= len(trace.steps) else prev
        exp = step.get("expect")
        state = exp.get("state") if isinstance(exp, Mapping) else None
        if isinstance(state, Mapping):
            for path, label, place, key in _leaves(state):
                if label.startswith("@"):
                    seat, _, rest = label[1:].partition(": ")
                    label = f"{pos.player_label(cur, int(seat))}: {rest}"
                want = _get(state, path)
                out.append(Fact(i, label, value_text(cur, key, want),
                                value_text(prev, key, _get(prev, path)),
                                value_text(cur, key, _get(cur, path)), place, key))
        prev = cur
    return out


def last_state_step(case: Any) -> int:
    """The last step whose expectation names the position (0: none)."""
    n = 0
    for i, step in enumerate(case.steps, 1):
        exp = step.get("expect")
        if isinstance(exp, Mapping) and isinstance(exp.get("state"), Mapping):
            n = i
    return n


def split(case: Any, places: Sequence[str], columns: Sequence[str]) -> tuple[
        set[tuple[str, str]], list[Fact]]:
    """(the position-table cells (place, field) to mark, the facts the table cannot show).

    A place's field checked after the last step is a cell of the position table (which shows
    before → after); anything else (a player's reserve, the phase, a place checked midway)
    goes to the "Checked" list."""
    last = len(case.steps)
    cells: set[tuple[str, str]] = set()
    rest: list[Fact] = []
    for f in facts(case):
        if f.place is not None and f.step == last and f.place in places and f.key in columns:
            cells.add((f.place, f.key))
        else:
            rest.append(f)
    return cells, rest


def fact_line(f: Fact, steps: int, names: Mapping[str, str] | None = None) -> tuple[str, str, str]:
    """(what, when, value) of a checked fact for a table or the terminal."""
    what = f.label
    if f.place is not None:
        what = f"{(names or {}).get(f.place, f.place)}: {dict(pos.FIELDS).get(f.key, f.key).lower()}"
    when = f"after step {f.step}" if steps > 1 else ("after the step" if f.step else "")
    value = pos.cell_text(f.before, f.after, f.changed)
    return what, when, value


# --- Why: one line in players' words -------------------------------------------------------

def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    m = re.match(r"(.+?[.!?])(\s|$)", text)
    return (m.group(1) if m else text).rstrip(".")


def _short(text: str, limit: int = 120) -> str:
    """A reading's statement cut to its first sentence, then its first clause if still long."""
    said = _first_sentence(text)
    if len(said) > limit:
        said = re.split(r";|\s\(|, (?:but|and|or|unless|while) ", said)[0]
    return said


def _lower_first(s: str) -> str:
    return s if len(s) > 1 and s[1].isupper() else s[:1].lower() + s[1:]


def why(case: Any, spec: Any) -> tuple[str, str]:
    """(the example's "Why" in players' words, where it comes from: ``steps``, ``written``
    or ``generated``). Never empty."""
    explains = [str(s["explain"]) for s in case.steps if isinstance(s.get("explain"), str)]
    if explains:
        return explains[0], "steps"
    try:
        from riskspec.conformance.why import WHY
    except ImportError:  # pragma: no cover - the conformance package ships with riskspec
        WHY = {}
    if case.id in WHY:
        return WHY[case.id], "written"
    title = " ".join(str(case.title).split()).rstrip(".")
    reading = ""
    m = re.match(r"Reading ([\w-]+): (.+)$", title)
    if m:
        reading, title = m.group(1), m.group(2)
    title = title[:1].upper() + title[1:]
    if case.reading:
        reading = case.reading[1]
    amb = spec.ambiguities.get(case.reading[0]) if case.reading else None
    rule = next((spec.rules[c] for c in case.covers if c in spec.rules), None)
    if amb is not None and reading:
        try:
            said = _short(amb.reading(reading).statement)
        except Exception:  # noqa: BLE001 - a reading the spec lacks: the title alone
            said = ""
        basis = f"under the reading “{reading}” ({_lower_first(said)})" if said else \
            f"under the reading “{reading}”"
        return f"{title}: {basis}.", "generated"
    if rule is not None:
        basis = f"the rule “{rule.title}”" + (f", read as “{reading}”" if reading else "")
        return f"{title} — {basis}.", "generated"
    return f"{title}.", "generated"
