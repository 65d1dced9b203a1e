"""Jupyter widgets for learning backgammon: a board to click, an editor, a turn stepper, a
replay viewer, a score calculator, a Monte Carlo runner and the lessons' quizzes.

They are ipywidgets 8 composites around one clickable board (an `anywidget
<https://anywidget.dev>`_ view, no build step), so they work alike in JupyterLab and in
Voila (a lesson shown with no code, for a class). Every widget shows the gnubg Position ID
and the XGID of the position on screen in read-only boxes to select and copy, and keeps
working after a refused action: the reason is shown in its message line (CSS class
``bgsim-message``) and nothing else changes.

Each widget's outer box has a CSS class (``bgsim-board``, ``bgsim-editor``,
``bgsim-stepper``, ``bgsim-replay``, ``bgsim-score``, ``bgsim-montecarlo``, ``bgsim-quiz``) for styling
and for browser tests.

The composite widgets change what the board shows through :meth:`BoardWidget.show` and other
public methods only, never each other's private state.

Needs the ``lessons`` extra (``pip install bgsim[lessons]``: ipywidgets, anywidget).

>>> from bgsim import Position
>>> from bgsim.widgets import BoardWidget
>>> BoardWidget(Position.initial()).ids.xgid.value
'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
"""

from __future__ import annotations

from ._board import BoardView, BoardWidget
from ._common import IdBox, MessageLine
from ._drill import DrillWidget
from ._editor import EditorWidget
from ._montecarlo import MonteCarloWidget
from ._quiz import QuizWidget
from ._replay import ReplayWidget
from ._score import ScoreWidget
from ._stepper import StepperWidget

__all__ = ["BoardView", "BoardWidget", "DrillWidget", "EditorWidget", "IdBox", "MessageLine", "MonteCarloWidget",
           "QuizWidget", "ReplayWidget", "ScoreWidget", "StepperWidget"]
