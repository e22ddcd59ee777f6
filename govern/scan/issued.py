"""Logins and the numbers issued to a person, by the field, command or log line that holds
them: the user of an event (a JSON or YAML ``user`` key, a Windows security event's "Account
Name:", a web server's access-log user, systemd's "session N of user x", ``id``'s
``uid=N(x)``), of an account command (``useradd``, ``usermod``), of a deployment
(Terraform's ``aws_iam_user`` and its import id, a Kubernetes RBAC subject of kind User, an
Ansible user loop's item, an SSH key file named for its user), of a code host (a git remote's
owner, GitHub's "Merged PR #N from x/branch"), an account's page in a URL path, a login
quoted after "user" in an error ("password authentication failed for user "x""), and logins
named where support or chat names them ("SSO broke for x and y", "enrolled by x", "ping x").

Each is an ``IdentifierRecognizer`` whose label is part of the match, as in
``govern.scan.labelled``: no context word in the clause is needed. ``ISSUED_RECOGNIZERS``
lists them; ``govern.scan.locators`` adds them to the scanner's recognizers.
"""

from __future__ import annotations

import re
from typing import ClassVar

from govern.scan._presidio import STOP_WORDS, Pattern
from govern.scan.identifiers import (
    NOT_A_LOGIN,
    IdentifierRecognizer,
    LoginRecognizer,
    _digits,
    luhn_valid,
    no_ones_account,
)
from govern.scan.labelled import ColumnRecognizer, nhs_number_valid

# A login as systems print it, any case ("ana_r", "v-anar", "ana.roe.adm", "ROEA42"): letters,
# digits, _ . -, from a letter or _, not ending on . or -.
_LOGIN = r"[a-z_][\w.-]{0,31}(?<![.-])"
# A login where prose names one: lower case with a separator or trailing digits ("ana_r",
# "v-anar", "ana.roe.adm", "raj42"), or capitals with digits as directories issue them
# ("ROEA42"), or lower-case letters (a name, as ``LoginRecognizer`` checks them).
_NAMED_LOGIN = (
    r"(?-i:[a-z][a-z0-9]*(?:(?:[._-][a-z0-9]+)+|[0-9]+)?|[A-Z]{2,}[0-9]{1,4})"
    r"(?![\w@-]|\.\w)"
)
# How a support ticket or chat says what happened to an account before naming it.
_ACCOUNT_EVENTS = (
    r"(?:broke|broken|breaks|fails|failed|failing|locked|expired|disabled|blocked|stopped"
    r"[ ]working|not[ ]working)"
)


