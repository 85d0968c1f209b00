#!/usr/bin/env bash
# The system packages the test suite needs: redis-server (the Redis store tests start a private one)
# and Debian's chromium (the browser tests drive it through playwright-core; never a downloaded
# browser). Installs the missing ones with apt-get when run as root, else says what to install.
set -euo pipefail
missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update && apt-get install -y --no-install-recommends "${missing[@]}"
else
  echo "The tests need ${missing[*]}: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
