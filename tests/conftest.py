"""Suite-wide options and markers.

* ``--runslow``: also run the tests marked ``@pytest.mark.slow`` (skipped otherwise).
* ``@pytest.mark.crosshair``: runs the CrossHair symbolic checker (a few tens of seconds);
  deselect with ``-m "not crosshair"``.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False,
                     help="also run the tests marked slow (long campaigns, long symbolic runs)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "crosshair: runs the CrossHair symbolic checker")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
