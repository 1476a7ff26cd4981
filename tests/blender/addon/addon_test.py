"""The add-on test inside Blender 3.4 (tests/blender/addon/run.sh runs it): installs the zip,
imports every sample through File > Import > Forge mesh, saves and reopens the .blend,
exports every mesh back through File > Export > Forge mesh, plus the refusals and one edit.
Writes RESULT.json for run.sh's checks of the written meshes; exits 1 on a failure here.

  blender -b --factory-startup --python-expr "<numpy shim; exec this>" -- MANIFEST.json RESULT.json

MANIFEST.json: {"zip", "forge2gltf", "check_import" (tests/blender/check_import.py), "work",
"samples": [{"sample": "sws/x.mesh", "donor": "/abs/copy/x.mesh", "glb": "/abs/x.glb",
"format", "object_id", "ir": info --json's "ir"}], "edit": "rr/static24_props.mesh",
"spare": "/abs/spare.mesh" (a copy to overwrite and delete), "junk": "/abs/not-a-mesh.bin",
"archives": [{"archive": "/abs/copy/DataPC.forge", "meshes": [{"id", "name", "entry"}]}]
(the sample archives' copies, forge2gltf ls's Mesh resources)}
"""

import hashlib
import json
import os
import sys
import time

import bpy

ARGS = sys.argv[sys.argv.index("--") + 1 :]
with open(ARGS[0]) as f:
    M = json.load(f)
FAILURES = []


def fail(sample, prop, message):
    FAILURES.append((sample, prop, message))
    print("FAIL %s: %s: %s" % (sample, prop, message), flush=True)


def load_check_import():
    """tests/blender/check_import.py's checks (check_objects), loaded without running main."""
    namespace = {"__name__": "check_import", "__file__": M["check_import"]}
    with open(M["check_import"]) as f:
        exec(compile(f.read(), M["check_import"], "exec"), namespace)
    return namespace


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def call(op, **kwargs):
    """An operator call from Python: bpy.ops raises when the operator reported an error;
    returns (result set or None, the error text)."""
    try:
        return op(**kwargs), ""
    except RuntimeError as e:
        return None, str(e)


def select_only(objects):
    for obj in bpy.context.view_layer.objects:
        obj.select_set(obj in objects)
    bpy.context.view_layer.objects.active = objects[0] if objects else None


def by_donor(path, kind=None):
    return [
        o
        for o in bpy.data.objects
        if o.get("forge_donor") == path and (kind is None or o.type == kind)
    ]


def install():
    bpy.ops.preferences.addon_install(filepath=M["zip"], overwrite=True)
    bpy.ops.preferences.addon_enable(module="io_scene_forge")
    bpy.context.preferences.addons["io_scene_forge"].preferences.binary = M["forge2gltf"]
    bpy.ops.wm.read_homefile(use_empty=True)  # keeps the preferences (factory settings would not)
    for op in ("import_scene.forge_mesh", "export_scene.forge_mesh"):
        group, name = op.split(".")
        if not hasattr(getattr(bpy.ops, group), name):
            fail("add-on", "operator", "%s is not registered" % op)
            sys.exit(1)
    import io_scene_forge  # noqa: F401  the installed copy, for its LAST results

    addon = sys.modules["io_scene_forge"]
    # The binary without the preference: PATH, else the build path recorded in the zip.
    if addon.runner.repo_binary() != M["repo_binary"]:
        fail(
            "add-on",
            "recorded binary",
            "%s, expected %s" % (addon.runner.repo_binary(), M["repo_binary"]),
        )
    path = os.environ.get("PATH", "")
    os.environ["PATH"] = M["work"]  # no forge2gltf there
    try:
        found = addon.runner.find_binary("")
        if found != M["repo_binary"]:
            fail("add-on", "binary fallback", "found %s, expected %s" % (found, M["repo_binary"]))
    except addon.runner.ForgeError as e:
        if e.code != "ADDON_NO_BINARY" or M["repo_binary"] not in e.message:
            fail("add-on", "binary fallback", str(e))
    finally:
        os.environ["PATH"] = path
    return addon


