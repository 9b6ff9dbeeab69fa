"""The rule handlers read like the rulebook they implement (issue 27, after consensus-specs):
every validity check (`require(...)`) carries a `# Verify …` comment saying what it checks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parents[2] / "reference"
#: the modules of process_* handlers, both families
HANDLER_MODULES = ("classic.py", "setup.py")


def unexplained_checks(source: str) -> list[int]:
    """Lines of a ``require(`` statement whose comment block above does not say ``Verify``
    (a block opening with ``…`` continues the check before it)."""
    lines = source.splitlines()
    bad = []
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("require("):
            continue
        j = i - 1
        block: list[str] = []
        while j >= 0 and lines[j].lstrip().startswith("#"):
            block.insert(0, lines[j].strip())
            j -= 1
        if not block or not (block[0].startswith("# Verify") or block[0].startswith("# …")):
            bad.append(i + 1)
    return bad


def test_the_finder_sees_a_check_without_its_comment() -> None:
    src = ("    # Verify that it is yours.\n    require(a, 'x', R, 'm')\n"
           "    # … and next to it.\n    require(b, 'y', R, 'm')\n"
           "    # it is red\n    require(c, 'z', R, 'm')\n    require(d, 'w', R, 'm')\n")
    assert unexplained_checks(src) == [6, 7]


@pytest.mark.parametrize("module", HANDLER_MODULES)
def test_every_check_of_a_handler_says_what_it_verifies(module: str) -> None:
    path = REFERENCE / module
    bad = unexplained_checks(path.read_text(encoding="utf-8"))
    assert not bad, f"{path.name}: require(...) without a '# Verify …' comment at lines {bad}"
