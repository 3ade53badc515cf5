#!/usr/bin/env bash
# Starts the local engines for the distributed tests: Kafka 3.9 (KRaft, single node) and mongo-java-server.
# Usage: engines/up.sh [kafka|mongo ...]   (default: both). Idempotent: a running engine is left alone.
#        engines/up.sh provision          (the jars and the launcher only)
# Provisions on first use from Maven Central (needs `mvn`, `java`, `javac`); no Docker, no tarballs.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

provision() {
  local stamp="$LIB_DIR/.pom.sha256" want
  want="$(sha256sum "$ENGINES_SRC/pom.xml" | cut -d' ' -f1)"
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
    command -v mvn >/dev/null || die "mvn not found: install Maven (apt-get install -y maven) to provision .engines/lib"
    log "provisioning jars from Maven Central into $LIB_DIR"
    local staging="$ENGINES_DIR/lib.staging"
    rm -rf "$staging"
    mvn -q -B -f "$ENGINES_SRC/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies \
      -DoutputDirectory="$staging" -DincludeScope=runtime
    rm -rf "$LIB_DIR"
    mv "$staging" "$LIB_DIR"
    echo "$want" > "$stamp"
  fi
  local launcher="$ENGINES_SRC/launcher/MongoJavaServerLauncher.java"
  if [[ ! -f "$CLASSES_DIR/MongoJavaServerLauncher.class" || "$launcher" -nt "$CLASSES_DIR/MongoJavaServerLauncher.class" \
        || "$stamp" -nt "$CLASSES_DIR/MongoJavaServerLauncher.class" ]]; then
    command -v javac >/dev/null || die "javac not found: install a JDK 17+ (apt-get install -y openjdk-17-jdk-headless)"
    log "compiling the mongo-java-server launcher"
    mkdir -p "$CLASSES_DIR"
    javac -d "$CLASSES_DIR" -cp "$LIB_DIR/*" "$launcher"
  fi
}

write_kafka_config() {
  mkdir -p "$KAFKA_DIR/data"
  cat > "$KAFKA_DIR/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$ENGINES_HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$ENGINES_HOST:$KAFKA_PORT,CONTROLLER://$ENGINES_HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$ENGINES_HOST:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$KAFKA_DIR/data
num.partitions=3
auto.create.topics.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=5
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=5
group.initial.rebalance.delay.ms=0
log.flush.interval.messages=1
PROPS
  if [[ ! -f "$KAFKA_DIR/data/meta.properties" ]]; then
    local cluster_id
    if [[ -f "$KAFKA_DIR/cluster-id" ]]; then
      cluster_id="$(cat "$KAFKA_DIR/cluster-id")"
    else
      cluster_id="$(java -cp "$LIB_DIR/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n1)"
      echo "$cluster_id" > "$KAFKA_DIR/cluster-id"
    fi
    log "formatting KRaft storage (cluster $cluster_id)"
    java -Dlog4j.configuration="file:$ENGINES_SRC/log4j.properties" -cp "$LIB_DIR/*" kafka.tools.StorageTool format \
      -t "$cluster_id" -c "$KAFKA_DIR/server.properties" --ignore-formatted >> "$KAFKA_DIR/format.log" 2>&1 \
      || { cat "$KAFKA_DIR/format.log" >&2; die "KRaft storage format failed"; }
  fi
}

# Starts a detached JVM (own session: survives the calling shell and test runner) and records its pid.
launch() {
  local engine="$1"; shift
  local dir logf
  dir="$(engine_dir "$engine")"; logf="$(log_file "$engine")"
  mkdir -p "$dir"
  [[ -f "$logf" ]] && mv -f "$logf" "$logf.1"
  if command -v setsid >/dev/null; then
    setsid nohup java "$@" > "$logf" 2>&1 < /dev/null &
  else
    nohup java "$@" > "$logf" 2>&1 < /dev/null &  # macOS: no setsid; nohup still survives the shell
  fi
  echo $! > "$(pid_file "$engine")"
}

# The recorded pid is alive (not a zombie this shell has yet to reap) though running_pid missed it: setsid and
# nohup exec into java, and while an exec runs /proc/<pid>/cmdline reads empty (a CI run stopped on that with mongo
# listening). Such an engine is still starting.
still_starting() {
  local pid
  pid="$(cat "$(pid_file "$1")" 2>/dev/null || true)"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && [[ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]]
}