class LoggedUserRecognizer(IdentifierRecognizer):
    """A login by the field or log line that names it, in any case ("ROEA42", "ana.roe.adm"):
    a quoted value of a user key in JSON, a dict or YAML (``"userName": "x"``, ``'user': 'x'``),
    YAML's bare ``user: x`` / ``remote_user: x`` alone on its line, a Windows event's
    "Account Name:" / "User Name:" field, the user of a web server's access-log line (``IP -
    x [03/Nov/2026:...]``), systemd-logind's "session 42 of user x", ``id``'s ``uid=N(x)``,
    and a login quoted after "user" ("password authentication failed for user "x"", "Login
    fails for user `x`"). Service and daemon accounts (root, www-data, "-") are no one's."""

    ENTITY = "USERNAME"
    PATTERNS = [
        Pattern(  # "userName": "x", 'user': 'x', user_name="x", remote_user: 'x'
            "quoted value of a user key",
            r"(?<![\w-])[\"']?(?:user(?:[_-]?name)?|login(?:[_-]?name)?|(?:sam)?account[_-]?name"
            r"|remote[_-]user|preferred[_-]username|become[_-]user|login[_-]user)[\"']?[ \t]*"
            r"[:=][ \t]*([\"'])\K" + _LOGIN + r"(?=\1)",
            0.6,
        ),
        Pattern(  # YAML: "    user: ana_r", "  - remote_user: ana_r", alone on the line
            "YAML user key",
            r"^[ \t]*(?:-[ \t]+)?(?:user|username|remote_user|become_user|login_user|owner)"
            r"[ \t]*:[ \t]+\K" + _LOGIN + r"(?=[ \t]*(?:#[^\n]*)?\r?$)",
            0.6,
        ),
        Pattern(  # Windows security events: "Account Name:\t\tana.roe.adm", "User Name: x"
            "Windows event account name",
            r"\b(?:account|user)[ ]name:[ \t]+(?:[\w.-]{1,15}\\)?\K" + _LOGIN + r"(?=[ \t]*\r?$)",
            0.6,
        ),
        Pattern(  # nginx / Apache combined log: "203.0.113.7 - ana_r [03/Nov/2026:09:12:44 +0000]"
            "access log user",
            r"^[0-9a-f.:]{3,45}[ ]-[ ]\K" + _LOGIN + r"(?=[ ]\[\d\d?/[a-z]{3}/\d{4}:)",
            0.6,
        ),
        Pattern(  # systemd-logind: "New session 42 of user ana_r.", "Session 42 of User x"
            "systemd session of user",
            r"\bsession[ ]\d+[ ]of[ ]user[ ]\K" + _LOGIN,
            0.6,
        ),
        Pattern(  # "Ran `whoami` on the jump host: ana_r.", "whoami -> CORP\\ROEA42"
            "whoami output in a sentence",
            r"\bwhoami\b`?[^\n:>]{0,40}(?::|->|=>)[ \t]+`?(?:[\w.-]{1,15}\\)?\K"
            + _LOGIN
            + r"(?![\w@\\/-])",
            0.6,
        ),
        Pattern(  # a handle in capitals with digits, as directories issue them: "@ROEA42"
            "@handle in capitals",
            r"(?<![\w.@/\\=(\[{$%\"'`-])@(?-i:[A-Z]{2,}[A-Z0-9_]*[0-9][A-Z0-9_]*)"
            r"(?![\w@/(\[{=-]|[.:]\w)",
            0.6,
        ),
        Pattern("id uid=N(x)", r"\buid=\d+\(\K" + _LOGIN + r"(?=\))", 0.6),
        Pattern(  # PostgreSQL, GitHub issues: for user "x", for user `x`, user 'x'
            "login quoted after user",
            r"\b(?:user|login|account)[ ][\"'`“‘]\K" + _LOGIN + r"(?=[\"'`”’])",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/logged": [
            r"(?i:(?:user|login|account)(?:[_-]?name)?[\"']? *[:=] *[\"'])",
            r"(?i:(?:remote|become|login)[_-]user[\"']? *[:=])",
            r"(?i:preferred[_-]username)",
            r"(?i:(?:user|username|remote_user|become_user|login_user|owner) *: +[a-z_])",
            r"(?i:\b(?:account|user) name:)",
            r"(?i: - [a-z_][a-z0-9_.-]* \[[0-9]{1,2}/[a-z]{3}/[0-9]{4}:)",
            r"(?i:\bsession [0-9]+ of user )",
            r"\buid=[0-9]+\(",
            r"(?i:\bwhoami\b)",
            r"@[A-Z]{2}",
            r"(?i:\b(?:user|login|account) [\"'`“‘][a-z_])",
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        name = pattern_text.lower()
        return no_ones_account(name) or name in NOT_A_LOGIN or name in STOP_WORDS


# A Terraform resource type of a user account: aws_iam_user, gitlab_user, okta_user ...
_USER_RESOURCE = r"\b[a-z0-9]+(?:_[a-z0-9]+)*_user"
# Options of an account command: "-m", "-c "Ana Roe"", "-u 1001", "--shell /bin/bash".
_USER_OPTIONS = r"(?:[ \t]+-{1,2}[\w-]+(?:[ \t=]+(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'-]\S*))?)*"
# What follows the owner in a GitHub or GitLab path that is an account's page, not a login.
_NOT_AN_ACCOUNT_PAGE = frozenset(
    "me new edit settings profile login logout signup register password billing admin list"
    " search index home create delete update show current self security preferences".split()
)


class DeployedUserRecognizer(IdentifierRecognizer):
    """A login by the deployment or command that creates it: the last argument of
    ``useradd`` / ``adduser`` / ``usermod`` / ``userdel`` / ``passwd``, a Terraform user
    resource's name (``aws_iam_user.x``, ``resource "aws_iam_user" "x"``) and its ``name =
    "x"`` a line or three below, ``terraform import aws_iam_user.x x``'s import id, a
    Kubernetes RBAC subject of kind User (``- kind: User`` then ``name: x``), the name of an
    Ansible user loop's item (a dict with a ``comment`` / ``groups`` / ``uid`` / ``shell``
    key), an SSH public key file named for its user (``keys/x.pub``), a git remote's owner on
    a code host shaped as a person's login (``git@github.com:ana_r/repo.git``; an
    organisation's ``org/repo`` is none), GitHub's merge message ("Merged PR #12 from
    x/branch") and an account's page in a URL path (``/account/x/settings``)."""

    ENTITY = "USERNAME"
    PATTERNS = [
        Pattern(
            "useradd x",
            r"\b(?:useradd|adduser|usermod|userdel|passwd|chage)"
            + _USER_OPTIONS
            + r"[ \t]+\K"
            + _LOGIN
            + r"(?=[ \t]*(?:[;&|#]|\r?$))",
            0.6,
        ),
        Pattern(  # aws_iam_user.ana_r, resource "aws_iam_user" "ana_r"
            "Terraform user resource",
            rf"(?:{_USER_RESOURCE}\.|\bresource[ \t]+\"{_USER_RESOURCE}\"[ \t]+\")\K"
            + _LOGIN
            + r"(?![\w-])",
            0.6,
        ),
        Pattern(  # name = "ana_r" in the resource's block, the plan's "+ name = ..." too
            "Terraform user resource name",
            rf"{_USER_RESOURCE}\b[^\n]*\n(?:[^\n]*\n){{0,3}}?[ \t]*[+~]?[ \t]*"
            r"(?:name|username|user_name)[ \t]*=[ \t]*\"\K" + _LOGIN + r"(?=\")",
            0.6,
        ),
        Pattern(  # terraform import aws_iam_user.ana_r ana_r: the import id is the login
            "terraform import of a user",
            rf"\bterraform[ \t]+import[ \t]+(?:-\S+[ \t]+)*{_USER_RESOURCE}\.[\w-]+[ \t]+[\"']?\K"
            + _LOGIN
            + r"(?![\w@-])",
            0.6,
        ),
        Pattern(  # subjects:\n- kind: User\n  apiGroup: ...\n  name: ana_r
            "Kubernetes RBAC User subject",
            r"\bkind:[ \t]*[\"']?User[\"']?[ \t]*\r?\n(?:[ \t]+(?!name:)[\w.]+:[^\n]*\n){0,2}"
            r"[ \t]+name:[ \t]*[\"']?\K" + _LOGIN + r"(?=[\"']?[ \t]*\r?$)",
            0.6,
        ),
        Pattern(  # ok: [web01] => (item={'name': 'ana_r', 'comment': 'Ana Roe', 'groups': ...})
            "Ansible user loop item",
            r"\bitem=\{(?=[^}\n]*[\"'](?:comment|groups|uid|shell|home|password|append)[\"']:)"
            r"[^}\n]*?[\"'](?:name|user|username)[\"']:[ ]?[\"']\K" + _LOGIN + r"(?=[\"'])",
            0.6,
        ),
        Pattern(
            "SSH key file named for its user", r"\bkeys?/\K(?!id_)" + _LOGIN + r"(?=\.pub\b)", 0.6
        ),
        Pattern(  # origin git@github.com:ana_r/dotfiles.git, ssh://git@gitlab.com/ana_r/x
            "git remote owner on a code host",
            r"\bgit@(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|ssh\.dev\.azure\.com)"
            # shaped as a person's login: an organisation's name ("org", "acme-corp") is none
            # (a vendor's or an intern's v- / t- prefix, an admin's adm-, a guest's ext- too)
            r"[:/]\K(?-i:[a-z][a-z0-9]*(?:[._][a-z0-9]+)+|[a-z][a-z-]*[0-9]+|[A-Z]{2,}[0-9]{1,4}"
            r"|(?:v|t|a|x|adm|ext)-[a-z][a-z0-9]+)"
            r"(?=/)",
            0.6,
        ),
        Pattern(  # GitHub's merge commit: "Merge pull request #12 from ana_r/fix-typo"
            "merged pull request from x/branch",
            r"\bmerged?[ ](?:pr|pull[ ]request)[ ]#\d+[ ]from[ ]\K" + _LOGIN + r"(?=/[\w.-])",
            0.6,
        ),
        Pattern(  # /account/ana_r/settings, /accounts/ana_r, /profile/ana_r/edit
            "account page in a URL path",
            r"(?<![\w.-])/(?:accounts?|profiles?|people|members)/\K"
            + _LOGIN
            + r"(?=/[a-z]|[\s?#\"')]|$)",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/deployed": [
            r"(?i:\b(?:useradd|adduser|usermod|userdel|passwd|chage)\b)",
            r"(?i:_user[.\"])",
            r"(?i:\bkind: *[\"']?user\b)",
            r"(?i:\bitem=\{)",
            r"(?i:\bkeys?/[a-z_][a-z0-9_.-]*\.pub\b)",
            r"(?i:\bgit@[a-z.]+[:/][a-z_])",
            r"(?i:\bmerged? (?:pr|pull request) #[0-9]+ from )",
            r"(?i:/(?:accounts?|profiles?|people|members)/[a-z_])",
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        name = pattern_text.lower()
        return (
            no_ones_account(name)
            or name in NOT_A_LOGIN
            or name in STOP_WORDS
            or name in _NOT_AN_ACCOUNT_PAGE
        )


class NamedLoginRecognizer(LoginRecognizer):
    """A login where support or chat names it: after what happened to an account ("SSO broke
    for ana_r and ROEA42", "VPN locked for raj42"), after who enrolled or provisioned a
    device or account ("enrolled by ana_r") and after "ping" ("ping ana_r or mail ..."). The
    value must be shaped as a login (``_NAMED_LOGIN``); letters alone must be built from a
    name, as ``LoginRecognizer`` checks them (a given name alone is a name: "TODO(ana)"
    stays a PERSON's), and a domain after "ping" is a host."""

    PATTERNS = [
        Pattern(
            "login after what happened to its account",
            rf"\b(?i:{_ACCOUNT_EVENTS})[ ](?i:for)[ ]\K" + _NAMED_LOGIN,
            0.6,
        ),
        Pattern(
            "second login after what happened to an account",
            rf"\b(?i:{_ACCOUNT_EVENTS})[ ](?i:for)[ ][\w.-]{{2,32}},?[ ](?i:and|&|or)[ ]\K"
            + _NAMED_LOGIN,
            0.6,
        ),
        Pattern(
            "login after enrolled by",
            r"\b(?i:enrolled|provisioned|registered|onboarded|imaged|issued)[ ](?i:by)[ ]\K"
            + _NAMED_LOGIN,
            0.6,
        ),
        Pattern(  # not a host: "ping db01.example.com", "ping 10.0.0.1"
            "login after ping",
            r"\b(?i:ping)[ ]@?\K(?![\w-]*\.[a-z]{2,}\b)"
            + _NAMED_LOGIN
            + r"(?=[ ](?i:or|and|about|for|re|if|when)\b|[,;!?)]|:(?![\w:])|\.(?:\s|$))",
            0.6,
        ),
    ]
    ANCHORS = {
        f"{LoginRecognizer.ENTITY}/named": [
            rf"(?i:\b{_ACCOUNT_EVENTS} for )",
            r"(?i:\b(?:enrolled|provisioned|registered|onboarded|imaged|issued) by )",
            r"(?i:\bping @?[a-z])",
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        return super().invalidate_result(pattern_text) or pattern_text.lower() in NOT_A_LOGIN


# Devices a person carries, wears, has implanted or is issued, by the names clinicians and IT
# give them: implants and their generators, wearable and home monitors, sensors and
# transmitters, pumps, scanners, security keys, and the IT gear an inventory lists.
_DEVICES = (
    r"(?:cochlear[ ]implant|implant|aed|defibrillator|lifevest|icd|crt-d|pacemaker|generator"
    r"|stimulator|loop[ ]recorder|sensor|transmitter|receiver|cgm|glucometer|insulin[ ]pump"
    r"|pump|hearing[ ]aids?|processor|bp[ ]cuff|cuff|oximeter|monitor|holter|cpap|bipap"
    r"|ventilator|concentrator|nebulizer|scanner|itero|yubikey|security[ ]key|token|laptop"
    r"|notebook|tablet|ipad|chromebook|workstation|router|switch|firewall|access[ ]point|nas"
    r"|appliance|device|dcim\.device)"
)
# A serial as makers print them: 6-20 capitals and digits with three digits, maybe in
# hyphenated groups ("CI632-7853777", "Q2SB-WDVG-K6SA"), digits alone from seven on
# ("20412450"); not a model's short code ("C9300-48P": a group under four characters ends it).
_SERIAL = (
    r"(?-i:(?=[A-Z0-9-]{6,24}(?![\w-]))(?=(?:[A-Z-]*[0-9]){3})"
    r"(?:(?=[0-9]{7})[0-9]+|(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6,20}"
    r"|[A-Z0-9]{4,8}(?:-[A-Z0-9]{4,10}){1,3}))(?![\w-]|\.\d)"
)


class NamedDeviceSerialRecognizer(IdentifierRecognizer):
    """A device's serial right after the device's name ("cochlear implant CI632-7853777",
    "AED AR37J225189", "Libre sensor 0MSC86Z7S7", "YubiKey 20412450", "netbox: dcim.device
    FGT60FTK31674099"), maybe after "SN" / "serial" / "#": a serial's shape (``_SERIAL``),
    which a year, a dose or a model's short code ("switch C9300-48P") is not; not a phone's
    number, which a phone word names."""

    ENTITY = "DEVICE_SERIAL"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "serial after a device's name",
            rf"\b{_DEVICES}[ ](?:(?:sn|s/n|serial(?:[ ]no\.?)?|no\.|#)[ ]?[:#]?[ ]?)?\K"
            # a number to call is a phone's, whatever the device ("call the device on ...")
            r"(?<!\b(?:call|phone|text|dial|ring|fax|reach)\b[^\n.;]{0,40})" + _SERIAL,
            0.6,
        )
    ]
    CONTEXT: ClassVar[list[str]] = []
    # the serial's first four characters in capitals: "device setup" opens no window
    ANCHORS = {
        f"{ENTITY}/named device": [
            rf"(?i:\b{_DEVICES} (?:(?:sn|s/n|serial(?: no\.?)?|no\.|#) ?[:#]? ?)?)[A-Z0-9]{{4}}"
        ]
    }


class SerialColumnRecognizer(ColumnRecognizer):
    """Device serials in a table's serial column ("Serial number", "serial_no", "SN",
    "service_tag"): 6-24 capitals and digits with three digits, maybe hyphenated groups."""

    ENTITY = "DEVICE_SERIAL"
    HEADER = r"serial(?:[_ ]?(?:number|no|num|#))?|s/?n|service[_ ]?tag|device[_ ]?serial"
    HEADER_WORD = re.compile(r"(?i)serial|\bs/?n\b|service[_ ]?tag")
    CELL = re.compile(r"(?=(?:[A-Z-]*\d){3})[A-Z0-9]{3,12}(?:-[A-Z0-9]{2,12}){0,3}(?<=.{6})")


# Registers and boards that issue a licence number, by the abbreviation written before it:
# the UK's GMC (doctors), NMC (nurses), HCPC, GDC (dentists), GPhC (pharmacists); Australia's
# AHPRA; the US NREMT (paramedics), NMLS (loan officers), a CDL (commercial driver).
_LICENCE_REGISTERS = r"(?:GMC|NMC|HCPC|GDC|GPhC|AHPRA|NREMT|NMLS|CDL|IMC|MCI|CPSO)"
# Credentials a badge prints before its number, glued or hyphenated ("RN3711109", "LPN-353924").
_CREDENTIALS = r"(?:RN|LPN|LVN|CNA|RDH|CMA|EMT|NREMT|APRN|CRNA|LCSW|LMFT|LPC|PharmD)"
# A licence number: 5-15 capitals and digits, four of them digits ("P9146173", "30P0575N").
_LICENCE_VALUE = r"(?=(?:[A-Z-]*[0-9]){4})[A-Z0-9](?:[A-Z0-9-]{3,13}[A-Z0-9])(?![\w-])"


class RegisteredLicenceRecognizer(IdentifierRecognizer):
    """A licence or registration number by the register or credential that labels it: after
    a board's abbreviation ("GMC 7339614", "NMC 30P0575N", "NREMT P9146173", "NMLS ID
    984872", "CDL #: H74480450"), a credential glued to the number on a badge ("RN3711109",
    "CNA-1998776"), and a driver's licence ahead of a colon in the same clause ("driver's
    licence for the account recovery: 077031499"), whose label is nearer than an account word."""

    ENTITY = "LICENSE_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "licence after its register",
            rf"(?<![\w-]){_LICENCE_REGISTERS}"
            r"(?:[ ](?i:id|no\.?|number|reg(?:istration)?|licen[cs]e))?[ ]?[:#]?[ ]?[:#]?[ ]?\K"
            + _LICENCE_VALUE,
            0.6,
        ),
        Pattern(
            "credential and number on a badge",
            rf"(?<![\w-]){_CREDENTIALS}-?[0-9]{{5,10}}(?![\w-])",
            0.6,
        ),
        Pattern(
            "driver's licence before a colon",
            r"\b(?i:driver['’]?s?[ ]licen[cs]e|driving[ ]licen[cs]e|DL)\b[^\n.:;]{0,40}:[ ]?\K"
            + _LICENCE_VALUE,
            0.6,
        ),
    ]
    FLAGS = re.DOTALL | re.MULTILINE  # the registers and values are capitals
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/register": [
            rf"\b{_LICENCE_REGISTERS}\b",
            rf"\b{_CREDENTIALS}-?[0-9]{{5}}",
            r"(?i:\b(?:driver['’]?s? licen[cs]e|driving licen[cs]e)\b)",
        ]
    }


