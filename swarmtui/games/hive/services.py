"""What the Hive package provides to agents (``GameSpec.services``, ``core.services``).

``EVALUATION``: the evaluation a search plays with (``evaluation.HiveEvaluation``), its named
weights (``evaluation.HiveWeights``) and the weights files ``sim tune hive`` writes
(``tuned_weights``, which reads the weights' names from ``evaluation``).
"""

from __future__ import annotations

from swarmtui.core.services import EvaluationService
from swarmtui.games.hive.evaluation import HiveEvaluation, HiveWeights
from swarmtui.games.hive.tuned_weights import load_weights

EVALUATION = EvaluationService(HiveEvaluation, HiveWeights, load_weights)
"""The service the descriptor names (``GameSpec.services["evaluation"]``)."""
