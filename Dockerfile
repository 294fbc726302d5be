# syntax=docker/dockerfile:1
# The production image: the compiled server (dist-server/) and the built app (dist/) on Node 20, with only the
# packages the server imports. docs/deployment.md says how to run it; compose.yaml runs two behind Caddy.
# npm ci runs with --ignore-scripts, as npm 11 does by default here: no package needs its install script.

# Everything installed, both halves built.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# The production dependencies alone (`dependencies` of package.json: what the bundle imports).
FROM node:20-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# Uploaded pictures (and the embedded database, when no DATABASE_URL is given) live in DATA_DIR; the app's own
# files stay owned by root, so the server cannot change them.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# server/shutdown.ts: on SIGTERM readiness turns 503, requests in flight are answered, the process exits 0.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/v1/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist-server/main.mjs"]
