/** Vite's build manifest (dist/.vite/manifest.json; build.manifest in vite.config.ts), read by the build scripts. */
import { readFileSync } from "node:fs";
import path from "node:path";

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Keyed by source path for entries and route chunks, by "_<file>" for shared chunks. */
export type Manifest = Record<string, ManifestChunk>;

/** The app's manifest, or another build's (the islands script's: "islands-manifest.json"). */
export function readManifest(dist: string, name = "manifest.json"): Manifest {
  return JSON.parse(readFileSync(path.join(dist, ".vite", name), "utf8")) as Manifest;
}

/** The files that loading these chunks loads at once: the chunks, their static imports, and their CSS. */
export function chunkClosure(manifest: Manifest, keys: string[]): { files: Set<string>; css: Set<string> } {
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { files, css };
}
