"""Leak-free train/validation/test splits and the leakage check.

Data flow, one module each:
  split.split_dataset   read -> keys (normalize, salted hash, union-find units) -> assign
                        (hash | ledger | time rule) -> layout (write per split) + ledger + report
  leaks.check_leaks     corpus (read a split folder) -> group keys, exact text (text),
                        near-duplicates (neardup), contamination -> LeakReport
  fix.fix_leaks         check -> link records (graph) -> move linked sets into one split
Entry points take ``LoadedPolicy`` plus ``options.SplitOptions`` / ``options.LeakOptions``;
``options.parse_*`` turn command-line text into those options.
"""
