"""Imports each converted .glb in Blender and checks it against the mesh's IR summary.

Run inside Blender (run.sh does this):
  blender -b --factory-startup --python-expr "<numpy shim; exec this file>" -- MANIFEST.json

MANIFEST.json: {"meshes": [{"sample": "sws/x.mesh", "glb": "/abs/x.glb", "ir": {...}}]}, where
"ir" is the "ir" block of `forge2gltf info --json`: vertex_count, index_count, attributes,
primitives [{material, first_index, index_count, first_vertex, vertex_count, used_vertices}],
materials, bones, targets.

What Blender 3.4's importer does (io_scene_gltf2/blender/imp/gltf2_blender_mesh.py,
do_primitives): all primitives of a glTF mesh become one Blender mesh; each primitive adds
the vertices its indices use (np.unique, sorted), so vertices = sum of used_vertices and
faces = sum of index_count / 3 (merge_vertices is off by default); TEXCOORD_n -> UV layers,
COLOR_n -> colour attributes; one vertex group per skin joint, created in joint order; shape
keys = 'Basis' + one per target named from mesh.extras.targetNames.

Positions: the depsgraph-evaluated mesh (armature modifier at the imported pose) in world
space must equal the source (unskinned) positions within 1e-4: the writer's root rotation
and the importer's Y-up -> Z-up undo each other, and the glTF default pose is the bind pose.

Checks per mesh; each failure names the sample and the property. Exit status 1 on any failure.
"""

import json
import re
import struct
import sys
import time
import zlib

import bpy
import numpy as np

TOLERANCE = 1e-4  # metres: evaluated vs expected positions

COMPONENT = {
    5120: np.int8,
    5121: np.uint8,
    5122: np.int16,
    5123: np.uint16,
    5125: np.uint32,
    5126: np.float32,
}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}


def read_glb(path):
    """The JSON and BIN chunks of a .glb."""
    with open(path, "rb") as f:
        data = f.read()
    magic, _version, length = struct.unpack_from("<III", data, 0)
    if magic != 0x46546C67 or length != len(data):
        raise ValueError("not a GLB (magic 0x%08X, length %d of %d)" % (magic, length, len(data)))
    gltf, binary, at = None, b"", 12
    while at + 8 <= len(data):
        size, kind = struct.unpack_from("<II", data, at)
        chunk = data[at + 8 : at + 8 + size]
        if kind == 0x4E4F534A:
            gltf = json.loads(chunk)
        elif kind == 0x004E4942:
            binary = chunk
        at += 8 + size
    return gltf, binary


def accessor(gltf, binary, index):
    """An accessor's values as an array of shape (count, width); sparse accessors included."""
    acc = gltf["accessors"][index]
    dtype = np.dtype(COMPONENT[acc["componentType"]])
    width = WIDTH[acc["type"]]
    count = acc["count"]
    out = np.zeros((count, width), dtype=dtype)
    if "bufferView" in acc:
        view = gltf["bufferViews"][acc["bufferView"]]
        start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
        stride = view.get("byteStride", dtype.itemsize * width)
        if count:
            out[:] = np.ndarray(
                shape=(count, width),
                dtype=dtype,
                buffer=binary,
                offset=start,
                strides=(stride, dtype.itemsize),
            )
    if "sparse" in acc:
        sp = acc["sparse"]
        iv = gltf["bufferViews"][sp["indices"]["bufferView"]]
        idx = np.frombuffer(
            binary,
            dtype=COMPONENT[sp["indices"]["componentType"]],
            count=sp["count"],
            offset=iv.get("byteOffset", 0) + sp["indices"].get("byteOffset", 0),
        )
        vv = gltf["bufferViews"][sp["values"]["bufferView"]]
        vals = np.frombuffer(
            binary,
            dtype=dtype,
            count=sp["count"] * width,
            offset=vv.get("byteOffset", 0) + sp["values"].get("byteOffset", 0),
        )
        out[idx.astype(np.int64)] = vals.reshape(-1, width)
    return out


def expected_positions(gltf, binary):
    """Source positions (engine Z-up, as stored in the .glb) in Blender's vertex order: per
    primitive, the vertices its indices use, sorted. The writer keeps buffers unchanged and
    puts the Z-up -> Y-up rotation on a node, which the importer's Y-up -> Z-up undoes, so
    Blender world coordinates equal these."""
    parts = []
    for prim in gltf["meshes"][0]["primitives"]:
        pos = accessor(gltf, binary, prim["attributes"]["POSITION"]).astype(np.float64)
        if "indices" in prim:
            used = np.unique(accessor(gltf, binary, prim["indices"]).reshape(-1))
        else:
            used = np.arange(len(pos))
        parts.append(pos[used])
    return np.concatenate(parts) if parts else np.zeros((0, 3))


def world_positions(obj, mesh):
    co = np.empty(len(mesh.vertices) * 3, dtype=np.float64)
    mesh.vertices.foreach_get("co", co)
    co = co.reshape(-1, 3)
    m = np.array(obj.matrix_world, dtype=np.float64)
    return co @ m[:3, :3].T + m[:3, 3]


