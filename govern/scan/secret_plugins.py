"""detect-secrets plugins for credentials that matter in ML work and that detect-secrets lacks.

Each class is a plain ``RegexBasedDetector`` (``secret_type`` + ``denylist``), loaded through
detect-secrets' own custom-plugin mechanism (``plugins_used: [{name, path: file://...}]``), plus
what govern needs beside the pattern: the ``subtype`` it reports, its ``score``, and cheap
``triggers``. Triggers are searched in the lower-cased text and are together a *necessary*
condition: wherever a denylist pattern matches, a trigger matches in that line (in the text,
for ``whole_text`` plugins), so the scanner skips every other line and loses nothing. All of
them are searched over a chunk of fields at once; each should start with a literal of 3+
characters (found at memchr speed; the regex then runs only on the fields holding it) and match
within one line. A denylist pattern has at most one capturing group, the secret; without one,
the whole match is the secret.
"""

# No `from __future__ import annotations`: detect-secrets executes this file outside sys.modules
# (import_file_as_module), where @dataclass cannot resolve string annotations.
import re
from dataclasses import dataclass
from typing import ClassVar

from detect_secrets.plugins.base import RegexBasedDetector

# Characters that may continue a token; a match must not be a slice of a longer token.
_TOKEN_CHARS = r"A-Za-z0-9_\-"
# A password in a URL: ``://``, then ``user:password@`` with no space in it. Every URL
# plugin's pattern needs this much, and most URLs in text hold no password.
URL_PASSWORD_TRIGGER = r"://[^\s]*:[^\s]*@"


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
    # Values without a letter are dropped (detect-secrets' is_not_alphanumeric_string) unless
    # the plugin judges them itself.
    digits_allowed: ClassVar[bool] = False


class HuggingFaceTokenDetector(GovernPlugin):
    """Hugging Face access tokens (``hf_``) and organization tokens (``api_org_``): 34 letters or
    digits (trufflehog's form; gitleaks' letters-only rule misses tokens holding digits)."""

    secret_type: ClassVar[str] = "Hugging Face Token"
    subtype = "huggingface"
    triggers = ("hf_", "api_org_")
    denylist = (re.compile(r"(?<![A-Za-z0-9_])(?:hf|api_org)_[A-Za-z0-9]{34}(?![A-Za-z0-9_])"),)


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
    triggers = (URL_PASSWORD_TRIGGER,)
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


def _token(prefix: str, body: str) -> re.Pattern[str]:
    """A token that starts with ``prefix`` and is not a slice of a longer token."""
    return re.compile(rf"(?<![{_TOKEN_CHARS}]){prefix}{body}(?![{_TOKEN_CHARS}])")


# Prefixed tokens of the ML and developer stack, as gitleaks' and trufflehog's rules and the
# vendors' docs define them. One class each: the policy switches them off by name.


class DatabricksTokenDetector(GovernPlugin):
    """Databricks personal access tokens: ``dapi`` and 32 hex digits."""

    secret_type: ClassVar[str] = "Databricks Token"
    subtype = "databricks"
    triggers = ("dapi",)
    denylist = (_token("dapi", r"[0-9a-f]{32}(?:-\d)?"),)


class ReplicateTokenDetector(GovernPlugin):
    """Replicate API tokens: ``r8_`` and 37 characters."""

    secret_type: ClassVar[str] = "Replicate Token"
    subtype = "replicate"
    triggers = ("r8_",)
    denylist = (_token("r8_", r"[0-9A-Za-z_-]{37}"),)


class GroqKeyDetector(GovernPlugin):
    """Groq API keys: ``gsk_`` and 52 letters or digits."""

    secret_type: ClassVar[str] = "Groq API Key"
    subtype = "groq"
    triggers = ("gsk_",)
    denylist = (_token("gsk_", r"[A-Za-z0-9]{52}"),)


class XaiKeyDetector(GovernPlugin):
    """xAI (Grok) API keys: ``xai-`` and 80 characters."""

    secret_type: ClassVar[str] = "xAI API Key"
    subtype = "xai"
    triggers = ("xai-",)
    denylist = (_token("xai-", r"[0-9A-Za-z_]{80}"),)


class OpenRouterKeyDetector(GovernPlugin):
    """OpenRouter API keys: ``sk-or-v1-`` and 64 hex digits."""

    secret_type: ClassVar[str] = "OpenRouter API Key"
    subtype = "openrouter"
    triggers = ("sk-",)  # shares the OpenAI plugin's pass over the text
    denylist = (_token("sk-or-v1-", r"[0-9a-f]{64}"),)


