"""Fixture ok-false-exit-0: Failed calls answer ok: false with exit code 0 (TRN-OK).

The tools are the reference adapter's (../../manifest-reference/reference_tools.py), with the defect "ok-false-exit-0".
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "manifest-reference"))

from reference_tools import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], HERE, defect="ok-false-exit-0"))
