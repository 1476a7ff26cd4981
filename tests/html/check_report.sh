#!/usr/bin/env bash
# Report page test (ctest label "html").
#   check_report.sh FORGE2GLTF HTML_FIXTURE SAMPLES_DIR [SCREENSHOT.png]
# Converts every samples/{sws,rr}/*.mesh with thumbnails and the report (`convert --html` when
# the CLI has it, else HTML_FIXTURE, the same C++ API), opens OUT/index.html in headless
# Chromium through check_page.html, and checks: one row per sample, every thumbnail loaded,
# sorting by every column, the status/format/name filters and paging work, no non-relative
# reference.
# Saves a 1280x900 screenshot (SCREENSHOT.png; without it, a temp file). Fails, never skips,
# when Chromium is missing: scripts/install-blender installs it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=/usr/bin/python3

chromium_bin=$(command -v chromium || command -v chromium-browser || true)
if [[ -z "$chromium_bin" ]]; then
  echo "html_report_page: FAILED: chromium is not installed; run scripts/install-blender" \
       "(apt-get install chromium)" >&2
  exit 1
fi
if [[ $# -lt 3 ]]; then
  echo "usage: check_report.sh FORGE2GLTF HTML_FIXTURE SAMPLES_DIR [SCREENSHOT.png]" >&2
  exit 2
fi
f2g=$(readlink -f "$1") fixture=$(readlink -f "$2") samples=$(readlink -f "$3")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/f2g-html.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
shot=${4:-$tmp/report.png}
out=$tmp/out

mapfile -t inputs < <(cd "$samples" && ls sws/*.mesh rr/*.mesh 2>/dev/null | sort)
if [[ ${#inputs[@]} -eq 0 ]]; then
  echo "html_report_page: FAILED: no samples in $samples/sws or $samples/rr" >&2
  exit 1
fi

if "$f2g" convert --help 2>/dev/null | grep -q -- '--html'; then
  (cd "$samples" && "$f2g" convert "${inputs[@]}" -o "$out" --html --force) > "$tmp/convert.log" 2>&1 || {
    echo "html_report_page: forge2gltf convert --html failed:" >&2; cat "$tmp/convert.log" >&2; exit 1; }
  made_by="forge2gltf convert --html"
else
  (cd "$samples" && "$fixture" "$out" .) > "$tmp/convert.log" 2>&1 || {
    echo "html_report_page: $fixture failed:" >&2; cat "$tmp/convert.log" >&2; exit 1; }
  made_by="f2g_html_fixture (convert has no --html yet)"
fi
[[ -f "$out/index.html" ]] || { echo "html_report_page: FAILED: no $out/index.html ($made_by)" >&2; exit 1; }
cp "$here/check_page.html" "$out/.check_page.html"

chromium() {
  local profile
  profile=$(mktemp -d "$tmp/profile.XXXXXX")
  timeout 120 "$chromium_bin" --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --disable-quic \
    --user-data-dir="$profile" "$@" 2>> "$tmp/chromium.log"
}

chromium --allow-file-access-from-files --virtual-time-budget=20000 --dump-dom \
  "file://$out/.check_page.html" > "$tmp/dom.html" || true
chromium --hide-scrollbars --window-size=1280,900 --screenshot="$shot" "file://$out/index.html" \
  > /dev/null || true

"$python" - "$tmp/dom.html" "$shot" "$made_by" "${inputs[@]}" <<'PY'
import html.parser, json, os, sys
dom, shot, made_by, inputs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

class Body(html.parser.HTMLParser):
    result = None
    def handle_starttag(self, tag, attrs):
        if tag == "body":
            self.result = dict(attrs).get("data-result")

p = Body()
p.feed(open(dom, encoding="utf-8", errors="replace").read())
fail = []
if not p.result:
    fail.append("the page harness left no result (Chromium did not run it, or it timed out)")
    r = {}
else:
    r = json.loads(p.result)
if r.get("error"):
    fail.append(r["error"])
want = sorted(os.path.splitext(os.path.basename(f))[0] for f in inputs)
if r and "rows" in r:
    if r["rows"] != len(inputs):
        fail.append("%d rows, expected one per sample: %d" % (r["rows"], len(inputs)))
    missing = sorted(set(want) - set(r["names"]))
    if missing:
        fail.append("no row for: %s" % ", ".join(missing[:10]))
    if r["images"] != len(inputs):
        fail.append("%d thumbnails, expected %d" % (r["images"], len(inputs)))
    if r["broken"]:
        fail.append("thumbnails that did not load: %s" % ", ".join(r["broken"][:10]))
    if r["images"] and r["thumb_width"] <= 0:
        fail.append("thumbnail has no width")
for prob in r.get("problems", []):
    fail.append(prob)
if not os.path.exists(shot) or os.path.getsize(shot) == 0:
    fail.append("no screenshot at %s" % shot)
print("html_report_page: report by %s: %s rows, %s/%s thumbnails loaded; screenshot %s"
      % (made_by, r.get("rows"), r.get("loaded"), r.get("images"), shot))
for f in fail:
    print("FAIL html_report_page: %s" % f)
print("%d passed, %d failed" % (0 if fail else 1, 1 if fail else 0))
sys.exit(1 if fail else 0)
PY
