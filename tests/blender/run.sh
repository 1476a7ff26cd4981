#!/usr/bin/env bash
# Blender import test (ctest label "blender").
#   run.sh FORGE2GLTF SAMPLES_DIR   convert every samples/<game>/*.mesh, then import each .glb
#                                   in Blender 3.4 and check it against `info --json`'s IR summary
#   run.sh --self-test              run the checker on hand-made .glb fixtures: the good ones must
#                                   pass, each planted fault must be reported by its property
# Fails (never skips) when Blender is not installed: scripts/install-blender installs it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=/usr/bin/python3  # Debian's, with python3-numpy (not a pyenv/venv python first on PATH)

if ! command -v blender >/dev/null 2>&1; then
  echo "blender_import: FAILED: blender is not installed; run scripts/install-blender" \
       "(apt-get install blender python3-numpy)" >&2
  exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/f2g-blender.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Debian's numpy 1.24 removed numpy.bool, which Blender 3.4's glTF importer still uses.
run_checker() {
  local rc=0
  blender -b --factory-startup --python-exit-code 1 --python-expr \
    "import numpy; numpy.bool = bool; p = '$here/check_import.py'; exec(compile(open(p).read(), p, 'exec'), {'__name__': '__main__', '__file__': p})" \
    -- "$1" > "$tmp/blender.log" 2>&1 || rc=$?
  grep -v -e '^Data are loaded' -e '^glTF import finished' -e '^Blender quit' "$tmp/blender.log" || true
  return $rc
}

if [[ "${1:-}" == "--self-test" ]]; then
  "$python" "$here/make_fixture.py" "$tmp"
  echo "== fixtures the checker must pass"
  run_checker "$tmp/good.json" || { echo "blender self-test: FAILED: the checker rejected a good fixture" >&2; exit 1; }
  echo "== fixtures with planted faults"
  if run_checker "$tmp/bad.json" > "$tmp/bad.log"; then
    cat "$tmp/bad.log"
    echo "blender self-test: FAILED: the checker passed fixtures with planted faults" >&2
    exit 1
  fi
  cat "$tmp/bad.log"
  missing=0
  for want in "off_pose: rest-pose positions" "off_pose: bone name_hash" "off_pose: bone names" \
              "wrong_summary: vertex count" "wrong_summary: materials" \
              "wrong_summary: UV layers" "wrong_summary: shape keys"; do
    grep -q "FAIL fixture/$want" "$tmp/bad.log" || { echo "blender self-test: not reported: $want" >&2; missing=1; }
  done
  exit $missing
fi

