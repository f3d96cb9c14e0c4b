#!/usr/bin/env bash
# A clean Debian 12 (bookworm) root in DIR for Scripts/check-packages.sh: debootstrap's
# minbase variant (the essential packages and apt) plus what a user of the wheel and the man
# page has, python3-venv and man-db — no Swift and no compiler (the C check installs gcc
# after the CLI and the wheel are checked) — from DEBIAN_MIRROR (default
# http://deb.debian.org/debian). Nothing is cached between runs.
#
#   Scripts/clean-root.sh DIR        (DIR must be empty or absent; needs root)
set -euo pipefail
dir=${1:?usage: Scripts/clean-root.sh DIR}
mkdir -p "$dir"
[[ -z $(ls -A "$dir") ]] || { echo "clean-root.sh: $dir is not empty" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "clean-root.sh: apt-get install debootstrap" >&2; exit 1; }
log=$(mktemp)
if ! debootstrap --variant=minbase --include=python3-venv,man-db bookworm "$dir" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    rm -f "$log"
    exit 1
fi
rm -f "$log"
# The root's own package cache is not needed once it is installed.
rm -f "$dir"/var/cache/apt/archives/*.deb
