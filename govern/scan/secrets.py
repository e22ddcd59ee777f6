"""Secrets in text: detect-secrets' plugins and heuristic filters behind a lossless prefilter.

detect-secrets is configured through its own settings (``transient_settings`` with an explicit
``plugins_used`` list, govern's plugins from ``secret_plugins.py`` included by ``path``, and an
explicit ``filters_used``). Its line API costs microseconds per plugin per line, so each plugin
has *triggers*: literal-led regexes searched in the lower-cased field, which any line the plugin
can match must match. A plugin only sees the lines its triggers hit. detect-secrets decides
*whether* a value is a secret; govern finds *where*, by re-running the plugin's own patterns.

Triggers are searched over a whole chunk of fields joined (``Joined``), not field by field.
They are not one Hyperscan regex database: this build of Vectorscan misses matches of some
patterns when others share their database (KeywordDetector's comparison trigger next to the AWS
key-id ones, on ``0123456789abcdef==pass``), and a missed trigger is a missed secret. Literals
are searched with Hyperscan's literal mode (``batch._LiteralSearch``), regexes with ``re``.

Entropy plugins stay off: on chat text they flag every long word. A hex value counts only next to
a secret keyword (KeywordDetector, W&B's key name) unless ``hex_needs_keyword`` is false, which
switches on HexHighEntropyString for quoted hex strings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from detect_secrets.core.plugins.initialize import from_file
from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
from detect_secrets.plugins.base import BasePlugin, RegexBasedDetector
from detect_secrets.settings import get_filters, get_plugins, transient_settings

from govern.errors import PolicyError
from govern.policy import Policy, SecretsPolicy
from govern.scan import secret_plugins
from govern.scan.base import Detector, Hit
from govern.scan.batch import Joined
from govern.scan.secret_plugins import BUILTIN_SPECS, GovernPlugin, PluginSpec

# On only when the policy lets hex count without a keyword. Base64HighEntropyString (floods chat
# text) and IPPublicDetector (an address is PII, the PII scanner's job) are never on.
_HEX_ONLY_PLUGINS = frozenset({"HexHighEntropyString"})
_AWS_KEY_ID = re.compile(r"(?:A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA)[0-9A-Z]{16}")
_FILTERS = (
    "detect_secrets.filters.heuristic.is_sequential_string",
    "detect_secrets.filters.heuristic.is_likely_id_string",
    "detect_secrets.filters.heuristic.is_templated_secret",
    "detect_secrets.filters.heuristic.is_prefixed_with_dollar_sign",
    "detect_secrets.filters.heuristic.is_indirect_reference",
    "detect_secrets.filters.heuristic.is_not_alphanumeric_string",
)  # not is_potential_uuid: a UUID assigned to api_key is a key; not is_line_allowlisted: a
# "pragma: allowlist secret" comment inside training data must not hide what it sits next to.
# Placeholders and documented example keys are dropped, and counted, by govern.scan.merge.
_FILTER_INPUTS = frozenset({"secret", "line", "plugin"})
_FILENAME = "record"  # no extension: KeywordDetector then requires quoted values
_PLUGIN_FILE = Path(secret_plugins.__file__).resolve()
# re.IGNORECASE matches these to ASCII letters although str.lower() does not map them there.
_FOLDS = (("\u0130", "i"), ("\u0131", "i"), ("\u017f", "s"))
_REGEX_SYNTAX = frozenset("\\.^$*+?{}[]|()")


@dataclass(frozen=True, slots=True)
class _Plugin:
    """One enabled plugin: the configured detect-secrets instance and how to report its hits."""

    name: str
    instance: BasePlugin
    detector: str
    spec: PluginSpec
    triggers: tuple[re.Pattern[str], ...]
    whole_text: bool


def _custom_plugins() -> dict[str, type[GovernPlugin]]:
    return {cls.__name__: cls for cls in GovernPlugin.__subclasses__()}


def _fold(text: str) -> str:
    """``text`` lower-cased character for character, as ``re.IGNORECASE`` compares letters."""
    if text.isascii():
        return text.lower()
    for special, plain in _FOLDS:
        if special in text:
            text = text.replace(special, plain)
    return text.lower()


def _load(policy: SecretsPolicy) -> tuple[list[_Plugin], list[_Filter], list[_Filter]]:
    """The enabled plugins, secret-level filters and line-level filters under ``policy``."""
    custom = _custom_plugins()
    unknown = set(policy.disabled_plugins) - set(BUILTIN_SPECS) - set(custom)
    if unknown:
        raise PolicyError(f"secrets.disabled_plugins: unknown plugin(s) {sorted(unknown)}")
    names = [
        name
        for name in (*BUILTIN_SPECS, *custom)
        if name not in policy.disabled_plugins
        and (name not in _HEX_ONLY_PLUGINS or not policy.hex_needs_keyword)
    ]
    # detect-secrets' supported way to add plugins from a file (its CLI's --plugin): register the
    # classes, then name them with their path in plugins_used.
    registered: set[str] = set(get_mapping_from_secret_type_to_class())
    if any(str(cls.secret_type) not in registered for cls in custom.values()):
        from_file(str(_PLUGIN_FILE))
    config = {
        "plugins_used": [
            {"name": name, "path": f"file://{_PLUGIN_FILE}"} if name in custom else {"name": name}
            for name in names
        ],
        "filters_used": [{"path": path} for path in _FILTERS],
    }
    with transient_settings(config):
        instances = {type(plugin).__name__: plugin for plugin in get_plugins()}
        filters = list(get_filters())
    plugins = []
    for name in names:
        if name in custom:
            cls = custom[name]
            spec = PluginSpec(cls.subtype, cls.triggers, score=cls.score)
            label, whole_text = f"govern:{name}", cls.whole_text
        else:
            spec, label, whole_text = BUILTIN_SPECS[name], f"detect-secrets:{name}", False
        triggers = tuple(re.compile(source) for source in spec.triggers)
        plugins.append(_Plugin(name, instances[name], label, spec, triggers, whole_text))
    usable = [f for f in filters if f.injectable_variables <= _FILTER_INPUTS]
    secret_filters = [_Filter(f) for f in usable if "secret" in f.injectable_variables]
    line_filters = [_Filter(f) for f in usable if "secret" not in f.injectable_variables]
    return plugins, secret_filters, line_filters


class _Filter:
    """A detect-secrets filter called with the arguments it names (what
    ``call_function_with_arguments`` works out on every call), or its linear-time twin."""

    def __init__(self, function: Any) -> None:
        self.name: str = function.__name__
        self._function = _SAME_AS.get(self.name, function)
        self._wanted = tuple(sorted(function.injectable_variables))
        self._only = self._wanted[0] if len(self._wanted) == 1 else None

    def __call__(self, secret: str | None = None, line: str = "", plugin: Any = None) -> bool:
        if self._only == "secret":  # most filters: one call, no argument dictionary
            return bool(self._function(secret=secret))
        given = {"secret": secret, "line": line, "plugin": plugin}
        return bool(self._function(**{name: given[name] for name in self._wanted}))


# detect-secrets' is_indirect_reference searches
# ``([^\v=!:]*)\s*(:=?|[!=]{1,3})\s*([\w.-]+[\[\(][^\v]*[\]\)])``: from every start, the first
# group runs to the next operator, quadratic in the line (milliseconds on a 500-character chat
# line). The first group may be empty and every operator ends in one of ``:!=``, so a match
# exists exactly where one of those is followed by the rest.
_INDIRECT_REFERENCE = re.compile(r"[:!=]\s*[\w.-]+[\[\(][^\v]*[\]\)]")


def _is_indirect_reference(line: str) -> bool:
    """``detect_secrets.filters.heuristic.is_indirect_reference``, in linear time."""
    return len(line) <= 1000 and _INDIRECT_REFERENCE.search(line) is not None


_SAME_AS = {"is_indirect_reference": _is_indirect_reference}


class SecretsDetector(Detector):
    """API keys, tokens, passwords and private keys, via detect-secrets and govern's plugins."""

    name = "detect-secrets"
    section = "secrets"

    def __init__(self, policy: Policy, *, prefilter: bool = True) -> None:
        super().__init__(policy)
        # prefilter=False runs every plugin on every line: the reference the tests compare with.
        self._prefilter = prefilter
        self._plugins, self._secret_filters, self._line_filters = _load(policy.secrets)
        # For plugins whose values may be all digits (GovernPlugin.digits_allowed).
        self._digit_filters = [
            f for f in self._secret_filters if f.name != "is_not_alphanumeric_string"
        ]
        # Most fields hold nothing, so the ~80 trigger tests per field are the hot loop. They
        # run over a whole chunk of fields at once (``Joined``): a plain literal is a substring
        # search (memchr-fast); a regex led by a literal of 3+ characters runs only on the fields
        # holding that literal; any other regex is one pass over the chunk. A single regex union
        # of all triggers ran at 6.6 MB/s against 11 for separate ones on chat text: CPython's
        # re has no multi-literal search, so a union tries every alternative at every position.
        plugin_names: dict[str, list[str]] = {}
        for p in self._plugins:
            for t in p.triggers:
                plugin_names.setdefault(t.pattern, []).append(p.name)
        self._triggers = [
            (
                None if prefix == source else re.compile(source),
                frozenset(names),
                _required_literals(source, prefix),
            )
            for source, names in plugin_names.items()
            for prefix in [_literal_prefix(source)]
        ]

    def detect(self, text: str) -> list[Hit]:
        """Every secret in ``text``: sorted by start, one hit per span, offsets into ``text``."""
        return self.detect_many([text])[0]

    def detect_many(self, texts: Sequence[str]) -> list[list[Hit]]:
        """``detect`` on each text; the triggers search all of them at once."""
        if not self._prefilter:
            return [
                _dedupe([hit for p in self._plugins for hit in self._run(p, text, None)])
                for text in texts
            ]
        found: list[list[Hit]] = [[] for _ in texts]
        for index, names in self._triggered(texts).items():
            found[index] = self._detect_triggered(texts[index], _fold(texts[index]), names)
        return found

    def _triggered(self, texts: Sequence[str]) -> dict[int, set[str]]:
        """The texts (by index) that hold a trigger, with the plugins their triggers name.
        Most texts hold none: nothing is built for them."""
        triggered: dict[int, set[str]] = {}
        if not texts:
            return triggered
        folded = [_fold(text) for text in texts]
        joined = Joined(folded)
        containing: dict[str, set[int]] = {}  # several triggers share a literal
        for regex, plugins, literals in self._triggers:
            candidates: Iterable[int] = range(len(folded))
            if literals:  # every match holds one of these
                candidates = set()
                for literal in literals:
                    if literal not in containing:
                        containing[literal] = joined.texts_containing(literal)
                    candidates |= containing[literal]
            if regex is None:
                hit = set(candidates)
            elif literals or not _joinable(regex.pattern):
                hit = {i for i in candidates if regex.search(folded[i])}
            else:
                hit = joined.texts_matching(regex)
            for position in hit:
                triggered.setdefault(position, set()).update(plugins)
        return triggered

    def _detect_triggered(self, text: str, folded: str, triggered: set[str]) -> list[Hit]:
        hits: list[Hit] = []
        for plugin in self._plugins:
            if plugin.name in triggered:
                starts = None if plugin.whole_text else _candidate_lines(plugin, text, folded)
                hits.extend(self._run(plugin, text, starts))
        return _dedupe(hits)

    def coverage(self) -> dict[str, list[str]]:
        """Secret subtypes the enabled plugins report, and those ``disabled_plugins`` switched off.

        ``hex_high_entropy`` (a hex string with no keyword near it) is asked for only by
        ``hex_needs_keyword: false``: under ``true`` the policy counts hex values next to a
        keyword, which the keyword plugins report, so it is no gap to list as not covered.
        """
        covered = {p.spec.subtype for p in self._plugins}
        if "AWSKeyDetector" in {p.name for p in self._plugins}:
            covered.add("aws_secret_key")
        wanted = {
            spec.subtype
            for name, spec in BUILTIN_SPECS.items()
            if name not in _HEX_ONLY_PLUGINS or not self.policy.secrets.hex_needs_keyword
        }
        wanted |= {cls.subtype for cls in _custom_plugins().values()}
        return {"covered": sorted(covered), "not_covered": sorted(wanted - covered)}

    def _run(self, plugin: _Plugin, text: str, starts: list[int] | None) -> list[Hit]:
        """One plugin's hits: in the whole text, or line by line (only at ``starts`` if given)."""
        if plugin.whole_text:
            return self._scan(plugin, text, 0)
        return [hit for at, line in _lines(text, starts) for hit in self._scan(plugin, line, at)]

    def _scan(self, plugin: _Plugin, line: str, offset: int) -> list[Hit]:
        """Hits of one plugin in one line (or whole text), after detect-secrets' filters."""
        found = _values(plugin.instance, line)
        # Line filters after the plugin: they cost more than its patterns.
        if not found or (plugin.spec.heuristic and any(f(line=line) for f in self._line_filters)):
            return []
        digits_allowed = getattr(plugin.instance, "digits_allowed", False)
        filters = self._digit_filters if digits_allowed else self._secret_filters
        values = {
            value for value in found if not any(f(value, line, plugin.instance) for f in filters)
        }
        return [
            Hit(offset + start, offset + end, "SECRET", plugin.detector, plugin.spec.score, subtype)
            for start, end, subtype in _spans(plugin, line, values)
        ]


