"""Hypothesis profiles for the test suite.

``ci`` (chosen when the ``CI`` environment variable is true, as on CI)
is derandomized, so a CI run is repeatable, with more examples and no deadline.
``dev`` (otherwise) keeps Hypothesis' random search and default example count.
Neither has a deadline: the first call of a numba kernel compiles it, which can
take seconds and would fail a deadline for no fault of the code under test.
``HYPOTHESIS_PROFILE=ci`` (or ``dev``) overrides the choice.
"""

from __future__ import annotations

import os

from hypothesis import settings

# Both start from Hypothesis' "default" profile: recent Hypothesis loads its own
# "ci" profile by itself whenever a CI variable is set (even CI=false), and a
# profile registered without a parent would inherit from whatever is loaded.
_default = settings.get_profile("default")
settings.register_profile(
    "ci", _default, derandomize=True, deadline=None, max_examples=200, print_blob=True
)
settings.register_profile("dev", _default, deadline=None)

_on_ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if _on_ci else "dev"))
