"""Forge mesh import/export for Blender: File > Import > Forge mesh runs forge2gltf convert
and imports the glbs; File > Export > Forge mesh writes the selection back through
forge2gltf import with the remembered donor. Only Blender's bundled Python is used."""

import importlib

import bpy

from . import colours, donor, export_op, import_op, preferences, runner, summary

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

if "_loaded" in globals():  # Blender's Reload Scripts: the operators see the new modules
    for _module in (runner, donor, colours, summary, preferences, import_op, export_op):
        importlib.reload(_module)
_loaded = True

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
