#!/usr/bin/env bash
# Installs GoAccess (Debian package `goaccess`), the log analyser `bench import` compares the
# importer's parse speed with. Idempotent: does nothing when `goaccess` is on PATH. Needs root
# (or sudo) and apt-get; prints one line.
set -euo pipefail

if command -v goaccess > /dev/null; then
  echo "install-goaccess: found $(command -v goaccess)"
  exit 0
fi
if ! command -v apt-get > /dev/null; then
  echo "install-goaccess: no goaccess found and no apt-get; install GoAccess" >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo > /dev/null; then sudo=(sudo); else
    echo "install-goaccess: no goaccess found; run as root to install it with apt-get" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq > /dev/null
"${sudo[@]}" apt-get install -y -qq goaccess > /dev/null
echo "install-goaccess: installed $(command -v goaccess)"
