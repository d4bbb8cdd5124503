"""Compatibility alias: the Broken Canada engine lives in :mod:`handrank.canada.engine`."""

from .canada.engine import *  # noqa: F401,F403
from .canada.engine import __all__  # noqa: F401
