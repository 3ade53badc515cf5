# syntax=docker/dockerfile:1
# The platform's image: one image for every role (the API and web app, the relay, the projector, the operator CLIs),
# chosen by its command. docs/operations.md, "The image", says how to build and run it.
#   docker build -t vivienda-colaboradores .
#   docker run --init -p 3000:3000 -v vivienda-data:/data vivienda-colaboradores
# 24 (LTS) or 22: on Node 20 the SQLite driver would need a compiler this image does not have.
ARG NODE_VERSION=24

# Build: every dependency (the build tools are devDependencies), the server and the web app compiled into dist/, then
# the runtime's file tree made by scripts/runtime-tree.sh: the same script CI runs (scripts/check-runtime-tree.sh)
# before it starts the server from that tree, so the tree CI serves from is the tree this image runs.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
# No install script is needed on this Node: the SQLite driver for Node 22.14+ and 24, better-sqlite3 13, brings its
# addon prebuilt (better-sqlite3-v12, Node 20's, stays unbuilt: adapters/embedded/sqlite-driver.ts), and esbuild, swc
# and rollup come as packages of their own per platform. So no compiler in this stage, nothing fetched but packages.
# This layer is reused until the lockfile changes. npm 11 may refuse a lockfile that records only some platforms'
# optional binaries (see .ci/run); npm install honours the same lockfile.
RUN npm ci --ignore-scripts --no-audit --no-fund || npm install --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && bash scripts/runtime-tree.sh /runtime

# Runtime: the same slim image, the runtime tree (dist/, package files, scripts/start.mjs and production dependencies),
# owned by root and only read by the server, which runs as `node`.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /runtime /app
# The embedded mode's SQLite files, keys and uploads (in distributed mode: secret.key, vapid.json, files/): a volume,
# created here owned by `node` so that a new named volume starts with that owner.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Readiness: GET /api/v1/health answers 200 once the read models caught up with the event store, 503 before that or
# while the data directory takes no writes (docs/operations.md, "Readiness at start"). The relay and projector roles
# serve /health on HEALTH_PORT instead: docker-compose.yml gives them their own check.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=6 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/v1/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form, node itself (no npm, no shell): SIGTERM from `docker stop` reaches the server, which stops accepting,
# finishes what it was doing and closes its stores. Other roles: `node scripts/start.mjs relay` (or projector,
# backup, restore, rebuild-projection, encrypt-personal-data).
CMD ["node", "scripts/start.mjs", "main"]
