#!/usr/bin/env bash
# ctest verify_all_samples: `convert --verify` over all of samples/ must convert and verify
# every sample (exit 0, one output per sample), also with --optimize (and `verify` of that
# output, which holds the triangles reordered), and `verify --reencode` must give every
# sample back byte for byte; on every sample archive, `verify --reencode` (every entry
# recompressed, tables rewritten) gives it back and `verify A --against A` finds no change.
#   tests/converter/cli/verify_all_samples.sh FORGE2GLTF SAMPLES_DIR WORK_DIR
set -euo pipefail
tool=$1 samples=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
"$tool" convert "$samples" -o "$work" --verify --report "$work/report.json"
"$tool" convert "$samples" -o "$work/optimized" --optimize --verify -q
mapfile -t meshes < <(cd "$samples" && find . -name '*.mesh' -type f -printf '%P\n' | sort)
((${#meshes[@]} > 0)) || { echo "verify_all_samples: no *.mesh under $samples" >&2; exit 1; }
for m in "${meshes[@]}"; do
  [[ -f $work/${m%.mesh}.glb ]] || { echo "verify_all_samples: no output for $m" >&2; exit 1; }
  "$tool" verify "$samples/$m" "$work/${m%.mesh}.glb" >/dev/null
  "$tool" verify "$samples/$m" "$work/optimized/${m%.mesh}.glb" >/dev/null
  "$tool" verify --reencode "$samples/$m" >/dev/null
done
mapfile -t archives < <(cd "$samples" && find . -name '*.forge' -type f -printf '%P\n' | sort)
((${#archives[@]} > 0)) || { echo "verify_all_samples: no *.forge under $samples" >&2; exit 1; }
for a in "${archives[@]}"; do
  "$tool" verify --reencode "$samples/$a" --json | grep -q '"ok": true'
  "$tool" verify "$samples/$a" --against "$samples/$a" >/dev/null
done
echo "verify_all_samples: ${#archives[@]} archives re-encoded exactly"
echo "verify_all_samples: ${#meshes[@]} samples verified (stored and --optimize order) and re-encoded exactly"
