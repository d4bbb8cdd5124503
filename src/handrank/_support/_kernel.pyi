"""Type stubs of the compiled support layer (``_support/_kernel.pyx``)."""

from typing_extensions import disjoint_base

@disjoint_base
class Team:
    start: int
    stop: int
    def __init__(self, start: int, stop: int, block: int) -> None: ...
    @property
    def block(self) -> int: ...
    def cancel(self) -> None: ...
    @property
    def blocks_taken(self) -> int: ...
