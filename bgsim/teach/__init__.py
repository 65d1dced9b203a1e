"""Teaching material: the rule book, the glossary, quizzes and drills. It may import
:mod:`bgsim.engine`, :mod:`bgsim.draw`, :mod:`bgsim.odds` and :mod:`bgsim.game.game`.
"""
