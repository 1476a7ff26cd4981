"""Runs the forge2gltf binary and parses what it prints (no bpy: usable from any Python)."""

import json
import os
import shutil
import struct
import subprocess


class ForgeError(Exception):
    """A failure with a code: forge2gltf's own (docs/errors.md) or one of the add-on's
    (ADDON_...), so a report names the problem the same way the command line does."""

    def __init__(self, code, message):
        super().__init__("%s: %s" % (code, message))
        self.code = code
        self.message = message


def repo_binary():
    """The build/forge2gltf of the repository the zip was packaged from, if it was recorded."""
    try:
        from . import build_paths  # written by scripts/package-blender-addon into the zip only
    except ImportError:
        return None
    return getattr(build_paths, "REPO_BINARY", None)


def find_binary(preferred=""):
    """The binary to run: the preference when set, else forge2gltf in PATH, else the one
    scripts/demo builds in the packaging repository."""
    if preferred:
        path = os.path.abspath(os.path.expanduser(preferred))
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
        raise ForgeError("ADDON_NO_BINARY", "the preference names %s, not an executable" % path)
    found = shutil.which("forge2gltf")
    if found:
        return found
    built = repo_binary()
    if built and os.path.isfile(built) and os.access(built, os.X_OK):
        return built
    raise ForgeError(
        "ADDON_NO_BINARY",
        "forge2gltf is not in PATH%s; set its path in the add-on's preferences"
        % (" and %s does not exist" % built if built else ""),
    )


def _run(args):
    # Its messages carry file and archive names, which need not be UTF-8 (its JSON replaces
    # such bytes itself, docs/usage.md "Names that are not UTF-8"): decoded, never refused.
    try:
        return subprocess.run(
            args, capture_output=True, encoding="utf-8", errors="replace", check=False
        )
    except OSError as e:
        raise ForgeError("ADDON_RUN_FAILED", "cannot run %s: %s" % (args[0], e))


def _last_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def convert(binary, source, out_dir):
    """`forge2gltf convert SOURCE -o OUT_DIR --report`: the report's entries, one per mesh
    (a directory gives one per file found). Exit status 1 (some input failed) still has a
    report; anything else without one is an error."""
    report = os.path.join(out_dir, "report.json")
    glb_dir = os.path.join(out_dir, "glb")
    done = _run([binary, "convert", source, "-o", glb_dir, "--report", report, "-q"])
    try:
        with open(report, encoding="utf-8") as f:
            entries = json.load(f)["inputs"]
    except (OSError, ValueError, KeyError):
        raise ForgeError(
            "ADDON_CONVERT_FAILED",
            "forge2gltf convert exited %d: %s" % (done.returncode, _last_line(done.stderr)),
        )
    found = None
    for entry in entries:
        for key in ("input", "output"):
            value = entry.get(key)
            if isinstance(value, str) and "\ufffd" in value:
                found = found if found is not None else {**_on_disk(source), **_on_disk(glb_dir)}
                entry[key] = found.get(value, value)
        if entry.get("output"):
            entry["output"] = os.path.abspath(entry["output"])
    return entries


def _on_disk(root):
    """{a path as forge2gltf's JSON writes it: the path} for ROOT and what lies under it, where
    the two differ: the JSON gives a byte that is not UTF-8 as U+FFFD (docs/usage.md "Names
    that are not UTF-8"), so the file is found again by its name's bytes."""
    found = {}
    paths = [root] + [os.path.join(d, n) for d, dirs, files in os.walk(root) for n in dirs + files]
    for path in paths:
        written = os.fsencode(path).decode("utf-8", "replace")
        if written != path:
            found[written] = path
    return found


ARCHIVE_MAGIC = b"scimitar"


def is_archive(path):
    """A forge archive (by content, as forge2gltf recognises it): starts with 'scimitar'."""
    try:
        with open(path, "rb") as f:
            return f.read(len(ARCHIVE_MAGIC)) == ARCHIVE_MAGIC
    except OSError:
        return False


def archive_meshes(binary, archive):
    """`forge2gltf ls ARCHIVE --json`: the archive's Mesh resources, each {"id", "name",
    "entry"} (the entry's name), in archive order."""
    done = _run([binary, "ls", archive, "--json"])
    try:
        listed = json.loads(done.stdout)["archives"][0]
    except (ValueError, KeyError, IndexError):
        raise ForgeError(
            "ADDON_LS_FAILED",
            "forge2gltf ls exited %d: %s" % (done.returncode, _last_line(done.stderr)),
        )
    if listed.get("error"):
        e = listed["error"]
        raise ForgeError(e.get("code", "ADDON_LS_FAILED"), e.get("message", ""))
    return [
        {"id": r["file_id"], "name": r["name"], "entry": e["name"]}
        for e in listed.get("entries") or []
        for r in e.get("resources") or []
        if r.get("class_name") == "Mesh"
    ]


def glb_source(path):
    """The mesh extras' `source` block ({format, objectId, ...}) of a glb convert wrote."""
    with open(path, "rb") as f:
        head = f.read(20)
        magic, _version, _length, json_length, _kind = struct.unpack("<5I", head)
        if magic != 0x46546C67:
            return {}
        doc = json.loads(f.read(json_length))
    meshes = doc.get("meshes") or [{}]
    return (meshes[0].get("extras") or {}).get("source") or {}


def import_mesh(binary, glb, donor, output, drop_submeshes=False, resource_id=None):
    """`forge2gltf import GLB --donor DONOR -o OUTPUT --json` (with `--id RESOURCE_ID` for an
    archive donor: OUTPUT is then a copy of the archive with that resource replaced): its JSON
    (ok, error, summary, warnings). forge2gltf writes nothing when ok is false."""
    args = [binary, "import", glb, "--donor", donor, "-o", output, "--json"]
    if resource_id:
        args += ["--id", resource_id]
    if drop_submeshes:
        args.append("--drop-submeshes")
    done = _run(args)
    try:
        result = json.loads(done.stdout)
    except ValueError:
        raise ForgeError(
            "ADDON_IMPORT_FAILED",
            "forge2gltf import exited %d: %s" % (done.returncode, _last_line(done.stderr)),
        )
    if done.returncode != 0 and result.get("ok"):
        result["ok"] = False
    return result
