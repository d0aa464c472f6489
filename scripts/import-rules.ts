// The import rules as a pure function over a dependency graph (file -> files it imports, paths
// relative to src/), so that the rules are table-tested on small graphs and check-imports.ts
// only reads the repository's graph and prints.
//
// - No import circle anywhere (type-only imports count: a circle of types is still two files
//   that cannot be read apart).
// - A module's public face is its service, its pure functions (*.fns.ts), its reads
//   (*.reads.ts: read queries it offers other modules), its schemas and types. Its repo, routes,
//   jobs and tables are its own: tables may reference other modules' tables (foreign keys), and
//   nothing else imports another module's tables.
// - The worker entry (worker.ts) reaches neither the HTTP step (startup/http.ts) nor the web
//   pages (web/): a process that works jobs makes no server, no OpenAPI document, no dashboard.
// - No two modules import each other, through any of their files: a module builds on the ones
//   below it, and what flows back up is handed in at startup (a port or a callback). Foreign keys
//   between tables count like any other import.

export type Graph = Record<string, string[]>;

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const INTERNAL = /\.(repo|routes|jobs)\.ts$/;
const TABLES = /\.tables\.ts$/;

/** Every circle once, each as the files in import order starting from where the walk met it (madge's walk). */
export function circles(graph: Graph): string[][] {
  const found: string[][] = [];
  const resolved = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    path.push(file);
    onPath.add(file);
    for (const dep of graph[file] ?? []) {
      if (resolved.has(dep)) continue;
      if (onPath.has(dep)) found.push(path.slice(path.indexOf(dep)));
      else visit(dep);
    }
    path.pop();
    onPath.delete(file);
    resolved.add(file);
  };
  for (const file of Object.keys(graph).sort()) if (!resolved.has(file)) visit(file);
  return found;
}

/** A module file importing another module's internals, or null when the import is allowed. */
export function internalsImport(file: string, dep: string): string | null {
  const from = moduleOf(file);
  const to = moduleOf(dep);
  if (!from || !to || from === to) return null;
  const tablesToTables = TABLES.test(file) && TABLES.test(dep);
  if (INTERNAL.test(dep) || (TABLES.test(dep) && !tablesToTables)) return `${file} imports ${dep}: another module's internals (use its service, fns or reads)`;
  return null;
}

/** Module pairs that import each other, each once as "a <-> b" (a before b), with one file of each direction. */
export function mutualModules(graph: Graph): string[] {
  const edges = new Map<string, string>();
  for (const [file, deps] of Object.entries(graph)) {
    const from = moduleOf(file);
    for (const dep of deps) {
      const to = moduleOf(dep);
      if (from && to && from !== to && !edges.has(`${from}>${to}`)) edges.set(`${from}>${to}`, `${file} -> ${dep}`);
    }
  }
  const pairs: string[] = [];
  for (const [key, example] of edges) {
    const [a, b] = key.split('>') as [string, string];
    if (a < b && edges.has(`${b}>${a}`)) pairs.push(`modules ${a} and ${b} import each other: ${example}; ${edges.get(`${b}>${a}`)}`);
  }
  return pairs.sort();
}

const HTTP_ONLY = /^(startup\/http\.ts|web\/)/;

/** Files only an API process needs that `entry` (a worker's entry) reaches, each with the path that reaches it. */
export function httpReachedFrom(graph: Graph, entry: string): string[] {
  const via = new Map<string, string>([[entry, entry]]);
  const queue = [entry];
  const found: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    for (const dep of graph[file] ?? []) {
      if (via.has(dep)) continue;
      via.set(dep, `${via.get(file)} > ${dep}`);
      if (HTTP_ONLY.test(dep)) found.push(`${entry} reaches ${dep}, which only an API process needs: ${via.get(dep)}`);
      else queue.push(dep);
    }
  }
  return found.sort();
}

/** The problems of a graph, one line each; empty when it keeps the rules. */
export function importProblems(graph: Graph): string[] {
  const problems = circles(graph).map((c) => `import circle: ${c.join(' > ')} > ${c[0]}`);
  problems.push(...mutualModules(graph));
  if (graph['worker.ts']) problems.push(...httpReachedFrom(graph, 'worker.ts'));
  for (const [file, deps] of Object.entries(graph)) {
    for (const dep of deps) {
      const problem = internalsImport(file, dep);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
