#!/usr/bin/env bash
# `npm test`: the full suite (how it is organised and why: docs/testing.md).
#   In the background from the start: typecheck + schema twin + eslint + cycles, the production build, and a
#   throwaway PostgreSQL server with the migrated test templates (one migration per run).
#   1. jest unit (node + jsdom)
#   2. jest api on SQLite (every file; each gets a copy of the migrated template)
#   3. jest api on PostgreSQL: only the engine-dependent files (*.engine.test.ts)
#   4. jest relay on SQLite (the production build, official SDKs, loopback mock upstreams)
#   5. jest relay on PostgreSQL: only *.engine.test.ts
#   6. jest redis on PostgreSQL: a real redis-server, several gateway instances on one database
#   7. browser specs: every spec on SQLite and the smoke flow (01-03) on PostgreSQL, in parallel
#      browser contexts (3 lanes), each on its own server
# With CI=true a missing PostgreSQL, redis-server or chromium is an error instead of a skipped step.
# Prints each step's time, the 15 slowest test files and the total; ends with one line
# "N passed, N failed" (all jest runs and browser specs) and a non-zero exit on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."

export CHECKPOINT_DISABLE=1 NEXT_TELEMETRY_DISABLED=1 PRISMA_HIDE_UPDATE_MESSAGE=1
CI="${CI:-false}"
RESULTS="$(mktemp -d "${TMPDIR:-/tmp}/gateway-test-results.XXXXXX")"
PG_DIR=""
PG_CTL=""
PG_URL=""
FAILED_STEPS=()
STEP_TIMES=()
JEST_FLAGS=()
[ "$CI" = "true" ] && JEST_FLAGS+=(--ci)
ENGINE_FILES='\.engine\.test\.ts$'
SUITE_STARTED=$SECONDS

cleanup() {
  local pids
  pids="$(jobs -p)"
  [ -n "$pids" ] && kill $pids 2>/dev/null
  if [ -n "$PG_CTL" ] && [ -n "$PG_DIR" ]; then
    as_pg_user "$PG_CTL" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  [ -n "$PG_DIR" ] && rm -rf "$PG_DIR"
  rm -rf "$RESULTS"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# initdb/postgres refuse to run as root: use the unprivileged "nobody" account then.
as_pg_user() {
  if [ "$(id -u)" = "0" ]; then runuser -u nobody -- "$@"; else "$@"; fi
}

record() {
  local name="$1" status="$2" seconds="$3"
  STEP_TIMES+=("$(printf '%6d s  %s' "$seconds" "$name")")
  if [ "$status" = "0" ]; then
    echo "--- $name: ok ($seconds s)"
  else
    echo "--- $name: FAILED ($seconds s)"
    FAILED_STEPS+=("$name")
  fi
}

step() {
  local name="$1"
  shift
  local started=$SECONDS
  echo
  echo "=== $name"
  "$@"
  record "$name" "$?" $((SECONDS - started))
}

# A step in the background: its output is kept and printed by wait_step, with its own time.
declare -A BG_PID BG_START
bg_step() {
  local name="$1" key="$2"
  shift 2
  BG_START[$key]=$SECONDS
  ("$@" >"$RESULTS/$key.log" 2>&1; echo $? >"$RESULTS/$key.status"; echo $SECONDS >"$RESULTS/$key.end") &
  BG_PID[$key]=$!
}

wait_step() {
  local name="$1" key="$2"
  wait "${BG_PID[$key]}"
  echo
  echo "=== $name (in the background)"
  cat "$RESULTS/$key.log"
  record "$name" "$(cat "$RESULTS/$key.status")" $(($(cat "$RESULTS/$key.end") - BG_START[$key]))
}

missing() {
  local what="$1" hint="$2"
  if [ "$CI" = "true" ]; then
    echo "ERROR: $what not installed, required when CI=true ($hint)"
    FAILED_STEPS+=("$what missing")
  else
    echo "$what not installed: skipped the $what run ($hint)"
  fi
}

jest_run() {
  local out="$1"
  shift
  node node_modules/jest/bin/jest.js "${JEST_FLAGS[@]}" --json --outputFile="$RESULTS/$out.json" "$@"
}

# A jest run against the throwaway PostgreSQL server.
jest_pg() {
  TEST_DATABASE_URL="$PG_URL" jest_run "$@"
}

static_checks() {
  node node_modules/typescript/bin/tsc --noEmit && node scripts/pg-schema.mjs --check &&
    node node_modules/eslint/bin/eslint.js . && node scripts/check-import-cycles.mjs &&
    node scripts/check-spec-citations.mjs
}

find_pg_bin() {
  local dir
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return 0
  fi
  for dir in /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(s.address().port+"\n");s.close()})'
}