def check_colours(sample, checks, obj):
    """Colours as the glb holds them: float attributes on the vertices (colours.py), each
    vertex's the value of its glb vertex (Blender's vertex order: per primitive, the used
    vertices sorted)."""
    gltf, binary = checks["read_glb"](sample["glb"])
    prims = gltf["meshes"][0]["primitives"]
    np = checks["np"]
    for n, layer in enumerate(obj.data.color_attributes):
        if (layer.data_type, layer.domain) != ("FLOAT_COLOR", "POINT"):
            fail(
                sample["sample"],
                "colours",
                "%s is %s on %s" % (layer.name, layer.data_type, layer.domain),
            )
            continue
        parts = []
        for prim in prims:
            used = np.unique(checks["accessor"](gltf, binary, prim["indices"]).reshape(-1))
            acc = gltf["accessors"][prim["attributes"]["COLOR_%d" % n]]
            values = checks["accessor"](gltf, binary, prim["attributes"]["COLOR_%d" % n])
            scale = {5121: 255.0, 5123: 65535.0}.get(acc["componentType"], 1.0)
            parts.append(values[used].astype(np.float64) / scale)
        want = np.concatenate(parts)
        got = np.empty(len(layer.data) * 4, dtype=np.float32)
        layer.data.foreach_get("color", got)
        got = got.reshape(-1, 4)[:, : want.shape[1]]
        if got.shape != want.shape or np.max(np.abs(got - want)) > 1e-6:
            fail(
                sample["sample"], "colours", "%s differs from the glb's COLOR_%d" % (layer.name, n)
            )


def import_all(addon, checks):
    """Every sample through the Import operator, one call per format folder (files=...)."""
    by_kind = {}
    for s in M["samples"]:
        by_kind.setdefault(os.path.dirname(s["donor"]), []).append(s)
    warnings = 0
    for folder, samples in sorted(by_kind.items()):
        files = [{"name": os.path.basename(s["donor"])} for s in samples]
        result, error = call(bpy.ops.import_scene.forge_mesh, directory=folder, files=files)
        if result != {"FINISHED"}:
            fail(folder, "import operator", "returned %s %s" % (result, error))
        outcomes = {o["input"]: o for o in addon.import_op.LAST}
        for s in samples:
            o = outcomes.get(s["donor"])
            if not o or not o["collection"] or o["errors"]:
                fail(s["sample"], "import", "outcome %s" % o)
                continue
            warnings += len(o["warnings"])
            coll = bpy.data.collections[o["collection"]]
            if coll.name != os.path.basename(s["donor"]):
                fail(s["sample"], "collection", "named %s" % coll.name)
            checks["check_objects"](s, list(coll.objects), fail)
            for obj in coll.objects:
                if obj.type == "MESH":
                    check_colours(s, checks, obj)
    return warnings


def import_folder_and_junk(addon):
    """A folder input (one collection, one child per mesh) and a failing input next to a good
    one: the good one is imported, the failure reported with forge2gltf's code."""
    folder = os.path.dirname(M["samples"][-1]["donor"])
    meshes = sorted(n for n in os.listdir(folder) if n.endswith(".mesh"))
    before = set(bpy.data.objects)
    result, _ = call(bpy.ops.import_scene.forge_mesh, filepath=folder)
    coll = bpy.data.collections.get(addon.import_op.LAST[0]["collection"] or "")
    if result != {"FINISHED"} or not coll or len(coll.children) != len(meshes):
        fail(
            "folder",
            "import",
            "%s, children %s of %d meshes" % (result, coll and len(coll.children), len(meshes)),
        )
    junk_folder, junk = os.path.split(M["junk"])
    spare = os.path.basename(M["spare"])
    result, error = call(
        bpy.ops.import_scene.forge_mesh,
        directory=junk_folder,
        files=[{"name": junk}, {"name": spare}],
    )
    if "FORMAT_UNRECOGNISED" not in error or not by_donor(M["spare"], "MESH"):
        fail(
            "junk",
            "import",
            "result %s, error %r, spare imported: %s" % (result, error, bool(by_donor(M["spare"]))),
        )
    for obj in set(bpy.data.objects) - before:
        if obj.get("forge_donor") != M["spare"]:
            data = obj.data
            bpy.data.objects.remove(obj)
            if isinstance(data, bpy.types.Mesh) and not data.users:
                bpy.data.meshes.remove(data)
    if coll:
        for child in list(coll.children):
            bpy.data.collections.remove(child)
        bpy.data.collections.remove(coll)


