"""Pure-Python reference implementations, one module per game.

Written to be obviously right, not fast: combinations and predicates straight
from the rules pages, no lookup tables. The Cython fast paths are tested
against these (see ``tests/``).
"""

from . import poker

__all__ = ["poker"]
