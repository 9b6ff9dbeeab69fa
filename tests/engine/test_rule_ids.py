"""Every rule ID the engine cites when it refuses an action exists in the specification."""

from __future__ import annotations

import random
import re
from pathlib import Path

from riskspec.errors import IllegalActionError
from riskspec.loading import load_spec
from riskspec.reference import ruleids
from riskspec.reference.driver import play_game
from .helpers import E

REFERENCE = Path(ruleids.__file__).parent
RULE_LITERAL = re.compile(r"""["'](classic\.[a-z0-9-]+\.[a-z0-9-]+)["']""")


def test_every_rule_id_of_the_engine_is_a_rule_of_the_spec():
    rules = load_spec().variant("classic").rules
    missing = [r for r in ruleids.ALL if r not in rules]
    assert not missing, f"rule IDs not in spec/classic/rules.yaml: {missing}"
    assert len(ruleids.ALL) >= 20


def test_no_module_cites_a_rule_id_outside_ruleids():
    stray = {}
    for path in sorted(REFERENCE.glob("*.py")):
        if path.name == "ruleids.py":
            continue
        found = [m for m in RULE_LITERAL.findall(path.read_text()) if ".amb." not in m]
        if found:
            stray[path.name] = found
    assert not stray, f"rule IDs written outside reference/ruleids.py: {stray}"


def test_rules_raised_in_play_are_all_known():
    rng = random.Random(4)
    seen = set()

    def poke(before, action, after, events):
        if rng.random() < 0.2:
            legal = E.legal_actions(after) or [o for o, _ in E.chance_outcomes(after)]
            for a in legal[:3]:
                bad = dict(a)
                for key in ("territory", "from", "to"):
                    if key in bad:
                        bad[key] = rng.choice(after.tables.territories)
                for key in ("dice", "armies"):
                    if key in bad:
                        bad[key] += rng.choice([1, 3])
                try:
                    E.apply(after, bad)
                except IllegalActionError as exc:
                    seen.add(exc.rule)

    for seed in range(3):
        play_game("classic", 3, seed=seed, max_turns=15, on_step=poke)
    assert seen and seen <= set(ruleids.ALL), seen - set(ruleids.ALL)
