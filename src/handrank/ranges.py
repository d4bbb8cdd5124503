"""Compatibility alias: hand ranges live in :mod:`handrank.equity.ranges`."""

from .equity.ranges import *  # noqa: F401,F403
from .equity.ranges import __all__  # noqa: F401
