"""``python -m bgsim``: the command line (see :mod:`bgsim.cli.main`)."""

from .cli.main import main

raise SystemExit(main())
