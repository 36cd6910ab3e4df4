#!/usr/bin/env bash
# Builds Washdesk's images for compose.yaml and names them after what they hold: washdesk:current
# (what `docker-compose up -d` runs), washdesk:<version> (the root package.json's, bumped at each
# release) and washdesk:<commit> (git's HEAD). Version and commit go into the image (its labels and
# /api/health), so an owner can tell which build runs and roll back by tag (README, "Versions").
#
# Behind a TLS-inspecting proxy, EXTRA_CA_CERTS names the proxy CA's PEM file (or holds its text):
# the build's npm installs trust it; the image that runs does not hold it.
#
# Usage: deploy/build.sh            (then `docker-compose up -d`)
set -euo pipefail
cd "$(dirname "$0")/.."

# The env file (.env, or compose.yaml's WASHDESK_ENV_FILE) holds the business's secrets:
# readable by its owner only.
env_file=${WASHDESK_ENV_FILE:-.env}
if [ -f "$env_file" ] && [ -n "$(find "$env_file" -perm /077 2>/dev/null)" ]; then
  echo "Warning: $env_file can be read by other users of this machine ($(stat -c %A "$env_file")). Run: chmod 600 $env_file" >&2
fi

version=$(sed -n 's/^  "version": "\([^"]*\)",\{0,1\}$/\1/p' package.json | head -1)
commit=$(git rev-parse HEAD)
[ -n "$version" ] || { echo "No version in package.json." >&2; exit 1; }
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
  echo "Note: the checkout has changes not committed; the image is still named after $commit." >&2
fi

if [ -n "${EXTRA_CA_CERTS:-}" ] && [ -f "$EXTRA_CA_CERTS" ]; then
  EXTRA_CA_CERTS=$(cat "$EXTRA_CA_CERTS")
fi
export EXTRA_CA_CERTS="${EXTRA_CA_CERTS:-}" WASHDESK_VERSION="$version" GIT_COMMIT="$commit"

# Debian's docker-compose, or Docker's own `docker compose` plugin.
if command -v docker-compose >/dev/null; then compose=(docker-compose); else compose=(docker compose); fi
"${compose[@]}" build app caddy
docker tag washdesk:current "washdesk:$version"
docker tag washdesk:current "washdesk:$commit"
echo "Built washdesk:current = washdesk:$version = washdesk:$commit. Start it: docker-compose up -d"
