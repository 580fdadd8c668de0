#!/bin/sh
# The metrics agent of one server: every interval it runs the collector next to it (lines
# "<type> <item> <value>") and posts the samples to the console as one report, signed with this
# server's key: sign = base64url(SHA-256(body + timestamp + key)).
#
#   agent-loop.sh once       one report; prints the console's answer, fails unless accepted
#   agent-loop.sh run        the loop (what a systemd unit runs)
#   agent-loop.sh supervise  runs the loop and starts it again whenever it dies
#   agent-loop.sh enable     starts it at boot and now: a systemd unit where systemd is usable,
#                            else the supervised loop (and an @reboot crontab line if possible)
#   agent-loop.sh start      starts the supervised loop in the background unless it runs
#   agent-loop.sh stop       stops the supervised loop and everything it runs
#   agent-loop.sh remove     stops it, removes the unit or crontab line and every file
#
# Its directory is the one of this file, or FERRY_AGENT_DIR. Files there: agent.conf (url,
# server, interval, tool), agent.key (read by its user alone), collect.sh, agent.pid, agent.log.
set -u
dir=${FERRY_AGENT_DIR:-$(cd "$(dirname "$0")" && pwd)}
log="$dir/agent.log"
pidfile="$dir/agent.pid"
marker="# ferry-agent $dir"
FILES='agent-loop.sh collect.sh agent.conf agent.key agent.pid agent.log agent.log.old report.json'

conf() { sed -n "s/^$1=//p" "$dir/agent.conf" 2>/dev/null | head -n 1; }
has() { command -v "$1" >/dev/null 2>&1; }
note() { printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" >>"$log"; }

# SHA-256 of stdin, as raw bytes.
digest() {
  if has openssl; then
    openssl dgst -sha256 -binary
  elif has xxd; then
    sha256sum | cut -c1-64 | xxd -r -p
  else
    # Hex to octal escapes, which printf turns into bytes.
    printf "$(sha256sum | cut -c1-64 | awk '{
      h = "0123456789abcdef"
      for (i = 1; i < length($0); i += 2)
        printf "\\%03o", (index(h, substr($0, i, 1)) - 1) * 16 + index(h, substr($0, i + 1, 1)) - 1
    }')"
  fi
}

# base64url of stdin with its padding, on one line.
b64url() {
  if has base64; then base64; else openssl base64 -A; fi | tr -d '\n' | tr '+/' '-_'
}

# The collector's lines as a batch report: {"serverId":…,"time":…,"samples":[…]}. Lines that
# are not "<type 1-8> <item> <number>" are left out, and so are items JSON would need escapes for.
batch() {
  awk -v id="$1" -v t="$2" '
    NF >= 3 && $1 ~ /^[1-8]$/ && $NF ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ {
      item = $2
      for (i = 3; i < NF; i++) item = item " " $i
      if (item ~ /["\\]/ || length(item) > 128) next
      out = out sep "{\"type\":" $1 ",\"item\":\"" item "\",\"value\":" sprintf("%.15g", $NF + 0) "}"
      sep = ","
    }
    END { if (sep != "") printf "{\"serverId\":%s,\"time\":%s000,\"samples\":[%s]}", id, t, out }'
}

# POSTs file $1 to URL $2 as JSON; prints the answer.
post() {
  tool=$(conf tool)
  if [ -z "$tool" ]; then
    if has curl; then tool=curl; else tool=wget; fi
  fi
  if [ "$tool" = curl ]; then
    curl -sS -m 20 -H 'Content-Type: application/json' --data-binary "@$1" "$2"
  else
    wget -q -O - -T 20 --header='Content-Type: application/json' --post-file="$1" "$2"
  fi
}

once() {
  ts=$(date +%s)
  body="$dir/report.json"
  sh "$dir/collect.sh" 2>>"$log" | batch "$(conf server)" "$ts" >"$body"
  if [ ! -s "$body" ]; then
    echo 'the collector printed no sample' >&2
    return 1
  fi
  sign=$({ cat "$body" && printf '%s%s' "$ts" "$(cat "$dir/agent.key")"; } | digest | b64url)
  answer=$(post "$body" "$(conf url)/agent/report?timestamp=$ts&sign=$(printf '%s' "$sign" | sed 's/=/%3D/g')")
  status=$?
  rm -f "$body"
  case $answer in
    *'"code":0,'*) printf '%s\n' "$answer" ;;
    *)
      if [ -z "$answer" ] && [ "$status" -ne 0 ]; then
        printf 'the console could not be reached at %s (exit status %s)\n' "$(conf url)" "$status" >&2
      else
        printf 'the console refused the report: %s\n' "$answer" >&2
      fi
      return 1
      ;;
  esac
}

# Keeps the log under 64 KiB.
trim_log() {
  if [ -f "$log" ] && [ "$(wc -c <"$log")" -gt 65536 ]; then mv -f "$log" "$log.old"; fi
}