def semantic_sets(attributes, prefix):
    """How many consecutive sets prefix_0, prefix_1, ... the attributes hold (as the importer
    reads)."""
    n = 0
    while "%s_%d" % (prefix, n) in attributes:
        n += 1
    return n


def worst(a, b):
    if a.shape != b.shape:
        return None
    if not len(a):
        return 0.0
    return float(np.max(np.abs(a - b) - 1e-5 * np.abs(b)))


def check_mesh(entry, fail):
    sample = entry["sample"]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    start = time.perf_counter()
    try:
        result = bpy.ops.import_scene.gltf(filepath=entry["glb"])
    except Exception as e:  # the importer raises on a file it cannot read
        fail(
            sample, "import", "raised %s: %s" % (type(e).__name__, str(e).strip().splitlines()[-1:])
        )
        return None
    seconds = time.perf_counter() - start
    if "FINISHED" not in result:
        fail(sample, "import", "returned %s" % sorted(result))
        return seconds

    check_objects(entry, list(bpy.data.objects), fail)
    return seconds


def check_bone_hashes(sample, armature, ir, fail):
    """Each bone keeps its stored name hash as the custom property name_hash (the joint node's
    extras), and a bone with a resolved name is named by that hash: CRC-32(name) is the hash,
    up to the "_<index>" a repeated name gets (docs/READING.md "Bone names")."""
    hashes = dict(zip(ir["bones"], ir.get("bone_hashes", [])))
    for b in armature.data.bones:
        got = b.get("name_hash")
        want = hashes.get(b.name)
        if got != want:
            fail(sample, "bone name_hash", "%s has %r, expected %r" % (b.name, got, want))
            continue
        if b.name.startswith("bone_") or got is None:
            continue
        named = {"0x%08X" % zlib.crc32(n.encode()) for n in (b.name, re.sub(r"_\d+$", "", b.name))}
        if got not in named:
            fail(sample, "bone names", "%s: its CRC-32 is not its name_hash %s" % (b.name, got))


def joint_parents(gltf):
    """Each joint node's name -> its parent joint's name (None under a node that is no joint)."""
    skin = gltf["skins"][0]
    joints = set(skin["joints"])
    parent = {}
    for n, node in enumerate(gltf["nodes"]):
        for c in node.get("children", []):
            parent[c] = n
    names = {j: gltf["nodes"][j]["name"] for j in joints}
    return {names[j]: (names[parent[j]] if parent.get(j) in joints else None) for j in joints}


def check_bone_parents(entry, armature, fail):
    """A joint tree (skeleton pairing) is a connected armature: each bone's parent is its
    joint's parent joint in the .glb; flat joints are bones without parents."""
    gltf, _ = read_glb(entry["glb"])
    want = joint_parents(gltf)
    for b in armature.data.bones:
        got = b.parent.name if b.parent else None
        if b.name in want and got != want[b.name]:
            fail(
                entry["sample"],
                "bone parents",
                "%s under %r, expected %r" % (b.name, got, want[b.name]),
            )
    if entry.get("tree") and not any(b.parent for b in armature.data.bones):
        fail(entry["sample"], "bone parents", "every bone is a root; the .glb has a joint tree")


