#!/usr/bin/env bash
# CI stage: the production shape, built and run. As root:
#   1. the Docker engine (installed from Debian's packages and started if it is not running)
#   2. the public base images (deploy/offline-images.sh; kept when already present)
#   3. `docker-compose build` of every image from the repository's own Dockerfiles
#   4. `docker-compose up -d` with the local providers (local-stripe, demo-agent) and a test SMTP
#      sink (deploy/docker-compose.ci.yml), then the smoke journey through the gateway's published
#      port (deploy/smoke.ts): sign up, confirm by email over SMTP, sign in, buy Starter, chat,
#      admin sees the user
#   5. `docker-compose down` (volumes kept), `up -d` again, and the same user, wallet and
#      subscription are still there; then `docker-compose down -v`
# Prints each part's duration and the total; exits non-zero on any failure; the containers and
# volumes go on exit whatever happened. DOCKER_STAGE_KEEP_ENGINE=1 leaves an engine it started running.
#
# `--prepare` does only parts 1 and 2 and leaves the engine running: .ci/run starts it in the
# background while the first stage runs, since it mostly waits on the Debian mirror and the disk.
# An engine that `--prepare` started is noted in $DOCKER_STAGE_ENGINE_NOTE, and the full stage
# that follows stops it as its own.
set -euo pipefail
cd "$(dirname "$0")/.."

stage_started=$(date +%s)
part_started=$stage_started
timings=()
part() {
  local now
  now=$(date +%s)
  if [ -n "${part_name:-}" ]; then timings+=("$(printf '%-38s %5ss' "$part_name" $((now - part_started)))"); fi
  part_name=$1
  part_started=$now
  printf '\n==> docker stage: %s\n' "$1"
}
print_timings() {
  local now
  now=$(date +%s)
  [ -n "${part_name:-}" ] && timings+=("$(printf '%-38s %5ss' "$part_name" $((now - part_started)))")
  part_name=
  printf '\n==> docker stage timings\n'
  printf '  %s\n' "${timings[@]}"
  printf '  %-38s %5ss\n' 'total' $((now - stage_started))
}

[ "$(id -u)" = 0 ] || { echo "the docker stage runs as root (dockerd, debootstrap)" >&2; exit 1; }

# The engine's own client: the stage talks to dockerd 20.10 (a newer client on PATH works as well).
docker() { if [ -x /usr/bin/docker ]; then /usr/bin/docker "$@"; else command docker "$@"; fi; }

# Fresh secrets for this run: none of the compose file's required variables has a default.
export COMPOSE_PROJECT_NAME=${COMPOSE_PROJECT_NAME:-agentdock-ci}
export GATEWAY_SECRET=${GATEWAY_SECRET:-$(openssl rand -hex 24)}
export MFA_ENCRYPTION_KEY=${MFA_ENCRYPTION_KEY:-$(openssl rand -base64 32)}
export POSTGRES_PASSWORD=${POSTGRES_PASSWORD:-$(openssl rand -hex 16)}
export STRIPE_SECRET_KEY=sk_test_local STRIPE_API_HOST=local-stripe
export STRIPE_WEBHOOK_SECRET=whsec_$(openssl rand -hex 24)
export CHAT_PROVIDER=demo DEMO_AGENT_PROVIDER_URL=http://demo-agent:3106/v1
export SMTP_URL=smtp://smtp-sink:1025
export ADMIN_EMAILS=admin@agentdock.test SMOKE_ADMIN_EMAIL=admin@agentdock.test
export SMOKE_STATE=${TMPDIR:-/tmp}/agentdock-smoke-$$.json
compose() { docker-compose -f docker-compose.yml -f deploy/docker-compose.ci.yml --profile local-providers "$@"; }

mode=full
[ "${1:-}" = --prepare ] && mode=prepare
engine_note=${DOCKER_STAGE_ENGINE_NOTE:-/var/run/agentdock-docker-stage-engine}
started_engine=0
if [ "$mode" = full ] && [ -f "$engine_note" ]; then
  started_engine=1
  rm -f "$engine_note"
