#!/usr/bin/env bash
# For machines without registry access (CI here, an air-gapped host with a Debian mirror): builds
# local equivalents of every public image that docker-compose*.yml and the Dockerfiles name, from
# Debian's packages, and tags them with those public names, so the project's own Dockerfiles and
# compose files are what gets built and run, unchanged. A self-hoster who can pull from Docker Hub
# never runs this.
#
#   sudo deploy/offline-images.sh            builds what is missing (an existing image is kept)
#   sudo deploy/offline-images.sh --rebuild  builds them all again
#
# Each image is `debootstrap --variant=minbase` of a Debian suite (from the mirror in this machine's
# apt sources), the packages it needs installed in a chroot, the host's CA bundle copied in (so npm
# inside a build trusts what the host trusts), and `docker import` with the conventions the project
# relies on:
#   node:20-slim  Debian trixie's nodejs 20, npm 10 from the npm registry in /usr/local, a `node`
#                 user (uid 1000), CMD node
#   postgres:15   Debian bookworm's postgresql-15; the official image's entrypoint conventions:
#                 PGDATA=/var/lib/postgresql/data, POSTGRES_PASSWORD (required unless
#                 POSTGRES_HOST_AUTH_METHOD=trust), POSTGRES_USER, POSTGRES_DB, and
#                 /docker-entrypoint-initdb.d/*.sql|*.sql.gz|*.sh run once on the first start
#   nats:2.10     Debian trixie's nats-server 2.10, ENTRYPOINT nats-server (so `-js -sd /data` works)
#   haproxy:3.0   Debian trixie's haproxy 3.0 reading /usr/local/etc/haproxy/haproxy.cfg (cluster drill)
# One minbase root filesystem per suite is made once and cached as a tarball in $OFFLINE_IMAGES_CACHE
# (default /var/cache/agentdock-offline-images); a second run with the images present takes seconds.
# Environment: OFFLINE_MIRROR (default: the first Debian archive in /etc/apt/sources*),
# OFFLINE_IMAGES_CACHE, OFFLINE_NPM_VERSION (the node image's npm, from the npm registry with the
# host's npm; default 10, as the official node:20 image), DOCKER (default docker).
set -euo pipefail
cd "$(dirname "$0")/.."

rebuild=0
[ "${1:-}" = "--rebuild" ] && rebuild=1
cache=${OFFLINE_IMAGES_CACHE:-/var/cache/agentdock-offline-images}
docker=${DOCKER:-docker}
export OFFLINE_NPM_VERSION=${OFFLINE_NPM_VERSION:-10}
say() { printf '[offline-images] %s\n' "$*"; }
die() { printf '[offline-images] %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root (debootstrap, chroot and docker need it)"
$docker info >/dev/null 2>&1 || die "the Docker engine is not reachable (start dockerd first)"

# --- Which public images the project names --------------------------------------------------------
# `image:` lines of the compose files and `FROM` lines of the Dockerfiles (not a build stage's name);
# not the project's own images (agentdock…, or named through a variable).
named_images() {
  {
    grep -hE '^\s*image:\s*' docker-compose*.yml deploy/docker-compose*.yml 2>/dev/null | sed -E "s/^\s*image:\s*['\"]?([^'\" #]+).*/\1/"
    find . -name Dockerfile -not -path './node_modules/*' -not -path '*/node_modules/*' -print0 |
      xargs -0 awk 'toupper($1) == "FROM" { stages[tolower($4)] = 1; if (!(tolower($2) in stages)) print $2 }'
  } | grep -v -e '^agentdock' -e '[$]' | sort -u
}

# --- The mirror -----------------------------------------------------------------------------------
find_mirror() {
  local uri
  # deb822 .sources files: the URIs of a stanza whose suites are not security updates.
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    uri=$(awk 'BEGIN { RS = ""; FS = "\n" }
      { uris = ""; suites = ""
        for (i = 1; i <= NF; i++) { if ($i ~ /^URIs:/) uris = $i; if ($i ~ /^Suites:/) suites = $i }
        if (uris != "" && suites !~ /-security/) { sub(/^URIs:[ \t]*/, "", uris); split(uris, u, /[ \t]+/); print u[1]; exit } }' "$file")
    if [ -n "$uri" ]; then echo "${uri%/}"; return; fi
  done
  # One-line sources.list entries.
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$file" ] || continue
    uri=$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i !~ /\]$/) { if ($(i + 1) !~ /-security/) { print $i; exit } else break } }' "$file")
    if [ -n "$uri" ]; then echo "${uri%/}"; return; fi
  done
}

# --- Root filesystems -----------------------------------------------------------------------------
ensure_debootstrap() {
  command -v debootstrap >/dev/null && return
  say "installing debootstrap"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
}

mounted=()
workdirs=()
cleanup() {
  local dir
  for dir in "${mounted[@]}"; do umount -l "$dir" 2>/dev/null || true; done
  for dir in "${workdirs[@]}"; do rm -rf --one-file-system "$dir"; done
}
trap cleanup EXIT

suite_tarball() { echo "$cache/base-$1-minbase.tar"; }

