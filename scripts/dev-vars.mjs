// What `npm run dev` and `npm start` pass from their environment to the Worker (decision 034).
// The local Worker reads its variables from .dev.vars (dev: the project's; start: the build's,
// build/server/.dev.vars), not from the shell, so the scripts write the variables a developer set
// into one block of that file, rewritten on every run: a variable unset since the last run is
// gone from it, and whatever else the file holds (JWT_SECRET, hand-written lines) stays as it is.

/** The Worker's settings a developer may give the scripts in the environment. */
export const PASSED_VARS = ["MAIL_API_URL", "MAIL_API_KEY", "MAIL_FROM", "APP_URL", "RATES_PROVIDER_URL", "RATES_HISTORY_URL"];

const BEGIN = "# --- from the environment of npm run dev / npm start (scripts/dev-vars.mjs); rewritten on each run ---";
const END = "# --- end of the variables from the environment ---";

/**
 * The file's text with the block of passed variables replaced. `env` is the scripts' environment;
 * `appUrl` is the APP_URL to use when neither the environment nor the rest of the file has one
 * (the local server's own address, so a printed link opens it).
 */
export function withPassedVars(current, env, { appUrl } = {}) {
  const lines = current.split("\n");
  const kept = [];
  let inBlock = false;
  for (const line of lines) {
    if (line === BEGIN) inBlock = true;
    else if (line === END) inBlock = false;
    else if (!inBlock) kept.push(line);
  }
  const passed = PASSED_VARS.filter((name) => typeof env[name] === "string" && env[name].trim() !== "").map((name) => [name, env[name].trim()]);
  const setHere = new Set(passed.map(([name]) => name));
  // A variable from the environment wins over the same one written by hand.
  const rest = kept.filter((line) => !setHere.has(/^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1] ?? ""));
  if (appUrl && !setHere.has("APP_URL") && !rest.some((line) => /^\s*APP_URL\s*=/.test(line))) passed.push(["APP_URL", appUrl]);
  // No transport configured: print each message in the terminal (a deployment never does).
  if (!rest.some((line) => /^\s*MAIL_CONSOLE\s*=/.test(line))) passed.push(["MAIL_CONSOLE", "1"]);
  while (rest.length > 0 && rest.at(-1) === "") rest.pop();
  const block = passed.length > 0 ? [BEGIN, ...passed.map(([name, value]) => `${name}=${quote(value)}`), END] : [];
  const text = [...rest, ...block].join("\n");
  return text ? `${text}\n` : "";
}

/** dotenv's quoting: double quotes unless the value holds one (then single). */
function quote(value) {
  if (/^[A-Za-z0-9_:/.@+-]*$/.test(value)) return value;
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}
