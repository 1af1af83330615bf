import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/context.server";
import { csrfRefusal, isCrossSiteWrite } from "~/middleware/csrf";
import { checkRequestBody } from "~/middleware/request-body";
import { jobFor } from "./jobs";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const response = await handle(request, env, ctx);
    // An answer given without reading the body (a refused write, an unknown /api path) leaves
    // the rest of the body on the connection; locally the dev proxy in front of workerd then
    // fails the next request on it with a 500 naming our files. Read it to the end before
    // answering (decision 008).
    if (request.body && !request.bodyUsed) await discard(request.body);
    return response;
  },
  // A cron trigger of wrangler.jsonc runs its job from the table in workers/jobs.ts (the
  // exchange-rate refresh, ARCHITECTURE.md 4). waitUntil keeps the Worker alive until the job
  // has finished (for the refresh: written its rates and recorded the run). A cron with no job
  // (the config changed without the table) is logged and runs nothing.
  async scheduled(controller, env, ctx) {
    const job = jobFor(controller.cron);
    if (!job) {
      console.warn(`scheduled: no job for the cron "${controller.cron}"; nothing ran`);
      return;
    }
    ctx.waitUntil(job.run(env, { now: new Date(controller.scheduledTime) }));
  },
} satisfies ExportedHandler<Env>;

async function handle(request: Request, env: Env, ctx: ExecutionContext) {
  // Checked here as well as in the root middleware: React Router's own origin check
  // would otherwise answer a foreign Origin with 400 before any middleware runs.
  if (isCrossSiteWrite(request)) return csrfRefusal(request);
  // Decision 013: the body size limit and the form-only rule for web writes, before any action reads a body.
  const checked = await checkRequestBody(request);
  if (checked instanceof Response) return checked;
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx });
  return requestHandler(checked, context);
}

async function discard(body: ReadableStream) {
  try {
    await body.pipeTo(new WritableStream());
  } catch {
    // The client went away: nothing left to read.
  }
}
