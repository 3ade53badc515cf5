#!/usr/bin/env bash
# The runtime's file tree in <target>: dist/ (npm run build, done before), the package files, scripts/start.mjs and
# the production dependencies only. The Dockerfile's runtime stage copies exactly this tree, and CI builds it the
# same way (scripts/check-runtime-tree.sh) and starts the server from it, so what CI starts is what the image runs.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/runtime-tree.sh <target directory>}
[ -f dist/server/main.js ] && [ -f dist/web/index.html ] || { echo "dist/ is incomplete: run npm run build first" >&2; exit 1; }

mkdir -p "$target/scripts"
cp -R dist "$target/"
cp package.json package-lock.json .npmrc "$target/"
cp scripts/start.mjs "$target/scripts/"

cd "$target"
# --ignore-scripts: no install script of a dependency runs (the addon below is the one that needs one). npm 11 may
# refuse a lockfile that records only this platform's optional binaries (see .ci/run); npm install honours it too.
if ! npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error; then
  npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error
fi
# The SQLite driver (adapters/embedded/sqlite-driver.ts): on Node 22.14+ and 24 better-sqlite3 13, whose addon is in
# its package, nothing to build. On Node 20 better-sqlite3 12 (alias better-sqlite3-v12), compiled for the Node that
# runs it: its addon is copied from this tree's node_modules when built there for the same version (CI built it
# already; no second two-minute compile), else built in <target>.
if [ "$(node -p 'Number(process.versions.napi) < 10')" = true ]; then
  addon=node_modules/better-sqlite3-v12
  source_addon="$OLDPWD/$addon"
  if [ -f "$source_addon/build/Release/better_sqlite3.node" ] &&
    [ "$(node -p "require('./$addon/package.json').version")" = "$(node -p "require('$source_addon/package.json').version")" ]; then
    mkdir -p "$addon/build/Release"
    cp "$source_addon/build/Release/better_sqlite3.node" "$addon/build/Release/"
  else
    npm rebuild better-sqlite3-v12 --no-audit --no-fund
  fi
fi
# Build tools have no place at run time: a development package here means package.json lists it as a dependency.
for tool in tsx vite esbuild typescript jest; do
  if [ -d "node_modules/$tool" ]; then echo "runtime tree: $tool is installed as a production dependency" >&2; exit 1; fi
done
echo "runtime tree ready in $target ($(du -sh node_modules | cut -f1) of production dependencies)"
