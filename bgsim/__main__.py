"""``python -m bgsim``: the command line (see :mod:`bgsim.cli`)."""

from .cli import main

raise SystemExit(main())
