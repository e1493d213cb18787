#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (test/browser) when /usr/bin/chromium is
# missing. playwright-core drives it; no tool downloads a browser of its own. Needs root.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "scripts/browser.sh: /usr/bin/chromium is missing and installing it needs root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium >/dev/null
echo "scripts/browser.sh: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
