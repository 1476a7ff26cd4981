#!/usr/bin/env bash
# ctest interrupt_batch: Ctrl-C (SIGINT) in the middle of a batch. forge2gltf must exit 130,
# leave only complete outputs (no temp files; every .glb's header length equals its size and
# it verifies against its input), and write a report that says what was done: interrupted,
# how many inputs were not started, one entry per input finished, each output listed exists.
#   tests/converter/cli/interrupt_batch.sh FORGE2GLTF SAMPLES_DIR WORK_DIR
set -euo pipefail
tool=$1 samples=$2 work=$3
fail() { echo "interrupt_batch: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work/in"
# Enough inputs that the run is still going when the signal comes: 120 copies of the samples.
mapfile -t meshes < <(cd "$samples" && find . -name '*.mesh' -type f -printf '%P\n' | sort)
((${#meshes[@]} > 0)) || fail "no *.mesh under $samples"
for m in "${meshes[@]}"; do
  mkdir -p "$work/in/c001/$(dirname "$m")"
  cp "$samples/$m" "$work/in/c001/$m"
done
for i in $(seq -w 2 120); do cp -r "$work/in/c001" "$work/in/c$i"; done
total=$((120 * ${#meshes[@]}))

# --sync makes every output wait for the disk: the run takes long enough to be interrupted.
"$tool" convert "$work/in" -o "$work/out" --jobs 1 --sync --report "$work/report.json" -q &
pid=$!
for _ in $(seq 1 6000); do  # up to 60 s (a loaded machine, ASan) for the first outputs
  n=$( (find "$work/out" -name '*.glb' 2>/dev/null || true) | wc -l)
  ((n >= 3)) && break
  sleep 0.01
done
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
((rc == 130)) || fail "exit status $rc, expected 130 (128 + SIGINT)"

temps=$(find "$work/out" -name '.*tmp-*' | wc -l)
((temps == 0)) || fail "$temps temp files left in $work/out"
mapfile -t glbs < <(cd "$work/out" && find . -name '*.glb' -type f -printf '%P\n' | sort)
((${#glbs[@]} > 0)) || fail "no output was written before the signal"
((${#glbs[@]} < total)) || fail "all $total inputs were converted: the signal came too late"
for g in "${glbs[@]}"; do
  size=$(stat -c %s "$work/out/$g")
  declared=$(od -An -t u4 -j 8 -N 4 "$work/out/$g" | tr -d ' ')
  ((size == declared)) || fail "$g: $size bytes but its GLB header says $declared"
  "$tool" verify "$work/in/${g%.glb}.mesh" "$work/out/$g" >/dev/null || fail "$g does not verify"
done

# The report: complete JSON that names exactly the outputs on disk.
node -e '
  const fs = require("fs"), path = require("path");
  const [report, out, total, onDisk] = process.argv.slice(1);
  const r = JSON.parse(fs.readFileSync(report, "utf8"));
  const t = r.totals, n = Number(total);
  const check = (ok, what) => { if (!ok) { console.error("interrupt_batch: " + what); process.exit(1); } };
  check(t.interrupted === true, "totals.interrupted is not true");
  check(t.not_started > 0, "totals.not_started is " + t.not_started);
  check(t.inputs === r.inputs.length, "totals.inputs " + t.inputs + " != " + r.inputs.length + " entries");
  check(t.inputs + t.not_started === n, "inputs + not_started != " + n);
  check(t.converted === Number(onDisk), t.converted + " converted but " + onDisk + " glbs on disk");
  for (const e of r.inputs) {
    check(e.status === "converted", e.input + ": " + e.status);
    check(fs.existsSync(e.output), e.output + " is in the report but not on disk");
  }
' "$work/report.json" "$work/out" "$total" "${#glbs[@]}" || exit 1

# A second signal, of the other kind (Ctrl-C, then a supervisor's SIGTERM), ends the process
# at once: killed, not the clean stop, so no summary and no report is published; still no
# partial file under a final name. The process is stopped while both signals are sent so
# both are pending when it resumes, however the two cores are scheduled; they may then be
# handled by two threads at once, so either signal may be the one that kills it (130/143).
"$tool" convert "$work/in" -o "$work/out2" --jobs 1 --sync --report "$work/report2.json" \
  2>"$work/stderr2" &
pid=$!
for _ in $(seq 1 6000); do
  n=$( (find "$work/out2" -name '*.glb' 2>/dev/null || true) | wc -l)
  ((n >= 3)) && break
  sleep 0.01
done
kill -STOP "$pid"
kill -INT "$pid"
kill -TERM "$pid"
kill -CONT "$pid"
rc=0
wait "$pid" || rc=$?
((rc == 130 || rc == 143)) || fail "SIGINT then SIGTERM: exit status $rc, expected 130 or 143"
[[ ! -e "$work/report2.json" ]] || fail "SIGINT then SIGTERM: the run stopped cleanly (report written)"
! grep -q 'interrupted:' "$work/stderr2" || fail "SIGINT then SIGTERM: the run stopped cleanly"
while IFS= read -r -d '' g; do
  size=$(stat -c %s "$g")
  declared=$(od -An -t u4 -j 8 -N 4 "$g" | tr -d ' ')
  ((size == declared)) || fail "$g: $size bytes but its GLB header says $declared"
done < <(find "$work/out2" -name '*.glb' -type f -print0)

# After the clean stop the process ends by the signal itself (not exit(130)), so a shell
# script looping over forge2gltf stops on Ctrl-C too. Only a parent that reads the wait
# status can tell the two apart: node here.
node -e '
  const { spawn } = require("child_process"), fs = require("fs"), path = require("path");
  const [tool, input, out, report] = process.argv.slice(1);
  const fail = (what) => { console.error("interrupt_batch: " + what); process.exit(1); };
  const child = spawn(tool, ["convert", input, "-o", out, "--jobs", "1", "--sync",
                             "--report", report, "-q"], { stdio: "ignore" });
  const glbs = (d) => {  // no readdirSync recursive: Debian 12 has node 18.13
    let n = 0;
    try {
      for (const e of fs.readdirSync(d, { withFileTypes: true }))
        n += e.isDirectory() ? glbs(path.join(d, e.name)) : e.name.endsWith(".glb") ? 1 : 0;
    } catch (e) {}
    return n;
  };
  const started = Date.now();
  const poll = setInterval(() => {
    if (glbs(out) >= 3) { clearInterval(poll); child.kill("SIGINT"); }
    else if (Date.now() - started > 60000) {
      clearInterval(poll); child.kill("SIGKILL"); fail("no output within 60 s");
    }
  }, 10);
  child.on("exit", (code, signal) => {
    clearInterval(poll);
    if (signal !== "SIGINT") fail("after the clean stop: exit code " + code + ", signal " + signal + "; expected death by SIGINT");
    let r;
    try { r = JSON.parse(fs.readFileSync(report, "utf8")); }
    catch (e) { fail("no complete report after the clean stop: " + e.message); }
    if (r.totals.interrupted !== true) fail("the report of the SIGINT-ended run is not marked interrupted");
  });
' "$tool" "$work/in" "$work/out3" "$work/report3.json" || exit 1

# census on the same worker pool: Ctrl-C lets the files in flight finish, then it stops with
# exit 130, says how far it got, and writes no census file. Its handler is installed before
# the walk, so a signal 0.2 s in is always handled; a census that had already finished is
# tried again on a corpus twice as large.
census_in=$work/in
for attempt in 1 2 3; do
  rc=0
  "$tool" census "$census_in" --jobs 1 --json "$work/census.json" >/dev/null 2>"$work/census.err" &
  pid=$!
  sleep 0.2
  kill -INT "$pid" 2>/dev/null || true
  wait "$pid" || rc=$?
  ((rc == 0)) || break
  rm -f "$work/census.json"
  cp -r "$census_in" "$work/census_in$attempt"
  mv "$work/census_in$attempt" "$census_in/more$attempt"
done
((rc == 130)) || fail "census: exit status $rc after SIGINT, expected 130"
grep -q 'census: interrupted: .* files read; no census written' "$work/census.err" ||
  fail "census: no interruption line: $(cat "$work/census.err")"
[[ ! -e "$work/census.json" ]] || fail "census: an interrupted census wrote its JSON"

echo "interrupt_batch: ${#glbs[@]} of $total inputs done before SIGINT, exit 130, report and outputs complete; a second signal ends the run at once; census stops cleanly too"
