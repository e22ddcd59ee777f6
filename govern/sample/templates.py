"""The words, slots and sentence templates of the sample corpus, and its dataset cards.

A ``{slot}`` in a template is filled as ``SLOTS`` says: plain slots draw from ``SLOT_WORDS``,
the others plant a PII value, a secret or a near miss from ``fakes`` and carry its label.
Literal braces are written ``{{ }}``. Plain text holds no names, numbers or identifiers, so the
labelled values are the only sensitive ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from govern.sample import fakes

Task = tuple[str, str, str]  # instruction, input, output
Placed = tuple[str, str]  # role, message template


@dataclass(frozen=True)
class ChatKit:
    """Templates for one chat source; ``planted`` and ``negatives`` replace one message."""

    system: tuple[str, ...]
    opening: tuple[str, ...]
    follow_up: tuple[str, ...]
    reply: tuple[str, ...]
    planted: tuple[Placed, ...]
    negatives: tuple[Placed, ...]


@dataclass(frozen=True)
class TaskKit:
    """Templates for one instruction source; ``planted`` and ``negatives`` are whole tasks."""

    tasks: tuple[Task, ...]
    planted: tuple[Task, ...]
    negatives: tuple[Task, ...]


SLOT_WORDS: dict[str, tuple[str, ...]] = {
    "greeting": ("Hi", "Hello", "Hey there", "Good morning", "Hi there"),
    "thanks": ("Thanks", "Thank you", "Thanks a lot", "Great, thanks"),
    "company": ("Northwind", "Brightline", "Tailspin Gear", "Lumen Home", "Fabrikam"),
    "product": ("router", "thermostat", "smart plug", "standing desk", "coffee grinder",
                "robot vacuum", "e-reader", "fitness tracker", "backup drive", "baby monitor"),
    "problem": ("stopped charging", "won't connect to Wi-Fi", "arrived with a cracked case",
                "keeps restarting", "shows a blinking red light", "is missing a part",
                "stopped syncing with the app", "makes a grinding noise", "won't turn on"),
    "action": ("unplug it for thirty seconds and plug it back in",
               "send a photo of the label on the bottom", "confirm the date you placed the order",
               "hold the power button for ten seconds to reset it",
               "update the app to the latest version", "try a different outlet or cable"),
    "resolution": ("I've issued a full refund", "I've sent a replacement",
                   "I've escalated this to our hardware team",
                   "I've applied a credit to your account", "I've reset the pairing on our side"),
    "when": ("within three to five business days", "by the end of the week",
             "within a day or two", "early next week"),
    "clinic": ("Riverside Clinic", "Northgate Family Practice", "Harbor Health"),
    "symptom": ("a persistent cough", "mild headaches in the afternoon", "a rash on my forearm",
                "trouble sleeping", "lower back pain", "a sore throat",
                "dizziness when I stand up", "itchy eyes"),
    "duration": ("for about a week", "since Monday", "for two or three days",
                 "on and off for a month"),
    "advice": ("drink plenty of fluids and rest", "keep a short diary of when it happens",
               "avoid screens for an hour before bed", "use a cold compress twice a day",
               "book an in-person visit if it gets worse"),
    "appointment": ("Tuesday morning", "Thursday afternoon", "next Monday", "Friday before noon"),
    "medication": ("ibuprofen", "the antihistamine", "the inhaler", "paracetamol",
                   "the new eye drops"),
    "tool": ("docker compose", "nginx", "the requests library", "PostgreSQL", "terraform",
             "kubectl", "pip", "a GitHub Actions workflow"),
    "error": ("a permission denied error", "a timeout after thirty seconds",
              "an SSL certificate error", "an out of memory crash", "a connection refused error"),
    "fix": ("pin the version in your requirements file",
            "restart the service after changing the config", "open the port in the firewall",
            "raise the memory limit", "clear the cache and rebuild",
            "regenerate the certificate"),
    "org": ("acme-labs", "northwind-dev", "data-team", "example-org"),
    "repo": ("billing-service", "etl-jobs", "website", "ml-experiments"),
    "db_user": ("app", "admin", "etl", "report_reader", "svc_billing"),
    "db_host": ("db.internal.example", "db-01.example.net", "localhost", "cache.example.com"),
    "db_name": ("orders", "analytics", "app", "inventory"),
    "weekday": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday"),
    "team": ("design", "finance", "platform", "sales"),
    "func": ("total", "sum_prices", "compute_total", "add_all"),
    "var": ("items", "names", "rows", "scores"),
    "folder": (".", "/var/log", "~/Downloads", "./build"),
    "ext": ("log", "tmp", "bak", "csv"),
    "file": ("orders", "users", "report"),
    "entity": ("customer", "region", "product", "store"),
}  # fmt: skip


@dataclass(frozen=True)
class Slot:
    """How a ``{slot}`` is filled, and the label its value gets (None: plain text)."""

    make: Callable[[random.Random], str]
    label: str | None = None  # entity type when the value is planted or a near miss
    subtype: str | None = None
    negative: bool = False
    # A kept value repeats when its slot recurs in the record: the product a customer names is
    # the one the agent replaces. Advice and actions are drawn anew, so replies don't echo.
    keep: bool = True


def _planted(make: Callable[[random.Random], str], label: str, subtype: str | None = None) -> Slot:
    return Slot(make, label, subtype)


def _near_miss(make: Callable[[random.Random], str], label: str, subtype: str) -> Slot:
    return Slot(make, label, subtype, negative=True)


def _words(options: tuple[str, ...], keep: bool) -> Slot:
    return Slot(lambda rng: rng.choice(options), keep=keep)


_REDRAWN = frozenset({"action", "advice", "fix", "resolution", "when", "thanks"})


SLOTS: dict[str, Slot] = {
    **{name: _words(words, name not in _REDRAWN) for name, words in SLOT_WORDS.items()},
    "person": _planted(fakes.person, "PERSON"),
    "email": _planted(fakes.email, "EMAIL_ADDRESS"),
    "phone_us": _planted(fakes.phone_us, "PHONE_NUMBER"),
    "phone_intl": _planted(fakes.phone_intl, "PHONE_NUMBER"),
    "credit_card": _planted(fakes.credit_card, "CREDIT_CARD"),
    "iban": _planted(fakes.iban, "IBAN_CODE"),
    "ssn": _planted(fakes.ssn, "US_SSN"),
    "ipv4": _planted(fakes.ipv4, "IP_ADDRESS"),
    "ipv6": _planted(fakes.ipv6, "IP_ADDRESS"),
    "street_address": _planted(fakes.street_address, "STREET_ADDRESS"),
    "dob": _planted(fakes.birth_date, "PERSONAL_DATE"),
    "visit_date": _planted(fakes.visit_date, "PERSONAL_DATE"),
    "mrn": _planted(fakes.medical_record_number, "MEDICAL_RECORD_NUMBER"),
    "fax": _planted(fakes.fax_number, "FAX_NUMBER"),
    "aws_key_id": _planted(fakes.aws_access_key_id, "SECRET", "aws_access_key_id"),
    "aws_secret": _planted(fakes.aws_secret_access_key, "SECRET", "aws_secret_access_key"),
    "github_token": _planted(fakes.github_token, "SECRET", "github_token"),
    "github_pat": _planted(fakes.github_fine_grained_token, "SECRET", "github_fine_grained_token"),
    "hf_token": _planted(fakes.huggingface_token, "SECRET", "huggingface_token"),
    "private_key": _planted(fakes.private_key_pem, "SECRET", "private_key"),
    "db_password": _planted(fakes.url_password, "SECRET", "url_password"),
    # A near miss is labelled with what a naive detector would call it; subtype says what it is.
    "git_sha": _near_miss(fakes.git_sha, "SECRET", "git_commit_sha"),
    "sha256": _near_miss(fakes.sha256_hex, "SECRET", "sha256_digest"),
    "uuid": _near_miss(fakes.uuid4, "SECRET", "uuid"),
    "order_number": _near_miss(fakes.order_number, "CREDIT_CARD", "order_number"),
    "email_no_tld": _near_miss(fakes.email_without_tld, "EMAIL_ADDRESS", "no_tld"),
    "docs_url": _near_miss(fakes.docs_url, "URL", "docs_url"),
    "clinic_date": _near_miss(fakes.clinic_date, "PERSONAL_DATE", "clinic_date"),
}

SUPPORT = ChatKit(
    system=(
        "You are a friendly support agent for {company}. Be concise and never ask for a full "
        "card number.",
        "You are the customer support assistant for {company}'s online store.",
        "Answer as a patient {company} support agent. Offer a refund only after troubleshooting.",
    ),
    opening=(
        "{greeting}, my {product} {problem}. Can you help?",
        "{greeting}. I bought a {product} from you last month and it {problem}.",
        "The {product} I ordered {problem}. What are my options?",
        "{greeting}! Quick question: my {product} {problem}, is that covered by the warranty?",
        "hey, the {product} {problem} again, this is the second time",
        "{greeting}, I need help with my {product}; it {problem}.",
    ),
    follow_up=(
        "I tried that already, no luck.",
        "{thanks}, that worked. Can I also change the delivery date?",
        "OK, give me a minute... done. Same thing.",
        "Is there a way to get a refund instead of a replacement?",
        "{thanks}. How long will that take?",
        "Alright, I'll try that tonight and let you know.",
    ),
    reply=(
        "I'm sorry to hear that. Could you {action}?",
        "Thank you for your patience. {resolution}, and you should see it {when}.",
        "Understood. Please {action} and let me know what happens.",
        "Good news: {resolution}. Is there anything else I can help with?",
        "That sounds frustrating, sorry about that. Let's start simple: please {action}.",
    ),
    planted=(
        ("user", "{greeting}, this is {person}. The email on my account is {email}."),
        ("user", "You can reach me at {phone_us} after five if that's easier."),
        ("user", "Please send the replacement to {street_address}, not the old address."),
        ("user", "I paid with the card {credit_card} and it was charged twice."),
        ("user", "For the refund my IBAN is {iban}, account holder {person}."),
        ("user", "My router's public IP is {ipv4}, in case that helps with the logs."),
        ("user", "I'm travelling this week, call me on {phone_intl} instead."),
        (
            "user",
            "I pasted my token {hf_token} into the integration page and it still says "
            "unauthorized.",
        ),
        ("assistant", "Thanks, {person}. I've updated the phone number on file to {phone_us}."),
        ("user", "It's {person}, I ordered with {email}. My {product} {problem}."),
    ),
    negatives=(
        ("user", "My order number is {order_number} and it still shows as processing."),
        ("assistant", "You can follow the reset steps at {docs_url} if it happens again."),
        ("assistant", "I've opened a ticket for you, the reference is {uuid}."),
        ("user", "I already wrote to {email_no_tld} last week but nobody answered."),
    ),
)

CLINIC = ChatKit(
    system=(
        "You are a triage nurse assistant for a community clinic. Do not give diagnoses; "
        "suggest a visit when unsure.",
        "You help patients of {clinic} with appointments and general health questions.",
    ),
    opening=(
        "{greeting}, I've had {symptom} {duration}.",
        "{greeting}. Since starting {medication} I've noticed {symptom}.",
        "Is it normal to have {symptom} {duration}?",
        "{greeting}, I'd like to book a follow-up about {symptom}.",
    ),
    follow_up=(
        "Should I keep taking {medication}?",
        "Can I come in {appointment}?",
        "It got a bit better but I still have {symptom}.",
        "{thanks}, that's reassuring.",
        "Does my regular doctor need to sign off on that?",
    ),
    reply=(
        "Thanks for letting us know. For now, {advice}.",
        "I can book you in for {appointment}. Does that work for you?",
        "Please {advice}, and message us again if anything changes.",
        "That sounds manageable. Keep taking {medication} as prescribed and {advice}.",
        "If it gets worse, or you develop a fever, please call the clinic straight away.",
    ),
    planted=(
        (
            "user",
            "My name is {person} and my SSN is {ssn}, the insurer asked me to give it to you.",
        ),
        ("user", "You can call me at {phone_us} or email {email}."),
        ("user", "I moved last month, my new address is {street_address}."),
        (
            "assistant",
            "Thanks, {person}, I found your record. We'll call you at {phone_us} to confirm.",
        ),
        ("user", "My daughter {person} will pick up the prescription, her number is {phone_intl}."),
        ("user", "For the billing form: {person}, social security number {ssn}."),
        ("user", "My date of birth is {dob} and my MRN is {mrn}, if you need them."),
        (
            "assistant",
            "Thanks, I found the chart for MRN {mrn}. Please fax the signed form to {fax}.",
        ),
        ("assistant", "Good morning {person}, your appointment on {visit_date} is confirmed."),
    ),
    negatives=(
        ("assistant", "Your lab request id is {uuid}; bring it to the front desk."),
        ("assistant", "From {clinic_date} the clinic opens an hour earlier on weekdays."),
        ("assistant", "The visit preparation guide is at {docs_url}."),
        ("user", "The pharmacy gave me the reference {order_number} for the refill."),
    ),
)
# A patient whose chat dropped starts a second conversation minutes later: same person, new id.
CLINIC_REOPENER = "Hi again, the chat dropped a moment ago. I was asking about {symptom}."

FORUM = ChatKit(
    system=("You are a helpful member of a developer forum. Answer briefly and ask for logs.",),
    opening=(
        "Has anyone seen {error} with {tool}? It started after an upgrade.",
        "{tool} keeps failing with {error} on a fresh machine, any ideas?",
        "Newbie question: why would {tool} give me {error}?",
        "After moving to the new server, {tool} fails with {error}.",
    ),
    follow_up=(
        "Tried that, still getting {error}.",
        "That fixed it, {thanks}!",
        "Where do I find the log you mean?",
        "Same here, fresh install, same error.",
    ),
    reply=(
        "You probably need to {fix}.",
        "I had the same thing last week; I had to {fix}.",
        "Can you post the full log? It's hard to tell from {error} alone.",
        "Usually that means the config is stale. Try to {fix}.",
        "Check the release notes for {tool}, the defaults changed. Then {fix}.",
    ),
    planted=(
        (
            "user",
            "Running aws s3 ls with aws_access_key_id={aws_key_id} "
            "aws_secret_access_key={aws_secret} gives AccessDenied.",
        ),
        (
            "user",
            'My credentials file has aws_access_key_id="{aws_key_id}" '
            'aws_secret_access_key="{aws_secret}" and boto3 ignores it.',
        ),
        (
            "assistant",
            "Here is a throwaway key I generated for testing, it works with the "
            "sample:\n{private_key}\nDon't use it anywhere real.",
        ),
        (
            "user",
            "I set DATABASE_URL=postgres://{db_user}:{db_password}@{db_host}:5432/{db_name} "
            "and still get {error}.",
        ),
        (
            "user",
            "mysql://{db_user}:{db_password}@{db_host}:3306/{db_name} works locally but not "
            "inside the container.",
        ),
        ("user", "REDIS_URL=redis://:{db_password}@{db_host}:6379/0 times out after the upgrade."),
        (
            "user",
            "I cloned with https://{github_token}@github.com/{org}/{repo}.git and now push "
            "is rejected.",
        ),
        ("user", "I export GITHUB_TOKEN={github_pat} and the workflow still gets a 403."),
        ("user", "huggingface-cli login --token {hf_token} returns 401, is the hub down?"),
        ("user", "The box at {ipv4} refuses connections on port 443, the firewall is off."),
        ("user", "It is listening on [{ipv6}]:8080 but nothing answers."),
        ("user", "Email me at {email} and I'll send the full log, it's too long to paste."),
    ),
    negatives=(
        ("assistant", "This was fixed in commit {git_sha}; upgrade and it should go away."),
        ("user", "The download's sha256 is {sha256} but the published one differs."),
        ("user", "Our alerts go to {email_no_tld}, so I only saw it this morning."),
        ("assistant", "See {docs_url} for the full configuration reference."),
        ("user", "The error page only shows a request id: {uuid}."),
    ),
)

INSTRUCTIONS = TaskKit(
    tasks=(
        ("Classify the sentiment of this review as positive or negative.",
         "The {product} {problem}. Really disappointed.", "Negative."),
        ("Classify the sentiment of this review as positive or negative.",
         "Love the new {product}, setup took two minutes.", "Positive."),
        ("Summarize the customer's problem in one sentence.",
         "{greeting}, I bought a {product} last month and it {problem}. I tried restarting it "
         "twice.", "The customer's {product} {problem} despite two restarts."),
        ("Rewrite this sentence in a more formal tone.",
         "hey, can u send me the report by {weekday}?",
         "Could you please send me the report by {weekday}?"),
        ("Explain what a budget is to a teenager.", "",
         "A budget is a plan for your money. You write down what you expect to earn and to "
         "spend, so you can see ahead of time whether you will have enough and where to cut "
         "back."),
        ("List three things to check before a long drive.", "",
         "1. Tyre pressure and tread.\n2. Oil and coolant levels.\n3. Lights and wipers."),
        ("Write a short, polite reply declining a meeting on {weekday}.", "",
         "Thank you for the invitation. Unfortunately I'm not available on {weekday}; could we "
         "find another time later in the week?"),
        ("Translate to French: \"Where is the train station?\"", "", "Où est la gare ?"),
        ("Give a title for this paragraph.",
         "Regular breaks during long study sessions help the brain consolidate what it has "
         "learned, and short walks improve focus afterwards.", "Why Study Breaks Work"),
        ("Summarize the note in one sentence.",
         "Reminder: the {team} meeting moves to {weekday} because of the holiday. Please update "
         "your calendars.", "The {team} meeting has moved to {weekday} because of the holiday."),
    ),
    planted=(
        ("Summarize this customer message in one sentence.",
         "Hello, my name is {person} and I live at {street_address}. My {product} {problem}; "
         "please call me at {phone_us}.",
         "The customer's {product} {problem} and they would like a phone call."),
        ("Draft a polite reply to this email.",
         "From: {email}\nHi, I paid for my {product} with the card {credit_card} and I see two "
         "payments on my statement.",
         "Thank you for letting us know about the double charge. We are looking into it and "
         "will refund the duplicate payment within five business days."),
        ("Extract the name, email address and phone number from the text.",
         "Please contact {person} at {email} or on {phone_intl} about the invoice.",
         "Name: {person}\nEmail: {email}\nPhone: {phone_intl}"),
        ("Rewrite this payment instruction more clearly.",
         "pls send deposit to IBAN {iban} asap, ref {person}",
         "Please transfer the deposit to IBAN {iban} as soon as possible, using \"{person}\" as "
         "the reference."),
        ("Explain this log line in plain English.",
         "sshd: Failed login for invalid user admin from {ipv4} port 52144 ssh2",
         "Someone connecting from {ipv4} tried to log in over SSH as a user named admin that "
         "does not exist, and the attempt failed."),
        ("Is this a valid IPv6 address? Answer yes or no.", "{ipv6}", "Yes."),
        ("Fill in the form field from the note.",
         "Note: applicant {person}, SSN {ssn}, lives at {street_address}.",
         "Social Security Number: {ssn}"),
        ("Fill in the intake form from the note.",
         "Seen today: patient {person}, born {dob}, medical record number {mrn}.",
         "Date of birth: {dob}\nMRN: {mrn}"),
    ),
    negatives=(
        ("Reply to this customer.", "Where is my order {order_number}? It was due last week.",
         "I'm sorry for the delay with order {order_number}. It left our warehouse yesterday "
         "and should arrive within two days."),
        ("What kind of identifier is this?", "{uuid}",
         "It is a version 4 UUID: a random 128-bit identifier written as 32 hexadecimal digits "
         "in five groups."),
        ("Where can I read the setup guide?", "", "The setup guide is online at {docs_url}."),
        ("Is this a valid email address?", "{email_no_tld}",
         "Not on the public internet: the domain has no top-level domain, so it can only work "
         "inside a local network."),
    ),
)  # fmt: skip

CODE_HELP = TaskKit(
    tasks=(
        ("Why does my Python function return None?",
         "def {func}(values):\n    total = sum(values)\n\nprint({func}([1, 2, 3]))",
         "{func} computes the total but never returns it, so the call evaluates to None. Add "
         "`return total` as the last line of {func}."),
        ("Explain what this shell command does.",
         "find {folder} -name '*.{ext}' -mtime +30 -delete",
         "It searches {folder} recursively for files ending in .{ext} that were last modified "
         "more than 30 days ago and deletes them."),
        ("How do I read a CSV file into a list of dictionaries in Python?", "",
         "Use csv.DictReader:\n\nimport csv\n\nwith open(\"{file}.csv\", newline=\"\") as "
         "handle:\n    rows = list(csv.DictReader(handle))"),
        ("Fix the off-by-one error in this loop.",
         "for i in range(1, len({var})):\n    print({var}[i])",
         "The loop starts at index 1 and skips the first element of {var}. Iterate directly "
         "instead:\n\nfor item in {var}:\n    print(item)"),
        ("Write a SQL query that counts orders per {entity}.", "",
         "SELECT {entity}_id, COUNT(*) AS orders\nFROM orders\nGROUP BY {entity}_id\n"
         "ORDER BY orders DESC;"),
        ("What is the difference between a list and a tuple in Python?", "",
         "A list is mutable: you can append, remove and reassign items. A tuple is immutable "
         "once created, which makes it hashable and a good fit for fixed records and dict keys."),
        ("Why does this comparison print False?", "print(0.1 + 0.2 == 0.3)",
         "Floating-point numbers cannot represent 0.1 and 0.2 exactly, so the sum is "
         "0.30000000000000004. Compare with math.isclose(0.1 + 0.2, 0.3) instead."),
        ("Make this function handle a missing file.",
         "def load(path):\n    with open(path) as handle:\n        return handle.read()",
         "def load(path):\n    try:\n        with open(path) as handle:\n            return "
         "handle.read()\n    except FileNotFoundError:\n        return \"\""),
    ),
    planted=(
        ("Why can't my script connect to the database?",
         "import psycopg2\n\nconn = psycopg2.connect(\"postgres://{db_user}:{db_password}@"
         "{db_host}:5432/{db_name}\")",
         "The URL is well formed, so check that {db_host} accepts connections on port 5432. "
         "Then move the password into an environment variable and rotate it."),
        ("My upload script fails with InvalidClientTokenId. What is wrong?",
         "s3 = boto3.client(\"s3\", aws_access_key_id=\"{aws_key_id}\", "
         "aws_secret_access_key=\"{aws_secret}\")",
         "The key id is not recognised, most likely because it was deactivated. Create a new "
         "key in IAM, and read it from the environment instead of hard-coding it."),
        ("Why does git push ask for my password?",
         "git remote set-url origin https://{github_token}@github.com/{org}/{repo}.git\n"
         "git push origin main",
         "The token in the remote URL has expired or lacks the repo scope. Revoke it, create a "
         "new one and use a credential helper so it stays out of your shell history."),
        ("How do I authenticate to the Hugging Face Hub in CI?", "",
         "Store the token as a CI secret and log in with it, for example:\n\n"
         "export HF_TOKEN={hf_token}\nhuggingface-cli login --token $HF_TOKEN"),
        ("Why does the workflow get 403 when creating a release?",
         "env:\n  GITHUB_TOKEN: {github_pat}",
         "The fine-grained token needs the contents: write permission on this repository. Keep "
         "it in a repository secret rather than in the workflow file."),
        ("Why is my server unreachable?",
         "curl: (7) Failed to connect to {ipv4} port 443 after 21 ms: Connection refused",
         "Nothing is listening on port 443 at {ipv4}, or a firewall rejects the connection. "
         "Check that the web server runs and is bound to the right interface."),
        ("Set my git identity.", "",
         "git config --global user.name \"{person}\"\ngit config --global user.email "
         "\"{email}\""),
        ("Why does my Redis client time out?",
         "client = redis.from_url(\"redis://:{db_password}@{db_host}:6379/0\")",
         "Check that {db_host} is reachable on port 6379 and that the server requires the "
         "password you pass; a wrong password usually fails fast instead of timing out."),
    ),
    negatives=(
        ("Summarize what this commit does.", "commit {git_sha}\n    Fix off-by-one in pagination",
         "Commit {git_sha} fixes an off-by-one error in the pagination code."),
        ("How do I verify this download?", "sha256: {sha256}",
         "Run sha256sum on the file and compare the printed digest with {sha256}; they must "
         "match exactly."),
        ("Where are the docs for the auth API?", "", "The reference lives at {docs_url}."),
        ("What is this value in my logs?", "request_id={uuid}",
         "It is a request identifier, a random version 4 UUID; it carries no credentials."),
    ),
)  # fmt: skip

CHAT_KITS = {"support": SUPPORT, "clinic": CLINIC, "forum": FORUM}
TASK_KITS = {"instructions": INSTRUCTIONS, "code_help": CODE_HELP}

# source folder -> (license, pretty_name, what it is); forum_threads has no card on purpose.
CARDS = {
    "support_chats": ("cc-by-4.0", "Support Chats",
                      "Synthetic conversations between shoppers and a store's support agent."),
    "clinic_dialogues": ("cc-by-nc-4.0", "Clinic Dialogues",
                         "Synthetic patient messages to a clinic's triage nurse. "
                         "Non-commercial use only."),
    "instructions": ("apache-2.0", "General Instructions",
                     "Synthetic instruction-following examples in the Alpaca format."),
    "code_help": ("mit", "Code Help",
                  "Synthetic programming questions and answers in the Alpaca format."),
}  # fmt: skip

MIT_LICENSE = """\
MIT License

Copyright (c) 2024 Code Help Dataset Contributors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""
