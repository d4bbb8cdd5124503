/* A team: threads sharing the rows of one bulk call in C.
 *
 * Every thread of the team makes the same kernel call at once (each releasing the
 * GIL) with the same team, an int64_t[HR_TEAM_SLOTS] that starts zeroed but for
 * its block size (a fresh one per call: a late thread of an earlier call must find
 * its own team spent). The Python layer holds it in a handrank._support._kernel.Team,
 * whose slots only the kernels and Team.cancel (hr_team_cancel) write. hr_team_run
 * takes blocks of rows with one atomic add each, so a thread that starts late or
 * runs slow takes fewer of them, and no Python runs between blocks. The calling thread passes wait = 1: it returns only when every
 * thread that entered has left, spinning on the count in C instead of waiting for
 * the workers to wake it (a wake-up costs tens of microseconds on a VM, a 2-thread
 * call of a few milliseconds loses that much). The lowest bad row any thread met
 * is kept in the team, packed with its error kind and column (hr_team_bad), and
 * no thread starts a block past it.
 *
 * Bulk evaluation (every game's evaluate_many) shares rows this way, exact equity
 * its work units (equity/_kernel.pyx, blocks of about 50-80 us of work) and the
 * heads-up path its boards. */
#ifndef HANDRANK_TEAM_H
#define HANDRANK_TEAM_H
#include <stddef.h>
#include <stdint.h>
#include "_c/cardbits.h"

#define HR_TEAM_SLOTS 5
#define HR_TEAM_NEXT 0    /* the next block to take */
#define HR_TEAM_INSIDE 1  /* threads inside hr_team_run */
#define HR_TEAM_BAD 2     /* 1 + the packed lowest bad row (0: none yet) */
#define HR_TEAM_BLOCK 3   /* rows per block, set before the threads start (< 1: 1) */
#define HR_TEAM_LEAD 4    /* 1 once the thread that waits has joined */
/* A waiting thread spins for this many nanoseconds (about one block of bulk rows)
 * before it yields its core at each check: a worker may be queued on the same core
 * (a woken thread often starts beside its waker), and a long spin would keep it
 * waiting. Time, not a count of pause instructions: a pause takes 8 to 140 cycles
 * depending on the CPU. */
#ifndef HR_TEAM_SPIN_NS
#define HR_TEAM_SPIN_NS 50000
#endif

#if defined(_MSC_VER)
#include <intrin.h>
__declspec(dllimport) int __stdcall SwitchToThread(void);
#include <time.h>
HR_INLINE int64_t hr_now_ns(void) {  /* C11 (the UCRT): a clock step only ends a spin early or late */
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}
HR_INLINE int64_t hr_atomic_take(int64_t *p, int64_t v) {
    return _InterlockedExchangeAdd64((volatile __int64 *)p, v);
}
HR_INLINE int64_t hr_atomic_load(int64_t *p) {
    return _InterlockedCompareExchange64((volatile __int64 *)p, 0, 0);
}
HR_INLINE int hr_atomic_cas(int64_t *p, int64_t old, int64_t v) {
    return _InterlockedCompareExchange64((volatile __int64 *)p, v, old) == old;
}
HR_INLINE void hr_cpu_relax(void) {
#if defined(_M_X64) || defined(_M_IX86)
    _mm_pause();
#else
    __yield();
#endif
}
#define hr_thread_yield() ((void)SwitchToThread())
#else
#include <sched.h>
#include <time.h>
HR_INLINE int64_t hr_now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}
/* *p += v as one atomic step; returns the old value. Sequentially consistent, as
 * are the loads and the compare-exchange: a thread that takes a block after
 * another has entered sees that entry, and a late thread sees a bad row stored
 * before the block counter passed it (one locked instruction on x86 either way). */
