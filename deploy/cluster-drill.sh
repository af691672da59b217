#!/usr/bin/env bash
# The cluster drill (`npm run drill:cluster`, as root): docker-compose.cluster.yml — three NATS
# servers clustered with JetStream (the stream replicated ×3), two replicas of every service, two
# gateways behind HAProxy, PostgreSQL — under a steady mixed load (deploy/cluster-drill.ts), with
# one NATS server stopped, one replica of each service stopped, one gateway stopped, one NATS server
# partitioned from the others and PostgreSQL restarted, one after another. The load includes a
# team's members sending from the team's one credit pool, on the web and through the
# OpenAI-compatible API (/v1/chat/completions) with the team API key each made, one member per phase
# capped by the owner (its refusals at the cap are expected); the team is made through the public
# API: created, seats bought on the local Stripe's hosted checkout, members invited by email. Prints
# per fault the requests failed, acknowledged writes lost, charges doubled, credits overcharged,
# events delivered, the team pool's spending against its web replies and /v1 requests, the /v1
# completions on the pool's statement once, the capped member's spending and refusals, the pool's
# ledger check and the time to recover, then where the usage records went; exits non-zero on a
# lost write, a doubled charge, an overcharge, a member's cap passed, a pool whose statement
# disagrees with its balance or goes below zero, or a usage record missing from the usage stream
# or left in the main one. The stack and its volumes are removed on exit.
#
# It needs the Docker engine and the images docker-compose.yml builds (as the CI stage,
# .ci/docker-stage.sh, leaves them: agentdock-ci_<service>); missing ones are built first.
# DRILL_HOLD_SECONDS (20) is how long each fault lasts under load; DRILL_FAULTS (say `partition`)
# keeps only the faults whose names contain one of its comma-separated words.
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$(id -u)" = 0 ] || { echo "the cluster drill runs as root (it drives the Docker engine)" >&2; exit 1; }
docker() { if [ -x /usr/bin/docker ]; then /usr/bin/docker "$@"; else command docker "$@"; fi; }
started=$(date +%s)
say() { printf '[cluster-drill +%ss] %s\n' $(($(date +%s) - started)) "$*"; }

docker info >/dev/null 2>&1 || { echo "the Docker engine is not running: start dockerd (see .ci/docker-stage.sh)" >&2; exit 1; }

export COMPOSE_PROJECT_NAME=agentdock-drill
export GATEWAY_SECRET=$(openssl rand -hex 24)
export MFA_ENCRYPTION_KEY=$(openssl rand -base64 32)
export POSTGRES_PASSWORD=$(openssl rand -hex 16)
export STRIPE_WEBHOOK_SECRET=whsec_$(openssl rand -hex 24)
export ADMIN_EMAILS=admin@agentdock.test DRILL_ADMIN_EMAIL=admin@agentdock.test
cluster() { docker-compose -f docker-compose.cluster.yml "$@"; }

finish() {
  local status=$?
  set +e
  if [ "$status" != 0 ]; then
    say "FAILED (exit $status): container states"
    cluster ps
  fi
  # Every container's log, for what the figures do not say.
  logs=${TMPDIR:-/tmp}/agentdock-cluster-drill-$(date +%Y%m%d-%H%M%S).log
  cluster logs --no-color --timestamps >"$logs" 2>&1 && say "container logs kept in $logs"
  cluster down -v --remove-orphans >/dev/null 2>&1
  say "done (exit $status)"
  exit "$status"
}
trap finish EXIT

say "base images (deploy/offline-images.sh keeps those present)"
if ! docker image inspect haproxy:3.0 nats:2.10 postgres:15 node:20-slim >/dev/null 2>&1; then DOCKER=/usr/bin/docker bash deploy/offline-images.sh; fi

images=(svc-identity svc-catalog svc-billing svc-chat gateway local-stripe demo-agent)
missing=()
for image in "${images[@]}"; do docker image inspect "agentdock-ci_$image" >/dev/null 2>&1 || missing+=("$image"); done
if [ ${#missing[@]} -gt 0 ]; then
  say "building ${missing[*]} (docker-compose.yml, as the CI stage does)"
  COMPOSE_PROJECT_NAME=agentdock-ci STRIPE_SECRET_KEY=sk_test_local \
    docker-compose -f docker-compose.yml -f deploy/docker-compose.ci.yml --profile local-providers build "${missing[@]}"
fi

cluster down -v --remove-orphans >/dev/null 2>&1 || true
say "three NATS servers, then the streams replicated on all three"
cluster up -d nats-1 nats-2 nats-3
npx --no-install tsx deploy/cluster-drill.ts create-streams

say "PostgreSQL, two replicas of each service, two gateways, HAProxy, the local providers"
cluster up -d
for _ in $(seq 1 150); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 http://127.0.0.1:8080/api/catalog/plans || true)" = 200 ] && break
  sleep 2
done
curl -fsS -o /dev/null --max-time 5 http://127.0.0.1:8080/api/catalog/plans || { echo "the cluster did not come up" >&2; exit 1; }
cluster ps

say "load and faults"
npx --no-install tsx deploy/cluster-drill.ts run
