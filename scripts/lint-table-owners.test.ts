import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { tableOwnerProblems, tableOwners } from "./lint-table-owners.mjs";

const root = new URL("..", import.meta.url).pathname;

test("a feature importing another feature's table from the schema is a problem that names the owner's door", () => {
  const problems = tableOwnerProblems(
    "app/features/categories/queries.server.ts",
    `import { and, eq } from "drizzle-orm";\nimport { budgets, categories } from "~/platform/db/schema";\n`,
  );
  expect(problems).toEqual([
    { file: "app/features/categories/queries.server.ts", line: 2, rule: "table-owners", message: "imports the table budgets, owned by app/features/budgets; read and write it through app/features/budgets/queries.server.ts or commands.server.ts" },
  ]);
});

test("a feature writing the activity log or auth's throttle buckets through the schema is a problem, aliased or on several lines", () => {
  const problems = tableOwnerProblems(
    "app/features/accounts/commands.server.ts",
    `import {\n  users,\n  throttleBuckets as buckets,\n} from "../../platform/db/schema";\nimport { activityLog } from "~/platform/db/schema";\n`,
  );
  expect(problems).toEqual([
    { file: "app/features/accounts/commands.server.ts", line: 1, rule: "table-owners", message: "imports the table throttleBuckets, owned by app/auth; read and write it through app/auth/" },
    { file: "app/features/accounts/commands.server.ts", line: 5, rule: "table-owners", message: "imports the table activityLog, owned by app/platform/db; read and write it through app/platform/db/" },
  ]);
});

test("a feature naming another owner's table in raw SQL is a problem; its own tables and a comment are not", () => {
  const problems = tableOwnerProblems(
    "app/features/categories/commands.server.ts",
    [
      "// Refused while transactions use it: read from transactions through their queries.",
      "const used = sql`exists (select 1 from transactions where user_id = ${userId})`;",
      "const own = sql`select id from categories where id = ${id}`;",
      "const log = sql`INSERT INTO activity_log select 1`;",
    ].join("\n"),
  );
  expect(problems).toEqual([
    { file: "app/features/categories/commands.server.ts", line: 2, rule: "table-owners", message: "names the table transactions in SQL, owned by app/features/transactions; read and write it through app/features/transactions/queries.server.ts or commands.server.ts" },
    { file: "app/features/categories/commands.server.ts", line: 4, rule: "table-owners", message: "names the table activity_log in SQL, owned by app/platform/db; read and write it through app/platform/db/" },
  ]);
});

test("a feature's own tables, a type-only import and a test file are not problems", () => {
  expect(tableOwnerProblems("app/features/budgets/queries.server.ts", `import { budgets } from "~/platform/db/schema";`)).toEqual([]);
  expect(tableOwnerProblems("app/features/accounts/commands.server.ts", `import type { User } from "~/platform/db/schema";`)).toEqual([]);
  expect(tableOwnerProblems("app/features/goals/queries.server.ts", `import { type User, goalEntries } from "~/platform/db/schema";`)).toEqual([]);
  expect(tableOwnerProblems("app/features/budgets/commands.server.test.ts", `import { activityLog, transactions } from "~/platform/db/schema";`)).toEqual([]);
  expect(tableOwnerProblems("app/routes/dashboard/index.tsx", `import { transactions } from "~/platform/db/schema";`)).toEqual([]);
});

test("every table the schema declares has an owner", () => {
  const schema = readFileSync(join(root, "app/platform/db/schema.ts"), "utf8");
  const declared = [...schema.matchAll(/^export const (\w+) = sqliteTable\(/gm)].map((m) => m[1]);
  expect(declared.length).toBeGreaterThan(0);
  expect(declared.filter((table) => !(table in tableOwners))).toEqual([]);
});

test("no feature in the app touches another's tables through the schema", () => {
  const problems: unknown[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) problems.push(...tableOwnerProblems(relative(root, path), readFileSync(path, "utf8")));
    }
  };
  walk(join(root, "app/features"));
  expect(problems).toEqual([]);
});
