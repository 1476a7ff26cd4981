"""The export summary: forge2gltf import's match table as lines of text, and the popup that
shows them (or, without a UI, the console)."""

import os


def _ranges(details):
    """Draw ranges before -> after (docs/usage.md "The import summary"), with the first
    ranges written when the format lists them."""
    r = details.get("ranges") or {}
    text = "%s -> %s" % (r.get("before", "?"), r.get("after", "?"))
    written = details.get("ranges_written") or (details.get("draws") or {}).get("after")
    if isinstance(written, list) and written and isinstance(written[0], dict):
        shown = [
            "%s tri / %s vert"
            % (
                w.get("triangles", w.get("primitive_count", "?")),
                w.get("vertices", w.get("num_vertices", "?")),
            )
            for w in written[:6]
        ]
        text += " (%s%s)" % ("; ".join(shown), "; ..." if len(written) > 6 else "")
    return text


def _table(s):
    """import --json's match table: vertices kept and new, ranges, materials, joints."""
    out = []
    d = s.get("details") or {}
    out.append(
        "vertices: %d kept, %d new (donor %d, now %d)"
        % (
            s.get("vertices_kept", 0),
            s.get("vertices_new", 0),
            s.get("donor_vertices", 0),
            s.get("vertices", 0),
        )
    )
    out.append(
        "triangles: %d (donor %d); order: %s"
        % (
            s.get("triangles", 0),
            s.get("donor_triangles", 0),
            "donor's" if s.get("donor_order") else d.get("order", "new"),
        )
    )
    if isinstance(d.get("ranges"), dict):
        out.append("ranges: " + _ranges(d))
    materials = s.get("materials") or []
    if materials:
        out.append(
            "materials: "
            + ", ".join(
                m.get("gltf", "?")
                if m.get("gltf") == m.get("donor")
                else "%s = %s" % (m.get("gltf"), m.get("donor"))
                for m in materials
            )
        )
    out.append(
        "joints: %d matched, %d unmatched; influences dropped: %d"
        % (
            s.get("joints_matched", 0),
            s.get("joints_unmatched", 0),
            s.get("influences_dropped", 0),
        )
    )
    if s.get("computed"):
        out.append("computed: " + ", ".join(str(c) for c in s["computed"]))
    if s.get("dropped_attributes"):
        out.append("dropped attributes: " + ", ".join(str(a) for a in s["dropped_attributes"]))
    return out


def shown(text):
    """TEXT as Blender can show and print it: a path's bytes that are not UTF-8 (which Python
    keeps as lone surrogates) become U+FFFD, as in forge2gltf's own JSON (docs/usage.md "Names
    that are not UTF-8")."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a surrogate no byte stands for
        return text.encode("utf-8", "replace").decode("utf-8")


def lines(result):
    """The lines of one export: the donor, where it went, and the match table of import's
    --json (vertices kept and new, ranges, materials, joints, warnings) or its error; for an
    archive one table per resource. Each line printable whatever the names' bytes."""
    return [shown(line) for line in _lines(result)]


def _lines(result):
    written = result.get("written")
    out = [
        "%s -> %s"
        % (
            os.path.basename(result.get("donor", "?")),
            os.path.basename(written) if written else "-",
        )
    ]
    if written:
        out.append("in " + os.path.dirname(written))
    error = result.get("error")
    if error:
        out.append("ERROR %s: %s" % (error.get("code", "?"), error.get("message", "")))
        return out
    if "resources" in result:  # an archive: one table per resource written back
        for r in result["resources"]:
            out.append("resource %s (%s):" % (r.get("name") or "?", r.get("resource_id")))
            out += ["  " + line for line in _table(r.get("summary") or {})]
    else:
        out += _table(result.get("summary") or {})
    identical = result.get("identical")
    if identical is not None:
        out.append(
            "byte-identical to the donor" if identical else "re-encoded (not the donor's bytes)"
        )
    for w in result.get("warnings") or []:
        out.append("WARNING %s: %s" % (w.get("code", "?"), w.get("message", "")))
    return out


def show(context, title, all_lines, background):
    """A popup in the UI; the console (and thus the log of a batch run) without one."""
    if background or context.window_manager is None or not context.window_manager.windows:
        for line in all_lines:
            print("forge export: " + line)
        return

    def draw(menu, _context):
        for line in all_lines:
            icon = "ERROR" if line.startswith(("ERROR", "WARNING")) else "NONE"
            menu.layout.label(text=line, icon=icon)

    context.window_manager.popup_menu(draw, title=title, icon="EXPORT")
