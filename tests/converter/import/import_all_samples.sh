#!/usr/bin/env bash
# ctest import_all_samples: the import command end to end. Every sample converted in each
# form convert writes (.glb, --gltf, --optimize, --quantize, --compress), then the whole
# directory imported with samples/ as donors: every output byte-identical to its donor.
# Then the command's contract: no overwrite without --force (exit 1), --dry-run writes
# nothing, one bad file fails alone (exit 1, the others written), usage errors exit 2.
#   tests/converter/import/import_all_samples.sh FORGE2GLTF SAMPLES_DIR WORK_DIR
set -euo pipefail
tool=$1 samples=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
fail() { echo "import_all_samples: $*" >&2; exit 1; }
mapfile -t meshes < <(cd "$samples" && find . -name '*.mesh' -type f -printf '%P\n' | sort)
((${#meshes[@]} > 0)) || fail "no *.mesh under $samples"

for form in glb gltf optimize quantize compress; do
  flags=()
  case $form in
    gltf) flags=(--gltf) ;;
    optimize) flags=(--optimize) ;;
    quantize) flags=(--quantize) ;;
    compress) flags=(--compress) ;;
  esac
  "$tool" convert "$samples" -o "$work/$form" -q "${flags[@]}"
  # The sample archives' meshes go back into their archives, not beside a donor file
  # (import --donor ARCHIVE --id: tests/converter/import/import_archive_test.cpp).
  rm -rf "$work/$form/archives"
  "$tool" import "$work/$form" --donors "$samples" -o "$work/back-$form" -q \
    --report "$work/report-$form.json"
  for m in "${meshes[@]}"; do
    cmp -s "$samples/$m" "$work/back-$form/$m" || fail "$form: $m does not come back byte-identical"
  done
done

# One file: exists without --force -> exit 1 and unchanged; --force replaces.
one=${meshes[0]}
rc=0
"$tool" import "$work/glb/${one%.mesh}.glb" --donor "$samples/$one" -o "$work/back-glb/$one" \
  2>"$work/exists.txt" || rc=$?
((rc == 1)) || fail "an existing output without --force: exit $rc, not 1"
grep -q OUTPUT_EXISTS "$work/exists.txt" || fail "no OUTPUT_EXISTS: $(cat "$work/exists.txt")"
"$tool" import "$work/glb/${one%.mesh}.glb" --donor "$samples/$one" -o "$work/back-glb/$one" \
  --force >/dev/null
# --dry-run: the table, no file.
"$tool" import "$work/glb/${one%.mesh}.glb" --donor "$samples/$one" -o "$work/dry.mesh" \
  --dry-run >"$work/dry.txt"
[[ ! -e $work/dry.mesh ]] || fail "--dry-run wrote a file"
grep -q "would write" "$work/dry.txt" || fail "--dry-run printed no table: $(cat "$work/dry.txt")"
# --json: one object with ok, summary.vertices_kept = summary.vertices.
"$tool" import "$work/glb/${one%.mesh}.glb" --donor "$samples/$one" -o "$work/json.mesh" \
  --json >"$work/one.json"
python3 - "$work/one.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["ok"] and j["summary"]["vertices_kept"] == j["summary"]["vertices"] > 0, j
assert j["summary"]["donor_order"] is True, j
PY
# A directory with one unreadable glb: it fails alone, the others are written, exit 1.
mkdir -p "$work/mixed"
cp -r "$work/glb/." "$work/mixed/"
printf 'not a glb' >"$work/mixed/${one%.mesh}.glb"
rc=0
"$tool" import "$work/mixed" --donors "$samples" -o "$work/back-mixed" -q 2>"$work/mixed.txt" || rc=$?
((rc == 1)) || fail "a bad file in a directory: exit $rc, not 1"
grep -q IMPORT_GLTF_INVALID "$work/mixed.txt" || fail "no IMPORT_GLTF_INVALID: $(cat "$work/mixed.txt")"
written=$(find "$work/back-mixed" -type f | wc -l)
((written == ${#meshes[@]} - 1)) || fail "$written written beside the bad file, not $((${#meshes[@]} - 1))"
# Usage errors: no donor, no output.
rc=0
"$tool" import "$work/glb/${one%.mesh}.glb" -o "$work/x.mesh" 2>/dev/null || rc=$?
((rc == 2)) || fail "import without --donor: exit $rc, not 2"
rc=0
"$tool" import "$work/glb" --donors "$samples" 2>/dev/null || rc=$?
((rc == 2)) || fail "import without -o: exit $rc, not 2"
echo "import_all_samples: ${#meshes[@]} samples x 5 forms imported back byte-identical; the command's exit codes hold"
