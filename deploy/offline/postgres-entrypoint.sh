#!/bin/bash
# The entrypoint of the offline postgres image (deploy/offline-images.sh): the conventions of the
# official postgres image that docker-compose.yml relies on. On the first start (no PG_VERSION in
# PGDATA) it makes the cluster with POSTGRES_USER/POSTGRES_PASSWORD, creates POSTGRES_DB, and runs
# /docker-entrypoint-initdb.d/*.sql, *.sql.gz and *.sh in name order against a server that listens
# on the socket only; then it runs `postgres` in the foreground. Later starts only run postgres.
set -Eeo pipefail

: "${PGDATA:=/var/lib/postgresql/data}"
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
export PGDATA POSTGRES_USER POSTGRES_DB

# `docker run postgres:15 -c shared_buffers=…` means postgres with those options.
if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi

if [ "$1" = 'postgres' ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chmod 00700 "$PGDATA"
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
fi

if [ "$1" = 'postgres' ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "${POSTGRES_HOST_AUTH_METHOD:-}" != 'trust' ]; then
    echo 'Error: the database is uninitialized and POSTGRES_PASSWORD is not set.' >&2
    echo '  Set POSTGRES_PASSWORD to a non-empty value (or POSTGRES_HOST_AUTH_METHOD=trust, for tests only).' >&2
    exit 1
  fi
  auth=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "${POSTGRES_PASSWORD:-}") \
    --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host="$auth" $POSTGRES_INITDB_ARGS >/dev/null
  printf '\nhost all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"
  printf "\nlisten_addresses = '*'\n" >>"$PGDATA/postgresql.conf"

  # Socket only while the init scripts run: nobody connects before they are done.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -p 5432" -w start >/dev/null
  psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc)
  if [ "$POSTGRES_DB" != 'postgres' ]; then
    "${psql[@]}" --dbname postgres --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";' >/dev/null
  fi
  for file in /docker-entrypoint-initdb.d/*; do
    case "$file" in
      *.sh) echo "running $file"; . "$file" ;;
      *.sql) echo "running $file"; "${psql[@]}" --dbname "$POSTGRES_DB" -f "$file" ;;
      *.sql.gz) echo "running $file"; gunzip -c "$file" | "${psql[@]}" --dbname "$POSTGRES_DB" ;;
      *) if [ -e "$file" ]; then echo "ignoring $file"; fi ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo 'PostgreSQL init process complete; ready for start up.'
fi

exec "$@"
