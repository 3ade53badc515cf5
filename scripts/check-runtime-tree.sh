#!/usr/bin/env bash
# CI: the runtime tree (scripts/runtime-tree.sh, as the Docker image gets it) in a temporary directory, started
# there as the image starts it (node scripts/start.mjs main: node itself, so SIGTERM reaches the server and not
# npm) on production dependencies only, and, when run as root, as a user that is not root with the tree read-only to
# it (the image's USER); passes when it serves the catalogue over /api/v1 and the web app, the Dockerfile's
# HEALTHCHECK command says healthy, and it stops cleanly on SIGTERM. Needs `npm run build` done.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill -KILL "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

bash scripts/runtime-tree.sh "$work/app"
log="$work/server.log"
mkdir -p "$work/data"
# As root: the server runs as nobody, who owns only the data directory (the image's /data), when nobody can run this
# node (a node under /root cannot be).
as_user=()
if [ "$(id -u)" = 0 ] && setpriv --reuid=65534 --regid=65534 --clear-groups node --version > /dev/null 2>&1; then
  chmod 755 "$work"
  chown 65534:65534 "$work/data"
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
(cd "$work/app" && exec env -i PATH="$PATH" HOME="$work/data" NODE_ENV=production DEMO_SEED=true DATA_DIR="$work/data" PORT=0 SMTP_SINK_PORT=0 \
  "${as_user[@]}" node scripts/start.mjs main > "$log" 2>&1) &
server=$!

RUN_AS=$([ ${#as_user[@]} -gt 0 ] && echo nobody || id -un) node - "$log" <<'NODE'
const fs = require('node:fs');
const log = process.argv[2];
const deadline = Date.now() + 120_000;
const fail = (why) => {
  console.error(`runtime tree: ${why}\n--- server log ---\n${fs.readFileSync(log, 'utf8')}`);
  process.exit(1);
};
(async () => {
  let url;
  while (!url) {
    if (Date.now() > deadline) fail('the server did not say it was ready within 120 s');
    url = /lista en (http:\/\/\S+)/.exec(fs.readFileSync(log, 'utf8'))?.[1];
    if (!url) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const health = await fetch(`${url}/api/v1/health`);
  if (health.status !== 200) fail(`GET /api/v1/health answered ${health.status}`);
  const catalogue = await fetch(`${url}/api/v1/projects`);
  const body = await catalogue.json();
  if (catalogue.status !== 200 || !Array.isArray(body.items) || body.items.length === 0) fail(`GET /api/v1/projects answered ${catalogue.status}: ${JSON.stringify(body).slice(0, 300)}`);
  const page = await fetch(`${url}/`);
  if (page.status !== 200 || !(await page.text()).includes('<div id="root">')) fail(`GET / did not serve the web app (${page.status})`);
  // The image's HEALTHCHECK command as the Dockerfile writes it (exec form), with the PORT the server listens on.
  const dockerfile = fs.readFileSync('Dockerfile', 'utf8').replace(/\\\n/g, ' ');
  const [command, ...args] = JSON.parse(/^HEALTHCHECK\b.*?\bCMD\s+(\[.*\])\s*$/m.exec(dockerfile)[1]);
  const check = require('node:child_process').spawnSync(command, args, { env: { ...process.env, PORT: new URL(url).port }, encoding: 'utf8', timeout: 10_000 });
  if (check.status !== 0) fail(`the Dockerfile's HEALTHCHECK (${command} ${args.join(' ')}) exited with ${check.status}: ${check.stderr}`);
  console.log(`runtime tree: served ${body.items.length} projects and the web app from ${url} as ${process.env.RUN_AS}; the image's health check passed`);
})().catch((error) => fail(String(error)));
NODE

kill -TERM "$server"
for _ in $(seq 1 100); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$server" 2>/dev/null; then echo "runtime tree: the server did not stop within 10 s of SIGTERM" >&2; cat "$log" >&2; exit 1; fi
wait "$server" || { status=$?; echo "runtime tree: the server exited with $status after SIGTERM" >&2; cat "$log" >&2; exit 1; }
echo "runtime tree: stopped cleanly on SIGTERM"