def nir_valid(number: str) -> bool:
    """A French NIR's key: 97 less its first 13 digits mod 97 (Corsica's 2A / 2B as 19 / 18)."""
    compact = number.replace(" ", "").upper()
    body = compact[:13].replace("2A", "19").replace("2B", "18")
    return len(compact) == 15 and body.isdigit() and 97 - int(body) % 97 == int(compact[13:])


# A plan's member id as keys and callers give it: capitals and digits, six digits at least,
# maybe in groups ("9687 978 546", "1048407054V435356").
_PLAN_VALUE = r"(?=(?:[A-Z -]*[0-9]){6})[A-Z0-9]{1,17}(?:[ -][A-Z0-9]{1,8}){0,3}"


class NationalHealthIdRecognizer(IdentifierRecognizer):
    """Other countries' health ids by their shape and check digit, or after their label: a
    French NIR (carte Vitale) in its printed groups (sex, year, month, department, commune,
    order, key: "1 05 07 24 603 681 89") whose mod-97 key holds; Mexico's IMSS number in its
    2-2-2-4-1 groups whose Luhn digit holds, after a member or plan word in the line;
    Australia's IHI (16 digits from 800360, Luhn) after "IHI"; Scotland's CHI in 6-4 groups
    (its mod-11 check); New Zealand's NHI (three letters, four digits) after "NHI"; and
    Germany's Versichertennummer after "Versicherten-Nr."."""

    ENTITY = "HEALTH_PLAN_ID"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "French NIR in groups",
            r"(?<![\w-])[12][ ]\d\d[ ](?:0[1-9]|1[0-2]|[2-9]\d)[ ](?:\d\d|2[AB])[ ]\d{3}[ ]\d{3}"
            r"[ ]\d\d(?![\w-]|[ ]\d)",
            0.6,
        ),
        Pattern(
            "IMSS number after a plan word",
            r"\b(?i:member|subscriber|nss|imss|afiliaci[oó]n|plan|insurance|policy)\b[^\n]{0,40}?"
            r"(?<![\w-])\K\d\d[ -]\d\d[ -]\d\d[ -]\d{4}[ -]\d(?![\w-]|[ ]\d)",
            0.6,
        ),
        Pattern(
            "IHI, CHI, NHI or Versichertennummer after its label",
            r"(?:\bIHI(?:[ ](?i:no\.?|number))?[ ]?[:#]?[ ]?\K8003[ ]?60\d\d[ ]?\d{4}[ ]?\d{4}"
            r"|\bCHI(?:[ ](?i:no\.?|number))?[ ]?[:#]?[ ]?\K\d{6}[ ]\d{4}"
            r"|\bNHI(?:[ ](?i:no\.?|number))?[ ]?[:#]?[ ]?\K[A-HJ-NP-Z]{3}\d{4}"
            r"|\b(?i:versicherten-?(?:nummer|nr\.?)|kvnr)[ ]?[:#]?[ ]?\K"
            r"(?:[A-Z0-9]{9,20}|\d{4}[ ]\d{4}[ ]\d{4}))(?![\w-])",
            0.6,
        ),
        Pattern(  # {'member_id': '9687 978 546'}, plan_id = '...', "subscriberNo": "..."
            "quoted value of a member or plan key",
            r"(?i:\b(?:member|subscriber|plan|insurance|insured|policy)[_-]?(?:id|no|num|number)"
            r"(?<!policy_id|policy_no|policy_num|policy_number))[\"']?[ \t]*[:=][ \t]*[\"']\K"
            + _PLAN_VALUE
            + r"(?=[\"'])",
            0.6,
        ),
        Pattern(  # AGENT: and the member id on the card\nCALLER: um its 1205 711 323
            "member id answered on the next turn",
            r"\b(?i:member|subscriber|policy)[ ](?i:id|number|no\.?)\b[^\n]{0,40}\r?\n"
            r"[A-Za-z][\w ]{0,20}:[ ](?i:(?:um|uh|er|so|yes|yeah|ok),?[ ])*"
            r"(?i:(?:it['’]?s|its|it[ ]is)[ ])?\K" + _PLAN_VALUE + r"\b(?![ -]\d)",
            0.6,
        ),
    ]
    FLAGS = re.DOTALL | re.MULTILINE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/national": [
            r"\b[12] [0-9]{2} [0-9]{2} [0-9A-B]{2} [0-9]{3} [0-9]{3} [0-9]{2}",
            r"[0-9]{2}[ -][0-9]{2}[ -][0-9]{2}[ -][0-9]{4}[ -][0-9]\b",
            r"\b(?:IHI|CHI|NHI)\b",
            r"(?i:versicherten-?(?:nummer|nr)|kvnr)",
            r"(?i:(?:member|subscriber|plan|insurance|insured|policy)[_-]?(?:id|no|num|number))",
            r"(?i:\b(?:member|subscriber|policy) (?:id|number|no))",
        ]
    }

    def validate_result(self, pattern_text: str) -> bool | None:
        digits = _digits(pattern_text)
        if re.fullmatch(r"[12] \d\d \d\d \w\w \d{3} \d{3} \d\d", pattern_text):
            return None if nir_valid(pattern_text) else False
        if re.fullmatch(r"\d\d[ -]\d\d[ -]\d\d[ -]\d{4}[ -]\d", pattern_text):
            return None if luhn_valid(digits) else False
        if digits.startswith("800360") and len(digits) == 16:
            return None if luhn_valid(digits) else False
        if re.fullmatch(r"\d{6} \d{4}", pattern_text):
            return None if nhs_number_valid(pattern_text) else False
        return None


