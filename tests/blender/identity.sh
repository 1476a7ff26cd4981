#!/usr/bin/env bash
# Blender 3.4 round-trip identity (ctest blender_identity, label blender): every sample and
# every donor unlike the samples (forge2gltf-samples --unlike), converted, imported into
# Blender and exported back
#   - with Blender's default exporter (File > Export > glTF 2.0, default settings), then
#     `forge2gltf import` with its donor: no unedited mesh may be refused, and every unedited
#     static mesh must come back byte-identical (skinned ones are counted: the default export
#     keeps 4 influences per vertex, the games up to 8);
#   - through the add-on (tests/blender/addon/run.sh on the same donors): every one must come
#     back byte-identical;
#   - two small real edits in Blender (a moved vertex, a changed UV) on two static meshes,
#     default export: each must still be seen (output not the donor, a vertex written new).
# Prints N of M byte-identical per exporter, static and skinned separately.
#   identity.sh FORGE2GLTF FORGE2GLTF_SAMPLES SAMPLES_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=/usr/bin/python3
command -v blender >/dev/null 2>&1 || {
  echo "blender_identity: FAILED: blender is not installed; run scripts/install-blender" >&2
  exit 1
}
[[ $# -eq 3 ]] || { echo "usage: identity.sh FORGE2GLTF FORGE2GLTF_SAMPLES SAMPLES_DIR" >&2; exit 2; }
f2g=$(readlink -f "$1")
generator=$(readlink -f "$2")
samples=$(readlink -f "$3")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/f2g-identity.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS

# The donors: the samples' mesh folders and the donors unlike them.
mkdir -p "$tmp/donors"
for d in "$samples"/*/; do
  compgen -G "$d*.mesh" >/dev/null && cp -r "$d" "$tmp/donors/"
done
"$generator" --unlike "$tmp/donors" >/dev/null
"$f2g" convert "$tmp/donors" -o "$tmp/glb" -q

# Debian's numpy 1.24 removed numpy.bool, which Blender 3.4's glTF importer still uses.
in_blender() {
  local script=$1
  shift
  blender -b --factory-startup --python-exit-code 1 --python-expr \
    "import numpy; numpy.bool = bool; p = '$here/$script'; exec(compile(open(p).read(), p, 'exec'), {'__name__': '__main__'})" \
    -- "$@"
}
mapfile -t games < <(cd "$tmp/glb" && ls -d */ | tr -d /)
for game in "${games[@]}"; do
  in_blender roundtrip_export.py "$tmp/glb/$game" "$tmp/blender/$game" >"$tmp/blender.log" 2>&1 || {
    cat "$tmp/blender.log" >&2
    echo "blender_identity: FAILED: Blender could not round-trip the $game meshes" >&2
    exit 1
  }
done

status=0
declare -A total=() same=()
skinned_of() {  # "skinned" or "static", as info --json sees the donor
  "$f2g" info --json "$1" | "$python" -c \
    'import json, sys; print("skinned" if json.load(sys.stdin)["ir"]["bones"] else "static")'
}
mapfile -t meshes < <(cd "$tmp/donors" && find . -name '*.mesh' -printf '%P\n' | sort)
declare -A kind_of=()
for m in "${meshes[@]}"; do
  kind=$(skinned_of "$tmp/donors/$m")
  kind_of[$m]=$kind
  total[default_$kind]=$((${total[default_$kind]:-0} + 1))
  out=$tmp/new/$m
  mkdir -p "$(dirname "$out")"
  if ! "$f2g" import "$tmp/blender/${m%.mesh}.glb" --donor "$tmp/donors/$m" -o "$out" -q \
      >"$tmp/import.log" 2>&1; then
    echo "identity: $m ($kind): refused: $(head -c 400 "$tmp/import.log")"
    status=1
    continue
  fi
  if cmp -s "$out" "$tmp/donors/$m"; then
    same[default_$kind]=$((${same[default_$kind]:-0} + 1))
  else
    echo "identity: $m ($kind): re-encoded through the default exporter"
    [[ $kind == static ]] && status=1
  fi
done

# Real edits still seen.
for m in rr/static24_props.mesh sws/lit_two_uv.mesh; do
  for edit in moved uv; do
    glb=$tmp/edit/${m%.mesh}_$edit.glb
    mkdir -p "$(dirname "$glb")"
    in_blender roundtrip_edit.py "$tmp/glb/${m%.mesh}.glb" "$glb" "$edit" >"$tmp/blender.log" 2>&1 || {
      cat "$tmp/blender.log" >&2
      echo "identity: $m: Blender could not make the $edit edit"
      status=1
      continue
    }
    if ! "$f2g" import "$glb" --donor "$tmp/donors/$m" -o "$tmp/edit/out.mesh" --force --json \
        >"$tmp/edit.json" 2>&1; then
      echo "identity: $m, $edit: import failed: $(head -c 400 "$tmp/edit.json")"
      status=1
      continue
    fi
    new=$("$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["summary"]["vertices_new"])' "$tmp/edit.json")
    if cmp -s "$tmp/edit/out.mesh" "$tmp/donors/$m" || [[ $new -lt 1 ]]; then
      echo "identity: $m, $edit: the edit was not seen ($new vertices new)"
      status=1
    else
      echo "identity: $m, $edit: seen ($new vertices new)"
    fi
  done
done

# The add-on on the same donors: its own test asserts every export byte-identical, and goes
# through the sample archives too (it reads them from archives/ beside the mesh folders).
cp -r "$samples/archives" "$tmp/donors/"
bash "$here/addon/run.sh" "$f2g" "$tmp/donors" >"$tmp/addon.log" 2>&1 || {
  grep -v ': identical' "$tmp/addon.log" | tail -n 40
  echo "identity: the add-on round trip failed"
  status=1
}
for m in "${meshes[@]}"; do
  kind=${kind_of[$m]}
  total[addon_$kind]=$((${total[addon_$kind]:-0} + 1))
  grep -qF "addon: $m: identical" "$tmp/addon.log" && same[addon_$kind]=$((${same[addon_$kind]:-0} + 1))
done

for exporter in default addon; do
  line="blender_identity: $exporter exporter:"
  for kind in static skinned; do
    line+=" $kind ${same[${exporter}_$kind]:-0} of ${total[${exporter}_$kind]:-0} byte-identical;"
  done
  echo "${line%;}"
done
echo "blender_identity: $([[ $status == 0 ]] && echo ok || echo FAILED) in $((SECONDS - start)) s"
exit $status