def _values(plugin: BasePlugin, line: str) -> set[str]:
    """The secret values ``plugin.analyze_line`` would report in ``line``.

    A pattern plugin's ``analyze_line`` wraps each value of ``analyze_string`` in a
    ``PotentialSecret`` (a SHA-1 of it and a settings lookup each): govern keeps only the value.
    KeywordDetector and the entropy plugins choose their patterns in ``analyze_line``.
    """
    if isinstance(plugin, RegexBasedDetector):
        return {value for value in plugin.analyze_string(line) if value is not None}
    found = plugin.analyze_line(filename=_FILENAME, line=line, line_number=0)
    return {s.secret_value for s in found if s.secret_value is not None}


def _joinable(source: str) -> bool:
    """Whether ``Joined`` searches the regex ``source`` exactly (no anchors or lookaround)."""
    return not any(token in source for token in ("(?<", "(?=", "(?!", "^", "$", "\\A", "\\Z"))


# Triggers led by a character class, with the literals that class pair allows: KeywordDetector's
# comparison form ("key != 'x'", "pass == ..."). One pass over a chunk per class would cost as
# much as all literal triggers together.
_CLASS_LED = {"[!=][!=]": ("!=", "==", "=!", "!!")}


def _required_literals(source: str, prefix: str) -> tuple[str, ...]:
    """Literals one of which every match of the regex ``source`` contains ((): unknown).

    The literal prefix if it is 3+ characters long or all of ``source`` (a shorter one is too
    common in text to narrow much: the regex itself is then one pass over the chunk).
    """
    if len(prefix) >= 3 or prefix == source:
        return (prefix,)
    for lead, literals in _CLASS_LED.items():
        if source.startswith(lead):
            return literals
    return ()


