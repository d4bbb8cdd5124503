"""Type stub for the compiled module ``handrank._text._kernel`` (source: _text/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

import numpy as np
import numpy.typing as npt

SKIP: int
OTHER: int

def scan_lines(buf: bytes | bytearray | memoryview | npt.NDArray[np.uint8], pos: int, eof: bool,
               out: npt.NDArray[np.uint8], status: npt.NDArray[np.int8],
               starts: npt.NDArray[np.int64]) -> tuple[int, int]: ...