class LangSmithKeyDetector(GovernPlugin):
    """LangSmith personal and service keys: ``lsv2_pt_`` / ``lsv2_sk_``."""

    secret_type: ClassVar[str] = "LangSmith API Key"
    subtype = "langsmith"
    triggers = ("lsv2_",)
    denylist = (_token("lsv2_", r"(?:pt|sk)_[0-9a-f]{32}_[0-9a-f]{10}"),)


class PerplexityKeyDetector(GovernPlugin):
    """Perplexity API keys: ``pplx-`` and 48 letters or digits."""

    secret_type: ClassVar[str] = "Perplexity API Key"
    subtype = "perplexity"
    triggers = ("pplx-",)
    denylist = (_token("pplx-", r"[A-Za-z0-9]{48}"),)


class BedrockKeyDetector(GovernPlugin):
    """AWS Bedrock API keys: long-lived ``ABSK`` + base64, short-lived ``bedrock-api-key-``."""

    secret_type: ClassVar[str] = "AWS Bedrock API Key"
    subtype = "aws_bedrock"
    triggers = ("absk", "bedrock-api-key-")
    denylist = (
        re.compile(r"(?<![A-Za-z0-9+/])ABSK[A-Za-z0-9+/]{109,269}={0,2}(?![A-Za-z0-9+/=])"),
        re.compile(r"(?<![A-Za-z0-9_-])bedrock-api-key-[A-Za-z0-9+/=%&._-]{40,2000}"),
    )


class NpmTokenDetector(GovernPlugin):
    """npm access tokens: ``npm_`` and 36 letters or digits."""

    secret_type: ClassVar[str] = "npm Access Token"
    subtype = "npm"
    triggers = ("npm_",)
    denylist = (_token("npm_", r"[A-Za-z0-9]{36}"),)


class DockerHubTokenDetector(GovernPlugin):
    """Docker Hub personal and organization access tokens: ``dckr_pat_`` / ``dckr_oat_``."""

    secret_type: ClassVar[str] = "Docker Hub Token"
    subtype = "dockerhub"
    triggers = ("dckr_",)
    denylist = (_token("dckr_", r"(?:pat|oat)_[A-Za-z0-9_-]{27,}"),)


class SlackAppTokenDetector(GovernPlugin):
    """Slack app-level (``xapp-``) and configuration (``xoxe-``, ``xoxe.xoxb-``) tokens."""

    # detect-secrets' SlackDetector knows xox[abposr]- only.
    secret_type: ClassVar[str] = "Slack App Token"
    subtype = "slack"
    triggers = ("xapp-", "xox")
    denylist = (
        _token("xapp-", r"\d-[A-Z0-9]{6,}-\d{6,}-[a-z0-9]{32,}"),
        _token("xoxe", r"(?:\.xox[bp])?-\d-[A-Za-z0-9]{140,170}"),
    )


class GitLabExtraTokenDetector(GovernPlugin):
    """GitLab CI job tokens (``glcbt-``), feature-flag client tokens (``glffct-``) and
    ``_gitlab_session`` cookies, which detect-secrets' GitLab plugin lacks."""

    secret_type: ClassVar[str] = "GitLab Job, Feature Flag or Session Token"
    subtype = "gitlab"
    triggers = ("glcbt-", "glffct-", "_gitlab_session")
    denylist = (
        _token("glcbt-", r"[0-9A-Za-z]{1,5}_[0-9A-Za-z_-]{20}"),
        _token("glffct-", r"[0-9A-Za-z_-]{20}"),
        re.compile(r"_gitlab_session=([0-9a-z]{32})(?![0-9a-z])"),
    )