def _literal_prefix(source: str) -> str:
    """The literal text that starts every match of the regex ``source`` ("" if unsure)."""
    if _alternatives_at_top(source):
        return ""
    end = 0
    while end < len(source) and source[end] not in _REGEX_SYNTAX:
        end += 1
    if end < len(source) and source[end] in "*?{":
        end -= 1  # the quantifier makes the last character optional
    return source[: max(end, 0)]


def _alternatives_at_top(source: str) -> bool:
    """Whether the regex ``source`` has a ``|`` outside every group and class."""
    depth, in_class, escaped = 0, False, False
    for char in source:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "|" and depth == 0:
            return True
    return False


def _candidate_lines(plugin: _Plugin, text: str, folded: str) -> list[int]:
    """Start offsets of the lines where one of the plugin's triggers matches."""
    starts: set[int] = set()
    for trigger in plugin.triggers:
        match = trigger.search(folded)
        while match:
            starts.add(text.rfind("\n", 0, match.start()) + 1)
            end = text.find("\n", match.start())
            if end == -1:
                break
            match = trigger.search(folded, end + 1)
    return sorted(starts)


def _lines(text: str, starts: list[int] | None) -> Iterator[tuple[int, str]]:
    """(offset, line without trailing blanks) for the lines at ``starts``, or for every line."""
    if starts is None:
        offset = 0
        for line in text.split("\n"):
            yield offset, line.rstrip()
            offset += len(line) + 1
        return
    for start in starts:
        end = text.find("\n", start)
        yield start, text[start : len(text) if end == -1 else end].rstrip()


