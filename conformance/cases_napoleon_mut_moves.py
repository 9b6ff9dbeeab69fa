"""Scenarios: Risk Napoléon — cases written for the surviving mutants of napoleon.invasion, napoleon.leaders and napoleon.maneuvers (landings, generals, maneuvers).

Each case states, from the rules, what a plausible deviation of an engine gets wrong (the
survivors of ``python -m riskspec.conformance.mutation --family napoleon --open``; their
triage is in ``conformance/mutation-triage.yaml``).
"""

from __future__ import annotations
