#!/bin/sh
# System packages the test suite needs, installed with apt-get only when missing (as root).
# One package a line in PACKAGES; each is checked with dpkg and skipped when already there.
set -eu

PACKAGES="
postgresql
chromium
"

missing=""
for package in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "system-deps: cannot install$missing: no apt-get here; the tests that need them will be skipped" >&2
    exit 0
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo -n"
if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing; }; then
    echo "system-deps: could not install$missing; the tests that need them will be skipped" >&2
fi
exit 0
