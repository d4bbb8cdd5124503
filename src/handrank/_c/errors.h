/* Error kinds the checked bulk kernels report for the first bad row (the third
 * item of a kernel's (row, column, kind) error; the Python layer,
 * handrank._support.arrays.raise_kernel_error, turns it into the matching
 * handrank.errors exception). One set of numbers for every game. */
#ifndef HANDRANK_ERRORS_H
#define HANDRANK_ERRORS_H

#define HR_ERR_RANGE 1      /* a card id >= 52, or a mask bit at 52 or above */
#define HR_ERR_DUPLICATE 2  /* the same card twice in one hand (one deck) */
#define HR_ERR_SIZE 3       /* a mask holding the wrong number of cards */
#define HR_ERR_COPIES HR_ERR_DUPLICATE  /* several decks: more copies of a card than decks */

#endif
