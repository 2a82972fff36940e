# syntax=docker/dockerfile:1
# A thin wrapper over `npm run release`: the build stage lays out the runtime folder, the runtime stage adds the OS
# packages it lists (os-packages.txt: ffmpeg, voices, speech recognition, fonts) and runs it as a non-root user.
# The release's Node line, an LTS one; scripts/release.mjs --check starts the release on the same line.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /src
COPY . .
# The built-in media library is rendered here into the release (media-library/, about a minute on two cores), so a
# container's first start copies it into storage instead of rendering it; that needs ffmpeg and the fonts here too.
RUN node scripts/os-packages.mjs \
 && npm ci --no-audit --no-fund \
 && npm run release -- --out /release --library

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
COPY --from=build /release/os-packages.txt /tmp/os-packages.txt
RUN apt-get update \
 && xargs -a /tmp/os-packages.txt apt-get install -y --no-install-recommends \
 && rm -rf /var/lib/apt/lists/* /tmp/os-packages.txt \
 && useradd --create-home --uid 10001 reelsmith \
 && mkdir -p /data && chown reelsmith /data
WORKDIR /app
COPY --from=build --chown=root:root /release /app
USER reelsmith
# DEPLOYMENT=1: the server refuses to start without Razorpay keys unless PAYMENTS=test is set on purpose.
ENV NODE_ENV=production DEPLOYMENT=1 DATA_DIR=/data PORT=8080 HOST=0.0.0.0
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:8080/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
