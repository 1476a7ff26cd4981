"""The add-on's one preference: which forge2gltf binary to run."""

import bpy

from . import runner


def binary(context):
    prefs = context.preferences.addons[__package__].preferences
    return runner.find_binary(prefs.binary)


def binary_or_report(operator, context):
    """The binary, or None once OPERATOR has reported why (ADDON_NO_BINARY)."""
    try:
        return binary(context)
    except runner.ForgeError as e:
        operator.report({"ERROR"}, str(e))
        return None


# Outside the class body: flake8 reads strings inside annotations as type names.
BINARY = dict(
    name="forge2gltf binary",
    description="Path of the forge2gltf executable; empty: forge2gltf in PATH, else the "
    "build/forge2gltf of the repository the add-on was packaged from",
    subtype="FILE_PATH",
    default="",
)


class ForgePreferences(bpy.types.AddonPreferences):
    bl_idname = __package__

    binary: bpy.props.StringProperty(**BINARY)

    def draw(self, context):
        self.layout.prop(self, "binary")
        try:
            self.layout.label(text="Runs: %s" % runner.find_binary(self.binary), icon="CHECKMARK")
        except runner.ForgeError as e:
            self.layout.label(text=str(e), icon="ERROR")
