#!/bin/sh
# `minio server DIR` in the S3 stand-in image: s3rver serving DIR on :9000. s3rver has no SIGTERM handler, and
# a PID 1 without one ignores the signal, so this shell stays PID 1 and passes it on.
if [ "${1:-}" != server ] || [ -z "${2:-}" ]; then
  echo "minio stand-in: only 'minio server DIR'" >&2
  exit 2
fi
node /s3/node_modules/s3rver/bin/s3rver.js --directory "$2" --address 0.0.0.0 --port 9000 --no-vhost-buckets --silent &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT
wait "$child" || wait "$child"
