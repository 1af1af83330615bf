// Project lint: the rules TypeScript cannot check for us.
//
// Why not oxlint, Biome or ESLint: the registry this project installs from
// lacks the non-Linux platform packages of oxlint and Biome, so `npm ci`
// refuses their lockfile entries, and typescript-eslint does not support
// TypeScript 7. Unused code, fall-through and implicit returns are compile
// errors in tsconfig (`npm run typecheck`); this script covers the rest.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { tableOwnerProblems } from "./lint-table-owners.mjs";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const roots = ["app", "workers", "tests", "scripts"];
const exts = /\.(ts|tsx|mjs|js)$/;
// One violating file per rule (scripts/lint.test.ts lints each folder on its own); the real run skips them.
const fixtures = "tests/lint-fixtures";

/** Each rule: where it applies, what it forbids, and why (printed on failure). */
export const rules = [
  {
    name: "no-focused-tests",
    applies: (f) => /\.(test|spec)\.tsx?$/.test(f),
    pattern: /\b(it|test|describe)\.only\(/,
    why: "a focused test silently skips the rest of the suite",
  },
  {
    name: "no-console-log",
    applies: (f) => f.startsWith("app/") || f.startsWith("workers/"),
    pattern: /\bconsole\.log\(/,
    why: "use console.error/console.warn for operational messages; stray logs leak data",
  },
  {
    name: "no-third-party-hosts",
    // Pages must not load anything from other hosts (fonts, images, scripts).
    applies: (f) => f.startsWith("app/") && !f.includes(".test."),
    pattern: /\b(src|href)=["'{`]+https?:\/\/(?!localhost|127\.0\.0\.1)/,
    why: "pages may only load assets we serve ourselves",
  },
  {
    name: "no-debugger",
    applies: () => true,
    pattern: /^\s*debugger;?\s*$/m,
    why: "leftover debugger statement",
  },
  {
    name: "no-float-money",
    // Money is integers in minor units; parseFloat/toFixed on amounts is how floats sneak in.
    applies: (f) => f.startsWith("app/") && !f.includes(".test."),
    pattern: /\b(parseFloat|Number\.parseFloat)\(/,
    why: "parse money with app/money/amounts.ts, never as a float",
  },
  {
    name: "card-chrome-in-card",
    applies: (f) => f.startsWith("app/") && f !== "app/components/card.tsx" && !f.includes(".test."),
    pattern: /\brounded-xl border border-slate-200 bg-white\b/,
    why: "a card's surface is written once: use Card, or cardClass for a form, link or box (app/components/card.tsx)",
  },
  {
    name: "page-title-in-page-header",
    // The landing page's hero headline is a marketing design of its own, not an app page's title.
    applies: (f) => /^app\/(routes|features\/[^/]+\/ui)\//.test(f) && !/^app\/(routes|features)\/landing\//.test(f) && !f.includes(".test."),
    pattern: /<h1\b/,
    why: "a page's title block is PageHeader (app/components/page-header.tsx), so every page's h1 looks and is found alike",
  },
];

// Import directions (CONVENTIONS.md "Layout: a folder is a feature"). Each rule names the
// files it governs and a test on the app-relative module an import resolves to; a module
// outside app/ (a package) is `null`, so `pkg` sees the bare specifier instead.
// auth/password-limit.ts is one constant with no imports, shared by the account schemas
// (pure) and the password hashing (which plain-Node seed scripts load), so it counts as pure.
// A feature's model (model.ts, or model/<topic>.ts) is its types and rules without zod, so a page
// can import it; its schemas (schemas.ts or schemas/<topic>.ts) are the zod forms (see below).
const isModel = (f) => /^app\/features\/[^/]+\/model(\.ts|\/[^/]+\.ts)$/.test(f);
const isSchemas = (f) => /^app\/features\/[^/]+\/schemas(\.ts|\/[^/]+\.ts)$/.test(f);
const isPure = (f) => /^app\/(money|calendar|text)\//.test(f) || isModel(f) || isSchemas(f) || f === "app/auth/password-limit.ts";
// The tree being linted: set by each lint() call (the project, or one fixture folder).
let run = { root: projectRoot, appFiles: new Set(), zodImporters: new Map() };
const importsZod = (f) => {
  const { root, zodImporters } = run;
  if (!zodImporters.has(f)) zodImporters.set(f, existsSync(join(root, f)) && /\bfrom\s+["']zod["']/.test(readFileSync(join(root, f), "utf8")));
  return zodImporters.get(f);
};
const featureOf = (f) => f.match(/^app\/features\/([^/]+)\//)?.[1];
export const directions = [
  {
    name: "model-without-schemas",
    applies: (f) => isModel(f) && !f.includes(".test."),
    forbids: (target, pkg, _file, typeOnly) =>
      (pkg !== null && /^(zod|@conform-to\/zod)/.test(pkg)) || (!typeOnly && target !== null && isSchemas(target)),
    why: "a feature's model (model.ts or model/) carries no schemas (no zod, nothing from schemas.ts but types), so a page downloads zod only when a form is first used",
  },
  {
    // Conform's zod adapter and a schema module reach a page only through the dynamic import of
    // validationLoader (components/use-lazy-validation.ts), on the form's first focus.
    name: "schemas-load-with-the-form",
    applies: (f) => /^app\/(features\/[^/]+\/ui|components)\//.test(f) && !/\.(server|test)\./.test(f),
    forbids: (target, pkg, _file, typeOnly, dynamic) =>
      !typeOnly && !dynamic && ((pkg !== null && /^(zod|@conform-to\/zod)/.test(pkg)) || (target !== null && importsZod(target))),
    why: "a page's components import constants from the feature's model.ts and load a schema with validationLoader, so zod is downloaded only when a form is used",
  },
  {
    // Pages, loaders, actions and the API translate with locales/translator.ts (decision 021):
    // i18next is not imported anywhere, and remix-i18next only by the language middleware, which
    // uses it to detect the language.
    name: "one-translator",
    applies: (f) => f.startsWith("app/") && !f.includes(".test."),
    forbids: (_target, pkg, file, typeOnly) =>
      !typeOnly && pkg !== null && (/^(i18next|react-i18next)$/.test(pkg) || (pkg === "remix-i18next" && file !== "app/middleware/i18n.ts")),
    why: "translate with useTranslation (components) or translatorFor(context) (server); remix-i18next only detects the language, in middleware/i18n.ts",
  },
  {
    // A type-only import is erased from the build, so it loads nothing (a resolver's input type).
    name: "pure-kernel",
    applies: (f) => isPure(f) && !f.includes(".test."),
    forbids: (target, pkg, _file, typeOnly) =>
      (!typeOnly && target !== null && (target.includes(".server") || !isPure(target))) ||
      (pkg !== null && /^(react|react-dom|react-router|@conform-to\/react|drizzle-orm|cloudflare:|node:)/.test(pkg)),
    why: "money/, calendar/, text/ and every feature's model and schemas are pure: no I/O, no React, nothing server-side, only other pure modules",
  },
  {
    name: "feature-services-as-arguments",
    applies: (f) => f.startsWith("app/features/"),
    forbids: (target) => target !== null && /^app\/(routes|middleware)\/|^app\/context\.server\.ts$/.test(target),
    why: "a feature never imports routes or middleware and gets its services (db, env, locale) as arguments, not from context",
  },
  {
    // A feature or one of its jobs (features/<name>/jobs/) may write another's data through that
    // feature's commands.server.ts: schedules and imports create transactions through the
    // transactions feature's door, not a second write path (decision 014).
    name: "feature-uses-another-through-queries-or-commands",
    applies: (f) => f.startsWith("app/features/") && !f.includes(".test."),
    forbids: (target, _pkg, file) => {
      const other = target && featureOf(target);
      if (!other || other === featureOf(file)) return false;
      return !/^app\/features\/[^/]+\/(queries\.server|queries\/[^/]+\.server|commands\.server|model|model\/[^/]+)\.ts$/.test(target);
    },
    why: "a feature (or its job) reads another only through its queries (queries.server.ts or queries/) or model (model.ts or model/) and writes another's data only through its commands.server.ts",
  },
  {
    name: "routes-write-through-commands",
    applies: (f) => f.startsWith("app/routes/"),
    // A type-only import (the Actor a command takes) cannot write, so it is allowed.
    forbids: (target, pkg, _file, typeOnly) =>
      !typeOnly && (pkg === "drizzle-orm" || (target !== null && /^app\/platform\/db\/(schema|activity\.server)\.ts$/.test(target))),
    why: "a route writes only by calling a feature's commands.server.ts (no tables, SQL or activity entries of its own)",
  },
  {
    name: "auth-is-identity-only",
    applies: (f) => f.startsWith("app/auth/"),
    forbids: (target) => target !== null && /^app\/(features|routes|middleware|platform\/http)\//.test(target),
    why: "auth/ holds identity primitives: it imports no feature, route, middleware or HTTP layer (no folder cycles)",
  },
  {
    // Cross-feature UI sits below the features: a component that needs a feature's rules moves
    // into that feature's ui/, or what it needs moves down to it.
    name: "components-below-features",
    applies: (f) => f.startsWith("app/components/") && !f.includes(".test."),
    forbids: (target) => target !== null && /^app\/(features|routes|middleware)\//.test(target),
    why: "components/ is cross-feature UI below the features: it imports no feature, route or middleware (no folder cycles)",
  },
  {
    name: "platform-below-features",
    applies: (f) => f.startsWith("app/platform/") && !f.includes(".test."),
    forbids: (target) => target !== null && /^app\/(features|routes|middleware)\//.test(target),
    why: "platform/ is the infrastructure features and middleware build on; it imports no feature, route or middleware (no folder cycles: middleware reads the API's envelope and paths from platform/http)",
  },
];

// The file kinds of a feature (decision 014): a newcomer finds a feature's reads, writes, rules and
// forms by name. A kind grows into a folder of topics (model/<topic>.ts) when one file is too much,
// never both. Tests sit beside what they test.
export const vocabularyRule = "feature-file-vocabulary";
const vocabulary = [
  /^(model|schemas|errors|api)\.ts$/,
  /^(queries|commands|page)\.server\.ts$/,
  /^(model|schemas)\/[^/]+\.ts$/,
  /^(queries|commands)\/[^/]+\.server\.ts$/,
  /^(jobs|ui)\/.+\.tsx?$/,
];
function vocabularyProblems(files) {
  const problems = [];
  for (const file of files) {
    const m = file.match(/^app\/features\/([^/]+)\/(.+)$/);
    if (!m) continue;
    const [, feature, rest] = m;
    const test = rest.match(/^(.*\/)?[^/]+\.test\.tsx?$/);
    if (test ? !/^((model|schemas|queries|commands|jobs|ui)\/.*)?$/.test(test[1] ?? "") : !vocabulary.some((kind) => kind.test(rest)))
      problems.push({ file, line: 1, rule: vocabularyRule, message: `${rest} is not a kind of feature file: model.ts, schemas.ts, queries.server.ts, commands.server.ts, page.server.ts, errors.ts, api.ts, jobs/, ui/ (docs/adding-a-feature.md)` });
    const kind = rest.match(/^(model|schemas|queries|commands)\//)?.[1];
    const single = kind && `app/features/${feature}/${kind}${kind === "queries" || kind === "commands" ? ".server" : ""}.ts`;
    if (single && files.has(single))
      problems.push({ file, line: 1, rule: vocabularyRule, message: `${single} and the folder ${kind}/ both exist; a kind is one file or one folder of topics` });
  }
  return problems;
}

// No folder cycles: the folders of app/ import each other one way. A feature counts as its kinds
// (features/<name>/model, …/queries, …/commands, …), so categories' commands may ask transactions'
// queries while transactions' queries read categories' queries; a cycle between two features'
// models (rates ↔ transactions through a re-export) or two layers (platform/http ↔ middleware) is
// refused. A type-only import loads nothing and does not count; tests do not count.
export const cycleRule = "no-folder-cycles";
// Import edges that close a cycle on purpose, each with its way out.
const cycleAllowed = new Set([
  // A restored posted transaction links its occurrence again (decision 035): the one write of
  // recurring_occurrences that the transactions' restore batch needs, through recurring's door,
  // while recurring's commands post through transactions' door. Way out: the occurrence's link is
  // read from the transaction's own (recurring_id, occurrence_date), and the column goes.
  "app/features/transactions/commands.server.ts -> app/features/recurring/commands.server.ts",
]);
function folderOf(file) {
  const feature = file.match(/^app\/features\/([^/]+)\/([^/.]+)/);
  if (feature) return `features/${feature[1]}/${feature[2]}`;
  const nested = file.match(/^app\/(platform)\/([^/]+)\//);
  if (nested) return `${nested[1]}/${nested[2]}`;
  return file.match(/^app\/([^/]+)\//)?.[1] ?? file;
}
function cycleProblems(imports) {
  const graph = new Map();
  for (const edge of imports) {
    if (cycleAllowed.has(`${edge.file} -> ${edge.target}`)) continue;
    const [a, b] = [folderOf(edge.file), folderOf(edge.target)];
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a).add(b);
  }
  // Tarjan's strongly connected components: two folders in one component import each other.
  const component = new Map();
  const index = new Map();
  const low = new Map();
  const stack = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (!component.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const members = [];
      let w;
      do {
        w = stack.pop();
        members.push(w);
      } while (w !== v);
      for (const m of members) component.set(m, members);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  const way = (from, to, members) => {
    const seen = new Map([[from, null]]);
    const queue = [from];
    while (queue.length) {
      const v = queue.shift();
      if (v === to) break;
      for (const w of graph.get(v) ?? []) if (members.includes(w) && !seen.has(w)) seen.set(w, v), queue.push(w);
    }
    const path = [];
    for (let v = to; v !== null && v !== undefined; v = seen.get(v)) path.unshift(v);
    return path;
  };
  const problems = [];
  for (const edge of imports) {
    if (cycleAllowed.has(`${edge.file} -> ${edge.target}`)) continue;
    const [a, b] = [folderOf(edge.file), folderOf(edge.target)];
    const members = component.get(a);
    if (a === b || !members || members.length < 2 || !members.includes(b)) continue;
    problems.push({ file: edge.file, line: edge.line, rule: cycleRule, message: `imports ${edge.spec}, a folder cycle: ${[a, ...way(b, a, members)].join(" → ")}; one of them must not import the other` });
  }
  return problems;
}

function resolveImport(file, spec) {
  let base;
  if (spec.startsWith("~/")) base = `app/${spec.slice(2)}`;
  else if (spec.startsWith(".")) base = posix.normalize(posix.join(dirname(file), spec));
  else return undefined;
  base = base.replace(/\.(tsx?|mjs|js)$/, "");
  for (const ext of [".ts", ".tsx", "/index.ts", "/index.tsx", ".mjs", ".js"]) if (run.appFiles.has(base + ext)) return base + ext;
  return base;
}
const importPattern = /^\s*(?:import|export)\b[^"'`;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

function* walk(root, dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (relative(root, path).split("\\").join("/") === fixtures) continue;
    if (statSync(path).isDirectory()) yield* walk(root, path);
    else if (exts.test(name)) yield path;
  }
}

/**
 * Lints every file under `root`'s app/, workers/, tests/ and scripts/ (the project by default).
 * Each problem names its file (relative to root, with slashes), line and rule.
 */
export function lint(root = projectRoot) {
  run = { root, appFiles: new Set(), zodImporters: new Map() };
  const problems = [];
  const imports = [];
  let files = 0;
  for (const path of walk(root, join(root, "app"))) run.appFiles.add(relative(root, path));
  for (const top of roots) {
    for (const path of walk(root, join(root, top))) {
      files++;
      const file = relative(root, path);
      const lines = readFileSync(path, "utf8").split("\n");
      for (const rule of rules) {
        if (!rule.applies(file)) continue;
        lines.forEach((line, i) => {
          if (line.includes(`lint-ignore ${rule.name}`)) return;
          if (i > 0 && lines[i - 1].includes(`lint-ignore-next-line ${rule.name}`)) return;
          if (rule.pattern.test(line)) problems.push({ file, line: i + 1, rule: rule.name, message: rule.why });
        });
      }
      const text = lines.join("\n");
      problems.push(...tableOwnerProblems(file, text));
      for (const match of text.matchAll(importPattern)) {
        const spec = match[1] ?? match[2] ?? match[3];
        const resolved = resolveImport(file, spec);
        const target = resolved === undefined ? null : resolved;
        const pkg = resolved === undefined ? spec : null;
        const line = text.slice(0, match.index).split("\n").length + (match[0].startsWith("\n") ? 1 : 0);
        // `import type { … }` or `import { type A, type B }`: nothing is loaded.
        const braces = match[0].match(/\{([^}]*)\}/)?.[1];
        const typeOnly =
          /^\s*(import|export)\s+type\b/.test(match[0]) ||
          (braces !== undefined && /^\s*import\s*\{/.test(match[0]) && braces.split(",").every((e) => e.trim() === "" || /^type\s/.test(e.trim())) && braces.trim() !== "");
        if (file.startsWith("app/") && !/\.(test|spec)\./.test(file) && target !== null && run.appFiles.has(target) && !typeOnly && match[3] === undefined)
          imports.push({ file, line, spec, target });
        for (const rule of directions) {
          if (!rule.applies(file) || !rule.forbids(target, pkg, file, typeOnly, match[3] !== undefined)) continue;
          problems.push({ file, line, rule: rule.name, message: `imports ${spec}; ${rule.why}` });
        }
      }
    }
  }
  problems.push(...vocabularyProblems(run.appFiles), ...cycleProblems(imports));
  return { files, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files, problems } = lint();
  if (problems.length) {
    console.error(problems.map((p) => `${p.file}:${p.line}  ${p.rule}: ${p.message}`).join("\n"));
    console.error(`\n${problems.length} problem(s) in ${files} files`);
    process.exit(1);
  }
  console.log(`lint: ${files} files, no problems`);
}
