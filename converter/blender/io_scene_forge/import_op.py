"""File > Import > Forge mesh: forge2gltf convert into a temporary folder, then Blender's glTF
importer on every glb, one collection per input, each object remembering its donor. A forge
archive is an input too: its Mesh resources whose names match the filter (all by default),
each object remembering the archive and its resource id."""

import fnmatch
import os
import shutil
import tempfile

import bpy
from bpy_extras.io_utils import ImportHelper

from . import colours, donor, preferences, runner

# The glTF importer's options that keep what forge2gltf wrote. Custom properties (extras)
# and shape keys (with their targetNames) are always imported by Blender 3.4.
GLTF_IMPORT_OPTIONS = dict(
    merge_vertices=False,  # keeps glTF's vertex split, so unedited vertices match the donor's
    import_shading="NORMALS",  # the stored normals, not recomputed ones
    bone_heuristic="BLENDER",  # bones keep the glTF joints' orientation (no re-aiming at children)
    guess_original_bind_pose=True,  # the glb's default pose is the bind pose: no change
    import_pack_images=True,
)

LAST = []  # per input: {"input", "collection", "objects", "errors", "warnings"}, for scripts


def inputs_of(op):
    """The paths the file browser (or a script) gave: selected files, else the file path,
    else the folder itself (a folder opened with no file selected)."""
    folder = op.directory or os.path.dirname(op.filepath)
    names = [f.name for f in op.files if f.name]
    if names:
        return [os.path.abspath(os.path.join(folder, n)) for n in names]
    if op.filepath:
        return [os.path.abspath(op.filepath)]
    if op.directory:
        return [os.path.abspath(op.directory)]
    return []


def _collection(name, parent):
    coll = bpy.data.collections.new(name)
    parent.children.link(coll)
    return coll


def import_glb(glb, coll):
    """Blender's glTF importer, then its new objects moved into COLL (Blender 3.4's importer
    links them to the scene's master collection)."""
    before = set(bpy.data.objects)
    bpy.ops.import_scene.gltf(filepath=glb, **GLTF_IMPORT_OPTIONS)
    objects = [o for o in bpy.data.objects if o not in before]
    for obj in objects:
        for other in list(obj.users_collection):
            other.objects.unlink(obj)
        coll.objects.link(obj)
    return objects


def _import_converted(entry, target, source, outcome, label, resource=None):
    """One converted row of convert's report: its glb into TARGET, each object remembering
    its donor (SOURCE; for an archive also the resource {"id", "name"})."""
    try:
        objects = import_glb(entry["output"], target)
    except RuntimeError as e:  # the glTF importer's own failure: this file only
        outcome["errors"].append("%s: ADDON_GLTF_IMPORT: %s" % (label, str(e).strip()))
        return
    source_block = runner.glb_source(entry["output"])
    fmt = entry.get("format") or source_block.get("format", "")
    for obj in objects:
        donor.remember(obj, source, fmt, source_block.get("objectId", ""))
        if resource:
            donor.remember_resource(obj, resource["id"], resource["name"])
        if obj.type == "MESH" and not colours.restore(obj.data, entry["output"]):
            outcome["warnings"].append(
                "%s: ADDON_COLOURS_ROUNDED: vertex colours kept as Blender rounded them" % label
            )
    outcome["objects"].extend(o.name for o in objects)


def _failed(entry, label, outcome):
    """The warnings of a row; True (its error reported) when it was not converted."""
    for w in entry.get("warnings") or []:
        outcome["warnings"].append("%s: %s: %s" % (label, w.get("code"), w.get("message")))
    if entry.get("status") == "converted":
        return False
    error = entry.get("error") or {}
    if error:
        outcome["errors"].append("%s: %s: %s" % (label, error.get("code"), error.get("message")))
    return True


def import_source(binary, source, parent, work, pattern=""):
    """One input (a file, a folder or an archive): its outcome for LAST."""
    if not os.path.isdir(source) and runner.is_archive(source):
        return import_archive(binary, source, parent, work, pattern)
    outcome = {"input": source, "collection": None, "objects": [], "errors": [], "warnings": []}
    name = os.path.basename(source.rstrip(os.sep)) or source
    try:
        entries = runner.convert(binary, source, work)
    except runner.ForgeError as e:
        outcome["errors"].append("%s: %s" % (name, e))
        return outcome
    folder = os.path.isdir(source)
    coll = None
    for entry in entries:
        label = os.path.relpath(entry["input"], source) if folder else name
        if _failed(entry, label, outcome):
            continue
        if coll is None:
            coll = _collection(name, parent)
            outcome["collection"] = coll.name
        target = _collection(label, coll) if folder else coll
        _import_converted(entry, target, entry["input"], outcome, label)
    return outcome


def matches(name, pattern):
    """The resource filter: comma-separated parts, each a shell pattern (* ? [..]) or, without
    one, a part of the name; case-insensitive. An empty filter takes every mesh."""
    parts = [p.strip().lower() for p in (pattern or "").split(",") if p.strip()]
    if not parts:
        return True
    name = name.lower()
    return any(
        fnmatch.fnmatchcase(name, p) if any(c in p for c in "*?[") else p in name for p in parts
    )


