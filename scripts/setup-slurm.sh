#!/usr/bin/env bash
# Installs what the Slurm test needs when it is missing: Debian's slurm-wlm (slurmctld, slurmd and
# the client commands sbatch, squeue, scontrol, scancel) and munge (the authentication daemon
# Slurm talks through). `scripts/test.sh` calls it; `scripts/main.sh` never does: nothing but the
# cluster test needs Slurm. As root it uses apt-get; otherwise it prints the exact command and
# stops, as scripts/setup.sh does. Installing starts no daemon: scripts/slurm-local.sh starts a
# private cluster and stops it again.
set -euo pipefail

# The daemons live in /usr/sbin, which is not on every user's PATH.
have() { PATH="$PATH:/usr/sbin:/sbin" command -v "$1" >/dev/null 2>&1; }
missing=()
have slurmctld || missing+=(slurmctld)
have slurmd || missing+=(slurmd)
have sbatch || missing+=(slurm-client)
have munged || missing+=(munge)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  # One line per step on the terminal; apt's own output goes to a log file, shown only on failure.
  log="${SETUP_LOG:-${TMPDIR:-/tmp}/sudoku-lab-setup-slurm.log}"
  : > "$log"
  export DEBIAN_FRONTEND=noninteractive
  who=setup-slurm
  # shellcheck source=scripts/setup-step.sh
  source "$(dirname "$0")/setup-step.sh"
  step "updating the package lists" apt-get update -q
  # policy-rc.d exit 101 keeps the packages' post-install scripts from starting munge and the Slurm
  # daemons as system services: the test runs its own, on ports and files of its own.
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy"
    chmod +x "$policy"
    trap 'rm -f "$policy"' EXIT
  fi
  step "installing ${missing[*]} (the single-node Slurm cluster of the Slurm test)" \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
  echo "setup-slurm: done" >&2
else
  echo "setup-slurm: missing ${missing[*]} (the single-node Slurm cluster of the Slurm test). Install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
