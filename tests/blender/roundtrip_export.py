# Runs inside Blender 3.4 (tests/blender/import_roundtrip.sh): every .glb of SRC imported
# into an empty scene and exported again with the exporter's default settings, as a modder's
# unedited File > Import > glTF, File > Export > glTF 2.0 would, into DST under its name.
import os
import sys

import bpy

src, dst = sys.argv[sys.argv.index("--") + 1 :]
os.makedirs(dst, exist_ok=True)
for name in sorted(os.listdir(src)):
    if not name.endswith(".glb"):
        continue
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=os.path.join(src, name))
    bpy.ops.export_scene.gltf(filepath=os.path.join(dst, name), export_format="GLB")
    print("roundtrip: exported", name)