HR_INLINE int64_t hr_atomic_take(int64_t *p, int64_t v) {
    return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
HR_INLINE int64_t hr_atomic_load(int64_t *p) {
    return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}
HR_INLINE int hr_atomic_cas(int64_t *p, int64_t old, int64_t v) {
    return __atomic_compare_exchange_n(p, &old, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
HR_INLINE void hr_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}
#define hr_thread_yield() ((void)sched_yield())
#endif

/* Rows start..stop of one kernel into its output: the first bad row (with *err
 * and *col set) or -1. */
typedef ptrdiff_t (*hr_rows_fn)(void *ctx, ptrdiff_t start, ptrdiff_t stop, int *err,
                                int *col);

/* A bad row packed so that the lowest row is the lowest value: row, then kind
 * (8 bits), then column + 1 (8 bits; kernels report -1..254). */
HR_INLINE int64_t hr_team_pack(ptrdiff_t row, int err, int col) {
    return ((int64_t)row << 16) | ((int64_t)(err & 0xFF) << 8) | (int64_t)((col + 1) & 0xFF);
}

/* The team's lowest bad row (with *err, *col) or -1; read it after the call that
 * waited. */
HR_INLINE ptrdiff_t hr_team_bad(int64_t *team, int *err, int *col) {
    int64_t v = hr_atomic_load(team + HR_TEAM_BAD);
    if (v <= 0) return -1;
    v -= 1;
    *err = (int)(v >> 8 & 0xFF);
    *col = (int)(v & 0xFF) - 1;
    return (ptrdiff_t)(v >> 16);
}

/* Return once no thread is inside the team: spin for HR_TEAM_SPIN_NS (the clock
 * read every 64 pauses), then yield the core at each check. */
HR_INLINE void hr_team_wait(int64_t *team) {
    int64_t until = -1;
    unsigned spins;
    for (spins = 1; hr_atomic_load(team + HR_TEAM_INSIDE) > 0; spins++) {
        if (until != 0 && spins % 64 == 0) {
            int64_t now = hr_now_ns();
            if (until < 0) until = now + HR_TEAM_SPIN_NS;
            else if (now >= until) until = 0;
        }
        if (until != 0) hr_cpu_relax();
        else hr_thread_yield();
    }
}

/* Run fn(ctx, a, b) over rows start..stop in blocks of team[HR_TEAM_BLOCK] rows
 * shared with the rest of the team (see the top of this file). Any slot values are
 * safe: a thread stops at the first block number outside the range. With wait !=
 * 0, return once no thread of the team is inside. */
HR_INLINE void hr_team_run(int64_t *team, ptrdiff_t start, ptrdiff_t stop, int wait,
                           hr_rows_fn fn, void *ctx) {
    int64_t blocks = 0, block = team[HR_TEAM_BLOCK];
    if (block < 1) block = 1;
    if (stop > start)
        blocks = (int64_t)(stop - start) / block + ((int64_t)(stop - start) % block != 0);
    hr_atomic_take(team + HR_TEAM_INSIDE, 1);
    for (;;) {
        int64_t b = hr_atomic_take(team + HR_TEAM_NEXT, 1), known;
        ptrdiff_t a, e, bad;
        int err = 0, col = -1;
        if (b < 0 || b >= blocks) break;
        a = start + (ptrdiff_t)b * block;
        e = stop - a > block ? a + block : stop;
        known = hr_atomic_load(team + HR_TEAM_BAD);
        if (known > 0 && (int64_t)a > ((known - 1) >> 16)) break;  /* past a bad row */
        bad = fn(ctx, a, e, &err, &col);
        if (bad >= 0) {  /* keep the lowest bad row of the team */
            int64_t v = hr_team_pack(bad, err, col) + 1, old;
            do {
                old = hr_atomic_load(team + HR_TEAM_BAD);
            } while ((old <= 0 || v < old) && !hr_atomic_cas(team + HR_TEAM_BAD, old, v));
            break;
        }
    }
    hr_atomic_take(team + HR_TEAM_INSIDE, -1);
    if (!wait) return;
    /* The others hold one block each at most: spin briefly, then yield the core
     * (HR_TEAM_SPIN_NS). */
    hr_team_wait(team);
}

/* A kernel call's rows start..stop through fn: alone (team == NULL), or shared with
 * the team (hr_team_run; wait when lead != 0). Returns the first bad row (with
 * *err, *col) or -1: alone, its own; in a team, the lowest any thread has met so
 * far, which for the lead is the team's lowest. */
HR_INLINE ptrdiff_t hr_team_rows(int64_t *team, ptrdiff_t start, ptrdiff_t stop, int lead,
                                 hr_rows_fn fn, void *ctx, int *err, int *col) {
    if (team == NULL) return fn(ctx, start, stop, err, col);
    hr_team_run(team, start, stop, lead, fn, ctx);
    return hr_team_bad(team, err, col);
}

/* Stop a round: no thread starts another block (the counter jumps past any block
 * number), and return once every thread inside has left. For a lead that fails
 * before running its share: its workers must not write after it has returned. */
HR_INLINE void hr_team_cancel(int64_t *team) {
    int64_t old;
    do {  /* the counter to 2^62 (takes after it add at most the thread count) */
        old = hr_atomic_load(team + HR_TEAM_NEXT);
    } while (old < ((int64_t)1 << 61) && !hr_atomic_cas(team + HR_TEAM_NEXT, old,
                                                         (int64_t)1 << 62));
    hr_team_wait(team);
}

#endif