def check_donors_after_reopen():
    path = os.path.join(M["work"], "scene.blend")
    bpy.ops.wm.save_as_mainfile(filepath=path)
    bpy.ops.wm.open_mainfile(filepath=path)
    for s in M["samples"]:
        objs = by_donor(s["donor"])
        kinds = sorted(o.type for o in objs)
        want = sorted(
            [
                "MESH",
                "ARMATURE" if s["ir"]["bones"] and "JOINTS_0" in s["ir"]["attributes"] else "EMPTY",
            ]
        )
        if kinds != want:
            fail(
                s["sample"],
                "donor properties after reopening",
                "on %s, expected %s" % (kinds, want),
            )
        for o in objs:
            if (o.get("forge_format"), o.get("forge_object_id")) != (s["format"], s["object_id"]):
                fail(
                    s["sample"],
                    "donor properties",
                    "%s: %s %s, expected %s %s"
                    % (
                        o.name,
                        o.get("forge_format"),
                        o.get("forge_object_id"),
                        s["format"],
                        s["object_id"],
                    ),
                )


def export_all(addon):
    """Each sample unedited through the Export operator into WORK/out/<sample>."""
    results = []
    for s in M["samples"]:
        out = os.path.join(M["work"], "out", s["sample"])
        select_only(by_donor(s["donor"], "MESH"))
        result, error = call(bpy.ops.export_scene.forge_mesh, filepath=out)
        dropped = False
        if "IMPORT_SWS_SUBMESH_TOPOLOGY" in error:
            # Blender moved vertex colours between corners: a topology edit for SubMeshes.
            result, error = call(bpy.ops.export_scene.forge_mesh, filepath=out, drop_submeshes=True)
            dropped = True
        last = addon.export_op.LAST[0] if addon.export_op.LAST else {}
        if result != {"FINISHED"} or not last.get("ok"):
            fail(s["sample"], "export", "%s %s" % (result, error))
        summary = last.get("summary") or {}
        results.append(
            {
                "sample": s["sample"],
                "donor": s["donor"],
                "output": out,
                "ok": bool(last.get("ok")),
                "dropped": dropped,
                "kept": summary.get("vertices_kept"),
                "new": summary.get("vertices_new"),
            }
        )
    return results


