import { workersProject } from "./vitest.workers.config.ts";

// The integration tests a second time, with the Worker on libSQL over HTTP instead of D1.
export default workersProject({ libsql: true });
