"""Renders docs/images/bone-names.png: a converted rig as Blender 3.4 imports it, each bone's
sphere labelled with the bone's name in Blender (scripts/bone-names-picture runs this).

Run inside Blender, headless (Cycles renders without a display):
  blender -b --factory-startup --python-expr "<numpy shim; exec this file>" -- GLB OUT.png

The names are read back from Blender's armature, not from the glb: the picture shows what a
modder sees. Each label also gives the bone's custom property name_hash.
"""

import sys

import bpy
from mathutils import Vector


def label(text, at, size):
    curve = bpy.data.curves.new("label", type="FONT")
    curve.body = text
    curve.size = size
    obj = bpy.data.objects.new("label", curve)
    obj.location = at
    obj.rotation_euler = (1.5708, 0, 0)  # face the camera on -Y
    bpy.context.scene.collection.objects.link(obj)
    return obj


def material(name, rgba, alpha=1.0):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    bsdf = m.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = rgba
    bsdf.inputs["Alpha"].default_value = alpha
    m.blend_method = "BLEND"
    return m


def main():
    glb, out = sys.argv[sys.argv.index("--") + 1 :][:2]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=glb, bone_heuristic="BLENDER")
    scene = bpy.context.scene
    arm = next(o for o in scene.objects if o.type == "ARMATURE")
    skin = material("skin", (0.35, 0.45, 0.6, 1), 0.45)
    for o in scene.objects:
        if o.type == "MESH":
            o.data.materials.clear()
            o.data.materials.append(skin)
    joint = material("joint", (0.95, 0.3, 0.05, 1))
    ink = material("ink", (0.02, 0.02, 0.02, 1))
    heads = []
    for b in arm.data.bones:
        at = arm.matrix_world @ b.head_local
        heads.append(at)
        bpy.ops.mesh.primitive_uv_sphere_add(radius=0.035, location=at)
        bpy.context.object.data.materials.append(joint)
        text = "%s   (name_hash %s)" % (b.name, b.get("name_hash", "?"))
        lab = label(text, at + Vector((0.25, -0.3, -0.02)), 0.06)
        lab.data.materials.append(ink)
    top = max(h.z for h in heads)
    bottom = min(h.z for h in heads)
    mid = (top + bottom) / 2
    cam = bpy.data.objects.new("camera", bpy.data.cameras.new("camera"))
    cam.data.type = "ORTHO"
    cam.data.ortho_scale = (top - bottom) * 1.35 + 0.8
    cam.location = (0.55, -5, mid)
    cam.rotation_euler = (1.5708, 0, 0)
    scene.collection.objects.link(cam)
    scene.camera = cam
    sun = bpy.data.objects.new("sun", bpy.data.lights.new("sun", type="SUN"))
    sun.rotation_euler = (0.9, 0.2, 0.3)
    sun.data.energy = 2
    scene.collection.objects.link(sun)
    world = bpy.data.worlds.new("world")
    world.use_nodes = True
    world.node_tree.nodes["Background"].inputs["Color"].default_value = (1, 1, 1, 1)
    world.node_tree.nodes["Background"].inputs["Strength"].default_value = 0.8
    scene.world = world
    scene.view_settings.view_transform = "Standard"  # Filmic would wash the labels out
    scene.render.engine = "CYCLES"
    scene.cycles.samples = 48
    scene.cycles.use_denoising = False
    scene.render.resolution_x = 560
    scene.render.resolution_y = 420
    scene.render.resolution_percentage = 100
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.compression = 100
    scene.render.filepath = out
    bpy.ops.render.render(write_still=True)
    print("bone-names-picture: %s, %d bones" % (out, len(heads)))


main()
