"""Labelled records of the syntaxes handles sit in, for training the USERNAME judge.

The splits of ``benchmarks/pii.py`` hold handles in the phrasings each was written with; a
judge generalises from syntax variety. Each family below writes one kind of text with
people's handles (labelled USERNAME) and, in the same slots, near misses no person owns
(never labelled): service and bot accounts (root, postgres, www-data, github-actions[bot],
dependabot, jenkins, nobody, ubuntu, ec2-user), roles and teams (oncall, @platform-team),
channels (#general, @here), hostnames (web01, db-prod-2), packages, branches, tools, log
levels and role mailboxes (support@, noreply@). The syntaxes:

- chat: Slack (``ana_r: text``, ``@ana_r``, ``<@ana_r>``, ``[10:42 AM] ana_r:``), Discord
  (``ana_r#0421``, ``@ana_r``), Matrix (``@ana_r:matrix.org``), IRC (``<ana_r>``, ``*
  ana_r has joined``, ``ana_r!~ana_r@host``), Teams / Mattermost (``ana_r (Guest):``);
- git: ``git log`` authors (``Author: ana_r <...>``), ``git blame`` columns, CODEOWNERS
  (``/src/ @ana_r``), commit trailers (``Reviewed-by: ana_r``), ``Merge pull request #12 from
  ana_r/fix``, ``TODO(ana_r)``;
- CI logs: GitHub Actions (``triggered by ana_r``, ``actor: ana_r``), GitLab runners
  (``runner-ana_r``, ``session:ana_r``, ``GITLAB_USER_LOGIN=ana_r``), Jenkins (``Started by
  user ana_r``);
- shells and paths: ``ana_r@box:~$``, ``/home/ana_r``, ``C:\\Users\\ana_r``, ``~ana_r``,
  ``sudo -u ana_r``, ``--user ana_r``, ``uid=1001(ana_r)``, ``ls -l`` owners;
- auth logs: sshd (``Accepted publickey for ana_r from``), PAM (``session opened for user
  ana_r``), su (``su: (to root) ana_r on pts/0``), sudo;
- databases: ``ana_r@db``, ``psql -U ana_r``, pg_hba lines, MySQL ``'ana_r'@'%'`` grants;
- cloud IAM: ``arn:aws:iam::123456789012:user/ana_r``, ``principal: ana_r``, Kubernetes
  RBAC subjects, Terraform addresses (``aws_iam_user.ana_r``);
- Windows and web: the Security log's ``Account Name:``, ``whoami`` output, the Common Log
  Format's user, repository owners (``git@github.com:ana_r/...``), profile paths
  (``/account/ana_r/settings``), ``mysql`` table output;
- tickets: ``assignee: ana_r``, ``reporter=ana_r``, JSON / YAML / CSV / logfmt keys;
- forums and social: ``u/ana_r``, ``posted by ana_r``, ``@ana_r`` replies.

``corpus(records, seed)`` joins 1-4 pieces per record, as ``pii.corpus`` does; labels are
exact by construction.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pii import (
    FIRST,
    FRESH2_FIRST,
    FRESH2_LAST,
    FRESH4_FIRST,
    FRESH4_LAST,
    HELD_FIRST,
    HELD_LAST,
    LAST,
    Record,
    ascii_fold,
)
from pii_shapes import joined

Rng = random.Random
GIVEN = sorted({ascii_fold(n).lower() for n in [*FIRST, *HELD_FIRST, *FRESH2_FIRST, *FRESH4_FIRST]})
FAMILY = sorted({ascii_fold(n).lower() for n in [*LAST, *HELD_LAST, *FRESH2_LAST, *FRESH4_LAST]})
SERVICE = [
    "root", "admin", "postgres", "www-data", "github-actions[bot]", "dependabot", "jenkins",
    "nobody", "ubuntu", "ec2-user", "deploy", "git", "nginx", "mysql", "backup", "ci",
    "runner", "gitlab-runner", "svc-backup", "svc_etl", "renovate[bot]", "daemon", "vagrant",
    "ansible", "terraform", "bot", "system", "sa-reporting", "airflow", "jovyan", "node",
]  # fmt: skip
ROLES = [
    "oncall", "platform-team", "sre", "devops", "security", "here", "channel", "everyone",
    "support", "data-eng", "frontend", "moderators", "admins", "qa", "infra", "release",
]  # fmt: skip
HOSTS = ["web01", "db-prod-2", "bastion", "build-7", "localhost", "ip-10-0-3-17", "api-gw"]
PACKAGES = ["requests", "numpy", "left-pad", "lodash", "serde", "pytest", "eslint", "black"]
BRANCHES = ["main", "develop", "feature/login", "release-2.3", "hotfix/tls", "fix-cache"]
LEVELS = ["INFO", "WARN", "ERROR", "DEBUG", "ok", "changed", "skipped", "x", "done", "wip"]
MAILBOXES = ["support", "noreply", "info", "billing", "security", "admin", "postmaster"]
WORDS = ["default", "latest", "none", "null", "true", "unknown", "guest", "test", "example"]
SERVERS = ["matrix.org", "chat.example.org", "kde.org", "fosdem.org", "mozilla.org"]
TIMES = ["[10:42 AM]", "[09:03]", "14:32", "[2026-03-04 08:15:03]", "08:15", ""]


def handle(rng: Rng) -> str:
    """A person's handle in one of the shapes logins take."""
    first, last = rng.choice(GIVEN), rng.choice(FAMILY).replace(" ", "").replace("'", "")
    last = last.replace("-", "")
    shapes = [
        f"{first}.{last}", f"{first[0]}{last}", f"{first}_{last[0]}",
        f"{first}{rng.randint(1, 99)}", f"{first}", f"{last}{first[0]}", f"{first}-{last}",
        f"{first[:3]}{last[:3]}",
        f"{first}_{last}", f"{first}{last[0]}", f"{first[0]}{last}{rng.randint(1, 9)}",
        f"{first.capitalize()}{last.capitalize()}", f"x{first}", f"{first}dev",
    ]  # fmt: skip
    return rng.choice(shapes)


