#!/usr/bin/env bash
# Runs a command with the project's Node.js 22+ first on PATH (see toolchain.sh). Every npm script goes
# through here, so `npm start` and `npm test` behave the same on a machine whose own node is older.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
node_bin="$(toolchain_node_bin)"
export PATH="$node_bin:$PATH"
# Node 22 runs the TypeScript scripts in scripts/ directly; its notice about type stripping is noise here.
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--disable-warning=ExperimentalWarning"
# A broken install is named in one sentence here, before it shows up as type errors or a missing module.
if [[ -z "${INSTALL_CHECKED:-}" ]]; then
  node "$(dirname "${BASH_SOURCE[0]}")/check-install.ts"
  export INSTALL_CHECKED=1
fi
exec "$@"
