#!/usr/bin/env bash
# Run one experiment as a Slurm array job: task I of K runs shard I/K into its own folder,
# results/NAME-shard-I-of-K (NAME = the config file's name). Merge the shards when all are done.
#
#   jid=$(sbatch --parsable --array=1-8 experiments/slurm-array.sh experiments/phase.toml)
#   sbatch --dependency=afterok:$jid --wrap \
#       "sudoku-lab merge results/phase-shard-{1..8}-of-8 --out results/phase"
#
# or, by hand once `squeue` shows the array done:
#
#   sudoku-lab merge results/phase-shard-*-of-8 --out results/phase
#
# Submit from the repository root (configs and results are relative to it) with `sudoku-lab` on
# PATH, or set SUDOKU_LAB=/path/to/sudoku-lab. A task that is requeued or resubmitted continues its
# shard (--resume) instead of starting over. Shards must be numbered 1..K: --array=1-K.
#
# Per task: one worker per allocated CPU. Memory: 4 GiB per worker is the configs' memory_mb cap.
#SBATCH --job-name=sudoku-lab
#SBATCH --cpus-per-task=2
#SBATCH --mem-per-cpu=4G
#SBATCH --time=02:00:00
#SBATCH --output=slurm-%A_%a.out

set -euo pipefail

config=${1:?usage: sbatch --array=1-K experiments/slurm-array.sh experiments/NAME.toml}
shards=${SLURM_ARRAY_TASK_COUNT:?not an array task: submit with sbatch --array=1-K}
shard=${SLURM_ARRAY_TASK_ID:?not an array task: submit with sbatch --array=1-K}
name=$(basename "$config" .toml)
out="results/$name-shard-$shard-of-$shards"
bin=${SUDOKU_LAB:-sudoku-lab}

resume=()
if [[ -f "$out/meta.json" ]]; then
    resume=(--resume)
fi
echo "$(date -u +%FT%TZ) $(hostname): $config shard $shard/$shards -> $out"
exec "$bin" run "$config" --shard "$shard/$shards" --jobs "${SLURM_CPUS_PER_TASK:-1}" --out "$out" "${resume[@]}"
