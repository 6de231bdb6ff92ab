#!/bin/sh
# gemini-cli in ACP mode, from the folder .ci/run installs it into (ADAPTER_QUALIFY_GEMINI_DIR, by default
# /tmp/adapter-qualify-gemini-cli). exec: the agent process the suite signals is gemini-cli itself.
dir="${ADAPTER_QUALIFY_GEMINI_DIR:-/tmp/adapter-qualify-gemini-cli}"
bundle="$dir/node_modules/@google/gemini-cli/bundle/gemini.js"
if [ ! -f "$bundle" ]; then
  echo "gemini-acp.sh: no gemini-cli at $bundle (install it: npm install --prefix \"$dir\" --ignore-scripts @google/gemini-cli@0.61.0)" >&2
  exit 127
fi
# Usage statistics off: with them on, gemini-cli resolves play.googleapis.com at start-up.
GEMINI_CLI_SYSTEM_SETTINGS_PATH="$(dirname "$0")/system-settings.json"
export GEMINI_CLI_SYSTEM_SETTINGS_PATH
exec node "$bundle" --acp
