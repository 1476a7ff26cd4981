"""Renders docs/images/posed-rig.png: a skinned mesh of the sample archives, converted with its
skeleton paired, imported twice by Blender 3.4: at rest, and with its root turned and one bone
bent in pose mode. Every bone below follows, the mesh with them: the joint tree the skeleton gave
(scripts/posed-rig-picture runs this).

Run inside Blender, headless (Cycles renders without a display):
  blender -b --factory-startup --python-expr "<numpy shim; exec this file>" -- GLB OUT.png
"""

import math
import sys

import bpy
from mathutils import Euler, Vector


def material(name, rgba, alpha=1.0):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    bsdf = m.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = rgba
    bsdf.inputs["Alpha"].default_value = alpha
    m.blend_method = "BLEND"
    return m


def label(text, at, size, ink):
    curve = bpy.data.curves.new("label", type="FONT")
    curve.body = text
    curve.size = size
    curve.align_x = "CENTER"
    obj = bpy.data.objects.new("label", curve)
    obj.location = at
    obj.rotation_euler = (math.pi / 2, 0, 0)  # face the camera on -Y
    obj.data.materials.append(ink)
    bpy.context.scene.collection.objects.link(obj)


def import_copy(glb, shift):
    """One import of GLB moved by SHIFT along X; its armature and mesh objects."""
    before = set(bpy.data.objects)
    bpy.ops.import_scene.gltf(filepath=glb, bone_heuristic="BLENDER")
    new = [o for o in bpy.data.objects if o not in before]
    for o in new:
        if o.parent is None:
            o.location.x += shift
    arm = next(o for o in new if o.type == "ARMATURE")
    return arm, [o for o in new if o.type == "MESH"]


def joints(arm, joint, bone_ink):
    """A sphere on every bone head and a rod to its parent's, where the pose puts them."""
    bpy.context.view_layer.update()
    for pb in arm.pose.bones:
        head = arm.matrix_world @ pb.head
        bpy.ops.mesh.primitive_uv_sphere_add(radius=0.03, location=head)
        bpy.context.object.data.materials.append(joint)
        if pb.parent:
            top = arm.matrix_world @ pb.parent.head
            d = head - top
            if d.length > 1e-6:
                bpy.ops.mesh.primitive_cylinder_add(
                    radius=0.008, depth=d.length, location=(head + top) / 2
                )
                rod = bpy.context.object
                rod.rotation_euler = d.to_track_quat("Z", "Y").to_euler()
                rod.data.materials.append(bone_ink)


def main():
    glb, out = sys.argv[sys.argv.index("--") + 1 :][:2]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    rest, rest_meshes = import_copy(glb, -0.9)
    posed, posed_meshes = import_copy(glb, 0.9)
    root = next(b for b in posed.pose.bones if b.parent is None and b.children)
    root.rotation_mode = "XYZ"
    root.rotation_euler = Euler((0, 0, math.radians(90)))  # the whole rig turns with its root
    deepest = max(posed.pose.bones, key=lambda b: len(b.parent_recursive))
    limb = deepest.parent_recursive[-3] if len(deepest.parent_recursive) >= 3 else deepest
    limb.rotation_mode = "XYZ"
    limb.rotation_euler = Euler((math.radians(45), 0, 0))  # its descendants follow it
    skin = material("skin", (0.35, 0.45, 0.6, 1), 0.35)
    for o in rest_meshes + posed_meshes:
        o.data.materials.clear()
        o.data.materials.append(skin)
    joint = material("joint", (0.95, 0.3, 0.05, 1))
    rod = material("rod", (0.1, 0.1, 0.1, 1))
    ink = material("ink", (0.02, 0.02, 0.02, 1))
    joints(rest, joint, rod)
    joints(posed, joint, rod)
    heads = [posed.matrix_world @ b.head for b in posed.pose.bones]
    heads += [rest.matrix_world @ b.head for b in rest.pose.bones]
    top, bottom = max(h.z for h in heads), min(h.z for h in heads)
    label("rest pose = bind pose", Vector((-0.9, -0.5, bottom - 0.25)), 0.1, ink)
    label(
        "root turned 90°, %s bent 45°" % limb.name.split("_0x")[0],
        Vector((0.9, -0.5, bottom - 0.25)),
        0.1,
        ink,
    )
    cam = bpy.data.objects.new("camera", bpy.data.cameras.new("camera"))
    cam.data.type = "ORTHO"
    cam.data.ortho_scale = max(top - bottom + 0.9, 4.2)
    cam.location = (0, -6, (top + bottom) / 2 - 0.15)
    cam.rotation_euler = (math.pi / 2, 0, 0)
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
    scene.view_settings.view_transform = "Standard"
    scene.render.engine = "CYCLES"
    scene.cycles.samples = 32
    scene.cycles.use_denoising = False
    scene.render.resolution_x = 640
    scene.render.resolution_y = 360
    scene.render.resolution_percentage = 100
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.compression = 100
    scene.render.filepath = out
    bpy.ops.render.render(write_still=True)
    print("posed-rig-picture: %s, %d bones, %s bent" % (out, len(posed.pose.bones), limb.name))


main()
