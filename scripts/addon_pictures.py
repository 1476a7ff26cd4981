"""The Blender side of scripts/addon-pictures (run by it, twice).

  ... -- ZIP FORGE2GLTF SAMPLE TMP IMAGES scene      (background) install, import, save
  ... -- ZIP FORGE2GLTF SAMPLE TMP IMAGES pictures   (UI, under Xvfb) menu, exports, pictures

TMP also holds ARCHIVE (a copy of a sample archive), imported and edited in the UI run.
"""

import os
import sys

import bpy

ZIP, F2G, SAMPLE, TMP, IMAGES, STEP = sys.argv[sys.argv.index("--") + 1 :]
SHOT = os.path.join(TMP, "shot.png")
ARCHIVE = os.path.join(TMP, "DataPC.forge")


def enable():
    if STEP == "scene":
        bpy.ops.preferences.addon_install(filepath=ZIP, overwrite=True)
    bpy.ops.preferences.addon_enable(module="io_scene_forge")
    bpy.context.preferences.addons["io_scene_forge"].preferences.binary = F2G


def scene():
    enable()
    bpy.ops.wm.read_homefile(use_empty=True)
    bpy.ops.import_scene.forge_mesh(filepath=SAMPLE)
    bpy.ops.wm.save_as_mainfile(filepath=os.path.join(TMP, "scene.blend"))


def ui():
    """The window, its 3D view area and that area's main region, for operator overrides."""
    window = bpy.context.window_manager.windows[0]
    area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
    region = next(r for r in area.regions if r.type == "WINDOW")
    return dict(window=window, area=area, region=region)


def crop(name, box):
    """Saves the screenshot's BOX (x, y, width, height; y from the top) as IMAGES/NAME."""
    shot = bpy.data.images.load(SHOT)
    width, height = shot.size
    pixels = [0.0] * (width * height * 4)
    shot.pixels.foreach_get(pixels)
    x, y, w, h = box
    rows = []
    for row in range(height - y - h, height - y):  # Blender's rows run bottom to top
        start = (row * width + x) * 4
        rows.extend(pixels[start : start + w * 4])
    out = bpy.data.images.new(name, w, h)
    out.pixels.foreach_set(rows)
    out.filepath_raw = os.path.join(IMAGES, name)
    out.file_format = "PNG"
    out.save()
    print("addon-pictures: %s (%dx%d)" % (out.filepath_raw, w, h), flush=True)


def screenshot():
    with bpy.context.temp_override(**ui()):
        bpy.ops.screen.screenshot(filepath=SHOT)
    if os.environ.get("F2G_PICTURES_KEEP"):  # the whole window, to choose the crops
        import shutil

        shutil.copy(SHOT, os.path.join(os.environ["F2G_PICTURES_KEEP"], "shot-%d.png" % len(STEPS)))


def simulate(kind, value, x=None, y=None):
    """An input event (Blender runs with --enable-event-simulate): popups open at the mouse."""
    window = bpy.context.window_manager.windows[0]
    if x is None:
        window.event_simulate(type=kind, value=value)
    else:
        window.event_simulate(type=kind, value=value, x=x, y=y)


def dismiss():
    """Closes the open menu or popup and moves the mouse to where the next popup opens."""
    simulate("ESC", "PRESS")
    simulate("ESC", "RELEASE")
    simulate("MOUSEMOVE", "NOTHING", 640, 600)


STEPS = []


def step(delay):
    def add(fn):
        STEPS.append((delay, fn))
        return fn

    return add


@step(2.0)
def frame_and_open_menu():
    with bpy.context.temp_override(**ui()):
        mesh = next(o for o in bpy.data.objects if o.type == "MESH")
        for obj in bpy.data.objects:
            obj.select_set(obj == mesh)
        bpy.context.view_layer.objects.active = mesh
        bpy.ops.view3d.view_selected()
    simulate("MOUSEMOVE", "NOTHING", 420, 560)  # window coordinates, from the bottom left
    with bpy.context.temp_override(**ui()):
        bpy.ops.wm.call_menu(name="TOPBAR_MT_file_import")


@step(1.0)
def hover_forge_entry():
    simulate("MOUSEMOVE", "NOTHING", 330, 308)  # the menu's last entry, Forge mesh


@step(1.0)
def picture_menu():
    screenshot()
    crop("addon-import-menu.png", (230, 180, 560, 340))


@step(0.5)
def close_menu():
    dismiss()


@step(0.5)
def export():
    with bpy.context.temp_override(**ui()):
        bpy.ops.export_scene.forge_mesh(filepath=os.path.join(TMP, "inline_rocks_edited.mesh"))


@step(1.5)
def picture_summary():
    screenshot()
    crop("addon-export-summary.png", (40, 150, 770, 270))


@step(0.5)
def close_summary():
    dismiss()


@step(0.5)
def archive_export():
    """The archive's Ranger_LOD0 (filter "Ranger"), scaled by 1.5, into DataPC_edited.forge."""
    with bpy.context.temp_override(**ui()):
        bpy.ops.import_scene.forge_mesh(filepath=ARCHIVE, resource_filter="Ranger")
        ranger = [o for o in bpy.data.objects if o.get("forge_resource_name") == "Ranger_LOD0"]
        mesh = next((o for o in ranger if o.type == "MESH"), None)
        if mesh is None:
            raise RuntimeError("no Ranger_LOD0 mesh imported from %s" % ARCHIVE)
        for obj in bpy.data.objects:
            obj.select_set(obj in ranger)
        for v in mesh.data.vertices:
            v.co *= 1.5
        bpy.ops.export_scene.forge_mesh(filepath=os.path.join(TMP, "DataPC_edited.forge"))


@step(1.5)
def picture_archive_summary():
    screenshot()
    crop("addon-archive-export.png", (40, 150, 770, 270))


@step(0.5)
def done():
    bpy.ops.wm.quit_blender()


def run_steps():
    if not STEPS:
        return None
    delay, fn = STEPS.pop(0)
    try:
        fn()
    except Exception as e:  # a failed step ends Blender with an error
        print("addon-pictures: FAILED in %s: %s" % (fn.__name__, e), flush=True)
        os._exit(1)
    return STEPS[0][0] if STEPS else None


if STEP == "scene":
    scene()
else:
    enable()
    bpy.app.timers.register(run_steps, first_interval=STEPS[0][0])
