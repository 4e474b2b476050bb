#!/bin/sh
# Entry point of the local PostgreSQL stand-in (scripts/container/local-images.sh), for checks on machines
# without a registry only. Like the official image: on first start it initialises $PGDATA with
# POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, then runs the server in the foreground as `postgres`.
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
mkdir -p "$PGDATA" /run/postgresql
chown postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" >"$password_file"
  chown postgres "$password_file"
  setpriv --reuid=postgres --regid=postgres --init-groups \
    initdb --username="$POSTGRES_USER" --pwfile="$password_file" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA"
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\";" |
      setpriv --reuid=postgres --regid=postgres --init-groups postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*'
