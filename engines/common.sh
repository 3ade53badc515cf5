# Shared by engines/up.sh and engines/down.sh. Everything lives under .engines/ (git-ignored).
# Overridable: ENGINES_DIR, KAFKA_PORT, KAFKA_CONTROLLER_PORT, MONGO_PORT, ENGINES_HOST, KAFKA_HEAP, MONGO_HEAP, ENGINES_WAIT_SECONDS,
# ENGINES_BIND_ATTEMPTS.
set -euo pipefail

ENGINES_SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$ENGINES_SRC/.." && pwd)"
ENGINES_DIR="${ENGINES_DIR:-$REPO_ROOT/.engines}"
ENGINES_HOST="${ENGINES_HOST:-127.0.0.1}"
# Below Linux's ephemeral range (32768-60999): a port in it can be handed to any client connection as its local
# port, Kafka's own broker-to-controller connection included, and the broker then fails to bind (a CI run did).
KAFKA_PORT="${KAFKA_PORT:-19092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-19093}"
MONGO_PORT="${MONGO_PORT:-17017}"
KAFKA_HEAP="${KAFKA_HEAP:-512m}"
MONGO_HEAP="${MONGO_HEAP:-384m}"
ENGINES_WAIT_SECONDS="${ENGINES_WAIT_SECONDS:-90}"

LIB_DIR="$ENGINES_DIR/lib"
CLASSES_DIR="$ENGINES_DIR/classes"
KAFKA_DIR="$ENGINES_DIR/kafka"
MONGO_DIR="$ENGINES_DIR/mongo"

log() { printf '[engines] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# Main class that identifies each engine's JVM, so a recycled pid is never mistaken for ours.
main_class() {
  case "$1" in
    kafka) echo "kafka.Kafka" ;;
    mongo) echo "MongoJavaServerLauncher" ;;
    *) die "unknown engine $1 (kafka|mongo)" ;;
  esac
}
engine_dir() { case "$1" in kafka) echo "$KAFKA_DIR" ;; mongo) echo "$MONGO_DIR" ;; esac; }
engine_port() { case "$1" in kafka) echo "$KAFKA_PORT" ;; mongo) echo "$MONGO_PORT" ;; esac; }
pid_file() { echo "$(engine_dir "$1")/$1.pid"; }
log_file() { echo "$(engine_dir "$1")/$1.log"; }

# Prints the engine's pid if its pid file names a live process running our main class.
running_pid() {
  local engine="$1" file pid
  file="$(pid_file "$engine")"
  [[ -f "$file" ]] || return 1
  pid="$(cat "$file")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [[ -r "/proc/$pid/cmdline" ]] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q -- "$(main_class "$engine")" || return 1
  echo "$pid"
}

port_open() { (exec 3<>"/dev/tcp/$ENGINES_HOST/$1") 2>/dev/null; }