def import_archive(binary, archive, parent, work, pattern):
    """A forge archive: `forge2gltf ls --json` names its meshes, `forge2gltf convert` writes
    the glbs (every mesh: convert has no resource filter), and the ones whose names match
    PATTERN are imported, one collection per archive and one child per resource
    ("<entry>/<resource>")."""
    outcome = {"input": archive, "collection": None, "objects": [], "errors": [], "warnings": []}
    name = os.path.basename(archive)
    try:
        chosen = {m["id"]: m for m in runner.archive_meshes(binary, archive)}
        listed = len(chosen)
        chosen = {k: m for k, m in chosen.items() if matches(m["name"], pattern)}
        if not chosen:
            raise runner.ForgeError(
                "ADDON_NO_MATCHING_RESOURCE",
                "none of its %d Mesh resources is named like %r" % (listed, pattern),
            )
        entries = runner.convert(binary, archive, work)
    except runner.ForgeError as e:
        outcome["errors"].append("%s: %s" % (name, e))
        return outcome
    coll = _collection(name, parent)
    outcome["collection"] = coll.name
    for entry in entries:
        resource = chosen.get(entry.get("resource_id"))
        label = "%s:%s" % (name, entry.get("input", "").rpartition(":")[2])
        if resource is None:  # another mesh, or an entry that did not read (a warning)
            error = entry.get("error") or {}
            if entry.get("resource_id") is None and error:
                outcome["warnings"].append(
                    "%s: %s: %s" % (label, error.get("code"), error.get("message"))
                )
            continue
        if _failed(entry, label, outcome):
            continue
        target = _collection("%s/%s" % (resource["entry"], resource["name"]), coll)
        _import_converted(entry, target, archive, outcome, label, resource)
    if not outcome["objects"]:
        bpy.data.collections.remove(coll)
        outcome["collection"] = None
    return outcome


# Property arguments outside the class body: flake8 reads strings inside annotations as
# type names.
ANY_FILE, HIDDEN, PASSED, FOLDER = "*", {"HIDDEN"}, {"HIDDEN", "SKIP_SAVE"}, "DIR_PATH"
RESOURCE_FILTER = dict(
    name="Resources",
    description="For a .forge archive: the Mesh resources to import by name, comma-separated "
    "parts, each a pattern (* ?) or a part of the name; empty: every mesh",
    default="",
)


class IMPORT_SCENE_OT_forge_mesh(bpy.types.Operator, ImportHelper):
    """Import forge-engine game meshes through forge2gltf (any extension: detected by
    content)"""

    bl_idname = "import_scene.forge_mesh"
    bl_label = "Import Forge mesh"
    bl_options = {"REGISTER", "UNDO"}

    filename_ext = ""
    filter_glob: bpy.props.StringProperty(default=ANY_FILE, options=HIDDEN)
    files: bpy.props.CollectionProperty(type=bpy.types.OperatorFileListElement, options=PASSED)
    directory: bpy.props.StringProperty(subtype=FOLDER, options=PASSED)
    resource_filter: bpy.props.StringProperty(**RESOURCE_FILTER)

    def execute(self, context):
        LAST.clear()
        binary = preferences.binary_or_report(self, context)
        if binary is None:
            return {"CANCELLED"}
        sources = inputs_of(self)
        if not sources:
            self.report({"ERROR"}, "ADDON_NO_INPUT: no file or folder given")
            return {"CANCELLED"}
        if context.object and context.object.mode != "OBJECT":
            bpy.ops.object.mode_set(mode="OBJECT")
        imported = failed = 0
        for source in sources:
            work = tempfile.mkdtemp(prefix="forge-import-")
            try:
                outcome = import_source(
                    binary, source, context.scene.collection, work, self.resource_filter
                )
            finally:
                shutil.rmtree(work, ignore_errors=True)
            LAST.append(outcome)
            for w in outcome["warnings"]:
                self.report({"WARNING"}, w)
            for e in outcome["errors"]:
                self.report({"ERROR"}, e)
            failed += len(outcome["errors"])
            imported += bool(outcome["objects"])
        objects = [bpy.data.objects[n] for o in LAST for n in o["objects"]]
        if objects:
            for obj in context.view_layer.objects:
                obj.select_set(obj in objects)
            meshes = [o for o in objects if o.type == "MESH"]
            context.view_layer.objects.active = meshes[0] if meshes else objects[0]
        self.report(
            {"INFO"},
            "Forge import: %d of %d inputs imported (%d objects), %d failures"
            % (imported, len(sources), len(objects), failed),
        )
        return {"FINISHED"} if objects else {"CANCELLED"}


def menu(self, _context):
    self.layout.operator(IMPORT_SCENE_OT_forge_mesh.bl_idname, text="Forge mesh")
