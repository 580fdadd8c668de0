import { StreamLanguage, type StreamParser } from '@codemirror/language';
import type { Extension } from '@uiw/react-codemirror';
import type { CodeLanguage } from './fileKind';

type Mode = Promise<StreamParser<unknown>>;

/** Each highlighting mode in its own small chunk, fetched the first time a file needs it. */
const MODES: Record<CodeLanguage, () => Mode> = {
  shell: () => import('@codemirror/legacy-modes/mode/shell').then((m) => m.shell),
  javascript: () => import('@codemirror/legacy-modes/mode/javascript').then((m) => m.javascript),
  typescript: () => import('@codemirror/legacy-modes/mode/javascript').then((m) => m.typescript),
  json: () => import('@codemirror/legacy-modes/mode/javascript').then((m) => m.json),
  python: () => import('@codemirror/legacy-modes/mode/python').then((m) => m.python),
  ruby: () => import('@codemirror/legacy-modes/mode/ruby').then((m) => m.ruby),
  perl: () => import('@codemirror/legacy-modes/mode/perl').then((m) => m.perl),
  lua: () => import('@codemirror/legacy-modes/mode/lua').then((m) => m.lua),
  go: () => import('@codemirror/legacy-modes/mode/go').then((m) => m.go),
  rust: () => import('@codemirror/legacy-modes/mode/rust').then((m) => m.rust),
  c: () => import('@codemirror/legacy-modes/mode/clike').then((m) => m.c),
  cpp: () => import('@codemirror/legacy-modes/mode/clike').then((m) => m.cpp),
  java: () => import('@codemirror/legacy-modes/mode/clike').then((m) => m.java),
  kotlin: () => import('@codemirror/legacy-modes/mode/clike').then((m) => m.kotlin),
  scala: () => import('@codemirror/legacy-modes/mode/clike').then((m) => m.scala),
  csharp: () => import('@codemirror/legacy-modes/mode/clike').then((m) => m.csharp),
  swift: () => import('@codemirror/legacy-modes/mode/swift').then((m) => m.swift),
  groovy: () => import('@codemirror/legacy-modes/mode/groovy').then((m) => m.groovy),
  yaml: () => import('@codemirror/legacy-modes/mode/yaml').then((m) => m.yaml),
  toml: () => import('@codemirror/legacy-modes/mode/toml').then((m) => m.toml),
  properties: () => import('@codemirror/legacy-modes/mode/properties').then((m) => m.properties),
  nginx: () => import('@codemirror/legacy-modes/mode/nginx').then((m) => m.nginx),
  dockerfile: () => import('@codemirror/legacy-modes/mode/dockerfile').then((m) => m.dockerFile),
  xml: () => import('@codemirror/legacy-modes/mode/xml').then((m) => m.xml),
  html: () => import('@codemirror/legacy-modes/mode/xml').then((m) => m.html),
  css: () => import('@codemirror/legacy-modes/mode/css').then((m) => m.css),
  sass: () => import('@codemirror/legacy-modes/mode/css').then((m) => m.sCSS),
  sql: () => import('@codemirror/legacy-modes/mode/sql').then((m) => m.standardSQL),
  diff: () => import('@codemirror/legacy-modes/mode/diff').then((m) => m.diff),
  powershell: () => import('@codemirror/legacy-modes/mode/powershell').then((m) => m.powerShell),
  cmake: () => import('@codemirror/legacy-modes/mode/cmake').then((m) => m.cmake),
  r: () => import('@codemirror/legacy-modes/mode/r').then((m) => m.r),
};

/** The highlighting of `language`, loaded on first use; plain text when the load fails. */
export async function loadLanguage(language: CodeLanguage): Promise<Extension | undefined> {
  try {
    return StreamLanguage.define(await MODES[language]());
  } catch {
    return undefined;
  }
}
