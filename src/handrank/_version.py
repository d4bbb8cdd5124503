"""The version of handrank, in one place.

A plain assignment: setuptools reads it for the package metadata (``[tool.setuptools.dynamic]``
in pyproject.toml) without importing the package, and ``handrank.__version__`` /
``handrank --version`` read it without :mod:`importlib.metadata` (which would cost most of
``import handrank``). Release steps and the versioning policy: CONTRIBUTING.md."""

__version__ = "0.2.0"