run() {
  interval=$(conf interval)
  nap=
  trap 'if [ -n "$nap" ]; then kill "$nap" 2>/dev/null; fi; exit 0' TERM INT HUP
  while :; do
    once >/dev/null 2>>"$log" || note 'report failed'
    trim_log
    sleep "${interval:-60}" &
    nap=$!
    wait "$nap"
    nap=
  done
}

supervise() {
  echo "$$" >"$pidfile"
  child=
  trap 'if [ -n "$child" ]; then kill "$child" 2>/dev/null; fi; rm -f "$pidfile"; exit 0' TERM INT HUP
  while :; do
    sh "$dir/agent-loop.sh" run </dev/null >/dev/null 2>>"$log" &
    child=$!
    wait "$child"
    note 'the loop ended; starting it again in 5 s'
    sleep 5 &
    child=$!
    wait "$child"
  done
}

# Whether the supervisor of the pid file runs (a pid reused by another program does not count).
running() {
  pid=$(cat "$pidfile" 2>/dev/null) || return 1
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  if [ -r "/proc/$pid/cmdline" ]; then
    tr '\000' ' ' <"/proc/$pid/cmdline" | grep -q 'agent-loop.sh supervise'
  fi
}

start() {
  if running; then return 0; fi
  rm -f "$pidfile"
  # A session of its own: the SSH command that started it ends without taking it along.
  if has setsid; then
    setsid nohup sh "$dir/agent-loop.sh" supervise </dev/null >>"$log" 2>&1 &
  else
    nohup sh "$dir/agent-loop.sh" supervise </dev/null >>"$log" 2>&1 &
  fi
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    if running; then return 0; fi
    sleep 1
  done
  echo 'the agent did not start' >&2
  return 1
}

stop() {
  if running; then
    # The supervisor leads its process group: the loop, a sleep or a report in flight end too.
    kill -TERM "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      if ! kill -0 "$pid" 2>/dev/null; then break; fi
      sleep 1
    done
    kill -KILL "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null
  fi
  rm -f "$pidfile"
}

unit() { printf 'ferry-agent-%s.service' "$(printf '%s' "$dir" | cksum | cut -d' ' -f1)"; }

# "system" when root under systemd, "user" when the user's systemd answers; else nothing.
systemd_scope() {
  [ -d /run/systemd/system ] && has systemctl || return 0
  if [ "$(id -u)" = 0 ]; then
    echo system
  elif systemctl --user show-environment >/dev/null 2>&1; then
    echo user
  fi
}

unit_dir() {
  if [ "$1" = system ]; then echo /etc/systemd/system; else echo "${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"; fi
}

sctl() {
  if [ "$1" = system ]; then shift && systemctl "$@"; else shift && systemctl --user "$@"; fi
}

enable() {
  scope=$(systemd_scope)
  if [ -n "$scope" ]; then
    udir=$(unit_dir "$scope")
    target=default.target
    [ "$scope" = system ] && target=multi-user.target
    mkdir -p "$udir" &&
      printf '%s\n' '[Unit]' 'Description=Ferry metrics agent' '' '[Service]' \
        "ExecStart=/bin/sh \"$dir/agent-loop.sh\" run" 'Restart=always' 'RestartSec=5' '' \
        '[Install]' "WantedBy=$target" >"$udir/$(unit)" &&
      sctl "$scope" daemon-reload && sctl "$scope" enable "$(unit)" && sctl "$scope" restart "$(unit)" || return 1
    echo "started as the systemd $scope unit $(unit)"
    return 0
  fi
  start || return 1
  echo "started as a supervised background loop (pid $(cat "$pidfile"))"
  if has crontab; then
    { crontab -l 2>/dev/null | grep -vF "$marker"; echo "@reboot sh \"$dir/agent-loop.sh\" start $marker"; } | crontab - &&
      echo 'started again at boot by an @reboot crontab line'
  else
    echo 'crontab is missing: start it again after a reboot by installing again'
  fi
}

disable() {
  for scope in system user; do
    udir=$(unit_dir "$scope")
    if [ -f "$udir/$(unit)" ]; then
      sctl "$scope" disable --now "$(unit)" >/dev/null 2>&1
      rm -f "$udir/$(unit)"
      sctl "$scope" daemon-reload >/dev/null 2>&1
    fi
  done
  stop
  if has crontab && crontab -l 2>/dev/null | grep -qF "$marker"; then
    rest=$(crontab -l 2>/dev/null | grep -vF "$marker")
    if [ -n "$rest" ]; then printf '%s\n' "$rest" | crontab -; else crontab -r; fi
  fi
}

remove() {
  disable
  for f in $FILES; do rm -f "$dir/$f"; done
  if [ -d "$dir" ] && ! rmdir "$dir" 2>/dev/null; then
    echo "$dir holds other files: left in place" >&2
  fi
  echo "removed the agent from $dir"
}

case ${1:-} in
  once | run | supervise | enable | start | stop | remove) "$1" ;;
  *)
    echo "usage: $0 once|run|supervise|enable|start|stop|remove" >&2
    exit 2
    ;;
esac