# Record-number labels of other systems and countries: an enterprise master patient index
# (EMPI, MPI), Australia's unit record (UR No., URN), India's UHID, a hospital number
# abbreviated (Hosp No), an employee health record, a chart number glued to "#", and a
# record's key in code ('mrn': ...).
_RECORD_LABEL = (
    r"(?:\b(?:EMPI|MPI|UR[ ]No\.?|URN|UHID|Hosp[ ]No\.?|(?i:employee[ ]health)[ ]?#"
    r"|(?i:chart)[ ]?#)|['\"](?i:mrn|medical_record_number|chart_no)['\"])[ ]?[:#=]?[ ]?['\"]?"
)
# A record number: capitals and digits, five digits at least, maybe dotted or hyphenated
# groups ("5973404515", "H22556780", "800.960.835", "KA05.8874279", "1331-257-1").
_RECORD_VALUE = r"(?=(?:[A-Z.-]*[0-9]){5})[A-Z0-9]{1,12}(?:[.-][A-Z0-9]{1,12}){0,3}(?![\w-]|\.\w)"


class LabelledRecordRecognizer(IdentifierRecognizer):
    """A medical record number after a record system's label ("EMPI: 5973404515", "UR No.
    H22556780", "UHID 1331-257-1", "Hosp No KA05.8874279", "Employee Health # E4580264",
    "chart #96Y55766", ``{'mrn': '800.960.835'}``): the label is part of the match, so no
    context word is needed; five digits at least, so a ward's "UR No. 12" is none."""

    ENTITY = "MEDICAL_RECORD_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "record number after its system's label", _RECORD_LABEL + r"\K" + _RECORD_VALUE, 0.6
        )
    ]
    FLAGS = re.DOTALL | re.MULTILINE  # the labels are capitals
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/record label": [
            r"\b(?:EMPI|MPI|UR No|URN|UHID|Hosp No)\b",
            r"(?i:employee health ?#|chart ?#)",
            r"(?i:['\"](?:mrn|medical_record_number|chart_no)['\"])",
        ]
    }


