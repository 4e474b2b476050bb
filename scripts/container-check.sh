#!/usr/bin/env bash
# Checks the container image and compose.yaml for real (a maintainer's check; CI does not run it, as building
# the image and the stack takes minutes): builds the image, runs it alone on a volume (SQLite, disk), then runs
# compose.yaml (PostgreSQL, S3), and prints one line per check. Exits non-zero if any check fails.
#
#   scripts/container-check.sh                      docker (or podman when docker is missing), official images
#   scripts/container-check.sh --local              no registry: stand-in images from Debian's packages and npm
#                                                   (scripts/container/local-images.sh, built when missing)
#   scripts/container-check.sh --engine podman --compose podman-compose --keep
#
# Environment: BASE_IMAGE (build argument of the Dockerfile), BUILD_OPTS (more options for `build`, e.g. a
# proxy's CA mounted for npm with podman: "-v /etc/npmrc:/usr/local/etc/npmrc:ro -v /etc/ssl/certs:/etc/ssl/certs:ro"),
# CHECK_PORT (host port of the single container, default 3390; compose gets CHECK_PORT+1).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

ENGINE=""
COMPOSE=""
LOCAL=false
KEEP=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --local) LOCAL=true ;;
    --keep) KEEP=true ;;
    --engine) ENGINE="$2"; shift ;;
    --compose) COMPOSE="$2"; shift ;;
    *) echo "usage: $0 [--local] [--keep] [--engine docker|podman] [--compose COMMAND]" >&2; exit 2 ;;
  esac
  shift
done
if [[ -z "$ENGINE" ]]; then
  if command -v docker >/dev/null && docker info >/dev/null 2>&1; then ENGINE=docker; else ENGINE=podman; fi
fi
if [[ -z "$COMPOSE" ]]; then
  if "$ENGINE" compose version >/dev/null 2>&1; then COMPOSE="$ENGINE compose"
  elif command -v "$ENGINE-compose" >/dev/null; then COMPOSE="$ENGINE-compose"
  else echo "error: no compose command for $ENGINE (use --compose)" >&2; exit 2
  fi
fi
read -r -a compose_cmd <<<"$COMPOSE"
read -r -a build_opts <<<"${BUILD_OPTS:-}"

PORT="${CHECK_PORT:-3390}"
COMPOSE_PORT=$((PORT + 1))
IMAGE=homestead:check
NAME=homestead-check
VOLUME=homestead-check-data
PROJECT=homestead-check
compose_files=(-f compose.yaml)
if $LOCAL; then
  BASE_IMAGE="${BASE_IMAGE:-localhost/homestead-node:24-slim}"
  compose_files+=(-f scripts/container/compose.local.yaml)
  # s3rver, the S3 stand-in, has one account; compose.yaml gives MinIO's root account to the app.
  export MINIO_ROOT_USER=S3RVER MINIO_ROOT_PASSWORD=S3RVER
fi
BASE_IMAGE="${BASE_IMAGE:-node:24-slim}"
export HOMESTEAD_PORT="$COMPOSE_PORT" PUBLIC_URL="http://localhost:$COMPOSE_PORT"

FAILED=0
ok() { echo "ok    $*"; }
fail() { echo "FAIL  $*"; FAILED=$((FAILED + 1)); }
check() { # check "what" command...: ok when the command succeeds
  local what="$1"
  shift
  if "$@"; then ok "$what"; else fail "$what"; fi
}
# Waits up to $1 seconds for a command to succeed.
wait_for() {
  local seconds="$1"
  shift
  for _ in $(seq 1 "$seconds"); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  return 1
}
http_status() { curl -s -o /dev/null -w '%{http_code}' "$1"; }
is_200() { [[ "$(http_status "$1")" == 200 ]]; }
first_listing() { curl -s "$1/category/$2" | grep -o "href=\"/category/$2/[^\"]*\"" | head -n 1 | cut -d'"' -f2; }
has_listing() { [[ -n "$(first_listing "$1" "$2")" ]]; }
# The listing page renders with its title, and its first photo comes back as WebP.
check_listing_page() {
  local base="$1" path="$2" page photo
  page="$(curl -s "$base$path")"
  [[ "$page" == *"<h1"* && "$page" == *"· Homestead</title>"* ]] || return 1
  photo="$(grep -o '/images/[^" ]*\.webp' <<<"$page" | head -n 1)"
  [[ -n "$photo" && "$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "$base$photo")" == "200 image/webp" ]]
}
cleanup() {
  if $KEEP; then return; fi
  "$ENGINE" rm -f "$NAME" >/dev/null 2>&1 || true
  "$ENGINE" volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  "${compose_cmd[@]}" -p "$PROJECT" "${compose_files[@]}" down -v >/dev/null 2>&1 || true
}
trap cleanup EXIT

