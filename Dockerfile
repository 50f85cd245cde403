# syntax=docker/dockerfile:1
# Ruche as an image (docs/operations.md): build with every dependency, run with the
# production ones only, as the unprivileged `node` user, on the current Node LTS (24; Ruche
# also runs on 20.19+ and 22.13+: package.json "engines"). Not built on the machine this was
# written on (no Docker there): see docs/operations.md for what was checked instead.

# ── build: the web app (Vite) and the server bundle (esbuild) into dist/ ──────────────────
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: the lock leaves out other platforms' builds of optional
# packages, which `npm ci` takes for a lock out of sync (scripts/lib.mjs says the same).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# ── the production dependencies alone ──────────────────────────────────────────────────────
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# ── runtime ────────────────────────────────────────────────────────────────────────────────
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# package.json says "type": "module": the bundle is ES modules.
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# DATA_DIR: the embedded store and the generated session secret (one node, no DATABASE_URL).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness only (no store access); load balancers ask GET /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (DRAIN_TIMEOUT_MS, 25 s by default): give the container longer to stop.
STOPSIGNAL SIGTERM
# The Node flags of npm start (SERVER_NODE_FLAGS, scripts/lib.mjs).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "--max-old-space-size=1536", "dist/server/main.js"]
