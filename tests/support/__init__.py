"""Helpers shared by the tests, not tests themselves.

- :mod:`tests.support.reference`: the reference legal-play generator, a slow brute-force
  reading of the rules (R5-R21, V5, X3) that knows nothing of bgsim: the oracle the engine is
  compared with.
- :mod:`tests.support.positions`: generators of valid positions for targeted tests (bar,
  primes, bear-offs, forced plays, hypergammon ...).

Tests import them as ``from tests.support.positions import GENERATORS``; pytest puts the
repository root on ``sys.path`` (``pythonpath`` in pyproject.toml).
"""