echo "engine: $("$ENGINE" --version), compose: $COMPOSE, base image: $BASE_IMAGE"
if $LOCAL && [[ -z "$("$ENGINE" images -q localhost/homestead-s3:s3rver 2>/dev/null)" ]]; then
  ENGINE="$ENGINE" scripts/container/local-images.sh
fi

# ---- the image ----------------------------------------------------------------------------------------------
format_opts=()
if [[ "$ENGINE" == podman ]]; then format_opts=(--format docker); fi # OCI images drop HEALTHCHECK
started=$(date +%s)
if "$ENGINE" build "${format_opts[@]}" "${build_opts[@]}" --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "$IMAGE" . \
  >"${TMPDIR:-/tmp}/homestead-check-build.log" 2>&1; then
  ok "image builds in $(($(date +%s) - started)) s"
else
  fail "image builds (log: ${TMPDIR:-/tmp}/homestead-check-build.log)"
  exit 1
fi
size_mb=$(($("$ENGINE" image inspect --format '{{.Size}}' "$IMAGE") / 1000000))
gzip_mb=$(($("$ENGINE" save "$IMAGE" 2>/dev/null | gzip -c | wc -c) / 1000000))
echo "info  image size: ${size_mb} MB, ${gzip_mb} MB compressed (base image included)"

# ---- the image alone: SQLite and photos in the volume ----------------------------------------------------------
base="http://127.0.0.1:$PORT"
"$ENGINE" rm -f "$NAME" >/dev/null 2>&1 || true
"$ENGINE" volume rm -f "$VOLUME" >/dev/null 2>&1 || true
"$ENGINE" run -d --name "$NAME" -p "$PORT:3000" -v "$VOLUME:/data" "$IMAGE" >/dev/null
check "/healthz answers 200" wait_for 60 is_200 "$base/healthz"
check "demo listings appear" wait_for 60 has_listing "$base" rent
listing="$(first_listing "$base" rent)"
check "a listing page renders with its photo ($listing)" check_listing_page "$base" "$listing"
check "the server runs as uid 1000, not root" \
  test "$("$ENGINE" exec "$NAME" sh -c 'grep ^Uid: /proc/1/status' | awk '{print $2}')" = 1000
check "the server cannot write its own code" \
  "$ENGINE" exec "$NAME" sh -c '! touch /app/server.ts 2>/dev/null'
geocoded="$("$ENGINE" exec -i "$NAME" sh -c 'cat >/tmp/geocode.mjs && node /tmp/geocode.mjs' <<'EOF'
const { createOfflineGeocoder } = await import("/app/app/providers/geocoding/geocoding.offline.server.ts");
const geocoder = createOfflineGeocoder();
console.log(JSON.stringify(await geocoder.geocode("12 Rue de Rivoli, Paris")));
await geocoder.stop();
EOF
)" || true
check "the offline geocoder's worker runs (${geocoded:-no answer})" \
  grep -q '"formattedAddress":"12 Rue de Rivoli, Paris, France"' <<<"$geocoded"
if [[ "$ENGINE" == podman ]]; then
  check "HEALTHCHECK passes" "$ENGINE" healthcheck run "$NAME"
