"""Compiled helper of :mod:`handrank.cards` (``_kernel``: the C loop of ``cards.deal``)."""