def _spans(plugin: _Plugin, line: str, values: set[str]) -> Iterator[tuple[int, int, str]]:
    """Where the accepted ``values`` sit in ``line``: re-run the plugin's own patterns."""
    if not values:
        return
    spec = plugin.spec
    if not isinstance(plugin.instance, RegexBasedDetector):
        # KeywordDetector and entropy plugins: their value may recur; every copy leaks it.
        for value in values:
            start = line.find(value)
            while start != -1:
                yield start, start + len(value), spec.subtype
                start = line.find(value, start + len(value))
        return
    for regex in plugin.instance.denylist:
        for match in regex.finditer(line):
            # Mirrors RegexBasedDetector.analyze_string: findall yields each non-empty group.
            for group in range(1, regex.groups + 1) if regex.groups else (0,):
                piece = match.group(group)
                if not piece or piece not in values:
                    continue
                start, end = match.span(0 if spec.whole_match else group)
                yield (*_adjust(spec, line, start, end), _subtype(plugin, piece))


def _adjust(spec: PluginSpec, line: str, start: int, end: int) -> tuple[int, int]:
    """Trim what a built-in's pattern matches beside the secret, or widen to its marker."""
    if spec.drop_prefix and line.startswith(spec.drop_prefix, start):
        start += len(spec.drop_prefix)
    while spec.strip and start < end and (line[start] in spec.strip or line[start].isspace()):
        start += 1
    while spec.strip and end > start and (line[end - 1] in spec.strip or line[end - 1].isspace()):
        end -= 1
    while spec.widen and start > 0 and line[start - 1] in spec.widen:
        start -= 1
    while spec.widen and end < len(line) and line[end] in spec.widen:
        end += 1
    while spec.tail and end < len(line) and line[end] in spec.tail:
        end += 1
    return start, end


def _subtype(plugin: _Plugin, piece: str) -> str:
    # AWSKeyDetector reports key ids and secret access keys under one secret_type.
    if plugin.name == "AWSKeyDetector" and not _AWS_KEY_ID.fullmatch(piece):
        return "aws_secret_key"
    return plugin.spec.subtype


def _rank(hit: Hit) -> tuple[float, bool]:
    # Same span from two plugins: the surer one, then govern's (its subtype is the specific one).
    return hit.score, hit.detector.startswith("govern:")


def _dedupe(hits: list[Hit]) -> list[Hit]:
    """One hit per span, the best-ranked; a hit inside a longer hit is dropped."""
    best: dict[tuple[int, int], Hit] = {}
    for hit in hits:
        kept = best.get((hit.start, hit.end))
        if kept is None or _rank(hit) > _rank(kept):
            best[(hit.start, hit.end)] = hit
    result: list[Hit] = []
    reach = -1
    for hit in sorted(best.values(), key=lambda h: (h.start, -h.end)):
        if hit.end <= reach:
            continue  # e.g. the PEM header line inside the whole PEM block
        result.append(hit)
        reach = hit.end
    return result