class ProviderKeywordKeyDetector(GovernPlugin):
    """Keys with no prefix of their own, next to their provider's name: Cohere (40 characters),
    DeepSeek (``sk-`` + 32), Azure OpenAI and Twilio auth tokens (32 hex), classic GitHub tokens
    (40 hex)."""

    secret_type: ClassVar[str] = "Provider Key Next To Its Name"
    subtype = "provider_keyword"
    score = 0.9
    # Each name, then the key its pattern needs within reach ("github" and "openai" alone
    # are in every other developer chat).
    triggers = (
        r"cohere[^\n]{0,40}[a-z0-9]{40}",
        r"co_api_key[^\n]{0,40}[a-z0-9]{40}",
        r"deepseek[^\n]{0,40}sk-[a-z0-9]{32}",
        r"azure[^\n]{0,20}openai",
        r"openai[^\n]{0,20}azure",
        r"twilio[^\n]{0,40}[a-f0-9]{32}",
        r"github[_-]?(?:token|pat)[^\n]{0,20}[a-f0-9]{40}",
        r"gh[_-]?(?:token|pat)[^\n]{0,20}[a-f0-9]{40}",
    )
    denylist = (
        re.compile(r"(?i)(?:cohere|co_api_key)[^\n]{0,40}?(?<![A-Za-z0-9])([A-Za-z0-9]{40})\b"),
        re.compile(r"(?i)deepseek[^\n]{0,40}?(?<![A-Za-z0-9-])(sk-[a-z0-9]{32})\b"),
        re.compile(
            r"(?i)(?:azure[^\n]{0,20}openai|openai[^\n]{0,20}azure)[^\n]{0,40}?\b([a-f0-9]{32})\b"
        ),
        re.compile(r"(?i)twilio[^\n]{0,40}?\b([a-f0-9]{32})\b"),
        re.compile(r"(?i)(?:github|gh)[_-]?(?:token|pat)[^\n]{0,20}?\b([a-f0-9]{40})\b"),
    )


class CredentialHeaderDetector(GovernPlugin):
    """``Authorization: Bearer|Basic|Token ...``, ``X-API-Key: ...`` and ``curl -u user:pass``."""

    secret_type: ClassVar[str] = "Credential In Header"
    subtype = "http_credential"
    score = 0.85  # a token format on the same span (JWT, GitHub...) names it better
    triggers = ("authorization", "x-api-key", r"curl[^\n]*\s(?:-u|--user)\s")
    denylist = (
        re.compile(
            r"(?i)authorization\\?[\"']?\s*[:=]\s*\\?[\"']?\s*(?:bearer|basic|token)\s+"
            r"([A-Za-z0-9._~+/=-]{8,})"
        ),
        re.compile(r"(?i)\bx-api-key\\?[\"']?\s*[:=]\s*\\?[\"']?([A-Za-z0-9._~+/=-]{8,})"),
        re.compile(r"\bcurl\b[^\n]*?\s(?:-u|--user)\s+[\"']?[^\s:\"']+:([^\s\"']+)"),
    )

    def analyze_string(self, string: str):  # type: ignore[no-untyped-def]
        for value in super().analyze_string(string):
            # "Bearer test", "-u admin:[PASSWORD]": a word, not a credential.
            if len(value) >= 8 and (re.search(r"[0-9]", value) or len(value) >= 16):
                yield value


class UrlPasswordDetector(GovernPlugin):
    """Passwords in any URL (``scheme://user:pass@host``), ``!`` and ``*`` included, and JDBC
    ``password=`` parameters; detect-secrets' BasicAuthDetector stops at ``!`` and ``*``."""

    secret_type: ClassVar[str] = "Password in URL"
    subtype = "password_in_url"
    score = 0.85  # below BasicAuthDetector and the token formats on the same span
    triggers = (URL_PASSWORD_TRIGGER, "jdbc")
    denylist = (
        # A URL opened by a quote ('ftp://u:p@h') ends at a quote; any other URL's user and
        # password may hold one (RFC 3986 allows it, and trufflehog's URL rules match it):
        # "ftp://bob:it's@host" unquoted in a .env is a password, not "s".
        re.compile(r"(?i)(?<=')[a-z][a-z0-9+.-]{1,20}://[^\s:/@\"'<>]*:([^\s/@\"'<>${}]+)@[\w.-]+"),
        re.compile(r"(?i)(?<!')\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@\"<>]*:([^\s/@\"<>${}]+)@[\w.-]+"),
        re.compile(r"(?i)jdbc:[a-z0-9]+:[^\s\"']*?[?&;]password=([^&;\s\"']+)"),
    )


class Base64JwtDetector(GovernPlugin):
    """A JWT wrapped in base64 (``ZXlK`` is ``eyJ`` encoded), as config maps store them."""

    secret_type: ClassVar[str] = "Base64 Wrapped JWT"
    subtype = "jwt"
    score = 0.9
    triggers = ("zxlk",)
    denylist = (re.compile(r"(?<![A-Za-z0-9+/])ZXlK[A-Za-z0-9+/]{60,}={0,2}(?![A-Za-z0-9+/=])"),)


