#!/usr/bin/env bash
# Blender round trip of `import` (ctest label "blender"): every sample converted, imported
# into Blender 3.4 and exported with the exporter's default settings, then imported with its
# donor. Each must import (the strict decode is import's gate), re-encode exactly
# (verify --reencode), keep the donor's triangles per material and morph targets, and hold
# no position that is not a donor position within its step. The count of byte-identical
# results is printed (tests/blender/identity.sh requires it for every static mesh).
#   import_roundtrip.sh FORGE2GLTF SAMPLES_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=/usr/bin/python3
command -v blender >/dev/null 2>&1 || {
  echo "import_roundtrip: FAILED: blender is not installed; run scripts/install-blender" >&2
  exit 1
}
f2g=$(readlink -f "$1")
samples=$(readlink -f "$2")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/f2g-roundtrip.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

"$f2g" convert "$samples" -o "$tmp/glb" -q
mapfile -t games < <(cd "$tmp/glb" && ls -d */ | tr -d /)
for game in "${games[@]}"; do
  # Debian's numpy 1.24 removed numpy.bool, which Blender 3.4's glTF importer still uses.
  blender -b --factory-startup --python-exit-code 1 --python-expr \
    "import numpy; numpy.bool = bool; p = '$here/roundtrip_export.py'; exec(compile(open(p).read(), p, 'exec'), {'__name__': '__main__'})" \
    -- "$tmp/glb/$game" "$tmp/blender/$game" >"$tmp/blender-$game.log" 2>&1 || {
    cat "$tmp/blender-$game.log" >&2
    echo "import_roundtrip: FAILED: Blender could not round-trip the $game samples" >&2
    exit 1
  }
done

status=0 total=0 identical=0 without_submeshes=0
mapfile -t meshes < <(cd "$samples" && find . -name '*.mesh' -printf '%P\n' | sort)
for m in "${meshes[@]}"; do
  total=$((total + 1))
  out=$tmp/new/$m
  mkdir -p "$(dirname "$out")" "$tmp/info/$(dirname "$m")"
  dropped=0
  if ! "$f2g" import "$tmp/blender/${m%.mesh}.glb" --donor "$samples/$m" -o "$out" -q \
      >"$tmp/import.log" 2>&1; then
    # A mesh with SubMeshes whose vertices Blender changed past the donor's step (its
    # importer moves vertex colours between corners) is refused as a topology edit; the
    # documented way on writes it without them.
    if grep -q IMPORT_SWS_SUBMESH_TOPOLOGY "$tmp/import.log" &&
       "$f2g" import "$tmp/blender/${m%.mesh}.glb" --donor "$samples/$m" -o "$out" -q \
         --drop-submeshes >"$tmp/import2.log" 2>&1; then
      echo "roundtrip: $m: refused as a SubMesh topology edit; written with --drop-submeshes"
      dropped=1
      without_submeshes=$((without_submeshes + 1))
    else
      echo "roundtrip: $m: import failed: $(cat "$tmp/import.log")"
      status=1
      continue
    fi
  fi
  cmp -s "$out" "$samples/$m" && identical=$((identical + 1))
  "$f2g" verify --reencode "$out" >/dev/null || { echo "roundtrip: $m: not re-encoded exactly"; status=1; }
  "$f2g" info --json "$samples/$m" >"$tmp/info/$m.donor.json"
  "$f2g" info --json "$out" >"$tmp/info/$m.new.json"
  "$f2g" convert "$out" -o "$tmp/newglb/$(dirname "$m")" -q --force
  "$python" "$here/roundtrip_check.py" "$m" "$tmp/info/$m.donor.json" "$tmp/info/$m.new.json" \
    "$tmp/glb/${m%.mesh}.glb" "$tmp/newglb/${m%.mesh}.glb" "$dropped" || status=1
done
echo "import_roundtrip: $total samples through Blender 3.4 and back: $identical byte-identical," \
     "$((total - identical)) re-encoded ($without_submeshes without SubMeshes);" \
     "$([[ $status == 0 ]] && echo all checks hold || echo FAILURES above)"
exit $status