def check_objects(entry, objects, fail):
    """Checks the objects one import made (OBJECTS) against entry's "ir" and the positions
    of entry's "glb" (or "expect_glb"). Also used by the add-on test (tests/blender/addon)."""
    sample, ir = entry["sample"], entry["ir"]
    meshes = [o for o in objects if o.type == "MESH"]
    if len(meshes) != 1:
        fail(sample, "mesh objects", "%d, expected 1" % len(meshes))
        return
    obj = meshes[0]
    me = obj.data

    prims = ir["primitives"]
    want_vertices = sum(p["used_vertices"] for p in prims)
    want_faces = sum(p["index_count"] // 3 for p in prims)
    if len(me.vertices) != want_vertices:
        fail(
            sample,
            "vertex count",
            "Blender %d, expected %d (sum of used_vertices over %d primitives)"
            % (len(me.vertices), want_vertices, len(prims)),
        )
    if len(me.polygons) != want_faces:
        fail(
            sample,
            "triangle count",
            "Blender %d, expected %d (sum of index_count / 3)" % (len(me.polygons), want_faces),
        )

    # One Blender material per glTF material the primitives draw with, in first use, named
    # as the input's primitive names it: two materials of one id (SWS ranges sharing a
    # material id) are two, and the names still come from the input, not from the glb.
    gltf, _ = read_glb(entry["glb"])
    used, want_materials = [], []
    for p, want in zip(gltf["meshes"][0]["primitives"], prims):
        if p.get("material") not in used:
            used.append(p.get("material"))
            want_materials.append(want["material"])
    # Blender names a material that another imported mesh already brought "<name>.001".
    got_materials = [re.sub(r"\.\d{3}$", "", m.name) if m else None for m in me.materials]
    if got_materials != want_materials:
        fail(sample, "materials", "Blender %s, expected %s" % (got_materials, want_materials))

    attrs = ir["attributes"]
    want_uvs = min(semantic_sets(attrs, "TEXCOORD"), 8)
    if len(me.uv_layers) != want_uvs:
        fail(
            sample,
            "UV layers",
            "Blender %d, expected %d (IR attributes %s)" % (len(me.uv_layers), want_uvs, attrs),
        )
    want_colors = min(semantic_sets(attrs, "COLOR"), 8)
    if len(me.color_attributes) != want_colors:
        fail(
            sample,
            "colour attributes",
            "Blender %d, expected %d (IR attributes %s)"
            % (len(me.color_attributes), want_colors, attrs),
        )

    bones = ir["bones"]
    armatures = [o for o in objects if o.type == "ARMATURE"]
    skinned = bool(bones) and "JOINTS_0" in attrs
    if skinned:
        if len(armatures) != 1:
            fail(sample, "armature", "%d armature objects, expected 1" % len(armatures))
        else:
            names = [b.name for b in armatures[0].data.bones]
            if sorted(names) != sorted(bones):
                fail(
                    sample,
                    "armature bones",
                    "Blender %d %s, expected %d %s"
                    % (len(names), names[:8], len(bones), bones[:8]),
                )
            check_bone_hashes(sample, armatures[0], ir, fail)
            check_bone_parents(entry, armatures[0], fail)
            mods = [m for m in obj.modifiers if m.type == "ARMATURE"]
            if len(mods) != 1 or mods[0].object != armatures[0]:
                fail(sample, "armature modifier", "mesh has %d armature modifiers" % len(mods))
        groups = [g.name for g in obj.vertex_groups]
        if groups != bones:
            fail(
                sample,
                "vertex groups",
                "Blender %d %s, expected one per bone %d %s"
                % (len(groups), groups[:8], len(bones), bones[:8]),
            )
    elif armatures:
        fail(sample, "armature", "%d armature objects on a mesh without skin" % len(armatures))

    targets = ir["targets"]
    keys = [k.name for k in me.shape_keys.key_blocks] if me.shape_keys else []
    want_keys = ["Basis"] + targets if targets else []
    if keys != want_keys:
        fail(sample, "shape keys", "Blender %s, expected %s" % (keys, want_keys))

    # Positions: the evaluated mesh (armature modifier at the imported pose, shape keys at 0)
    # in world space must equal the source positions. For a skinned mesh this is the rest-pose
    # check: the glTF default pose must be the bind pose, so skinning moves nothing.
    depsgraph = bpy.context.evaluated_depsgraph_get()
    evaluated = obj.evaluated_get(depsgraph)
    got = world_positions(evaluated, evaluated.to_mesh())
    evaluated.to_mesh_clear()
    # A --quantize output is compared with the float positions of its plain twin ("expect_glb"),
    # within the quantisation step docs/usage.md states: 1/32766 of the largest coordinate.
    gltf, binary = read_glb(entry.get("expect_glb", entry["glb"]))
    want = expected_positions(gltf, binary)
    tolerance = TOLERANCE
    if "expect_glb" in entry and len(want):
        tolerance += float(np.max(np.abs(want))) / 32766
    prop = "rest-pose positions (armature-evaluated)" if skinned else "positions"
    err = worst(got, want)
    if err is None:
        fail(
            sample,
            prop,
            "Blender has %d evaluated vertices, the .glb's primitives use %d"
            % (len(got), len(want)),
        )
    elif err > tolerance:
        i = int(np.argmax(np.max(np.abs(got - want), axis=1)))
        fail(
            sample,
            prop,
            "world position of vertex %d is %s, unskinned source %s (off by %.3g > %g)"
            % (i, got[i].round(6).tolist(), want[i].round(6).tolist(), err, tolerance),
        )
    entry[
        "seen"
    ] = "%d vertices, %d triangles, %d materials, %d UV, %d colour, %d bones, %d shape keys" % (
        len(me.vertices),
        len(me.polygons),
        len(me.materials),
        len(me.uv_layers),
        len(me.color_attributes),
        len(armatures[0].data.bones) if armatures else 0,
        len(keys),
    )


def main():
    args = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
    if len(args) != 1:
        print("usage: blender -b --python-expr ... -- MANIFEST.json", file=sys.stderr)
        sys.exit(2)
    with open(args[0]) as f:
        manifest = json.load(f)
    failures = []

    def fail(sample, prop, message):
        failures.append((sample, prop, message))
        print("FAIL %s: %s: %s" % (sample, prop, message), flush=True)

    passed = failed = 0
    times = []
    for entry in manifest["meshes"]:
        before = len(failures)
        seconds = check_mesh(entry, fail)
        ok = len(failures) == before
        passed += ok
        failed += not ok
        if seconds is not None:
            times.append(seconds)
            print(
                "%s %s: import %.3f s; %s"
                % ("ok  " if ok else "FAIL", entry["sample"], seconds, entry.get("seen", "")),
                flush=True,
            )
    if times:
        print(
            "blender import: %d meshes, %.3f s mean, %.3f s max per mesh"
            % (len(times), sum(times) / len(times), max(times))
        )
    print("%d passed, %d failed" % (passed, failed), flush=True)
    sys.exit(1 if failed or not manifest["meshes"] else 0)


if __name__ == "__main__":
    main()
