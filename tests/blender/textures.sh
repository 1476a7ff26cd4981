#!/usr/bin/env bash
# Textures in Blender 3.4 (label blender): imported materials show their images on the
# Principled BSDF (Base Color from an Image Texture, Normal from a Normal Map fed by one).
#   textures.sh FORGE2GLTF SAMPLES_DIR            a hand-made textured .glb (make_textured.py),
#                                                 then the add-on on the GRW archive: imported,
#                                                 a texture on each material, exported unedited
#                                                 -> the archive's bytes
#   textures.sh FORGE2GLTF SAMPLES_DIR --samples  the GRW archive converted: every textured
#                                                 material checked; exit 77 (ctest: skipped)
#                                                 when the archive yields no image
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
python=/usr/bin/python3
command -v blender >/dev/null 2>&1 || {
  echo "blender_textures: FAILED: blender is not installed; run scripts/install-blender" >&2
  exit 1
}
[[ $# -ge 2 ]] || { echo "usage: textures.sh FORGE2GLTF SAMPLES_DIR [--samples]" >&2; exit 2; }
f2g=$(readlink -f "$1")
samples=$(readlink -f "$2")
mode=${3:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/f2g-textures.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
archive=$samples/archives/grw/DataPC.forge

if [[ $mode == --samples ]]; then
  "$f2g" convert "$archive" -o "$tmp/grw" -q ||
    { echo "blender_textures: FAILED: forge2gltf convert $archive" >&2; exit 1; }
  "$python" - "$tmp/grw" >"$tmp/manifest.json" <<'PY'
import glob, json, os, struct, sys
glbs = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "**", "*.glb"), recursive=True)):
    data = open(path, "rb").read()
    doc = json.loads(data[20:20 + struct.unpack_from("<I", data, 12)[0]])
    if doc.get("images"):
        glbs.append({"name": os.path.relpath(path, sys.argv[1]), "glb": path})
json.dump({"glbs": glbs}, sys.stdout)
PY
  if [[ $("$python" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["glbs"]))' \
            "$tmp/manifest.json") == 0 ]]; then
    echo "blender_textures_samples: SKIPPED: no .glb converted from $archive has an image" \
         "(the sample archive has no Material/TextureSet/TextureMap resources yet)"
    exit 77
  fi
else
  "$python" "$here/make_textured.py" "$tmp/textured.glb"
  # The add-on exports next to its donor: a copy of the archive.
  mkdir -p "$tmp/archive"
  cp "$archive" "$tmp/archive/DataPC.forge"
  "$python" "$root/scripts/package-blender-addon" "$tmp/io_scene_forge.zip" >/dev/null
  "$python" - "$tmp" "$f2g" >"$tmp/manifest.json" <<'PY'
import json, os, sys
tmp, f2g = sys.argv[1:]
json.dump({"glbs": [{"name": "fixture/textured.glb", "glb": os.path.join(tmp, "textured.glb")}],
           "addon": {"zip": os.path.join(tmp, "io_scene_forge.zip"), "forge2gltf": f2g,
                     "archive": os.path.join(tmp, "archive", "DataPC.forge"),
                     "result": os.path.join(tmp, "addon.json")}}, sys.stdout)
PY
fi

# Its own user folders (the add-on is installed there). Debian's numpy 1.24 removed
# numpy.bool, which Blender 3.4's glTF importer still uses.
status=0
BLENDER_USER_SCRIPTS=$tmp/user/scripts BLENDER_USER_CONFIG=$tmp/user/config \
  blender -b --factory-startup --python-exit-code 1 --python-expr \
  "import numpy; numpy.bool = bool; p = '$here/check_textures.py'; exec(compile(open(p).read(), p, 'exec'), {'__name__': '__main__', '__file__': p})" \
  -- "$tmp/manifest.json" >"$tmp/blender.log" 2>&1 || status=1
grep -o -e '^FAIL.*' -e '.*textured materials.*' -e 'add-on: [0-9].*' -e 'Traceback.*' -e '.*Error.*' "$tmp/blender.log" |
  grep -v Draco || true
if [[ $status -ne 0 ]]; then
  tail -n 30 "$tmp/blender.log"
fi

if [[ $mode != --samples ]]; then
  if [[ ! -s $tmp/addon.json ]]; then
    echo "blender_textures: FAILED: the add-on part wrote no result" >&2
    status=1
  elif ! "$python" - "$tmp/addon.json" "$archive" <<'PY'; then
import filecmp, json, sys
r = json.load(open(sys.argv[1]))
ok = bool(r["written"]) and r["identical"] and filecmp.cmp(r["written"], sys.argv[2], shallow=False)
print("add-on: unedited export of %d meshes with textured materials: %s"
      % (r["meshes"], "the archive's bytes" if ok else "DIFFERENT from the archive (%s)" % r))
sys.exit(0 if ok else 1)
PY
    status=1
  fi
fi
[[ $status -eq 0 ]] && echo "blender_textures${mode:+_samples}: passed"
exit $status
