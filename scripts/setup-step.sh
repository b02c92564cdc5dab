# Sourced by scripts/setup.sh and scripts/setup-slurm.sh: `step WHAT COMMAND…` runs one install
# step, printing one line on the terminal ("$who: WHAT … (log: $log)") and sending the command's own
# output to the log file $log, shown (its last 20 lines) only when the step fails, which exits 1.
step() {
  local what=$1; shift
  echo "$who: $what … (log: $log)" >&2
  if ! "$@" >>"$log" 2>&1; then
    echo "$who: FAILED: $what; the last lines of $log:" >&2
    tail -n 20 "$log" >&2
    exit 1
  fi
}