_KEY_NAME = (
    r"(?:api[_. -]?key|apikey|access[_. -]?key|secret[_. -]?key|private[_. -]?key|"
    r"client[_. -]?secret|(?:auth|access|api|bearer|refresh|session)[_. -]?token|token|secret|"
    r"passw(?:or)?d|pwd|credentials?|[_.-]key)"
)
# Passwords hold punctuation; brackets, quotes and commas end a value (code: f(x), [0]).
_VALUE_CHAR = r"[A-Za-z0-9_+/=.\-!@#$%^*~:|]"  # not & or ?: they split URL parameters
_NOT_A_SECRET_NAME = (
    r"(?:ids?|names?|paths?|files?|urls?|uris?|types?|counts?|len|length|size|limit|audience|"
    r"issuer|endpoint|expiry|expires|version|ttl|header|prefix)"
)


class KeywordAssignmentDetector(GovernPlugin):
    """A random-looking value right after a credential key name, quoted or not: ``export
    ACME_API_KEY=...``, ``api_key: ...``, ``--acme-token ...``, "my acme api key is ...".

    The generic rule the breadth of published formats needs (gitleaks' generic-api-key, most of
    trufflehog's detectors: a keyword, then a value). The value must look generated: 10+
    characters with letters and digits, no URL, and a Shannon entropy of 3 bits or more; or
    15+ digits spread as a random draw's. It may open with a bracket or a dash
    (``key=[...]``, ``--api-key -n2U...``); in double quotes it may hold any character.
    """

    secret_type: ClassVar[str] = "Secret After A Key Name"
    subtype = "secret_keyword"
    score = 0.8
    triggers = ("key", "token", "secret", "pass", "pwd", "credential")
    digits_allowed = True  # _looks_generated decides
    denylist = (
        re.compile(
            rf"(?i)(?<![a-z0-9])(?<!csrf[_-])(?<!xsrf[_-]){_KEY_NAME}(?:[_.-](?!{_NOT_A_SECRET_NAME}\b)[a-z0-9]{{1,12}}){{0,2}}"
            r"\\?[\"'\]]{0,3}"
            r"(?:\s{0,3}(?:[:=]{1,2}>?|=>)\s{0,3}|\s+(?:[\w-]+\s+){0,3}?(?:is|was|are|:)\s+|\s+)"
            rf"\\?[\"'`\[(<]?([A-Za-z0-9\-]{_VALUE_CHAR}{{9,300}})(?!{_VALUE_CHAR})"
        ),
        # A double-quoted string (JSON, YAML, code) holds any character, escaped ones too.
        re.compile(
            rf"(?i)(?<![a-z0-9])(?<!csrf[_-])(?<!xsrf[_-]){_KEY_NAME}(?:[_.-](?!{_NOT_A_SECRET_NAME}\b)[a-z0-9]{{1,12}}){{0,2}}"
            r"[\"']?\s{0,3}(?:[:=]{1,2}>?|=>)\s{0,3}\"((?:[^\"\\\s]|\\[^\s]){10,300})\""
        ),
    )

    def analyze_string(self, string: str):  # type: ignore[no-untyped-def]
        for value in super().analyze_string(string):
            if _looks_generated(value):
                yield value


def _looks_generated(value: str) -> bool:
    import math

    counts = {c: value.count(c) for c in set(value)}
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())
    if value.isdigit():
        # Numeric keys (Cloudinary's 15 digits, Vbout's 25): longer than a phone or card
        # number, digits spread as a random draw's are (15 random digits: 2.5-3.3 bits).
        return len(value) >= 15 and entropy >= 2.5
    if "://" in value or not (re.search(r"[0-9]", value) and re.search(r"[A-Za-z]", value)):
        return False
    return entropy >= 3.0


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
    "BasicAuthDetector": PluginSpec("basic_auth", (URL_PASSWORD_TRIGGER,), score=0.9),
    "CloudantDetector": PluginSpec(
        "cloudant",
        (
            rf"cl(?:oudant|ou)?[_-]?(?:api)?(?:key|pw|pass|token)\w*{_ASSIGN}[a-z0-9]{{24}}",
            URL_PASSWORD_TRIGGER,
        ),
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
