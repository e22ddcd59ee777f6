"""detect-secrets plugins for credentials that matter in ML work and that detect-secrets lacks.

Each class is a plain ``RegexBasedDetector`` (``secret_type`` + ``denylist``), loaded through
detect-secrets' own custom-plugin mechanism (``plugins_used: [{name, path: file://...}]``), plus
what govern needs beside the pattern: the ``subtype`` it reports, its ``score``, and cheap
``triggers``. Triggers are searched in the lower-cased text and are together a *necessary*
condition: wherever a denylist pattern matches, a trigger matches in that line (in the text,
for ``whole_text`` plugins), so the scanner skips every other line and loses nothing. Each
should start with a literal, which CPython's ``re`` finds at memchr speed. A denylist pattern
has at most one capturing group, the secret; without one, the whole match is the secret.
"""

# No `from __future__ import annotations`: detect-secrets executes this file outside sys.modules
# (import_file_as_module), where @dataclass cannot resolve string annotations.
import re
from dataclasses import dataclass
from typing import ClassVar

from detect_secrets.plugins.base import RegexBasedDetector

# Characters that may continue a token; a match must not be a slice of a longer token.
_TOKEN_CHARS = r"A-Za-z0-9_\-"


@dataclass(frozen=True, slots=True)
class PluginSpec:
    """What govern adds to a plugin: how to prefilter for it and how to report its hits."""

    subtype: str
    triggers: tuple[str, ...]  # lower-case regexes; a line the plugin matches matches one
    score: float = 1.0
    heuristic: bool = False  # keyword-only guess: detect-secrets' line filters apply
    whole_match: bool = False  # findall yields only the token's prefix group: report the match
    strip: str = ""  # delimiters (besides whitespace) the pattern matches around the secret
    drop_prefix: str = ""  # key name the pattern includes in the secret
    widen: str = ""  # characters around the yielded marker that belong to it
    tail: str = ""  # characters after the yielded value that belong to it


class GovernPlugin(RegexBasedDetector):
    """Base of govern's plugins; abstract ``secret_type`` keeps detect-secrets from loading it."""

    # Subclasses annotate ``secret_type: ClassVar[str]``: a bare ``secret_type = "..."`` is what
    # KeywordDetector reports, and this file should pass a secrets scan.

    subtype: ClassVar[str]
    triggers: ClassVar[tuple[str, ...]]  # regex sources, searched in the lower-cased text
    score: ClassVar[float] = 1.0
    # Whole-text plugins see the full field at once: their secrets span lines.
    whole_text: ClassVar[bool] = False


class HuggingFaceTokenDetector(GovernPlugin):
    """Hugging Face user access tokens: ``hf_`` and 34 letters."""

    secret_type: ClassVar[str] = "Hugging Face Token"
    subtype = "huggingface"
    triggers = ("hf_",)
    denylist = (re.compile(r"(?<![A-Za-z0-9_])hf_[A-Za-z]{34}(?![A-Za-z0-9_])"),)


class OpenAIKeyDetector(GovernPlugin):
    """OpenAI project, service-account and admin keys, and the older ``sk-`` + 48 form."""

    secret_type: ClassVar[str] = "OpenAI API Key"
    subtype = "openai"
    triggers = ("sk-",)
    denylist = (
        re.compile(rf"(?<![{_TOKEN_CHARS}])sk-(?:proj|svcacct|admin)-[{_TOKEN_CHARS}]{{40,}}"),
        re.compile(rf"(?<![{_TOKEN_CHARS}])sk-[A-Za-z0-9]{{48}}(?![{_TOKEN_CHARS}])"),
    )


class AnthropicKeyDetector(GovernPlugin):
    """Anthropic API, admin and OAuth keys (``sk-ant-api03-...``)."""

    secret_type: ClassVar[str] = "Anthropic API Key"
    subtype = "anthropic"
    triggers = ("sk-ant-",)
    denylist = (
        re.compile(rf"(?<![{_TOKEN_CHARS}])sk-ant-(?:api|admin|oat)\d\d-[{_TOKEN_CHARS}]{{80,}}"),
    )


