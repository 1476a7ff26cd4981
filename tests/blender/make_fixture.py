"""Writes small .glb files laid out as forge2gltf writes them (docs/ARCHITECTURE.md "Output
conventions": Z-up -> Y-up rotation on a root node that parents the joints and an unskinned
mesh node; a skinned mesh node at the scene root; one accessor per attribute shared by the
primitives; target names in mesh.extras.targetNames), plus a manifest for check_import.py.

  python3 make_fixture.py OUT_DIR

writes OUT_DIR/good.json (fixtures the checker must pass) and OUT_DIR/bad.json (fixtures with
one planted fault each, which the checker must report), so the checker is itself tested.
"""

import json
import os
import struct
import sys
import zlib

import numpy as np

ROOT_ROTATION = [-0.7071067811865476, 0.0, 0.0, 0.7071067811865476]  # Z-up -> Y-up


class Glb:
    def __init__(self):
        self.bin = bytearray()
        self.views = []
        self.accessors = []

    def add(self, array, component, kind, normalized=False, minmax=False, target=None):
        array = np.ascontiguousarray(array)
        while len(self.bin) % 4:
            self.bin.append(0)
        view = {"buffer": 0, "byteOffset": len(self.bin), "byteLength": array.nbytes}
        if target:
            view["target"] = target
        self.bin += array.tobytes()
        self.views.append(view)
        acc = {
            "bufferView": len(self.views) - 1,
            "componentType": component,
            "count": len(array),
            "type": kind,
        }
        if normalized:
            acc["normalized"] = True
        if minmax:
            acc["min"] = array.min(axis=0).tolist()
            acc["max"] = array.max(axis=0).tolist()
        self.accessors.append(acc)
        return len(self.accessors) - 1

    def write(self, path, doc):
        doc["asset"] = {"version": "2.0", "generator": "forge2gltf test fixture"}
        doc["bufferViews"] = self.views
        doc["accessors"] = self.accessors
        while len(self.bin) % 4:
            self.bin.append(0)
        doc["buffers"] = [{"byteLength": len(self.bin)}]
        text = json.dumps(doc).encode()
        text += b" " * (-len(text) % 4)
        total = 12 + 8 + len(text) + 8 + len(self.bin)
        with open(path, "wb") as f:
            f.write(struct.pack("<III", 0x46546C67, 2, total))
            f.write(struct.pack("<II", len(text), 0x4E4F534A) + text)
            f.write(struct.pack("<II", len(self.bin), 0x004E4942) + bytes(self.bin))


# A joint whose hash resolves (Hips, docs/READING.md "Bone names") and one that does not.
HIPS = ("Hips", "0x%08X" % zlib.crc32(b"Hips"))
JOINT_NAMES = [HIPS, ("bone_1_0x00000022", "0x00000022")]


