#!/usr/bin/env bash
# The Blender add-on test (ctest blender_addon, label blender): packages the zip, installs it
# into a Blender 3.4 with its own user folders, imports every sample through File > Import >
# Forge mesh (counts as tests/blender/check_import.py checks them), saves and reopens the
# .blend (donor properties kept), exports every mesh back through File > Export > Forge mesh,
# refuses what it must, and edits one. Then checks the written meshes here: each re-encodes
# exactly (verify --reencode) and is byte-identical to its donor (unedited), and the edited
# one decodes strictly with the edit visible (triangles, bounds).
#   run.sh FORGE2GLTF SAMPLES_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
python=/usr/bin/python3
command -v blender >/dev/null 2>&1 || {
  echo "blender_addon: FAILED: blender is not installed; run scripts/install-blender" >&2
  exit 1
}
[[ $# -eq 2 ]] || { echo "usage: run.sh FORGE2GLTF SAMPLES_DIR" >&2; exit 2; }
f2g=$(readlink -f "$1")
samples=$(readlink -f "$2")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/f2g-addon.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS

"$python" "$root/scripts/package-blender-addon" "$tmp/io_scene_forge.zip" >/dev/null
# Donors are copies: exports land next to them, and one is overwritten and deleted.
mkdir -p "$tmp/donors" "$tmp/spare" "$tmp/info"
mapfile -t meshes < <(cd "$samples" && find . -name '*.mesh' -printf '%P\n' | sort)
for m in "${meshes[@]}"; do
  mkdir -p "$tmp/donors/$(dirname "$m")"
  cp "$samples/$m" "$tmp/donors/$m"
  "$f2g" info --json "$samples/$m" >"$tmp/info/${m//\//__}.json"
done
cp "$samples/rr/static16_terrain.mesh" "$tmp/spare/terrain.bin"  # any extension
for a in grw grb sws; do
  mkdir -p "$tmp/archives/$a"
  cp "$samples/archives/$a/DataPC.forge" "$tmp/archives/$a/"
  "$f2g" ls --json "$tmp/archives/$a/DataPC.forge" >"$tmp/info/archive_$a.json" 2>/dev/null
done
printf 'not a mesh at all' >"$tmp/spare/junk.mesh"
"$f2g" convert "$tmp/donors" -o "$tmp/glb" -q  # the positions check_import compares with

# What package-blender-addon recorded as the fallback binary.
repo_binary=$(readlink -m "${F2G_BUILD_DIR:-$root/build}/forge2gltf")
"$python" - "$tmp" "$f2g" "$root" "$repo_binary" "${meshes[@]}" >"$tmp/manifest.json" <<'PY'
import json, os, struct, sys
tmp, f2g, root, repo_binary, meshes = sys.argv[1:5] + [sys.argv[5:]]
def source(glb):
    data = open(glb, "rb").read()
    n = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20:20 + n])["meshes"][0]["extras"]["source"]
def archive(kind):
    listed = json.load(open(os.path.join(tmp, "info", "archive_%s.json" % kind)))["archives"][0]
    return {"archive": os.path.join(tmp, "archives", kind, "DataPC.forge"),
            "meshes": [{"id": r["file_id"], "name": r["name"], "entry": e["name"]}
                       for e in listed["entries"] for r in e["resources"] if r["class_name"] == "Mesh"]}
samples = []
for m in meshes:
    info = json.load(open(os.path.join(tmp, "info", m.replace("/", "__") + ".json")))
    glb = os.path.join(tmp, "glb", os.path.splitext(m)[0] + ".glb")
    samples.append({"sample": m, "donor": os.path.join(tmp, "donors", m), "glb": glb,
                    "format": info["format"], "object_id": source(glb)["objectId"], "ir": info["ir"]})
json.dump({"zip": os.path.join(tmp, "io_scene_forge.zip"), "forge2gltf": f2g, "work": tmp,
           "check_import": os.path.join(root, "tests", "blender", "check_import.py"),
           "samples": samples, "edit": "rr/static24_props.mesh",
           "spare": os.path.join(tmp, "spare", "terrain.bin"),
           "junk": os.path.join(tmp, "spare", "junk.mesh"), "repo_binary": repo_binary,
           "archives": [archive("grw"), archive("grb"), archive("sws")]},
          sys.stdout)
PY

