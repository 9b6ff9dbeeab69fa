"""Fixtures and Hypothesis profiles of the engine tests.

Profiles: ``dev`` (default, quick), ``thorough`` (many more examples; select with
``HYPOTHESIS_PROFILE=thorough``).  With ``$CI`` set and no explicit profile,
Hypothesis' own ``ci`` profile is used.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=400, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
if "HYPOTHESIS_PROFILE" in os.environ:
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
elif not os.environ.get("CI"):
    settings.load_profile("dev")
