# syntax=docker/dockerfile:1
# The gateway's container image, in three stages:
#   deps     npm install (generates the Prisma clients in postinstall) with the tools a native build needs
#   build    the console (next build, output "standalone") + the bundled server, then
#            scripts/assemble-runtime.mjs lays out a self-contained folder in /runtime
#   runtime  node slim + that folder only, as the unprivileged `node` user
# The entrypoint applies the migrations, then execs the server with the V8 flags of `npm start`.
# Multi-instance setup (PostgreSQL + Redis + a load balancer): docker-compose.yml, README "Running at scale".

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /src
# better-sqlite3 downloads a prebuilt binary and compiles itself only when none fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# postinstall (scripts/generate-clients.mjs) needs the schemas and its scripts.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
RUN npm install --no-audit --no-fund

FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
# CI=true: no Turbopack build cache (next.config.mjs), which a one-off image build would never read
RUN CI=true npm run build \
  && node --max-semi-space-size=64 scripts/assemble-runtime.mjs /runtime

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  NEXT_TELEMETRY_DISABLED=1 \
  PORT=3000 \
  HOSTNAME=0.0.0.0 \
  DATA_DIR=/data
WORKDIR /app
# The code stays owned by root (read-only for the server); only the data folder and Next's cache are
# writable by the user the server runs as.
COPY --from=build /runtime /app
RUN mkdir -p /data /app/.next/cache \
  && chown node:node /data /app/.next/cache
USER node
# SQLite database and generated secrets when DATABASE_URL is not PostgreSQL.
VOLUME ["/data"]
EXPOSE 3000
# Liveness (slim images have no curl). Readiness for load balancers is /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server drains on SIGTERM for up to SHUTDOWN_TIMEOUT (30 s): give `docker stop` at least that
# (`docker stop -t 45`, compose `stop_grace_period`), or in-flight streams are killed.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/bin/sh", "/app/scripts/docker-entrypoint.sh"]
