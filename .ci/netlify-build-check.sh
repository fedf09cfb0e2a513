#!/usr/bin/env bash
# Runs Netlify's own build engine (netlify-cli's `netlify build`, @netlify/build 35) offline on
# this tree and fails unless it packaged the site as one site at the repository root: the Remix
# adapter's page function (remix-server) and every function in netlify/functions/ must come out
# in .netlify/functions/ at the root. Netlify treating the repository as a monorepo (for
# instance an npm workspace) moves the package path, and with it the packaged functions, into a
# sub-directory and leaves remix-server out: see docs/decisions/007-one-netlify-site.md.
#
# Needs: an `npm install`ed tree; the npm registry (npx fetches netlify-cli once). No Netlify
# login, site or network besides the registry: --offline. Usage: bash .ci/netlify-build-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
started=$(date +%s)

# 23.x is the last netlify-cli major that runs on Node 20.
NETLIFY_CLI="netlify-cli@23.9.5"
log=$(mktemp -t netlify-build-check.XXXXXX)
trap 'rm -f "$log"' EXIT

# Only the build's outputs are removed, so that nothing left from an earlier build can pass the
# check (.netlify/blobs-serve, the local Blobs data of `npm start`, stays).
rm -rf .netlify/functions .netlify/functions-internal .netlify/edge-functions-dist
find . -path ./node_modules -prune -o -type d -name .netlify -path './*/.netlify' -print \
  | while read -r stray; do rm -rf "$stray/functions"; done

echo "netlify-build-check: npx $NETLIFY_CLI build --offline --context production (log: $log)"
set +e
CI=true NETLIFY_TELEMETRY_DISABLED=1 NO_UPDATE_NOTIFIER=1 \
  npx --yes "$NETLIFY_CLI" build --offline --context production >"$log" 2>&1
status=$?
set -e
plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")

package_path=$(printf '%s\n' "$plain" | sed -n 's/^ *packagePath: *//p' | head -n 1)
if [ "$status" -ne 0 ]; then
  printf '%s\n' "$plain" | tail -n 60 >&2
  echo "netlify-build-check: FAILED: netlify build exited with $status (output above)" >&2
  exit 1
fi

dist="$root/.netlify/functions"
missing=()
expected=("remix-server")
for src in netlify/functions/*; do
  name=$(basename "$src")
  case "$name" in
    *.ts | *.mts | *.js | *.mjs | *.cjs | *.cts) expected+=("${name%.*}") ;;
    *) [ -d "$src" ] && expected+=("$name") ;;
  esac
done
for name in "${expected[@]}"; do
  if [ ! -f "$dist/$name.zip" ] && [ ! -d "$dist/$name" ]; then missing+=("$name"); fi
done

if [ -n "$package_path" ] || [ "${#missing[@]}" -gt 0 ]; then
  echo "netlify-build-check: FAILED after $(( $(date +%s) - started ))s" >&2
  if [ -n "$package_path" ]; then
    echo "  Netlify built the package path '$package_path', not the repository root (it treats the repository as a monorepo)." >&2
  fi
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "  Not packaged in .netlify/functions/ at the repository root (${#missing[@]} of ${#expected[@]}):" >&2
    printf '    - %s\n' "${missing[@]}" >&2
  fi
  found=$(find . -path ./node_modules -prune -o -path '*/.netlify/functions/*' \( -name '*.zip' -o -name manifest.json \) -print | sort)
  echo "  Packaged functions found in this tree:" >&2
  printf '%s\n' "${found:-    (none)}" | sed 's/^\.\//    /' >&2
  exit 1
fi

echo "netlify-build-check: OK in $(( $(date +%s) - started ))s: Netlify built the repository root and packaged ${#expected[@]} functions in .netlify/functions/:"
printf '  %s\n' "${expected[@]}"
