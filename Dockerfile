# Washdesk's server image: the public site and admin built here, the backend run from its
# TypeScript sources by tsx (as `npm start` does), production dependencies only, as a non-root
# user, data in /data and backups in /backups. Base pinned to an exact Node 20 tag
# (deploy/make-base-image.sh builds a local stand-in under this name where no registry is reachable).
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# --- 1. Build the front ends (dev dependencies of the apps only) ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY backend/package.json backend/
COPY public-site/package.json public-site/
COPY admin/package.json admin/
COPY desktop/package.json desktop/
# The CA of a TLS-intercepting proxy the build machine sits behind, if any (PEM text; empty elsewhere).
ARG EXTRA_CA_CERTS=""
# No install scripts: nothing the front-end build needs compiles, and Electron's would download.
RUN if [ -n "$EXTRA_CA_CERTS" ]; then printf '%s\n' "$EXTRA_CA_CERTS" >/tmp/extra-ca.pem; \
      export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; fi; \
    npm ci --ignore-scripts --no-audit --no-fund \
      -w @washdesk/contract -w @washdesk/public-site -w @washdesk/admin \
    && rm -f /tmp/extra-ca.pem
COPY tsconfig.json ./
COPY scripts/precompress-build.ts scripts/
COPY contract contract
COPY public-site public-site
COPY admin admin
RUN npm run build -w @washdesk/public-site -w @washdesk/admin

# --- 2. The backend's production dependencies, native modules compiled for this Node ---
FROM ${NODE_IMAGE} AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# node-gyp uses the image's own Node headers (no download).
ENV npm_config_nodedir=/usr/local CI=true
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY backend/package.json backend/
COPY public-site/package.json public-site/
COPY admin/package.json admin/
COPY desktop/package.json desktop/
ARG EXTRA_CA_CERTS=""
RUN if [ -n "$EXTRA_CA_CERTS" ]; then printf '%s\n' "$EXTRA_CA_CERTS" >/tmp/extra-ca.pem; \
      export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; fi; \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @washdesk/backend \
    && npm rebuild better-sqlite3 sharp \
    && npm cache clean --force && rm -f /tmp/extra-ca.pem

# --- 3. The runtime ---
# No EXTRA_CA_CERTS here: the proxy's CA serves the installs above and never reaches this image.
FROM ${NODE_IMAGE}
# Given by deploy/build.sh (the root package.json's version and git's HEAD).
ARG WASHDESK_VERSION=unknown
ARG GIT_COMMIT=""
LABEL org.opencontainers.image.title="Washdesk" \
      org.opencontainers.image.description="Quote site and back office of an exterior soft-washing business" \
      org.opencontainers.image.version="${WASHDESK_VERSION}" \
      org.opencontainers.image.revision="${GIT_COMMIT}"
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    BACKUP_DIR=/backups \
    SKIP_BUILD=1
COPY --from=deps /app/node_modules node_modules
COPY package.json package-lock.json ./
COPY scripts/start.mjs scripts/builds.mjs scripts/
COPY contract/package.json contract/
COPY contract/src contract/src
COPY backend/package.json backend/
COPY backend/src backend/src
COPY backend/scripts backend/scripts
COPY backend/migrations backend/migrations
COPY --from=build /app/public-site/dist public-site/dist
COPY --from=build /app/admin/dist admin/dist
# The commit /api/health reports (backend/src/version.ts): a file, so no env_file can blank it.
RUN printf '{"commit":"%s"}\n' "$GIT_COMMIT" >build-info.json
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data", "/backups"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "backend/src/server.ts"]
