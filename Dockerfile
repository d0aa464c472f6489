# syntax=docker/dockerfile:1
# The API and the worker in one image (the command differs). Node 24 LTS, a line users run;
# `.ci/node-lines` runs the suite on 22 and 24 (not yet gating CI). Chromium from Debian for page evaluations
# (Lighthouse) and PDF reports. Runs as the unprivileged `node` user.

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency from the lock file exactly (no scripts: the sources are not there
#    yet, and no production dependency has an install script), the bundles in dist/
#    (scripts/build.mjs, esbuild), then the development dependencies pruned away (tsx, esbuild).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY scripts ./scripts
COPY src ./src
RUN npm run build && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# 2. Runtime: Chromium and fonts, tini as PID 1 (signals reach Node, zombies are reaped).
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json package-lock.json ./
# The compiled code reads its files beside its sources (migrations, docs, the dashboard's client
# files, data files) and its source maps point there.
COPY src ./src
COPY migrations ./migrations
COPY docs ./docs
RUN mkdir -p /data && chown node:node /data
USER node
ENV NODE_ENV=production \
    GEO_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CHROME_PATH=/usr/bin/chromium
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
# API: the default. Worker: `node --enable-source-maps dist/worker.js` (see compose.yaml).
CMD ["node", "--enable-source-maps", "dist/main.js"]
