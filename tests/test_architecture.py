"""Dependencies point one way: the import graph of ``govern/`` has no cycle and no upward arrow.

The graph is read from the source with ``ast`` (nothing is imported): every ``import`` and
``from ... import`` counts, at module level, inside functions and under ``TYPE_CHECKING`` alike,
since a lazy import that dodges a cycle at run time is still a circle in the design. A name
imported from a package counts as an arrow to that submodule when one of that name exists,
else to the package's ``__init__``. The implicit import of a parent package is not an arrow.

ARCHITECTURE.md describes the same layers in words; a module added to ``govern/`` must be
placed in ``LAYERS`` below, which is the one place the rule is written down.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Mapping
from pathlib import Path

import pytest

GOVERN = Path(__file__).resolve().parent.parent / "govern"

# Bottom to top; a module may import its own layer or any layer below it, never one above.
# A module belongs to the layer of the longest entry that is its name or a package above it.
LAYERS: list[list[str]] = [
    # The floor: no knowledge of records, policies or any stage. The root package holds only
    # ``__version__`` and the lazy API facade (see ALLOWED).
    [
        "govern",
        "govern.errors",
        "govern.fields",
        "govern.hashing",
        "govern.io",
        "govern.progress",
        "govern.schema",
    ],
    # The shared types every stage reads or writes: Record, Finding, Policy and what stamps an
    # output. ``govern.policy`` composes each stage's policy section, so those section models
    # (and the pure tables they validate against) sit here although they live in their stage's
    # folder, next to the code that reads them.
    [
        "govern.records",
        "govern.findings",
        "govern.writers",
        "govern.policy",
        "govern.provenance",
        "govern.shards",
        "govern.stage",
        "govern.backup.policy",
        "govern.licenses.policy",
        "govern.licenses.ids",
        "govern.licenses.knowledge",
        "govern.retention.policy",
        "govern.signing.policy",
        "govern.splits.policy",
        "govern.splits.timing",
    ],
    # The stages, each owning its report model. They may use one another's functions (retention
    # archives through backup, the verified loader in ``artifacts`` reads signed manifests) as
    # long as no two import each other.
    [
        "govern.scan",
        "govern.licenses",
        "govern.splits",
        "govern.manifest",
        "govern.signing",
        "govern.backup",
        "govern.retention",
        "govern.artifacts",
        "govern.sample",
    ],
    # The trainer reads stage outputs through ``artifacts``; the review reads every report.
    ["govern.train"],
    ["govern.review"],
    # Who runs the work: schedules stage functions, never called by them.
    ["govern.engines"],
    ["govern.api"],
    # Entry points: the CLI and the DVC stages (``python -m govern.stages.NAME``), each a thin
    # shell that reads its arguments or params.yaml and calls the layers below.
    ["govern.cli", "govern.stages", "govern.__main__"],
]

# Arrows that break the rule on purpose, each with why. The test fails when one of them no
# longer exists, so this list cannot outlive its reason.
ALLOWED: dict[tuple[str, str], str] = {
    # ``govern.scan(...)`` and friends are the documented API. PEP 562 ``__getattr__`` in the
    # root package imports ``govern.api`` on first use so ``import govern`` (and every module
    # that reads ``__version__``) stays light: a facade at the top, not a floor dependency.
    ("govern", "govern.api"): "lazy public facade (PEP 562)",
    # ``govern.scan`` is both the detector package and the API function ``govern.api.scan``;
    # calling the package calls the function, imported only when called.
    ("govern.scan", "govern.api"): "callable package, lazy public facade",
}

# Circles and upward arrows found when this test was written, removed one commit at a time
# (issue #21); the test fails when one is gone but still listed, or a new one appears.
KNOWN_CYCLES: list[list[str]] = []
KNOWN_UPWARD: list[tuple[str, str]] = []


def module_files(package: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every ``.py`` under ``package`` (a package is its name)."""
    modules: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _imported_modules(module: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The modules of ``modules`` that ``module`` (at ``path``) imports, itself excluded."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([source] if source else [])])
            # ``from pkg import name``: an arrow to ``pkg.name`` when that is a module, else to
            # ``pkg`` itself, whose ``__init__`` defines or re-exports the name.
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                names.add(submodule if submodule in modules else source)
    found: set[str] = set()
    for name in names:
        while name and name not in modules:  # ``import pkg.mod.attr`` is pkg.mod; json is none
            name = name.rpartition(".")[0]
        if name:
            found.add(name)
    return found - {module}


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports (itself excluded)."""
    modules = module_files(package)
    return {module: _imported_modules(module, path, modules) for module, path in modules.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = itertools.count()
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = next(counter)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = next(counter)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return sorted(found)


def layer_of(module: str, layers: list[list[str]]) -> int | None:
    """The index of the layer whose longest entry is ``module`` or a package above it."""
    best: tuple[int, int] | None = None
    for number, entries in enumerate(layers):
        for entry in entries:
            if module == entry or module.startswith(entry + "."):
                if best is None or len(entry) > best[0]:
                    best = (len(entry), number)
    return None if best is None else best[1]


def upward_imports(graph: Mapping[str, set[str]], layers: list[list[str]]) -> list[tuple[str, str]]:
    """Every arrow from a module to one in a higher layer."""
    upward = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            below, above = layer_of(module, layers), layer_of(target, layers)
            if below is not None and above is not None and above > below:
                upward.append((module, target))
    return upward


def _without_allowed(graph: Mapping[str, set[str]]) -> dict[str, set[str]]:
    return {
        module: {target for target in targets if (module, target) not in ALLOWED}
        for module, targets in graph.items()
    }


@pytest.fixture(scope="module")
def govern_graph() -> dict[str, set[str]]:
    return import_graph(GOVERN)


def test_every_module_is_placed_in_a_layer(govern_graph: dict[str, set[str]]) -> None:
    unplaced = [module for module in govern_graph if layer_of(module, LAYERS) is None]
    assert unplaced == [], f"add these modules to LAYERS in {__file__}"


def test_the_import_graph_of_govern_has_no_cycle(govern_graph: dict[str, set[str]]) -> None:
    assert cycles(_without_allowed(govern_graph)) == KNOWN_CYCLES


def test_no_module_imports_a_layer_above_its_own(govern_graph: dict[str, set[str]]) -> None:
    assert upward_imports(_without_allowed(govern_graph), LAYERS) == KNOWN_UPWARD


def test_each_allowed_exception_still_exists(govern_graph: dict[str, set[str]]) -> None:
    stale = [edge for edge in ALLOWED if edge[1] not in govern_graph.get(edge[0], set())]
    assert stale == [], "remove these from ALLOWED: the import is gone"


# --- the checker itself, on small packages written for the purpose --------------------------


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


def test_a_function_level_import_closes_a_cycle(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            "low.py": "def late():\n    from pkg.high import thing\n    return thing\n",
            "high.py": "from pkg.low import late\nthing = 1\n",
            "side.py": "from pkg import low\n",
        },
    )
    graph = import_graph(package)
    assert graph["pkg.low"] == {"pkg.high"}
    assert graph["pkg.side"] == {"pkg.low"}  # a submodule import is no arrow to pkg/__init__
    assert cycles(graph) == [["pkg.high", "pkg.low"]]


def test_relative_and_type_checking_imports_count(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "VERSION = '1'\n",
            "sub/__init__.py": "from .leaf import x\n",
            "sub/leaf.py": (
                "from typing import TYPE_CHECKING\n"
                "from .. import VERSION\n"
                "if TYPE_CHECKING:\n"
                "    from ..top import y\n"
                "x = 1\n"
            ),
            "top.py": "import pkg.sub\ny = 2\n",
        },
    )
    graph = import_graph(package)
    assert graph["pkg.sub"] == {"pkg.sub.leaf"}
    assert graph["pkg.sub.leaf"] == {"pkg", "pkg.top"}
    assert graph["pkg.top"] == {"pkg.sub"}
    assert cycles(graph) == [["pkg.sub", "pkg.sub.leaf", "pkg.top"]]


def test_an_import_from_a_lower_layer_to_a_higher_one_is_reported(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            "floor.py": "import json\n",
            "stage/__init__.py": "",
            "stage/policy.py": "from pkg.floor import json\n",
            "stage/run.py": "from pkg.floor import json\nfrom pkg.stage.policy import json\n",
            "cli.py": "from pkg.stage.run import json\n",
        },
    )
    graph = import_graph(package)
    layers = [["pkg", "pkg.floor", "pkg.stage.policy"], ["pkg.stage"], ["pkg.cli"]]
    assert layer_of("pkg.stage.policy", layers) == 0  # the longest entry wins
    assert layer_of("pkg.stage.run", layers) == 1
    assert layer_of("pkgx", layers) is None  # a prefix of the name is not a package above it
    assert upward_imports(graph, layers) == []
    graph["pkg.stage.policy"].add("pkg.stage.run")
    graph["pkg.floor"].add("pkg.cli")
    assert upward_imports(graph, layers) == [
        ("pkg.floor", "pkg.cli"),
        ("pkg.stage.policy", "pkg.stage.run"),
    ]
    # floor -> cli -> stage.run -> floor, and stage.policy <-> stage.run through it
    assert cycles(graph) == [["pkg.cli", "pkg.floor", "pkg.stage.policy", "pkg.stage.run"]]