def refusals():
    """Over the donor without overwrite_donor; a mesh without donor properties; a deleted
    donor: each reports its code and writes nothing. overwrite_donor and the default path
    (next to the donor, with the suffix) do write."""
    s = M["samples"][0]
    select_only(by_donor(s["donor"], "MESH"))
    before = digest(s["donor"])
    _, error = call(bpy.ops.export_scene.forge_mesh, filepath=s["donor"])
    if "ADDON_WOULD_OVERWRITE_DONOR" not in error or digest(s["donor"]) != before:
        fail(
            s["sample"],
            "over the donor",
            "error %r, donor changed: %s" % (error, digest(s["donor"]) != before),
        )

    bpy.ops.mesh.primitive_cube_add()
    cube = bpy.context.active_object
    select_only([cube])
    out = os.path.join(M["work"], "cube.mesh")
    _, error = call(bpy.ops.export_scene.forge_mesh, filepath=out)
    if "ADDON_NO_DONOR" not in error or os.path.exists(out):
        fail("cube", "no donor", "error %r, written: %s" % (error, os.path.exists(out)))
    bpy.data.objects.remove(cube)

    spare = M["spare"]
    select_only(by_donor(spare, "MESH"))
    stem, ext = os.path.splitext(spare)
    result, error = call(bpy.ops.export_scene.forge_mesh, filepath="")
    if result != {"FINISHED"} or not os.path.exists(stem + "_edited" + ext):
        fail(
            "spare",
            "default path",
            "%s %r; %s_edited%s written: %s"
            % (result, error, stem, ext, os.path.exists(stem + "_edited" + ext)),
        )
    mtime = os.stat(spare).st_mtime_ns
    time.sleep(0.01)
    result, error = call(bpy.ops.export_scene.forge_mesh, filepath="", overwrite_donor=True)
    if result != {"FINISHED"} or os.stat(spare).st_mtime_ns == mtime:
        fail(
            "spare",
            "overwrite_donor",
            "%s %r; donor rewritten: %s" % (result, error, os.stat(spare).st_mtime_ns != mtime),
        )
    os.remove(spare)
    os.remove(stem + "_edited" + ext)
    _, error = call(bpy.ops.export_scene.forge_mesh, filepath="")
    if "IMPORT_READ_FAILED" not in error or os.path.exists(stem + "_edited" + ext):
        fail(
            "spare",
            "deleted donor",
            "error %r, written: %s" % (error, os.path.exists(stem + "_edited" + ext)),
        )


def delete_faces_of_material(me, material_index):
    """Deletes the mesh's faces that use `material_index`, as an artist would in edit mode;
    returns how many it deleted."""
    import bmesh

    doomed = [p.index for p in me.polygons if p.material_index == material_index]
    bm = bmesh.new()
    bm.from_mesh(me)
    bm.faces.ensure_lookup_table()
    bmesh.ops.delete(bm, geom=[bm.faces[i] for i in doomed], context="FACES")
    bm.to_mesh(me)
    bm.free()
    return len(doomed)


def edit(addon):
    """Scale one mesh by 1.5 and delete its second material's faces, then export."""
    s = next(x for x in M["samples"] if x["sample"] == M["edit"])
    obj = by_donor(s["donor"], "MESH")[0]
    me = obj.data
    for v in me.vertices:
        v.co *= 1.5
    deleted = delete_faces_of_material(me, 1)
    world = [obj.matrix_world @ v.co for v in me.vertices]  # Blender's world = engine space
    box = [
        [min(c[i] for c in world) for i in range(3)],
        [max(c[i] for c in world) for i in range(3)],
    ]
    select_only([obj])
    out = os.path.join(M["work"], "edited", os.path.basename(s["donor"]))
    result, error = call(bpy.ops.export_scene.forge_mesh, filepath=out)
    if result != {"FINISHED"}:
        fail(s["sample"], "edited export", "%s %r" % (result, error))
    return {
        "sample": s["sample"],
        "donor": s["donor"],
        "output": out,
        "triangles": len(me.polygons),
        "deleted": deleted,
        "material": me.materials[1].name,
        "bounds": box,
        "summary": addon.export_op.LAST[0].get("lines") if addon.export_op.LAST else None,
    }


def archive_objects(archive, kind="MESH"):
    return [o for o in by_donor(archive, kind) if o.get("forge_resource_id")]


def import_archive(addon, a, pattern):
    """File > Import > Forge mesh on archive A with the filter PATTERN: (result, error, the
    resource ids of the new mesh objects)."""
    before = set(bpy.data.objects)
    result, error = call(
        bpy.ops.import_scene.forge_mesh, filepath=a["archive"], resource_filter=pattern
    )
    new = [o for o in bpy.data.objects if o not in before and o.type == "MESH"]
    return result, error, sorted({o.get("forge_resource_id") for o in new})


