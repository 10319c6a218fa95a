# syntax=docker/dockerfile:1
# Orbis in one image (docs/operations.md, "Run it in a container"): built in a first stage with every
# dependency, run in a second with the production ones only, as the unprivileged `node` user.

# ---- build: npm ci runs `prepare`, which builds every workspace and the precompressed assets
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm prune --omit=dev --no-audit --no-fund

# ---- run
FROM node:24-bookworm-slim
# pg_dump and pg_restore for `orbis backup` and `orbis restore` on PostgreSQL (of the major the
# compose file's server runs: Debian bookworm's 15).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The code stays root's, read-only to the server; only the data dir is the server's.
COPY --from=build /app /app
RUN mkdir /data && chown node:node /data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    ORBIS_DATA_DIR=/data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=6s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# bin/orbis.js stops cleanly on SIGTERM (docker stop) and SIGINT.
CMD ["node", "packages/server/bin/orbis.js", "serve"]
