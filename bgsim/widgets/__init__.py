"""Jupyter widgets for learning backgammon: a board to click, an editor, a turn stepper, a
replay viewer, a score calculator, a Monte Carlo runner, the lessons' quizzes and a table to
play the computer (:class:`PlayWidget`).

They are ipywidgets 8 composites around one clickable board (an `anywidget
<https://anywidget.dev>`_ view, no build step), so they work alike in JupyterLab and in
Voila (a lesson shown with no code, for a class). Every widget shows the gnubg Position ID
and the XGID of the position on screen in read-only boxes to select and copy, with a link
that opens the same position and dice in the sandbox (:func:`sandbox_link`), and keeps
working after a refused action: the reason is shown in its message line (CSS class
``bgsim-message``) and nothing else changes. What the page sends (clicks, a control's new
value) is input like any other: it is checked in one place first, and a message that does not
fit (a point that is no point, a value that is not one of the options, a control emptied) is
ignored, never raised, logged at debug level on the ``bgsim.widgets`` logger.

Each widget's outer box has a CSS class (``bgsim-board``, ``bgsim-editor``,
``bgsim-stepper``, ``bgsim-replay``, ``bgsim-score``, ``bgsim-montecarlo``, ``bgsim-quiz``,
``bgsim-drill``, ``bgsim-sandbox``, ``bgsim-play``) for styling and for browser tests.

Every widget brings its own stylesheet into the page (a board view, or an invisible
:class:`PageKit`), has a presentation mode for a projector (``present=True``, or the
page's **Present** switch: the board as wide as the page, text and controls at 20-24 px,
the rule message beside the board, the IDs hidden) and follows the page's board theme
(classic, high contrast, colour-blind safe; see :mod:`bgsim.draw.page`). In Voila the first
bgsim widget on a page puts the page's switches at its top (the teacher view's template
puts them on every page).

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
from ._classresults import ClassResultsBoard
from ._common import IdBox, MessageLine
from ._drill import DrillWidget
from ._editor import EditorWidget
from ._link import LinkError, LinkView, read_link, sandbox_link
from ._montecarlo import MonteCarloWidget
from ._page import PageKit
from ._paper import PaperQuestion, on_paper, paper_labels, paper_mode, paper_questions
from ._play import PlayWidget
from ._quiz import AfterTry, QuizWidget, after_try
from ._replay import ReplayWidget
from ._sandbox import BestPlayTask, SandboxWidget, rank_exactly
from ._score import ScoreWidget
from ._stepper import StepperWidget

__all__ = ["AfterTry", "BestPlayTask", "BoardView", "BoardWidget", "ClassResultsBoard", "DrillWidget",
           "EditorWidget", "IdBox", "LinkError", "LinkView", "MessageLine", "MonteCarloWidget", "PageKit",
           "PaperQuestion", "PlayWidget", "QuizWidget", "ReplayWidget", "SandboxWidget", "ScoreWidget",
           "StepperWidget", "after_try", "on_paper", "paper_labels", "paper_mode", "paper_questions", "rank_exactly",
           "read_link", "sandbox_link"]
