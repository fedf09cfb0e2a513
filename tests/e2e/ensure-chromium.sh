#!/usr/bin/env bash
# Makes sure Debian's Chromium is present for Playwright (npx playwright install cannot
# download here). Installs it with apt-get when missing and we are root; otherwise explains.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $CHROMIUM: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is required for the end-to-end tests: install it (apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
