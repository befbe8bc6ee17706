/**
 * Sums V8 CPU profiles (.cpuprofile) by function: self time, and the share of all samples, heaviest
 * first; or sampling heap profiles (.heapprofile): the KB each function allocated. `npx tsx bench/lib/profile-summary.ts <dir or files…> [--top 40] [--by file] [--sort total]
 * [--callers name]` (who called the functions whose name contains it, with the time or bytes below):
 * total = the time with the function anywhere on the stack. By file groups
 * the functions of one script or package (node_modules/<name>, our src/<module>), which says where the
 * time goes before which function it is.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
/** A sampling heap profile: a tree whose nodes carry the bytes allocated there. */
interface HeapNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: HeapNode[];
}

/** Where a script belongs: its npm package, our source module, or node's own. */
function groupOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return url;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url);
  }
  const src = /\/src\/(modules\/[^/]+|[^/]+)/.exec(url);
  return src?.[1] ?? url;
}

/** Self time in ms per key (a function, or its group), over every sample of the profiles. */
/**
 * Self and total time in ms per key (a function, or its group), over every sample of the profiles: self
 * where the sample stopped, total where the key is anywhere on the sample's stack (once per sample).
 */
function keyOf(frame: ProfileNode['callFrame'], by: 'function' | 'file'): string {
  const { functionName, url, lineNumber } = frame;
  return by === 'file'
    ? groupOf(url)
    : `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
}

/**
 * Heap profiles as the same self and total figures: bytes (in KB) instead of ms. `callersOf`: instead,
 * per caller of the functions whose key contains it, what they allocated below that call.
 */
function allocations(profiles: HeapNode[], by: 'function' | 'file', callersOf?: string) {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  const walk = (node: HeapNode, stack: readonly string[]): number => {
    const key = keyOf(node.callFrame, by);
    const kb = node.selfSize / 1024;
    all += kb;
    self.set(key, (self.get(key) ?? 0) + kb);
    let below = kb;
    for (const child of node.children) below += walk(child, [...stack, key]);
    if (callersOf) {
      if (key.includes(callersOf) && !stack.some((k) => k.includes(callersOf))) {
        const caller = stack.at(-1) ?? '(root)';
        total.set(caller, (total.get(caller) ?? 0) + below);
      }
    } else if (!stack.includes(key)) total.set(key, (total.get(key) ?? 0) + below);
    return below;
  };
  for (const root of profiles) walk(root, []);
  return { all, self, total };
}

function times(profiles: Profile[], by: 'function' | 'file', callersOf?: string) {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  for (const profile of profiles) {
    const keys = new Map<number, string>();
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) {
      keys.set(node.id, keyOf(node.callFrame, by));
      for (const child of node.children ?? []) parentOf.set(child, node.id);
    }
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      all += ms;
      const key = keys.get(id) ?? '?';
      self.set(key, (self.get(key) ?? 0) + ms);
      const seen = new Set<string>();
      let caller: string | undefined;
      for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
        const onStack = keys.get(node) ?? '?';
        // The outermost call of a matching function: its caller is the next frame up.
        if (callersOf && onStack.includes(callersOf)) caller = keys.get(parentOf.get(node) ?? -1) ?? '(root)';
        if (seen.has(onStack)) continue;
        seen.add(onStack);
        if (!callersOf) total.set(onStack, (total.get(onStack) ?? 0) + ms);
      }
      if (caller) total.set(caller, (total.get(caller) ?? 0) + ms);
    });
  }
  return { all, self, total };
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '40' },
      by: { type: 'string', default: 'function' },
      sort: { type: 'string', default: 'self' },
      callers: { type: 'string' },
    },
  });
  const files = positionals.flatMap((path) =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith('.cpuprofile') || name.endsWith('.heapprofile'))
          .map((name) => join(path, name))
      : [path],
  );
  const by = values.by === 'file' ? 'file' : 'function';
  const heap = files.every((file) => file.endsWith('.heapprofile'));
  const read = files.map((file) => JSON.parse(readFileSync(file, 'utf8')));
  const { all, self, total } = heap
    ? allocations(
        read.map((p: { head: HeapNode }) => p.head),
        by,
        values.callers,
      )
    : times(read as Profile[], by, values.callers);
  const unit = heap ? 'KB' : 'ms';
  const order = values.sort === 'total' || values.callers ? total : self;
  const lines = [...order].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  process.stdout.write(
    `${files.length} profiles, ${all.toFixed(0)} ${unit} sampled; self %, total %, self ${unit}\n`,
  );
  const pct = (ms: number) => `${((ms / all) * 100).toFixed(1).padStart(5)} %`;
  for (const [key] of lines) {
    const own = self.get(key) ?? 0;
    process.stdout.write(
      `${pct(own)} ${pct(total.get(key) ?? 0)} ${own.toFixed(1).padStart(8)} ${unit}  ${key}\n`,
    );
  }
}

main();
