"""The rules engine: the board value, its IDs and notation, the dice, the step rules' table
(``step_rules``: each rule of a single step, by rule id) and the variants (``variants``), the
compiled move generator, the legal plays, the explainer of refusals, the turn builder and :class:`Position`;
also what every layer uses, the errors and the message catalogue (the refusals are sentences in
the learner's language). It imports nothing of bgsim outside itself, except the one display hook
(``_repr_svg_``) that draws a value with :mod:`bgsim.draw`.
"""
