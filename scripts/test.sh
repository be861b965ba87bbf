#!/usr/bin/env bash
# `npm test`: the full suite.
#   1. typecheck (app + tests), the PostgreSQL schema-twin check, and eslint (~7 s)
#   2. jest unit project (node + jsdom)
#   3. jest api project on SQLite (a temp database per test file)
#   4. jest api and relay projects again on a throwaway PostgreSQL cluster, when PostgreSQL is installed,
#      then the redis project (real redis-server, several gateway instances on that PostgreSQL)
#   5. browser end-to-end specs, when chromium is installed
#   6. jest relay project: the production server + the OpenAI SDK + a loopback mock upstream
# With CI=true a missing PostgreSQL or chromium is an error instead of a skipped step.
# Ends with one line "N passed, N failed" (all jest runs) and a non-zero exit on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."

export CHECKPOINT_DISABLE=1 NEXT_TELEMETRY_DISABLED=1 PRISMA_HIDE_UPDATE_MESSAGE=1
CI="${CI:-false}"
RESULTS="$(mktemp -d "${TMPDIR:-/tmp}/gateway-test-results.XXXXXX")"
PG_DIR=""
PG_CTL=""
FAILED_STEPS=()
JEST_FLAGS=()
[ "$CI" = "true" ] && JEST_FLAGS+=(--ci)

cleanup() {
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

step() {
  local name="$1"
  shift
  local started=$SECONDS
  echo
  echo "=== $name"
  if "$@"; then
    echo "--- $name: ok ($((SECONDS - started)) s)"
  else
    echo "--- $name: FAILED ($((SECONDS - started)) s)"
    FAILED_STEPS+=("$name")
  fi
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

typecheck() {
  node node_modules/typescript/bin/tsc --noEmit && node scripts/pg-schema.mjs --check
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

postgres_run() {
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
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || {
    cat "$PG_DIR/server.log"
    return 1
  }
  echo "PostgreSQL $("$bin/postgres" --version | grep -oE '[0-9]+(\.[0-9]+)+' | head -1) on 127.0.0.1:$port"
  # Each test file spends ~10 s idle in `prisma migrate deploy` (see __tests__/api/harness.ts), so
  # more workers than cores pays off here: ~55 s instead of ~100 s on 2 cores.
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" jest_run api-postgres --selectProjects api --maxWorkers=3 || return 1
  # The relay (ledger, raw-SQL bookkeeping) against PostgreSQL too: needs the production build.
  node scripts/build-if-needed.mjs || return 1
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" jest_run relay-postgres --selectProjects relay || return 1
  # Several instances on one PostgreSQL + a real Redis (ledger, limits, invalidation, leases).
  if command -v redis-server >/dev/null 2>&1; then
    TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" jest_run redis --selectProjects redis --maxWorkers=1 || return 1
  elif [ "$CI" = "true" ]; then
    echo "ERROR: redis-server not installed, required when CI=true (apt-get install -y redis-server)"
    return 1
  else
    echo "redis-server not installed: skipped the Redis / multi-instance run (apt-get install -y redis-server)"
  fi
  # The browser flows (setup -> login -> shell) on PostgreSQL as well.
  if [ -x /usr/bin/chromium ]; then E2E_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" node __tests__/e2e/run.mjs; fi
}

step "typecheck + schema twin" typecheck
step "eslint" node node_modules/eslint/bin/eslint.js .
step "jest unit" jest_run unit --selectProjects unit
step "jest api (SQLite)" jest_run api-sqlite --selectProjects api

if find_pg_bin >/dev/null; then
  step "jest api (PostgreSQL)" postgres_run
else
  missing "PostgreSQL" "apt-get install -y postgresql"
fi

if [ -x /usr/bin/chromium ]; then
  step "e2e (chromium)" node __tests__/e2e/run.mjs
else
  missing "chromium" "apt-get install -y chromium fonts-noto-cjk"
fi

step "jest relay (production build)" jest_run relay --selectProjects relay

# Sum the jest --json reports. A run that crashed before writing its report counts as a failed step.
summary="$(node -e '
  const fs = require("fs"), path = require("path");
  let passed = 0, failed = 0;
  for (const f of fs.readdirSync(process.argv[1]).filter((f) => f.endsWith(".json"))) {
    const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
' "$RESULTS")"

echo
if [ "${#FAILED_STEPS[@]}" -gt 0 ]; then
  echo "failed steps:"
  printf '  - %s\n' "${FAILED_STEPS[@]}"
fi
echo "$summary"
[ "${#FAILED_STEPS[@]}" -eq 0 ]