def other(rng: Rng) -> str:
    """A near miss: what stands in a handle's slot without being anyone's."""
    pool = rng.choice([SERVICE, SERVICE, ROLES, HOSTS, PACKAGES, BRANCHES, LEVELS, WORDS])
    return rng.choice(pool)


class Builder:
    def __init__(self) -> None:
        self.text = ""
        self.labels: list[tuple[int, int, str]] = []

    def add(self, *parts: str) -> Builder:
        self.text += "".join(parts)
        return self

    def slot(self, value: str, personal: bool) -> Builder:
        if personal:
            self.labels.append((len(self.text), len(self.text) + len(value), "USERNAME"))
        self.text += value
        return self

    def record(self) -> Record:
        return self.text, self.labels


def filled(rng: Rng, frames: list[str], negative_share: float = 0.35) -> Record:
    """One of ``frames`` with each ``{u}`` a handle (or, at ``negative_share``, a near miss)."""
    frame = rng.choice(frames)
    out = Builder()
    pieces = frame.split("{u}")
    for index, piece in enumerate(pieces):
        out.add(_filled_words(rng, piece))
        if index < len(pieces) - 1:
            personal = rng.random() >= negative_share
            out.slot(handle(rng) if personal else other(rng), personal)
    return out.record()


_FILL = {
    "{host}": lambda rng: rng.choice(HOSTS),
    "{server}": lambda rng: rng.choice(SERVERS),
    "{time}": lambda rng: rng.choice(TIMES),
    "{n}": lambda rng: str(rng.randint(2, 9999)),
    "{pkg}": lambda rng: rng.choice(PACKAGES),
    "{branch}": lambda rng: rng.choice(BRANCHES),
    "{ip}": lambda rng: f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
    "{mail}": lambda rng: rng.choice(MAILBOXES),
    "{role}": lambda rng: rng.choice(ROLES),
    # an email is EMAIL_ADDRESS, its local part no USERNAME of its own
    "{email}": lambda rng: f"{handle(rng)}@{rng.choice(['example.com', 'example.org'])}",
}


def _filled_words(rng: Rng, piece: str) -> str:
    for key, make in _FILL.items():
        while key in piece:
            piece = piece.replace(key, make(rng), 1)
    return piece


