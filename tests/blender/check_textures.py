"""Imports textured .glb files in Blender 3.4 and checks the materials show their images:
the Principled BSDF's Base Color comes from an Image Texture node holding the glb's base
colour image (its size), and Normal from a Normal Map node fed by an Image Texture holding the
normal image. Then (with "addon" in the manifest) the add-on imports an archive and exports
it unedited after a texture was put on a material: the add-on must not fail on images and
the copy must keep the archive's bytes (forge2gltf import ignores textures).

Run inside Blender (textures.sh does this):
  blender -b --factory-startup --python-expr "<numpy shim; exec this file>" -- MANIFEST.json

MANIFEST.json: {"glbs": [{"name": ..., "glb": ...}], "addon": {"zip", "forge2gltf",
"archive", "result"} (optional)}. Exit status 1 on any failure.
"""

import json
import re
import struct
import sys

import bpy

FAILURES = []


def fail(name, prop, message):
    FAILURES.append((name, prop, message))
    print("FAIL %s: %s: %s" % (name, prop, message), flush=True)


def read_glb(path):
    """The JSON and BIN chunks of a .glb."""
    with open(path, "rb") as f:
        data = f.read()
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


def image_sizes(gltf, binary):
    """Each glTF image's (width, height), from its PNG header (IHDR)."""
    sizes = []
    for img in gltf.get("images", []):
        view = gltf["bufferViews"][img["bufferView"]]
        start = view.get("byteOffset", 0)
        sizes.append(struct.unpack_from(">II", binary, start + 16))
    return sizes


def upstream(socket, kinds, through=("MIX_RGB", "MIX")):
    """The node of a type in KINDS that feeds SOCKET, directly or through multiply nodes
    (Blender multiplies by the vertex colour when the primitive has COLOR_0): (node, the node
    types on the way) or (None, the types seen)."""
    seen = []
    node = socket.links[0].from_node if socket.is_linked else None
    if node is None:
        return None, seen
    seen.append(node.type)
    if node.type in kinds:
        return node, seen
    if node.type in through:
        for i in node.inputs:
            if i.is_linked and i.type == "RGBA":
                found, path = upstream(i, kinds, through)
                if found is not None:
                    return found, seen + path
                seen += path
    return None, seen


def principled(material):
    if not material or not material.use_nodes:
        return None
    nodes = [n for n in material.node_tree.nodes if n.type == "BSDF_PRINCIPLED"]
    return nodes[0] if len(nodes) == 1 else None


def check_material(name, material, want, sizes, direct):
    """MATERIAL (a Blender material) against WANT (its glTF material)."""
    bsdf = principled(material)
    if bsdf is None:
        fail(name, "Principled BSDF", "material %s has none (or several)" % material.name)
        return
    base = want.get("pbrMetallicRoughness", {}).get("baseColorTexture")
    if base is not None:
        size = sizes[want_texture_source(base)]
        node, path = upstream(bsdf.inputs["Base Color"], {"TEX_IMAGE"})
        if node is None or (direct and path != ["TEX_IMAGE"]):
            fail(
                name, "Base Color", "%s: linked from %s, expected TEX_IMAGE" % (material.name, path)
            )
        elif node.image is None or tuple(node.image.size) != tuple(size):
            got = tuple(node.image.size) if node.image else None
            fail(name, "Base Color image", "%s: size %s, glb image %s" % (material.name, got, size))
    normal = want.get("normalTexture")
    if normal is not None:
        size = sizes[want_texture_source(normal)]
        node, path = upstream(bsdf.inputs["Normal"], {"NORMAL_MAP"}, through=())
        if node is None:
            fail(name, "Normal", "%s: linked from %s, expected NORMAL_MAP" % (material.name, path))
            return
        tex, path = upstream(node.inputs["Color"], {"TEX_IMAGE"}, through=())
        if tex is None or tex.image is None:
            fail(name, "Normal Map input", "%s: fed by %s, not an image" % (material.name, path))
        elif tuple(tex.image.size) != tuple(size):
            fail(
                name,
                "Normal image",
                "%s: size %s, glb image %s" % (material.name, tuple(tex.image.size), size),
            )


TEXTURES = []  # the glTF "textures" of the glb being checked


def want_texture_source(info):
    return TEXTURES[info["index"]]["source"]


