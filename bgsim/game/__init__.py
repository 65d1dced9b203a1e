"""A game and a match by the rules: the rule settings, the cube, the events, the game,
the match and session, their records and ``.mat`` files. It may import :mod:`bgsim.engine`
and :mod:`bgsim.draw`.
"""
