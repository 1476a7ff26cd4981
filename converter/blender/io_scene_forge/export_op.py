"""File > Export > Forge mesh: for each donor among the selected objects, Blender's glTF
exporter with the options import needs, then forge2gltf import with that donor. Objects from a
forge archive go back into a copy of it (`<stem>_edited.forge` by default, never the
original): one import --id per selected resource, each into the previous one's output."""

import filecmp
import os
import shutil
import tempfile

import bpy
from bpy_extras.io_utils import ExportHelper

from . import donor, preferences, runner, summary

# Why each: forge2gltf import matches by names and stored values, so the glb must carry
# what Blender's defaults leave out.
GLTF_EXPORT_OPTIONS = dict(
    export_format="GLB",
    use_selection=True,  # only this donor's objects (the caller selects them)
    export_extras=True,  # mesh extras keep source.objectId: import checks it against the donor
    export_all_influences=True,  # the default caps skins at 4; the games store up to 8
    # Off: Blender keeps no imported tangents and would send MikkTSpace ones of its own,
    # which no donor vertex matches (3 of 32 samples byte-identical instead of 32). Without
    # them import keeps each matched vertex's stored tangent and computes the new ones.
    export_tangents=False,
    export_morph=True,  # shape keys are the donor's morph targets (a missing one is refused)
    # Off for the same reason: Blender recomputes shape-key normals from the deformed shape,
    # so the donor's stored morph normals never come back (morph_submeshes re-encoded).
    export_morph_normal=False,
    export_skins=True,
    export_colors=True,
    export_normals=True,
    export_texcoords=True,
    export_materials="EXPORT",  # material names carry the donor's material ids
    export_apply=False,  # applying the armature modifier would bake the pose into the vertices
    export_animations=False,  # the rest pose only: no sampled actions
    export_yup=True,  # forge2gltf undoes the Y-up turn as it undoes its own root node's
    export_cameras=False,
    export_lights=False,
    will_save_settings=False,
)

LAST = []  # per donor: {"donor", "written", "ok", "error", "summary", "warnings", "lines"}


def _ancestors(obj):
    while obj.parent:
        obj = obj.parent
        yield obj


def groups_of(context, selected):
    """{donor path: objects to export} and the selected meshes that have no donor. A donor's
    armature and the objects above its meshes (forge2gltf's root node) go along."""
    groups, orphans = {}, []
    for obj in selected:
        path = donor.of(obj)
        if path is None:
            if obj.type == "MESH":
                orphans.append(obj)
            continue
        groups.setdefault(path, set()).add(obj)
    for path, objs in groups.items():
        if not any(o.type == "MESH" for o in objs):  # an armature alone: take its meshes
            resources = {donor.resource_of(o) for o in objs}
            objs.update(
                o
                for o in context.scene.objects
                if o.type == "MESH" and donor.of(o) == path and donor.resource_of(o) in resources
            )
        for obj in list(objs):
            objs.update(_ancestors(obj))
            for mod in getattr(obj, "modifiers", []):
                if mod.type == "ARMATURE" and mod.object:
                    objs.add(mod.object)
                    objs.update(_ancestors(mod.object))
    return groups, orphans


def destination(op, path, several):
    """Where the new mesh of donor PATH goes: over the donor only with overwrite_donor; a
    folder: FOLDER/<stem><suffix><ext>; a file (one donor); else next to the donor."""
    stem, ext = os.path.splitext(os.path.basename(path))
    own = stem + op.suffix + ext
    if op.overwrite_donor:
        return path
    chosen = bpy.path.abspath(op.filepath) if op.filepath else ""
    if chosen and (os.path.isdir(chosen) or chosen.endswith(os.sep)):
        return os.path.join(chosen, own)
    if chosen and not several:
        return os.path.abspath(chosen)
    if chosen:
        raise runner.ForgeError(
            "ADDON_ONE_FILE_MANY_DONORS",
            "%s is one file for several donors; choose a folder or leave the path empty" % chosen,
        )
    return os.path.join(os.path.dirname(path), own)


def _same_file(a, b):
    if os.path.abspath(a) == os.path.abspath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def export_glb(context, objects, glb, extra):
    """Blender's glTF exporter on OBJECTS only; the selection is restored afterwards."""
    view_layer = context.view_layer
    selected = [o for o in view_layer.objects if o.select_get()]
    active = view_layer.objects.active
    try:
        for obj in view_layer.objects:
            obj.select_set(obj in objects)
        view_layer.objects.active = next(o for o in objects if o.type == "MESH")
        options = dict(GLTF_EXPORT_OPTIONS, **extra)
        bpy.ops.export_scene.gltf(filepath=glb, **options)
    finally:
        for obj in view_layer.objects:
            obj.select_set(obj in selected)
        view_layer.objects.active = active


