#!/usr/bin/env bash
# Installs the headless Chromium that @crawlgate/renderer-chromium drives, from Debian's packages
# (chromium-headless-shell: the "old headless" shell, half the CPU per render of the full
# browser; see docs/decisions.md "Renderers"). Idempotent: does nothing when a Chromium is
# already found where the renderer looks (CRAWLGATE_CHROMIUM, then the known paths). Needs root
# (or sudo) and apt-get; prints one line.
set -euo pipefail

candidates=(
  "${CRAWLGATE_CHROMIUM:-}"
  /usr/lib/chromium/chromium-headless-shell
  /usr/lib/chromium/chromium
  /usr/bin/chromium-headless-shell
  /usr/bin/chromium
  /usr/bin/chromium-browser
  /usr/bin/google-chrome-stable
  /usr/bin/google-chrome
)
for candidate in "${candidates[@]}"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then
    echo "install-chromium: found $candidate"
    exit 0
  fi
done

if ! command -v apt-get > /dev/null; then
  echo "install-chromium: no Chromium found and no apt-get; install Chromium and set CRAWLGATE_CHROMIUM" >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo > /dev/null; then sudo=(sudo); else
    echo "install-chromium: no Chromium found; run as root to install it with apt-get" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq > /dev/null
if ! "${sudo[@]}" apt-get install -y -qq chromium-headless-shell > /dev/null; then
  "${sudo[@]}" apt-get install -y -qq chromium > /dev/null
fi
echo "install-chromium: installed $(ls /usr/lib/chromium/chromium-headless-shell /usr/lib/chromium/chromium 2>/dev/null | head -1)"