class GitHubFineGrainedTokenDetector(GovernPlugin):
    """Fine-grained GitHub tokens; detect-secrets only knows ghp_/gho_/ghu_/ghs_/ghr_."""

    secret_type: ClassVar[str] = "GitHub Fine-Grained Token"
    subtype = "github"
    triggers = ("github_pat_",)
    denylist = (re.compile(r"(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{82}(?![A-Za-z0-9_])"),)


class GoogleApiKeyDetector(GovernPlugin):
    """Google Cloud / Gemini API keys: ``AIza`` and 35 characters."""

    secret_type: ClassVar[str] = "Google API Key"
    subtype = "google_api_key"
    triggers = ("aiza",)
    denylist = (
        re.compile(rf"(?<![{_TOKEN_CHARS}])AIza[{_TOKEN_CHARS}]{{35}}(?![{_TOKEN_CHARS}])"),
    )


class WandbKeyDetector(GovernPlugin):
    """Weights & Biases API keys: 40 hex digits, only shortly after ``wandb``/``WANDB_API_KEY``."""

    # Without the keyword a W&B key is indistinguishable from a git commit id.
    secret_type: ClassVar[str] = "Weights and Biases API Key"
    subtype = "wandb"
    score = 0.9
    triggers = ("wandb",)
    denylist = (re.compile(r"(?i)wandb[^\n]{0,40}?(?<![0-9a-z])([0-9a-f]{40})(?![0-9a-z])"),)


class AWSSecretKeyDetector(GovernPlugin):
    """AWS secret access keys after their key name, quoted or not (detect-secrets needs quotes)."""

    secret_type: ClassVar[str] = "AWS Secret Access Key"
    subtype = "aws_secret_key"
    triggers = (r"secret[_-]?access",)
    denylist = (
        re.compile(
            r"(?i)(?<![a-z0-9])(?:aws[_-]?)?secret[_-]?access[_-]?key[\"']?\s*[:=]\s*[\"']?"
            r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
        ),
    )


class DatabaseUrlPasswordDetector(GovernPlugin):
    """The password in database and broker URLs (``postgres://user:<password>@host``)."""

    # detect-secrets' BasicAuthDetector needs a non-empty user, so it misses redis://:pw@host.
    secret_type: ClassVar[str] = "Password in Connection URL"
    subtype = "password_in_url"
    triggers = ("://",)
    denylist = (
        re.compile(
            r"(?i)\b(?:postgres(?:ql)?|mysql|mariadb|mssql|sqlserver|oracle|cockroachdb|"
            r"clickhouse|mongodb(?:\+srv)?|rediss?|amqps?)(?:\+[a-z0-9]+)?://"
            r"[^\s:/@]*:([^\s/@]+)@"
        ),
    )


class ConnectionStringPasswordDetector(GovernPlugin):
    """``Password=...;`` in ADO.NET / ODBC style connection strings."""

    secret_type: ClassVar[str] = "Password in Connection String"
    subtype = "password_in_connection_string"
    score = 0.9
    triggers = (r"password\s*=", r"pwd\s*=")
    denylist = (
        # The ';' terminator, or a ';' before the key, is what tells a connection string apart
        # from prose such as "password=the one on the sticky note".
        re.compile(r"(?i)(?<![a-z0-9_])(?:password|pwd)\s*=\s*([^;\"'\s]+)\s*;"),
        re.compile(r"(?i);\s*(?:password|pwd)\s*=\s*([^;\"'\s]+)\s*(?=[\"']|$)"),
    )


class PrivateKeyBlockDetector(GovernPlugin):
    """A whole PEM private key block, BEGIN to END, across lines (whole-text plugin)."""

    # detect-secrets' PrivateKeyDetector sees one line, so it can only report the header.
    secret_type: ClassVar[str] = "Private Key Block"
    subtype = "private_key"
    whole_text = True
    triggers = ("-----begin",)
    denylist = (
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
            r"[\s\S]{1,16384}?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
        ),
    )


# --- detect-secrets built-ins: how govern prefilters for and reports them -----------------

