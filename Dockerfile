# Beranda in a container: Debian slim, Node 24, runs as the unprivileged `node`
# user, keeps its data in the /data volume. See docs/operations.md.
#   docker build -t beranda .
#   docker run -p 3000:3000 -v beranda-data:/data -e PUBLIC_URL=https://example.com beranda
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies our patches of dependencies (patch-package, decision 038).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The server bundle and client assets (build/), the packages it loads, and the
# sources the maintenance commands run (npm run backup, restore, export, import,
# admin:create, admin:password).
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/common ./common
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains in-flight requests and exits 0 within 10 s.
STOPSIGNAL SIGTERM
# What `npm start` runs (ADR 007: the bundled server with a small young generation).
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "build/node/main.js"]
