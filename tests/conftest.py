"""Suite-wide options and markers.

* ``--runslow``: also run the tests marked ``@pytest.mark.slow`` (skipped otherwise).
* ``@pytest.mark.crosshair``: runs the CrossHair symbolic checker (a few tens of seconds);
  deselect with ``-m "not crosshair"``.
* Under ``-n N`` (pytest-xdist) the tests that share an expensive session fixture (the built
  shipped site, two minutes to build) run in one worker (``--dist loadgroup`` and an
  ``xdist_group`` mark), so it is built once, not once per worker.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False,
                     help="also run the tests marked slow (long campaigns, long symbolic runs)")


#: session fixture name -> the xdist group of the tests that use it
SHARED_FIXTURES = {"shipped_site": "shipped-site"}


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "crosshair: runs the CrossHair symbolic checker")
    if getattr(config.option, "dist", None) == "load":  # plain -n N: keep the groups together
        config.option.dist = "loadgroup"


def _shared_fixture_group(item: pytest.Item) -> str | None:
    names = set(getattr(item, "fixturenames", ()))
    callspec = getattr(item, "callspec", None)
    if callspec is not None:  # a test parametrized by fixture name (request.getfixturevalue)
        names |= {v for v in callspec.params.values() if isinstance(v, str)}
    return next((g for f, g in SHARED_FIXTURES.items() if f in names), None)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        group = _shared_fixture_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
