# Homestead's container image: Node 24 on Debian slim, the production build and production dependencies only,
# run as the unprivileged user `node`, data in the volume /data. docs/deploy.md, section "Container", has the rest.
#
#   docker build -t homestead .            (podman: podman build --format docker -t homestead .)
#   docker run -d -p 3000:3000 -v homestead-data:/data homestead
#
# BASE_IMAGE is any image with Node 24 in /usr/local/bin and a user `node` (1000:1000), as node:24-slim has;
# where no registry can be reached, scripts/container/local-images.sh makes one from Debian's packages.
ARG BASE_IMAGE=node:24-slim

FROM ${BASE_IMAGE} AS production-dependencies
WORKDIR /app
# The dependencies first: these layers are rebuilt only when package.json or the lock file changes.
COPY package.json package-lock.json ./
# Not `npm prune --omit=dev` after the build: it keeps every dev package that a production one names as an
# optional peer (vitest, vite, typescript and what they pull: 80 MB). Without devDependencies nothing needs them.
RUN npm pkg delete devDependencies && npm ci --omit=dev --no-audit --no-fund

# Builds on the stage above, whose npm cache already holds the production packages.
FROM production-dependencies AS build
COPY package.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build

FROM ${BASE_IMAGE}
# MALLOC_ARENA_MAX: the C allocator's arenas (server/node-flags.ts says why).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# server.ts and package.json (its `#app/*` imports) start the server. app/ is there as source: the offline
# geocoder's worker is started from app/providers/geocoding/ relative to this folder, and the scripts
# (`node scripts/backup.ts`, `restore.ts`, `seed.ts`) run from source, with tooling/ (demo data, backup).
COPY package.json server.ts ./
COPY app ./app
COPY tooling ./tooling
COPY scripts ./scripts
# Everything above belongs to root and is read-only to the server; it writes only to /data.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Node is PID 1 and handles SIGTERM itself (server.ts): no new connections, requests in flight finish, the
# database closes, exit 0. It forces the exit after 10 s, so give `stop` a longer grace period than that.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# V8 heap settings: server/node-flags.ts says why.
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "server.ts"]
