#!/usr/bin/env python3
"""forge2gltf against version-25 forge archives written by an independent writer.

    check_forge25.py --writer                               the writer reads back (no tool)
    check_forge25.py --tool BIN --meshes DIR --variant NAME  one variant through the tool
    check_forge25.py --tool BIN --meshes DIR --truncated     cut archives fail cleanly

For a variant (make_forge25.VARIANTS), every mesh of DIR (samples/sws) goes into one archive
and then:
- `convert ARCHIVE` writes one glb per mesh, OUT/<archive stem>/<entry name>/<resource
  name>.glb (docs/ARCHITECTURE.md "Output conventions"), each byte-identical to the glb that
  `convert MESH` writes for the loose file, OUT/<file stem>.glb; no glb more, none fewer;
- `ls --json ARCHIVE` lists the manifest's entries (file ids as "0x" + 16 hex digits, names)
  and resources (ids, class, names);
- `extract ARCHIVE` writes DIR/<archive stem>/<entry name>/<resource name>.Mesh, each the
  mesh file's bytes.
--truncated cuts archives inside the header, the tables and the first entry: `convert` must
exit non-zero with an ARCHIVE_ code and write no glb (and, whole, the archive must convert).

Exits 1 naming every mismatch, 0 when there is none. The work directory (--work, emptied
first, or a new temporary one) is removed on success and kept, and named, on failure.
"""

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_forge25  # noqa: E402  (the writer beside this file)

ARCHIVE_STEM = "sws25"  # the archive's file name: convert and extract put it in their paths
HEX_ID = re.compile(r"0x[0-9A-Fa-f]{16}")
TIMEOUT = 300  # seconds for one run of the tool


class Failures:
    """Every mismatch of one check, each a line; the check goes on after the first."""

    def __init__(self):
        self.lines = []

    def add(self, line):
        self.lines.append(line)

    def __bool__(self):
        return bool(self.lines)