def archives(addon):
    """An archive through the add-on: imported with a filter and without, the properties kept
    in a saved .blend, every mesh of one archive exported unedited (a copy, byte-identical),
    two meshes of the other edited (a copy with their entries changed), the original never
    written. Returns what run.sh checks."""
    bpy.ops.wm.read_homefile(use_empty=True)
    grw, grb, sws = M["archives"]
    digests = {a["archive"]: digest(a["archive"]) for a in M["archives"]}
    want = sorted(m["id"] for m in grw["meshes"] if m["name"] in ("Ranger_LOD0", "Rock"))
    result, error, got = import_archive(addon, grw, "ranger, ROCK")
    if result != {"FINISHED"} or got != want:
        fail(
            "archive",
            "filtered import",
            "%s %r: resources %s, expected %s" % (result, error, got, want),
        )
    _, error, got = import_archive(addon, grw, "no such mesh*")
    if "ADDON_NO_MATCHING_RESOURCE" not in error or got:
        fail("archive", "filter matching nothing", "error %r, imported %s" % (error, got))
    result, error, got = import_archive(addon, grb, "")
    if result != {"FINISHED"} or got != sorted(m["id"] for m in grb["meshes"]):
        fail("archive", "import of every mesh", "%s %r: resources %s" % (result, error, got))
    # Skeletons: each skinned mesh paired with a rig of the archive gets a connected armature;
    # Submeshes, for which the archive holds none, keeps one of roots only.
    trees, flat = set(), set()
    for o in archive_objects(grb["archive"]):
        mods = [m for m in o.modifiers if m.type == "ARMATURE" and m.object]
        if mods:
            parented = any(b.parent for b in mods[0].object.data.bones)
            (trees if parented else flat).add(o.get("forge_resource_name"))
    want_trees = {"Soldier_LOD0", "TP_Tacvest_Walker_Coat_LOD0", "Backpack", "Tentacle", "FourUV"}
    if trees != want_trees or flat != {"Submeshes"}:
        fail("archive", "armature trees", "trees %s, flat %s" % (sorted(trees), sorted(flat)))
    path = os.path.join(M["work"], "archives.blend")
    bpy.ops.wm.save_as_mainfile(filepath=path)
    bpy.ops.wm.open_mainfile(filepath=path)
    names = {m["id"]: m["name"] for a in M["archives"] for m in a["meshes"]}
    for a in M["archives"]:
        for o in archive_objects(a["archive"], None):
            rid = o.get("forge_resource_id")
            if o.get("forge_resource_name") != names.get(rid) or not o.get("forge_format"):
                fail(
                    "archive",
                    "properties after reopening",
                    "%s: %s %s" % (o.name, rid, o.get("forge_resource_name")),
                )

    # Unedited, every mesh of the GRB archive: <stem>_edited.forge next to it, the same bytes.
    select_only(archive_objects(grb["archive"]))
    result, error = call(bpy.ops.export_scene.forge_mesh, filepath="")
    last = addon.export_op.LAST[0] if addon.export_op.LAST else {}
    if (
        result != {"FINISHED"}
        or not last.get("ok")
        or len(last.get("resources", [])) != len(grb["meshes"])
    ):
        fail("archive", "unedited export", "%s %r %s" % (result, error, last.get("error")))
    unedited = {
        "archive": grb["archive"],
        "output": last.get("written"),
        "identical": last.get("identical"),
        "lines": last.get("lines"),
    }

    # Refused: over the original, with or without overwrite_donor.
    select_only(archive_objects(grw["archive"]))
    for kwargs, code in (
        ({"filepath": grw["archive"]}, "ADDON_WOULD_OVERWRITE_DONOR"),
        ({"filepath": "", "overwrite_donor": True}, "ADDON_ARCHIVE_NOT_OVERWRITTEN"),
    ):
        _, error = call(bpy.ops.export_scene.forge_mesh, **kwargs)
        if code not in error:
            fail("archive", "refusal %s" % code, "error %r" % error)

    # Edited: Ranger_LOD0 scaled by 1.5, Rock without its second material's faces.
    edits = {}
    for o in archive_objects(grw["archive"]):
        me = o.data
        if o["forge_resource_name"] == "Ranger_LOD0":
            for v in me.vertices:
                v.co *= 1.5
            edits["scaled"] = o["forge_resource_id"]
        elif o["forge_resource_name"] == "Rock":
            delete_faces_of_material(me, 1)
            edits.update(
                deleted=o["forge_resource_id"],
                triangles=len(me.polygons),
                material=me.materials[1].name,
            )
    select_only(archive_objects(grw["archive"]))
    result, error = call(bpy.ops.export_scene.forge_mesh, filepath="")
    last = addon.export_op.LAST[0] if addon.export_op.LAST else {}
    if result != {"FINISHED"} or not last.get("ok"):
        fail("archive", "edited export", "%s %r %s" % (result, error, last.get("error")))
    edits.update(archive=grw["archive"], output=last.get("written"), lines=last.get("lines"))
    for a in M["archives"]:
        if digest(a["archive"]) != digests[a["archive"]]:
            fail("archive", "original", "%s was written" % a["archive"])
    return {"unedited": unedited, "edited": edits, "sws": sws_forge(addon, sws)}