# Why an engine stopped: the log's first error lines (Kafka logs dozens of shutdown lines after the cause, so the
# log's tail alone hides it), then its tail.
explain_exit() {
  local logf
  logf="$(log_file "$1")"
  grep -m 6 -E "ERROR|FATAL|Exception|Caused by" "$logf" >&2 || true
  log "last lines of $logf:"
  tail -n 15 "$logf" >&2 || true
}

# Waits for the engine's port (and, for Kafka, the broker's "started" line), never a fixed sleep.
# Returns 0 when ready, 1 when the JVM exited during start-up, 2 when it is not ready in time.
wait_ready() {
  local engine="$1" port deadline pid
  port="$(engine_port "$engine")"
  deadline=$((SECONDS + ENGINES_WAIT_SECONDS))
  while :; do
    if pid="$(running_pid "$engine")"; then
      if port_open "$port" && { [[ "$engine" != kafka ]] || grep -q "Kafka Server started" "$(log_file "$engine")"; }; then
        log "$engine ready on $ENGINES_HOST:$port (pid $pid)"
        return 0
      fi
    elif ! still_starting "$engine"; then
      return 1
    fi
    (( SECONDS < deadline )) || return 2
    sleep 0.2  # poll interval
  done
}

# A port can be held by a socket that does not listen (a client's connection given it as its local port), which
# the port_open check cannot see; the JVM then fails to bind and stops. Such a holder is short-lived: try again.
BIND_ATTEMPTS="${ENGINES_BIND_ATTEMPTS:-3}"

start() {
  local engine="$1" pid port attempt status
  port="$(engine_port "$engine")"
  if pid="$(running_pid "$engine")"; then
    log "$engine already running (pid $pid)"
    wait_ready "$engine" && return 0
    explain_exit "$engine"
    die "$engine (pid $pid) did not become ready"
  fi
  port_open "$port" && die "port $ENGINES_HOST:$port is taken by a process that is not ours: stop it or set $( [[ $engine == kafka ]] && echo KAFKA_PORT || echo MONGO_PORT )"
  for (( attempt = 1; ; attempt++ )); do
    launch_engine "$engine"
    status=0
    wait_ready "$engine" || status=$?
    (( status == 0 )) && return 0
    if (( status == 1 )) && (( attempt < BIND_ATTEMPTS )) && grep -q "Address already in use" "$(log_file "$engine")"; then
      log "$engine could not bind a port (attempt $attempt of $BIND_ATTEMPTS): starting it again"
      sleep 1  # give the holder of the port time to let it go
      continue
    fi
    explain_exit "$engine"
    (( status == 1 )) && die "$engine exited during start-up (log: $(log_file "$engine"))"
    die "$engine not ready after ${ENGINES_WAIT_SECONDS}s (log: $(log_file "$engine"))"
  done
}

launch_engine() {
  case "$1" in
    kafka)
      write_kafka_config
      launch kafka "-Xms256m" "-Xmx$KAFKA_HEAP" -XX:+UseG1GC -Djava.awt.headless=true \
        -Dlog4j.configuration="file:$ENGINES_SRC/log4j.properties" \
        -cp "$LIB_DIR/*" kafka.Kafka "$KAFKA_DIR/server.properties"
      ;;
    mongo)
      launch mongo "-Xmx$MONGO_HEAP" -XX:+UseSerialGC -Djava.awt.headless=true \
        -Dlog4j.configuration="file:$ENGINES_SRC/log4j.properties" \
        -cp "$LIB_DIR/*:$CLASSES_DIR" MongoJavaServerLauncher --host "$ENGINES_HOST" --port "$MONGO_PORT"
      ;;
  esac
}

engines=("$@")
command -v java >/dev/null || die "java not found: install a JRE/JDK 17+"
# `up.sh provision`: the jars and the launcher only, no engine started (CI does it while other work runs).
if [[ "${engines[*]}" == provision ]]; then
  provision
  exit 0
fi
[[ ${#engines[@]} -gt 0 ]] || engines=(kafka mongo)
provision
for engine in "${engines[@]}"; do main_class "$engine" >/dev/null; done
# Start both JVMs before waiting on either: they boot in parallel.
for engine in "${engines[@]}"; do start "$engine" & done
status=0
for job in $(jobs -p); do wait "$job" || status=1; done
[[ $status -eq 0 ]] || exit 1

cat <<ENV
export KAFKA_BROKERS=$ENGINES_HOST:$KAFKA_PORT
export MONGODB_URL=mongodb://$ENGINES_HOST:$MONGO_PORT
ENV
