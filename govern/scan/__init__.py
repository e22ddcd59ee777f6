"""Scanning for PII and secrets: detectors in this package are found, not registered by hand."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import types
from typing import Any

from govern.policy import Policy
from govern.scan.base import Detector, Hit

__all__ = ["Detector", "Hit", "detector_classes", "build_detectors"]

# Modules of this package that hold no detector.
_NOT_DETECTORS = {
    "base",
    "baseline",
    "batch",
    "engine",
    "report",
    "artifacts",
    "classify",
    "secret_plugins",
    "merge",
    "tasks",
}


def detector_classes() -> list[type[Detector]]:
    """Every ``Detector`` subclass defined in a module of ``govern.scan``, sorted by name."""
    for module in pkgutil.iter_modules(__path__):
        if module.name not in _NOT_DETECTORS and not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")
    found: dict[str, type[Detector]] = {}
    pending = list(Detector.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if getattr(cls, "name", None) and not getattr(cls, "__abstractmethods__", None):
            found[cls.name] = cls
    return [found[name] for name in sorted(found)]


def build_detectors(policy: Policy) -> list[Detector]:
    """Instances of every detector the policy switches on (expensive: build once per process)."""
    return [cls(policy) for cls in detector_classes() if cls.enabled(policy)]


class _ScanPackage(types.ModuleType):
    """``govern.scan`` is both this package and the API function ``govern.api.scan``.

    Importing ``govern.scan.engine`` binds the package to ``govern.scan``, which would hide the
    API function of the same name: calling the package calls the function.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from govern.api import scan

        return scan(*args, **kwargs)


sys.modules[__name__].__class__ = _ScanPackage