fi
finish() {
  local status=$?
  set +e
  if [ "$status" != 0 ] && [ -S /var/run/docker.sock ]; then
    printf '\n==> docker stage FAILED (exit %s): container states and the last log lines\n' "$status"
    compose ps
    compose logs --no-color --tail=60
  fi
  if [ "$mode" = prepare ]; then
    [ "$started_engine" = 1 ] && echo "$(cat /var/run/docker.pid 2>/dev/null)" >"$engine_note"
    print_timings
    [ "$status" = 0 ] && echo "docker stage prepared" || echo "docker stage: preparing failed" >&2
    exit "$status"
  fi
  part "clean-up"
  if [ -S /var/run/docker.sock ]; then
    compose down -v --remove-orphans >/dev/null 2>&1
    # The build stages' intermediate images (gigabytes a run): the next run's `COPY . .` differs
    # anyway. DOCKER_STAGE_PRUNE=0 keeps them, to rebuild unchanged sources quickly.
    [ "${DOCKER_STAGE_PRUNE:-1}" = 0 ] || docker image prune -f >/dev/null 2>&1
  fi
  if [ "$started_engine" = 1 ] && [ "${DOCKER_STAGE_KEEP_ENGINE:-0}" != 1 ]; then
    kill "$(cat /var/run/docker.pid 2>/dev/null)" 2>/dev/null
    for _ in $(seq 1 30); do [ -S /var/run/docker.sock ] || break; sleep 1; done
  fi
  rm -f "$SMOKE_STATE"
  print_timings
  [ "$status" = 0 ] && echo "docker stage passed" || echo "docker stage failed" >&2
  exit "$status"
}
trap finish EXIT

part "engine"
missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v docker-compose >/dev/null || missing+=(docker-compose)
command -v debootstrap >/dev/null || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  started_engine=1
  dockerd >/tmp/dockerd.log 2>&1 &
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { echo "dockerd did not start; see /tmp/dockerd.log" >&2; tail -20 /tmp/dockerd.log >&2; exit 1; }
fi
docker version --format 'engine {{.Server.Version}}'
docker-compose version --short

part "offline base images"
DOCKER=/usr/bin/docker bash deploy/offline-images.sh
[ "$mode" = prepare ] && exit 0

part "docker-compose build"
compose down -v --remove-orphans >/dev/null 2>&1 || true
# Three builds at a time: one's downloads overlap another's compiling on two cores.
COMPOSE_PARALLEL_LIMIT=${DOCKER_STAGE_BUILD_PARALLEL:-3} compose build --parallel --force-rm

# Waits until the gateway answers /readyz with 200 (every service and the shell up behind it) and
# no container has stopped; fails after $1 seconds.
wait_ready() {
  local deadline=$(($(date +%s) + $1)) status
  while true; do
    status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 http://127.0.0.1:3000/readyz || true)
    # …and the SMTP sink's listing and the local Stripe provider answer too.
    [ "$status" = 200 ] && curl -fsS --max-time 5 http://127.0.0.1:8025/healthz >/dev/null 2>&1 &&
      curl -fsS --max-time 5 -o /dev/null http://127.0.0.1:3105/favicon.ico 2>/dev/null && break
    if [ "$(date +%s)" -gt "$deadline" ]; then
      echo "the stack was not ready after $1s (gateway /readyz: $status)" >&2
      return 1
    fi
    sleep 2
  done
  local stopped
  stopped=$(docker ps -a --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME" --filter status=exited --filter status=restarting --format '{{.Names}} {{.Status}}')
  if [ -n "$stopped" ]; then echo "containers not running: $stopped" >&2; return 1; fi
  compose ps
}

part "docker-compose up -d, ready"
compose up -d
wait_ready 300

part "smoke journey"
npx --no-install tsx deploy/smoke.ts journey

part "down, up again on the same volumes"
compose down
compose up -d
wait_ready 300
npx --no-install tsx deploy/smoke.ts persisted

part "docker-compose down -v"
compose down -v --remove-orphans