# An account a patient's stay is billed to: Cerner's financial number (FIN); a loan's number.
_BILLING_LABEL = (
    r"(?:\bFIN(?:[ ]?(?:#|No\.?))?|\b(?i:loan)(?:[ ](?i:no\.?|number|#)|[ ]?#))[ ]?[:#]?[ ]?"
)
# A car's or home's insurance policy, named in the same line as the car or the loss.
_AUTO_POLICY = (
    r"\b(?i:vin|car|vehicle|auto|motor|collision|rear-end|loss|homeowners?|renters?)\b"
    r"[^\n]{0,80}?\b(?i:policy)(?:[ ](?i:no\.?|number|#))?[ ]?[:#]?[ ]?"
)


class BillingAccountRecognizer(IdentifierRecognizer):
    """Account numbers by the billing label before them: a hospital stay's Cerner FIN ("FIN
    6322653008"), a loan's number ("loan # 9500950438"), and a car's or home's insurance
    policy in a line about the car or the loss ("Bought a used car ... add it to policy
    PA12345678?", "rear-end loss ... Policy AB 675 1463"): capitals and digits with six
    digits, maybe in groups. A FIN without digits, a loan's amount ("loan # of 3") is none."""

    ENTITY = "ACCOUNT_NUMBER"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "account after a billing label",
            rf"(?:{_BILLING_LABEL}|{_AUTO_POLICY})\K"
            r"(?=(?:[A-Z -]*[0-9]){6})[A-Z0-9]{2,12}(?:[ -][A-Z0-9]{2,10}){0,4}(?![\w-])",
            0.6,
        )
    ]
    FLAGS = re.DOTALL | re.MULTILINE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/billing": [
            r"\bFIN\b",
            r"(?i:\bloan ?(?:no|number|#))",
            r"(?i:\bpolicy(?: (?:no\.?|number|#))? ?[:#]? ?)[A-Z0-9]{2}",
        ]
    }


