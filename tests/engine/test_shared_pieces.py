"""Turn pieces both families share are written once (issue 27): the reinforcement count, the
occupation range, elimination with its card capture and the battle event live in one module
each, and neither family builds their events or arithmetic itself."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parents[2] / "reference"

#: shared piece → (its home module, the pattern of a hand-written copy elsewhere)
PIECES = {
    "battle event": ("battle.py", r'"type":\s*"battle"'),
    "eliminated event": ("elimination.py", r'"type":\s*"eliminated"'),
    "cards-captured event": ("elimination.py", r'"type":\s*"cards-captured"'),
}


@functools.cache
def sources() -> dict[str, str]:
    return {str(p.relative_to(REFERENCE)): p.read_text(encoding="utf-8")
            for p in sorted(REFERENCE.rglob("*.py"))}


@pytest.mark.parametrize("piece", sorted(PIECES))
def test_a_shared_piece_is_built_in_its_home_module_only(piece: str) -> None:
    home, pattern = PIECES[piece]
    where = sorted(name for name, text in sources().items() if re.search(pattern, text))
    assert where == [home], f"{piece}: built in {where}, expected only in {home}"


@pytest.mark.parametrize("name", ["get_occupy_range", "compute_reinforcements", "battle_event",
                                  "capture_cards", "mark_eliminated"])
def test_both_families_call_the_shared_piece(name: str) -> None:
    texts = sources()
    classic = texts["classic.py"]
    napoleon = "".join(texts[f] for f in texts if f.startswith("napoleon/"))
    assert re.search(rf"\b{name}\(", classic), f"Classic does not call {name}"
    assert re.search(rf"\b{name}\(", napoleon), f"Napoléon does not call {name}"
