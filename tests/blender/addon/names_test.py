"""The add-on's bpy-free half (runner.py, summary.py) on names that are not UTF-8, without
Blender (ctest addon_non_utf8_names): a mesh file and a copy of the GRW sample archive whose
entry names hold a Latin-1 byte go through convert, ls, import and the export summary; the
rows name files that exist and an unedited import gives the donor back byte for byte.
    names_test.py FORGE2GLTF SAMPLES_DIR"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ADDON = os.path.join(HERE, "..", "..", "..", "converter", "blender", "io_scene_forge")
LATIN1 = os.fsdecode(b"\xe9")  # a lone byte, as Python names it (surrogateescape)


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ADDON, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


runner = load("runner")
summary = load("summary")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what)


def renamed_archive(binary, sample, target):
    """SAMPLE with each entry name's first '_' (or last byte) made 0xE9 in its name record."""
    data = bytearray(open(sample, "rb").read())
    done = subprocess.run([binary, "ls", sample, "--json"], capture_output=True)
    listed = json.loads(done.stdout)
    end = 0
    for entry in listed["archives"][0]["entries"]:
        name = entry["name"].encode()
        at = data.index(name + b"\0", end)
        k = name.find(b"_") if b"_" in name else len(name) - 1
        data[at + k] = 0xE9
        end = at + len(name)
    with open(target, "wb") as f:
        f.write(data)


def exported(result, donor, written):
    """The export summary's lines as export_op makes them (donor and written are the real
    paths, import's JSON the rest); each must encode as UTF-8, which Blender's labels and a
    UTF-8 console need."""
    lines = summary.lines(dict(result, donor=donor, written=written))
    for line in lines:
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:
            check(False, "a summary line Blender cannot show: %r" % line)
    return lines


def main(binary, samples):
    tmp = tempfile.mkdtemp(prefix="f2g-addon-names.")
    try:
        folder = os.path.join(tmp, "in" + LATIN1)
        os.makedirs(folder)
        mesh = os.path.join(folder, "caf%s.mesh" % LATIN1)
        shutil.copy(os.path.join(samples, "rr", "static24_props.mesh"), mesh)

        # A folder: the rows name the real input and glb, though the JSON holds U+FFFD.
        rows = runner.convert(binary, folder, os.path.join(tmp, "work"))
        check(len(rows) == 1 and rows[0]["status"] == "converted", "convert of the folder")
        check(rows[0]["input"] == mesh, "the row's input is the file: %r" % rows[0]["input"])
        glb = rows[0]["output"]
        check(os.path.isfile(glb) and LATIN1 in glb, "the row's output exists: %r" % glb)
        check(runner.glb_source(glb).get("format") == "rr", "the glb's source block")
        new_mesh = os.path.join(tmp, "new%s.mesh" % LATIN1)
        result = runner.import_mesh(binary, glb, mesh, new_mesh)
        check(result.get("ok") is True, "import of the mesh: %r" % result.get("error"))
        lines = exported(result, mesh, new_mesh)
        check(lines[0] == "caf\ufffd.mesh -> new\ufffd.mesh", "first line: %r" % lines[0])
        with open(mesh, "rb") as a, open(new_mesh, "rb") as b:
            check(a.read() == b.read(), "the unedited mesh comes back byte for byte")

        # An archive whose entry names are not UTF-8.
        forge = os.path.join(tmp, "Data%s.forge" % LATIN1)
        renamed_archive(binary, os.path.join(samples, "archives", "grw", "DataPC.forge"), forge)
        meshes = runner.archive_meshes(binary, forge)
        check(meshes and any("\ufffd" in m["entry"] for m in meshes), "ls names the entries")
        rows = [r for r in runner.convert(binary, forge, os.path.join(tmp, "awork")) if r["output"]]
        check(rows and all(os.path.isfile(r["output"]) for r in rows), "archive glbs exist")
        row = rows[0]
        new = os.path.join(tmp, "New%s.forge" % LATIN1)
        rid = row["resource_id"]
        result = runner.import_mesh(binary, row["output"], forge, new, resource_id=rid)
        check(result.get("ok") is True, "import into the archive: %r" % result.get("error"))
        lines = exported(result, forge, new)
        check(lines[0] == "Data\ufffd.forge -> New\ufffd.forge", "line: %r" % lines[0])
        with open(forge, "rb") as a, open(new, "rb") as b:
            check(a.read() == b.read(), "the unedited archive comes back byte for byte")
    finally:
        shutil.rmtree(tmp)
    print("addon_non_utf8_names: %s" % ("FAILED" if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
