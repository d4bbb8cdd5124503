"""The private support layer every game builds on (one place for each idea):

* :mod:`.checks` -- argument checks (int-not-bool, flags, options);
* :mod:`.arrays` -- numpy coercion of card arrays and kernel-error mapping;
* :mod:`.threads` -- ``threads=`` resolution, the one pool, the chunked runner;
* :mod:`.seeds` -- the one seed/RNG path.

The shared C side (card bits, the random generator) is in ``handrank/_c/``.
"""