# The suite's minbase root filesystem as a tarball in the cache, debootstrapped once.
ensure_suite() {
  local suite=$1 tarball
  tarball=$(suite_tarball "$suite")
  [ -s "$tarball" ] && return
  mkdir -p "$cache"
  ensure_debootstrap
  [ -n "${mirror:-}" ] || mirror=${OFFLINE_MIRROR:-$(find_mirror)}
  [ -n "$mirror" ] || die "no Debian mirror found in /etc/apt/sources*; set OFFLINE_MIRROR"
  say "debootstrap --variant=minbase $suite from $mirror (once; cached in $tarball)"
  local base="$cache/.base-$suite"
  rm -rf --one-file-system "$base"
  debootstrap --variant=minbase "$suite" "$base" "$mirror" >"$cache/debootstrap-$suite.log" 2>&1 ||
    die "debootstrap failed: see $cache/debootstrap-$suite.log"
  tar -C "$base" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
  rm -rf --one-file-system "$base"
}

# A fresh copy of the suite's minbase root filesystem in $2.
rootfs() {
  local suite=$1 dir=$2
  ensure_suite "$suite"
  mkdir -p "$dir"
  tar -C "$dir" -xf "$(suite_tarball "$suite")"
}

# Runs apt-get install of $2.. in the root filesystem $1 (services are never started).
chroot_install() {
  local dir=$1
  shift
  cp /etc/resolv.conf "$dir/etc/resolv.conf"
  printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d" && chmod +x "$dir/usr/sbin/policy-rc.d"
  mount -t proc proc "$dir/proc" && mounted=("$dir/proc" "${mounted[@]}")
  mount --bind /dev "$dir/dev" && mounted=("$dir/dev" "${mounted[@]}")
  mount -t devpts -o newinstance,ptmxmode=0666 devpts "$dir/dev/pts" && mounted=("$dir/dev/pts" "${mounted[@]}")
  chroot "$dir" apt-get update -qq
  chroot "$dir" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  chroot "$dir" apt-get clean
  umount "$dir/dev/pts" "$dir/dev" "$dir/proc"
  mounted=("${mounted[@]:3}")
  rm -f "$dir/usr/sbin/policy-rc.d"
  rm -rf "$dir"/var/lib/apt/lists/* "$dir"/usr/share/doc/* "$dir"/usr/share/man/* "$dir"/usr/share/info/* "$dir"/var/log/*.log
  # The host's certificate authorities: whatever npm or curl inside a build meets, the host trusts.
  mkdir -p "$dir/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$dir/etc/ssl/certs/ca-certificates.crt"
  : >"$dir/etc/resolv.conf"
}

# docker import of the root filesystem $2 as $1, with the changes that follow.
import() {
  local name=$1 dir=$2
  shift 2
  local changes=(-c "LABEL org.agentdock.offline-image=$name")
  for change in "$@"; do changes+=(-c "$change"); done
  tar -C "$dir" -c . | $docker import "${changes[@]}" - "$name" >/dev/null
}

# --- The images -----------------------------------------------------------------------------------
build_node() {
  local name=$1 dir=$2
  rootfs trixie "$dir"
  chroot_install "$dir" nodejs ca-certificates
  # npm as the official image has it, from the npm registry into /usr/local: Debian's npm package
  # would pull some 400 node-* packages, more than half of this script's time on two cores. The
  # published npm tarball carries every dependency of its own.
  local pack
  pack=$(mktemp -d)
  (cd "$pack" && npm pack --silent "npm@$OFFLINE_NPM_VERSION" >/dev/null) || die "npm pack npm@$OFFLINE_NPM_VERSION failed"
  mkdir -p "$dir/usr/local/lib/node_modules/npm" "$dir/usr/local/bin"
  tar -xzf "$pack"/npm-*.tgz -C "$dir/usr/local/lib/node_modules/npm" --strip-components=1 --no-same-owner
  rm -rf "$pack"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$dir/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$dir/usr/local/bin/npx"
  chroot "$dir" npm --version >/dev/null || die "npm does not run in the node image"
  chroot "$dir" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
  import "$name" "$dir" 'CMD ["node"]' \
    'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
}

build_postgres() {
  local name=$1 dir=$2 major=${1#*:}
  major=${major%%[.-]*}
  rootfs bookworm "$dir"
  # No cluster of Debian's own: the entrypoint makes one in PGDATA.
  mkdir -p "$dir/etc/postgresql-common/createcluster.d"
  echo 'create_main_cluster = false' >"$dir/etc/postgresql-common/createcluster.d/no-main-cluster.conf"
  chroot_install "$dir" "postgresql-$major" gzip
  install -m 0755 deploy/offline/postgres-entrypoint.sh "$dir/usr/local/bin/docker-entrypoint.sh"
  mkdir -p "$dir/docker-entrypoint-initdb.d" "$dir/var/lib/postgresql/data" "$dir/var/run/postgresql"
  chroot "$dir" chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
  import "$name.rootfs" "$dir" \
    "ENV PATH=/usr/lib/postgresql/$major/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    'ENV PGDATA=/var/lib/postgresql/data' 'ENV LANG=C.UTF-8' \
    'VOLUME /var/lib/postgresql/data' 'EXPOSE 5432' \
    'ENTRYPOINT ["docker-entrypoint.sh"]' 'CMD ["postgres"]'
  # STOPSIGNAL is not a change `docker import` takes: SIGINT is PostgreSQL's fast shutdown, as in
  # the official image (SIGTERM would wait for every client to disconnect).
  printf 'FROM %s\nSTOPSIGNAL SIGINT\n' "$name.rootfs" | $docker build -q -t "$name" - >/dev/null
  $docker rmi "$name.rootfs" >/dev/null
}

build_nats() {
  local name=$1 dir=$2
  rootfs trixie "$dir"
  chroot_install "$dir" nats-server
  ln -sf "$(chroot "$dir" sh -c "command -v nats-server")" "$dir/nats-server"
  # The official image's default configuration: clients on 4222, monitoring on 8222, routes on 6222.
  printf 'port: 4222\nmonitor_port: 8222\n' >"$dir/nats-server.conf"
  import "$name" "$dir" 'EXPOSE 4222 6222 8222' 'ENTRYPOINT ["/nats-server"]' 'CMD ["--config", "/nats-server.conf"]'
}

build_haproxy() {
  local name=$1 dir=$2
  rootfs trixie "$dir"
  chroot_install "$dir" haproxy
  mkdir -p "$dir/usr/local/etc/haproxy"
  cp "$dir/etc/haproxy/haproxy.cfg" "$dir/usr/local/etc/haproxy/haproxy.cfg"
  # As the official image: master-worker mode in the foreground, the configuration mounted here.
  import "$name" "$dir" 'EXPOSE 80' 'ENTRYPOINT ["/usr/sbin/haproxy", "-W", "-db"]' 'CMD ["-f", "/usr/local/etc/haproxy/haproxy.cfg"]'
}

builder_for() {
  case "$1" in
    node:20* | node:lts*) echo build_node ;;
    postgres:15*) echo build_postgres ;;
    nats:2.10*) echo build_nats ;;
    haproxy:3.0*) echo build_haproxy ;;
    *) return 1 ;;
  esac
}

suite_of() {
  case "$1" in
    build_postgres) echo bookworm ;;
    *) echo trixie ;;
  esac
}

started=$(date +%s)
images=$(named_images)
[ -n "$images" ] || die "no image names found in docker-compose*.yml or the Dockerfiles"
wanted=()
for image in $images; do
  builder=$(builder_for "$image") || die "no offline recipe for $image: add one to $0"
  if [ "$rebuild" = 0 ] && $docker image inspect "$image" >/dev/null 2>&1; then
    say "$image: present, kept"
    continue
  fi
  wanted+=("$image=$builder")
done
[ ${#wanted[@]} -gt 0 ] || { say "done in $(($(date +%s) - started))s"; exit 0; }

# Downloads and dpkg runs overlap well on two cores, so everything runs at once: first one minbase
# tarball per suite (two images of one suite must not debootstrap it twice), then every image.
# Each job writes $logs/<job>.log; a failed job's last lines are shown.
logs=$(mktemp -d)
workdirs+=("$logs")
[ -n "${OFFLINE_MIRROR:-}" ] || { OFFLINE_MIRROR=$(find_mirror); export OFFLINE_MIRROR; }
jobs_pids=()
jobs_names=()
start_job() {
  local name=$1
  shift
  ("$@") >"$logs/$name.log" 2>&1 &
  jobs_pids+=("$!")
  jobs_names+=("$name")
}
wait_jobs() {
  local failed=0 i
  for i in "${!jobs_pids[@]}"; do
    if ! wait "${jobs_pids[$i]}"; then
      failed=1
      printf '[offline-images] %s failed:\n' "${jobs_names[$i]}" >&2
      tail -20 "$logs/${jobs_names[$i]}.log" >&2
    fi
  done
  jobs_pids=()
  jobs_names=()
  return "$failed"
}

# One image, in a folder of its own; a background job does not run the parent's trap, so its own.
make_image() {
  local image=$1 builder=$2 t0 dir
  mounted=()
  workdirs=()
  trap cleanup EXIT
  t0=$(date +%s)
  dir=$(mktemp -d /var/tmp/offline-image.XXXXXX)
  workdirs+=("$dir")
  "$builder" "$image" "$dir/rootfs"
  say "$image: built in $(($(date +%s) - t0))s ($($docker image inspect -f '{{.Size}}' "$image" | awk '{ printf "%d MB", $1 / 1e6 }'))"
}

ensure_debootstrap # once here: two jobs would contend for dpkg's lock
for suite in $(for entry in "${wanted[@]}"; do suite_of "${entry#*=}"; done | sort -u); do
  start_job "suite-$suite" ensure_suite "$suite"
done
wait_jobs || die "a root filesystem could not be made"
for entry in "${wanted[@]}"; do
  say "${entry%%=*}: building"
  start_job "${entry#*=}" make_image "${entry%%=*}" "${entry#*=}"
done
wait_jobs || die "an image could not be built"
cat "$logs"/build_*.log
say "done in $(($(date +%s) - started))s"
