// The validator child of `forge2gltf convert --validate` (converter/validate/gltf_validator.cpp runs it
// as `node --input-type=module -e <this text> PACKAGE_DIR`; embedded at build time).
// PACKAGE_DIR is an absolute .../node_modules/gltf-validator, loaded by that path so the
// current directory plays no part. Protocol, one JSON object per line on stdout:
//   first  {"ready":true,"version":V}, or {"failure":F} and exit 1 when the package cannot load;
//   then, for each stdin line (an output path as hex of its bytes, so any file name survives):
//   {"errors":E,"warnings":W,"infos":I,"hints":H,"messages":[the first 5 errors and warnings]}
//   or {"failure":F} when the file cannot be validated. EOF on stdin ends the process.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';

const answer = (o) => process.stdout.write(JSON.stringify(o) + '\n');
// stdout carries answers only: a stray console.log of a library must not break the protocol.
console.log = console.info = console.debug = console.error;

const packageDir = process.argv[1] ?? '';
let validator;
try {
  validator = createRequire(path.join(packageDir, 'package.json'))(packageDir);
} catch (e) {
  answer({ failure: `cannot load gltf-validator from ${packageDir}: ${e?.message ?? e}` });
  process.exit(1);
}
answer({ ready: true, version: validator.version() });

const SEVERITY = ['error', 'warning'];  // the validator's 0 and 1; infos and hints only counted
const MAX_MESSAGES = 5;
const SLASH = 0x2f;

async function validate(file) {  // file: the path's bytes
  const dir = file.subarray(0, file.lastIndexOf(SLASH) + 1);
  const report = await validator.validateBytes(new Uint8Array(await readFile(file)), {
    uri: path.basename(file.toString()),
    maxIssues: 0,  // exact counts
    writeTimestamp: false,
    // .gltf outputs: the .bin next to the file (spec-wise a relative URI, percent-encoded).
    externalResourceFunction: async (uri) =>
      new Uint8Array(await readFile(Buffer.concat([dir, Buffer.from(decodeURIComponent(uri))]))),
  });
  const i = report.issues;
  return {
    errors: i.numErrors,
    warnings: i.numWarnings,
    infos: i.numInfos,
    hints: i.numHints,
    messages: i.messages.filter((m) => m.severity <= 1).slice(0, MAX_MESSAGES).map((m) => ({
      severity: SEVERITY[m.severity],
      code: m.code,
      message: m.message,
      pointer: m.pointer ?? null,  // a JSON pointer for JSON issues
      offset: m.offset ?? null,    // a byte offset for GLB and buffer issues
    })),
  };
}

for await (const line of readline.createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  try {
    answer(await validate(Buffer.from(line, 'hex')));
  } catch (e) {
    answer({ failure: String(e?.message ?? e) });
  }
}