CHAT = [
    "{time} {u}: can someone look at the {pkg} bump?",
    "{u}: deploy is green on {host}",
    "<{u}> anyone seen the flaky test in {pkg}?",
    "{time} <{u}> pushed to {branch}",
    "* {u} has joined #{pkg}",
    ":{u}!~{u}@{host} PRIVMSG #dev :hi all",
    "@{u}:{server}: the bridge dropped your message again",
    "thanks @{u}, merged",
    "cc @{u} @{u} for review",
    "<@{u}> can you take this one?",
    "{u} (Guest): joining from the vendor side",
    "{time} {u} (External): shared a file",
    "{u}#{n} joined the voice channel",
    "- {u}: on call this week",
    "> {u} wrote:\n> did you restart {host}?",
    "{u} reacted with :thumbsup: to your message",
    "ping {u} about the {pkg} upgrade",
    "ask {u}, they set up {host}",
    "DM from {u}: can you rerun the job?",
    "u/{u} posted in r/{pkg}",
    "posted by {u} 3 hours ago",
    "reply to {u}: that's fixed in {branch}",
]
GIT = [
    "commit 3f2a9c1\nAuthor: {u} <{email}>\nDate: Tue Mar 4 10:12:03 2026",
    "Merge pull request #{n} from {u}/{branch}",
    "Reviewed-by: {u}\nSigned-off-by: {u}",
    "Co-authored-by: {u} <{email}>",
    "/src/{pkg}/ @{u} @{role}",
    "*.tf @{u}",
    "^3f2a9c1 ({u} 2026-03-04 10:12:03 +0000 {n}) return cache",
    "# TODO({u}): drop this once {pkg} is upgraded",
    "// FIXME({u}) race on shutdown",
    "git log --author={u} --since=2.weeks",
    "{u} authored and {u} committed 2 days ago",
    "git push {u} {branch}",
]
CI = [
    "Run triggered by {u} on {branch}",
    "actor: {u}\nevent: push\nref: refs/heads/{branch}",
    "GITHUB_ACTOR={u} GITHUB_REF=refs/heads/{branch}",
    "GITLAB_USER_LOGIN={u}\nCI_RUNNER_DESCRIPTION=runner-{u}",
    "Running on runner-{u} (shared)",
    "Started by user {u}",
    "Started by upstream project {pkg} build number {n}, originally caused by: {u}",
    "session:{u} opened by job {n}",
    "[{u}] {time} checkout {branch}",
    "Approved by {u} via the deploy gate",
]
SHELL = [
    "{u}@{host}:~$ tail -f /var/log/syslog",
    "[{u}@{host} ~]$ sudo systemctl restart nginx",
    "cd /home/{u}/projects/{pkg}",
    "C:\\Users\\{u}\\AppData\\Local\\Temp",
    "cp config.yaml ~{u}/backup/",
    "sudo -u {u} crontab -e",
    "docker run --user {u} {pkg}:latest",
    "uid=1001({u}) gid=1001({u}) groups=1001({u}),27(sudo)",
    "-rw-r--r-- 1 {u} staff 1204 Mar 4 10:12 notes.md",
    "psql -h {host} -U {u} -d app",
    "mysql -u {u} -p -h {host}",
    "export USER={u}",
    "ssh {u}@{host} -p 2222",
]
AUTH = [
    "sshd[{n}]: Accepted publickey for {u} from {ip} port 51234 ssh2",
    "sshd[{n}]: Failed password for invalid user {u} from {ip} port 4411 ssh2",
    "pam_unix(sshd:session): session opened for user {u}(uid=1001) by (uid=0)",
    "su: (to root) {u} on pts/0",
    "sudo: {u} : TTY=pts/1 ; PWD=/srv ; USER=root ; COMMAND=/bin/ls",
    "systemd-logind[{n}]: New session {n} of user {u}.",
    "login[{n}]: ROOT LOGIN ON tty1 by {u}",
]
DATABASE = [
    "GRANT SELECT ON app.* TO '{u}'@'%';",
    "CREATE USER '{u}'@'localhost' IDENTIFIED BY '***';",
    "connected as {u}@{host}/app",
    "host  all  {u}  {ip}/32  scram-sha-256",
    'FATAL: password authentication failed for user "{u}"',
    "ALTER ROLE {u} SET search_path = app;",
    "{u}@app=> SELECT count(*) FROM orders;",
]
WINDOWS_AND_WEB = [
    "An account failed to log on.\nSubject:\n\tAccount Name:\t\t{u}\n\tAccount Domain:\t\tCORP",
    "Security ID:\t\tCORP\\{u}\nLogon Type:\t\t3",
    '{ip} - {u} [03/Nov/2026:09:12:44 +0000] "GET /api/v2/orders HTTP/1.1" 200 512',
    '{ip} - - [03/Nov/2026:09:12:44 +0000] "GET /{pkg} HTTP/1.1" 404 0',
    "PS C:\\> whoami\ncorp\\{u}",
    "$ whoami\n{u}",
    "origin\tgit@github.com:{u}/dotfiles.git (fetch)",
    "git clone https://gitlab.com/{u}/{pkg}.git",
    "GET /account/{u}/settings 200",
    "https://example.com/users/{u}/profile",
    "mysql> SELECT user, host FROM mysql.user;\n+------+------+\n| user | host |\n+------+------+"
    "\n| {u} | {ip} |",
]
CLOUD = [
    "arn:aws:iam::123456789012:user/{u}",
    "subjects:\n- kind: User\n  name: {u}\n  apiGroup: rbac.authorization.k8s.io",
    "  # aws_iam_user.{u} will be created",
    "Login fails for user `{u}` after upgrading {pkg}",
    "principal: {u}\naction: s3:GetObject",
    "gcloud auth login --account {email}",
    "az role assignment create --assignee {u} --role Reader",
]
TICKETS = [
    "assignee: {u}\nreporter: {u}\nstatus: open",
    '{"assignee": "{u}", "reporter": "{u}", "priority": "P2"}',
    "owner: {u}  # reviewed by {u}",
    'level=info user={u} msg="login ok" ip={ip}',
    "ts=2026-03-04 user_id=7781 login={u} result=ok",
    "created_by: {u}\nupdated_by: {u}",
    "ansible_user: {u}\nansible_host: {ip}",
    "handle: {u}\nfollowers: {n}",
    "Assigned to {u} by {u}",
    "reassigned from {u} to {u}",
]
EMAILS = [
    "mail from {email} to {mail}@example.com",
    "reply to {mail}@example.org, not to {u}",
    "Reply-To: {email} (sent by {u})",
]


