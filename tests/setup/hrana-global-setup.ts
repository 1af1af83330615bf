import type { TestProject } from "vitest/node";
import { startHranaServer } from "../fakes/hrana-server.ts";

// Runs in Node before the libSQL run of the integration tests (vitest.libsql.config.ts): starts
// the libSQL test server on loopback and hands its address to the Worker (TURSO_DATABASE_URL).

declare module "vitest" {
  export interface ProvidedContext {
    /** The libSQL test server's address, http://127.0.0.1:<port>. */
    libsqlUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startHranaServer();
  project.provide("libsqlUrl", server.url);
  return () => server.close();
}
