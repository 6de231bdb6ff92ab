"""adapter-qualify's runtime-hook probe (ours, not the adapter's).

python3 -I -B hookProbe.py <root> <module-path> <marker>

Installs a PEP 578 audit hook first, then imports the adapter's runtime module
from <root>. Every process-spawning or file-writing event during the import is
recorded and refused (so the probe leaves no trace); then the module's public
functions are listed and, when it defines tools(), its result is captured
(the hook stays on, refusing the same events). The result is one line on the
real stdout: <marker> followed by a JSON object; the module's own output is
swallowed.
"""

import importlib.util
import inspect
import io
import json
import os
import sys

SPAWN_EVENTS = {
    "subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
    "os.fork", "os.forkpty", "os.startfile", "pty.spawn", "os.popen",
}
WRITE_EVENTS = {
    "os.remove", "os.rename", "os.mkdir", "os.rmdir", "os.truncate", "os.link",
    "os.symlink", "os.chmod", "os.chown", "os.utime", "os.chflags", "os.lchflags",
    "os.lchmod", "os.lchown", "os.mkfifo", "os.mknod", "os.setxattr", "os.removexattr",
    "shutil.rmtree", "shutil.move", "shutil.copyfile", "shutil.copytree", "shutil.chown",
}
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC

state = {"phase": "setup", "import": [], "tools": []}


def _describe(event, args):
    try:
        return "%s %s" % (event, ", ".join(repr(arg)[:200] for arg in args))
    except Exception:  # noqa: BLE001 - a hostile repr must not break the probe
        return event


def _is_effect(event, args):
    if event in SPAWN_EVENTS or event in WRITE_EVENTS:
        return True
    if event == "open" and len(args) >= 3:
        mode, flags = args[1], args[2]
        if isinstance(flags, int) and flags & WRITE_FLAGS:
            return True
        if isinstance(mode, str) and any(letter in mode for letter in "wax+"):
            return True
    return False


def _audit(event, args):
    phase = state["phase"]
    if phase in ("import", "tools") and _is_effect(event, args):
        state[phase].append(_describe(event, args))
        raise PermissionError("adapter-qualify: %s refused while probing the runtime hook" % event)


def main():
    root, module_path, marker = sys.argv[1], sys.argv[2], sys.argv[3]
    real_stdout = sys.stdout
    result = {"imported": False, "importError": None, "importEvents": [], "functions": [],
              "hasTools": False, "tools": None, "toolsError": None, "toolsEvents": []}
    sys.path.insert(0, root)
    name = os.path.splitext(os.path.basename(module_path))[0]
    spec = importlib.util.spec_from_file_location(name, module_path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    sys.addaudithook(_audit)
    sys.stdout = io.StringIO()
    state["phase"] = "import"
    try:
        spec.loader.exec_module(module)
        result["imported"] = True
    except BaseException as error:  # noqa: BLE001 - SystemExit included
        result["importError"] = "%s: %s" % (type(error).__name__, error)
    state["phase"] = "after-import"
    if result["imported"]:
        result["functions"] = sorted(
            key for key, value in vars(module).items()
            if inspect.isfunction(value) and getattr(value, "__module__", None) == name and not key.startswith("_")
        )
        tools = getattr(module, "tools", None)
        if callable(tools):
            result["hasTools"] = True
            state["phase"] = "tools"
            try:
                result["tools"] = json.loads(json.dumps(tools()))
            except BaseException as error:  # noqa: BLE001
                result["toolsError"] = "%s: %s" % (type(error).__name__, error)
            state["phase"] = "done"
    result["importEvents"] = state["import"]
    result["toolsEvents"] = state["tools"]
    sys.stdout = real_stdout
    real_stdout.write("\n" + marker + json.dumps(result) + "\n")
    real_stdout.flush()


main()