def csv_rows(rng: Rng) -> Record:
    """A CSV or TSV export with a login column among others."""
    cut = rng.choice([",", "\t"])
    key = rng.choice(["username", "login", "user", "assignee", "owner", "account"])
    header = cut.join(["id", key, "team", "last_seen"])
    out = Builder().add(header)
    for _ in range(rng.randint(1, 4)):
        personal = rng.random() > 0.3
        out.add("\n", str(rng.randint(1, 999)), cut)
        out.slot(handle(rng) if personal else other(rng), personal)
        out.add(cut, rng.choice(ROLES), cut, f"2026-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}")
    return out.record()


def negatives(rng: Rng) -> Record:
    """The same syntaxes holding what no person owns (nothing labelled)."""
    frame = rng.choice(
        [
            "@{x} please review",
            "<{x}> build finished",
            "{x}: restarting {host}",
            "[{x}] {time} step done",
            "owner: {x}",
            "user={x}",
            "/home/{x}/.cache",
            "TODO({x}): tidy",
            "from {x} import Session",
            "by {x} default",
            "sudo -u {x} ls",
            "{x}@{host}:~$ ls",
            "Started by timer for {x}",
            "--user {x}",
            "pip install {x}",
        ]
    )
    text = _filled_words(rng, frame)
    while "{x}" in text:
        text = text.replace("{x}", other(rng), 1)
    return text, []


FAMILIES: list[Callable[[Rng], Record]] = [
    *(lambda rng, frames=frames: filled(rng, frames)  # type: ignore[misc]
      for frames in (CHAT, GIT, CI, SHELL, AUTH, DATABASE, CLOUD, TICKETS, EMAILS,
                     WINDOWS_AND_WEB)),
    csv_rows,
    negatives,
]  # fmt: skip


def corpus(records: int, seed: int) -> list[Record]:
    """``records`` texts of 1-4 pieces each, seeded."""
    return joined(FAMILIES, records, seed)
