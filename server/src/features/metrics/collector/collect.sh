#!/bin/sh
# Ferry's metrics collector: prints one sample a line, "<type> <item> <value>", with goploy's
# chart types and item names (1 cpu, 2 ram, 3 loadavg, 4 tcp, 5 public net, 6 loopback net,
# 7 disk usage, 8 disk io). POSIX sh and awk only; it reads the counters, sleeps one second,
# reads them again and prints the rates over the time /proc/uptime says passed.
LC_ALL=C
export LC_ALL

# The counters read twice: /proc/stat, /proc/net/dev, and the whole disks of /sys/block
# (partitions are not there), without loop and ram devices (images and RAM, no real disk).
set -- /proc/uptime /proc/stat /proc/net/dev
for f in /sys/block/*/stat; do
  case $f in
  /sys/block/loop*|/sys/block/ram*) ;;
  *) [ -r "$f" ] && set -- "$@" "$f" ;;
  esac
done

# Prints the counters as lines tagged with $1 ("a" before the sleep, "b" after).
snap() {
  tag=$1
  shift
  awk -v s="$tag" '
    FILENAME == "/proc/uptime" { print s, "up", $1 }
    FILENAME == "/proc/stat" && $1 == "cpu" {
      # user..steal: guest time is already counted in user and nice.
      t = 0; for (i = 2; i <= 9 && i <= NF; i++) t += $i
      print s, "cpu", t, $5 + $6
    }
    FILENAME == "/proc/net/dev" && FNR > 2 { sub(/:/, " "); print s, "net", $1, $2, $10 }
    FILENAME ~ /^\/sys\/block\// {
      n = FILENAME; sub(/^\/sys\/block\//, "", n); sub(/\/stat$/, "", n)
      print s, "disk", n, $1, $5
    }
  ' "$@"
}

before=$(snap a "$@")
sleep 1
after=$(snap b "$@")

# The instant values, read once; tcp6 is absent where IPv6 is off.
set -- /proc/meminfo /proc/loadavg /proc/net/tcp
[ -r /proc/net/tcp6 ] && set -- "$@" /proc/net/tcp6

{
  printf '%s\n%s\n' "$before" "$after"
  # -l leaves network filesystems out (a hung NFS server would hang df); busybox has no -l.
  echo @df
  df -Pl 2>/dev/null || df -P
  echo @di
  df -Pil 2>/dev/null || df -Pi
} | awk '
  function pct(part, whole) { return whole > 0 ? 100 * part / whole : -1 }
  function put(type, item, value) { if (value >= 0) printf "%d %s %.2f\n", type, item, value }
  # A /dev source as goploy takes them; loop devices are read-only images, always full.
  function real(dev) { return dev ~ /^\/dev\// && dev !~ /^\/dev\/loop/ }

  FILENAME == "/proc/meminfo" { mem[$1] = $2; next }
  FILENAME == "/proc/loadavg" {
    printf "3 loadavg_1m %s\n3 loadavg_5m %s\n3 loadavg_15m %s\n", $1, $2, $3; next
  }
  FILENAME ~ /^\/proc\/net\/tcp/ {
    if (FNR > 1) { tcp++; if ($4 == "01") established++ }
    next
  }

  $1 == "a" || $1 == "b" {
    s = $1
    if ($2 == "up") up[s] = $3
    else if ($2 == "cpu") { total[s] = $3; idle[s] = $4 }
    else if ($2 == "net") { rx[s, $3] = $4; tx[s, $3] = $5; if (s == "a") ifaces[$3] = 1 }
    else if ($2 == "disk") { rd[s, $3] = $4; wr[s, $3] = $5; if (s == "a") disks[$3] = 1 }
    next
  }
  /^@d[fi]$/ { section = $1; next }
  section == "@df" && real($1) && !($1 in used) { used[$1] = $3; avail[$1] = $4; next }
  section == "@di" && real($1) && !($1 in inodes) { inodes[$1] = $2; iused[$1] = $3; next }

  END {
    dt = up["b"] - up["a"]
    if (dt <= 0) dt = 1
    dtotal = total["b"] - total["a"]
    if (dtotal > 0) put(1, "cpu_usage", 100 - pct(idle["b"] - idle["a"], dtotal))

    free = ("MemAvailable:" in mem) ? mem["MemAvailable:"] : mem["MemFree:"]
    put(2, "ram_usage", pct(mem["MemTotal:"] - free, mem["MemTotal:"]))

    printf "4 tcp.total %d\n4 tcp.established %d\n", tcp, established

    for (i in ifaces) {
      # Per-container ends (veth) and shaping mirrors (ifb) repeat traffic counted elsewhere.
      if (i ~ /^(veth|ifb)/ || !(("b", i) in rx)) continue
      type = i ~ /^lo/ ? 6 : 5
      put(type, i ".in", (rx["b", i] - rx["a", i]) / dt)
      put(type, i ".out", (tx["b", i] - tx["a", i]) / dt)
    }
    for (d in disks) {
      if (!(("b", d) in rd)) continue
      put(8, d ".read_iops", (rd["b", d] - rd["a", d]) / dt)
      put(8, d ".write_iops", (wr["b", d] - wr["a", d]) / dt)
    }
    for (d in used) put(7, d ".usage", pct(used[d], used[d] + avail[d]))
    for (d in inodes) put(7, d ".inode_usage", pct(iused[d], inodes[d]))
  }
' - "$@"
