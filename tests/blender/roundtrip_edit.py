# Runs inside Blender 3.4 (tests/blender/identity.sh): one small real edit of a converted
# .glb, exported with the exporter's default settings, as a modder's File > Import > glTF,
# the edit, File > Export > glTF 2.0 would. The edit must be seen by `forge2gltf import`.
#   -- SRC.glb DST.glb EDIT    EDIT: "moved" (vertex 5 raised by 0.01 along Blender's Z) or
#                              "uv" (every face corner of vertex 5 shifted by 0.01 in U)
import sys

import bpy

src, dst, edit = sys.argv[sys.argv.index("--") + 1 :]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=src)
mesh = next(o for o in bpy.context.scene.objects if o.type == "MESH").data
if edit == "moved":
    mesh.vertices[5].co.z += 0.01
elif edit == "uv":
    uv = mesh.uv_layers[0].data
    for loop in mesh.loops:
        if loop.vertex_index == 5:
            uv[loop.index].uv.x += 0.01
else:
    raise SystemExit("roundtrip_edit: unknown edit " + edit)
mesh.update()
bpy.ops.export_scene.gltf(filepath=dst, export_format="GLB")
print("roundtrip_edit:", edit, "exported", dst)
