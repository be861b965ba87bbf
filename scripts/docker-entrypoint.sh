#!/bin/sh
# Entrypoint of the container image, run from an assembled runtime folder (scripts/assemble-runtime.mjs):
# apply the database migrations (safe on every start, and with several instances starting at once on
# PostgreSQL: see README "Running at scale"), then replace this shell with the server, so it is the
# process that receives SIGTERM and drains (server/main.ts), with the V8 flags of `npm start`.
set -eu
cd "$(dirname "$0")/.."
node scripts/migrate.mjs
# glibc's malloc arenas, as `npm start` sets them (scripts/server-flags.mjs says why).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# shellcheck disable=SC2046 # the flags are meant to split into separate arguments
exec node $(node scripts/server-flags.mjs) scripts/serve.mjs "$@"
