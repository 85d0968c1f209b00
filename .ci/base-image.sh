#!/usr/bin/env bash
# Makes the local base image README § Container describes, for hosts where no registry is
# reachable (no `FROM node:20-bookworm-slim` pull): Debian 12 minbase from the Debian mirror, plus
# this host's node 20 binary, npm and node's C headers, a `node` user (uid 1000), and
# npm_config_nodedir=/usr so that node-gyp (better-sqlite3, roaring fallback builds) finds the
# headers instead of downloading them. Then: podman build --format docker --build-arg BASE=<tag> ...
#   sudo .ci/base-image.sh [tag]          (default tag: localhost/node20)
# Needs root, node 20 on PATH, and: apt-get install -y podman buildah runc debootstrap
set -euo pipefail
TAG=${1:-localhost/node20}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

[ "$(id -u)" = 0 ] || { echo "run as root (debootstrap and chroot need it)" >&2; exit 1; }
for tool in debootstrap podman node; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y podman buildah runc debootstrap (and node 20)" >&2; exit 1; }
done
[ "$(node -p 'process.versions.node.split(".")[0]')" = 20 ] || { echo "node 20 must be on PATH: the image runs this binary" >&2; exit 1; }
PREFIX=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
[ -d "$PREFIX/include/node" ] && [ -d "$PREFIX/lib/node_modules/npm" ] || { echo "expected node's headers and npm under $PREFIX" >&2; exit 1; }

ROOTFS=$(mktemp -d)
trap 'rm -rf "$ROOTFS"' EXIT
debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR"

install -D -m 0755 "$PREFIX/bin/node" "$ROOTFS/usr/bin/node"
mkdir -p "$ROOTFS/usr/lib/node_modules" "$ROOTFS/usr/include"
cp -a "$PREFIX/lib/node_modules/npm" "$ROOTFS/usr/lib/node_modules/"
cp -a "$PREFIX/include/node" "$ROOTFS/usr/include/"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/bin/npx"
chroot "$ROOTFS" useradd --create-home --uid 1000 --user-group --shell /bin/bash node
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin
# Behind a TLS-inspecting proxy the image must trust what the host trusts, or npm fails inside the
# build ("self-signed certificate in certificate chain"): CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
CA_CHANGE=()
if [ -n "${CA_BUNDLE:-}" ]; then
  install -D -m 0644 "$CA_BUNDLE" "$ROOTFS/etc/ssl/certs/host-ca-bundle.crt"
  CA_CHANGE=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca-bundle.crt' --change 'ENV npm_config_cafile=/etc/ssl/certs/host-ca-bundle.crt')
fi

tar -C "$ROOTFS" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV npm_config_nodedir=/usr' \
  --change 'CMD ["node"]' \
  "${CA_CHANGE[@]}" \
  - "$TAG"
# PODMAN_RUN_FLAGS: e.g. '--ulimit nofile=16384:16384 --ulimit nproc=8192:8192' where runc cannot set podman's defaults.
# shellcheck disable=SC2086
podman run --rm ${PODMAN_RUN_FLAGS:-} "$TAG" node -e 'console.log("base image ok: node " + process.version)'
