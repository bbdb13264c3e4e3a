#!/usr/bin/env bash
# Benchmarks of the interactive preview (issue 5 §8), measured on the real binary in tmux:
#   1. first frame after launch (ms, from /proc/<pid>/stat start time to the first presented frame; median of 10)
#   2. bytes written to the terminal per timer tick and per changed run, truecolour (tmux pipe-pane)
#   3. CPU over 30 s with the departures gallery's ten timers ticking and no input (/proc/<pid>/stat utime+stime)
# Usage: scripts/preview-bench.sh [path/to/widgetterm]   (default: a release build in .build/release)
# Needs tmux. Build first: swift build -c release
set -euo pipefail
binary="${1:-$(cd "$(dirname "$0")/.." && pwd)/.build/release/widgetterm}"
[[ -x "$binary" ]] || { echo "no widgetterm at $binary; build it with: swift build -c release" >&2; exit 2; }
command -v tmux >/dev/null || { echo "tmux is not installed" >&2; exit 2; }

work="$(mktemp -d)"
socket="widgetterm-bench-$$"
tmux_() { tmux -L "$socket" "$@"; }
cleanup() { tmux_ kill-server 2>/dev/null || true; sleep 0.2; rm -rf "$work" 2>/dev/null || rm -rf "$work"; }
trap cleanup EXIT

start_session() {
    tmux_ -f /dev/null new-session -d -s bench -x 120 -y 40 env -i HOME="$work" PATH=/usr/bin:/bin LANG=C.UTF-8 \
        TERM=tmux-256color "PS1=$ " bash --norc --noprofile
    tmux_ set-option -t bench status off
}
launch() { # $1: frame log, rest: arguments
    local log="$1"; shift
    tmux_ send-keys -t bench -l "env TERM=xterm-256color COLORTERM=truecolor WIDGETTERM_FRAME_LOG=$log '$binary' $* --app-group '$work/app-group'"
    tmux_ send-keys -t bench Enter
}
app_pid() {
    local shell; shell="$(tmux_ display-message -p -t bench '#{pane_pid}')"
    cut -d' ' -f1 "/proc/$shell/task/$shell/children" 2>/dev/null || true
}
wait_for_frames() { # $1: log, $2: count
    for _ in $(seq 200); do
        [[ -f "$1" ]] && (( $(wc -l < "$1") >= $2 )) && return 0
        sleep 0.05
    done
    echo "the preview did not draw $2 frames" >&2; exit 1
}
quit_app() { tmux_ send-keys -t bench q; for _ in $(seq 100); do [[ -z "$(app_pid)" ]] && return 0; sleep 0.05; done; }

start_session

# 1. First frame after launch.
firsts=()
for run in $(seq 10); do
    log="$work/first-$run.log"
    launch "$log" preview departures
    wait_for_frames "$log" 1
    firsts+=("$(head -n 1 "$log" | sed -E 's/.* ms ([0-9]+).*/\1/')")
    quit_app
done
sorted=($(printf '%s\n' "${firsts[@]}" | sort -n))
echo "first frame after launch (ms, 10 runs): ${firsts[*]}; median $(( (sorted[4] + sorted[5]) / 2 ))"

# 2 and 3. Ten timers ticking, no input.
log="$work/ticks.log"
launch "$log" preview departures
wait_for_frames "$log" 3
pid="$(app_pid)"
bytes="$work/bytes"
: > "$bytes"
frames_before=$(wc -l < "$log")
tmux_ pipe-pane -t bench -o "cat >> '$bytes'"
sleep 10.5
tmux_ pipe-pane -t bench
frames_after=$(wc -l < "$log")
total_bytes=$(wc -c < "$bytes")
read -r frames runs cells < <(sed -n "$((frames_before + 1)),${frames_after}p" "$log" \
    | awk '{ frames++; runs += $4; cells += $6 } END { print frames, runs, cells }')
echo "ticks: $frames frames in 10.5 s, $runs changed runs, $cells cells, $total_bytes bytes written"
awk -v b="$total_bytes" -v f="$frames" -v r="$runs" 'BEGIN { printf "bytes per tick %.1f; bytes per changed run %.1f\n", b / f, b / r }'

read_cpu() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
ticks_per_second=$(getconf CLK_TCK)
cpu_start=$(read_cpu)
sleep 30
cpu_end=$(read_cpu)
awk -v t=$((cpu_end - cpu_start)) -v hz="$ticks_per_second" \
    'BEGIN { printf "CPU over 30 s with ten timers ticking: %d ticks of 1/%d s = %.2f percent\n", t, hz, 100 * t / hz / 30 }'
quit_app
