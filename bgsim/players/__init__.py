"""Who plays and who advises: the Python players and the loop that drives them, the
hint (``rank_plays``), cube decisions, training, and the table where you play the computer.
It may import every layer below it (engine, draw, odds, game, sim).
"""
