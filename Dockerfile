# Atelier: the compiled server and the built web app on Node 22 LTS. See docs/deploy.md.

# --- build: all dependencies, then the web app (Vite) and the server (esbuild) ---------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY docs/package.json docs/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/check-engines.mjs && npm run build

# --- runtime: production dependencies, the builds, a non-root user ----------------------------
FROM node:22-bookworm-slim AS runtime
# MALLOC_ARENA_MAX: two malloc arenas instead of eight per core keep ~40 MB of freed native
# memory from staying resident (docs/operations.md, Memory).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/shared/package.json packages/shared/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/docs/package.json docs/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The compiled server (with its migrations and data files) and the built web app.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The sources the command-line tools run from with tsx (`npm run admin`, `npm run demo`).
COPY --from=build /app/tsconfig.base.json /app/tsconfig.json ./
COPY --from=build /app/scripts scripts
COPY --from=build /app/packages/shared/src packages/shared/src
COPY --from=build /app/apps/server/src apps/server/src
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/tsconfig.json apps/server/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
