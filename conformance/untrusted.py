"""Text from an engine under test is untrusted: make it safe for every report.

An engine can put anything in its messages, its handshake or its stderr: lone
surrogates (which UTF-8 cannot encode), control characters and ANSI colour codes
(which XML 1.0 forbids and terminals obey), megabytes of text, JSON nested a
thousand deep.  :func:`clean_text` and :func:`clean_json` turn any of it into
printable, bounded text and JSON that the JSON, Markdown and JUnit writers
always accept, showing what was removed (``\\x1b`` stays visible as ``\\x1b``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

#: the longest string kept in a report (longer ones are cut, saying how much was cut)
MAX_TEXT = 20_000
#: deeper JSON values are replaced by a short note in reports
MAX_DEPTH = 24
#: the most items kept of one list / object in a report
MAX_ITEMS = 500

_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]")
# C0 controls but tab and newline, DEL, C1 controls, lone surrogates, the XML non-characters
_BAD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _escape(m: re.Match[str]) -> str:
    ch = m.group(0)
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean_text(text: Any, *, limit: int = MAX_TEXT, one_line: bool = False) -> str:
    """``text`` as printable, well-formed text: ANSI sequences dropped, other control
    characters shown escaped, lone surrogates replaced, at most ``limit`` characters."""
    if not isinstance(text, str):
        text = str(text)
    if len(text) > limit:
        text = text[:limit] + f" … [{len(text) - limit} more characters cut]"
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    if one_line:
        text = text.replace("\r", " ").replace("\n", " ").replace("\t", " ")
    return _BAD.sub(_escape, text)


def clean_json(obj: Any, *, depth: int = 0) -> Any:
    """A copy of a JSON-like value that any report can carry: strings cleaned, numbers finite,
    nesting and sizes bounded."""
    if obj is None or isinstance(obj, bool):
        return obj
    if isinstance(obj, int):
        return obj if abs(obj) < 1 << 63 else f"<integer of {obj.bit_length()} bits>"
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else str(obj)
    if isinstance(obj, str):
        return clean_text(obj)
    if depth >= MAX_DEPTH:
        return f"<nested deeper than {MAX_DEPTH} levels: not shown>"
    if isinstance(obj, Mapping):
        out = {}
        for n, (k, v) in enumerate(obj.items()):
            if n >= MAX_ITEMS:
                out["…"] = f"{len(obj) - MAX_ITEMS} more entries not shown"
                break
            out[clean_text(k, limit=200)] = clean_json(v, depth=depth + 1)
        return out
    if isinstance(obj, (list, tuple)):
        items = [clean_json(v, depth=depth + 1) for v in list(obj)[:MAX_ITEMS]]
        if len(obj) > MAX_ITEMS:
            items.append(f"… {len(obj) - MAX_ITEMS} more items not shown")
        return items
    return clean_text(repr(obj))


def markdown_inline(text: Any) -> str:
    """Engine text for one line of Markdown: no line breaks, no markup."""
    return re.sub(r"([\\`*_\[\]<>#|])", r"\\\1", clean_text(text, limit=300, one_line=True))
