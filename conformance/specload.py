"""One load of the specification per process.

``riskspec.loading.load_spec(strict=False)`` re-reads and re-validates every
file on each call (seconds).  The suite's servers and runners call
:func:`install_cache` before the reference engine is imported, so that every
``load_spec()`` of the default tree in this process shares one result.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

_installed = False
_lock = threading.Lock()


@functools.cache
def _load(strict: bool) -> Any:
    return _original(None, strict=strict)


def _original(root: Any, *, strict: bool) -> Any:
    return _ORIG(root, strict=strict)


_ORIG: Any = None


def install_cache() -> None:
    """Make ``riskspec.loading.load_spec()`` (default tree) load once per process."""
    with _lock:  # two threads installing at once would wrap the wrapper (endless recursion)
        if _installed:
            return
        _install()


def _install() -> None:
    global _installed, _ORIG
    from riskspec import loading
    _ORIG = loading.load_spec

    def load_spec(root: Any = None, *, strict: bool = True) -> Any:
        if root is None:
            return _load(strict)
        return _ORIG(root, strict=strict)

    load_spec.__doc__ = _ORIG.__doc__
    loading.load_spec = load_spec
    _installed = True


def spec() -> Any:
    """The shipped specification (non-strict), loaded once."""
    install_cache()
    from riskspec import loading
    return loading.load_spec(strict=False)
