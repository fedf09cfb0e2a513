#!/usr/bin/env bash
# Makes sure Debian's Chromium builds are present (npx playwright install cannot download here):
# the old headless shell that Playwright drives for the end-to-end tests (as Playwright's own
# headless runs do: about half the CPU of the full browser), and the full browser that
# Lighthouse and the bench measure with. Installs what is missing with apt-get when we are root;
# otherwise explains.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_PATH="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$SHELL_PATH" ] || missing+=(chromium-headless-shell)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} (not found at $CHROMIUM / $SHELL_PATH)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The end-to-end tests need Debian's ${missing[*]}: install them (apt-get install ${missing[*]}) or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH." >&2
exit 1
