"""Forge mesh import/export for Blender: File > Import > Forge mesh runs forge2gltf convert
and imports the glbs; File > Export > Forge mesh writes the selection back through
forge2gltf import with the remembered donor. Only Blender's bundled Python is used."""

bl_info = {
    "name": "Forge mesh (forge2gltf)",
    "author": "forge2gltf",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import > Forge mesh, File > Export > Forge mesh",
    "description": "Forge-engine game meshes in and out of Blender through forge2gltf "
    "(the formats its registry reads)",
    "category": "Import-Export",
}

if "bpy" in locals():  # Blender's "Reload Scripts"
    import importlib

    for _module in (runner, donor, colours, summary, preferences, import_op, export_op):  # noqa: F821
        importlib.reload(_module)
else:
    from . import colours, donor, export_op, import_op, preferences, runner, summary  # noqa: F401

import bpy  # noqa: E402

CLASSES = (
    preferences.ForgePreferences,
    import_op.IMPORT_SCENE_OT_forge_mesh,
    export_op.EXPORT_SCENE_OT_forge_mesh,
)


def register():
    for cls in CLASSES:
        bpy.utils.register_class(cls)
    bpy.types.TOPBAR_MT_file_import.append(import_op.menu)
    bpy.types.TOPBAR_MT_file_export.append(export_op.menu)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(export_op.menu)
    bpy.types.TOPBAR_MT_file_import.remove(import_op.menu)
    for cls in reversed(CLASSES):
        bpy.utils.unregister_class(cls)
