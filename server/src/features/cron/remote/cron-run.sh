#!/bin/sh
# Ferry's cron wrapper: runs one job and records the run for the console.
#
#   run.sh <job id> <single mode 0|1> <log level 0|1|2> <command>
#
# The command runs with `sh -c`. The record of each run is one file in runs/ beside this
# script, written whole (a temporary file, then mv): the job id, start and end (epoch ms), the
# exit code, whether single mode skipped the run, then the output the log level keeps (none,
# stdout, or stdout and stderr), cut at 32768 bytes with a mark. The console reads the records
# over SSH and removes those it stored.
id=$1
single=$2
level=$3
cmd=$4
cap=32768
dir=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd) || exit 1
runs="$dir/runs"
locks="$dir/locks"
mkdir -p "$runs" "$locks" || exit 1
umask 077

now_ms() {
  t=$(date +%s%N 2>/dev/null)
  case $t in
    *[!0-9]* | '') echo "$(date +%s)000" ;;
    *) echo "${t%??????}" ;;
  esac
}

start=$(now_ms)
key="$id-$start-$$"
out="$runs/.$key.out"
: >"$out"

# Writes the record: code, skipped flag; the output file is cut at the cap and removed.
record() {
  size=$(wc -c <"$out" | tr -d ' ')
  tmp="$runs/.$key.tmp"
  {
    echo "id=$id"
    echo "start=$start"
    echo "end=$(now_ms)"
    echo "code=$1"
    echo "skipped=$2"
    if [ "$size" -gt "$cap" ]; then echo "truncated=$size"; else echo "truncated=0"; fi
    echo "--"
    head -c "$cap" "$out"
  } >"$tmp" && mv -f "$tmp" "$runs/$key.run"
  rm -f "$out"
}

run() {
  case $level in
    1) sh -c "$cmd" >"$out" 2>/dev/null 9>&- ;;
    2) sh -c "$cmd" >"$out" 2>&1 9>&- ;;
    *) sh -c "$cmd" >/dev/null 2>&1 9>&- ;;
  esac
}

if [ "$single" = 1 ]; then
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$locks/$id.lock"
    if ! flock -n 9; then
      record 0 1
      exit 0
    fi
  elif mkdir "$locks/$id.d" 2>/dev/null; then
    trap 'rmdir "$locks/$id.d" 2>/dev/null' EXIT
  else
    record 0 1
    exit 0
  fi
fi

run
code=$?
record "$code" 0
exit "$code"
