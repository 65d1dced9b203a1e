"""Simulation: the compiled evaluators (the neural network, pubeval, the compiled players,
gnubg's network) and the play-outs they drive, Monte Carlo estimates and their workers. It may
import :mod:`bgsim.engine`, :mod:`bgsim.draw`, :mod:`bgsim.odds` and :mod:`bgsim.game.game`.
"""