def run_tool(tool, *args):
    return subprocess.run(
        [tool, *map(str, args)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=TIMEOUT,
    )


def describe(result):
    """The end of a run's output, for a failure line."""
    text = (result.stdout + result.stderr).strip().splitlines()
    return " | ".join(text[-6:]) or "(no output)"


def files_under(root, suffix):
    """Every regular file under root whose name ends with suffix, relative, as strings."""
    if not root.is_dir():
        return set()
    return {
        str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and p.name.endswith(suffix)
    }


def mesh_files(directory):
    meshes = sorted(Path(directory).glob("*.mesh"))
    if not meshes:
        raise SystemExit(f"check_forge25: no *.mesh in {directory}")
    return meshes


def archive_paths(manifest, extension):
    """Where convert (".glb") or extract (".Mesh") puts each resource, and its mesh file. The
    test's names are plain and unique, so no id suffix applies (archive_names.h)."""
    return {
        f"{ARCHIVE_STEM}/{e['name']}/{r['name']}{extension}": r
        for e in manifest["entries"]
        for r in e["resources"]
    }


def compare_sets(failures, what, got, expected):
    if got == set(expected):
        return
    failures.add(f"{what}: {len(got)} files, expected {len(expected)}")
    for name in sorted(set(expected) - got):
        failures.add(f"{what}: missing {name}")
    for name in sorted(got - set(expected)):
        failures.add(f"{what}: unexpected {name}")


def check_convert(tool, forge, manifest, meshes, work, failures):
    direct = work / "direct"
    result = run_tool(tool, "convert", *meshes, "-o", direct, "--quiet")
    if result.returncode != 0:
        failures.add(f"convert of the loose meshes exited {result.returncode}: {describe(result)}")
        return
    from_archive = work / "convert"
    result = run_tool(tool, "convert", forge, "-o", from_archive, "--quiet")
    if result.returncode != 0:
        failures.add(f"convert {forge.name} exited {result.returncode}: {describe(result)}")
    expected = archive_paths(manifest, ".glb")
    got = files_under(from_archive, ".glb")
    compare_sets(failures, "convert ARCHIVE", got, expected)
    for name, resource in sorted(expected.items()):
        if name not in got:
            continue
        loose = direct / (Path(resource["mesh"]).stem + ".glb")
        if not loose.is_file():
            failures.add(f"convert MESH wrote no {loose.name}")
        elif (from_archive / name).read_bytes() != loose.read_bytes():
            failures.add(f"convert ARCHIVE: {name} differs from {loose.name} of the loose mesh")


def check_ls(tool, forge, manifest, failures):
    result = run_tool(tool, "ls", "--json", forge)
    if result.returncode != 0:
        failures.add(f"ls --json exited {result.returncode}: {describe(result)}")
    try:
        doc = json.loads(result.stdout)
        archives = doc["archives"]
    except (ValueError, KeyError, TypeError):
        failures.add(f"ls --json printed no listing: {describe(result)}")
        return
    if len(archives) != 1:
        failures.add(f"ls --json: {len(archives)} archives, expected 1")
        return
    archive = archives[0]
    if archive.get("error") is not None:
        failures.add(f"ls --json: archive error {archive['error']}")
    if archive.get("version") != make_forge25.VERSION:
        failures.add(f"ls --json: version {archive.get('version')}, expected 25")

    def hex_id(value, what):
        if not isinstance(value, str) or not HEX_ID.fullmatch(value):
            failures.add(f"ls --json: {what} {value!r} is not 0x + 16 hex digits")
            return None
        return int(value, 16)

    listed = {}
    for entry in archive.get("entries", []):
        file_id = hex_id(entry.get("file_id"), "entry file_id")
        if entry.get("status") != "ok":
            failures.add(f"ls --json: entry {entry.get('name')!r} status {entry.get('status')!r}")
        resources = sorted(
            (hex_id(r.get("file_id"), "resource file_id"), r.get("class"), r.get("name"))
            for r in entry.get("resources") or []
        )
        listed[(file_id, entry.get("name"))] = resources
    wanted = {
        (e["file_id"], e["name"]): sorted(
            (r["id"], f"0x{r['class']:08X}", r["name"]) for r in e["resources"]
        )
        for e in manifest["entries"]
    }
    if len(archive.get("entries", [])) != len(wanted):
        failures.add(
            f"ls --json: {len(archive.get('entries', []))} entries, expected {len(wanted)}"
        )
    for key in sorted(set(wanted) - set(listed)):
        failures.add(f"ls --json: entry 0x{key[0]:016X} {key[1]!r} not listed")
    for key in sorted(set(listed) - set(wanted), key=str):
        shown = "?" if key[0] is None else f"0x{key[0]:016X}"
        failures.add(f"ls --json: unexpected entry {shown} {key[1]!r}")
    for key in sorted(set(wanted) & set(listed)):
        got = [(i, c.upper() if isinstance(c, str) else c, n) for i, c, n in listed[key]]
        want = [(i, c.upper(), n) for i, c, n in wanted[key]]
        if got != want:
            failures.add(f"ls --json: entry {key[1]!r} resources {listed[key]}, expected {want}")


def check_extract(tool, forge, manifest, work, failures):
    out = work / "extract"
    result = run_tool(tool, "extract", forge, "-o", out)
    if result.returncode != 0:
        failures.add(f"extract exited {result.returncode}: {describe(result)}")
    expected = archive_paths(manifest, ".Mesh")
    got = files_under(out, "")
    compare_sets(failures, "extract", got, expected)
    for name, resource in sorted(expected.items()):
        if name in got and (out / name).read_bytes() != Path(resource["mesh"]).read_bytes():
            failures.add(f"extract: {name} differs from {resource['mesh']}")


def check_variant(tool, meshes, variant, work, lzo):
    failures = Failures()
    forge = work / f"{ARCHIVE_STEM}.forge"
    manifest = make_forge25.write_forge(forge, variant, meshes, lzo)
    # The writer first: a test against a wrong archive would blame the tool.
    for problem in make_forge25.check_forge(forge, manifest, lzo):
        failures.add(f"writer: {problem}")
    if not failures:
        check_convert(tool, forge, manifest, meshes, work, failures)
        check_ls(tool, forge, manifest, failures)
        check_extract(tool, forge, manifest, work, failures)
    return failures


def cut_points(data, variant, lzo):
    """Offsets to cut the archive at, each leaving no entry whole: in the header, the data
    header, the section, the name table, the first wrapper, the first payload."""
    _, tables_end, entries = make_forge25.read_forge(data, make_forge25.VARIANTS[variant], lzo)
    first = entries[0]
    section = make_forge25.DATA_HEADER_OFFSET + make_forge25.DATA_HEADER_SIZE
    return [
        16,
        make_forge25.DATA_HEADER_OFFSET + 20,
        section + 30,
        tables_end - make_forge25.NAME_RECORD_SIZE // 2,
        first["offset"] + 100,
        first["offset"] + make_forge25.WRAPPER_SIZE + first["size"] // 2,
    ]


def check_truncated(tool, meshes, work, lzo):
    failures = Failures()
    for variant in ["ac1-table-lzo1x", "ac1-stream-lzo1x"]:
        whole = work / f"{variant}.forge"
        make_forge25.write_forge(whole, variant, meshes, lzo)
        data = whole.read_bytes()
        # The control: whole, the archive converts, so a cut one fails for the cut and not
        # because the tool refuses the format altogether.
        result = run_tool(tool, "convert", whole, "-o", work / f"out_{variant}", "--quiet")
        if result.returncode != 0 or not files_under(work / f"out_{variant}", ".glb"):
            failures.add(
                f"{variant} whole: convert failed ({result.returncode}): {describe(result)}"
            )
            continue
        for cut in cut_points(data, variant, lzo):
            what = f"{variant} cut at {cut}"
            forge = work / f"{ARCHIVE_STEM}_{variant}_{cut}.forge"
            forge.write_bytes(data[:cut])
            out = work / f"out_{variant}_{cut}"
            result = run_tool(tool, "convert", forge, "-o", out, "--quiet")
            if result.returncode == 0:
                failures.add(f"{what}: convert exited 0")
            if "ARCHIVE_" not in result.stdout + result.stderr:
                failures.add(f"{what}: no ARCHIVE_ code in the output: {describe(result)}")
            written = files_under(out, ".glb")
            if written:
                failures.add(f"{what}: convert wrote {sorted(written)}")
    return failures


def check_writer(meshes, work, lzo):
    failures = Failures()
    # tests.cmake names the variants for ctest: one it misses would never run.
    registered = re.findall(
        r"[\w-]+", (Path(__file__).resolve().parent / "tests.cmake").read_text()
    )
    for variant in make_forge25.VARIANTS:
        if variant not in registered:
            failures.add(f"{variant}: not in tests.cmake's list of variants")
    for variant in make_forge25.VARIANTS:
        forge = work / f"{variant}.forge"
        manifest = make_forge25.write_forge(forge, variant, meshes, lzo)
        for problem in make_forge25.check_forge(forge, manifest, lzo):
            failures.add(f"{variant}: {problem}")
        again = work / f"{variant}_again.forge"
        make_forge25.write_forge(again, variant, meshes, lzo)
        if again.read_bytes() != forge.read_bytes():
            failures.add(f"{variant}: two runs of the writer differ")
    return failures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tool", help="the forge2gltf binary")
    parser.add_argument(
        "--meshes",
        default=str(Path(__file__).resolve().parents[2] / "samples" / "sws"),
        help="the folder of SWS mesh files (default: samples/sws)",
    )
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--variant", choices=sorted(make_forge25.VARIANTS))
    what.add_argument("--truncated", action="store_true")
    what.add_argument("--writer", action="store_true")
    parser.add_argument(
        "--work", help="the work directory, emptied first (default: a new temporary one)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args(argv)
    if not args.writer and not args.tool:
        parser.error("--tool is needed for --variant and --truncated")

    meshes = mesh_files(args.meshes)
    lzo = make_forge25.Lzo()
    if args.work:
        work = Path(args.work)
        shutil.rmtree(work, ignore_errors=True)  # a failed run's leftovers
        work.mkdir(parents=True)
    else:
        work = Path(tempfile.mkdtemp(prefix="forge25-"))
    if args.writer:
        label = "writer"
        failures = check_writer(meshes, work, lzo)
    elif args.truncated:
        label = "truncated"
        failures = check_truncated(args.tool, meshes, work, lzo)
    else:
        label = args.variant
        failures = check_variant(args.tool, meshes, args.variant, work, lzo)

    for line in failures.lines:
        print(f"check_forge25: {label}: {line}", file=sys.stderr)
    if failures or args.keep:
        print(f"check_forge25: {label}: work directory kept: {work}", file=sys.stderr)
    else:
        shutil.rmtree(work)
    if failures:
        print(f"check_forge25: {label}: FAILED ({len(failures.lines)} mismatches)")
        return 1
    print(f"check_forge25: {label}: OK ({len(meshes)} meshes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
