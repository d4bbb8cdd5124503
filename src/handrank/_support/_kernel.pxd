# The compiled part of the support layer, for the kernels' Cython modules:
# ``from .._support._kernel cimport Team, hr_team_rows``.
from libc.stdint cimport int64_t

cdef extern from "_c/team.h" nogil:
    const int HR_TEAM_SLOTS, HR_TEAM_NEXT, HR_TEAM_BLOCK, HR_TEAM_LEAD
    ctypedef Py_ssize_t (*hr_rows_fn)(void *ctx, Py_ssize_t start, Py_ssize_t stop,
                                      int *err, int *col) noexcept nogil
    # Rows start..stop through fn in blocks shared by every thread of the team;
    # wait != 0: return once no thread of the team is inside.
    void hr_team_run(int64_t *team, Py_ssize_t start, Py_ssize_t stop, int wait,
                     hr_rows_fn fn, void *ctx)
    # The team's lowest bad row (with err, col) or -1.
    Py_ssize_t hr_team_bad(int64_t *team, int *err, int *col)
    # Rows start..stop through fn, alone (team NULL) or shared with the team; the
    # first bad row (the lead: the team's lowest) or -1.
    Py_ssize_t hr_team_rows(int64_t *team, Py_ssize_t start, Py_ssize_t stop, int lead,
                            hr_rows_fn fn, void *ctx, int *err, int *col)
    int hr_atomic_cas(int64_t *p, int64_t old, int64_t v)
    # No thread starts another block; returns once every thread inside has left.
    void hr_team_cancel(int64_t *team)


cdef class Team:
    cdef int64_t slots[5]  # HR_TEAM_SLOTS
    cdef readonly Py_ssize_t start, stop
    cdef int64_t* slots_for(self, Py_ssize_t start, Py_ssize_t stop, bint lead) except NULL
