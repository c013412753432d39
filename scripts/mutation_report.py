"""The results of ``scripts/mutation run``: counts by status, the score, and every mutant that
no test caught, with the change it makes (one line each: name, file:line, old -> new).

    scripts/mutation report              the summary and the survivors
    scripts/mutation report --all        every mutant not killed, whatever its status
    scripts/mutation report --sample     only the mutants ``scripts/mutation sample`` drew,
                                         with the score's 95% interval

The score counts a mutant as caught when a test failed, it ran past mutmut's time limit
(a round that never ends is caught by the action limit, or by the clock), or it crashed the
test process (a loop that fills the memory).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from mutmut.configuration import config
from mutmut.mutation.data import SourceFileMutationData
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code
from mutmut.utils.file_utils import walk_mutatable_files

from scripts.mutation_sample import SAMPLE, wilson

CAUGHT = ("killed", "timeout", "segfault")


def _change(name: str, path: Path) -> str:
    """The mutant's diff, squeezed to ``old -> new`` on one line."""
    removed: list[str] = []
    added: list[str] = []
    for line in get_diff_for_mutant(name, path=path).splitlines():
        if line.startswith("---") or line.startswith("+++"):
            continue
        if line.startswith("-"):
            removed.append(line[1:].strip())
        elif line.startswith("+"):
            added.append(line[1:].strip())
    return f"{' / '.join(removed)}  ->  {' / '.join(added)}"


def main(argv: list[str]) -> int:
    config()  # reads [tool.mutmut] from pyproject.toml in the current folder
    sample = set(SAMPLE.read_text(encoding="utf-8").split()) if "--sample" in argv else None
    counts: Counter[str] = Counter()
    left: list[tuple[str, str, str]] = []
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        for name, code in sorted(data.exit_code_by_key.items()):
            if sample is not None and name not in sample:
                continue
            status = status_by_exit_code[code]
            counts[status] += 1
            if status not in CAUGHT and (status == "survived" or "--all" in argv):
                left.append((status, name, str(path)))
    total = sum(counts.values())
    if not total:
        print("no results yet: run scripts/mutation first", file=sys.stderr)
        return 1
    caught = sum(counts[s] for s in CAUGHT)
    for status, n in counts.most_common():
        print(f"{status:>28}: {n}")
    print(f"{'score':>28}: {caught}/{total} = {100 * caught / total:.1f}% caught")
    if sample is not None:
        tested = total - counts["not checked"]
        low, high = wilson(caught, tested)
        print(
            f"{'of those tested':>28}: {caught}/{tested} = {100 * caught / tested:.1f}%"
            f" (95% interval {100 * low:.1f}% to {100 * high:.1f}%)"
        )
    for status, name, path in left:
        print(f"{status}\t{name}\t{_change(name, Path(path))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
