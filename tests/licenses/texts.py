"""License files as they appear in dataset and model folders (long texts abridged at [...])."""

from __future__ import annotations

MIT = """\
MIT License

Copyright (c) 2024 Example Data Contributors

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

BSD_3_CLAUSE = """\
BSD 3-Clause License

Copyright (c) 2023, Example Lab
All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright notice, this
   list of conditions and the following disclaimer.

2. Redistributions in binary form must reproduce the above copyright notice,
   this list of conditions and the following disclaimer in the documentation
   and/or other materials provided with the distribution.

3. Neither the name of the copyright holder nor the names of its
   contributors may be used to endorse or promote products derived from
   this software without specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
"""

APACHE_2_0 = """\

                                 Apache License
                           Version 2.0, January 2004
                        http://www.apache.org/licenses/

   TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION

   1. Definitions.

      "License" shall mean the terms and conditions for use, reproduction,
      and distribution as defined by Sections 1 through 9 of this document.
      [...]

   2. Grant of Copyright License. Subject to the terms and conditions of
      this License, each Contributor hereby grants to You a perpetual,
      worldwide, non-exclusive, no-charge, royalty-free, irrevocable
      copyright license to reproduce, prepare Derivative Works of,
      publicly display, publicly perform, sublicense, and distribute the
      Work and such Derivative Works in Source or Object form.

   3. Grant of Patent License. [...]

   4. Redistribution. You may reproduce and distribute copies of the
      Work or Derivative Works thereof in any medium, with or without
      modifications, and in Source or Object form, provided that You
      meet the following conditions: [...]

   5. Submission of Contributions. [...]

   6. Trademarks. This License does not grant permission to use the trade
      names, trademarks, service marks, or product names of the Licensor,
      except as required for reasonable and customary use in describing the
      origin of the Work and reproducing the content of the NOTICE file.

   7. Disclaimer of Warranty. [...]

   8. Limitation of Liability. [...]

   9. Accepting Warranty or Additional Liability. [...]

   END OF TERMS AND CONDITIONS
"""

APACHE_NOTICE = """\
Copyright 2024 Example Corp.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
"""

_CC_SECTIONS = """
Section 1 – Definitions.
[...]
Section 2 – Scope.
[...]
Section 3 – License Conditions.

Your exercise of the Licensed Rights is expressly made subject to the following conditions.
[...]
Section 4 – Sui Generis Database Rights.
[...]
Section 5 – Disclaimer of Warranties and Limitation of Liability.
[...]
Section 6 – Term and Termination.
[...]
Section 7 – Other Terms and Conditions.
[...]
Section 8 – Interpretation.
[...]
"""


def _cc(title: str, extra: str = "") -> str:
    return (
        f"{title}\n\nBy exercising the Licensed Rights (defined below), You accept and agree to "
        f'be bound by the terms and conditions of this {title} ("Public License").\n'
        f"{extra}{_CC_SECTIONS}"
    )


CC_BY_4_0 = _cc("Creative Commons Attribution 4.0 International Public License")

CC_BY_SA_4_0 = _cc(
    "Creative Commons Attribution-ShareAlike 4.0 International Public License",
    "BY-SA Compatible License means a license listed at creativecommons.org/compatiblelicenses,\n"
    "approved by Creative Commons as essentially the equivalent of this Public License.\n"
    "The Adapter's License You apply must be a Creative Commons license with the same License\n"
    "Elements, this version or later, or a BY-SA Compatible License.\n",
)

CC_BY_NC_4_0 = _cc(
    "Creative Commons Attribution-NonCommercial 4.0 International Public License",
    "NonCommercial means not primarily intended for or directed towards commercial advantage\n"
    "or monetary compensation.\n"
    "a. reproduce and Share the Licensed Material, in whole or in part, for NonCommercial\n"
    "purposes only; and\n",
)

LLAMA_3_1 = """\
LLAMA 3.1 COMMUNITY LICENSE AGREEMENT
Llama 3.1 Version Release Date: July 23, 2024

“Agreement” means the terms and conditions for use, reproduction, distribution and
modification of the Llama Materials set forth herein.
[...]
i. If you distribute or make available the Llama Materials (or any derivative works
thereof), or a product or service (including another AI model) that contains any of them,
you shall (A) provide a copy of this Agreement with any such Llama Materials; and (B)
prominently display “Built with Llama” on a related website, user interface, blogpost,
about page, or product documentation. If you use the Llama Materials or any outputs or
results of the Llama Materials to create, train, fine tune, or otherwise improve an AI
model, which is distributed or made available, you shall also include “Llama” at the
beginning of any such AI model name.
[...]
iii. You must retain in all copies of the Llama Materials that you distribute the following
attribution notice within a “Notice” text file distributed as a part of such copies:
“Llama 3.1 is licensed under the Llama 3.1 Community License, Copyright © Meta Platforms,
Inc. All Rights Reserved.”
iv. Your use of the Llama Materials must comply with applicable laws and regulations
(including trade compliance laws and regulations) and adhere to the Acceptable Use Policy
for the Llama Materials (available at https://llama.meta.com/llama3_1/use-policy), which
is hereby incorporated by reference into this Agreement.

2. Additional Commercial Terms. If, on the Llama 3.1 version release date, the monthly
active users of the products or services made available by or for Licensee, or Licensee’s
affiliates, is greater than 700 million monthly active users in the preceding calendar
month, you must request a license from Meta, [...]
"""

LLAMA_3 = """\
META LLAMA 3 COMMUNITY LICENSE AGREEMENT
Meta Llama 3 Version Release Date: April 18, 2024

“Agreement” means the terms and conditions for use, reproduction, distribution and
modification of the Llama Materials set forth herein.
[...]
you shall (A) provide a copy of this Agreement with any such Llama Materials; and (B)
prominently display “Built with Meta Llama 3” on a related website, user interface,
blogpost, about page, or product documentation. If you use the Llama Materials to create,
train, fine tune, or otherwise improve an AI model, which is distributed or made available,
you shall also include “Llama 3” at the beginning of any such AI model name.
[...]
“Meta Llama 3 is licensed under the Meta Llama 3 Community License, Copyright © Meta
Platforms, Inc. All Rights Reserved.”
[...]
v. You will not use the Llama Materials or any output or results of the Llama Materials to
improve any other large language model (excluding Meta Llama 3 or derivative works thereof).

2. Additional Commercial Terms. If, on the Meta Llama 3 version release date, the monthly
active users [...] is greater than 700 million monthly active users in the preceding
calendar month, you must request a license from Meta, [...]
"""

OPENRAIL_M = """\
Copyright (c) 2022 Example Model Authors

BigScience Open RAIL-M License
dated August 18, 2022

Section I: PRELIMINARY CONSIDERATIONS
[...]
Section II: INTELLECTUAL PROPERTY RIGHTS
[...]
Section III: CONDITIONS OF USAGE, DISTRIBUTION AND REDISTRIBUTION
4. Distribution and Redistribution. [...] a. Use-based restrictions as referenced in
paragraph 5 MUST be included as an enforceable provision by You in any type of legal
agreement (e.g. a license) governing the use and/or distribution of the Model or
Derivatives of the Model, [...]
Section IV: OTHER PROVISIONS
[...]
Attachment A

Use Restrictions

You agree not to use the Model or Derivatives of the Model:
(a) In any way that violates any applicable national, federal, state, local or
international law or regulation; [...]
"""
