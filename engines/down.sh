#!/usr/bin/env bash
# Stops the local engines started by engines/up.sh, by the pids it recorded (never by name).
# Usage: engines/down.sh [kafka|mongo ...] (default: both). KILL=1 kills at once instead of a clean shutdown.
# Data stays in .engines/ (Kafka keeps its log; mongo-java-server is in memory); `rm -rf .engines/kafka` resets Kafka.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

stop() {
  local engine="$1" pid deadline
  if ! pid="$(running_pid "$engine")"; then
    rm -f "$(pid_file "$engine")"
    log "$engine not running"
    return 0
  fi
  if [[ "${KILL:-0}" == 1 ]]; then kill -KILL "$pid"; else kill -TERM "$pid"; fi
  deadline=$((SECONDS + ${ENGINES_STOP_SECONDS:-60}))
  while [[ -e "/proc/$pid" ]] && running_pid "$engine" >/dev/null; do
    if (( SECONDS >= deadline )); then
      log "$engine (pid $pid) did not stop in time: killing it"
      kill -KILL "$pid" 2>/dev/null || true
      deadline=$((SECONDS + 10))
    fi
    sleep 0.2
  done
  rm -f "$(pid_file "$engine")"
  log "$engine stopped (pid $pid)"
}

engines=("$@")
[[ ${#engines[@]} -gt 0 ]] || engines=(kafka mongo)
for engine in "${engines[@]}"; do main_class "$engine" >/dev/null; stop "$engine"; done