# Sites whose path names a person after a fixed prefix: package registries' maintainers,
# reading, sport, chess and film logs, a doctor's booking page, an obituary, a reviewer's
# profile, a fundraiser (the prefix, then the person).
_PERSON_PATH_HOSTS = (
    r"(?:pypi\.org/user|crates\.io/users|rubygems\.org/profiles|npmjs\.com/~|hub\.docker\.com/u"
    r"|goodreads\.com/user/show|strava\.com/athletes|chess\.com/member|lichess\.org/@"
    r"|last\.fm/user|untappd\.com/user|duolingo\.com/profile|myanimelist\.net/profile"
    r"|ravelry\.com/people|leetcode\.com/u|hackerrank\.com/profile|zocdoc\.com/doctor"
    r"|legacy\.com/(?:[a-z]{2}/)?obituaries/name|gofundme\.com/f|caringbridge\.org/(?:visit|site)"
    r"|openreview\.net/profile\?id=~|flickr\.com/photos|etsy\.com/shop|findagrave\.com/memorial"
    r"|xing\.com/profile)"
)
# Sites whose first path segment is the person: vimeo.com/name, letterboxd.com/name.
_PERSON_FIRST_HOSTS = (
    r"(?:vimeo\.com|letterboxd\.com|mixcloud\.com|deviantart\.com|500px\.com/p|gravatar\.com"
    r"|bitbucket\.org|buymeacoffee\.com)"
)
# Those sites' first segments that are their own pages, not a person.
_NOT_PEOPLE = frozenset(
    "film films channels ondemand watch list lists search explore features pricing login join"
    " about help blog upload categories groups members tags".split()
)


