"""The data files bgsim ships: the match equity table, the net's weights and training log,
pubeval's weights.

A package (not just a folder) so that :func:`importlib.resources.files` finds the files by
this name however ``bgsim`` itself was imported: also when a folder named ``bgsim`` without
an ``__init__.py`` (say, a clone of the repository) shadows the installed package, which
makes ``bgsim`` a namespace package and ``resources.files("bgsim")`` point at the wrong folder.

>>> from importlib import resources
>>> resources.files("bgsim.data").joinpath("kazaross_xg2.met").is_file()
True
"""