if [[ $# -ne 2 ]]; then
  echo "usage: run.sh FORGE2GLTF SAMPLES_DIR | run.sh --self-test" >&2
  exit 2
fi
f2g=$(readlink -f "$1")
samples=$(readlink -f "$2")
# Every folder of samples/ that holds meshes: one per game.
mapfile -t kinds < <(cd "$samples" && for d in */; do
  compgen -G "$d*.mesh" >/dev/null && echo "${d%/}"; done)
mapfile -t inputs < <(cd "$samples" && for k in "${kinds[@]}"; do ls "$k"/*.mesh; done | sort)
if [[ ${#inputs[@]} -eq 0 ]]; then
  echo "blender_import: FAILED: no samples in $samples/<game>/*.mesh" >&2
  exit 1
fi

status=0
for kind in "${kinds[@]}"; do
  files=()
  for f in "${inputs[@]}"; do [[ $f == $kind/* ]] && files+=("$samples/$f"); done
  [[ ${#files[@]} -eq 0 ]] && continue
  if ! "$f2g" convert "${files[@]}" -o "$tmp/out/$kind" --force > "$tmp/convert-$kind.log" 2>&1; then
    echo "blender_import: forge2gltf convert failed on $kind samples:" >&2
    cat "$tmp/convert-$kind.log" >&2
    status=1
  fi
  # The --quantize forms too (KHR_mesh_quantization): Blender 3.4 must import them as well.
  if ! "$f2g" convert "${files[@]}" -o "$tmp/outq/$kind" --force --quantize > "$tmp/convertq-$kind.log" 2>&1; then
    echo "blender_import: forge2gltf convert --quantize failed on $kind samples:" >&2
    cat "$tmp/convertq-$kind.log" >&2
    status=1
  fi
done

# The sample archives: their skinned meshes paired with skeletons (joint trees), plain and
# --quantize, each with the IR summary of info ARCHIVE --id.
"$f2g" convert "$samples/archives" -o "$tmp/outa" --report "$tmp/archives.json" -q > /dev/null 2>&1 ||
  { echo "blender_import: forge2gltf convert failed on samples/archives" >&2; status=1; }
"$f2g" convert "$samples/archives" -o "$tmp/outaq" --quantize -q > /dev/null 2>&1 ||
  { echo "blender_import: forge2gltf convert --quantize failed on samples/archives" >&2; status=1; }
mkdir -p "$tmp/archive-info"
trees=0
while IFS=$'\t' read -r archive id glb; do
  out="$tmp/archive-info/$id.json"
  "$f2g" info "$archive" --id "$id" --json > "$out" 2> "$tmp/info.err" ||
    { echo "blender_import: info $archive --id $id failed: $(head -c 400 "$tmp/info.err")" >&2; status=1; }
  trees=$((trees + 1))
done < <("$python" -c '
import json, sys
for r in json.load(open(sys.argv[1]))["inputs"]:
    if (r.get("skeleton") or {}).get("id"):
        print(r["archive"], r["resource_id"], r["output"], sep="\t")' "$tmp/archives.json")

mkdir -p "$tmp/info"
for f in "${inputs[@]}"; do
  out="$tmp/info/${f//\//__}.json"
  if ! "$f2g" info "$samples/$f" --json > "$out" 2> "$tmp/info.err"; then
    echo "blender_import: $f: forge2gltf info --json failed: $(head -c 400 "$tmp/info.err")" >&2
    status=1
  fi
done

# The manifest: each sample, its .glb and the "ir" block of its info --json.
"$python" - "$tmp" "${inputs[@]}" > "$tmp/manifest.json" <<'PY' || status=1
import json, os, sys
tmp, inputs = sys.argv[1], sys.argv[2:]
meshes = []
for f in inputs:
    glb = os.path.join(tmp, "out", os.path.splitext(f)[0] + ".glb")
    info = os.path.join(tmp, "info", f.replace("/", "__") + ".json")
    if not os.path.exists(glb):
        print("blender_import: %s: no .glb written (%s)" % (f, glb), file=sys.stderr)
        continue
    try:
        with open(info) as fh:
            ir = json.load(fh)["ir"]
    except (OSError, ValueError, KeyError) as e:
        print("blender_import: %s: no IR summary in info --json (%s)" % (f, e), file=sys.stderr)
        continue
    meshes.append({"sample": f, "glb": glb, "ir": ir})
    quantized = os.path.join(tmp, "outq", os.path.splitext(f)[0] + ".glb")
    if not os.path.exists(quantized):
        print("blender_import: %s: no --quantize .glb written (%s)" % (f, quantized), file=sys.stderr)
        continue
    meshes.append({"sample": f + " (--quantize)", "glb": quantized, "expect_glb": glb, "ir": ir})
expected = 2 * len(inputs)
for r in json.load(open(os.path.join(tmp, "archives.json")))["inputs"]:
    if not (r.get("skeleton") or {}).get("id"):
        continue
    with open(os.path.join(tmp, "archive-info", r["resource_id"] + ".json")) as fh:
        ir = json.load(fh)["ir"]
    rel = os.path.relpath(r["output"], os.path.join(tmp, "outa"))
    meshes.append({"sample": r["input"], "glb": r["output"], "ir": ir, "tree": True})
    meshes.append({"sample": r["input"] + " (--quantize)", "glb": os.path.join(tmp, "outaq", rel),
                   "expect_glb": r["output"], "ir": ir, "tree": True})
    expected += 2
if len(meshes) != expected:
    sys.exit(1)
json.dump({"meshes": meshes}, sys.stdout, indent=1)
PY

if [[ -s "$tmp/manifest.json" ]]; then
  run_checker "$tmp/manifest.json" || status=1
fi
[[ $status -eq 0 ]] && echo "blender_import: all ${#inputs[@]} samples and $trees archive meshes with joint trees import as their IR says, plain and --quantize"
exit $status
