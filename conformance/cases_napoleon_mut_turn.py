"""Scenarios: Risk Napoléon — cases written for the surviving mutants of napoleon.turn_end, napoleon.missions, napoleon.ransom and napoleon.epidemics.

Each case states, from the rules, what a plausible deviation of an engine gets wrong (the
survivors of ``python -m riskspec.conformance.mutation --family napoleon --open``; their
triage is in ``conformance/mutation-triage.yaml``).
"""

from __future__ import annotations
