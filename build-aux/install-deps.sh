#!/bin/sh
# Installs the Debian 12 packages listed in build-aux/debian-packages.txt.
# Run as root (or through sudo).
set -eu
here=$(dirname "$0")
packages=$(grep -v '^\s*#' "$here/debian-packages.txt" | tr '\n' ' ')
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $packages
