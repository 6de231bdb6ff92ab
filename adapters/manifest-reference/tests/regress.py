"""Regression script of the reference manifest adapter (the manifest's `regression` argv).

python3 tests/regress.py [--quick]: runs every read-only tool once through the
default transport and checks the basic response shape. Exit 0 when all held.
"""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = [("status", {}), ("measure", {"text": "héllo", "unit": "bytes"})]


def run(tool, arguments):
    completed = subprocess.run(
        [sys.executable, os.path.join(ROOT, "cli.py"), tool, "--input", json.dumps(arguments)],
        cwd=ROOT, capture_output=True, text=True, timeout=30, check=False,
    )
    response = json.loads(completed.stdout)
    return completed.returncode == 0 and response.get("ok") is True


if __name__ == "__main__":
    failed = [tool for tool, arguments in CASES if not run(tool, arguments)]
    print(json.dumps({"ok": not failed, "failed": failed}))
    sys.exit(1 if failed else 0)
