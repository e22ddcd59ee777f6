"""presidio and spaCy, imported without torch and transformers (the only import of either here).

``presidio_analyzer`` imports all of its NLP engines at package import: the transformers one
imports ``transformers`` (which imports torch), and spaCy's thinc imports torch when it is
installed. A pattern scan uses neither, and together they cost ~4 CPU-seconds and ~400 MB at
every start. Both names are made unimportable while presidio and spaCy load, so presidio's
optional transformers engine and thinc's torch shims see them as not installed; afterwards
``import torch`` works again (the training code imports it). A process that imported torch
before keeps it. The cost: a spaCy pipeline that runs through torch (a ``trf`` one) cannot be
the ``pii.nlp_model`` of this process; the CNN pipelines (``en_core_web_sm`` etc.) need no torch.
"""

from __future__ import annotations

import sys

_BLOCKED = [name for name in ("torch", "transformers") if name not in sys.modules]
for _name in _BLOCKED:
    sys.modules[_name] = None  # type: ignore[assignment]  # None: "not installed" to import
try:
    import spacy
    from presidio_analyzer import (
        AnalyzerEngine,
        EntityRecognizer,
        Pattern,
        PatternRecognizer,
        RecognizerRegistry,
        RecognizerResult,
    )
    from presidio_analyzer.nlp_engine import NlpArtifacts, SpacyNlpEngine
    from presidio_analyzer.pattern_recognizer import REGEX_TIMEOUT_SECONDS
    from presidio_analyzer.predefined_recognizers import EmailRecognizer, PhoneRecognizer
finally:
    for _name in _BLOCKED:
        if sys.modules.get(_name, 0) is None:
            del sys.modules[_name]

__all__ = [
    "REGEX_TIMEOUT_SECONDS",
    "AnalyzerEngine",
    "EmailRecognizer",
    "EntityRecognizer",
    "NlpArtifacts",
    "Pattern",
    "PatternRecognizer",
    "PhoneRecognizer",
    "RecognizerRegistry",
    "RecognizerResult",
    "SpacyNlpEngine",
    "spacy",
]
