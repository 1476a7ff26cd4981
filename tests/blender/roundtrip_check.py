"""Checks one Blender round trip (tests/blender/import_roundtrip.sh): the mesh that
`forge2gltf import` wrote from Blender's export against its donor, both as `info --json`
sees them and as convert writes their positions. Prints one line; exits 1 on a failure.

  roundtrip_check.py NAME DONOR_INFO.json NEW_INFO.json DONOR.glb NEW.glb DROPPED

DROPPED is 1 when the mesh was written with --drop-submeshes, which drops the morph streams
with the SubMeshes (the spec allows no morph stream without them): targets are then not
compared.
"""
import json
import struct
import sys
from collections import Counter


def glb_positions(path):
    data = open(path, "rb").read()
    json_len = struct.unpack_from("<I", data, 12)[0]
    doc = json.loads(data[20 : 20 + json_len])
    bin_at = 20 + json_len + 8
    out = set()
    for mesh in doc["meshes"]:
        for prim in mesh["primitives"]:
            acc = doc["accessors"][prim["attributes"]["POSITION"]]
            view = doc["bufferViews"][acc["bufferView"]]
            at = bin_at + view.get("byteOffset", 0) + acc.get("byteOffset", 0)
            stride = view.get("byteStride", 12)
            for i in range(acc["count"]):
                out.add(struct.unpack_from("<3f", data, at + i * stride))
    return out


def triangles_per_material(info):
    count = Counter()
    for p in info["ir"]["primitives"]:
        count[p["material"]] += p["index_count"] // 3  # the material's id
    return count


def main():
    name, donor_info, new_info, donor_glb, new_glb, dropped = sys.argv[1:]
    donor = json.load(open(donor_info))
    new = json.load(open(new_info))
    problems = []
    fresh = sorted({w["code"] for w in new["warnings"]} - {w["code"] for w in donor["warnings"]})
    if fresh:
        problems.append("decoder warnings the donor has not: %s" % fresh)
    if triangles_per_material(donor) != triangles_per_material(new):
        problems.append(
            "triangles per material %s, donor %s"
            % (dict(triangles_per_material(new)), dict(triangles_per_material(donor)))
        )
    if dropped != "1" and new["ir"]["targets"] != donor["ir"]["targets"]:
        problems.append("targets %s, donor %s" % (new["ir"]["targets"], donor["ir"]["targets"]))
    # Positions: every written position is one of the donor's, or within its step of one.
    want = glb_positions(donor_glb)
    extent = max(max(abs(c) for c in p) for p in want)
    step = extent / 32767 + 1e-6
    off = 0
    for p in glb_positions(new_glb) - want:
        if not any(all(abs(a - b) <= step for a, b in zip(p, q)) for q in want):
            off += 1
    if off:
        problems.append("%d positions are no donor position within %.2g" % (off, step))
    print("roundtrip: %s: %s" % (name, "; ".join(problems) if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