# Its own user folders: the user's Blender (add-ons, preferences) is untouched.
# Debian's numpy 1.24 removed numpy.bool, which Blender 3.4's glTF importer still uses.
status=0
BLENDER_USER_SCRIPTS=$tmp/user/scripts BLENDER_USER_CONFIG=$tmp/user/config \
  blender -b --factory-startup --python-exit-code 1 --python-expr \
  "import numpy; numpy.bool = bool; p = '$here/addon_test.py'; exec(compile(open(p).read(), p, 'exec'), {'__name__': '__main__', '__file__': p})" \
  -- "$tmp/manifest.json" "$tmp/result.json" >"$tmp/blender.log" 2>&1 || status=1
grep -e '^FAIL' -e '^addon:' -e 'Error' -e 'Traceback' "$tmp/blender.log" | grep -v Draco || true
if [[ ! -s $tmp/result.json ]]; then
  tail -n 40 "$tmp/blender.log"
  echo "blender_addon: FAILED: the Blender part wrote no result" >&2
  exit 1
fi

"$python" - "$tmp" "$f2g" <<'PY' || status=1
import json, os, struct, subprocess, sys
tmp, f2g = sys.argv[1:]
result = json.load(open(os.path.join(tmp, "result.json")))
bad = 0

def run(*args):
    return subprocess.run([f2g, *args], capture_output=True, text=True)

def bounds(mesh):
    """min and max of the positions convert writes for MESH (engine space)."""
    out = os.path.join(tmp, "bounds")
    if run("convert", mesh, "-o", out, "-q", "--force").returncode:
        return None
    data = open(os.path.join(out, os.path.splitext(os.path.basename(mesh))[0] + ".glb"), "rb").read()
    doc = json.loads(data[20:20 + struct.unpack_from("<I", data, 12)[0]])
    accs = [doc["accessors"][p["attributes"]["POSITION"]] for p in doc["meshes"][0]["primitives"]]
    return ([min(a["min"][i] for a in accs) for i in range(3)],
            [max(a["max"][i] for a in accs) for i in range(3)])

identical = dropped = written = 0
for e in result["exports"]:
    if not e["ok"] or not os.path.exists(e["output"]):
        print("addon: %s: not exported" % e["sample"]); bad += 1; continue
    written += 1
    dropped += e["dropped"]
    if run("verify", "--reencode", e["output"]).returncode:
        print("addon: %s: not re-encoded exactly" % e["sample"]); bad += 1
    info = run("info", "--json", e["output"])
    if info.returncode:
        print("addon: %s: does not decode strictly: %s" % (e["sample"], info.stderr.strip()[:300])); bad += 1
    same = open(e["output"], "rb").read() == open(e["donor"], "rb").read()
    identical += same
    # Unedited, import's identity holds through the add-on's round trip for every sample.
    bad += not same
    print("addon: %s: %s (%s kept, %s new%s)" % (e["sample"], "identical" if same else "re-encoded",
          e["kept"], e["new"], ", without SubMeshes" if e["dropped"] else ""))

ed = result["edit"]
info = run("info", "--json", ed["output"])
if info.returncode:
    print("addon: edit: %s does not decode strictly: %s" % (ed["output"], info.stderr[:300])); bad += 1
