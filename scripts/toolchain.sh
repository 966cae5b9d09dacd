#!/usr/bin/env bash
# Makes sure a Node.js 22+ is available to the project and prints the folder holding its `node`.
#
# The product targets Node 22 (Cloud Functions' nodejs22 runtime; firebase-admin 14 needs it). Where the
# machine's own `node` is older, the official binary is fetched from the npm registry (the `node-<os>-<arch>`
# package ships it; `npm pack` checks its integrity) into .toolchain/, which git ignores. On a machine whose
# `node` is already 22 or newer this does nothing but print that node's folder.
#
# Usage: bash scripts/toolchain.sh            (prints the bin folder; fetches Node when needed)
#        source scripts/toolchain.sh && toolchain_node_bin
set -euo pipefail

TOOLCHAIN_NODE_MIN_MAJOR=22
# Pinned so every machine runs the same Node; bump deliberately.
TOOLCHAIN_NODE_VERSION=22.23.3
TOOLCHAIN_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

toolchain_node_major() {
  "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0
}

toolchain_package_name() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "Node.js $TOOLCHAIN_NODE_MIN_MAJOR+ is required and this system ($(uname -s)) is not one the project can fetch it for: install Node.js $TOOLCHAIN_NODE_MIN_MAJOR from https://nodejs.org." >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "Node.js $TOOLCHAIN_NODE_MIN_MAJOR+ is required and this CPU ($(uname -m)) is not one the project can fetch it for: install Node.js $TOOLCHAIN_NODE_MIN_MAJOR from https://nodejs.org." >&2; return 1 ;;
  esac
  echo "node-$os-$arch"
}

toolchain_node_bin() {
  local system_node
  system_node="$(command -v node || true)"
  if [[ -n "$system_node" && "$(toolchain_node_major "$system_node")" -ge "$TOOLCHAIN_NODE_MIN_MAJOR" ]]; then
    dirname "$system_node"
    return 0
  fi

  local dir="$TOOLCHAIN_ROOT/.toolchain/node-v$TOOLCHAIN_NODE_VERSION"
  if [[ -x "$dir/bin/node" && "$(toolchain_node_major "$dir/bin/node")" -ge "$TOOLCHAIN_NODE_MIN_MAJOR" ]]; then
    echo "$dir/bin"
    return 0
  fi

  if ! command -v npm >/dev/null; then
    echo "Node.js $TOOLCHAIN_NODE_MIN_MAJOR+ is required and npm, needed to fetch it, was not found: install Node.js $TOOLCHAIN_NODE_MIN_MAJOR from https://nodejs.org." >&2
    return 1
  fi
  local package
  package="$(toolchain_package_name)" || return 1
  echo "Fetching Node.js $TOOLCHAIN_NODE_VERSION ($package) from the npm registry into .toolchain/ ..." >&2
  local staging
  staging="$(mktemp -d "$TOOLCHAIN_ROOT/.toolchain-staging.XXXXXX")"
  if ! (cd "$staging" && npm pack --silent "$package@$TOOLCHAIN_NODE_VERSION" >/dev/null 2>"$staging/npm.log"); then
    echo "Could not fetch $package@$TOOLCHAIN_NODE_VERSION from the npm registry ($(tail -n 1 "$staging/npm.log")): install Node.js $TOOLCHAIN_NODE_MIN_MAJOR from https://nodejs.org." >&2
    rm -rf "$staging"
    return 1
  fi
  mkdir -p "$staging/unpacked" "$TOOLCHAIN_ROOT/.toolchain"
  tar -xzf "$staging"/*.tgz -C "$staging/unpacked" --strip-components=1 package/bin/node package/LICENSE
  rm -rf "$dir"
  mv "$staging/unpacked" "$dir"
  rm -rf "$staging"
  echo "$dir/bin"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  toolchain_node_bin >/dev/null
  project_node="$("$(toolchain_node_bin)/node" --version)"
  if [[ "$(toolchain_node_major node)" -lt "$TOOLCHAIN_NODE_MIN_MAJOR" ]]; then
    echo "This machine's node is $(node --version 2>/dev/null || echo missing): npm's EBADENGINE warnings above are expected; every npm script of this project runs on Node.js $project_node from .toolchain/." >&2
  else
    echo "Node.js for this project: $project_node" >&2
  fi
fi
