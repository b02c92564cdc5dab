#!/usr/bin/env bash
# Run one experiment as a Slurm array job: task I of K runs shard I/K into its own folder,
# results/NAME-shard-I-of-K (NAME = the config file's name), and a job that waits for the whole
# array merges the shards into results/NAME:
#
#   jid=$(sbatch --parsable --array=1-8 experiments/slurm-array.sh experiments/phase.toml)
#   sbatch --dependency=afterok:$jid experiments/slurm-array.sh --merge 8 experiments/phase.toml
#
# (by hand, once `squeue` shows the array done: experiments/slurm-array.sh --merge 8 CONFIG).
# Submit from the repository root (configs and results are relative to it) with `sudoku-lab` on
# PATH, or set SUDOKU_LAB=/path/to/sudoku-lab: jobs inherit the submitting shell's environment.
# A task that is requeued (scontrol requeue, preemption) or resubmitted continues its shard
# (--resume) instead of starting over; its log keeps every attempt. Shards must be numbered 1..K:
# --array=1-K, optionally throttled (--array=1-K%4).
#
# Bad input (a config that does not exist, an array not numbered 1..K, more tasks than the config
# has instances, no sudoku-lab to run, a shard folder missing at merge time) is reported in the
# task's log and exits 2, before anything is written.
#
# Per task: one worker per allocated CPU (--cpus-per-task); 4 GiB per worker covers the committed
# configs' memory_mb caps (at most 4096 MiB). Options on the sbatch command line override these.
#SBATCH --job-name=sudoku-lab
#SBATCH --cpus-per-task=2
#SBATCH --mem-per-cpu=4G
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=slurm-%A_%a.out

set -euo pipefail

usage="usage: sbatch --array=1-K experiments/slurm-array.sh CONFIG.toml
       sbatch --dependency=afterok:JOBID experiments/slurm-array.sh --merge K CONFIG.toml"
fail() {
    echo "slurm-array.sh: $*" >&2
    exit 2
}

merge=""
if [[ ${1:-} == --merge ]]; then
    [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || fail "--merge needs the number of shards K (the array's size), got '${2:-}'
$usage"
    merge=$2
    shift 2
fi
[[ $# -eq 1 ]] || fail "expected one config file, got $# argument(s)
$usage"
config=$1
[[ -f $config ]] || fail "config $config not found (working directory $PWD): submit from the repository root, or give the config's absolute path"
name=$(basename "$config" .toml)

bin=${SUDOKU_LAB:-sudoku-lab}
if ! command -v "$bin" >/dev/null 2>&1; then
    if [[ -n ${SUDOKU_LAB:-} ]]; then
        fail "SUDOKU_LAB=$SUDOKU_LAB is not an executable file"
    fi
    fail "sudoku-lab not found on PATH ($PATH): put it on PATH before submitting (jobs inherit the environment), or set SUDOKU_LAB=/path/to/sudoku-lab"
fi

if [[ -n $merge ]]; then
    folders=()
    missing=()
    for ((i = 1; i <= merge; i++)); do
        folder="results/$name-shard-$i-of-$merge"
        if [[ -f $folder/meta.json ]]; then folders+=("$folder"); else missing+=("$folder"); fi
    done
    [[ ${#missing[@]} -eq 0 ]] \
        || fail "no results in ${missing[*]} (working directory $PWD): did every array task run? See squeue and the slurm-*.out logs"
    echo "$(date -u +%FT%TZ) $(uname -n): merging the $merge shards of $config -> results/$name"
    exec "$bin" merge "${folders[@]}" --out "results/$name"
fi

[[ -n ${SLURM_ARRAY_TASK_ID:-} ]] || fail "not an array task: submit with sbatch --array=1-K
$usage"
shard=$SLURM_ARRAY_TASK_ID
shards=${SLURM_ARRAY_TASK_COUNT:?}
first=${SLURM_ARRAY_TASK_MIN:?}
last=${SLURM_ARRAY_TASK_MAX:?}
# Task I runs shard I of K = the number of tasks: tasks numbered otherwise would leave shards
# unrun or run shards that do not exist.
if [[ $first != 1 || $last != "$shards" ]]; then
    fail "array tasks must be numbered 1..K (task I runs shard I/K), but this array's $shards task(s) run from $first to $last: submit with --array=1-$shards"
fi
out="results/$name-shard-$shard-of-$shards"

resume=()
if [[ -f "$out/meta.json" ]]; then
    resume=(--resume)
fi
echo "$(date -u +%FT%TZ) $(uname -n): $config shard $shard/$shards -> $out${resume:+ (resuming)}, restart ${SLURM_RESTART_COUNT:-0}"
exec "$bin" run "$config" --shard "$shard/$shards" --jobs "${SLURM_CPUS_PER_TASK:-1}" --out "$out" "${resume[@]}"
