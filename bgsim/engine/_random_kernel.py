"""The compiled random numbers of the simulators: xoshiro256** and unbiased bounded integers.

Used by the Monte Carlo game loop (:mod:`bgsim.sim._mc_kernel`) and the network's self-play
training (:mod:`bgsim.sim._net_kernel`). xoshiro256** is Blackman and Vigna's generator
(2018, public domain reference algorithm, prng.di.unimi.it): a 256-bit state
(``uint64[4]``) that the caller seeds from a :class:`numpy.random.SeedSequence`.
Bounded integers use Lemire's method ("Fast random integer generation in an interval",
ACM TOMACS 2019), unbiased for every ``n``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ._kernel import drop_stale_dependent_caches

drop_stale_dependent_caches(__file__, ("sim._mc_kernel", "sim._net_kernel"))

__all__ = ["draw_uniform", "next_u64", "uniform"]

_U64 = np.uint64


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << _U64(k)) | (x >> _U64(64 - k))


@njit(cache=True, inline="always")
def next_u64(s):
    """Advance the xoshiro256** state ``s`` (uint64[4]) and return 64 random bits."""
    result = _rotl(s[1] * _U64(5), 7) * _U64(9)
    t = s[1] << _U64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@njit(cache=True, inline="always")
def uniform(s, n):
    """An unbiased random integer in ``[0, n)`` for ``1 <= n < 2**32`` (Lemire's method)."""
    nn = _U64(n)
    x = next_u64(s) >> _U64(32)
    m = x * nn
    low = m & _U64(0xFFFFFFFF)
    if low < nn:
        t = (_U64(0x100000000) - nn) % nn
        while low < t:
            x = next_u64(s) >> _U64(32)
            m = x * nn
            low = m & _U64(0xFFFFFFFF)
    return np.int64(m >> _U64(32))


@njit(cache=True)
def draw_uniform(state, n, count):
    """``count`` draws of :func:`uniform` (for tests of the generator)."""
    out = np.empty(count, dtype=np.int64)
    for i in range(count):
        out[i] = uniform(state, n)
    return out
