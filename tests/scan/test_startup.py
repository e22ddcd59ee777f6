"""A pattern scan starts without the libraries it does not use (torch, transformers).

Run in a fresh interpreter each, as a user's ``govern scan`` is: which modules a command
imported is what decides its start-up time (seconds for torch), and that is asserted here
instead of a time.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HEAVY = {"torch", "transformers"}
# What a scan never runs: spaCy's command line (weasel, httpx, jinja2) and the signing and backup
# code behind the policy sections it reads (cryptography).
UNUSED_BY_A_SCAN = {"weasel", "httpx", "jinja2", "cryptography"}

RUN = """
import json, sys
from govern.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exit:
    code = exit.code
else:
    code = 0
print(json.dumps({"code": code, "modules": sorted({m.split(".")[0] for m in sys.modules})}))
"""


def govern(*argv: str, cwd: Path) -> dict[str, object]:
    """Run the CLI in a new interpreter; its exit code and the top-level modules it imported."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", RUN, *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def one_record(tmp_path: Path) -> Path:
    path = tmp_path / "one.jsonl"
    email = "jane.doe" + "@" + "example.com"
    path.write_text(json.dumps({"id": "1", "text": f"write to {email}"}) + "\n")
    return path


def python_output(code: str, *argv: str, cwd: Path | None = None) -> list[str]:
    """What ``python -c code argv...`` prints with this checkout importable, split in words."""
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=True,
    )
    return done.stdout.split()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_pattern_scan_imports_neither_torch_nor_transformers(
    tmp_path: Path, workers: str
) -> None:
    path = one_record(tmp_path)
    ran = govern(
        "--policy",
        str(REPO / "policies/default.yaml"),
        "scan",
        str(path),
        "--workers",
        workers,
        cwd=tmp_path,
    )
    assert ran["code"] == 1  # the email fails the scan: the scan really ran
    modules = set(ran["modules"])  # type: ignore[call-overload]
    assert {"presidio_analyzer", "hyperscan", "spacy"} <= modules
    assert modules.isdisjoint(HEAVY)
    assert modules.isdisjoint(UNUSED_BY_A_SCAN)


def test_help_imports_no_scanner(tmp_path: Path) -> None:
    ran = govern("--help", cwd=tmp_path)
    assert ran["code"] == 0
    modules = set(ran["modules"])  # type: ignore[call-overload]
    assert modules.isdisjoint({*HEAVY, "presidio_analyzer", "spacy", "detect_secrets"})


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="torch not installed")
def test_torch_still_imports_after_presidio() -> None:
    """The block is lifted once presidio is loaded: training code in the same process works."""
    code = (
        "import govern.scan._presidio, importlib.util, sys; "
        "assert 'torch' not in sys.modules; "
        "print(importlib.util.find_spec('torch') is not None)"
    )
    assert python_output(code) == ["True"]


def test_patterns_are_validated_again_once_presidio_is_loaded() -> None:
    """presidio's bundled patterns load unchecked; a presidio ``Pattern`` built later (a deny
    list's) is still compiled to check it, and the collector runs again after the imports."""
    code = (
        "import gc, govern.scan._presidio\n"
        "from presidio_analyzer import Pattern\n"
        "assert gc.isenabled()\n"
        "Pattern('fine', r'\\d{3}', 0.5)\n"
        "try:\n"
        "    Pattern('broken', '(unclosed', 0.5)\n"
        "except ValueError:\n"
        "    print('rejected')\n"
        "from presidio_analyzer.predefined_recognizers import UrlRecognizer\n"
        "[hit] = UrlRecognizer().analyze('see example.com now', ['URL'])\n"
        "print(hit.start, hit.end)\n"
    )
    assert python_output(code) == ["rejected", "4", "15"]


def test_spacy_command_line_still_works_after_presidio() -> None:
    """spaCy loads without its command line; ``spacy.info`` and ``import spacy.cli`` still give
    spaCy's own."""
    code = (
        "import sys, govern.scan._presidio, spacy\n"
        "print('spacy.cli' in sys.modules)\n"
        "print(spacy.info(silent=True)['spacy_version'] == spacy.__version__)\n"
        "import spacy.cli\n"
        "from spacy.cli import app, info\n"
        "print(info.__module__, callable(app))\n"
    )
    assert python_output(code) == ["False", "True", "spacy.cli.info", "True"]