def _blender_options(op):
    return {
        "export_tangents": op.blender_tangents,
        "export_morph_normal": op.blender_morph_normals,
    }


def _move_into_place(new, target):
    """NEW (a file in the work folder) copied next to TARGET, then renamed over it."""
    staged = target + ".forge-export"
    try:
        os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
        shutil.copyfile(new, staged)
        os.replace(staged, target)
    except OSError as e:
        if os.path.exists(staged):
            os.remove(staged)
        raise runner.ForgeError("ADDON_WRITE_FAILED", "%s: %s" % (target, e.strerror or e))


def _finish(op, outcome, new, path, target):
    """NEW (what import wrote in the work folder) moved to TARGET, unless a dry run."""
    if op.dry_run:
        outcome["ok"] = True
        return
    identical = filecmp.cmp(new, path, shallow=False)
    _move_into_place(new, target)
    outcome.update(ok=True, written=target, identical=identical)


def _caught(outcome, e):
    if isinstance(e, runner.ForgeError):
        outcome["error"] = {"code": e.code, "message": e.message}
    else:  # the glTF exporter's own failure
        outcome["error"] = {"code": "ADDON_GLTF_EXPORT", "message": str(e).strip()}


def export_archive(op, context, binary, path, objects, several, work):
    """The objects of archive PATH: each selected resource's glb imported with --id, the first
    into a copy of PATH, each next one into the previous output; the last output moved into
    place. Nothing is written unless every resource's import succeeds."""
    outcome = {"donor": path, "written": None, "ok": False, "error": None, "warnings": []}
    outcome["resources"] = []
    try:
        if op.overwrite_donor:
            raise runner.ForgeError(
                "ADDON_ARCHIVE_NOT_OVERWRITTEN",
                "%s is an archive: the edits go into a copy of it, never over the original"
                % os.path.basename(path),
            )
        target = destination(op, path, several)
        if _same_file(target, path):
            raise runner.ForgeError(
                "ADDON_WOULD_OVERWRITE_DONOR", "%s is the archive the objects came from" % target
            )
        by_resource = {}
        for obj in objects:
            rid = donor.resource_of(obj)
            if rid:
                by_resource.setdefault(rid, set()).add(obj)
        chosen = [r for r in sorted(by_resource) if any(o.type == "MESH" for o in by_resource[r])]
        if not chosen:
            raise runner.ForgeError("ADDON_NOTHING_SELECTED", "no mesh of %s in the scene" % path)
        current = path
        for n, rid in enumerate(chosen):
            objs = by_resource[rid]
            name = next((o.get(donor.RESOURCE_NAME) for o in objs if o.type == "MESH"), "")
            glb = os.path.join(work, "edited-%d.glb" % n)
            export_glb(context, objs, glb, _blender_options(op))
            new = os.path.join(work, "step-%d.forge" % n)
            result = runner.import_mesh(binary, glb, current, new, op.drop_submeshes, rid)
            row = {
                "resource_id": rid,
                "name": name,
                "ok": bool(result.get("ok")),
                "summary": result.get("summary") or {},
                "warnings": result.get("warnings") or [],
            }
            outcome["resources"].append(row)
            outcome["warnings"] += row["warnings"]
            if not row["ok"]:
                error = result.get("error") or {}
                raise runner.ForgeError(
                    error.get("code", "ADDON_IMPORT_FAILED"),
                    "resource %s '%s': %s" % (rid, name, error.get("message", "")),
                )
            current = new
        _finish(op, outcome, current, path, target)
    except (runner.ForgeError, RuntimeError) as e:
        _caught(outcome, e)
    return outcome


def export_donor(op, context, binary, path, objects, several, work):
    """One donor: its outcome for LAST. Nothing is written unless forge2gltf import succeeds;
    then its output is moved into place in one rename."""
    outcome = {"donor": path, "written": None, "ok": False, "error": None, "warnings": []}
    try:
        target = destination(op, path, several)
        if _same_file(target, path) and not op.overwrite_donor:
            raise runner.ForgeError(
                "ADDON_WOULD_OVERWRITE_DONOR",
                "%s is the donor; set overwrite_donor to replace it" % target,
            )
        if not any(o.type == "MESH" for o in objects):
            raise runner.ForgeError("ADDON_NOTHING_SELECTED", "no mesh of %s in the scene" % path)
        glb = os.path.join(work, "edited.glb")
        export_glb(context, objects, glb, _blender_options(op))
        new = os.path.join(work, "new" + os.path.splitext(path)[1])
        result = runner.import_mesh(binary, glb, path, new, op.drop_submeshes)
        outcome["summary"] = result.get("summary") or {}
        outcome["warnings"] = result.get("warnings") or []
        if not result.get("ok"):
            error = result.get("error") or {}
            raise runner.ForgeError(
                error.get("code", "ADDON_IMPORT_FAILED"), error.get("message", "")
            )
        _finish(op, outcome, new, path, target)
    except (runner.ForgeError, RuntimeError) as e:
        _caught(outcome, e)
    return outcome


