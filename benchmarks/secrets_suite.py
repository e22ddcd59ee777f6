"""Secret-format suite: govern vs detect-secrets alone vs the breadth engine alone.

The suite comes from gitleaks' and trufflehog's public rules. ``extract`` reads their mirrors
(``config/gitleaks.toml``; ``pkg/detectors/*/*.go``) and writes only rule metadata (provider,
rule id, the secret's regex, keywords, source commit) to ``data/secrets_suite_rules.json``: no
example value is committed. ``run`` (the default) draws one value per rule from its regex with
a seeded ``rstr`` generator at run time, embeds it in ten contexts (shell export, .env, JSON,
YAML, notebook line, CLI flag, curl header, log line, prose, chat) and prints recall per provider
and per context for the three detector sets. A rule whose secret is a URL's password
(trufflehog's ftp, rabbitmq, redis and uri: ``amqp://user:<password>@host``) matches it only in
its URL, so its whole match (``match_regex``) is drawn as a URL a client parses (user and
password in RFC 3986 userinfo characters) and embedded; the password is the planted value.
A planted value counts as found when a SECRET hit covers at least half of it. False positives
are measured on gitleaks' own ``fps`` examples, read from its mirror at run time
(``--gitleaks-dir``): a false positive is an example with any SECRET hit.

    python benchmarks/secrets_suite.py extract --gitleaks-dir DIR --trufflehog-dir DIR
    python benchmarks/secrets_suite.py [--gitleaks-dir DIR] [--seed 7] [--providers]

DIR is a checkout or a bare git directory (as ``fetch`` leaves under /work/.mirror).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import string
import subprocess
import sys
import time
import tomllib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

RULES_FILE = Path(__file__).resolve().parent / "data" / "secrets_suite_rules.json"
MIRRORS = Path("/work/.mirror")
# The providers issue #15 names: always printed, whatever --providers says.
NAMED = (
    "huggingface",
    "databricks",
    "replicate",
    "groq",
    "xai",
    "openrouter",
    "langsmith",
    "deepseek",
    "perplexity",
    "aws",
    "cohere",
    "npm",
    "docker",
    "slack",
    "gitlab",
    "azure_openai",
    "twilio",
    "github",
    "curl",
    "jdbc",
    "jwt",
    "uri",
    "ftp",
    "gcp",
    "openai",
    "anthropic",
)
DEFAULT_GITLEAKS = MIRRORS / "gitleaks+gitleaks" / "repo"
DEFAULT_TRUFFLEHOG = MIRRORS / "trufflesecurity+trufflehog" / "repo"
_POSIX = {
    "[:alnum:]": "a-zA-Z0-9",
    "[:alpha:]": "a-zA-Z",
    "[:digit:]": "0-9",
    "[:xdigit:]": "0-9a-fA-F",
    "[:upper:]": "A-Z",
    "[:lower:]": "a-z",
    "[:punct:]": "!-/:-@\\[-`{-~",
    "[:space:]": "\\s",
    "[:word:]": "\\w",
}


# --- reading the mirrors ------------------------------------------------------------------------


class Mirror:
    """Files of a checkout or a bare git directory at its HEAD."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.bare = not (root / ".git").exists() and (root / "HEAD").is_file()

    def _git(self, *args: str) -> str:
        flag = ["--git-dir", str(self.root)] if self.bare else ["-C", str(self.root)]
        return subprocess.run(
            ["git", *flag, *args], check=True, capture_output=True, text=True
        ).stdout

    def commit(self) -> str:
        return self._git("rev-parse", "HEAD").strip()

    def files(self, prefix: str) -> list[str]:
        return self._git("ls-tree", "-r", "--name-only", "HEAD", prefix).split()

    def read(self, path: str) -> str:
        return self._git("show", f"HEAD:{path}")


