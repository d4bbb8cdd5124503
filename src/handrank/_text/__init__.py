"""Compiled helper of the command line's text reader (``_kernel.scan_lines``: card text
lines of a byte buffer straight to card ids; see :func:`handrank.cli.files.read_hand_blocks`)."""
