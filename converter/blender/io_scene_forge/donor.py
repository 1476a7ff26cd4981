"""The custom properties that tie a Blender object to the game file it came from. They are
ID properties of the object, so they are saved in the .blend and survive reopening it."""

import os

PATH = "forge_donor"  # absolute path of the game mesh file
FORMAT = "forge_format"  # the format name forge2gltf's detection gave
OBJECT_ID = "forge_object_id"  # the source object id convert wrote into the glb's extras
# An object from a forge archive: PATH is the archive, these name its resource.
RESOURCE_ID = "forge_resource_id"  # "0x" and 16 hex digits, as forge2gltf prints it
RESOURCE_NAME = "forge_resource_name"


def remember(obj, path, fmt, object_id):
    obj[PATH] = os.path.abspath(path)
    obj[FORMAT] = fmt or ""
    obj[OBJECT_ID] = object_id or ""


def remember_resource(obj, resource_id, name):
    obj[RESOURCE_ID] = resource_id
    obj[RESOURCE_NAME] = name or ""


def resource_of(obj):
    """The archive resource id of an object ("0x..."), or None for a loose mesh file."""
    rid = obj.get(RESOURCE_ID)
    return rid if isinstance(rid, str) and rid else None


def of(obj):
    """The donor path of an object, or None."""
    path = obj.get(PATH)
    return path if isinstance(path, str) and path else None


def describe(obj):
    return {
        "path": of(obj),
        "format": obj.get(FORMAT, ""),
        "object_id": obj.get(OBJECT_ID, ""),
        "resource_id": resource_of(obj),
    }
