// Project lint: the rules TypeScript cannot check for us.
//
// Why not oxlint, Biome or ESLint: the registry this project installs from
// lacks the non-Linux platform packages of oxlint and Biome, so `npm ci`
// refuses their lockfile entries, and typescript-eslint does not support
// TypeScript 7. Unused code, fall-through and implicit returns are compile
// errors in tsconfig (`npm run typecheck`); this script covers the rest.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const roots = ["app", "workers", "tests", "scripts"];
const exts = /\.(ts|tsx|mjs|js)$/;

/** Each rule: where it applies, what it forbids, and why (printed on failure). */
const rules = [
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
    why: "parse money with app/domain/money.ts, never as a float",
  },
];

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (exts.test(name)) yield path;
  }
}

const problems = [];
let files = 0;
for (const top of roots) {
  for (const path of walk(join(root, top))) {
    files++;
    const file = relative(root, path);
    const lines = readFileSync(path, "utf8").split("\n");
    for (const rule of rules) {
      if (!rule.applies(file)) continue;
      lines.forEach((line, i) => {
        if (line.includes(`lint-ignore ${rule.name}`)) return;
        if (i > 0 && lines[i - 1].includes(`lint-ignore-next-line ${rule.name}`)) return;
        if (rule.pattern.test(line)) problems.push(`${file}:${i + 1}  ${rule.name}: ${rule.why}`);
      });
    }
  }
}

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} problem(s) in ${files} files`);
  process.exit(1);
}
console.log(`lint: ${files} files, no problems`);
