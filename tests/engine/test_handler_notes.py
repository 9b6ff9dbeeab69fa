"""The rule handlers read like the rulebook they implement (issue 27, after consensus-specs):
every validity check (`require(...)`) carries a `# Verify …` comment saying what it checks, and
every Napoléon handler that replaces a Classic one opens its docstring with a "Modified" line
naming the Classic function and the rule that differs.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from riskspec.loading import load_spec

REFERENCE = Path(__file__).resolve().parents[2] / "reference"
#: the modules of process_* handlers, both families
NAPOLEON_HANDLER_MODULES = ("combat", "game", "maneuvers", "turn_end", "plays", "invasion", "ransom",
                            "epidemics", "setup_readings")
HANDLER_MODULES = ("classic.py", "setup.py", *(f"napoleon/{m}.py" for m in NAPOLEON_HANDLER_MODULES))
#: Napoléon handler → the Classic handler it replaces (module:function under riskspec.reference)
MODIFIED = {
    "combat:process_attack": "classic:process_attack",
    "combat:process_defend": "classic:process_defend",
    "combat:process_roll": "classic:process_roll",
    "combat:process_occupy": "classic:process_occupy",
    "combat:process_end_attack": "classic:process_end_attack",
    "game:process_deal": "setup:process_deal",
    "game:process_first_player": "setup:process_first_player",
    "game:process_claim": "setup:process_claim",
    "game:process_setup_place": "setup:process_setup_place",
    "game:process_trade": "classic:process_trade",
    "game:process_place": "classic:process_place",
    "maneuvers:process_maneuver": "classic:process_fortify",
    "turn_end:process_end_turn": "classic:process_end_turn",
    "turn_end:process_draw": "classic:process_draw",
    "turn_end:process_mission": "setup:process_mission",
}
MODIFIED_LINE = re.compile(r"Modified :func:`riskspec\.reference\.(\w+)\.(\w+)`: .+\((napoleon\.[a-z0-9.-]+)")


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


def test_every_napoleon_handler_named_like_a_classic_one_is_in_the_table() -> None:
    classic = {n for m in ("classic", "setup")
               for n, _ in inspect.getmembers(importlib.import_module(f"riskspec.reference.{m}"),
                                              inspect.isfunction) if n.startswith("process_")}
    napoleon = {f"{m}:{n}" for m in NAPOLEON_HANDLER_MODULES
                for n, f in inspect.getmembers(importlib.import_module(f"riskspec.reference.napoleon.{m}"),
                                               inspect.isfunction)
                if n in classic and f.__module__.endswith(f".napoleon.{m}")}
    assert napoleon <= set(MODIFIED), f"Napoléon handlers with a Classic namesake missing: {sorted(napoleon - set(MODIFIED))}"


@pytest.mark.parametrize("handler", sorted(MODIFIED))
def test_a_replacing_handler_opens_with_its_modified_note(handler: str) -> None:
    module, name = handler.split(":")
    fn = getattr(importlib.import_module(f"riskspec.reference.napoleon.{module}"), name)
    doc = " ".join((fn.__doc__ or "").split())
    m = MODIFIED_LINE.match(doc)
    assert m, f"{handler}: the docstring does not open with 'Modified :func:`…`: … (napoleon.…)': {doc[:80]!r}"
    assert f"{m[1]}:{m[2]}" == MODIFIED[handler], f"{handler} names {m[1]}.{m[2]}, not {MODIFIED[handler]}"
    assert callable(getattr(importlib.import_module(f"riskspec.reference.{m[1]}"), m[2], None))
    rule = m[3].rstrip(".")
    assert rule in load_spec().rules, f"{handler}: {rule} is no rule of the spec"