def check_glb(entry):
    """Imports entry["glb"]; every material of the glb that has a texture is checked on the
    Blender material named after it. Returns how many textured materials were checked."""
    name = entry["name"]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    gltf, binary = read_glb(entry["glb"])
    TEXTURES[:] = gltf.get("textures", [])
    sizes = image_sizes(gltf, binary)
    try:
        result = bpy.ops.import_scene.gltf(filepath=entry["glb"])
    except RuntimeError as e:
        fail(name, "import", str(e).strip().splitlines()[-1:])
        return 0
    if "FINISHED" not in result:
        fail(name, "import", "returned %s" % sorted(result))
        return 0
    # Vertex colours put a multiply between the texture and Base Color: allowed only then.
    coloured = any("COLOR_0" in p["attributes"] for m in gltf["meshes"] for p in m["primitives"])
    checked = 0
    by_name = {re.sub(r"\.\d{3}$", "", m.name): m for m in bpy.data.materials}
    for want in gltf.get("materials", []):
        if "normalTexture" not in want and "baseColorTexture" not in want.get(
            "pbrMetallicRoughness", {}
        ):
            continue
        material = by_name.get(want.get("name"))
        if material is None:
            fail(name, "material", "%s not in Blender (%s)" % (want.get("name"), sorted(by_name)))
            continue
        check_material(name, material, want, sizes, direct=not coloured)
        checked += 1
    print("%s: %d textured materials, %d images checked" % (name, checked, len(sizes)), flush=True)
    return checked


def textured_material(material, size=(8, 4)):
    """Puts a generated image on MATERIAL's Base Color and a Normal Map (what a user's edit
    in the Shading workspace makes)."""
    material.use_nodes = True
    tree = material.node_tree
    bsdf = principled(material)
    image = bpy.data.images.new("painted", *size)
    tex = tree.nodes.new("ShaderNodeTexImage")
    tex.image = image
    tree.links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    normal_tex = tree.nodes.new("ShaderNodeTexImage")
    normal_tex.image = bpy.data.images.new("painted_normal", 4, 4)
    normal_map = tree.nodes.new("ShaderNodeNormalMap")
    tree.links.new(normal_tex.outputs["Color"], normal_map.inputs["Color"])
    tree.links.new(normal_map.outputs["Normal"], bsdf.inputs["Normal"])


def check_addon(a):
    """The add-on: import the archive (materials through Blender's glTF importer), a texture
    put on every material, export unedited: finished, and the copy has the archive's bytes."""
    name = "add-on"
    bpy.ops.preferences.addon_install(filepath=a["zip"], overwrite=True)
    bpy.ops.preferences.addon_enable(module="io_scene_forge")
    bpy.context.preferences.addons["io_scene_forge"].preferences.binary = a["forge2gltf"]
    bpy.ops.wm.read_homefile(use_empty=True)
    addon = sys.modules["io_scene_forge"]
    result = bpy.ops.import_scene.forge_mesh(filepath=a["archive"], resource_filter="")
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    if result != {"FINISHED"} or not meshes:
        fail(name, "import", "%s, %d meshes" % (result, len(meshes)))
        return
    materials = {s.material for o in meshes for s in o.material_slots if s.material}
    imported_images = sum(1 for i in bpy.data.images if i.size[0])
    # The add-on imports through Blender's glTF importer: the archive's textures arrive.
    shown = sum(1 for m in materials if principled(m) and bsdf_has_image(m))
    if imported_images and not shown:
        fail(name, "import", "%d images imported, no material shows one" % imported_images)
    for m in materials:
        if principled(m) is None:
            fail(name, "material", "%s has no Principled BSDF" % m.name)
        elif not bsdf_has_image(m):
            textured_material(m)
    for obj in bpy.context.view_layer.objects:
        obj.select_set(obj in meshes)
    bpy.context.view_layer.objects.active = meshes[0]
    try:
        result = bpy.ops.export_scene.forge_mesh(filepath="")
    except RuntimeError as e:
        fail(name, "export", str(e).strip())
        return
    last = addon.export_op.LAST[0] if addon.export_op.LAST else {}
    if result != {"FINISHED"} or not last.get("ok"):
        fail(name, "export", "%s %s" % (result, last.get("error")))
    with open(a["result"], "w") as f:
        json.dump(
            {
                "written": last.get("written"),
                "identical": last.get("identical"),
                "meshes": len(meshes),
                "materials": len(materials),
                "images_imported": imported_images,
            },
            f,
        )
    print(
        "add-on: %d meshes, %d materials (%d with an image on Base Color, %d images came with "
        "the archive), exported: %s"
        % (len(meshes), len(materials), shown, imported_images, last.get("written")),
        flush=True,
    )


def bsdf_has_image(material):
    node, _ = upstream(principled(material).inputs["Base Color"], {"TEX_IMAGE"})
    return node is not None


def main():
    args = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
    if len(args) != 1:
        print("usage: blender -b --python-expr ... -- MANIFEST.json", file=sys.stderr)
        sys.exit(2)
    with open(args[0]) as f:
        manifest = json.load(f)
    checked = sum(check_glb(e) for e in manifest.get("glbs", []))
    if manifest.get("glbs") and not checked:
        fail("textures", "materials", "no textured material in %d glbs" % len(manifest["glbs"]))
    if "addon" in manifest:
        check_addon(manifest["addon"])
    print("%d textured materials checked, %d failures" % (checked, len(FAILURES)), flush=True)
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
