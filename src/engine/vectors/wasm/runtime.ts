/**
 * The slice of the WebAssembly JavaScript API the kernel uses. Node 20's type declarations do not declare
 * the `WebAssembly` global (TypeScript's DOM library does, and this project does not load it), so the
 * kernel reaches it through these types; nothing here appears in the library's public declarations.
 */

/** One page of WebAssembly memory. */
export const wasmPageBytes = 65536;
/** Most pages a 32-bit memory can have (4 GiB). */
export const maxWasmPages = 65536;

export interface WasmMemory {
  /** Replaced (the old one detached) by every `grow`. */
  readonly buffer: ArrayBuffer;
  /** Adds `pages` pages; answers the previous size in pages; throws RangeError when it cannot. */
  grow(pages: number): number;
}

interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum?: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

export const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
