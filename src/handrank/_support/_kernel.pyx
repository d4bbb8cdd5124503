# cython: language_level=3
"""The compiled part of the support layer: :class:`Team`, the shared state of
threads that split one bulk kernel call's rows in C (``_c/team.h``,
:func:`handrank._support.threads.run_team`)."""

cimport cython
from libc.stdint cimport int64_t

from ..errors import HandrankError

# Team.slots in _kernel.pxd has this many slots.
assert HR_TEAM_SLOTS == 5, HR_TEAM_SLOTS


@cython.auto_pickle(False)
cdef class Team:
    """One round of threads sharing rows ``start..stop`` of one kernel call, taken
    in blocks of ``block`` rows (at least 1). Pass the same Team to the same kernel
    call on every thread of the round (``team=``), ``lead=True`` on exactly one:
    that call returns once every thread that entered has left. A Team serves one
    round; its counters live in C, written only by the kernels and by
    :meth:`cancel`. A call over an empty range returns at once, whatever its team."""

    def __init__(self, Py_ssize_t start, Py_ssize_t stop, Py_ssize_t block):
        cdef int i
        if self.slots[HR_TEAM_BLOCK]:  # zeroed by allocation, at least 1 once initialised
            raise HandrankError("a Team is initialised once")
        if start < 0 or stop < start:
            raise HandrankError(f"team rows must be 0 <= start <= stop, got {start}..{stop}")
        for i in range(HR_TEAM_SLOTS):
            self.slots[i] = 0
        self.slots[HR_TEAM_BLOCK] = block if block > 0 else 1
        self.start = start
        self.stop = stop

    @property
    def block(self) -> int:
        """Rows per block."""
        return max(1, self.slots[HR_TEAM_BLOCK])  # the kernels read < 1 as 1

    def cancel(self) -> None:
        """End the round early: no thread starts another block, and this returns once
        every thread inside the kernel has left (so none writes after it). Releases
        the GIL while it waits."""
        with nogil:
            hr_team_cancel(&self.slots[0])

    @property
    def blocks_taken(self) -> int:
        """How many times a block was asked for (past the last: the team is spent;
        2**62 or more: cancelled)."""
        return self.slots[HR_TEAM_NEXT]


    cdef int64_t* slots_for(self, Py_ssize_t start, Py_ssize_t stop, bint lead) except NULL:
        """The slots for a kernel call over rows ``start..stop``: HandrankError if
        the team is for other rows, or if ``lead`` and the round already has its
        lead (a Team serves one round)."""
        if self.start != start or self.stop != stop:
            raise HandrankError(f"this team shares rows {self.start}..{self.stop}, "
                                f"not {start}..{stop}")
        if lead and not hr_atomic_cas(&self.slots[HR_TEAM_LEAD], 0, 1):
            raise HandrankError("this team already has its lead thread (a Team serves one round)")
        return &self.slots[0]
