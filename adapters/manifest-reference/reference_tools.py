"""The reference adapter's tools behind the default transport.

`python3 cli.py <tool> --input <JSON-object>` prints exactly one JSON object on
stdout: `ok: true` with exit code 0, or `ok: false` with an `outcome` and exit
code 1 (2 for a bad command line). Inputs are validated against the tool's
`inputSchema` (the JSON Schema subset the catalog uses) before dispatch.

The fixtures in ../manifest-fixtures/ reuse this module with one `defect`.
"""

import json
import os
import sys

VERSION = "1.0.0"


class Refusal(Exception):
    """The input was refused before anything ran: `outcome: not-submitted`."""


def _type_ok(value, expected):
    if expected == "object":
        return isinstance(value, dict)
    if expected == "array":
        return isinstance(value, list)
    if expected == "string":
        return isinstance(value, str)
    if expected == "boolean":
        return isinstance(value, bool)
    if expected == "null":
        return value is None
    if expected == "integer":
        return (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, float) and value.is_integer())
    if expected == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    raise Refusal("schema type %r is not supported" % expected)


def check(value, schema, path="$"):
    """Raises Refusal when `value` breaks `schema` (subset: type, enum, const, bounds, properties, items)."""
    if schema is True or schema == {}:
        return
    if schema is False:
        raise Refusal("%s: no value is allowed" % path)
    if "type" in schema and not _type_ok(value, schema["type"]):
        raise Refusal("%s: expected %s" % (path, schema["type"]))
    if "enum" in schema and value not in schema["enum"]:
        raise Refusal("%s: not one of %s" % (path, json.dumps(schema["enum"])))
    if "const" in schema and value != schema["const"]:
        raise Refusal("%s: must be %s" % (path, json.dumps(schema["const"])))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            raise Refusal("%s: below %s" % (path, schema["minimum"]))
        if "maximum" in schema and value > schema["maximum"]:
            raise Refusal("%s: above %s" % (path, schema["maximum"]))
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            raise Refusal("%s: shorter than %d characters" % (path, schema["minLength"]))
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            raise Refusal("%s: longer than %d characters" % (path, schema["maxLength"]))
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for name in schema.get("required", []):
            if name not in value:
                raise Refusal("%s: missing %s" % (path, name))
        for name, item in value.items():
            if name in properties:
                check(item, properties[name], "%s.%s" % (path, name))
            elif schema.get("additionalProperties", True) is False:
                raise Refusal("%s: unknown field %s" % (path, name))
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            check(item, schema["items"], "%s[%d]" % (path, index))


def _status(arguments):
    return {"ok": True, "adapter": "manifest-reference", "version": VERSION, "verbose": arguments.get("verbose", False)}


def _measure(arguments):
    unit = arguments.get("unit", "chars")
    text = arguments["text"] * arguments.get("repeat", 1)
    length = len(text) if unit == "chars" else len(text.encode("utf-8"))
    return {"ok": True, "length": length, "unit": unit}


def _note(arguments):
    scratch = os.environ.get("ADAPTER_QUALIFY_SCRATCH")
    if not scratch or not os.path.isdir(scratch):
        raise Refusal("ADAPTER_QUALIFY_SCRATCH is not a directory: nothing to write to")
    path = os.path.join(scratch, "notes.txt")
    with open(path, "a", encoding="utf-8") as notes:
        notes.write(json.dumps(arguments["text"]) + "\n")
    with open(path, encoding="utf-8") as notes:
        return {"ok": True, "stored": sum(1 for _ in notes)}


HANDLERS = {"status": _status, "measure": _measure, "note": _note}


def _emit(response, exit_code, defect):
    text = json.dumps(response)
    sys.stdout.write(text + "\n")
    if defect == "two-json" and response.get("ok") is True:
        sys.stdout.write(text + "\n")  # the defect: a second document
    return exit_code


def _failure(outcome, code, message, defect):
    response = {"ok": False, "outcome": outcome, "error": {"code": code, "message": message}}
    if defect == "no-outcome":
        del response["outcome"]
    # The defect "ok-false-exit-0": failures exit 0.
    exit_code = 0 if defect == "ok-false-exit-0" else (2 if code == "usage" else 1)
    return _emit(response, exit_code, defect)


def main(argv, root, defect=None):
    """Runs one tool call; returns the exit code. `root` holds tools.json."""
    if len(argv) != 3 or argv[1] != "--input":
        return _failure("not-submitted", "usage", "usage: cli.py <tool> --input <JSON-object>", defect)
    name, raw = argv[0], argv[2]
    with open(os.path.join(root, "tools.json"), encoding="utf-8") as catalog_file:
        catalog = json.load(catalog_file)
    tools = {tool["name"]: tool for tool in catalog["tools"]}
    if name not in tools or name not in HANDLERS:
        return _failure("not-submitted", "usage", "unknown tool %r" % name, defect)
    try:
        arguments = json.loads(raw)
        if not isinstance(arguments, dict):
            raise Refusal("--input must be a JSON object")
        check(arguments, tools[name]["inputSchema"])
        response = HANDLERS[name](arguments)
    except (ValueError, Refusal) as error:
        return _failure("not-submitted", "invalid-input", str(error), defect)
    except OSError as error:
        return _failure("unknown", "io", str(error), defect)
    return _emit(response, 0, defect)
