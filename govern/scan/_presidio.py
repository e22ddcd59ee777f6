"""presidio and spaCy, imported without torch and transformers (the only import of either
here), and set up to run offline.

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

import gc
import importlib.util
import sys
import types
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import tldextract
import yaml

from govern.errors import InputError

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc


@contextmanager
def patterns_unchecked() -> Iterator[None]:
    """presidio's ``Pattern`` built without compiling its regex to check it, for presidio's own
    recognizers only (its tests check them).

    Each ``Pattern(...)`` compiles its regex once to validate it and throws the result away
    (the recognizer compiles it again, with its flags, on first use): presidio's ~220 bundled
    patterns, the URL one a list of every top-level domain, cost ~0.3 CPU-s at every start,
    most for recognizers a policy never uses.
    """
    # Loaded ahead of its package, whose import builds every bundled recognizer's patterns.
    pattern = sys.modules.get("presidio_analyzer.pattern")
    if pattern is None:
        package = importlib.util.find_spec("presidio_analyzer")
        assert package is not None and package.submodule_search_locations
        [folder] = package.submodule_search_locations
        spec = importlib.util.spec_from_file_location(
            "presidio_analyzer.pattern", f"{folder}/pattern.py"
        )
        assert spec is not None and spec.loader is not None
        pattern = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(pattern)
    attribute = "_Pattern__validate_regex"
    checked = pattern.Pattern.__dict__[attribute]
    setattr(pattern.Pattern, attribute, staticmethod(lambda regex: None))
    try:
        yield
    finally:
        setattr(pattern.Pattern, attribute, checked)


@contextmanager
def spacy_cli_deferred() -> Iterator[None]:
    """``import spacy`` without importing its command line (``spacy.cli``) with it.

    spaCy's package imports ``spacy.cli.info`` only to export ``spacy.info``; the ``spacy.cli``
    package imports every spaCy command and with them weasel, httpx, rich and jinja2 (~0.15
    CPU-s at every start), none of which a scan runs. While spaCy loads, ``spacy.cli`` and
    ``spacy.cli.info`` are stand-ins whose ``info`` imports the real one when called; after,
    they are gone, so ``import spacy.cli`` loads the real package. Nothing happens if spaCy or
    its command line is already imported.
    """
    names = ("spacy.cli", "spacy.cli.info")
    if any(name in sys.modules for name in ("spacy", *names)):
        yield
        return

    def info(*args: Any, **kwargs: Any) -> Any:
        return importlib.import_module("spacy.cli.info").info(*args, **kwargs)

    info.__doc__ = "spaCy's ``spacy.cli.info.info``, imported when first called."
    for name in names:
        stand_in = sys.modules[name] = types.ModuleType(name)
        stand_in.info = info  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for name in names:
            del sys.modules[name]


_BLOCKED = [name for name in ("torch", "transformers") if name not in sys.modules]
for _name in _BLOCKED:
    sys.modules[_name] = None  # type: ignore[assignment]  # None: "not installed" to import
# The imports below build ~2 million objects that live as long as the process: the collector
# would walk them again and again while they load (~0.15 CPU-s), and after, at each full pass.
_collecting = gc.isenabled()
gc.disable()
try:
    with spacy_cli_deferred():
        import spacy
        from spacy.lang.en.stop_words import STOP_WORDS

    with patterns_unchecked():
        from presidio_analyzer import (
            AnalyzerEngine,
            EntityRecognizer,
            PatternRecognizer,
            RecognizerRegistry,
            RecognizerResult,
        )
        from presidio_analyzer.nlp_engine import NlpArtifacts, SpacyNlpEngine
        from presidio_analyzer.pattern import Pattern as _CheckedPattern
        from presidio_analyzer.pattern_recognizer import REGEX_TIMEOUT_SECONDS
        from presidio_analyzer.predefined_recognizers import (
            CreditCardRecognizer,
            DateRecognizer,
            EmailRecognizer,
            IpRecognizer,
            PhoneRecognizer,
            UsSsnRecognizer,
        )
finally:
    for _name in _BLOCKED:
        if sys.modules.get(_name, 0) is None:
            del sys.modules[_name]
    gc.freeze()
    if _collecting:
        gc.enable()


if TYPE_CHECKING:  # to a type checker, presidio's: every pattern is one of presidio's
    Pattern = _CheckedPattern
else:

    class Pattern(_CheckedPattern):
        """presidio's ``Pattern``, for govern's own recognizers: not compiled when built.

        presidio compiles each new ``Pattern`` to check it and throws the result away; the
        recognizer compiles it again, with its flags, on first use (``PresidioDetector.warm_up``
        does so for every recognizer before a scan reads a text, where a bad pattern fails). For
        govern's ~190 patterns, built when their modules load, that check cost ~0.19 CPU-s at every
        start. tests/scan/test_startup.py compiles every one with its recognizer's flags.
        """

        def __init__(self, name: str, regex: str, score: float) -> None:
            with patterns_unchecked():
                super().__init__(name, regex, score)


__all__ = [
    "REGEX_TIMEOUT_SECONDS",
    "STOP_WORDS",
    "AnalyzerEngine",
    "ContextArtifacts",
    "CreditCardRecognizer",
    "DateRecognizer",
    "EmailRecognizer",
    "EntityRecognizer",
    "IpRecognizer",
    "LemmaTokenizer",
    "NlpArtifacts",
    "OfflineEmailRecognizer",
    "Pattern",
    "PatternRecognizer",
    "PhoneRecognizer",
    "PreloadedSpacyEngine",
    "RecognizerRegistry",
    "RecognizerResult",
    "SpacyNlpEngine",
    "UsSsnRecognizer",
    "check_language",
    "libyaml",
    "patterns_unchecked",
    "spacy",
    "spacy_cli_deferred",
    "spacy_pipeline",
]


class OfflineEmailRecognizer(EmailRecognizer):
    """presidio's EmailRecognizer, checking domains against tldextract's bundled suffix list.

    The stock one calls ``tldextract.extract``, which downloads the list on first use.
    """

    def __init__(self, supported_language: str, name: str) -> None:
        super().__init__(supported_language=supported_language, name=name)
        self._extract = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=())

    def validate_result(self, pattern_text: str) -> bool:
        return self._extract(pattern_text).fqdn != ""


@dataclass(slots=True)
class ContextArtifacts:
    """The parts of presidio's NlpArtifacts its context pass reads."""

    tokens: list[str]
    tokens_indices: list[int]
    lemmas: list[str]
    keywords: list[str]