def capture_group(regex: str, number: int = 1) -> str | None:
    """The source of capturing group ``number`` of ``regex`` (Go syntax), or None."""
    depth_starts: list[tuple[int, bool]] = []
    seen = 0
    i = 0
    in_class = False
    while i < len(regex):
        char = regex[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            in_class = char != "]" or regex[i - 1] == "["
        elif char == "[":
            in_class = True
            if regex.startswith("[^]", i) or regex.startswith("[]", i):
                i += 2
                continue
        elif char == "(":
            capturing = not regex.startswith("(?", i) or regex.startswith("(?P<", i)
            if capturing:
                seen += 1
            depth_starts.append((i, capturing and seen == number))
        elif char == ")" and depth_starts:
            start, wanted = depth_starts.pop()
            if wanted:
                inner = regex[start + 1 : i]
                return re.sub(r"^\?P<\w+>", "", inner)
        i += 1
    return None


def to_python(regex: str) -> str:
    for posix, plain in _POSIX.items():
        regex = regex.replace(posix, plain)
    return regex.replace(r"\z", r"\Z")


def _provider(rule_id: str) -> str:
    return re.split(r"[-_]", rule_id)[0].lower()


def gitleaks_rules(mirror: Mirror) -> list[dict[str, Any]]:
    config = tomllib.loads(mirror.read("config/gitleaks.toml"))
    rules = []
    for rule in config["rules"]:
        regex = rule.get("regex")
        if not regex:
            continue  # path-only rules
        group = capture_group(regex, int(rule.get("secretGroup", 1)) or 1) or regex
        keywords = [k for k in rule.get("keywords", []) if k]
        rules.append(
            {
                "source": "gitleaks",
                "rule_id": rule["id"],
                "provider": _provider(rule["id"]),
                "value_regex": to_python(group),
                "keywords": keywords,
                "keyword_anchored": _anchored(regex, group),
            }
        )
    return rules


def _anchored(regex: str, group: str) -> bool:
    """Whether the rule needs a keyword before the value (the value alone is generic)."""
    return not regex.lstrip("(?i)").lstrip("\\b").startswith(("(" + group, group))


_PAT = re.compile(
    r"(\w+)\s*=\s*regexp\.MustCompile\(\s*(detectors\.PrefixRegex\(\[\]string\{([^}]*)\}\)\s*\+\s*)?"
    r"`([^`]+)`\s*\)"
)
_KEYWORDS = re.compile(r"Keywords\(\)\s*\[\]string\s*\{\s*return\s*\[\]string\{([^}]*)\}")
_PREFERRED = ("keyPat", "tokenPat", "apiKeyPat", "secretPat", "keyPattern", "tokenPattern")


def trufflehog_rules(mirror: Mirror) -> list[dict[str, Any]]:
    by_detector: dict[str, list[str]] = defaultdict(list)
    for path in mirror.files("pkg/detectors/"):
        parts = path.split("/")
        if len(parts) == 4 and path.endswith(".go") and not path.endswith("_test.go"):
            by_detector[parts[2]].append(path)
    rules = []
    for name, paths in sorted(by_detector.items()):
        source = "\n".join(mirror.read(p) for p in paths)
        patterns = {m.group(1): m for m in _PAT.finditer(source)}
        chosen = next((patterns[v] for v in _PREFERRED if v in patterns), None)
        if chosen is None:
            continue
        literal = chosen.group(4)
        group = capture_group(literal) or literal.strip("\\b")
        in_url = _URL_PASSWORD.search(literal) is not None
        prefix_words = re.findall(r'"([^"]+)"', chosen.group(3) or "")
        keywords_match = _KEYWORDS.search(source)
        keywords = re.findall(r'"([^"]+)"', keywords_match.group(1)) if keywords_match else []
        rules.append(
            {
                "source": "trufflehog",
                "rule_id": name,
                "provider": name.lower(),
                "value_regex": to_python(group),
                "keywords": prefix_words or keywords,
                "keyword_anchored": bool(prefix_words),
                # The value is a URL's password: the rule matches it only in its URL.
                **({"match_regex": to_python(literal)} if in_url else {}),
            }
        )
    return rules


# ``scheme://user:(password)@``: ``://`` (``:\/\/`` in Go), then the first capturing group, then @.
_URL_PASSWORD = re.compile(r":(?:\\?/){2}.*:\((?!\?).*\)@")


def extract(gitleaks: Path, trufflehog: Path) -> None:
    """Write the rule metadata of both mirrors to ``RULES_FILE``."""
    gl, th = Mirror(gitleaks), Mirror(trufflehog)
    data = {
        "gitleaks": {"repository": "github.com/gitleaks/gitleaks", "commit": gl.commit()},
        "trufflehog": {
            "repository": "github.com/trufflesecurity/trufflehog",
            "commit": th.commit(),
        },
        "rules": gitleaks_rules(gl) + trufflehog_rules(th),
    }
    RULES_FILE.parent.mkdir(parents=True, exist_ok=True)
    RULES_FILE.write_text(json.dumps(data, indent=1) + "\n")
    print(f"{len(data['rules'])} rules -> {RULES_FILE}")


# --- the suite ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Case:
    provider: str
    rule: str
    context: str
    text: str
    start: int
    end: int


def _key_name(rule: dict[str, Any], value: str) -> str:
    words = [k for k in rule["keywords"] if re.fullmatch(r"[A-Za-z][A-Za-z0-9]+", k)]
    word = next((w for w in words if w.lower() not in value.lower()), rule["provider"])
    word = re.sub(r"[^A-Za-z0-9]", "", word) or "service"
    return f"{word}_url" if "match_regex" in rule else f"{word}_api_key"


CONTEXTS: dict[str, Callable[[str, str], str]] = {
    "shell": lambda k, v: f"export {k.upper()}={v}",
    "dotenv": lambda k, v: f"{k.upper()}={v}",
    "json": lambda k, v: json.dumps({"name": "prod", k: v}),
    "yaml": lambda k, v: f"credentials:\n  {k}: {v}\n  region: us-east-1",
    "notebook": lambda k, v: json.dumps(f'os.environ["{k.upper()}"] = "{v}"\n'),
    "cli": lambda k, v: f"python train.py --{k.replace('_', '-')} {v} --epochs 3",
    "curl": lambda k, v: f'curl -H "{k.replace("_", "-")}: {v}" https://api.example.net/v1',
    "log": lambda k, v: f"2024-05-01T12:00:03Z INFO client init {k}={v} retries=3",
    "prose": lambda k, v: f"The {k.replace('_', ' ')} for staging is {v} - rotate it monthly.",
    "chat": lambda k, v: json.dumps(
        {"role": "user", "content": f"my {k.replace('_', ' ')} is {v} but I get 401, why?"}
    ),
}


def draw(regex: str, rng: random.Random) -> str | None:
    """A value matching ``regex``, drawn by rstr with ``rng``; None if it cannot."""
    import rstr

    try:
        compiled = re.compile(regex)
        generator = rstr.Rstr(rng)
        for _ in range(20):
            value = generator.xeger(regex)
            # A value with whitespace or control characters is not one a line can hold.
            printable = value.isprintable() and not any(c.isspace() for c in value)
            if compiled.fullmatch(value) and len(value) >= 8 and printable:
                return value
    except (re.error, ValueError, IndexError, OverflowError):
        return None
    return None


# RFC 3986 userinfo characters (unreserved and sub-delims) that a URL's user and password are
# written in; not "%", whose escapes rstr does not draw, nor "$", which trufflehog takes for a
# variable at the start of a password.
_USERINFO = string.ascii_letters + string.digits + "-._~!&'()*+,;="


def draw_url(regex: str, rng: random.Random) -> tuple[str, int, int] | None:
    """A URL matching ``regex`` (``scheme://user:(password)@host...``) and its password's span,
    drawn by rstr with ``rng``; None if it cannot. Characters of the user and password that a
    URL cannot hold unescaped (rstr draws ``\\S`` from all of printable ASCII) are redrawn from
    the userinfo characters, and a "%" that starts no escape by a letter; the URL must still
    match ``regex``, with the same password, and parse with that password, as trufflehog checks
    before it reports one."""
    import rstr

    try:
        compiled = re.compile(regex)
        generator = rstr.Rstr(rng)
        for _ in range(20):
            drawn = generator.xeger(regex)
            match = compiled.fullmatch(drawn)
            if match is None or "://" not in drawn[: match.start(1)]:
                continue
            scheme = drawn.index("://") + 3
            user, password = (
                "".join(c if c in _USERINFO else rng.choice(_USERINFO) for c in part)
                for part in (drawn[scheme : match.start(1) - 1], match.group(1))
            )
            # A "%" must start an escape (%2F) for the URL to parse: else a letter.
            rest = re.sub(
                r"%(?![0-9A-Fa-f]{2})",
                lambda _: rng.choice(string.ascii_letters),
                drawn[match.end(1) :],
            )
            url = f"{drawn[:scheme]}{user}:{password}{rest}"
            again = compiled.fullmatch(url)
            if (
                again is not None
                and again.group(1) == password
                and len(password) >= 8
                and urlsplit(url).password == password
            ):
                return url, again.start(1), again.end(1)
    except (re.error, ValueError, IndexError, OverflowError):
        return None
    return None


def build_cases(rules: list[dict[str, Any]], seed: int) -> tuple[list[Case], list[str]]:
    """Every rule's drawn value in every context; the rules no value could be drawn for."""
    rng = random.Random(seed)
    cases: list[Case] = []
    skipped: list[str] = []
    for rule in rules:
        # The planted secret is value[inner[0]:inner[1]]: all of it, or a URL's password.
        value = draw(rule["value_regex"], rng)
        inner = (0, len(value or ""))
        if "match_regex" in rule:
            # Its own generator, so that every other rule draws what it drew before URLs were
            # drawn whole (figures of a seed stay comparable).
            url = draw_url(rule["match_regex"], random.Random(f"{seed}:{rule['rule_id']}"))
            value, inner = (url[0], url[1:]) if url else (None, (0, 0))
        if value is None:
            skipped.append(f"{rule['source']}:{rule['rule_id']}")
            continue
        key = _key_name(rule, value)
        for context, render in CONTEXTS.items():
            text = render(key, value)
            where = (
                text.find(json.dumps(value)[1:-1])
                if context in ("json", "chat", "notebook")
                else -1
            )
            escape = (lambda part: json.dumps(part)[1:-1]) if where >= 0 else (lambda part: part)
            start = (where if where >= 0 else text.find(value)) + len(escape(value[: inner[0]]))
            cases.append(
                Case(
                    rule["provider"],
                    f"{rule['source']}:{rule['rule_id']}",
                    context,
                    text,
                    start,
                    start + len(escape(value[inner[0] : inner[1]])),
                )
            )
    return cases, skipped


_FPS = re.compile(r"fps\s*:?=\s*(?:\[\]string\{|append\(fps,)(.*?)\n\t[})]", re.S)
_GO_STRING = re.compile(r'`([^`]*)`|"((?:[^"\\\n]|\\.)*)"')


def gitleaks_fps(mirror: Mirror) -> list[str]:
    """The literal ``fps`` examples of gitleaks' rule files (no generated ones)."""
    examples: list[str] = []
    for path in mirror.files("cmd/generate/config/rules/"):
        if not path.endswith(".go") or path.endswith("_test.go"):
            continue
        for block in _FPS.findall(mirror.read(path)):
            for line in block.splitlines():
                if "(" in line.split("//")[0] and "`" not in line:
                    continue  # generated by a function call, not a literal
                for raw, quoted in _GO_STRING.findall(line):
                    text = raw if raw else bytes(quoted, "utf-8").decode("unicode_escape", "ignore")
                    if text.strip():
                        examples.append(text)
    return examples


# --- running -------------------------------------------------------------------------------------


def engines() -> dict[str, Callable[[list[str]], list[list[Any]]]]:
    """The three detector sets, each a batch function texts -> secret hits per text."""
    from govern.policy import Policy
    from govern.scan.breadth import BreadthDetector
    from govern.scan.merge import resolve
    from govern.scan.secret_plugins import GovernPlugin
    from govern.scan.secrets import SecretsDetector

    policy = Policy(name="suite")
    own = [cls.__name__ for cls in GovernPlugin.__subclasses__()]
    ds_only = SecretsDetector(
        Policy.model_validate({"name": "suite", "secrets": {"disabled_plugins": own}})
    )
    full = SecretsDetector(policy)
    breadth = BreadthDetector(policy)

    def govern_all(texts: list[str]) -> list[list[Any]]:
        a, b = full.detect_many(texts), breadth.detect_many(texts)
        return [resolve(t, x + y)[0] for t, x, y in zip(texts, a, b, strict=True)]

    return {
        "govern": govern_all,
        "detect-secrets": ds_only.detect_many,
        "breadth": breadth.detect_many,
    }


def _found(hits: list[Any], case: Case) -> bool:
    need = (case.end - case.start) / 2
    return any(
        h.type == "SECRET" and min(h.end, case.end) - max(h.start, case.start) >= need for h in hits
    )


def run(args: argparse.Namespace) -> None:
    data = json.loads(RULES_FILE.read_text())
    cases, skipped = build_cases(data["rules"], args.seed)
    fps: list[str] = []
    gitleaks_dir = args.gitleaks_dir
    if gitleaks_dir is not None and Path(gitleaks_dir).exists():
        fps = gitleaks_fps(Mirror(Path(gitleaks_dir)))
    print(
        f"gitleaks {data['gitleaks']['commit'][:12]},"
        f" trufflehog {data['trufflehog']['commit'][:12]}"
        f": {len(data['rules'])} rules, {len(cases)} strings ({len(skipped)} rules without a"
        f" drawable value), {len(fps)} gitleaks fps examples"
    )
    texts = [c.text for c in cases]
    print(f"{sum(len(t) for t in texts) / 1e6:.2f} MB of text, seed {args.seed}")
    results: dict[str, list[bool]] = {}
    fp_rates: dict[str, float] = {}
    timing: dict[str, float] = {}
    for name, detect in engines().items():
        detect(["warm up: api_key = 'x'"])
        started = time.process_time()
        hits = detect(texts)
        timing[name] = time.process_time() - started
        results[name] = [_found(h, c) for h, c in zip(hits, cases, strict=True)]
        if fps:
            fp_hits = detect(fps)
            fp_rates[name] = sum(any(h.type == "SECRET" for h in hs) for hs in fp_hits) / len(fps)
    names = list(results)
    by_provider: dict[str, list[int]] = defaultdict(list)
    by_context: dict[str, list[int]] = defaultdict(list)
    for index, case in enumerate(cases):
        by_provider[case.provider].append(index)
        by_context[case.context].append(index)

    def recall(name: str, indices: list[int]) -> float:
        return sum(results[name][i] for i in indices) / len(indices)

    shown = sorted(p for p in by_provider if args.providers or p.startswith(NAMED))
    print(f"\n{'provider (strings)':28}" + "".join(f"{n:>16}" for n in names))
    for provider in shown:
        indices = by_provider[provider]
        label = f"{provider} ({len(indices)})"
        print(f"{label:28}" + "".join(f"{recall(n, indices):16.2f}" for n in names))
    print(f"\n{'context':28}" + "".join(f"{n:>16}" for n in names))
    for context, indices in by_context.items():
        print(f"{context:28}" + "".join(f"{recall(n, indices):16.3f}" for n in names))
    everything = list(range(len(cases)))
    print(f"{'overall recall':28}" + "".join(f"{recall(n, everything):16.3f}" for n in names))
    zero = {n: sorted(p for p, ix in by_provider.items() if recall(n, ix) == 0) for n in names}
    print(
        f"{'providers at 0 (of ' + str(len(by_provider)) + ')':28}"
        + "".join(f"{len(zero[n]):16d}" for n in names)
    )
    if fp_rates:
        print(f"{'fps flagged':28}" + "".join(f"{fp_rates[n]:16.3f}" for n in names))
    print(f"{'CPU seconds':28}" + "".join(f"{timing[n]:16.2f}" for n in names))
    print("\ngovern: recall target >= 0.95, no provider at 0, fps <= 0.05")
    if zero["govern"]:
        print("govern misses every string of: " + ", ".join(zero["govern"]))


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # rstr draws from sets of characters, whose order follows string hashing: fix it so a
        # seed gives the same suite in every run.
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="run", choices=["run", "extract"])
    parser.add_argument("--gitleaks-dir", type=Path, default=DEFAULT_GITLEAKS)
    parser.add_argument("--trufflehog-dir", type=Path, default=DEFAULT_TRUFFLEHOG)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--providers", action="store_true", help="print recall per provider")
    args = parser.parse_args()
    if args.command == "extract":
        extract(args.gitleaks_dir, args.trufflehog_dir)
    else:
        run(args)


if __name__ == "__main__":
    main()