class PersonPathUrlRecognizer(IdentifierRecognizer):
    """URLs of a person on sites that give people a path: a package registry's maintainer
    page (pypi.org/user/x, crates.io/users/x), a reading, sport, chess or film log
    (goodreads.com/user/show/N-x, strava.com/athletes/N, chess.com/member/x,
    letterboxd.com/x), a video page (vimeo.com/x), a doctor's booking page
    (zocdoc.com/doctor/x), an obituary (legacy.com/us/obituaries/name/x), a fundraiser and a
    reviewer's profile (openreview.net/profile?id=~X1). A site's own page ("vimeo.com/channels",
    a video's number) is none."""

    ENTITY = "PERSONAL_URL"
    PATTERNS = [
        Pattern(
            "person's page after the site's prefix",
            r"(?<![\w.@/-])(?:https?://)?(?:www\.|m\.)?"
            + _PERSON_PATH_HOSTS
            + r"/?[\w.%~-]*\w(?:/[^\s()<>\[\]{}\"'`]*)?",
            0.6,
        ),
        Pattern(
            "person's page as the first segment",
            r"(?<![\w.@/-])(?:https?://)?(?:www\.)?"
            + _PERSON_FIRST_HOSTS
            + r"/(?=[a-z_])[\w.-]*\w(?:/(?![\w%-])|(?![\w.%/-]))",
            0.6,
        ),
        Pattern(  # a person's own .me domain ("https://anaroe.me"), a Tumblr name with "_"
            "person's own .me domain or blog subdomain",
            r"(?<![\w.@/-])https?://(?:www\.)?(?!(?:about|paypal|t|www)\.)"
            r"(?:[a-z][a-z0-9-]{2,40}\.me|[a-z0-9][\w-]{1,40}\.tumblr\.com)/?(?![\w.%-])",
            0.6,
        ),
    ]
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {
        f"{ENTITY}/person path": [
            _PERSON_PATH_HOSTS,
            _PERSON_FIRST_HOSTS + "/[a-z_]",
            r"(?i:https?://[a-z0-9.-]+\.me\b|_[a-z0-9-]*\.tumblr\.com)",
        ]
    }

    def invalidate_result(self, pattern_text: str) -> bool:
        if re.search(_PERSON_FIRST_HOSTS, pattern_text):
            first = pattern_text.rstrip("/").rsplit("/", 1)[-1].lower()
            return first in _NOT_PEOPLE
        return False


