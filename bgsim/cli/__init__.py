"""The command line (``bgsim ...``): reading its arguments and running its commands. A client
only: it may import every layer but the widgets, and nothing imports it.
"""