# The operator's options. Property arguments live outside the class body because flake8
# reads strings inside annotations as type names.
ANY_FILE, HIDDEN = "*", {"HIDDEN"}
SUFFIX = dict(
    name="Suffix",
    description="Added to the donor's name for the default output next to it",
    default="_edited",
)
OVERWRITE_DONOR = dict(
    name="Overwrite donor",
    description="Write over the original game file (otherwise refused; never for an archive)",
    default=False,
)
DROP_SUBMESHES = dict(
    name="Drop SubMeshes",
    description="A mesh with SubMeshes (CPU-side copies) whose topology changed is written "
    "without them (forge2gltf import --drop-submeshes) instead of being refused",
    default=False,
)
BLENDER_TANGENTS = dict(
    name="Blender's tangents",
    description="Send the tangents Blender computes (MikkTSpace) instead of keeping the "
    "donor's on unedited vertices and computing the edited ones in forge2gltf",
    default=False,
)
BLENDER_MORPH_NORMALS = dict(
    name="Blender's shape-key normals",
    description="Send the shape-key normals Blender computes from each deformed shape instead "
    "of keeping the donor's stored morph normals",
    default=False,
)
DRY_RUN = dict(name="Dry run", description="Show the match table, write nothing", default=False)


class EXPORT_SCENE_OT_forge_mesh(bpy.types.Operator, ExportHelper):
    """Write the selected imported objects back into their game files through forge2gltf
    import (the donor gives every field, Blender the geometry)"""

    bl_idname = "export_scene.forge_mesh"
    bl_label = "Export Forge mesh"
    bl_options = {"REGISTER"}

    filename_ext = ""
    check_extension = None  # the donor's extension, whatever it is
    filter_glob: bpy.props.StringProperty(default=ANY_FILE, options=HIDDEN)
    suffix: bpy.props.StringProperty(**SUFFIX)
    overwrite_donor: bpy.props.BoolProperty(**OVERWRITE_DONOR)
    drop_submeshes: bpy.props.BoolProperty(**DROP_SUBMESHES)
    blender_tangents: bpy.props.BoolProperty(**BLENDER_TANGENTS)
    blender_morph_normals: bpy.props.BoolProperty(**BLENDER_MORPH_NORMALS)
    dry_run: bpy.props.BoolProperty(**DRY_RUN)

    def invoke(self, context, _event):
        groups, _ = groups_of(context, context.selected_objects)
        if len(groups) == 1:
            path = next(iter(groups))
            stem, ext = os.path.splitext(path)
            self.filepath = stem + self.suffix + ext
        elif groups:
            self.filepath = os.path.dirname(next(iter(groups))) + os.sep
        context.window_manager.fileselect_add(self)
        return {"RUNNING_MODAL"}

    def execute(self, context):
        LAST.clear()
        binary = preferences.binary_or_report(self, context)
        if binary is None:
            return {"CANCELLED"}
        if context.object and context.object.mode != "OBJECT":
            bpy.ops.object.mode_set(mode="OBJECT")  # edit-mode changes reach the mesh data
        groups, orphans = groups_of(context, context.selected_objects)
        for obj in orphans:
            self.report(
                {"ERROR"},
                "ADDON_NO_DONOR: %s has no donor properties (%s); import it with "
                "File > Import > Forge mesh" % (obj.name, donor.PATH),
            )
        if not groups:
            if not orphans:
                self.report({"ERROR"}, "ADDON_NOTHING_SELECTED: select imported Forge objects")
            return {"CANCELLED"}
        all_lines = []
        for path in sorted(groups):
            work = tempfile.mkdtemp(prefix="forge-export-")
            archive = any(donor.resource_of(o) for o in groups[path])
            try:
                outcome = (export_archive if archive else export_donor)(
                    self, context, binary, path, groups[path], len(groups) > 1, work
                )
            finally:
                shutil.rmtree(work, ignore_errors=True)
            outcome["lines"] = summary.lines(outcome)
            LAST.append(outcome)
            all_lines += outcome["lines"]
            name = os.path.basename(path)
            for w in outcome["warnings"]:
                self.report({"WARNING"}, "%s: %s: %s" % (name, w.get("code"), w.get("message")))
            if outcome["error"]:
                e = outcome["error"]
                self.report({"ERROR"}, "%s: %s: %s" % (name, e["code"], e["message"]))
            else:
                self.report({"INFO"}, " | ".join(outcome["lines"]))
        summary.show(context, "Forge export", all_lines, bpy.app.background)
        return {"FINISHED"} if any(o["ok"] for o in LAST) else {"CANCELLED"}


def menu(self, _context):
    self.layout.operator(EXPORT_SCENE_OT_forge_mesh.bl_idname, text="Forge mesh")