def fixture(path, skinned, bone1_z=1.0, morph=True, joint_names=JOINT_NAMES):
    """Two quads (two primitives, two materials) and one unused vertex; when skinned, the upper
    quad hangs on bone 1 at z = 1 (bone1_z moves its node away from the bind pose)."""
    pos = np.array(
        [
            [0, 0, 0],
            [1, 0, 0],
            [1, 1, 0],
            [0, 1, 0],
            [0, 0, 2],
            [1, 0, 2],
            [1, 1, 2],
            [0, 1, 2],
            [5, 5, 5],
        ],
        dtype=np.float32,
    )
    uv = (pos[:, :2] * 0.5).astype(np.float32)
    color = np.tile(np.array([[255, 128, 0, 255]], dtype=np.uint8), (9, 1))
    indices = np.array([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7], dtype=np.uint16)
    g = Glb()
    attrs = {
        "POSITION": g.add(pos, 5126, "VEC3", minmax=True, target=34962),
        "TEXCOORD_0": g.add(uv, 5126, "VEC2", target=34962),
        "COLOR_0": g.add(color, 5121, "VEC4", normalized=True, target=34962),
    }
    bones, hashes = [], []
    nodes = [{"name": "root", "rotation": ROOT_ROTATION, "children": []}]
    doc = {"scene": 0, "scenes": [{"name": "scene", "nodes": [0]}], "nodes": nodes}
    if skinned:
        joints = np.array([[0, 0, 0, 0]] * 4 + [[1, 0, 0, 0]] * 4 + [[0, 0, 0, 0]], dtype=np.uint8)
        weights = np.array(
            [[255, 0, 0, 0]] * 4 + [[255, 0, 0, 0]] * 4 + [[255, 0, 0, 0]], dtype=np.uint8
        )
        attrs["JOINTS_0"] = g.add(joints, 5121, "VEC4", target=34962)
        attrs["WEIGHTS_0"] = g.add(weights, 5121, "VEC4", normalized=True, target=34962)
        ibm = np.tile(np.eye(4, dtype=np.float32).reshape(1, 16), (2, 1))
        ibm[1, 14] = -1.0  # column-major: translation in elements 12..14
        # As convert names joints: a resolved name, else bone_<i>_0x<hash>; the hash in extras.
        bones = [name for name, _ in joint_names]
        hashes = [h for _, h in joint_names]
        for k, z in enumerate((0.0, bone1_z)):
            extras = {"name_hash": hashes[k]}
            nodes.append({"name": bones[k], "translation": [0.0, 0.0, z], "extras": extras})
        nodes[0]["children"] = [1, 2]
        nodes.append({"name": "mesh", "mesh": 0, "skin": 0})
        doc["scenes"][0]["nodes"].append(3)
        doc["skins"] = [
            {"name": "skin", "joints": [1, 2], "inverseBindMatrices": g.add(ibm, 5126, "MAT4")}
        ]
    else:
        nodes.append({"name": "mesh", "mesh": 0})
        nodes[0]["children"] = [1]
    targets = []
    target_attrs = None
    if morph:
        delta = np.zeros_like(pos)
        delta[4:8, 2] = 0.5
        target_attrs = [{"POSITION": g.add(delta, 5126, "VEC3", minmax=True)}]
        targets = ["0x0000ABCD"]
    prims = []
    for k in range(2):
        ind = g.add(indices[6 * k : 6 * k + 6], 5123, "SCALAR", target=34963)
        prim = {"attributes": attrs, "indices": ind, "material": k, "mode": 4}
        if target_attrs:
            prim["targets"] = target_attrs
        prims.append(prim)
    mesh = {"name": os.path.basename(path), "primitives": prims}
    if targets:
        mesh["extras"] = {"targetNames": targets}
    doc["meshes"] = [mesh]
    doc["materials"] = [{"name": "0x00000001"}, {"name": "0x00000002"}]
    g.write(path, doc)
    ir = {
        "vertex_count": 9,
        "index_count": 12,
        "attributes": list(attrs),
        "primitives": [
            {
                "material": "0x00000001",
                "first_index": 0,
                "index_count": 6,
                "first_vertex": 0,
                "vertex_count": 5,
                "used_vertices": 4,
            },
            {
                "material": "0x00000002",
                "first_index": 6,
                "index_count": 6,
                "first_vertex": 4,
                "vertex_count": 4,
                "used_vertices": 4,
            },
        ],
        "materials": ["0x00000001", "0x00000002"],
        "bones": bones,
        "bone_hashes": hashes,
        "targets": targets,
    }
    return ir


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)

    def entry(name, ir):
        return {"sample": "fixture/" + name, "glb": os.path.join(out, name + ".glb"), "ir": ir}

    good = [
        entry("skinned", fixture(os.path.join(out, "skinned.glb"), True)),
        entry("static", fixture(os.path.join(out, "static.glb"), False, morph=False)),
    ]
    # Planted faults, one property each (the checker must name it).
    # off_pose also names bone 0 "Head" with Hips' hash, and the manifest expects another hash
    # for bone 1.
    misnamed = [("Head", HIPS[1]), JOINT_NAMES[1]]
    off_pose = entry(
        "off_pose",
        fixture(os.path.join(out, "off_pose.glb"), True, bone1_z=3.0, joint_names=misnamed),
    )
    off_pose["ir"]["bone_hashes"][1] = "0x00000023"
    wrong = entry("wrong_summary", fixture(os.path.join(out, "wrong_summary.glb"), False))
    wrong["ir"]["primitives"][1]["material"] = "0x000000FF"
    wrong["ir"]["primitives"][0]["used_vertices"] = 5
    wrong["ir"]["targets"] = ["0x0000ABCE"]
    wrong["ir"]["attributes"].append("TEXCOORD_1")
    with open(os.path.join(out, "good.json"), "w") as f:
        json.dump({"meshes": good}, f, indent=1)
    with open(os.path.join(out, "bad.json"), "w") as f:
        json.dump({"meshes": [off_pose, wrong]}, f, indent=1)


main()