# Plates in other scripts and layouts: Japanese (office, class, kana, number: "品川 300 さ
# 12-34"), Korean ("12가 3456", "123가 4567"), Chinese (province, letter, five or six:
# "京A·12345"), Greek and Cyrillic letters with digits ("ΙΚΥ-1234", "А123ВС 77"), and
# digits or letters in three groups ("123-45-678", "ABC 123-456"), the Emirates' and Thailand's.
_WORLD_PLATE = (
    r"(?:\p{Han}{1,4}[ ]?\d{2,3}[ ]?\p{Hiragana}[ ]?\d{1,2}-\d{2}"
    r"|\d{2,3}[ ]?\p{Hangul}[ ]?\d{4}"
    r"|\p{Han}[ ]?[A-Z][·.]?[A-Z0-9]{5,6}"
    r"|(?=[^\s]*[\p{Greek}\p{Cyrillic}])\p{Lu}{1,3}[- ]?\d{3,4}(?:[- ]?\p{Lu}{1,2})?(?:[ ]\d{2,3})?"
    r"|\d{2,3}-\d{2,3}-\d{2,3}|[A-Z]{2,3}[ ]\d{3}-\d{3}"
    # the Emirates' emirate, code letter and number ("Dubai Y 12345"); Thai letters, number
    # and province ("1กก 1234 กรุงเทพมหานคร")
    r"|(?:Dubai|Abu[ ]Dhabi|Sharjah|Ajman|Fujairah|RAK|UAQ)[ ][A-Z]{1,2}[ ]\d{1,5}"
    r"|\d?\p{Thai}{1,3}[ ]?\d{1,4}(?:[ ]\p{Thai}+)?)(?![\w-])"
)


class WorldPlateRecognizer(IdentifierRecognizer):
    """A licence plate of another script or layout right after "plate" ("plate 品川 300 さ
    12-34", "plate: "12가 3456"", "valet plate 京A·12345", "car plate ΙΚΥ-1234", "ALPR
    export: plate 123-45-678"): the word labels it, the value must have a plate's shape
    (``_WORLD_PLATE``); a date or a phone after "plate" is none."""

    ENTITY = "LICENSE_PLATE"
    NEEDS_DIGIT = True
    PATTERNS = [
        Pattern(
            "plate of another script or layout after plate",
            r"\b(?i:plate)(?:[ ](?i:number|no\.?|#))?[ ]?[:#=]?[ ]?[\"']?\K" + _WORLD_PLATE,
            0.6,
        )
    ]
    FLAGS = re.DOTALL | re.MULTILINE
    CONTEXT: ClassVar[list[str]] = []
    ANCHORS = {f"{ENTITY}/world plate": [r"(?i:\bplate)[^\n]{1,30}[0-9]"]}


ISSUED_RECOGNIZERS: list[type[IdentifierRecognizer]] = [
    LoggedUserRecognizer,
    DeployedUserRecognizer,
    NamedLoginRecognizer,
    NamedDeviceSerialRecognizer,
    SerialColumnRecognizer,
    RegisteredLicenceRecognizer,
    NationalHealthIdRecognizer,
    LabelledRecordRecognizer,
    BillingAccountRecognizer,
    PersonPathUrlRecognizer,
    WorldPlateRecognizer,
]