class PreloadedSpacyEngine(SpacyNlpEngine):
    """presidio's spaCy engine over a pipeline loaded here: its own load() downloads models.

    ``pipeline`` is the pipeline, or a function that builds it when first used: a scan whose
    matches never need the context pass never builds one (~0.15 s for a tokenizer alone).
    """

    def __init__(self, language: str, pipeline: Language | Callable[[], Language]) -> None:
        name = pipeline.meta["name"] if isinstance(pipeline, spacy.language.Language) else "blank"
        super().__init__(models=[{"lang_code": language, "model_name": name}])
        self._pipelines = _Pipelines(language, pipeline)
        self.nlp = self._pipelines  # type: ignore[assignment]  # presidio declares a dict

    def pipeline(self, language: str) -> Language:
        """The pipeline of ``language`` (built now if it was not yet)."""
        return self._pipelines[language]


class _Pipelines(Mapping[str, "Language"]):
    """presidio's language -> pipeline map, with one pipeline, built on first use if need be."""

    def __init__(self, language: str, pipeline: Language | Callable[[], Language]) -> None:
        self._language = language
        self._pipeline: Language | None = None
        self._build: Callable[[], Language] | None = None
        if isinstance(pipeline, spacy.language.Language):
            self._pipeline = pipeline
        else:
            self._build = pipeline

    def __getitem__(self, language: str) -> Language:
        if language != self._language:
            raise KeyError(language)
        pipeline = self._pipeline
        if pipeline is None:
            assert self._build is not None
            pipeline = self._pipeline = self._build()
        return pipeline

    def __iter__(self) -> Iterator[str]:
        return iter((self._language,))

    def __len__(self) -> int:
        return 1

    def load(self) -> None:
        """Nothing to load; never download."""


@contextmanager
def libyaml() -> Iterator[None]:
    """presidio's recognizer configuration read with libyaml's safe loader, when installed.

    presidio parses its ~1000-line default YAML with PyYAML's pure-Python ``safe_load`` on
    every registry load (~0.15 s of each start); the C loader builds the same data.
    """
    module = sys.modules.get("presidio_analyzer.recognizer_registry.recognizers_loader_utils")
    c_loader = getattr(yaml, "CSafeLoader", None)
    if module is None or c_loader is None or getattr(module, "yaml", None) is not yaml:
        yield
        return

    def safe_load(stream: Any) -> Any:
        return yaml.load(stream, Loader=c_loader)  # noqa: S506  # the safe loader, in C

    shim = types.SimpleNamespace(safe_load=safe_load)
    module.yaml = shim  # type: ignore[attr-defined]
    try:
        yield
    finally:
        module.yaml = yaml  # type: ignore[attr-defined]


def check_language(language: str) -> None:
    """InputError unless spaCy has a tokenizer for ``language`` (without building one)."""
    try:
        spacy.util.get_lang_class(language)
    except ImportError:
        raise InputError(f"pii.language: spaCy has no language {language!r}") from None


def spacy_pipeline(language: str, model: str | None) -> Language:
    """The installed spaCy pipeline ``model``; without one, a tokenizer whose lemmas are the
    lowercased tokens (presidio matches context words against lemmas, blank leaves them empty).
    """
    if model is not None:
        try:
            return spacy.load(model)
        except OSError:
            raise InputError(
                f"pii.nlp_model: spaCy pipeline {model!r} is not installed; install it "
                f"(python -m spacy download {model}) or set pii.nlp_model to null"
            ) from None
    try:
        nlp = spacy.blank(language)
    except ImportError:
        raise InputError(f"pii.language: spaCy has no language {language!r}") from None
    nlp.tokenizer = LemmaTokenizer(nlp.tokenizer)
    return nlp


class LemmaTokenizer:
    """spaCy's ``tokenize``, each token's lemma set to its lowercased text.

    ``tokenize`` stays reachable for callers that read ``lower_`` themselves.
    """

    def __init__(self, tokenize: Callable[[str], Doc]) -> None:
        self.tokenize = tokenize

    def __call__(self, text: str) -> Doc:
        doc = self.tokenize(text)
        # lemma_ = lower_, no Python loop; to_array gives uint64 hashes, not the floats of its stub
        doc.from_array(["LEMMA"], doc.to_array(["LOWER"]))  # type: ignore[arg-type]
        return doc
