#!/usr/bin/env bash
# ctest validate_all_samples: `convert --validate --report` over all of samples/, as .glb and
# as .gltf + .bin, must exit 0 with a "validation" entry of 0 errors and 0 warnings for every
# converted input, matching totals, and the summary's validator line; a second run (all up to
# date) validates nothing. Node checks the report (the validator needs node anyway).
#   tests/converter/cli/validate_samples.sh FORGE2GLTF SAMPLES_DIR WORK_DIR
set -euo pipefail
tool=$1 samples=$2 work=$3
fail() { echo "validate_all_samples: $*" >&2; exit 1; }
command -v node >/dev/null 2>&1 || fail "node is not installed"
rm -rf "$work"
mkdir -p "$work"
count=$(cd "$samples" && find . -name '*.mesh' -type f | wc -l)
((count > 0)) || fail "no *.mesh under $samples"

check_report() {  # REPORT EXPECTED_VALIDATED
  node - "$1" "$2" <<'JS' || fail "$1: the report does not show every output validated clean"
const [file, expected] = process.argv.slice(-2);  // after node's own '-'
const r = JSON.parse(require('fs').readFileSync(file, 'utf8'));
const problems = [];
let validated = 0;
for (const e of r.inputs) {
  const v = e.validation;
  if (e.status !== 'converted') {
    if (v !== undefined) problems.push(`${e.input}: ${e.status} but validated`);
    continue;
  }
  if (!v) { problems.push(`${e.input}: no validation`); continue; }
  ++validated;
  if (v.failure !== null) problems.push(`${e.input}: not validated: ${v.failure}`);
  if (v.errors !== 0 || v.warnings !== 0)
    problems.push(`${e.input}: ${v.errors} errors, ${v.warnings} warnings: ` +
                  JSON.stringify(v.messages));
  for (const k of ['infos', 'hints'])
    if (!Number.isInteger(v[k])) problems.push(`${e.input}: no ${k} count`);
}
const t = r.totals.validation;
if (!t) problems.push('no totals.validation');
else if (t.outputs !== validated || t.outputs !== Number(expected) || t.errors !== 0 ||
         t.warnings !== 0 || t.not_validated !== 0 || t.outputs_with_errors !== 0 || !t.validator)
  problems.push(`totals.validation ${JSON.stringify(t)}, expected ${expected} outputs`);
for (const p of problems) console.error(`  ${p}`);
process.exit(problems.length ? 1 : 0);
JS
}

for kind in glb gltf; do
  flags=(--validate --report "$work/$kind.json")
  [[ $kind == gltf ]] && flags+=(--gltf)
  summary=$("$tool" convert "$samples" -o "$work/$kind" "${flags[@]}" 2>"$work/$kind.err") ||
    fail "convert --validate to .$kind exited $?"
  # Every mesh file and every Mesh resource of the sample archives (not superseded) has one.
  count=$(find "$work/$kind" -name "*.$kind" -type f | wc -l)
  ((count > $(cd "$samples" && find . -name '*.mesh' -type f | wc -l))) ||
    fail "fewer outputs ($count) than sample meshes and archive meshes"
  grep -qx "  validator: $count outputs, 0 errors, 0 warnings" <<<"$summary" ||
    fail "no validator line for $count outputs in the summary: $summary"
  check_report "$work/$kind.json" "$count"
  echo "validate_all_samples: $count .$kind outputs validated, 0 errors, 0 warnings"
done
# Everything is up to date now: skipped, so nothing is validated and nothing fails.
"$tool" convert "$samples" -o "$work/glb" --validate --report "$work/again.json" >/dev/null ||
  fail "the up-to-date run exited $?"
check_report "$work/again.json" 0
