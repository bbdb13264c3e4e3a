#!/usr/bin/env bash
# Swift hot reload, save to new pixels: starts `widgetterm preview` on a copy of
# examples/XcodeStyle/WaterWidgetExtension in tmux, then 5 times changes one line of the widget's view
# (the header text) and times how long until the new text is on the screen. Prints each run, then the
# median, split into the build (as the preview measured it) and the rest (watcher, process relaunch, new
# timeline, frame). A one-line change takes the fast path: the extension's shared library is recompiled with
# `swiftc -incremental` and relinked, without SwiftPM (its line in the preview's reload log is printed with each
# run: rewrite, compile and link seconds); a run that went through SwiftPM says so.
#
#   scripts/measure-reload.sh            # uses .build/debug/widgetterm; WIDGETTERM_BINARY to pick another
#
# The host package is built in $XDG_CACHE_HOME/widgetterm/measure-reload-host (kept between runs: the first
# run compiles WidgetTerm itself, for minutes, before it measures anything).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${WIDGETTERM_BINARY:-$root/.build/debug/widgetterm}
[ -x "$binary" ] || { echo "measure-reload: no $binary; run swift build first" >&2; exit 2; }
command -v tmux >/dev/null || { echo "measure-reload: needs tmux (apt-get install tmux)" >&2; exit 2; }
cache=${XDG_CACHE_HOME:-$HOME/.cache}
host=${WIDGETTERM_MEASURE_HOST:-$cache/widgetterm/measure-reload-host}
work=$(mktemp -d)
socket=measure-reload-$$
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
cp -r "$root/examples/XcodeStyle/WaterWidgetExtension" "$work/"
file=$work/WaterWidgetExtension/WaterWidget.swift
log=$work/reload.log
: >"$log"
tmux -L "$socket" -f /dev/null new-session -d -s m -x 160 -y 50 \
    "env WIDGETTERM_RELOAD_LOG='$log' TERM=xterm-256color '$binary' preview '$work/WaterWidgetExtension' --build-dir '$host' 2>'$work/stderr'"

# Polls the pane until it shows $1, at most $2 seconds; prints nothing, fails on timeout.
wait_for() {
    local deadline=$((SECONDS + $2))
    until tmux -L "$socket" capture-pane -p -t m 2>/dev/null | grep -qF -- "$1"; do
        if ((SECONDS > deadline)); then
            echo "measure-reload: the preview never showed '$1'; it shows:" >&2
            tmux -L "$socket" capture-pane -p -t m >&2 || cat "$work/stderr" >&2
            exit 1
        fi
        sleep 0.02
    done
}

echo "measure-reload: waiting for the first build and frame (minutes the first time)..." >&2
wait_for "0 of 8" 1800
totals=()
builds=()
for run in 1 2 3 4 5; do
    label="Water r$run"
    sed -i "s/Text(\"Water[^\"]*\")/Text(\"$label\")/" "$file"
    start=$(date +%s.%N)
    wait_for "$label" 600
    end=$(date +%s.%N)
    total=$(echo "$end - $start" | bc -l)
    # The build line is written after the pixels may already show: wait for this run's line.
    until [ "$(grep -c . "$log")" -ge "$run" ]; do sleep 0.05; done
    line=$(sed -n "${run}p" "$log")
    build=$(echo "$line" | awk '{print $2}')
    how=$(echo "$line" | sed -n 's/.*without SwiftPM: /library: /p')
    totals+=("$total")
    builds+=("$build")
    printf 'run %d: %.2f s save to new pixels (build %.2f s, rest %.2f s; %s)\n' "$run" "$total" "$build" \
        "$(echo "$total - $build" | bc -l)" "${how:-SwiftPM build}"
    sleep 1
done
median() { printf '%s\n' "$@" | sort -g | sed -n 3p; }
total=$(median "${totals[@]}")
build=$(median "${builds[@]}")
printf 'median of 5: %.2f s save to new pixels; build %.2f s (median), relaunch and redraw %.2f s\n' \
    "$total" "$build" "$(echo "$total - $build" | bc -l)"
