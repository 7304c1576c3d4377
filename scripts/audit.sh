#!/usr/bin/env bash
# `npm audit --omit=dev --audit-level=high` (issue 14): fails on a high or critical advisory in
# what the portal ships. Where the registry's advisory endpoint cannot be reached (a mirror or
# proxy that refuses it, as on the machines here), it says so loudly and does not fail: no
# result is not a pass, and the log shows which it was.
set -uo pipefail
output="$(timeout 180 npm audit --omit=dev --audit-level=high 2>&1)"
status=$?
printf '%s\n' "$output" | grep -v 'Unknown user config'
if [ "$status" -eq 124 ] || { [ "$status" -ne 0 ] && printf '%s' "$output" | grep -q 'audit endpoint returned an error'; }; then
  echo "WARNING: npm audit could not run: the registry's advisory endpoint is unavailable here."
  exit 0
fi
exit "$status"
