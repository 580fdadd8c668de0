/**
 * The project the deploy bench ships: the same files on every run (a seeded PRNG), nested
 * directories, mostly small text files plus some larger random blobs, so neither git nor a
 * transfer can shrink the bytes by compressing them.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ProjectShape {
  textFiles: number;
  binaryFiles: number;
  /** Total bytes of all files together (the blobs take what the text files leave). */
  totalBytes: number;
  seed: number;
}

export const BENCH_PROJECT: ProjectShape = {
  textFiles: 1900,
  binaryFiles: 100,
  totalBytes: 30 * 1024 * 1024,
  seed: 20240601,
};

/** What was written: counts for the report, and a text file the one-file change edits. */
export interface WrittenProject {
  files: number;
  bytes: number;
  /** Relative path of a text file in the middle of the tree. */
  editable: string;
}

/** mulberry32: tiny, fast and good enough to make bytes no compressor can predict. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const WORDS = (
  'export const function return import from await async value config server deploy ' +
  'release commit branch module render state props token queue error result options ' +
  'request response handler stream buffer string number object array length index'
).split(' ');

function textContent(next: () => number, bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line = Array.from({ length: 4 + (next() % 8) }, () => WORDS[next() % WORDS.length]);
    const text = `${line.join(' ')};\n`;
    parts.push(text);
    size += text.length;
  }
  return parts.join('').slice(0, bytes);
}

function binaryContent(next: () => number, bytes: number): Buffer {
  const words = new Uint32Array(Math.ceil(bytes / 4));
  for (let i = 0; i < words.length; i++) words[i] = next();
  return Buffer.from(words.buffer, 0, bytes);
}

/** `src/m03/s2/file0123.ts`: 20 modules of 5 sub-directories each. */
const textPath = (i: number) =>
  path.join(
    'src',
    `m${String(i % 20).padStart(2, '0')}`,
    `s${Math.floor(i / 20) % 5}`,
    `file${i}.ts`,
  );

/** Writes the project into `dir` (which must be empty or missing). */
export function writeBenchProject(
  dir: string,
  shape: ProjectShape = BENCH_PROJECT,
): WrittenProject {
  const next = prng(shape.seed);
  const write = (rel: string, content: string | Buffer) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return content.length;
  };
  let bytes = 0;
  for (let i = 0; i < shape.textFiles; i++) {
    bytes += write(textPath(i), textContent(next, 1024 + (next() % 6144)));
  }
  const weights = Array.from({ length: shape.binaryFiles }, () => 1 + (next() % 100));
  const sum = weights.reduce((a, b) => a + b, 0);
  const left = Math.max(0, shape.totalBytes - bytes);
  weights.forEach((w, i) => {
    const rel = path.join('assets', `g${i % 4}`, `blob${i}.bin`);
    bytes += write(rel, binaryContent(next, Math.floor((left * w) / sum)));
  });
  const files = shape.textFiles + shape.binaryFiles;
  return { files, bytes, editable: textPath(Math.floor(shape.textFiles / 2)) };
}

/** Counts the regular files under `dir`, skipping `.git` (to check that a deploy landed). */
export function countFiles(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    if (entry.isDirectory()) n += countFiles(path.join(dir, entry.name));
    else if (entry.isFile()) n++;
  }
  return n;
}