def test_main_in_process_leaves_the_collector_as_it_was(tmp_path: Path) -> None:
    """``main`` collects less often while a command runs, and puts the thresholds back."""
    code = (
        "import gc, sys\n"
        "from govern.cli import main\n"
        "gc.set_threshold(900, 11, 12)\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "except SystemExit as exit:\n"
        "    print(exit.code)\n"
        "print(*gc.get_threshold())\n"
    )
    policy = str(REPO / "policies/default.yaml")
    argv = ("--policy", policy, "scan", str(one_record(tmp_path)))
    printed = python_output(code, *argv, cwd=tmp_path)
    assert printed[-4:] == ["1", "900", "11", "12"]  # after the scan's summary


LEXICON_READ = """
import contextlib, io, json, sys
from govern.cli import main
from govern.scan import lexicon
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
found = sorted({finding["type"] for finding in json.loads(out.getvalue())["findings"]})
print(lexicon.census_names.cache_info().currsize, lexicon.world_names.cache_info().currsize)
print(*found)
"""


@pytest.mark.parametrize(
    ("text", "read", "found"),
    [
        # no word that may be a name: the ~130,000 names are never read
        ("hello there, call me at 212-555-0147", ["0", "0"], ["PHONE_NUMBER"]),
        ("call me at 212-555-0147 or later", ["0", "0"], ["PHONE_NUMBER"]),
        # a name: read on first need, and still found
        ("ask Thanh Tran, 212-555-0147", ["1", "1"], ["PERSON", "PHONE_NUMBER"]),
        ("hello ngozi, see you", ["1", "1"], ["PERSON"]),  # in the world lexicon only
    ],
)
def test_the_name_lexicons_are_read_only_for_a_text_that_may_hold_a_name(
    tmp_path: Path, text: str, read: list[str], found: list[str]
) -> None:
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps({"id": "1", "text": text}) + "\n")
    policy = str(REPO / "policies/default.yaml")
    argv = ("--policy", policy, "scan", str(path), "--json")
    printed = python_output(LEXICON_READ, *argv, cwd=tmp_path)
    assert printed[:2] == read
    assert printed[2:] == found


def test_the_fast_lexicon_reader_reads_kinds_and_refuses_a_malformed_line(tmp_path: Path) -> None:
    from govern.scan.lexicon import _read

    path = tmp_path / "names.txt.gz"
    lines = "# header\n# second header line\nada\tf\nboth\tfl\nsmith\tl\nzed\tlf\n"
    path.write_bytes(gzip.compress(lines.encode()))
    lexicon = _read(path)
    assert list(lexicon.first) == ["ada", "both", "zed"]
    assert list(lexicon.last) == ["both", "smith", "zed"]
    assert "#" not in lexicon.first and "header" not in lexicon.last
    path.write_bytes(gzip.compress((lines + "van der berg\tl\n").encode()))
    with pytest.raises(ValueError, match="name<TAB>kinds"):
        _read(path)


def test_every_pattern_of_the_default_policy_compiles_before_a_text_is_read() -> None:
    """govern's own ``Pattern`` skips presidio's throw-away compile when built (~0.19 CPU-s at
    every start); ``warm_up``, which a scan runs before it reads a text, compiles each one with
    its recognizer's flags instead."""
    from govern.policy import load_policy
    from govern.scan._presidio import Pattern, PatternRecognizer
    from govern.scan.pii import PresidioDetector

    detector = PresidioDetector(load_policy(REPO / "policies" / "default.yaml").policy)
    detector.warm_up()
    patterns = []
    for recognizer in detector.analyzer.registry.recognizers:
        if isinstance(recognizer, PatternRecognizer):
            own: list[Pattern] = recognizer.patterns  # type: ignore[has-type]  # inferred late
            patterns += [(recognizer.global_regex_flags, pattern) for pattern in own]
    assert len(patterns) > 150  # govern's identifier, date, login and name rules, presidio's own
    for flags, pattern in patterns:
        assert pattern.compiled_regex is not None, pattern.name
        assert pattern.compiled_with_flags == flags, pattern.name


def test_a_broken_govern_pattern_fails_at_warm_up_and_a_bad_score_when_built() -> None:
    import regex

    from govern.policy import Policy
    from govern.scan._presidio import Pattern, PatternRecognizer
    from govern.scan.pii import PresidioDetector

    broken = Pattern("broken", "(unclosed", 0.5)  # built: nothing compiled yet
    assert broken.compiled_regex is None
    with pytest.raises(ValueError, match="score"):
        Pattern("score", r"\d+", 1.5)
    detector = PresidioDetector(Policy(name="test"))
    detector.analyzer.registry.add_recognizer(
        PatternRecognizer(supported_entity="BROKEN", patterns=[broken])
    )
    with pytest.raises(regex.error):
        detector.warm_up()
