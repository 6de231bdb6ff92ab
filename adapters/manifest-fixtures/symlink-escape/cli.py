"""Fixture symlink-escape: SKILL.md is a symlink to a file outside the adapter root (MAN-PATHS).

The tools are the reference adapter's (../../manifest-reference/reference_tools.py).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "manifest-reference"))

from reference_tools import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], HERE, defect=None))