else
  health_is_healthy() { [[ "$("$ENGINE" inspect -f '{{.State.Health.Status}}' "$NAME")" == healthy ]]; }
  check "HEALTHCHECK passes" wait_for 60 health_is_healthy
fi
started=$(date +%s%N)
"$ENGINE" stop -t 15 "$NAME" >/dev/null
stop_ms=$((($(date +%s%N) - started) / 1000000))
exit_code="$("$ENGINE" inspect -f '{{.State.ExitCode}}' "$NAME")"
stopped_cleanly() { [[ "$exit_code" == 0 && "$stop_ms" -lt 10000 ]]; }
check "stop (SIGTERM) ends the server cleanly: exit $exit_code after $stop_ms ms" stopped_cleanly
"$ENGINE" rm "$NAME" >/dev/null
"$ENGINE" run -d --name "$NAME" -p "$PORT:3000" -v "$VOLUME:/data" "$IMAGE" >/dev/null
wait_for 60 is_200 "$base/healthz" || true
check "a new container on the same volume keeps the data ($listing)" is_200 "$base$listing"
check "... and does not seed again" \
  bash -c "! '$ENGINE' logs '$NAME' 2>&1 | grep -q 'seeding demo data'"
"$ENGINE" rm -f "$NAME" >/dev/null
"$ENGINE" volume rm -f "$VOLUME" >/dev/null

# ---- compose.yaml: PostgreSQL and S3 --------------------------------------------------------------------------
base="http://127.0.0.1:$COMPOSE_PORT"
"$ENGINE" tag "$IMAGE" homestead:latest
"${compose_cmd[@]}" -p "$PROJECT" "${compose_files[@]}" down -v >/dev/null 2>&1 || true
started=$(date +%s)
if "${compose_cmd[@]}" -p "$PROJECT" "${compose_files[@]}" up -d --no-build \
  >"${TMPDIR:-/tmp}/homestead-check-compose.log" 2>&1; then
  ok "compose up -d returns in $(($(date +%s) - started)) s"
else
  fail "compose up -d (log: ${TMPDIR:-/tmp}/homestead-check-compose.log)"
fi
container_of() { # the container of a compose service (compose implementations name them differently)
  "$ENGINE" ps -a --filter "label=com.docker.compose.project=$PROJECT" \
    --filter "label=com.docker.compose.service=$1" --format '{{.Names}}' | head -n 1
}
check "the app answers /healthz" wait_for 120 is_200 "$base/healthz"
bucket_exit="$("$ENGINE" inspect -f '{{.State.ExitCode}}' "$(container_of bucket)" 2>/dev/null || echo none)"
check "the one-shot bucket service succeeded (exit $bucket_exit)" test "$bucket_exit" = 0
listings_in_postgres() {
  "$ENGINE" exec "$(container_of db)" psql -U homestead -d homestead -Atc 'select count(*) from listing' 2>/dev/null
}
all_seeded() { [[ "$(listings_in_postgres)" == 36 ]]; }
check "the 36 demo listings are in PostgreSQL" wait_for 120 all_seeded
listing="$(first_listing "$base" sale)"
check "a listing page renders with its photo from S3 ($listing)" check_listing_page "$base" "$listing"
"${compose_cmd[@]}" -p "$PROJECT" "${compose_files[@]}" stop >/dev/null 2>&1
app_exit="$("$ENGINE" inspect -f '{{.State.ExitCode}}' "$(container_of app)" 2>/dev/null || echo none)"
check "compose stop ends the app cleanly (exit $app_exit)" test "$app_exit" = 0
"${compose_cmd[@]}" -p "$PROJECT" "${compose_files[@]}" down >/dev/null 2>&1
"${compose_cmd[@]}" -p "$PROJECT" "${compose_files[@]}" up -d --no-build >/dev/null 2>&1
wait_for 120 is_200 "$base/healthz" || true
check "after compose down and up, the listing is still there" is_200 "$base$listing"

echo
if [[ $FAILED -gt 0 ]]; then
  echo "$FAILED check(s) failed"
  exit 1
fi
echo "all checks passed"
