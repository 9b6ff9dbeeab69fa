"""Position notation: a whole game state on one line of text (what FEN is to chess).

:func:`write` turns a state's public JSON (``riskspec/state@1``) into a line such as::

    classic A2,B2,C2,A2,…,C1 A:attack 0/0/0 t1,fA,s0 - 0-43|-

and :func:`read` turns the line back into the same state: ``read(write(s))`` has the same
canonical JSON as ``s`` for every state of the shipped variants, of both families.  The
grammar is ``docs/notation.md``; in short, fields are separated by single spaces:

1. the variant, with the options that differ from its defaults in brackets
   (``classic[fortify-path=connected]``);
2. the board: every territory in map order as owner letter (``A`` is the first seat,
   ``-`` nobody) and armies, Napoléon leaders/fortifications/epidemics as ``g``/``f``/``e``
   suffixes; Napoléon sea zones after a ``|``;
3. whose turn and the phase, with the pending decision (``A:occupy{from=alaska,min=3,…}``);
4. the seats, ``/``-separated: reserve, then ``h`` hand, ``m(…)`` mission, ``n`` neutral,
   ``x`` eliminated (by …), ``k`` captured, ``v`` victory points, ``c(…)`` colour;
5. counters: ``t`` turn, ``f`` first player, ``s`` sets traded, ``w`` winner;
6. turn flags (``-`` when none is set);
7. the cards: draw pile ``|`` discards, as deck numbers (``0-43``; card ``n`` is the card of
   territory ``n`` in map order, then the wild cards);
8. (optional) the rest: every field the seven above do not write, as a brace-delimited
   patch over them (``{turn_flags={general_battles={…}}}``).

The notation is a pure function of the state's JSON; :func:`read` does not check the
position's consistency (:func:`riskspec.reference.serial.from_dict` does).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from riskspec.errors import RiskspecError

__all__ = ["NotationError", "write", "read", "looks_like_notation", "MAX_LENGTH"]

#: the longest notation read (a state of the shipped variants writes a few hundred characters)
MAX_LENGTH = 200_000
#: the seats the notation can name: ``A`` … ``Z``
MAX_SEATS = 26
_FIELDS = ("variant", "board", "turn", "seats", "counters", "flags", "cards", "rest")
_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]*\Z")
_ID = re.compile(r"[a-z_][a-z0-9_:-]*\Z")
_INT = re.compile(r"-?[0-9]+\Z")
_WORD = re.compile(r"[A-Za-z0-9_.:-]+")
_NAMED = re.compile(r"([a-z0-9_:-]+)=")
_CARD_ID = re.compile(r"[a-z_][a-z0-9_:-]*")
_UNSIGNED = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"-?[0-9]+")


class NotationError(RiskspecError, ValueError):
    """A line that is not a position notation (the message quotes it and says where)."""

    def __init__(self, text: str, pos: int, message: str) -> None:
        self.text, self.pos, self.reason = text, pos, message
        if not text:
            super().__init__(f"position notation: {message}")
            return
        start = max(0, pos - 30)
        end = min(len(text), pos + 30)
        excerpt = ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
        caret = " " * (pos - start + (1 if start else 0))
        super().__init__(f"position notation, character {pos + 1}: {message}\n"
                         f"  {excerpt}\n  {caret}^")


# -- seat letters ------------------------------------------------------------------------------
def _seat(i: Any) -> str:
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < MAX_SEATS:
        raise ValueError(i)
    return chr(65 + i)


class _Reader:
    """A cursor over one field of the line (positions are of the whole line)."""

    def __init__(self, line: str, start: int, end: int) -> None:
        self.line, self.i, self.end = line, start, end

    def fail(self, message: str, at: int | None = None) -> NotationError:
        return NotationError(self.line, self.i if at is None else at, message)

    def peek(self) -> str:
        return self.line[self.i] if self.i < self.end else ""

    def done(self) -> bool:
        return self.i >= self.end

    def only(self, text: str) -> bool:
        """True (and the field read) when the rest of the field is exactly ``text``."""
        if self.line[self.i:self.end] == text:
            self.i = self.end
            return True
        return False

    def take(self, ch: str) -> bool:
        if self.peek() == ch:
            self.i += 1
            return True
        return False

    def expect(self, ch: str, what: str) -> None:
        if not self.take(ch):
            got = repr(self.peek()) if self.peek() else "the end of the field"
            raise self.fail(f"expected {ch!r} ({what}), found {got}")

    def tags(self, known: Mapping[str, Any], missing: str, between: str,
             unknown: Callable[[str], str]) -> Iterator[str]:
        """Each tag letter of a ``,``-separated list that fills the rest of the field, once
        taken (the caller then reads what follows it): a letter not in ``known`` fails with
        ``unknown(letter)``, the end of the field with ``missing``."""
        while True:
            ch = self.peek()
            if ch not in known:
                raise self.fail(unknown(ch) if ch else missing)
            self.i += 1
            yield ch
            if self.done():
                return
            self.expect(",", between)

    def number(self, what: str, signed: bool = False) -> int:
        m = (_SIGNED if signed else _UNSIGNED).match(self.line, self.i, self.end)
        if not m:
            got = repr(self.peek()) if self.peek() else "the end of the field"
            raise self.fail(f"expected a number ({what}), found {got}")
        if len(m.group()) > 18:
            raise self.fail(f"number too long ({what})")
        self.i = m.end()
        return int(m.group())

    def seat(self, seats: int, what: str) -> int:
        ch = self.peek()
        if not ("A" <= ch <= "Z"):
            got = repr(ch) if ch else "the end of the field"
            raise self.fail(f"expected a seat letter A–{_seat(max(seats, 1) - 1)} ({what}), "
                            f"found {got}")
        if ord(ch) - 65 >= seats:
            raise self.fail(f"seat {ch} ({what}) does not exist: this position has "
                            f"{seats} seat{'s' if seats != 1 else ''} (A–{_seat(max(seats, 1) - 1)})")
        self.i += 1
        return ord(ch) - 65

    def word(self, stop: str, what: str) -> str:
        j = self.i
        while j < self.end and self.line[j] not in stop:
            j += 1
        if j == self.i:
            raise self.fail(f"expected {what}")
        w = self.line[self.i:j]
        self.i = j
        return w

    # the value syntax of pending objects and of the rest field
    def value(self, depth: int = 0) -> Any:
        if depth > 64:
            raise self.fail("values nested too deep")
        ch = self.peek()
        if ch == "{":
            self.i += 1
            obj: dict[str, Any] = {}
            if self.take("}"):
                return obj
            while True:
                at = self.i
                key = self.key()
                if key in obj:
                    raise self.fail(f"key {key!r} given twice", at)
                self.expect("=", f"after the key {key!r}")
                obj[key] = self.value(depth + 1)
                if self.take("}"):
                    return obj
                self.expect(",", "between members, or '}' to close the object")
        if ch == "[":
            self.i += 1
            arr: list[Any] = []
            if self.take("]"):
                return arr
            while True:
                arr.append(self.value(depth + 1))
                if self.take("]"):
                    return arr
                self.expect(",", "between items, or ']' to close the list")
        if ch == '"':
            return self.quoted()
        at = self.i
        m = _WORD.match(self.line, self.i, self.end)
        if not m:
            got = repr(ch) if ch else "the end of the field"
            raise self.fail(f"expected a value, found {got}")
        self.i = m.end()
        w = m.group()
        if w in _WORDS:
            return _WORDS[w]
        if _INT.match(w):
            if len(w) > 18:
                raise self.fail("number too long", at)
            return int(w)
        if not _BARE.match(w):
            raise self.fail(f"{w!r} is neither a number nor a name (quote text that starts "
                            "with a digit)", at)
        return w

    def key(self) -> str:
        if self.peek() == '"':
            return self.quoted()
        m = _WORD.match(self.line, self.i, self.end)
        if not m:
            got = repr(self.peek()) if self.peek() else "the end of the field"
            raise self.fail(f"expected a key, found {got}")
        self.i = m.end()
        return m.group()

    def quoted(self) -> str:
        at = self.i
        j = self.i + 1
        while j < self.end and self.line[j] != '"':
            j += 2 if self.line[j] == "\\" else 1
        if j >= self.end:
            raise self.fail("unterminated quoted text", at)
        try:
            s = json.loads(self.line[at:j + 1])
        except ValueError:
            raise self.fail("bad escape in quoted text", at) from None
        self.i = j + 1
        return str(s)


_WORDS: dict[str, Any] = {"true": True, "false": False, "null": None}


def _text(s: str) -> str:
    if _BARE.match(s) and s not in _WORDS:
        return s
    return json.dumps(s).replace(" ", "\\u0020")


def _key(k: str) -> str:
    return k if _WORD.fullmatch(k) else _text(k)


def _value(v: Any) -> str:
    """A JSON value in the notation's value syntax (no spaces)."""
    if v is None or isinstance(v, bool):
        return json.dumps(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _text(v)
    if isinstance(v, Mapping):
        return "{" + ",".join(f"{_key(str(k))}={_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(_value(x) for x in v) + "]"
    raise ValueError(f"a state holds no {type(v).__name__}")


# -- what the variant says ---------------------------------------------------------------------
class _Shape:
    """What a variant fixes: map order, deck order, option defaults, field sets, colours."""

    def __init__(self, variant_id: str) -> None:
        from riskspec.loading import get_variant
        from riskspec.reference import engine
        v = get_variant(variant_id)
        self.id = v.id
        self.family = v.family
        self.territories = tuple(t.id for t in v.board.territories)
        self.zones = tuple(z.id for z in v.board.zones)
        self.cards = tuple(c.id for c in v.board.cards)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.colours = tuple(v.colours)
        self.option_defaults = {oid: o.default for oid, o in v.options.items()}
        self.option_short: dict[str, str] = {}
        for oid in v.options:
            short = oid.split(".amb.", 1)[1] if ".amb." in oid else oid
            self.option_short[oid] = short
        counts: dict[str, int] = {}
        for short in self.option_short.values():
            counts[short] = counts.get(short, 0) + 1
        self.option_short = {o: (s if counts[s] == 1 else o) for o, s in self.option_short.items()}
        self.option_long = {s: o for o, s in self.option_short.items()}
        state = json.loads(engine.to_json(engine.new_game(v, max(v.min_players, 3)
                                                          if v.max_players >= 3 else v.min_players)))
        self.top = {k: state[k] for k in state if k not in _TOP_WRITTEN}
        self.player = state["players"][0]
        self.territory = next(iter(state["territories"].values()))
        self.zone = next(iter(state["zones"].values())) if state.get("zones") else None
        self.flags = state["turn_flags"]

    def colour(self, seat: int) -> str:
        if self.family == "napoleon" or not self.colours:
            return f"player-{seat + 1}"
        return self.colours[seat] if seat < len(self.colours) else f"player-{seat + 1}"


_TOP_WRITTEN = {"format", "variant", "options", "players", "territories", "zones", "phase",
                "current", "pending", "turn", "first_player", "sets_traded", "winner",
                "turn_flags", "draw_pile", "discards"}


@lru_cache(maxsize=32)
def _shape(variant_id: str) -> _Shape:
    return _Shape(variant_id)


def _zero(v: Any, seats: int) -> Any:
    """The empty value of a field, by its type (a list of numbers has one zero per seat)."""
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return 0
    if isinstance(v, Mapping):
        return {k: _zero(x, seats) for k, x in v.items()}
    if isinstance(v, list):
        return [0] * seats if v and all(isinstance(x, int) and not isinstance(x, bool)
                                        for x in v) else []
    return None


# -- writing -----------------------------------------------------------------------------------
_FLAG_LETTERS = (("conquered", "C", bool), ("bonus_taken", "b", bool), ("land_attacked", "l", bool),
                 ("conquests", "c", int), ("fortify_moves", "f", int), ("naval_moves", "n", int),
                 ("missions_completed", "m", int))


def _card_list(cards: Sequence[Any], index: Mapping[str, int], sep: str) -> str | None:
    """Deck numbers (runs as ``a-b`` when ``sep`` is ``,``) and names; None if one cannot be
    written."""
    out: list[str] = []
    run: list[int] = []

    def flush() -> None:
        if len(run) >= 3 and sep == ",":
            out.append(f"{run[0]}-{run[-1]}")
        else:
            out.extend(str(x) for x in run)
        run.clear()

    for c in cards:
        if isinstance(c, str) and c in index:
            n = index[c]
            if run and n != run[-1] + 1:
                flush()
            run.append(n)
            continue
        flush()
        if not (isinstance(c, str) and _ID.match(c)):
            return None
        out.append(c if sep == "," else f"({c})")
    flush()
    return sep.join(out) if out else "-"


def _ids(items: Sequence[Any]) -> str | None:
    if all(isinstance(x, str) and _ID.match(x) for x in items):
        return ".".join(items)
    return None


def _runs(tokens: Sequence[str]) -> list[str]:
    """Three or more equal tokens in a row as ``token*n``."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and tokens[j] == tokens[i]:
            j += 1
        out.extend([f"{tokens[i]}*{j - i}"] if j - i >= 3 else tokens[i:j])
        i = j
    return out


def _fields(state: Mapping[str, Any], sh: _Shape) -> list[str]:
    """The seven fields (the rest is computed against what they say)."""
    players = state["players"]
    seats = len(players)
    if not 1 <= seats <= MAX_SEATS:
        raise ValueError(f"the notation names 1 to {MAX_SEATS} seats, not {seats}")

    # 1. variant and options
    opts = state.get("options")
    head = sh.id
    if isinstance(opts, Mapping) and all(isinstance(x, str) for x in opts.values()):
        if set(opts) == set(sh.option_defaults):
            diff = [f"{sh.option_short[k]}={_text(v)}" for k, v in sorted(opts.items())
                    if v != sh.option_defaults[k]]
            if diff:
                head += "[" + ",".join(diff) + "]"
        else:
            head += "[=" + ",".join(f"{_text(k)}={_text(v)}" for k, v in sorted(opts.items())) + "]"

    # 2. board
    def unit(t: Mapping[str, Any], extra: Sequence[tuple[str, str]], count: str) -> str | None:
        owner = t.get("owner")
        try:
            s = "-" if owner is None else _seat(owner)
        except ValueError:
            return None
        n = t.get(count)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return None
        s += str(n)
        for key, letter in extra:
            x = t.get(key)
            if isinstance(x, int) and not isinstance(x, bool) and x > 0:
                s += f"{letter}{x}"
        return s

    terr = state["territories"]
    t_extra = (("generals", "g"), ("fortifications", "f"), ("epidemics", "e"))
    by_map = tuple(terr) == sh.territories or set(terr) == set(sh.territories)
    order = sh.territories if by_map else tuple(terr)
    toks = []
    for tid in order:
        tok = unit(terr[tid], t_extra, "armies") or "-0"
        toks.append(tok if by_map else f"{tid}={tok}")
    board = ",".join(_runs(toks) if by_map else toks) if toks else "-"
    zones = state.get("zones")
    if isinstance(zones, Mapping):
        z_by_map = set(zones) == set(sh.zones)
        zorder = sh.zones if z_by_map else tuple(zones)
        zt = []
        for zid in zorder:
            tok = unit(zones[zid], (("admirals", "a"),), "ships") or "-0"
            zt.append(tok if z_by_map else f"{zid}={tok}")
        board += "|" + (",".join(_runs(zt) if z_by_map else zt) if zt else "-")

    # 3. turn
    try:
        turn = _seat(state["current"]) + ":"
    except ValueError:
        turn = "A:"
    turn += _text(str(state["phase"]))
    pending = state.get("pending")
    if isinstance(pending, Mapping) and pending:
        turn += _value(pending)

    # 4. seats
    seat_toks = []
    for i, p in enumerate(players):
        r = p.get("reserve")
        s = str(r) if isinstance(r, int) and not isinstance(r, bool) and r >= 0 else "0"
        cards = p.get("cards")
        if isinstance(cards, list) and cards:
            h = _card_list(cards, sh.card_index, ".")
            if h is not None:
                s += "h" + h
        m = p.get("mission")
        if isinstance(m, str) and _ID.match(m):
            s += f"m({m})"
        if "missions" in p and isinstance(p["missions"], list) and p["missions"]:
            ms = _ids(p["missions"])
            if ms is not None:
                s += f"M({ms})"
        if p.get("neutral") is True:
            s += "n"
        if p.get("eliminated") is True:
            s += "x"
            try:
                s += _seat(p.get("eliminated_by")) if p.get("eliminated_by") is not None else ""
            except ValueError:
                pass
        if p.get("captured") is True:
            s += "k"
        vp = p.get("vp")
        if isinstance(vp, int) and not isinstance(vp, bool) and vp != 0:
            s += f"v{vp}"
        col = p.get("colour")
        if isinstance(col, str) and col != sh.colour(i) and _ID.match(col):
            s += f"c({col})"
        seat_toks.append(s)

    # 5. counters
    counters = []
    for key, letter in (("turn", "t"), ("first_player", "f"), ("sets_traded", "s"), ("winner", "w")):
        x = state.get(key)
        if key in ("first_player", "winner"):
            if x is None:
                continue
            try:
                counters.append(letter + _seat(x))
            except ValueError:
                pass
        elif isinstance(x, int) and not isinstance(x, bool) and x >= 0:
            counters.append(f"{letter}{x}")

    # 6. flags
    tf = state.get("turn_flags")
    flags = []
    if isinstance(tf, Mapping):
        for key, letter, kind in _FLAG_LETTERS:
            x = tf.get(key)
            if kind is bool and x is True:
                flags.append(letter)
            elif kind is int and isinstance(x, int) and not isinstance(x, bool) and x > 0:
                flags.append(f"{letter}{x}")

    # 7. cards
    piles = []
    for key in ("draw_pile", "discards"):
        x = state.get(key)
        piles.append((_card_list(x, sh.card_index, ",") if isinstance(x, list) else None) or "-")
    decks = state.get("mission_decks")
    default_decks = sh.top.get("mission_decks")
    if isinstance(decks, Mapping) and isinstance(default_decks, Mapping) and list(decks) == list(
            default_decks) and all(isinstance(x, list) for x in decks.values()):
        levels = []
        for level, cards in decks.items():
            index = {m: i for i, m in enumerate(default_decks[level])}
            levels.append(_card_list(cards, index, ",") or "-")
        piles.append("/".join(levels))

    return [head, board, turn, "/".join(seat_toks), ",".join(counters) or "-",
            ",".join(flags) or "-", "|".join(piles)]


def _diff(base: Any, new: Any) -> Any:
    """The patch (merge rule below) that turns ``base`` into ``new``; raises KeyError if a
    member of ``base`` must go."""
    if isinstance(base, dict) and isinstance(new, dict):
        gone = set(base) - set(new)
        if gone:
            raise KeyError(sorted(gone)[0])
        return {k: (_diff(base[k], v) if k in base else v) for k, v in new.items()
                if k not in base or base[k] != v or type(base[k]) is not type(v)}
    if (isinstance(base, list) and isinstance(new, list) and len(base) == len(new) and base
            and all(isinstance(x, dict) for x in base + new)):
        return {str(i): _diff(b, n) for i, (b, n) in enumerate(zip(base, new))
                if b != n}
    return new


def _merge(current: Any, patch: Any) -> Any:
    """The position rule of the vector files (``conformance/sparse.py``): objects merge member
    by member, an object over a list patches the items it numbers, anything else replaces."""
    if isinstance(patch, Mapping) and isinstance(current, Mapping):
        out = dict(current)
        for k, v in patch.items():
            out[k] = _merge(out[k], v) if k in out else v
        return out
    if isinstance(patch, Mapping) and isinstance(current, list):
        out_l = list(current)
        for k, v in patch.items():
            if not (k.isdigit() and int(k) < len(out_l)):
                raise ValueError(f"{k!r} is not an index of a list of {len(out_l)}")
            out_l[int(k)] = _merge(out_l[int(k)], v)
        return out_l
    return patch


def _canon(x: Any) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def write(state: Mapping[str, Any]) -> str:
    """The notation of a state's public JSON (as :func:`riskspec.reference.serial.to_dict`
    writes it).  Raises :class:`NotationError` for an object that is not a state of a
    shipped variant."""
    if not isinstance(state, Mapping):
        raise NotationError("", 0, f"a state is a JSON object, not {type(state).__name__}")
    missing = [k for k in ("variant", "players", "territories", "phase", "current", "turn_flags")
               if k not in state]
    if missing:
        raise NotationError("", 0, f"not a state: it has no {missing[0]!r}")
    try:
        sh = _shape(str(state["variant"]))
    except RiskspecError as exc:
        raise NotationError(str(state["variant"]), 0, f"unknown variant: {exc}") from None
    try:
        fields = _fields(state, sh)
    except (ValueError, TypeError, AttributeError) as exc:
        raise NotationError("", 0, f"cannot write this state: {exc}") from None
    line = " ".join(fields)
    base = read(line)
    data = json.loads(_canon(state))
    try:
        rest = _diff(base, data)
    except KeyError as exc:
        raise NotationError(line, 0, f"the state lacks the field {exc.args[0]!r} that every "
                            f"{sh.id} state has") from None
    if rest:
        line += " " + _value(rest)
    if _canon(read(line)) != _canon(data):  # pragma: no cover - the rest field guarantees it
        raise NotationError(line, 0, "internal error: the notation does not read back")
    return line


# -- reading -----------------------------------------------------------------------------------
def looks_like_notation(text: str) -> bool:
    """True when ``text`` is a notation line rather than a JSON document."""
    s = text.strip()
    return bool(s) and s[0] not in "{[\"" and "\n" not in s


def _split(line: str) -> list[tuple[int, int]]:
    spans = []
    i = 0
    n = len(line)
    while i < n:
        if line[i] == " ":
            raise NotationError(line, i, "two spaces in a row (fields are separated by one)")
        j = line.find(" ", i)
        j = n if j < 0 else j
        spans.append((i, j))
        i = j + 1
        if i == n:
            raise NotationError(line, n - 1, "a space at the end of the line")
    return spans


def read(text: str) -> dict[str, Any]:
    """The state (public JSON) a notation line stands for.  Raises :class:`NotationError`,
    naming the character at fault, for anything else."""
    if not isinstance(text, str):
        raise NotationError("", 0, f"a notation is text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise NotationError(text[:200], 0, f"{len(text):,} characters: longer than any "
                            f"position ({MAX_LENGTH:,} at most)")
    line = text.strip()
    if not line:
        raise NotationError(line, 0, "empty: a position notation has 7 fields "
                            "(variant board turn seats counters flags cards)")
    bad = next((i for i, ch in enumerate(line) if ch in "\t\r\n" or ord(ch) < 32), None)
    if bad is not None:
        raise NotationError(line, bad, "a control character (the notation is one line)")
    spans = _split(line)
    if len(spans) < 7:
        s, e = spans[-1]
        raise NotationError(line, e, f"{len(spans)} field{'s' if len(spans) != 1 else ''}; a "
                            "position notation has 7 (variant board turn seats counters flags "
                            f"cards) — the {_FIELDS[len(spans)]} field is missing")
    if len(spans) > 8:
        raise NotationError(line, spans[8][0], "more than 8 fields (a space inside a field?)")
    R = [_Reader(line, s, e) for s, e in spans]

    # 1. variant
    r = R[0]
    vid = r.word("[", "a variant")
    try:
        sh = _shape(vid)
    except RiskspecError as exc:
        raise r.fail(f"unknown variant {vid!r} ({str(exc).splitlines()[0]})", spans[0][0]) from None
    options = dict(sh.option_defaults)
    if r.take("["):
        exact = r.take("=")
        if exact:
            options = {}
        if not r.take("]"):
            while True:
                at = r.i
                name = r.key()
                r.expect("=", f"after the option {name!r}")
                value = r.value()
                if not isinstance(value, str):
                    raise r.fail(f"option {name!r}: a choice is a name, not {value!r}", at)
                oid = name if exact else sh.option_long.get(name, name if name in sh.option_defaults
                                                             else "")
                if not oid:
                    from riskspec.model import closest
                    near = closest(name, list(sh.option_long))
                    raise r.fail(f"{sh.id} has no option {name!r}"
                                 + (f" (did you mean {', '.join(near)}?)" if near else ""), at)
                options[oid] = value
                if r.take("]"):
                    break
                r.expect(",", "between options, or ']'")
    if not r.done():
        raise r.fail("unexpected text after the variant's options")

    # 4. seats (first: the board names them)
    r = R[3]
    players: list[dict[str, Any]] = []
    while True:
        p = _zero(sh.player, 0)
        p["colour"] = None
        if "prisoners" in p:
            p["prisoners"] = copy.deepcopy(sh.player["prisoners"])
        p["reserve"] = r.number("the seat's reserve")
        while not r.done() and r.peek() != "/":
            at = r.i
            ch = r.peek()
            r.i += 1
            if ch == "h":
                p["cards"] = _read_cards(r, sh.cards, ".", "/", "card", sh.id + "'s deck")
            elif ch in "mMc":
                r.expect("(", f"after {ch!r}")
                w = r.word(")", "a mission" if ch != "c" else "a colour")
                r.expect(")", "to close it")
                if ch == "m":
                    p["mission"] = w
                elif ch == "c":
                    p["colour"] = w
                else:
                    p["missions"] = w.split(".")
            elif ch == "n":
                p["neutral"] = True
            elif ch == "x":
                p["eliminated"] = True
                if "A" <= r.peek() <= "Z":
                    p["eliminated_by"] = ord(r.peek()) - 65
                    p["_by_at"] = r.i
                    r.i += 1
            elif ch == "k":
                p["captured"] = True
            elif ch == "v" and "vp" in p:
                p["vp"] = r.number("victory points", signed=True)
            else:
                raise r.fail(f"unknown seat mark {ch!r} (h hand, m(…) mission, n neutral, "
                             "x eliminated, k captured"
                             + (", v victory points, M(…) missions" if "vp" in p else "")
                             + ", c(…) colour)", at)
        players.append(p)
        if len(players) > MAX_SEATS:
            raise r.fail(f"more than {MAX_SEATS} seats")
        if r.done():
            break
        r.expect("/", "between seats")
    seats = len(players)
    for i, p in enumerate(players):
        by = p.pop("_by_at", None)
        if by is not None and p["eliminated_by"] >= seats:
            raise NotationError(line, by, f"seat {_seat(p['eliminated_by'])} (eliminated by) "
                                f"does not exist: this position has {seats} seats")
        if p["colour"] is None:
            p["colour"] = sh.colour(i)
        if "prisoners" in p:
            p["prisoners"] = {k: [0] * seats for k in sh.player["prisoners"]}

    # 2. board
    r = R[1]
    territories: dict[str, Any] = {}
    zones: dict[str, Any] | None = {} if sh.zone is not None else None

    def read_units(order: Sequence[str], template: Mapping[str, Any], extra: Mapping[str, str],
                   count: str, out: dict[str, Any], what: str, stop: str) -> None:
        if r.peek() == "-" and (r.i + 1 >= r.end or r.line[r.i + 1] in stop):
            r.i += 1
            return
        plural = "territories" if what == "territory" else what + "s"
        k = 0
        named = None
        zero = _zero(template, seats)
        while True:
            at = r.i
            tid = None
            m = _NAMED.match(r.line, r.i, r.end)
            if m and not re.fullmatch(r"-?[0-9]+", m.group(1)):
                tid = m.group(1)
                r.i = m.end()
            if named is None:
                named = tid is not None
            elif named != (tid is not None):
                raise r.fail(f"every {what} is named (id=…) or none is", at)
            if tid is None:
                if k >= len(order):
                    raise r.fail(f"more {plural} than the {len(order)} of {sh.id}'s map", at)
                tid = order[k]
            elif tid in out:
                raise r.fail(f"{what} {tid!r} given twice", at)
            u = dict(zero)
            if r.take("-"):
                u["owner"] = None
            else:
                u["owner"] = r.seat(seats, f"owner of {tid}")
            u[count] = r.number(f"{count} on {tid}")
            while not r.done() and r.peek() not in ",*" + stop:
                ch = r.peek()
                if ch not in extra:
                    raise r.fail(f"unknown mark {ch!r} on {what} {tid} "
                                 f"(expected {', '.join(f'{c} {n}' for c, n in extra.items()) or 'none'})")
                r.i += 1
                u[extra[ch]] = r.number(extra[ch])
            out[tid] = u
            k += 1
            if r.take("*"):
                at = r.i
                times = r.number("how many times the token repeats")
                if named:
                    raise r.fail("'*' repeats a token of a board in map order (not id=…)", at - 1)
                if times < 2 or k - 1 + times > len(order):
                    raise r.fail(f"'*{times}': the {what}s from {tid} on are "
                                 f"{len(order) - k + 1}" if times >= 2 else
                                 "'*' repeats a token 2 or more times", at)
                for _ in range(times - 1):
                    out[order[k]] = dict(u)
                    k += 1
            if r.done() or r.peek() in stop:
                break
            r.expect(",", f"between {what}s")
        if not named and k != len(order):
            raise r.fail(f"{k} {plural if k != 1 else what}; {sh.id}'s map has {len(order)} "
                         "(in map order)")

    t_extra = {c: n for c, n in (("g", "generals"), ("f", "fortifications"), ("e", "epidemics"))
               if n in sh.territory}
    read_units(sh.territories, sh.territory, t_extra, "armies", territories, "territory", "|")
    if zones is not None:
        r.expect("|", "before the sea zones")
        assert sh.zone is not None
        z_extra = {"a": "admirals"} if "admirals" in sh.zone else {}
        read_units(sh.zones, sh.zone, z_extra, "ships", zones, "zone", "|")
    if not r.done():
        raise r.fail("unexpected text after the board" if zones is not None
                     else f"{sh.id} has no sea zones")

    # 3. turn
    r = R[2]
    current = r.seat(seats, "the player to act")
    r.expect(":", "between the player and the phase")
    at = r.i
    phase = r.word("{", "a phase")
    if not re.fullmatch(r"[a-z][a-z0-9-]*", phase):
        raise r.fail(f"{phase!r} is not a phase name", at)
    pending: Any = {}
    if r.peek() == "{":
        pending = r.value()
    if not r.done():
        raise r.fail("unexpected text after the pending decision")

    # 5. counters
    r = R[4]
    counters: dict[str, Any] = {"turn": 0, "first_player": None, "sets_traded": 0, "winner": None}
    if not r.only("-"):
        names = {"t": "turn", "f": "first_player", "s": "sets_traded", "w": "winner"}
        for ch in r.tags(names, "expected a counter", "between counters",
                         lambda ch: f"expected a counter (t turn, f first player, s sets "
                                    f"traded, w winner), found {ch!r}"):
            if ch in "fw":
                counters[names[ch]] = r.seat(seats, names[ch].replace("_", " "))
            else:
                counters[names[ch]] = r.number(names[ch].replace("_", " "))

    # 6. flags
    r = R[5]
    flags = copy.deepcopy(_zero(sh.flags, seats))
    letters = {letter: (key, kind) for key, letter, kind in _FLAG_LETTERS if key in flags}
    if not r.only("-"):
        for ch in r.tags(letters, "expected a turn flag", "between turn flags",
                         lambda ch: f"unknown turn flag {ch!r} (this variant has "
                                    f"{', '.join(sorted(letters))})"):
            key, kind = letters[ch]
            flags[key] = True if kind is bool else r.number(key.replace("_", " "))

    # 7. cards
    r = R[6]
    draw = _read_cards(r, sh.cards, ",", "|", "card", sh.id + "'s deck")
    r.expect("|", "between the draw pile and the discards")
    discards = _read_cards(r, sh.cards, ",", "|", "card", sh.id + "'s deck")
    top = copy.deepcopy(sh.top)
    if r.take("|"):
        default_decks = sh.top.get("mission_decks")
        if not isinstance(default_decks, Mapping):
            raise r.fail(f"{sh.id} has no mission decks", r.i - 1)
        decks = {}
        for n, (level, deck) in enumerate(default_decks.items()):
            if n:
                r.expect("/", "between mission decks")
            decks[level] = _read_cards(r, tuple(deck), ",", "/", "mission",
                                       f"the level-{level} missions")
        top["mission_decks"] = decks
    if not r.done():
        raise r.fail("unexpected text after the " + ("mission decks" if "|" in
                     r.line[spans[6][0]:r.i] else "discards"))

    state: dict[str, Any] = {
        "format": "riskspec/state@1", "variant": sh.id, "options": options, "players": players,
        "territories": territories, "phase": phase, "current": current, "pending": pending,
        "turn": counters["turn"], "first_player": counters["first_player"],
        "sets_traded": counters["sets_traded"], "winner": counters["winner"],
        "turn_flags": flags, "draw_pile": draw, "discards": discards, **top}
    if zones is not None:
        state["zones"] = zones

    # 8. the rest
    if len(spans) == 8:
        r = R[7]
        if r.peek() != "{":
            raise r.fail("the last field is a patch in braces ({…})")
        rest = r.value()
        if not r.done():
            raise r.fail("unexpected text after the patch")
        try:
            state = _merge(state, rest)
        except ValueError as exc:
            raise NotationError(line, spans[7][0], f"the patch does not apply: {exc}") from None
    return state


def _read_cards(r: _Reader, deck: Sequence[str], sep: str, stop: str, what: str,
                where: str) -> list[str]:
    if r.peek() == "-" and (r.i + 1 >= r.end or r.line[r.i + 1] in stop + sep):
        r.i += 1
        return []
    out: list[str] = []
    while True:
        at = r.i
        if r.peek().isdigit():
            a = r.number(f"a {what}")
            b = a
            if sep == "," and r.peek() == "-":
                r.i += 1
                at = r.i
                b = r.number(f"the last {what} of a run")
                if b < a:
                    raise r.fail(f"run {a}-{b} goes backwards", at)
            if b >= len(deck):
                raise r.fail(f"{what} {b}: {where} has {len(deck)}"
                             + (f" (0-{len(deck) - 1})" if deck else ""), at)
            out.extend(deck[a:b + 1])
        else:
            paren = sep == "." and r.take("(")
            m = _CARD_ID.match(r.line, r.i, r.end)
            if not m or (sep == "." and not paren):
                got = repr(r.peek()) if r.peek() else "the end of the field"
                raise r.fail(f"expected a {what} (number or {'(id)' if sep == '.' else 'id'}), "
                             f"found {got}")
            r.i = m.end()
            if paren:
                r.expect(")", "to close the card's id")
            out.append(m.group())
        if r.done() or r.peek() != sep:
            return out
        r.i += 1