# KeywordDetector's denylist stems (api_?key, db_?pass, password, secret, contraseña, ...). In
# quoted-value mode it needs an assignment and a quote after the keyword, or a comparison before.
_KEYWORDS = ("key", "pass", "pwd", "secret", "contrase")
_KEYWORD_TRIGGERS = (
    *(rf"{kw}\S*\s*(?:[:=!]{{1,3}}>?\s*)?['\"`]" for kw in _KEYWORDS),
    r"[!=][!=]\s*\w*(?:key|pass|pwd|secret|contrase)",
)
# build_assignment_regex: keyword, optional quote and ']', spaces and one of = : := => :: ' ',
# optional quote, then the value.
_ASSIGN = r"[\"']?\]?[ =:>]+[\"']?"
_TOKEN_WORDS = ("key", "pwd", "password", "pass", "token")
_BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.+/="
BUILTIN_SPECS: dict[str, PluginSpec] = {
    "ArtifactoryDetector": PluginSpec(
        "artifactory", (r"akc[a-z0-9]{10}", r"ap[\da-f][a-z0-9]{8}"), strip='=:"'
    ),
    "AWSKeyDetector": PluginSpec(
        "aws_access_key",
        (
            *(rf"{prefix}[0-9a-z]{{16}}" for prefix in ("akia", "asia", "abia", "acca")),
            r"a3t[0-9a-z]{17}",
            r"aws.{0,20}?(?:key|pw|pass|token)",
        ),
    ),
    "AzureStorageKeyDetector": PluginSpec(
        "azure_storage_key", ("accountkey=",), drop_prefix="AccountKey="
    ),
    # Any user:password@ in a URL; a token-format plugin on the same span is the surer name.
    "BasicAuthDetector": PluginSpec("basic_auth", ("://",), score=0.9),
    "CloudantDetector": PluginSpec(
        "cloudant",
        (rf"cl(?:oudant|ou)?[_-]?(?:api)?(?:key|pw|pass|token)\w*{_ASSIGN}[a-z0-9]{{24}}", "://"),
        score=0.8,
    ),
    "DiscordBotTokenDetector": PluginSpec("discord", (r"\.[a-z\d_-]{6}\.[a-z\d_-]{27}",)),
    "GitHubTokenDetector": PluginSpec("github", (r"gh[pousr]_",), whole_match=True),
    "GitLabTokenDetector": PluginSpec(
        "gitlab", (r"gl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|agent|oas)-", "gr1348941"), whole_match=True
    ),
    "IbmCloudIamDetector": PluginSpec(
        "ibm_cloud_iam", tuple(rf"{w}{_ASSIGN}[a-z0-9_-]{{44}}" for w in _TOKEN_WORDS), score=0.8
    ),
    "IbmCosHmacDetector": PluginSpec(
        "ibm_cos_hmac", (rf"secret[-_]?(?:access)?[-_]?key{_ASSIGN}[a-f0-9]{{48}}",), score=0.8
    ),
    # The pattern ends in a lazy '*?', so findall stops before the signature.
    "JwtTokenDetector": PluginSpec("jwt", ("eyj",), tail=_BASE64URL),
    "KeywordDetector": PluginSpec("secret_keyword", _KEYWORD_TRIGGERS, score=0.7, heuristic=True),
    "MailchimpDetector": PluginSpec("mailchimp", (r"-us\d",)),
    "NpmDetector": PluginSpec("npm", ("/:_authtoken=",)),
    "OpenAIDetector": PluginSpec("openai", ("t3blbkfj",)),
    "PrivateKeyDetector": PluginSpec(
        "private_key", ("private key", "putty-user-key-file-2"), widen="-"
    ),
    "PypiTokenDetector": PluginSpec("pypi", ("pypi-age",)),
    "SendGridDetector": PluginSpec("sendgrid", (r"sg\.[a-z0-9_-]{22}\.",)),
    "SlackDetector": PluginSpec("slack", ("xox", "hooks.slack.com")),
    "SoftlayerDetector": PluginSpec(
        "softlayer", ("softlayer", r"sl[_-]?(?:api)?[_-]?(?:key|pwd|pass|token)"), score=0.8
    ),
    "SquareOAuthDetector": PluginSpec("square", ("sq0csp-",)),
    "StripeDetector": PluginSpec("stripe", ("k_live_",)),
    "TelegramBotTokenDetector": PluginSpec("telegram", (r":[0-9a-z_-]{35}",)),
    "TwilioKeyDetector": PluginSpec("twilio", (r"ac[a-z0-9]{32}", r"sk[a-z0-9]{32}")),
    "HexHighEntropyString": PluginSpec(
        "hex_high_entropy", (r"['\"][0-9a-f]+['\"]",), score=0.6, heuristic=True
    ),
}