start_postgres() {
  local bin port
  bin="$(find_pg_bin)" || return 1
  port="$(free_port)"
  PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/gateway-pg.XXXXXX")"
  [ "$(id -u)" = "0" ] && chown nobody "$PG_DIR"
  chmod 700 "$PG_DIR"
  as_pg_user "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust >"$PG_DIR/initdb.log" 2>&1 || {
    cat "$PG_DIR/initdb.log"
    return 1
  }
  PG_CTL="$bin/pg_ctl"
  as_pg_user "$PG_CTL" -D "$PG_DIR/data" -w -t 60 -l "$PG_DIR/server.log" \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null || {
    cat "$PG_DIR/server.log"
    return 1
  }
  PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "PostgreSQL $("$bin/postgres" --version | grep -oE '[0-9]+(\.[0-9]+)+' | head -1) on 127.0.0.1:$port"
}

# the browser of the specs: chromium-headless-shell (as .ci/run installs), else the full chromium
have_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ]; then [ -x "$CHROMIUM_PATH" ]; else [ -x /usr/bin/chromium-headless-shell ] || [ -x /usr/bin/chromium ]; fi
}

# ---- background from the start: static checks, the production build, PostgreSQL + templates
bg_step "typecheck + schema twin + eslint + cycles" static static_checks
bg_step "production build" build node scripts/build-if-needed.mjs
# The coding-agent CLIs the relay files drive (their own package, out of the product's dependencies).
bg_step "test clients (Claude Code, Codex, Gemini CLI)" clients node scripts/install-test-clients.mjs
if find_pg_bin >/dev/null; then
  step "PostgreSQL server" start_postgres
else
  missing "PostgreSQL" "apt-get install -y postgresql"
fi
bg_step "migrated test templates" templates env TEST_DATABASE_URL="$PG_URL" node scripts/prepare-test-templates.mjs

# ---- jest on the in-process projects
# jest's default is one worker on 2 cores (cores - 1): use both (the background steps wait on I/O
# much of the time).
step "jest unit" jest_run unit --selectProjects unit --maxWorkers=2
wait_step "migrated test templates" templates
step "jest api (SQLite)" jest_run api-sqlite --selectProjects api --maxWorkers=2
if [ -n "$PG_URL" ]; then
  step "jest api (PostgreSQL, engine files)" jest_pg api-postgres --selectProjects api \
    --testPathPatterns "$ENGINE_FILES" --maxWorkers=2
fi
wait_step "typecheck + schema twin + eslint + cycles" static
wait_step "production build" build
wait_step "test clients (Claude Code, Codex, Gemini CLI)" clients

# ---- the production server: relay, redis, browser
# Relay files wait on their server process much of the time: three at once kept both cores busy
# (154-165 s against 177 s with two, 2026-11-27; the same CPU).
step "jest relay (SQLite)" jest_run relay-sqlite --selectProjects relay --maxWorkers=3
if [ -n "$PG_URL" ]; then
  step "jest relay (PostgreSQL, engine files)" jest_pg relay-postgres --selectProjects relay \
    --testPathPatterns "$ENGINE_FILES" --maxWorkers=2
  if command -v redis-server >/dev/null 2>&1; then
    # two files at once: each waits on its gateways' polls and leases most of the time (one at a time
    # left a core idle: 107 s against 61-64 s, and 71 s with a third core's worth of busy loop beside it)
    step "jest redis (PostgreSQL)" jest_pg redis --selectProjects redis --maxWorkers=2
  else
    missing "redis-server" "apt-get install -y redis-server"
  fi
fi
# Last and alone: the browser specs keep both cores busy by themselves. Beside the relay step the run
# took longer (1001 s against 991 s); beside the relay engine files and redis it saved 80 s but tripled
# those steps' times, whose tests have timing deadlines (docs/testing.md "Overlap").
if have_chromium; then
  # every spec on SQLite and the smoke flow (01-03) on PostgreSQL, in one pool of browser lanes
  step "browser specs (SQLite; smoke flow on PostgreSQL)" env E2E_DATABASE_URL="$PG_URL" \
    E2E_POSTGRES_SMOKE="${PG_URL:+01,02,03}" node __tests__/e2e/run.mjs --report "$RESULTS/e2e.json"
else
  missing "chromium" "apt-get install -y chromium-headless-shell fonts-noto-cjk"
fi

# ---- summary: step times, the slowest files, the total, "N passed, N failed"
echo
echo "=== step times"
printf '%s\n' "${STEP_TIMES[@]}"
echo
echo "=== the 15 slowest test files"
node scripts/test-report.mjs slowest 15 "$RESULTS"
summary="$(node scripts/test-report.mjs count "$RESULTS")"
echo
echo "total: $((SECONDS - SUITE_STARTED)) s"
if [ "${#FAILED_STEPS[@]}" -gt 0 ]; then
  echo "failed steps:"
  printf '  - %s\n' "${FAILED_STEPS[@]}"
fi
echo "$summary"
[ "${#FAILED_STEPS[@]}" -eq 0 ]