def sws_forge(addon, sws):
    """The version-25 SWS forge: every mesh imported, exported unedited (the archive's own
    bytes), then the skinned mesh scaled by 1.5 and exported again (run.sh checks that only its
    entry changed)."""
    bpy.ops.wm.read_homefile(use_empty=True)
    result, error, got = import_archive(addon, sws, "")
    if result != {"FINISHED"} or got != sorted(m["id"] for m in sws["meshes"]):
        fail("sws forge", "import of every mesh", "%s %r: resources %s" % (result, error, got))
    select_only(archive_objects(sws["archive"]))
    result, error = call(bpy.ops.export_scene.forge_mesh, filepath="")
    last = addon.export_op.LAST[0] if addon.export_op.LAST else {}
    written = last.get("written")
    same = bool(written) and digest(written) == digest(sws["archive"])
    if result != {"FINISHED"} or not last.get("ok") or not same:
        fail("sws forge", "unedited export", "%s %r %s" % (result, error, last.get("error")))
    if written and os.path.exists(written):
        os.remove(written)
    scaled = None
    for o in archive_objects(sws["archive"]):
        if o["forge_resource_name"] == "Skater_Palettes":
            for v in o.data.vertices:
                v.co *= 1.5
            scaled = o["forge_resource_id"]
    select_only(archive_objects(sws["archive"]))
    result, error = call(bpy.ops.export_scene.forge_mesh, filepath="")
    last = addon.export_op.LAST[0] if addon.export_op.LAST else {}
    if result != {"FINISHED"} or not last.get("ok"):
        fail("sws forge", "edited export", "%s %r %s" % (result, error, last.get("error")))
    return {
        "archive": sws["archive"],
        "unedited_identical": same,
        "output": last.get("written"),
        "scaled": scaled,
    }


def main():
    start = time.perf_counter()
    addon = install()
    checks = load_check_import()
    warnings = import_all(addon, checks)
    print(
        "addon: imported %d samples (%d warnings reported) in %.1f s"
        % (len(M["samples"]), warnings, time.perf_counter() - start),
        flush=True,
    )
    import_folder_and_junk(addon)
    check_donors_after_reopen()
    exports = export_all(addon)
    print(
        "addon: exported %d samples, %.1f s so far" % (len(exports), time.perf_counter() - start),
        flush=True,
    )
    refusals()
    edited = edit(addon)
    through_archives = archives(addon)
    print("addon: archives done, %.1f s so far" % (time.perf_counter() - start), flush=True)
    with open(ARGS[1], "w") as f:
        json.dump(
            {
                "exports": exports,
                "edit": edited,
                "archives": through_archives,
                "failures": FAILURES,
            },
            f,
            indent=1,
        )
    print(
        "addon: Blender part %s in %.1f s"
        % ("FAILED" if FAILURES else "ok", time.perf_counter() - start)
    )
    sys.exit(1 if FAILURES else 0)


main()