else:
    ir = json.loads(info.stdout)["ir"]
    donor_ir = json.loads(run("info", "--json", ed["donor"]).stdout)["ir"]
    triangles = sum(p["index_count"] // 3 for p in ir["primitives"])
    donor_triangles = sum(p["index_count"] // 3 for p in donor_ir["primitives"])
    materials = [p["material"] for p in ir["primitives"]]
    if triangles != ed["triangles"] or triangles != donor_triangles - ed["deleted"]:
        print("addon: edit: %d triangles, Blender had %d, donor %d - %d deleted"
              % (triangles, ed["triangles"], donor_triangles, ed["deleted"])); bad += 1
    if ed["material"] in materials:
        print("addon: edit: material %s still drawn: %s" % (ed["material"], materials)); bad += 1
    if run("verify", "--reencode", ed["output"]).returncode:
        print("addon: edit: not re-encoded exactly"); bad += 1
    new_b, old_b = bounds(ed["output"]), bounds(ed["donor"])
    # The edit in the bounds: Blender's (scaled, one material gone), not the donor's.
    step = max(abs(c) for c in ed["bounds"][0] + ed["bounds"][1]) / 32767 + 1e-4
    match = new_b and all(abs(a - b) <= step for a, b in zip(new_b[0] + new_b[1], ed["bounds"][0] + ed["bounds"][1]))
    if not match or new_b == old_b:
        print("addon: edit: bounds %s, Blender's %s, donor %s" % (new_b, ed["bounds"], old_b)); bad += 1
    print("addon: edit: %s: %d -> %d triangles (material %s deleted), bounds %s -> %s"
          % (ed["sample"], donor_triangles, triangles, ed["material"], old_b, new_b))
# Through the archives.
ar = result["archives"]
un = ar["unedited"]
if not un["output"] or open(un["output"], "rb").read() != open(un["archive"], "rb").read():
    print("addon: archive: the unedited export %s is not the archive's bytes" % un["output"]); bad += 1
else:
    print("addon: archive: %s exported unedited: byte-identical" % os.path.basename(un["archive"]))
ed = result["archives"]["edited"]
if not ed.get("output") or os.path.basename(ed["output"]) != "DataPC_edited.forge":
    print("addon: archive: edited export written to %s" % ed.get("output")); bad += 1
else:
    done = run("verify", ed["output"], "--against", ed["archive"], "--json")
    report = json.loads(done.stdout or "{}")
    ls = json.loads(run("ls", "--json", ed["archive"]).stdout)["archives"][0]["entries"]
    entry_of = {r["file_id"]: e["index"] for e in ls for r in e["resources"]}
    want = sorted({entry_of[ed["scaled"]], entry_of[ed["deleted"]]})
    changed = sorted(c["index"] for c in report.get("changed", []))
    if done.returncode or changed != want:
        print("addon: archive: verify --against: exit %d, changed %s, expected %s: %s"
              % (done.returncode, changed, want, report.get("problems"))); bad += 1
    ir = json.loads(run("info", "--json", ed["output"], "--id", ed["deleted"]).stdout)["ir"]
    triangles = sum(p["index_count"] // 3 for p in ir["primitives"])
    if triangles != ed["triangles"] or ed["material"] in [p["material"] for p in ir["primitives"]]:
        print("addon: archive: the deleted faces: %d triangles (Blender %d), materials %s"
              % (triangles, ed["triangles"], [p["material"] for p in ir["primitives"]])); bad += 1
    def body_bounds(archive, rid, name):
        out = os.path.join(tmp, "extract-" + name)
        run("extract", archive, "-o", out, "--id", rid, "--body")
        found = [os.path.join(d, f) for d, _, fs in os.walk(out) for f in fs]
        return bounds(found[0]) if len(found) == 1 else None
    old_b = body_bounds(ed["archive"], ed["scaled"], "old")
    new_b = body_bounds(ed["output"], ed["scaled"], "new")
    step = 1e-3 + 1.5 * max(abs(c) for c in old_b[0] + old_b[1]) / 32767 if old_b else 0
    if not old_b or not new_b or any(abs(n - 1.5 * o) > step for n, o in zip(new_b[0] + new_b[1], old_b[0] + old_b[1])):
        print("addon: archive: the scaled mesh's bounds %s, 1.5 x %s expected" % (new_b, old_b)); bad += 1
    print("addon: archive: %s: entries %s changed (a mesh scaled, a material's faces deleted: %d triangles)"
          % (os.path.basename(ed["output"]), changed, triangles))
# The version-25 SWS forge: unedited, its own bytes; the skinned mesh scaled, only its entry.
sw = result["archives"]["sws"]
if not sw["unedited_identical"]:
    print("addon: sws forge: the unedited export is not the archive's bytes"); bad += 1
if not sw.get("output"):
    print("addon: sws forge: the edited export wrote nothing"); bad += 1
else:
    done = run("verify", sw["output"], "--against", sw["archive"], "--json")
    report = json.loads(done.stdout or "{}")
    ls = json.loads(run("ls", "--json", sw["archive"]).stdout)["archives"][0]["entries"]
    entry_of = {r["file_id"]: e["index"] for e in ls for r in e["resources"]}
    changed = sorted(c["index"] for c in report.get("changed", []))
    if done.returncode or changed != [entry_of.get(sw["scaled"])]:
        print("addon: sws forge: verify --against: exit %d, changed %s: %s"
              % (done.returncode, changed, report.get("problems"))); bad += 1
    else:
        print("addon: sws forge: unedited byte-identical; scaled mesh changed entry %s only" % changed)
print("addon: %d samples imported and exported through the add-on: %d byte-identical, %d re-encoded"
      " (%d without SubMeshes); %d check failures" % (len(result["exports"]), identical,
      written - identical, dropped, bad + len(result["failures"])))
sys.exit(1 if bad else 0)
PY
echo "blender_addon: $([[ $status == 0 ]] && echo ok || echo FAILED) in $((SECONDS - start)) s"
exit $status
